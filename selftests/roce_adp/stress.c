// SPDX-License-Identifier: GPL-2.0
/*
 * Concurrency and lifetime stress: readers, dumpers and writers in separate
 * processes (one netlink socket each) while emulated devices come and go
 * and, in the second phase, the module is unloaded and loaded again.
 *
 *   ./stress [--seconds N] [--readers N] [--dumpers N] [--writers N]
 *            [--bits N] [--seed N] [--hang N] [--no-reload]
 *            [--cmd-delay-us N]
 *
 * Environment: STRESS_SECONDS (default 12) when --seconds is not given.
 *
 * Phase 1 ("consistency", the first half): no module reload. Bit writers
 * each own one enable of emu0 and set only it (ACCL_SET); profile writers
 * all write emu0's profile 1 with whole profiles derived from one value
 * (writer index + counter), so that a reader can tell a half-applied
 * profile; a listener on the "config" group learns from the notifications
 * (sent under the device's lock) in which order the kernel applied them.
 * At the end, each enable must be its writer's last acknowledged value
 * and profile 1 the last write the notifications showed.
 *
 * Phase 2 ("lifetime", the second half): the same workers plus a module
 * reloader. Expected errors (the family or device went away) are counted
 * by errno; anything else, a malformed reply, or a worker making no
 * progress for --hang seconds fails the test.
 *
 * Output: TAP, then a summary (operations per kind, errors by errno).
 */

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/roce_adp.h>

#include "nl.h"
#include "tap.h"

#define BUS		"/sys/bus/roce_adp/"
#define DBG		"/sys/kernel/debug/roce_adp/"
#define MAX_WORKERS	64
#define MAX_ERRNO	140
#define MAX_PW		8	/* profile writers: the writer index has 3 bits */
#define PROFILE_ID	1
#define CHURN_FIRST	1	/* the churner adds and removes emu1..emu3 */
#define CHURN_LAST	3
#define NRANGES		ROCE_ADP_RANGES_MAX

enum kind {
	K_DEV_GET, K_ACCL_GET, K_PROFILE_GET,
	K_DEV_DUMP, K_ACCL_DUMP, K_PROFILE_DUMP, K_MPT_DUMP,
	K_ACCL_SET, K_PROFILE_SET, K_NTF,
	K_NEW_DEVICE, K_DEL_DEVICE, K_MPT_FILL, K_CAP_TOGGLE,
	K_UNLOAD, K_LOAD, K_RESOLVE, K_QUIESCE,
	K_COUNT
};

static const char *const kind_names[K_COUNT] = {
	"dev_get", "accl_get", "profile_get",
	"dev_dump", "accl_dump", "profile_dump", "mpt_dump",
	"accl_set", "profile_set", "notification",
	"new_device", "del_device", "mpt_fill", "cap_toggle",
	"unload", "load", "resolve_family", "dump_pause",
};

enum role { R_READER, R_DUMPER, R_BIT_WRITER, R_PROFILE_WRITER,
	    R_CHURNER, R_LISTENER, R_RELOADER };

static const char *const role_names[] = {
	"reader", "dumper", "bit-writer", "profile-writer",
	"churner", "listener", "reloader",
};

struct worker {
	pid_t pid;
	int role;
	int index;
	uint64_t last_ms;	/* when it last made progress */
	int done;
	int stuck;
};

/* Shared by all processes (MAP_SHARED): counters and the writers' acks. */
struct shared {
	int stop;
	int phase;		/* 1 or 2 */
	uint64_t ops[3][K_COUNT];			/* [phase][kind] */
	uint64_t err[3][K_COUNT][MAX_ERRNO];
	uint64_t dump_intr[3];
	uint64_t unexpected[3];
	char unexpected_msg[8][200];
	uint64_t not_applied;	/* a SET reply without the value written */
	uint64_t torn;		/* a reader saw a half-applied profile */
	/* phase 1 acknowledgements */
	int bit_acked[7];
	uint8_t bit_last[7];
	int prof_acked[MAX_PW];
	uint32_t prof_last[MAX_PW];
	/* what the listener saw, in the kernel's order */
	uint64_t ntf_seen;
	int ntf_overrun;	/* ENOBUFS: the order is incomplete */
	int ntf_have;
	int quiesce_dumps;	/* the reloader asks for a gap between dumps */
	uint32_t ntf_last;
	uint64_t ntf_order_bad;	/* a writer's counter going backwards */
	struct worker w[MAX_WORKERS];
	int nworkers;
};

static struct shared *sh;
/* Set by SIGUSR1: this worker ends after its current request. */
static volatile sig_atomic_t stopping;
static struct worker *self;
static unsigned int seed = 1;
static int opt_seconds, opt_readers = 2, opt_dumpers = 1, opt_writers = 3;
static int opt_bits = 4, opt_hang = 30, opt_reload = 1, opt_cmd_delay;

/*
 * A profile value v (18 bits: counter << 3 | writer) sets the three
 * timeout_retry_num: two carry v, the third a hash of it, so that a mix
 * of two writes decodes to nothing (but with a chance of 1 in 512).
 */
#define VAL_MASK	0x3ffff

static uint32_t val_hash(uint32_t v)
{
	return ((v * 2654435761u) >> 20) & 0x1ff;
}

static void val_retries(uint32_t v, uint32_t retry[3])
{
	retry[0] = 1 + (v & 0x1ff);
	retry[1] = 1 + ((v >> 9) & 0x1ff);
	retry[2] = 1 + val_hash(v);
}

