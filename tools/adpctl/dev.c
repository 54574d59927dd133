// SPDX-License-Identifier: GPL-2.0
/* The "dev" object, and the device-keyed show helper other objects share. */
#include <errno.h>
#include <netlink/genl/genl.h>
#include <linux/roce_adp.h>

#include "adpctl.h"

static const char *const backend_names[] = {
	[ROCE_ADP_BACKEND_EMULATED]	= "emulated",
	[ROCE_ADP_BACKEND_MLX5]		= "mlx5",
};

int adp_put_dev(struct nl_msg *msg, void *dev)
{
	if (!dev)
		return 0;
	return nla_put_string(msg, ROCE_ADP_A_DEV_NAME, dev);
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

static int dev_print(const struct adp_nl_msg *msg, void *arg)
{
	struct nlattr **tb = msg->tb;
	const char *name, *fw;
	uint32_t backend;

	(void)arg;
	name = adp_nl_str(tb[ROCE_ADP_A_DEV_NAME]);
	if (!name) {
		print_error("kernel reply without a device name");
		return -EBADMSG;
	}
	fw = adp_nl_str(tb[ROCE_ADP_A_DEV_FW_VERSION]);

	open_json_object(NULL);
	print_string(PRINT_ANY, "name", "%s:", name);
	if (tb[ROCE_ADP_A_DEV_BACKEND]) {
		backend = nla_get_u32(tb[ROCE_ADP_A_DEV_BACKEND]);
		if (backend < ARRAY_SIZE(backend_names) &&
		    backend_names[backend])
			print_string(PRINT_ANY, "backend", " backend %s",
				     backend_names[backend]);
		else
			print_uint(PRINT_ANY, "backend", " backend %u",
				   backend);
	}
	if (fw)
		print_string(PRINT_ANY, "fw_version", " fw %s", fw);
	if (tb[ROCE_ADP_A_DEV_ROCE_ACCL])
		print_bool_str(PRINT_ANY, "roce_accl", " roce_accl %s",
			       nla_get_u8(tb[ROCE_ADP_A_DEV_ROCE_ACCL]),
			       "supported", "unsupported");
	close_json_object();
	print_nl();
	return 0;
}

/* "OBJ show [[dev] DEV]": a do for DEV, else a dump, printed by print. */
int adp_show_dev_cmd(struct adp_ctx *ctx, int argc, char **argv, uint8_t cmd,
		     int (*print)(const struct adp_nl_msg *msg, void *arg))
{
	const char *dev = NULL;
	struct adp_arg args[] = {
		{ .key = "dev", .type = ADP_ARG_STR, .val = &dev,
		  .positional = true, .maxlen = ROCE_ADP_DEV_NAME_LEN - 1 },
		{ }
	};
	int ret;

	ret = adp_parse_args(ctx, args, argc, argv);
	if (ret)
		return ret;
	return adp_show(ctx, cmd, dev, print, NULL);
}

static int dev_show(struct adp_ctx *ctx, int argc, char **argv)
{
	return adp_show_dev_cmd(ctx, argc, argv, ROCE_ADP_CMD_DEV_GET,
				dev_print);
}

const struct adp_cmd dev_cmds[] = {
	{
		.name = "show",
		.func = dev_show,
		.help = "list devices, their backend, firmware and ROCE_ACCL support",
		.usage = "[[dev] DEV]",
	},
	{ }
};
