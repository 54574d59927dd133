// SPDX-License-Identifier: GPL-2.0
/*
 * "adpctl monitor": follow the family's "config" multicast group and print
 * each notification as one line with a UTC timestamp, text or one JSON
 * object per line.
 *
 * Notifications adpctl knows (accl-ntf, profile-ntf, dev-ntf) are decoded
 * with the field tables; any other one, e.g. added to the spec after this
 * adpctl was written, is printed by its command name with its attributes
 * decoded generically (names from the spec, values by their size).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <netlink/genl/genl.h>

#include "adpctl.h"
#include "monitor.h"
#include "histogram.h"

#define NAME_OF(table, v) \
	((v) < ARRAY_SIZE(table) && (table)[v] ? (table)[v] : NULL)

const char *adp_monitor_cmd_name(unsigned int cmd)
{
	return NAME_OF(adp_cmd_names, cmd);
}

void adp_monitor_timestamp(const struct timespec *ts, char *buf, size_t len)
{
	struct tm tm;
	char day[32];

	gmtime_r(&ts->tv_sec, &tm);
	strftime(day, sizeof(day), "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(buf, len, "%s.%03ldZ", day, ts->tv_nsec / 1000000);
}

/*
 * A nest of fields; a keyed one is the configurable flags.  A line holds
 * what changed: the flags and the capabilities (text NULL) are JSON only.
 */
static int print_nest(const struct adp_field *fields,
		      const struct nlattr *nest, const char *key,
		      const char *text, const char *what)
{
	struct adp_vals vals;

	if (adp_vals_parse(fields, nest, &vals, what))
		return -EBADMSG;
	if (key) {
		open_json_object(key);
		adp_vals_print_json_flags(fields, &vals);
		close_json_object();
	} else {
		adp_vals_print_words(fields, &vals, text, -1);
	}
	return 0;
}

static int print_profile(const struct nlattr *nest)
{
	struct adp_profile p;

	if (profile_decode(nest, &p))
		return -EBADMSG;
	profile_print_nest(NULL, &p);
	return 0;
}

static void print_generic(const struct nlattr *a, const char *key);

static void print_generic_nest(const struct nlattr *nest, const char *key)
{
	const struct nlattr *a;
	char sub[16];
	int rem;

	print_open_object(PRINT_ANY, key, " %s {");
	nla_for_each_nested(a, nest, rem) {
		snprintf(sub, sizeof(sub), "%d", nla_type(a));
		print_generic(a, sub);
	}
	print_close_object(PRINT_ANY, " }");
}

