// SPDX-License-Identifier: GPL-2.0
/*
 * The firmware's retransmission histogram as adpctl holds it: a reply or
 * a saved "-j" file decoded, its bin edges computed
 * (tools/lib/radp/radp_bins.c: the kernel sends the configuration and the
 * counts only), printed as a bar chart, as SVG, or beside a prediction.
 * The commands that use it are in histogram.c, simulate.c and tune.c.
 * See Documentation/histogram.rst.
 */
#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "histogram.h"
#include "radp_svg.h"
#include "radp_time.h"

#define BAR_WIDTH	40

int hist_layout_words(const struct adp_ctx *ctx, uint32_t bins,
		      const char *w0, const char *w1, const char *mode,
		      uint32_t cap, uint32_t bin_num_max,
		      const struct adp_hist_cfg *cur, struct adp_hist_cfg *cfg)
{
	uint64_t w0_ns = 0, w1_ns = 0, u;
	char msg[256];
	int ret;

	memset(cfg, 0, sizeof(*cfg));
	if (cur)
		*cfg = *cur;
	if (bins)
		cfg->bin_num = bins;
	if (!cfg->bin_num || cfg->bin_num > bin_num_max)
		return adp_usage_error(ctx, "invalid value \"%u\" for \"bins\": expected 1..%u",
				       bins, bin_num_max);
	if (mode) {
		if (!strcmp(mode, "fixed"))
			cfg->mode = ADP_HIST_FIXED;
		else if (!strcmp(mode, "double"))
			cfg->mode = ADP_HIST_DOUBLE;
		else
			return adp_usage_error(ctx, "invalid value \"%s\" for \"mode\": expected fixed or double",
					       mode);
	} else if (!cur && cfg->bin_num > 1) {
		return adp_usage_error(ctx, "missing argument \"mode\"");
	}
	/* The widths in ns: given, or what the device has. */
	u = adp_hist_unit_ns(cfg->time_unit);
	if (w0)
		ret = adp_parse_time(ctx, "width0", w0, &w0_ns);
	else if (cur)
		ret = (w0_ns = cur->bin0_width * u, 0);
	else
		ret = adp_usage_error(ctx, "missing argument \"width0\"");
	if (ret)
		return ret;
	if (w1)
		ret = adp_parse_time(ctx, "width1", w1, &w1_ns);
	else if (cur && cfg->bin_num > 1)
		w1_ns = cur->bin1_width * u;
	else if (cfg->bin_num > 1)
		ret = adp_usage_error(ctx, "missing argument \"width1\": %u bins need it",
				      cfg->bin_num);
	if (ret)
		return ret;
	if (!w0_ns)
		return adp_usage_error(ctx, "invalid value \"%s\" for \"width0\": bin 0 must be wider than 0",
				       w0 ? w0 : "0");
	if (cfg->bin_num > 1 && !w1_ns)
		return adp_usage_error(ctx, "invalid value \"%s\" for \"width1\": must be above 0 with more than one bin",
				       w1 ? w1 : "0");
	if (cfg->bin_num == 1)
		w1_ns = 0;
	if (adp_hist_best_unit(w0_ns, w1_ns, cap, &cfg->time_unit,
			       &cfg->bin0_width, &cfg->bin1_width, msg,
			       sizeof(msg)))
		return adp_usage_error(ctx, "%s", msg);
	return 0;
}

int hist_edges(struct hist *h)
{
	char msg[256];
	uint32_t i;

	if (adp_hist_edges(&h->cfg, h->hi, ADP_HIST_BINS_MAX, msg,
			   sizeof(msg))) {
		print_error("%s%shistogram configuration has no bins: %s",
			    h->dev, *h->dev ? ": " : "", msg);
		return ADP_EXIT_FAIL;
	}
	h->total = 0;
	for (i = 0; i < h->cfg.bin_num; i++)
		if (__builtin_add_overflow(h->total, h->count[i], &h->total))
			h->total = UINT64_MAX;
	return ADP_EXIT_OK;
}

/* An edge for people: "0", "8us", "+Inf". */
static const char *edge_str(char *buf, uint64_t ns)
{
	if (ns == ADP_HIST_INF)
		return "+Inf";
	return adp_fmt_ns(buf, ns);
}

