// SPDX-License-Identifier: GPL-2.0
/*
 * sim_bench: simulated retransmission events per second of radp_sim.c on one
 * core, for "make bench".  The firmware's default profile, a QP with
 * ack_timeout 14 and retry_count 7, and Monte-Carlo runs of three
 * scenarios (30 ms outage, 5% Bernoulli loss, 20 drops), as "profile
 * simulate runs N" does them: no trace, no output in the loop.
 *
 *   sim_bench [-j] [-t SECONDS]
 *
 * Prints "sim_events_per_sec N" (and the details on more lines), or with
 * -j one JSON object.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "radp_sim.h"

/* The emulated device's firmware defaults (drivers/roce_adp/emu_fw.c). */
static const struct radp_profile fw_default = {
	.qp_total_timeout = 1, .range_num = 4, .start_range_index = 1,
	.time_unit = 1, .time_base = 4,
	.timeout_init_low_bound = 4, .timeout_init_range_size = 2,
	.range = {
		{ .prev_range_index = 0, .dec_mode = 1, .timeout_retry_num = 2,
		  .range_low_bound = 2, .range_size = 2 },
		{ .prev_range_index = 0, .dec_mode = 1, .timeout_retry_num = 3,
		  .range_low_bound = 4, .range_size = 3 },
		{ .prev_range_index = 1, .dec_mode = 0, .timeout_retry_num = 3,
		  .range_low_bound = 7, .range_size = 3 },
		{ .prev_range_index = 2, .dec_mode = 2, .timeout_retry_num = 4,
		  .range_low_bound = 10, .range_size = 5 },
	},
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	static const struct adp_sim_scenario scenarios[] = {
		{ .kind = ADP_SIM_OUTAGE, .down_ns = 30000000, .rtt_ns = 10000,
		  .packets = 64 },
		{ .kind = ADP_SIM_LOSS, .loss = 0.05, .rtt_ns = 10000,
		  .packets = 1000 },
		{ .kind = ADP_SIM_DROP, .drop = 20, .rtt_ns = 10000,
		  .packets = 64 },
	};
	struct adp_sim_qp qp = { .ack_timeout = 14, .retry_count = 7 };
	uint64_t events = 0, runs = 0, seed = 1;
	double seconds = 2.0, t0, t;
	struct adp_sim_scenario sc;
	struct adp_sim_result res;
	struct adp_sim_cfg cfg;
	bool json = false;
	cpu_set_t cpus;
	int opt, cpu;
	size_t i;

	while ((opt = getopt(argc, argv, "jt:")) != -1) {
		if (opt == 'j') {
			json = true;
		} else if (opt == 't' && atof(optarg) > 0) {
			seconds = atof(optarg);
		} else {
			fprintf(stderr, "usage: %s [-j] [-t SECONDS]\n", argv[0]);
			return 2;
		}
	}
	/* One core: stay on the one we started on. */
	cpu = sched_getcpu();
	if (cpu >= 0) {
		CPU_ZERO(&cpus);
		CPU_SET(cpu, &cpus);
		sched_setaffinity(0, sizeof(cpus), &cpus);
	}

	adp_sim_setup(&cfg, &fw_default, &qp, 4000);
	t0 = now_s();
	do {
		/* Checking the clock every 1000 runs costs nothing measurable. */
		for (i = 0; i < 1000; i++) {
			sc = scenarios[runs % 3];
			sc.limit_ns = ADP_SIM_NEVER;
			sc.max_events = 1000000;
			adp_sim_run(&cfg, &sc, adp_sim_rand(&seed), -1, NULL,
				    &res);
			events += res.events;
			runs++;
		}
		t = now_s() - t0;
	} while (t < seconds);

	if (json)
		printf("{\"sim_events_per_sec\":%.0f,\"events\":%llu,\"runs\":%llu,\"seconds\":%.3f}\n",
		       events / t, (unsigned long long)events,
		       (unsigned long long)runs, t);
	else
		printf("sim_events_per_sec %.0f\n"
		       "# %llu events in %llu simulated QPs in %.3f s on one core\n",
		       events / t, (unsigned long long)events,
		       (unsigned long long)runs, t);
	return 0;
}
