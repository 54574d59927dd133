// SPDX-License-Identifier: GPL-2.0
/*
 * Profiles for "profile lint" and "profile simulate": from a device, a
 * file or the command line; see profile_src.h.  Fields go through the
 * tables of fields.c, from a file as from the command line.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <netlink/genl/genl.h>

#include "json_in.h"
#include "profile_src.h"

#define PROFILE_ID	ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID

const char *adp_fld_path(char *buf, size_t len, enum radp_fld fld, int range)
{
	if (range >= 0)
		snprintf(buf, len, "timeout_range[%d].%s", range,
			 radp_fields[fld].name);
	else
		snprintf(buf, len, "%s", radp_fields[fld].name);
	return buf;
}

static bool is_caps_word(const char *word, const struct adp_field **f)
{
	*f = adp_field_find(adp_caps_fields, word);
	return *f != NULL;
}

int adp_profile_args_parse(const struct adp_ctx *ctx,
			   struct adp_profile_args *a, struct adp_arg *extra,
			   int argc, char **argv)
{
	struct adp_arg words[] = {
		{ .key = "dev", .type = ADP_ARG_STR, .val = &a->dev,
		  .maxlen = ROCE_ADP_DEV_NAME_LEN - 1 },
		{ .key = "file", .type = ADP_ARG_STR, .val = &a->file },
		{ .key = "ack_timeout", .type = ADP_ARG_U32,
		  .val = &a->ack_timeout },
		{ .key = "retry_count", .type = ADP_ARG_U32,
		  .val = &a->retry_count },
		{ }
	};
	const struct adp_field *id_field, *f;
	struct adp_vals id = { };
	struct adp_arg *w;
	int i, ret, group = -1;
	char where[32];
	uint32_t r;

	memset(a, 0, sizeof(*a));
	if (extra)
		for (w = extra; w->key; w++)
			w->seen = false;
	id_field = adp_field_by_attr(adp_profile_fields, PROFILE_ID);
	for (i = 0; i < argc; i++) {
		const char *word = argv[i];

		for (w = words; w->key && strcmp(w->key, word); w++)
			;
		if (!w->key && extra)
			for (w = extra; w->key && strcmp(w->key, word); w++)
				;
		if (w->key) {
			group = -1;
			ret = adp_take_arg(ctx, w, argc, argv, &i);
		} else if (!strcmp(word, "id")) {
			group = -1;
			ret = adp_field_take(ctx, word, id_field, &id, argc,
					     argv, &i, "");
		} else if (!strcmp(word, "range")) {
			ret = profile_take_range(ctx, argc, argv, &i,
						 a->range_given, &r);
			if (ret)
				return ret;
			group = r;
		} else if ((f = adp_field_find(adp_profile_fields, word))) {
			group = -1;
			ret = adp_field_take(ctx, word, f, &a->fields, argc,
					     argv, &i, "");
		} else if ((f = adp_field_find(adp_range_fields, word))) {
			if (group < 0)
				return adp_usage_error(ctx, "\"%s\" is a range field: give it after \"range I\"",
						       word);
			snprintf(where, sizeof(where), " in range %d", group);
			ret = adp_field_take(ctx, word, f, &a->range[group],
					     argc, argv, &i, where);
		} else if (is_caps_word(word, &f)) {
			group = -1;
			ret = adp_field_take(ctx, word, f, &a->caps, argc,
					     argv, &i, "");
		} else if (word[0] == '-') {
			return adp_usage_error(ctx, "unknown option \"%s\"",
					       word);
		} else {
			return adp_usage_error(ctx, "unknown argument \"%s\"",
					       word);
		}
		if (ret)
			return ret;
	}
	a->has_id = id.has[PROFILE_ID];
	a->id = id.v[PROFILE_ID];
	a->has_ack_timeout = words[2].seen;
	a->has_retry_count = words[3].seen;
	if (a->has_ack_timeout && a->ack_timeout > 31)
		return adp_usage_error(ctx, "invalid value \"%u\" for \"ack_timeout\": expected 0..31 (4.096us << N, 0 = infinite)",
				       a->ack_timeout);
	if (a->dev && a->file)
		return adp_usage_error(ctx, "\"dev\" and \"file\" both give a profile: pick one");
	for (i = 0; i < RADP_RANGES; i++) {
		int j;
		bool any = false;

		for (j = 0; j < ADP_NEST_ATTRS; j++)
			any |= a->range[i].has[j];
		if (a->range_given[i] && !any)
			return adp_usage_error(ctx, "no field given for \"range %d\"",
					       i);
	}
	return 0;
}

/* Field f of struct radp_profile or struct radp_range. */
static u32 *member(void *obj, const struct radp_member *members,
		   unsigned int n, enum radp_fld fld)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (members[i].fld == fld)
			return radp_member_ptr(obj, &members[i]);
	return NULL;
}

