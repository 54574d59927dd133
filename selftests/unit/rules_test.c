// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * Unit tests of radp_profile_check(), TAP output.
 *
 * A valid baseline profile, then one row per mutation: the members it
 * changes and what the check must answer (accepted, or the rule broken,
 * the field blamed and the timeout_range entry holding it). Each rejected
 * mutation breaks one rule only, where the rules allow it.
 */
#include <stddef.h>

#include "radp_hist.h"
#include "radp_reg.h"
#include "tap.h"
#include "sample_profile.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* The 2025 firmware: profile 1 only, 4 ranges, 4 us minimum. */
static const struct radp_caps caps_fw = {
	.profile_max_id = 1,
	.profile_max_range_num = 4,
	.base_timeout_min = 4000,
};

static const struct radp_caps caps_id7 = {
	.profile_max_id = 7, .profile_max_range_num = 4, .base_timeout_min = 4000,
};
static const struct radp_caps caps_ranges2 = {
	.profile_max_id = 1, .profile_max_range_num = 2, .base_timeout_min = 4000,
};
static const struct radp_caps caps_ranges3 = {
	.profile_max_id = 1, .profile_max_range_num = 3, .base_timeout_min = 4000,
};
static const struct radp_caps caps_ranges7 = {
	.profile_max_id = 1, .profile_max_range_num = 7, .base_timeout_min = 4000,
};
static const struct radp_caps caps_min4001 = {
	.profile_max_id = 1, .profile_max_range_num = 4, .base_timeout_min = 4001,
};


struct set {
	unsigned short off;	/* of a u32 member of struct radp_profile */
	bool used;
	u32 val;
};

#define S(_m, _v)	{ offsetof(struct radp_profile, _m), true, _v }

struct mutation {
	const char *name;
	struct set set[8];		/* applied to the sample_profile */
	u32 id;				/* with id_set; else 1 */
	bool id_set;
	const struct radp_caps *caps;	/* NULL: caps_fw */
	enum radp_rule rule;		/* RADP_RULE_OK: must be accepted */
	enum radp_fld fld;
	int range;
	const char *fld_name;		/* the PRM name of fld */
};

#define ID(_id)		.id = _id, .id_set = true
#define OK		.rule = RADP_RULE_OK
#define BAD(_rule, _fld, _range, _fname)				\
	.rule = RADP_RULE_##_rule, .fld = _fld, .range = _range,	\
	.fld_name = _fname

#define BAD_ID		BAD(PROFILE_ID, RADP_ROCE_ACCL_ADP_RETX_PROFILE_ID, -1, \
			    "adp_retx_profile_id")
#define BAD_UNIT	BAD(TIME_UNIT, RADP_PROFILE_TIME_UNIT, -1, "time_unit")
#define BAD_POW2	BAD(TIME_BASE_POW2, RADP_PROFILE_TIME_BASE, -1, \
			    "time_base")
#define BAD_MIN		BAD(TIME_BASE_MIN, RADP_PROFILE_TIME_BASE, -1, \
			    "time_base")
#define BAD_NUM_ZERO	BAD(RANGE_NUM_ZERO, RADP_PROFILE_RANGE_NUM, -1, \
			    "range_num")
#define BAD_NUM_MAX	BAD(RANGE_NUM_MAX, RADP_PROFILE_RANGE_NUM, -1, \
			    "range_num")
#define BAD_START	BAD(START_RANGE, RADP_PROFILE_START_RANGE_INDEX, -1, \
			    "start_range_index")
#define BAD_ORDER(_r)	BAD(RANGE_ORDER, RADP_RANGE_RANGE_LOW_BOUND, _r, \
			    "range_low_bound")
#define BAD_PREV(_r)	BAD(PREV_RANGE, RADP_RANGE_PREV_RANGE_INDEX, _r, \
			    "prev_range_index")
#define BAD_DEC(_r)	BAD(DEC_MODE, RADP_RANGE_DEC_MODE, _r, "dec_mode")
#define BAD_RETRY(_r)	BAD(RETRY_NUM_ZERO, RADP_RANGE_TIMEOUT_RETRY_NUM, _r, \
			    "timeout_retry_num")
#define BAD_INIT_EMPTY	BAD(INIT_RANGE_EMPTY,				\
			    RADP_PROFILE_TIMEOUT_INIT_RANGE_SIZE, -1,	\
			    "timeout_init_range_size")
#define BAD_OVF_INIT	BAD(TIMEOUT_OVERFLOW,				\
			    RADP_PROFILE_TIMEOUT_INIT_RANGE_SIZE, -1,	\
			    "timeout_init_range_size")
