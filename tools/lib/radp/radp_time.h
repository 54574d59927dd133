/* SPDX-License-Identifier: GPL-2.0 */
/* Times as adpctl and the lint engine write them. */
#ifndef RADP_TIME_H
#define RADP_TIME_H

#include <stddef.h>
#include <stdint.h>

/*
 * Times.  adp_fmt_time() prints v, given in unit (ADP_UNIT_NS or
 * ADP_UNIT_US), in the largest of ns, us, ms and s that keeps a whole
 * part, with at most 3 decimals and no trailing zeros: "4us", "1.5ms",
 * "2.097s".
 */
enum adp_unit {
	ADP_UNIT_NS,
	ADP_UNIT_US,
	ADP_UNIT_MS,
	ADP_UNIT_S,
};

const char *adp_fmt_time(char *buf, size_t len, uint64_t v,
			 enum adp_unit unit);
/*
 * ns exactly, never rounded: in the largest of s, ms and us that needs at
 * most 3 decimals for it, below 1us in ns: "1500.5us", "2ms", "999ns".
 */
const char *adp_fmt_time_exact(char *buf, size_t len, uint64_t ns);
/*
 * A time in ns, as adpctl prints one: "0", "infinite" for ADP_TIME_NEVER,
 * else adp_fmt_time(); buf holds ADP_TIME_LEN bytes.
 */
#define ADP_TIME_NEVER	UINT64_MAX
#define ADP_TIME_LEN	32
const char *adp_fmt_ns(char *buf, uint64_t v);
/*
 * time_base << shift of a profile, in time_unit: a time for microseconds,
 * "BASE<<SHIFT" for units this adpctl does not know, and a rounded
 * "1.845e+19s" when the value is past 64 bits of microseconds.
 */
const char *adp_fmt_shift(char *buf, size_t len, uint32_t base,
			  uint32_t shift, uint32_t time_unit);

/*
 * A time as the words give one, in ns: "30ms", "1.5ms", "100us", "250ns",
 * "2s", a bare number being us.  0, or -EINVAL for anything else (a sign,
 * hex, a time past 1e18 ns).
 */
int adp_time_parse(const char *word, uint64_t *ns);

#endif /* RADP_TIME_H */
