// SPDX-License-Identifier: GPL-2.0
/*
 * The PROFILE message: the adp_retx_profile of ROCE_ACCL, one or all of
 * them, and which is in effect. A SET writes one profile, read-modify-
 * write: the fields a request does not give stay as they are.
 *
 * Its fields' attributes come from the lists of radp_fields.h; nothing
 * here names a profile or range field.
 */

#include <net/genetlink.h>

#include "compat.h"
#include "radp_nl.h"

struct radp_nl_profile_req {
	struct radp_nl_req_info base;
	bool one;			/* only profile @id */
	u32 id;
	const struct nlattr *id_attr;	/* where @id came from */
	struct radp_roce_accl cur;	/* a SET's query: its reply if unchanged */
};

#define RADP_NL_PROFILE_REQ(ri) \
	container_of(ri, struct radp_nl_profile_req, base)

struct radp_nl_profile_data {
	struct radp_nl_reply_data base;
	struct radp_roce_accl r0;	/* profile 0 and the one in effect */
	u32 first;
	u32 last;
	/* not zeroed: prepare writes first .. last, the ones fill reads */
	struct radp_profile p[ROCE_ADP_PROFILE_ID_MAX + 1];
};

#define RADP_NL_PROFILE_DATA(data) \
	container_of(data, struct radp_nl_profile_data, base)

/* The attributes beyond the lists: the profile's id and ranges, the index. */
static_assert(RADP_PROFILE_FIELDS_COUNT + 2 == ROCE_ADP_A_PROFILE_MAX,
	      "one ROCE_ADP_A_PROFILE_* attribute per RADP_PROFILE_FIELD row");
static_assert(RADP_RANGE_FIELDS_COUNT + 1 == ROCE_ADP_A_RANGE_MAX,
	      "one ROCE_ADP_A_RANGE_* attribute per RADP_RANGE_FIELD row");

static int radp_nl_profile_parse(struct radp_nl_req_info *base,
				 struct nlattr **attrs,
				 struct netlink_ext_ack *extack)
{
	struct radp_nl_profile_req *ri = RADP_NL_PROFILE_REQ(base);
	struct nlattr *attr = attrs[ROCE_ADP_A_PROFILE_ID];

	if (attr) {
		ri->one = true;
		ri->id = nla_get_u32(attr);
		ri->id_attr = attr;
	}
	return 0;
}

/* The message names the fields as radp_fields[] does. */
/* The limits the firmware reports in every profile's query. */
static void radp_nl_profile_caps(const struct radp_roce_accl *r,
				 struct radp_caps *caps)
{
	caps->profile_max_id = r->profile_max_id;
	caps->profile_max_range_num = r->profile_max_range_num;
	caps->base_timeout_min = r->base_timeout_min;
}

static void radp_nl_profile_id_above_max(struct netlink_ext_ack *extack,
					 const struct nlattr *attr)
{
	radp_extack_fmt_attr(extack, attr, "%s is above the device's %s",
			     radp_fields[RADP_ROCE_ACCL_ADP_RETX_PROFILE_ID].name,
			     radp_fields[RADP_ROCE_ACCL_ADP_RETX_PROFILE_MAX_ID].name);
}

/*
 * A SET's reply: the profile it wrote, read back (one query), or as the
 * SET's query found it when nothing was to change. Either way it is the
 * one in effect: the write selected it, or it already was.
 */
static int radp_nl_profile_set_reply(const struct radp_nl_profile_req *ri,
				     struct radp_nl_profile_data *data,
				     struct netlink_ext_ack *extack)
{
	int err;

	if (ri->base.changed) {
		err = radp_accl_readback(data->base.dev, ri->id, &data->r0,
					 extack);
		if (err)
			return err;
	} else {
		data->r0 = ri->cur;
	}
	if (ri->id)
		data->r0.profile_id = ri->id;
	data->first = ri->id;
	data->last = ri->id;
	data->p[ri->id] = data->r0.profile;
	return 0;
}

/*
 * Profile 0 (the firmware's, and which is in effect), then the others:
 * read from the device, or all from the snapshot.
 */
static int radp_nl_profile_prepare(const struct radp_nl_req_info *base,
				   struct radp_nl_reply_data *reply,
				   struct netlink_ext_ack *extack)
{
	const struct radp_nl_profile_req *ri = RADP_NL_PROFILE_REQ(base);
	struct radp_nl_profile_data *data = RADP_NL_PROFILE_DATA(reply);
	u32 id;
	int err;

