// SPDX-License-Identifier: GPL-2.0
/*
 * "adpctl profile show" and "profile set" against the fake kernel: the
 * grammar of set and its errors, the request each command builds, and the
 * text and JSON of PROFILE_GET replies.  TAP.
 *
 * Requests are compared as fake_req_str() renders them.  The attribute
 * numbers, from include/uapi/linux/roce_adp.h, are
 *   top level: 1 DEV_NAME, 9 PROFILE_ID, 10 PROFILE (nest)
 *   PROFILE:   1 ADP_RETX_PROFILE_ID, 2 QP_TOTAL_TIMEOUT (u8), 3 RANGE_NUM,
 *              4 START_RANGE_INDEX, 5 TIME_UNIT, 6 TIME_BASE,
 *              7 RETX_TOTAL_TIMEOUT, 8 TIMEOUT_INIT_LOW_BOUND,
 *              9 TIMEOUT_INIT_RANGE_SIZE, 10 RANGE (nest)
 *   RANGE:     1 INDEX, 2 PREV_RANGE_INDEX, 3 DEC_MODE, 4 TIMEOUT_RETRY_NUM,
 *              5 RANGE_LOW_BOUND, 6 RANGE_SIZE
 * and are checked against the header below, so a renumbering shows here.
 */
#include <errno.h>
#include <string.h>

#include <json-c/json.h>

#include "fake_kernel.h"

_Static_assert(ROCE_ADP_A_DEV_NAME == 1 && ROCE_ADP_A_PROFILE_ID == 9 &&
	       ROCE_ADP_A_PROFILE == 10, "top-level numbers");
_Static_assert(ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT == 2 &&
	       ROCE_ADP_A_PROFILE_TIME_BASE == 6 &&
	       ROCE_ADP_A_PROFILE_TIMEOUT_INIT_RANGE_SIZE == 9 &&
	       ROCE_ADP_A_PROFILE_RANGE == 10, "profile numbers");
_Static_assert(ROCE_ADP_A_RANGE_INDEX == 1 && ROCE_ADP_A_RANGE_DEC_MODE == 3 &&
	       ROCE_ADP_A_RANGE_RANGE_SIZE == 6, "range numbers");

/* Firmware defaults as the emulated device reports them. */
static const struct fake_profile p0 = {
	.id = 0, .num = 1, .unit = 1, .base = 4, .total = 20,
	.init_low = 4, .init_size = 2,
	.r = { { .dec = 1, .retry = 1, .low = 4, .size = 4 } },
};

/* The QP's total timeout, a time unit and a dec_mode adpctl cannot name. */
static const struct fake_profile p_odd = {
	.id = 2, .qp = 1, .num = 1, .start = 1, .unit = 2, .base = 16,
	.total = 5, .init_low = 1, .init_size = 2,
	.r = { { .dec = 3, .retry = 0, .low = 1, .size = 1 } },
};

/* One reply: a device, its active profile and these profiles. */
static struct nl_msg *reply_dev(uint8_t cmd, const char *dev, int active,
				const struct fake_profile *a,
				const struct fake_profile *b)
{
	struct nl_msg *msg = fake_reply(cmd);

	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, dev);
	if (active >= 0)
		nla_put_u32(msg, ROCE_ADP_A_ACTIVE_PROFILE_ID, active);
	if (a)
		fake_put_profile(msg, a);
	if (b)
		fake_put_profile(msg, b);
	return msg;
}

/* A dump's answer: emu0 with profiles 0 and 1 (active), emu1 with 0. */
static void reply_dump(void)
{
	fake_reset();
	reply_dev(ROCE_ADP_CMD_PROFILE_GET, "emu0", 1, &p0, &fake_profile1);
	reply_dev(ROCE_ADP_CMD_PROFILE_GET, "emu1", 0, &p0, NULL);
}

static int show(bool json, const char *line)
{
	return fake_run("profile", profile_cmds, "show", json, line);
}

static int set(bool json, const char *line)
{
	return fake_run("profile", profile_cmds, "set", json, line);
}

