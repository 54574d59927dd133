/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The adaptive retransmission simulator: what the firmware's algorithm
 * (initial timeout, ranges, retries, doubling, decrease modes, total
 * timeout) does to one QP's timeouts under a loss scenario.
 *
 * No I/O and no allocation: adp_sim_run() walks events in a loop and, when
 * given a trace, writes them into the caller's array.  Every modelling
 * choice where the firmware description is ambiguous is listed in
 * Documentation/profile-simulator.rst; the comments of radp_sim.c point there.
 */
#ifndef RADP_SIM_H
#define RADP_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "radp_reg.h"

#define ADP_SIM_NEVER		UINT64_MAX	/* an infinite time */
#define ADP_SIM_RETRY_MAX	7		/* QP retry_count */
#define ADP_SIM_ACK_TIMEOUT_MAX	31		/* QP ack_timeout, 5 bits */
#define ADP_SIM_SHIFTS		64		/* timers by exponent */

/* The QP side: its local ACK timeout and retry count. */
struct adp_sim_qp {
	uint32_t ack_timeout;	/* 4.096 us << ack_timeout; 0 = infinite */
	uint32_t retry_count;	/* 0..7; more falls back to 7 */
};

/* 4.096 us << ack_timeout in ns, ADP_SIM_NEVER for 0. */
uint64_t adp_sim_ack_timeout_ns(uint32_t ack_timeout);

enum adp_sim_kind {
	ADP_SIM_OUTAGE,		/* link down from time 0 for down_ns */
	ADP_SIM_DROP,		/* the first drop transmissions are lost */
	ADP_SIM_LOSS,		/* each transmission lost with probability loss */
};

struct adp_sim_scenario {
	enum adp_sim_kind kind;
	uint64_t down_ns;	/* OUTAGE */
	uint32_t drop;		/* DROP */
	double loss;		/* LOSS, 0..1 */
	uint64_t rtt_ns;	/* send to ACK of a delivered transmission */
	uint32_t packets;	/* packets to deliver, at least 1 */
	uint64_t limit_ns;	/* stop at this simulated time */
	uint64_t max_events;	/* and after this many events */
};

/* One timeout_range entry as the simulator walks it (exponents of time_base). */
struct adp_sim_range {
	uint32_t low, top;	/* range_low_bound, + range_size */
	uint32_t retry;		/* timeout_retry_num */
	uint32_t dec;		/* dec_mode */
	uint32_t prev;		/* prev_range_index */
};

/* A profile and a QP, ready to run; from adp_sim_setup(). */
struct adp_sim_cfg {
	uint32_t range_num, start;
	struct adp_sim_range r[RADP_RANGES];
	uint32_t init_low, init_n;	/* initial exponent: init_low + [0, init_n) */
	uint64_t base_ns;		/* time_base */
	uint64_t cap_ns;		/* the QP's ack_timeout, or ADP_SIM_NEVER */
	uint64_t min_ns;		/* adp_retx_base_timeout_min */
	uint64_t total_ns;		/* total timeout, or ADP_SIM_NEVER */
	bool total_from_qp;
	uint32_t retry_count;		/* after the fall back to 7 */
	/*
	 * The reading of timeout_retry_num: false (adp_sim_setup()'s), each
	 * value of a range is used timeout_retry_num times; true ("model
	 * retry_per_range"), only the value a range is entered with, each
	 * doubled value once.  Set it after adp_sim_setup().
	 */
	bool retry_per_range;
	/* The timer a transmission with exponent g waits: capped, then floored. */
	uint64_t timer_ns[ADP_SIM_SHIFTS];
	uint64_t capped, floored;	/* bit g: timer_ns[g] is the cap, the minimum */
};

/*
 * Prepare cfg for a profile that radp_profile_violations() accepts (its
 * exponents stay below 32); min_ns is the device's minimum timeout.
 */
void adp_sim_setup(struct adp_sim_cfg *cfg, const struct radp_profile *p,
		   const struct adp_sim_qp *qp, uint64_t min_ns);
/* The range holding exponent g (the highest such index), or -1. */
int adp_sim_range_of(const struct adp_sim_cfg *cfg, uint32_t g);

enum adp_sim_ev_kind {
	ADP_SIM_EV_SEND,	/* the QP's first transmission */
	ADP_SIM_EV_TIMEOUT,	/* the timer fired: retransmit */
	ADP_SIM_EV_ACK,		/* forward progress: the packet is acknowledged */
	ADP_SIM_EV_FAIL,	/* the timer fired past the total timeout */
	ADP_SIM_EV_KINDS
};

enum adp_sim_decision {
	ADP_SIM_INITIAL,	/* a fresh QP: the random initial timeout */
	ADP_SIM_INIT_RETRY,	/* 1st timeout, initial timeout in a range: once more */
	ADP_SIM_START_RANGE,	/* 1st timeout, outside every range: start range */
	ADP_SIM_RETRY,		/* the same timeout again, up to timeout_retry_num */
	ADP_SIM_DOUBLE,		/* doubled, up to the range's top */
	ADP_SIM_NEXT_RANGE,	/* top reached: the next range's low bound */
	ADP_SIM_HOLD,		/* top of the last range: stays */
	ADP_SIM_DEC_DIV4,	/* dec_mode 0 */
	ADP_SIM_DEC_DIV2,	/* dec_mode 1 */
	ADP_SIM_DEC_LOW_BOUND,	/* dec_mode 2 */
	ADP_SIM_PREV_RANGE,	/* at the low bound: prev_range_index */
	ADP_SIM_FLOOR,		/* at the low bound of a range without a previous */
	ADP_SIM_KEEP,		/* ACK before any timeout: no range yet */
	ADP_SIM_FAIL,		/* IBV_WC_RETRY_EXC_ERR */
	ADP_SIM_DECISIONS
};

