/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Self-contained SVG pictures of a simulation: the timeline of one QP
 * (timeout against time, range boundaries, ack_timeout cap, the outage)
 * and the distribution of many.
 */
#ifndef RADP_SVG_H
#define RADP_SVG_H

#include <stdbool.h>
#include <stdio.h>

#include "radp_sim.h"

struct adp_svg_timeline {
	const char *title;		/* first line of the picture */
	const char *subtitle;		/* e.g. the result */
	const struct radp_profile *p;
	const struct adp_sim_cfg *cfg;
	const struct adp_sim_scenario *sc;
	const struct adp_sim_event *ev;
	size_t n;			/* events in ev */
	const struct adp_sim_result *res;
};

/* Returns 0, or -1 if fp could not be written. */
int adp_svg_timeline(FILE *fp, const struct adp_svg_timeline *t);

struct adp_svg_histogram {
	const char *title;
	const char *subtitle;
	const char *xlabel;		/* "recovery time" */
	uint64_t from_ns, width_ns;	/* bucket i: from + i * width */
	const uint64_t *count;
	size_t buckets;
	uint64_t failed;		/* drawn as a last, separate bar */
};

int adp_svg_histogram(FILE *fp, const struct adp_svg_histogram *h);

/*
 * Bins with labels of their own (the retransmission histogram): one bar
 * per bin, or two side by side (v[1] not NULL: measured and predicted).
 * percent: the values are shares, printed as percentages.
 */
struct adp_svg_bins {
	const char *title;
	const char *subtitle;
	const char *xlabel, *ylabel;
	size_t bins;
	const char *const *label;	/* under each bin */
	const double *v[2];
	const char *name[2];		/* the legend, with two series */
	bool percent;
};

int adp_svg_bins(FILE *fp, const struct adp_svg_bins *b);

#endif /* RADP_SVG_H */
