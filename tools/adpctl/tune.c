// SPDX-License-Identifier: GPL-2.0
/*
 * "adpctl profile tune": from a path (round trip, loss, outages), a QP and
 * the device's caps to the profile with the lowest mean recovery time,
 * under two constraints: spurious retransmissions at most a share of the
 * transmissions, and no QP failure for outages up to a bound.  A search
 * over a family of profiles that lint accepts without a warning, each
 * scored by the simulator (sim.c): a grid, then a local search around the
 * best of it, then the finalists again with more QPs.  Deterministic for
 * a seed.  Method and limits: Documentation/profile-simulator.rst.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adpctl.h"
#include "profile_src.h"
#include "radp_lint.h"
#include "radp_sim.h"
#include "simulate.h"
#include "tune_fit.h"

#define TUNE_OUTAGES_MAX	8
#define TUNE_RTT_SAMPLES	4	/* round trips an outage is run with */
#define TUNE_KEEP		8	/* best profiles a stage hands on */
#define TUNE_SEEN		16384	/* profiles scored, at most */
#define TUNE_ROUNDS		6	/* local search rounds per start */
#define TUNE_RETRY_MAX		4
#define TUNE_SIZE_MAX		4
#define TUNE_WORDS		1024

/* The sampled cross-check of the profiles printed: QPs, packets each. */
#define TUNE_SAMPLE_RUNS	400
#define TUNE_SAMPLE_PACKETS	1000
/* A sampled mean from fewer lost packets than this is unknown. */
#define TUNE_SAMPLE_MIN_HITS	30
/* Default margins: the shortest timer over the upper RTT, survive over the longest outage. */
#define TUNE_RTT_MARGIN		2.0
#define TUNE_SURVIVE_MARGIN	2.0

/* What the command line asks for. */
struct tune_req {
	uint64_t rtt_lo, rtt_hi;
	double loss;
	uint64_t outage[TUNE_OUTAGES_MAX];
	unsigned int outages;
	uint64_t survive_ns;
	double rtt_margin;		/* shortest timer / rtt_hi, at least */
	double survive_margin;		/* survive_ns / longest outage */
	uint32_t retx_max;		/* retransmissions in that outage */
	double spurious_max;
	uint64_t seed;
	bool per_range;
	struct adp_sim_qp qp;
	uint32_t id;			/* of the profile printed */
	struct radp_caps caps;
	const char *dev;
	bool from_hist;			/* fit the path to a histogram */
	struct hist measured;		/* that histogram */
	struct radp_profile measured_profile;	/* in effect while measured */
	const char *hist_file;		/* saved histogram, or NULL: dev's */
};

/*
 * A profile of the family: contiguous ranges (each starts one doubling
 * above the top of the one before, prev_range_index the one before),
 * start range 0, the initial window inside the ranges, time_base the
 * device's minimum, the total timeout the shortest that the constraints
 * and lint allow.
 */
struct tune_shape {
	uint32_t low;				/* range 0's low bound */
	uint32_t n;				/* range_num */
	uint32_t size[RADP_RANGES], retry[RADP_RANGES], dec[RADP_RANGES];
	uint32_t init_off, init_n;		/* window: low + init_off .. */
};

/* The figures of one profile. */
struct tune_score {
	double loss_ns;		/* mean recovery from a loss, -1 without loss */
	double single_ns;	/* the same, only the first transmission lost */
	double fresh_ns;	/* a fresh QP's first loss: initial timer + RTT */
	double loss_fail;	/* QP failures per packet under the loss */
	uint64_t timer_min_ns;	/* the shortest timer a packet is sent with */
	bool margin_short;	/* timer_min_ns below rtt_margin * rtt_hi */
	double outage_ns[TUNE_OUTAGES_MAX];	/* mean, link back to ACK */
	double spurious;	/* share of the transmissions */
	double failed;		/* share of outage runs that failed */
	uint64_t retx;		/* most retransmissions in the survive outage */
	double mean_ns;		/* the objective */
	bool ok;		/* constraints met */
};

struct tune_cand {
	struct tune_shape sh;
	struct radp_profile p;
	struct tune_score sc;
	uint64_t key;
};

struct tune {
	const struct tune_req *req;
	struct adp_sim_cfg cfg;		/* scratch */
	uint64_t base_ns;
	uint32_t g_max;			/* largest exponent below the cap */
	uint32_t tb;			/* time_base, us */
	uint64_t *seen;			/* keys scored (open addressing) */
	unsigned long tried;
	struct tune_cand keep[TUNE_KEEP];	/* best first */
	unsigned int kept;
	bool progress;
	const char *stage;
};

static uint64_t shape_key(const struct tune_shape *sh)
{
	uint64_t k = sh->low | (uint64_t)sh->n << 6 |
		     (uint64_t)sh->init_off << 9 | (uint64_t)sh->init_n << 12;
	uint32_t r;

	for (r = 0; r < sh->n; r++)
		k |= (uint64_t)(sh->size[r] | sh->retry[r] << 3 |
				sh->dec[r] << 6) << (16 + 12 * r);
	return k;
}

/* true the first time key is seen. */
static bool seen_first(struct tune *t, uint64_t key)
{
	uint64_t h = key * 0x9e3779b97f4a7c15ULL;
	unsigned int i = h >> 50, n;

	for (n = 0; n < TUNE_SEEN; n++, i = (i + 1) % TUNE_SEEN) {
		if (t->seen[i] == key + 1)
			return false;
		if (!t->seen[i]) {
			t->seen[i] = key + 1;
			return true;
		}
	}
	return false;
}

static uint32_t shape_top(const struct tune_shape *sh)
{
	uint32_t r, g = sh->low;

	for (r = 0; r < sh->n; r++)
		g += sh->size[r] + (r ? 1 : 0);
	return g;
}

/* The longest outage the QPs of a profile must survive, or the path's. */
static uint64_t survive_need(struct tune *t, const struct radp_profile *p);

/* sh as a profile; false when it leaves the family's bounds. */
static bool shape_build(struct tune *t, const struct tune_shape *sh,
			struct radp_profile *p)
{
	struct radp_violation v;
	uint64_t need;
	uint32_t r, g, k;

