// SPDX-License-Identifier: GPL-2.0
/*
 * "adpctl profile lint" and "profile simulate": profiles from fields,
 * files (words and JSON) and a device (the fake kernel); the messages,
 * their times and the exit status; the timeline, JSON and SVG of a
 * simulation.  TAP.  Expected texts are computed by hand from the profile.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fake_kernel.h"
#include "radp_svg.h"

static int lint(bool json, const char *line)
{
	return fake_run("profile", profile_cmds, "lint", json, line);
}

static int simulate(bool json, const char *line)
{
	return fake_run("profile", profile_cmds, "simulate", json, line);
}

/* A file holding text, named in path (a template ending in XXXXXX). */
static char path[64];

static const char *file_with(const char *text)
{
	FILE *fp;
	int fd;

	snprintf(path, sizeof(path), "/tmp/adpctl-lint-XXXXXX");
	fd = mkstemp(path);
	if (fd < 0 || !(fp = fdopen(fd, "w"))) {
		printf("Bail out! mkstemp: %s\n", strerror(errno));
		exit(1);
	}
	fputs(text, fp);
	fclose(fp);
	return path;
}

static char line[512];

static const char *with_file(const char *fmt)
{
	snprintf(line, sizeof(line), fmt, path);
	return line;
}

/*
 * 4 us base; initial 8 us; range 0 16..32 us, range 1 128..512 us; total
 * 4 us << 5 = 128 us; QP ack_timeout 3 = 32.768 us.
 */
#define POOR_FIELDS \
	"time_base 4 range_num 2 timeout_init_low_bound 1 " \
	"timeout_init_range_size 1 retx_total_timeout 5 " \
	"range 0 timeout_retry_num 2 range_low_bound 2 range_size 1 " \
	"range 1 timeout_retry_num 1 range_low_bound 5 range_size 2"

#define POOR_WARNINGS(src) \
	src " profile 1: 0 errors, 4 warnings\n" \
	"  warning: timeout_init_low_bound (init_outside): the initial timeout (8us) lies outside every range: a QP's first timeout is not retried and jumps to range 0's low bound 16us\n" \
	"  warning: timeout_range[1].range_low_bound (gap): a gap between range 0 (up to 32us) and range 1 (from 128us): the timeout jumps x4 and 64us is never used\n" \
	"  warning: timeout_range[1].range_low_bound (above_cap): range 1 (128us .. 512us) lies above the QP's ack_timeout 3 (32.768us): every timeout of it is capped to 32.768us\n" \
	/* 16 + 16 + 32 + 32 (range 0), then 3 x 32.768 (range 1, capped) */ \
	"  warning: retx_total_timeout (total_short): the total timeout 128us (4us << 5) is shorter than one pass through the ranges (194.304us from range 0's low bound to the top of range 1): without an ACK a QP fails in range 1\n"

static bool lint_fields_warnings(void)
{
	return outcome(lint(false, POOR_FIELDS " ack_timeout 3 retry_count 7"),
		       0, POOR_WARNINGS("command line"), "") &&
	       fake.calls == 0;
}

/* Without a QP: what could not be checked is said. */
static bool lint_notes_without_qp(void)
{
	return outcome(lint(false, "time_base 4 range_num 1 qp_total_timeout 1 "
			    "timeout_init_low_bound 2 timeout_init_range_size 1 "
			    "range 0 timeout_retry_num 1 range_low_bound 2"),
		       0,
		       "command line profile 1: 0 errors, 0 warnings\n"
		       "  note (no_qp): no QP ack_timeout given: timeouts above it, which it caps, are not looked for\n"
		       "  note: qp_total_timeout (no_qp): the total timeout is the QP's ack_timeout * retry_count: give both to check it\n",
		       "");
}

/* Overlap, part of the initial window outside, QP total, infinite. */
static bool lint_more_warnings(void)
{
	const char *base = "time_base 8 range_num 2 qp_total_timeout 1 "
			   "timeout_init_low_bound 0 timeout_init_range_size 3 "
			   "range 0 timeout_retry_num 1 range_low_bound 1 range_size 3 "
			   "range 1 timeout_retry_num 1 range_low_bound 2 range_size 2 "
			   "prev_range_index 0";
	bool ok;

	snprintf(line, sizeof(line), "%s ack_timeout 2 retry_count 9", base);
	/*
	 * Initial 8, 16, 32 us: 8 us in no range.  Range 0 16..128 us,
	 * range 1 32..128 us.  Cap 16.384 us: ranges above it; pass
	 * 16 + 16.384 x 3 (range 0: 32, 64, 128) + x 3 (range 1) = 114.304 us,
	 * total 7 x 16.384 = 114.688 us: not shorter.
	 */
	ok = outcome(lint(false, line), 0,
		     "command line profile 1: 0 errors, 5 warnings\n"
		     "  warning: timeout_init_range_size (init_outside): 1 of the 3 initial timeouts (8us) lies outside every range: for those QPs the first timeout jumps to range 0's low bound 16us\n"
		     "  warning: timeout_range[1].range_low_bound (overlap): range 1 (32us .. 128us) overlaps range 0 (16us .. 128us): after range 0's top the timeout drops back to 32us\n"
		     "  warning: timeout_init_range_size (above_cap): initial timeouts up to 32us go above the QP's ack_timeout 2 (16.384us): they are capped to it\n"
		     "  warning: timeout_range[0].range_size (above_cap): range 0 (16us .. 128us) goes above the QP's ack_timeout 2 (16.384us): its timeouts above it are capped\n"
		     "  warning: timeout_range[1].range_low_bound (above_cap): range 1 (32us .. 128us) lies above the QP's ack_timeout 2 (16.384us): every timeout of it is capped to 16.384us\n"
		     "  note (retry_count): retry_count 9 is out of 0..7: the QP uses 7\n", "");
	snprintf(line, sizeof(line), "%s ack_timeout 0 retry_count 7", base);
	ok &= outcome_err(lint(false, line), 0, "") &&
	      strstr(out_buf, "  warning: qp_total_timeout (total_infinite): with the QP's ack_timeout 0 (infinite) the total timeout is infinite: a QP without forward progress never fails\n");
	/* retry_count 1: 16.384 us < one pass; fails in range 0. */
	snprintf(line, sizeof(line), "%s ack_timeout 2 retry_count 1", base);
	ok &= outcome_err(lint(false, line), 0, "") &&
	      strstr(out_buf, "  warning: qp_total_timeout (total_short): the total timeout 16.384us (ack_timeout 2 * retry_count 1) is shorter than one pass through the ranges (114.304us from range 0's low bound to the top of range 1): without an ACK a QP fails in range 0\n");
	return ok;
}

