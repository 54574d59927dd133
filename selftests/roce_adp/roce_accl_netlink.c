// SPDX-License-Identifier: GPL-2.0
/*
 * ROCE_ACCL over raw generic netlink: the enables and the adaptive
 * retransmission profiles, read back after every set; every profile rule
 * rejected once by the driver (extack names the field) and once by the
 * firmware model (driver checks skipped); no change after a rejection;
 * notifications; a set that changes nothing costs its query alone;
 * permissions; concurrent writers and readers.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/roce_adp.h>

#include "fixture.h"

#define DBG "/sys/kernel/debug/roce_adp/emu0/"
#define NRANGES ROCE_ADP_RANGES_MAX

/* Another valid profile that differs from radp_valid_prof in every field. */
static const struct radp_prof other =
	RADP_PROF(1, 2, 0, 1, 16, 10, 3, 1,
		  RADP_RANGE(0, 2, 5, 1, 1), RADP_RANGE(0, 0, 1, 3, 5));

static int knob(const char *name, const char *val)
{
	char path[128];

	snprintf(path, sizeof(path), DBG "%s", name);
	return sysfs_write(path, val);
}

/* Commands emu0 was sent (debugfs fw_cmds). */
static long fw_cmds(void)
{
	return sysfs_read_long(DBG "fw_cmds");
}

static bool is_u8(int type)
{
	return type == ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT;
}

struct profiles {
	int active;
	int n;
	uint32_t id[ROCE_ADP_PROFILE_ID_MAX + 1];
	struct radp_prof p[ROCE_ADP_PROFILE_ID_MAX + 1];
	int cmd;
};

static void parse_profile(const struct nlattr *nest, uint32_t *id,
			  struct radp_prof *p)
{
	const struct nlattr *tb[ROCE_ADP_A_PROFILE_MAX + 1];
	const struct nlattr *a = nl_data(nest);
	int rem = nl_len(nest), t;

	memset(p, 0, sizeof(*p));
	nl_parse(nl_data(nest), nl_len(nest), tb, ROCE_ADP_A_PROFILE_MAX);
	*id = nl_get_u32(tb[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID]);
	for (t = ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT;
	     t < ROCE_ADP_A_PROFILE_RANGE; t++)
		if (tb[t])
			p->f[t] = is_u8(t) ? nl_get_u8(tb[t]) : nl_get_u32(tb[t]);
	/* the ranges are a multi-attribute: walk them all */
	while (rem >= (int)NLA_HDRLEN) {
		if ((a->nla_type & NLA_TYPE_MASK) == ROCE_ADP_A_PROFILE_RANGE) {
			const struct nlattr *rtb[ROCE_ADP_A_RANGE_MAX + 1];
			uint32_t i;

			nl_parse(nl_data(a), nl_len(a), rtb, ROCE_ADP_A_RANGE_MAX);
			i = nl_get_u32(rtb[ROCE_ADP_A_RANGE_INDEX]);
			for (t = ROCE_ADP_A_RANGE_PREV_RANGE_INDEX;
			     i < NRANGES && t <= ROCE_ADP_A_RANGE_MAX; t++)
				p->r[i][t] = nl_get_u32(rtb[t]);
		}
		rem -= NLA_ALIGN(a->nla_len);
		a = (const void *)((const char *)a + NLA_ALIGN(a->nla_len));
	}
}

static int profiles_cb(const struct nlmsghdr *nlh, void *arg)
{
	const struct genlmsghdr *g = NLMSG_DATA(nlh);
	const char *p = (const char *)g + GENL_HDRLEN;
	int rem = nlh->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN);
	const struct nlattr *a = (const void *)p;
	struct profiles *ps = arg;

	ps->cmd = g->cmd;
	while (rem >= (int)NLA_HDRLEN) {
		int type = a->nla_type & NLA_TYPE_MASK;

		if (type == ROCE_ADP_A_ACTIVE_PROFILE_ID)
			ps->active = nl_get_u32(a);
		if (type == ROCE_ADP_A_PROFILE && ps->n <= ROCE_ADP_PROFILE_ID_MAX) {
			parse_profile(a, &ps->id[ps->n], &ps->p[ps->n]);
			ps->n++;
		}
		rem -= NLA_ALIGN(a->nla_len);
		a = (const void *)((const char *)a + NLA_ALIGN(a->nla_len));
	}
	return 0;
}

/* Only the fields the device uses: ranges beyond range_num may be stale. */
static bool prof_eq(const struct radp_prof *a, const struct radp_prof *b)
{
	uint32_t i;

	if (memcmp(a->f, b->f, sizeof(a->f)))
		return false;
	for (i = 0; i < a->f[ROCE_ADP_A_PROFILE_RANGE_NUM] && i < NRANGES; i++)
		if (memcmp(a->r[i], b->r[i], sizeof(a->r[i])))
			return false;
	return true;
}

struct accl {
	uint32_t caps[ROCE_ADP_A_CAPS_MAX + 1];
	uint8_t en[ROCE_ADP_A_ACCL_MAX + 1];
	uint8_t cfg[ROCE_ADP_A_ACCL_MAX + 1];
	int active;
	int n;
	int cmd;
};

