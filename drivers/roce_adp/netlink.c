// SPDX-License-Identifier: GPL-2.0
/*
 * Generic netlink family "roce_adp".
 *
 * Every message type follows one pattern, as in ethtool's netlink code:
 * a GET names a device (do) or none (dump) and a per-message fill callback
 * writes one device's reply; a SET runs its callback under the device's
 * configuration lock, then answers with the state read back through the
 * same fill callback and sends it to the "config" multicast group. The
 * handlers, device lookup, locking and message framing are shared.
 */

#include <linux/kernel.h>
#include <linux/mutex.h>
#include <net/genetlink.h>

#include "compat.h"
#include "roce_adp.h"

static struct genl_family radp_nl_family;
/*
 * Devices come and go before the family is registered (the emulated ones
 * made at load) and after it is gone (at unload): those go untold. The
 * lock keeps a device notification from racing with the unregistering.
 */
static bool radp_nl_registered;
static DEFINE_MUTEX(radp_nl_registered_lock);

/* What the module restores after a firmware reset, and the last outcome. */
static int radp_nl_put_restore(struct sk_buff *skb, struct radp_dev *dev)
{
	struct radp_restore_state st_copy, *st = &st_copy;
	struct radp_saved_cfg s_copy, *s = &s_copy;
	struct nlattr *nest;

	radp_restore_snapshot(dev, s, st);
	nest = nla_nest_start(skb, ROCE_ADP_A_RESTORE);
	if (!nest ||
	    nla_put_u8(skb, ROCE_ADP_A_RESTORE_ENABLED, radp_restore_enabled()) ||
	    nla_put_u32(skb, ROCE_ADP_A_RESTORE_PROFILE_ID,
			s->has_profile ? s->profile_id : 0) ||
	    nla_put_u32(skb, ROCE_ADP_A_RESTORE_ENABLES_MASK, s->enables_mask) ||
	    nla_put_u32(skb, ROCE_ADP_A_RESTORE_ENABLES, s->enables) ||
	    nla_put_u32(skb, ROCE_ADP_A_RESTORE_RESETS, st->resets) ||
	    nla_put_u64_64bit(skb, ROCE_ADP_A_RESTORE_TIME, st->time,
			      ROCE_ADP_A_RESTORE_PAD) ||
	    nla_put_u32(skb, ROCE_ADP_A_RESTORE_OUTCOME, st->outcome) ||
	    nla_put_u32(skb, ROCE_ADP_A_RESTORE_ERRNO, -st->err) ||
	    nla_put_string(skb, ROCE_ADP_A_RESTORE_MSG, st->msg) ||
	    nla_put_u32(skb, ROCE_ADP_A_RESTORE_DURATION_US, st->duration_us))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

static int radp_nl_restore_size(void)
{
	return nla_total_size(0) + nla_total_size(sizeof(u8)) +
	       7 * nla_total_size(sizeof(u32)) +
	       nla_total_size_64bit(sizeof(u64)) +
	       nla_total_size(RADP_RESTORE_MSG_LEN);
}

static int radp_nl_dev_fill(struct sk_buff *skb, struct radp_dev *dev,
			    const struct radp_nl_req_info *ri,
			    struct netlink_ext_ack *extack)
{
	if (nla_put_u32(skb, ROCE_ADP_A_DEV_BACKEND, dev->ops->kind) ||
	    nla_put_string(skb, ROCE_ADP_A_DEV_FW_VERSION, dev->fw_version) ||
	    nla_put_u8(skb, ROCE_ADP_A_DEV_ROCE_ACCL,
		       READ_ONCE(dev->roce_accl_cap)))
		return -EMSGSIZE;
	return radp_nl_put_restore(skb, dev);
}

static int radp_nl_dev_reply_size(struct radp_dev *dev,
				  struct radp_nl_req_info *ri,
				  struct netlink_ext_ack *extack)
{
	return nla_total_size(sizeof(u32)) +		/* backend */
	       nla_total_size(RADP_FW_VERSION_LEN) +	/* fw_version */
	       nla_total_size(sizeof(u8)) +		/* roce_accl */
	       radp_nl_restore_size();
}

/*
 * profile-forget, the one SET of the DEV message: restoring leaves the
 * firmware's default timeouts after the next reset. The firmware keeps the
 * current profile until then; the reply shows what is saved now.
 */
static int radp_nl_profile_forget(struct radp_dev *dev, struct genl_info *info,
				  struct radp_nl_req_info *ri)
{
	radp_saved_forget_profile(dev);
	return 0;
}

static const struct radp_nl_request radp_nl_requests[] = {
	{
		.cmd = ROCE_ADP_CMD_DEV_GET,
		.set_cmd = ROCE_ADP_CMD_PROFILE_FORGET,
		.reply_size = radp_nl_dev_reply_size,
		.fill = radp_nl_dev_fill,
		.set = radp_nl_profile_forget,
	}, {
		.cmd = ROCE_ADP_CMD_ACCL_GET,
		.set_cmd = ROCE_ADP_CMD_ACCL_SET,
		.ntf_cmd = ROCE_ADP_CMD_ACCL_NTF,
		.needs_roce_accl = true,
		.reply_size = radp_nl_accl_reply_size,
		.fill = radp_nl_accl_fill,
		.set = radp_nl_accl_set,
	}, {
		.cmd = ROCE_ADP_CMD_PROFILE_GET,
		.set_cmd = ROCE_ADP_CMD_PROFILE_SET,
		.ntf_cmd = ROCE_ADP_CMD_PROFILE_NTF,
		.needs_roce_accl = true,
		.parse = radp_nl_profile_parse,
		.reply_size = radp_nl_profile_reply_size,
		.fill = radp_nl_profile_fill,
		.set = radp_nl_profile_set,
	}, {
		.cmd = ROCE_ADP_CMD_MPT_GET,
		.parse = radp_nl_mpt_parse,
		.fill = radp_nl_mpt_fill,
		.dump_dev = radp_nl_mpt_dump_dev,
	},
};

static const struct radp_nl_request *radp_nl_request_find(u8 cmd)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(radp_nl_requests); i++)
		if (radp_nl_requests[i].cmd == cmd ||
		    radp_nl_requests[i].set_cmd == cmd)
			return &radp_nl_requests[i];
	return NULL;
}

