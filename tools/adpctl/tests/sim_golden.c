// SPDX-License-Identifier: GPL-2.0
/*
 * Golden timelines of the simulator (tools/lib/radp/radp_sim.c),
 * computed by hand from the rules in Documentation/profile-simulator.rst,
 * one small profile per group of rules.  TAP.
 *
 * An event is rendered "TIME EVENT DECISION rRANGE TIMER USES/LIMIT
 * [spurious] [capped] [floored]": the state after the decision, r- for
 * the initial timeout, "-" for no limit.  Times are us, exact to the ns.
 */
#include <stdio.h>
#include <string.h>

#include "radp_sim.h"
#include "tap.h"

#define US		1000ULL

static const char *fmt_us(char *buf, size_t len, uint64_t ns)
{
	if (ns % US)
		snprintf(buf, len, "%llu.%03lluus", (unsigned long long)(ns / US),
			 (unsigned long long)(ns % US));
	else
		snprintf(buf, len, "%lluus", (unsigned long long)(ns / US));
	return buf;
}

static char got[8192];

static void render(const struct adp_sim_trace *tr)
{
	char t[32], timer[32], r[16], lim[16];
	size_t off = 0, i;

	got[0] = '\0';
	for (i = 0; i < tr->n && i < tr->cap; i++) {
		const struct adp_sim_event *e = &tr->ev[i];

		if (e->range < 0)
			snprintf(r, sizeof(r), "r-");
		else
			snprintf(r, sizeof(r), "r%d", e->range);
		if (e->limit)
			snprintf(lim, sizeof(lim), "%u", e->limit);
		else
			snprintf(lim, sizeof(lim), "-");
		off += snprintf(got + off, sizeof(got) - off,
				"%s %s %s %s %s %u/%s%s%s%s\n",
				fmt_us(t, sizeof(t), e->t_ns),
				adp_sim_ev_names[e->kind],
				adp_sim_decision_names[e->decision], r,
				fmt_us(timer, sizeof(timer), e->timer_ns),
				e->uses, lim, e->spurious ? " spurious" : "",
				e->capped ? " capped" : "",
				e->floored ? " floored" : "");
		if (off >= sizeof(got))
			break;
	}
}

#define RANGE(_low, _size, _retry, _dec, _prev) \
	{ .prev_range_index = _prev, .dec_mode = _dec, \
	  .timeout_retry_num = _retry, .range_low_bound = _low, \
	  .range_size = _size }

enum { DIV4, DIV2, LOW_BOUND };

/*
 * A: 4 us base; initial 8 us (g 1); range 0 8..32 us, 2 retries; range 1
 * 32..64 us, 3 retries; total 4 us << 7 = 512 us.
 */
static const struct radp_profile prof_a = {
	.range_num = 2, .start_range_index = 0, .time_unit = 1,
	.time_base = 4, .retx_total_timeout = 7,
	.timeout_init_low_bound = 1, .timeout_init_range_size = 1,
	.range = {
		RANGE(1, 2, 2, DIV2, 0),
		RANGE(3, 1, 3, DIV2, 0),
	},
};

/*
 * B: 8 us base; initial 8 us (g 0) is in no range; start range 1;
 * range 0 16..32 us div2; range 1 32..256 us div4; range 2 256 us..2 ms
 * low_bound, prev 1; one try per value; total 8 us << 12 = 32.8 ms.
 */
static const struct radp_profile prof_b = {
	.range_num = 3, .start_range_index = 1, .time_unit = 1,
	.time_base = 8, .retx_total_timeout = 12,
	.timeout_init_low_bound = 0, .timeout_init_range_size = 1,
	.range = {
		RANGE(1, 1, 1, DIV2, 0),
		RANGE(2, 3, 1, DIV4, 0),
		RANGE(5, 3, 1, LOW_BOUND, 1),
	},
};

/* C: total from the QP; 4 us base, initial 16 us, one range 16..128 us. */
static const struct radp_profile prof_c = {
	.qp_total_timeout = 1, .range_num = 1, .time_unit = 1,
	.time_base = 4, .retx_total_timeout = 0,
	.timeout_init_low_bound = 2, .timeout_init_range_size = 1,
	.range = { RANGE(2, 3, 1, DIV2, 0) },
};

/* D: 16 us base on a device whose minimum is 16 us; range 16..64 us. */
static const struct radp_profile prof_d = {
	.range_num = 1, .time_unit = 1, .time_base = 16,
	.retx_total_timeout = 2,
	.timeout_init_low_bound = 0, .timeout_init_range_size = 1,
	.range = { RANGE(0, 2, 1, DIV2, 0) },
};

