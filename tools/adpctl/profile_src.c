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

#define PROFILE_ID	ADP_PROFILE_ID_ATTR

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
	a->has_id = a->prof.v.has[PROFILE_ID];
	a->id = a->prof.v.v[PROFILE_ID];
	a->prof.v.has[PROFILE_ID] = false;
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
		if (f->attr == PROFILE_ID ||
		    !vals.has[f->attr])
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
		sp->id = pv.v.v[PROFILE_ID];
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

/* The line of byte @at of @text, 1 for the first. */
static unsigned int line_of(const char *text, size_t at)
{
	unsigned int line = 1;
	size_t i;

	for (i = 0; i < at; i++)
		line += text[i] == '\n';
	return line;
}

/*
 * A JSON file, read with json-c.  json-c keeps no positions, so the line
 * of a member is found in the text: the members are visited in document
 * order, each key searched from where the previous one was found.
 */
struct json_doc {
	const char *file;
	const char *text;	/* NUL-terminated */
	const char *cur;	/* after the last key found */
};

/* The line of the next member called key, 0 when it cannot be found. */
static unsigned int json_key_line(struct json_doc *d, const char *key)
{
	size_t n = strlen(key);
	unsigned int line = 1;
	const char *s, *t;

	for (s = d->cur; (s = strchr(s, '"')); s++) {
		if (strncmp(s + 1, key, n) || s[n + 1] != '"')
			continue;
		for (t = s + n + 2; isspace((unsigned char)*t); t++)
			;
		if (*t == ':')
			break;
	}
	if (!s)
		return 0;
	d->cur = s + n + 2;
	for (t = d->text; t < s; t++)
		line += *t == '\n';
	return line;
}

const char *adp_json_type_str(const struct json_object *j)
{
	switch (json_object_get_type(j)) {
	case json_type_boolean:
		return "a boolean";
	case json_type_double:
	case json_type_int:
		return "a number";
	case json_type_string:
		return "a string";
	case json_type_array:
		return "an array";
	case json_type_object:
		return "an object";
	default:
		return "null";
	}
}

/* A whole number 0..UINT32_MAX as its text has it (true = 1, false = 0). */
bool adp_json_u32(struct json_object *j, uint32_t *v)
{
	const char *text;
	uint64_t u;

	if (json_object_is_type(j, json_type_boolean)) {
		*v = json_object_get_boolean(j);
		return true;
	}
	if (!json_object_is_type(j, json_type_int))
		return false;
	text = json_object_to_json_string(j);
	if (text[0] == '-')
		return false;
	errno = 0;
	u = json_object_get_uint64(j);
	if (errno || u > UINT32_MAX)
		return false;
	*v = u;
	return true;
}

static int json_fields(struct json_doc *d, struct json_object *obj,
		       const struct adp_field *fields,
		       struct adp_src_profile *sp, int r);

/* The "timeout_range" member of a profile, on line. */
static int json_ranges(struct json_doc *d, struct json_object *ranges,
		       unsigned int line, struct adp_src_profile *sp)
{
	struct json_object *e;
	size_t i;
	int ret;

	if (!json_object_is_type(ranges, json_type_array))
		return file_error(d->file, line, "\"timeout_range\" must be an array");
	for (i = 0; i < json_object_array_length(ranges); i++) {
		e = json_object_array_get_idx(ranges, i);
		if (i >= RADP_RANGES)
			return file_error(d->file, line, "timeout_range has more than %d entries",
					  RADP_RANGES);
		if (!json_object_is_type(e, json_type_object))
			return file_error(d->file, line, "a timeout_range entry must be an object");
		ret = json_fields(d, e, adp_range_fields, sp, i);
		if (ret)
			return ret;
	}
	return 0;
}

