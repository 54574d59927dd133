// SPDX-License-Identifier: GPL-2.0
/* A generic netlink family's operations and policies; see nl_policy.h. */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "nl_policy.h"

static uint64_t nlp_u64(const struct nlattr *a)
{
	uint64_t v = 0;

	if (nl_len(a) == 8)
		memcpy(&v, nl_data(a), 8);
	else if (nl_len(a) == 4)
		v = nl_get_u32(a);
	return v;
}

static int nlp_ops_cb(const struct nlmsghdr *nlh, void *arg)
{
	const struct nlattr *tb[CTRL_ATTR_MAX + 1], *op;
	struct nlp_family *f = arg;
	int rem;

	nl_parse_genl(nlh, tb, CTRL_ATTR_MAX);
	if (!tb[CTRL_ATTR_OPS])
		return 0;
	nl_for_each_nested(op, tb[CTRL_ATTR_OPS], rem) {
		const struct nlattr *o[CTRL_ATTR_OP_MAX + 1];
		struct nlp_op *p;

		nl_parse(nl_data(op), nl_len(op), o, CTRL_ATTR_OP_MAX);
		if (!o[CTRL_ATTR_OP_ID] || f->n_ops == NLP_MAX_OPS)
			continue;
		p = &f->op[f->n_ops++];
		p->cmd = nl_get_u32(o[CTRL_ATTR_OP_ID]);
		p->flags = o[CTRL_ATTR_OP_FLAGS] ?
			   nl_get_u32(o[CTRL_ATTR_OP_FLAGS]) : 0;
		p->do_policy = -1;
		p->dump_policy = -1;
	}
	return 0;
}

static void nlp_attr_parse(struct nlp_attr *pa, const struct nlattr *desc)
{
	const struct nlattr *t[NL_POLICY_TYPE_ATTR_MAX + 1];

	nl_parse(nl_data(desc), nl_len(desc), t, NL_POLICY_TYPE_ATTR_MAX);
	memset(pa, 0, sizeof(*pa));
	pa->present = true;
	pa->nested = -1;
	if (t[NL_POLICY_TYPE_ATTR_TYPE])
		pa->type = nl_get_u32(t[NL_POLICY_TYPE_ATTR_TYPE]);
	if (t[NL_POLICY_TYPE_ATTR_MIN_VALUE_U] &&
	    t[NL_POLICY_TYPE_ATTR_MAX_VALUE_U]) {
		pa->has_range_u = true;
		pa->min_u = nlp_u64(t[NL_POLICY_TYPE_ATTR_MIN_VALUE_U]);
		pa->max_u = nlp_u64(t[NL_POLICY_TYPE_ATTR_MAX_VALUE_U]);
	}
	if (t[NL_POLICY_TYPE_ATTR_MIN_VALUE_S] &&
	    t[NL_POLICY_TYPE_ATTR_MAX_VALUE_S]) {
		pa->has_range_s = true;
		pa->min_s = nlp_u64(t[NL_POLICY_TYPE_ATTR_MIN_VALUE_S]);
		pa->max_s = nlp_u64(t[NL_POLICY_TYPE_ATTR_MAX_VALUE_S]);
	}
	if (t[NL_POLICY_TYPE_ATTR_MIN_LENGTH] ||
	    t[NL_POLICY_TYPE_ATTR_MAX_LENGTH]) {
		pa->has_len = true;
		if (t[NL_POLICY_TYPE_ATTR_MIN_LENGTH])
			pa->min_len = nl_get_u32(t[NL_POLICY_TYPE_ATTR_MIN_LENGTH]);
		pa->max_len = t[NL_POLICY_TYPE_ATTR_MAX_LENGTH] ?
			      nl_get_u32(t[NL_POLICY_TYPE_ATTR_MAX_LENGTH]) :
			      UINT16_MAX;
	}
	if (t[NL_POLICY_TYPE_ATTR_POLICY_IDX]) {
		pa->nested = nl_get_u32(t[NL_POLICY_TYPE_ATTR_POLICY_IDX]);
		if (t[NL_POLICY_TYPE_ATTR_POLICY_MAXTYPE])
			pa->nested_maxtype =
				nl_get_u32(t[NL_POLICY_TYPE_ATTR_POLICY_MAXTYPE]);
	}
}

