// SPDX-License-Identifier: GPL-2.0
/*
 * The requests and replies of the family as every command makes them: the
 * show pattern every object shares, a request for one device (a do) or all
 * of them (a dump), each reply printed inside one JSON array; and a nest of
 * values by a field table, into a request and out of a reply.
 */
#include <errno.h>
#include <string.h>
#include <netlink/genl/genl.h>
#include <linux/roce_adp.h>

#include "adpctl.h"

int adp_put_dev(struct nl_msg *msg, void *dev)
{
	if (!dev)
		return 0;
	return nla_put_string(msg, ROCE_ADP_A_DEV_NAME, dev);
}

const char *adp_reply_dev(const struct adp_nl_msg *msg)
{
	const char *name = adp_nl_str(msg->tb[ROCE_ADP_A_DEV_NAME]);

	if (!name)
		print_error("kernel reply without a device name");
	return name;
}

struct show_call {
	int (*build)(struct nl_msg *msg, void *arg);
	void *build_arg;
	int (*print)(const struct adp_nl_msg *msg, void *arg);
	void *arg;
	bool opened;		/* the JSON array has been started */
};

static int show_build(struct nl_msg *msg, void *data)
{
	struct show_call *call = data;

	return call->build ? call->build(msg, call->build_arg) : 0;
}

static int show_parse(const struct adp_nl_msg *msg, void *data)
{
	struct show_call *call = data;

	if (!call->opened) {
		open_json_array(NULL);
		call->opened = true;
	}
	return call->print(msg, call->arg);
}

int adp_show_req(struct adp_ctx *ctx, uint8_t cmd, int flags,
		 int (*build)(struct nl_msg *msg, void *arg), void *build_arg,
		 int (*print)(const struct adp_nl_msg *msg, void *arg),
		 void *arg)
{
	struct show_call call = {
		.build = build, .build_arg = build_arg,
		.print = print, .arg = arg,
	};
	struct adp_nl *nl;
	int ret;

	nl = adp_ctx_nl(ctx);
	if (!nl)
		return ADP_EXIT_FAIL;
	ret = adp_nl_request(nl, cmd, flags, show_build, show_parse, &call);
	/*
	 * The array starts with the first reply, so that a failed request
	 * prints no JSON at all, but an empty dump still prints "[]" and a
	 * dump failing half way still ends in a valid document.
	 */
	if (!ret && !call.opened) {
		open_json_array(NULL);
		call.opened = true;
	}
	if (call.opened)
		close_json_array();
	return ret ? ADP_EXIT_FAIL : ADP_EXIT_OK;
}

int adp_show(struct adp_ctx *ctx, uint8_t cmd, const char *dev,
	     int (*print)(const struct adp_nl_msg *msg, void *arg),
	     void *arg)
{
	return adp_show_req(ctx, cmd, dev ? 0 : NLM_F_DUMP, adp_put_dev,
			    (void *)dev, print, arg);
}

int adp_dev_cmd(struct adp_ctx *ctx, int argc, char **argv, uint8_t cmd,
		bool need_dev,
		int (*print)(const struct adp_nl_msg *msg, void *arg), void *arg)
{
	const char *dev;
	int ret;

	ret = adp_parse_dev(ctx, argc, argv, &dev);
	if (ret)
		return ret;
	if (need_dev && !dev)
		return adp_usage_error(ctx, "missing argument \"dev\"");
	return adp_show(ctx, cmd, dev, print, arg);
}

int adp_vals_parse(const struct adp_field *fields, const struct nlattr *nest,
		   struct adp_vals *vals, const char *what)
{
	struct nla_policy policy[ADP_NEST_ATTRS] = { };
	struct nlattr *tb[ADP_NEST_ATTRS];
	const struct adp_field *f;
	int ret;

	memset(vals, 0, sizeof(*vals));
	for (f = fields; f->attr; f++)
		policy[f->attr].type = f->type;
	ret = nla_parse_nested(tb, ADP_NEST_ATTRS - 1, (struct nlattr *)nest,
			       policy);
	if (ret < 0) {
		print_error("malformed %s in the kernel reply: %s", what,
			    nl_geterror(ret));
		return -EBADMSG;
	}
	for (f = fields; f->attr; f++) {
		if (!tb[f->attr])
			continue;
		vals->v[f->attr] = f->type == NLA_U8 ?
				   nla_get_u8(tb[f->attr]) :
				   nla_get_u32(tb[f->attr]);
		vals->has[f->attr] = true;
	}
	return 0;
}

int adp_vals_put(struct nl_msg *msg, const struct adp_field *fields,
		 const struct adp_vals *vals)
{
	const struct adp_field *f;
	int ret;

	for (f = fields; f->attr; f++) {
		if (!vals->has[f->attr])
			continue;
		if (f->type == NLA_U8)
			ret = nla_put_u8(msg, f->attr, vals->v[f->attr]);
		else
			ret = nla_put_u32(msg, f->attr, vals->v[f->attr]);
		if (ret < 0)
			return ret;
	}
	return 0;
}
