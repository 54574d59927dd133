/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * The firmware's command statuses: each one's name and the errno a
 * command answered with it fails with, and the text that says so. Built
 * into the kernel module (cmd.c) and adpctl (libradp, its fwctl
 * transport), so that a status reads the same on either path.
 */
#ifndef _RADP_STATUS_H
#define _RADP_STATUS_H

#include "radp_ifc.h"

#ifndef __KERNEL__
#include <stdbool.h>
#endif

struct radp_cmd_status {
	u8 status;
	int err;		/* negative errno, 0 for OK */
	const char *name;
};

/* @status's entry; an unknown status gets "UNKNOWN" and -EIO. */
const struct radp_cmd_status *radp_cmd_status_find(u8 status);
const char *radp_cmd_status_name(u8 status);

/* The firmware is busy: the command may be sent again. */
static inline bool radp_cmd_status_transient(u8 status)
{
	return status == RADP_CMD_STAT_RES_BUSY ||
	       status == RADP_CMD_STAT_NOT_READY;
}

/*
 * What a failed command says: name, status, syndrome; within an extack
 * message's 80 bytes, and without the time, which would make each text
 * new (6.1's compat.c keeps every one).
 */
#define RADP_CMD_STATUS_FMT	"firmware status %s (0x%02x), syndrome 0x%08x"
#define RADP_CMD_STATUS_TRIES_FMT	RADP_CMD_STATUS_FMT ", after %u tries"

#endif /* _RADP_STATUS_H */
