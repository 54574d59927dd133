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

/* A device: enables, which may change, caps, profile 1. */
struct fake_dev {
	struct adp_vals accl, conf, caps;
	struct adp_profile p1;
	int accl_sets, profile_sets;
	char last_set[512];
	/* dev-get's restore state, when restore is set */
	bool restore;
	uint32_t resets;
	uint64_t restore_time;
};

/*
 * emu0 (devs[0]), and for the cases of several devices emu1 and emu2, alike;
 * ndevs of them are there.  resetting: the one held in a firmware reset,
 * or -1: its reads fail with EAGAIN, "device is resetting", and a dump of
 * all devices tells it in band (dev-error) with inband, else fails there
 * as a module without dev-error does.
 */
static struct fake_dev devs[3];
static const char *const dev_names[] = { "emu0", "emu1", "emu2" };
static int ndevs, resetting;
/* dev-get tells the resetting device's error too (else it lists it). */
static bool inband, dev_get_error;

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

static void dev_reset_one(struct fake_dev *d)
{
	static const uint32_t en[] = { 0, 0, 1, 0, 0, 0, 0 };
	static const uint32_t conf[] = { 1, 0, 1, 1, 1, 0, 0 };
	static const uint32_t caps[] = { 1, 4, 4000 };
	/* id, qp_total_timeout, range_num, start, unit, base, total, lo, size */
	static const uint32_t p1[] = { 1, 0, 2, 0, 1, 4, 20, 1, 1 };
	/* prev, dec_mode, retries, low_bound, size */
	static const uint32_t r0[] = { 0, 1, 3, 1, 2 };
	static const uint32_t r1[] = { 0, 1, 3, 4, 2 };

	memset(d, 0, sizeof(*d));
	vals(&d->accl, en, 7);
	vals(&d->conf, conf, 7);
	vals(&d->caps, caps, 3);
	vals(&d->p1.v, p1, 9);
	vals_at(&d->p1.range[0], ROCE_ADP_A_RANGE_PREV_RANGE_INDEX, r0, 5);
	vals_at(&d->p1.range[1], ROCE_ADP_A_RANGE_PREV_RANGE_INDEX, r1, 5);
	d->p1.has_range[0] = d->p1.has_range[1] = true;
}