	if (!sh->n || sh->n > t->req->caps.profile_max_range_num ||
	    sh->n > RADP_RANGES || shape_top(sh) > t->g_max ||
	    !sh->init_n || sh->init_off + sh->init_n - 1 > shape_top(sh) - sh->low)
		return false;
	memset(p, 0, sizeof(*p));
	p->range_num = sh->n;
	p->time_unit = ROCE_ADP_TIME_UNIT_USEC;
	p->time_base = t->tb;
	p->timeout_init_low_bound = sh->low + sh->init_off;
	p->timeout_init_range_size = sh->init_n;
	for (r = 0, g = sh->low; r < sh->n; r++) {
		if (sh->retry[r] < 1 || sh->retry[r] > TUNE_RETRY_MAX ||
		    sh->size[r] > TUNE_SIZE_MAX || sh->dec[r] > 2)
			return false;
		p->range[r].range_low_bound = g;
		p->range[r].range_size = sh->size[r];
		p->range[r].timeout_retry_num = sh->retry[r];
		p->range[r].dec_mode = sh->dec[r];
		p->range[r].prev_range_index = r ? r - 1 : 0;
		g += sh->size[r] + 1;
	}
	/* The shortest total timeout that survives and covers one pass. */
	need = survive_need(t, p);
	for (k = 0; k < 32 && ((uint64_t)t->tb << k) <= 0xffffffffULL; k++)
		if (t->base_ns << k >= need)
			break;
	if (k >= 32 || ((uint64_t)t->tb << k) > 0xffffffffULL)
		return false;
	p->retx_total_timeout = k;
	return radp_profile_check(t->req->id, p, &t->req->caps, &v);
}

static void cfg_setup(struct tune *t, const struct radp_profile *p)
{
	adp_sim_setup(&t->cfg, p, &t->req->qp, t->req->caps.base_timeout_min);
	t->cfg.retry_per_range = t->req->per_range;
}

/* RTT sample i of TUNE_RTT_SAMPLES, evenly from the shortest to the longest. */
static uint64_t rtt_sample(const struct tune_req *req, unsigned int i)
{
	if (req->rtt_lo == req->rtt_hi)
		return req->rtt_lo;
	return req->rtt_lo + (req->rtt_hi - req->rtt_lo) * i /
			     (TUNE_RTT_SAMPLES - 1);
}

static unsigned int rtt_samples(const struct tune_req *req)
{
	return req->rtt_lo == req->rtt_hi ? 1 : TUNE_RTT_SAMPLES;
}

/*
 * One outage of down_ns against every initial timeout of the window and
 * every RTT sample: the mean time from the link's return to the ACK, the
 * longest stall and the failures (exactly: nothing else is random).
 */
static void run_outage(struct tune *t, uint64_t down_ns, double *mean_ns,
		       uint64_t *stall_max, uint64_t *retx_max,
		       unsigned int *failed, unsigned int *runs)
{
	struct adp_sim_scenario sc = {
		.kind = ADP_SIM_OUTAGE, .down_ns = down_ns, .packets = 1,
		.limit_ns = 60ULL * 1000 * 1000 * 1000, .max_events = 100000,
	};
	const struct adp_sim_cfg *cfg = &t->cfg;
	struct adp_sim_result res;
	unsigned int i, n = 0;
	double sum = 0;
	uint32_t g;

	*failed = 0;
	*stall_max = 0;
	*retx_max = 0;
	for (i = 0; i < rtt_samples(t->req); i++) {
		sc.rtt_ns = rtt_sample(t->req, i);
		for (g = cfg->init_low; g < cfg->init_low + cfg->init_n; g++) {
			adp_sim_run(cfg, &sc, 0, g, NULL, &res);
			n++;
			if (res.timeouts > *retx_max)
				*retx_max = res.timeouts;
			if (res.end != ADP_SIM_END_DONE) {
				(*failed)++;
				continue;
			}
			if (res.stall_max_ns > *stall_max)
				*stall_max = res.stall_max_ns;
			sum += res.recovered_ns > down_ns ?
			       res.recovered_ns - down_ns : 0;
		}
	}
	*runs = n;
	*mean_ns = n > *failed ? sum / (n - *failed) : -1;
}

static uint64_t survive_need(struct tune *t, const struct radp_profile *p)
{
	unsigned int failed, runs;
	uint64_t stall, pass, retx;
	double mean;

	/* lint's pass (total_short) is the default reading's, the longer. */
	cfg_setup(t, p);
	t->cfg.retry_per_range = false;
	pass = adp_sim_pass_ns(&t->cfg, 0, NULL);
	t->cfg.retry_per_range = t->req->per_range;
	t->cfg.total_ns = ADP_SIM_NEVER;
	if (!t->req->survive_ns)
		return pass;
	run_outage(t, t->req->survive_ns, &mean, &stall, &retx, &failed,
		   &runs);
	if (failed)
		return ADP_SIM_NEVER;
	return stall > pass ? stall : pass;
}

/*
 * Score p: loss from the profile's own timer sequence (adp_sim_expect(),
 * every state a long-lived QP can be in when a packet is lost, weighted by
 * its probability), outages by running every initial timeout: no sampling,
 * the same figures for every seed.
 */
static void score(struct tune *t, const struct radp_profile *p,
		  struct tune_score *s)
{
	const struct tune_req *req = t->req;
	unsigned int i, failed, runs, fail_all = 0, runs_all = 0, parts = 0;
	unsigned int n = rtt_samples(req);
	struct adp_sim_expect ex;
	double sum = 0, mean, loss_ns = 0, single_ns = 0;
	uint64_t stall, retx;
	bool loss_known = true;

	memset(s, 0, sizeof(*s));
	cfg_setup(t, p);
	s->timer_min_ns = ADP_SIM_NEVER;
	for (i = 0; i < t->cfg.init_n; i++)
		s->fresh_ns += (double)(t->cfg.timer_ns[t->cfg.init_low + i] +
					req->rtt_lo / 2 + req->rtt_hi / 2) /
			       t->cfg.init_n;
	for (i = 0; i < n; i++) {
		adp_sim_expect(&t->cfg, req->loss, rtt_sample(req, i), &ex);
		s->spurious += ex.spurious / n;
		s->loss_fail += ex.fail / n;
		if (ex.loss_ns < 0)
			loss_known = false;
		loss_ns += ex.loss_ns / n;
		single_ns += ex.single_ns / n;
		if (ex.timer_min_ns < s->timer_min_ns)
			s->timer_min_ns = ex.timer_min_ns;
	}
	s->loss_ns = -1;
	s->single_ns = single_ns;
	if (req->loss > 0) {
		s->loss_ns = loss_known ? loss_ns : -1;
		sum += s->loss_ns;
		parts++;
	}
	for (i = 0; i < req->outages; i++) {
		run_outage(t, req->outage[i], &s->outage_ns[i], &stall, &retx,
			   &failed, &runs);
		if (req->outage[i] <= req->survive_ns) {
			fail_all += failed;
			runs_all += runs;
		}
		if (s->outage_ns[i] >= 0) {
			sum += s->outage_ns[i];
			parts++;
		}
	}
	/* The longest outage survived: failures, and how many retransmissions. */
	run_outage(t, req->survive_ns, &mean, &stall, &s->retx, &failed, &runs);
	fail_all += failed;
	runs_all += runs;
	s->failed = runs_all ? (double)fail_all / runs_all : 0;
	/* Neither loss nor outage given: the recovery from a single loss. */
	s->mean_ns = parts ? sum / parts : s->single_ns;
	s->margin_short = s->timer_min_ns < req->rtt_margin * req->rtt_hi;
	s->ok = s->spurious <= req->spurious_max && !fail_all &&
		s->retx <= req->retx_max && !s->margin_short &&
		s->loss_fail < 1e-9;
}

