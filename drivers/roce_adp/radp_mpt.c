// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/* The hermon MPT entry codec; see radp_mpt.h. */

#ifdef __KERNEL__
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <uapi/linux/roce_adp.h>
#else
#include <stddef.h>
#include <string.h>
#include <linux/roce_adp.h>
#endif

#include "radp_mpt.h"

#define RADP_MPT_U32(_fld, _member) {				\
	.name = #_member, .fld = _fld, .lo = -1,			\
	.offset = offsetof(struct radp_mpt, _member),			\
}

#define RADP_MPT_U64(_hi, _lo, _member) {				\
	.name = #_member, .fld = _hi, .lo = _lo,			\
	.offset = offsetof(struct radp_mpt, _member),			\
}

/* In the entry's order; mem_key is stored rotated, see radp_mpt_pack(). */
const struct radp_mpt_member radp_mpt_members[] = {
	RADP_MPT_U32(RADP_MPT_R_W, r_w),
	RADP_MPT_U32(RADP_MPT_PA, pa),
	RADP_MPT_U32(RADP_MPT_LR, lr),
	RADP_MPT_U32(RADP_MPT_LW, lw),
	RADP_MPT_U32(RADP_MPT_RR, rr),
	RADP_MPT_U32(RADP_MPT_RW, rw),
	RADP_MPT_U32(RADP_MPT_ATOMIC, atomic),
	RADP_MPT_U32(RADP_MPT_EB, eb),
	RADP_MPT_U32(RADP_MPT_ATC_REQ, atc_req),
	RADP_MPT_U32(RADP_MPT_ATC_XLATED, atc_xlated),
	RADP_MPT_U32(RADP_MPT_NO_SNOOP, no_snoop),
	RADP_MPT_U32(RADP_MPT_STATUS, status),
	RADP_MPT_U32(RADP_MPT_BQP, bqp),
	RADP_MPT_U32(RADP_MPT_QPN, qpn),
	RADP_MPT_U32(RADP_MPT_MEM_KEY, mem_key),
	RADP_MPT_U32(RADP_MPT_PD, pd),
	RADP_MPT_U32(RADP_MPT_EN_RINV, en_rinv),
	RADP_MPT_U32(RADP_MPT_EI, ei),
	RADP_MPT_U32(RADP_MPT_NCE, nce),
	RADP_MPT_U32(RADP_MPT_FRE, fre),
	RADP_MPT_U32(RADP_MPT_RAE, rae),
	RADP_MPT_U32(RADP_MPT_W_DIF, w_dif),
	RADP_MPT_U32(RADP_MPT_M_DIF, m_dif),
	RADP_MPT_U64(RADP_MPT_START_ADDR_H, RADP_MPT_START_ADDR_L, start_addr),
	RADP_MPT_U64(RADP_MPT_LEN_H, RADP_MPT_LEN_L, len),
	RADP_MPT_U32(RADP_MPT_LKEY, lkey),
	RADP_MPT_U32(RADP_MPT_WIN_CNT, win_cnt),
	RADP_MPT_U32(RADP_MPT_MTT_REP, mtt_rep),
	RADP_MPT_U32(RADP_MPT_BLOCK_MODE, block_mode),
	RADP_MPT_U32(RADP_MPT_LEN64, len64),
	RADP_MPT_U32(RADP_MPT_FBO_EN, fbo_en),
	RADP_MPT_U64(RADP_MPT_MTT_ADR_H, RADP_MPT_MTT_ADR_L, mtt_adr),
	RADP_MPT_U32(RADP_MPT_MTT_SIZE, mtt_size),
	RADP_MPT_U32(RADP_MPT_ENTITY_SIZE, entity_size),
	RADP_MPT_U32(RADP_MPT_MTT_FBO, mtt_fbo),
};

const unsigned int radp_mpt_members_count =
	ARRAY_SIZE(radp_mpt_members);

u64 radp_mpt_member_get(const struct radp_mpt *m,
			const struct radp_mpt_member *mm)
{
	const char *p = (const char *)m + mm->offset;

	return mm->lo >= 0 ? *(const u64 *)p : *(const u32 *)p;
}

void radp_mpt_member_set(struct radp_mpt *m, const struct radp_mpt_member *mm,
			 u64 val)
{
	char *p = (char *)m + mm->offset;

	if (mm->lo >= 0)
		*(u64 *)p = val;
	else
		*(u32 *)p = (u32)val;
}

