// SPDX-License-Identifier: GPL-2.0
/*
 * "adpctl histogram": show, configure and clear the firmware's
 * retransmission histogram (ADP_RETX_HISTOGRAM_CONFIG and
 * ADP_RETX_HISTOGRAM through the module), and compare it with what the
 * simulator predicts for a profile.  The histogram itself (decode, edges,
 * printing) is hist.c.  See Documentation/histogram.rst.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "histogram.h"
#include "prom.h"
#include "radp_time.h"
#include "simulate.h"

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
	return hist_collect(msg, ((struct hist_call *)arg)->out);
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
	struct hist_call call = { .dev = dev, .out = &l };
	struct adp_nl *nl = adp_ctx_nl(ctx);
	char *page = NULL;
	size_t len = 0;
	FILE *fp;
	int ret;

	if (!nl)
		return ADP_EXIT_FAIL;
	ret = adp_nl_request(nl, ROCE_ADP_CMD_HISTOGRAM_GET,
			     dev ? 0 : NLM_F_DUMP, hist_call_build, collect_call,
			     &call) ? ADP_EXIT_FAIL : ADP_EXIT_OK;
	fp = ret ? NULL : open_memstream(&page, &len);
	if (fp) {
		hist_prom_page(fp, &l);
		ret = fclose(fp) ? ADP_EXIT_FAIL : ADP_EXIT_OK;
		if (!ret)
			print_page(page);
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
		{ ADP_ARG_DEV(&dev), .positional = true },
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
		hist_config_words(words, sizeof(words), h);
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

/*
 * word as a value of the configuration's field attr: a name (the spec's
 * or the PRM's) or a number of a named value.  0, or -1.
 */
static int hist_enum(int attr, const char *word, uint32_t *v)
{
	const struct adp_field *f = adp_field_by_attr(adp_hist_config_fields,
						      attr);

	return adp_field_value(f, word, v) || *v >= f->nnames ? -1 : 0;
}

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
		if (hist_enum(ROCE_ADP_A_HISTOGRAM_CONFIG_TIME_UNIT,
			      w->time_unit, &v))
			return adp_usage_error(ctx, "invalid value \"%s\" for \"time_unit\": expected ns, us, 100us, ms or 0..3",
					       w->time_unit);
		if (!(cur->time_unit_cap >> v & 1))
			return adp_usage_error(ctx, "invalid value \"%s\" for \"time_unit\": the device's time_unit_cap is 0x%x",
					       w->time_unit, cur->time_unit_cap);
		cfg->time_unit = v;
	}
	if (w->mode) {
		if (hist_enum(ROCE_ADP_A_HISTOGRAM_CONFIG_BIN_WIDTH_MODE,
			      w->mode, &v))
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
		{ ADP_ARG_DEV(&r.dev), .required = true },
		{ .key = "bins", .type = ADP_ARG_U32, .val = &bins },
		{ .key = "width0", .type = ADP_ARG_STR, .val = &w0 },
		{ .key = "width1", .type = ADP_ARG_STR, .val = &w1 },
		{ .key = "mode", .type = ADP_ARG_STR, .val = &mode },
		{ .key = "count", .type = ADP_ARG_ON_OFF, .val = &r.count },
		{ .key = "clear_on_read", .type = ADP_ARG_ON_OFF, .val = &r.clear },
		{ .key = "vhca", .type = ADP_ARG_STR, .val = &vhca },
		/* the register's names, as -j prints them */
		{ .key = "bin_num", .type = ADP_ARG_STR, .val = &bin_num },
		{ .key = radp_fields[RADP_HIST_CONFIG_TIME_UNIT].name, .type = ADP_ARG_STR, .val = &prm.time_unit },
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

		if (hist_enum(ROCE_ADP_A_HISTOGRAM_CONFIG_BIN_WIDTH_MODE,
			      prm.mode, &m))
			return adp_usage_error(ctx, "invalid value \"%s\" for \"bin_width_mode\": expected fixed, double or 0..1",
					       prm.mode);
		mode = adp_hist_bin_width_mode_names[m];
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
	struct hist *m;
	char **words;
	int n, ret;

	words = calloc(argc + 1, sizeof(*words));
	m = calloc(2, sizeof(*m));
	pr = malloc(sizeof(*pr));
	if (!words || !m || !pr) {
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
	open_json_array(NULL);
	hist_compare_print(&m[0], &m[1], pr->what, NULL);
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
