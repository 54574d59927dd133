// SPDX-License-Identifier: GPL-2.0
/* Replies put alike by the module and by adpctl over fwctl: radp_nl_put.h. */

#ifndef __KERNEL__
#include <errno.h>
#endif

#include "radp_nl_put.h"

/**
 * radp_nl_put_profile - ROCE_ADP_A_PROFILE: profile @id, its ranges nested
 * @msg: the message
 * @id: the profile's id
 * @p: the profile
 *
 * Return: 0, or -EMSGSIZE.
 */
int radp_nl_put_profile(struct radp_nl_msg *msg, u32 id,
			const struct radp_profile *p)
{
	struct nlattr *nest, *range;
	unsigned int r;

	nest = nla_nest_start(msg, ROCE_ADP_A_PROFILE);
	if (!nest ||
	    radp_nl_put_field(msg, RADP_ROCE_ACCL_ADP_RETX_PROFILE_ID, id) ||
	    radp_nl_put_members(msg, p, radp_profile_members,
				radp_profile_members_count))
		return -EMSGSIZE;
	for (r = 0; r < RADP_RANGES; r++) {
		range = nla_nest_start(msg, ROCE_ADP_A_PROFILE_RANGE);
		if (!range || nla_put_u32(msg, ROCE_ADP_A_RANGE_INDEX, r) ||
		    radp_nl_put_members(msg, &p->range[r], radp_range_members,
					radp_range_members_count))
			return -EMSGSIZE;
		nla_nest_end(msg, range);
	}
	nla_nest_end(msg, nest);
	return 0;
}

/**
 * radp_nl_put_accl - ROCE_ACCL as an ACCL_GET reply carries it
 * @msg: the message
 * @r: the register, decoded
 * @age_ms: the age of what @r holds (0: read for this reply)
 * @raw: the register's RADP_ROCE_ACCL_LEN bytes, or NULL for none
 *
 * The caps nest in attribute order, the profile in effect, the age, the
 * raw bytes, then the features and which of them are configurable.
 *
 * Return: 0, or -EMSGSIZE.
 */
int radp_nl_put_accl(struct radp_nl_msg *msg, const struct radp_roce_accl *r,
		     u32 age_ms, const u8 *raw)
{
	const u32 all = (1u << RADP_ACCL_FEATURE_COUNT) - 1;
	u32 selects[RADP_ACCL_FEATURE_COUNT];
	const struct radp_member *m;
	struct nlattr *caps;
	unsigned int i;
	int type;

	caps = nla_nest_start(msg, ROCE_ADP_A_CAPS);
	if (!caps)
		return -EMSGSIZE;
	for (type = 1; type <= ROCE_ADP_A_CAPS_MAX; type++) {
		m = radp_accl_cap_member(type);
		if (m && nla_put_u32(msg, type, *radp_member_ptr((void *)r, m)))
			return -EMSGSIZE;
	}
	nla_nest_end(msg, caps);
	if (nla_put_u32(msg, ROCE_ADP_A_ACTIVE_PROFILE_ID, r->profile_id) ||
	    nla_put_u32(msg, ROCE_ADP_A_AGE_MS, age_ms))
		return -EMSGSIZE;
	if (raw && nla_put(msg, ROCE_ADP_A_ACCL_REG, RADP_ROCE_ACCL_LEN, raw))
		return -EMSGSIZE;
	for (i = 0; i < RADP_ACCL_FEATURE_COUNT; i++)
		selects[i] = (r->field_select >> i) & 1;
	return radp_nl_put_features(msg, ROCE_ADP_A_ACCL, r->features, all) ?:
	       radp_nl_put_features(msg, ROCE_ADP_A_ACCL_CONFIGURABLE, selects,
				    all);
}

#ifndef __KERNEL__
int radp_nl_put_field(struct radp_nl_msg *msg, enum radp_fld fld, u32 val)
{
	const struct radp_field *f = &radp_fields[fld];

	if (f->nla == RADP_NLA_U8)
		return nla_put_u8(msg, f->attr, val);
	return nla_put_u32(msg, f->attr, val);
}

int radp_nl_put_members(struct radp_nl_msg *msg, const void *obj,
			const struct radp_member *members, unsigned int count)
{
	unsigned int i;

	for (i = 0; i < count; i++)
		if (radp_nl_put_field(msg, members[i].fld,
				      *radp_member_ptr((void *)obj,
						       &members[i])))
			return -EMSGSIZE;
	return 0;
}

int radp_nl_put_features(struct radp_nl_msg *msg, int type, const u32 *values,
			 u32 mask)
{
	struct nlattr *nest = nla_nest_start(msg, type);
	unsigned int i;

	if (!nest)
		return -EMSGSIZE;
	for (i = 0; i < RADP_ACCL_FEATURE_COUNT; i++)
		if ((mask >> i & 1) &&
		    nla_put_u8(msg, radp_fields[radp_accl_en_flds[i]].attr,
			       values[i]))
			return -EMSGSIZE;
	nla_nest_end(msg, nest);
	return 0;
}
#endif
