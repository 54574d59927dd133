/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * The mlx5 mkey context (mlx5_ifc_mkc_bits, 64 bytes) that QUERY_MKEY
 * returns, and its mapping to the hermon MPT entry of struct radp_mpt.
 * Built into roce_adp_mlx5 and the unit tests; the mapping is a pure
 * function of the context's bytes and the mkey index.
 */
#ifndef _RADP_MKC_H
#define _RADP_MKC_H

#include "radp_mpt.h"

#define RADP_MKC_LEN			0x40	/* sizeof mlx5_ifc_mkc_bits / 8 */
#define RADP_MKEY_INDEX_BITS		24	/* query_mkey_in.mkey_index */

/* mkc.qpn of an mkey bound to no QP (what mlx5_ib writes for every MR). */
#define RADP_MKC_QPN_NONE		0xffffff

/* access_mode_4_2:access_mode_1_0, as enum MLX5_MKC_ACCESS_MODE_* */
enum {
	RADP_MKC_ACCESS_MODE_PA		= 0x0,
	RADP_MKC_ACCESS_MODE_MTT	= 0x1,
	RADP_MKC_ACCESS_MODE_KLMS	= 0x2,
	RADP_MKC_ACCESS_MODE_KSM	= 0x3,
};

/* The mkey context fields the mapping reads (radp_fields.h), by row. */
enum radp_mkc_fld {
#define RADP_MKC_FIELD(_id, ...)	RADP_MKC_##_id,
#include "radp_fields.h"

	RADP_MKC_FLD_COUNT,
};

extern const struct radp_field radp_mkc_fields[RADP_MKC_FLD_COUNT];

/* The hermon fields every mkey context answers for. */
#define RADP_MKC_MPT_PRESENT						\
	(RADP_MPT_BIT(RADP_MPT_PA) | RADP_MPT_BIT(RADP_MPT_LR) |		\
	 RADP_MPT_BIT(RADP_MPT_LW) | RADP_MPT_BIT(RADP_MPT_RR) |		\
	 RADP_MPT_BIT(RADP_MPT_RW) | RADP_MPT_BIT(RADP_MPT_ATOMIC) |	\
	 RADP_MPT_BIT(RADP_MPT_STATUS) | RADP_MPT_BIT(RADP_MPT_BQP) |	\
	 RADP_MPT_BIT(RADP_MPT_QPN) | RADP_MPT_BIT(RADP_MPT_MEM_KEY) |	\
	 RADP_MPT_BIT(RADP_MPT_PD) | RADP_MPT_BIT(RADP_MPT_EN_RINV) |	\
	 RADP_MPT_BIT(RADP_MPT_FRE) | RADP_MPT_BIT(RADP_MPT_START_ADDR_H) | \
	 RADP_MPT_BIT(RADP_MPT_LEN_H) | RADP_MPT_BIT(RADP_MPT_LEN64))

/*
 * QUERY_MKEY, as mlx5_ifc.h lays out query_mkey_in and query_mkey_out:
 * mkey_index at bits 23:0 of the inbox's third dword, the mkey context
 * (memory_key_mkey_entry) at 0x10 of the outbox.
 */
#define RADP_CMD_OP_QUERY_MKEY		0x201
#define RADP_QUERY_MKEY_IN_LEN		0x10
#define RADP_QUERY_MKEY_OUT_LEN		0x130
#define RADP_QUERY_MKEY_INDEX_OFF	0x08
#define RADP_QUERY_MKEY_MKC_OFF		0x10

void radp_query_mkey_in(void *in, u32 mkey_index);
int radp_query_mkey_mpt(const void *out, int err, u32 mkey_index,
			struct radp_mpt *mpt);
u32 radp_mkc_get(const void *mkc, enum radp_mkc_fld fld);
void radp_mkc_to_mpt(const void *mkc, u32 mkey_index, struct radp_mpt *mpt);

#endif /* _RADP_MKC_H */
