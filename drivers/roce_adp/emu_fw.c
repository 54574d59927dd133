// SPDX-License-Identifier: GPL-2.0
/*
 * Firmware model of the emulated device. It executes command mailboxes the
 * way ConnectX firmware does and checks them on its own, without trusting
 * the driver's validation, so tests can reach every firmware rejection.
 */

#include <linux/string.h>

#include "radp_ifc.h"
#include "roce_adp.h"

struct radp_emu_fw_cmd {
	u16 opcode;
	/* Returns a command status; fills the output mailbox on success. */
	u8 (*exec)(struct radp_emu *emu, const void *in, size_t inlen,
		   void *out, size_t outlen, u32 *syndrome);
};

static const struct radp_emu_fw_cmd radp_emu_fw_cmds[] = {
	{ }	/* commands are added here as the model learns them */
};

static const struct radp_emu_fw_cmd *radp_emu_fw_cmd_find(u16 opcode)
{
	const struct radp_emu_fw_cmd *cmd;

	for (cmd = radp_emu_fw_cmds; cmd->exec; cmd++)
		if (cmd->opcode == opcode)
			return cmd;
	return NULL;
}

int radp_emu_fw_exec(struct radp_dev *dev, const void *in, size_t inlen,
		     void *out, size_t outlen)
{
	struct radp_emu *emu = container_of(dev, struct radp_emu, radp);
	const struct radp_emu_fw_cmd *cmd;
	u32 syndrome = 0;
	u8 status;

	if (outlen < RADP_CMD_OUT_HDR_LEN)
		return -EINVAL;	/* nowhere to put a status */
	if (inlen < RADP_CMD_IN_HDR_LEN) {
		status = RADP_CMD_STAT_BAD_INP_LEN;
		syndrome = RADP_EMU_SYND_BAD_INP_LEN;
		goto reply;
	}

	cmd = radp_emu_fw_cmd_find(radp_get(in, RADP_CMD_IN_OPCODE));
	if (!cmd) {
		status = RADP_CMD_STAT_BAD_OP;
		syndrome = RADP_EMU_SYND_BAD_OPCODE;
		goto reply;
	}

	mutex_lock(&emu->fw_lock);
	status = cmd->exec(emu, in, inlen, out, outlen, &syndrome);
	mutex_unlock(&emu->fw_lock);
reply:
	if (status != RADP_CMD_STAT_OK)
		memset(out, 0, outlen);
	radp_set(out, RADP_CMD_OUT_STATUS, status);
	radp_set(out, RADP_CMD_OUT_SYNDROME, syndrome);
	return 0;
}

void radp_emu_fw_init(struct radp_emu *emu)
{
	mutex_init(&emu->fw_lock);
}

void radp_emu_fw_fini(struct radp_emu *emu)
{
	mutex_destroy(&emu->fw_lock);
}
