// SPDX-License-Identifier: GPL-2.0
/*
 * Netlink fuzzer for the roce_adp family.
 *
 * The operations and their attribute policies come from the kernel
 * (CTRL_CMD_GETFAMILY, CTRL_CMD_GETPOLICY), so an operation added later is
 * fuzzed without a change here. Messages are built from those policies with
 * wrong and boundary values, lengths, nesting, unknown and duplicate
 * attributes, bogus flags and headers, then some are mutated (bit flips,
 * truncation, length fields that lie). Checked for every message:
 *
 *  - the kernel answers with an error (negative errno), an ACK, or replies
 *    that parse (attributes well formed, nests included); no answer only
 *    where netlink drops the message (bad length, no NLM_F_REQUEST/ACK);
 *  - a request that breaks its policy (value out of range, wrong length,
 *    unknown attribute, nesting flag wrong, bad string) is rejected, also
 *    when all else in it is right;
 *  - a rejected request of an operation without a dump (a SET) leaves the
 *    device state unchanged: a dump of every dumpable operation is taken
 *    before and after and compared; every other block of 500 requests runs
 *    with emu0's skip_driver_checks on, so that the firmware model's checks
 *    are fuzzed too;
 *  - no kernel warning appears in the log.
 *
 * Environment: NL_FUZZ_SEED (default: time and pid), NL_FUZZ_COUNT
 * (messages, default 6000), NL_FUZZ_SECONDS (run for a time instead),
 * NL_FUZZ_VERBOSE=1 (print every message's outcome).
 */

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <linux/roce_adp.h>

#include "nl.h"
#include "nl_policy.h"
#include "tap.h"

#define DBG		"/sys/kernel/debug/roce_adp/emu0/"
#define MSG_MAX		4096
#define SENTINEL_SEQ	0x5e000000u
#define MPT_SIZE	"16"
#define SNAP_MAX	(256 * 1024)

static struct nlp_family fam;
static struct nl_sock sk;
static uint64_t rng;
/* Build requests the policy accepts, to reach the checks behind it. */
static bool gentle;
/* The request breaks its policy: strict validation must reject it. */
static bool must_fail;

static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static unsigned int rn(unsigned int n)
{
	return n ? rnd() % n : 0;
}

/* ------------------------------------------------------------------ */
/* Message building                                                   */

struct fmsg {
	uint8_t buf[MSG_MAX + 256];
	size_t len;
	uint32_t attr_off[64];	/* offsets of attributes, for length lies */
	int n_attr;
	int nest_off[8];
	int depth;
};

static bool room(struct fmsg *m, size_t n)
{
	return m->len + NLA_ALIGN(n) + NLA_HDRLEN <= MSG_MAX;
}

static void put(struct fmsg *m, uint16_t type, const void *data, size_t len)
{
	struct nlattr *a;

	if (!room(m, len))
		return;
	a = (struct nlattr *)(m->buf + m->len);
	a->nla_type = type;
	a->nla_len = NLA_HDRLEN + len;
	if (len)
		memcpy(m->buf + m->len + NLA_HDRLEN, data, len);
	memset(m->buf + m->len + NLA_HDRLEN + len, 0,
	       NLA_ALIGN(len) - len);
	if (m->n_attr < 64)
		m->attr_off[m->n_attr++] = m->len;
	m->len += NLA_ALIGN(NLA_HDRLEN + len);
}

static bool nest_start(struct fmsg *m, uint16_t type)
{
	if (m->depth == 8 || !room(m, 0))
		return false;
	m->nest_off[m->depth++] = m->len;
	put(m, type, NULL, 0);
	return true;
}

static void nest_end(struct fmsg *m)
{
	int off = m->nest_off[--m->depth];
	struct nlattr *a = (struct nlattr *)(m->buf + off);

	a->nla_len = m->len - off;
}

static void put_rand(struct fmsg *m, uint16_t type, size_t len)
{
	uint8_t b[64];
	size_t i;

	for (i = 0; i < len && i < sizeof(b); i++)
		b[i] = rnd();
	put(m, type, b, len < sizeof(b) ? len : sizeof(b));
}

