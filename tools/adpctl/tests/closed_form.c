// SPDX-License-Identifier: GPL-2.0
/* See closed_form.h: written from the algorithm's rules, not radp_sim.c. */
#include <math.h>
#include <string.h>

#include "closed_form.h"

#define CF_G	64
#define NEVER	UINT64_MAX

/* Where a QP stands: fresh (its initial timeout) or in range r at g. */
struct pos {
	bool fresh;
	int r;
	uint32_t g;
	uint32_t left;	/* further uses of the value before it changes */
};

uint64_t cf_timer(const struct radp_profile *p, const struct cf_qp *qp,
		  uint32_t g)
{
	uint64_t t = (uint64_t)p->time_base * 1000, cap = NEVER;

	t = g >= 40 ? NEVER : t << g;
	if (qp->ack_timeout)
		cap = 4096ULL << qp->ack_timeout;
	if (t > cap)
		t = cap;
	return t < qp->min_ns ? qp->min_ns : t;
}

static uint32_t top(const struct radp_profile *p, int r)
{
	return p->range[r].range_low_bound + p->range[r].range_size;
}

static uint64_t total(const struct radp_profile *p, const struct cf_qp *qp)
{
	uint32_t n = qp->retry_count > 7 ? 7 : qp->retry_count;

	if (!p->qp_total_timeout)
		return (uint64_t)p->time_base * 1000 << p->retx_total_timeout;
	return qp->ack_timeout ? (4096ULL << qp->ack_timeout) * n : NEVER;
}

/* The timer fired. */
static void on_timeout(const struct radp_profile *p, struct pos *s)
{
	int r;

	if (s->fresh) {
		s->fresh = false;
		/* Inside a range: that range, this value once more. */
		for (r = p->range_num - 1; r >= 0; r--)
			if (p->range[r].range_low_bound <= s->g && s->g <= top(p, r))
				break;
		if (r >= 0) {
			s->r = r;
			s->left = 0;
			return;
		}
		s->r = p->start_range_index;
		s->g = p->range[s->r].range_low_bound;
		s->left = p->range[s->r].timeout_retry_num - 1;
		return;
	}
	if (s->left) {
		s->left--;
	} else if (s->g < top(p, s->r)) {
		s->g++;
		s->left = p->range[s->r].timeout_retry_num - 1;
	} else if (s->r + 1 < (int)p->range_num) {
		s->r++;
		s->g = p->range[s->r].range_low_bound;
		s->left = p->range[s->r].timeout_retry_num - 1;
	}
}

/* Forward progress. */
static void on_ack(const struct radp_profile *p, struct pos *s)
{
	const struct radp_range *e;

	if (s->fresh)
		return;
	e = &p->range[s->r];
	if (s->g > e->range_low_bound) {
		if (e->dec_mode == 0)
			s->g = s->g - 2 < e->range_low_bound ? e->range_low_bound :
			       s->g - 2;
		else if (e->dec_mode == 1)
			s->g--;
		else
			s->g = e->range_low_bound;
	} else if ((int)e->prev_range_index != s->r) {
		s->r = e->prev_range_index;
		if (s->g > top(p, s->r))
			s->g = top(p, s->r);
	}
	s->left = p->range[s->r].timeout_retry_num - 1;
}

static void fresh_at(const struct radp_profile *p, uint32_t g, struct pos *s)
{
	(void)p;
	memset(s, 0, sizeof(*s));
	s->fresh = true;
	s->g = g;
}

/*
 * Transmissions at 0 and at each expiry; the first sent at or after
 * deliver_from gets through.  true unless the total timeout passes first.
 */
static bool walk(const struct radp_profile *p, const struct cf_qp *qp,
		 struct pos *s, uint64_t deliver_from, uint64_t rtt,
		 uint64_t *ack_ns, uint32_t *timeouts)
{
	uint64_t now = 0, ack = deliver_from == 0 ? rtt : NEVER;
	uint64_t limit = total(p, qp), expiry;

	*timeouts = 0;
	for (;;) {
		expiry = now + cf_timer(p, qp, s->g);
		if (ack <= expiry) {
			on_ack(p, s);
			*ack_ns = ack;
			return true;
		}
		if (expiry > limit || *timeouts > 100000)
			return false;
		now = expiry;
		++*timeouts;
		on_timeout(p, s);
		if (ack == NEVER && now >= deliver_from)
			ack = now + rtt;
	}
}

void cf_outage(const struct radp_profile *p, const struct cf_qp *qp,
	       uint32_t init_g, uint64_t down_ns, uint64_t rtt_ns,
	       struct cf_outage *o)
{
	struct pos s;
	uint64_t ack;

	fresh_at(p, init_g, &s);
	o->failed = !walk(p, qp, &s, down_ns, rtt_ns, &ack, &o->timeouts);
	o->recovery_ns = o->failed ? 0 : ack - down_ns;
}

static unsigned int key(const struct pos *s)
{
	return s->r * CF_G + s->g;
}

double cf_single_loss(const struct radp_profile *p, const struct cf_qp *qp,
		      double loss, uint64_t rtt_ns)
{
	static double pi[RADP_RANGES * CF_G], nx[RADP_RANGES * CF_G];
	struct pos s, d;
	uint32_t g, j, n;
	uint64_t ack;
	double w, sum;
	unsigned int k, round;

	memset(pi, 0, sizeof(pi));
	/* A fresh QP's first loss: the timer fires once, the retransmission is ACKed. */
	for (g = p->timeout_init_low_bound;
	     g < p->timeout_init_low_bound + p->timeout_init_range_size; g++) {
		fresh_at(p, g, &s);
		if (!walk(p, qp, &s, 1, rtt_ns, &ack, &n))
			return -1;
		pi[key(&s)] += 1.0 / p->timeout_init_range_size;
	}
	/*
	 * Loss to loss: j more ACKs before the next one with probability
	 * loss (1 - loss)^j, each one step down (after a few none moves it).
	 */
	for (round = 0; round < 2000; round++) {
		memset(nx, 0, sizeof(nx));
		for (k = 0; k < RADP_RANGES * CF_G; k++) {
			if (pi[k] <= 0)
				continue;
			s = (struct pos){ .r = k / CF_G, .g = k % CF_G };
			/* This loss: back off, ACK. */
			if (!walk(p, qp, &s, 1, rtt_ns, &ack, &n))
				return -1;
			for (j = 0; j < 256; j++) {
				w = loss * pow(1.0 - loss, j);
				nx[key(&s)] += pi[k] * w;
				d = s;
				on_ack(p, &d);
				if (d.r == s.r && d.g == s.g)
					break;
				s = d;
			}
			nx[key(&s)] += pi[k] * pow(1.0 - loss, j < 256 ? j + 1 : j);
		}
		for (sum = 0, k = 0; k < RADP_RANGES * CF_G; k++)
			sum += fabs(nx[k] - pi[k]);
		memcpy(pi, nx, sizeof(pi));
		if (sum < 1e-14)
			break;
	}
	for (sum = 0, k = 0; k < RADP_RANGES * CF_G; k++) {
		if (pi[k] <= 0)
			continue;
		s = (struct pos){ .r = k / CF_G, .g = k % CF_G };
		if (!walk(p, qp, &s, 1, rtt_ns, &ack, &n))
			return -1;
		sum += pi[k] * (double)ack;
	}
	return sum;
}
