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

/* What "profile show" asked for: with has_id, only that profile. */
struct profile_filter {
	const char *dev;
	bool has_id;
	uint32_t id;
};

int profile_decode(const struct nlattr *nest, struct adp_profile *p)
{
	struct nlattr *a, *idx;
	uint32_t i;
	int rem, ret;

	memset(p, 0, sizeof(*p));
	ret = adp_vals_parse(adp_profile_fields, nest, &p->v, "profile");
	if (ret)
		return ret;
	if (!p->v.has[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID]) {
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

/* Shifts come from the kernel as u32: their sum must not wrap. */
static uint32_t shift_sum(uint32_t a, uint32_t b)
{
	uint64_t s = (uint64_t)a + b;

	return s > UINT32_MAX ? UINT32_MAX : s;
}

/* "64us .. 512us": the window of low_bound and size, in the profile's unit. */
static const char *window_text(char *buf, size_t len,
			       const struct radp_profile *rp, uint32_t lo,
			       uint32_t size)
{
	char t1[48], t2[48];

	snprintf(buf, len, "%s .. %s",
		 adp_fmt_shift(t1, sizeof(t1), rp->time_base, lo,
			       rp->time_unit),
		 adp_fmt_shift(t2, sizeof(t2), rp->time_base,
			       shift_sum(lo, size), rp->time_unit));
	return buf;
}

/* " (total 4.194s, initial 64us .. 256us)": what the fields amount to. */
static const char *profile_times(char *buf, size_t len,
				 const struct radp_profile *rp)
{
	char total[48], init[128];

	if (rp->qp_total_timeout)
		snprintf(total, sizeof(total), "QP ack_timeout * retry_count");
	else
		adp_fmt_shift(total, sizeof(total), rp->time_base,
			      rp->retx_total_timeout, rp->time_unit);
	snprintf(buf, len, " (total %s, initial %s)", total,
		 window_text(init, sizeof(init), rp,
			     rp->timeout_init_low_bound,
			     rp->timeout_init_range_size));
	return buf;
}

/* " (64us .. 512us)" of range i, or " (not in use)". */
static const char *range_times(char *buf, size_t len,
			       const struct radp_profile *rp, unsigned int i)
{
	char win[128];

	/* The firmware reads only the first range_num ranges. */
	snprintf(buf, len, " (%s)", i >= rp->range_num ? "not in use" :
		 window_text(win, sizeof(win), rp, rp->range[i].range_low_bound,
			     rp->range[i].range_size));
	return buf;
}

/* The end of a text line of a profile: what its fields amount to, end. */
static void profile_line_end(const struct profile_style *st, const char *times)
{
	char line[320];

	if (!st->lead)
		return;
	snprintf(line, sizeof(line), "%s%s", times, st->end);
	print_string(PRINT_FP, NULL, "%s", line);
}

static void fmt_quote(char **out, char *end, const char *s)
{
	for (; *s && *out < end - 2; s++) {
		if (*s == '%')
			*(*out)++ = '%';
		*(*out)++ = *s;
	}
}

const char *profile_head_fmt(char *buf, size_t len, const char *before,
			     const char *after)
{
	char *o = buf;

	fmt_quote(&o, buf + len - 2, before);
	*o++ = '%';
	*o++ = 'u';
	fmt_quote(&o, buf + len, after);
	*o = '\0';
	return buf;
}

void profile_print(const char *key, const struct adp_profile *p,
		   const struct profile_style *st)
{
	/* A NULL lead: no text at all. */
	bool times = st->lead && st->times;
	int id_attr = ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID;
	struct radp_profile rp = { };
	struct adp_vals v = p->v;
	char buf[256], lead[64];
	unsigned int i;

	adp_profile_to_radp(p, &rp);
	open_json_object(key);
	/*
	 * The id: JSON's first member; in the text a field with id, the
	 * head line with head, else the caller's.
	 */
	if (st->head && v.has[id_attr]) {
		print_uint(PRINT_ANY,
			   radp_fields[RADP_ROCE_ACCL_ADP_RETX_PROFILE_ID].name,
			   st->head, v.v[id_attr]);
		v.has[id_attr] = false;
	}
	adp_vals_print_lead(adp_profile_fields, &v, st->lead,
			    st->id ? -1 : id_attr);
	profile_line_end(st, times ? profile_times(buf, sizeof(buf), &rp) : "");
	open_json_array("timeout_range");
	for (i = 0; i < ROCE_ADP_RANGES_MAX; i++) {
		if (!p->has_range[i])
			continue;
		open_json_object(NULL);
		snprintf(lead, sizeof(lead), "%srange %u ", st->lead ?: "", i);
		adp_vals_print_lead(adp_range_fields, &p->range[i],
				    st->lead ? lead : NULL, -1);
		profile_line_end(st, times ? range_times(buf, sizeof(buf), &rp, i) :
				 "");
		close_json_object();
	}
	close_json_array();
	close_json_object();
}

void profile_print_nest(const char *key, const struct adp_profile *p)
{
	static const struct profile_style line = { .lead = " ", .end = "",
						   .id = true };

	profile_print(key, p, &line);
}

static bool profile_next(struct nlattr **a, int *rem)
{
	for (; nla_ok(*a, *rem); *a = nla_next(*a, rem))
		if (nla_type(*a) == ROCE_ADP_A_PROFILE)
			return true;
	return false;
}

/* "emu0 profile %u (active):\n", the text's head of a profile. */
static const char *profile_head(char *buf, size_t len, const char *dev,
				bool active, uint32_t id)
{
	char before[ROCE_ADP_DEV_NAME_LEN + 16];
	const char *label;

	if (!id)
		label = active ? " (firmware defaults, active):\n" :
				 " (firmware defaults):\n";
	else if (active)
		label = " (active):\n";
	else
		label = ":\n";
	snprintf(before, sizeof(before), "%s profile ", dev);
	return profile_head_fmt(buf, len, before, label);
}

int profile_print_msg(const struct adp_nl_msg *msg, void *arg)
{
	struct profile_style show = { .lead = "  ", .end = "\n",
				      .times = true };
	char head[2 * ROCE_ADP_DEV_NAME_LEN + 64];
	const struct profile_filter *flt = arg;
	struct genlmsghdr *gnlh = genlmsg_hdr(msg->nlh);
	struct nlattr **tb = msg->tb;
	bool has_active = tb[ROCE_ADP_A_ACTIVE_PROFILE_ID];
	char lead[ROCE_ADP_DEV_NAME_LEN + 2];
	uint32_t active = 0, id;
	struct adp_profile p;
	struct nlattr *a;
	const char *name;
	int rem, ret;

	name = adp_reply_dev(msg);
	if (!name)
		return -EBADMSG;
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
	snprintf(lead, sizeof(lead), "%s: ", name);
	adp_print_age(msg, lead);
	open_json_array("profiles");
	a = genlmsg_attrdata(gnlh, 0);
	rem = genlmsg_attrlen(gnlh, 0);
	for (; profile_next(&a, &rem); a = nla_next(a, &rem)) {
		profile_decode(a, &p);
		id = p.v.v[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID];
		if (flt && flt->has_id && id != flt->id)
			continue;
		show.head = profile_head(head, sizeof(head), name,
					 has_active && active == id, id);
		profile_print(NULL, &p, &show);
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

int profile_show(struct adp_ctx *ctx, int argc, char **argv)
{
	struct profile_filter flt = { };
	const char *id = NULL;
	struct adp_arg args[] = {
		{ ADP_ARG_DEV(&flt.dev), .positional = true },
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
							ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID),
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
			    profile_print_msg, &flt);
}

/*
 * dev DEV and the words of the profile (radp_words.h) may come in any order;
 * "dev" closes an open "range I" group.
 */
int profile_parse_set(const struct adp_ctx *ctx, struct profile_req *req,
		      int argc, char **argv)
{
	struct adp_arg dev = {
		ADP_ARG_DEV(&req->dev),
	};
	struct adp_words_err e;
	struct adp_words w;
	int i, ret;

	memset(req, 0, sizeof(*req));
	adp_words_init(&w, &req->p);
	for (i = 0; i < argc; i++) {
		const char *word = argv[i];

		if (!strcmp(word, "dev")) {
			adp_words_close(&w);
			ret = adp_take_arg(ctx, &dev, argc, argv, &i);
			if (ret)
				return ret;
			continue;
		}
		ret = adp_words_take(&w, word, i + 1 < argc ? argv[i + 1] : NULL,
				     &e);
		if (ret == ADP_WORDS_ERROR)
			return adp_usage_error(ctx, "%s", e.msg);
		if (ret == ADP_WORDS_TAKEN)
			i++;
		else if (word[0] == '-')
			return adp_usage_error(ctx, "unknown option \"%s\" (options go before the object)",
					       word);
		else
			return adp_usage_error(ctx, "unknown field \"%s\"",
					       word);
	}

	if (!req->dev)
		return adp_usage_error(ctx, "missing argument \"dev\"");
	if (!req->p.v.has[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID])
		return adp_usage_error(ctx, "missing argument \"id\"");
	if (adp_words_check(&w, &e))
		return adp_usage_error(ctx, "%s", e.msg);
	if (!adp_profile_any(&req->p))
		return adp_usage_error(ctx, "nothing to set");
	return 0;
}

int profile_build_set(struct nl_msg *msg, void *arg)
{
	const struct profile_req *req = arg;
	struct nlattr *nest, *range;
	int i, ret;

	nest = adp_put_dev_nest(msg, req->dev, ROCE_ADP_A_PROFILE,
				adp_profile_fields, &req->p.v);
	if (!nest)
		return -NLE_NOMEM;
	for (i = 0; i < ROCE_ADP_RANGES_MAX; i++) {
		if (!req->p.has_range[i])
			continue;
		range = nla_nest_start(msg,
				       ROCE_ADP_A_PROFILE_RANGE | NLA_F_NESTED);
		if (!range)
			return -NLE_NOMEM;
		ret = nla_put_u32(msg, ROCE_ADP_A_RANGE_INDEX, i);
		if (ret < 0)
			return ret;
		ret = adp_vals_put(msg, adp_range_fields, &req->p.range[i]);
		if (ret < 0)
			return ret;
		nla_nest_end(msg, range);
	}
	return nla_nest_end(msg, nest);
}

int profile_set(struct adp_ctx *ctx, int argc, char **argv)
{
	struct profile_req req;
	int ret;

	ret = profile_parse_set(ctx, &req, argc, argv);
	if (ret)
		return ret;
	/* The reply is that profile read back, shown as a show would. */
	return adp_show_req(ctx, ROCE_ADP_CMD_PROFILE_SET, 0,
			    profile_build_set, &req, profile_print_msg, NULL);
}

void profile_set_details(FILE *fp)
{
	fprintf(fp, "\nN is a profile id, 1..adp_retx_profile_max_id of the device (at most %d);\n"
		"profile 0 holds the firmware defaults and cannot be set.\n",
		ROCE_ADP_PROFILE_ID_MAX);
	fputs("\nFIELD, for the profile:\n", fp);
	adp_fields_help(fp, adp_profile_fields, ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID);
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
	const char *name = adp_reply_dev(msg);

	(void)arg;
	if (!name)
		return -EBADMSG;
	open_json_object(NULL);
	print_string(PRINT_ANY, "name", "%s:", name);
	print_bool_str(PRINT_ANY, "profile_forgotten", " profile %s;", true,
		       "forgotten", "kept");
	print_bool_str(PRINT_ANY, "fw_reset_needed", "%s", true,
		       " the firmware keeps the current profile until its next reset,\n"
		       "    after which its default timeouts apply (the enables are still restored)",
		       " nothing changes on the device");
	close_json_object();
	print_nl();
	return 0;
}

/* "profile forget dev DEV": stop restoring the profile after resets. */
int profile_forget(struct adp_ctx *ctx, int argc, char **argv)
{
	return adp_dev_cmd(ctx, argc, argv, ROCE_ADP_CMD_PROFILE_FORGET, true,
			   profile_forget_print, NULL);
}

void profile_forget_details(FILE *fp)
{
	fputs("\nOnce a profile is selected the firmware uses it until a firmware reset;\n"
	      "the kernel then selects it again (module parameter restore_config).\n"
	      "\"profile forget\" makes the kernel forget the profile: the firmware\n"
	      "keeps it until its next reset, after which the firmware's default\n"
	      "timeouts (profile 0) stay.  The enables are still restored.  Setting\n"
	      "a profile again saves it again.\n", fp);
}
