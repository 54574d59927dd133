// SPDX-License-Identifier: GPL-2.0
/*
 * The MPT message: one memory protection table entry as netlink
 * attributes, read by index or memory key, or dumped entry by entry.
 *
 * A dump keeps only its position in the netlink callback, so kernel
 * memory stays constant whatever the table size; it watches the device's
 * mpt_gen and flags the messages NLM_F_DUMP_INTR when the table changed
 * under it.
 */

#include <linux/sched/signal.h>
#include <net/genetlink.h>

#include "compat.h"
#include "radp_nl.h"

struct radp_nl_mpt_req {
	struct radp_nl_req_info base;
	const struct nlattr *sel_attr;	/* do: index or key */
	u32 index;
	bool by_key;
	u32 key;
	bool raw;
	bool has_pd;
	u32 pd;
	bool has_qpn;
	u32 qpn;
};

#define RADP_NL_MPT_REQ(ri)	container_of(ri, struct radp_nl_mpt_req, base)

struct radp_nl_mpt_data {
	struct radp_nl_reply_data base;
	u32 index;
	struct radp_mpt m;
	bool has_raw;
	u8 raw[RADP_MPT_LEN];
};

#define RADP_NL_MPT_DATA(data) \
	container_of(data, struct radp_nl_mpt_data, base)

static int radp_nl_mpt_put_access(struct sk_buff *skb,
				  const struct radp_mpt *m)
{
	bool present;
	u32 access = radp_mpt_access_flags(m, &present);

	if (!present)
		return 0;
	return nla_put_u32(skb, ROCE_ADP_A_MPT_ENTRY_ACCESS, access);
}

static int radp_nl_mpt_put_member(struct sk_buff *skb,
				  const struct radp_mpt *m,
				  const struct radp_mpt_member *mm)
{
	const struct radp_field *f = &radp_fields[mm->fld];
	u16 attr = radp_fields[mm->fld].attr;
	u64 val = radp_mpt_member_get(m, mm);

	if (!attr || !(m->present & RADP_MPT_BIT(mm->fld)))
		return 0;
	if (mm->lo >= 0)
		return nla_put_u64_64bit(skb, attr, val,
					 ROCE_ADP_A_MPT_ENTRY_PAD);
	if (f->hi == f->lo)
		return nla_put_u8(skb, attr, val);
	return nla_put_u32(skb, attr, val);
}

/*
 * The fields a live entry's message carries, in order, status aside (put
 * before them): each member of struct radp_mpt with an attribute, its
 * row of radp_fields.h as radp_reg.c makes it, where the member is. Read
 * by radp_nl_mpt_put_fields() once per entry of a dump, without going
 * through radp_mpt_members[] and radp_fields[].
 */
struct radp_nl_mpt_col {
	enum radp_fld fld;
	unsigned short offset;
	bool wide;			/* a u64 member */
	struct radp_field f;
};

