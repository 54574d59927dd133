/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * The ADP retransmission histogram's registers, ADP_RETX_HISTOGRAM_CONFIG
 * (0xC01D) and ADP_RETX_HISTOGRAM (0xC01E): codec and configuration rules.
 * Built into the kernel module, the unit tests and adpctl (libradp), so
 * that the module's rules are the ones adpctl shows a layout by; every
 * position comes from the rows of radp_fields.h.
 */
#ifndef _RADP_HIST_H
#define _RADP_HIST_H

#include "radp_reg.h"

/* struct radp_hist_config: radp_layouts-gen.h, by radp_reg.h. */
extern const struct radp_member radp_hist_config_members[];
extern const unsigned int radp_hist_config_members_count;

void radp_hist_config_pack(void *reg, const struct radp_hist_config *c);
void radp_hist_config_unpack(const void *reg, struct radp_hist_config *c);

/* ADP_RETX_HISTOGRAM: its bin_num, and counter @i of a register read. */
u32 radp_hist_bin_num(const void *reg);
u64 radp_hist_bin_get(const void *reg, u32 i);
void radp_hist_bin_set(void *reg, u32 i, u64 count);

/* Do two configurations bin the same way (bin_num, widths, unit, mode)? */
bool radp_hist_same_layout(const struct radp_hist_config *a,
			   const struct radp_hist_config *b);

/* Is the last bin's lower edge below 2^64-1 ns? (one of the rules below) */
bool radp_hist_last_edge_fits(const struct radp_hist_config *c);

/**
 * radp_hist_config_check - the first rule a configuration to write breaks
 * @c: the whole configuration, with the device's time_unit_cap and
 *	bin_num_max
 * @fld: set to the field to blame
 *
 * Return: NULL if @c may be written, else what is wrong, naming the field.
 */
const char *radp_hist_config_check(const struct radp_hist_config *c,
				   enum radp_fld *fld);

#endif /* _RADP_HIST_H */
