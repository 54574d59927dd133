/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The profile linter: the errors of the shared rules (radp_reg.c, the
 * driver's own code) with the times involved, and adpctl's warnings about
 * valid profiles that behave poorly.
 */
#ifndef RADP_LINT_H
#define RADP_LINT_H

#include <stdbool.h>
#include <stdint.h>

#include "radp_reg.h"

enum adp_lint_kind {
	ADP_LINT_ERROR,		/* the driver and the firmware refuse it */
	ADP_LINT_WARNING,	/* valid, but poor */
	ADP_LINT_NOTE,		/* what was not checked, or assumed */
};

struct adp_lint_msg {
	enum adp_lint_kind kind;
	const char *check;	/* rule or warning name, e.g. "range_order" */
	int rule;		/* ERROR: enum radp_rule */
	bool has_fld;
	enum radp_fld fld;	/* the field to blame */
	int range;		/* its timeout_range entry, or -1 */
	const char *rule_msg;	/* ERROR: radp_violation.msg, as the driver says it */
	char text[400];		/* why, with the times involved */
};

/* More than the errors, warnings and notes of one profile. */
#define ADP_LINT_MAX	(RADP_VIOLATIONS_MAX + 4 * RADP_RANGES + 16)

/* The QP a profile is linted for; without ack_timeout, no cap is checked. */
struct adp_lint_qp {
	bool has_ack_timeout, has_retry_count;
	uint32_t ack_timeout, retry_count;
};

/*
 * Lint profile id of a device with caps for qp.  Warnings are looked for
 * only when no rule is broken (but the id: they are about the algorithm).
 * Returns the number of messages in out: errors first, then warnings, then
 * notes.
 */
unsigned int adp_lint(uint32_t id, const struct radp_profile *p,
		      const struct radp_caps *caps,
		      const struct adp_lint_qp *qp, struct adp_lint_msg *out,
		      unsigned int max);

/* Name of a rule in output: "time_base_pow2". */
const char *adp_rule_name(int rule);

#endif /* RADP_LINT_H */
