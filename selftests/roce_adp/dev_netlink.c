// SPDX-License-Identifier: GPL-2.0
/*
 * DEV_GET over raw generic netlink: replies, dumps across many messages,
 * and the errors and extended ACKs of bad requests; genetlink's header
 * checks; dumps of every device: one that cannot be read is named in band
 * (dev-error) and the others still come, devices removed or re-created
 * between the dump's calls flag it NLM_F_DUMP_INTR.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <linux/roce_adp.h>

#include "kselftest_harness.h"
#include "nl.h"

#define BUS "/sys/bus/roce_adp/"
#define DBG "/sys/kernel/debug/roce_adp/"
/* Where the first attribute of a request starts. */
#define NAME_ATTR_OFFSET ((uint32_t)(NLMSG_HDRLEN + GENL_HDRLEN))

static int emu_add(unsigned int id)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%u", id);
	return sysfs_write(BUS "new_device", buf);
}

static int emu_del(unsigned int id)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%u", id);
	return sysfs_write(BUS "del_device", buf);
}

struct dev_info {
	char name[ROCE_ADP_DEV_NAME_LEN];
	uint32_t backend;
	char fw[64];
	int roce_accl;
};

struct dev_list {
	struct dev_info devs[512];
	int n;
	int messages_without_name;
};

static int dev_cb(const struct nlmsghdr *nlh, void *arg)
{
	const struct nlattr *tb[ROCE_ADP_A_MAX + 1];
	struct dev_list *l = arg;
	struct dev_info *d;

	nl_parse_genl(nlh, tb, ROCE_ADP_A_MAX);
	if (!tb[ROCE_ADP_A_DEV_NAME]) {
		l->messages_without_name++;
		return 0;
	}
	if (l->n >= (int)(sizeof(l->devs) / sizeof(l->devs[0])))
		return 1;
	d = &l->devs[l->n++];
	memset(d, 0, sizeof(*d));
	d->roce_accl = -1;
	snprintf(d->name, sizeof(d->name), "%s",
		 nl_get_str(tb[ROCE_ADP_A_DEV_NAME]));
	if (tb[ROCE_ADP_A_DEV_BACKEND])
		d->backend = nl_get_u32(tb[ROCE_ADP_A_DEV_BACKEND]);
	if (tb[ROCE_ADP_A_DEV_FW_VERSION])
		snprintf(d->fw, sizeof(d->fw), "%s",
			 nl_get_str(tb[ROCE_ADP_A_DEV_FW_VERSION]));
	if (tb[ROCE_ADP_A_DEV_ROCE_ACCL])
		d->roce_accl = nl_get_u8(tb[ROCE_ADP_A_DEV_ROCE_ACCL]);
	return 0;
}

FIXTURE(dev) {
	struct nl_sock sk;
	struct nl_msg m;
	struct nl_ack ack;
	struct dev_list list;
};

FIXTURE_SETUP(dev)
{
	ASSERT_EQ(0, nl_open(&self->sk, ROCE_ADP_FAMILY_NAME));
}

FIXTURE_TEARDOWN(dev)
{
	nl_close(&self->sk);
}

TEST_F(dev, family)
{
	EXPECT_EQ(ROCE_ADP_FAMILY_VERSION, (int)self->sk.version);
	EXPECT_NE(0U, self->sk.mcgrp_config);
}

TEST_F(dev, get_do)
{
	struct dev_info *d = &self->list.devs[0];

	nl_genl_init(&self->sk, &self->m, ROCE_ADP_CMD_DEV_GET, false);
	nl_put_str(&self->m, ROCE_ADP_A_DEV_NAME, "emu0");
	ASSERT_EQ(0, nl_send_recv(&self->sk, &self->m, dev_cb, &self->list,
				  &self->ack));
	ASSERT_EQ(1, self->list.n);
	EXPECT_STREQ("emu0", d->name);
	EXPECT_EQ(ROCE_ADP_BACKEND_EMULATED, (int)d->backend);
	EXPECT_STREQ("22.41.1000", d->fw);
	EXPECT_EQ(1, d->roce_accl);
}