/* E: 4 us base, initial 32 us, range 16..128 us, 2 retries, div2. */
static const struct radp_profile prof_e = {
	.range_num = 1, .time_unit = 1, .time_base = 4,
	.retx_total_timeout = 20,
	.timeout_init_low_bound = 3, .timeout_init_range_size = 1,
	.range = { RANGE(2, 3, 2, DIV2, 0) },
};

struct golden {
	const char *name;
	const struct radp_profile *p;
	struct adp_sim_qp qp;
	uint64_t min_ns;
	struct adp_sim_scenario sc;
	enum adp_sim_end end;
	uint64_t recovered_ns;
	const char *timeline;
	bool per_range;		/* model retry_per_range */
};

/* Unset: one packet, no time limit, 100000 events. */
#define SC(...)	{ __VA_ARGS__ }

static struct adp_sim_scenario defaults(struct adp_sim_scenario sc)
{
	if (!sc.packets)
		sc.packets = 1;
	if (!sc.limit_ns)
		sc.limit_ns = ADP_SIM_NEVER;
	if (!sc.max_events)
		sc.max_events = 100000;
	return sc;
}

static const struct golden goldens[] = {
	{
		"initial retried once, doubling to the top, next range, retry_num, hold, total from the profile",
		&prof_a, { 0, 7 }, 4000, SC(.kind = ADP_SIM_LOSS, .loss = 1.0),
		ADP_SIM_END_FAILED, ADP_SIM_NEVER,
		"0us send initial r- 8us 1/2\n"
		"8us timeout init_retry r0 8us 2/2\n"
		"16us timeout double r0 16us 1/1\n"
		"32us timeout double r0 32us 1/1\n"
		"64us timeout next_range r1 32us 1/3\n"
		"96us timeout retry r1 32us 2/3\n"
		"128us timeout retry r1 32us 3/3\n"
		"160us timeout double r1 64us 1/1\n"
		"224us timeout hold r1 64us 2/-\n"
		"288us timeout hold r1 64us 3/-\n"
		"352us timeout hold r1 64us 4/-\n"
		"416us timeout hold r1 64us 5/-\n"
		"480us timeout hold r1 64us 6/-\n"
		"544us fail fail r1 64us 6/-\n",
		true,
	},
	{
		"per value: every value of a range used timeout_retry_num times",
		&prof_a, { 0, 7 }, 4000, SC(.kind = ADP_SIM_LOSS, .loss = 1.0),
		ADP_SIM_END_FAILED, ADP_SIM_NEVER,
		"0us send initial r- 8us 1/2\n"
		"8us timeout init_retry r0 8us 2/2\n"
		"16us timeout double r0 16us 1/2\n"
		"32us timeout retry r0 16us 2/2\n"
		"48us timeout double r0 32us 1/2\n"
		"80us timeout retry r0 32us 2/2\n"
		"112us timeout next_range r1 32us 1/3\n"
		"144us timeout retry r1 32us 2/3\n"
		"176us timeout retry r1 32us 3/3\n"
		"208us timeout double r1 64us 1/3\n"
		"272us timeout retry r1 64us 2/3\n"
		"336us timeout retry r1 64us 3/3\n"
		"400us timeout hold r1 64us 4/-\n"
		"464us timeout hold r1 64us 5/-\n"
		"528us fail fail r1 64us 5/-\n",
		false,
	},
	{
		"outside every range: start range; decrease low_bound, prev_range_index, div4 (clamped), div2, floor",
		&prof_b, { 0, 7 }, 4000,
		SC(.kind = ADP_SIM_DROP, .drop = 9, .rtt_ns = 1 * US,
		   .packets = 7),
		ADP_SIM_END_DONE, 4329 * US,
		"0us send initial r- 8us 1/1\n"
		"8us timeout start_range r1 32us 1/1\n"
		"40us timeout double r1 64us 1/1\n"
		"104us timeout double r1 128us 1/1\n"
		"232us timeout double r1 256us 1/1\n"
		"488us timeout next_range r2 256us 1/1\n"
		"744us timeout double r2 512us 1/1\n"
		"1256us timeout double r2 1024us 1/1\n"
		"2280us timeout double r2 2048us 1/1\n"
		"4328us timeout hold r2 2048us 2/-\n"
		"4329us ack dec_low_bound r2 256us 1/1\n"
		"4330us ack prev_range r1 256us 1/1\n"
		"4331us ack dec_div4 r1 64us 1/1\n"
		"4332us ack dec_div4 r1 32us 1/1\n"
		"4333us ack prev_range r0 32us 1/1\n"
		"4334us ack dec_div2 r0 16us 1/1\n"
		"4335us ack floor r0 16us 1/1\n",
		false,
	},
	{
		"cap at the QP's ack_timeout, total timeout from the QP (3 retries)",
		&prof_c, { 2, 3 }, 4000, SC(.kind = ADP_SIM_LOSS, .loss = 1.0),
		ADP_SIM_END_FAILED, ADP_SIM_NEVER,
		"0us send initial r- 16us 1/2\n"
		"16us timeout init_retry r0 16us 2/2\n"
		"32us timeout double r0 16.384us 1/1 capped\n"
		"48.384us timeout double r0 16.384us 1/1 capped\n"
		"64.768us fail fail r0 16.384us 1/1 capped\n",
		false,
	},
	{
		"retry_count above 7 falls back to 7",
		&prof_c, { 2, 9 }, 4000, SC(.kind = ADP_SIM_LOSS, .loss = 1.0),
		ADP_SIM_END_FAILED, ADP_SIM_NEVER,
		"0us send initial r- 16us 1/2\n"
		"16us timeout init_retry r0 16us 2/2\n"
		"32us timeout double r0 16.384us 1/1 capped\n"
		"48.384us timeout double r0 16.384us 1/1 capped\n"
		"64.768us timeout double r0 16.384us 1/1 capped\n"
		"81.152us timeout hold r0 16.384us 2/- capped\n"
		"97.536us timeout hold r0 16.384us 3/- capped\n"
		"113.920us timeout hold r0 16.384us 4/- capped\n"
		"130.304us fail fail r0 16.384us 4/- capped\n",
		false,
	},
	{
		"minimum timeout: the device's 16 us wins over an 8.192 us cap",
		&prof_d, { 1, 7 }, 16000, SC(.kind = ADP_SIM_LOSS, .loss = 1.0),
		ADP_SIM_END_FAILED, ADP_SIM_NEVER,
		"0us send initial r- 16us 1/2 capped floored\n"
		"16us timeout init_retry r0 16us 2/2 capped floored\n"
		"32us timeout double r0 16us 1/1 capped floored\n"
		"48us timeout double r0 16us 1/1 capped floored\n"
		"64us timeout hold r0 16us 2/- capped floored\n"
		"80us fail fail r0 16us 2/- capped floored\n",
		false,
	},
	{
		"link down for 100 us: recovers at the first retransmission after it",
		&prof_a, { 0, 7 }, 4000,
		SC(.kind = ADP_SIM_OUTAGE, .down_ns = 100 * US),
		ADP_SIM_END_DONE, 128 * US,
		"0us send initial r- 8us 1/2\n"
		"8us timeout init_retry r0 8us 2/2\n"
		"16us timeout double r0 16us 1/1\n"
		"32us timeout double r0 32us 1/1\n"
		"64us timeout next_range r1 32us 1/3\n"
		"96us timeout retry r1 32us 2/3\n"
		"128us timeout retry r1 32us 3/3\n"
		"128us ack prev_range r0 32us 1/2\n",
		true,
	},
	{
		"per value: link down for 100 us, recovered in range 0",
		&prof_a, { 0, 7 }, 4000,
		SC(.kind = ADP_SIM_OUTAGE, .down_ns = 100 * US),
		ADP_SIM_END_DONE, 112 * US,
		"0us send initial r- 8us 1/2\n"
		"8us timeout init_retry r0 8us 2/2\n"
		"16us timeout double r0 16us 1/2\n"
		"32us timeout retry r0 16us 2/2\n"
		"48us timeout double r0 32us 1/2\n"
		"80us timeout retry r0 32us 2/2\n"
		"112us timeout next_range r1 32us 1/3\n"
		"112us ack prev_range r0 32us 1/2\n",
		false,
	},
	{
		"RTT above the timer: spurious timeouts, the late ACK is progress",
		&prof_e, { 0, 7 }, 4000,
		SC(.kind = ADP_SIM_LOSS, .loss = 0, .rtt_ns = 100 * US,
		   .packets = 2),
		ADP_SIM_END_DONE, 100 * US,
		"0us send initial r- 32us 1/2\n"
		"32us timeout init_retry r0 32us 2/2 spurious\n"
		"64us timeout double r0 64us 1/1 spurious\n"
		"100us ack dec_div2 r0 32us 1/2\n"
		"132us timeout retry r0 32us 2/2 spurious\n"
		"164us timeout double r0 64us 1/1 spurious\n"
		"200us ack dec_div2 r0 32us 1/2\n",
		true,
	},
	{
		"per value: RTT above the timer, 64 us waited twice",
		&prof_e, { 0, 7 }, 4000,
		SC(.kind = ADP_SIM_LOSS, .loss = 0, .rtt_ns = 100 * US,
		   .packets = 2),
		ADP_SIM_END_DONE, 100 * US,
		"0us send initial r- 32us 1/2\n"
		"32us timeout init_retry r0 32us 2/2 spurious\n"
		"64us timeout double r0 64us 1/2 spurious\n"
		"100us ack dec_div2 r0 32us 1/2\n"
		"132us timeout retry r0 32us 2/2 spurious\n"
		"164us timeout double r0 64us 1/2 spurious\n"
		"200us ack dec_div2 r0 32us 1/2\n",
		false,
	},
	{
		"ACKs before any timeout keep the initial timeout",
		&prof_a, { 0, 7 }, 4000,
		SC(.kind = ADP_SIM_LOSS, .loss = 0, .rtt_ns = 1 * US,
		   .packets = 2),
		ADP_SIM_END_DONE, ADP_SIM_NEVER,
		"0us send initial r- 8us 1/2\n"
		"1us ack keep r- 8us 1/2\n"
		"2us ack keep r- 8us 1/2\n",
		false,
	},
};

