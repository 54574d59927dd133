// SPDX-License-Identifier: GPL-2.0
/*
 * Who may use each operation of the family. The rule is in the table
 * below, which must match Documentation/netlink.rst ("Permissions") and the
 * GENL_ADMIN_PERM flags the kernel reports for its operations: an operation
 * the kernel has and the table does not fails the test.
 *
 * Each operation, as a do and as a dump where it has one, is sent by:
 *  - root: it works;
 *  - uid 65534 without capabilities: EPERM for admin operations, the
 *    others work;
 *  - uid 65534 inside a user namespace of its own, mapped to root there,
 *    so with CAP_NET_ADMIN only in that namespace: the same as uid 65534,
 *    because GENL_ADMIN_PERM asks for the capability in the initial one;
 *  - root inside a new user namespace (uid 0 mapped to 0): the same.
 */

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/roce_adp.h>

#include "nl.h"
#include "nl_policy.h"
#include "tap.h"

/* The rule, one row per operation, as Documentation/netlink.rst says. */
static const struct {
	uint32_t cmd;
	const char *name;
	bool admin;
} rules[] = {
	{ ROCE_ADP_CMD_DEV_GET, "dev-get", false },
	{ ROCE_ADP_CMD_ACCL_GET, "accl-get", false },
	{ ROCE_ADP_CMD_ACCL_SET, "accl-set", true },
	{ ROCE_ADP_CMD_PROFILE_GET, "profile-get", false },
	{ ROCE_ADP_CMD_PROFILE_SET, "profile-set", true },
	{ ROCE_ADP_CMD_MPT_GET, "mpt-get", true },
	{ ROCE_ADP_CMD_PROFILE_FORGET, "profile-forget", true },
	{ ROCE_ADP_CMD_HISTOGRAM_GET, "histogram-get", false },
	{ ROCE_ADP_CMD_HISTOGRAM_SET, "histogram-set", true },
	{ ROCE_ADP_CMD_HISTOGRAM_CLEAR, "histogram-clear", true },
};

#define N_RULES ARRAY_SIZE(rules)

enum who { ROOT, NOBODY, NOBODY_USERNS, ROOT_USERNS, N_WHO };

static const char * const who_name[N_WHO] = {
	"root", "uid 65534", "uid 65534 as root of its user namespace",
	"root in a new user namespace",
};

/* What the children saw: errno of [rule][dump][who], 1 if not run. */
struct results {
	int err[N_RULES][2][N_WHO];
	bool userns_skipped[N_WHO];
	char userns_why[N_WHO][80];
};

static struct nlp_family fam;
static struct results *res;

/*
 * Root's view of the state, read by a GET and written back unchanged by
 * its SET: the nest @attr of the reply, header included.
 */
static struct state_copy {
	uint32_t get;
	uint32_t set;
	uint16_t attr;
	uint8_t nest[2048];
	size_t len;
} state_copies[] = {
	{ .get = ROCE_ADP_CMD_ACCL_GET, .set = ROCE_ADP_CMD_ACCL_SET,
	  .attr = ROCE_ADP_A_ACCL },
	{ .get = ROCE_ADP_CMD_PROFILE_GET, .set = ROCE_ADP_CMD_PROFILE_SET,
	  .attr = ROCE_ADP_A_PROFILE },
};

static int grab_cb(const struct nlmsghdr *nlh, void *arg)
{
	const struct nlattr *tb[ROCE_ADP_A_MAX + 1];
	struct state_copy *c = arg;
	const struct nlattr *a;

	nl_parse_genl(nlh, tb, ROCE_ADP_A_MAX);
	a = tb[c->attr];
	if (a && !c->len && a->nla_len <= sizeof(c->nest)) {
		memcpy(c->nest, a, a->nla_len);
		c->len = a->nla_len;
	}
	return 0;
}

/* A nest as a reply had it (@len bytes with its header), as @type. */
static void put_nest_copy(struct nl_msg *m, uint16_t type, const void *nest,
			  int len)
{
	nl_put(m, type | NLA_F_NESTED, (const uint8_t *)nest + NLA_HDRLEN,
	       len - NLA_HDRLEN);
}