static int nlp_policy_cb(const struct nlmsghdr *nlh, void *arg)
{
	const struct nlattr *tb[CTRL_ATTR_MAX + 1], *p, *a;
	struct nlp_family *f = arg;
	int rem, rem2;

	nl_parse_genl(nlh, tb, CTRL_ATTR_MAX);
	if (tb[CTRL_ATTR_POLICY]) {
		nl_for_each_nested(p, tb[CTRL_ATTR_POLICY], rem) {
			unsigned int idx = p->nla_type & NLA_TYPE_MASK;
			struct nlp_policy *pol;

			if (idx >= NLP_MAX_POLICIES)
				continue;
			pol = &f->policy[idx];
			pol->present = true;
			nl_for_each_nested(a, p, rem2) {
				unsigned int t = a->nla_type & NLA_TYPE_MASK;

				if (t >= NLP_MAX_ATTRS)
					continue;
				nlp_attr_parse(&pol->attr[t], a);
				if ((int)t > pol->maxtype)
					pol->maxtype = t;
			}
		}
	}
	if (tb[CTRL_ATTR_OP_POLICY]) {
		nl_for_each_nested(p, tb[CTRL_ATTR_OP_POLICY], rem) {
			const struct nlattr *o[CTRL_ATTR_POLICY_DUMP_MAX + 1];
			struct nlp_op *op;
			int i;

			nl_parse(nl_data(p), nl_len(p), o,
				 CTRL_ATTR_POLICY_DUMP_MAX);
			for (i = 0; i < f->n_ops; i++)
				if (f->op[i].cmd == (p->nla_type & NLA_TYPE_MASK))
					break;
			if (i == f->n_ops)
				continue;
			op = &f->op[i];
			if (o[CTRL_ATTR_POLICY_DO])
				op->do_policy = nl_get_u32(o[CTRL_ATTR_POLICY_DO]);
			if (o[CTRL_ATTR_POLICY_DUMP])
				op->dump_policy =
					nl_get_u32(o[CTRL_ATTR_POLICY_DUMP]);
		}
	}
	return 0;
}

int nlp_describe(struct nl_sock *sk, const char *name, struct nlp_family *f)
{
	struct nl_msg *m = malloc(sizeof(*m));
	int err;

	if (!m)
		return -ENOMEM;
	memset(f, 0, sizeof(*f));
	nl_msg_init(m, GENL_ID_CTRL, 0, CTRL_CMD_GETFAMILY, 1);
	nl_put_str(m, CTRL_ATTR_FAMILY_NAME, name);
	err = nl_send_recv(sk, m, nlp_ops_cb, f, NULL);
	if (!err) {
		nl_msg_init(m, GENL_ID_CTRL, NLM_F_DUMP, CTRL_CMD_GETPOLICY, 1);
		nl_put_str(m, CTRL_ATTR_FAMILY_NAME, name);
		err = nl_send_recv(sk, m, nlp_policy_cb, f, NULL);
	}
	free(m);
	if (!err && !f->n_ops)
		err = -ENOENT;
	return err;
}

const struct nlp_op *nlp_op_find(const struct nlp_family *f, uint32_t cmd)
{
	int i;

	for (i = 0; i < f->n_ops; i++)
		if (f->op[i].cmd == cmd)
			return &f->op[i];
	return NULL;
}

const char *nlp_type_name(uint32_t type)
{
	static const char * const names[] = {
		[NL_ATTR_TYPE_INVALID] = "invalid",
		[NL_ATTR_TYPE_FLAG] = "flag",
		[NL_ATTR_TYPE_U8] = "u8",
		[NL_ATTR_TYPE_U16] = "u16",
		[NL_ATTR_TYPE_U32] = "u32",
		[NL_ATTR_TYPE_U64] = "u64",
		[NL_ATTR_TYPE_S8] = "s8",
		[NL_ATTR_TYPE_S16] = "s16",
		[NL_ATTR_TYPE_S32] = "s32",
		[NL_ATTR_TYPE_S64] = "s64",
		[NL_ATTR_TYPE_BINARY] = "binary",
		[NL_ATTR_TYPE_STRING] = "string",
		[NL_ATTR_TYPE_NUL_STRING] = "nul-string",
		[NL_ATTR_TYPE_NESTED] = "nest",
		[NL_ATTR_TYPE_NESTED_ARRAY] = "nest-array",
		[NL_ATTR_TYPE_BITFIELD32] = "bitfield32",
	};

	if (type < ARRAY_SIZE(names) && names[type])
		return names[type];
	return "unknown";
}
