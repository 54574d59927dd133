// SPDX-License-Identifier: GPL-2.0
/*
 * Text and JSON output.  The JSON writer streams: it keeps one frame per
 * open container to know whether a comma is due and whether members need
 * keys, so nothing is buffered and output can be of any length.
 */
#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/roce_adp.h>

#include "nl.h"
#include "print.h"
#include "radp_time.h"
#include "radp_words.h"

#define JSON_INDENT	4

struct json_frame {
	bool array;		/* else object: members need keys */
	bool has_items;		/* a comma is due before the next one */
};

static struct {
	FILE *out;
	FILE *err;
	bool json;
	bool pretty;
	int depth;		/* open containers; frame[0]: top level */
	struct json_frame frame[PRINT_MAX_DEPTH + 1];
} pr;

static FILE *out_fp(void)
{
	return pr.out ? pr.out : stdout;
}

static FILE *err_fp(void)
{
	return pr.err ? pr.err : stderr;
}

void print_init(FILE *out, FILE *err, bool json, bool pretty)
{
	memset(&pr, 0, sizeof(pr));
	pr.out = out;
	pr.err = err;
	/* -p alone asks for JSON, as "ip -p" would with -j. */
	pr.json = json || pretty;
	pr.pretty = pretty;
}

bool is_json_context(void)
{
	return pr.json;
}

/*
 * Length of the valid UTF-8 sequence at p, or 0 when it is not one
 * (overlong forms, surrogates and code points past U+10FFFF included),
 * so that the JSON we emit stays valid whatever bytes the kernel sent.
 */
