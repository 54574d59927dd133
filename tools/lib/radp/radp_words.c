// SPDX-License-Identifier: GPL-2.0
/* A profile's words and the field tables; see radp_words.h. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/roce_adp.h>

#include "radp_hist.h"
#include "radp_words.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

_Static_assert(ROCE_ADP_A_ACCL_MAX < ADP_NEST_ATTRS, "ADP_NEST_ATTRS");
_Static_assert(ROCE_ADP_A_CAPS_MAX < ADP_NEST_ATTRS, "ADP_NEST_ATTRS");
_Static_assert(ROCE_ADP_A_PROFILE_MAX < ADP_NEST_ATTRS, "ADP_NEST_ATTRS");
_Static_assert(ROCE_ADP_A_RANGE_MAX < ADP_NEST_ATTRS, "ADP_NEST_ATTRS");
_Static_assert(ROCE_ADP_A_HISTOGRAM_CONFIG_MAX < ADP_NEST_ATTRS,
	       "ADP_NEST_ATTRS");

static const char *const off_on[] = { "off", "on" };

/*
 * The other names a value is read by, so that any output can be given
 * back: JSON's booleans, the spec's enum names (adp_*_names), the PRM
 * database's enum names.
 */
static const char *const false_true[] = { "false", "true" };
static const char *const *const bool_aliases[] = { false_true, NULL };

static const char *const prm_time_units[] = {
	[ROCE_ADP_TIME_UNIT_USEC]	= "TIME_USEC",
};
static const char *const *const time_unit_aliases[] = {
	prm_time_units, NULL
};

static const char *const prm_dec_modes[] = {
	[ROCE_ADP_DEC_MODE_TO_DIV_4]		= "TO_DIV_4",
	[ROCE_ADP_DEC_MODE_TO_DIV_2]		= "TO_DIV_2",
	[ROCE_ADP_DEC_MODE_TO_LOW_BOUND]	= "TO_LOW_BOUND",
};
static const char *const *const dec_mode_aliases[] = {
	adp_dec_mode_names, prm_dec_modes, NULL
};

static const char *const prm_cc_burst_sizes[] = {
	[ROCE_ADP_CC_BURST_SIZE_4KB]	= "BURST_4KB",
	[ROCE_ADP_CC_BURST_SIZE_8KB]	= "BURST_8KB",
	[ROCE_ADP_CC_BURST_SIZE_16KB]	= "BURST_16KB",
	[ROCE_ADP_CC_BURST_SIZE_1_5KB]	= "BURST_1_5KB",
};
static const char *const *const cc_burst_size_aliases[] = {
	adp_cc_burst_size_names, prm_cc_burst_sizes, NULL
};

static const char *const prm_cc_probe_mp_modes[] = {
	[ROCE_ADP_CC_PROBE_MP_MODE_ACCEPT]	= "PROBE_ACCEPT",
	[ROCE_ADP_CC_PROBE_MP_MODE_DISCARD]	= "PROBE_DISCARD",
};
static const char *const *const cc_probe_mp_mode_aliases[] = {
	prm_cc_probe_mp_modes, NULL
};

/* adpctl's words for the values of dec_mode (the spec's are to-div-4 ..). */
static const char *const dec_modes[] = {
	[ROCE_ADP_DEC_MODE_TO_DIV_4]		= "div4",
	[ROCE_ADP_DEC_MODE_TO_DIV_2]		= "div2",
	[ROCE_ADP_DEC_MODE_TO_LOW_BOUND]	= "low_bound",
};

/* adpctl's words for cc_burst_size (the spec's are 4kb .. 1-5kb). */
static const char *const cc_burst_sizes[] = {
	[ROCE_ADP_CC_BURST_SIZE_4KB]	= "4KB",
	[ROCE_ADP_CC_BURST_SIZE_8KB]	= "8KB",
	[ROCE_ADP_CC_BURST_SIZE_16KB]	= "16KB",
	[ROCE_ADP_CC_BURST_SIZE_1_5KB]	= "1.5KB",
};

