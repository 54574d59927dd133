// SPDX-License-Identifier: GPL-2.0
/*
 * The ROCE_ACCL register (0x402c) through the ACCESS_REG command: the only
 * place that builds its mailboxes.
 */

#include <linux/string.h>

#include "roce_adp.h"

#define RADP_ACCESS_REG_LEN	(RADP_ACCESS_REG_DATA_OFF + RADP_ROCE_ACCL_LEN)

static int radp_accl_access(struct radp_dev *dev, u16 op_mod,
			    const struct radp_roce_accl *in_reg,
			    struct radp_roce_accl *out_reg, u8 *raw,
			    struct netlink_ext_ack *extack)
{
	u8 in[RADP_ACCESS_REG_LEN] = {};
	u8 out[RADP_ACCESS_REG_LEN];
	int err;

	if (!READ_ONCE(dev->roce_accl_cap)) {
		NL_SET_ERR_MSG(extack, "device does not support ROCE_ACCL");
		return -EOPNOTSUPP;
	}

	radp_set(in, RADP_CMD_IN_OPCODE, RADP_CMD_OP_ACCESS_REG);
	radp_set(in, RADP_CMD_IN_OP_MOD, op_mod);
	radp_set(in, RADP_ACCESS_REG_IN_REGISTER_ID, RADP_REG_ID_ROCE_ACCL);
	/* A query names its profile; the rest of its register is zero. */
	if (op_mod == RADP_ACCESS_REG_READ)
		radp_set(in + RADP_ACCESS_REG_DATA_OFF,
			 RADP_ROCE_ACCL_ADP_RETX_PROFILE_ID, in_reg->profile_id);
	else
		radp_roce_accl_pack(in + RADP_ACCESS_REG_DATA_OFF, in_reg);

	err = radp_cmd_exec(dev, in, sizeof(in), out, sizeof(out), extack);
	if (err)
		return err;
	if (out_reg)
		radp_roce_accl_unpack(out + RADP_ACCESS_REG_DATA_OFF, out_reg);
	if (raw)
		memcpy(raw, out + RADP_ACCESS_REG_DATA_OFF, RADP_ROCE_ACCL_LEN);
	return 0;
}

/**
 * radp_accl_query_raw - read ROCE_ACCL, and its raw bytes
 * @dev: the device
 * @profile_id: which profile to read; 0 reads the firmware's defaults and
 *	reports the profile in effect in @r->profile_id
 * @r: the register as the firmware answered
 * @raw: NULL, or where its RADP_ROCE_ACCL_LEN bytes go as they came
 * @extack: where to say why it failed
 */
int radp_accl_query_raw(struct radp_dev *dev, u32 profile_id,
			struct radp_roce_accl *r, u8 *raw,
			struct netlink_ext_ack *extack)
{
	struct radp_roce_accl q = { .profile_id = profile_id };

	return radp_accl_access(dev, RADP_ACCESS_REG_READ, &q, r, raw, extack);
}

int radp_accl_query(struct radp_dev *dev, u32 profile_id,
		    struct radp_roce_accl *r, struct netlink_ext_ack *extack)
{
	return radp_accl_query_raw(dev, profile_id, r, NULL, extack);
}

/*
 * Write ROCE_ACCL: the *_select bits of @w say what changes. Under
 * cfg_lock; the snapshot is stale from now until the SET's read-back.
 */
int radp_accl_write(struct radp_dev *dev, const struct radp_roce_accl *w,
		    struct netlink_ext_ack *extack)
{
	radp_snap_written(dev);
	return radp_accl_access(dev, RADP_ACCESS_REG_WRITE, w, NULL, NULL,
				extack);
}

void radp_accl_caps(const struct radp_roce_accl *r, struct radp_caps *caps)
{
	caps->profile_max_id = r->profile_max_id;
	caps->profile_max_range_num = r->profile_max_range_num;
	caps->base_timeout_min = r->base_timeout_min;
}
