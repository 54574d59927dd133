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
};
