// SPDX-License-Identifier: GPL-2.0
/*
 * "adpctl histogram" and the histogram options of "profile simulate"
 * against the fake kernel: text, JSON, Prometheus and SVG of crafted
 * HISTOGRAM_GET replies, the requests of config and clear, every usage and
 * kernel error, and the prediction beside the measurement.  TAP.
 *
 * Requests as fake_req_str() renders them; the numbers are
 *   top level: 1 DEV_NAME, 21 HISTOGRAM (nest), 22 HISTOGRAM_CONFIG (nest)
 *   HISTOGRAM_CONFIG: 1 COUNT_ENABLE (u8), 2 CLEAR_ON_READ (u8),
 *     3 VHCA_ID_VALID (u8), 4 TIME_UNIT, 5 BIN_WIDTH_MODE, 6 TIME_UNIT_CAP,
 *     7 BIN_NUM, 8 BIN_NUM_MAX, 9 VHCA_ID, 10 BIN0_WIDTH, 11 BIN1_WIDTH
 *   HISTOGRAM: 1 PAD, 2 BIN_NUM, 3 BIN_COUNT (u64, one per bin), 4 CONFIG,
 *     5 AGE_MS
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fake_kernel.h"
#include "../histogram.h"
#include "../prom.h"

_Static_assert(ROCE_ADP_A_DEV_NAME == 1 && ROCE_ADP_A_HISTOGRAM == 21 &&
	       ROCE_ADP_A_HISTOGRAM_CONFIG == 22, "top-level numbers");
_Static_assert(ROCE_ADP_A_HISTOGRAM_CONFIG_COUNT_ENABLE == 1 &&
	       ROCE_ADP_A_HISTOGRAM_CONFIG_TIME_UNIT == 4 &&
	       ROCE_ADP_A_HISTOGRAM_CONFIG_BIN_NUM == 7 &&
	       ROCE_ADP_A_HISTOGRAM_CONFIG_VHCA_ID == 9 &&
	       ROCE_ADP_A_HISTOGRAM_CONFIG_BIN1_WIDTH == 11, "config numbers");
_Static_assert(ROCE_ADP_A_HIST_BIN_COUNT == 3 && ROCE_ADP_A_HIST_CONFIG == 4 &&
	       ROCE_ADP_A_HIST_AGE_MS == 5, "histogram numbers");

#ifndef PROM_CHECK
#define PROM_CHECK	"../../selftests/roce_adp/prom_check.py"
#endif

#define C(x)	ROCE_ADP_A_HISTOGRAM_CONFIG_##x

/* A device's histogram as the kernel would reply. */
struct fake_hist {
	const char *dev;
	uint32_t count_enable, clear_on_read, vhca_id_valid, time_unit, mode;
	uint32_t cap, bin_num, bin_num_max, vhca_id, w0, w1;
	uint64_t count[16];
	int ncount;		/* bin-count attributes; -1: bin_num of them */
	int age;		/* -1: no age-ms */
};

/* 5 bins fixed, 8 us then 2 us: 8, 10, 12, 14 us, +Inf. */
static const struct fake_hist fixed5 = {
	.dev = "emu0", .count_enable = 1, .time_unit = 1, .cap = 0xf,
	.bin_num = 5, .bin_num_max = 16, .w0 = 8, .w1 = 2,
	.count = { 3, 4, 3, 4, 11 }, .ncount = -1, .age = 120,
};

/* 4 bins double, 1 ms: 1, 2, 4 ms, +Inf; vhca 7, clear_on_read. */
static const struct fake_hist double4 = {
	.dev = "emu1", .count_enable = 0, .clear_on_read = 1,
	.vhca_id_valid = 1, .vhca_id = 7, .time_unit = 3, .mode = 1,
	.cap = 0x9, .bin_num = 4, .bin_num_max = 8, .w0 = 1, .w1 = 1,
	.count = { 0, 0, 0, 0 }, .ncount = -1, .age = -1,
};

static void put_hist(struct nl_msg *msg, const struct fake_hist *f)
{
	struct nlattr *h, *c;
	int i, n = f->ncount < 0 ? (int)f->bin_num : f->ncount;

	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, f->dev);
	h = nla_nest_start(msg, ROCE_ADP_A_HISTOGRAM);
	nla_put_u32(msg, ROCE_ADP_A_HIST_BIN_NUM, f->bin_num);
	for (i = 0; i < n; i++)
		nla_put_u64(msg, ROCE_ADP_A_HIST_BIN_COUNT, f->count[i]);
	c = nla_nest_start(msg, ROCE_ADP_A_HIST_CONFIG);
	nla_put_u8(msg, C(COUNT_ENABLE), f->count_enable);
	nla_put_u8(msg, C(CLEAR_ON_READ), f->clear_on_read);
	nla_put_u8(msg, C(VHCA_ID_VALID), f->vhca_id_valid);
	nla_put_u32(msg, C(TIME_UNIT), f->time_unit);
	nla_put_u32(msg, C(BIN_WIDTH_MODE), f->mode);
	nla_put_u32(msg, C(TIME_UNIT_CAP), f->cap);
	nla_put_u32(msg, C(BIN_NUM), f->bin_num);
	nla_put_u32(msg, C(BIN_NUM_MAX), f->bin_num_max);
	nla_put_u32(msg, C(VHCA_ID), f->vhca_id);
	nla_put_u32(msg, C(BIN0_WIDTH), f->w0);
	nla_put_u32(msg, C(BIN1_WIDTH), f->w1);
	nla_nest_end(msg, c);
	if (f->age >= 0)
		nla_put_u32(msg, ROCE_ADP_A_HIST_AGE_MS, f->age);
	nla_nest_end(msg, h);
}

static void reply(const struct fake_hist *f)
{
	put_hist(fake_reply(ROCE_ADP_CMD_HISTOGRAM_GET), f);
}