/* A value at or around the edges of what the policy allows. */
static uint64_t pick_u(const struct nlp_attr *pa, int bits)
{
	uint64_t all = bits == 64 ? UINT64_MAX : (1ULL << bits) - 1;
	uint64_t min = pa->has_range_u ? pa->min_u : 0;
	uint64_t max = pa->has_range_u ? pa->max_u : all;
	uint64_t span = max - min;

	uint64_t v;

	if (gentle && rn(8))
		return span == UINT64_MAX ? rnd() : min + rnd() % (span + 1);
	switch (rn(9)) {
	case 0:
		v = 0;
		break;
	case 1:
		v = min;
		break;
	case 2:
		v = max;
		break;
	case 3:
		v = max + 1;
		break;
	case 4:
		v = min - 1;
		break;
	case 5:
		v = all;
		break;
	case 6:
		v = 1ULL << rn(bits);
		break;
	case 7:
		v = rnd();
		break;
	default:
		v = span == UINT64_MAX ? rnd() : min + rnd() % (span + 1);
	}
	v &= all;
	if (pa->has_range_u && (v < min || v > max))
		must_fail = true;
	return v;
}

static const char * const names[] = { "emu0", "emu1", "emu0", "", "lo" };

static void put_string(struct fmsg *m, uint16_t type,
		       const struct nlp_attr *pa)
{
	char s[300];
	size_t len, max = pa->has_len ? pa->max_len : 64;
	bool nul = pa->type == NL_ATTR_TYPE_NUL_STRING;
	unsigned int r = gentle ? 9 : rn(10);

	/* No NUL, too long, or empty, where a NUL-terminated one belongs. */
	if (nul && (r == 2 || r == 3 || r == 5))
		must_fail = true;
	switch (r) {
	case 0: /* exactly the longest allowed, then one more */
	case 1:
		len = max + rn(2);
		if (len >= sizeof(s))
			len = sizeof(s) - 1;
		if (nul && pa->has_len && len > max)
			must_fail = true;
		memset(s, 'a' + rn(26), len);
		s[len] = 0;
		put(m, type, s, len + 1);
		return;
	case 2: /* no NUL */
		put(m, type, "emu0", 4);
		return;
	case 3: /* far too long */
		memset(s, 'x', sizeof(s));
		put(m, type, s, sizeof(s));
		return;
	case 4: /* embedded NUL, then junk */
		put(m, type, "emu0\0zz", 8);
		return;
	case 5:
		put(m, type, NULL, 0);
		return;
	default:
		s[0] = 0;
		strcat(s, names[gentle ? 0 : rn(5)]);
		put(m, type, s, strlen(s) + 1);
	}
}

static void gen_attrs(struct fmsg *m, int pol, int depth);

static void gen_nested(struct fmsg *m, uint16_t type,
		       const struct nlp_attr *pa, int depth, bool array)
{
	uint16_t flag = gentle || rn(8) ? NLA_F_NESTED : 0;
	int i, n;

	if (!nest_start(m, type | flag))
		return;
	if (!flag)
		must_fail = true;
	if (array) {
		bool mf = must_fail;

		n = rn(6);
		for (i = 0; i < n && m->depth < 8; i++) {
			if (!nest_start(m, gentle || rn(4) ? (unsigned int)i :
					rn(0x10000)))
				break;
			if (pa->nested >= 0 && depth < 4)
				gen_attrs(m, pa->nested, depth + 1);
			nest_end(m);
		}
		must_fail = mf;	/* arrays are not this test's business */
	} else if (pa->nested >= 0 && depth < 4) {
		gen_attrs(m, pa->nested, depth + 1);
	}
	nest_end(m);
}

