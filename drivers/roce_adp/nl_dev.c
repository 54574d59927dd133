// SPDX-License-Identifier: GPL-2.0
/*
 * The DEV message: what a device is (backend, firmware, ROCE_ACCL), what
 * the module restores after a firmware reset and how the last restore
 * went. Its SET is profile-forget; its notifications are DEV_NTF (added,
 * removed) and RESET_NTF.
 */

#include <net/genetlink.h>

#include "radp_nl.h"

/* Nothing beyond the base: a DEV request names a device or none. */
struct radp_nl_dev_req {
	struct radp_nl_req_info base;
};

struct radp_nl_dev_data {
	struct radp_nl_reply_data base;
	enum roce_adp_backend backend;
	char fw_version[RADP_FW_VERSION_LEN];
	bool roce_accl;
	bool restore_enabled;
	struct radp_saved_cfg saved;
	struct radp_restore_state restore;
};

#define RADP_NL_DEV_DATA(data) \
	container_of(data, struct radp_nl_dev_data, base)

static int radp_nl_dev_prepare(const struct radp_nl_req_info *ri,
			       struct radp_nl_reply_data *reply,
			       struct netlink_ext_ack *extack)
{
	struct radp_nl_dev_data *data = RADP_NL_DEV_DATA(reply);
	struct radp_dev *dev = reply->dev;

	data->backend = dev->ops->kind;
	strscpy(data->fw_version, dev->fw_version, sizeof(data->fw_version));
	data->roce_accl = READ_ONCE(dev->roce_accl_cap);
	data->restore_enabled = radp_restore_enabled();
	radp_restore_snapshot(dev, &data->saved, &data->restore);
	return 0;
}

static int radp_nl_dev_reply_size(const struct radp_nl_req_info *ri,
				  const struct radp_nl_reply_data *reply)
{
	return nla_total_size(sizeof(u32)) +		/* backend */
	       nla_total_size(RADP_FW_VERSION_LEN) +	/* fw_version */
	       nla_total_size(sizeof(u8)) +		/* roce_accl */
	       nla_total_size(0) +			/* restore */
	       nla_total_size(sizeof(u8)) +
	       7 * nla_total_size(sizeof(u32)) +
	       nla_total_size_64bit(sizeof(u64)) +
	       nla_total_size(RADP_RESTORE_MSG_LEN) +
	       nla_total_size(0) +			/* restore's features */
	       RADP_ACCL_FEATURE_COUNT * nla_total_size(sizeof(u8)) +
	       nla_total_size(0) +			/* restore's histogram */
	       radp_nl_members_size(radp_hist_config_members_count) +
	       (ri->dev_event ? nla_total_size(sizeof(u32)) : 0);
}

/* The saved histogram configuration: its fields but the read-only ones. */
static int radp_nl_put_restore_hist(struct sk_buff *skb,
				    const struct radp_hist_config *c)
{
	struct nlattr *nest;
	unsigned int i;

	nest = nla_nest_start(skb, ROCE_ADP_A_RESTORE_HISTOGRAM_CONFIG);
	if (!nest)
		return -EMSGSIZE;
	for (i = 0; i < radp_hist_config_members_count; i++) {
		const struct radp_member *m = &radp_hist_config_members[i];

		if (m->fld == RADP_HIST_CONFIG_TIME_UNIT_CAP ||
		    m->fld == RADP_HIST_CONFIG_BIN_NUM_MAX)
			continue;
		if (radp_nl_put_field(skb, m->fld,
				      *radp_member_ptr((void *)c, m)))
			return -EMSGSIZE;
	}
	nla_nest_end(skb, nest);
	return 0;
}

/* What the module restores after a firmware reset, and the last outcome. */
static int radp_nl_put_restore(struct sk_buff *skb,
			       const struct radp_nl_dev_data *data)
{
	const struct radp_restore_state *st = &data->restore;
	const struct radp_saved_cfg *s = &data->saved;
	struct nlattr *nest;
	u32 enables = 0;
	unsigned int i;

	/* Bit i: feature i is set to a value other than 0. */
	for (i = 0; i < RADP_ACCL_FEATURE_COUNT; i++)
		if (s->features[i])
			enables |= BIT(i);
	nest = nla_nest_start(skb, ROCE_ADP_A_RESTORE);
	if (!nest ||
	    nla_put_u8(skb, ROCE_ADP_A_RESTORE_ENABLED, data->restore_enabled) ||
	    nla_put_u32(skb, ROCE_ADP_A_RESTORE_PROFILE_ID,
			s->has_profile ? s->profile_id : 0) ||
	    nla_put_u32(skb, ROCE_ADP_A_RESTORE_ENABLES_MASK, s->enables_mask) ||
	    nla_put_u32(skb, ROCE_ADP_A_RESTORE_ENABLES, enables) ||
	    nla_put_u32(skb, ROCE_ADP_A_RESTORE_RESETS, st->resets) ||
	    nla_put_u64_64bit(skb, ROCE_ADP_A_RESTORE_TIME, st->time,
			      ROCE_ADP_A_RESTORE_PAD) ||
	    nla_put_u32(skb, ROCE_ADP_A_RESTORE_OUTCOME, st->outcome) ||
	    nla_put_u32(skb, ROCE_ADP_A_RESTORE_ERRNO, -st->err) ||
	    nla_put_string(skb, ROCE_ADP_A_RESTORE_MSG, st->msg) ||
	    nla_put_u32(skb, ROCE_ADP_A_RESTORE_DURATION_US, st->duration_us) ||
	    radp_nl_put_features(skb, ROCE_ADP_A_RESTORE_ACCL, s->features,
				 s->enables_mask) ||
	    (s->has_hist && radp_nl_put_restore_hist(skb, &s->hist)))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

static int radp_nl_dev_fill(struct sk_buff *skb,
			    const struct radp_nl_req_info *ri,
			    const struct radp_nl_reply_data *reply)
{
	const struct radp_nl_dev_data *data = RADP_NL_DEV_DATA(reply);

	if (nla_put_u32(skb, ROCE_ADP_A_DEV_BACKEND, data->backend) ||
	    nla_put_string(skb, ROCE_ADP_A_DEV_FW_VERSION, data->fw_version) ||
	    nla_put_u8(skb, ROCE_ADP_A_DEV_ROCE_ACCL, data->roce_accl) ||
	    radp_nl_put_restore(skb, data))
		return -EMSGSIZE;
	if (ri->dev_event &&
	    nla_put_u32(skb, ROCE_ADP_A_DEV_EVENT, ri->dev_event))
		return -EMSGSIZE;
	return 0;
}

/*
 * profile-forget: restoring leaves the firmware's default timeouts after
 * the next reset. The firmware keeps the current profile until then; the
 * reply shows what is saved now, and so does the dev-ntf it sends (event
 * profile-forgotten): what the module will restore changed.
 */
static int radp_nl_profile_forget(struct radp_dev *dev,
				  struct radp_nl_req_info *ri,
				  struct genl_info *info)
{
	radp_saved_forget_profile(dev);
	ri->ntf_event = ROCE_ADP_DEV_EVENT_PROFILE_FORGOTTEN;
	return 1;
}

/* Its SET is PROFILE_FORGET. */
RADP_NL_DEFINE_REQUEST(dev, .cmd = ROCE_ADP_CMD_DEV_GET,
		       .set_cmd = ROCE_ADP_CMD_PROFILE_FORGET,
		       .ntf_cmd = ROCE_ADP_CMD_DEV_NTF,
		       .set = radp_nl_profile_forget);