TEST_F(dev, get_do_unknown_device)
{
	nl_genl_init(&self->sk, &self->m, ROCE_ADP_CMD_DEV_GET, false);
	nl_put_str(&self->m, ROCE_ADP_A_DEV_NAME, "emu4242");
	EXPECT_EQ(-ENODEV, nl_send_recv(&self->sk, &self->m, dev_cb,
					&self->list, &self->ack));
	EXPECT_STREQ("no such device", self->ack.msg);
	/* The offset points at the name attribute, right after the headers. */
	EXPECT_EQ(NAME_ATTR_OFFSET, self->ack.bad_offset);
	EXPECT_EQ(0, self->list.n);
}

TEST_F(dev, get_do_without_name)
{
	/*
	 * A do request needs a device: the ACK names the missing attribute,
	 * by its type from 6.1, in the message before.
	 */
	nl_genl_init(&self->sk, &self->m, ROCE_ADP_CMD_DEV_GET, false);
	EXPECT_EQ(-EINVAL, nl_send_recv(&self->sk, &self->m, dev_cb,
					&self->list, &self->ack));
	if (self->ack.miss_type == -1) {
		EXPECT_STREQ(NL_MISSING_DEV_NAME_MSG, self->ack.msg);
	} else {
		EXPECT_EQ(ROCE_ADP_A_DEV_NAME, self->ack.miss_type);
	}
	EXPECT_EQ(1 - (self->ack.miss_type == -1),
		  nl_kernel_has_miss_type(&self->sk));
	EXPECT_EQ(0, self->list.n);
}