#define BAD_OVF_TOTAL	BAD(TIMEOUT_OVERFLOW,				\
			    RADP_PROFILE_RETX_TOTAL_TIMEOUT, -1,	\
			    "retx_total_timeout")
#define BAD_OVF_RANGE(_r) BAD(TIMEOUT_OVERFLOW, RADP_RANGE_RANGE_SIZE, _r, \
			      "range_size")

static const struct mutation mutations[] = {
	/* accepted */
	{ "sample_profile", OK },
	{ "time_base 4 (4000 ns) with adp_retx_base_timeout_min 4000 ns",
	  { S(time_base, 4) }, OK },
	{ "time_base 8", { S(time_base, 8) }, OK },
	{ "time_base 8 with adp_retx_base_timeout_min 4001 ns",
	  { S(time_base, 8) }, .caps = &caps_min4001, OK },
	{ "time_base 0x8000 with every shift at most 16",
	  { S(time_base, 0x8000), S(retx_total_timeout, 16),
	    S(range[3].range_size, 7) }, OK },
	{ "start_range_index 3 = range_num - 1", { S(start_range_index, 3) }, OK },
	{ "start_range_index 0", { S(start_range_index, 0) }, OK },
	{ "range_num 3 with adp_retx_profile_max_range_num 3",
	  { S(range_num, 3) }, .caps = &caps_ranges3, OK },
	{ "range_num 1: ranges 1..3 unused, garbage ignored",
	  { S(range_num, 1), S(start_range_index, 0),
	    S(range[1].dec_mode, 3), S(range[1].timeout_retry_num, 0),
	    S(range[2].prev_range_index, 7), S(range[2].range_low_bound, 0),
	    S(range[3].range_low_bound, 0), S(range[3].range_size, 0xff) },
	  OK },
	{ "range_num 2: ranges 2..3 unused, garbage ignored",
	  { S(range_num, 2), S(range[2].dec_mode, 3),
	    S(range[2].timeout_retry_num, 0),
	    S(range[2].prev_range_index, 2), S(range[3].prev_range_index, 7),
	    S(range[3].range_low_bound, 0), S(range[3].range_size, 0xff) },
	  OK },
	{ "qp_total_timeout 1: retx_total_timeout 0xff is not used",
	  { S(qp_total_timeout, 1), S(retx_total_timeout, 0xff) }, OK },
	{ "retx_total_timeout 29: 4 << 29 = 2^31 time units",
	  { S(retx_total_timeout, 29) }, OK },
	{ "timeout_init window ends at 4 << (20 + 9) = 2^31",
	  { S(timeout_init_low_bound, 20), S(timeout_init_range_size, 9) },
	  OK },
	{ "timeout_init window's largest draw 4 << (20 + 10 - 1) = 2^31",
	  { S(timeout_init_low_bound, 20), S(timeout_init_range_size, 10) },
	  OK },
	{ "timeout_range[3] ends at 4 << (9 + 20) = 2^31",
	  { S(range[3].range_size, 20) }, OK },
	{ "timeout_range[3].dec_mode 2 (TO_LOW_BOUND)",
	  { S(range[3].dec_mode, 2) }, OK },
	{ "timeout_range[3].dec_mode 1 (TO_DIV_2)",
	  { S(range[3].dec_mode, 1) }, OK },
	{ "timeout_range[3].prev_range_index 0", { S(range[3].prev_range_index, 0) }, OK },
	{ "timeout_range[1].prev_range_index 0, [2] 1, [3] 2 (each r - 1)",
	  { S(range[1].prev_range_index, 0), S(range[2].prev_range_index, 1),
	    S(range[3].prev_range_index, 2) }, OK },
	{ "timeout_range[0].timeout_retry_num 0x3ff",
	  { S(range[0].timeout_retry_num, 0x3ff) }, OK },
	{ "timeout_range[0].range_low_bound 1 (ranges need not touch)",
	  { S(range[0].range_low_bound, 1), S(range[0].range_size, 0) }, OK },
	{ "adp_retx_profile_id 7 with adp_retx_profile_max_id 7",
	  ID(7), .caps = &caps_id7, OK },
	{ "adp_retx_profile_id 2 with adp_retx_profile_max_id 7",
	  ID(2), .caps = &caps_id7, OK },

	/* RADP_RULE_PROFILE_ID */
	{ "adp_retx_profile_id 0 (the firmware's)", ID(0), BAD_ID },
	{ "adp_retx_profile_id 2 above adp_retx_profile_max_id 1", ID(2), BAD_ID },
	{ "adp_retx_profile_id 7 above adp_retx_profile_max_id 1", ID(7), BAD_ID },
	{ "adp_retx_profile_id 8 above adp_retx_profile_max_id 7",
	  ID(8), .caps = &caps_id7, BAD_ID },
	{ "adp_retx_profile_id 0 with adp_retx_profile_max_id 7",
	  ID(0), .caps = &caps_id7, BAD_ID },

	/* RADP_RULE_TIME_UNIT */
	{ "time_unit 0", { S(time_unit, 0) }, BAD_UNIT },
	{ "time_unit 2", { S(time_unit, 2) }, BAD_UNIT },
	{ "time_unit 3", { S(time_unit, 3) }, BAD_UNIT },

	/* RADP_RULE_TIME_BASE_POW2 */
	{ "time_base 0", { S(time_base, 0) }, BAD_POW2 },
	{ "time_base 3", { S(time_base, 3) }, BAD_POW2 },
	{ "time_base 6", { S(time_base, 6) }, BAD_POW2 },
	{ "time_base 12", { S(time_base, 12) }, BAD_POW2 },
	{ "time_base 0xc000", { S(time_base, 0xc000) }, BAD_POW2 },
	{ "time_base 0xffff", { S(time_base, 0xffff) }, BAD_POW2 },

	/* RADP_RULE_TIME_BASE_MIN */
	{ "time_base 2 (2000 ns) below 4000 ns", { S(time_base, 2) }, BAD_MIN },
	{ "time_base 1 (1000 ns) below 4000 ns", { S(time_base, 1) }, BAD_MIN },
	{ "time_base 4 (4000 ns) below 4001 ns", { S(time_base, 4) },
	  .caps = &caps_min4001, BAD_MIN },

	/* RADP_RULE_RANGE_NUM_ZERO */
	{ "range_num 0", { S(range_num, 0), S(start_range_index, 0) },
	  BAD_NUM_ZERO },

	/* RADP_RULE_RANGE_NUM_MAX */
	{ "range_num 5 above adp_retx_profile_max_range_num 4",
	  { S(range_num, 5) }, BAD_NUM_MAX },
	{ "range_num 7 above adp_retx_profile_max_range_num 4",
	  { S(range_num, 7) }, BAD_NUM_MAX },
	{ "range_num 3 above adp_retx_profile_max_range_num 2",
	  { S(range_num, 3) }, .caps = &caps_ranges2, BAD_NUM_MAX },
	{ "range_num 5 with max_range_num 7: timeout_range[] has 4 entries",
	  { S(range_num, 5) }, .caps = &caps_ranges7, BAD_NUM_MAX },

	/* RADP_RULE_START_RANGE */
	{ "start_range_index 4 = range_num", { S(start_range_index, 4) },
	  BAD_START },
	{ "start_range_index 7", { S(start_range_index, 7) }, BAD_START },
	{ "start_range_index 2 with range_num 2",
	  { S(range_num, 2), S(start_range_index, 2) }, BAD_START },
	{ "start_range_index 1 with range_num 1",
	  { S(range_num, 1) }, BAD_START },

	/* RADP_RULE_RANGE_ORDER */
	{ "timeout_range[1].range_low_bound 0 equal to range 0's",
	  { S(range[1].range_low_bound, 0) }, BAD_ORDER(1) },
	{ "timeout_range[2].range_low_bound 2 equal to range 1's",
	  { S(range[2].range_low_bound, 2) }, BAD_ORDER(2) },
	{ "timeout_range[3].range_low_bound 4 below range 2's 5",
	  { S(range[3].range_low_bound, 4) }, BAD_ORDER(3) },
	{ "timeout_range[1].range_low_bound 0 below range 0's 1",
	  { S(range[0].range_low_bound, 1), S(range[0].range_size, 0),
	    S(range[1].range_low_bound, 0) }, BAD_ORDER(1) },

	/* RADP_RULE_PREV_RANGE */
	{ "timeout_range[0].prev_range_index 1 (range 0 has no previous)",
	  { S(range[0].prev_range_index, 1) }, BAD_PREV(0) },
	{ "timeout_range[0].prev_range_index 7",
	  { S(range[0].prev_range_index, 7) }, BAD_PREV(0) },
	{ "timeout_range[1].prev_range_index 1 (itself)",
	  { S(range[1].prev_range_index, 1) }, BAD_PREV(1) },
	{ "timeout_range[2].prev_range_index 3 (a later range)",
	  { S(range[2].prev_range_index, 3) }, BAD_PREV(2) },
	{ "timeout_range[3].prev_range_index 3 (itself)",
	  { S(range[3].prev_range_index, 3) }, BAD_PREV(3) },
	{ "timeout_range[3].prev_range_index 7",
	  { S(range[3].prev_range_index, 7) }, BAD_PREV(3) },
	{ "timeout_range[0].prev_range_index 1 with range_num 1",
	  { S(range_num, 1), S(start_range_index, 0),
	    S(range[0].prev_range_index, 1) }, BAD_PREV(0) },

	/* RADP_RULE_DEC_MODE */
	{ "timeout_range[0].dec_mode 3 (reserved)",
	  { S(range[0].dec_mode, 3) }, BAD_DEC(0) },
	{ "timeout_range[3].dec_mode 3 (reserved)",
	  { S(range[3].dec_mode, 3) }, BAD_DEC(3) },

	/* RADP_RULE_RETRY_NUM_ZERO */
	{ "timeout_range[0].timeout_retry_num 0",
	  { S(range[0].timeout_retry_num, 0) }, BAD_RETRY(0) },
	{ "timeout_range[2].timeout_retry_num 0",
	  { S(range[2].timeout_retry_num, 0) }, BAD_RETRY(2) },

	/* RADP_RULE_INIT_RANGE_EMPTY */
	{ "timeout_init_range_size 0", { S(timeout_init_range_size, 0) },
	  BAD_INIT_EMPTY },

	/* RADP_RULE_TIMEOUT_OVERFLOW */
	{ "timeout_init window's largest draw 4 << (20 + 11 - 1) = 2^32",
	  { S(timeout_init_low_bound, 20), S(timeout_init_range_size, 11) },
	  BAD_OVF_INIT },
	{ "timeout_init_range_size 0xff", { S(timeout_init_range_size, 0xff) },
	  BAD_OVF_INIT },
	{ "retx_total_timeout 30: 4 << 30 = 2^32", { S(retx_total_timeout, 30) },
	  BAD_OVF_TOTAL },
	{ "retx_total_timeout 0xff", { S(retx_total_timeout, 0xff) },
	  BAD_OVF_TOTAL },
	{ "time_base 0x8000 with retx_total_timeout 17 = 2^32",
	  { S(time_base, 0x8000), S(retx_total_timeout, 17),
	    S(range[3].range_size, 7) }, BAD_OVF_TOTAL },
	{ "timeout_range[3] ends at 4 << (9 + 21) = 2^32",
	  { S(range[3].range_size, 21) }, BAD_OVF_RANGE(3) },
	{ "timeout_range[0].range_size 0xff",
	  { S(range[0].range_size, 0xff) }, BAD_OVF_RANGE(0) },

	/* RADP_RULE_FIELD_WIDTH */
	{ "qp_total_timeout 2 (1-bit field)", { S(qp_total_timeout, 2) },
	  BAD(FIELD_WIDTH, RADP_PROFILE_QP_TOTAL_TIMEOUT, -1,
	      "qp_total_timeout") },
	{ "timeout_range[3].timeout_retry_num 0x401 (10-bit field, unused range)",
	  { S(range[3].timeout_retry_num, 0x401) },
	  BAD(FIELD_WIDTH, RADP_RANGE_TIMEOUT_RETRY_NUM, 3,
	      "timeout_retry_num") },
};

