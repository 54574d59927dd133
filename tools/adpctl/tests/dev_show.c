// SPDX-License-Identifier: GPL-2.0
/*
 * "adpctl dev show" end to end but for the kernel: dev.c is compiled in
 * here, and nl.c's request goes to the fake kernel (fake_kernel.h), which
 * records the request and answers with real genl messages built with
 * libnl.  TAP.
 */
#include <stdlib.h>
#include <string.h>

#include "dev.c"
#include "fake_kernel.h"

struct fake_dev {
	const char *name;	/* NULL: leave the attribute out */
	uint32_t backend;	/* 0: leave out */
	const char *fw;
	int accl;		/* -1: leave out */
	/* The restore nest: outcome + 1, 0 to leave it out. */
	uint32_t restore;
	uint32_t resets, err;
	const char *msg;
	bool nothing_saved;
	bool off_only;		/* no profile, one feature saved off */
	bool hist_only;		/* nothing saved but a histogram layout */
};

/* The devices the fake kernel has; what the command asked for is fake's. */
static struct {
	const struct fake_dev *devs;
	int ndevs;
	int fail_after;		/* fail with -ENODEV after this many */
} kernel;

/* A saved histogram configuration: the on/off fields are u8. */
static const struct {
	int attr;
	uint32_t v;
} saved_hist[] = {
	{ ROCE_ADP_A_HISTOGRAM_CONFIG_COUNT_ENABLE, 1 },
	{ ROCE_ADP_A_HISTOGRAM_CONFIG_CLEAR_ON_READ, 0 },
	{ ROCE_ADP_A_HISTOGRAM_CONFIG_VHCA_ID_VALID, 1 },
	{ ROCE_ADP_A_HISTOGRAM_CONFIG_TIME_UNIT, ROCE_ADP_HIST_TIME_UNIT_MS },
	{ ROCE_ADP_A_HISTOGRAM_CONFIG_BIN_WIDTH_MODE,
	  ROCE_ADP_HIST_BIN_WIDTH_MODE_DOUBLE },
	{ ROCE_ADP_A_HISTOGRAM_CONFIG_BIN_NUM, 4 },
	{ ROCE_ADP_A_HISTOGRAM_CONFIG_VHCA_ID, 7 },
	{ ROCE_ADP_A_HISTOGRAM_CONFIG_BIN0_WIDTH, 2 },
	{ ROCE_ADP_A_HISTOGRAM_CONFIG_BIN1_WIDTH, 3 },
};

static void put_restore(struct nl_msg *msg, const struct fake_dev *d)
{
	struct nlattr *nest, *feat;
	size_t i;

	nest = nla_nest_start(msg, ROCE_ADP_A_RESTORE | NLA_F_NESTED);
	nla_put_u8(msg, ROCE_ADP_A_RESTORE_ENABLED, 1);
	nla_put_u32(msg, ROCE_ADP_A_RESTORE_PROFILE_ID,
		    d->nothing_saved || d->off_only || d->hist_only ? 0 : 1);
	nla_put_u32(msg, ROCE_ADP_A_RESTORE_ENABLES_MASK,
		    d->nothing_saved ? 0 : 0xc03);
	nla_put_u32(msg, ROCE_ADP_A_RESTORE_ENABLES,
		    d->nothing_saved ? 0 : 0xc02);
	nla_put_u32(msg, ROCE_ADP_A_RESTORE_RESETS, d->resets);
	nla_put_u64(msg, ROCE_ADP_A_RESTORE_TIME, 1700000000);
	nla_put_u32(msg, ROCE_ADP_A_RESTORE_OUTCOME, d->restore - 1);
	nla_put_u32(msg, ROCE_ADP_A_RESTORE_ERRNO, d->err);
	nla_put_string(msg, ROCE_ADP_A_RESTORE_MSG, d->msg ? d->msg : "");
	nla_put_u32(msg, ROCE_ADP_A_RESTORE_DURATION_US, 424);
	/* The saved features by attribute, multi-bit values whole. */
	feat = nla_nest_start(msg, ROCE_ADP_A_RESTORE_ACCL | NLA_F_NESTED);
	if (d->off_only)
		nla_put_u8(msg, ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN, 0);
	else if (!d->nothing_saved) {
		nla_put_u8(msg, ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN, 0);
		nla_put_u8(msg, ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN, 1);
		nla_put_u8(msg, ROCE_ADP_A_ACCL_ACK_DSCP, 46);
		nla_put_u8(msg, ROCE_ADP_A_ACCL_CC_BURST_SIZE,
			   ROCE_ADP_CC_BURST_SIZE_1_5KB);
	}
	nla_nest_end(msg, feat);
	if (d->hist_only) {
		/* What a histogram config set saved, read-only fields out. */
		feat = nla_nest_start(msg, ROCE_ADP_A_RESTORE_HISTOGRAM_CONFIG |
					   NLA_F_NESTED);
		for (i = 0; i < ARRAY_SIZE(saved_hist); i++)
			if (saved_hist[i].attr <= ROCE_ADP_A_HISTOGRAM_CONFIG_VHCA_ID_VALID)
				nla_put_u8(msg, saved_hist[i].attr,
					   saved_hist[i].v);
			else
				nla_put_u32(msg, saved_hist[i].attr,
					    saved_hist[i].v);
		nla_nest_end(msg, feat);
	}
	nla_nest_end(msg, nest);
}

