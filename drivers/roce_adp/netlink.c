// SPDX-License-Identifier: GPL-2.0
/*
 * Generic netlink family "roce_adp".
 *
 * Every GET message follows one pattern, as in ethtool's netlink code: a
 * request names a device (do) or none (dump), and a per-message fill
 * callback writes one device's reply. The doit and dumpit handlers, device
 * lookup and message framing are shared.
 */

#include <linux/kernel.h>
#include <net/genetlink.h>

#include "compat.h"
#include "roce_adp.h"

static struct genl_family radp_nl_family;

/**
 * struct radp_nl_request - how to answer one GET message
 * @cmd: the request's command, also used for its reply
 * @fill: write the attributes describing @dev after the device handle
 */
struct radp_nl_request {
	u8 cmd;
	int (*fill)(struct sk_buff *skb, struct radp_dev *dev,
		    struct nlattr **attrs, struct netlink_ext_ack *extack);
};

static int radp_nl_dev_fill(struct sk_buff *skb, struct radp_dev *dev,
			    struct nlattr **attrs,
			    struct netlink_ext_ack *extack)
{
	if (nla_put_u32(skb, ROCE_ADP_A_DEV_BACKEND, dev->ops->kind) ||
	    nla_put_string(skb, ROCE_ADP_A_DEV_FW_VERSION, dev->fw_version) ||
	    nla_put_u8(skb, ROCE_ADP_A_DEV_ROCE_ACCL,
		       READ_ONCE(dev->roce_accl_cap)))
		return -EMSGSIZE;
	return 0;
}

static const struct radp_nl_request radp_nl_requests[] = {
	{ .cmd = ROCE_ADP_CMD_DEV_GET, .fill = radp_nl_dev_fill },
};

static const struct radp_nl_request *radp_nl_request_find(u8 cmd)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(radp_nl_requests); i++)
		if (radp_nl_requests[i].cmd == cmd)
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

/* One complete reply message for @dev: header, handle, then the body. */
static int radp_nl_put_reply(struct sk_buff *skb,
			     const struct radp_nl_request *req,
			     struct radp_dev *dev, u32 portid, u32 seq,
			     int flags, struct nlattr **attrs,
			     struct netlink_ext_ack *extack)
{
	void *hdr;
	int err;

	hdr = genlmsg_put(skb, portid, seq, &radp_nl_family, flags, req->cmd);
	if (!hdr)
		return -EMSGSIZE;
	err = nla_put_string(skb, ROCE_ADP_A_DEV_NAME, dev->name) ?:
	      req->fill(skb, dev, attrs, extack);
	if (err) {
		genlmsg_cancel(skb, hdr);
		return err;
	}
	genlmsg_end(skb, hdr);
	return 0;
}

static int radp_nl_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	const struct radp_nl_request *req;
	struct radp_dev *dev;
	struct sk_buff *msg;
	int err;

	req = radp_nl_request_find(info->genlhdr->cmd);
	if (WARN_ON_ONCE(!req))
		return -EOPNOTSUPP;

	dev = radp_nl_dev_from_info(info);
	if (IS_ERR(dev))
		return PTR_ERR(dev);

	msg = genlmsg_new(NLMSG_GOODSIZE, GFP_KERNEL);
	if (!msg) {
		err = -ENOMEM;
		goto err_put_dev;
	}
	err = radp_nl_put_reply(msg, req, dev, info->snd_portid, info->snd_seq,
				0, info->attrs, info->extack);
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

/* Dump position, kept in cb->ctx between the messages of a dump. */
struct radp_nl_dump_ctx {
	unsigned long dev_index;
};

static int radp_nl_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct radp_nl_dump_ctx *ctx = (struct radp_nl_dump_ctx *)cb->ctx;
	const struct radp_nl_request *req;
	struct radp_dev *dev;
	int err = 0;

	BUILD_BUG_ON(sizeof(*ctx) > sizeof(cb->ctx));
	req = radp_nl_request_find(genl_dumpit_info(cb)->op.cmd);
	if (WARN_ON_ONCE(!req))
		return -EOPNOTSUPP;

	while ((dev = radp_dev_get_next(&ctx->dev_index))) {
		err = radp_nl_put_reply(skb, req, dev,
					NETLINK_CB(cb->skb).portid,
					cb->nlh->nlmsg_seq, NLM_F_MULTI,
					radp_dump_attrs(cb), cb->extack);
		radp_dev_put(dev);
		if (err)
			break;
		ctx->dev_index++;
	}
	/* A full message is sent and the dump goes on in the next one. */
	if (err == -EMSGSIZE && skb->len)
		return skb->len;
	return err;
}

static const struct nla_policy radp_nl_dev_get_policy[ROCE_ADP_A_DEV_NAME + 1] = {
	[ROCE_ADP_A_DEV_NAME] = { .type = NLA_NUL_STRING,
				  .len = ROCE_ADP_DEV_NAME_LEN - 1 },
};

static const struct genl_ops radp_nl_ops[] = {
	{
		.cmd = ROCE_ADP_CMD_DEV_GET,
		.doit = radp_nl_get_doit,
		.dumpit = radp_nl_get_dumpit,
		.policy = radp_nl_dev_get_policy,
		.maxattr = ARRAY_SIZE(radp_nl_dev_get_policy) - 1,
	},
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
	return genl_register_family(&radp_nl_family);
}

void radp_nl_fini(void)
{
	genl_unregister_family(&radp_nl_family);
}