static int run(bool json, const char *line)
{
	const char *cmd = line;
	static char rest[FAKE_LINE_MAX];
	const char *sp = strchr(line, ' ');

	snprintf(rest, sizeof(rest), "%s", sp ? sp + 1 : "");
	if (sp) {
		static char name[32];

		snprintf(name, sizeof(name), "%.*s", (int)(sp - line), line);
		cmd = name;
	}
	return fake_run("histogram", histogram_cmds, cmd, json, rest);
}

#define FIXED5_TEXT \
	"emu0: count_enable on clear_on_read off vhca_id_valid off time_unit us bin_width_mode fixed\n" \
	"  time_unit_cap ns,us,100us,ms bin_num 5 bin_num_max 16 vhca_id 0 bin0_width 8 bin1_width 2, read 120ms ago\n" \
	"  25 timeouts\n" \
	"           0 .. 8us       ###########                                         3   12.00%\n" \
	"         8us .. 10us      ###############                                     4   16.00%\n" \
	"        10us .. 12us      ###########                                         3   12.00%\n" \
	"        12us .. 14us      ###############                                     4   16.00%\n" \
	"        14us .. +Inf      ########################################           11   44.00%\n"

static bool show_text(void)
{
	bool ok;

	fake_reset();
	reply(&fixed5);
	ok = outcome(run(false, "show dev emu0"), 0, FIXED5_TEXT, "");
	ok &= same("request", fake_req_str(), "1=\"emu0\"");
	return ok && fake.cmd == ROCE_ADP_CMD_HISTOGRAM_GET && !fake.flags;
}

static bool show_json(void)
{
	fake_reset();
	reply(&fixed5);
	return outcome_err(run(true, "show emu0"), 0, "") &&
	       python_accepts(out_buf,
		"[{'dev': 'emu0', 'count_enable': 1, 'clear_on_read': 0, "
		"'vhca_id_valid': 0, 'time_unit': 1, 'bin_width_mode': 0, "
		"'time_unit_cap': 15, 'bin_num': 5, 'bin_num_max': 16, "
		"'vhca_id': 0, 'bin0_width': 8, 'bin1_width': 2, 'age_ms': 120, "
		"'total': 25, 'bins': ["
		"{'low_ns': 0, 'high_ns': 8000, 'count': 3}, "
		"{'low_ns': 8000, 'high_ns': 10000, 'count': 4}, "
		"{'low_ns': 10000, 'high_ns': 12000, 'count': 3}, "
		"{'low_ns': 12000, 'high_ns': 14000, 'count': 4}, "
		"{'low_ns': 14000, 'high_ns': None, 'count': 11}]}]");
}

/* A dump: every device, the second all zero, double, a vhca, no age. */
static bool show_dump(void)
{
	bool ok;

	fake_reset();
	reply(&fixed5);
	reply(&double4);
	ok = outcome(run(false, "show"), 0, FIXED5_TEXT
		"emu1: count_enable off clear_on_read on vhca_id_valid on time_unit ms bin_width_mode double\n"
		"  time_unit_cap ns,ms bin_num 4 bin_num_max 8 vhca_id 7 bin0_width 1 bin1_width 1\n"
		"  0 timeouts\n"
		"           0 .. 1ms                                                           0    0.00%\n"
		"         1ms .. 2ms                                                           0    0.00%\n"
		"         2ms .. 4ms                                                           0    0.00%\n"
		"         4ms .. +Inf                                                          0    0.00%\n",
		"");
	return ok && fake.flags == NLM_F_DUMP && same("request", fake_req_str(), "");
}

#define PROM_TEXT \
	"# HELP roce_adp_retx_timeout_seconds Adaptive retransmission timeouts that fired, by timeout (ADP_RETX_HISTOGRAM; no _sum: the firmware counts no sum).\n" \
	"# TYPE roce_adp_retx_timeout_seconds histogram\n" \
	"roce_adp_retx_timeout_seconds_bucket{device=\"emu0\",le=\"0.000008\"} 3\n" \
	"roce_adp_retx_timeout_seconds_bucket{device=\"emu0\",le=\"0.00001\"} 7\n" \
	"roce_adp_retx_timeout_seconds_bucket{device=\"emu0\",le=\"0.000012\"} 10\n" \
	"roce_adp_retx_timeout_seconds_bucket{device=\"emu0\",le=\"0.000014\"} 14\n" \
	"roce_adp_retx_timeout_seconds_bucket{device=\"emu0\",le=\"+Inf\"} 25\n" \
	"roce_adp_retx_timeout_seconds_count{device=\"emu0\"} 25\n" \
	"roce_adp_retx_timeout_seconds_bucket{device=\"emu1\",le=\"0.001\"} 0\n" \
	"roce_adp_retx_timeout_seconds_bucket{device=\"emu1\",le=\"0.002\"} 0\n" \
	"roce_adp_retx_timeout_seconds_bucket{device=\"emu1\",le=\"0.004\"} 0\n" \
	"roce_adp_retx_timeout_seconds_bucket{device=\"emu1\",le=\"+Inf\"} 0\n" \
	"roce_adp_retx_timeout_seconds_count{device=\"emu1\"} 0\n"

/* text through prom_check.py: "ok", or its complaint printed. */
static bool prom_valid(const char *text, const char *args, const char *want)
{
	char cmd[512], got[4096], out[64];
	size_t n;
	FILE *fp;

	/* Its own file: make check may run beside another run of the test. */
	snprintf(out, sizeof(out), "/tmp/adpctl-prom.%d.out", (int)getpid());
	snprintf(cmd, sizeof(cmd), PYTHON " " PROM_CHECK " %s >%s", args, out);
	fp = popen(cmd, "w");
	if (!fp)
		return tap_missing(PYTHON);
	fputs(text, fp);
	if (pclose(fp) && !strcmp(want, "ok\n")) {
		printf("# prom_check.py refused it\n");
		return false;
	}
	fp = fopen(out, "r");
	if (!fp)
		return false;
	n = fread(got, 1, sizeof(got) - 1, fp);
	got[n] = '\0';
	fclose(fp);
	unlink(out);
	return same("prom_check.py", got, want);
}

