// SPDX-License-Identifier: GPL-2.0
/*
 * The family's socket and the request and reply every command makes.
 *
 * Generic netlink plumbing on libnl-3.  libnl's own error path reduces a
 * kernel error to its NLE_* code and drops the extended ACK, so requests
 * run with their own callbacks that keep the errno and the extack TLVs.
 *
 * On top of it the show pattern every object shares: a request for one
 * device (a do) or all of them (a dump), each reply printed inside one
 * JSON array; and a nest of values by a field table, into a request and
 * out of a reply.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <linux/netlink.h>
#include <linux/genetlink.h>
#include <netlink/netlink.h>
#include <netlink/genl/genl.h>
#include <netlink/genl/ctrl.h>
#include <linux/roce_adp.h>

#include "adpctl.h"
#include "fwctl.h"
#include "nl_gen.h"

#ifndef SOL_NETLINK
#define SOL_NETLINK	270
#endif

struct adp_nl {
	struct nl_sock *sk;
	char *family_name;
	int family;
	uint8_t version;
	const struct nla_policy *policy;
	int maxattr;
	struct nlattr **tb;		/* maxattr + 1 slots, per message */
	struct adp_nl_err err;
	bool kernel_failed;		/* sticky: for the exit status */
	const char *err_dev;		/* adp_nl_err_dev() */
	int err_quiet;
	bool fwctl;			/* answered over fwctl (fwctl.c) */
};

/* State of one request or listen loop. */
struct adp_nl_call {
	struct adp_nl *nl;
	struct nlmsghdr *req;		/* ours, to resolve ATTR_OFFS */
	int (*parse)(const struct adp_nl_msg *msg, void *arg);
	void *arg;
	bool listen;
	bool done;
	bool dump_intr;			/* a reply had NLM_F_DUMP_INTR */
	int err;			/* first failure, negative errno */
};


const char *adp_nl_str(const struct nlattr *attr)
{
	const char *s;
	int len;

	if (!attr)
		return NULL;
	s = nla_data(attr);
	len = nla_len(attr);
	if (len <= 0 || s[len - 1] != '\0')
		return NULL;
	return s;
}

const struct adp_nl_err *adp_nl_last_err(const struct adp_nl *nl)
{
	return &nl->err;
}

/*
 * Without the module (or with --fwctl), the family's requests are answered
 * over fwctl (fwctl.c); said once, unless asked for.
 */
static int nl_open_fwctl(struct adp_nl *nl, struct adp_nl **nlp)
{
	if (!adp_fwctl_available()) {
		print_error("no mlx5 function with a fwctl device (/dev/fwctl): load fwctl and mlx5_fwctl, or the roce_adp module");
		adp_nl_close(nl);
		return -ENOENT;
	}
	if (!adp_fwctl_wanted)
		fprintf(stderr, "adpctl: the roce_adp module is not loaded: using fwctl\n");
	nl->family = adp_fwctl_attach(nl->sk);
	nl->fwctl = true;
	*nlp = nl;
	return 0;
}

int adp_nl_open(struct adp_nl **nlp)
{
	return adp_nl_open_family(nlp, ROCE_ADP_FAMILY_NAME,
				  ROCE_ADP_FAMILY_VERSION, adp_policy,
				  ROCE_ADP_A_MAX);
}

