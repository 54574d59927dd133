// SPDX-License-Identifier: GPL-2.0
/*
 * roce_adp_mlx5: the ConnectX backend. Every PCI function bound to
 * mlx5_core becomes a roce_adp device named by its PCI address, whose
 * command mailboxes run through mlx5_cmd_do() (mlx5_cmd_exec() before
 * 5.18, compat_mlx5.h).
 *
 * Lifetime. A function is attached once mlx5_core has bound it: at load
 * for those already bound, later from the PCI bus notifier
 * (BUS_NOTIFY_BOUND_DRIVER). It is detached on BUS_NOTIFY_UNBIND_DRIVER,
 * which the driver core sends under the device lock before it calls
 * mlx5_core's remove; radp_dev_unregister() waits for the requests in
 * flight, so nothing here uses the mlx5_core_dev once remove runs. Each
 * command runs under the function's devlink instance lock (its
 * intf_state_mutex before 5.19, compat_mlx5.h), which mlx5_core holds
 * whenever it tears down and rebuilds the function while it stays
 * bound (devlink reload, health recovery, firmware reset, PCI error,
 * suspend), so a command never meets a command interface being freed.
 *
 * Firmware resets. mlx5_core puts the function in its error state before
 * any firmware reset or recovery (a synchronous reset for firmware
 * activation, health recovery after a fatal error, a PCI error) and says
 * so with MLX5_DEV_EVENT_SYS_ERROR on its firmware notifier chain; it then
 * rebuilds the function under the devlink lock. The backend reports the
 * reset to the core at that event and its end once the function is up
 * again, and the core restores the configuration.
 *
 * debugfs. Each attached function has a directory
 * /sys/kernel/debug/roce_adp/mlx5/<PCI address>/ holding the core's files
 * (fw_cmds: the commands sent to its firmware), made once the function is
 * fully attached and removed first thing at detach.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/list.h>
#include <linux/mlx5/driver.h>
#include <linux/mlx5/mlx5_ifc.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include <net/devlink.h>

#include "compat_mlx5.h"
#include "radp_mkc.h"
#include "roce_adp.h"

#define RADP_MLX5_DRIVER	"mlx5_core"

/* How often a function in its error state is checked for being back. */
#define RADP_MLX5_BACK_POLL		msecs_to_jiffies(100)
#define RADP_MLX5_BACK_POLL_SLOW	HZ
#define RADP_MLX5_BACK_POLL_FAST_FOR	(30 * HZ)

/**
 * struct radp_mlx5 - one attached PCI function
 * @radp: its registration with the core, named by its PCI address
 * @pdev: the function, with a reference
 * @mdev: mlx5_core's device, valid while the function stays bound
 * @list: in radp_mlx5_list
 * @fw_nb: on mlx5_core's firmware notifier chain, for its error state
 * @back_work: polls for the end of a firmware reset
 * @reset_lock: orders the events with @back_work's end of a reset
 * @reset_events: MLX5_DEV_EVENT_SYS_ERROR events seen
 * @resetting: the core was told of a reset whose end it has not seen
 * @reset_start: jiffies at the start of that reset
 * @ddir: its debugfs directory, under radp_mlx5_debugfs
 */
struct radp_mlx5 {
	struct radp_dev radp;
	struct pci_dev *pdev;
	struct mlx5_core_dev *mdev;
	struct list_head list;
	struct notifier_block fw_nb;
	struct delayed_work back_work;
	spinlock_t reset_lock;	/* the three fields below */
	unsigned int reset_events;
	bool resetting;
	unsigned long reset_start;
	struct dentry *ddir;
};

static LIST_HEAD(radp_mlx5_list);
/* Protects radp_mlx5_list and radp_mlx5_exiting. */
static DEFINE_MUTEX(radp_mlx5_lock);
/* Set at module exit: functions bound from then on are not attached. */
static bool radp_mlx5_exiting;
/* /sys/kernel/debug/roce_adp/mlx5/, for the lifetime of the module. */
static struct dentry *radp_mlx5_debugfs;

