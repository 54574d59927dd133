// SPDX-License-Identifier: GPL-2.0
/* The fake kernel and TAP helpers of the command tests; see fake_kernel.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "fake_kernel.h"


struct fake_kernel fake;


struct adp_nl *adp_ctx_nl(struct adp_ctx *ctx)
{
	(void)ctx;
	return (struct adp_nl *)&fake;
}

const char *adp_nl_str(const struct nlattr *attr)
{
	return attr ? nla_get_string((struct nlattr *)attr) : NULL;
}

static struct nl_msg *genl_msg(uint8_t cmd, int flags)
{
	struct nl_msg *msg = nlmsg_alloc();

	if (!msg || !genlmsg_put(msg, 0, 0, 0x42, 0, flags, cmd,
				 ROCE_ADP_FAMILY_VERSION)) {
		printf("Bail out! cannot build a netlink message\n");
		exit(1);
	}
	return msg;
}

void fake_reset(void)
{
	int i;

	for (i = 0; i < fake.nreplies; i++)
		nlmsg_free(fake.replies[i]);
	nlmsg_free(fake.req);
	memset(&fake, 0, sizeof(fake));
}

struct nl_msg *fake_reply(uint8_t cmd)
{
	if (fake.nreplies == FAKE_REPLIES) {
		printf("Bail out! too many fake replies\n");
		exit(1);
	}
	return fake.replies[fake.nreplies++] = genl_msg(cmd, 0);
}

/* One reply to parse, as nl.c hands it over. */
static int fake_parse(struct nl_msg *msg,
		      int (*parse)(const struct adp_nl_msg *msg, void *arg),
		      void *arg)
{
	struct nlattr *tb[ROCE_ADP_A_MAX + 1];
	struct adp_nl_msg m;

	m.nlh = nlmsg_hdr(msg);
	m.cmd = genlmsg_hdr(m.nlh)->cmd;
	m.tb = tb;
	if (genlmsg_parse(m.nlh, 0, tb, ROCE_ADP_A_MAX, adp_policy) < 0) {
		print_error("malformed message from the kernel");
		return -EBADMSG;
	}
	return parse(&m, arg);
}

int adp_nl_request(struct adp_nl *nl, uint8_t cmd, int flags,
		   int (*build)(struct nl_msg *msg, void *arg),
		   int (*parse)(const struct adp_nl_msg *msg, void *arg),
		   void *arg)
{
	struct nl_msg *msg;
	unsigned int i;
	int ret = 0;

	(void)nl;
	fake.calls++;
	fake.cmd = cmd;
	fake.flags = flags;
	nlmsg_free(fake.req);
	fake.req = genl_msg(cmd, flags);
	if (build) {
		ret = build(fake.req, arg);
		if (ret < 0) {
			print_error("cannot build netlink request: %s",
				    nl_geterror(ret));
			return -EMSGSIZE;
		}
	}
	for (i = 0; i < (unsigned int)fake.nreplies && !ret; i++)
		ret = fake_parse(fake.replies[i], parse, arg);
	for (i = 0; i < fake.gen_count && !ret; i++) {
		msg = genl_msg(fake.gen_cmd, 0);
		fake.gen(i, msg);
		ret = fake_parse(msg, parse, arg);
		nlmsg_free(msg);
	}
	if (ret)
		return ret;
	if (fake.dump_intr && (flags & NLM_F_DUMP)) {
		print_error("%s", ADP_NL_DUMP_INTR_MSG);
		return -EAGAIN;
	}
	if (fake.error) {
		print_error("%s", fake.extack ? fake.extack :
			    strerror(fake.error));
		return -fake.error;
	}
	return 0;
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
	char buf[FAKE_LINE_MAX], *argv[FAKE_ARGS_MAX], *tok;
	int argc = 0, calls = fake.calls;

	for (ctx.cmd = cmds; ctx.cmd->name; ctx.cmd++)
		if (!strcmp(ctx.cmd->name, cmd))
			break;
	if (!ctx.cmd->name)
		return;
	snprintf(buf, sizeof(buf), "%s", line);
	for (tok = strtok(buf, " "); tok && argc < FAKE_ARGS_MAX - 1; tok = strtok(NULL, " "))
		argv[argc++] = tok;
	argv[argc] = NULL;
	capture(true, true);
	ctx.cmd->func(&ctx, argc, argv);
	release();
	fake.calls = calls;
}

