/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A generic netlink family as the kernel describes it: its operations and
 * their flags (CTRL_CMD_GETFAMILY) and the attribute policies each one
 * validates against (CTRL_CMD_GETPOLICY). Tests that must cover every
 * operation, including ones added later, take the list from here.
 */
#ifndef _RADP_SELFTEST_NL_POLICY_H
#define _RADP_SELFTEST_NL_POLICY_H

#include <stdbool.h>
#include <stdint.h>

#include "nl.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

#define NLP_MAX_OPS	64
#define NLP_MAX_POLICIES 32
#define NLP_MAX_ATTRS	128

/* One attribute of a policy: NL_POLICY_TYPE_ATTR_* as dumped. */
struct nlp_attr {
	bool present;
	uint32_t type;			/* NL_ATTR_TYPE_* */
	bool has_range_u, has_range_s, has_len;
	uint64_t min_u, max_u;
	int64_t min_s, max_s;
	uint32_t min_len, max_len;
	int nested;			/* policy index, -1 if none */
	uint32_t nested_maxtype;
};

struct nlp_policy {
	bool present;
	int maxtype;
	struct nlp_attr attr[NLP_MAX_ATTRS];
};

struct nlp_op {
	uint32_t cmd;
	uint32_t flags;			/* GENL_ADMIN_PERM, GENL_CMD_CAP_* */
	int do_policy, dump_policy;	/* policy index, -1 if none */
};

struct nlp_family {
	int n_ops;
	struct nlp_op op[NLP_MAX_OPS];
	struct nlp_policy policy[NLP_MAX_POLICIES];
};

/* Fill @f for the family @sk is open on: 0 or -errno. */
int nlp_describe(struct nl_sock *sk, const char *name, struct nlp_family *f);
const struct nlp_op *nlp_op_find(const struct nlp_family *f, uint32_t cmd);
const char *nlp_type_name(uint32_t type);

#endif /* _RADP_SELFTEST_NL_POLICY_H */
