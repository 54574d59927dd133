/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The firmware model's own view of the interface: the command mailbox
 * headers and the layouts of ROCE_ACCL, its profile, the two histogram
 * registers and the hermon MPT entry, in mlx5_ifc.h's notation (a field
 * is u8 name[width], most significant bit of each dword first) for the
 * kernel's MLX5_GET()/MLX5_SET(). Written from the PRM tables (ROCE_ACCL,
 * adp_retx_profile, timeout_range, ADP_RETX_HISTOGRAM_CONFIG and
 * ADP_RETX_HISTOGRAM, the mlx5 ACCESS_REG mailboxes) and from the
 * hermonprm_mpt_st listing (ROCE_ACCL, the profile, its ranges and the
 * histogram configuration in fw_model/adp_retx_ifc.h, which the mlx5_core
 * stand-in shares), and on purpose not from the driver's rows
 * (drivers/roce_adp/radp_fields.h): the model links none of the driver's
 * codec, so that a field the driver places wrongly makes the guest tests
 * fail instead of being decoded the same wrong way on both sides. No rule
 * is shared either: the model's checks (emu_fw.c's profile rules and
 * feature encodings, emu_hist_rules.c's configuration rules) are its own;
 * what it shares with the driver is the backend API of roce_adp.h alone.
 */
#ifndef _RADP_EMU_IFC_H
#define _RADP_EMU_IFC_H

#include <linux/mlx5/device.h>

#include "fw_model/adp_retx_ifc.h"
#include "emu_hist_rules.h"

/* Command mailboxes: the header of every input and output mailbox. */
struct mlx5_ifc_emu_cmd_in_bits {
	u8 opcode[0x10];
	u8 uid[0x10];

	u8 reserved_at_20[0x10];
	u8 op_mod[0x10];

	u8 reserved_at_40[0x40];
};

struct mlx5_ifc_emu_cmd_out_bits {
	u8 status[0x8];
	u8 reserved_at_8[0x18];

	u8 syndrome[0x20];

	u8 reserved_at_40[0x40];
};

/* ACCESS_REG (0x805): the register's data follows the header. */
struct mlx5_ifc_emu_access_reg_in_bits {
	u8 opcode[0x10];
	u8 uid[0x10];

	u8 reserved_at_20[0x10];
	u8 op_mod[0x10];

	u8 reserved_at_40[0x10];
	u8 register_id[0x10];

	u8 argument[0x20];
};

/* QUERY_MPT (mlx4's 0x00e): the input modifier is the MPT index. */
struct mlx5_ifc_emu_query_mpt_in_bits {
	u8 opcode[0x10];
	u8 uid[0x10];

	u8 reserved_at_20[0x10];
	u8 op_mod[0x10];

	u8 input_modifier[0x20];

	u8 reserved_at_60[0x20];
};

/* ADP_RETX_HISTOGRAM (0xc01e): this header, then bin_num counters. */
struct mlx5_ifc_emu_hist_bits {
	u8 bin_num[0x8];
	u8 reserved_at_8[0x18];

	u8 reserved_at_20[0x60];
};

/* One counter of ADP_RETX_HISTOGRAM, high dword first. */
struct mlx5_ifc_emu_hist_bin_bits {
	u8 bin_count[0x40];
};

/*
 * hermonprm_mpt_st, 64 bytes. The listing gives each dword's fields from
 * bit 0 up; here they are written from bit 31 down, as mlx5_ifc.h does.
 */
struct mlx5_ifc_emu_mpt_bits {
	u8 status[0x4];
	u8 reserved_at_4[0x8];
	u8 no_snoop[0x1];
	u8 reserved_at_d[0x1];
	u8 atc_xlated[0x1];
	u8 atc_req[0x1];
	u8 eb[0x1];
	u8 atomic[0x1];
	u8 rw[0x1];
	u8 rr[0x1];
	u8 lw[0x1];
	u8 lr[0x1];
	u8 pa[0x1];
	u8 r_w[0x1];
	u8 reserved_at_18[0x8];

	u8 qpn[0x18];
	u8 bqp[0x1];
	u8 reserved_at_39[0x7];

	u8 mem_key[0x20];

	u8 reserved_at_60[0x1];
	u8 m_dif[0x1];
	u8 w_dif[0x1];
	u8 rae[0x1];
	u8 fre[0x1];
	u8 nce[0x1];
	u8 ei[0x1];
	u8 en_rinv[0x1];
	u8 pd[0x18];

	u8 start_addr_h[0x20];
	u8 start_addr_l[0x20];
	u8 len_h[0x20];
	u8 len_l[0x20];

	u8 lkey[0x20];

	u8 reserved_at_120[0x8];
	u8 win_cnt[0x18];

	u8 reserved_at_140[0x8];
	u8 fbo_en[0x1];
	u8 len64[0x1];
	u8 block_mode[0x1];
	u8 reserved_at_14b[0x11];
	u8 mtt_rep[0x4];

	u8 reserved_at_160[0x18];
	u8 mtt_adr_h[0x8];

	u8 mtt_adr_l[0x20];

	u8 mtt_size[0x20];

