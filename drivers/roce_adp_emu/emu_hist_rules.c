// SPDX-License-Identifier: GPL-2.0
/*
 * The firmware model's histogram rules and binning; see emu_hist_rules.h.
 *
 * The model bins by walking the bins' upper edges, on its own (adpctl
 * computes the edges in closed form, and the tests compare the two):
 * bin 0 counts 0 <= t <= W0, bin i counts hi(i-1) < t <= hi(i), the last
 * bin everything above its lower edge. Edges saturate at 2^64-1 ns, so a
 * layout whose last finite edge reaches it is refused: no 64-bit timeout
 * lies above it.
 */

#include "emu_hist_rules.h"

#define RADP_EMU_U64_MAX	(~0ULL)

u64 radp_emu_hist_sat_add(u64 a, u64 b)
{
	return a + b < a ? RADP_EMU_U64_MAX : a + b;
}

/* A time unit in ns; 0 for none the model knows. */
static u64 radp_emu_hist_unit(u32 time_unit)
{
	switch (time_unit) {
	case RADP_EMU_HIST_UNIT_NS:
		return 1;
	case RADP_EMU_HIST_UNIT_US:
		return 1000;
	case RADP_EMU_HIST_UNIT_100US:
		return 100000;
	case RADP_EMU_HIST_UNIT_MS:
		return 1000000;
	}
	return 0;
}

/* The width of bin @i >= 1, saturated. */
static u64 radp_emu_hist_width(const struct radp_emu_hist_cfg *c, u64 w1,
			       u32 i)
{
	if (c->bin_width_mode == RADP_EMU_HIST_WIDTH_FIXED)
		return w1;
	if (i - 1 >= 64 || w1 > (RADP_EMU_U64_MAX >> (i - 1)))
		return RADP_EMU_U64_MAX;
	return w1 << (i - 1);
}

/* The upper edge of bin 0 and the width of the later bins' base, in ns. */
static void radp_emu_hist_base(const struct radp_emu_hist_cfg *c, u64 *w0,
			       u64 *w1)
{
	u64 unit = radp_emu_hist_unit(c->time_unit);

	*w0 = c->bin0_width * unit;
	*w1 = c->bin1_width * unit;
}

u32 radp_emu_hist_bin(const struct radp_emu_hist_cfg *c, u64 t)
{
	u64 hi, w1;
	u32 i;

	radp_emu_hist_base(c, &hi, &w1);
	for (i = 0; i + 1 < c->bin_num; i++) {
		if (t <= hi)
			return i;
		hi = radp_emu_hist_sat_add(hi,
					   radp_emu_hist_width(c, w1, i + 1));
	}
	return c->bin_num ? c->bin_num - 1 : 0;
}

u64 radp_emu_hist_last_edge(const struct radp_emu_hist_cfg *c)
{
	u64 lo, w1;
	u32 i;

	if (c->bin_num < 2)
		return 0;
	radp_emu_hist_base(c, &lo, &w1);
	for (i = 1; i + 1 < c->bin_num; i++)
		lo = radp_emu_hist_sat_add(lo, radp_emu_hist_width(c, w1, i));
	return lo;
}

u32 radp_emu_hist_syndrome(const struct radp_emu_hist_cfg *c,
			   u32 bin_num_max, u32 time_unit_cap)
{
	if (!c->bin_num)
		return RADP_EMU_SYND_HIST_BIN_NUM_ZERO;
	if (c->bin_num > bin_num_max || c->bin_num > RADP_EMU_HIST_BINS_MAX)
		return RADP_EMU_SYND_HIST_BIN_NUM_MAX;
	if (!c->bin0_width)
		return RADP_EMU_SYND_HIST_BIN0_WIDTH;
	if (c->bin_num > 1 && !c->bin1_width)
		return RADP_EMU_SYND_HIST_BIN1_WIDTH;
	if (c->time_unit >= 32 || !((time_unit_cap >> c->time_unit) & 1))
		return RADP_EMU_SYND_HIST_TIME_UNIT;
	if (c->bin_width_mode > RADP_EMU_HIST_WIDTH_DOUBLE)
		return RADP_EMU_SYND_HIST_WIDTH_MODE;
	if (!c->vhca_id_valid && c->vhca_id)
		return RADP_EMU_SYND_HIST_VHCA_ID;
	/* The last finite edge saturating means no timeout lies above it. */
	if (radp_emu_hist_last_edge(c) == RADP_EMU_U64_MAX)
		return RADP_EMU_SYND_HIST_EDGE_OVERFLOW;
	return 0;
}
