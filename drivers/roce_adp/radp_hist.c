// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/* The ADP retransmission histogram's codec and rules; see radp_hist.h. */

#ifdef __KERNEL__
#include <linux/kernel.h>
#include <linux/string.h>
#else
#include <string.h>
#endif

#include "radp_hist.h"

const struct radp_member radp_hist_config_members[] = {
#define RADP_HIST_CONFIG_FIELD(_id, _name, ...)				\
	{ .fld = RADP_HIST_CONFIG_##_id,				\
	  .offset = offsetof(struct radp_hist_config, _name) },
#include "radp_fields.h"
};

const unsigned int radp_hist_config_members_count =
	ARRAY_SIZE(radp_hist_config_members);

void radp_hist_config_pack(void *reg, const struct radp_hist_config *c)
{
	unsigned int i;

	memset(reg, 0, RADP_HIST_CONFIG_LEN);
	for (i = 0; i < radp_hist_config_members_count; i++)
		radp_set(reg, radp_hist_config_members[i].fld,
			 *radp_member_ptr((void *)c,
					  &radp_hist_config_members[i]));
}

void radp_hist_config_unpack(const void *reg, struct radp_hist_config *c)
{
	unsigned int i;

	for (i = 0; i < radp_hist_config_members_count; i++)
		*radp_member_ptr(c, &radp_hist_config_members[i]) =
			radp_get(reg, radp_hist_config_members[i].fld);
}

u32 radp_hist_bin_num(const void *reg)
{
	return radp_get(reg, RADP_HIST_BIN_NUM);
}

static const void *radp_hist_bin(const void *reg, u32 i)
{
	return (const u8 *)reg + RADP_HIST_BIN_OFF + i * RADP_HIST_BIN_LEN;
}

u64 radp_hist_bin_get(const void *reg, u32 i)
{
	const void *bin = radp_hist_bin(reg, i);

	return (u64)radp_get(bin, RADP_HIST_BIN_COUNT_H) << 32 |
	       radp_get(bin, RADP_HIST_BIN_COUNT_L);
}

void radp_hist_bin_set(void *reg, u32 i, u64 count)
{
	void *bin = (void *)radp_hist_bin(reg, i);

	radp_set(bin, RADP_HIST_BIN_COUNT_H, count >> 32);
	radp_set(bin, RADP_HIST_BIN_COUNT_L, (u32)count);
}

bool radp_hist_same_layout(const struct radp_hist_config *a,
			   const struct radp_hist_config *b)
{
	return a->bin_num == b->bin_num && a->bin0_width == b->bin0_width &&
	       a->bin1_width == b->bin1_width && a->time_unit == b->time_unit &&
	       a->bin_width_mode == b->bin_width_mode;
}

/* Nanoseconds per time_unit (enum roce_adp_hist_time_unit). */
static const u64 radp_hist_unit_ns[] = { 1, 1000, 100000, 1000000 };

/*
 * A timeout is 64 bits of ns and the last bin counts those above its lower
 * edge: an edge of 2^64-1 ns would leave it nothing to count (and is the
 * value the firmware saturates at and adpctl shows as +Inf), so the edge
 * must be below it. W0 + (n - 2) * W1 (fixed) or W0 + W1 * (2^(n - 2) - 1)
 * (double) for n bins; n = 1 has none.
 */
bool radp_hist_last_edge_fits(const struct radp_hist_config *c)
{
	u64 unit = radp_hist_unit_ns[c->time_unit & 3];
	u64 w0 = c->bin0_width * unit, w1 = c->bin1_width * unit;
	u32 i = c->bin_num - 1;	/* the last bin's lower edge is hi(i - 1) */
	u64 steps, edge;

	if (c->bin_num < 2)
		return true;
	if (c->bin_width_mode != ROCE_ADP_HIST_BIN_WIDTH_MODE_FIXED &&
	    i - 1 >= 64)
		return false;
	if (c->bin_width_mode == ROCE_ADP_HIST_BIN_WIDTH_MODE_FIXED)
		steps = i - 1;
	else
		steps = (1ULL << (i - 1)) - 1;
	return !__builtin_mul_overflow(w1, steps, &edge) &&
	       !__builtin_add_overflow(edge, w0, &edge) && edge != ~0ULL;
}

const char *radp_hist_config_check(const struct radp_hist_config *c,
				   enum radp_fld *fld)
{
	if (c->bin_width_mode > ROCE_ADP_HIST_BIN_WIDTH_MODE_DOUBLE) {
		*fld = RADP_HIST_CONFIG_BIN_WIDTH_MODE;
		return "bin_width_mode must be 0 (fixed) or 1 (double)";
	}
	if (!((c->time_unit_cap >> c->time_unit) & 1)) {
		*fld = RADP_HIST_CONFIG_TIME_UNIT;
		return "time_unit is not in the device's time_unit_cap";
	}
	if (!c->bin_num) {
		*fld = RADP_HIST_CONFIG_BIN_NUM;
		return "bin_num must be at least 1";
	}
	if (c->bin_num > c->bin_num_max) {
		*fld = RADP_HIST_CONFIG_BIN_NUM;
		return "bin_num is above the device's bin_num_max";
	}
	if (!c->bin0_width) {
		*fld = RADP_HIST_CONFIG_BIN0_WIDTH;
		return "bin0_width must not be 0";
	}
	if (c->bin_num > 1 && !c->bin1_width) {
		*fld = RADP_HIST_CONFIG_BIN1_WIDTH;
		return "bin1_width must not be 0 when bin_num is above 1";
	}
	if (c->vhca_id && !c->vhca_id_valid) {
		*fld = RADP_HIST_CONFIG_VHCA_ID;
		return "vhca_id is only taken with vhca_id_valid";
	}
	if (!radp_hist_last_edge_fits(c)) {
		*fld = RADP_HIST_CONFIG_BIN_NUM;
		return "bin_num: the last bin's lower edge must be below 2^64-1 ns";
	}
	return NULL;
}
