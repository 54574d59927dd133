// SPDX-License-Identifier: GPL-2.0
/*
 * Device registry: every backend registers its devices here, and the netlink
 * layer finds them here by name or walks them for dumps.
 *
 * Lookups run under RCU and take a reference; unregistering waits until the
 * last request using the device has dropped it, so a backend may free its
 * state right after radp_dev_unregister() returns.
 */

#include <linux/export.h>
#include <linux/rcupdate.h>
#include <linux/string.h>
#include <linux/xarray.h>

#include "radp_nl.h"

static DEFINE_XARRAY_ALLOC(radp_devs);
/*
 * Indexes are allocated cyclically: a dump resumes at a device index, and
 * a device added after a removal must not take the removed one's place.
 */
static u32 radp_devs_next;
/* Serializes registration so that names stay unique. */
static DEFINE_MUTEX(radp_devs_lock);
/*
 * Moved by every registration and removal: a dump of all devices that
 * sees it move between its calls is flagged NLM_F_DUMP_INTR (a device it
 * has not reached may be gone, or one it passed re-created).
 */
static atomic_t radp_devs_gen = ATOMIC_INIT(0);

u32 radp_dev_registry_gen(void)
{
	return atomic_read(&radp_devs_gen);
}

static struct radp_dev *radp_dev_find_locked(const char *name)
{
	struct radp_dev *dev;
	unsigned long index;

	xa_for_each(&radp_devs, index, dev)
		if (!strcmp(dev->name, name))
			return dev;
	return NULL;
}

/* Tell the "config" group that @dev was added or removed. */
static void radp_dev_notify(struct radp_dev *dev, enum roce_adp_dev_event event)
{
	const struct radp_nl_req_info ri = { .dev_event = event };

	radp_nl_notify(dev, ROCE_ADP_CMD_DEV_NTF, &ri, NULL);
}

int radp_dev_register(struct radp_dev *dev)
{
	int err;

	refcount_set(&dev->users, 1);
	init_completion(&dev->released);
	mutex_init(&dev->cfg_lock);
	spin_lock_init(&dev->state_lock);
	atomic64_set(&dev->fw_cmds, 0);
	radp_snap_init(dev);
	radp_reset_dev_init(dev);

	mutex_lock(&radp_devs_lock);
	if (radp_dev_find_locked(dev->name)) {
		err = -EEXIST;
		goto unlock;
	}
	err = xa_alloc_cyclic(&radp_devs, &dev->index, dev, xa_limit_31b,
			      &radp_devs_next, GFP_KERNEL);
	if (err >= 0)
		atomic_inc(&radp_devs_gen);
unlock:
	mutex_unlock(&radp_devs_lock);
	if (err < 0) {
		mutex_destroy(&dev->cfg_lock);
		return err;
	}
	radp_dev_notify(dev, ROCE_ADP_DEV_EVENT_ADDED);
	return 0;
}
EXPORT_SYMBOL_GPL(radp_dev_register);

void radp_dev_unregister(struct radp_dev *dev)
{
	mutex_lock(&radp_devs_lock);
	xa_erase(&radp_devs, dev->index);
	atomic_inc(&radp_devs_gen);
	mutex_unlock(&radp_devs_lock);
	/*
	 * Requests in flight send no new command from now on (-ENODEV) and
	 * those waiting for an answer stop waiting: removal waits at most
	 * for the commands the firmware is executing, one command's time.
	 */
	WRITE_ONCE(dev->removing, true);
	wake_up_all(&dev->cmd_wq);
	/* Listeners that look it up now no longer find it. */
	radp_dev_notify(dev, ROCE_ADP_DEV_EVENT_REMOVED);

	/* No new lookups can find it; wait for those that already did. */
	synchronize_rcu();
	radp_reset_dev_fini(dev);
	radp_dev_put(dev);
	wait_for_completion(&dev->released);
	radp_hist_dev_fini(dev);
	mutex_destroy(&dev->cfg_lock);
}
EXPORT_SYMBOL_GPL(radp_dev_unregister);

struct radp_dev *radp_dev_get_by_name(const char *name)
{
	struct radp_dev *dev;
	unsigned long index;

	rcu_read_lock();
	xa_for_each(&radp_devs, index, dev) {
		if (!strcmp(dev->name, name) &&
		    refcount_inc_not_zero(&dev->users))
			goto out;
	}
	dev = NULL;
out:
	rcu_read_unlock();
	return dev;
}

/*
 * Return the first device whose index is at least *@index, with a
 * reference, and set *@index to that device's index. NULL at the end.
 */
struct radp_dev *radp_dev_get_next(unsigned long *index)
{
	struct radp_dev *dev;

	rcu_read_lock();
	for (dev = xa_find(&radp_devs, index, ULONG_MAX, XA_PRESENT); dev;
	     dev = xa_find_after(&radp_devs, index, ULONG_MAX, XA_PRESENT)) {
		if (refcount_inc_not_zero(&dev->users))
			break;
	}
	rcu_read_unlock();
	return dev;
}

void radp_dev_put(struct radp_dev *dev)
{
	if (refcount_dec_and_test(&dev->users))
		complete(&dev->released);
}

/*
 * Module exit: commands waiting for an answer that will never come end now
 * (-ENODEV), so that unregistering the family does not wait for timeouts.
 */
void radp_dev_abort_all(void)
{
	struct radp_dev *dev;
	unsigned long index;

	mutex_lock(&radp_devs_lock);
	xa_for_each(&radp_devs, index, dev) {
		WRITE_ONCE(dev->removing, true);
		wake_up_all(&dev->cmd_wq);
	}
	mutex_unlock(&radp_devs_lock);
}

void radp_dev_registry_fini(void)
{
	WARN_ON(!xa_empty(&radp_devs));
	xa_destroy(&radp_devs);
}