/* The request each row sends: one that root gets through. */
static void build(struct nl_sock *sk, struct nl_msg *m, uint32_t cmd,
		  bool dump)
{
	const struct state_copy *c;

	nl_dev_req(sk, m, cmd, dump, dump ? NULL : "emu0");
	if (dump)
		return;
	for (c = state_copies; c < state_copies + ARRAY_SIZE(state_copies); c++)
		if (c->set == cmd)
			put_nest_copy(m, c->attr, c->nest, c->len);
	switch (cmd) {
	case ROCE_ADP_CMD_PROFILE_GET:
		nl_put_u32(m, ROCE_ADP_A_PROFILE_ID, 1);
		break;
	case ROCE_ADP_CMD_MPT_GET:
		nl_put_u32(m, ROCE_ADP_A_MPT_INDEX, 0);
		break;
	case ROCE_ADP_CMD_HISTOGRAM_SET:
		nl_nest_start(m, ROCE_ADP_A_HISTOGRAM_CONFIG);
		nl_put_u8(m, ROCE_ADP_A_HISTOGRAM_CONFIG_COUNT_ENABLE, 1);
		nl_nest_end(m);
		break;
	}
}

static void run_all(enum who who)
{
	static struct nl_msg m;
	struct nl_sock sk;
	unsigned int r;
	int d, err;

	err = nl_open(&sk, ROCE_ADP_FAMILY_NAME);
	for (r = 0; r < N_RULES; r++) {
		const struct nlp_op *op = nlp_op_find(&fam, rules[r].cmd);

		for (d = 0; d < 2; d++) {
			if (!op || !(op->flags & (d ? GENL_CMD_CAP_DUMP :
						  GENL_CMD_CAP_DO)))
				continue;
			if (err) {
				res->err[r][d][who] = err;
				continue;
			}
			build(&sk, &m, rules[r].cmd, d);
			res->err[r][d][who] = nl_send_recv(&sk, &m, NULL, NULL,
							   NULL);
		}
	}
	if (!err)
		nl_close(&sk);
}

/* A child process becomes @who, then runs every request. */
static void as(enum who who)
{
	pid_t pid = fork();
	char map[32];
	uid_t outer;
	int err;

	if (pid < 0) {
		perror("fork");
		exit(1);
	}
	if (pid) {
		waitpid(pid, NULL, 0);
		return;
	}
	if ((who == NOBODY || who == NOBODY_USERNS) &&
	    (setgid(65534) || setuid(65534)))
		_exit(1);
	/* Changing uid made /proc/self root's; uid_map needs it ours. */
	prctl(PR_SET_DUMPABLE, 1);
	if (who == NOBODY_USERNS || who == ROOT_USERNS) {
		outer = geteuid();
		if (unshare(CLONE_NEWUSER)) {
			res->userns_skipped[who] = true;
			snprintf(res->userns_why[who], 80, "unshare: %s",
				 strerror(errno));
			_exit(0);
		}
		snprintf(map, sizeof(map), "0 %u 1", outer);
		err = sysfs_write("/proc/self/setgroups", "deny");
		err = err ?: sysfs_write("/proc/self/uid_map", map);
		if (err || geteuid() != 0) {
			res->userns_skipped[who] = true;
			snprintf(res->userns_why[who], 80, "uid_map: %s",
				 strerror(-err));
			_exit(0);
		}
	}
	run_all(who);
	_exit(0);
}

