// SPDX-License-Identifier: GPL-2.0
/*
 * The lint engine: the rules of radp_reg.c, which the driver runs before
 * every write, with every violation listed rather than the first; and
 * warnings, adpctl's own, about valid profiles the firmware's algorithm
 * handles poorly.  See Documentation/profile-simulator.rst.  It prints
 * nothing: "adpctl profile lint" (tools/adpctl/lint.c) does.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "radp_lint.h"
#include "radp_sim.h"
#include "radp_time.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

static const char *const rule_names[RADP_RULE_COUNT] = {
	[RADP_RULE_OK]			= "ok",
	[RADP_RULE_PROFILE_ID]		= "profile_id",
	[RADP_RULE_TIME_UNIT]		= "time_unit",
	[RADP_RULE_TIME_BASE_POW2]	= "time_base_pow2",
	[RADP_RULE_TIME_BASE_MIN]	= "time_base_min",
	[RADP_RULE_RANGE_NUM_ZERO]	= "range_num_zero",
	[RADP_RULE_RANGE_NUM_MAX]	= "range_num_max",
	[RADP_RULE_START_RANGE]		= "start_range",
	[RADP_RULE_RANGE_ORDER]		= "range_order",
	[RADP_RULE_PREV_RANGE]		= "prev_range",
	[RADP_RULE_DEC_MODE]		= "dec_mode",
	[RADP_RULE_RETRY_NUM_ZERO]	= "retry_num_zero",
	[RADP_RULE_INIT_RANGE_EMPTY]	= "init_range_empty",
	[RADP_RULE_TIMEOUT_OVERFLOW]	= "timeout_overflow",
	[RADP_RULE_FIELD_WIDTH]		= "field_width",
};

_Static_assert(ARRAY_SIZE(rule_names) == RADP_RULE_COUNT, "name every rule");

const char *adp_rule_name(int rule)
{
	if (rule < 0 || rule >= RADP_RULE_COUNT || !rule_names[rule])
		return "unknown";
	return rule_names[rule];
}

/* time_base << shift, in microseconds as the profile gives it. */
static const char *us(char *buf, const struct radp_profile *p, uint32_t shift)
{
	return adp_fmt_shift(buf, 32, p->time_base, shift, p->time_unit);
}

static const char *ns(char *buf, uint64_t v)
{
	if (v == ADP_SIM_NEVER)
		return "infinite";
	return adp_fmt_time(buf, 32, v, ADP_UNIT_NS);
}

struct lint {
	struct adp_lint_msg *out;
	unsigned int max, n;
	const struct radp_profile *p;
};

