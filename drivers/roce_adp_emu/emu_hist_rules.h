/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The firmware model's own rules for ADP_RETX_HISTOGRAM_CONFIG and its
 * binning (emu_hist_rules.c). Free of the kernel's headers so that the
 * layout property test (selftests/unit/hist_layout_test.c) runs the
 * model's rules on the host beside the driver's and adpctl's; like the
 * rest of the model it shares no code with them (emu_ifc.h).
 */
#ifndef _RADP_EMU_HIST_RULES_H
#define _RADP_EMU_HIST_RULES_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include "radp_user_types.h"
#endif

#define RADP_EMU_HIST_BINS_MAX		255	/* bin_num is 8 bits */

/* Encodings of the configuration's fields, from the PRM table. */
enum {
	RADP_EMU_HIST_UNIT_NS,
	RADP_EMU_HIST_UNIT_US,
	RADP_EMU_HIST_UNIT_100US,
	RADP_EMU_HIST_UNIT_MS,
};

enum {
	RADP_EMU_HIST_WIDTH_FIXED,
	RADP_EMU_HIST_WIDTH_DOUBLE,
};

/* The syndromes of a configuration write the model refuses, one a rule. */
enum {
	RADP_EMU_SYND_HIST_BIN_NUM_ZERO		= 0x0ad52001,
	RADP_EMU_SYND_HIST_BIN_NUM_MAX		= 0x0ad52002,
	RADP_EMU_SYND_HIST_BIN0_WIDTH		= 0x0ad52003,
	RADP_EMU_SYND_HIST_BIN1_WIDTH		= 0x0ad52004,
	RADP_EMU_SYND_HIST_TIME_UNIT		= 0x0ad52005,
	RADP_EMU_SYND_HIST_WIDTH_MODE		= 0x0ad52006,
	RADP_EMU_SYND_HIST_VHCA_ID		= 0x0ad52007,
	RADP_EMU_SYND_HIST_EDGE_OVERFLOW	= 0x0ad52008,
};

/* ADP_RETX_HISTOGRAM_CONFIG's read-write fields, decoded (emu_hist.c). */
struct radp_emu_hist_cfg {
	u32 count_enable;
	u32 clear_on_read;
	u32 vhca_id_valid;
	u32 time_unit;
	u32 bin_width_mode;
	u32 bin_num;
	u32 vhca_id;
	u32 bin0_width;
	u32 bin1_width;
};

/* a + b, saturated at 2^64-1. */
u64 radp_emu_hist_sat_add(u64 a, u64 b);
/* The bin a timeout of @t ns lands in under @c. */
u32 radp_emu_hist_bin(const struct radp_emu_hist_cfg *c, u64 t);
/* The last bin's lower edge in ns, saturated at 2^64-1; 0 with one bin. */
u64 radp_emu_hist_last_edge(const struct radp_emu_hist_cfg *c);
/*
 * The syndrome a write of @c gets from firmware with @bin_num_max and
 * @time_unit_cap; 0 if it is taken.
 */
u32 radp_emu_hist_syndrome(const struct radp_emu_hist_cfg *c,
			   u32 bin_num_max, u32 time_unit_cap);

#endif /* _RADP_EMU_HIST_RULES_H */
