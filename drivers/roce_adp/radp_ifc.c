// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/* The firmware layouts, one row per field; see radp_ifc.h. */

#include "radp_ifc.h"

#define RADP_FIELD(_fld, _name, _byte, _hi, _lo) \
	[_fld] = { .name = _name, .byte = _byte, .hi = _hi, .lo = _lo }

/* One row of a list in radp_fields.h; its other columns are not used here. */
#define RADP_ROW(_fld, _name, _byte, _hi, _lo) \
	RADP_FIELD(_fld, #_name, _byte, _hi, _lo),
#define RADP_ROW_ACCL(_id, _name, _byte, _hi, _lo, ...) \
	RADP_ROW(RADP_ROCE_ACCL_##_id, _name, _byte, _hi, _lo)
#define RADP_ROW_PROFILE(_id, _name, _byte, _hi, _lo, ...) \
	RADP_ROW(RADP_PROFILE_##_id, _name, _byte, _hi, _lo)
#define RADP_ROW_RANGE(_id, _name, _byte, _hi, _lo, ...) \
	RADP_ROW(RADP_RANGE_##_id, _name, _byte, _hi, _lo)
#define RADP_ROW_MPT(_id, _name, _byte, _hi, _lo, ...) \
	RADP_ROW(RADP_MPT_##_id, _name, _byte, _hi, _lo)
#define RADP_ROW_HIST_CONFIG(_id, _name, _byte, _hi, _lo, ...) \
	RADP_ROW(RADP_HIST_CONFIG_##_id, _name, _byte, _hi, _lo)
#define RADP_ROW_HIST(_id, _name, _byte, _hi, _lo, ...) \
	RADP_ROW(RADP_HIST_##_id, _name, _byte, _hi, _lo)

const struct radp_field radp_fields[RADP_FLD_COUNT] = {
	RADP_FIELD(RADP_CMD_IN_OPCODE,		"opcode",	0x00, 31, 16),
	RADP_FIELD(RADP_CMD_IN_OP_MOD,		"op_mod",	0x04, 15, 0),
	RADP_FIELD(RADP_CMD_OUT_STATUS,		"status",	0x00, 31, 24),
	RADP_FIELD(RADP_CMD_OUT_SYNDROME,	"syndrome",	0x04, 31, 0),

	RADP_FIELD(RADP_ACCESS_REG_IN_REGISTER_ID, "register_id", 0x08, 15, 0),
	RADP_FIELD(RADP_ACCESS_REG_IN_ARGUMENT,	"argument",	0x0c, 31, 0),

	RADP_FIELD(RADP_QUERY_MPT_IN_INPUT_MODIFIER, "input_modifier", 0x08, 31, 0),

	RADP_ACCL_SELECT_FIELDS(RADP_ROW_ACCL)
	RADP_ACCL_FEATURE_FIELDS(RADP_ROW_ACCL)
	RADP_ACCL_PROFILE_FIELDS(RADP_ROW_ACCL)
	RADP_ACCL_CAPS_FIELDS(RADP_ROW_ACCL)
	RADP_PROFILE_FIELDS(RADP_ROW_PROFILE)
	RADP_RANGE_FIELDS(RADP_ROW_RANGE)
	RADP_MPT_FIELDS(RADP_ROW_MPT)
	RADP_HIST_CONFIG_FIELDS(RADP_ROW_HIST_CONFIG)
	RADP_HIST_FIELDS(RADP_ROW_HIST)
	RADP_HIST_BIN_FIELDS(RADP_ROW_HIST)
};
