// SPDX-License-Identifier: GPL-2.0
/*
 * A stand-in for mlx5_core, for the tests of roce_adp_mlx5 only (never
 * installed). It is a PCI driver named "mlx5_core" that binds plain QEMU
 * test functions (pci-testdev), sets each up the way mlx5_core's probe
 * leaves a ConnectX function as far as the backend can see (a struct
 * mlx5_core_dev as the private area of a registered devlink instance, the
 * PCI drvdata, the general capabilities, the firmware version in the init
 * segment, the device and interface state), and exports the three
 * mlx5_core functions the backend calls.
 *
 * Its mailbox handling is written from the kernel's own
 * include/linux/mlx5/mlx5_ifc.h, with MLX5_GET()/MLX5_SET(), and never
 * from roce_adp's codec, so that it checks the backend independently. The
 * ROCE_ACCL register and the histogram configuration, which mlx5_ifc.h
 * lacks, are laid out in the same style from the documented bit positions
 * in fw_model/adp_retx_ifc.h, which the emulator shares.
 *
 * Per function, under /sys/kernel/debug/mlx5_standin/<PCI address>/:
 *   store      the ROCE_ACCL register store, as big-endian dwords
 *   cmds       the commands received (write anything to clear); a
 *              command of a user context (mlx5_fwctl's) ends in its uid
 *   mkey       write "INDEX FREE MODE UMR A RW RR LW LR QPN KEY LEN64
 *              RINVAL PD START LEN OCTWORDS LOG_PAGE": the mkey context
 *              QUERY_MKEY returns for INDEX
 *   inject_status  write "STATUS [COUNT]": the next COUNT commands (1)
 *              are answered with this status and inject_syndrome (user
 *              contexts are created and destroyed as ever)
 *   inject_syndrome  that syndrome
 *   fw_generation  "current" (all thirteen ROCE_ACCL features) or "old"
 *              (the seven older ones, a 0x40-byte register taken too);
 *              module parameter fw_old sets it at probe
 *   histogram  "present", or "bad_param"/"bad_op": the firmware lacks the
 *              histogram registers and answers them so; module
 *              parameters no_histogram and no_histogram_bad_op
 *   inject_errno  the next command fails with -errno (e.g. 110)
 *   cmd_delay_ms  every command takes this long
 *   fw_reset   write MS: a firmware error (MLX5_DEV_EVENT_SYS_ERROR),
 *              then the function is loaded again MS ms later with the
 *              register store back at its defaults
 *
 * On kernels with fwctl (6.15 on), each function also has the auxiliary
 * device mlx5_core.fwctl.N, as mlx5_core registers it, for the kernel's
 * mlx5_fwctl to bind; the stand-in then answers the user contexts that
 * driver creates and destroys (CREATE_UCTX, DESTROY_UCTX: the general
 * capabilities offer TOOLS_RESOURCES in uctx_cap), refuses a command
 * whose header names a user context it did not create, and answers
 * QUERY_HCA_CAP of the general capabilities, as user space asks them.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#ifdef STANDIN_HAVE_FWCTL
#include <linux/auxiliary_bus.h>
#include <linux/idr.h>
#endif
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/etherdevice.h>
#include <linux/mlx5/driver.h>
#include <linux/mlx5/mlx5_ifc.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/netdevice.h>
#include <linux/notifier.h>
#include <linux/pci.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include <net/devlink.h>

#include "../drivers/roce_adp/compat_mlx5.h"
#include "../include/fw_model/adp_retx_ifc.h"

/* A field of fw_model_roce_accl: its bit offset and width, as mlx5_ifc.h counts. */
struct standin_fld {
	u16 off;
	u16 sz;
};

#define STANDIN_FLD(f)	{ __mlx5_bit_off(fw_model_roce_accl, f),	\
			  __mlx5_bit_sz(fw_model_roce_accl, f) }

/**
 * struct standin_feature - a value a ROCE_ACCL write may change
 * @val: the value
 * @sel: the *_field_select that says a write changes it, and a query
 *	that it can be changed (ack_dscp_force and ack_dscp share one)
 * @valid: the encodings it takes (bit v: v); others are BAD_PARAM
 * @newer: current firmware only; reserved on older firmware
 */
struct standin_feature {
	struct standin_fld val;
	struct standin_fld sel;
	u32 valid;
	bool newer;
};

#define STANDIN_BOOL	0x3u
#define STANDIN_ANY	0xffffffffu
#define STANDIN_FEATURE(_val, _sel, _valid, _newer)			\
	{ .val = STANDIN_FLD(_val), .sel = STANDIN_FLD(_sel),		\
	  .valid = _valid, .newer = _newer }

static const struct standin_feature standin_features[] = {
	STANDIN_FEATURE(roce_adp_retrans_en, roce_adp_retrans_field_select,
			STANDIN_BOOL, false),
	STANDIN_FEATURE(roce_tx_window_en, roce_tx_window_field_select,
			STANDIN_BOOL, false),
	STANDIN_FEATURE(roce_slow_restart_en, roce_slow_restart_field_select,
			STANDIN_BOOL, false),
	STANDIN_FEATURE(roce_slow_restart_idle_en,
			roce_slow_restart_idle_field_select, STANDIN_BOOL, false),
	STANDIN_FEATURE(min_ack_timeout_limit_disabled,
			min_ack_timeout_limit_disabled_field_select,
			STANDIN_BOOL, false),
	STANDIN_FEATURE(adaptive_routing_forced_en,
			adaptive_routing_forced_en_field_select, STANDIN_BOOL,
			false),
	STANDIN_FEATURE(selective_repeat_forced_en,
			selective_repeat_forced_en_field_select, STANDIN_BOOL,
			false),
	STANDIN_FEATURE(dc_half_handshake_en,
			dc_half_handshake_en_field_select, STANDIN_BOOL, true),
	STANDIN_FEATURE(cc_per_plane_en, cc_per_plane_en_field_select,
			STANDIN_BOOL, true),
	STANDIN_FEATURE(ack_dscp_force, ack_dscp_force_field_select,
			STANDIN_BOOL, true),
	STANDIN_FEATURE(ack_dscp, ack_dscp_force_field_select, STANDIN_ANY,
			true),
	/* 0 4 KB, 1 8 KB, 2 16 KB, 7 1.5 KB */
	STANDIN_FEATURE(cc_burst_size, cc_burst_size_select,
			BIT(0) | BIT(1) | BIT(2) | BIT(7), true),
	/* 0 accept, 1 discard */
	STANDIN_FEATURE(cc_probe_mp_mode, cc_probe_mp_mode_field_select,
			BIT(0) | BIT(1), true),
	STANDIN_FEATURE(ifa2_turn_around_en, ifa2_turn_around_select,
			STANDIN_BOOL, true),
};

/* The big-endian dword holding bit offset @off of @buf, as MLX5_GET() reads it. */
static u32 standin_fld_get(const void *buf, struct standin_fld f)
{
	const __be32 *dw = (const __be32 *)buf + f.off / 32;
	u32 shift = 32 - f.off % 32 - f.sz;

	return (be32_to_cpu(*dw) >> shift) & GENMASK(f.sz - 1, 0);
}

static void standin_fld_set(void *buf, struct standin_fld f, u32 v)
{
	__be32 *dw = (__be32 *)buf + f.off / 32;
	u32 shift = 32 - f.off % 32 - f.sz;
	u32 mask = GENMASK(f.sz - 1, 0) << shift;

	*dw = cpu_to_be32((be32_to_cpu(*dw) & ~mask) | ((v << shift) & mask));
}

/*
 * The profile, its ranges and ADP_RETX_HISTOGRAM_CONFIG are the layouts
 * both test firmware models take from fw_model/adp_retx_ifc.h. The head
 * of ADP_RETX_HISTOGRAM (0xc01e: bin_num, then from byte 0x10 bin_num
 * 64-bit counters, high dword first), the same way, from the reference's
 * positions.
 */
struct mlx5_ifc_standin_hist_bits {
	u8         bin_num[0x8];
	u8         reserved_at_8[0x78];

	u8         bin_count[0][0x40];
};