/* How far s is from its constraints: 0 when it meets them. */
static double violation(const struct tune_req *req, const struct tune_score *s)
{
	return (s->spurious > req->spurious_max ?
		s->spurious - req->spurious_max : 0) + s->failed +
	       s->loss_fail * 1e6 +
	       (s->margin_short ? 1.0 - (double)s->timer_min_ns /
				  (req->rtt_margin * req->rtt_hi) : 0) +
	       (s->retx > req->retx_max ?
		(double)(s->retx - req->retx_max) / req->retx_max : 0);
}

static bool better(const struct tune_req *req, const struct tune_cand *a,
		   const struct tune_cand *b)
{
	double va = violation(req, &a->sc), vb = violation(req, &b->sc);

	if (a->sc.ok != b->sc.ok)
		return a->sc.ok;
	if (!a->sc.ok && va != vb)
		return va < vb;
	if (a->sc.mean_ns != b->sc.mean_ns)
		return a->sc.mean_ns < b->sc.mean_ns;
	/* A long-lived QP's figures tie: then a fresh QP's first loss. */
	if (a->sc.fresh_ns != b->sc.fresh_ns)
		return a->sc.fresh_ns < b->sc.fresh_ns;
	return a->key < b->key;
}

static void keep_add(struct tune *t, const struct tune_cand *c)
{
	unsigned int i, j;

	for (i = 0; i < t->kept; i++)
		if (better(t->req, c, &t->keep[i]))
			break;
	if (i >= TUNE_KEEP)
		return;
	if (t->kept < TUNE_KEEP)
		t->kept++;
	for (j = t->kept - 1; j > i; j--)
		t->keep[j] = t->keep[j - 1];
	t->keep[i] = *c;
}

static void show_progress(struct tune *t, bool done)
{
	char t1[32];

	if (!t->progress || (!done && t->tried % 64))
		return;
	fprintf(stderr, "\rtune: %s, %lu profiles tried, best %s%s   ",
		t->stage, t->tried,
		t->kept ? adp_fmt_ns(t1, (uint64_t)t->keep[0].sc.mean_ns) : "-",
		t->kept && !t->keep[0].sc.ok ? " (constraints not met)" : "");
	if (done)
		fputc('\n', stderr);
	fflush(stderr);
}

unsigned long adp_tune_search_max;

/* Score sh if new and in the family; the candidate in c. */
static bool try_shape(struct tune *t, const struct tune_shape *sh,
		      struct tune_cand *c)
{
	if (adp_tune_search_max && t->tried >= adp_tune_search_max)
		return false;
	c->sh = *sh;
	c->key = shape_key(sh);
	if (!seen_first(t, c->key) || !shape_build(t, sh, &c->p))
		return false;
	score(t, &c->p, &c->sc);
	t->tried++;
	keep_add(t, c);
	show_progress(t, false);
	return true;
}

static void shape_uniform(struct tune_shape *sh, uint32_t low, uint32_t n,
			  uint32_t size, uint32_t retry, uint32_t dec,
			  uint32_t init_n)
{
	uint32_t r;

	memset(sh, 0, sizeof(*sh));
	sh->low = low;
	sh->n = n;
	sh->init_n = init_n;
	for (r = 0; r < n; r++) {
		sh->size[r] = size;
		sh->retry[r] = retry;
		sh->dec[r] = dec;
	}
}

/* Stage 1: ranges alike, over every low bound the RTT and the cap allow. */
static void stage_grid(struct tune *t)
{
	uint64_t floor_ns = t->req->rtt_lo / 4;
	uint32_t low, n, size, retry, dec, init_n;
	struct tune_shape sh;
	struct tune_cand c;

	t->stage = "grid";
	for (low = 0; low <= t->g_max; low++) {
		if ((t->base_ns << low) < floor_ns && low < t->g_max)
			continue;
		for (n = 1; n <= RADP_RANGES; n++)
			for (size = 0; size <= 3; size++)
				for (retry = 1; retry <= 3; retry++)
					for (dec = 0; dec <= 2; dec++)
						for (init_n = 1; init_n <= 2; init_n++) {
							shape_uniform(&sh, low, n, size,
								      retry, dec, init_n);
							try_shape(t, &sh, &c);
						}
	}
}

/* The neighbours of sh: one field one step away. */
static unsigned int neighbours(const struct tune_shape *sh,
			       struct tune_shape *out)
{
	unsigned int k = 0;
	uint32_t r;

#define NB(stmt) do { out[k] = *sh; { struct tune_shape *o = &out[k]; stmt; } k++; } while (0)
	NB(o->low++);
	if (sh->low)
		NB(o->low--);
	/* The bottom moved, the ladder's top kept: one step, not two. */
	if (sh->low && sh->size[0] < TUNE_SIZE_MAX)
		NB(o->low--; o->size[0]++; o->init_off++);
	if (sh->size[0])
		NB(o->low++; o->size[0]--; if (o->init_off) o->init_off--);
	NB(o->init_off++);
	if (sh->init_off)
		NB(o->init_off--);
	NB(o->init_n++);
	if (sh->init_n > 1)
		NB(o->init_n--);
	if (sh->n < RADP_RANGES)
		NB(o->size[o->n] = 1; o->retry[o->n] = 1; o->dec[o->n] = 1;
		   o->n++);
	if (sh->n > 1)
		NB(o->n--; o->size[o->n] = 0; o->retry[o->n] = 0;
		   o->dec[o->n] = 0);
	for (r = 0; r < sh->n; r++) {
		NB(o->size[r]++);
		if (sh->size[r])
			NB(o->size[r]--);
		NB(o->retry[r]++);
		if (sh->retry[r] > 1)
			NB(o->retry[r]--);
		NB(o->dec[r] = (o->dec[r] + 1) % 3);
		NB(o->dec[r] = (o->dec[r] + 2) % 3);
	}
#undef NB
	return k;
}

#define TUNE_NB_MAX	(10 + 6 * RADP_RANGES)

/* Stage 2: from each of the best of the grid, best-improvement steps. */
static void stage_local(struct tune *t)
{
	struct tune_cand start[TUNE_KEEP], cur, c, best;
	struct tune_shape nb[TUNE_NB_MAX];
	unsigned int s, n, i, round, starts = t->kept;

	t->stage = "local search";
	memcpy(start, t->keep, sizeof(start));
	for (s = 0; s < starts; s++) {
		cur = start[s];
		for (round = 0; round < TUNE_ROUNDS; round++) {
			best = cur;
			n = neighbours(&cur.sh, nb);
			for (i = 0; i < n; i++)
				if (try_shape(t, &nb[i], &c) &&
				    better(t->req, &c, &best))
					best = c;
			if (best.key == cur.key)
				break;
			cur = best;
		}
	}
}

