// SPDX-License-Identifier: GPL-2.0
/*
 * fwctl.c's mailboxes against a mocked FWCTL_RPC: the bytes and scope of
 * each command adpctl sends over /dev/fwctl, the capabilities it reads
 * and the answers it decodes. Expected bytes are written from upstream
 * include/linux/mlx5/mlx5_ifc.h positions (bit offsets quoted), never from
 * the project's codec. TAP.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <sys/ioctl.h>

/* fwctl.c's static functions are the unit: its ioctl() is the mock's. */
#define ioctl fwc_mock_ioctl
int fwc_mock_ioctl(int fd, unsigned long req, ...);
#include "../fwctl.c"
#undef ioctl

#include "tap.h"

#define MOCK_BOX_MAX	0x1100

/* What the mock saw of the last FWCTL_RPC, and how it answers. */
static struct {
	unsigned int calls;
	struct fwctl_rpc rpc;
	u8 in[MOCK_BOX_MAX];
	int fail_errno;			/* the ioctl fails with it */
	u8 status;			/* else the outbox's status */
	u8 answer[MOCK_BOX_MAX];	/* and its bytes from 0x10 on */
} mock;

int fwc_mock_ioctl(int fd, unsigned long req, ...)
{
	struct fwctl_rpc *rpc;
	va_list ap;

	(void)fd;
	va_start(ap, req);
	rpc = va_arg(ap, struct fwctl_rpc *);
	va_end(ap);
	if (req != FWCTL_RPC)
		return -1;
	mock.calls++;
	mock.rpc = *rpc;
	if (rpc->in_len <= MOCK_BOX_MAX)
		memcpy(mock.in, (void *)(uintptr_t)rpc->in, rpc->in_len);
	if (mock.fail_errno) {
		errno = mock.fail_errno;
		return -1;
	}
	if (rpc->out_len > 0x10 && rpc->out_len <= MOCK_BOX_MAX)
		memcpy((u8 *)(uintptr_t)rpc->out + 0x10, mock.answer + 0x10,
		       rpc->out_len - 0x10);
	((u8 *)(uintptr_t)rpc->out)[0] = mock.status;
	return 0;
}

/* A TAP diagnostic; false, the case's outcome. */
static bool diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static bool diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	return false;
}

/* A function whose fwctl file is open (fd 1000: only the mock sees it). */
static struct fwc_dev *mock_dev(void)
{
	static struct fwc_dev d;

	memset(&d, 0, sizeof(d));
	memset(&mock, 0, sizeof(mock));
	snprintf(d.name, sizeof(d.name), "0000:00:10.0");
	d.fd = 1000;
	return &d;
}

static bool bytes_eq(const char *what, const u8 *got, const u8 *want,
		     size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (got[i] != want[i]) {
			return diag("%s: byte 0x%zx is 0x%02x, expected 0x%02x",
				    what, i, got[i], want[i]);
		}
	}
	return true;
}

static bool u_eq(const char *what, unsigned long long got,
		 unsigned long long want)
{
	if (got == want)
		return true;
	return diag("%s: 0x%llx, expected 0x%llx", what, got, want);
}

/*
 * access_register_in: opcode bits 0x0-0xf (0x805), op_mod 0x30-0x3f
 * (1 query, 0 write), register_id 0x50-0x5f, the register from byte 0x10.
 */
static bool test_access_reg_query(void)
{
	struct fwc_dev *d = mock_dev();
	u8 reg[0x80] = { [0] = 0xa5, [0x7f] = 0x5a }, out[0x80];
	const u8 hdr[0x10] = { 0x08, 0x05, 0, 0, 0, 0, 0x00, 0x01,
			       0, 0, 0x40, 0x2c, 0, 0, 0, 0 };

	mock.answer[0x10 + 3] = 0x77;
	if (fwc_access_reg(d, 0x402c, false, reg, out, sizeof(reg), NULL))
		return diag("query failed: %s", fwc_why);
	return u_eq("calls", mock.calls, 1) &&
	       u_eq("scope", mock.rpc.scope, FWCTL_RPC_DEBUG_READ_ONLY) &&
	       u_eq("in_len", mock.rpc.in_len, 0x90) &&
	       u_eq("out_len", mock.rpc.out_len, 0x90) &&
	       bytes_eq("header", mock.in, hdr, sizeof(hdr)) &&
	       bytes_eq("register sent", mock.in + 0x10, reg, sizeof(reg)) &&
	       u_eq("register read", out[3], 0x77);
}