/* Find the device a do request names, with a reference. */
static struct radp_dev *radp_nl_dev_from_info(struct genl_info *info)
{
	struct nlattr *attr = info->attrs[ROCE_ADP_A_DEV_NAME];
	struct radp_dev *dev;

	if (GENL_REQ_ATTR_CHECK(info, ROCE_ADP_A_DEV_NAME))
		return ERR_PTR(-EINVAL);
	dev = radp_dev_get_by_name(nla_data(attr));
	if (!dev) {
		NL_SET_ERR_MSG_ATTR(info->extack, attr, "no such device");
		return ERR_PTR(-ENODEV);
	}
	return dev;
}

/* One complete message about @dev: header, handle, then the body. */
int radp_nl_put_msg(struct sk_buff *skb, const struct radp_nl_request *req,
		    u8 cmd, struct radp_dev *dev, u32 portid, u32 seq,
		    int flags, const struct radp_nl_req_info *ri,
		    struct netlink_ext_ack *extack)
{
	void *hdr;
	int err;

	hdr = genlmsg_put(skb, portid, seq, &radp_nl_family, flags, cmd);
	if (!hdr)
		return -EMSGSIZE;
	err = nla_put_string(skb, ROCE_ADP_A_DEV_NAME, dev->name) ?:
	      req->fill(skb, dev, ri, extack);
	if (err) {
		genlmsg_cancel(skb, hdr);
		return err;
	}
	genlmsg_end(skb, hdr);
	return 0;
}

static int radp_nl_req_info_init(const struct radp_nl_request *req,
				 struct nlattr **attrs, bool dump,
				 struct radp_nl_req_info *ri,
				 struct netlink_ext_ack *extack)
{
	memset(ri, 0, sizeof(*ri));
	ri->dump = dump;
	ri->profile_id = -1;
	return req->parse ? req->parse(attrs, ri, extack) : 0;
}

/* The payload of a GET reply: the device's name and the body. */
static int radp_nl_reply_size(const struct radp_nl_request *req,
			      struct radp_dev *dev, struct radp_nl_req_info *ri,
			      struct netlink_ext_ack *extack)
{
	int size;

	if (!req->reply_size)
		return NLMSG_GOODSIZE;
	size = req->reply_size(dev, ri, extack);
	if (size < 0)
		return size;
	return nla_total_size(strlen(dev->name) + 1) + size;
}

