// SPDX-License-Identifier: GPL-2.0
/*
 * Generic netlink family "roce_adp".
 *
 * Every message type follows one pattern, as in ethtool's netlink code
 * (radp_nl.h): a GET names a device (do) or none (dump); the message's
 * prepare reads the device, its fill writes the reply from what was read.
 * A SET runs its callback under the device's configuration lock, then
 * prepares once for the reply and, when it changed the device, the
 * notification to the "config" multicast group. The handlers, device lookup, locking and message
 * framing are shared, and so are the helpers that put and parse a
 * register's fields by their attributes; the policies and the ops table
 * come from the spec (netlink-gen.c).
 */

#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <net/genetlink.h>

#include "compat.h"
#include "radp_nl.h"

static struct genl_family radp_nl_family;
/*
 * Devices come and go, and firmware resets end, before the family is
 * registered (a backend that registers a device as soon as it can) and
 * after it is gone (at unload): those go untold. A notification is sent
 * under the lock, and the family is unregistered only once the flag,
 * cleared under it, keeps any other from starting. The lock is never held
 * around genetlink's own, so notifying under a device's cfg_lock is safe.
 */
static bool radp_nl_registered;
static DEFINE_MUTEX(radp_nl_registered_lock);

/* Each message's ops, by the command of its GET, SET or notification. */
static const struct radp_nl_request *radp_nl_requests[] = {
	[ROCE_ADP_CMD_DEV_GET] = &radp_nl_dev_request,
	[ROCE_ADP_CMD_PROFILE_FORGET] = &radp_nl_dev_request,
	[ROCE_ADP_CMD_DEV_NTF] = &radp_nl_dev_request,
	[ROCE_ADP_CMD_RESET_NTF] = &radp_nl_dev_request,
	[ROCE_ADP_CMD_ACCL_GET] = &radp_nl_accl_request,
	[ROCE_ADP_CMD_ACCL_SET] = &radp_nl_accl_request,
	[ROCE_ADP_CMD_ACCL_NTF] = &radp_nl_accl_request,
	[ROCE_ADP_CMD_PROFILE_GET] = &radp_nl_profile_request,
	[ROCE_ADP_CMD_PROFILE_SET] = &radp_nl_profile_request,
	[ROCE_ADP_CMD_PROFILE_NTF] = &radp_nl_profile_request,
	[ROCE_ADP_CMD_MPT_GET] = &radp_nl_mpt_request,
	[ROCE_ADP_CMD_HISTOGRAM_GET] = &radp_nl_hist_request,
	[ROCE_ADP_CMD_HISTOGRAM_SET] = &radp_nl_hist_request,
	[ROCE_ADP_CMD_HISTOGRAM_CLEAR] = &radp_nl_hist_request,
	[ROCE_ADP_CMD_HISTOGRAM_NTF] = &radp_nl_hist_request,
};