/*
 * The only commands the core builds: ROCE_ACCL through ACCESS_REG, when
 * the firmware has it, the retransmission histogram's two registers
 * (firmware without them answers BAD_OP) and QUERY_MKEY. Nothing else
 * reaches real hardware.
 */
static bool radp_mlx5_cmd_allowed(struct radp_mlx5 *m, const void *in)
{
	void *mbox = (void *)in;	/* MLX5_GET() takes no const */

	/* Every inbox starts with the opcode, as access_register_in does. */
	switch (MLX5_GET(access_register_in, mbox, opcode)) {
	case MLX5_CMD_OP_ACCESS_REG:
		switch (MLX5_GET(access_register_in, mbox, register_id)) {
		case RADP_REG_ID_ROCE_ACCL:
			return READ_ONCE(m->radp.roce_accl_cap);
		case RADP_REG_ID_HIST_CONFIG:
		case RADP_REG_ID_HIST:
			return true;
		}
		return false;
	case MLX5_CMD_OP_QUERY_MKEY:
		return true;
	}
	return false;
}

static int radp_mlx5_exec(struct radp_dev *radp, const void *in, size_t inlen,
			  void *out, size_t outlen)
{
	struct radp_mlx5 *m = container_of(radp, struct radp_mlx5, radp);
	int err;

	if (!radp_mlx5_cmd_allowed(m, in))
		return -EOPNOTSUPP;

	radp_mlx5_dev_lock(m->mdev);
	/* mlx5_core only reads the inbox; a bad status is left in @out. */
	err = radp_mlx5_cmd(m->mdev, (void *)in, inlen, out, outlen);
	radp_mlx5_dev_unlock(m->mdev);
	return err;
}

/* MPT entry @index is mkey index @index: its context is what QUERY_MKEY says. */
static int radp_mlx5_query_mpt(struct radp_dev *radp, u32 index,
			       struct radp_mpt *mpt, u8 *raw,
			       struct netlink_ext_ack *extack)
{
	/* Zeroed: a command that never reached the firmware leaves it so. */
	u32 out[MLX5_ST_SZ_DW(query_mkey_out)] = {};
	u32 in[MLX5_ST_SZ_DW(query_mkey_in)] = {};
	int err;

	/* The shared codec's QUERY_MKEY, against mlx5_ifc.h. */
	BUILD_BUG_ON(MLX5_ST_SZ_BYTES(mkc) != RADP_MKC_LEN);
	BUILD_BUG_ON(__mlx5_bit_sz(query_mkey_in, mkey_index) !=
		     RADP_MKEY_INDEX_BITS);
	BUILD_BUG_ON(MLX5_CMD_OP_QUERY_MKEY != RADP_CMD_OP_QUERY_MKEY);
	BUILD_BUG_ON(sizeof(in) != RADP_QUERY_MKEY_IN_LEN);
	BUILD_BUG_ON(sizeof(out) != RADP_QUERY_MKEY_OUT_LEN);
	/* mkey_index ends its dword */
	BUILD_BUG_ON(__mlx5_bit_off(query_mkey_in, mkey_index) +
		     RADP_MKEY_INDEX_BITS != 8 * RADP_QUERY_MKEY_INDEX_OFF + 32);
	BUILD_BUG_ON(MLX5_BYTE_OFF(query_mkey_out, memory_key_mkey_entry) !=
		     RADP_QUERY_MKEY_MKC_OFF);
	BUILD_BUG_ON((int)MLX5_CMD_STAT_BAD_RES_STATE_ERR !=
		     (int)RADP_CMD_STAT_BAD_RES_STATE);

	if (index >= radp->mpt_count) {
		NL_SET_ERR_MSG(extack, "MPT index beyond the device's mkey table");
		return -ERANGE;
	}

