// SPDX-License-Identifier: GPL-2.0
/*
 * The ADP retransmission histogram over raw generic netlink, against the
 * emulated device: configuration read-modify-write and every rule (errno,
 * extack, nothing changed), refused by the driver and by the firmware
 * model; timeouts fed through the hist_event knob at and beside every bin
 * edge in both width modes, the edges computed here from
 * Documentation/histogram.rst's decisions; the overflow bin;
 * clear_on_read totals; count_enable; vhca filtering; clear; unprivileged
 * readers and their bound; EPERM for unprivileged writers; a device
 * without the histogram; notifications; the mailboxes of a configuration
 * write and of a histogram read, from the reference's bit positions;
 * firmware resets: the configuration restored (and shown in dev-get's
 * restore nest), the totals carried over, over two resets in a row and
 * by a read that comes between the reset and the restore.
 */

#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/roce_adp.h>

#include "fixture.h"

#define DBG "/sys/kernel/debug/roce_adp/emu0/"
#define PARAM "/sys/module/roce_adp/parameters/snapshot_interval_ms"
#define NCFG (ROCE_ADP_A_HISTOGRAM_CONFIG_MAX + 1)
#define NBINS ROCE_ADP_HIST_BINS_MAX

/* A histogram reply: its configuration by attribute, its counts. */
struct hist {
	int cmd;
	int n;			/* messages seen (a dump) */
	uint32_t cfg[NCFG];
	bool has[NCFG];
	uint32_t bin_num;
	uint32_t nbins;		/* bin-count attributes */
	uint64_t count[NBINS];
	uint32_t age_ms;
	char dev[32];
};

static bool cfg_is_u8(int t)
{
	return t == ROCE_ADP_A_HISTOGRAM_CONFIG_COUNT_ENABLE ||
	       t == ROCE_ADP_A_HISTOGRAM_CONFIG_CLEAR_ON_READ ||
	       t == ROCE_ADP_A_HISTOGRAM_CONFIG_VHCA_ID_VALID;
}

static uint64_t get_u64(const struct nlattr *a)
{
	uint64_t v;

	memcpy(&v, nl_data(a), sizeof(v));
	return v;
}

static void parse_hist(const struct nlattr *nest, struct hist *h)
{
	const struct nlattr *a = nl_data(nest);
	int rem = nl_len(nest), t;

	while (rem >= (int)NLA_HDRLEN) {
		int type = a->nla_type & NLA_TYPE_MASK;

		if (type == ROCE_ADP_A_HIST_BIN_NUM)
			h->bin_num = nl_get_u32(a);
		if (type == ROCE_ADP_A_HIST_AGE_MS)
			h->age_ms = nl_get_u32(a);
		if (type == ROCE_ADP_A_HIST_BIN_COUNT && h->nbins < NBINS)
			h->count[h->nbins++] = get_u64(a);
		if (type == ROCE_ADP_A_HIST_CONFIG) {
			const struct nlattr *tb[NCFG];

			nl_parse(nl_data(a), nl_len(a), tb, NCFG - 1);
			for (t = 1; t < NCFG; t++) {
				h->has[t] = tb[t];
				if (tb[t])
					h->cfg[t] = cfg_is_u8(t) ?
						nl_get_u8(tb[t]) :
						nl_get_u32(tb[t]);
			}
		}
		rem -= NLA_ALIGN(a->nla_len);
		a = (const void *)((const char *)a + NLA_ALIGN(a->nla_len));
	}
}

static int hist_cb(const struct nlmsghdr *nlh, void *arg)
{
	const struct genlmsghdr *g = NLMSG_DATA(nlh);
	const struct nlattr *tb[ROCE_ADP_A_MAX + 1];
	struct hist *h = arg;

	nl_parse_genl(nlh, tb, ROCE_ADP_A_MAX);
	h->cmd = g->cmd;
	h->n++;
	if (tb[ROCE_ADP_A_DEV_NAME])
		snprintf(h->dev, sizeof(h->dev), "%s",
			 nl_get_str(tb[ROCE_ADP_A_DEV_NAME]));
	h->nbins = 0;
	if (tb[ROCE_ADP_A_HISTOGRAM])
		parse_hist(tb[ROCE_ADP_A_HISTOGRAM], h);
	return 0;
}

static int knob(const char *name, const char *val)
{
	char path[128];

	snprintf(path, sizeof(path), DBG "%s", name);
	return sysfs_write(path, val);
}

/* Feed @n timeouts of @t ns (a knob line). */
static int feed(uint64_t t, uint64_t n)
{
	char line[64];

	snprintf(line, sizeof(line), "%llu %llu\n", (unsigned long long)t,
		 (unsigned long long)n);
	return knob("hist_event", line);
}

/* @cmd for @dev, a dump of every device when NULL. */
static int hist_do(struct nl_sock *sk, struct nl_msg *m, uint8_t cmd,
		   const char *dev, struct hist *h, struct nl_ack *ack)
{
	memset(h, 0, sizeof(*h));
	return nl_dev_cmd(sk, m, cmd, dev, hist_cb, h, ack);
}

static int get_hist(struct nl_sock *sk, struct nl_msg *m, const char *dev,
		    struct hist *h, struct nl_ack *ack)
{
	return hist_do(sk, m, ROCE_ADP_CMD_HISTOGRAM_GET, dev, h, ack);
}

/* A configuration change: @vals[t] for each t with @set[t]. */
struct change {
	bool set[NCFG];
	uint32_t v[NCFG];
};

static int set_hist(struct nl_sock *sk, struct nl_msg *m,
		    const struct change *c, struct hist *h,
		    uint32_t *offs, struct nl_ack *ack)
{
	int t;

	memset(h, 0, sizeof(*h));
	nl_dev_req(sk, m, ROCE_ADP_CMD_HISTOGRAM_SET, false, "emu0");
	offs[0] = nl_nest_start(m, ROCE_ADP_A_HISTOGRAM_CONFIG);
	for (t = 1; t < NCFG; t++) {
		if (!c->set[t])
			continue;
		offs[t] = cfg_is_u8(t) ? nl_put_u8(m, t, c->v[t]) :
					 nl_put_u32(m, t, c->v[t]);
	}
	nl_nest_end(m);
	return nl_send_recv(sk, m, hist_cb, h, ack);
}

static int clear_hist(struct nl_sock *sk, struct nl_msg *m, struct hist *h,
		      struct nl_ack *ack)
{
	return hist_do(sk, m, ROCE_ADP_CMD_HISTOGRAM_CLEAR, "emu0", h, ack);
}

#define C(attr)	ROCE_ADP_A_HISTOGRAM_CONFIG_##attr

