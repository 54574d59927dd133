// SPDX-License-Identifier: GPL-2.0
/* Raw generic netlink for the selftests; see nl.h. */

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "nl.h"

#ifndef SOL_NETLINK
#define SOL_NETLINK 270
#endif

static struct nlattr *nl_tail(struct nl_msg *m)
{
	return (struct nlattr *)(m->buf + NLMSG_ALIGN(m->nlh.nlmsg_len));
}

void nl_msg_init(struct nl_msg *m, uint16_t type, uint16_t flags,
		 uint8_t cmd, uint8_t version)
{
	struct genlmsghdr *g;

	memset(m, 0, sizeof(*m));
	m->nlh.nlmsg_len = NLMSG_LENGTH(GENL_HDRLEN);
	m->nlh.nlmsg_type = type;
	m->nlh.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK | flags;
	g = NLMSG_DATA(&m->nlh);
	g->cmd = cmd;
	g->version = version;
}

void nl_genl_init(struct nl_sock *sk, struct nl_msg *m, uint8_t cmd,
		  bool dump)
{
	nl_msg_init(m, sk->family, dump ? NLM_F_DUMP : 0, cmd, sk->version);
}

uint32_t nl_put(struct nl_msg *m, uint16_t type, const void *data,
		size_t len)
{
	struct nlattr *a = nl_tail(m);
	uint32_t offset = (char *)a - m->buf;

	a->nla_type = type;
	a->nla_len = NLA_HDRLEN + len;
	if (len)
		memcpy((char *)a + NLA_HDRLEN, data, len);
	m->nlh.nlmsg_len = NLMSG_ALIGN(m->nlh.nlmsg_len) + NLA_ALIGN(a->nla_len);
	return offset;
}

uint32_t nl_put_u8(struct nl_msg *m, uint16_t type, uint8_t v)
{
	return nl_put(m, type, &v, sizeof(v));
}

uint32_t nl_put_u32(struct nl_msg *m, uint16_t type, uint32_t v)
{
	return nl_put(m, type, &v, sizeof(v));
}

uint32_t nl_put_str(struct nl_msg *m, uint16_t type, const char *s)
{
	return nl_put(m, type, s, strlen(s) + 1);
}

uint32_t nl_nest_start(struct nl_msg *m, uint16_t type)
{
	struct nlattr *a = nl_tail(m);

	m->nest[m->depth++] = a;
	return nl_put(m, type | NLA_F_NESTED, NULL, 0);
}

void nl_nest_end(struct nl_msg *m)
{
	struct nlattr *a = m->nest[--m->depth];

	a->nla_len = m->buf + m->nlh.nlmsg_len - (char *)a;
}

void nl_parse(const void *data, size_t len, const struct nlattr **tb, int max)
{
	const struct nlattr *a = data;
	int rem = len;

	memset(tb, 0, sizeof(*tb) * (max + 1));
	while (rem >= (int)NLA_HDRLEN && a->nla_len >= NLA_HDRLEN &&
	       a->nla_len <= rem) {
		int type = a->nla_type & NLA_TYPE_MASK;

		if (type <= max)
			tb[type] = a;
		rem -= NLA_ALIGN(a->nla_len);
		a = (const struct nlattr *)((const char *)a +
					    NLA_ALIGN(a->nla_len));
	}
}

void nl_parse_genl(const struct nlmsghdr *nlh, const struct nlattr **tb,
		   int max)
{
	const char *p = (const char *)NLMSG_DATA(nlh) + GENL_HDRLEN;

	nl_parse(p, nlh->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN), tb, max);
}

uint8_t nl_get_u8(const struct nlattr *a)
{
	return *(const uint8_t *)nl_data(a);
}

uint32_t nl_get_u32(const struct nlattr *a)
{
	uint32_t v;

	memcpy(&v, nl_data(a), sizeof(v));
	return v;
}

const char *nl_get_str(const struct nlattr *a)
{
	return nl_data(a);
}

