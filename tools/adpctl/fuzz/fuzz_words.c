// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the words of the offline commands, each run whole
 * against the fake kernel as the command tests run them: "profile lint",
 * "profile simulate", "profile tune" and "histogram compare" (a fixed
 * histogram queued for its device, the profile from a file). The first
 * byte picks the command and text or JSON; the rest are its words, split
 * at blanks as a shell does without quotes. Inputs that would write files
 * (--svg) or name one (file) are left out, and so are runs and packets
 * above a thousand: the fuzzer is after the grammar, not long
 * simulations. For the same reason tune's search stops after
 * TUNE_FUZZ_PROFILES profiles (adp_tune_search_max): a whole search
 * scores tens of thousands and takes minutes under the instrumentation;
 * every other step of tune (its words, the fit, the rows it prints) runs
 * as in adpctl.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../tests/fake_kernel.h"
#include "../histogram.h"

#define WORDS_CAP	1000	/* runs, packets */
#define TUNE_FUZZ_PROFILES	32

/* A histogram of emu0 for compare: 3 fixed bins of 64 us. */
static void queue_histogram(void)
{
	struct nl_msg *msg = fake_reply(ROCE_ADP_CMD_HISTOGRAM_GET);
	struct nlattr *h, *c;
	int i;

	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, "emu0");
	h = nla_nest_start(msg, ROCE_ADP_A_HISTOGRAM);
	nla_put_u32(msg, ROCE_ADP_A_HIST_BIN_NUM, 3);
	for (i = 0; i < 3; i++)
		nla_put_u64(msg, ROCE_ADP_A_HIST_BIN_COUNT, 10 * (i + 1));
	c = nla_nest_start(msg, ROCE_ADP_A_HIST_CONFIG);
	nla_put_u8(msg, ROCE_ADP_A_HISTOGRAM_CONFIG_COUNT_ENABLE, 1);
	nla_put_u8(msg, ROCE_ADP_A_HISTOGRAM_CONFIG_CLEAR_ON_READ, 0);
	nla_put_u8(msg, ROCE_ADP_A_HISTOGRAM_CONFIG_VHCA_ID_VALID, 0);
	nla_put_u32(msg, ROCE_ADP_A_HISTOGRAM_CONFIG_TIME_UNIT,
		    ROCE_ADP_HIST_TIME_UNIT_US);
	nla_put_u32(msg, ROCE_ADP_A_HISTOGRAM_CONFIG_BIN_WIDTH_MODE,
		    ROCE_ADP_HIST_BIN_WIDTH_MODE_FIXED);
	nla_put_u32(msg, ROCE_ADP_A_HISTOGRAM_CONFIG_TIME_UNIT_CAP, 0xf);
	nla_put_u32(msg, ROCE_ADP_A_HISTOGRAM_CONFIG_BIN_NUM, 3);
	nla_put_u32(msg, ROCE_ADP_A_HISTOGRAM_CONFIG_BIN_NUM_MAX, 16);
	nla_put_u32(msg, ROCE_ADP_A_HISTOGRAM_CONFIG_VHCA_ID, 0);
	nla_put_u32(msg, ROCE_ADP_A_HISTOGRAM_CONFIG_BIN0_WIDTH, 64);
	nla_put_u32(msg, ROCE_ADP_A_HISTOGRAM_CONFIG_BIN1_WIDTH, 64);
	nla_nest_end(msg, c);
	nla_nest_end(msg, h);
}

/* Words the fuzzer does not run: files, and long simulations. */
static int unwanted(const char *line)
{
	char *copy = strdup(line), *w, *save = NULL, *prev = "";
	int bad = 0;

	if (!copy)
		return 1;
	for (w = strtok_r(copy, " ", &save); w && !bad;
	     prev = w, w = strtok_r(NULL, " ", &save)) {
		if (!strcmp(w, "--svg") || !strcmp(w, "file"))
			bad = 1;
		else if ((!strcmp(prev, "runs") || !strcmp(prev, "packets")) &&
			 strtoull(w, NULL, 0) > WORDS_CAP)
			bad = 1;
	}
	free(copy);
	return bad;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const cmds[] = { "lint", "simulate", "compare", "tune" };
	char line[FAKE_LINE_MAX], path[64];
	const char *cmd;
	size_t i, n, off = 0;
	int fd = -1;

	if (!size)
		return 0;
	adp_tune_search_max = TUNE_FUZZ_PROFILES;
	cmd = cmds[data[0] % 4];
	if (!strcmp(cmd, "compare")) {
		/* the profile from a file of its own; the rest is SIMULATE */
		fd = memfd_create("profile", 0);
		if (fd < 0)
			return 0;
		if (dprintf(fd, "time_base 8\nretx_total_timeout 16\nrange_num 1\n"
			    "timeout_init_low_bound 3\ntimeout_init_range_size 1\n"
			    "range 0 range_low_bound 3 range_size 2 timeout_retry_num 1\n") < 0)
			goto out;
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		off = snprintf(line, sizeof(line), "dev emu0 file %s ", path);
	}
	/* blanks and NULs split words; fake_run splits at spaces */
	n = size - 1 < sizeof(line) - 1 - off ? size - 1 : sizeof(line) - 1 - off;
	for (i = 0; i < n; i++) {
		char c = data[1 + i];

		line[off + i] = c == '\0' || c == '\t' || c == '\n' ? ' ' : c;
	}
	line[off + n] = '\0';
	if (unwanted(line + off))
		goto out;

	fake_reset();
	if (fd >= 0) {
		queue_histogram();
		fake_run("histogram", histogram_cmds, cmd, data[0] & 4, line);
	} else if (!strcmp(cmd, "tune")) {
		/* for "from-histogram dev emu0" */
		queue_histogram();
		fake_run("profile", profile_cmds, cmd, data[0] & 4, line);
	} else {
		fake_run("profile", profile_cmds, cmd, data[0] & 4, line);
	}
out:
	if (fd >= 0)
		close(fd);
	return 0;
}