/* A rule's name, as the enum spells it. */
#define RULE(_r)	[RADP_RULE_##_r] = #_r

static const char *const rule_names[] = {
	RULE(OK), RULE(PROFILE_ID), RULE(TIME_UNIT), RULE(TIME_BASE_POW2),
	RULE(TIME_BASE_MIN), RULE(RANGE_NUM_ZERO), RULE(RANGE_NUM_MAX),
	RULE(START_RANGE), RULE(RANGE_ORDER), RULE(PREV_RANGE),
	RULE(DEC_MODE), RULE(RETRY_NUM_ZERO), RULE(INIT_RANGE_EMPTY),
	RULE(TIMEOUT_OVERFLOW), RULE(FIELD_WIDTH),
};
#undef RULE

_Static_assert(ARRAY_SIZE(rule_names) == RADP_RULE_COUNT,
	       "a rule was added: name it and give it mutations");

static const char *rule_name(int rule)
{
	if (rule < 0 || rule >= (int)ARRAY_SIZE(rule_names))
		return "(out of range)";
	return rule_names[rule];
}

static const char *fld_name(int fld)
{
	if (fld < 0 || fld >= RADP_FLD_COUNT)
		return "(out of range)";
	return radp_fields[fld].name;
}

static void apply(struct radp_profile *p, const struct mutation *m)
{
	unsigned int i;

	*p = sample_profile;
	for (i = 0; i < ARRAY_SIZE(m->set) && m->set[i].used; i++)
		*(u32 *)((char *)p + m->set[i].off) = m->set[i].val;
}

