// SPDX-License-Identifier: GPL-2.0
/*
 * Fault injection in the emulated firmware (fail_next, cmd_delay_us,
 * hang_next, fw_reset) and the configuration restore after a firmware
 * reset, through the netlink family as a user sees them. Lines starting
 * with "# figure:" are the measurements Documentation/fault-injection.rst
 * records.
 */

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/roce_adp.h>

#include "kselftest_harness.h"
#include "nl.h"

#define DBG "/sys/kernel/debug/roce_adp/emu0/"
#define PARAM "/sys/module/roce_adp/parameters/"
#define OUTCOME(x)	((uint32_t)ROCE_ADP_RESTORE_OUTCOME_##x)
#define TX_WINDOW_BIT	(ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN - 1)

/* What a reply or notification said. */
struct reply {
	uint8_t cmd;
	int active;
	uint8_t en[ROCE_ADP_A_ACCL_MAX + 1];
	uint32_t time_base;	/* of the profile read, profile-get only */
	/* The restore state (dev-get, profile-forget, reset-ntf): */
	int have;
	uint32_t a[ROCE_ADP_A_RESTORE_MAX + 1];
	uint8_t feat[ROCE_ADP_A_ACCL_MAX + 1];	/* 0xff: not saved */
	char msg[128];
};

static void parse_restore(const struct nlattr *nest, struct reply *rs)
{
	const struct nlattr *r[ROCE_ADP_A_RESTORE_MAX + 1];
	int i;

	rs->have = 1;
	nl_parse(nl_data(nest), nl_len(nest), r, ROCE_ADP_A_RESTORE_MAX);
	for (i = 1; i <= ROCE_ADP_A_RESTORE_MAX; i++)
		if (r[i] && i != ROCE_ADP_A_RESTORE_MSG &&
		    i != ROCE_ADP_A_RESTORE_TIME && i != ROCE_ADP_A_RESTORE_PAD &&
		    i != ROCE_ADP_A_RESTORE_ACCL)
			rs->a[i] = nl_get_u32(r[i]);
	if (r[ROCE_ADP_A_RESTORE_ACCL]) {
		const struct nlattr *f[ROCE_ADP_A_ACCL_MAX + 1];

		nl_parse(nl_data(r[ROCE_ADP_A_RESTORE_ACCL]),
			 nl_len(r[ROCE_ADP_A_RESTORE_ACCL]), f,
			 ROCE_ADP_A_ACCL_MAX);
		for (i = 1; i <= ROCE_ADP_A_ACCL_MAX; i++)
			if (f[i])
				rs->feat[i] = nl_get_u8(f[i]);
	}
	if (r[ROCE_ADP_A_RESTORE_MSG])
		snprintf(rs->msg, sizeof(rs->msg), "%s",
			 nl_get_str(r[ROCE_ADP_A_RESTORE_MSG]));
}

/* A reply's accl, profile time_base and restore state, whichever it has. */
static int reply_cb(const struct nlmsghdr *nlh, void *arg)
{
	const struct nlattr *tb[ROCE_ADP_A_MAX + 1], *a;
	struct reply *r = arg;

	memset(r, 0, sizeof(*r));
	memset(r->feat, 0xff, sizeof(r->feat));
	r->cmd = ((struct genlmsghdr *)NLMSG_DATA(nlh))->cmd;
	nl_parse_genl(nlh, tb, ROCE_ADP_A_MAX);
	if (tb[ROCE_ADP_A_ACTIVE_PROFILE_ID])
		r->active = nl_get_u32(tb[ROCE_ADP_A_ACTIVE_PROFILE_ID]);
	if (tb[ROCE_ADP_A_ACCL])
		nl_parse_accl(tb[ROCE_ADP_A_ACCL], r->en);
	a = nl_nest_attr(tb[ROCE_ADP_A_PROFILE], ROCE_ADP_A_PROFILE_TIME_BASE);
	if (a)
		r->time_base = nl_get_u32(a);
	if (tb[ROCE_ADP_A_RESTORE])
		parse_restore(tb[ROCE_ADP_A_RESTORE], r);
	return 0;
}

FIXTURE(fault) {
	struct nl_sock sk, mon;
	struct nl_msg m;
	struct nl_ack ack;
};

/* A fresh emu0 at the firmware defaults, module parameters at theirs. */
FIXTURE_SETUP(fault)
{
	ASSERT_EQ(0, nl_reload());
	ASSERT_EQ(0, nl_open(&self->sk, ROCE_ADP_FAMILY_NAME));
	ASSERT_EQ(0, nl_open(&self->mon, ROCE_ADP_FAMILY_NAME));
	ASSERT_EQ(0, nl_join(&self->mon, self->mon.mcgrp_config));
}