static int accl_cb(const struct nlmsghdr *nlh, void *arg)
{
	const struct genlmsghdr *g = NLMSG_DATA(nlh);
	const struct nlattr *tb[ROCE_ADP_A_MAX + 1], *ctb[ROCE_ADP_A_CAPS_MAX + 1];
	struct accl *ac = arg;
	int t;

	ac->cmd = g->cmd;
	ac->n++;
	nl_parse_genl(nlh, tb, ROCE_ADP_A_MAX);
	if (tb[ROCE_ADP_A_CAPS]) {
		nl_parse(nl_data(tb[ROCE_ADP_A_CAPS]), nl_len(tb[ROCE_ADP_A_CAPS]),
			 ctb, ROCE_ADP_A_CAPS_MAX);
		for (t = 1; t <= ROCE_ADP_A_CAPS_MAX; t++)
			ac->caps[t] = ctb[t] ? nl_get_u32(ctb[t]) : ~0u;
	}
	if (tb[ROCE_ADP_A_ACTIVE_PROFILE_ID])
		ac->active = nl_get_u32(tb[ROCE_ADP_A_ACTIVE_PROFILE_ID]);
	if (tb[ROCE_ADP_A_ACCL])
		nl_parse_accl(tb[ROCE_ADP_A_ACCL], ac->en);
	if (tb[ROCE_ADP_A_ACCL_CONFIGURABLE])
		nl_parse_accl(tb[ROCE_ADP_A_ACCL_CONFIGURABLE], ac->cfg);
	return 0;
}

/* Each test starts from a fresh emu0: firmware defaults, profile 0. */
NL_FIXTURE(accl, struct radp_prof_offs o;);

static int get_profiles(struct nl_sock *sk, struct nl_msg *m, int id,
			struct profiles *ps, struct nl_ack *ack)
{
	memset(ps, 0, sizeof(*ps));
	ps->active = -1;
	nl_dev_req(sk, m, ROCE_ADP_CMD_PROFILE_GET, false, "emu0");
	if (id >= 0)
		nl_put_u32(m, ROCE_ADP_A_PROFILE_ID, id);
	return nl_send_recv(sk, m, profiles_cb, ps, ack);
}

static int set_profile(struct nl_sock *sk, struct nl_msg *m, uint32_t id,
		       const struct radp_prof *p, struct profiles *reply,
		       struct radp_prof_offs *o, struct nl_ack *ack)
{
	memset(reply, 0, sizeof(*reply));
	nl_dev_req(sk, m, ROCE_ADP_CMD_PROFILE_SET, false, "emu0");
	nl_put_profile(m, id, p, NRANGES, o);
	return nl_send_recv(sk, m, profiles_cb, reply, ack);
}

static int get_accl(struct nl_sock *sk, struct nl_msg *m, struct accl *ac,
		    struct nl_ack *ack)
{
	memset(ac, 0, sizeof(*ac));
	return nl_dev_cmd(sk, m, ROCE_ADP_CMD_ACCL_GET, "emu0", accl_cb, ac, ack);
}

TEST_F(accl, defaults)
{
	struct profiles ps;
	struct accl ac;

	ASSERT_EQ(0, get_accl(&self->sk, &self->m, &ac, &self->ack));
	EXPECT_EQ(1U, ac.caps[ROCE_ADP_A_CAPS_PROFILE_MAX_ID]);
	EXPECT_EQ(4U, ac.caps[ROCE_ADP_A_CAPS_PROFILE_MAX_RANGE_NUM]);
	EXPECT_EQ(4000U, ac.caps[ROCE_ADP_A_CAPS_BASE_TIMEOUT_MIN]);
	EXPECT_EQ(0, ac.active);
	EXPECT_EQ(1, ac.en[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN]);
	EXPECT_EQ(0, ac.en[ROCE_ADP_A_ACCL_SELECTIVE_REPEAT_FORCED_EN]);
	EXPECT_EQ(1, ac.cfg[ROCE_ADP_A_ACCL_SELECTIVE_REPEAT_FORCED_EN]);

	ASSERT_EQ(0, get_profiles(&self->sk, &self->m, -1, &ps, &self->ack));
	EXPECT_EQ(0, ps.active);
	ASSERT_EQ(2, ps.n);
	EXPECT_EQ(0U, ps.id[0]);
	EXPECT_EQ(1U, ps.id[1]);
	EXPECT_EQ(4U, ps.p[0].f[ROCE_ADP_A_PROFILE_TIME_BASE]);
	EXPECT_EQ(1U, ps.p[0].f[ROCE_ADP_A_PROFILE_TIME_UNIT]);
	EXPECT_EQ(4U, ps.p[0].f[ROCE_ADP_A_PROFILE_RANGE_NUM]);
	EXPECT_EQ(10U, ps.p[0].r[3][ROCE_ADP_A_RANGE_RANGE_LOW_BOUND]);
}