static uint64_t low_of(const struct hist *h, uint32_t i)
{
	return i ? h->hi[i - 1] : 0;
}

/* Bin i's low_ns and high_ns (null: none), text "  8us .. 10us" columns. */
static void print_bin_edges(const struct hist *h, uint32_t i)
{
	print_time_ns(PRINT_ANY, "low_ns", "  %10s", low_of(h, i));
	if (h->hi[i] == ADP_HIST_INF)
		print_null(PRINT_ANY, "high_ns", " .. %-9s", "+Inf");
	else
		print_time_ns(PRINT_ANY, "high_ns", " .. %-9s", h->hi[i]);
}

static double share(uint64_t c, uint64_t total)
{
	return total ? (double)c / total : 0;
}

/* The words of "histogram config" for h's configuration. */
void hist_config_words(char *buf, size_t len, const struct hist *h)
{
	uint64_t u = adp_hist_unit_ns(h->cfg.time_unit);
	char w0[32], w1[32], vhca[16];
	size_t n;

	if (h->vhca_id_valid)
		snprintf(vhca, sizeof(vhca), "%u", h->vhca_id);
	else
		snprintf(vhca, sizeof(vhca), "any");
	n = snprintf(buf, len, "bins %u width0 %s", h->cfg.bin_num,
		     adp_fmt_ns(w0, h->cfg.bin0_width * u));
	if (h->cfg.bin_num > 1 && n < len)
		n += snprintf(buf + n, len - n, " width1 %s mode %s",
			      adp_fmt_ns(w1, h->cfg.bin1_width * u),
			      adp_hist_bin_width_mode_names[h->cfg.mode & 1]);
	if (*h->dev && n < len)
		snprintf(buf + n, len - n, " count %s clear_on_read %s vhca %s",
			 h->count_enable ? "on" : "off",
			 h->clear_on_read ? "on" : "off", vhca);
}

/* "ns,us,100us,ms" of a time_unit_cap. */
static const char *cap_str(char *buf, size_t len, uint32_t cap)
{
	size_t n = 0;
	uint32_t u;

	buf[0] = '\0';
	for (u = 0; u < ADP_HIST_UNITS; u++)
		if (cap >> u & 1 && n < len)
			n += snprintf(buf + n, len - n, "%s%s", n ? "," : "",
				      adp_hist_unit_name(u));
	if (!n)
		snprintf(buf, len, "none");
	return buf;
}

/*
 * The configuration's fields h has, by the attributes of its nest: a
 * device's every field, an offline layout's (a file, a prediction) its
 * layout alone.
 */
static void config_vals(const struct hist *h, struct adp_vals *v)
{
	const struct {
		int attr;
		uint32_t val;
		bool device;	/* only a device has it */
	} f[] = {
		{ ROCE_ADP_A_HISTOGRAM_CONFIG_COUNT_ENABLE, h->count_enable, true },
		{ ROCE_ADP_A_HISTOGRAM_CONFIG_CLEAR_ON_READ, h->clear_on_read, true },
		{ ROCE_ADP_A_HISTOGRAM_CONFIG_VHCA_ID_VALID, h->vhca_id_valid, true },
		{ ROCE_ADP_A_HISTOGRAM_CONFIG_TIME_UNIT, h->cfg.time_unit, false },
		{ ROCE_ADP_A_HISTOGRAM_CONFIG_BIN_WIDTH_MODE, h->cfg.mode, false },
		{ ROCE_ADP_A_HISTOGRAM_CONFIG_TIME_UNIT_CAP, h->time_unit_cap, true },
		{ ROCE_ADP_A_HISTOGRAM_CONFIG_BIN_NUM, h->cfg.bin_num, false },
		{ ROCE_ADP_A_HISTOGRAM_CONFIG_BIN_NUM_MAX, h->bin_num_max, true },
		{ ROCE_ADP_A_HISTOGRAM_CONFIG_VHCA_ID, h->vhca_id, true },
		{ ROCE_ADP_A_HISTOGRAM_CONFIG_BIN0_WIDTH, h->cfg.bin0_width, false },
		{ ROCE_ADP_A_HISTOGRAM_CONFIG_BIN1_WIDTH, h->cfg.bin1_width, false },
	};
	size_t i;

	memset(v, 0, sizeof(*v));
	for (i = 0; i < ARRAY_SIZE(f); i++) {
		if (f[i].device && !*h->dev)
			continue;
		v->has[f[i].attr] = true;
		v->v[f[i].attr] = f[i].val;
	}
}

