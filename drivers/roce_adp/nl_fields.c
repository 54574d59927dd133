// SPDX-License-Identifier: GPL-2.0
/*
 * Fields to and from their netlink attributes, by the attributes of
 * radp_fields[] (radp_fields.h): what the messages (nl_*.c) share to put
 * and parse a register's fields, so that none of them names a field.
 */

#include <net/genetlink.h>

#include "radp_nl.h"

/* Field @fld as its attribute, a u8 or a u32 as its row says. */
int radp_nl_put_field(struct sk_buff *skb, enum radp_fld fld, u32 val)
{
	const struct radp_field *f = &radp_fields[fld];

	if (f->nla == RADP_NLA_U8)
		return nla_put_u8(skb, f->attr, val);
	return nla_put_u32(skb, f->attr, val);
}

static u32 radp_nl_get_field(const struct nlattr *attr, enum radp_fld fld)
{
	return radp_fields[fld].nla == RADP_NLA_U8 ? nla_get_u8(attr) :
						    nla_get_u32(attr);
}

/* Set the members of @obj whose attributes @tb holds. */
void radp_nl_apply(void *obj, const struct radp_member *members,
		   unsigned int count, struct nlattr **tb)
{
	unsigned int i;

	for (i = 0; i < count; i++) {
		enum radp_fld fld = members[i].fld;
		struct nlattr *attr = tb[radp_fields[fld].attr];

		if (attr)
			*radp_member_ptr(obj, &members[i]) =
				radp_nl_get_field(attr, fld);
	}
}

/*
 * The members' attributes in one piece: a profile reply is mostly such
 * runs, and one tailroom check and skb_put() per run cost a fraction of
 * an nla_put() per attribute. u8 and u32 attributes take 8 bytes alike.
 */
int radp_nl_put_members(struct sk_buff *skb, const void *obj,
			const struct radp_member *members, unsigned int count)
{
	const int size = nla_total_size(sizeof(u32));
	struct nlattr *nla;
	unsigned int i;

	BUILD_BUG_ON(nla_total_size(sizeof(u8)) != nla_total_size(sizeof(u32)));
	if (skb_tailroom(skb) < size * count)
		return -EMSGSIZE;
	nla = skb_put_zero(skb, size * count);
	for (i = 0; i < count; i++) {
		const struct radp_field *f = &radp_fields[members[i].fld];
		u32 val = *radp_member_ptr((void *)obj, &members[i]);

		nla->nla_type = f->attr;
		if (f->nla == RADP_NLA_U8) {
			nla->nla_len = nla_attr_size(sizeof(u8));
			*(u8 *)nla_data(nla) = val;
		} else {
			nla->nla_len = nla_attr_size(sizeof(u32));
			*(u32 *)nla_data(nla) = val;
		}
		nla = (struct nlattr *)((char *)nla + size);
	}
	return 0;
}

/* What radp_nl_put_members() writes. */
int radp_nl_members_size(const struct radp_member *members,
			 unsigned int count)
{
	unsigned int i;
	int size = 0;

	for (i = 0; i < count; i++)
		size += nla_total_size(radp_fields[members[i].fld].nla ==
				       RADP_NLA_U8 ? sizeof(u8) : sizeof(u32));
	return size;
}

/**
 * radp_nl_put_features - a nest of ROCE_ACCL features, by their attributes
 * @skb: the message
 * @type: the nest's attribute
 * @values: feature i's value at [i]
 * @mask: the features to put, bit i for feature i
 *
 * Return: 0, or -EMSGSIZE.
 */
int radp_nl_put_features(struct sk_buff *skb, int type, const u32 *values,
			 u32 mask)
{
	struct nlattr *nest;
	unsigned int i;

	nest = nla_nest_start(skb, type);
	if (!nest)
		return -EMSGSIZE;
	for (i = 0; i < RADP_ACCL_FEATURE_COUNT; i++)
		if ((mask & BIT(i)) &&
		    nla_put_u8(skb, radp_nl_accl_attr(i), values[i]))
			return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}
