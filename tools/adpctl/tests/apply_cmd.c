// SPDX-License-Identifier: GPL-2.0
/*
 * "adpctl apply" against a fake device that keeps its state: the
 * difference it prints, the fewest writes (requests counted and read
 * back), idempotence, --check, exit codes, all-or-nothing on invalid
 * profiles and fixed enables, file errors, directories, JSON.  TAP.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fake_kernel.h"

/* The one device, emu0: enables, which may change, caps, profile 1. */
static struct {
	struct adp_vals accl, conf, caps;
	struct profile p1;
	int accl_sets, profile_sets;
	char last_set[512];
} dev;

/* x[] into the attributes from first on. */
static void vals_at(struct adp_vals *v, int first, const uint32_t *x, int n)
{
	int i;

	memset(v, 0, sizeof(*v));
	for (i = 0; i < n; i++) {
		v->v[first + i] = x[i];
		v->has[first + i] = true;
	}
}

#define vals(v, x, n)	vals_at(v, 1, x, n)

static void dev_reset(void)
{
	static const uint32_t en[] = { 0, 0, 1, 0, 0, 0, 0 };
	static const uint32_t conf[] = { 1, 0, 1, 1, 1, 0, 0 };
	static const uint32_t caps[] = { 1, 4, 4000 };
	/* id, qp_total_timeout, range_num, start, unit, base, total, lo, size */
	static const uint32_t p1[] = { 1, 0, 2, 0, 1, 4, 20, 1, 1 };
	/* prev, dec_mode, retries, low_bound, size */
	static const uint32_t r0[] = { 0, 1, 3, 1, 2 };
	static const uint32_t r1[] = { 0, 1, 3, 4, 2 };

	memset(&dev, 0, sizeof(dev));
	vals(&dev.accl, en, 7);
	vals(&dev.conf, conf, 7);
	vals(&dev.caps, caps, 3);
	vals(&dev.p1.v, p1, 9);
	vals_at(&dev.p1.range[0], ROCE_ADP_A_RANGE_PREV_RANGE_INDEX, r0, 5);
	vals_at(&dev.p1.range[1], ROCE_ADP_A_RANGE_PREV_RANGE_INDEX, r1, 5);
	dev.p1.has_range[0] = dev.p1.has_range[1] = true;
}

static void put_vals(struct nl_msg *msg, int type, const struct adp_field *f,
		     const struct adp_vals *v)
{
	struct nlattr *nest = nla_nest_start(msg, type | NLA_F_NESTED);

	adp_vals_put(msg, f, v);
	nla_nest_end(msg, nest);
}

static void overlay(struct adp_vals *to, const struct adp_vals *from)
{
	int i;

	for (i = 0; i < ADP_NEST_ATTRS; i++)
		if (from->has[i])
			to->v[i] = from->v[i];
}

/* A set changes the state; every request is answered with the state. */
static void gen(unsigned int i, struct nl_msg *msg)
{
	struct genlmsghdr *gnlh = nlmsg_data(nlmsg_hdr(fake.req));
	struct nlattr *tb[ROCE_ADP_A_MAX + 1], *nest;
	struct adp_vals v;
	struct profile p;
	int r;

	(void)i;
	nla_parse(tb, ROCE_ADP_A_MAX, genlmsg_attrdata(gnlh, 0),
		  genlmsg_attrlen(gnlh, 0), NULL);
	if (fake.cmd == ROCE_ADP_CMD_ACCL_SET) {
		dev.accl_sets++;
		snprintf(dev.last_set, sizeof(dev.last_set), "%s",
			 fake_req_str());
		adp_vals_parse(adp_accl_fields, tb[ROCE_ADP_A_ACCL], &v, "x");
		overlay(&dev.accl, &v);
	} else if (fake.cmd == ROCE_ADP_CMD_PROFILE_SET) {
		dev.profile_sets++;
		snprintf(dev.last_set, sizeof(dev.last_set), "%s",
			 fake_req_str());
		profile_decode(tb[ROCE_ADP_A_PROFILE], &p);
		overlay(&dev.p1.v, &p.v);
		for (r = 0; r < ROCE_ADP_RANGES_MAX; r++)
			overlay(&dev.p1.range[r], &p.range[r]);
	}

	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, "emu0");
	if (fake.cmd == ROCE_ADP_CMD_PROFILE_GET) {
		nest = nla_nest_start(msg, ROCE_ADP_A_PROFILE | NLA_F_NESTED);
		adp_vals_put(msg, adp_profile_fields, &dev.p1.v);
		for (r = 0; r < 2; r++) {
			struct nlattr *range;

			range = nla_nest_start(msg, ROCE_ADP_A_PROFILE_RANGE |
						    NLA_F_NESTED);
			nla_put_u32(msg, ROCE_ADP_A_RANGE_INDEX, r);
			adp_vals_put(msg, adp_range_fields, &dev.p1.range[r]);
			nla_nest_end(msg, range);
		}
		nla_nest_end(msg, nest);
	} else {
		put_vals(msg, ROCE_ADP_A_CAPS, adp_caps_fields, &dev.caps);
		put_vals(msg, ROCE_ADP_A_ACCL, adp_accl_fields, &dev.accl);
		put_vals(msg, ROCE_ADP_A_ACCL_CONFIGURABLE, adp_accl_fields,
			 &dev.conf);
	}
}

