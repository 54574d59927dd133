// SPDX-License-Identifier: GPL-2.0
/*
 * The Prometheus text format, for "metrics" and "histogram show
 * --prometheus": labels escaped, the histogram's series.
 */
#include <stdio.h>

#include "histogram.h"
#include "prom.h"

void adp_prom_label(FILE *fp, const char *key, const char *v, const char *sep)
{
	fprintf(fp, "%s=\"", key);
	for (; *v; v++) {
		if (*v == '\\' || *v == '"')
			fputc('\\', fp);
		if (*v == '\n')
			fputs("\\n", fp);
		else
			fputc(*v, fp);
	}
	fprintf(fp, "\"%s", sep);
}

/* Prometheus: a number of seconds from ns, exact: "0.000008", "2". */
void prom_seconds(FILE *fp, uint64_t ns)
{
	char frac[16];
	int n;

	n = snprintf(frac, sizeof(frac), "%09llu",
		     (unsigned long long)(ns % 1000000000));
	while (n && frac[n - 1] == '0')
		frac[--n] = '\0';
	fprintf(fp, "%llu%s%s", (unsigned long long)(ns / 1000000000),
		n ? "." : "", frac);
}

void hist_prom_header(FILE *fp)
{
	fputs("# HELP roce_adp_retx_timeout_seconds Adaptive retransmission timeouts that fired, by timeout (ADP_RETX_HISTOGRAM; no _sum: the firmware counts no sum).\n"
	      "# TYPE roce_adp_retx_timeout_seconds histogram\n", fp);
}

/*
 * Adds bin b of h to *cum and prints it as a sample of metric, its bound
 * labelled bound_key: the bucket and the counter series share the form.
 */
static void prom_cumulative(FILE *fp, const char *metric,
			    const char *bound_key, const struct hist *h,
			    uint32_t b, uint64_t *cum)
{
	if (__builtin_add_overflow(*cum, h->count[b], cum))
		*cum = UINT64_MAX;
	fprintf(fp, "%s{", metric);
	adp_prom_label(fp, "device", h->dev, ",");
	fprintf(fp, "%s=\"", bound_key);
	if (h->hi[b] == ADP_HIST_INF)
		fputs("+Inf", fp);
	else
		prom_seconds(fp, h->hi[b]);
	fprintf(fp, "\"} %llu\n", (unsigned long long)*cum);
}

void hist_prom(FILE *fp, const struct hist *h)
{
	uint64_t cum = 0;
	uint32_t i;

	for (i = 0; i < h->cfg.bin_num; i++)
		prom_cumulative(fp, "roce_adp_retx_timeout_seconds_bucket",
				"le", h, i, &cum);
	fputs("roce_adp_retx_timeout_seconds_count{", fp);
	adp_prom_label(fp, "device", h->dev, "} ");
	fprintf(fp, "%llu\n", (unsigned long long)cum);
}

void hist_prom_page(FILE *fp, const struct hist_list *l)
{
	int i;

	if (!l->n)
		return;
	hist_prom_header(fp);
	for (i = 0; i < l->n; i++)
		hist_prom(fp, &l->v[i]);
}

/*
 * The histograms as counters by upper_bound, not as a histogram: a
 * collector that reads one (node_exporter's textfile collector) adds a
 * _sum of 0, and the firmware counts no sum. histogram_quantile() takes
 * them as they are (Documentation/fleet.rst).
 */
void hist_prom_counters(FILE *fp, const struct hist_list *l)
{
	uint64_t cum;
	uint32_t b;
	int i;

	if (!l->n)
		return;
	fputs("# HELP roce_adp_retx_timeouts_total Adaptive retransmission timeouts that fired with a timeout of at most upper_bound seconds (ADP_RETX_HISTOGRAM's bins, cumulative; upper_bound=\"+Inf\": all).\n"
	      "# TYPE roce_adp_retx_timeouts_total counter\n", fp);
	for (i = 0; i < l->n; i++) {
		const struct hist *h = &l->v[i];

		for (b = 0, cum = 0; b < h->cfg.bin_num; b++)
			prom_cumulative(fp, "roce_adp_retx_timeouts_total",
					"upper_bound", h, b, &cum);
	}
}