/* An alias table is read as far as the names of its field go. */
_Static_assert(ARRAY_SIZE(prm_time_units) == ARRAY_SIZE(adp_time_unit_names) &&
	       ARRAY_SIZE(prm_dec_modes) == ARRAY_SIZE(dec_modes) &&
	       ARRAY_SIZE(prm_cc_burst_sizes) == ARRAY_SIZE(cc_burst_sizes) &&
	       ARRAY_SIZE(prm_cc_probe_mp_modes) ==
	       ARRAY_SIZE(adp_cc_probe_mp_mode_names) &&
	       ARRAY_SIZE(false_true) == ARRAY_SIZE(off_on), "alias tables");

static const char *const prm_hist_time_units[] = {
	[ROCE_ADP_HIST_TIME_UNIT_NS]	= "TIME_NSEC",
	[ROCE_ADP_HIST_TIME_UNIT_US]	= "TIME_USEC",
	[ROCE_ADP_HIST_TIME_UNIT_100US]	= "TIME_USEC_100",
	[ROCE_ADP_HIST_TIME_UNIT_MS]	= "TIME_MSEC",
};
static const char *const *const hist_time_unit_aliases[] = {
	prm_hist_time_units, NULL
};

static const char *const prm_bin_width_modes[] = {
	[ROCE_ADP_HIST_BIN_WIDTH_MODE_FIXED]	= "BIN_FIXED",
	[ROCE_ADP_HIST_BIN_WIDTH_MODE_DOUBLE]	= "BIN_DOUBLE",
};
static const char *const *const bin_width_mode_aliases[] = {
	prm_bin_width_modes, NULL
};

_Static_assert(ARRAY_SIZE(prm_hist_time_units) ==
	       ARRAY_SIZE(adp_hist_time_unit_names) &&
	       ARRAY_SIZE(prm_bin_width_modes) ==
	       ARRAY_SIZE(adp_hist_bin_width_mode_names), "alias tables");

/* How a value of each kind of the codec (its kind column) reads and prints. */
struct kind_words {
	enum adp_field_kind kind;
	const char *const *names;
	size_t nnames;
	const char *const *const *aliases;
};

#define NAMES(_n)	.names = _n, .nnames = ARRAY_SIZE(_n)

static const struct kind_words kind_words[RADP_KIND_COUNT] = {
	[RADP_KIND_NUM] = { .kind = ADP_FIELD_NUM },
	[RADP_KIND_BOOL] = { .kind = ADP_FIELD_BOOL, NAMES(off_on),
			     .aliases = bool_aliases },
	[RADP_KIND_NS] = { .kind = ADP_FIELD_NS },
	[RADP_KIND_TIME_UNIT] = { .kind = ADP_FIELD_ENUM,
				  NAMES(adp_time_unit_names),
				  .aliases = time_unit_aliases },
	[RADP_KIND_DEC_MODE] = { .kind = ADP_FIELD_ENUM, NAMES(dec_modes),
				 .aliases = dec_mode_aliases },
	[RADP_KIND_CC_BURST_SIZE] = { .kind = ADP_FIELD_ENUM,
				      NAMES(cc_burst_sizes),
				      .aliases = cc_burst_size_aliases },
	[RADP_KIND_CC_PROBE_MP_MODE] = { .kind = ADP_FIELD_ENUM,
					 NAMES(adp_cc_probe_mp_mode_names),
					 .aliases = cc_probe_mp_mode_aliases },
	[RADP_KIND_HIST_TIME_UNIT] = { .kind = ADP_FIELD_ENUM,
				       NAMES(adp_hist_time_unit_names),
				       .aliases = hist_time_unit_aliases },
	[RADP_KIND_HIST_BIN_WIDTH_MODE] = { .kind = ADP_FIELD_ENUM,
					    NAMES(adp_hist_bin_width_mode_names),
					    .aliases = bin_width_mode_aliases },
};

