// SPDX-License-Identifier: GPL-2.0
/* The field tables of ROCE_ACCL and what walks them; see fields.h. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/roce_adp.h>

#include "adpctl.h"
#include "fields.h"

_Static_assert(ROCE_ADP_A_ACCL_MAX < ADP_NEST_ATTRS, "ADP_NEST_ATTRS");
_Static_assert(ROCE_ADP_A_CAPS_MAX < ADP_NEST_ATTRS, "ADP_NEST_ATTRS");
_Static_assert(ROCE_ADP_A_PROFILE_MAX < ADP_NEST_ATTRS, "ADP_NEST_ATTRS");
_Static_assert(ROCE_ADP_A_RANGE_MAX < ADP_NEST_ATTRS, "ADP_NEST_ATTRS");

static const char *const off_on[] = { "off", "on" };

static const char *const time_units[] = {
	[ROCE_ADP_TIME_UNIT_USEC]		= "usec",
};

static const char *const dec_modes[] = {
	[ROCE_ADP_DEC_MODE_TO_DIV_4]		= "div4",
	[ROCE_ADP_DEC_MODE_TO_DIV_2]		= "div2",
	[ROCE_ADP_DEC_MODE_TO_LOW_BOUND]	= "low_bound",
};

#define NUM(_fld, _attr, _type) \
	{ .fld = _fld, .attr = _attr, .type = _type, .kind = ADP_FIELD_NUM }
#define NAMED(_fld, _attr, _type, _kind, _names) \
	{ .fld = _fld, .attr = _attr, .type = _type, .kind = _kind, \
	  .names = _names, .nnames = ARRAY_SIZE(_names) }
#define ENABLE(_fld, _attr) \
	NAMED(_fld, _attr, NLA_U8, ADP_FIELD_BOOL, off_on)

const struct adp_field adp_accl_fields[] = {
	ENABLE(RADP_ROCE_ACCL_ROCE_ADP_RETRANS_EN,
	       ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN),
	ENABLE(RADP_ROCE_ACCL_ROCE_TX_WINDOW_EN,
	       ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN),
	ENABLE(RADP_ROCE_ACCL_ROCE_SLOW_RESTART_EN,
	       ROCE_ADP_A_ACCL_ROCE_SLOW_RESTART_EN),
	ENABLE(RADP_ROCE_ACCL_ROCE_SLOW_RESTART_IDLE_EN,
	       ROCE_ADP_A_ACCL_ROCE_SLOW_RESTART_IDLE_EN),
	ENABLE(RADP_ROCE_ACCL_MIN_ACK_TIMEOUT_LIMIT_DISABLED,
	       ROCE_ADP_A_ACCL_MIN_ACK_TIMEOUT_LIMIT_DISABLED),
	ENABLE(RADP_ROCE_ACCL_ADAPTIVE_ROUTING_FORCED_EN,
	       ROCE_ADP_A_ACCL_ADAPTIVE_ROUTING_FORCED_EN),
	ENABLE(RADP_ROCE_ACCL_SELECTIVE_REPEAT_FORCED_EN,
	       ROCE_ADP_A_ACCL_SELECTIVE_REPEAT_FORCED_EN),
	{ }
};

const struct adp_field adp_caps_fields[] = {
	NUM(RADP_ROCE_ACCL_ADP_RETX_PROFILE_MAX_ID,
	    ROCE_ADP_A_CAPS_PROFILE_MAX_ID, NLA_U32),
	NUM(RADP_ROCE_ACCL_ADP_RETX_PROFILE_MAX_RANGE_NUM,
	    ROCE_ADP_A_CAPS_PROFILE_MAX_RANGE_NUM, NLA_U32),
	{ .fld = RADP_ROCE_ACCL_ADP_RETX_BASE_TIMEOUT_MIN,
	  .attr = ROCE_ADP_A_CAPS_BASE_TIMEOUT_MIN, .type = NLA_U32,
	  .kind = ADP_FIELD_NS },
	{ }
};

const struct adp_field adp_profile_fields[] = {
	NUM(RADP_ROCE_ACCL_ADP_RETX_PROFILE_ID,
	    ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID, NLA_U32),
	NAMED(RADP_PROFILE_QP_TOTAL_TIMEOUT,
	      ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT, NLA_U8, ADP_FIELD_ENUM,
	      off_on),
	NUM(RADP_PROFILE_RANGE_NUM, ROCE_ADP_A_PROFILE_RANGE_NUM, NLA_U32),
	NUM(RADP_PROFILE_START_RANGE_INDEX,
	    ROCE_ADP_A_PROFILE_START_RANGE_INDEX, NLA_U32),
	NAMED(RADP_PROFILE_TIME_UNIT, ROCE_ADP_A_PROFILE_TIME_UNIT, NLA_U32,
	      ADP_FIELD_ENUM, time_units),
	NUM(RADP_PROFILE_TIME_BASE, ROCE_ADP_A_PROFILE_TIME_BASE, NLA_U32),
	NUM(RADP_PROFILE_RETX_TOTAL_TIMEOUT,
	    ROCE_ADP_A_PROFILE_RETX_TOTAL_TIMEOUT, NLA_U32),
	NUM(RADP_PROFILE_TIMEOUT_INIT_LOW_BOUND,
	    ROCE_ADP_A_PROFILE_TIMEOUT_INIT_LOW_BOUND, NLA_U32),
	NUM(RADP_PROFILE_TIMEOUT_INIT_RANGE_SIZE,
	    ROCE_ADP_A_PROFILE_TIMEOUT_INIT_RANGE_SIZE, NLA_U32),
	{ }
};

const struct adp_field adp_range_fields[] = {
	NUM(RADP_RANGE_PREV_RANGE_INDEX, ROCE_ADP_A_RANGE_PREV_RANGE_INDEX,
	    NLA_U32),
	NAMED(RADP_RANGE_DEC_MODE, ROCE_ADP_A_RANGE_DEC_MODE, NLA_U32,
	      ADP_FIELD_ENUM, dec_modes),
	NUM(RADP_RANGE_TIMEOUT_RETRY_NUM, ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM,
	    NLA_U32),
	NUM(RADP_RANGE_RANGE_LOW_BOUND, ROCE_ADP_A_RANGE_RANGE_LOW_BOUND,
	    NLA_U32),
	NUM(RADP_RANGE_RANGE_SIZE, ROCE_ADP_A_RANGE_RANGE_SIZE, NLA_U32),
	{ }
};

const struct adp_field adp_range_index_field =
	NUM(ADP_FLD_RANGE_INDEX, ROCE_ADP_A_RANGE_INDEX, NLA_U32);

/*
 * Attributes of every ROCE_ADP_CMD_*: the family has one attribute space.
 * Strings are validated again by adp_nl_str() before use; nests by the
 * field tables of fields.c when they are decoded.  ROCE_ADP_A_PROFILE
 * repeats, so the last one is in tb[] and readers walk the message.
 */
