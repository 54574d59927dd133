// SPDX-License-Identifier: GPL-2.0
/*
 * "adpctl accl show" and "accl set" against the fake kernel: text and JSON
 * of ACCL_GET replies, the request of a set and its errors.  TAP.
 *
 * Requests as fake_req_str() renders them; the numbers are
 *   top level: 1 DEV_NAME, 6 ACCL (nest), 19 ACCL_RAW (flag)
 *   ACCL:      1 ROCE_ADP_RETRANS_EN ... 7 SELECTIVE_REPEAT_FORCED_EN,
 *              8 DC_HALF_HANDSHAKE_EN ... 14 CC_PROBE_MP_MODE, u8
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "fake_kernel.h"

_Static_assert(ROCE_ADP_A_ACCL == 6 &&
	       ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN == 1 &&
	       ROCE_ADP_A_ACCL_SELECTIVE_REPEAT_FORCED_EN == 7 &&
	       ROCE_ADP_A_ACCL_ACK_DSCP == 11 &&
	       ROCE_ADP_A_ACCL_CC_PROBE_MP_MODE == 14 &&
	       ROCE_ADP_A_ACCL_RAW == 19, "numbers");

#define ENABLES	ROCE_ADP_A_ACCL_MAX

/* The seven enables older kernels know. */
#define OLD_ENABLES	7

struct fake_accl {
	const char *dev;
	int nattrs;			/* attributes of a nest; 0: all */
	int active;			/* -1: left out */
	uint8_t en[ENABLES];		/* by attribute - 1 */
	const uint8_t *conf;		/* NULL: nest left out */
	const uint32_t *caps;		/* max_id, max_range_num, min ns */
};

/* Firmware without roce_tx_window_en, the forced enables, ifa2. */
static const uint8_t conf0[ENABLES] = {
	1, 0, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 0, 1
};
static const uint32_t caps0[] = { 1, 4, 4000 };

/* ack_dscp 46, cc_burst_size 16KB, cc_probe_mp_mode discard. */
static const struct fake_accl emu0 = {
	"emu0", 0, 1, { 1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 46, 2, 0, 1 }, conf0,
	caps0,
};

/* An older kernel: the seven enables only. */
static const struct fake_accl emu1 = {
	"emu1", OLD_ENABLES, -1, { 0, 1, 0, 0, 1, 1, 1 }, NULL, NULL,
};

static void put_u8s(struct nl_msg *msg, int type, const uint8_t *v, int n)
{
	struct nlattr *nest = nla_nest_start(msg, type | NLA_F_NESTED);
	int i;

	for (i = 0; i < (n ?: ENABLES); i++)
		nla_put_u8(msg, i + 1, v[i]);
	nla_nest_end(msg, nest);
}

static void reply(uint8_t cmd, const struct fake_accl *a)
{
	struct nl_msg *msg = fake_reply(cmd);
	struct nlattr *nest;

	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, a->dev);
	if (a->caps) {
		nest = nla_nest_start(msg, ROCE_ADP_A_CAPS | NLA_F_NESTED);
		nla_put_u32(msg, ROCE_ADP_A_CAPS_PROFILE_MAX_ID, a->caps[0]);
		nla_put_u32(msg, ROCE_ADP_A_CAPS_PROFILE_MAX_RANGE_NUM,
			    a->caps[1]);
		nla_put_u32(msg, ROCE_ADP_A_CAPS_BASE_TIMEOUT_MIN, a->caps[2]);
		nla_nest_end(msg, nest);
	}
	if (a->active >= 0)
		nla_put_u32(msg, ROCE_ADP_A_ACTIVE_PROFILE_ID, a->active);
	put_u8s(msg, ROCE_ADP_A_ACCL, a->en, a->nattrs);
	if (a->conf)
		put_u8s(msg, ROCE_ADP_A_ACCL_CONFIGURABLE, a->conf, a->nattrs);
}

static int show(bool json, const char *line)
{
	return fake_run("accl", accl_cmds, "show", json, line);
}

static int set(bool json, const char *line)
{
	return fake_run("accl", accl_cmds, "set", json, line);
}