TEST_F(accl, profile_set_reads_back_and_selects)
{
	struct profiles reply, ps;

	ASSERT_EQ(0, set_profile(&self->sk, &self->m, 1, &radp_valid_prof, &reply,
				 &self->o, &self->ack));
	EXPECT_EQ(ROCE_ADP_CMD_PROFILE_SET, reply.cmd);
	ASSERT_EQ(1, reply.n);
	EXPECT_EQ(1U, reply.id[0]);
	EXPECT_TRUE(prof_eq(&radp_valid_prof, &reply.p[0]));
	EXPECT_EQ(1, reply.active);

	ASSERT_EQ(0, get_profiles(&self->sk, &self->m, 1, &ps, &self->ack));
	ASSERT_EQ(1, ps.n);
	EXPECT_TRUE(prof_eq(&radp_valid_prof, &ps.p[0]));
	EXPECT_EQ(1, ps.active);

	/* Profile 0 keeps the firmware's defaults. */
	ASSERT_EQ(0, get_profiles(&self->sk, &self->m, 0, &ps, &self->ack));
	EXPECT_EQ(4U, ps.p[0].f[ROCE_ADP_A_PROFILE_TIME_BASE]);
	EXPECT_EQ(1, ps.active);
}

TEST_F(accl, profile_every_field_round_trips)
{
	struct profiles reply;
	int t, i;

	ASSERT_EQ(0, set_profile(&self->sk, &self->m, 1, &radp_valid_prof, &reply,
				 &self->o, &self->ack));
	ASSERT_EQ(0, set_profile(&self->sk, &self->m, 1, &other, &reply,
				 &self->o, &self->ack));
	ASSERT_EQ(1, reply.n);
	for (t = ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT;
	     t < ROCE_ADP_A_PROFILE_RANGE; t++)
		EXPECT_EQ(other.f[t], reply.p[0].f[t]);
	for (i = 0; i < NRANGES; i++)
		for (t = ROCE_ADP_A_RANGE_PREV_RANGE_INDEX;
		     t <= ROCE_ADP_A_RANGE_MAX; t++)
			EXPECT_EQ(other.r[i][t], reply.p[0].r[i][t]);
}

TEST_F(accl, profile_partial_set_keeps_other_fields)
{
	struct profiles reply;
	struct radp_prof want = radp_valid_prof;

	ASSERT_EQ(0, set_profile(&self->sk, &self->m, 1, &radp_valid_prof, &reply,
				 &self->o, &self->ack));
	nl_dev_req(&self->sk, &self->m, ROCE_ADP_CMD_PROFILE_SET, false,
		   "emu0");
	nl_nest_start(&self->m, ROCE_ADP_A_PROFILE);
	nl_put_u32(&self->m, ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID, 1);
	nl_put_u32(&self->m, ROCE_ADP_A_PROFILE_TIME_BASE, 32);
	nl_nest_start(&self->m, ROCE_ADP_A_PROFILE_RANGE);
	nl_put_u32(&self->m, ROCE_ADP_A_RANGE_INDEX, 2);
	nl_put_u32(&self->m, ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM, 9);
	nl_nest_end(&self->m);
	nl_nest_end(&self->m);
	memset(&reply, 0, sizeof(reply));
	ASSERT_EQ(0, nl_send_recv(&self->sk, &self->m, profiles_cb, &reply,
				  &self->ack));
	want.f[ROCE_ADP_A_PROFILE_TIME_BASE] = 32;
	want.r[2][ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM] = 9;
	ASSERT_EQ(1, reply.n);
	EXPECT_TRUE(prof_eq(&want, &reply.p[0]));
}

/* One broken rule: the field to change, its new value, and the verdicts. */
struct rule_case {
	const char *name;
	int range;		/* -1: a profile field */
	int attr;
	uint32_t value;
	uint32_t id;
	const char *driver_msg;
	uint32_t syndrome;
};