/* The value a profile carries, or -1 if it is not one of ours. */
static int64_t val_decode(const uint32_t f[], const uint32_t r[][ROCE_ADP_A_RANGE_MAX + 1])
{
	uint32_t v, retry[3];
	int t, i;

	for (t = ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT; t < ROCE_ADP_A_PROFILE_RANGE; t++)
		if (f[t] != radp_valid_prof.f[t])
			return -1;
	if (r[0][ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM] < 1 ||
	    r[1][ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM] < 1)
		return -1;
	v = (r[0][ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM] - 1) |
	    (r[1][ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM] - 1) << 9;
	val_retries(v, retry);
	for (i = 0; i < 3; i++) {
		for (t = ROCE_ADP_A_RANGE_PREV_RANGE_INDEX; t <= ROCE_ADP_A_RANGE_MAX; t++) {
			uint32_t want = t == ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM ?
					retry[i] : radp_valid_prof.r[i][t];

			if (r[i][t] != want)
				return -1;
		}
	}
	return v;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static unsigned int rnd(unsigned int n)
{
	return rand_r(&seed) % n;
}

static void msleep(unsigned int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

static void progress(void)
{
	__atomic_store_n(&self->last_ms, (uint64_t)(now() * 1000), __ATOMIC_RELAXED);
}

static void count_op(enum kind k)
{
	__atomic_fetch_add(&sh->ops[sh->phase][k], 1, __ATOMIC_RELAXED);
	progress();
}

static void unexpected(const char *fmt, ...)
{
	uint64_t n = __atomic_fetch_add(&sh->unexpected[sh->phase], 1,
					__ATOMIC_RELAXED);
	va_list ap;

	if (n >= 8)
		return;
	va_start(ap, fmt);
	vsnprintf(sh->unexpected_msg[n], sizeof(sh->unexpected_msg[n]), fmt, ap);
	va_end(ap);
}

/*
 * Expected errors: the device is gone (ENODEV), the family is gone or was
 * replaced (ENOENT; a stale family id can also meet EOPNOTSUPP), a
 * device of the churner without ROCE_ACCL (EOPNOTSUPP), a sysfs
 * or debugfs file vanished with its device or module (ENOENT, ENODEV),
 * the bus refuses during unload (EBUSY), a device that already exists
 * (EEXIST: the module came back with other devices than the churner
 * thinks), a knob removed while written (ENXIO), an unload while the
 * module is in use (EAGAIN), a dump starting while the module is going
 * (EPROTONOSUPPORT, from netlink_dump_start()). Phase 1 expects none of the family errors.
 */
static bool expected(enum kind k, int err, const char *dev)
{
	bool reload = sh->phase == 2;

	switch (err) {
	case ENODEV:
		return true;
	case ENOENT:
	case EOPNOTSUPP:	/* also: the churner's devices lose ROCE_ACCL */
		return reload || strcmp(dev, "emu0");
	case EBUSY:
	case EEXIST:
		return reload;
	case EAGAIN:
		return k == K_UNLOAD;
	case EPROTONOSUPPORT:	/* a dump starting while the module goes */
		return reload && k >= K_DEV_DUMP && k <= K_MPT_DUMP;
	case ENXIO:	/* a debugfs knob going away under its writer */
		return reload && k == K_MPT_FILL;
	default:
		return false;
	}
}

/* Count an error; false if it is one that fails the test. */
static bool count_err(enum kind k, int err, const char *dev, const char *msg)
{
	if (err < 0)
		err = -err;
	__atomic_fetch_add(&sh->err[sh->phase][k][err < MAX_ERRNO ? err : 0], 1,
			   __ATOMIC_RELAXED);
	progress();
	if (expected(k, err, dev))
		return true;
	/*
	 * The churner turns ROCE_ACCL off on its devices between the driver's
	 * check and the firmware's: the firmware then refuses the register
	 * (BAD_PARAM, syndrome 0x0ad50005), as a NIC whose capability
	 * changed would. Not emu0's, which keeps the register.
	 */
	if (err == EINVAL && msg && strstr(msg, "syndrome 0x0ad50005") &&
	    strcmp(dev, "emu0"))
		return true;
	unexpected("phase %d %s %s %s: %s%s%s", sh->phase,
		   role_names[self->role], kind_names[k], dev, strerror(err),
		   msg && *msg ? ": " : "", msg ? msg : "");
	return false;
}

/* ---- netlink ---------------------------------------------------------- */

static struct nl_sock sk;
static struct nl_msg msg;

/* Open (again) the family; waits while the module is away. */
static void resolve(void)
{
	int err;

	nl_close(&sk);
	while (!stopping) {
		err = nl_open(&sk, ROCE_ADP_FAMILY_NAME);
		if (!err) {
			count_op(K_RESOLVE);
			if (self->role == R_LISTENER &&
			    nl_join(&sk, sk.mcgrp_config))
				unexpected("listener: cannot join config group");
			return;
		}
		count_err(K_RESOLVE, err, "-", NULL);
		msleep(20);
	}
}

/* A family error means: resolve again before the next request. */
static void after_err(int err)
{
	if (err == -ENOENT)
		resolve();
}

struct reply {
	enum kind kind;
	const char *dev;	/* NULL: any device (dump) */
	uint8_t cmd;
	int msgs;
	int bad;
	int intr;
	/* the last message's content */
	uint8_t en[8];
	int have_en;
	int profiles;
	uint32_t pf[ROCE_ADP_A_PROFILE_RANGE];
	uint32_t pr[NRANGES][ROCE_ADP_A_RANGE_MAX + 1];
	uint32_t pid;
	int64_t pv;		/* value of the profile PROFILE_ID seen */
	int torn;
};

static void parse_profile(const struct nlattr *nest, struct reply *rp)
{
	const struct nlattr *tb[ROCE_ADP_A_PROFILE_MAX + 1];
	const struct nlattr *a = nl_data(nest);
	int rem = nl_len(nest), t;

	memset(rp->pf, 0, sizeof(rp->pf));
	memset(rp->pr, 0, sizeof(rp->pr));
	nl_parse(nl_data(nest), nl_len(nest), tb, ROCE_ADP_A_PROFILE_MAX);
	if (!tb[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID]) {
		rp->bad++;
		return;
	}
	rp->pid = nl_get_u32(tb[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID]);
	for (t = ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT; t < ROCE_ADP_A_PROFILE_RANGE; t++) {
		if (!tb[t]) {
			rp->bad++;
			return;
		}
		rp->pf[t] = t == ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT ?
			    nl_get_u8(tb[t]) : nl_get_u32(tb[t]);
	}
	while (rem >= (int)NLA_HDRLEN) {
		if ((a->nla_type & NLA_TYPE_MASK) == ROCE_ADP_A_PROFILE_RANGE) {
			const struct nlattr *rtb[ROCE_ADP_A_RANGE_MAX + 1];
			uint32_t i;

			nl_parse(nl_data(a), nl_len(a), rtb, ROCE_ADP_A_RANGE_MAX);
			i = rtb[ROCE_ADP_A_RANGE_INDEX] ?
			    nl_get_u32(rtb[ROCE_ADP_A_RANGE_INDEX]) : NRANGES;
			if (i >= NRANGES) {
				rp->bad++;
				return;
			}
			for (t = ROCE_ADP_A_RANGE_PREV_RANGE_INDEX; t <= ROCE_ADP_A_RANGE_MAX; t++)
				if (rtb[t])
					rp->pr[i][t] = nl_get_u32(rtb[t]);
		}
		rem -= NLA_ALIGN(a->nla_len);
		a = (const void *)((const char *)a + NLA_ALIGN(a->nla_len));
	}
	rp->profiles++;
}

/* Check one reply message: the right command, a device name, a body. */
static int reply_cb(const struct nlmsghdr *nlh, void *arg)
{
	const struct genlmsghdr *g = NLMSG_DATA(nlh);
	const struct nlattr *tb[ROCE_ADP_A_MAX + 1];
	struct reply *rp = arg;
	const char *p = (const char *)g + GENL_HDRLEN;
	int rem = nlh->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN);
	const struct nlattr *a = (const void *)p;

	rp->msgs++;
	if (nlh->nlmsg_flags & NLM_F_DUMP_INTR)
		rp->intr = 1;
	if (nlh->nlmsg_type != sk.family || g->cmd != rp->cmd) {
		rp->bad++;
		return 0;
	}
	nl_parse_genl(nlh, tb, ROCE_ADP_A_MAX);
	if (!tb[ROCE_ADP_A_DEV_NAME] || nl_len(tb[ROCE_ADP_A_DEV_NAME]) < 2 ||
	    (rp->dev && strcmp(nl_get_str(tb[ROCE_ADP_A_DEV_NAME]), rp->dev))) {
		rp->bad++;
		return 0;
	}
	/* A device a dump could not read, told in band: a positive errno. */
	if (tb[ROCE_ADP_A_DEV_ERROR]) {
		uint32_t e = nl_len(tb[ROCE_ADP_A_DEV_ERROR]) == 4 ?
			     nl_get_u32(tb[ROCE_ADP_A_DEV_ERROR]) : 0;

		if (rp->dev || !e || e > 4095)
			rp->bad++;
		return 0;
	}
	switch (rp->cmd) {
	case ROCE_ADP_CMD_DEV_GET:
		if (!tb[ROCE_ADP_A_DEV_BACKEND] || !tb[ROCE_ADP_A_DEV_FW_VERSION])
			rp->bad++;
		break;
	case ROCE_ADP_CMD_ACCL_GET:
	case ROCE_ADP_CMD_ACCL_SET:
	case ROCE_ADP_CMD_ACCL_NTF:
		if (!tb[ROCE_ADP_A_ACCL] || !tb[ROCE_ADP_A_CAPS]) {
			rp->bad++;
		} else {
			const struct nlattr *btb[ROCE_ADP_A_ACCL_MAX + 1];
			int t;

			nl_parse(nl_data(tb[ROCE_ADP_A_ACCL]),
				 nl_len(tb[ROCE_ADP_A_ACCL]), btb, ROCE_ADP_A_ACCL_MAX);
			for (t = 1; t <= ROCE_ADP_A_ACCL_MAX; t++) {
				if (!btb[t] || nl_get_u8(btb[t]) > 1)
					rp->bad++;
				else
					rp->en[t - 1] = nl_get_u8(btb[t]);
			}
			rp->have_en = 1;
		}
		break;
	case ROCE_ADP_CMD_PROFILE_GET:
	case ROCE_ADP_CMD_PROFILE_SET:
	case ROCE_ADP_CMD_PROFILE_NTF:
		if (!tb[ROCE_ADP_A_ACTIVE_PROFILE_ID])
			rp->bad++;
		rp->pv = -2;
		while (rem >= (int)NLA_HDRLEN) {
			if ((a->nla_type & NLA_TYPE_MASK) == ROCE_ADP_A_PROFILE) {
				parse_profile(a, rp);
				if (rp->pid == PROFILE_ID)
					rp->pv = val_decode(rp->pf, rp->pr);
			}
			rem -= NLA_ALIGN(a->nla_len);
			a = (const void *)((const char *)a + NLA_ALIGN(a->nla_len));
		}
		break;
	case ROCE_ADP_CMD_MPT_GET:
		/* an entry, or a dump's progress (nothing matched yet) */
		if (!tb[ROCE_ADP_A_MPT_ENTRY] && !tb[ROCE_ADP_A_MPT_SCANNED])
			rp->bad++;
		break;
	}
	return 0;
}

/* One request; its errno, after checking every message of the reply. */
static int request(struct reply *rp)
{
	struct nl_ack ack;
	int err;

	err = nl_send_recv(&sk, &msg, reply_cb, rp, &ack);
	if (rp->bad) {
		unexpected("phase %d %s %s %s: %d malformed reply message(s)",
			   sh->phase, role_names[self->role],
			   kind_names[rp->kind], rp->dev ?: "*", rp->bad);
		return -EPROTO;
	}
	if (rp->intr)
		__atomic_fetch_add(&sh->dump_intr[sh->phase], 1, __ATOMIC_RELAXED);
	if (err)
		count_err(rp->kind, err, rp->dev ?: "*", ack.msg);
	else
		count_op(rp->kind);
	after_err(err);
	return err;
}

static void dev_name(char *buf, size_t len, bool emu0_only)
{
	unsigned int id = emu0_only ? 0 : rnd(CHURN_LAST + 2);

	snprintf(buf, len, "emu%u", id > CHURN_LAST ? 0 : id);
}

static void start(struct reply *rp, enum kind k, uint8_t cmd, bool dump,
		  const char *dev)
{
	memset(rp, 0, sizeof(*rp));
	rp->kind = k;
	rp->cmd = cmd;
	rp->dev = dev;
	nl_dev_req(&sk, &msg, cmd, dump, dev);
}

/* ---- workers ---------------------------------------------------------- */

static void reader(void)
{
	/* What a reader asks; the dumps last, left out while dumps pause. */
	static const struct { enum kind k; uint8_t cmd; bool dump; } reads[] = {
		{ K_DEV_GET, ROCE_ADP_CMD_DEV_GET, false },
		{ K_ACCL_GET, ROCE_ADP_CMD_ACCL_GET, false },
		{ K_PROFILE_GET, ROCE_ADP_CMD_PROFILE_GET, false },
		{ K_DEV_DUMP, ROCE_ADP_CMD_DEV_GET, true },
		{ K_ACCL_DUMP, ROCE_ADP_CMD_ACCL_GET, true },
		{ K_PROFILE_DUMP, ROCE_ADP_CMD_PROFILE_GET, true },
	};
	struct reply rp;
	char dev[16];
	int r, err;

	while (!stopping) {
		/* emu0 most of the time: it is the one writers change */
		dev_name(dev, sizeof(dev), rnd(2));
		r = rnd(__atomic_load_n(&sh->quiesce_dumps, __ATOMIC_RELAXED) ? 3 : 6);
		start(&rp, reads[r].k, reads[r].cmd, reads[r].dump,
		      reads[r].dump ? NULL : dev);
		if (reads[r].k == K_PROFILE_GET)
			nl_put_u32(&msg, ROCE_ADP_A_PROFILE_ID, PROFILE_ID);
		err = request(&rp);
		if (reads[r].k == K_PROFILE_GET && !err && sh->phase == 1 &&
		    !strcmp(dev, "emu0") && rp.pv == -1) {
			/* every write is one of ours: fields disagree */
			__atomic_fetch_add(&sh->torn, 1, __ATOMIC_RELAXED);
		}
	}
}

static void dumper(void)
{
	struct reply rp;
	char dev[16];

	while (!stopping) {
		if (__atomic_load_n(&sh->quiesce_dumps, __ATOMIC_RELAXED)) {
			progress();
			msleep(10);
			continue;
		}
		if (rnd(2)) {
			start(&rp, K_MPT_DUMP, ROCE_ADP_CMD_MPT_GET, true, NULL);
		} else {
			dev_name(dev, sizeof(dev), false);
			start(&rp, K_MPT_DUMP, ROCE_ADP_CMD_MPT_GET, true, dev);
		}
		request(&rp);
	}
}

static void bit_writer(int bit)
{
	struct reply rp;
	uint8_t v;

	while (!stopping) {
		v = rnd(2);
		start(&rp, K_ACCL_SET, ROCE_ADP_CMD_ACCL_SET, false, "emu0");
		nl_put_enable(&msg, ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN + bit, v);
		if (request(&rp))
			continue;
		if (!rp.have_en || rp.en[bit] != v) {
			__atomic_fetch_add(&sh->not_applied, 1, __ATOMIC_RELAXED);
			continue;
		}
		if (sh->phase == 1) {
			sh->bit_last[bit] = v;
			sh->bit_acked[bit] = 1;
		}
	}
}

/* Write emu0's profile PROFILE_ID as value @v; the request's errno. */
static int profile_write(uint32_t v, struct reply *rp)
{
	struct radp_prof p = radp_valid_prof;
	uint32_t retry[3];
	int i;

	val_retries(v, retry);
	for (i = 0; i < 3; i++)
		p.r[i][ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM] = retry[i];
	start(rp, K_PROFILE_SET, ROCE_ADP_CMD_PROFILE_SET, false, "emu0");
	nl_put_profile(&msg, PROFILE_ID, &p, 3, NULL);
	return request(rp);
}

static void profile_writer(int w)
{
	struct reply rp;
	uint32_t c = 0, v;

	while (!stopping) {
		v = (++c << 3 | w) & VAL_MASK;
		if (profile_write(v, &rp))
			continue;
		/* The reply is read back under the lock: exactly this write. */
		if (rp.pv != (int64_t)v) {
			__atomic_fetch_add(&sh->not_applied, 1, __ATOMIC_RELAXED);
			continue;
		}
		if (sh->phase == 1) {
			sh->prof_last[w] = v;
			sh->prof_acked[w] = 1;
		}
	}
}

static int churn_knob(const char *dev, const char *knob, const char *val)
{
	char path[128];

	snprintf(path, sizeof(path), DBG "%s/%s", dev, knob);
	return sysfs_write(path, val);
}

static void churner(void)
{
	bool present[CHURN_LAST + 1] = {};
	char id[16], dev[16], fill[32];
	unsigned int i;
	int err;

	while (!stopping) {
		i = CHURN_FIRST + rnd(CHURN_LAST - CHURN_FIRST + 1);
		snprintf(id, sizeof(id), "%u", i);
		snprintf(dev, sizeof(dev), "emu%u", i);
		if (!present[i]) {
			err = sysfs_write(BUS "new_device", id);
			if (err == -EEXIST)
				present[i] = true;	/* it came back with a reload */
			if (err) {
				count_err(K_NEW_DEVICE, err, dev, NULL);
				msleep(5);	/* the module may be away */
				continue;
			}
			count_op(K_NEW_DEVICE);
			present[i] = true;
		} else {
			err = sysfs_write(BUS "del_device", id);
			present[i] = false;
			if (err) {
				count_err(K_DEL_DEVICE, err, dev, NULL);
				continue;
			}
			count_op(K_DEL_DEVICE);
		}
		/* A new table under the dumpers' feet, on emu0 or another. */
		if (!present[i] || rnd(2))
			snprintf(dev, sizeof(dev), "emu0");
		snprintf(fill, sizeof(fill), "%u %u", 64 + rnd(512), rnd(1000));
		err = churn_knob(dev, "mpt_fill", fill);
		if (err)
			count_err(K_MPT_FILL, err, dev, NULL);
		else
			count_op(K_MPT_FILL);
		/* Take ROCE_ACCL away from a churned device, or give it back. */
		if (present[i] && rnd(2)) {
			snprintf(dev, sizeof(dev), "emu%u", i);
			err = churn_knob(dev, "roce_accl_cap", rnd(2) ? "1" : "0");
			if (err)
				count_err(K_CAP_TOGGLE, err, dev, NULL);
			else
				count_op(K_CAP_TOGGLE);
		}
		msleep(rnd(20));
	}
}

/* Follow the config group: the order in which the kernel applied sets. */
static void listener(void)
{
	static char buf[NL_BUF_LEN];
	uint32_t last_c[MAX_PW] = {};
	int bufsz = 8 << 20;
	struct reply rp;
	int n;

	setsockopt(sk.fd, SOL_SOCKET, SO_RCVBUFFORCE, &bufsz, sizeof(bufsz));
	sh->ntf_have = 0;
	/* The parent sets stop once the writers are gone: drain, then end. */
	for (;;) {
		const struct nlmsghdr *nlh;

		n = nl_recv_one(&sk, buf, sizeof(buf), 200);
		progress();
		if (n == -ETIMEDOUT) {
			if (__atomic_load_n(&sh->stop, __ATOMIC_RELAXED))
				break;
			continue;
		}
		if (n == -ENOBUFS) {
			sh->ntf_overrun = 1;
			continue;
		}
		if (n < 0) {
			count_err(K_NTF, n, "-", NULL);
			break;
		}
		for (nlh = (const void *)buf; NLMSG_OK(nlh, n); nlh = NLMSG_NEXT(nlh, n)) {
			const struct genlmsghdr *g = NLMSG_DATA(nlh);
			uint32_t w, c;

			/* The churner's devices come and go: not the order's. */
			if (g->cmd == ROCE_ADP_CMD_DEV_NTF ||
			    g->cmd == ROCE_ADP_CMD_RESET_NTF)
				continue;
			if (g->cmd != ROCE_ADP_CMD_PROFILE_NTF &&
			    g->cmd != ROCE_ADP_CMD_ACCL_NTF) {
				unexpected("listener: command %u in the config group", g->cmd);
				continue;
			}
			memset(&rp, 0, sizeof(rp));
			rp.kind = K_NTF;
			rp.cmd = g->cmd;
			reply_cb(nlh, &rp);
			if (rp.bad) {
				unexpected("listener: malformed notification");
				continue;
			}
			count_op(K_NTF);
			sh->ntf_seen++;
			if (g->cmd != ROCE_ADP_CMD_PROFILE_NTF || rp.pid != PROFILE_ID)
				continue;
			if (rp.pv < 0) {
				unexpected("listener: profile notification is no write of ours");
				continue;
			}
			/* Each writer's own writes are sequential: counters rise. */
			w = rp.pv & 7;
			c = rp.pv >> 3;
			if (w < MAX_PW && last_c[w] && c <= last_c[w] &&
			    c > 16)	/* not a wrap of the 15-bit counter */
				sh->ntf_order_bad++;
			if (w < MAX_PW)
				last_c[w] = c;
			sh->ntf_last = rp.pv;
			sh->ntf_have = 1;
		}
	}
}

/*
 * Unload @name, retrying while it is busy. Every dump in progress holds a
 * reference to roce_adp, every open debugfs knob one to roce_adp_emu, so
 * an unload often finds its module busy (EAGAIN): try again every 0.5 ms
 * until it goes, as a patient administrator would. Returns 0 or -errno.
 */
static int unload_patiently(const char *name)
{
	double busy_since = now();
	int err = 0;

	while (!stopping) {
		err = syscall(SYS_delete_module, name, O_NONBLOCK) ? -errno : 0;
		if (!err || (err != -EAGAIN && err != -EWOULDBLOCK))
			break;
		count_err(K_UNLOAD, err, name, NULL);
		/*
		 * Back-to-back dumps can hold the module for good (a slow
		 * firmware makes each long): after a second, ask for a gap.
		 * Requests other than dumps go on.
		 */
		if (now() - busy_since > 1 && !sh->quiesce_dumps) {
			__atomic_store_n(&sh->quiesce_dumps, 1, __ATOMIC_RELAXED);
			count_op(K_QUIESCE);
		}
		usleep(500);
	}
	__atomic_store_n(&sh->quiesce_dumps, 0, __ATOMIC_RELAXED);
	if (err && err != -EAGAIN && err != -EWOULDBLOCK)
		count_err(K_UNLOAD, err, name, NULL);
	return err;
}

/*
 * Unload the emulator, then roce_adp (which it holds), and load both
 * again.
 */
static void reloader(void)
{
	int err;

	while (!stopping) {
		msleep(100 + rnd(400));
		err = unload_patiently("roce_adp_emu");
		if (!err)
			err = unload_patiently("roce_adp");
		if (err)
			continue;
		count_op(K_UNLOAD);
		msleep(rnd(100));
		err = system("modprobe roce_adp_emu");
		if (err)
			count_err(K_LOAD, EIO, "roce_adp_emu", "modprobe failed");
		else
			count_op(K_LOAD);
	}
	/* Leave the modules loaded whatever happened. */
	if (system("modprobe roce_adp_emu"))
		count_err(K_LOAD, EIO, "roce_adp_emu", "modprobe failed");
}

static void worker_main(void)
{
	seed = seed * 7919 + self->index * 104729 + self->role * 31;
	progress();
	sk.fd = -1;
	if (self->role != R_CHURNER && self->role != R_RELOADER)
		resolve();
	switch (self->role) {
	case R_READER:
		reader();
		break;
	case R_DUMPER:
		dumper();
		break;
	case R_BIT_WRITER:
		bit_writer(self->index);
		break;
	case R_PROFILE_WRITER:
		profile_writer(self->index);
		break;
	case R_CHURNER:
		churner();
		break;
	case R_LISTENER:
		listener();
		break;
	case R_RELOADER:
		reloader();
		break;
	}
	nl_close(&sk);
	_exit(0);
}

/* ---- the parent ------------------------------------------------------- */

static void spawn(int role, int index)
{
	struct worker *w = &sh->w[sh->nworkers++];
	pid_t pid;

	memset(w, 0, sizeof(*w));
	w->role = role;
	w->index = index;
	w->last_ms = now() * 1000;
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		exit(1);
	}
	if (!pid) {
		self = w;
		worker_main();
	}
	w->pid = pid;
}

