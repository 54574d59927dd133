// SPDX-License-Identifier: GPL-2.0
/*
 * DEV_GET over raw generic netlink: replies, dumps across many messages,
 * and the errors and extended ACKs of bad requests.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <linux/roce_adp.h>

#include "kselftest_harness.h"
#include "nl.h"

#define BUS "/sys/bus/roce_adp/"
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

TEST_HARNESS_MAIN