/* emu0 alone, healthy, as every case but those of several devices. */
static void dev_reset(void)
{
	int i;

	for (i = 0; i < 3; i++)
		dev_reset_one(&devs[i]);
	ndevs = 1;
	resetting = -1;
	inband = dev_get_error = false;
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

/* The device a request names; a dump's message i is about device i. */
static int dev_index(unsigned int i)
{
	int k;

	if (fake.flags & NLM_F_DUMP)
		return i;
	for (k = 0; k < ndevs; k++)
		if (!strcmp(fake.dev, dev_names[k]))
			return k;
	return 0;
}

/*
 * A set changes the state; every request is answered with the state, a
 * dump with that of every device (dev-get: the device itself).
 */
static void gen(unsigned int i, struct nl_msg *msg)
{
	struct genlmsghdr *gnlh = nlmsg_data(nlmsg_hdr(fake.req));
	struct nlattr *tb[ROCE_ADP_A_MAX + 1], *nest;
	int k = dev_index(i);
	struct fake_dev *d = &devs[k];
	struct adp_vals v;
	struct adp_profile p;
	int r;

	nla_parse(tb, ROCE_ADP_A_MAX, genlmsg_attrdata(gnlh, 0),
		  genlmsg_attrlen(gnlh, 0), NULL);
	if (k == resetting && (fake.cmd != ROCE_ADP_CMD_DEV_GET ||
			       dev_get_error)) {
		/* Only a dump gets here: in band, as the module says. */
		nla_put_string(msg, ROCE_ADP_A_DEV_NAME, dev_names[k]);
		nla_put_u32(msg, ROCE_ADP_A_DEV_ERROR, EAGAIN);
		return;
	}
	if (fake.cmd == ROCE_ADP_CMD_DEV_GET) {
		fake_put_dev(msg, dev_names[k]);
		if (d->restore) {
			nest = nla_nest_start(msg, ROCE_ADP_A_RESTORE |
						   NLA_F_NESTED);
			nla_put_u8(msg, ROCE_ADP_A_RESTORE_ENABLED, 1);
			nla_put_u32(msg, ROCE_ADP_A_RESTORE_RESETS, d->resets);
			nla_put_u64(msg, ROCE_ADP_A_RESTORE_TIME,
				    d->restore_time);
			nla_nest_end(msg, nest);
		}
		return;
	}
	if (fake.cmd == ROCE_ADP_CMD_ACCL_SET) {
		d->accl_sets++;
		snprintf(d->last_set, sizeof(d->last_set), "%s",
			 fake_req_str());
		adp_vals_parse(adp_accl_fields, tb[ROCE_ADP_A_ACCL], &v, "x");
		overlay(&d->accl, &v);
	} else if (fake.cmd == ROCE_ADP_CMD_PROFILE_SET) {
		d->profile_sets++;
		snprintf(d->last_set, sizeof(d->last_set), "%s",
			 fake_req_str());
		profile_decode(tb[ROCE_ADP_A_PROFILE], &p);
		overlay(&d->p1.v, &p.v);
		for (r = 0; r < ROCE_ADP_RANGES_MAX; r++)
			overlay(&d->p1.range[r], &p.range[r]);
	}

	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, dev_names[k]);
	if (fake.cmd == ROCE_ADP_CMD_PROFILE_GET) {
		nest = nla_nest_start(msg, ROCE_ADP_A_PROFILE | NLA_F_NESTED);
		adp_vals_put(msg, adp_profile_fields, &d->p1.v);
		for (r = 0; r < 2; r++) {
			struct nlattr *range;

			range = nla_nest_start(msg, ROCE_ADP_A_PROFILE_RANGE |
						    NLA_F_NESTED);
			nla_put_u32(msg, ROCE_ADP_A_RANGE_INDEX, r);
			adp_vals_put(msg, adp_range_fields, &d->p1.range[r]);
			nla_nest_end(msg, range);
		}
		nla_nest_end(msg, nest);
	} else {
		put_vals(msg, ROCE_ADP_A_CAPS, adp_caps_fields, &d->caps);
		put_vals(msg, ROCE_ADP_A_ACCL, adp_accl_fields, &d->accl);
		put_vals(msg, ROCE_ADP_A_ACCL_CONFIGURABLE, adp_accl_fields,
			 &d->conf);
	}
}

/*
 * Each request answered as gen() says: a dump covers the ndevs devices;
 * a request for the resetting device fails, and so does a dump without
 * inband, where that device comes (dev-get, which needs no firmware,
 * lists it).
 */
