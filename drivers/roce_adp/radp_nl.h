/* SPDX-License-Identifier: GPL-2.0 */
/*
 * roce_adp netlink internals: what the skeleton (netlink.c, with the
 * helpers that put and parse fields by their attributes) and the message
 * files (nl_dev.c, nl_accl.c, nl_profile.c, nl_mpt.c, nl_hist.c) share.
 *
 * The policies, the ops table and the handler prototypes come from the
 * spec (netlink-gen.[ch]). Each message file exports one struct
 * radp_nl_request, as each of ethtool's exports its request ops; netlink.c
 * runs them the same way for every message:
 *
 *	GET:	parse -> prepare (the only step that talks to the device)
 *		-> reply_size -> fill
 *	SET:	set (under the device's cfg_lock) -> prepare -> reply_size
 *		-> fill the reply, and the notification from the same data
 *		when set changed the device
 */
#ifndef _RADP_NL_H
#define _RADP_NL_H

#include <net/genetlink.h>

#include "netlink-gen.h"
#include "radp_nl_put.h"
#include "roce_adp.h"

/**
 * struct radp_nl_req_info - what a request asks for; a message's own
 *	request info embeds it first
 * @dump: the request is a dump
 * @set: prepare answers a SET, under cfg_lock
 * @changed: the SET changed the device: prepare reads back what it
 *	wrote; else the state the SET's query found answers, and no
 *	notification is sent
 * @unpriv: the sender lacks CAP_NET_ADMIN
 * @snapshot: answer from the device's snapshot (always when @unpriv)
 * @dev_event: for ROCE_ADP_CMD_DEV_NTF, enum roce_adp_dev_event
 * @ntf_event: set by a SET whose notification is a ROCE_ADP_CMD_DEV_NTF:
 *	its event
 */
struct radp_nl_req_info {
	bool dump;
	bool set;
	bool changed;
	bool unpriv;
	bool snapshot;
	u32 dev_event;
	u32 ntf_event;
};

/**
 * struct radp_nl_reply_data - what a reply shows of one device, read by
 *	prepare; a message's own reply data embeds it first
 * @dev: the device
 * @age_ms: how old the register state is (ROCE_ADP_A_AGE_MS): 0 when
 *	prepare read the device
 */
struct radp_nl_reply_data {
	struct radp_dev *dev;
	u32 age_ms;
};

/*
 * The most firmware commands one call of an MPT dump sends: then the call
 * returns what it has (perhaps nothing) and the next one resumes.
 */
#define RADP_NL_DUMP_CMDS_MAX	256
/* What dump_dev returns when it spent its budget and stopped early. */
#define RADP_NL_DUMP_YIELD	1

/* Dump position, kept in cb->ctx between the messages of a dump. */
struct radp_nl_dump_ctx {
	unsigned long dev_index;
	bool named;		/* the dump names one device */
	bool done;		/* a dump of one named device is over */
	bool in_dev;		/* dump_dev is half way through a device */
	u32 pos_dev;		/* ... this one (its index) */
	u32 pos;		/* dump_dev's position in the device */
	u32 gen;		/* dump_dev's view of the device's state */
	bool devs_seen;		/* devs_gen holds */
	u32 devs_gen;		/* the registry's generation last seen */
	u32 err_dev;		/* a device whose dev-error did not fit ... */
	int dev_err;		/* ... and its error, sent in the next call */
};

/**
 * struct radp_nl_request - one message type
 * @cmd: its GET command, also the command of GET replies
 * @set_cmd: its SET command, 0 if read-only (a reply to a SET carries the
 *	request's command: HISTOGRAM_CLEAR is a second SET of its message)
 * @ntf_cmd: the command of its notifications, 0 for none
 * @needs_roce_accl: dumps skip devices without ROCE_ACCL
 * @optional: dumps skip the devices whose prepare finds the register
 *	missing (-EOPNOTSUPP: firmware without the histogram)
 * @req_info_size: size of its request info (at least the base's)
 * @reply_data_size: size of its reply data (at least the base's)
 * @reply_data_zeroed: how much of the reply data is zeroed before prepare,
 *	0 for all of it; prepare writes the rest that fill reads
 * @parse: read the request's attributes into the request info (optional)
 * @prepare: read from the device what the reply shows into the reply
 *	data; the only callback that issues firmware commands
 * @reply_size: the size of the reply body; never talks to the device
 * @fill: write the reply body from the reply data; never talks to the
 *	device
 * @set: apply a SET, under the device's cfg_lock; may update the request
 *	info for the prepare that follows. Returns 1 when the device changed,
 *	0 when nothing was to change (no write, no notification), or a
 *	negative errno, as ethtool's set does.
 * @dump_dev: optional: dump one device as many messages (radp_nl_put_msg()
 *	each), resuming from the position in the dump context; returns 0
 *	when the device is done, -EMSGSIZE when the message is full,
 *	RADP_NL_DUMP_YIELD when it sent RADP_NL_DUMP_CMDS_MAX commands (with
 *	at least a radp_nl_put_progress() message in @skb)
 */
