// SPDX-License-Identifier: GPL-2.0
/*
 * roce_adp_emu: emulated devices for roce_adp, a backend of its own that
 * tests load by name (roce_adp alone creates no device). They live on the
 * roce_adp bus and are added and removed the netdevsim way:
 *
 *   echo ID > /sys/bus/roce_adp/new_device	creates device "emuID"
 *   echo ID > /sys/bus/roce_adp/del_device	removes it
 *
 * Each gets a debugfs directory /sys/kernel/debug/roce_adp/emuID/ (from
 * the core's radp_debugfs_backend_dir()) holding the firmware model's test
 * knobs, which are this module's, and the core's own counter fw_cmds.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ctype.h>
#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "compat.h"
#include "emu.h"

static unsigned int emu_devices = 1;
module_param(emu_devices, uint, 0444);
MODULE_PARM_DESC(emu_devices,
		 "Number of emulated devices (emu0, emu1, ...) created at load (default 1, 0 for none)");

static radp_bus_type radp_bus;
static LIST_HEAD(radp_emu_list);
/* Protects radp_emu_list and radp_emu_enabled. */
static DEFINE_MUTEX(radp_emu_lock);
/* Cleared at module exit so that no device is added behind its back. */
static bool radp_emu_enabled;

static const struct radp_backend_ops radp_emu_ops = {
	.kind = ROCE_ADP_BACKEND_EMULATED,
	.exec = radp_emu_fw_exec,
};

