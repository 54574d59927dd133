// SPDX-License-Identifier: GPL-2.0
/*
 * The histogram's bins and units (tools/lib/radp/radp_bins.c) against
 * edges computed by hand from Documentation/histogram.rst: bin 0 is
 * [0, W0], bin i (lo, hi], the last bin has no upper edge.  TAP.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "radp_bins.h"
#include "tap.h"

#define INF		ADP_HIST_INF

static uint64_t hi[ADP_HIST_BINS_MAX];
static char msg[256];

/* cfg gives exactly the edges want[0..n-1]. */
static bool edges_are(const struct adp_hist_cfg *cfg, const uint64_t *want,
		      uint32_t n)
{
	uint32_t i;
	int ret;

	memset(hi, 0xaa, sizeof(hi));
	ret = adp_hist_edges(cfg, hi, ADP_HIST_BINS_MAX, msg, sizeof(msg));
	if (ret) {
		printf("# refused (%d): %s\n", ret, msg);
		return false;
	}
	for (i = 0; i < n; i++)
		if (hi[i] != want[i]) {
			printf("# bin %u: upper edge %llu, want %llu\n", i,
			       (unsigned long long)hi[i],
			       (unsigned long long)want[i]);
			return false;
		}
	return true;
}

/* A layout and the upper edges of its bin_num bins, computed by hand. */
static const struct {
	struct adp_hist_cfg c;
	uint64_t want[ADP_HIST_BINS_MAX];
} layouts[] = {
	/* 5 bins fixed, 8 us then 2 us: 8, 10, 12, 14 us, +Inf. */
	{ { .bin_num = 5, .time_unit = 1, .mode = ADP_HIST_FIXED,
	    .bin0_width = 8, .bin1_width = 2 },
	  { 8000, 10000, 12000, 14000, INF } },
	/* 6 bins double, 1 ms then 1 ms: 1, 2, 4, 8, 16 ms, +Inf. */
	{ { .bin_num = 6, .time_unit = 3, .mode = ADP_HIST_DOUBLE,
	    .bin0_width = 1, .bin1_width = 1 },
	  { 1000000, 2000000, 4000000, 8000000, 16000000, INF } },
	/* Double, 3 x 100 us then 5 x 100 us: 300, 800, 1800, 3800 us, +Inf. */
	{ { .bin_num = 5, .time_unit = 2, .mode = ADP_HIST_DOUBLE,
	    .bin0_width = 3, .bin1_width = 5 },
	  { 300000, 800000, 1800000, 3800000, INF } },
};

#define LAYOUT(i)						\
	static bool layout_##i(void)				\
	{							\
		return edges_are(&layouts[i].c, layouts[i].want,	\
				 layouts[i].c.bin_num);		\
	}
LAYOUT(0) LAYOUT(1) LAYOUT(2)

/* One bin counts everything; bin1_width 0 is fine then. */
static bool one_bin(void)
{
	const struct adp_hist_cfg c = { .bin_num = 1, .time_unit = 0,
		.bin0_width = 7 };
	const uint64_t want[] = { INF };

	return edges_are(&c, want, 1) && adp_hist_bin_of(hi, 1, 0) == 0 &&
	       adp_hist_bin_of(hi, 1, 7) == 0 &&
	       adp_hist_bin_of(hi, 1, UINT64_MAX) == 0;
}

/* Upper edges inclusive, lower exclusive, the last bin takes the rest. */
static bool bin_edges_inclusive(void)
{
	const struct adp_hist_cfg c = { .bin_num = 4, .time_unit = 0,
		.mode = ADP_HIST_FIXED, .bin0_width = 10, .bin1_width = 5 };
	/* 10, 15, 20, +Inf */
	static const struct { uint64_t t; uint32_t bin; } v[] = {
		{ 0, 0 }, { 1, 0 }, { 10, 0 }, { 11, 1 }, { 15, 1 }, { 16, 2 },
		{ 20, 2 }, { 21, 3 }, { 1000000, 3 }, { UINT64_MAX, 3 },
	};
	size_t i;

	if (adp_hist_edges(&c, hi, ADP_HIST_BINS_MAX, NULL, 0))
		return false;
	for (i = 0; i < ARRAY_SIZE(v); i++)
		if (adp_hist_bin_of(hi, 4, v[i].t) != v[i].bin) {
			printf("# %llu ns in bin %u, want %u\n",
			       (unsigned long long)v[i].t,
			       adp_hist_bin_of(hi, 4, v[i].t), v[i].bin);
			return false;
		}
	return true;
}

