// SPDX-License-Identifier: GPL-2.0
/*
 * The "profile" object: the adaptive retransmission profiles
 * (adp_retx_profile) of a device, with the timeouts they imply.
 *
 * Every time of a profile is time_base, in time_unit, shifted left by one
 * of its fields, or by the sum of two for the upper bound of a window.
 */
#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <netlink/genl/genl.h>

#include "adpctl.h"

#define PROFILE_ID	ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID

/* What "profile show" asked for: with has_id, only that profile. */
struct profile_filter {
	const char *dev;
	bool has_id;
	uint32_t id;
};

int profile_decode(const struct nlattr *nest, struct profile *p)
{
	struct nlattr *a, *idx;
	uint32_t i;
	int rem, ret;

	memset(p, 0, sizeof(*p));
	ret = adp_vals_parse(adp_profile_fields, nest, &p->v, "profile");
	if (ret)
		return ret;
	if (!p->v.has[PROFILE_ID]) {
		print_error("kernel reply with a profile without its id");
		return -EBADMSG;
	}
	nla_for_each_nested(a, nest, rem) {
		if (nla_type(a) != ROCE_ADP_A_PROFILE_RANGE)
			continue;
		idx = nla_find(nla_data(a), nla_len(a), ROCE_ADP_A_RANGE_INDEX);
		if (!idx || nla_len(idx) < (int)sizeof(uint32_t)) {
			print_error("kernel reply with a timeout range without its index");
			return -EBADMSG;
		}
		i = nla_get_u32(idx);
		/* More entries than this adpctl knows of: not shown. */
		if (i >= ROCE_ADP_RANGES_MAX)
			continue;
		ret = adp_vals_parse(adp_range_fields, a, &p->range[i],
				     "timeout range");
		if (ret)
			return ret;
		p->has_range[i] = true;
	}
	return 0;
}