/* A profile's row: its figures, and whether lint finds anything. */
struct tune_row {
	const char *name;	/* JSON key */
	char label[96];
	uint32_t id;
	struct radp_profile p;
	struct tune_score sc;
	double sampled_ns;	/* Monte-Carlo loss recovery, -1: unknown */
	uint64_t sampled_hits;	/* lost packets it is the mean of */
	uint64_t fail_outage_ns;	/* shortest outage failing a QP, 0: none */
	unsigned int errors, warnings;
	bool tuned;
};

static void lint_count(const struct tune_req *req, struct tune_row *row)
{
	struct adp_lint_qp qp = {
		.has_ack_timeout = true, .has_retry_count = true,
		.ack_timeout = req->qp.ack_timeout,
		.retry_count = req->qp.retry_count,
	};
	struct adp_lint_msg m[ADP_LINT_MAX];
	unsigned int i, n;

	n = adp_lint(row->id, &row->p, &req->caps, &qp, m, ARRAY_SIZE(m));
	row->errors = 0;
	row->warnings = 0;
	for (i = 0; i < n; i++) {
		/* Profile 0 is the firmware's: its id is no error here. */
		if (m[i].kind == ADP_LINT_ERROR &&
		    m[i].rule != RADP_RULE_PROFILE_ID)
			row->errors++;
		else if (m[i].kind == ADP_LINT_WARNING)
			row->warnings++;
	}
}

static const char *fmt_fig(char *buf, double ns)
{
	if (ns < 0)
		return "-";
	return adp_fmt_ns(buf, (uint64_t)(ns + 0.5));
}

#define COL_FMT	"  %-26s %9s %10s %10s %10s %10s  %s"

/* The head of the text's table of the rows. */
static void print_table_head(const struct tune_req *req)
{
	char line[256];

	snprintf(line, sizeof(line), COL_FMT, "profile", "spurious", "loss",
		 req->outages ? "outages" : "outage", "sampled", "mean",
		 "constraints, lint");
	print_string(PRINT_FP, NULL, "\n%s\n", line);
}

/* A time of the table, rounded to the ns; none: JSON null, text "-". */
static void print_fig(const char *key, const char *fmt, double ns)
{
	if (ns < 0)
		print_null(PRINT_ANY, key, fmt, "-");
	else
		print_time_ns(PRINT_ANY, key, fmt, (uint64_t)(ns + 0.5));
}

/*
 * A row: JSON an object under its name, text a line of the table (and
 * one more when QPs fail or retransmit too often in the outage to
 * survive); the profile's fields and words are the JSON's, the text has
 * the best one's below the table.
 */
static void print_row(const struct tune_req *req, const struct tune_row *row)
{
	static const struct profile_style json_only = { };
	char words[TUNE_WORDS], t1[32];
	struct adp_profile pv;
	unsigned int i, k = 0;
	double o = 0;

	open_json_object(row->name);
	print_string(PRINT_ANY, "label", "  %-26s", row->label);
	adp_profile_from_radp(row->id, &row->p, &pv);
	profile_print("profile", &pv, &json_only);
	if (row->tuned) {
		adp_profile_words(words, sizeof(words), &row->p, ' ');
		print_string(PRINT_JSON, "words", NULL, words);
	}
	print_share(PRINT_ANY, "spurious_share", " %8.2f%%", row->sc.spurious);
	print_fig("loss_recovery_ns", " %10s", row->sc.loss_ns);
	/* Each outage in JSON, their mean in the text. */
	open_json_array("outage_recovery_ns");
	for (i = 0; i < req->outages; i++) {
		print_fig(NULL, NULL, row->sc.outage_ns[i]);
		if (row->sc.outage_ns[i] >= 0) {
			o += row->sc.outage_ns[i];
			k++;
		}
	}
	close_json_array();
	print_string(PRINT_FP, NULL, " %10s", fmt_fig(t1, k ? o / k : -1));
	print_u64(PRINT_JSON, "single_loss_recovery_ns", NULL,
		  (uint64_t)(row->sc.single_ns + 0.5));
	if (row->sampled_ns < 0)
		print_null(PRINT_ANY, "loss_recovery_sampled_ns", " %10s",
			   req->loss <= 0 ? "-" : "?");
	else
		print_u64_as(PRINT_ANY, "loss_recovery_sampled_ns", " %10s",
			     (uint64_t)(row->sampled_ns + 0.5),
			     req->loss <= 0 ? "-" : fmt_fig(t1, row->sampled_ns));
	print_u64(PRINT_JSON, "loss_sampled_packets", NULL, row->sampled_hits);
	print_u64(PRINT_JSON, "timer_min_ns", NULL, row->sc.timer_min_ns);
	print_time_ns(PRINT_JSON, "fail_outage_ns", NULL,
		      row->fail_outage_ns ?: UINT64_MAX);
	print_share(PRINT_JSON, "failure_share", NULL, row->sc.failed);
	print_u64(PRINT_JSON, "survive_retransmissions", NULL, row->sc.retx);
	print_fig("mean_recovery_ns", " %10s", row->sc.mean_ns);
	print_bool_str(PRINT_ANY, "constraints_met", "  %s", row->sc.ok,
		       "met", "NOT met");
	print_uint(PRINT_ANY, "lint_errors",
		   row->errors == 1 ? ", %u error" : ", %u errors", row->errors);
	print_uint(PRINT_ANY, "lint_warnings",
		   row->warnings == 1 ? ", %u warning\n" : ", %u warnings\n",
		   row->warnings);
	close_json_object();
	if (row->sc.failed > 0)
		snprintf(words, sizeof(words), "  %-26s %.1f%% of the QPs fail in an outage up to %s\n",
			 "", 100 * row->sc.failed,
			 adp_fmt_ns(t1, req->survive_ns));
	else if (row->sc.retx > req->retx_max)
		snprintf(words, sizeof(words), "  %-26s %llu retransmissions in an outage of %s\n",
			 "", (unsigned long long)row->sc.retx,
			 adp_fmt_ns(t1, req->survive_ns));
	else
		words[0] = '\0';
	print_string(PRINT_FP, NULL, "%s", words);
}

