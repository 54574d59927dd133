/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * A minimal TAP 13 producer for the unit tests: one "ok"/"not ok" line per
 * case, "#" diagnostics before it, the plan at the end.
 */
#ifndef _UNIT_TAP_H
#define _UNIT_TAP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned int tap_n, tap_failed;

static inline void tap_start(void)
{
	printf("TAP version 13\n");
}

static inline void tap_diag(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
static inline void tap_diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
}

static inline bool tap_result(bool pass, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline bool tap_result(bool pass, const char *fmt, ...)
{
	va_list ap;

	tap_n++;
	if (!pass)
		tap_failed++;
	printf("%s %u - ", pass ? "ok" : "not ok", tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	fflush(stdout);
	return pass;
}

/*
 * Expected and actual bytes, 16 a line, "^^" under each byte that differs.
 * Layouts longer than 48 bytes show only the lines that differ.
 */
static inline void tap_hexdiff(const void *expected, const void *actual,
			       size_t len)
{
	const unsigned char *e = expected, *a = actual;
	size_t off, i;

	for (off = 0; off < len; off += 16) {
		size_t n = len - off < 16 ? len - off : 16;
		bool diff = memcmp(e + off, a + off, n) != 0;

		if (!diff && len > 48)
			continue;
		printf("# %04zx expected:", off);
		for (i = 0; i < n; i++)
			printf(" %02x", e[off + i]);
		printf("\n# %04zx actual:  ", off);
		for (i = 0; i < n; i++)
			printf(" %02x", a[off + i]);
		fputc('\n', stdout);
		if (!diff)
			continue;
		while (e[off + n - 1] == a[off + n - 1])
			n--;
		printf("#                ");
		for (i = 0; i < n; i++)
			printf(" %s", e[off + i] != a[off + i] ? "^^" : "  ");
		fputc('\n', stdout);
	}
}

/* The len bytes are the expected ones; else tap_hexdiff() shows them. */
static inline bool tap_same_bytes(const void *expected, const void *actual,
				  size_t len)
{
	if (!memcmp(expected, actual, len))
		return true;
	tap_hexdiff(expected, actual, len);
	return false;
}

static inline int tap_end(void)
{
	printf("1..%u\n", tap_n);
	if (tap_failed)
		tap_diag("%u of %u failed", tap_failed, tap_n);
	return tap_failed ? 1 : 0;
}

#endif /* _UNIT_TAP_H */