static void nl_parse_ack(const struct nlmsghdr *nlh, struct nl_ack *ack)
{
	const struct nlmsgerr *e = NLMSG_DATA(nlh);
	const struct nlattr *tb[NLMSGERR_ATTR_MAX + 1];
	size_t off = sizeof(*e);

	ack->err = e->error;
	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS))
		return;
	/* Without NLM_F_CAPPED the request follows the header in full. */
	if (!(nlh->nlmsg_flags & NLM_F_CAPPED))
		off += e->msg.nlmsg_len - sizeof(e->msg);
	nl_parse((const char *)e + off, nlh->nlmsg_len - NLMSG_HDRLEN - off,
		 tb, NLMSGERR_ATTR_MAX);
	if (tb[NLMSGERR_ATTR_MSG])
		snprintf(ack->msg, sizeof(ack->msg), "%s",
			 nl_get_str(tb[NLMSGERR_ATTR_MSG]));
	if (tb[NLMSGERR_ATTR_OFFS])
		ack->bad_offset = nl_get_u32(tb[NLMSGERR_ATTR_OFFS]);
	if (tb[NLMSGERR_ATTR_MISS_TYPE])
		ack->miss_type = nl_get_u32(tb[NLMSGERR_ATTR_MISS_TYPE]);
}

/* A dump ends with DONE: its status, then extack TLVs. */
static void nl_parse_done(const struct nlmsghdr *nlh, struct nl_ack *ack)
{
	const struct nlattr *tb[NLMSGERR_ATTR_MAX + 1];
	const char *p = NLMSG_DATA(nlh);

	memcpy(&ack->err, p, sizeof(int));
	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS))
		return;
	nl_parse(p + sizeof(int), nlh->nlmsg_len - NLMSG_HDRLEN - sizeof(int),
		 tb, NLMSGERR_ATTR_MAX);
	if (tb[NLMSGERR_ATTR_MSG])
		snprintf(ack->msg, sizeof(ack->msg), "%s",
			 nl_get_str(tb[NLMSGERR_ATTR_MSG]));
}

int nl_send_raw(struct nl_sock *sk, const void *buf, size_t len,
		nl_reply_cb cb, void *arg, struct nl_ack *ack)
{
	static char rbuf[NL_BUF_LEN];
	struct nl_ack dummy;
	bool stop = false;

	if (!ack)
		ack = &dummy;
	memset(ack, 0, sizeof(*ack));
	ack->miss_type = -1;

	if (send(sk->fd, buf, len, 0) < 0)
		return -errno;

	while (!stop) {
		const struct nlmsghdr *nlh;
		ssize_t n = recv(sk->fd, rbuf, sizeof(rbuf), 0);

		if (n < 0)
			return -errno;
		for (nlh = (const struct nlmsghdr *)rbuf; NLMSG_OK(nlh, n);
		     nlh = NLMSG_NEXT(nlh, n)) {
			if (nlh->nlmsg_type == NLMSG_ERROR) {
				nl_parse_ack(nlh, ack);
				stop = true;
			} else if (nlh->nlmsg_type == NLMSG_DONE) {
				nl_parse_done(nlh, ack);
				stop = true;
			} else if (cb && !stop && cb(nlh, arg)) {
				cb = NULL;
			}
		}
	}
	return ack->err;
}

int nl_send_recv(struct nl_sock *sk, struct nl_msg *m, nl_reply_cb cb,
		 void *arg, struct nl_ack *ack)
{
	m->nlh.nlmsg_seq = ++sk->seq;
	return nl_send_raw(sk, m->buf, m->nlh.nlmsg_len, cb, arg, ack);
}

/* The id of the "config" group among the family's @groups. */
static void nl_family_groups(struct nl_sock *sk, const struct nlattr *groups)
{
	const struct nlattr *grp;
	int rem;

	nl_for_each_nested(grp, groups, rem) {
		const struct nlattr *g[CTRL_ATTR_MCAST_GRP_MAX + 1];

		nl_parse(nl_data(grp), nl_len(grp), g, CTRL_ATTR_MCAST_GRP_MAX);
		if (g[CTRL_ATTR_MCAST_GRP_NAME] && g[CTRL_ATTR_MCAST_GRP_ID] &&
		    !strcmp(nl_get_str(g[CTRL_ATTR_MCAST_GRP_NAME]), "config"))
			sk->mcgrp_config = nl_get_u32(g[CTRL_ATTR_MCAST_GRP_ID]);
	}
}