/* Store the fields vals has into p (profile level) or range r of it. */
void adp_profile_apply_vals(struct radp_profile *p, int r,
			    const struct adp_field *fields,
			    const struct adp_vals *vals)
{
	const struct adp_field *f;
	u32 *m;

	for (f = fields; f->attr; f++) {
		if (!vals->has[f->attr])
			continue;
		if (r < 0)
			m = member(p, radp_profile_members,
				   radp_profile_members_count, f->fld);
		else
			m = member(&p->range[r], radp_range_members,
				   radp_range_members_count, f->fld);
		if (m)
			*m = vals->v[f->attr];
	}
}

/* A profile nobody gave a field of: zeros, but the only defined time unit. */
static void blank_profile(struct adp_src_profile *sp, const char *label)
{
	memset(sp, 0, sizeof(*sp));
	snprintf(sp->label, sizeof(sp->label), "%s", label);
	sp->id = 1;
	sp->p.time_unit = ROCE_ADP_TIME_UNIT_USEC;
}

static struct adp_src_profile *set_add(struct adp_profile_set *set)
{
	struct adp_src_profile *v;

	v = realloc(set->v, (set->n + 1) * sizeof(*v));
	if (!v) {
		print_error("out of memory");
		return NULL;
	}
	set->v = v;
	return &v[set->n++];
}

void adp_profile_set_free(struct adp_profile_set *set)
{
	free(set->v);
	set->v = NULL;
	set->n = 0;
}

/* The device: its profiles (PROFILE_GET) and its limits (ACCL_GET). */
struct dev_call {
	const struct adp_profile_args *a;
	struct adp_profile_set *set;
	uint32_t active;
	bool has_active;
	int err;
};

static int dev_build(struct nl_msg *msg, void *arg)
{
	const struct dev_call *c = arg;
	int ret;

	ret = nla_put_string(msg, ROCE_ADP_A_DEV_NAME, c->a->dev);
	if (ret < 0 || !c->a->has_id)
		return ret;
	return nla_put_u32(msg, ROCE_ADP_A_PROFILE_ID, c->a->id);
}

static int dev_build_name(struct nl_msg *msg, void *arg)
{
	const struct dev_call *c = arg;

	return nla_put_string(msg, ROCE_ADP_A_DEV_NAME, c->a->dev);
}

static int dev_profiles(const struct adp_nl_msg *msg, void *arg)
{
	struct genlmsghdr *gnlh = genlmsg_hdr(msg->nlh);
	struct dev_call *c = arg;
	struct adp_src_profile *sp;
	struct profile pv;
	struct nlattr *a;
	int rem, r, ret;

	if (msg->tb[ROCE_ADP_A_ACTIVE_PROFILE_ID]) {
		c->active = nla_get_u32(msg->tb[ROCE_ADP_A_ACTIVE_PROFILE_ID]);
		c->has_active = true;
	}
	a = genlmsg_attrdata(gnlh, 0);
	rem = genlmsg_attrlen(gnlh, 0);
	for (; nla_ok(a, rem); a = nla_next(a, &rem)) {
		if (nla_type(a) != ROCE_ADP_A_PROFILE)
			continue;
		ret = profile_decode(a, &pv);
		if (ret)
			return ret;
		sp = set_add(c->set);
		if (!sp)
			return -ENOMEM;
		blank_profile(sp, c->a->dev);
		sp->p.time_unit = 0;
		sp->id = pv.v.v[PROFILE_ID];
		adp_profile_apply_vals(&sp->p, -1, adp_profile_fields, &pv.v);
		for (r = 0; r < RADP_RANGES; r++)
			if (pv.has_range[r])
				adp_profile_apply_vals(&sp->p, r, adp_range_fields,
					   &pv.range[r]);
	}
	return 0;
}