/* One change of the fields given as (attr, value) pairs, ended by 0. */
static struct change change(int attr, ...)
{
	struct change c = {};
	va_list ap;

	va_start(ap, attr);
	while (attr) {
		c.set[attr] = true;
		c.v[attr] = va_arg(ap, uint32_t);
		attr = va_arg(ap, int);
	}
	va_end(ap);
	return c;
}

/* Each field @want sets is that in @h's configuration. */
static void expect_cfg(struct __test_metadata *_metadata,
		       const struct hist *h, struct change want)
{
	int t;

	for (t = 1; t < NCFG; t++)
		if (want.set[t])
			EXPECT_EQ(want.v[t], h->cfg[t]) {
				TH_LOG("configuration attribute %d", t);
			}
}

/* Nanoseconds per time_unit, as the decisions give them. */
static const uint64_t unit_ns[] = { 1, 1000, 100000, 1000000 };

/*
 * The upper edge of bin i < bin_num - 1 (the decisions): W0 for bin 0,
 * W0 + i W1 (fixed), W0 + W1 (2^i - 1) (double).
 */
static uint64_t edge(const struct hist *h, uint32_t i)
{
	uint64_t u = unit_ns[h->cfg[C(TIME_UNIT)]];
	uint64_t w0 = h->cfg[C(BIN0_WIDTH)] * u, w1 = h->cfg[C(BIN1_WIDTH)] * u;

	if (h->cfg[C(BIN_WIDTH_MODE)] == ROCE_ADP_HIST_BIN_WIDTH_MODE_FIXED)
		return w0 + i * w1;
	return w0 + w1 * ((1ULL << i) - 1);
}

/* The bin a timeout of @t ns belongs to: the first whose upper edge holds it. */
static uint32_t expect_bin(const struct hist *h, uint64_t t)
{
	uint32_t i;

	for (i = 0; i + 1 < h->bin_num; i++)
		if (t <= edge(h, i))
			return i;
	return h->bin_num - 1;
}

/* Each test starts from a fresh emu0, the firmware's default histogram. */
NL_FIXTURE(hist, uint32_t offs[NCFG];);

TEST_F(hist, defaults)
{
	struct hist h;
	uint32_t i;

	ASSERT_EQ(0, get_hist(&self->sk, &self->m, "emu0", &h, &self->ack));
	EXPECT_EQ(ROCE_ADP_CMD_HISTOGRAM_GET, h.cmd);
	EXPECT_EQ(16, h.bin_num);
	EXPECT_EQ(16, h.nbins);
	expect_cfg(_metadata, &h,
		   change(C(COUNT_ENABLE), 1, C(CLEAR_ON_READ), 0,
			  C(VHCA_ID_VALID), 0,
			  C(TIME_UNIT), ROCE_ADP_HIST_TIME_UNIT_US,
			  C(BIN_WIDTH_MODE), ROCE_ADP_HIST_BIN_WIDTH_MODE_DOUBLE,
			  C(TIME_UNIT_CAP), 0xf, C(BIN_NUM), 16,
			  C(BIN_NUM_MAX), 16, C(BIN0_WIDTH), 16,
			  C(BIN1_WIDTH), 16, 0));
	for (i = 1; i < NCFG; i++)
		EXPECT_TRUE(h.has[i]);
	for (i = 0; i < h.nbins; i++)
		EXPECT_EQ(0, h.count[i]);
	/* Read for this request: 0 ms old. */
	EXPECT_EQ(0, h.age_ms);

	/* A dump shows every emulated device. */
	ASSERT_EQ(0, get_hist(&self->sk, &self->m, NULL, &h, &self->ack));
	EXPECT_GE(h.n, 1);
}

/* Only the fields given change; the reply shows the result. */
TEST_F(hist, set_is_read_modify_write)
{
	struct change c = change(C(BIN_NUM), 4, C(BIN1_WIDTH), 100, 0);
	struct hist h, g;

	ASSERT_EQ(0, set_hist(&self->sk, &self->m, &c, &h, self->offs,
			      &self->ack));
	EXPECT_EQ(4, h.bin_num);
	EXPECT_EQ(4, h.nbins);
	EXPECT_EQ(100, h.cfg[C(BIN1_WIDTH)]);
	EXPECT_EQ(16, h.cfg[C(BIN0_WIDTH)]);
	EXPECT_EQ(ROCE_ADP_HIST_BIN_WIDTH_MODE_DOUBLE, h.cfg[C(BIN_WIDTH_MODE)]);
	ASSERT_EQ(0, get_hist(&self->sk, &self->m, "emu0", &g, &self->ack));
	EXPECT_EQ(0, memcmp(h.cfg, g.cfg, sizeof(h.cfg)));

	c = change(C(TIME_UNIT), ROCE_ADP_HIST_TIME_UNIT_NS,
		   C(BIN_WIDTH_MODE), ROCE_ADP_HIST_BIN_WIDTH_MODE_FIXED,
		   C(COUNT_ENABLE), 0, C(CLEAR_ON_READ), 1,
		   C(VHCA_ID_VALID), 1, C(VHCA_ID), 7, C(BIN0_WIDTH), 9, 0);
	ASSERT_EQ(0, set_hist(&self->sk, &self->m, &c, &h, self->offs,
			      &self->ack));
	ASSERT_EQ(0, get_hist(&self->sk, &self->m, "emu0", &g, &self->ack));
	/* What the two changes set. */
	c.set[C(BIN1_WIDTH)] = c.set[C(BIN_NUM)] = true;
	c.v[C(BIN1_WIDTH)] = 100;
	c.v[C(BIN_NUM)] = 4;
	expect_cfg(_metadata, &g, c);

	/* Turning the filter off drops its function. */
	c = change(C(VHCA_ID_VALID), 0, 0);
	ASSERT_EQ(0, set_hist(&self->sk, &self->m, &c, &h, self->offs,
			      &self->ack));
	EXPECT_EQ(0, h.cfg[C(VHCA_ID)]);
}

struct rule_case {
	const char *what;
	struct change c;
	int blame;		/* the attribute the extack points at, 0: the nest */
	const char *msg;	/* the driver's */
	uint32_t syndrome;	/* the firmware model's */
};