int adp_nl_open_family(struct adp_nl **nlp, const char *family,
		       uint8_t version, const struct nla_policy *policy,
		       int maxattr)
{
	struct adp_nl *nl;
	int one = 1;
	int fd, ret;

	nl = calloc(1, sizeof(*nl));
	if (!nl)
		goto nomem;
	nl->family_name = strdup(family);
	nl->tb = calloc(maxattr + 1, sizeof(*nl->tb));
	nl->sk = nl_socket_alloc();
	if (!nl->family_name || !nl->tb || !nl->sk)
		goto nomem;
	nl->version = version;
	nl->policy = policy;
	nl->maxattr = maxattr;

	ret = genl_connect(nl->sk);
	if (ret < 0) {
		print_error("cannot open generic netlink socket: %s",
			    nl_geterror(ret));
		adp_nl_close(nl);
		return -EIO;
	}
	nl_socket_enable_msg_peek(nl->sk);
	/*
	 * Extended ACK carries the kernel's error string; a capped ACK
	 * leaves our request out of the error.  Both are optional: old
	 * kernels reject them and we fall back to strerror().
	 */
	fd = nl_socket_get_fd(nl->sk);
	setsockopt(fd, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	setsockopt(fd, SOL_NETLINK, NETLINK_CAP_ACK, &one, sizeof(one));

	nl->family = adp_fwctl_wanted ? -NLE_OBJ_NOTFOUND :
		     genl_ctrl_resolve(nl->sk, family);
	if (nl->family == -NLE_OBJ_NOTFOUND &&
	    !strcmp(family, ROCE_ADP_FAMILY_NAME) &&
	    (adp_fwctl_wanted || adp_fwctl_available()))
		return nl_open_fwctl(nl, nlp);
	if (nl->family < 0) {
		ret = nl->family;
		if (ret == -NLE_OBJ_NOTFOUND &&
		    !strcmp(family, ROCE_ADP_FAMILY_NAME))
			print_error("roce_adp module is not loaded (generic netlink family \"%s\" not found)",
				    family);
		else if (ret == -NLE_OBJ_NOTFOUND)
			print_error("generic netlink family \"%s\" not found",
				    family);
		else
			print_error("cannot resolve generic netlink family \"%s\": %s",
				    family, nl_geterror(ret));
		adp_nl_close(nl);
		return ret == -NLE_OBJ_NOTFOUND ? -ENOENT : -EIO;
	}
	*nlp = nl;
	return 0;

nomem:
	print_error("%s", strerror(ENOMEM));
	adp_nl_close(nl);
	return -ENOMEM;
}

void adp_nl_close(struct adp_nl *nl)
{
	if (!nl)
		return;
	nl_socket_free(nl->sk);
	free(nl->tb);
	free(nl->family_name);
	free(nl);
}

int adp_exit_status(const struct adp_ctx *ctx, int ret)
{
	if (ret == ADP_EXIT_FAIL && ctx->nl && ctx->nl->kernel_failed)
		return ADP_EXIT_KERNEL;
	return ret;
}

struct adp_nl *adp_ctx_nl(struct adp_ctx *ctx)
{
	if (!ctx->nl && adp_nl_open(&ctx->nl))
		ctx->nl = NULL;
	return ctx->nl;
}

/*
 * Pull the extack TLVs out of an error, ACK or NLMSG_DONE message; they
 * start off bytes into its payload.
 */
static void parse_ext_ack(struct adp_nl_call *call,
			  const struct nlmsghdr *nlh, size_t off)
{
	struct nlattr *tb[NLMSGERR_ATTR_MAX + 1];
	struct adp_nl_err *e = &call->nl->err;
	size_t len = nlh->nlmsg_len - NLMSG_HDRLEN;
	const char *msg;
	uint32_t offs;

	e->msg[0] = '\0';
	e->attr = -1;
	e->miss_type = -1;
	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS) || off >= len)
		return;
	if (nla_parse(tb, NLMSGERR_ATTR_MAX,
		      (struct nlattr *)((char *)NLMSG_DATA(nlh) + off),
		      len - off, NULL) < 0)
		return;

	msg = adp_nl_str(tb[NLMSGERR_ATTR_MSG]);
	if (msg)
		snprintf(e->msg, sizeof(e->msg), "%s", msg);
	if (tb[NLMSGERR_ATTR_MISS_TYPE] &&
	    nla_len(tb[NLMSGERR_ATTR_MISS_TYPE]) >= (int)sizeof(uint32_t))
		e->miss_type = nla_get_u32(tb[NLMSGERR_ATTR_MISS_TYPE]);
	/* The offset points into our request: name the attribute there. */
	if (call->req && tb[NLMSGERR_ATTR_OFFS] &&
	    nla_len(tb[NLMSGERR_ATTR_OFFS]) >= (int)sizeof(uint32_t)) {
		offs = nla_get_u32(tb[NLMSGERR_ATTR_OFFS]);
		if (offs >= NLMSG_HDRLEN + GENL_HDRLEN &&
		    offs + NLA_HDRLEN <= call->req->nlmsg_len)
			e->attr = nla_type((struct nlattr *)
					   ((char *)call->req + offs));
	}
}

void adp_nl_err_dev(struct adp_nl *nl, const char *dev, int quiet)
{
	nl->err_dev = dev;
	nl->err_quiet = quiet;
}

int adp_nl_dev_error(const struct adp_nl_msg *msg)
{
	const struct nlattr *a = msg->tb[ROCE_ADP_A_DEV_ERROR];

	return a ? (int)nla_get_u32(a) ?: EIO : 0;
}