/*
 * The configuration by its PRM names in the nest's order, each field one
 * call for both outputs: JSON its number, text " name value" (the names
 * and numbers "histogram config" takes), the first after lead instead of
 * the blank, the read-only limits from time_unit_cap on after brk (a
 * line break, or " ").
 */
static void print_config(const struct hist *h, const char *lead,
			 const char *brk)
{
	char cap[64], fmt[256];
	const struct adp_field *f;
	const char *before, *p;
	struct adp_vals v;
	size_t n;

	config_vals(h, &v);
	for (f = adp_hist_config_fields; f->attr; f++) {
		if (!v.has[f->attr])
			continue;
		before = f->attr == ROCE_ADP_A_HISTOGRAM_CONFIG_TIME_UNIT_CAP ?
			 brk : " ";
		/* The lead is text, not a format: its % doubled. */
		for (n = 0, p = lead ?: before; *p && n < sizeof(fmt) - 8; p++) {
			if (*p == '%')
				fmt[n++] = '%';
			fmt[n++] = *p;
		}
		snprintf(fmt + n, sizeof(fmt) - n, "%%s %%s");
		lead = NULL;
		print_field_as(f, fmt, v.v[f->attr],
			       f->attr == ROCE_ADP_A_HISTOGRAM_CONFIG_TIME_UNIT_CAP ?
			       cap_str(cap, sizeof(cap), v.v[f->attr]) : NULL);
	}
}

static void bar(char *buf, uint64_t c, uint64_t max)
{
	size_t n = max ? (size_t)((c * (double)BAR_WIDTH + max - 1) / max) : 0;

	if (n > BAR_WIDTH)
		n = BAR_WIDTH;
	memset(buf, '#', n);
	buf[n] = '\0';
}

/*
 * Opens key's object with what every histogram object starts with, the
 * text's head: "DEV:" (title instead when not NULL) and the configuration.
 */
static void open_hist_json(const struct hist *h, const char *key,
			   const char *title)
{
	char t[32];

	char lead[256];

	open_json_object(key);
	if (*h->dev) {
		print_string_as(PRINT_ANY, "dev", "%s:", h->dev, title);
		print_config(h, " ", "\n  ");
	} else {
		snprintf(lead, sizeof(lead), "%s: ", title ?: "histogram");
		print_config(h, lead, " ");
	}
	if (h->has_age)
		print_u64_as(PRINT_ANY, "age_ms", ", read %s ago", h->age_ms,
			     h->age_ms ? adp_fmt_time(t, sizeof(t), h->age_ms * 1000,
						      ADP_UNIT_US) : "0ms");
}

void hist_print(const struct hist *h, const char *key, const char *title)
{
	char hashes[BAR_WIDTH + 1], fmt[BAR_WIDTH + 32];
	uint64_t max = 0;
	uint32_t i;

	open_hist_json(h, key, title);
	print_nl();
	print_u64(PRINT_ANY, "total", "  %llu timeouts\n", h->total);

	for (i = 0; i < h->cfg.bin_num; i++)
		if (h->count[i] > max)
			max = h->count[i];
	open_json_array("bins");
	for (i = 0; i < h->cfg.bin_num; i++) {
		open_json_object(NULL);
		print_bin_edges(h, i);
		/* The bar and the share: text only, in the count's format. */
		bar(hashes, h->count[i], max);
		snprintf(fmt, sizeof(fmt), " %-*s %%12llu %7.2f%%%%\n",
			 BAR_WIDTH, hashes, 100 * share(h->count[i], h->total));
		print_u64(PRINT_ANY, "count", fmt, h->count[i]);
		close_json_object();
	}
	close_json_array();
	close_json_object();
}