/* The members of a profile (r < 0) or of its timeout_range[r]. */
static int json_fields(struct json_doc *d, struct json_object *obj,
		       const struct adp_field *fields,
		       struct adp_src_profile *sp, int r)
{
	struct json_object_iterator it, end;
	const struct adp_field *f;
	struct adp_vals vals = { };
	struct json_object *m;
	unsigned int line;
	const char *key;
	char expect[96];
	uint32_t v;
	int ret;

	it = json_object_iter_begin(obj);
	end = json_object_iter_end(obj);
	for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
		key = json_object_iter_peek_name(&it);
		m = json_object_iter_peek_value(&it);
		line = json_key_line(d, key);
		if (r < 0 && !strcmp(key, "timeout_range")) {
			ret = json_ranges(d, m, line, sp);
			if (ret)
				return ret;
			continue;
		}
		f = adp_field_find(fields, key);
		if (!f)
			return file_error(d->file, line, "unknown field \"%s\" in %s",
					  key, r < 0 ? "a profile" :
					  "a timeout_range entry");
		/* A name as the words take it ("div2"), as apply reads one. */
		if (json_object_is_type(m, json_type_string)) {
			if (adp_field_value(f, json_object_get_string(m), &v))
				return file_error(d->file, line, "invalid value \"%s\" for \"%s\": expected %s",
						  json_object_get_string(m), key,
						  adp_field_expect(f, expect,
								   sizeof(expect)));
		} else if (!adp_json_u32(m, &v)) {
			return file_error(d->file, line, "\"%s\" must be a whole number 0..%u, not %s",
					  key, UINT32_MAX,
					  json_object_is_type(m, json_type_int) ||
					  json_object_is_type(m, json_type_double) ?
					  json_object_to_json_string(m) :
					  adp_json_type_str(m));
		}
		if (f->attr == PROFILE_ID && r < 0) {
			sp->id = v;
			continue;
		}
		vals.v[f->attr] = v;
		vals.has[f->attr] = true;
	}
	adp_profile_apply_vals(&sp->p, r, fields, &vals);
	return 0;
}

static int json_profile(struct json_doc *d, const char *dev,
			struct json_object *obj, struct adp_profile_set *set)
{
	struct adp_src_profile *sp;

	if (!json_object_is_type(obj, json_type_object))
		return file_error(d->file, 0, "a profile must be an object, not %s",
				  adp_json_type_str(obj));
	sp = set_add(set);
	if (!sp)
		return ADP_EXIT_FAIL;
	blank_profile(sp, d->file);
	if (dev)
		snprintf(sp->label, sizeof(sp->label), "%s (%s)", d->file, dev);
	return json_fields(d, obj, adp_profile_fields, sp, -1);
}

/* A device of "profile show -j" ({"dev": .., "profiles": [..]}) or a profile. */
static int json_entry(struct json_doc *d, struct json_object *j,
		      struct adp_profile_set *set)
{
	struct json_object *profiles, *dev;
	size_t i;
	int ret;

