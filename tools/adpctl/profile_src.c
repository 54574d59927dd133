// SPDX-License-Identifier: GPL-2.0
/*
 * Profiles for "profile lint" and "profile simulate": from a device, a
 * file or the command line; see profile_src.h.  Fields go through the
 * field tables of radp_words.h, from a file as from the command line.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <netlink/genl/genl.h>

#include <json-c/json.h>

#include "profile_src.h"
#include "radp_json.h"

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
		{ ADP_ARG_DEV(&a->dev) },
		{ .key = "file", .type = ADP_ARG_STR, .val = &a->file },
		{ .key = "ack_timeout", .type = ADP_ARG_U32,
		  .val = &a->ack_timeout },
		{ .key = "retry_count", .type = ADP_ARG_U32,
		  .val = &a->retry_count },
		{ }
	};
	const struct adp_field *f;
	struct adp_words_err e;
	struct adp_words pw;
	struct adp_arg *w;
	int i, ret;

	memset(a, 0, sizeof(*a));
	if (extra)
		for (w = extra; w->key; w++)
			w->seen = false;
	adp_words_init(&pw, &a->prof);
	for (i = 0; i < argc; i++) {
		const char *word = argv[i];

		for (w = words; w->key && strcmp(w->key, word); w++)
			;
		if (!w->key && extra)
			for (w = extra; w->key && strcmp(w->key, word); w++)
				;
		if (w->key) {
			adp_words_close(&pw);
			ret = adp_take_arg(ctx, w, argc, argv, &i);
			if (ret)
				return ret;
			continue;
		}
		ret = adp_words_take(&pw, word,
				     i + 1 < argc ? argv[i + 1] : NULL, &e);
		if (ret == ADP_WORDS_ERROR)
			return adp_usage_error(ctx, "%s", e.msg);
		if (ret == ADP_WORDS_TAKEN) {
			i++;
		} else if (is_caps_word(word, &f)) {
			adp_words_close(&pw);
			ret = adp_field_take(ctx, word, f, &a->caps, argc,
					     argv, &i, "");
			if (ret)
				return ret;
		} else if (word[0] == '-') {
			return adp_usage_error(ctx, "unknown option \"%s\"",
					       word);
		} else {
			return adp_usage_error(ctx, "unknown argument \"%s\"",
					       word);
		}
	}
	/* The id picks a profile; the other fields make one. */
	a->has_id = adp_profile_take_id(&a->prof, &a->id);
	a->has_ack_timeout = words[2].seen;
	a->has_retry_count = words[3].seen;
	if (a->has_ack_timeout && a->ack_timeout > 31)
		return adp_usage_error(ctx, "invalid value \"%u\" for \"ack_timeout\": expected 0..31 (4.096us << N, 0 = infinite)",
				       a->ack_timeout);
	if (a->dev && a->file)
		return adp_usage_error(ctx, "\"dev\" and \"file\" both give a profile: pick one");
	if (adp_words_check(&pw, &e))
		return adp_usage_error(ctx, "%s", e.msg);
	return 0;
}