static char dir[] = "/tmp/adpctl-apply.XXXXXX";

static const char *file(const char *name, const char *text)
{
	static char path[256];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fp = fopen(path, "w");
	fputs(text, fp);
	fclose(fp);
	return path;
}

static int apply(bool json, const char *args)
{
	fake_reset();
	fake.gen = gen;
	fake.gen_count = 1;
	return fake_run("apply", apply_cmds, "apply", json, args);
}

#define SITE \
	"# site defaults\n" \
	"[all]\n" \
	"roce_adp_retrans_en on   # the point of it all\n" \
	"roce_slow_restart_en on\n" \
	"\n" \
	"[dev emu0 profile 1]\n" \
	"time_base 8 retx_total_timeout 20\n" \
	"range 1 timeout_retry_num 5 dec_mode div2\n"

static bool test_first_run_fewest_writes(void)
{
	const char *f;
	bool ok;

	dev_reset();
	f = file("site.conf", SITE);
	ok = outcome(apply(false, f), ADP_EXIT_CHANGED,
		     "emu0: roce_adp_retrans_en off -> on\n"
		     "emu0 profile 1: time_base 4 -> 8\n"
		     "emu0 profile 1: timeout_range[1].timeout_retry_num 3 -> 5\n"
		     "3 changes made\n", "");
	/* One write each, with only the fields that differ. */
	ok &= dev.accl_sets == 1 && dev.profile_sets == 1;
	ok &= same("profile-set", dev.last_set,
		   "1=\"emu0\" 10{1=1 6=8 10{1=1 4=5}}");
	ok &= dev.accl.v[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN] == 1 &&
	      dev.p1.v.v[ROCE_ADP_A_PROFILE_TIME_BASE] == 8 &&
	      dev.p1.range[1].v[ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM] == 5;
	if (!ok)
		printf("# accl_sets %d profile_sets %d\n", dev.accl_sets,
		       dev.profile_sets);
	return ok;
}

static bool test_second_run_unchanged(void)
{
	const char *f = file("site.conf", SITE);
	bool ok;

	/* The state the first run left. */
	ok = outcome(apply(false, f), ADP_EXIT_OK, "no changes\n", "");
	return ok && dev.accl_sets == 1 && dev.profile_sets == 1;
}

static bool test_check_writes_nothing(void)
{
	const char *f;
	bool ok;

	char args[300];

	dev_reset();
	f = file("site.conf", SITE);
	snprintf(args, sizeof(args), "--check %s", f);
	ok = outcome(apply(false, args), ADP_EXIT_CHANGED,
		     "emu0: roce_adp_retrans_en off -> on\n"
		     "emu0 profile 1: time_base 4 -> 8\n"
		     "emu0 profile 1: timeout_range[1].timeout_retry_num 3 -> 5\n"
		     "3 changes to make (--check: nothing written)\n", "");
	/* Only reads went out. */
	ok &= fake.cmd == ROCE_ADP_CMD_PROFILE_GET;
	return ok && dev.accl_sets == 0 && dev.profile_sets == 0 &&
	       dev.p1.v.v[ROCE_ADP_A_PROFILE_TIME_BASE] == 4;
}

static bool test_invalid_profile_writes_nothing(void)
{
	const char *f;
	bool ok;

	dev_reset();
	/* The enable is fine, the profile is not: neither is written. */
	f = file("bad.conf", "[all]\nroce_adp_retrans_en on\n"
		 "[all profile 1]\ntime_base 6\n");
	ok = outcome_err(apply(false, f), ADP_EXIT_FAIL,
			 "Error: emu0: profile 1: time_base must be a power of two.\n");
	return ok && dev.accl_sets == 0 && dev.profile_sets == 0;
}

static bool test_fixed_enable(void)
{
	const char *f;
	bool ok;

	dev_reset();
	f = file("fixed.conf", "[dev emu0]\nroce_tx_window_en on\n");
	ok = outcome(apply(false, f), ADP_EXIT_FAIL, "",
		     "Error: emu0: roce_tx_window_en is fixed on this device.\n");
	/* Asking for the value it has is no change at all. */
	f = file("fixed.conf", "[dev emu0]\nroce_tx_window_en off\n");
	ok &= outcome(apply(false, f), ADP_EXIT_OK, "no changes\n", "");
	return ok && dev.accl_sets == 0;
}

