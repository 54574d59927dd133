/* SPDX-License-Identifier: GPL-2.0 */
/*
 * roce_adp: private declarations shared by the core, the backends and the
 * netlink layer.
 */
#ifndef _ROCE_ADP_H
#define _ROCE_ADP_H

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

#include "radp_mpt.h"
#include "radp_reg.h"

#define RADP_NAME		"roce_adp"
#define RADP_FW_VERSION_LEN	32

struct radp_dev;

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
 * struct radp_saved_cfg - what the operator set and the device accepted
 * @enables_mask: the enables the operator set (bit i = enable i)
 * @enables: their values
 * @has_profile: the operator selected a profile (not forgotten since)
 * @profile_id: which one
 * @profile: its contents as written
 */
struct radp_saved_cfg {
	u32 enables_mask;
	u32 enables;
	bool has_profile;
	u32 profile_id;
	struct radp_profile profile;
};

#define RADP_RESTORE_MSG_LEN	80

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
 * @skip_checks: test knob: send writes to the firmware unchecked
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

	u32 index;
	refcount_t users;
	struct completion released;
};

/* dev.c: the device registry */
int radp_dev_register(struct radp_dev *dev);
void radp_dev_unregister(struct radp_dev *dev);
struct radp_dev *radp_dev_get_by_name(const char *name);
struct radp_dev *radp_dev_get_next(unsigned long *index);
void radp_dev_put(struct radp_dev *dev);
void radp_dev_abort_all(void);
void radp_dev_registry_fini(void);

/* reset.c: firmware resets and restoring the configuration */
void radp_dev_fw_reset_begin(struct radp_dev *dev);
void radp_dev_fw_reset(struct radp_dev *dev);
bool radp_restore_enabled(void);
void radp_saved_set_enables(struct radp_dev *dev, u32 mask, u32 enables);
void radp_saved_set_profile(struct radp_dev *dev, u32 id,
			    const struct radp_profile *p);
void radp_saved_forget_profile(struct radp_dev *dev);
void radp_restore_snapshot(struct radp_dev *dev, struct radp_saved_cfg *saved,
			   struct radp_restore_state *restore);
void radp_reset_dev_init(struct radp_dev *dev);
void radp_reset_dev_fini(struct radp_dev *dev);

/* cmd.c: the command path, the only road to a device */
int radp_cmd_exec(struct radp_dev *dev, const void *in, size_t inlen,
		  void *out, size_t outlen, struct netlink_ext_ack *extack);
const char *radp_cmd_status_name(u8 status);

/* roce_accl.c: the ROCE_ACCL register through ACCESS_REG */
int radp_accl_query(struct radp_dev *dev, u32 profile_id,
		    struct radp_roce_accl *r, struct netlink_ext_ack *extack);
int radp_accl_write(struct radp_dev *dev, const struct radp_roce_accl *w,
		    struct netlink_ext_ack *extack);
void radp_accl_caps(const struct radp_roce_accl *r, struct radp_caps *caps);

/* netlink.c: the family and the request/reply pattern of every message */
struct genl_info;

/* What a request asks for, beyond the device. */
struct radp_nl_req_info {
	bool dump;
	int profile_id;			/* -1: every profile */
	const struct nlattr *profile_id_attr;
	struct {
		const struct nlattr *sel_attr;	/* do: index or key */
		u32 index;
		bool by_key;
		u32 key;
		bool raw;
		bool has_pd;
		u32 pd;
		bool has_qpn;
		u32 qpn;
		/* dump: the entry in hand, already read */
		const struct radp_mpt *entry;
		const u8 *entry_raw;
	} mpt;
	/* ROCE_ACCL with profile 0, if reply_size read it for the fill */
	bool have_accl;
	struct radp_roce_accl accl;
};

/* Dump position, kept in cb->ctx between the messages of a dump. */
struct radp_nl_dump_ctx {
	unsigned long dev_index;
	bool done;		/* a dump of one named device is over */
	bool in_dev;		/* dump_dev is half way through a device */
	u32 pos_dev;		/* ... this one (its index) */
	u32 pos;		/* dump_dev's position in the device */
	u32 gen;		/* dump_dev's view of the device's state */
};