static void report_kernel_error(struct adp_nl_call *call, int error)
{
	struct adp_nl_err *e = &call->nl->err;
	const char *dev = call->nl->err_dev;
	int quiet = call->nl->err_quiet;

	e->error = error;
	if (!call->err)
		call->err = -error;
	if (quiet == -1 || (quiet && quiet == error))
		return;
	call->nl->kernel_failed = true;
	print_error("%s%s%s", dev ?: "", dev ? ": " : "",
		    e->msg[0] ? e->msg : strerror(error));
}

static int error_cb(struct sockaddr_nl *nla, struct nlmsgerr *err, void *data)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)((char *)err - NLMSG_HDRLEN);
	struct adp_nl_call *call = data;
	size_t off = sizeof(*err);

	(void)nla;
	/* Uncapped errors quote our whole request before the TLVs. */
	if (!(nlh->nlmsg_flags & NLM_F_CAPPED))
		off += err->msg.nlmsg_len - NLMSG_HDRLEN;
	parse_ext_ack(call, nlh, off);
	report_kernel_error(call, err->error < 0 ? -err->error : EIO);
	call->done = true;
	return NL_STOP;
}

/*
 * The end of a request, its extack after hdrlen bytes of nlh: the error
 * (negative) a dump failed with half way, or a warning the kernel may
 * have left on success.
 */
static int call_done(struct adp_nl_call *call, const struct nlmsghdr *nlh,
		     size_t hdrlen, int error)
{
	parse_ext_ack(call, nlh, hdrlen);
	if (error < 0)
		report_kernel_error(call, -error);
	else if (call->nl->err.msg[0])
		print_warning("%s", call->nl->err.msg);
	call->done = true;
	return NL_STOP;
}

static int ack_cb(struct nl_msg *msg, void *data)
{
	return call_done(data, nlmsg_hdr(msg), sizeof(struct nlmsgerr), 0);
}

/* A dump that fails half way reports its error in NLMSG_DONE. */
static int finish_cb(struct nl_msg *msg, void *data)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	int error = 0;

	if (nlh->nlmsg_len >= NLMSG_LENGTH(sizeof(int)))
		memcpy(&error, NLMSG_DATA(nlh), sizeof(error));
	return call_done(data, nlh, sizeof(int), error);
}

static int valid_cb(struct nl_msg *msg, void *data)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct adp_nl_call *call = data;
	struct adp_nl *nl = call->nl;
	struct adp_nl_msg m;
	int ret;

	/* After a failure only drain what the kernel still sends. */
	if (call->err || nlh->nlmsg_type != nl->family)
		return NL_SKIP;

	ret = genlmsg_parse(nlh, 0, nl->tb, nl->maxattr, nl->policy);
	if (ret < 0) {
		print_error("malformed message from the kernel: %s",
			    nl_geterror(ret));
		call->err = -EBADMSG;
		return call->listen ? NL_STOP : NL_SKIP;
	}
	m.cmd = genlmsg_hdr(nlh)->cmd;
	m.tb = nl->tb;
	m.nlh = nlh;
	ret = call->parse(&m, call->arg);
	if (ret < 0)
		call->err = ret;
	else if (ret == ADP_NL_STOP && call->listen)
		call->done = true;
	return call->listen && ret ? NL_STOP : NL_OK;
}

/*
 * Without this callback libnl fails the whole receive with -NLE_DUMP_INTR;
 * the replies are still what the kernel holds, so they are shown and the
 * request fails once it is complete.
 */
static int dump_intr_cb(struct nl_msg *msg, void *data)
{
	struct adp_nl_call *call = data;

	(void)msg;
	call->dump_intr = true;
	return NL_OK;
}

/* Notifications carry sequence number 0; accept them all. */
static int no_seq_check(struct nl_msg *msg, void *data)
{
	(void)msg;
	(void)data;
	return NL_OK;
}

