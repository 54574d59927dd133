// SPDX-License-Identifier: GPL-2.0
/*
 * The command path, the one road to a device: the mailboxes of ACCESS_REG
 * (radp_access_reg(), whatever the register: roce_accl.c's and hist.c's)
 * and QUERY_MPT; radp_cmd_exec(), which every mailbox goes through, the
 * backends' own too, hands it to the backend and turns the firmware's
 * answer into an errno and an extack message, trying again while the
 * firmware says it is busy; the status table, the timeout and the
 * command counter (debugfs fw_cmds). It knows no register's fields.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/wait.h>

#include "compat.h"
#include "radp_ifc.h"
#include "radp_status.h"
#include "roce_adp.h"

/*
 * A request waits this long, holding its device's configuration lock, so
 * the bound keeps a forgotten command from blocking a device for hours.
 */
#define RADP_CMD_TIMEOUT_MAX_MS	60000

static unsigned int cmd_timeout_ms = 2000;

static int radp_cmd_timeout_set(const char *val, const struct kernel_param *kp)
{
	return param_set_uint_minmax(val, kp, 1, RADP_CMD_TIMEOUT_MAX_MS);
}

static const struct kernel_param_ops radp_cmd_timeout_ops = {
	.set = radp_cmd_timeout_set,
	.get = param_get_uint,
};

module_param_cb(cmd_timeout_ms, &radp_cmd_timeout_ops, &cmd_timeout_ms, 0644);
MODULE_PARM_DESC(cmd_timeout_ms,
		 "How long a command posted to a device may stay unanswered before it fails with ETIMEDOUT, in ms, 1 to 60000 (default 2000)");

static const char *radp_cmd_opcode_name(u16 opcode)
{
	switch (opcode) {
	case RADP_CMD_OP_ACCESS_REG:
		return "ACCESS_REG";
	case RADP_CMD_OP_QUERY_MPT:
		return "QUERY_MPT";
	default:
		return "UNKNOWN";
	}
}

/*
 * Wait @ms, killably; the device's removal ends the wait early. 0 once
 * the time has passed.
 */
static int radp_cmd_sleep(struct radp_dev *dev, unsigned int ms,
			  struct netlink_ext_ack *extack)
{
	long left;

	left = wait_event_killable_timeout(dev->cmd_wq,
					   READ_ONCE(dev->removing),
					   msecs_to_jiffies(ms));
	if (left < 0) {
		NL_SET_ERR_MSG(extack, "interrupted while waiting for the device");
		return left;
	}
	if (left) {
		NL_SET_ERR_MSG(extack, "device removed while a command was pending");
		return -ENODEV;
	}
	return 0;
}

/*
 * The backend posted the command and will not answer it in this call: wait
 * for the device to go away or the timeout, whichever comes first. The
 * backend never writes the mailboxes afterwards, so the caller's buffers
 * are free once we return.
 */
static int radp_cmd_wait(struct radp_dev *dev, u16 opcode,
			 struct netlink_ext_ack *extack)
{
	unsigned int ms = READ_ONCE(cmd_timeout_ms);
	int err;

	err = radp_cmd_sleep(dev, ms, extack);
	if (err)
		return err;
	radp_extack_fmt(extack, "command %s (0x%x) timed out after %u ms",
			radp_cmd_opcode_name(opcode), opcode, ms);
	pr_err("%s: command %s (0x%x) timed out after %u ms\n", dev->name,
	       radp_cmd_opcode_name(opcode), opcode, ms);
	return -ETIMEDOUT;
}

/*
 * Statuses that say the firmware cannot take the command now but will:
 * RES_BUSY (the resource is executing another command, e.g. another
 * agent's register access) and NOT_READY. mlx5_core maps them to EBUSY
 * and EAGAIN; NO_RES, also EAGAIN there, is a lack of firmware resources
 * that waiting does not end, and is not retried. A command answered so
 * is sent again after a backoff that doubles from 1 ms to at most
 * 100 ms, at most RADP_CMD_TRIES times and never past cmd_timeout_ms
 * from the first try: 10 tries wait 327 ms in all.
 */
#define RADP_CMD_TRIES			10
#define RADP_CMD_BACKOFF_MIN_MS		1
#define RADP_CMD_BACKOFF_MAX_MS		100

