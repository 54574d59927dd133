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
#include <linux/types.h>
#include <net/netlink.h>
#include <uapi/linux/roce_adp.h>

#define RADP_NAME		"roce_adp"
#define RADP_FW_VERSION_LEN	32

struct radp_dev;

/**
 * struct radp_backend_ops - what a backend provides to the core
 * @kind: reported to user space as ROCE_ADP_A_DEV_BACKEND
 * @exec: execute one command mailbox. Returns 0 once the firmware has
 *	answered (the answer's status may still be an error) or a negative
 *	errno when the mailbox could not be delivered at all.
 */
struct radp_backend_ops {
	enum roce_adp_backend kind;
	int (*exec)(struct radp_dev *dev, const void *in, size_t inlen,
		    void *out, size_t outlen);
};

/**
 * struct radp_dev - one device as the core sees it, whatever its backend
 * @name: stable handle used over netlink
 * @ops: backend operations
 * @fw_version: firmware version string, set by the backend
 * @roce_accl_cap: the device implements the ROCE_ACCL register
 * @index: registry key, stable for the device's life; dumps resume by it
 * @users: references held by in-flight requests, plus one for the registry
 * @released: completed when the last user drops its reference
 */
struct radp_dev {
	char name[ROCE_ADP_DEV_NAME_LEN];
	const struct radp_backend_ops *ops;
	char fw_version[RADP_FW_VERSION_LEN];
	bool roce_accl_cap;

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
void radp_dev_registry_fini(void);

/* cmd.c: the command path, the only road to a device */
int radp_cmd_exec(struct radp_dev *dev, const void *in, size_t inlen,
		  void *out, size_t outlen, struct netlink_ext_ack *extack);
const char *radp_cmd_status_name(u8 status);

/* netlink.c */
int radp_nl_init(void);
void radp_nl_fini(void);

/*
 * The emulated device: a firmware model behind the same command mailboxes
 * as a real NIC, with test knobs in debugfs.
 */
#define RADP_EMU_FW_VERSION	"22.41.1000"

/* Syndromes the firmware model returns, one per reason. */
enum radp_emu_syndrome {
	RADP_EMU_SYND_BAD_OPCODE	= 0x0ad50001,
	RADP_EMU_SYND_BAD_INP_LEN	= 0x0ad50002,
};

/**
 * struct radp_emu - an emulated device
 * @dev: its device on the roce_adp bus
 * @radp: its registration with the core
 * @id: the number written to new_device
 * @list: in the list of emulated devices
 * @ddir: its debugfs directory
 * @fw_lock: serializes the firmware model, like a real command interface
 * @test_cmd: knob: last command sent through debugfs "cmd" and its outcome
 */
struct radp_emu {
	struct device dev;
	struct radp_dev radp;
	u32 id;
	struct list_head list;
	struct dentry *ddir;
	struct mutex fw_lock;	/* one command at a time, as in firmware */
	struct {
		u16 opcode;
		u16 op_mod;
		u8 status;
		u32 syndrome;
		int err;
	} test_cmd;
};

/* emu_bus.c: emulated devices on the roce_adp bus */
int radp_emu_bus_init(unsigned int count);
void radp_emu_bus_fini(void);

/* emu_fw.c: the firmware model */
void radp_emu_fw_init(struct radp_emu *emu);
void radp_emu_fw_fini(struct radp_emu *emu);
int radp_emu_fw_exec(struct radp_dev *dev, const void *in, size_t inlen,
		     void *out, size_t outlen);

/* debugfs root shared by all devices, created by main.c */
extern struct dentry *radp_debugfs_root;

#endif /* _ROCE_ADP_H */
