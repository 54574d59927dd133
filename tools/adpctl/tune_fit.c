// SPDX-License-Identifier: GPL-2.0
/*
 * The fit of "profile tune ... from-histogram".  The histogram counts the
 * timers that fired, not the packets sent: a loss rate shows only in the
 * ladder's shape (a share loss of the losses are lost again and climb a
 * step), an outage as the ladder climbed once per outage up to the timer
 * that covers it, a new QP as its initial timeout.  The model is the sum
 * of three parts, each the simulator's expected timers binned as the
 * histogram is: a long-lived QP under loss P (adp_sim_expect(), per
 * packet), an outage of length D from a fresh QP (every initial timeout),
 * and fresh QPs' first timeouts.  For each P and D of a grid, the scales
 * are the weighted least squares (weights 1 / count, Pearson's chi
 * square), none negative; the best P and D are reported with the range
 * whose chi square is within 1 of the best (one standard deviation).
 */
#include <math.h>
#include <string.h>

#include "tune_fit.h"

#define FIT_LOSS_N	97	/* 1e-7 .. 0.3, 15 a decade */
#define FIT_DOWN_N	145	/* 10us .. 30s, 22 a decade */
#define FIT_PARTS	3

static uint32_t bin_of(const struct hist *h, uint64_t t)
{
	uint32_t i;

	for (i = 0; i + 1 < h->cfg.bin_num && t > h->hi[i]; i++)
		;
	return i;
}

static double loss_at(unsigned int i)
{
	return 1e-7 * pow(10, i / 15.0);
}

static uint64_t down_at(unsigned int i)
{
	return (uint64_t)(10000 * pow(10, i / 22.0));
}

/* Expected timeouts per packet under loss p, binned. */
static void part_loss(const struct hist *m, const struct adp_sim_cfg *cfg,
		      double p, uint64_t rtt, double *v)
{
	struct adp_sim_expect ex;
	uint32_t g;

	memset(v, 0, sizeof(*v) * m->cfg.bin_num);
	adp_sim_expect(cfg, p, rtt, &ex);
	for (g = 0; g < ADP_SIM_SHIFTS; g++)
		if (ex.fired[g] > 0)
			v[bin_of(m, cfg->timer_ns[g])] += ex.fired[g];
}

/* Expected timeouts of one outage of down_ns from a fresh QP, binned. */
static void part_outage(const struct hist *m, const struct adp_sim_cfg *cfg,
			uint64_t down_ns, uint64_t rtt, double *v)
{
	struct adp_sim_scenario sc = {
		.kind = ADP_SIM_OUTAGE, .down_ns = down_ns, .rtt_ns = rtt,
		.packets = 1, .limit_ns = 120ULL * 1000 * 1000 * 1000,
		.max_events = 100000,
	};
	uint64_t fired[ADP_SIM_SHIFTS];
	struct adp_sim_trace tr = { .fired = fired };
	struct adp_sim_result res;
	uint32_t g, i;

	memset(v, 0, sizeof(*v) * m->cfg.bin_num);
	for (i = 0; i < cfg->init_n; i++) {
		memset(fired, 0, sizeof(fired));
		tr.n = 0;
		adp_sim_run(cfg, &sc, 0, cfg->init_low + i, &tr, &res);
		for (g = 0; g < ADP_SIM_SHIFTS; g++)
			v[bin_of(m, cfg->timer_ns[g])] +=
				(double)fired[g] / cfg->init_n;
	}
}

/* A fresh QP's first timeout: its initial timer. */
static void part_fresh(const struct hist *m, const struct adp_sim_cfg *cfg,
		       double *v)
{
	uint32_t i;

	memset(v, 0, sizeof(*v) * m->cfg.bin_num);
	for (i = 0; i < cfg->init_n; i++)
		v[bin_of(m, cfg->timer_ns[cfg->init_low + i])] +=
			1.0 / cfg->init_n;
}

/* Solve the n x n system a x = b (n <= 3); false if singular. */
static bool solve(unsigned int n, double a[FIT_PARTS][FIT_PARTS], double *b,
		  double *x)
{
	unsigned int i, j, k, piv;
	double t, f;

	for (i = 0; i < n; i++) {
		for (piv = i, k = i + 1; k < n; k++)
			if (fabs(a[k][i]) > fabs(a[piv][i]))
				piv = k;
		if (fabs(a[piv][i]) < 1e-300)
			return false;
		for (j = 0; j < n; j++) {
			t = a[i][j]; a[i][j] = a[piv][j]; a[piv][j] = t;
		}
		t = b[i]; b[i] = b[piv]; b[piv] = t;
		for (k = i + 1; k < n; k++) {
			f = a[k][i] / a[i][i];
			for (j = i; j < n; j++)
				a[k][j] -= f * a[i][j];
			b[k] -= f * b[i];
		}
	}
	for (i = n; i-- > 0;) {
		for (t = b[i], j = i + 1; j < n; j++)
			t -= a[i][j] * x[j];
		x[i] = t / a[i][i];
	}
	return true;
}

/*
 * Non-negative weighted least squares of m by the parts: every subset of
 * parts, unconstrained, the best with no negative scale.
 */
