// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * The mlx5 mkey context and its mapping to the hermon MPT entry; see
 * radp_mkc.h and Documentation/mlx5-backend.rst, whose table this code
 * implements.
 */

#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#include "radp_mkc.h"

#define RADP_MKC_FIELD(_fld, _name, _byte, _hi, _lo) \
	[_fld] = { .name = _name, .byte = _byte, .hi = _hi, .lo = _lo }

/*
 * struct mlx5_ifc_mkc_bits of include/linux/mlx5/mlx5_ifc.h (6.12). There a
 * field is a bit offset from the start, most significant bit first; the
 * comment gives that offset and width, the row the same bits the PRM way:
 * dword byte offset, then bits counted from the least significant.
 * log_page_size is 6 bits wide there, 5 in 6.1's header, where the top
 * bit is reserved (0 from firmware that predates it).
 */
const struct radp_field radp_mkc_fields[RADP_MKC_FLD_COUNT] = {
	/* 0x001 +1 */
	RADP_MKC_FIELD(RADP_MKC_FREE,		"free",			0x00, 30, 30),
	/* 0x003 +3 */
	RADP_MKC_FIELD(RADP_MKC_ACCESS_MODE_4_2, "access_mode_4_2",	0x00, 28, 26),
	/* 0x010 +1 */
	RADP_MKC_FIELD(RADP_MKC_UMR_EN,		"umr_en",		0x00, 15, 15),
	/* 0x011 +1 */
	RADP_MKC_FIELD(RADP_MKC_A,		"a",			0x00, 14, 14),
	/* 0x012 +1 */
	RADP_MKC_FIELD(RADP_MKC_RW,		"rw",			0x00, 13, 13),
	/* 0x013 +1 */
	RADP_MKC_FIELD(RADP_MKC_RR,		"rr",			0x00, 12, 12),
	/* 0x014 +1 */
	RADP_MKC_FIELD(RADP_MKC_LW,		"lw",			0x00, 11, 11),
	/* 0x015 +1 */
	RADP_MKC_FIELD(RADP_MKC_LR,		"lr",			0x00, 10, 10),
	/* 0x016 +2 */
	RADP_MKC_FIELD(RADP_MKC_ACCESS_MODE_1_0, "access_mode_1_0",	0x00, 9, 8),
	/* 0x020 +0x18 */
	RADP_MKC_FIELD(RADP_MKC_QPN,		"qpn",			0x04, 31, 8),
	/* 0x038 +8 */
	RADP_MKC_FIELD(RADP_MKC_MKEY_7_0,	"mkey_7_0",		0x04, 7, 0),
	/* 0x060 +1 */
	RADP_MKC_FIELD(RADP_MKC_LENGTH64,	"length64",		0x0c, 31, 31),
	/* 0x067 +1 */
	RADP_MKC_FIELD(RADP_MKC_EN_RINVAL,	"en_rinval",		0x0c, 24, 24),
	/* 0x068 +0x18 */
	RADP_MKC_FIELD(RADP_MKC_PD,		"pd",			0x0c, 23, 0),
	/* 0x080 +0x40: start_addr */
	RADP_MKC_FIELD(RADP_MKC_START_ADDR_H,	"start_addr_h",		0x10, 31, 0),
	RADP_MKC_FIELD(RADP_MKC_START_ADDR_L,	"start_addr_l",		0x14, 31, 0),
	/* 0x0c0 +0x40: len */
	RADP_MKC_FIELD(RADP_MKC_LEN_H,		"len_h",		0x18, 31, 0),
	RADP_MKC_FIELD(RADP_MKC_LEN_L,		"len_l",		0x1c, 31, 0),
	/* 0x1a0 +0x20 */
	RADP_MKC_FIELD(RADP_MKC_TRANSLATIONS_OCTWORD_SIZE,
		       "translations_octword_size",			0x34, 31, 0),
	/* 0x1da +6 */
	RADP_MKC_FIELD(RADP_MKC_LOG_PAGE_SIZE,	"log_page_size",	0x38, 5, 0),
};