/*
 * The tables of the nests, by attribute: slot 0 is no attribute, one more
 * slot ends each table.  Filled from the codec's own lists of each
 * layout's members (radp_reg.c, radp_hist.c), the attribute, its type and
 * the kind of each field read from its row of radp_fields[], as the
 * kernel's messages read them: nothing here repeats a row.
 */
static struct adp_field accl_table[ROCE_ADP_A_ACCL_MAX + 2];
static struct adp_field caps_table[ROCE_ADP_A_CAPS_MAX + 2];
static struct adp_field profile_table[ROCE_ADP_A_PROFILE_MAX + 2];
static struct adp_field range_table[ROCE_ADP_A_RANGE_MAX + 2];
static struct adp_field hist_config_table[ROCE_ADP_A_HISTOGRAM_CONFIG_MAX + 2];

/*
 * Field fld into the slot of its attribute (none: left out).  numbers: a
 * nest whose values stay numbers in JSON, as in its attributes (a
 * profile's, a histogram configuration's), its on/off only named so.
 */
static void table_put(struct adp_field *table, enum radp_fld fld,
		      bool numbers)
{
	const struct radp_field *rf = &radp_fields[fld];
	const struct kind_words *k = &kind_words[rf->kind];
	struct adp_field *f = &table[rf->attr];

	if (!rf->attr)
		return;
	f->fld = fld;
	f->attr = rf->attr;
	f->type = rf->nla == RADP_NLA_U8 ? NLA_U8 : NLA_U32;
	f->kind = numbers && k->kind == ADP_FIELD_BOOL ? ADP_FIELD_ENUM :
							 k->kind;
	f->names = k->names;
	f->nnames = k->nnames;
	f->aliases = k->aliases;
}

static void members_put(struct adp_field *table,
			const struct radp_member *members, unsigned int n,
			bool numbers)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		table_put(table, members[i].fld, numbers);
}

__attribute__((constructor)) static void tables_fill(void)
{
	/* The caps are the last members of struct radp_roce_accl. */
	unsigned int caps = radp_accl_members_count - RADP_ACCL_CAPS_COUNT;
	unsigned int i;

	for (i = 0; i < RADP_ACCL_FEATURE_COUNT; i++)
		table_put(accl_table, radp_accl_en_flds[i], false);
	members_put(caps_table, radp_accl_members + caps,
		    RADP_ACCL_CAPS_COUNT, false);
	members_put(profile_table, radp_accl_members, caps, true);
	members_put(profile_table, radp_profile_members,
		    radp_profile_members_count, true);
	members_put(range_table, radp_range_members, radp_range_members_count,
		    true);
	members_put(hist_config_table, radp_hist_config_members,
		    radp_hist_config_members_count, true);
}

/*
 * A table starts at its first attribute, the range table after the entry
 * index, which is no register field (adp_range_index_field); the tests
 * count the entries, so a hole would show.
 */
const struct adp_field *const adp_accl_fields = accl_table + 1;
const struct adp_field *const adp_caps_fields = caps_table + 1;
const struct adp_field *const adp_profile_fields = profile_table + 1;
const struct adp_field *const adp_range_fields =
	range_table + ROCE_ADP_A_RANGE_INDEX + 1;
const struct adp_field *const adp_hist_config_fields = hist_config_table + 1;

const struct adp_field adp_range_index_field = {
	.fld = ADP_FLD_RANGE_INDEX, .attr = ROCE_ADP_A_RANGE_INDEX,
	.type = NLA_U32, .kind = ADP_FIELD_NUM
};