static void put_dev(const struct fake_dev *d)
{
	struct nl_msg *msg = fake_reply(ROCE_ADP_CMD_DEV_GET);

	if (d->name)
		nla_put_string(msg, ROCE_ADP_A_DEV_NAME, d->name);
	if (d->backend)
		nla_put_u32(msg, ROCE_ADP_A_DEV_BACKEND, d->backend);
	if (d->fw)
		nla_put_string(msg, ROCE_ADP_A_DEV_FW_VERSION, d->fw);
	if (d->accl >= 0)
		nla_put_u8(msg, ROCE_ADP_A_DEV_ROCE_ACCL, d->accl);
	if (d->restore)
		put_restore(msg, d);
}

/* The devices up to fail_after, then "no device" naming the one asked. */
static void answer_devs(void)
{
	static char extack[96];
	int i;

	for (i = 0; i < kernel.ndevs && i != kernel.fail_after; i++)
		put_dev(&kernel.devs[i]);
	if (kernel.fail_after >= 0 && kernel.fail_after <= kernel.ndevs) {
		snprintf(extack, sizeof(extack), "no device \"%s\"", fake.dev);
		fake.error = ENODEV;
		fake.extack = extack;
	}
}

static const struct fake_dev two[] = {
	{ "emu0", ROCE_ADP_BACKEND_EMULATED, "22.41.1010", 1, 0, 0, 0, NULL, false, false, false },
	{ "mlx0", ROCE_ADP_BACKEND_MLX5, "16.35.2000", 0, 0, 0, 0, NULL, false, false, false },
};

static const struct fake_dev odd[] = {
	{ "emu9", 7, NULL, -1, 0, 0, 0, NULL, false, false, false },
};

static const struct fake_dev restored[] = {
	{ "emu0", ROCE_ADP_BACKEND_EMULATED, "22.41.1000", 1,
	  ROCE_ADP_RESTORE_OUTCOME_RESTORED + 1, 1, 0, NULL, false, false, false },
	{ "emu1", ROCE_ADP_BACKEND_EMULATED, "22.41.1000", 1,
	  ROCE_ADP_RESTORE_OUTCOME_FAILED + 1, 2, EINVAL,
	  "firmware status BAD_PARAM (0x03), syndrome 0x0ad5beef", false, false, false },
	{ "emu2", ROCE_ADP_BACKEND_EMULATED, "22.41.1000", 1,
	  ROCE_ADP_RESTORE_OUTCOME_NONE + 1, 0, 0, NULL, false, false, false },
};