static int dev_caps(const struct adp_nl_msg *msg, void *arg)
{
	struct dev_call *c = arg;
	struct adp_vals caps;
	struct radp_caps *k = &c->set->caps;

	if (!msg->tb[ROCE_ADP_A_CAPS])
		return 0;
	if (adp_vals_parse(adp_caps_fields, msg->tb[ROCE_ADP_A_CAPS], &caps,
			   "capabilities"))
		return -EBADMSG;
	if (caps.has[ROCE_ADP_A_CAPS_PROFILE_MAX_ID])
		k->profile_max_id = caps.v[ROCE_ADP_A_CAPS_PROFILE_MAX_ID];
	if (caps.has[ROCE_ADP_A_CAPS_PROFILE_MAX_RANGE_NUM])
		k->profile_max_range_num =
			caps.v[ROCE_ADP_A_CAPS_PROFILE_MAX_RANGE_NUM];
	if (caps.has[ROCE_ADP_A_CAPS_BASE_TIMEOUT_MIN])
		k->base_timeout_min = caps.v[ROCE_ADP_A_CAPS_BASE_TIMEOUT_MIN];
	c->set->caps_from_dev = true;
	return 0;
}

static int load_dev(struct adp_ctx *ctx, const struct adp_profile_args *a,
		    struct adp_profile_set *set, bool one)
{
	struct dev_call c = { .a = a, .set = set };
	struct adp_nl *nl = adp_ctx_nl(ctx);
	size_t i, keep = 0;

	if (!nl)
		return ADP_EXIT_FAIL;
	if (adp_nl_request(nl, ROCE_ADP_CMD_ACCL_GET, 0, dev_build_name,
			   dev_caps, &c) ||
	    adp_nl_request(nl, ROCE_ADP_CMD_PROFILE_GET, 0, dev_build,
			   dev_profiles, &c))
		return ADP_EXIT_FAIL;
	for (i = 0; i < set->n; i++) {
		struct adp_src_profile *sp = &set->v[i];

		sp->active = c.has_active && c.active == sp->id;
		/* Without an id: the one in effect, or every writable one. */
		if (!a->has_id && (one ? !sp->active : !sp->id))
			continue;
		set->v[keep++] = *sp;
	}
	set->n = keep;
	return ADP_EXIT_OK;
}

/* Errors in a file are the file's, not the command line's: exit 1. */
static int file_error(const char *file, unsigned int line, const char *fmt,
		      ...) __attribute__((format(printf, 3, 4)));

static int file_error(const char *file, unsigned int line, const char *fmt,
		      ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (line)
		print_error("%s:%u: %s", file, line, msg);
	else
		print_error("%s: %s", file, msg);
	return ADP_EXIT_FAIL;
}

static int json_fields(const char *file, const struct json *obj,
		       const struct adp_field *fields, struct radp_profile *p,
		       int r, uint32_t *id)
{
	const struct adp_field *f;
	const struct json *m;
	struct adp_vals vals = { };
	uint32_t v;

	for (m = obj->child; m; m = m->next) {
		if (r < 0 && !strcmp(m->key, "timeout_range"))
			continue;
		f = adp_field_find(fields, m->key);
		if (!f)
			return file_error(file, m->line, "unknown field \"%s\" in %s",
					  m->key, r < 0 ? "a profile" :
					  "a timeout_range entry");
		if (!json_u32(m, &v))
			return file_error(file, m->line, "\"%s\" must be a whole number 0..%u, not %s",
					  m->key, UINT32_MAX,
					  m->type == JSON_NUMBER ? m->str :
					  json_type_name(m->type));
		if (f->attr == PROFILE_ID && r < 0) {
			*id = v;
			continue;
		}
		vals.v[f->attr] = v;
		vals.has[f->attr] = true;
	}
	adp_profile_apply_vals(p, r, fields, &vals);
	return 0;
}