/* v is filled with junk first: the check must set every member it reports. */
static bool run_check(const struct mutation *m, struct radp_violation *v)
{
	struct radp_profile p;

	apply(&p, m);
	memset(v, 0xa5, sizeof(*v));
	return radp_profile_check(m->id_set ? m->id : 1, &p,
				  m->caps ? m->caps : &caps_fw, v);
}

static void test_mutations(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(mutations); i++) {
		const struct mutation *m = &mutations[i];
		struct radp_violation v;
		bool accepted = run_check(m, &v);
		bool pass;

		if (m->rule == RADP_RULE_OK) {
			if (!accepted)
				tap_diag("rejected: rule %s, field %s, range %d: %s",
					 rule_name(v.rule), fld_name(v.fld),
					 v.range, v.msg ? v.msg : "(no message)");
			tap_result(accepted, "accepted: %s", m->name);
			continue;
		}
		pass = !accepted && v.rule == m->rule && v.fld == m->fld &&
		       v.range == m->range && v.msg && *v.msg;
		if (accepted) {
			tap_diag("accepted; expected rule %s", rule_name(m->rule));
		} else if (!pass) {
			tap_diag("expected: rule %s, field %s, range %d",
				 rule_name(m->rule), fld_name(m->fld), m->range);
			tap_diag("got:      rule %s, field %s, range %d, message \"%s\"",
				 rule_name(v.rule), fld_name(v.fld), v.range,
				 v.msg ? v.msg : "(null)");
		}
		tap_result(pass, "rejected %s (%s, range %d): %s",
			   rule_name(m->rule), m->fld_name, m->range, m->name);
	}
}