static void print_request(const struct tune_req *req, unsigned long tried)
{
	char qp[48];
	unsigned int i;

	open_json_object("path");
	print_time_ns(PRINT_ANY, "rtt_min_ns", "path: rtt %s", req->rtt_lo);
	print_time_ns(PRINT_ANY, "rtt_max_ns",
		      req->rtt_lo == req->rtt_hi ? NULL : " .. %s", req->rtt_hi);
	print_float(PRINT_ANY, "loss", ", loss %g", req->loss);
	open_json_array("outage_ns");
	for (i = 0; i < req->outages; i++)
		print_time_ns(PRINT_ANY, NULL, i ? ", %s" : ", outages %s",
			      req->outage[i]);
	close_json_array();
	close_json_object();
	print_nl();
	open_json_object("qp");
	adp_sim_print_qp(&req->qp, req->qp.retry_count);
	close_json_object();
	print_nl();
	open_json_object("constraints");
	print_share(PRINT_ANY, "spurious_max",
		    "constraints: spurious retransmissions at most %g%% of the transmissions",
		    req->spurious_max);
	print_float(PRINT_ANY, "rtt_margin", "; timers at least %g x the upper RTT",
		    req->rtt_margin);
	print_time_ns(PRINT_FP, NULL, " (%s)",
		      (uint64_t)(req->rtt_margin * req->rtt_hi));
	print_time_ns(PRINT_ANY, "survive_ns", "; an outage of %s survived",
		      req->survive_ns);
	print_uint(PRINT_ANY, "retransmissions_max",
		   " with at most %u retransmissions\n", req->retx_max);
	close_json_object();
	print_u64(PRINT_ANY, "seed", "search (seed %llu): ", req->seed);
	print_u64(PRINT_ANY, "profiles_tried",
		  "%llu profiles scored from their timer sequences (every state a QP can be in, weighted by its probability; every initial timeout of each outage)",
		  tried);
	snprintf(qp, sizeof(qp), "%u QPs of %u packets", TUNE_SAMPLE_RUNS,
		 TUNE_SAMPLE_PACKETS);
	print_string(PRINT_FP, NULL, "; sampled column: %s\n", qp);
}

/* Where the best profile stops working: outage, jitter; and QP advice. */
static void print_limits(const struct tune_req *req,
			 const struct tune_row *best, uint32_t advice)
{
	char t1[32], fmt[128];

	print_string(PRINT_FP, NULL, "%s", "\nlimits of the best profile:\n");
	if (best->fail_outage_ns)
		print_string(PRINT_ANY, "fail_outage", "  QPs start failing in an outage of %s\n",
			     adp_fmt_ns(t1, best->fail_outage_ns));
	else
		print_string(PRINT_ANY, "fail_outage", "  QPs %s\n",
			     "survive every outage up to 30s");
	/* The text adds what the JSON's reader can work out. */
	snprintf(fmt, sizeof(fmt), "  spurious retransmissions begin at a round trip of %%s (%.2f x the upper RTT)\n",
		 (double)best->sc.timer_min_ns / (req->rtt_hi ? req->rtt_hi : 1));
	print_string(PRINT_ANY, "spurious_from_rtt", fmt,
		     adp_fmt_ns(t1, best->sc.timer_min_ns));
	if (!advice)
		return;
	snprintf(fmt, sizeof(fmt), "  advice: raise the QP's ack_timeout to %%u (timers up to %s): the ladder then has room to back off\n",
		 adp_fmt_ns(t1, adp_sim_ack_timeout_ns(advice)));
	print_uint(PRINT_ANY, "advice_ack_timeout", fmt, advice);
}

/* The best profile as words to paste: text only, JSON has its words. */
static void print_best(const struct tune_req *req, const struct tune_row *best)
{
	char words[TUNE_WORDS], out[2 * TUNE_WORDS + 256], *line, *next;
	size_t n;

	adp_profile_words(words, sizeof(words), &best->p, ' ');
	n = snprintf(out, sizeof(out), "\nbest profile, as profile set words:\n  adpctl profile set dev %s id %u %s\n",
		     req->dev ? req->dev : "DEV", req->id, words);
	adp_profile_words(words, sizeof(words), &best->p, '\n');
	if (n < sizeof(out))
		n += snprintf(out + n, sizeof(out) - n, "\nas an apply file section:\n  [%s%s profile %u]\n",
			      req->dev ? "dev " : "all", req->dev ?: "",
			      req->id);
	for (line = words; line && n < sizeof(out); line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		n += snprintf(out + n, sizeof(out) - n, "  %s\n", line);
	}
	print_string(PRINT_FP, NULL, "%s", out);
}

/* The words of the command line that are tune's own. */
struct tune_args {
	const char *rtt, *loss, *survive, *spurious, *seed, *model;
	const char *rtt_margin, *survive_margin;
	uint32_t retx_max;
	struct adp_arg arg[10];
};

static void tune_args_init(struct tune_args *s)
{
	struct adp_arg arg[] = {
		{ .key = "rtt", .type = ADP_ARG_STR, .val = &s->rtt },
		{ .key = "loss", .type = ADP_ARG_STR, .val = &s->loss },
		{ .key = "survive", .type = ADP_ARG_STR, .val = &s->survive },
		{ .key = "spurious", .type = ADP_ARG_STR, .val = &s->spurious },
		{ .key = "seed", .type = ADP_ARG_STR, .val = &s->seed },
		{ .key = "model", .type = ADP_ARG_STR, .val = &s->model },
		{ .key = "retransmissions", .type = ADP_ARG_U32,
		  .val = &s->retx_max },
		{ .key = "rtt_margin", .type = ADP_ARG_STR, .val = &s->rtt_margin },
		{ .key = "survive_margin", .type = ADP_ARG_STR,
		  .val = &s->survive_margin },
		{ }
	};

	memset(s, 0, sizeof(*s));
	_Static_assert(sizeof(arg) == sizeof(s->arg), "tune_args.arg");
	memcpy(s->arg, arg, sizeof(arg));
}

/* "30ms" or "10us..40ms". */
static int parse_rtt(const struct adp_ctx *ctx, const char *word,
		     struct tune_req *req)
{
	const char *dots = strstr(word, "..");
	char lo[64];
	int ret;

	if (!dots) {
		ret = adp_parse_time(ctx, "rtt", word, &req->rtt_lo);
		req->rtt_hi = req->rtt_lo;
		return ret;
	}
	if ((size_t)(dots - word) >= sizeof(lo))
		return adp_usage_error(ctx, "invalid value \"%s\" for \"rtt\": expected TIME or TIME..TIME",
				       word);
	memcpy(lo, word, dots - word);
	lo[dots - word] = '\0';
	ret = adp_parse_time(ctx, "rtt", lo, &req->rtt_lo);
	if (!ret)
		ret = adp_parse_time(ctx, "rtt", dots + 2, &req->rtt_hi);
	if (!ret && req->rtt_lo > req->rtt_hi)
		return adp_usage_error(ctx, "invalid value \"%s\" for \"rtt\": the lower bound is above the upper one",
				       word);
	return ret;
}

/*
 * "from-histogram", with dev DEV the device's histogram, else
 * "from-histogram FILE": taken out of argv first.
 */
static int take_from_hist(const struct adp_ctx *ctx, int *argc, char **argv,
			  struct tune_req *req)
{
	bool dev = false;
	int i, n = 0;

	for (i = 0; i < *argc; i++)
		dev |= !strcmp(argv[i], "dev");
	for (i = 0; i < *argc; i++) {
		if (strcmp(argv[i], "from-histogram")) {
			argv[n++] = argv[i];
			continue;
		}
		if (req->from_hist)
			return adp_usage_error(ctx, "\"from-histogram\" is given twice");
		req->from_hist = true;
		if (dev)
			continue;
		if (i + 1 >= *argc)
			return adp_usage_error(ctx, "missing value for \"from-histogram\": a file of \"adpctl -j histogram show\", or dev DEV");
		req->hist_file = argv[++i];
	}
	*argc = n;
	return 0;
}