static int radp_nl_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	const struct radp_nl_request *req;
	struct radp_nl_req_info ri;
	struct radp_dev *dev;
	struct sk_buff *msg;
	int err, size;

	req = radp_nl_request_find(info->genlhdr->cmd);
	if (WARN_ON_ONCE(!req))
		return -EOPNOTSUPP;
	err = radp_nl_req_info_init(req, info->attrs, false, &ri,
				    info->extack);
	if (err)
		return err;

	dev = radp_nl_dev_from_info(info);
	if (IS_ERR(dev))
		return PTR_ERR(dev);

	size = radp_nl_reply_size(req, dev, &ri, info->extack);
	if (size < 0) {
		err = size;
		goto err_put_dev;
	}
	msg = genlmsg_new(size, GFP_KERNEL);
	if (!msg) {
		err = -ENOMEM;
		goto err_put_dev;
	}
	err = radp_nl_put_msg(msg, req, req->cmd, dev, info->snd_portid,
			      info->snd_seq, 0, &ri, info->extack);
	/*
	 * A reply_size short of what the fill writes is a bug, which the
	 * slack of the allocation could hide: check the length too.
	 */
	WARN_ON_ONCE(req->reply_size &&
		     (err == -EMSGSIZE ||
		      msg->len > nlmsg_total_size(genlmsg_total_size(size))));
	if (err)
		goto err_free_msg;
	radp_dev_put(dev);
	return genlmsg_reply(msg, info);

err_free_msg:
	nlmsg_free(msg);
err_put_dev:
	radp_dev_put(dev);
	return err;
}

/* The part of a dump about one device. */
static int radp_nl_dump_one(struct sk_buff *skb, struct netlink_callback *cb,
			    const struct radp_nl_request *req,
			    struct radp_dev *dev, struct radp_nl_req_info *ri)
{
	/* Devices without the register have nothing to show here. */
	if (req->needs_roce_accl && !READ_ONCE(dev->roce_accl_cap))
		return 0;
	if (req->dump_dev)
		return req->dump_dev(skb, cb, req, dev, ri);
	return radp_nl_put_msg(skb, req, req->cmd, dev,
			       NETLINK_CB(cb->skb).portid, cb->nlh->nlmsg_seq,
			       NLM_F_MULTI, ri, cb->extack);
}

/* A dump naming a device (ROCE_ADP_A_DEV_NAME) covers only that one. */
static int radp_nl_dump_named(struct sk_buff *skb, struct netlink_callback *cb,
			      const struct radp_nl_request *req,
			      const struct nlattr *name,
			      struct radp_nl_req_info *ri)
{
	struct radp_nl_dump_ctx *ctx = (struct radp_nl_dump_ctx *)cb->ctx;
	struct radp_dev *dev;
	int err;

	if (ctx->done)
		return 0;
	dev = radp_dev_get_by_name(nla_data(name));
	if (!dev) {
		NL_SET_ERR_MSG_ATTR(cb->extack, name, "no such device");
		return -ENODEV;
	}
	err = radp_nl_dump_one(skb, cb, req, dev, ri);
	radp_dev_put(dev);
	if (!err)
		ctx->done = true;
	return err;
}

static int radp_nl_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct radp_nl_dump_ctx *ctx = (struct radp_nl_dump_ctx *)cb->ctx;
	struct nlattr **attrs = radp_dump_attrs(cb);
	const struct radp_nl_request *req;
	struct radp_nl_req_info ri;
	struct radp_dev *dev;
	int err;

	BUILD_BUG_ON(sizeof(*ctx) > sizeof(cb->ctx));
	req = radp_nl_request_find(genl_dumpit_info(cb)->op.cmd);
	if (WARN_ON_ONCE(!req))
		return -EOPNOTSUPP;
	err = radp_nl_req_info_init(req, attrs, true, &ri, cb->extack);
	if (err)
		return err;

	if (attrs[ROCE_ADP_A_DEV_NAME]) {
		err = radp_nl_dump_named(skb, cb, req,
					 attrs[ROCE_ADP_A_DEV_NAME], &ri);
	} else {
		while ((dev = radp_dev_get_next(&ctx->dev_index))) {
			err = radp_nl_dump_one(skb, cb, req, dev, &ri);
			radp_dev_put(dev);
			if (err)
				break;
			ctx->dev_index++;
		}
	}
	/* A full message is sent and the dump goes on in the next one. */
	if (err == -EMSGSIZE && skb->len)
		return skb->len;
	return err;
}

