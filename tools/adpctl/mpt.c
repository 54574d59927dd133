// SPDX-License-Identifier: GPL-2.0
/*
 * The "mpt" object: entries of a device's memory protection table, one by
 * index or memory key, or every live entry, optionally of one protection
 * domain or queue pair.  A table may hold millions of entries: each is
 * printed as its message arrives and none is kept.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <netlink/genl/genl.h>

#include "adpctl.h"
#include "radp_mpt.h"

/* One ROCE_ADP_A_MPT_ENTRY; m.present has the fields the kernel sent. */
struct mpt_entry {
	uint32_t index;
	struct radp_mpt m;
	const uint8_t *raw;	/* RADP_MPT_LEN bytes, or NULL */
};

/* What "mpt show" sends: index or key make it a do, else a dump. */
struct mpt_req {
	const char *dev;
	bool has_index, has_key, has_pd, has_qpn, raw;
	uint32_t index, key, pd, qpn;
};

/* The numbers of the command line, parsed as the fields they select. */
#define MPT_ARG(_fld, _attr) \
	{ .fld = _fld, .attr = _attr, .type = NLA_U32, .kind = ADP_FIELD_NUM }

static const struct adp_field mpt_index_arg =
	MPT_ARG(RADP_QUERY_MPT_IN_INPUT_MODIFIER, ROCE_ADP_A_MPT_INDEX);
static const struct adp_field mpt_key_arg =
	MPT_ARG(RADP_MPT_MEM_KEY, ROCE_ADP_A_MPT_KEY);
static const struct adp_field mpt_pd_arg =
	MPT_ARG(RADP_MPT_PD, ROCE_ADP_A_MPT_PD);
static const struct adp_field mpt_qpn_arg =
	MPT_ARG(RADP_MPT_QPN, ROCE_ADP_A_MPT_QPN);

/* One-bit fields the text shows in its "flags" list when set. */
static const enum radp_fld mpt_text_flags[] = {
	RADP_MPT_PA, RADP_MPT_ATC_REQ, RADP_MPT_ATC_XLATED, RADP_MPT_NO_SNOOP,
	RADP_MPT_EN_RINV, RADP_MPT_EI, RADP_MPT_NCE, RADP_MPT_FRE,
	RADP_MPT_RAE, RADP_MPT_W_DIF, RADP_MPT_M_DIF,
};

static bool mpt_has(const struct radp_mpt *m, enum radp_fld fld)
{
	return m->present & RADP_MPT_BIT(fld);
}

static uint32_t mpt_access_flag(enum radp_fld fld)
{
	size_t i;

	for (i = 0; i < RADP_MPT_ACCESS_BITS; i++)
		if (radp_mpt_access[i].fld == fld)
			return radp_mpt_access[i].flag;
	return 0;
}

static uint64_t mpt_attr_get(const struct nlattr *a, int attr)
{
	switch (adp_mpt_entry_policy[attr].type) {
	case NLA_U8:
		return nla_get_u8((struct nlattr *)a);
	case NLA_U64:
		return nla_get_u64((struct nlattr *)a);
	default:
		return nla_get_u32((struct nlattr *)a);
	}
}

static int mpt_decode(const struct nlattr *nest, struct mpt_entry *e)
{
	struct nlattr *tb[ROCE_ADP_A_MPT_ENTRY_MAX + 1];
	struct nlattr *access;
	const struct radp_mpt_member *mm;
	uint32_t flag;
	unsigned int i;
	uint64_t v;
	int attr, ret;

	memset(e, 0, sizeof(*e));
	ret = nla_parse_nested(tb, ROCE_ADP_A_MPT_ENTRY_MAX,
			       (struct nlattr *)nest, adp_mpt_entry_policy);
	if (ret < 0) {
		print_error("malformed MPT entry in the kernel reply: %s",
			    nl_geterror(ret));
		return -EBADMSG;
	}
	if (!tb[ROCE_ADP_A_MPT_ENTRY_INDEX]) {
		print_error("kernel reply with an MPT entry without its index");
		return -EBADMSG;
	}
	e->index = nla_get_u32(tb[ROCE_ADP_A_MPT_ENTRY_INDEX]);
	access = tb[ROCE_ADP_A_MPT_ENTRY_ACCESS];

	for (i = 0; i < radp_mpt_members_count; i++) {
		mm = &radp_mpt_members[i];
		attr = radp_fields[mm->fld].attr;
		flag = mpt_access_flag(mm->fld);
		if (attr && tb[attr])
			v = mpt_attr_get(tb[attr], attr);
		else if (flag && access)
			v = !!(nla_get_u32(access) & flag);
		else
			continue;
		radp_mpt_member_set(&e->m, mm, v);
		e->m.present |= RADP_MPT_BIT(mm->fld);
	}
	if (tb[ROCE_ADP_A_MPT_ENTRY_RAW])
		e->raw = nla_data(tb[ROCE_ADP_A_MPT_ENTRY_RAW]);
	return 0;
}

