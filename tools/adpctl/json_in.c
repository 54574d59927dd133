// SPDX-License-Identifier: GPL-2.0
/* A small JSON reader; see json_in.h. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_in.h"

/* Deeper documents are refused rather than recursed into. */
#define JSON_MAX_DEPTH	32

struct json_parser {
	const char *s, *end;
	unsigned int line;
	char *err;
	size_t errlen;
	bool failed;
};

static void fail(struct json_parser *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void fail(struct json_parser *p, const char *fmt, ...)
{
	char msg[160];
	va_list ap;

	if (p->failed)
		return;
	p->failed = true;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(p->err, p->errlen, "line %u: %s", p->line, msg);
}

static void skip_space(struct json_parser *p)
{
	for (; p->s < p->end; p->s++) {
		if (*p->s == '\n')
			p->line++;
		else if (*p->s != ' ' && *p->s != '\t' && *p->s != '\r')
			break;
	}
}

static struct json *node(struct json_parser *p, enum json_type type)
{
	struct json *j = calloc(1, sizeof(*j));

	if (!j) {
		fail(p, "out of memory");
		return NULL;
	}
	j->type = type;
	j->line = p->line;
	return j;
}

static bool literal(struct json_parser *p, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(p->end - p->s) < n || memcmp(p->s, word, n))
		return false;
	p->s += n;
	return true;
}