/*
 * The overlap's edge: range 0 is 16..128 us; range 1 from 64 us (one
 * timeout below range 0's top) drops back, from 128 us it does not.
 */
static bool lint_overlap_edge(void)
{
	const char *fmt = "time_base 8 range_num 2 qp_total_timeout 0 "
			  "retx_total_timeout 20 timeout_init_low_bound 1 "
			  "timeout_init_range_size 1 "
			  "range 0 timeout_retry_num 1 range_low_bound 1 range_size 3 "
			  "range 1 timeout_retry_num 1 range_low_bound %u range_size 2 "
			  "prev_range_index 0";
	bool ok;

	snprintf(line, sizeof(line), fmt, 3);
	ok = outcome_err(lint(false, line), 0, "") &&
	     strstr(out_buf, "  warning: timeout_range[1].range_low_bound (overlap): range 1 (64us .. 256us) overlaps range 0 (16us .. 128us): after range 0's top the timeout drops back to 64us\n");
	snprintf(line, sizeof(line), fmt, 4);
	ok &= outcome_err(lint(false, line), 0, "") &&
	      !strstr(out_buf, "overlap") && !strstr(out_buf, "gap");
	return ok;
}

static bool lint_cap_below_min(void)
{
	return outcome_err(lint(false, "time_base 16 range_num 1 retx_total_timeout 4 "
				"timeout_init_low_bound 0 timeout_init_range_size 1 "
				"range 0 timeout_retry_num 1 range_size 1 "
				"ack_timeout 1 retry_count 7 adp_retx_base_timeout_min 16000"),
			   0, "") &&
	       strstr(out_buf, "  warning (cap_below_min): the QP's ack_timeout 1 (8.192us) is below the device's minimum timeout 16us: every timeout is the minimum\n");
}

/* Every rule broken is listed, with the values, and the exit status is 1. */
static bool lint_errors(void)
{
	bool ok;

	ok = outcome(lint(false, "time_base 12 range_num 2 timeout_init_range_size 1 "
			  "range 0 timeout_retry_num 1 range_low_bound 3 "
			  "range 1 dec_mode 3 timeout_retry_num 1 range_low_bound 3 prev_range_index 1"),
		     1,
		     "command line profile 1: 4 errors, 0 warnings\n"
		     "  error: time_base (time_base_pow2, rule 3): time_base must be a power of two (time_base 12)\n"
		     "  error: timeout_range[1].dec_mode (dec_mode, rule 10): dec_mode 3 is reserved (dec_mode 3)\n"
		     "  error: timeout_range[1].prev_range_index (prev_range, rule 9): prev_range_index must be below the range's own index (prev_range_index 1 in range 1)\n"
		     "  error: timeout_range[1].range_low_bound (range_order, rule 8): range_low_bound must be above the previous range's (range 1 starts at 96us, range 0 at 96us)\n"
		     "  note (not_checked): warnings are looked for once the errors are fixed\n",
		     "");
	ok &= outcome_err(lint(true, "time_base 2 id 3 range_num 5"), 1, "") &&
	      python_accepts(out_buf,
			     "[(p['source'], p['adp_retx_profile_id'], p['valid'],"
			     " [(e['rule'], e['rule_id'], e['field'], e['range']) for e in p['errors']],"
			     " p['errors'][0]['rule_message'], p['errors'][0]['message'],"
			     " p['warnings'], p['caps']) for p in v] == [('command line', 3, False,"
			     " [('profile_id', 1, 'adp_retx_profile_id', None),"
			     "  ('time_base_min', 4, 'time_base', None),"
			     "  ('range_num_max', 6, 'range_num', None),"
			     "  ('init_range_empty', 12, 'timeout_init_range_size', None),"
			     "  ('retry_num_zero', 11, 'timeout_retry_num', 0),"
			     "  ('retry_num_zero', 11, 'timeout_retry_num', 1),"
			     "  ('range_order', 8, 'range_low_bound', 1),"
			     "  ('retry_num_zero', 11, 'timeout_retry_num', 2),"
			     "  ('range_order', 8, 'range_low_bound', 2),"
			     "  ('retry_num_zero', 11, 'timeout_retry_num', 3),"
			     "  ('range_order', 8, 'range_low_bound', 3)],"
			     " 'adp_retx_profile_id must be 1..adp_retx_profile_max_id (0 is the firmware\\'s)',"
			     " 'adp_retx_profile_id must be 1..adp_retx_profile_max_id (0 is the firmware\\'s) (id 3, adp_retx_profile_max_id 1)',"
			     " [], {'adp_retx_profile_max_id': 1,"
			     " 'adp_retx_profile_max_range_num': 4, 'adp_retx_base_timeout_min': 4000})] and v");
	return ok;
}