static const struct radp_nl_request *radp_nl_request_find(u8 cmd)
{
	if (cmd >= ARRAY_SIZE(radp_nl_requests))
		return NULL;
	return radp_nl_requests[cmd];
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

/* One complete message about data->dev: header, handle, then the body. */
int radp_nl_put_msg(struct sk_buff *skb, const struct radp_nl_request *req,
		    u8 cmd, u32 portid, u32 seq, int flags,
		    const struct radp_nl_req_info *ri,
		    const struct radp_nl_reply_data *data)
{
	void *hdr;
	int err;

	hdr = genlmsg_put(skb, portid, seq, &radp_nl_family, flags, cmd);
	if (!hdr)
		return -EMSGSIZE;
	err = nla_put_string(skb, ROCE_ADP_A_DEV_NAME, data->dev->name) ?:
	      req->fill(skb, ri, data);
	if (err) {
		genlmsg_cancel(skb, hdr);
		return err;
	}
	genlmsg_end(skb, hdr);
	return 0;
}

/*
 * A dump message about @dev that carries no object, only one u32 (@attr,
 * @pos): how far the dump went (the reader learns the dump is alive, and
 * the call that spent its command budget without a match has something
 * to send), or why the device could not be read (ROCE_ADP_A_DEV_ERROR).
 */
int radp_nl_put_progress(struct sk_buff *skb, struct netlink_callback *cb,
			 u8 cmd, const struct radp_dev *dev, u16 attr, u32 pos)
{
	void *hdr;

	hdr = genlmsg_put(skb, NETLINK_CB(cb->skb).portid, cb->nlh->nlmsg_seq,
			  &radp_nl_family, NLM_F_MULTI, cmd);
	if (!hdr)
		return -EMSGSIZE;
	if (nla_put_string(skb, ROCE_ADP_A_DEV_NAME, dev->name) ||
	    nla_put_u32(skb, attr, pos)) {
		genlmsg_cancel(skb, hdr);
		return -EMSGSIZE;
	}
	genlmsg_end(skb, hdr);
	nl_dump_check_consistent(cb, nlmsg_hdr(skb));
	return 0;
}

/*
 * Fields to and from their netlink attributes, by the attributes of
 * radp_fields[] (radp_fields.h): what the messages (nl_*.c) share to put
 * and parse a register's fields, so that none of them names a field.
 */

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

/* The part of @req's reply data that is zeroed before each prepare. */
static size_t radp_nl_zeroed(const struct radp_nl_request *req)
{
	return req->reply_data_zeroed ?: req->reply_data_size;
}

/*
 * The request info and reply data of @req, zeroed (the reply data as far
 * as radp_nl_zeroed() says), in one allocation: kfree(*ri) frees both.
 */
static int radp_nl_alloc(const struct radp_nl_request *req,
			 struct radp_nl_req_info **ri,
			 struct radp_nl_reply_data **data)
{
	size_t off = ALIGN(req->req_info_size, sizeof(long long));

	*ri = kmalloc(off + req->reply_data_size, GFP_KERNEL);
	if (!*ri)
		return -ENOMEM;
	memset(*ri, 0, off + radp_nl_zeroed(req));
	*data = (struct radp_nl_reply_data *)((char *)*ri + off);
	return 0;
}

/*
 * Read @dev for a reply: data->dev is set; the rest of @data is as
 * radp_nl_alloc() or the dump's loop zeroed it.
 */
static int radp_nl_prepare(const struct radp_nl_request *req,
			   struct radp_dev *dev,
			   const struct radp_nl_req_info *ri,
			   struct radp_nl_reply_data *data,
			   struct netlink_ext_ack *extack)
{
	data->dev = dev;
	return req->prepare ? req->prepare(ri, data, extack) : 0;
}

/* A message of @req about data->dev, sized by its reply_size. */
static struct sk_buff *radp_nl_build(const struct radp_nl_request *req,
				     u8 cmd, u32 portid, u32 seq,
				     const struct radp_nl_req_info *ri,
				     const struct radp_nl_reply_data *data)
{
	struct sk_buff *msg;
	int size, err;

	size = nla_total_size(strlen(data->dev->name) + 1) +
	       req->reply_size(ri, data);
	msg = genlmsg_new(size, GFP_KERNEL);
	if (!msg)
		return ERR_PTR(-ENOMEM);
	err = radp_nl_put_msg(msg, req, cmd, portid, seq, 0, ri, data);
	/*
	 * A reply_size short of what the fill writes is a bug, which the
	 * slack of the allocation could hide: check the length too.
	 */
	WARN_ON_ONCE(err == -EMSGSIZE ||
		     msg->len > nlmsg_total_size(genlmsg_total_size(size)));
	if (err) {
		nlmsg_free(msg);
		return ERR_PTR(err);
	}
	return msg;
}

/*
 * The commands whose policy takes ROCE_ADP_A_SNAPSHOT, bit per command:
 * genetlink sizes a request's attrs by its op's maxattr, an index above
 * it is outside the array. Found once from the ops table, not per request.
 */
static unsigned long radp_nl_snapshot_cmds[BITS_TO_LONGS(__ROCE_ADP_CMD_MAX)];

static void __init radp_nl_snapshot_cmds_init(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(roce_adp_nl_ops); i++)
		if (roce_adp_nl_ops[i].cmd < __ROCE_ADP_CMD_MAX &&
		    roce_adp_nl_ops[i].maxattr >= ROCE_ADP_A_SNAPSHOT)
			__set_bit(roce_adp_nl_ops[i].cmd, radp_nl_snapshot_cmds);
}