static bool test_access_reg_write(void)
{
	struct fwc_dev *d = mock_dev();
	u8 reg[0x80] = { [4] = 0x81 };
	const u8 hdr[0x10] = { 0x08, 0x05, 0, 0, 0, 0, 0x00, 0x00,
			       0, 0, 0xc0, 0x1d, 0, 0, 0, 0 };

	if (fwc_access_reg(d, 0xc01d, true, reg, NULL, sizeof(reg), NULL))
		return diag("write failed: %s", fwc_why);
	return u_eq("scope", mock.rpc.scope, FWCTL_RPC_CONFIGURATION) &&
	       bytes_eq("header", mock.in, hdr, sizeof(hdr)) &&
	       u_eq("register byte 4", mock.in[0x14], 0x81);
}

/* A firmware status is the module's errno and text (radp_status.c). */
static bool test_status_and_refusal(void)
{
	struct fwc_dev *d = mock_dev();
	u8 reg[0x80] = {};
	int err;

	mock.status = 0x08;	/* LIM */
	err = fwc_access_reg(d, 0x402c, false, reg, reg, sizeof(reg), NULL);
	if (!u_eq("errno of LIM", err != 0, 1) ||
	    !u_eq("message", !strcmp(fwc_why, "firmware status LIM (0x08), syndrome 0x00000000"), 1))
		return diag("got %d \"%s\"", err, fwc_why);
	mock.status = 0;
	mock.fail_errno = EBADMSG;
	err = fwc_access_reg(d, 0x402c, true, reg, NULL, sizeof(reg), NULL);
	return u_eq("errno of a refused scope", -err, EBADMSG) &&
	       u_eq("message", !strcmp(fwc_why, "fwctl refused ACCESS_REG write of register 0x402c at the configuration scope"), 1);
}

/*
 * query_hca_cap_in: opcode 0x100, op_mod 1 (MLX5_CAP_GENERAL << 1 |
 * HCA_CAP_OPMOD_GET_CUR); the out's capability from byte 0x10: in
 * cmd_hca_cap roce_accl is bit 0x149, log_max_mkey bits 0xea-0xef.
 */
static bool test_caps(void)
{
	struct fwc_dev *d = mock_dev();
	const u8 hdr[8] = { 0x01, 0x00, 0, 0, 0, 0, 0x00, 0x01 };

	mock.answer[0x10 + 0x149 / 8] = 0x80 >> (0x149 % 8);
	mock.answer[0x10 + 0xea / 8] = 5;	/* bits 0xea-0xef: byte 0x1d */
	if (fwc_caps(d))
		return diag("caps failed: %s", fwc_why);
	if (!(u_eq("scope", mock.rpc.scope, FWCTL_RPC_CONFIGURATION) &&
	      u_eq("in_len", mock.rpc.in_len, 0x10) &&
	      u_eq("out_len", mock.rpc.out_len, 0x1010) &&
	      bytes_eq("header", mock.in, hdr, sizeof(hdr)) &&
	      u_eq("roce_accl", d->roce_accl, 1) &&
	      u_eq("mkey table", d->mpt_count, 32)))
		return false;
	/* read once a run */
	fwc_caps(d);
	return u_eq("calls", mock.calls, 1);
}

static bool test_no_roce_accl_sends_no_register(void)
{
	struct fwc_dev *d = mock_dev();
	struct radp_roce_accl r;
	int err;

	err = fwc_accl_query(d, 0, &r, NULL);
	return u_eq("errno", -err, EOPNOTSUPP) &&
	       u_eq("commands: the capabilities only", mock.calls, 1) &&
	       u_eq("opcode sent", mock.in[0] << 8 | mock.in[1], 0x100) &&
	       u_eq("message", !strcmp(fwc_why, "device does not support ROCE_ACCL"), 1);
}