u32 radp_mkc_get(const void *mkc, enum radp_mkc_fld fld)
{
	return radp_field_get(mkc, &radp_mkc_fields[fld]);
}

static u64 radp_mkc_get64(const void *mkc, enum radp_mkc_fld hi,
			  enum radp_mkc_fld lo)
{
	return (u64)radp_mkc_get(mkc, hi) << 32 | radp_mkc_get(mkc, lo);
}

/**
 * radp_mkc_to_mpt - the hermon MPT fields an mkey context answers for
 * @mkc: the mkey context, RADP_MKC_LEN bytes as QUERY_MKEY returns it
 * @mkey_index: the index it was queried with (the key's bits 31:8)
 * @mpt: overwritten; @mpt->present has a bit for each field set here
 *
 * Fields with no counterpart in the mkey context stay 0 and absent.
 */
void radp_mkc_to_mpt(const void *mkc, u32 mkey_index, struct radp_mpt *mpt)
{
	u32 mode = radp_mkc_get(mkc, RADP_MKC_ACCESS_MODE_4_2) << 2 |
		   radp_mkc_get(mkc, RADP_MKC_ACCESS_MODE_1_0);
	u64 octwords = radp_mkc_get(mkc, RADP_MKC_TRANSLATIONS_OCTWORD_SIZE);

	memset(mpt, 0, sizeof(*mpt));
	mpt->present = RADP_MKC_MPT_PRESENT;

	/* No translation at all is what hermon calls a physical region. */
	mpt->pa = mode == RADP_MKC_ACCESS_MODE_PA;
	mpt->lr = radp_mkc_get(mkc, RADP_MKC_LR);
	mpt->lw = radp_mkc_get(mkc, RADP_MKC_LW);
	mpt->rr = radp_mkc_get(mkc, RADP_MKC_RR);
	mpt->rw = radp_mkc_get(mkc, RADP_MKC_RW);
	mpt->atomic = radp_mkc_get(mkc, RADP_MKC_A);
	mpt->status = radp_mkc_get(mkc, RADP_MKC_FREE) ?
		      RADP_MPT_STATUS_FREE : RADP_MPT_STATUS_HW;
	mpt->qpn = radp_mkc_get(mkc, RADP_MKC_QPN);
	mpt->bqp = mpt->qpn != RADP_MKC_QPN_NONE;
	/* The index is the key's bits 31:8, the context holds bits 7:0. */
	mpt->mem_key = mkey_index << 8 | radp_mkc_get(mkc, RADP_MKC_MKEY_7_0);
	mpt->pd = radp_mkc_get(mkc, RADP_MKC_PD);
	mpt->en_rinv = radp_mkc_get(mkc, RADP_MKC_EN_RINVAL);
	/* mlx5 does fast registration with UMR; umr_en allows it. */
	mpt->fre = radp_mkc_get(mkc, RADP_MKC_UMR_EN);
	mpt->start_addr = radp_mkc_get64(mkc, RADP_MKC_START_ADDR_H,
					 RADP_MKC_START_ADDR_L);
	mpt->len = radp_mkc_get64(mkc, RADP_MKC_LEN_H, RADP_MKC_LEN_L);
	mpt->len64 = radp_mkc_get(mkc, RADP_MKC_LENGTH64);

	/* An octword (16 bytes) holds two 8-byte MTT entries. */
	if (mode == RADP_MKC_ACCESS_MODE_MTT && octwords * 2 <= 0xffffffffULL) {
		mpt->mtt_size = (u32)(octwords * 2);
		mpt->present |= RADP_MPT_BIT(RADP_MPT_MTT_SIZE);
	}
	/* Pages (MTT) and fixed-size blocks (KSM) are 2^log_page_size bytes. */
	if (mode == RADP_MKC_ACCESS_MODE_MTT || mode == RADP_MKC_ACCESS_MODE_KSM) {
		mpt->entity_size = radp_mkc_get(mkc, RADP_MKC_LOG_PAGE_SIZE);
		mpt->present |= RADP_MPT_BIT(RADP_MPT_ENTITY_SIZE);
	}
}
