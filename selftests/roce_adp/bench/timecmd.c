// SPDX-License-Identifier: GPL-2.0
/*
 * timecmd: time whole processes, for the bench_* scripts.
 *
 * Usage: timecmd [-n RUNS] [-w WARMUP] [-b BEFORE] CMD...
 *
 * Each CMD is one argument, split at spaces into a program and its
 * arguments and run without a shell (a shell's own fork and exec would be
 * in every figure). The commands take turns, RUNS times each (default 10)
 * after WARMUP untimed turns (default 2), with stdin and stdout on
 * /dev/null; BEFORE, if given, runs untimed before each run of each CMD.
 * A run is fork to reaped exit. A command that fails is an error (exit 1).
 *
 * Prints one line per CMD: MEDIAN_US MEAN_US MIN_US MAX_US
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_ARGS	32

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static void split(char *cmd, char **argv)
{
	int n = 0;
	char *tok;

	for (tok = strtok(cmd, " "); tok && n < MAX_ARGS; tok = strtok(NULL, " "))
		argv[n++] = tok;
	argv[n] = NULL;
	if (!n) {
		fprintf(stderr, "timecmd: empty command\n");
		exit(2);
	}
}

/* Run argv to its end; its duration in microseconds. */
static double run(char **argv)
{
	double t0 = now_us();
	int status, fd;
	pid_t pid;

	pid = fork();
	if (pid < 0) {
		perror("timecmd: fork");
		exit(1);
	}
	if (!pid) {
		fd = open("/dev/null", O_RDWR);
		if (fd < 0 || dup2(fd, 0) < 0 || dup2(fd, 1) < 0)
			_exit(126);
		execvp(argv[0], argv);
		fprintf(stderr, "timecmd: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0) {
		perror("timecmd: waitpid");
		exit(1);
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "timecmd: '%s' failed (status 0x%x)\n",
			argv[0], status);
		exit(1);
	}
	return now_us() - t0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	char *before_argv[MAX_ARGS + 1], *before = NULL;
	int runs = 10, warmup = 2, ncmd, c, i, r;
	char *(*cmds)[MAX_ARGS + 1];
	double *t;

	while ((c = getopt(argc, argv, "+n:w:b:")) != -1) {
		switch (c) {
		case 'n':
			runs = atoi(optarg);
			break;
		case 'w':
			warmup = atoi(optarg);
			break;
		case 'b':
			before = optarg;
			break;
		default:
			fprintf(stderr, "usage: timecmd [-n RUNS] [-w WARMUP] [-b BEFORE] CMD...\n");
			return 2;
		}
	}
	ncmd = argc - optind;
	if (ncmd < 1 || runs < 1 || warmup < 0) {
		fprintf(stderr, "usage: timecmd [-n RUNS] [-w WARMUP] [-b BEFORE] CMD...\n");
		return 2;
	}
	cmds = calloc(ncmd, sizeof(*cmds));
	t = calloc((size_t)ncmd * runs, sizeof(*t));
	if (!cmds || !t) {
		fprintf(stderr, "timecmd: out of memory\n");
		return 1;
	}
	for (i = 0; i < ncmd; i++)
		split(argv[optind + i], cmds[i]);
	if (before)
		split(before, before_argv);

	for (r = -warmup; r < runs; r++) {
		for (i = 0; i < ncmd; i++) {
			double us;

			if (before)
				run(before_argv);
			us = run(cmds[i]);
			if (r >= 0)
				t[i * runs + r] = us;
		}
	}
	for (i = 0; i < ncmd; i++) {
		double *v = &t[i * runs], sum = 0;

		for (r = 0; r < runs; r++)
			sum += v[r];
		qsort(v, runs, sizeof(*v), cmp_double);
		printf("%.1f %.1f %.1f %.1f\n",
		       runs % 2 ? v[runs / 2] : (v[runs / 2 - 1] + v[runs / 2]) / 2,
		       sum / runs, v[0], v[runs - 1]);
	}
	return 0;
}