static const struct rule_case rule_cases[] = {
	{ "time_unit", -1, ROCE_ADP_A_PROFILE_TIME_UNIT, 2, 1,
	  "time_unit must be 1 (usec)", 0x0ad51002 },
	{ "time_base_pow2", -1, ROCE_ADP_A_PROFILE_TIME_BASE, 12, 1,
	  "time_base must be a power of two", 0x0ad51003 },
	{ "time_base_min", -1, ROCE_ADP_A_PROFILE_TIME_BASE, 2, 1,
	  "time_base is below the device's adp_retx_base_timeout_min",
	  0x0ad51004 },
	{ "range_num_zero", -1, ROCE_ADP_A_PROFILE_RANGE_NUM, 0, 1,
	  "range_num must be at least 1", 0x0ad51005 },
	{ "range_num_max", -1, ROCE_ADP_A_PROFILE_RANGE_NUM, 5, 1,
	  "range_num is above adp_retx_profile_max_range_num", 0x0ad51006 },
	{ "start_range_index", -1, ROCE_ADP_A_PROFILE_START_RANGE_INDEX, 3, 1,
	  "start_range_index must be below range_num", 0x0ad51007 },
	{ "range_order", 1, ROCE_ADP_A_RANGE_RANGE_LOW_BOUND, 2, 1,
	  "timeout_range[1]: range_low_bound must be above the previous range's",
	  0x0ad51008 },
	{ "prev_range_index", 1, ROCE_ADP_A_RANGE_PREV_RANGE_INDEX, 1, 1,
	  "timeout_range[1]: prev_range_index must be below the range's own index",
	  0x0ad51009 },
	{ "prev_range_index_of_0", 0, ROCE_ADP_A_RANGE_PREV_RANGE_INDEX, 2, 1,
	  "timeout_range[0]: prev_range_index must be below the range's own index",
	  0x0ad51009 },
	{ "dec_mode", 2, ROCE_ADP_A_RANGE_DEC_MODE, 3, 1,
	  "timeout_range[2]: dec_mode 3 is reserved", 0x0ad5100a },
	{ "timeout_retry_num", 1, ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM, 0, 1,
	  "timeout_range[1]: timeout_retry_num must be at least 1", 0x0ad5100b },
	{ "init_range_empty", -1, ROCE_ADP_A_PROFILE_TIMEOUT_INIT_RANGE_SIZE, 0,
	  1, "timeout_init_range_size must be at least 1", 0x0ad5100c },
	{ "range_overflow", 2, ROCE_ADP_A_RANGE_RANGE_SIZE, 200, 1,
	  "timeout_range[2]: range_size: the range ends beyond 2^32-1 time units", 0x0ad5100d },
	{ "total_overflow", -1, ROCE_ADP_A_PROFILE_RETX_TOTAL_TIMEOUT, 40, 1,
	  "retx_total_timeout is beyond 2^32-1 time units", 0x0ad5100d },
	{ "profile_id_0", -1, ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID, 0, 0,
	  "profile 0 is the firmware's own and cannot be written", 0x0ad51001 },
	{ "profile_id_max", -1, ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID, 2, 2,
	  "adp_retx_profile_id is above the device's adp_retx_profile_max_id",
	  0x0ad51001 },
};

static void run_rule_case(struct __test_metadata *_metadata,
			  FIXTURE_DATA(accl) *self, const struct rule_case *c,
			  bool firmware)
{
	struct profiles before, after, reply;
	struct radp_prof bad = radp_valid_prof;
	uint32_t offset;

	TH_LOG("case %s, %s", c->name, firmware ? "firmware" : "driver");
	ASSERT_EQ(0, knob("skip_driver_checks", firmware ? "Y" : "N"));
	ASSERT_EQ(0, get_profiles(&self->sk, &self->m, -1, &before, &self->ack));

	if (c->range < 0)
		bad.f[c->attr] = c->value;
	else
		bad.r[c->range][c->attr] = c->value;
	EXPECT_EQ(-EINVAL, set_profile(&self->sk, &self->m, c->id, &bad,
				       &reply, &self->o, &self->ack));
	EXPECT_EQ(0, reply.n);
	offset = c->range < 0 ? self->o.f[c->attr] :
				self->o.r[c->range][c->attr];
	expect_refusal(_metadata, &self->ack, c->name, firmware,
		       c->driver_msg, offset, c->syndrome);

	/* Nothing changed on the device. */
	ASSERT_EQ(0, get_profiles(&self->sk, &self->m, -1, &after, &self->ack));
	EXPECT_EQ(before.active, after.active);
	EXPECT_EQ(before.n, after.n);
	EXPECT_EQ(0, memcmp(before.p, after.p, sizeof(before.p)));
	knob("skip_driver_checks", "N");
}

TEST_F(accl, profile_rules_rejected_by_driver)
{
	unsigned int i;

	for (i = 0; i < sizeof(rule_cases) / sizeof(rule_cases[0]); i++)
		run_rule_case(_metadata, self, &rule_cases[i], false);
}

TEST_F(accl, profile_rules_rejected_by_firmware)
{
	struct profiles reply;
	unsigned int i;

	/* Start from a selected profile, to see that it stays. */
	ASSERT_EQ(0, set_profile(&self->sk, &self->m, 1, &other, &reply,
				 &self->o, &self->ack));
	for (i = 0; i < sizeof(rule_cases) / sizeof(rule_cases[0]); i++)
		run_rule_case(_metadata, self, &rule_cases[i], true);
}

TEST_F(accl, profile_value_wider_than_field)
{
	struct profiles reply;
	struct radp_prof bad = radp_valid_prof;

	bad.f[ROCE_ADP_A_PROFILE_TIME_BASE] = 65536;
	EXPECT_EQ(-ERANGE, set_profile(&self->sk, &self->m, 1, &bad, &reply,
				       &self->o, &self->ack));
	EXPECT_EQ(self->o.f[ROCE_ADP_A_PROFILE_TIME_BASE], self->ack.bad_offset);
}

TEST_F(accl, profile_set_needs_id)
{
	nl_dev_req(&self->sk, &self->m, ROCE_ADP_CMD_PROFILE_SET, false,
		   "emu0");
	nl_nest_start(&self->m, ROCE_ADP_A_PROFILE);
	nl_put_u32(&self->m, ROCE_ADP_A_PROFILE_TIME_BASE, 8);
	nl_nest_end(&self->m);
	EXPECT_EQ(-EINVAL, nl_send_recv(&self->sk, &self->m, NULL, NULL,
					&self->ack));
	EXPECT_STREQ("adp_retx_profile_id is required", self->ack.msg);
	/* Named by its type where the kernel has the place for it (6.1). */
	if (nl_kernel_has_miss_type(&self->sk) == 0) {
		EXPECT_EQ(-1, self->ack.miss_type);
	} else {
		EXPECT_EQ(ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID,
			  self->ack.miss_type);
	}
}

