// SPDX-License-Identifier: GPL-2.0
/* The "dev" object, and the device-keyed show helper other objects share. */
#include <errno.h>
#include <string.h>
#include <time.h>
#include <netlink/genl/genl.h>
#include <linux/roce_adp.h>

#include "adpctl.h"

static const char *const backend_names[] = {
	[ROCE_ADP_BACKEND_EMULATED]	= "emulated",
	[ROCE_ADP_BACKEND_MLX5]		= "mlx5",
};

static const char *const outcome_names[] = {
	[ROCE_ADP_RESTORE_OUTCOME_NONE]		= "none",
	[ROCE_ADP_RESTORE_OUTCOME_RESTORED]	= "restored",
	[ROCE_ADP_RESTORE_OUTCOME_NOTHING]	= "nothing",
	[ROCE_ADP_RESTORE_OUTCOME_DISABLED]	= "disabled",
	[ROCE_ADP_RESTORE_OUTCOME_FAILED]	= "failed",
};

static struct nla_policy restore_policy[ROCE_ADP_A_RESTORE_MAX + 1] = {
	[ROCE_ADP_A_RESTORE_ENABLED]		= { .type = NLA_U8 },
	[ROCE_ADP_A_RESTORE_PROFILE_ID]		= { .type = NLA_U32 },
	[ROCE_ADP_A_RESTORE_ENABLES_MASK]	= { .type = NLA_U32 },
	[ROCE_ADP_A_RESTORE_ENABLES]		= { .type = NLA_U32 },
	[ROCE_ADP_A_RESTORE_RESETS]		= { .type = NLA_U32 },
	[ROCE_ADP_A_RESTORE_TIME]		= { .type = NLA_U64 },
	[ROCE_ADP_A_RESTORE_OUTCOME]		= { .type = NLA_U32 },
	[ROCE_ADP_A_RESTORE_ERRNO]		= { .type = NLA_U32 },
	[ROCE_ADP_A_RESTORE_MSG]		= { .type = NLA_STRING },
	[ROCE_ADP_A_RESTORE_DURATION_US]	= { .type = NLA_U32 },
};

static uint32_t restore_u32(struct nlattr **r, int type)
{
	return r[type] ? nla_get_u32(r[type]) : 0;
}

/*
 * The "restore" nest of a DEV reply: what the kernel re-applies after a
 * firmware reset and what it did at the last one. Text: one more line
 * (@same_line: the rest of the current one), unless restoring is on with
 * nothing saved and no reset seen yet.
 */
int adp_print_restore(const struct nlattr *nest, bool same_line)
{
	struct nlattr *r[ROCE_ADP_A_RESTORE_MAX + 1];
	uint32_t outcome, resets, err;
	const char *msg;
	char when[32] = "";
	time_t t;
	struct tm tm;

	if (!nest)
		return 0;
	if (nla_parse_nested(r, ROCE_ADP_A_RESTORE_MAX, (struct nlattr *)nest,
			     restore_policy) < 0) {
		print_error("kernel reply with a malformed restore attribute");
		return -EBADMSG;
	}
	outcome = restore_u32(r, ROCE_ADP_A_RESTORE_OUTCOME);
	resets = restore_u32(r, ROCE_ADP_A_RESTORE_RESETS);
	err = restore_u32(r, ROCE_ADP_A_RESTORE_ERRNO);
	msg = adp_nl_str(r[ROCE_ADP_A_RESTORE_MSG]);

	/* Text: a line only when there is something to tell. */
	if (!is_json_context() && !resets &&
	    restore_u32(r, ROCE_ADP_A_RESTORE_ENABLED) &&
	    !restore_u32(r, ROCE_ADP_A_RESTORE_PROFILE_ID) &&
	    !restore_u32(r, ROCE_ADP_A_RESTORE_ENABLES_MASK))
		return 0;
	if (!same_line)
		print_nl();
	open_json_object("restore");
	print_bool_str(PRINT_ANY, "enabled",
		       same_line ? " restore %s" : "    restore %s",
		       restore_u32(r, ROCE_ADP_A_RESTORE_ENABLED), "on", "off");
	print_uint(PRINT_ANY, "profile_id", " profile %u",
		   restore_u32(r, ROCE_ADP_A_RESTORE_PROFILE_ID));
	print_uint(PRINT_ANY, "enables_mask", " enables_mask 0x%x",
		   restore_u32(r, ROCE_ADP_A_RESTORE_ENABLES_MASK));
	print_uint(PRINT_ANY, "enables", " enables 0x%x",
		   restore_u32(r, ROCE_ADP_A_RESTORE_ENABLES));
	print_uint(PRINT_ANY, "resets", " resets %u", resets);
	if (outcome < ARRAY_SIZE(outcome_names) && outcome_names[outcome])
		print_string(PRINT_ANY, "outcome", " last %s",
			     outcome_names[outcome]);
	else
		print_uint(PRINT_ANY, "outcome", " last %u", outcome);
	if (resets) {
		t = r[ROCE_ADP_A_RESTORE_TIME] ?
		    (time_t)nla_get_u64(r[ROCE_ADP_A_RESTORE_TIME]) : 0;
		print_u64(PRINT_JSON, "time", NULL, (uint64_t)t);
		if (gmtime_r(&t, &tm))
			strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
		print_string(PRINT_FP, NULL, " at %s", when);
		print_uint(PRINT_ANY, "duration_us", " in %u us",
			   restore_u32(r, ROCE_ADP_A_RESTORE_DURATION_US));
	}
	if (outcome == ROCE_ADP_RESTORE_OUTCOME_FAILED) {
		print_string(PRINT_ANY, "error", ": %s", strerror(err));
		if (msg && *msg)
			print_string(PRINT_ANY, "msg", ": %s", msg);
	}
	close_json_object();
	return 0;
}

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
	int ret;

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
	if (tb[ROCE_ADP_A_DEV_BACKEND] &&
	    nla_get_u32(tb[ROCE_ADP_A_DEV_BACKEND]) == ROCE_ADP_BACKEND_MLX5)
		adp_print_dev_names(name);
	ret = adp_print_restore(tb[ROCE_ADP_A_RESTORE], false);
	close_json_object();
	print_nl();
	return ret;
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

static void dev_show_details(FILE *fp)
{
	fputs("\nThe \"restore\" line: after a firmware reset the kernel writes back the\n"
	      "last profile and enables the device accepted, in one write (module\n"
	      "parameter restore_config, on by default).  profile: the saved profile,\n"
	      "0 for none (see \"profile reset\"); enables_mask: the enables the\n"
	      "operator set, enables: their values (bit i: enable i); resets: firmware\n"
	      "resets seen; last: none, restored, nothing (nothing saved), disabled\n"
	      "or failed (the firmware defaults stay), with when and how long after\n"
	      "the reset ended.\n", fp);
}

const struct adp_cmd dev_cmds[] = {
	{
		.name = "show",
		.func = dev_show,
		.help = "list devices, their backend, firmware, ROCE_ACCL support and restore state",
		.usage = "[[dev] DEV]",
		.details = dev_show_details,
	},
	{ }
};