/**
 * struct radp_nl_request - one message type
 * @cmd: its GET command, also the command of GET replies
 * @set_cmd: its SET command, 0 if read-only
 * @ntf_cmd: the command of its notifications, 0 for none
 * @needs_roce_accl: dumps skip devices without ROCE_ACCL
 * @parse: read the GET request's options into the request info (optional)
 * @reply_size: the size of a GET reply's body (optional: a page, which
 *	init_on_alloc zeroes whole and netlink then copies into a smaller
 *	one); may read from the device what the size depends on into the
 *	request info, for @fill. Negative errno on failure.
 * @fill: write the reply body about one device
 * @set: apply a SET, under the device's cfg_lock; may update the request
 *	info for the reply that follows
 * @dump_dev: optional: dump one device as many messages (radp_nl_put_msg()
 *	each), resuming from the position in the dump context; returns 0
 *	when the device is done, -EMSGSIZE when the message is full
 */
struct radp_nl_request {
	u8 cmd;
	u8 set_cmd;
	u8 ntf_cmd;
	bool needs_roce_accl;
	int (*parse)(struct nlattr **attrs, struct radp_nl_req_info *ri,
		     struct netlink_ext_ack *extack);
	int (*reply_size)(struct radp_dev *dev, struct radp_nl_req_info *ri,
			  struct netlink_ext_ack *extack);
	int (*fill)(struct sk_buff *skb, struct radp_dev *dev,
		    const struct radp_nl_req_info *ri,
		    struct netlink_ext_ack *extack);
	int (*set)(struct radp_dev *dev, struct genl_info *info,
		   struct radp_nl_req_info *ri);
	int (*dump_dev)(struct sk_buff *skb, struct netlink_callback *cb,
			const struct radp_nl_request *req,
			struct radp_dev *dev, struct radp_nl_req_info *ri);
};

void radp_nl_dev_state_notify(struct radp_dev *dev, u8 cmd);
int radp_nl_put_msg(struct sk_buff *skb, const struct radp_nl_request *req,
		    u8 cmd, struct radp_dev *dev, u32 portid, u32 seq,
		    int flags, const struct radp_nl_req_info *ri,
		    struct netlink_ext_ack *extack);

extern const struct nla_policy radp_nl_accl_policy[];
extern const struct nla_policy radp_nl_mpt_policy[];
extern const struct nla_policy radp_nl_profile_policy[];
int radp_nl_init(void);
void radp_nl_fini(void);
void radp_nl_dev_notify(struct radp_dev *dev, enum roce_adp_dev_event event);

/* nl_roce_accl.c: the ACCL and PROFILE messages */
int radp_nl_accl_reply_size(struct radp_dev *dev, struct radp_nl_req_info *ri,
			    struct netlink_ext_ack *extack);
int radp_nl_accl_fill(struct sk_buff *skb, struct radp_dev *dev,
		      const struct radp_nl_req_info *ri,
		      struct netlink_ext_ack *extack);
int radp_nl_accl_set(struct radp_dev *dev, struct genl_info *info,
		     struct radp_nl_req_info *ri);
int radp_nl_profile_parse(struct nlattr **attrs, struct radp_nl_req_info *ri,
			  struct netlink_ext_ack *extack);
int radp_nl_profile_reply_size(struct radp_dev *dev,
			       struct radp_nl_req_info *ri,
			       struct netlink_ext_ack *extack);
int radp_nl_profile_fill(struct sk_buff *skb, struct radp_dev *dev,
			 const struct radp_nl_req_info *ri,
			 struct netlink_ext_ack *extack);
int radp_nl_profile_set(struct radp_dev *dev, struct genl_info *info,
			struct radp_nl_req_info *ri);

/* mpt.c: MPT entries */
int radp_mpt_query(struct radp_dev *dev, u32 index, struct radp_mpt *mpt,
		   u8 *raw, struct netlink_ext_ack *extack);

/* nl_mpt.c: the MPT message */
int radp_nl_mpt_parse(struct nlattr **attrs, struct radp_nl_req_info *ri,
		      struct netlink_ext_ack *extack);
int radp_nl_mpt_fill(struct sk_buff *skb, struct radp_dev *dev,
		     const struct radp_nl_req_info *ri,
		     struct netlink_ext_ack *extack);