/* Events of "TIMEOUT_NS COUNT" land where the edges say, counts add. */
static bool add_events(void)
{
	const struct adp_hist_cfg c = { .bin_num = 4, .time_unit = 1,
		.mode = ADP_HIST_DOUBLE, .bin0_width = 4, .bin1_width = 4 };
	/* 4, 8, 16 us, +Inf */
	const struct adp_hist_event ev[] = {
		{ 4000, 3 }, { 4001, 1 }, { 8000, 2 }, { 16000, 5 },
		{ 16001, 7 }, { 0, 1 }, { 12000, UINT64_MAX },
	};
	uint64_t count[4] = { 0 }, placed;

	if (adp_hist_edges(&c, hi, ADP_HIST_BINS_MAX, NULL, 0))
		return false;
	placed = adp_hist_add(hi, 4, ev, ARRAY_SIZE(ev), count);
	return count[0] == 4 && count[1] == 3 && count[2] == UINT64_MAX &&
	       count[3] == 7 && placed == UINT64_MAX;
}

/*
 * 255 bins of 65535 ms: fixed ends near 1.7e13 ns; double with both
 * widths 65535 ms puts bin i's upper edge at 65535e6 * 2^i ns: bin 28's
 * fits in 64 bits, bin 29's does not.
 */
static bool limits_64bit(void)
{
	struct adp_hist_cfg c = { .bin_num = 255, .time_unit = 3,
		.mode = ADP_HIST_FIXED, .bin0_width = 0xffff,
		.bin1_width = 0xffff };
	const uint64_t w = 65535000000ULL;
	int ret;

	if (adp_hist_edges(&c, hi, ADP_HIST_BINS_MAX, msg, sizeof(msg)) ||
	    hi[253] != w * 254 || hi[254] != INF)
		return false;
	c.mode = ADP_HIST_DOUBLE;
	/* 2^28 * 65535e6 < 2^64 < 2^29 * 65535e6 */
	c.bin_num = 30;
	if (adp_hist_edges(&c, hi, ADP_HIST_BINS_MAX, msg, sizeof(msg)) ||
	    hi[28] != w << 28 || hi[29] != INF) {
		printf("# 30 bins: %s\n", msg);
		return false;
	}
	c.bin_num = 31;
	ret = adp_hist_edges(&c, hi, ADP_HIST_BINS_MAX, msg, sizeof(msg));
	if (ret != -ERANGE)
		return false;
	if (!same("message", msg, "bin_num: the last bin's lower edge must be below 2^64-1 ns"))
		return false;
	/* Even the largest bin_num refuses cleanly, without wrapping. */
	c.bin_num = 255;
	return adp_hist_edges(&c, hi, ADP_HIST_BINS_MAX, NULL, 0) == -ERANGE;
}

/*
 * The last finite edge at the 64-bit boundary, by hand: 64 bins double in
 * ns put the last bin's lower edge at W0 + W1 * (2^62 - 1); with W1 = 4
 * that is 2^64 - 4 + W0.  W0 = 2 gives 2^64 - 2, shown; W0 = 3 gives
 * 2^64 - 1, which no 64-bit timeout exceeds: refused.
 */
static bool last_edge_boundary(void)
{
	struct adp_hist_cfg c = { .bin_num = 64, .time_unit = 0,
		.mode = ADP_HIST_DOUBLE, .bin0_width = 2, .bin1_width = 4 };

	if (adp_hist_edges(&c, hi, ADP_HIST_BINS_MAX, msg, sizeof(msg)) ||
	    hi[0] != 2 || hi[1] != 6 || hi[62] != UINT64_MAX - 1 ||
	    hi[63] != INF) {
		printf("# W0 2: %s\n", msg);
		return false;
	}
	c.bin0_width = 3;
	if (adp_hist_edges(&c, hi, ADP_HIST_BINS_MAX, msg, sizeof(msg)) !=
	    -ERANGE)
		return false;
	return same("message", msg,
		    "bin_num: the last bin's lower edge must be below 2^64-1 ns");
}

static bool refused(const struct adp_hist_cfg *c, size_t max,
		    const char *want)
{
	int ret = adp_hist_edges(c, hi, max, msg, sizeof(msg));

	if (ret != -EINVAL) {
		printf("# returned %d\n", ret);
		return false;
	}
	return same("message", msg, want);
}

/* c with *member, one of its members, set to v: refused; then as it was. */
static bool refused_with(struct adp_hist_cfg *c, uint32_t *member,
			 uint32_t v, const char *want)
{
	uint32_t was = *member;
	bool ok;

	*member = v;
	ok = refused(c, 16, want);
	*member = was;
	return ok;
}

static bool rules(void)
{
	struct adp_hist_cfg c = { .bin_num = 4, .time_unit = 1,
		.bin0_width = 1, .bin1_width = 1 };
	bool ok = true;

	ok &= refused_with(&c, &c.bin_num, 0, "bin_num must be at least 1");
	ok &= refused_with(&c, &c.bin_num, 17, "bin_num is above the device's bin_num_max");
	ok &= refused_with(&c, &c.time_unit, 4, "time_unit is not in the device's time_unit_cap");
	ok &= refused_with(&c, &c.mode, 2,
			   "bin_width_mode must be 0 (fixed) or 1 (double)");
	ok &= refused_with(&c, &c.bin0_width, 0, "bin0_width must not be 0");
	ok &= refused_with(&c, &c.bin1_width, 0,
			   "bin1_width must not be 0 when bin_num is above 1");
	return ok;
}