TEST_F(accl, profile_get_id_above_max)
{
	struct profiles ps;

	EXPECT_EQ(-EINVAL, get_profiles(&self->sk, &self->m, 2, &ps,
					&self->ack));
	EXPECT_STREQ("adp_retx_profile_id is above the device's adp_retx_profile_max_id",
		     self->ack.msg);
}

TEST_F(accl, profile_more_ids_from_capability)
{
	struct profiles ps, reply;

	ASSERT_EQ(0, knob("adp_retx_profile_max_id", "3"));
	ASSERT_EQ(0, set_profile(&self->sk, &self->m, 3, &radp_valid_prof, &reply,
				 &self->o, &self->ack));
	ASSERT_EQ(0, get_profiles(&self->sk, &self->m, -1, &ps, &self->ack));
	EXPECT_EQ(4, ps.n);
	EXPECT_EQ(3, ps.active);
	EXPECT_TRUE(prof_eq(&radp_valid_prof, &ps.p[3]));
}

/* The largest reply: its size is computed ahead of the fill. */
TEST_F(accl, profile_get_all_eight_profiles)
{
	struct profiles ps;

	ASSERT_EQ(0, knob("adp_retx_profile_max_id", "7"));
	ASSERT_EQ(0, get_profiles(&self->sk, &self->m, -1, &ps, &self->ack));
	EXPECT_EQ(8, ps.n);
	EXPECT_EQ(7U, ps.id[7]);
	ASSERT_EQ(0, get_profiles(&self->sk, &self->m, 7, &ps, &self->ack));
	EXPECT_EQ(1, ps.n);
	EXPECT_EQ(7U, ps.id[0]);
}

TEST_F(accl, enables_set_reads_back)
{
	struct accl ac;

	nl_dev_req(&self->sk, &self->m, ROCE_ADP_CMD_ACCL_SET, false, "emu0");
	nl_nest_start(&self->m, ROCE_ADP_A_ACCL);
	nl_put_u8(&self->m, ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN, 0);
	nl_put_u8(&self->m, ROCE_ADP_A_ACCL_SELECTIVE_REPEAT_FORCED_EN, 1);
	nl_nest_end(&self->m);
	memset(&ac, 0, sizeof(ac));
	ASSERT_EQ(0, nl_send_recv(&self->sk, &self->m, accl_cb, &ac,
				  &self->ack));
	EXPECT_EQ(ROCE_ADP_CMD_ACCL_SET, ac.cmd);
	EXPECT_EQ(0, ac.en[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN]);
	EXPECT_EQ(1, ac.en[ROCE_ADP_A_ACCL_SELECTIVE_REPEAT_FORCED_EN]);
	/* Only the enables given changed. */
	EXPECT_EQ(0, ac.en[ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN]);

	ASSERT_EQ(0, get_accl(&self->sk, &self->m, &ac, &self->ack));
	EXPECT_EQ(0, ac.en[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN]);
	EXPECT_EQ(1, ac.en[ROCE_ADP_A_ACCL_SELECTIVE_REPEAT_FORCED_EN]);
}

static int set_one_enable(FIXTURE_DATA(accl) *self, int attr, uint8_t v,
			  uint32_t *offset)
{
	nl_dev_req(&self->sk, &self->m, ROCE_ADP_CMD_ACCL_SET, false, "emu0");
	*offset = nl_put_enable(&self->m, attr, v);
	return nl_send_recv(&self->sk, &self->m, NULL, NULL, &self->ack);
}

/* Setting @attr to @v: EOPNOTSUPP, extack @msg pointing at it. */
static void expect_not_configurable(struct __test_metadata *_metadata,
				    FIXTURE_DATA(accl) *self, int attr,
				    uint8_t v, const char *msg)
{
	uint32_t offset;

	EXPECT_EQ(-EOPNOTSUPP, set_one_enable(self, attr, v, &offset));
	EXPECT_STREQ(msg, self->ack.msg);
	EXPECT_EQ(offset, self->ack.bad_offset);
}

TEST_F(accl, enables_not_configurable)
{
	struct accl ac;
	uint32_t offset;

	ASSERT_EQ(0, knob("accl_configurable", "0x7e"));
	ASSERT_EQ(0, get_accl(&self->sk, &self->m, &ac, &self->ack));
	EXPECT_EQ(0, ac.cfg[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN]);

	expect_not_configurable(_metadata, self,
				ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN, 0,
				"roce_adp_retrans_en is not configurable on this device");

	ASSERT_EQ(0, knob("skip_driver_checks", "Y"));
	EXPECT_EQ(-EINVAL, set_one_enable(self,
					  ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN,
					  0, &offset));
	EXPECT_STREQ("firmware status BAD_PARAM (0x03), syndrome 0x0ad50007",
		     self->ack.msg);
	/*
	 * Unchecked, even the value it holds is written: the firmware,
	 * not the driver's "nothing changes", judges it.
	 */
	EXPECT_EQ(-EINVAL, set_one_enable(self,
					  ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN,
					  1, &offset));
	EXPECT_STREQ("firmware status BAD_PARAM (0x03), syndrome 0x0ad50007",
		     self->ack.msg);

	ASSERT_EQ(0, get_accl(&self->sk, &self->m, &ac, &self->ack));
	EXPECT_EQ(1, ac.en[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN]);
}

