// SPDX-License-Identifier: GPL-2.0
/* The fake kernel and TAP helpers of the command tests; see fake_kernel.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <netlink/genl/ctrl.h>

#include <json-c/json.h>

#include "fake_kernel.h"

#ifndef SOL_NETLINK
#define SOL_NETLINK	270
#endif


struct fake_kernel fake;

/* The id the family resolves to; the replies carry it. */
#define FAKE_FAMILY	0x42
/*
 * The id the family's "config" group resolves to.  Joining it is a real
 * setsockopt() on the real socket underneath: this is nlctrl's own group,
 * which every kernel lets anyone join.
 */
#define FAKE_GROUP	GENL_ID_CTRL

/* The request being answered (NULL: none), and its next message. */
static struct nl_msg *asked;
static unsigned int next_msg;

static void bail_out(const char *why)
{
	printf("Bail out! %s\n", why);
	exit(1);
}

static struct nl_msg *genl_msg(uint16_t type, uint8_t cmd, uint8_t version)
{
	struct nl_msg *msg = nlmsg_alloc();

	if (!msg || !genlmsg_put(msg, 0, 0, type, 0, 0, cmd, version))
		bail_out("cannot build a netlink message");
	return msg;
}

void fake_reset(void)
{
	int i;

	for (i = 0; i < fake.nreplies; i++)
		nlmsg_free(fake.replies[i]);
	nlmsg_free(fake.req);
	nlmsg_free(asked);
	asked = NULL;
	next_msg = 0;
	memset(&fake, 0, sizeof(fake));
}

struct nl_msg *fake_reply(uint8_t cmd)
{
	if (fake.nreplies == FAKE_REPLIES)
		bail_out("too many fake replies");
	return fake.replies[fake.nreplies++] =
		genl_msg(FAKE_FAMILY, cmd, ROCE_ADP_FAMILY_VERSION);
}

/* A NETLINK_EXT_ACK or NETLINK_CAP_ACK the socket has set. */
static bool sk_opt(struct nl_sock *sk, int opt)
{
	socklen_t len = sizeof(int);
	int v = 0;

	return !getsockopt(nl_socket_get_fd(sk), SOL_NETLINK, opt, &v, &len) &&
	       v;
}

/* msg as part of the answer to the request asked, with flags. */
static struct nl_msg *answer(struct nl_msg *msg, int flags)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);

	nlh->nlmsg_flags |= flags;
	nlh->nlmsg_seq = nlmsg_hdr(asked)->nlmsg_seq;
	nlh->nlmsg_pid = nlmsg_hdr(asked)->nlmsg_pid;
	return msg;
}

static bool is_dump(const struct nlmsghdr *req)
{
	return (req->nlmsg_flags & NLM_F_DUMP) == NLM_F_DUMP;
}

/*
 * The end of the answer as the kernel writes it: a dump's NLMSG_DONE with
 * -error, else NLMSG_ERROR with -error, or 0 for the ACK (none if the
 * request did not ask for one).  An error quotes the request unless the
 * socket set NETLINK_CAP_ACK, and carries extack as NLMSGERR_ATTR_MSG
 * when the socket set NETLINK_EXT_ACK.
 */
static struct nl_msg *answer_end(struct nl_sock *sk, int error,
				 const char *extack)
{
	const struct nlmsghdr *req = nlmsg_hdr(asked);
	struct nlmsgerr e = { .error = -error, .msg = *req };
	struct nl_msg *msg;
	int flags = 0;

	if (is_dump(req)) {
		msg = nlmsg_alloc_simple(NLMSG_DONE, 0);
		flags = NLM_F_MULTI | (fake.dump_intr ? NLM_F_DUMP_INTR : 0);
		if (msg && nlmsg_append(msg, &e.error, sizeof(e.error),
					NLMSG_ALIGNTO) < 0)
			bail_out("cannot build NLMSG_DONE");
	} else {
		if (!error && !(req->nlmsg_flags & NLM_F_ACK))
			return NULL;
		msg = nlmsg_alloc_simple(NLMSG_ERROR, 0);
		if (!msg || nlmsg_append(msg, &e, sizeof(e), NLMSG_ALIGNTO) < 0)
			bail_out("cannot build NLMSG_ERROR");
		if (error && !sk_opt(sk, NETLINK_CAP_ACK)) {
			if (nlmsg_append(msg, nlmsg_data(req),
					 nlmsg_datalen(req), NLMSG_ALIGNTO) < 0)
				bail_out("cannot quote the request");
		} else {
			flags = NLM_F_CAPPED;
		}
	}
	if (error && extack && sk_opt(sk, NETLINK_EXT_ACK)) {
		if (nla_put_string(msg, NLMSGERR_ATTR_MSG, extack) < 0)
			bail_out("cannot put the extack");
		flags |= NLM_F_ACK_TLVS;
	}
	return answer(msg, flags);
}