static double nnls(const struct hist *m, const double *const part[FIT_PARTS],
		   double *scale)
{
	double best = INFINITY, a[FIT_PARTS][FIT_PARTS], b[FIT_PARTS];
	double x[FIT_PARTS], c2, r, w, fit;
	unsigned int set, i, j, k, n, idx[FIT_PARTS];
	uint32_t bin;

	for (set = 1; set < 1u << FIT_PARTS; set++) {
		for (n = 0, i = 0; i < FIT_PARTS; i++)
			if (set >> i & 1)
				idx[n++] = i;
		memset(a, 0, sizeof(a));
		memset(b, 0, sizeof(b));
		for (bin = 0; bin < m->cfg.bin_num; bin++) {
			w = 1.0 / (m->count[bin] ? (double)m->count[bin] : 1.0);
			for (j = 0; j < n; j++) {
				b[j] += w * part[idx[j]][bin] * m->count[bin];
				for (k = 0; k < n; k++)
					a[j][k] += w * part[idx[j]][bin] *
						   part[idx[k]][bin];
			}
		}
		if (!solve(n, a, b, x))
			continue;
		for (j = 0; j < n; j++)
			if (x[j] < 0)
				break;
		if (j < n)
			continue;
		for (c2 = 0, bin = 0; bin < m->cfg.bin_num; bin++) {
			for (fit = 0, j = 0; j < n; j++)
				fit += x[j] * part[idx[j]][bin];
			r = m->count[bin] - fit;
			c2 += r * r / (m->count[bin] ? (double)m->count[bin] : 1.0);
		}
		if (c2 < best) {
			best = c2;
			memset(scale, 0, sizeof(*scale) * FIT_PARTS);
			for (j = 0; j < n; j++)
				scale[idx[j]] = x[j];
		}
	}
	return best;
}

int tune_fit_hist(const struct hist *m, const struct adp_sim_cfg *cfg,
		  uint64_t rtt_ns, struct tune_fit *f)
{
	static double lp[FIT_LOSS_N][ADP_HIST_BINS_MAX];
	static double dp[FIT_DOWN_N + 1][ADP_HIST_BINS_MAX];
	static double c2[FIT_LOSS_N][FIT_DOWN_N + 1];
	double fresh[ADP_HIST_BINS_MAX], scale[FIT_PARTS], best = INFINITY;
	const double *part[FIT_PARTS];
	unsigned int i, j, bi = 0, bj = 0;
	uint32_t bin, g;

	memset(f, 0, sizeof(*f));
	if (!m->total)
		return -1;
	for (i = 0; i < FIT_LOSS_N; i++)
		part_loss(m, cfg, loss_at(i), rtt_ns, lp[i]);
	/* Index FIT_DOWN_N: no outage. */
	for (j = 0; j < FIT_DOWN_N; j++)
		part_outage(m, cfg, down_at(j), rtt_ns, dp[j]);
	memset(dp[FIT_DOWN_N], 0, sizeof(dp[FIT_DOWN_N]));
	part_fresh(m, cfg, fresh);
	part[2] = fresh;
	for (i = 0; i < FIT_LOSS_N; i++)
		for (j = 0; j <= FIT_DOWN_N; j++) {
			part[0] = lp[i];
			part[1] = dp[j];
			c2[i][j] = nnls(m, part, scale);
			if (c2[i][j] < best) {
				best = c2[i][j];
				bi = i;
				bj = j;
			}
		}
	part[0] = lp[bi];
	part[1] = dp[bj];
	f->chi2 = nnls(m, part, scale);
	f->packets = scale[0];
	f->outages = bj < FIT_DOWN_N ? scale[1] : 0;
	f->qps = scale[2];
	f->bins = m->cfg.bin_num;
	if (f->packets > 0) {
		f->loss = loss_at(bi);
		f->loss_lo = f->loss_hi = f->loss;
	}
	if (f->outages > 0) {
		f->outage_ns = down_at(bj);
		f->outage_lo = f->outage_hi = f->outage_ns;
	}
	/* Within 1 of the best chi square: the uncertainty, each alone. */
	for (i = 0; i < FIT_LOSS_N; i++)
		for (j = 0; j <= FIT_DOWN_N; j++) {
			if (c2[i][j] > best + 1)
				continue;
			if (f->packets > 0 && loss_at(i) < f->loss_lo)
				f->loss_lo = loss_at(i);
			if (f->packets > 0 && loss_at(i) > f->loss_hi)
				f->loss_hi = loss_at(i);
			if (f->outages > 0 && j < FIT_DOWN_N) {
				if (down_at(j) < f->outage_lo)
					f->outage_lo = down_at(j);
				if (down_at(j) > f->outage_hi)
					f->outage_hi = down_at(j);
			}
		}
	/* No finer than the grid: one step either side. */
	f->loss_lo /= pow(10, 1 / 15.0);
	f->loss_hi *= pow(10, 1 / 15.0);
	f->outage_lo = (uint64_t)(f->outage_lo / pow(10, 1 / 22.0));
	f->outage_hi = (uint64_t)(f->outage_hi * pow(10, 1 / 22.0));
	/* The outage: the middle of the lengths that fit as well. */
	if (f->outages > 0 && f->outage_hi > f->outage_lo * 1.25)
		f->outage_ns = (uint64_t)sqrt((double)f->outage_lo * f->outage_hi);
	f->timer_min_ns = ADP_SIM_NEVER;
	for (g = 0; g < ADP_SIM_SHIFTS; g++)
		if (cfg->timer_ns[g] < f->timer_min_ns &&
		    adp_sim_range_of(cfg, g) >= 0)
			f->timer_min_ns = cfg->timer_ns[g];
	f->pred = *m;
	memset(f->pred.count, 0, sizeof(f->pred.count));
	for (bin = 0; bin < m->cfg.bin_num; bin++)
		f->pred.count[bin] = (uint64_t)(scale[0] * lp[bi][bin] +
						scale[1] * dp[bj][bin] +
						scale[2] * fresh[bin] + 0.5);
	hist_edges(&f->pred);
	return 0;
}