/* The words of "profile set" in a file, with comments, as the fields. */
static bool lint_file_words(void)
{
	char want[1024];
	bool ok;

	file_with("# a poor profile\n"
		  "time_base 4 range_num 2\n"
		  "timeout_init_low_bound 1 timeout_init_range_size 1  # 8 us\n"
		  "retx_total_timeout 5\n"
		  "range 0 timeout_retry_num 2 range_low_bound 2 range_size 1\n"
		  "range 1\n"
		  "  timeout_retry_num 1\n"
		  "  range_low_bound 5 range_size 2\n");
	snprintf(want, sizeof(want), "%s%s", path, POOR_WARNINGS(""));
	ok = outcome(lint(false, with_file("file %s ack_timeout 3 retry_count 7")),
		     0, want, "");
	/* Fields on the command line change the file's. */
	ok &= outcome_err(lint(false, with_file("file %s range 1 range_low_bound 4 ack_timeout 3 retry_count 7")),
			  0, "") && !strstr(out_buf, "gap");
	unlink(path);
	return ok;
}

/* content in a file is refused with want (a format taking the path). */
static bool file_refused(const char *content, const char *want_fmt)
{
	char want[512];
	bool ok;

	file_with(content);
	snprintf(want, sizeof(want), want_fmt, path);
	ok = outcome(lint(false, with_file("file %s")), 1, "", want);
	unlink(path);
	return ok;
}

static bool lint_file_errors(void)
{
	return file_refused("time_base 4\nrange 0\n  bogus 3\n",
			    "Error: %s:3: unknown field \"bogus\".\n") &&
	       file_refused("time_base 70000\n",
			    "Error: %s:1: invalid value \"70000\" for \"time_base\": expected 0..65535.\n") &&
	       file_refused("time_base 4\nrange_size 3\n",
			    "Error: %s:2: \"range_size\" is a range field: give it after \"range I\".\n") &&
	       file_refused("time_base 4\ntime_base 4\n",
			    "Error: %s:2: \"time_base\" is given twice.\n") &&
	       file_refused("time_base\n",
			    "Error: %s:1: missing value for \"time_base\".\n") &&
	       file_refused("[{\"dev\": \"emu0\",\n \"profiles\": [{\"time_base\": 4,}]}]\n",
			    "Error: %s:2: not valid JSON: expected a member name.\n") &&
	       file_refused("{\"time_base\": -4}",
			    "Error: %s:1: invalid value -4 for \"time_base\": expected 0..65535.\n") &&
	       file_refused("{\"time_base\": 4, \"timeout_range\": [{\"low\": 1}]}",
			    "Error: %s:1: unknown field \"low\" in a timeout_range entry.\n") &&
	       file_refused("[]", "Error: %s has no profile to check.\n");
}

/* What "adpctl -j profile show" prints: two devices, profiles 0 and 1. */
#define RANGE(prev, dec, retry, low, size) \
	"{\"prev_range_index\":" #prev ",\"dec_mode\":" #dec \
	",\"timeout_retry_num\":" #retry ",\"range_low_bound\":" #low \
	",\"range_size\":" #size "}"
#define PROFILE(id, base, init_low, r1_low) \
	"{\"adp_retx_profile_id\":" #id ",\"qp_total_timeout\":0," \
	"\"range_num\":2,\"start_range_index\":0,\"time_unit\":1," \
	"\"time_base\":" #base ",\"retx_total_timeout\":14," \
	"\"timeout_init_low_bound\":" #init_low ",\"timeout_init_range_size\":1," \
	"\"timeout_range\":[" RANGE(0, 1, 2, 1, 2) "," RANGE(0, 0, 2, r1_low, 3) \
	"," RANGE(0, 0, 0, 0, 0) "," RANGE(0, 0, 0, 0, 0) "]}"
#define SHOW_JSON \
	"[{\"dev\":\"emu0\",\"active_profile_id\":1,\"profiles\":[" \
	PROFILE(0, 4, 1, 3) "," PROFILE(1, 8, 2, 3) "]}," \
	"{\"dev\":\"emu1\",\"active_profile_id\":0,\"profiles\":[" \
	PROFILE(0, 4, 1, 3) "," PROFILE(1, 6, 1, 1) "]}]\n"
#define SHOW_JSON_INVALID_FIRST \
	"[{\"dev\":\"emu1\",\"active_profile_id\":0,\"profiles\":[" \
	PROFILE(0, 4, 1, 3) "," PROFILE(1, 6, 1, 1) "]}," \
	"{\"dev\":\"emu0\",\"active_profile_id\":1,\"profiles\":[" \
	PROFILE(0, 4, 1, 3) "," PROFILE(1, 8, 2, 3) "]}]\n"