#define STANDIN_REG_ID_HIST_CONFIG	0xc01d
#define STANDIN_REG_ID_HIST		0xc01e
#define STANDIN_HIST_BINS_MAX		16
#define STANDIN_HIST_CONFIG_LEN	MLX5_ST_SZ_BYTES(fw_model_hist_config)
/* The histogram register holding @n counters. */
#define STANDIN_HIST_LEN(n)		(MLX5_ST_SZ_BYTES(standin_hist) + 8 * (n))

#define STANDIN_REG_ID_ROCE_ACCL	0x402c
#define STANDIN_REG_LEN		MLX5_ST_SZ_BYTES(fw_model_roce_accl)
/* Older firmware's register: the head and the profile. */
#define STANDIN_REG_LEN_OLD	0x40
#define STANDIN_PROFILE_LEN	MLX5_ST_SZ_BYTES(fw_model_adp_retx_profile)
#define STANDIN_MAX_ID		1
#define STANDIN_PROFILES	(STANDIN_MAX_ID + 1)
#define STANDIN_PROFILE_DW	MLX5_ST_SZ_DW(fw_model_adp_retx_profile)
#define STANDIN_MAX_RANGE_NUM	4
#define STANDIN_BASE_TIMEOUT_MIN 4000	/* ns */
#define STANDIN_MKEYS		16
#define STANDIN_LOG		64	/* commands kept for cmds */

/* A module parameter naming functions by their PCI addresses, with commas. */
#define STANDIN_FUNCTIONS_PARAM(name, desc)				\
	static char *name = "";						\
	module_param(name, charp, 0444);				\
	MODULE_PARM_DESC(name, "PCI addresses, separated by commas, of the functions " desc)

STANDIN_FUNCTIONS_PARAM(no_roce_accl, "without cmd_hca_cap.roce_accl");
STANDIN_FUNCTIONS_PARAM(fw_old,
			"running older firmware: the seven older ROCE_ACCL features only (debugfs fw_generation)");
STANDIN_FUNCTIONS_PARAM(no_histogram,
			"whose firmware lacks the histogram registers and answers them BAD_PARAM, as for an unknown register (debugfs histogram)");
STANDIN_FUNCTIONS_PARAM(no_histogram_bad_op,
			"whose firmware lacks the histogram registers and answers them BAD_OP");

static uint log_max_mkey = 4;
module_param(log_max_mkey, uint, 0444);
MODULE_PARM_DESC(log_max_mkey, "cmd_hca_cap.log_max_mkey of every function (default 4)");

static bool netdev = true;
module_param(netdev, bool, 0444);
MODULE_PARM_DESC(netdev, "Register a network interface on each function (default on)");

/*
 * User contexts: uid 0 is the kernel's own; mlx5_fwctl creates one per
 * open file of /dev/fwctl.
 */
#define STANDIN_UCTX_MAX	64
/* cmd_hca_cap.uctx_cap: MLX5_UCTX_OBJECT_CAP_TOOLS_RESOURCES */
#define STANDIN_UCTX_CAP_TOOLS_RESOURCES	0x4

/* The firmware version in the init segment: 28.39.2048. */
#define STANDIN_FW_MAJ		28
#define STANDIN_FW_MIN		39
#define STANDIN_FW_SUB		2048

/* What the stand-in saw of one command, for the cmds file. */
struct standin_cmd {
	u16 opcode;
	u16 op_mod;
	u16 uid;	/* the user context in the header (fwctl's) */
	u32 arg;	/* register id, or mkey index */
	int inlen;
	int outlen;
};

struct standin_mkey {
	bool valid;
	u32 mkc[MLX5_ST_SZ_DW(mkc)];
};

/**
 * struct standin_dev - one function
 * @mdev: what mlx5_core's probe makes; first, so that the devlink private
 *	area starts with it as in mlx5_core
 * @pdev: the function
 * @iseg: the init segment, in memory
 * @hca_cap: the general capabilities
 * @nh: mlx5_core's firmware event chain
 * @netdev: the function's network interface, or NULL
 * @lock: protects everything below
 * @reg: the register as a query with profile id 0 returns it, without the
 *	profile
 * @profiles: the profiles, id 0 the firmware's defaults
 * @mkeys: the mkey contexts QUERY_MKEY answers with
 * @hist_cfg: ADP_RETX_HISTOGRAM_CONFIG as a read returns it
 * @hist_counts: the histogram's counters (debugfs hist_counts)
 * @log: the last commands
 * @log_n: how many commands were received in all
 * @fw_old: runs older firmware (standin_feature.newer reserved)
 * @hist_absent: 0 when the firmware has the histogram registers, else
 *	the status it answers them with (BAD_PARAM or BAD_OP)
 * @inject_status: the status of the next @inject_count commands, if not 0
 * @inject_count: how many commands are still to get it
 * @inject_syndrome: and syndrome
 * @inject_errno: the next command fails with -@inject_errno, if not 0
 * @cmd_delay_ms: how long each command takes
 * @back_work: loads the function again after a firmware error
 * @dir: in debugfs
 * @uctx: the user contexts created, bit N for uid N
 * @fwctl_adev: the auxiliary device mlx5_fwctl binds, or NULL
 */
struct standin_dev {
	struct mlx5_core_dev mdev;
	struct pci_dev *pdev;
	struct mlx5_init_seg *iseg;
	struct mlx5_hca_cap *hca_cap;
	struct atomic_notifier_head nh;
	struct net_device *netdev;
	struct mutex lock;	/* the fields below */
	u32 reg[MLX5_ST_SZ_DW(fw_model_roce_accl)];
	u32 profiles[STANDIN_PROFILES][STANDIN_PROFILE_DW];
	struct standin_mkey mkeys[STANDIN_MKEYS];
	u32 hist_cfg[MLX5_ST_SZ_DW(fw_model_hist_config)];
	u64 hist_counts[STANDIN_HIST_BINS_MAX];
	struct standin_cmd log[STANDIN_LOG];
	unsigned int log_n;
	bool fw_old;
	u8 hist_absent;
	u8 inject_status;
	u32 inject_count;
	u32 inject_syndrome;
	u32 inject_errno;
	u32 cmd_delay_ms;
	struct delayed_work back_work;
	struct dentry *dir;
	DECLARE_BITMAP(uctx, STANDIN_UCTX_MAX);
	struct mlx5_adev *fwctl_adev;
};

static struct dentry *standin_debugfs;

static struct standin_dev *standin_from_mdev(struct mlx5_core_dev *mdev)
{
	return container_of(mdev, struct standin_dev, mdev);
}

/* The register store as the firmware has it after a reset. */
static void standin_store_defaults(struct standin_dev *sd)
{
	void *p0 = sd->profiles[0];
	unsigned int i;

	lockdep_assert_held(&sd->lock);
	memset(sd->reg, 0, sizeof(sd->reg));
	memset(sd->profiles, 0, sizeof(sd->profiles));
	/* Every feature the firmware knows can be changed. */
	for (i = 0; i < ARRAY_SIZE(standin_features); i++)
		if (!sd->fw_old || !standin_features[i].newer)
			standin_fld_set(sd->reg, standin_features[i].sel, 1);
	MLX5_SET(fw_model_roce_accl, sd->reg, adp_retx_profile_max_range_num,
		 STANDIN_MAX_RANGE_NUM);
	MLX5_SET(fw_model_roce_accl, sd->reg, adp_retx_profile_max_id,
		 STANDIN_MAX_ID);
	MLX5_SET(fw_model_roce_accl, sd->reg, adp_retx_base_timeout_min,
		 STANDIN_BASE_TIMEOUT_MIN);

	/* Profile 0: 16 us units, starting at 64 us, one range. */
	MLX5_SET(fw_model_adp_retx_profile, p0, qp_total_timeout, 1);
	MLX5_SET(fw_model_adp_retx_profile, p0, range_num, 1);
	MLX5_SET(fw_model_adp_retx_profile, p0, time_unit, 1);
	MLX5_SET(fw_model_adp_retx_profile, p0, time_base, 16);
	MLX5_SET(fw_model_adp_retx_profile, p0, timeout_init_low_bound, 2);
	MLX5_SET(fw_model_adp_retx_profile, p0, timeout_init_range_size, 2);
	MLX5_SET(fw_model_adp_retx_profile, p0, timeout_range[0].timeout_retry_num, 3);
	MLX5_SET(fw_model_adp_retx_profile, p0, timeout_range[0].range_low_bound, 2);
	MLX5_SET(fw_model_adp_retx_profile, p0, timeout_range[0].range_size, 4);
	memset(sd->hist_cfg, 0, sizeof(sd->hist_cfg));
	memset(sd->hist_counts, 0, sizeof(sd->hist_counts));
	MLX5_SET(fw_model_hist_config, sd->hist_cfg, count_enable, 1);
	MLX5_SET(fw_model_hist_config, sd->hist_cfg, time_unit, 1);
	MLX5_SET(fw_model_hist_config, sd->hist_cfg, bin_width_mode, 1);
	MLX5_SET(fw_model_hist_config, sd->hist_cfg, time_unit_cap, 0xf);
	MLX5_SET(fw_model_hist_config, sd->hist_cfg, bin_num, 16);
	MLX5_SET(fw_model_hist_config, sd->hist_cfg, bin_num_max,
		 STANDIN_HIST_BINS_MAX);
	MLX5_SET(fw_model_hist_config, sd->hist_cfg, bin0_width, 16);
	MLX5_SET(fw_model_hist_config, sd->hist_cfg, bin1_width, 16);
}