/* Restoring on, nothing saved, no reset yet: no second line in text. */
static const struct fake_dev quiet[] = {
	{ .name = "emu0", .backend = ROCE_ADP_BACKEND_EMULATED,
	  .fw = "22.41.1000", .accl = 1,
	  .restore = ROCE_ADP_RESTORE_OUTCOME_NONE + 1, .nothing_saved = true },
};

/* No profile saved, one feature saved off: still a restore line. */
static const struct fake_dev off_only[] = {
	{ .name = "emu0", .backend = ROCE_ADP_BACKEND_EMULATED,
	  .fw = "22.41.1000", .accl = 1,
	  .restore = ROCE_ADP_RESTORE_OUTCOME_NONE + 1, .off_only = true },
};

/* An outcome this adpctl has no name for (a newer module's): its number. */
static const struct fake_dev unknown_outcome[] = {
	{ .name = "emu0", .backend = ROCE_ADP_BACKEND_EMULATED,
	  .fw = "22.41.1000", .accl = 1,
	  .restore = ROCE_ADP_RESTORE_OUTCOME_FAILED + 2, .off_only = true },
};

/* A histogram layout saved and restored at a reset, nothing else. */
static const struct fake_dev hist_only[] = {
	{ .name = "emu0", .backend = ROCE_ADP_BACKEND_EMULATED,
	  .fw = "22.41.1000", .accl = 1, .resets = 1,
	  .restore = ROCE_ADP_RESTORE_OUTCOME_RESTORED + 1, .nothing_saved = true,
	  .hist_only = true },
};

static const struct fake_dev nameless[] = {
	{ NULL, ROCE_ADP_BACKEND_MLX5, "1.2.3", 1, 0, 0, 0, NULL, false, false, false },
};


/* Run "adpctl [-j] dev show ARGS..." against the fake kernel. */
static int run(bool json, const struct fake_dev *devs, int ndevs,
	       int fail_after, const char *args)
{
	static char line[128];
	char *argv[8], *tok;
	struct adp_ctx ctx = { .cmd = &dev_cmds[0] };
	static const struct adp_obj obj = { .name = "dev", .cmds = dev_cmds, .help = "" };
	int argc = 0, ret;

	ctx.obj = &obj;
	fake_reset();
	fake.on_request = answer_devs;
	kernel.devs = devs;
	kernel.ndevs = ndevs;
	kernel.fail_after = fail_after;
	snprintf(line, sizeof(line), "%s", args);
	for (tok = strtok(line, " "); tok; tok = strtok(NULL, " "))
		argv[argc++] = tok;

	capture(json, false);
	ret = adp_exit_status(&ctx, ctx.cmd->func(&ctx, argc, argv));
	release();
	adp_nl_close(ctx.nl);
	return ret;
}


static const char two_json[] =
	"[{\"name\":\"emu0\",\"backend\":\"emulated\","
	"\"fw_version\":\"22.41.1010\",\"roce_accl\":true},"
	"{\"name\":\"mlx0\",\"backend\":\"mlx5\","
	"\"fw_version\":\"16.35.2000\",\"roce_accl\":false}]\n";

static bool test_text_dump(void)
{
	return outcome(run(false, two, 2, -1, ""), 0,
		       "emu0: backend emulated fw 22.41.1010 roce_accl supported\n"
		       "mlx0: backend mlx5 fw 16.35.2000 roce_accl unsupported\n",
		       "") &&
	       fake.cmd == ROCE_ADP_CMD_DEV_GET &&
	       fake.flags == NLM_F_DUMP && !fake.dev[0];
}

static bool test_json_dump(void)
{
	return outcome(run(true, two, 2, -1, ""), 0, two_json, "");
}

static bool test_json_empty_dump(void)
{
	return outcome(run(true, NULL, 0, -1, ""), 0, "[]\n", "") &&
	       outcome(run(false, NULL, 0, -1, ""), 0, "", "");
}