/* A label value as the text format escapes it: \\, \" and \n. */
static bool prom_label_escaped(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	bool ok;

	if (!fp)
		return false;
	adp_prom_label(fp, "device", "a\\b\"c\nd", ",");
	fclose(fp);
	ok = same("label", buf, "device=\"a\\\\b\\\"c\\nd\",");
	free(buf);
	return ok;
}

static bool prometheus(void)
{
	bool ok;

	fake_reset();
	reply(&fixed5);
	reply(&double4);
	ok = outcome(run(false, "show --prometheus"), 0, PROM_TEXT, "");
	ok &= fake.flags == NLM_F_DUMP;
	ok &= prom_valid(PROM_TEXT, "", "ok\n");
	ok &= prom_valid(PROM_TEXT, "--dump",
		"{\"roce_adp_retx_timeout_seconds\": {\"device=emu0\": "
		"[[\"0.000008\", 3.0], [\"0.00001\", 7.0], [\"0.000012\", 10.0], "
		"[\"0.000014\", 14.0], [\"+Inf\", 25.0]], \"device=emu1\": "
		"[[\"0.001\", 0.0], [\"0.002\", 0.0], [\"0.004\", 0.0], "
		"[\"+Inf\", 0.0]]}}\n");
	/* The checker itself refuses what is not a histogram. */
	ok &= prom_valid("# TYPE x histogram\nx_bucket{le=\"1\"} 3\n"
			 "x_bucket{le=\"+Inf\"} 2\nx_count 2\n", "",
			 "x(): counts not cumulative at le inf\n");
	ok &= prom_valid("# TYPE x histogram\nx_bucket{le=\"1\"} 1\n"
			 "x_count 1\n", "",
			 "x(): the last bucket is not le=\"+Inf\"\n");
	ok &= prom_valid("# TYPE x histogram\nx_bucket{le=\"+Inf\"} 2\n"
			 "x_count 3\n", "",
			 "x(): _count 3.0 is not the +Inf bucket 2.0\n");
	return ok;
}

/* An empty file at path (a mkstemp() template) for --svg, f the reply. */
static bool svg_setup(char *path, const struct fake_hist *f)
{
	int fd = mkstemp(path);

	if (fd < 0)
		return false;
	close(fd);
	fake_reset();
	reply(f);
	return true;
}

/* What --svg wrote to path (empty if nothing), then path removed. */
static void read_svg(const char *path, char *buf, size_t size)
{
	FILE *fp = fopen(path, "r");
	size_t n = fp ? fread(buf, 1, size - 1, fp) : 0;

	buf[n] = '\0';
	if (fp)
		fclose(fp);
	unlink(path);
}

static bool svg(void)
{
	char path[] = "/tmp/adpctl-hist-XXXXXX", line[128], buf[65536];
	int bars = 0;
	bool ok;

	if (!svg_setup(path, &fixed5))
		return false;
	snprintf(line, sizeof(line), "show dev emu0 --svg %s", path);
	ok = outcome(run(false, line), 0, FIXED5_TEXT, "");
	read_svg(path, buf, sizeof(buf));
	for (char *p = buf; (p = strstr(p, "fill=\"#1f5fbf\"")); p++)
		bars++;
	ok &= strstr(buf, "<svg") && strstr(buf, "</svg>") &&
	      strstr(buf, ">&gt; 14us<") && strstr(buf, ">11<");
	if (bars != 5) {
		printf("# %d bars\n", bars);
		ok = false;
	}
	return ok;
}

static const struct usage_case show_usage[] = {
	{ "--svg /tmp/x", "--svg draws one device: give dev DEV" },
	{ "emu0 --prometheus --svg /tmp/x",
	  "--prometheus prints the Prometheus text format: no -j or --svg" },
	{ "emu0 emu1", "unexpected argument \"emu1\"" },
	{ "dev", "missing value for \"dev\"" },
	{ "--raw", "unknown option \"--raw\" (options go before the object)" },
};

/* show refuses the reply f with err, exit 1. */
static bool show_refuses(const struct fake_hist *f, const char *err)
{
	fake_reset();
	reply(f);
	return outcome(run(false, "show emu0"), 1, "", err);
}

static bool show_errors(void)
{
	struct fake_hist f;
	bool ok = usage_errors("histogram", histogram_cmds, "show", show_usage,
			       ARRAY_SIZE(show_usage));

	/* -j and --prometheus */
	fake_reset();
	ok &= outcome(run(true, "show --prometheus"), ADP_EXIT_USAGE, "",
		      "Error: --prometheus prints the Prometheus text format: no -j or --svg. Try \"adpctl histogram show help\".\n");
	/* The kernel's refusal, as it says it. */
	fake_reset();
	fake.error = EOPNOTSUPP;
	fake.extack = "device has no retransmission histogram";
	ok &= outcome(run(false, "show emu0"), ADP_EXIT_KERNEL, "",
		      "Error: device has no retransmission histogram.\n");
	/* Replies adpctl cannot trust. */
	f = fixed5;
	f.ncount = 4;
	ok &= show_refuses(&f, "Error: emu0: kernel reply with 4 bin counts for bin_num 5.\n");
	f = fixed5;
	f.w1 = 0;
	ok &= show_refuses(&f, "Error: emu0: histogram configuration has no bins: bin1_width must not be 0 when bin_num is above 1.\n");
	fake_reset();
	nla_put_string(fake_reply(ROCE_ADP_CMD_HISTOGRAM_GET),
		       ROCE_ADP_A_DEV_NAME, "emu0");
	ok &= outcome(run(false, "show emu0"), 1, "",
		      "Error: emu0: kernel reply without a valid histogram.\n");
	return ok;
}