#define EMU0_TEXT \
	"emu0:\n" \
	"  roce_adp_retrans_en            on\n" \
	"  roce_tx_window_en              not supported\n" \
	"  roce_slow_restart_en           on\n" \
	"  roce_slow_restart_idle_en      off\n" \
	"  min_ack_timeout_limit_disabled off\n" \
	"  adaptive_routing_forced_en     not supported\n" \
	"  selective_repeat_forced_en     not supported\n" \
	"  dc_half_handshake_en           on\n" \
	"  cc_per_plane_en                off\n" \
	"  ack_dscp_force                 on\n" \
	"  ack_dscp                       46\n" \
	"  cc_burst_size                  16KB\n" \
	"  ifa2_turn_around_en            not supported\n" \
	"  cc_probe_mp_mode               discard\n" \
	"  caps: adp_retx_profile_max_id 1 adp_retx_profile_max_range_num 4 adp_retx_base_timeout_min 4us\n" \
	"  active profile 1 (profile timeouts)\n"

#define EMU1_TEXT	"emu1:\n" EMU1_ENABLES
#define EMU1_ENABLES \
	"  roce_adp_retrans_en            off\n" \
	"  roce_tx_window_en              on\n" \
	"  roce_slow_restart_en           off\n" \
	"  roce_slow_restart_idle_en      off\n" \
	"  min_ack_timeout_limit_disabled on\n" \
	"  adaptive_routing_forced_en     on\n" \
	"  selective_repeat_forced_en     on\n"

#define EMU0_JSON \
	"{\"dev\":\"emu0\",\"roce_adp_retrans_en\":true," \
	"\"roce_tx_window_en\":false,\"roce_slow_restart_en\":true," \
	"\"roce_slow_restart_idle_en\":false," \
	"\"min_ack_timeout_limit_disabled\":false," \
	"\"adaptive_routing_forced_en\":false," \
	"\"selective_repeat_forced_en\":false," \
	"\"dc_half_handshake_en\":true,\"cc_per_plane_en\":false," \
	"\"ack_dscp_force\":true,\"ack_dscp\":46,\"cc_burst_size\":2," \
	"\"ifa2_turn_around_en\":false,\"cc_probe_mp_mode\":1," \
	"\"configurable\":{\"roce_adp_retrans_en\":true," \
	"\"roce_tx_window_en\":false,\"roce_slow_restart_en\":true," \
	"\"roce_slow_restart_idle_en\":true," \
	"\"min_ack_timeout_limit_disabled\":true," \
	"\"adaptive_routing_forced_en\":false," \
	"\"selective_repeat_forced_en\":false," \
	"\"dc_half_handshake_en\":true,\"cc_per_plane_en\":true," \
	"\"ack_dscp_force\":true,\"ack_dscp\":true," \
	"\"cc_burst_size\":true,\"ifa2_turn_around_en\":false," \
	"\"cc_probe_mp_mode\":true}," \
	"\"adp_retx_profile_max_id\":1," \
	"\"adp_retx_profile_max_range_num\":4," \
	"\"adp_retx_base_timeout_min\":4000,\"active_profile_id\":1}"

#define EMU1_JSON \
	"{\"dev\":\"emu1\",\"roce_adp_retrans_en\":false," \
	"\"roce_tx_window_en\":true,\"roce_slow_restart_en\":false," \
	"\"roce_slow_restart_idle_en\":false," \
	"\"min_ack_timeout_limit_disabled\":true," \
	"\"adaptive_routing_forced_en\":true," \
	"\"selective_repeat_forced_en\":true}"

static bool test_show_text(void)
{
	fake_reset();
	reply(ROCE_ADP_CMD_ACCL_GET, &emu0);
	reply(ROCE_ADP_CMD_ACCL_GET, &emu1);
	return outcome(show(false, ""), 0, EMU0_TEXT EMU1_TEXT, "") &&
	       fake.cmd == ROCE_ADP_CMD_ACCL_GET &&
	       fake.flags == NLM_F_DUMP && same("request", fake_req_str(), "");
}