#define P0_TEXT(dev, active) \
	dev " profile 0 (firmware defaults" active "):\n" \
	"  qp_total_timeout off range_num 1 start_range_index 0 time_unit usec time_base 4 retx_total_timeout 20 timeout_init_low_bound 4 timeout_init_range_size 2 (total 4.194s, initial 64us .. 256us)\n" \
	"  range 0 prev_range_index 0 dec_mode div2 timeout_retry_num 1 range_low_bound 4 range_size 4 (64us .. 1.024ms)\n" \
	"  range 1 prev_range_index 0 dec_mode div4 timeout_retry_num 0 range_low_bound 0 range_size 0 (not in use)\n" \
	"  range 2 prev_range_index 0 dec_mode div4 timeout_retry_num 0 range_low_bound 0 range_size 0 (not in use)\n" \
	"  range 3 prev_range_index 0 dec_mode div4 timeout_retry_num 0 range_low_bound 0 range_size 0 (not in use)\n"

#define P1_TEXT \
	"emu0 profile 1 (active):\n" \
	"  qp_total_timeout off range_num 2 start_range_index 0 time_unit usec time_base 8 retx_total_timeout 18 timeout_init_low_bound 3 timeout_init_range_size 3 (total 2.097s, initial 64us .. 512us)\n" \
	"  range 0 prev_range_index 0 dec_mode div2 timeout_retry_num 3 range_low_bound 3 range_size 3 (64us .. 512us)\n" \
	"  range 1 prev_range_index 0 dec_mode div4 timeout_retry_num 2 range_low_bound 6 range_size 4 (512us .. 8.192ms)\n" \
	"  range 2 prev_range_index 0 dec_mode div4 timeout_retry_num 0 range_low_bound 0 range_size 0 (not in use)\n" \
	"  range 3 prev_range_index 0 dec_mode div4 timeout_retry_num 0 range_low_bound 0 range_size 0 (not in use)\n"

#define ZERO_RANGE \
	"{\"prev_range_index\":0,\"dec_mode\":0,\"timeout_retry_num\":0," \
	"\"range_low_bound\":0,\"range_size\":0}"

#define P1_JSON \
	"{\"adp_retx_profile_id\":1,\"qp_total_timeout\":0,\"range_num\":2," \
	"\"start_range_index\":0,\"time_unit\":1,\"time_base\":8," \
	"\"retx_total_timeout\":18,\"timeout_init_low_bound\":3," \
	"\"timeout_init_range_size\":3,\"timeout_range\":[" \
	"{\"prev_range_index\":0,\"dec_mode\":1,\"timeout_retry_num\":3," \
	"\"range_low_bound\":3,\"range_size\":3}," \
	"{\"prev_range_index\":0,\"dec_mode\":0,\"timeout_retry_num\":2," \
	"\"range_low_bound\":6,\"range_size\":4}," ZERO_RANGE "," ZERO_RANGE \
	"]}"

static bool test_show_text_dump(void)
{
	bool ok;

	reply_dump();
	ok = outcome(show(false, ""), 0,
		     P0_TEXT("emu0", "") P1_TEXT
		     P0_TEXT("emu1", ", active"), "");
	return ok && fake.cmd == ROCE_ADP_CMD_PROFILE_GET &&
	       fake.flags == NLM_F_DUMP && same("request", fake_req_str(), "");
}

static bool test_show_do_one(void)
{
	bool ok;

	fake_reset();
	reply_dev(ROCE_ADP_CMD_PROFILE_GET, "emu0", 1, &fake_profile1, NULL);
	ok = outcome(show(true, "emu0 id 1"), 0,
		     "[{\"dev\":\"emu0\",\"active_profile_id\":1,"
		     "\"profiles\":[" P1_JSON "]}]\n", "");
	ok &= fake.flags == 0 &&
	      same("request", fake_req_str(), "1=\"emu0\" 9=1");
	/* The same with the keyword, and text. */
	ok &= outcome(show(false, "dev emu0 id 0x1"), 0, P1_TEXT, "") &&
	      same("request", fake_req_str(), "1=\"emu0\" 9=1");
	return ok;
}

