// SPDX-License-Identifier: GPL-2.0
/*
 * The dump path of nl.c against a peer that answers like the kernel but
 * is a child process on a NETLINK_USERSOCK socket, so that it can flag a
 * dump NLM_F_DUMP_INTR at will: every entry of an interrupted dump still
 * reaches the parse callback, the request then fails with -EAGAIN and one
 * error line, and the socket stays in step for the next request.  nl.c is
 * compiled in here to point its socket at the peer.  TAP.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "nl.c"
#include "tap.h"

#define FAMILY		0x42	/* any type past the netlink control ones */
#define ATTR_INDEX	1
#define ENTRIES		3

enum peer_cmd {
	CMD_DUMP = 1,		/* three entries and NLMSG_DONE */
	CMD_DUMP_INTR,		/* the same, flagged from the second entry on */
	CMD_QUIT,
};

static const struct nla_policy policy[ATTR_INDEX + 1] = {
	[ATTR_INDEX] = { .type = NLA_U32 },
};

static struct adp_nl *nl;
static pid_t peer_pid;

static void peer_send(int fd, const struct sockaddr_nl *to,
		      struct nl_msg *msg)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);

	if (sendto(fd, nlh, nlh->nlmsg_len, 0, (const struct sockaddr *)to,
		   sizeof(*to)) < 0)
		_exit(1);
	nlmsg_free(msg);
}

/* The peer: answers each request with a dump of ENTRIES. */
static void peer(int fd)
{
	struct sockaddr_nl from;
	struct nlmsghdr *req;
	struct nl_msg *msg;
	char buf[4096];
	socklen_t len;
	int flags, cmd, i, zero = 0;
	ssize_t n;

	for (;;) {
		len = sizeof(from);
		n = recvfrom(fd, buf, sizeof(buf), 0, (struct sockaddr *)&from,
			     &len);
		if (n < (ssize_t)(NLMSG_HDRLEN + GENL_HDRLEN))
			_exit(1);
		req = (struct nlmsghdr *)buf;
		cmd = ((struct genlmsghdr *)NLMSG_DATA(req))->cmd;
		if (cmd == CMD_QUIT)
			_exit(0);
		for (i = 0; i < ENTRIES; i++) {
			flags = NLM_F_MULTI;
			if (cmd == CMD_DUMP_INTR && i)
				flags |= NLM_F_DUMP_INTR;
			msg = nlmsg_alloc();
			genlmsg_put(msg, 0, req->nlmsg_seq, FAMILY, 0, flags,
				    cmd, 1);
			nla_put_u32(msg, ATTR_INDEX, i);
			peer_send(fd, &from, msg);
		}
		/* The kernel flags NLMSG_DONE too once the dump saw a change. */
		msg = nlmsg_alloc_simple(NLMSG_DONE, NLM_F_MULTI |
					 (cmd == CMD_DUMP_INTR ?
					  NLM_F_DUMP_INTR : 0));
		nlmsg_hdr(msg)->nlmsg_seq = req->nlmsg_seq;
		nlmsg_append(msg, &zero, sizeof(zero), NLMSG_ALIGNTO);
		peer_send(fd, &from, msg);
	}
}

/* nl.c's handle, bound to the peer instead of a generic netlink family. */
static int start(void)
{
	struct sockaddr_nl addr = { .nl_family = AF_NETLINK };
	socklen_t len = sizeof(addr);
	int fd;

	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_USERSOCK);
	if (fd < 0 || bind(fd, (struct sockaddr *)&addr, sizeof(addr)) ||
	    getsockname(fd, (struct sockaddr *)&addr, &len))
		return -errno;
	peer_pid = fork();
	if (peer_pid < 0)
		return -errno;
	if (!peer_pid)
		peer(fd);
	close(fd);

	nl = calloc(1, sizeof(*nl));
	nl->sk = nl_socket_alloc();
	nl->tb = calloc(ATTR_INDEX + 1, sizeof(*nl->tb));
	nl->family_name = strdup("peer");
	if (!nl->sk || !nl->tb || !nl->family_name ||
	    nl_connect(nl->sk, NETLINK_USERSOCK) < 0)
		return -EIO;
	nl_socket_set_peer_port(nl->sk, addr.nl_pid);
	nl->family = FAMILY;
	nl->version = 1;
	nl->policy = policy;
	nl->maxattr = ATTR_INDEX;
	return 0;
}