struct radp_nl_request {
	u8 cmd;
	u8 set_cmd;
	u8 ntf_cmd;
	bool needs_roce_accl;
	bool optional;
	unsigned int req_info_size;
	unsigned int reply_data_size;
	unsigned int reply_data_zeroed;
	int (*parse)(struct radp_nl_req_info *ri, struct nlattr **attrs,
		     struct netlink_ext_ack *extack);
	int (*prepare)(const struct radp_nl_req_info *ri,
		       struct radp_nl_reply_data *data,
		       struct netlink_ext_ack *extack);
	int (*reply_size)(const struct radp_nl_req_info *ri,
			  const struct radp_nl_reply_data *data);
	int (*fill)(struct sk_buff *skb, const struct radp_nl_req_info *ri,
		    const struct radp_nl_reply_data *data);
	int (*set)(struct radp_dev *dev, struct radp_nl_req_info *ri,
		   struct genl_info *info);
	int (*dump_dev)(struct sk_buff *skb, struct netlink_callback *cb,
			const struct radp_nl_request *req,
			struct radp_nl_req_info *ri,
			struct radp_nl_reply_data *data);
};

/*
 * Define message @_msg's ops, radp_nl_<msg>_request: its request info and
 * reply data, struct radp_nl_<msg>_req and struct radp_nl_<msg>_data, its
 * callbacks radp_nl_<msg>_prepare, _reply_size and _fill, which every
 * message has, then the initializers given (its commands, the optional
 * callbacks).
 */
#define RADP_NL_DEFINE_REQUEST(_msg, ...)				\
const struct radp_nl_request radp_nl_##_msg##_request = {		\
	.req_info_size		= sizeof(struct radp_nl_##_msg##_req),	\
	.reply_data_size	= sizeof(struct radp_nl_##_msg##_data),	\
	.prepare		= radp_nl_##_msg##_prepare,		\
	.reply_size		= radp_nl_##_msg##_reply_size,		\
	.fill			= radp_nl_##_msg##_fill,		\
	__VA_ARGS__							\
}

/* The commands of a message with a GET, a SET and a notification. */
#define RADP_NL_REQUEST_CMDS(_MSG)					\
	.cmd			= ROCE_ADP_CMD_##_MSG##_GET,		\
	.set_cmd		= ROCE_ADP_CMD_##_MSG##_SET,		\
	.ntf_cmd		= ROCE_ADP_CMD_##_MSG##_NTF

extern const struct radp_nl_request radp_nl_dev_request;
extern const struct radp_nl_request radp_nl_accl_request;
extern const struct radp_nl_request radp_nl_profile_request;
extern const struct radp_nl_request radp_nl_mpt_request;
extern const struct radp_nl_request radp_nl_hist_request;

/* Fields to and from their attributes (radp_fields[]), in netlink.c */

/* The attribute of ROCE_ACCL feature @i, its row's (radp_fields.h). */
static inline u16 radp_nl_accl_attr(unsigned int i)
{
	return radp_fields[radp_accl_en_flds[i]].attr;
}

void radp_nl_apply(void *obj, const struct radp_member *members,
		   unsigned int count, struct nlattr **tb);

/* What radp_nl_put_members() writes: u8 and u32 attributes alike. */
static inline int radp_nl_members_size(unsigned int count)
{
	return count * nla_total_size(sizeof(u32));
}

void radp_nl_notify(struct radp_dev *dev, u8 cmd,
		    const struct radp_nl_req_info *ri,
		    const struct radp_nl_reply_data *data);
int radp_nl_put_progress(struct sk_buff *skb, struct netlink_callback *cb,
			 u8 cmd, const struct radp_dev *dev, u16 attr, u32 pos);
int radp_nl_put_msg(struct sk_buff *skb, const struct radp_nl_request *req,
		    u8 cmd, u32 portid, u32 seq, int flags,
		    const struct radp_nl_req_info *ri,
		    const struct radp_nl_reply_data *data);

#endif /* _RADP_NL_H */