int radp_nl_mpt_dump_dev(struct sk_buff *skb, struct netlink_callback *cb,
			 const struct radp_nl_request *req,
			 struct radp_dev *dev, struct radp_nl_req_info *ri);

/*
 * The emulated device: a firmware model behind the same command mailboxes
 * as a real NIC, with test knobs in debugfs.
 */
#define RADP_EMU_FW_VERSION	"22.41.1000"

/* What knob last_cmd keeps of an input mailbox: header and a ROCE_ACCL. */
#define RADP_EMU_LAST_IN_LEN	(RADP_CMD_IN_HDR_LEN + RADP_ROCE_ACCL_LEN)
#define RADP_EMU_LAST_CMDS	4

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

/**
 * struct radp_emu_accl - the firmware model's ROCE_ACCL state (volatile)
 * @enables: the seven enables, bit i = enable i
 * @configurable: knob: which enables may be set
 * @active_id: 0 until a profile is written, then the last one written
 * @max_id: knob: adp_retx_profile_max_id (at most 7)
 * @max_range_num: knob: adp_retx_profile_max_range_num (at most 4)
 * @base_timeout_min: knob: adp_retx_base_timeout_min in ns
 * @profiles: profile 0 is the firmware's defaults, 1..7 the writable ones
 */
struct radp_emu_accl {
	u32 enables;
	u32 configurable;
	u32 active_id;
	u32 max_id;
	u32 max_range_num;
	u32 base_timeout_min;
	struct radp_profile profiles[ROCE_ADP_PROFILE_ID_MAX + 1];
};

/**
 * struct radp_emu_mpt - the firmware model's MPT table
 * @size: number of entries
 * @entries: @size raw hermon entries of RADP_MPT_LEN bytes
 */
struct radp_emu_mpt {
	u32 size;
	u8 *entries;
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
 * @accl: ROCE_ACCL state
 * @mpt: MPT table
 * @test_cmd: knob: last command sent through debugfs "cmd" and its outcome
 * @fault: fault injection knobs (fail_next, hang_next, reply_next), under
 *	@fault.lock
 * @last: knob last_cmd: the last RADP_EMU_LAST_CMDS commands' input mailboxes
 *	(their first RADP_EMU_LAST_IN_LEN bytes) and output headers, slot
 *	@last_seq % RADP_EMU_LAST_CMDS the newest; under @fault.lock
 * @last_seq: how many commands the firmware received
 * @resetting: knob fw_reset: the firmware is down until @reset_work runs
 * @reset_work: ends a firmware reset
 */
struct radp_emu {
	struct device dev;
	struct radp_dev radp;
	u32 id;
	struct list_head list;
	struct dentry *ddir;
	struct rw_semaphore fw_lock;	/* writers exclude readers */
	u32 cmd_delay_us;
	struct radp_emu_accl accl;
	struct radp_emu_mpt mpt;
	struct {
		u16 opcode;
		u16 op_mod;
		u8 status;
		u32 syndrome;
		int err;
	} test_cmd;
	struct {
		spinlock_t lock;	/* the counters below */
		u32 fail_count;
		u8 fail_status;
		u32 fail_syndrome;
		u32 hang_count;
		bool reply_armed;
		u8 reply[RADP_CMD_OUT_HDR_LEN];
	} fault;
	struct {
		u32 inlen;
		u8 in[RADP_EMU_LAST_IN_LEN];
		u8 out[RADP_CMD_OUT_HDR_LEN];
	} last[RADP_EMU_LAST_CMDS];
	u32 last_seq;
	bool resetting;
	struct delayed_work reset_work;
};

/* emu_bus.c: emulated devices on the roce_adp bus */
int radp_emu_bus_init(unsigned int count);
void radp_emu_bus_fini(void);

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
void radp_emu_mpt_debugfs_init(struct radp_emu *emu);
u8 radp_emu_query_mpt(struct radp_emu *emu, const void *in, size_t inlen,
		      void *out, size_t outlen, u32 *syndrome);

/* debugfs root shared by all devices, created by main.c */
extern struct dentry *radp_debugfs_root;

#endif /* _ROCE_ADP_H */
