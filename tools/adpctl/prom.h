/* SPDX-License-Identifier: GPL-2.0 */
/* The Prometheus text format: prom.c, the one writer of it. */
#ifndef ADPCTL_PROM_H
#define ADPCTL_PROM_H

#include <stdint.h>
#include <stdio.h>

struct hist;
struct hist_list;

/* key="v" of a label, backslash, double quote and newline escaped, then sep. */
void adp_prom_label(FILE *fp, const char *key, const char *v, const char *sep);
/* The histogram: the HELP and TYPE lines, then the series of h. */
void hist_prom_header(FILE *fp);
void hist_prom(FILE *fp, const struct hist *h);
/* The histogram of every device of l (nothing when there is none). */
void hist_prom_page(FILE *fp, const struct hist_list *l);
/*
 * The same as counters by upper_bound, for node_exporter's textfile
 * collector ("metrics"), which gives a histogram a _sum of 0.
 */
void hist_prom_counters(FILE *fp, const struct hist_list *l);
/* A number of seconds from ns, exact, as a bound's label takes it. */
void prom_seconds(FILE *fp, uint64_t ns);

#endif /* ADPCTL_PROM_H */