/*
 * Who asks, and whether the snapshot answers: requests without
 * CAP_NET_ADMIN (the capability GENL_ADMIN_PERM asks for, checked as
 * genetlink does) never make the module read a device on their own; the
 * others only with the snapshot flag, where their GET's policy has it.
 * Then the message's own attributes (its parse), for a GET's do or dump.
 */
static int radp_nl_req_init(const struct radp_nl_request *req,
			    struct radp_nl_req_info *ri,
			    const struct sk_buff *skb, struct nlattr **attrs,
			    struct netlink_ext_ack *extack)
{
	ri->unpriv = !netlink_capable(skb, CAP_NET_ADMIN);
	ri->snapshot = ri->unpriv ||
		       (test_bit(req->cmd, radp_nl_snapshot_cmds) &&
			nla_get_flag(attrs[ROCE_ADP_A_SNAPSHOT]));
	return req->parse ? req->parse(ri, attrs, extack) : 0;
}

/* A GET's reply about @dev. */
static struct sk_buff *radp_nl_get(const struct radp_nl_request *req,
				   struct radp_dev *dev,
				   struct radp_nl_req_info *ri,
				   struct radp_nl_reply_data *data,
				   struct genl_info *info)
{
	int err;

	err = radp_nl_prepare(req, dev, ri, data, info->extack);
	if (err)
		return ERR_PTR(err);
	return radp_nl_build(req, req->cmd, info->snd_portid, info->snd_seq,
			     ri, data);
}

/* The part of a dump about one device. */
static int radp_nl_dump_one(struct sk_buff *skb, struct netlink_callback *cb,
			    const struct radp_nl_request *req,
			    struct radp_dev *dev, struct radp_nl_req_info *ri,
			    struct radp_nl_reply_data *data)
{
	struct nlmsghdr *nlh;
	int err;

	/* Devices without the register have nothing to show here. */
	if (req->needs_roce_accl && !READ_ONCE(dev->roce_accl_cap))
		return 0;
	memset(data, 0, radp_nl_zeroed(req));
	data->dev = dev;
	if (req->dump_dev)
		return req->dump_dev(skb, cb, req, ri, data);
	err = radp_nl_prepare(req, dev, ri, data, cb->extack);
	if (err == -EOPNOTSUPP && req->optional) {
		if (cb->extack)
			cb->extack->_msg = NULL;
		return 0;
	}
	if (err)
		return err;
	nlh = (struct nlmsghdr *)skb_tail_pointer(skb);
	err = radp_nl_put_msg(skb, req, req->cmd, NETLINK_CB(cb->skb).portid,
			      cb->nlh->nlmsg_seq, NLM_F_MULTI, ri, data);
	if (!err)
		nl_dump_check_consistent(cb, nlh);
	return err;
}

/*
 * A dump of all devices: has a device come or gone since the last look?
 * Then the dump may have missed one, and its next message says so.
 */
static void radp_nl_dump_check_devs(struct netlink_callback *cb,
				    struct radp_nl_dump_ctx *ctx)
{
	u32 gen = radp_dev_registry_gen();

	/* nl_dump_check_consistent() flags changes of a non-zero seq */
	if (!cb->seq)
		cb->seq = 1;
	if (ctx->devs_seen && gen != ctx->devs_gen)
		cb->seq++;
	ctx->devs_gen = gen;
	ctx->devs_seen = true;
}

