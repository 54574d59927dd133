// SPDX-License-Identifier: GPL-2.0
/*
 * MPT queries over raw generic netlink: every field of crafted entries
 * decoded, and their raw bytes against this test's own packer of the
 * hermon entry (written from the hermonprm_mpt_st listing, not from the
 * driver's codec, so that a field the driver or the emulator places
 * wrongly shows as a byte that differs), free and invalid
 * entries, indexes beyond the table (driver and firmware), lookup by key,
 * request validation, dumps over many messages (complete, ordered, equal
 * to single queries), pd/qpn filters, every device, NLM_F_DUMP_INTR when
 * the table changes under a dump, EPERM for unprivileged users.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/roce_adp.h>

#include "kselftest_harness.h"
#include "nl.h"

#define DBG "/sys/kernel/debug/roce_adp/"
#define MAXA ROCE_ADP_A_MPT_ENTRY_MAX
#define MPT_LEN 64

/*
 * hermonprm_mpt_st: each field's dword, its lowest bit and width (the
 * listing counts from bit 0 of dword 0 up, 32 bits a dword); a 64-bit
 * value is the _h field here and its _l dword (all 32 bits of it) in
 * dw_l. The dwords are stored big-endian. This test's own, on purpose.
 */
static const struct mpt_field {
	const char *name;
	int dw, lo, width;
	int dw_l;		/* -1: not a 64-bit value */
} mpt_fields[] = {
	{ "r_w", 0, 8, 1, -1 },		{ "pa", 0, 9, 1, -1 },
	{ "lr", 0, 10, 1, -1 },		{ "lw", 0, 11, 1, -1 },
	{ "rr", 0, 12, 1, -1 },		{ "rw", 0, 13, 1, -1 },
	{ "atomic", 0, 14, 1, -1 },	{ "eb", 0, 15, 1, -1 },
	{ "atc_req", 0, 16, 1, -1 },	{ "atc_xlated", 0, 17, 1, -1 },
	{ "no_snoop", 0, 19, 1, -1 },	{ "status", 0, 28, 4, -1 },
	{ "bqp", 1, 7, 1, -1 },		{ "qpn", 1, 8, 24, -1 },
	{ "mem_key", 2, 0, 32, -1 },	{ "pd", 3, 0, 24, -1 },
	{ "en_rinv", 3, 24, 1, -1 },	{ "ei", 3, 25, 1, -1 },
	{ "nce", 3, 26, 1, -1 },	{ "fre", 3, 27, 1, -1 },
	{ "rae", 3, 28, 1, -1 },	{ "w_dif", 3, 29, 1, -1 },
	{ "m_dif", 3, 30, 1, -1 },	{ "start_addr", 4, 0, 32, 5 },
	{ "len", 6, 0, 32, 7 },		{ "lkey", 8, 0, 32, -1 },
	{ "win_cnt", 9, 0, 24, -1 },	{ "mtt_rep", 10, 0, 4, -1 },
	{ "block_mode", 10, 21, 1, -1 }, { "len64", 10, 22, 1, -1 },
	{ "fbo_en", 10, 23, 1, -1 },	{ "mtt_adr", 11, 0, 8, 12 },
	{ "mtt_size", 13, 0, 32, -1 },	{ "entity_size", 14, 0, 21, -1 },
	{ "mtt_fbo", 15, 0, 21, -1 },
};

#define MPT_FIELDS ARRAY_SIZE(mpt_fields)

/* An entry by its fields' values, mpt_fields[] order. */
struct mpt {
	uint64_t v[MPT_FIELDS];
};

static int mpt_field(const char *name)
{
	unsigned int i;

	for (i = 0; i < MPT_FIELDS; i++)
		if (!strcmp(mpt_fields[i].name, name))
			return i;
	abort();
}

