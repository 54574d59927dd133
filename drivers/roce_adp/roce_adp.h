/* SPDX-License-Identifier: GPL-2.0 */
/*
 * roce_adp: the backend API, what a backend implements and calls (struct
 * radp_backend_ops, struct radp_dev; mlx5.c and the emulator module of
 * drivers/roce_adp_emu/), then the core's own services (registry, command
 * path, ROCE_ACCL and its snapshot, restore). The netlink internals are in
 * radp_nl.h.
 */
#ifndef _ROCE_ADP_H
#define _ROCE_ADP_H

#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/device.h>
#include <linux/mutex.h>
#include <linux/refcount.h>
#include <linux/rwsem.h>
#include <linux/spinlock.h>
#include <linux/ktime.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/workqueue.h>
#include <net/netlink.h>
#include <uapi/linux/roce_adp.h>

#include "radp_hist.h"
#include "radp_mpt.h"
#include "radp_reg.h"
#include "radp_status.h"

#define RADP_NAME		"roce_adp"
#define RADP_FW_VERSION_LEN	32

struct dentry;
struct radp_dev;
struct radp_hist;

/**
 * struct radp_backend_ops - what a backend provides to the core
 * @kind: reported to user space as ROCE_ADP_A_DEV_BACKEND
 * @exec: execute one command mailbox. Returns 0 once the firmware has
 *	answered (the answer's status may still be an error), -EINPROGRESS
 *	when the command was posted but will not be answered in this call
 *	(the core then waits cmd_timeout_ms and fails it with -ETIMEDOUT; the
 *	backend must never write @out after returning), or a negative errno
 *	when the mailbox could not be delivered at all.
 * @query_mpt: optional: read MPT entry @index for a device whose firmware
 *	has no hermon QUERY_MPT (mlx5 keeps it in the mkey context). Fills
 *	@mpt, with the fields it cannot tell left out of @mpt->present, and
 *	@raw (RADP_MPT_LEN bytes) with the entry in hermon layout. Without
 *	it the core sends QUERY_MPT through @exec.
 */
struct radp_backend_ops {
	enum roce_adp_backend kind;
	int (*exec)(struct radp_dev *dev, const void *in, size_t inlen,
		    void *out, size_t outlen);
	int (*query_mpt)(struct radp_dev *dev, u32 index, struct radp_mpt *mpt,
			 u8 *raw, struct netlink_ext_ack *extack);
};

/**
 * struct radp_saved_cfg - what the operator set and the device accepted,
 *	kept by roce_accl.c for reset.c to restore
 * @enables_mask: the features the operator set (bit i = feature i, row i
 *	of RADP_ACCL_FEATURE_FIELD)
 * @features: their values
 * @has_profile: the operator selected a profile (not forgotten since)
 * @profile_id: which one
 * @profile: its contents as written
 * @has_hist: the operator configured the histogram (hist.c)
 * @hist: the configuration written, its read-only fields 0
 */
struct radp_saved_cfg {
	u32 enables_mask;
	u32 features[RADP_ACCL_FEATURE_COUNT];
	bool has_profile;
	u32 profile_id;
	struct radp_profile profile;
	bool has_hist;
	struct radp_hist_config hist;
};

#define RADP_RESTORE_MSG_LEN	80

/**
 * struct radp_snap_stamp - when a snapshot was taken, and whether it holds
 * @taken: ktime_get() at the end of the reads it holds
 * @valid: it holds the device's state (nothing written since, no reset)
 *
 * The freshness rule of every snapshot (roce_accl.c): valid and younger
 * than the module parameter snapshot_interval_ms.
 */
struct radp_snap_stamp {
	ktime_t taken;
	bool valid;
};