/* Every rule is exercised, and its expected field has the expected name. */
static void test_coverage(void)
{
	unsigned int covered[RADP_RULE_COUNT] = { 0 };
	bool pass = true, names = true;
	unsigned int i;
	int r;

	for (i = 0; i < ARRAY_SIZE(mutations); i++) {
		const struct mutation *m = &mutations[i];

		covered[m->rule]++;
		if (m->rule != RADP_RULE_OK &&
		    strcmp(m->fld_name, fld_name(m->fld))) {
			tap_diag("row \"%s\": field %s is named %s in radp_fields[]",
				 m->name, m->fld_name, fld_name(m->fld));
			names = false;
		}
	}
	for (r = RADP_RULE_OK; r < RADP_RULE_COUNT; r++) {
		if (!covered[r]) {
			tap_diag("rule %s has no mutation", rule_name(r));
			pass = false;
		}
	}
	tap_result(pass, "every rule of enum radp_rule has a mutation breaking it");
	tap_result(names, "blamed fields carry their PRM names in radp_fields[]");
}

/* The message of each violation names the field it blames (radp_reg.h). */
static void test_messages(void)
{
	bool pass = true;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(mutations); i++) {
		const struct mutation *m = &mutations[i];
		struct radp_violation v;

		/* a width violation names its field only in v.fld */
		if (m->rule == RADP_RULE_OK || m->rule == RADP_RULE_FIELD_WIDTH ||
		    run_check(m, &v))
			continue;
		if (!v.msg || !strstr(v.msg, fld_name(v.fld))) {
			tap_diag("%s: \"%s\" does not name %s", rule_name(v.rule),
				 v.msg ? v.msg : "(null)", fld_name(v.fld));
			pass = false;
		}
	}
	tap_result(pass, "every violation message names the field it blames");
}

/*
 * A profile the check accepts must reach the device unchanged: either the
 * check refuses a member wider than its field, or pack and unpack give the
 * member back.
 */
