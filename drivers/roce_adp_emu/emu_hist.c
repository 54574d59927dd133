// SPDX-License-Identifier: GPL-2.0
/*
 * The firmware model's ADP retransmission histogram: registers
 * ADP_RETX_HISTOGRAM_CONFIG (0xC01D) and ADP_RETX_HISTOGRAM (0xC01E), and
 * the debugfs knobs that feed it timeouts (Documentation/emulated-device.rst).
 * Its rules and binning are emu_hist_rules.c's. A write that changes the
 * bin layout zeroes the counters; clear_on_read zeroes them after each read
 * of 0xC01E; count_enable 0 freezes them.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "emu.h"

#define RADP_EMU_HIST_EVENT_MAX		65536	/* bytes per knob write */

/* What the firmware starts with: 16 doubling bins from 16 us. */
static const struct radp_emu_hist_cfg radp_emu_hist_default = {
	.count_enable = 1,
	.time_unit = RADP_EMU_HIST_UNIT_US,
	.bin_width_mode = RADP_EMU_HIST_WIDTH_DOUBLE,
	.bin_num = 16,
	.bin0_width = 16,
	.bin1_width = 16,
};

bool radp_emu_hist_reg(u32 reg_id)
{
	return reg_id == RADP_EMU_REG_HIST_CONFIG || reg_id == RADP_EMU_REG_HIST;
}

static u8 radp_emu_hist_config_write(struct radp_emu *emu, const u8 *reg,
				     u32 *syndrome)
{
	struct radp_emu_hist *h = &emu->hist;
	struct radp_emu_hist_cfg c;

	/* The read-only fields of a write, time_unit_cap and bin_num_max, are ignored. */
	c.count_enable = MLX5_GET(fw_model_hist_config, reg, count_enable);
	c.clear_on_read = MLX5_GET(fw_model_hist_config, reg, clear_on_read);
	c.vhca_id_valid = MLX5_GET(fw_model_hist_config, reg, vhca_id_valid);
	c.time_unit = MLX5_GET(fw_model_hist_config, reg, time_unit);
	c.bin_width_mode = MLX5_GET(fw_model_hist_config, reg, bin_width_mode);
	c.bin_num = MLX5_GET(fw_model_hist_config, reg, bin_num);
	c.vhca_id = MLX5_GET(fw_model_hist_config, reg, vhca_id);
	c.bin0_width = MLX5_GET(fw_model_hist_config, reg, bin0_width);
	c.bin1_width = MLX5_GET(fw_model_hist_config, reg, bin1_width);
	*syndrome = radp_emu_hist_syndrome(&c, h->bin_num_max,
					   h->time_unit_cap);
	if (*syndrome)
		return RADP_EMU_STAT_BAD_PARAM;
	if (c.bin_num != h->cfg.bin_num || c.bin0_width != h->cfg.bin0_width ||
	    c.bin1_width != h->cfg.bin1_width ||
	    c.time_unit != h->cfg.time_unit ||
	    c.bin_width_mode != h->cfg.bin_width_mode)
		memset(h->counts, 0, sizeof(h->counts));
	h->cfg = c;
	return RADP_EMU_STAT_OK;
}

static void radp_emu_hist_config_read(const struct radp_emu *emu, u8 *reg)
{
	const struct radp_emu_hist_cfg *c = &emu->hist.cfg;

	memset(reg, 0, RADP_EMU_HIST_CONFIG_LEN);
	MLX5_SET(fw_model_hist_config, reg, count_enable, c->count_enable);
	MLX5_SET(fw_model_hist_config, reg, clear_on_read, c->clear_on_read);
	MLX5_SET(fw_model_hist_config, reg, vhca_id_valid, c->vhca_id_valid);
	MLX5_SET(fw_model_hist_config, reg, time_unit, c->time_unit);
	MLX5_SET(fw_model_hist_config, reg, bin_width_mode, c->bin_width_mode);
	MLX5_SET(fw_model_hist_config, reg, bin_num, c->bin_num);
	MLX5_SET(fw_model_hist_config, reg, vhca_id, c->vhca_id);
	MLX5_SET(fw_model_hist_config, reg, bin0_width, c->bin0_width);
	MLX5_SET(fw_model_hist_config, reg, bin1_width, c->bin1_width);
	MLX5_SET(fw_model_hist_config, reg, time_unit_cap,
		 emu->hist.time_unit_cap & 0xf);
	MLX5_SET(fw_model_hist_config, reg, bin_num_max,
		 min_t(u32, emu->hist.bin_num_max, RADP_EMU_HIST_BINS_MAX));
}