static int json_profile(const char *file, const char *dev,
			const struct json *obj, struct adp_profile_set *set)
{
	struct adp_src_profile *sp;
	const struct json *ranges, *e;
	int r = 0, ret;

	if (obj->type != JSON_OBJECT)
		return file_error(file, obj->line, "a profile must be an object, not %s",
				  json_type_name(obj->type));
	sp = set_add(set);
	if (!sp)
		return ADP_EXIT_FAIL;
	blank_profile(sp, file);
	if (dev)
		snprintf(sp->label, sizeof(sp->label), "%s (%s)", file, dev);
	ret = json_fields(file, obj, adp_profile_fields, &sp->p, -1, &sp->id);
	if (ret)
		return ret;
	ranges = json_get(obj, "timeout_range");
	if (!ranges)
		return 0;
	if (ranges->type != JSON_ARRAY)
		return file_error(file, ranges->line, "\"timeout_range\" must be an array");
	for (e = ranges->child; e; e = e->next, r++) {
		if (r >= RADP_RANGES)
			return file_error(file, e->line, "timeout_range has more than %d entries",
					  RADP_RANGES);
		if (e->type != JSON_OBJECT)
			return file_error(file, e->line, "a timeout_range entry must be an object");
		ret = json_fields(file, e, adp_range_fields, &sp->p, r, NULL);
		if (ret)
			return ret;
	}
	return 0;
}

/* A device of "profile show -j" ({"dev": .., "profiles": [..]}) or a profile. */
static int json_entry(const char *file, const struct json *j,
		      struct adp_profile_set *set)
{
	const struct json *profiles = json_get(j, "profiles"), *dev, *p;
	int ret;

	if (!profiles)
		return json_profile(file, NULL, j, set);
	if (profiles->type != JSON_ARRAY)
		return file_error(file, profiles->line, "\"profiles\" must be an array");
	dev = json_get(j, "dev");
	for (p = profiles->child; p; p = p->next) {
		ret = json_profile(file, dev && dev->type == JSON_STRING ?
				   dev->str : NULL, p, set);
		if (ret)
			return ret;
	}
	return 0;
}

static int load_json(const char *file, const char *text, size_t len,
		     struct adp_profile_set *set)
{
	const struct json *e;
	struct json *root;
	char err[192];
	int ret = 0;

	root = json_parse(text, len, err, sizeof(err));
	if (!root)
		return file_error(file, 0, "not valid JSON: %s", err);
	if (root->type == JSON_ARRAY) {
		for (e = root->child; e && !ret; e = e->next)
			ret = json_entry(file, e, set);
	} else {
		ret = json_entry(file, root, set);
	}
	json_free(root);
	return ret;
}

/* "FIELD VALUE" words, "range I" groups, "#" comments: as "profile set". */
static int load_words(const char *file, char *text,
		      struct adp_profile_set *set)
{
	const struct adp_field *f, *id_field;
	struct adp_src_profile *sp;
	struct adp_vals vals[1 + RADP_RANGES] = { };
	unsigned int line = 1, wline[2] = { 0, 0 };
	char *s = text, *word[2];
	int n = 0, group = -1, r;
	uint32_t v;