static void show_stuck(struct worker *w)
{
	char path[64], buf[4096];
	ssize_t n;
	int fd;

	tap_diag("%s %d (pid %d) made no progress for %d s",
		 role_names[w->role], w->index, w->pid, opt_hang);
	snprintf(path, sizeof(path), "/proc/%d/stack", w->pid);
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		snprintf(path, sizeof(path), "/proc/%d/wchan", w->pid);
		fd = open(path, O_RDONLY);
	}
	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf) - 1);
		if (n > 0) {
			buf[n] = '\0';
			tap_diag("%s: %s", path, buf);
		}
		close(fd);
	}
}

/*
 * Wait for @end (or for the workers to stop making progress), then stop
 * them; the listener last, once the others are gone. False on a hang.
 */
static bool run_phase(double end)
{
	bool hung = false, writers_done = false;
	double hung_at = 0;
	int i, alive;

	for (;;) {
		double t = now();

		if (t >= end && !sh->stop) {
			/* writers first, so the listener sees all their sets */
			for (i = 0; i < sh->nworkers; i++)
				if (sh->w[i].role != R_LISTENER && !sh->w[i].done)
					kill(sh->w[i].pid, SIGUSR1);
		}
		alive = 0;
		for (i = 0; i < sh->nworkers; i++) {
			struct worker *w = &sh->w[i];
			int status;

			if (w->done)
				continue;
			if (waitpid(w->pid, &status, WNOHANG) == w->pid) {
				w->done = 1;
				if (!WIFEXITED(status) || WEXITSTATUS(status))
					unexpected("%s %d ended with status 0x%x",
						   role_names[w->role], w->index, status);
				continue;
			}
			alive++;
			if (!w->stuck && t * 1000 - __atomic_load_n(&w->last_ms, __ATOMIC_RELAXED) >
					 opt_hang * 1000.0) {
				show_stuck(w);
				kill(w->pid, SIGKILL);
				w->stuck = 1;
				if (!hung)
					hung_at = t;
				hung = true;
			}
		}
		if (!alive)
			return !hung;
		/* A worker stuck in the kernel may not even die: give up. */
		if (hung && t - hung_at > 10)
			return false;
		if (t >= end && !writers_done) {
			int others = 0;

			for (i = 0; i < sh->nworkers; i++)
				others += !sh->w[i].done && sh->w[i].role != R_LISTENER;
			if (!others) {
				writers_done = true;
				__atomic_store_n(&sh->stop, 1, __ATOMIC_RELAXED);
			}
		}
		msleep(50);
	}
}