/* best_unit gives unit, w0, w1; or refuses with err and want. */
static bool unit_case(uint64_t w0, uint64_t w1, uint32_t cap, int unit,
		      uint32_t x0, uint32_t x1, int err, const char *want)
{
	uint32_t u = 99, a = 99, b = 99;
	int ret;

	msg[0] = '\0';
	ret = adp_hist_best_unit(w0, w1, cap, &u, &a, &b, msg, sizeof(msg));
	if (err) {
		if (ret != -err) {
			printf("# %llu %llu cap %#x: %d, want -%d\n",
			       (unsigned long long)w0, (unsigned long long)w1,
			       cap, ret, err);
			return false;
		}
		return same("message", msg, want);
	}
	if (ret || (int)u != unit || a != x0 || b != x1) {
		printf("# %llu %llu cap %#x: %d unit %u %u %u (%s), want unit %d %u %u\n",
		       (unsigned long long)w0, (unsigned long long)w1, cap,
		       ret, u, a, b, msg, unit, x0, x1);
		return false;
	}
	return true;
}

static bool best_unit(void)
{
	bool ok = true;

	/* The finest unit both fit in. */
	ok &= unit_case(8000, 2000, 0xf, 0, 8000, 2000, 0, NULL);
	ok &= unit_case(65535, 1, 0xf, 0, 65535, 1, 0, NULL);
	ok &= unit_case(65536, 1000, 0xf, 1, 65, 1, EINVAL,
			"width0 65.536us is not a whole number of us, the finest supported time unit that holds it");
	ok &= unit_case(66000, 1000, 0xf, 1, 66, 1, 0, NULL);
	/* 1.5 ms: 1500 us; 100 ms: 1000 x 100 us; 4 s: 40000 x 100 us; 10 s: 10000 ms. */
	ok &= unit_case(1500000, 0, 0xf, 1, 1500, 0, 0, NULL);
	ok &= unit_case(100000000, 0, 0xf, 2, 1000, 0, 0, NULL);
	ok &= unit_case(4000000000ULL, 0, 0xf, 2, 40000, 0, 0, NULL);
	ok &= unit_case(10000000000ULL, 0, 0xf, 3, 10000, 0, 0, NULL);
	/* A unit the device lacks is skipped: ns only in ms, us missing. */
	ok &= unit_case(8000, 2000, 0x9, 0, 8000, 2000, 0, NULL);
	ok &= unit_case(100000, 0, 0x9, 3, 0, 0, EINVAL,
			"width0 100us is not a whole number of ms, the finest supported time unit that holds it");
	ok &= unit_case(2000000, 1000000, 0x8, 3, 2, 1, 0, NULL);
	/* One unit for both: the coarser width decides. */
	ok &= unit_case(8000, 100000000, 0xf, 2, 0, 0, EINVAL,
			"width0 8us is not a whole number of 100us, the time unit width1 100ms needs (the widths share one)");
	ok &= unit_case(200000, 100000000, 0xf, 2, 2, 1000, 0, NULL);
	/* The 16-bit ceiling of the coarsest supported unit. */
	ok &= unit_case(65535000000ULL, 0, 0xf, 3, 65535, 0, 0, NULL);
	ok &= unit_case(65536000000ULL, 0, 0xf, 3, 0, 0, ERANGE,
			"width0 65.536s is too large: at most 65.535s (65535 ms)");
	ok &= unit_case(1000, 70000000, 0x3, 0, 0, 0, ERANGE,
			"width1 70ms is too large: at most 65.535ms (65535 us)");
	ok &= unit_case(UINT64_MAX, 0, 0xf, 0, 0, 0, ERANGE,
			"width0 18446744073709551.615us is too large: at most 65.535s (65535 ms)");
	ok &= unit_case(0, 1000, 0xf, 0, 0, 0, EINVAL, "width0 must be above 0");
	ok &= unit_case(1000, 0, 0, 0, 0, 0, EINVAL,
			"the device supports no time unit (time_unit_cap 0)");
	return ok;
}

TAP_MAIN(
	{ "fixed: 8 us then 2 us: 8, 10, 12, 14 us, +Inf", layout_0 },
	{ "double: 1 ms, 1 ms: 1, 2, 4, 8, 16 ms, +Inf", layout_1 },
	{ "double in 100 us: 300, 800, 1800, 3800 us, +Inf", layout_2 },
	{ "bin_num 1: one bin counts everything", one_bin },
	{ "upper edges inclusive, lower exclusive, overflow bin", bin_edges_inclusive },
	{ "events binned, saturating counts", add_events },
	{ "64-bit limits: fixed 255 bins, double overflows at bin 29", limits_64bit },
	{ "last edge 2^64-2 ns shown, 2^64-1 ns refused", last_edge_boundary },
	{ "configuration rules refused with the field named", rules },
	{ "best unit: finest common unit, 16 bits, whole numbers", best_unit },
)
