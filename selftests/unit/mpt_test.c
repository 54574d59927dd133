// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * Unit tests of the hermon MPT entry codec (radp_mpt.c), TAP output.
 *
 * Each row of the golden table is written by hand from the seed's
 * listing (first field named = least significant bits of its dword,
 * dwords stored big-endian) and cross-checked against mlx4's flag values
 * where mlx4 has one: the dword(s) that hold the field with the field at
 * its maximum. Nothing is computed with radp_fields[].
 */
#include <stddef.h>
#include <string.h>

#include "radp_mpt.h"
#include "tap.h"

#define ENTRY_LEN	64

struct golden {
	const char *name;	/* member of struct radp_mpt */
	u64 max;		/* the field at its maximum */
	unsigned int off;	/* byte offset of the (first) dword */
	u32 dw[2];		/* the dword(s) there; 64-bit members: two */
};

static const struct golden goldens[] = {
	{ "r_w",	1, 0x00, { 0x00000100 } },	/* MLX4_MPT_FLAG_REGION */
	{ "pa",		1, 0x00, { 0x00000200 } },	/* ..._PHYSICAL */
	{ "lr",		1, 0x00, { 0x00000400 } },	/* MLX4_PERM_LOCAL_READ */
	{ "lw",		1, 0x00, { 0x00000800 } },
	{ "rr",		1, 0x00, { 0x00001000 } },
	{ "rw",		1, 0x00, { 0x00002000 } },
	{ "atomic",	1, 0x00, { 0x00004000 } },	/* MLX4_PERM_ATOMIC */
	{ "eb",		1, 0x00, { 0x00008000 } },	/* MLX4_PERM_BIND_MW */
	{ "atc_req",	1, 0x00, { 0x00010000 } },
	{ "atc_xlated",	1, 0x00, { 0x00020000 } },
	{ "no_snoop",	1, 0x00, { 0x00080000 } },
	{ "status",	0xf, 0x00, { 0xf0000000 } },	/* MLX4_MPT_STATUS_SW */
	{ "bqp",	1, 0x04, { 0x00000080 } },	/* MLX4_MPT_QP_FLAG_BOUND_QP */
	{ "qpn",	0xffffff, 0x04, { 0xffffff00 } },
	{ "mem_key",	0xffffffff, 0x08, { 0xffffffff } },
	{ "pd",		0xffffff, 0x0c, { 0x00ffffff } },
	{ "en_rinv",	1, 0x0c, { 0x01000000 } },
	{ "ei",		1, 0x0c, { 0x02000000 } },
	{ "nce",	1, 0x0c, { 0x04000000 } },
	{ "fre",	1, 0x0c, { 0x08000000 } },	/* MLX4_MPT_PD_FLAG_FAST_REG */
	{ "rae",	1, 0x0c, { 0x10000000 } },	/* MLX4_MPT_PD_FLAG_RAE */
	{ "w_dif",	1, 0x0c, { 0x20000000 } },
	{ "m_dif",	1, 0x0c, { 0x40000000 } },
	{ "start_addr",	~0ULL, 0x10, { 0xffffffff, 0xffffffff } },
	{ "len",	~0ULL, 0x18, { 0xffffffff, 0xffffffff } },
	{ "lkey",	0xffffffff, 0x20, { 0xffffffff } },
	{ "win_cnt",	0xffffff, 0x24, { 0x00ffffff } },
	{ "mtt_rep",	0xf, 0x28, { 0x0000000f } },
	{ "block_mode",	1, 0x28, { 0x00200000 } },
	{ "len64",	1, 0x28, { 0x00400000 } },
	{ "fbo_en",	1, 0x28, { 0x00800000 } },
	{ "mtt_adr",	0xffffffffffULL, 0x2c, { 0x000000ff, 0xffffffff } },
	{ "mtt_size",	0xffffffff, 0x34, { 0xffffffff } },
	{ "entity_size", 0x1fffff, 0x38, { 0x001fffff } },
	{ "mtt_fbo",	0x1fffff, 0x3c, { 0x001fffff } },
};

