/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The valid profile both unit tests start from: 4 us time base, initial
 * timeout 4 us << 2..3, ranges [0, 2], [2, 5], [5, 9], [9, 17] (shifts of
 * time_base, strictly increasing), total timeout 4 us << 22. Every shift
 * stays far below 32.
 */
#ifndef RADP_UNIT_SAMPLE_PROFILE_H
#define RADP_UNIT_SAMPLE_PROFILE_H

#include "radp_reg.h"

static const struct radp_profile sample_profile = {
	.qp_total_timeout = 0,
	.range_num = 4,
	.start_range_index = 1,
	.time_unit = 1,
	.time_base = 4,
	.retx_total_timeout = 22,
	.timeout_init_low_bound = 2,
	.timeout_init_range_size = 2,
	.range = {
		{ .prev_range_index = 0, .dec_mode = 2, .timeout_retry_num = 3,
		  .range_low_bound = 0, .range_size = 2 },
		{ .prev_range_index = 0, .dec_mode = 1, .timeout_retry_num = 2,
		  .range_low_bound = 2, .range_size = 3 },
		{ .prev_range_index = 1, .dec_mode = 0, .timeout_retry_num = 2,
		  .range_low_bound = 5, .range_size = 4 },
		{ .prev_range_index = 2, .dec_mode = 0, .timeout_retry_num = 300,
		  .range_low_bound = 9, .range_size = 8 },
	},
};

#endif /* RADP_UNIT_SAMPLE_PROFILE_H */
