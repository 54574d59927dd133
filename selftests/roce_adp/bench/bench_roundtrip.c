// SPDX-License-Identifier: GPL-2.0
/*
 * Round trip: PROFILE_GET of an emulated device with no command latency
 * (cmd_delay_us 0, printed beside the figures as fw_cmd_delay_assumed)
 * against the kernel's own CTRL_CMD_GETFAMILY for nlctrl, on one generic
 * netlink socket, each request waiting for its reply (no ACK on either
 * side). Blocks of each kind alternate, so that a busy host slows both
 * alike; the figure per kind is the median over its blocks. Two more kinds
 * tell where the time goes: PROFILE_GET of profile 0 alone (one firmware
 * command, one profile) and DEV_GET (the family's own path, no command).
 *
 * Usage: bench_roundtrip [REQUESTS [BLOCK]]  (default 100000 and 5000,
 * times $BENCH_SCALE). For profiling, BENCH_RT_ONLY=KIND (profile_get,
 * profile_get_one, dev_get or nlctrl_getfamily) sends that kind alone;
 * BENCH_RT_TRACE="func..." traces those functions too in the stage
 * breakdown and prints each traced function's time.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/*
 * The stage breakdown: function_graph on these functions while one kind
 * is sent; a stage is the time of its functions exclusive of the traced
 * functions they call (the firmware's, fill's and send's inclusive).
 */
#define ST_FUNCS "netlink_sendmsg netlink_recvmsg netlink_unicast " \
	"genl_rcv_msg ctrl_getfamily roce_adp_nl_profile_get_doit " \
	"radp_nl_profile_prepare radp_nl_profile_fill radp_emu_fw_exec"
#define ST_ROUNDS	5

enum {
	ST_NETLINK,	/* sendmsg: the request's skb, its unicast to genl */
	ST_GENL,	/* genl_rcv_msg: family and op lookup, the policy */
	ST_REQUEST,	/* the doit: device, buffers, the reply's skb */
	ST_PREPARE,	/* read the device, the firmware's execution aside */
	ST_FIRMWARE,	/* the emulated firmware executing the commands */
	ST_FILL,	/* the reply's attributes */
	ST_SEND,	/* the reply's unicast, recvmsg copying it out */
	ST_SUM,		/* the stages' sum (syscalls, user space: not in) */
	ST_STAGES
};

static const char *const st_names[ST_STAGES] = {
	"netlink", "genl_policy", "request", "prepare", "firmware", "fill",
	"send", "sum",
};

struct st_kind {
	int kind;		/* RT_* */
	const char *doit;
	double ns[ST_STAGES][ST_ROUNDS];
	double cmds[ST_ROUNDS];
	double allocs[ST_ROUNDS];
	double traced_us[ST_ROUNDS];
};

enum { RT_GET, RT_GET_ONE, RT_DEV, RT_CTRL, RT_KINDS };

static const char *const rt_names[RT_KINDS] = {
	[RT_GET] = "profile_get",
	[RT_GET_ONE] = "profile_get_one",
	[RT_DEV] = "dev_get",
	[RT_CTRL] = "nlctrl_getfamily",
};

static unsigned long scaled(const char *arg, unsigned long def)
{
	const char *s = getenv("BENCH_SCALE");
	double v = arg ? strtod(arg, NULL) : def;

	if (s && !arg)
		v *= strtod(s, NULL);
	return v < 1 ? 1 : (unsigned long)v;
}

/* One round of @k: @n requests traced, each stage's ns per request. */
static int st_round(struct nl_sock *sk, struct bench_req *req,
		    struct st_kind *k, int r, unsigned long n)
{
	const char *doit = k->doit;
	double t, sum = 0;
	struct bench_fg fg;
	char missing[512];
	int s;

	const char *more = getenv("BENCH_RT_TRACE");
	char funcs[1024];