/*
 * One device of a dump of all devices. Its failure is its own: a message
 * naming it and the error (ROCE_ADP_A_DEV_ERROR), and the dump goes on; a
 * device without what the dump reads (-EOPNOTSUPP) is left out. Only a
 * full message, a spent command budget or the reader's fatal signal end
 * the call.
 */
static int radp_nl_dump_all_one(struct sk_buff *skb,
				struct netlink_callback *cb,
				const struct radp_nl_request *req,
				struct radp_dev *dev,
				struct radp_nl_req_info *ri,
				struct radp_nl_reply_data *data)
{
	struct radp_nl_dump_ctx *ctx = (struct radp_nl_dump_ctx *)cb->ctx;
	int err;

	if (ctx->dev_err && ctx->err_dev == dev->index) {
		err = ctx->dev_err;
	} else {
		ctx->dev_err = 0;
		err = radp_nl_dump_one(skb, cb, req, dev, ri, data);
		if (err >= 0 || err == -EMSGSIZE || err == -EINTR ||
		    fatal_signal_pending(current))
			return err;
		if (cb->extack)
			cb->extack->_msg = NULL;
		if (err == -EOPNOTSUPP)
			return 0;
	}
	ctx->in_dev = false;
	if (radp_nl_put_progress(skb, cb, req->cmd, dev, ROCE_ADP_A_DEV_ERROR,
				 -err)) {
		/* Sent in the next call, without asking the device again. */
		ctx->dev_err = err;
		ctx->err_dev = dev->index;
		return -EMSGSIZE;
	}
	ctx->dev_err = 0;
	return 0;
}

/* A dump naming a device (ROCE_ADP_A_DEV_NAME) covers only that one. */
static int radp_nl_dump_named(struct sk_buff *skb, struct netlink_callback *cb,
			      const struct radp_nl_request *req,
			      const struct nlattr *name,
			      struct radp_nl_req_info *ri,
			      struct radp_nl_reply_data *data)
{
	struct radp_nl_dump_ctx *ctx = (struct radp_nl_dump_ctx *)cb->ctx;
	struct radp_dev *dev;
	int err;

	if (ctx->done)
		return 0;
	ctx->named = true;
	dev = radp_dev_get_by_name(nla_data(name));
	if (!dev) {
		NL_SET_ERR_MSG_ATTR(cb->extack, name, "no such device");
		return -ENODEV;
	}
	err = radp_nl_dump_one(skb, cb, req, dev, ri, data);
	radp_dev_put(dev);
	if (!err)
		ctx->done = true;
	return err;
}

static int radp_nl_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb,
			      const struct radp_nl_request *req)
{
	struct radp_nl_dump_ctx *ctx = (struct radp_nl_dump_ctx *)cb->ctx;
	struct nlattr **attrs = radp_dump_attrs(cb);
	bool all = !attrs[ROCE_ADP_A_DEV_NAME];
	struct radp_nl_reply_data *data;
	struct radp_nl_req_info *ri;
	struct radp_dev *dev;
	int err;

	BUILD_BUG_ON(sizeof(*ctx) > sizeof(cb->ctx));
	err = radp_nl_alloc(req, &ri, &data);
	if (err)
		return err;
	ri->dump = true;
	err = radp_nl_req_init(req, ri, cb->skb, attrs, cb->extack);
	if (err)
		goto out;

	if (!all) {
		err = radp_nl_dump_named(skb, cb, req,
					 attrs[ROCE_ADP_A_DEV_NAME], ri, data);
	} else {
		radp_nl_dump_check_devs(cb, ctx);
		while ((dev = radp_dev_get_next(&ctx->dev_index))) {
			err = radp_nl_dump_all_one(skb, cb, req, dev, ri, data);
			radp_dev_put(dev);
			if (err)
				break;
			ctx->dev_index++;
		}
		/* A device gone during this call: the next message says so. */
		radp_nl_dump_check_devs(cb, ctx);
	}
	/*
	 * A full message is sent and the dump goes on in the next one. So is
	 * one whose call spent its command budget (dump_dev then put at
	 * least a progress message in it).
	 */
	if ((err == -EMSGSIZE && skb->len) || err == RADP_NL_DUMP_YIELD)
		err = skb->len ?: -EMSGSIZE;
out:
	kfree(ri);
	return err;
}

