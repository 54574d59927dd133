// SPDX-License-Identifier: GPL-2.0
/*
 * ROCE_ACCL (0x402c), the register the module exists for, and everything
 * the core keeps of it: the one place that queries and writes it (through
 * radp_access_reg(), cmd.c's ACCESS_REG mailbox), the snapshot
 * unprivileged reads are answered from, and the last accepted
 * configuration a reset restores.
 *
 * A SET's write goes through radp_accl_set(): it writes only what would
 * change the device (as ethtool's set reports "changed"), marks the
 * snapshot stale until radp_accl_readback() brings it up to date, and
 * saves what the operator set for reset.c.
 *
 * The snapshot, so that no unprivileged user decides how often the
 * firmware is asked: as mlx5e answers `ip -s link` from counters its
 * update_stats work refreshes, never from a firmware query per read, each
 * device keeps the last ROCE_ACCL state the module read or wrote. A reader
 * gets it when it is fresh; otherwise one reader refreshes it, under the
 * device's cfg_lock (taken killably), and the others wait for that refresh
 * and share it. A refresh that failed is not retried before the interval
 * passes either. So whatever unprivileged users do, a device sees at most
 * one refresh (1 + adp_retx_profile_max_id ROCE_ACCL reads) per
 * snapshot_interval_ms, plus one per write the administrator made.
 *
 * Fresh means: taken less than snapshot_interval_ms ago, no firmware reset
 * since (radp_snap_invalidate()) and no write since that the SET's own
 * read-back did not account for.
 *
 * The freshness rule (struct radp_snap_stamp and its helpers) is the one
 * every snapshot of the module follows, whatever it holds.
 *
 * The saved configuration (struct radp_saved_cfg) is what the operator set
 * and the device accepted: each successful SET records what it selected,
 * and reset.c writes it back after a firmware reset.
 */

#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "compat.h"
#include "roce_adp.h"

#define RADP_SNAPSHOT_INTERVAL_MIN_MS	10
#define RADP_SNAPSHOT_INTERVAL_MAX_MS	600000

static unsigned int snapshot_interval_ms = 1000;

static int radp_snapshot_interval_set(const char *val,
				      const struct kernel_param *kp)
{
	return param_set_uint_minmax(val, kp, RADP_SNAPSHOT_INTERVAL_MIN_MS,
				     RADP_SNAPSHOT_INTERVAL_MAX_MS);
}

static const struct kernel_param_ops radp_snapshot_interval_ops = {
	.set = radp_snapshot_interval_set,
	.get = param_get_uint,
};

module_param_cb(snapshot_interval_ms, &radp_snapshot_interval_ops,
		&snapshot_interval_ms, 0644);
MODULE_PARM_DESC(snapshot_interval_ms,
		 "How old a device's register snapshot may get before a request without CAP_NET_ADMIN refreshes it, in ms, 10 to 600000 (default 1000)");

u32 radp_snap_interval_ms(void)
{
	return READ_ONCE(snapshot_interval_ms);
}

/* Valid and younger than snapshot_interval_ms. */
bool radp_snap_stamp_fresh(const struct radp_snap_stamp *s)
{
	return s->valid && ktime_ms_delta(ktime_get(), s->taken) <
			   READ_ONCE(snapshot_interval_ms);
}

u32 radp_snap_stamp_age_ms(const struct radp_snap_stamp *s)
{
	return min_t(s64, ktime_ms_delta(ktime_get(), s->taken), U32_MAX);
}

void radp_snap_stamp_take(struct radp_snap_stamp *s)
{
	s->taken = ktime_get();
	s->valid = true;
}

void radp_snap_stamp_invalidate(struct radp_snap_stamp *s)
{
	s->valid = false;
}

void radp_snap_init(struct radp_dev *dev)
{
	struct radp_snapshot *snap = &dev->snap;

	memset(snap, 0, sizeof(*snap));
	spin_lock_init(&snap->lock);
	memset(&dev->saved, 0, sizeof(dev->saved));
}

/*
 * A firmware reset: what the snapshot holds is gone. Called from the
 * backend's reset events, in any context: no lock.
 */