const u16 radp_mpt_attrs[RADP_FLD_COUNT] = {
	[RADP_MPT_STATUS] = ROCE_ADP_A_MPT_ENTRY_STATUS,
	[RADP_MPT_R_W] = ROCE_ADP_A_MPT_ENTRY_R_W,
	[RADP_MPT_PA] = ROCE_ADP_A_MPT_ENTRY_PA,
	[RADP_MPT_ATC_REQ] = ROCE_ADP_A_MPT_ENTRY_ATC_REQ,
	[RADP_MPT_ATC_XLATED] = ROCE_ADP_A_MPT_ENTRY_ATC_XLATED,
	[RADP_MPT_NO_SNOOP] = ROCE_ADP_A_MPT_ENTRY_NO_SNOOP,
	[RADP_MPT_BQP] = ROCE_ADP_A_MPT_ENTRY_BQP,
	[RADP_MPT_QPN] = ROCE_ADP_A_MPT_ENTRY_QPN,
	[RADP_MPT_MEM_KEY] = ROCE_ADP_A_MPT_ENTRY_MEM_KEY,
	[RADP_MPT_PD] = ROCE_ADP_A_MPT_ENTRY_PD,
	[RADP_MPT_EN_RINV] = ROCE_ADP_A_MPT_ENTRY_EN_RINV,
	[RADP_MPT_EI] = ROCE_ADP_A_MPT_ENTRY_EI,
	[RADP_MPT_NCE] = ROCE_ADP_A_MPT_ENTRY_NCE,
	[RADP_MPT_FRE] = ROCE_ADP_A_MPT_ENTRY_FRE,
	[RADP_MPT_RAE] = ROCE_ADP_A_MPT_ENTRY_RAE,
	[RADP_MPT_W_DIF] = ROCE_ADP_A_MPT_ENTRY_W_DIF,
	[RADP_MPT_M_DIF] = ROCE_ADP_A_MPT_ENTRY_M_DIF,
	[RADP_MPT_START_ADDR_H] = ROCE_ADP_A_MPT_ENTRY_START_ADDR,
	[RADP_MPT_LEN_H] = ROCE_ADP_A_MPT_ENTRY_LEN,
	[RADP_MPT_LKEY] = ROCE_ADP_A_MPT_ENTRY_LKEY,
	[RADP_MPT_WIN_CNT] = ROCE_ADP_A_MPT_ENTRY_WIN_CNT,
	[RADP_MPT_MTT_REP] = ROCE_ADP_A_MPT_ENTRY_MTT_REP,
	[RADP_MPT_BLOCK_MODE] = ROCE_ADP_A_MPT_ENTRY_BLOCK_MODE,
	[RADP_MPT_LEN64] = ROCE_ADP_A_MPT_ENTRY_LEN64,
	[RADP_MPT_FBO_EN] = ROCE_ADP_A_MPT_ENTRY_FBO_EN,
	[RADP_MPT_MTT_ADR_H] = ROCE_ADP_A_MPT_ENTRY_MTT_ADR,
	[RADP_MPT_MTT_SIZE] = ROCE_ADP_A_MPT_ENTRY_MTT_SIZE,
	[RADP_MPT_ENTITY_SIZE] = ROCE_ADP_A_MPT_ENTRY_ENTITY_SIZE,
	[RADP_MPT_MTT_FBO] = ROCE_ADP_A_MPT_ENTRY_MTT_FBO,
};

const struct radp_mpt_access radp_mpt_access[RADP_MPT_ACCESS_BITS] = {
	{ RADP_MPT_LR, ROCE_ADP_MPT_ACCESS_LR },
	{ RADP_MPT_LW, ROCE_ADP_MPT_ACCESS_LW },
	{ RADP_MPT_RR, ROCE_ADP_MPT_ACCESS_RR },
	{ RADP_MPT_RW, ROCE_ADP_MPT_ACCESS_RW },
	{ RADP_MPT_ATOMIC, ROCE_ADP_MPT_ACCESS_ATOMIC },
	{ RADP_MPT_EB, ROCE_ADP_MPT_ACCESS_EB },
};

const struct radp_mpt_member *radp_mpt_member_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < radp_mpt_members_count; i++)
		if (!strcmp(radp_mpt_members[i].name, name))
			return &radp_mpt_members[i];
	return NULL;
}

/* Write every field of @m into @entry; reserved bits are zeroed. */
void radp_mpt_pack(void *entry, const struct radp_mpt *m)
{
	unsigned int i;

	memset(entry, 0, RADP_MPT_LEN);
	for (i = 0; i < radp_mpt_members_count; i++) {
		const struct radp_mpt_member *mm = &radp_mpt_members[i];
		u64 val = radp_mpt_member_get(m, mm);

		if (mm->fld == RADP_MPT_MEM_KEY)
			val = radp_mpt_key_to_hw((u32)val);
		if (mm->lo >= 0) {
			radp_set(entry, mm->fld, (u32)(val >> 32));
			radp_set(entry, (enum radp_fld)mm->lo, (u32)val);
		} else {
			radp_set(entry, mm->fld, (u32)val);
		}
	}
}
EXPORT_SYMBOL_GPL(radp_mpt_pack);

/* Decode @entry; every field is present in a hermon entry. */
void radp_mpt_unpack(const void *entry, struct radp_mpt *m)
{
	unsigned int i;

	memset(m, 0, sizeof(*m));
	for (i = 0; i < radp_mpt_members_count; i++) {
		const struct radp_mpt_member *mm = &radp_mpt_members[i];
		u64 val = radp_get(entry, mm->fld);

		if (mm->lo >= 0)
			val = (val << 32) | radp_get(entry, (enum radp_fld)mm->lo);
		if (mm->fld == RADP_MPT_MEM_KEY)
			val = radp_mpt_hw_to_key((u32)val);
		radp_mpt_member_set(m, mm, val);
	}
	m->present = RADP_MPT_ALL;
}
