/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The expected recovery of a profile, computed in closed form from the
 * retransmission rules as the algorithm description states them (initial
 * timeout retried once, each value used timeout_retry_num times, doubling
 * to the range's top, the next range, dec_mode and prev_range_index on
 * forward progress), not from the simulator: the tests' yardstick for
 * radp_sim.c and for "profile tune".
 */
#ifndef ADP_CLOSED_FORM_H
#define ADP_CLOSED_FORM_H

#include <stdbool.h>
#include <stdint.h>

#include "radp_reg.h"

struct cf_qp {
	uint32_t ack_timeout, retry_count;
	uint64_t min_ns;	/* the device's minimum timeout */
};

/* A fresh QP with initial exponent g, the link down for down_ns. */
struct cf_outage {
	bool failed;
	uint64_t recovery_ns;	/* link back to the ACK */
	uint32_t timeouts;	/* timers that fired before the ACK */
};

void cf_outage(const struct radp_profile *p, const struct cf_qp *qp,
	       uint32_t init_g, uint64_t down_ns, uint64_t rtt_ns,
	       struct cf_outage *o);

/*
 * Expected recovery (first transmission to ACK) of a single loss, the
 * retransmission delivered, over the states a long-lived QP is in when a
 * loss hits at loss rate p (each loss isolated: the QP backs off once and
 * steps down one dec_mode step per ACK until the next loss).
 */
double cf_single_loss(const struct radp_profile *p, const struct cf_qp *qp,
		      double loss, uint64_t rtt_ns);

/* The timer of exponent g: time_base << g, capped, then floored. */
uint64_t cf_timer(const struct radp_profile *p, const struct cf_qp *qp,
		  uint32_t g);

#endif
