// SPDX-License-Identifier: GPL-2.0
/*
 * The HISTOGRAM message: the ADP retransmission histogram of a device, as
 * the module totals it (hist.c), and its configuration. A GET is open to
 * every user, who without CAP_NET_ADMIN shares one device read per
 * snapshot_interval_ms; SET (read-modify-write of the configuration) and
 * CLEAR are for admins. The configuration's attributes come from
 * the RADP_HIST_CONFIG_FIELD rows of radp_fields.h.
 */

#include <linux/capability.h>
#include <net/genetlink.h>

#include "compat.h"
#include "radp_nl.h"

/*
 * A SET or CLEAR leaves the histogram it made for its reply here, or the
 * error of a read-back that failed after the write.
 */
struct radp_nl_hist_req {
	struct radp_nl_req_info base;
	bool have_snap;
	int readback_err;
	struct radp_hist_snap snap;
};

#define RADP_NL_HIST_REQ(ri)	container_of(ri, struct radp_nl_hist_req, base)

struct radp_nl_hist_data {
	struct radp_nl_reply_data base;
	struct radp_hist_snap snap;
};

#define RADP_NL_HIST_DATA(data) \
	container_of(data, struct radp_nl_hist_data, base)

static_assert((int)RADP_HIST_CONFIG_FIELDS_COUNT ==
	      (int)ROCE_ADP_A_HISTOGRAM_CONFIG_MAX,
	      "one ROCE_ADP_A_HISTOGRAM_CONFIG_* attribute per RADP_HIST_CONFIG_FIELD row");

static void radp_nl_hist_snap_copy(struct radp_hist_snap *to,
				   const struct radp_hist_snap *from)
{
	to->cfg = from->cfg;
	to->age_ms = from->age_ms;
	memcpy(to->counts, from->counts,
	       from->cfg.bin_num * sizeof(from->counts[0]));
}

static int radp_nl_hist_prepare(const struct radp_nl_req_info *ri,
				struct radp_nl_reply_data *reply,
				struct netlink_ext_ack *extack)
{
	struct radp_nl_hist_data *data = RADP_NL_HIST_DATA(reply);
	struct radp_dev *dev = reply->dev;
	bool admin;
	int err;

	if (ri && RADP_NL_HIST_REQ(ri)->have_snap) {
		radp_nl_hist_snap_copy(&data->snap, &RADP_NL_HIST_REQ(ri)->snap);
		return 0;
	}
	/* The SET's extack already says why. */
	if (ri && RADP_NL_HIST_REQ(ri)->readback_err)
		return RADP_NL_HIST_REQ(ri)->readback_err;
	/* The sender's; a reader without it gets the shared snapshot. */
	admin = ns_capable_noaudit(&init_user_ns, CAP_NET_ADMIN);
	/* Held across firmware commands: a fatal signal ends the wait. */
	err = mutex_lock_killable(&dev->cfg_lock);
	if (err)
		return err;
	err = radp_hist_snapshot(dev, admin, &data->snap, extack);
	mutex_unlock(&dev->cfg_lock);
	return err;
}

static int radp_nl_hist_reply_size(const struct radp_nl_req_info *ri,
				   const struct radp_nl_reply_data *reply)
{
	const struct radp_nl_hist_data *data = RADP_NL_HIST_DATA(reply);

	return nla_total_size(0) +			/* histogram */
	       nla_total_size(sizeof(u32)) +		/* bin_num */
	       data->snap.cfg.bin_num * nla_total_size_64bit(sizeof(u64)) +
	       nla_total_size(0) +			/* config */
	       radp_nl_members_size(radp_hist_config_members_count) +
	       nla_total_size(sizeof(u32));		/* age */
}