/* Tell the "config" group about a change, as GET would show it. */
static void radp_nl_notify(const struct radp_nl_request *req,
			   struct radp_dev *dev,
			   const struct radp_nl_req_info *ri)
{
	struct sk_buff *msg;

	/* profile-forget changes nothing the device shows: no notification. */
	if (!req->ntf_cmd || !genl_has_listeners(&radp_nl_family, &init_net, 0))
		return;
	msg = genlmsg_new(NLMSG_GOODSIZE, GFP_KERNEL);
	if (!msg)
		return;
	if (radp_nl_put_msg(msg, req, req->ntf_cmd, dev, 0, 0, 0, ri, NULL)) {
		nlmsg_free(msg);
		return;
	}
	genlmsg_multicast(&radp_nl_family, msg, 0, 0, GFP_KERNEL);
}

/* Tell the "config" group that @dev was added or removed. */
void radp_nl_dev_notify(struct radp_dev *dev, enum roce_adp_dev_event event)
{
	struct sk_buff *msg;
	void *hdr;

	mutex_lock(&radp_nl_registered_lock);
	if (!radp_nl_registered ||
	    !genl_has_listeners(&radp_nl_family, &init_net, 0))
		goto unlock;
	msg = genlmsg_new(nla_total_size(sizeof(u32)) +
			  nla_total_size(ROCE_ADP_DEV_NAME_LEN) +
			  radp_nl_dev_reply_size(dev, NULL, NULL), GFP_KERNEL);
	if (!msg)
		goto unlock;
	hdr = genlmsg_put(msg, 0, 0, &radp_nl_family, 0, ROCE_ADP_CMD_DEV_NTF);
	if (!hdr)
		goto err_free_msg;
	if (nla_put_string(msg, ROCE_ADP_A_DEV_NAME, dev->name) ||
	    radp_nl_dev_fill(msg, dev, NULL, NULL) ||
	    nla_put_u32(msg, ROCE_ADP_A_DEV_EVENT, event))
		goto err_free_msg;
	genlmsg_end(msg, hdr);
	genlmsg_multicast(&radp_nl_family, msg, 0, 0, GFP_KERNEL);
	goto unlock;

err_free_msg:
	nlmsg_free(msg);
unlock:
	mutex_unlock(&radp_nl_registered_lock);
}

/* Tell the "config" group about @dev, as dev-get shows it, with @cmd. */
void radp_nl_dev_state_notify(struct radp_dev *dev, u8 cmd)
{
	struct radp_nl_req_info ri = {};
	struct sk_buff *msg;

	if (!genl_has_listeners(&radp_nl_family, &init_net, 0))
		return;
	msg = genlmsg_new(NLMSG_GOODSIZE, GFP_KERNEL);
	if (!msg)
		return;
	if (radp_nl_put_msg(msg, &radp_nl_requests[0], cmd, dev, 0, 0, 0, &ri,
			    NULL)) {
		nlmsg_free(msg);
		return;
	}
	genlmsg_multicast(&radp_nl_family, msg, 0, 0, GFP_KERNEL);
}

static int radp_nl_set_doit(struct sk_buff *skb, struct genl_info *info)
{
	const struct radp_nl_request *req;
	struct radp_nl_req_info ri;
	struct radp_dev *dev;
	struct sk_buff *msg;
	int err;

	req = radp_nl_request_find(info->genlhdr->cmd);
	if (WARN_ON_ONCE(!req || !req->set))
		return -EOPNOTSUPP;
	dev = radp_nl_dev_from_info(info);
	if (IS_ERR(dev))
		return PTR_ERR(dev);

	msg = genlmsg_new(NLMSG_GOODSIZE, GFP_KERNEL);
	if (!msg) {
		err = -ENOMEM;
		goto err_put_dev;
	}

	/* The reply and the notification show this change, not a later one. */
	mutex_lock(&dev->cfg_lock);
	err = radp_nl_req_info_init(req, NULL, false, &ri, info->extack) ?:
	      req->set(dev, info, &ri);
	if (err)
		goto err_unlock;
	err = radp_nl_put_msg(msg, req, req->set_cmd, dev, info->snd_portid,
			      info->snd_seq, 0, &ri, info->extack);
	if (err)
		goto err_unlock;
	radp_nl_notify(req, dev, &ri);
	mutex_unlock(&dev->cfg_lock);

	radp_dev_put(dev);
	return genlmsg_reply(msg, info);

err_unlock:
	mutex_unlock(&dev->cfg_lock);
	nlmsg_free(msg);
err_put_dev:
	radp_dev_put(dev);
	return err;
}