/* A config line and the set it sends, after the get that reads the device. */
struct config_case {
	const char *line, *want;
};

static bool config_sends(const struct config_case *cases, size_t n)
{
	bool ok = true, one;
	size_t i;

	for (i = 0; i < n; i++) {
		fake_reset();
		reply(&fixed5);
		one = outcome(run(false, cases[i].line), 0, FIXED5_TEXT, "");
		one &= fake.cmd == ROCE_ADP_CMD_HISTOGRAM_SET;
		one &= same("request", fake_req_str(), cases[i].want);
		if (!one)
			printf("# for \"%s\"\n", cases[i].line);
		ok &= one;
	}
	return ok;
}

static bool config_requests(void)
{
	static const struct config_case cases[] = {
		/* The layout whole, in the finest unit: 8000 ns, 2000 ns. */
		{ "config dev emu0 bins 4 width0 8000ns width1 2us mode fixed",
		  "1=\"emu0\" 22{4=0 5=0 7=4 10=8000 11=2000}" },
		/* 100 ms needs 100us: both widths in it. */
		{ "config dev emu0 bins 8 width0 200us width1 100ms mode double",
		  "1=\"emu0\" 22{4=2 5=1 7=8 10=2 11=1000}" },
		/* Only the flags: no layout, no get needed. */
		{ "config dev emu0 count off clear_on_read on vhca 7",
		  "1=\"emu0\" 22{1=0/u8 2=1/u8 3=1/u8 9=7}" },
		{ "config dev emu0 vhca any",
		  "1=\"emu0\" 22{3=0/u8}" },
		/* A layout word alone keeps the others: 8 us and 2 us, fixed. */
		{ "config dev emu0 bins 10",
		  "1=\"emu0\" 22{4=0 5=0 7=10 10=8000 11=2000}" },
		{ "config dev emu0 mode double width1 4us",
		  "1=\"emu0\" 22{4=0 5=1 7=5 10=8000 11=4000}" },
		/* One bin: width1 not needed, sent as 0; 1 s is 10000 x 100 us. */
		{ "config dev emu0 bins 1 width0 1s",
		  "1=\"emu0\" 22{4=2 5=0 7=1 10=10000 11=0}" },
		/* nor a width1 given: one bin has no second width */
		{ "config dev emu0 bins 1 width0 1s width1 2us",
		  "1=\"emu0\" 22{4=2 5=0 7=1 10=10000 11=0}" },
	};

	return config_sends(cases, ARRAY_SIZE(cases));
}

/* The register's names (the keys of -j) and mlxreg's list form. */
static bool config_prm_words(void)
{
	static const struct config_case cases[] = {
		/* widths in time_unit, sent as given, not converted */
		{ "config dev emu0 bin_num 4 time_unit 1 bin0_width 8 bin1_width 2 "
		  "bin_width_mode 0 count_enable 1 clear_on_read 0 "
		  "vhca_id_valid 0 vhca_id 0",
		  "1=\"emu0\" 22{1=1/u8 2=0/u8 3=0/u8 4=1 5=0 7=4 10=8 11=2}" },
		/* mlxreg's list: 010 octal, 0x3 hex, the spec's and PRM's names */
		{ "config dev emu0 --set bin_num=010,bin_width_mode=BIN_DOUBLE,"
		  "time_unit=ms,bin0_width=0x3 --yes",
		  "1=\"emu0\" 22{4=3 5=1 7=8 10=3 11=2}" },
		{ "config dev emu0 time_unit=TIME_USEC_100,bin1_width=5",
		  "1=\"emu0\" 22{4=2 5=0 7=5 10=8 11=5}" },
		/* bin_width_mode beside times is mode */
		{ "config dev emu0 bin_width_mode double width1 4us",
		  "1=\"emu0\" 22{4=0 5=1 7=5 10=8000 11=4000}" },
		{ "config dev emu0 bin_num 10",
		  "1=\"emu0\" 22{4=0 5=0 7=10 10=8000 11=2000}" },
		{ "config dev emu0 count_enable true vhca_id_valid 1 vhca_id 7",
		  "1=\"emu0\" 22{1=1/u8 3=1/u8 9=7}" },
		{ "config dev emu0 vhca_id_valid false clear_on_read 1",
		  "1=\"emu0\" 22{2=1/u8 3=0/u8}" },
	};

	return config_sends(cases, ARRAY_SIZE(cases));
}

/*
 * "histogram show -j" fed back: its configuration keys as words set the
 * state it shows (the read-only limits and the counts are not words).
 */
static bool config_json_fed_back(void)
{
	static const char *const not_words[] = {
		"dev", "age_ms", "total", "bins", "time_unit_cap", "bin_num_max",
	};
	char line[512] = "config dev emu0";
	const struct config_case fed_back = {
		line, "1=\"emu0\" 22{1=1/u8 2=0/u8 3=0/u8 4=1 5=0 7=5 10=8 11=2}"
	};

	fake_reset();
	reply(&fixed5);
	if (!outcome_err(run(true, "show dev emu0"), 0, "") ||
	    !fake_json_words(out_buf, not_words, ARRAY_SIZE(not_words), line,
			     sizeof(line)))
		return false;
	printf("# %s\n", line);
	return config_sends(&fed_back, 1);
}