	snprintf(funcs, sizeof(funcs), "%s %s", ST_FUNCS, more ? more : "");
	if (bench_fg_start(funcs, missing, sizeof(missing)))
		return -1;
	t = bench_loop(sk, req, n) / n * 1e9;
	bench_fg_stop(&fg);
	k->ns[ST_NETLINK][r] = bench_fg_ns(&fg, "netlink_sendmsg", NULL, 0) +
		bench_fg_ns(&fg, "netlink_unicast", "netlink_sendmsg", 0);
	k->ns[ST_GENL][r] = bench_fg_ns(&fg, "genl_rcv_msg", NULL, 0);
	k->ns[ST_REQUEST][r] = bench_fg_ns(&fg, doit, NULL, 0);
	k->ns[ST_PREPARE][r] = bench_fg_ns(&fg, "radp_nl_profile_prepare",
					   NULL, 0);
	k->ns[ST_FIRMWARE][r] = bench_fg_ns(&fg, "radp_emu_fw_exec", NULL, 1);
	k->ns[ST_FILL][r] = bench_fg_ns(&fg, "radp_nl_profile_fill", NULL, 1);
	k->ns[ST_SEND][r] = bench_fg_ns(&fg, "netlink_unicast", doit, 1) +
		bench_fg_ns(&fg, "netlink_recvmsg", NULL, 1);
	for (s = 0; s < ST_SUM; s++) {
		k->ns[s][r] /= n;
		sum += k->ns[s][r];
	}
	k->ns[ST_SUM][r] = sum;
	k->cmds[r] = (double)bench_fg_calls(&fg, "radp_emu_fw_exec", NULL) / n;
	k->allocs[r] = (double)fg.allocs / n;
	k->traced_us[r] = t / 1e3;
	/* BENCH_RT_TRACE: more functions, each one's time printed */
	for (s = 0; more && s < fg.n; s++)
		bench_note("%s round %d: %s <- %s: %.2f calls, %.0f ns incl, %.0f ns excl (median call)",
			   rt_names[k->kind], r, fg.fn[s].name,
			   fg.fn[s].parent[0] ? fg.fn[s].parent : "-",
			   (double)fg.fn[s].calls / n,
			   bench_fg_ns(&fg, fg.fn[s].name, fg.fn[s].parent, 1) / n,
			   bench_fg_ns(&fg, fg.fn[s].name, fg.fn[s].parent, 0) / n);
	bench_fg_free(&fg);
	return 0;
}

/*
 * Where one request's time goes, by stage, for PROFILE_GET and for the
 * baseline, from the kernel's function_graph tracer: ST_ROUNDS rounds of
 * @n requests of each kind, taking turns; medians.
 */
static double st_breakdown(struct nl_sock *sk, struct bench_req *req,
			   unsigned long n)
{
	static struct st_kind kinds[] = {
		{ .kind = RT_GET, .doit = "roce_adp_nl_profile_get_doit" },
		{ .kind = RT_CTRL, .doit = "ctrl_getfamily" },
	};
	char name[96], missing[512];
	unsigned int i;
	int r, s;

	if (bench_fg_start(ST_FUNCS, missing, sizeof(missing))) {
		bench_note("no function_graph tracer: no stage breakdown");
		return -1;
	}
	bench_fg_reset();
	if (missing[0])
		bench_note("not traceable in this kernel (its stage reads 0): %s",
			   missing);
	for (r = 0; r < ST_ROUNDS; r++)
		for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
			if (st_round(sk, &req[kinds[i].kind], &kinds[i], r, n)) {
				bench_note("tracing failed: no stage breakdown");
				bench_fg_reset();
				return -1;
			}
	bench_fg_reset();
	bench_result("stage_requests", (double)n * ST_ROUNDS, "per_kind",
		     NULL);
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		struct st_kind *k = &kinds[i];
		const char *kn = rt_names[k->kind];

		for (s = 0; s < ST_STAGES; s++) {
			/* the baseline has no prepare, firmware nor fill */
			if (k->kind == RT_CTRL &&
			    (s == ST_PREPARE || s == ST_FIRMWARE || s == ST_FILL))
				continue;
			snprintf(name, sizeof(name), "stage_%s_%s", kn,
				 st_names[s]);
			bench_result(name, bench_median(k->ns[s], ST_ROUNDS) / 1e3,
				     "us", NULL);
		}
		snprintf(name, sizeof(name), "stage_%s_traced", kn);
		bench_result(name, bench_median(k->traced_us, ST_ROUNDS), "us",
			     NULL);
		snprintf(name, sizeof(name), "%s_allocs", kn);
		bench_result(name, bench_median(k->allocs, ST_ROUNDS),
			     "per_request", NULL);
		if (k->kind == RT_GET) {
			snprintf(name, sizeof(name), "%s_fw_cmds", kn);
			bench_result(name, bench_median(k->cmds, ST_ROUNDS),
				     "per_request", NULL);
		}
	}
	return bench_median(kinds[0].ns[ST_FIRMWARE], ST_ROUNDS) / 1e3;
}