/* "outage TIME" may come several times: taken out of argv first. */
static int take_outages(const struct adp_ctx *ctx, int *argc, char **argv,
			struct tune_req *req)
{
	int i, n = 0, ret;

	for (i = 0; i < *argc; i++) {
		if (strcmp(argv[i], "outage")) {
			argv[n++] = argv[i];
			continue;
		}
		if (i + 1 >= *argc)
			return adp_usage_error(ctx, "missing value for \"outage\"");
		if (req->outages >= TUNE_OUTAGES_MAX)
			return adp_usage_error(ctx, "more than %d outages",
					       TUNE_OUTAGES_MAX);
		ret = adp_parse_time(ctx, "outage", argv[++i],
				     &req->outage[req->outages]);
		if (ret)
			return ret;
		if (!req->outage[req->outages])
			return adp_usage_error(ctx, "\"outage\" must be above 0");
		req->outages++;
	}
	*argc = n;
	return 0;
}

/* A margin: a factor from 0 (none) up to 1000. */
static int parse_margin(const struct adp_ctx *ctx, const char *key,
			const char *word, double *val)
{
	char *end;
	double v;

	v = strtod(word, &end);
	if (end == word || *end || !(v >= 0 && v <= 1000))
		return adp_usage_error(ctx, "invalid value \"%s\" for \"%s\": expected a factor such as 2 or 1.5",
				       word, key);
	*val = v;
	return 0;
}

static bool profile_words_given(const struct adp_profile_args *a)
{
	return adp_profile_any(&a->prof) || a->file != NULL;
}

static int tune_resolve(const struct adp_ctx *ctx, struct tune_args *s,
			const struct adp_profile_args *a, struct tune_req *req)
{
	uint64_t longest = 0;
	unsigned int i;
	int ret = 0;

	if (!s->rtt)
		return adp_usage_error(ctx, "missing argument \"rtt\": the round trip of the path");
	if (profile_words_given(a) && !req->from_hist)
		return adp_usage_error(ctx, "tune writes the profile: give no profile fields or file");
	if (req->from_hist && (s->loss || req->outages))
		return adp_usage_error(ctx, "from-histogram fits loss and outage: give neither");
	if (req->from_hist && !req->hist_file && !a->dev)
		return adp_usage_error(ctx, "from-histogram needs dev DEV or a saved histogram FILE");
	if (req->from_hist && !a->dev && !profile_words_given(a))
		return adp_usage_error(ctx, "from-histogram FILE: give the profile it was measured with (file or fields)");
	ret = parse_rtt(ctx, s->rtt, req);
	if (!ret && s->loss)
		ret = adp_parse_loss(ctx, s->loss, &req->loss);
	if (!ret && req->loss >= 0.5)
		return adp_usage_error(ctx, "invalid value \"%s\" for \"loss\": tune takes less than 50%%",
				       s->loss);
	req->spurious_max = 0.001;
	if (!ret && s->spurious) {
		ret = adp_parse_loss(ctx, s->spurious, &req->spurious_max);
		if (ret)
			return ret;
	}
	req->rtt_margin = TUNE_RTT_MARGIN;
	if (!ret && s->rtt_margin)
		ret = parse_margin(ctx, "rtt_margin", s->rtt_margin,
				   &req->rtt_margin);
	req->survive_margin = TUNE_SURVIVE_MARGIN;
	if (!ret && s->survive_margin)
		ret = parse_margin(ctx, "survive_margin", s->survive_margin,
				   &req->survive_margin);
	if (!ret && s->survive && s->survive_margin)
		return adp_usage_error(ctx, "give \"survive\" or \"survive_margin\", not both");
	for (i = 0; i < req->outages; i++)
		if (req->outage[i] > longest)
			longest = req->outage[i];
	req->survive_ns = longest ? (uint64_t)(longest * req->survive_margin) :
			  1000000000ULL;
	if (!ret && s->survive)
		ret = adp_parse_time(ctx, "survive", s->survive, &req->survive_ns);
	req->retx_max = 32;
	if (s->arg[6].seen) {
		if (!s->retx_max)
			return adp_usage_error(ctx, "\"retransmissions\" must be above 0");
		req->retx_max = s->retx_max;
	}
	req->seed = 1;
	if (!ret)
		ret = adp_sim_parse_run(ctx, s->seed, s->model, &req->seed,
					&req->per_range);
	if (ret)
		return ret;
	req->qp.ack_timeout = a->has_ack_timeout ? a->ack_timeout : 14;
	req->qp.retry_count = a->has_retry_count ? a->retry_count : 7;
	req->id = a->has_id ? a->id : 1;
	req->dev = a->dev;
	return 0;
}

/*
 * The Monte-Carlo cross-check of a profile's loss figure: QPs seeded from
 * seed.  Unknown (-1) when too few packets were lost to say.
 */
static void sample_loss(struct tune *t, const struct radp_profile *p,
			uint64_t seed, struct tune_row *row)
{
	const struct tune_req *req = t->req;
	struct adp_sim_scenario sc = {
		.kind = ADP_SIM_LOSS, .loss = req->loss,
		.packets = TUNE_SAMPLE_PACKETS,
		.limit_ns = 60ULL * 1000 * 1000 * 1000,
		.max_events = 10ULL * TUNE_SAMPLE_PACKETS + 1000,
	};
	uint64_t master = seed, span = req->rtt_hi - req->rtt_lo + 1;
	struct adp_sim_result res;
	double hit_ns = 0;
	unsigned int i;

	row->sampled_hits = 0;
	row->sampled_ns = -1;
	if (req->loss <= 0)
		return;
	cfg_setup(t, p);
	for (i = 0; i < TUNE_SAMPLE_RUNS; i++) {
		uint64_t qp_seed = adp_sim_rand(&master);

		sc.rtt_ns = req->rtt_lo + adp_sim_rand(&master) % span;
		adp_sim_run(&t->cfg, &sc, qp_seed, -1, NULL, &res);
		row->sampled_hits += res.hit;
		hit_ns += res.hit_ns;
	}
	if (row->sampled_hits >= TUNE_SAMPLE_MIN_HITS)
		row->sampled_ns = hit_ns / row->sampled_hits;
}