static const struct golden *cur;

static bool run_golden(void)
{
	static struct adp_sim_event ev[64];
	struct adp_sim_trace tr = { .ev = ev, .cap = ARRAY_SIZE(ev) };
	struct adp_sim_scenario sc = defaults(cur->sc);
	struct adp_sim_result res;
	struct adp_sim_cfg cfg;
	bool ok;

	adp_sim_setup(&cfg, cur->p, &cur->qp, cur->min_ns);
	cfg.retry_per_range = cur->per_range;
	/* Every profile here has a one-value window: no draw matters. */
	adp_sim_run(&cfg, &sc, 1, -1, &tr, &res);
	render(&tr);
	ok = same("timeline", got, cur->timeline);
	if (res.end != cur->end || res.recovered_ns != cur->recovered_ns) {
		printf("# end %d recovered %llu, want %d and %llu\n", res.end,
		       (unsigned long long)res.recovered_ns, cur->end,
		       (unsigned long long)cur->recovered_ns);
		ok = false;
	}
	if (res.events + 1 != tr.n) {
		printf("# %llu events but %zu rows\n",
		       (unsigned long long)res.events, tr.n);
		ok = false;
	}
	return ok;
}

#define G(i)						\
	static bool golden_##i(void)			\
	{						\
		cur = &goldens[i];			\
		return run_golden();			\
	}