static const struct nla_policy radp_nl_range_policy[ROCE_ADP_A_RANGE_MAX + 1] = {
	[ROCE_ADP_A_RANGE_INDEX] = NLA_POLICY_MAX(NLA_U32, RADP_RANGES - 1),
	[ROCE_ADP_A_RANGE_PREV_RANGE_INDEX] = NLA_POLICY_MAX(NLA_U32, 7),
	[ROCE_ADP_A_RANGE_DEC_MODE] = NLA_POLICY_MAX(NLA_U32, 3),
	[ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM] = NLA_POLICY_MAX(NLA_U32, 1023),
	[ROCE_ADP_A_RANGE_RANGE_LOW_BOUND] = NLA_POLICY_MAX(NLA_U32, 255),
	[ROCE_ADP_A_RANGE_RANGE_SIZE] = NLA_POLICY_MAX(NLA_U32, 255),
};

/* Above s16: the NLA_POLICY_MAX() of 6.1 cannot hold it. */
static struct netlink_range_validation radp_nl_time_base_range = {
	.max = U16_MAX,
};

static struct netlink_range_validation radp_nl_24bit_range = {
	.max = 0xffffff,
};

const struct nla_policy radp_nl_profile_policy[ROCE_ADP_A_PROFILE_MAX + 1] = {
	[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID] =
		NLA_POLICY_MAX(NLA_U32, ROCE_ADP_PROFILE_ID_MAX),
	[ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_PROFILE_RANGE_NUM] = NLA_POLICY_MAX(NLA_U32, 7),
	[ROCE_ADP_A_PROFILE_START_RANGE_INDEX] = NLA_POLICY_MAX(NLA_U32, 7),
	[ROCE_ADP_A_PROFILE_TIME_UNIT] = NLA_POLICY_MAX(NLA_U32, 3),
	[ROCE_ADP_A_PROFILE_TIME_BASE] =
		NLA_POLICY_FULL_RANGE(NLA_U32, &radp_nl_time_base_range),
	[ROCE_ADP_A_PROFILE_RETX_TOTAL_TIMEOUT] = NLA_POLICY_MAX(NLA_U32, 255),
	[ROCE_ADP_A_PROFILE_TIMEOUT_INIT_LOW_BOUND] =
		NLA_POLICY_MAX(NLA_U32, 255),
	[ROCE_ADP_A_PROFILE_TIMEOUT_INIT_RANGE_SIZE] =
		NLA_POLICY_MAX(NLA_U32, 255),
	[ROCE_ADP_A_PROFILE_RANGE] = NLA_POLICY_NESTED(radp_nl_range_policy),
};

const struct nla_policy radp_nl_accl_policy[ROCE_ADP_A_ACCL_MAX + 1] = {
	[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_ACCL_ROCE_SLOW_RESTART_EN] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_ACCL_ROCE_SLOW_RESTART_IDLE_EN] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_ACCL_MIN_ACK_TIMEOUT_LIMIT_DISABLED] =
		NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_ACCL_ADAPTIVE_ROUTING_FORCED_EN] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_ACCL_SELECTIVE_REPEAT_FORCED_EN] = NLA_POLICY_MAX(NLA_U8, 1),
};

#define RADP_NL_DEV_NAME_POLICY \
	[ROCE_ADP_A_DEV_NAME] = { .type = NLA_NUL_STRING, \
				  .len = ROCE_ADP_DEV_NAME_LEN - 1 }

static const struct nla_policy radp_nl_dev_policy[ROCE_ADP_A_DEV_NAME + 1] = {
	RADP_NL_DEV_NAME_POLICY,
};

static const struct nla_policy radp_nl_accl_set_policy[ROCE_ADP_A_ACCL + 1] = {
	RADP_NL_DEV_NAME_POLICY,
	[ROCE_ADP_A_ACCL] = NLA_POLICY_NESTED(radp_nl_accl_policy),
};

static const struct nla_policy radp_nl_profile_get_policy[ROCE_ADP_A_PROFILE_ID + 1] = {
	RADP_NL_DEV_NAME_POLICY,
	[ROCE_ADP_A_PROFILE_ID] = NLA_POLICY_MAX(NLA_U32, ROCE_ADP_PROFILE_ID_MAX),
};

static const struct nla_policy radp_nl_profile_set_policy[ROCE_ADP_A_PROFILE + 1] = {
	RADP_NL_DEV_NAME_POLICY,
	[ROCE_ADP_A_PROFILE] = NLA_POLICY_NESTED(radp_nl_profile_policy),
};