TEST_F(accl, enables_empty_set)
{
	nl_dev_req(&self->sk, &self->m, ROCE_ADP_CMD_ACCL_SET, false, "emu0");
	nl_nest_start(&self->m, ROCE_ADP_A_ACCL);
	nl_nest_end(&self->m);
	EXPECT_EQ(-EINVAL, nl_send_recv(&self->sk, &self->m, NULL, NULL,
					&self->ack));
	EXPECT_STREQ("no enable to set", self->ack.msg);
}

TEST_F(accl, enable_value_above_one)
{
	uint32_t offset;

	EXPECT_EQ(-ERANGE, set_one_enable(self,
					  ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN,
					  2, &offset));
	EXPECT_EQ(offset, self->ack.bad_offset);
}

/*
 * The features of current firmware, each set alone over raw netlink and
 * read back, every other feature unchanged; then each value refused.
 */
TEST_F(accl, new_features_round_trip)
{
	static const struct { int attr; uint8_t v; } set[] = {
		{ ROCE_ADP_A_ACCL_DC_HALF_HANDSHAKE_EN, 1 },
		{ ROCE_ADP_A_ACCL_CC_PER_PLANE_EN, 1 },
		{ ROCE_ADP_A_ACCL_ACK_DSCP_FORCE, 1 },
		{ ROCE_ADP_A_ACCL_ACK_DSCP, 63 },
		{ ROCE_ADP_A_ACCL_CC_BURST_SIZE, ROCE_ADP_CC_BURST_SIZE_1_5KB },
		{ ROCE_ADP_A_ACCL_IFA2_TURN_AROUND_EN, 1 },
		{ ROCE_ADP_A_ACCL_CC_PROBE_MP_MODE,
		  ROCE_ADP_CC_PROBE_MP_MODE_DISCARD },
	};
	struct accl before, ac;
	uint32_t offset;
	unsigned int i;
	int a;

	for (i = 0; i < ARRAY_SIZE(set); i++) {
		ASSERT_EQ(0, get_accl(&self->sk, &self->m, &before,
				      &self->ack));
		EXPECT_EQ(1, before.cfg[set[i].attr]);
		ASSERT_EQ(0, set_one_enable(self, set[i].attr, set[i].v,
					    &offset));
		ASSERT_EQ(0, get_accl(&self->sk, &self->m, &ac, &self->ack));
		for (a = 1; a <= ROCE_ADP_A_ACCL_MAX; a++)
			EXPECT_EQ(a == set[i].attr ? set[i].v : before.en[a],
				  ac.en[a]);
	}
	EXPECT_EQ(1, ac.en[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN]);
}

TEST_F(accl, new_features_refused)
{
	static const struct { int attr; uint8_t v; int err; const char *msg; } bad[] = {
		{ ROCE_ADP_A_ACCL_CC_BURST_SIZE, 3, -EINVAL, "cc_burst_size 3 is reserved" },
		{ ROCE_ADP_A_ACCL_CC_BURST_SIZE, 6, -EINVAL, "cc_burst_size 6 is reserved" },
		{ ROCE_ADP_A_ACCL_CC_BURST_SIZE, 8, -ERANGE, NULL },
		{ ROCE_ADP_A_ACCL_CC_PROBE_MP_MODE, 2, -EINVAL, "cc_probe_mp_mode 2 is reserved" },
		{ ROCE_ADP_A_ACCL_CC_PROBE_MP_MODE, 4, -ERANGE, NULL },
		{ ROCE_ADP_A_ACCL_ACK_DSCP, 64, -ERANGE, NULL },
		{ ROCE_ADP_A_ACCL_ACK_DSCP_FORCE, 2, -ERANGE, NULL },
	};
	struct accl ac;
	uint32_t offset;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		EXPECT_EQ(bad[i].err, set_one_enable(self, bad[i].attr,
						     bad[i].v, &offset));
		EXPECT_EQ(offset, self->ack.bad_offset);
		if (bad[i].msg)
			EXPECT_STREQ(bad[i].msg, self->ack.msg);
	}
	ASSERT_EQ(0, get_accl(&self->sk, &self->m, &ac, &self->ack));
	EXPECT_EQ(0, ac.en[ROCE_ADP_A_ACCL_CC_BURST_SIZE]);
	EXPECT_EQ(0, ac.en[ROCE_ADP_A_ACCL_CC_PROBE_MP_MODE]);

	/* Older firmware: the new features are not configurable. */
	ASSERT_EQ(0, knob("accl_configurable", "0x7f"));
	ASSERT_EQ(0, get_accl(&self->sk, &self->m, &ac, &self->ack));
	EXPECT_EQ(0, ac.cfg[ROCE_ADP_A_ACCL_CC_BURST_SIZE]);
	EXPECT_EQ(1, ac.cfg[ROCE_ADP_A_ACCL_SELECTIVE_REPEAT_FORCED_EN]);
	expect_not_configurable(_metadata, self, ROCE_ADP_A_ACCL_CC_BURST_SIZE,
				1, "cc_burst_size is not configurable on this device");
}