static const struct usage_case config_usage[] = {
	{ "", "missing argument \"dev\"" },
	{ "dev emu0", "nothing to configure: give bins, width0, width1, mode, count, clear_on_read or vhca" },
	{ "dev emu0 bins 0", "invalid value \"0\" for \"bins\": expected 1..255" },
	{ "dev emu0 bins x", "invalid value \"x\" for \"bins\": expected a number up to 4294967295" },
	{ "dev emu0 count maybe", "invalid value \"maybe\" for \"count\": expected \"on\" or \"off\"" },
	{ "dev emu0 vhca 65536", "invalid value \"65536\" for \"vhca\": expected any or a vhca_id 0..65535" },
	{ "dev emu0 vhca -1", "invalid value \"-1\" for \"vhca\": expected any or a vhca_id 0..65535" },
	{ "dev emu0 emu1", "unexpected argument \"emu1\"" },
	{ "dev emu0 count on count off", "\"count\" is given twice" },
	{ "dev emu0 bins 4 bin_num 4", "\"bins\" and \"bin_num\" are one field: give one" },
	{ "dev emu0 count on count_enable 1", "\"count\" and \"count_enable\" are one field: give one" },
	{ "dev emu0 mode fixed bin_width_mode 0", "\"mode\" and \"bin_width_mode\" are one field: give one" },
	{ "dev emu0 vhca 7 vhca_id 7", "\"vhca\" and \"vhca_id_valid\"/\"vhca_id\" say the same: give one" },
	{ "dev emu0 width0 8us bin0_width 8", "give the widths as times (width0, width1) or in time_unit (bin0_width, bin1_width), not both" },
	{ "dev emu0 bin_num_max 16", "\"bin_num_max\" is read only (a limit of the device)" },
	{ "dev emu0 time_unit_cap 15", "\"time_unit_cap\" is read only (a limit of the device)" },
	{ "dev emu0 vhca_id_valid on", "\"vhca_id_valid on\" needs \"vhca_id\"" },
	{ "dev emu0 bin_width_mode half", "invalid value \"half\" for \"bin_width_mode\": expected fixed, double or 0..1" },
	{ "dev emu0 bin_num=0", "invalid value \"0\" for \"bin_num\": expected 1..255" },
	{ "dev emu0 count_enable=2", "invalid value \"2\" for \"count_enable\": expected \"on\" or \"off\"" },
};

/* emu1 with milliseconds only. */
static const struct fake_hist ms_only = {
	.dev = "emu1", .time_unit = 3, .cap = 0x8, .bin_num = 4,
	.bin_num_max = 8, .w0 = 1, .w1 = 1, .ncount = -1, .age = -1,
};

/* The lines refused once the device's units and limits are known. */
static const struct {
	const struct fake_hist *f;
	const char *line, *msg;
} config_refusals[] = {
	{ &fixed5, "config dev emu0 bins 17",
	  "invalid value \"17\" for \"bins\": expected 1..16" },
	{ &fixed5, "config dev emu0 mode half",
	  "invalid value \"half\" for \"mode\": expected fixed or double" },
	{ &fixed5, "config dev emu0 width0 0",
	  "invalid value \"0\" for \"width0\": bin 0 must be wider than 0" },
	{ &fixed5, "config dev emu0 width1 0ms",
	  "invalid value \"0ms\" for \"width1\": must be above 0 with more than one bin" },
	{ &fixed5, "config dev emu0 width0 soon",
	  "invalid value \"soon\" for \"width0\": expected a time such as 30ms, 1.5ms, 100us or 2s" },
	{ &fixed5, "config dev emu0 width0 70s",
	  "width0 70s is too large: at most 65.535s (65535 ms)" },
	{ &fixed5, "config dev emu0 width0 1500.5us",
	  "width0 1500.5us is not a whole number of us, the finest supported time unit that holds it" },
	{ &ms_only, "config dev emu1 width0 1500us",
	  "width0 1.5ms is not a whole number of ms, the finest supported time unit that holds it" },
	{ &fixed5, "config dev emu0 time_unit 4",
	  "invalid value \"4\" for \"time_unit\": expected ns, us, 100us, ms or 0..3" },
	{ &ms_only, "config dev emu1 time_unit us",
	  "invalid value \"us\" for \"time_unit\": the device's time_unit_cap is 0x8" },
	{ &fixed5, "config dev emu0 bin0_width 0",
	  "invalid value \"0\" for \"bin0_width\": expected 1..65535 (in time_unit)" },
	{ &fixed5, "config dev emu0 bin1_width 0x10000",
	  "invalid value \"0x10000\" for \"bin1_width\": expected 1..65535 (in time_unit)" },
	{ &fixed5, "config dev emu0 bin_width_mode 2 bin0_width 8",
	  "invalid value \"2\" for \"bin_width_mode\": expected fixed, double or 0..1" },
	{ &fixed5, "config dev emu0 bin_num 17 time_unit 1",
	  "invalid value \"17\" for \"bin_num\": expected 1..16" },
	{ &fixed5, "config dev emu0 width0 8us width1 100ms",
	  "width0 8us is not a whole number of 100us, the time unit width1 100ms needs (the widths share one)" },
};

/* Refusals that need the device's units and limits: after the get. */
static bool config_refused(const struct fake_hist *f, const char *line,
			   const char *msg)
{
	char want[512];
	bool ok;

	fake_reset();
	reply(f);
	snprintf(want, sizeof(want),
		 "Error: %s. Try \"adpctl histogram config help\".\n", msg);
	ok = outcome(run(false, line), ADP_EXIT_USAGE, "", want) && fake.calls == 1 &&
	     fake.cmd == ROCE_ADP_CMD_HISTOGRAM_GET;
	if (!ok)
		printf("# for \"%s\"\n", line);
	return ok;
}

static bool config_errors(void)
{
	size_t i;
	bool ok;

	ok = usage_errors("histogram", histogram_cmds, "config", config_usage,
			  ARRAY_SIZE(config_usage));
	for (i = 0; i < ARRAY_SIZE(config_refusals); i++)
		ok &= config_refused(config_refusals[i].f, config_refusals[i].line,
				     config_refusals[i].msg);
	/* The get fails: nothing is set. */
	fake_reset();
	fake.error = EOPNOTSUPP;
	fake.extack = "device has no retransmission histogram";
	ok &= outcome(run(false, "config dev emu0 bins 4"), ADP_EXIT_KERNEL, "",
		      "Error: device has no retransmission histogram.\n") &&
	      fake.calls == 1;
	/* The set refused by the kernel, as it says it. */
	fake_reset();
	fake.error = EPERM;
	ok &= outcome(run(false, "config dev emu0 count on"), ADP_EXIT_KERNEL, "",
		      "Error: Operation not permitted.\n") &&
	      fake.cmd == ROCE_ADP_CMD_HISTOGRAM_SET;
	return ok;
}