static bool lint_file_show_json(void)
{
	char want[256];
	bool ok;

	file_with(SHOW_JSON);
	/* Every writable profile: emu1's has a bad base and range order. */
	ok = outcome_err(lint(true, with_file("file %s")), 1, "");
	snprintf(line, sizeof(line),
		 "[(p['source'], p['adp_retx_profile_id'], p['valid'],"
		 " [e['rule'] for e in p['errors']], [w['check'] for w in p['warnings']])"
		 " for p in v] == [('%s (emu0)', 1, True, [], []),"
		 " ('%s (emu1)', 1, False, ['time_base_pow2', 'range_order'], [])] and v",
		 path, path);
	ok &= python_accepts(out_buf, line);
	/* id 0: the firmware's, which cannot be written. */
	ok &= outcome_err(lint(false, with_file("file %s id 0")), 1, "") &&
	      strstr(out_buf, "(emu0) profile 0: 1 error, 0 warnings\n"
			      "  error: adp_retx_profile_id (profile_id, rule 1): adp_retx_profile_id must be 1..adp_retx_profile_max_id (0 is the firmware's) (id 0, adp_retx_profile_max_id 1)\n");
	/* Fields need one profile. */
	ok &= outcome_err(lint(false, with_file("file %s time_base 8")), 1,
			  "Error: fields given for 2 profiles: pick one with \"id N\".\n");
	snprintf(want, sizeof(want), "Error: %s has no profile with that id.\n",
		 path);
	ok &= outcome_err(lint(false, with_file("file %s id 5")), 1, want);
	unlink(path);
	/* The invalid profile first: the exit status is every profile's. */
	file_with(SHOW_JSON_INVALID_FIRST);
	ok &= outcome_err(lint(false, with_file("file %s")), 1, "") &&
	      contains("stdout", out_buf, "(emu1) profile 1: 2 errors, 0 warnings\n") &&
	      contains("stdout", out_buf, "(emu0) profile 1: 0 errors, 0 warnings\n");
	unlink(path);
	return ok;
}

/*
 * Profile 1 of emu0: 4 us base, initial 8 us, total 512 us; range 0
 * 8..32 us, ranges 1 to 3 32..64 us, 128..256 us and 512 us..1 ms.
 */
static const struct fake_profile lint_p1 = {
	.id = 1, .unit = 1, .base = 4, .total = 7, .init_low = 1,
	.init_size = 1,
	.r = {
		{ .dec = 1, .retry = 2, .low = 1, .size = 2 },
		{ .dec = 1, .retry = 3, .low = 3, .size = 1 },
		{ .dec = 1, .retry = 3, .low = 5, .size = 1 },
		{ .dec = 1, .retry = 3, .low = 7, .size = 1 },
	},
};

/* A device's profiles and limits: ACCL_GET, then PROFILE_GET. */
static void reply_dev(uint32_t max_range_num, uint32_t range_num)
{
	struct nl_msg *msg = fake_reply(ROCE_ADP_CMD_PROFILE_GET);
	struct fake_profile p = lint_p1;
	struct nlattr *nest;

	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, "emu0");
	nla_put_u32(msg, ROCE_ADP_A_ACTIVE_PROFILE_ID, 1);
	nest = nla_nest_start(msg, ROCE_ADP_A_CAPS | NLA_F_NESTED);
	nla_put_u32(msg, ROCE_ADP_A_CAPS_PROFILE_MAX_ID, 1);
	nla_put_u32(msg, ROCE_ADP_A_CAPS_PROFILE_MAX_RANGE_NUM, max_range_num);
	nla_put_u32(msg, ROCE_ADP_A_CAPS_BASE_TIMEOUT_MIN, 4000);
	nla_nest_end(msg, nest);
	p.num = range_num;
	fake_put_profile(msg, &p);
}

static bool lint_dev(void)
{
	bool ok;

	fake_reset();
	reply_dev(2, 4);
	ok = outcome(lint(false, "dev emu0 id 1"), 1,
		     "emu0 profile 1 (active): 1 error, 0 warnings\n"
		     "  error: range_num (range_num_max, rule 6): range_num is above adp_retx_profile_max_range_num (range_num 4, adp_retx_profile_max_range_num 2)\n"
		     "  note (not_checked): warnings are looked for once the errors are fixed\n", "");
	ok &= fake.calls == 2 && fake.cmd == ROCE_ADP_CMD_PROFILE_GET &&
	      same("request", fake_req_str(), "1=\"emu0\" 9=1");
	/* A dry run of "profile set": the device's profile, changed. */
	ok &= outcome(lint(false, "dev emu0 range_num 2"), 0,
		      "emu0 profile 1 (active): 0 errors, 0 warnings\n"
		      "  note (no_qp): no QP ack_timeout given: timeouts above it, which it caps, are not looked for\n",
		      "") &&
	      same("request", fake_req_str(), "1=\"emu0\"");
	ok &= kernel_refuses(lint, false, "dev emu9", ENODEV,
			     "no device \"emu9\"");
	fake_reset();
	return ok;
}

/* Profile A of sim_golden.c; QP without cap, the link down 100 us. */
#define PROF_A \
	"time_base 4 range_num 2 retx_total_timeout 7 " \
	"timeout_init_low_bound 1 timeout_init_range_size 1 " \
	"range 0 range_low_bound 1 range_size 2 timeout_retry_num 2 dec_mode div2 " \
	"range 1 range_low_bound 3 range_size 1 timeout_retry_num 3 dec_mode div2 " \
	"ack_timeout 0 retry_count 7"

#define PROF_A_HEAD \
	"command line profile 1: time_base 4us, 2 ranges from 8us to 64us, start range 0\n" \
	"QP: ack_timeout 0 (infinite), retry_count 7: total timeout 512us (retx_total_timeout 7), device minimum 4us\n" \
	"scenario: link down for 100us, rtt 0, 1 packet, simulated up to 60s\n"

