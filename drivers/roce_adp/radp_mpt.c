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
},

#define RADP_MPT_U64(_hi, _lo, _member)	RADP_MPT_U64_(_hi, _lo, _member)
#define RADP_MPT_U64_(_hi, _lo, _member) {				\
	.name = #_member, .fld = _hi, .lo = _lo,			\
	.offset = offsetof(struct radp_mpt, _member),			\
},

/* In the entry's order; mem_key is stored rotated, see radp_mpt_pack(). */
const struct radp_mpt_member radp_mpt_members[] = {
#define RADP_MPT_FIELD(_id, _name, ...)	RADP_MPT_U32(RADP_MPT_##_id, _name)
/* The _l half of a 64-bit value is the row after its _h half. */
#define RADP_MPT_FIELD64_H(_id, ...) \
	RADP_MPT_U64(RADP_MPT_##_id, RADP_MPT_##_id + 1, RADP_MPT_NAME64_##_id)
#define RADP_MPT_FIELD64_L(...)
#include "radp_fields.h"
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

const struct radp_mpt_access radp_mpt_access[RADP_MPT_ACCESS_BITS] = {
	{ RADP_MPT_LR, ROCE_ADP_MPT_ACCESS_LR },
	{ RADP_MPT_LW, ROCE_ADP_MPT_ACCESS_LW },
	{ RADP_MPT_RR, ROCE_ADP_MPT_ACCESS_RR },
	{ RADP_MPT_RW, ROCE_ADP_MPT_ACCESS_RW },
	{ RADP_MPT_ATOMIC, ROCE_ADP_MPT_ACCESS_ATOMIC },
	{ RADP_MPT_EB, ROCE_ADP_MPT_ACCESS_EB },
};

/**
 * radp_mpt_access_flags - the ROCE_ADP_MPT_ACCESS_* flags of an entry
 * @m: the entry
 * @present: set when @m has any access bit, else cleared
 *
 * Return: the flags of the access bits @m has and holds set.
 */
u32 radp_mpt_access_flags(const struct radp_mpt *m, bool *present)
{
	const struct radp_mpt_member *mm;
	u32 access = 0;
	unsigned int i;

	*present = false;
	for (i = 0; i < RADP_MPT_ACCESS_BITS; i++) {
		if (!(m->present & RADP_MPT_BIT(radp_mpt_access[i].fld)))
			continue;
		*present = true;
		mm = &radp_mpt_members[radp_mpt_access[i].fld - RADP_MPT_FIRST];
		if (radp_mpt_member_get(m, mm))
			access |= radp_mpt_access[i].flag;
	}
	return access;
}

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
