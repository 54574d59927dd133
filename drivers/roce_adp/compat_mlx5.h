/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mlx5_core differences for the ConnectX backend, switched by the probes
 * of compat.mk (RADP_HAVE_*), never by version numbers.
 */
#ifndef _RADP_COMPAT_MLX5_H
#define _RADP_COMPAT_MLX5_H

#include <linux/mlx5/driver.h>
#include <linux/mlx5/mlx5_ifc.h>
#include <net/devlink.h>

#include "compat_wq.h"

/*
 * The lock mlx5_core holds while it tears a function down and rebuilds it
 * (reload, health recovery, firmware reset): the devlink instance lock from
 * 5.19 (devl_lock()); before, its intf_state_mutex, which
 * mlx5_load_one() and mlx5_unload_one() take.
 */
static inline void radp_mlx5_dev_lock(struct mlx5_core_dev *mdev)
{
#ifdef RADP_HAVE_DEVL_LOCK
	devl_lock(priv_to_devlink(mdev));
#else
	mutex_lock(&mdev->intf_state_mutex);
#endif
}

static inline void radp_mlx5_dev_unlock(struct mlx5_core_dev *mdev)
{
#ifdef RADP_HAVE_DEVL_LOCK
	devl_unlock(priv_to_devlink(mdev));
#else
	mutex_unlock(&mdev->intf_state_mutex);
#endif
}

/*
 * One command. 0 once the firmware answered, whatever the status it put in
 * @out; an errno when the command did not get an answer. mlx5_cmd_do()
 * (5.18) says -EREMOTEIO for a bad status. Before, mlx5_cmd_exec() turns
 * the status into an errno itself, so the status is read back from the
 * outbox, as mlx5_cmd_mbox_status() does (not exported then). The outbox
 * is zeroed first so that a command without an answer reads as status 0.
 */
static inline int radp_mlx5_cmd(struct mlx5_core_dev *mdev, void *in,
				int inlen, void *out, int outlen)
{
#ifdef RADP_HAVE_MLX5_CMD_DO
	int err = mlx5_cmd_do(mdev, in, inlen, out, outlen);

	return err == -EREMOTEIO ? 0 : err;
#else
	int err;

	memset(out, 0, outlen);
	err = mlx5_cmd_exec(mdev, in, inlen, out, outlen);
	/* Every outbox starts with the status, as in access_register_out. */
	if (err && MLX5_GET(access_register_out, out, status))
		return 0;
	return err;
#endif
}

#endif /* _RADP_COMPAT_MLX5_H */
