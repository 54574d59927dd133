// SPDX-License-Identifier: GPL-2.0
/*
 * "adpctl mpt show" against the fake kernel: the requests of a do and a
 * dump, text and JSON of crafted entries (a 65-bit length, fields left
 * out, free and invalid entries, raw bytes), a dump of 100000 entries
 * printed as they come in bounded memory, an interrupted dump, kernel and
 * usage errors.  TAP.
 *
 * Requests as fake_req_str() renders them; the numbers are
 *   1 DEV_NAME, 11 MPT_INDEX, 12 MPT_KEY, 13 MPT_PD, 14 MPT_QPN, 15 MPT_RAW
 */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_kernel.h"

_Static_assert(ROCE_ADP_A_DEV_NAME == 1 && ROCE_ADP_A_MPT_INDEX == 11 &&
	       ROCE_ADP_A_MPT_KEY == 12 && ROCE_ADP_A_MPT_PD == 13 &&
	       ROCE_ADP_A_MPT_QPN == 14 && ROCE_ADP_A_MPT_RAW == 15,
	       "numbers");

#define E(x)	ROCE_ADP_A_MPT_ENTRY_##x

/* One attribute of a crafted entry, written as the kernel writes it. */
struct fake_attr {
	int attr;		/* 0 ends a list */
	int type;		/* NLA_U8, NLA_U32, NLA_U64, or NLA_UNSPEC: pad */
	uint64_t v;
};

#define U8(a, v)	{ E(a), NLA_U8, v }
#define U32(a, v)	{ E(a), NLA_U32, v }
#define U64(a, v)	{ E(a), NLA_U64, v }
#define PAD		{ E(PAD), NLA_UNSPEC, 0 }

/* A region with every field; access lr, lw, rr. */
static const struct fake_attr region[] = {
	U32(INDEX, 5), U32(STATUS, 0), U8(R_W, 1),
	U32(ACCESS, ROCE_ADP_MPT_ACCESS_LR | ROCE_ADP_MPT_ACCESS_LW |
		    ROCE_ADP_MPT_ACCESS_RR),
	U8(PA, 0), U8(ATC_REQ, 0), U8(ATC_XLATED, 0), U8(NO_SNOOP, 0),
	U8(BQP, 0), U32(QPN, 0), U32(MEM_KEY, 0x507), U32(PD, 7),
	U8(EN_RINV, 1), U8(EI, 1), U8(NCE, 0), U8(FRE, 1), U8(RAE, 0),
	U8(W_DIF, 0), U8(M_DIF, 0), PAD, U64(START_ADDR, 0x7f0000001000ULL),
	PAD, U64(LEN, 8192), U8(LEN64, 0), U32(LKEY, 0), U32(WIN_CNT, 2),
	U32(MTT_REP, 0), U8(BLOCK_MODE, 0), U8(FBO_EN, 0),
	PAD, U64(MTT_ADR, 0x12345678), U32(MTT_SIZE, 2),
	U32(ENTITY_SIZE, 12), U32(MTT_FBO, 0),
	{ }
};

#define REGION_TEXT \
	"emu0 index 5 region access lr,lw,rr key 0x00000507 pd 7 " \
	"en_rinv ei fre start 0x7f0000001000 len 8192 win_cnt 2 " \
	"mtt_adr 0x12345678 mtt_size 2 page_size 4096\n"

#define REGION_JSON \
	"{\"dev\":\"emu0\",\"index\":5,\"status\":0,\"r_w\":1,\"pa\":0," \
	"\"lr\":1,\"lw\":1,\"rr\":1,\"rw\":0,\"atomic\":0,\"eb\":0," \
	"\"atc_req\":0,\"atc_xlated\":0,\"no_snoop\":0,\"bqp\":0,\"qpn\":0," \
	"\"mem_key\":1287,\"pd\":7,\"en_rinv\":1,\"ei\":1,\"nce\":0," \
	"\"fre\":1,\"rae\":0,\"w_dif\":0,\"m_dif\":0," \
	"\"start_addr\":139637976731648,\"len\":8192,\"lkey\":0," \
	"\"win_cnt\":2,\"mtt_rep\":0,\"block_mode\":0,\"len64\":0," \
	"\"fbo_en\":0,\"mtt_adr\":305419896,\"mtt_size\":2," \
	"\"entity_size\":12,\"mtt_fbo\":0}"