/* 0xC01E: bin_num, the counters, and with clear_on_read they restart. */
static void radp_emu_hist_read(struct radp_emu *emu, u8 *reg)
{
	struct radp_emu_hist *h = &emu->hist;
	u32 i;

	MLX5_SET(emu_hist, reg, bin_num, h->cfg.bin_num);
	for (i = 0; i < h->cfg.bin_num; i++)
		MLX5_SET64(emu_hist_bin, reg + RADP_EMU_HIST_LEN(i), bin_count,
			   h->counts[i]);
	if (h->cfg.clear_on_read)
		memset(h->counts, 0, sizeof(h->counts));
}

u8 radp_emu_hist_access(struct radp_emu *emu, const void *in, size_t inlen,
			void *out, size_t outlen, u32 *syndrome)
{
	u32 reg_id = MLX5_GET(emu_access_reg_in, in, register_id);
	u32 op_mod = MLX5_GET(emu_access_reg_in, in, op_mod);
	u8 *reg_out = (u8 *)out + RADP_EMU_REG_DATA_OFF;
	const u8 *reg_in = (const u8 *)in + RADP_EMU_REG_DATA_OFF;
	size_t need;
	u8 status = RADP_EMU_STAT_OK;

	if (!READ_ONCE(emu->hist.supported)) {
		*syndrome = RADP_EMU_SYND_UNKNOWN_REG;
		return RADP_EMU_STAT_BAD_OP;
	}
	if (op_mod != RADP_EMU_ACCESS_REG_READ &&
	    op_mod != RADP_EMU_ACCESS_REG_WRITE) {
		*syndrome = RADP_EMU_SYND_BAD_OP_MOD;
		return RADP_EMU_STAT_BAD_PARAM;
	}
	if (reg_id == RADP_EMU_REG_HIST && op_mod == RADP_EMU_ACCESS_REG_WRITE) {
		*syndrome = RADP_EMU_SYND_HIST_READ_ONLY;
		return RADP_EMU_STAT_BAD_PARAM;
	}

	down_write(&emu->fw_lock);
	need = RADP_EMU_REG_DATA_OFF +
	       (reg_id == RADP_EMU_REG_HIST ?
		RADP_EMU_HIST_LEN(emu->hist.cfg.bin_num) :
		RADP_EMU_HIST_CONFIG_LEN);
	if (inlen < need) {
		*syndrome = RADP_EMU_SYND_BAD_INP_LEN;
		status = RADP_EMU_STAT_BAD_INP_LEN;
	} else if (outlen < need) {
		*syndrome = RADP_EMU_SYND_BAD_OUTP_LEN;
		status = RADP_EMU_STAT_BAD_OUTP_LEN;
	} else if (reg_id == RADP_EMU_REG_HIST) {
		radp_emu_hist_read(emu, reg_out);
	} else if (op_mod == RADP_EMU_ACCESS_REG_READ) {
		radp_emu_hist_config_read(emu, reg_out);
	} else {
		status = radp_emu_hist_config_write(emu, reg_in, syndrome);
	}
	up_write(&emu->fw_lock);
	return status;
}

/* The configuration and counters a firmware (re)start has; under fw_lock. */
void radp_emu_hist_reset(struct radp_emu *emu)
{
	emu->hist.cfg = radp_emu_hist_default;
	memset(emu->hist.counts, 0, sizeof(emu->hist.counts));
}

void radp_emu_hist_init(struct radp_emu *emu)
{
	emu->hist.supported = true;
	emu->hist.bin_num_max = 16;
	emu->hist.time_unit_cap = 0xf;
	radp_emu_hist_reset(emu);
}