static void put_bits(uint8_t *raw, int dw, int lo, int width, uint32_t v)
{
	uint8_t *p = raw + 4 * dw;
	uint32_t x = (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
	uint32_t mask = (uint32_t)((2ULL << (width - 1)) - 1) << lo;

	x = (x & ~mask) | ((v << lo) & mask);
	p[0] = x >> 24;
	p[1] = x >> 16;
	p[2] = x >> 8;
	p[3] = x;
}

/* The raw entry; the key is stored as {key[7:0], key[31:8]}. */
static void mpt_pack(uint8_t *raw, const struct mpt *m)
{
	unsigned int i;

	memset(raw, 0, MPT_LEN);
	for (i = 0; i < MPT_FIELDS; i++) {
		const struct mpt_field *f = &mpt_fields[i];
		uint64_t v = m->v[i];

		if (!strcmp(f->name, "mem_key"))
			v = (uint32_t)(v << 24 | v >> 8);
		if (f->dw_l >= 0) {
			put_bits(raw, f->dw, f->lo, f->width, v >> 32);
			put_bits(raw, f->dw_l, 0, 32, (uint32_t)v);
		} else {
			put_bits(raw, f->dw, f->lo, f->width, v);
		}
	}
}

/* Attributes and the codec member (PRM name) each one carries. */
static const struct {
	int attr;
	const char *name;
	int size;		/* 1, 4 or 8 bytes */
} fields[] = {
	{ ROCE_ADP_A_MPT_ENTRY_R_W, "r_w", 1 },
	{ ROCE_ADP_A_MPT_ENTRY_PA, "pa", 1 },
	{ ROCE_ADP_A_MPT_ENTRY_ATC_REQ, "atc_req", 1 },
	{ ROCE_ADP_A_MPT_ENTRY_ATC_XLATED, "atc_xlated", 1 },
	{ ROCE_ADP_A_MPT_ENTRY_NO_SNOOP, "no_snoop", 1 },
	{ ROCE_ADP_A_MPT_ENTRY_BQP, "bqp", 1 },
	{ ROCE_ADP_A_MPT_ENTRY_QPN, "qpn", 4 },
	{ ROCE_ADP_A_MPT_ENTRY_MEM_KEY, "mem_key", 4 },
	{ ROCE_ADP_A_MPT_ENTRY_PD, "pd", 4 },
	{ ROCE_ADP_A_MPT_ENTRY_EN_RINV, "en_rinv", 1 },
	{ ROCE_ADP_A_MPT_ENTRY_EI, "ei", 1 },
	{ ROCE_ADP_A_MPT_ENTRY_NCE, "nce", 1 },
	{ ROCE_ADP_A_MPT_ENTRY_FRE, "fre", 1 },
	{ ROCE_ADP_A_MPT_ENTRY_RAE, "rae", 1 },
	{ ROCE_ADP_A_MPT_ENTRY_W_DIF, "w_dif", 1 },
	{ ROCE_ADP_A_MPT_ENTRY_M_DIF, "m_dif", 1 },
	{ ROCE_ADP_A_MPT_ENTRY_START_ADDR, "start_addr", 8 },
	{ ROCE_ADP_A_MPT_ENTRY_LEN, "len", 8 },
	{ ROCE_ADP_A_MPT_ENTRY_LEN64, "len64", 1 },
	{ ROCE_ADP_A_MPT_ENTRY_LKEY, "lkey", 4 },
	{ ROCE_ADP_A_MPT_ENTRY_WIN_CNT, "win_cnt", 4 },
	{ ROCE_ADP_A_MPT_ENTRY_MTT_REP, "mtt_rep", 4 },
	{ ROCE_ADP_A_MPT_ENTRY_BLOCK_MODE, "block_mode", 1 },
	{ ROCE_ADP_A_MPT_ENTRY_FBO_EN, "fbo_en", 1 },
	{ ROCE_ADP_A_MPT_ENTRY_MTT_ADR, "mtt_adr", 8 },
	{ ROCE_ADP_A_MPT_ENTRY_MTT_SIZE, "mtt_size", 4 },
	{ ROCE_ADP_A_MPT_ENTRY_ENTITY_SIZE, "entity_size", 4 },
	{ ROCE_ADP_A_MPT_ENTRY_MTT_FBO, "mtt_fbo", 4 },
};

static const struct {
	const char *name;
	uint32_t flag;
} access_bits[] = {
	{ "lr", ROCE_ADP_MPT_ACCESS_LR },
	{ "lw", ROCE_ADP_MPT_ACCESS_LW },
	{ "rr", ROCE_ADP_MPT_ACCESS_RR },
	{ "rw", ROCE_ADP_MPT_ACCESS_RW },
	{ "atomic", ROCE_ADP_MPT_ACCESS_ATOMIC },
	{ "eb", ROCE_ADP_MPT_ACCESS_EB },
};

/* One entry as a reply carried it. */
struct entry {
	char dev[ROCE_ADP_DEV_NAME_LEN];
	bool has[MAXA + 1];
	uint64_t v[MAXA + 1];
	uint8_t raw[MPT_LEN];
	uint16_t nlmsg_flags;
};

struct entries {
	struct entry *e;
	size_t n, cap;
	int batches;		/* recv() calls that brought entries */
	bool bad_attr_size;
};

/*
 * Each attribute's payload as the YNL spec types it (roce_adp.yaml, the
 * mpt-entry set: u8 1 byte, u32 4, u64 8), written from the spec: a
 * field sent at another size is a bad size even where it decodes.
 */
#define A(name) ROCE_ADP_A_MPT_ENTRY_##name
static const uint8_t spec_len[MAXA + 1] = {
	[A(INDEX)] = 4, [A(STATUS)] = 4, [A(R_W)] = 1, [A(ACCESS)] = 4,
	[A(PA)] = 1, [A(ATC_REQ)] = 1, [A(ATC_XLATED)] = 1, [A(NO_SNOOP)] = 1,
	[A(BQP)] = 1, [A(QPN)] = 4, [A(MEM_KEY)] = 4, [A(PD)] = 4,
	[A(EN_RINV)] = 1, [A(EI)] = 1, [A(NCE)] = 1, [A(FRE)] = 1,
	[A(RAE)] = 1, [A(W_DIF)] = 1, [A(M_DIF)] = 1, [A(START_ADDR)] = 8,
	[A(LEN)] = 8, [A(LEN64)] = 1, [A(LKEY)] = 4, [A(WIN_CNT)] = 4,
	[A(MTT_REP)] = 4, [A(BLOCK_MODE)] = 1, [A(FBO_EN)] = 1,
	[A(MTT_ADR)] = 8, [A(MTT_SIZE)] = 4, [A(ENTITY_SIZE)] = 4,
	[A(MTT_FBO)] = 4,
};
#undef A

static uint64_t attr_val(const struct nlattr *a, bool *bad)
{
	switch (nl_len(a)) {
	case 1:
		return nl_get_u8(a);
	case 4:
		return nl_get_u32(a);
	case 8: {
		uint64_t v;

		memcpy(&v, nl_data(a), 8);
		return v;
	}
	default:
		*bad = true;
		return 0;
	}
}

static int entry_cb(const struct nlmsghdr *nlh, void *arg)
{
	const struct nlattr *tb[ROCE_ADP_A_MAX + 1], *e[MAXA + 1];
	struct entries *es = arg;
	struct entry *x;
	int t;

	nl_parse_genl(nlh, tb, ROCE_ADP_A_MAX);
	if (!tb[ROCE_ADP_A_MPT_ENTRY])
		return 0;
	if (es->n == es->cap) {
		es->cap = es->cap ? es->cap * 2 : 64;
		es->e = realloc(es->e, es->cap * sizeof(*es->e));
		if (!es->e)
			return -1;
	}
	x = &es->e[es->n++];
	memset(x, 0, sizeof(*x));
	x->nlmsg_flags = nlh->nlmsg_flags;
	if (tb[ROCE_ADP_A_DEV_NAME])
		snprintf(x->dev, sizeof(x->dev), "%s",
			 nl_get_str(tb[ROCE_ADP_A_DEV_NAME]));
	nl_parse(nl_data(tb[ROCE_ADP_A_MPT_ENTRY]),
		 nl_len(tb[ROCE_ADP_A_MPT_ENTRY]), e, MAXA);
	for (t = 1; t <= MAXA; t++) {
		if (!e[t] || t == ROCE_ADP_A_MPT_ENTRY_PAD)
			continue;
		x->has[t] = true;
		if (t == ROCE_ADP_A_MPT_ENTRY_RAW) {
			if (nl_len(e[t]) == MPT_LEN)
				memcpy(x->raw, nl_data(e[t]), MPT_LEN);
			else
				es->bad_attr_size = true;
			continue;
		}
		if (!spec_len[t] || nl_len(e[t]) != spec_len[t])
			es->bad_attr_size = true;
		x->v[t] = attr_val(e[t], &es->bad_attr_size);
	}
	return 0;
}

static void entries_free(struct entries *es)
{
	free(es->e);
	memset(es, 0, sizeof(*es));
}

FIXTURE(mpt) {
	struct nl_sock sk;
	struct nl_msg m;
	struct nl_ack ack;
	struct entries es;
	uint32_t sel_off;
};

static int knob(const char *dev, const char *name, const char *fmt, ...)
{
	char path[128], val[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(val, sizeof(val), fmt, ap);
	va_end(ap);
	snprintf(path, sizeof(path), DBG "%s/%s", dev, name);
	return sysfs_write(path, val);
}

FIXTURE_SETUP(mpt)
{
	ASSERT_EQ(0, system("modprobe -r roce_adp_emu && modprobe roce_adp_emu"));
	ASSERT_EQ(0, nl_open(&self->sk, ROCE_ADP_FAMILY_NAME));
	memset(&self->es, 0, sizeof(self->es));
}

FIXTURE_TEARDOWN(mpt)
{
	entries_free(&self->es);
	nl_close(&self->sk);
}

/* A do by index (key < 0) or by key; the reply lands in self->es. */
static int get_entry(FIXTURE_DATA(mpt) *self, int64_t index, int64_t key,
		     bool raw)
{
	entries_free(&self->es);
	nl_genl_init(&self->sk, &self->m, ROCE_ADP_CMD_MPT_GET, false);
	nl_put_str(&self->m, ROCE_ADP_A_DEV_NAME, "emu0");
	if (index >= 0)
		self->sel_off = nl_put_u32(&self->m, ROCE_ADP_A_MPT_INDEX, index);
	if (key >= 0)
		self->sel_off = nl_put_u32(&self->m, ROCE_ADP_A_MPT_KEY, key);
	if (raw)
		nl_put(&self->m, ROCE_ADP_A_MPT_RAW, NULL, 0);
	return nl_send_recv(&self->sk, &self->m, entry_cb, &self->es,
			    &self->ack);
}

/* A dump of @dev (NULL: all) with filters (< 0: none). */
static int dump(FIXTURE_DATA(mpt) *self, const char *dev, int64_t pd,
		int64_t qpn)
{
	entries_free(&self->es);
	nl_genl_init(&self->sk, &self->m, ROCE_ADP_CMD_MPT_GET, true);
	if (dev)
		nl_put_str(&self->m, ROCE_ADP_A_DEV_NAME, dev);
	if (pd >= 0)
		nl_put_u32(&self->m, ROCE_ADP_A_MPT_PD, pd);
	if (qpn >= 0)
		nl_put_u32(&self->m, ROCE_ADP_A_MPT_QPN, qpn);
	return nl_send_recv(&self->sk, &self->m, entry_cb, &self->es,
			    &self->ack);
}

/* "field=value ..." for mpt_entry, from an entry's values. */
static void entry_knob(const struct mpt *m, uint32_t index, char *buf,
		       size_t len)
{
	unsigned int i;
	int n;

	n = snprintf(buf, len, "index=%u", index);
	for (i = 0; i < MPT_FIELDS; i++)
		n += snprintf(buf + n, len - n, " %s=0x%llx",
			      mpt_fields[i].name, (unsigned long long)m->v[i]);
}

static uint64_t member(const struct mpt *m, const char *name)
{
	return m->v[mpt_field(name)];
}

/* A live region with every field non-zero and distinct where it can be. */
static void crafted(struct mpt *m, uint32_t index)
{
	static const struct {
		const char *name;
		uint64_t v;
	} values[] = {
		{ "r_w", 1 }, { "pa", 1 }, { "lr", 1 }, { "lw", 1 },
		{ "rr", 1 }, { "rw", 1 }, { "atomic", 1 }, { "eb", 1 },
		{ "atc_req", 1 }, { "atc_xlated", 1 }, { "no_snoop", 1 },
		{ "bqp", 1 }, { "qpn", 0xabcdef }, { "pd", 0x123456 },
		{ "en_rinv", 1 }, { "ei", 1 }, { "nce", 1 }, { "fre", 1 },
		{ "rae", 1 }, { "w_dif", 1 }, { "m_dif", 1 },
		{ "start_addr", 0x0123456789abc000ULL },
		{ "len", 0xfedcba9876543210ULL }, { "len64", 1 },
		{ "lkey", 0x89abcdef }, { "win_cnt", 0x654321 },
		{ "mtt_rep", 0xa }, { "block_mode", 1 }, { "fbo_en", 1 },
		{ "mtt_adr", 0xab12345678ULL }, { "mtt_size", 0x76543210 },
		{ "entity_size", 0x1abcde }, { "mtt_fbo", 0x0edcba },
	};
	unsigned int i;

	memset(m, 0, sizeof(*m));
	for (i = 0; i < ARRAY_SIZE(values); i++)
		m->v[mpt_field(values[i].name)] = values[i].v;
	m->v[mpt_field("mem_key")] = index << 8 | 0x5a;
}

static void check_fields(struct __test_metadata *_metadata,
			 const struct entry *x, const struct mpt *m)
{
	uint32_t access = 0;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(fields); i++) {
		EXPECT_TRUE(x->has[fields[i].attr])
			TH_LOG("%s missing", fields[i].name);
		EXPECT_EQ(member(m, fields[i].name), x->v[fields[i].attr])
			TH_LOG("field %s", fields[i].name);
	}
	for (i = 0; i < ARRAY_SIZE(access_bits); i++)
		if (member(m, access_bits[i].name))
			access |= access_bits[i].flag;
	EXPECT_TRUE(x->has[ROCE_ADP_A_MPT_ENTRY_ACCESS]);
	EXPECT_EQ(access, x->v[ROCE_ADP_A_MPT_ENTRY_ACCESS]);
	EXPECT_EQ(member(m, "status"), x->v[ROCE_ADP_A_MPT_ENTRY_STATUS]);
}

TEST_F(mpt, every_field_decoded)
{
	uint8_t packed[MPT_LEN];
	struct mpt m;
	char buf[1024];
	int flip;

	/* All ones where crafted() has them, then each one field cleared. */
	for (flip = -1; flip < (int)MPT_FIELDS; flip++) {
		crafted(&m, 77);
		if (flip >= 0 && strcmp(mpt_fields[flip].name, "mem_key") &&
		    strcmp(mpt_fields[flip].name, "status"))
			m.v[flip] = 0;
		entry_knob(&m, 77, buf, sizeof(buf));
		ASSERT_EQ(0, knob("emu0", "mpt_entry", "%s", buf));
		ASSERT_EQ(0, get_entry(self, 77, -1, true)) TH_LOG("%s", self->ack.msg);
		ASSERT_EQ(1, self->es.n);
		ASSERT_FALSE(self->es.bad_attr_size);
		EXPECT_EQ(77, self->es.e[0].v[ROCE_ADP_A_MPT_ENTRY_INDEX]);
		check_fields(_metadata, &self->es.e[0], &m);
		mpt_pack(packed, &m);
		EXPECT_TRUE(self->es.e[0].has[ROCE_ADP_A_MPT_ENTRY_RAW]);
		EXPECT_EQ(0, memcmp(packed, self->es.e[0].raw, MPT_LEN))
			TH_LOG("raw bytes with %s cleared",
			       flip >= 0 ? mpt_fields[flip].name : "nothing");
	}
}

/* Bit positions checked against mlx4's flag values, not our codec. */
TEST_F(mpt, raw_bits_match_mlx4)
{
	const uint8_t *raw;

	ASSERT_EQ(0, knob("emu0", "mpt_entry",
			  "index=3 r_w=1 pa=1 lr=1 lw=1 rr=1 rw=1 atomic=1 eb=1 bqp=1 fre=1 rae=1 mem_key=0x3ab"));
	ASSERT_EQ(0, get_entry(self, 3, -1, true));
	ASSERT_EQ(1, self->es.n);
	raw = self->es.e[0].raw;
	/* dword 0: REGION 1<<8 .. BIND_ENABLE 1<<15, status 0 */
	EXPECT_EQ(0x0000ff00u, (uint32_t)raw[0] << 24 | raw[1] << 16 |
			       raw[2] << 8 | raw[3]);
	EXPECT_EQ(0x80, raw[7]);			/* bqp: dword 1 bit 7 */
	/* key 0x3ab is stored as {key[7:0], key[31:8]} */
	EXPECT_EQ(0xab, raw[8]);
	EXPECT_EQ(0x03, raw[11]);
	EXPECT_EQ(0x18, raw[12]);	/* FAST_REG 1<<27, RAE 1<<28 of dword 3 */
	EXPECT_EQ(0x3ab, self->es.e[0].v[ROCE_ADP_A_MPT_ENTRY_MEM_KEY]);
}

TEST_F(mpt, free_and_invalid_entries_report_their_status)
{
	int t;

	ASSERT_EQ(0, knob("emu0", "mpt_entry", "index=10 status=3 pd=5"));
	ASSERT_EQ(0, get_entry(self, 10, -1, false));
	ASSERT_EQ(1, self->es.n);
	EXPECT_EQ(ROCE_ADP_MPT_STATUS_FREE,
		  self->es.e[0].v[ROCE_ADP_A_MPT_ENTRY_STATUS]);
	/* Nothing but index and status: the rest means nothing. */
	for (t = ROCE_ADP_A_MPT_ENTRY_R_W; t <= MAXA; t++)
		EXPECT_FALSE(self->es.e[0].has[t]) TH_LOG("attr %d", t);

	ASSERT_EQ(0, get_entry(self, 11, -1, false));
	ASSERT_EQ(1, self->es.n);
	EXPECT_EQ(ROCE_ADP_MPT_STATUS_INVALID,
		  self->es.e[0].v[ROCE_ADP_A_MPT_ENTRY_STATUS]);
	EXPECT_FALSE(self->es.e[0].has[ROCE_ADP_A_MPT_ENTRY_PD]);

	/* Neither shows up in a dump. */
	ASSERT_EQ(0, knob("emu0", "mpt_entry", "index=12 pd=5"));
	ASSERT_EQ(0, dump(self, "emu0", -1, -1));
	ASSERT_EQ(1, self->es.n);
	EXPECT_EQ(12, self->es.e[0].v[ROCE_ADP_A_MPT_ENTRY_INDEX]);
}

TEST_F(mpt, index_beyond_table)
{
	ASSERT_EQ(0, knob("emu0", "mpt_size", "100"));
	EXPECT_EQ(0, get_entry(self, 99, -1, false));
	EXPECT_EQ(-ERANGE, get_entry(self, 100, -1, false));
	EXPECT_STREQ("MPT index beyond the table of 100 entries", self->ack.msg);
	EXPECT_EQ(self->sel_off, self->ack.bad_offset);

	/* The firmware's own answer, past the driver's check. */
	ASSERT_EQ(0, knob("emu0", "skip_driver_checks", "1"));
	EXPECT_EQ(-EINVAL, get_entry(self, 100, -1, false));
	EXPECT_STREQ("firmware status BAD_PARAM (0x03), syndrome 0x0ad50008",
		     self->ack.msg);
	EXPECT_EQ(-EINVAL, get_entry(self, 0xffffffff, -1, false));
}

TEST_F(mpt, lookup_by_key)
{
	ASSERT_EQ(0, knob("emu0", "mpt_entry", "index=20 mem_key=0x14c3 pd=9"));
	ASSERT_EQ(0, get_entry(self, -1, 0x14c3, false));
	ASSERT_EQ(1, self->es.n);
	EXPECT_EQ(20, self->es.e[0].v[ROCE_ADP_A_MPT_ENTRY_INDEX]);
	EXPECT_EQ(9, self->es.e[0].v[ROCE_ADP_A_MPT_ENTRY_PD]);

	/* Same index, another key: a stale or forged key finds nothing. */
	EXPECT_EQ(-ENOENT, get_entry(self, -1, 0x14c4, false));
	EXPECT_STREQ("no memory region or window holds this key", self->ack.msg);
	EXPECT_EQ(self->sel_off, self->ack.bad_offset);
	/* The key of an invalid entry, and one beyond the table. */
	EXPECT_EQ(-ENOENT, get_entry(self, -1, 21 << 8, false));
	EXPECT_EQ(-ENOENT, get_entry(self, -1, 0xffffff00, false));
	EXPECT_EQ(self->sel_off, self->ack.bad_offset);
}

TEST_F(mpt, request_validation)
{
	uint32_t off;

	/* Neither index nor key. */
	EXPECT_EQ(-EINVAL, get_entry(self, -1, -1, false));
	EXPECT_STREQ("an MPT index or key is required", self->ack.msg);

	/* Both. */
	EXPECT_EQ(-EINVAL, get_entry(self, 1, 0x100, false));
	EXPECT_STREQ("select the entry by index or by key, not both",
		     self->ack.msg);
	EXPECT_EQ(self->sel_off, self->ack.bad_offset);

	/* A filter in a do. */
	nl_genl_init(&self->sk, &self->m, ROCE_ADP_CMD_MPT_GET, false);
	nl_put_str(&self->m, ROCE_ADP_A_DEV_NAME, "emu0");
	nl_put_u32(&self->m, ROCE_ADP_A_MPT_INDEX, 1);
	off = nl_put_u32(&self->m, ROCE_ADP_A_MPT_QPN, 1);
	EXPECT_EQ(-EINVAL, nl_send_recv(&self->sk, &self->m, NULL, NULL,
					&self->ack));
	EXPECT_STREQ("the pd and qpn filters apply to dumps only", self->ack.msg);
	EXPECT_EQ(off, self->ack.bad_offset);

	/* An index in a dump (its error comes in NLMSG_DONE). */
	nl_genl_init(&self->sk, &self->m, ROCE_ADP_CMD_MPT_GET, true);
	nl_put_u32(&self->m, ROCE_ADP_A_MPT_INDEX, 1);
	EXPECT_EQ(-EINVAL, nl_send_recv(&self->sk, &self->m, NULL, NULL,
					&self->ack));
	EXPECT_STREQ("a dump takes no entry index or key, only the pd and qpn filters",
		     self->ack.msg);

	/* pd wider than 24 bits: the policy. */
	nl_genl_init(&self->sk, &self->m, ROCE_ADP_CMD_MPT_GET, true);
	off = nl_put_u32(&self->m, ROCE_ADP_A_MPT_PD, 0x1000000);
	EXPECT_EQ(-ERANGE, nl_send_recv(&self->sk, &self->m, NULL, NULL,
					&self->ack));
	EXPECT_EQ(off, self->ack.bad_offset);

	/* A dump of a device that does not exist. */
	EXPECT_EQ(-ENODEV, dump(self, "emu9", -1, -1));
	EXPECT_STREQ("no such device", self->ack.msg);
}

/* A dump read by hand, batch by batch. */
struct manual_dump {
	int batches;		/* recv() calls */
	int entries;		/* messages other than DONE */
	int flagged;		/* messages with NLM_F_DUMP_INTR */
	int error;		/* of an NLMSG_ERROR that ended it, else 0 */
};

/* What a test does after a batch was read: 0, or -1 to stop the dump. */
typedef int (*manual_dump_hook)(FIXTURE_DATA(mpt) *self, int batch);

/*
 * A dump of @dev (NULL: every device); its entries are added to @es when
 * given, and @hook, when given, runs after each batch.
 */
static int manual_dump(FIXTURE_DATA(mpt) *self, const char *dev,
		       manual_dump_hook hook, struct entries *es,
		       struct manual_dump *d)
{
	static char buf[NL_BUF_LEN];
	int done = 0;

	memset(d, 0, sizeof(*d));
	nl_genl_init(&self->sk, &self->m, ROCE_ADP_CMD_MPT_GET, true);
	if (dev)
		nl_put_str(&self->m, ROCE_ADP_A_DEV_NAME, dev);
	self->m.nlh.nlmsg_seq = ++self->sk.seq;
	if (send(self->sk.fd, self->m.buf, self->m.nlh.nlmsg_len, 0) < 0)
		return -errno;
	while (!done) {
		int n = nl_recv_one(&self->sk, buf, sizeof(buf), 5000);
		struct nlmsghdr *nlh = (struct nlmsghdr *)buf;

		if (n <= 0)
			return -EIO;
		for (; NLMSG_OK(nlh, n); nlh = NLMSG_NEXT(nlh, n)) {
			if (nlh->nlmsg_flags & NLM_F_DUMP_INTR)
				d->flagged++;
			if (nlh->nlmsg_type == NLMSG_ERROR)
				d->error = ((struct nlmsgerr *)NLMSG_DATA(nlh))->error;
			if (nlh->nlmsg_type == NLMSG_DONE ||
			    nlh->nlmsg_type == NLMSG_ERROR) {
				done = 1;
			} else {
				d->entries++;
				if (es)
					entry_cb(nlh, es);
			}
		}
		if (hook && hook(self, d->batches))
			return -EIO;
		d->batches++;
	}
	return 0;
}

/* The table of emu0 changes after the first batch. */
static int change_emu0(FIXTURE_DATA(mpt) *self, int batch)
{
	return batch ? 0 : knob("emu0", "mpt_entry", "index=0 pd=1");
}

TEST_F(mpt, dump_is_complete_ordered_and_equals_single_queries)
{
	struct manual_dump md;
	struct entries all;
	size_t i;

	ASSERT_EQ(0, knob("emu0", "mpt_size", "8192"));
	ASSERT_EQ(0, knob("emu0", "mpt_fill", "3000 7"));
	ASSERT_EQ(0, dump(self, "emu0", -1, -1));
	ASSERT_EQ(3000, self->es.n);
	ASSERT_EQ(0, manual_dump(self, "emu0", NULL, NULL, &md));
	EXPECT_GT(md.batches, 10);
	EXPECT_EQ(3000, md.entries);

	all = self->es;
	memset(&self->es, 0, sizeof(self->es));
	for (i = 0; i < all.n; i++) {
		const struct entry *x = &all.e[i];

		EXPECT_STREQ("emu0", x->dev);
		EXPECT_EQ(0, x->v[ROCE_ADP_A_MPT_ENTRY_STATUS]);
		if (i)
			ASSERT_LT(all.e[i - 1].v[ROCE_ADP_A_MPT_ENTRY_INDEX],
				  x->v[ROCE_ADP_A_MPT_ENTRY_INDEX]);
		EXPECT_EQ(x->v[ROCE_ADP_A_MPT_ENTRY_INDEX],
			  x->v[ROCE_ADP_A_MPT_ENTRY_MEM_KEY] >> 8);
		EXPECT_EQ(0, x->nlmsg_flags & NLM_F_DUMP_INTR);
		if (i % 10)
			continue;
		ASSERT_EQ(0, get_entry(self, x->v[ROCE_ADP_A_MPT_ENTRY_INDEX],
				       -1, false));
		ASSERT_EQ(1, self->es.n);
		EXPECT_EQ(0, memcmp(x->v, self->es.e[0].v, sizeof(x->v)));
		EXPECT_EQ(0, memcmp(x->has, self->es.e[0].has, sizeof(x->has)));
	}
	/* The same seed fills the same table. */
	ASSERT_EQ(0, knob("emu0", "mpt_fill", "3000 7"));
	ASSERT_EQ(0, dump(self, "emu0", -1, -1));
	ASSERT_EQ(all.n, self->es.n);
	for (i = 0; i < all.n; i++)
		EXPECT_EQ(0, memcmp(all.e[i].v, self->es.e[i].v,
				    sizeof(all.e[i].v)));
	entries_free(&all);

	/* Every entry of a full table, each field at the spec's size. */
	ASSERT_EQ(0, knob("emu0", "mpt_fill", "8192 1"));
	ASSERT_EQ(0, dump(self, "emu0", -1, -1));
	ASSERT_EQ(8192, self->es.n);
	EXPECT_FALSE(self->es.bad_attr_size);
	EXPECT_EQ(8191, self->es.e[8191].v[ROCE_ADP_A_MPT_ENTRY_INDEX]);
}

TEST_F(mpt, dump_filters)
{
	size_t i, want_pd = 0, want_both = 0;
	struct entries all;

	ASSERT_EQ(0, knob("emu0", "mpt_fill", "600 3"));
	/* Windows bound to QP 0x42, one of them in pd 3; and a decoy. */
	ASSERT_EQ(0, knob("emu0", "mpt_entry", "index=1000 r_w=0 bqp=1 qpn=0x42 pd=3"));
	ASSERT_EQ(0, knob("emu0", "mpt_entry", "index=1001 r_w=0 bqp=1 qpn=0x42 pd=4"));
	ASSERT_EQ(0, knob("emu0", "mpt_entry", "index=1002 r_w=0 bqp=0 qpn=0x42 pd=3"));
	ASSERT_EQ(0, knob("emu0", "mpt_entry", "index=1003 r_w=0 bqp=1 qpn=0x43 pd=3"));
	ASSERT_EQ(0, dump(self, "emu0", -1, -1));
	all = self->es;
	memset(&self->es, 0, sizeof(self->es));
	for (i = 0; i < all.n; i++) {
		want_pd += all.e[i].v[ROCE_ADP_A_MPT_ENTRY_PD] == 3;
		want_both += all.e[i].v[ROCE_ADP_A_MPT_ENTRY_PD] == 3 &&
			     all.e[i].v[ROCE_ADP_A_MPT_ENTRY_BQP] &&
			     all.e[i].v[ROCE_ADP_A_MPT_ENTRY_QPN] == 0x42;
	}
	entries_free(&all);
	ASSERT_GT(want_pd, 10);

	ASSERT_EQ(0, dump(self, "emu0", 3, -1));
	EXPECT_EQ(want_pd, self->es.n);
	for (i = 0; i < self->es.n; i++)
		EXPECT_EQ(3, self->es.e[i].v[ROCE_ADP_A_MPT_ENTRY_PD]);

	ASSERT_EQ(0, dump(self, "emu0", -1, 0x42));
	ASSERT_EQ(2, self->es.n);
	EXPECT_EQ(1000, self->es.e[0].v[ROCE_ADP_A_MPT_ENTRY_INDEX]);
	EXPECT_EQ(1001, self->es.e[1].v[ROCE_ADP_A_MPT_ENTRY_INDEX]);

	ASSERT_EQ(0, dump(self, "emu0", 3, 0x42));
	EXPECT_EQ(want_both, self->es.n);
	ASSERT_EQ(1, self->es.n);
	EXPECT_EQ(1000, self->es.e[0].v[ROCE_ADP_A_MPT_ENTRY_INDEX]);

	ASSERT_EQ(0, dump(self, "emu0", 0xffffff, -1));
	EXPECT_EQ(0, self->es.n);
}

TEST_F(mpt, dump_every_device)
{
	size_t i, n0 = 0, n1 = 0;

	ASSERT_EQ(0, sysfs_write("/sys/bus/roce_adp/new_device", "1"));
	ASSERT_EQ(0, knob("emu0", "mpt_fill", "500 11"));
	ASSERT_EQ(0, knob("emu1", "mpt_fill", "700 12"));
	ASSERT_EQ(0, dump(self, NULL, -1, -1));
	ASSERT_EQ(1200, self->es.n);
	for (i = 0; i < self->es.n; i++) {
		bool first = !strcmp(self->es.e[i].dev, "emu0");

		n0 += first;
		n1 += !strcmp(self->es.e[i].dev, "emu1");
		/* Devices in order, one after the other. */
		if (i)
			EXPECT_FALSE(first && n1);
	}
	EXPECT_EQ(500, n0);
	EXPECT_EQ(700, n1);
	ASSERT_EQ(0, dump(self, "emu1", -1, -1));
	EXPECT_EQ(700, self->es.n);
}

TEST_F(mpt, dump_interrupted_by_a_change_is_flagged)
{
	struct manual_dump md;

	ASSERT_EQ(0, knob("emu0", "mpt_size", "4096"));
	ASSERT_EQ(0, knob("emu0", "mpt_fill", "4000 5"));
	ASSERT_EQ(0, manual_dump(self, "emu0", NULL, NULL, &md));
	EXPECT_EQ(4000, md.entries);
	EXPECT_EQ(0, md.flagged);

	ASSERT_EQ(0, manual_dump(self, "emu0", change_emu0, NULL, &md));
	EXPECT_GE(md.flagged, 1);
	/* The dump still runs to its end. */
	EXPECT_GE(md.entries, 4000);
}

TEST_F(mpt, unprivileged_users_get_eperm)
{
	pid_t pid;
	int status;

	ASSERT_EQ(0, knob("emu0", "mpt_entry", "index=1 pd=1"));
	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		FIXTURE_DATA(mpt) *u = calloc(1, sizeof(*u));

		if (!u || setuid(65534) || nl_open(&u->sk, ROCE_ADP_FAMILY_NAME))
			_exit(10);
		if (get_entry(u, 1, -1, false) != -EPERM)
			_exit(11);
		if (dump(u, "emu0", -1, -1) != -EPERM || u->es.n)
			_exit(12);
		if (dump(u, NULL, -1, -1) != -EPERM || u->es.n)
			_exit(13);
		_exit(0);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status));
}