/* The default reading: 16 us and 32 us are each waited twice in range 0. */
static bool simulate_outage_per_value(void)
{
	return outcome(simulate(false, PROF_A " outage 100us init_timeout 8us"), 0,
		       PROF_A_HEAD
		       "model: retry_per_value (timeout_retry_num uses for every value of a range)\n"
		       "QP start: initial timeout 8us (init_timeout)\n"
		       "\n"
		       "      time  event    range  timeout    use    decision\n"
		       "         0  send         -  8us        1/2    initial timeout (init_timeout)\n"
		       "       8us  timeout      0  8us        2/2    first timeout: the initial timeout is in range 0, retried once\n"
		       "      16us  timeout      0  16us       1/2    doubled, towards range 0's top 32us\n"
		       "      32us  timeout      0  16us       2/2    same timeout again (timeout_retry_num 2)\n"
		       "      48us  timeout      0  32us       1/2    doubled, towards range 0's top 32us\n"
		       "      80us  timeout      0  32us       2/2    same timeout again (timeout_retry_num 2)\n"
		       "     112us  timeout      1  32us       1/3    top of range 0 reached: range 1's low bound\n"
		       "     112us  ack          0  32us       1/2    forward progress at range 1's low bound: range 0 (prev_range_index)\n"
		       "\n"
		       "result: recovered at 112us, 12us after the link came back, after 6 retransmissions (0 spurious)\n"
		       "total time 112us, recovered at 112us, initial timeout 8us, "
		       "6 retransmissions (0 spurious), 1 delivered, "
		       "longest stall 112us, 7 events\n", "");
}

static bool simulate_outage_text(void)
{
	return outcome(simulate(false, PROF_A " outage 100us init_timeout 8us model retry_per_range"), 0,
		       PROF_A_HEAD
		       "model: retry_per_range (timeout_retry_num uses for the value a range is entered with, one for each doubled value)\n"
		       "QP start: initial timeout 8us (init_timeout)\n"
		       "\n"
		       "      time  event    range  timeout    use    decision\n"
		       "         0  send         -  8us        1/2    initial timeout (init_timeout)\n"
		       "       8us  timeout      0  8us        2/2    first timeout: the initial timeout is in range 0, retried once\n"
		       "      16us  timeout      0  16us       1/1    doubled, towards range 0's top 32us\n"
		       "      32us  timeout      0  32us       1/1    doubled, towards range 0's top 32us\n"
		       "      64us  timeout      1  32us       1/3    top of range 0 reached: range 1's low bound\n"
		       "      96us  timeout      1  32us       2/3    same timeout again (timeout_retry_num 3)\n"
		       "     128us  timeout      1  32us       3/3    same timeout again (timeout_retry_num 3)\n"
		       "     128us  ack          0  32us       1/2    forward progress at range 1's low bound: range 0 (prev_range_index)\n"
		       "\n"
		       "result: recovered at 128us, 28us after the link came back, after 6 retransmissions (0 spurious)\n"
		       "total time 128us, recovered at 128us, initial timeout 8us, "
		       "6 retransmissions (0 spurious), 1 delivered, "
		       "longest stall 128us, 7 events\n", "");
}

static bool simulate_fail_json(void)
{
	return outcome_err(simulate(true, PROF_A " loss 1 seed 5 model retry_per_range"), 0, "") &&
	       python_accepts(out_buf,
			      "([e['decision'] for e in v['events']],"
			      " v['events'][-1]['time_ns'], v['result'],"
			      " v['qp'], v['scenario']['kind'], v['scenario']['loss'],"
			      " v['profile']['timeout_range'][1]['timeout_retry_num'],"
			      " v['model'])"
			      " == (['initial', 'init_retry', 'double', 'double',"
			      " 'next_range', 'retry', 'retry', 'double'] + ['hold'] * 5"
			      " + ['fail'], 544000, {'end': 'failed', 'end_ns': 544000,"
			      " 'recovered_ns': None, 'init_timeout_ns': 8000,"
			      " 'retransmissions': 12, 'spurious': 0, 'delivered': 0,"
			      " 'stall_max_ns': 544000, 'events': 13},"
			      " {'ack_timeout': 0, 'retry_count': 7, 'ack_timeout_ns': None,"
			      " 'total_timeout_ns': 512000, 'total_timeout_from': 'profile'},"
			      " 'loss', 1, 3, {'timeout_retry_num': 'retry_per_range'}) and v");
}

/* Many QPs: the windows of A and its outage give one recovery time. */
static bool simulate_runs(void)
{
	bool ok;

	ok = outcome_err(simulate(false, PROF_A " outage 100us runs 50 seed 3 model retry_per_range"),
			 0, "") &&
	     strstr(out_buf, "50 QPs, random initial timeouts (seed 3): 50 recovered, 0 failed, 0 still retransmitting at the limit, failure rate 0.00%\n"
			     "recovery time: min 128us, p50 128us, p90 128us, p99 128us, max 128us, mean 128us\n"
			     "       128us .. (all)      ######################################## 50\n"
			     "retransmissions per QP: mean 6.00, max 6, 300 in all; spurious timeouts: 0\n");
	/* 12 losses in a row outlast the 512 us total timeout. */
	ok &= outcome_err(simulate(true, PROF_A " loss 70% rtt 2us packets 50 runs 200 seed 3 model retry_per_range"),
			  0, "") &&
	      python_accepts(out_buf,
			     "v['runs'] == 200 and v['recovered'] + v['failed'] + v['limit'] == 200"
			     " and v['failed'] > 0 and abs(v['failure_rate'] - v['failed'] / 200) < 1e-9"
			     " and sum(b['count'] for b in v['histogram']) == v['recovered']"
			     " and v['time_ns']['min'] <= v['time_ns']['p50'] <= v['time_ns']['max']"
			     " and v['time_is'] == 'completion time' and v");
	return ok;
}

