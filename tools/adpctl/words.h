/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The words of a profile, one grammar wherever a profile is written:
 * "profile set", the fields of "profile lint" and "profile simulate", and
 * profile files in words.  "FIELD VALUE" sets a profile field ("id" is
 * short for adp_retx_profile_id); "range I" opens the group of entry I of
 * timeout_range[], which takes range fields until a profile field, the
 * next "range" or a word of the caller closes it.
 */
#ifndef ADPCTL_WORDS_H
#define ADPCTL_WORDS_H

#include "fields.h"

struct adp_words {
	struct adp_vals *prof;		/* adp_profile_fields, id included */
	struct adp_vals *range;		/* [RADP_RANGES], adp_range_fields */
	bool *range_given;		/* [RADP_RANGES] */
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

/* Clear the given values and start with no range group open. */
void adp_words_init(struct adp_words *w, struct adp_vals *prof,
		    struct adp_vals *range, bool *range_given);
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
/* Some "range I" was given. */
bool adp_words_any_range(const struct adp_words *w);
/* Some profile field but except (an attribute, or -1) was given. */
bool adp_words_any(const struct adp_field *fields, const struct adp_vals *v,
		   int except);

#endif /* ADPCTL_WORDS_H */