/* Short names for JSON, and the text of each. */
extern const char *const adp_sim_ev_names[ADP_SIM_EV_KINDS];
extern const char *const adp_sim_decision_names[ADP_SIM_DECISIONS];

/*
 * One event, and the state after its decision: the timer the next
 * transmission waits, its range and exponent, and how many transmissions
 * (that one included) have used the exponent out of how many it may
 * (limit 0: no limit).
 */
struct adp_sim_event {
	uint64_t t_ns;
	uint64_t timer_ns;
	uint32_t packet;	/* 1, 2, ... */
	uint32_t retx;		/* retransmissions of this packet so far */
	uint32_t uses, limit;
	int32_t range;		/* -1: the initial timeout */
	uint32_t g;		/* the timeout is time_base << g */
	uint8_t kind;		/* enum adp_sim_ev_kind */
	uint8_t decision;	/* enum adp_sim_decision */
	bool spurious;		/* timeout while an ACK was on its way */
	bool capped;		/* the timer is the QP's ack_timeout */
	bool floored;		/* the timer is the device's minimum */
};

/*
 * Where adp_sim_run() writes events; n counts all, ev gets the first cap
 * (ev may be NULL with cap 0).  fired, if not NULL, counts the timers that
 * expired (a timeout, or the failure at the total timeout) by exponent:
 * fired[g] += 1 for a timer of cfg->timer_ns[g], what the firmware's
 * retransmission histogram counts.
 */
struct adp_sim_trace {
	struct adp_sim_event *ev;
	size_t cap;
	size_t n;
	uint64_t *fired;	/* ADP_SIM_SHIFTS counters, or NULL */
};

enum adp_sim_end {
	ADP_SIM_END_DONE,	/* every packet delivered */
	ADP_SIM_END_FAILED,	/* total timeout: the QP is in error */
	ADP_SIM_END_LIMIT,	/* limit_ns or max_events reached first */
};

struct adp_sim_result {
	enum adp_sim_end end;
	uint64_t end_ns;	/* the last event */
	uint64_t recovered_ns;	/* first ACK after a timeout, or ADP_SIM_NEVER */
	uint64_t events;	/* timeouts + ACKs (+ the failure) */
	uint64_t timeouts;
	uint64_t spurious;
	uint64_t delivered;	/* packets acknowledged */
	uint64_t stall_max_ns;	/* longest time without forward progress */
	uint64_t hit;		/* packets with a transmission lost */
	uint64_t hit_ns;	/* their time from first transmission to ACK */
	uint32_t init_g;	/* the initial exponent used */
	uint32_t packet;	/* the packet in flight at the end */
	int32_t range;		/* final state */
	uint32_t g;
	uint64_t timer_ns;
};

/*
 * Run one QP.  seed feeds the random initial timeout and, for LOSS, the
 * losses; init_g >= 0 pins the initial exponent instead.  trace may be
 * NULL.
 */
void adp_sim_run(const struct adp_sim_cfg *cfg,
		 const struct adp_sim_scenario *sc, uint64_t seed, int init_g,
		 struct adp_sim_trace *trace, struct adp_sim_result *res);

/*
 * The time of one pass through the ranges without any ACK: from range 0's
 * low bound until the top of the last range has been waited once, each
 * timer capped and floored.  If range_at is not NULL, it gets the range in
 * use when budget_ns has passed, or -1 if the pass ends within it.
 */
uint64_t adp_sim_pass_ns(const struct adp_sim_cfg *cfg, uint64_t budget_ns,
			 int *range_at);

/*
 * The expected figures of one long-lived QP under Bernoulli loss, computed
 * from the profile's own timer sequence instead of sampled: a Markov chain
 * over the states a packet can be sent in (range, exponent), each packet's
 * outcome (k transmissions lost before one gets through, with probability
 * (1 - loss) * loss^k) walked through the timers.  The chain starts at a
 * fresh QP's initial timeout; its stationary weights give the figures.
 * Deterministic: no seed.  Not reentrant: its work rows are static (a few
 * hundred kilobytes, kept off the stack).
 */
struct adp_sim_expect {
	double loss_ns;		/* mean, first transmission lost to its ACK; -1 without loss */
	double single_ns;	/* the same when only the first transmission is lost */
	double spurious;	/* spurious timeouts per transmission */
	double fail;		/* QP failures per packet */
	uint64_t timer_min_ns;	/* the shortest timer a packet is sent with */
	unsigned int states;	/* states with weight */
	double fired[ADP_SIM_SHIFTS];	/* timers fired per packet, by exponent */
};

void adp_sim_expect(const struct adp_sim_cfg *cfg, double loss, uint64_t rtt_ns,
		    struct adp_sim_expect *e);

/* The firmware's default profile (id 0), as the emulated device has it. */
extern const struct radp_profile adp_sim_fw_default;

/* A 64-bit generator (splitmix64): seeds runs and draws. */
uint64_t adp_sim_rand(uint64_t *state);

#endif /* RADP_SIM_H */