static int nl_family_cb(const struct nlmsghdr *nlh, void *arg)
{
	const struct nlattr *tb[CTRL_ATTR_MAX + 1];
	struct nl_sock *sk = arg;

	nl_parse_genl(nlh, tb, CTRL_ATTR_MAX);
	if (tb[CTRL_ATTR_FAMILY_ID])
		sk->family = *(const uint16_t *)nl_data(tb[CTRL_ATTR_FAMILY_ID]);
	if (tb[CTRL_ATTR_VERSION])
		sk->version = nl_get_u32(tb[CTRL_ATTR_VERSION]);
	if (tb[CTRL_ATTR_MCAST_GROUPS])
		nl_family_groups(sk, tb[CTRL_ATTR_MCAST_GROUPS]);
	return 0;
}

int nl_open(struct nl_sock *sk, const char *family)
{
	struct nl_msg *m;
	int one = 1, err;

	memset(sk, 0, sizeof(*sk));
	sk->fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_GENERIC);
	if (sk->fd < 0)
		return -errno;
	setsockopt(sk->fd, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	setsockopt(sk->fd, SOL_NETLINK, NETLINK_CAP_ACK, &one, sizeof(one));

	m = malloc(sizeof(*m));
	if (!m)
		return -ENOMEM;
	nl_msg_init(m, GENL_ID_CTRL, 0, CTRL_CMD_GETFAMILY, 1);
	nl_put_str(m, CTRL_ATTR_FAMILY_NAME, family);
	err = nl_send_recv(sk, m, nl_family_cb, sk, NULL);
	free(m);
	if (err) {
		close(sk->fd);
		sk->fd = -1;
	}
	return err;
}

int nl_join(struct nl_sock *sk, uint32_t group)
{
	if (setsockopt(sk->fd, SOL_NETLINK, NETLINK_ADD_MEMBERSHIP, &group,
		       sizeof(group)))
		return -errno;
	return 0;
}

int nl_recv_one(struct nl_sock *sk, void *buf, size_t len, int timeout_ms)
{
	struct pollfd pfd = { .fd = sk->fd, .events = POLLIN };
	ssize_t n;

	if (poll(&pfd, 1, timeout_ms) <= 0)
		return -ETIMEDOUT;
	n = recv(sk->fd, buf, len, 0);
	return n < 0 ? -errno : (int)n;
}

void nl_close(struct nl_sock *sk)
{
	if (sk->fd >= 0)
		close(sk->fd);
	sk->fd = -1;
}

const struct nlattr *nl_nest_attr(const struct nlattr *nest, int type)
{
	const struct nlattr *tb[type + 1];

	if (!nest)
		return NULL;
	nl_parse(nl_data(nest), nl_len(nest), tb, type);
	return tb[type];
}

void nl_parse_accl(const struct nlattr *nest,
		   uint8_t v[ROCE_ADP_A_ACCL_MAX + 1])
{
	const struct nlattr *tb[ROCE_ADP_A_ACCL_MAX + 1];
	int t;

	nl_parse(nl_data(nest), nl_len(nest), tb, ROCE_ADP_A_ACCL_MAX);
	for (t = 1; t <= ROCE_ADP_A_ACCL_MAX; t++)
		v[t] = tb[t] ? nl_get_u8(tb[t]) : 0xff;
}

int write_file(const char *path, const char *val, int flags)
{
	int fd = open(path, O_WRONLY | flags);
	int err = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, val, strlen(val)) < 0)
		err = -errno;
	close(fd);
	return err;
}

int sysfs_write(const char *path, const char *val)
{
	return write_file(path, val, 0);
}

int sysfs_read(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	return 0;
}

long sysfs_read_long(const char *path)
{
	FILE *f = fopen(path, "r");
	long v = -1;

	if (f) {
		if (fscanf(f, "%ld", &v) != 1)
			v = -1;
		fclose(f);
	}
	return v;
}

double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int nl_reload(void)
{
	return system("modprobe -r roce_adp_emu && modprobe roce_adp_emu");
}