void radp_snap_invalidate(struct radp_dev *dev)
{
	atomic_inc(&dev->snap.gen);
}

/* Under snap->lock: the data holds the device's state and is fresh. */
static bool radp_snap_fresh(const struct radp_snapshot *snap)
{
	return !snap->dirty && radp_snap_stamp_fresh(&snap->stamp) &&
	       snap->stamp_gen == atomic_read(&snap->gen);
}

/*
 * The saved configuration: written under cfg_lock by the SETs the device
 * accepted, and under state_lock so that dev-get reads it whole. A write
 * @w saves the features it selects and the profile it selects.
 */
static void radp_saved_set(struct radp_dev *dev, const struct radp_roce_accl *w)
{
	unsigned int i;

	spin_lock(&dev->state_lock);
	dev->saved.enables_mask |= w->field_select;
	for (i = 0; i < RADP_ACCL_FEATURE_COUNT; i++)
		if (w->field_select & BIT(i))
			dev->saved.features[i] = w->features[i];
	if (w->profile_select) {
		dev->saved.has_profile = true;
		dev->saved.profile_id = w->profile_id;
		dev->saved.profile = w->profile;
	}
	spin_unlock(&dev->state_lock);
}

void radp_saved_forget_profile(struct radp_dev *dev)
{
	spin_lock(&dev->state_lock);
	dev->saved.has_profile = false;
	spin_unlock(&dev->state_lock);
}

/*
 * For dev-get: the saved configuration and, under the same lock, what the
 * last restore did with it (reset.c).
 */
void radp_restore_snapshot(struct radp_dev *dev, struct radp_saved_cfg *saved,
			   struct radp_restore_state *restore)
{
	spin_lock(&dev->state_lock);
	*saved = dev->saved;
	*restore = dev->restore;
	spin_unlock(&dev->state_lock);
}

/*
 * Under snap->lock: what the module last saw of the profile in effect (a
 * profile 0 query reports it, a write selecting a profile makes it), for
 * as long as no firmware reset has happened since @gen.
 */
static void radp_accl_active_seen(struct radp_snapshot *snap, u32 gen, u32 id)
{
	snap->active_known = true;
	snap->active_id = id;
	snap->active_gen = gen;
}

static bool radp_accl_has(struct radp_dev *dev,
			  struct netlink_ext_ack *extack)
{
	if (READ_ONCE(dev->roce_accl_cap))
		return true;
	NL_SET_ERR_MSG(extack, "device does not support ROCE_ACCL");
	return false;
}

/*
 * Query profile @profile_id of ROCE_ACCL: the register as the firmware
 * answered, in @box's output mailbox, or an ERR_PTR.
 */
static const void *radp_accl_query_box(struct radp_dev *dev,
				       struct radp_reg_box *box,
				       u32 profile_id,
				       struct netlink_ext_ack *extack)
{
	void *reg;

	if (!radp_accl_has(dev, extack))
		return ERR_PTR(-EOPNOTSUPP);
	reg = radp_reg_box_init(box, RADP_REG_ID_ROCE_ACCL, false,
				RADP_ROCE_ACCL_LEN);
	/* A query names its profile; the rest of its register is zero. */
	radp_set(reg, RADP_ROCE_ACCL_ADP_RETX_PROFILE_ID, profile_id);
	return radp_reg_box_exec(dev, box, extack);
}

/* What a profile 0 query tells of the device, kept. */
static void radp_accl_seen(struct radp_snapshot *snap, u32 gen,
			   const struct radp_roce_accl *r)
{
	spin_lock(&snap->lock);
	radp_accl_active_seen(snap, gen, r->profile_id);
	snap->configurable_known = true;
	snap->configurable = r->field_select;
	snap->configurable_gen = gen;
	spin_unlock(&snap->lock);
}

/*
 * Is that kept already? Read without the lock, so that readers do not
 * take turns on it only to write what is there: a torn or stale read
 * takes the lock and writes, as every query did before; one that misses
 * a write under way (radp_accl_write() forgets the profile in effect
 * first) is ordered as a query that came before that write.
 */
