// SPDX-License-Identifier: GPL-2.0
/*
 * Firmware work bounded and killable (issue 18), measured by the device's
 * fw_cmds counter (debugfs):
 *  - readers without CAP_NET_ADMIN (uid 65534) are answered from the
 *    snapshot: looping for 5 s they cause at most (5 s / interval + 1)
 *    refreshes, each 1 + adp_retx_profile_max_id ROCE_ACCL reads;
 *  - the snapshot follows the module's own writes (a SET's read-back
 *    refreshes it), is not served after a SET whose write or read-back
 *    failed, and is dropped by a firmware reset;
 *  - an MPT dump of a 1M-entry table with nothing live, on a slow
 *    firmware, dies within a second of SIGKILL, and del_device during
 *    such a dump returns within one command timeout;
 *  - so do unprivileged histogram readers when the histogram fails: a
 *    failed read serves for the interval as a good one would;
 *  - a reader waiting for the device's configuration lock, held by a set
 *    whose command hangs, dies at SIGKILL;
 *  - every SET that changed the device notifies, also when its read-back
 *    failed (readback-failed), histogram included, and profile-forget
 *    notifies;
 *  - the commands each operation costs: a set at most 3 (read, write,
 *    read-back), a notification none.
 */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/roce_adp.h>

#include "fixture.h"

#define DBG "/sys/kernel/debug/roce_adp/"
#define PARAM "/sys/module/roce_adp/parameters/"
#define BUS "/sys/bus/roce_adp/"
#define NOBODY 65534

static int knob(const char *dev, const char *name, const char *val)
{
	char path[128];

	snprintf(path, sizeof(path), DBG "%s/%s", dev, name);
	return sysfs_write(path, val);
}

static long fw_cmds(const char *dev)
{
	char path[128];

	snprintf(path, sizeof(path), DBG "%s/fw_cmds", dev);
	return sysfs_read_long(path);
}

static int fw_cmds_reset(const char *dev)
{
	return knob(dev, "fw_cmds", "0");
}

/* What a reply or notification said. */
struct reply {
	int n;
	int cmd;
	int age_ms;
	int active;
	int dev_event;
	bool readback_failed;
	uint8_t en[ROCE_ADP_A_ACCL_MAX + 1];
	int time_base;		/* the profile's, the last one in the reply */
	int resets;		/* restore: the resets counted, -1 if absent */
};

static int reply_cb(const struct nlmsghdr *nlh, void *arg)
{
	const struct genlmsghdr *g = NLMSG_DATA(nlh);
	const struct nlattr *tb[ROCE_ADP_A_MAX + 1], *a;
	struct reply *r = arg;

	r->n++;
	r->cmd = g->cmd;
	nl_parse_genl(nlh, tb, ROCE_ADP_A_MAX);
	if (tb[ROCE_ADP_A_AGE_MS])
		r->age_ms = nl_get_u32(tb[ROCE_ADP_A_AGE_MS]);
	if (tb[ROCE_ADP_A_ACTIVE_PROFILE_ID])
		r->active = nl_get_u32(tb[ROCE_ADP_A_ACTIVE_PROFILE_ID]);
	if (tb[ROCE_ADP_A_DEV_EVENT])
		r->dev_event = nl_get_u32(tb[ROCE_ADP_A_DEV_EVENT]);
	r->readback_failed = !!tb[ROCE_ADP_A_READBACK_FAILED];
	if (tb[ROCE_ADP_A_ACCL])
		nl_parse_accl(tb[ROCE_ADP_A_ACCL], r->en);
	a = nl_nest_attr(tb[ROCE_ADP_A_PROFILE], ROCE_ADP_A_PROFILE_TIME_BASE);
	if (a)
		r->time_base = nl_get_u32(a);
	a = nl_nest_attr(tb[ROCE_ADP_A_RESTORE], ROCE_ADP_A_RESTORE_RESETS);
	if (a)
		r->resets = nl_get_u32(a);
	return 0;
}

/* emu0's firmware resets the driver has handled (restore state), or -1. */
static int restore_resets(struct nl_sock *sk, struct nl_msg *m)
{
	struct nl_ack ack;
	struct reply r = { .resets = -1 };

	nl_dev_req(sk, m, ROCE_ADP_CMD_DEV_GET, false, "emu0");
	if (nl_send_recv(sk, m, reply_cb, &r, &ack))
		return -1;
	return r.resets;
}

/*
 * Waits until @dev's firmware counted more than @count commands: evidence
 * that what the test started is at work. Generous: the bound is for a
 * stuck test, not a measure; false when it never happened.
 */