	sp = set_add(set);
	if (!sp)
		return ADP_EXIT_FAIL;
	blank_profile(sp, file);
	id_field = adp_field_by_attr(adp_profile_fields, PROFILE_ID);
	for (;;) {
		while (*s && isspace((unsigned char)*s))
			line += *s++ == '\n';
		if (*s == '#') {
			while (*s && *s != '\n')
				s++;
			continue;
		}
		if (!*s)
			break;
		word[n] = s;
		wline[n] = line;
		while (*s && !isspace((unsigned char)*s))
			s++;
		if (*s) {
			line += *s == '\n';
			*s++ = '\0';
		}
		if (++n < 2)
			continue;
		n = 0;
		if (!strcmp(word[0], "range")) {
			if (adp_field_value(&adp_range_index_field, word[1], &v))
				return file_error(file, wline[1], "invalid range index \"%s\": expected 0..%d",
						  word[1], RADP_RANGES - 1);
			group = v;
			continue;
		}
		f = !strcmp(word[0], "id") ? id_field :
		    adp_field_find(adp_profile_fields, word[0]);
		r = -1;
		if (!f) {
			f = adp_field_find(adp_range_fields, word[0]);
			if (f && group < 0)
				return file_error(file, wline[0], "\"%s\" is a range field: give it after \"range I\"",
						  word[0]);
			r = group;
		} else {
			group = -1;
		}
		if (!f)
			return file_error(file, wline[0], "unknown field \"%s\"",
					  word[0]);
		if (adp_field_value(f, word[1], &v)) {
			char expect[128];

			return file_error(file, wline[1], "invalid value \"%s\" for \"%s\": expected %s",
					  word[1], word[0],
					  adp_field_expect(f, expect,
							   sizeof(expect)));
		}
		if (vals[r + 1].has[f->attr])
			return file_error(file, wline[0], "\"%s\" is given twice",
					  word[0]);
		vals[r + 1].v[f->attr] = v;
		vals[r + 1].has[f->attr] = true;
	}
	if (n)
		return file_error(file, wline[0], "missing value for \"%s\"",
				  word[0]);
	if (vals[0].has[PROFILE_ID])
		sp->id = vals[0].v[PROFILE_ID];
	adp_profile_apply_vals(&sp->p, -1, adp_profile_fields, &vals[0]);
	for (r = 0; r < RADP_RANGES; r++)
		adp_profile_apply_vals(&sp->p, r, adp_range_fields, &vals[r + 1]);
	return 0;
}

static int load_file(const char *path, struct adp_profile_set *set)
{
	const char *file = strcmp(path, "-") ? path : "stdin";
	size_t len = 0, got;
	char *text, *s;
	FILE *fp;
	int ret;

	fp = strcmp(path, "-") ? fopen(path, "r") : stdin;
	if (!fp) {
		print_error("cannot open %s: %s", file, strerror(errno));
		return ADP_EXIT_FAIL;
	}
	text = malloc(ADP_PROFILE_FILE_MAX + 1);
	if (!text) {
		print_error("out of memory");
		ret = ADP_EXIT_FAIL;
		goto out;
	}
	while ((got = fread(text + len, 1, ADP_PROFILE_FILE_MAX + 1 - len,
			    fp)) > 0)
		len += got;
	if (ferror(fp)) {
		ret = file_error(file, 0, "cannot read: %s", strerror(errno));
	} else if (len > ADP_PROFILE_FILE_MAX) {
		ret = file_error(file, 0, "larger than %d bytes: not a profile",
				 ADP_PROFILE_FILE_MAX);
	} else if (memchr(text, '\0', len)) {
		ret = file_error(file, 0, "not a text file");
	} else {
		text[len] = '\0';
		for (s = text; isspace((unsigned char)*s); s++)
			;
		if (*s == '{' || *s == '[')
			ret = load_json(file, text, len, set);
		else
			ret = load_words(file, text, set);
	}
	free(text);
out:
	if (fp != stdin)
		fclose(fp);
	return ret;
}