/*
 * A window bound to QP 291, 2^64 + 4096 bytes long, block mode, a first
 * byte offset, a status that is live but not the usual 0.
 */
static const struct fake_attr window[] = {
	U32(INDEX, 9), U32(STATUS, 5), U8(R_W, 0),
	U32(ACCESS, ROCE_ADP_MPT_ACCESS_LR | ROCE_ADP_MPT_ACCESS_RW |
		    ROCE_ADP_MPT_ACCESS_ATOMIC),
	U8(PA, 1), U8(ATC_REQ, 0), U8(ATC_XLATED, 0), U8(NO_SNOOP, 0),
	U8(BQP, 1), U32(QPN, 291), U32(MEM_KEY, 0x9a1), U32(PD, 3),
	U8(EN_RINV, 0), U8(EI, 0), U8(NCE, 1), U8(FRE, 0), U8(RAE, 0),
	U8(W_DIF, 0), U8(M_DIF, 1), U64(START_ADDR, 0x2000),
	U64(LEN, 4096), U8(LEN64, 1), U32(LKEY, 0x507), U32(WIN_CNT, 0),
	U32(MTT_REP, 2), U8(BLOCK_MODE, 1), U8(FBO_EN, 1),
	U64(MTT_ADR, 0), U32(MTT_SIZE, 0), U32(ENTITY_SIZE, 1000),
	U32(MTT_FBO, 64),
	{ }
};

#define WINDOW_TEXT \
	"emu1 index 9 status 5 window pa access lr,rw,atomic qpn 291 " \
	"key 0x000009a1 pd 3 nce m_dif start 0x2000 " \
	"len 18446744073709555712 lkey 0x00000507 mtt_rep 2 mtt_adr 0x0 " \
	"mtt_size 0 block_size 1000 mtt_fbo 64\n"

#define WINDOW_JSON \
	"{\"dev\":\"emu1\",\"index\":9,\"status\":5,\"r_w\":0,\"pa\":1," \
	"\"lr\":1,\"lw\":0,\"rr\":0,\"rw\":1,\"atomic\":1,\"eb\":0," \
	"\"atc_req\":0,\"atc_xlated\":0,\"no_snoop\":0,\"bqp\":1," \
	"\"qpn\":291,\"mem_key\":2465,\"pd\":3,\"en_rinv\":0,\"ei\":0," \
	"\"nce\":1,\"fre\":0,\"rae\":0,\"w_dif\":0,\"m_dif\":1," \
	"\"start_addr\":8192,\"len\":4096,\"lkey\":1287,\"win_cnt\":0," \
	"\"mtt_rep\":2,\"block_mode\":1,\"len64\":1,\"fbo_en\":1," \
	"\"mtt_adr\":0,\"mtt_size\":0,\"entity_size\":1000,\"mtt_fbo\":64}"

/* A device that reports only some fields: no r_w, no MTT, no flags. */
static const struct fake_attr partial[] = {
	U32(INDEX, 12), U32(STATUS, 0), U32(ACCESS, ROCE_ADP_MPT_ACCESS_LR),
	U32(MEM_KEY, 0xc00), U32(PD, 1), U64(START_ADDR, 0x1000),
	U64(LEN, 4096), U32(ENTITY_SIZE, 21),
	{ }
};

#define PARTIAL_TEXT \
	"emu0 index 12 access lr key 0x00000c00 pd 1 start 0x1000 len 4096 " \
	"entity_size 21\n"

#define PARTIAL_JSON \
	"{\"dev\":\"emu0\",\"index\":12,\"status\":0,\"lr\":1,\"lw\":0," \
	"\"rr\":0,\"rw\":0,\"atomic\":0,\"eb\":0,\"mem_key\":3072,\"pd\":1," \
	"\"start_addr\":4096,\"len\":4096,\"entity_size\":21}"

