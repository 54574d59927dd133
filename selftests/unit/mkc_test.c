// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * Unit tests of the mkey context to MPT mapping (radp_mkc.c), TAP output.
 *
 * Golden vectors: an mkey context as QUERY_MKEY returns it, the fields
 * expected from it and the hermon entry radp_mpt_pack() then makes. Every
 * value is written out by hand from the layouts (mlx5_ifc_mkc_bits of
 * Linux 6.12, hermonprm_mpt_st) and Documentation/mlx5-backend.rst; none
 * is computed with the code under test. Dwords are written as numbers and
 * stored big-endian, as both layouts keep them.
 *
 * Built with RADP_MLX5_IFC_H (the path of mlx5_ifc.h), the field table is
 * also checked against the kernel header's bit offsets.
 */
#include <stddef.h>

#include "radp_mkc.h"
#include "tap.h"

#define DW		16	/* dwords in an mkey context and in an MPT entry */
#define DIRT		0xa5	/* what the decoded struct holds before a call */

/* Fields the mapping always reports, listed from the documentation. */
#define B(fld)		RADP_MPT_BIT(RADP_MPT_##fld)
#define ALWAYS		(B(PA) | B(LR) | B(LW) | B(RR) | B(RW) | B(ATOMIC) | \
			 B(STATUS) | B(BQP) | B(QPN) | B(MEM_KEY) | B(PD) | \
			 B(EN_RINV) | B(FRE) | B(START_ADDR_H) | B(LEN_H) | \
			 B(LEN64))

struct vector {
	const char *name;
	u32 index;
	u32 mkc[DW];
	struct radp_mpt want;
	u32 entry[DW];
};