struct nl_msg *nl_open_child(struct nl_sock *sk, uid_t uid)
{
	struct nl_msg *m;

	if (uid && (setgid(uid) || setuid(uid)))
		return NULL;
	m = malloc(sizeof(*m));
	if (!m || nl_open(sk, ROCE_ADP_FAMILY_NAME)) {
		free(m);
		return NULL;
	}
	return m;
}

pid_t nl_fork(struct nl_sock *sk, struct nl_msg **m, uid_t uid)
{
	pid_t pid = fork();

	if (pid == 0) {
		*m = nl_open_child(sk, uid);
		if (!*m)
			_exit(10);
	}
	return pid;
}

int nl_child(int (*fn)(struct nl_sock *sk, struct nl_msg *m, void *arg),
	     void *arg, uid_t uid)
{
	struct nl_sock sk;
	struct nl_msg *m;
	int status;
	pid_t pid = nl_fork(&sk, &m, uid);

	if (pid < 0)
		return -1;
	if (pid == 0)
		_exit(fn(&sk, m, arg));
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

void nl_dev_req(struct nl_sock *sk, struct nl_msg *m, uint8_t cmd,
		bool dump, const char *dev)
{
	nl_genl_init(sk, m, cmd, dump);
	if (dev)
		nl_put_str(m, ROCE_ADP_A_DEV_NAME, dev);
}

int nl_dev_cmd(struct nl_sock *sk, struct nl_msg *m, uint8_t cmd,
	       const char *dev, nl_reply_cb cb, void *arg, struct nl_ack *ack)
{
	nl_dev_req(sk, m, cmd, !dev, dev);
	return nl_send_recv(sk, m, cb, arg, ack);
}

uint32_t nl_put_enable(struct nl_msg *m, uint16_t attr, uint8_t v)
{
	uint32_t offset;

	nl_nest_start(m, ROCE_ADP_A_ACCL);
	offset = nl_put_u8(m, attr, v);
	nl_nest_end(m);
	return offset;
}

const struct radp_prof radp_valid_prof =
	RADP_PROF(0, 3, 1, 1, 8, 14, 4, 2,
		  RADP_RANGE(0, 1, 2, 2, 2), RADP_RANGE(0, 1, 3, 4, 3),
		  RADP_RANGE(1, 0, 3, 7, 4));

void nl_put_profile(struct nl_msg *m, uint32_t id, const struct radp_prof *p,
		    int nranges, struct radp_prof_offs *o)
{
	struct radp_prof_offs dummy;
	int t, i;

	if (!o)
		o = &dummy;
	o->profile = nl_nest_start(m, ROCE_ADP_A_PROFILE);
	o->f[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID] =
		nl_put_u32(m, ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID, id);
	for (t = ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT;
	     t < ROCE_ADP_A_PROFILE_RANGE; t++)
		o->f[t] = t == ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT ?
			  nl_put_u8(m, t, p->f[t]) : nl_put_u32(m, t, p->f[t]);
	for (i = 0; i < nranges; i++) {
		o->range[i] = nl_nest_start(m, ROCE_ADP_A_PROFILE_RANGE);
		o->r[i][ROCE_ADP_A_RANGE_INDEX] =
			nl_put_u32(m, ROCE_ADP_A_RANGE_INDEX, i);
		for (t = ROCE_ADP_A_RANGE_PREV_RANGE_INDEX;
		     t <= ROCE_ADP_A_RANGE_MAX; t++)
			o->r[i][t] = nl_put_u32(m, t, p->r[i][t]);
		nl_nest_end(m);
	}
	nl_nest_end(m);
}

int nl_kernel_has_miss_type(struct nl_sock *sk)
{
	struct nl_ack ack;
	struct nl_msg m;

	nl_genl_init(sk, &m, ROCE_ADP_CMD_DEV_GET, false);
	if (nl_send_recv(sk, &m, NULL, NULL, &ack) != -EINVAL)
		return -EPROTO;
	if (ack.miss_type == ROCE_ADP_A_DEV_NAME)
		return 1;
	if (ack.miss_type == -1 && !strcmp(ack.msg, NL_MISSING_DEV_NAME_MSG))
		return 0;
	return -EPROTO;
}
