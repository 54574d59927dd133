/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A profile's words and the fields they name.  The field tables of the
 * ROCE_ACCL nests and of the histogram configuration, made from the
 * codec's lists of each layout's members and its rows (radp_fields[]):
 * an entry names a field by its PRM name, which is also its keyword and its
 * JSON key, and gives its attribute in the nest that carries it, the
 * attribute type, and how a value reads and prints.  The one grammar of a
 * profile's words, wherever a profile is written: "profile set", the
 * fields of "profile lint" and "profile simulate", and profile files in
 * words.  "FIELD VALUE" sets a profile field ("id" is short for
 * adp_retx_profile_id); "range I" (or "timeout_range I", its PRM name)
 * opens the group of entry I of timeout_range[], which takes range fields
 * until a profile field, the next "range" or a word of the caller closes
 * it.
 */
#ifndef RADP_WORDS_H
#define RADP_WORDS_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <netlink/attr.h>

#include "nl_gen.h"
#include "radp_ifc.h"
#include "radp_reg.h"
#include "radp_time.h"

enum adp_field_kind {
	ADP_FIELD_NUM,		/* a number: decimal or 0x hex */
	ADP_FIELD_ENUM,		/* a name of names[], or a number */
	ADP_FIELD_BOOL,		/* as ENUM with off/on; a JSON boolean */
	ADP_FIELD_NS,		/* a number of nanoseconds, shown as a time */
};

/*
 * The PRM name and the width come from the codec's table (radp_fields[] of
 * drivers/roce_adp/radp_reg.c), the one place that defines the register.
 */
struct adp_field {
	enum radp_fld fld;	/* the register field */
	int attr;		/* ROCE_ADP_A_* inside the nest; 0 ends a table */
	int type;		/* NLA_U8 or NLA_U32 */
	enum adp_field_kind kind;
	const char *const *names;	/* ENUM, BOOL: by value, NULL holes */
	size_t nnames;
	/*
	 * Other names a value is read by (never printed), each table by
	 * value as names[] and as long: the spec's enum names, the PRM's,
	 * JSON's true/false.  NULL ends the list.
	 */
	const char *const *const *aliases;
};

/* More than the attributes of any nest of the family. */
#define ADP_NEST_ATTRS		16

/* Values of one nest, by attribute type; has[] tells which are present. */
struct adp_vals {
	uint32_t v[ADP_NEST_ATTRS];
	bool has[ADP_NEST_ATTRS];
};

/*
 * The fields of each nest in attribute order, from the codec's members of
 * each layout; an entry with attr 0 ends a table.
 */
extern const struct adp_field *const adp_accl_fields;	/* ROCE_ADP_A_ACCL */
extern const struct adp_field *const adp_caps_fields;	/* ROCE_ADP_A_CAPS */
extern const struct adp_field *const adp_profile_fields; /* ROCE_ADP_A_PROFILE */
extern const struct adp_field *const adp_range_fields;	/* ROCE_ADP_A_PROFILE_RANGE */
/* ROCE_ADP_A_HISTOGRAM_CONFIG, also the restore nest's */
extern const struct adp_field *const adp_hist_config_fields;
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

/*
 * The spec's policy of the nest whose fields are fields (nl_gen.c's
 * adp_<nest>_policy) and its largest attribute, or NULL for a table of
 * no nest.
 */
const struct nla_policy *adp_fields_policy(const struct adp_field *fields,
					  int *maxattr);

/* The field called name (exactly), or NULL. */
const struct adp_field *adp_field_find(const struct adp_field *fields,
				       const char *name);
/* The field carried in attribute attr, or NULL. */
const struct adp_field *adp_field_by_attr(const struct adp_field *fields,
					  int attr);

/*
 * word as a value of f (a name, an alias or a number up to its width,
 * decimal or 0x hex): 0 or -EINVAL.
 */
int adp_field_value(const struct adp_field *f, const char *word, uint32_t *v);
/* What a value of f may be, as in an error: "div4, div2, low_bound or 0..3". */
const char *adp_field_expect(const struct adp_field *f, char *buf, size_t len);
/* The text form of v: "on", "div2", "4us", "12". */
const char *adp_field_str(const struct adp_field *f, uint32_t v, char *buf,
			  size_t len);