/*
 * One try of a command: 0 once the firmware answered (whatever its
 * status), or the errno of a command that got no answer.
 */
static int radp_cmd_try(struct radp_dev *dev, const void *in, size_t inlen,
			void *out, size_t outlen,
			struct netlink_ext_ack *extack)
{
	int err;

	if (READ_ONCE(dev->removing)) {
		NL_SET_ERR_MSG(extack, "device is being removed");
		return -ENODEV;
	}
	if (READ_ONCE(dev->resetting)) {
		NL_SET_ERR_MSG(extack, "device is resetting");
		return -EAGAIN;
	}
	atomic64_inc(&dev->fw_cmds);
	memset(out, 0, outlen);
	err = dev->ops->exec(dev, in, inlen, out, outlen);
	if (err == -EINPROGRESS)
		return radp_cmd_wait(dev, radp_get(in, RADP_CMD_IN_OPCODE),
				     extack);
	if (err)
		NL_SET_ERR_MSG(extack, "command could not be delivered to the device");
	return err;
}

/**
 * radp_cmd_exec - execute one command mailbox on a device
 * @dev: the device
 * @in: input mailbox, its header filled by the caller
 * @inlen: size of @in in bytes
 * @out: output mailbox, overwritten
 * @outlen: size of @out in bytes
 * @extack: where to say why the command failed, may be NULL
 *
 * A command the firmware answers with a transient status is sent again
 * (radp_cmd_status_transient()); each try counts in fw_cmds.
 *
 * Return: 0 when the firmware answered OK, otherwise a negative errno.
 */
int radp_cmd_exec(struct radp_dev *dev, const void *in, size_t inlen,
		  void *out, size_t outlen, struct netlink_ext_ack *extack)
{
	unsigned int backoff = RADP_CMD_BACKOFF_MIN_MS, tries = 0;
	const struct radp_cmd_status *st;
	s64 timeout_ms = READ_ONCE(cmd_timeout_ms);
	ktime_t start = 0;
	u32 syndrome;
	u8 status;
	int err;

	if (WARN_ON_ONCE(inlen < RADP_CMD_IN_HDR_LEN ||
			 outlen < RADP_CMD_OUT_HDR_LEN))
		return -EINVAL;

	for (;;) {
		err = radp_cmd_try(dev, in, inlen, out, outlen, extack);
		if (err)
			return err;
		status = radp_get(out, RADP_CMD_OUT_STATUS);
		if (!radp_cmd_status_transient(status))
			break;
		/*
		 * The clock only once a try comes back busy: a command the
		 * firmware takes at once reads none (a guest's may be an
		 * emulated device's register).
		 */
		if (!tries)
			start = ktime_get();
		if (++tries == RADP_CMD_TRIES ||
		    ktime_ms_delta(ktime_get(), start) + backoff >= timeout_ms)
			break;
		err = radp_cmd_sleep(dev, backoff, extack);
		if (err)
			return err;
		backoff = min_t(unsigned int, 2 * backoff,
				RADP_CMD_BACKOFF_MAX_MS);
	}
	if (status == RADP_CMD_STAT_OK)
		return 0;

	st = radp_cmd_status_find(status);
	syndrome = radp_get(out, RADP_CMD_OUT_SYNDROME);
	if (tries > 1)
		radp_extack_fmt(extack, RADP_CMD_STATUS_TRIES_FMT,
				st->name, status, syndrome, tries);
	else
		radp_extack_fmt(extack, RADP_CMD_STATUS_FMT,
				st->name, status, syndrome);
	pr_debug("%s: opcode 0x%x: status %s (0x%02x), syndrome 0x%08x, %u tries\n",
		 dev->name, radp_get(in, RADP_CMD_IN_OPCODE), st->name, status,
		 syndrome, tries ?: 1);
	return st->err;
}
EXPORT_SYMBOL_GPL(radp_cmd_exec);

/*
 * An ACCESS_REG's mailboxes for a register of @len bytes: the input's
 * header and register zeroed (the caller fills what it sends), and the
 * output's header, so that a command never answered reads as status OK
 * (radp_cmd_try() zeroes the whole output before each try). Returns the
 * register's bytes in the input.
 */