int main(void)
{
	struct state_copy *c;
	static struct nl_msg m;
	struct nl_sock sk;
	int plan = 1, i, err, w, d;
	unsigned int r;

	res = mmap(NULL, sizeof(*res), PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (res == MAP_FAILED)
		return 1;
	memset(res, 0, sizeof(*res));
	for (r = 0; r < N_RULES; r++)
		for (d = 0; d < 2; d++)
			for (w = 0; w < N_WHO; w++)
				res->err[r][d][w] = 1;

	tap_start();
	err = nl_open(&sk, ROCE_ADP_FAMILY_NAME) ?:
	      nlp_describe(&sk, ROCE_ADP_FAMILY_NAME, &fam);
	if (err) {
		tap_result(false, "roce_adp family resolves: %s",
			   strerror(-err));
		return tap_end();
	}

	for (c = state_copies; c < state_copies + ARRAY_SIZE(state_copies); c++) {
		build(&sk, &m, c->get, false);
		err = nl_send_recv(&sk, &m, grab_cb, c, NULL);
		if (err || !c->len) {
			tap_result(false, "emu0's state read: %s",
				   strerror(-err));
			return tap_end();
		}
	}

	for (i = 0; i < fam.n_ops; i++)
		plan += N_WHO * (!!(fam.op[i].flags & GENL_CMD_CAP_DO) +
				 !!(fam.op[i].flags & GENL_CMD_CAP_DUMP));
	tap_plan(plan);
	/* The kernel's operations, their flags and the table agree. */
	err = 0;
	for (i = 0; i < fam.n_ops; i++) {
		const struct nlp_op *op = &fam.op[i];
		bool admin = op->flags & GENL_ADMIN_PERM;

		for (r = 0; r < N_RULES && rules[r].cmd != op->cmd; r++)
			;
		if (r == N_RULES) {
			tap_diag("operation %u is not in the table (nor the documentation)",
				 op->cmd);
			err = 1;
		} else if (rules[r].admin != admin) {
			tap_diag("%s: the kernel says %s, the table %s",
				 rules[r].name, admin ? "admin" : "open",
				 rules[r].admin ? "admin" : "open");
			err = 1;
		}
		if (op->flags & GENL_UNS_ADMIN_PERM) {
			tap_diag("operation %u takes CAP_NET_ADMIN of a user namespace",
				 op->cmd);
			err = 1;
		}
	}
	for (r = 0; r < N_RULES; r++) {
		if (!nlp_op_find(&fam, rules[r].cmd)) {
			tap_diag("%s is in the table, not in the kernel",
				 rules[r].name);
			err = 1;
		}
		tap_diag("rule: %-12s %s", rules[r].name,
			 rules[r].admin ? "CAP_NET_ADMIN (initial namespace)" :
					  "anyone");
	}
	tap_result(!err, "the table matches the kernel's GENL_ADMIN_PERM flags");

	for (w = 0; w < N_WHO; w++)
		as(w);

	for (i = 0; i < fam.n_ops; i++) {
		const struct nlp_op *op = &fam.op[i];

		for (r = 0; r < N_RULES && rules[r].cmd != op->cmd; r++)
			;
		for (d = 0; d < 2; d++) {
			bool cap = op->flags & (d ? GENL_CMD_CAP_DUMP :
						    GENL_CMD_CAP_DO);

			for (w = 0; w < N_WHO; w++) {
				bool admin = r < N_RULES ? rules[r].admin :
					     op->flags & GENL_ADMIN_PERM;
				int want = w != ROOT && admin ? -EPERM : 0;
				int got;

				if (!cap)
					continue;
				if (r == N_RULES) {
					tap_result(false, "op %u %s by %s: not in the table",
						   op->cmd, d ? "dump" : "do",
						   who_name[w]);
					continue;
				}
				if (res->userns_skipped[w]) {
					tap_skip(res->userns_why[w], "%s %s by %s",
						 rules[r].name,
						 d ? "dump" : "do", who_name[w]);
					continue;
				}
				got = res->err[r][d][w];
				tap_result(got == want, "%s %s by %s: %s (want %s)",
					   rules[r].name, d ? "dump" : "do",
					   who_name[w],
					   got == 1 ? "not run" :
					   got ? strerrorname_np(-got) : "works",
					   want ? "EPERM" : "works");
			}
		}
	}
	nl_close(&sk);
	/* Root's PROFILE_SET made profile 1 active: leave a fresh emu0. */
	if (!sysfs_write("/sys/bus/roce_adp/del_device", "0"))
		sysfs_write("/sys/bus/roce_adp/new_device", "0");
	return tap_end();
}