	if (!json_object_is_type(j, json_type_object) ||
	    !json_object_object_get_ex(j, "profiles", &profiles))
		return json_profile(d, NULL, j, set);
	if (!json_object_is_type(profiles, json_type_array))
		return file_error(d->file, json_key_line(d, "profiles"),
				  "\"profiles\" must be an array");
	if (!json_object_object_get_ex(j, "dev", &dev) ||
	    !json_object_is_type(dev, json_type_string))
		dev = NULL;
	for (i = 0; i < json_object_array_length(profiles); i++) {
		ret = json_profile(d, dev ? json_object_get_string(dev) : NULL,
				   json_object_array_get_idx(profiles, i), set);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * Inside an object where a member name should start: text[at] follows
 * '{' or ',' (blanks aside) and the innermost open bracket is '{'.
 */
static bool json_wants_key(const char *text, size_t at)
{
	char open[64];
	bool str = false;
	size_t i, p;
	int depth = 0;

	for (p = at; p && isspace((unsigned char)text[p - 1]); p--)
		;
	if (!p || (text[p - 1] != '{' && text[p - 1] != ','))
		return false;
	for (i = 0; i < at; i++) {
		if (str) {
			if (text[i] == '\\' && i + 1 < at)
				i++;
			else if (text[i] == '"')
				str = false;
		} else if (text[i] == '"') {
			str = true;
		} else if (text[i] == '{' || text[i] == '[') {
			if (depth < (int)sizeof(open))
				open[depth] = text[i];
			depth++;
		} else if ((text[i] == '}' || text[i] == ']') && depth) {
			depth--;
		}
	}
	return depth && depth <= (int)sizeof(open) && open[depth - 1] == '{';
}

/* What json-c could not parse at text[at], in the words of a person. */
static const char *json_error_str(enum json_tokener_error e, const char *text,
				  size_t at, char *buf, size_t len)
{
	switch (e) {
	case json_tokener_error_parse_unexpected:
		if (json_wants_key(text, at))
			return "expected a member name";
		snprintf(buf, len, "unexpected character '%c'", text[at]);
		return buf;
	case json_tokener_error_depth:
		return "nested too deep";
	case json_tokener_error_parse_eof:
		return "unexpected end of the document";
	case json_tokener_error_parse_null:
	case json_tokener_error_parse_boolean:
		return "unexpected word";
	case json_tokener_error_parse_number:
		return "bad number";
	case json_tokener_error_parse_array:
		return "expected ',' or ']'";
	case json_tokener_error_parse_object_key_name:
		return "expected a member name";
	case json_tokener_error_parse_object_key_sep:
		return "expected ':' after a member name";
	case json_tokener_error_parse_object_value_sep:
		return "expected ',' or '}'";
	case json_tokener_error_parse_string:
		return "bad string";
	default:
		return json_tokener_error_desc(e);
	}
}

/*
 * The length of the UTF-8 sequence at @s (2 to 4), or 0 when RFC 3629 does
 * not allow it: a stray continuation byte, an overlong form, a surrogate,
 * a code point above U+10FFFF, a truncated sequence.
 */
static size_t utf8_len(const unsigned char *s, size_t left)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	if (s[0] == 0xe0)
		lo = 0xa0;		/* overlong */
	else if (s[0] == 0xed)
		hi = 0x9f;		/* surrogates */
	else if (s[0] == 0xf0)
		lo = 0x90;		/* overlong */
	else if (s[0] == 0xf4)
		hi = 0x8f;		/* above U+10FFFF */
	if (left < n)
		return 0;
	for (i = 1; i < n; i++) {
		if (s[i] < lo || s[i] > hi)
			return 0;
		lo = 0x80;
		hi = 0xbf;
	}
	return n;
}

/*
 * What json-c lets through and a profile must not hold: bytes that are
 * not UTF-8 (they would reach error messages raw), a \u0000 (it would cut
 * a member name short), numbers written with leading zeros or as -0.
 * Returns the offset of the first such byte, or @len.
 */
static size_t json_prescan(const char *text, size_t len, const char **why)
{
	const unsigned char *t = (const unsigned char *)text;
	bool in_str = false;
	size_t i, n;

	for (i = 0; i < len; i++) {
		if (t[i] >= 0x80) {
			n = utf8_len(t + i, len - i);
			if (!n) {
				*why = "invalid UTF-8";
				return i;
			}
			i += n - 1;
		} else if (!t[i]) {
			*why = "a NUL byte";
			return i;
		} else if (in_str) {
			if (t[i] == '"')
				in_str = false;
			else if (t[i] == '\\' && i + 1 < len &&
				 !strncmp(text + i + 1, "u0000", 5)) {
				*why = "\\u0000 in a string";
				return i;
			} else if (t[i] == '\\')
				i++;
		} else if (t[i] == '"') {
			in_str = true;
		} else if ((t[i] == '-' && i + 1 < len && t[i + 1] == '0' &&
			    (i + 2 >= len || !isdigit(t[i + 2]) ||
			     t[i + 2] == '0')) ||
			   (t[i] == '0' && i + 1 < len && isdigit(t[i + 1]) &&
			    (!i || !isdigit(t[i - 1])))) {
			*why = "a number with a leading zero or -0";
			return i;
		}
	}
	return len;
}

struct json_object *adp_json_parse(const char *file, const char *text,
				   size_t len)
{
	struct json_tokener *tok;
	struct json_object *root;
	enum json_tokener_error err;
	const char *msg = NULL;
	char buf[64];
	size_t end;

	end = json_prescan(text, len, &msg);
	if (end < len) {
		file_error(file, 0, "not valid JSON: line %u: %s",
			   line_of(text, end), msg);
		return NULL;
	}
	msg = NULL;
	tok = json_tokener_new();
	if (!tok) {
		file_error(file, 0, "out of memory");
		return NULL;
	}
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	root = json_tokener_parse_ex(tok, text, len);
	end = json_tokener_get_parse_end(tok);
	if (!root) {
		err = json_tokener_get_error(tok);
		/* end is at the character refused, or at len */
		if (err == json_tokener_continue)
			err = json_tokener_error_parse_eof;
		msg = json_error_str(err, text, end, buf, sizeof(buf));
	} else {
		for (; end < len && isspace((unsigned char)text[end]); end++)
			;
		if (end < len)
			msg = "more after the document";
	}
	json_tokener_free(tok);
	if (msg) {
		json_object_put(root);
		file_error(file, 0, "not valid JSON: line %u: %s",
			   line_of(text, end < len ? end : len), msg);
		return NULL;
	}
	return root;
}

static int load_json(const char *file, const char *text, size_t len,
		     struct adp_profile_set *set)
{
	struct json_doc d = { .file = file, .text = text, .cur = text };
	struct json_object *root;
	size_t i;
	int ret = 0;

