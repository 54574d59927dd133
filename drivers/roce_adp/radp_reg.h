/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * ROCE_ACCL register codec and the adaptive-retransmission profile rules.
 * Built into the kernel module, adpctl and the unit tests alike, so that
 * they can never disagree on a bit or a rule.
 */
#ifndef _RADP_REG_H
#define _RADP_REG_H

#include "radp_ifc.h"

#ifdef __KERNEL__
#include <linux/stddef.h>
#include <uapi/linux/roce_adp.h>
#else
#include <stdbool.h>
#include <stddef.h>
#include <linux/roce_adp.h>
#endif

/*
 * The member of struct radp_roce_accl holding each row of
 * RADP_ACCL_PROFILE_FIELD and RADP_ACCL_CAPS_FIELD, by the row's ID:
 * shorter than the PRM's names, which they predate.
 */
#define RADP_ACCL_MEMBER_ADP_RETX_PROFILE_SELECT	profile_select
#define RADP_ACCL_MEMBER_ADP_RETX_PROFILE_ID		profile_id
#define RADP_ACCL_MEMBER_ADP_RETX_BASE_TIMEOUT_MIN	base_timeout_min
#define RADP_ACCL_MEMBER_ADP_RETX_PROFILE_MAX_ID	profile_max_id
#define RADP_ACCL_MEMBER_ADP_RETX_PROFILE_MAX_RANGE_NUM	profile_max_range_num

/*
 * The decoded structs, a member per row of their lists (radp_fields.h),
 * are generated: struct radp_range, radp_profile, radp_roce_accl here,
 * radp_hist_config (radp_hist.h) and radp_mpt (radp_mpt.h). Each struct's
 * table of members (radp_reg.c, radp_hist.c, radp_mpt.c) maps each row to
 * its member with offsetof(), as kvm's vmcs12_field_offsets[] does, and a
 * size check beside the table fails the build on a member without its row.
 */
#include "radp_layouts-gen.h"

/* A u32 member of a decoded struct and the field it holds. */
struct radp_member {
	enum radp_fld fld;
	unsigned short offset;
};

extern const struct radp_member radp_profile_members[];
extern const unsigned int radp_profile_members_count;
extern const struct radp_member radp_range_members[];
extern const unsigned int radp_range_members_count;
/* The members of struct radp_roce_accl that hold one field each. */
extern const struct radp_member radp_accl_members[];
extern const unsigned int radp_accl_members_count;
/* Feature i; the encodings each kind of value takes (bit v: v). */
extern const enum radp_fld radp_accl_en_flds[RADP_ACCL_FEATURE_COUNT];
extern const u32 radp_kind_valid[RADP_KIND_COUNT];

/* The *_field_select of feature @i. */
static inline enum radp_fld radp_accl_select_fld(unsigned int i)
{
	return (enum radp_fld)radp_fields[radp_accl_en_flds[i]].sel;
}

/*
 * The encodings of a feature's kind (the kind column of radp_fields.h),
 * radp_kind_valid[] by kind; the others are reserved. BIT(v) is value v;
 * a NUM takes any value its field holds.
 */
#define RADP_KIND_VALID_BOOL		0x3u
#define RADP_KIND_VALID_NUM		0xffffffffu
#define RADP_KIND_VALID_CC_BURST_SIZE					\
	((1u << ROCE_ADP_CC_BURST_SIZE_4KB) |				\
	 (1u << ROCE_ADP_CC_BURST_SIZE_8KB) |				\
	 (1u << ROCE_ADP_CC_BURST_SIZE_16KB) |				\
	 (1u << ROCE_ADP_CC_BURST_SIZE_1_5KB))
#define RADP_KIND_VALID_CC_PROBE_MP_MODE				\
	((1u << ROCE_ADP_CC_PROBE_MP_MODE_ACCEPT) |			\
	 (1u << ROCE_ADP_CC_PROBE_MP_MODE_DISCARD))

/* Is @v an encoding feature @i takes (within its width, not reserved)? */
static inline bool radp_accl_value_ok(unsigned int i, u32 v)
{
	const struct radp_field *f = &radp_fields[radp_accl_en_flds[i]];

	return v <= radp_field_mask(f) &&
	       (v >= 32 || (radp_kind_valid[f->kind] >> v) & 1);
}

static inline u32 *radp_member_ptr(void *obj, const struct radp_member *m)
{
	return (u32 *)((char *)obj + m->offset);
}

void radp_profile_pack(void *buf, const struct radp_profile *p);
void radp_profile_unpack(const void *buf, struct radp_profile *p);
void radp_roce_accl_pack(void *reg, const struct radp_roce_accl *r);
/*
 * A write of a feature writes every feature sharing its select: give
 * those of @w's features that @w does not set @cur's value, and select
 * them.
 */
void radp_accl_fill_shared(struct radp_roce_accl *w,
			   const struct radp_roce_accl *cur);
void radp_roce_accl_unpack(const void *reg, struct radp_roce_accl *r);

/* What the device allows, from the ROCE_ACCL query. */
struct radp_caps {
	u32 profile_max_id;
	u32 profile_max_range_num;
	u32 base_timeout_min;		/* ns */
};

enum radp_rule {
	RADP_RULE_OK,
	RADP_RULE_PROFILE_ID,		/* 0 is the firmware's, max_id limits */
	RADP_RULE_TIME_UNIT,		/* only microseconds are defined */
	RADP_RULE_TIME_BASE_POW2,
	RADP_RULE_TIME_BASE_MIN,	/* below adp_retx_base_timeout_min */
	RADP_RULE_RANGE_NUM_ZERO,
	RADP_RULE_RANGE_NUM_MAX,	/* above adp_retx_profile_max_range_num */
	RADP_RULE_START_RANGE,		/* start_range_index >= range_num */
	RADP_RULE_RANGE_ORDER,		/* low bounds not strictly increasing */
	RADP_RULE_PREV_RANGE,		/* prev_range_index not below its index */
	RADP_RULE_DEC_MODE,		/* reserved dec_mode */
	RADP_RULE_RETRY_NUM_ZERO,	/* a range whose timeout is never used */
	RADP_RULE_INIT_RANGE_EMPTY,	/* no initial timeout to draw from */
	RADP_RULE_TIMEOUT_OVERFLOW,	/* a timeout beyond 2^32 - 1 time units */
	RADP_RULE_FIELD_WIDTH,		/* a value wider than its field */
	RADP_RULE_COUNT
};

/**
 * struct radp_violation - why a profile is invalid
 * @rule: the rule broken
 * @fld: the field to blame
 * @range: the timeout_range entry holding @fld, or -1
 * @msg: what is wrong, naming the field (for RADP_RULE_FIELD_WIDTH the
 *	field is only in @fld: radp_fields[@fld].name)
 */
struct radp_violation {
	enum radp_rule rule;
	enum radp_fld fld;
	int range;
	const char *msg;
};

/* More than the rules a profile can break at once. */
#define RADP_VIOLATIONS_MAX	64

bool radp_profile_check(u32 id, const struct radp_profile *p,
			const struct radp_caps *caps, struct radp_violation *v);
unsigned int radp_profile_violations(u32 id, const struct radp_profile *p,
				     const struct radp_caps *caps,
				     struct radp_violation *v,
				     unsigned int max);

#endif /* _RADP_REG_H */
