/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ROCE_ACCL fields as tables.  An entry names a field of the register by
 * its PRM name, which is also its command line keyword and its JSON key,
 * and gives its attribute inside the nest that carries it, the attribute
 * type, the widest value the register field holds, and how a value is
 * parsed and shown.  The argument parsers, request builders, reply
 * decoders, printers and help texts of accl.c and profile.c all walk
 * these tables instead of spelling out each field.
 */
#ifndef ADPCTL_FIELDS_H
#define ADPCTL_FIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <netlink/attr.h>
#include <netlink/msg.h>

#include "radp_words.h"

struct adp_ctx;

/*
 * Parse word as a value of f; key is the word the user gave for it.
 * Returns 0, or ADP_EXIT_USAGE after 'invalid value "word" for "key":
 * expected ...'.
 */
int adp_field_parse(const struct adp_ctx *ctx, const char *key,
		    const struct adp_field *f, const char *word, uint32_t *v);
/*
 * argv[*i] is the keyword key of f: store the value after it in vals and
 * leave *i at that value.  Rejects a field given twice ('"key" is given
 * twice<where>') and a missing value.  Returns 0 or ADP_EXIT_USAGE.
 */
int adp_field_take(const struct adp_ctx *ctx, const char *key,
		   const struct adp_field *f, struct adp_vals *vals,
		   int argc, char **argv, int *i, const char *where);

/* "  NAME  VALUES" per field, skipping the one in attribute skip (or -1). */
void adp_fields_help(FILE *fp, const struct adp_field *fields, int skip);

/*
 * Decode a nest of the reply into vals, each field by its type.  Returns
 * 0, or -EBADMSG after reporting a malformed nest named what.
 */
int adp_vals_parse(const struct adp_field *fields, const struct nlattr *nest,
		   struct adp_vals *vals, const char *what);
/* Put every field present in vals into msg; 0 or a negative NLE_*. */
int adp_vals_put(struct nl_msg *msg, const struct adp_field *fields,
		 const struct adp_vals *vals);
/* JSON members: each present field under its name, the raw value. */
void adp_vals_print_json(const struct adp_field *fields,
			 const struct adp_vals *vals);
/* The same, each value a JSON boolean (a nest of flags: configurable). */
void adp_vals_print_json_flags(const struct adp_field *fields,
			       const struct adp_vals *vals);
/*
 * Each present field once for both outputs: " name value" in text (the
 * value's name when it has one), "name": value in JSON.
 */
void adp_vals_print(const struct adp_field *fields,
		    const struct adp_vals *vals);

void adp_profile_get_vals(const struct radp_profile *p, int r,
			  const struct adp_field *fields,
			  struct adp_vals *vals);

#endif /* ADPCTL_FIELDS_H */