const struct nla_policy *adp_fields_policy(const struct adp_field *fields,
					  int *maxattr)
{
	static const struct {
		const struct adp_field *const *fields;
		const struct nla_policy *policy;
		int maxattr;
	} nests[] = {
		{ &adp_accl_fields, adp_accl_policy, ROCE_ADP_A_ACCL_MAX },
		{ &adp_caps_fields, adp_caps_policy, ROCE_ADP_A_CAPS_MAX },
		{ &adp_profile_fields, adp_profile_policy, ROCE_ADP_A_PROFILE_MAX },
		{ &adp_range_fields, adp_range_policy, ROCE_ADP_A_RANGE_MAX },
		{ &adp_hist_config_fields, adp_histogram_config_policy,
		  ROCE_ADP_A_HISTOGRAM_CONFIG_MAX },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(nests); i++) {
		if (*nests[i].fields == fields) {
			*maxattr = nests[i].maxattr;
			return nests[i].policy;
		}
	}
	return NULL;
}

const struct adp_field *adp_field_find(const struct adp_field *fields,
				       const char *name)
{
	for (; fields->attr; fields++)
		if (!strcmp(adp_field_key(fields), name))
			return fields;
	return NULL;
}

const struct adp_field *adp_field_by_attr(const struct adp_field *fields,
					  int attr)
{
	for (; fields->attr; fields++)
		if (fields->attr == attr)
			return fields;
	return NULL;
}

const char *adp_field_name(const struct adp_field *f, uint32_t v)
{
	if (f->kind != ADP_FIELD_ENUM && f->kind != ADP_FIELD_BOOL)
		return NULL;
	return v < f->nnames ? f->names[v] : NULL;
}

const char *adp_field_expect(const struct adp_field *f, char *buf, size_t len)
{
	size_t off = 0, v, left;

	buf[0] = '\0';
	for (v = 0; v < f->nnames; v++) {
		if (!f->names[v] || off >= len)
			continue;
		off += snprintf(buf + off, len - off, "%s, ", f->names[v]);
	}
	/* "a, b, " becomes "a, b or 0..N". */
	if (off >= 2 && off < len)
		off -= 2;
	left = off < len ? len - off : 0;
	if (left)
		snprintf(buf + off, left, "%s0..%u", off ? " or " : "",
			 adp_field_max(f));
	return buf;
}

/* Decimal, or hex after 0x; digits only, so no sign and no spaces. */
static int parse_number(const char *word, uint32_t max, uint32_t *v)
{
	unsigned long long u;
	int base = 10;
	char *end;

	if (word[0] == '0' && (word[1] == 'x' || word[1] == 'X')) {
		base = 16;
		word += 2;
	}
	if (base == 16 ? !isxdigit((unsigned char)word[0]) :
			 !isdigit((unsigned char)word[0]))
		return -EINVAL;
	errno = 0;
	u = strtoull(word, &end, base);
	if (*end || errno || u > max)
		return -EINVAL;
	*v = u;
	return 0;
}

/* The value names calls word, or -1. */
static int name_value(const char *const *names, size_t n, const char *word)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (names[i] && !strcmp(names[i], word))
			return i;
	return -1;
}

int adp_field_value(const struct adp_field *f, const char *word, uint32_t *v)
{
	const char *const *const *a;
	int i;

	i = name_value(f->names, f->nnames, word);
	for (a = f->aliases; i < 0 && a && *a; a++)
		i = name_value(*a, f->nnames, word);
	if (i >= 0) {
		*v = i;
		return 0;
	}
	return parse_number(word, adp_field_max(f), v);
}

const char *adp_field_str(const struct adp_field *f, uint32_t v, char *buf,
			  size_t len)
{
	const char *name = adp_field_name(f, v);

	if (name)
		return name;
	if (f->kind == ADP_FIELD_NS)
		return adp_fmt_time(buf, len, v, ADP_UNIT_NS);
	snprintf(buf, len, "%u", v);
	return buf;
}

int adp_fields_width(const struct adp_field *fields)
{
	size_t w = 0;

	for (; fields->attr; fields++)
		if (strlen(adp_field_key(fields)) > w)
			w = strlen(adp_field_key(fields));
	return w;
}

/* Field fld of struct radp_profile or struct radp_range. */
static u32 *member(void *obj, const struct radp_member *members,
		   unsigned int n, enum radp_fld fld)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (members[i].fld == fld)
			return radp_member_ptr(obj, &members[i]);
	return NULL;
}

