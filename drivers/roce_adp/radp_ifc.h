/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * Firmware interface: command mailboxes and register layouts (PRM).
 *
 * Every field is one row of radp_fields[] (radp_ifc.c), written the way the
 * PRM writes it: the byte offset of its big-endian dword and its bits there,
 * bit 0 being the least significant. Nothing else shifts or masks a field.
 * The same two files build into the kernel module, adpctl and the unit
 * tests.
 */
#ifndef _RADP_IFC_H
#define _RADP_IFC_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <asm/byteorder.h>
#else
#include <radp_user_types.h>	/* tools/include: the same names in user space */
#endif

/**
 * struct radp_field - one field of a firmware layout
 * @name: its name in the PRM, also its name in adpctl and JSON
 * @byte: byte offset of the dword holding it
 * @hi: its most significant bit in that dword
 * @lo: its least significant bit
 */
struct radp_field {
	const char *name;
	u16 byte;
	u8 hi;
	u8 lo;
};

/* Every field the project uses, each an index into radp_fields[]. */
enum radp_fld {
	/* command mailbox headers */
	RADP_CMD_IN_OPCODE,
	RADP_CMD_IN_OP_MOD,
	RADP_CMD_OUT_STATUS,
	RADP_CMD_OUT_SYNDROME,

	RADP_FLD_COUNT
};

extern const struct radp_field radp_fields[RADP_FLD_COUNT];

static inline u32 radp_field_mask(const struct radp_field *f)
{
	return (u32)((2ULL << (f->hi - f->lo)) - 1);
}

static inline u32 radp_get(const void *buf, enum radp_fld fld)
{
	const struct radp_field *f = &radp_fields[fld];
	const __be32 *dw = (const __be32 *)((const u8 *)buf + f->byte);

	return (be32_to_cpu(*dw) >> f->lo) & radp_field_mask(f);
}

/* Store @val, truncated to the field's width; other bits are kept. */
static inline void radp_set(void *buf, enum radp_fld fld, u32 val)
{
	const struct radp_field *f = &radp_fields[fld];
	__be32 *dw = (__be32 *)((u8 *)buf + f->byte);
	u32 mask = radp_field_mask(f) << f->lo;

	*dw = cpu_to_be32((be32_to_cpu(*dw) & ~mask) | ((val << f->lo) & mask));
}

/* Command mailboxes (mlx5 command interface) */
#define RADP_CMD_IN_HDR_LEN	0x10
#define RADP_CMD_OUT_HDR_LEN	0x10

enum {
	RADP_CMD_OP_ACCESS_REG		= 0x805,
};

enum {
	RADP_CMD_STAT_OK		= 0x00,
	RADP_CMD_STAT_INT_ERR		= 0x01,
	RADP_CMD_STAT_BAD_OP		= 0x02,
	RADP_CMD_STAT_BAD_PARAM		= 0x03,
	RADP_CMD_STAT_BAD_SYS_STATE	= 0x04,
	RADP_CMD_STAT_BAD_RES		= 0x05,
	RADP_CMD_STAT_RES_BUSY		= 0x06,
	RADP_CMD_STAT_NOT_READY		= 0x07,
	RADP_CMD_STAT_LIM		= 0x08,
	RADP_CMD_STAT_BAD_RES_STATE	= 0x09,
	RADP_CMD_STAT_IX		= 0x0a,
	RADP_CMD_STAT_NO_RES		= 0x0f,
	RADP_CMD_STAT_BAD_INP_LEN	= 0x50,
	RADP_CMD_STAT_BAD_OUTP_LEN	= 0x51,
};

#endif /* _RADP_IFC_H */