static const struct vector vectors[] = {
	{
		/* 2 MiB of user memory, 4 KiB pages: 512 MTT entries */
		.name = "user MR, MTT, all access rights",
		.index = 0x000123,
		.mkc = {
			[0x00 / 4] = 0x00007d00, /* a rw rr lw lr, access_mode_1_0 1 */
			[0x04 / 4] = 0xffffff42, /* qpn none, mkey_7_0 0x42 */
			[0x0c / 4] = 0x00000123, /* pd */
			[0x10 / 4] = 0x00007f12, 0x34560000, /* start_addr */
			[0x18 / 4] = 0x00000000, 0x00200000, /* len */
			[0x34 / 4] = 0x00000100, /* translations_octword_size */
			[0x38 / 4] = 0x0000000c, /* log_page_size */
		},
		.want = {
			.present = ALWAYS | B(MTT_SIZE) | B(ENTITY_SIZE),
			.lr = 1, .lw = 1, .rr = 1, .rw = 1, .atomic = 1,
			.qpn = 0xffffff, .mem_key = 0x00012342, .pd = 0x123,
			.start_addr = 0x00007f1234560000ULL, .len = 0x200000,
			.mtt_size = 512, .entity_size = 12,
		},
		.entry = {
			[0x00 / 4] = 0x00007c00, /* lr lw rr rw atomic */
			[0x04 / 4] = 0xffffff00, /* qpn, bqp 0 */
			[0x08 / 4] = 0x42000123, /* mem_key, rotated */
			[0x0c / 4] = 0x00000123,
			[0x10 / 4] = 0x00007f12, 0x34560000,
			[0x18 / 4] = 0x00000000, 0x00200000,
			[0x34 / 4] = 0x00000200, /* mtt_size */
			[0x38 / 4] = 0x0000000c, /* entity_size */
		},
	}, {
		/* what mlx5_ib makes for ib_alloc_mr(IB_MR_TYPE_MEM_REG) */
		.name = "fast-register MR, free, umr_en",
		.index = 0x00abcd,
		.mkc = {
			[0x00 / 4] = 0x40008d00, /* free umr_en lw lr, MTT */
			[0x04 / 4] = 0xffffff00,
			[0x0c / 4] = 0x01000007, /* en_rinval, pd 7 */
			[0x34 / 4] = 0x00000010,
		},
		.want = {
			.present = ALWAYS | B(MTT_SIZE) | B(ENTITY_SIZE),
			.lr = 1, .lw = 1, .status = 0x3, .qpn = 0xffffff,
			.mem_key = 0x00abcd00, .pd = 7, .en_rinv = 1, .fre = 1,
			.mtt_size = 32,
		},
		.entry = {
			[0x00 / 4] = 0x30000c00, /* status free, lw lr */
			[0x04 / 4] = 0xffffff00,
			[0x08 / 4] = 0x0000abcd,
			[0x0c / 4] = 0x09000007, /* fre, en_rinv, pd */
			[0x34 / 4] = 0x00000020,
		},
	}, {
		/* access_mode 5 = access_mode_4_2 1, access_mode_1_0 1 */
		.name = "MEMIC, bound to a QP, 2^64 bytes, last index",
		.index = 0xffffff,
		.mkc = {
			[0x00 / 4] = 0x04005100, /* mode 5, a, rr */
			[0x04 / 4] = 0x000abcff, /* qpn 0xabc, mkey_7_0 0xff */
			[0x0c / 4] = 0x80fffffe, /* length64, pd */
			[0x10 / 4] = 0xffffffff, 0xfffff000,
			[0x34 / 4] = 0x00000007, /* not an MTT count here */
			[0x38 / 4] = 0x0000003f, /* nor a page size */
		},
		.want = {
			.present = ALWAYS,
			.rr = 1, .atomic = 1, .bqp = 1, .qpn = 0xabc,
			.mem_key = 0xffffffff, .pd = 0xfffffe,
			.start_addr = 0xfffffffffffff000ULL, .len64 = 1,
		},
		.entry = {
			[0x00 / 4] = 0x00005000, /* atomic rr */
			[0x04 / 4] = 0x000abc80, /* qpn, bqp */
			[0x08 / 4] = 0xffffffff,
			[0x0c / 4] = 0x00fffffe,
			[0x10 / 4] = 0xffffffff, 0xfffff000,
			[0x28 / 4] = 0x00400000, /* len64 */
		},
	}, {
		/* every bit the mapping does not read is set, and ignored */
		.name = "PA, every unmapped bit set",
		.index = 0,
		.mkc = {
			0xa3ff00ff, 0x00000000, 0xffffffff, 0x7e000000,
			0x00000000, 0x00000000, 0x00000000, 0x00000000,
			0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
			0xffffffff, 0xffffffff, 0xffffffc0, 0xffffffff,
		},
		.want = {
			.present = ALWAYS,
			.pa = 1, .bqp = 1,
		},
		.entry = {
			[0x00 / 4] = 0x00000200, /* pa */
			[0x04 / 4] = 0x00000080, /* qpn 0, bound */
		},
	}, {
		.name = "KSM: block size without an MTT count",
		.index = 0x10,
		.mkc = {
			[0x00 / 4] = 0x00000700, /* lr, access_mode_1_0 3 */
			[0x04 / 4] = 0xffffff01,
			[0x34 / 4] = 0x00000004,
			[0x38 / 4] = 0x00000021, /* log_page_size, bit 5 set */
		},
		.want = {
			.present = ALWAYS | B(ENTITY_SIZE),
			.lr = 1, .qpn = 0xffffff, .mem_key = 0x1001,
			.entity_size = 33,
		},
		.entry = {
			[0x00 / 4] = 0x00000400,
			[0x04 / 4] = 0xffffff00,
			[0x08 / 4] = 0x01000010,
			[0x38 / 4] = 0x00000021,
		},
	}, {
		.name = "MTT: an MTT count beyond 32 bits is left out",
		.index = 1,
		.mkc = {
			[0x00 / 4] = 0x00000500, /* lr, MTT */
			[0x04 / 4] = 0xffffff00,
			[0x34 / 4] = 0x80000000,
			[0x38 / 4] = 0x0000000c,
		},
		.want = {
			.present = ALWAYS | B(ENTITY_SIZE),
			.lr = 1, .qpn = 0xffffff, .mem_key = 0x100,
			.entity_size = 12,
		},
		.entry = {
			[0x00 / 4] = 0x00000400,
			[0x04 / 4] = 0xffffff00,
			[0x08 / 4] = 0x00000001,
			[0x38 / 4] = 0x0000000c,
		},
	}, {
		.name = "every bit set",
		.index = 0x000042,
		.mkc = {
			0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
			0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
			0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
			0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
		},
		.want = {
			.present = ALWAYS,	/* access mode 31: neither */
			.lr = 1, .lw = 1, .rr = 1, .rw = 1, .atomic = 1,
			.status = 0x3, .qpn = 0xffffff, .mem_key = 0x000042ff,
			.pd = 0xffffff, .en_rinv = 1, .fre = 1,
			.start_addr = ~0ULL, .len = ~0ULL, .len64 = 1,
		},
		.entry = {
			[0x00 / 4] = 0x30007c00,
			[0x04 / 4] = 0xffffff00,
			[0x08 / 4] = 0xff000042,
			[0x0c / 4] = 0x09ffffff,
			[0x10 / 4] = 0xffffffff, 0xffffffff,
			[0x18 / 4] = 0xffffffff, 0xffffffff,
			[0x28 / 4] = 0x00400000,
		},
	},
};