static bool test_show_json_dump_python(void)
{
	bool ok;

	reply_dump();
	ok = outcome_err(show(true, ""), 0, "");
	ok &= strstr(out_buf, P1_JSON) != NULL;
	ok &= python_accepts(out_buf,
			     "[(d['dev'], d['active_profile_id'],"
			     " [p['adp_retx_profile_id'] for p in d['profiles']],"
			     " [len(p['timeout_range']) for p in d['profiles']])"
			     " for d in v] == [('emu0', 1, [0, 1], [4, 4]),"
			     " ('emu1', 0, [0], [4])] and v");
	return ok;
}

static bool test_show_filter_dump_by_id(void)
{
	bool ok;

	reply_dump();
	/* A dump cannot ask for one id: the other profiles are skipped. */
	ok = outcome(show(false, "id 1"), 0, P1_TEXT, "") &&
	     fake.flags == NLM_F_DUMP && same("request", fake_req_str(), "");
	ok &= outcome(show(true, "id 1"), 0,
		      "[{\"dev\":\"emu0\",\"active_profile_id\":1,"
		      "\"profiles\":[" P1_JSON "]},"
		      "{\"dev\":\"emu1\",\"active_profile_id\":0,"
		      "\"profiles\":[]}]\n", "");
	return ok;
}

/*
 * Issue 18: a reply from the module's snapshot (an unprivileged reader)
 * says how old it is; a read of the device (age 0) prints as before.
 */
static bool test_show_snapshot_age(void)
{
	bool ok;

	fake_reset();
	nla_put_u32(reply_dev(ROCE_ADP_CMD_PROFILE_GET, "emu0", 1, &fake_profile1, NULL),
		    ROCE_ADP_A_AGE_MS, 0);
	ok = outcome(show(false, "emu0"), 0, P1_TEXT, "");
	ok &= outcome(show(true, "emu0"), 0,
		      "[{\"dev\":\"emu0\",\"active_profile_id\":1,"
		      "\"profiles\":[" P1_JSON "]}]\n", "");
	fake_reset();
	nla_put_u32(reply_dev(ROCE_ADP_CMD_PROFILE_GET, "emu0", 1, &fake_profile1, NULL),
		    ROCE_ADP_A_AGE_MS, 1234);
	ok &= outcome(show(false, "emu0"), 0,
		      "emu0: state from the module's snapshot, 1234 ms old\n"
		      P1_TEXT, "");
	ok &= outcome(show(true, "emu0"), 0,
		      "[{\"dev\":\"emu0\",\"active_profile_id\":1,"
		      "\"age_ms\":1234,\"profiles\":[" P1_JSON "]}]\n", "");
	return ok;
}

static bool test_show_odd_profile(void)
{
	fake_reset();
	reply_dev(ROCE_ADP_CMD_PROFILE_GET, "emu9", -1, &p_odd, NULL);
	return outcome(show(false, "emu9"), 0,
		       "emu9 profile 2:\n"
		       "  qp_total_timeout on range_num 1 start_range_index 1 time_unit 2 time_base 16 retx_total_timeout 5 timeout_init_low_bound 1 timeout_init_range_size 2 (total QP ack_timeout * retry_count, initial 16<<1 .. 16<<3)\n"
		       "  range 0 prev_range_index 0 dec_mode 3 timeout_retry_num 0 range_low_bound 1 range_size 1 (16<<1 .. 16<<2)\n"
		       "  range 1 prev_range_index 0 dec_mode div4 timeout_retry_num 0 range_low_bound 0 range_size 0 (not in use)\n"
		       "  range 2 prev_range_index 0 dec_mode div4 timeout_retry_num 0 range_low_bound 0 range_size 0 (not in use)\n"
		       "  range 3 prev_range_index 0 dec_mode div4 timeout_retry_num 0 range_low_bound 0 range_size 0 (not in use)\n",
		       "") &&
	       outcome_err(show(true, "emu9"), 0, "") &&
	       strstr(out_buf, "[{\"dev\":\"emu9\",\"profiles\":[{"
			       "\"adp_retx_profile_id\":2,\"qp_total_timeout\":1,") &&
	       strstr(out_buf, "\"time_unit\":2,") &&
	       strstr(out_buf, "\"dec_mode\":3,");
}

