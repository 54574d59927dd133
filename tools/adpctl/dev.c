// SPDX-License-Identifier: GPL-2.0
/* The "dev" object: devices, their firmware and what is restored. */
#include <errno.h>
#include <string.h>
#include <netlink/genl/genl.h>
#include <linux/roce_adp.h>

#include "adpctl.h"

static uint32_t restore_u32(struct nlattr **r, int type)
{
	return r[type] ? nla_get_u32(r[type]) : 0;
}

/* A text format, or none when the text leaves the restore out. */
static const char *text(bool quiet, const char *fmt)
{
	return quiet ? NULL : fmt;
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
	struct adp_vals features = { 0 }, hist = { 0 };
	const struct adp_field *f;
	const struct nlattr *saved_hist;
	uint32_t outcome, resets, err;
	bool saved = false, quiet;
	const char *msg;

	if (!nest)
		return 0;
	if (nla_parse_nested(r, ROCE_ADP_A_RESTORE_MAX, (struct nlattr *)nest,
			     adp_restore_policy) < 0) {
		print_error("kernel reply with a malformed restore attribute");
		return -EBADMSG;
	}
	if (r[ROCE_ADP_A_RESTORE_ACCL]) {
		if (adp_vals_parse(adp_accl_fields, r[ROCE_ADP_A_RESTORE_ACCL],
				   &features, "restore features"))
			return -EBADMSG;
		for (f = adp_accl_fields; f->attr; f++)
			saved |= features.has[f->attr];
	}
	saved_hist = r[ROCE_ADP_A_RESTORE_HISTOGRAM_CONFIG];
	if (saved_hist &&
	    adp_vals_parse(adp_hist_config_fields, saved_hist, &hist,
			   "restore histogram configuration"))
		return -EBADMSG;
	outcome = restore_u32(r, ROCE_ADP_A_RESTORE_OUTCOME);
	resets = restore_u32(r, ROCE_ADP_A_RESTORE_RESETS);
	err = restore_u32(r, ROCE_ADP_A_RESTORE_ERRNO);
	msg = adp_nl_str(r[ROCE_ADP_A_RESTORE_MSG]);

	/* Text: a line only when there is something to tell. */
	quiet = !resets && restore_u32(r, ROCE_ADP_A_RESTORE_ENABLED) &&
		!restore_u32(r, ROCE_ADP_A_RESTORE_PROFILE_ID) && !saved &&
		!saved_hist;
	if (!same_line && !quiet)
		print_nl();
	open_json_object("restore");
	print_on_off(PRINT_ANY, "enabled",
		     text(quiet, same_line ? " restore %s" : "    restore %s"),
		     restore_u32(r, ROCE_ADP_A_RESTORE_ENABLED));
	print_uint(PRINT_ANY, "profile_id", text(quiet, " profile %u"),
		   restore_u32(r, ROCE_ADP_A_RESTORE_PROFILE_ID));
	/* The saved features by PRM name: " name value", "features": {}. */
	open_json_object("features");
	adp_vals_print(adp_accl_fields, &features);
	close_json_object();
	/*
	 * The saved histogram configuration by PRM name, as "histogram show
	 * -j" has it: " histogram name value ...", "histogram_config": {}.
	 */
	if (saved_hist) {
		open_json_object("histogram_config");
		adp_vals_print_words(adp_hist_config_fields, &hist,
				     " histogram %s %s", -1);
		close_json_object();
	}
	print_uint(PRINT_ANY, "resets", text(quiet, " resets %u"), resets);
	if (outcome < ARRAY_SIZE(adp_restore_outcome_names) &&
	    adp_restore_outcome_names[outcome])
		print_string(PRINT_ANY, "outcome", text(quiet, " last %s"),
			     adp_restore_outcome_names[outcome]);
	else
		print_uint(PRINT_ANY, "outcome", text(quiet, " last %u"),
			   outcome);
	if (resets) {
		print_epoch(PRINT_ANY, "time", " at %s",
			    r[ROCE_ADP_A_RESTORE_TIME] ?
			    nla_get_u64(r[ROCE_ADP_A_RESTORE_TIME]) : 0);
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

static int dev_print(const struct adp_nl_msg *msg, void *arg)
{
	struct nlattr **tb = msg->tb;
	const char *name, *fw;
	uint32_t backend;
	int ret;

	(void)arg;
	name = adp_reply_dev(msg);
	if (!name)
		return -EBADMSG;
	fw = adp_nl_str(tb[ROCE_ADP_A_DEV_FW_VERSION]);

	open_json_object(NULL);
	print_string(PRINT_ANY, "name", "%s:", name);
	if (tb[ROCE_ADP_A_DEV_BACKEND]) {
		backend = nla_get_u32(tb[ROCE_ADP_A_DEV_BACKEND]);
		if (backend < ARRAY_SIZE(adp_backend_names) &&
		    adp_backend_names[backend])
			print_string(PRINT_ANY, "backend", " backend %s",
				     adp_backend_names[backend]);
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

static int dev_show(struct adp_ctx *ctx, int argc, char **argv)
{
	return adp_dev_cmd(ctx, argc, argv, ROCE_ADP_CMD_DEV_GET, false,
			   dev_print, NULL);
}

static void dev_show_details(FILE *fp)
{
	fputs("\nThe \"restore\" line: after a firmware reset the kernel writes back the\n"
	      "last profile and features the device accepted, in one write (module\n"
	      "parameter restore_config, on by default).  profile: the saved profile,\n"
	      "0 for none (see \"profile forget\"); then each feature the operator set,\n"
	      "by name, with the value restored (JSON: \"features\"); histogram: the\n"
	      "histogram configuration set, written back too, by its PRM names (JSON:\n"
	      "\"histogram_config\", as \"histogram show -j\" has it); resets: firmware\n"
	      "resets seen; last: none, restored, nothing (nothing saved), disabled\n"
	      "or failed (the firmware defaults stay), with when and how long after\n"
	      "the reset ended.\n", fp);
}

ADP_CMD_TABLE(dev_cmds, ADP_DEV_CMDS);