void hist_prediction_from(struct hist_prediction *p,
			  const struct adp_sim_cfg *cfg,
			  const uint64_t *fired)
{
	size_t i, j;
	uint32_t g;

	p->n = 0;
	p->timeouts = 0;
	for (g = 0; g < ADP_SIM_SHIFTS; g++) {
		if (!fired[g])
			continue;
		p->timeouts += fired[g];
		/* Capped or floored exponents share a timer: one line. */
		for (i = 0; i < p->n && p->ev[i].t_ns != cfg->timer_ns[g]; i++)
			;
		if (i == p->n) {
			p->ev[p->n].t_ns = cfg->timer_ns[g];
			p->ev[p->n++].count = 0;
		}
		p->ev[i].count += fired[g];
	}
	/* Ascending: a handful of lines, insertion sort. */
	for (i = 1; i < p->n; i++)
		for (j = i; j && p->ev[j - 1].t_ns > p->ev[j].t_ns; j--) {
			struct adp_hist_event e = p->ev[j];

			p->ev[j] = p->ev[j - 1];
			p->ev[j - 1] = e;
		}
}

void hist_print_events(const struct hist_prediction *p)
{
	size_t i;

	open_json_array(NULL);
	for (i = 0; i < p->n; i++) {
		open_json_object(NULL);
		print_u64(PRINT_ANY, "timeout_ns", "%llu", p->ev[i].t_ns);
		print_u64(PRINT_ANY, "count", " %llu\n", p->ev[i].count);
		close_json_object();
	}
	close_json_array();
}

/* The bins as SVG: labels at the upper edges, one or two series. */
int hist_svg(const char *path, const struct hist *h,
	     const struct hist *pred, const char *title,
	     const char *subtitle)
{
	char (*labels)[32] = calloc(h->cfg.bin_num, sizeof(*labels));
	const char **lp = calloc(h->cfg.bin_num, sizeof(*lp));
	double *v0 = calloc(h->cfg.bin_num, sizeof(*v0));
	double *v1 = calloc(h->cfg.bin_num, sizeof(*v1));
	struct adp_svg_bins b = {
		.title = title, .subtitle = subtitle,
		.xlabel = "timeout that fired (bin upper edge, inclusive)",
		.ylabel = pred ? "share of timeouts" : "timeouts",
		.bins = h->cfg.bin_num, .label = lp,
		.v = { v0, pred ? v1 : NULL },
		.name = { "measured", "predicted" },
		.percent = pred != NULL,
	};
	int ret = ADP_EXIT_FAIL;
	uint32_t i;
	FILE *fp;

	if (!labels || !lp || !v0 || !v1) {
		print_error("out of memory");
		goto out;
	}
	for (i = 0; i < h->cfg.bin_num; i++) {
		char t[32];

		snprintf(labels[i], sizeof(labels[i]), "%s%s",
			 h->hi[i] == ADP_HIST_INF ? "> " : "",
			 edge_str(t, h->hi[i] == ADP_HIST_INF ?
				  low_of(h, i) : h->hi[i]));
		lp[i] = labels[i];
		v0[i] = pred ? share(h->count[i], h->total) : h->count[i];
		if (pred)
			v1[i] = share(pred->count[i], pred->total);
	}
	fp = fopen(path, "w");
	if (!fp) {
		print_error("cannot write %s: %s", path, strerror(errno));
		goto out;
	}
	ret = adp_svg_bins(fp, &b);
	ret |= fclose(fp);
	if (ret) {
		print_error("cannot write %s: %s", path, strerror(errno));
		ret = ADP_EXIT_FAIL;
	}
out:
	free(labels);
	free(lp);
	free(v0);
	free(v1);
	return ret;
}

/* What compare finds in bin i: shares and their difference. */
struct cmp_bin {
	double m, p, diff;
	bool same, marked;
};

#define CMP_MARKS	3	/* the largest differences marked */

/* Shares of each bin, exact equality, the largest differences marked. */
static bool compare_bins(const struct hist *m, const struct hist *p,
			 struct cmp_bin *c)
{
	uint32_t i, k, best;
	bool all = true;

