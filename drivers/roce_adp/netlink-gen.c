// SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause)
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/roce_adp.yaml */
/* YNL-GEN kernel source */

#include <net/netlink.h>
#include <net/genetlink.h>

#include "netlink-gen.h"

#include <uapi/linux/roce_adp.h>

/* Integer value ranges */
static const struct netlink_range_validation roce_adp_a_mpt_pd_range = {
	.max	= 16777215ULL,
};

static const struct netlink_range_validation roce_adp_a_mpt_qpn_range = {
	.max	= 16777215ULL,
};

static const struct netlink_range_validation roce_adp_a_profile_time_base_range = {
	.max	= 65535ULL,
};

static const struct netlink_range_validation roce_adp_a_histogram_config_vhca_id_range = {
	.max	= 65535ULL,
};

static const struct netlink_range_validation roce_adp_a_histogram_config_bin0_width_range = {
	.max	= 65535ULL,
};

static const struct netlink_range_validation roce_adp_a_histogram_config_bin1_width_range = {
	.max	= 65535ULL,
};

/* Common nested types */
const struct nla_policy roce_adp_accl_nl_policy[ROCE_ADP_A_ACCL_CC_PROBE_MP_MODE + 1] = {
	[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_ACCL_ROCE_SLOW_RESTART_EN] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_ACCL_ROCE_SLOW_RESTART_IDLE_EN] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_ACCL_MIN_ACK_TIMEOUT_LIMIT_DISABLED] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_ACCL_ADAPTIVE_ROUTING_FORCED_EN] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_ACCL_SELECTIVE_REPEAT_FORCED_EN] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_ACCL_DC_HALF_HANDSHAKE_EN] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_ACCL_CC_PER_PLANE_EN] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_ACCL_ACK_DSCP_FORCE] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_ACCL_ACK_DSCP] = NLA_POLICY_MAX(NLA_U8, 63),
	[ROCE_ADP_A_ACCL_CC_BURST_SIZE] = NLA_POLICY_MAX(NLA_U8, 7),
	[ROCE_ADP_A_ACCL_IFA2_TURN_AROUND_EN] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_ACCL_CC_PROBE_MP_MODE] = NLA_POLICY_MAX(NLA_U8, 3),
};

const struct nla_policy
roce_adp_histogram_config_nl_policy[ROCE_ADP_A_HISTOGRAM_CONFIG_BIN1_WIDTH + 1] = {
	[ROCE_ADP_A_HISTOGRAM_CONFIG_COUNT_ENABLE] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_HISTOGRAM_CONFIG_CLEAR_ON_READ] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_HISTOGRAM_CONFIG_VHCA_ID_VALID] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_HISTOGRAM_CONFIG_TIME_UNIT] = NLA_POLICY_MAX(NLA_U32, 3),
	[ROCE_ADP_A_HISTOGRAM_CONFIG_BIN_WIDTH_MODE] = NLA_POLICY_MAX(NLA_U32, 3),
	[ROCE_ADP_A_HISTOGRAM_CONFIG_TIME_UNIT_CAP] = { .type = NLA_U32, },
	[ROCE_ADP_A_HISTOGRAM_CONFIG_BIN_NUM] = NLA_POLICY_MAX(NLA_U32, ROCE_ADP_HIST_BINS_MAX),
	[ROCE_ADP_A_HISTOGRAM_CONFIG_BIN_NUM_MAX] = { .type = NLA_U32, },
	[ROCE_ADP_A_HISTOGRAM_CONFIG_VHCA_ID] =
		NLA_POLICY_FULL_RANGE(NLA_U32, &roce_adp_a_histogram_config_vhca_id_range),
	[ROCE_ADP_A_HISTOGRAM_CONFIG_BIN0_WIDTH] =
		NLA_POLICY_FULL_RANGE(NLA_U32, &roce_adp_a_histogram_config_bin0_width_range),
	[ROCE_ADP_A_HISTOGRAM_CONFIG_BIN1_WIDTH] =
		NLA_POLICY_FULL_RANGE(NLA_U32, &roce_adp_a_histogram_config_bin1_width_range),
};

