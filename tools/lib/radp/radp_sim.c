// SPDX-License-Identifier: GPL-2.0
/*
 * The adaptive retransmission simulator; see sim.h, and for each modelling
 * decision Documentation/profile-simulator.rst ("Modelling decisions").
 *
 * The hot loop of adp_sim_run() allocates nothing and prints nothing: the
 * benchmark counts its events per second.
 */
#include <string.h>

#include "radp_sim.h"

const char *const adp_sim_ev_names[ADP_SIM_EV_KINDS] = {
	[ADP_SIM_EV_SEND]	= "send",
	[ADP_SIM_EV_TIMEOUT]	= "timeout",
	[ADP_SIM_EV_ACK]	= "ack",
	[ADP_SIM_EV_FAIL]	= "fail",
};

const char *const adp_sim_decision_names[ADP_SIM_DECISIONS] = {
	[ADP_SIM_INITIAL]	= "initial",
	[ADP_SIM_INIT_RETRY]	= "init_retry",
	[ADP_SIM_START_RANGE]	= "start_range",
	[ADP_SIM_RETRY]		= "retry",
	[ADP_SIM_DOUBLE]	= "double",
	[ADP_SIM_NEXT_RANGE]	= "next_range",
	[ADP_SIM_HOLD]		= "hold",
	[ADP_SIM_DEC_DIV4]	= "dec_div4",
	[ADP_SIM_DEC_DIV2]	= "dec_div2",
	[ADP_SIM_DEC_LOW_BOUND]	= "dec_low_bound",
	[ADP_SIM_PREV_RANGE]	= "prev_range",
	[ADP_SIM_FLOOR]		= "floor",
	[ADP_SIM_KEEP]		= "keep",
	[ADP_SIM_FAIL]		= "fail",
};