/* No access rights at all, and the longest length there is. */
static const struct fake_attr no_access[] = {
	U32(INDEX, 13), U32(STATUS, 0), U32(ACCESS, 0), U64(LEN, UINT64_MAX),
	U8(LEN64, 1),
	{ }
};

#define NO_ACCESS_TEXT \
	"emu0 index 13 access none len 36893488147419103231\n"

static const struct fake_attr free_entry[] = {
	U32(INDEX, 3), U32(STATUS, ROCE_ADP_MPT_STATUS_FREE),
	{ }
};

static const struct fake_attr invalid_entry[] = {
	U32(INDEX, 4), U32(STATUS, ROCE_ADP_MPT_STATUS_INVALID),
	{ }
};

static void put_entry(struct nl_msg *msg, const struct fake_attr *a,
		      const uint8_t *raw)
{
	struct nlattr *nest = nla_nest_start(msg, ROCE_ADP_A_MPT_ENTRY |
					     NLA_F_NESTED);

	for (; a->attr; a++) {
		if (a->type == NLA_U8)
			nla_put_u8(msg, a->attr, a->v);
		else if (a->type == NLA_U32)
			nla_put_u32(msg, a->attr, a->v);
		else if (a->type == NLA_U64)
			nla_put_u64(msg, a->attr, a->v);
		else
			nla_put(msg, a->attr, 0, NULL);
	}
	if (raw)
		nla_put(msg, E(RAW), ROCE_ADP_MPT_ENTRY_LEN, raw);
	nla_nest_end(msg, nest);
}

static void reply(const char *dev, const struct fake_attr *a,
		  const uint8_t *raw)
{
	struct nl_msg *msg = fake_reply(ROCE_ADP_CMD_MPT_GET);

	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, dev);
	put_entry(msg, a, raw);
}

static int show(bool json, const char *line)
{
	return fake_run("mpt", mpt_cmds, "show", json, line);
}

/* line sends a request of flags with the attributes want. */
static bool sends(const char *line, int flags, const char *want)
{
	bool ok;

	fake_reset();
	reply("emu0", region, NULL);
	ok = show(false, line) == 0;
	if (!ok)
		printf("# \"%s\" failed: %s", line, err_buf);
	ok &= fake.calls == 1 && fake.cmd == ROCE_ADP_CMD_MPT_GET &&
	      fake.flags == flags;
	return same(line, fake_req_str(), want) && ok;
}

static bool test_requests(void)
{
	bool ok = true;

	/* index and key: a do; everything else a dump, filters sent. */
	ok &= sends("dev emu0 index 5", 0, "1=\"emu0\" 11=5");
	ok &= sends("emu0 index 0x10", 0, "1=\"emu0\" 11=16");
	ok &= sends("emu0 key 0x507 -r", 0, "1=\"emu0\" 12=1287 15");
	ok &= sends("--raw dev emu0 key 4294967295", 0,
		    "1=\"emu0\" 12=4294967295 15");
	ok &= sends("", NLM_F_DUMP, "");
	ok &= sends("emu0", NLM_F_DUMP, "1=\"emu0\"");
	ok &= sends("emu0 pd 7 qpn 0x123", NLM_F_DUMP,
		    "1=\"emu0\" 13=7 14=291");
	ok &= sends("qpn 16777215 -r pd 0", NLM_F_DUMP, "13=0 14=16777215 15");
	return ok;
}

static bool test_text(void)
{
	fake_reset();
	reply("emu0", region, NULL);
	reply("emu1", window, NULL);
	reply("emu0", partial, NULL);
	reply("emu0", no_access, NULL);
	reply("emu0", free_entry, NULL);
	reply("emu0", invalid_entry, NULL);
	return outcome(show(false, ""), 0,
		       REGION_TEXT WINDOW_TEXT PARTIAL_TEXT NO_ACCESS_TEXT
		       "emu0 index 3 status free\n"
		       "emu0 index 4 status invalid\n", "");
}

