// SPDX-License-Identifier: GPL-2.0
/*
 * The histogram layout rules agree, TAP: the module's
 * (radp_hist_config_check(), drivers/roce_adp/radp_hist.c), the firmware
 * model's (radp_emu_hist_syndrome(), drivers/roce_adp_emu/
 * emu_hist_rules.c) and adpctl's, which shows a layout only if
 * adp_hist_edges() (tools/lib/radp/radp_bins.c) gives it edges.
 *
 * A consistency check, and its cases say so: adpctl judges a layout with
 * the module's own code, so that pair agreeing is by construction; the
 * model's rules and binning are written apart from both, and a rule where
 * it and the module differ fails here.  The rules' independent cases
 * (positions and messages from the reference) are in rules_test,
 * hist_netlink and adpctl's hist_unit.
 *
 * RADP_LAYOUT_SEED (1) and RADP_LAYOUT_COUNT (10000) change the draw.
 */
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>

#include "radp_hist.h"
#include "emu_hist_rules.h"
#include "radp_bins.h"
#include "tap.h"

#define U64_ALL		UINT64_MAX

/* One configuration, as each of the three takes it. */
struct layout {
	u32 time_unit, mode, bin_num, bin0_width, bin1_width;
	u32 cap, bin_num_max, vhca_id_valid, vhca_id;
};

static u64 rng_state;