G(0) G(1) G(2) G(3) G(4) G(5) G(6) G(7) G(8) G(9) G(10)

/*
 * One pass through A: per value 8 + 8 + 2 * 16 + 2 * 32 + 3 * 32 + 3 * 64
 * us; per range 8 + 8 + 16 + 32 + 3 * 32 + 64 us.
 */
static bool pass_time(void)
{
	struct adp_sim_qp qp = { 0, 7 };
	struct adp_sim_cfg cfg;
	uint64_t t, t2;
	int r, r2;

	adp_sim_setup(&cfg, &prof_a, &qp, 4000);
	t = adp_sim_pass_ns(&cfg, 100 * US, &r);
	cfg.retry_per_range = true;
	t2 = adp_sim_pass_ns(&cfg, 100 * US, &r2);
	/* 100 us into the pass: range 0's second 32 us, range 1's second. */
	if (t == 400 * US && r == 0 && t2 == 224 * US && r2 == 1 &&
	    adp_sim_pass_ns(&cfg, 60 * US, &r) == t2 && r == 0 &&
	    adp_sim_pass_ns(&cfg, 224 * US, &r) == t2 && r == -1)
		return true;
	printf("# pass %llu ns, range %d; per range %llu ns, range %d\n",
	       (unsigned long long)t, r, (unsigned long long)t2, r2);
	return false;
}