static void rule_cases(struct __test_metadata *_metadata,
		       FIXTURE_DATA(hist) *self, bool firmware)
{
	const struct rule_case cases[] = {
		{ "bin_num 0", change(C(BIN_NUM), 0, 0), C(BIN_NUM),
		  "bin_num must be at least 1", 0x0ad52001 },
		{ "bin_num above max", change(C(BIN_NUM), 17, 0), C(BIN_NUM),
		  "bin_num is above the device's bin_num_max", 0x0ad52002 },
		{ "bin0_width 0", change(C(BIN0_WIDTH), 0, 0), C(BIN0_WIDTH),
		  "bin0_width must not be 0", 0x0ad52003 },
		{ "bin1_width 0", change(C(BIN1_WIDTH), 0, 0), C(BIN1_WIDTH),
		  "bin1_width must not be 0 when bin_num is above 1",
		  0x0ad52004 },
		/* the least bin_num the rule applies to */
		{ "bin1_width 0 with two bins",
		  change(C(BIN_NUM), 2, C(BIN1_WIDTH), 0, 0), C(BIN1_WIDTH),
		  "bin1_width must not be 0 when bin_num is above 1",
		  0x0ad52004 },
		{ "time_unit not in cap", change(C(TIME_UNIT), 3, 0),
		  C(TIME_UNIT),
		  "time_unit is not in the device's time_unit_cap", 0x0ad52005 },
		/* cap 0xb: the units on either side of 2 are in it */
		{ "time_unit in a hole of the cap", change(C(TIME_UNIT), 2, 0),
		  C(TIME_UNIT),
		  "time_unit is not in the device's time_unit_cap", 0x0ad52005 },
		{ "bin_width_mode 2", change(C(BIN_WIDTH_MODE), 2, 0),
		  C(BIN_WIDTH_MODE),
		  "bin_width_mode must be 0 (fixed) or 1 (double)", 0x0ad52006 },
		{ "vhca_id without vhca_id_valid", change(C(VHCA_ID), 3, 0),
		  C(VHCA_ID), "vhca_id is only taken with vhca_id_valid",
		  0x0ad52007 },
		{ "last edge beyond 64 bits",
		  change(C(BIN_NUM), 255, C(TIME_UNIT), 3, C(BIN1_WIDTH), 65535, 0),
		  C(BIN_NUM),
		  "bin_num: the last bin's lower edge must be below 2^64-1 ns",
		  0x0ad52008 },
		/* 1 + 2 * (2^63 - 1) ns: no 64-bit timeout lies above it. */
		{ "last edge exactly 2^64-1 ns, the most of 64 bits",
		  change(C(BIN_NUM), 65, C(TIME_UNIT), ROCE_ADP_HIST_TIME_UNIT_NS,
			 C(BIN_WIDTH_MODE), ROCE_ADP_HIST_BIN_WIDTH_MODE_DOUBLE,
			 C(BIN0_WIDTH), 1, C(BIN1_WIDTH), 2, 0),
		  C(BIN_NUM),
		  "bin_num: the last bin's lower edge must be below 2^64-1 ns",
		  0x0ad52008 },
	};
	struct hist before, after, h;
	unsigned int i;

	ASSERT_EQ(0, knob("hist_time_unit_cap", "0x7"));
	ASSERT_EQ(0, knob("hist_bin_num_max", "255"));
	ASSERT_EQ(0, get_hist(&self->sk, &self->m, "emu0", &before, &self->ack));
	/* With 255 bins allowed, bin_num above max needs a lower max. */
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct rule_case *rc = &cases[i];

		ASSERT_EQ(0, knob("hist_bin_num_max",
				  strstr(rc->what, "above max") ? "16" : "255"));
		if (strstr(rc->what, "64 bits"))
			ASSERT_EQ(0, knob("hist_time_unit_cap", "0xf"));
		if (strstr(rc->what, "hole"))
			ASSERT_EQ(0, knob("hist_time_unit_cap", "0xb"));
		EXPECT_EQ(-EINVAL, set_hist(&self->sk, &self->m, &rc->c, &h,
					    self->offs, &self->ack)) {
			TH_LOG("%s", rc->what);
		}
		expect_refusal(_metadata, &self->ack, rc->what, firmware,
			       rc->msg, self->offs[rc->blame], rc->syndrome);
		ASSERT_EQ(0, knob("hist_time_unit_cap", "0x7"));
		ASSERT_EQ(0, get_hist(&self->sk, &self->m, "emu0", &after,
				      &self->ack));
		/* The capabilities are the knobs', moved on purpose here. */
		before.cfg[C(BIN_NUM_MAX)] = after.cfg[C(BIN_NUM_MAX)];
		before.cfg[C(TIME_UNIT_CAP)] = after.cfg[C(TIME_UNIT_CAP)];
		EXPECT_EQ(0, memcmp(before.cfg, after.cfg, sizeof(before.cfg))) {
			TH_LOG("%s changed the configuration", rc->what);
		}
		before = after;
	}
}

TEST_F(hist, rules_refused_by_driver)
{
	rule_cases(_metadata, self, false);
}

TEST_F(hist, rules_refused_by_firmware)
{
	ASSERT_EQ(0, knob("skip_driver_checks", "Y"));
	rule_cases(_metadata, self, true);
}

/*
 * One ns below the boundary is taken: 64 bins double in ns, W0 2 and W1 4,
 * put the last bin's lower edge at 2 + 4 * (2^62 - 1) = 2^64 - 2 ns, and
 * the last bin counts the one timeout above it.
 */
TEST_F(hist, last_edge_2_64_minus_2_taken)
{
	struct change c = change(C(BIN_NUM), 64,
				 C(TIME_UNIT), ROCE_ADP_HIST_TIME_UNIT_NS,
				 C(BIN_WIDTH_MODE),
				 ROCE_ADP_HIST_BIN_WIDTH_MODE_DOUBLE,
				 C(BIN0_WIDTH), 2, C(BIN1_WIDTH), 4, 0);
	struct hist h;

	ASSERT_EQ(0, knob("hist_bin_num_max", "255"));
	ASSERT_EQ(0, set_hist(&self->sk, &self->m, &c, &h, self->offs,
			      &self->ack));
	ASSERT_EQ(0, feed(18446744073709551614ULL, 3));
	ASSERT_EQ(0, feed(18446744073709551615ULL, 5));
	ASSERT_EQ(0, get_hist(&self->sk, &self->m, "emu0", &h, &self->ack));
	ASSERT_EQ(64, h.nbins);
	EXPECT_EQ(3, h.count[62]);
	EXPECT_EQ(5, h.count[63]);
}