static bool test_json(void)
{
	bool ok;

	fake_reset();
	reply("emu0", region, NULL);
	reply("emu1", window, NULL);
	reply("emu0", partial, NULL);
	reply("emu0", free_entry, NULL);
	ok = outcome(show(true, ""), 0,
		     "[" REGION_JSON "," WINDOW_JSON "," PARTIAL_JSON ","
		     "{\"dev\":\"emu0\",\"index\":3,\"status\":3}]\n", "");
	ok &= python_accepts(out_buf,
			     "[e['index'] for e in v] == [5, 9, 12, 3]"
			     " and v[1]['len'] + (v[1]['len64'] << 64) == 2**64 + 4096"
			     " and v[0]['start_addr'] == 0x7f0000001000"
			     " and 'r_w' not in v[2] and 'mtt_adr' not in v[2]"
			     " and v[3] == {'dev': 'emu0', 'index': 3, 'status': 3}"
			     " and v");
	return ok;
}

static bool test_raw(void)
{
	uint8_t raw[ROCE_ADP_MPT_ENTRY_LEN], inval[ROCE_ADP_MPT_ENTRY_LEN] = {
		0xf0,
	};
	char hex[2 * ROCE_ADP_MPT_ENTRY_LEN + 1];
	char want[1024];
	bool ok;
	int i;

	for (i = 0; i < ROCE_ADP_MPT_ENTRY_LEN; i++) {
		raw[i] = i;
		sprintf(hex + 2 * i, "%02x", i);
	}
	fake_reset();
	reply("emu0", invalid_entry, inval);
	reply("emu0", region, raw);
	ok = outcome(show(false, "-r"), 0,
		     "emu0 index 4 status invalid\n"
		     "    raw 0x00: f0000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000\n"
		     "    raw 0x20: 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000\n"
		     REGION_TEXT
		     "    raw 0x00: 00010203 04050607 08090a0b 0c0d0e0f 10111213 14151617 18191a1b 1c1d1e1f\n"
		     "    raw 0x20: 20212223 24252627 28292a2b 2c2d2e2f 30313233 34353637 38393a3b 3c3d3e3f\n",
		     "");
	snprintf(want, sizeof(want),
		 "[{\"dev\":\"emu0\",\"index\":4,\"status\":15,\"raw\":\"f0%0126d\"},"
		 "%.*s,\"raw\":\"%s\"}]\n",
		 0, (int)strlen(REGION_JSON) - 1, REGION_JSON, hex);
	ok &= outcome(show(true, "-r"), 0, want, "");
	ok &= python_accepts(out_buf, "bytes.fromhex(v[1]['raw']) == bytes(range(64))"
			     " and v");
	return ok;
}

static bool test_kernel_errors(void)
{
	bool ok;

	ok = kernel_refuses_both(show, "dev emu0 key 0x508", ENOENT,
				 "no memory region or window holds this key");
	ok &= kernel_refuses(show, false, "dev emu0 index 1024", ERANGE,
			     "MPT index beyond the table of 1024 entries");
	ok &= kernel_refuses(show, true, "", EPERM, NULL);
	/* Failing half way: what came is shown, the JSON still closes. */
	fake_reset();
	reply("emu0", free_entry, NULL);
	fake.error = ENODEV;
	fake.extack = "no such device";
	ok &= outcome(show(true, ""), ADP_EXIT_KERNEL,
		      "[{\"dev\":\"emu0\",\"index\":3,\"status\":3}]\n",
		      "Error: no such device.\n");
	return ok;
}

static bool test_dump_intr(void)
{
	bool ok;

	fake_reset();
	fake.dump_intr = true;
	reply("emu0", region, NULL);
	reply("emu0", partial, NULL);
	ok = outcome(show(false, "emu0"), 1, REGION_TEXT PARTIAL_TEXT,
		     "Error: the table changed during the dump; the output may be inconsistent, run the command again.\n");
	ok &= outcome(show(true, "emu0"), 1,
		      "[" REGION_JSON "," PARTIAL_JSON "]\n",
		      "Error: the table changed during the dump; the output may be inconsistent, run the command again.\n");
	ok &= python_accepts(out_buf, "len(v) == 2 and v");
	return ok;
}