static void on_request(void)
{
	bool dump = fake.flags & NLM_F_DUMP;
	bool dev_get = fake.cmd == ROCE_ADP_CMD_DEV_GET;

	fake.gen = gen;
	fake.gen_count = dump ? ndevs : 1;
	fake.error = 0;
	fake.extack = NULL;
	if (resetting < 0 || (dev_get && !dev_get_error) || (dump && inband))
		return;
	if (!dump && dev_index(0) != resetting)
		return;
	fake.gen_count = dump ? resetting : 0;
	fake.error = EAGAIN;
	fake.extack = "device is resetting";
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
	fake.on_request = on_request;
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

/* What SITE changes on the device of dev_reset(), as apply prints it. */
#define SITE_CHANGES \
	"emu0: roce_adp_retrans_en off -> on\n" \
	"emu0 profile 1: time_base 4 -> 8\n" \
	"emu0 profile 1: timeout_range[1].timeout_retry_num 3 -> 5\n"

/*
 * SITE, in file f in any form, applied to the device of dev_reset(): its
 * changes, one write each, with only the fields that differ.
 */
static bool site_applied(const char *f)
{
	bool ok = outcome(apply(false, f), ADP_EXIT_CHANGED,
			  SITE_CHANGES
			  "3 changes made\n", "");

	ok &= devs[0].accl_sets == 1 && devs[0].profile_sets == 1;
	return same("profile-set", devs[0].last_set,
		    "1=\"emu0\" 10{1=1 6=8 10{1=1 4=5}}") && ok;
}

static bool test_first_run_fewest_writes(void)
{
	bool ok;

	dev_reset();
	ok = site_applied(file("site.conf", SITE));
	ok &= devs[0].accl.v[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN] == 1 &&
	      devs[0].p1.v.v[ROCE_ADP_A_PROFILE_TIME_BASE] == 8 &&
	      devs[0].p1.range[1].v[ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM] == 5;
	if (!ok)
		printf("# accl_sets %d profile_sets %d\n", devs[0].accl_sets,
		       devs[0].profile_sets);
	return ok;
}

static bool test_second_run_unchanged(void)
{
	const char *f = file("site.conf", SITE);
	bool ok;

	/* The state the first run left. */
	ok = outcome(apply(false, f), ADP_EXIT_OK, "no changes\n", "");
	return ok && devs[0].accl_sets == 1 && devs[0].profile_sets == 1;
}

/* "apply --check FILE". */
static int apply_check(const char *f)
{
	char args[300];

	snprintf(args, sizeof(args), "--check %s", f);
	return apply(false, args);
}

/* SITE, in file f in any form, with --check: its changes, nothing set. */
static bool site_checked(const char *f)
{
	return outcome(apply_check(f), ADP_EXIT_CHANGED,
		       SITE_CHANGES
		       "3 changes to make (--check: nothing written)\n", "") &&
	       devs[0].accl_sets == 0 && devs[0].profile_sets == 0;
}

static bool test_check_writes_nothing(void)
{
	bool ok;

	dev_reset();
	ok = site_checked(file("site.conf", SITE));
	/* Only reads went out. */
	ok &= fake.cmd == ROCE_ADP_CMD_PROFILE_GET;
	return ok && devs[0].p1.v.v[ROCE_ADP_A_PROFILE_TIME_BASE] == 4;
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
	return ok && devs[0].accl_sets == 0 && devs[0].profile_sets == 0;
}

static bool test_fixed_enable(void)
{
	const char *f;
	bool ok;

	dev_reset();
	f = file("fixed.conf", "[dev emu0]\nroce_tx_window_en on\n");
	ok = outcome(apply(false, f), ADP_EXIT_FAIL, "",
		     "Error: emu0: roce_tx_window_en is not configurable on this device (fixed at off).\n");
	/* Asking for the value it has is no change at all. */
	f = file("fixed.conf", "[dev emu0]\nroce_tx_window_en off\n");
	ok &= outcome(apply(false, f), ADP_EXIT_OK, "no changes\n", "");
	return ok && devs[0].accl_sets == 0;
}

static bool test_profile_beyond_the_device(void)
{
	const char *f;

	dev_reset();
	f = file("beyond.conf", "[dev emu0 profile 2]\ntime_base 8\n");
	return outcome_err(apply(false, f), ADP_EXIT_FAIL,
			   "Error: emu0: profile 2: the device has profiles 1..1.\n") &&
	       devs[0].accl_sets == 0 && devs[0].profile_sets == 0;
}

static bool test_absent_device_skipped(void)
{
	const char *f;

	dev_reset();
	f = file("absent.conf", "[dev emu9]\nroce_adp_retrans_en on\n"
		 "[dev emu0]\nroce_slow_restart_en on\n");
	if (!outcome(apply(false, f), ADP_EXIT_OK, "no changes\n",
		     "Warning: emu9: no such device with ROCE_ACCL, skipped.\n"))
		return false;
	/* a section names its device as any dev argument: 03:00.0 too */
	f = file("absent.conf", "[dev 03:00.0]\nroce_adp_retrans_en on\n"
		 "[dev pci/0000:03:00.0]\nroce_slow_restart_en on\n");
	return outcome(apply(false, f), ADP_EXIT_OK, "no changes\n",
		       "Warning: 0000:03:00.0: no such device with ROCE_ACCL, skipped.\n") &&
	       devs[0].accl_sets == 0;
}

/* emu0, emu1 and emu2, emu1 held in a firmware reset. */
static void three_devices_emu1_resetting(void)
{
	dev_reset();
	ndevs = 3;
	resetting = 1;
}

/* Every device but the resetting one now has roce_adp_retrans_en on. */
static bool others_configured(void)
{
	bool ok = true;
	int k;

	for (k = 0; k < ndevs; k++) {
		bool on = devs[k].accl.v[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN];

		if (on != (k != resetting) ||
		    devs[k].accl_sets != (k != resetting)) {
			printf("# %s: roce_adp_retrans_en %d after %d sets\n",
			       dev_names[k], on, devs[k].accl_sets);
			ok = false;
		}
	}
	return ok;
}

/*
 * Three devices, emu1 in a firmware reset: emu0 and emu2 are configured,
 * emu1 is named, the exit status says the kernel failed.  dev-get lists
 * emu1 (it needs no firmware) and its own read fails; or dev-get already
 * tells its error in band.
 */
static bool test_one_device_resetting(void)
{
	const char *f = file("all.conf", "[all]\nroce_adp_retrans_en on\n");
	char args[300];
	bool ok;

	three_devices_emu1_resetting();
	ok = outcome(apply(false, f), ADP_EXIT_KERNEL,
		     "emu0: roce_adp_retrans_en off -> on\n"
		     "emu2: roce_adp_retrans_en off -> on\n"
		     "2 changes made\n",
		     "Error: emu1: device is resetting.\n");
	ok &= others_configured();

	three_devices_emu1_resetting();
	dev_get_error = inband = true;
	ok &= outcome(apply(true, f), ADP_EXIT_KERNEL,
		      "{\"check\":false,\"changes\":["
		      "{\"dev\":\"emu0\",\"field\":\"roce_adp_retrans_en\",\"before\":0,\"after\":1},"
		      "{\"dev\":\"emu2\",\"field\":\"roce_adp_retrans_en\",\"before\":0,\"after\":1}],"
		      "\"changed\":true,\"failed\":[\"emu1\"]}\n",
		      "Error: emu1: Resource temporarily unavailable.\n");
	ok &= others_configured();

	/* Named alone, it fails alone; --check says so as well. */
	three_devices_emu1_resetting();
	f = file("emu1.conf", "[dev emu1]\nroce_adp_retrans_en on\n");
	ok &= outcome(apply(false, f), ADP_EXIT_KERNEL, "",
		      "Error: emu1: device is resetting.\n");
	snprintf(args, sizeof(args), "--check %s", f);
	ok &= outcome(apply(false, args), ADP_EXIT_KERNEL, "",
		      "Error: emu1: device is resetting.\n");
	return ok && devs[0].accl_sets == 0 && devs[2].accl_sets == 0;
}

/* File name with text: "Error: FILE<at>: err.", nothing even read. */
static bool refused(const char *name, const char *text, const char *at,
		    const char *err)
{
	const char *f = file(name, text);
	char want[512];
	bool ok;

	snprintf(want, sizeof(want), "Error: %s%s: %s.\n", f, at, err);
	ok = outcome(apply(false, f), ADP_EXIT_FAIL, "", want);
	return ok && fake.calls == 0;
}

/* A file apply refuses, and the error it must give. */
struct file_case {
	const char *text, *err;
};

/*
 * Each case in a file named name, refused by refused(): in a JSON file
 * at no line, else at the second line if the text has one.
 */
static bool files_refused(const char *name, const struct file_case *cases,
			  size_t n)
{
	bool json = strstr(name, ".json");
	const char *text, *at;
	bool ok = true;
	size_t i;

	dev_reset();
	for (i = 0; i < n; i++) {
		text = cases[i].text;
		if (json)
			at = ":1";
		else
			at = strchr(text, '\n') < text + strlen(text) - 1 ?
			     ":2" : ":1";
		ok &= refused(name, text, at, cases[i].err);
	}
	return ok;
}

static bool test_file_errors(void)
{
	static const struct file_case cases[] = {
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

	return files_refused("err.conf", cases, ARRAY_SIZE(cases));
}

/*
 * A profile section's lines take the words of "profile set" (radp_words.h):
 * a range group and profile fields on one line; a field twice is refused.
 */
static bool test_profile_words(void)
{
	bool ok;

	dev_reset();
	ok = outcome(apply(false, file("words.conf", "[all profile 1]\n"
				       "time_base 8 range 1 timeout_retry_num 5\n")),
		     ADP_EXIT_CHANGED,
		     "emu0 profile 1: time_base 4 -> 8\n"
		     "emu0 profile 1: timeout_range[1].timeout_retry_num 3 -> 5\n"
		     "2 changes made\n", "");
	ok &= refused("twice.conf", "[all profile 1]\ntime_base 8\n"
		      "time_base 16\n", ":3", "\"time_base\" is given twice");
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
	return ok && devs[0].p1.v.v[ROCE_ADP_A_PROFILE_TIME_BASE] == 16;
}

static bool test_json(void)
{
	const char *f;
	bool ok;

	dev_reset();
	f = file("site.conf", "[all]\nroce_adp_retrans_en on\n");
	ok = outcome(apply(true, f), ADP_EXIT_CHANGED,
		     "{\"check\":false,\"changes\":[{\"dev\":\"emu0\","
		     "\"field\":\"roce_adp_retrans_en\",\"before\":0,\"after\":1}],"
		     "\"changed\":true}\n", "");
	ok &= python_accepts(out_buf, "{'check': False, 'changed': True, "
			     "'changes': [{'dev': 'emu0', 'field': "
			     "'roce_adp_retrans_en', 'before': 0, 'after': 1}]}");
	ok &= outcome(apply(true, f), ADP_EXIT_OK,
		      "{\"check\":false,\"changes\":[],\"changed\":false}\n",
		      "");
	return ok;
}


/* SITE as JSON: the same settings, the same changes. */
#define SITE_JSON \
	"{\"all\": {\"roce_adp_retrans_en\": true, \"roce_slow_restart_en\": \"on\"},\n" \
	" \"devices\": [{\"dev\": \"emu0\", \"profiles\": [{\"adp_retx_profile_id\": 1,\n" \
	"   \"time_base\": 8, \"retx_total_timeout\": 20,\n" \
	"   \"timeout_range\": [{}, {\"timeout_retry_num\": 5, \"dec_mode\": \"div2\"}]}]}]}\n"

static bool test_json_file(void)
{
	const char *f;
	bool ok;

	dev_reset();
	f = file("site.json", SITE_JSON);
	ok = site_checked(f);
	ok &= site_applied(f);
	ok &= outcome(apply(false, f), ADP_EXIT_OK, "no changes\n", "");
	return ok && devs[0].accl_sets == 1 && devs[0].profile_sets == 1;
}

static bool test_json_file_errors(void)
{
	static const struct file_case cases[] = {
		{ "{\"all\": {\"roce\": 1}}",
		  "unknown field \"roce\" in a device" },
		{ "{\"all\": {\"roce_adp_retrans_en\": 2}}",
		  "invalid value 2 for \"roce_adp_retrans_en\": expected off, on or 0..1" },
		{ "{\"devices\": [{\"roce_adp_retrans_en\": 1}]}",
		  "a device needs \"dev\", its name" },
		{ "{\"device\": []}",
		  "unknown member \"device\": expected \"all\" or \"devices\"" },
		{ "{\"all\": {\"profiles\": [{\"time_base\": 8}]}}",
		  "a profile needs \"adp_retx_profile_id\" 1..7" },
		{ "{\"all\": {\"profiles\": [{\"adp_retx_profile_id\": 1, \"timeout_range\": [{\"x\": 1}]}]}}",
		  "unknown field \"x\" in a timeout_range entry" },
		{ "{\"all\": {\"profiles\": [{\"adp_retx_profile_id\": 1, \"dec_mode\": 1}]}}",
		  "unknown field \"dec_mode\" in a profile" },
		{ "{\"all\": }", "not valid JSON: unexpected character '}'" },
	};

	return files_refused("err.json", cases, ARRAY_SIZE(cases));
}

static int run_cmd(const char *obj, const struct adp_cmd *cmds, bool json,
		   const char *args)
{
	fake_reset();
	fake.on_request = on_request;
	return fake_run(obj, cmds, cmds[0].name, json, args);
}

/* Export, change the device, apply the export: back as it was. */
static bool round_trip(bool json)
{
	const char *f;
	bool ok;

	dev_reset();
	devs[0].accl.v[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN] = 1;
	ok = outcome_err(run_cmd("config", config_cmds, json, ""), ADP_EXIT_OK,
			 "");
	f = file(json ? "export.json" : "export.conf", out_buf);
	ok &= outcome(apply_check(f), ADP_EXIT_OK, "no changes\n", "");
	devs[0].accl.v[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN] = 0;
	devs[0].p1.range[1].v[ROCE_ADP_A_RANGE_DEC_MODE] = 0;
	ok &= outcome(apply(false, f), ADP_EXIT_CHANGED,
		      "emu0: roce_adp_retrans_en off -> on\n"
		      "emu0 profile 1: timeout_range[1].dec_mode div4 -> div2\n"
		      "2 changes made\n", "");
	return ok && devs[0].accl.v[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN] == 1 &&
	       devs[0].p1.range[1].v[ROCE_ADP_A_RANGE_DEC_MODE] == 1;
}

static bool test_export_json(void)
{
	bool ok = round_trip(true);

	dev_reset();
	ok &= outcome_err(run_cmd("config", config_cmds, true, "emu0"),
			  ADP_EXIT_OK, "");
	ok &= same("request", fake_req_str(), "1=\"emu0\" 9=1");
	return ok && python_accepts(out_buf,
		"{'devices': [{'dev': 'emu0', 'roce_adp_retrans_en': False, "
		"'roce_tx_window_en': False, 'roce_slow_restart_en': True, "
		"'roce_slow_restart_idle_en': False, "
		"'min_ack_timeout_limit_disabled': False, "
		"'adaptive_routing_forced_en': False, "
		"'selective_repeat_forced_en': False, "
		"'profiles': [{'adp_retx_profile_id': 1, 'qp_total_timeout': False, "
		"'range_num': 2, 'start_range_index': 0, 'time_unit': 1, "
		"'time_base': 4, 'retx_total_timeout': 20, "
		"'timeout_init_low_bound': 1, 'timeout_init_range_size': 1, "
		"'timeout_range': ["
		"{'prev_range_index': 0, 'dec_mode': 1, 'timeout_retry_num': 3, "
		"'range_low_bound': 1, 'range_size': 2}, "
		"{'prev_range_index': 0, 'dec_mode': 1, 'timeout_retry_num': 3, "
		"'range_low_bound': 4, 'range_size': 2}]}]}]}");
}

static bool test_export_text(void)
{
	bool ok = round_trip(false);

	dev_reset();
	ok &= outcome(run_cmd("config", config_cmds, false, ""), ADP_EXIT_OK,
		      "[dev emu0]\n"
		      "roce_adp_retrans_en off roce_tx_window_en off roce_slow_restart_en on "
		      "roce_slow_restart_idle_en off min_ack_timeout_limit_disabled off "
		      "adaptive_routing_forced_en off selective_repeat_forced_en off\n"
		      "\n[dev emu0 profile 1]\n"
		      "qp_total_timeout off range_num 2 start_range_index 0 time_unit usec "
		      "time_base 4 retx_total_timeout 20 timeout_init_low_bound 1 "
		      "timeout_init_range_size 1\n"
		      "range 0 prev_range_index 0 dec_mode div2 timeout_retry_num 3 "
		      "range_low_bound 1 range_size 2\n"
		      "range 1 prev_range_index 0 dec_mode div2 timeout_retry_num 3 "
		      "range_low_bound 4 range_size 2\n\n", "");
	return ok;
}

/* The page of DIR/roce_adp.prom into page; false if there is none. */
static bool read_page(char *page, size_t size)
{
	char path[300];
	size_t n;
	FILE *fp;

	snprintf(path, sizeof(path), "%s/roce_adp.prom", dir);
	fp = fopen(path, "r");
	if (!fp)
		return false;
	n = fread(page, 1, size - 1, fp);
	fclose(fp);
	page[n] = '\0';
	return true;
}

/* Each line of want[] is in page, and none of no[]. */
static bool page_has(const char *page, const char *const *want,
		     const char *const *no)
{
	bool ok = true;

	for (; *want; want++)
		if (!strstr(page, *want)) {
			printf("# missing: %s", *want);
			ok = false;
		}
	for (; no && *no; no++)
		if (strstr(page, *no)) {
			printf("# unexpected: %s", *no);
			ok = false;
		}
	if (!ok)
		printf("# page:\n%s", page);
	return ok;
}

/*
 * Three devices, emu1 in a firmware reset: the page has the series of
 * emu0 and emu2, emu1 is device_up 0 with no other series, and the run
 * names it and exits 2; told by the dump in band or, from a module that
 * fails the dump instead, found device by device.
 */
static bool test_metrics_device_resetting(void)
{
	static const char *const want[] = {
		"\nroce_adp_up 1\n",
		"\nroce_adp_device_up{device=\"emu0\"} 1\n",
		"\nroce_adp_device_up{device=\"emu1\"} 0\n",
		"\nroce_adp_device_up{device=\"emu2\"} 1\n",
		"\nroce_adp_retrans_enabled{device=\"emu0\"} 0\n",
		"\nroce_adp_retrans_enabled{device=\"emu2\"} 0\n",
		"\nroce_adp_config_drift_fields{device=\"emu2\"} 1\n",
		NULL
	};
	static const char *const no[] = {
		"roce_adp_retrans_enabled{device=\"emu1\"}",
		"roce_adp_config_match{device=\"emu1\"}",
		"roce_adp_config_drift_fields{device=\"emu1\"}",
		NULL
	};
	const char *conf = file("all.conf", "[all]\nroce_adp_retrans_en on\n");
	char args[600], page[8192];
	bool ok = true;
	int pass;

	for (pass = 0; pass < 2; pass++) {
		three_devices_emu1_resetting();
		inband = pass;
		snprintf(args, sizeof(args), "--textfile %s --config %s", dir,
			 conf);
		ok &= outcome(run_cmd("metrics", metrics_cmds, false, args),
			      ADP_EXIT_KERNEL, "",
			      inband ? "Error: emu1: Resource temporarily unavailable.\n" :
				       "Error: emu1: device is resetting.\n");
		ok &= read_page(page, sizeof(page)) && page_has(page, want, no);
	}
	return ok && devs[0].accl_sets == 0;
}

/*
 * No device list at all: the textfile is written all the same, with
 * roce_adp_up 0 alone, over the page of the last good run.
 */
static bool test_metrics_no_device_list(void)
{
	static const char *const want[] = { "\nroce_adp_up 0\n", NULL };
	static const char *const no[] = { "device=", "roce_adp_up 1", NULL };
	char args[600], page[8192];
	bool ok;

	dev_reset();
	snprintf(args, sizeof(args), "--textfile %s --config %s/none", dir,
		 dir);
	ok = outcome(run_cmd("metrics", metrics_cmds, false, args),
		     ADP_EXIT_OK, "", "");
	ok &= read_page(page, sizeof(page)) &&
	      page_has(page, (const char *const[]){ "\nroce_adp_up 1\n",
						     NULL }, NULL);
	/* dev-get itself fails, as when the module cannot list devices. */
	dev_reset();
	ndevs = 2;
	resetting = 0;
	dev_get_error = true;
	ok &= outcome(run_cmd("metrics", metrics_cmds, false, args),
		      ADP_EXIT_KERNEL, "", "Error: device is resetting.\n");
	return ok && read_page(page, sizeof(page)) && page_has(page, want, no);
}

/*
 * The restore series from dev-get's restore state: emu0 restored twice,
 * last at 1700000123 s; emu1 never reset, its time 0 not exported.
 */
static bool test_metrics_restore(void)
{
	static const char *const want[] = {
		"\nroce_adp_restore_enabled{device=\"emu0\"} 1\n",
		"\nroce_adp_firmware_resets_total{device=\"emu0\"} 2\n",
		"\nroce_adp_restore_last_timestamp_seconds{device=\"emu0\"} 1700000123\n",
		"\nroce_adp_restore_enabled{device=\"emu1\"} 1\n",
		"\nroce_adp_firmware_resets_total{device=\"emu1\"} 0\n",
		NULL
	};
	static const char *const no[] = {
		"roce_adp_restore_last_timestamp_seconds{device=\"emu1\"}",
		NULL
	};
	char args[600];
	bool ok;

	dev_reset();
	ndevs = 2;
	devs[0].restore = devs[1].restore = true;
	devs[0].resets = 2;
	devs[0].restore_time = 1700000123;
	snprintf(args, sizeof(args), "--config %s/none", dir);
	ok = outcome_err(run_cmd("metrics", metrics_cmds, false, args),
			 ADP_EXIT_OK, "");
	ok &= page_has(out_buf, want, no);
	dev_reset();
	return ok;
}

static bool test_metrics_textfile(void)
{
	char args[600], path[300], page[8192];
	const char *conf;
	size_t n;
	FILE *fp;
	bool ok;

	dev_reset();
	conf = file("site.conf", SITE);
	snprintf(args, sizeof(args), "--textfile %s --config %s", dir, conf);
	ok = outcome(run_cmd("metrics", metrics_cmds, false, args),
		     ADP_EXIT_OK, "", "");
	/* Only reads: nothing was written to the device. */
	ok &= devs[0].accl_sets == 0 && devs[0].profile_sets == 0;
	snprintf(path, sizeof(path), "%s/roce_adp.prom", dir);
	fp = fopen(path, "r");
	if (!fp)
		return false;
	n = fread(page, 1, sizeof(page) - 1, fp);
	fclose(fp);
	page[n] = '\0';
	ok &= strstr(page, "\nroce_adp_retrans_enabled{device=\"emu0\"} 0\n") &&
	      strstr(page, "\nroce_adp_config_valid 1\n") &&
	      strstr(page, "\nroce_adp_config_match{device=\"emu0\"} 0\n") &&
	      strstr(page, "\nroce_adp_config_drift_fields{device=\"emu0\"} 3\n") &&
	      strstr(page, "# TYPE roce_adp_firmware_resets_total counter\n");
	if (!ok)
		printf("# %s", page);
	/* No temporary file is left behind. */
	snprintf(args, sizeof(args), "test -z \"$(ls -A %s | grep prom.)\"", dir);
	ok &= system(args) == 0;

	/* Applied: it matches; a broken configuration is told apart. */
	apply(false, conf);
	snprintf(args, sizeof(args), "--config %s", conf);
	ok &= outcome_err(run_cmd("metrics", metrics_cmds, false, args),
			  ADP_EXIT_OK, "");
	ok &= strstr(out_buf, "\nroce_adp_config_match{device=\"emu0\"} 1\n") &&
	      strstr(out_buf, "\nroce_adp_config_drift_fields{device=\"emu0\"} 0\n");
	conf = file("bad.conf", "[all]\nroce on\n");
	snprintf(args, sizeof(args), "--config %s", conf);
	run_cmd("metrics", metrics_cmds, false, args);
	ok &= strstr(out_buf, "\nroce_adp_config_valid 0\n") &&
	      strstr(out_buf, "\nroce_adp_config_match{device=\"emu0\"} 0\n") &&
	      strstr(out_buf, "\nroce_adp_config_drift_fields{device=\"emu0\"} -1\n");
	/* No configuration at all: no config series. */
	snprintf(args, sizeof(args), "--config %s/none", dir);
	run_cmd("metrics", metrics_cmds, false, args);
	ok &= !strstr(out_buf, "roce_adp_config_");
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
	{ "a profile the device does not have: refused, nothing written",
	  test_profile_beyond_the_device },
	{ "a device that is not there: a warning, skipped",
	  test_absent_device_skipped },
	{ "file errors name file and line, nothing sent", test_file_errors },
	{ "a device resetting: the others configured, it named, exit 2",
	  test_one_device_resetting },
	{ "a profile section takes the words of profile set",
	  test_profile_words },
	{ "a directory: *.conf in name order, later wins",
	  test_directory_later_wins },
	{ "-j: one object, valid JSON", test_json },
	{ "a JSON file: the same changes as its .conf", test_json_file },
	{ "JSON file errors name the file and the member, nothing sent",
	  test_json_file_errors },
	{ "config export -j: the document, applied back", test_export_json },
	{ "config export: a configuration file, applied back",
	  test_export_text },
	{ "metrics --textfile: the page, atomically, against the configuration",
	  test_metrics_textfile },
	{ "metrics, a device resetting: the others' series, its device_up 0, exit 2",
	  test_metrics_device_resetting },
	{ "metrics, no device list: the textfile is roce_adp_up 0 alone",
	  test_metrics_no_device_list },
	{ "metrics: the restore series, no timestamp before a first restore",
	  test_metrics_restore },
};

int main(void)
{
	return tap_main_in(tests, ARRAY_SIZE(tests), dir, NULL);
}