TEST_F(hist, read_only_fields_refused)
{
	static const int ro[] = { C(TIME_UNIT_CAP), C(BIN_NUM_MAX) };
	static const char *const msg[] = { "time_unit_cap is read only",
					   "bin_num_max is read only" };
	struct change c;
	struct hist h;
	unsigned int i;

	for (i = 0; i < 2; i++) {
		c = change(ro[i], 1, 0);
		EXPECT_EQ(-EINVAL, set_hist(&self->sk, &self->m, &c, &h,
					    self->offs, &self->ack));
		EXPECT_STREQ(msg[i], self->ack.msg);
		EXPECT_EQ(self->offs[ro[i]], self->ack.bad_offset);
	}
	c = change(0);
	EXPECT_EQ(-EINVAL, set_hist(&self->sk, &self->m, &c, &h, self->offs,
				    &self->ack));
	EXPECT_STREQ("no histogram field to set", self->ack.msg);
	/* Beyond the field's width: the policy. */
	c = change(C(BIN0_WIDTH), 65536, 0);
	EXPECT_EQ(-ERANGE, set_hist(&self->sk, &self->m, &c, &h, self->offs,
				    &self->ack));
	EXPECT_EQ(self->offs[C(BIN0_WIDTH)], self->ack.bad_offset);
}

/*
 * Timeouts at, just below and just above every edge land in the bin the
 * decisions say, one configuration after another.
 */
static void edges_case(struct __test_metadata *_metadata,
		       FIXTURE_DATA(hist) *self, uint32_t mode, uint32_t unit,
		       uint32_t bin_num, uint32_t bin0_width,
		       uint32_t bin1_width)
{
	struct change c = change(C(BIN_NUM), bin_num, C(TIME_UNIT), unit,
				 C(BIN_WIDTH_MODE), mode,
				 C(BIN0_WIDTH), bin0_width,
				 C(BIN1_WIDTH), bin1_width, 0);
	uint64_t want[NBINS] = {};
	struct hist h, cfg;
	uint64_t t, e;
	uint32_t i, k, n = 0;

	ASSERT_EQ(0, set_hist(&self->sk, &self->m, &c, &cfg, self->offs,
			      &self->ack));
	for (i = 0; i < cfg.bin_num; i++)
		EXPECT_EQ(0, cfg.count[i]);
	/* Each event counted a different number of times: no two alike. */
	for (i = 0; i + 1 < cfg.bin_num; i++) {
		e = edge(&cfg, i);
		for (k = 0; k < 3; k++) {
			t = e - 1 + k;
			ASSERT_EQ(0, feed(t, ++n));
			want[expect_bin(&cfg, t)] += n;
		}
	}
	ASSERT_EQ(0, feed(0, ++n));
	want[0] += n;
	/* The overflow bin: everything above its lower edge. */
	ASSERT_EQ(0, feed(18446744073709551615ULL, ++n));
	want[cfg.bin_num - 1] += n;
	ASSERT_EQ(0, feed(edge(&cfg, cfg.bin_num - 2) * 1000 + 5, ++n));
	want[cfg.bin_num - 1] += n;

	ASSERT_EQ(0, get_hist(&self->sk, &self->m, "emu0", &h, &self->ack));
	ASSERT_EQ(cfg.bin_num, h.nbins);
	for (i = 0; i < h.nbins; i++)
		EXPECT_EQ(want[i], h.count[i]) {
			TH_LOG("bin %u of %u, mode %u", i, h.bin_num,
			       h.cfg[C(BIN_WIDTH_MODE)]);
		}
}

TEST_F(hist, edges_fixed)
{
	edges_case(_metadata, self, ROCE_ADP_HIST_BIN_WIDTH_MODE_FIXED,
		   ROCE_ADP_HIST_TIME_UNIT_NS, 8, 100, 50);
	edges_case(_metadata, self, ROCE_ADP_HIST_BIN_WIDTH_MODE_FIXED,
		   ROCE_ADP_HIST_TIME_UNIT_MS, 16, 1, 1);
}

TEST_F(hist, edges_double)
{
	edges_case(_metadata, self, ROCE_ADP_HIST_BIN_WIDTH_MODE_DOUBLE,
		   ROCE_ADP_HIST_TIME_UNIT_US, 16, 16, 16);
	edges_case(_metadata, self, ROCE_ADP_HIST_BIN_WIDTH_MODE_DOUBLE,
		   ROCE_ADP_HIST_TIME_UNIT_100US, 5, 3, 7);
}

TEST_F(hist, one_bin_counts_everything)
{
	struct change c = change(C(BIN_NUM), 1, C(BIN1_WIDTH), 0, 0);
	struct hist h;

	ASSERT_EQ(0, set_hist(&self->sk, &self->m, &c, &h, self->offs,
			      &self->ack));
	ASSERT_EQ(0, feed(0, 1));
	ASSERT_EQ(0, feed(16000, 2));
	ASSERT_EQ(0, feed(16001, 4));
	ASSERT_EQ(0, feed(1000000000000ULL, 8));
	ASSERT_EQ(0, get_hist(&self->sk, &self->m, "emu0", &h, &self->ack));
	ASSERT_EQ(1, h.nbins);
	EXPECT_EQ(15, h.count[0]);
}

/* Change one field of emu0's histogram, @attr to @v: the reply in @h. */
static void set_one(struct __test_metadata *_metadata,
		    FIXTURE_DATA(hist) *self, int attr, uint32_t v,
		    struct hist *h)
{
	struct change c = change(attr, v, 0);

	ASSERT_EQ(0, set_hist(&self->sk, &self->m, &c, h, self->offs,
			      &self->ack));
}

/* Read emu0's histogram into @h: the count of bin 0. */
static uint64_t count0(struct __test_metadata *_metadata,
		       FIXTURE_DATA(hist) *self, struct hist *h)
{
	ASSERT_EQ(0, get_hist(&self->sk, &self->m, "emu0", h, &self->ack));
	return h->count[0];
}

/* With clear_on_read, two reads lose nothing; raw counters restart. */
TEST_F(hist, clear_on_read_accumulates)
{
	struct hist h;
	char raw[4096];

	ASSERT_EQ(0, feed(10, 5));
	set_one(_metadata, self, C(CLEAR_ON_READ), 1, &h);
	/* Counted before the change, kept. */
	EXPECT_EQ(5, h.count[0]);
	ASSERT_EQ(0, feed(10, 3));
	ASSERT_EQ(0, feed(20000, 7));
	EXPECT_EQ(8, count0(_metadata, self, &h));
	EXPECT_EQ(7, h.count[1]);
	ASSERT_EQ(0, sysfs_read(DBG "hist_counts", raw, sizeof(raw)));
	EXPECT_STREQ("0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", raw);
	ASSERT_EQ(0, feed(10, 1));
	EXPECT_EQ(9, count0(_metadata, self, &h));
	EXPECT_EQ(7, h.count[1]);

	/* Back off: the totals go on from the accumulator. */
	set_one(_metadata, self, C(CLEAR_ON_READ), 0, &h);
	ASSERT_EQ(0, feed(10, 2));
	EXPECT_EQ(11, count0(_metadata, self, &h));
	EXPECT_EQ(7, h.count[1]);
	ASSERT_EQ(0, sysfs_read(DBG "hist_counts", raw, sizeof(raw)));
	EXPECT_STREQ("2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", raw);
}