static void standin_log_cmd(struct standin_dev *sd, u16 opcode, u16 op_mod,
			    u16 uid, u32 arg, int inlen, int outlen)
{
	struct standin_cmd *c = &sd->log[sd->log_n++ % STANDIN_LOG];

	c->opcode = opcode;
	c->op_mod = op_mod;
	c->uid = uid;
	c->arg = arg;
	c->inlen = inlen;
	c->outlen = outlen;
}

/*
 * ACCESS_REG of the histogram's registers: the configuration's read-write
 * fields go to the store as written (the store keeps its read-only
 * capabilities); a histogram read must be exactly 0x10 + 8 * bin_num
 * bytes each way, and with clear_on_read empties the counters.
 */
#define STANDIN_HIST_COPY(fld)						\
	MLX5_SET(fw_model_hist_config, sd->hist_cfg, fld,		\
		 MLX5_GET(fw_model_hist_config, reg_in, fld))

static u8 standin_access_hist(struct standin_dev *sd, void *in, int inlen,
			      void *out, int outlen, u32 *synd)
{
	void *reg_in = MLX5_ADDR_OF(access_register_in, in, register_data);
	void *reg_out = MLX5_ADDR_OF(access_register_out, out, register_data);
	u16 op_mod = MLX5_GET(access_register_in, in, op_mod);
	u32 n = MLX5_GET(fw_model_hist_config, sd->hist_cfg, bin_num);
	int len, i;
	void *cnt;

	if (MLX5_GET(access_register_in, in, register_id) ==
	    STANDIN_REG_ID_HIST) {
		len = STANDIN_HIST_LEN(n);
		if (op_mod != MLX5_ACCESS_REGISTER_IN_OP_MOD_READ) {
			*synd = 0x7;
			return MLX5_CMD_STAT_BAD_PARAM_ERR;
		}
	} else {
		len = STANDIN_HIST_CONFIG_LEN;
	}
	if (inlen != MLX5_ST_SZ_BYTES(access_register_in) + len) {
		*synd = 0x2;
		return MLX5_CMD_STAT_BAD_INP_LEN_ERR;
	}
	if (outlen != MLX5_ST_SZ_BYTES(access_register_out) + len) {
		*synd = 0x3;
		return MLX5_CMD_STAT_BAD_OUTP_LEN_ERR;
	}
	if (len != STANDIN_HIST_CONFIG_LEN) {
		MLX5_SET(standin_hist, reg_out, bin_num, n);
		for (i = 0; i < n; i++) {
			cnt = MLX5_ADDR_OF(standin_hist, reg_out, bin_count) +
			      8 * i;
			*(__be64 *)cnt = cpu_to_be64(sd->hist_counts[i]);
		}
		if (MLX5_GET(fw_model_hist_config, sd->hist_cfg, clear_on_read))
			memset(sd->hist_counts, 0, sizeof(sd->hist_counts));
		return MLX5_CMD_STAT_OK;
	}
	if (op_mod == MLX5_ACCESS_REGISTER_IN_OP_MOD_READ) {
		memcpy(reg_out, sd->hist_cfg, sizeof(sd->hist_cfg));
		return MLX5_CMD_STAT_OK;
	}
	n = MLX5_GET(fw_model_hist_config, reg_in, bin_num);
	if (!n || n > STANDIN_HIST_BINS_MAX) {
		*synd = 0x8;
		return MLX5_CMD_STAT_BAD_PARAM_ERR;
	}
	STANDIN_HIST_COPY(count_enable);
	STANDIN_HIST_COPY(clear_on_read);
	STANDIN_HIST_COPY(vhca_id_valid);
	STANDIN_HIST_COPY(time_unit);
	STANDIN_HIST_COPY(bin_width_mode);
	STANDIN_HIST_COPY(bin_num);
	STANDIN_HIST_COPY(vhca_id);
	STANDIN_HIST_COPY(bin0_width);
	STANDIN_HIST_COPY(bin1_width);
	return MLX5_CMD_STAT_OK;
}

/*
 * A write of ROCE_ACCL @reg_in: every value whose select is set, as the
 * firmware knows them (older firmware ignores the newer selects, which
 * are reserved there), checked first so that a reserved encoding changes
 * nothing.
 */
static u8 standin_accl_write_features(struct standin_dev *sd, void *reg_in,
				      u32 *synd)
{
	const struct standin_feature *f;
	unsigned int i;
	u32 v;

	for (i = 0; i < ARRAY_SIZE(standin_features); i++) {
		f = &standin_features[i];
		if ((sd->fw_old && f->newer) || !standin_fld_get(reg_in, f->sel))
			continue;
		v = standin_fld_get(reg_in, f->val);
		if (v < 32 && !(f->valid & BIT(v))) {
			*synd = 0x9;
			return MLX5_CMD_STAT_BAD_PARAM_ERR;
		}
	}
	for (i = 0; i < ARRAY_SIZE(standin_features); i++) {
		f = &standin_features[i];
		if ((sd->fw_old && f->newer) || !standin_fld_get(reg_in, f->sel))
			continue;
		standin_fld_set(sd->reg, f->val, standin_fld_get(reg_in, f->val));
	}
	return MLX5_CMD_STAT_OK;
}

/*
 * MCQS and MCQI queries, as mlx5_core's mlx5_fw_version_query() sends
 * them: one component, index 0, the boot image, whose version (MCQI
 * info_type VERSION) is the init segment's.
 */
static u8 standin_access_mcq(struct standin_dev *sd, void *in, int inlen,
			     void *out, int outlen, u32 *synd)
{
	void *reg_in = MLX5_ADDR_OF(access_register_in, in, register_data);
	void *reg_out = MLX5_ADDR_OF(access_register_out, out, register_data);
	int hdr = MLX5_ST_SZ_BYTES(access_register_in);
	void *ver;

	if (MLX5_GET(access_register_in, in, op_mod) !=
	    MLX5_ACCESS_REGISTER_IN_OP_MOD_READ) {
		*synd = 0x5;
		return MLX5_CMD_STAT_BAD_OP_ERR;
	}
	if (MLX5_GET(access_register_in, in, register_id) == MLX5_REG_MCQS) {
		if (inlen < hdr + MLX5_ST_SZ_BYTES(mcqs_reg) || outlen < inlen) {
			*synd = 0x2;
			return MLX5_CMD_STAT_BAD_INP_LEN_ERR;
		}
		if (MLX5_GET(mcqs_reg, reg_in, component_index)) {
			*synd = 0xb;
			return MLX5_CMD_STAT_BAD_PARAM_ERR;
		}
		MLX5_SET(mcqs_reg, reg_out, last_index_flag, 1);
		MLX5_SET(mcqs_reg, reg_out, identifier, 0x1);	/* BOOT_IMG */
		return MLX5_CMD_STAT_OK;
	}
	/* mcqi_reg's data[] is as large as data_size says */
	if (inlen < hdr + MLX5_ST_SZ_BYTES(mcqi_reg) ||
	    outlen < hdr + MLX5_ST_SZ_BYTES(mcqi_reg) +
		     MLX5_ST_SZ_BYTES(mcqi_version)) {
		*synd = 0x2;
		return MLX5_CMD_STAT_BAD_INP_LEN_ERR;
	}
	if (MLX5_GET(mcqi_reg, reg_in, component_index) ||
	    MLX5_GET(mcqi_reg, reg_in, info_type) != 0x1 ||	/* VERSION */
	    MLX5_GET(mcqi_reg, reg_in, data_size) <
	    MLX5_ST_SZ_BYTES(mcqi_version)) {
		*synd = 0xb;
		return MLX5_CMD_STAT_BAD_PARAM_ERR;
	}
	ver = MLX5_ADDR_OF(mcqi_reg, reg_out, data);
	MLX5_SET(mcqi_version, ver, version,
		 fw_rev_maj(&sd->mdev) << 24 | fw_rev_min(&sd->mdev) << 16 |
		 fw_rev_sub(&sd->mdev));
	return MLX5_CMD_STAT_OK;
}