/* Devices come and go under a dump of every device: emu1 goes. */
static int remove_emu1(FIXTURE_DATA(mpt) *self, int batch)
{
	return batch ? 0 : sysfs_write("/sys/bus/roce_adp/del_device", "1");
}

TEST_F(mpt, device_removed_during_dump)
{
	struct manual_dump md;

	ASSERT_EQ(0, sysfs_write("/sys/bus/roce_adp/new_device", "1"));
	ASSERT_EQ(0, sysfs_write("/sys/bus/roce_adp/new_device", "2"));
	ASSERT_EQ(0, knob("emu0", "mpt_fill", "1000 1"));
	ASSERT_EQ(0, knob("emu1", "mpt_fill", "1000 2"));
	ASSERT_EQ(0, knob("emu2", "mpt_fill", "1000 3"));
	ASSERT_EQ(0, manual_dump(self, NULL, remove_emu1, NULL, &md));
	ASSERT_EQ(0, md.error);
	/* emu1 went between two calls: the dump says it may lack some */
	EXPECT_GE(md.flagged, 1);
	ASSERT_EQ(0, dump(self, NULL, -1, -1));
	EXPECT_EQ(2000, self->es.n);
}

/* Paused inside emu0 (some of its entries read): replace it. */
static int replace_emu0(FIXTURE_DATA(mpt) *self, int batch)
{
	if (batch)
		return 0;
	if (self->es.n == 0 || self->es.n >= 1000)
		return -1;
	if (sysfs_write("/sys/bus/roce_adp/del_device", "0") ||
	    sysfs_write("/sys/bus/roce_adp/new_device", "0"))
		return -1;
	return knob("emu0", "mpt_fill", "1000 9");
}