/* And leave one for the tests that follow. */
FIXTURE_TEARDOWN(fault)
{
	nl_close(&self->mon);
	nl_close(&self->sk);
	if (nl_reload())
		TH_LOG("could not reload roce_adp");
}

/* A GET (or FORGET) of emu0; for the profile: profile 1. */
static int get(struct nl_sock *sk, struct nl_msg *m, uint8_t cmd,
	       struct reply *r, struct nl_ack *ack)
{
	memset(r, 0, sizeof(*r));
	nl_dev_req(sk, m, cmd, false, "emu0");
	if (cmd == ROCE_ADP_CMD_PROFILE_GET)
		nl_put_u32(m, ROCE_ADP_A_PROFILE_ID, 1);
	return nl_send_recv(sk, m, reply_cb, r, ack);
}

static int get_accl(struct nl_sock *sk, struct nl_msg *m, struct reply *r,
		    struct nl_ack *ack)
{
	return get(sk, m, ROCE_ADP_CMD_ACCL_GET, r, ack);
}

static int set_tx_window(struct nl_sock *sk, struct nl_msg *m, uint8_t v,
			 struct nl_ack *ack)
{
	nl_dev_req(sk, m, ROCE_ADP_CMD_ACCL_SET, false, "emu0");
	nl_put_enable(m, ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN, v);
	return nl_send_recv(sk, m, NULL, NULL, ack);
}

/* The configuration the tests save: tx_window on, profile 1 at 8 us. */
static int configure(FIXTURE_DATA(fault) *self)
{
	int err = set_tx_window(&self->sk, &self->m, 1, &self->ack);

	if (err)
		return err;
	nl_dev_req(&self->sk, &self->m, ROCE_ADP_CMD_PROFILE_SET, false, "emu0");
	nl_nest_start(&self->m, ROCE_ADP_A_PROFILE);
	nl_put_u32(&self->m, ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID, 1);
	nl_put_u32(&self->m, ROCE_ADP_A_PROFILE_TIME_BASE, 8);
	nl_nest_end(&self->m);
	return nl_send_recv(&self->sk, &self->m, NULL, NULL, &self->ack);
}

/* emu0's active profile, tx_window_en and profile 1's time_base. */
static void expect_config(struct __test_metadata *_metadata,
			  FIXTURE_DATA(fault) *self, int active,
			  uint8_t tx_window, uint32_t time_base)
{
	struct reply r;

	ASSERT_EQ(0, get_accl(&self->sk, &self->m, &r, &self->ack));
	EXPECT_EQ(active, r.active);
	EXPECT_EQ(tx_window, r.en[ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN]);
	ASSERT_EQ(0, get(&self->sk, &self->m, ROCE_ADP_CMD_PROFILE_GET, &r,
			 &self->ack));
	EXPECT_EQ(time_base, r.time_base);
}

/* The first line of @path into @buf; 0 or -1. */
static int read_line(const char *path, char *buf, int len)
{
	FILE *f = fopen(path, "r");
	int err = 0;

	if (!f)
		return -1;
	if (!fgets(buf, len, f))
		err = -1;
	fclose(f);
	return err;
}

/* Wait for the reset-ntf of emu0, skipping other notifications. */
static int wait_reset_ntf(struct nl_sock *mon, struct reply *rs,
			  int timeout_ms)
{
	char buf[8192];
	int n;

	for (;;) {
		n = nl_recv_one(mon, buf, sizeof(buf), timeout_ms);
		if (n < 0)
			return n;
		reply_cb((struct nlmsghdr *)buf, rs);
		if (rs->cmd == ROCE_ADP_CMD_RESET_NTF)
			return 0;
	}
}

static int fw_reset(unsigned int ms)
{
	char val[16];

	snprintf(val, sizeof(val), "%u", ms);
	return sysfs_write(DBG "fw_reset", val);
}

/* A firmware reset of 10 ms, and its reset-ntf. */
static int reset_wait(FIXTURE_DATA(fault) *self, struct reply *rs)
{
	return fw_reset(10) ?: wait_reset_ntf(&self->mon, rs, 5000);
}

