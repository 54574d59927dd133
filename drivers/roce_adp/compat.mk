# SPDX-License-Identifier: GPL-2.0
# Header probes for compat.h: each defines RADP_HAVE_<feature> when the
# kernel's headers provide it. They look at what the headers declare, not
# at version numbers, so distribution backports are handled too. Included
# by each module's Kbuild (ccflags-y of that directory).
radp_probe = $(if $(shell grep -qsF '$(2)' $(srctree)/$(1) && echo y),-D$(3))
# mlx5_core's headers: NVIDIA's when the backend is built against them
# (OFA_KERNEL), else the kernel's.
radp_mlx5_probe = $(if $(shell grep -qsF '$(2)' $(or $(OFA_KERNEL),$(srctree))/$(1) && echo y),-D$(3))

# 6.2: the parsed attributes of a dump in a struct genl_info
radp_genl_info_dump := genl_info_dump(struct netlink_callback
ccflags-y += $(call radp_probe,include/net/genetlink.h,$(radp_genl_info_dump),RADP_HAVE_GENL_INFO_DUMP)
# 6.6: const pointers to policy ranges
radp_const_range := const struct netlink_range_validation *range;
ccflags-y += $(call radp_probe,include/net/netlink.h,$(radp_const_range),RADP_HAVE_CONST_NLA_RANGE)
# 5.19: devl_lock(), the devlink instance lock drivers take
radp_devl_lock := void devl_lock(struct devlink *devlink);
ccflags-y += $(call radp_probe,include/net/devlink.h,$(radp_devl_lock),RADP_HAVE_DEVL_LOCK)
# 5.18: mlx5_cmd_do(), which returns -EREMOTEIO for a bad outbox status
radp_mlx5_cmd_do := int mlx5_cmd_do(struct mlx5_core_dev *dev,
ccflags-y += $(call radp_mlx5_probe,include/linux/mlx5/driver.h,$(radp_mlx5_cmd_do),RADP_HAVE_MLX5_CMD_DO)
# 5.15: devlink_alloc() takes the device, devlink_register() no longer
radp_devlink_register_dev := int devlink_register(struct devlink *devlink, struct device *dev);
ccflags-y += $(call radp_probe,include/net/devlink.h,$(radp_devlink_register_dev),RADP_HAVE_DEVLINK_REGISTER_DEV)
# 5.16: the capabilities as pointers (mlx5_core_dev's caps.hca[])
radp_mlx5_caps_ptr := struct mlx5_hca_cap *hca[MLX5_CAP_NUM];
ccflags-y += $(call radp_mlx5_probe,include/linux/mlx5/driver.h,$(radp_mlx5_caps_ptr),RADP_HAVE_MLX5_CAPS_PTR)
# 6.17: system_percpu_wq and system_dfl_wq, the system workqueues' new names
radp_system_dfl_wq := extern struct workqueue_struct *system_dfl_wq;
ccflags-y += $(call radp_probe,include/linux/workqueue.h,$(radp_system_dfl_wq),RADP_HAVE_SYSTEM_DFL_WQ)
# 7.x: hex2bin() only in <linux/hex.h> (split out of kernel.h in 6.x)
ccflags-y += $(if $(wildcard $(srctree)/include/linux/hex.h),-DRADP_HAVE_LINUX_HEX_H)