const struct nla_policy roce_adp_profile_nl_policy[ROCE_ADP_A_PROFILE_RANGE + 1] = {
	[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID] = NLA_POLICY_MAX(NLA_U32, ROCE_ADP_PROFILE_ID_MAX),
	[ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT] = NLA_POLICY_MAX(NLA_U8, 1),
	[ROCE_ADP_A_PROFILE_RANGE_NUM] = NLA_POLICY_MAX(NLA_U32, 7),
	[ROCE_ADP_A_PROFILE_START_RANGE_INDEX] = NLA_POLICY_MAX(NLA_U32, 7),
	[ROCE_ADP_A_PROFILE_TIME_UNIT] = NLA_POLICY_MAX(NLA_U32, 3),
	[ROCE_ADP_A_PROFILE_TIME_BASE] =
		NLA_POLICY_FULL_RANGE(NLA_U32, &roce_adp_a_profile_time_base_range),
	[ROCE_ADP_A_PROFILE_RETX_TOTAL_TIMEOUT] = NLA_POLICY_MAX(NLA_U32, 255),
	[ROCE_ADP_A_PROFILE_TIMEOUT_INIT_LOW_BOUND] = NLA_POLICY_MAX(NLA_U32, 255),
	[ROCE_ADP_A_PROFILE_TIMEOUT_INIT_RANGE_SIZE] = NLA_POLICY_MAX(NLA_U32, 255),
	[ROCE_ADP_A_PROFILE_RANGE] = NLA_POLICY_NESTED(roce_adp_range_nl_policy),
};

const struct nla_policy roce_adp_range_nl_policy[ROCE_ADP_A_RANGE_RANGE_SIZE + 1] = {
	[ROCE_ADP_A_RANGE_INDEX] = NLA_POLICY_MAX(NLA_U32, 3),
	[ROCE_ADP_A_RANGE_PREV_RANGE_INDEX] = NLA_POLICY_MAX(NLA_U32, 7),
	[ROCE_ADP_A_RANGE_DEC_MODE] = NLA_POLICY_MAX(NLA_U32, 3),
	[ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM] = NLA_POLICY_MAX(NLA_U32, 1023),
	[ROCE_ADP_A_RANGE_RANGE_LOW_BOUND] = NLA_POLICY_MAX(NLA_U32, 255),
	[ROCE_ADP_A_RANGE_RANGE_SIZE] = NLA_POLICY_MAX(NLA_U32, 255),
};

/* ROCE_ADP_CMD_DEV_GET - do */
const struct nla_policy roce_adp_dev_get_nl_policy[ROCE_ADP_A_DEV_NAME + 1] = {
	[ROCE_ADP_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 31, },
};

/* ROCE_ADP_CMD_ACCL_GET - do */
const struct nla_policy roce_adp_accl_get_nl_policy[ROCE_ADP_A_SNAPSHOT + 1] = {
	[ROCE_ADP_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 31, },
	[ROCE_ADP_A_ACCL_RAW] = { .type = NLA_FLAG, },
	[ROCE_ADP_A_SNAPSHOT] = { .type = NLA_FLAG, },
};

/* ROCE_ADP_CMD_ACCL_SET - do */
const struct nla_policy roce_adp_accl_set_nl_policy[ROCE_ADP_A_ACCL + 1] = {
	[ROCE_ADP_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 31, },
	[ROCE_ADP_A_ACCL] = NLA_POLICY_NESTED(roce_adp_accl_nl_policy),
};

/* ROCE_ADP_CMD_PROFILE_GET - do */
const struct nla_policy roce_adp_profile_get_nl_policy[ROCE_ADP_A_SNAPSHOT + 1] = {
	[ROCE_ADP_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 31, },
	[ROCE_ADP_A_PROFILE_ID] = NLA_POLICY_MAX(NLA_U32, ROCE_ADP_PROFILE_ID_MAX),
	[ROCE_ADP_A_SNAPSHOT] = { .type = NLA_FLAG, },
};

/* ROCE_ADP_CMD_PROFILE_SET - do */
const struct nla_policy roce_adp_profile_set_nl_policy[ROCE_ADP_A_PROFILE + 1] = {
	[ROCE_ADP_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 31, },
	[ROCE_ADP_A_PROFILE] = NLA_POLICY_NESTED(roce_adp_profile_nl_policy),
};

/* ROCE_ADP_CMD_MPT_GET - do */
const struct nla_policy roce_adp_mpt_get_nl_policy[ROCE_ADP_A_MPT_RAW + 1] = {
	[ROCE_ADP_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 31, },
	[ROCE_ADP_A_MPT_INDEX] = { .type = NLA_U32, },
	[ROCE_ADP_A_MPT_KEY] = { .type = NLA_U32, },
	[ROCE_ADP_A_MPT_PD] = NLA_POLICY_FULL_RANGE(NLA_U32, &roce_adp_a_mpt_pd_range),
	[ROCE_ADP_A_MPT_QPN] = NLA_POLICY_FULL_RANGE(NLA_U32, &roce_adp_a_mpt_qpn_range),
	[ROCE_ADP_A_MPT_RAW] = { .type = NLA_FLAG, },
};

