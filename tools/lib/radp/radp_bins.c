// SPDX-License-Identifier: GPL-2.0
/* The retransmission histogram's bins and units; see radp_bins.h. */
#include <errno.h>
#include <stdio.h>

#include "radp_bins.h"
#include "radp_hist.h"
#include "radp_time.h"

static const struct {
	const char *name;
	uint64_t ns;
} units[ADP_HIST_UNITS] = {
	{ "ns", 1 }, { "us", 1000 }, { "100us", 100000 }, { "ms", 1000000 },
};

uint64_t adp_hist_unit_ns(uint32_t time_unit)
{
	return time_unit < ADP_HIST_UNITS ? units[time_unit].ns : 0;
}

const char *adp_hist_unit_name(uint32_t time_unit)
{
	return time_unit < ADP_HIST_UNITS ? units[time_unit].name : "?";
}

#define FAIL(err, ...)	({ if (msg) snprintf(msg, msglen, __VA_ARGS__); -(err); })

int adp_hist_edges(const struct adp_hist_cfg *cfg, uint64_t *hi,
		   size_t max_bins, char *msg, size_t msglen)
{
	const struct radp_hist_config rc = {
		.time_unit = cfg->time_unit,
		.bin_width_mode = cfg->mode,
		.bin_num = cfg->bin_num,
		.bin_num_max = max_bins < ADP_HIST_BINS_MAX ? max_bins :
							       ADP_HIST_BINS_MAX,
		.bin0_width = cfg->bin0_width,
		.bin1_width = cfg->bin1_width,
		/* Every unit adpctl can show. */
		.time_unit_cap = (1U << ADP_HIST_UNITS) - 1,
	};
	uint64_t u = adp_hist_unit_ns(cfg->time_unit), e, step;
	enum radp_fld fld;
	const char *why;
	uint32_t i;

	/* The module's own rules (drivers/roce_adp/radp_hist.c). */
	why = radp_hist_config_check(&rc, &fld);
	if (why)
		return FAIL(fld == RADP_HIST_CONFIG_BIN_NUM && rc.bin_num &&
			    rc.bin_num <= rc.bin_num_max ? ERANGE : EINVAL,
			    "%s", why);
	/*
	 * Within the rules nothing below overflows: the widths are 16 bits
	 * times at most 10^6, every finite edge is at most the last one.
	 */
	e = cfg->bin0_width * u;
	step = cfg->bin1_width * u;
	for (i = 0; i + 1 < cfg->bin_num; i++) {
		if (i) {
			e += step;
			if (cfg->mode == ADP_HIST_DOUBLE && i + 2 < cfg->bin_num)
				step *= 2;
		}
		hi[i] = e;
	}
	hi[cfg->bin_num - 1] = ADP_HIST_INF;
	return 0;
}

uint32_t adp_hist_bin_of(const uint64_t *hi, uint32_t n, uint64_t t)
{
	uint32_t lo = 0, top = n - 1, mid;

	/* The first bin whose upper edge is at or above t. */
	while (lo < top) {
		mid = lo + (top - lo) / 2;
		if (t <= hi[mid])
			top = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

uint64_t adp_hist_add(const uint64_t *hi, uint32_t nbins,
		      const struct adp_hist_event *ev, size_t n,
		      uint64_t *count)
{
	uint64_t placed = 0;
	uint32_t b;
	size_t i;

	for (i = 0; i < n; i++) {
		b = adp_hist_bin_of(hi, nbins, ev[i].t_ns);
		if (__builtin_add_overflow(count[b], ev[i].count, &count[b]))
			count[b] = UINT64_MAX;
		if (__builtin_add_overflow(placed, ev[i].count, &placed))
			placed = UINT64_MAX;
	}
	return placed;
}

/* The finest unit of cap whose 16 bits hold w, or -1. */
static int unit_holding(uint64_t w, uint32_t cap)
{
	int u;

	for (u = 0; u < ADP_HIST_UNITS; u++)
		if (cap >> u & 1 && w <= ADP_HIST_WIDTH_MAX * units[u].ns)
			return u;
	return -1;
}

int adp_hist_best_unit(uint64_t w0_ns, uint64_t w1_ns, uint32_t cap,
		       uint32_t *unit, uint32_t *w0, uint32_t *w1,
		       char *msg, size_t msglen)
{
	const uint64_t w[2] = { w0_ns, w1_ns };
	char t1[32], t2[32];
	int u[2], best = -1, top = -1, i;

	cap &= (1U << ADP_HIST_UNITS) - 1;
	if (!cap)
		return FAIL(EINVAL, "the device supports no time unit (time_unit_cap 0)");
	for (i = ADP_HIST_UNITS - 1; i >= 0 && top < 0; i--)
		if (cap >> i & 1)
			top = i;
	for (i = 0; i < 2; i++) {
		u[i] = -1;
		if (i && !w[i])
			continue;
		if (!w[i])
			return FAIL(EINVAL, "width0 must be above 0");
		u[i] = unit_holding(w[i], cap);
		if (u[i] < 0)
			return FAIL(ERANGE, "width%d %s is too large: at most %s (65535 %s)",
				    i, adp_fmt_time_exact(t1, sizeof(t1), w[i]),
				    adp_fmt_time(t2, sizeof(t2),
						 ADP_HIST_WIDTH_MAX * units[top].ns,
						 ADP_UNIT_NS), units[top].name);
		/* Coarser units are multiples of finer ones: none is whole. */
		if (w[i] % units[u[i]].ns)
			return FAIL(EINVAL, "width%d %s is not a whole number of %s, the finest supported time unit that holds it",
				    i, adp_fmt_time_exact(t1, sizeof(t1), w[i]),
				    units[u[i]].name);
		if (u[i] > best)
			best = u[i];
	}
	/* One time_unit for both: the coarser of the two must suit both. */
	for (i = 0; i < 2; i++)
		if (w[i] && w[i] % units[best].ns)
			return FAIL(EINVAL, "width%d %s is not a whole number of %s, the time unit width%d %s needs (the widths share one)",
				    i, adp_fmt_time_exact(t1, sizeof(t1), w[i]),
				    units[best].name, !i,
				    adp_fmt_time_exact(t2, sizeof(t2), w[!i]));
	*unit = best;
	*w0 = w0_ns / units[best].ns;
	*w1 = w1_ns / units[best].ns;
	return 0;
}
