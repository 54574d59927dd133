// SPDX-License-Identifier: GPL-2.0
/*
 * Firmware resets: ROCE_ACCL is volatile, a firmware reset returns it to the
 * firmware's defaults. Once the backend reports the end of a reset, the
 * core writes back the last configuration the device accepted (struct
 * radp_saved_cfg, which roce_accl.c keeps) in one ACCESS_REG write: the
 * firmware applies a write whole or not at all, so a refused restore
 * leaves the defaults, never half of the configuration. The histogram's
 * configuration, a register of its own, follows in a second write
 * (hist.c; a histogram read after the reset may have made it already).
 * The outcome is kept for dev-get and sent as a reset-ntf notification.
 * The work waits for cfg_lock unkillably: a kworker gets no signals.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/timekeeping.h>

#include "compat.h"
#include "radp_nl.h"

static bool restore_config = true;
module_param(restore_config, bool, 0644);
MODULE_PARM_DESC(restore_config,
		 "Re-apply each device's last accepted profile and enables after a firmware reset (default Y)");

bool radp_restore_enabled(void)
{
	return READ_ONCE(restore_config);
}

/**
 * radp_dev_fw_reset_begin - the backend saw its firmware go down
 * @dev: the device
 *
 * Commands fail with -EAGAIN ("device is resetting") until
 * radp_dev_fw_reset() is called.
 */
void radp_dev_fw_reset_begin(struct radp_dev *dev)
{
	WRITE_ONCE(dev->resetting, true);
	radp_snap_invalidate(dev);
}
EXPORT_SYMBOL_GPL(radp_dev_fw_reset_begin);

/**
 * radp_dev_fw_reset - the backend's firmware is back from a reset
 * @dev: the device
 *
 * May be called from any context; the restore runs from a workqueue.
 */
void radp_dev_fw_reset(struct radp_dev *dev)
{
	dev->reset_end = ktime_get();
	radp_snap_invalidate(dev);
	/* Other firmware may be running now: ask it again. */
	WRITE_ONCE(dev->absent, 0);
	WRITE_ONCE(dev->resetting, false);
	queue_work(system_dfl_wq, &dev->restore_work);
}
EXPORT_SYMBOL_GPL(radp_dev_fw_reset);

/* Under cfg_lock: one write holding the saved ROCE_ACCL state, if any. */
static int radp_restore_accl(struct radp_dev *dev,
			     struct netlink_ext_ack *extack)
{
	const struct radp_saved_cfg *s = &dev->saved;
	struct radp_roce_accl w = {};

	if (!s->enables_mask && !s->has_profile)
		return 0;

	w.field_select = s->enables_mask;
	memcpy(w.features, s->features, sizeof(w.features));
	if (s->has_profile) {
		w.profile_select = 1;
		w.profile_id = s->profile_id;
		w.profile = s->profile;
	}
	return radp_accl_write(dev, &w, extack) ?: 1;
}

/* Under cfg_lock: ROCE_ACCL, then the histogram; the outcome, or an errno. */
static int radp_restore_locked(struct radp_dev *dev,
			       struct netlink_ext_ack *extack)
{
	int accl, hist;

	if (!radp_restore_enabled())
		return ROCE_ADP_RESTORE_OUTCOME_DISABLED;
	accl = radp_restore_accl(dev, extack);
	if (accl < 0)
		return accl;
	hist = radp_hist_restore(dev, extack);
	if (hist < 0)
		return hist;
	return accl || hist ? ROCE_ADP_RESTORE_OUTCOME_RESTORED :
			      ROCE_ADP_RESTORE_OUTCOME_NOTHING;
}

static void radp_restore_work(struct work_struct *work)
{
	struct radp_dev *dev = container_of(work, struct radp_dev,
					    restore_work);
	struct netlink_ext_ack extack = {};
	struct radp_restore_state st = {};
	int ret;

	mutex_lock(&dev->cfg_lock);
	ret = radp_restore_locked(dev, &extack);
	st.resets = dev->restore.resets + 1;
	st.time = ktime_get_real_seconds();
	st.duration_us = ktime_us_delta(ktime_get(), dev->reset_end);
	if (ret < 0) {
		st.outcome = ROCE_ADP_RESTORE_OUTCOME_FAILED;
		st.err = ret;
		strscpy(st.msg, extack._msg ?: "", sizeof(st.msg));
		pr_warn("%s: restoring the configuration after a firmware reset failed (%d): %s\n",
			dev->name, ret, st.msg);
	} else {
		st.outcome = ret;
	}
	spin_lock(&dev->state_lock);
	dev->restore = st;
	spin_unlock(&dev->state_lock);
	radp_nl_notify(dev, ROCE_ADP_CMD_RESET_NTF, NULL, NULL);
	mutex_unlock(&dev->cfg_lock);
}

void radp_reset_dev_init(struct radp_dev *dev)
{
	dev->resetting = false;
	dev->removing = false;
	init_waitqueue_head(&dev->cmd_wq);
	memset(&dev->restore, 0, sizeof(dev->restore));
	INIT_WORK(&dev->restore_work, radp_restore_work);
}

/* The device is leaving: no restore may run on it afterwards. */
void radp_reset_dev_fini(struct radp_dev *dev)
{
	WRITE_ONCE(dev->removing, true);
	wake_up_all(&dev->cmd_wq);
	cancel_work_sync(&dev->restore_work);
}