/**
 * struct radp_snapshot - the last ROCE_ACCL state of a device, for the
 *	readers without CAP_NET_ADMIN (roce_accl.c)
 * @lock: the members below, for readers that copy them
 * @stamp: age and validity of @r0 and @p
 * @gen: moved by each firmware reset (any context, so not under @lock)
 * @stamp_gen: @gen when the refresh @stamp tells of began
 * @dirty: a write was sent since; the SET's read-back clears it
 * @tried: when the last refresh was attempted
 * @tried_gen: @gen when it began
 * @err: that refresh's errno, returned until the interval passes
 * @r0: profile 0's query: features, caps, the profile in effect
 * @p: profiles 0 .. @r0.profile_max_id (bounded by ROCE_ADP_PROFILE_ID_MAX)
 * @active_known: @active_id holds, whatever the snapshot's age, while
 *	@active_gen is @gen
 * @active_id: the profile in effect as last queried or written
 * @active_gen: @gen when it was
 * @configurable_known: @configurable holds while @configurable_gen is @gen
 * @configurable: the features (bit i: feature i) the last profile 0 query
 *	reported configurable: the firmware's, unchanged until a reset
 * @configurable_gen: @gen when it was
 */
struct radp_snapshot {
	spinlock_t lock;	/* the members below */
	atomic_t gen;
	struct radp_snap_stamp stamp;
	u32 stamp_gen;
	bool dirty;
	struct radp_snap_stamp tried;
	u32 tried_gen;
	int err;
	struct radp_roce_accl r0;
	struct radp_profile p[ROCE_ADP_PROFILE_ID_MAX + 1];
	bool active_known;
	u32 active_id;
	u32 active_gen;
	bool configurable_known;
	u32 configurable;
	u32 configurable_gen;
};

/**
 * struct radp_restore_state - the last firmware reset and its restore
 * @resets: firmware resets seen since the device was registered
 * @time: wall clock of the last reset's end, seconds since the epoch
 * @outcome: enum roce_adp_restore_outcome
 * @err: negative errno when @outcome is failed
 * @msg: why it failed
 * @duration_us: from the end of the reset to the configuration restored
 */
struct radp_restore_state {
	u32 resets;
	u64 time;
	u32 outcome;
	int err;
	char msg[RADP_RESTORE_MSG_LEN];
	u32 duration_us;
};

/**
 * struct radp_dev - one device as the core sees it, whatever its backend
 * @name: stable handle used over netlink
 * @ops: backend operations
 * @fw_version: firmware version string, set by the backend
 * @roce_accl_cap: the device implements the ROCE_ACCL register
 * @skip_checks: send writes to the firmware unchecked; set only by the
 *	emulator (its knob skip_driver_checks), so that tests reach the
 *	firmware model's own rejections
 * @mpt_count: number of MPT entries (indexes 0 .. @mpt_count - 1), set by
 *	the backend
 * @mpt_gen: moved by the backend whenever the MPT table changes; a dump
 *	that sees it move is flagged NLM_F_DUMP_INTR. Stays 0 when the
 *	backend cannot tell.
 * @cfg_lock: serializes read-modify-write sequences on the device
 * @resetting: the firmware is resetting; commands fail until it is back
 * @removing: the device is being unregistered; waits for commands end
 * @cmd_wq: where commands posted without an answer wait
 * @state_lock: @saved and @restore, for readers outside @cfg_lock
 * @saved: last configuration the device accepted; written under @cfg_lock
 *	and @state_lock
 * @restore: the last firmware reset and what restoring did; written as
 *	@saved
 * @restore_work: re-applies @saved after a firmware reset
 * @reset_end: when the backend reported the end of the last reset
 * @hist: the module's totals of the retransmission histogram (hist.c),
 *	under @cfg_lock; NULL until first read
 * @snap: the last register state read or written, for unprivileged readers
 * @fw_cmds: commands issued to the firmware (debugfs fw_cmds)
 * @absent: the optional features (bit enum radp_opt_feature) the firmware
 *	was found to lack, until the next firmware reset (cmd.c's
 *	radp_access_reg_opt())
 * @index: registry key, stable for the device's life; dumps resume by it
 * @users: references held by in-flight requests, plus one for the registry
 * @released: completed when the last user drops its reference
 */
