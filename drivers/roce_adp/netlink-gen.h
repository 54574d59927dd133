/* SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause) */
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/roce_adp.yaml */
/* YNL-GEN kernel header */

#ifndef _LINUX_ROCE_ADP_GEN_H
#define _LINUX_ROCE_ADP_GEN_H

#include <net/netlink.h>
#include <net/genetlink.h>

#include <uapi/linux/roce_adp.h>

/* Common nested types */
extern const struct nla_policy roce_adp_accl_nl_policy[ROCE_ADP_A_ACCL_CC_PROBE_MP_MODE + 1];
extern const struct nla_policy
roce_adp_histogram_config_nl_policy[ROCE_ADP_A_HISTOGRAM_CONFIG_BIN1_WIDTH + 1];
extern const struct nla_policy roce_adp_profile_nl_policy[ROCE_ADP_A_PROFILE_RANGE + 1];
extern const struct nla_policy roce_adp_range_nl_policy[ROCE_ADP_A_RANGE_RANGE_SIZE + 1];

extern const struct nla_policy roce_adp_dev_get_nl_policy[ROCE_ADP_A_DEV_NAME + 1];

extern const struct nla_policy roce_adp_accl_get_nl_policy[ROCE_ADP_A_SNAPSHOT + 1];

extern const struct nla_policy roce_adp_accl_set_nl_policy[ROCE_ADP_A_ACCL + 1];

extern const struct nla_policy roce_adp_profile_get_nl_policy[ROCE_ADP_A_SNAPSHOT + 1];

extern const struct nla_policy roce_adp_profile_set_nl_policy[ROCE_ADP_A_PROFILE + 1];

extern const struct nla_policy roce_adp_mpt_get_nl_policy[ROCE_ADP_A_MPT_RAW + 1];

extern const struct nla_policy roce_adp_profile_forget_nl_policy[ROCE_ADP_A_DEV_NAME + 1];

extern const struct nla_policy roce_adp_histogram_get_nl_policy[ROCE_ADP_A_DEV_NAME + 1];

extern const struct nla_policy roce_adp_histogram_set_nl_policy[ROCE_ADP_A_HISTOGRAM_CONFIG + 1];

extern const struct nla_policy roce_adp_histogram_clear_nl_policy[ROCE_ADP_A_DEV_NAME + 1];

/* Ops table for roce_adp */
extern const struct genl_ops roce_adp_nl_ops[10];

int roce_adp_nl_dev_get_doit(struct sk_buff *skb, struct genl_info *info);
int roce_adp_nl_dev_get_dumpit(struct sk_buff *skb,
			       struct netlink_callback *cb);
int roce_adp_nl_accl_get_doit(struct sk_buff *skb, struct genl_info *info);
int roce_adp_nl_accl_get_dumpit(struct sk_buff *skb,
				struct netlink_callback *cb);
int roce_adp_nl_accl_set_doit(struct sk_buff *skb, struct genl_info *info);
int roce_adp_nl_profile_get_doit(struct sk_buff *skb, struct genl_info *info);
int roce_adp_nl_profile_get_dumpit(struct sk_buff *skb,
				   struct netlink_callback *cb);
int roce_adp_nl_profile_set_doit(struct sk_buff *skb, struct genl_info *info);
int roce_adp_nl_mpt_get_doit(struct sk_buff *skb, struct genl_info *info);
int roce_adp_nl_mpt_get_dumpit(struct sk_buff *skb,
			       struct netlink_callback *cb);
int roce_adp_nl_profile_forget_doit(struct sk_buff *skb,
				    struct genl_info *info);
int roce_adp_nl_histogram_get_doit(struct sk_buff *skb, struct genl_info *info);
int roce_adp_nl_histogram_get_dumpit(struct sk_buff *skb,
				     struct netlink_callback *cb);
int roce_adp_nl_histogram_set_doit(struct sk_buff *skb, struct genl_info *info);
int roce_adp_nl_histogram_clear_doit(struct sk_buff *skb,
				     struct genl_info *info);

enum {
	ROCE_ADP_NLGRP_CONFIG,
};

#endif /* _LINUX_ROCE_ADP_GEN_H */
