// SPDX-License-Identifier: GPL-2.0
/*
 * Firmware model of the emulated device. It executes command mailboxes the
 * way ConnectX firmware does and checks them on its own, without trusting
 * the driver's validation, so tests can reach every firmware rejection.
 *
 * ROCE_ACCL as modelled here (Documentation/emulated-device.rst):
 * - a query with adp_retx_profile_id N returns profile N; with 0 it returns
 *   the firmware's default profile and, in adp_retx_profile_id, the profile
 *   in effect (0 while the firmware's own timeouts are used);
 * - a write with adp_retx_profile_select stores profile N and makes it the
 *   one in effect; nothing but a firmware reset goes back to profile 0;
 * - *_field_select picks the features a write changes; in a query it says
 *   which features can be changed (knob accl_configurable: the select bits
 *   reported). A write selecting a feature whose select is not reported
 *   fails; such a feature keeps its value (0 unless the knob changed
 *   after a write), as a field older firmware does not know reads as 0;
 * - the register is 0x80 bytes; an access of 0x40 bytes, older
 *   firmware's length, is taken too (every field is in the first 0x40
 *   bytes); other lengths are BAD_INP_LEN, an output mailbox of another
 *   length than the input's BAD_OUTP_LEN.
 *
 * Every layout comes from emu_ifc.h, the model's own. The histogram's
 * registers are emu_hist.c's.
 */

#include <linux/bitops.h>
#include <linux/delay.h>
#include <linux/sched/clock.h>
#include <linux/log2.h>
#include <linux/minmax.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "compat_wq.h"
#include "emu.h"

/* What the firmware uses before any profile is written (profile id 0). */
static const struct radp_emu_profile radp_emu_default_profile = {
	.qp_total_timeout = 1,
	.range_num = 4,
	.start_range_index = 1,
	.time_unit = RADP_EMU_TIME_UNIT_USEC,
	.time_base = 4,
	.timeout_init_low_bound = 4,	/* 64 us */
	.timeout_init_range_size = 2,	/* .. 256 us */
	.range = {
		{ .prev_range_index = 0, .dec_mode = 1, .timeout_retry_num = 2,
		  .range_low_bound = 2, .range_size = 2 },	/* 16-64 us */
		{ .prev_range_index = 0, .dec_mode = 1, .timeout_retry_num = 3,
		  .range_low_bound = 4, .range_size = 3 },	/* 64-512 us */
		{ .prev_range_index = 1, .dec_mode = 0, .timeout_retry_num = 3,
		  .range_low_bound = 7, .range_size = 3 },	/* 0.5-4 ms */
		{ .prev_range_index = 2, .dec_mode = 2, .timeout_retry_num = 4,
		  .range_low_bound = 10, .range_size = 5 },	/* 4-131 ms */
	},
};

/**
 * struct radp_emu_feature - a feature of ROCE_ACCL as the firmware knows it
 * @val: its value's field
 * @sel: its *_field_select in dword 0x00 (features may share one)
 * @valid: the encodings it takes (bit v: v); the others are reserved
 */
struct radp_emu_feature {
	struct radp_emu_fld val;
	struct radp_emu_fld sel;
	u32 valid;
};

#define RADP_EMU_BOOL		0x3u
#define RADP_EMU_ANY		0xffffffffu

