// SPDX-License-Identifier: GPL-2.0
/*
 * Parallel readers: aggregate PROFILE_GETs per second of one emulated
 * device with two reader processes, one per CPU, against one reader. The
 * same for getppid() shows what the VM itself scales to on this host at
 * this moment, and for DEV_GET what the family's path without a firmware
 * command does. Then a writer (PROFILE_SET in a loop) on the other CPU,
 * and what it does to a reader. Rounds alternate the cases so that a busy
 * host slows all alike; each figure is the median over its rounds. Last,
 * two readers run once more with the kernel's lock:contention_begin
 * tracepoint on, which counts every lock they waited for.
 *
 * Usage: bench_parallel [ROUNDS [SECONDS]]  (default 5 rounds of 1 s per
 * case, the seconds times $BENCH_SCALE)
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

#define MAX_ROUNDS	32

/* One case: up to two workers; the figure is the sum of their rates. */
struct par_case {
	double secs;		/* share of the case's duration */
	int n;
	struct bench_worker w[2];
	double v[MAX_ROUNDS];
	double median;
};

enum {
	C_READ1, C_READ2, C_SYS1, C_SYS2, C_DEV1, C_DEV2, C_CTRL1, C_CTRL2,
	C_ONE1, C_ONE2, C_READ_W, C_WRITE_W, C_CASES
};

#define ONE(work)	{ BENCH_WORKER(work, 0) }
#define TWO(w0, w1)	{ BENCH_WORKER(w0, 0), BENCH_WORKER(w1, 1) }

static struct par_case cases[C_CASES] = {
	[C_READ1] = { 1, 1, ONE(BENCH_READ_ALL) },
	[C_READ2] = { 1, 2, TWO(BENCH_READ_ALL, BENCH_READ_ALL) },
	[C_SYS1] = { 0.5, 1, ONE(BENCH_SYSCALL) },
	[C_SYS2] = { 0.5, 2, TWO(BENCH_SYSCALL, BENCH_SYSCALL) },
	[C_DEV1] = { 0.5, 1, ONE(BENCH_DEV_GET) },
	[C_DEV2] = { 0.5, 2, TWO(BENCH_DEV_GET, BENCH_DEV_GET) },
	[C_CTRL1] = { 0.5, 1, ONE(BENCH_CTRL) },
	[C_CTRL2] = { 0.5, 2, TWO(BENCH_CTRL, BENCH_CTRL) },
	[C_ONE1] = { 0.5, 1, ONE(BENCH_READ) },
	[C_ONE2] = { 0.5, 2, TWO(BENCH_READ, BENCH_READ) },
	/* a reader and a writer together: one case, two figures */
	[C_READ_W] = { 1, 2, TWO(BENCH_READ_ALL, BENCH_WRITE) },
	[C_WRITE_W] = { 0, 0 },
};

/* How many times @p's workers waited for a lock in @secs; -1 if unknown. */
static long lock_contentions(struct par_case *p, double secs)
{
	const char *dir = bench_tracefs();
	char path[256], line[512];
	long n = 0;
	FILE *f;

	if (!dir || bench_trace_write("trace", "") ||
	    bench_trace_write("events/lock/contention_begin/enable", "1"))
		return -1;
	bench_run_workers(p->w, p->n, secs);
	bench_trace_write("events/lock/contention_begin/enable", "0");
	snprintf(path, sizeof(path), "%s/trace", dir);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		n += line[0] != '#' && strstr(line, "contention_begin");
	fclose(f);
	bench_trace_write("trace", "");
	return n;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 5;
	double secs = argc > 2 ? strtod(argv[2], NULL) : 1.0;
	const char *scale = getenv("BENCH_SCALE");
	long waits;
	int r, c, i;

	if (argc <= 2 && scale)
		secs *= strtod(scale, NULL);
	if (rounds < 1 || rounds > MAX_ROUNDS || secs <= 0)
		bench_fail("usage: bench_parallel [ROUNDS (1..%d) [SECONDS]]",
			   MAX_ROUNDS);
	if (bench_cpus() < 2)
		bench_fail("needs 2 CPUs, the guest has %d", bench_cpus());
	if (bench_knob(BENCH_DEV, "cmd_delay_us", "0"))
		bench_fail("cannot set cmd_delay_us");

	for (r = 0; r < rounds; r++) {
		for (c = 0; c < C_CASES; c++) {
			struct par_case *p = &cases[c];

			if (!p->n)
				continue;
			bench_run_workers(p->w, p->n, secs * p->secs);
			p->v[r] = 0;
			for (i = 0; i < p->n; i++)
				p->v[r] += p->w[i].rate;
		}
		/* split the reader-and-writer case into its two figures */
		cases[C_READ_W].v[r] = cases[C_READ_W].w[0].rate;
		cases[C_WRITE_W].v[r] = cases[C_READ_W].w[1].rate;
	}
	for (c = 0; c < C_CASES; c++)
		cases[c].median = bench_median(cases[c].v, rounds);
	waits = lock_contentions(&cases[C_READ2], secs);

	bench_result("rounds", rounds, "count", NULL);
	bench_result("reader_1", cases[C_READ1].median, "gets/s", NULL);
	bench_result("readers_2", cases[C_READ2].median, "gets/s", NULL);
	bench_result("readers_scaling",
		     cases[C_READ2].median / cases[C_READ1].median, "x",
		     ">=1.8");
	bench_result("vm_syscall_scaling",
		     cases[C_SYS2].median / cases[C_SYS1].median, "x", NULL);
	/* About 1.6-1.7 on a quiet 2-CPU host: QEMU's own threads compete. */
	if (cases[C_SYS2].median / cases[C_SYS1].median < 1.4)
		bench_note("the VM itself scaled only %.2fx (host CPUs busy?): the scaling figures of this run say little about the module",
			   cases[C_SYS2].median / cases[C_SYS1].median);
	bench_result("dev_get_scaling",
		     cases[C_DEV2].median / cases[C_DEV1].median, "x", NULL);
	bench_result("getfamily_scaling",
		     cases[C_CTRL2].median / cases[C_CTRL1].median, "x", NULL);
	bench_result("profile_one_scaling",
		     cases[C_ONE2].median / cases[C_ONE1].median, "x", NULL);
	if (waits >= 0)
		bench_result("readers_2_lock_waits", waits / secs, "per_s",
			     NULL);
	else
		bench_note("no tracefs lock:contention_begin: lock waits not counted");
	bench_result("reader_with_writer", cases[C_READ_W].median, "gets/s",
		     NULL);
	bench_result("reader_with_writer_ratio",
		     cases[C_READ_W].median / cases[C_READ1].median, "x", NULL);
	bench_result("writer", cases[C_WRITE_W].median, "sets/s", NULL);
	return 0;
}
