// SPDX-License-Identifier: GPL-2.0
/* The one reader of a JSON profile; see radp_json.h. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <json-c/json.h>

#include "radp_json.h"

int adp_json_error(struct adp_json_err *e, const struct adp_json_doc *d,
		   unsigned int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	adp_file_msgv(e->msg, sizeof(e->msg), d->file, line, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

unsigned int adp_json_key_line(struct adp_json_doc *d, const char *key)
{
	size_t n = strlen(key);
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
	return adp_line_of(d->text, s - d->text);
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

int adp_json_open(struct adp_json_doc *d, const char *file, const char *text,
		  size_t len, struct adp_json_err *e)
{
	struct json_tokener *tok;
	enum json_tokener_error err;
	const char *msg = NULL;
	char buf[64];
	size_t end;

	*d = (struct adp_json_doc) {
		.file = file, .text = text, .len = len, .cur = text,
	};
	end = json_prescan(text, len, &msg);
	if (end < len)
		return adp_json_error(e, d, adp_line_of(text, end),
				      "not valid JSON: %s", msg);
	msg = NULL;
	tok = json_tokener_new();
	if (!tok)
		return adp_json_error(e, d, 0, "out of memory");
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	d->root = json_tokener_parse_ex(tok, text, len);
	end = json_tokener_get_parse_end(tok);
	if (!d->root) {
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
	if (!msg)
		return 0;
	adp_json_close(d);
	return adp_json_error(e, d, adp_line_of(text, end < len ? end : len),
			      "not valid JSON: %s", msg);
}

void adp_json_close(struct adp_json_doc *d)
{
	json_object_put(d->root);
	d->root = NULL;
}

/* The value j of field f, by the one value rule. */
static int json_value(struct adp_json_doc *d, unsigned int line,
		      const struct adp_field *f, struct json_object *j,
		      uint32_t *v, struct adp_json_err *e)
{
	char expect[96];

	if (json_object_is_type(j, json_type_string) ?
	    !adp_field_value(f, json_object_get_string(j), v) :
	    adp_json_u32(j, v) && *v <= adp_field_max(f))
		return 0;
	return adp_json_error(e, d, line, "invalid value %s for \"%s\": expected %s",
			      json_object_to_json_string_ext(j, JSON_C_TO_STRING_PLAIN),
			      adp_field_key(f),
			      adp_field_expect(f, expect, sizeof(expect)));
}

static bool in_list(const char *const *list, const char *name)
{
	for (; list && *list; list++)
		if (!strcmp(*list, name))
			return true;
	return false;
}

int adp_json_member(struct adp_json_doc *d, const char *key,
		    struct json_object *j, const struct adp_field *fields,
		    struct adp_vals *vals, const char *what,
		    struct adp_json_err *e)
{
	unsigned int line = adp_json_key_line(d, key);
	const struct adp_field *f = adp_field_find(fields, key);
	int ret;

	if (!f)
		return adp_json_error(e, d, line, "unknown field \"%s\" in %s",
				      key, what);
	ret = json_value(d, line, f, j, &vals->v[f->attr], e);
	if (!ret)
		vals->has[f->attr] = true;
	return ret;
}

int adp_json_vals(struct adp_json_doc *d, struct json_object *obj,
		  unsigned int line, const struct adp_field *fields,
		  struct adp_vals *vals, const char *what,
		  const char *const *skip, struct adp_json_err *e)
{
	struct json_object_iterator it, end;
	const char *key;
	int ret;

	if (!json_object_is_type(obj, json_type_object))
		return adp_json_error(e, d, line, "%s must be an object, not %s",
				      what, adp_json_type_str(obj));
	it = json_object_iter_begin(obj);
	end = json_object_iter_end(obj);
	for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
		key = json_object_iter_peek_name(&it);
		if (in_list(skip, key))
			continue;
		ret = adp_json_member(d, key, json_object_iter_peek_value(&it),
				  fields, vals, what, e);
		if (ret)
			return ret;
	}
	return 0;
}

/* The "timeout_range" member of a profile, its entries into p. */
static int json_ranges(struct adp_json_doc *d, struct json_object *ranges,
		       struct adp_profile *p, struct adp_json_err *e)
{
	unsigned int line = adp_json_key_line(d, "timeout_range");
	size_t r;
	int ret;

	if (!json_object_is_type(ranges, json_type_array) ||
	    json_object_array_length(ranges) > RADP_RANGES)
		return adp_json_error(e, d, line, "\"timeout_range\" must be an array of at most %d objects",
				      RADP_RANGES);
	for (r = 0; r < json_object_array_length(ranges); r++) {
		ret = adp_json_vals(d, json_object_array_get_idx(ranges, r),
				    line, adp_range_fields, &p->range[r],
				    "a timeout_range entry", NULL, e);
		if (ret)
			return ret;
		p->has_range[r] = true;
	}
	return 0;
}

/* Members in document order, so that each key's line is found. */
int adp_json_profile(struct adp_json_doc *d, struct json_object *obj,
		     unsigned int line, struct adp_profile *p,
		     struct adp_json_err *e)
{
	struct json_object_iterator it, end;
	struct json_object *j;
	const char *key;
	int ret;

	memset(p, 0, sizeof(*p));
	if (!json_object_is_type(obj, json_type_object))
		return adp_json_error(e, d, line, "a profile must be an object, not %s",
				      adp_json_type_str(obj));
	it = json_object_iter_begin(obj);
	end = json_object_iter_end(obj);
	for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
		key = json_object_iter_peek_name(&it);
		j = json_object_iter_peek_value(&it);
		if (!strcmp(key, "timeout_range"))
			ret = json_ranges(d, j, p, e);
		else
			ret = adp_json_member(d, key, j, adp_profile_fields, &p->v,
					  "a profile", e);
		if (ret)
			return ret;
	}
	return 0;
}