static void *radp_reg_mbox_init(u8 *in, u8 *out, u16 reg_id, bool write,
				size_t len)
{
	memset(in, 0, RADP_ACCESS_REG_DATA_OFF + len);
	memset(out, 0, RADP_CMD_OUT_HDR_LEN);
	radp_access_reg_in(in, reg_id, write, NULL, len);
	return in + RADP_ACCESS_REG_DATA_OFF;
}

/**
 * radp_reg_box_init - start an ACCESS_REG of a register in @box
 * @box: the mailboxes, on the caller's stack
 * @reg_id: the register
 * @write: a write; else a query
 * @len: the register's size, at most RADP_REG_BOX_MAX
 *
 * Return: the register's bytes in the input mailbox, zeroed, for the
 * caller to fill (a query names what it reads there).
 */
void *radp_reg_box_init(struct radp_reg_box *box, u16 reg_id, bool write,
			size_t len)
{
	if (WARN_ON_ONCE(len > RADP_REG_BOX_MAX))
		len = RADP_REG_BOX_MAX;
	box->len = len;
	return radp_reg_mbox_init(box->in, box->out, reg_id, write, len);
}

/**
 * radp_reg_box_exec - execute the ACCESS_REG radp_reg_box_init() started
 * @dev: the device
 * @box: the mailboxes
 * @extack: where to say why it failed
 *
 * Return: the register's bytes as the firmware answered them, in the
 * output mailbox (to be decoded there, not copied), or an ERR_PTR of
 * radp_cmd_exec()'s errno.
 */
const void *radp_reg_box_exec(struct radp_dev *dev, struct radp_reg_box *box,
			      struct netlink_ext_ack *extack)
{
	size_t mlen = RADP_ACCESS_REG_DATA_OFF + box->len;
	int err;

	err = radp_cmd_exec(dev, box->in, mlen, box->out, mlen, extack);
	if (err)
		return ERR_PTR(err);
	return box->out + RADP_ACCESS_REG_DATA_OFF;
}

/* radp_access_reg(), and the syndrome beside the status. */
static int radp_access_reg_synd(struct radp_dev *dev, u16 reg_id, bool write,
				const void *data_in, void *data_out,
				size_t len, u8 *status, u32 *syndrome,
				struct netlink_ext_ack *extack)
{
	size_t mlen = RADP_ACCESS_REG_DATA_OFF + len;
	struct radp_reg_box box;
	u8 *in, *out;
	void *data;
	int err;

	/* Read by radp_access_reg_opt() even when no command was sent. */
	*status = RADP_CMD_STAT_OK;
	*syndrome = 0;
	/* A register as small as ROCE_ACCL's: no allocation per command. */
	if (len <= RADP_REG_BOX_MAX) {
		in = box.in;
		out = box.out;
	} else {
		in = kmalloc(2 * mlen, GFP_KERNEL);
		if (!in)
			return -ENOMEM;
		out = in + mlen;
	}
	data = radp_reg_mbox_init(in, out, reg_id, write, len);
	if (data_in)
		memcpy(data, data_in, len);
	err = radp_cmd_exec(dev, in, mlen, out, mlen, extack);
	*status = radp_get(out, RADP_CMD_OUT_STATUS);
	*syndrome = radp_get(out, RADP_CMD_OUT_SYNDROME);
	if (!err && data_out)
		memcpy(data_out, out + RADP_ACCESS_REG_DATA_OFF, len);
	if (in != box.in)
		kfree(in);
	return err;
}

/**
 * radp_access_reg - one ACCESS_REG of a register, as mlx5_core_access_reg()
 * @dev: the device
 * @reg_id: the register
 * @write: write the register; else query it
 * @data_in: the register's @len bytes to send (a query's names what it
 *	reads), or NULL for zeroes
 * @data_out: NULL, or where the register's @len bytes go as the firmware
 *	answered them; may be @data_in
 * @len: the register's size in bytes, each way
 * @status: NULL, or where the firmware's status goes: RADP_CMD_STAT_OK when
 *	it answered OK or did not answer at all
 * @extack: where to say why it failed
 *
 * The only place that builds an ACCESS_REG mailbox.
 *
 * Return: 0, or a negative errno (radp_cmd_exec()'s).
 */
int radp_access_reg(struct radp_dev *dev, u16 reg_id, bool write,
		    const void *data_in, void *data_out, size_t len,
		    u8 *status, struct netlink_ext_ack *extack)
{
	u32 syndrome;
	u8 st;

	return radp_access_reg_synd(dev, reg_id, write, data_in, data_out, len,
				    status ?: &st, &syndrome, extack);
}

