/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Raw generic netlink for the selftests: the tests build messages byte by
 * byte (so that they can also build wrong ones) and see every errno and
 * extended ACK the kernel returns.
 */
#ifndef _RADP_SELFTEST_NL_H
#define _RADP_SELFTEST_NL_H

#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NL_BUF_LEN	(64 * 1024)

struct nl_sock {
	int fd;
	uint16_t family;	/* resolved family id */
	uint32_t version;	/* family version reported by the kernel */
	uint32_t mcgrp_config;	/* id of the "config" multicast group */
	uint32_t seq;
};

/* A request under construction. */
struct nl_msg {
	union {
		struct nlmsghdr nlh;
		char buf[NL_BUF_LEN];
	};
	struct nlattr *nest[8];
	int depth;
};

/* What the kernel said in its ACK. */
struct nl_ack {
	int err;		/* 0 or a negative errno */
	char msg[256];		/* extack message, "" if none */
	uint32_t bad_offset;	/* NLMSGERR_ATTR_OFFS, 0 if none */
	int miss_type;		/* NLMSGERR_ATTR_MISS_TYPE, -1 if none */
};

/* Called for every reply message; return nonzero to stop. */
typedef int (*nl_reply_cb)(const struct nlmsghdr *nlh, void *arg);

int nl_open(struct nl_sock *sk, const char *family);
void nl_close(struct nl_sock *sk);
/* Join a multicast group; nl_recv_one() then reads what it sends. */
int nl_join(struct nl_sock *sk, uint32_t group);
/* Wait up to @timeout_ms for one message into @buf; its length or -errno. */
int nl_recv_one(struct nl_sock *sk, void *buf, size_t len, int timeout_ms);

void nl_msg_init(struct nl_msg *m, uint16_t type, uint16_t flags,
		 uint8_t cmd, uint8_t version);
/* The nl_put* return the attribute's offset in the message. */
uint32_t nl_put(struct nl_msg *m, uint16_t type, const void *data,
		size_t len);
uint32_t nl_put_u8(struct nl_msg *m, uint16_t type, uint8_t v);
uint32_t nl_put_u32(struct nl_msg *m, uint16_t type, uint32_t v);
uint32_t nl_put_str(struct nl_msg *m, uint16_t type, const char *s);
uint32_t nl_nest_start(struct nl_msg *m, uint16_t type);
void nl_nest_end(struct nl_msg *m);

/* Send @m (sequence number assigned here) and read until the ACK or DONE. */
int nl_send_recv(struct nl_sock *sk, struct nl_msg *m, nl_reply_cb cb,
		 void *arg, struct nl_ack *ack);
/* Send raw bytes as they are; the same reading as nl_send_recv(). */
int nl_send_raw(struct nl_sock *sk, const void *buf, size_t len,
		nl_reply_cb cb, void *arg, struct nl_ack *ack);

/* Request to the family: genl header plus attributes to follow. */
void nl_genl_init(struct nl_sock *sk, struct nl_msg *m, uint8_t cmd,
		  bool dump);

/* Index the attributes of a range: tb[type] = attribute, up to @max. */
void nl_parse(const void *data, size_t len, const struct nlattr **tb,
	      int max);
void nl_parse_genl(const struct nlmsghdr *nlh, const struct nlattr **tb,
		   int max);

static inline const void *nl_data(const struct nlattr *a)
{
	return (const char *)a + NLA_HDRLEN;
}

static inline size_t nl_len(const struct nlattr *a)
{
	return a->nla_len - NLA_HDRLEN;
}

uint8_t nl_get_u8(const struct nlattr *a);
uint32_t nl_get_u32(const struct nlattr *a);
const char *nl_get_str(const struct nlattr *a);

/* Write @val to a sysfs or debugfs file: 0 or the write's -errno. */
int sysfs_write(const char *path, const char *val);

#endif /* _RADP_SELFTEST_NL_H */
