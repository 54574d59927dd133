/* SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause) */
/*
 * roce_adp: generic netlink interface to the ROCE_ACCL register of
 * NVIDIA ConnectX NICs (RoCE adaptive retransmission).
 *
 * Documentation/netlink/specs/roce_adp.yaml describes this family; keep the
 * two in step.
 */
#ifndef _UAPI_LINUX_ROCE_ADP_H
#define _UAPI_LINUX_ROCE_ADP_H

#define ROCE_ADP_FAMILY_NAME		"roce_adp"
#define ROCE_ADP_FAMILY_VERSION		1
#define ROCE_ADP_MCGRP_CONFIG		"config"

/* Longest device name, including the terminating NUL. */
#define ROCE_ADP_DEV_NAME_LEN		32

enum roce_adp_backend {
	ROCE_ADP_BACKEND_EMULATED = 1,
	ROCE_ADP_BACKEND_MLX5,
};

enum {
	ROCE_ADP_A_UNSPEC,
	ROCE_ADP_A_DEV_NAME,		/* string: device handle */
	ROCE_ADP_A_DEV_BACKEND,		/* u32: enum roce_adp_backend */
	ROCE_ADP_A_DEV_FW_VERSION,	/* string: "major.minor.subminor" */
	ROCE_ADP_A_DEV_ROCE_ACCL,	/* u8: 1 if ROCE_ACCL is supported */

	__ROCE_ADP_A_MAX,
	ROCE_ADP_A_MAX = (__ROCE_ADP_A_MAX - 1)
};

enum {
	ROCE_ADP_CMD_UNSPEC,
	ROCE_ADP_CMD_DEV_GET,		/* do: by ROCE_ADP_A_DEV_NAME; dump: all */

	__ROCE_ADP_CMD_MAX,
	ROCE_ADP_CMD_MAX = (__ROCE_ADP_CMD_MAX - 1)
};

#endif /* _UAPI_LINUX_ROCE_ADP_H */
