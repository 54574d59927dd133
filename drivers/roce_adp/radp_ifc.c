// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/* The firmware layouts, one row per field; see radp_ifc.h. */

#include "radp_ifc.h"

#define RADP_FIELD(_fld, _name, _byte, _hi, _lo) \
	[_fld] = { .name = _name, .byte = _byte, .hi = _hi, .lo = _lo }

const struct radp_field radp_fields[RADP_FLD_COUNT] = {
	RADP_FIELD(RADP_CMD_IN_OPCODE,		"opcode",	0x00, 31, 16),
	RADP_FIELD(RADP_CMD_IN_OP_MOD,		"op_mod",	0x04, 15, 0),
	RADP_FIELD(RADP_CMD_OUT_STATUS,		"status",	0x00, 31, 24),
	RADP_FIELD(RADP_CMD_OUT_SYNDROME,	"syndrome",	0x04, 31, 0),

	RADP_FIELD(RADP_ACCESS_REG_IN_REGISTER_ID, "register_id", 0x08, 15, 0),
	RADP_FIELD(RADP_ACCESS_REG_IN_ARGUMENT,	"argument",	0x0c, 31, 0),

	RADP_FIELD(RADP_ROCE_ACCL_ROCE_ADP_RETRANS_FIELD_SELECT,
		   "roce_adp_retrans_field_select",		0x00, 0, 0),
	RADP_FIELD(RADP_ROCE_ACCL_ROCE_TX_WINDOW_FIELD_SELECT,
		   "roce_tx_window_field_select",		0x00, 1, 1),
	RADP_FIELD(RADP_ROCE_ACCL_ROCE_SLOW_RESTART_FIELD_SELECT,
		   "roce_slow_restart_field_select",		0x00, 2, 2),
	RADP_FIELD(RADP_ROCE_ACCL_ROCE_SLOW_RESTART_IDLE_FIELD_SELECT,
		   "roce_slow_restart_idle_field_select",	0x00, 3, 3),
	RADP_FIELD(RADP_ROCE_ACCL_MIN_ACK_TIMEOUT_LIMIT_DISABLED_FIELD_SELECT,
		   "min_ack_timeout_limit_disabled_field_select", 0x00, 4, 4),
	RADP_FIELD(RADP_ROCE_ACCL_ADAPTIVE_ROUTING_FORCED_EN_FIELD_SELECT,
		   "adaptive_routing_forced_en_field_select",	0x00, 5, 5),
	RADP_FIELD(RADP_ROCE_ACCL_SELECTIVE_REPEAT_FORCED_EN_FIELD_SELECT,
		   "selective_repeat_forced_en_field_select",	0x00, 6, 6),
	RADP_FIELD(RADP_ROCE_ACCL_ADP_RETX_PROFILE_SELECT,
		   "adp_retx_profile_select",			0x00, 28, 28),
	RADP_FIELD(RADP_ROCE_ACCL_ROCE_ADP_RETRANS_EN,
		   "roce_adp_retrans_en",			0x04, 0, 0),
	RADP_FIELD(RADP_ROCE_ACCL_ROCE_TX_WINDOW_EN,
		   "roce_tx_window_en",				0x04, 1, 1),
	RADP_FIELD(RADP_ROCE_ACCL_ROCE_SLOW_RESTART_EN,
		   "roce_slow_restart_en",			0x04, 2, 2),
	RADP_FIELD(RADP_ROCE_ACCL_ROCE_SLOW_RESTART_IDLE_EN,
		   "roce_slow_restart_idle_en",			0x04, 3, 3),
	RADP_FIELD(RADP_ROCE_ACCL_MIN_ACK_TIMEOUT_LIMIT_DISABLED,
		   "min_ack_timeout_limit_disabled",		0x04, 4, 4),
	RADP_FIELD(RADP_ROCE_ACCL_ADAPTIVE_ROUTING_FORCED_EN,
		   "adaptive_routing_forced_en",		0x04, 5, 5),
	RADP_FIELD(RADP_ROCE_ACCL_SELECTIVE_REPEAT_FORCED_EN,
		   "selective_repeat_forced_en",		0x04, 6, 6),
	RADP_FIELD(RADP_ROCE_ACCL_ADP_RETX_PROFILE_ID,
		   "adp_retx_profile_id",			0x04, 30, 28),
	RADP_FIELD(RADP_ROCE_ACCL_ADP_RETX_BASE_TIMEOUT_MIN,
		   "adp_retx_base_timeout_min",			0x08, 19, 0),
	RADP_FIELD(RADP_ROCE_ACCL_ADP_RETX_PROFILE_MAX_ID,
		   "adp_retx_profile_max_id",			0x08, 26, 24),
	RADP_FIELD(RADP_ROCE_ACCL_ADP_RETX_PROFILE_MAX_RANGE_NUM,
		   "adp_retx_profile_max_range_num",		0x08, 30, 28),

	RADP_FIELD(RADP_PROFILE_QP_TOTAL_TIMEOUT, "qp_total_timeout", 0x00, 31, 31),
	RADP_FIELD(RADP_PROFILE_RANGE_NUM,	"range_num",		0x00, 30, 28),
	RADP_FIELD(RADP_PROFILE_START_RANGE_INDEX, "start_range_index", 0x00, 26, 24),
	RADP_FIELD(RADP_PROFILE_TIME_UNIT,	"time_unit",		0x00, 23, 22),
	RADP_FIELD(RADP_PROFILE_TIME_BASE,	"time_base",		0x00, 15, 0),
	RADP_FIELD(RADP_PROFILE_RETX_TOTAL_TIMEOUT,
		   "retx_total_timeout",			0x04, 31, 24),
	RADP_FIELD(RADP_PROFILE_TIMEOUT_INIT_LOW_BOUND,
		   "timeout_init_low_bound",			0x04, 15, 8),
	RADP_FIELD(RADP_PROFILE_TIMEOUT_INIT_RANGE_SIZE,
		   "timeout_init_range_size",			0x04, 7, 0),

	RADP_FIELD(RADP_RANGE_PREV_RANGE_INDEX,	"prev_range_index",	0x00, 30, 28),
	RADP_FIELD(RADP_RANGE_DEC_MODE,		"dec_mode",		0x00, 27, 26),
	RADP_FIELD(RADP_RANGE_TIMEOUT_RETRY_NUM, "timeout_retry_num",	0x00, 25, 16),
	RADP_FIELD(RADP_RANGE_RANGE_LOW_BOUND,	"range_low_bound",	0x00, 15, 8),
	RADP_FIELD(RADP_RANGE_RANGE_SIZE,	"range_size",		0x00, 7, 0),
};