TEST_F(hist, count_enable_off_freezes)
{
	struct hist h;

	ASSERT_EQ(0, feed(10, 4));
	set_one(_metadata, self, C(COUNT_ENABLE), 0, &h);
	ASSERT_EQ(0, feed(10, 100));
	EXPECT_EQ(4, count0(_metadata, self, &h));
	set_one(_metadata, self, C(COUNT_ENABLE), 1, &h);
	ASSERT_EQ(0, feed(10, 1));
	EXPECT_EQ(5, count0(_metadata, self, &h));
}

TEST_F(hist, vhca_filter)
{
	static const char events[] = "10 1\n10 2 vhca 5\n10 4 vhca 6\n";
	struct change c = change(C(VHCA_ID_VALID), 1, C(VHCA_ID), 5, 0);
	struct hist h;

	ASSERT_EQ(0, set_hist(&self->sk, &self->m, &c, &h, self->offs,
			      &self->ack));
	ASSERT_EQ(0, knob("hist_event", events));
	EXPECT_EQ(2, count0(_metadata, self, &h));
	/* Without the filter, every function's count. */
	set_one(_metadata, self, C(VHCA_ID_VALID), 0, &h);
	ASSERT_EQ(0, knob("hist_event", events));
	EXPECT_EQ(9, count0(_metadata, self, &h));
	/* A bad line counts nothing of the write. */
	EXPECT_EQ(-EINVAL, knob("hist_event", "10 1\n10 x\n"));
	EXPECT_EQ(9, count0(_metadata, self, &h));
}

TEST_F(hist, clear_both_modes)
{
	struct hist h;
	char raw[4096];

	ASSERT_EQ(0, feed(10, 5));
	ASSERT_EQ(0, clear_hist(&self->sk, &self->m, &h, &self->ack));
	EXPECT_EQ(0, h.count[0]);
	/* Off: the firmware keeps its counts, shown above the baseline. */
	ASSERT_EQ(0, sysfs_read(DBG "hist_counts", raw, sizeof(raw)));
	EXPECT_EQ(0, strncmp("5 ", raw, 2));
	ASSERT_EQ(0, feed(10, 2));
	EXPECT_EQ(2, count0(_metadata, self, &h));

	set_one(_metadata, self, C(CLEAR_ON_READ), 1, &h);
	EXPECT_EQ(2, h.count[0]);
	ASSERT_EQ(0, feed(10, 3));
	ASSERT_EQ(0, clear_hist(&self->sk, &self->m, &h, &self->ack));
	EXPECT_EQ(0, h.count[0]);
	ASSERT_EQ(0, feed(10, 1));
	EXPECT_EQ(1, count0(_metadata, self, &h));
}

/* Every bin of @h holds 0. */
static bool all_zero(const struct hist *h)
{
	uint32_t i;

	for (i = 0; i < h->nbins; i++)
		if (h->count[i])
			return false;
	return h->nbins > 0;
}

/*
 * A new bin layout starts from zero: each of the five fields that make the
 * layout (bin_num, bin0_width, bin1_width, time_unit, bin_width_mode)
 * changed alone, from emu0's defaults (16 bins, 16 and 16 us, double), the
 * reply of the set and the next read show every bin at 0, and counting
 * goes on in the new layout. A change of the rest keeps the counts.
 */
static void layout_change(struct __test_metadata *_metadata,
			  FIXTURE_DATA(hist) *self, int attr, uint32_t v)
{
	struct hist h;

	ASSERT_EQ(0, feed(10, 5));
	set_one(_metadata, self, C(COUNT_ENABLE), 1, &h);
	EXPECT_EQ(5, h.count[0]);
	set_one(_metadata, self, attr, v, &h);
	EXPECT_EQ(v, h.cfg[attr]);
	EXPECT_TRUE(all_zero(&h));
	ASSERT_EQ(0, get_hist(&self->sk, &self->m, "emu0", &h, &self->ack));
	EXPECT_TRUE(all_zero(&h));
	ASSERT_EQ(0, feed(10, 3));
	EXPECT_EQ(3, count0(_metadata, self, &h));
}

TEST_F(hist, layout_change_resets_bin_num)
{
	layout_change(_metadata, self, C(BIN_NUM), 8);
}

TEST_F(hist, layout_change_resets_bin0_width)
{
	layout_change(_metadata, self, C(BIN0_WIDTH), 17);
}

TEST_F(hist, layout_change_resets_bin1_width)
{
	layout_change(_metadata, self, C(BIN1_WIDTH), 17);
}

TEST_F(hist, layout_change_resets_time_unit)
{
	/* 10 ns is still in bin 0: 16 ns wide */
	layout_change(_metadata, self, C(TIME_UNIT), ROCE_ADP_HIST_TIME_UNIT_NS);
}

TEST_F(hist, layout_change_resets_bin_width_mode)
{
	layout_change(_metadata, self, C(BIN_WIDTH_MODE),
		      ROCE_ADP_HIST_BIN_WIDTH_MODE_FIXED);
}

/* 5 timeouts counted in bin 0, then a clear: a baseline of 5 kept. */
static void counted_then_cleared(struct __test_metadata *_metadata,
				 FIXTURE_DATA(hist) *self, struct hist *h)
{
	ASSERT_EQ(0, feed(10, 5));
	set_one(_metadata, self, C(COUNT_ENABLE), 1, h);
	EXPECT_EQ(5, h->count[0]);
	ASSERT_EQ(0, clear_hist(&self->sk, &self->m, h, &self->ack));
	EXPECT_TRUE(all_zero(h));
}

/*
 * After a clear, the module keeps the firmware's counts then as their
 * baseline; a new layout drops that baseline with the counts, so the
 * first counts in the new layout show whole, not hidden beneath it.
 */
TEST_F(hist, layout_change_after_clear_counts_from_zero)
{
	struct hist h;

	counted_then_cleared(_metadata, self, &h);
	set_one(_metadata, self, C(BIN_NUM), 8, &h);
	EXPECT_TRUE(all_zero(&h));
	ASSERT_EQ(0, feed(10, 3));
	EXPECT_EQ(3, count0(_metadata, self, &h));
}