static bool test_show_json(void)
{
	bool ok;

	fake_reset();
	reply(ROCE_ADP_CMD_ACCL_GET, &emu0);
	reply(ROCE_ADP_CMD_ACCL_GET, &emu1);
	ok = outcome(show(true, ""), 0, "[" EMU0_JSON "," EMU1_JSON "]\n",
		     "");
	ok &= python_accepts(out_buf,
			     "v[0]['configurable']['roce_tx_window_en'] is False"
			     " and v[0]['adp_retx_base_timeout_min'] == 4000"
			     " and 'configurable' not in v[1] and len(v) == 2"
			     " and v");
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
	reply(ROCE_ADP_CMD_ACCL_GET, &emu1);
	nla_put_u32(fake.replies[0], ROCE_ADP_A_AGE_MS, 0);
	ok = outcome(show(false, "emu1"), 0, EMU1_TEXT, "");
	ok &= outcome(show(true, "emu1"), 0, "[" EMU1_JSON "]\n", "");
	fake_reset();
	reply(ROCE_ADP_CMD_ACCL_GET, &emu1);
	nla_put_u32(fake.replies[0], ROCE_ADP_A_AGE_MS, 1234);
	ok &= outcome(show(false, "emu1"), 0,
		      "emu1:\n  state from the module's snapshot, 1234 ms old\n"
		      EMU1_ENABLES, "");
	ok &= outcome_err(show(true, "emu1"), 0, "") &&
	      python_accepts(out_buf, "v[0]['age_ms'] == 1234 and"
			     " v[0]['roce_tx_window_en'] is True and v");
	return ok;
}

static bool test_show_firmware_timeouts(void)
{
	struct fake_accl a = emu0;

	a.active = 0;
	fake_reset();
	reply(ROCE_ADP_CMD_ACCL_GET, &a);
	return show(false, "emu0") == 0 &&
	       !strncmp(out_buf, "emu0:\n", 6) &&
	       strstr(out_buf, "\n  active profile 0 (firmware timeouts)\n") &&
	       fake.flags == 0 && same("request", fake_req_str(), "1=\"emu0\"");
}

static bool test_show_errors(void)
{
	struct nl_msg *msg;
	struct nlattr *nest;
	bool ok;

	ok = kernel_refuses(show, true, "nosuch", ENODEV, "no such device");
	/* An enable carried in nothing. */
	fake_reset();
	msg = fake_reply(ROCE_ADP_CMD_ACCL_GET);
	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, "emu0");
	nest = nla_nest_start(msg, ROCE_ADP_A_ACCL | NLA_F_NESTED);
	nla_put(msg, ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN, 0, NULL);
	nla_nest_end(msg, nest);
	ok &= outcome(show(false, "emu0"), 1, "",
		      "Error: malformed enables in the kernel reply: Input data out of range.\n");
	ok &= outcome(show(false, "a b"), ADP_EXIT_USAGE, "",
		      "Error: unexpected argument \"b\". Try \"adpctl accl show help\".\n");
	return ok;
}

static bool set_sends(const char *line, const char *want)
{
	fake_reset();
	reply(ROCE_ADP_CMD_ACCL_SET, &emu0);
	return fake_sends(set, line, ROCE_ADP_CMD_ACCL_SET, want);
}

static bool test_set_request(void)
{
	return set_sends("dev emu0 roce_adp_retrans_en on",
			 "1=\"emu0\" 6{1=1/u8}") &&
	       /* Table order whatever the command line order. */
	       set_sends("roce_tx_window_en off dev emu0 roce_adp_retrans_en 1 "
			 "selective_repeat_forced_en on",
			 "1=\"emu0\" 6{1=1/u8 2=0/u8 7=1/u8}") &&
	       set_sends("dev emu0 roce_adp_retrans_en off roce_tx_window_en 0 "
			 "roce_slow_restart_en on roce_slow_restart_idle_en off "
			 "min_ack_timeout_limit_disabled on "
			 "adaptive_routing_forced_en off "
			 "selective_repeat_forced_en on",
			 "1=\"emu0\" 6{1=0/u8 2=0/u8 3=1/u8 4=0/u8 5=1/u8 6=0/u8 7=1/u8}");
}