/* cc_burst_size: 4 KB, 8 KB, 16 KB, 1.5 KB; cc_probe_mp_mode: accept, discard. */
static const struct radp_emu_feature radp_emu_features[RADP_EMU_FEATURES] = {
	{
		.val = { __mlx5_bit_off(fw_model_roce_accl, roce_adp_retrans_en),
			 __mlx5_bit_sz(fw_model_roce_accl, roce_adp_retrans_en) },
		.sel = { __mlx5_bit_off(fw_model_roce_accl,
					roce_adp_retrans_field_select),
			 __mlx5_bit_sz(fw_model_roce_accl,
				       roce_adp_retrans_field_select) },
		.valid = RADP_EMU_BOOL,
	},
	{
		.val = { __mlx5_bit_off(fw_model_roce_accl, roce_tx_window_en),
			 __mlx5_bit_sz(fw_model_roce_accl, roce_tx_window_en) },
		.sel = { __mlx5_bit_off(fw_model_roce_accl,
					roce_tx_window_field_select),
			 __mlx5_bit_sz(fw_model_roce_accl,
				       roce_tx_window_field_select) },
		.valid = RADP_EMU_BOOL,
	},
	{
		.val = { __mlx5_bit_off(fw_model_roce_accl, roce_slow_restart_en),
			 __mlx5_bit_sz(fw_model_roce_accl, roce_slow_restart_en) },
		.sel = { __mlx5_bit_off(fw_model_roce_accl,
					roce_slow_restart_field_select),
			 __mlx5_bit_sz(fw_model_roce_accl,
				       roce_slow_restart_field_select) },
		.valid = RADP_EMU_BOOL,
	},
	{
		.val = { __mlx5_bit_off(fw_model_roce_accl, roce_slow_restart_idle_en),
			 __mlx5_bit_sz(fw_model_roce_accl, roce_slow_restart_idle_en) },
		.sel = { __mlx5_bit_off(fw_model_roce_accl,
					roce_slow_restart_idle_field_select),
			 __mlx5_bit_sz(fw_model_roce_accl,
				       roce_slow_restart_idle_field_select) },
		.valid = RADP_EMU_BOOL,
	},
	{
		.val = { __mlx5_bit_off(fw_model_roce_accl, min_ack_timeout_limit_disabled),
			 __mlx5_bit_sz(fw_model_roce_accl, min_ack_timeout_limit_disabled) },
		.sel = { __mlx5_bit_off(fw_model_roce_accl,
					min_ack_timeout_limit_disabled_field_select),
			 __mlx5_bit_sz(fw_model_roce_accl,
				       min_ack_timeout_limit_disabled_field_select) },
		.valid = RADP_EMU_BOOL,
	},
	{
		.val = { __mlx5_bit_off(fw_model_roce_accl, adaptive_routing_forced_en),
			 __mlx5_bit_sz(fw_model_roce_accl, adaptive_routing_forced_en) },
		.sel = { __mlx5_bit_off(fw_model_roce_accl,
					adaptive_routing_forced_en_field_select),
			 __mlx5_bit_sz(fw_model_roce_accl,
				       adaptive_routing_forced_en_field_select) },
		.valid = RADP_EMU_BOOL,
	},
	{
		.val = { __mlx5_bit_off(fw_model_roce_accl, selective_repeat_forced_en),
			 __mlx5_bit_sz(fw_model_roce_accl, selective_repeat_forced_en) },
		.sel = { __mlx5_bit_off(fw_model_roce_accl,
					selective_repeat_forced_en_field_select),
			 __mlx5_bit_sz(fw_model_roce_accl,
				       selective_repeat_forced_en_field_select) },
		.valid = RADP_EMU_BOOL,
	},
	{
		.val = { __mlx5_bit_off(fw_model_roce_accl, dc_half_handshake_en),
			 __mlx5_bit_sz(fw_model_roce_accl, dc_half_handshake_en) },
		.sel = { __mlx5_bit_off(fw_model_roce_accl,
					dc_half_handshake_en_field_select),
			 __mlx5_bit_sz(fw_model_roce_accl,
				       dc_half_handshake_en_field_select) },
		.valid = RADP_EMU_BOOL,
	},
	{
		.val = { __mlx5_bit_off(fw_model_roce_accl, cc_per_plane_en),
			 __mlx5_bit_sz(fw_model_roce_accl, cc_per_plane_en) },
		.sel = { __mlx5_bit_off(fw_model_roce_accl,
					cc_per_plane_en_field_select),
			 __mlx5_bit_sz(fw_model_roce_accl,
				       cc_per_plane_en_field_select) },
		.valid = RADP_EMU_BOOL,
	},
	{
		.val = { __mlx5_bit_off(fw_model_roce_accl, ack_dscp_force),
			 __mlx5_bit_sz(fw_model_roce_accl, ack_dscp_force) },
		.sel = { __mlx5_bit_off(fw_model_roce_accl,
					ack_dscp_force_field_select),
			 __mlx5_bit_sz(fw_model_roce_accl,
				       ack_dscp_force_field_select) },
		.valid = RADP_EMU_BOOL,
	},
	{
		.val = { __mlx5_bit_off(fw_model_roce_accl, ack_dscp),
			 __mlx5_bit_sz(fw_model_roce_accl, ack_dscp) },
		.sel = { __mlx5_bit_off(fw_model_roce_accl,
					ack_dscp_force_field_select),
			 __mlx5_bit_sz(fw_model_roce_accl,
				       ack_dscp_force_field_select) },
		.valid = RADP_EMU_ANY,
	},
	{
		.val = { __mlx5_bit_off(fw_model_roce_accl, cc_burst_size),
			 __mlx5_bit_sz(fw_model_roce_accl, cc_burst_size) },
		.sel = { __mlx5_bit_off(fw_model_roce_accl,
					cc_burst_size_select),
			 __mlx5_bit_sz(fw_model_roce_accl,
				       cc_burst_size_select) },
		.valid = BIT(0) | BIT(1) | BIT(2) | BIT(7),
	},
	{
		.val = { __mlx5_bit_off(fw_model_roce_accl, ifa2_turn_around_en),
			 __mlx5_bit_sz(fw_model_roce_accl, ifa2_turn_around_en) },
		.sel = { __mlx5_bit_off(fw_model_roce_accl,
					ifa2_turn_around_select),
			 __mlx5_bit_sz(fw_model_roce_accl,
				       ifa2_turn_around_select) },
		.valid = RADP_EMU_BOOL,
	},
	{
		.val = { __mlx5_bit_off(fw_model_roce_accl, cc_probe_mp_mode),
			 __mlx5_bit_sz(fw_model_roce_accl, cc_probe_mp_mode) },
		.sel = { __mlx5_bit_off(fw_model_roce_accl,
					cc_probe_mp_mode_field_select),
			 __mlx5_bit_sz(fw_model_roce_accl,
				       cc_probe_mp_mode_field_select) },
		.valid = BIT(0) | BIT(1),
	},
};