/*
 * Counters emptied behind the module's back after a clear (another
 * agent's read with clear_on_read): a bin below its baseline shows 0,
 * not a wrapped number, and the counts above the baseline once past it.
 */
TEST_F(hist, counters_below_the_baseline_show_zero)
{
	struct hist h;

	counted_then_cleared(_metadata, self, &h);
	ASSERT_EQ(0, knob("hist_counts", "0"));
	ASSERT_EQ(0, feed(10, 3));
	EXPECT_EQ(0, count0(_metadata, self, &h));
	EXPECT_TRUE(all_zero(&h));
	ASSERT_EQ(0, feed(10, 4));
	EXPECT_EQ(2, count0(_metadata, self, &h));
	EXPECT_EQ(-EINVAL, knob("hist_counts", "1"));
}

/*
 * Counters answered in another layout than the configuration just read
 * (the firmware's answer to the second command of the read carries
 * bin_num 0): not counted, EAGAIN, and the next read is whole.
 */
TEST_F(hist, counters_of_another_layout_not_taken)
{
	struct hist h;

	ASSERT_EQ(0, feed(10, 5));
	EXPECT_EQ(-EINVAL, knob("reply_next",
				"00000000 00000000 00000000 00000000 skip x"));
	ASSERT_EQ(0, knob("reply_next",
			  "00000000 00000000 00000000 00000000 skip 1"));
	EXPECT_EQ(-EAGAIN, get_hist(&self->sk, &self->m, "emu0", &h,
				    &self->ack));
	EXPECT_STREQ("histogram has 0 bins, its configuration 16: changed during the read",
		     self->ack.msg);
	EXPECT_EQ(5, count0(_metadata, self, &h));
}

TEST_F(hist, no_histogram)
{
	struct change c = change(C(BIN_NUM), 4, 0);
	struct hist h;

	ASSERT_EQ(0, knob("hist_supported", "N"));
	EXPECT_EQ(-EOPNOTSUPP, get_hist(&self->sk, &self->m, "emu0", &h,
					&self->ack));
	EXPECT_STREQ("device has no retransmission histogram", self->ack.msg);
	EXPECT_EQ(-EOPNOTSUPP, set_hist(&self->sk, &self->m, &c, &h,
					self->offs, &self->ack));
	EXPECT_STREQ("device has no retransmission histogram", self->ack.msg);
	EXPECT_EQ(-EOPNOTSUPP, clear_hist(&self->sk, &self->m, &h, &self->ack));
	/* A dump leaves it out. */
	ASSERT_EQ(0, get_hist(&self->sk, &self->m, NULL, &h, &self->ack));
	EXPECT_EQ(0, h.n);
}

TEST_F(hist, notifications)
{
	struct change c = change(C(BIN_NUM), 3, 0);
	struct nl_sock mon;
	struct hist h, ntf;
	char buf[8192];
	int n;

	ASSERT_EQ(0, nl_open(&mon, ROCE_ADP_FAMILY_NAME));
	ASSERT_EQ(0, nl_join(&mon, mon.mcgrp_config));
	ASSERT_EQ(0, set_hist(&self->sk, &self->m, &c, &h, self->offs,
			      &self->ack));
	n = nl_recv_one(&mon, buf, sizeof(buf), 2000);
	ASSERT_GT(n, 0);
	memset(&ntf, 0, sizeof(ntf));
	hist_cb((struct nlmsghdr *)buf, &ntf);
	EXPECT_EQ(ROCE_ADP_CMD_HISTOGRAM_NTF, ntf.cmd);
	EXPECT_STREQ("emu0", ntf.dev);
	EXPECT_EQ(3, ntf.bin_num);
	EXPECT_EQ(3, ntf.nbins);

	ASSERT_EQ(0, feed(10, 2));
	ASSERT_EQ(0, clear_hist(&self->sk, &self->m, &h, &self->ack));
	n = nl_recv_one(&mon, buf, sizeof(buf), 2000);
	ASSERT_GT(n, 0);
	memset(&ntf, 0, sizeof(ntf));
	hist_cb((struct nlmsghdr *)buf, &ntf);
	EXPECT_EQ(ROCE_ADP_CMD_HISTOGRAM_NTF, ntf.cmd);
	EXPECT_EQ(0, ntf.count[0]);

	/* A refused set and a get say nothing. */
	c = change(C(BIN_NUM), 0, 0);
	EXPECT_EQ(-EINVAL, set_hist(&self->sk, &self->m, &c, &h, self->offs,
				    &self->ack));
	ASSERT_EQ(0, get_hist(&self->sk, &self->m, "emu0", &h, &self->ack));
	EXPECT_EQ(-ETIMEDOUT, nl_recv_one(&mon, buf, sizeof(buf), 300));
	nl_close(&mon);
}

/* The "in" lines of knob last_cmd, newest last; how many there are. */
static int last_ins(char lines[][1024], int max)
{
	char buf[8192], *line, *save;
	int n = 0;

	if (sysfs_read(DBG "last_cmd", buf, sizeof(buf)))
		return -1;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		if (!strncmp(line, "in", 2) && n < max)
			snprintf(lines[n++], 1024, "%s", line);
	return n;
}

/* As nobody within the interval: the last read again, writes refused. */
static int nobody_in_interval(struct nl_sock *sk, struct nl_msg *m, void *arg)
{
	struct change c = change(C(BIN_NUM), 3, 0);
	uint32_t offs[NCFG];
	struct nl_ack ack;
	struct hist r;
	int i;

	/* The last read, not a new one: the 3 are not seen yet. */
	for (i = 0; i < 5; i++)
		if (get_hist(sk, m, "emu0", &r, &ack) || r.count[0])
			return 11;
	if (get_hist(sk, m, NULL, &r, &ack) || !r.n || r.count[0])
		return 12;
	if (set_hist(sk, m, &c, &r, offs, &ack) != -EPERM)
		return 13;
	if (clear_hist(sk, m, &r, &ack) != -EPERM)
		return 14;
	return 0;
}

/* As nobody after the interval: a new read, which sees the 3. */
static int nobody_reads_3(struct nl_sock *sk, struct nl_msg *m, void *arg)
{
	struct nl_ack ack;
	struct hist r;

	if (get_hist(sk, m, "emu0", &r, &ack) || r.count[0] != 3)
		return 11;
	return 0;
}

