// SPDX-License-Identifier: GPL-2.0
/*
 * "adpctl monitor" against the fake kernel, whose queued replies stand for
 * notifications: the group joined, one line per event of each kind (accl,
 * profile, device added and removed, a notification adpctl has no decoder
 * for), the device filter, the timestamp format, JSON lines.  TAP.
 */
#include <regex.h>
#include <string.h>

#include "fake_kernel.h"
#include "monitor.h"

#define STAMP_RE "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z"

static void accl_ntf(const char *dev)
{
	struct nl_msg *msg = fake_reply(ROCE_ADP_CMD_ACCL_NTF);
	struct nlattr *nest;
	int i;

	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, dev);
	nla_put_u32(msg, ROCE_ADP_A_ACTIVE_PROFILE_ID, 1);
	nest = nla_nest_start(msg, ROCE_ADP_A_ACCL | NLA_F_NESTED);
	for (i = 1; i <= ROCE_ADP_A_ACCL_MAX; i++)
		nla_put_u8(msg, i, i == 1);
	/* The multi-bit features, by name in text and number in JSON. */
	nla_put_u8(msg, ROCE_ADP_A_ACCL_ACK_DSCP, 46);
	nla_put_u8(msg, ROCE_ADP_A_ACCL_CC_BURST_SIZE,
		   ROCE_ADP_CC_BURST_SIZE_1_5KB);
	nla_put_u8(msg, ROCE_ADP_A_ACCL_CC_PROBE_MP_MODE,
		   ROCE_ADP_CC_PROBE_MP_MODE_DISCARD);
	nla_nest_end(msg, nest);
}

static void profile_ntf(void)
{
	struct nl_msg *msg = fake_reply(ROCE_ADP_CMD_PROFILE_NTF);
	struct nlattr *nest, *range;

	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, "emu0");
	nla_put_u32(msg, ROCE_ADP_A_ACTIVE_PROFILE_ID, 1);
	nest = nla_nest_start(msg, ROCE_ADP_A_PROFILE | NLA_F_NESTED);
	nla_put_u32(msg, ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID, 1);
	nla_put_u32(msg, ROCE_ADP_A_PROFILE_TIME_BASE, 8);
	range = nla_nest_start(msg, ROCE_ADP_A_PROFILE_RANGE | NLA_F_NESTED);
	nla_put_u32(msg, ROCE_ADP_A_RANGE_INDEX, 0);
	nla_put_u32(msg, ROCE_ADP_A_RANGE_DEC_MODE, 1);
	nla_nest_end(msg, range);
	nla_nest_end(msg, nest);
}

static void dev_ntf(const char *dev, uint32_t event)
{
	struct nl_msg *msg = fake_reply(ROCE_ADP_CMD_DEV_NTF);

	fake_put_dev(msg, dev);
	nla_put_u32(msg, ROCE_ADP_A_DEV_EVENT, event);
}

/* As a newer module might send: a command and attributes beyond ours. */
static void future_ntf(void)
{
	struct nl_msg *msg = fake_reply(ROCE_ADP_CMD_MAX + 1);
	struct nlattr *nest;

	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, "emu0");
	nla_put_u32(msg, ROCE_ADP_A_MAX + 1, 7);
	nla_put_u8(msg, ROCE_ADP_A_MAX + 2, 1);
	nla_put_string(msg, ROCE_ADP_A_MAX + 3, "restored");
	nest = nla_nest_start(msg, (ROCE_ADP_A_MAX + 4) | NLA_F_NESTED);
	nla_put_u32(msg, 1, 2);
	nla_nest_end(msg, nest);
	/* DEL is a control character: the bytes in hex, not a string */
	nla_put_string(msg, ROCE_ADP_A_MAX + 5, "a\x7f");
}

static int monitor(bool json, const char *args)
{
	return fake_run("monitor", monitor_cmds, "monitor", json, args);
}

/* Each line of out: a timestamp, a space, then want[i]. */
static bool lines(const char *out, const char *const *want, int n)
{
	char re_src[512], line[512];
	const char *p = out, *nl;
	regex_t re;
	int i, len;
	bool ok = true;

	for (i = 0; i < n && ok; i++) {
		nl = strchr(p, '\n');
		if (!nl) {
			printf("# line %d missing\n", i + 1);
			return false;
		}
		len = nl - p;
		snprintf(line, sizeof(line), "%.*s", len, p);
		snprintf(re_src, sizeof(re_src), "^%s %s$", STAMP_RE, want[i]);
		regcomp(&re, re_src, REG_EXTENDED | REG_NOSUB);
		ok = !regexec(&re, line, 0, NULL, 0);
		regfree(&re);
		if (!ok)
			printf("# line %d: \"%s\"\n# want /%s/\n", i + 1, line,
			       re_src);
		p = nl + 1;
	}
	if (ok && *p) {
		printf("# more lines: \"%s\"\n", p);
		ok = false;
	}
	return ok;
}

static bool test_each_kind(void)
{
	static const char *const want[] = {
		"accl-ntf \\(accl-set\\) emu0: active_profile_id 1 roce_adp_retrans_en on roce_tx_window_en off roce_slow_restart_en off roce_slow_restart_idle_en off min_ack_timeout_limit_disabled off adaptive_routing_forced_en off selective_repeat_forced_en off dc_half_handshake_en off cc_per_plane_en off ack_dscp_force off ack_dscp 46 cc_burst_size 1\\.5KB ifa2_turn_around_en off cc_probe_mp_mode discard",
		"profile-ntf \\(profile-set\\) emu0: active_profile_id 1 adp_retx_profile_id 1 time_base 8 range 0 dec_mode div2",
		"dev-ntf emu3: added backend emulated fw 22.41.1010 roce_accl supported",
		"dev-ntf emu3: removed backend emulated fw 22.41.1010 roce_accl supported",
	};
	bool ok;

	fake_reset();
	accl_ntf("emu0");
	profile_ntf();
	dev_ntf("emu3", ROCE_ADP_DEV_EVENT_ADDED);
	dev_ntf("emu3", ROCE_ADP_DEV_EVENT_REMOVED);
	ok = outcome_err(monitor(false, ""), 0, "");
	ok &= same("group", fake.group, "config");
	return lines(out_buf, want, ARRAY_SIZE(want)) && ok;
}