/* Is anyone in the "config" group? Under radp_nl_registered_lock. */
static bool radp_nl_listened(void)
{
	lockdep_assert_held(&radp_nl_registered_lock);
	return radp_nl_registered &&
	       genl_has_listeners(&radp_nl_family, &init_net,
				  ROCE_ADP_NLGRP_CONFIG);
}

/*
 * radp_nl_notify - tell the "config" group about @dev, with @cmd (a *_NTF)
 * @ri: the request info (NULL: a zeroed one); for ROCE_ADP_CMD_DEV_NTF it
 *	carries the event
 * @data: what a SET's reply showed, to send again; NULL: prepare it here,
 *	outside any request (devices added or removed, firmware resets)
 */
void radp_nl_notify(struct radp_dev *dev, u8 cmd,
		    const struct radp_nl_req_info *ri,
		    const struct radp_nl_reply_data *data)
{
	const struct radp_nl_request *req = radp_nl_request_find(cmd);
	struct radp_nl_reply_data *own_data = NULL;
	struct radp_nl_req_info *own_ri = NULL;
	struct sk_buff *msg;

	if (WARN_ON_ONCE(!req))
		return;
	mutex_lock(&radp_nl_registered_lock);
	if (!radp_nl_listened())
		goto unlock;
	if (!data) {
		if (radp_nl_alloc(req, &own_ri, &own_data))
			goto unlock;
		if (ri)
			memcpy(own_ri, ri, sizeof(*ri));
		if (radp_nl_prepare(req, dev, own_ri, own_data, NULL))
			goto free;
		ri = own_ri;
		data = own_data;
	}
	msg = radp_nl_build(req, cmd, 0, 0, ri, data);
	if (!IS_ERR(msg))
		genlmsg_multicast(&radp_nl_family, msg, 0,
				  ROCE_ADP_NLGRP_CONFIG, GFP_KERNEL);
free:
	kfree(own_ri);
unlock:
	mutex_unlock(&radp_nl_registered_lock);
}

/*
 * A SET's write went through but its read-back failed: the device changed
 * and listeners must hear of it, with the flag instead of a state.
 */
static void radp_nl_notify_readback_failed(struct radp_dev *dev, u8 cmd)
{
	struct sk_buff *msg;
	void *hdr;

	mutex_lock(&radp_nl_registered_lock);
	if (!radp_nl_listened())
		goto unlock;
	msg = genlmsg_new(nla_total_size(strlen(dev->name) + 1) +
			  nla_total_size(0), GFP_KERNEL);
	if (!msg)
		goto unlock;
	hdr = genlmsg_put(msg, 0, 0, &radp_nl_family, 0, cmd);
	if (!hdr || nla_put_string(msg, ROCE_ADP_A_DEV_NAME, dev->name) ||
	    nla_put_flag(msg, ROCE_ADP_A_READBACK_FAILED)) {
		nlmsg_free(msg);
		goto unlock;
	}
	genlmsg_end(msg, hdr);
	genlmsg_multicast(&radp_nl_family, msg, 0, ROCE_ADP_NLGRP_CONFIG,
			  GFP_KERNEL);
unlock:
	mutex_unlock(&radp_nl_registered_lock);
}

/*
 * A SET on @dev, its reply and, when it changed the device, its
 * notification.
 */
static struct sk_buff *radp_nl_set(const struct radp_nl_request *req,
				   struct radp_dev *dev,
				   struct radp_nl_req_info *ri,
				   struct radp_nl_reply_data *data,
				   struct genl_info *info)
{
	struct sk_buff *msg;
	int ret, err;