/* splitmix64: the same draw on every host for a seed. */
static u64 rng(void)
{
	u64 z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static u32 below(u32 n)
{
	return rng() % n;
}

static bool kernel_takes(const struct layout *l)
{
	const struct radp_hist_config c = {
		.time_unit = l->time_unit, .bin_width_mode = l->mode,
		.bin_num = l->bin_num, .bin0_width = l->bin0_width,
		.bin1_width = l->bin1_width, .time_unit_cap = l->cap,
		.bin_num_max = l->bin_num_max,
		.vhca_id_valid = l->vhca_id_valid, .vhca_id = l->vhca_id,
	};
	enum radp_fld fld;

	return !radp_hist_config_check(&c, &fld);
}

static void model_cfg(const struct layout *l, struct radp_emu_hist_cfg *c)
{
	memset(c, 0, sizeof(*c));
	c->time_unit = l->time_unit;
	c->bin_width_mode = l->mode;
	c->bin_num = l->bin_num;
	c->bin0_width = l->bin0_width;
	c->bin1_width = l->bin1_width;
	c->vhca_id_valid = l->vhca_id_valid;
	c->vhca_id = l->vhca_id;
}

static u32 model_syndrome(const struct layout *l)
{
	struct radp_emu_hist_cfg c;

	model_cfg(l, &c);
	return radp_emu_hist_syndrome(&c, l->bin_num_max, l->cap);
}

/* adpctl: the layout's edges into hi; 0 when it shows them. */
static int adpctl_edges(const struct layout *l, uint64_t *hi, char *msg,
			size_t len)
{
	const struct adp_hist_cfg c = {
		.bin_num = l->bin_num, .time_unit = l->time_unit,
		.mode = l->mode, .bin0_width = l->bin0_width,
		.bin1_width = l->bin1_width,
	};

	return adp_hist_edges(&c, hi, l->bin_num_max, msg, len);
}

/*
 * adpctl judges the layout alone (the device's time_unit_cap and the vhca
 * fields are no part of a bin's edges): it must agree with the model on
 * the layout with every unit supported and no vhca.
 */
static u32 model_layout_syndrome(const struct layout *l)
{
	struct layout only = *l;

	only.cap = 0xf;
	only.vhca_id_valid = 0;
	only.vhca_id = 0;
	return model_syndrome(&only);
}

/* A layout, for the first few differences of a run: false after them. */
static bool describe(const char *what, const struct layout *l)
{
	static unsigned int shown;

	if (shown++ >= 8)
		return false;
	tap_diag("%s: time_unit %u bin_width_mode %u bin_num %u bin0_width %u bin1_width %u time_unit_cap %#x bin_num_max %u vhca_id_valid %u vhca_id %u",
		 what, l->time_unit, l->mode, l->bin_num, l->bin0_width,
		 l->bin1_width, l->cap, l->bin_num_max, l->vhca_id_valid,
		 l->vhca_id);
	return true;
}

/* Where the model bins t, against adpctl's edges: the same bin. */
static bool same_bin(const struct layout *l, const uint64_t *hi, u64 t)
{
	struct radp_emu_hist_cfg c;
	u32 m, a;

	model_cfg(l, &c);
	m = radp_emu_hist_bin(&c, t);
	a = adp_hist_bin_of(hi, l->bin_num, t);
	if (m == a)
		return true;
	if (describe("binned apart", l))
		tap_diag("%" PRIu64 " ns: model bin %u, adpctl bin %u", t, m, a);
	return false;
}

/* An accepted layout: the model's last edge and binning are adpctl's. */
static bool same_bins(const struct layout *l, const uint64_t *hi)
{
	struct radp_emu_hist_cfg c;
	u64 last;
	u32 i;

	model_cfg(l, &c);
	last = radp_emu_hist_last_edge(&c);
	if (l->bin_num > 1 && last != hi[l->bin_num - 2]) {
		if (describe("last edge apart", l))
			tap_diag("model %" PRIu64 ", adpctl %" PRIu64, last,
				 hi[l->bin_num - 2]);
		return false;
	}
	if (!same_bin(l, hi, 0) || !same_bin(l, hi, U64_ALL) ||
	    !same_bin(l, hi, rng()))
		return false;
	/* Both sides of two edges: the first and one drawn. */
	for (i = 0; i + 1 < l->bin_num && i < 2; i++) {
		u64 e = hi[i ? below(l->bin_num - 1) : 0];

		if (!same_bin(l, hi, e) || !same_bin(l, hi, e + 1))
			return false;
	}
	return true;
}

/* The three verdicts on l; false, with l described, if they differ. */
static bool agree(const struct layout *l, bool *taken, bool *bins_ok)
{
	static uint64_t hi[ADP_HIST_BINS_MAX];
	bool k = kernel_takes(l), m = !model_syndrome(l);
	bool ml = !model_layout_syndrome(l);
	char msg[256] = "";
	bool a = !adpctl_edges(l, hi, msg, sizeof(msg));

	*taken = k;
	*bins_ok = true;
	if (k != m || a != ml) {
		if (describe("verdicts differ", l))
			tap_diag("module %s, model %s (syndrome %#x), adpctl %s%s%s (model on the layout alone: %s)",
				 k ? "takes" : "refuses",
				 m ? "takes" : "refuses", model_syndrome(l),
				 a ? "shows" : "refuses", a ? "" : ": ", msg,
				 ml ? "takes" : "refuses");
		return false;
	}
	if (a)
		*bins_ok = same_bins(l, hi);
	return true;
}

/*
 * Every double-mode ns layout whose last finite edge is exactly 2^64-1 ns:
 * W0 + W1 * (2^k - 1) = 2^64 - 1 for n = k + 2 bins, W0 and W1 1..65535.
 */
static unsigned int boundary_layouts(struct layout *v, unsigned int max)
{
	unsigned int n = 0, k;
	u64 w0, rest;

	for (k = 1; k < 64; k++) {
		u64 steps = (1ULL << k) - 1;

		for (w0 = 1; w0 <= 0xffff; w0++) {
			rest = U64_ALL - w0;
			if (rest % steps || rest / steps > 0xffff || n == max)
				continue;
			v[n++] = (struct layout){
				.time_unit = 0, .mode = 1, .bin_num = k + 2,
				.bin0_width = w0, .bin1_width = rest / steps,
				.cap = 0xf, .bin_num_max = 255,
			};
		}
	}
	return n;
}

/* boundary_layouts(), for test_boundary() and draw() */
static struct layout edge_layouts[64];
static unsigned int n_edge;

static void test_boundary(void)
{
	struct layout *v = edge_layouts, l;
	unsigned int n, i, refused = 0, shown = 0;
	unsigned int below_tried = 0;
	bool taken, bins_ok, ok = true;

	n = n_edge = boundary_layouts(v, ARRAY_SIZE(edge_layouts));
	for (i = 0; i < n; i++) {
		ok &= agree(&v[i], &taken, &bins_ok) && bins_ok;
		refused += !taken;
		/* One ns less: the edge 2^64-2 ns, which every side takes. */
		l = v[i];
		if (l.bin0_width > 1) {
			l.bin0_width--;
			below_tried++;
			ok &= agree(&l, &taken, &bins_ok) && bins_ok;
			shown += taken;
		}
	}
	tap_diag("%u layouts end at 2^64-1 ns, %u refused; %u of %u at 2^64-2 ns taken",
		 n, refused, shown, below_tried);
	tap_result(ok && n == 15 && refused == n,
		   "the 15 layouts whose last edge is 2^64-1 ns: module, model and adpctl all refuse");
	tap_result(ok && below_tried && shown == below_tried,
		   "their neighbours one ns below (last edge 2^64-2 ns): all three take them, binning alike");
}

/* The last finite edge in ns, in 128 bits (capped at 2^100): a fourth way. */
static unsigned __int128 exact_last_edge(const struct layout *l)
{
	static const u64 unit[] = { 1, 1000, 100000, 1000000 };
	unsigned __int128 u = unit[l->time_unit & 3], k = l->bin_num - 2;

	if (l->bin_num < 2)
		return 0;
	if (l->mode != 1)
		return u * l->bin0_width + u * l->bin1_width * k;
	if (k > 80)
		return (unsigned __int128)1 << 100;
	return u * l->bin0_width +
	       u * l->bin1_width * (((unsigned __int128)1 << k) - 1);
}

/* A drawn layout: near a rule's edge far more often than uniform. */
static void draw(struct layout *l)
{
	static const u32 maxes[] = { 255, 255, 64, 16, 1, 0 };
	u32 r = below(100);

	l->time_unit = below(4);
	l->mode = below(10) ? below(2) : below(4);
	l->cap = below(4) ? 0xf : below(16);
	l->bin_num_max = below(3) ? maxes[below(6)] : below(256);
	l->bin_num = below(10) ? 1 + below(l->bin_num_max ?: 1) : below(256);
	l->bin0_width = below(20) ? 1 + below(0xffff) : below(3);
	l->bin1_width = below(20) ? 1 + below(0xffff) : below(3);
	l->vhca_id_valid = below(2);
	l->vhca_id = below(4) ? 0 : below(0x10000);
	if (r < 40 && n_edge) {
		/* One of the layouts ending at 2^64-1 ns, moved a little. */
		u32 w0;

		*l = edge_layouts[below(n_edge)];
		w0 = l->bin0_width + below(5) - 3;	/* -3..+1 ns */
		l->bin0_width = w0 ? w0 : 1;
		if (!below(4))
			l->bin_num += below(3) - 1;
		if (!below(4))
			l->bin1_width += below(3) - 1;
		if (!below(8))
			l->cap = below(16);
	} else if (r < 55) {
		/* Double near the largest bin_num that fits, every unit. */
		l->mode = 1;
		l->bin_num = 20 + below(50);
		l->bin_num_max = 255;
	}
}

static void test_drawn(u64 seed, unsigned int count)
{
	unsigned int i, taken_n = 0, refused_n = 0, near = 0, bad = 0;
	unsigned int bins_bad = 0;
	bool taken, bins_ok;
	struct layout l;

	rng_state = seed;
	for (i = 0; i < count; i++) {
		unsigned __int128 edge, top = U64_ALL;

		draw(&l);
		edge = exact_last_edge(&l);
		near += l.bin_num > 1 && edge + 3 >= top && edge <= top + 3;
		if (!agree(&l, &taken, &bins_ok)) {
			bad++;
			continue;
		}
		bins_bad += !bins_ok;
		if (taken)
			taken_n++;
		else
			refused_n++;
	}
	tap_diag("seed %" PRIu64 ": %u layouts, %u taken, %u refused, %u with the last edge within 3 ns of 2^64-1 ns; %u differ, %u binned apart",
		 seed, count, taken_n, refused_n, near, bad, bins_bad);
	/* A draw that never reaches both verdicts and the boundary proves nothing. */
	tap_result(!bad && taken_n >= count / 10 && refused_n >= count / 10 &&
		   near >= count / 100,
		   "%u drawn layouts (seed %" PRIu64 "): module, model and adpctl give the same verdict",
		   count, seed);
	tap_result(!bins_bad && taken_n,
		   "the %u taken: the model's binning and last edge are adpctl's edges",
		   taken_n);
}

/*
 * The five fields that place the bin edges make a new layout, which
 * resets the module's running totals (hist.c); the others (what is
 * counted, whose traffic, what the device can do) leave the edges where
 * they are.  Independent of the draw: each field changed alone.
 */
static void test_same_layout(void)
{
	static const struct {
		const char *name;
		size_t off;
		bool layout;
	} fields[] = {
#define F(f, l) { #f, offsetof(struct radp_hist_config, f), l }
		F(time_unit, true), F(bin_width_mode, true), F(bin_num, true),
		F(bin0_width, true), F(bin1_width, true),
		F(count_enable, false), F(clear_on_read, false),
		F(vhca_id_valid, false), F(vhca_id, false),
		F(time_unit_cap, false), F(bin_num_max, false),
#undef F
	};
	const struct radp_hist_config a = {
		.count_enable = 1, .time_unit = 1, .bin_width_mode = 1,
		.time_unit_cap = 0xf, .bin_num = 4, .bin_num_max = 16,
		.bin0_width = 2, .bin1_width = 3,
	};
	unsigned int i, wrong = 0;

	for (i = 0; i < ARRAY_SIZE(fields); i++) {
		struct radp_hist_config b = a;

		*(u32 *)((char *)&b + fields[i].off) += 1;
		if (radp_hist_same_layout(&a, &b) == fields[i].layout) {
			tap_diag("%s changed alone: %s", fields[i].name,
				 fields[i].layout ? "taken as the same layout" :
						    "taken as a new layout");
			wrong++;
		}
	}
	tap_result(!wrong && radp_hist_same_layout(&a, &a),
		   "a new layout is a change of time_unit, bin_width_mode, bin_num, bin0_width or bin1_width, and of nothing else");
}

int main(void)
{
	const char *s = getenv("RADP_LAYOUT_SEED");
	const char *c = getenv("RADP_LAYOUT_COUNT");
	u64 seed = s ? strtoull(s, NULL, 0) : 1;
	unsigned int count = c ? strtoul(c, NULL, 0) : 10000;

	tap_start();
	test_boundary();
	test_same_layout();
	test_drawn(seed, count);
	return tap_end();
}
