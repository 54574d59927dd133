/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A fake kernel for the command tests, at the transport: the tests link
 * the real nl.o, whose socket sends to and receives from the fake (the
 * libnl send and receive hooks of every socket, see nl_socket_alloc() in
 * fake_kernel.c).  It answers nlctrl's CTRL_CMD_GETFAMILY for the family
 * and its group, keeps the request a command sends for inspection, and
 * answers it with the queued replies, real genl messages built with
 * libnl, then an ACK, an NLMSG_DONE or an NLMSG_ERROR with its extack, as
 * the kernel writes them.  Plus the TAP runner and output capture the test
 * programs share.
 */
#ifndef ADPCTL_FAKE_KERNEL_H
#define ADPCTL_FAKE_KERNEL_H

#include <netlink/genl/genl.h>

#include "adpctl.h"
#include "tap.h"

#define FAKE_REPLIES	8

struct fake_kernel {
	/*
	 * What the last request was; req is kept until the next one.  flags
	 * leave out NLM_F_REQUEST and NLM_F_ACK, which every request has; dev
	 * is its ROCE_ADP_A_DEV_NAME, "" without one.
	 */
	int calls;
	uint8_t cmd;
	int flags;
	struct nl_msg *req;
	char dev[ROCE_ADP_DEV_NAME_LEN];
	/* Called with the request recorded, to set the answer by it. */
	void (*on_request)(void);
	/*
	 * What to answer: these replies (NLM_F_MULTI in a dump), then error
	 * (positive) if set: an NLMSG_ERROR, or a dump's NLMSG_DONE.
	 */
	struct nl_msg *replies[FAKE_REPLIES];
	int nreplies;
	/*
	 * Then gen_count more, each built by gen(i, msg) into a fresh message
	 * of gen_cmd just before it is parsed, and freed after: a dump of any
	 * length that never exists in memory as a whole.
	 */
	void (*gen)(unsigned int i, struct nl_msg *msg);
	unsigned int gen_count;
	uint8_t gen_cmd;
	/* A dump's messages and its NLMSG_DONE flagged NLM_F_DUMP_INTR. */
	bool dump_intr;
	int error;
	const char *extack;	/* NLMSGERR_ATTR_MSG of error */
	/* The answer stops before its ACK or NLMSG_DONE. */
	bool cut;
	/* No roce_adp family: CTRL_CMD_GETFAMILY fails with ENOENT. */
	bool no_module;
	/*
	 * Read without a request, the replies are the notifications of the
	 * "config" group, once the socket joined it; then nothing more.
	 */
	char group[32];		/* "config" once joined and read */
};

extern struct fake_kernel fake;

/* Forget the last request and the queued answer. */
void fake_reset(void);
/* Queue a reply of cmd and return it for its attributes. */
struct nl_msg *fake_reply(uint8_t cmd);
/*
 * The attributes of the request as text: "TYPE=VALUE" with u32 values
 * bare, u8 values as "V/u8", strings quoted, nests (NLA_F_NESTED set) as
 * "TYPE{...}"; e.g. 1="emu0" 10{1=1 6=8}.
 */
const char *fake_req_str(void);

/* A profile of a reply. */
struct fake_range {
	uint32_t prev, dec, retry, low, size;
};

struct fake_profile {
	uint32_t id, qp, num, start, unit, base, total, init_low, init_size;
	struct fake_range r[ROCE_ADP_RANGES_MAX];
	/* Ranges past the last this adpctl knows of (a newer kernel's). */
	unsigned int newer_ranges;
};

/* Put device name: emulated, firmware 22.41.1010, ROCE_ACCL supported. */
void fake_put_dev(struct nl_msg *msg, const char *name);

/*
 * A profile 1 of two ranges (time_base 8, 64us .. 8.192ms): what "profile
 * show" of the command tests prints and "accl set" carries along.
 */
extern const struct fake_profile fake_profile1;

/* Put p as a ROCE_ADP_A_PROFILE nest, every range, the last first. */
void fake_put_profile(struct nl_msg *msg, const struct fake_profile *p);

/* A command line of fake_run(): a whole tuned profile fits. */
#define FAKE_LINE_MAX	2048
#define FAKE_ARGS_MAX	160

/*
 * Run "adpctl [-j] OBJ CMD LINE" (LINE split at spaces) with obj's
 * command table against the fake, and close the socket it opened; returns
 * the exit status.
 */
int fake_run(const char *obj, const struct adp_cmd *cmds, const char *cmd,
	     bool json, const char *line);

/*
 * The kernel answers with -err and extack (NULL: none): run(json, line)
 * exits 1, prints nothing, and says "Error: EXTACK." (or the errno's text).
 */
bool kernel_refuses(int (*run)(bool json, const char *line), bool json,
		    const char *line, int err, const char *extack);

/*
 * With the replies queued, run(false, line) exits 0 after one request, of
 * cmd and without flags, whose attributes are want (fake_req_str()).
 */
bool fake_sends(int (*run)(bool json, const char *line), const char *line,
		uint8_t cmd, const char *want);

/* kernel_refuses() of line in text, then in JSON. */
bool kernel_refuses_both(int (*run)(bool json, const char *line),
			 const char *line, int err, const char *extack);

/* A command line a command refuses, and the message it must say. */
struct usage_case {
	const char *line;
	const char *msg;
};

/*
 * Each line refused by "adpctl OBJ CMD" with exit 2 and 'Error: MSG. Try
 * "adpctl OBJ CMD help".', before any request.
 */
bool usage_errors(const char *obj, const struct adp_cmd *cmds,
		  const char *cmd, const struct usage_case *cases, size_t n);

/*
 * The keys and values of the first object of a -j output json, but the
 * keys in skip (n of them), appended to line as adpctl's words " KEY
 * VALUE" (JSON's true and false as they are): -j output fed back.
 * Returns false when json has no first object.
 */
bool fake_json_words(const char *json, const char *const *skip, size_t n,
		     char *line, size_t len);

#endif /* ADPCTL_FAKE_KERNEL_H */
