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
#include <sys/types.h>

#include <linux/roce_adp.h>

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

/*
 * Whether the running kernel names a missing attribute in the ACK
 * (NLMSGERR_ATTR_MISS_TYPE, from 6.1): asked of the family itself with a
 * do request without its device. Before, the module's compat shim says
 * "missing attribute ROCE_ADP_A_DEV_NAME" instead; any other answer is
 * -EPROTO.
 */
int nl_kernel_has_miss_type(struct nl_sock *sk);
#define NL_MISSING_DEV_NAME_MSG	"missing attribute ROCE_ADP_A_DEV_NAME"

/* Request to the family: genl header plus attributes to follow. */
void nl_genl_init(struct nl_sock *sk, struct nl_msg *m, uint8_t cmd,
		  bool dump);

/* Index the attributes of a range: tb[type] = attribute, up to @max. */
void nl_parse(const void *data, size_t len, const struct nlattr **tb,
	      int max);
void nl_parse_genl(const struct nlmsghdr *nlh, const struct nlattr **tb,
		   int max);
/* The attribute @type of @nest (NULL: none), or NULL. */
const struct nlattr *nl_nest_attr(const struct nlattr *nest, int type);
/* The features of an accl nest: v[type], 0xff for one it does not hold. */
void nl_parse_accl(const struct nlattr *nest,
		   uint8_t v[ROCE_ADP_A_ACCL_MAX + 1]);

static inline const void *nl_data(const struct nlattr *a)
{
	return (const char *)a + NLA_HDRLEN;
}

static inline size_t nl_len(const struct nlattr *a)
{
	return a->nla_len - NLA_HDRLEN;
}

/* Every attribute @pos of the nest @nest; @rem: an int, what is left. */
#define nl_for_each_nested(pos, nest, rem)				\
	for (pos = nl_data(nest), rem = nl_len(nest);			\
	     rem >= (int)NLA_HDRLEN && pos->nla_len >= NLA_HDRLEN &&	\
	     pos->nla_len <= rem;					\
	     rem -= NLA_ALIGN(pos->nla_len),				\
	     pos = (const struct nlattr *)((const char *)pos +		\
					   NLA_ALIGN(pos->nla_len)))

uint8_t nl_get_u8(const struct nlattr *a);
uint32_t nl_get_u32(const struct nlattr *a);
const char *nl_get_str(const struct nlattr *a);

/* Write @val to a sysfs or debugfs file: 0 or the write's -errno. */
int sysfs_write(const char *path, const char *val);
/* The same, the file opened O_WRONLY | @flags (O_TRUNC, O_APPEND). */
int write_file(const char *path, const char *val, int flags);
/*
 * The start of a sysfs, debugfs or proc file (at most @len - 1 bytes), as
 * a string in @buf: 0 or the read's -errno.
 */
int sysfs_read(const char *path, char *buf, size_t len);
/* The number a sysfs or debugfs file holds, or -1. */
long sysfs_read_long(const char *path);

/* CLOCK_MONOTONIC in milliseconds. */
double now_ms(void);

/* ---- The roce_adp family ---------------------------------------------- */

/* Unload and load roce_adp: emu0 at the firmware's defaults. 0 if done. */
int nl_reload(void);

/*
 * In a forked child: as @uid (unless 0), a socket of its own on the
 * family and a request to build in; NULL if any of it failed.
 */
struct nl_msg *nl_open_child(struct nl_sock *sk, uid_t uid);
/*
 * fork(): the child (0 returned) has nl_open_child()'s @sk and @m, or
 * exits with status 10; the parent gets the pid, or -1.
 */
pid_t nl_fork(struct nl_sock *sk, struct nl_msg **m, uid_t uid);
/*
 * Run @fn in a child of nl_fork() and wait for it: @fn's return value (its
 * exit status), 10 if it had no socket, -1 if it did not exit.
 */
int nl_child(int (*fn)(struct nl_sock *sk, struct nl_msg *m, void *arg),
	     void *arg, uid_t uid);

/*
 * Start @cmd for device @dev (no device attribute when NULL), a dump when
 * @dump; the nl_put*() then add the rest.
 */
void nl_dev_req(struct nl_sock *sk, struct nl_msg *m, uint8_t cmd,
		bool dump, const char *dev);
/* Send @cmd for @dev alone, or a dump of every device when @dev is NULL. */
int nl_dev_cmd(struct nl_sock *sk, struct nl_msg *m, uint8_t cmd,
	       const char *dev, nl_reply_cb cb, void *arg, struct nl_ack *ack);

/* The enables nest with one enable, @attr = @v: the enable's offset. */
uint32_t nl_put_enable(struct nl_msg *m, uint16_t attr, uint8_t v);

/* A profile by attribute type: its fields and its ranges' fields. */
struct radp_prof {
	uint32_t f[ROCE_ADP_A_PROFILE_MAX + 1];
	uint32_t r[ROCE_ADP_RANGES_MAX][ROCE_ADP_A_RANGE_MAX + 1];
};

/* Where nl_put_profile() put each attribute (extack offsets). */
struct radp_prof_offs {
	uint32_t profile;
	uint32_t f[ROCE_ADP_A_PROFILE_MAX + 1];
	uint32_t range[ROCE_ADP_RANGES_MAX];
	uint32_t r[ROCE_ADP_RANGES_MAX][ROCE_ADP_A_RANGE_MAX + 1];
};

/*
 * A profile's fields in the order of the attributes (qp_total_timeout,
 * range_num, start_range_index, time_unit, time_base, retx_total_timeout,
 * timeout_init_low_bound, timeout_init_range_size), then its RADP_RANGE()s.
 */
#define RADP_PROF(qp_tt, num, start, unit, base, retx_tt, init_low,	\
		  init_size, ...) {					\
	.f = {								\
		[ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT] = (qp_tt),	\
		[ROCE_ADP_A_PROFILE_RANGE_NUM] = (num),			\
		[ROCE_ADP_A_PROFILE_START_RANGE_INDEX] = (start),	\
		[ROCE_ADP_A_PROFILE_TIME_UNIT] = (unit),		\
		[ROCE_ADP_A_PROFILE_TIME_BASE] = (base),		\
		[ROCE_ADP_A_PROFILE_RETX_TOTAL_TIMEOUT] = (retx_tt),	\
		[ROCE_ADP_A_PROFILE_TIMEOUT_INIT_LOW_BOUND] = (init_low), \
		[ROCE_ADP_A_PROFILE_TIMEOUT_INIT_RANGE_SIZE] = (init_size), \
	},								\
	.r = { __VA_ARGS__ },						\
}

/* A range: prev_range_index, dec_mode, timeout_retry_num, low bound, size. */
#define RADP_RANGE(prev, dec, retries, low, size) {			\
	[ROCE_ADP_A_RANGE_PREV_RANGE_INDEX] = (prev),			\
	[ROCE_ADP_A_RANGE_DEC_MODE] = (dec),				\
	[ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM] = (retries),		\
	[ROCE_ADP_A_RANGE_RANGE_LOW_BOUND] = (low),			\
	[ROCE_ADP_A_RANGE_RANGE_SIZE] = (size),				\
}

/* A valid profile: 8 us base, three ranges from 32 us to 1 ms. */
extern const struct radp_prof radp_valid_prof;

/*
 * The profile nest: profile @id with every field of @p and its first
 * @nranges ranges; where each went in @o unless NULL.
 */
void nl_put_profile(struct nl_msg *m, uint32_t id, const struct radp_prof *p,
		    int nranges, struct radp_prof_offs *o);

#endif /* _RADP_SELFTEST_NL_H */