static const struct mutation wide[] = {
	{ "qp_total_timeout 2 (field is 1 bit) with retx_total_timeout 0xff",
	  { S(qp_total_timeout, 2), S(retx_total_timeout, 0xff) }, OK },
	{ "time_base 0x10000 (field is 16 bits, a power of two)",
	  { S(time_base, 0x10000), S(retx_total_timeout, 8),
	    S(range[3].range_size, 4) }, OK },
	{ "timeout_range[0].timeout_retry_num 0x400 (field is 10 bits)",
	  { S(range[0].timeout_retry_num, 0x400) }, OK },
	{ "timeout_range[1].timeout_retry_num 0x401 (field is 10 bits)",
	  { S(range[1].timeout_retry_num, 0x401) }, OK },
};

static const char *const prof_names[] = {
	"qp_total_timeout", "range_num", "start_range_index", "time_unit",
	"time_base", "retx_total_timeout", "timeout_init_low_bound",
	"timeout_init_range_size",
};
static const char *const range_names[] = {
	"prev_range_index", "dec_mode", "timeout_retry_num", "range_low_bound",
	"range_size",
};

_Static_assert(sizeof(struct radp_profile) == sizeof(u32) *
	       (ARRAY_SIZE(prof_names) + 4 * ARRAY_SIZE(range_names)),
	       "struct radp_profile changed");

/* The members pack and unpack changed, in struct radp_profile order. */
static void diag_changes(const struct radp_profile *in,
			 const struct radp_profile *out)
{
	const u32 *a = (const u32 *)in, *b = (const u32 *)out;
	unsigned int i, n = ARRAY_SIZE(prof_names);

	for (i = 0; i < sizeof(*in) / sizeof(u32); i++) {
		if (a[i] == b[i])
			continue;
		if (i < n)
			tap_diag("accepted, but %s 0x%x reaches the device as 0x%x",
				 prof_names[i], a[i], b[i]);
		else
			tap_diag("accepted, but timeout_range[%u].%s 0x%x reaches the device as 0x%x",
				 (i - n) / 5, range_names[(i - n) % 5], a[i], b[i]);
	}
}

static void test_wide_members(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(wide); i++) {
		union {
			u8 b[0x30];
			u32 dw[0x30 / 4];
		} buf;
		struct radp_profile p, back;
		struct radp_violation v;
		bool pass;
		char name[160];

		apply(&p, &wide[i]);
		memset(&v, 0, sizeof(v));
		pass = !radp_profile_check(1, &p, &caps_fw, &v);
		if (!pass) {
			radp_profile_pack(buf.b, &p);
			radp_profile_unpack(buf.b, &back);
			pass = !memcmp(&p, &back, sizeof(p));
			if (!pass)
				diag_changes(&p, &back);
		}
		snprintf(name, sizeof(name),
			 "rejected or written unchanged: %s", wide[i].name);
		tap_result(pass, "%s", name);
	}
}

/* Unpacked from the wire, a check ignores nothing it should see. */
static void test_baseline_from_bytes(void)
{
	static const u8 bytes[0x30] = {
		0x41, 0x40, 0x00, 0x04, 0x16, 0x00, 0x02, 0x02,
		0x08, 0x03, 0x00, 0x02, 0x04, 0x02, 0x02, 0x03,
		0x10, 0x02, 0x05, 0x04, 0x21, 0x2c, 0x09, 0x08,
	};
	union {
		u8 b[0x30];
		u32 dw[0x30 / 4];
	} buf;
	struct radp_profile p;
	struct radp_violation v;

	memcpy(buf.b, bytes, sizeof(bytes));
	radp_profile_unpack(buf.b, &p);
	tap_result(!memcmp(&p, &sample_profile, sizeof(p)) &&
		   radp_profile_check(1, &p, &caps_fw, &v),
		   "the sample_profile unpacked from its 48 bytes is accepted");
}

/*
 * radp_profile_violations() with room for all: the first is the one
 * radp_profile_check() reports, for every mutation.
 */
static void test_all_first_is_check(void)
{
	struct radp_violation all[RADP_VIOLATIONS_MAX], one;
	bool pass = true;
	unsigned int i, n;

	for (i = 0; i < ARRAY_SIZE(mutations); i++) {
		const struct mutation *m = &mutations[i];
		const struct radp_caps *caps = m->caps ? m->caps : &caps_fw;
		struct radp_profile p;
		bool ok;

		apply(&p, m);
		ok = radp_profile_check(m->id_set ? m->id : 1, &p, caps, &one);
		n = radp_profile_violations(m->id_set ? m->id : 1, &p, caps,
					    all, ARRAY_SIZE(all));
		if (ok ? n != 0 :
		    !n || all[0].rule != one.rule || all[0].fld != one.fld ||
		    all[0].range != one.range || all[0].msg != one.msg) {
			tap_diag("%s: check %s, %u violations, first rule %s",
				 m->name, ok ? "accepts" : "rejects", n,
				 n ? rule_name(all[0].rule) : "-");
			pass = false;
		}
	}
	tap_result(pass, "every violation listed: the first is the one radp_profile_check() reports");
}