static bool simulate_svg(void)
{
	static const char check[] =
		"import sys, xml.etree.ElementTree as ET\n"
		"r = ET.parse(sys.argv[1]).getroot()\n"
		"ns = '{http://www.w3.org/2000/svg}'\n"
		"t = ' '.join(e.text or '' for e in r.iter(ns + 'text'))\n"
		"sys.exit(0 if r.tag == ns + 'svg' and 'range 1: 32us .. 64us' in t"
		" and 'link down' in t and len(list(r.iter(ns + 'circle'))) >= 6"
		" and len(list(r.iter(ns + 'script'))) == 0 else 1)\n";
	char cmd[512];
	bool ok;

	file_with("");
	ok = outcome_err(simulate(false, with_file(PROF_A " outage 100us init_timeout 8us --svg %s")),
			 0, "");
	if (access(PYTHON, X_OK)) {
		unlink(path);
		return tap_missing(PYTHON);
	}
	snprintf(cmd, sizeof(cmd), "%s -c \"%s\" %s", PYTHON, check, path);
	ok &= system(cmd) == 0;
	/* With runs, the histogram. */
	ok &= outcome_err(simulate(false, with_file(PROF_A " loss 90%% runs 20 seed 1 --svg %s")),
			  0, "");
	snprintf(cmd, sizeof(cmd), "%s -c \"import sys, xml.etree.ElementTree as ET; "
		 "r = ET.parse(sys.argv[1]).getroot(); "
		 "sys.exit(0 if 'failed' in ' '.join(e.text or '' for e in r.iter()) else 1)\" %s",
		 PYTHON, path);
	ok &= system(cmd) == 0;
	unlink(path);
	ok &= outcome_err(simulate(false, PROF_A " outage 100us --svg /nonexistent/x.svg"),
			  1, "Error: cannot write /nonexistent/x.svg: No such file or directory.\n");
	return ok;
}

/*
 * An SVG subtitle of 132 characters without a space is cut at 128: the
 * second line holds the other 4, nothing lost, its "<" escaped.
 */
static bool svg_subtitle_cut(void)
{
	static const char *const label[] = { "a", "b" };
	static const double v[] = { 1, 2 };
	char sub[140], want[200], *buf = NULL;
	struct adp_svg_bins b = {
		.title = "t", .subtitle = sub, .xlabel = "x", .ylabel = "y",
		.bins = 2, .label = label, .v = { v, NULL },
	};
	size_t len = 0;
	FILE *fp;
	bool ok;

	memset(sub, 'x', 130);
	strcpy(sub + 130, "<y");
	fp = open_memstream(&buf, &len);
	if (!fp)
		return false;
	ok = adp_svg_bins(fp, &b) == 0;
	fclose(fp);
	snprintf(want, sizeof(want), "font-size=\"12\">%.128s</text>\n", sub);
	ok &= contains("svg", buf, want) &&
	      contains("svg", buf, "font-size=\"12\">xx&lt;y</text>\n");
	free(buf);
	return ok;
}

static bool simulate_refused(void)
{
	return outcome(simulate(false, "time_base 3 ack_timeout 14 retry_count 7 drop 3"),
		       1, "",
		       "Error: command line profile 1 is refused by the rules (4 errors), first time_base: time_base must be a power of two (time_base 3); see \"adpctl profile lint\".\n");
}

static bool simulate_usage(void)
{
	return outcome(simulate(false, PROF_A " outage 30 parsecs"), ADP_EXIT_USAGE, "",
		       "Error: unknown argument \"parsecs\". Try \"adpctl profile simulate help\".\n") &&
	       outcome(simulate(false, PROF_A " outage 30xs"), ADP_EXIT_USAGE, "",
		       "Error: invalid value \"30xs\" for \"outage\": expected a time such as 30ms, 1.5ms, 100us or 2s. Try \"adpctl profile simulate help\".\n") &&
	       outcome(simulate(false, PROF_A " loss 101%"), ADP_EXIT_USAGE, "",
		       "Error: invalid value \"101%\" for \"loss\": expected a probability 0..1 or a percentage such as 1%. Try \"adpctl profile simulate help\".\n") &&
	       outcome(simulate(false, PROF_A " drop 1 init_timeout 16us"), ADP_EXIT_USAGE, "",
		       "Error: invalid value \"16us\" for \"init_timeout\": the profile draws 8us .. 8us, powers of two. Try \"adpctl profile simulate help\".\n") &&
	       outcome(simulate(false, PROF_A " drop 1 runs 0"), ADP_EXIT_USAGE, "",
		       "Error: invalid value \"0\" for \"runs\": expected 1..1000000. Try \"adpctl profile simulate help\".\n") &&
	       outcome(simulate(false, PROF_A " drop 1 model per_packet"), ADP_EXIT_USAGE, "",
		       "Error: invalid value \"per_packet\" for \"model\": expected retry_per_value or retry_per_range. Try \"adpctl profile simulate help\".\n");
}

static int tune(bool json, const char *args)
{
	return fake_run("profile", profile_cmds, "tune", json, args);
}

/* The best profile's words, from the "profile set" line of the text. */
static char best[FAKE_LINE_MAX - 256];

static bool best_words(const char *set_prefix)
{
	const char *p = strstr(out_buf, set_prefix), *end;

	if (!p) {
		printf("# no \"%s\" line\n", set_prefix);
		return false;
	}
	p += strlen(set_prefix);
	end = strchr(p, '\n');
	if (!end || (size_t)(end - p) >= sizeof(best))
		return false;
	memcpy(best, p, end - p);
	best[end - p] = '\0';
	return true;
}

static char cmd[FAKE_LINE_MAX];

/* The best profile's words and more: the rest is shorter than 255. */
static const char *with_best(const char *more)
{
	size_t n = strlen(best);

	memcpy(cmd, best, n);
	cmd[n] = ' ';
	snprintf(cmd + n + 1, sizeof(cmd) - n - 1, "%.254s", more);
	return cmd;
}

