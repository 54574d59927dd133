// SPDX-License-Identifier: GPL-2.0
/*
 * SVG pictures of simulations; see svg.h.  Plain SVG 1.1 with its styles
 * inline: no script, font or file outside the document.
 */
#include <math.h>
#include <string.h>

#include "radp_svg.h"
#include "radp_time.h"

#define W		960
#define H		580
#define X0		96	/* plot area */
#define X1		740
#define Y0		110
#define Y1		520
#define SUB_CHARS	128	/* a subtitle line, at 12 px */

/* Text content, XML-escaped. */
static void text_esc(FILE *fp, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", fp);
			break;
		case '<':
			fputs("&lt;", fp);
			break;
		case '>':
			fputs("&gt;", fp);
			break;
		default:
			fputc(*s, fp);
		}
	}
}

static void text(FILE *fp, double x, double y, const char *anchor, int size,
		 const char *style, const char *s)
{
	fprintf(fp, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\"%s%s>",
		x, y, anchor, size, style ? " " : "", style ? style : "");
	text_esc(fp, s);
	fputs("</text>\n", fp);
}

static const char *t_ns(char *buf, uint64_t v)
{
	if (!v)
		return "0";
	return adp_fmt_time(buf, 32, v, ADP_UNIT_NS);
}

static void header(FILE *fp, const char *title, const char *subtitle)
{
	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n"
		"<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
		W, H, W, H, W, H);
	char line[SUB_CHARS + 1];
	size_t n;

	text(fp, 16, 24, "start", 15, "font-weight=\"bold\"", title);
	if (!subtitle)
		return;
	/* Two lines at most, cut at a space. */
	n = strlen(subtitle);
	if (n > SUB_CHARS) {
		for (n = SUB_CHARS; n > 0 && subtitle[n] != ' '; n--)
			;
		if (!n)
			n = SUB_CHARS;
	}
	snprintf(line, sizeof(line), "%.*s", (int)n, subtitle);
	text(fp, 16, 44, "start", 12, NULL, line);
	if (subtitle[n])
		text(fp, 16, 60, "start", 12, NULL, subtitle + n + (subtitle[n] == ' '));
}

/* A step of 1, 2 or 5 times a power of ten giving at most max ticks. */
static uint64_t nice_step(uint64_t span, int max)
{
	uint64_t p = 1;
	static const int m[] = { 1, 2, 5 };
	int i;

	for (;;) {
		for (i = 0; i < 3; i++)
			if (span / (p * m[i]) < (uint64_t)max)
				return p * m[i];
		p *= 10;
	}
}

static void x_axis(FILE *fp, uint64_t t_max, const char *label)
{
	uint64_t step = nice_step(t_max, 8), t;
	char buf[32];

	for (t = 0; t <= t_max; t += step) {
		double x = X0 + (double)t / t_max * (X1 - X0);

		fprintf(fp, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#999999\"/>\n",
			x, Y1, x, Y1 + 5);
		text(fp, x, Y1 + 19, "middle", 11, NULL, t_ns(buf, t));
	}
	text(fp, (X0 + X1) / 2.0, Y1 + 42, "middle", 12, NULL, label);
}

struct yscale {
	double lmin, lmax;	/* log2 of ns at Y1 and Y0 */
};

static double ypos(const struct yscale *s, uint64_t v)
{
	double l = log2((double)v);

	return Y1 - (l - s->lmin) / (s->lmax - s->lmin) * (Y1 - Y0);
}

static void widen(uint64_t *lo, uint64_t *hi, uint64_t v)
{
	if (v < *lo)
		*lo = v;
	if (v > *hi)
		*hi = v;
}

static const char *const band_fill[] = { "#e8f0fb", "#f3f3f3" };