/* A value feature @f takes: within its width, not a reserved encoding. */
static bool radp_emu_feature_value_ok(const struct radp_emu_feature *f, u32 v)
{
	return v <= radp_emu_fld_mask(&f->val) &&
	       (v >= 32 || (f->valid >> v) & 1);
}

static void radp_emu_profile_pack(void *p, const struct radp_emu_profile *prof)
{
	unsigned int r;

	MLX5_SET(fw_model_adp_retx_profile, p, qp_total_timeout, prof->qp_total_timeout);
	MLX5_SET(fw_model_adp_retx_profile, p, range_num, prof->range_num);
	MLX5_SET(fw_model_adp_retx_profile, p, start_range_index, prof->start_range_index);
	MLX5_SET(fw_model_adp_retx_profile, p, time_unit, prof->time_unit);
	MLX5_SET(fw_model_adp_retx_profile, p, time_base, prof->time_base);
	MLX5_SET(fw_model_adp_retx_profile, p, retx_total_timeout, prof->retx_total_timeout);
	MLX5_SET(fw_model_adp_retx_profile, p, timeout_init_low_bound,
		 prof->timeout_init_low_bound);
	MLX5_SET(fw_model_adp_retx_profile, p, timeout_init_range_size,
		 prof->timeout_init_range_size);
	for (r = 0; r < RADP_EMU_RANGES; r++) {
		void *e = MLX5_ADDR_OF(fw_model_adp_retx_profile, p, timeout_range[r]);
		const struct radp_emu_range *range = &prof->range[r];

		MLX5_SET(fw_model_timeout_range, e, prev_range_index, range->prev_range_index);
		MLX5_SET(fw_model_timeout_range, e, dec_mode, range->dec_mode);
		MLX5_SET(fw_model_timeout_range, e, timeout_retry_num, range->timeout_retry_num);
		MLX5_SET(fw_model_timeout_range, e, range_low_bound, range->range_low_bound);
		MLX5_SET(fw_model_timeout_range, e, range_size, range->range_size);
	}
}

static void radp_emu_profile_unpack(const void *p,
				    struct radp_emu_profile *prof)
{
	unsigned int r;