static size_t utf8_len(const unsigned char *p)
{
	unsigned int cp;
	size_t n, i;

	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		n = 2;
		cp = p[0] & 0x1f;
	} else if ((p[0] & 0xf0) == 0xe0) {
		n = 3;
		cp = p[0] & 0x0f;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		n = 4;
		cp = p[0] & 0x07;
	} else {
		return 0;
	}
	for (i = 1; i < n; i++) {
		/* Also stops at the terminating NUL. */
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

/* The characters JSON escapes with a backslash and a letter. */
static const char *const json_esc['\\' + 1] = {
	['"'] = "\\\"", ['\\'] = "\\\\", ['\b'] = "\\b", ['\f'] = "\\f",
	['\n'] = "\\n", ['\r'] = "\\r", ['\t'] = "\\t",
};

static void jw_string(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	FILE *fp = out_fp();
	size_t n;

	fputc('"', fp);
	while (*p) {
		if (*p < sizeof(json_esc) / sizeof(json_esc[0]) && json_esc[*p]) {
			fputs(json_esc[*p], fp);
		} else if (*p < 0x20) {
			fprintf(fp, "\\u%04x", *p);
		} else if (*p < 0x80) {
			fputc(*p, fp);
		} else if ((n = utf8_len(p))) {
			fwrite(p, 1, n, fp);
			p += n;
			continue;
		} else {
			fputs("\\ufffd", fp);
		}
		p++;
	}
	fputc('"', fp);
}

static void jw_newline(int depth)
{
	fprintf(out_fp(), "\n%*s", depth * JSON_INDENT, "");
}

/* Separator, indentation and member name before any value. */
static void jw_begin(const char *key)
{
	struct json_frame *f = &pr.frame[pr.depth];
	FILE *fp = out_fp();

	if (pr.depth == 0)
		return;
	if (f->has_items)
		fputc(',', fp);
	f->has_items = true;
	if (pr.pretty)
		jw_newline(pr.depth);
	if (!f->array) {
		assert(key);	/* an object member without a name */
		jw_string(key);
		fputs(pr.pretty ? ": " : ":", fp);
	}
}

/* A complete top-level document ends the line. */
static void jw_end(void)
{
	if (pr.depth == 0)
		fputc('\n', out_fp());
}

static void jw_open(const char *key, bool array)
{
	if (!pr.json)
		return;
	assert(pr.depth < PRINT_MAX_DEPTH);
	jw_begin(key);
	fputc(array ? '[' : '{', out_fp());
	pr.depth++;
	pr.frame[pr.depth].array = array;
	pr.frame[pr.depth].has_items = false;
}

static void jw_close(bool array)
{
	if (!pr.json)
		return;
	assert(pr.depth > 0 && pr.frame[pr.depth].array == array);
	if (pr.pretty && pr.frame[pr.depth].has_items)
		jw_newline(pr.depth - 1);
	fputc(array ? ']' : '}', out_fp());
	pr.depth--;
	jw_end();
}

void open_json_object(const char *key)
{
	jw_open(key, false);
}

void close_json_object(void)
{
	jw_close(false);
}

void open_json_array(const char *key)
{
	jw_open(key, true);
}

void close_json_array(void)
{
	jw_close(true);
}

void print_flush(void)
{
	fflush(out_fp());
}

int print_fini(void)
{
	FILE *fp = out_fp();

	/* An error half way must not leave a truncated document behind. */
	while (pr.json && pr.depth > 0)
		jw_close(pr.frame[pr.depth].array);
	if (fflush(fp) || ferror(fp))
		return -1;
	return 0;
}

static bool in_json(enum output_type t)
{
	return pr.json && (t & PRINT_JSON);
}

static bool in_text(enum output_type t, const char *fmt)
{
	return !pr.json && (t & PRINT_FP) && fmt;
}

/*
 * The text formats are the caller's, as in iproute2; the value types are
 * fixed by each function, so a format must take exactly one conversion of
 * the matching type.
 */
void print_string(enum output_type t, const char *key, const char *fmt,
		  const char *value)
{
	if (in_json(t)) {
		jw_begin(key);
		jw_string(value);
		jw_end();
	} else if (in_text(t, fmt)) {
		fprintf(out_fp(), fmt, value);
	}
}

void print_string_as(enum output_type t, const char *key, const char *fmt,
		     const char *value, const char *text)
{
	if (in_json(t))
		print_string(PRINT_JSON, key, NULL, value);
	else if (in_text(t, fmt))
		fprintf(out_fp(), fmt, text ?: value);
}

void print_null(enum output_type t, const char *key, const char *fmt,
		const char *value)
{
	if (in_json(t)) {
		jw_begin(key);
		fputs("null", out_fp());
		jw_end();
	} else if (in_text(t, fmt)) {
		fprintf(out_fp(), fmt, value);
	}
}

#define PRINT_NUMBER(t, key, fmt, jfmt, value)			\
	do {							\
		if (in_json(t)) {				\
			jw_begin(key);				\
			fprintf(out_fp(), jfmt, value);		\
			jw_end();				\
		} else if (in_text(t, fmt)) {			\
			fprintf(out_fp(), fmt, value);		\
		}						\
	} while (0)

void print_uint(enum output_type t, const char *key, const char *fmt,
		unsigned int value)
{
	PRINT_NUMBER(t, key, fmt, "%u", value);
}

void print_int(enum output_type t, const char *key, const char *fmt,
	       int value)
{
	PRINT_NUMBER(t, key, fmt, "%d", value);
}

void print_u64(enum output_type t, const char *key, const char *fmt,
	       uint64_t value)
{
	PRINT_NUMBER(t, key, fmt, "%llu", (unsigned long long)value);
}

void print_float(enum output_type t, const char *key, const char *fmt,
		 double value)
{
	/* JSON has no NaN or infinity. */
	if (in_json(t) && !isfinite(value))
		print_null(t, key, NULL, NULL);
	else
		PRINT_NUMBER(t, key, fmt, "%.15g", value);
}

void print_bool_str(enum output_type t, const char *key, const char *fmt,
		    bool value, const char *yes, const char *no)
{
	if (in_json(t)) {
		jw_begin(key);
		fputs(value ? "true" : "false", out_fp());
		jw_end();
	} else if (in_text(t, fmt)) {
		fprintf(out_fp(), fmt, value ? yes : no);
	}
}

void print_bool(enum output_type t, const char *key, const char *fmt,
		bool value)
{
	print_bool_str(t, key, fmt, value, "true", "false");
}

void print_time_ns(enum output_type t, const char *key, const char *fmt,
		   uint64_t ns)
{
	char buf[ADP_TIME_LEN];

	if (in_json(t) && ns == UINT64_MAX)
		print_null(PRINT_JSON, key, NULL, NULL);
	else if (in_json(t))
		print_u64(PRINT_JSON, key, NULL, ns);
	else if (in_text(t, fmt))
		fprintf(out_fp(), fmt, adp_fmt_ns(buf, ns));
}

void print_epoch(enum output_type t, const char *key, const char *fmt,
		 uint64_t secs)
{
	time_t when = (time_t)secs;
	char buf[32] = "";
	struct tm tm;

	if (in_json(t)) {
		print_u64(PRINT_JSON, key, NULL, secs);
	} else if (in_text(t, fmt)) {
		if (gmtime_r(&when, &tm))
			strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
		fprintf(out_fp(), fmt, buf);
	}
}

void print_share(enum output_type t, const char *key, const char *fmt,
		 double share)
{
	if (in_json(t))
		print_float(PRINT_JSON, key, NULL, share);
	else if (in_text(t, fmt))
		fprintf(out_fp(), fmt, 100 * share);
}

bool print_progress_wanted(void)
{
	return !pr.json && isatty(fileno(err_fp()));
}

void print_on_off(enum output_type t, const char *key, const char *fmt,
		  bool on)
{
	print_bool_str(t, key, fmt, on, "on", "off");
}

void print_u64_as(enum output_type t, const char *key, const char *fmt,
		  uint64_t value, const char *text)
{
	if (in_json(t))
		print_u64(PRINT_JSON, key, NULL, value);
	else if (in_text(t, fmt))
		fprintf(out_fp(), fmt, text);
}

void print_enum_val(enum output_type t, const char *key, const char *fmt,
		    unsigned int value, const char *name)
{
	char num[16];

	if (in_json(t)) {
		print_uint(PRINT_JSON, key, NULL, value);
	} else if (in_text(t, fmt)) {
		if (!name) {
			snprintf(num, sizeof(num), "%u", value);
			name = num;
		}
		fprintf(out_fp(), fmt, name);
	}
}

void print_indexed(enum output_type t, const char *key, const char *idx_key,
		   const char *fmt, const char *name, int idx,
		   const char *text)
{
	if (in_json(t)) {
		print_string(PRINT_JSON, key, NULL, name);
		if (idx >= 0)
			print_int(PRINT_JSON, idx_key, NULL, idx);
		else
			print_null(PRINT_JSON, idx_key, NULL, NULL);
	} else if (in_text(t, fmt)) {
		fprintf(out_fp(), fmt, text);
	}
}

void print_open_object(enum output_type t, const char *key, const char *fmt)
{
	if (in_json(t))
		open_json_object(key);
	else if (in_text(t, fmt))
		fprintf(out_fp(), fmt, key);
}

void print_close_object(enum output_type t, const char *fmt)
{
	if (in_json(t))
		close_json_object();
	else if (in_text(t, fmt))
		fputs(fmt, out_fp());
}

void print_nl(void)
{
	if (!pr.json)
		fputc('\n', out_fp());
}

void print_page(const char *page)
{
	fputs(page, out_fp());
}

static void print_diag(const char *prefix, const char *fmt, va_list ap)
{
	char msg[1024];
	size_t len;

	vsnprintf(msg, sizeof(msg), fmt, ap);
	len = strlen(msg);
	fprintf(err_fp(), "%s: %s%s\n", prefix, msg,
		len && msg[len - 1] == '.' ? "" : ".");
}

void print_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	print_diag("Error", fmt, ap);
	va_end(ap);
}

