/* SPDX-License-Identifier: GPL-2.0 */
/* The fixture of the guest tests that start from a fresh roce_adp. */
#ifndef _RADP_SELFTEST_FIXTURE_H
#define _RADP_SELFTEST_FIXTURE_H

#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "nl.h"

/*
 * FIXTURE(@name) whose every test starts from a freshly loaded roce_adp
 * (emu0 at the firmware's defaults, the module parameters at theirs):
 * self->sk open on the family, self->m and self->ack for its requests,
 * then the members given in @... .
 */
#define NL_FIXTURE(name, ...)						\
	FIXTURE(name) {							\
		struct nl_sock sk;					\
		struct nl_msg m;					\
		struct nl_ack ack;					\
		__VA_ARGS__						\
	};								\
	FIXTURE_SETUP(name)						\
	{								\
		ASSERT_EQ(0, nl_reload());				\
		ASSERT_EQ(0, nl_open(&self->sk, ROCE_ADP_FAMILY_NAME));	\
	}								\
	FIXTURE_TEARDOWN(name)						\
	{								\
		nl_close(&self->sk);					\
	}

/*
 * The extack of a request broken by rule @what: refused by the driver,
 * @msg pointing at @offset; with @firmware, by the firmware model, status
 * BAD_PARAM and @syndrome.
 */
static inline void expect_refusal(struct __test_metadata *_metadata,
				  const struct nl_ack *ack, const char *what,
				  bool firmware, const char *msg,
				  uint32_t offset, uint32_t syndrome)
{
	char fw_msg[128];

	if (firmware) {
		snprintf(fw_msg, sizeof(fw_msg),
			 "firmware status BAD_PARAM (0x03), syndrome 0x%08x",
			 syndrome);
		EXPECT_STREQ(fw_msg, ack->msg);
	} else {
		EXPECT_STREQ(msg, ack->msg);
		EXPECT_EQ(offset, ack->bad_offset) {
			TH_LOG("%s", what);
		}
	}
}

/* Does the kernel stack of task @pid hold @fn? */
static inline bool stack_has(pid_t pid, const char *fn)
{
	char path[64], buf[4096];

	snprintf(path, sizeof(path), "/proc/%d/stack", pid);
	return !sysfs_read(path, buf, sizeof(buf)) && strstr(buf, fn);
}

/*
 * Is @pid asleep (state D) with @fn on top of its kernel stack? Where it
 * waits for a mutex, the stack shows no scheduler function (mutex_lock*()
 * included): the caller is its top line.
 */
static inline bool sleeps_in(pid_t pid, const char *fn)
{
	char path[64], buf[4096], *p;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if (sysfs_read(path, buf, sizeof(buf)))
		return false;
	p = strrchr(buf, ')');
	if (!p || strncmp(p, ") D", 3))
		return false;
	snprintf(path, sizeof(path), "/proc/%d/stack", pid);
	if (sysfs_read(path, buf, sizeof(buf)))
		return false;
	p = strchr(buf, ']');
	return p && !strncmp(p + 2, fn, strlen(fn)) &&
	       strchr("+ \n", p[2 + strlen(fn)]);
}

/*
 * Until @cond(@arg) holds, polled every 10 ms: for what the kernel shows
 * only by its state. The bound is for a stuck test, not a measure; false
 * when it never held.
 */
static inline bool wait_until(bool (*cond)(const void *arg), const void *arg)
{
	double end = now_ms() + 30000;

	while (!cond(arg))
		if (now_ms() > end)
			return false;
		else
			usleep(10 * 1000);
	return true;
}

#endif /* _RADP_SELFTEST_FIXTURE_H */