	prof->qp_total_timeout = MLX5_GET(fw_model_adp_retx_profile, p, qp_total_timeout);
	prof->range_num = MLX5_GET(fw_model_adp_retx_profile, p, range_num);
	prof->start_range_index = MLX5_GET(fw_model_adp_retx_profile, p, start_range_index);
	prof->time_unit = MLX5_GET(fw_model_adp_retx_profile, p, time_unit);
	prof->time_base = MLX5_GET(fw_model_adp_retx_profile, p, time_base);
	prof->retx_total_timeout = MLX5_GET(fw_model_adp_retx_profile, p, retx_total_timeout);
	prof->timeout_init_low_bound =
		MLX5_GET(fw_model_adp_retx_profile, p, timeout_init_low_bound);
	prof->timeout_init_range_size =
		MLX5_GET(fw_model_adp_retx_profile, p, timeout_init_range_size);
	for (r = 0; r < RADP_EMU_RANGES; r++) {
		const void *e = MLX5_ADDR_OF(fw_model_adp_retx_profile, p,
					     timeout_range[r]);
		struct radp_emu_range *range = &prof->range[r];

		range->prev_range_index = MLX5_GET(fw_model_timeout_range, e, prev_range_index);
		range->dec_mode = MLX5_GET(fw_model_timeout_range, e, dec_mode);
		range->timeout_retry_num = MLX5_GET(fw_model_timeout_range, e, timeout_retry_num);
		range->range_low_bound = MLX5_GET(fw_model_timeout_range, e, range_low_bound);
		range->range_size = MLX5_GET(fw_model_timeout_range, e, range_size);
	}
}

/* Profile @id becomes @prof, packed once for the queries that follow. */
static void radp_emu_profile_store(struct radp_emu_accl *a, u32 id,
				   const struct radp_emu_profile *prof)
{
	a->profiles[id] = *prof;
	memset(a->packed[id], 0, RADP_EMU_PROFILE_LEN);
	radp_emu_profile_pack(a->packed[id], prof);
}

static u32 radp_emu_max_id(const struct radp_emu_accl *a)
{
	return min_t(u32, a->max_id, RADP_EMU_PROFILES - 1);
}

static u32 radp_emu_max_range_num(const struct radp_emu_accl *a)
{
	return min_t(u32, a->max_range_num, RADP_EMU_RANGES);
}

/* The largest timeout the firmware's timer takes, in time units. */
static bool radp_emu_timeout_ok(u32 time_base, u32 shift)
{
	return shift + ilog2(time_base) < 32;
}

/* The firmware's own profile checks; returns a syndrome, 0 if valid. */
static u32 radp_emu_profile_syndrome(const struct radp_emu_accl *a, u32 id,
				     const struct radp_emu_profile *p)
{
	u32 r;

	if (!id || id > radp_emu_max_id(a))
		return RADP_EMU_SYND_PROFILE_ID;
	if (p->time_unit != RADP_EMU_TIME_UNIT_USEC)
		return RADP_EMU_SYND_TIME_UNIT;
	if (hweight32(p->time_base) != 1)
		return RADP_EMU_SYND_TIME_BASE_POW2;
	if (p->time_base * 1000ULL < a->base_timeout_min)
		return RADP_EMU_SYND_TIME_BASE_MIN;
	if (!p->range_num)
		return RADP_EMU_SYND_RANGE_NUM_ZERO;
	if (p->range_num > radp_emu_max_range_num(a))
		return RADP_EMU_SYND_RANGE_NUM_MAX;
	if (p->start_range_index >= p->range_num)
		return RADP_EMU_SYND_START_RANGE;
	if (!p->timeout_init_range_size)
		return RADP_EMU_SYND_INIT_RANGE_EMPTY;
	/* The largest initial timeout drawn is low + size - 1. */
	if (!radp_emu_timeout_ok(p->time_base, p->timeout_init_low_bound +
				 p->timeout_init_range_size - 1) ||
	    (!p->qp_total_timeout &&
	     !radp_emu_timeout_ok(p->time_base, p->retx_total_timeout)))
		return RADP_EMU_SYND_TIMEOUT_OVERFLOW;

	for (r = 0; r < p->range_num; r++) {
		const struct radp_emu_range *e = &p->range[r];

		if (e->dec_mode == RADP_EMU_DEC_MODE_RESERVED)
			return RADP_EMU_SYND_DEC_MODE;
		if (!e->timeout_retry_num)
			return RADP_EMU_SYND_RETRY_NUM_ZERO;
		if (e->prev_range_index > r ||
		    (r && e->prev_range_index == r))
			return RADP_EMU_SYND_PREV_RANGE;
		if (r && e->range_low_bound <= p->range[r - 1].range_low_bound)
			return RADP_EMU_SYND_RANGE_ORDER;
		if (!radp_emu_timeout_ok(p->time_base,
					 e->range_low_bound + e->range_size))
			return RADP_EMU_SYND_TIMEOUT_OVERFLOW;
	}
	return 0;
}