static int radp_nl_hist_fill(struct sk_buff *skb,
			     const struct radp_nl_req_info *ri,
			     const struct radp_nl_reply_data *reply)
{
	const struct radp_hist_snap *snap = &RADP_NL_HIST_DATA(reply)->snap;
	struct nlattr *hist, *cfg;
	u32 i;

	hist = nla_nest_start(skb, ROCE_ADP_A_HISTOGRAM);
	if (!hist || nla_put_u32(skb, ROCE_ADP_A_HIST_BIN_NUM, snap->cfg.bin_num))
		return -EMSGSIZE;
	for (i = 0; i < snap->cfg.bin_num; i++)
		if (nla_put_u64_64bit(skb, ROCE_ADP_A_HIST_BIN_COUNT,
				      snap->counts[i], ROCE_ADP_A_HIST_PAD))
			return -EMSGSIZE;
	cfg = nla_nest_start(skb, ROCE_ADP_A_HIST_CONFIG);
	if (!cfg || radp_nl_put_members(skb, &snap->cfg,
					radp_hist_config_members,
					radp_hist_config_members_count))
		return -EMSGSIZE;
	nla_nest_end(skb, cfg);
	if (nla_put_u32(skb, ROCE_ADP_A_HIST_AGE_MS, snap->age_ms))
		return -EMSGSIZE;
	nla_nest_end(skb, hist);
	return 0;
}

/* The new configuration: the current one with the request's fields. */
static int radp_nl_hist_config_parse(struct radp_dev *dev,
				     struct genl_info *info,
				     struct radp_hist_config *c)
{
	static const enum radp_fld read_only[] = {
		RADP_HIST_CONFIG_TIME_UNIT_CAP, RADP_HIST_CONFIG_BIN_NUM_MAX,
	};
	struct nlattr *tb[ROCE_ADP_A_HISTOGRAM_CONFIG_MAX + 1];
	struct netlink_ext_ack *extack = info->extack;
	struct nlattr *nest = info->attrs[ROCE_ADP_A_HISTOGRAM_CONFIG];
	const struct nlattr *blame;
	enum radp_fld fld;
	const char *msg;
	unsigned int i;
	int err;

	if (GENL_REQ_ATTR_CHECK(info, ROCE_ADP_A_HISTOGRAM_CONFIG))
		return -EINVAL;
	err = nla_parse_nested(tb, ROCE_ADP_A_HISTOGRAM_CONFIG_MAX, nest,
			       roce_adp_histogram_config_nl_policy, extack);
	if (err)
		return err;
	for (i = 0; i < ARRAY_SIZE(read_only); i++) {
		blame = tb[radp_fields[read_only[i]].attr];
		if (blame) {
			radp_extack_fmt_attr(extack, blame, "%s is read only",
					     radp_fields[read_only[i]].name);
			return -EINVAL;
		}
	}
	if (!nla_len(nest)) {
		NL_SET_ERR_MSG_ATTR(extack, nest, "no histogram field to set");
		return -EINVAL;
	}

	err = radp_hist_config_query(dev, c, extack);
	if (err)
		return err;
	radp_nl_apply(c, radp_hist_config_members,
		      radp_hist_config_members_count, tb);
	/* Turning the filter off drops its function, unless one is given. */
	if (!c->vhca_id_valid && !tb[ROCE_ADP_A_HISTOGRAM_CONFIG_VHCA_ID])
		c->vhca_id = 0;
	if (dev->skip_checks)
		return 0;
	msg = radp_hist_config_check(c, &fld);
	if (msg) {
		blame = tb[radp_fields[fld].attr] ?: nest;
		radp_extack_fmt_attr(extack, blame, "%s", msg);
		return -EINVAL;
	}
	return 0;
}

static int radp_nl_hist_set(struct radp_dev *dev, struct radp_nl_req_info *base,
			    struct genl_info *info)
{
	struct radp_nl_hist_req *ri = RADP_NL_HIST_REQ(base);
	struct radp_hist_config c;
	bool written = false;
	int err;

	if (info->genlhdr->cmd == ROCE_ADP_CMD_HISTOGRAM_CLEAR) {
		err = radp_hist_clear(dev, &ri->snap, info->extack);
	} else {
		err = radp_nl_hist_config_parse(dev, info, &c) ?:
		      radp_hist_configure(dev, &c, &ri->snap, &written,
					  info->extack);
	}
	ri->have_snap = !err;
	/*
	 * Either one is a change: listeners hear of it, also of a write
	 * whose read-back failed (prepare then fails with that error).
	 */
	if (err && written) {
		ri->readback_err = err;
		return 1;
	}
	return err ?: 1;
}

RADP_NL_DEFINE_REQUEST(hist, RADP_NL_REQUEST_CMDS(HISTOGRAM),
		       .set = radp_nl_hist_set,
		       .optional = true);
