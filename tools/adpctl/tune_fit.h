/* SPDX-License-Identifier: GPL-2.0 */
/*
 * "profile tune ... from-histogram": the path that explains a measured
 * retransmission histogram under the profile it was measured with.
 */
#ifndef ADPCTL_TUNE_FIT_H
#define ADPCTL_TUNE_FIT_H

#include "histogram.h"
#include "radp_sim.h"

struct tune_fit {
	double loss, loss_lo, loss_hi;		/* 0: no loss seen */
	uint64_t outage_ns, outage_lo, outage_hi;	/* 0: no outage seen */
	double packets;		/* packets the loss share is of */
	double outages;		/* outages the histogram holds */
	double qps;		/* fresh QPs' first timeouts */
	double chi2;		/* of the fit, over the bins counted */
	unsigned int bins;
	uint64_t timer_min_ns;	/* the RTT is below it: no spurious pattern */
	struct hist pred;	/* the histogram predicted, binned as measured */
};

/*
 * Fit loss (from the ladder's shape: the share of timeouts one and two
 * steps up), outage length and scale to m, measured under cfg with round
 * trip rtt_ns.  Returns 0, or -1 when m has no timeouts.
 */
int tune_fit_hist(const struct hist *m, const struct adp_sim_cfg *cfg,
		  uint64_t rtt_ns, struct tune_fit *f);

#endif /* ADPCTL_TUNE_FIT_H */