/*
 * Is the select of feature @f one the firmware reports (knob
 * accl_configurable: bit n is the select at bit n of dword 0x00)?
 */
static bool radp_emu_accl_knows(const struct radp_emu_accl *a,
				const struct radp_emu_feature *f)
{
	return (a->configurable >> radp_emu_fld_shift(&f->sel)) & 1;
}

/* The dwords of ROCE_ACCL before the profile: selects, values, caps. */
#define RADP_EMU_ACCL_HDR_DWORDS \
	(MLX5_BYTE_OFF(fw_model_roce_accl, adp_retx_profile) / 4)

/* A query's answer: @reg_len bytes at @reg. */
static u8 radp_emu_roce_accl_query(struct radp_emu *emu, u32 profile_id,
				   void *reg, size_t reg_len, u32 *syndrome)
{
	const size_t profile_off = MLX5_BYTE_OFF(fw_model_roce_accl,
						 adp_retx_profile);
	const struct radp_emu_accl *a = &emu->accl;
	u32 dw[RADP_EMU_ACCL_HDR_DWORDS] = {};
	unsigned int i;

	if (profile_id > radp_emu_max_id(a)) {
		*syndrome = RADP_EMU_SYND_PROFILE_ID;
		return RADP_EMU_STAT_BAD_PARAM;
	}
	/*
	 * Every feature and select is in those dwords (emu_ifc.h): built
	 * in the CPU's order, stored once each.
	 */
	for (i = 0; i < RADP_EMU_FEATURES; i++) {
		const struct radp_emu_feature *f = &radp_emu_features[i];

		if (radp_emu_accl_knows(a, f))
			dw[f->sel.off / 32] |= BIT(radp_emu_fld_shift(&f->sel));
		dw[f->val.off / 32] |= (a->features[i] &
					radp_emu_fld_mask(&f->val)) <<
				       radp_emu_fld_shift(&f->val);
	}
	for (i = 0; i < RADP_EMU_ACCL_HDR_DWORDS; i++)
		((__be32 *)reg)[i] = cpu_to_be32(dw[i]);
	MLX5_SET(fw_model_roce_accl, reg, adp_retx_profile_select, 1);
	MLX5_SET(fw_model_roce_accl, reg, adp_retx_profile_id,
		 profile_id ?: a->active_id);
	MLX5_SET(fw_model_roce_accl, reg, adp_retx_base_timeout_min,
		 a->base_timeout_min);
	MLX5_SET(fw_model_roce_accl, reg, adp_retx_profile_max_id,
		 radp_emu_max_id(a));
	MLX5_SET(fw_model_roce_accl, reg, adp_retx_profile_max_range_num,
		 radp_emu_max_range_num(a));
	memcpy((u8 *)reg + profile_off, a->packed[profile_id],
	       RADP_EMU_PROFILE_LEN);
	/* what follows the profile: reserved, or older firmware's end */
	memset((u8 *)reg + profile_off + RADP_EMU_PROFILE_LEN, 0,
	       reg_len - profile_off - RADP_EMU_PROFILE_LEN);
	return RADP_EMU_STAT_OK;
}

static u8 radp_emu_roce_accl_write(struct radp_emu *emu, const void *reg,
				   u32 *syndrome)
{
	struct radp_emu_accl *a = &emu->accl;
	struct radp_emu_profile profile;
	u32 profile_id = 0, val[RADP_EMU_FEATURES];
	bool selected[RADP_EMU_FEATURES];
	bool profile_select;
	unsigned int i;

	for (i = 0; i < RADP_EMU_FEATURES; i++) {
		const struct radp_emu_feature *f = &radp_emu_features[i];

		selected[i] = radp_emu_fld_get(reg, &f->sel);
		val[i] = radp_emu_fld_get(reg, &f->val);
		if (!selected[i])
			continue;
		if (!radp_emu_accl_knows(a, f)) {
			*syndrome = RADP_EMU_SYND_NOT_CONFIGURABLE;
			return RADP_EMU_STAT_BAD_PARAM;
		}
		if (!radp_emu_feature_value_ok(f, val[i])) {
			*syndrome = RADP_EMU_SYND_ACCL_RESERVED;
			return RADP_EMU_STAT_BAD_PARAM;
		}
	}
	profile_select = MLX5_GET(fw_model_roce_accl, reg, adp_retx_profile_select);
	if (profile_select) {
		profile_id = MLX5_GET(fw_model_roce_accl, reg, adp_retx_profile_id);
		radp_emu_profile_unpack(MLX5_ADDR_OF(fw_model_roce_accl, reg,
						     adp_retx_profile),
					&profile);
		*syndrome = radp_emu_profile_syndrome(a, profile_id, &profile);
		if (*syndrome)
			return RADP_EMU_STAT_BAD_PARAM;
	}

	/* All checked: apply the whole write or nothing. */
	for (i = 0; i < RADP_EMU_FEATURES; i++)
		if (selected[i])
			a->features[i] = val[i];
	if (profile_select) {
		radp_emu_profile_store(a, profile_id, &profile);
		a->active_id = profile_id;
	}
	return RADP_EMU_STAT_OK;
}