TEST_F(fault, fail_next_reaches_user_then_commands_work)
{
	struct reply ac;
	char buf[64] = "";

	ASSERT_EQ(0, sysfs_write(DBG "fail_next", "2 0x04 0x0badc0de"));
	ASSERT_EQ(0, read_line(DBG "fail_next", buf, sizeof(buf)));
	EXPECT_STREQ("2 0x04 0x0badc0de\n", buf);

	/* BAD_SYS_STATE is -EIO, as mlx5_core maps it. */
	EXPECT_EQ(-EIO, get_accl(&self->sk, &self->m, &ac, &self->ack));
	EXPECT_STREQ("firmware status BAD_SYS_STATE (0x04), syndrome 0x0badc0de",
		     self->ack.msg);
	EXPECT_EQ(-EIO, get_accl(&self->sk, &self->m, &ac, &self->ack));

	ASSERT_EQ(0, read_line(DBG "fail_next", buf, sizeof(buf)));
	EXPECT_EQ(0, strncmp(buf, "0 ", 2));

	ASSERT_EQ(0, get_accl(&self->sk, &self->m, &ac, &self->ack));
	EXPECT_EQ(1, ac.en[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN]);

	/* A failed SET changes nothing. */
	ASSERT_EQ(0, sysfs_write(DBG "fail_next", "1 0x03 0x12345678"));
	EXPECT_EQ(-EINVAL, set_tx_window(&self->sk, &self->m, 1, &self->ack));
	ASSERT_EQ(0, get_accl(&self->sk, &self->m, &ac, &self->ack));
	EXPECT_EQ(0, ac.en[ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN]);

	EXPECT_EQ(-EINVAL, sysfs_write(DBG "fail_next", "1 0 0"));
	EXPECT_EQ(-EINVAL, sysfs_write(DBG "fail_next", "1 0x03"));
}

static unsigned long long fw_cmds(void)
{
	char buf[32] = "";

	if (read_line(DBG "fw_cmds", buf, sizeof(buf)))
		return ~0ULL;
	return strtoull(buf, NULL, 10);
}

/*
 * A busy firmware is tried again (cmd.c), each try a command: busy twice
 * then answered is a success in three; busy every time fails after ten,
 * as mlx5_core maps RES_BUSY, -EBUSY.
 */
TEST_F(fault, busy_tried_again)
{
	static const char busy[] =
		"firmware status RES_BUSY (0x06), syndrome 0x0badc0de, after 10 tries";
	struct reply ac;
	char buf[64] = "";

	ASSERT_EQ(0, sysfs_write(DBG "fw_cmds", "0"));
	ASSERT_EQ(0, sysfs_write(DBG "fail_next", "2 0x06 0x0badc0de"));
	ASSERT_EQ(0, get_accl(&self->sk, &self->m, &ac, &self->ack));
	EXPECT_EQ(3ULL, fw_cmds());

	ASSERT_EQ(0, sysfs_write(DBG "fw_cmds", "0"));
	ASSERT_EQ(0, sysfs_write(DBG "fail_next", "100 0x06 0x0badc0de"));
	EXPECT_EQ(-EBUSY, get_accl(&self->sk, &self->m, &ac, &self->ack));
	EXPECT_STREQ(busy, self->ack.msg);
	EXPECT_EQ(10ULL, fw_cmds());
	ASSERT_EQ(0, read_line(DBG "fail_next", buf, sizeof(buf)));
	EXPECT_STREQ("90 0x06 0x0badc0de\n", buf);
	ASSERT_EQ(0, sysfs_write(DBG "fail_next", "0 0 0"));
}

TEST_F(fault, latency_slows_a_get)
{
	double t0, base, slow, one, fastest;
	struct reply ac;
	int i;

	t0 = now_ms();
	for (i = 0; i < 10; i++)
		ASSERT_EQ(0, get_accl(&self->sk, &self->m, &ac, &self->ack));
	base = (now_ms() - t0) / 10;

	/* The delay is a floor for every get (one command each). */
	ASSERT_EQ(0, sysfs_write(DBG "cmd_delay_us", "20000"));
	slow = 0;
	fastest = 1e9;
	for (i = 0; i < 10; i++) {
		t0 = now_ms();
		ASSERT_EQ(0, get_accl(&self->sk, &self->m, &ac, &self->ack));
		one = now_ms() - t0;
		slow += one / 10;
		if (one < fastest)
			fastest = one;
	}
	ASSERT_EQ(0, sysfs_write(DBG "cmd_delay_us", "0"));

	TH_LOG("figure: accl-get %.2f ms, with cmd_delay_us=20000 %.2f ms (fastest %.2f)",
	       base, slow, fastest);
	EXPECT_GE(fastest, 20.0);
}

