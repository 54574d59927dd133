// SPDX-License-Identifier: GPL-2.0
/*
 * roce_adp: control of RoCE adaptive retransmission (the ROCE_ACCL
 * register) on NVIDIA ConnectX NICs over generic netlink.
 */

#include <linux/debugfs.h>
#include <linux/module.h>

#include "compat.h"
#include "emu.h"

static unsigned int emu_devices = 1;
module_param(emu_devices, uint, 0444);
MODULE_PARM_DESC(emu_devices,
		 "Number of emulated devices (emu0, emu1, ...) created at load (default 1, 0 for none)");

struct dentry *radp_debugfs_root;

/**
 * radp_debugfs_backend_dir - a directory for a backend's devices
 * @name: the backend's name, the directory's
 *
 * Return: the directory /sys/kernel/debug/roce_adp/@name/, which the
 * backend removes (debugfs_remove_recursive()) before it unloads.
 */
struct dentry *radp_debugfs_backend_dir(const char *name)
{
	return debugfs_create_dir(name, radp_debugfs_root);
}
EXPORT_SYMBOL_GPL(radp_debugfs_backend_dir);

static int __init radp_init(void)
{
	int err;

	radp_debugfs_root = debugfs_create_dir(RADP_NAME, NULL);

	err = radp_emu_bus_init(emu_devices);
	if (err)
		goto err_debugfs_remove;

	err = radp_nl_init();
	if (err)
		goto err_emu_bus_fini;
	return 0;

err_emu_bus_fini:
	radp_emu_bus_fini();
err_debugfs_remove:
	debugfs_remove_recursive(radp_debugfs_root);
	radp_dev_registry_fini();
	return err;
}

static void __exit radp_exit(void)
{
	/* No request can reach a device once the family is gone. */
	radp_dev_abort_all();
	radp_nl_fini();
	radp_emu_bus_fini();
	debugfs_remove_recursive(radp_debugfs_root);
	radp_dev_registry_fini();
	radp_compat_fini();
}

module_init(radp_init);
module_exit(radp_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("RoCE adaptive retransmission (ROCE_ACCL) control over generic netlink");
MODULE_AUTHOR("roce_adp developers");
MODULE_VERSION(RADP_VERSION);