static void gen_attr(struct fmsg *m, uint16_t type, const struct nlp_attr *pa,
		     int depth)
{
	static const int size[] = {
		[NL_ATTR_TYPE_U8] = 1, [NL_ATTR_TYPE_U16] = 2,
		[NL_ATTR_TYPE_U32] = 4, [NL_ATTR_TYPE_U64] = 8,
		[NL_ATTR_TYPE_S8] = 1, [NL_ATTR_TYPE_S16] = 2,
		[NL_ATTR_TYPE_S32] = 4, [NL_ATTR_TYPE_S64] = 8,
	};
	static const int wrong_len[] = { 0, 1, 2, 3, 4, 5, 8, 16 };
	unsigned int r = gentle ? 99 : rn(100);
	uint64_t v;
	int len;

	if (r < 4) {		/* anything, of any length */
		put_rand(m, type, rn(24));
		return;
	}
	if (r < 7 && depth < 4 && pa->type != NL_ATTR_TYPE_NESTED &&
	    pa->type != NL_ATTR_TYPE_NESTED_ARRAY) {	/* nest for a scalar */
		must_fail = true;
		if (nest_start(m, type | NLA_F_NESTED)) {
			put_rand(m, rn(8), rn(8));
			nest_end(m);
		}
		return;
	}
	switch (pa->type) {
	case NL_ATTR_TYPE_U8 ... NL_ATTR_TYPE_S64:
		len = size[pa->type];
		if (pa->type >= NL_ATTR_TYPE_S8 && pa->has_range_s) {
			struct nlp_attr u = *pa;

			u.has_range_u = true;
			u.min_u = pa->min_s;
			u.max_u = pa->max_s;
			v = pick_u(&u, len * 8);
		} else {
			v = pick_u(pa, len * 8);
		}
		if (r < 15) {		/* wrong length */
			len = wrong_len[rn(ARRAY_SIZE(wrong_len))];
			must_fail |= len != size[pa->type];
		}
		if (len <= 8)
			put(m, type, &v, len);
		else
			put_rand(m, type, len);
		return;
	case NL_ATTR_TYPE_FLAG:
		must_fail |= r < 15;
		put_rand(m, type, r < 15 ? 1 + rn(8) : 0);
		return;
	case NL_ATTR_TYPE_STRING:
	case NL_ATTR_TYPE_NUL_STRING:
		put_string(m, type, pa);
		return;
	case NL_ATTR_TYPE_NESTED:
		gen_nested(m, type, pa, depth, false);
		return;
	case NL_ATTR_TYPE_NESTED_ARRAY:
		gen_nested(m, type, pa, depth, true);
		return;
	case NL_ATTR_TYPE_BITFIELD32:
		put_rand(m, type, r < 15 ? rn(12) : 8);
		return;
	default:		/* binary and types this test does not know */
		len = pa->has_len ? (int)pa->min_len + rn(pa->max_len -
							  pa->min_len + 2) : rn(80);
		put_rand(m, type, len);
	}
}

/* The attributes of policy @pol: each one or not, plus some strangers. */
static void gen_attrs(struct fmsg *m, int pol, int depth)
{
	const struct nlp_policy *p = pol >= 0 ? &fam.policy[pol] : NULL;
	int t, n, i;

	if (p && p->present) {
		for (t = 0; t <= p->maxtype; t++) {
			if (!p->attr[t].present || rn(100) >= (gentle ? 85 : 65))
				continue;
			n = gentle || rn(12) ? 1 : 2;	/* duplicates */
			for (i = 0; i < n; i++)
				gen_attr(m, t, &p->attr[t], depth);
		}
	}
	switch (gentle ? 99 : rn(16)) {
	case 0: /* unknown type just above the policy */
		put_rand(m, (p ? p->maxtype : 0) + 1 + rn(3), rn(9));
		must_fail = true;
		break;
	case 1: /* type 0 */
		put_rand(m, 0, rn(9));
		must_fail = true;
		break;
	case 2: /* any type, any length */
		put_rand(m, rn(0x10000), rn(40));
		break;
	}
}

/* A request to @op, built from its policy, header fields mostly right. */
static void gen_request(struct fmsg *m, const struct nlp_op *op)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)m->buf;
	struct genlmsghdr *g = (struct genlmsghdr *)(m->buf + NLMSG_HDRLEN);
	bool dump = op->flags & GENL_CMD_CAP_DUMP &&
		    (!(op->flags & GENL_CMD_CAP_DO) || rn(3) == 0);
	int pol;

	memset(m, 0, offsetof(struct fmsg, attr_off));
	must_fail = false;
	m->n_attr = 0;
	m->depth = 0;
	m->len = NLMSG_HDRLEN + GENL_HDRLEN;
	nlh->nlmsg_type = sk.family;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	if (dump || (!gentle && rn(20) == 0))	/* on do-only ops too */
		nlh->nlmsg_flags |= NLM_F_DUMP;
	if (!gentle && rn(30) == 0)
		nlh->nlmsg_flags |= (NLM_F_ECHO | NLM_F_EXCL | NLM_F_CREATE |
				     NLM_F_REPLACE | NLM_F_APPEND) & rnd();
	g->cmd = op->cmd;
	g->version = gentle || rn(20) ? sk.version : rnd();
	g->reserved = gentle || rn(20) ? 0 : rnd();
	pol = dump && op->dump_policy >= 0 ? op->dump_policy : op->do_policy;
	gen_attrs(m, pol, 0);
	while (m->depth)
		nest_end(m);
	/*
	 * A request that is right but for one unknown attribute: strict
	 * validation must refuse what a lax one would take.
	 */
	if (gentle && !rn(4)) {
		put_rand(m, (pol >= 0 ? fam.policy[pol].maxtype : 0) + 1 + rn(3),
			 4);
		must_fail = true;
	}
	nlh->nlmsg_len = m->len;
}