/* Unprivileged: reads work, share one device read per interval. */
TEST_F(hist, unprivileged)
{
	char lines[4][1024];
	struct hist h;

	ASSERT_EQ(0, sysfs_write(PARAM, "60000"));
	ASSERT_EQ(0, get_hist(&self->sk, &self->m, "emu0", &h, &self->ack));
	ASSERT_EQ(0, feed(10, 3));
	ASSERT_EQ(0, knob("last_cmd", "0"));
	EXPECT_EQ(0, nl_child(nobody_in_interval, NULL, 65534));
	/* No command reached the device. */
	EXPECT_EQ(0, last_ins(lines, 4));

	/* Once the interval is over, an unprivileged read reads the device. */
	ASSERT_EQ(0, sysfs_write(PARAM, "10"));
	usleep(50 * 1000);
	EXPECT_EQ(0, nl_child(nobody_reads_3, NULL, 65534));
	EXPECT_EQ(2, last_ins(lines, 4));
	ASSERT_EQ(0, sysfs_write(PARAM, "1000"));
}

/*
 * The mailboxes, dword by dword as knob last_cmd shows them, built here
 * from the reference's positions: ACCESS_REG 0x805, op_mod, register_id;
 * the configuration's dword 0 (count_enable 31, clear_on_read 30,
 * vhca_id_valid 29, time_unit 27:26, bin_width_mode 25:24), dword 1
 * (bin_num 31:24, vhca_id 15:0), dword 2 (bin0_width 31:16, bin1_width
 * 15:0); a histogram read of exactly 0x10 + 8 * bin_num bytes.
 */
TEST_F(hist, mailbox_bytes)
{
	struct change c = change(C(BIN_NUM), 2, C(CLEAR_ON_READ), 1,
				 C(VHCA_ID_VALID), 1, C(VHCA_ID), 0x1234,
				 C(TIME_UNIT), ROCE_ADP_HIST_TIME_UNIT_100US,
				 C(BIN_WIDTH_MODE),
				 ROCE_ADP_HIST_BIN_WIDTH_MODE_FIXED,
				 C(BIN0_WIDTH), 0xabc, C(BIN1_WIDTH), 0x5, 0);
	char lines[4][1024], want[1024];
	uint32_t dw0, dw1, dw2;
	struct hist h;
	int len, i, n;

	ASSERT_EQ(0, set_hist(&self->sk, &self->m, &c, &h, self->offs,
			      &self->ack));
	/* read config, read counts, write config, read config, read counts */
	n = last_ins(lines, 4);
	ASSERT_EQ(4, n);
	dw0 = 1u << 31 | 1u << 30 | 1u << 29 | 2u << 26 | 0u << 24;
	dw1 = 2u << 24 | 0x1234;
	dw2 = 0xabcu << 16 | 0x5;
	len = snprintf(want, sizeof(want),
		       "in 08050000 00000000 0000c01d 00000000 %08x %08x %08x",
		       dw0, dw1, dw2);
	for (i = 3; i < 0x80 / 4; i++)
		len += snprintf(want + len, sizeof(want) - len, " 00000000");
	EXPECT_STREQ(want, lines[1]);

	/* The read after it: two counters, 0x20 bytes of register. */
	len = snprintf(want, sizeof(want),
		       "in 08050000 00000001 0000c01e 00000000");
	for (i = 0; i < (0x10 + 8 * 2) / 4; i++)
		len += snprintf(want + len, sizeof(want) - len, " 00000000");
	EXPECT_STREQ(want, lines[3]);
	len = snprintf(want, sizeof(want),
		       "in 08050000 00000001 0000c01d 00000000");
	for (i = 0; i < 0x80 / 4; i++)
		len += snprintf(want + len, sizeof(want) - len, " 00000000");
	EXPECT_STREQ(want, lines[2]);
}

/* What dev-get shows of emu0's restore. */
struct restore_view {
	int resets;
	int outcome;
	bool has_hist;
	uint32_t hist[NCFG];
};

static int restore_cb(const struct nlmsghdr *nlh, void *arg)
{
	const struct nlattr *tb[ROCE_ADP_A_MAX + 1];
	const struct nlattr *rtb[ROCE_ADP_A_RESTORE_MAX + 1];
	const struct nlattr *htb[NCFG];
	struct restore_view *v = arg;
	int t;

	nl_parse_genl(nlh, tb, ROCE_ADP_A_MAX);
	if (!tb[ROCE_ADP_A_RESTORE])
		return 0;
	nl_parse(nl_data(tb[ROCE_ADP_A_RESTORE]), nl_len(tb[ROCE_ADP_A_RESTORE]),
		 rtb, ROCE_ADP_A_RESTORE_MAX);
	if (rtb[ROCE_ADP_A_RESTORE_RESETS])
		v->resets = nl_get_u32(rtb[ROCE_ADP_A_RESTORE_RESETS]);
	if (rtb[ROCE_ADP_A_RESTORE_OUTCOME])
		v->outcome = nl_get_u32(rtb[ROCE_ADP_A_RESTORE_OUTCOME]);
	v->has_hist = rtb[ROCE_ADP_A_RESTORE_HISTOGRAM_CONFIG];
	if (!v->has_hist)
		return 0;
	nl_parse(nl_data(rtb[ROCE_ADP_A_RESTORE_HISTOGRAM_CONFIG]),
		 nl_len(rtb[ROCE_ADP_A_RESTORE_HISTOGRAM_CONFIG]), htb,
		 NCFG - 1);
	for (t = 1; t < NCFG; t++)
		if (htb[t])
			v->hist[t] = cfg_is_u8(t) ? nl_get_u8(htb[t]) :
						    nl_get_u32(htb[t]);
		else
			v->hist[t] = UINT32_MAX;
	return 0;
}

static int restore_view(struct nl_sock *sk, struct nl_msg *m,
			struct restore_view *v)
{
	struct nl_ack ack;

	memset(v, 0, sizeof(*v));
	v->resets = -1;
	return nl_dev_cmd(sk, m, ROCE_ADP_CMD_DEV_GET, "emu0", restore_cb, v,
			  &ack);
}

/* Until emu0's restore counted reset number @n; bounded for a stuck test. */
static int wait_restored(struct nl_sock *sk, struct nl_msg *m, int n,
			 struct restore_view *v)
{
	double end = now_ms() + 30000;

	while (!restore_view(sk, m, v) && v->resets < n && now_ms() < end)
		usleep(10 * 1000);
	return v->resets == n ? 0 : -1;
}

static uint64_t total(const struct hist *h)
{
	uint64_t sum = 0;
	uint32_t i;

	for (i = 0; i < h->nbins; i++)
		sum += h->count[i];
	return sum;
}

