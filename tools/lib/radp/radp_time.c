// SPDX-License-Identifier: GPL-2.0
/* Times as adpctl and the lint engine write them; see radp_time.h. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/roce_adp.h>

#include "radp_time.h"

static const char *const unit_names[] = {
	[ADP_UNIT_NS] = "ns",
	[ADP_UNIT_US] = "us",
	[ADP_UNIT_MS] = "ms",
	[ADP_UNIT_S] = "s",
};

/* whole and frac thousandths of unit u, trailing zeros dropped. */
static const char *fmt_thousandths(char *buf, size_t len, uint64_t whole,
				   uint64_t frac, int u)
{
	int digits = 3;

	while (frac && frac % 10 == 0) {
		frac /= 10;
		digits--;
	}
	if (frac)
		snprintf(buf, len, "%llu.%0*llu%s", (unsigned long long)whole,
			 digits, (unsigned long long)frac, unit_names[u]);
	else
		snprintf(buf, len, "%llu%s", (unsigned long long)whole,
			 unit_names[u]);
	return buf;
}

const char *adp_fmt_time(char *buf, size_t len, uint64_t v,
			 enum adp_unit unit)
{
	uint64_t div = 1, step, q, whole, frac;
	int u = unit;

	while (u < ADP_UNIT_S && v / div >= 1000) {
		div *= 1000;
		u++;
	}
	if (div == 1)
		return fmt_thousandths(buf, len, v, 0, u);
	/* Thousandths of unit u, rounded half up without overflowing. */
	step = div / 1000;
	q = v / step + (v % step >= (step + 1) / 2);
	whole = q / 1000;
	frac = q % 1000;
	/* 999.9996ms rounds to 1000ms: that is 1s. */
	if (whole >= 1000 && u < ADP_UNIT_S) {
		whole = 1;
		frac = 0;
		u++;
	}
	return fmt_thousandths(buf, len, whole, frac, u);
}

const char *adp_fmt_time_exact(char *buf, size_t len, uint64_t ns)
{
	uint64_t div = 1000000000, step;
	int u;

	for (u = ADP_UNIT_S; u > ADP_UNIT_NS; u--, div /= 1000) {
		step = div / 1000;
		if (ns >= div && !(ns % step))
			return fmt_thousandths(buf, len, ns / div,
					       ns % div / step, u);
	}
	return fmt_thousandths(buf, len, ns, 0, ADP_UNIT_NS);
}

const char *adp_fmt_shift(char *buf, size_t len, uint32_t base,
			  uint32_t shift, uint32_t time_unit)
{
	double d = base;
	uint32_t i;

	if (time_unit != ROCE_ADP_TIME_UNIT_USEC) {
		if (shift)
			snprintf(buf, len, "%u<<%u", base, shift);
		else
			snprintf(buf, len, "%u", base);
		return buf;
	}
	if (!base || (shift < 64 && base <= UINT64_MAX >> shift))
		return adp_fmt_time(buf, len, base ? (uint64_t)base << shift : 0,
				    ADP_UNIT_US);
	/* Past 2^64 us: only the magnitude means anything. */
	for (i = 0; i < shift && i < 1100; i++)
		d *= 2;
	snprintf(buf, len, "%.4gs", d / 1e6);
	return buf;
}

const char *adp_fmt_ns(char *buf, uint64_t v)
{
	if (v == ADP_TIME_NEVER)
		return "infinite";
	if (!v)
		return "0";
	return adp_fmt_time(buf, ADP_TIME_LEN, v, ADP_UNIT_NS);
}

int adp_time_parse(const char *word, uint64_t *ns)
{
	static const struct { const char *unit; double ns; } units[] = {
		{ "ns", 1 }, { "us", 1e3 }, { "ms", 1e6 }, { "s", 1e9 }, { "", 1e3 },
	};
	double d;
	char *end;
	size_t i;

	errno = 0;
	d = strtod(word, &end);
	if (end == word || errno || word[0] == '-' || word[0] == '+' ||
	    strpbrk(word, "xX"))
		return -EINVAL;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcmp(end, units[i].unit))
			continue;
		d *= units[i].ns;
		if (d >= 0 && d < 1e18 && !isnan(d)) {
			*ns = (uint64_t)(d + 0.5);
			return 0;
		}
	}
	return -EINVAL;
}