static bool test_unknown_notification(void)
{
	static const char *const want[] = {
		"cmd-[0-9]+ emu0: attr_[0-9]+ 7 attr_[0-9]+ 1 attr_[0-9]+ \"restored\" attr_[0-9]+ \\{ 1 2 \\} attr_[0-9]+ 617f00",
	};

	fake_reset();
	future_ntf();
	return outcome_err(monitor(false, ""), 0, "") &&
	       lines(out_buf, want, ARRAY_SIZE(want));
}

static bool test_dev_filter(void)
{
	static const char *const want[] = {
		"accl-ntf \\(accl-set\\) emu1: .*",
		"dev-ntf emu1: removed .*",
	};

	fake_reset();
	accl_ntf("emu0");
	accl_ntf("emu1");
	dev_ntf("emu0", ROCE_ADP_DEV_EVENT_REMOVED);
	dev_ntf("emu1", ROCE_ADP_DEV_EVENT_REMOVED);
	return outcome_err(monitor(false, "dev emu1"), 0, "") &&
	       lines(out_buf, want, ARRAY_SIZE(want));
}

static bool test_json_lines(void)
{
	char *line, *save, *copy, expect[512];
	int n = 0;
	bool ok;

	fake_reset();
	accl_ntf("emu0");
	profile_ntf();
	dev_ntf("emu3", ROCE_ADP_DEV_EVENT_ADDED);
	future_ntf();
	ok = outcome_err(monitor(true, ""), 0, "");
	copy = strdup(out_buf);
	for (line = strtok_r(copy, "\n", &save); line && ok;
	     line = strtok_r(NULL, "\n", &save), n++) {
		switch (n) {
		case 0:
			ok = python_accepts(line, "v if __import__('re').fullmatch(r'" STAMP_RE "', v['time']) and dict(v, time=None) == {'time': None, 'event': 'accl-ntf', 'cause': 'accl-set', 'dev': 'emu0', 'active_profile_id': 1, 'roce_adp_retrans_en': True, 'roce_tx_window_en': False, 'roce_slow_restart_en': False, 'roce_slow_restart_idle_en': False, 'min_ack_timeout_limit_disabled': False, 'adaptive_routing_forced_en': False, 'selective_repeat_forced_en': False, 'dc_half_handshake_en': False, 'cc_per_plane_en': False, 'ack_dscp_force': False, 'ack_dscp': 46, 'cc_burst_size': 7, 'ifa2_turn_around_en': False, 'cc_probe_mp_mode': 1} else None");
			break;
		case 1:
			ok = python_accepts(line, "v if v['event'] == 'profile-ntf' and v['profile'] == [{'adp_retx_profile_id': 1, 'time_base': 8, 'timeout_range': [{'dec_mode': 1}]}] else None");
			break;
		case 2:
			ok = python_accepts(line, "v if v['event'] == 'dev-ntf' and v['dev_event'] == 'added' and v['backend'] == 'emulated' and v['fw_version'] == '22.41.1010' and v['roce_accl'] is True and 'cause' not in v else None");
			break;
		case 3:
			snprintf(expect, sizeof(expect),
				 "v if v['event'] == 'cmd-%d' and v['attr_%d'] == 7 and v['attr_%d'] == 1 and v['attr_%d'] == 'restored' and v['attr_%d'] == {'1': 2} else None",
				 ROCE_ADP_CMD_MAX + 1, ROCE_ADP_A_MAX + 1,
				 ROCE_ADP_A_MAX + 2, ROCE_ADP_A_MAX + 3,
				 ROCE_ADP_A_MAX + 4);
			ok = python_accepts(line, expect);
			break;
		}
	}
	free(copy);
	if (ok && n != 4) {
		printf("# %d lines, want 4\n", n);
		ok = false;
	}
	return ok;
}

static bool test_timestamp(void)
{
	struct timespec ts = { .tv_sec = 1795270701, .tv_nsec = 123999999 };
	char buf[64];

	adp_monitor_timestamp(&ts, buf, sizeof(buf));
	return same("timestamp", buf, "2026-11-21T14:18:21.123Z");
}

static bool test_cmd_names(void)
{
	return same("profile-ntf",
		    adp_monitor_cmd_name(ROCE_ADP_CMD_PROFILE_NTF),
		    "profile-ntf") &&
	       same("dev-ntf", adp_monitor_cmd_name(ROCE_ADP_CMD_DEV_NTF),
		    "dev-ntf") &&
	       !adp_monitor_cmd_name(ROCE_ADP_CMD_MAX + 1);
}

TAP_MAIN(
	{ "each kind: accl, profile, device added and removed",
	  test_each_kind },
	{ "an unknown notification: its number, attributes by size",
	  test_unknown_notification },
	{ "dev DEV: only that device's events", test_dev_filter },
	{ "-j: one valid JSON object per line", test_json_lines },
	{ "timestamps: ISO 8601 UTC, milliseconds truncated", test_timestamp },
	{ "command names come from the uAPI header", test_cmd_names },
)