/* A window at the top of u32: its end saturates, it does not wrap to 1. */
static bool test_show_window_saturates(void)
{
	struct fake_profile p = p_odd;

	p.init_low = UINT32_MAX;
	p.init_size = 2;
	fake_reset();
	reply_dev(ROCE_ADP_CMD_PROFILE_GET, "emu9", -1, &p, NULL);
	return outcome_err(show(false, "emu9"), 0, "") &&
	       strstr(out_buf, "initial 16<<4294967295 .. 16<<4294967295)\n");
}

/* A newer kernel's fifth range and past: not shown, the four unchanged. */
static bool test_show_newer_ranges(void)
{
	struct fake_profile p = fake_profile1;

	p.newer_ranges = 2;
	fake_reset();
	reply_dev(ROCE_ADP_CMD_PROFILE_GET, "emu0", 1, &p, NULL);
	if (!outcome(show(false, "emu0"), 0, P1_TEXT, ""))
		return false;
	fake_reset();
	reply_dev(ROCE_ADP_CMD_PROFILE_GET, "emu0", 1, &p, NULL);
	return outcome(show(true, "emu0"), 0,
		       "[{\"dev\":\"emu0\",\"active_profile_id\":1,\"profiles\":[" P1_JSON "]}]\n",
		       "");
}

static bool test_show_range_num(void)
{
	struct fake_profile p = fake_profile1;

	/*
	 * range_num past the 4 entries puts the 4 in use; with 0 none is,
	 * and each is still shown, as in JSON.
	 */
	p.num = 7;
	fake_reset();
	reply_dev(ROCE_ADP_CMD_PROFILE_GET, "emu0", 0, &p, NULL);
	if (show(false, "emu0") || !strstr(out_buf, "  range 3 prev_range_index 0 dec_mode div4 timeout_retry_num 0 range_low_bound 0 range_size 0 (8us .. 8us)\n"))
		return false;
	p.num = 0;
	fake_reset();
	reply_dev(ROCE_ADP_CMD_PROFILE_GET, "emu0", 0, &p, NULL);
	return show(false, "emu0") == 0 &&
	       strstr(out_buf, "range_size 3 (not in use)\n") &&
	       !strstr(out_buf, "(64us .. 512us)\n");
}

static bool test_show_malformed(void)
{
	struct nl_msg *msg;
	struct nlattr *nest;
	bool ok;

	/* A profile without its id: nothing of the device is printed. */
	fake_reset();
	msg = reply_dev(ROCE_ADP_CMD_PROFILE_GET, "emu0", 1, &fake_profile1, NULL);
	nest = nla_nest_start(msg, ROCE_ADP_A_PROFILE | NLA_F_NESTED);
	nla_put_u32(msg, ROCE_ADP_A_PROFILE_TIME_BASE, 8);
	nla_nest_end(msg, nest);
	/* The JSON array opened with the reply: still a document. */
	ok = outcome(show(true, "emu0"), 1, "[]\n",
		     "Error: kernel reply with a profile without its id.\n");
	/* A u32 field carried in 2 bytes. */
	fake_reset();
	msg = reply_dev(ROCE_ADP_CMD_PROFILE_GET, "emu0", 1, NULL, NULL);
	nest = nla_nest_start(msg, ROCE_ADP_A_PROFILE | NLA_F_NESTED);
	nla_put_u32(msg, ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID, 1);
	nla_put_u16(msg, ROCE_ADP_A_PROFILE_TIME_BASE, 8);
	nla_nest_end(msg, nest);
	ok &= outcome(show(false, "emu0"), 1, "",
		      "Error: malformed profile in the kernel reply: Input data out of range.\n");
	/* No device name. */
	fake_reset();
	msg = fake_reply(ROCE_ADP_CMD_PROFILE_GET);
	fake_put_profile(msg, &fake_profile1);
	ok &= outcome(show(false, ""), 1, "",
		      "Error: kernel reply without a device name.\n");
	return ok;
}