static void legend(FILE *fp)
{
	double x = X0, y = 84;

	fprintf(fp, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#1f5fbf\" stroke-width=\"2\"/>\n",
		x, y - 4, x + 18, y - 4);
	text(fp, x + 22, y, "start", 11, NULL, "timer in force");
	x += 110;
	fprintf(fp, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"#d62728\"/>\n",
		x + 4, y - 4);
	text(fp, x + 12, y, "start", 11, NULL, "timeout: retransmission");
	x += 160;
	fprintf(fp, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"#ff9f1c\"/>\n",
		x + 4, y - 4);
	text(fp, x + 12, y, "start", 11, NULL, "spurious timeout");
	x += 120;
	fprintf(fp, "<path d=\"M%.1f %.1f l4 -8 l4 8 z\" fill=\"#2ca02c\"/>\n",
		x, y);
	text(fp, x + 12, y, "start", 11, NULL, "ACK (forward progress)");
	x += 160;
	fprintf(fp, "<path d=\"M%.1f %.1f l8 -8 M%.1f %.1f l8 8\" stroke=\"#000000\" stroke-width=\"2\"/>\n",
		x, y, x, y - 8);
	text(fp, x + 12, y, "start", 11, NULL, "QP failed");
}

int adp_svg_timeline(FILE *fp, const struct adp_svg_timeline *t)
{
	const struct adp_sim_cfg *cfg = t->cfg;
	uint64_t lo = UINT64_MAX, hi = 0, t_max, top_all, v;
	struct yscale ys;
	char buf[64], b1[32], b2[32];
	double x, y, py;
	uint32_t r, g;
	size_t i;

	/* The y axis covers the ranges, the timers used and the cap. */
	for (r = 0; r < cfg->range_num; r++) {
		widen(&lo, &hi, cfg->base_ns << cfg->r[r].low);
		widen(&lo, &hi, cfg->base_ns << cfg->r[r].top);
	}
	for (i = 0; i < t->n; i++)
		widen(&lo, &hi, t->ev[i].timer_ns);
	top_all = hi;
	if (cfg->cap_ns != ADP_SIM_NEVER && cfg->cap_ns <= 4 * top_all)
		widen(&lo, &hi, cfg->cap_ns);
	ys.lmin = log2((double)lo) - 0.6;
	ys.lmax = log2((double)hi) + 0.6;

	t_max = t->n ? t->ev[t->n - 1].t_ns : 0;
	if (t->sc->kind == ADP_SIM_OUTAGE && t->sc->down_ns > t_max)
		t_max = t->sc->down_ns;
	t_max += t_max / 20 + 1;

	header(fp, t->title, t->subtitle);
	legend(fp);

	/* Range bands, right-hand labels, and the outage. */
	for (r = 0; r < cfg->range_num; r++) {
		double ylo = ypos(&ys, cfg->base_ns << cfg->r[r].low);
		double yhi = ypos(&ys, cfg->base_ns << cfg->r[r].top);

		if (ylo - yhi < 2) {
			yhi -= 1;
			ylo += 1;
		}
		fprintf(fp, "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\" fill-opacity=\"0.8\"/>\n",
			X0, yhi, X1 - X0, ylo - yhi, band_fill[r % 2]);
		fprintf(fp, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#7f9cc7\" stroke-dasharray=\"4 3\"/>\n",
			X0, ylo, X1, ylo);
		fprintf(fp, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#7f9cc7\" stroke-dasharray=\"4 3\"/>\n",
			X0, yhi, X1, yhi);
		snprintf(buf, sizeof(buf), "range %u: %s .. %s", r,
			 t_ns(b1, cfg->base_ns << cfg->r[r].low),
			 t_ns(b2, cfg->base_ns << cfg->r[r].top));
		text(fp, X1 + 8, (ylo + yhi) / 2 + 4 + (r % 2 ? 6 : -6),
		     "start", 11, "fill=\"#33507f\"", buf);
	}
	if (t->sc->kind == ADP_SIM_OUTAGE && t->sc->down_ns) {
		x = X0 + (double)t->sc->down_ns / t_max * (X1 - X0);
		fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#f7c6c6\" fill-opacity=\"0.45\"/>\n",
			X0, Y0, x - X0, Y1 - Y0);
		text(fp, (X0 + x) / 2, Y0 + 14, "middle", 11,
		     "fill=\"#a02020\"", "link down");
	}
	if (cfg->cap_ns != ADP_SIM_NEVER && cfg->cap_ns <= 4 * top_all) {
		y = ypos(&ys, cfg->cap_ns);
		fprintf(fp, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#d62728\" stroke-dasharray=\"6 3\"/>\n",
			X0, y, X1, y);
		snprintf(buf, sizeof(buf), "ack_timeout cap %s",
			 t_ns(b1, cfg->cap_ns));
		text(fp, X1 - 4, y - 4, "end", 11, "fill=\"#d62728\"", buf);
	}

	/* The total timeout of the first packet, which starts at 0. */
	if (cfg->total_ns < t_max) {
		x = X0 + (double)cfg->total_ns / t_max * (X1 - X0);
		fprintf(fp, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#000000\" stroke-dasharray=\"2 3\"/>\n",
			x, Y0, x, Y1);
		snprintf(buf, sizeof(buf), "total timeout %s",
			 t_ns(b1, cfg->total_ns));
		text(fp, x - 4, Y1 - 8, "end", 11, NULL, buf);
	}

	/* Axes: timeouts at powers of two of time_base, times. */
	fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#666666\"/>\n",
		X0, Y0, X1 - X0, Y1 - Y0);
	for (g = 0; g < 40; g++) {
		v = cfg->base_ns << g;
		if (log2((double)v) < ys.lmin || log2((double)v) > ys.lmax)
			continue;
		y = ypos(&ys, v);
		fprintf(fp, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#999999\"/>\n",
			X0 - 5, y, X0, y);
		text(fp, X0 - 8, y + 4, "end", 11, NULL, t_ns(buf, v));
	}
	fprintf(fp, "<text x=\"16\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"12\" transform=\"rotate(-90 16 %.1f)\">timeout (log scale)</text>\n",
		(Y0 + Y1) / 2.0, (Y0 + Y1) / 2.0);
	x_axis(fp, t_max, "time");

	/* The timer in force: a step from each event to the next. */
	if (t->n) {
		fprintf(fp, "<path fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2\" d=\"M%.1f %.1f",
			(double)X0, ypos(&ys, t->ev[0].timer_ns));
		for (i = 1; i < t->n; i++) {
			x = X0 + (double)t->ev[i].t_ns / t_max * (X1 - X0);
			fprintf(fp, " H%.1f V%.1f", x,
				ypos(&ys, t->ev[i].timer_ns));
		}
		fputs("\"/>\n", fp);
	}
	/* Each event where its timer ended, on the level of that timer. */
	for (i = 1; i < t->n; i++) {
		const struct adp_sim_event *e = &t->ev[i];

		x = X0 + (double)e->t_ns / t_max * (X1 - X0);
		py = ypos(&ys, t->ev[i - 1].timer_ns);
		if (e->kind == ADP_SIM_EV_ACK)
			fprintf(fp, "<path d=\"M%.1f %.1f l4 -8 l4 8 z\" fill=\"#2ca02c\"/>\n",
				x - 4, py + 4);
		else if (e->kind == ADP_SIM_EV_FAIL)
			fprintf(fp, "<path d=\"M%.1f %.1f l10 10 M%.1f %.1f l10 -10\" stroke=\"#000000\" stroke-width=\"2.5\"/>\n",
				x - 5, py - 5, x - 5, py + 5);
		else
			fprintf(fp, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>\n",
				x, py, e->spurious ? "#ff9f1c" : "#d62728");
	}
	fputs("</svg>\n", fp);
	return ferror(fp) ? -1 : 0;
}