int main(int argc, char **argv)
{
	static struct bench_req req[RT_KINDS];
	unsigned long n = scaled(argc > 1 ? argv[1] : NULL, 100000);
	unsigned long block = scaled(argc > 2 ? argv[2] : NULL, 5000);
	const char *only = getenv("BENCH_RT_ONLY");
	double us[RT_KINDS], *t[RT_KINDS], fw_ns[RT_KINDS] = { 0 };
	struct nl_sock sk;
	unsigned long nblocks, b;
	char name[64];
	int k, err, fw;

	if (block > n)
		block = n;
	nblocks = n / block;
	err = nl_open(&sk, "roce_adp");
	if (err)
		bench_fail("netlink family roce_adp: %s", strerror(-err));
	err = bench_knob(BENCH_DEV, "cmd_delay_us", "0");
	if (err)
		bench_fail("cmd_delay_us: %s", strerror(-err));

	/* What 'adpctl profile show dev emu0' sends: every profile. */
	bench_req_profile_get(&sk, &req[RT_GET], BENCH_DEV, -1);
	/* Profile 0 alone: one firmware command. */
	bench_req_profile_get(&sk, &req[RT_GET_ONE], BENCH_DEV, 0);
	/* The family's own path: lookup and a short reply, no command. */
	bench_req_dev_get(&sk, &req[RT_DEV], BENCH_DEV);
	bench_req_getfamily(&req[RT_CTRL], "nlctrl");

	for (k = 0; k < RT_KINDS; k++) {
		t[k] = calloc(nblocks, sizeof(double));
		if (!t[k])
			bench_fail("out of memory");
		bench_loop(&sk, &req[k], block / 10 + 1);	/* warm up */
	}
	fw = bench_fw_busy_ns(BENCH_DEV) >= 0;
	for (b = 0; b < nblocks; b++)
		for (k = 0; k < RT_KINDS; k++) {
			long fw0 = fw ? bench_fw_busy_ns(BENCH_DEV) : 0;

			if (only && strcmp(only, rt_names[k]))
				continue;
			t[k][b] = bench_loop(&sk, &req[k], block) / block * 1e6;
			if (fw)
				fw_ns[k] += bench_fw_busy_ns(BENCH_DEV) - fw0;
		}

	bench_result("requests", (double)nblocks * block, "per_kind", NULL);
	/* What the figures assume: beside them, not in a comment. */
	bench_result("fw_cmd_delay_assumed", 0, "us", NULL);
	printf("NOTE the emulated firmware answers every command at once (cmd_delay_us 0): the round trips are the driver's and netlink's share; a NIC adds its command latency to each firmware command (bench_cmd_latency measures how a reader follows it)\n");
	for (k = 0; k < RT_KINDS; k++) {
		us[k] = bench_median(t[k], nblocks);
		snprintf(name, sizeof(name), "%s_us", rt_names[k]);
		bench_result(name, us[k], "us", NULL);
		snprintf(name, sizeof(name), "%s_reply", rt_names[k]);
		bench_result(name, req[k].reply_len, "bytes", NULL);
	}
	if (only)
		return 0;
	bench_result("ratio", us[RT_GET] / us[RT_CTRL], "x", "<=1.1");
	bench_result("ratio_one", us[RT_GET_ONE] / us[RT_CTRL], "x", NULL);
	bench_result("ratio_dev_get", us[RT_DEV] / us[RT_CTRL], "x", NULL);
	/*
	 * The emulated firmware's own execution, which a NIC's replaces,
	 * counted by the emulator in the same blocks (not traced): apart,
	 * and the round trip without it.
	 */
	if (fw) {
		double get_fw = fw_ns[RT_GET] / 1e3 / (nblocks * block);

		bench_result("profile_get_fw_exec_us", get_fw, "us", NULL);
		bench_result("ratio_without_fw", (us[RT_GET] - get_fw) /
			     us[RT_CTRL], "x", NULL);
	} else {
		bench_note("emu0 has no fw_busy_ns: the firmware's execution not counted");
	}
	/* at least 200 a round: the medians need them, whatever the scale */
	st_breakdown(&sk, req, scaled(NULL, 400) < 200 ? 200 : scaled(NULL, 400));
	nl_close(&sk);
	return 0;
}