	for (i = 0; i < m->cfg.bin_num; i++) {
		c[i].m = share(m->count[i], m->total);
		c[i].p = share(p->count[i], p->total);
		c[i].diff = c[i].m - c[i].p;
		/* m/M == p/P without rounding; an empty side is all 0. */
		c[i].same = (!m->total || !p->total) ?
			    (m->total ? !m->count[i] : 1) &&
			    (p->total ? !p->count[i] : 1) :
			    (unsigned __int128)m->count[i] * p->total ==
			    (unsigned __int128)p->count[i] * m->total;
		c[i].marked = false;
		all &= c[i].same;
	}
	for (k = 0; k < CMP_MARKS; k++) {
		best = m->cfg.bin_num;
		for (i = 0; i < m->cfg.bin_num; i++)
			if (!c[i].same && !c[i].marked &&
			    (best == m->cfg.bin_num ||
			     fabs(c[i].diff) > fabs(c[best].diff)))
				best = i;
		if (best < m->cfg.bin_num)
			c[best].marked = true;
	}
	return all;
}

static void print_compare(const struct hist *m, const struct hist *p,
			  const char *what, const struct cmp_bin *c, bool same,
			  const char *key)
{
	char line[512];
	uint32_t i;

	open_hist_json(m, key, *m->dev ? NULL : "measured");
	print_nl();
	print_u64(PRINT_ANY, "measured_total", "  measured: %llu timeouts\n",
		  m->total);
	print_u64(PRINT_ANY, "predicted_total", "  predicted: %llu timeouts",
		  p->total);
	print_string(PRINT_ANY, "prediction", " of %s\n", what);
	print_bool_str(PRINT_ANY, "same", "  %s\n", same,
		       "no difference: measured and predicted shares agree in every bin",
		       "<<: the largest differences (diff: measured share - predicted share, in points)");
	snprintf(line, sizeof(line), "  %-23s %12s %12s %8s %8s %9s",
		 "bin", "measured", "predicted", "meas %", "pred %", "diff");
	print_string(PRINT_FP, NULL, "%s\n", line);

	open_json_array("bins");
	for (i = 0; i < m->cfg.bin_num; i++) {
		open_json_object(NULL);
		print_bin_edges(m, i);
		print_u64(PRINT_ANY, "measured", " %12llu", m->count[i]);
		print_u64(PRINT_ANY, "predicted", " %12llu", p->count[i]);
		print_share(PRINT_ANY, "measured_share", " %7.2f%%", c[i].m);
		print_share(PRINT_ANY, "predicted_share", " %7.2f%%", c[i].p);
		print_share(PRINT_ANY, "difference", " %+8.2f",
			    c[i].same ? 0 : c[i].diff);
		print_bool_str(PRINT_ANY, "largest", "%s\n", c[i].marked,
			       "  <<", "");
		close_json_object();
	}
	close_json_array();
	close_json_object();
}

void hist_compare_print(const struct hist *m, const struct hist *p,
			const char *what, const char *key)
{
	struct cmp_bin c[ADP_HIST_BINS_MAX];
	bool same = compare_bins(m, p, c);

	print_compare(m, p, what, c, same, key);
}

/* A member of o as a u32; false if missing or out of range. */
static bool json_u32(struct json_object *o, const char *key, uint32_t *v)
{
	struct json_object *x;
	int64_t n;

	if (!json_object_object_get_ex(o, key, &x) ||
	    !json_object_is_type(x, json_type_int))
		return false;
	n = json_object_get_int64(x);
	if (n < 0 || n > UINT32_MAX)
		return false;
	*v = n;
	return true;
}

static int hist_from_json(struct json_object *o, const char *path,
			  struct hist *h)
{
	struct json_object *bins, *b, *x;
	uint32_t i;
	int64_t n;

