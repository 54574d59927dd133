/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * Firmware interface: command mailboxes and register layouts (PRM).
 *
 * Every field is one row of radp_fields[] (radp_reg.c), written the way the
 * PRM writes it: the byte offset of its big-endian dword and its bits there,
 * bit 0 being the least significant. The register layouts' rows come from
 * their lists in radp_fields.h. Nothing else shifts or masks a field.
 * The codec builds into the kernel module, adpctl and the unit tests.
 */
#ifndef _RADP_IFC_H
#define _RADP_IFC_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <asm/byteorder.h>
#else
#include <radp_user_types.h>	/* tools/include: the same names in user space */
#endif

/* A field's attribute type, the nla column of radp_fields.h. */
enum radp_nla {
	RADP_NLA_NONE,		/* no attribute */
	RADP_NLA_U8,
	RADP_NLA_U32,
	RADP_NLA_U64,
};

/* How a field's value reads and prints, the kind column. */
enum radp_kind {
	RADP_KIND_NUM,
	RADP_KIND_BOOL,
	RADP_KIND_NS,
	RADP_KIND_TIME_UNIT,
	RADP_KIND_DEC_MODE,
	RADP_KIND_CC_BURST_SIZE,
	RADP_KIND_CC_PROBE_MP_MODE,
	RADP_KIND_HIST_TIME_UNIT,
	RADP_KIND_HIST_BIN_WIDTH_MODE,
	RADP_KIND_COUNT,
};

/**
 * struct radp_field - one field of a firmware layout, a row of radp_fields.h
 * @name: its name in the PRM, also its name in adpctl and JSON
 * @byte: byte offset of the dword holding it
 * @hi: its most significant bit in that dword
 * @lo: its least significant bit
 * @nla: its attribute's type (enum radp_nla), RADP_NLA_NONE for none
 * @kind: how its value reads and prints (enum radp_kind)
 * @attr: its netlink attribute, in the nest of its layout; 0 for none
 * @sel: a ROCE_ACCL feature's *_field_select (enum radp_fld), else 0
 */
struct radp_field {
	const char *name;
	u16 byte;
	u8 hi;
	u8 lo;
	u8 nla;
	u8 kind;
	u16 attr;
	u16 sel;
};

/*
 * Every field the project uses, each an index into radp_fields[]: the
 * mailbox headers here, the register layouts from their lists in
 * radp_fields.h (RADP_<LAYOUT>_<ID>, ROCE_ACCL's as RADP_ROCE_ACCL_<ID>).
 */
enum radp_fld {
	/* command mailbox headers */
	RADP_CMD_IN_OPCODE,
	RADP_CMD_IN_OP_MOD,
	RADP_CMD_OUT_STATUS,
	RADP_CMD_OUT_SYNDROME,

	/* ACCESS_REG input mailbox (data from RADP_ACCESS_REG_DATA_OFF) */
	RADP_ACCESS_REG_IN_REGISTER_ID,
	RADP_ACCESS_REG_IN_ARGUMENT,

	/* QUERY_MPT input mailbox (the entry is output data at 0x10) */
	RADP_QUERY_MPT_IN_INPUT_MODIFIER,

	/*
	 * The layouts in the order of radp_fields.h: ROCE_ACCL (its
	 * *_field_select and enables in bit order: entry i is bit i of its
	 * dword), adp_retx_profile, timeout_range, the MPT entry
	 * (RADP_MPT_FIRST .. RADP_MPT_LAST), ADP_RETX_HISTOGRAM_CONFIG,
	 * ADP_RETX_HISTOGRAM and one of its counters (offsets from its start).
	 */
#define RADP_ACCL_SELECT_FIELD(_id, ...)	RADP_ROCE_ACCL_##_id,
#define RADP_ACCL_FEATURE_FIELD(_id, ...)	RADP_ROCE_ACCL_##_id,
#define RADP_ACCL_PROFILE_FIELD(_id, ...)	RADP_ROCE_ACCL_##_id,
#define RADP_ACCL_CAPS_FIELD(_id, ...)		RADP_ROCE_ACCL_##_id,
#define RADP_PROFILE_FIELD(_id, ...)		RADP_PROFILE_##_id,
#define RADP_RANGE_FIELD(_id, ...)		RADP_RANGE_##_id,
#define RADP_MPT_FIELD(_id, ...)		RADP_MPT_##_id,
#define RADP_HIST_CONFIG_FIELD(_id, ...)	RADP_HIST_CONFIG_##_id,
#define RADP_HIST_FIELD(_id, ...)		RADP_HIST_##_id,
#define RADP_HIST_BIN_FIELD(_id, ...)		RADP_HIST_##_id,
#include "radp_fields.h"