struct radp_dev {
	char name[ROCE_ADP_DEV_NAME_LEN];
	const struct radp_backend_ops *ops;
	char fw_version[RADP_FW_VERSION_LEN];
	bool roce_accl_cap;
	bool skip_checks;
	u32 mpt_count;
	atomic_t mpt_gen;
	struct mutex cfg_lock;	/* one writer at a time */

	bool resetting;
	bool removing;
	wait_queue_head_t cmd_wq;
	spinlock_t state_lock;	/* saved and restore, for readers */
	struct radp_saved_cfg saved;
	struct radp_restore_state restore;
	struct work_struct restore_work;
	ktime_t reset_end;
	struct radp_hist *hist;
	struct radp_snapshot snap;
	atomic64_t fw_cmds;
	unsigned long absent;

	u32 index;
	refcount_t users;
	struct completion released;
};

/*
 * The backend API: a backend fills a struct radp_dev (name, ops,
 * fw_version, roce_accl_cap, mpt_count), registers it, reports its
 * firmware resets and may send commands itself. Its devices' debugfs
 * directories, each with the core's files (radp_dev_debugfs_init():
 * fw_cmds), go in the one radp_debugfs_backend_dir() gives it; a counter
 * of a backend's may take the core's file (radp_debugfs_create_counter()).
 */
int radp_dev_register(struct radp_dev *dev);
void radp_dev_unregister(struct radp_dev *dev);
void radp_dev_fw_reset_begin(struct radp_dev *dev);
void radp_dev_fw_reset(struct radp_dev *dev);
int radp_cmd_exec(struct radp_dev *dev, const void *in, size_t inlen,
		  void *out, size_t outlen, struct netlink_ext_ack *extack);
void radp_dev_debugfs_init(struct radp_dev *dev, struct dentry *dir);
struct dentry *radp_debugfs_backend_dir(const char *name);
void radp_debugfs_create_counter(const char *name, struct dentry *dir,
				 atomic64_t *count);

/* The core's own services, below: not for backends. */

/* dev.c: the device registry */
struct radp_dev *radp_dev_get_by_name(const char *name);
struct radp_dev *radp_dev_get_next(unsigned long *index);
u32 radp_dev_registry_gen(void);
void radp_dev_put(struct radp_dev *dev);
void radp_dev_abort_all(void);
void radp_dev_registry_fini(void);

/* cmd.c: the command path, the only road to a device */

/* The largest register an ACCESS_REG sends from the stack: ROCE_ACCL. */
#define RADP_REG_BOX_MAX	RADP_ROCE_ACCL_LEN

/*
 * An ACCESS_REG's two mailboxes, for a caller that fills the register in
 * the input and decodes the answer in the output: no copy either way.
 */
struct radp_reg_box {
	size_t len;
	u8 in[RADP_ACCESS_REG_DATA_OFF + RADP_REG_BOX_MAX];
	u8 out[RADP_ACCESS_REG_DATA_OFF + RADP_REG_BOX_MAX];
};

void *radp_reg_box_init(struct radp_reg_box *box, u16 reg_id, bool write,
			size_t len);
const void *radp_reg_box_exec(struct radp_dev *dev, struct radp_reg_box *box,
			      struct netlink_ext_ack *extack);
int radp_access_reg(struct radp_dev *dev, u16 reg_id, bool write,
		    const void *data_in, void *data_out, size_t len,
		    u8 *status, struct netlink_ext_ack *extack);

/* The features firmware may lack, with no capability bit to say so. */
enum radp_opt_feature {
	RADP_OPT_HIST,		/* the retransmission histogram's registers */
};

int radp_access_reg_opt(struct radp_dev *dev, unsigned int feat,
			const char *what, u16 reg_id, bool write,
			const void *data_in, void *data_out, size_t len,
			struct netlink_ext_ack *extack);