/*
 * A device removed and added again under the same name while a dump of
 * every device is paused is a new device: the dump says it was
 * interrupted, and the new device's entries come from the start, never
 * from where the old one's stopped.
 */
TEST_F(mpt, device_replaced_during_dump_starts_over)
{
	size_t i, last_run = 0, run = 0;
	struct manual_dump md;
	int64_t prev = -1;
	struct entries all;
	int flagged;

	ASSERT_EQ(0, sysfs_write("/sys/bus/roce_adp/new_device", "1"));
	ASSERT_EQ(0, knob("emu0", "mpt_fill", "1000 1"));
	ASSERT_EQ(0, knob("emu1", "mpt_fill", "1000 2"));
	ASSERT_EQ(0, manual_dump(self, NULL, replace_emu0, &self->es, &md));
	ASSERT_EQ(0, md.error);
	flagged = md.flagged;
	EXPECT_GE(flagged, 1);
	all = self->es;
	memset(&self->es, 0, sizeof(self->es));
	/* emu0's last run of ascending indexes: what the dump says it holds */
	for (i = 0; i < all.n; i++) {
		int64_t idx = all.e[i].v[ROCE_ADP_A_MPT_ENTRY_INDEX];

		if (strcmp(all.e[i].dev, "emu0"))
			continue;
		if (idx <= prev)
			last_run = i;
		prev = idx;
	}
	ASSERT_EQ(0, dump(self, "emu0", -1, -1));
	ASSERT_EQ(1000, self->es.n);
	for (i = last_run; i < all.n; i++) {
		if (strcmp(all.e[i].dev, "emu0"))
			continue;
		ASSERT_LT(run, self->es.n);
		EXPECT_EQ(0, memcmp(all.e[i].v, self->es.e[run].v,
				    sizeof(all.e[i].v)));
		run++;
	}
	EXPECT_EQ(1000, run);
	entries_free(&all);
}

TEST_HARNESS_MAIN
