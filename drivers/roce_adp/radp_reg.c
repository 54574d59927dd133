// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * The register codec: every layout's rows (radp_fields[]), the members of
 * the decoded structs, ROCE_ACCL's pack and unpack, and the profile rules;
 * see radp_ifc.h and radp_reg.h. radp_mpt.c, radp_mkc.c and radp_hist.c
 * pack their registers on the same rows.
 */

#ifdef __KERNEL__
#include <linux/kernel.h>
#include <linux/string.h>
#else
#include <assert.h>
#include <string.h>
#endif

#include "radp_reg.h"

#define RADP_FIELD(_fld, _name, _byte, _hi, _lo) \
	[_fld] = { .name = _name, .byte = _byte, .hi = _hi, .lo = _lo }

/* A row's attribute, by its type: ROCE_ADP_A_<attr>, or 0 for none. */
#define RADP_ATTR_U8(_attr)	ROCE_ADP_A_##_attr
#define RADP_ATTR_U32(_attr)	ROCE_ADP_A_##_attr
#define RADP_ATTR_U64(_attr)	ROCE_ADP_A_##_attr
#define RADP_ATTR_NONE(...)	0

/* One row of radp_fields.h, every column of it. */
#define RADP_ROW(_fld, _name, _byte, _hi, _lo, _attr, _nla, _kind, ...) \
	[_fld] = {							\
		.name = #_name, .byte = _byte, .hi = _hi, .lo = _lo,	\
		.attr = RADP_ATTR_##_nla(_attr), .nla = RADP_NLA_##_nla,	\
		.kind = RADP_KIND_##_kind, __VA_ARGS__			\
	},