struct fw_cmds_above {
	const char *dev;
	long count;
};

static bool fw_cmds_above(const void *arg)
{
	const struct fw_cmds_above *a = arg;

	return fw_cmds(a->dev) > a->count;
}

static bool wait_fw_cmds_above(const char *dev, long count)
{
	struct fw_cmds_above a = { dev, count };

	return wait_until(fw_cmds_above, &a);
}

/* A GET of emu0 (a profile GET: profile 1), or a dump of every device. */
static int get(struct nl_sock *sk, struct nl_msg *m, uint8_t cmd, bool dump,
	       bool snapshot, struct reply *r, struct nl_ack *ack)
{
	memset(r, 0, sizeof(*r));
	r->age_ms = -1;
	nl_dev_req(sk, m, cmd, dump, dump ? NULL : "emu0");
	if (!dump && cmd == ROCE_ADP_CMD_PROFILE_GET)
		nl_put_u32(m, ROCE_ADP_A_PROFILE_ID, 1);
	if (snapshot)
		nl_put(m, ROCE_ADP_A_SNAPSHOT, NULL, 0);
	return nl_send_recv(sk, m, reply_cb, r, ack);
}

static int accl_get(struct nl_sock *sk, struct nl_msg *m, bool dump,
		    bool snapshot, struct reply *r, struct nl_ack *ack)
{
	return get(sk, m, ROCE_ADP_CMD_ACCL_GET, dump, snapshot, r, ack);
}

static int profile_get(struct nl_sock *sk, struct nl_msg *m, bool dump,
		       struct reply *r, struct nl_ack *ack)
{
	return get(sk, m, ROCE_ADP_CMD_PROFILE_GET, dump, false, r, ack);
}

/* Profile @id with time_base @tb: one range, every rule kept. */
static int profile_set_id(struct nl_sock *sk, struct nl_msg *m, uint32_t id,
			  uint32_t tb, struct reply *r, struct nl_ack *ack)
{
	struct radp_prof p = RADP_PROF(0, 1, 0, 1, tb, 14, 1, 1,
				       RADP_RANGE(0, 1, 2, 1, 2));

	memset(r, 0, sizeof(*r));
	nl_dev_req(sk, m, ROCE_ADP_CMD_PROFILE_SET, false, "emu0");
	nl_put_profile(m, id, &p, 1, NULL);
	return nl_send_recv(sk, m, reply_cb, r, ack);
}

static int profile_set(struct nl_sock *sk, struct nl_msg *m, uint32_t tb,
		       struct reply *r, struct nl_ack *ack)
{
	return profile_set_id(sk, m, 1, tb, r, ack);
}

static int accl_set(struct nl_sock *sk, struct nl_msg *m, uint8_t v,
		    struct reply *r, struct nl_ack *ack)
{
	memset(r, 0, sizeof(*r));
	nl_dev_req(sk, m, ROCE_ADP_CMD_ACCL_SET, false, "emu0");
	nl_put_enable(m, ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN, v);
	return nl_send_recv(sk, m, reply_cb, r, ack);
}

static int profile_forget(struct nl_sock *sk, struct nl_msg *m,
			  struct nl_ack *ack)
{
	return nl_dev_cmd(sk, m, ROCE_ADP_CMD_PROFILE_FORGET, "emu0", NULL,
			  NULL, ack);
}

/* The next notification, parsed; -ETIMEDOUT when none comes. */
static int next_ntf(struct nl_sock *mon, struct reply *r, int timeout_ms)
{
	static char buf[16384];
	int n;

	memset(r, 0, sizeof(*r));
	n = nl_recv_one(mon, buf, sizeof(buf), timeout_ms);
	if (n <= 0)
		return n ?: -EIO;
	reply_cb((struct nlmsghdr *)buf, r);
	return 0;
}

/* The notification of @cmd a set sends when its read-back failed. */
static void expect_readback_failed_ntf(struct __test_metadata *_metadata,
				       struct nl_sock *mon, int cmd)
{
	struct reply ntf;

	ASSERT_EQ(0, next_ntf(mon, &ntf, 2000));
	EXPECT_EQ(cmd, ntf.cmd);
	EXPECT_TRUE(ntf.readback_failed);
}

/* Each test starts from a fresh emu0 and the default interval. */
NL_FIXTURE(fw, struct reply r;);

/* Commands of one operation: fw_cmds before and after. */
#define COST(expr) ({						\
	long __before = fw_cmds("emu0");			\
	int __err = (expr);					\
								\
	if (__err)						\
		TH_LOG("%s: %s", #expr, self->ack.msg);		\
	ASSERT_EQ(0, __err);					\
	fw_cmds("emu0") - __before;				\
})

