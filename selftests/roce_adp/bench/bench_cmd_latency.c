// SPDX-License-Identifier: GPL-2.0
/*
 * Command latency honesty: with the firmware model taking 50 us per
 * command (knob cmd_delay_us), how close does a reader come to the ideal
 * 1/latency? The get is PROFILE_GET of profile 0, which is one firmware
 * command. The same reader without latency, measured in the same rounds,
 * tells the driver's own cost from the time the sleep really takes; two
 * readers show that commands in flight overlap (ideal 2/latency). The
 * baseline of the sleep: what a user-space nanosleep of the same time
 * takes in the same VM (timer slack 1 ns, as the model's 1 us).
 *
 * Usage: bench_cmd_latency [DELAY_US [ROUNDS [SECONDS]]]  (default 50 us,
 * 3 rounds of 1 s per case, the seconds times $BENCH_SCALE)
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>

#include "bench.h"

#define MAX_ROUNDS	32

enum { L_ZERO, L_ONE, L_TWO, L_CASES };

static void set_delay(unsigned int us)
{
	char val[16];
	int err;

	snprintf(val, sizeof(val), "%u", us);
	err = bench_knob(BENCH_DEV, "cmd_delay_us", val);
	if (err)
		bench_fail("cmd_delay_us %u: %s", us, strerror(-err));
}

/* How long a nanosleep of @us takes on CPU 0, in microseconds. */
static double nanosleep_us(unsigned int us, double secs)
{
	struct timespec ts = { .tv_nsec = us * 1000L };
	double t0, t;
	long n = 0;

	if (bench_pin(0) || prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0))
		bench_fail("pinning or timer slack");
	t0 = bench_now();
	do {
		clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
		n++;
		t = bench_now() - t0;
	} while (t < secs);
	return t / n * 1e6;
}

int main(int argc, char **argv)
{
	unsigned int delay = argc > 1 ? atoi(argv[1]) : 50;
	int rounds = argc > 2 ? atoi(argv[2]) : 3;
	double secs = argc > 3 ? strtod(argv[3], NULL) : 1.0;
	const char *scale = getenv("BENCH_SCALE");
	double v[L_CASES][MAX_ROUNDS], m[L_CASES], ideal, zero_us, one_us;
	int r, c;

	if (argc <= 3 && scale)
		secs *= strtod(scale, NULL);
	if (!delay || rounds < 1 || rounds > MAX_ROUNDS || secs <= 0)
		bench_fail("usage: bench_cmd_latency [DELAY_US [ROUNDS (1..%d) [SECONDS]]]",
			   MAX_ROUNDS);

	for (r = 0; r < rounds; r++) {
		struct bench_worker one[1] = { BENCH_WORKER(BENCH_READ, 0) };
		struct bench_worker two[2] = {
			BENCH_WORKER(BENCH_READ, 0), BENCH_WORKER(BENCH_READ, 1),
		};

		set_delay(0);
		bench_run_workers(one, 1, secs);
		v[L_ZERO][r] = one[0].rate;
		set_delay(delay);
		bench_run_workers(one, 1, secs);
		v[L_ONE][r] = one[0].rate;
		bench_run_workers(two, bench_cpus() > 1 ? 2 : 1, secs);
		v[L_TWO][r] = two[0].rate + two[1].rate;
	}
	set_delay(0);
	for (c = 0; c < L_CASES; c++)
		m[c] = bench_median(v[c], rounds);

	ideal = 1e6 / delay;
	zero_us = 1e6 / m[L_ZERO];
	one_us = 1e6 / m[L_ONE];
	bench_result("cmd_delay", delay, "us", NULL);
	bench_result("ideal", ideal, "gets/s", NULL);
	bench_result("achieved", m[L_ONE], "gets/s", NULL);
	bench_result("achieved_of_ideal", m[L_ONE] / ideal, "x", NULL);
	bench_result("get_us", one_us, "us", NULL);
	bench_result("get_no_delay_us", zero_us, "us", NULL);
	/* What the sleep costs beyond the delay asked for. */
	bench_result("sleep_excess_us", one_us - zero_us - delay, "us", NULL);
	bench_result("two_readers", m[L_TWO], "gets/s", NULL);
	bench_result("two_readers_of_ideal", m[L_TWO] / (2 * ideal), "x", NULL);
	bench_result("vm_nanosleep_excess_us", nanosleep_us(delay, secs) - delay,
		     "us", NULL);
	return 0;
}