static bool test_do_by_name(void)
{
	bool ok;

	ok = outcome(run(true, two, 1, -1, "emu0"), 0,
		     "[{\"name\":\"emu0\",\"backend\":\"emulated\","
		     "\"fw_version\":\"22.41.1010\",\"roce_accl\":true}]\n",
		     "") && fake.flags == 0 && !strcmp(fake.dev, "emu0");
	return run(false, two, 1, -1, "dev emu0") == 0 && ok &&
	       fake.flags == 0 && !strcmp(fake.dev, "emu0");
}

static bool test_unknown_backend(void)
{
	return outcome(run(false, odd, 1, -1, ""), 0,
		       "emu9: backend 7\n", "") &&
	       outcome(run(true, odd, 1, -1, ""), 0,
		       "[{\"name\":\"emu9\",\"backend\":7}]\n", "");
}

static bool test_do_error(void)
{
	return outcome(run(true, two, 1, 0, "nosuch"), ADP_EXIT_KERNEL, "",
		       "Error: no device \"nosuch\".\n") &&
	       outcome(run(false, two, 1, 0, "nosuch"), ADP_EXIT_KERNEL, "",
		       "Error: no device \"nosuch\".\n");
}

static bool test_dump_error_midway(void)
{
	return outcome(run(true, two, 2, 1, ""), ADP_EXIT_KERNEL,
		       "[{\"name\":\"emu0\",\"backend\":\"emulated\","
		       "\"fw_version\":\"22.41.1010\",\"roce_accl\":true}]\n",
		       "Error: no device \"\".\n");
}

static bool test_nameless_reply(void)
{
	return outcome(run(false, nameless, 1, -1, ""), 1, "",
		       "Error: kernel reply without a device name.\n");
}

static bool test_usage_error(void)
{
	return outcome(run(false, two, 2, -1, "a b"), ADP_EXIT_USAGE, "",
		       "Error: unexpected argument \"b\". "
		       "Try \"adpctl dev show help\".\n") &&
	       fake.cmd == 0;
}

static bool test_restore_text(void)
{
	return outcome(run(false, restored, 3, -1, ""), 0,
		       "emu0: backend emulated fw 22.41.1000 roce_accl supported\n"
		       "    restore on profile 1 roce_adp_retrans_en off roce_tx_window_en on ack_dscp 46 cc_burst_size 1.5KB resets 1 last restored at 2023-11-14T22:13:20Z in 424 us\n"
		       "emu1: backend emulated fw 22.41.1000 roce_accl supported\n"
		       "    restore on profile 1 roce_adp_retrans_en off roce_tx_window_en on ack_dscp 46 cc_burst_size 1.5KB resets 2 last failed at 2023-11-14T22:13:20Z in 424 us: Invalid argument: firmware status BAD_PARAM (0x03), syndrome 0x0ad5beef\n"
		       "emu2: backend emulated fw 22.41.1000 roce_accl supported\n"
		       "    restore on profile 1 roce_adp_retrans_en off roce_tx_window_en on ack_dscp 46 cc_burst_size 1.5KB resets 0 last none\n",
		       "");
}

static bool test_restore_quiet(void)
{
	return outcome(run(false, quiet, 1, -1, ""), 0,
		       "emu0: backend emulated fw 22.41.1000 roce_accl supported\n",
		       "");
}

static bool test_restore_off_only(void)
{
	return outcome(run(false, off_only, 1, -1, ""), 0,
		       "emu0: backend emulated fw 22.41.1000 roce_accl supported\n"
		       "    restore on profile 0 roce_adp_retrans_en off resets 0 last none\n",
		       "");
}

static bool test_restore_unknown_outcome(void)
{
	return outcome(run(false, unknown_outcome, 1, -1, ""), 0,
		       "emu0: backend emulated fw 22.41.1000 roce_accl supported\n"
		       "    restore on profile 0 roce_adp_retrans_en off resets 0 last 5\n",
		       "") &&
	       outcome_err(run(true, unknown_outcome, 1, -1, ""), 0, "") &&
	       contains("stdout", out_buf, "\"resets\":0,\"outcome\":5");
}

