/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one reader of a profile in JSON, for every command that takes one
 * ("apply", "profile lint FILE", "profile simulate FILE"): a strict parse
 * (json-c, and what json-c lets through refused), one value rule (a
 * number up to the field's width, a boolean, or a name as the words take
 * it: "div2", "usec", "on"), and one error style, "FILE:LINE: why".
 *
 * A PROFILE is {"adp_retx_profile_id": N, FIELD: VALUE...,
 * "timeout_range": [{RANGE_FIELD: VALUE...}...]}, entry i of
 * timeout_range being range i; any member may be left out.
 */
#ifndef RADP_JSON_H
#define RADP_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "radp_words.h"

struct json_object;

/*
 * A document and where its reading is.  json-c keeps no positions, so
 * the line of a member is found in the text: members are visited in
 * document order, each key searched from where the previous one was.
 */
struct adp_json_doc {
	const char *file;	/* its name in messages */
	const char *text;	/* NUL-terminated */
	size_t len;
	const char *cur;	/* after the last key found */
	struct json_object *root;
};

/* Why a document was refused: "FILE:LINE: why" ("FILE: why" with no line). */
struct adp_json_err {
	char msg[384];
};

/* Parse text strictly into d->root: 0, or -EINVAL and e says where and why. */
int adp_json_open(struct adp_json_doc *d, const char *file, const char *text,
		  size_t len, struct adp_json_err *e);
void adp_json_close(struct adp_json_doc *d);

/* The line of the next member called key, 0 when it cannot be found. */
unsigned int adp_json_key_line(struct adp_json_doc *d, const char *key);

/* Say why in e, as "FILE:LINE: ..." (line 0: none): returns -EINVAL. */
int adp_json_error(struct adp_json_err *e, const struct adp_json_doc *d,
		   unsigned int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* A whole number 0..UINT32_MAX as its text has it (true = 1, false = 0). */
bool adp_json_u32(struct json_object *j, uint32_t *v);
/* "a boolean", "a number", "a string", ...: what j is, for an error. */
const char *adp_json_type_str(const struct json_object *j);

/*
 * Member key of an object, valued j: a field of fields, into vals, or an
 * error naming what the object is ("a device").  0 or -EINVAL.
 */
int adp_json_member(struct adp_json_doc *d, const char *key,
		    struct json_object *j, const struct adp_field *fields,
		    struct adp_vals *vals, const char *what,
		    struct adp_json_err *e);

/*
 * The members of object obj (on line) that are fields of fields, into
 * vals; members named in skip (NULL-terminated, may be NULL) are left to
 * the caller; what names obj in errors ("a device").  0 or -EINVAL.
 */
int adp_json_vals(struct adp_json_doc *d, struct json_object *obj,
		  unsigned int line, const struct adp_field *fields,
		  struct adp_vals *vals, const char *what,
		  const char *const *skip, struct adp_json_err *e);

/*
 * A PROFILE object (on line, 0 when unknown) into p (cleared first), its
 * "adp_retx_profile_id" in p->v as any field.  0 or -EINVAL.
 */
int adp_json_profile(struct adp_json_doc *d, struct json_object *obj,
		     unsigned int line, struct adp_profile *p,
		     struct adp_json_err *e);

#endif /* RADP_JSON_H */
