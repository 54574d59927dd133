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

/* struct mlx5_ifc_mkc_bits, as radp_fields.h lists it. */
const struct radp_field radp_mkc_fields[RADP_MKC_FLD_COUNT] = {
#define RADP_MKC_FIELD(_id, _name, _byte, _hi, _lo, ...)		\
	[RADP_MKC_##_id] = {						\
		.name = #_name, .byte = _byte, .hi = _hi, .lo = _lo	\
	},
#include "radp_fields.h"
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

/**
 * radp_query_mkey_in - the QUERY_MKEY inbox of mkey index @mkey_index
 * @in: RADP_QUERY_MKEY_IN_LEN bytes, zeroed by the caller
 * @mkey_index: below 1 << RADP_MKEY_INDEX_BITS
 */
void radp_query_mkey_in(void *in, u32 mkey_index)
{
	u8 *b = in;

	b[0] = RADP_CMD_OP_QUERY_MKEY >> 8;
	b[1] = RADP_CMD_OP_QUERY_MKEY & 0xff;
	b[RADP_QUERY_MKEY_INDEX_OFF + 1] = mkey_index >> 16;
	b[RADP_QUERY_MKEY_INDEX_OFF + 2] = mkey_index >> 8;
	b[RADP_QUERY_MKEY_INDEX_OFF + 3] = mkey_index;
}

/**
 * radp_query_mkey_mpt - the MPT entry a QUERY_MKEY answered for
 * @out: the outbox, RADP_QUERY_MKEY_OUT_LEN bytes
 * @err: what sending the command returned
 * @mkey_index: the index queried
 * @mpt: overwritten unless an error is returned
 *
 * Return: @err, but 0 for the status BAD_RES_STATE (an index that holds
 * no mkey, assumed without hardware to see it), reported as hermon
 * reports an unused entry so that a dump goes on past it.
 */
int radp_query_mkey_mpt(const void *out, int err, u32 mkey_index,
			struct radp_mpt *mpt)
{
	/* status: bits 31:24 of the outbox's first dword */
	if (err && ((const u8 *)out)[0] != RADP_CMD_STAT_BAD_RES_STATE)
		return err;
	if (err) {
		memset(mpt, 0, sizeof(*mpt));
		mpt->status = RADP_MPT_STATUS_INVALID;
		mpt->present = RADP_MPT_BIT(RADP_MPT_STATUS);
		return 0;
	}
	radp_mkc_to_mpt((const u8 *)out + RADP_QUERY_MKEY_MKC_OFF, mkey_index,
			mpt);
	return 0;
}