static bool test_show_usage(void)
{
	fake_reset();
	return outcome(show(false, "emu0 id 8"), ADP_EXIT_USAGE, "",
		       "Error: invalid value \"8\" for \"id\": expected 0..7. "
		       "Try \"adpctl profile show help\".\n") &&
	       outcome(show(false, "emu0 id one"), ADP_EXIT_USAGE, "",
		       "Error: invalid value \"one\" for \"id\": expected 0..7. "
		       "Try \"adpctl profile show help\".\n") &&
	       outcome(show(false, "emu0 emu1"), ADP_EXIT_USAGE, "",
		       "Error: unexpected argument \"emu1\". "
		       "Try \"adpctl profile show help\".\n") &&
	       fake.calls == 0;
}

/* profile set: the request for a command line, and what is printed. */
static bool set_sends(const char *line, const char *want)
{
	fake_reset();
	reply_dev(ROCE_ADP_CMD_PROFILE_SET, "emu0", 1, &fake_profile1, NULL);
	return fake_sends(set, line, ROCE_ADP_CMD_PROFILE_SET, want);
}

static bool test_set_one_field(void)
{
	return set_sends("dev emu0 id 1 time_base 8",
			 "1=\"emu0\" 10{1=1 6=8}") &&
	       /* Any order at profile level; u8 for qp_total_timeout. */
	       set_sends("qp_total_timeout 1 id 1 dev emu0",
			 "1=\"emu0\" 10{1=1 2=1/u8}") &&
	       /* The PRM name of the id works as well. */
	       set_sends("dev emu0 adp_retx_profile_id 7 range_num 0",
			 "1=\"emu0\" 10{1=7 3=0}");
}

static bool test_set_all_profile_fields(void)
{
	return set_sends("dev emu0 id 1 qp_total_timeout off range_num 2 "
			 "start_range_index 1 time_unit usec time_base 0xffff "
			 "retx_total_timeout 255 timeout_init_low_bound 3 "
			 "timeout_init_range_size 4",
			 "1=\"emu0\" 10{1=1 2=0/u8 3=2 4=1 5=1 6=65535 7=255 8=3 9=4}");
}

static bool test_set_range_groups(void)
{
	/* Groups end at the next range or a profile field; index order. */
	return set_sends("dev emu0 id 1 range 2 dec_mode div2 range_size 3 "
			 "time_base 16 range 0 timeout_retry_num 1023 "
			 "prev_range_index 0",
			 "1=\"emu0\" 10{1=1 6=16 10{1=0 2=0 4=1023} "
			 "10{1=2 3=1 6=3}}") &&
	       /* Only ranges, and every field of one. */
	       set_sends("dev emu0 id 1 range 3 prev_range_index 2 "
			 "dec_mode low_bound timeout_retry_num 7 "
			 "range_low_bound 9 range_size 255",
			 "1=\"emu0\" 10{1=1 10{1=3 2=2 3=2 4=7 5=9 6=255}}") &&
	       /* dev and id close a group too. */
	       set_sends("range 1 range_size 2 dev emu0 id 1",
			 "1=\"emu0\" 10{1=1 10{1=1 6=2}}");
}

static bool test_set_symbolic_values(void)
{
	return set_sends("dev emu0 id 1 qp_total_timeout on time_unit 1 "
			 "range 0 dec_mode div4 range 1 dec_mode 1 "
			 "range 2 dec_mode low_bound range 3 dec_mode 3",
			 "1=\"emu0\" 10{1=1 2=1/u8 5=1 10{1=0 3=0} "
			 "10{1=1 3=1} 10{1=2 3=2} 10{1=3 3=3}}") &&
	       set_sends("dev emu0 id 1 time_unit 0 qp_total_timeout 0",
			 "1=\"emu0\" 10{1=1 2=0/u8 5=0}");
}