const struct nla_policy adp_policy[ROCE_ADP_A_MAX + 1] = {
	[ROCE_ADP_A_DEV_NAME]		= { .type = NLA_STRING,
					    .maxlen = ROCE_ADP_DEV_NAME_LEN },
	[ROCE_ADP_A_DEV_BACKEND]	= { .type = NLA_U32 },
	[ROCE_ADP_A_DEV_FW_VERSION]	= { .type = NLA_STRING },
	[ROCE_ADP_A_DEV_ROCE_ACCL]	= { .type = NLA_U8 },
	[ROCE_ADP_A_CAPS]		= { .type = NLA_NESTED },
	[ROCE_ADP_A_ACCL]		= { .type = NLA_NESTED },
	[ROCE_ADP_A_ACCL_CONFIGURABLE]	= { .type = NLA_NESTED },
	[ROCE_ADP_A_ACTIVE_PROFILE_ID]	= { .type = NLA_U32 },
	[ROCE_ADP_A_PROFILE_ID]		= { .type = NLA_U32 },
	[ROCE_ADP_A_PROFILE]		= { .type = NLA_NESTED },
	[ROCE_ADP_A_MPT_INDEX]		= { .type = NLA_U32 },
	[ROCE_ADP_A_MPT_KEY]		= { .type = NLA_U32 },
	[ROCE_ADP_A_MPT_PD]		= { .type = NLA_U32 },
	[ROCE_ADP_A_MPT_QPN]		= { .type = NLA_U32 },
	[ROCE_ADP_A_MPT_RAW]		= { .type = NLA_FLAG },
	[ROCE_ADP_A_MPT_ENTRY]		= { .type = NLA_NESTED },
	[ROCE_ADP_A_DEV_EVENT]		= { .type = NLA_U32 },
	[ROCE_ADP_A_RESTORE]		= { .type = NLA_NESTED },
};

