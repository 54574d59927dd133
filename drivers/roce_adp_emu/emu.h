/* SPDX-License-Identifier: GPL-2.0 */
/*
 * roce_adp_emu: emulated devices, a firmware model behind the same command
 * mailboxes as a real NIC, with test knobs in debugfs. A backend of
 * roce_adp of its own, as netdevsim is a driver of its own; it uses the
 * core only through the backend API of roce_adp.h. Private to emu_*.c.
 */
#ifndef _RADP_EMU_H
#define _RADP_EMU_H

#include <linux/device.h>

#include "roce_adp.h"
#include "emu_ifc.h"

#define RADP_EMU_FW_VERSION	"22.41.1000"

/* What knob last_cmd keeps of an input mailbox: header and a ROCE_ACCL. */
#define RADP_EMU_LAST_IN_LEN	(RADP_EMU_IN_HDR_LEN + RADP_EMU_ACCL_LEN)
#define RADP_EMU_LAST_CMDS	4

/* Knob cmd_raw: the longest input and output mailboxes it sends. */
#define RADP_EMU_RAW_MAX	0x200

/* Syndromes the firmware model returns, one per reason. */
enum radp_emu_syndrome {
	RADP_EMU_SYND_BAD_OPCODE		= 0x0ad50001,
	RADP_EMU_SYND_BAD_INP_LEN		= 0x0ad50002,
	RADP_EMU_SYND_BAD_OUTP_LEN		= 0x0ad50003,
	RADP_EMU_SYND_UNKNOWN_REG		= 0x0ad50004,
	RADP_EMU_SYND_REG_UNSUPPORTED		= 0x0ad50005,
	RADP_EMU_SYND_BAD_OP_MOD		= 0x0ad50006,
	RADP_EMU_SYND_NOT_CONFIGURABLE		= 0x0ad50007,
	RADP_EMU_SYND_MPT_INDEX			= 0x0ad50008,
	RADP_EMU_SYND_ACCL_RESERVED		= 0x0ad50009,
	RADP_EMU_SYND_HIST_READ_ONLY		= 0x0ad5000a,
	/* histogram configuration rules: emu_hist_rules.h */
	/* profile rules: 0x0ad51000 + enum radp_rule */
	RADP_EMU_SYND_PROFILE_ID		= 0x0ad51001,
	RADP_EMU_SYND_TIME_UNIT			= 0x0ad51002,
	RADP_EMU_SYND_TIME_BASE_POW2		= 0x0ad51003,
	RADP_EMU_SYND_TIME_BASE_MIN		= 0x0ad51004,
	RADP_EMU_SYND_RANGE_NUM_ZERO		= 0x0ad51005,
	RADP_EMU_SYND_RANGE_NUM_MAX		= 0x0ad51006,
	RADP_EMU_SYND_START_RANGE		= 0x0ad51007,
	RADP_EMU_SYND_RANGE_ORDER		= 0x0ad51008,
	RADP_EMU_SYND_PREV_RANGE		= 0x0ad51009,
	RADP_EMU_SYND_DEC_MODE			= 0x0ad5100a,
	RADP_EMU_SYND_RETRY_NUM_ZERO		= 0x0ad5100b,
	RADP_EMU_SYND_INIT_RANGE_EMPTY		= 0x0ad5100c,
	RADP_EMU_SYND_TIMEOUT_OVERFLOW		= 0x0ad5100d,
};

/* Knob accl_configurable: the selects older and current firmware report. */
#define RADP_EMU_ACCL_OLD_FW		0x0000007f
#define RADP_EMU_ACCL_CURRENT_FW	0x08000fff

/* The features of ROCE_ACCL the model knows: radp_emu_features[] (emu_fw.c). */
#define RADP_EMU_FEATURES		14

/* timeout_range and adp_retx_profile, decoded by the model (emu_fw.c). */
struct radp_emu_range {
	u32 prev_range_index;
	u32 dec_mode;
	u32 timeout_retry_num;
	u32 range_low_bound;
	u32 range_size;
};

struct radp_emu_profile {
	u32 qp_total_timeout;
	u32 range_num;
	u32 start_range_index;
	u32 time_unit;
	u32 time_base;
	u32 retx_total_timeout;
	u32 timeout_init_low_bound;
	u32 timeout_init_range_size;
	struct radp_emu_range range[RADP_EMU_RANGES];
};