/* Every field the kernel sent under its PRM name, status first. */
static void mpt_json(const struct mpt_entry *e)
{
	const struct radp_mpt_member *mm;
	unsigned int i;

	if (mpt_has(&e->m, RADP_MPT_STATUS))
		print_uint(PRINT_JSON, "status", NULL, e->m.status);
	for (i = 0; i < radp_mpt_members_count; i++) {
		mm = &radp_mpt_members[i];
		if (mm->fld == RADP_MPT_STATUS || !mpt_has(&e->m, mm->fld))
			continue;
		print_u64(PRINT_JSON, mm->name, NULL,
			  radp_mpt_member_get(&e->m, mm));
	}
}

/* len, and bit 64 of it when len64 is set: up to 2^65 - 1, in decimal. */
static const char *mpt_len_str(char *buf, size_t size, uint64_t len,
			       bool len64)
{
	unsigned __int128 v = (unsigned __int128)len64 << 64 | len;
	char digits[48];
	size_t i = sizeof(digits);

	digits[--i] = '\0';
	do {
		digits[--i] = '0' + (char)(v % 10);
		v /= 10;
	} while (v);
	snprintf(buf, size, "%s", digits + i);
	return buf;
}

/* The member of fld (64-bit members by their _h half). */
static const struct radp_mpt_member *mpt_member(enum radp_fld fld)
{
	static const struct radp_mpt_member *by_fld[RADP_FLD_COUNT];
	static bool ready;
	unsigned int i;

	if (!ready) {
		for (i = 0; i < radp_mpt_members_count; i++)
			by_fld[radp_mpt_members[i].fld] = &radp_mpt_members[i];
		ready = true;
	}
	return by_fld[fld];
}

/*
 * Add the name of the one-bit field fld to the list in buf when it is
 * set; *seen tells whether any field of the list came at all.
 */
static void mpt_list_bit(const struct radp_mpt *m, enum radp_fld fld,
			 char *buf, size_t size, bool *seen)
{
	size_t len = strlen(buf);

	if (!mpt_has(m, fld))
		return;
	*seen = true;
	if (radp_mpt_member_get(m, mpt_member(fld)))
		snprintf(buf + len, size - len, "%s%s", len ? "," : "",
			 radp_fields[fld].name);
}