/* Damage a built request; its nlmsg_type only to harmless values. */
static void mutate(struct fmsg *m)
{
	static const uint16_t own_types[] = {
		NLMSG_NOOP, NLMSG_ERROR, NLMSG_DONE, 0,
	};
	struct nlmsghdr *nlh = (struct nlmsghdr *)m->buf;
	int i, n;

	if (m->len < NLMSG_HDRLEN + GENL_HDRLEN)
		return;		/* already cut short */
	switch (rn(8)) {
	case 0: /* flip bits past the type field */
	case 1:
		n = 1 + rn(8);
		for (i = 0; i < n; i++) {
			size_t at = 6 + rn(m->len - 6);

			m->buf[at] ^= 1 << rn(8);
		}
		break;
	case 2: /* truncate the attributes, with a length that says so */
		m->len = NLMSG_HDRLEN + GENL_HDRLEN +
			 rn(m->len - NLMSG_HDRLEN - GENL_HDRLEN + 1);
		nlh->nlmsg_len = m->len;
		break;
	case 3: /* send less than nlmsg_len says, or more */
		if (rn(2))
			m->len = rn(m->len + 1);
		else
			nlh->nlmsg_len = rn(m->len + 1);
		break;
	case 4: /* an attribute's length lies */
		if (m->n_attr) {
			struct nlattr *a = (struct nlattr *)
				(m->buf + m->attr_off[rn(m->n_attr)]);

			a->nla_len = rn(2) ? rn(8) : a->nla_len + 1 + rn(64);
		}
		break;
	case 5: /* the genetlink header */
		m->buf[NLMSG_HDRLEN + rn(GENL_HDRLEN)] = rnd();
		break;
	case 6: /* header flags */
		nlh->nlmsg_flags ^= 1 << rn(16);
		break;
	default: /* a type netlink handles itself */
		nlh->nlmsg_type = own_types[rn(ARRAY_SIZE(own_types))];
		break;
	}
}

/* Bare headers, cut short or filled with noise. */
static void gen_junk(struct fmsg *m)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)m->buf;
	size_t i;

	m->len = rn(NLMSG_HDRLEN + GENL_HDRLEN + 24);
	for (i = 0; i < m->len; i++)
		m->buf[i] = rnd();
	if (m->len >= 6)
		nlh->nlmsg_type = sk.family;
	if (m->len >= 8 && rn(2))
		nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	if (m->len >= 4 && rn(2))
		nlh->nlmsg_len = m->len;
}

/*
 * Netlink handles the messages of a buffer one after another; make sure
 * none but the first is for another family (never send garbage to, say,
 * the routing or wireless code of the guest).
 */
static void fence(struct fmsg *m)
{
	size_t off = 0;

	while (off + NLMSG_HDRLEN <= m->len) {
		struct nlmsghdr *nlh = (struct nlmsghdr *)(m->buf + off);

		if (nlh->nlmsg_len < NLMSG_HDRLEN ||
		    nlh->nlmsg_len > m->len - off)
			break;
		if (nlh->nlmsg_type >= NLMSG_MIN_TYPE &&
		    nlh->nlmsg_type != sk.family)
			nlh->nlmsg_type = sk.family;
		off += NLMSG_ALIGN(nlh->nlmsg_len);
	}
}

/* ------------------------------------------------------------------ */
/* Replies                                                            */

struct errstat {
	int err;
	char msg[160];
	unsigned long count;
};

static struct errstat errs[512];
static int n_errs;

static struct {
	unsigned long sent, acks, replies, dumps, errors, silent;
	unsigned long bad, hung, state_checks, state_changed;
	unsigned long must_fail, garbage;
	unsigned long per_op_sent[256], per_op_ok[256];
} st;

static void count_error(int err, const char *msg)
{
	int i;

	for (i = 0; i < n_errs; i++)
		if (errs[i].err == err && !strcmp(errs[i].msg, msg)) {
			errs[i].count++;
			return;
		}
	if (n_errs == (int)ARRAY_SIZE(errs))
		return;
	errs[n_errs].err = err;
	snprintf(errs[n_errs].msg, sizeof(errs[n_errs].msg), "%s", msg);
	errs[n_errs++].count = 1;
}