static bool test_set_prints_reply(void)
{
	bool ok;

	fake_reset();
	reply_dev(ROCE_ADP_CMD_PROFILE_SET, "emu0", 1, &fake_profile1, NULL);
	ok = outcome(set(false, "dev emu0 id 1 time_base 8"), 0, P1_TEXT, "");
	ok &= outcome(set(true, "dev emu0 id 1 time_base 8"), 0,
		      "[{\"dev\":\"emu0\",\"active_profile_id\":1,"
		      "\"profiles\":[" P1_JSON "]}]\n", "");
	ok &= python_accepts(out_buf,
			     "len(v) == 1 and v[0]['profiles'][0]"
			     "['time_base'] == 8 and v");
	return ok;
}

static bool test_set_kernel_error(void)
{
	return kernel_refuses_both(set, "dev emu0 id 1 time_base 12", EINVAL,
				   "time_base must be a power of two") &&
	       kernel_refuses(set, false, "dev emu0 id 1 time_base 8", EPERM,
			      NULL);
}

/* "profile forget", under its name or the old one (cmd). */
static bool forget_as(const char *cmd)
{
	struct nl_msg *msg;
	char hint[128];
	bool ok;

	fake_reset();
	msg = fake_reply(ROCE_ADP_CMD_PROFILE_FORGET);
	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, "emu0");
	ok = outcome(fake_run("profile", profile_cmds, cmd, false, "emu0"),
		     0, "emu0: profile forgotten; the firmware keeps the current "
		     "profile until its next reset,\n"
		     "    after which its default timeouts apply (the enables are "
		     "still restored)\n", "");
	ok &= fake.cmd == ROCE_ADP_CMD_PROFILE_FORGET && fake.flags == 0 &&
	      !strcmp(fake_req_str(), "1=\"emu0\"");

	fake_reset();
	msg = fake_reply(ROCE_ADP_CMD_PROFILE_FORGET);
	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, "emu0");
	ok &= outcome(fake_run("profile", profile_cmds, cmd, true,
			       "dev emu0"), 0,
		      "[{\"name\":\"emu0\",\"profile_forgotten\":true,"
		      "\"fw_reset_needed\":true}]\n", "");

	fake_reset();
	fake.error = EPERM;
	ok &= outcome(fake_run("profile", profile_cmds, cmd, false, "emu0"),
		      ADP_EXIT_KERNEL, "", "Error: Operation not permitted.\n");
	fake_reset();
	snprintf(hint, sizeof(hint), "Error: missing argument \"dev\". "
		 "Try \"adpctl profile %s help\".\n", cmd);
	ok &= outcome(fake_run("profile", profile_cmds, cmd, false, ""),
		      ADP_EXIT_USAGE, "", hint) && fake.calls == 0;
	return ok;
}

static bool test_reset(void)
{
	return forget_as("reset");
}

static bool test_forget(void)
{
	return forget_as("forget");
}