	/*
	 * The reply and the notification show this change, not a later
	 * one: one read-back, under the lock, serves both (and brings the
	 * snapshot up to date). The lock is held across firmware commands:
	 * a fatal signal ends the wait for it.
	 */
	err = mutex_lock_killable(&dev->cfg_lock);
	if (err)
		return ERR_PTR(err);
	ri->set = true;
	ret = req->set(dev, ri, info);
	if (ret < 0) {
		err = ret;
		goto err_unlock;
	}
	/* From here on, if it changed, the device did: listeners hear of it. */
	ri->changed = ret > 0;
	err = radp_nl_prepare(req, dev, ri, data, info->extack);
	if (err) {
		if (ri->changed && req->ntf_cmd)
			radp_nl_notify_readback_failed(dev, req->ntf_cmd);
		goto err_unlock;
	}
	/* A message may have several SETs (HISTOGRAM_CLEAR): answer each. */
	msg = radp_nl_build(req, info->genlhdr->cmd, info->snd_portid,
			    info->snd_seq, ri, data);
	if (ri->changed && req->ntf_cmd) {
		ri->dev_event = ri->ntf_event;
		radp_nl_notify(dev, req->ntf_cmd, ri, data);
	}
	mutex_unlock(&dev->cfg_lock);
	return msg;

err_unlock:
	mutex_unlock(&dev->cfg_lock);
	return ERR_PTR(err);
}

/* Send @msg, a reply or an error pointer, and free what a doit took. */
static int radp_nl_reply(struct sk_buff *msg, struct genl_info *info,
			 struct radp_nl_req_info *ri)
{
	int err = PTR_ERR_OR_ZERO(msg);

	if (!err)
		err = genlmsg_reply(msg, info);
	kfree(ri);
	return err;
}

/* A GET's do request, about the device it names. */
static int radp_nl_get_doit(struct sk_buff *skb, struct genl_info *info,
			    const struct radp_nl_request *req)
{
	struct radp_nl_reply_data *data;
	struct radp_nl_req_info *ri;
	struct radp_dev *dev;
	struct sk_buff *msg;
	int err;

	err = radp_nl_alloc(req, &ri, &data);
	if (err)
		return err;
	err = radp_nl_req_init(req, ri, skb, info->attrs, info->extack);
	dev = err ? ERR_PTR(err) : radp_nl_dev_from_info(info);
	if (IS_ERR(dev))
		return radp_nl_reply(ERR_CAST(dev), info, ri);
	msg = radp_nl_get(req, dev, ri, data, info);
	radp_dev_put(dev);
	return radp_nl_reply(msg, info, ri);
}

/*
 * A SET's do request, about the device it names. Its policy has neither
 * the snapshot flag nor what a GET's parse reads.
 */
static int radp_nl_set_doit(struct genl_info *info,
			    const struct radp_nl_request *req)
{
	struct radp_nl_reply_data *data;
	struct radp_nl_req_info *ri;
	struct radp_dev *dev;
	struct sk_buff *msg;
	int err;

	err = radp_nl_alloc(req, &ri, &data);
	if (err)
		return err;
	dev = radp_nl_dev_from_info(info);
	if (IS_ERR(dev))
		return radp_nl_reply(ERR_CAST(dev), info, ri);
	msg = radp_nl_set(req, dev, ri, data, info);
	radp_dev_put(dev);
	return radp_nl_reply(msg, info, ri);
}

/*
 * The handlers netlink-gen.c names: each runs one message's ops
 * (radp_nl_<msg>_request) through the skeleton above.
 */
int roce_adp_nl_dev_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	return radp_nl_get_doit(skb, info, &radp_nl_dev_request);
}

int roce_adp_nl_dev_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	return radp_nl_get_dumpit(skb, cb, &radp_nl_dev_request);
}