/* The shortest outage that fails a QP (1% precision), 0 if none up to 30 s. */
static uint64_t fail_outage(struct tune *t, const struct radp_profile *p)
{
	uint64_t lo, hi = 30ULL * 1000 * 1000 * 1000, mid, stall, retx;
	unsigned int failed, runs;
	double mean;

	cfg_setup(t, p);
	if (t->cfg.total_ns == ADP_SIM_NEVER)
		return 0;
	run_outage(t, hi, &mean, &stall, &retx, &failed, &runs);
	if (!failed)
		return 0;
	lo = 0;
	while (hi - lo > hi / 100 && hi - lo > 1000) {
		mid = lo + (hi - lo) / 2;
		run_outage(t, mid, &mean, &stall, &retx, &failed, &runs);
		if (failed)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

static void row_from(struct tune *t, struct tune_row *row, const char *name,
		     const char *label, uint32_t id,
		     const struct radp_profile *p, bool tuned, uint64_t seed)
{
	memset(row, 0, sizeof(*row));
	row->name = name;
	snprintf(row->label, sizeof(row->label), "%s", label);
	row->id = id;
	row->p = *p;
	row->tuned = tuned;
	score(t, p, &row->sc);
	sample_loss(t, p, seed, row);
	row->fail_outage_ns = fail_outage(t, p);
	lint_count(t->req, row);
}

/*
 * from-histogram: the histogram (a file, or the device's), the profile it
 * was measured with (the device's in effect, or the one given), the fit;
 * the path of req from it.
 */
static int tune_from_hist(struct adp_ctx *ctx, struct tune_req *req,
			  const struct adp_profile_set *set, bool survive_given,
			  struct tune_fit *fit)
{
	const struct radp_profile *p = set->n ? &set->v[0].p :
					&adp_sim_fw_default;
	struct radp_violation v;
	struct adp_sim_cfg cfg;
	struct hist *m = &fit->pred;
	int ret;

	if (req->hist_file)
		ret = hist_load_file(ctx, req->hist_file, req->dev, m);
	else
		ret = hist_get(ctx, adp_dev_resolve(req->dev), m);
	if (ret)
		return ret;
	if (set->n && set->v[0].id &&
	    !radp_profile_check(set->v[0].id, p, &req->caps, &v)) {
		print_error("the profile the histogram was measured with is refused by the rules; see \"adpctl profile lint\"");
		return ADP_EXIT_FAIL;
	}
	req->measured = *m;
	req->measured_profile = *p;
	adp_sim_setup(&cfg, p, &req->qp, req->caps.base_timeout_min);
	cfg.retry_per_range = req->per_range;
	if (tune_fit_hist(&req->measured, &cfg,
			  req->rtt_lo / 2 + req->rtt_hi / 2, fit)) {
		print_error("%s has no timeouts to fit a path to",
			    req->hist_file ? req->hist_file : req->dev);
		return ADP_EXIT_FAIL;
	}
	req->loss = fit->loss;
	req->outages = 0;
	if (fit->outage_ns)
		req->outage[req->outages++] = fit->outage_ns;
	if (!survive_given)
		req->survive_ns = fit->outage_ns ?
			(uint64_t)(fit->outage_ns * req->survive_margin) :
			1000000000ULL;
	return 0;
}

static void print_fit(const struct tune_req *req, const struct tune_fit *f)
{
	char t1[32], t2[32], what[320], words[TUNE_WORDS];
	bool loss = f->loss > 0, outage = f->outage_ns;

	adp_profile_words(words, sizeof(words), &req->measured_profile, ' ');
	open_json_object("fit");
	/* The histogram's file or device, and the profile it was under. */
	print_string(PRINT_ANY, "source", "fit of %s",
		     req->hist_file ? req->hist_file : req->dev);
	print_string(PRINT_ANY, "measured_with", ", measured with: %s\n",
		     words);
	/* What was not seen has no range in the text. */
	print_float(PRINT_ANY, "loss", loss ? "  loss %.3g" : "  loss: none seen",
		    f->loss);
	print_float(PRINT_ANY, "loss_low", loss ? " (%.3g" : NULL, f->loss_lo);
	print_float(PRINT_ANY, "loss_high", loss ? " .. %.3g)" : NULL,
		    f->loss_hi);
	print_time_ns(PRINT_ANY, "outage_ns",
		      outage ? "\n  outage %s" : "\n  outage: none seen%.0s",
		      f->outage_ns);
	print_time_ns(PRINT_ANY, "outage_low_ns", outage ? " (%s" : NULL,
		      f->outage_lo);
	print_time_ns(PRINT_ANY, "outage_high_ns", outage ? " .. %s)" : NULL,
		      f->outage_hi);
	print_float(PRINT_ANY, "packets",
		    "\n  over %.3g packets", f->packets);
	print_float(PRINT_ANY, "outages", ", %.3g outages", f->outages);
	print_float(PRINT_ANY, "new_qps", ", %.3g new QPs", f->qps);
	print_float(PRINT_ANY, "chi2", "; chi square %.1f", f->chi2);
	print_uint(PRINT_ANY, "bins", " over %u bins", f->bins);
	print_time_ns(PRINT_ANY, "rtt_below_ns",
		      "\n  rtt below %s (no spurious timeouts in the ladder)\n",
		      f->timer_min_ns);
	close_json_object();
	snprintf(what, sizeof(what), "the fit: loss %.3g, outage %s, with rtt %s",
		 f->loss, outage ? adp_fmt_ns(t1, f->outage_ns) : "none",
		 adp_fmt_ns(t2, req->rtt_lo / 2 + req->rtt_hi / 2));
	hist_compare_print(&req->measured, &f->pred, what, "histogram");
	print_nl();
}

/* The search; rows get best, runner-up. Returns how many. */
static unsigned int tune_search(struct tune *t, struct tune_row *rows)
{
	const struct tune_req *req = t->req;
	unsigned int i, n, second;

	stage_grid(t);
	if (!t->kept)
		return 0;
	stage_local(t);
	t->stage = "final";
	/* keep[] is sorted, best first. */
	n = t->kept;
	row_from(t, &rows[0], "best", "best", req->id, &t->keep[0].p, true,
		 req->seed);
	if (n < 2)
		return 1;
	second = 1;
	for (i = 1; i < n; i++)
		if (better(req, &t->keep[i], &t->keep[second]))
			second = i;
	row_from(t, &rows[1], "runner_up", "runner-up", req->id,
		 &t->keep[second].p, true, req->seed);
	return 2;
}

/*
 * The smallest QP ack_timeout whose cap leaves the tuned ladder room for two
 * doublings above the shortest timer the margin allows, or 0 if the cap
 * already does (or none can).
 */
static uint32_t advise_ack_timeout(const struct tune *t)
{
	const struct tune_req *req = t->req;
	double need = req->rtt_margin * req->rtt_hi;
	uint32_t g = 0, a;

	while (g < 40 && (double)(t->base_ns << g) < need)
		g++;
	if (g + 2 <= t->g_max || g + 2 >= 40)
		return 0;
	for (a = req->qp.ack_timeout + 1; a <= ADP_SIM_ACK_TIMEOUT_MAX; a++)
		if (adp_sim_ack_timeout_ns(a) >= t->base_ns << (g + 2))
			return a;
	return 0;
}

int profile_tune(struct adp_ctx *ctx, int argc, char **argv)
{
	struct adp_profile_args a;
	struct adp_profile_set set = { };
	struct tune_row rows[4];
	struct tune_args s;
	struct tune_req req;
	struct tune t;
	char **args, label[96];
	unsigned int n, i;
	struct tune_fit *fit = NULL;
	bool survive_given;
	uint64_t cap;
	uint32_t advice;
	int ret;

	tune_args_init(&s);
	memset(&req, 0, sizeof(req));
	args = malloc((argc + 1) * sizeof(*args));
	if (!args) {
		print_error("out of memory");
		return ADP_EXIT_FAIL;
	}
	memcpy(args, argv, argc * sizeof(*args));
	ret = take_from_hist(ctx, &argc, args, &req);
	if (!ret)
		ret = take_outages(ctx, &argc, args, &req);
	if (!ret)
		ret = adp_profile_args_parse(ctx, &a, s.arg, argc, args);
	if (!ret)
		ret = tune_resolve(ctx, &s, &a, &req);
	free(args);
	if (ret)
		return ret;
	survive_given = s.survive != NULL;
	/* The device's caps and its current profile, or the caps given. */
	ret = adp_profile_load(ctx, &a, true, &set);
	if (ret) {
		adp_profile_set_free(&set);
		return ret;
	}
	req.caps = set.caps;
	if (req.from_hist) {
		fit = calloc(1, sizeof(*fit));
		ret = fit ? tune_from_hist(ctx, &req, &set, survive_given, fit) :
			    ADP_EXIT_FAIL;
		if (ret) {
			free(fit);
			adp_profile_set_free(&set);
			return ret;
		}
	}

	memset(&t, 0, sizeof(t));
	t.req = &req;
	t.seen = calloc(TUNE_SEEN, sizeof(*t.seen));
	if (!t.seen) {
		adp_profile_set_free(&set);
		print_error("out of memory");
		return ADP_EXIT_FAIL;
	}
	t.progress = print_progress_wanted();
	/* The smallest time base: a larger one reaches no other timeout. */
	for (t.tb = 1; (uint64_t)t.tb * 1000 < req.caps.base_timeout_min;)
		t.tb <<= 1;
	t.base_ns = (uint64_t)t.tb * 1000;
	cap = adp_sim_ack_timeout_ns(req.qp.ack_timeout);
	for (t.g_max = 0; t.g_max < 31 - 1 &&
	     ((uint64_t)t.tb << (t.g_max + 1)) <= 0xffffffffULL &&
	     (t.base_ns << (t.g_max + 1)) <= cap; t.g_max++)
		;

	n = tune_search(&t, rows);
	show_progress(&t, true);
	if (!n) {
		print_error("no profile of the family fits: the device's minimum timeout %s is above the QP's ack_timeout %u",
			    adp_fmt_ns(label, req.caps.base_timeout_min),
			    req.qp.ack_timeout);
		ret = ADP_EXIT_FAIL;
		goto out;
	}
	row_from(&t, &rows[n++], "profile0", "profile 0 (firmware)", 0,
		 &adp_sim_fw_default, false, req.seed);
	if (set.caps_from_dev && set.n) {
		snprintf(label, sizeof(label), "%s profile %u (current)",
			 req.dev, set.v[0].id);
		row_from(&t, &rows[n++], "current", label, set.v[0].id,
			 &set.v[0].p, false, req.seed);
	}

	open_json_object(NULL);
	if (fit)
		print_fit(&req, fit);
	print_request(&req, t.tried);
	adp_sim_print_model(&t.cfg);
	print_table_head(&req);
	for (i = 0; i < n; i++)
		print_row(&req, &rows[i]);
	advice = advise_ack_timeout(&t);
	print_limits(&req, &rows[0], advice);
	print_best(&req, &rows[0]);
	close_json_object();
	if (!rows[0].sc.ok && advice) {
		print_error("no profile found meets the constraints under ack_timeout %u; raise ack_timeout to %u",
			    req.qp.ack_timeout, advice);
		ret = ADP_EXIT_FAIL;
	} else if (!rows[0].sc.ok) {
		print_error("no profile found meets the constraints; the best one is shown");
		ret = ADP_EXIT_FAIL;
	}
out:
	free(t.seen);
	free(fit);
	adp_profile_set_free(&set);
	return ret;
}

void profile_tune_details(FILE *fp)
{
	fputs("\nPATH:\n"
	      "  rtt TIME | TIME..TIME  round trip, fixed or uniform in a range (required);\n"
	      "                    a fixed rtt means no jitter: see rtt_margin\n"
	      "  loss P            each transmission lost with probability P (0.001 or 0.1%)\n"
	      "  outage TIME       a link outage to recover from; may be given up to 8 times\n"
	      "  (without loss or outage: the recovery from a single loss)\n"
	      "  from-histogram    with dev DEV: fit loss and outage to DEV's histogram\n"
	      "                    under its profile in effect; from-histogram FILE: to\n"
	      "                    a histogram saved by \"adpctl -j histogram show\",\n"
	      "                    measured with the profile given (file or fields)\n"
	      "\nQP: ack_timeout N (default 14), retry_count N (default 7).\n"
	      "CAPS: from dev DEV (whose current profile is shown too), by their PRM\n"
	      "names, or those of the 2025 firmware.\n"
	      "\nOBJECTIVE: the lowest mean recovery time (loss: from a packet's first\n"
	      "transmission to its ACK, computed from the profile's timer sequence over\n"
	      "the states a long-lived QP is in, weighted by their probability; outage:\n"
	      "from the link's return to the ACK, every initial timeout), subject to:\n"
	      "  rtt_margin F      every timer at least F x the upper RTT (default 2, as\n"
	      "                    TCP's RTO stays a multiple of the round trip); 0: none\n"
	      "  spurious P        spurious retransmissions at most P of the transmissions\n"
	      "                    (default 0.1%)\n"
	      "  survive_margin F  no QP fails in an outage up to F x the longest outage\n"
	      "                    given (default 2; without outage 1s)\n"
	      "  survive TIME      or up to TIME (instead of survive_margin)\n"
	      "  retransmissions N and makes at most N retransmissions in it (default 32)\n"
	      "\nOPTION:\n"
	      "  seed N            seed of the sampled cross-check column (default 1); the\n"
	      "                    recommendation is the same for every seed\n"
	      "  id N              the profile id in the lines printed (default 1)\n"
	      "  model READING     the simulator's reading of timeout_retry_num:\n"
	      "                    retry_per_value (default) or retry_per_range\n"
	      "\nPrints the best profile (profile set words, an apply file section, JSON\n"
	      "with -j) and the figures of the runner-up, profile 0 and the device's\n"
	      "current profile beside it; the outage at which the best profile starts\n"
	      "failing QPs, the round trip at which its spurious retransmissions begin,\n"
	      "and the QP ack_timeout that would give its ladder room to back off when\n"
	      "the current one does not.  A sampled loss figure from fewer than 30 lost\n"
	      "packets is unknown (\"?\", null in JSON).  The method is described in\n"
	      "Documentation/profile-simulator.rst.\n", fp);
}