TEST_F(fw, commands_per_operation)
{
	struct nl_sock mon;
	long show, show_all, accl_show, pset, pset_mon, aset, forget;
	struct reply ntf;

	show = COST(profile_get(&self->sk, &self->m, false, &self->r, &self->ack));
	show_all = COST(profile_get(&self->sk, &self->m, true, &self->r, &self->ack));
	accl_show = COST(accl_get(&self->sk, &self->m, false, false, &self->r,
				  &self->ack));
	EXPECT_EQ(0, self->r.age_ms);
	pset = COST(profile_set(&self->sk, &self->m, 8, &self->r, &self->ack));
	EXPECT_EQ(8, self->r.time_base);
	EXPECT_EQ(1, self->r.active);
	aset = COST(accl_set(&self->sk, &self->m, 1, &self->r, &self->ack));
	EXPECT_EQ(1, self->r.en[ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN]);

	ASSERT_EQ(0, nl_open(&mon, ROCE_ADP_FAMILY_NAME));
	ASSERT_EQ(0, nl_join(&mon, mon.mcgrp_config));
	pset_mon = COST(profile_set(&self->sk, &self->m, 16, &self->r, &self->ack));
	ASSERT_EQ(0, next_ntf(&mon, &ntf, 2000));
	EXPECT_EQ(ROCE_ADP_CMD_PROFILE_NTF, ntf.cmd);
	EXPECT_EQ(16, ntf.time_base);
	forget = COST(profile_forget(&self->sk, &self->m, &self->ack));
	nl_close(&mon);

	TH_LOG("figure: firmware commands: profile show 1: %ld, profile show (dump): %ld, accl show: %ld, profile set: %ld, with a monitor: %ld, accl set: %ld, profile forget: %ld",
	       show, show_all, accl_show, pset, pset_mon, aset, forget);
	/* profile 0's query, then profile 1's (max_id is 1) */
	EXPECT_EQ(2, show);
	EXPECT_EQ(2, show_all);
	EXPECT_EQ(1, accl_show);
	/* read, write, read-back; the notification costs nothing more */
	EXPECT_EQ(3, pset);
	EXPECT_EQ(3, pset_mon);
	EXPECT_EQ(3, aset);
	EXPECT_EQ(0, forget);
}

struct loop {
	int seconds;
	long rounds;	/* shared page: what the child did */
	int max_age;
};

static struct loop *loop_shared;

/* As nobody: accl and profile gets, do and dump, for loop->seconds. */
static int reader_loop(struct nl_sock *sk, struct nl_msg *m, void *arg)
{
	struct loop *l = arg;
	struct nl_ack ack;
	struct reply r;
	double end;

	end = now_ms() + l->seconds * 1000.0;
	while (now_ms() < end) {
		if (accl_get(sk, m, false, false, &r, &ack) ||
		    accl_get(sk, m, true, false, &r, &ack))
			return 2;
		if (r.age_ms > l->max_age)
			l->max_age = r.age_ms;
		if (profile_get(sk, m, false, &r, &ack) ||
		    profile_get(sk, m, true, &r, &ack))
			return 3;
		if (r.age_ms < 0)
			return 4;
		l->rounds++;
	}
	return 0;
}

/* The default interval, then a short one. */
TEST_F(fw, unprivileged_reader_bounded)
{
	static const int intervals[] = { 1000, 250 };
	long cmds, max_refreshes;
	unsigned int i;
	char val[16];

	loop_shared = mmap(NULL, sizeof(*loop_shared), PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, loop_shared);
	for (i = 0; i < 2; i++) {
		memset(loop_shared, 0, sizeof(*loop_shared));
		snprintf(val, sizeof(val), "%d", intervals[i]);
		ASSERT_EQ(0, sysfs_write(PARAM "snapshot_interval_ms", val));
		loop_shared->seconds = 5;
		ASSERT_EQ(0, fw_cmds_reset("emu0"));
		ASSERT_EQ(0, nl_child(reader_loop, loop_shared, NOBODY));
		cmds = fw_cmds("emu0");
		/* a refresh reads profile 0 and profile 1 (max_id 1) */
		max_refreshes = 5000 / intervals[i] + 1;
		TH_LOG("figure: interval %d ms: %ld rounds of 4 requests in 5 s as uid 65534, %ld firmware commands (at most %ld), oldest reply %d ms",
		       intervals[i], loop_shared->rounds, cmds,
		       2 * max_refreshes, loop_shared->max_age);
		EXPECT_GT(loop_shared->rounds, 10);
		EXPECT_LE(cmds, 2 * max_refreshes);
		EXPECT_GE(cmds, 2);
		EXPECT_LT(loop_shared->max_age, intervals[i] + 50);
	}
	munmap(loop_shared, sizeof(*loop_shared));
}