void print_warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	print_diag("Warning", fmt, ap);
	va_end(ap);
}

/* Parts of replies: a nest of values by its field table, age, raw bytes. */

void print_field_as(const struct adp_field *f, const char *fmt, uint32_t v,
		    const char *text)
{
	char val[32];

	if (pr.json) {
		if (f->kind == ADP_FIELD_BOOL)
			print_bool(PRINT_JSON, adp_field_key(f), NULL, v);
		else
			print_uint(PRINT_JSON, adp_field_key(f), NULL, v);
	} else if (fmt) {
		fprintf(out_fp(), fmt, adp_field_key(f),
			text ?: adp_field_str(f, v, val, sizeof(val)));
	}
}

void print_field(const struct adp_field *f, const char *fmt, uint32_t v)
{
	print_field_as(f, fmt, v, NULL);
}

unsigned int adp_vals_print_words(const struct adp_field *fields,
				  const struct adp_vals *vals, const char *fmt,
				  int skip)
{
	const struct adp_field *f;
	unsigned int n = 0;

	for (f = fields; f->attr; f++) {
		if (!vals->has[f->attr])
			continue;
		/* skip: a field the text names elsewhere; JSON has them all. */
		print_field(f, f->attr == skip ? NULL : fmt, vals->v[f->attr]);
		if (fmt && f->attr != skip) {
			fmt = " %s %s";
			n++;
		}
	}
	return n;
}