TEST_F(accl, unsupported_device)
{
	struct accl ac;

	ASSERT_EQ(0, knob("roce_accl_cap", "N"));
	EXPECT_EQ(-EOPNOTSUPP, get_accl(&self->sk, &self->m, &ac, &self->ack));
	EXPECT_STREQ("device does not support ROCE_ACCL", self->ack.msg);

	/* A dump leaves it out. */
	memset(&ac, 0, sizeof(ac));
	nl_genl_init(&self->sk, &self->m, ROCE_ADP_CMD_ACCL_GET, true);
	EXPECT_EQ(0, nl_send_recv(&self->sk, &self->m, accl_cb, &ac,
				  &self->ack));
	EXPECT_EQ(0, ac.n);
}

TEST_F(accl, notifications)
{
	struct nl_sock mon;
	struct profiles reply;
	char buf[8192];
	const struct genlmsghdr *g;
	const struct nlattr *tb[ROCE_ADP_A_MAX + 1];
	uint32_t offset;
	int n;

	ASSERT_EQ(0, nl_open(&mon, ROCE_ADP_FAMILY_NAME));
	ASSERT_EQ(0, nl_join(&mon, mon.mcgrp_config));

	ASSERT_EQ(0, set_profile(&self->sk, &self->m, 1, &radp_valid_prof, &reply,
				 &self->o, &self->ack));
	n = nl_recv_one(&mon, buf, sizeof(buf), 2000);
	ASSERT_GT(n, 0);
	g = NLMSG_DATA((struct nlmsghdr *)buf);
	EXPECT_EQ(ROCE_ADP_CMD_PROFILE_NTF, g->cmd);
	memset(&reply, 0, sizeof(reply));
	profiles_cb((struct nlmsghdr *)buf, &reply);
	ASSERT_EQ(1, reply.n);
	EXPECT_TRUE(prof_eq(&radp_valid_prof, &reply.p[0]));
	nl_parse_genl((struct nlmsghdr *)buf, tb, ROCE_ADP_A_MAX);
	ASSERT_NE(NULL, tb[ROCE_ADP_A_DEV_NAME]);
	EXPECT_STREQ("emu0", nl_get_str(tb[ROCE_ADP_A_DEV_NAME]));

	ASSERT_EQ(0, set_one_enable(self, ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN, 1,
				    &offset));
	n = nl_recv_one(&mon, buf, sizeof(buf), 2000);
	ASSERT_GT(n, 0);
	g = NLMSG_DATA((struct nlmsghdr *)buf);
	EXPECT_EQ(ROCE_ADP_CMD_ACCL_NTF, g->cmd);

	/* A rejected set says nothing. */
	EXPECT_EQ(-ERANGE, set_one_enable(self, ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN,
					  5, &offset));
	EXPECT_EQ(-ETIMEDOUT, nl_recv_one(&mon, buf, sizeof(buf), 300));
	nl_close(&mon);
}

/*
 * A SET that would leave the device as it is sends its query and nothing
 * else: no write, no read-back, no notification. Writing a profile also
 * puts it in effect, so the same values are a change while another is.
 */
TEST_F(accl, set_that_changes_nothing_writes_nothing)
{
	struct profiles ps, reply;
	struct nl_sock mon;
	uint32_t offset;
	char buf[8192];
	struct accl ac;
	long before;
	uint8_t v;

	ASSERT_EQ(0, nl_open(&mon, ROCE_ADP_FAMILY_NAME));
	ASSERT_EQ(0, nl_join(&mon, mon.mcgrp_config));

	/* Profile 1 holds the firmware's defaults; profile 0 is in effect. */
	ASSERT_EQ(0, get_profiles(&self->sk, &self->m, 1, &ps, &self->ack));
	ASSERT_EQ(1, ps.n);
	EXPECT_EQ(0, ps.active);
	before = fw_cmds();
	ASSERT_EQ(0, set_profile(&self->sk, &self->m, 1, &ps.p[0], &reply,
				 &self->o, &self->ack));
	EXPECT_EQ(3, fw_cmds() - before);
	EXPECT_EQ(1, reply.active);
	ASSERT_GT(nl_recv_one(&mon, buf, sizeof(buf), 2000), 0);
	EXPECT_EQ(ROCE_ADP_CMD_PROFILE_NTF,
		  ((struct genlmsghdr *)NLMSG_DATA((struct nlmsghdr *)buf))->cmd);

	/* The same again: in effect and unchanged. */
	before = fw_cmds();
	ASSERT_EQ(0, set_profile(&self->sk, &self->m, 1, &ps.p[0], &reply,
				 &self->o, &self->ack));
	EXPECT_EQ(1, fw_cmds() - before);
	EXPECT_EQ(ROCE_ADP_CMD_PROFILE_SET, reply.cmd);
	ASSERT_EQ(1, reply.n);
	EXPECT_EQ(1U, reply.id[0]);
	EXPECT_TRUE(prof_eq(&ps.p[0], &reply.p[0]));
	EXPECT_EQ(1, reply.active);

	/* An enable set to the value it has. */
	ASSERT_EQ(0, get_accl(&self->sk, &self->m, &ac, &self->ack));
	v = ac.en[ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN];
	before = fw_cmds();
	ASSERT_EQ(0, set_one_enable(self, ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN, v,
				    &offset));
	EXPECT_EQ(1, fw_cmds() - before);

	/*
	 * Then a change: its notification is the next the monitor reads, so
	 * neither set above sent one.
	 */
	before = fw_cmds();
	ASSERT_EQ(0, set_one_enable(self, ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN, !v,
				    &offset));
	EXPECT_EQ(3, fw_cmds() - before);
	ASSERT_GT(nl_recv_one(&mon, buf, sizeof(buf), 2000), 0);
	memset(&ac, 0, sizeof(ac));
	accl_cb((struct nlmsghdr *)buf, &ac);
	EXPECT_EQ(ROCE_ADP_CMD_ACCL_NTF, ac.cmd);
	EXPECT_EQ(!v, ac.en[ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN]);
	nl_close(&mon);
}