static int run_call(struct adp_nl_call *call)
{
	struct nl_cb *cb, *sk_cb;
	int ret;

	/* Ours on top of the socket's own: its transport, NLCB=debug. */
	sk_cb = nl_socket_get_cb(call->nl->sk);
	cb = nl_cb_clone(sk_cb);
	nl_cb_put(sk_cb);
	if (!cb) {
		print_error("%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	nl_cb_set(cb, NL_CB_VALID, NL_CB_CUSTOM, valid_cb, call);
	if (call->listen) {
		nl_cb_set(cb, NL_CB_SEQ_CHECK, NL_CB_CUSTOM, no_seq_check,
			  NULL);
	} else {
		nl_cb_set(cb, NL_CB_ACK, NL_CB_CUSTOM, ack_cb, call);
		nl_cb_set(cb, NL_CB_FINISH, NL_CB_CUSTOM, finish_cb, call);
		nl_cb_set(cb, NL_CB_DUMP_INTR, NL_CB_CUSTOM, dump_intr_cb,
			  call);
		nl_cb_err(cb, NL_CB_CUSTOM, error_cb, call);
	}

	while (!call->done && !(call->listen && call->err)) {
		ret = nl_recvmsgs_report(call->nl->sk, cb);
		/*
		 * An empty read (the kernel never sends one; a peer that is
		 * gone does) would repeat forever: it ends a listener, and a
		 * request without its end fails.
		 */
		if (!ret) {
			if (!call->listen && !call->err) {
				print_error("netlink reply ended before its ACK or NLMSG_DONE");
				call->err = -EIO;
			}
			break;
		}
		/*
		 * A listener that fell behind lost notifications (ENOBUFS,
		 * which libnl reports as NLE_NOMEM): say so and go on.
		 */
		if (call->listen && ret == -NLE_NOMEM) {
			print_warning("notifications were lost: the receive buffer overflowed");
			continue;
		}
		/* Kernel errors were reported by error_cb already. */
		if (ret < 0 && !call->err) {
			print_error("netlink receive failed: %s",
				    nl_geterror(ret));
			call->err = -EIO;
		}
		if (ret < 0)
			break;
	}
	nl_cb_put(cb);
	if (call->dump_intr && !call->err) {
		print_error("%s", ADP_NL_DUMP_INTR_MSG);
		call->err = -EAGAIN;
	}
	return call->err;
}

int adp_nl_request(struct adp_nl *nl, uint8_t cmd, int flags,
		   int (*build)(struct nl_msg *msg, void *arg),
		   int (*parse)(const struct adp_nl_msg *msg, void *arg),
		   void *arg)
{
	struct adp_nl_call call = {
		.nl = nl, .parse = parse, .arg = arg,
	};
	struct nl_msg *msg;
	int ret;

	memset(&nl->err, 0, sizeof(nl->err));
	nl->err.attr = -1;
	nl->err.miss_type = -1;

	msg = nlmsg_alloc();
	if (!msg) {
		print_error("%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	if (!genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, nl->family, 0,
			 flags | NLM_F_ACK, cmd, nl->version)) {
		ret = -ENOMEM;
		print_error("%s", strerror(ENOMEM));
		goto out;
	}
	if (build) {
		ret = build(msg, arg);
		if (ret < 0) {
			print_error("cannot build netlink request: %s",
				    nl_geterror(ret));
			ret = -EMSGSIZE;
			goto out;
		}
	}
	ret = nl_send_auto(nl->sk, msg);
	if (ret < 0) {
		print_error("netlink send failed: %s", nl_geterror(ret));
		ret = -EIO;
		goto out;
	}
	call.req = nlmsg_hdr(msg);
	ret = run_call(&call);
out:
	nlmsg_free(msg);
	return ret;
}

int adp_nl_join_group(struct adp_nl *nl, const char *group)
{
	int id, ret;

	if (nl->fwctl) {
		print_error("notifications need the roce_adp module: fwctl has none");
		return -EOPNOTSUPP;
	}
	id = genl_ctrl_resolve_grp(nl->sk, nl->family_name, group);
	if (id < 0) {
		print_error("multicast group \"%s\" of family \"%s\" not found",
			    group, nl->family_name);
		return -ENOENT;
	}
	ret = nl_socket_add_membership(nl->sk, id);
	if (ret < 0) {
		print_error("cannot join multicast group \"%s\": %s", group,
			    nl_geterror(ret));
		return -EIO;
	}
	return 0;
}

int adp_nl_listen(struct adp_nl *nl,
		  int (*parse)(const struct adp_nl_msg *msg, void *arg),
		  void *arg)
{
	struct adp_nl_call call = {
		.nl = nl, .parse = parse, .arg = arg, .listen = true,
	};

	return run_call(&call);
}

/*
 * The requests and replies of the family as every command makes them, on
 * the request path above (declared in adpctl.h: they take the command's
 * context and print).
 */

int adp_put_dev(struct nl_msg *msg, void *dev)
{
	if (!dev)
		return 0;
	return nla_put_string(msg, ROCE_ADP_A_DEV_NAME, dev);
}

const char *adp_reply_dev(const struct adp_nl_msg *msg)
{
	const char *name = adp_nl_str(msg->tb[ROCE_ADP_A_DEV_NAME]);

	if (!name)
		print_error("kernel reply without a device name");
	return name;
}

struct show_call {
	int (*build)(struct nl_msg *msg, void *arg);
	void *build_arg;
	int (*print)(const struct adp_nl_msg *msg, void *arg);
	void *arg;
	bool opened;		/* the JSON array has been started */
};

static int show_build(struct nl_msg *msg, void *data)
{
	struct show_call *call = data;

	return call->build ? call->build(msg, call->build_arg) : 0;
}

static int show_parse(const struct adp_nl_msg *msg, void *data)
{
	struct show_call *call = data;

	if (!call->opened) {
		open_json_array(NULL);
		call->opened = true;
	}
	return call->print(msg, call->arg);
}

int adp_show_req(struct adp_ctx *ctx, uint8_t cmd, int flags,
		 int (*build)(struct nl_msg *msg, void *arg), void *build_arg,
		 int (*print)(const struct adp_nl_msg *msg, void *arg),
		 void *arg)
{
	struct show_call call = {
		.build = build, .build_arg = build_arg,
		.print = print, .arg = arg,
	};
	struct adp_nl *nl;
	int ret;

	nl = adp_ctx_nl(ctx);
	if (!nl)
		return ADP_EXIT_FAIL;
	ret = adp_nl_request(nl, cmd, flags, show_build, show_parse, &call);
	/*
	 * The array starts with the first reply, so that a failed request
	 * prints no JSON at all, but an empty dump still prints "[]" and a
	 * dump failing half way still ends in a valid document.
	 */
	if (!ret && !call.opened) {
		open_json_array(NULL);
		call.opened = true;
	}
	if (call.opened)
		close_json_array();
	return ret ? ADP_EXIT_FAIL : ADP_EXIT_OK;
}

int adp_show(struct adp_ctx *ctx, uint8_t cmd, const char *dev,
	     int (*print)(const struct adp_nl_msg *msg, void *arg),
	     void *arg)
{
	return adp_show_req(ctx, cmd, dev ? 0 : NLM_F_DUMP, adp_put_dev,
			    (void *)dev, print, arg);
}

int adp_dev_cmd(struct adp_ctx *ctx, int argc, char **argv, uint8_t cmd,
		bool need_dev,
		int (*print)(const struct adp_nl_msg *msg, void *arg), void *arg)
{
	const char *dev;
	int ret;

	ret = adp_parse_dev(ctx, argc, argv, &dev);
	if (ret)
		return ret;
	if (need_dev && !dev)
		return adp_usage_error(ctx, "missing argument \"dev\"");
	return adp_show(ctx, cmd, dev, print, arg);
}

int adp_vals_parse(const struct adp_field *fields, const struct nlattr *nest,
		   struct adp_vals *vals, const char *what)
{
	const struct nla_policy *policy;
	struct nlattr *tb[ADP_NEST_ATTRS];
	const struct adp_field *f;
	int ret, maxattr = ADP_NEST_ATTRS - 1;

	memset(vals, 0, sizeof(*vals));
	policy = adp_fields_policy(fields, &maxattr);
	ret = nla_parse_nested(tb, maxattr, (struct nlattr *)nest,
			       policy);
	if (ret < 0) {
		print_error("malformed %s in the kernel reply: %s", what,
			    nl_geterror(ret));
		return -EBADMSG;
	}
	for (f = fields; f->attr; f++) {
		if (!tb[f->attr])
			continue;
		vals->v[f->attr] = f->type == NLA_U8 ?
				   nla_get_u8(tb[f->attr]) :
				   nla_get_u32(tb[f->attr]);
		vals->has[f->attr] = true;
	}
	return 0;
}

int adp_vals_put(struct nl_msg *msg, const struct adp_field *fields,
		 const struct adp_vals *vals)
{
	const struct adp_field *f;
	int ret;

	for (f = fields; f->attr; f++) {
		if (!vals->has[f->attr])
			continue;
		if (f->type == NLA_U8)
			ret = nla_put_u8(msg, f->attr, vals->v[f->attr]);
		else
			ret = nla_put_u32(msg, f->attr, vals->v[f->attr]);
		if (ret < 0)
			return ret;
	}
	return 0;
}

struct nlattr *adp_put_dev_nest(struct nl_msg *msg, const char *dev,
				int attr, const struct adp_field *fields,
				const struct adp_vals *vals)
{
	struct nlattr *nest;

	if (nla_put_string(msg, ROCE_ADP_A_DEV_NAME, dev) < 0)
		return NULL;
	nest = nla_nest_start(msg, attr | NLA_F_NESTED);
	if (!nest || adp_vals_put(msg, fields, vals) < 0)
		return NULL;
	return nest;
}