	root = adp_json_parse(file, text, len);
	if (!root)
		return ADP_EXIT_FAIL;
	if (json_object_is_type(root, json_type_array)) {
		for (i = 0; i < json_object_array_length(root) && !ret; i++)
			ret = json_entry(&d, json_object_array_get_idx(root, i),
					 set);
	} else {
		ret = json_entry(&d, root, set);
	}
	json_object_put(root);
	return ret;
}

/* "FIELD VALUE" words, "range I" groups, "#" comments: as "profile set". */
static int load_words(const char *file, char *text,
		      struct adp_profile_set *set)
{
	unsigned int line = 1, wline[2] = { 0, 0 };
	struct adp_src_profile *sp;
	struct adp_profile given;
	struct adp_words_err e;
	char *s = text, *word[2];
	struct adp_words w;
	int n = 0, ret;

	sp = set_add(set);
	if (!sp)
		return ADP_EXIT_FAIL;
	blank_profile(sp, file);
	adp_words_init(&w, &given);
	for (;;) {
		while (*s && isspace((unsigned char)*s))
			line += *s++ == '\n';
		if (*s == '#') {
			while (*s && *s != '\n')
				s++;
			continue;
		}
		if (!*s && !n)
			break;
		if (*s) {
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
		}
		if (n < 2)
			return file_error(file, wline[0], "missing value for \"%s\"",
					  word[0]);
		ret = adp_words_take(&w, word[0], word[1], &e);
		if (ret == ADP_WORDS_OTHER)
			return file_error(file, wline[0], "unknown field \"%s\"",
					  word[0]);
		if (ret == ADP_WORDS_ERROR)
			return file_error(file, wline[e.at_value], "%s", e.msg);
		n = 0;
	}
	if (given.v.has[PROFILE_ID])
		sp->id = given.v.v[PROFILE_ID];
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
		ret = file_error(*file, line_of(*text, nul - *text),
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
