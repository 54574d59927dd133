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
 * profile_get_one, dev_get or nlctrl_getfamily) sends that kind alone.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

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

int main(int argc, char **argv)
{
	static struct bench_req req[RT_KINDS];
	unsigned long n = scaled(argc > 1 ? argv[1] : NULL, 100000);
	unsigned long block = scaled(argc > 2 ? argv[2] : NULL, 5000);
	const char *only = getenv("BENCH_RT_ONLY");
	double us[RT_KINDS], *t[RT_KINDS];
	struct nl_sock sk;
	unsigned long nblocks, b;
	char name[64];
	int k, err;

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
	for (b = 0; b < nblocks; b++)
		for (k = 0; k < RT_KINDS; k++)
			if (!only || !strcmp(only, rt_names[k]))
				t[k][b] = bench_loop(&sk, &req[k], block) /
					  block * 1e6;

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
	bench_result("ratio", us[RT_GET] / us[RT_CTRL], "x", "<=1.3");
	bench_result("ratio_one", us[RT_GET_ONE] / us[RT_CTRL], "x", NULL);
	bench_result("ratio_dev_get", us[RT_DEV] / us[RT_CTRL], "x", NULL);
	nl_close(&sk);
	return 0;
}
