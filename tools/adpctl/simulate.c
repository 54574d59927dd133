// SPDX-License-Identifier: GPL-2.0
/*
 * "adpctl profile simulate": the firmware's retransmission algorithm run
 * by radp_sim.c for one QP (a timeline) or many (a distribution), against a
 * loss scenario.  Output in text or JSON, and optionally an SVG picture.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/random.h>

#include "adpctl.h"
#include "radp_lint.h"
#include "profile_src.h"
#include "radp_sim.h"
#include "radp_svg.h"
#include "histogram.h"
#include "simulate.h"

#define SIM_LIMIT_NS		(60ULL * 1000 * 1000 * 1000)	/* 60 s */
#define SIM_MAX_EVENTS		1000000
#define SIM_TRACE_MAX		100000		/* events kept for printing */
#define SIM_SVG_EVENTS		5000		/* events drawn */
#define SIM_RUNS_MAX		1000000
#define SIM_PACKETS_MAX		10000000
#define SIM_HIST_BUCKETS	10

/* The command line beyond the profile. */
struct sim_args {
	const char *outage, *loss, *rtt, *seed, *init, *limit, *svg, *model;
	const char *hist_dev, *width0, *width1, *mode;
	uint32_t drop, packets, runs, bins;
	bool events;
	struct adp_arg arg[17];
};

enum { A_OUTAGE, A_DROP, A_LOSS, A_RTT, A_PACKETS, A_SEED, A_INIT, A_RUNS,
       A_LIMIT, A_SVG, A_MODEL, A_HIST, A_BINS, A_WIDTH0, A_WIDTH1, A_MODE };

static void sim_args_init(struct sim_args *s)
{
	struct adp_arg arg[] = {
		[A_OUTAGE] = { .key = "outage", .type = ADP_ARG_STR, .val = &s->outage },
		[A_DROP] = { .key = "drop", .type = ADP_ARG_U32, .val = &s->drop },
		[A_LOSS] = { .key = "loss", .type = ADP_ARG_STR, .val = &s->loss },
		[A_RTT] = { .key = "rtt", .type = ADP_ARG_STR, .val = &s->rtt },
		[A_PACKETS] = { .key = "packets", .type = ADP_ARG_U32,
				.val = &s->packets },
		[A_SEED] = { .key = "seed", .type = ADP_ARG_STR, .val = &s->seed },
		[A_INIT] = { .key = "init_timeout", .type = ADP_ARG_STR,
			     .val = &s->init },
		[A_RUNS] = { .key = "runs", .type = ADP_ARG_U32, .val = &s->runs },
		[A_LIMIT] = { .key = "limit", .type = ADP_ARG_STR, .val = &s->limit },
		[A_SVG] = { .key = "--svg", .type = ADP_ARG_STR, .val = &s->svg },
		[A_MODEL] = { .key = "model", .type = ADP_ARG_STR, .val = &s->model },
		[A_HIST] = { .key = "--histogram", .type = ADP_ARG_STR,
			     .val = &s->hist_dev, .maxlen = ROCE_ADP_DEV_NAME_LEN - 1 },
		[A_BINS] = { .key = "--bins", .type = ADP_ARG_U32, .val = &s->bins },
		[A_WIDTH0] = { .key = "width0", .type = ADP_ARG_STR, .val = &s->width0 },
		[A_WIDTH1] = { .key = "width1", .type = ADP_ARG_STR, .val = &s->width1 },
		[A_MODE] = { .key = "mode", .type = ADP_ARG_STR, .val = &s->mode },
		{ }
	};

	memset(s, 0, sizeof(*s));
	_Static_assert(sizeof(arg) == sizeof(s->arg), "sim_args.arg");
	memcpy(s->arg, arg, sizeof(arg));
}

int adp_parse_loss(const struct adp_ctx *ctx, const char *word, double *p)
{
	char *end;
	double d;

	errno = 0;
	d = strtod(word, &end);
	if (end != word && !errno && !isnan(d) && word[0] != '-') {
		if (!strcmp(end, "%"))
			d /= 100;
		else if (*end)
			d = -1;
		if (d >= 0 && d <= 1) {
			*p = d;
			return 0;
		}
	}
	return adp_usage_error(ctx, "invalid value \"%s\" for \"loss\": expected a probability 0..1 or a percentage such as 1%%",
			       word);
}

int adp_parse_seed(const struct adp_ctx *ctx, const char *word,
		      uint64_t *v)
{
	unsigned long long u;
	char *end;

	errno = 0;
	u = strtoull(word, &end, 0);
	if (!*word || *end || errno || word[0] == '-')
		return adp_usage_error(ctx, "invalid value \"%s\" for \"seed\": expected a number up to 2^64-1",
				       word);
	*v = u;
	return 0;
}

/* The readings of the PRM "model" chooses between; the first is the default. */
const char *const adp_sim_model_names[2] = { "retry_per_value", "retry_per_range" };

int adp_sim_parse_model(const struct adp_ctx *ctx, const char *word,
			bool *per_range)
{
	if (!strcmp(word, adp_sim_model_names[0]) ||
	    !strcmp(word, adp_sim_model_names[1])) {
		*per_range = !strcmp(word, adp_sim_model_names[1]);
		return 0;
	}
	return adp_usage_error(ctx, "invalid value \"%s\" for \"model\": expected retry_per_value or retry_per_range",
			       word);
}

int adp_sim_parse_run(const struct adp_ctx *ctx, const char *seed,
		      const char *model, uint64_t *seedp, bool *per_range)
{
	int ret = 0;

	if (seed)
		ret = adp_parse_seed(ctx, seed, seedp);
	if (!ret && model)
		ret = adp_sim_parse_model(ctx, model, per_range);
	return ret;
}

