// SPDX-License-Identifier: GPL-2.0
/*
 * The ACCL (enables and capabilities) and PROFILE (adp_retx_profile)
 * messages: how the ROCE_ACCL register reads as netlink attributes, and
 * how a SET becomes a register write.
 */

#include <net/genetlink.h>

#include "compat.h"
#include "roce_adp.h"

/* Enable i of the register is ROCE_ADP_A_ACCL_* attribute i + 1. */
#define RADP_NL_ACCL_ATTR(bit)	((bit) + ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN)

/* The netlink attribute carrying each field of a profile. */
struct radp_nl_field {
	u16 attr;
	u8 type;	/* NLA_U8 or NLA_U32 */
};

static const struct radp_nl_field radp_nl_fields[RADP_FLD_COUNT] = {
	[RADP_ROCE_ACCL_ADP_RETX_PROFILE_ID] = {
		ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID, NLA_U32 },
	[RADP_PROFILE_QP_TOTAL_TIMEOUT] = {
		ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT, NLA_U8 },
	[RADP_PROFILE_RANGE_NUM] = { ROCE_ADP_A_PROFILE_RANGE_NUM, NLA_U32 },
	[RADP_PROFILE_START_RANGE_INDEX] = {
		ROCE_ADP_A_PROFILE_START_RANGE_INDEX, NLA_U32 },
	[RADP_PROFILE_TIME_UNIT] = { ROCE_ADP_A_PROFILE_TIME_UNIT, NLA_U32 },
	[RADP_PROFILE_TIME_BASE] = { ROCE_ADP_A_PROFILE_TIME_BASE, NLA_U32 },
	[RADP_PROFILE_RETX_TOTAL_TIMEOUT] = {
		ROCE_ADP_A_PROFILE_RETX_TOTAL_TIMEOUT, NLA_U32 },
	[RADP_PROFILE_TIMEOUT_INIT_LOW_BOUND] = {
		ROCE_ADP_A_PROFILE_TIMEOUT_INIT_LOW_BOUND, NLA_U32 },
	[RADP_PROFILE_TIMEOUT_INIT_RANGE_SIZE] = {
		ROCE_ADP_A_PROFILE_TIMEOUT_INIT_RANGE_SIZE, NLA_U32 },
	[RADP_RANGE_PREV_RANGE_INDEX] = {
		ROCE_ADP_A_RANGE_PREV_RANGE_INDEX, NLA_U32 },
	[RADP_RANGE_DEC_MODE] = { ROCE_ADP_A_RANGE_DEC_MODE, NLA_U32 },
	[RADP_RANGE_TIMEOUT_RETRY_NUM] = {
		ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM, NLA_U32 },
	[RADP_RANGE_RANGE_LOW_BOUND] = {
		ROCE_ADP_A_RANGE_RANGE_LOW_BOUND, NLA_U32 },
	[RADP_RANGE_RANGE_SIZE] = { ROCE_ADP_A_RANGE_RANGE_SIZE, NLA_U32 },
};

static int radp_nl_put_field(struct sk_buff *skb, enum radp_fld fld, u32 val)
{
	const struct radp_nl_field *f = &radp_nl_fields[fld];

	if (f->type == NLA_U8)
		return nla_put_u8(skb, f->attr, val);
	return nla_put_u32(skb, f->attr, val);
}

static u32 radp_nl_get_field(const struct nlattr *attr, enum radp_fld fld)
{
	return radp_nl_fields[fld].type == NLA_U8 ? nla_get_u8(attr) :
						    nla_get_u32(attr);
}