static const struct usage_case clear_usage[] = {
	{ "", "missing argument \"dev\"" },
	{ "emu0 emu1", "unexpected argument \"emu1\"" },
};

static bool clear(void)
{
	bool ok;

	fake_reset();
	reply(&fixed5);
	ok = outcome(run(false, "clear emu0"), 0, FIXED5_TEXT, "");
	ok &= fake.cmd == ROCE_ADP_CMD_HISTOGRAM_CLEAR &&
	      same("request", fake_req_str(), "1=\"emu0\"");
	/* A reply without the histogram prints nothing. */
	fake_reset();
	ok &= outcome(run(false, "clear dev emu0"), 0, "", "");
	fake_reset();
	fake.error = EPERM;
	ok &= outcome(run(false, "clear dev emu0"), ADP_EXIT_KERNEL, "",
		      "Error: Operation not permitted.\n");
	return ok && usage_errors("histogram", histogram_cmds, "clear",
				  clear_usage, ARRAY_SIZE(clear_usage));
}

/*
 * A profile whose timeline is worked by hand: 8 us base, one range 64 us
 * .. 256 us retried once, initial timeout 64 us, the first 4
 * transmissions lost.  Timers fire at 64 us (the initial timeout, retried
 * once), 64 us, 128 us and 256 us: 64 us twice, 128 us and 256 us once.
 */
#define PROF "time_base 8 retx_total_timeout 16 range_num 1 " \
	"timeout_init_low_bound 3 timeout_init_range_size 1 range 0 " \
	"range_low_bound 3 range_size 2 timeout_retry_num 1 " \
	"ack_timeout 14 retry_count 7 drop 4 seed 1"

static bool sim_events(void)
{
	bool ok;

	fake_reset();
	ok = outcome(fake_run("profile", profile_cmds, "simulate", false,
			      PROF " --events"), 0,
		     "64000 2\n128000 1\n256000 1\n", "");
	/* The same events, -j: the knob's two numbers by name. */
	fake_reset();
	ok &= outcome(fake_run("profile", profile_cmds, "simulate", true,
			       PROF " --events"), 0,
		      "[{\"timeout_ns\":64000,\"count\":2},"
		      "{\"timeout_ns\":128000,\"count\":1},"
		      "{\"timeout_ns\":256000,\"count\":1}]\n", "");
	return ok;
}

/* The "timeouts_histogram" of simulate -j: edges and counts by hand. */
static bool sim_bins(void)
{
	bool ok;

	fake_reset();
	ok = outcome_err(fake_run("profile", profile_cmds, "simulate", true,
				  PROF " --bins 3 width0 64us width1 64us mode fixed"),
			 0, "");
	/* 64 us is 64000 ns: the finest unit. */
	ok &= contains("stdout", out_buf,
		"\"timeouts_histogram\":{\"time_unit\":0,"
		"\"bin_width_mode\":0,\"bin_num\":3,"
		"\"bin0_width\":64000,\"bin1_width\":64000,\"total\":4,"
		"\"bins\":[{\"low_ns\":0,\"high_ns\":64000,\"count\":2},"
		"{\"low_ns\":64000,\"high_ns\":128000,\"count\":1},"
		"{\"low_ns\":128000,\"high_ns\":null,\"count\":1}]}");
	/* Text: the chart after the timeline. */
	fake_reset();
	ok &= outcome_err(fake_run("profile", profile_cmds, "simulate", false,
				   PROF " --bins 3 width0 64us width1 64us mode fixed"),
			  0, "");
	ok &= contains("stdout", out_buf,
		"\ntimeouts that fired, binned as --bins: time_unit ns bin_width_mode fixed bin_num 3 bin0_width 64000 bin1_width 64000\n"
		"  4 timeouts\n"
		"           0 .. 64us      ########################################            2   50.00%\n"
		"        64us .. 128us     ####################                                1   25.00%\n"
		"       128us .. +Inf      ####################                                1   25.00%\n");
	/* --histogram DEV: the device's layout, from a get. */
	fake_reset();
	reply(&fixed5);
	ok &= outcome_err(fake_run("profile", profile_cmds, "simulate", true,
				   PROF " --histogram dev emu0"), 0, "");
	ok &= fake.cmd == ROCE_ADP_CMD_HISTOGRAM_GET &&
	      strstr(out_buf, "{\"low_ns\":14000,\"high_ns\":null,\"count\":4}") &&
	      strstr(out_buf, "\"dev\":\"emu0\"");
	return ok;
}

static const struct usage_case sim_usage[] = {
	{ PROF " width0 8us", "\"width0\" belongs to --bins N" },
	{ PROF " --bins 2 width0 8us mode fixed --histogram emu0",
	  "give one of --histogram DEV and --bins N" },
	{ PROF " --bins 0", "invalid value \"0\" for \"--bins\": expected 1..255" },
	{ PROF " --bins 2 width0 8us mode fixed",
	  "missing argument \"width1\": 2 bins need it" },
	{ PROF " --bins 2 width0 8us width1 8us", "missing argument \"mode\"" },
	{ PROF " --bins 2 width1 8us mode fixed", "missing argument \"width0\"" },
	{ PROF " --bins 300 width0 8us width1 8us mode fixed",
	  "invalid value \"300\" for \"bins\": expected 1..255" },
	{ PROF " --events --bins 1 width0 8us",
	  "--events prints the timeouts as the hist_event knob takes them: no bins or --svg" },
	{ PROF " --events --svg /tmp/x",
	  "--events prints the timeouts as the hist_event knob takes them: no bins or --svg" },
};