/* drivers/roce_adp_emu/emu_fw.c: what the firmware uses before any profile. */
const struct radp_profile adp_sim_fw_default = {
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

uint64_t adp_sim_ack_timeout_ns(uint32_t ack_timeout)
{
	if (!ack_timeout || ack_timeout > ADP_SIM_ACK_TIMEOUT_MAX)
		return ADP_SIM_NEVER;
	return 4096ULL << ack_timeout;
}

uint64_t adp_sim_rand(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* v << shift, saturated at ADP_SIM_NEVER. */
static uint64_t shl_sat(uint64_t v, uint32_t shift)
{
	if (shift >= 64 || v > (ADP_SIM_NEVER >> shift))
		return ADP_SIM_NEVER;
	return v << shift;
}

void adp_sim_setup(struct adp_sim_cfg *cfg, const struct radp_profile *p,
		   const struct adp_sim_qp *qp, uint64_t min_ns)
{
	uint64_t t;
	uint32_t i;

	memset(cfg, 0, sizeof(*cfg));
	cfg->range_num = p->range_num < RADP_RANGES ? p->range_num : RADP_RANGES;
	cfg->start = p->start_range_index;
	for (i = 0; i < cfg->range_num; i++) {
		const struct radp_range *e = &p->range[i];

		cfg->r[i] = (struct adp_sim_range) {
			.low = e->range_low_bound,
			.top = e->range_low_bound + e->range_size,
			.retry = e->timeout_retry_num,
			.dec = e->dec_mode,
			.prev = e->prev_range_index,
		};
	}
	cfg->init_low = p->timeout_init_low_bound;
	cfg->init_n = p->timeout_init_range_size;
	cfg->base_ns = (uint64_t)p->time_base * 1000;
	cfg->cap_ns = adp_sim_ack_timeout_ns(qp->ack_timeout);
	cfg->min_ns = min_ns;
	/* jverbs: a retry count out of 0..7 falls back to 7. */
	cfg->retry_count = qp->retry_count > ADP_SIM_RETRY_MAX ?
			   ADP_SIM_RETRY_MAX : qp->retry_count;
	cfg->total_from_qp = p->qp_total_timeout;
	if (!p->qp_total_timeout)
		cfg->total_ns = shl_sat(cfg->base_ns, p->retx_total_timeout);
	else if (cfg->cap_ns == ADP_SIM_NEVER)
		cfg->total_ns = ADP_SIM_NEVER;	/* infinite ack_timeout */
	else
		cfg->total_ns = cfg->cap_ns * cfg->retry_count;

	/* The cap first, then the minimum: the minimum is enforced. */
	for (i = 0; i < ADP_SIM_SHIFTS; i++) {
		t = shl_sat(cfg->base_ns, i);
		if (t > cfg->cap_ns) {
			t = cfg->cap_ns;
			cfg->capped |= 1ULL << i;
		}
		if (t < cfg->min_ns) {
			t = cfg->min_ns;
			cfg->floored |= 1ULL << i;
		}
		cfg->timer_ns[i] = t;
	}
}

int adp_sim_range_of(const struct adp_sim_cfg *cfg, uint32_t g)
{
	int r;

	for (r = cfg->range_num - 1; r >= 0; r--)
		if (cfg->r[r].low <= g && g <= cfg->r[r].top)
			return r;
	return -1;
}

/* Where the QP is on the timeout ladder. */
struct sim_state {
	int32_t range;		/* -1 until the first timeout event */
	int32_t init_range;	/* the range of the initial exponent, or -1 */
	uint32_t g;
	uint32_t uses, limit;	/* limit 0: no limit */
};

/* A timeout event: the next exponent (rules of the Increase section). */
static enum adp_sim_decision sim_increase(const struct adp_sim_cfg *cfg,
					 struct sim_state *s)
{
	const struct adp_sim_range *r;

	if (s->range < 0) {
		/* The initial timeout is retried once, in its range. */
		if (s->init_range >= 0) {
			s->range = s->init_range;
			s->uses = 2;
			s->limit = 2;
			return ADP_SIM_INIT_RETRY;
		}
		s->range = cfg->start;
		r = &cfg->r[s->range];
		s->g = r->low;
		s->uses = 1;
		s->limit = r->retry;
		return ADP_SIM_START_RANGE;
	}
	r = &cfg->r[s->range];
	if (s->uses < s->limit) {
		s->uses++;
		return ADP_SIM_RETRY;
	}
	if (s->g < r->top) {
		/* Each doubled value: timeout_retry_num times, or once. */
		s->g++;
		s->uses = 1;
		s->limit = cfg->retry_per_range ? 1 : r->retry;
		return ADP_SIM_DOUBLE;
	}
	if ((uint32_t)s->range + 1 < cfg->range_num) {
		s->range++;
		r++;
		s->g = r->low;
		s->uses = 1;
		s->limit = r->retry;
		return ADP_SIM_NEXT_RANGE;
	}
	s->uses++;
	s->limit = 0;
	return ADP_SIM_HOLD;
}

/* Forward progress: one decrease step (dec_mode, then prev_range_index). */
static enum adp_sim_decision sim_decrease(const struct adp_sim_cfg *cfg,
					  struct sim_state *s)
{
	const struct adp_sim_range *r;
	enum adp_sim_decision d;

	s->uses = 1;
	if (s->range < 0)
		return ADP_SIM_KEEP;
	r = &cfg->r[s->range];
	if (s->g > r->low) {
		switch (r->dec) {
		case 0:	/* TO_DIV_4 */
			s->g = s->g >= r->low + 2 ? s->g - 2 : r->low;
			d = ADP_SIM_DEC_DIV4;
			break;
		case 1:	/* TO_DIV_2 */
			s->g--;
			d = ADP_SIM_DEC_DIV2;
			break;
		default: /* TO_LOW_BOUND */
			s->g = r->low;
			d = ADP_SIM_DEC_LOW_BOUND;
			break;
		}
	} else if (r->prev != (uint32_t)s->range) {
		s->range = r->prev;
		r = &cfg->r[s->range];
		if (s->g > r->top)
			s->g = r->top;
		d = ADP_SIM_PREV_RANGE;
	} else {
		d = ADP_SIM_FLOOR;
	}
	s->limit = r->retry;
	return d;
}

static inline void sim_record(struct adp_sim_trace *trace,
			      const struct adp_sim_cfg *cfg,
			      const struct sim_state *s, uint64_t now,
			      uint32_t packet, uint32_t retx,
			      enum adp_sim_ev_kind kind,
			      enum adp_sim_decision d, bool spurious)
{
	struct adp_sim_event *e;

	if (trace->n++ >= trace->cap)
		return;
	e = &trace->ev[trace->n - 1];
	e->t_ns = now;
	e->timer_ns = cfg->timer_ns[s->g];
	e->packet = packet;
	e->retx = retx;
	e->uses = s->uses;
	e->limit = s->limit;
	e->range = s->range;
	e->g = s->g;
	e->kind = kind;
	e->decision = d;
	e->spurious = spurious;
	e->capped = cfg->capped >> s->g & 1;
	e->floored = cfg->floored >> s->g & 1;
}

/* The loss scenario, resolved for the loop. */
struct sim_loss {
	enum adp_sim_kind kind;
	uint64_t down_ns;
	uint32_t drop;
	bool always;		/* LOSS with probability 1 */
	uint64_t below;		/* LOSS: a draw below this is a loss */
};

/* A transmission at now that never reaches the peer. */
static inline bool sim_lost(const struct sim_loss *l, uint64_t *rng,
			    uint64_t now, uint32_t packet, uint32_t tx)
{
	switch (l->kind) {
	case ADP_SIM_OUTAGE:
		return now < l->down_ns;
	case ADP_SIM_DROP:
		return packet == 1 && tx < l->drop;
	default:
		return l->always || adp_sim_rand(rng) < l->below;
	}
}

void adp_sim_run(const struct adp_sim_cfg *cfg,
		 const struct adp_sim_scenario *sc, uint64_t seed, int init_g,
		 struct adp_sim_trace *trace, struct adp_sim_result *res)
{
	const uint64_t limit_ns = sc->limit_ns, max_events = sc->max_events;
	const uint64_t rtt = sc->rtt_ns, total = cfg->total_ns;
	const uint64_t packets = sc->packets;
	uint64_t rng = seed, now = 0, stall_start = 0, ack_at, deadline;
	uint64_t events = 0, timeouts = 0, spurious = 0, delivered = 0;
	uint64_t stall_max = 0, recovered = ADP_SIM_NEVER, hit = 0, hit_ns = 0;
	struct sim_loss loss = {
		.kind = sc->kind, .down_ns = sc->down_ns, .drop = sc->drop,
		.always = sc->loss >= 1.0,
	};
	uint32_t packet = 1, retx = 0, tx = 0;
	enum adp_sim_end end;
	enum adp_sim_decision d;
	struct sim_state s;
	bool late, lost, was_hit;

	if (sc->kind == ADP_SIM_LOSS && sc->loss > 0 && sc->loss < 1.0)
		loss.below = (uint64_t)(sc->loss * 18446744073709551616.0);
	/* Drawn first: a seed gives the same QP in every scenario. */
	s.g = init_g >= 0 ? (uint32_t)init_g :
	      cfg->init_low + adp_sim_rand(&rng) % cfg->init_n;
	s.range = -1;
	s.init_range = adp_sim_range_of(cfg, s.g);
	s.uses = 1;
	s.limit = s.init_range >= 0 ? 2 : 1;
	res->init_g = s.g;
	if (trace)
		sim_record(trace, cfg, &s, 0, 1, 0, ADP_SIM_EV_SEND,
			   ADP_SIM_INITIAL, false);

	was_hit = sim_lost(&loss, &rng, 0, 1, tx++);
	ack_at = was_hit ? ADP_SIM_NEVER : rtt;
	deadline = cfg->timer_ns[s.g];
	for (;;) {
		if (events >= max_events ||
		    (ack_at < deadline ? ack_at : deadline) > limit_ns) {
			end = ADP_SIM_END_LIMIT;
			break;
		}
		events++;
		if (ack_at <= deadline) {
			/* Forward progress, also for an ACK that was late. */
			now = ack_at;
			if (now - stall_start > stall_max)
				stall_max = now - stall_start;
			if (retx && recovered == ADP_SIM_NEVER)
				recovered = now;
			if (was_hit) {
				hit++;
				hit_ns += now - stall_start;
			}
			d = sim_decrease(cfg, &s);
			if (trace)
				sim_record(trace, cfg, &s, now, packet, retx,
					   ADP_SIM_EV_ACK, d, false);
			if (++delivered >= packets) {
				end = ADP_SIM_END_DONE;
				break;
			}
			packet++;
			retx = 0;
			tx = 0;
			was_hit = false;
			stall_start = now;
			ack_at = ADP_SIM_NEVER;
		} else {
			now = deadline;
			if (trace && trace->fired)
				trace->fired[s.g]++;
			if (now - stall_start > total &&
			    total != ADP_SIM_NEVER) {
				if (now - stall_start > stall_max)
					stall_max = now - stall_start;
				if (trace)
					sim_record(trace, cfg, &s, now, packet,
						   retx, ADP_SIM_EV_FAIL,
						   ADP_SIM_FAIL, false);
				end = ADP_SIM_END_FAILED;
				break;
			}
			timeouts++;
			late = ack_at != ADP_SIM_NEVER;
			spurious += late;
			d = sim_increase(cfg, &s);
			retx++;
			if (trace)
				sim_record(trace, cfg, &s, now, packet, retx,
					   ADP_SIM_EV_TIMEOUT, d, late);
		}
		/*
		 * The next transmission: a retransmission or the next packet.
		 * An earlier transmission's ACK may still come first.
		 */
		lost = sim_lost(&loss, &rng, now, packet, tx++);
		was_hit |= lost;
		if (!lost && now + rtt < ack_at)
			ack_at = now + rtt;
		deadline = now + cfg->timer_ns[s.g];
	}
	res->end = end;
	res->end_ns = now;
	res->recovered_ns = recovered;
	res->events = events;
	res->timeouts = timeouts;
	res->spurious = spurious;
	res->delivered = delivered;
	res->stall_max_ns = stall_max;
	res->hit = hit;
	res->hit_ns = hit_ns;
	res->packet = packet;
	res->range = s.range;
	res->g = s.g;
	res->timer_ns = cfg->timer_ns[s.g];
}

uint64_t adp_sim_pass_ns(const struct adp_sim_cfg *cfg, uint64_t budget_ns,
			 int *range_at)
{
	struct sim_state s = {
		.range = 0, .init_range = -1, .g = cfg->r[0].low,
		.uses = 1, .limit = cfg->r[0].retry,
	};
	uint64_t t = 0;
	unsigned int n;

	if (range_at)
		*range_at = -1;
	/* Bounded: at most every exponent of every range, retry_num times. */
	for (n = 0; n < RADP_RANGES * (1024 + ADP_SIM_SHIFTS); n++) {
		t += s.g < ADP_SIM_SHIFTS ? cfg->timer_ns[s.g] : ADP_SIM_NEVER;
		if (range_at && *range_at < 0 && t > budget_ns)
			*range_at = s.range;
		if (sim_increase(cfg, &s) == ADP_SIM_HOLD)
			break;
	}
	return t;
}

/* States of adp_sim_expect(): (range, exponent) after an ACK, or fresh. */
#define EXPECT_G	64
#define EXPECT_FRESH	(RADP_RANGES * EXPECT_G)
#define EXPECT_STATES	(EXPECT_FRESH + EXPECT_G)
#define EXPECT_K	48		/* losses in a row, at most */
#define EXPECT_TAIL	1e-13		/* outcomes less likely are lumped */
#define EXPECT_ROUNDS	4000
#define EXPECT_EPS	1e-13

/* A packet's outcomes from one state: k losses, then a delivery. */
struct expect_row {
	uint16_t next[EXPECT_K + 1];
	double w[EXPECT_K + 1];
	unsigned int n;
	double fail, spur, tx;	/* per packet */
	double rec_w, rec_ns;	/* sum of w and of w * recovery, k >= 1 */
	double single_ns;	/* k = 1, or -1 if it fails */
	bool done;
};

static void expect_state(const struct adp_sim_cfg *cfg, unsigned int key,
			 struct sim_state *s)
{
	if (key >= EXPECT_FRESH) {
		s->g = key - EXPECT_FRESH;
		s->range = -1;
		s->init_range = adp_sim_range_of(cfg, s->g);
		s->uses = 1;
		s->limit = s->init_range >= 0 ? 2 : 1;
		return;
	}
	s->range = key / EXPECT_G;
	s->g = key % EXPECT_G;
	s->init_range = -1;
	s->uses = 1;
	s->limit = cfg->r[s->range].retry;
}

/*
 * One packet sent in s, its first k transmissions lost: as adp_sim_run()
 * walks it.  false when the QP fails; else the state after the ACK (key),
 * the ACK's time and the timeouts (spurious: after the delivered one).
 */
static bool expect_walk(const struct adp_sim_cfg *cfg, unsigned int key,
			uint32_t k, uint64_t rtt, unsigned int *next,
			uint64_t *ack_ns, uint32_t *expired, uint32_t *spur,
			double *fired, double w)
{
	uint64_t now = 0, ack_at = k ? ADP_SIM_NEVER : rtt, deadline, timer;
	uint32_t sent = 0;
	struct sim_state s;

	expect_state(cfg, key, &s);
	*expired = 0;
	*spur = 0;
	deadline = cfg->timer_ns[s.g];
	for (;;) {
		if (ack_at <= deadline && ack_at != ADP_SIM_NEVER) {
			sim_decrease(cfg, &s);
			*next = s.range < 0 ? EXPECT_FRESH + s.g :
				(unsigned int)s.range * EXPECT_G + s.g;
			*ack_ns = ack_at;
			return s.g < EXPECT_G;
		}
		now = deadline;
		if (now == ADP_SIM_NEVER || *expired > 100000 ||
		    (cfg->total_ns != ADP_SIM_NEVER && now > cfg->total_ns))
			return false;
		++*expired;
		*spur += ack_at != ADP_SIM_NEVER;
		if (fired)
			fired[s.g] += w;
		sim_increase(cfg, &s);
		if (++sent == k)
			ack_at = now + rtt;
		timer = s.g < ADP_SIM_SHIFTS ? cfg->timer_ns[s.g] : ADP_SIM_NEVER;
		deadline = timer > ADP_SIM_NEVER - now ? ADP_SIM_NEVER :
			   now + timer;
	}
}

/* The rows filled by one adp_sim_expect(), to clear for the next. */
struct expect_filled {
	uint16_t key[EXPECT_STATES];
	unsigned int n;
};

static void expect_fill(const struct adp_sim_cfg *cfg, double loss,
			uint64_t rtt, unsigned int key, struct expect_row *row,
			struct expect_filled *filled)
{
	uint32_t k, expired, spur;
	uint64_t ack;
	unsigned int next;
	double w, tail = 1.0;

	memset(row, 0, sizeof(*row));
	row->done = true;
	filled->key[filled->n++] = key;
	row->single_ns = expect_walk(cfg, key, 1, rtt, &next, &ack, &expired,
				     &spur, NULL, 0) ? (double)ack : -1;
	for (k = 0; k <= EXPECT_K; k++) {
		w = (1.0 - loss) * tail;
		tail *= loss;
		/* The last outcome takes what is left: the weights sum to 1. */
		if (k == EXPECT_K || tail < EXPECT_TAIL)
			w += tail;
		if (!expect_walk(cfg, key, k, rtt, &next, &ack, &expired,
				 &spur, NULL, 0)) {
			row->fail += w;
			row->tx += w * (1 + expired);
		} else {
			row->next[row->n] = next;
			row->w[row->n++] = w;
			row->spur += w * spur;
			row->tx += w * (1 + expired);
			if (k) {
				row->rec_w += w;
				row->rec_ns += w * (double)ack;
			}
		}
		if (k == EXPECT_K || tail < EXPECT_TAIL || loss <= 0)
			break;
	}
}

/* The timers that fire for a packet sent in state key, weighted: fired[g]. */
static void expect_fired(const struct adp_sim_cfg *cfg, double loss,
			 uint64_t rtt, unsigned int key, double weight,
			 double *fired)
{
	uint32_t k, expired, spur;
	unsigned int next;
	uint64_t ack;
	double w, tail = 1.0;

	for (k = 0; k <= EXPECT_K; k++) {
		w = (1.0 - loss) * tail;
		tail *= loss;
		if (k == EXPECT_K || tail < EXPECT_TAIL)
			w += tail;
		expect_walk(cfg, key, k, rtt, &next, &ack, &expired, &spur,
			    fired, weight * w);
		if (k == EXPECT_K || tail < EXPECT_TAIL || loss <= 0)
			break;
	}
}

/*
 * The states a chain has reached, as a bitmap: a round visits only these
 * (a few dozen of the 576), in increasing order as a sweep of every state
 * would, so that each sum adds the same terms in the same order.
 */
#define EXPECT_WORDS	((EXPECT_STATES + 63) / 64)

static void expect_reach(uint64_t *reached, unsigned int key)
{
	reached[key / 64] |= 1ULL << (key % 64);
}

/* for_each_reached(i, w, bits, reached): i over reached, increasing */
#define for_each_reached(i, w, bits, reached)				\
	for ((w) = 0; (w) < EXPECT_WORDS; (w)++)			\
		for ((bits) = (reached)[w];				\
		     (bits) && ((i) = (w) * 64 + __builtin_ctzll(bits), 1); \
		     (bits) &= (bits) - 1)

void adp_sim_expect(const struct adp_sim_cfg *cfg, double loss, uint64_t rtt_ns,
		    struct adp_sim_expect *e)
{
	static struct expect_row rows[EXPECT_STATES];
	double pi[EXPECT_STATES], nx[EXPECT_STATES], start[EXPECT_STATES];
	double diff, rec_w = 0, rec_ns = 0, one_w = 0, one_ns = 0;
	double spur = 0, tx = 0, fail = 0, stay, out;
	uint64_t reached[EXPECT_WORDS] = { 0 }, starts[EXPECT_WORDS] = { 0 };
	uint64_t bits, sbits;
	unsigned int i, j, g, w, sw, round;
	struct expect_row *row;
	static struct expect_filled filled;

	memset(e, 0, sizeof(*e));
	memset(start, 0, sizeof(start));
	if (loss < 0)
		loss = 0;
	/*
	 * A fresh QP keeps its initial timeout until its first timeout: start
	 * the chain where it leaves it, or on it if it never does.
	 */
	for (g = cfg->init_low; g < cfg->init_low + cfg->init_n && g < EXPECT_G;
	     g++) {
		i = EXPECT_FRESH + g;
		row = &rows[i];
		expect_fill(cfg, loss, rtt_ns, i, row, &filled);
		for (stay = 0, j = 0; j < row->n; j++)
			if (row->next[j] == i)
				stay += row->w[j];
		out = 1.0 - stay - row->fail;
		if (out <= 1e-300) {
			start[i] += 1.0 / cfg->init_n;
			continue;
		}
		for (j = 0; j < row->n; j++)
			if (row->next[j] != i)
				start[row->next[j]] += row->w[j] / out /
						      cfg->init_n;
	}
	memcpy(pi, start, sizeof(pi));
	memset(nx, 0, sizeof(nx));
	for (i = 0; i < EXPECT_STATES; i++)
		if (start[i] > 0)
			expect_reach(starts, i);
	memcpy(reached, starts, sizeof(reached));
	for (round = 0; round < EXPECT_ROUNDS; round++) {
		/* Every state outside reached has 0 in pi and in nx. */
		for_each_reached(i, w, bits, reached)
			nx[i] = 0;
		for_each_reached(i, w, bits, reached) {
			if (pi[i] <= 0)
				continue;
			row = &rows[i];
			if (!row->done)
				expect_fill(cfg, loss, rtt_ns, i, row, &filled);
			for (j = 0; j < row->n; j++) {
				nx[row->next[j]] += pi[i] * row->w[j];
				expect_reach(reached, row->next[j]);
			}
			/* A failed QP is replaced by a fresh one. */
			if (row->fail > 0)
				for_each_reached(j, sw, sbits, starts)
					nx[j] += pi[i] * row->fail * start[j];
		}
		diff = 0;
		for_each_reached(i, w, bits, reached) {
			diff += nx[i] > pi[i] ? nx[i] - pi[i] : pi[i] - nx[i];
			pi[i] = nx[i];
		}
		if (diff < EXPECT_EPS)
			break;
	}
	e->timer_min_ns = ADP_SIM_NEVER;
	for_each_reached(i, w, bits, reached) {
		if (pi[i] <= 1e-15)
			continue;
		row = &rows[i];
		if (!row->done)
			expect_fill(cfg, loss, rtt_ns, i, row, &filled);
		e->states++;
		rec_w += pi[i] * row->rec_w;
		rec_ns += pi[i] * row->rec_ns;
		if (row->single_ns >= 0) {
			one_w += pi[i];
			one_ns += pi[i] * row->single_ns;
		}
		spur += pi[i] * row->spur;
		expect_fired(cfg, loss, rtt_ns, i, pi[i], e->fired);
		tx += pi[i] * row->tx;
		fail += pi[i] * row->fail;
		if (cfg->timer_ns[i % EXPECT_G] < e->timer_min_ns)
			e->timer_min_ns = cfg->timer_ns[i % EXPECT_G];
	}
	for (i = 0; i < filled.n; i++)
		rows[filled.key[i]].done = false;
	filled.n = 0;
	e->loss_ns = loss > 0 && rec_w > 0 ? rec_ns / rec_w : -1;
	e->single_ns = one_w > 0 ? one_ns / one_w : -1;
	e->spurious = tx > 0 ? spur / tx : 0;
	e->fail = fail;
}
