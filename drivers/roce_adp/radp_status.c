// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/* The firmware's command statuses; see radp_status.h. */

#ifdef __KERNEL__
#include <linux/errno.h>
#include <linux/kernel.h>
#else
#include <errno.h>
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

#include "radp_status.h"

#define RADP_CMD_STATUS(_name, _err) \
	{ .status = RADP_CMD_STAT_##_name, .err = _err, .name = #_name }

/* The errno values are those mlx5_core returns for the same status. */
static const struct radp_cmd_status radp_cmd_statuses[] = {
	RADP_CMD_STATUS(OK, 0),
	RADP_CMD_STATUS(INT_ERR, -EIO),
	RADP_CMD_STATUS(BAD_OP, -EINVAL),
	RADP_CMD_STATUS(BAD_PARAM, -EINVAL),
	RADP_CMD_STATUS(BAD_SYS_STATE, -EIO),
	RADP_CMD_STATUS(BAD_RES, -EINVAL),
	RADP_CMD_STATUS(RES_BUSY, -EBUSY),
	RADP_CMD_STATUS(NOT_READY, -EAGAIN),
	RADP_CMD_STATUS(LIM, -ENOMEM),
	RADP_CMD_STATUS(BAD_RES_STATE, -EINVAL),
	RADP_CMD_STATUS(IX, -EINVAL),
	RADP_CMD_STATUS(NO_RES, -EAGAIN),
	RADP_CMD_STATUS(BAD_INP_LEN, -EIO),
	RADP_CMD_STATUS(BAD_OUTP_LEN, -EIO),
};

static const struct radp_cmd_status radp_cmd_status_unknown = {
	.err = -EIO, .name = "UNKNOWN",
};

const struct radp_cmd_status *radp_cmd_status_find(u8 status)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(radp_cmd_statuses); i++)
		if (radp_cmd_statuses[i].status == status)
			return &radp_cmd_statuses[i];
	return &radp_cmd_status_unknown;
}

const char *radp_cmd_status_name(u8 status)
{
	return radp_cmd_status_find(status)->name;
}