	radp_query_mkey_in(in, index);
	err = radp_cmd_exec(radp, in, sizeof(in), out, sizeof(out), extack);
	err = radp_query_mkey_mpt(out, err, index, mpt);
	if (err)
		return err;
	/* No mkey at the index is an entry, not the status's error. */
	if (mpt->status == RADP_MPT_STATUS_INVALID && extack)
		extack->_msg = NULL;
	if (raw)
		radp_mpt_pack(raw, mpt);
	return 0;
}

static const struct radp_backend_ops radp_mlx5_ops = {
	.kind = ROCE_ADP_BACKEND_MLX5,
	.exec = radp_mlx5_exec,
	.query_mpt = radp_mlx5_query_mpt,
};

/* mlx5_core calls its firmware chain in atomic context. */
static int radp_mlx5_fw_event(struct notifier_block *nb, unsigned long event,
			      void *data)
{
	struct radp_mlx5 *m = container_of(nb, struct radp_mlx5, fw_nb);
	unsigned long flags;

	if (event != MLX5_DEV_EVENT_SYS_ERROR)
		return NOTIFY_DONE;
	spin_lock_irqsave(&m->reset_lock, flags);
	m->reset_events++;
	if (!m->resetting) {
		m->resetting = true;
		m->reset_start = jiffies;
	}
	radp_dev_fw_reset_begin(&m->radp);
	mod_delayed_work(system_percpu_wq, &m->back_work,
			 RADP_MLX5_BACK_POLL);
	spin_unlock_irqrestore(&m->reset_lock, flags);
	return NOTIFY_OK;
}

/*
 * The reset is over once mlx5_core has loaded the function again and no
 * new error was reported meanwhile. It loads and unloads under the devlink
 * lock, so what is read under it is not a function half rebuilt.
 */
static void radp_mlx5_back_work(struct work_struct *work)
{
	struct radp_mlx5 *m = container_of(to_delayed_work(work),
					   struct radp_mlx5, back_work);
	unsigned long flags, delay;
	unsigned int events;
	bool up, ended = false;
	u32 ms = 0;

	spin_lock_irqsave(&m->reset_lock, flags);
	events = m->reset_events;
	spin_unlock_irqrestore(&m->reset_lock, flags);

	radp_mlx5_dev_lock(m->mdev);
	up = READ_ONCE(m->mdev->state) == MLX5_DEVICE_STATE_UP &&
	     test_bit(MLX5_INTERFACE_STATE_UP, &m->mdev->intf_state);
	radp_mlx5_dev_unlock(m->mdev);

	spin_lock_irqsave(&m->reset_lock, flags);
	if (events != m->reset_events) {
		/* A new error: its event has queued this work again. */
	} else if (!up) {
		/* Recovery may be slow, or never come: poll less often. */
		delay = time_before(jiffies, m->reset_start +
					     RADP_MLX5_BACK_POLL_FAST_FOR) ?
			RADP_MLX5_BACK_POLL : RADP_MLX5_BACK_POLL_SLOW;
		queue_delayed_work(system_percpu_wq, &m->back_work, delay);
	} else if (m->resetting) {
		m->resetting = false;
		ms = jiffies_to_msecs(jiffies - m->reset_start);
		radp_dev_fw_reset(&m->radp);
		ended = true;
	}
	spin_unlock_irqrestore(&m->reset_lock, flags);

	if (ended)
		dev_info(&m->pdev->dev, "roce_adp: device %s back after %u ms in error state\n",
			 m->radp.name, ms);
}

static void radp_mlx5_fw_events_stop(struct radp_mlx5 *m)
{
	/* Returns once no callback runs, so nothing queues the work again. */
	mlx5_notifier_unregister(m->mdev, &m->fw_nb);
	cancel_delayed_work_sync(&m->back_work);
}

static struct radp_mlx5 *radp_mlx5_find_locked(struct pci_dev *pdev)
{
	struct radp_mlx5 *m;