static int hex4(const char *s)
{
	int v = 0, i;

	for (i = 0; i < 4; i++) {
		char c = s[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

/* A string at p->s (after its quote); the UTF-8 of \u escapes. */
/*
 * The length of the UTF-8 sequence at @s (2 to 4), or 0 when it is not
 * one RFC 3629 allows: a stray continuation byte, an overlong form, a
 * surrogate, a code point above U+10FFFF, a truncated sequence.
 */
static size_t utf8_len(const char *s, const char *end)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned char lo = 0x80, hi = 0xbf;
	size_t len, i;

	if (u[0] >= 0xc2 && u[0] <= 0xdf)
		len = 2;
	else if (u[0] >= 0xe0 && u[0] <= 0xef)
		len = 3;
	else if (u[0] >= 0xf0 && u[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if (u[0] == 0xe0)
		lo = 0xa0;		/* overlong */
	else if (u[0] == 0xed)
		hi = 0x9f;		/* surrogates */
	else if (u[0] == 0xf0)
		lo = 0x90;		/* overlong */
	else if (u[0] == 0xf4)
		hi = 0x8f;		/* above U+10FFFF */
	if (end - s < (ptrdiff_t)len)
		return 0;
	for (i = 1; i < len; i++) {
		if (u[i] < lo || u[i] > hi)
			return 0;
		lo = 0x80;
		hi = 0xbf;
	}
	return len;
}

static char *string(struct json_parser *p)
{
	size_t cap = 16, n = 0;
	char *out = malloc(cap), *tmp;
	int cp;

	if (!out) {
		fail(p, "out of memory");
		return NULL;
	}
	while (p->s < p->end && *p->s != '"') {
		unsigned char c = *p->s++;
		char buf[4];
		size_t len = 1;

		buf[0] = c;
		if (c < 0x20) {
			fail(p, "control character in a string");
			break;
		}
		if (c >= 0x80) {
			len = utf8_len(p->s - 1, p->end);
			if (!len) {
				fail(p, "invalid UTF-8 in a string");
				goto out;
			}
			memcpy(buf, p->s - 1, len);
			p->s += len - 1;
		}
		if (c == '\\') {
			if (p->s >= p->end)
				break;
			c = *p->s++;
			switch (c) {
			case '"': case '\\': case '/':
				buf[0] = c;
				break;
			case 'b': buf[0] = '\b'; break;
			case 'f': buf[0] = '\f'; break;
			case 'n': buf[0] = '\n'; break;
			case 'r': buf[0] = '\r'; break;
			case 't': buf[0] = '\t'; break;
			case 'u':
				cp = p->end - p->s >= 4 ? hex4(p->s) : -1;
				/* Names are ASCII: no surrogate pairs needed. */
				if (cp <= 0 || (cp >= 0xd800 && cp < 0xe000)) {
					fail(p, "bad \\u escape in a string");
					goto out;
				}
				p->s += 4;
				if (cp < 0x80) {
					buf[0] = cp;
				} else if (cp < 0x800) {
					buf[0] = 0xc0 | cp >> 6;
					buf[1] = 0x80 | (cp & 0x3f);
					len = 2;
				} else {
					buf[0] = 0xe0 | cp >> 12;
					buf[1] = 0x80 | ((cp >> 6) & 0x3f);
					buf[2] = 0x80 | (cp & 0x3f);
					len = 3;
				}
				break;
			default:
				fail(p, "bad escape \\%c in a string", c);
				goto out;
			}
		}
		if (n + len + 1 > cap) {
			cap *= 2;
			tmp = realloc(out, cap);
			if (!tmp) {
				fail(p, "out of memory");
				goto out;
			}
			out = tmp;
		}
		memcpy(out + n, buf, len);
		n += len;
	}
	if (p->s >= p->end)
		fail(p, "unterminated string");
	else
		p->s++;
out:
	out[n] = '\0';
	if (p->failed) {
		free(out);
		return NULL;
	}
	return out;
}

static bool is_digit(const struct json_parser *p)
{
	return p->s < p->end && *p->s >= '0' && *p->s <= '9';
}

static struct json *number(struct json_parser *p)
{
	const char *start = p->s;
	struct json *j;

	if (p->s < p->end && *p->s == '-')
		p->s++;
	if (!is_digit(p)) {
		fail(p, "unexpected character '%c'", *start);
		return NULL;
	}
	if (*p->s == '0')
		p->s++;
	else
		while (is_digit(p))
			p->s++;
	if (p->s < p->end && *p->s == '.') {
		p->s++;
		if (!is_digit(p)) {
			fail(p, "bad number");
			return NULL;
		}
		while (is_digit(p))
			p->s++;
	}
	if (p->s < p->end && (*p->s == 'e' || *p->s == 'E')) {
		p->s++;
		if (p->s < p->end && (*p->s == '+' || *p->s == '-'))
			p->s++;
		if (!is_digit(p)) {
			fail(p, "bad number");
			return NULL;
		}
		while (is_digit(p))
			p->s++;
	}
	j = node(p, JSON_NUMBER);
	if (j)
		j->str = strndup(start, p->s - start);
	if (j && !j->str) {
		free(j);
		fail(p, "out of memory");
		return NULL;
	}
	return j;
}

static struct json *value(struct json_parser *p, int depth);

/* Elements of an array or members of an object, up to close. */
static struct json *container(struct json_parser *p, enum json_type type,
			      int depth)
{
	char close = type == JSON_ARRAY ? ']' : '}';
	struct json *j = node(p, type), **tail, *e;
	char *key = NULL;

	if (!j)
		return NULL;
	tail = &j->child;
	p->s++;
	skip_space(p);
	if (p->s < p->end && *p->s == close) {
		p->s++;
		return j;
	}
	for (;;) {
		skip_space(p);
		if (type == JSON_OBJECT) {
			if (p->s >= p->end || *p->s != '"') {
				fail(p, "expected a member name");
				break;
			}
			p->s++;
			key = string(p);
			if (!key)
				break;
			skip_space(p);
			if (p->s >= p->end || *p->s != ':') {
				fail(p, "expected ':' after \"%s\"", key);
				break;
			}
			p->s++;
		}
		e = value(p, depth + 1);
		if (!e)
			break;
		e->key = key;
		key = NULL;
		*tail = e;
		tail = &e->next;
		skip_space(p);
		if (p->s < p->end && *p->s == ',') {
			p->s++;
			continue;
		}
		if (p->s < p->end && *p->s == close) {
			p->s++;
			return j;
		}
		fail(p, "expected ',' or '%c'", close);
		break;
	}
	free(key);
	json_free(j);
	return NULL;
}

static struct json *value(struct json_parser *p, int depth)
{
	struct json *j;

	skip_space(p);
	if (depth > JSON_MAX_DEPTH) {
		fail(p, "nested deeper than %d", JSON_MAX_DEPTH);
		return NULL;
	}
	if (p->s >= p->end) {
		fail(p, "unexpected end of the document");
		return NULL;
	}
	switch (*p->s) {
	case '{':
		return container(p, JSON_OBJECT, depth);
	case '[':
		return container(p, JSON_ARRAY, depth);
	case '"':
		j = node(p, JSON_STRING);
		if (!j)
			return NULL;
		p->s++;
		j->str = string(p);
		if (!j->str) {
			free(j);
			return NULL;
		}
		return j;
	case 't':
	case 'f':
	case 'n':
		j = node(p, JSON_NULL);
		if (!j)
			return NULL;
		if (literal(p, "true")) {
			j->type = JSON_BOOL;
			j->boolean = true;
		} else if (literal(p, "false")) {
			j->type = JSON_BOOL;
		} else if (!literal(p, "null")) {
			free(j);
			fail(p, "unexpected word");
			return NULL;
		}
		return j;
	default:
		return number(p);
	}
}

struct json *json_parse(const char *text, size_t len, char *err,
			size_t errlen)
{
	struct json_parser p = {
		.s = text, .end = text + len, .line = 1,
		.err = err, .errlen = errlen,
	};
	struct json *j = value(&p, 0);

	if (!j)
		return NULL;
	skip_space(&p);
	if (p.s < p.end) {
		fail(&p, "more after the document");
		json_free(j);
		return NULL;
	}
	return j;
}

void json_free(struct json *j)
{
	struct json *next;

	for (; j; j = next) {
		next = j->next;
		json_free(j->child);
		free(j->str);
		free(j->key);
		free(j);
	}
}

const struct json *json_get(const struct json *obj, const char *key)
{
	const struct json *m;

	if (!obj || obj->type != JSON_OBJECT)
		return NULL;
	for (m = obj->child; m; m = m->next)
		if (!strcmp(m->key, key))
			return m;
	return NULL;
}

bool json_u32(const struct json *j, uint32_t *v)
{
	unsigned long long u;
	char *end;

	if (j->type == JSON_BOOL) {
		*v = j->boolean;
		return true;
	}
	if (j->type != JSON_NUMBER || j->str[0] == '-')
		return false;
	errno = 0;
	u = strtoull(j->str, &end, 10);
	if (*end || errno || u > UINT32_MAX)
		return false;
	*v = u;
	return true;
}

const char *json_type_name(enum json_type t)
{
	static const char *const names[] = {
		[JSON_NULL] = "null", [JSON_BOOL] = "a boolean",
		[JSON_NUMBER] = "a number", [JSON_STRING] = "a string",
		[JSON_ARRAY] = "an array", [JSON_OBJECT] = "an object",
	};

	return names[t];
}