/* One timeout event line: "TIMEOUT_NS COUNT [vhca ID]"; counted if @h. */
static int radp_emu_hist_event(struct radp_emu_hist *h, const char *line)
{
	unsigned long long t, count;
	unsigned int vhca = 0;
	char word[8] = "";
	int n;
	u32 bin;

	n = sscanf(line, "%llu %llu %7s %u", &t, &count, word, &vhca);
	if (n != 2 && !(n == 4 && !strcmp(word, "vhca") && vhca <= U16_MAX))
		return -EINVAL;
	if (!h || !h->cfg.count_enable ||
	    (h->cfg.vhca_id_valid && vhca != h->cfg.vhca_id))
		return 0;
	bin = radp_emu_hist_bin(&h->cfg, t);
	h->counts[bin] = radp_emu_hist_sat_add(h->counts[bin], count);
	return 0;
}

/* Every line of @buf (which is cut up), counted if @h. */
static int radp_emu_hist_events(struct radp_emu_hist *h, char *buf)
{
	char *line;
	int err;

	while ((line = strsep(&buf, "\n"))) {
		if (!*skip_spaces(line))
			continue;
		err = radp_emu_hist_event(h, line);
		if (err)
			return err;
	}
	return 0;
}

/*
 * Knob "hist_event": timeouts that fired, one "TIMEOUT_NS COUNT" line each,
 * optionally " vhca ID" (the function's own, 0, by default). Lines are
 * checked first: a bad one fails the write and counts nothing.
 */
static ssize_t radp_emu_hist_event_write(struct file *file,
					 const char __user *ubuf,
					 size_t count, loff_t *ppos)
{
	struct radp_emu *emu = file->private_data;
	char *buf, *copy;
	int err;

	if (count > RADP_EMU_HIST_EVENT_MAX)
		return -E2BIG;
	buf = memdup_user_nul(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	copy = kstrdup(buf, GFP_KERNEL);
	if (!copy) {
		err = -ENOMEM;
		goto out;
	}
	err = radp_emu_hist_events(NULL, copy);
	if (err) {
		pr_err("hist_event takes \"TIMEOUT_NS COUNT [vhca ID]\" lines\n");
		goto out;
	}
	down_write(&emu->fw_lock);
	err = radp_emu_hist_events(&emu->hist, buf);
	up_write(&emu->fw_lock);
out:
	kfree(copy);
	kfree(buf);
	return err ?: count;
}

RADP_EMU_DEFINE_KNOB(hist_event, NULL, radp_emu_hist_event_write);

/* Knob "hist_counts": the raw counters, bin 0 first, not cleared. */
static ssize_t radp_emu_hist_counts_read(struct file *file, char __user *ubuf,
					 size_t count, loff_t *ppos)
{
	struct radp_emu *emu = file->private_data;
	size_t size = RADP_EMU_HIST_BINS_MAX * 21 + 2;
	char *buf;
	int len = 0;
	u32 i;

	buf = kmalloc(size, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	down_read(&emu->fw_lock);
	for (i = 0; i < emu->hist.cfg.bin_num; i++)
		len += scnprintf(buf + len, size - len, "%s%llu", i ? " " : "",
				 emu->hist.counts[i]);
	up_read(&emu->fw_lock);
	len += scnprintf(buf + len, size - len, "\n");
	return radp_emu_knob_output(ubuf, count, ppos, buf, len);
}

/*
 * Writing "0" empties the counters behind the driver's back, as another
 * agent's read with clear_on_read set would (mlxreg): only 0 is taken.
 */
static ssize_t radp_emu_hist_counts_write(struct file *file,
					  const char __user *ubuf,
					  size_t count, loff_t *ppos)
{
	struct radp_emu *emu = file->private_data;
	u64 v;
	int err;

	err = kstrtou64_from_user(ubuf, count, 0, &v);
	if (err)
		return err;
	if (v)
		return -EINVAL;
	down_write(&emu->fw_lock);
	memset(emu->hist.counts, 0, sizeof(emu->hist.counts));
	up_write(&emu->fw_lock);
	return count;
}

RADP_EMU_DEFINE_KNOB(hist_counts, radp_emu_hist_counts_read,
		     radp_emu_hist_counts_write);

static const struct radp_emu_knob radp_emu_hist_knobs[] = {
	{ "hist_event",		0200, &radp_emu_hist_event_fops },
	{ "hist_counts",	0600, &radp_emu_hist_counts_fops },
};

void radp_emu_hist_debugfs_init(struct radp_emu *emu)
{
	radp_emu_knobs_create(emu, radp_emu_hist_knobs,
			      ARRAY_SIZE(radp_emu_hist_knobs));
}