/* "model: ..." in text, "model" in JSON: the reading the run used. */
void adp_sim_print_model(const struct adp_sim_cfg *cfg)
{
	open_json_object("model");
	print_string_as(PRINT_ANY, "timeout_retry_num", "model: %s\n",
			adp_sim_model_names[cfg->retry_per_range],
			cfg->retry_per_range ?
			"retry_per_range (timeout_retry_num uses for the value a range is entered with, one for each doubled value)" :
			"retry_per_value (timeout_retry_num uses for every value of a range)");
	close_json_object();
}

void adp_sim_print_qp(const struct adp_sim_qp *qp, uint32_t retry_used)
{
	char t[32], ack[64], retry[48];

	snprintf(ack, sizeof(ack), "%u (%s)", qp->ack_timeout,
		 adp_fmt_ns(t, adp_sim_ack_timeout_ns(qp->ack_timeout)));
	print_enum_val(PRINT_ANY, "ack_timeout", "QP: ack_timeout %s",
		       qp->ack_timeout, ack);
	snprintf(retry, sizeof(retry), "%u%s", qp->retry_count,
		 qp->retry_count > ADP_SIM_RETRY_MAX ? " (out of 0..7: 7)" : "");
	print_enum_val(PRINT_ANY, "retry_count", ", retry_count %s",
		       retry_used, retry);
}

