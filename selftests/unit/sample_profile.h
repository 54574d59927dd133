/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The valid profile both unit tests start from: 4 us time base, initial
 * timeout 4 us << 2..3, ranges [0, 2], [2, 5], [5, 9], [9, 17] (shifts of
 * time_base, strictly increasing), total timeout 4 us << 22. Every shift
 * stays far below 32.
 *
 * A line per dword of adp_retx_profile, its fields in the order the
 * layout has them: the bytes of codec_test's prof_real_bytes.
 */
#ifndef RADP_UNIT_SAMPLE_PROFILE_H
#define RADP_UNIT_SAMPLE_PROFILE_H

#include "radp_reg.h"

/* A timeout_range entry, one dword: its fields from bit 30 down. */
#define SAMPLE_RANGE(_prev, _dec, _retry, _low, _size)			\
	{ .prev_range_index = _prev, .dec_mode = _dec,			\
	  .timeout_retry_num = _retry, .range_low_bound = _low,		\
	  .range_size = _size }

static const struct radp_profile sample_profile = {
	/* 00h */
	.qp_total_timeout = 0, .range_num = 4, .start_range_index = 1,
	.time_unit = 1, .time_base = 4,
	/* 04h */
	.retx_total_timeout = 22, .timeout_init_low_bound = 2,
	.timeout_init_range_size = 2,
	/* 08h to 14h: prev_range_index, dec_mode, timeout_retry_num, bounds */
	.range = {
		SAMPLE_RANGE(0, 2, 3, 0, 2),
		SAMPLE_RANGE(0, 1, 2, 2, 3),
		SAMPLE_RANGE(1, 0, 2, 5, 4),
		SAMPLE_RANGE(2, 0, 300, 9, 8),
	},
};

#undef SAMPLE_RANGE

#endif /* RADP_UNIT_SAMPLE_PROFILE_H */