/* The fields of a live entry, in the order an operator reads them. */
static void mpt_text_live(const struct radp_mpt *m)
{
	bool window = mpt_has(m, RADP_MPT_R_W) && !m->r_w;
	bool region = mpt_has(m, RADP_MPT_R_W) && m->r_w;
	char buf[160];
	bool seen = false;
	size_t i;

	if (mpt_has(m, RADP_MPT_STATUS) && m->status != RADP_MPT_STATUS_HW)
		print_uint(PRINT_FP, NULL, " status %u", m->status);
	if (mpt_has(m, RADP_MPT_MEM_KEY))
		print_uint(PRINT_FP, NULL, " key 0x%08x", m->mem_key);
	if (region || window)
		print_string(PRINT_FP, NULL, "%s",
			     region ? " region" : " window");
	if (mpt_has(m, RADP_MPT_PD))
		print_uint(PRINT_FP, NULL, " pd %u", m->pd);
	buf[0] = '\0';
	for (i = 0; i < RADP_MPT_ACCESS_BITS; i++)
		mpt_list_bit(m, radp_mpt_access[i].fld, buf, sizeof(buf), &seen);
	if (seen)
		print_string(PRINT_FP, NULL, " access %s", *buf ? buf : "none");
	if (mpt_has(m, RADP_MPT_START_ADDR_H))
		print_u64(PRINT_FP, NULL, " start 0x%" PRIx64, m->start_addr);
	if (mpt_has(m, RADP_MPT_LEN_H))
		print_string(PRINT_FP, NULL, " len %s",
			     mpt_len_str(buf, sizeof(buf), m->len,
					 mpt_has(m, RADP_MPT_LEN64) &&
					 m->len64));
	if (window && mpt_has(m, RADP_MPT_LKEY))
		print_uint(PRINT_FP, NULL, " lkey 0x%08x", m->lkey);
	if (mpt_has(m, RADP_MPT_BQP) && m->bqp && mpt_has(m, RADP_MPT_QPN))
		print_uint(PRINT_FP, NULL, " qpn %u", m->qpn);
	if (region && mpt_has(m, RADP_MPT_WIN_CNT))
		print_uint(PRINT_FP, NULL, " win_cnt %u", m->win_cnt);
	if (mpt_has(m, RADP_MPT_MTT_ADR_H))
		print_u64(PRINT_FP, NULL, " mtt_adr 0x%" PRIx64, m->mtt_adr);
	if (mpt_has(m, RADP_MPT_MTT_SIZE))
		print_uint(PRINT_FP, NULL, " mtt_size %u", m->mtt_size);
	if (mpt_has(m, RADP_MPT_ENTITY_SIZE)) {
		/* A log2 page size, or a block size in bytes. */
		if (mpt_has(m, RADP_MPT_BLOCK_MODE) && m->block_mode)
			print_uint(PRINT_FP, NULL, " block_size %u",
				   m->entity_size);
		else if (mpt_has(m, RADP_MPT_BLOCK_MODE) &&
			 m->entity_size < 64)
			print_u64(PRINT_FP, NULL, " page_size %" PRIu64,
				  (uint64_t)1 << m->entity_size);
		else
			print_uint(PRINT_FP, NULL, " entity_size %u",
				   m->entity_size);
	}
	if (mpt_has(m, RADP_MPT_MTT_REP) && m->mtt_rep)
		print_uint(PRINT_FP, NULL, " mtt_rep %u", m->mtt_rep);
	if (mpt_has(m, RADP_MPT_FBO_EN) && m->fbo_en &&
	    mpt_has(m, RADP_MPT_MTT_FBO))
		print_uint(PRINT_FP, NULL, " mtt_fbo %u", m->mtt_fbo);
	buf[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(mpt_text_flags); i++)
		mpt_list_bit(m, mpt_text_flags[i], buf, sizeof(buf), &seen);
	if (*buf)
		print_string(PRINT_FP, NULL, " flags %s", buf);
}

static void mpt_text(const struct mpt_entry *e)
{
	const struct radp_mpt *m = &e->m;

	if (mpt_has(m, RADP_MPT_STATUS) && m->status == RADP_MPT_STATUS_FREE)
		print_string(PRINT_FP, NULL, "%s", " status free");
	else if (mpt_has(m, RADP_MPT_STATUS) &&
		 m->status == RADP_MPT_STATUS_INVALID)
		print_string(PRINT_FP, NULL, "%s", " status invalid");
	else
		mpt_text_live(m);
	print_nl();
	if (e->raw)
		adp_print_raw(e->raw, RADP_MPT_LEN);
}

static int mpt_print(const struct adp_nl_msg *msg, void *arg)
{
	struct nlattr **tb = msg->tb;
	struct mpt_entry e;
	const char *name;
	int ret;

	(void)arg;
	name = adp_reply_dev(msg);
	if (!name)
		return -EBADMSG;
	/* A dump's progress: entries read, none of them to print. */
	if (!tb[ROCE_ADP_A_MPT_ENTRY] && tb[ROCE_ADP_A_MPT_SCANNED])
		return 0;
	if (!tb[ROCE_ADP_A_MPT_ENTRY]) {
		print_error("kernel reply without an MPT entry");
		return -EBADMSG;
	}
	ret = mpt_decode(tb[ROCE_ADP_A_MPT_ENTRY], &e);
	if (ret)
		return ret;

	open_json_object(NULL);
	print_string(PRINT_ANY, "dev", "%s", name);
	print_uint(PRINT_ANY, "index", " index %u", e.index);
	mpt_json(&e);
	mpt_text(&e);
	close_json_object();
	return 0;
}