static bool radp_accl_seen_same(const struct radp_snapshot *snap, u32 gen,
				const struct radp_roce_accl *r)
{
	/* racy on purpose: any doubt takes the lock (above) */
	return data_race(snap->active_known && snap->active_id == r->profile_id &&
			 snap->active_gen == gen && snap->configurable_known &&
			 snap->configurable == r->field_select &&
			 snap->configurable_gen == gen);
}

/**
 * radp_accl_query_raw - read ROCE_ACCL, and its raw bytes
 * @dev: the device
 * @profile_id: which profile to read; 0 reads the firmware's defaults and
 *	reports the profile in effect in @r->profile_id
 * @r: the register as the firmware answered
 * @raw: NULL, or where its RADP_ROCE_ACCL_LEN bytes go as they came
 * @extack: where to say why it failed
 */
int radp_accl_query_raw(struct radp_dev *dev, u32 profile_id,
			struct radp_roce_accl *r, u8 *raw,
			struct netlink_ext_ack *extack)
{
	struct radp_snapshot *snap = &dev->snap;
	u32 gen = atomic_read(&snap->gen);
	struct radp_reg_box box;
	const void *reg;

	reg = radp_accl_query_box(dev, &box, profile_id, extack);
	if (IS_ERR(reg))
		return PTR_ERR(reg);
	radp_roce_accl_unpack(reg, r);
	if (raw)
		memcpy(raw, reg, RADP_ROCE_ACCL_LEN);
	if (!profile_id && !radp_accl_seen_same(snap, gen, r))
		radp_accl_seen(snap, gen, r);
	return 0;
}

/**
 * radp_accl_query_profile - read one profile of ROCE_ACCL, and only that
 * @dev: the device
 * @profile_id: the profile, 1 or more (profile 0's query is
 *	radp_accl_query()'s: it says more)
 * @p: where its fields go, decoded from the answer as it is
 * @extack: where to say why it failed
 */
int radp_accl_query_profile(struct radp_dev *dev, u32 profile_id,
			    struct radp_profile *p,
			    struct netlink_ext_ack *extack)
{
	struct radp_reg_box box;
	const u8 *reg;

	reg = radp_accl_query_box(dev, &box, profile_id, extack);
	if (IS_ERR(reg))
		return PTR_ERR(reg);
	radp_profile_unpack(reg + RADP_ROCE_ACCL_PROFILE_OFF, p);
	return 0;
}

/**
 * radp_accl_configurable - the features the firmware lets be changed
 * @dev: the device
 * @mask: set to them (bit i: feature i) when known
 *
 * Known from the last profile 0 query, whatever its age, until a firmware
 * reset (which may bring other firmware): so that a SET of a feature the
 * firmware does not have is refused before any command.
 *
 * Return: whether @mask was set.
 */
bool radp_accl_configurable(struct radp_dev *dev, u32 *mask)
{
	struct radp_snapshot *snap = &dev->snap;
	bool known;

	spin_lock(&snap->lock);
	known = snap->configurable_known &&
		snap->configurable_gen == atomic_read(&snap->gen);
	if (known)
		*mask = snap->configurable;
	spin_unlock(&snap->lock);
	return known;
}

int radp_accl_query(struct radp_dev *dev, u32 profile_id,
		    struct radp_roce_accl *r, struct netlink_ext_ack *extack)
{
	return radp_accl_query_raw(dev, profile_id, r, NULL, extack);
}

/**
 * radp_accl_write - write ROCE_ACCL, under cfg_lock
 * @dev: the device
 * @w: the *_select bits say what changes
 * @extack: where to say why it failed
 *
 * The snapshot is stale from now until a SET's read-back
 * (radp_accl_readback()); a restore's write leaves it so.
 */
int radp_accl_write(struct radp_dev *dev, const struct radp_roce_accl *w,
		    struct netlink_ext_ack *extack)
{
	struct radp_snapshot *snap = &dev->snap;
	u32 gen = atomic_read(&snap->gen);
	u8 reg[RADP_ROCE_ACCL_LEN];
	int err;

	spin_lock(&snap->lock);
	snap->dirty = true;
	radp_snap_stamp_invalidate(&snap->tried);
	/* Until the firmware answers, a profile write may or may not apply. */
	if (w->profile_select)
		snap->active_known = false;
	spin_unlock(&snap->lock);