/* ROCE_ADP_CMD_PROFILE_FORGET - do */
const struct nla_policy roce_adp_profile_forget_nl_policy[ROCE_ADP_A_DEV_NAME + 1] = {
	[ROCE_ADP_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 31, },
};

/* ROCE_ADP_CMD_HISTOGRAM_GET - do */
const struct nla_policy roce_adp_histogram_get_nl_policy[ROCE_ADP_A_DEV_NAME + 1] = {
	[ROCE_ADP_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 31, },
};

/* ROCE_ADP_CMD_HISTOGRAM_SET - do */
const struct nla_policy roce_adp_histogram_set_nl_policy[ROCE_ADP_A_HISTOGRAM_CONFIG + 1] = {
	[ROCE_ADP_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 31, },
	[ROCE_ADP_A_HISTOGRAM_CONFIG] = NLA_POLICY_NESTED(roce_adp_histogram_config_nl_policy),
};

/* ROCE_ADP_CMD_HISTOGRAM_CLEAR - do */
const struct nla_policy roce_adp_histogram_clear_nl_policy[ROCE_ADP_A_DEV_NAME + 1] = {
	[ROCE_ADP_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 31, },
};

/* Ops table for roce_adp */
const struct genl_ops roce_adp_nl_ops[10] = {
	{
		.cmd		= ROCE_ADP_CMD_DEV_GET,
		.doit		= roce_adp_nl_dev_get_doit,
		.dumpit		= roce_adp_nl_dev_get_dumpit,
		.policy		= roce_adp_dev_get_nl_policy,
		.maxattr	= ROCE_ADP_A_DEV_NAME,
	},
	{
		.cmd		= ROCE_ADP_CMD_ACCL_GET,
		.doit		= roce_adp_nl_accl_get_doit,
		.dumpit		= roce_adp_nl_accl_get_dumpit,
		.policy		= roce_adp_accl_get_nl_policy,
		.maxattr	= ROCE_ADP_A_SNAPSHOT,
	},
	{
		.cmd		= ROCE_ADP_CMD_ACCL_SET,
		.doit		= roce_adp_nl_accl_set_doit,
		.policy		= roce_adp_accl_set_nl_policy,
		.maxattr	= ROCE_ADP_A_ACCL,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= ROCE_ADP_CMD_PROFILE_GET,
		.doit		= roce_adp_nl_profile_get_doit,
		.dumpit		= roce_adp_nl_profile_get_dumpit,
		.policy		= roce_adp_profile_get_nl_policy,
		.maxattr	= ROCE_ADP_A_SNAPSHOT,
	},
	{
		.cmd		= ROCE_ADP_CMD_PROFILE_SET,
		.doit		= roce_adp_nl_profile_set_doit,
		.policy		= roce_adp_profile_set_nl_policy,
		.maxattr	= ROCE_ADP_A_PROFILE,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= ROCE_ADP_CMD_MPT_GET,
		.doit		= roce_adp_nl_mpt_get_doit,
		.dumpit		= roce_adp_nl_mpt_get_dumpit,
		.policy		= roce_adp_mpt_get_nl_policy,
		.maxattr	= ROCE_ADP_A_MPT_RAW,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= ROCE_ADP_CMD_PROFILE_FORGET,
		.doit		= roce_adp_nl_profile_forget_doit,
		.policy		= roce_adp_profile_forget_nl_policy,
		.maxattr	= ROCE_ADP_A_DEV_NAME,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= ROCE_ADP_CMD_HISTOGRAM_GET,
		.doit		= roce_adp_nl_histogram_get_doit,
		.dumpit		= roce_adp_nl_histogram_get_dumpit,
		.policy		= roce_adp_histogram_get_nl_policy,
		.maxattr	= ROCE_ADP_A_DEV_NAME,
	},
	{
		.cmd		= ROCE_ADP_CMD_HISTOGRAM_SET,
		.doit		= roce_adp_nl_histogram_set_doit,
		.policy		= roce_adp_histogram_set_nl_policy,
		.maxattr	= ROCE_ADP_A_HISTOGRAM_CONFIG,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= ROCE_ADP_CMD_HISTOGRAM_CLEAR,
		.doit		= roce_adp_nl_histogram_clear_doit,
		.policy		= roce_adp_histogram_clear_nl_policy,
		.maxattr	= ROCE_ADP_A_DEV_NAME,
		.flags		= GENL_ADMIN_PERM,
	},
};

static const struct genl_multicast_group roce_adp_nl_mcgrps[] = {
	[ROCE_ADP_NLGRP_CONFIG] = { "config", },
};
