/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One output path for text and JSON, modelled on iproute2's json_print.h:
 * each print_*() call names the context it applies to, a JSON key and a
 * printf format for text mode, so a command is written once for both.
 */
#ifndef ADPCTL_PRINT_H
#define ADPCTL_PRINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum output_type {
	PRINT_FP = 1,	/* text mode only */
	PRINT_JSON = 2,	/* JSON mode only */
	PRINT_ANY = 3,	/* both: key in JSON, fmt in text */
};

/* Containers nest at most this deep. */
#define PRINT_MAX_DEPTH		16

void print_init(FILE *out, FILE *err, bool json, bool pretty);
/* Write out what is buffered, e.g. after each line of a stream. */
void print_flush(void);
/* Closes what is still open, flushes; -1 if the output could not be written. */
int print_fini(void);
bool is_json_context(void);
/* Whether a progress line may go to the error stream: text, a terminal. */
bool print_progress_wanted(void);

/*
 * JSON containers; no-ops in text mode.  key is the member name inside an
 * object and must be NULL inside an array or at the top level.
 */
void open_json_object(const char *key);
void close_json_object(void);
void open_json_array(const char *key);
void close_json_array(void);

/* fmt is used in text mode only and may be NULL to print nothing there. */
void print_string(enum output_type t, const char *key, const char *fmt,
		  const char *value);
/* A string whose text form is text (value when NULL), e.g. a description. */
void print_string_as(enum output_type t, const char *key, const char *fmt,
		     const char *value, const char *text);
void print_uint(enum output_type t, const char *key, const char *fmt,
		unsigned int value);
void print_int(enum output_type t, const char *key, const char *fmt,
	       int value);
void print_u64(enum output_type t, const char *key, const char *fmt,
	       uint64_t value);
/* JSON: a number (null when not finite). */
void print_float(enum output_type t, const char *key, const char *fmt,
		 double value);
/* Text mode gets "true"/"false" for a %s in fmt. */
void print_bool(enum output_type t, const char *key, const char *fmt,
		bool value);
/* JSON bool, but text mode gets yes or no for the %s in fmt. */
void print_bool_str(enum output_type t, const char *key, const char *fmt,
		    bool value, const char *yes, const char *no);
void print_null(enum output_type t, const char *key, const char *fmt,
		const char *value);
/*
 * Typed values, each one call for both outputs (iproute2's print_on_off()
 * and print_*_name_value() are the model):
 * a time, JSON its nanoseconds, text "8.192ms" for the %s of fmt
 * (UINT64_MAX: JSON null, text "infinite");
 */
void print_time_ns(enum output_type t, const char *key, const char *fmt,
		   uint64_t ns);
/* a time of day: JSON seconds since the epoch, text "2026-11-27T21:37:16Z"; */
void print_epoch(enum output_type t, const char *key, const char *fmt,
		 uint64_t secs);
/* a share: JSON the fraction, text its percent for the %f or %g of fmt; */
void print_share(enum output_type t, const char *key, const char *fmt,
		 double share);
/* on/off: JSON a boolean, text "on" or "off" for the %s of fmt; */
void print_on_off(enum output_type t, const char *key, const char *fmt,
		  bool on);
/*
 * an enum, or a number with a text of its own: JSON the number, text name
 * (the number when name is NULL) for the %s of fmt.
 */
void print_enum_val(enum output_type t, const char *key, const char *fmt,
		    unsigned int value, const char *name);
/* A number with a text of its own for the %s of fmt. */
void print_u64_as(enum output_type t, const char *key, const char *fmt,
		  uint64_t value, const char *text);
/*
 * A name and the index it goes with, e.g. a field of timeout range 1:
 * JSON key the name and idx_key the index (null when idx < 0), text
 * text (e.g. "timeout_range[1].range_size") for the %s of fmt.
 */
void print_indexed(enum output_type t, const char *key, const char *idx_key,
		   const char *fmt, const char *name, int idx,
		   const char *text);
/*
 * A nest of its own: JSON an object under key, text fmt with the key
 * (e.g. " %s {"); its end, text fmt (e.g. " }").
 */
void print_open_object(enum output_type t, const char *key, const char *fmt);
void print_close_object(enum output_type t, const char *fmt);
/* End of a text line; nothing in JSON mode. */
void print_nl(void);
/*
 * A page in a format of its own, written as it is: the Prometheus text
 * format, for a command that refuses -j (there is no JSON form to serve).
 */
void print_page(const char *page);

/*
 * "Error: <msg>." on the error stream; the period is not doubled when the
 * message already ends with one.
 */
void print_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
void print_warning(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/* Parts of a reply: a nest of values by a field table of radp_words.h. */
struct adp_field;
/*
 * A field of a table: JSON its number (a boolean for an on/off field)
 * under its PRM name, text fmt with its name and value name, two %s.
 */
void print_field(const struct adp_field *f, const char *fmt, uint32_t v);
/* The same, text (when not NULL) in place of the value's for the text. */
void print_field_as(const struct adp_field *f, const char *fmt, uint32_t v,
		    const char *text);
struct adp_vals;
struct adp_nl_msg;

/*
 * Each present field once for both outputs: " name value" in text (the
 * value's name when it has one), "name": value in JSON.
 */
void adp_vals_print(const struct adp_field *fields,
		    const struct adp_vals *vals);
/*
 * The same, the first field after fmt instead (e.g. "%s %s" at the start
 * of a line; NULL: JSON only), the text leaving out the one in attribute
 * skip (or -1), which JSON has in its place.
 */
unsigned int adp_vals_print_words(const struct adp_field *fields,
				  const struct adp_vals *vals, const char *fmt,
				  int skip);
/*
 * The same after a text lead (NULL: JSON only), the first field "%s %s"
 * right after it: e.g. a profile's line, "  range 1 dec_mode div2 ...".
 */
unsigned int adp_vals_print_lead(const struct adp_field *fields,
				 const struct adp_vals *vals, const char *lead,
				 int skip);
/* JSON members: each present field under its name, the raw value. */
void adp_vals_print_json(const struct adp_field *fields,
			 const struct adp_vals *vals);
/* The same, each value a JSON boolean (a nest of flags: configurable). */
void adp_vals_print_json_flags(const struct adp_field *fields,
			       const struct adp_vals *vals);
/* "  NAME  VALUES" per field, skipping the one in attribute skip (or -1). */
void adp_fields_help(FILE *fp, const struct adp_field *fields, int skip);
/*
 * ROCE_ADP_A_AGE_MS of an accl or profile reply when not 0, i.e. when the
 * state came from the module's snapshot: JSON "age_ms", text lead and
 * "state from the module's snapshot, N ms old" a line.
 */
void adp_print_age(const struct adp_nl_msg *msg, const char *lead);
/*
 * Raw bytes of a register or entry: JSON "raw" (hex, at most ADP_RAW_MAX
 * bytes), text "    raw 0xOFF: " lines of eight words.
 */
#define ADP_RAW_MAX	128
void adp_print_raw(const uint8_t *raw, size_t len);

#endif /* ADPCTL_PRINT_H */