static void on_usr1(int sig)
{
	/* a worker: stop after the current request */
	stopping = 1;
}

static void spawn_all(int phase)
{
	int i;

	sh->nworkers = 0;
	sh->stop = 0;
	sh->phase = phase;
	for (i = 0; i < opt_readers; i++)
		spawn(R_READER, i);
	for (i = 0; i < opt_dumpers; i++)
		spawn(R_DUMPER, i);
	for (i = 0; i < opt_bits; i++)
		spawn(R_BIT_WRITER, i);
	for (i = 0; i < opt_writers; i++)
		spawn(R_PROFILE_WRITER, i);
	spawn(R_CHURNER, 0);
	if (phase == 1)
		spawn(R_LISTENER, 0);
	if (phase == 2 && opt_reload)
		spawn(R_RELOADER, 0);
}

/* Read emu0's enables and profile 1 in the parent. */
static int read_back(struct reply *accl, struct reply *prof)
{
	self = &sh->w[MAX_WORKERS - 1];
	memset(self, 0, sizeof(*self));
	if (nl_open(&sk, ROCE_ADP_FAMILY_NAME))
		return -1;
	start(accl, K_ACCL_GET, ROCE_ADP_CMD_ACCL_GET, false, "emu0");
	if (request(accl))
		return -1;
	start(prof, K_PROFILE_GET, ROCE_ADP_CMD_PROFILE_GET, false, "emu0");
	nl_put_u32(&msg, ROCE_ADP_A_PROFILE_ID, PROFILE_ID);
	if (request(prof))
		return -1;
	nl_close(&sk);
	return 0;
}