uint64_t adp_random_seed(void)
{
	uint64_t s;

	if (getrandom(&s, sizeof(s), GRND_NONBLOCK) == sizeof(s))
		return s;
	return (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
}

/* Everything a run needs, resolved from the command line. */
struct sim_run {
	const struct adp_src_profile *sp;
	struct adp_sim_cfg cfg;
	struct adp_sim_scenario sc;
	struct adp_sim_qp qp;
	uint64_t seed;
	bool seed_given;
	int init_g;		/* -1: drawn */
	uint32_t runs;
	const char *svg;
	bool per_range;		/* model retry_per_range */
	struct hist *hist;	/* bin the timeouts so (--histogram, --bins) */
};

/* The seed's modelling errors are the firmware's refusals: no run. */
static int check_profile(const struct adp_src_profile *sp,
			 const struct radp_caps *caps)
{
	struct adp_lint_qp qp = { };
	struct adp_lint_msg m[ADP_LINT_MAX];
	unsigned int n, i, errors = 0, first = 0;
	char path[64];

	n = adp_lint(sp->id, &sp->p, caps, &qp, m, ARRAY_SIZE(m));
	for (i = 0; i < n; i++) {
		/* Profile 0, the firmware's, runs like any other. */
		if (m[i].kind != ADP_LINT_ERROR ||
		    m[i].rule == RADP_RULE_PROFILE_ID)
			continue;
		if (!errors++)
			first = i;
	}
	if (!errors)
		return 0;
	print_error("%s profile %u is refused by the rules (%u %s), first %s: %s; see \"adpctl profile lint\"",
		    sp->label, sp->id, errors, errors == 1 ? "error" : "errors",
		    adp_fld_path(path, sizeof(path), m[first].fld,
				 m[first].range), m[first].text);
	return ADP_EXIT_FAIL;
}

static int resolve(const struct adp_ctx *ctx, struct sim_args *s,
		   const struct adp_profile_args *a,
		   const struct adp_profile_set *set, struct sim_run *run)
{
	struct adp_sim_scenario *sc = &run->sc;
	const struct radp_profile *p;
	uint64_t t;
	uint32_t g;
	int ret;

	if (s->arg[A_RUNS].seen && (!s->runs || s->runs > SIM_RUNS_MAX))
		return adp_usage_error(ctx, "invalid value \"%u\" for \"runs\": expected 1..%u",
				       s->runs, SIM_RUNS_MAX);
	if (s->arg[A_PACKETS].seen && (!s->packets || s->packets > SIM_PACKETS_MAX))
		return adp_usage_error(ctx, "invalid value \"%u\" for \"packets\": expected 1..%u",
				       s->packets, SIM_PACKETS_MAX);
	if (s->arg[A_RUNS].seen && s->arg[A_INIT].seen)
		return adp_usage_error(ctx, "\"init_timeout\" fixes what \"runs\" draws: give one");

	memset(sc, 0, sizeof(*sc));
	sc->limit_ns = SIM_LIMIT_NS;
	sc->max_events = SIM_MAX_EVENTS;
	sc->packets = 1;
	if (s->outage) {
		sc->kind = ADP_SIM_OUTAGE;
		ret = adp_parse_time(ctx, "outage", s->outage, &sc->down_ns);
	} else if (s->arg[A_DROP].seen) {
		sc->kind = ADP_SIM_DROP;
		sc->drop = s->drop;
		ret = 0;
	} else {
		sc->kind = ADP_SIM_LOSS;
		sc->packets = 100;
		ret = adp_parse_loss(ctx, s->loss, &sc->loss);
	}
	if (!ret && s->rtt)
		ret = adp_parse_time(ctx, "rtt", s->rtt, &sc->rtt_ns);
	if (!ret && s->limit) {
		ret = adp_parse_time(ctx, "limit", s->limit, &sc->limit_ns);
		if (!ret && !sc->limit_ns)
			return adp_usage_error(ctx, "\"limit\" must be above 0");
	}
	if (!ret)
		ret = adp_sim_parse_run(ctx, s->seed, s->model, &run->seed,
					&run->per_range);
	if (ret)
		return ret;
	if (s->arg[A_PACKETS].seen)
		sc->packets = s->packets;
	run->seed_given = s->seed != NULL;
	if (!s->seed)
		run->seed = adp_random_seed();
	run->runs = s->arg[A_RUNS].seen ? s->runs : 0;
	run->svg = s->svg;

	run->sp = &set->v[0];
	p = &run->sp->p;
	run->qp.ack_timeout = a->ack_timeout;
	run->qp.retry_count = a->retry_count;
	run->init_g = -1;
	if (s->init) {
		ret = adp_parse_time(ctx, "init_timeout", s->init, &t);
		if (ret)
			return ret;
		for (g = p->timeout_init_low_bound;
		     g < p->timeout_init_low_bound + p->timeout_init_range_size;
		     g++)
			if ((uint64_t)p->time_base * 1000 << g == t)
				run->init_g = g;
		if (run->init_g < 0) {
			char t1[32], t2[32];

			return adp_usage_error(ctx, "invalid value \"%s\" for \"init_timeout\": the profile draws %s .. %s, powers of two",
					       s->init,
					       adp_fmt_shift(t1, sizeof(t1), p->time_base,
							     p->timeout_init_low_bound, 1),
					       adp_fmt_shift(t2, sizeof(t2), p->time_base,
							     p->timeout_init_low_bound +
							     p->timeout_init_range_size - 1, 1));
		}
	}
	return 0;
}

static const char *const kind_names[] = {
	[ADP_SIM_OUTAGE] = "outage",
	[ADP_SIM_DROP] = "drop",
	[ADP_SIM_LOSS] = "loss",
};

/* "link down for 30ms, rtt 10us, 1 packet" (the SVG's title) */
static void scenario_text(char *buf, size_t len,
			  const struct adp_sim_scenario *sc)
{
	char t1[32], t2[32];
	int off;

	switch (sc->kind) {
	case ADP_SIM_OUTAGE:
		off = snprintf(buf, len, "link down for %s",
			       adp_fmt_ns(t1, sc->down_ns));
		break;
	case ADP_SIM_DROP:
		off = snprintf(buf, len, "the first %u transmissions lost",
			       sc->drop);
		break;
	default:
		off = snprintf(buf, len, "each transmission lost with probability %g",
			       sc->loss);
		break;
	}
	if (off > 0 && (size_t)off < len)
		snprintf(buf + off, len - off, ", rtt %s, %u %s",
			 adp_fmt_ns(t2, sc->rtt_ns), sc->packets,
			 sc->packets == 1 ? "packet" : "packets");
}

/* The same, a line of text, and JSON's "scenario". */
static void print_scenario(const struct sim_run *run)
{
	static const char *const kind_text[] = {
		[ADP_SIM_OUTAGE] = "link down for",
		[ADP_SIM_DROP] = "the first",
		[ADP_SIM_LOSS] = "each transmission lost with probability",
	};
	const struct adp_sim_scenario *sc = &run->sc;
	char t[ADP_TIME_LEN];

	open_json_object("scenario");
	print_string_as(PRINT_ANY, "kind", "scenario: %s",
			kind_names[sc->kind], kind_text[sc->kind]);
	if (sc->kind == ADP_SIM_OUTAGE)
		print_time_ns(PRINT_ANY, "down_ns", " %s", sc->down_ns);
	else if (sc->kind == ADP_SIM_DROP)
		print_uint(PRINT_ANY, "drop", " %u transmissions lost",
			   sc->drop);
	else
		print_float(PRINT_ANY, "loss", " %g", sc->loss);
	print_time_ns(PRINT_ANY, "rtt_ns", ", rtt %s", sc->rtt_ns);
	print_uint(PRINT_ANY, "packets",
		   sc->packets == 1 ? ", %u packet" : ", %u packets",
		   sc->packets);
	print_u64_as(PRINT_ANY, "limit_ns", ", simulated up to %s",
		     sc->limit_ns, adp_fmt_ns(t, sc->limit_ns));
	/* A random seed: the text gives it where the timeouts are drawn. */
	print_u64(PRINT_ANY, "seed", run->seed_given ? ", seed %llu\n" : "\n",
		  run->seed);
	close_json_object();
}

/*
 * What every run starts with: the profile (JSON its fields, text what they
 * amount to), the QP, the device minimum, the scenario and the model.
 */
static void print_header(const struct sim_run *run)
{
	const struct radp_profile *p = &run->sp->p;
	const struct adp_sim_cfg *cfg = &run->cfg;
	char line[320], head[400], t1[32], t2[32], t3[32], what[64];
	/* The profile: JSON its fields, text a line of what they amount to. */
	struct profile_style summary = { .head = head };
	struct adp_profile pv;

	print_string(PRINT_ANY, "source", "%s", run->sp->label);
	adp_profile_from_radp(run->sp->id, &run->sp->p, &pv);
	snprintf(line, sizeof(line), ": time_base %s, %u %s from %s to %s, start range %u\n",
		 adp_fmt_shift(t1, sizeof(t1), p->time_base, 0, 1),
		 cfg->range_num, cfg->range_num == 1 ? "range" : "ranges",
		 adp_fmt_shift(t2, sizeof(t2), p->time_base, cfg->r[0].low, 1),
		 adp_fmt_shift(t3, sizeof(t3), p->time_base,
			       cfg->r[cfg->range_num - 1].top, 1),
		 cfg->start);
	profile_head_fmt(head, sizeof(head), " profile ", line);
	profile_print("profile", &pv, &summary);

	open_json_object("qp");
	adp_sim_print_qp(&run->qp, cfg->retry_count);
	/* In the text beside ack_timeout. */
	print_time_ns(PRINT_JSON, "ack_timeout_ns", NULL, cfg->cap_ns);
	print_time_ns(PRINT_ANY, "total_timeout_ns", ": total timeout %s",
		      cfg->total_ns);
	if (cfg->total_from_qp)
		snprintf(what, sizeof(what), "ack_timeout * retry_count");
	else
		snprintf(what, sizeof(what), "retx_total_timeout %u",
			 p->retx_total_timeout);
	print_string_as(PRINT_ANY, "total_timeout_from", " (%s)",
			cfg->total_from_qp ? "qp" : "profile", what);
	close_json_object();
	/* Every time of the run is raised to it. */
	print_time_ns(PRINT_ANY,
		      radp_fields[RADP_ROCE_ACCL_ADP_RETX_BASE_TIMEOUT_MIN].name,
		      ", device minimum %s\n", cfg->min_ns);
	print_scenario(run);
	adp_sim_print_model(cfg);
}

/* The decision of e in words; prev is the event before it. */
static void decision_text(char *buf, size_t len, const struct sim_run *run,
			  const struct adp_sim_event *e,
			  const struct adp_sim_event *prev)
{
	const struct adp_sim_cfg *cfg = &run->cfg;
	const struct radp_profile *p = &run->sp->p;
	char t1[32], t2[32];
	int off = 0;

	switch (e->decision) {
	case ADP_SIM_INITIAL:
		if (run->init_g >= 0)
			off = snprintf(buf, len, "initial timeout (init_timeout)");
		else
			off = snprintf(buf, len, "initial timeout, drawn from %s .. %s",
				       adp_fmt_shift(t1, sizeof(t1), p->time_base,
						     cfg->init_low, 1),
				       adp_fmt_shift(t2, sizeof(t2), p->time_base,
						     cfg->init_low + cfg->init_n - 1, 1));
		break;
	case ADP_SIM_INIT_RETRY:
		off = snprintf(buf, len, "first timeout: the initial timeout is in range %d, retried once",
			       e->range);
		break;
	case ADP_SIM_START_RANGE:
		off = snprintf(buf, len, "first timeout: the initial timeout is in no range, start at range %d's low bound",
			       e->range);
		break;
	case ADP_SIM_RETRY:
		off = snprintf(buf, len, "same timeout again (timeout_retry_num %u)",
			       e->limit);
		break;
	case ADP_SIM_DOUBLE:
		off = snprintf(buf, len, "doubled, towards range %d's top %s",
			       e->range,
			       adp_fmt_shift(t1, sizeof(t1), p->time_base,
					     cfg->r[e->range].top, 1));
		break;
	case ADP_SIM_NEXT_RANGE:
		off = snprintf(buf, len, "top of range %d reached: range %d's low bound",
			       prev ? prev->range : e->range - 1, e->range);
		break;
	case ADP_SIM_HOLD:
		off = snprintf(buf, len, "top of the last range: stays");
		break;
	case ADP_SIM_DEC_DIV4:
		off = snprintf(buf, len, "forward progress: timeout divided by 4 (div4)");
		break;
	case ADP_SIM_DEC_DIV2:
		off = snprintf(buf, len, "forward progress: timeout halved (div2)");
		break;
	case ADP_SIM_DEC_LOW_BOUND:
		off = snprintf(buf, len, "forward progress: back to range %d's low bound (low_bound)",
			       e->range);
		break;
	case ADP_SIM_PREV_RANGE:
		off = snprintf(buf, len, "forward progress at range %d's low bound: range %d (prev_range_index)",
			       prev ? prev->range : -1, e->range);
		break;
	case ADP_SIM_FLOOR:
		off = snprintf(buf, len, "forward progress at the lowest timeout: stays");
		break;
	case ADP_SIM_KEEP:
		off = snprintf(buf, len, "forward progress before any timeout: the initial timeout stays");
		break;
	case ADP_SIM_FAIL:
		off = snprintf(buf, len, "no forward progress for more than the total timeout %s: IBV_WC_RETRY_EXC_ERR",
			       adp_fmt_ns(t1, cfg->total_ns));
		break;
	}
	(void)off;
}

/* time, event, range, timeout, use, decision */
#define ROW_FMT		"%10s  %-7s  %5s  %-9s  %-5s  %s"

static void print_events(const struct sim_run *run,
			 const struct adp_sim_trace *tr)
{
	size_t i, n = tr->n < tr->cap ? tr->n : tr->cap;
	char line[512], why[320], limit[16];
	int width;

	snprintf(line, sizeof(line), ROW_FMT, "time", "event", "range",
		 "timeout", "use", "decision");
	print_string(PRINT_FP, NULL, "\n%s\n", line);
	open_json_array("events");
	for (i = 0; i < n; i++) {
		const struct adp_sim_event *e = &tr->ev[i];

		decision_text(why, sizeof(why), run, e, i ? &tr->ev[i - 1] : NULL);
		open_json_object(NULL);
		print_time_ns(PRINT_ANY, "time_ns", "%10s", e->t_ns);
		print_string(PRINT_ANY, "event", "  %-7s",
			     adp_sim_ev_names[e->kind]);
		/* Which packet and its count: the text's lines are its own. */
		print_uint(PRINT_JSON, "packet", NULL, e->packet);
		print_uint(PRINT_JSON, "retransmissions", NULL, e->retx);
		if (e->range < 0)
			print_null(PRINT_ANY, "range", "  %5s", "-");
		else
			print_int(PRINT_ANY, "range", "  %5d", e->range);
		print_time_ns(PRINT_ANY, "timeout_ns", "  %-9s", e->timer_ns);
		/* "uses/limit" in a column of five. */
		width = snprintf(NULL, 0, "%u", e->uses);
		if (width < 4)
			snprintf(limit, sizeof(limit), "/%%-%ds", 4 - width);
		else
			snprintf(limit, sizeof(limit), "/%%s");
		print_uint(PRINT_ANY, "uses", "  %u", e->uses);
		if (e->limit)
			print_enum_val(PRINT_ANY, "limit", limit, e->limit, NULL);
		else
			print_null(PRINT_ANY, "limit", limit, "-");
		print_string_as(PRINT_ANY, "decision", "  %s",
				adp_sim_decision_names[e->decision], why);
		print_bool_str(PRINT_ANY, "spurious", "%s", e->spurious,
			       "; spurious, an ACK was on its way", "");
		print_bool_str(PRINT_ANY, "capped", "%s", e->capped,
			       "; capped to ack_timeout", "");
		print_bool_str(PRINT_ANY, "floored", "%s", e->floored,
			       "; raised to the device minimum", "");
		close_json_object();
		print_nl();
	}
	close_json_array();
	snprintf(line, sizeof(line), "(the first %zu of %zu events)\n",
		 tr->cap, tr->n);
	print_bool_str(PRINT_ANY, "events_truncated", "%s", tr->n > tr->cap,
		       line, "");
}

static const char *const end_names[] = {
	[ADP_SIM_END_DONE] = "done",
	[ADP_SIM_END_FAILED] = "failed",
	[ADP_SIM_END_LIMIT] = "limit",
};

/* The outcome in one sentence. */
static void result_text(char *buf, size_t len, const struct sim_run *run,
			const struct adp_sim_result *res)
{
	const struct adp_sim_scenario *sc = &run->sc;
	char t1[32], t2[32], t3[32];

	if (res->end == ADP_SIM_END_FAILED) {
		snprintf(buf, len, "failed at %s: no forward progress for %s, more than the total timeout %s; the QP goes to the error state with IBV_WC_RETRY_EXC_ERR (transport retry counter exceeded) after %llu retransmissions",
			 adp_fmt_ns(t1, res->end_ns), adp_fmt_ns(t2, res->stall_max_ns),
			 adp_fmt_ns(t3, run->cfg.total_ns),
			 (unsigned long long)res->timeouts);
	} else if (res->end == ADP_SIM_END_LIMIT) {
		snprintf(buf, len, "still retransmitting at %s, where the simulation stops (limit %s or %llu events)",
			 adp_fmt_ns(t1, res->end_ns), adp_fmt_ns(t2, sc->limit_ns),
			 (unsigned long long)sc->max_events);
	} else if (res->recovered_ns == ADP_SIM_NEVER) {
		snprintf(buf, len, "no timeout: %llu %s delivered by %s",
			 (unsigned long long)res->delivered,
			 res->delivered == 1 ? "packet" : "packets",
			 adp_fmt_ns(t1, res->end_ns));
	} else if (sc->kind == ADP_SIM_OUTAGE) {
		snprintf(buf, len, "recovered at %s, %s after the link came back, after %llu retransmissions (%llu spurious)",
			 adp_fmt_ns(t1, res->recovered_ns),
			 adp_fmt_ns(t2, res->recovered_ns > sc->down_ns ?
				res->recovered_ns - sc->down_ns : 0),
			 (unsigned long long)res->timeouts,
			 (unsigned long long)res->spurious);
	} else if (sc->kind == ADP_SIM_DROP) {
		snprintf(buf, len, "recovered at %s, after %llu retransmissions (%llu spurious)",
			 adp_fmt_ns(t1, res->recovered_ns),
			 (unsigned long long)res->timeouts,
			 (unsigned long long)res->spurious);
	} else {
		snprintf(buf, len, "%llu packets delivered by %s: %llu retransmissions (%llu spurious), longest stall %s",
			 (unsigned long long)res->delivered,
			 adp_fmt_ns(t1, res->end_ns),
			 (unsigned long long)res->timeouts,
			 (unsigned long long)res->spurious,
			 adp_fmt_ns(t2, res->stall_max_ns));
	}
}

static void print_result(const struct sim_run *run,
			 const struct adp_sim_result *res)
{
	char line[512], t[32];

	result_text(line, sizeof(line), run, res);
	open_json_object("result");
	/* The text says it in a sentence, then its figures on a line. */
	print_string_as(PRINT_ANY, "end", "\nresult: %s\n", end_names[res->end],
			line);
	print_time_ns(PRINT_ANY, "end_ns", "total time %s", res->end_ns);
	if (res->recovered_ns == UINT64_MAX)
		print_null(PRINT_ANY, "recovered_ns", ", %s", "not recovered");
	else
		print_time_ns(PRINT_ANY, "recovered_ns", ", recovered at %s",
			      res->recovered_ns);
	print_u64_as(PRINT_ANY, "init_timeout_ns", ", initial timeout %s",
		     run->cfg.timer_ns[res->init_g],
		     adp_fmt_ns(t, run->cfg.timer_ns[res->init_g]));
	print_u64(PRINT_ANY, "retransmissions", ", %llu retransmissions",
		  res->timeouts);
	print_u64(PRINT_ANY, "spurious", " (%llu spurious)", res->spurious);
	print_u64(PRINT_ANY, "delivered", ", %llu delivered", res->delivered);
	print_u64_as(PRINT_ANY, "stall_max_ns", ", longest stall %s",
		     res->stall_max_ns, adp_fmt_ns(t, res->stall_max_ns));
	print_u64(PRINT_ANY, "events", ", %llu events\n", res->events);
	close_json_object();
}

static int write_svg(const char *path, int (*draw)(FILE *, const void *),
		     const void *arg)
{
	FILE *fp = fopen(path, "w");
	int bad;

	if (!fp) {
		print_error("cannot write %s: %s", path, strerror(errno));
		return ADP_EXIT_FAIL;
	}
	bad = draw(fp, arg);
	bad |= fclose(fp);
	if (bad) {
		print_error("cannot write %s: %s", path, strerror(errno));
		return ADP_EXIT_FAIL;
	}
	return ADP_EXIT_OK;
}

static int draw_timeline(FILE *fp, const void *arg)
{
	return adp_svg_timeline(fp, arg);
}

static int draw_histogram(FILE *fp, const void *arg)
{
	return adp_svg_histogram(fp, arg);
}

/*
 * The timeouts that fired in the run (runs: in all of them, the QPs
 * run_many() runs), counted by the timer's exponent.
 */
static void predict(const struct sim_run *run, uint64_t *fired)
{
	struct adp_sim_trace tr = { .fired = fired };
	uint64_t master = run->seed;
	struct adp_sim_result res;
	uint32_t i;

	memset(fired, 0, ADP_SIM_SHIFTS * sizeof(*fired));
	if (!run->runs) {
		adp_sim_run(&run->cfg, &run->sc, run->seed, run->init_g, &tr,
			    &res);
		return;
	}
	for (i = 0; i < run->runs; i++)
		adp_sim_run(&run->cfg, &run->sc, adp_sim_rand(&master), -1,
			    &tr, &res);
}

/* With --histogram or --bins: the timeouts binned as the device would. */
static void print_prediction(const struct sim_run *run)
{
	struct hist_prediction p;
	uint64_t fired[ADP_SIM_SHIFTS];
	struct hist *h = run->hist;
	char title[96];

	if (!h)
		return;
	predict(run, fired);
	hist_prediction_from(&p, &run->cfg, fired);
	memset(h->count, 0, sizeof(h->count));
	adp_hist_add(h->hi, h->cfg.bin_num, p.ev, p.n, h->count);
	hist_edges(h);
	snprintf(title, sizeof(title), "\ntimeouts that fired, binned as %s",
		 *h->dev ? h->dev : "--bins");
	hist_print(h, "timeouts_histogram", title);
}

static int run_one(struct sim_run *run)
{
	struct adp_sim_trace tr = { .cap = SIM_TRACE_MAX };
	struct adp_sim_result res;
	char title[384], sub[512], scen[160], drawn[64];
	int ret = ADP_EXIT_OK;

	tr.ev = malloc(tr.cap * sizeof(*tr.ev));
	if (!tr.ev) {
		print_error("out of memory");
		return ADP_EXIT_FAIL;
	}
	adp_sim_run(&run->cfg, &run->sc, run->seed, run->init_g, &tr, &res);

	open_json_object(NULL);
	print_header(run);
	/* JSON: result's init_timeout_ns, the scenario's seed. */
	if (run->init_g >= 0)
		snprintf(drawn, sizeof(drawn), "(init_timeout)");
	else
		snprintf(drawn, sizeof(drawn), "(drawn with %sseed %llu)",
			 run->seed_given ? "" : "random ",
			 (unsigned long long)run->seed);
	snprintf(title, sizeof(title), "QP start: initial timeout %s %s",
		 adp_fmt_ns(scen, run->cfg.timer_ns[res.init_g]), drawn);
	print_string(PRINT_FP, NULL, "%s\n", title);
	print_events(run, &tr);
	print_result(run, &res);
	print_prediction(run);
	close_json_object();

	if (run->svg) {
		struct adp_svg_timeline t = {
			.title = title, .subtitle = sub, .p = &run->sp->p,
			.cfg = &run->cfg, .sc = &run->sc, .ev = tr.ev,
			.n = tr.n < SIM_SVG_EVENTS ? tr.n : SIM_SVG_EVENTS,
			.res = &res,
		};

		scenario_text(scen, sizeof(scen), &run->sc);
		snprintf(title, sizeof(title), "%s profile %u, ack_timeout %u, retry_count %u: %s",
			 run->sp->label, run->sp->id, run->qp.ack_timeout,
			 run->cfg.retry_count, scen);
		result_text(sub, sizeof(sub), run, &res);
		ret = write_svg(run->svg, draw_timeline, &t);
	}
	free(tr.ev);
	return ret;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The value below which a share q of the sorted v lies. */
static uint64_t quantile(const uint64_t *v, size_t n, double q)
{
	size_t i = (size_t)ceil(q * n);

	return v[i ? i - 1 : 0];
}

static int run_many(struct sim_run *run)
{
	uint64_t count[SIM_HIST_BUCKETS] = { 0 }, master = run->seed, sum = 0;
	uint64_t retx_sum = 0, retx_max = 0, spurious = 0, *t, width;
	uint64_t failed = 0, limited = 0;
	const char *what = run->sc.kind == ADP_SIM_LOSS ? "completion time" :
			   "recovery time";
	struct adp_sim_result res;
	char fmt[96];
	size_t n = 0, i, b, buckets;
	int ret = ADP_EXIT_OK;

	t = malloc(run->runs * sizeof(*t));
	if (!t) {
		print_error("out of memory");
		return ADP_EXIT_FAIL;
	}
	for (i = 0; i < run->runs; i++) {
		adp_sim_run(&run->cfg, &run->sc, adp_sim_rand(&master), -1,
			    NULL, &res);
		retx_sum += res.timeouts;
		if (res.timeouts > retx_max)
			retx_max = res.timeouts;
		spurious += res.spurious;
		if (res.end == ADP_SIM_END_FAILED) {
			failed++;
		} else if (res.end == ADP_SIM_END_LIMIT) {
			limited++;
		} else {
			t[n] = run->sc.kind == ADP_SIM_LOSS ||
			       res.recovered_ns == ADP_SIM_NEVER ?
			       res.end_ns : res.recovered_ns;
			sum += t[n++];
		}
	}
	qsort(t, n, sizeof(*t), cmp_u64);
	/* Equal widths from the fastest to the slowest; one if all agree. */
	buckets = n ? SIM_HIST_BUCKETS : 0;
	width = n ? (t[n - 1] - t[0]) / SIM_HIST_BUCKETS + 1 : 1;
	if (n && t[0] == t[n - 1])
		buckets = 1;
	for (i = 0; i < n; i++)
		count[(t[i] - t[0]) / width]++;

	open_json_object(NULL);
	print_header(run);
	snprintf(fmt, sizeof(fmt), "\n%%llu QPs, random initial timeouts (seed %llu): ",
		 (unsigned long long)run->seed);
	print_u64(PRINT_ANY, "runs", fmt, run->runs);
	print_u64(PRINT_ANY, "recovered",
		  run->sc.kind == ADP_SIM_LOSS ? "%llu done" : "%llu recovered",
		  n);
	print_u64(PRINT_ANY, "failed", ", %llu failed", failed);
	print_u64(PRINT_ANY, "limit",
		  ", %llu still retransmitting at the limit", limited);
	print_share(PRINT_ANY, "failure_rate", ", failure rate %.2f%%\n",
		    (double)failed / run->runs);
	open_json_object("time_ns");
	if (n) {
		snprintf(fmt, sizeof(fmt), "%s: min %%s", what);
		print_time_ns(PRINT_ANY, "min", fmt, t[0]);
		print_time_ns(PRINT_ANY, "p50", ", p50 %s", quantile(t, n, 0.5));
		print_time_ns(PRINT_ANY, "p90", ", p90 %s", quantile(t, n, 0.9));
		print_time_ns(PRINT_ANY, "p99", ", p99 %s",
			      quantile(t, n, 0.99));
		print_time_ns(PRINT_ANY, "max", ", max %s", t[n - 1]);
		print_time_ns(PRINT_ANY, "mean", ", mean %s\n", sum / n);
	}
	close_json_object();
	/* The text names it before the times. */
	print_string(PRINT_JSON, "time_is", NULL, what);
	open_json_array("histogram");
	for (b = 0; b < buckets; b++) {
		uint64_t from = t[0] + b * width, bar;
		char hashes[41], to[32];

		if (buckets == 1)
			snprintf(to, sizeof(to), "%s", "(all)");
		else
			adp_fmt_ns(to, from + width);
		bar = (count[b] * 40 + n - 1) / n;
		memset(hashes, '#', bar);
		hashes[bar] = '\0';
		open_json_object(NULL);
		print_time_ns(PRINT_ANY, "from_ns", "  %10s", from);
		print_u64_as(PRINT_ANY, "to_ns", " .. %-10s", from + width, to);
		/* The bar: text only, in the count's format. */
		snprintf(fmt, sizeof(fmt), " %-40s %%llu\n", hashes);
		print_u64(PRINT_ANY, "count", fmt, count[b]);
		close_json_object();
	}
	close_json_array();
	print_float(PRINT_ANY, "retransmissions_mean",
		    "retransmissions per QP: mean %.2f",
		    (double)retx_sum / run->runs);
	print_u64(PRINT_ANY, "retransmissions_max", ", max %llu", retx_max);
	print_u64(PRINT_ANY, "retransmissions_total", ", %llu in all",
		  retx_sum);
	print_u64(PRINT_ANY, "spurious_total", "; spurious timeouts: %llu\n",
		  spurious);
	print_prediction(run);
	close_json_object();

	if (run->svg) {
		char title[384], sub[256], scen[160];
		struct adp_svg_histogram h = {
			.title = title, .subtitle = sub, .xlabel = what,
			.from_ns = n ? t[0] : 0, .width_ns = width,
			.count = count, .buckets = buckets,
			.failed = failed + limited,
		};

		scenario_text(scen, sizeof(scen), &run->sc);
		snprintf(title, sizeof(title), "%s profile %u, ack_timeout %u, retry_count %u: %s",
			 run->sp->label, run->sp->id, run->qp.ack_timeout,
			 run->cfg.retry_count, scen);
		snprintf(sub, sizeof(sub), "%u QPs: %zu %s, %llu failed (%.2f%%)",
			 run->runs, n,
			 run->sc.kind == ADP_SIM_LOSS ? "done" : "recovered",
			 (unsigned long long)(failed + limited),
			 100.0 * (failed + limited) / run->runs);
		ret = write_svg(run->svg, draw_histogram, &h);
	}
	free(t);
	return ret;
}

/*
 * Take the flag --events out of argv, and the "dev" of "--histogram dev
 * DEV" (as in the other commands); returns the words left.
 */
static int take_events(int argc, char **argv, bool *events)
{
	int i, n;

	*events = false;
	for (i = n = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--events"))
			*events = true;
		else if (!strcmp(argv[i], "dev") && n &&
			 !strcmp(argv[n - 1], "--histogram") && i + 1 < argc)
			continue;
		else
			argv[n++] = argv[i];
	}
	return n;
}

/* The bins of --histogram DEV or --bins ..., into h. */
static int resolve_hist(struct adp_ctx *ctx, const struct sim_args *s,
			struct hist *h)
{
	int ret;

	memset(h, 0, sizeof(*h));
	if (s->hist_dev)
		return hist_get(ctx, adp_dev_resolve(s->hist_dev), h);
	ret = hist_layout_words(ctx, s->bins, s->width0, s->width1, s->mode,
				(1U << ADP_HIST_UNITS) - 1, ADP_HIST_BINS_MAX,
				NULL, &h->cfg);
	return ret ?: hist_edges(h);
}

/*
 * Parse argv, load the profile and resolve the run; set is to be freed
 * in every case.  Returns an exit code.
 */
static int sim_prepare(struct adp_ctx *ctx, int argc, char **argv,
		       struct sim_args *s, struct sim_run *run,
		       struct adp_profile_set *set, struct hist *h)
{
	struct adp_profile_args a;
	bool layout;
	int ret;

	sim_args_init(s);
	memset(run, 0, sizeof(*run));
	memset(set, 0, sizeof(*set));
	argc = take_events(argc, argv, &s->events);
	ret = adp_profile_args_parse(ctx, &a, s->arg, argc, argv);
	if (ret)
		return ret;
	/* The usage errors that do not need the profile, before it is read. */
	if (s->arg[A_OUTAGE].seen + s->arg[A_DROP].seen + s->arg[A_LOSS].seen != 1)
		return adp_usage_error(ctx, "give one scenario: outage TIME, drop N or loss P");
	if (!a.has_ack_timeout || !a.has_retry_count)
		return adp_usage_error(ctx, "missing argument \"%s\": the QP's timeouts depend on it",
				       a.has_ack_timeout ? "retry_count" :
				       "ack_timeout");
	layout = s->arg[A_WIDTH0].seen || s->arg[A_WIDTH1].seen ||
		 s->arg[A_MODE].seen;
	if (layout && !s->arg[A_BINS].seen)
		return adp_usage_error(ctx, "\"%s\" belongs to --bins N",
				       s->arg[A_WIDTH0].seen ? "width0" :
				       s->arg[A_WIDTH1].seen ? "width1" : "mode");
	if (s->arg[A_BINS].seen && s->hist_dev)
		return adp_usage_error(ctx, "give one of --histogram DEV and --bins N");
	if (s->arg[A_BINS].seen && !s->bins)
		return adp_usage_error(ctx, "invalid value \"0\" for \"--bins\": expected 1..%u",
				       ADP_HIST_BINS_MAX);
	if (!h && (s->events || s->arg[A_BINS].seen || s->hist_dev || s->svg))
		return adp_usage_error(ctx, "the prediction is binned as the device's histogram: no --events, --histogram, --bins or --svg among the simulate words");
	if (s->events && (s->arg[A_BINS].seen || s->hist_dev || s->svg))
		return adp_usage_error(ctx, "--events prints the timeouts as the hist_event knob takes them: no bins or --svg");
	if (s->arg[A_BINS].seen || s->hist_dev) {
		ret = resolve_hist(ctx, s, h);
		if (ret)
			return ret;
		run->hist = h;
	}
	ret = adp_profile_load(ctx, &a, true, set);
	if (!ret)
		ret = check_profile(&set->v[0], &set->caps);
	if (!ret)
		ret = resolve(ctx, s, &a, set, run);
	if (ret)
		return ret;
	adp_sim_setup(&run->cfg, &run->sp->p, &run->qp,
		      set->caps.base_timeout_min);
	run->cfg.retry_per_range = run->per_range;
	return 0;
}

/* The timeouts of the run as distinct values, described in p->what. */
static void sim_prediction(const struct sim_run *run,
			   struct hist_prediction *p)
{
	uint64_t fired[ADP_SIM_SHIFTS];
	char scen[160];

	predict(run, fired);
	hist_prediction_from(p, &run->cfg, fired);
	scenario_text(scen, sizeof(scen), &run->sc);
	snprintf(p->what, sizeof(p->what), "%s profile %u, ack_timeout %u, retry_count %u: %s, %u %s (seed %llu)",
		 run->sp->label, run->sp->id, run->qp.ack_timeout,
		 run->cfg.retry_count, scen, run->runs ? run->runs : 1,
		 run->runs == 1 || !run->runs ? "QP" : "QPs",
		 (unsigned long long)run->seed);
}

int profile_simulate(struct adp_ctx *ctx, int argc, char **argv)
{
	struct adp_profile_set set;
	struct hist_prediction p;
	struct sim_args s;
	struct sim_run run;
	struct hist *h;
	int ret;

	h = malloc(sizeof(*h));
	if (!h) {
		print_error("out of memory");
		return ADP_EXIT_FAIL;
	}
	ret = sim_prepare(ctx, argc, argv, &s, &run, &set, h);
	if (!ret && s.events) {
		sim_prediction(&run, &p);
		hist_print_events(&p);
	} else if (!ret) {
		ret = run.runs ? run_many(&run) : run_one(&run);
	}
	adp_profile_set_free(&set);
	free(h);
	return ret;
}

int profile_simulate_predict(struct adp_ctx *ctx, int argc, char **argv,
			     struct hist_prediction *p)
{
	struct adp_profile_set set;
	struct sim_args s;
	struct sim_run run;
	int ret;

	ret = sim_prepare(ctx, argc, argv, &s, &run, &set, NULL);
	if (!ret)
		sim_prediction(&run, p);
	adp_profile_set_free(&set);
	return ret;
}

void profile_simulate_details(FILE *fp)
{
	adp_profile_src_help(fp);
	fputs("\nSCENARIO, one of:\n"
	      "  outage TIME       the link is down from time 0 for TIME (e.g. 30ms)\n"
	      "  drop N            the first N transmissions of the first packet are lost\n"
	      "  loss P            each transmission is lost with probability P (0.01 or 1%)\n"
	      "\nOPTION:\n"
	      "  rtt TIME          from a transmission to its ACK (default 0)\n"
	      "  packets N         packets to deliver (default 1, 100 with loss); after\n"
	      "                    a recovery the ACKs show how the timeout comes down\n"
	      "  seed N            seed of the random initial timeout (and of the losses);\n"
	      "                    default: random, printed\n"
	      "  init_timeout TIME the initial timeout instead of a random one\n"
	      "  runs N            Monte-Carlo: N QPs with random initial timeouts, the\n"
	      "                    distribution of their recovery time and the failure rate\n"
	      "  limit TIME        stop the simulation at TIME (default 60s)\n"
	      "  model READING     how timeout_retry_num is read: retry_per_value (each\n"
	      "                    value of a range used that many times, the default)\n"
	      "                    or retry_per_range (only the value the range is\n"
	      "                    entered with; doubled ones once)\n"
	      "  --svg FILE        draw the timeline (the histogram with runs) as SVG\n"
	      "  --histogram DEV   also bin the timeouts that fired as DEV's retransmission\n"
	      "                    histogram is configured (see \"adpctl histogram\");\n"
	      "                    \"--histogram dev DEV\" is the same\n"
	      "  --bins N width0 TIME width1 TIME mode fixed|double\n"
	      "                    the same for a bin layout given here, offline\n"
	      "  --events          print only the timeouts that fired, \"TIMEOUT_NS COUNT\"\n"
	      "                    lines as the emulated device's hist_event knob takes\n"
	      "\nTIME: a number and ns, us, ms or s (us without).  ack_timeout and\n"
	      "retry_count are required: the cap and, with qp_total_timeout, the total\n"
	      "timeout come from them.  The model is described in\n"
	      "Documentation/profile-simulator.rst.\n", fp);
}