/* The time_base of profile *@arg (NULL: profile 1), read as nobody. */
static int nobody_profile_time_base(struct nl_sock *sk, struct nl_msg *m,
				    void *arg)
{
	const uint32_t *id = arg;
	struct nl_ack ack;
	struct reply r = {};

	nl_dev_req(sk, m, ROCE_ADP_CMD_PROFILE_GET, false, "emu0");
	nl_put_u32(m, ROCE_ADP_A_PROFILE_ID, id ? *id : 1);
	if (nl_send_recv(sk, m, reply_cb, &r, &ack))
		return 255;
	return r.time_base;
}

static int nobody_accl_raw(struct nl_sock *sk, struct nl_msg *m, void *arg)
{
	struct nl_ack ack;

	nl_dev_req(sk, m, ROCE_ADP_CMD_ACCL_GET, false, "emu0");
	nl_put(m, ROCE_ADP_A_ACCL_RAW, NULL, 0);
	return -nl_send_recv(sk, m, NULL, NULL, &ack);
}

/*
 * An unprivileged profile read of emu0: it sees time_base @time_base and
 * costs the firmware @cmds commands (0: served from the snapshot).
 */
static void expect_nobody_read_id(struct __test_metadata *_metadata,
				  uint32_t id, int time_base, long cmds)
{
	long before = fw_cmds("emu0");

	EXPECT_EQ(time_base, nl_child(nobody_profile_time_base, &id, NOBODY));
	EXPECT_EQ(cmds, fw_cmds("emu0") - before);
}

static void expect_nobody_read(struct __test_metadata *_metadata,
			       int time_base, long cmds)
{
	expect_nobody_read_id(_metadata, 1, time_base, cmds);
}

/*
 * A profile set of time_base @tb that the firmware fails with
 * BAD_SYS_STATE after letting @skip commands through (1: the write
 * fails, 2: its read-back).
 */
static void expect_failed_profile_set(struct __test_metadata *_metadata,
				      FIXTURE_DATA(fw) *self, uint32_t tb,
				      int skip)
{
	char fail[32];

	snprintf(fail, sizeof(fail), "1 0x04 0x0badbac %d", skip);
	ASSERT_EQ(0, knob("emu0", "fail_next", fail));
	EXPECT_EQ(-EIO, profile_set(&self->sk, &self->m, tb, &self->r,
				    &self->ack));
	EXPECT_NE(NULL, strstr(self->ack.msg,
			       "firmware status BAD_SYS_STATE (0x04), syndrome 0x00badbac")) {
		TH_LOG("message: %s", self->ack.msg);
	}
}

TEST_F(fw, snapshot_follows_writes_and_resets)
{
	long before;
	int resets;
	double t0;

	ASSERT_EQ(0, sysfs_write(PARAM "snapshot_interval_ms", "600000"));
	ASSERT_EQ(0, profile_set(&self->sk, &self->m, 8, &self->r, &self->ack));
	/* the first unprivileged read refreshes: two queries */
	expect_nobody_read(_metadata, 8, 2);
	/* the set's read-back brings it up to date: no refresh after */
	ASSERT_EQ(0, profile_set(&self->sk, &self->m, 32, &self->r, &self->ack));
	expect_nobody_read(_metadata, 32, 0);
	/*
	 * a privileged reader may ask for the snapshot: no command either,
	 * and the reply says how old it is, an age that grows
	 */
	before = fw_cmds("emu0");
	t0 = now_ms();
	do {
		ASSERT_EQ(0, accl_get(&self->sk, &self->m, false, true,
				      &self->r, &self->ack));
	} while (self->r.age_ms == 0 && now_ms() - t0 < 5000 &&
		 !usleep(1000));
	EXPECT_EQ(0, fw_cmds("emu0") - before);
	EXPECT_GT(self->r.age_ms, 0);
	EXPECT_LE(self->r.age_ms, now_ms() - t0 + 1000);
	/*
	 * a firmware reset drops it: the next read refreshes. Counted once
	 * the driver handled the reset (its restore's commands done), which
	 * its restore state's reset count says.
	 */
	resets = restore_resets(&self->sk, &self->m);
	ASSERT_GE(resets, 0);
	ASSERT_EQ(0, knob("emu0", "fw_reset", "20"));
	t0 = now_ms();
	while (restore_resets(&self->sk, &self->m) == resets &&
	       now_ms() - t0 < 30000)
		usleep(10 * 1000);
	ASSERT_EQ(resets + 1, restore_resets(&self->sk, &self->m));
	TH_LOG("figure: a 20 ms firmware reset handled %.0f ms after it began",
	       now_ms() - t0);
	expect_nobody_read(_metadata, 32, 2);
	/* raw bytes come from the device only */
	EXPECT_EQ(EPERM, nl_child(nobody_accl_raw, NULL, NOBODY));
}