TEST_F(dev, get_name_too_long)
{
	/* No NUL within the policy's length: a malformed attribute. */
	char name[ROCE_ADP_DEV_NAME_LEN + 8];

	memset(name, 'x', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	nl_genl_init(&self->sk, &self->m, ROCE_ADP_CMD_DEV_GET, false);
	nl_put_str(&self->m, ROCE_ADP_A_DEV_NAME, name);
	EXPECT_EQ(-EINVAL, nl_send_recv(&self->sk, &self->m, dev_cb,
					&self->list, &self->ack));
	EXPECT_EQ(NAME_ATTR_OFFSET, self->ack.bad_offset);
}

TEST_F(dev, get_name_not_terminated)
{
	nl_genl_init(&self->sk, &self->m, ROCE_ADP_CMD_DEV_GET, false);
	nl_put(&self->m, ROCE_ADP_A_DEV_NAME, "emu0", 4);
	EXPECT_EQ(-EINVAL, nl_send_recv(&self->sk, &self->m, dev_cb,
					&self->list, &self->ack));
	EXPECT_EQ(NAME_ATTR_OFFSET, self->ack.bad_offset);
}

TEST_F(dev, get_unknown_attribute_rejected)
{
	/* Strict validation: attributes the family does not know are errors. */
	nl_genl_init(&self->sk, &self->m, ROCE_ADP_CMD_DEV_GET, false);
	nl_put_str(&self->m, ROCE_ADP_A_DEV_NAME, "emu0");
	nl_put_u32(&self->m, ROCE_ADP_A_MAX + 10, 1);
	EXPECT_EQ(-EINVAL, nl_send_recv(&self->sk, &self->m, dev_cb,
					&self->list, &self->ack));
	EXPECT_NE(0U, self->ack.bad_offset);
	EXPECT_EQ(0, self->list.n);
}

TEST_F(dev, unknown_command)
{
	nl_genl_init(&self->sk, &self->m, ROCE_ADP_CMD_MAX + 1, false);
	EXPECT_EQ(-EOPNOTSUPP, nl_send_recv(&self->sk, &self->m, NULL, NULL,
					    &self->ack));
}

TEST_F(dev, get_dump_default)
{
	nl_genl_init(&self->sk, &self->m, ROCE_ADP_CMD_DEV_GET, true);
	ASSERT_EQ(0, nl_send_recv(&self->sk, &self->m, dev_cb, &self->list,
				  &self->ack));
	ASSERT_EQ(1, self->list.n);
	EXPECT_STREQ("emu0", self->list.devs[0].name);
	EXPECT_EQ(0, self->list.messages_without_name);
}

/* Enough devices that the dump needs several messages. */
#define MANY 300

TEST_F(dev, get_dump_many)
{
	char want[ROCE_ADP_DEV_NAME_LEN];
	unsigned int id;
	int i;

	for (id = 1; id <= MANY; id++)
		ASSERT_EQ(0, emu_add(id));

	nl_genl_init(&self->sk, &self->m, ROCE_ADP_CMD_DEV_GET, true);
	EXPECT_EQ(0, nl_send_recv(&self->sk, &self->m, dev_cb, &self->list,
				  &self->ack));
	/* Every device once, in the order they were added. */
	EXPECT_EQ(MANY + 1, self->list.n);
	for (i = 0; i < self->list.n && i <= MANY; i++) {
		snprintf(want, sizeof(want), "emu%d", i);
		EXPECT_STREQ(want, self->list.devs[i].name);
	}

	for (id = 1; id <= MANY; id++)
		EXPECT_EQ(0, emu_del(id));
}

TEST_F(dev, removed_device_is_gone)
{
	ASSERT_EQ(0, emu_add(7));
	ASSERT_EQ(0, emu_del(7));
	nl_genl_init(&self->sk, &self->m, ROCE_ADP_CMD_DEV_GET, false);
	nl_put_str(&self->m, ROCE_ADP_A_DEV_NAME, "emu7");
	EXPECT_EQ(-ENODEV, nl_send_recv(&self->sk, &self->m, dev_cb,
					&self->list, &self->ack));
}

/* genetlink checks the header of every command of a family from 6.1 on. */
static bool kernel_checks_genl_header(void)
{
	struct utsname u;
	int major = 0, minor = 0;

	if (uname(&u) || sscanf(u.release, "%d.%d", &major, &minor) != 2)
		return false;
	return major > 6 || (major == 6 && minor >= 1);
}

/* A request of emu0 (a dump: of every device) with @flags added, sent. */
static int send_flagged(FIXTURE_DATA(dev) *self, uint8_t cmd, bool dump,
			uint16_t flags)
{
	nl_dev_req(&self->sk, &self->m, cmd, dump, dump ? NULL : "emu0");
	self->m.nlh.nlmsg_flags |= flags;
	return nl_send_recv(&self->sk, &self->m, dev_cb, &self->list,
			    &self->ack);
}

TEST_F(dev, strict_header_checks)
{
	/* a flag of another family's requests (a do, a SET, a dump) */
	static const struct {
		uint8_t cmd;
		bool dump;
		uint16_t flag;
	} foreign_flags[] = {
		{ ROCE_ADP_CMD_DEV_GET, false, NLM_F_EXCL },
		{ ROCE_ADP_CMD_PROFILE_FORGET, false, NLM_F_CREATE },
		{ ROCE_ADP_CMD_HISTOGRAM_GET, true, NLM_F_APPEND },
	};
	struct genlmsghdr *g;
	unsigned int i;

	if (!kernel_checks_genl_header())
		SKIP(return, "genetlink has no header checks before 6.1");
	/* the reserved field of the genetlink header */
	nl_dev_req(&self->sk, &self->m, ROCE_ADP_CMD_DEV_GET, false, "emu0");
	g = NLMSG_DATA(&self->m.nlh);
	g->reserved = 1;
	EXPECT_EQ(-EINVAL, nl_send_recv(&self->sk, &self->m, dev_cb,
					&self->list, &self->ack));
	EXPECT_STREQ("genlmsghdr.reserved field is not 0", self->ack.msg);
	for (i = 0; i < ARRAY_SIZE(foreign_flags); i++) {
		EXPECT_EQ(-EINVAL, send_flagged(self, foreign_flags[i].cmd,
						foreign_flags[i].dump,
						foreign_flags[i].flag));
		/* a dump's error comes in its DONE, without a message */
		if (!foreign_flags[i].dump)
			EXPECT_STREQ("ambiguous or reserved bits set in nlmsg_flags",
				     self->ack.msg);
	}
	/* trailing bytes after the attributes */
	nl_dev_req(&self->sk, &self->m, ROCE_ADP_CMD_DEV_GET, false, "emu0");
	memset((char *)&self->m.nlh + self->m.nlh.nlmsg_len, 0xa5, 3);
	self->m.nlh.nlmsg_len += 3;
	EXPECT_EQ(-EINVAL, nl_send_recv(&self->sk, &self->m, dev_cb,
					&self->list, &self->ack));
	EXPECT_EQ(0, self->list.n);
	/* the same requests, right, are answered */
	EXPECT_EQ(0, send_flagged(self, ROCE_ADP_CMD_DEV_GET, false, NLM_F_ECHO));
	EXPECT_EQ(1, self->list.n);
}

/* A dump's messages, read batch by batch. */
struct batches {
	int batches;		/* recv() calls */
	int messages;		/* messages other than DONE */
	int flagged;		/* messages with NLM_F_DUMP_INTR */
	int error;		/* an NLMSG_ERROR's, or DONE's, errno */
	char name[8][ROCE_ADP_DEV_NAME_LEN];	/* the first messages' devices */
	int dev_error[8];	/* their dev-error, 0 if none */
	bool body[8];		/* they carry more than name and dev-error */
};

static void batch_msg(const struct nlmsghdr *nlh, struct batches *b)
{
	const struct nlattr *tb[ROCE_ADP_A_MAX + 1];
	int i = b->messages, t, n = 0;

	b->messages++;
	if (i >= 8)
		return;
	nl_parse_genl(nlh, tb, ROCE_ADP_A_MAX);
	if (tb[ROCE_ADP_A_DEV_NAME])
		snprintf(b->name[i], sizeof(b->name[i]), "%s",
			 nl_get_str(tb[ROCE_ADP_A_DEV_NAME]));
	if (tb[ROCE_ADP_A_DEV_ERROR])
		b->dev_error[i] = nl_get_u32(tb[ROCE_ADP_A_DEV_ERROR]);
	for (t = 1; t <= ROCE_ADP_A_MAX; t++)
		n += !!tb[t];
	b->body[i] = n > !!tb[ROCE_ADP_A_DEV_NAME] + !!tb[ROCE_ADP_A_DEV_ERROR];
}

/*
 * A dump of @cmd over every device; @between, when given, runs after the
 * first batch (each read runs the dump's next call before it returns: the
 * change comes after two calls).
 */
static int dump_batches(FIXTURE_DATA(dev) *self, uint8_t cmd,
			void (*between)(void), struct batches *b)
{
	static char buf[NL_BUF_LEN];
	struct nl_sock sk;
	bool done = false;
	int err = 0;

	memset(b, 0, sizeof(*b));
	if (nl_open(&sk, ROCE_ADP_FAMILY_NAME))
		return -EIO;
	nl_genl_init(&sk, &self->m, cmd, true);
	self->m.nlh.nlmsg_seq = ++sk.seq;
	if (send(sk.fd, self->m.buf, self->m.nlh.nlmsg_len, 0) < 0)
		err = -errno;
	while (!err && !done) {
		int n = nl_recv_one(&sk, buf, sizeof(buf), 5000);
		struct nlmsghdr *nlh = (struct nlmsghdr *)buf;

		if (n <= 0) {
			err = -EIO;
			break;
		}
		for (; NLMSG_OK(nlh, n); nlh = NLMSG_NEXT(nlh, n)) {
			if (nlh->nlmsg_flags & NLM_F_DUMP_INTR)
				b->flagged++;
			if (nlh->nlmsg_type == NLMSG_ERROR ||
			    nlh->nlmsg_type == NLMSG_DONE) {
				b->error = *(int *)NLMSG_DATA(nlh);
				done = true;
			} else {
				batch_msg(nlh, b);
			}
		}
		if (!b->batches++ && between)
			between();
	}
	nl_close(&sk);
	return err;
}

static void del_last(void)
{
	emu_del(MANY);
}

static void recreate_last(void)
{
	emu_del(MANY);
	emu_add(MANY);
}

TEST_F(dev, dump_flags_devices_removed_or_recreated_between_calls)
{
	struct batches b;
	unsigned int id;

	for (id = 1; id <= MANY; id++)
		ASSERT_EQ(0, emu_add(id));
	/* profile dumps: a device's message is big, the dump many calls */
	ASSERT_EQ(0, dump_batches(self, ROCE_ADP_CMD_PROFILE_GET, NULL, &b));
	EXPECT_EQ(0, b.error);
	ASSERT_GT(b.batches, 4);
	EXPECT_EQ(MANY + 1, b.messages);
	EXPECT_EQ(0, b.flagged);
	/* a device not reached yet removed: flagged */
	ASSERT_EQ(0, dump_batches(self, ROCE_ADP_CMD_PROFILE_GET, del_last, &b));
	EXPECT_EQ(0, b.error);
	EXPECT_EQ(MANY, b.messages);
	EXPECT_GE(b.flagged, 1);
	/* removed and added again under its name: flagged */
	ASSERT_EQ(0, emu_add(MANY));
	ASSERT_EQ(0, dump_batches(self, ROCE_ADP_CMD_PROFILE_GET,
				  recreate_last, &b));
	EXPECT_EQ(0, b.error);
	EXPECT_GE(b.flagged, 1);
	/* the same for a dump of another message */
	ASSERT_EQ(0, dump_batches(self, ROCE_ADP_CMD_ACCL_GET, recreate_last,
				  &b));
	EXPECT_EQ(0, b.error);
	EXPECT_GE(b.flagged, 1);
	for (id = 1; id <= MANY; id++)
		EXPECT_EQ(0, emu_del(id));
}

/*
 * A dump of every device while emu1's firmware resets: emu0 and emu2 as
 * ever, emu1 named with its error (EAGAIN, "device is resetting").
 */
static void expect_one_failing(struct __test_metadata *_metadata,
			       const struct batches *b)
{
	EXPECT_EQ(0, b->error);
	ASSERT_EQ(3, b->messages);
	EXPECT_STREQ("emu0", b->name[0]);
	EXPECT_EQ(0, b->dev_error[0]);
	EXPECT_TRUE(b->body[0]);
	EXPECT_STREQ("emu1", b->name[1]);
	EXPECT_EQ(EAGAIN, b->dev_error[1]);
	EXPECT_FALSE(b->body[1]);
	EXPECT_STREQ("emu2", b->name[2]);
	EXPECT_EQ(0, b->dev_error[2]);
	EXPECT_TRUE(b->body[2]);
}

TEST_F(dev, dump_reports_a_failing_device_and_goes_on)
{
	static const uint8_t cmds[] = {
		ROCE_ADP_CMD_ACCL_GET, ROCE_ADP_CMD_PROFILE_GET,
		ROCE_ADP_CMD_HISTOGRAM_GET,
	};
	struct batches b;
	unsigned int i;
	double end;

	ASSERT_EQ(0, emu_add(1));
	ASSERT_EQ(0, emu_add(2));
	/* held in reset for 10 s: the dumps below take milliseconds */
	ASSERT_EQ(0, sysfs_write(DBG "emu1/fw_reset", "10000"));
	for (i = 0; i < sizeof(cmds); i++) {
		ASSERT_EQ(0, dump_batches(self, cmds[i], NULL, &b));
		expect_one_failing(_metadata, &b);
	}
	/* evidence that it was in reset all along */
	EXPECT_EQ(1, sysfs_read_long(DBG "emu1/fw_reset"));
	end = now_ms() + 30000;
	while (sysfs_read_long(DBG "emu1/fw_reset") && now_ms() < end)
		usleep(50 * 1000);
	EXPECT_EQ(0, emu_del(1));
	EXPECT_EQ(0, emu_del(2));
}

TEST_HARNESS_MAIN