/* A register length the model takes: current firmware's or older's. */
static bool radp_emu_accl_len_ok(size_t len)
{
	return len == RADP_EMU_ACCL_LEN || len == RADP_EMU_ACCL_LEN_OLD;
}

static u8 radp_emu_access_reg(struct radp_emu *emu, const void *in,
			      size_t inlen, void *out, size_t outlen,
			      u32 *syndrome)
{
	const size_t off = RADP_EMU_REG_DATA_OFF;
	u32 op_mod = MLX5_GET(emu_access_reg_in, in, op_mod);
	u32 reg_id = MLX5_GET(emu_access_reg_in, in, register_id);
	u8 reg_in[RADP_EMU_ACCL_LEN];
	size_t reg_len;
	u32 profile_id;
	u8 status;

	if (radp_emu_hist_reg(reg_id))
		return radp_emu_hist_access(emu, in, inlen, out, outlen,
					    syndrome);
	if (reg_id != RADP_EMU_REG_ROCE_ACCL) {
		*syndrome = RADP_EMU_SYND_UNKNOWN_REG;
		return RADP_EMU_STAT_BAD_PARAM;
	}
	if (!READ_ONCE(emu->radp.roce_accl_cap)) {
		*syndrome = RADP_EMU_SYND_REG_UNSUPPORTED;
		return RADP_EMU_STAT_BAD_PARAM;
	}
	/*
	 * The register is as long as the input mailbox's data, 0x80 bytes or
	 * older firmware's 0x40; the output mailbox holds as much.
	 */
	reg_len = inlen - off;
	if (inlen < off || !radp_emu_accl_len_ok(reg_len)) {
		*syndrome = RADP_EMU_SYND_BAD_INP_LEN;
		return RADP_EMU_STAT_BAD_INP_LEN;
	}
	if (outlen != off + reg_len) {
		*syndrome = RADP_EMU_SYND_BAD_OUTP_LEN;
		return RADP_EMU_STAT_BAD_OUTP_LEN;
	}
	switch (op_mod) {
	case RADP_EMU_ACCESS_REG_READ:
		/*
		 * A query reads nothing but the profile it names (in the
		 * first 0x40 bytes, whichever the length) and answers in
		 * the output mailbox itself.
		 */
		profile_id = MLX5_GET(fw_model_roce_accl, (const u8 *)in + off,
				      adp_retx_profile_id);
		down_read(&emu->fw_lock);
		status = radp_emu_roce_accl_query(emu, profile_id,
						  (u8 *)out + off, reg_len,
						  syndrome);
		up_read(&emu->fw_lock);
		return status;
	case RADP_EMU_ACCESS_REG_WRITE:
		memcpy(reg_in, (const u8 *)in + off, reg_len);
		/* older firmware's length: the fields beyond it read as 0 */
		memset(reg_in + reg_len, 0, sizeof(reg_in) - reg_len);
		down_write(&emu->fw_lock);
		status = radp_emu_roce_accl_write(emu, reg_in, syndrome);
		up_write(&emu->fw_lock);
		return status;
	default:
		*syndrome = RADP_EMU_SYND_BAD_OP_MOD;
		return RADP_EMU_STAT_BAD_PARAM;
	}
}

struct radp_emu_fw_cmd {
	u16 opcode;
	/* Returns a command status; fills the output mailbox on success. */
	u8 (*exec)(struct radp_emu *emu, const void *in, size_t inlen,
		   void *out, size_t outlen, u32 *syndrome);
};

