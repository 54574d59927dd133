// SPDX-License-Identifier: GPL-2.0
/*
 * Raw netlink dump reader for the MPT benchmark: dumps the MPT entries of
 * a device, or the IPv4 routes of a table (the baseline: the kernel's own
 * dump of as many objects), and prints what it read and how fast.
 *
 *   mpt_dump_bench mpt DEV [RUNS [PD]]	(PD: filter in the kernel)
 *   mpt_dump_bench route TABLE [RUNS]
 *   mpt_dump_bench route-add TABLE COUNT	(COUNT blackhole /32 routes)
 *   mpt_dump_bench mpt-mem DEV
 *	kernel memory while a dump of DEV is half way: MemAvailable and Slab
 *	drops against before it started, in KiB
 *
 * Each run is one whole dump into a 32 KiB buffer that is only walked, as
 * a tool that streams its output would; the best run is reported:
 *   <kind> objects=N messages=M seconds=S per_sec=R
 */

#include <arpa/inet.h>
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

/* With @pd >= 0 only that protection domain's entries are sent. */
static int dump_mpt(struct nl_sock *sk, const char *dev, long pd,
		    long *objects, long *batches)
{
	static struct nl_msg m;

	nl_genl_init(sk, &m, ROCE_ADP_CMD_MPT_GET, true);
	nl_put_str(&m, ROCE_ADP_A_DEV_NAME, dev);
	if (pd >= 0)
		nl_put_u32(&m, ROCE_ADP_A_MPT_PD, pd);
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

static long meminfo(const char *key)
{
	char line[128];
	long val = -1;
	FILE *f = fopen("/proc/meminfo", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, strlen(key)) &&
		    line[strlen(key)] == ':')
			val = atol(line + strlen(key) + 1);
	fclose(f);
	return val;
}

/* Pause a dump half way (the kernel holds its state) and measure. */
static int dump_mem(struct nl_sock *sk, const char *dev)
{
	static struct nl_msg m;
	static char buf[32 * 1024];
	long total = 0, batches = 0, seen = 0;
	long avail0, slab0, avail1 = 0, slab1 = 0;
	int err;

	err = dump_mpt(sk, dev, -1, &total, &batches);
	if (err)
		return err;
	avail0 = meminfo("MemAvailable");
	slab0 = meminfo("Slab");
	nl_genl_init(sk, &m, ROCE_ADP_CMD_MPT_GET, true);
	nl_put_str(&m, ROCE_ADP_A_DEV_NAME, dev);
	m.nlh.nlmsg_seq = ++sk->seq;
	if (send(sk->fd, m.buf, m.nlh.nlmsg_len, 0) < 0)
		return -errno;
	for (;;) {
		ssize_t n = recv(sk->fd, buf, sizeof(buf), 0);
		struct nlmsghdr *nlh = (struct nlmsghdr *)buf;

		if (n < 0)
			return -errno;
		for (; NLMSG_OK(nlh, n); nlh = NLMSG_NEXT(nlh, n)) {
			if (nlh->nlmsg_type == NLMSG_DONE ||
			    nlh->nlmsg_type == NLMSG_ERROR)
				goto done;
			if (++seen == total / 2) {
				avail1 = meminfo("MemAvailable");
				slab1 = meminfo("Slab");
			}
		}
	}
done:
	printf("mpt-mem objects=%ld avail_drop_kb=%ld slab_growth_kb=%ld\n",
	       total, avail0 - avail1, slab1 - slab0);
	return 0;
}

/* COUNT blackhole routes 10.0.0.0/32 upwards, batched, no ACKs. */
static int add_routes(int fd, uint32_t table, long count)
{
	struct route_req {
		struct nlmsghdr nlh;
		struct rtmsg rtm;
		struct rtattr dst_rta;
		uint32_t dst;
		struct rtattr table_rta;
		uint32_t table;
	};
	static struct route_req batch[1024];
	long i = 0;

	while (i < count) {
		int n = 0;

		for (; n < 1024 && i < count; n++, i++) {
			struct route_req *r = &batch[n];

			memset(r, 0, sizeof(*r));
			r->nlh.nlmsg_len = sizeof(*r);
			r->nlh.nlmsg_type = RTM_NEWROUTE;
			r->nlh.nlmsg_flags = NLM_F_REQUEST | NLM_F_CREATE |
					     NLM_F_EXCL;
			r->nlh.nlmsg_seq = i + 1;
			r->rtm.rtm_family = AF_INET;
			r->rtm.rtm_dst_len = 32;
			r->rtm.rtm_table = RT_TABLE_UNSPEC;
			r->rtm.rtm_protocol = RTPROT_STATIC;
			r->rtm.rtm_scope = RT_SCOPE_UNIVERSE;
			r->rtm.rtm_type = RTN_BLACKHOLE;
			r->dst_rta.rta_len = RTA_LENGTH(4);
			r->dst_rta.rta_type = RTA_DST;
			r->dst = htonl(0x0a000000 + (uint32_t)i);
			r->table_rta.rta_len = RTA_LENGTH(4);
			r->table_rta.rta_type = RTA_TABLE;
			r->table = table;
		}
		if (send(fd, batch, n * sizeof(batch[0]), 0) < 0)
			return -errno;
	}
	/* Errors, if any, are waiting; an empty queue means none. */
	for (;;) {
		char buf[4096];
		ssize_t n = recv(fd, buf, sizeof(buf), MSG_DONTWAIT);
		struct nlmsghdr *nlh = (struct nlmsghdr *)buf;

		if (n < 0)
			return errno == EAGAIN ? 0 : -errno;
		if (NLMSG_OK(nlh, n) && nlh->nlmsg_type == NLMSG_ERROR &&
		    ((struct nlmsgerr *)NLMSG_DATA(nlh))->error)
			return ((struct nlmsgerr *)NLMSG_DATA(nlh))->error;
	}
}

int main(int argc, char **argv)
{
	double best = 0;
	long objects = 0, batches = 0;
	struct nl_sock sk;
	int runs, i, err, fd = -1, one = 1;
	bool mpt;

	if (argc < 3 || (strcmp(argv[1], "mpt") && strcmp(argv[1], "route") &&
			 strcmp(argv[1], "route-add") &&
			 strcmp(argv[1], "mpt-mem"))) {
		fprintf(stderr, "usage: %s mpt DEV [RUNS [PD]] | route TABLE [RUNS] | route-add TABLE COUNT | mpt-mem DEV\n",
			argv[0]);
		return 2;
	}
	mpt = !strncmp(argv[1], "mpt", 3);
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
	if (!strcmp(argv[1], "mpt-mem")) {
		err = dump_mem(&sk, argv[2]);
		if (err)
			fprintf(stderr, "dump: %s\n", strerror(-err));
		return !!err;
	}
	if (!strcmp(argv[1], "route-add")) {
		err = add_routes(fd, strtoul(argv[2], NULL, 0),
				 argc > 3 ? atol(argv[3]) : 0);
		if (err)
			fprintf(stderr, "adding routes: %s\n", strerror(-err));
		return !!err;
	}

	for (i = 0; i < runs; i++) {
		double t0 = now(), dt;

		objects = 0;
		batches = 0;
		err = mpt ? dump_mpt(&sk, argv[2], argc > 4 ? atol(argv[4]) : -1,
				     &objects, &batches) :
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