size_t adp_profile_words(char *buf, size_t len, const struct radp_profile *p,
			 char sep)
{
	const char between[2] = { sep, '\0' };
	const struct adp_field *f;
	struct adp_vals vals = { };
	size_t off = 0;
	char v[32];
	uint32_t r;
	int n;

	buf[0] = '\0';
	adp_profile_get_vals(p, -1, adp_profile_fields, &vals);
	for (f = adp_profile_fields; f->attr && off < len; f++) {
		if (!vals.has[f->attr])
			continue;
		n = snprintf(buf + off, len - off, "%s%s %s", off ? between : "",
			     adp_field_key(f),
			     adp_field_str(f, vals.v[f->attr], v, sizeof(v)));
		off += n > 0 ? n : 0;
	}
	for (r = 0; r < p->range_num && r < RADP_RANGES && off < len; r++) {
		memset(&vals, 0, sizeof(vals));
		adp_profile_get_vals(p, r, adp_range_fields, &vals);
		n = snprintf(buf + off, len - off, "%crange %u", sep, r);
		off += n > 0 ? n : 0;
		for (f = adp_range_fields; f->attr && off < len; f++) {
			if (!vals.has[f->attr])
				continue;
			n = snprintf(buf + off, len - off, " %s %s",
				     adp_field_key(f),
				     adp_field_str(f, vals.v[f->attr], v, sizeof(v)));
			off += n > 0 ? n : 0;
		}
	}
	return off < len ? off : len - 1;
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

	v = adp_grow(set->v, set->n, sizeof(*v));
	if (!v)
		return NULL;
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
	struct adp_profile pv;
	struct nlattr *a;
	int rem, ret;

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
		adp_profile_id(&pv, &sp->id);
		adp_profile_to_radp(&pv, &sp->p);
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
	adp_caps_apply_vals(k, &caps);
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
	char msg[384];
	va_list ap;

	va_start(ap, fmt);
	adp_file_msgv(msg, sizeof(msg), file, line, fmt, ap);
	va_end(ap);
	print_error("%s", msg);
	return ADP_EXIT_FAIL;
}

/* A profile object of a file, labelled with its device when it has one. */
static int json_profile(struct adp_json_doc *d, const char *dev,
			struct json_object *obj, unsigned int line,
			struct adp_profile_set *set, struct adp_json_err *e)
{
	struct adp_src_profile *sp;
	struct adp_profile given;
	int ret;

	ret = adp_json_profile(d, obj, line, &given, e);
	if (ret)
		return ret;
	sp = set_add(set);
	if (!sp)
		return -ENOMEM;
	blank_profile(sp, d->file);
	if (dev)
		snprintf(sp->label, sizeof(sp->label), "%s (%s)", d->file, dev);
	adp_profile_id(&given, &sp->id);
	adp_profile_to_radp(&given, &sp->p);
	return 0;
}

/* A device of "profile show -j" ({"dev": .., "profiles": [..]}) or a profile. */
static int json_entry(struct adp_json_doc *d, struct json_object *j,
		      struct adp_profile_set *set, struct adp_json_err *e)
{
	struct json_object *profiles, *dev;
	unsigned int line;
	size_t i;
	int ret;

	if (!json_object_is_type(j, json_type_object) ||
	    !json_object_object_get_ex(j, "profiles", &profiles))
		return json_profile(d, NULL, j, 0, set, e);
	line = adp_json_key_line(d, "profiles");
	if (!json_object_is_type(profiles, json_type_array))
		return adp_json_error(e, d, line, "\"profiles\" must be an array");
	if (!json_object_object_get_ex(j, "dev", &dev) ||
	    !json_object_is_type(dev, json_type_string))
		dev = NULL;
	for (i = 0; i < json_object_array_length(profiles); i++) {
		ret = json_profile(d, dev ? json_object_get_string(dev) : NULL,
				   json_object_array_get_idx(profiles, i), line,
				   set, e);
		if (ret)
			return ret;
	}
	return 0;
}

static int load_json(const char *file, const char *text, size_t len,
		     struct adp_profile_set *set)
{
	struct adp_json_err e;
	struct adp_json_doc d;
	size_t i;
	int ret;

	ret = adp_json_open(&d, file, text, len, &e);
	if (!ret && json_object_is_type(d.root, json_type_array)) {
		for (i = 0; i < json_object_array_length(d.root) && !ret; i++)
			ret = json_entry(&d, json_object_array_get_idx(d.root, i),
					 set, &e);
	} else if (!ret) {
		ret = json_entry(&d, d.root, set, &e);
	}
	adp_json_close(&d);
	if (ret == -ENOMEM)
		print_error("out of memory");
	else if (ret)
		print_error("%s", e.msg);
	return ret ? ADP_EXIT_FAIL : ADP_EXIT_OK;
}

/*
 * "FIELD VALUE" words, "range I" groups, "#" comments: as "profile set",
 * a value on the line of its field or on a later one.
 */