/* Set the members of @obj whose attributes @tb holds. */
static void radp_nl_apply(void *obj, const struct radp_member *members,
			  unsigned int count, struct nlattr **tb)
{
	unsigned int i;

	for (i = 0; i < count; i++) {
		enum radp_fld fld = members[i].fld;
		struct nlattr *attr = tb[radp_nl_fields[fld].attr];

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
static int radp_nl_put_members(struct sk_buff *skb, const void *obj,
			       const struct radp_member *members,
			       unsigned int count)
{
	const int size = nla_total_size(sizeof(u32));
	struct nlattr *nla;
	unsigned int i;

	BUILD_BUG_ON(nla_total_size(sizeof(u8)) != nla_total_size(sizeof(u32)));
	if (skb_tailroom(skb) < size * count)
		return -EMSGSIZE;
	nla = skb_put_zero(skb, size * count);
	for (i = 0; i < count; i++) {
		const struct radp_nl_field *f = &radp_nl_fields[members[i].fld];
		u32 val = *radp_member_ptr((void *)obj, &members[i]);

		nla->nla_type = f->attr;
		if (f->type == NLA_U8) {
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

static int radp_nl_put_accl_bits(struct sk_buff *skb, int type, u32 bits)
{
	struct nlattr *nest;
	unsigned int i;

	nest = nla_nest_start(skb, type);
	if (!nest)
		return -EMSGSIZE;
	for (i = 0; i < RADP_ACCL_BITS; i++)
		if (nla_put_u8(skb, RADP_NL_ACCL_ATTR(i), (bits >> i) & 1))
			return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/* What radp_nl_put_members() writes. */
static int radp_nl_members_size(const struct radp_member *members,
				unsigned int count)
{
	unsigned int i;
	int size = 0;

	for (i = 0; i < count; i++)
		size += nla_total_size(radp_nl_fields[members[i].fld].type ==
				       NLA_U8 ? sizeof(u8) : sizeof(u32));
	return size;
}

int radp_nl_accl_reply_size(struct radp_dev *dev, struct radp_nl_req_info *ri,
			    struct netlink_ext_ack *extack)
{
	const int bits = nla_total_size(0) +
			 RADP_ACCL_BITS * nla_total_size(sizeof(u8));

	return nla_total_size(0) + 3 * nla_total_size(sizeof(u32)) + /* caps */
	       nla_total_size(sizeof(u32)) +	/* active profile */
	       2 * bits;			/* enables, configurable */
}

int radp_nl_accl_fill(struct sk_buff *skb, struct radp_dev *dev,
		      const struct radp_nl_req_info *ri,
		      struct netlink_ext_ack *extack)
{
	struct radp_roce_accl r;
	struct nlattr *caps;
	int err;

	err = radp_accl_query(dev, 0, &r, extack);
	if (err)
		return err;

	caps = nla_nest_start(skb, ROCE_ADP_A_CAPS);
	if (!caps ||
	    nla_put_u32(skb, ROCE_ADP_A_CAPS_PROFILE_MAX_ID, r.profile_max_id) ||
	    nla_put_u32(skb, ROCE_ADP_A_CAPS_PROFILE_MAX_RANGE_NUM,
			r.profile_max_range_num) ||
	    nla_put_u32(skb, ROCE_ADP_A_CAPS_BASE_TIMEOUT_MIN,
			r.base_timeout_min))
		return -EMSGSIZE;
	nla_nest_end(skb, caps);

	if (nla_put_u32(skb, ROCE_ADP_A_ACTIVE_PROFILE_ID, r.profile_id))
		return -EMSGSIZE;
	return radp_nl_put_accl_bits(skb, ROCE_ADP_A_ACCL, r.enables) ?:
	       radp_nl_put_accl_bits(skb, ROCE_ADP_A_ACCL_CONFIGURABLE,
				     r.field_select);
}

int radp_nl_accl_set(struct radp_dev *dev, struct genl_info *info,
		     struct radp_nl_req_info *ri)
{
	struct nlattr *tb[ROCE_ADP_A_ACCL_MAX + 1];
	struct netlink_ext_ack *extack = info->extack;
	struct radp_roce_accl cur, w = {};
	unsigned int i;
	int err;

	if (GENL_REQ_ATTR_CHECK(info, ROCE_ADP_A_ACCL))
		return -EINVAL;
	err = nla_parse_nested(tb, ROCE_ADP_A_ACCL_MAX,
			       info->attrs[ROCE_ADP_A_ACCL],
			       radp_nl_accl_policy, extack);
	if (err)
		return err;

	for (i = 0; i < RADP_ACCL_BITS; i++) {
		if (!tb[RADP_NL_ACCL_ATTR(i)])
			continue;
		w.field_select |= BIT(i);
		w.enables |= nla_get_u8(tb[RADP_NL_ACCL_ATTR(i)]) << i;
	}
	if (!w.field_select) {
		NL_SET_ERR_MSG_ATTR(extack, info->attrs[ROCE_ADP_A_ACCL],
				    "no enable to set");
		return -EINVAL;
	}

	err = radp_accl_query(dev, 0, &cur, extack);
	if (err)
		return err;
	for (i = 0; i < RADP_ACCL_BITS && !dev->skip_checks; i++) {
		if ((w.field_select & ~cur.field_select) & BIT(i)) {
			radp_extack_fmt_attr(extack, tb[RADP_NL_ACCL_ATTR(i)],
					     "%s is not configurable on this device",
					     radp_fields[radp_accl_en_flds[i]].name);
			return -EOPNOTSUPP;
		}
	}
	err = radp_accl_write(dev, &w, extack);
	if (err)
		return err;
	/* Restored after a firmware reset (reset.c). */
	radp_saved_set_enables(dev, w.field_select, w.enables);
	return 0;
}

int radp_nl_profile_parse(struct nlattr **attrs, struct radp_nl_req_info *ri,
			  struct netlink_ext_ack *extack)
{
	struct nlattr *attr = attrs ? attrs[ROCE_ADP_A_PROFILE_ID] : NULL;

	if (attr) {
		ri->profile_id = nla_get_u32(attr);
		ri->profile_id_attr = attr;
	}
	return 0;
}

static int radp_nl_put_profile(struct sk_buff *skb, u32 id,
			       const struct radp_profile *p)
{
	struct nlattr *nest, *range;
	unsigned int r;

	nest = nla_nest_start(skb, ROCE_ADP_A_PROFILE);
	if (!nest ||
	    radp_nl_put_field(skb, RADP_ROCE_ACCL_ADP_RETX_PROFILE_ID, id) ||
	    radp_nl_put_members(skb, p, radp_profile_members,
				radp_profile_members_count))
		return -EMSGSIZE;
	for (r = 0; r < RADP_RANGES; r++) {
		range = nla_nest_start(skb, ROCE_ADP_A_PROFILE_RANGE);
		if (!range || nla_put_u32(skb, ROCE_ADP_A_RANGE_INDEX, r) ||
		    radp_nl_put_members(skb, &p->range[r], radp_range_members,
					radp_range_members_count))
			return -EMSGSIZE;
		nla_nest_end(skb, range);
	}
	nla_nest_end(skb, nest);
	return 0;
}

/* What radp_nl_put_profile() writes. */
static int radp_nl_profile_size(void)
{
	int range = nla_total_size(0) + nla_total_size(sizeof(u32)) +
		    radp_nl_members_size(radp_range_members,
					 radp_range_members_count);

	return nla_total_size(0) + nla_total_size(sizeof(u32)) +
	       radp_nl_members_size(radp_profile_members,
				    radp_profile_members_count) +
	       RADP_RANGES * range;
}

/*
 * How many profiles the reply holds depends on adp_retx_profile_max_id:
 * read profile 0 here, and the fill uses it.
 */
int radp_nl_profile_reply_size(struct radp_dev *dev,
			       struct radp_nl_req_info *ri,
			       struct netlink_ext_ack *extack)
{
	u32 count;
	int err;

	err = radp_accl_query(dev, 0, &ri->accl, extack);
	if (err)
		return err;
	ri->have_accl = true;
	count = ri->profile_id < 0 ? ri->accl.profile_max_id + 1 : 1;
	return nla_total_size(sizeof(u32)) +	/* active profile */
	       count * radp_nl_profile_size();
}

int radp_nl_profile_fill(struct sk_buff *skb, struct radp_dev *dev,
			 const struct radp_nl_req_info *ri,
			 struct netlink_ext_ack *extack)
{
	const struct radp_roce_accl *r0 = &ri->accl;
	struct radp_roce_accl q0, r;
	u32 id, first, last;
	int err;

	/* Profile 0: the firmware's defaults and which profile is in effect. */
	if (!ri->have_accl) {
		err = radp_accl_query(dev, 0, &q0, extack);
		if (err)
			return err;
		r0 = &q0;
	}
	if (ri->profile_id > (int)r0->profile_max_id) {
		NL_SET_ERR_MSG_ATTR(extack, ri->profile_id_attr,
				    "adp_retx_profile_id is above the device's adp_retx_profile_max_id");
		return -EINVAL;
	}
	if (nla_put_u32(skb, ROCE_ADP_A_ACTIVE_PROFILE_ID, r0->profile_id))
		return -EMSGSIZE;

	first = ri->profile_id < 0 ? 0 : ri->profile_id;
	last = ri->profile_id < 0 ? r0->profile_max_id : ri->profile_id;
	for (id = first; id <= last; id++) {
		if (id) {
			err = radp_accl_query(dev, id, &r, extack);
			if (err)
				return err;
		}
		err = radp_nl_put_profile(skb, id, id ? &r.profile : &r0->profile);
		if (err)
			return err;
	}
	return 0;
}

/* Point the extack at the attribute that broke @v, or at its nest. */
static void radp_nl_profile_violation(struct netlink_ext_ack *extack,
				      const struct radp_violation *v,
				      struct nlattr *profile, struct nlattr **tb,
				      struct nlattr **range_nest,
				      struct nlattr *(*range_tb)[ROCE_ADP_A_RANGE_MAX + 1])
{
	u16 type = radp_nl_fields[v->fld].attr;
	struct nlattr *attr;

	if (v->range < 0) {
		attr = tb[type] ?: profile;
		radp_extack_fmt_attr(extack, attr, "%s", v->msg);
		return;
	}
	attr = range_tb[v->range][type] ?: range_nest[v->range] ?: profile;
	radp_extack_fmt_attr(extack, attr, "timeout_range[%d]: %s", v->range,
			     v->msg);
}

int radp_nl_profile_set(struct radp_dev *dev, struct genl_info *info,
			struct radp_nl_req_info *ri)
{
	struct nlattr *range_tb[RADP_RANGES][ROCE_ADP_A_RANGE_MAX + 1] = {};
	struct nlattr *tb[ROCE_ADP_A_PROFILE_MAX + 1];
	struct netlink_ext_ack *extack = info->extack;
	struct nlattr *range_nest[RADP_RANGES] = {};
	struct radp_roce_accl r0, cur, w = {};
	struct nlattr *profile, *attr;
	struct radp_violation v;
	struct radp_caps caps;
	int err, rem;
	u32 id;

	if (GENL_REQ_ATTR_CHECK(info, ROCE_ADP_A_PROFILE))
		return -EINVAL;
	profile = info->attrs[ROCE_ADP_A_PROFILE];
	err = nla_parse_nested(tb, ROCE_ADP_A_PROFILE_MAX, profile,
			       radp_nl_profile_policy, extack);
	if (err)
		return err;
	if (!tb[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID]) {
		NL_SET_ERR_ATTR_MISS(extack, profile,
				     ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID);
		NL_SET_ERR_MSG(extack, "adp_retx_profile_id is required");
		return -EINVAL;
	}
	id = nla_get_u32(tb[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID]);

	nla_for_each_nested(attr, profile, rem) {
		struct nlattr *rtb[ROCE_ADP_A_RANGE_MAX + 1];
		u32 index;

		if (nla_type(attr) != ROCE_ADP_A_PROFILE_RANGE)
			continue;
		err = nla_parse_nested(rtb, ROCE_ADP_A_RANGE_MAX, attr,
				       NULL, extack);
		if (err)
			return err;
		if (!rtb[ROCE_ADP_A_RANGE_INDEX]) {
			NL_SET_ERR_ATTR_MISS(extack, attr, ROCE_ADP_A_RANGE_INDEX);
			NL_SET_ERR_MSG(extack, "timeout_range entry without its index");
			return -EINVAL;
		}
		index = nla_get_u32(rtb[ROCE_ADP_A_RANGE_INDEX]);
		if (range_nest[index]) {
			NL_SET_ERR_MSG_ATTR(extack, attr,
					    "timeout_range entry given twice");
			return -EINVAL;
		}
		range_nest[index] = attr;
		memcpy(range_tb[index], rtb, sizeof(rtb));
	}

	err = radp_accl_query(dev, 0, &r0, extack);
	if (err)
		return err;
	radp_accl_caps(&r0, &caps);
	attr = tb[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID];
	if (!dev->skip_checks && !id) {
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "profile 0 is the firmware's own and cannot be written");
		return -EINVAL;
	}
	if (!dev->skip_checks && id > caps.profile_max_id) {
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "adp_retx_profile_id is above the device's adp_retx_profile_max_id");
		return -EINVAL;
	}

	/* Read-modify-write: what the request does not give stays. */
	err = radp_accl_query(dev, id, &cur, extack);
	if (err)
		return err;
	w.profile = cur.profile;
	radp_nl_apply(&w.profile, radp_profile_members,
		      radp_profile_members_count, tb);
	for (rem = 0; rem < RADP_RANGES; rem++)
		if (range_nest[rem])
			radp_nl_apply(&w.profile.range[rem], radp_range_members,
				      radp_range_members_count, range_tb[rem]);

	if (!dev->skip_checks &&
	    !radp_profile_check(id, &w.profile, &caps, &v)) {
		radp_nl_profile_violation(extack, &v, profile, tb, range_nest,
					  range_tb);
		return -EINVAL;
	}

	w.profile_select = 1;
	w.profile_id = id;
	err = radp_accl_write(dev, &w, extack);
	if (err)
		return err;
	/* Restored after a firmware reset (reset.c). */
	radp_saved_set_profile(dev, id, &w.profile);
	ri->profile_id = id;
	return 0;
}