/*
 * query_mkey_in: opcode 0x201, mkey_index bits 0x48-0x5f (bytes 9-11);
 * query_mkey_out 0x130 bytes, the mkc at 0x10: in it mkey_7_0 bits
 * 0x38-0x3f (byte 7), pd 0x68-0x7f (bytes 0xd-0xf).
 */
static bool test_query_mkey(void)
{
	struct fwc_dev *d = mock_dev();
	const u8 hdr[0x10] = { 0x02, 0x01, 0, 0, 0, 0, 0, 0,
			       0, 0x00, 0x00, 0x1d, 0, 0, 0, 0 };
	struct radp_mpt m;

	d->caps_read = true;
	d->mpt_count = 32;
	mock.answer[0x10 + 7] = 0x42;
	mock.answer[0x10 + 0xf] = 7;
	if (fwc_mpt_query(d, 0x1d, &m))
		return diag("query failed: %s", fwc_why);
	if (!(u_eq("scope", mock.rpc.scope, FWCTL_RPC_DEBUG_READ_ONLY) &&
	      u_eq("in_len", mock.rpc.in_len, 0x10) &&
	      u_eq("out_len", mock.rpc.out_len, 0x130) &&
	      bytes_eq("inbox", mock.in, hdr, sizeof(hdr)) &&
	      u_eq("mem_key", m.mem_key, 0x1d42) && u_eq("pd", m.pd, 7)))
		return false;
	/* BAD_RES_STATE (0x09): no mkey there, an invalid entry */
	mock.status = 0x09;
	if (fwc_mpt_query(d, 3, &m) || fwc_why[0])
		return diag("empty index: \"%s\"", fwc_why);
	if (!u_eq("status", m.status, RADP_MPT_STATUS_INVALID))
		return false;
	/* beyond the table: nothing sent */
	mock.calls = 0;
	return u_eq("errno", -fwc_mpt_query(d, 32, &m), ERANGE) &&
	       u_eq("calls", mock.calls, 0);
}

/*
 * The running firmware's version (mlx5_fw_version_query()): MCQS of
 * component 0 (identifier bits 0x30-0x3f: 1, the boot image), then MCQI
 * of it: info_type bits 0x5b-0x5f (1, VERSION), data_size 0xb0-0xbf
 * (0x7c, mcqi_version's size); the version at bits 0x20-0x3f of the data,
 * which starts at byte 0x18.
 */
static bool test_fw_version(void)
{
	struct fwc_dev *d = mock_dev();
	const u8 mcqi[0x18] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01,
				0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x7c };
	const u8 hdr[0x10] = { 0x08, 0x05, 0, 0, 0, 0, 0x00, 0x01,
			       0, 0, 0x90, 0x61, 0, 0, 0, 0 };
	char fw[32];

	mock.answer[0x10 + 7] = 1;
	/* 28.39.2048 */
	mock.answer[0x10 + 0x18 + 4] = 28;
	mock.answer[0x10 + 0x18 + 5] = 39;
	mock.answer[0x10 + 0x18 + 6] = 0x08;
	mock.answer[0x10 + 0x18 + 7] = 0x00;
	if (fwc_fw_running(d, fw, sizeof(fw)))
		return diag("version query failed: %s", fwc_why);
	return u_eq("commands", mock.calls, 2) &&
	       u_eq("MCQI length", mock.rpc.in_len, 0x10 + 0x18 + 0x7c) &&
	       bytes_eq("MCQI header", mock.in, hdr, sizeof(hdr)) &&
	       bytes_eq("MCQI", mock.in + 0x10, mcqi, sizeof(mcqi)) &&
	       u_eq("version", !strcmp(fw, "28.39.2048"), 1);
}

TAP_MAIN({ "access_reg_query_mailbox", test_access_reg_query },
	 { "access_reg_write_mailbox", test_access_reg_write },
	 { "firmware_status_and_fwctl_refusal", test_status_and_refusal },
	 { "query_hca_cap_mailbox_and_caps", test_caps },
	 { "no_roce_accl_cap_no_register_sent", test_no_roce_accl_sends_no_register },
	 { "query_mkey_mailbox_and_decode", test_query_mkey },
	 { "firmware_version_mcqs_mcqi", test_fw_version })