	list_for_each_entry(m, &radp_mlx5_list, list)
		if (m->pdev == pdev)
			return m;
	return NULL;
}

static void radp_mlx5_free(struct radp_mlx5 *m)
{
	pci_dev_put(m->pdev);
	kfree(m);
}

/* What the core shows of the function, read as mlx5_core left it. */
static void radp_mlx5_read_caps(struct radp_mlx5 *m)
{
	struct mlx5_core_dev *mdev = m->mdev;
	u32 log_mkeys;

	/* As devlink dev info prints it. */
	radp_mlx5_dev_lock(mdev);
	snprintf(m->radp.fw_version, sizeof(m->radp.fw_version), "%d.%d.%04d",
		 fw_rev_maj(mdev), fw_rev_min(mdev), fw_rev_sub(mdev));
	m->radp.roce_accl_cap = MLX5_CAP_GEN(mdev, roce_accl);
	log_mkeys = MLX5_CAP_GEN(mdev, log_max_mkey);
	radp_mlx5_dev_unlock(mdev);

	m->radp.mpt_count = 1U << min_t(u32, log_mkeys, RADP_MKEY_INDEX_BITS);
}

/* Called under the device lock, which orders it with detach. */
static void radp_mlx5_attach(struct pci_dev *pdev)
{
	struct mlx5_core_dev *mdev = pci_get_drvdata(pdev);
	struct radp_mlx5 *m;
	bool known;
	int err;

	if (!mdev)
		return;
	mutex_lock(&radp_mlx5_lock);
	known = radp_mlx5_find_locked(pdev) || radp_mlx5_exiting;
	mutex_unlock(&radp_mlx5_lock);
	if (known)
		return;

	m = kzalloc(sizeof(*m), GFP_KERNEL);
	if (!m)
		return;
	m->pdev = pci_dev_get(pdev);
	m->mdev = mdev;
	m->radp.ops = &radp_mlx5_ops;
	m->fw_nb.notifier_call = radp_mlx5_fw_event;
	INIT_DELAYED_WORK(&m->back_work, radp_mlx5_back_work);
	spin_lock_init(&m->reset_lock);
	strscpy(m->radp.name, pci_name(pdev), sizeof(m->radp.name));
	radp_mlx5_read_caps(m);

	err = radp_dev_register(&m->radp);
	if (err) {
		dev_warn(&pdev->dev, "roce_adp: cannot register device %s: %d\n",
			 m->radp.name, err);
		goto err_free;
	}

	err = mlx5_notifier_register(mdev, &m->fw_nb);
	if (err) {
		dev_warn(&pdev->dev, "roce_adp: cannot follow firmware resets of %s: %d\n",
			 m->radp.name, err);
		goto err_unregister;
	}

	mutex_lock(&radp_mlx5_lock);
	if (radp_mlx5_exiting) {
		mutex_unlock(&radp_mlx5_lock);
		goto err_fw_events;
	}
	list_add_tail(&m->list, &radp_mlx5_list);
	mutex_unlock(&radp_mlx5_lock);

	/* Under the device lock: detach, which removes it, comes after. */
	m->ddir = debugfs_create_dir(m->radp.name, radp_mlx5_debugfs);
	radp_dev_debugfs_init(&m->radp, m->ddir);

	dev_info(&pdev->dev, "roce_adp: device %s, firmware %s, ROCE_ACCL %s\n",
		 m->radp.name, m->radp.fw_version,
		 m->radp.roce_accl_cap ? "supported" :
		 "not supported (cmd_hca_cap.roce_accl is 0)");
	return;

err_fw_events:
	radp_mlx5_fw_events_stop(m);
err_unregister:
	radp_dev_unregister(&m->radp);
err_free:
	radp_mlx5_free(m);
}