static const struct nla_policy radp_nl_mpt_get_policy[ROCE_ADP_A_MPT_RAW + 1] = {
	RADP_NL_DEV_NAME_POLICY,
	[ROCE_ADP_A_MPT_INDEX] = { .type = NLA_U32 },
	[ROCE_ADP_A_MPT_KEY] = { .type = NLA_U32 },
	[ROCE_ADP_A_MPT_PD] = NLA_POLICY_FULL_RANGE(NLA_U32, &radp_nl_24bit_range),
	[ROCE_ADP_A_MPT_QPN] = NLA_POLICY_FULL_RANGE(NLA_U32, &radp_nl_24bit_range),
	[ROCE_ADP_A_MPT_RAW] = { .type = NLA_FLAG },
};

/* Each policy array ends at the attribute named as its _maxattr. */
#define RADP_NL_GET_OP(_cmd, _policy, _maxattr) {		\
	.cmd = _cmd,						\
	.doit = radp_nl_get_doit,				\
	.dumpit = radp_nl_get_dumpit,				\
	.policy = _policy,					\
	.maxattr = _maxattr,					\
}

#define RADP_NL_SET_OP(_cmd, _policy, _maxattr) {		\
	.cmd = _cmd,						\
	.doit = radp_nl_set_doit,				\
	.policy = _policy,					\
	.maxattr = _maxattr,					\
	.flags = GENL_ADMIN_PERM,				\
}

/* Keys and addresses are for administrators only, dumps included. */
#define RADP_NL_ADMIN_GET_OP(_cmd, _policy, _maxattr) {		\
	.cmd = _cmd,						\
	.doit = radp_nl_get_doit,				\
	.dumpit = radp_nl_get_dumpit,				\
	.policy = _policy,					\
	.maxattr = _maxattr,					\
	.flags = GENL_ADMIN_PERM,				\
}

static const struct genl_ops radp_nl_ops[] = {
	RADP_NL_GET_OP(ROCE_ADP_CMD_DEV_GET, radp_nl_dev_policy,
		       ROCE_ADP_A_DEV_NAME),
	RADP_NL_GET_OP(ROCE_ADP_CMD_ACCL_GET, radp_nl_dev_policy,
		       ROCE_ADP_A_DEV_NAME),
	RADP_NL_SET_OP(ROCE_ADP_CMD_ACCL_SET, radp_nl_accl_set_policy,
		       ROCE_ADP_A_ACCL),
	RADP_NL_GET_OP(ROCE_ADP_CMD_PROFILE_GET, radp_nl_profile_get_policy,
		       ROCE_ADP_A_PROFILE_ID),
	RADP_NL_SET_OP(ROCE_ADP_CMD_PROFILE_SET, radp_nl_profile_set_policy,
		       ROCE_ADP_A_PROFILE),
	RADP_NL_ADMIN_GET_OP(ROCE_ADP_CMD_MPT_GET, radp_nl_mpt_get_policy,
			     ROCE_ADP_A_MPT_RAW),
	RADP_NL_SET_OP(ROCE_ADP_CMD_PROFILE_FORGET, radp_nl_dev_policy,
		       ROCE_ADP_A_DEV_NAME),
};

static const struct genl_multicast_group radp_nl_mcgrps[] = {
	{ .name = ROCE_ADP_MCGRP_CONFIG },
};

static struct genl_family radp_nl_family __ro_after_init = {
	.name = ROCE_ADP_FAMILY_NAME,
	.version = ROCE_ADP_FAMILY_VERSION,
	.module = THIS_MODULE,
	.parallel_ops = true,
	.ops = radp_nl_ops,
	.n_ops = ARRAY_SIZE(radp_nl_ops),
	.resv_start_op = ROCE_ADP_CMD_MAX + 1,
	.mcgrps = radp_nl_mcgrps,
	.n_mcgrps = ARRAY_SIZE(radp_nl_mcgrps),
};

int __init radp_nl_init(void)
{
	int err;

	mutex_lock(&radp_nl_registered_lock);
	err = genl_register_family(&radp_nl_family);
	radp_nl_registered = !err;
	mutex_unlock(&radp_nl_registered_lock);
	return err;
}

void radp_nl_fini(void)
{
	mutex_lock(&radp_nl_registered_lock);
	radp_nl_registered = false;
	genl_unregister_family(&radp_nl_family);
	mutex_unlock(&radp_nl_registered_lock);
}