/*
 * The highest profile id the uAPI has (ROCE_ADP_PROFILE_ID_MAX, 7) on a
 * device that has it: its write's read-back keeps the snapshot fresh as
 * profile 1's does.
 */
TEST_F(fw, snapshot_follows_a_write_of_the_highest_profile)
{
	ASSERT_EQ(0, knob("emu0", "adp_retx_profile_max_id", "7"));
	ASSERT_EQ(0, sysfs_write(PARAM "snapshot_interval_ms", "600000"));
	ASSERT_EQ(0, profile_set_id(&self->sk, &self->m, 7, 8, &self->r,
				    &self->ack));
	/* the first unprivileged read refreshes: profiles 0 to 7 */
	expect_nobody_read_id(_metadata, 7, 8, 8);
	ASSERT_EQ(0, profile_set_id(&self->sk, &self->m, 7, 32, &self->r,
				    &self->ack));
	EXPECT_EQ(7, self->r.active);
	expect_nobody_read_id(_metadata, 7, 32, 0);
}

/*
 * A write the module cannot account for leaves the snapshot stale: the
 * next unprivileged read asks the firmware (profile 0 and 1), and sees
 * what the firmware holds, not what the snapshot held.
 */
TEST_F(fw, snapshot_not_served_after_a_failed_set)
{
	ASSERT_EQ(0, sysfs_write(PARAM "snapshot_interval_ms", "600000"));
	ASSERT_EQ(0, profile_set(&self->sk, &self->m, 8, &self->r, &self->ack));
	/* taken by a first read, kept fresh by the next set's read-back */
	expect_nobody_read(_metadata, 8, 2);
	ASSERT_EQ(0, profile_set(&self->sk, &self->m, 32, &self->r, &self->ack));
	expect_nobody_read(_metadata, 32, 0);

	/* the write went through, its read-back (the third command) failed */
	expect_failed_profile_set(_metadata, self, 64, 2);
	expect_nobody_read(_metadata, 64, 2);

	/* the write itself (the second command) failed: nothing changed */
	expect_failed_profile_set(_metadata, self, 16, 1);
	expect_nobody_read(_metadata, 64, 2);
	/* and the refresh serves again */
	expect_nobody_read(_metadata, 64, 0);
}

/* As root: an MPT dump of emu@dev, counting its messages. */
static int mpt_dump(const char *dev)
{
	struct nl_sock sk;
	struct nl_msg *m = nl_open_child(&sk, 0);
	struct nl_ack ack;
	struct reply r = {};
	int err;

	if (!m)
		return -EIO;
	nl_dev_req(&sk, m, ROCE_ADP_CMD_MPT_GET, true, dev);
	err = nl_send_recv(&sk, m, reply_cb, &r, &ack);
	return err ?: r.n;
}

static pid_t start_dump(const char *dev)
{
	pid_t pid = fork();

	if (!pid) {
		int ret = mpt_dump(dev);

		/* a device removed under it: ENODEV, or a dump cut short */
		_exit(ret >= 0 || ret == -ENODEV ? 0 : -ret);
	}
	return pid;
}

/* A 1M-entry table with no live entry, 200 us per command: 200 s a walk. */
static void slow_empty_table(struct __test_metadata *_metadata,
			     const char *dev)
{
	ASSERT_EQ(0, knob(dev, "mpt_size", "1048576"));
	ASSERT_EQ(0, knob(dev, "cmd_delay_us", "200"));
}

/*
 * A dump of dev's slow empty table, seen walking: its commands reach the
 * firmware (the table takes minutes). *before: the count it started at.
 */
static pid_t start_walking_dump(struct __test_metadata *_metadata,
				const char *dev, long *before)
{
	int status;
	pid_t pid;

	slow_empty_table(_metadata, dev);
	*before = fw_cmds(dev);
	pid = start_dump(dev);
	ASSERT_GT(pid, 0);
	ASSERT_TRUE(wait_fw_cmds_above(dev, *before + 2));
	ASSERT_EQ(0, waitpid(pid, &status, WNOHANG));
	return pid;
}