/* The row of a profile in the table, from its label. */
static const char *row_of(const char *label)
{
	static char row[256];
	const char *p = strstr(out_buf, label), *end;

	row[0] = '\0';
	if (p && (end = strchr(p, '\n')) && (size_t)(end - p) < sizeof(row)) {
		memcpy(row, p, end - p);
		row[end - p] = '\0';
	}
	return row;
}

/*
 * The public thread's long link: 30 ms round trip, outages up to 50 ms.
 * Profile 0 starts at 64 us: most of its transmissions are spurious.  The
 * best profile, simulated again on its own, has none, survives the 50 ms
 * outage and lints clean.
 */
static bool tune_long_link(void)
{
	bool ok;

	ok = outcome_err(tune(false, "rtt 30ms outage 50ms"), 0, "") &&
	     strstr(row_of("  best "), " 0.00% ") &&
	     strstr(row_of("  best "), "met, 0 errors, 0 warnings") &&
	     strstr(row_of("  runner-up "), "met, 0 errors, 0 warnings") &&
	     strstr(row_of("  profile 0 (firmware) "), "NOT met") &&
	     strstr(out_buf, "as an apply file section:\n  [all profile 1]\n") &&
	     best_words("  adpctl profile set dev DEV id 1 ");
	if (!ok) {
		printf("# %s", out_buf);
		return false;
	}
	ok = outcome(lint(false, with_best("ack_timeout 14 retry_count 7")), 0,
		     "command line profile 1: 0 errors, 0 warnings\n", "");
	ok &= outcome_err(simulate(true, with_best("ack_timeout 14 retry_count 7 loss 0 rtt 30ms packets 200 runs 50 seed 77")),
			  0, "") &&
	      python_accepts(out_buf, "v['spurious_total'] == 0 and v['recovered'] == 50 and v");
	ok &= outcome_err(simulate(true, with_best("ack_timeout 14 retry_count 7 outage 50ms rtt 30ms runs 100 seed 5")),
			  0, "") &&
	      python_accepts(out_buf, "v['failed'] == 0 and v['limit'] == 0 and v['recovered'] == 100 and v");
	/* Profile 0 at 30 ms: retransmits before every ACK. */
	ok &= outcome_err(tune(true, "rtt 30ms outage 50ms"), 0, "") &&
	      python_accepts(out_buf,
			     "v['profile0']['spurious_share'] > 0.5 and"
			     " not v['profile0']['constraints_met'] and"
			     " v['best']['spurious_share'] == 0 and"
			     " v['best']['constraints_met'] and"
			     " v['best']['lint_errors'] == 0 and v['best']['lint_warnings'] == 0 and"
			     " v['runner_up']['lint_errors'] == 0 and v['runner_up']['lint_warnings'] == 0 and"
			     " v['best']['profile']['adp_retx_profile_id'] == 1 and"
			     " v['model'] == {'timeout_retry_num': 'retry_per_value'} and v");
	return ok;
}

/*
 * The public thread's lossy short link: 10 us round trip, 0.1 % loss.
 * Tune beats profile 0's mean recovery time; the best profile meets the
 * spurious bound when simulated again with other seeds.
 */
static bool tune_lossy_link(void)
{
	bool ok;

	ok = outcome_err(tune(true, "rtt 10us loss 0.1%"), 0, "") &&
	     python_accepts(out_buf,
			    "not v['profile0']['constraints_met'] and v['best']['timer_min_ns'] >= 20000 and"
			    " v['best']['loss_recovery_ns'] == v['best']['mean_recovery_ns'] and"
			    " v['best']['constraints_met'] and v['best']['spurious_share'] <= 0.001 and"
			    " v['best']['lint_errors'] == 0 and v['best']['lint_warnings'] == 0 and"
			    " v['path'] == {'rtt_min_ns': 10000, 'rtt_max_ns': 10000, 'loss': 0.001, 'outage_ns': []} and"
			    " v['constraints'] == {'spurious_max': 0.001, 'rtt_margin': 2, 'survive_ns': 1000000000, 'retransmissions_max': 32} and"
			    " v['best']['survive_retransmissions'] <= 32 and v");
	ok &= outcome_err(tune(false, "rtt 10us loss 0.1%"), 0, "") &&
	      best_words("  adpctl profile set dev DEV id 1 ");
	ok &= outcome(lint(false, with_best("ack_timeout 14 retry_count 7")), 0,
		      "command line profile 1: 0 errors, 0 warnings\n", "");
	ok &= outcome_err(simulate(true, with_best("ack_timeout 14 retry_count 7 loss 0.1% rtt 10us packets 1000 runs 200 seed 3")),
			  0, "") &&
	      python_accepts(out_buf,
			     "v['failed'] == 0 and v['spurious_total'] <="
			     " 0.001 * (200 * 1000 + v['retransmissions_total']) and v");
	ok &= outcome_err(simulate(true, with_best("ack_timeout 14 retry_count 7 outage 1s runs 20 seed 3")),
			  0, "") &&
	      python_accepts(out_buf,
			     "v['failed'] == 0 and v['retransmissions_max'] <= 32 and v");
	return ok;
}

/* Same seed, same output; JSON and a pipe get no progress on stderr. */
static bool tune_deterministic(void)
{
	static char first[16384];
	bool ok;

	ok = outcome_err(tune(false, "rtt 20us..200us loss 1% outage 5ms seed 7"),
			 0, "");
	snprintf(first, sizeof(first), "%s", out_buf);
	ok &= outcome(tune(false, "rtt 20us..200us loss 1% outage 5ms seed 7"), 0,
		      first, "");
	ok &= strstr(first, "\nsearch (seed 7): ") != NULL;
	ok &= outcome_err(tune(true, "rtt 20us..200us loss 1% outage 5ms seed 7"), 0, "");
	snprintf(first, sizeof(first), "%s", out_buf);
	ok &= outcome(tune(true, "rtt 20us..200us loss 1% outage 5ms seed 7"), 0,
		      first, "");
	return ok;
}