/* As the spec has it; tests/fields.c holds it against the field widths. */
const struct nla_policy adp_mpt_entry_policy[ROCE_ADP_A_MPT_ENTRY_MAX + 1] = {
	[ROCE_ADP_A_MPT_ENTRY_INDEX]		= { .type = NLA_U32 },
	[ROCE_ADP_A_MPT_ENTRY_STATUS]		= { .type = NLA_U32 },
	[ROCE_ADP_A_MPT_ENTRY_R_W]		= { .type = NLA_U8 },
	[ROCE_ADP_A_MPT_ENTRY_ACCESS]		= { .type = NLA_U32 },
	[ROCE_ADP_A_MPT_ENTRY_PA]		= { .type = NLA_U8 },
	[ROCE_ADP_A_MPT_ENTRY_ATC_REQ]		= { .type = NLA_U8 },
	[ROCE_ADP_A_MPT_ENTRY_ATC_XLATED]	= { .type = NLA_U8 },
	[ROCE_ADP_A_MPT_ENTRY_NO_SNOOP]		= { .type = NLA_U8 },
	[ROCE_ADP_A_MPT_ENTRY_BQP]		= { .type = NLA_U8 },
	[ROCE_ADP_A_MPT_ENTRY_QPN]		= { .type = NLA_U32 },
	[ROCE_ADP_A_MPT_ENTRY_MEM_KEY]		= { .type = NLA_U32 },
	[ROCE_ADP_A_MPT_ENTRY_PD]		= { .type = NLA_U32 },
	[ROCE_ADP_A_MPT_ENTRY_EN_RINV]		= { .type = NLA_U8 },
	[ROCE_ADP_A_MPT_ENTRY_EI]		= { .type = NLA_U8 },
	[ROCE_ADP_A_MPT_ENTRY_NCE]		= { .type = NLA_U8 },
	[ROCE_ADP_A_MPT_ENTRY_FRE]		= { .type = NLA_U8 },
	[ROCE_ADP_A_MPT_ENTRY_RAE]		= { .type = NLA_U8 },
	[ROCE_ADP_A_MPT_ENTRY_W_DIF]		= { .type = NLA_U8 },
	[ROCE_ADP_A_MPT_ENTRY_M_DIF]		= { .type = NLA_U8 },
	[ROCE_ADP_A_MPT_ENTRY_START_ADDR]	= { .type = NLA_U64 },
	[ROCE_ADP_A_MPT_ENTRY_LEN]		= { .type = NLA_U64 },
	[ROCE_ADP_A_MPT_ENTRY_LEN64]		= { .type = NLA_U8 },
	[ROCE_ADP_A_MPT_ENTRY_LKEY]		= { .type = NLA_U32 },
	[ROCE_ADP_A_MPT_ENTRY_WIN_CNT]		= { .type = NLA_U32 },
	[ROCE_ADP_A_MPT_ENTRY_MTT_REP]		= { .type = NLA_U32 },
	[ROCE_ADP_A_MPT_ENTRY_BLOCK_MODE]	= { .type = NLA_U8 },
	[ROCE_ADP_A_MPT_ENTRY_FBO_EN]		= { .type = NLA_U8 },
	[ROCE_ADP_A_MPT_ENTRY_MTT_ADR]		= { .type = NLA_U64 },
	[ROCE_ADP_A_MPT_ENTRY_MTT_SIZE]		= { .type = NLA_U32 },
	[ROCE_ADP_A_MPT_ENTRY_ENTITY_SIZE]	= { .type = NLA_U32 },
	[ROCE_ADP_A_MPT_ENTRY_MTT_FBO]		= { .type = NLA_U32 },
	[ROCE_ADP_A_MPT_ENTRY_RAW]		= { .minlen = ROCE_ADP_MPT_ENTRY_LEN,
						    .maxlen = ROCE_ADP_MPT_ENTRY_LEN },
};

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

int adp_field_value(const struct adp_field *f, const char *word, uint32_t *v)
{
	size_t i;

	for (i = 0; i < f->nnames; i++) {
		if (f->names[i] && !strcmp(f->names[i], word)) {
			*v = i;
			return 0;
		}
	}
	return parse_number(word, adp_field_max(f), v);
}

int adp_field_parse(const struct adp_ctx *ctx, const char *key,
		    const struct adp_field *f, const char *word, uint32_t *v)
{
	char expect[128];

	if (!adp_field_value(f, word, v))
		return 0;
	return adp_usage_error(ctx, "invalid value \"%s\" for \"%s\": expected %s",
			       word, key,
			       adp_field_expect(f, expect, sizeof(expect)));
}