TEST_F(fw, mpt_dump_of_nothing_dies_at_sigkill)
{
	double t0, ms;
	long before;
	pid_t pid;
	int status;

	pid = start_walking_dump(_metadata, "emu0", &before);
	t0 = now_ms();
	ASSERT_EQ(0, kill(pid, SIGKILL));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ms = now_ms() - t0;
	TH_LOG("figure: MPT dump killed after %ld commands, gone %.0f ms after SIGKILL",
	       fw_cmds("emu0") - before, ms);
	EXPECT_TRUE(WIFSIGNALED(status));
	/* a figure; the bound only says the walk stopped (it takes minutes) */
	EXPECT_LT(ms, 20000);
	EXPECT_EQ(0, knob("emu0", "cmd_delay_us", "0"));
}

TEST_F(fw, del_device_during_mpt_dump)
{
	long timeout = sysfs_read_long(PARAM "cmd_timeout_ms");
	long before;
	double t0, ms;
	pid_t pid;
	int status;

	ASSERT_GT(timeout, 0);
	ASSERT_EQ(0, sysfs_write(BUS "new_device", "1"));
	pid = start_walking_dump(_metadata, "emu1", &before);
	t0 = now_ms();
	ASSERT_EQ(0, sysfs_write(BUS "del_device", "1"));
	ms = now_ms() - t0;
	TH_LOG("figure: del_device during an MPT dump took %.0f ms (cmd_timeout_ms %ld)",
	       ms, timeout);
	EXPECT_LT(ms, timeout);
	/* the dump ended too: the device's part stopped, or ENODEV */
	t0 = now_ms();
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ms = now_ms() - t0;
	TH_LOG("figure: the dump ended %.0f ms after del_device returned", ms);
	/* generous: the walk alone would take minutes */
	EXPECT_LT(ms, 20000);
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
}

TEST_F(fw, every_change_notifies)
{
	struct nl_sock mon;
	struct reply ntf;

	ASSERT_EQ(0, nl_open(&mon, ROCE_ADP_FAMILY_NAME));
	ASSERT_EQ(0, nl_join(&mon, mon.mcgrp_config));

	ASSERT_EQ(0, accl_set(&self->sk, &self->m, 1, &self->r, &self->ack));
	ASSERT_EQ(0, next_ntf(&mon, &ntf, 2000));
	EXPECT_EQ(ROCE_ADP_CMD_ACCL_NTF, ntf.cmd);
	EXPECT_EQ(1, ntf.en[ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN]);
	EXPECT_FALSE(ntf.readback_failed);

	/* the third command, the read-back, fails: the write went through */
	ASSERT_EQ(0, knob("emu0", "fail_next", "1 0x04 0x0badbac 2"));
	EXPECT_EQ(-EIO, accl_set(&self->sk, &self->m, 0, &self->r, &self->ack));
	expect_readback_failed_ntf(_metadata, &mon, ROCE_ADP_CMD_ACCL_NTF);
	ASSERT_EQ(0, accl_get(&self->sk, &self->m, false, false, &self->r,
			      &self->ack));
	EXPECT_EQ(0, self->r.en[ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN]);

	ASSERT_EQ(0, profile_set(&self->sk, &self->m, 8, &self->r, &self->ack));
	ASSERT_EQ(0, next_ntf(&mon, &ntf, 2000));
	EXPECT_EQ(ROCE_ADP_CMD_PROFILE_NTF, ntf.cmd);
	EXPECT_EQ(8, ntf.time_base);

	ASSERT_EQ(0, knob("emu0", "fail_next", "1 0x04 0x0badbac 2"));
	EXPECT_EQ(-EIO, profile_set(&self->sk, &self->m, 64, &self->r,
				    &self->ack));
	expect_readback_failed_ntf(_metadata, &mon, ROCE_ADP_CMD_PROFILE_NTF);
	ASSERT_EQ(0, profile_get(&self->sk, &self->m, false, &self->r,
				 &self->ack));
	EXPECT_EQ(64, self->r.time_base);

	ASSERT_EQ(0, profile_forget(&self->sk, &self->m, &self->ack));
	ASSERT_EQ(0, next_ntf(&mon, &ntf, 2000));
	EXPECT_EQ(ROCE_ADP_CMD_DEV_NTF, ntf.cmd);
	EXPECT_EQ(ROCE_ADP_DEV_EVENT_PROFILE_FORGOTTEN, ntf.dev_event);

	/* a set refused before the write changed nothing: no notification */
	ASSERT_EQ(0, knob("emu0", "fail_next", "1 0x04 0x0badbac"));
	EXPECT_EQ(-EIO, accl_set(&self->sk, &self->m, 1, &self->r, &self->ack));
	EXPECT_EQ(-ETIMEDOUT, next_ntf(&mon, &ntf, 300));
	nl_close(&mon);
}

