// SPDX-License-Identifier: GPL-2.0
/*
 * adpctl without the module: the roce_adp family answered by adpctl itself
 * over the kernel's fwctl (drivers/fwctl, Linux 6.15 on, and its mlx5
 * driver mlx5_fwctl), for hosts where roce_adp.ko cannot or may not load
 * (Secure Boot with lockdown, no out-of-tree modules).
 *
 * It sits below nl.c as the socket's transport (libnl's send and receive
 * hooks): each request the commands make is answered here with the
 * messages the module would send, built from ACCESS_REG mailboxes sent
 * with FWCTL_RPC to /dev/fwctl/fwctlN. So the commands, their output and
 * their errors are the same on both paths. The mailboxes, the register
 * codec, the profile and histogram rules and the firmware statuses are
 * the module's own (libradp: radp_reg.c, radp_hist.c, radp_status.c).
 *
 * Each command goes at the lowest scope mlx5_fwctl takes it at
 * (mlx5ctl_validate_rpc()): an ACCESS_REG query at the debug read-only
 * scope, a write (op_mod 0) at the configuration scope.
 *
 * The general capabilities (QUERY_HCA_CAP) say, as they tell the module's
 * mlx5 backend, whether the function has ROCE_ACCL and how large its
 * mkey table is; an MPT entry is a QUERY_MKEY, built and decoded by the
 * backend's own code (radp_mkc.c), a dump one per index.
 *
 * What only the module has is refused plainly: notifications (monitor),
 * the restore after a firmware reset, the snapshot unprivileged users
 * read, and the histogram's running totals (clear). A stateless tool
 * keeps nothing between runs: a set always queries the device first, and
 * the histogram shows the firmware's counters as read.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <netlink/genl/genl.h>
#include <linux/roce_adp.h>
#include <uapi/fwctl/fwctl.h>

#include "adpctl.h"
#include "fwctl.h"
#include "radp_hist.h"
#include "radp_mkc.h"
#include "radp_nl_put.h"
#include "radp_status.h"

/* The family id the replies carry (no kernel family has it). */
#define FWC_FAMILY		0x7ff0
#define FWC_DEVS_MAX		64
#define FWC_REPLIES_MAX		(FWC_DEVS_MAX + 2)
#define FWC_MSG_SIZE		65536
/* The module's retries of a busy firmware (cmd.c): as many, as long. */
#define FWC_TRIES		10
#define FWC_BACKOFF_MIN_MS	1
#define FWC_BACKOFF_MAX_MS	100

struct fwc_dev {
	char name[ROCE_ADP_DEV_NAME_LEN];	/* the PCI function */
	char node[64];				/* /dev/fwctl/fwctlN */
	int fd;					/* -1 until first used */
	bool caps_read;				/* the three below */
	bool roce_accl;				/* cmd_hca_cap.roce_accl */
	u32 mpt_count;				/* 1 << log_max_mkey */
};

bool adp_fwctl_wanted;

static struct fwc_dev fwc_devs[FWC_DEVS_MAX];
static unsigned int fwc_ndevs;
static bool fwc_scanned;

/* The answer to the request being handled, one message per read. */
static struct nl_msg *fwc_replies[FWC_REPLIES_MAX];
static unsigned int fwc_nreplies, fwc_next;
static uint32_t fwc_seq, fwc_pid;
/* Why the request failed: the extack the module would send. */
static char fwc_why[256];

static void fwc_fail(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static void fwc_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(fwc_why, sizeof(fwc_why), fmt, ap);
	va_end(ap);
}

static const char *fwc_sysfs(void)
{
	const char *root = getenv("ADPCTL_SYSFS");

	return root && *root ? root : "/sys";
}

/* The last part of the link at path, or "" */
static void link_base(const char *path, char *out, size_t len)
{
	char target[PATH_MAX];
	const char *base;
	ssize_t n;

	out[0] = '\0';
	n = readlink(path, target, sizeof(target) - 1);
	if (n <= 0)
		return;
	target[n] = '\0';
	base = strrchr(target, '/');
	if (snprintf(out, len, "%s", base ? base + 1 : target) >= (int)len)
		out[0] = '\0';
}

static int fwc_dev_cmp(const void *a, const void *b)
{
	return strcmp(((const struct fwc_dev *)a)->name,
		      ((const struct fwc_dev *)b)->name);
}

/*
 * The fwctl devices of mlx5 functions: the class device's parent is the
 * PCI function (mlx5_fwctl registers it there), whose driver is mlx5_core.
 */
static void fwc_scan(void)
{
	char path[PATH_MAX], drv[64];
	struct fwc_dev *d;
	struct dirent *e;
	DIR *dir;

	if (fwc_scanned)
		return;
	fwc_scanned = true;
	snprintf(path, sizeof(path), "%s/class/fwctl", fwc_sysfs());
	dir = opendir(path);
	if (!dir)
		return;
	while ((e = readdir(dir)) && fwc_ndevs < FWC_DEVS_MAX) {
		if (strncmp(e->d_name, "fwctl", 5))
			continue;
		d = &fwc_devs[fwc_ndevs];
		snprintf(path, sizeof(path), "%s/class/fwctl/%s/device",
			 fwc_sysfs(), e->d_name);
		link_base(path, d->name, sizeof(d->name));
		snprintf(path, sizeof(path), "%s/bus/pci/devices/%s/driver",
			 fwc_sysfs(), d->name);
		link_base(path, drv, sizeof(drv));
		if (!d->name[0] || strcmp(drv, "mlx5_core"))
			continue;
		if (snprintf(d->node, sizeof(d->node), "/dev/fwctl/%s",
			     e->d_name) >= (int)sizeof(d->node))
			continue;
		d->fd = -1;
		fwc_ndevs++;
	}
	closedir(dir);
	qsort(fwc_devs, fwc_ndevs, sizeof(fwc_devs[0]), fwc_dev_cmp);
}

bool adp_fwctl_available(void)
{
	fwc_scan();
	return fwc_ndevs > 0;
}

/* fwc_devs[] is sorted by name (fwc_scan()). */
static struct fwc_dev *fwc_find(const char *name)
{
	struct fwc_dev key;

	if (snprintf(key.name, sizeof(key.name), "%s", name) >=
	    (int)sizeof(key.name))
		return NULL;
	return bsearch(&key, fwc_devs, fwc_ndevs, sizeof(fwc_devs[0]),
		       fwc_dev_cmp);
}

/* Open @d's fwctl device (mlx5_fwctl makes its user context then). */
static int fwc_open(struct fwc_dev *d)
{
	struct fwctl_info info = { .size = sizeof(info) };
	int fd, err;

	if (d->fd >= 0)
		return 0;
	fd = open(d->node, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		err = errno;
		/* mlx5_fwctl's user context is a command the device failed. */
		if (err == ENXIO || err == EIO)
			fwc_fail("device is not up (in error or resetting): %s: %s",
				 d->node, strerror(err));
		else
			fwc_fail("%s: %s", d->node, strerror(err));
		return -err;
	}
	if (ioctl(fd, FWCTL_INFO, &info)) {
		err = errno;
		fwc_fail("%s: FWCTL_INFO: %s", d->node, strerror(err));
		close(fd);
		return -err;
	}
	if (info.out_device_type != FWCTL_DEVICE_TYPE_MLX5) {
		fwc_fail("%s is not an mlx5 fwctl device (type %u)", d->node,
			 info.out_device_type);
		close(fd);
		return -ENODEV;
	}
	d->fd = fd;
	return 0;
}