/* nlctrl's CTRL_CMD_NEWFAMILY of the roce_adp family. */
static struct nl_msg *family_reply(void)
{
	struct nl_msg *msg = genl_msg(GENL_ID_CTRL, CTRL_CMD_NEWFAMILY, 2);
	struct nlattr *grps, *grp;

	if (nla_put_string(msg, CTRL_ATTR_FAMILY_NAME, ROCE_ADP_FAMILY_NAME) ||
	    nla_put_u16(msg, CTRL_ATTR_FAMILY_ID, FAKE_FAMILY) ||
	    nla_put_u32(msg, CTRL_ATTR_VERSION, ROCE_ADP_FAMILY_VERSION) ||
	    nla_put_u32(msg, CTRL_ATTR_MAXATTR, ROCE_ADP_A_MAX))
		bail_out("cannot build the family");
	grps = nla_nest_start(msg, CTRL_ATTR_MCAST_GROUPS);
	grp = nla_nest_start(msg, 1);
	if (!grps || !grp ||
	    nla_put_string(msg, CTRL_ATTR_MCAST_GRP_NAME,
			   ROCE_ADP_MCGRP_CONFIG) ||
	    nla_put_u32(msg, CTRL_ATTR_MCAST_GRP_ID, FAKE_GROUP))
		bail_out("cannot build the family's group");
	nla_nest_end(msg, grp);
	nla_nest_end(msg, grps);
	return answer(msg, 0);
}

/* Message i of nlctrl's answer to CTRL_CMD_GETFAMILY. */
static struct nl_msg *ctrl_answer(struct nl_sock *sk, unsigned int i)
{
	struct nlattr *tb[CTRL_ATTR_MAX + 1];
	const char *name = NULL;
	bool found;

	if (!genlmsg_parse(nlmsg_hdr(asked), 0, tb, CTRL_ATTR_MAX, NULL))
		name = adp_nl_str(tb[CTRL_ATTR_FAMILY_NAME]);
	found = name && !strcmp(name, ROCE_ADP_FAMILY_NAME) && !fake.no_module;
	if (found && !i)
		return family_reply();
	return answer_end(sk, found ? 0 : ENOENT, NULL);
}

/* Message i of the family's answer: replies, generated ones, the end. */
static struct nl_msg *family_answer(struct nl_sock *sk, unsigned int i)
{
	const struct nlmsghdr *req = nlmsg_hdr(asked);
	struct nl_msg *msg;
	int flags = 0;

	if (is_dump(req))
		flags = NLM_F_MULTI | (fake.dump_intr ? NLM_F_DUMP_INTR : 0);
	if (i < (unsigned int)fake.nreplies)
		return answer(nlmsg_convert(nlmsg_hdr(fake.replies[i])), flags);
	i -= fake.nreplies;
	if (i < fake.gen_count) {
		msg = genl_msg(FAKE_FAMILY, fake.gen_cmd,
			       ROCE_ADP_FAMILY_VERSION);
		fake.gen(i, msg);
		return answer(msg, flags);
	}
	if (fake.cut)
		return NULL;
	return answer_end(sk, fake.error, fake.extack);
}

/*
 * Without a request, the replies are the notifications of the group, if
 * the socket joined it (fake.group names it then).
 */
static struct nl_msg *notification(struct nl_sock *sk, unsigned int i)
{
	uint32_t groups[4] = { };
	socklen_t len = sizeof(groups);
	unsigned int bit = FAKE_GROUP - 1;

	if (getsockopt(nl_socket_get_fd(sk), SOL_NETLINK,
		       NETLINK_LIST_MEMBERSHIPS, groups, &len) ||
	    bit / 32 >= len / sizeof(groups[0]) ||
	    !(groups[bit / 32] & 1U << bit % 32))
		return NULL;
	snprintf(fake.group, sizeof(fake.group), "%s", ROCE_ADP_MCGRP_CONFIG);
	if (i >= (unsigned int)fake.nreplies)
		return NULL;
	return nlmsg_convert(nlmsg_hdr(fake.replies[i]));
}

