// SPDX-License-Identifier: GPL-2.0
/*
 * The ADP retransmission histogram of a device: its registers
 * ADP_RETX_HISTOGRAM_CONFIG (0xC01D) and ADP_RETX_HISTOGRAM (0xC01E),
 * through radp_access_reg() (cmd.c), and the module's totals of the counts.
 *
 * The module is the only reader of 0xC01E. With clear_on_read set, each
 * read empties the firmware's counters, so every read, whoever caused it,
 * is added to the device's accumulator, and replies show the accumulator.
 * With clear_on_read off the firmware's counters are the totals; a clear
 * then takes a baseline that later counts are shown above. A new bin
 * layout starts both from zero. Documentation/histogram.rst.
 *
 * Everything here runs under the device's cfg_lock.
 */

#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "compat.h"
#include "radp_hist.h"
#include "roce_adp.h"

/**
 * struct radp_hist - the module's view of a device's histogram
 * @read: when @snap was read (valid once it holds a read); readers
 *	without CAP_NET_ADMIN get it while fresh (roce_accl.c's rule)
 * @resets: the device's firmware resets counted at that read
 * @cfg: the configuration of that read
 * @fw: the firmware's counters at that read (clear_on_read off)
 * @acc: the accumulator: counts read with clear_on_read on, and those
 *	carried over a firmware reset
 * @base: the baseline a clear took with clear_on_read off
 * @snap: what replies show
 */
struct radp_hist {
	struct radp_snap_stamp read;
	u32 resets;
	struct radp_hist_config cfg;
	u64 fw[RADP_HIST_BINS_MAX];
	u64 acc[RADP_HIST_BINS_MAX];
	u64 base[RADP_HIST_BINS_MAX];
	struct radp_hist_snap snap;
};

/*
 * One ACCESS_REG of a histogram register. Firmware without the registers
 * answers a query BAD_PARAM or BAD_OP: the device has no histogram
 * (radp_access_reg_opt()).
 */
static int radp_hist_access(struct radp_dev *dev, u16 reg_id, bool write,
			    const u8 *reg_in, u8 *reg_out, size_t reg_len,
			    struct netlink_ext_ack *extack)
{
	return radp_access_reg_opt(dev, RADP_OPT_HIST,
				   "retransmission histogram", reg_id, write,
				   reg_in, reg_out, reg_len, extack);
}

int radp_hist_config_query(struct radp_dev *dev, struct radp_hist_config *c,
			   struct netlink_ext_ack *extack)
{
	u8 reg[RADP_HIST_CONFIG_LEN];
	int err;

	err = radp_hist_access(dev, RADP_REG_ID_HIST_CONFIG, false, NULL, reg,
			       sizeof(reg), extack);
	if (!err)
		radp_hist_config_unpack(reg, c);
	return err;
}

int radp_hist_config_write(struct radp_dev *dev,
			   const struct radp_hist_config *c,
			   struct netlink_ext_ack *extack)
{
	struct radp_hist_config w = *c;
	u8 reg[RADP_HIST_CONFIG_LEN];

	/* The read-only fields are not the writer's to say. */
	w.time_unit_cap = 0;
	w.bin_num_max = 0;
	radp_hist_config_pack(reg, &w);
	return radp_hist_access(dev, RADP_REG_ID_HIST_CONFIG, true, reg, NULL,
				sizeof(reg), extack);
}

/* Read the @n counters of 0xC01E: exactly 0x10 + 8 * @n bytes. */
int radp_hist_counts_query(struct radp_dev *dev, u32 n, u64 *counts,
			   struct netlink_ext_ack *extack)
{
	size_t len = RADP_HIST_LEN(n);
	u32 i;
	u8 *reg;
	int err;

	reg = kmalloc(len, GFP_KERNEL);
	if (!reg)
		return -ENOMEM;
	err = radp_hist_access(dev, RADP_REG_ID_HIST, false, NULL, reg, len,
			       extack);
	if (!err && radp_hist_bin_num(reg) != n) {
		radp_extack_fmt(extack,
				"histogram has %u bins, its configuration %u: changed during the read",
				radp_hist_bin_num(reg), n);
		err = -EAGAIN;
	}
	for (i = 0; !err && i < n; i++)
		counts[i] = radp_hist_bin_get(reg, i);
	kfree(reg);
	return err;
}

static u64 radp_hist_sub(u64 a, u64 b)
{
	return a > b ? a - b : 0;
}

static struct radp_hist *radp_hist_get(struct radp_dev *dev)
{
	lockdep_assert_held(&dev->cfg_lock);
	if (!dev->hist)
		dev->hist = kzalloc(sizeof(*dev->hist), GFP_KERNEL);
	return dev->hist;
}

/* Start the totals from zero (a new layout, or a clear). */
static void radp_hist_zero(struct radp_hist *h)
{
	memset(h->fw, 0, sizeof(h->fw));
	memset(h->acc, 0, sizeof(h->acc));
	memset(h->base, 0, sizeof(h->base));
}

static u32 radp_hist_dev_resets(struct radp_dev *dev)
{
	u32 resets;

	spin_lock(&dev->state_lock);
	resets = dev->restore.resets;
	spin_unlock(&dev->state_lock);
	return resets;
}

/*
 * Fold counts @c just read under configuration @cfg into the totals and
 * the snapshot replies show.
 */
