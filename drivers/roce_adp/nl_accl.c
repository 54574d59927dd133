// SPDX-License-Identifier: GPL-2.0
/*
 * The ACCL message: the ROCE_ACCL features, which of them the device lets
 * the operator change (reports as configurable), its limits and the
 * profile in effect. A SET writes the features it names.
 */

#include <net/genetlink.h>

#include "compat.h"
#include "radp_nl.h"

struct radp_nl_accl_req {
	struct radp_nl_req_info base;
	bool raw;			/* ACCL_RAW: the register's bytes too */
	struct radp_roce_accl cur;	/* a SET's query: its reply if unchanged */
};

#define RADP_NL_ACCL_REQ(ri)	container_of(ri, struct radp_nl_accl_req, base)

struct radp_nl_accl_data {
	struct radp_nl_reply_data base;
	struct radp_roce_accl r;	/* profile 0 */
	bool has_raw;
	u8 raw[RADP_ROCE_ACCL_LEN];	/* as the device returned it */
};

#define RADP_NL_ACCL_DATA(data) \
	container_of(data, struct radp_nl_accl_data, base)

static_assert((int)RADP_ACCL_FEATURE_COUNT == (int)ROCE_ADP_A_ACCL_MAX,
	      "one ROCE_ADP_A_ACCL_* attribute per RADP_ACCL_FEATURE_FIELD row");
static_assert((int)RADP_ACCL_CAPS_COUNT == (int)ROCE_ADP_A_CAPS_MAX,
	      "one ROCE_ADP_A_CAPS_* attribute per RADP_ACCL_CAPS_FIELD row");

/* The snapshot keeps no raw bytes: only a read of the device has them. */
static int radp_nl_accl_parse(struct radp_nl_req_info *base,
			      struct nlattr **attrs,
			      struct netlink_ext_ack *extack)
{
	struct nlattr *raw = attrs[ROCE_ADP_A_ACCL_RAW];

	RADP_NL_ACCL_REQ(base)->raw = nla_get_flag(raw);
	if (raw && base->unpriv) {
		NL_SET_ERR_MSG_ATTR(extack, raw,
				    "the raw register is read from the device, which needs CAP_NET_ADMIN");
		return -EPERM;
	}
	if (raw && base->snapshot) {
		NL_SET_ERR_MSG_ATTR(extack, raw,
				    "the snapshot holds no raw register");
		return -EINVAL;
	}
	return 0;
}

static int radp_nl_accl_prepare(const struct radp_nl_req_info *ri,
				struct radp_nl_reply_data *reply,
				struct netlink_ext_ack *extack)
{
	struct radp_nl_accl_data *data = RADP_NL_ACCL_DATA(reply);

	/* A SET's reply and a notification carry no raw bytes. */
	if (ri->set && !ri->changed) {
		data->r = RADP_NL_ACCL_REQ(ri)->cur;
		return 0;
	}
	if (ri->set)
		return radp_accl_readback(reply->dev, 0, &data->r, extack);
	if (ri->snapshot)
		return radp_snap_read(reply->dev, &data->r, NULL,
				      &reply->age_ms, extack);
	data->has_raw = RADP_NL_ACCL_REQ(ri)->raw;
	return radp_accl_query_raw(reply->dev, 0, &data->r,
				   data->has_raw ? data->raw : NULL, extack);
}

static int radp_nl_accl_reply_size(const struct radp_nl_req_info *ri,
				   const struct radp_nl_reply_data *reply)
{
	const int feats = nla_total_size(0) +
			  RADP_ACCL_FEATURE_COUNT * nla_total_size(sizeof(u8));

	return nla_total_size(0) +				/* caps */
	       RADP_ACCL_CAPS_COUNT * nla_total_size(sizeof(u32)) +
	       nla_total_size(sizeof(u32)) +	/* active profile */
	       2 * feats +			/* features, configurable */
	       nla_total_size(RADP_ROCE_ACCL_LEN) +	/* raw */
	       nla_total_size(sizeof(u32));		/* age */
}

static int radp_nl_accl_fill(struct sk_buff *skb,
			     const struct radp_nl_req_info *ri,
			     const struct radp_nl_reply_data *reply)
{
	const struct radp_nl_accl_data *data = RADP_NL_ACCL_DATA(reply);

	return radp_nl_put_accl(skb, &data->r, reply->age_ms,
				data->has_raw ? data->raw : NULL);
}

/* Does the device let every feature @w selects be changed? */
static int radp_nl_accl_check_configurable(struct radp_dev *dev,
					   const struct radp_roce_accl *w,
					   u32 configurable, struct nlattr **tb,
					   struct netlink_ext_ack *extack)
{
	unsigned int i;

	for (i = 0; i < RADP_ACCL_FEATURE_COUNT && !dev->skip_checks; i++) {
		if ((w->field_select & ~configurable) & BIT(i)) {
			radp_extack_fmt_attr(extack, tb[radp_nl_accl_attr(i)],
					     "%s is not configurable on this device",
					     radp_fields[radp_accl_en_flds[i]].name);
			return -EOPNOTSUPP;
		}
	}
	return 0;
}

static int radp_nl_accl_set(struct radp_dev *dev,
			    struct radp_nl_req_info *base,
			    struct genl_info *info)
{
	struct radp_roce_accl *cur = &RADP_NL_ACCL_REQ(base)->cur;
	struct nlattr *tb[ROCE_ADP_A_ACCL_MAX + 1];
	struct netlink_ext_ack *extack = info->extack;
	struct radp_roce_accl w = {};
	u32 configurable;
	unsigned int i;
	int err;

	if (GENL_REQ_ATTR_CHECK(info, ROCE_ADP_A_ACCL))
		return -EINVAL;
	err = nla_parse_nested(tb, ROCE_ADP_A_ACCL_MAX,
			       info->attrs[ROCE_ADP_A_ACCL],
			       roce_adp_accl_nl_policy, extack);
	if (err)
		return err;

	for (i = 0; i < RADP_ACCL_FEATURE_COUNT; i++) {
		const struct nlattr *a = tb[radp_nl_accl_attr(i)];

		if (!a)
			continue;
		w.field_select |= BIT(i);
		w.features[i] = nla_get_u8(a);
		if (!dev->skip_checks &&
		    !radp_accl_value_ok(i, w.features[i])) {
			radp_extack_fmt_attr(extack, a, "%s %u is reserved",
					     radp_fields[radp_accl_en_flds[i]].name,
					     w.features[i]);
			return -EINVAL;
		}
	}
	if (!w.field_select) {
		NL_SET_ERR_MSG_ATTR(extack, info->attrs[ROCE_ADP_A_ACCL],
				    "no enable to set");
		return -EINVAL;
	}

	/* Known from an earlier query: refused before any command. */
	if (radp_accl_configurable(dev, &configurable)) {
		err = radp_nl_accl_check_configurable(dev, &w, configurable,
						      tb, extack);
		if (err)
			return err;
	}
	err = radp_accl_query(dev, 0, cur, extack) ?:
	      radp_nl_accl_check_configurable(dev, &w, cur->field_select, tb,
					      extack);
	if (err)
		return err;
	radp_accl_fill_shared(&w, cur);
	return radp_accl_set(dev, &w, cur, extack);
}

RADP_NL_DEFINE_REQUEST(accl, RADP_NL_REQUEST_CMDS(ACCL),
		       .needs_roce_accl = true,
		       .parse = radp_nl_accl_parse,
		       .set = radp_nl_accl_set);
