// SPDX-License-Identifier: GPL-2.0
/*
 * roce_adp: control of RoCE adaptive retransmission (the ROCE_ACCL
 * register) on NVIDIA ConnectX NICs over generic netlink.
 */

#include <linux/debugfs.h>
#include <linux/module.h>

#include "compat.h"
#include "roce_adp.h"

/*
 * /sys/kernel/debug/roce_adp/: a directory per backend (or per device of a
 * backend), each holding its devices' files. The core creates no device:
 * backends (roce_adp_mlx5, the emulator roce_adp_emu) register them.
 */
static struct dentry *radp_debugfs_root;

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

	err = radp_nl_init();
	if (err)
		goto err_debugfs_remove;
	return 0;

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
