/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What "adpctl histogram" shares with "profile simulate": a device's
 * retransmission histogram (or a prediction of one) with its bin edges,
 * printed as a bar chart or JSON; the words of a bin layout; the
 * simulator's timeouts as the hist_event knob takes them.
 */
#ifndef ADPCTL_HISTOGRAM_H
#define ADPCTL_HISTOGRAM_H

#include "adpctl.h"
#include "radp_bins.h"
#include "radp_sim.h"

/* One histogram: configuration, edges and counts. */
struct hist {
	char dev[ROCE_ADP_DEV_NAME_LEN];	/* "" for an offline layout */
	struct adp_hist_cfg cfg;
	bool count_enable, clear_on_read, vhca_id_valid;
	uint32_t vhca_id;
	uint32_t time_unit_cap, bin_num_max;
	bool has_age;
	uint64_t age_ms;
	uint64_t hi[ADP_HIST_BINS_MAX];		/* upper edges, ns */
	uint64_t count[ADP_HIST_BINS_MAX];
	uint64_t total;
};

/*
 * The layout words "bins N width0 TIME width1 TIME mode fixed|double" as
 * a configuration for a device with time_unit_cap cap (0xf offline):
 * widths in its best unit.  Words not given (NULL, bins 0) keep what
 * cur has (may be NULL: then all are required but width1 with bins 1).
 * Returns 0 or ADP_EXIT_USAGE after the message.
 */
int hist_layout_words(const struct adp_ctx *ctx, uint32_t bins,
		      const char *w0, const char *w1, const char *mode,
		      uint32_t cap, uint32_t bin_num_max,
		      const struct adp_hist_cfg *cur, struct adp_hist_cfg *cfg);
/* h->hi from h->cfg; 0, or ADP_EXIT_FAIL after saying what is wrong. */
int hist_edges(struct hist *h);
/*
 * h as one JSON object under key (NULL in an array: dev and the
 * configuration by PRM names, age_ms, total, bins with low_ns, high_ns
 * (null: +Inf) and count) or, in text, the configuration line and a bar
 * chart.  title replaces the text's first words (the device) if not NULL.
 */
void hist_print(const struct hist *h, const char *key, const char *title);

/* The distinct timeouts that fired in a simulation, ascending. */
struct hist_prediction {
	struct adp_hist_event ev[ADP_SIM_SHIFTS];
	size_t n;
	uint64_t timeouts;
	char what[512];		/* the profile, scenario and runs, one line */
};

/* fired[] of a trace (timer_ns[g] per exponent) as distinct events. */
void hist_prediction_from(struct hist_prediction *p,
			  const struct adp_sim_cfg *cfg,
			  const uint64_t *fired);
/*
 * "TIMEOUT_NS COUNT" lines, as the emulated device's hist_event takes;
 * JSON an array of {"timeout_ns", "count"}.
 */
void hist_print_events(const struct hist_prediction *p);

/*
 * The histogram of dev (a get), into h with its edges.  Returns an exit
 * code after the message.
 */
int hist_get(struct adp_ctx *ctx, const char *dev, struct hist *h);

/* A request naming dev (all devices when NULL) and where its reply goes. */
struct hist_call {
	const char *dev;
	void *out;
};
int hist_call_build(struct nl_msg *msg, void *arg);

/* A HISTOGRAM reply into h, edges computed. */
int hist_decode(const struct adp_nl_msg *msg, struct hist *h);
/* The words of "histogram config" for h's configuration. */
void hist_config_words(char *buf, size_t len, const struct hist *h);

/*
 * A histogram saved by "adpctl -j histogram show" (its array, or one
 * object of it): the device named dev, or the only one when dev is NULL.
 * Returns an exit code after the message.
 */
int hist_load_file(const struct adp_ctx *ctx, const char *path,
		   const char *dev, struct hist *h);

/*
 * Measured m beside predicted p (p binned as m), what the prediction is
 * of: the table of "histogram compare", under key in JSON (NULL: none).
 */
void hist_compare_print(const struct hist *m, const struct hist *p,
			const char *what, const char *key);

/* SVG of h (one series) or of h beside a prediction pred (two). */
int hist_svg(const char *path, const struct hist *h,
	     const struct hist *pred, const char *title,
	     const char *subtitle);

/* simulate.c: run the simulate words of argv, keep what fired. */
int profile_simulate_predict(struct adp_ctx *ctx, int argc, char **argv,
			     struct hist_prediction *p);

/*
 * For monitor: the histogram of a notification on the line, " histogram
 * bins ... N timeouts" ("histogram" object in JSON); nothing if malformed.
 */
void hist_print_brief(const struct adp_nl_msg *msg);

/* Histograms of a dump; lenient: replies without one are skipped. */
struct hist_list {
	struct hist *v;
	int n;
	bool lenient;
};

/* Parse callback: the reply's histogram appended to the hist_list arg. */
int hist_collect(const struct adp_nl_msg *msg, void *arg);

#endif /* ADPCTL_HISTOGRAM_H */