int adp_profile_load(struct adp_ctx *ctx, const struct adp_profile_args *a,
		     bool one, struct adp_profile_set *set)
{
	bool fields = false;
	size_t i, keep = 0;
	int r, ret;

	memset(set, 0, sizeof(*set));
	set->caps = (struct radp_caps) {
		.profile_max_id = ADP_CAPS_DEFAULT_MAX_ID,
		.profile_max_range_num = ADP_CAPS_DEFAULT_MAX_RANGE_NUM,
		.base_timeout_min = ADP_CAPS_DEFAULT_BASE_MIN_NS,
	};
	if (a->dev) {
		ret = load_dev(ctx, a, set, one);
	} else if (a->file) {
		ret = load_file(a->file, set);
	} else {
		ret = set_add(set) ? ADP_EXIT_OK : ADP_EXIT_FAIL;
		if (!ret)
			blank_profile(&set->v[0], "command line");
	}
	if (ret)
		return ret;

	/* A file: the id asked for, or every writable one (or its one). */
	if (a->file) {
		for (i = 0; i < set->n; i++) {
			if (a->has_id ? set->v[i].id != a->id :
			    !set->v[i].id && set->n > 1)
				continue;
			set->v[keep++] = set->v[i];
		}
		set->n = keep;
	} else if (!a->dev && a->has_id) {
		set->v[0].id = a->id;
	}
	if (!set->n) {
		print_error("%s has no profile%s", a->dev ? a->dev : a->file,
			    a->has_id ? " with that id" :
			    a->dev && one ? " in effect" : " to check");
		return ADP_EXIT_FAIL;
	}
	if (one && set->n > 1) {
		print_error("%s has %zu profiles%s: pick one with \"id N\"",
			    a->dev ? a->dev : a->file, set->n,
			    a->has_id ? " with that id" : "");
		return ADP_EXIT_FAIL;
	}

	for (r = 0; r < ADP_NEST_ATTRS; r++)
		fields |= a->fields.has[r];
	for (r = 0; r < RADP_RANGES; r++)
		fields |= a->range_given[r];
	if (fields && set->n > 1) {
		print_error("fields given for %zu profiles: pick one with \"id N\"",
			    set->n);
		return ADP_EXIT_FAIL;
	}
	if (fields) {
		adp_profile_apply_vals(&set->v[0].p, -1, adp_profile_fields, &a->fields);
		for (r = 0; r < RADP_RANGES; r++)
			if (a->range_given[r])
				adp_profile_apply_vals(&set->v[0].p, r, adp_range_fields,
					   &a->range[r]);
	}

	if (a->caps.has[ROCE_ADP_A_CAPS_PROFILE_MAX_ID])
		set->caps.profile_max_id =
			a->caps.v[ROCE_ADP_A_CAPS_PROFILE_MAX_ID];
	if (a->caps.has[ROCE_ADP_A_CAPS_PROFILE_MAX_RANGE_NUM])
		set->caps.profile_max_range_num =
			a->caps.v[ROCE_ADP_A_CAPS_PROFILE_MAX_RANGE_NUM];
	if (a->caps.has[ROCE_ADP_A_CAPS_BASE_TIMEOUT_MIN])
		set->caps.base_timeout_min =
			a->caps.v[ROCE_ADP_A_CAPS_BASE_TIMEOUT_MIN];
	return ADP_EXIT_OK;
}

void adp_profile_src_help(FILE *fp)
{
	fputs("\nThe profile comes from one of:\n"
	      "  dev DEV [id N]   a device: profile N, or the one in effect (simulate)\n"
	      "                   or every writable one (lint); its limits are the CAPS\n"
	      "  file FILE [id N] a file (\"-\" for stdin): the JSON \"adpctl -j profile show\"\n"
	      "                   prints, a profile object or an array of them; or the\n"
	      "                   FIELD VALUE words of \"profile set\", \"#\" comments\n"
	      "  neither          the fields given: the others 0, time_unit usec, id 1\n"
	      "FIELD VALUE and \"range I RANGE_FIELD VALUE...\" as in \"profile set\"\n"
	      "change the fields of that profile.\n"
	      "\nQP:\n"
	      "  ack_timeout N    the QP's local ACK timeout, 4.096us << N (0..31, 0 = infinite);\n"
	      "                   the timeouts of a profile are capped to it\n"
	      "  retry_count N    the QP's retry count (0..7, more falls back to 7)\n"
	      "\nCAPS (without a device, the 2025 firmware's: 1, 4 and 4000):\n", fp);
	adp_fields_help(fp, adp_caps_fields, -1);
}