/*
 * The frame of a bar chart and its y axis from 0 to max: whole numbers,
 * or percentages of max (a share) when pct_max is not 0.
 */
static void y_grid(FILE *fp, uint64_t max, double pct_max, const char *ylabel)
{
	char buf[64];
	double y;
	int i;

	fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#666666\"/>\n",
		X0, Y0, X1 - X0, Y1 - Y0);
	for (i = 0; i <= 4; i++) {
		y = Y1 - (double)i / 4 * (Y1 - Y0);
		if (pct_max)
			snprintf(buf, sizeof(buf), "%.3g%%", pct_max * 100 * i / 4);
		else
			snprintf(buf, sizeof(buf), "%llu",
				 (unsigned long long)(max * i / 4));
		text(fp, X0 - 8, y + 4, "end", 11, NULL, buf);
		fprintf(fp, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n",
			X0, y, X1, y);
	}
	fprintf(fp, "<text x=\"18\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"12\" transform=\"rotate(-90 18 %.1f)\">",
		(Y0 + Y1) / 2.0, (Y0 + Y1) / 2.0);
	text_esc(fp, ylabel);
	fputs("</text>\n", fp);
}

int adp_svg_histogram(FILE *fp, const struct adp_svg_histogram *h)
{
	uint64_t max = h->failed;
	size_t bars = h->buckets + (h->failed ? 1 : 0), b;
	double bw, x;
	char buf[64], b1[32];

	for (b = 0; b < h->buckets; b++)
		if (h->count[b] > max)
			max = h->count[b];
	if (!max)
		max = 1;
	header(fp, h->title, h->subtitle);
	y_grid(fp, max, 0, "QPs");
	if (!bars) {
		fputs("</svg>\n", fp);
		return ferror(fp) ? -1 : 0;
	}
	bw = (double)(X1 - X0) / bars;
	for (b = 0; b < bars; b++) {
		bool fail = b == h->buckets;
		uint64_t c = fail ? h->failed : h->count[b];
		double bh = (double)c / max * (Y1 - Y0);

		x = X0 + b * bw;
		fprintf(fp, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n",
			x + 3, Y1 - bh, bw - 6, bh, fail ? "#d62728" : "#1f5fbf");
		snprintf(buf, sizeof(buf), "%llu", (unsigned long long)c);
		text(fp, x + bw / 2, Y1 - bh - 4, "middle", 11, NULL, buf);
		if (fail)
			snprintf(buf, sizeof(buf), "failed");
		else
			snprintf(buf, sizeof(buf), "%s",
				 t_ns(b1, h->from_ns + b * h->width_ns));
		text(fp, x + bw / 2, Y1 + 19, "middle", 10, NULL, buf);
	}
	snprintf(buf, sizeof(buf), "%s (bucket start; buckets of %s)",
		 h->xlabel, t_ns(b1, h->width_ns));
	text(fp, (X0 + X1) / 2.0, Y1 + 42, "middle", 12, NULL, buf);
	fputs("</svg>\n", fp);
	return ferror(fp) ? -1 : 0;
}