	radp_roce_accl_pack(reg, w);
	err = radp_accl_has(dev, extack) ?
	      radp_access_reg(dev, RADP_REG_ID_ROCE_ACCL, true, reg, NULL,
			      RADP_ROCE_ACCL_LEN, NULL, extack) : -EOPNOTSUPP;
	if (!err && w->profile_select) {
		spin_lock(&snap->lock);
		radp_accl_active_seen(snap, gen, w->profile_id);
		spin_unlock(&snap->lock);
	}
	return err;
}

/*
 * Would writing @w leave the device as it is? @cur is the SET's query:
 * profile 0's for features, the profile's own for a profile, whose write
 * also makes it the one in effect.
 */
static bool radp_accl_unchanged(struct radp_dev *dev,
				const struct radp_roce_accl *w,
				const struct radp_roce_accl *cur)
{
	struct radp_snapshot *snap = &dev->snap;
	unsigned int i;
	bool active;

	for (i = 0; i < RADP_ACCL_FEATURE_COUNT; i++)
		if ((w->field_select & BIT(i)) &&
		    w->features[i] != cur->features[i])
			return false;
	if (!w->profile_select)
		return true;
	if (memcmp(&w->profile, &cur->profile, sizeof(w->profile)))
		return false;
	spin_lock(&snap->lock);
	active = snap->active_known && snap->active_id == w->profile_id &&
		 snap->active_gen == atomic_read(&snap->gen);
	spin_unlock(&snap->lock);
	return active;
}

/**
 * radp_accl_set - what an operator's SET asks of ROCE_ACCL, under cfg_lock
 * @dev: the device
 * @w: the write; its *_select bits say what changes
 * @cur: the SET's query of the register (radp_accl_unchanged())
 * @extack: where to say why it failed
 *
 * Writes @w unless the device holds it already (never with skip_checks,
 * whose writes are for the firmware to judge), and saves what it selects
 * for reset.c to restore either way.
 *
 * Return: 1 when written, 0 when nothing would change, or a negative
 * errno.
 */
int radp_accl_set(struct radp_dev *dev, const struct radp_roce_accl *w,
		  const struct radp_roce_accl *cur,
		  struct netlink_ext_ack *extack)
{
	bool changed = dev->skip_checks || !radp_accl_unchanged(dev, w, cur);
	int err;

	if (changed) {
		err = radp_accl_write(dev, w, extack);
		if (err)
			return err;
	}
	radp_saved_set(dev, w);
	return changed;
}

/* Copy the snapshot out if it is fresh. */
static bool radp_snap_copy(struct radp_dev *dev, struct radp_roce_accl *r0,
			   struct radp_profile *p, u32 *age_ms)
{
	struct radp_snapshot *snap = &dev->snap;
	bool fresh;

	spin_lock(&snap->lock);
	fresh = radp_snap_fresh(snap);
	if (fresh) {
		if (r0)
			*r0 = snap->r0;
		if (p)
			memcpy(p, snap->p, sizeof(snap->p));
		*age_ms = radp_snap_stamp_age_ms(&snap->stamp);
	}
	spin_unlock(&snap->lock);
	return fresh;
}

/* Under cfg_lock: read the whole state and keep it. */
static int radp_snap_refresh(struct radp_dev *dev,
			     struct netlink_ext_ack *extack)
{
	struct radp_snapshot *snap = &dev->snap;
	u32 gen = atomic_read(&snap->gen);
	struct radp_roce_accl *r;
	u32 id, last;
	int err;

	r = kcalloc(2, sizeof(*r), GFP_KERNEL);
	if (!r)
		return -ENOMEM;
	err = radp_accl_query(dev, 0, &r[0], extack);
	last = min_t(u32, r[0].profile_max_id, ROCE_ADP_PROFILE_ID_MAX);
	for (id = 1; !err && id <= last; id++) {
		err = radp_accl_query(dev, id, &r[1], extack);
		if (!err) {
			spin_lock(&snap->lock);
			snap->p[id] = r[1].profile;
			spin_unlock(&snap->lock);
		}
	}