int radp_mpt_query(struct radp_dev *dev, u32 index, struct radp_mpt *mpt,
		   u8 *raw, struct netlink_ext_ack *extack);

/* reset.c: restoring the configuration after a firmware reset */
bool radp_restore_enabled(void);
void radp_reset_dev_init(struct radp_dev *dev);
void radp_reset_dev_fini(struct radp_dev *dev);

/*
 * roce_accl.c: ROCE_ACCL's one owner: its queries and writes, the snapshot
 * readers without CAP_NET_ADMIN are answered from, and the saved
 * configuration a reset restores
 */
u32 radp_snap_interval_ms(void);
bool radp_snap_stamp_fresh(const struct radp_snap_stamp *s);
u32 radp_snap_stamp_age_ms(const struct radp_snap_stamp *s);
void radp_snap_stamp_take(struct radp_snap_stamp *s);
void radp_snap_stamp_invalidate(struct radp_snap_stamp *s);
void radp_snap_init(struct radp_dev *dev);
void radp_snap_invalidate(struct radp_dev *dev);
int radp_accl_query_raw(struct radp_dev *dev, u32 profile_id,
			struct radp_roce_accl *r, u8 *raw,
			struct netlink_ext_ack *extack);
int radp_accl_query(struct radp_dev *dev, u32 profile_id,
		    struct radp_roce_accl *r, struct netlink_ext_ack *extack);
int radp_accl_query_profile(struct radp_dev *dev, u32 profile_id,
			    struct radp_profile *p,
			    struct netlink_ext_ack *extack);
bool radp_accl_configurable(struct radp_dev *dev, u32 *mask);
int radp_accl_write(struct radp_dev *dev, const struct radp_roce_accl *w,
		    struct netlink_ext_ack *extack);
int radp_accl_set(struct radp_dev *dev, const struct radp_roce_accl *w,
		  const struct radp_roce_accl *cur,
		  struct netlink_ext_ack *extack);
int radp_accl_readback(struct radp_dev *dev, u32 profile_id,
		       struct radp_roce_accl *r, struct netlink_ext_ack *extack);
int radp_snap_read(struct radp_dev *dev, struct radp_roce_accl *r0,
		   struct radp_profile *p, u32 *age_ms,
		   struct netlink_ext_ack *extack);
void radp_saved_forget_profile(struct radp_dev *dev);
void radp_restore_snapshot(struct radp_dev *dev, struct radp_saved_cfg *saved,
			   struct radp_restore_state *restore);

/* hist.c: the retransmission histogram, under the device's cfg_lock */
struct radp_hist_snap {
	struct radp_hist_config cfg;	/* cfg.bin_num counts */
	u32 age_ms;			/* since the device was read */
	u64 counts[RADP_HIST_BINS_MAX];
};

int radp_hist_config_query(struct radp_dev *dev, struct radp_hist_config *c,
			   struct netlink_ext_ack *extack);
int radp_hist_config_write(struct radp_dev *dev,
			   const struct radp_hist_config *c,
			   struct netlink_ext_ack *extack);
int radp_hist_counts_query(struct radp_dev *dev, u32 n, u64 *counts,
			   struct netlink_ext_ack *extack);
int radp_hist_snapshot(struct radp_dev *dev, bool fresh,
		       struct radp_hist_snap *snap,
		       struct netlink_ext_ack *extack);
int radp_hist_configure(struct radp_dev *dev,
			const struct radp_hist_config *c,
			struct radp_hist_snap *snap, bool *written,
			struct netlink_ext_ack *extack);
int radp_hist_restore(struct radp_dev *dev, struct netlink_ext_ack *extack);
int radp_hist_clear(struct radp_dev *dev, struct radp_hist_snap *snap,
		    struct netlink_ext_ack *extack);
void radp_hist_dev_fini(struct radp_dev *dev);

/* netlink.c: the generic netlink family (radp_nl.h: its internals) */
int radp_nl_init(void);
void radp_nl_fini(void);

#endif /* _ROCE_ADP_H */