static bool test_restore_hist(void)
{
	return outcome(run(false, hist_only, 1, -1, ""), 0,
		       "emu0: backend emulated fw 22.41.1000 roce_accl supported\n"
		       "    restore on profile 0 histogram count_enable on clear_on_read off "
		       "vhca_id_valid on time_unit ms bin_width_mode double bin_num 4 "
		       "vhca_id 7 bin0_width 2 bin1_width 3 resets 1 last restored "
		       "at 2023-11-14T22:13:20Z in 424 us\n", "") &&
	       outcome(run(true, hist_only, 1, -1, ""), 0,
		       "[{\"name\":\"emu0\",\"backend\":\"emulated\","
		       "\"fw_version\":\"22.41.1000\",\"roce_accl\":true,"
		       "\"restore\":{\"enabled\":true,\"profile_id\":0,"
		       "\"features\":{},\"histogram_config\":{\"count_enable\":1,"
		       "\"clear_on_read\":0,\"vhca_id_valid\":1,\"time_unit\":3,"
		       "\"bin_width_mode\":1,\"bin_num\":4,\"vhca_id\":7,"
		       "\"bin0_width\":2,\"bin1_width\":3},\"resets\":1,"
		       "\"outcome\":\"restored\",\"time\":1700000000,"
		       "\"duration_us\":424}}]\n", "");
}

static bool test_restore_json(void)
{
	return outcome(run(true, restored, 2, -1, ""), 0,
		       "[{\"name\":\"emu0\",\"backend\":\"emulated\","
		       "\"fw_version\":\"22.41.1000\",\"roce_accl\":true,"
		       "\"restore\":{\"enabled\":true,\"profile_id\":1,"
		       "\"features\":{\"roce_adp_retrans_en\":false,\"roce_tx_window_en\":true,\"ack_dscp\":46,\"cc_burst_size\":7},"
		       "\"resets\":1,"
		       "\"outcome\":\"restored\",\"time\":1700000000,"
		       "\"duration_us\":424}},"
		       "{\"name\":\"emu1\",\"backend\":\"emulated\","
		       "\"fw_version\":\"22.41.1000\",\"roce_accl\":true,"
		       "\"restore\":{\"enabled\":true,\"profile_id\":1,"
		       "\"features\":{\"roce_adp_retrans_en\":false,\"roce_tx_window_en\":true,\"ack_dscp\":46,\"cc_burst_size\":7},"
		       "\"resets\":2,"
		       "\"outcome\":\"failed\",\"time\":1700000000,"
		       "\"duration_us\":424,\"error\":\"Invalid argument\","
		       "\"msg\":\"firmware status BAD_PARAM (0x03), syndrome 0x0ad5beef\"}}]\n",
		       "");
}

TAP_MAIN(
	{ "restore state in text: a second line", test_restore_text },
	{ "restore state in json: a nested object", test_restore_json },
	{ "nothing saved, no reset: no restore line", test_restore_quiet },
	{ "a feature saved off, no profile: a restore line naming it",
	  test_restore_off_only },
	{ "an outcome without a name: its number", test_restore_unknown_outcome },
	{ "a histogram layout saved: by its PRM names, text and json",
	  test_restore_hist },
	{ "text dump, one line per device", test_text_dump },
	{ "json dump, array of objects", test_json_dump },
	{ "empty dump: [] in json, nothing in text", test_json_empty_dump },
	{ "show DEV and show dev DEV send a do", test_do_by_name },
	{ "unknown backend prints its number", test_unknown_backend },
	{ "failed do prints the error and no json", test_do_error },
	{ "dump failing half way still ends the json", test_dump_error_midway },
	{ "reply without a name is an error", test_nameless_reply },
	{ "usage error sends nothing", test_usage_error },
)