/**
 * radp_access_reg_opt - radp_access_reg() of a register firmware may lack
 * @dev: the device
 * @feat: the feature the register belongs to (enum radp_opt_feature)
 * @what: the feature's name, for the log and @extack
 * @reg_id: the register
 * @write: write the register; else query it
 * @data_in: as radp_access_reg()'s
 * @data_out: as radp_access_reg()'s
 * @len: the register's size in bytes
 * @extack: where to say why it failed
 *
 * Nothing tells whether the firmware has such a register but its answer:
 * a query answered BAD_OP (an opcode or register it does not know) or
 * BAD_PARAM (what current firmware answers a register id it does not
 * know) means it lacks the feature. The device is then reported as
 * lacking it (-EOPNOTSUPP, and left out of dumps), without sending
 * another command for it, until the next firmware reset, which may bring
 * other firmware; the status and syndrome go to the kernel log once.
 * A write answered so is a value the firmware refused, as for any
 * register.
 *
 * Return: 0, -EOPNOTSUPP, or radp_access_reg()'s errno.
 */
int radp_access_reg_opt(struct radp_dev *dev, unsigned int feat,
			const char *what, u16 reg_id, bool write,
			const void *data_in, void *data_out, size_t len,
			struct netlink_ext_ack *extack)
{
	u32 syndrome;
	u8 status;
	int err;

	if (test_bit(feat, &dev->absent)) {
		radp_extack_fmt(extack, "device has no %s", what);
		return -EOPNOTSUPP;
	}
	err = radp_access_reg_synd(dev, reg_id, write, data_in, data_out, len,
				   &status, &syndrome, extack);
	if (!err || write || (status != RADP_CMD_STAT_BAD_OP &&
			      status != RADP_CMD_STAT_BAD_PARAM))
		return err;
	if (!test_and_set_bit(feat, &dev->absent))
		pr_info("%s: no %s: firmware answers a query of register 0x%04x with %s (0x%02x), syndrome 0x%08x\n",
			dev->name, what, reg_id, radp_cmd_status_name(status),
			status, syndrome);
	radp_extack_fmt(extack, "device has no %s", what);
	return -EOPNOTSUPP;
}

#define RADP_QUERY_MPT_OUT_LEN	(RADP_QUERY_MPT_OUT_ENTRY_OFF + RADP_MPT_LEN)

/**
 * radp_mpt_query - read one MPT entry through QUERY_MPT
 * @dev: the device
 * @index: the entry's index
 * @mpt: the entry, decoded; free and invalid entries come back with their
 *	status, not as an error
 * @raw: if not NULL, RADP_MPT_LEN bytes for the entry as the firmware
 *	returned it
 * @extack: where to say why it failed
 *
 * A backend whose firmware keeps the information elsewhere provides
 * query_mpt instead (mlx5: the mkey context).
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

static int radp_debugfs_counter_get(void *data, u64 *val)
{
	*val = atomic64_read(data);
	return 0;
}

static int radp_debugfs_counter_set(void *data, u64 val)
{
	if (val)
		return -EINVAL;
	atomic64_set(data, 0);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(radp_debugfs_counter_fops, radp_debugfs_counter_get,
			 radp_debugfs_counter_set, "%llu\n");

/**
 * radp_debugfs_create_counter - a debugfs file showing a counter
 * @name: the file's name
 * @dir: its directory
 * @count: the counter; writing 0 to the file resets it, other values fail
 */
void radp_debugfs_create_counter(const char *name, struct dentry *dir,
				 atomic64_t *count)
{
	debugfs_create_file_unsafe(name, 0600, dir, count,
				   &radp_debugfs_counter_fops);
}
EXPORT_SYMBOL_GPL(radp_debugfs_create_counter);

/*
 * File "fw_cmds" in the device's debugfs directory: the commands it was
 * sent (each one radp_cmd_exec() handed to the backend).
 */
void radp_dev_debugfs_init(struct radp_dev *dev, struct dentry *dir)
{
	radp_debugfs_create_counter("fw_cmds", dir, &dev->fw_cmds);
}
EXPORT_SYMBOL_GPL(radp_dev_debugfs_init);