	RADP_FLD_COUNT,
	RADP_MPT_FIRST = RADP_MPT_R_W,
	RADP_MPT_LAST = RADP_MPT_MTT_FBO,
};

/* The number of rows of each list. */
enum {
#define RADP_ACCL_FEATURE_FIELD(_id, ...)	RADP_N_FEATURE_##_id,
#include "radp_fields.h"
	RADP_ACCL_FEATURE_COUNT
};

enum {
#define RADP_ACCL_CAPS_FIELD(_id, ...)		RADP_N_CAPS_##_id,
#include "radp_fields.h"
	RADP_ACCL_CAPS_COUNT
};

enum {
#define RADP_PROFILE_FIELD(_id, ...)		RADP_N_PROFILE_##_id,
#include "radp_fields.h"
	RADP_PROFILE_FIELDS_COUNT
};

enum {
#define RADP_RANGE_FIELD(_id, ...)		RADP_N_RANGE_##_id,
#include "radp_fields.h"
	RADP_RANGE_FIELDS_COUNT
};

enum {
#define RADP_HIST_CONFIG_FIELD(_id, ...)	RADP_N_HIST_CONFIG_##_id,
#include "radp_fields.h"
	RADP_HIST_CONFIG_FIELDS_COUNT
};

extern const struct radp_field radp_fields[RADP_FLD_COUNT];

static inline u32 radp_field_mask(const struct radp_field *f)
{
	return (u32)((2ULL << (f->hi - f->lo)) - 1);
}

/* Read field @f of a layout; also for tables other than radp_fields[]. */
static inline u32 radp_field_get(const void *buf, const struct radp_field *f)
{
	const __be32 *dw = (const __be32 *)((const u8 *)buf + f->byte);

	return (be32_to_cpu(*dw) >> f->lo) & radp_field_mask(f);
}

static inline u32 radp_get(const void *buf, enum radp_fld fld)
{
	return radp_field_get(buf, &radp_fields[fld]);
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
	RADP_CMD_OP_QUERY_MPT		= 0x00e,	/* mlx4's opcode */
	RADP_CMD_OP_ACCESS_REG		= 0x805,
};

/* ACCESS_REG */
#define RADP_ACCESS_REG_DATA_OFF	0x10
enum {
	RADP_ACCESS_REG_WRITE		= 0,	/* op_mod */
	RADP_ACCESS_REG_READ		= 1,
};

#define RADP_REG_ID_ROCE_ACCL		0x402c
#define RADP_ROCE_ACCL_LEN		0x80
#define RADP_ROCE_ACCL_LEN_OLD		0x40	/* older firmware */
#define RADP_ROCE_ACCL_PROFILE_OFF	0x10	/* adp_retx_profile */
#define RADP_PROFILE_LEN		0x30
#define RADP_PROFILE_RANGE_OFF		0x08	/* timeout_range[] */
#define RADP_RANGE_LEN			0x04
#define RADP_RANGES			4

/* ADP_RETX_HISTOGRAM_CONFIG and ADP_RETX_HISTOGRAM */
#define RADP_REG_ID_HIST_CONFIG		0xc01d
#define RADP_REG_ID_HIST		0xc01e
#define RADP_HIST_CONFIG_LEN		0x80
#define RADP_HIST_BIN_OFF		0x10	/* the counters */
#define RADP_HIST_BIN_LEN		0x08
#define RADP_HIST_BINS_MAX		255	/* bin_num is 8 bits wide */
/* The register holding @n counters: exactly what is read. */
#define RADP_HIST_LEN(n)		(RADP_HIST_BIN_OFF + RADP_HIST_BIN_LEN * (n))

/* QUERY_MPT: input modifier = MPT index; the entry follows the header */
#define RADP_QUERY_MPT_OUT_ENTRY_OFF	0x10
#define RADP_MPT_LEN			0x40
enum {
	RADP_MPT_STATUS_HW		= 0x0,	/* any but the two below */
	RADP_MPT_STATUS_FREE		= 0x3,
	RADP_MPT_STATUS_INVALID		= 0xf,
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