/* ACCESS_REG of ROCE_ACCL; returns the status, the syndrome in @synd. */
static u8 standin_access_reg(struct standin_dev *sd, void *in, int inlen,
			     void *out, int outlen, u32 *synd)
{
	void *reg_in = MLX5_ADDR_OF(access_register_in, in, register_data);
	void *reg_out = MLX5_ADDR_OF(access_register_out, out, register_data);
	struct mlx5_core_dev *mdev = &sd->mdev;
	u16 op_mod = MLX5_GET(access_register_in, in, op_mod);
	int len = inlen - MLX5_ST_SZ_BYTES(access_register_in);
	u8 status;
	u32 id;

	switch (MLX5_GET(access_register_in, in, register_id)) {
	case MLX5_REG_MCQS:
	case MLX5_REG_MCQI:
		return standin_access_mcq(sd, in, inlen, out, outlen, synd);
	case STANDIN_REG_ID_HIST_CONFIG:
	case STANDIN_REG_ID_HIST:
		/* As firmware answers a register it does not know. */
		if (sd->hist_absent) {
			*synd = 0x1;
			return sd->hist_absent;
		}
		return standin_access_hist(sd, in, inlen, out, outlen, synd);
	}
	if (MLX5_GET(access_register_in, in, register_id) !=
	    STANDIN_REG_ID_ROCE_ACCL ||
	    !MLX5_CAP_GEN(mdev, roce_accl)) {
		*synd = 0x1;
		return MLX5_CMD_STAT_BAD_PARAM_ERR;
	}
	/* Older firmware takes its own length too. */
	if (len != STANDIN_REG_LEN &&
	    (!sd->fw_old || len != STANDIN_REG_LEN_OLD)) {
		*synd = 0x2;
		return MLX5_CMD_STAT_BAD_INP_LEN_ERR;
	}
	if (outlen != inlen) {
		*synd = 0x3;
		return MLX5_CMD_STAT_BAD_OUTP_LEN_ERR;
	}
	id = MLX5_GET(fw_model_roce_accl, reg_in, adp_retx_profile_id);

	switch (op_mod) {
	case MLX5_ACCESS_REGISTER_IN_OP_MOD_READ:
		if (id > STANDIN_MAX_ID) {
			*synd = 0x4;
			return MLX5_CMD_STAT_BAD_PARAM_ERR;
		}
		memcpy(reg_out, sd->reg, len);
		MLX5_SET(fw_model_roce_accl, reg_out, adp_retx_profile_select, 1);
		if (id)
			MLX5_SET(fw_model_roce_accl, reg_out, adp_retx_profile_id, id);
		memcpy(MLX5_ADDR_OF(fw_model_roce_accl, reg_out, adp_retx_profile),
		       sd->profiles[id], STANDIN_PROFILE_LEN);
		return MLX5_CMD_STAT_OK;
	case MLX5_ACCESS_REGISTER_IN_OP_MOD_WRITE:
		if (MLX5_GET(fw_model_roce_accl, reg_in, adp_retx_profile_select) &&
		    (!id || id > STANDIN_MAX_ID)) {
			*synd = 0x4;
			return MLX5_CMD_STAT_BAD_PARAM_ERR;
		}
		status = standin_accl_write_features(sd, reg_in, synd);
		if (status != MLX5_CMD_STAT_OK)
			return status;
		if (MLX5_GET(fw_model_roce_accl, reg_in, adp_retx_profile_select)) {
			memcpy(sd->profiles[id],
			       MLX5_ADDR_OF(fw_model_roce_accl, reg_in,
					    adp_retx_profile),
			       STANDIN_PROFILE_LEN);
			MLX5_SET(fw_model_roce_accl, sd->reg, adp_retx_profile_id,
				 id);
		}
		return MLX5_CMD_STAT_OK;
	}
	*synd = 0x5;
	return MLX5_CMD_STAT_BAD_OP_ERR;
}

/* A command whose mailboxes have one size each way: are they that? */
static u8 standin_check_lens(int inlen, int want_in, int outlen, int want_out,
			     u32 *synd)
{
	if (inlen != want_in) {
		*synd = 0x2;
		return MLX5_CMD_STAT_BAD_INP_LEN_ERR;
	}
	if (outlen != want_out) {
		*synd = 0x3;
		return MLX5_CMD_STAT_BAD_OUTP_LEN_ERR;
	}
	return MLX5_CMD_STAT_OK;
}

static u8 standin_query_mkey(struct standin_dev *sd, void *in, int inlen,
			     void *out, int outlen, u32 *synd)
{
	u32 index = MLX5_GET(query_mkey_in, in, mkey_index);
	u8 status;

	status = standin_check_lens(inlen, MLX5_ST_SZ_BYTES(query_mkey_in),
				    outlen, MLX5_ST_SZ_BYTES(query_mkey_out),
				    synd);
	if (status)
		return status;
	/* Assumed, as the backend does: an index with no mkey. */
	if (index >= STANDIN_MKEYS || !sd->mkeys[index].valid) {
		*synd = 0x6;
		return MLX5_CMD_STAT_BAD_RES_STATE_ERR;
	}
	memcpy(MLX5_ADDR_OF(query_mkey_out, out, memory_key_mkey_entry),
	       sd->mkeys[index].mkc, MLX5_ST_SZ_BYTES(mkc));
	return MLX5_CMD_STAT_OK;
}

/* The general capabilities, in effect or the most the function can have. */
static void *standin_cap_gen(struct standin_dev *sd, bool max)
{
#ifdef RADP_HAVE_MLX5_CAPS_PTR
	return max ? sd->hca_cap->max : sd->hca_cap->cur;
#else
	return max ? sd->mdev.caps.hca_max[MLX5_CAP_GENERAL] :
		     sd->mdev.caps.hca_cur[MLX5_CAP_GENERAL];
#endif
}

/*
 * QUERY_HCA_CAP of the general capabilities (what mlx5_core read at
 * probe); op_mod is the capability type << 1 | HCA_CAP_OPMOD_GET_CUR.
 */
static u8 standin_query_hca_cap(struct standin_dev *sd, void *in, int inlen,
				void *out, int outlen, u32 *synd)
{
	u16 op_mod = MLX5_GET(query_hca_cap_in, in, op_mod);
	u8 status;

	status = standin_check_lens(inlen, MLX5_ST_SZ_BYTES(query_hca_cap_in),
				    outlen,
				    MLX5_ST_SZ_BYTES(query_hca_cap_out), synd);
	if (status)
		return status;
	if (op_mod >> 1 != MLX5_CAP_GENERAL) {
		*synd = 0xa;
		return MLX5_CMD_STAT_BAD_PARAM_ERR;
	}
	memcpy(MLX5_ADDR_OF(query_hca_cap_out, out, capability),
	       standin_cap_gen(sd, !(op_mod & HCA_CAP_OPMOD_GET_CUR)),
	       MLX5_UN_SZ_BYTES(hca_cap_union));
	return MLX5_CMD_STAT_OK;
}