/* Transport, send: the request to answer, recorded as fake_kernel.h says. */
static int fake_send(struct nl_sock *sk, struct nl_msg *msg)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct nlattr *dev;

	(void)sk;
	nlmsg_free(asked);
	asked = nlmsg_convert(nlh);
	next_msg = 0;
	if (!asked)
		bail_out("cannot keep the request");
	if (nlh->nlmsg_type == GENL_ID_CTRL)
		return nlh->nlmsg_len;
	fake.calls++;
	fake.cmd = genlmsg_hdr(nlh)->cmd;
	fake.flags = nlh->nlmsg_flags & ~(NLM_F_REQUEST | NLM_F_ACK);
	nlmsg_free(fake.req);
	fake.req = nlmsg_convert(nlh);
	dev = nla_find(genlmsg_attrdata(genlmsg_hdr(nlh), 0),
		       genlmsg_attrlen(genlmsg_hdr(nlh), 0),
		       ROCE_ADP_A_DEV_NAME);
	snprintf(fake.dev, sizeof(fake.dev), "%s", adp_nl_str(dev) ?: "");
	if (fake.on_request)
		fake.on_request();
	return nlh->nlmsg_len;
}

/*
 * Transport, receive: one message a read, as the kernel sends a do's
 * reply and its ACK; 0 (nothing) once there is nothing more to read.
 */
static int fake_recv(struct nl_sock *sk, struct sockaddr_nl *addr,
		     unsigned char **buf, struct ucred **creds)
{
	struct nl_msg *msg;
	struct nlmsghdr *nlh;
	int len;

	(void)creds;
	if (!asked)
		msg = notification(sk, next_msg++);
	else if (nlmsg_hdr(asked)->nlmsg_type == GENL_ID_CTRL)
		msg = ctrl_answer(sk, next_msg++);
	else
		msg = family_answer(sk, next_msg++);
	if (asked && (!msg || nlmsg_hdr(msg)->nlmsg_type == NLMSG_DONE ||
		      nlmsg_hdr(msg)->nlmsg_type == NLMSG_ERROR)) {
		nlmsg_free(asked);
		asked = NULL;
		next_msg = 0;
	}
	if (!msg)
		return 0;
	nlh = nlmsg_hdr(msg);
	len = nlh->nlmsg_len;
	*buf = malloc(len);
	if (!*buf)
		bail_out("out of memory");
	memcpy(*buf, nlh, len);
	nlmsg_free(msg);
	memset(addr, 0, sizeof(*addr));
	addr->nl_family = AF_NETLINK;
	return len;
}

/*
 * Every socket of the test program has the fake for its transport: libnl
 * sends and receives through the hooks of the socket's callbacks, which
 * nl.c builds its own on.  The socket itself is real (the options nl.c
 * sets, the groups it joins); only no message reaches the kernel.
 */
struct nl_sock *nl_socket_alloc(void)
{
	struct nl_cb *cb = nl_cb_alloc(NL_CB_DEFAULT);
	struct nl_sock *sk;

	if (!cb)
		return NULL;
	nl_cb_overwrite_send(cb, fake_send);
	nl_cb_overwrite_recv(cb, fake_recv);
	sk = nl_socket_alloc_cb(cb);
	nl_cb_put(cb);
	return sk;
}

static void attrs_str(char *buf, size_t len, size_t *off, struct nlattr *head,
		      int attrlen)
{
	const unsigned char *d;
	struct nlattr *a;
	const char *sep = "";
	int n, rem;

	nla_for_each_attr(a, head, attrlen, rem) {
		if (*off >= len)
			return;
		d = nla_data(a);
		n = nla_len(a);
		*off += snprintf(buf + *off, len - *off, "%s%d", sep,
				 nla_type(a));
		sep = " ";
		if (*off >= len)
			return;
		if (a->nla_type & NLA_F_NESTED) {
			*off += snprintf(buf + *off, len - *off, "{");
			attrs_str(buf, len, off, nla_data(a), n);
			if (*off < len)
				*off += snprintf(buf + *off, len - *off, "}");
		} else if (n == 0) {
			/* A flag: the type alone. */
		} else if (n == 1) {
			*off += snprintf(buf + *off, len - *off, "=%u/u8", d[0]);
		} else if (n == 4) {
			*off += snprintf(buf + *off, len - *off, "=%u",
					 nla_get_u32(a));
		} else if (n > 0 && !d[n - 1]) {
			*off += snprintf(buf + *off, len - *off, "=\"%s\"",
					 (const char *)d);
		} else {
			*off += snprintf(buf + *off, len - *off, "=?%d", n);
		}
	}
}