static const char *const fwc_scope_names[] = {
	[FWCTL_RPC_CONFIGURATION] = "configuration",
	[FWCTL_RPC_DEBUG_READ_ONLY] = "debug read-only",
	[FWCTL_RPC_DEBUG_WRITE] = "debug write",
	[FWCTL_RPC_DEBUG_WRITE_FULL] = "debug write full",
};

static void fwc_sleep_ms(unsigned int ms)
{
	struct timespec ts = { .tv_sec = ms / 1000,
			       .tv_nsec = (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/*
 * One mailbox through FWCTL_RPC, tried again while the firmware says it
 * is busy, as the module's radp_cmd_exec(); a bad status is the module's
 * errno and text (radp_status.c). @what names the command for fwctl's
 * own refusals.
 */
static int fwc_exec(struct fwc_dev *d, enum fwctl_rpc_scope scope,
		    const char *what, void *in, size_t inlen, void *out,
		    size_t outlen)
{
	unsigned int backoff = FWC_BACKOFF_MIN_MS, tries = 0;
	const struct radp_cmd_status *st;
	struct fwctl_rpc rpc = {
		.size = sizeof(rpc), .scope = scope,
		.in_len = inlen, .out_len = outlen,
		.in = (uintptr_t)in, .out = (uintptr_t)out,
	};
	u32 syndrome;
	int err;
	u8 status;

	err = fwc_open(d);
	if (err)
		return err;
	for (;;) {
		memset(out, 0, outlen);
		if (ioctl(d->fd, FWCTL_RPC, &rpc)) {
			err = errno;
			if (err == EBADMSG)
				fwc_fail("fwctl refused %s at the %s scope",
					 what, fwc_scope_names[scope]);
			else if (err == ENXIO || err == EIO)
				fwc_fail("device did not answer %s over fwctl (%s)",
					 what, strerror(err));
			else
				fwc_fail("FWCTL_RPC %s: %s", what,
					 strerror(err));
			return -err;
		}
		status = radp_get(out, RADP_CMD_OUT_STATUS);
		if (!radp_cmd_status_transient(status) ||
		    ++tries == FWC_TRIES)
			break;
		fwc_sleep_ms(backoff);
		backoff = backoff * 2 > FWC_BACKOFF_MAX_MS ?
			  FWC_BACKOFF_MAX_MS : backoff * 2;
	}
	if (status == RADP_CMD_STAT_OK)
		return 0;
	st = radp_cmd_status_find(status);
	syndrome = radp_get(out, RADP_CMD_OUT_SYNDROME);
	if (tries > 1)
		fwc_fail(RADP_CMD_STATUS_TRIES_FMT, st->name, status, syndrome,
			 tries);
	else
		fwc_fail(RADP_CMD_STATUS_FMT, st->name, status, syndrome);
	return st->err;
}

/*
 * One ACCESS_REG, built as the module's radp_access_reg() builds it: a
 * query at the read-only scope, a write at the configuration scope.
 * @status gets the firmware's status (OK when none).
 */
static int fwc_access_reg(struct fwc_dev *d, u16 reg_id, bool write,
			  const void *data_in, void *data_out, size_t len,
			  u8 *status)
{
	size_t mlen = RADP_ACCESS_REG_DATA_OFF + len;
	char what[48];
	u8 *in, *out;
	int err;

	in = calloc(2, mlen);
	if (!in) {
		fwc_fail("%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	out = in + mlen;
	radp_access_reg_in(in, reg_id, write, data_in, len);
	snprintf(what, sizeof(what), "ACCESS_REG %s of register 0x%04x",
		 write ? "write" : "query", reg_id);
	err = fwc_exec(d, write ? FWCTL_RPC_CONFIGURATION :
			  FWCTL_RPC_DEBUG_READ_ONLY, what, in, mlen, out, mlen);
	if (status)
		*status = radp_get(out, RADP_CMD_OUT_STATUS);
	if (!err && data_out)
		memcpy(data_out, out + RADP_ACCESS_REG_DATA_OFF, len);
	free(in);
	return err;
}

/*
 * A query of a register firmware may lack: answered BAD_OP or BAD_PARAM,
 * the device has no @what (-EOPNOTSUPP), as radp_access_reg_opt() says.
 */
static int fwc_access_opt(struct fwc_dev *d, const char *what, u16 reg_id,
			  bool write, const void *data_in, void *data_out,
			  size_t len)
{
	u8 status;
	int err;

	err = fwc_access_reg(d, reg_id, write, data_in, data_out, len,
			     &status);
	if (!err || write || (status != RADP_CMD_STAT_BAD_OP &&
			      status != RADP_CMD_STAT_BAD_PARAM))
		return err;
	fwc_fail("%s", what);
	return -EOPNOTSUPP;
}

/*
 * QUERY_HCA_CAP of the general capabilities in effect, as mlx5_ifc.h lays
 * it out: op_mod (MLX5_CAP_GENERAL << 1) | HCA_CAP_OPMOD_GET_CUR, the
 * cmd_hca_cap (0x1000 bytes) at 0x10 of the outbox; in it roce_accl at
 * bit 22 of the dword at 0x28, log_max_mkey at bits 21:16 of 0x1c.
 * mlx5_fwctl takes it at every scope.
 */
#define FWC_QUERY_HCA_CAP_OPCODE	0x100
#define FWC_QUERY_HCA_CAP_GENERAL_CUR	0x1
#define FWC_QUERY_HCA_CAP_IN_LEN	0x10
#define FWC_QUERY_HCA_CAP_OUT_LEN	0x1010
#define FWC_HCA_CAP_OFF			0x10
#define FWC_CAP_ROCE_ACCL_DW		0x28
#define FWC_CAP_ROCE_ACCL_BIT		22
#define FWC_CAP_LOG_MAX_MKEY_DW		0x1c
#define FWC_CAP_LOG_MAX_MKEY_LO		16
#define FWC_CAP_LOG_MAX_MKEY_MASK	0x3f

static u32 fwc_be32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

/* What the module reads of the capabilities at attach, read once a run. */
static int fwc_caps(struct fwc_dev *d)
{
	u8 in[FWC_QUERY_HCA_CAP_IN_LEN] = {}, *out, *cap;
	u32 log_mkeys;
	int err;

	if (d->caps_read)
		return 0;
	out = malloc(FWC_QUERY_HCA_CAP_OUT_LEN);
	if (!out) {
		fwc_fail("%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	in[0] = FWC_QUERY_HCA_CAP_OPCODE >> 8;
	in[1] = FWC_QUERY_HCA_CAP_OPCODE & 0xff;
	in[7] = FWC_QUERY_HCA_CAP_GENERAL_CUR;	/* op_mod, bits 15:0 of 0x4 */
	err = fwc_exec(d, FWCTL_RPC_CONFIGURATION, "QUERY_HCA_CAP", in,
		       sizeof(in), out, FWC_QUERY_HCA_CAP_OUT_LEN);
	if (!err) {
		cap = out + FWC_HCA_CAP_OFF;
		d->roce_accl = fwc_be32(cap + FWC_CAP_ROCE_ACCL_DW) >>
			       FWC_CAP_ROCE_ACCL_BIT & 1;
		log_mkeys = fwc_be32(cap + FWC_CAP_LOG_MAX_MKEY_DW) >>
			    FWC_CAP_LOG_MAX_MKEY_LO & FWC_CAP_LOG_MAX_MKEY_MASK;
		if (log_mkeys > RADP_MKEY_INDEX_BITS)
			log_mkeys = RADP_MKEY_INDEX_BITS;
		d->mpt_count = 1u << log_mkeys;
		d->caps_read = true;
	}
	free(out);
	return err;
}

/* ROCE_ACCL with profile @id (0: the firmware's, and the one in effect). */
static int fwc_accl_query(struct fwc_dev *d, u32 id, struct radp_roce_accl *r,
			  u8 *raw)
{
	u8 reg[RADP_ROCE_ACCL_LEN] = {};
	int err;

	/* As the module: the capability says, not a refused query. */
	err = fwc_caps(d);
	if (err)
		return err;
	if (!d->roce_accl) {
		fwc_fail("device does not support ROCE_ACCL");
		return -EOPNOTSUPP;
	}
	radp_set(reg, RADP_ROCE_ACCL_ADP_RETX_PROFILE_ID, id);
	err = fwc_access_reg(d, RADP_REG_ID_ROCE_ACCL, false, reg, reg,
			     sizeof(reg), NULL);
	if (err)
		return err;
	radp_roce_accl_unpack(reg, r);
	if (raw)
		memcpy(raw, reg, sizeof(reg));
	return 0;
}

static int fwc_accl_write(struct fwc_dev *d, const struct radp_roce_accl *w)
{
	u8 reg[RADP_ROCE_ACCL_LEN];

	radp_roce_accl_pack(reg, w);
	return fwc_access_reg(d, RADP_REG_ID_ROCE_ACCL, true, reg, NULL,
			      sizeof(reg), NULL);
}

/* ---- the replies, attribute for attribute as the module's ---------------- */

static void apply_members(void *obj, const struct radp_member *m,
			  unsigned int count, struct nlattr **tb)
{
	unsigned int i;

	for (i = 0; i < count; i++) {
		const struct radp_field *f = &radp_fields[m[i].fld];
		struct nlattr *a = tb[f->attr];

		if (a)
			*radp_member_ptr(obj, &m[i]) = f->nla == RADP_NLA_U8 ?
				nla_get_u8(a) : nla_get_u32(a);
	}
}

/* ---- the requests ------------------------------------------------------------ */

struct fwc_req {
	uint8_t cmd;
	bool dump;
	struct nlattr *tb[ROCE_ADP_A_MAX + 1];
};

static int fwc_accl_get(struct fwc_dev *d, const struct fwc_req *q,
			struct nl_msg *msg)
{
	u8 raw[RADP_ROCE_ACCL_LEN];
	bool want_raw = q->tb[ROCE_ADP_A_ACCL_RAW];
	struct radp_roce_accl r;
	int err;

	err = fwc_accl_query(d, 0, &r, want_raw ? raw : NULL);
	return err ?: radp_nl_put_accl(msg, &r, 0, want_raw ? raw : NULL);
}

/* The module's radp_nl_accl_set(), then its read-back. */
static int fwc_accl_set(struct fwc_dev *d, const struct fwc_req *q,
			struct nl_msg *msg)
{
	struct nlattr *tb[ROCE_ADP_A_ACCL_MAX + 1];
	struct radp_roce_accl w = {}, cur, r;
	bool changed = false;
	unsigned int i;
	int err;

	if (!q->tb[ROCE_ADP_A_ACCL] ||
	    nla_parse_nested(tb, ROCE_ADP_A_ACCL_MAX, q->tb[ROCE_ADP_A_ACCL],
			     NULL)) {
		fwc_fail("missing or malformed ROCE_ACCL features");
		return -EINVAL;
	}
	for (i = 0; i < RADP_ACCL_FEATURE_COUNT; i++) {
		const struct nlattr *a = tb[radp_fields[radp_accl_en_flds[i]].attr];

		if (!a)
			continue;
		w.field_select |= 1u << i;
		w.features[i] = nla_get_u8(a);
		if (!radp_accl_value_ok(i, w.features[i])) {
			fwc_fail("%s %u is reserved",
				 radp_fields[radp_accl_en_flds[i]].name,
				 w.features[i]);
			return -EINVAL;
		}
	}
	if (!w.field_select) {
		fwc_fail("no enable to set");
		return -EINVAL;
	}
	err = fwc_accl_query(d, 0, &cur, NULL);
	if (err)
		return err;
	for (i = 0; i < RADP_ACCL_FEATURE_COUNT; i++) {
		if (!(w.field_select & ~cur.field_select & (1u << i)))
			continue;
		fwc_fail("%s is not configurable on this device",
			 radp_fields[radp_accl_en_flds[i]].name);
		return -EOPNOTSUPP;
	}
	radp_accl_fill_shared(&w, &cur);
	for (i = 0; i < RADP_ACCL_FEATURE_COUNT; i++)
		if ((w.field_select & (1u << i)) &&
		    w.features[i] != cur.features[i])
			changed = true;
	r = cur;
	if (changed)
		err = fwc_accl_write(d, &w) ?: fwc_accl_query(d, 0, &r, NULL);
	return err ?: radp_nl_put_accl(msg, &r, 0, NULL);
}

static int fwc_profile_get(struct fwc_dev *d, const struct fwc_req *q,
			   struct nl_msg *msg)
{
	const struct nlattr *id_attr = q->tb[ROCE_ADP_A_PROFILE_ID];
	struct radp_roce_accl r0, r;
	u32 id, first, last;
	int err;

	err = fwc_accl_query(d, 0, &r0, NULL);
	if (err)
		return err;
	first = id_attr ? nla_get_u32(id_attr) : 0;
	last = id_attr ? first : r0.profile_max_id;
	if (first > r0.profile_max_id) {
		fwc_fail("%s is above the device's %s",
			 radp_fields[RADP_ROCE_ACCL_ADP_RETX_PROFILE_ID].name,
			 radp_fields[RADP_ROCE_ACCL_ADP_RETX_PROFILE_MAX_ID].name);
		return -EINVAL;
	}
	if (last > ROCE_ADP_PROFILE_ID_MAX)
		last = ROCE_ADP_PROFILE_ID_MAX;
	if (nla_put_u32(msg, ROCE_ADP_A_ACTIVE_PROFILE_ID, r0.profile_id) ||
	    nla_put_u32(msg, ROCE_ADP_A_AGE_MS, 0))
		return -EMSGSIZE;
	for (id = first; id <= last; id++) {
		if (id) {
			err = fwc_accl_query(d, id, &r, NULL);
			if (err)
				return err;
		}
		err = radp_nl_put_profile(msg, id, id ? &r.profile : &r0.profile);
		if (err)
			return err;
	}
	return 0;
}

/* A profile's violation, worded as the module's extack. */
static void fwc_violation(const struct radp_violation *v)
{
	if (v->range < 0)
		fwc_fail("%s", v->msg);
	else
		fwc_fail("timeout_range[%d]: %s", v->range, v->msg);
}

/*
 * Does the request give the whole profile, every range it uses included?
 * Then the rules that hold whatever the device allows are checked before
 * any command goes to it.
 */
static bool fwc_profile_whole(struct nlattr **tb,
			      struct nlattr *(*rtb)[ROCE_ADP_A_RANGE_MAX + 1],
			      const struct radp_profile *p)
{
	unsigned int i, r;

	for (i = 0; i < radp_profile_members_count; i++)
		if (!tb[radp_fields[radp_profile_members[i].fld].attr])
			return false;
	for (r = 0; r < p->range_num && r < RADP_RANGES; r++)
		for (i = 0; i < radp_range_members_count; i++)
			if (!rtb[r][radp_fields[radp_range_members[i].fld].attr])
				return false;
	return true;
}

/* The module's radp_nl_profile_set(), then its read-back. */
static int fwc_profile_set(struct fwc_dev *d, const struct fwc_req *q,
			   struct nl_msg *msg)
{
	struct nlattr *rtb[RADP_RANGES][ROCE_ADP_A_RANGE_MAX + 1] = {};
	const struct radp_caps widest = {
		.profile_max_id = ROCE_ADP_PROFILE_ID_MAX,
		.profile_max_range_num = RADP_RANGES,
	};
	struct nlattr *tb[ROCE_ADP_A_PROFILE_MAX + 1], *a;
	struct radp_roce_accl cur, r0, w = {}, r;
	struct radp_violation v;
	struct radp_caps caps;
	bool seen[RADP_RANGES] = {};
	int err, rem;
	u32 id;

	if (!q->tb[ROCE_ADP_A_PROFILE] ||
	    nla_parse_nested(tb, ROCE_ADP_A_PROFILE_MAX,
			     q->tb[ROCE_ADP_A_PROFILE], NULL)) {
		fwc_fail("missing or malformed profile");
		return -EINVAL;
	}
	if (!tb[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID]) {
		fwc_fail("%s is required",
			 radp_fields[RADP_ROCE_ACCL_ADP_RETX_PROFILE_ID].name);
		return -EINVAL;
	}
	id = nla_get_u32(tb[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID]);
	nla_for_each_nested(a, q->tb[ROCE_ADP_A_PROFILE], rem) {
		struct nlattr *t[ROCE_ADP_A_RANGE_MAX + 1];
		u32 index;

		if (nla_type(a) != ROCE_ADP_A_PROFILE_RANGE)
			continue;
		if (nla_parse_nested(t, ROCE_ADP_A_RANGE_MAX, a, NULL) ||
		    !t[ROCE_ADP_A_RANGE_INDEX]) {
			fwc_fail("timeout_range entry without its index");
			return -EINVAL;
		}
		index = nla_get_u32(t[ROCE_ADP_A_RANGE_INDEX]);
		if (index >= RADP_RANGES || seen[index]) {
			fwc_fail("timeout_range entry given twice");
			return -EINVAL;
		}
		seen[index] = true;
		memcpy(rtb[index], t, sizeof(t));
	}
	if (!id) {
		fwc_fail("profile 0 is the firmware's own and cannot be written");
		return -EINVAL;
	}

	/* A whole profile: what no device allows goes no further. */
	apply_members(&w.profile, radp_profile_members,
		      radp_profile_members_count, tb);
	for (rem = 0; rem < RADP_RANGES; rem++)
		apply_members(&w.profile.range[rem], radp_range_members,
			      radp_range_members_count, rtb[rem]);
	if (fwc_profile_whole(tb, rtb, &w.profile) &&
	    !radp_profile_check(id, &w.profile, &widest, &v)) {
		fwc_violation(&v);
		return -EINVAL;
	}

	err = fwc_accl_query(d, id, &cur, NULL);
	if (err && err != -EOPNOTSUPP && !fwc_accl_query(d, 0, &r0, NULL) &&
	    id > r0.profile_max_id)
		err = -ERANGE;
	if (err == -ERANGE || (!err && id > cur.profile_max_id)) {
		fwc_fail("%s is above the device's %s",
			 radp_fields[RADP_ROCE_ACCL_ADP_RETX_PROFILE_ID].name,
			 radp_fields[RADP_ROCE_ACCL_ADP_RETX_PROFILE_MAX_ID].name);
		return -EINVAL;
	}
	if (err)
		return err;
	caps.profile_max_id = cur.profile_max_id;
	caps.profile_max_range_num = cur.profile_max_range_num;
	caps.base_timeout_min = cur.base_timeout_min;
	w.profile = cur.profile;
	apply_members(&w.profile, radp_profile_members,
		      radp_profile_members_count, tb);
	for (rem = 0; rem < RADP_RANGES; rem++)
		apply_members(&w.profile.range[rem], radp_range_members,
			      radp_range_members_count, rtb[rem]);
	if (!radp_profile_check(id, &w.profile, &caps, &v)) {
		fwc_violation(&v);
		return -EINVAL;
	}
	w.profile_select = 1;
	w.profile_id = id;
	/* Written unless the device holds it and has it in effect. */
	r = cur;
	err = fwc_accl_query(d, 0, &r0, NULL);
	if (!err && (memcmp(&w.profile, &cur.profile, sizeof(w.profile)) ||
		     r0.profile_id != id))
		err = fwc_accl_write(d, &w) ?: fwc_accl_query(d, id, &r, NULL);
	if (err)
		return err;
	if (nla_put_u32(msg, ROCE_ADP_A_ACTIVE_PROFILE_ID, id) ||
	    nla_put_u32(msg, ROCE_ADP_A_AGE_MS, 0))
		return -EMSGSIZE;
	return radp_nl_put_profile(msg, id, &r.profile);
}

#define FWC_NO_HIST	"device has no retransmission histogram"

static int fwc_hist_config_query(struct fwc_dev *d, struct radp_hist_config *c)
{
	u8 reg[RADP_HIST_CONFIG_LEN] = {};
	int err;

	err = fwc_access_opt(d, FWC_NO_HIST, RADP_REG_ID_HIST_CONFIG, false,
			     NULL, reg, sizeof(reg));
	if (!err)
		radp_hist_config_unpack(reg, c);
	return err;
}

/* The configuration and the firmware's counters, as read. */
static int fwc_hist_put(struct fwc_dev *d, struct nl_msg *msg)
{
	struct radp_hist_config c;
	struct nlattr *hist, *cfg;
	u8 *reg;
	u32 i, n;
	int err;

	err = fwc_hist_config_query(d, &c);
	if (err)
		return err;
	n = c.bin_num;
	reg = calloc(1, RADP_HIST_LEN(n));
	if (!reg)
		return -ENOMEM;
	err = fwc_access_opt(d, FWC_NO_HIST, RADP_REG_ID_HIST, false, NULL,
			     reg, RADP_HIST_LEN(n));
	if (!err && radp_hist_bin_num(reg) != n) {
		fwc_fail("histogram has %u bins, its configuration %u: changed during the read",
			 radp_hist_bin_num(reg), n);
		err = -EAGAIN;
	}
	hist = err ? NULL : nla_nest_start(msg, ROCE_ADP_A_HISTOGRAM);
	if (!err && (!hist || nla_put_u32(msg, ROCE_ADP_A_HIST_BIN_NUM, n)))
		err = -EMSGSIZE;
	for (i = 0; !err && i < n; i++)
		if (nla_put_u64(msg, ROCE_ADP_A_HIST_BIN_COUNT,
				radp_hist_bin_get(reg, i)))
			err = -EMSGSIZE;
	free(reg);
	if (err)
		return err;
	cfg = nla_nest_start(msg, ROCE_ADP_A_HIST_CONFIG);
	if (!cfg ||
	    radp_nl_put_members(msg, &c, radp_hist_config_members,
				radp_hist_config_members_count))
		return -EMSGSIZE;
	nla_nest_end(msg, cfg);
	if (nla_put_u32(msg, ROCE_ADP_A_HIST_AGE_MS, 0))
		return -EMSGSIZE;
	nla_nest_end(msg, hist);
	return 0;
}

static int fwc_hist_get(struct fwc_dev *d, const struct fwc_req *q,
			struct nl_msg *msg)
{
	(void)q;
	return fwc_hist_put(d, msg);
}

/* The module's radp_nl_hist_config_parse() and write, then the read. */
static int fwc_hist_set(struct fwc_dev *d, const struct fwc_req *q,
			struct nl_msg *msg)
{
	static const enum radp_fld read_only[] = {
		RADP_HIST_CONFIG_TIME_UNIT_CAP, RADP_HIST_CONFIG_BIN_NUM_MAX,
	};
	struct nlattr *tb[ROCE_ADP_A_HISTOGRAM_CONFIG_MAX + 1];
	struct nlattr *nest = q->tb[ROCE_ADP_A_HISTOGRAM_CONFIG];
	u8 reg[RADP_HIST_CONFIG_LEN];
	struct radp_hist_config c;
	enum radp_fld fld;
	const char *why;
	unsigned int i;
	int err;

	if (!nest || nla_parse_nested(tb, ROCE_ADP_A_HISTOGRAM_CONFIG_MAX,
				      nest, NULL)) {
		fwc_fail("missing or malformed histogram configuration");
		return -EINVAL;
	}
	for (i = 0; i < sizeof(read_only) / sizeof(read_only[0]); i++) {
		if (tb[radp_fields[read_only[i]].attr]) {
			fwc_fail("%s is read only", radp_fields[read_only[i]].name);
			return -EINVAL;
		}
	}
	if (!nla_len(nest)) {
		fwc_fail("no histogram field to set");
		return -EINVAL;
	}
	err = fwc_hist_config_query(d, &c);
	if (err)
		return err;
	apply_members(&c, radp_hist_config_members,
		      radp_hist_config_members_count, tb);
	if (!c.vhca_id_valid && !tb[ROCE_ADP_A_HISTOGRAM_CONFIG_VHCA_ID])
		c.vhca_id = 0;
	why = radp_hist_config_check(&c, &fld);
	if (why) {
		fwc_fail("%s", why);
		return -EINVAL;
	}
	/* The read-only fields are not the writer's to say. */
	c.time_unit_cap = 0;
	c.bin_num_max = 0;
	radp_hist_config_pack(reg, &c);
	err = fwc_access_opt(d, FWC_NO_HIST, RADP_REG_ID_HIST_CONFIG, true,
			     reg, NULL, sizeof(reg));
	return err ?: fwc_hist_put(d, msg);
}

/*
 * The running firmware's version as mlx5_core's devlink info reads it
 * (mlx5_fw_version_query()): MCQS, component by component, finds the boot
 * image; MCQI with info_type VERSION gives its version. mlx5_ifc.h: in
 * mcqs_reg last_index_flag is bit 0x0, component_index bits 0x10-0x1f,
 * identifier 0x30-0x3f (0x10 bytes); in mcqi_reg component_index bits
 * 0x10-0x1f, info_type 0x5b-0x5f, data_size 0xb0-0xbf, the data from
 * byte 0x18, where mcqi_version holds version at bits 0x20-0x3f (0x7c
 * bytes with version_string): major 31:24, minor 23:16, subminor 15:0.
 */
#define FWC_REG_MCQS			0x9060
#define FWC_REG_MCQI			0x9061
#define FWC_MCQS_LEN			0x10
#define FWC_MCQS_IDENTIFIER_BOOT_IMG	0x1
#define FWC_MCQI_LEN			0x18
#define FWC_MCQI_INFO_TYPE_VERSION	0x1
#define FWC_MCQI_VERSION_LEN		0x7c
#define FWC_MCQS_COMPONENTS_MAX		64

static int fwc_fw_running(struct fwc_dev *d, char *buf, size_t len)
{
	u8 mcqs[FWC_MCQS_LEN], mcqi[FWC_MCQI_LEN + FWC_MCQI_VERSION_LEN];
	bool last = false;
	u32 ver;
	u16 i;
	int err;

	for (i = 0; i < FWC_MCQS_COMPONENTS_MAX && !last; i++) {
		memset(mcqs, 0, sizeof(mcqs));
		mcqs[2] = i >> 8;
		mcqs[3] = i;
		err = fwc_access_opt(d, "firmware has no MCQS", FWC_REG_MCQS,
				     false, mcqs, mcqs, sizeof(mcqs));
		if (err)
			return err;
		if ((mcqs[6] << 8 | mcqs[7]) == FWC_MCQS_IDENTIFIER_BOOT_IMG)
			break;
		last = mcqs[0] >> 7;
	}
	if (i == FWC_MCQS_COMPONENTS_MAX || last)
		return -ENOENT;
	memset(mcqi, 0, sizeof(mcqi));
	mcqi[2] = i >> 8;
	mcqi[3] = i;
	mcqi[0xb] = FWC_MCQI_INFO_TYPE_VERSION;
	mcqi[0x17] = FWC_MCQI_VERSION_LEN;
	err = fwc_access_opt(d, "firmware has no MCQI", FWC_REG_MCQI, false,
			     mcqi, mcqi, sizeof(mcqi));
	if (err)
		return err;
	ver = fwc_be32(mcqi + FWC_MCQI_LEN + 4);
	snprintf(buf, len, "%u.%u.%04u", ver >> 24, ver >> 16 & 0xff,
		 ver & 0xffff);
	return 0;
}

/*
 * The firmware version: the running image's, as devlink dev info and the
 * module show it; else the one mlx5_ib shows for the function's RDMA
 * device; else "".
 */
static void fwc_fw_version(struct fwc_dev *d, char *buf, size_t len)
{
	char path[PATH_MAX];
	struct dirent *e;
	DIR *dir;
	FILE *fp;

	buf[0] = '\0';
	if (!fwc_fw_running(d, buf, len))
		return;
	buf[0] = '\0';
	fwc_why[0] = '\0';
	snprintf(path, sizeof(path), "%s/bus/pci/devices/%s/infiniband",
		 fwc_sysfs(), d->name);
	dir = opendir(path);
	if (!dir)
		return;
	while ((e = readdir(dir)) && !buf[0]) {
		if (e->d_name[0] == '.' ||
		    snprintf(path, sizeof(path),
			     "%s/bus/pci/devices/%s/infiniband/%s/fw_ver",
			     fwc_sysfs(), d->name, e->d_name) >= (int)sizeof(path))
			continue;
		fp = fopen(path, "r");
		if (!fp)
			continue;
		if (!fgets(buf, len, fp))
			buf[0] = '\0';
		buf[strcspn(buf, "\n")] = '\0';
		fclose(fp);
	}
	closedir(dir);
}

/* MPT entry @index: its mkey's context, as the module's mlx5 backend. */
static int fwc_mpt_query(struct fwc_dev *d, u32 index, struct radp_mpt *m)
{
	u8 in[RADP_QUERY_MKEY_IN_LEN] = {}, out[RADP_QUERY_MKEY_OUT_LEN];
	int err;

	err = fwc_caps(d);
	if (err)
		return err;
	if (index >= d->mpt_count) {
		fwc_fail("MPT index beyond the device's mkey table");
		return -ERANGE;
	}
	radp_query_mkey_in(in, index);
	err = fwc_exec(d, FWCTL_RPC_DEBUG_READ_ONLY, "QUERY_MKEY", in,
		       sizeof(in), out, sizeof(out));
	err = radp_query_mkey_mpt(out, err, index, m);
	if (!err)
		fwc_why[0] = '\0';
	return err;
}

/* The module's radp_nl_mpt_put(). */
static int put_mpt(struct nl_msg *msg, u32 index, const struct radp_mpt *m,
		   const u8 *raw)
{
	const struct radp_mpt_member *mm;
	struct nlattr *nest;
	unsigned int i;
	bool present;
	u32 access;
	u64 val;
	u16 attr;

	nest = nla_nest_start(msg, ROCE_ADP_A_MPT_ENTRY);
	if (!nest || nla_put_u32(msg, ROCE_ADP_A_MPT_ENTRY_INDEX, index) ||
	    nla_put_u32(msg, ROCE_ADP_A_MPT_ENTRY_STATUS, m->status))
		return -EMSGSIZE;
	if (radp_mpt_status_valid(m->status)) {
		access = radp_mpt_access_flags(m, &present);
		if (present &&
		    nla_put_u32(msg, ROCE_ADP_A_MPT_ENTRY_ACCESS, access))
			return -EMSGSIZE;
		for (i = 0; i < radp_mpt_members_count; i++) {
			mm = &radp_mpt_members[i];
			attr = radp_fields[mm->fld].attr;
			if (mm->fld == RADP_MPT_STATUS || !attr ||
			    !(m->present & RADP_MPT_BIT(mm->fld)))
				continue;
			val = radp_mpt_member_get(m, mm);
			if (mm->lo >= 0 ? nla_put_u64(msg, attr, val) :
			    radp_fields[mm->fld].hi == radp_fields[mm->fld].lo ?
			    nla_put_u8(msg, attr, val) :
			    nla_put_u32(msg, attr, val))
				return -EMSGSIZE;
		}
	}
	if (raw && nla_put(msg, ROCE_ADP_A_MPT_ENTRY_RAW, RADP_MPT_LEN, raw))
		return -EMSGSIZE;
	nla_nest_end(msg, nest);
	return 0;
}

/* One entry, by index or key, as the module's MPT do. */
static int fwc_mpt_get(struct fwc_dev *d, const struct fwc_req *q,
		       struct nl_msg *msg)
{
	const struct nlattr *index = q->tb[ROCE_ADP_A_MPT_INDEX];
	const struct nlattr *key = q->tb[ROCE_ADP_A_MPT_KEY];
	u8 raw[RADP_MPT_LEN];
	struct radp_mpt m;
	u32 i;
	int err;

	if (q->tb[ROCE_ADP_A_MPT_PD] || q->tb[ROCE_ADP_A_MPT_QPN]) {
		fwc_fail("the pd and qpn filters apply to dumps only");
		return -EINVAL;
	}
	if (index && key) {
		fwc_fail("select the entry by index or by key, not both");
		return -EINVAL;
	}
	if (!index && !key) {
		fwc_fail("an MPT index or key is required");
		return -EINVAL;
	}
	i = key ? radp_mpt_key_index(nla_get_u32(key)) : nla_get_u32(index);
	err = fwc_mpt_query(d, i, &m);
	if (err == -ERANGE && key) {
		fwc_fail("no memory region or window holds this key");
		return -ENOENT;
	}
	if (err)
		return err;
	if (key && (!radp_mpt_status_valid(m.status) ||
		    !(m.present & RADP_MPT_BIT(RADP_MPT_MEM_KEY)) ||
		    m.mem_key != nla_get_u32(key))) {
		fwc_fail("no memory region or window holds this key");
		return -ENOENT;
	}
	if (q->tb[ROCE_ADP_A_MPT_RAW])
		radp_mpt_pack(raw, &m);
	return put_mpt(msg, i, &m, q->tb[ROCE_ADP_A_MPT_RAW] ? raw : NULL);
}

/* A device as the module's DEV message shows it, what fwctl can tell. */
static int fwc_dev_get(struct fwc_dev *d, const struct fwc_req *q,
		       struct nl_msg *msg)
{
	struct radp_roce_accl r;
	char fw[64];
	int err;

	(void)q;
	err = fwc_caps(d);
	if (!err && d->roce_accl)
		err = fwc_accl_query(d, 0, &r, NULL);
	if (err)
		return err;
	fwc_fw_version(d, fw, sizeof(fw));
	if (nla_put_u32(msg, ROCE_ADP_A_DEV_BACKEND, ROCE_ADP_BACKEND_MLX5) ||
	    nla_put_string(msg, ROCE_ADP_A_DEV_FW_VERSION, fw) ||
	    nla_put_u8(msg, ROCE_ADP_A_DEV_ROCE_ACCL, d->roce_accl))
		return -EMSGSIZE;
	return 0;
}

struct fwc_op {
	uint8_t cmd;
	int (*fn)(struct fwc_dev *d, const struct fwc_req *q,
		  struct nl_msg *msg);
	bool needs_roce_accl;	/* dumps leave out devices without it */
	bool optional;		/* dumps leave out devices without it */
};

static const struct fwc_op fwc_ops[] = {
	{ .cmd = ROCE_ADP_CMD_DEV_GET, .fn = fwc_dev_get },
	{ .cmd = ROCE_ADP_CMD_ACCL_GET, .fn = fwc_accl_get,
	  .needs_roce_accl = true },
	{ .cmd = ROCE_ADP_CMD_ACCL_SET, .fn = fwc_accl_set },
	{ .cmd = ROCE_ADP_CMD_PROFILE_GET, .fn = fwc_profile_get,
	  .needs_roce_accl = true },
	{ .cmd = ROCE_ADP_CMD_PROFILE_SET, .fn = fwc_profile_set },
	{ .cmd = ROCE_ADP_CMD_HISTOGRAM_GET, .fn = fwc_hist_get,
	  .optional = true },
	{ .cmd = ROCE_ADP_CMD_HISTOGRAM_SET, .fn = fwc_hist_set },
	{ .cmd = ROCE_ADP_CMD_MPT_GET, .fn = fwc_mpt_get },
};

/* What only the module does, said plainly. */
static const char *const fwc_module_only[ROCE_ADP_CMD_MAX + 1] = {
	[ROCE_ADP_CMD_PROFILE_FORGET] =
		"the restore after a firmware reset is the module's",
	[ROCE_ADP_CMD_HISTOGRAM_CLEAR] =
		"the running totals it clears are the module's (over fwctl, histogram config clear_on_read=1 has the firmware clear its counters at each read)",
};

/* ---- the transport ------------------------------------------------------------ */

static void fwc_queue(struct nl_msg *msg)
{
	if (fwc_nreplies < FWC_REPLIES_MAX)
		fwc_replies[fwc_nreplies++] = msg;
	else
		nlmsg_free(msg);
}

static struct nl_msg *fwc_msg(uint8_t cmd, int flags)
{
	struct nl_msg *msg = nlmsg_alloc_size(FWC_MSG_SIZE);

	if (msg && !genlmsg_put(msg, fwc_pid, fwc_seq, FWC_FAMILY, 0, flags,
				cmd, ROCE_ADP_FAMILY_VERSION)) {
		nlmsg_free(msg);
		msg = NULL;
	}
	return msg;
}

/*
 * The end of the answer, as the kernel writes it on a socket with
 * NETLINK_EXT_ACK and NETLINK_CAP_ACK (nl.c sets both): a dump's
 * NLMSG_DONE, else NLMSG_ERROR; an error carries fwc_why as its message.
 */
static void fwc_end(bool dump, int error)
{
	struct nlmsgerr e = { .error = -error };
	struct nl_msg *msg;
	int flags = 0;

	if (dump) {
		msg = nlmsg_alloc_simple(NLMSG_DONE, NLM_F_MULTI);
		if (msg && nlmsg_append(msg, &e.error, sizeof(e.error),
					NLMSG_ALIGNTO) < 0) {
			nlmsg_free(msg);
			msg = NULL;
		}
	} else {
		msg = nlmsg_alloc_simple(NLMSG_ERROR, NLM_F_CAPPED);
		e.msg.nlmsg_seq = fwc_seq;
		e.msg.nlmsg_pid = fwc_pid;
		if (msg && nlmsg_append(msg, &e, sizeof(e), NLMSG_ALIGNTO) < 0) {
			nlmsg_free(msg);
			msg = NULL;
		}
	}
	if (!msg)
		return;
	if (error && fwc_why[0] &&
	    !nla_put_string(msg, NLMSGERR_ATTR_MSG, fwc_why))
		flags = NLM_F_ACK_TLVS;
	nlmsg_hdr(msg)->nlmsg_flags |= flags;
	nlmsg_hdr(msg)->nlmsg_seq = fwc_seq;
	nlmsg_hdr(msg)->nlmsg_pid = fwc_pid;
	fwc_queue(msg);
}

/* One device's message; in a dump of all, its failure in band. */
static int fwc_one(const struct fwc_op *op, struct fwc_dev *d,
		   const struct fwc_req *q, bool all)
{
	struct nl_msg *msg;
	int err;

	msg = fwc_msg(op->cmd == ROCE_ADP_CMD_ACCL_SET ||
		      op->cmd == ROCE_ADP_CMD_PROFILE_SET ||
		      op->cmd == ROCE_ADP_CMD_HISTOGRAM_SET ? q->cmd : op->cmd,
		      q->dump ? NLM_F_MULTI : 0);
	if (!msg) {
		fwc_fail("%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	fwc_why[0] = '\0';
	err = nla_put_string(msg, ROCE_ADP_A_DEV_NAME, d->name) ? -EMSGSIZE :
	      op->fn(d, q, msg);
	if (!err) {
		fwc_queue(msg);
		return 0;
	}
	nlmsg_free(msg);
	if (!all)
		return err;
	if (err == -EOPNOTSUPP && (op->needs_roce_accl || op->optional))
		return 0;
	msg = fwc_msg(op->cmd, NLM_F_MULTI);
	if (msg && (nla_put_string(msg, ROCE_ADP_A_DEV_NAME, d->name) ||
		    nla_put_u32(msg, ROCE_ADP_A_DEV_ERROR, -err))) {
		nlmsg_free(msg);
		msg = NULL;
	}
	if (msg)
		fwc_queue(msg);
	return 0;
}

/*
 * An MPT dump, answered as it is read: each read of the socket sends the
 * next FWC_DUMP_CHUNK QUERY_MKEYs, so that a table of millions of mkeys
 * never sits in memory. What it needs of the request is kept by value.
 */
#define FWC_DUMP_CHUNK	32

static struct {
	bool active;
	unsigned int dev, dev_end;	/* fwc_devs[dev..dev_end) */
	u32 pos;			/* the next index of fwc_devs[dev] */
	bool named;			/* one device, named in the request */
	bool raw, has_pd, has_qpn;
	u32 pd, qpn;
} fwc_dump;

static bool fwc_dump_match(const struct radp_mpt *m)
{
	return radp_mpt_status_valid(m->status) &&
	       (!fwc_dump.has_pd || m->pd == fwc_dump.pd) &&
	       (!fwc_dump.has_qpn || (m->bqp && m->qpn == fwc_dump.qpn));
}

/* The next entries of the dump; its end once the last device is read. */
static void fwc_dump_more(void)
{
	unsigned int budget = FWC_DUMP_CHUNK;
	u8 raw[RADP_MPT_LEN];
	struct fwc_dev *d;
	struct nl_msg *msg;
	struct radp_mpt m;
	int err;

	while (fwc_dump.dev < fwc_dump.dev_end && budget) {
		d = &fwc_devs[fwc_dump.dev];
		err = fwc_caps(d);
		if (err && fwc_dump.named) {
			fwc_dump.active = false;
			fwc_end(true, -err);
			return;
		}
		if (err || fwc_dump.pos >= d->mpt_count) {
			/* a dump of all leaves out what it cannot read */
			fwc_dump.dev++;
			fwc_dump.pos = 0;
			continue;
		}
		budget--;
		fwc_why[0] = '\0';
		err = fwc_mpt_query(d, fwc_dump.pos, &m);
		if (err) {
			fwc_dump.active = false;
			fwc_end(true, -err);
			return;
		}
		if (fwc_dump_match(&m)) {
			if (fwc_dump.raw)
				radp_mpt_pack(raw, &m);
			msg = fwc_msg(ROCE_ADP_CMD_MPT_GET, NLM_F_MULTI);
			if (!msg ||
			    nla_put_string(msg, ROCE_ADP_A_DEV_NAME, d->name) ||
			    put_mpt(msg, fwc_dump.pos, &m,
				    fwc_dump.raw ? raw : NULL)) {
				if (msg)
					nlmsg_free(msg);
				fwc_fail("%s", strerror(ENOMEM));
				fwc_dump.active = false;
				fwc_end(true, ENOMEM);
				return;
			}
			fwc_queue(msg);
		}
		fwc_dump.pos++;
	}
	if (fwc_dump.dev >= fwc_dump.dev_end) {
		fwc_dump.active = false;
		fwc_why[0] = '\0';
		fwc_end(true, 0);
	}
}

/* Start an MPT dump of @name, or of every device for NULL. */
static int fwc_dump_start(const struct fwc_req *q, const char *name)
{
	struct fwc_dev *d = NULL;

	if (q->tb[ROCE_ADP_A_MPT_INDEX] || q->tb[ROCE_ADP_A_MPT_KEY]) {
		fwc_fail("a dump takes no entry index or key, only the pd and qpn filters");
		return -EINVAL;
	}
	if (name) {
		d = fwc_find(name);
		if (!d) {
			fwc_fail("no such device");
			return -ENODEV;
		}
	}
	memset(&fwc_dump, 0, sizeof(fwc_dump));
	fwc_dump.active = true;
	fwc_dump.named = d;
	fwc_dump.dev = d ? (unsigned int)(d - fwc_devs) : 0;
	fwc_dump.dev_end = d ? fwc_dump.dev + 1 : fwc_ndevs;
	fwc_dump.raw = q->tb[ROCE_ADP_A_MPT_RAW];
	fwc_dump.has_pd = q->tb[ROCE_ADP_A_MPT_PD];
	fwc_dump.has_qpn = q->tb[ROCE_ADP_A_MPT_QPN];
	if (fwc_dump.has_pd)
		fwc_dump.pd = nla_get_u32(q->tb[ROCE_ADP_A_MPT_PD]);
	if (fwc_dump.has_qpn)
		fwc_dump.qpn = nla_get_u32(q->tb[ROCE_ADP_A_MPT_QPN]);
	fwc_dump_more();
	return 0;
}

/* A string attribute if NUL-terminated, else NULL. */
static const char *fwc_str(const struct nlattr *a)
{
	const char *s = a ? nla_data(a) : NULL;

	return s && nla_len(a) > 0 && !s[nla_len(a) - 1] ? s : NULL;
}

static void fwc_answer(const struct nlmsghdr *nlh)
{
	struct genlmsghdr *ghdr = nlmsg_data(nlh);
	const struct fwc_op *op = NULL;
	struct fwc_req q = { .cmd = ghdr->cmd };
	const char *name;
	struct fwc_dev *d;
	unsigned int i;
	int err = 0;

	q.dump = (nlh->nlmsg_flags & NLM_F_DUMP) == NLM_F_DUMP;
	fwc_why[0] = '\0';
	if (genlmsg_parse((struct nlmsghdr *)nlh, 0, q.tb, ROCE_ADP_A_MAX,
			  NULL) < 0) {
		fwc_fail("malformed request");
		fwc_end(q.dump, EINVAL);
		return;
	}
	for (i = 0; i < sizeof(fwc_ops) / sizeof(fwc_ops[0]); i++)
		if (fwc_ops[i].cmd == q.cmd)
			op = &fwc_ops[i];
	if (!op) {
		fwc_fail("%s needs the roce_adp module: %s",
			 q.cmd <= ROCE_ADP_CMD_MAX && adp_cmd_names[q.cmd] ?
			 adp_cmd_names[q.cmd] : "request",
			 q.cmd <= ROCE_ADP_CMD_MAX && fwc_module_only[q.cmd] ?
			 fwc_module_only[q.cmd] : "not available over fwctl");
		fwc_end(q.dump, EOPNOTSUPP);
		return;
	}
	if (q.tb[ROCE_ADP_A_SNAPSHOT]) {
		fwc_fail("the snapshot is the roce_adp module's: over fwctl every read asks the device");
		fwc_end(q.dump, EOPNOTSUPP);
		return;
	}
	name = fwc_str(q.tb[ROCE_ADP_A_DEV_NAME]);
	if (q.dump && op->cmd == ROCE_ADP_CMD_MPT_GET) {
		err = fwc_dump_start(&q, name);
		if (err)
			fwc_end(true, -err);
		return;
	}
	if (!name && q.dump) {
		for (i = 0; i < fwc_ndevs; i++)
			fwc_one(op, &fwc_devs[i], &q, true);
		fwc_why[0] = '\0';
		fwc_end(true, 0);
		return;
	}
	if (!name) {
		fwc_fail("a device is required");
		fwc_end(q.dump, EINVAL);
		return;
	}
	d = fwc_find(name);
	if (!d) {
		fwc_fail("no such device");
		err = -ENODEV;
	} else {
		err = fwc_one(op, d, &q, false);
	}
	if (!err)
		fwc_why[0] = '\0';
	fwc_end(q.dump, -err);
}

static void fwc_reset(void)
{
	while (fwc_next < fwc_nreplies)
		nlmsg_free(fwc_replies[fwc_next++]);
	fwc_nreplies = fwc_next = 0;
}

/* Transport, send: the whole answer is made here, then read. */
static int fwc_send(struct nl_sock *sk, struct nl_msg *msg)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);

	(void)sk;
	fwc_reset();
	fwc_dump.active = false;
	fwc_seq = nlh->nlmsg_seq;
	fwc_pid = nlh->nlmsg_pid;
	fwc_answer(nlh);
	return nlh->nlmsg_len;
}

/* Transport, receive: one message a read; 0 once the answer is read. */
static int fwc_recv(struct nl_sock *sk, struct sockaddr_nl *addr,
		    unsigned char **buf, struct ucred **creds)
{
	struct nlmsghdr *nlh;
	int len;

	(void)sk;
	(void)creds;
	if (fwc_next >= fwc_nreplies) {
		fwc_reset();
		if (fwc_dump.active)
			fwc_dump_more();
		if (!fwc_nreplies)
			return 0;
	}
	nlh = nlmsg_hdr(fwc_replies[fwc_next]);
	len = nlh->nlmsg_len;
	*buf = malloc(len);
	if (!*buf)
		return -NLE_NOMEM;
	memcpy(*buf, nlh, len);
	nlmsg_free(fwc_replies[fwc_next++]);
	memset(addr, 0, sizeof(*addr));
	addr->nl_family = AF_NETLINK;
	return len;
}

int adp_fwctl_attach(struct nl_sock *sk)
{
	struct nl_cb *cb = nl_socket_get_cb(sk);

	if (!cb)
		return -ENOMEM;
	nl_cb_overwrite_send(cb, fwc_send);
	nl_cb_overwrite_recv(cb, fwc_recv);
	nl_cb_put(cb);
	return FWC_FAMILY;
}
