// SPDX-License-Identifier: GPL-2.0
/*
 * MPT entries through QUERY_MPT: the only place that builds its mailbox.
 * A backend whose firmware keeps the information elsewhere provides
 * query_mpt instead (mlx5: the mkey context).
 */

#include <linux/string.h>

#include "compat.h"
#include "roce_adp.h"

#define RADP_QUERY_MPT_OUT_LEN	(RADP_QUERY_MPT_OUT_ENTRY_OFF + RADP_MPT_LEN)

/**
 * radp_mpt_query - read one MPT entry
 * @dev: the device
 * @index: the entry's index
 * @mpt: the entry, decoded; free and invalid entries come back with their
 *	status, not as an error
 * @raw: if not NULL, RADP_MPT_LEN bytes for the entry as the firmware
 *	returned it
 * @extack: where to say why it failed
 */
int radp_mpt_query(struct radp_dev *dev, u32 index, struct radp_mpt *mpt,
		   u8 *raw, struct netlink_ext_ack *extack)
{
	u8 in[RADP_CMD_IN_HDR_LEN] = {};
	u8 out[RADP_QUERY_MPT_OUT_LEN];
	u32 count = READ_ONCE(dev->mpt_count);
	int err;

	if (index >= count && !READ_ONCE(dev->skip_checks)) {
		radp_extack_fmt(extack,
				"MPT index beyond the table of %u entries",
				count);
		return -ERANGE;
	}
	if (dev->ops->query_mpt)
		return dev->ops->query_mpt(dev, index, mpt, raw, extack);

	radp_set(in, RADP_CMD_IN_OPCODE, RADP_CMD_OP_QUERY_MPT);
	radp_set(in, RADP_QUERY_MPT_IN_INPUT_MODIFIER, index);
	err = radp_cmd_exec(dev, in, sizeof(in), out, sizeof(out), extack);
	if (err)
		return err;
	radp_mpt_unpack(out + RADP_QUERY_MPT_OUT_ENTRY_OFF, mpt);
	if (raw)
		memcpy(raw, out + RADP_QUERY_MPT_OUT_ENTRY_OFF, RADP_MPT_LEN);
	return 0;
}