TEST_F(fault, hung_command_times_out_and_device_works)
{
	double t0, took, worst = 0;
	struct reply ac;
	int i;

	ASSERT_EQ(0, sysfs_write(PARAM "cmd_timeout_ms", "300"));
	for (i = 0; i < 5; i++) {
		ASSERT_EQ(0, sysfs_write(DBG "hang_next", "1"));
		t0 = now_ms();
		EXPECT_EQ(-ETIMEDOUT, get_accl(&self->sk, &self->m, &ac,
					       &self->ack));
		took = now_ms() - t0;
		EXPECT_STREQ("command ACCESS_REG (0x805) timed out after 300 ms",
			     self->ack.msg);
		/*
		 * Whole jiffies from inside the current one, and timer ticks
		 * against CLOCK_MONOTONIC in a TCG guest: some slack. The
		 * lateness is a figure; the upper bound only tells a timer
		 * that fired from none (the command hangs for ever), with room
		 * for a guest starved by a loaded host.
		 */
		EXPECT_GE(took, 250.0);
		EXPECT_LT(took, 300.0 + 10000.0);
		if (took - 300.0 > worst)
			worst = took - 300.0;
		/* The next command works. */
		ASSERT_EQ(0, get_accl(&self->sk, &self->m, &ac, &self->ack));
		EXPECT_EQ(1, ac.en[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN]);
	}
	TH_LOG("figure: cmd_timeout_ms=300: ETIMEDOUT at most %.1f ms late (5 runs)",
	       worst);

	/* A SET that hangs changes nothing the operator can see as saved. */
	ASSERT_EQ(0, sysfs_write(DBG "hang_next", "1"));
	EXPECT_EQ(-ETIMEDOUT, set_tx_window(&self->sk, &self->m, 1, &self->ack));
}

TEST_F(fault, cmd_timeout_ms_is_bounded)
{
	char buf[32] = "";

	/* 0 would fail every posted command at once, above a minute blocks */
	EXPECT_EQ(-EINVAL, sysfs_write(PARAM "cmd_timeout_ms", "0"));
	EXPECT_EQ(-EINVAL, sysfs_write(PARAM "cmd_timeout_ms", "60001"));
	EXPECT_EQ(-EINVAL, sysfs_write(PARAM "cmd_timeout_ms", "-1"));
	ASSERT_EQ(0, sysfs_write(PARAM "cmd_timeout_ms", "60000"));
	ASSERT_EQ(0, read_line(PARAM "cmd_timeout_ms", buf, sizeof(buf)));
	EXPECT_STREQ("60000\n", buf);
	ASSERT_EQ(0, sysfs_write(PARAM "cmd_timeout_ms", "1"));
	ASSERT_EQ(0, sysfs_write(PARAM "cmd_timeout_ms", "2000"));
}

/*
 * Waits until emu0's firmware took the command hang_next was armed for
 * (the knob reads 0 again): the command is in flight, hung. The bound is
 * for a stuck test only.
 */
static int wait_hang_taken(void)
{
	double end = now_ms() + 30000;
	char buf[32] = "";

	while (now_ms() < end) {
		if (read_line(DBG "hang_next", buf, sizeof(buf)))
			return -1;
		if (!strcmp(buf, "0\n"))
			return 0;
		usleep(10 * 1000);
	}
	return -1;
}

/*
 * A child whose accl get hangs in emu0's firmware; it exits 0 when the get
 * ends, with ENODEV if @enodev. Returns once the get is in flight.
 */
static pid_t fork_hung_get(bool enodev)
{
	struct nl_sock sk;
	struct nl_msg *m;
	pid_t pid;

	if (sysfs_write(DBG "hang_next", "1"))
		return -1;
	pid = nl_fork(&sk, &m, 0);
	if (pid == 0) {
		struct nl_ack ack;
		struct reply r;
		int err;

		err = get_accl(&sk, m, &r, &ack);
		_exit(enodev && err != -ENODEV ? 1 : 0);
	}
	if (pid > 0 && wait_hang_taken()) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		return -1;
	}
	return pid;
}

