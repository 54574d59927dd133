// SPDX-License-Identifier: GPL-2.0
/*
 * Raw netlink dump reader for the MPT benchmark: dumps the MPT entries of
 * a device, or the IPv4 routes of a table (the baseline: the kernel's own
 * dump of as many objects), and prints what it read and how fast.
 *
 *   mpt_dump_bench mpt DEV [RUNS]
 *   mpt_dump_bench route TABLE [RUNS]
 *
 * Each run is one whole dump into a 32 KiB buffer that is only walked, as
 * a tool that streams its output would; the best run is reported:
 *   <kind> objects=N messages=M seconds=S per_sec=R
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <linux/rtnetlink.h>
#include <linux/roce_adp.h>

#include "nl.h"

#ifndef NETLINK_GET_STRICT_CHK
#define NETLINK_GET_STRICT_CHK 12
#endif

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Read a dump to its end; counts messages of @type. */
static int drain(int fd, uint16_t type, long *objects, long *batches)
{
	static char buf[32 * 1024];

	for (;;) {
		ssize_t n = recv(fd, buf, sizeof(buf), 0);
		struct nlmsghdr *nlh = (struct nlmsghdr *)buf;

		if (n < 0)
			return -errno;
		(*batches)++;
		for (; NLMSG_OK(nlh, n); nlh = NLMSG_NEXT(nlh, n)) {
			if (nlh->nlmsg_type == NLMSG_DONE)
				return *(int *)NLMSG_DATA(nlh);
			if (nlh->nlmsg_type == NLMSG_ERROR)
				return ((struct nlmsgerr *)NLMSG_DATA(nlh))->error;
			if (nlh->nlmsg_type == type)
				(*objects)++;
		}
	}
}

static int dump_mpt(struct nl_sock *sk, const char *dev, long *objects,
		    long *batches)
{
	static struct nl_msg m;

	nl_genl_init(sk, &m, ROCE_ADP_CMD_MPT_GET, true);
	nl_put_str(&m, ROCE_ADP_A_DEV_NAME, dev);
	m.nlh.nlmsg_seq = ++sk->seq;
	if (send(sk->fd, m.buf, m.nlh.nlmsg_len, 0) < 0)
		return -errno;
	return drain(sk->fd, sk->family, objects, batches);
}

static int dump_routes(int fd, uint32_t table, long *objects, long *batches)
{
	struct {
		struct nlmsghdr nlh;
		struct rtmsg rtm;
		struct rtattr rta;
		uint32_t table;
	} req = {
		.nlh = {
			.nlmsg_len = sizeof(req),
			.nlmsg_type = RTM_GETROUTE,
			.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP,
			.nlmsg_seq = 1,
		},
		.rtm = { .rtm_family = AF_INET },
		.rta = { .rta_len = RTA_LENGTH(4), .rta_type = RTA_TABLE },
		.table = table,
	};

	if (send(fd, &req, sizeof(req), 0) < 0)
		return -errno;
	return drain(fd, RTM_NEWROUTE, objects, batches);
}

int main(int argc, char **argv)
{
	double best = 0;
	long objects = 0, batches = 0;
	struct nl_sock sk;
	int runs, i, err, fd = -1, one = 1;
	bool mpt;

	if (argc < 3 || (strcmp(argv[1], "mpt") && strcmp(argv[1], "route"))) {
		fprintf(stderr, "usage: %s mpt DEV [RUNS] | route TABLE [RUNS]\n",
			argv[0]);
		return 2;
	}
	mpt = !strcmp(argv[1], "mpt");
	runs = argc > 3 ? atoi(argv[3]) : 3;
	if (mpt) {
		err = nl_open(&sk, ROCE_ADP_FAMILY_NAME);
		if (err) {
			fprintf(stderr, "roce_adp family: %s\n", strerror(-err));
			return 1;
		}
	} else {
		fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
		if (fd < 0 || setsockopt(fd, SOL_NETLINK, NETLINK_GET_STRICT_CHK,
					 &one, sizeof(one))) {
			perror("rtnetlink");
			return 1;
		}
	}

	for (i = 0; i < runs; i++) {
		double t0 = now(), dt;

		objects = 0;
		batches = 0;
		err = mpt ? dump_mpt(&sk, argv[2], &objects, &batches) :
			    dump_routes(fd, strtoul(argv[2], NULL, 0), &objects,
					&batches);
		dt = now() - t0;
		if (err) {
			fprintf(stderr, "dump: %s\n", strerror(-err));
			return 1;
		}
		if (!best || dt < best)
			best = dt;
	}
	printf("%s objects=%ld messages=%ld seconds=%.3f per_sec=%.0f\n",
	       argv[1], objects, batches, best, objects / best);
	return 0;
}
