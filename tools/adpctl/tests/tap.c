// SPDX-License-Identifier: GPL-2.0
/* The TAP runner and output capture of adpctl's host tests; see tap.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "../print.h"
#include "../../../selftests/lib/tap.h"
#include "tap.h"

const char *tap_skip_reason;
char *out_buf, *err_buf;
static size_t out_len, err_len;
static FILE *out_fp, *err_fp;

/*
 * With ADPCTL_RECORD=FILE, every capture is appended to FILE, named by its
 * test and its number in it: tests/golden.py compares that transcript
 * with the recorded one, byte for byte.
 */
static const char *cur_test;
static int cur_capture;
static bool cap_json, cap_pretty;
static FILE *record_fp;

static void record(void)
{
	const char *path = getenv("ADPCTL_RECORD");

	if (!path || !cur_test)
		return;
	if (!record_fp) {
		record_fp = fopen(path, "w");
		if (!record_fp) {
			tap_bail("%s: %s", path, strerror(errno));
			exit(1);
		}
	}
	fprintf(record_fp, "=== %s #%d%s%s\n%s\n--- stderr\n%s\n", cur_test,
		++cur_capture, cap_json ? " -j" : "", cap_pretty ? " -p" : "",
		out_buf ?: "", err_buf ?: "");
	fflush(record_fp);
}

bool tap_recording(void)
{
	return getenv("ADPCTL_RECORD");
}

void capture(bool json, bool pretty)
{
	free(out_buf);
	free(err_buf);
	out_buf = err_buf = NULL;
	out_fp = open_memstream(&out_buf, &out_len);
	err_fp = open_memstream(&err_buf, &err_len);
	if (!out_fp || !err_fp) {
		tap_bail("open_memstream: %s", strerror(errno));
		exit(1);
	}
	cap_json = json;
	cap_pretty = pretty;
	print_init(out_fp, err_fp, json, pretty);
}

void release(void)
{
	print_fini();
	fclose(out_fp);
	fclose(err_fp);
	record();
}

bool same(const char *what, const char *got, const char *want)
{
	if (!strcmp(got, want))
		return true;
	printf("# %s differs\n# got:  \"%s\"\n# want: \"%s\"\n", what, got,
	       want);
	return false;
}

bool contains(const char *what, const char *got, const char *part)
{
	if (strstr(got, part))
		return true;
	printf("# %s lacks \"%s\"\n# got: \"%s\"\n", what, part, got);
	return false;
}

bool tap_missing(const char *what)
{
	tap_diag("%s is missing: 'make setup' installs it", what);
	return false;
}

bool outcome(int ret, int want_ret, const char *want_out,
	     const char *want_err)
{
	bool ok = ret == want_ret;

	if (!ok)
		tap_diag("exit %d, want %d", ret, want_ret);
	ok &= same("stdout", out_buf, want_out);
	return same("stderr", err_buf, want_err) && ok;
}

bool outcome_err(int ret, int want_ret, const char *want_err)
{
	bool ok = ret == want_ret;

	if (!ok)
		tap_diag("exit %d, want %d", ret, want_ret);
	return same("stderr", err_buf, want_err) && ok;
}

bool python_accepts(const char *json, const char *expect_py)
{
	static const char script[] =
		"import json, sys\n"
		"v = json.load(open(sys.argv[1], encoding='utf-8'))\n"
		"sys.exit(0 if v == eval(sys.argv[2]) else 1)\n";
	char path[] = "/tmp/adpctl-test-XXXXXX";
	int fd, status = -1;
	pid_t pid;
	FILE *fp;

	if (access(PYTHON, X_OK))
		return tap_missing(PYTHON);
	fd = mkstemp(path);
	if (fd < 0)
		return false;
	fp = fdopen(fd, "w");
	fputs(json, fp);
	fclose(fp);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		execl(PYTHON, PYTHON, "-c", script, path, expect_py,
		      (char *)NULL);
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, &status, 0);
	unlink(path);
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		printf("# python rejected or differs: %s", json);
		return false;
	}
	return true;
}

int tap_main(const struct tap_test *tests, size_t n)
{
	size_t i;

	setvbuf(stdout, NULL, _IONBF, 0);
	tap_start();
	tap_plan(n);
	for (i = 0; i < n; i++) {
		bool pass;

		tap_skip_reason = NULL;
		cur_test = tests[i].name;
		cur_capture = 0;
		pass = tests[i].run();
		if (pass && tap_skip_reason)
			tap_skip(tap_skip_reason, "%s", tests[i].name);
		else
			tap_result(pass, "%s", tests[i].name);
	}
	free(out_buf);
	free(err_buf);
	out_buf = err_buf = NULL;
	if (record_fp)
		fclose(record_fp);
	return tap_end();
}

int tap_main_in(const struct tap_test *tests, size_t n, char *dir,
		bool (*setup)(const char *dir))
{
	char rm[320];
	int ret;

	if (!mkdtemp(dir)) {
		return tap_bail("mkdtemp %s: %s", dir, strerror(errno));
	}
	if (setup && !setup(dir)) {
		ret = tap_bail("cannot fill %s", dir);
	} else {
		ret = tap_main(tests, n);
	}
	snprintf(rm, sizeof(rm), "rm -rf '%s'", dir);
	if (system(rm))
		ret = 1;
	return ret;
}
