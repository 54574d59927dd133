/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What "profile simulate" and "profile tune" share: the words of a
 * scenario (times, loss, seed), the simulator's model option, times
 * printed.
 */
#ifndef ADPCTL_SIMULATE_H
#define ADPCTL_SIMULATE_H

#include <stdbool.h>
#include <stdint.h>

#include "adpctl.h"
#include "radp_sim.h"
#include "radp_time.h"

/* "0.01" or "1%". */
int adp_parse_loss(const struct adp_ctx *ctx, const char *word, double *p);
int adp_parse_seed(const struct adp_ctx *ctx, const char *word, uint64_t *v);
uint64_t adp_random_seed(void);

/* "model retry_per_value" (the default) or "model retry_per_range". */
extern const char *const adp_sim_model_names[2];
int adp_sim_parse_model(const struct adp_ctx *ctx, const char *word,
			bool *per_range);
/* The "seed" and "model" words of a run, each NULL when not given. */
int adp_sim_parse_run(const struct adp_ctx *ctx, const char *seed,
		      const char *model, uint64_t *seedp, bool *per_range);
/* The reading of timeout_retry_num a run used: JSON "model", a text line. */
void adp_sim_print_model(const struct adp_sim_cfg *cfg);
/*
 * "QP: ack_timeout 14 (67.109ms), retry_count 7" and JSON's "ack_timeout"
 * and "retry_count" (retry_used, the count a run uses): tune's and
 * simulate's QP; the line is the caller's to end.
 */
struct adp_sim_qp;
void adp_sim_print_qp(const struct adp_sim_qp *qp, uint32_t retry_used);

#endif /* ADPCTL_SIMULATE_H */