/* Several rules broken at once are all listed, in the order checked. */
static void test_all_listed(void)
{
	static const struct mutation many = {
		"time_unit 2, time_base 3, timeout_range[1] dec_mode 3 and prev 1, [3] retry 0",
		{ S(time_unit, 2), S(time_base, 3), S(range[1].dec_mode, 3),
		  S(range[1].prev_range_index, 1),
		  S(range[3].timeout_retry_num, 0),
		  S(range[2].range_low_bound, 0) }, OK,
	};
	static const struct {
		enum radp_rule rule;
		int range;
	} want[] = {
		{ RADP_RULE_TIME_UNIT, -1 },
		{ RADP_RULE_TIME_BASE_POW2, -1 },
		{ RADP_RULE_TIME_BASE_MIN, -1 },
		{ RADP_RULE_DEC_MODE, 1 },
		{ RADP_RULE_PREV_RANGE, 1 },
		{ RADP_RULE_RANGE_ORDER, 2 },
		{ RADP_RULE_RETRY_NUM_ZERO, 3 },
	};
	struct radp_violation v[RADP_VIOLATIONS_MAX];
	struct radp_profile p;
	unsigned int i, n;
	bool pass;

	apply(&p, &many);
	n = radp_profile_violations(1, &p, &caps_fw, v, ARRAY_SIZE(v));
	pass = n == ARRAY_SIZE(want);
	for (i = 0; pass && i < n; i++)
		pass = v[i].rule == want[i].rule && v[i].range == want[i].range;
	for (i = 0; !pass && i < n; i++)
		tap_diag("got %u: %s, range %d", i, rule_name(v[i].rule),
			 v[i].range);
	tap_result(pass, "all violations listed in order: %s", many.name);

	/* Room for 3: the first 3, nothing written past them. */
	memset(v, 0xa5, sizeof(v));
	n = radp_profile_violations(1, &p, &caps_fw, v, 3);
	tap_result(n == 3 && v[2].rule == RADP_RULE_TIME_BASE_MIN &&
		   v[3].range == (int)0xa5a5a5a5,
		   "max 3: the first 3 violations, no more written");
	tap_result(radp_profile_violations(1, &p, &caps_fw, v, 0) == 0,
		   "max 0: nothing checked");
}

/*
 * range_num 0 does not also blame start_range_index, and range_num above
 * the 4 entries does not read past timeout_range[].
 */
static void test_all_range_num(void)
{
	static const struct mutation zero = {
		"range_num 0", { S(range_num, 0), S(start_range_index, 2) }, OK };
	static const struct mutation seven = {
		"range_num 7", { S(range_num, 7), S(start_range_index, 6) }, OK };
	struct radp_violation v[RADP_VIOLATIONS_MAX];
	struct radp_profile p;
	unsigned int n;

	apply(&p, &zero);
	n = radp_profile_violations(1, &p, &caps_fw, v, ARRAY_SIZE(v));
	tap_result(n == 1 && v[0].rule == RADP_RULE_RANGE_NUM_ZERO,
		   "range_num 0: one violation, range_num");
	apply(&p, &seven);
	n = radp_profile_violations(1, &p, &caps_ranges7, v, ARRAY_SIZE(v));
	tap_result(n == 1 && v[0].rule == RADP_RULE_RANGE_NUM_MAX,
		   "range_num 7: range_num above the 4 entries, entries 0..3 checked");
}

/*
 * The histogram configuration rules (radp_hist_config_check): a valid
 * configuration passes; each rule broken alone blames its field, with a
 * message naming it; the 64-bit bound of the last finite edge sits where
 * 128-bit arithmetic here puts it, in both modes and every unit.
 */
static const struct radp_hist_config hist_ok = {
	.count_enable = 1, .time_unit = 1, .bin_width_mode = 1,
	.time_unit_cap = 0xf, .bin_num = 16, .bin_num_max = 255,
	.bin0_width = 16, .bin1_width = 16,
};