static bool printable(const char *s, int len)
{
	int i;

	if (len < 1 || s[len - 1])
		return false;
	for (i = 0; i < len - 1; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return false;
	return true;
}

/*
 * " KEY " and the value's conversion: the text format of a value printed
 * under a name that is not a constant (attribute names come from the spec).
 */
static const char *keyed(char *buf, size_t len, const char *key,
			 const char *conv)
{
	size_t n = 0;

	buf[n++] = ' ';
	for (; *key && n + 3 < len; key++) {
		if (*key == '%')
			buf[n++] = '%';
		buf[n++] = *key;
	}
	snprintf(buf + n, len - n, " %s", conv);
	return buf;
}

/* An attribute adpctl knows no type of: guessed from its size. */
static void print_generic(const struct nlattr *a, const char *key)
{
	const unsigned char *d = nla_data(a);
	int len = nla_len(a), i;
	char hex[2 * 64 + 1], fmt[64];

	if (a->nla_type & NLA_F_NESTED) {
		print_generic_nest(a, key);
		return;
	}
	switch (len) {
	case 0:
		/* A flag: its name alone in the text. */
		print_bool_str(PRINT_ANY, key, " %s", true, key, key);
		return;
	case 1:
		print_uint(PRINT_ANY, key, keyed(fmt, sizeof(fmt), key, "%u"),
			   d[0]);
		return;
	case 4:
		print_uint(PRINT_ANY, key, keyed(fmt, sizeof(fmt), key, "%u"),
			   nla_get_u32(a));
		return;
	case 8:
		print_u64(PRINT_ANY, key, keyed(fmt, sizeof(fmt), key, "%llu"),
			  nla_get_u64(a));
		return;
	}
	if (printable((const char *)d, len)) {
		print_string(PRINT_ANY, key,
			     keyed(fmt, sizeof(fmt), key, "\"%s\""),
			     (const char *)d);
		return;
	}
	for (i = 0; i < len && i < 64; i++)
		snprintf(hex + 2 * i, 3, "%02x", d[i]);
	print_string(PRINT_ANY, key,
		     keyed(fmt, sizeof(fmt), key, len > 64 ? "%s..." : "%s"),
		     hex);
}

static void print_enum(const char *key, const char *text_key,
		       const char *const *names, size_t nnames, uint32_t v)
{
	const char *name = v < nnames ? names[v] : NULL;
	char fmt[64];

	if (text_key)
		keyed(fmt, sizeof(fmt), text_key, "%s");
	else
		snprintf(fmt, sizeof(fmt), " %%s");
	if (name)
		print_string(PRINT_ANY, key, fmt, name);
	else
		print_enum_val(PRINT_ANY, key, fmt, v, NULL);
}

/* Every attribute but the device and the event: known or generic. */
static int print_attrs(const struct adp_nl_msg *msg)
{
	struct genlmsghdr *gnlh = genlmsg_hdr(msg->nlh);
	bool profiles = false;
	char key[32];
	struct nlattr *a;
	int rem, type, ret = 0;

	nla_for_each_attr(a, genlmsg_attrdata(gnlh, 0),
			  genlmsg_attrlen(gnlh, 0), rem) {
		type = nla_type(a);
		if (type != ROCE_ADP_A_PROFILE && profiles) {
			close_json_array();
			profiles = false;
		}
		switch (type) {
		case ROCE_ADP_A_DEV_NAME:
		case ROCE_ADP_A_DEV_EVENT:
		/* A SET's notification is its read-back: always 0 ms old. */
		case ROCE_ADP_A_AGE_MS:
			break;
		case ROCE_ADP_A_READBACK_FAILED:
			print_bool_str(PRINT_ANY, "readback_failed", " %s", true,
				       "changed, reading it back failed", "");
			break;
		case ROCE_ADP_A_ACCL:
			ret = print_nest(adp_accl_fields, a, NULL, " %s %s",
					 "enables");
			break;
		case ROCE_ADP_A_ACCL_CONFIGURABLE:
			ret = print_nest(adp_accl_fields, a, "configurable",
					 NULL, "configurable enables");
			break;
		case ROCE_ADP_A_CAPS:
			ret = print_nest(adp_caps_fields, a, NULL, NULL,
					 "capabilities");
			break;
		case ROCE_ADP_A_PROFILE:
			if (!profiles)
				open_json_array("profile");
			profiles = true;
			ret = print_profile(a);
			break;
		case ROCE_ADP_A_DEV_BACKEND:
			print_enum("backend", "backend", adp_backend_names,
				   ARRAY_SIZE(adp_backend_names),
				   nla_get_u32(a));
			break;
		case ROCE_ADP_A_DEV_FW_VERSION:
			print_string_as(PRINT_ANY, "fw_version", " fw %s",
					adp_nl_str(a) ?: "",
					adp_nl_str(a) ? NULL : "?");
			break;
		case ROCE_ADP_A_RESTORE:
			ret = adp_print_restore(a, true);
			break;
		case ROCE_ADP_A_HISTOGRAM:
			hist_print_brief(msg);
			break;
		case ROCE_ADP_A_DEV_ROCE_ACCL:
			print_bool_str(PRINT_ANY, "roce_accl", " roce_accl %s",
				       nla_get_u8(a), "supported",
				       "unsupported");
			break;
		default:
			if (NAME_OF(adp_attr_names, (unsigned int)type))
				snprintf(key, sizeof(key), "%s",
					 adp_attr_names[type]);
			else
				snprintf(key, sizeof(key), "attr_%d", type);
			print_generic(a, key);
		}
		if (ret)
			break;
	}
	if (profiles)
		close_json_array();
	return ret;
}

int adp_monitor_print(const struct adp_nl_msg *msg, const char *dev,
		      const struct timespec *ts)
{
	const char *name = adp_nl_str(msg->tb[ROCE_ADP_A_DEV_NAME]);
	const char *cmd = adp_monitor_cmd_name(msg->cmd);
	const char *cause = NULL;
	char stamp[64], cmdbuf[16];
	int ret;

	if (dev && (!name || strcmp(name, dev)))
		return 0;
	if (!cmd) {
		snprintf(cmdbuf, sizeof(cmdbuf), "cmd-%u", msg->cmd);
		cmd = cmdbuf;
	}
	/* The one command that sends each notification adpctl knows. */
	if (msg->cmd == ROCE_ADP_CMD_ACCL_NTF)
		cause = adp_monitor_cmd_name(ROCE_ADP_CMD_ACCL_SET);
	else if (msg->cmd == ROCE_ADP_CMD_PROFILE_NTF)
		cause = adp_monitor_cmd_name(ROCE_ADP_CMD_PROFILE_SET);
	adp_monitor_timestamp(ts, stamp, sizeof(stamp));

	open_json_object(NULL);
	print_string(PRINT_ANY, "time", "%s", stamp);
	/* "accl-ntf (accl-set) emu0:", as devlink's "[dev,new] DEV:" */
	print_string(PRINT_ANY, "event", " %s", cmd);
	if (cause)
		print_string(PRINT_ANY, "cause", " (%s)", cause);
	print_string(PRINT_ANY, "dev", " %s:", name ?: "-");
	if (msg->tb[ROCE_ADP_A_DEV_EVENT])
		print_enum("dev_event", NULL, adp_dev_event_names,
			   ARRAY_SIZE(adp_dev_event_names),
			   nla_get_u32(msg->tb[ROCE_ADP_A_DEV_EVENT]));
	ret = print_attrs(msg);
	close_json_object();
	print_nl();
	/* A reader of the pipe sees each event as it happens. */
	print_flush();
	return ret;
}

struct monitor_arg {
	const char *dev;
	sigset_t stop;
};

static int monitor_event(const struct adp_nl_msg *msg, void *arg)
{
	struct monitor_arg *ma = arg;
	struct timespec ts;
	int ret;

	/* A signal ends us between events, never inside a line. */
	sigprocmask(SIG_BLOCK, &ma->stop, NULL);
	clock_gettime(CLOCK_REALTIME, &ts);
	ret = adp_monitor_print(msg, ma->dev, &ts);
	sigprocmask(SIG_UNBLOCK, &ma->stop, NULL);
	return ret;
}

static void monitor_stop(int sig)
{
	(void)sig;
	/* Every line is flushed: nothing is left to write. */
	_exit(ADP_EXIT_OK);
}

static int monitor(struct adp_ctx *ctx, int argc, char **argv)
{
	struct monitor_arg ma = { };
	struct adp_arg args[] = {
		{ ADP_ARG_DEV(&ma.dev), .positional = true },
		{ }
	};
	struct sigaction sa = { .sa_handler = monitor_stop };
	struct adp_nl *nl;
	int ret;

	ret = adp_parse_args(ctx, args, argc, argv);
	if (ret)
		return ret;
	nl = adp_ctx_nl(ctx);
	if (!nl)
		return ADP_EXIT_FAIL;
	if (adp_nl_join_group(nl, ROCE_ADP_MCGRP_CONFIG))
		return ADP_EXIT_FAIL;

	sigemptyset(&ma.stop);
	sigaddset(&ma.stop, SIGINT);
	sigaddset(&ma.stop, SIGTERM);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	ret = adp_nl_listen(nl, monitor_event, &ma);
	return ret ? ADP_EXIT_FAIL : ADP_EXIT_OK;
}

static void monitor_details(FILE *fp)
{
	fputs("\nPrints one line per notification of the \"config\" group, until\n"
	      "SIGINT or SIGTERM (exit 0): a UTC timestamp with milliseconds\n"
	      "(2026-11-21T14:05:01.123Z), the device, the notification and what\n"
	      "it carries.  accl-ntf (after accl-set), profile-ntf (after\n"
	      "profile-set) and dev-ntf (device added or removed) are decoded by\n"
	      "field name; any other notification of the family is printed by its\n"
	      "name with its attributes.  With -j, one JSON object per line:\n"
	      "\"time\", \"event\", \"cause\", \"dev\" and the fields.\n"
	      "With DEV, only the events of that device.\n", fp);
}

ADP_CMD_TABLE(monitor_cmds, ADP_MONITOR_CMDS);
