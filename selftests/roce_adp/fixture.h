/* SPDX-License-Identifier: GPL-2.0 */
/* The fixture of the guest tests that start from a fresh roce_adp. */
#ifndef _RADP_SELFTEST_FIXTURE_H
#define _RADP_SELFTEST_FIXTURE_H

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

#endif /* _RADP_SELFTEST_FIXTURE_H */
