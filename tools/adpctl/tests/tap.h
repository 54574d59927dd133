/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What adpctl's host test programs share: a runner of their cases (its
 * TAP is selftests/lib/tap.h's), capture of what the print layer writes,
 * and comparisons that say what differs.
 */
#ifndef ADPCTL_TESTS_TAP_H
#define ADPCTL_TESTS_TAP_H

#include <stdbool.h>
#include <stddef.h>

#define PYTHON	"/usr/bin/python3"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

struct tap_test {
	const char *name;
	bool (*run)(void);
};

/*
 * Set by a test that could not run, with the reason: the case is a skip.
 * Only for what the machine cannot offer (a module loaded where its
 * absence is tested): what "make setup" installs is tap_missing()'s, and
 * what the program exists to reach, a failure.
 */
extern const char *tap_skip_reason;
/* A dependency "make setup" installs is missing: a failure, which says so. */
bool tap_missing(const char *what);
/* Run the tests as TAP; the exit status for main(). */
int tap_main(const struct tap_test *tests, size_t n);
/*
 * main() of a test program that needs nothing else: the tests are the
 * arguments, struct tap_test initializers ({ "name", run }), run in turn.
 */
#define TAP_MAIN(...)							\
	static const struct tap_test tap_tests[] = { __VA_ARGS__ };	\
	int main(void)							\
	{								\
		return tap_main(tap_tests, ARRAY_SIZE(tap_tests));	\
	}
/*
 * tap_main() in a scratch directory: dir, a mkdtemp() template, is made,
 * filled by setup (or NULL), and removed with what is in it after the
 * tests.
 */
int tap_main_in(const struct tap_test *tests, size_t n, char *dir,
		bool (*setup)(const char *dir));

/* What the print layer wrote between capture() and release(). */
extern char *out_buf, *err_buf;
void capture(bool json, bool pretty);
void release(void);
/* ADPCTL_RECORD is set: captures go to a transcript (tests/golden.py). */
bool tap_recording(void);

/*
 * The exit status and what was captured are these; else TAP diagnostics
 * of what differs.
 */
bool outcome(int ret, int want_ret, const char *want_out,
	     const char *want_err);
/* outcome() for any stdout. */
bool outcome_err(int ret, int want_ret, const char *want_err);
/* got equals want; else a TAP diagnostic naming what. */
bool same(const char *what, const char *got, const char *want);
/* part is in got; else a TAP diagnostic naming what, with got. */
bool contains(const char *what, const char *got, const char *part);
/* python3 loads json and finds it equal to the expression expect_py. */
bool python_accepts(const char *json, const char *expect_py);

#endif /* ADPCTL_TESTS_TAP_H */