#define RADP_NL_MPT_COL(_fld, _off, _wide, _name, _byte, _hi, _lo,	\
			_attr, _kind) {					\
	.fld = _fld, .offset = _off, .wide = _wide,			\
	.f = { .name = _name, .byte = _byte, .hi = _hi, .lo = _lo,	\
	       .attr = ROCE_ADP_A_##_attr, .kind = RADP_KIND_##_kind },	\
},
#define RADP_NL_MPT_COL_U8	RADP_NL_MPT_COL
#define RADP_NL_MPT_COL_U32	RADP_NL_MPT_COL
#define RADP_NL_MPT_COL_NONE(...)

static const struct radp_nl_mpt_col radp_nl_mpt_cols[] = {
#define RADP_MPT_FIELD(_id, _name, _byte, _hi, _lo, _attr, _nla, _kind) \
	RADP_NL_MPT_COL_##_nla(RADP_MPT_##_id,				\
			       offsetof(struct radp_mpt, _name), false,	\
			       #_name, _byte, _hi, _lo, _attr, _kind)
#define RADP_MPT_ACCESS_FIELD(...)
#define RADP_MPT_FIELD64_H(_id, _name, _byte, _hi, _lo, _attr, _nla, _kind) \
	RADP_NL_MPT_COL(RADP_MPT_##_id,					\
			offsetof(struct radp_mpt, RADP_MPT_NAME64_##_id),	\
			RADP_NLA_##_nla == RADP_NLA_U64, #_name, _byte,	\
			_hi, _lo, _attr, _kind)
#define RADP_MPT_FIELD64_L(...)
#include "radp_fields.h"
};

/* One attribute at @nla, its header: where the next one goes. */
static inline struct nlattr *radp_nl_mpt_attr(struct nlattr *nla, u16 type,
					      int len)
{
	nla->nla_type = type;
	nla->nla_len = nla_attr_size(len);
	return (struct nlattr *)((char *)nla + nla_total_size(len));
}

/*
 * The entry's fields in one run, as radp_nl_mpt_put_access() and
 * radp_nl_mpt_put_member() would put them one by one: one tailroom check
 * and one skb_put() for the largest the run can be, trimmed to what it
 * took; each value stored at its size, padding included. A dump writes
 * one such run per entry. Where a u64 would need an alignment pad (no
 * efficient unaligned access), the attribute at a time.
 */
static int radp_nl_mpt_put_fields(struct sk_buff *skb,
				  const struct radp_mpt *m)
{
	const int max = nla_total_size(sizeof(u32)) +
			radp_mpt_members_count * nla_total_size(sizeof(u64));
	const struct radp_nl_mpt_col *c;
	struct nlattr *nla, *start;
	unsigned int i;
	bool present;
	u32 access;

	if (!IS_ENABLED(CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS)) {
		int err = radp_nl_mpt_put_access(skb, m);

		for (i = 0; !err && i < radp_mpt_members_count; i++)
			if (radp_mpt_members[i].fld != RADP_MPT_STATUS)
				err = radp_nl_mpt_put_member(skb, m,
							     &radp_mpt_members[i]);
		return err;
	}
	if (skb_tailroom(skb) < max)
		return -EMSGSIZE;
	start = skb_put(skb, max);
	nla = start;
	access = radp_mpt_access_flags(m, &present);
	if (present) {
		*(u32 *)nla_data(nla) = access;
		nla = radp_nl_mpt_attr(nla, ROCE_ADP_A_MPT_ENTRY_ACCESS,
				       sizeof(u32));
	}
	for (c = radp_nl_mpt_cols;
	     c < radp_nl_mpt_cols + ARRAY_SIZE(radp_nl_mpt_cols); c++) {
		const void *val = (const char *)m + c->offset;
		u8 *p = nla_data(nla);

		if (c->fld == RADP_MPT_STATUS ||
		    !(m->present & RADP_MPT_BIT(c->fld)))
			continue;
		if (c->wide) {
			/* nla_data() is 4-byte aligned: a u64 may not be */
			memcpy(p, val, sizeof(u64));
			nla = radp_nl_mpt_attr(nla, c->f.attr, sizeof(u64));
		} else if (c->f.hi == c->f.lo) {
			p[0] = *(const u32 *)val;
			p[1] = 0;
			p[2] = 0;
			p[3] = 0;
			nla = radp_nl_mpt_attr(nla, c->f.attr, sizeof(u8));
		} else {
			*(u32 *)p = *(const u32 *)val;
			nla = radp_nl_mpt_attr(nla, c->f.attr, sizeof(u32));
		}
	}
	skb_trim(skb, skb->len - (max - ((char *)nla - (char *)start)));
	return 0;
}

static int radp_nl_mpt_put(struct sk_buff *skb, u32 index,
			   const struct radp_mpt *m, const u8 *raw)
{
	struct nlattr *nest;
	int err;

	nest = nla_nest_start(skb, ROCE_ADP_A_MPT_ENTRY);
	if (!nest)
		return -EMSGSIZE;
	err = nla_put_u32(skb, ROCE_ADP_A_MPT_ENTRY_INDEX, index) ?:
	      nla_put_u32(skb, ROCE_ADP_A_MPT_ENTRY_STATUS, m->status);
	if (err)
		goto err_cancel;
	if (radp_mpt_status_valid(m->status)) {
		err = radp_nl_mpt_put_fields(skb, m);
		if (err)
			goto err_cancel;
	}
	if (raw && nla_put(skb, ROCE_ADP_A_MPT_ENTRY_RAW, RADP_MPT_LEN, raw)) {
		err = -EMSGSIZE;
		goto err_cancel;
	}
	nla_nest_end(skb, nest);
	return 0;

err_cancel:
	nla_nest_cancel(skb, nest);
	return err;
}

static int radp_nl_mpt_parse(struct radp_nl_req_info *base,
			     struct nlattr **attrs,
			     struct netlink_ext_ack *extack)
{
	struct radp_nl_mpt_req *ri = RADP_NL_MPT_REQ(base);
	struct nlattr *index = attrs[ROCE_ADP_A_MPT_INDEX];
	struct nlattr *key = attrs[ROCE_ADP_A_MPT_KEY];
	struct nlattr *pd = attrs[ROCE_ADP_A_MPT_PD];
	struct nlattr *qpn = attrs[ROCE_ADP_A_MPT_QPN];

	ri->raw = nla_get_flag(attrs[ROCE_ADP_A_MPT_RAW]);
	if (base->dump) {
		if (index || key) {
			NL_SET_ERR_MSG_ATTR(extack, index ?: key,
					    "a dump takes no entry index or key, only the pd and qpn filters");
			return -EINVAL;
		}
		if (pd) {
			ri->has_pd = true;
			ri->pd = nla_get_u32(pd);
		}
		if (qpn) {
			ri->has_qpn = true;
			ri->qpn = nla_get_u32(qpn);
		}
		return 0;
	}

	if (pd || qpn) {
		NL_SET_ERR_MSG_ATTR(extack, pd ?: qpn,
				    "the pd and qpn filters apply to dumps only");
		return -EINVAL;
	}
	if (index && key) {
		NL_SET_ERR_MSG_ATTR(extack, key,
				    "select the entry by index or by key, not both");
		return -EINVAL;
	}
	if (!index && !key) {
		NL_SET_ERR_MSG(extack, "an MPT index or key is required");
		return -EINVAL;
	}
	ri->sel_attr = index ?: key;
	ri->by_key = !!key;
	if (key) {
		ri->key = nla_get_u32(key);
		ri->index = radp_mpt_key_index(ri->key);
	} else {
		ri->index = nla_get_u32(index);
	}
	return 0;
}

/* A do: the entry the request selected. */
static int radp_nl_mpt_prepare(const struct radp_nl_req_info *base,
			       struct radp_nl_reply_data *reply,
			       struct netlink_ext_ack *extack)
{
	const struct radp_nl_mpt_req *ri = RADP_NL_MPT_REQ(base);
	struct radp_nl_mpt_data *data = RADP_NL_MPT_DATA(reply);
	const struct nlattr *sel = ri->sel_attr;
	struct radp_mpt *m = &data->m;
	int err;

	err = radp_mpt_query(reply->dev, ri->index, m, data->raw, extack);
	if (err == -ERANGE && ri->by_key) {
		NL_SET_ERR_MSG_ATTR(extack, sel,
				    "no memory region or window holds this key");
		return -ENOENT;
	}
	if (err) {
		NL_SET_BAD_ATTR(extack, sel);
		return err;
	}
	if (ri->by_key && (!radp_mpt_status_valid(m->status) ||
			   !(m->present & RADP_MPT_BIT(RADP_MPT_MEM_KEY)) ||
			   m->mem_key != ri->key)) {
		NL_SET_ERR_MSG_ATTR(extack, sel,
				    "no memory region or window holds this key");
		return -ENOENT;
	}
	data->index = ri->index;
	data->has_raw = ri->raw;
	return 0;
}

/* At most: every member as a 64-bit attribute, and the raw entry. */
static int radp_nl_mpt_reply_size(const struct radp_nl_req_info *ri,
				  const struct radp_nl_reply_data *reply)
{
	return nla_total_size(0) + 3 * nla_total_size(sizeof(u32)) +
	       radp_mpt_members_count * nla_total_size_64bit(sizeof(u64)) +
	       nla_total_size(RADP_MPT_LEN);
}

static int radp_nl_mpt_fill(struct sk_buff *skb,
			    const struct radp_nl_req_info *ri,
			    const struct radp_nl_reply_data *reply)
{
	const struct radp_nl_mpt_data *data = RADP_NL_MPT_DATA(reply);

	return radp_nl_mpt_put(skb, data->index, &data->m,
			       data->has_raw ? data->raw : NULL);
}

static bool radp_nl_mpt_match(const struct radp_nl_mpt_req *ri,
			      const struct radp_mpt *m)
{
	if (!radp_mpt_status_valid(m->status))
		return false;
	if (ri->has_pd && m->pd != ri->pd)
		return false;
	if (ri->has_qpn && (!m->bqp || m->qpn != ri->qpn))
		return false;
	return true;
}

/*
 * Every live entry of the device that passes the filters, a message each.
 * A call sends at most RADP_NL_DUMP_CMDS_MAX commands, then returns what
 * it has and the next call resumes: a sparse table or a filter matching
 * nothing costs the reader many reads (of a progress message,
 * ROCE_ADP_A_MPT_SCANNED, when nothing matched), never one endless call.
 * A fatal signal ends the dump at once; a device being removed ends the
 * dump that names it (ENODEV), or its part of a dump of every device,
 * flagged NLM_F_DUMP_INTR.
 */
static int radp_nl_mpt_dump_dev(struct sk_buff *skb,
				struct netlink_callback *cb,
				const struct radp_nl_request *req,
				struct radp_nl_req_info *base,
				struct radp_nl_reply_data *reply)
{
	struct radp_nl_dump_ctx *ctx = (struct radp_nl_dump_ctx *)cb->ctx;
	const struct radp_nl_mpt_req *ri = RADP_NL_MPT_REQ(base);
	struct radp_nl_mpt_data *data = RADP_NL_MPT_DATA(reply);
	struct radp_dev *dev = reply->dev;
	unsigned int budget = RADP_NL_DUMP_CMDS_MAX;
	struct nlmsghdr *nlh;
	u32 gen;
	int err;

	if (!ctx->in_dev || ctx->pos_dev != dev->index) {
		/* nl_dump_check_consistent() flags changes of a non-zero seq */
		if (!cb->seq)
			cb->seq = 1;
		/* The device half dumped is gone, or re-created under its name. */
		if (ctx->in_dev)
			cb->seq++;
		ctx->in_dev = true;
		ctx->pos_dev = dev->index;
		ctx->pos = 0;
		ctx->gen = atomic_read(&dev->mpt_gen);
	}

	data->has_raw = ri->raw;
	for (; ctx->pos < READ_ONCE(dev->mpt_count); ctx->pos++) {
		if (fatal_signal_pending(current))
			return -EINTR;
		if (READ_ONCE(dev->removing)) {
			if (ctx->named) {
				NL_SET_ERR_MSG(cb->extack,
					       "device removed during the dump");
				return -ENODEV;
			}
			cb->seq++;
			break;
		}
		if (!budget--) {
			if (!skb->len &&
			    radp_nl_put_progress(skb, cb, req->cmd, dev,
						 ROCE_ADP_A_MPT_SCANNED, ctx->pos))
				return -EMSGSIZE;
			return RADP_NL_DUMP_YIELD;
		}
		cond_resched();
		err = radp_mpt_query(dev, ctx->pos, &data->m,
				     ri->raw ? data->raw : NULL, cb->extack);
		if (err)
			return err;
		gen = atomic_read(&dev->mpt_gen);
		if (gen != ctx->gen) {
			ctx->gen = gen;
			cb->seq++;
		}
		if (!radp_nl_mpt_match(ri, &data->m))
			continue;

		data->index = ctx->pos;
		nlh = (struct nlmsghdr *)skb_tail_pointer(skb);
		err = radp_nl_put_msg(skb, req, req->cmd,
				      NETLINK_CB(cb->skb).portid,
				      cb->nlh->nlmsg_seq, NLM_F_MULTI, base,
				      reply);
		if (err)
			return err;
		nl_dump_check_consistent(cb, nlh);
	}
	ctx->in_dev = false;
	return 0;
}

RADP_NL_DEFINE_REQUEST(mpt, .cmd = ROCE_ADP_CMD_MPT_GET,
		       .parse = radp_nl_mpt_parse,
		       .dump_dev = radp_nl_mpt_dump_dev);