TEST_F(fault, remove_device_and_unload_while_hung)
{
	int status;
	double t0;
	pid_t pid;

	ASSERT_EQ(0, sysfs_write(PARAM "cmd_timeout_ms", "20000"));
	pid = fork_hung_get(true);
	ASSERT_GE(pid, 0);
	t0 = now_ms();
	EXPECT_EQ(0, sysfs_write("/sys/bus/roce_adp/del_device", "0"));
	TH_LOG("figure: del_device with a hung command took %.0f ms",
	       now_ms() - t0);
	/* at once, not after the command's 20 s: generous under load */
	EXPECT_LT(now_ms() - t0, 15000.0);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));

	/* Unloading with a hung command pending on another device. */
	ASSERT_EQ(0, sysfs_write("/sys/bus/roce_adp/new_device", "0"));
	pid = fork_hung_get(false);
	ASSERT_GE(pid, 0);
	nl_close(&self->mon);
	nl_close(&self->sk);
	/* The pending command ends at once, not after its 20 s. */
	t0 = now_ms();
	EXPECT_EQ(0, system("modprobe -r roce_adp_emu"));
	TH_LOG("figure: modprobe -r with a hung command took %.0f ms",
	       now_ms() - t0);
	EXPECT_LT(now_ms() - t0, 15000.0);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(0, system("modprobe roce_adp_emu"));
	ASSERT_EQ(0, nl_open(&self->sk, ROCE_ADP_FAMILY_NAME));
	ASSERT_EQ(0, nl_open(&self->mon, ROCE_ADP_FAMILY_NAME));
}

TEST_F(fault, fw_reset_restores_profile_and_enables)
{
	struct reply rs, dev, ac;
	double t0, took;
	int i;

	ASSERT_EQ(0, configure(self));
	ASSERT_EQ(0, get(&self->sk, &self->m, ROCE_ADP_CMD_DEV_GET, &dev,
			 &self->ack));
	ASSERT_TRUE(dev.have);
	EXPECT_EQ(1U, dev.a[ROCE_ADP_A_RESTORE_ENABLED]);
	EXPECT_EQ(1U, dev.a[ROCE_ADP_A_RESTORE_PROFILE_ID]);
	EXPECT_EQ(1U << TX_WINDOW_BIT, dev.a[ROCE_ADP_A_RESTORE_ENABLES_MASK]);
	/* bit i: saved feature i on (tx_window_en 1, nothing else saved) */
	EXPECT_EQ(1U << TX_WINDOW_BIT, dev.a[ROCE_ADP_A_RESTORE_ENABLES]);
	/* The same saved feature by its attribute, with its value. */
	for (i = 1; i <= ROCE_ADP_A_ACCL_MAX; i++)
		EXPECT_EQ(i == ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN ? 1 : 0xff,
			  dev.feat[i]);
	EXPECT_EQ(0U, dev.a[ROCE_ADP_A_RESTORE_RESETS]);
	EXPECT_EQ(OUTCOME(NONE), dev.a[ROCE_ADP_A_RESTORE_OUTCOME]);

	t0 = now_ms();
	ASSERT_EQ(0, fw_reset(300));
	/* Unavailable for a moment, and says so. */
	EXPECT_EQ(-EAGAIN, get_accl(&self->sk, &self->m, &ac, &self->ack));
	EXPECT_STREQ("device is resetting", self->ack.msg);

	ASSERT_EQ(0, wait_reset_ntf(&self->mon, &rs, 5000));
	took = now_ms() - t0;
	/* Timer ticks against CLOCK_MONOTONIC in a TCG guest: some slack. */
	EXPECT_GE(took, 250.0);
	EXPECT_EQ(OUTCOME(RESTORED), rs.a[ROCE_ADP_A_RESTORE_OUTCOME]);
	EXPECT_EQ(1U, rs.a[ROCE_ADP_A_RESTORE_RESETS]);
	TH_LOG("figure: reset end to configuration restored %u us; fw_reset 300 ms to reset-ntf %.0f ms",
	       rs.a[ROCE_ADP_A_RESTORE_DURATION_US], took);

	expect_config(_metadata, self, 1, 1, 8);

	ASSERT_EQ(0, get(&self->sk, &self->m, ROCE_ADP_CMD_DEV_GET, &dev,
			 &self->ack));
	EXPECT_EQ(OUTCOME(RESTORED), dev.a[ROCE_ADP_A_RESTORE_OUTCOME]);
	EXPECT_EQ(1U, dev.a[ROCE_ADP_A_RESTORE_RESETS]);

	/* A second reset: counted on, restored again. */
	ASSERT_EQ(0, reset_wait(self, &rs));
	EXPECT_EQ(OUTCOME(RESTORED), rs.a[ROCE_ADP_A_RESTORE_OUTCOME]);
	EXPECT_EQ(2U, rs.a[ROCE_ADP_A_RESTORE_RESETS]);
	expect_config(_metadata, self, 1, 1, 8);
	ASSERT_EQ(0, get(&self->sk, &self->m, ROCE_ADP_CMD_DEV_GET, &dev,
			 &self->ack));
	EXPECT_EQ(2U, dev.a[ROCE_ADP_A_RESTORE_RESETS]);
}