static u32 *profile_member(struct radp_profile *p, int r, enum radp_fld fld)
{
	if (r < 0)
		return member(p, radp_profile_members,
			      radp_profile_members_count, fld);
	return member(&p->range[r], radp_range_members,
		      radp_range_members_count, fld);
}

void adp_profile_apply_vals(struct radp_profile *p, int r,
			    const struct adp_field *fields,
			    const struct adp_vals *vals)
{
	const struct adp_field *f;
	u32 *m;

	for (f = fields; f->attr; f++) {
		m = profile_member(p, r, f->fld);
		if (m && vals->has[f->attr])
			*m = vals->v[f->attr];
	}
}

void adp_profile_get_vals(const struct radp_profile *p, int r,
			  const struct adp_field *fields,
			  struct adp_vals *vals)
{
	const struct adp_field *f;
	u32 *m;

	for (f = fields; f->attr; f++) {
		m = profile_member((struct radp_profile *)p, r, f->fld);
		if (!m)
			continue;
		vals->v[f->attr] = *m;
		vals->has[f->attr] = true;
	}
}

static u32 *caps_member(struct radp_caps *caps, enum radp_fld fld)
{
	switch (fld) {
	case RADP_ROCE_ACCL_ADP_RETX_PROFILE_MAX_ID:
		return &caps->profile_max_id;
	case RADP_ROCE_ACCL_ADP_RETX_PROFILE_MAX_RANGE_NUM:
		return &caps->profile_max_range_num;
	case RADP_ROCE_ACCL_ADP_RETX_BASE_TIMEOUT_MIN:
		return &caps->base_timeout_min;
	default:
		return NULL;
	}
}

void adp_caps_apply_vals(struct radp_caps *caps, const struct adp_vals *vals)
{
	const struct adp_field *f;
	u32 *m;

	for (f = adp_caps_fields; f->attr; f++) {
		m = caps_member(caps, f->fld);
		if (m && vals->has[f->attr])
			*m = vals->v[f->attr];
	}
}

void adp_caps_get_vals(const struct radp_caps *caps, struct adp_vals *vals)
{
	const struct adp_field *f;
	u32 *m;

	for (f = adp_caps_fields; f->attr; f++) {
		m = caps_member((struct radp_caps *)caps, f->fld);
		if (!m)
			continue;
		vals->v[f->attr] = *m;
		vals->has[f->attr] = true;
	}
}

void adp_vals_overlay(struct adp_vals *to, const struct adp_vals *from)
{
	int i;

	for (i = 0; i < ADP_NEST_ATTRS; i++)
		if (from->has[i]) {
			to->v[i] = from->v[i];
			to->has[i] = true;
		}
}

void adp_profile_overlay(struct adp_profile *to,
			 const struct adp_profile *from)
{
	int r;

	adp_vals_overlay(&to->v, &from->v);
	for (r = 0; r < RADP_RANGES; r++) {
		to->has_range[r] |= from->has_range[r];
		adp_vals_overlay(&to->range[r], &from->range[r]);
	}
}

void adp_profile_to_radp(const struct adp_profile *p, struct radp_profile *rp)
{
	int r;

	adp_profile_apply_vals(rp, -1, adp_profile_fields, &p->v);
	for (r = 0; r < RADP_RANGES; r++)
		if (p->has_range[r])
			adp_profile_apply_vals(rp, r, adp_range_fields,
					       &p->range[r]);
}

void adp_profile_from_radp(uint32_t id, const struct radp_profile *rp,
			   struct adp_profile *p)
{
	int r;

	memset(p, 0, sizeof(*p));
	p->v.v[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID] = id;
	p->v.has[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID] = true;
	adp_profile_get_vals(rp, -1, adp_profile_fields, &p->v);
	for (r = 0; r < RADP_RANGES; r++) {
		adp_profile_get_vals(rp, r, adp_range_fields, &p->range[r]);
		p->has_range[r] = true;
	}
}

