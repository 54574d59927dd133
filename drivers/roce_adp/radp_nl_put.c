// SPDX-License-Identifier: GPL-2.0
/* Replies put alike by the module and by adpctl over fwctl: radp_nl_put.h. */

#ifndef __KERNEL__
#include <errno.h>
#endif

#include "radp_nl_put.h"

/* Room for @len bytes of attributes at the message's end, or NULL. */
static void *radp_nl_reserve(struct radp_nl_msg *msg, int len)
{
#ifdef __KERNEL__
	if (skb_tailroom(msg) < len)
		return NULL;
	return skb_put(msg, len);
#else
	return nlmsg_reserve(msg, len, NLA_ALIGNTO);
#endif
}

/* An attribute's header at *@pos for a @len byte payload; *@pos moves on. */
static struct nlattr *radp_nl_attr_at(char **pos, int type, int len)
{
	struct nlattr *nla = (struct nlattr *)*pos;

	nla->nla_type = type;
	nla->nla_len = nla_attr_size(len);
	*pos += nla_total_size(len);
	return nla;
}

/* Field @fld as its u8 or u32 attribute at *@pos, the padding zeroed. */
static void radp_nl_field_at(char **pos, enum radp_fld fld, u32 val)
{
	const struct radp_field *f = &radp_fields[fld];
	struct nlattr *nla = radp_nl_attr_at(pos, f->attr, sizeof(u32));
	u32 *data = nla_data(nla);

	if (f->nla == RADP_NLA_U8) {
		nla->nla_len = nla_attr_size(sizeof(u8));
		*data = 0;
		*(u8 *)data = val;
	} else {
		*data = val;
	}
}

/* @count members of @obj, as radp_nl_field_at() puts them. */
static void radp_nl_members_at(char **pos, const void *obj,
			       const struct radp_member *members,
			       unsigned int count)
{
	unsigned int i;

	for (i = 0; i < count; i++)
		radp_nl_field_at(pos, members[i].fld,
				 *radp_member_ptr((void *)obj, &members[i]));
}

/**
 * radp_nl_profile_len - what radp_nl_put_profile() writes, in bytes
 *
 * Return: the nest's size, its ranges and padding included.
 */
int radp_nl_profile_len(void)
{
	const int u32_attr = nla_total_size(sizeof(u32));
	int range = nla_total_size(0) + u32_attr +
		    radp_range_members_count * u32_attr;

	return nla_total_size(0) + u32_attr +
	       radp_profile_members_count * u32_attr + RADP_RANGES * range;
}

/**
 * radp_nl_put_profile - ROCE_ADP_A_PROFILE: profile @id, its ranges nested
 * @msg: the message
 * @id: the profile's id
 * @p: the profile
 *
 * Every attribute is there whatever the values, so the nest has one size
 * (radp_nl_profile_len()): it is reserved once and written in one pass,
 * the same bytes as one nla_put() per attribute.
 *
 * Return: 0, or -EMSGSIZE.
 */
int radp_nl_put_profile(struct radp_nl_msg *msg, u32 id,
			const struct radp_profile *p)
{
	const int len = radp_nl_profile_len();
	struct nlattr *nest, *range, *nla;
	unsigned int r;
	char *pos;

	pos = radp_nl_reserve(msg, len);
	if (!pos)
		return -EMSGSIZE;
	/* nests flagged as nla_nest_start() flags them */
	nest = radp_nl_attr_at(&pos, ROCE_ADP_A_PROFILE | NLA_F_NESTED, 0);
	radp_nl_field_at(&pos, RADP_ROCE_ACCL_ADP_RETX_PROFILE_ID, id);
	radp_nl_members_at(&pos, p, radp_profile_members,
			   radp_profile_members_count);
	for (r = 0; r < RADP_RANGES; r++) {
		range = radp_nl_attr_at(&pos, ROCE_ADP_A_PROFILE_RANGE |
					NLA_F_NESTED, 0);
		nla = radp_nl_attr_at(&pos, ROCE_ADP_A_RANGE_INDEX,
				      sizeof(u32));
		*(u32 *)nla_data(nla) = r;
		radp_nl_members_at(&pos, &p->range[r], radp_range_members,
				   radp_range_members_count);
		range->nla_len = pos - (char *)range;
	}
	nest->nla_len = pos - (char *)nest;
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