static void summary(int phase, double secs)
{
	uint64_t total = 0, total_errs = 0;
	int k, e;

	tap_diag("phase %d (%s), %.1f s:", phase,
		 phase == 1 ? "consistency" : "lifetime", secs);
	for (k = 0; k < K_COUNT; k++) {
		uint64_t errs = 0;
		char line[512];
		int len = 0;

		for (e = 0; e < MAX_ERRNO; e++) {
			if (!sh->err[phase][k][e])
				continue;
			errs += sh->err[phase][k][e];
			len += snprintf(line + len, sizeof(line) - len, " %s=%llu",
					e ? strerrorname_np(e) ?: "?" : "other",
					(unsigned long long)sh->err[phase][k][e]);
		}
		if (!sh->ops[phase][k] && !errs)
			continue;
		total += sh->ops[phase][k];
		total_errs += errs;
		tap_diag("  %-14s %8llu ok %8.1f/s  errors %llu%s", kind_names[k],
			 (unsigned long long)sh->ops[phase][k],
			 sh->ops[phase][k] / secs, (unsigned long long)errs,
			 errs ? line : "");
	}
	tap_diag("  %-14s %8llu ok %8.1f/s", "all", (unsigned long long)total,
		 total / secs);
	tap_diag("  dumps interrupted (NLM_F_DUMP_INTR): %llu",
		 (unsigned long long)sh->dump_intr[phase]);
	tap_diag("figure: phase %d (%s): %llu operations in %.1f s (%.0f/s), %llu expected errors",
		 phase, phase == 1 ? "consistency" : "lifetime",
		 (unsigned long long)total, secs, total / secs,
		 (unsigned long long)total_errs);
}