/* The new features: names or numbers, in attribute order. */
static bool test_set_new_features(void)
{
	return set_sends("dev emu0 cc_burst_size 16KB cc_probe_mp_mode discard "
			 "ack_dscp 46 ack_dscp_force on",
			 "1=\"emu0\" 6{10=1/u8 11=46/u8 12=2/u8 14=1/u8}") &&
	       set_sends("dev emu0 cc_burst_size 1.5KB dc_half_handshake_en on "
			 "cc_per_plane_en 1 ifa2_turn_around_en off",
			 "1=\"emu0\" 6{8=1/u8 9=1/u8 12=7/u8 13=0/u8}") &&
	       /* a reserved encoding is the kernel's to refuse, by name */
	       set_sends("dev emu0 cc_burst_size 5 cc_probe_mp_mode 3",
			 "1=\"emu0\" 6{12=5/u8 14=3/u8}");
}

/* mlxreg's --set list, unchanged, alone or beside adpctl's words. */
static bool test_set_mlxreg_list(void)
{
	return set_sends("dev emu0 roce_adp_retrans_en=0x1,roce_tx_window_en=0x1",
			 "1=\"emu0\" 6{1=1/u8 2=1/u8}") &&
	       set_sends("dev emu0 roce_adp_retrans_field_select=0x1,"
			 "roce_adp_retrans_en=0x0,ack_dscp=0x2e",
			 "1=\"emu0\" 6{1=0/u8 11=46/u8}") &&
	       set_sends("dev emu0 cc_burst_size_select=1,cc_burst_size=0x2 "
			 "ack_dscp_force on",
			 "1=\"emu0\" 6{10=1/u8 12=2/u8}");
}

/* A select any way mlxreg spells 1; values by strtoul(.., 0); options. */
static bool test_set_mlxreg_forms(void)
{
	return set_sends("dev emu0 roce_adp_retrans_field_select=0x00000001,"
			 "roce_adp_retrans_en=0x00000001",
			 "1=\"emu0\" 6{1=1/u8}") &&
	       set_sends("dev emu0 roce_tx_window_field_select=01,"
			 "roce_tx_window_en=1",
			 "1=\"emu0\" 6{2=1/u8}") &&
	       /* 010 is octal 8, 0x1a hex, 26 decimal */
	       set_sends("dev emu0 ack_dscp=010", "1=\"emu0\" 6{11=8/u8}") &&
	       set_sends("dev emu0 ack_dscp=0x1a", "1=\"emu0\" 6{11=26/u8}") &&
	       set_sends("dev emu0 ack_dscp=26", "1=\"emu0\" 6{11=26/u8}") &&
	       set_sends("dev emu0 --reg_name ROCE_ACCL --set "
			 "cc_burst_size_select=0x1,cc_burst_size=0x7 --yes",
			 "1=\"emu0\" 6{12=7/u8}") &&
	       set_sends("dev emu0 -s roce_slow_restart_en=0",
			 "1=\"emu0\" 6{3=0/u8}") &&
	       set_sends("dev emu0 --set=cc_probe_mp_mode=1 --reg_name=ROCE_ACCL",
			 "1=\"emu0\" 6{14=1/u8}") &&
	       set_sends("dev emu0 --reg_id 0x402c --reg_len 0x80 --set "
			 "ifa2_turn_around_select=1,ifa2_turn_around_en=1",
			 "1=\"emu0\" 6{13=1/u8}") &&
	       /* with a root, mlxreg's --full_path form */
	       set_sends("dev emu0 roce_accl_reg_ext.dc_half_handshake_en=1",
			 "1=\"emu0\" 6{8=1/u8}") &&
	       /* raw ADDRESS.BIT:SIZE of a known field */
	       set_sends("dev emu0 --reg_id 0x402c --reg_len 0x40 --set "
			 "0x0.0:1=1,0x4.0:1=1,0x4.10:6=0x2e",
			 "1=\"emu0\" 6{1=1/u8 11=46/u8}") &&
	       /* the device as mlxreg names it */
	       set_sends("-d emu0 --set roce_adp_retrans_en=1",
			 "1=\"emu0\" 6{1=1/u8}");
}

/* Requests of a command that sends more than one, by command. */
static char mlxreg_reqs[4][256];
static int mlxreg_nreqs;

