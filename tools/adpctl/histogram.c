// SPDX-License-Identifier: GPL-2.0
/*
 * "adpctl histogram": the firmware's retransmission histogram
 * (ADP_RETX_HISTOGRAM_CONFIG and ADP_RETX_HISTOGRAM through the module),
 * shown as a bar chart with its bin edges, configured, cleared, and
 * compared with what the simulator predicts for a profile.  The edges are
 * computed here (tools/lib/radp/radp_bins.c): the kernel sends the
 * configuration and the counts only.  See Documentation/histogram.rst.
 */
#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "histogram.h"
#include "prom.h"
#include "radp_svg.h"
#include "radp_time.h"
#include "simulate.h"

#define BAR_WIDTH	40

static const char *const mode_names[] = { "fixed", "double" };

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
static void config_words(char *buf, size_t len, const struct hist *h)
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
			      mode_names[h->cfg.mode & 1]);
	if (*h->dev && n < len)
		snprintf(buf + n, len - n, " count %s clear_on_read %s vhca %s",
			 h->count_enable ? "on" : "off",
			 h->clear_on_read ? "on" : "off", vhca);
}

/* The configuration by its PRM names, raw values (JSON only). */
static void print_config_json(const struct hist *h)
{
	if (*h->dev) {
		print_uint(PRINT_JSON, "count_enable", NULL, h->count_enable);
		print_uint(PRINT_JSON, "clear_on_read", NULL, h->clear_on_read);
		print_uint(PRINT_JSON, "vhca_id_valid", NULL, h->vhca_id_valid);
	}
	print_uint(PRINT_JSON, "time_unit", NULL, h->cfg.time_unit);
	print_uint(PRINT_JSON, "bin_width_mode", NULL, h->cfg.mode);
	if (*h->dev)
		print_uint(PRINT_JSON, "time_unit_cap", NULL, h->time_unit_cap);
	print_uint(PRINT_JSON, "bin_num", NULL, h->cfg.bin_num);
	if (*h->dev) {
		print_uint(PRINT_JSON, "bin_num_max", NULL, h->bin_num_max);
		print_uint(PRINT_JSON, "vhca_id", NULL, h->vhca_id);
	}
	print_uint(PRINT_JSON, "bin0_width", NULL, h->cfg.bin0_width);
	print_uint(PRINT_JSON, "bin1_width", NULL, h->cfg.bin1_width);
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

static void bar(char *buf, uint64_t c, uint64_t max)
{
	size_t n = max ? (size_t)((c * (double)BAR_WIDTH + max - 1) / max) : 0;

	if (n > BAR_WIDTH)
		n = BAR_WIDTH;
	memset(buf, '#', n);
	buf[n] = '\0';
}

/* Opens key's object with what every histogram object starts with. */
static void open_hist_json(const struct hist *h, const char *key)
{
	open_json_object(key);
	if (*h->dev)
		print_string(PRINT_JSON, "dev", NULL, h->dev);
	print_config_json(h);
	if (h->has_age)
		print_u64(PRINT_JSON, "age_ms", NULL, h->age_ms);
}

void hist_print(const struct hist *h, const char *key, const char *title)
{
	char line[512], words[256], hashes[BAR_WIDTH + 1], fmt[BAR_WIDTH + 16];
	char t[32];
	uint64_t max = 0;
	uint32_t i;

	/* The text's head, its configuration as histogram config's words. */
	config_words(words, sizeof(words), h);
	snprintf(line, sizeof(line), "%s: %s", title ? title : h->dev, words);
	print_string(PRINT_FP, NULL, "%s\n", line);
	if (*h->dev) {
		char cap[64];

		snprintf(line, sizeof(line), "  time_unit %s (supported %s), bin_num_max %u",
			 adp_hist_unit_name(h->cfg.time_unit),
			 cap_str(cap, sizeof(cap), h->time_unit_cap),
			 h->bin_num_max);
		print_string(PRINT_FP, NULL, "%s", line);
	}
	open_json_object(key);
	if (*h->dev)
		print_string(PRINT_JSON, "dev", NULL, h->dev);
	print_config_json(h);
	if (h->has_age)
		print_u64_as(PRINT_ANY, "age_ms", ", read %s ago", h->age_ms,
			     h->age_ms ? adp_fmt_time(t, sizeof(t), h->age_ms * 1000,
						      ADP_UNIT_US) : "0ms");
	if (*h->dev)
		print_nl();
	print_u64(PRINT_ANY, "total", "  %llu timeouts\n", h->total);

	for (i = 0; i < h->cfg.bin_num; i++)
		if (h->count[i] > max)
			max = h->count[i];
	open_json_array("bins");
	for (i = 0; i < h->cfg.bin_num; i++) {
		open_json_object(NULL);
		print_bin_edges(h, i);
		/* The bar: text only, in the count's format. */
		bar(hashes, h->count[i], max);
		snprintf(fmt, sizeof(fmt), " %-*s %%12llu", BAR_WIDTH, hashes);
		print_u64(PRINT_ANY, "count", fmt, h->count[i]);
		print_share(PRINT_FP, NULL, " %7.2f%%\n",
			    share(h->count[i], h->total));
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
	char line[64];
	size_t i;

	for (i = 0; i < p->n; i++) {
		snprintf(line, sizeof(line), "%llu %llu",
			 (unsigned long long)p->ev[i].t_ns,
			 (unsigned long long)p->ev[i].count);
		print_string(PRINT_FP, NULL, "%s\n", line);
	}
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
	char line[512], words[256];
	uint32_t i;

	config_words(words, sizeof(words), m);
	snprintf(line, sizeof(line), "%s: %s", *m->dev ? m->dev : "measured",
		 words);
	print_string(PRINT_FP, NULL, "%s\n", line);
	open_hist_json(m, key);
	print_u64(PRINT_ANY, "measured_total", "  measured: %llu timeouts\n",
		  m->total);
	print_u64(PRINT_ANY, "predicted_total", "  predicted: %llu timeouts",
		  p->total);
	print_string(PRINT_ANY, "prediction", " of %s\n", what);
	/* The text says it below the table. */
	print_bool(PRINT_JSON, "same", NULL, same);
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
	print_string(PRINT_FP, NULL, "%s\n", same ?
		     "no difference: measured and predicted shares agree in every bin" :
		     "<<: the largest differences (diff: measured share - predicted share, in points)");
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
	if (!json_u32(o, "time_unit", &h->cfg.time_unit) ||
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
static int hist_decode(const struct adp_nl_msg *msg, struct hist *h)
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
	char words[256];
	struct hist *h = malloc(sizeof(*h));
	uint32_t i;

	if (!h || hist_decode(msg, h)) {
		free(h);
		return;
	}
	/* The text has the configuration's words and the total. */
	config_words(words, sizeof(words), h);
	print_string(PRINT_FP, NULL, " histogram %s", words);
	open_json_object("histogram");
	print_config_json(h);
	print_u64(PRINT_ANY, "total", ", %llu timeouts", h->total);
	open_json_array("counts");
	for (i = 0; i < h->cfg.bin_num; i++)
		print_u64(PRINT_JSON, NULL, NULL, h->count[i]);
	close_json_array();
	close_json_object();
	free(h);
}

/* A request for one device and what its reply is decoded into. */
struct get_call {
	const char *dev;
	void *out;
};

static int get_build(struct nl_msg *msg, void *arg)
{
	return adp_put_dev(msg, (void *)((struct get_call *)arg)->dev);
}

static int get_one(const struct adp_nl_msg *msg, void *arg)
{
	return hist_decode(msg, ((struct get_call *)arg)->out);
}

int hist_get(struct adp_ctx *ctx, const char *dev, struct hist *h)
{
	struct adp_nl *nl = adp_ctx_nl(ctx);
	struct get_call call = { .dev = dev, .out = h };

	if (!nl)
		return ADP_EXIT_FAIL;
	memset(h, 0, sizeof(*h));
	if (adp_nl_request(nl, ROCE_ADP_CMD_HISTOGRAM_GET, 0, get_build,
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

/* Each reply printed as it comes, kept only with keep (for --svg). */
struct show_state {
	bool keep;
	struct hist_list l;
};

static int show_one(const struct adp_nl_msg *msg, void *arg)
{
	struct show_state *st = arg;
	struct hist *h;
	int ret;

	if (st->keep) {
		ret = hist_collect(msg, &st->l);
		if (!ret)
			hist_print(&st->l.v[st->l.n - 1], NULL, NULL);
		return ret;
	}
	h = malloc(sizeof(*h));
	if (!h) {
		print_error("out of memory");
		return -ENOMEM;
	}
	ret = hist_decode(msg, h);
	if (!ret)
		hist_print(h, NULL, NULL);
	free(h);
	return ret;
}

static int collect_call(const struct adp_nl_msg *msg, void *arg)
{
	return hist_collect(msg, ((struct get_call *)arg)->out);
}

/* Take a flag out of argv; returns the words left. */
static int take_flag(int argc, char **argv, const char *flag, bool *set)
{
	int i, n;

	*set = false;
	for (i = n = 0; i < argc; i++) {
		if (!strcmp(argv[i], flag))
			*set = true;
		else
			argv[n++] = argv[i];
	}
	return n;
}

/* --prometheus: every histogram first, then the page. */
static int show_prometheus(struct adp_ctx *ctx, const char *dev)
{
	struct hist_list l = { };
	struct get_call call = { .dev = dev, .out = &l };
	struct adp_nl *nl = adp_ctx_nl(ctx);
	char *page = NULL;
	size_t len = 0;
	FILE *fp;
	int ret;

	if (!nl)
		return ADP_EXIT_FAIL;
	ret = adp_nl_request(nl, ROCE_ADP_CMD_HISTOGRAM_GET,
			     dev ? 0 : NLM_F_DUMP, get_build, collect_call,
			     &call) ? ADP_EXIT_FAIL : ADP_EXIT_OK;
	fp = ret ? NULL : open_memstream(&page, &len);
	if (fp) {
		hist_prom_page(fp, &l);
		ret = fclose(fp) ? ADP_EXIT_FAIL : ADP_EXIT_OK;
		if (!ret)
			print_string(PRINT_FP, NULL, "%s", page);
	} else if (!ret) {
		print_error("out of memory");
		ret = ADP_EXIT_FAIL;
	}
	free(page);
	free(l.v);
	return ret;
}

static int histogram_show(struct adp_ctx *ctx, int argc, char **argv)
{
	const char *dev = NULL, *svg = NULL;
	struct adp_arg args[] = {
		{ .key = "dev", .type = ADP_ARG_STR, .val = &dev,
		  .positional = true, .maxlen = ROCE_ADP_DEV_NAME_LEN - 1 },
		{ .key = "--svg", .type = ADP_ARG_STR, .val = &svg },
		{ }
	};
	struct show_state st = { };
	char title[128], sub[320], words[256];
	const struct hist *h;
	bool prom;
	int ret;

	argc = take_flag(argc, argv, "--prometheus", &prom);
	ret = adp_parse_args(ctx, args, argc, argv);
	if (ret)
		return ret;
	if (prom && (svg || ctx->json))
		return adp_usage_error(ctx, "--prometheus prints the Prometheus text format: no -j or --svg");
	if (svg && !dev)
		return adp_usage_error(ctx, "--svg draws one device: give dev DEV");
	if (prom)
		return show_prometheus(ctx, dev);
	st.keep = svg != NULL;
	ret = adp_show(ctx, ROCE_ADP_CMD_HISTOGRAM_GET, dev, show_one, &st);
	if (!ret && svg && st.l.n) {
		h = &st.l.v[0];
		snprintf(title, sizeof(title), "%s: retransmission timeouts that fired",
			 h->dev);
		config_words(words, sizeof(words), h);
		snprintf(sub, sizeof(sub), "%s; %llu timeouts", words,
			 (unsigned long long)h->total);
		ret = hist_svg(svg, h, NULL, title, sub);
	}
	free(st.l.v);
	return ret;
}

/* What "histogram config" sends: the fields given, the layout whole. */
struct config_req {
	const char *dev;
	bool layout;
	struct adp_hist_cfg cfg;
	bool has_count, count, has_clear, clear, has_vhca, vhca_valid;
	uint32_t vhca;
};

static int config_build(struct nl_msg *msg, void *arg)
{
	const struct config_req *r = arg;
	struct nlattr *c;

	if (nla_put_string(msg, ROCE_ADP_A_DEV_NAME, r->dev))
		return -NLE_NOMEM;
	c = nla_nest_start(msg, ROCE_ADP_A_HISTOGRAM_CONFIG);
	if (!c)
		return -NLE_NOMEM;
#define PUT(name, bits, v) \
	do { \
		if (nla_put_u##bits(msg, ROCE_ADP_A_HISTOGRAM_CONFIG_##name, v)) \
			return -NLE_NOMEM; \
	} while (0)
	if (r->has_count)
		PUT(COUNT_ENABLE, 8, r->count);
	if (r->has_clear)
		PUT(CLEAR_ON_READ, 8, r->clear);
	if (r->has_vhca) {
		PUT(VHCA_ID_VALID, 8, r->vhca_valid);
		if (r->vhca_valid)
			PUT(VHCA_ID, 32, r->vhca);
	}
	if (r->layout) {
		PUT(TIME_UNIT, 32, r->cfg.time_unit);
		PUT(BIN_WIDTH_MODE, 32, r->cfg.mode);
		PUT(BIN_NUM, 32, r->cfg.bin_num);
		PUT(BIN0_WIDTH, 32, r->cfg.bin0_width);
		PUT(BIN1_WIDTH, 32, r->cfg.bin1_width);
	}
#undef PUT
	nla_nest_end(msg, c);
	return 0;
}

/* The state a set or clear reads back, when the reply carries it. */
static int print_reply(const struct adp_nl_msg *msg, void *arg)
{
	if (!msg->tb[ROCE_ADP_A_HISTOGRAM])
		return 0;
	return show_one(msg, arg);
}

static int parse_vhca(const struct adp_ctx *ctx, const char *word,
		      struct config_req *r)
{
	unsigned long v;
	char *end;

	r->has_vhca = true;
	r->vhca_valid = strcmp(word, "any");
	if (!r->vhca_valid)
		return 0;
	errno = 0;
	v = strtoul(word, &end, 0);
	if (!*word || *end || errno || word[0] == '-' || v > 0xffff)
		return adp_usage_error(ctx, "invalid value \"%s\" for \"vhca\": expected any or a vhca_id 0..65535",
				       word);
	r->vhca = v;
	return 0;
}

/* A name of names[] (n of them) or a number up to max: 0, or -1. */
static int hist_enum(const char *word, const char *const *names, size_t n,
		     const char *const *prm, uint32_t max, uint32_t *v)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((names[i] && !strcmp(names[i], word)) ||
		    (prm[i] && !strcmp(prm[i], word))) {
			*v = i;
			return 0;
		}
	return adp_mlxreg_number(word, v) || *v > max ? -1 : 0;
}

/* The PRM database's names of the enums, beside the spec's. */
static const char *const prm_time_units[] = {
	"TIME_NSEC", "TIME_USEC", "TIME_USEC_100", "TIME_MSEC",
};
static const char *const prm_width_modes[] = { "BIN_FIXED", "BIN_DOUBLE" };

/*
 * The register's own words (bin_num, time_unit, bin0_width, bin1_width in
 * that unit, bin_width_mode, count_enable, vhca_id_valid, vhca_id: the
 * keys "histogram show -j" prints), over the device's configuration cur:
 * the layout is sent as given, not converted.
 */
struct config_prm {
	const char *time_unit, *bin0_width, *bin1_width, *mode;
	uint32_t bins;
	bool has_bins;
};

static bool raw_layout_given(const struct config_prm *w)
{
	return w->time_unit || w->bin0_width || w->bin1_width;
}

static int config_prm_layout(const struct adp_ctx *ctx,
			     const struct config_prm *w, const struct hist *cur,
			     struct adp_hist_cfg *cfg)
{
	uint32_t v;

	*cfg = cur->cfg;
	if (w->has_bins)
		cfg->bin_num = w->bins;
	if (!cfg->bin_num || cfg->bin_num > cur->bin_num_max)
		return adp_usage_error(ctx, "invalid value \"%u\" for \"bin_num\": expected 1..%u",
				       cfg->bin_num, cur->bin_num_max);
	if (w->time_unit) {
		if (hist_enum(w->time_unit, adp_hist_time_unit_names,
			      ARRAY_SIZE(prm_time_units), prm_time_units, 3, &v))
			return adp_usage_error(ctx, "invalid value \"%s\" for \"time_unit\": expected ns, us, 100us, ms or 0..3",
					       w->time_unit);
		if (!(cur->time_unit_cap >> v & 1))
			return adp_usage_error(ctx, "invalid value \"%s\" for \"time_unit\": the device's time_unit_cap is 0x%x",
					       w->time_unit, cur->time_unit_cap);
		cfg->time_unit = v;
	}
	if (w->mode) {
		if (hist_enum(w->mode, adp_hist_bin_width_mode_names,
			      ARRAY_SIZE(prm_width_modes), prm_width_modes, 1,
			      &v))
			return adp_usage_error(ctx, "invalid value \"%s\" for \"bin_width_mode\": expected fixed, double or 0..1",
					       w->mode);
		cfg->mode = v;
	}
	if (w->bin0_width) {
		if (adp_mlxreg_number(w->bin0_width, &v) || !v || v > 0xffff)
			return adp_usage_error(ctx, "invalid value \"%s\" for \"bin0_width\": expected 1..65535 (in time_unit)",
					       w->bin0_width);
		cfg->bin0_width = v;
	}
	if (w->bin1_width) {
		if (adp_mlxreg_number(w->bin1_width, &v) || v > 0xffff ||
		    (!v && cfg->bin_num > 1))
			return adp_usage_error(ctx, "invalid value \"%s\" for \"bin1_width\": expected 1..65535 (in time_unit)",
					       w->bin1_width);
		cfg->bin1_width = v;
	}
	if (!cfg->bin0_width || (cfg->bin_num > 1 && !cfg->bin1_width))
		return adp_usage_error(ctx, "give bin0_width%s: the device has none",
				       cfg->bin_num > 1 ? " and bin1_width" : "");
	return 0;
}

/*
 * mlxreg's list form of the words: "NAME=VALUE,NAME=VALUE" (alone, or
 * after --set) becomes NAME VALUE ..., a number as mlxreg reads it
 * (strtoul(.., 0)) in decimal; --yes goes.  Returns the words, or NULL.
 */
static char **config_expand(int argc, char **argv, int *n)
{
	char **out, *item, *save, *eq;
	size_t cap = 2 * argc + 2;
	uint32_t v;
	int i;

	out = calloc(cap, sizeof(*out));
	if (!out)
		return NULL;
	*n = 0;
	for (i = 0; i < argc; i++) {
		char *w = argv[i];

		if (!strcmp(w, "--yes"))
			continue;
		if (!strcmp(w, "--set") || !strcmp(w, "-s")) {
			if (i + 1 == argc)
				break;
			w = argv[++i];
		} else if (w[0] == '-' || !strchr(w, '=')) {
			out[(*n)++] = w;
			continue;
		}
		for (item = strtok_r(w, ",", &save); item;
		     item = strtok_r(NULL, ",", &save)) {
			char **grown;

			grown = realloc(out, (cap + 2) * sizeof(*out));
			if (!grown) {
				free(out);
				return NULL;
			}
			out = grown;
			cap += 2;
			eq = strchr(item, '=');
			out[(*n)++] = item;
			if (!eq)
				continue;
			*eq = '\0';
			out[*n] = eq + 1;
			if (!adp_mlxreg_number(eq + 1, &v)) {
				/* item's own bytes hold the decimal */
				snprintf(eq + 1, strlen(eq + 1) + 1, "%u", v);
			}
			(*n)++;
		}
	}
	out[*n] = NULL;
	return out;
}

static int histogram_config_words(struct adp_ctx *ctx, int argc, char **argv)
{
	const char *w0 = NULL, *w1 = NULL, *mode = NULL, *vhca = NULL;
	const char *vhca_id = NULL, *bin_num = NULL, *ro = NULL;
	struct config_prm prm = { };
	struct config_req r = { };
	bool vhca_valid = false;
	uint32_t bins = 0;
	struct adp_arg args[] = {
		{ .key = "dev", .type = ADP_ARG_STR, .val = &r.dev,
		  .required = true, .maxlen = ROCE_ADP_DEV_NAME_LEN - 1 },
		{ .key = "bins", .type = ADP_ARG_U32, .val = &bins },
		{ .key = "width0", .type = ADP_ARG_STR, .val = &w0 },
		{ .key = "width1", .type = ADP_ARG_STR, .val = &w1 },
		{ .key = "mode", .type = ADP_ARG_STR, .val = &mode },
		{ .key = "count", .type = ADP_ARG_ON_OFF, .val = &r.count },
		{ .key = "clear_on_read", .type = ADP_ARG_ON_OFF, .val = &r.clear },
		{ .key = "vhca", .type = ADP_ARG_STR, .val = &vhca },
		/* the register's names, as -j prints them */
		{ .key = "bin_num", .type = ADP_ARG_STR, .val = &bin_num },
		{ .key = "time_unit", .type = ADP_ARG_STR, .val = &prm.time_unit },
		{ .key = "bin0_width", .type = ADP_ARG_STR, .val = &prm.bin0_width },
		{ .key = "bin1_width", .type = ADP_ARG_STR, .val = &prm.bin1_width },
		{ .key = "bin_width_mode", .type = ADP_ARG_STR, .val = &prm.mode },
		{ .key = "count_enable", .type = ADP_ARG_ON_OFF, .val = &r.count },
		{ .key = "vhca_id_valid", .type = ADP_ARG_ON_OFF, .val = &vhca_valid },
		{ .key = "vhca_id", .type = ADP_ARG_STR, .val = &vhca_id },
		{ .key = "time_unit_cap", .type = ADP_ARG_STR, .val = &ro },
		{ .key = "bin_num_max", .type = ADP_ARG_STR, .val = &ro },
		{ }
	};
	enum { A_BINS = 1, A_COUNT = 5, A_CLEAR, A_VHCA, A_BIN_NUM,
	       A_COUNT_ENABLE = 13, A_VHCA_ID_VALID, A_VHCA_ID };
	struct show_state st = { };
	bool raw_layout;
	struct hist *cur;
	int ret;

	ret = adp_parse_args(ctx, args, argc, argv);
	if (ret)
		return ret;
	if (ro)
		return adp_usage_error(ctx, "\"%s\" is read only (a limit of the device)",
				       args[16].seen ? "time_unit_cap" : "bin_num_max");
	if (args[A_COUNT].seen && args[A_COUNT_ENABLE].seen)
		return adp_usage_error(ctx, "\"count\" and \"count_enable\" are one field: give one");
	if (args[A_BINS].seen && bin_num)
		return adp_usage_error(ctx, "\"bins\" and \"bin_num\" are one field: give one");
	if (mode && prm.mode)
		return adp_usage_error(ctx, "\"mode\" and \"bin_width_mode\" are one field: give one");
	if (vhca && (args[A_VHCA_ID_VALID].seen || vhca_id))
		return adp_usage_error(ctx, "\"vhca\" and \"vhca_id_valid\"/\"vhca_id\" say the same: give one");
	if (bin_num) {
		if (adp_mlxreg_number(bin_num, &bins) || !bins)
			return adp_usage_error(ctx, "invalid value \"%s\" for \"bin_num\": expected 1..%u",
					       bin_num, ADP_HIST_BINS_MAX);
		prm.bins = bins;
		prm.has_bins = true;
	}
	if (prm.mode && !raw_layout_given(&prm)) {
		/* bin_width_mode beside times: as "mode" */
		uint32_t m;

		if (hist_enum(prm.mode, adp_hist_bin_width_mode_names,
			      ARRAY_SIZE(prm_width_modes), prm_width_modes, 1,
			      &m))
			return adp_usage_error(ctx, "invalid value \"%s\" for \"bin_width_mode\": expected fixed, double or 0..1",
					       prm.mode);
		mode = mode_names[m];
	}
	raw_layout = raw_layout_given(&prm);
	if (raw_layout && (w0 || w1))
		return adp_usage_error(ctx, "give the widths as times (width0, width1) or in time_unit (bin0_width, bin1_width), not both");
	if (args[A_BINS].seen && !bins)
		return adp_usage_error(ctx, "invalid value \"0\" for \"bins\": expected 1..%u",
				       ADP_HIST_BINS_MAX);
	r.has_count = args[A_COUNT].seen || args[A_COUNT_ENABLE].seen;
	r.has_clear = args[A_CLEAR].seen;
	if (vhca && parse_vhca(ctx, vhca, &r))
		return ADP_EXIT_USAGE;
	if (args[A_VHCA_ID_VALID].seen || vhca_id) {
		if (args[A_VHCA_ID_VALID].seen && !vhca_valid)
			ret = parse_vhca(ctx, "any", &r);
		else if (!vhca_id)
			return adp_usage_error(ctx, "\"vhca_id_valid on\" needs \"vhca_id\"");
		else if (parse_vhca(ctx, vhca_id, &r))
			return ADP_EXIT_USAGE;
	}
	r.layout = args[A_BINS].seen || bin_num || w0 || w1 || mode ||
		   raw_layout;
	if (!r.layout && !r.has_count && !r.has_clear && !r.has_vhca)
		return adp_usage_error(ctx, "nothing to configure: give bins, width0, width1, mode, count, clear_on_read or vhca");
	if (r.layout) {
		/* The device's units and limits, and what the words leave. */
		cur = malloc(sizeof(*cur));
		if (!cur) {
			print_error("out of memory");
			return ADP_EXIT_FAIL;
		}
		ret = hist_get(ctx, r.dev, cur);
		if (!ret && raw_layout)
			ret = config_prm_layout(ctx, &prm, cur, &r.cfg);
		else if (!ret)
			ret = hist_layout_words(ctx, bins, w0, w1, mode,
						cur->time_unit_cap,
						cur->bin_num_max, &cur->cfg,
						&r.cfg);
		free(cur);
		if (ret)
			return ret;
	}
	return adp_show_req(ctx, ROCE_ADP_CMD_HISTOGRAM_SET, 0, config_build,
			    &r, print_reply, &st);
}

static int histogram_config(struct adp_ctx *ctx, int argc, char **argv)
{
	char **words;
	int n, ret;

	words = config_expand(argc, argv, &n);
	if (!words) {
		print_error("out of memory");
		return ADP_EXIT_FAIL;
	}
	ret = histogram_config_words(ctx, n, words);
	free(words);
	return ret;
}

static int histogram_clear(struct adp_ctx *ctx, int argc, char **argv)
{
	struct show_state st = { };

	return adp_dev_cmd(ctx, argc, argv, ROCE_ADP_CMD_HISTOGRAM_CLEAR, true,
			   print_reply, &st);
}

/*
 * The words of "compare": dev DEV and --svg FILE out of argv, the rest
 * for the simulation, which takes its profile from DEV too unless a file
 * is named.  Returns the words left in words[], or -1 after the message.
 */
static int compare_words(const struct adp_ctx *ctx, int argc, char **argv,
			 char **words, const char **dev, const char **svg,
			 const char **measured)
{
	int i, n = 0, devpos = -1;
	bool file = false;

	for (i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--svg") || !strcmp(argv[i], "dev") ||
		    !strcmp(argv[i], "measured")) {
			const char **v = argv[i][0] == '-' ? svg :
					 argv[i][0] == 'd' ? dev : measured;

			if (i + 1 >= argc || *v) {
				adp_usage_error(ctx, *v ? "\"%s\" is given twice" :
						"missing value for \"%s\"", argv[i]);
				return -1;
			}
			*v = argv[i + 1];
			if (v != dev) {
				i++;
				continue;
			}
			devpos = n;
			words[n++] = argv[i++];
		} else if (!strcmp(argv[i], "file")) {
			file = true;
		}
		words[n++] = argv[i];
	}
	if (!*dev && !*measured) {
		adp_usage_error(ctx, "missing argument \"dev\" or \"measured\"");
		return -1;
	}
	/* A saved histogram: dev only picks it; the profile is given. */
	if (*measured && *dev && !file) {
		adp_usage_error(ctx, "with \"measured\", the profile comes from \"file\" or its fields");
		return -1;
	}
	if (file && *dev) {
		memmove(words + devpos, words + devpos + 2,
			(n - devpos - 2) * sizeof(*words));
		n -= 2;
	}
	return n;
}

static int histogram_compare(struct adp_ctx *ctx, int argc, char **argv)
{
	const char *dev = NULL, *svg = NULL, *measured = NULL;
	struct hist_prediction *pr;
	struct cmp_bin *c;
	struct hist *m;
	char **words;
	bool same;
	int n, ret;

	words = calloc(argc + 1, sizeof(*words));
	m = calloc(2, sizeof(*m));
	pr = malloc(sizeof(*pr));
	c = calloc(ADP_HIST_BINS_MAX, sizeof(*c));
	if (!words || !m || !pr || !c) {
		print_error("out of memory");
		ret = ADP_EXIT_FAIL;
		goto out;
	}
	n = compare_words(ctx, argc, argv, words, &dev, &svg, &measured);
	ret = n < 0 ? ADP_EXIT_USAGE :
	      profile_simulate_predict(ctx, n, words, pr);
	/* A device may also be named by its RDMA or net device. */
	if (!ret && measured)
		ret = hist_load_file(ctx, measured, dev, &m[0]);
	else if (!ret)
		ret = hist_get(ctx, adp_dev_resolve(dev), &m[0]);
	if (ret)
		goto out;
	/* The prediction binned as the device's histogram is configured. */
	m[1] = m[0];
	memset(m[1].count, 0, sizeof(m[1].count));
	adp_hist_add(m[1].hi, m[1].cfg.bin_num, pr->ev, pr->n, m[1].count);
	ret = hist_edges(&m[1]);
	if (ret)
		goto out;
	same = compare_bins(&m[0], &m[1], c);
	open_json_array(NULL);
	print_compare(&m[0], &m[1], pr->what, c, same, NULL);
	close_json_array();
	if (svg) {
		char title[128], sub[640];

		snprintf(title, sizeof(title), "%s: measured and predicted retransmission timeouts",
			 *m[0].dev ? m[0].dev : measured);
		snprintf(sub, sizeof(sub), "measured %llu timeouts; predicted %llu, %s",
			 (unsigned long long)m[0].total,
			 (unsigned long long)m[1].total, pr->what);
		ret = hist_svg(svg, &m[0], &m[1], title, sub);
	}
out:
	free(words);
	free(m);
	free(pr);
	free(c);
	return ret;
}

static void show_details(FILE *fp)
{
	fputs("\nThe retransmission histogram of DEV (of every device without it): the\n"
	      "configuration as \"histogram config\" words, the bins with their edges,\n"
	      "counts and shares.  Bin 0 counts timeouts of 0 up to width0, each later\n"
	      "bin those above its lower edge up to its upper edge, the last one every\n"
	      "timeout above its lower edge (+Inf).\n"
	      "  dev DEV            one device\n"
	      "  --svg FILE         draw DEV's histogram as SVG\n"
	      "  --prometheus       print the Prometheus text format instead: a histogram\n"
	      "                     roce_adp_retx_timeout_seconds per device, cumulative\n"
	      "                     _bucket{le=...} series and _count (no _sum)\n"
	      "With -j: the configuration by its PRM names, age_ms, total and \"bins\"\n"
	      "with low_ns, high_ns (null for +Inf) and count.\n", fp);
}

static void config_details(FILE *fp)
{
	fputs("\nChanges the histogram configuration of DEV; what is not given stays.\n"
	      "The widths are converted to the finest time unit of the device in which\n"
	      "both are whole numbers of at most 16 bits (one unit for both).  A new\n"
	      "bin layout clears the counts.\n"
	      "  dev DEV              the device (required)\n"
	      "  bins N               bin_num, 1..bin_num_max of the device\n"
	      "  width0 TIME          bin 0 counts timeouts up to TIME (30ms, 1.5ms, 8us)\n"
	      "  width1 TIME          the width of bin 1 (needed with more than one bin)\n"
	      "  mode MODE            fixed: every later bin width1 wide; double: each\n"
	      "                       twice as wide as the one before\n"
	      "  count on|off         count_enable: off freezes the counts\n"
	      "  clear_on_read on|off the firmware clears after each read (the module\n"
	      "                       accumulates: no count is lost)\n"
	      "  vhca ID|any          count only function vhca_id ID, or any function\n"
	      "FIELD VALUE: the register's names, the keys of \"histogram show -j\":\n"
	      "  bin_num N            bins\n"
	      "  bin_width_mode MODE  mode; also 0, 1, BIN_FIXED, BIN_DOUBLE\n"
	      "  count_enable V       count\n"
	      "  vhca_id_valid V      off: vhca any; on: vhca_id is the function\n"
	      "  vhca_id ID           with vhca_id_valid on: vhca ID\n"
	      "  time_unit UNIT       ns, us, 100us, ms (TIME_NSEC .. TIME_MSEC) or 0..3:\n"
	      "                       the unit of bin0_width and bin1_width\n"
	      "  bin0_width N         in time_unit, sent as it is (no conversion)\n"
	      "  bin1_width N         in time_unit, sent as it is\n"
	      "On/off (V) also takes 1, 0, true, false.  FIELD=VALUE[,...], alone or\n"
	      "after --set, is mlxreg's list of these, numbers read as mlxreg reads\n"
	      "them (0x hex, 0 octal); --yes is ignored.\n", fp);
}

static void compare_details(FILE *fp)
{
	fputs("\nRuns \"adpctl profile simulate\" with SIMULATE (its words: the profile,\n"
	      "by default DEV's profile in effect, ack_timeout, retry_count, the scenario,\n"
	      "runs N, seed ...; see \"adpctl profile simulate help\"), bins the timeouts\n"
	      "that fired as DEV's histogram is configured, and prints the measured and\n"
	      "predicted counts and shares side by side with their difference in\n"
	      "points; the largest differences are marked.\n"
	      "  dev DEV            the device\n"
	      "  measured FILE      instead of DEV's histogram, one saved by \"adpctl -j\n"
	      "                     histogram show\" (dev DEV picks it from several); the\n"
	      "                     profile is then given by \"file\" or its fields\n"
	      "  --svg FILE         draw both as SVG\n", fp);
}

ADP_CMD_TABLE(histogram_cmds, ADP_HISTOGRAM_CMDS);