static int load_words(const char *file, char *text,
		      struct adp_profile_set *set)
{
	unsigned int kline = 0, vline;
	struct adp_src_profile *sp;
	struct adp_profile given;
	struct adp_words_err e;
	struct adp_wordfile f;
	char *word[64], *key = NULL;
	struct adp_words w;
	int n, i, ret;

	sp = set_add(set);
	if (!sp)
		return ADP_EXIT_FAIL;
	blank_profile(sp, file);
	adp_words_init(&w, &given);
	adp_wordfile_init(&f, text);
	while ((n = adp_wordfile_line(&f, word, ARRAY_SIZE(word))) != 0) {
		if (n < 0)
			return file_error(file, f.line, "more than %zu words on a line",
					  ARRAY_SIZE(word));
		for (i = 0; i < n; i++) {
			if (!key) {
				key = word[i];
				kline = f.line;
				continue;
			}
			vline = f.line;
			ret = adp_words_take(&w, key, word[i], &e);
			if (ret == ADP_WORDS_OTHER)
				return file_error(file, kline, "unknown field \"%s\"",
						  key);
			if (ret == ADP_WORDS_ERROR)
				return file_error(file, e.at_value ? vline : kline,
						  "%s", e.msg);
			key = NULL;
		}
	}
	if (key)
		return file_error(file, kline, "missing value for \"%s\"", key);
	adp_profile_id(&given, &sp->id);
	adp_profile_to_radp(&given, &sp->p);
	return 0;
}

int adp_file_read(const char *path, const char **file, char **text,
		  size_t *len)
{
	const char *nul;
	size_t got;
	FILE *fp;
	int ret = 0;

	*file = strcmp(path, "-") ? path : "stdin";
	*len = 0;
	fp = strcmp(path, "-") ? fopen(path, "r") : stdin;
	if (!fp) {
		print_error("cannot open %s: %s", *file, strerror(errno));
		return ADP_EXIT_FAIL;
	}
	*text = malloc(ADP_PROFILE_FILE_MAX + 1);
	if (!*text) {
		print_error("out of memory");
		ret = ADP_EXIT_FAIL;
		goto out;
	}
	while ((got = fread(*text + *len, 1, ADP_PROFILE_FILE_MAX + 1 - *len,
			    fp)) > 0)
		*len += got;
	if (ferror(fp))
		ret = file_error(*file, 0, "cannot read: %s", strerror(errno));
	else if (*len > ADP_PROFILE_FILE_MAX)
		ret = file_error(*file, 0, "larger than %d bytes: not a profile",
				 ADP_PROFILE_FILE_MAX);
	else if ((nul = memchr(*text, '\0', *len)))
		ret = file_error(*file, adp_line_of(*text, nul - *text),
				 "a NUL byte: not a text file");
	else
		(*text)[*len] = '\0';
	if (ret) {
		free(*text);
		*text = NULL;
	}
out:
	if (fp != stdin)
		fclose(fp);
	return ret;
}

static int load_file(const char *path, struct adp_profile_set *set)
{
	const char *file;
	char *text, *s;
	size_t len;
	int ret;

	ret = adp_file_read(path, &file, &text, &len);
	if (ret)
		return ret;
	for (s = text; isspace((unsigned char)*s); s++)
		;
	if (*s == '{' || *s == '[')
		ret = load_json(file, text, len, set);
	else
		ret = load_words(file, text, set);
	free(text);
	return ret;
}

int adp_profile_load(struct adp_ctx *ctx, const struct adp_profile_args *a,
		     bool one, struct adp_profile_set *set)
{
	bool fields = false;
	size_t i, keep = 0;
	int ret;

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

	fields = adp_profile_any(&a->prof);
	if (fields && set->n > 1) {
		print_error("fields given for %zu profiles: pick one with \"id N\"",
			    set->n);
		return ADP_EXIT_FAIL;
	}
	if (fields)
		adp_profile_to_radp(&a->prof, &set->v[0].p);

	adp_caps_apply_vals(&set->caps, &a->caps);
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