static bool test_set_errors(void)
{
	static const struct usage_case cases[] = {
		{ "dev emu0 id 1 frobnicate 1", "unknown field \"frobnicate\"" },
		{ "dev emu0 id 1 time_base", "missing value for \"time_base\"" },
		{ "dev emu0 id 1 time_base eight", "invalid value \"eight\" for \"time_base\": expected 0..65535" },
		{ "dev emu0 id 1 time_base 65536", "invalid value \"65536\" for \"time_base\": expected 0..65535" },
		{ "dev emu0 id 1 time_base -1", "invalid value \"-1\" for \"time_base\": expected 0..65535" },
		{ "dev emu0 id 1 time_base 0x", "invalid value \"0x\" for \"time_base\": expected 0..65535" },
		{ "dev emu0 id 1 range_num 8", "invalid value \"8\" for \"range_num\": expected 0..7" },
		{ "dev emu0 id 1 retx_total_timeout 256", "invalid value \"256\" for \"retx_total_timeout\": expected 0..255" },
		{ "dev emu0 id 1 qp_total_timeout 2", "invalid value \"2\" for \"qp_total_timeout\": expected off, on or 0..1" },
		{ "dev emu0 id 1 time_unit msec", "invalid value \"msec\" for \"time_unit\": expected usec or 0..3" },
		{ "dev emu0 id 1 range 0 dec_mode div8", "invalid value \"div8\" for \"dec_mode\": expected div4, div2, low_bound or 0..3" },
		{ "dev emu0 id 1 range 0 timeout_retry_num 1024", "invalid value \"1024\" for \"timeout_retry_num\": expected 0..1023" },
		{ "dev emu0 id 1 range 4 range_size 1", "invalid value \"4\" for \"range\": expected 0..3" },
		{ "dev emu0 id 1 range x range_size 1", "invalid value \"x\" for \"range\": expected 0..3" },
		{ "dev emu0 id 1 range", "missing value for \"range\"" },
		{ "dev emu0 id 8 time_base 8", "invalid value \"8\" for \"id\": expected 0..7" },
		{ "dev emu0 id 1 time_base 8 time_base 16", "\"time_base\" is given twice" },
		{ "dev emu0 id 1 id 2 time_base 8", "\"id\" is given twice" },
		{ "dev emu0 dev emu1 id 1 time_base 8", "\"dev\" is given twice" },
		{ "dev emu0 id 1 range 1 range_size 1 range_size 2", "\"range_size\" is given twice in range 1" },
		{ "dev emu0 id 1 range 1 range_size 1 range 1 dec_mode 0", "\"range 1\" is given twice" },
		{ "dev emu0 id 1 range_size 1", "\"range_size\" is a range field: give it after \"range I\"" },
		{ "dev emu0 id 1 range 0 range_size 1 time_base 8 dec_mode 1", "\"dec_mode\" is a range field: give it after \"range I\"" },
		{ "dev emu0 id 1 range 2", "no field given for \"range 2\"" },
		{ "dev emu0 id 1 range 3", "no field given for \"range 3\"" },
		{ "dev emu0 id 1", "nothing to set" },
		{ "id 1 time_base 8", "missing argument \"dev\"" },
		{ "dev emu0 time_base 8", "missing argument \"id\"" },
		{ "dev emu0 id 1 -j time_base 8", "unknown option \"-j\" (options go before the object)" },
		{ "dev 0123456789abcdef0123456789abcdef id 1 time_base 8", "value of \"dev\" is longer than 31 characters" },
		{ "emu0 id 1 time_base 8", "unknown field \"emu0\"" },
	};

	return usage_errors("profile", profile_cmds, "set", cases,
			    ARRAY_SIZE(cases));
}

static bool test_set_parse_direct(void)
{
	char *argv[] = { "dev", "emu0", "id", "1", "range", "1", "dec_mode",
			 "div2", "range_num", "2" };
	const struct adp_cmd *cmd = &profile_cmds[1];
	struct adp_obj obj = { .name = "profile", .cmds = profile_cmds };
	struct adp_ctx ctx = { .obj = &obj, .cmd = cmd };
	struct profile_req req;
	int i, n = 0;

	if (profile_parse_set(&ctx, &req, ARRAY_SIZE(argv), argv))
		return false;
	for (i = 0; i < ADP_NEST_ATTRS; i++)
		n += req.p.v.has[i] + req.p.range[1].has[i];
	return !strcmp(req.dev, "emu0") && n == 3 &&
	       req.p.v.v[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID] == 1 &&
	       req.p.v.v[ROCE_ADP_A_PROFILE_RANGE_NUM] == 2 &&
	       req.p.range[1].v[ROCE_ADP_A_RANGE_DEC_MODE] ==
			ROCE_ADP_DEC_MODE_TO_DIV_2 &&
	       !req.p.has_range[0] && req.p.has_range[1] &&
	       !req.p.has_range[2] && !req.p.has_range[3];
}

/*
 * "profile show -j" fed back: a profile's keys, timeout_range's entries
 * as "timeout_range I" groups, set the profile shown, the spec's enum
 * names beside.
 */