const char *fake_req_str(void)
{
	static char buf[1024];
	struct genlmsghdr *gnlh;
	size_t off = 0;

	buf[0] = '\0';
	if (!fake.req)
		return "(no request)";
	gnlh = genlmsg_hdr(nlmsg_hdr(fake.req));
	attrs_str(buf, sizeof(buf), &off, genlmsg_attrdata(gnlh, 0),
		  genlmsg_attrlen(gnlh, 0));
	return buf;
}

/* cmds' entry named cmd, or the list's end when there is none. */
static const struct adp_cmd *find_cmd(const struct adp_cmd *cmds,
				      const char *cmd)
{
	while (cmds->name && strcmp(cmds->name, cmd))
		cmds++;
	return cmds;
}

/* A copy of line in buf, split at spaces into argv; returns argc. */
static int split_line(char *buf, size_t size, const char *line, char **argv)
{
	char *tok;
	int argc = 0;

	snprintf(buf, size, "%s", line);
	for (tok = strtok(buf, " "); tok && argc < FAKE_ARGS_MAX - 1; tok = strtok(NULL, " "))
		argv[argc++] = tok;
	argv[argc] = NULL;
	return argc;
}

/*
 * Recording: the command once more with -j -p first, for the transcript
 * only; what the test then inspects comes from its own run.  Not apply,
 * whose fake device keeps what it was sent.
 */
static void fake_run_pretty(const char *obj, const struct adp_cmd *cmds,
			    const char *cmd, const char *line)
{
	struct adp_obj o = { .name = obj, .cmds = cmds, .help = "",
			     .is_cmd = !strcmp(obj, cmd) };
	struct adp_ctx ctx = { .obj = &o };
	char buf[FAKE_LINE_MAX], *argv[FAKE_ARGS_MAX];
	int argc, calls = fake.calls;

	ctx.cmd = find_cmd(cmds, cmd);
	if (!ctx.cmd->name)
		return;
	argc = split_line(buf, sizeof(buf), line, argv);
	capture(true, true);
	ctx.json = true;
	ctx.cmd->func(&ctx, argc, argv);
	release();
	adp_nl_close(ctx.nl);
	fake.calls = calls;
}

int fake_run(const char *obj, const struct adp_cmd *cmds, const char *cmd,
	     bool json, const char *line)
{
	static char buf[FAKE_LINE_MAX];
	struct adp_obj o = { .name = obj, .cmds = cmds, .help = "",
			     .is_cmd = !strcmp(obj, cmd) };
	struct adp_ctx ctx = { .obj = &o };
	char *argv[FAKE_ARGS_MAX];
	int argc, ret;

	if (json && tap_recording() && strcmp(obj, "apply"))
		fake_run_pretty(obj, cmds, cmd, line);
	ctx.cmd = find_cmd(cmds, cmd);
	if (!ctx.cmd->name) {
		printf("Bail out! no command \"%s\"\n", cmd);
		exit(1);
	}
	/* Static: what the command parsed points into it. */
	argc = split_line(buf, sizeof(buf), line, argv);

	capture(json, false);
	ctx.json = json;
	ret = adp_exit_status(&ctx, ctx.cmd->func(&ctx, argc, argv));
	release();
	adp_nl_close(ctx.nl);
	return ret;
}


void fake_put_dev(struct nl_msg *msg, const char *name)
{
	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, name);
	nla_put_u32(msg, ROCE_ADP_A_DEV_BACKEND, ROCE_ADP_BACKEND_EMULATED);
	nla_put_string(msg, ROCE_ADP_A_DEV_FW_VERSION, "22.41.1010");
	nla_put_u8(msg, ROCE_ADP_A_DEV_ROCE_ACCL, 1);
}

const struct fake_profile fake_profile1 = {
	.id = 1, .num = 2, .unit = 1, .base = 8, .total = 18,
	.init_low = 3, .init_size = 3,
	.r = {
		{ .prev = 0, .dec = 1, .retry = 3, .low = 3, .size = 3 },
		{ .prev = 0, .dec = 0, .retry = 2, .low = 6, .size = 4 },
	},
};

/* One ROCE_ADP_A_PROFILE_RANGE nest: entry @i of the profile. */
static void put_range(struct nl_msg *msg, int i, const struct fake_range *r)
{
	struct nlattr *nest;

	nest = nla_nest_start(msg, ROCE_ADP_A_PROFILE_RANGE | NLA_F_NESTED);
	nla_put_u32(msg, ROCE_ADP_A_RANGE_INDEX, i);
	nla_put_u32(msg, ROCE_ADP_A_RANGE_PREV_RANGE_INDEX, r->prev);
	nla_put_u32(msg, ROCE_ADP_A_RANGE_DEC_MODE, r->dec);
	nla_put_u32(msg, ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM, r->retry);
	nla_put_u32(msg, ROCE_ADP_A_RANGE_RANGE_LOW_BOUND, r->low);
	nla_put_u32(msg, ROCE_ADP_A_RANGE_RANGE_SIZE, r->size);
	nla_nest_end(msg, nest);
}