static void answer_by_cmd(void)
{
	struct nl_msg *msg;
	int i;

	if (mlxreg_nreqs < (int)ARRAY_SIZE(mlxreg_reqs))
		snprintf(mlxreg_reqs[mlxreg_nreqs++], sizeof(mlxreg_reqs[0]),
			 "%u:%s", fake.cmd, fake_req_str());
	for (i = 0; i < fake.nreplies; i++)
		nlmsg_free(fake.replies[i]);
	fake.nreplies = 0;
	if (fake.cmd == ROCE_ADP_CMD_ACCL_SET) {
		reply(fake.cmd, &emu0);
		return;
	}
	msg = fake_reply(fake.cmd);
	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, "emu0");
	nla_put_u32(msg, ROCE_ADP_A_ACTIVE_PROFILE_ID, 1);
	fake_put_profile(msg, &fake_profile1);
}

/* line's requests, "CMD:ATTRS" each, joined by " | ". */
static bool mlxreg_sends(const char *line, const char *want)
{
	char got[1024] = "";
	int i, ret;

	fake_reset();
	mlxreg_nreqs = 0;
	fake.on_request = answer_by_cmd;
	ret = set(false, line);
	for (i = 0; i < mlxreg_nreqs; i++) {
		if (i)
			strcat(got, " | ");
		strcat(got, mlxreg_reqs[i]);
	}
	if (ret) {
		printf("# exit %d for \"%s\": %s", ret, line, err_buf);
		return false;
	}
	return same(line, got, want);
}

/*
 * Profile fields by their database names: bare, under adp_retx_profile,
 * timeout_range[I] (a bare range field is entry 0, mlxreg's first
 * match), raw positions; the id from --indexes or the list.  The profile
 * is written first, then the enables.
 */
static bool test_set_mlxreg_profile(void)
{
	char want[512];

	snprintf(want, sizeof(want),
		 "%u:1=\"emu0\" 10{1=1 6=8 10{1=1 4=2}}",
		 ROCE_ADP_CMD_PROFILE_SET);
	if (!mlxreg_sends("dev emu0 --reg_name ROCE_ACCL --indexes "
			  "adp_retx_profile_id=0x1 --set "
			  "adp_retx_profile_select=0x1,time_base=0x8,"
			  "timeout_range[1].timeout_retry_num=0x2 --yes", want))
		return false;
	snprintf(want, sizeof(want),
		 "%u:1=\"emu0\" 10{1=1 3=2 6=16 10{1=0 3=1 6=4} 10{1=3 5=7}}"
		 " | %u:1=\"emu0\" 6{1=1/u8}",
		 ROCE_ADP_CMD_PROFILE_SET, ROCE_ADP_CMD_ACCL_SET);
	if (!mlxreg_sends("dev emu0 roce_adp_retrans_en=1,adp_retx_profile_id=1,"
			  "adp_retx_profile.range_num=2,time_base=020,"
			  "dec_mode=1,range_size=4,"
			  "roce_accl_reg_ext.adp_retx_profile.timeout_range[3].range_low_bound=7",
			  want))
		return false;
	/* raw: profile id 0x4.28:3, time_base 0x10.0:16, entry 1 0x1c */
	snprintf(want, sizeof(want),
		 "%u:1=\"emu0\" 10{1=1 6=8 10{1=1 5=6}}",
		 ROCE_ADP_CMD_PROFILE_SET);
	return mlxreg_sends("dev emu0 --reg_id 0x402c --reg_len 0x40 "
			    "--set 0x0.28:1=1,0x4.28:3=1,0x10.0:16=0x8,"
			    "0x1c.8:8=6", want);
}