struct hist_loop {
	int requests;
	int failed;		/* requests refused, as the device is */
	int err;		/* the errno they got */
	double ms;		/* how long the requests took */
};

static struct hist_loop *hist_shared;

/* As nobody: hist_loop->requests histogram GETs of emu0, one by one. */
static int hist_reader(struct nl_sock *sk, struct nl_msg *m, void *arg)
{
	struct hist_loop *l = arg;
	struct nl_ack ack;
	double t0 = now_ms();
	int i, err;

	for (i = 0; i < l->requests; i++) {
		err = nl_dev_cmd(sk, m, ROCE_ADP_CMD_HISTOGRAM_GET, "emu0",
				 NULL, NULL, &ack);
		if (err) {
			l->failed++;
			l->err = -err;
		}
	}
	l->ms = now_ms() - t0;
	return 0;
}

/*
 * 500 unprivileged histogram reads of a device whose histogram fails:
 * at most one read (of @cmds_per_read commands) per interval elapsed,
 * plus one.
 */
static void failing_hist_bounded(struct __test_metadata *_metadata,
				 int cmds_per_read, int want_err)
{
	long cmds, bound;

	hist_shared = mmap(NULL, sizeof(*hist_shared), PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, hist_shared);
	memset(hist_shared, 0, sizeof(*hist_shared));
	hist_shared->requests = 500;
	ASSERT_EQ(0, fw_cmds_reset("emu0"));
	ASSERT_EQ(0, nl_child(hist_reader, hist_shared, NOBODY));
	cmds = fw_cmds("emu0");
	bound = cmds_per_read * ((long)(hist_shared->ms / 1000) + 1);
	TH_LOG("figure: 500 unprivileged histogram reads of a failing histogram in %.0f ms: %ld firmware commands (at most %ld)",
	       hist_shared->ms, cmds, bound);
	EXPECT_EQ(500, hist_shared->failed);
	EXPECT_EQ(want_err, hist_shared->err);
	EXPECT_GE(cmds, 1);
	EXPECT_LE(cmds, bound);
	munmap(hist_shared, sizeof(*hist_shared));
}

TEST_F(fw, unprivileged_hist_reader_bounded_without_histogram)
{
	/* the configuration query is refused: one command a read */
	ASSERT_EQ(0, knob("emu0", "hist_supported", "N"));
	failing_hist_bounded(_metadata, 1, EOPNOTSUPP);
}

TEST_F(fw, unprivileged_hist_reader_bounded_failing_device)
{
	/* every command fails (status 0x04, EIO): one command a read */
	ASSERT_EQ(0, knob("emu0", "fail_next", "100000 0x04 0x0badbac"));
	failing_hist_bounded(_metadata, 1, EIO);
	EXPECT_EQ(0, knob("emu0", "fail_next", "0 0 0"));
}

/* The first line of @path (without its newline) in @buf; 0 or -1. */
static bool hang_taken(const void *arg)
{
	return sysfs_read_long(DBG "emu0/hang_next") == 0;
}

/* @arg, a pid, waits in the histogram GET's prepare for cfg_lock. */
static bool waits_for_mutex(const void *arg)
{
	return sleeps_in(*(const pid_t *)arg, "radp_nl_hist_prepare");
}

/* A child whose accl set of emu0 exits 0 once it timed out. */
static pid_t fork_accl_set(void)
{
	struct nl_sock sk;
	struct nl_msg *m;
	struct nl_ack ack;
	struct reply r;
	pid_t pid;

	pid = nl_fork(&sk, &m, 0);
	if (!pid)
		_exit(accl_set(&sk, m, 1, &r, &ack) == -ETIMEDOUT ? 0 : 1);
	return pid;
}

/* A child reading emu0's histogram as nobody. */
static pid_t fork_nobody_hist_get(void)
{
	struct nl_sock sk;
	struct nl_msg *m;
	struct nl_ack ack;
	pid_t pid;

	pid = nl_fork(&sk, &m, NOBODY);
	if (!pid)
		_exit(nl_dev_cmd(&sk, m, ROCE_ADP_CMD_HISTOGRAM_GET, "emu0",
				 NULL, NULL, &ack) ? 1 : 0);
	return pid;
}

