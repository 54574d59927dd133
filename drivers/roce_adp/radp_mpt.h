/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * MPT (memory protection table) entry codec: the 64-byte hermon entry
 * (hermonprm_mpt_st) to and from a decoded struct. Built into the kernel
 * module, adpctl and the unit tests alike.
 */
#ifndef _RADP_MPT_H
#define _RADP_MPT_H

#include "radp_ifc.h"

#ifndef __KERNEL__
#include <stdbool.h>
#endif

/* Bit of struct radp_mpt's @present for one of its fields. */
#define RADP_MPT_BIT(fld)	(1ULL << ((fld) - RADP_MPT_FIRST))
#define RADP_MPT_ALL		(RADP_MPT_BIT(RADP_MPT_LAST + 1) - 1)

/*
 * The member of struct radp_mpt holding a 64-bit value, by the ID of its
 * RADP_MPT_FIELD64_H row (tools/fields-gen reads these lines).
 */
#define RADP_MPT_NAME64_START_ADDR_H	start_addr
#define RADP_MPT_NAME64_LEN_H		len
#define RADP_MPT_NAME64_MTT_ADR_H	mtt_adr

/*
 * struct radp_mpt, a member per row of the entry's list (radp_fields.h):
 * a u32 per row, a u64 per 64-bit pair; radp_mpt.c's table of members
 * maps them (see radp_reg.h).
 */
#include "radp_layouts-gen.h"

/**
 * struct radp_mpt_member - a member of struct radp_mpt and its field(s)
 * @name: the member's name: the PRM field's, without _h/_l for 64 bits
 * @fld: the field, or the _h half of a 64-bit member
 * @lo: the _l half of a 64-bit member, or -1
 * @offset: offsetof() the member (u32, or u64 when @lo >= 0)
 */
struct radp_mpt_member {
	const char *name;
	enum radp_fld fld;
	int lo;
	unsigned short offset;
};

extern const struct radp_mpt_member radp_mpt_members[];
extern const unsigned int radp_mpt_members_count;

u64 radp_mpt_member_get(const struct radp_mpt *m,
			const struct radp_mpt_member *mm);
void radp_mpt_member_set(struct radp_mpt *m, const struct radp_mpt_member *mm,
			 u64 val);

/* The key as stored in the entry and back; the MPT index is key >> 8. */
static inline u32 radp_mpt_key_to_hw(u32 key)
{
	return (key << 24) | (key >> 8);
}

static inline u32 radp_mpt_hw_to_key(u32 hw)
{
	return (hw << 8) | (hw >> 24);
}

static inline u32 radp_mpt_key_index(u32 key)
{
	return key >> 8;
}

/* A HW-owned entry is a live region or window; others are free/invalid. */
static inline bool radp_mpt_status_valid(u32 status)
{
	return status != RADP_MPT_STATUS_FREE &&
	       status != RADP_MPT_STATUS_INVALID;
}

const struct radp_mpt_member *radp_mpt_member_find(const char *name);

/*
 * A field's netlink attribute (ROCE_ADP_A_MPT_ENTRY_*) is its row's in
 * radp_fields[], 64-bit fields' on their _h half; the access bits have
 * none: they travel together as the flags of ROCE_ADP_A_MPT_ENTRY_ACCESS.
 */
#define RADP_MPT_ACCESS_BITS	6

/* An access bit and its flag (ROCE_ADP_MPT_ACCESS_*). */
struct radp_mpt_access {
	enum radp_fld fld;
	u32 flag;
};

extern const struct radp_mpt_access radp_mpt_access[RADP_MPT_ACCESS_BITS];
u32 radp_mpt_access_flags(const struct radp_mpt *m, bool *present);
void radp_mpt_pack(void *entry, const struct radp_mpt *m);
void radp_mpt_unpack(const void *entry, struct radp_mpt *m);

#endif /* _RADP_MPT_H */