/* The layout set before a reset is back after it, the totals kept. */
TEST_F(hist, reset_restores_configuration_and_keeps_totals)
{
	struct change c = change(C(BIN_NUM), 5, C(BIN_WIDTH_MODE),
				 ROCE_ADP_HIST_BIN_WIDTH_MODE_FIXED,
				 C(VHCA_ID_VALID), 1, C(VHCA_ID), 0, 0);
	struct restore_view v;
	struct hist h;

	ASSERT_EQ(0, set_hist(&self->sk, &self->m, &c, &h, self->offs,
			      &self->ack));
	ASSERT_EQ(0, restore_view(&self->sk, &self->m, &v));
	ASSERT_TRUE(v.has_hist);
	EXPECT_EQ(5, v.hist[C(BIN_NUM)]);
	EXPECT_EQ(ROCE_ADP_HIST_BIN_WIDTH_MODE_FIXED, v.hist[C(BIN_WIDTH_MODE)]);
	EXPECT_EQ(1, v.hist[C(VHCA_ID_VALID)]);
	EXPECT_EQ(0, v.hist[C(CLEAR_ON_READ)]);
	/* read-only fields are not the restore's */
	EXPECT_EQ(UINT32_MAX, v.hist[C(BIN_NUM_MAX)]);
	EXPECT_EQ(UINT32_MAX, v.hist[C(TIME_UNIT_CAP)]);

	ASSERT_EQ(0, feed(10, 100));
	ASSERT_EQ(100, count0(_metadata, self, &h));
	ASSERT_EQ(0, knob("fw_reset", "20"));
	ASSERT_EQ(0, wait_restored(&self->sk, &self->m, 1, &v));
	EXPECT_EQ(ROCE_ADP_RESTORE_OUTCOME_RESTORED, v.outcome);
	ASSERT_EQ(0, get_hist(&self->sk, &self->m, "emu0", &h, &self->ack));
	expect_cfg(_metadata, &h, c);
	EXPECT_EQ(5, h.nbins);
	EXPECT_EQ(100, h.count[0]);
	/* the firmware counts in the restored layout, after the 100 */
	ASSERT_EQ(0, feed(10, 1));
	EXPECT_EQ(101, count0(_metadata, self, &h));
}

/*
 * Each reset adds what the firmware counted since the one before to the
 * totals: 100 before the first, 1 between them, 1 after the second.
 */
TEST_F(hist, totals_kept_over_two_resets)
{
	struct change c = change(C(BIN_NUM), 5, 0);
	struct restore_view v;
	struct hist h;

	ASSERT_EQ(0, set_hist(&self->sk, &self->m, &c, &h, self->offs,
			      &self->ack));
	ASSERT_EQ(0, feed(10, 100));
	ASSERT_EQ(100, count0(_metadata, self, &h));
	ASSERT_EQ(0, knob("fw_reset", "20"));
	ASSERT_EQ(0, wait_restored(&self->sk, &self->m, 1, &v));
	EXPECT_EQ(100, count0(_metadata, self, &h));
	ASSERT_EQ(0, feed(10, 1));
	EXPECT_EQ(101, count0(_metadata, self, &h));

	ASSERT_EQ(0, knob("fw_reset", "20"));
	ASSERT_EQ(0, wait_restored(&self->sk, &self->m, 2, &v));
	EXPECT_EQ(ROCE_ADP_RESTORE_OUTCOME_RESTORED, v.outcome);
	EXPECT_EQ(101, count0(_metadata, self, &h));
	ASSERT_EQ(0, feed(10, 1));
	EXPECT_EQ(102, count0(_metadata, self, &h));
	EXPECT_EQ(102, total(&h));
}

/* Does a task of the system run @fn, per its kernel stack? */
static bool task_in(const char *fn)
{
	struct dirent *d;
	bool found = false;
	DIR *proc;

	proc = opendir("/proc");
	if (!proc)
		return false;
	while (!found && (d = readdir(proc)))
		if (d->d_name[0] >= '0' && d->d_name[0] <= '9')
			found = stack_has(atoi(d->d_name), fn);
	closedir(proc);
	return found;
}

static bool hang_taken(const void *arg)
{
	return sysfs_read_long(DBG "hang_next") == 0;
}

/* @arg, a pid, waits in the histogram GET's prepare for cfg_lock. */
static bool pid_waits(const void *arg)
{
	return sleeps_in(*(const pid_t *)arg, "radp_nl_hist_prepare");
}

static bool restore_waits(const void *arg)
{
	return task_in("radp_restore_work");
}

/*
 * 100 counted timeouts, then a reset; a read queued for the device before
 * the restore work (both wait for the device's lock, held by a set whose
 * command hangs) runs first: it sees the firmware's counters restarted,
 * and the total is still 100.
 */
TEST_F_TIMEOUT(hist, read_before_restore_keeps_totals, 120)
{
	pid_t holder, reader;
	struct restore_view v;
	struct nl_sock sk;
	struct nl_msg *m;
	struct nl_ack ack;
	struct hist h;
	int status;

	ASSERT_EQ(0, feed(10, 100));
	ASSERT_EQ(100, count0(_metadata, self, &h));

	ASSERT_EQ(0, sysfs_write("/sys/module/roce_adp/parameters/cmd_timeout_ms",
				 "5000"));
	ASSERT_EQ(0, knob("hang_next", "1"));
	holder = nl_fork(&sk, &m, 0);
	ASSERT_GE(holder, 0);
	if (!holder) {
		struct change c = change(C(BIN_NUM), 3, 0);
		uint32_t offs[NCFG];

		_exit(set_hist(&sk, m, &c, &h, offs, &ack) == -ETIMEDOUT ? 0 : 1);
	}
	ASSERT_TRUE(wait_until(hang_taken, NULL));
	reader = nl_fork(&sk, &m, 0);
	ASSERT_GE(reader, 0);
	if (!reader) {
		if (get_hist(&sk, m, "emu0", &h, &ack))
			_exit(255);
		_exit(total(&h) > 254 ? 254 : total(&h));
	}
	ASSERT_TRUE(wait_until(pid_waits, &reader));
	/* the reset ends while both wait: its restore work waits behind */
	ASSERT_EQ(0, knob("fw_reset", "20"));
	ASSERT_TRUE(wait_until(restore_waits, NULL));
	ASSERT_EQ(holder, waitpid(holder, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status));
	ASSERT_EQ(reader, waitpid(reader, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(100, WEXITSTATUS(status));
	ASSERT_EQ(0, wait_restored(&self->sk, &self->m, 1, &v));
	EXPECT_EQ(100, count0(_metadata, self, &h));
	ASSERT_EQ(0, feed(10, 1));
	EXPECT_EQ(101, count0(_metadata, self, &h));
}

TEST_HARNESS_MAIN