/**
 * struct radp_emu_accl - the firmware model's ROCE_ACCL state (volatile)
 * @features: the features' values, feature i being radp_emu_features[i]
 * @configurable: knob: the *_field_select bits of dword 0x00 that a query
 *	reports (bit n: the select at bit n), the features the firmware knows
 *	and lets the operator set; 0x7f is older firmware, 0x08000fff
 *	current firmware
 * @active_id: 0 until a profile is written, then the last one written
 * @max_id: knob: adp_retx_profile_max_id (at most 7)
 * @max_range_num: knob: adp_retx_profile_max_range_num (at most 4)
 * @base_timeout_min: knob: adp_retx_base_timeout_min in ns
 * @profiles: profile 0 is the firmware's defaults, 1..7 the writable ones
 * @packed: @profiles as a query answers them, packed when stored
 */
struct radp_emu_accl {
	u32 features[RADP_EMU_FEATURES];
	u32 configurable;
	u32 active_id;
	u32 max_id;
	u32 max_range_num;
	u32 base_timeout_min;
	struct radp_emu_profile profiles[RADP_EMU_PROFILES];
	u8 packed[RADP_EMU_PROFILES][RADP_EMU_PROFILE_LEN];
};

/**
 * struct radp_emu_mpt - the firmware model's MPT table
 * @size: number of entries
 * @entries: @size raw hermon entries of RADP_EMU_MPT_LEN bytes
 */
struct radp_emu_mpt {
	u32 size;
	u8 *entries;
};

/**
 * struct radp_emu_hist - the firmware model's retransmission histogram
 * @supported: knob hist_supported: both registers exist
 * @bin_num_max: knob hist_bin_num_max (at most 255)
 * @time_unit_cap: knob hist_time_unit_cap (4 bits)
 * @cfg: the configuration's read-write fields
 * @counts: the counters, @cfg.bin_num of them in use
 */
struct radp_emu_hist {
	bool supported;
	u32 bin_num_max;
	u32 time_unit_cap;
	struct radp_emu_hist_cfg cfg;
	u64 counts[RADP_EMU_HIST_BINS_MAX];
};

/* The knobs holding a number: cmd_delay_us, hang_next, fw_reset, mpt_size. */
#define RADP_EMU_NUM_KNOBS	4

/* A number knob's file data (radp_emu_knobs_create()). */
struct radp_emu_num_file {
	struct radp_emu *emu;
	const struct radp_emu_knob *knob;
};

/**
 * struct radp_emu - an emulated device
 * @dev: its device on the roce_adp bus
 * @radp: its registration with the core
 * @id: the number written to new_device
 * @list: in the list of emulated devices
 * @ddir: its debugfs directory
 * @fw_lock: commands that change state exclude all others
 * @cmd_delay_us: knob: how long the firmware takes per command
 * @busy_ns: knob fw_busy_ns: the time spent executing commands, so that
 *	benchmarks tell the model's cost, which a NIC's replaces, from the
 *	driver's
 * @accl: ROCE_ACCL state
 * @mpt: MPT table
 * @hist: retransmission histogram, under @fw_lock
 * @test_cmd: knob: last command sent through debugfs "cmd" and its outcome
 * @raw: knob cmd_raw: the last command it sent, its outcome and its whole
 *	output mailbox (@raw.outlen bytes), under @raw.lock
 * @fault: fault injection knobs (fail_next, hang_next, reply_next), under
 *	@fault.lock
 * @last: knob last_cmd: the last RADP_EMU_LAST_CMDS commands' input mailboxes
 *	(their first RADP_EMU_LAST_IN_LEN bytes) and output headers, slot
 *	@last_seq % RADP_EMU_LAST_CMDS the newest; under @fault.lock
 * @last_seq: how many commands the firmware received
 * @resetting: knob fw_reset: the firmware is down until @reset_work runs
 * @reset_work: ends a firmware reset
 * @num_files: the number knobs' files, @n_num_files of them
 * @n_num_files: how many of @num_files the knobs created took
 */
