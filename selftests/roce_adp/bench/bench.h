/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the bench_* programs: the result lines the harness collects
 * (Documentation/benchmarks.rst), clocks, CPU pinning, prebuilt netlink
 * requests sent in a tight loop, and worker processes for the parallel
 * figures.
 */
#ifndef _RADP_BENCH_H
#define _RADP_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "../nl.h"

#define BENCH_DBG	"/sys/kernel/debug/roce_adp/"
#define BENCH_DEV	"emu0"

/*
 * "RESULT METRIC VALUE UNIT [GOAL]": GOAL is "<=N" or ">=N", or NULL for
 * a figure without one.
 */
void bench_result(const char *metric, double value, const char *unit,
		  const char *goal);
__attribute__((format(printf, 1, 2)))
void bench_note(const char *fmt, ...);
__attribute__((noreturn, format(printf, 1, 2)))
void bench_fail(const char *fmt, ...);

double bench_now(void);		/* CLOCK_MONOTONIC, seconds */
int bench_pin(int cpu);		/* 0 or -errno */
int bench_cpus(void);		/* CPUs online */
double bench_median(double *v, int n);	/* sorts v */
int bench_knob(const char *dev, const char *knob, const char *val);
/* The emulated firmware's execution time so far (knob fw_busy_ns), or -1. */
long bench_fw_busy_ns(const char *dev);

/* A request built once and sent many times; the reply is read, not kept. */
struct bench_req {
	struct nl_msg m;
	const char *what;
	uint32_t reply_len;	/* of the last reply */
};

/* PROFILE_GET for @dev; @id < 0 asks for every profile (as adpctl does). */
void bench_req_profile_get(struct nl_sock *sk, struct bench_req *r,
			   const char *dev, int id);
/* DEV_GET for @dev: the family's own path, no firmware command. */
void bench_req_dev_get(struct nl_sock *sk, struct bench_req *r,
		       const char *dev);
/* PROFILE_SET of a valid profile @id on @dev. */
void bench_req_profile_set(struct nl_sock *sk, struct bench_req *r,
			   const char *dev, uint32_t id);
/* nlctrl's CTRL_CMD_GETFAMILY for @family, as a do. */
void bench_req_getfamily(struct bench_req *r, const char *family);

/* Send @r @n times on @sk, each time waiting for its reply; seconds. */
double bench_loop(struct nl_sock *sk, struct bench_req *r, unsigned long n);

enum bench_work {
	BENCH_READ,	/* PROFILE_GET of BENCH_DEV, profile 0 */
	BENCH_READ_ALL,	/* PROFILE_GET of BENCH_DEV, every profile */
	BENCH_WRITE,	/* PROFILE_SET of BENCH_DEV, profile 1 */
	BENCH_DEV_GET,	/* DEV_GET of BENCH_DEV: no firmware command */
	BENCH_CTRL,	/* nlctrl's CTRL_CMD_GETFAMILY for nlctrl */
	BENCH_SYSCALL,	/* getppid(): what the VM itself scales to */
};

struct bench_worker {
	enum bench_work work;
	int cpu;		/* -1: not pinned */
	/* filled by bench_run_workers() */
	unsigned long ops;
	double secs;
	double rate;		/* ops per second */
};

#define BENCH_WORKER(_work, _cpu)	{ .work = (_work), .cpu = (_cpu) }

/*
 * Run @n workers, one process each, started together and stopped after
 * @secs seconds; fills their ops, secs and rate. Exits on failure.
 */
void bench_run_workers(struct bench_worker *w, int n, double secs);

/*
 * The kernel's function_graph tracer on a few functions of this process
 * (the stage breakdown): each function's time, inclusive and exclusive of
 * the traced functions it called, summed per (function, traced caller).
 */
#define BENCH_FG_MAX	32

struct bench_fg_fn {
	char name[64];		/* without its " [module]" */
	char parent[64];	/* the traced caller, "" if none */
	unsigned long calls;
	double incl_ns;
	double excl_ns;
	/* each call's, for medians: a preempted vCPU makes a few calls huge */
	double *incl_v;
	double *excl_v;
};

struct bench_fg {
	int n;
	struct bench_fg_fn fn[BENCH_FG_MAX];
	unsigned long lost;	/* lines the parser could not place */
	unsigned long allocs;	/* kmalloc and kmem_cache_alloc events */
};

const char *bench_tracefs(void);	/* NULL: no tracefs */
int bench_trace_write(const char *file, const char *val); /* truncates */
/*
 * Trace @funcs (space-separated) of this process, and count its memory
 * allocations; the names the kernel lacks go to @missing. 0 or -errno.
 */
int bench_fg_start(const char *funcs, char *missing, size_t len);
/* Stop tracing, read what was traced into @fg, clear the buffer. */
int bench_fg_stop(struct bench_fg *fg);
/* Put the tracer back as it was found (nop, no filter). */
void bench_fg_reset(void);
/* Free what bench_fg_stop() read. */
void bench_fg_free(struct bench_fg *fg);
/*
 * Exclusive ns of @name called from @parent (NULL: from any caller), or
 * inclusive with @incl, over all its calls: the median call's times the
 * calls; 0 when not seen.
 */
double bench_fg_ns(const struct bench_fg *fg, const char *name,
		   const char *parent, int incl);
unsigned long bench_fg_calls(const struct bench_fg *fg, const char *name,
			     const char *parent);

#endif /* _RADP_BENCH_H */