static bool sim_errors(void)
{
	bool ok = usage_errors("profile", profile_cmds, "simulate", sim_usage,
			       ARRAY_SIZE(sim_usage));

	return ok;
}

static char prof_path[64];

/* The profile of PROF in a file, for compare's "file". */
static bool write_prof(void)
{
	FILE *fp;
	int fd;

	snprintf(prof_path, sizeof(prof_path), "/tmp/adpctl-hist-prof-XXXXXX");
	fd = mkstemp(prof_path);
	if (fd < 0)
		return false;
	fp = fdopen(fd, "w");
	fputs("time_base 8\nretx_total_timeout 16\nrange_num 1\n"
	      "timeout_init_low_bound 3\ntimeout_init_range_size 1\n"
	      "range 0 range_low_bound 3 range_size 2 timeout_retry_num 1\n", fp);
	return !fclose(fp);
}

#define SIM_WORDS "ack_timeout 14 retry_count 7 drop 4 seed 1"

static bool compare_same(void)
{
	struct fake_hist f = fixed5;
	char line[256], want[2048];
	bool ok;

	/* The device counted what the simulation fired: 64, 64, 128, 256 us. */
	f.bin_num = 3;
	f.w0 = 64;
	f.w1 = 64;
	f.count[0] = 20;
	f.count[1] = 10;
	f.count[2] = 10;
	if (!write_prof())
		return false;
	fake_reset();
	reply(&f);
	snprintf(line, sizeof(line), "compare dev emu0 file %s " SIM_WORDS,
		 prof_path);
	ok = outcome_err(run(false, line), 0, "");
	ok &= contains("stdout", out_buf,
		"emu0: count_enable on clear_on_read off vhca_id_valid off time_unit us bin_width_mode fixed\n"
		"  time_unit_cap ns,us,100us,ms bin_num 3 bin_num_max 16 vhca_id 0 bin0_width 64 bin1_width 64, read 120ms ago\n"
		"  measured: 40 timeouts\n"
		"  predicted: 4 timeouts of ");
	ok &= contains("stdout", out_buf,
		"           0 .. 64us                20            2   50.00%   50.00%    +0.00\n"
		"        64us .. 128us               10            1   25.00%   25.00%    +0.00\n"
		"       128us .. +Inf                10            1   25.00%   25.00%    +0.00\n");
	ok &= contains("stdout", out_buf,
		"  no difference: measured and predicted shares agree in every bin\n"
		"  bin ");
	fake_reset();
	reply(&f);
	ok &= outcome_err(run(true, line), 0, "");
	snprintf(want, sizeof(want),
		"[{'dev': 'emu0', 'count_enable': 1, 'clear_on_read': 0, "
		"'vhca_id_valid': 0, 'time_unit': 1, 'bin_width_mode': 0, "
		"'time_unit_cap': 15, 'bin_num': 3, 'bin_num_max': 16, "
		"'vhca_id': 0, 'bin0_width': 64, 'bin1_width': 64, 'age_ms': 120, "
		"'measured_total': 40, 'predicted_total': 4, "
		"'prediction': '%s profile 1, ack_timeout 14, retry_count 7: "
		"the first 4 transmissions lost, rtt 0, 1 packet, 1 QP (seed 1)', "
		"'same': True, 'bins': ["
		"{'low_ns': 0, 'high_ns': 64000, 'measured': 20, 'predicted': 2, "
		"'measured_share': 0.5, 'predicted_share': 0.5, 'difference': 0, 'largest': False}, "
		"{'low_ns': 64000, 'high_ns': 128000, 'measured': 10, 'predicted': 1, "
		"'measured_share': 0.25, 'predicted_share': 0.25, 'difference': 0, 'largest': False}, "
		"{'low_ns': 128000, 'high_ns': None, 'measured': 10, 'predicted': 1, "
		"'measured_share': 0.25, 'predicted_share': 0.25, 'difference': 0, 'largest': False}]}]",
		prof_path);
	ok &= python_accepts(out_buf, want);
	return ok;
}

static bool compare_differs(void)
{
	char line[320], path[] = "/tmp/adpctl-cmp-XXXXXX", buf[65536];
	bool ok;

	/* Five bins: 8, 10, 12, 14 us, +Inf: the prediction is all in +Inf. */
	if (!svg_setup(path, &fixed5))
		return false;
	snprintf(line, sizeof(line), "compare dev emu0 file %s --svg %s " SIM_WORDS,
		 prof_path, path);
	ok = outcome_err(run(false, line), 0, "");
	/* The three largest: -56, +16, +16; bin 0's +12 is not marked. */
	ok &= contains("stdout", out_buf,
		"           0 .. 8us                  3            0   12.00%    0.00%   +12.00\n"
		"         8us .. 10us                 4            0   16.00%    0.00%   +16.00  <<\n"
		"        10us .. 12us                 3            0   12.00%    0.00%   +12.00\n"
		"        12us .. 14us                 4            0   16.00%    0.00%   +16.00  <<\n"
		"        14us .. +Inf                11            4   44.00%  100.00%   -56.00  <<\n");
	ok &= contains("stdout", out_buf,
		"  <<: the largest differences (diff: measured share - predicted share, in points)\n"
		"  bin ");
	read_svg(path, buf, sizeof(buf));
	ok &= strstr(buf, ">measured<") && strstr(buf, ">predicted<") &&
	      strstr(buf, ">100.0%<");
	return ok;
}

static const struct usage_case compare_usage[] = {
	{ SIM_WORDS, "missing argument \"dev\" or \"measured\"" },
	{ "dev emu0 dev emu1 " SIM_WORDS, "\"dev\" is given twice" },
	{ "dev emu0 " SIM_WORDS " --svg", "missing value for \"--svg\"" },
	{ "dev emu0 ack_timeout 14 retry_count 7",
	  "give one scenario: outage TIME, drop N or loss P" },
	{ "dev emu0 " SIM_WORDS " --events",
	  "the prediction is binned as the device's histogram: no --events, --histogram, --bins or --svg among the simulate words" },
};