	if (base->set)
		return radp_nl_profile_set_reply(ri, data, extack);
	if (base->snapshot)
		err = radp_snap_read(reply->dev, &data->r0, data->p,
				     &reply->age_ms, extack);
	else
		err = radp_accl_query(reply->dev, 0, &data->r0, extack);
	if (err)
		return err;
	if (ri->one && ri->id > data->r0.profile_max_id) {
		radp_nl_profile_id_above_max(extack, ri->id_attr);
		return -EINVAL;
	}
	data->first = ri->one ? ri->id : 0;
	data->last = ri->one ? ri->id : data->r0.profile_max_id;
	/* The firmware's maximum, whatever it says, bounds the array. */
	if (data->last > ROCE_ADP_PROFILE_ID_MAX)
		data->last = ROCE_ADP_PROFILE_ID_MAX;
	for (id = data->first; id <= data->last && !base->snapshot; id++) {
		if (!id) {
			data->p[0] = data->r0.profile;
			continue;
		}
		/* decoded in place: the profile alone, no copy */
		err = radp_accl_query_profile(reply->dev, id, &data->p[id],
					      extack);
		if (err)
			return err;
	}
	return 0;
}

static int radp_nl_profile_reply_size(const struct radp_nl_req_info *ri,
				      const struct radp_nl_reply_data *reply)
{
	const struct radp_nl_profile_data *data = RADP_NL_PROFILE_DATA(reply);

	return 2 * nla_total_size(sizeof(u32)) +	/* active profile, age */
	       (data->last - data->first + 1) * radp_nl_profile_len();
}

static int radp_nl_profile_fill(struct sk_buff *skb,
				const struct radp_nl_req_info *ri,
				const struct radp_nl_reply_data *reply)
{
	const struct radp_nl_profile_data *data = RADP_NL_PROFILE_DATA(reply);
	u32 id;
	int err;

	if (nla_put_u32(skb, ROCE_ADP_A_ACTIVE_PROFILE_ID,
			data->r0.profile_id) ||
	    nla_put_u32(skb, ROCE_ADP_A_AGE_MS, reply->age_ms))
		return -EMSGSIZE;
	for (id = data->first; id <= data->last; id++) {
		err = radp_nl_put_profile(skb, id, &data->p[id]);
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
	u16 type = radp_fields[v->fld].attr;
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

static int radp_nl_profile_set(struct radp_dev *dev,
			       struct radp_nl_req_info *base,
			       struct genl_info *info)
{
	struct radp_nl_profile_req *ri = RADP_NL_PROFILE_REQ(base);
	struct nlattr *range_tb[RADP_RANGES][ROCE_ADP_A_RANGE_MAX + 1] = {};
	struct nlattr *tb[ROCE_ADP_A_PROFILE_MAX + 1];
	struct netlink_ext_ack *extack = info->extack;
	struct nlattr *range_nest[RADP_RANGES] = {};
	struct radp_roce_accl *cur = &ri->cur;
	struct radp_roce_accl r0, w = {};
	struct nlattr *profile, *attr;
	struct radp_violation v;
	struct radp_caps caps;
	int err, rem;
	u32 id;

	if (GENL_REQ_ATTR_CHECK(info, ROCE_ADP_A_PROFILE))
		return -EINVAL;
	profile = info->attrs[ROCE_ADP_A_PROFILE];
	err = nla_parse_nested(tb, ROCE_ADP_A_PROFILE_MAX, profile,
			       roce_adp_profile_nl_policy, extack);
	if (err)
		return err;
	if (!tb[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID]) {
		NL_SET_ERR_ATTR_MISS(extack, profile,
				     ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID);
		radp_extack_fmt(extack, "%s is required",
				radp_fields[RADP_ROCE_ACCL_ADP_RETX_PROFILE_ID].name);
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

	attr = tb[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID];
	if (!dev->skip_checks && !id) {
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "profile 0 is the firmware's own and cannot be written");
		return -EINVAL;
	}

	/*
	 * One query serves the limits (the caps are in every profile's) and
	 * the read-modify-write: what the request does not give stays. The
	 * firmware refuses to read a profile beyond its maximum: only then
	 * profile 0's query tells whether that was the reason.
	 */
	err = radp_accl_query(dev, id, cur, extack);
	if (err && !dev->skip_checks && !radp_accl_query(dev, 0, &r0, NULL) &&
	    id > r0.profile_max_id) {
		radp_nl_profile_id_above_max(extack, attr);
		return -EINVAL;
	}
	if (err)
		return err;
	radp_nl_profile_caps(cur, &caps);
	if (!dev->skip_checks && id > caps.profile_max_id) {
		radp_nl_profile_id_above_max(extack, attr);
		return -EINVAL;
	}
	w.profile = cur->profile;
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
	ri->one = true;
	ri->id = id;
	return radp_accl_set(dev, &w, cur, extack);
}

RADP_NL_DEFINE_REQUEST(profile, RADP_NL_REQUEST_CMDS(PROFILE),
		       .reply_data_zeroed =
			offsetof(struct radp_nl_profile_data, p),
		       .needs_roce_accl = true,
		       .parse = radp_nl_profile_parse,
		       .set = radp_nl_profile_set);