static bool test_json_fed_back(void)
{
	char line[FAKE_LINE_MAX] = "dev emu0", want[512];
	struct json_object *arr, *prof, *ranges, *r;
	size_t i;
	bool ok;

	fake_reset();
	reply_dev(ROCE_ADP_CMD_PROFILE_GET, "emu0", 1, &fake_profile1, NULL);
	if (!outcome_err(show(true, "emu0 id 1"), 0, ""))
		return false;
	arr = json_tokener_parse(out_buf);
	prof = json_object_array_get_idx(
		json_object_object_get(json_object_array_get_idx(arr, 0),
				       "profiles"), 0);
	if (!prof) {
		json_object_put(arr);
		return false;
	}
	json_object_object_foreach(prof, key, val) {
		if (strcmp(key, "timeout_range"))
			snprintf(line + strlen(line), sizeof(line) - strlen(line),
				 " %s %s", key, json_object_get_string(val));
	}
	ranges = json_object_object_get(prof, "timeout_range");
	for (i = 0; i < json_object_array_length(ranges); i++) {
		r = json_object_array_get_idx(ranges, i);
		snprintf(line + strlen(line), sizeof(line) - strlen(line),
			 " timeout_range %zu", i);
		json_object_object_foreach(r, rkey, rval)
			snprintf(line + strlen(line), sizeof(line) - strlen(line),
				 " %s %s", rkey, json_object_get_string(rval));
	}
	json_object_put(arr);
	printf("# %s\n", line);
	snprintf(want, sizeof(want), "%s",
		 "1=\"emu0\" 10{1=1 2=0/u8 3=2 4=0 5=1 6=8 7=18 8=3 9=3 "
		 "10{1=0 2=0 3=1 4=3 5=3 6=3} 10{1=1 2=0 3=0 4=2 5=6 6=4} "
		 "10{1=2 2=0 3=0 4=0 5=0 6=0} 10{1=3 2=0 3=0 4=0 5=0 6=0}}");
	ok = set_sends(line, want);
	/* the spec's and the PRM's enum names, JSON's booleans */
	ok &= set_sends("dev emu0 id 1 qp_total_timeout true time_unit TIME_USEC "
		    "timeout_range 0 dec_mode to-div-2 range 1 dec_mode TO_LOW_BOUND",
		    "1=\"emu0\" 10{1=1 2=1/u8 5=1 10{1=0 3=1} 10{1=1 3=2}}");
	return ok;
}

TAP_MAIN(
	{ "set: show -j's keys fed back set the profile shown", test_json_fed_back },
	{ "show: text of a dump, all devices and profiles", test_show_text_dump },
	{ "show DEV id N: a do with PROFILE_ID, exact json and text", test_show_do_one },
	{ "show -j: python parses the dump", test_show_json_dump_python },
	{ "show id N without dev: dump filtered here", test_show_filter_dump_by_id },
	{ "show: age_ms of a reply from the snapshot", test_show_snapshot_age },
	{ "show: QP total timeout, unknown unit and dec_mode", test_show_odd_profile },
	{ "show: a window at the top of u32 saturates", test_show_window_saturates },
	{ "show: a newer kernel's ranges past the fourth are not shown", test_show_newer_ranges },
	{ "show: the ranges past range_num marked not in use", test_show_range_num },
	{ "show: malformed replies are errors", test_show_malformed },
	{ "show: usage errors send nothing", test_show_usage },
	{ "set: one field, any order, u8 and u32 types", test_set_one_field },
	{ "set: every profile field", test_set_all_profile_fields },
	{ "set: range groups", test_set_range_groups },
	{ "set: symbolic and raw values", test_set_symbolic_values },
	{ "set: the reply is printed as show prints it", test_set_prints_reply },
	{ "set: kernel errors print the extack, exit 2", test_set_kernel_error },
	{ "set: syntax errors, exact messages, exit 1", test_set_errors },
	{ "set: profile_parse_set() fills the request", test_set_parse_direct },
	{ "reset: sends profile-forget, says a reset is needed", test_reset },
	{ "forget: the name of reset, which stays as a hidden alias", test_forget },
)