int adp_field_take(const struct adp_ctx *ctx, const char *key,
		   const struct adp_field *f, struct adp_vals *vals,
		   int argc, char **argv, int *i, const char *where)
{
	int ret;

	if (vals->has[f->attr])
		return adp_usage_error(ctx, "\"%s\" is given twice%s", key,
				       where);
	if (*i + 1 >= argc)
		return adp_usage_error(ctx, "missing value for \"%s\"", key);
	++*i;
	ret = adp_field_parse(ctx, key, f, argv[*i], &vals->v[f->attr]);
	if (ret)
		return ret;
	vals->has[f->attr] = true;
	return 0;
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

int adp_vals_parse(const struct adp_field *fields, const struct nlattr *nest,
		   struct adp_vals *vals, const char *what)
{
	struct nla_policy policy[ADP_NEST_ATTRS] = { };
	struct nlattr *tb[ADP_NEST_ATTRS];
	const struct adp_field *f;
	int ret;

	memset(vals, 0, sizeof(*vals));
	for (f = fields; f->attr; f++)
		policy[f->attr].type = f->type;
	ret = nla_parse_nested(tb, ADP_NEST_ATTRS - 1, (struct nlattr *)nest,
			       policy);
	if (ret < 0) {
		print_error("malformed %s in the kernel reply: %s", what,
			    nl_geterror(ret));
		return -EBADMSG;
	}
	for (f = fields; f->attr; f++) {
		if (!tb[f->attr])
			continue;
		vals->v[f->attr] = f->type == NLA_U8 ?
				   nla_get_u8(tb[f->attr]) :
				   nla_get_u32(tb[f->attr]);
		vals->has[f->attr] = true;
	}
	return 0;
}

int adp_vals_put(struct nl_msg *msg, const struct adp_field *fields,
		 const struct adp_vals *vals)
{
	const struct adp_field *f;
	int ret;

	for (f = fields; f->attr; f++) {
		if (!vals->has[f->attr])
			continue;
		if (f->type == NLA_U8)
			ret = nla_put_u8(msg, f->attr, vals->v[f->attr]);
		else
			ret = nla_put_u32(msg, f->attr, vals->v[f->attr]);
		if (ret < 0)
			return ret;
	}
	return 0;
}

void adp_vals_print_json(const struct adp_field *fields,
			 const struct adp_vals *vals)
{
	const struct adp_field *f;

	for (f = fields; f->attr; f++) {
		if (!vals->has[f->attr])
			continue;
		if (f->kind == ADP_FIELD_BOOL)
			print_bool(PRINT_JSON, adp_field_key(f), NULL,
				   vals->v[f->attr]);
		else
			print_uint(PRINT_JSON, adp_field_key(f), NULL,
				   vals->v[f->attr]);
	}
}

static const char *const unit_names[] = {
	[ADP_UNIT_NS] = "ns",
	[ADP_UNIT_US] = "us",
	[ADP_UNIT_MS] = "ms",
	[ADP_UNIT_S] = "s",
};

const char *adp_fmt_time(char *buf, size_t len, uint64_t v,
			 enum adp_unit unit)
{
	uint64_t div = 1, step, q, whole, frac;
	int u = unit, digits = 3;

	while (u < ADP_UNIT_S && v / div >= 1000) {
		div *= 1000;
		u++;
	}
	if (div == 1) {
		snprintf(buf, len, "%llu%s", (unsigned long long)v,
			 unit_names[u]);
		return buf;
	}
	/* Thousandths of unit u, rounded half up without overflowing. */
	step = div / 1000;
	q = v / step + (v % step >= (step + 1) / 2);
	whole = q / 1000;
	frac = q % 1000;
	/* 999.9996ms rounds to 1000ms: that is 1s. */
	if (whole >= 1000 && u < ADP_UNIT_S) {
		whole = 1;
		frac = 0;
		u++;
	}
	while (frac && frac % 10 == 0) {
		frac /= 10;
		digits--;
	}
	if (frac)
		snprintf(buf, len, "%llu.%0*llu%s", (unsigned long long)whole,
			 digits, (unsigned long long)frac, unit_names[u]);
	else
		snprintf(buf, len, "%llu%s", (unsigned long long)whole,
			 unit_names[u]);
	return buf;
}

const char *adp_fmt_shift(char *buf, size_t len, uint32_t base,
			  uint32_t shift, uint32_t time_unit)
{
	double d = base;
	uint32_t i;

	if (time_unit != ROCE_ADP_TIME_UNIT_USEC) {
		if (shift)
			snprintf(buf, len, "%u<<%u", base, shift);
		else
			snprintf(buf, len, "%u", base);
		return buf;
	}
	if (!base || (shift < 64 && base <= UINT64_MAX >> shift))
		return adp_fmt_time(buf, len, base ? (uint64_t)base << shift : 0,
				    ADP_UNIT_US);
	/* Past 2^64 us: only the magnitude means anything. */
	for (i = 0; i < shift && i < 1100; i++)
		d *= 2;
	snprintf(buf, len, "%.4gs", d / 1e6);
	return buf;
}