/*
 * "outage TIME" up to eight times (the documented limit): eight are
 * tuned for, each in the JSON's path, a ninth is refused before anything
 * runs.
 */
#define OUTAGES8 "outage 1ms outage 2ms outage 3ms outage 4ms outage 5ms " \
		 "outage 6ms outage 7ms outage 8ms"
static bool tune_outages_limit(void)
{
	bool ok;

	ok = outcome_err(tune(true, "rtt 1ms " OUTAGES8), 0, "") &&
	     python_accepts(out_buf,
			    "v['path']['outage_ns'] == [i * 1000000 for i in range(1, 9)] and v");
	ok &= outcome(tune(false, "rtt 1ms " OUTAGES8 " outage 9ms"), ADP_EXIT_USAGE, "",
		      "Error: more than 8 outages. Try \"adpctl profile tune help\".\n");
	return ok;
}

/* A device: its caps, and its current profile beside the others. */
static bool tune_dev(void)
{
	bool ok;

	fake_reset();
	reply_dev(2, 2);
	ok = outcome_err(tune(false, "dev emu0 rtt 100us loss 1% outage 10ms"), 0, "") &&
	     strstr(row_of("  emu0 profile 1 (current)"), "errors") &&
	     strstr(out_buf, "  adpctl profile set dev emu0 id 1 ") &&
	     strstr(out_buf, "  [dev emu0 profile 1]\n") &&
	     best_words("  adpctl profile set dev emu0 id 1 ");
	/* The device allows 2 ranges: so does the profile. */
	ok &= outcome(lint(false, with_best("ack_timeout 14 retry_count 7 adp_retx_profile_max_range_num 2")), 0,
		      "command line profile 1: 0 errors, 0 warnings\n", "");
	fake_reset();
	return ok;
}

/* The other reading of timeout_retry_num: said, and still lint-clean. */
static bool tune_model(void)
{
	return outcome_err(tune(true, "rtt 50us loss 0.5% outage 2ms model retry_per_range"), 0, "") &&
	       python_accepts(out_buf,
			      "v['model'] == {'timeout_retry_num': 'retry_per_range'} and"
			      " v['best']['lint_warnings'] == 0 and v['best']['constraints_met'] and v");
}

static const struct usage_case tune_usage_cases[] = {
	{ "loss 1%", "missing argument \"rtt\": the round trip of the path" },
	{ "rtt 1ms loss 1% time_base 8",
	  "tune writes the profile: give no profile fields or file" },
	{ "rtt 5ms..1ms loss 1%",
	  "invalid value \"5ms..1ms\" for \"rtt\": the lower bound is above the upper one" },
	{ "rtt 1ms outage", "missing value for \"outage\"" },
	{ "rtt 1ms outage 0", "\"outage\" must be above 0" },
	{ "rtt 1ms loss 1% retransmissions 0",
	  "\"retransmissions\" must be above 0" },
	{ "rtt 1ms loss 1% model per_packet",
	  "invalid value \"per_packet\" for \"model\": expected retry_per_value or retry_per_range" },
};

static bool tune_usage(void)
{
	return usage_errors("profile", profile_cmds, "tune", tune_usage_cases,
			    ARRAY_SIZE(tune_usage_cases));
}

TAP_MAIN(
	{ "lint: fields, every warning of a poor profile with its times", lint_fields_warnings },
	{ "lint: notes for what needs a QP", lint_notes_without_qp },
	{ "lint: overlap, part of the window outside, caps, QP total timeouts", lint_more_warnings },
	{ "lint: an overlap of one timeout warned, none where range 1 starts at range 0's top", lint_overlap_edge },
	{ "lint: the QP's ack_timeout below the device minimum", lint_cap_below_min },
	{ "lint: every error listed, exit 1, JSON", lint_errors },
	{ "lint: a file of profile set words", lint_file_words },
	{ "lint: errors in files name the line", lint_file_errors },
	{ "lint: the JSON of profile show, every writable profile", lint_file_show_json },
	{ "lint: a device's profile and limits, changed by fields", lint_dev },
	{ "simulate: outage timeline, text (retry_per_range)", simulate_outage_text },
	{ "simulate: outage timeline, text, per value by default", simulate_outage_per_value },
	{ "simulate: failure, JSON", simulate_fail_json },
	{ "simulate: Monte-Carlo runs, text and JSON", simulate_runs },
	{ "simulate: --svg writes a self-contained SVG", simulate_svg },
	{ "simulate: a profile the rules refuse is not run", simulate_refused },
	{ "simulate: usage errors", simulate_usage },
	{ "svg: a subtitle cut without a space loses nothing, escaped",
	  svg_subtitle_cut },
	/*
	 * Consistency checks: the tuner's choice judged again by the
	 * simulator and linter it chose with (testing.rst).
	 */
	{ "tune (consistency): 30 ms RTT, no spurious retransmission where profile 0 has many", tune_long_link },
	{ "tune (consistency): 0.1% loss on a short link, better than profile 0", tune_lossy_link },
	{ "tune: deterministic for a seed, no progress off a terminal", tune_deterministic },
	{ "tune: eight outages tuned for, a ninth refused", tune_outages_limit },
	{ "tune (consistency): a device's caps and current profile", tune_dev },
	{ "tune (consistency): model retry_per_range", tune_model },
	{ "tune: usage errors", tune_usage },
)