static bool test_show_raw(void)
{
	uint8_t raw[ROCE_ADP_ROCE_ACCL_LEN] = {
		0x18, 0x00, 0x0f, 0xff, 0x10, 0x00, 0x6a, 0x01,
	};
	char want[2 * ROCE_ADP_ROCE_ACCL_LEN + 64];
	struct nl_msg *msg;
	bool ok;

	fake_reset();
	msg = fake_reply(ROCE_ADP_CMD_ACCL_GET);
	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, "emu0");
	nla_put(msg, ROCE_ADP_A_ACCL_REG, sizeof(raw), raw);
	snprintf(want, sizeof(want), "[{\"dev\":\"emu0\",\"raw\":\"18000fff10006a01%0240d\"}]\n",
		 0);
	ok = outcome(show(true, "emu0 -r"), 0, want, "");
	ok &= fake.flags == 0 &&
	      same("request", fake_req_str(), "1=\"emu0\" 19");
	fake_reset();
	msg = fake_reply(ROCE_ADP_CMD_ACCL_GET);
	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, "emu0");
	nla_put(msg, ROCE_ADP_A_ACCL_REG, sizeof(raw), raw);
	ok &= outcome(show(false, "--raw"), 0,
		      "emu0:\n"
		      "    raw 0x00: 18000fff 10006a01 00000000 00000000 00000000 00000000 00000000 00000000\n"
		      "    raw 0x20: 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000\n"
		      "    raw 0x40: 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000\n"
		      "    raw 0x60: 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000\n",
		      "");
	ok &= fake.flags == NLM_F_DUMP && same("request", fake_req_str(), "19");
	return ok;
}

static bool test_set_prints_state(void)
{
	bool ok;

	fake_reset();
	reply(ROCE_ADP_CMD_ACCL_SET, &emu0);
	ok = outcome(set(false, "dev emu0 roce_adp_retrans_en on"), 0,
		     EMU0_TEXT, "");
	ok &= outcome(set(true, "dev emu0 roce_adp_retrans_en on"), 0,
		      "[" EMU0_JSON "]\n", "");
	return ok;
}

static bool test_set_kernel_error(void)
{
	return kernel_refuses(set, true, "dev emu0 roce_tx_window_en on",
			      EOPNOTSUPP,
			      "roce_tx_window_en is not configurable on this device");
}