static void test_hist_rules(void)
{
	static const struct {
		const char *what;
		struct radp_hist_config c;
		enum radp_fld fld;
	} bad[] = {
		{ "bin_width_mode 2", { .bin_width_mode = 2 },
		  RADP_HIST_CONFIG_BIN_WIDTH_MODE },
		{ "time_unit outside time_unit_cap", { .time_unit_cap = 0xd },
		  RADP_HIST_CONFIG_TIME_UNIT },
		{ "bin_num 0", { .bin_num = 0 }, RADP_HIST_CONFIG_BIN_NUM },
		{ "bin_num above bin_num_max", { .bin_num_max = 15 },
		  RADP_HIST_CONFIG_BIN_NUM },
		{ "bin0_width 0", { .bin0_width = 0 },
		  RADP_HIST_CONFIG_BIN0_WIDTH },
		{ "bin1_width 0", { .bin1_width = 0 },
		  RADP_HIST_CONFIG_BIN1_WIDTH },
		{ "vhca_id without vhca_id_valid", { .vhca_id = 3 },
		  RADP_HIST_CONFIG_VHCA_ID },
	};
	struct radp_hist_config c;
	enum radp_fld fld;
	const char *msg;
	unsigned int i, unit, mode;

	msg = radp_hist_config_check(&hist_ok, &fld);
	tap_result(!msg, "histogram: a valid configuration passes%s%s",
		   msg ? ": " : "", msg ? msg : "");
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		c = hist_ok;
		/* Each case differs from hist_ok in the one field it names. */
		switch (bad[i].fld) {
		case RADP_HIST_CONFIG_BIN_WIDTH_MODE:
			c.bin_width_mode = bad[i].c.bin_width_mode;
			break;
		case RADP_HIST_CONFIG_TIME_UNIT:
			c.time_unit_cap = bad[i].c.time_unit_cap;
			break;
		case RADP_HIST_CONFIG_BIN_NUM:
			if (bad[i].c.bin_num_max)
				c.bin_num_max = bad[i].c.bin_num_max;
			else
				c.bin_num = 0;
			break;
		case RADP_HIST_CONFIG_BIN0_WIDTH:
			c.bin0_width = 0;
			break;
		case RADP_HIST_CONFIG_BIN1_WIDTH:
			c.bin1_width = 0;
			break;
		default:
			c.vhca_id = bad[i].c.vhca_id;
			break;
		}
		fld = RADP_FLD_COUNT;
		msg = radp_hist_config_check(&c, &fld);
		tap_result(msg && fld == bad[i].fld &&
			   strstr(msg, radp_fields[bad[i].fld].name),
			   "histogram: %s refused, %s blamed: %s", bad[i].what,
			   fld < RADP_FLD_COUNT ? radp_fields[fld].name : "none",
			   msg ? msg : "(accepted)");
	}
	c = hist_ok;
	c.bin_num = 1;
	c.bin1_width = 0;
	tap_result(!radp_hist_config_check(&c, &fld),
		   "histogram: bin1_width 0 with a single bin passes");

	for (mode = 0; mode < 2; mode++) {
		for (unit = 0; unit < 4; unit++) {
			static const u64 ns[] = { 1, 1000, 100000, 1000000 };
			unsigned int n, last_ok = 1;
			bool pass = true;

			c = hist_ok;
			c.bin_width_mode = mode;
			c.time_unit = unit;
			c.bin0_width = 0xffff;
			c.bin1_width = 0xffff;
			for (n = 1; n <= 255; n++) {
				unsigned __int128 w0 = 0xffff * ns[unit], w1 = w0;
				unsigned __int128 lo = 0;
				bool fits, ok;

				if (n >= 2)
					lo = mode ? (n - 2 >= 64 ? ~(unsigned __int128)0 :
						     w0 + w1 * ((((unsigned __int128)1) << (n - 2)) - 1)) :
						    w0 + w1 * (n - 2);
				fits = lo <= (unsigned __int128)~0ULL;
				c.bin_num = n;
				ok = !radp_hist_config_check(&c, &fld);
				if (ok != fits) {
					tap_diag("mode %u unit %u bins %u: %s, should be %s",
						 mode, unit, n, ok ? "taken" : "refused",
						 fits ? "taken" : "refused");
					pass = false;
				}
				if (ok)
					last_ok = n;
			}
			tap_result(pass, "histogram: %s mode, unit %u: the last edge fits in 64 bits up to %u bins, refused above",
				   mode ? "double" : "fixed", unit, last_ok);
		}
	}
}

int main(void)
{
	tap_start();
	test_mutations();
	test_coverage();
	test_messages();
	test_wide_members();
	test_baseline_from_bytes();
	test_all_first_is_check();
	test_all_listed();
	test_all_range_num();
	test_hist_rules();
	return tap_end();
}