/* The command statuses the model answers with, by name. */
#define RADP_EMU_STATUS_NAME(_name) \
	[RADP_EMU_STAT_##_name] = #_name

static const char * const radp_emu_status_names[] = {
	RADP_EMU_STATUS_NAME(OK),
	RADP_EMU_STATUS_NAME(INT_ERR),
	RADP_EMU_STATUS_NAME(BAD_OP),
	RADP_EMU_STATUS_NAME(BAD_PARAM),
	RADP_EMU_STATUS_NAME(BAD_SYS_STATE),
	RADP_EMU_STATUS_NAME(BAD_RES),
	RADP_EMU_STATUS_NAME(RES_BUSY),
	RADP_EMU_STATUS_NAME(NOT_READY),
	RADP_EMU_STATUS_NAME(LIM),
	RADP_EMU_STATUS_NAME(BAD_RES_STATE),
	RADP_EMU_STATUS_NAME(IX),
	RADP_EMU_STATUS_NAME(NO_RES),
	RADP_EMU_STATUS_NAME(BAD_INP_LEN),
	RADP_EMU_STATUS_NAME(BAD_OUTP_LEN),
};

const char *radp_emu_status_name(u8 status)
{
	if (status < ARRAY_SIZE(radp_emu_status_names) &&
	    radp_emu_status_names[status])
		return radp_emu_status_names[status];
	return "UNKNOWN";
}

/* Read a short knob write into @buf, NUL-terminated. */
static int radp_emu_knob_input(char *buf, size_t size,
			       const char __user *ubuf, size_t count)
{
	if (count >= size)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	return 0;
}

/* Hand @len bytes of @buf, a kmalloc()ed text, to a read(); frees @buf. */
ssize_t radp_emu_knob_output(char __user *ubuf, size_t count, loff_t *ppos,
			     char *buf, int len)
{
	ssize_t ret = simple_read_from_buffer(ubuf, count, ppos, buf, len);

	kfree(buf);
	return ret;
}

static int radp_emu_num_knob_get(void *data, u64 *val)
{
	const struct radp_emu_num_file *f = data;

	*val = f->knob->get(f->emu);
	return 0;
}

static int radp_emu_num_knob_set(void *data, u64 val)
{
	const struct radp_emu_num_file *f = data;
	const struct radp_emu_knob *k = f->knob;

	if (val > k->max) {
		pr_err("%s: %s is at most %llu\n", f->emu->radp.name, k->name,
		       k->max);
		return -EINVAL;
	}
	if (val < k->min) {
		pr_err("%s: %s is at least %llu\n", f->emu->radp.name, k->name,
		       k->min);
		return -EINVAL;
	}
	return k->set(f->emu, val);
}
DEFINE_DEBUGFS_ATTRIBUTE(radp_emu_num_knob_fops, radp_emu_num_knob_get,
			 radp_emu_num_knob_set, "%llu\n");

/* A number knob's file: its own data, the device and the knob, in @emu. */
static void radp_emu_num_knob_create(struct radp_emu *emu,
				     const struct radp_emu_knob *k)
{
	struct radp_emu_num_file *f;

	if (WARN_ON_ONCE(emu->n_num_files == ARRAY_SIZE(emu->num_files)))
		return;
	f = &emu->num_files[emu->n_num_files++];
	f->emu = emu;
	f->knob = k;
	debugfs_create_file_unsafe(k->name, k->mode, emu->ddir, f,
				   &radp_emu_num_knob_fops);
}

void radp_emu_knobs_create(struct radp_emu *emu,
			   const struct radp_emu_knob *knobs, unsigned int n)
{
	const struct radp_emu_knob *k;

	for (k = knobs; k < knobs + n; k++)
		if (k->get)
			radp_emu_num_knob_create(emu, k);
		else
			debugfs_create_file(k->name, k->mode, emu->ddir, emu,
					    k->fops);
}

/*
 * Knob "cmd": writing "OPCODE [OP_MOD]" sends an otherwise empty command
 * through the core command path; the write fails with the errno the core
 * returned. Reading shows the last command and the firmware's answer.
 */
static ssize_t radp_emu_cmd_write(struct file *file, const char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	struct radp_emu *emu = file->private_data;
	u8 in[RADP_EMU_IN_HDR_LEN] = {};
	u8 out[RADP_EMU_OUT_HDR_LEN];
	unsigned int opcode, op_mod = 0;
	char buf[32];
	int err;

	err = radp_emu_knob_input(buf, sizeof(buf), ubuf, count);
	if (err)
		return err;
	if (sscanf(buf, "%i %i", &opcode, &op_mod) < 1 ||
	    opcode > U16_MAX || op_mod > U16_MAX)
		return -EINVAL;

	MLX5_SET(emu_cmd_in, in, opcode, opcode);
	MLX5_SET(emu_cmd_in, in, op_mod, op_mod);
	err = radp_cmd_exec(&emu->radp, in, sizeof(in), out, sizeof(out), NULL);

	emu->test_cmd.opcode = opcode;
	emu->test_cmd.op_mod = op_mod;
	emu->test_cmd.status = MLX5_GET(emu_cmd_out, out, status);
	emu->test_cmd.syndrome = MLX5_GET(emu_cmd_out, out, syndrome);
	emu->test_cmd.err = err;
	return err ?: count;
}

static ssize_t radp_emu_cmd_read(struct file *file, char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	struct radp_emu *emu = file->private_data;
	char buf[128];
	int len;

	len = scnprintf(buf, sizeof(buf),
			"opcode 0x%x op_mod 0x%x status %s (0x%02x) syndrome 0x%08x errno %d\n",
			emu->test_cmd.opcode, emu->test_cmd.op_mod,
			radp_emu_status_name(emu->test_cmd.status),
			emu->test_cmd.status, emu->test_cmd.syndrome,
			emu->test_cmd.err);
	return simple_read_from_buffer(ubuf, count, ppos, buf, len);
}

RADP_EMU_DEFINE_KNOB(cmd, radp_emu_cmd_read, radp_emu_cmd_write);

/* Knob "cmd_delay_us": at most a second, so that a typo cannot hang us. */
static u64 radp_emu_cmd_delay_get(struct radp_emu *emu)
{
	return READ_ONCE(emu->cmd_delay_us);
}

static int radp_emu_cmd_delay_set(struct radp_emu *emu, u64 val)
{
	WRITE_ONCE(emu->cmd_delay_us, val);
	return 0;
}

/*
 * Knob "fail_next": writing "N STATUS SYNDROME" makes the next N commands
 * fail with that status and syndrome, unexecuted ("0 0 0" disarms);
 * "N STATUS SYNDROME SKIP" lets SKIP commands through first (a SET's
 * read-back is its third). Reading shows what remains, SKIP only while
 * some remain to let through.
 */
static ssize_t radp_emu_fail_next_write(struct file *file,
					const char __user *ubuf,
					size_t count, loff_t *ppos)
{
	struct radp_emu *emu = file->private_data;
	unsigned int n, status, syndrome, skip = 0;
	char buf[48];
	int err;

	err = radp_emu_knob_input(buf, sizeof(buf), ubuf, count);
	if (err)
		return err;
	if (sscanf(buf, "%u %i %i %u", &n, &status, &syndrome, &skip) < 3 ||
	    status > U8_MAX || (n && status == RADP_EMU_STAT_OK)) {
		pr_err("fail_next takes \"N STATUS SYNDROME [SKIP]\", STATUS not 0\n");
		return -EINVAL;
	}
	spin_lock(&emu->fault.lock);
	emu->fault.fail_skip = skip;
	emu->fault.fail_count = n;
	emu->fault.fail_status = status;
	emu->fault.fail_syndrome = syndrome;
	spin_unlock(&emu->fault.lock);
	return count;
}

static ssize_t radp_emu_fail_next_read(struct file *file, char __user *ubuf,
				       size_t count, loff_t *ppos)
{
	struct radp_emu *emu = file->private_data;
	char buf[48];
	int len;

	spin_lock(&emu->fault.lock);
	len = scnprintf(buf, sizeof(buf), "%u 0x%02x 0x%08x",
			emu->fault.fail_count, emu->fault.fail_status,
			emu->fault.fail_syndrome);
	if (emu->fault.fail_skip)
		len += scnprintf(buf + len, sizeof(buf) - len, " %u",
				 emu->fault.fail_skip);
	len += scnprintf(buf + len, sizeof(buf) - len, "\n");
	spin_unlock(&emu->fault.lock);
	return simple_read_from_buffer(ubuf, count, ppos, buf, len);
}

RADP_EMU_DEFINE_KNOB(fail_next, radp_emu_fail_next_read, radp_emu_fail_next_write);

/*
 * Hex digits to bytes, blanks anywhere between digits allowed: 0 and the
 * number of bytes in *@len, or -EINVAL for anything but an even number of
 * digits (at most 2 * @size).
 */
static int radp_emu_hex_input(const char *buf, u8 *bin, size_t size,
			      size_t *len)
{
	char hex[2];
	size_t n = 0;

	for (; *buf; buf++) {
		if (isspace(*buf))
			continue;
		if (!isxdigit(*buf) || n == 2 * size)
			return -EINVAL;
		hex[n++ % 2] = *buf;
		if (!(n % 2) && hex2bin(&bin[n / 2 - 1], hex, 1))
			return -EINVAL;
	}
	if (n % 2)
		return -EINVAL;
	*len = n / 2;
	return 0;
}

/*
 * Knob "reply_next": writing the 16 bytes of an output mailbox header in hex
 * (32 digits, blanks between them allowed), optionally followed by
 * "skip N", makes the firmware answer the next command (after N executed
 * as usual) with exactly those bytes, unexecuted. Tests use it to feed
 * the driver a status and syndrome written by hand, or a register it
 * did not ask for (the rest of the output zeroed).
 */
static ssize_t radp_emu_reply_next_write(struct file *file,
					 const char __user *ubuf,
					 size_t count, loff_t *ppos)
{
	struct radp_emu *emu = file->private_data;
	u8 reply[RADP_EMU_OUT_HDR_LEN];
	unsigned int skip = 0;
	char buf[64], *kw;
	size_t len;
	int err;

	err = radp_emu_knob_input(buf, sizeof(buf), ubuf, count);
	if (err)
		return err;
	kw = strstr(buf, "skip");
	if (kw) {
		*kw = '\0';
		if (kstrtouint(skip_spaces(kw + 4), 0, &skip))
			goto bad;
	}
	if (radp_emu_hex_input(buf, reply, sizeof(reply), &len) ||
	    len != sizeof(reply))
		goto bad;
	spin_lock(&emu->fault.lock);
	memcpy(emu->fault.reply, reply, sizeof(reply));
	emu->fault.reply_skip = skip;
	emu->fault.reply_armed = true;
	spin_unlock(&emu->fault.lock);
	return count;
bad:
	pr_err("reply_next takes an output mailbox header, 32 hex digits, then optionally skip N\n");
	return -EINVAL;
}

RADP_EMU_DEFINE_KNOB(reply_next, NULL, radp_emu_reply_next_write);

/*
 * Knob "cmd_raw": writing "[outlen=N] HEX" sends the input mailbox HEX
 * (header and data, any length from RADP_EMU_IN_HDR_LEN to
 * RADP_EMU_RAW_MAX bytes, blanks between digits allowed) through the core
 * command path, with an output mailbox of N bytes (default: as long as the
 * input); the firmware model executes it as a driver's. The write fails
 * with the errno the core returned. Reading shows the outcome and the
 * whole output mailbox in dwords as the bytes lie:
 * "status NAME (0xSS) syndrome 0xSYNDROME errno E" then "out DW DW ...".
 */
static ssize_t radp_emu_cmd_raw_write(struct file *file,
				      const char __user *ubuf, size_t count,
				      loff_t *ppos)
{
	struct radp_emu *emu = file->private_data;
	size_t size = 32 + 3 * RADP_EMU_RAW_MAX, inlen;
	unsigned int outlen = 0;
	char *buf, *hex, *num;
	u8 *in;
	int err;

	buf = kmalloc(size, GFP_KERNEL);
	in = kmalloc(RADP_EMU_RAW_MAX, GFP_KERNEL);
	err = buf && in ? radp_emu_knob_input(buf, size, ubuf, count) :
			  -ENOMEM;
	if (err)
		goto out;
	hex = skip_spaces(buf);
	if (!strncmp(hex, "outlen=", 7)) {
		num = hex + 7;
		hex = num + strcspn(num, " \t\n");
		if (*hex)
			*hex++ = '\0';
		if (kstrtouint(num, 0, &outlen) || !outlen)
			goto bad;
	}
	if (radp_emu_hex_input(hex, in, RADP_EMU_RAW_MAX, &inlen) ||
	    inlen < RADP_EMU_IN_HDR_LEN)
		goto bad;
	outlen = outlen ?: inlen;
	if (outlen < RADP_EMU_OUT_HDR_LEN || outlen > RADP_EMU_RAW_MAX)
		goto bad;

	/* Held across the command: a fatal signal ends the wait for it. */
	err = mutex_lock_killable(&emu->raw.lock);
	if (err)
		goto out;
	emu->raw.outlen = outlen;
	memset(emu->raw.out, 0, sizeof(emu->raw.out));
	err = radp_cmd_exec(&emu->radp, in, inlen, emu->raw.out, outlen,
			    NULL);
	emu->raw.status = MLX5_GET(emu_cmd_out, emu->raw.out, status);
	emu->raw.syndrome = MLX5_GET(emu_cmd_out, emu->raw.out, syndrome);
	emu->raw.err = err;
	mutex_unlock(&emu->raw.lock);
	goto out;
bad:
	pr_err("cmd_raw takes \"[outlen=N] HEX\": an input mailbox of %zu to %u bytes, N from %zu to %u\n",
	       RADP_EMU_IN_HDR_LEN, RADP_EMU_RAW_MAX, RADP_EMU_OUT_HDR_LEN,
	       RADP_EMU_RAW_MAX);
	err = -EINVAL;
out:
	kfree(in);
	kfree(buf);
	return err ?: count;
}

static ssize_t radp_emu_cmd_raw_read(struct file *file, char __user *ubuf,
				     size_t count, loff_t *ppos)
{
	struct radp_emu *emu = file->private_data;
	size_t size = 96 + 9 * RADP_EMU_RAW_MAX / 4;
	unsigned int i;
	char *buf;
	int len;

	buf = kmalloc(size, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	if (mutex_lock_killable(&emu->raw.lock)) {
		kfree(buf);
		return -EINTR;
	}
	len = scnprintf(buf, size,
			"status %s (0x%02x) syndrome 0x%08x errno %d\nout",
			radp_emu_status_name(emu->raw.status), emu->raw.status,
			emu->raw.syndrome, emu->raw.err);
	for (i = 0; i < emu->raw.outlen; i += 4)
		len += scnprintf(buf + len, size - len, " %*phN",
				 (int)min_t(u32, 4, emu->raw.outlen - i),
				 &emu->raw.out[i]);
	mutex_unlock(&emu->raw.lock);
	len += scnprintf(buf + len, size - len, "\n");
	return radp_emu_knob_output(ubuf, count, ppos, buf, len);
}

RADP_EMU_DEFINE_KNOB(cmd_raw, radp_emu_cmd_raw_read, radp_emu_cmd_raw_write);

/*
 * Knob "last_cmd": the last RADP_EMU_LAST_CMDS commands the firmware
 * received, oldest first, two lines each: its input mailbox (at most the
 * first RADP_EMU_LAST_IN_LEN bytes) and the header of its answer, in
 * dwords as the bytes lie (big-endian): "in DW DW ...", "out DW DW DW DW".
 */
static ssize_t radp_emu_last_cmd_read(struct file *file, char __user *ubuf,
				      size_t count, loff_t *ppos)
{
	struct radp_emu *emu = file->private_data;
	size_t size = RADP_EMU_LAST_CMDS *
		      (16 + 9 * (RADP_EMU_LAST_IN_LEN + RADP_EMU_OUT_HDR_LEN) / 4);
	unsigned int i, n, slot;
	char *buf;
	int len = 0;

	buf = kmalloc(size, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	spin_lock(&emu->fault.lock);
	n = min_t(u32, emu->last_seq, RADP_EMU_LAST_CMDS);
	for (slot = emu->last_seq - n + 1; n; n--, slot++) {
		typeof(emu->last[0]) *last = &emu->last[slot % RADP_EMU_LAST_CMDS];

		len += scnprintf(buf + len, size - len, "in");
		for (i = 0; i + 4 <= last->inlen; i += 4)
			len += scnprintf(buf + len, size - len, " %*phN", 4,
					 &last->in[i]);
		len += scnprintf(buf + len, size - len, "\nout");
		for (i = 0; i < RADP_EMU_OUT_HDR_LEN; i += 4)
			len += scnprintf(buf + len, size - len, " %*phN", 4,
					 &last->out[i]);
		len += scnprintf(buf + len, size - len, "\n");
	}
	spin_unlock(&emu->fault.lock);
	return radp_emu_knob_output(ubuf, count, ppos, buf, len);
}

/* Any write to "last_cmd" forgets the commands kept so far. */
static ssize_t radp_emu_last_cmd_write(struct file *file,
				       const char __user *ubuf, size_t count,
				       loff_t *ppos)
{
	struct radp_emu *emu = file->private_data;

	spin_lock(&emu->fault.lock);
	emu->last_seq = 0;
	spin_unlock(&emu->fault.lock);
	return count;
}

RADP_EMU_DEFINE_KNOB(last_cmd, radp_emu_last_cmd_read, radp_emu_last_cmd_write);

/* Knob "hang_next": the next N commands are never answered. */
static u64 radp_emu_hang_next_get(struct radp_emu *emu)
{
	u64 n;

	spin_lock(&emu->fault.lock);
	n = emu->fault.hang_count;
	spin_unlock(&emu->fault.lock);
	return n;
}

static int radp_emu_hang_next_set(struct radp_emu *emu, u64 val)
{
	spin_lock(&emu->fault.lock);
	emu->fault.hang_count = val;
	spin_unlock(&emu->fault.lock);
	return 0;
}

/*
 * Knob "fw_reset": writing MS resets the firmware, which is unavailable for
 * MS milliseconds; reading shows 1 while it is down.
 */
static u64 radp_emu_fw_reset_get(struct radp_emu *emu)
{
	return READ_ONCE(emu->resetting);
}

static int radp_emu_fw_reset_set(struct radp_emu *emu, u64 ms)
{
	radp_emu_fw_reset(emu, ms);
	return 0;
}

static const struct radp_emu_knob radp_emu_knobs[] = {
	{ "cmd",		0600, &radp_emu_cmd_fops },
	{ "cmd_raw",		0600, &radp_emu_cmd_raw_fops },
	{ "cmd_delay_us",	0600, .get = radp_emu_cmd_delay_get,
	  .set = radp_emu_cmd_delay_set, .max = RADP_EMU_CMD_DELAY_MAX_US },
	{ "fail_next",		0600, &radp_emu_fail_next_fops },
	{ "hang_next",		0600, .get = radp_emu_hang_next_get,
	  .set = radp_emu_hang_next_set, .max = U32_MAX },
	{ "reply_next",		0200, &radp_emu_reply_next_fops },
	{ "last_cmd",		0600, &radp_emu_last_cmd_fops },
	{ "fw_reset",		0600, .get = radp_emu_fw_reset_get,
	  .set = radp_emu_fw_reset_set, .max = RADP_EMU_FW_RESET_MAX_MS },
};

/*
 * The knobs that are a field of the device, debugfs's own files of its
 * type. The firmware's capabilities, read by the model at each command,
 * are named after their register fields (hist_supported: the firmware
 * has both histogram registers).
 */
struct radp_emu_field_knob {
	const char *name;
	size_t off;	/* in struct radp_emu */
};

#define RADP_EMU_FIELD_KNOB(_name, _member) \
	{ _name, offsetof(struct radp_emu, _member) }

static const struct radp_emu_field_knob radp_emu_bool_knobs[] = {
	RADP_EMU_FIELD_KNOB("roce_accl_cap", radp.roce_accl_cap),
	RADP_EMU_FIELD_KNOB("skip_driver_checks", radp.skip_checks),
	RADP_EMU_FIELD_KNOB("hist_supported", hist.supported),
};

static const struct radp_emu_field_knob radp_emu_u32_knobs[] = {
	RADP_EMU_FIELD_KNOB("adp_retx_profile_max_id", accl.max_id),
	RADP_EMU_FIELD_KNOB("adp_retx_profile_max_range_num", accl.max_range_num),
	RADP_EMU_FIELD_KNOB("adp_retx_base_timeout_min", accl.base_timeout_min),
	RADP_EMU_FIELD_KNOB("hist_bin_num_max", hist.bin_num_max),
};

static const struct radp_emu_field_knob radp_emu_x32_knobs[] = {
	RADP_EMU_FIELD_KNOB("accl_configurable", accl.configurable),
	RADP_EMU_FIELD_KNOB("hist_time_unit_cap", hist.time_unit_cap),
};

static void radp_emu_debugfs_init(struct radp_emu *emu)
{
	const struct radp_emu_field_knob *k;
	u8 *base = (u8 *)emu;

	emu->ddir = radp_debugfs_backend_dir(emu->radp.name);
	for (k = radp_emu_bool_knobs;
	     k < radp_emu_bool_knobs + ARRAY_SIZE(radp_emu_bool_knobs); k++)
		debugfs_create_bool(k->name, 0600, emu->ddir,
				    (bool *)(base + k->off));
	for (k = radp_emu_u32_knobs;
	     k < radp_emu_u32_knobs + ARRAY_SIZE(radp_emu_u32_knobs); k++)
		debugfs_create_u32(k->name, 0600, emu->ddir,
				   (u32 *)(base + k->off));
	for (k = radp_emu_x32_knobs;
	     k < radp_emu_x32_knobs + ARRAY_SIZE(radp_emu_x32_knobs); k++)
		debugfs_create_x32(k->name, 0600, emu->ddir,
				   (u32 *)(base + k->off));
	radp_emu_knobs_create(emu, radp_emu_knobs, ARRAY_SIZE(radp_emu_knobs));
	/*
	 * Knob "fw_busy_ns": how long the firmware spent executing commands,
	 * in ns (a NIC's own time replaces it: benchmarks report it apart).
	 */
	radp_debugfs_create_counter("fw_busy_ns", emu->ddir, &emu->busy_ns);
	radp_dev_debugfs_init(&emu->radp, emu->ddir);
	radp_emu_mpt_debugfs_init(emu);
	radp_emu_hist_debugfs_init(emu);
}

static void radp_emu_release(struct device *dev)
{
	struct radp_emu *emu = container_of(dev, struct radp_emu, dev);

	radp_emu_fw_fini(emu);
	kfree(emu);
}

static struct radp_emu *radp_emu_find_locked(u32 id)
{
	struct radp_emu *emu;

	list_for_each_entry(emu, &radp_emu_list, list)
		if (emu->id == id)
			return emu;
	return NULL;
}

static int radp_emu_new_locked(u32 id)
{
	struct radp_emu *emu;
	int err;

	if (radp_emu_find_locked(id))
		return -EEXIST;

	emu = kzalloc(sizeof(*emu), GFP_KERNEL);
	if (!emu)
		return -ENOMEM;
	emu->id = id;
	mutex_init(&emu->raw.lock);
	/* Its one allocation is its last step: a failure leaves nothing. */
	err = radp_emu_fw_init(emu);
	if (err)
		goto err_free;
	snprintf(emu->radp.name, sizeof(emu->radp.name), "emu%u", id);
	strscpy(emu->radp.fw_version, RADP_EMU_FW_VERSION,
		sizeof(emu->radp.fw_version));
	emu->radp.ops = &radp_emu_ops;
	emu->radp.roce_accl_cap = true;

	emu->dev.bus = &radp_bus;
	emu->dev.id = id;
	emu->dev.release = radp_emu_release;
	err = device_register(&emu->dev);
	if (err)
		goto err_put_device;

	err = radp_dev_register(&emu->radp);
	if (err)
		goto err_device_unregister;

	/*
	 * The knobs last: a fw_reset written to them reaches the registered
	 * device's wait queue and restore work, which exist only from here.
	 */
	radp_emu_debugfs_init(emu);
	list_add_tail(&emu->list, &radp_emu_list);
	return 0;

err_device_unregister:
	device_del(&emu->dev);
err_put_device:
	/* The last reference: radp_emu_release() frees the model and emu. */
	put_device(&emu->dev);
	return err;
err_free:
	kfree(emu);
	return err;
}

static void radp_emu_del_locked(struct radp_emu *emu)
{
	list_del(&emu->list);
	/* No knob write may start a reset once the reset work is gone. */
	debugfs_remove_recursive(emu->ddir);
	cancel_delayed_work_sync(&emu->reset_work);
	radp_dev_unregister(&emu->radp);
	device_unregister(&emu->dev);
}

static int radp_emu_new_id_locked(u32 id)
{
	return radp_emu_enabled ? radp_emu_new_locked(id) : -EBUSY;
}

static int radp_emu_del_id_locked(u32 id)
{
	struct radp_emu *emu;

	emu = radp_emu_enabled ? radp_emu_find_locked(id) : NULL;
	if (!emu)
		return -ENOENT;
	radp_emu_del_locked(emu);
	return 0;
}

/* A write of "ID" to new_device or del_device: @op_locked(ID). */
static ssize_t radp_emu_bus_store(const char *buf, size_t count,
				  const char *what, int (*op_locked)(u32 id))
{
	u32 id;
	int err;

	err = kstrtou32(buf, 0, &id);
	if (err) {
		pr_err("Format for %s device is \"id\" (uint32)\n", what);
		return -EINVAL;
	}

	mutex_lock(&radp_emu_lock);
	err = op_locked(id);
	mutex_unlock(&radp_emu_lock);
	return err ?: count;
}

static ssize_t new_device_store(radp_bus_type *bus,
				const char *buf, size_t count)
{
	return radp_emu_bus_store(buf, count, "adding a new",
				  radp_emu_new_id_locked);
}
static BUS_ATTR_WO(new_device);

static ssize_t del_device_store(radp_bus_type *bus,
				const char *buf, size_t count)
{
	return radp_emu_bus_store(buf, count, "removing a",
				  radp_emu_del_id_locked);
}
static BUS_ATTR_WO(del_device);

static struct attribute *radp_bus_attrs[] = {
	&bus_attr_new_device.attr,
	&bus_attr_del_device.attr,
	NULL
};
ATTRIBUTE_GROUPS(radp_bus);

static radp_bus_type radp_bus = {
	.name = RADP_NAME,
	.dev_name = "emu",
	.bus_groups = radp_bus_groups,
};

static void radp_emu_bus_fini(void)
{
	struct radp_emu *emu, *tmp;

	mutex_lock(&radp_emu_lock);
	radp_emu_enabled = false;
	list_for_each_entry_safe(emu, tmp, &radp_emu_list, list)
		radp_emu_del_locked(emu);
	mutex_unlock(&radp_emu_lock);
	bus_unregister(&radp_bus);
}

static int __init radp_emu_bus_init(void)
{
	unsigned int id;
	int err;

	err = bus_register(&radp_bus);
	if (err)
		return err;

	mutex_lock(&radp_emu_lock);
	radp_emu_enabled = true;
	for (id = 0; id < emu_devices; id++) {
		err = radp_emu_new_locked(id);
		if (err)
			break;
	}
	mutex_unlock(&radp_emu_lock);
	if (err)
		goto err_fini;
	return 0;

err_fini:
	radp_emu_bus_fini();
	return err;
}

module_init(radp_emu_bus_init);
module_exit(radp_emu_bus_fini);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Emulated ROCE_ACCL devices for roce_adp, for tests");
MODULE_AUTHOR("roce_adp developers");