/* Every attribute of a range inside it; nests checked too. */
static bool attrs_ok(const uint8_t *p, int len, int depth)
{
	while (len > 0) {
		const struct nlattr *a = (const struct nlattr *)p;

		if (len < (int)NLA_HDRLEN || a->nla_len < NLA_HDRLEN ||
		    a->nla_len > len)
			return false;
		if (a->nla_type & NLA_F_NESTED && depth < 8 &&
		    !attrs_ok(p + NLA_HDRLEN, a->nla_len - NLA_HDRLEN,
			      depth + 1))
			return false;
		len -= NLA_ALIGN(a->nla_len);
		p += NLA_ALIGN(a->nla_len);
	}
	return len == 0;
}

/* The error or DONE status and its extack TLVs. */
static bool status_ok(const struct nlmsghdr *nlh, bool done, int *err,
		      char *msg, size_t msglen)
{
	const uint8_t *p = NLMSG_DATA(nlh);
	int len = nlh->nlmsg_len - NLMSG_HDRLEN;
	const struct nlattr *tb[NLMSGERR_ATTR_MAX + 1];
	size_t off;

	msg[0] = 0;
	if (len < (int)(done ? sizeof(int) : sizeof(struct nlmsgerr)))
		return false;
	memcpy(err, p, sizeof(int));
	if (*err > 0)
		return false;
	off = done ? sizeof(int) : sizeof(struct nlmsgerr);
	if (!done && !(nlh->nlmsg_flags & NLM_F_CAPPED))
		off += ((const struct nlmsgerr *)p)->msg.nlmsg_len -
		       NLMSG_HDRLEN;
	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS))
		return true;
	if ((int)off > len || !attrs_ok(p + off, len - off, 0))
		return false;
	nl_parse(p + off, len - off, tb, NLMSGERR_ATTR_MAX);
	if (tb[NLMSGERR_ATTR_MSG]) {
		const char *s = nl_get_str(tb[NLMSGERR_ATTR_MSG]);

		if (!memchr(s, 0, nl_len(tb[NLMSGERR_ATTR_MSG])))
			return false;
		snprintf(msg, msglen, "%s", s);
	}
	/* A missing attribute is told by its type, not in words. */
	if (tb[NLMSGERR_ATTR_MISS_TYPE])
		snprintf(msg + strlen(msg), msglen - strlen(msg),
			 "%s[missing attribute %u]", msg[0] ? " " : "",
			 nl_get_u32(tb[NLMSGERR_ATTR_MISS_TYPE]));
	return true;
}

struct outcome {
	bool replied_ok;	/* an ACK or a reply: the request was taken */
	int errors;
	int messages;
	char why[200];		/* why a reply is invalid, "" if all are fine */
};

static bool is_sentinel(const struct nlmsghdr *nlh)
{
	const struct nlmsgerr *e = NLMSG_DATA(nlh);

	return nlh->nlmsg_type == NLMSG_ERROR &&
	       nlh->nlmsg_len >= NLMSG_LENGTH(sizeof(*e)) &&
	       e->msg.nlmsg_seq == nlh->nlmsg_seq &&
	       nlh->nlmsg_seq >= SENTINEL_SEQ && e->msg.nlmsg_type == NLMSG_NOOP;
}

static void check_reply(const struct nlmsghdr *nlh, struct outcome *o,
			bool *in_dump)
{
	char msg[160];
	int err;

	o->messages++;
	if (nlh->nlmsg_type == NLMSG_ERROR || nlh->nlmsg_type == NLMSG_DONE) {
		bool done = nlh->nlmsg_type == NLMSG_DONE;

		*in_dump = false;
		if (!status_ok(nlh, done, &err, msg, sizeof(msg))) {
			snprintf(o->why, sizeof(o->why),
				 "malformed %s", done ? "DONE" : "ERROR");
			return;
		}
		if (err) {
			o->errors++;
			st.errors++;
			count_error(err, msg);
		} else {
			o->replied_ok = true;
			if (done)
				st.dumps++;
			else
				st.acks++;
		}
		return;
	}
	if (nlh->nlmsg_type != sk.family) {
		snprintf(o->why, sizeof(o->why), "reply of type %u",
			 nlh->nlmsg_type);
		return;
	}
	if (nlh->nlmsg_len < NLMSG_LENGTH(GENL_HDRLEN) ||
	    !nlp_op_find(&fam, ((const struct genlmsghdr *)
				NLMSG_DATA(nlh))->cmd) ||
	    !attrs_ok((const uint8_t *)NLMSG_DATA(nlh) + GENL_HDRLEN,
		      nlh->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN), 0)) {
		snprintf(o->why, sizeof(o->why), "malformed reply");
		return;
	}
	if (nlh->nlmsg_flags & NLM_F_MULTI)
		*in_dump = true;
	o->replied_ok = true;
	st.replies++;
}