static bool test_malformed(void)
{
	static const struct fake_attr no_index[] = { U32(STATUS, 0), { } };
	static const struct fake_attr short_key[] = {
		U32(INDEX, 1), U8(MEM_KEY, 1), { }
	};
	struct nl_msg *msg;
	uint8_t raw[10] = { };
	struct nlattr *nest;
	bool ok;

	fake_reset();
	reply("emu0", no_index, NULL);
	ok = outcome(show(false, "emu0 index 1"), 1, "",
		     "Error: kernel reply with an MPT entry without its index.\n");
	fake_reset();
	reply("emu0", short_key, NULL);
	ok &= outcome(show(false, "emu0 index 1"), 1, "",
		      "Error: malformed MPT entry in the kernel reply: Input data out of range.\n");
	fake_reset();
	msg = fake_reply(ROCE_ADP_CMD_MPT_GET);
	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, "emu0");
	nest = nla_nest_start(msg, ROCE_ADP_A_MPT_ENTRY | NLA_F_NESTED);
	nla_put_u32(msg, E(INDEX), 1);
	nla_put(msg, E(RAW), sizeof(raw), raw);
	nla_nest_end(msg, nest);
	ok &= outcome(show(false, "emu0 index 1 -r"), 1, "",
		      "Error: malformed MPT entry in the kernel reply: Input data out of range.\n");
	fake_reset();
	msg = fake_reply(ROCE_ADP_CMD_MPT_GET);
	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, "emu0");
	ok &= outcome(show(false, "emu0 index 1"), 1, "",
		      "Error: kernel reply without an MPT entry.\n");
	fake_reset();
	msg = fake_reply(ROCE_ADP_CMD_MPT_GET);
	put_entry(msg, region, NULL);
	ok &= outcome(show(false, "emu0 index 1"), 1, "",
		      "Error: kernel reply without a device name.\n");
	return ok;
}

static bool test_usage_errors(void)
{
	static const struct usage_case cases[] = {
		{ "dev emu0 index 1 key 0x100", "\"index\" and \"key\" both select the entry: give one" },
		{ "dev emu0 index 1 pd 2", "\"pd\" and \"qpn\" filter a dump: they do not go with \"index\"" },
		{ "dev emu0 key 1 qpn 2", "\"pd\" and \"qpn\" filter a dump: they do not go with \"key\"" },
		{ "index 1", "\"index\" needs a device: give \"dev DEV\"" },
		{ "-r key 0x100", "\"key\" needs a device: give \"dev DEV\"" },
		{ "dev emu0 index x", "invalid value \"x\" for \"index\": expected 0..4294967295" },
		{ "dev emu0 index -1", "invalid value \"-1\" for \"index\": expected 0..4294967295" },
		{ "dev emu0 index 4294967296", "invalid value \"4294967296\" for \"index\": expected 0..4294967295" },
		{ "dev emu0 key 0xg", "invalid value \"0xg\" for \"key\": expected 0..4294967295" },
		{ "dev emu0 pd 16777216", "invalid value \"16777216\" for \"pd\": expected 0..16777215" },
		{ "qpn 0x1000000", "invalid value \"0x1000000\" for \"qpn\": expected 0..16777215" },
		{ "dev emu0 index 1 index 2", "\"index\" is given twice" },
		{ "dev emu0 index", "missing value for \"index\"" },
		{ "emu0 emu1", "unexpected argument \"emu1\"" },
		{ "emu0 --json", "unknown option \"--json\" (options go before the object)" },
	};

	return usage_errors("mpt", mpt_cmds, "show", cases,
			    ARRAY_SIZE(cases));
}

/* A big dump: what was written, and what was held, entry by entry. */
static struct {
	unsigned long long bytes;	/* written to the output so far */
	unsigned long long at_last;	/* bytes when the last entry was made */
	unsigned long objects;		/* '{' written */
	unsigned int late;		/* entries not out before the next came */
	size_t heap_start, heap_max;
} big;

static ssize_t count_write(void *cookie, const char *buf, size_t size)
{
	size_t i;

	(void)cookie;
	big.bytes += size;
	for (i = 0; i < size; i++)
		big.objects += buf[i] == '{';
	return size;
}

static size_t heap_in_use(void)
{
	struct mallinfo2 mi = mallinfo2();

	return mi.uordblks + mi.hblkhd;
}