unsigned int adp_vals_print_lead(const struct adp_field *fields,
				 const struct adp_vals *vals, const char *lead,
				 int skip)
{
	if (lead)
		print_string(PRINT_FP, NULL, "%s", lead);
	return adp_vals_print_words(fields, vals, lead ? "%s %s" : NULL, skip);
}

void adp_vals_print(const struct adp_field *fields,
		    const struct adp_vals *vals)
{
	adp_vals_print_words(fields, vals, " %s %s", -1);
}

static void vals_print_json(const struct adp_field *fields,
			    const struct adp_vals *vals, bool flags)
{
	const struct adp_field *f;

	for (f = fields; f->attr; f++) {
		if (!vals->has[f->attr])
			continue;
		if (flags || f->kind == ADP_FIELD_BOOL)
			print_bool(PRINT_JSON, adp_field_key(f), NULL,
				   vals->v[f->attr]);
		else
			print_uint(PRINT_JSON, adp_field_key(f), NULL,
				   vals->v[f->attr]);
	}
}

void adp_vals_print_json(const struct adp_field *fields,
			 const struct adp_vals *vals)
{
	vals_print_json(fields, vals, false);
}

void adp_vals_print_json_flags(const struct adp_field *fields,
			       const struct adp_vals *vals)
{
	vals_print_json(fields, vals, true);
}

void adp_fields_help(FILE *fp, const struct adp_field *fields, int skip)
{
	int width = adp_fields_width(fields);
	const struct adp_field *f;
	char expect[128];

	for (f = fields; f->attr; f++) {
		if (f->attr == skip)
			continue;
		/* The alternatives an error would list. */
		fprintf(fp, "  %-*s  %s\n", width, adp_field_key(f),
			adp_field_expect(f, expect, sizeof(expect)));
	}
}

void adp_print_age(const struct adp_nl_msg *msg, const char *lead)
{
	const struct nlattr *a = msg->tb[ROCE_ADP_A_AGE_MS];
	uint32_t age = a ? nla_get_u32(a) : 0;

	/* 0: read from the device for this request, or a fresh snapshot. */
	if (!age)
		return;
	print_string(PRINT_FP, NULL, "%s", lead);
	print_uint(PRINT_ANY, "age_ms",
		   "state from the module's snapshot, %u ms old", age);
	print_nl();
}

void adp_print_raw(const uint8_t *raw, size_t len)
{
	char hex[2 * ADP_RAW_MAX + 1];
	char line[128];
	size_t off, i, n;

	if (pr.json) {
		for (i = 0; i < len && i < ADP_RAW_MAX; i++)
			snprintf(hex + 2 * i, 3, "%02x", raw[i]);
		hex[2 * i] = '\0';
		print_string(PRINT_JSON, "raw", NULL, hex);
		return;
	}
	for (off = 0; off < len; off += 32) {
		n = snprintf(line, sizeof(line), "    raw 0x%02zx:", off);
		for (i = off; i < off + 32 && i + 4 <= len; i += 4)
			n += snprintf(line + n, sizeof(line) - n,
				      " %02x%02x%02x%02x", raw[i], raw[i + 1],
				      raw[i + 2], raw[i + 3]);
		print_string(PRINT_FP, NULL, "%s", line);
		print_nl();
	}
}