static void radp_hist_account(struct radp_dev *dev, struct radp_hist *h,
			      const struct radp_hist_config *cfg,
			      const u64 *c)
{
	u32 i, n = cfg->bin_num, resets = radp_hist_dev_resets(dev);

	if (h->read.valid && !radp_hist_same_layout(&h->cfg, cfg)) {
		/* Counts of another layout cannot be shown in this one. */
		radp_hist_zero(h);
	} else if (h->read.valid && resets != h->resets && !h->cfg.clear_on_read) {
		/* The firmware's counters restarted: keep what they held. */
		for (i = 0; i < n; i++)
			h->acc[i] += radp_hist_sub(h->fw[i], h->base[i]);
		memset(h->fw, 0, sizeof(h->fw));
		memset(h->base, 0, sizeof(h->base));
	}
	for (i = 0; i < n; i++) {
		if (cfg->clear_on_read) {
			/* A baseline left from clear_on_read off is spent here. */
			h->acc[i] = radp_hist_sub(h->acc[i] + c[i], h->base[i]);
			h->base[i] = 0;
			h->fw[i] = 0;
		} else {
			h->fw[i] = c[i];
		}
		h->snap.counts[i] = radp_hist_sub(h->acc[i] + h->fw[i],
						  h->base[i]);
	}
	h->cfg = *cfg;
	h->snap.cfg = *cfg;
	h->resets = resets;
	radp_snap_stamp_take(&h->read);
}

/* Read configuration and counters once, and account for them. */
static int radp_hist_read(struct radp_dev *dev, struct radp_hist *h,
			  struct netlink_ext_ack *extack)
{
	struct radp_hist_config cfg;
	u64 *c;
	int err;

	err = radp_hist_config_query(dev, &cfg, extack);
	if (err)
		return err;
	if (!cfg.bin_num || cfg.bin_num > RADP_HIST_BINS_MAX) {
		NL_SET_ERR_MSG(extack, "device reports a histogram without bins");
		return -EIO;
	}
	c = kcalloc(cfg.bin_num, sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	err = radp_hist_counts_query(dev, cfg.bin_num, c, extack);
	if (!err)
		radp_hist_account(dev, h, &cfg, c);
	kfree(c);
	return err;
}

/* The device's totals, brought up to date by a read now. */
static int radp_hist_get_read(struct radp_dev *dev, struct radp_hist **h,
			      struct netlink_ext_ack *extack)
{
	*h = radp_hist_get(dev);
	return *h ? radp_hist_read(dev, *h, extack) : -ENOMEM;
}

/*
 * What a reply shows; @cached: from an earlier request's read, whose age
 * it gives (a read made for this request is 0 ms old).
 */
static void radp_hist_copy_snap(const struct radp_hist *h, bool cached,
				struct radp_hist_snap *snap)
{
	snap->cfg = h->snap.cfg;
	memcpy(snap->counts, h->snap.counts,
	       h->snap.cfg.bin_num * sizeof(snap->counts[0]));
	snap->age_ms = cached ? radp_snap_stamp_age_ms(&h->read) : 0;
}

/**
 * radp_hist_snapshot - the histogram as replies show it
 * @dev: the device, its cfg_lock held
 * @fresh: read the device now; else only when the last read is older than
 *	snapshot_interval_ms
 * @snap: filled
 * @extack: why it failed
 */
int radp_hist_snapshot(struct radp_dev *dev, bool fresh,
		       struct radp_hist_snap *snap,
		       struct netlink_ext_ack *extack)
{
	struct radp_hist *h = radp_hist_get(dev);
	bool cached;
	int err;

	if (!h)
		return -ENOMEM;
	cached = !fresh && radp_snap_stamp_fresh(&h->read);
	if (!cached) {
		err = radp_hist_read(dev, h, extack);
		if (err)
			return err;
	}
	radp_hist_copy_snap(h, cached, snap);
	return 0;
}

/**
 * radp_hist_configure - write a new configuration
 * @dev: the device, its cfg_lock held
 * @c: the whole configuration, checked
 * @snap: filled with the histogram after the change
 * @extack: why it failed
 *
 * A read before, so that the counts up to the change are kept (or, with a
 * new layout, dropped on purpose), and one after: with clear_on_read
 * turned on, it empties the firmware's counters into the accumulator.
 */
int radp_hist_configure(struct radp_dev *dev,
			const struct radp_hist_config *c,
			struct radp_hist_snap *snap,
			struct netlink_ext_ack *extack)
{
	struct radp_hist *h;
	int err;

	err = radp_hist_get_read(dev, &h, extack);
	if (err)
		return err;
	err = radp_hist_config_write(dev, c, extack);
	if (err)
		return err;
	/* A new layout is seen by this read, which drops the old counts. */
	err = radp_hist_read(dev, h, extack);
	if (!err)
		radp_hist_copy_snap(h, false, snap);
	return err;
}

/**
 * radp_hist_clear - start the counts from zero
 * @dev: the device, its cfg_lock held
 * @snap: filled with the histogram after the clear
 * @extack: why it failed
 */
int radp_hist_clear(struct radp_dev *dev, struct radp_hist_snap *snap,
		    struct netlink_ext_ack *extack)
{
	struct radp_hist *h;
	u32 i;
	int err;

	err = radp_hist_get_read(dev, &h, extack);
	if (err)
		return err;
	memset(h->acc, 0, sizeof(h->acc));
	for (i = 0; i < h->cfg.bin_num; i++) {
		h->base[i] = h->fw[i];
		h->snap.counts[i] = 0;
	}
	radp_hist_copy_snap(h, false, snap);
	return 0;
}

void radp_hist_dev_fini(struct radp_dev *dev)
{
	kfree(dev->hist);
	dev->hist = NULL;
}