/* The hung command's time-out, 10 s, and more: the harness's 30 s is short. */
TEST_F_TIMEOUT(fw, hist_reader_waiting_for_cfg_lock_dies_at_sigkill, 120)
{
	pid_t holder, reader;
	int status;
	double t0;

	/* an accl set holds emu0's cfg_lock, its first command hung */
	ASSERT_EQ(0, sysfs_write(PARAM "cmd_timeout_ms", "10000"));
	ASSERT_EQ(0, knob("emu0", "hang_next", "1"));
	holder = fork_accl_set();
	ASSERT_GE(holder, 0);
	ASSERT_TRUE(wait_until(hang_taken, NULL));
	/* an unprivileged histogram reader waits for the lock */
	reader = fork_nobody_hist_get();
	ASSERT_GE(reader, 0);
	ASSERT_TRUE(wait_until(waits_for_mutex, &reader));
	t0 = now_ms();
	ASSERT_EQ(0, kill(reader, SIGKILL));
	/* it is gone while the holder still waits for its command */
	ASSERT_EQ(reader, waitpid(reader, &status, 0));
	TH_LOG("figure: the waiting reader gone %.0f ms after SIGKILL",
	       now_ms() - t0);
	EXPECT_TRUE(WIFSIGNALED(status));
	/* the holder still waits for its command's answer */
	EXPECT_TRUE(stack_has(holder, "radp_cmd_exec"));
	EXPECT_EQ(0, waitpid(holder, NULL, WNOHANG));
	ASSERT_EQ(holder, waitpid(holder, &status, 0));
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
}

/* How many bins emu0's firmware counts in (its hist_counts knob). */
static int fw_bin_num(void)
{
	char buf[8192];
	const char *p;
	int n = 0;

	if (sysfs_read(DBG "emu0/hist_counts", buf, sizeof(buf)))
		return -1;
	for (p = buf + strspn(buf, " \n"); *p; p += strspn(p, " \n")) {
		p += strcspn(p, " \n");
		n++;
	}
	return n;
}

/* A histogram-set of emu0's bin_num; its reply or error. */
static int hist_set_bins(struct nl_sock *sk, struct nl_msg *m, uint32_t bins,
			 struct reply *r, struct nl_ack *ack)
{
	memset(r, 0, sizeof(*r));
	nl_dev_req(sk, m, ROCE_ADP_CMD_HISTOGRAM_SET, false, "emu0");
	nl_nest_start(m, ROCE_ADP_A_HISTOGRAM_CONFIG);
	nl_put_u32(m, ROCE_ADP_A_HISTOGRAM_CONFIG_BIN_NUM, bins);
	nl_nest_end(m);
	return nl_send_recv(sk, m, reply_cb, r, ack);
}

TEST_F(fw, hist_set_with_failed_readback_notifies)
{
	struct nl_sock mon;
	struct reply ntf;

	ASSERT_EQ(0, nl_open(&mon, ROCE_ADP_FAMILY_NAME));
	ASSERT_EQ(0, nl_join(&mon, mon.mcgrp_config));
	ASSERT_EQ(0, hist_set_bins(&self->sk, &self->m, 4, &self->r,
				   &self->ack));
	ASSERT_EQ(0, next_ntf(&mon, &ntf, 2000));
	EXPECT_EQ(ROCE_ADP_CMD_HISTOGRAM_NTF, ntf.cmd);
	EXPECT_FALSE(ntf.readback_failed);

	/*
	 * the set's commands: the query of its parse, the read before
	 * (configuration, counts), the write, then the read-back: its
	 * fifth fails
	 */
	ASSERT_EQ(0, knob("emu0", "fail_next", "1 0x04 0x0badbac 4"));
	EXPECT_EQ(-EIO, hist_set_bins(&self->sk, &self->m, 6, &self->r,
				      &self->ack));
	expect_readback_failed_ntf(_metadata, &mon, ROCE_ADP_CMD_HISTOGRAM_NTF);
	/* the write went through */
	EXPECT_EQ(6, fw_bin_num());

	/* refused at the write: nothing changed, no notification */
	ASSERT_EQ(0, knob("emu0", "fail_next", "1 0x04 0x0badbac 3"));
	EXPECT_EQ(-EIO, hist_set_bins(&self->sk, &self->m, 7, &self->r,
				      &self->ack));
	EXPECT_EQ(-ETIMEDOUT, next_ntf(&mon, &ntf, 300));
	nl_close(&mon);
}

TEST_HARNESS_MAIN