static bool test_absent_device_skipped(void)
{
	const char *f;

	dev_reset();
	f = file("absent.conf", "[dev emu9]\nroce_adp_retrans_en on\n"
		 "[dev emu0]\nroce_slow_restart_en on\n");
	return outcome(apply(false, f), ADP_EXIT_OK, "no changes\n",
		       "Warning: emu9: no such device with ROCE_ACCL, skipped.\n") &&
	       dev.accl_sets == 0;
}

static bool test_file_errors(void)
{
	static const struct {
		const char *text, *err;
	} cases[] = {
		{ "roce_adp_retrans_en on\n",
		  "a setting before the first section" },
		{ "[all]\nroce on\n", "unknown enable \"roce\"" },
		{ "[all]\nroce_adp_retrans_en maybe\n",
		  "invalid value \"maybe\" for \"roce_adp_retrans_en\": expected off, on or 0..1" },
		{ "[all]\nroce_adp_retrans_en\n",
		  "missing value for \"roce_adp_retrans_en\"" },
		{ "[device emu0]\n",
		  "invalid section: expected [all], [dev DEV], [all profile N] or [dev DEV profile N]" },
		{ "[all profile 0]\n", "invalid profile \"0\": expected 1..7" },
		{ "[all profile 1]\nrange 4 dec_mode div2\n",
		  "\"range\" takes an index 0..3 and its fields" },
		{ "[all profile 1]\nadp_retx_profile_id 2\n",
		  "unknown profile field \"adp_retx_profile_id\"" },
	};
	char want[512];
	const char *f;
	unsigned int i;
	bool ok = true;

	dev_reset();
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		f = file("err.conf", cases[i].text);
		snprintf(want, sizeof(want), "Error: %s:%d: %s.\n", f,
			 strchr(cases[i].text, '\n') < cases[i].text +
			 strlen(cases[i].text) - 1 ? 2 : 1, cases[i].err);
		ok &= outcome(apply(false, f), ADP_EXIT_FAIL, "", want);
		/* Nothing is even read from the device. */
		ok &= fake.calls == 0;
	}
	return ok;
}

static bool test_directory_later_wins(void)
{
	bool ok;

	char sub[256];

	dev_reset();
	snprintf(sub, sizeof(sub), "%s/d", dir);
	mkdir(sub, 0700);
	file("d/10-site.conf", "[all]\nroce_adp_retrans_en on\n"
	     "[all profile 1]\ntime_base 8\n");
	file("d/20-host.conf", "[dev emu0 profile 1]\ntime_base 16\n");
	file("d/ignored.txt", "garbage\n");
	ok = outcome(apply(false, sub), ADP_EXIT_CHANGED,
		     "emu0: roce_adp_retrans_en off -> on\n"
		     "emu0 profile 1: time_base 4 -> 16\n"
		     "2 changes made\n", "");
	return ok && dev.p1.v.v[ROCE_ADP_A_PROFILE_TIME_BASE] == 16;
}

static bool test_json(void)
{
	const char *f;
	bool ok;

	dev_reset();
	f = file("site.conf", "[all]\nroce_adp_retrans_en on\n");
	ok = outcome(apply(true, f), ADP_EXIT_CHANGED,
		     "{\"check\":false,\"changes\":[{\"dev\":\"emu0\","
		     "\"field\":\"roce_adp_retrans_en\",\"from\":0,\"to\":1}],"
		     "\"changed\":true}\n", "");
	ok &= python_accepts(out_buf, "{'check': False, 'changed': True, "
			     "'changes': [{'dev': 'emu0', 'field': "
			     "'roce_adp_retrans_en', 'from': 0, 'to': 1}]}");
	ok &= outcome(apply(true, f), ADP_EXIT_OK,
		      "{\"check\":false,\"changes\":[],\"changed\":false}\n",
		      "");
	return ok;
}

static const struct tap_test tests[] = {
	{ "first run: the difference, one write per object, only what differs",
	  test_first_run_fewest_writes },
	{ "second run: no changes, exit 0, nothing written",
	  test_second_run_unchanged },
	{ "--check: the difference, exit 3, nothing written",
	  test_check_writes_nothing },
	{ "an invalid profile: nothing written, the rule's message",
	  test_invalid_profile_writes_nothing },
	{ "a fixed enable: refused unless unchanged", test_fixed_enable },
	{ "a device that is not there: a warning, skipped",
	  test_absent_device_skipped },
	{ "file errors name file and line, nothing sent", test_file_errors },
	{ "a directory: *.conf in name order, later wins",
	  test_directory_later_wins },
	{ "-j: one object, valid JSON", test_json },
};

int main(void)
{
	char rm[64];
	int ret;

	if (!mkdtemp(dir)) {
		printf("Bail out! mkdtemp: %s\n", strerror(errno));
		return 1;
	}
	ret = tap_main(tests, ARRAY_SIZE(tests));
	snprintf(rm, sizeof(rm), "rm -rf %s", dir);
	if (system(rm))
		ret = 1;
	return ret;
}