static const char *const series_fill[2] = { "#1f5fbf", "#ff9f1c" };

int adp_svg_bins(FILE *fp, const struct adp_svg_bins *b)
{
	int series = b->v[1] ? 2 : 1, k;
	double max = 0, bw, sw, x, bh;
	char buf[64];
	size_t i;

	for (k = 0; k < series; k++)
		for (i = 0; i < b->bins; i++)
			if (b->v[k][i] > max)
				max = b->v[k][i];
	if (max <= 0)
		max = 1;
	if (!b->percent)
		max = ceil(max);
	header(fp, b->title, b->subtitle);
	y_grid(fp, (uint64_t)max, b->percent ? max : 0, b->ylabel);
	if (series == 2)
		for (k = 0; k < 2; k++) {
			x = X0 + k * 120;
			fprintf(fp, "<rect x=\"%.1f\" y=\"76\" width=\"12\" height=\"10\" fill=\"%s\"/>\n",
				x, series_fill[k]);
			text(fp, x + 16, 85, "start", 11, NULL, b->name[k]);
		}
	if (!b->bins) {
		fputs("</svg>\n", fp);
		return ferror(fp) ? -1 : 0;
	}
	bw = (double)(X1 - X0) / b->bins;
	sw = (bw - 6) / series;
	for (i = 0; i < b->bins; i++) {
		for (k = 0; k < series; k++) {
			bh = b->v[k][i] / max * (Y1 - Y0);
			x = X0 + i * bw + 3 + k * sw;
			fprintf(fp, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n",
				x, Y1 - bh, sw, bh, series_fill[k]);
			if (b->percent)
				snprintf(buf, sizeof(buf), "%.1f%%", b->v[k][i] * 100);
			else
				snprintf(buf, sizeof(buf), "%.0f", b->v[k][i]);
			if (b->bins <= 24)
				text(fp, x + sw / 2, Y1 - bh - 4, "middle", 10, NULL, buf);
		}
		text(fp, X0 + i * bw + bw / 2, Y1 + 19, "middle", 10, NULL,
		     b->label[i]);
	}
	text(fp, (X0 + X1) / 2.0, Y1 + 42, "middle", 12, NULL, b->xlabel);
	fputs("</svg>\n", fp);
	return ferror(fp) ? -1 : 0;
}