struct radp_emu {
	struct device dev;
	struct radp_dev radp;
	u32 id;
	struct list_head list;
	struct dentry *ddir;
	struct rw_semaphore fw_lock;	/* writers exclude readers */
	u32 cmd_delay_us;
	atomic64_t busy_ns;
	struct radp_emu_accl accl;
	struct radp_emu_mpt mpt;
	struct radp_emu_hist hist;
	struct {
		u16 opcode;
		u16 op_mod;
		u8 status;
		u32 syndrome;
		int err;
	} test_cmd;
	struct {
		struct mutex lock;	/* one cmd_raw at a time */
		u8 status;
		u32 syndrome;
		int err;
		u32 outlen;
		u8 out[RADP_EMU_RAW_MAX];
	} raw;
	struct {
		spinlock_t lock;	/* the counters below */
		u32 fail_count;
		u32 fail_skip;
		u8 fail_status;
		u32 fail_syndrome;
		u32 hang_count;
		bool reply_armed;
		u32 reply_skip;
		u8 reply[RADP_EMU_OUT_HDR_LEN];
	} fault;
	struct {
		u32 inlen;
		u8 in[RADP_EMU_LAST_IN_LEN];
		u8 out[RADP_EMU_OUT_HDR_LEN];
	} last[RADP_EMU_LAST_CMDS];
	u32 last_seq;
	bool resetting;
	struct delayed_work reset_work;
	struct radp_emu_num_file num_files[RADP_EMU_NUM_KNOBS];
	unsigned int n_num_files;
};

/* emu_bus.c: emulated devices on the roce_adp bus */
const char *radp_emu_status_name(u8 status);

/* emu_fw.c: the firmware model */
#define RADP_EMU_CMD_DELAY_MAX_US	1000000
#define RADP_EMU_FW_RESET_MAX_MS	10000
int radp_emu_fw_init(struct radp_emu *emu);
void radp_emu_fw_reset(struct radp_emu *emu, u32 ms);
void radp_emu_fw_fini(struct radp_emu *emu);
int radp_emu_fw_exec(struct radp_dev *dev, const void *in, size_t inlen,
		     void *out, size_t outlen);

/* emu_mpt.c: its MPT table */
int radp_emu_mpt_init(struct radp_emu *emu);
void radp_emu_mpt_fini(struct radp_emu *emu);
/*
 * The file_operations of knob radp_emu_<@_name>_fops: its handlers @_read
 * and @_write (NULL for none) take the device as file->private_data, as
 * DEFINE_SHOW_ATTRIBUTE() defines a file's fops.
 */
#define RADP_EMU_DEFINE_KNOB(_name, _read, _write)			\
static const struct file_operations radp_emu_##_name##_fops = {	\
	.open = simple_open,						\
	.read = _read,							\
	.write = _write,						\
	.llseek = generic_file_llseek,					\
	.owner = THIS_MODULE,						\
}

/**
 * struct radp_emu_knob - a file of the device's debugfs directory
 * @name: its name
 * @mode: its permissions
 * @fops: its operations, which take the device; or, a knob holding a
 *	number, NULL and:
 * @get: its number
 * @set: takes a number from @min to @max (others are refused and logged)
 * @min: the smallest number it takes
 * @max: the largest
 */
struct radp_emu_knob {
	const char *name;
	umode_t mode;
	const struct file_operations *fops;
	u64 (*get)(struct radp_emu *emu);
	int (*set)(struct radp_emu *emu, u64 val);
	u64 min;
	u64 max;
};

void radp_emu_knobs_create(struct radp_emu *emu,
			   const struct radp_emu_knob *knobs, unsigned int n);
ssize_t radp_emu_knob_output(char __user *ubuf, size_t count, loff_t *ppos,
			     char *buf, int len);
void radp_emu_mpt_debugfs_init(struct radp_emu *emu);
u8 radp_emu_query_mpt(struct radp_emu *emu, const void *in, size_t inlen,
		      void *out, size_t outlen, u32 *syndrome);

/* emu_hist.c: its retransmission histogram */
void radp_emu_hist_init(struct radp_emu *emu);
void radp_emu_hist_reset(struct radp_emu *emu);
void radp_emu_hist_debugfs_init(struct radp_emu *emu);
bool radp_emu_hist_reg(u32 reg_id);
u8 radp_emu_hist_access(struct radp_emu *emu, const void *in, size_t inlen,
			void *out, size_t outlen, u32 *syndrome);

#endif /* _RADP_EMU_H */