/* Entry i of a dump; checks that entry i - 1 is out already. */
static void gen_entry(unsigned int i, struct nl_msg *msg)
{
	const struct fake_attr attrs[] = {
		U32(INDEX, i), U32(STATUS, 0), U8(R_W, i & 1),
		U32(ACCESS, i & 0x3f), U32(MEM_KEY, i << 8 | (i & 0xff)),
		U32(PD, i % 16), U64(START_ADDR, (uint64_t)i << 12),
		U64(LEN, 4096), U8(LEN64, 0), U64(MTT_ADR, i * 8ULL),
		U32(MTT_SIZE, 1), U32(ENTITY_SIZE, 12),
		{ }
	};
	size_t heap;

	if (i && big.bytes == big.at_last)
		big.late++;
	big.at_last = big.bytes;
	heap = heap_in_use();
	if (i == 1000)
		big.heap_start = heap;
	if (heap > big.heap_max)
		big.heap_max = heap;
	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, "emu0");
	put_entry(msg, attrs, NULL);
}

static int big_dump(bool json, unsigned int count)
{
	static const cookie_io_functions_t io = { .write = count_write };
	struct adp_obj o = { .name = "mpt", .cmds = mpt_cmds, .help = "" };
	struct adp_ctx ctx = { .obj = &o, .cmd = &mpt_cmds[0] };
	char *argv[] = { "emu0", NULL };
	FILE *out;
	int ret;

	memset(&big, 0, sizeof(big));
	fake_reset();
	fake.gen = gen_entry;
	fake.gen_count = count;
	fake.gen_cmd = ROCE_ADP_CMD_MPT_GET;
	out = fopencookie(NULL, "w", io);
	if (!out)
		return -1;
	/* Unbuffered: every print reaches count_write() at once. */
	setvbuf(out, NULL, _IONBF, 0);
	print_init(out, stderr, json, false);
	ret = adp_exit_status(&ctx, ctx.cmd->func(&ctx, 1, argv));
	adp_nl_close(ctx.nl);
	print_fini();
	fclose(out);
	return ret;
}

static bool test_big_dump(void)
{
	const unsigned int n = 100000;
	bool ok = true;
	int ret;

	ret = big_dump(true, n);
	printf("# json: %llu bytes, heap %zu then at most %zu bytes\n",
	       big.bytes, big.heap_start, big.heap_max);
	ok &= ret == 0 && big.objects == n && !big.late;
	/* Entries 1000 to 99999 cost nothing that stays. */
	ok &= big.heap_max - big.heap_start < 64 * 1024;
	ret = big_dump(false, n);
	printf("# text: %llu bytes, heap %zu then at most %zu bytes\n",
	       big.bytes, big.heap_start, big.heap_max);
	ok &= ret == 0 && !big.late && big.heap_max - big.heap_start < 64 * 1024;
	return ok;
}

static bool test_big_json_parses(void)
{
	bool ok;

	fake_reset();
	fake.gen = gen_entry;
	fake.gen_count = 3000;
	fake.gen_cmd = ROCE_ADP_CMD_MPT_GET;
	ok = show(true, "") == 0 && !*err_buf;
	return python_accepts(out_buf,
			      "len(v) == 3000 and [e['index'] for e in v] == list(range(3000))"
			      " and all(e['mem_key'] >> 8 == e['index'] for e in v)"
			      " and v[2999]['start_addr'] == 2999 << 12"
			      " and v") && ok;
}

TAP_MAIN(
	{ "requests: index and key a do, filters a dump, raw a flag", test_requests },
	{ "text: region, window, 65-bit len, fields left out, free, invalid", test_text },
	{ "json: PRM names, absent fields absent, python parses it", test_json },
	{ "-r: raw bytes in dwords as text, hex string in json", test_raw },
	{ "kernel errors: extack, errno, a dump failing half way", test_kernel_errors },
	{ "interrupted dump: entries shown, then the error, exit 1", test_dump_intr },
	{ "malformed replies", test_malformed },
	{ "usage errors: exact messages, exit 1, nothing sent", test_usage_errors },
	{ "100000 entries: each out before the next, heap flat", test_big_dump },
	{ "3000 entries of json parse, in index order", test_big_json_parses },
)