	memset(h, 0, sizeof(*h));
	if (json_object_object_get_ex(o, "dev", &x))
		snprintf(h->dev, sizeof(h->dev), "%s", json_object_get_string(x));
	if (!json_u32(o, radp_fields[RADP_HIST_CONFIG_TIME_UNIT].name,
		      &h->cfg.time_unit) ||
	    !json_u32(o, "bin_width_mode", &h->cfg.mode) ||
	    !json_u32(o, "bin_num", &h->cfg.bin_num) ||
	    !json_u32(o, "bin0_width", &h->cfg.bin0_width) ||
	    !json_u32(o, "bin1_width", &h->cfg.bin1_width) ||
	    !json_object_object_get_ex(o, "bins", &bins) ||
	    !json_object_is_type(bins, json_type_array) ||
	    !h->cfg.bin_num || h->cfg.bin_num > ADP_HIST_BINS_MAX ||
	    json_object_array_length(bins) != h->cfg.bin_num) {
		print_error("%s: not a histogram of \"adpctl -j histogram show\": time_unit, bin_width_mode, bin_num, bin0_width, bin1_width and bin_num bins needed",
			    path);
		return ADP_EXIT_FAIL;
	}
	for (i = 0; i < h->cfg.bin_num; i++) {
		b = json_object_array_get_idx(bins, i);
		if (!json_object_object_get_ex(b, "count", &x) ||
		    !json_object_is_type(x, json_type_int) ||
		    (n = json_object_get_int64(x)) < 0) {
			print_error("%s: bin %u has no count", path, i);
			return ADP_EXIT_FAIL;
		}
		h->count[i] = n;
	}
	/* Offline: the edges only; no device to name. */
	*h->dev = '\0';
	return hist_edges(h);
}

int hist_load_file(const struct adp_ctx *ctx, const char *path,
		   const char *dev, struct hist *h)
{
	struct json_object *root, *o = NULL, *x;
	size_t i, n;
	int ret;

	(void)ctx;
	root = json_object_from_file(path);
	if (!root) {
		const char *e = json_util_get_last_err();

		print_error("%s: %.*s", path, e ? (int)strcspn(e, "\n") : 8,
			    e ? e : "not JSON");
		return ADP_EXIT_FAIL;
	}
	if (json_object_is_type(root, json_type_array)) {
		n = json_object_array_length(root);
		for (i = 0; i < n; i++) {
			x = json_object_array_get_idx(root, i);
			if (dev) {
				struct json_object *d;

				if (json_object_object_get_ex(x, "dev", &d) &&
				    !strcmp(json_object_get_string(d), dev))
					o = x;
			} else if (n == 1) {
				o = x;
			}
		}
		if (!o) {
			if (dev)
				print_error("%s: no histogram of %s", path, dev);
			else
				print_error("%s: %zu histograms: name one with dev",
					    path, n);
			json_object_put(root);
			return ADP_EXIT_FAIL;
		}
	} else {
		o = root;
	}
	ret = hist_from_json(o, path, h);
	json_object_put(root);
	return ret;
}

/* A number attribute of any width the spec may give it. */
static uint64_t nla_uint(const struct nlattr *a)
{
	switch (nla_len(a)) {
	case 1:
		return nla_get_u8(a);
	case 2:
		return nla_get_u16(a);
	case 4:
		return nla_get_u32(a);
	default:
		return nla_len(a) >= 8 ? nla_get_u64(a) : 0;
	}
}