/* Every member of struct radp_mpt, for comparison and diagnostics. */
struct member {
	const char *name;
	size_t off;
	size_t size;
};

#define M(_m) { #_m, offsetof(struct radp_mpt, _m), \
		sizeof(((struct radp_mpt *)0)->_m) }

static const struct member members[] = {
	M(r_w), M(pa), M(lr), M(lw), M(rr), M(rw), M(atomic), M(eb),
	M(atc_req), M(atc_xlated), M(no_snoop), M(status), M(bqp), M(qpn),
	M(mem_key), M(pd), M(en_rinv), M(ei), M(nce), M(fre), M(rae),
	M(w_dif), M(m_dif), M(start_addr), M(len), M(lkey), M(win_cnt),
	M(mtt_rep), M(block_mode), M(len64), M(fbo_en), M(mtt_adr),
	M(mtt_size), M(entity_size), M(mtt_fbo),
};

static u64 member_get(const struct radp_mpt *m, const struct member *mm)
{
	const char *p = (const char *)m + mm->off;
	u64 v64;
	u32 v32;

	if (mm->size == sizeof(u64)) {
		memcpy(&v64, p, sizeof(v64));
		return v64;
	}
	memcpy(&v32, p, sizeof(v32));
	return v32;
}

static void to_be(u8 *dst, const u32 *dw)
{
	unsigned int i;

	for (i = 0; i < DW; i++) {
		__be32 be = cpu_to_be32(dw[i]);

		memcpy(dst + 4 * i, &be, 4);
	}
}

static void test_vector(const struct vector *v)
{
	u8 mkc[RADP_MKC_LEN], want_entry[RADP_MPT_LEN], entry[RADP_MPT_LEN];
	struct radp_mpt got;
	unsigned int i;
	bool ok = true;

	to_be(mkc, v->mkc);
	memset(&got, DIRT, sizeof(got));
	radp_mkc_to_mpt(mkc, v->index, &got);

	if (got.present != v->want.present) {
		tap_diag("present: expected %#llx, got %#llx",
			 (unsigned long long)v->want.present,
			 (unsigned long long)got.present);
		ok = false;
	}
	for (i = 0; i < ARRAY_SIZE(members); i++) {
		u64 e = member_get(&v->want, &members[i]);
		u64 g = member_get(&got, &members[i]);

		if (e != g) {
			tap_diag("%s: expected %#llx, got %#llx",
				 members[i].name, (unsigned long long)e,
				 (unsigned long long)g);
			ok = false;
		}
	}
	tap_result(ok, "%s: fields", v->name);

	to_be(want_entry, v->entry);
	radp_mpt_pack(entry, &got);
	tap_result(tap_same_bytes(want_entry, entry, sizeof(entry)),
		   "%s: hermon entry", v->name);
}

/* The masks the vectors expect are made of struct radp_mpt's bits. */
static void test_present_bits(void)
{
	u64 all = RADP_MPT_ALL;

	tap_result(!((ALWAYS | B(MTT_SIZE) | B(ENTITY_SIZE)) & ~all),
		   "present bits are bits of struct radp_mpt fields");
	tap_result(ARRAY_SIZE(members) == radp_mpt_members_count,
		   "the test compares every member of struct radp_mpt (%zu of %u)",
		   ARRAY_SIZE(members), radp_mpt_members_count);
}