/* A whole line of text; nothing in JSON mode. */
static void text_line(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static void text_line(const char *fmt, ...)
{
	char line[256];
	va_list ap;

	if (is_json_context())
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	print_string(PRINT_FP, NULL, "%s", line);
	print_nl();
}

/* Shifts come from the kernel as u32: their sum must not wrap. */
static uint32_t shift_sum(uint32_t a, uint32_t b)
{
	uint64_t s = (uint64_t)a + b;

	return s > UINT32_MAX ? UINT32_MAX : s;
}

static void profile_text(const char *dev, bool active, const struct profile *p)
{
	const uint32_t *v = p->v.v;
	uint32_t base = v[ROCE_ADP_A_PROFILE_TIME_BASE];
	uint32_t unit = v[ROCE_ADP_A_PROFILE_TIME_UNIT];
	uint32_t lo, size, n, i, retries, mode;
	char t1[48], t2[48], ubuf[16], dbuf[24];
	const struct adp_field *f;
	const char *label = "";

	if (!v[PROFILE_ID])
		label = active ? " (firmware defaults, active)" :
				 " (firmware defaults)";
	else if (active)
		label = " (active)";
	f = adp_field_by_attr(adp_profile_fields, ROCE_ADP_A_PROFILE_TIME_UNIT);
	text_line("%s profile %u%s: time_base %s time_unit %s range_num %u start_range_index %u",
		  dev, v[PROFILE_ID], label,
		  adp_fmt_shift(t1, sizeof(t1), base, 0, unit),
		  adp_field_str(f, unit, ubuf, sizeof(ubuf)),
		  v[ROCE_ADP_A_PROFILE_RANGE_NUM],
		  v[ROCE_ADP_A_PROFILE_START_RANGE_INDEX]);

	if (v[ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT])
		text_line("  total timeout: QP ack_timeout * retry_count (qp_total_timeout on)");
	else
		text_line("  total timeout: %s (retx_total_timeout %u)",
			  adp_fmt_shift(t1, sizeof(t1), base,
					v[ROCE_ADP_A_PROFILE_RETX_TOTAL_TIMEOUT],
					unit),
			  v[ROCE_ADP_A_PROFILE_RETX_TOTAL_TIMEOUT]);

	lo = v[ROCE_ADP_A_PROFILE_TIMEOUT_INIT_LOW_BOUND];
	size = v[ROCE_ADP_A_PROFILE_TIMEOUT_INIT_RANGE_SIZE];
	text_line("  initial timeout: %s .. %s (low_bound %u size %u)",
		  adp_fmt_shift(t1, sizeof(t1), base, lo, unit),
		  adp_fmt_shift(t2, sizeof(t2), base, shift_sum(lo, size), unit),
		  lo, size);

	/* Only the first range_num entries are in use. */
	f = adp_field_by_attr(adp_range_fields, ROCE_ADP_A_RANGE_DEC_MODE);
	n = v[ROCE_ADP_A_PROFILE_RANGE_NUM];
	for (i = 0; i < n && i < ROCE_ADP_RANGES_MAX; i++) {
		if (!p->has_range[i])
			continue;
		v = p->range[i].v;
		lo = v[ROCE_ADP_A_RANGE_RANGE_LOW_BOUND];
		size = v[ROCE_ADP_A_RANGE_RANGE_SIZE];
		retries = v[ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM];
		mode = v[ROCE_ADP_A_RANGE_DEC_MODE];
		if (adp_field_name(f, mode))
			snprintf(dbuf, sizeof(dbuf), "%s",
				 adp_field_name(f, mode));
		else
			snprintf(dbuf, sizeof(dbuf), "dec_mode %u", mode);
		text_line("  range %u: %s .. %s, %u %s, %s, prev %u (low_bound %u size %u)",
			  i, adp_fmt_shift(t1, sizeof(t1), base, lo, unit),
			  adp_fmt_shift(t2, sizeof(t2), base,
					shift_sum(lo, size), unit),
			  retries, retries == 1 ? "retry" : "retries", dbuf,
			  v[ROCE_ADP_A_RANGE_PREV_RANGE_INDEX], lo, size);
	}
}

void profile_print_json(const struct profile *p)
{
	int i;

	open_json_object(NULL);
	adp_vals_print_json(adp_profile_fields, &p->v);
	open_json_array("timeout_range");
	for (i = 0; i < ROCE_ADP_RANGES_MAX; i++) {
		if (!p->has_range[i])
			continue;
		open_json_object(NULL);
		adp_vals_print_json(adp_range_fields, &p->range[i]);
		close_json_object();
	}
	close_json_array();
	close_json_object();
}

static bool profile_next(struct nlattr **a, int *rem)
{
	for (; nla_ok(*a, *rem); *a = nla_next(*a, rem))
		if (nla_type(*a) == ROCE_ADP_A_PROFILE)
			return true;
	return false;
}

static int profile_print(const struct adp_nl_msg *msg, void *arg)
{
	const struct profile_filter *flt = arg;
	struct genlmsghdr *gnlh = genlmsg_hdr(msg->nlh);
	struct nlattr **tb = msg->tb;
	bool has_active = tb[ROCE_ADP_A_ACTIVE_PROFILE_ID];
	uint32_t active = 0;
	struct profile p;
	struct nlattr *a;
	const char *name;
	int rem, ret;

	name = adp_nl_str(tb[ROCE_ADP_A_DEV_NAME]);
	if (!name) {
		print_error("kernel reply without a device name");
		return -EBADMSG;
	}
	if (has_active)
		active = nla_get_u32(tb[ROCE_ADP_A_ACTIVE_PROFILE_ID]);

	/* All profiles are checked before any is printed. */
	a = genlmsg_attrdata(gnlh, 0);
	rem = genlmsg_attrlen(gnlh, 0);
	for (; profile_next(&a, &rem); a = nla_next(a, &rem)) {
		ret = profile_decode(a, &p);
		if (ret)
			return ret;
	}

	open_json_object(NULL);
	print_string(PRINT_JSON, "dev", NULL, name);
	if (has_active)
		print_uint(PRINT_JSON, "active_profile_id", NULL, active);
	open_json_array("profiles");
	a = genlmsg_attrdata(gnlh, 0);
	rem = genlmsg_attrlen(gnlh, 0);
	for (; profile_next(&a, &rem); a = nla_next(a, &rem)) {
		profile_decode(a, &p);
		if (flt && flt->has_id && p.v.v[PROFILE_ID] != flt->id)
			continue;
		profile_print_json(&p);
		profile_text(name, has_active && active == p.v.v[PROFILE_ID],
			     &p);
	}
	close_json_array();
	close_json_object();
	return 0;
}

static int profile_build_get(struct nl_msg *msg, void *arg)
{
	const struct profile_filter *flt = arg;
	int ret;

	if (!flt->dev)
		return 0;
	ret = nla_put_string(msg, ROCE_ADP_A_DEV_NAME, flt->dev);
	if (ret < 0 || !flt->has_id)
		return ret;
	return nla_put_u32(msg, ROCE_ADP_A_PROFILE_ID, flt->id);
}

static int profile_show(struct adp_ctx *ctx, int argc, char **argv)
{
	struct profile_filter flt = { };
	const char *id = NULL;
	struct adp_arg args[] = {
		{ .key = "dev", .type = ADP_ARG_STR, .val = &flt.dev,
		  .positional = true, .maxlen = ROCE_ADP_DEV_NAME_LEN - 1 },
		{ .key = "id", .type = ADP_ARG_STR, .val = &id },
		{ }
	};
	int ret;

	ret = adp_parse_args(ctx, args, argc, argv);
	if (ret)
		return ret;
	if (id) {
		ret = adp_field_parse(ctx, "id",
				      adp_field_by_attr(adp_profile_fields,
							PROFILE_ID),
				      id, &flt.id);
		if (ret)
			return ret;
		flt.has_id = true;
	}
	/*
	 * A do asks the kernel for the one profile; a dump has no such
	 * filter, so the profiles of other ids are skipped here.
	 */
	return adp_show_req(ctx, ROCE_ADP_CMD_PROFILE_GET,
			    flt.dev ? 0 : NLM_F_DUMP, profile_build_get, &flt,
			    profile_print, &flt);
}

/* Whether vals has any of the fields. */
static bool any_field(const struct adp_field *fields,
		      const struct adp_vals *vals, int skip)
{
	for (; fields->attr; fields++)
		if (fields->attr != skip && vals->has[fields->attr])
			return true;
	return false;
}

/*
 * dev DEV, id N and the profile fields may come in any order; "range I"
 * opens a group of range fields for entry I, which the next "range" or
 * any profile-level word closes.
 */
/*
 * "range I": argv[*i] is "range"; take I (a range index not given before)
 * into *r and leave *i on it. 0, or ADP_EXIT_USAGE after saying why.
 */
int profile_take_range(const struct adp_ctx *ctx, int argc, char **argv,
		       int *i, bool *given, uint32_t *r)
{
	int ret;

	if (*i + 1 >= argc)
		return adp_usage_error(ctx, "missing value for \"range\"");
	ret = adp_field_parse(ctx, "range", &adp_range_index_field,
			      argv[*i + 1], r);
	++*i;
	if (ret)
		return ret;
	if (given[*r])
		return adp_usage_error(ctx, "\"range %u\" is given twice", *r);
	given[*r] = true;
	return 0;
}

int profile_parse_set(const struct adp_ctx *ctx, struct profile_req *req,
		      int argc, char **argv)
{
	struct adp_arg dev = {
		.key = "dev", .type = ADP_ARG_STR, .val = &req->dev,
		.maxlen = ROCE_ADP_DEV_NAME_LEN - 1,
	};
	const struct adp_field *id_field, *f, *rf;
	bool ranges = false;
	char where[32];
	int i, ret, group = -1;
	uint32_t r;

	memset(req, 0, sizeof(*req));
	id_field = adp_field_by_attr(adp_profile_fields, PROFILE_ID);
	for (i = 0; i < argc; i++) {
		const char *word = argv[i];

		/* "id" is short for the PRM name of the id. */
		f = strcmp(word, "id") ? adp_field_find(adp_profile_fields, word) :
					 id_field;
		rf = adp_field_find(adp_range_fields, word);
		if (!strcmp(word, "dev")) {
			group = -1;
			ret = adp_take_arg(ctx, &dev, argc, argv, &i);
		} else if (!strcmp(word, "range")) {
			ret = profile_take_range(ctx, argc, argv, &i,
						 req->range_given, &r);
			if (ret)
				return ret;
			ranges = true;
			group = r;
		} else if (f) {
			group = -1;
			ret = adp_field_take(ctx, word, f, &req->profile, argc,
					     argv, &i, "");
		} else if (rf) {
			if (group < 0)
				return adp_usage_error(ctx, "\"%s\" is a range field: give it after \"range I\"",
						       word);
			snprintf(where, sizeof(where), " in range %d", group);
			ret = adp_field_take(ctx, word, rf, &req->range[group],
					     argc, argv, &i, where);
		} else if (word[0] == '-') {
			return adp_usage_error(ctx, "unknown option \"%s\" (options go before the object)",
					       word);
		} else {
			return adp_usage_error(ctx, "unknown field \"%s\"",
					       word);
		}
		if (ret)
			return ret;
	}

	if (!req->dev)
		return adp_usage_error(ctx, "missing argument \"dev\"");
	if (!req->profile.has[PROFILE_ID])
		return adp_usage_error(ctx, "missing argument \"id\"");
	for (i = 0; i < ROCE_ADP_RANGES_MAX; i++)
		if (req->range_given[i] &&
		    !any_field(adp_range_fields, &req->range[i], -1))
			return adp_usage_error(ctx, "no field given for \"range %d\"",
					       i);
	if (!any_field(adp_profile_fields, &req->profile, PROFILE_ID) &&
	    !ranges)
		return adp_usage_error(ctx, "nothing to set");
	return 0;
}

int profile_build_set(struct nl_msg *msg, void *arg)
{
	const struct profile_req *req = arg;
	struct nlattr *nest, *range;
	int i, ret;

	ret = nla_put_string(msg, ROCE_ADP_A_DEV_NAME, req->dev);
	if (ret < 0)
		return ret;
	nest = nla_nest_start(msg, ROCE_ADP_A_PROFILE | NLA_F_NESTED);
	if (!nest)
		return -NLE_NOMEM;
	ret = adp_vals_put(msg, adp_profile_fields, &req->profile);
	if (ret < 0)
		return ret;
	for (i = 0; i < ROCE_ADP_RANGES_MAX; i++) {
		if (!req->range_given[i])
			continue;
		range = nla_nest_start(msg,
				       ROCE_ADP_A_PROFILE_RANGE | NLA_F_NESTED);
		if (!range)
			return -NLE_NOMEM;
		ret = nla_put_u32(msg, ROCE_ADP_A_RANGE_INDEX, i);
		if (ret < 0)
			return ret;
		ret = adp_vals_put(msg, adp_range_fields, &req->range[i]);
		if (ret < 0)
			return ret;
		nla_nest_end(msg, range);
	}
	return nla_nest_end(msg, nest);
}

static int profile_set(struct adp_ctx *ctx, int argc, char **argv)
{
	struct profile_req req;
	int ret;

	ret = profile_parse_set(ctx, &req, argc, argv);
	if (ret)
		return ret;
	/* The reply is that profile read back, shown as a show would. */
	return adp_show_req(ctx, ROCE_ADP_CMD_PROFILE_SET, 0,
			    profile_build_set, &req, profile_print, NULL);
}

static void profile_set_details(FILE *fp)
{
	fprintf(fp, "\nN is a profile id, 1..adp_retx_profile_max_id of the device (at most %d);\n"
		"profile 0 holds the firmware defaults and cannot be set.\n",
		ROCE_ADP_PROFILE_ID_MAX);
	fputs("\nFIELD, for the profile:\n", fp);
	adp_fields_help(fp, adp_profile_fields, PROFILE_ID);
	fprintf(fp, "\nRANGE_FIELD, for entry I (0..%d) of timeout_range:\n",
		ROCE_ADP_RANGES_MAX - 1);
	adp_fields_help(fp, adp_range_fields, -1);
	fputs("\n"
	      "\"range I\" starts the fields of entry I; they run until the next\n"
	      "\"range\" or a profile field.  Fields not given keep their value:\n"
	      "the kernel reads the profile, changes what is given, checks the\n"
	      "result and writes it.  The profile read back is printed as by\n"
	      "\"profile show\".  Times are time_base << a shift field.\n", fp);
}

static int profile_forget_print(const struct adp_nl_msg *msg, void *arg)
{
	const char *name = adp_nl_str(msg->tb[ROCE_ADP_A_DEV_NAME]);

	(void)arg;
	if (!name) {
		print_error("kernel reply without a device name");
		return -EBADMSG;
	}
	open_json_object(NULL);
	print_string(PRINT_ANY, "name", "%s:", name);
	print_bool(PRINT_JSON, "profile_forgotten", NULL, true);
	print_bool(PRINT_JSON, "fw_reset_needed", NULL, true);
	print_string(PRINT_FP, NULL, "%s",
		     " profile forgotten; the firmware keeps the current profile until its next reset,\n"
		     "    after which its default timeouts apply (the enables are still restored)");
	close_json_object();
	print_nl();
	return 0;
}

/* "profile forget dev DEV": stop restoring the profile after resets. */
static int profile_forget(struct adp_ctx *ctx, int argc, char **argv)
{
	const char *dev = NULL;
	struct adp_arg args[] = {
		{ .key = "dev", .type = ADP_ARG_STR, .val = &dev,
		  .positional = true, .maxlen = ROCE_ADP_DEV_NAME_LEN - 1 },
		{ }
	};
	int ret;

	ret = adp_parse_args(ctx, args, argc, argv);
	if (ret)
		return ret;
	if (!dev)
		return adp_usage_error(ctx, "missing argument \"dev\"");
	return adp_show_req(ctx, ROCE_ADP_CMD_PROFILE_FORGET, 0, adp_put_dev,
			    (void *)dev, profile_forget_print, NULL);
}

static void profile_forget_details(FILE *fp)
{
	fputs("\nOnce a profile is selected the firmware uses it until a firmware reset;\n"
	      "the kernel then selects it again (module parameter restore_config).\n"
	      "\"profile forget\" makes the kernel forget the profile: the firmware\n"
	      "keeps it until its next reset, after which the firmware's default\n"
	      "timeouts (profile 0) stay.  The enables are still restored.  Setting\n"
	      "a profile again saves it again.\n", fp);
}

const struct adp_cmd profile_cmds[] = {
	{
		.name = "show",
		.func = profile_show,
		.help = "show retransmission profiles and the timeouts they give",
		.usage = "[[dev] DEV] [id N]",
	},
	{
		.name = "set",
		.func = profile_set,
		.help = "change fields of profile N",
		.usage = "dev DEV id N [FIELD VALUE]... [range I RANGE_FIELD VALUE...]...",
		.details = profile_set_details,
	},
	{
		.name = "lint",
		.func = profile_lint,
		.help = "check a profile before the firmware does: errors and warnings",
		.usage = PROFILE_SRC_USAGE " [QP] [CAPS]",
		.details = profile_lint_details,
	},
	{
		.name = "simulate",
		.func = profile_simulate,
		.help = "run the retransmission algorithm of a profile for a QP against a loss scenario",
		.usage = PROFILE_SRC_USAGE " QP SCENARIO [OPTION]... [--svg FILE]",
		.details = profile_simulate_details,
	},
	{
		.name = "forget",
		.func = profile_forget,
		.help = "forget the profile: firmware defaults after the next firmware reset",
		.usage = "[dev] DEV",
		.details = profile_forget_details,
	},
	{
		/* Its name until 0.2, where "reset" meant the firmware's too. */
		.name = "reset",
		.func = profile_forget,
		.help = "forget the profile: firmware defaults after the next firmware reset",
		.usage = "[dev] DEV",
		.details = profile_forget_details,
		.hidden = true,
	},
	{ }
};