static int decode_config(const struct nlattr *nest, struct hist *h)
{
	struct nlattr *c[ROCE_ADP_A_HISTOGRAM_CONFIG_MAX + 1];

	if (nla_parse_nested(c, ROCE_ADP_A_HISTOGRAM_CONFIG_MAX,
			     (struct nlattr *)nest,
			     adp_histogram_config_policy) < 0) {
		print_error("kernel reply with a malformed histogram configuration");
		return -EBADMSG;
	}
#define CFG(name, dst) \
	do { \
		if (c[ROCE_ADP_A_HISTOGRAM_CONFIG_##name]) \
			dst = nla_uint(c[ROCE_ADP_A_HISTOGRAM_CONFIG_##name]); \
	} while (0)
	CFG(COUNT_ENABLE, h->count_enable);
	CFG(CLEAR_ON_READ, h->clear_on_read);
	CFG(VHCA_ID_VALID, h->vhca_id_valid);
	CFG(TIME_UNIT, h->cfg.time_unit);
	CFG(BIN_WIDTH_MODE, h->cfg.mode);
	CFG(TIME_UNIT_CAP, h->time_unit_cap);
	CFG(BIN_NUM, h->cfg.bin_num);
	CFG(BIN_NUM_MAX, h->bin_num_max);
	CFG(VHCA_ID, h->vhca_id);
	CFG(BIN0_WIDTH, h->cfg.bin0_width);
	CFG(BIN1_WIDTH, h->cfg.bin1_width);
#undef CFG
	return 0;
}

/* A HISTOGRAM reply into h, edges computed. */
int hist_decode(const struct adp_nl_msg *msg, struct hist *h)
{
	struct nlattr *t[ROCE_ADP_A_HIST_MAX + 1], *a;
	const char *name = adp_nl_str(msg->tb[ROCE_ADP_A_DEV_NAME]);
	uint32_t n = 0;
	int rem;

	memset(h, 0, sizeof(*h));
	snprintf(h->dev, sizeof(h->dev), "%s", name ?: "?");
	if (!msg->tb[ROCE_ADP_A_HISTOGRAM] ||
	    nla_parse_nested(t, ROCE_ADP_A_HIST_MAX,
			     msg->tb[ROCE_ADP_A_HISTOGRAM],
			     adp_histogram_policy) < 0 ||
	    !t[ROCE_ADP_A_HIST_CONFIG]) {
		print_error("%s: kernel reply without a valid histogram", h->dev);
		return -EBADMSG;
	}
	if (decode_config(t[ROCE_ADP_A_HIST_CONFIG], h))
		return -EBADMSG;
	if (t[ROCE_ADP_A_HIST_AGE_MS]) {
		h->has_age = true;
		h->age_ms = nla_uint(t[ROCE_ADP_A_HIST_AGE_MS]);
	}
	nla_for_each_nested(a, msg->tb[ROCE_ADP_A_HISTOGRAM], rem) {
		if (nla_type(a) != ROCE_ADP_A_HIST_BIN_COUNT)
			continue;
		if (n >= ADP_HIST_BINS_MAX || nla_len(a) < 8) {
			print_error("%s: kernel reply with a malformed bin count",
				    h->dev);
			return -EBADMSG;
		}
		h->count[n++] = nla_get_u64(a);
	}
	if (n != h->cfg.bin_num) {
		print_error("%s: kernel reply with %u bin counts for bin_num %u",
			    h->dev, n, h->cfg.bin_num);
		return -EBADMSG;
	}
	return hist_edges(h) ? -EBADMSG : 0;
}

void hist_print_brief(const struct adp_nl_msg *msg)
{
	struct hist *h = malloc(sizeof(*h));
	uint32_t i;

	if (!h || hist_decode(msg, h)) {
		free(h);
		return;
	}
	open_json_object("histogram");
	print_config(h, " histogram ", " ");
	print_u64(PRINT_ANY, "total", ", %llu timeouts", h->total);
	/* The counts by bin: " by bin 3,4,3,4,11" in the text. */
	open_json_array("counts");
	for (i = 0; i < h->cfg.bin_num; i++)
		print_u64(PRINT_ANY, NULL, i ? ",%llu" : " by bin %llu",
			  h->count[i]);
	close_json_array();
	close_json_object();
	free(h);
}

/* A request for one device and what its reply is decoded into. */
int hist_call_build(struct nl_msg *msg, void *arg)
{
	return adp_put_dev(msg, (void *)((struct hist_call *)arg)->dev);
}

static int get_one(const struct adp_nl_msg *msg, void *arg)
{
	return hist_decode(msg, ((struct hist_call *)arg)->out);
}

int hist_get(struct adp_ctx *ctx, const char *dev, struct hist *h)
{
	struct adp_nl *nl = adp_ctx_nl(ctx);
	struct hist_call call = { .dev = dev, .out = h };

	if (!nl)
		return ADP_EXIT_FAIL;
	memset(h, 0, sizeof(*h));
	if (adp_nl_request(nl, ROCE_ADP_CMD_HISTOGRAM_GET, 0, hist_call_build,
			   get_one, &call))
		return ADP_EXIT_FAIL;
	if (!h->cfg.bin_num) {
		print_error("%s: no histogram in the kernel's reply", dev);
		return ADP_EXIT_FAIL;
	}
	return ADP_EXIT_OK;
}

int hist_collect(const struct adp_nl_msg *msg, void *arg)
{
	struct hist_list *l = arg;
	struct hist *h;

	if (l->lenient && !msg->tb[ROCE_ADP_A_HISTOGRAM])
		return 0;
	h = adp_grow(l->v, l->n, sizeof(*h));
	if (!h)
		return -ENOMEM;
	l->v = h;
	if (hist_decode(msg, &l->v[l->n]))
		return -EBADMSG;
	l->n++;
	return 0;
}