static void put_be32(u8 *p, u32 v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

static bool is_u64(const char *name)
{
	return !strcmp(name, "start_addr") || !strcmp(name, "len") ||
	       !strcmp(name, "mtt_adr");
}

static void golden_entry(const struct golden *g, u8 *entry)
{
	memset(entry, 0, ENTRY_LEN);
	put_be32(entry + g->off, g->dw[0]);
	if (is_u64(g->name))
		put_be32(entry + g->off + 4, g->dw[1]);
}

/* Every member but @except is zero. */
static bool others_zero(const struct radp_mpt *m, const char *except)
{
	unsigned int i;

	for (i = 0; i < radp_mpt_members_count; i++)
		if (strcmp(radp_mpt_members[i].name, except) &&
		    radp_mpt_member_get(m, &radp_mpt_members[i]))
			return false;
	return true;
}

static void test_field(const struct golden *g)
{
	const struct radp_mpt_member *mm = radp_mpt_member_find(g->name);
	u8 want[ENTRY_LEN], got[ENTRY_LEN];
	struct radp_mpt m;

	if (!tap_result(mm != NULL, "%s: member exists", g->name))
		return;
	golden_entry(g, want);

	memset(&m, 0, sizeof(m));
	radp_mpt_member_set(&m, mm, g->max);
	memset(got, 0xa5, sizeof(got));
	radp_mpt_pack(got, &m);
	tap_result(tap_same_bytes(want, got, ENTRY_LEN), "%s: pack at max",
		   g->name);

	memset(&m, 0xa5, sizeof(m));
	radp_mpt_unpack(want, &m);
	tap_result(radp_mpt_member_get(&m, mm) == g->max &&
		   others_zero(&m, g->name) && m.present == RADP_MPT_ALL,
		   "%s: unpack at max, nothing else set", g->name);
}

/* mlx4 stores key_to_hw_index(key) = (key << 24) | (key >> 8). */
static void test_key(void)
{
	u8 want[ENTRY_LEN], got[ENTRY_LEN];
	struct radp_mpt m = { 0 };

	memset(want, 0, sizeof(want));
	put_be32(want + 0x08, 0x78123456);
	m.mem_key = 0x12345678;
	radp_mpt_pack(got, &m);
	tap_result(!memcmp(want, got, ENTRY_LEN),
		   "mem_key 0x12345678 is stored as 0x78123456");
	radp_mpt_unpack(want, &m);
	tap_result(m.mem_key == 0x12345678, "mem_key read back as 0x12345678");
	tap_result(radp_mpt_key_index(0x12345678) == 0x123456,
		   "the index of key 0x12345678 is 0x123456");
}

/*
 * A whole entry as mlx4_mr_enable() would write it for a 2 MiB region
 * in pd 5 with local write and remote read, key 0x00000a07 (index 10),
 * 4 KiB pages, MTT at 0x1000; the firmware reported status HW (0).
 */
static void test_mlx4_region(void)
{
	static const u8 entry[ENTRY_LEN] = {
		0x00, 0x00, 0x1d, 0x00,	/* REGION | LR | LW | RR */
		0x00, 0x00, 0x00, 0x00,
		0x07, 0x00, 0x00, 0x0a,	/* key_to_hw_index(0xa07) */
		0x08, 0x00, 0x00, 0x05,	/* FAST_REG | pd 5 */
		0x00, 0x00, 0x7f, 0xab,	/* start 0x7fab_cd000000 */
		0xcd, 0x00, 0x00, 0x00,
		0x00, 0x00, 0x00, 0x00,	/* len 2 MiB */
		0x00, 0x20, 0x00, 0x00,
		0x00, 0x00, 0x00, 0x00,
		0x00, 0x00, 0x00, 0x00,
		0x00, 0x00, 0x00, 0x00,
		0x00, 0x00, 0x00, 0x00,
		0x00, 0x00, 0x10, 0x00,	/* mtt_adr_l */
		0x00, 0x00, 0x02, 0x00,	/* 512 MTT entries */
		0x00, 0x00, 0x00, 0x0c,	/* 4 KiB pages */
		0x00, 0x00, 0x00, 0x00,
	};
	struct radp_mpt m, want = {
		.present = RADP_MPT_ALL,
		.r_w = 1, .lr = 1, .lw = 1, .rr = 1,
		.mem_key = 0xa07, .pd = 5, .fre = 1,
		.start_addr = 0x7fabcd000000ULL, .len = 2 << 20,
		.mtt_adr = 0x1000, .mtt_size = 512, .entity_size = 12,
	};
	u8 packed[ENTRY_LEN];

	radp_mpt_unpack(entry, &m);
	tap_result(!memcmp(&m, &want, sizeof(m)),
		   "an mlx4 region entry decodes field by field");
	radp_mpt_pack(packed, &want);
	tap_result(tap_same_bytes(entry, packed, ENTRY_LEN),
		   "and packs back to the same bytes");
}

/* Values wider than a field lose their high bits, not the neighbours. */
static void test_truncation(void)
{
	struct radp_mpt m = { 0 };
	u8 got[ENTRY_LEN], want[ENTRY_LEN];

	m.pd = 0xffffffff;		/* 24 bits, flags above it */
	m.mtt_adr = ~0ULL;		/* 40 bits */
	radp_mpt_pack(got, &m);
	memset(want, 0, sizeof(want));
	put_be32(want + 0x0c, 0x00ffffff);
	put_be32(want + 0x2c, 0x000000ff);
	put_be32(want + 0x30, 0xffffffff);
	tap_result(tap_same_bytes(want, got, ENTRY_LEN),
		   "values wider than their field are truncated");
}

int main(void)
{
	unsigned int i;

	tap_start();
	tap_result(radp_mpt_members_count == sizeof(goldens) / sizeof(goldens[0]),
		   "every codec member has a golden row (%u)",
		   radp_mpt_members_count);
	for (i = 0; i < sizeof(goldens) / sizeof(goldens[0]); i++)
		test_field(&goldens[i]);
	test_key();
	test_mlx4_region();
	test_truncation();
	return tap_end();
}