struct seen {
	int count;
	uint32_t sum;		/* of 1 << index */
	int fail_at;		/* parse fails on this index, or -1 */
};

static int parse(const struct adp_nl_msg *msg, void *arg)
{
	struct seen *s = arg;
	uint32_t i;

	if (!msg->tb[ATTR_INDEX])
		return -EBADMSG;
	i = nla_get_u32(msg->tb[ATTR_INDEX]);
	if ((int)i == s->fail_at) {
		print_error("failing at entry %u", i);
		return -EPROTO;
	}
	s->count++;
	s->sum |= 1U << i;
	return 0;
}

/* No socket to test against: the test fails, and says why. */
static bool no_socket(void)
{
	if (!nl)
		printf("# no NETLINK_USERSOCK socket: nothing to test against\n");
	return !nl;
}

static int dump(uint8_t cmd, struct seen *s, int fail_at)
{
	int ret;

	memset(s, 0, sizeof(*s));
	s->fail_at = fail_at;
	capture(false, false);
	ret = adp_nl_request(nl, cmd, NLM_F_DUMP, NULL, parse, s);
	release();
	return ret;
}

#define INTR_ERR "Error: " ADP_NL_DUMP_INTR_MSG ".\n"

static bool test_clean(void)
{
	struct seen s;

	if (no_socket())
		return false;
	return dump(CMD_DUMP, &s, -1) == 0 && s.count == ENTRIES &&
	       s.sum == 7 && same("stderr", err_buf, "");
}

static bool test_intr(void)
{
	struct seen s;
	int ret;

	if (no_socket())
		return false;
	ret = dump(CMD_DUMP_INTR, &s, -1);
	if (ret != -EAGAIN)
		printf("# returned %d\n", ret);
	return ret == -EAGAIN && s.count == ENTRIES && s.sum == 7 &&
	       same("stderr", err_buf, INTR_ERR);
}

static bool test_in_step(void)
{
	struct seen s;
	bool ok;

	if (no_socket())
		return false;
	ok = dump(CMD_DUMP_INTR, &s, -1) == -EAGAIN;
	ok &= dump(CMD_DUMP, &s, -1) == 0 && s.count == ENTRIES &&
	      same("stderr", err_buf, "");
	return ok;
}

static bool test_parse_error_wins(void)
{
	struct seen s;

	if (no_socket())
		return false;
	return dump(CMD_DUMP_INTR, &s, 1) == -EPROTO && s.count == 1 &&
	       same("stderr", err_buf, "Error: failing at entry 1.\n") &&
	       dump(CMD_DUMP, &s, -1) == 0 && s.count == ENTRIES;
}

static const struct tap_test tests[] = {
	{ "an unflagged dump: every entry, no error", test_clean },
	{ "NLM_F_DUMP_INTR: every entry, then -EAGAIN and one error line", test_intr },
	{ "the next request after an interrupted dump works", test_in_step },
	{ "a parse error is the one error of an interrupted dump", test_parse_error_wins },
};

int main(void)
{
	struct nl_msg *msg;
	int ret, status;

	if (start()) {
		adp_nl_close(nl);
		nl = NULL;
	}
	ret = tap_main(tests, ARRAY_SIZE(tests));
	if (peer_pid > 0) {
		/* A quit request, or a kill if the socket never came up. */
		msg = nl ? nlmsg_alloc() : NULL;
		if (msg && genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, FAMILY,
				       0, 0, CMD_QUIT, 1) &&
		    nl_send_auto(nl->sk, msg) >= 0)
			;
		else
			kill(peer_pid, SIGTERM);
		waitpid(peer_pid, &status, 0);
		nlmsg_free(msg);
	}
	adp_nl_close(nl);
	return ret;
}
