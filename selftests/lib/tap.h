/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * The TAP of every C test program that writes its own (the unit tests,
 * adpctl's runner, the guest programs not written with
 * kselftest_harness.h): one "ok"/"not ok" line per case, numbered here,
 * "#" diagnostics, a skip with its reason, the plan first (tap_plan())
 * or last (tap_end()). Nothing else prints "ok" or a plan.
 */
#ifndef _RADP_TAP_H
#define _RADP_TAP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tap_counts {
	unsigned int n;		/* cases so far */
	unsigned int failed;
	unsigned int skipped;
	bool planned;		/* tap_plan() printed the plan */
};

/* This program's counts (one per program: only its main file prints). */
static inline struct tap_counts *tap_counts(void)
{
	static struct tap_counts counts;

	return &counts;
}

static inline void tap_start(void)
{
	printf("TAP version 13\n");
}

/* The plan, when known before the cases. */
static inline void tap_plan(unsigned int n)
{
	printf("1..%u\n", n);
	tap_counts()->planned = true;
}

static inline void tap_vdiag(const char *fmt, va_list ap)
{
	fputs("# ", stdout);
	vprintf(fmt, ap);
	fputc('\n', stdout);
}

/* A diagnostic line: "# " and @fmt, without its newline. */
static inline void tap_diag(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
static inline void tap_diag(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vdiag(fmt, ap);
	va_end(ap);
}

static inline void tap_vresult(bool pass, const char *skip, const char *fmt,
			       va_list ap)
{
	struct tap_counts *c = tap_counts();

	c->n++;
	c->failed += !pass;
	c->skipped += pass && skip;
	printf("%s %u - ", pass ? "ok" : "not ok", c->n);
	vprintf(fmt, ap);
	if (pass && skip)
		printf(" # SKIP %s", skip);
	fputc('\n', stdout);
	fflush(stdout);
}

/* A case named @fmt, passed if @pass; returns @pass. */
static inline bool tap_result(bool pass, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline bool tap_result(bool pass, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vresult(pass, NULL, fmt, ap);
	va_end(ap);
	return pass;
}

/*
 * A case that cannot run here, and @why: only for what the machine lacks
 * (tools/check fails a skip without a reason).
 */
static inline void tap_skip(const char *why, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline void tap_skip(const char *why, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vresult(true, why, fmt, ap);
	va_end(ap);
}

/* The program cannot go on: "Bail out!" and why; 1, for main()'s return. */
static inline int tap_bail(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
static inline int tap_bail(const char *fmt, ...)
{
	va_list ap;

	fputs("Bail out! ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	fflush(stdout);
	return 1;
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

/*
 * The plan, unless tap_plan() printed it, and the totals; main()'s exit
 * status: 1 if a case failed.
 */
static inline int tap_end(void)
{
	struct tap_counts *c = tap_counts();

	if (!c->planned)
		printf("1..%u\n", c->n);
	printf("# Totals: pass:%u fail:%u skip:%u\n",
	       c->n - c->failed - c->skipped, c->failed, c->skipped);
	fflush(stdout);
	return c->failed ? 1 : 0;
}

#endif /* _RADP_TAP_H */