static const struct radp_emu_fw_cmd radp_emu_fw_cmds[] = {
	{ RADP_EMU_OP_QUERY_MPT, radp_emu_query_mpt },
	{ RADP_EMU_OP_ACCESS_REG, radp_emu_access_reg },
	{ }
};

static const struct radp_emu_fw_cmd *radp_emu_fw_cmd_find(u16 opcode)
{
	const struct radp_emu_fw_cmd *cmd;

	for (cmd = radp_emu_fw_cmds; cmd->exec; cmd++)
		if (cmd->opcode == opcode)
			return cmd;
	return NULL;
}

/*
 * The time the firmware takes to execute a command (knob cmd_delay_us),
 * slept outside fw_lock: commands in flight overlap, as on a NIC, and
 * readers do not queue behind each other's delay.
 */
static void radp_emu_fw_delay(struct radp_emu *emu)
{
	u32 us = READ_ONCE(emu->cmd_delay_us);

	if (us)
		usleep_range(us, us + 1);
}

enum radp_emu_fault_kind {
	RADP_EMU_FAULT_NONE,
	RADP_EMU_FAULT_FAIL,
	RADP_EMU_FAULT_HANG,
	RADP_EMU_FAULT_REPLY,
};

/*
 * Knobs hang_next, reply_next and fail_next: does this command meet one?
 * Read without the lock first, so that commands side by side do not take
 * turns on it when nothing is armed: a knob written while a command runs
 * may or may not meet that command, as with the lock.
 */
static enum radp_emu_fault_kind radp_emu_fault(struct radp_emu *emu,
					       void *out, u8 *status,
					       u32 *syndrome)
{
	enum radp_emu_fault_kind kind = RADP_EMU_FAULT_NONE;

	/* racy on purpose: anything armed takes the lock (below) */
	if (!data_race(emu->fault.hang_count || emu->fault.reply_armed ||
		       emu->fault.fail_count))
		return kind;
	spin_lock(&emu->fault.lock);
	if (emu->fault.hang_count) {
		emu->fault.hang_count--;
		kind = RADP_EMU_FAULT_HANG;
	} else if (emu->fault.reply_armed && emu->fault.reply_skip) {
		emu->fault.reply_skip--;
	} else if (emu->fault.reply_armed) {
		emu->fault.reply_armed = false;
		memcpy(out, emu->fault.reply, RADP_EMU_OUT_HDR_LEN);
		kind = RADP_EMU_FAULT_REPLY;
	} else if (emu->fault.fail_count && emu->fault.fail_skip) {
		emu->fault.fail_skip--;
	} else if (emu->fault.fail_count) {
		emu->fault.fail_count--;
		*status = emu->fault.fail_status;
		*syndrome = emu->fault.fail_syndrome;
		kind = RADP_EMU_FAULT_FAIL;
	}
	spin_unlock(&emu->fault.lock);
	return kind;
}

/*
 * Knob last_cmd: keep the command's input mailbox and its output header
 * (NULL: never answered, zeroes), once it is done. With commands in flight
 * side by side the newest kept is the last to finish: tests send one at a
 * time.
 */
static void radp_emu_keep(struct radp_emu *emu, const void *in, size_t inlen,
			  const void *out)
{
	typeof(emu->last[0]) *last;

	spin_lock(&emu->fault.lock);
	last = &emu->last[++emu->last_seq % RADP_EMU_LAST_CMDS];
	last->inlen = min_t(size_t, inlen, RADP_EMU_LAST_IN_LEN);
	memcpy(last->in, in, last->inlen);
	if (out)
		memcpy(last->out, out, RADP_EMU_OUT_HDR_LEN);
	else
		memset(last->out, 0, RADP_EMU_OUT_HDR_LEN);
	spin_unlock(&emu->fault.lock);
}

