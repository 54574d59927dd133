// SPDX-License-Identifier: GPL-2.0
/* The grammar of a profile's words; see words.h. */
#include <stdarg.h>
#include <string.h>

#include "words.h"

void adp_words_init(struct adp_words *w, struct adp_vals *prof,
		    struct adp_vals *range, bool *range_given)
{
	memset(prof, 0, sizeof(*prof));
	memset(range, 0, RADP_RANGES * sizeof(*range));
	memset(range_given, 0, RADP_RANGES * sizeof(*range_given));
	*w = (struct adp_words) {
		.prof = prof, .range = range, .range_given = range_given,
		.group = -1,
	};
}

static int fail(struct adp_words_err *e, bool at_value, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct adp_words_err *e, bool at_value, const char *fmt, ...)
{
	va_list ap;

	e->at_value = at_value;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	return ADP_WORDS_ERROR;
}

/* value as a value of f, given as key: 0 or ADP_WORDS_ERROR. */
static int value_of(const char *key, const struct adp_field *f,
		    const char *value, uint32_t *v, struct adp_words_err *e)
{
	char expect[128];

	if (!value)
		return fail(e, false, "missing value for \"%s\"", key);
	if (adp_field_value(f, value, v))
		return fail(e, true, "invalid value \"%s\" for \"%s\": expected %s",
			    value, key,
			    adp_field_expect(f, expect, sizeof(expect)));
	return 0;
}

int adp_words_take(struct adp_words *w, const char *key, const char *value,
		   struct adp_words_err *e)
{
	const struct adp_field *f;
	struct adp_vals *vals;
	char where[32] = "";
	uint32_t v;
	int ret;

	if (!strcmp(key, "range")) {
		ret = value_of(key, &adp_range_index_field, value, &v, e);
		if (ret)
			return ret;
		if (w->range_given[v])
			return fail(e, true, "\"range %u\" is given twice", v);
		w->range_given[v] = true;
		w->group = v;
		return ADP_WORDS_TAKEN;
	}
	f = !strcmp(key, "id") ?
	    adp_field_by_attr(adp_profile_fields, ADP_PROFILE_ID_ATTR) :
	    adp_field_find(adp_profile_fields, key);
	if (f) {
		w->group = -1;
		vals = w->prof;
	} else {
		f = adp_field_find(adp_range_fields, key);
		if (!f)
			return ADP_WORDS_OTHER;
		if (w->group < 0)
			return fail(e, false, "\"%s\" is a range field: give it after \"range I\"",
				    key);
		vals = &w->range[w->group];
		snprintf(where, sizeof(where), " in range %d", w->group);
	}
	if (vals->has[f->attr])
		return fail(e, false, "\"%s\" is given twice%s", key, where);
	ret = value_of(key, f, value, &v, e);
	if (ret)
		return ret;
	vals->v[f->attr] = v;
	vals->has[f->attr] = true;
	return ADP_WORDS_TAKEN;
}

bool adp_words_any(const struct adp_field *fields, const struct adp_vals *v,
		   int except)
{
	for (; fields->attr; fields++)
		if (fields->attr != except && v->has[fields->attr])
			return true;
	return false;
}

bool adp_words_any_range(const struct adp_words *w)
{
	int i;

	for (i = 0; i < RADP_RANGES; i++)
		if (w->range_given[i])
			return true;
	return false;
}

int adp_words_check(const struct adp_words *w, struct adp_words_err *e)
{
	int i;

	for (i = 0; i < RADP_RANGES; i++)
		if (w->range_given[i] &&
		    !adp_words_any(adp_range_fields, &w->range[i], -1)) {
			fail(e, false, "no field given for \"range %d\"", i);
			return -1;
		}
	return 0;
}
