/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The netlink side of adpctl: one generic netlink socket bound to one
 * family, and one request path (do and dump alike) that hands every reply
 * to a callback with its attributes already parsed and validated.
 *
 * Every function here reports its own failures on stderr ("Error: ...")
 * and returns 0 or a negative errno, so a command only maps that to an
 * exit status.
 */
#ifndef ADPCTL_NL_H
#define ADPCTL_NL_H

#include <stdint.h>
#include <netlink/attr.h>
#include <netlink/msg.h>

struct adp_nl;

/* One message from the kernel, as handed to a parse callback. */
struct adp_nl_msg {
	uint8_t cmd;		/* genl command of the message */
	struct nlattr **tb;	/* [ROCE_ADP_A_*]; NULL when absent */
	struct nlmsghdr *nlh;	/* the raw message, rarely needed */
};

/* Details of the last kernel error, for callers that react to it. */
struct adp_nl_err {
	int error;		/* positive errno, 0 if none */
	char msg[256];		/* extack message, "" if none */
	int attr;		/* type at NLMSGERR_ATTR_OFFS, or -1 */
	int miss_type;		/* NLMSGERR_ATTR_MISS_TYPE, or -1 */
};

/* What adp_nl_request() says after an interrupted dump. */
#define ADP_NL_DUMP_INTR_MSG \
	"the table changed during the dump; the output may be inconsistent, run the command again"

/* Parse callbacks return 0 to go on, or a negative errno they reported. */
#define ADP_NL_STOP	1	/* adp_nl_listen() only: stop listening */

/*
 * Open a socket and resolve the "roce_adp" family.  Says that the module
 * is not loaded when the family does not exist.
 */
int adp_nl_open(struct adp_nl **nlp);
/* Same for any family; policy has maxattr + 1 entries. */
int adp_nl_open_family(struct adp_nl **nlp, const char *family,
		       uint8_t version, const struct nla_policy *policy,
		       int maxattr);
void adp_nl_close(struct adp_nl *nl);

/*
 * For the requests about one device of a command that goes through
 * several: until called again with NULL and 0, the kernel's errors are
 * told as "DEV: MESSAGE" (dev not NULL), and those with errno quiet are
 * not told at all (0: none; -1: every one, e.g. for a dump the caller
 * then repeats device by device).  Either way the request returns the
 * error; an untold one does not make the exit status 2.
 */
void adp_nl_err_dev(struct adp_nl *nl, const char *dev, int quiet);

/*
 * The positive errno of a reply's ROCE_ADP_A_DEV_ERROR (a device a dump of
 * all devices could not read, told in band); 0 for a device it read.
 */
int adp_nl_dev_error(const struct adp_nl_msg *msg);

/*
 * Send cmd with flags (0 for a do, NLM_F_DUMP for a dump; NLM_F_ACK is
 * always added), build filling in its attributes (may be NULL), and feed
 * each reply to parse until the ACK or NLMSG_DONE.  Kernel errors print
 * their extack message, or strerror() without one.  Stops calling parse
 * after it fails, but still drains the replies so the socket stays usable.
 * A dump the kernel flagged NLM_F_DUMP_INTR (its table changed under it)
 * hands every reply to parse, then prints ADP_NL_DUMP_INTR_MSG and
 * returns -EAGAIN.
 */
int adp_nl_request(struct adp_nl *nl, uint8_t cmd, int flags,
		   int (*build)(struct nl_msg *msg, void *arg),
		   int (*parse)(const struct adp_nl_msg *msg, void *arg),
		   void *arg);

/* Subscribe to a multicast group of the family, e.g. ROCE_ADP_MCGRP_CONFIG. */
int adp_nl_join_group(struct adp_nl *nl, const char *group);
/* Feed notifications to parse until it returns ADP_NL_STOP or fails. */
int adp_nl_listen(struct adp_nl *nl,
		  int (*parse)(const struct adp_nl_msg *msg, void *arg),
		  void *arg);

const struct adp_nl_err *adp_nl_last_err(const struct adp_nl *nl);

/* A string attribute if present and NUL-terminated, else NULL. */
const char *adp_nl_str(const struct nlattr *attr);

#endif /* ADPCTL_NL_H */