/* Called under the device lock, before mlx5_core's remove. */
static void radp_mlx5_detach(struct pci_dev *pdev)
{
	struct radp_mlx5 *m;

	mutex_lock(&radp_mlx5_lock);
	m = radp_mlx5_find_locked(pdev);
	if (m)
		list_del(&m->list);
	mutex_unlock(&radp_mlx5_lock);
	if (!m)
		return;

	/* Waits for the readers and writers of its files. */
	debugfs_remove_recursive(m->ddir);
	radp_mlx5_fw_events_stop(m);
	/* Returns once no request uses m->mdev any more. */
	radp_dev_unregister(&m->radp);
	dev_info(&pdev->dev, "roce_adp: device %s removed\n", m->radp.name);
	radp_mlx5_free(m);
}

static bool radp_mlx5_bound(struct device *dev)
{
	return dev->driver && !strcmp(dev->driver->name, RADP_MLX5_DRIVER);
}

static int radp_mlx5_notify(struct notifier_block *nb, unsigned long action,
			    void *data)
{
	struct device *dev = data;

	switch (action) {
	case BUS_NOTIFY_BOUND_DRIVER:
		if (radp_mlx5_bound(dev))
			radp_mlx5_attach(to_pci_dev(dev));
		break;
	case BUS_NOTIFY_UNBIND_DRIVER:
		radp_mlx5_detach(to_pci_dev(dev));
		break;
	}
	return NOTIFY_DONE;
}

static struct notifier_block radp_mlx5_nb = {
	.notifier_call = radp_mlx5_notify,
};

static int radp_mlx5_attach_bound(struct device *dev, void *data)
{
	device_lock(dev);
	if (radp_mlx5_bound(dev))
		radp_mlx5_attach(to_pci_dev(dev));
	device_unlock(dev);
	return 0;
}

static int __init radp_mlx5_init(void)
{
	unsigned int count = 0;
	struct radp_mlx5 *m;
	int err;

	/*
	 * The notifier first, then the functions already bound: one bound in
	 * between is seen twice, and attach ignores the second time.
	 */
	radp_mlx5_debugfs = radp_debugfs_backend_dir("mlx5");
	err = bus_register_notifier(&pci_bus_type, &radp_mlx5_nb);
	if (err) {
		debugfs_remove_recursive(radp_mlx5_debugfs);
		return err;
	}
	bus_for_each_dev(&pci_bus_type, NULL, NULL, radp_mlx5_attach_bound);

	mutex_lock(&radp_mlx5_lock);
	list_for_each_entry(m, &radp_mlx5_list, list)
		count++;
	mutex_unlock(&radp_mlx5_lock);
	pr_info("attached to %u %s PCI function(s)\n", count, RADP_MLX5_DRIVER);
	return 0;
}

static void __exit radp_mlx5_exit(void)
{
	struct radp_mlx5 *m;
	struct pci_dev *pdev;

	mutex_lock(&radp_mlx5_lock);
	radp_mlx5_exiting = true;
	mutex_unlock(&radp_mlx5_lock);

	/*
	 * Detach under each device's lock, as the notifier does, so that an
	 * unbind already under way finishes with our detach, not without it.
	 */
	for (;;) {
		mutex_lock(&radp_mlx5_lock);
		m = list_first_entry_or_null(&radp_mlx5_list, struct radp_mlx5,
					     list);
		pdev = m ? pci_dev_get(m->pdev) : NULL;
		mutex_unlock(&radp_mlx5_lock);
		if (!pdev)
			break;
		device_lock(&pdev->dev);
		radp_mlx5_detach(pdev);
		device_unlock(&pdev->dev);
		pci_dev_put(pdev);
	}
	bus_unregister_notifier(&pci_bus_type, &radp_mlx5_nb);
	debugfs_remove_recursive(radp_mlx5_debugfs);
}

module_init(radp_mlx5_init);
module_exit(radp_mlx5_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("roce_adp backend for ConnectX NICs driven by mlx5_core");
MODULE_AUTHOR("roce_adp developers");
MODULE_VERSION(RADP_VERSION);