bool adp_profile_any(const struct adp_profile *p)
{
	int r;

	for (r = 0; r < RADP_RANGES; r++)
		if (p->has_range[r])
			return true;
	return adp_words_any(adp_profile_fields, &p->v, ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID);
}

void adp_words_init(struct adp_words *w, struct adp_profile *p)
{
	memset(p, 0, sizeof(*p));
	*w = (struct adp_words) { .p = p, .group = -1 };
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

	/* timeout_range: the PRM's name of the array, as JSON prints it. */
	if (!strcmp(key, "range") || !strcmp(key, "timeout_range")) {
		ret = value_of(key, &adp_range_index_field, value, &v, e);
		if (ret)
			return ret;
		if (w->p->has_range[v])
			return fail(e, true, "\"range %u\" is given twice", v);
		w->p->has_range[v] = true;
		w->group = v;
		return ADP_WORDS_TAKEN;
	}
	f = !strcmp(key, "id") ?
	    adp_field_by_attr(adp_profile_fields, ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID) :
	    adp_field_find(adp_profile_fields, key);
	if (f) {
		w->group = -1;
		vals = &w->p->v;
	} else {
		f = adp_field_find(adp_range_fields, key);
		if (!f)
			return ADP_WORDS_OTHER;
		if (w->group < 0)
			return fail(e, false, "\"%s\" is a range field: give it after \"range I\"",
				    key);
		vals = &w->p->range[w->group];
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

int adp_words_check(const struct adp_words *w, struct adp_words_err *e)
{
	int i;

	for (i = 0; i < RADP_RANGES; i++)
		if (w->p->has_range[i] &&
		    !adp_words_any(adp_range_fields, &w->p->range[i], -1)) {
			fail(e, false, "no field given for \"range %d\"", i);
			return -1;
		}
	return 0;
}

bool adp_profile_id(const struct adp_profile *p, uint32_t *id)
{
	if (!p->v.has[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID])
		return false;
	*id = p->v.v[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID];
	return true;
}

bool adp_profile_take_id(struct adp_profile *p, uint32_t *id)
{
	if (!adp_profile_id(p, id))
		return false;
	p->v.has[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID] = false;
	return true;
}

unsigned int adp_line_of(const char *text, size_t at)
{
	unsigned int line = 1;
	size_t i;

	for (i = 0; i < at; i++)
		line += text[i] == '\n';
	return line;
}

void adp_file_msgv(char *buf, size_t len, const char *file, unsigned int line,
		   const char *fmt, va_list ap)
{
	int n = line ? snprintf(buf, len, "%s:%u: ", file, line) :
		       snprintf(buf, len, "%s: ", file);

	if (n >= 0 && (size_t)n < len)
		vsnprintf(buf + n, len - n, fmt, ap);
}

void adp_wordfile_init(struct adp_wordfile *f, char *text)
{
	*f = (struct adp_wordfile) { .s = text, .next_line = 1 };
}

static bool is_blank(char c)
{
	return c != '\n' && isspace((unsigned char)c);
}

int adp_wordfile_line(struct adp_wordfile *f, char **w, int max)
{
	char *s = f->s;
	int n = 0;

	while (*s) {
		f->line = f->next_line;
		for (n = 0; *s && *s != '\n'; ) {
			if (is_blank(*s)) {
				s++;
				continue;
			}
			if (*s == '#') {
				s += strcspn(s, "\n");
				break;
			}
			if (n < max)
				w[n] = s;
			n++;
			while (*s && *s != '\n' && *s != '#' && !is_blank(*s))
				s++;
			/* A '#' ends the word and starts the comment. */
			if (*s == '#') {
				*s++ = '\0';
				s += strcspn(s, "\n");
				break;
			}
			if (is_blank(*s))
				*s++ = '\0';
		}
		if (*s == '\n') {
			*s++ = '\0';
			f->next_line++;
		}
		if (n)
			break;
	}
	f->s = s;
	return n > max ? -E2BIG : n;
}