TEST_F(fault, fw_reset_without_config_keeps_defaults)
{
	struct reply rs, ac;

	ASSERT_EQ(0, reset_wait(self, &rs));
	EXPECT_EQ(OUTCOME(NOTHING), rs.a[ROCE_ADP_A_RESTORE_OUTCOME]);
	ASSERT_EQ(0, get_accl(&self->sk, &self->m, &ac, &self->ack));
	EXPECT_EQ(0, ac.active);
	EXPECT_EQ(1, ac.en[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN]);
}

TEST_F(fault, restore_off_leaves_defaults)
{
	struct reply rs;

	ASSERT_EQ(0, sysfs_write(PARAM "restore_config", "N"));
	ASSERT_EQ(0, configure(self));
	ASSERT_EQ(0, reset_wait(self, &rs));
	EXPECT_EQ(OUTCOME(DISABLED), rs.a[ROCE_ADP_A_RESTORE_OUTCOME]);
	EXPECT_EQ(0U, rs.a[ROCE_ADP_A_RESTORE_ENABLED]);
	expect_config(_metadata, self, 0, 0, 4);
	ASSERT_EQ(0, sysfs_write(PARAM "restore_config", "Y"));
}

TEST_F(fault, profile_forget_then_reset_gives_defaults)
{
	struct reply rs, ac;

	ASSERT_EQ(0, configure(self));

	ASSERT_EQ(0, get(&self->sk, &self->m, ROCE_ADP_CMD_PROFILE_FORGET, &rs,
			 &self->ack));
	EXPECT_EQ(ROCE_ADP_CMD_PROFILE_FORGET, rs.cmd);
	EXPECT_EQ(0U, rs.a[ROCE_ADP_A_RESTORE_PROFILE_ID]);
	EXPECT_EQ(1U << TX_WINDOW_BIT, rs.a[ROCE_ADP_A_RESTORE_ENABLES_MASK]);

	/* The firmware keeps the profile until its next reset. */
	ASSERT_EQ(0, get_accl(&self->sk, &self->m, &ac, &self->ack));
	EXPECT_EQ(1, ac.active);

	ASSERT_EQ(0, reset_wait(self, &rs));
	EXPECT_EQ(OUTCOME(RESTORED), rs.a[ROCE_ADP_A_RESTORE_OUTCOME]);
	ASSERT_EQ(0, get_accl(&self->sk, &self->m, &ac, &self->ack));
	EXPECT_EQ(0, ac.active);
	EXPECT_EQ(1, ac.en[ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN]);

	/* And stays forgotten across the next one. */
	ASSERT_EQ(0, reset_wait(self, &rs));
	ASSERT_EQ(0, get_accl(&self->sk, &self->m, &ac, &self->ack));
	EXPECT_EQ(0, ac.active);
}

TEST_F(fault, refused_restore_leaves_defaults_and_reports)
{
	struct reply rs, dev;

	ASSERT_EQ(0, configure(self));
	ASSERT_EQ(0, fw_reset(300));
	/* The firmware refuses the first command after the reset: the restore. */
	ASSERT_EQ(0, sysfs_write(DBG "fail_next", "1 0x03 0x0ad5beef"));
	ASSERT_EQ(0, wait_reset_ntf(&self->mon, &rs, 5000));
	EXPECT_EQ(OUTCOME(FAILED), rs.a[ROCE_ADP_A_RESTORE_OUTCOME]);
	EXPECT_EQ((uint32_t)EINVAL, rs.a[ROCE_ADP_A_RESTORE_ERRNO]);
	EXPECT_STREQ("firmware status BAD_PARAM (0x03), syndrome 0x0ad5beef",
		     rs.msg);

	/* Not half applied: neither the enable nor the profile. */
	expect_config(_metadata, self, 0, 0, 4);

	ASSERT_EQ(0, get(&self->sk, &self->m, ROCE_ADP_CMD_DEV_GET, &dev,
			 &self->ack));
	EXPECT_EQ(OUTCOME(FAILED), dev.a[ROCE_ADP_A_RESTORE_OUTCOME]);
	EXPECT_STREQ(rs.msg, dev.msg);
}

TEST_HARNESS_MAIN