void fake_put_profile(struct nl_msg *msg, const struct fake_profile *p)
{
	/* What a newer kernel's entries past the fourth hold. */
	static const struct fake_range newer = {
		.prev = 1, .dec = 2, .retry = 7, .low = 9, .size = 9,
	};
	struct nlattr *nest;
	int i;

	nest = nla_nest_start(msg, ROCE_ADP_A_PROFILE | NLA_F_NESTED);
	nla_put_u32(msg, ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID, p->id);
	nla_put_u8(msg, ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT, p->qp);
	nla_put_u32(msg, ROCE_ADP_A_PROFILE_RANGE_NUM, p->num);
	nla_put_u32(msg, ROCE_ADP_A_PROFILE_START_RANGE_INDEX, p->start);
	nla_put_u32(msg, ROCE_ADP_A_PROFILE_TIME_UNIT, p->unit);
	nla_put_u32(msg, ROCE_ADP_A_PROFILE_TIME_BASE, p->base);
	nla_put_u32(msg, ROCE_ADP_A_PROFILE_RETX_TOTAL_TIMEOUT, p->total);
	nla_put_u32(msg, ROCE_ADP_A_PROFILE_TIMEOUT_INIT_LOW_BOUND,
		    p->init_low);
	nla_put_u32(msg, ROCE_ADP_A_PROFILE_TIMEOUT_INIT_RANGE_SIZE,
		    p->init_size);
	/* Last entry first: adpctl orders them by their index. */
	for (i = ROCE_ADP_RANGES_MAX + p->newer_ranges - 1; i >= 0; i--)
		put_range(msg, i, i < ROCE_ADP_RANGES_MAX ? &p->r[i] : &newer);
	nla_nest_end(msg, nest);
}

bool kernel_refuses(int (*run)(bool json, const char *line), bool json,
		    const char *line, int err, const char *extack)
{
	char want[512];

	fake_reset();
	fake.error = err;
	fake.extack = extack;
	snprintf(want, sizeof(want), "Error: %s.\n",
		 extack ? extack : strerror(err));
	return outcome(run(json, line), ADP_EXIT_KERNEL, "", want);
}

bool fake_sends(int (*run)(bool json, const char *line), const char *line,
		uint8_t cmd, const char *want)
{
	bool ok = run(false, line) == 0;

	if (!ok)
		printf("# \"%s\" failed: %s", line, err_buf);
	ok &= fake.calls == 1 && fake.cmd == cmd && fake.flags == 0;
	return same(line, fake_req_str(), want) && ok;
}

bool kernel_refuses_both(int (*run)(bool json, const char *line),
			 const char *line, int err, const char *extack)
{
	bool ok = kernel_refuses(run, false, line, err, extack);

	return kernel_refuses(run, true, line, err, extack) && ok;
}

bool usage_errors(const char *obj, const struct adp_cmd *cmds,
		  const char *cmd, const struct usage_case *cases, size_t n)
{
	char want[512];
	bool ok = true;
	size_t i;

	for (i = 0; i < n; i++) {
		fake_reset();
		snprintf(want, sizeof(want),
			 "Error: %s. Try \"adpctl %s %s help\".\n",
			 cases[i].msg, obj, cmd);
		if (!outcome(fake_run(obj, cmds, cmd, false, cases[i].line),
			     ADP_EXIT_USAGE,
			     "", want) || fake.calls) {
			printf("# for \"%s\"\n", cases[i].line);
			ok = false;
		}
	}
	return ok;
}

bool fake_json_words(const char *json, const char *const *skip, size_t n,
		     char *line, size_t len)
{
	struct json_object *arr = json_tokener_parse(json), *o;
	bool skipped;
	size_t i;

	o = arr ? json_object_array_get_idx(arr, 0) : NULL;
	if (!o) {
		json_object_put(arr);
		return false;
	}
	json_object_object_foreach(o, key, val) {
		skipped = false;
		for (i = 0; i < n; i++)
			skipped |= !strcmp(key, skip[i]);
		if (!skipped)
			snprintf(line + strlen(line), len - strlen(line),
				 " %s %s", key, json_object_get_string(val));
	}
	json_object_put(arr);
	return true;
}
