// SPDX-License-Identifier: GPL-2.0
/* The TAP runner and output capture of adpctl's host tests; see tap.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "../print.h"
#include "tap.h"

const char *tap_skip;
char *out_buf, *err_buf;
static size_t out_len, err_len;
static FILE *out_fp, *err_fp;

void capture(bool json, bool pretty)
{
	free(out_buf);
	free(err_buf);
	out_buf = err_buf = NULL;
	out_fp = open_memstream(&out_buf, &out_len);
	err_fp = open_memstream(&err_buf, &err_len);
	if (!out_fp || !err_fp) {
		printf("Bail out! open_memstream: %s\n", strerror(errno));
		exit(1);
	}
	print_init(out_fp, err_fp, json, pretty);
}

void release(void)
{
	print_fini();
	fclose(out_fp);
	fclose(err_fp);
}

bool same(const char *what, const char *got, const char *want)
{
	if (!strcmp(got, want))
		return true;
	printf("# %s differs\n# got:  \"%s\"\n# want: \"%s\"\n", what, got,
	       want);
	return false;
}

bool tap_missing(const char *what)
{
	printf("# %s is missing: 'make setup' installs it\n", what);
	return false;
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
	int failed = 0;
	size_t i;

	setvbuf(stdout, NULL, _IONBF, 0);
	printf("TAP version 13\n1..%zu\n", n);
	for (i = 0; i < n; i++) {
		tap_skip = NULL;
		if (tests[i].run()) {
			printf("ok %zu - %s%s%s\n", i + 1, tests[i].name,
			       tap_skip ? " # SKIP " : "",
			       tap_skip ? tap_skip : "");
		} else {
			printf("not ok %zu - %s\n", i + 1, tests[i].name);
			failed++;
		}
	}
	free(out_buf);
	free(err_buf);
	out_buf = err_buf = NULL;
	return failed ? 1 : 0;
}