static int radp_emu_fw_exec_one(struct radp_emu *emu, const void *in,
				size_t inlen, void *out, size_t outlen)
{
	const struct radp_emu_fw_cmd *cmd;
	u32 syndrome = 0;
	u8 status;

	radp_emu_fw_delay(emu);
	if (outlen < RADP_EMU_OUT_HDR_LEN)
		return -EINVAL;	/* nowhere to put a status */
	/* A resetting firmware takes no command (the core checks first). */
	if (READ_ONCE(emu->resetting))
		return -EAGAIN;
	switch (radp_emu_fault(emu, out, &status, &syndrome)) {
	case RADP_EMU_FAULT_HANG:
		/* Dropped: never answered, nothing kept that could be. */
		radp_emu_keep(emu, in, inlen, NULL);
		return -EINPROGRESS;
	case RADP_EMU_FAULT_REPLY:
		/* The header as written to the knob, byte for byte. */
		memset((u8 *)out + RADP_EMU_OUT_HDR_LEN, 0,
		       outlen - RADP_EMU_OUT_HDR_LEN);
		radp_emu_keep(emu, in, inlen, out);
		return 0;
	case RADP_EMU_FAULT_FAIL:
		goto reply;
	case RADP_EMU_FAULT_NONE:
		break;
	}
	if (inlen < RADP_EMU_IN_HDR_LEN) {
		status = RADP_EMU_STAT_BAD_INP_LEN;
		syndrome = RADP_EMU_SYND_BAD_INP_LEN;
		goto reply;
	}

	cmd = radp_emu_fw_cmd_find(MLX5_GET(emu_cmd_in, in, opcode));
	if (!cmd) {
		status = RADP_EMU_STAT_BAD_OP;
		syndrome = RADP_EMU_SYND_BAD_OPCODE;
		goto reply;
	}
	status = cmd->exec(emu, in, inlen, out, outlen, &syndrome);
reply:
	if (status != RADP_EMU_STAT_OK)
		memset(out, 0, outlen);
	MLX5_SET(emu_cmd_out, out, status, status);
	MLX5_SET(emu_cmd_out, out, syndrome, syndrome);
	radp_emu_keep(emu, in, inlen, out);
	return 0;
}

int radp_emu_fw_exec(struct radp_dev *dev, const void *in, size_t inlen,
		     void *out, size_t outlen)
{
	struct radp_emu *emu = container_of(dev, struct radp_emu, radp);
	u64 start = local_clock();
	int err;

	/*
	 * local_clock(): the CPU's own, cheap counter; ktime_get() may read
	 * an emulated timer in a guest and cost as much as the command.
	 */
	err = radp_emu_fw_exec_one(emu, in, inlen, out, outlen);
	atomic64_add(local_clock() - start, &emu->busy_ns);
	return err;
}

/* The volatile part of ROCE_ACCL as the firmware starts with it. */
static void radp_emu_accl_defaults(struct radp_emu_accl *a)
{
	unsigned int id;

	memset(a->features, 0, sizeof(a->features));
	a->features[0] = 1;		/* adaptive retransmission on */
	a->active_id = 0;
	for (id = 0; id < RADP_EMU_PROFILES; id++)
		radp_emu_profile_store(a, id, &radp_emu_default_profile);
}

static void radp_emu_reset_end(struct work_struct *work)
{
	struct radp_emu *emu = container_of(to_delayed_work(work),
					    struct radp_emu, reset_work);

	WRITE_ONCE(emu->resetting, false);
	radp_dev_fw_reset(&emu->radp);
}

/*
 * Knob fw_reset: the firmware goes down for @ms milliseconds and comes
 * back with ROCE_ACCL at its defaults. The capabilities (knobs) and the
 * MPT table are left as they are.
 */
void radp_emu_fw_reset(struct radp_emu *emu, u32 ms)
{
	down_write(&emu->fw_lock);
	WRITE_ONCE(emu->resetting, true);
	radp_emu_accl_defaults(&emu->accl);
	radp_emu_hist_reset(emu);
	up_write(&emu->fw_lock);
	radp_dev_fw_reset_begin(&emu->radp);
	mod_delayed_work(system_percpu_wq, &emu->reset_work,
			 msecs_to_jiffies(ms));
}

int radp_emu_fw_init(struct radp_emu *emu)
{
	struct radp_emu_accl *a = &emu->accl;

	init_rwsem(&emu->fw_lock);
	spin_lock_init(&emu->fault.lock);
	INIT_DELAYED_WORK(&emu->reset_work, radp_emu_reset_end);
	radp_emu_accl_defaults(a);
	a->configurable = RADP_EMU_ACCL_CURRENT_FW;
	a->max_id = 1;
	a->max_range_num = RADP_EMU_RANGES;
	a->base_timeout_min = 4000;
	radp_emu_hist_init(emu);
	return radp_emu_mpt_init(emu);
}

void radp_emu_fw_fini(struct radp_emu *emu)
{
	radp_emu_mpt_fini(emu);
}