static bool report_unexpected(int phase)
{
	uint64_t i, n = sh->unexpected[phase];

	for (i = 0; i < n && i < 8; i++)
		tap_diag("unexpected: %s", sh->unexpected_msg[i]);
	memset(sh->unexpected_msg, 0, sizeof(sh->unexpected_msg));
	return !n;
}

/*
 * Phase @n, from @t0 for half the run (its end in @t1): its workers, its
 * summary and its first cases; false if a worker got stuck (bailed out).
 */
static bool phase(int n, double t0, double *t1)
{
	bool ok;

	spawn_all(n);
	ok = run_phase(t0 + opt_seconds / 2.0);
	*t1 = now();
	summary(n, *t1 - t0);
	tap_result(ok, "phase %d: every worker ended (none stuck for %d s)", n,
		   opt_hang);
	if (!ok) {
		tap_bail("a worker is stuck");
		return false;
	}
	tap_result(report_unexpected(n), "phase %d: no unexpected error or malformed reply",
		   n);
	return true;
}

static void usage(const char *prog)
{
	fprintf(stderr,
		"usage: %s [--seconds N] [--readers N] [--dumpers N] [--writers N]\n"
		"          [--bits N] [--seed N] [--hang N] [--no-reload]\n"
		"          [--cmd-delay-us N]\n", prog);
	exit(2);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "seconds", required_argument, NULL, 's' },
		{ "readers", required_argument, NULL, 'r' },
		{ "dumpers", required_argument, NULL, 'd' },
		{ "writers", required_argument, NULL, 'w' },
		{ "bits", required_argument, NULL, 'b' },
		{ "seed", required_argument, NULL, 'S' },
		{ "hang", required_argument, NULL, 'H' },
		{ "no-reload", no_argument, NULL, 'n' },
		{ "cmd-delay-us", required_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	/* The options that take a number, by their letter. */
	int *const int_opts[] = {
		['s'] = &opt_seconds, ['r'] = &opt_readers,
		['d'] = &opt_dumpers, ['w'] = &opt_writers, ['b'] = &opt_bits,
		['H'] = &opt_hang, ['D'] = &opt_cmd_delay,
	};
	struct sigaction sa = { .sa_handler = on_usr1, .sa_flags = SA_RESTART };
	struct reply accl, prof;
	double t0, t1, t2;
	bool ok, in_acked;
	int c, i, acked;

	opt_seconds = getenv("STRESS_SECONDS") ? atoi(getenv("STRESS_SECONDS")) : 12;
	seed = time(NULL);
	while ((c = getopt_long(argc, argv, "s:r:d:w:b:S:H:nD:h", opts, NULL)) != -1) {
		if (c < (int)sizeof(int_opts) / (int)sizeof(int_opts[0]) &&
		    int_opts[c]) {
			*int_opts[c] = atoi(optarg);
			continue;
		}
		switch (c) {
		case 'S':
			seed = strtoul(optarg, NULL, 0);
			break;
		case 'n':
			opt_reload = 0;
			break;
		default:
			usage(argv[0]);
		}
	}
	if (opt_seconds < 2 || opt_writers < 1 || opt_writers > MAX_PW ||
	    opt_bits < 0 || opt_bits > 7 ||
	    opt_readers + opt_dumpers + opt_bits + opt_writers + 3 > MAX_WORKERS - 1)
		usage(argv[0]);

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	sigaction(SIGUSR1, &sa, NULL);
	setvbuf(stdout, NULL, _IOLBF, 0);

	/* Start from the module's defaults: emu0 only, nothing written. */
	tap_start();
	if (system("modprobe -r roce_adp_mlx5 2>/dev/null; modprobe -r roce_adp_emu 2>/dev/null; modprobe -r roce_adp 2>/dev/null; modprobe roce_adp_emu")) {
		tap_result(false, "roce_adp_emu loads");
		return tap_end();
	}

	tap_plan(opt_reload ? 11 : 10);
	printf("# seed %u, %d s, %d readers, %d dumpers, %d bit writers, "
	       "%d profile writers, 1 churner%s\n", seed, opt_seconds,
	       opt_readers, opt_dumpers, opt_bits, opt_writers,
	       opt_reload ? ", 1 reloader (phase 2)" : "");

	/* A slow firmware on emu0 (until a reload) stretches every window. */
	if (opt_cmd_delay) {
		char val[16];

		snprintf(val, sizeof(val), "%d", opt_cmd_delay);
		if (sysfs_write(DBG "emu0/cmd_delay_us", val)) {
			return tap_bail("cannot set cmd_delay_us");
		}
	}

	/* Profile 1 holds one of our values from the start: value 0. */
	self = &sh->w[MAX_WORKERS - 1];
	sh->phase = 1;
	if (nl_open(&sk, ROCE_ADP_FAMILY_NAME) || profile_write(0, &prof) || prof.pv) {
		return tap_bail("cannot write profile %d of emu0", PROFILE_ID);
	}
	nl_close(&sk);

	/* Phase 1: consistency. */
	t0 = now();
	if (!phase(1, t0, &t1))
		return 1;
	tap_result(!sh->not_applied, "phase 1: every acknowledged set read back as written (%llu not)",
		   (unsigned long long)sh->not_applied);
	tap_result(!sh->torn, "phase 1: no reader saw a half-applied profile (%llu did)",
		   (unsigned long long)sh->torn);

	if (read_back(&accl, &prof)) {
		tap_result(false, "phase 1: final enables are each writer's last acknowledged");
		tap_result(false, "phase 1: final profile is the latest acknowledged write");
	} else {
		int wrong = 0;

		acked = 0;
		for (i = 0; i < opt_bits; i++) {
			acked += sh->bit_acked[i];
			if (sh->bit_acked[i] && accl.en[i] != sh->bit_last[i]) {
				tap_diag("enable %d is %u, its writer last set %u",
					 i, accl.en[i], sh->bit_last[i]);
				wrong++;
			}
		}
		tap_result(!wrong && acked == opt_bits,
			   "phase 1: final enables are each writer's last acknowledged (%d of %d writers acked, %d wrong)",
			   acked, opt_bits, wrong);

		/*
		 * The latest acknowledged write is necessarily some writer's
		 * last: check that always; with the notifications complete,
		 * it must also be the one they showed last.
		 */
		in_acked = false;
		for (i = 0; i < opt_writers; i++)
			if (sh->prof_acked[i] && prof.pv == sh->prof_last[i])
				in_acked = true;
		tap_diag("profile %d: value 0x%llx; notifications %llu, last 0x%x%s, order violations %llu",
			 PROFILE_ID, (long long)prof.pv,
			 (unsigned long long)sh->ntf_seen, sh->ntf_last,
			 sh->ntf_overrun ? " (overrun: order incomplete)" : "",
			 (unsigned long long)sh->ntf_order_bad);
		if (sh->ntf_overrun)
			tap_result(in_acked, "phase 1: final profile is a writer's last acknowledged write (notifications overran, order unknown)");
		else
			tap_result(in_acked && sh->ntf_have && prof.pv == sh->ntf_last &&
				   !sh->ntf_order_bad,
				   "phase 1: final profile is the latest acknowledged write, by the notifications' order");
	}

	/* Phase 2: lifetime. */
	if (!phase(2, t1, &t2))
		return 1;
	tap_result(!sh->not_applied, "phase 2: every acknowledged set read back as written");
	if (opt_reload)
		tap_result(sh->ops[2][K_UNLOAD] && sh->ops[2][K_LOAD] == sh->ops[2][K_UNLOAD],
			   "phase 2: the module was unloaded and loaded again (%llu times)",
			   (unsigned long long)sh->ops[2][K_UNLOAD]);

	/* The module is whole after all that, and back to its defaults. */
	ok = !system("modprobe roce_adp_emu && modprobe -r roce_adp_emu && modprobe roce_adp_emu");
	tap_result(ok && !read_back(&accl, &prof), "after: the module unloads, loads and answers");

	return tap_end();
}
