// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/* The firmware layouts, one row per field; see radp_ifc.h. */

#ifdef __KERNEL__
#include <uapi/linux/roce_adp.h>
#else
#include <linux/roce_adp.h>
#endif

#include "radp_ifc.h"

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