/* The initial exponent is drawn from the whole window, and only from it. */
static bool init_draw(void)
{
	static const struct radp_profile p = {
		.range_num = 1, .time_unit = 1, .time_base = 4,
		.retx_total_timeout = 20,
		.timeout_init_low_bound = 3, .timeout_init_range_size = 4,
		.range = { RANGE(2, 8, 1, DIV2, 0) },
	};
	struct adp_sim_scenario sc = defaults((struct adp_sim_scenario)
		SC(.kind = ADP_SIM_LOSS, .loss = 0));
	unsigned int seen[16] = { 0 }, i;
	struct adp_sim_qp qp = { 0, 7 };
	struct adp_sim_result res;
	struct adp_sim_cfg cfg;
	bool ok = true;

	adp_sim_setup(&cfg, &p, &qp, 4000);
	for (i = 0; i < 4000; i++) {
		adp_sim_run(&cfg, &sc, i, -1, NULL, &res);
		seen[res.init_g < 16 ? res.init_g : 15]++;
	}
	for (i = 0; i < 16; i++) {
		bool want = i >= 3 && i <= 6;

		if (want ? seen[i] < 800 : seen[i] != 0) {
			printf("# exponent %u drawn %u times\n", i, seen[i]);
			ok = false;
		}
	}
	/* The same seed draws the same QP. */
	adp_sim_run(&cfg, &sc, 42, -1, NULL, &res);
	i = res.init_g;
	adp_sim_run(&cfg, &sc, 42, -1, NULL, &res);
	return ok && i == res.init_g;
}

/* Bernoulli loss: the share of transmissions lost is the probability. */
static bool loss_rate(void)
{
	struct adp_sim_scenario sc = defaults((struct adp_sim_scenario)
		SC(.kind = ADP_SIM_LOSS, .loss = 0.25, .rtt_ns = 2 * US,
		   .packets = 20000));
	struct adp_sim_qp qp = { 0, 7 };
	struct adp_sim_result res;
	struct adp_sim_cfg cfg;
	double share;

	adp_sim_setup(&cfg, &prof_e, &qp, 4000);
	adp_sim_run(&cfg, &sc, 7, -1, NULL, &res);
	share = (double)res.timeouts / (res.timeouts + res.delivered);
	if (res.end == ADP_SIM_END_DONE && res.delivered == 20000 &&
	    share > 0.24 && share < 0.26 && !res.spurious)
		return true;
	printf("# end %d delivered %llu share %.4f spurious %llu\n", res.end,
	       (unsigned long long)res.delivered, share,
	       (unsigned long long)res.spurious);
	return false;
}

/* An infinite total timeout stops at the limit, and says so. */
static bool limit_stops(void)
{
	struct adp_sim_scenario sc = defaults((struct adp_sim_scenario)
		SC(.kind = ADP_SIM_LOSS, .loss = 1.0, .limit_ns = 10000 * US));
	struct adp_sim_qp qp = { 0, 7 };
	struct adp_sim_result res;
	struct adp_sim_cfg cfg;

	adp_sim_setup(&cfg, &prof_c, &qp, 4000);
	adp_sim_run(&cfg, &sc, 1, -1, NULL, &res);
	if (cfg.total_ns == ADP_SIM_NEVER && res.end == ADP_SIM_END_LIMIT &&
	    res.end_ns <= 10000 * US && res.end_ns > 9800 * US)
		return true;
	printf("# total %llu end %d at %llu\n",
	       (unsigned long long)cfg.total_ns, res.end,
	       (unsigned long long)res.end_ns);
	return false;
}

TAP_MAIN(
	{ "A: initial retried once, doubling, next range, retry_num, hold, total from the profile (retry_per_range)", golden_0 },
	{ "A per value: each value of a range used timeout_retry_num times", golden_1 },
	{ "B: start range, dec low_bound, prev_range_index, div4 clamped, div2, floor", golden_2 },
	{ "C: cap at ack_timeout, total timeout from the QP", golden_3 },
	{ "C: retry_count 9 falls back to 7", golden_4 },
	{ "D: minimum timeout wins over the cap", golden_5 },
	{ "A: link down 100 us, recovery (retry_per_range)", golden_6 },
	{ "A per value: link down 100 us, recovery 16 us sooner", golden_7 },
	{ "E: RTT above the timer, spurious timeouts (retry_per_range)", golden_8 },
	{ "E per value: RTT above the timer, spurious timeouts", golden_9 },
	{ "A: ACK before any timeout keeps the initial timeout", golden_10 },
	{ "one pass through the ranges of A: 400 us per value, 224 us per range", pass_time },
	{ "initial timeout drawn uniformly from the window; seeds repeat", init_draw },
	{ "Bernoulli loss 25%: a quarter of the transmissions time out", loss_rate },
	{ "infinite total timeout: stops at the limit", limit_stops },
)
