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

#include "radp_fields.h"
#include "radp_ifc.h"
#include "radp_reg.h"
#include "radp_time.h"

struct adp_ctx;

enum adp_field_kind {
	ADP_FIELD_NUM,		/* a number: decimal or 0x hex */
	ADP_FIELD_ENUM,		/* a name of names[], or a number */
	ADP_FIELD_BOOL,		/* as ENUM with off/on; a JSON boolean */
	ADP_FIELD_NS,		/* a number of nanoseconds, shown as a time */
};

/*
 * The PRM name and the width come from the codec's table (radp_fields[] of
 * drivers/roce_adp/radp_ifc.c), the one place that defines the register.
 */
struct adp_field {
	enum radp_fld fld;	/* the register field */
	int attr;		/* ROCE_ADP_A_* inside the nest; 0 ends a table */
	int type;		/* NLA_U8 or NLA_U32 */
	enum adp_field_kind kind;
	const char *const *names;	/* ENUM, BOOL: by value, NULL holes */
	size_t nnames;
};

/* More than the attributes of any nest of the family. */
#define ADP_NEST_ATTRS		16

/* Values of one nest, by attribute type; has[] tells which are present. */
struct adp_vals {
	uint32_t v[ADP_NEST_ATTRS];
	bool has[ADP_NEST_ATTRS];
};

/*
 * The policies of every attribute set (adp_policy the top level,
 * adp_mpt_entry_policy ..) and the names of commands, attributes and enum
 * values, generated from the spec.  The field an MPT_ENTRY attribute
 * carries, and the access bits that come as flags, are the codec's
 * radp_mpt_attrs[] and radp_mpt_access[] (radp_mpt.h).
 */
#include "nl_gen.h"

/*
 * The fields of each nest in attribute order, expanded from the lists of
 * drivers/roce_adp/radp_fields.h; an entry with attr 0 ends a table.
 */
extern const struct adp_field *const adp_accl_fields;	/* ROCE_ADP_A_ACCL */
extern const struct adp_field *const adp_caps_fields;	/* ROCE_ADP_A_CAPS */
extern const struct adp_field *const adp_profile_fields; /* ROCE_ADP_A_PROFILE */
extern const struct adp_field *const adp_range_fields;	/* ROCE_ADP_A_PROFILE_RANGE */
/*
 * The attribute of ROCE_ACCL's adp_retx_profile_id, which numbers a
 * profile in its nest: the one row of RADP_ACCL_PROFILE_FIELDS with one.
 */
#define ADP_ID_ATTR_NONE(attr)
#define ADP_ID_ATTR_U32(attr)	ROCE_ADP_A_##attr
#define ADP_ID_ATTR(id, name, byte, hi, lo, attr, nla, kind) \
	ADP_ID_ATTR_##nla(attr)
#define ADP_PROFILE_ID_ATTR	(RADP_ACCL_PROFILE_FIELDS(ADP_ID_ATTR))

/* Pseudo-field of the "range I" keyword: the entry of timeout_range[]. */
extern const struct adp_field adp_range_index_field;

/* The "range I" keyword is not a register field. */
#define ADP_FLD_RANGE_INDEX	RADP_FLD_COUNT

/* Its PRM name: command line keyword and JSON key. */
static inline const char *adp_field_key(const struct adp_field *f)
{
	return f->fld == ADP_FLD_RANGE_INDEX ? "range" : radp_fields[f->fld].name;
}

/* The widest value the register field holds. */
static inline uint32_t adp_field_max(const struct adp_field *f)
{
	return f->fld == ADP_FLD_RANGE_INDEX ? RADP_RANGES - 1 :
	       radp_field_mask(&radp_fields[f->fld]);
}

/* The field called name (exactly), or NULL. */
const struct adp_field *adp_field_find(const struct adp_field *fields,
				       const char *name);
/* The field carried in attribute attr, or NULL. */
const struct adp_field *adp_field_by_attr(const struct adp_field *fields,
					  int attr);

/* word as a value of f (a name or a number up to its width): 0 or -EINVAL. */
int adp_field_value(const struct adp_field *f, const char *word, uint32_t *v);
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
/* What a value of f may be, as in an error: "div4, div2, low_bound or 0..3". */
const char *adp_field_expect(const struct adp_field *f, char *buf, size_t len);
/* The text form of v: "on", "div2", "4us", "12". */
const char *adp_field_str(const struct adp_field *f, uint32_t v, char *buf,
			  size_t len);
/* The name of v for ENUM and BOOL fields, NULL when it has none. */
const char *adp_field_name(const struct adp_field *f, uint32_t v);

/* The longest name of fields, to align a column of them. */
int adp_fields_width(const struct adp_field *fields);
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

/*
 * The netlink boundary: the fields present in vals into p (r < 0, fields
 * of adp_profile_fields) or into its range r (adp_range_fields); and every
 * field of p, or of its range r, into vals.
 */
void adp_profile_apply_vals(struct radp_profile *p, int r,
			    const struct adp_field *fields,
			    const struct adp_vals *vals);
void adp_profile_get_vals(const struct radp_profile *p, int r,
			  const struct adp_field *fields,
			  struct adp_vals *vals);
/* The same for the device limits (adp_caps_fields). */
void adp_caps_apply_vals(struct radp_caps *caps, const struct adp_vals *vals);
void adp_caps_get_vals(const struct radp_caps *caps, struct adp_vals *vals);

#endif /* ADPCTL_FIELDS_H */