	u8 reserved_at_1c0[0xb];
	u8 entity_size[0x15];

	u8 reserved_at_1e0[0xb];
	u8 mtt_fbo[0x15];
};

/* Opcodes, registers and lengths. */
#define RADP_EMU_OP_QUERY_MPT		0x00e
#define RADP_EMU_OP_ACCESS_REG		0x805
#define RADP_EMU_ACCESS_REG_WRITE	0	/* op_mod */
#define RADP_EMU_ACCESS_REG_READ	1

#define RADP_EMU_IN_HDR_LEN		MLX5_ST_SZ_BYTES(emu_cmd_in)
#define RADP_EMU_OUT_HDR_LEN		MLX5_ST_SZ_BYTES(emu_cmd_out)
#define RADP_EMU_REG_DATA_OFF		MLX5_ST_SZ_BYTES(emu_access_reg_in)

#define RADP_EMU_REG_ROCE_ACCL		0x402c
#define RADP_EMU_ACCL_LEN		MLX5_ST_SZ_BYTES(fw_model_roce_accl)
#define RADP_EMU_ACCL_LEN_OLD		0x40
#define RADP_EMU_PROFILE_LEN		MLX5_ST_SZ_BYTES(fw_model_adp_retx_profile)
#define RADP_EMU_RANGES			4
/* adp_retx_profile_id is 3 bits: profiles 0 (the firmware's) to 7. */
#define RADP_EMU_PROFILES		8

#define RADP_EMU_REG_HIST_CONFIG	0xc01d
#define RADP_EMU_REG_HIST		0xc01e
#define RADP_EMU_HIST_CONFIG_LEN	MLX5_ST_SZ_BYTES(fw_model_hist_config)
#define RADP_EMU_HIST_LEN(n)		(MLX5_ST_SZ_BYTES(emu_hist) + \
					 MLX5_ST_SZ_BYTES(emu_hist_bin) * (n))

/* QUERY_MPT's output: the entry follows the header. */
#define RADP_EMU_MPT_LEN		MLX5_ST_SZ_BYTES(emu_mpt)
#define RADP_EMU_MPT_OUT_OFF		RADP_EMU_OUT_HDR_LEN
#define RADP_EMU_MPT_STATUS_HW		0x0
#define RADP_EMU_MPT_STATUS_INVALID	0xf

/* Command statuses (the PRM's). */
enum {
	RADP_EMU_STAT_OK		= 0x00,
	RADP_EMU_STAT_INT_ERR		= 0x01,
	RADP_EMU_STAT_BAD_OP		= 0x02,
	RADP_EMU_STAT_BAD_PARAM		= 0x03,
	RADP_EMU_STAT_BAD_SYS_STATE	= 0x04,
	RADP_EMU_STAT_BAD_RES		= 0x05,
	RADP_EMU_STAT_RES_BUSY		= 0x06,
	RADP_EMU_STAT_NOT_READY		= 0x07,
	RADP_EMU_STAT_LIM		= 0x08,
	RADP_EMU_STAT_BAD_RES_STATE	= 0x09,
	RADP_EMU_STAT_IX		= 0x0a,
	RADP_EMU_STAT_NO_RES		= 0x0f,
	RADP_EMU_STAT_BAD_INP_LEN	= 0x50,
	RADP_EMU_STAT_BAD_OUTP_LEN	= 0x51,
};

/* Encodings of field values, from the same tables. */
#define RADP_EMU_TIME_UNIT_USEC		1	/* adp_retx_profile.time_unit */
#define RADP_EMU_DEC_MODE_RESERVED	3
/* The histogram configuration's: emu_hist_rules.h. */

/*
 * A field of a layout by its position, for tables walked at run time
 * (MLX5_GET() and MLX5_SET() need the field's name at compile time):
 * { __mlx5_bit_off(typ, fld), __mlx5_bit_sz(typ, fld) }.
 */
struct radp_emu_fld {
	u16 off;	/* bit offset from the start, mlx5_ifc's */
	u8 sz;		/* width in bits, at most 32, within one dword */
};

static inline u32 radp_emu_fld_mask(const struct radp_emu_fld *f)
{
	return (u32)((2ULL << (f->sz - 1)) - 1);
}

static inline u32 radp_emu_fld_shift(const struct radp_emu_fld *f)
{
	return 32 - f->sz - (f->off & 0x1f);
}

static inline u32 radp_emu_fld_get(const void *p, const struct radp_emu_fld *f)
{
	const __be32 *dw = (const __be32 *)p + f->off / 32;

	return (be32_to_cpu(*dw) >> radp_emu_fld_shift(f)) &
	       radp_emu_fld_mask(f);
}

static inline void radp_emu_fld_set(void *p, const struct radp_emu_fld *f,
				    u32 v)
{
	__be32 *dw = (__be32 *)p + f->off / 32;
	u32 mask = radp_emu_fld_mask(f) << radp_emu_fld_shift(f);

	*dw = cpu_to_be32((be32_to_cpu(*dw) & ~mask) |
			  ((v << radp_emu_fld_shift(f)) & mask));
}

#endif /* _RADP_EMU_IFC_H */