/* As nobody: a set is refused, a get answered. */
static int nobody_sets(struct nl_sock *sk, struct nl_msg *m, void *arg)
{
	struct profiles reply;
	struct radp_prof_offs o;
	struct nl_ack ack;

	if (set_profile(sk, m, 1, &radp_valid_prof, &reply, &o, &ack) != -EPERM)
		return 11;
	/* Reading stays open to everyone. */
	if (get_profiles(sk, m, -1, &reply, &ack))
		return 12;
	return 0;
}

TEST_F(accl, unprivileged_set_is_eperm)
{
	struct profiles before, after;

	ASSERT_EQ(0, get_profiles(&self->sk, &self->m, -1, &before, &self->ack));
	EXPECT_EQ(0, nl_child(nobody_sets, NULL, 65534));
	ASSERT_EQ(0, get_profiles(&self->sk, &self->m, -1, &after, &self->ack));
	EXPECT_EQ(0, memcmp(before.p, after.p, sizeof(before.p)));
}

/* Two writers change different fields of one profile at once. */
TEST_F(accl, concurrent_writers_lose_no_update)
{
	struct profiles reply, ps;
	const int rounds = 200;
	struct nl_sock sk;
	struct nl_msg *m;
	pid_t pid[2];
	int w, status;

	ASSERT_EQ(0, set_profile(&self->sk, &self->m, 1, &radp_valid_prof, &reply,
				 &self->o, &self->ack));
	for (w = 0; w < 2; w++) {
		pid[w] = nl_fork(&sk, &m, 0);
		ASSERT_GE(pid[w], 0);
		if (pid[w] == 0) {
			int i;

			for (i = 1; i <= rounds; i++) {
				nl_dev_req(&sk, m, ROCE_ADP_CMD_PROFILE_SET,
					   false, "emu0");
				nl_nest_start(m, ROCE_ADP_A_PROFILE);
				nl_put_u32(m, ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID,
					   1);
				nl_nest_start(m, ROCE_ADP_A_PROFILE_RANGE);
				nl_put_u32(m, ROCE_ADP_A_RANGE_INDEX, w);
				nl_put_u32(m, ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM,
					   i);
				nl_nest_end(m);
				nl_nest_end(m);
				if (nl_send_recv(&sk, m, NULL, NULL, NULL))
					_exit(11);
			}
			_exit(0);
		}
	}
	for (w = 0; w < 2; w++) {
		ASSERT_EQ(pid[w], waitpid(pid[w], &status, 0));
		EXPECT_EQ(0, WEXITSTATUS(status));
	}
	ASSERT_EQ(0, get_profiles(&self->sk, &self->m, 1, &ps, &self->ack));
	EXPECT_EQ((uint32_t)rounds, ps.p[0].r[0][ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM]);
	EXPECT_EQ((uint32_t)rounds, ps.p[0].r[1][ROCE_ADP_A_RANGE_TIMEOUT_RETRY_NUM]);
}

/* A reader sees one whole profile or the other, never a mix. */
TEST_F(accl, readers_never_see_half_a_profile)
{
	struct profiles reply, ps;
	int status, i, torn = 0;
	struct nl_sock sk;
	struct nl_msg *m;
	pid_t pid;

	ASSERT_EQ(0, set_profile(&self->sk, &self->m, 1, &radp_valid_prof, &reply,
				 &self->o, &self->ack));
	pid = nl_fork(&sk, &m, 0);
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		struct radp_prof_offs o;

		for (i = 0; i < 300; i++)
			if (set_profile(&sk, m, 1,
					i & 1 ? &radp_valid_prof : &other,
					&reply, &o, NULL))
				_exit(11);
		_exit(0);
	}
	for (i = 0; i < 300; i++) {
		ASSERT_EQ(0, get_profiles(&self->sk, &self->m, 1, &ps,
					  &self->ack));
		if (!prof_eq(&radp_valid_prof, &ps.p[0]) && !prof_eq(&other, &ps.p[0]))
			torn++;
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status));
	EXPECT_EQ(0, torn);
}

TEST_HARNESS_MAIN
