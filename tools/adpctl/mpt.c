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

/* The one-bit field fld is present and set. */
static bool mpt_set(const struct radp_mpt *m, enum radp_fld fld)
{
	return mpt_has(m, fld) && radp_mpt_member_get(m, mpt_member(fld));
}

/* " access lr,lw", the spec's names of the access flags set. */
static void mpt_access_text(const struct radp_mpt *m, char *buf, size_t size)
{
	size_t i, n;

	n = snprintf(buf, size, " access ");
	for (i = 0; i < RADP_MPT_ACCESS_BITS && n < size; i++)
		if (mpt_set(m, radp_mpt_access[i].fld))
			n += snprintf(buf + n, size - n, "%s%s",
				      buf[n - 1] == ' ' ? "" : ",",
				      adp_mpt_access_names[i]);
	if (buf[n - 1] == ' ' && n < size)
		snprintf(buf + n, size - n, "none");
}

/*
 * The text of member mm of a live entry, in buf, or NULL when the text
 * leaves it out: an operator's summary (region or window, the access
 * flags as one list, the flags that are set as words, len with its bit
 * 64, the entity size as the page or block size it is).
 */
static const char *mpt_member_text(const struct radp_mpt *m,
				   const struct radp_mpt_member *mm,
				   uint64_t v, char *buf, size_t size)
{
	bool region = m->r_w, window = !m->r_w;
	char len[48];

	switch (mm->fld) {
	case RADP_MPT_R_W:
		return v ? " region" : " window";
	case RADP_MPT_LR:
		mpt_access_text(m, buf, size);
		return buf;
	case RADP_MPT_PA: case RADP_MPT_ATC_REQ: case RADP_MPT_ATC_XLATED:
	case RADP_MPT_NO_SNOOP: case RADP_MPT_EN_RINV: case RADP_MPT_EI:
	case RADP_MPT_NCE: case RADP_MPT_FRE: case RADP_MPT_RAE:
	case RADP_MPT_W_DIF: case RADP_MPT_M_DIF:
		if (!v)
			return NULL;
		snprintf(buf, size, " %s", mm->name);
		return buf;
	case RADP_MPT_STATUS:
		if (v == RADP_MPT_STATUS_HW)
			return NULL;
		snprintf(buf, size, " status %" PRIu64, v);
		return buf;
	case RADP_MPT_QPN:
		if (!mpt_set(m, RADP_MPT_BQP))
			return NULL;
		snprintf(buf, size, " qpn %" PRIu64, v);
		return buf;
	case RADP_MPT_MEM_KEY:
		snprintf(buf, size, " key 0x%08" PRIx64, v);
		return buf;
	case RADP_MPT_START_ADDR_H:
		snprintf(buf, size, " start 0x%" PRIx64, v);
		return buf;
	case RADP_MPT_LEN_H:
		snprintf(buf, size, " len %s",
			 mpt_len_str(len, sizeof(len), v,
				     mpt_set(m, RADP_MPT_LEN64)));
		return buf;
	case RADP_MPT_LKEY:
		if (!mpt_has(m, RADP_MPT_R_W) || !window)
			return NULL;
		snprintf(buf, size, " lkey 0x%08" PRIx64, v);
		return buf;
	case RADP_MPT_WIN_CNT:
		if (!mpt_has(m, RADP_MPT_R_W) || !region)
			return NULL;
		break;
	case RADP_MPT_MTT_REP:
		if (!v)
			return NULL;
		break;
	case RADP_MPT_MTT_ADR_H:
		snprintf(buf, size, " mtt_adr 0x%" PRIx64, v);
		return buf;
	case RADP_MPT_PD: case RADP_MPT_MTT_SIZE:
		break;
	case RADP_MPT_ENTITY_SIZE:
		/* A log2 page size, or a block size in bytes. */
		if (mpt_set(m, RADP_MPT_BLOCK_MODE))
			snprintf(buf, size, " block_size %" PRIu64, v);
		else if (mpt_has(m, RADP_MPT_BLOCK_MODE) && v < 64)
			snprintf(buf, size, " page_size %" PRIu64,
				 (uint64_t)1 << v);
		else
			break;
		return buf;
	case RADP_MPT_MTT_FBO:
		if (!mpt_set(m, RADP_MPT_FBO_EN))
			return NULL;
		break;
	default:
		/* bqp, the other access bits, block_mode, len64, fbo_en */
		return NULL;
	}
	snprintf(buf, size, " %s %" PRIu64, mm->name, v);
	return buf;
}

/*
 * Every field the kernel sent under its PRM name, status first, each one
 * call for both outputs: JSON the number, text the member's words (a free
 * or invalid entry: its status alone).
 */
static void mpt_fields_print(const struct mpt_entry *e)
{
	const struct radp_mpt *m = &e->m;
	const struct radp_mpt_member *mm;
	bool live = !mpt_has(m, RADP_MPT_STATUS) ||
		    (m->status != RADP_MPT_STATUS_FREE &&
		     m->status != RADP_MPT_STATUS_INVALID);
	const char *text;
	char buf[160];
	unsigned int n;
	uint64_t v;

	for (n = 0; n <= radp_mpt_members_count; n++) {
		/* The status first, then the others in the PRM's order. */
		mm = n ? &radp_mpt_members[n - 1] : mpt_member(RADP_MPT_STATUS);
		if ((n && mm->fld == RADP_MPT_STATUS) || !mpt_has(m, mm->fld))
			continue;
		v = radp_mpt_member_get(m, mm);
		if (live)
			text = mpt_member_text(m, mm, v, buf, sizeof(buf));
		else if (mm->fld == RADP_MPT_STATUS)
			text = adp_mpt_status_names[v];
		else
			text = NULL;
		print_u64_as(PRINT_ANY, mm->name,
			     !text ? NULL : live ? "%s" : " status %s", v, text);
	}
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
	mpt_fields_print(&e);
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
		{ ADP_ARG_DEV(&req.dev), .positional = true },
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
