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
 * A firmware reset restarts the firmware's counters and returns the
 * configuration to the firmware's defaults. A read sees a reset by the
 * device's reset generation (snap.gen, moved where the backend reports
 * the reset, not by the restore that follows): it writes the saved
 * configuration back first, if the restore has not yet, so that the totals
 * keep their layout and carry over.
 *
 * Readers without CAP_NET_ADMIN follow the snapshot rule of roce_accl.c:
 * a read, or a failed one, serves them for snapshot_interval_ms.
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
 * @gen: the device's reset generation (snap.gen) at that read
 * @tried: when the last read for a reader without CAP_NET_ADMIN failed
 * @tried_gen: the reset generation then
 * @err: that read's errno, returned to such readers while @tried is fresh
 * @restored_gen: the reset generation the saved configuration was last
 *	written back in (radp_hist_restore())
 * @cfg: the configuration of that read
 * @fw: the firmware's counters at that read (clear_on_read off)
 * @acc: the accumulator: counts read with clear_on_read on, and those
 *	carried over a firmware reset
 * @base: the baseline a clear took with clear_on_read off
 * @snap: what replies show
 */
struct radp_hist {
	struct radp_snap_stamp read;
	u32 gen;
	struct radp_snap_stamp tried;
	u32 tried_gen;
	int err;
	u32 restored_gen;
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

/*
 * Fold counts @c read under configuration @cfg, in reset generation @gen,
 * into the totals and the snapshot replies show.
 */
static void radp_hist_account(struct radp_hist *h, u32 gen,
			      const struct radp_hist_config *cfg,
			      const u64 *c)
{
	u32 i, n = cfg->bin_num;

	if (h->read.valid && !radp_hist_same_layout(&h->cfg, cfg)) {
		/* Counts of another layout cannot be shown in this one. */
		radp_hist_zero(h);
	} else if (h->read.valid && gen != h->gen && !h->cfg.clear_on_read) {
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
	h->gen = gen;
	radp_snap_stamp_take(&h->read);
}

/* The configuration the operator set, for the restore; false if none. */
static bool radp_hist_saved(struct radp_dev *dev, struct radp_hist_config *c)
{
	bool has;

	spin_lock(&dev->state_lock);
	has = dev->saved.has_hist;
	*c = dev->saved.hist;
	spin_unlock(&dev->state_lock);
	return has;
}

/**
 * radp_hist_restore - write the saved configuration back after a reset
 * @dev: the device, its cfg_lock held
 * @extack: why it failed
 *
 * Once per reset generation: the restore work and the first read after
 * a reset, whichever comes first, write it.
 *
 * Return: 1 when written (now or earlier in this generation), 0 when
 * nothing is saved or restoring is off, or a negative errno.
 */
int radp_hist_restore(struct radp_dev *dev, struct netlink_ext_ack *extack)
{
	u32 gen = atomic_read(&dev->snap.gen);
	struct radp_hist_config c;
	struct radp_hist *h;
	int err;

	if (!radp_restore_enabled() || !radp_hist_saved(dev, &c))
		return 0;
	h = radp_hist_get(dev);
	if (!h)
		return -ENOMEM;
	if (h->restored_gen == gen)
		return 1;
	err = radp_hist_config_write(dev, &c, extack);
	if (err)
		return err;
	h->restored_gen = gen;
	return 1;
}

/* Read configuration and counters once, and account for them. */
static int radp_hist_read(struct radp_dev *dev, struct radp_hist *h,
			  struct netlink_ext_ack *extack)
{
	u32 gen = atomic_read(&dev->snap.gen);
	struct radp_hist_config cfg;
	u64 *c;
	int err;

	/* A reset since the last read: its layout back before counting. */
	if (h->read.valid && gen != h->gen) {
		err = radp_hist_restore(dev, extack);
		if (err < 0)
			return err;
	}
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
	if (!err && gen != atomic_read(&dev->snap.gen)) {
		/* Before or after the reset? Unknown: not counted. */
		NL_SET_ERR_MSG(extack, "firmware reset during the histogram read");
		err = -EAGAIN;
	}
	if (!err)
		radp_hist_account(h, gen, &cfg, c);
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
	u32 gen = atomic_read(&dev->snap.gen);
	bool cached;
	int err;

	if (!h)
		return -ENOMEM;
	cached = !fresh && radp_snap_stamp_fresh(&h->read);
	if (!cached && !fresh && h->err && h->tried_gen == gen &&
	    radp_snap_stamp_fresh(&h->tried)) {
		/* A failed read serves as long as a good one would. */
		if (h->err == -EOPNOTSUPP)
			NL_SET_ERR_MSG(extack, "device has no retransmission histogram");
		else
			radp_extack_fmt(extack,
					"reading the device's histogram failed less than %u ms ago (%d)",
					radp_snap_interval_ms(), h->err);
		return h->err;
	}
	if (!cached) {
		err = radp_hist_read(dev, h, extack);
		h->err = err;
		if (err) {
			radp_snap_stamp_take(&h->tried);
			h->tried_gen = gen;
			return err;
		}
	}
	radp_hist_copy_snap(h, cached, snap);
	return 0;
}

/**
 * radp_hist_configure - write a new configuration
 * @dev: the device, its cfg_lock held
 * @c: the whole configuration, checked
 * @snap: filled with the histogram after the change
 * @written: set once the device took the write, whatever follows
 * @extack: why it failed
 *
 * A read before, so that the counts up to the change are kept (or, with a
 * new layout, dropped on purpose), and one after: with clear_on_read
 * turned on, it empties the firmware's counters into the accumulator.
 * The configuration written is saved for the restore after a reset.
 */
int radp_hist_configure(struct radp_dev *dev,
			const struct radp_hist_config *c,
			struct radp_hist_snap *snap, bool *written,
			struct netlink_ext_ack *extack)
{
	struct radp_hist *h;
	int err;

	*written = false;
	err = radp_hist_get_read(dev, &h, extack);
	if (err)
		return err;
	err = radp_hist_config_write(dev, c, extack);
	if (err)
		return err;
	*written = true;
	spin_lock(&dev->state_lock);
	dev->saved.has_hist = true;
	dev->saved.hist = *c;
	dev->saved.hist.time_unit_cap = 0;
	dev->saved.hist.bin_num_max = 0;
	spin_unlock(&dev->state_lock);
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