const struct radp_field radp_fields[RADP_FLD_COUNT] = {
	RADP_FIELD(RADP_CMD_IN_OPCODE,		"opcode",	0x00, 31, 16),
	RADP_FIELD(RADP_CMD_IN_OP_MOD,		"op_mod",	0x04, 15, 0),
	RADP_FIELD(RADP_CMD_OUT_STATUS,		"status",	0x00, 31, 24),
	RADP_FIELD(RADP_CMD_OUT_SYNDROME,	"syndrome",	0x04, 31, 0),

	RADP_FIELD(RADP_ACCESS_REG_IN_REGISTER_ID, "register_id", 0x08, 15, 0),
	RADP_FIELD(RADP_ACCESS_REG_IN_ARGUMENT,	"argument",	0x0c, 31, 0),

	RADP_FIELD(RADP_QUERY_MPT_IN_INPUT_MODIFIER, "input_modifier", 0x08, 31, 0),

#define RADP_ACCL_SELECT_FIELD(_id, _name, _byte, _hi, _lo)		\
	RADP_ROW(RADP_ROCE_ACCL_##_id, _name, _byte, _hi, _lo,		\
		 NONE, NONE, BOOL)
#define RADP_ACCL_FEATURE_FIELD(_id, _name, _byte, _hi, _lo, _sel, ...)	\
	RADP_ROW(RADP_ROCE_ACCL_##_id, _name, _byte, _hi, _lo, __VA_ARGS__, \
		 .sel = RADP_ROCE_ACCL_##_sel)
#define RADP_ACCL_PROFILE_FIELD(_id, ...)	RADP_ROW(RADP_ROCE_ACCL_##_id, __VA_ARGS__)
#define RADP_ACCL_CAPS_FIELD(_id, ...)	RADP_ROW(RADP_ROCE_ACCL_##_id, __VA_ARGS__)
#define RADP_PROFILE_FIELD(_id, ...)	RADP_ROW(RADP_PROFILE_##_id, __VA_ARGS__)
#define RADP_RANGE_FIELD(_id, ...)	RADP_ROW(RADP_RANGE_##_id, __VA_ARGS__)
#define RADP_MPT_FIELD(_id, ...)	RADP_ROW(RADP_MPT_##_id, __VA_ARGS__)
#define RADP_HIST_CONFIG_FIELD(_id, ...)	\
	RADP_ROW(RADP_HIST_CONFIG_##_id, __VA_ARGS__)
#define RADP_HIST_FIELD(_id, ...)	RADP_ROW(RADP_HIST_##_id, __VA_ARGS__)
#define RADP_HIST_BIN_FIELD(_id, ...)	RADP_ROW(RADP_HIST_##_id, __VA_ARGS__)
#include "radp_fields.h"
};

#define RADP_MEMBER(_fld, type, member) \
	{ .fld = _fld, .offset = offsetof(type, member) },

const struct radp_member radp_profile_members[] = {
#define RADP_PROFILE_FIELD(_id, _name, ...) \
	RADP_MEMBER(RADP_PROFILE_##_id, struct radp_profile, _name)
#include "radp_fields.h"
};

const unsigned int radp_profile_members_count =
	ARRAY_SIZE(radp_profile_members);

const struct radp_member radp_range_members[] = {
#define RADP_RANGE_FIELD(_id, _name, ...) \
	RADP_MEMBER(RADP_RANGE_##_id, struct radp_range, _name)
#include "radp_fields.h"
};

const unsigned int radp_range_members_count =
	ARRAY_SIZE(radp_range_members);

#define RADP_MEMBER_ACCL(_id, ...) \
	RADP_MEMBER(RADP_ROCE_ACCL_##_id, struct radp_roce_accl, \
		    RADP_ACCL_MEMBER_##_id)

const struct radp_member radp_accl_members[] = {
#define RADP_ACCL_PROFILE_FIELD		RADP_MEMBER_ACCL
#define RADP_ACCL_CAPS_FIELD		RADP_MEMBER_ACCL
#include "radp_fields.h"
};

const unsigned int radp_accl_members_count = ARRAY_SIZE(radp_accl_members);

const enum radp_fld radp_accl_en_flds[RADP_ACCL_FEATURE_COUNT] = {
#define RADP_ACCL_FEATURE_FIELD(_id, ...)	RADP_ROCE_ACCL_##_id,
#include "radp_fields.h"
};

const u32 radp_kind_valid[RADP_KIND_COUNT] = {
	[RADP_KIND_NUM]			= RADP_KIND_VALID_NUM,
	[RADP_KIND_BOOL]		= RADP_KIND_VALID_BOOL,
	[RADP_KIND_NS]			= RADP_KIND_VALID_NUM,
	[RADP_KIND_TIME_UNIT]		= RADP_KIND_VALID_NUM,
	[RADP_KIND_DEC_MODE]		= RADP_KIND_VALID_NUM,
	[RADP_KIND_CC_BURST_SIZE]	= RADP_KIND_VALID_CC_BURST_SIZE,
	[RADP_KIND_CC_PROBE_MP_MODE]	= RADP_KIND_VALID_CC_PROBE_MP_MODE,
	[RADP_KIND_HIST_TIME_UNIT]	= RADP_KIND_VALID_NUM,
	[RADP_KIND_HIST_BIN_WIDTH_MODE]	= RADP_KIND_VALID_NUM,
};

/**
 * radp_access_reg_in - the ACCESS_REG inbox, as mlx5_core_access_reg()
 *	builds it
 * @in: RADP_ACCESS_REG_DATA_OFF + @len bytes, zeroed by the caller
 * @reg_id: the register
 * @write: a write (op_mod 0); else a query (op_mod 1)
 * @data: the register's @len bytes to send, or NULL for zeroes
 * @len: the register's size in bytes
 */
void radp_access_reg_in(void *in, u16 reg_id, bool write, const void *data,
			size_t len)
{
	radp_set(in, RADP_CMD_IN_OPCODE, RADP_CMD_OP_ACCESS_REG);
	radp_set(in, RADP_CMD_IN_OP_MOD,
		 write ? RADP_ACCESS_REG_WRITE : RADP_ACCESS_REG_READ);
	radp_set(in, RADP_ACCESS_REG_IN_REGISTER_ID, reg_id);
	if (data)
		memcpy((u8 *)in + RADP_ACCESS_REG_DATA_OFF, data, len);
}

/**
 * radp_accl_cap_member - the member of struct radp_roce_accl a caps
 *	attribute carries
 * @attr: a ROCE_ADP_A_CAPS_* attribute
 *
 * Return: the member, or NULL for an attribute no member carries.
 */
const struct radp_member *radp_accl_cap_member(int attr)
{
	unsigned int i = radp_accl_members_count - RADP_ACCL_CAPS_COUNT;

	/* The caps are the last members (radp_fields.h lists them last). */
	for (; i < radp_accl_members_count; i++)
		if (radp_fields[radp_accl_members[i].fld].attr == attr)
			return &radp_accl_members[i];
	return NULL;
}

/* The profile's fields go to @buf; reserved bits are left as they are. */
static void radp_profile_put(void *buf, const struct radp_profile *p)
{
	unsigned int i, r;

	for (i = 0; i < radp_profile_members_count; i++)
		radp_set(buf, radp_profile_members[i].fld,
			 *radp_member_ptr((void *)p, &radp_profile_members[i]));
	for (r = 0; r < RADP_RANGES; r++) {
		void *entry = (char *)buf + RADP_PROFILE_RANGE_OFF +
			      r * RADP_RANGE_LEN;

		for (i = 0; i < radp_range_members_count; i++)
			radp_set(entry, radp_range_members[i].fld,
				 *radp_member_ptr((void *)&p->range[r],
						  &radp_range_members[i]));
	}
}

void radp_profile_pack(void *buf, const struct radp_profile *p)
{
	memset(buf, 0, RADP_PROFILE_LEN);
	radp_profile_put(buf, p);
}

void radp_profile_unpack(const void *buf, struct radp_profile *p)
{
	unsigned int i, r;

	for (i = 0; i < radp_profile_members_count; i++)
		*radp_member_ptr(p, &radp_profile_members[i]) =
			radp_get(buf, radp_profile_members[i].fld);
	for (r = 0; r < RADP_RANGES; r++) {
		const void *entry = (const char *)buf + RADP_PROFILE_RANGE_OFF +
				    r * RADP_RANGE_LEN;

		for (i = 0; i < radp_range_members_count; i++)
			*radp_member_ptr(&p->range[r], &radp_range_members[i]) =
				radp_get(entry, radp_range_members[i].fld);
	}
}

void radp_roce_accl_pack(void *reg, const struct radp_roce_accl *r)
{
	unsigned int i;

	memset(reg, 0, RADP_ROCE_ACCL_LEN);
	/* A shared select is set when any of its features is. */
	for (i = 0; i < RADP_ACCL_FEATURE_COUNT; i++) {
		if (r->field_select & (1u << i))
			radp_set(reg, radp_accl_select_fld(i), 1);
		radp_set(reg, radp_accl_en_flds[i], r->features[i]);
	}
	for (i = 0; i < radp_accl_members_count; i++)
		radp_set(reg, radp_accl_members[i].fld,
			 *radp_member_ptr((void *)r, &radp_accl_members[i]));
	radp_profile_put((char *)reg + RADP_ROCE_ACCL_PROFILE_OFF, &r->profile);
}

void radp_roce_accl_unpack(const void *reg, struct radp_roce_accl *r)
{
	unsigned int i;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < RADP_ACCL_FEATURE_COUNT; i++) {
		r->field_select |= radp_get(reg, radp_accl_select_fld(i)) << i;
		r->features[i] = radp_get(reg, radp_accl_en_flds[i]);
	}
	for (i = 0; i < radp_accl_members_count; i++)
		*radp_member_ptr(r, &radp_accl_members[i]) =
			radp_get(reg, radp_accl_members[i].fld);
	radp_profile_unpack((const char *)reg + RADP_ROCE_ACCL_PROFILE_OFF,
			    &r->profile);
}

void radp_accl_fill_shared(struct radp_roce_accl *w,
			   const struct radp_roce_accl *cur)
{
	unsigned int i, j;

	for (i = 0; i < RADP_ACCL_FEATURE_COUNT; i++) {
		if (w->field_select & (1u << i))
			continue;
		for (j = 0; j < RADP_ACCL_FEATURE_COUNT; j++) {
			if ((w->field_select & (1u << j)) &&
			    radp_accl_select_fld(j) == radp_accl_select_fld(i)) {
				w->field_select |= 1u << i;
				w->features[i] = cur->features[i];
				break;
			}
		}
	}
}

/* Where the violations found so far go; @n counts them. */
struct radp_check {
	struct radp_violation *v;
	unsigned int max;
	unsigned int n;
};

/* Record one violation; true once @c is full and checking must stop. */
static bool radp_violate(struct radp_check *c, enum radp_rule rule,
			 enum radp_fld fld, int range, const char *msg)
{
	struct radp_violation *v = &c->v[c->n++];

	v->rule = rule;
	v->fld = fld;
	v->range = range;
	v->msg = msg;
	return c->n >= c->max;
}

/* time_base << shift still fits in 32 bits. */
static bool radp_shift_fits(u32 time_base, u32 shift)
{
	return shift < 32 && ((u64)time_base << shift) <= 0xffffffffULL;
}

/* Values wider than their field: packing would write another value. */
static bool radp_check_widths(struct radp_check *c,
			      const struct radp_profile *p)
{
	unsigned int i;
	u32 r;

	for (i = 0; i < radp_profile_members_count; i++) {
		const struct radp_member *m = &radp_profile_members[i];

		if (*radp_member_ptr((void *)p, m) >
		    radp_field_mask(&radp_fields[m->fld]) &&
		    radp_violate(c, RADP_RULE_FIELD_WIDTH, m->fld, -1,
				 "value wider than its field"))
			return true;
	}
	for (r = 0; r < RADP_RANGES; r++) {
		for (i = 0; i < radp_range_members_count; i++) {
			const struct radp_member *m = &radp_range_members[i];

			if (*radp_member_ptr((void *)&p->range[r], m) >
			    radp_field_mask(&radp_fields[m->fld]) &&
			    radp_violate(c, RADP_RULE_FIELD_WIDTH, m->fld, r,
					 "value wider than its field"))
				return true;
		}
	}
	return false;
}

/* The rules of one timeout_range entry in use; true once @c is full. */
static bool radp_check_range(struct radp_check *c,
			     const struct radp_profile *p, u32 r)
{
	const struct radp_range *e = &p->range[r];

	if (e->dec_mode > 2 &&
	    radp_violate(c, RADP_RULE_DEC_MODE, RADP_RANGE_DEC_MODE, r,
			 "dec_mode 3 is reserved"))
		return true;
	if (!e->timeout_retry_num &&
	    radp_violate(c, RADP_RULE_RETRY_NUM_ZERO,
			 RADP_RANGE_TIMEOUT_RETRY_NUM, r,
			 "timeout_retry_num must be at least 1"))
		return true;
	/* Range 0 has no previous range: its prev_range_index is 0. */
	if ((r ? e->prev_range_index >= r : e->prev_range_index) &&
	    radp_violate(c, RADP_RULE_PREV_RANGE, RADP_RANGE_PREV_RANGE_INDEX,
			 r, "prev_range_index must be below the range's own index"))
		return true;
	if (r && e->range_low_bound <= p->range[r - 1].range_low_bound &&
	    radp_violate(c, RADP_RULE_RANGE_ORDER, RADP_RANGE_RANGE_LOW_BOUND,
			 r, "range_low_bound must be above the previous range's"))
		return true;
	return !radp_shift_fits(p->time_base,
				e->range_low_bound + e->range_size) &&
	       radp_violate(c, RADP_RULE_TIMEOUT_OVERFLOW, RADP_RANGE_RANGE_SIZE,
			    r, "range_size: the range ends beyond 2^32-1 time units");
}

static const char radp_msg_profile_id[] =
	"adp_retx_profile_id must be 1..adp_retx_profile_max_id (0 is the firmware's)";

/* The rules of the profile's own fields; true once @c is full. */
static bool radp_check_profile(struct radp_check *c, u32 id,
			       const struct radp_profile *p,
			       const struct radp_caps *caps)
{
	if ((id == 0 || id > caps->profile_max_id) &&
	    radp_violate(c, RADP_RULE_PROFILE_ID,
			 RADP_ROCE_ACCL_ADP_RETX_PROFILE_ID, -1,
			 radp_msg_profile_id))
		return true;
	if (p->time_unit != 1 &&
	    radp_violate(c, RADP_RULE_TIME_UNIT, RADP_PROFILE_TIME_UNIT, -1,
			 "time_unit must be 1 (usec)"))
		return true;
	if ((!p->time_base || (p->time_base & (p->time_base - 1))) &&
	    radp_violate(c, RADP_RULE_TIME_BASE_POW2, RADP_PROFILE_TIME_BASE,
			 -1, "time_base must be a power of two"))
		return true;
	if ((u64)p->time_base * 1000 < caps->base_timeout_min &&
	    radp_violate(c, RADP_RULE_TIME_BASE_MIN, RADP_PROFILE_TIME_BASE,
			 -1, "time_base is below the device's adp_retx_base_timeout_min"))
		return true;
	if (!p->range_num &&
	    radp_violate(c, RADP_RULE_RANGE_NUM_ZERO, RADP_PROFILE_RANGE_NUM,
			 -1, "range_num must be at least 1"))
		return true;
	if ((p->range_num > caps->profile_max_range_num ||
	     p->range_num > RADP_RANGES) &&
	    radp_violate(c, RADP_RULE_RANGE_NUM_MAX, RADP_PROFILE_RANGE_NUM, -1,
			 "range_num is above adp_retx_profile_max_range_num"))
		return true;
	/* With no range at all, no start index can be right: said above. */
	if (p->range_num && p->start_range_index >= p->range_num &&
	    radp_violate(c, RADP_RULE_START_RANGE,
			 RADP_PROFILE_START_RANGE_INDEX, -1,
			 "start_range_index must be below range_num"))
		return true;
	if (!p->timeout_init_range_size &&
	    radp_violate(c, RADP_RULE_INIT_RANGE_EMPTY,
			 RADP_PROFILE_TIMEOUT_INIT_RANGE_SIZE, -1,
			 "timeout_init_range_size must be at least 1"))
		return true;
	/* The largest timeout drawn: the register's upper bound is exclusive. */
	if (p->timeout_init_range_size &&
	    !radp_shift_fits(p->time_base, p->timeout_init_low_bound +
			     p->timeout_init_range_size - 1) &&
	    radp_violate(c, RADP_RULE_TIMEOUT_OVERFLOW,
			 RADP_PROFILE_TIMEOUT_INIT_RANGE_SIZE, -1,
			 "timeout_init_range_size: the window ends beyond 2^32-1 time units"))
		return true;
	return !p->qp_total_timeout &&
	       !radp_shift_fits(p->time_base, p->retx_total_timeout) &&
	       radp_violate(c, RADP_RULE_TIMEOUT_OVERFLOW,
			    RADP_PROFILE_RETX_TOTAL_TIMEOUT, -1,
			    "retx_total_timeout is beyond 2^32-1 time units");
}

/**
 * radp_profile_violations - the rules a profile about to be written breaks
 * @id: the profile's adp_retx_profile_id
 * @p: the profile
 * @caps: the device's limits
 * @v: filled with the violations, in the order the rules are checked
 * @max: room in @v, at least 1
 *
 * Only the first range_num entries of timeout_range[] are checked (at most
 * RADP_RANGES): the others are not used. Checking stops once @v is full,
 * so with @max 1 the one violation is the first rule broken.
 *
 * Return: the number of violations stored, 0 if the profile may be written.
 */
unsigned int radp_profile_violations(u32 id, const struct radp_profile *p,
				     const struct radp_caps *caps,
				     struct radp_violation *v,
				     unsigned int max)
{
	struct radp_check c = { .v = v, .max = max };
	u32 r, n = p->range_num < RADP_RANGES ? p->range_num : RADP_RANGES;

	if (!max || radp_check_widths(&c, p) ||
	    radp_check_profile(&c, id, p, caps))
		return c.n;
	for (r = 0; r < n; r++)
		if (radp_check_range(&c, p, r))
			break;
	return c.n;
}

/**
 * radp_profile_check - the driver's rules for a profile about to be written
 * @id: the profile's adp_retx_profile_id
 * @p: the profile
 * @caps: the device's limits
 * @v: filled with the first rule broken
 *
 * Return: true if the profile may be written.
 */
bool radp_profile_check(u32 id, const struct radp_profile *p,
			const struct radp_caps *caps, struct radp_violation *v)
{
	return !radp_profile_violations(id, p, caps, v, 1);
}