int roce_adp_nl_profile_forget_doit(struct sk_buff *skb,
				    struct genl_info *info)
{
	return radp_nl_set_doit(info, &radp_nl_dev_request);
}

int roce_adp_nl_accl_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	return radp_nl_get_doit(skb, info, &radp_nl_accl_request);
}

int roce_adp_nl_accl_get_dumpit(struct sk_buff *skb,
				struct netlink_callback *cb)
{
	return radp_nl_get_dumpit(skb, cb, &radp_nl_accl_request);
}

int roce_adp_nl_accl_set_doit(struct sk_buff *skb, struct genl_info *info)
{
	return radp_nl_set_doit(info, &radp_nl_accl_request);
}

int roce_adp_nl_profile_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	return radp_nl_get_doit(skb, info, &radp_nl_profile_request);
}

int roce_adp_nl_profile_get_dumpit(struct sk_buff *skb,
				   struct netlink_callback *cb)
{
	return radp_nl_get_dumpit(skb, cb, &radp_nl_profile_request);
}

int roce_adp_nl_profile_set_doit(struct sk_buff *skb, struct genl_info *info)
{
	return radp_nl_set_doit(info, &radp_nl_profile_request);
}

int roce_adp_nl_mpt_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	return radp_nl_get_doit(skb, info, &radp_nl_mpt_request);
}

int roce_adp_nl_mpt_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	return radp_nl_get_dumpit(skb, cb, &radp_nl_mpt_request);
}

int roce_adp_nl_histogram_get_doit(struct sk_buff *skb,
				   struct genl_info *info)
{
	return radp_nl_get_doit(skb, info, &radp_nl_hist_request);
}

int roce_adp_nl_histogram_get_dumpit(struct sk_buff *skb,
				     struct netlink_callback *cb)
{
	return radp_nl_get_dumpit(skb, cb, &radp_nl_hist_request);
}

/* SET and CLEAR share the message's set, which tells them apart. */
int roce_adp_nl_histogram_set_doit(struct sk_buff *skb,
				   struct genl_info *info)
{
	return radp_nl_set_doit(info, &radp_nl_hist_request);
}

int roce_adp_nl_histogram_clear_doit(struct sk_buff *skb,
				     struct genl_info *info)
{
	return radp_nl_set_doit(info, &radp_nl_hist_request);
}

static const struct genl_multicast_group radp_nl_mcgrps[] = {
	[ROCE_ADP_NLGRP_CONFIG] = { .name = ROCE_ADP_MCGRP_CONFIG },
};

static struct genl_family radp_nl_family __ro_after_init = {
	.name = ROCE_ADP_FAMILY_NAME,
	.version = ROCE_ADP_FAMILY_VERSION,
	.module = THIS_MODULE,
	.parallel_ops = true,
	.ops = roce_adp_nl_ops,
	.n_ops = ARRAY_SIZE(roce_adp_nl_ops),
	/*
	 * resv_start_op is left 0, as genetlink.h asks of a new family:
	 * every command (all at or above it) has its header checked (the
	 * reserved byte 0, no flags but REQUEST, ACK, ECHO and DUMP) and its
	 * attributes checked strictly. Kernels before 6.1 have neither the
	 * field nor the header check.
	 */
	.mcgrps = radp_nl_mcgrps,
	.n_mcgrps = ARRAY_SIZE(radp_nl_mcgrps),
};

static void radp_nl_set_registered(bool registered)
{
	mutex_lock(&radp_nl_registered_lock);
	radp_nl_registered = registered;
	mutex_unlock(&radp_nl_registered_lock);
}

int __init radp_nl_init(void)
{
	int err;

	radp_nl_snapshot_cmds_init();
	err = genl_register_family(&radp_nl_family);
	if (!err)
		radp_nl_set_registered(true);
	return err;
}

void radp_nl_fini(void)
{
	radp_nl_set_registered(false);
	genl_unregister_family(&radp_nl_family);
}