int fake_run(const char *obj, const struct adp_cmd *cmds, const char *cmd,
	     bool json, const char *line)
{
	static char buf[FAKE_LINE_MAX];
	struct adp_obj o = { .name = obj, .cmds = cmds, .help = "",
			     .is_cmd = !strcmp(obj, cmd) };
	struct adp_ctx ctx = { .obj = &o };
	char *argv[FAKE_ARGS_MAX], *tok;
	int argc = 0, ret;

	if (json && tap_recording() && strcmp(obj, "apply"))
		fake_run_pretty(obj, cmds, cmd, line);
	for (ctx.cmd = cmds; ctx.cmd->name; ctx.cmd++)
		if (!strcmp(ctx.cmd->name, cmd))
			break;
	if (!ctx.cmd->name) {
		printf("Bail out! no command \"%s\"\n", cmd);
		exit(1);
	}
	/* Static: what the command parsed points into it. */
	snprintf(buf, sizeof(buf), "%s", line);
	for (tok = strtok(buf, " "); tok && argc < FAKE_ARGS_MAX - 1; tok = strtok(NULL, " "))
		argv[argc++] = tok;
	argv[argc] = NULL;

	capture(json, false);
	ret = ctx.cmd->func(&ctx, argc, argv);
	release();
	return ret;
}


int adp_nl_join_group(struct adp_nl *nl, const char *group)
{
	(void)nl;
	snprintf(fake.group, sizeof(fake.group), "%s", group);
	return 0;
}

/* The queued replies are the notifications; then the socket "closes". */
int adp_nl_listen(struct adp_nl *nl,
		  int (*parse)(const struct adp_nl_msg *msg, void *arg),
		  void *arg)
{
	unsigned int i;
	int ret = 0;

	(void)nl;
	fake.calls++;
	for (i = 0; i < (unsigned int)fake.nreplies && !ret; i++)
		ret = fake_parse(fake.replies[i], parse, arg);
	return ret == ADP_NL_STOP ? 0 : ret;
}

void fake_put_profile(struct nl_msg *msg, const struct fake_profile *p)
{
	struct nlattr *nest, *r;
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
	for (i = ROCE_ADP_RANGES_MAX - 1; i >= 0; i--) {
		r = nla_nest_start(msg, ROCE_ADP_A_PROFILE_RANGE | NLA_F_NESTED);
		nla_put_u32(msg, ROCE_ADP_A_RANGE_INDEX, i);
		nla_put_u32(msg, ROCE_ADP_A_RANGE_PREV_RANGE_INDEX,
			    p->r[i].prev);
		nla_put_u32(msg, ROCE_ADP_A_RANGE_DEC_MODE, p->r[i].dec);
		nla_put_u32(msg, ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM,
			    p->r[i].retry);
		nla_put_u32(msg, ROCE_ADP_A_RANGE_RANGE_LOW_BOUND, p->r[i].low);
		nla_put_u32(msg, ROCE_ADP_A_RANGE_RANGE_SIZE, p->r[i].size);
		nla_nest_end(msg, r);
	}
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
	return outcome(run(json, line), 1, "", want);
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
		if (!outcome(fake_run(obj, cmds, cmd, false, cases[i].line), 2,
			     "", want) || fake.calls) {
			printf("# for \"%s\"\n", cases[i].line);
			ok = false;
		}
	}
	return ok;
}