/* Send @m, then a NOOP whose ACK marks the end of what @m brought. */
static int exchange(struct fmsg *m, struct outcome *o)
{
	static uint8_t rbuf[NL_BUF_LEN];
	static uint32_t sseq = SENTINEL_SEQ;
	struct nlmsghdr noop = {
		.nlmsg_len = NLMSG_HDRLEN, .nlmsg_type = NLMSG_NOOP,
		.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK,
	};
	bool sentinel = false, in_dump = false;

	memset(o, 0, sizeof(*o));
	if (m->len >= 12)
		((struct nlmsghdr *)m->buf)->nlmsg_seq = ++sk.seq;
	noop.nlmsg_seq = ++sseq;
	/* The socket may refuse what is not even a header: fine too. */
	send(sk.fd, m->buf, m->len, 0);
	if (send(sk.fd, &noop, sizeof(noop), 0) < 0)
		return -errno;

	while (!sentinel || in_dump) {
		struct pollfd pfd = { .fd = sk.fd, .events = POLLIN };
		const struct nlmsghdr *nlh;
		ssize_t n;

		if (poll(&pfd, 1, 20000) <= 0) {
			st.hung++;
			snprintf(o->why, sizeof(o->why), "no end of reply");
			return -1;
		}
		n = recv(sk.fd, rbuf, sizeof(rbuf), 0);
		if (n < 0) {
			snprintf(o->why, sizeof(o->why), "recv: %s",
				 strerror(errno));
			return -1;
		}
		for (nlh = (const struct nlmsghdr *)rbuf; NLMSG_OK(nlh, n);
		     nlh = NLMSG_NEXT(nlh, n)) {
			if (is_sentinel(nlh))
				sentinel = true;
			else
				check_reply(nlh, o, &in_dump);
		}
		if (n > 0) {
			snprintf(o->why, sizeof(o->why),
				 "%zd trailing bytes in a read", n);
			return -1;
		}
	}
	if (!o->messages)
		st.silent++;
	return o->why[0] ? -1 : 0;
}

/* No answer is right only where netlink itself drops the message. */
static bool silence_ok(const struct fmsg *m)
{
	const struct nlmsghdr *nlh = (const struct nlmsghdr *)m->buf;

	return m->len < NLMSG_HDRLEN || nlh->nlmsg_len < NLMSG_HDRLEN ||
	       nlh->nlmsg_len > m->len ||
	       !(nlh->nlmsg_flags & NLM_F_REQUEST) ||
	       !(nlh->nlmsg_flags & NLM_F_ACK);
}

/* ------------------------------------------------------------------ */
/* Device state: a dump of every operation that has one               */

struct snap {
	uint8_t *buf;
	size_t len;
};

static int snap_cb(const struct nlmsghdr *nlh, void *arg)
{
	struct snap *s = arg;
	size_t n = nlh->nlmsg_len - NLMSG_HDRLEN;

	if (s->len + n <= SNAP_MAX) {
		memcpy(s->buf + s->len, NLMSG_DATA(nlh), n);
		s->len += n;
	}
	return 0;
}

static int snapshot(struct nl_sock *ssk, struct snap *s)
{
	static struct nl_msg m;
	int i, err;

	s->len = 0;
	for (i = 0; i < fam.n_ops; i++) {
		if (!(fam.op[i].flags & GENL_CMD_CAP_DUMP))
			continue;
		nl_genl_init(ssk, &m, fam.op[i].cmd, true);
		err = nl_send_recv(ssk, &m, snap_cb, s, NULL);
		if (err)
			return err;
	}
	return 0;
}

static bool is_set_op(const struct fmsg *m)
{
	const struct nlp_op *op;

	if (m->len < NLMSG_HDRLEN + 1)
		return false;
	op = nlp_op_find(&fam, m->buf[NLMSG_HDRLEN]);
	return op && !(op->flags & GENL_CMD_CAP_DUMP);
}

/* ------------------------------------------------------------------ */

static int klog_warnings(void)
{
	static const char * const bad[] = {
		"WARNING:", "BUG:", "Oops", "KASAN", "UBSAN", "general protection",
	};
	int len = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
	int n = 0, i;
	char *buf, *p;

	if (len <= 0)
		return 0;
	buf = calloc(1, len + 1);
	if (!buf)
		return 0;
	len = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, len);
	for (i = 0; len > 0 && i < (int)ARRAY_SIZE(bad); i++)
		for (p = buf; (p = strstr(p, bad[i])); p++)
			n++;
	free(buf);
	return n;
}