	spin_lock(&snap->lock);
	radp_snap_stamp_take(&snap->tried);
	snap->tried_gen = gen;
	snap->err = err;
	if (err) {
		radp_snap_stamp_invalidate(&snap->stamp);
	} else {
		snap->r0 = r[0];
		snap->p[0] = r[0].profile;
		snap->dirty = false;
		radp_snap_stamp_take(&snap->stamp);
		snap->stamp_gen = gen;
	}
	spin_unlock(&snap->lock);
	kfree(r);
	return err;
}

/**
 * radp_snap_read - the device's register state, from its snapshot
 * @dev: the device
 * @r0: NULL, or profile 0's query (features, caps, profile in effect)
 * @p: NULL, or ROCE_ADP_PROFILE_ID_MAX + 1 profiles, valid up to
 *	@r0->profile_max_id
 * @age_ms: the age of what was copied
 * @extack: why it failed
 *
 * Refreshes the snapshot first when it is not fresh, unless a refresh
 * failed less than snapshot_interval_ms ago: that one's error is returned.
 * Waits for cfg_lock killably: -EINTR on a fatal signal.
 */
int radp_snap_read(struct radp_dev *dev, struct radp_roce_accl *r0,
		   struct radp_profile *p, u32 *age_ms,
		   struct netlink_ext_ack *extack)
{
	struct radp_snapshot *snap = &dev->snap;
	bool failed;
	int err;

	if (radp_snap_copy(dev, r0, p, age_ms))
		return 0;
	err = mutex_lock_killable(&dev->cfg_lock);
	if (err)
		return err;
	/* Another reader may have refreshed it while we waited. */
	if (!radp_snap_copy(dev, r0, p, age_ms)) {
		spin_lock(&snap->lock);
		failed = radp_snap_stamp_fresh(&snap->tried) &&
			 snap->tried_gen == atomic_read(&snap->gen) &&
			 snap->err;
		err = snap->err;
		spin_unlock(&snap->lock);
		if (failed)
			radp_extack_fmt(extack,
					"reading the device for the snapshot failed less than %u ms ago (%d)",
					READ_ONCE(snapshot_interval_ms), err);
		else
			err = radp_snap_refresh(dev, extack);
		if (!err && !radp_snap_copy(dev, r0, p, age_ms))
			err = -EAGAIN;
	}
	mutex_unlock(&dev->cfg_lock);
	return err;
}

/**
 * radp_snap_readback - a SET read back what it wrote, under cfg_lock
 * @dev: the device
 * @profile_id: 0: @r is profile 0's query (an ACCL_SET); N: profile N's
 *	query after a write that selected profile N, now the one in effect
 * @r: what was read
 *
 * The write left everything else as it was, so a snapshot that held the
 * device's state before it holds it again (its age is unchanged).
 */
static void radp_snap_readback(struct radp_dev *dev, u32 profile_id,
			       const struct radp_roce_accl *r)
{
	struct radp_snapshot *snap = &dev->snap;
	struct radp_profile p0;

	if (profile_id > ROCE_ADP_PROFILE_ID_MAX)
		return;
	spin_lock(&snap->lock);
	if (snap->stamp.valid && snap->stamp_gen == atomic_read(&snap->gen) &&
	    (!profile_id || profile_id <= snap->r0.profile_max_id)) {
		p0 = snap->r0.profile;
		snap->r0 = *r;
		if (profile_id) {
			snap->r0.profile = p0;
			snap->r0.profile_id = profile_id;
		}
		snap->p[profile_id] = r->profile;
		snap->dirty = false;
	}
	spin_unlock(&snap->lock);
}

/**
 * radp_accl_readback - a SET reads back what it wrote, under cfg_lock
 * @dev: the device
 * @profile_id: 0 after an ACCL_SET; N after a write of profile N
 * @r: what was read
 * @extack: where to say why it failed
 *
 * The query brings the snapshot up to date (radp_snap_readback()).
 */
int radp_accl_readback(struct radp_dev *dev, u32 profile_id,
		       struct radp_roce_accl *r, struct netlink_ext_ack *extack)
{
	int err;

	err = radp_accl_query(dev, profile_id, r, extack);
	if (!err)
		radp_snap_readback(dev, profile_id, r);
	return err;
}