static bool compare_errors(void)
{
	char line[256];
	bool ok = usage_errors("histogram", histogram_cmds, "compare",
			       compare_usage, ARRAY_SIZE(compare_usage));

	/* The device has no histogram: said after the simulation. */
	fake_reset();
	fake.error = EOPNOTSUPP;
	fake.extack = "device has no retransmission histogram";
	snprintf(line, sizeof(line), "compare dev emu0 file %s " SIM_WORDS,
		 prof_path);
	ok &= outcome(run(false, line), ADP_EXIT_KERNEL, "",
		      "Error: device has no retransmission histogram.\n");
	unlink(prof_path);
	return ok;
}

/*
 * adpctl metrics: the histograms (as counters) after the configuration state, a device
 * without one (a reply without the nest) skipped; the whole page valid.
 */
static bool metrics_page(void)
{
	const char *tail;
	bool ok;

	fake_reset();
	reply(&fixed5);
	nla_put_string(fake_reply(ROCE_ADP_CMD_DEV_GET), ROCE_ADP_A_DEV_NAME,
		       "emu1");
	ok = outcome_err(fake_run("metrics", metrics_cmds, "metrics", false,
				  "--config /nonexistent/roce_adp"), 0, "");
	tail = strstr(out_buf, "# HELP roce_adp_retx_timeouts_total ");
	ok &= tail && same("histogram series", tail,
		"# HELP roce_adp_retx_timeouts_total Adaptive retransmission timeouts that fired with a timeout of at most upper_bound seconds (ADP_RETX_HISTOGRAM's bins, cumulative; upper_bound=\"+Inf\": all).\n"
		"# TYPE roce_adp_retx_timeouts_total counter\n"
		"roce_adp_retx_timeouts_total{device=\"emu0\",upper_bound=\"0.000008\"} 3\n"
		"roce_adp_retx_timeouts_total{device=\"emu0\",upper_bound=\"0.00001\"} 7\n"
		"roce_adp_retx_timeouts_total{device=\"emu0\",upper_bound=\"0.000012\"} 10\n"
		"roce_adp_retx_timeouts_total{device=\"emu0\",upper_bound=\"0.000014\"} 14\n"
		"roce_adp_retx_timeouts_total{device=\"emu0\",upper_bound=\"+Inf\"} 25\n");
	/* No histogram in the textfile: node_exporter would add a _sum. */
	ok &= !strstr(out_buf, "histogram") && !strstr(out_buf, "_sum");
	ok &= fake.cmd == ROCE_ADP_CMD_HISTOGRAM_GET && fake.flags == NLM_F_DUMP;
	ok &= contains("stdout", out_buf,
		"roce_adp_device_info{device=\"emu1\"");
	return ok && prom_valid(out_buf, "", "ok\n");
}

/* adpctl monitor: a histogram-ntf as one line, and in JSON. */
static bool monitor_ntf(void)
{
	bool ok;

	fake_reset();
	put_hist(fake_reply(ROCE_ADP_CMD_HISTOGRAM_NTF), &fixed5);
	ok = outcome_err(fake_run("monitor", monitor_cmds, "monitor", false, ""),
			 0, "");
	ok &= contains("stdout", out_buf,
		" histogram-ntf emu0: histogram count_enable on "
		"clear_on_read off vhca_id_valid off time_unit us "
		"bin_width_mode fixed time_unit_cap ns,us,100us,ms "
		"bin_num 5 bin_num_max 16 vhca_id 0 bin0_width 8 "
		"bin1_width 2, 25 timeouts by bin 3,4,3,4,11\n");
	fake_reset();
	put_hist(fake_reply(ROCE_ADP_CMD_HISTOGRAM_NTF), &fixed5);
	ok &= outcome_err(fake_run("monitor", monitor_cmds, "monitor", true, ""),
			  0, "");
	return ok && python_accepts(out_buf,
		"{'time': v['time'], 'event': 'histogram-ntf', 'dev': 'emu0', "
		"'histogram': {'count_enable': 1, 'clear_on_read': 0, "
		"'vhca_id_valid': 0, 'time_unit': 1, 'bin_width_mode': 0, "
		"'time_unit_cap': 15, 'bin_num': 5, 'bin_num_max': 16, "
		"'vhca_id': 0, 'bin0_width': 8, 'bin1_width': 2, 'total': 25, "
		"'counts': [3, 4, 3, 4, 11]}}");
}

TAP_MAIN(
	{ "show: bar chart, edges, counts, shares, age", show_text },
	{ "show -j: PRM names, edges in ns, +Inf as null", show_json },
	{ "show without dev: a dump, double mode, vhca, no age", show_dump },
	{ "show --prometheus: cumulative buckets, +Inf, _count; prom_check.py", prometheus },
	{ "show --svg: one bar per bin", svg },
	{ "show: usage, kernel and reply errors", show_errors },
	{ "config: the set sent, widths in the best unit, read-modify-write", config_requests },
	{ "config: usage errors, units the device lacks, kernel errors", config_errors },
	{ "config: the register's names and mlxreg's list form", config_prm_words },
	{ "config: show -j's keys fed back set the state shown", config_json_fed_back },
	{ "clear: request, reply, EPERM, usage", clear },
	{ "simulate --events: the timeouts that fired, by hand, text and -j", sim_events },
	{ "simulate --bins, --histogram: binned as the layout says", sim_bins },
	{ "simulate: histogram option errors", sim_errors },
	{ "compare: the device counted the prediction: no difference", compare_same },
	{ "compare: differences, the three largest marked, SVG", compare_differs },
	{ "compare: usage and kernel errors", compare_errors },
	{ "metrics: the histograms after the state, valid Prometheus", metrics_page },
	{ "prometheus: a label value's backslash, double quote and newline escaped",
	  prom_label_escaped },
	{ "monitor: a histogram-ntf on one line", monitor_ntf },
)