static bool test_set_errors(void)
{
	static const struct usage_case cases[] = {
		{ "dev emu0 roce_adp_retrans on", "unknown enable \"roce_adp_retrans\"" },
		{ "dev emu0 roce_adp_retrans_en yes", "invalid value \"yes\" for \"roce_adp_retrans_en\": expected off, on or 0..1" },
		{ "dev emu0 roce_adp_retrans_en 2", "invalid value \"2\" for \"roce_adp_retrans_en\": expected off, on or 0..1" },
		{ "dev emu0 roce_adp_retrans_en", "missing value for \"roce_adp_retrans_en\"" },
		{ "dev emu0 roce_adp_retrans_en on roce_adp_retrans_en off", "\"roce_adp_retrans_en\" is given twice" },
		{ "roce_adp_retrans_en on", "missing argument \"dev\"" },
		{ "dev emu0", "nothing to set" },
		{ "dev", "missing value for \"dev\"" },
		{ "emu0 roce_adp_retrans_en on", "unknown enable \"emu0\"" },
		{ "dev emu0 --json roce_adp_retrans_en on", "unknown option \"--json\" (options go before the object)" },
		{ "dev emu0 cc_burst_size 2KB", "invalid value \"2KB\" for \"cc_burst_size\": expected 4KB, 8KB, 16KB, 1.5KB or 0..7" },
		{ "dev emu0 cc_probe_mp_mode 4", "invalid value \"4\" for \"cc_probe_mp_mode\": expected accept, discard or 0..3" },
		{ "dev emu0 ack_dscp 64", "invalid value \"64\" for \"ack_dscp\": expected 0..63" },
		{ "dev emu0 roce_adp_retrans_en=0x2", "invalid value \"0x2\" for \"roce_adp_retrans_en\": expected 0..1" },
		{ "dev emu0 roce_adp_retrans=0x1", "unknown ROCE_ACCL field \"roce_adp_retrans\"" },
		{ "dev emu0 roce_adp_retrans_en=", "invalid mlxreg field \"roce_adp_retrans_en=\": expected NAME=VALUE" },
		{ "dev emu0 roce_adp_retrans_en=1,roce_adp_retrans_en=0", "\"roce_adp_retrans_en\" is given twice" },
		{ "dev emu0 roce_adp_retrans_field_select=0x0", "\"roce_adp_retrans_field_select=0x0\" would keep what it guards: adpctl changes exactly the fields given, so leave them out instead" },
		{ "dev emu0 roce_adp_retrans_field_select=2", "invalid value \"2\" for \"roce_adp_retrans_field_select\": expected 0..1" },
		{ "dev emu0 ack_dscp=08", "invalid value \"08\" for \"ack_dscp\": expected a number (decimal, 0x hex or 0 octal, as mlxreg reads it)" },
		{ "dev emu0 ack_dscp=-1", "invalid value \"-1\" for \"ack_dscp\": expected a number (decimal, 0x hex or 0 octal, as mlxreg reads it)" },
		{ "dev emu0 ack_dscp=0100", "invalid value \"0100\" for \"ack_dscp\": expected 0..63" },
		{ "dev emu0 adp_retx_profile_max_id=1", "\"adp_retx_profile_max_id\" is read only (a limit of the device)" },
		{ "dev emu0 time_base=8", "missing \"adp_retx_profile_id\": the profile fields need the profile they change (in --indexes or the list)" },
		{ "dev emu0 adp_retx_profile_select=1,adp_retx_profile_id=1", "\"adp_retx_profile_select=1\" without a profile field: nothing to write to the profile" },
		{ "dev emu0 timeout_range[4].range_size=1", "unknown ROCE_ACCL field \"timeout_range[4].range_size\"" },
		{ "dev emu0 adp_retx_profile.roce_adp_retrans_en=1", "unknown ROCE_ACCL field \"adp_retx_profile.roce_adp_retrans_en\"" },
		{ "dev emu0 timeout_range[0].time_base=1", "unknown ROCE_ACCL field \"timeout_range[0].time_base\"" },
		{ "dev emu0 0x4.0:2=1", "unknown ROCE_ACCL field \"0x4.0:2\"" },
		{ "dev emu0 --reg_name PAOS --set roce_adp_retrans_en=1", "\"accl set\" writes ROCE_ACCL, not \"PAOS\"" },
		{ "dev emu0 --reg_id 0xc01d --set roce_adp_retrans_en=1", "\"accl set\" writes ROCE_ACCL (0x402c), not register 0xc01d" },
		{ "dev emu0 --reg_len 0x20 --set roce_adp_retrans_en=1", "invalid value \"0x20\" for \"--reg_len\": ROCE_ACCL is 0x40 or 0x80 bytes" },
		{ "dev emu0 --indexes time_base=8 --set roce_adp_retrans_en=1", "\"time_base\" is no index of ROCE_ACCL: --indexes takes adp_retx_profile_id" },
		{ "dev emu0 --get", "\"accl set\" writes; \"adpctl accl show\" reads" },
		{ "dev emu0 --set", "missing value for \"--set\"" },
		{ "dev emu0 --yes", "nothing to set" },
		{ "dev emu0 -d emu1 roce_adp_retrans_en on", "\"dev\" is given twice" },
	};

	return usage_errors("accl", accl_cmds, "set", cases,
			    ARRAY_SIZE(cases));
}

/*
 * "accl show -j" fed back: the features' keys, booleans and numbers as
 * JSON has them, set the state shown (the limits, the configurable
 * flags and the active profile are not words of a set).
 */
static bool test_set_json_fed_back(void)
{
	static const char *const not_words[] = {
		"dev", "configurable", "adp_retx_profile_max_id",
		"adp_retx_profile_max_range_num", "adp_retx_base_timeout_min",
		"active_profile_id",
	};
	char line[FAKE_LINE_MAX] = "dev emu0";

	fake_reset();
	reply(ROCE_ADP_CMD_ACCL_GET, &emu0);
	if (!outcome_err(show(true, "emu0"), 0, "") ||
	    !fake_json_words(out_buf, not_words, ARRAY_SIZE(not_words), line,
			     sizeof(line)))
		return false;
	printf("# %s\n", line);
	return set_sends(line, "1=\"emu0\" 6{1=1/u8 2=0/u8 3=1/u8 4=0/u8 "
			 "5=0/u8 6=0/u8 7=0/u8 8=1/u8 9=0/u8 10=1/u8 11=46/u8 "
			 "12=2/u8 13=0/u8 14=1/u8}") &&
	       /* the spec's and the PRM's enum names */
	       set_sends("dev emu0 cc_burst_size 1-5kb cc_probe_mp_mode PROBE_ACCEPT",
			 "1=\"emu0\" 6{12=7/u8 14=0/u8}") &&
	       set_sends("dev emu0 cc_burst_size BURST_8KB ack_dscp_force true",
			 "1=\"emu0\" 6{10=1/u8 12=1/u8}");
}