/* The name of v for ENUM and BOOL fields, NULL when it has none. */
const char *adp_field_name(const struct adp_field *f, uint32_t v);

/* The longest name of fields, to align a column of them. */
int adp_fields_width(const struct adp_field *fields);

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

/*
 * A profile as its words give it and as a PROFILE nest carries it, the one
 * profile type of adpctl: the fields given (adp_profile_fields, the id
 * included), and the entries of timeout_range[] given (has_range[i]), each
 * with the fields given (adp_range_fields).
 */
struct adp_profile {
	struct adp_vals v;
	struct adp_vals range[RADP_RANGES];
	bool has_range[RADP_RANGES];
};

/* The values from has over to (a later setting wins). */
void adp_vals_overlay(struct adp_vals *to, const struct adp_vals *from);
/* The fields and ranges given in from over to. */
void adp_profile_overlay(struct adp_profile *to,
			 const struct adp_profile *from);
/* The fields given in p onto rp, the codec's decoded profile. */
void adp_profile_to_radp(const struct adp_profile *p, struct radp_profile *rp);
/* Profile id as the codec has it: every field and every range given. */
void adp_profile_from_radp(uint32_t id, const struct radp_profile *rp,
			   struct adp_profile *p);
/* Some field but the id, or some range, was given. */
bool adp_profile_any(const struct adp_profile *p);

struct adp_words {
	struct adp_profile *p;		/* what the words gave */
	int group;			/* the open "range I", or -1 */
};

/* Why a word was refused; at_value: the value is wrong, not the key. */
struct adp_words_err {
	bool at_value;
	char msg[192];
};

enum {
	ADP_WORDS_TAKEN,	/* key and value are the profile's */
	ADP_WORDS_OTHER,	/* key is no word of a profile: the caller's */
	ADP_WORDS_ERROR,	/* e says why */
};

/* Clear p and start with no range group open. */
void adp_words_init(struct adp_words *w, struct adp_profile *p);

/* A word of the caller's came: it closes the open range group. */
static inline void adp_words_close(struct adp_words *w)
{
	w->group = -1;
}

/*
 * key and the word after it (NULL at the end): ADP_WORDS_TAKEN when both
 * are taken, ADP_WORDS_OTHER, or ADP_WORDS_ERROR ('"time_base" is given
 * twice', 'invalid value "9" for "range": expected 0..3', ..).
 */
int adp_words_take(struct adp_words *w, const char *key, const char *value,
		   struct adp_words_err *e);
/* Every "range I" given has a field: 0, or -1 and e says which does not. */
int adp_words_check(const struct adp_words *w, struct adp_words_err *e);
/* Some profile field but except (an attribute, or -1) was given. */
bool adp_words_any(const struct adp_field *fields, const struct adp_vals *v,
		   int except);

/* The id p gives (adp_retx_profile_id, "id"): true and *id, or false. */
bool adp_profile_id(const struct adp_profile *p, uint32_t *id);
/* The same, and the id is no longer given in p. */
bool adp_profile_take_id(struct adp_profile *p, uint32_t *id);

/*
 * The one tokenizer of word files (profiles in words, apply's
 * configuration files): words at blanks, '#' to the end of a line a
 * comment, the text cut into words in place.
 */
struct adp_wordfile {
	char *s;			/* what is left to read */
	unsigned int line;		/* the line of the words last given */
	unsigned int next_line;
};

void adp_wordfile_init(struct adp_wordfile *f, char *text);
/*
 * The words of the next line that has any into w: their number, 0 at
 * the end of the text, or -E2BIG when the line has more than max;
 * f->line is that line's number.
 */
int adp_wordfile_line(struct adp_wordfile *f, char **w, int max);

/* The line of byte at of text, 1 for the first. */
unsigned int adp_line_of(const char *text, size_t at);

/*
 * The one style of an error in a file, into buf: "FILE:LINE: why", or
 * "FILE: why" for line 0 (the file as a whole).
 */
void adp_file_msgv(char *buf, size_t len, const char *file, unsigned int line,
		   const char *fmt, va_list ap);

#endif /* RADP_WORDS_H */
