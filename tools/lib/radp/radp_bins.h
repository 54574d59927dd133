/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The retransmission histogram as user space sees it: the bin edges of a
 * configuration of ADP_RETX_HISTOGRAM_CONFIG, the time unit a pair of
 * widths is written in, and timeouts sorted into bins.  The edges are
 * computed here from the rules of Documentation/histogram.rst,
 * independently of the firmware model's binning (drivers/roce_adp_emu/
 * emu_hist_rules.c): the tests compare the two.
 *
 * Edges are in ns.  Bin 0 holds 0 <= t <= hi[0]; bin i > 0 holds
 * hi[i-1] < t <= hi[i]; the last bin has no upper edge (ADP_HIST_INF)
 * and holds everything above its lower edge.
 */
#ifndef RADP_BINS_H
#define RADP_BINS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ADP_HIST_INF		UINT64_MAX	/* the overflow bin's upper edge */
#define ADP_HIST_BINS_MAX	255		/* bin_num is 8 bits */
#define ADP_HIST_WIDTH_MAX	0xffffU		/* the widths are 16 bits */
#define ADP_HIST_UNITS		4		/* time_unit 0..3 */

enum adp_hist_mode {
	ADP_HIST_FIXED,		/* bin_width_mode 0 */
	ADP_HIST_DOUBLE,	/* bin_width_mode 1 */
};

/* The fields of the configuration the bins depend on. */
struct adp_hist_cfg {
	uint32_t bin_num;
	uint32_t time_unit;	/* 0 ns, 1 us, 2 100us, 3 ms */
	uint32_t mode;		/* enum adp_hist_mode */
	uint32_t bin0_width, bin1_width;
};

/* ns of one time_unit, 0 for a value that is no unit. */
uint64_t adp_hist_unit_ns(uint32_t time_unit);
/* "ns", "us", "100us", "ms"; "?" for a value that is no unit. */
const char *adp_hist_unit_name(uint32_t time_unit);

/*
 * The upper edges of cfg's bins into hi[0..bin_num-1], the last one
 * ADP_HIST_INF.  The configuration is judged by the kernel module's rules
 * (radp_hist_config_check(), built into libradp from drivers/roce_adp),
 * with every time unit supported and at most max_bins bins: it returns
 * -ERANGE when the last finite edge is not below 2^64-1 ns, -EINVAL when
 * another rule is broken (hi is then left undefined), else 0.  msg, if
 * not NULL, gets the module's reason naming the field (no period).
 */
int adp_hist_edges(const struct adp_hist_cfg *cfg, uint64_t *hi,
		   size_t max_bins, char *msg, size_t msglen);

/* The bin of t under the edges hi of n bins (n >= 1). */
uint32_t adp_hist_bin_of(const uint64_t *hi, uint32_t n, uint64_t t);

/* One "TIMEOUT_NS COUNT" of a list of timeouts. */
struct adp_hist_event {
	uint64_t t_ns;
	uint64_t count;
};

/*
 * Add n events to count[] (bins as hi, nbins of them); a count that would
 * wrap saturates.  Returns the events placed.
 */
uint64_t adp_hist_add(const uint64_t *hi, uint32_t nbins,
		      const struct adp_hist_event *ev, size_t n,
		      uint64_t *count);

/*
 * The finest time_unit of cap (bit u: unit u supported) in which both
 * widths (ns) are whole, non-zero numbers of at most 16 bits; w1_ns 0
 * means bin 1 is not used (bin_num 1) and constrains nothing.  Returns the
 * unit and the widths in it, or -ERANGE/-EINVAL with a message naming the
 * width ("width0", "width1") when none fits: too large in every supported
 * unit, not a whole number of any, or no unit for both.
 */
int adp_hist_best_unit(uint64_t w0_ns, uint64_t w1_ns, uint32_t cap,
		       uint32_t *unit, uint32_t *w0, uint32_t *w1,
		       char *msg, size_t msglen);

#endif /* RADP_BINS_H */