/* CREATE_UCTX: the lowest free uid above 0. */
static u8 standin_create_uctx(struct standin_dev *sd, void *in, int inlen,
			      void *out, int outlen, u32 *synd)
{
	unsigned long uid;

	if (inlen < MLX5_ST_SZ_BYTES(create_uctx_in) ||
	    outlen < MLX5_ST_SZ_BYTES(create_uctx_out)) {
		*synd = 0x2;
		return MLX5_CMD_STAT_BAD_INP_LEN_ERR;
	}
	uid = find_next_zero_bit(sd->uctx, STANDIN_UCTX_MAX, 1);
	if (uid >= STANDIN_UCTX_MAX) {
		*synd = 0x7;
		return MLX5_CMD_STAT_NO_RES_ERR;
	}
	__set_bit(uid, sd->uctx);
	MLX5_SET(create_uctx_out, out, uid, uid);
	return MLX5_CMD_STAT_OK;
}

static u8 standin_destroy_uctx(struct standin_dev *sd, void *in, int inlen,
			       u32 *synd)
{
	u16 uid = MLX5_GET(destroy_uctx_in, in, uid);

	if (!uid || uid >= STANDIN_UCTX_MAX || !test_bit(uid, sd->uctx)) {
		*synd = 0x8;
		return MLX5_CMD_STAT_BAD_PARAM_ERR;
	}
	__clear_bit(uid, sd->uctx);
	return MLX5_CMD_STAT_OK;
}

/**
 * standin_cmd_run - run a command, as mlx5_core's mlx5_cmd_do() does
 * @dev: the function
 * @in: the input mailbox
 * @in_size: its length
 * @out: the output mailbox
 * @out_size: its length
 *
 * Return: 0; -EREMOTEIO with the status and syndrome in @out when the
 * "firmware" rejected the command; -ENXIO while the function is down;
 * another errno when asked to (inject_errno).
 */
static int standin_cmd_run(struct mlx5_core_dev *dev, void *in, int in_size,
			   void *out, int out_size)
{
	struct standin_dev *sd = standin_from_mdev(dev);
	u16 opcode = MLX5_GET(access_register_in, in, opcode);
	u16 op_mod = MLX5_GET(access_register_in, in, op_mod);
	/* Every inbox's header: the user context, 0 for the kernel's. */
	u16 uid = MLX5_GET(general_obj_in_cmd_hdr, in, uid);
	u32 synd = 0, arg = 0, delay;
	int err = 0;
	u8 status;

	if (opcode == MLX5_CMD_OP_ACCESS_REG)
		arg = MLX5_GET(access_register_in, in, register_id);
	else if (opcode == MLX5_CMD_OP_QUERY_MKEY)
		arg = MLX5_GET(query_mkey_in, in, mkey_index);
	else if (opcode == MLX5_CMD_OP_DESTROY_UCTX)
		arg = MLX5_GET(destroy_uctx_in, in, uid);

	mutex_lock(&sd->lock);
	standin_log_cmd(sd, opcode, op_mod, uid, arg, in_size, out_size);
	delay = sd->cmd_delay_ms;
	mutex_unlock(&sd->lock);
	if (delay)
		msleep(delay);

	mutex_lock(&sd->lock);
	if (READ_ONCE(dev->state) != MLX5_DEVICE_STATE_UP) {
		err = -ENXIO;
		goto out;
	}
	if (sd->inject_errno) {
		err = -(int)sd->inject_errno;
		sd->inject_errno = 0;
		goto out;
	}
	memset(out, 0, out_size);
	/* A user context is mlx5_fwctl's, not a command injected for. */
	if (sd->inject_count && opcode != MLX5_CMD_OP_CREATE_UCTX &&
	    opcode != MLX5_CMD_OP_DESTROY_UCTX) {
		status = sd->inject_status;
		synd = sd->inject_syndrome;
		if (!--sd->inject_count) {
			sd->inject_status = 0;
			sd->inject_syndrome = 0;
		}
	} else if (opcode == MLX5_CMD_OP_CREATE_UCTX) {
		status = standin_create_uctx(sd, in, in_size, out, out_size,
					     &synd);
	} else if (opcode == MLX5_CMD_OP_DESTROY_UCTX) {
		status = standin_destroy_uctx(sd, in, in_size, &synd);
	} else if (uid && (uid >= STANDIN_UCTX_MAX ||
			   !test_bit(uid, sd->uctx))) {
		/* A user context the firmware does not know. */
		status = MLX5_CMD_STAT_BAD_PARAM_ERR;
		synd = 0x9;
	} else if (opcode == MLX5_CMD_OP_ACCESS_REG) {
		status = standin_access_reg(sd, in, in_size, out, out_size,
					    &synd);
	} else if (opcode == MLX5_CMD_OP_QUERY_MKEY) {
		status = standin_query_mkey(sd, in, in_size, out, out_size,
					    &synd);
	} else if (opcode == MLX5_CMD_OP_QUERY_HCA_CAP) {
		status = standin_query_hca_cap(sd, in, in_size, out, out_size,
					       &synd);
	} else {
		status = MLX5_CMD_STAT_BAD_OP_ERR;
		synd = 0x5;
	}
	/* Every outbox starts with status and syndrome. */
	MLX5_SET(access_register_out, out, status, status);
	MLX5_SET(access_register_out, out, syndrome, synd);
	if (status != MLX5_CMD_STAT_OK)
		err = -EREMOTEIO;
out:
	mutex_unlock(&sd->lock);
	return err;
}

/*
 * As mlx5_cmd_do(), which copies the inbox before the command runs: the
 * outbox may be the same memory (mlx5_fwctl's RPCs reuse it).
 */
static int standin_cmd_do(struct mlx5_core_dev *dev, void *in, int in_size,
			  void *out, int out_size)
{
	void *inbox = kmemdup(in, in_size, GFP_KERNEL);
	int err;

	if (!inbox)
		return -ENOMEM;
	err = standin_cmd_run(dev, inbox, in_size, out, out_size);
	kfree(inbox);
	return err;
}

#ifdef RADP_HAVE_MLX5_CMD_DO
int mlx5_cmd_do(struct mlx5_core_dev *dev, void *in, int in_size, void *out,
		int out_size)
{
	return standin_cmd_do(dev, in, in_size, out, out_size);
}
EXPORT_SYMBOL(mlx5_cmd_do);
#endif

/*
 * mlx5_cmd_exec(): a bad status is an errno, the status and syndrome stay
 * in @out (mlx5_cmd_check() maps each status to its own errno; the backend
 * before 5.18 reads the status, not the errno; mlx5_fwctl only the errno).
 */
int mlx5_cmd_exec(struct mlx5_core_dev *dev, void *in, int in_size, void *out,
		  int out_size)
{
	int err = standin_cmd_do(dev, in, in_size, out, out_size);

	return err == -EREMOTEIO ? -EIO : err;
}
EXPORT_SYMBOL(mlx5_cmd_exec);

int mlx5_notifier_register(struct mlx5_core_dev *dev, struct notifier_block *nb)
{
	return atomic_notifier_chain_register(&standin_from_mdev(dev)->nh, nb);
}
EXPORT_SYMBOL(mlx5_notifier_register);

int mlx5_notifier_unregister(struct mlx5_core_dev *dev, struct notifier_block *nb)
{
	return atomic_notifier_chain_unregister(&standin_from_mdev(dev)->nh, nb);
}
EXPORT_SYMBOL(mlx5_notifier_unregister);