static void dump_hex(const struct fmsg *m)
{
	size_t i;

	printf("#   message (%zu bytes):", m->len);
	for (i = 0; i < m->len && i < 256; i++)
		printf("%s%02x", i % 32 ? "" : "\n#     ", m->buf[i]);
	printf("\n");
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cmp_err(const void *a, const void *b)
{
	const struct errstat *x = a, *y = b;

	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return x->err - y->err;
}

int main(void)
{
	const char *env_seed = getenv("NL_FUZZ_SEED");
	const char *env_count = getenv("NL_FUZZ_COUNT");
	const char *env_secs = getenv("NL_FUZZ_SECONDS");
	bool verbose = getenv("NL_FUZZ_VERBOSE");
	unsigned long count = env_count ? strtoul(env_count, NULL, 0) : 6000;
	double secs = env_secs ? strtod(env_secs, NULL) : 0, t0, dt;
	struct snap cur = {}, after = {};
	struct nl_sock ssk;
	bool snap_fresh = false, canary, fail_wanted, ok;
	unsigned long fw_blocks = 0;
	unsigned long seed, i;
	int warn0, warn1, t, err, shown = 0;
	static struct fmsg m;

	seed = env_seed ? strtoul(env_seed, NULL, 0) :
			  (unsigned long)time(NULL) ^ ((unsigned long)getpid() << 16);
	rng = seed ? seed : 1;
	tap_start();
	tap_plan(7);
	tap_diag("seed %lu (NL_FUZZ_SEED=%lu to repeat)", seed, seed);

	err = nl_open(&sk, ROCE_ADP_FAMILY_NAME) ?:
	      nl_open(&ssk, ROCE_ADP_FAMILY_NAME) ?:
	      nlp_describe(&sk, ROCE_ADP_FAMILY_NAME, &fam);
	if (err) {
		return tap_bail("roce_adp family: %s", strerror(-err));
	}
	for (i = 0; i < (unsigned long)fam.n_ops; i++) {
		const struct nlp_op *op = &fam.op[i];

		tap_diag("op %u flags 0x%x do policy %d dump policy %d",
			 op->cmd, op->flags, op->do_policy, op->dump_policy);
	}
	for (t = 0; t < NLP_MAX_POLICIES; t++) {
		const struct nlp_policy *p = &fam.policy[t];
		int a;

		if (!p->present)
			continue;
		printf("# policy %d:", t);
		for (a = 0; a <= p->maxtype; a++)
			if (p->attr[a].present)
				printf(" %d=%s", a,
				       nlp_type_name(p->attr[a].type));
		printf("\n");
	}
	tap_result(fam.n_ops > 0 && fam.op[0].do_policy >= 0,
		   "the family describes %d operations and their policies",
		   fam.n_ops);

	cur.buf = malloc(SNAP_MAX);
	after.buf = malloc(SNAP_MAX);
	if (!cur.buf || !after.buf)
		return 1;

	/*
	 * A small MPT table with live entries, so that dumps show real
	 * state; and proof that a snapshot sees a change of it.
	 */
	canary = !sysfs_write(DBG "mpt_size", MPT_SIZE) &&
		 !sysfs_write(DBG "mpt_fill", "8 2") &&
		 !snapshot(&ssk, &cur) &&
		 !sysfs_write(DBG "mpt_fill", "8 1") &&
		 !snapshot(&ssk, &after) &&
		 (cur.len != after.len || memcmp(cur.buf, after.buf, cur.len));
	if (!canary)
		tap_diag("the state snapshot does not see a change of emu0's MPT table");

	warn0 = klog_warnings();
	t0 = now();
	for (i = 0; secs ? now() - t0 < secs : i < count; i++) {
		const struct nlp_op *op = &fam.op[rn(fam.n_ops)];
		struct outcome o;
		bool set_op;
		unsigned int kind = rn(100);

		/*
		 * Blocks of requests with the driver's checks off: then the
		 * firmware model's own checks must keep the state as well.
		 */
		if (i % 500 == 0 && !sysfs_write(DBG "skip_driver_checks",
						 i % 1000 ? "Y" : "N") &&
		    i % 1000)
			fw_blocks++;

		gentle = kind >= 70;
		if (kind < 10) {
			gen_junk(&m);
			must_fail = false;
		} else {
			gen_request(&m, op);
			if (kind < 52)
				must_fail = false;	/* maybe undone */
			if (kind < 45)
				mutate(&m);
			if (kind < 52)
				mutate(&m);
		}
		fail_wanted = must_fail;
		fence(&m);
		set_op = is_set_op(&m);
		if (set_op && !snap_fresh) {
			err = snapshot(&ssk, &cur);
			if (err) {
				return tap_bail("state snapshot: %s",
						strerror(-err));
			}
			snap_fresh = true;
		}

		st.sent++;
		if (m.len > NLMSG_HDRLEN)
			st.per_op_sent[m.buf[NLMSG_HDRLEN]]++;
		err = exchange(&m, &o);
		if (!err && !o.messages && !silence_ok(&m)) {
			snprintf(o.why, sizeof(o.why), "no reply");
			err = -1;
		}
		if (err) {
			st.bad++;
			if (shown++ < 10) {
				tap_diag("invalid answer: %s", o.why);
				dump_hex(&m);
			}
			continue;
		}
		if (fail_wanted && o.replied_ok) {
			st.garbage++;
			if (shown++ < 10) {
				tap_diag("a request that breaks its policy was taken");
				dump_hex(&m);
			}
		}
		if (fail_wanted)
			st.must_fail++;
		if (verbose)
			tap_diag("%lu: %d bytes, %d messages, %d errors%s",
				 i, (int)m.len, o.messages, o.errors,
				 o.replied_ok ? ", taken" : "");
		if (o.replied_ok) {
			snap_fresh = false;
			if (m.len > NLMSG_HDRLEN)
				st.per_op_ok[m.buf[NLMSG_HDRLEN]]++;
			continue;
		}
		if (!set_op)
			continue;
		st.state_checks++;
		err = snapshot(&ssk, &after);
		if (err) {
			return tap_bail("state snapshot: %s", strerror(-err));
		}
		if (after.len != cur.len || memcmp(after.buf, cur.buf, cur.len)) {
			st.state_changed++;
			if (shown++ < 10) {
				tap_diag("a rejected request changed the state");
				dump_hex(&m);
			}
			memcpy(cur.buf, after.buf, after.len);
			cur.len = after.len;
		}
	}
	dt = now() - t0;
	sysfs_write(DBG "skip_driver_checks", "N");
	tap_diag("%lu blocks of 500 with the driver's checks off (skip_driver_checks)",
		 fw_blocks);
	warn1 = klog_warnings();

	tap_diag("%lu messages in %.1f s (%.0f/s): %lu errors, %lu ACKs, %lu replies, %lu dumps, %lu unanswered (dropped by netlink)",
		 st.sent, dt, st.sent / dt, st.errors, st.acks, st.replies,
		 st.dumps, st.silent);
	for (t = 0; t < fam.n_ops; t++)
		tap_diag("op %u: %lu sent, %lu taken", fam.op[t].cmd,
			 st.per_op_sent[fam.op[t].cmd],
			 st.per_op_ok[fam.op[t].cmd]);
	qsort(errs, n_errs, sizeof(errs[0]), cmp_err);
	tap_diag("%d distinct (errno, extack) answers:", n_errs);
	for (t = 0; t < n_errs; t++)
		tap_diag("%7lu  %-12s \"%s\"", errs[t].count,
			 strerrorname_np(-errs[t].err) ?: "?", errs[t].msg);

	tap_result(!st.bad, "every message got an error, an ACK or replies that parse (%lu did not)",
		   st.bad);
	tap_result(!st.hung, "every request came to an end (%lu did not)", st.hung);
	tap_result(!st.garbage, "%lu requests that break their policy were all rejected (%lu taken)",
		   st.must_fail, st.garbage);
	tap_result(canary && !st.state_changed,
		   "%lu rejected SET requests changed nothing (%lu did)",
		   st.state_checks, st.state_changed);
	for (ok = true, t = 0; t < fam.n_ops; t++)
		ok &= st.per_op_ok[fam.op[t].cmd] > 0;
	tap_result(ok, "every operation took some requests (%lu in all), %d distinct errors",
		   st.acks + st.replies + st.dumps, n_errs);
	tap_result(warn1 == warn0, "no kernel warning in the log (%d new)",
		   warn1 - warn0);

	/* Leave emu0 as a fresh device for whatever runs next. */
	sysfs_write(DBG "mpt_size", "1024");
	if (!sysfs_write("/sys/bus/roce_adp/del_device", "0"))
		sysfs_write("/sys/bus/roce_adp/new_device", "0");
	nl_close(&ssk);
	nl_close(&sk);
	return tap_end();
}