static struct adp_lint_msg *add(struct lint *l, enum adp_lint_kind kind,
				const char *check, int fld, int range,
				const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

static struct adp_lint_msg *add(struct lint *l, enum adp_lint_kind kind,
				const char *check, int fld, int range,
				const char *fmt, ...)
{
	struct adp_lint_msg *m;
	va_list ap;

	if (l->n >= l->max)
		return NULL;
	m = &l->out[l->n++];
	memset(m, 0, sizeof(*m));
	m->kind = kind;
	m->check = check;
	m->rule = -1;
	m->has_fld = fld >= 0;
	m->fld = fld >= 0 ? (enum radp_fld)fld : RADP_FLD_COUNT;
	m->range = range;
	va_start(ap, fmt);
	vsnprintf(m->text, sizeof(m->text), fmt, ap);
	va_end(ap);
	return m;
}

/* The value of the field a violation blames. */
static uint32_t blamed_value(const struct radp_profile *p,
			     const struct radp_violation *v)
{
	const struct radp_member *m = radp_profile_members;
	unsigned int i, n = radp_profile_members_count;
	const void *obj = p;

	if (v->range >= 0) {
		m = radp_range_members;
		n = radp_range_members_count;
		obj = &p->range[v->range];
	}
	for (i = 0; i < n; i++)
		if (m[i].fld == v->fld)
			return *radp_member_ptr((void *)obj, &m[i]);
	return 0;
}

/* What the rule's message leaves out: the values and times involved. */
static void error_detail(char *buf, size_t len, uint32_t id,
			 const struct radp_profile *p,
			 const struct radp_caps *caps,
			 const struct radp_violation *v)
{
	const struct radp_range *e = v->range >= 0 ? &p->range[v->range] : NULL;
	char t1[32], t2[32];

	buf[0] = '\0';
	switch (v->rule) {
	case RADP_RULE_FIELD_WIDTH:
		snprintf(buf, len, " (%s %u does not fit: at most %u)",
			 radp_fields[v->fld].name, blamed_value(p, v),
			 radp_field_mask(&radp_fields[v->fld]));
		break;
	case RADP_RULE_PROFILE_ID:
		snprintf(buf, len, " (id %u, adp_retx_profile_max_id %u)", id,
			 caps->profile_max_id);
		break;
	case RADP_RULE_TIME_UNIT:
		snprintf(buf, len, " (time_unit %u)", p->time_unit);
		break;
	case RADP_RULE_TIME_BASE_POW2:
		snprintf(buf, len, " (time_base %u)", p->time_base);
		break;
	case RADP_RULE_TIME_BASE_MIN:
		snprintf(buf, len, " (time_base %uus < %s)", p->time_base,
			 ns(t1, caps->base_timeout_min));
		break;
	case RADP_RULE_RANGE_NUM_MAX:
		snprintf(buf, len, " (range_num %u, adp_retx_profile_max_range_num %u)",
			 p->range_num, caps->profile_max_range_num);
		break;
	case RADP_RULE_START_RANGE:
		snprintf(buf, len, " (start_range_index %u, range_num %u)",
			 p->start_range_index, p->range_num);
		break;
	case RADP_RULE_RANGE_ORDER:
		snprintf(buf, len, " (range %d starts at %s, range %d at %s)",
			 v->range, us(t1, p, e->range_low_bound), v->range - 1,
			 us(t2, p, p->range[v->range - 1].range_low_bound));
		break;
	case RADP_RULE_PREV_RANGE:
		snprintf(buf, len, " (prev_range_index %u in range %d)",
			 e->prev_range_index, v->range);
		break;
	case RADP_RULE_DEC_MODE:
		snprintf(buf, len, " (dec_mode %u)", e->dec_mode);
		break;
	case RADP_RULE_RETRY_NUM_ZERO:
		snprintf(buf, len, " (range %d's timeout would never be used)",
			 v->range);
		break;
	case RADP_RULE_INIT_RANGE_EMPTY:
		snprintf(buf, len, " (the initial timeout is drawn from low_bound .. low_bound + size - 1)");
		break;
	case RADP_RULE_TIMEOUT_OVERFLOW:
		if (e)
			snprintf(buf, len, " (%uus << %u = %s)", p->time_base,
				 e->range_low_bound + e->range_size,
				 us(t1, p, e->range_low_bound + e->range_size));
		else if (v->fld == RADP_PROFILE_RETX_TOTAL_TIMEOUT)
			snprintf(buf, len, " (%uus << %u = %s)", p->time_base,
				 p->retx_total_timeout,
				 us(t1, p, p->retx_total_timeout));
		else
			snprintf(buf, len, " (%uus << %u = %s)", p->time_base,
				 p->timeout_init_low_bound +
				 p->timeout_init_range_size,
				 us(t1, p, p->timeout_init_low_bound +
				    p->timeout_init_range_size));
		break;
	default:
		break;
	}
}

/* The initial timeouts that no range holds (the seed: keep them in one). */
static void warn_init_outside(struct lint *l, const struct adp_sim_cfg *cfg)
{
	const struct radp_profile *p = l->p;
	uint32_t lo = p->timeout_init_low_bound, hi = lo + cfg->init_n - 1, g;
	char list[160] = "", t1[32], t2[32], t3[32];
	unsigned int outside = 0;
	size_t off = 0;

	for (g = lo; g <= hi; g++) {
		if (adp_sim_range_of(cfg, g) >= 0)
			continue;
		if (++outside <= 4 && off < sizeof(list))
			off += snprintf(list + off, sizeof(list) - off, "%s%s",
					outside > 1 ? ", " : "", us(t1, p, g));
	}
	if (!outside)
		return;
	if (outside > 4 && off < sizeof(list))
		snprintf(list + off, sizeof(list) - off, ", ...");
	if (outside == cfg->init_n && lo == hi)
		add(l, ADP_LINT_WARNING, "init_outside",
		    RADP_PROFILE_TIMEOUT_INIT_LOW_BOUND, -1,
		    "the initial timeout (%s) lies outside every range: a QP's first timeout is not retried and jumps to range %u's low bound %s",
		    us(t1, p, lo), p->start_range_index,
		    us(t3, p, cfg->r[cfg->start].low));
	else if (outside == cfg->init_n)
		add(l, ADP_LINT_WARNING, "init_outside",
		    RADP_PROFILE_TIMEOUT_INIT_LOW_BOUND, -1,
		    "the initial timeouts (%s .. %s) lie outside every range: a QP's first timeout is not retried and jumps to range %u's low bound %s",
		    us(t1, p, lo), us(t2, p, hi), p->start_range_index,
		    us(t3, p, cfg->r[cfg->start].low));
	else
		add(l, ADP_LINT_WARNING, "init_outside",
		    RADP_PROFILE_TIMEOUT_INIT_RANGE_SIZE, -1,
		    "%u of the %u initial timeouts (%s) %s outside every range: for those QPs the first timeout jumps to range %u's low bound %s",
		    outside, cfg->init_n, list, outside == 1 ? "lies" : "lie",
		    p->start_range_index,
		    us(t1, p, cfg->r[cfg->start].low));
}

/* Ranges that restart lower than the top of the last, or skip timeouts. */
static void warn_overlap_gap(struct lint *l, const struct adp_sim_cfg *cfg)
{
	const struct radp_profile *p = l->p;
	char t1[32], t2[32], t3[32], t4[32];
	uint32_t r;

	for (r = 1; r < cfg->range_num; r++) {
		const struct adp_sim_range *a = &cfg->r[r - 1], *b = &cfg->r[r];

		if (b->low < a->top)
			add(l, ADP_LINT_WARNING, "overlap",
			    RADP_RANGE_RANGE_LOW_BOUND, r,
			    "range %u (%s .. %s) overlaps range %u (%s .. %s): after range %u's top the timeout drops back to %s",
			    r, us(t1, p, b->low), us(t2, p, b->top), r - 1,
			    us(t3, p, a->low), us(t4, p, a->top), r - 1,
			    us(t1, p, b->low));
		else if (b->low == a->top + 2)
			add(l, ADP_LINT_WARNING, "gap",
			    RADP_RANGE_RANGE_LOW_BOUND, r,
			    "a gap between range %u (up to %s) and range %u (from %s): the timeout jumps x4 and %s is never used",
			    r - 1, us(t1, p, a->top), r, us(t2, p, b->low),
			    us(t3, p, a->top + 1));
		else if (b->low > a->top + 2)
			add(l, ADP_LINT_WARNING, "gap",
			    RADP_RANGE_RANGE_LOW_BOUND, r,
			    "a gap between range %u (up to %s) and range %u (from %s): the timeout jumps x%llu and %s .. %s are never used",
			    r - 1, us(t1, p, a->top), r, us(t2, p, b->low),
			    1ULL << (b->low - a->top > 63 ? 63 : b->low - a->top),
			    us(t3, p, a->top + 1), us(t4, p, b->low - 1));
	}
}

/* Timeouts above the QP's ack_timeout, which the firmware caps. */
static void warn_cap(struct lint *l, const struct adp_sim_cfg *cfg,
		     const struct adp_lint_qp *qp)
{
	const struct radp_profile *p = l->p;
	uint64_t cap = cfg->cap_ns;
	char t1[32], t2[32], t3[32];
	uint32_t r, hi;

	if (cap == ADP_SIM_NEVER)
		return;
	hi = p->timeout_init_low_bound + cfg->init_n - 1;
	if (cfg->base_ns << hi > cap)
		add(l, ADP_LINT_WARNING, "above_cap",
		    RADP_PROFILE_TIMEOUT_INIT_RANGE_SIZE, -1,
		    "initial timeouts up to %s go above the QP's ack_timeout %u (%s): they are capped to it",
		    us(t1, p, hi), qp->ack_timeout, ns(t2, cap));
	for (r = 0; r < cfg->range_num; r++) {
		const struct adp_sim_range *e = &cfg->r[r];

		if (cfg->base_ns << e->low > cap)
			add(l, ADP_LINT_WARNING, "above_cap",
			    RADP_RANGE_RANGE_LOW_BOUND, r,
			    "range %u (%s .. %s) lies above the QP's ack_timeout %u (%s): every timeout of it is capped to %s",
			    r, us(t1, p, e->low), us(t2, p, e->top),
			    qp->ack_timeout, ns(t3, cap), ns(t3, cap));
		else if (cfg->base_ns << e->top > cap)
			add(l, ADP_LINT_WARNING, "above_cap",
			    RADP_RANGE_RANGE_SIZE, r,
			    "range %u (%s .. %s) goes above the QP's ack_timeout %u (%s): its timeouts above it are capped",
			    r, us(t1, p, e->low), us(t2, p, e->top),
			    qp->ack_timeout, ns(t3, cap));
	}
	if (cap < cfg->min_ns)
		add(l, ADP_LINT_WARNING, "cap_below_min", -1, -1,
		    "the QP's ack_timeout %u (%s) is below the device's minimum timeout %s: every timeout is the minimum",
		    qp->ack_timeout, ns(t1, cap), ns(t2, cfg->min_ns));
}

/* A total timeout that ends the QP before it has climbed all the ranges. */
static void warn_total(struct lint *l, const struct adp_sim_cfg *cfg,
		       const struct adp_lint_qp *qp)
{
	const struct radp_profile *p = l->p;
	char t1[32], t2[32], what[64];
	uint64_t pass;
	int at, fld;

	if (p->qp_total_timeout) {
		if (!qp->has_ack_timeout || !qp->has_retry_count) {
			add(l, ADP_LINT_NOTE, "no_qp", RADP_PROFILE_QP_TOTAL_TIMEOUT,
			    -1, "the total timeout is the QP's ack_timeout * retry_count: give both to check it");
			return;
		}
		if (cfg->total_ns == ADP_SIM_NEVER) {
			add(l, ADP_LINT_WARNING, "total_infinite",
			    RADP_PROFILE_QP_TOTAL_TIMEOUT, -1,
			    "with the QP's ack_timeout 0 (infinite) the total timeout is infinite: a QP without forward progress never fails");
			return;
		}
		snprintf(what, sizeof(what), "ack_timeout %u * retry_count %u",
			 qp->ack_timeout, cfg->retry_count);
		fld = RADP_PROFILE_QP_TOTAL_TIMEOUT;
	} else {
		snprintf(what, sizeof(what), "%uus << %u", p->time_base,
			 p->retx_total_timeout);
		fld = RADP_PROFILE_RETX_TOTAL_TIMEOUT;
	}
	pass = adp_sim_pass_ns(cfg, cfg->total_ns, &at);
	if (cfg->total_ns >= pass)
		return;
	add(l, ADP_LINT_WARNING, "total_short", fld, -1,
	    "the total timeout %s (%s) is shorter than one pass through the ranges (%s from range 0's low bound to the top of range %u): without an ACK a QP fails in range %d",
	    ns(t1, cfg->total_ns), what, ns(t2, pass), cfg->range_num - 1,
	    at);
}

unsigned int adp_lint(uint32_t id, const struct radp_profile *p,
		      const struct radp_caps *caps,
		      const struct adp_lint_qp *qp, struct adp_lint_msg *out,
		      unsigned int max)
{
	struct radp_violation v[RADP_VIOLATIONS_MAX];
	struct lint l = { .out = out, .max = max, .p = p };
	struct adp_sim_qp sqp = { };
	struct adp_sim_cfg cfg;
	char detail[200];
	unsigned int n, i;
	bool algo_ok = true;

	n = radp_profile_violations(id, p, caps, v, ARRAY_SIZE(v));
	for (i = 0; i < n; i++) {
		struct adp_lint_msg *m;

		error_detail(detail, sizeof(detail), id, p, caps, &v[i]);
		m = add(&l, ADP_LINT_ERROR, adp_rule_name(v[i].rule), v[i].fld,
			v[i].range, "%s%s", v[i].msg, detail);
		if (!m)
			break;
		m->rule = v[i].rule;
		m->rule_msg = v[i].msg;
		algo_ok &= v[i].rule == RADP_RULE_PROFILE_ID;
	}
	if (!algo_ok) {
		add(&l, ADP_LINT_NOTE, "not_checked", -1, -1,
		    "warnings are looked for once the errors are fixed");
		return l.n;
	}

	sqp.ack_timeout = qp->has_ack_timeout ? qp->ack_timeout : 0;
	sqp.retry_count = qp->has_retry_count ? qp->retry_count : 7;
	adp_sim_setup(&cfg, p, &sqp, caps->base_timeout_min);
	warn_init_outside(&l, &cfg);
	warn_overlap_gap(&l, &cfg);
	if (qp->has_ack_timeout)
		warn_cap(&l, &cfg, qp);
	else
		add(&l, ADP_LINT_NOTE, "no_qp", -1, -1,
		    "no QP ack_timeout given: timeouts above it, which it caps, are not looked for");
	warn_total(&l, &cfg, qp);
	if (qp->has_retry_count && qp->retry_count > ADP_SIM_RETRY_MAX)
		add(&l, ADP_LINT_NOTE, "retry_count", -1, -1,
		    "retry_count %u is out of 0..7: the QP uses 7",
		    qp->retry_count);

	/* Errors, then warnings, then notes. */
	for (i = 1; i < l.n; i++) {
		struct adp_lint_msg m = out[i];
		unsigned int j = i;

		for (; j > 0 && out[j - 1].kind > m.kind; j--)
			out[j] = out[j - 1];
		out[j] = m;
	}
	return l.n;
}