static int standin_store_show(struct seq_file *s, void *unused)
{
	struct standin_dev *sd = s->private;
	unsigned int i, id;

	mutex_lock(&sd->lock);
	seq_puts(s, "reg:");
	for (i = 0; i < 4; i++)
		seq_printf(s, " %08x", be32_to_cpu((__force __be32)sd->reg[i]));
	seq_putc(s, '\n');
	for (id = 0; id <= STANDIN_MAX_ID; id++) {
		seq_printf(s, "profile %u:", id);
		for (i = 0; i < ARRAY_SIZE(sd->profiles[id]); i++)
			seq_printf(s, " %08x",
				   be32_to_cpu((__force __be32)sd->profiles[id][i]));
		seq_putc(s, '\n');
	}
	seq_puts(s, "hist_config:");
	for (i = 0; i < 3; i++)
		seq_printf(s, " %08x",
			   be32_to_cpu((__force __be32)sd->hist_cfg[i]));
	seq_putc(s, '\n');
	mutex_unlock(&sd->lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(standin_store);

/* seq_file.h has it from 6.3 on. */
#ifndef DEFINE_SHOW_STORE_ATTRIBUTE
#define DEFINE_SHOW_STORE_ATTRIBUTE(__name)				\
static int __name ## _open(struct inode *inode, struct file *file)	\
{									\
	return single_open(file, __name ## _show, inode->i_private);	\
}									\
									\
static const struct file_operations __name ## _fops = {			\
	.owner		= THIS_MODULE,					\
	.open		= __name ## _open,				\
	.read		= seq_read,					\
	.write		= __name ## _write,				\
	.llseek		= seq_lseek,					\
	.release	= single_release,				\
}
#endif

/* The fops of a debugfs file that is only written, by <name>_write(). */
#define STANDIN_STORE_ATTRIBUTE(__name)					\
static const struct file_operations __name ## _fops = {			\
	.owner		= THIS_MODULE,					\
	.open		= simple_open,					\
	.write		= __name ## _write,				\
}

/*
 * hist_counts: the histogram's counters; reading shows them, bin 0 first,
 * writing "BIN COUNT" lines sets them, as events the firmware counted.
 */
static int standin_hist_counts_show(struct seq_file *s, void *unused)
{
	struct standin_dev *sd = s->private;
	unsigned int i;

	mutex_lock(&sd->lock);
	for (i = 0; i < STANDIN_HIST_BINS_MAX; i++)
		seq_printf(s, "%s%llu", i ? " " : "", sd->hist_counts[i]);
	seq_putc(s, '\n');
	mutex_unlock(&sd->lock);
	return 0;
}

static ssize_t standin_hist_counts_write(struct file *file,
					 const char __user *ubuf, size_t count,
					 loff_t *ppos)
{
	struct standin_dev *sd = ((struct seq_file *)file->private_data)->private;
	char *buf, *pos, *line;
	unsigned long long v;
	unsigned int bin;
	int err = 0;

	if (count > PAGE_SIZE)
		return -E2BIG;
	buf = memdup_user_nul(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	pos = buf;
	mutex_lock(&sd->lock);
	while (!err && (line = strsep(&pos, "\n"))) {
		if (!*skip_spaces(line))
			continue;
		if (sscanf(line, "%u %llu", &bin, &v) != 2 ||
		    bin >= STANDIN_HIST_BINS_MAX)
			err = -EINVAL;
		else
			sd->hist_counts[bin] = v;
	}
	mutex_unlock(&sd->lock);
	kfree(buf);
	return err ?: count;
}

DEFINE_SHOW_STORE_ATTRIBUTE(standin_hist_counts);

static const char *standin_opcode_name(u16 opcode)
{
	switch (opcode) {
	case MLX5_CMD_OP_ACCESS_REG:
		return "ACCESS_REG";
	case MLX5_CMD_OP_QUERY_MKEY:
		return "QUERY_MKEY";
	case MLX5_CMD_OP_QUERY_HCA_CAP:
		return "QUERY_HCA_CAP";
	case MLX5_CMD_OP_CREATE_UCTX:
		return "CREATE_UCTX";
	case MLX5_CMD_OP_DESTROY_UCTX:
		return "DESTROY_UCTX";
	}
	return "other";
}

static int standin_cmds_show(struct seq_file *s, void *unused)
{
	struct standin_dev *sd = s->private;
	unsigned int i, first;

	mutex_lock(&sd->lock);
	first = sd->log_n > STANDIN_LOG ? sd->log_n - STANDIN_LOG : 0;
	for (i = first; i < sd->log_n; i++) {
		const struct standin_cmd *c = &sd->log[i % STANDIN_LOG];

		seq_printf(s, "%s opcode 0x%x op_mod %u ",
			   standin_opcode_name(c->opcode), c->opcode, c->op_mod);
		if (c->opcode == MLX5_CMD_OP_QUERY_MKEY)
			seq_printf(s, "mkey_index 0x%x ", c->arg);
		else if (c->opcode == MLX5_CMD_OP_DESTROY_UCTX)
			seq_printf(s, "uctx %u ", c->arg);
		else if (c->opcode == MLX5_CMD_OP_ACCESS_REG)
			seq_printf(s, "register_id 0x%x ", c->arg);
		seq_printf(s, "inlen %d outlen %d", c->inlen, c->outlen);
		/* A user context's command (fwctl's) says whose. */
		if (c->uid)
			seq_printf(s, " uid %u", c->uid);
		seq_putc(s, '\n');
	}
	mutex_unlock(&sd->lock);
	return 0;
}

static ssize_t standin_cmds_write(struct file *file, const char __user *buf,
				  size_t count, loff_t *ppos)
{
	struct standin_dev *sd = file_inode(file)->i_private;

	mutex_lock(&sd->lock);
	sd->log_n = 0;
	mutex_unlock(&sd->lock);
	return count;
}

DEFINE_SHOW_STORE_ATTRIBUTE(standin_cmds);

static ssize_t standin_mkey_write(struct file *file, const char __user *buf,
				  size_t count, loff_t *ppos)
{
	struct standin_dev *sd = file_inode(file)->i_private;
	u32 idx, fr, mode, umr, a, rw, rr, lw, lr, qpn, key, len64, rinval, pd;
	u32 octwords, log_page;
	u64 start, len;
	char text[256];
	void *mkc;

	if (count >= sizeof(text))
		return -EINVAL;
	if (copy_from_user(text, buf, count))
		return -EFAULT;
	text[count] = '\0';
	if (sscanf(text, "%i %i %i %i %i %i %i %i %i %i %i %i %i %i %lli %lli %i %i",
		   &idx, &fr, &mode, &umr, &a, &rw, &rr, &lw, &lr, &qpn, &key,
		   &len64, &rinval, &pd, &start, &len, &octwords,
		   &log_page) != 18 || idx >= STANDIN_MKEYS)
		return -EINVAL;

	mutex_lock(&sd->lock);
	mkc = sd->mkeys[idx].mkc;
	memset(mkc, 0, MLX5_ST_SZ_BYTES(mkc));
	MLX5_SET(mkc, mkc, free, fr);
	MLX5_SET(mkc, mkc, access_mode_4_2, mode >> 2);
	MLX5_SET(mkc, mkc, access_mode_1_0, mode & 0x3);
	MLX5_SET(mkc, mkc, umr_en, umr);
	MLX5_SET(mkc, mkc, a, a);
	MLX5_SET(mkc, mkc, rw, rw);
	MLX5_SET(mkc, mkc, rr, rr);
	MLX5_SET(mkc, mkc, lw, lw);
	MLX5_SET(mkc, mkc, lr, lr);
	MLX5_SET(mkc, mkc, qpn, qpn);
	MLX5_SET(mkc, mkc, mkey_7_0, key);
	MLX5_SET(mkc, mkc, length64, len64);
	MLX5_SET(mkc, mkc, en_rinval, rinval);
	MLX5_SET(mkc, mkc, pd, pd);
	MLX5_SET64(mkc, mkc, start_addr, start);
	MLX5_SET64(mkc, mkc, len, len);
	MLX5_SET(mkc, mkc, translations_octword_size, octwords);
	MLX5_SET(mkc, mkc, log_page_size, log_page);
	sd->mkeys[idx].valid = true;
	mutex_unlock(&sd->lock);
	return count;
}

STANDIN_STORE_ATTRIBUTE(standin_mkey);

/* The function is loaded again, its register back at the defaults. */
static void standin_back_work(struct work_struct *work)
{
	struct standin_dev *sd = container_of(to_delayed_work(work),
					      struct standin_dev, back_work);

	/* mlx5_core loads the function under the devlink lock (compat_mlx5.h). */
	radp_mlx5_dev_lock(&sd->mdev);
	mutex_lock(&sd->lock);
	standin_store_defaults(sd);
	mutex_unlock(&sd->lock);
	WRITE_ONCE(sd->mdev.state, MLX5_DEVICE_STATE_UP);
	set_bit(MLX5_INTERFACE_STATE_UP, &sd->mdev.intf_state);
	radp_mlx5_dev_unlock(&sd->mdev);
}

static DEFINE_SPINLOCK(standin_event_lock);

static ssize_t standin_fw_reset_write(struct file *file,
				      const char __user *buf, size_t count,
				      loff_t *ppos)
{
	struct standin_dev *sd = file_inode(file)->i_private;
	unsigned long flags;
	unsigned int ms;
	int err;

	err = kstrtouint_from_user(buf, count, 0, &ms);
	if (err)
		return err;

	/*
	 * As mlx5_enter_error_state(): the state, then the event, which
	 * mlx5_core sends in atomic context.
	 */
	WRITE_ONCE(sd->mdev.state, MLX5_DEVICE_STATE_INTERNAL_ERROR);
	clear_bit(MLX5_INTERFACE_STATE_UP, &sd->mdev.intf_state);
	spin_lock_irqsave(&standin_event_lock, flags);
	atomic_notifier_call_chain(&sd->nh, MLX5_DEV_EVENT_SYS_ERROR,
				   (void *)1);
	spin_unlock_irqrestore(&standin_event_lock, flags);
	mod_delayed_work(system_percpu_wq, &sd->back_work,
			 msecs_to_jiffies(ms));
	return count;
}

STANDIN_STORE_ATTRIBUTE(standin_fw_reset);

/*
 * inject_status: "STATUS [COUNT]" answers the next COUNT commands (1 if
 * left out) with STATUS and inject_syndrome, unexecuted; "0" disarms.
 * Reads "STATUS COUNT", the commands still to get it.
 */
static int standin_inject_status_show(struct seq_file *s, void *unused)
{
	struct standin_dev *sd = s->private;

	mutex_lock(&sd->lock);
	seq_printf(s, "0x%02x %u\n", sd->inject_status, sd->inject_count);
	mutex_unlock(&sd->lock);
	return 0;
}

static ssize_t standin_inject_status_write(struct file *file,
					   const char __user *ubuf,
					   size_t count, loff_t *ppos)
{
	struct standin_dev *sd = ((struct seq_file *)file->private_data)->private;
	unsigned int status, n = 1;
	char buf[32];

	if (count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	if (sscanf(buf, "%i %u", &status, &n) < 1 || status > U8_MAX)
		return -EINVAL;
	mutex_lock(&sd->lock);
	sd->inject_status = status;
	sd->inject_count = status ? n : 0;
	mutex_unlock(&sd->lock);
	return count;
}

DEFINE_SHOW_STORE_ATTRIBUTE(standin_inject_status);

/*
 * A write of one of @n words @names to a knob: @set(sd, its index) under
 * the lock; -EINVAL for any other.
 */
static ssize_t standin_word_write(struct file *file, const char __user *ubuf,
				  size_t count, const char *const *names,
				  size_t n, void (*set)(struct standin_dev *sd,
							unsigned int i))
{
	struct standin_dev *sd = ((struct seq_file *)file->private_data)->private;
	char buf[16];
	int i;

	if (count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	i = __sysfs_match_string(names, n, strim(buf));
	if (i < 0)
		return i;
	mutex_lock(&sd->lock);
	set(sd, i);
	mutex_unlock(&sd->lock);
	return count;
}

static const char *const standin_generations[] = { "current", "old" };

/*
 * fw_generation: "current" or "old", the firmware the function runs.
 * Writing one loads it: the register store is back at its defaults, as
 * after the reset that activates new firmware (fw_reset tells the
 * backend of such a reset; this knob does not).
 */
static int standin_fw_generation_show(struct seq_file *s, void *unused)
{
	struct standin_dev *sd = s->private;

	seq_printf(s, "%s\n", standin_generations[READ_ONCE(sd->fw_old)]);
	return 0;
}

static void standin_fw_generation_set(struct standin_dev *sd, unsigned int gen)
{
	WRITE_ONCE(sd->fw_old, gen);
	standin_store_defaults(sd);
}

static ssize_t standin_fw_generation_write(struct file *file,
					   const char __user *ubuf,
					   size_t count, loff_t *ppos)
{
	return standin_word_write(file, ubuf, count, standin_generations,
				  ARRAY_SIZE(standin_generations),
				  standin_fw_generation_set);
}

DEFINE_SHOW_STORE_ATTRIBUTE(standin_fw_generation);

/*
 * histogram: "present", or the status a firmware without the histogram
 * registers answers them with: "bad_param" (as for any register it does
 * not know) or "bad_op".
 */
static const char *const standin_hist_modes[] = {
	"present", "bad_param", "bad_op",
};

static const u8 standin_hist_mode_status[] = {
	0, MLX5_CMD_STAT_BAD_PARAM_ERR, MLX5_CMD_STAT_BAD_OP_ERR,
};

static int standin_histogram_show(struct seq_file *s, void *unused)
{
	struct standin_dev *sd = s->private;
	unsigned int i;
	u8 status;

	mutex_lock(&sd->lock);
	status = sd->hist_absent;
	mutex_unlock(&sd->lock);
	for (i = 0; i < ARRAY_SIZE(standin_hist_mode_status); i++)
		if (standin_hist_mode_status[i] == status)
			seq_printf(s, "%s\n", standin_hist_modes[i]);
	return 0;
}

static void standin_histogram_set(struct standin_dev *sd, unsigned int mode)
{
	sd->hist_absent = standin_hist_mode_status[mode];
}

static ssize_t standin_histogram_write(struct file *file,
				       const char __user *ubuf, size_t count,
				       loff_t *ppos)
{
	return standin_word_write(file, ubuf, count, standin_hist_modes,
				  ARRAY_SIZE(standin_hist_modes),
				  standin_histogram_set);
}

DEFINE_SHOW_STORE_ATTRIBUTE(standin_histogram);

static void standin_debugfs_add(struct standin_dev *sd)
{
	struct dentry *d;

	d = debugfs_create_dir(pci_name(sd->pdev), standin_debugfs);
	sd->dir = d;
	debugfs_create_file("store", 0400, d, sd, &standin_store_fops);
	debugfs_create_file("cmds", 0600, d, sd, &standin_cmds_fops);
	debugfs_create_file("mkey", 0200, d, sd, &standin_mkey_fops);
	debugfs_create_file("fw_reset", 0200, d, sd, &standin_fw_reset_fops);
	debugfs_create_file("hist_counts", 0600, d, sd,
			    &standin_hist_counts_fops);
	debugfs_create_file("inject_status", 0600, d, sd,
			    &standin_inject_status_fops);
	debugfs_create_file("fw_generation", 0600, d, sd,
			    &standin_fw_generation_fops);
	debugfs_create_file("histogram", 0600, d, sd, &standin_histogram_fops);
	debugfs_create_x32("inject_syndrome", 0600, d, &sd->inject_syndrome);
	debugfs_create_u32("inject_errno", 0600, d, &sd->inject_errno);
	debugfs_create_u32("cmd_delay_ms", 0600, d, &sd->cmd_delay_ms);
}

/* Is @pdev's address in @list, addresses separated by commas? */
static bool standin_listed(const char *list, struct pci_dev *pdev)
{
	const char *p = list;
	size_t n = strlen(pci_name(pdev));

	while ((p = strstr(p, pci_name(pdev)))) {
		if ((p == list || p[-1] == ',') && (p[n] == '\0' || p[n] == ','))
			return true;
		p += n;
	}
	return false;
}

static const struct net_device_ops standin_netdev_ops = {
};

static int standin_netdev_add(struct standin_dev *sd)
{
	struct net_device *ndev;
	int err;

	if (!netdev)
		return 0;
	ndev = alloc_etherdev(0);
	if (!ndev)
		return -ENOMEM;
	ndev->netdev_ops = &standin_netdev_ops;
	eth_hw_addr_random(ndev);
	SET_NETDEV_DEV(ndev, &sd->pdev->dev);
	err = register_netdev(ndev);
	if (err) {
		free_netdev(ndev);
		return err;
	}
	sd->netdev = ndev;
	return 0;
}

static void standin_netdev_del(struct standin_dev *sd)
{
	if (!sd->netdev)
		return;
	unregister_netdev(sd->netdev);
	free_netdev(sd->netdev);
}

static const struct devlink_ops standin_devlink_ops = {
};

#ifdef STANDIN_HAVE_FWCTL
static DEFINE_IDA(standin_adev_ida);

static void standin_adev_release(struct device *dev)
{
	struct mlx5_adev *madev = container_of(dev, struct mlx5_adev, adev.dev);

	ida_free(&standin_adev_ida, madev->adev.id);
	kfree(madev);
}

/* mlx5_core.fwctl.N, as mlx5_core's add_adev() makes it. */
static int standin_fwctl_add(struct standin_dev *sd)
{
	struct mlx5_adev *madev;
	int id, err;

	id = ida_alloc(&standin_adev_ida, GFP_KERNEL);
	if (id < 0)
		return id;
	madev = kzalloc(sizeof(*madev), GFP_KERNEL);
	if (!madev) {
		ida_free(&standin_adev_ida, id);
		return -ENOMEM;
	}
	madev->mdev = &sd->mdev;
	madev->idx = id;
	madev->adev.name = "fwctl";
	madev->adev.id = id;
	madev->adev.dev.parent = &sd->pdev->dev;
	madev->adev.dev.release = standin_adev_release;
	err = auxiliary_device_init(&madev->adev);
	if (err) {
		ida_free(&standin_adev_ida, id);
		kfree(madev);
		return err;
	}
	err = auxiliary_device_add(&madev->adev);
	if (err) {
		auxiliary_device_uninit(&madev->adev);
		return err;
	}
	sd->fwctl_adev = madev;
	return 0;
}

static void standin_fwctl_del(struct standin_dev *sd)
{
	if (!sd->fwctl_adev)
		return;
	auxiliary_device_delete(&sd->fwctl_adev->adev);
	auxiliary_device_uninit(&sd->fwctl_adev->adev);
	sd->fwctl_adev = NULL;
}
#else
static int standin_fwctl_add(struct standin_dev *sd)
{
	return 0;
}

static void standin_fwctl_del(struct standin_dev *sd)
{
}
#endif

static int standin_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct mlx5_core_dev *mdev;
	void *cap_cur, *cap_max;
	struct standin_dev *sd;
	struct devlink *devlink;
	int err;

	/* As mlx5_core: the device is the devlink instance's private area. */
#ifdef RADP_HAVE_DEVLINK_REGISTER_DEV
	/* Before 5.15 the device comes with devlink_register(). */
	devlink = devlink_alloc(&standin_devlink_ops, sizeof(*sd));
#else
	devlink = devlink_alloc(&standin_devlink_ops, sizeof(*sd), &pdev->dev);
#endif
	if (!devlink)
		return -ENOMEM;
	sd = devlink_priv(devlink);
	mdev = &sd->mdev;
	sd->pdev = pdev;
	mdev->device = &pdev->dev;
	mdev->pdev = pdev;
	mutex_init(&sd->lock);
	/* What the backend locks before 5.19 (compat_mlx5.h). */
	mutex_init(&mdev->intf_state_mutex);
	ATOMIC_INIT_NOTIFIER_HEAD(&sd->nh);
	INIT_DELAYED_WORK(&sd->back_work, standin_back_work);

	err = -ENOMEM;
	sd->iseg = kzalloc(sizeof(*sd->iseg), GFP_KERNEL);
	if (!sd->iseg)
		goto err_free_devlink;
#ifdef RADP_HAVE_MLX5_CAPS_PTR
	sd->hca_cap = kzalloc(sizeof(*sd->hca_cap), GFP_KERNEL);
	if (!sd->hca_cap)
		goto err_free_cap;	/* kfree(NULL), drvdata not set yet */
	mdev->caps.hca[MLX5_CAP_GENERAL] = sd->hca_cap;
	cap_cur = sd->hca_cap->cur;
	cap_max = sd->hca_cap->max;
#else
	/* Before 5.16 the capabilities are arrays in the device. */
	cap_cur = mdev->caps.hca_cur[MLX5_CAP_GENERAL];
	cap_max = mdev->caps.hca_max[MLX5_CAP_GENERAL];
#endif

	/* fw_rev_maj(), fw_rev_min() and fw_rev_sub() read these. */
	sd->iseg->fw_rev = cpu_to_be32(STANDIN_FW_MIN << 16 | STANDIN_FW_MAJ);
	sd->iseg->cmdif_rev_fw_sub = cpu_to_be32(STANDIN_FW_SUB);
	mdev->iseg = (struct mlx5_init_seg __iomem __force *)sd->iseg;
	MLX5_SET(cmd_hca_cap, cap_cur, roce_accl,
		 !standin_listed(no_roce_accl, pdev));
	sd->fw_old = standin_listed(fw_old, pdev);
	if (standin_listed(no_histogram, pdev))
		sd->hist_absent = MLX5_CMD_STAT_BAD_PARAM_ERR;
	else if (standin_listed(no_histogram_bad_op, pdev))
		sd->hist_absent = MLX5_CMD_STAT_BAD_OP_ERR;
	MLX5_SET(cmd_hca_cap, cap_cur, log_max_mkey, log_max_mkey);
	MLX5_SET(cmd_hca_cap, cap_cur, uctx_cap,
		 STANDIN_UCTX_CAP_TOOLS_RESOURCES);
	memcpy(cap_max, cap_cur, MLX5_UN_SZ_BYTES(hca_cap_union));
	mutex_lock(&sd->lock);
	standin_store_defaults(sd);
	mutex_unlock(&sd->lock);

	mdev->state = MLX5_DEVICE_STATE_UP;
	set_bit(MLX5_INTERFACE_STATE_UP, &mdev->intf_state);
	pci_set_drvdata(pdev, mdev);

	err = standin_netdev_add(sd);
	if (err)
		goto err_free_cap;
	err = standin_fwctl_add(sd);
	if (err)
		goto err_netdev_del;
	standin_debugfs_add(sd);
#ifdef RADP_HAVE_DEVLINK_REGISTER_DEV
	err = devlink_register(devlink, &pdev->dev);
	if (err)
		goto err_netdev;
#else
	devlink_register(devlink);
#endif
	return 0;

#ifdef RADP_HAVE_DEVLINK_REGISTER_DEV
err_netdev:
	debugfs_remove_recursive(sd->dir);
	standin_fwctl_del(sd);
#endif
err_netdev_del:
	standin_netdev_del(sd);
err_free_cap:
	pci_set_drvdata(pdev, NULL);
	kfree(sd->hca_cap);
	kfree(sd->iseg);
err_free_devlink:
	mutex_destroy(&sd->lock);
	devlink_free(devlink);
	return err;
}

static void standin_remove(struct pci_dev *pdev)
{
	struct mlx5_core_dev *mdev = pci_get_drvdata(pdev);
	struct standin_dev *sd = standin_from_mdev(mdev);
	struct devlink *devlink = priv_to_devlink(mdev);

	devlink_unregister(devlink);
	standin_fwctl_del(sd);
	debugfs_remove_recursive(sd->dir);
	cancel_delayed_work_sync(&sd->back_work);
	standin_netdev_del(sd);
	pci_set_drvdata(pdev, NULL);
	kfree(sd->hca_cap);
	kfree(sd->iseg);
	mutex_destroy(&sd->lock);
	devlink_free(devlink);
}

static const struct pci_device_id standin_ids[] = {
	{ PCI_DEVICE(PCI_VENDOR_ID_REDHAT, 0x0005) },	/* QEMU pci-testdev */
	{ }
};
MODULE_DEVICE_TABLE(pci, standin_ids);

static struct pci_driver standin_driver = {
	.name = "mlx5_core",
	.id_table = standin_ids,
	.probe = standin_probe,
	.remove = standin_remove,
};

static int __init standin_init(void)
{
	int err;

	standin_debugfs = debugfs_create_dir("mlx5_standin", NULL);
	err = pci_register_driver(&standin_driver);
	if (err)
		debugfs_remove_recursive(standin_debugfs);
	return err;
}

static void __exit standin_exit(void)
{
	pci_unregister_driver(&standin_driver);
	debugfs_remove_recursive(standin_debugfs);
}

module_init(standin_init);
module_exit(standin_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Stand-in for mlx5_core, for the tests of roce_adp_mlx5");
MODULE_AUTHOR("roce_adp developers");