/*
 * Every mlxreg --set line of the admin guide's table runs unchanged after
 * "accl set dev emu0" ("mlxreg -d PCI" dropped, the shell's quotes gone),
 * and sends what it says.
 */
static bool test_admin_guide_lines(void)
{
	static const char *const want[] = {
		"%u:1=\"emu0\" 6{1=1/u8 2=1/u8}",
		"%u:1=\"emu0\" 6{10=1/u8 11=26/u8 12=7/u8}",
		"%u:1=\"emu0\" 10{1=1 6=8 10{1=1 4=2}}",
		"%u:1=\"emu0\" 10{1=1 6=8}",
	};
	static const uint8_t cmd[] = {
		ROCE_ADP_CMD_ACCL_SET, ROCE_ADP_CMD_ACCL_SET,
		ROCE_ADP_CMD_PROFILE_SET, ROCE_ADP_CMD_PROFILE_SET,
	};
	static char text[1 << 18];
	char line[FAKE_LINE_MAX], exp[256], *p, *end, *o;
	const char *lead = "mlxreg -d PCI ";
	size_t n, lines = 0;
	bool ok = true;
	FILE *f;

	f = fopen(ADMIN_GUIDE, "r");
	if (!f)
		return tap_missing(ADMIN_GUIDE);
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	p = strstr(text, "\nLeaving mlxreg\n");
	end = p ? strstr(p, "\nModule parameters\n") : NULL;
	if (!end)
		return false;
	*end = '\0';
	while ((p = strstr(p, "``mlxreg "))) {
		p += 2;
		end = strstr(p, "``");
		if (!end)
			return false;
		*end = '\0';
		/* one line: spaces collapsed, the quotes gone */
		o = line + sprintf(line, "dev emu0 ");
		for (; *p; p++) {
			if (*p == '"')
				continue;
			if (isspace((unsigned char)*p)) {
				if (o[-1] != ' ')
					*o++ = ' ';
				continue;
			}
			*o++ = *p;
		}
		*o = '\0';
		p = end + 2;
		if (!strstr(line, " --set "))
			continue;
		if (strncmp(line + 9, lead, strlen(lead)) ||
		    lines >= ARRAY_SIZE(want)) {
			printf("# unexpected line \"%s\"\n", line);
			return false;
		}
		memmove(line + 9, line + 9 + strlen(lead),
			strlen(line + 9 + strlen(lead)) + 1);
		snprintf(exp, sizeof(exp), want[lines], cmd[lines]);
		ok &= mlxreg_sends(line, exp);
		lines++;
	}
	return ok && lines == ARRAY_SIZE(want);
}

TAP_MAIN(
	{ "set: every mlxreg --set line of the admin guide, unchanged", test_admin_guide_lines },
	{ "set: show -j's keys fed back set the state shown", test_set_json_fed_back },
	{ "show: text, unsupported features marked, caps", test_show_text },
	{ "show -j: exact json, python parses it", test_show_json },
	{ "show: age_ms of a reply from the snapshot", test_show_snapshot_age },
	{ "show DEV: a do; active profile 0 is firmware", test_show_firmware_timeouts },
	{ "show: kernel, reply and usage errors", test_show_errors },
	{ "set: only the enables given, as u8", test_set_request },
	{ "set: the state read back is printed", test_set_prints_state },
	{ "set: new features by name or number", test_set_new_features },
	{ "set: mlxreg's --set list", test_set_mlxreg_list },
	{ "set: mlxreg's selects, numbers and options", test_set_mlxreg_forms },
	{ "set: profile fields by their mlxreg names", test_set_mlxreg_profile },
	{ "show -r: the raw register, hex in JSON, lines in text", test_show_raw },
	{ "set: extack of a refused set, no json", test_set_kernel_error },
	{ "set: syntax errors, exact messages, exit 1", test_set_errors },
)