#ifdef RADP_MLX5_IFC_H
#define BIT(n)			(1UL << (n))
#define BIT_ULL(n)		(1ULL << (n))
#define DECLARE_FLEX_ARRAY(t, n) struct { struct { } __empty_##n; t n[]; }
#include RADP_MLX5_IFC_H

struct ifc_field {
	enum radp_mkc_fld fld;
	const char *name;
	size_t off;		/* bits, from the context's start */
	size_t width;
};

#define IFC(_fld, _m) { _fld, #_m, offsetof(struct mlx5_ifc_mkc_bits, _m), \
			sizeof(((struct mlx5_ifc_mkc_bits *)0)->_m) }
#define IFC64(_hi, _lo, _m)						\
	{ _hi, #_m "_h", offsetof(struct mlx5_ifc_mkc_bits, _m), 32 },	\
	{ _lo, #_m "_l", offsetof(struct mlx5_ifc_mkc_bits, _m) + 32, 32 }

static const struct ifc_field ifc_fields[] = {
	IFC(RADP_MKC_FREE, free),
	IFC(RADP_MKC_ACCESS_MODE_4_2, access_mode_4_2),
	IFC(RADP_MKC_UMR_EN, umr_en),
	IFC(RADP_MKC_A, a),
	IFC(RADP_MKC_RW, rw),
	IFC(RADP_MKC_RR, rr),
	IFC(RADP_MKC_LW, lw),
	IFC(RADP_MKC_LR, lr),
	IFC(RADP_MKC_ACCESS_MODE_1_0, access_mode_1_0),
	IFC(RADP_MKC_QPN, qpn),
	IFC(RADP_MKC_MKEY_7_0, mkey_7_0),
	IFC(RADP_MKC_LENGTH64, length64),
	IFC(RADP_MKC_EN_RINVAL, en_rinval),
	IFC(RADP_MKC_PD, pd),
	IFC64(RADP_MKC_START_ADDR_H, RADP_MKC_START_ADDR_L, start_addr),
	IFC64(RADP_MKC_LEN_H, RADP_MKC_LEN_L, len),
	IFC(RADP_MKC_TRANSLATIONS_OCTWORD_SIZE, translations_octword_size),
	IFC(RADP_MKC_LOG_PAGE_SIZE, log_page_size),
};

static void test_mlx5_ifc(void)
{
	unsigned int i;
	bool ok;

	tap_result(ARRAY_SIZE(ifc_fields) == RADP_MKC_FLD_COUNT,
		   "mlx5_ifc.h: every row of radp_mkc_fields[] is checked");
	tap_result(sizeof(struct mlx5_ifc_mkc_bits) / 8 == RADP_MKC_LEN,
		   "mlx5_ifc.h: the mkey context is %#x bytes", RADP_MKC_LEN);
	tap_result(offsetof(struct mlx5_ifc_query_mkey_out_bits,
			    memory_key_mkey_entry) / 8 == 0x10,
		   "mlx5_ifc.h: QUERY_MKEY returns it at byte 0x10");
	for (i = 0; i < ARRAY_SIZE(ifc_fields); i++) {
		const struct ifc_field *x = &ifc_fields[i];
		const struct radp_field *f = &radp_mkc_fields[x->fld];
		unsigned int hi = 31 - x->off % 32;
		unsigned int lo = hi + 1 - x->width;

		ok = f->byte == x->off / 32 * 4 && f->hi == hi &&
		     f->lo == lo && !strcmp(f->name, x->name);
		if (!ok)
			tap_diag("mlx5_ifc.h: %s at bit %#zx, width %zu: %#zx %u:%u; "
				 "table: %s %#x %u:%u", x->name, x->off, x->width,
				 x->off / 32 * 4, hi, lo, f->name, f->byte, f->hi,
				 f->lo);
		tap_result(ok, "mlx5_ifc.h: %s", x->name);
	}
}
#else
static void test_mlx5_ifc(void)
{
	/* make setup installs linux-headers-6.12-amd64, which has it. */
	tap_result(false, "mlx5_ifc.h of Linux 6.12 found (make setup installs it)");
}
#endif

int main(void)
{
	unsigned int i;

	tap_start();
	test_present_bits();
	for (i = 0; i < ARRAY_SIZE(vectors); i++)
		test_vector(&vectors[i]);
	test_mlx5_ifc();
	return tap_end();
}