static int mpt_build(struct nl_msg *msg, void *arg)
{
	const struct mpt_req *req = arg;
	int ret = 0;

	if (req->dev)
		ret = nla_put_string(msg, ROCE_ADP_A_DEV_NAME, req->dev);
	if (!ret && req->has_index)
		ret = nla_put_u32(msg, ROCE_ADP_A_MPT_INDEX, req->index);
	if (!ret && req->has_key)
		ret = nla_put_u32(msg, ROCE_ADP_A_MPT_KEY, req->key);
	if (!ret && req->has_pd)
		ret = nla_put_u32(msg, ROCE_ADP_A_MPT_PD, req->pd);
	if (!ret && req->has_qpn)
		ret = nla_put_u32(msg, ROCE_ADP_A_MPT_QPN, req->qpn);
	if (!ret && req->raw)
		ret = nla_put_flag(msg, ROCE_ADP_A_MPT_RAW);
	return ret;
}

/* word, if given, parsed as a value of f into *v; sets *has. */
static int mpt_number(const struct adp_ctx *ctx, const char *key,
		      const struct adp_field *f, const char *word, bool *has,
		      uint32_t *v)
{
	if (!word)
		return 0;
	*has = true;
	return adp_field_parse(ctx, key, f, word, v);
}

static int mpt_show(struct adp_ctx *ctx, int argc, char **argv)
{
	const char *index = NULL, *key = NULL, *pd = NULL, *qpn = NULL;
	struct mpt_req req = { };
	struct adp_arg args[] = {
		{ .key = "dev", .type = ADP_ARG_STR, .val = &req.dev,
		  .positional = true, .maxlen = ROCE_ADP_DEV_NAME_LEN - 1 },
		{ .key = "index", .type = ADP_ARG_STR, .val = &index },
		{ .key = "key", .type = ADP_ARG_STR, .val = &key },
		{ .key = "pd", .type = ADP_ARG_STR, .val = &pd },
		{ .key = "qpn", .type = ADP_ARG_STR, .val = &qpn },
		{ }
	};
	int n, ret;

	n = adp_take_raw_opt(argc, argv, &req.raw);
	ret = adp_parse_args(ctx, args, n, argv);
	if (!ret)
		ret = mpt_number(ctx, "index", &mpt_index_arg, index,
				 &req.has_index, &req.index);
	if (!ret)
		ret = mpt_number(ctx, "key", &mpt_key_arg, key, &req.has_key,
				 &req.key);
	if (!ret)
		ret = mpt_number(ctx, "pd", &mpt_pd_arg, pd, &req.has_pd,
				 &req.pd);
	if (!ret)
		ret = mpt_number(ctx, "qpn", &mpt_qpn_arg, qpn, &req.has_qpn,
				 &req.qpn);
	if (ret)
		return ret;
	if (index && key)
		return adp_usage_error(ctx, "\"index\" and \"key\" both select the entry: give one");
	if ((index || key) && (pd || qpn))
		return adp_usage_error(ctx, "\"pd\" and \"qpn\" filter a dump: they do not go with \"%s\"",
				       index ? "index" : "key");
	if ((index || key) && !req.dev)
		return adp_usage_error(ctx, "\"%s\" needs a device: give \"dev DEV\"",
				       index ? "index" : "key");
	return adp_show_req(ctx, ROCE_ADP_CMD_MPT_GET,
			    index || key ? 0 : NLM_F_DUMP, mpt_build, &req,
			    mpt_print, NULL);
}

static void mpt_show_details(FILE *fp)
{
	fputs("\n"
	      "With index N or key K, the one entry of DEV (also a free or invalid\n"
	      "one; a key must be the one the entry holds).  Without them, every\n"
	      "live entry of DEV, or of every device, in index order: with pd\n"
	      "only those of protection domain P, with qpn only the windows bound\n"
	      "to queue pair Q.  -r adds each entry's 64 bytes as the firmware\n"
	      "returned them.  Numbers are decimal, or hexadecimal after 0x.\n"
	      "Needs CAP_NET_ADMIN.\n", fp);
}

ADP_CMD_TABLE(mpt_cmds, ADP_MPT_CMDS);
