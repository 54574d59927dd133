// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * Golden vectors with a distinct value in every field, TAP output.
 *
 * The positions below are written from the PRM tables of the reference
 * (ROCE_ACCL, adp_retx_profile, timeout_range, hermonprm_mpt_st,
 * ADP_RETX_HISTOGRAM_CONFIG, ADP_RETX_HISTOGRAM) and from
 * struct mlx5_ifc_mkc_bits of upstream include/linux/mlx5/mlx5_ifc.h, not
 * from radp_fields[]: the expected bytes come from put() here, a bit setter
 * that shares nothing with the codec. The codec is only called through its
 * public API (radp_*_pack/unpack, radp_mkc_to_mpt).
 *
 * For each layout, three kinds of vector:
 *  - "distinct": every field holds a different, asymmetric value, so any
 *    two fields swapped, or a field shifted, change the bytes;
 *  - "walking": one field at its maximum, every other field 0 (a field
 *    moved, narrowed or swapped with a neighbour of the same width shows);
 *  - "hole": one field 0, every other field at its maximum (a field that
 *    spills into a neighbour, or is widened, shows).
 * Each vector is packed (the bytes must match) and unpacked (the decoded
 * struct must match).
 */
#include <stddef.h>

#include "radp_hist.h"
#include "radp_reg.h"
#include "radp_mpt.h"
#include "radp_mkc.h"
#include "tap.h"

#define DIRT	0xa5
#define MAX_LEN	0x80

/* Big-endian dword at @byte, bits @hi..@lo (bit 0 least significant). */
static void put(u8 *buf, unsigned int byte, unsigned int hi, unsigned int lo,
		u32 val)
{
	u32 dw = (u32)buf[byte] << 24 | (u32)buf[byte + 1] << 16 |
		 (u32)buf[byte + 2] << 8 | buf[byte + 3];
	u32 mask = hi - lo == 31 ? 0xffffffffu : ((1u << (hi - lo + 1)) - 1) << lo;

	dw = (dw & ~mask) | ((val << lo) & mask);
	buf[byte] = dw >> 24;
	buf[byte + 1] = dw >> 16;
	buf[byte + 2] = dw >> 8;
	buf[byte + 3] = dw;
}

static u32 width_max(unsigned int hi, unsigned int lo)
{
	return hi - lo == 31 ? 0xffffffffu : (1u << (hi - lo + 1)) - 1;
}

/*
 * One field: where the reference puts it, and which member of the decoded
 * struct holds it (bits @shift and up of a u32 or u64 member).
 */
struct gfield {
	const char *name;
	u16 byte;
	u8 hi, lo;
	u16 moff;
	u8 msize;
	u8 shift;
	bool key;	/* mem_key: the entry holds {key[7:0], key[31:8]} */
};

#define ACCL(_n, _b, _hi, _lo, _m, _s) \
	{ _n, _b, _hi, _lo, offsetof(struct radp_roce_accl, _m), 4, _s, false }
#define PROF(_n, _b, _hi, _lo, _m) \
	{ _n, 0x10 + (_b), _hi, _lo, \
	  offsetof(struct radp_roce_accl, profile._m), 4, 0, false }
#define RANGE(_r, _n, _hi, _lo, _m) \
	PROF("timeout_range[" #_r "]." _n, 0x08 + 4 * (_r), _hi, _lo, range[_r]._m)
#define RANGE_FIELDS(_r) \
	RANGE(_r, "prev_range_index", 30, 28, prev_range_index), \
	RANGE(_r, "dec_mode", 27, 26, dec_mode), \
	RANGE(_r, "timeout_retry_num", 25, 16, timeout_retry_num), \
	RANGE(_r, "range_low_bound", 15, 8, range_low_bound), \
	RANGE(_r, "range_size", 7, 0, range_size)

/*
 * ROCE_ACCL, register 0x402C: the profile from byte 0x10. All 13 selects
 * of dword 0x00; in the decoded struct bit i of field_select is feature
 * i's select (features[i] below), so a select lands on its feature's bit.
 */
static const struct gfield accl_fields[] = {
	ACCL("roce_adp_retrans_field_select", 0x00, 0, 0, field_select, 0),
	ACCL("roce_tx_window_field_select", 0x00, 1, 1, field_select, 1),
	ACCL("roce_slow_restart_field_select", 0x00, 2, 2, field_select, 2),
	ACCL("roce_slow_restart_idle_field_select", 0x00, 3, 3, field_select, 3),
	ACCL("min_ack_timeout_limit_disabled_field_select", 0x00, 4, 4,
	     field_select, 4),
	ACCL("adaptive_routing_forced_en_field_select", 0x00, 5, 5,
	     field_select, 5),
	ACCL("selective_repeat_forced_en_field_select", 0x00, 6, 6,
	     field_select, 6),
	/* current firmware's selects (reference: mstflint's roce_accl_reg_ext) */
	ACCL("dc_half_handshake_en_field_select", 0x00, 7, 7, field_select, 7),
	ACCL("cc_per_plane_en_field_select", 0x00, 8, 8, field_select, 8),
	/* one select for ack_dscp_force and ack_dscp: see accl_fixup() */
	ACCL("ack_dscp_force_field_select", 0x00, 9, 9, field_select, 9),
	ACCL("cc_burst_size_select", 0x00, 10, 10, field_select, 11),
	ACCL("cc_probe_mp_mode_field_select", 0x00, 11, 11, field_select, 13),
	ACCL("ifa2_turn_around_select", 0x00, 27, 27, field_select, 12),
	ACCL("adp_retx_profile_select", 0x00, 28, 28, profile_select, 0),
	ACCL("roce_adp_retrans_en", 0x04, 0, 0, features[0], 0),
	ACCL("roce_tx_window_en", 0x04, 1, 1, features[1], 0),
	ACCL("roce_slow_restart_en", 0x04, 2, 2, features[2], 0),
	ACCL("roce_slow_restart_idle_en", 0x04, 3, 3, features[3], 0),
	ACCL("min_ack_timeout_limit_disabled", 0x04, 4, 4, features[4], 0),
	ACCL("adaptive_routing_forced_en", 0x04, 5, 5, features[5], 0),
	ACCL("selective_repeat_forced_en", 0x04, 6, 6, features[6], 0),
	/* current firmware's features (reference: mstflint's roce_accl_reg_ext) */
	ACCL("dc_half_handshake_en", 0x04, 7, 7, features[7], 0),
	ACCL("cc_per_plane_en", 0x04, 8, 8, features[8], 0),
	ACCL("ack_dscp_force", 0x04, 9, 9, features[9], 0),
	ACCL("ack_dscp", 0x04, 15, 10, features[10], 0),
	ACCL("cc_burst_size", 0x04, 26, 24, features[11], 0),
	ACCL("ifa2_turn_around_en", 0x04, 27, 27, features[12], 0),
	ACCL("cc_probe_mp_mode", 0x08, 21, 20, features[13], 0),
	ACCL("adp_retx_profile_id", 0x04, 30, 28, profile_id, 0),
	ACCL("adp_retx_base_timeout_min", 0x08, 19, 0, base_timeout_min, 0),
	ACCL("adp_retx_profile_max_id", 0x08, 26, 24, profile_max_id, 0),
	ACCL("adp_retx_profile_max_range_num", 0x08, 30, 28,
	     profile_max_range_num, 0),
	PROF("qp_total_timeout", 0x00, 31, 31, qp_total_timeout),
	PROF("range_num", 0x00, 30, 28, range_num),
	PROF("start_range_index", 0x00, 26, 24, start_range_index),
	PROF("time_unit", 0x00, 23, 22, time_unit),
	PROF("time_base", 0x00, 15, 0, time_base),
	PROF("retx_total_timeout", 0x04, 31, 24, retx_total_timeout),
	PROF("timeout_init_low_bound", 0x04, 15, 8, timeout_init_low_bound),
	PROF("timeout_init_range_size", 0x04, 7, 0, timeout_init_range_size),
	RANGE_FIELDS(0), RANGE_FIELDS(1), RANGE_FIELDS(2), RANGE_FIELDS(3),
};

#define MPT(_n, _b, _hi, _lo, _m) \
	{ _n, _b, _hi, _lo, offsetof(struct radp_mpt, _m), \
	  sizeof(((struct radp_mpt *)0)->_m), 0, false }
#define MPT_H(_n, _b, _hi, _lo, _m) \
	{ _n, _b, _hi, _lo, offsetof(struct radp_mpt, _m), 8, 32, false }

/*
 * hermonprm_mpt_st: in its little-endian listing the first field takes
 * bit 0 of a dword, and 32 bits of listing make one dword.
 */
static const struct gfield mpt_fields[] = {
	MPT("r_w", 0x00, 8, 8, r_w),
	MPT("pa", 0x00, 9, 9, pa),
	MPT("lr", 0x00, 10, 10, lr),
	MPT("lw", 0x00, 11, 11, lw),
	MPT("rr", 0x00, 12, 12, rr),
	MPT("rw", 0x00, 13, 13, rw),
	MPT("atomic", 0x00, 14, 14, atomic),
	MPT("eb", 0x00, 15, 15, eb),
	MPT("atc_req", 0x00, 16, 16, atc_req),
	MPT("atc_xlated", 0x00, 17, 17, atc_xlated),
	MPT("no_snoop", 0x00, 19, 19, no_snoop),
	MPT("status", 0x00, 31, 28, status),
	MPT("bqp", 0x04, 7, 7, bqp),
	MPT("qpn", 0x04, 31, 8, qpn),
	{ "mem_key", 0x08, 31, 0, offsetof(struct radp_mpt, mem_key), 4, 0, true },
	MPT("pd", 0x0c, 23, 0, pd),
	MPT("en_rinv", 0x0c, 24, 24, en_rinv),
	MPT("ei", 0x0c, 25, 25, ei),
	MPT("nce", 0x0c, 26, 26, nce),
	MPT("fre", 0x0c, 27, 27, fre),
	MPT("rae", 0x0c, 28, 28, rae),
	MPT("w_dif", 0x0c, 29, 29, w_dif),
	MPT("m_dif", 0x0c, 30, 30, m_dif),
	MPT_H("start_addr_h", 0x10, 31, 0, start_addr),
	MPT("start_addr_l", 0x14, 31, 0, start_addr),
	MPT_H("len_h", 0x18, 31, 0, len),
	MPT("len_l", 0x1c, 31, 0, len),
	MPT("lkey", 0x20, 31, 0, lkey),
	MPT("win_cnt", 0x24, 23, 0, win_cnt),
	MPT("mtt_rep", 0x28, 3, 0, mtt_rep),
	MPT("block_mode", 0x28, 21, 21, block_mode),
	MPT("len64", 0x28, 22, 22, len64),
	MPT("fbo_en", 0x28, 23, 23, fbo_en),
	MPT_H("mtt_adr_h", 0x2c, 7, 0, mtt_adr),
	MPT("mtt_adr_l", 0x30, 31, 0, mtt_adr),
	MPT("mtt_size", 0x34, 31, 0, mtt_size),
	MPT("entity_size", 0x38, 20, 0, entity_size),
	MPT("mtt_fbo", 0x3c, 20, 0, mtt_fbo),
};

struct glayout {
	const char *name;
	unsigned int len;
	const struct gfield *f;
	unsigned int n;
	size_t objsize;
	void (*pack)(void *buf, const void *obj);
	void (*unpack)(const void *buf, void *obj);
	void (*fixup)(void *obj);	/* what unpack adds beyond the fields */
};

#define HCFG(_n, _b, _hi, _lo) \
	{ #_n, _b, _hi, _lo, offsetof(struct radp_hist_config, _n), 4, 0, false }

/* ADP_RETX_HISTOGRAM_CONFIG, register 0xC01D. */
static const struct gfield hist_config_fields[] = {
	HCFG(count_enable, 0x00, 31, 31),
	HCFG(clear_on_read, 0x00, 30, 30),
	HCFG(vhca_id_valid, 0x00, 29, 29),
	HCFG(time_unit, 0x00, 27, 26),
	HCFG(bin_width_mode, 0x00, 25, 24),
	HCFG(time_unit_cap, 0x00, 23, 20),
	HCFG(bin_num, 0x04, 31, 24),
	HCFG(bin_num_max, 0x04, 23, 16),
	HCFG(vhca_id, 0x04, 15, 0),
	HCFG(bin0_width, 0x08, 31, 16),
	HCFG(bin1_width, 0x08, 15, 0),
};

static void hist_config_pack(void *buf, const void *obj)
{
	radp_hist_config_pack(buf, obj);
}

static void hist_config_unpack(const void *buf, void *obj)
{
	radp_hist_config_unpack(buf, obj);
}

static void accl_pack(void *buf, const void *obj)
{
	radp_roce_accl_pack(buf, obj);
}

static void accl_unpack(const void *buf, void *obj)
{
	radp_roce_accl_unpack(buf, obj);
}

/*
 * ack_dscp_force_field_select guards ack_dscp_force (feature 9) and
 * ack_dscp (feature 10): unpack gives it to both.
 */
static void accl_fixup(void *obj)
{
	struct radp_roce_accl *r = obj;

	if (r->field_select & 1u << 9)
		r->field_select |= 1u << 10;
}

static void mpt_pack(void *buf, const void *obj)
{
	radp_mpt_pack(buf, obj);
}

static void mpt_unpack(const void *buf, void *obj)
{
	radp_mpt_unpack(buf, obj);
}

static void mpt_fixup(void *obj)
{
	((struct radp_mpt *)obj)->present = RADP_MPT_ALL;
}

static const struct glayout layouts[] = {
	{ "roce_accl", 0x80, accl_fields, ARRAY_SIZE(accl_fields),
	  sizeof(struct radp_roce_accl), accl_pack, accl_unpack, accl_fixup },
	{ "mpt", 0x40, mpt_fields, ARRAY_SIZE(mpt_fields),
	  sizeof(struct radp_mpt), mpt_pack, mpt_unpack, mpt_fixup },
	{ "adp_retx_histogram_config", 0x80, hist_config_fields,
	  ARRAY_SIZE(hist_config_fields), sizeof(struct radp_hist_config),
	  hist_config_pack, hist_config_unpack, NULL },
};

/* Field @i's value in the "distinct" vector: asymmetric, top bit set. */
static u32 distinct(unsigned int i, const struct gfield *f)
{
	u32 max = width_max(f->hi, f->lo);
	u32 v = (0x9e3779b9u * (i + 1)) ^ (0x01010101u << (i % 8));

	v &= max;
	v |= (max >> 1) + 1;		/* the field's top bit */
	if (f->hi > f->lo)
		v &= ~1u;		/* and not its bottom bit */
	return v;
}

static void member_or(void *obj, const struct gfield *f, u32 val)
{
	char *p = (char *)obj + f->moff;

	if (f->key)		/* the entry's value back to the key */
		val = val << 8 | val >> 24;
	if (f->msize == 8)
		*(u64 *)p |= (u64)val << f->shift;
	else
		*(u32 *)p |= val << f->shift;
}

static u32 member_field(const void *obj, const struct gfield *f)
{
	const char *p = (const char *)obj + f->moff;
	u64 v = f->msize == 8 ? *(const u64 *)p : *(const u32 *)p;
	u32 val = (u32)(v >> f->shift) & width_max(f->hi, f->lo);

	if (f->key)
		val = val << 24 | val >> 8;
	return val;
}

/* Build bytes and struct with @val(i) in field i; then check the codec. */
static void check_vector(const struct glayout *l, const char *what,
			 const u32 *val)
{
	union { u8 b[MAX_LEN]; u32 align; } exp, got;
	union { u8 b[sizeof(struct radp_mpt) + sizeof(struct radp_roce_accl)];
		u64 align; } obj, dec;
	bool ok_pack, ok_unpack = true;
	unsigned int i;

	memset(exp.b, 0, sizeof(exp.b));
	memset(obj.b, 0, sizeof(obj.b));
	for (i = 0; i < l->n; i++) {
		put(exp.b, l->f[i].byte, l->f[i].hi, l->f[i].lo, val[i]);
		member_or(obj.b, &l->f[i], val[i]);
	}
	if (l->fixup)
		l->fixup(obj.b);

	memset(got.b, DIRT, sizeof(got.b));
	l->pack(got.b, obj.b);
	ok_pack = tap_same_bytes(exp.b, got.b, l->len);

	memset(dec.b, DIRT, sizeof(dec.b));
	l->unpack(exp.b, dec.b);
	for (i = 0; i < l->n; i++) {
		u32 g = member_field(dec.b, &l->f[i]);

		if (g != val[i]) {
			tap_diag("unpack: %s: expected 0x%x, got 0x%x",
				 l->f[i].name, val[i], g);
			ok_unpack = false;
		}
	}
	if (ok_unpack && memcmp(obj.b, dec.b, l->objsize)) {
		tap_diag("unpack: a member outside the fields differs");
		ok_unpack = false;
	}
	tap_result(ok_pack && ok_unpack, "golden: %s %s: pack%s, unpack%s",
		   l->name, what, ok_pack ? "" : " WRONG",
		   ok_unpack ? "" : " WRONG");
}

static void test_layout(const struct glayout *l)
{
	u32 val[64];
	char what[96];
	unsigned int i, j;

	for (i = 0; i < l->n; i++)
		val[i] = distinct(i, &l->f[i]);
	check_vector(l, "distinct value in every field", val);

	for (i = 0; i < l->n; i++) {
		for (j = 0; j < l->n; j++)
			val[j] = j == i ? width_max(l->f[j].hi, l->f[j].lo) : 0;
		snprintf(what, sizeof(what), "walking %s", l->f[i].name);
		check_vector(l, what, val);
		for (j = 0; j < l->n; j++)
			val[j] = j == i ? 0 : width_max(l->f[j].hi, l->f[j].lo);
		snprintf(what, sizeof(what), "hole at %s", l->f[i].name);
		check_vector(l, what, val);
	}
}

/*
 * The mkey context, as upstream's struct mlx5_ifc_mkc_bits places its
 * fields: a bit offset from the start, most significant bit first.
 */
static void put_ifc(u8 *mkc, unsigned int bit, unsigned int width, u32 val)
{
	unsigned int hi = 31 - bit % 32;

	put(mkc, bit / 32 * 4, hi, hi - width + 1, val);
}

static bool mpt_equal(const struct radp_mpt *exp, const struct radp_mpt *got)
{
	unsigned int i;
	bool same = true;

	for (i = 0; i < ARRAY_SIZE(mpt_fields); i++) {
		u32 e = member_field(exp, &mpt_fields[i]);
		u32 g = member_field(got, &mpt_fields[i]);

		if (e != g) {
			tap_diag("%s: expected 0x%x, got 0x%x",
				 mpt_fields[i].name, e, g);
			same = false;
		}
	}
	if (exp->present != got->present) {
		tap_diag("present: expected 0x%llx, got 0x%llx",
			 (unsigned long long)exp->present,
			 (unsigned long long)got->present);
		same = false;
	}
	return same;
}

#define P(fld)	RADP_MPT_BIT(RADP_MPT_##fld)
#define MKC_PRESENT (P(PA) | P(LR) | P(LW) | P(RR) | P(RW) | P(ATOMIC) | \
		     P(STATUS) | P(BQP) | P(QPN) | P(MEM_KEY) | P(PD) | \
		     P(EN_RINV) | P(FRE) | P(START_ADDR_H) | P(LEN_H) | \
		     P(LEN64))

/* The mapping with a distinct value in every mkey context field it reads. */
static void test_mkc_distinct(void)
{
	union { u8 b[0x40]; u32 align; } mkc;
	struct radp_mpt exp, got;

	memset(mkc.b, 0, sizeof(mkc.b));
	put_ifc(mkc.b, 0x001, 1, 1);			/* free */
	put_ifc(mkc.b, 0x003, 3, 0);			/* access_mode_4_2 */
	put_ifc(mkc.b, 0x016, 2, 1);			/* access_mode_1_0: MTT */
	put_ifc(mkc.b, 0x020, 24, 0x123456);		/* qpn */
	put_ifc(mkc.b, 0x038, 8, 0x9a);			/* mkey_7_0 */
	put_ifc(mkc.b, 0x060, 1, 1);			/* length64 */
	put_ifc(mkc.b, 0x068, 24, 0xabcdef);		/* pd */
	put_ifc(mkc.b, 0x080, 32, 0x01020304);		/* start_addr */
	put_ifc(mkc.b, 0x0a0, 32, 0x05060708);
	put_ifc(mkc.b, 0x0c0, 32, 0x1112131a);		/* len */
	put_ifc(mkc.b, 0x0e0, 32, 0x15161718);
	put_ifc(mkc.b, 0x1a0, 32, 0x00c0ffee);		/* translations_octword_size */
	put_ifc(mkc.b, 0x1da, 6, 0x2c);			/* log_page_size */

	memset(&exp, 0, sizeof(exp));
	exp.present = MKC_PRESENT | P(MTT_SIZE) | P(ENTITY_SIZE);
	exp.status = 0x3;				/* free */
	exp.qpn = 0x123456;
	exp.bqp = 1;
	exp.mem_key = 0x5a5a5a << 8 | 0x9a;
	exp.pd = 0xabcdef;
	exp.len64 = 1;
	exp.start_addr = 0x0102030405060708ULL;
	exp.len = 0x1112131a15161718ULL;
	exp.mtt_size = 0x00c0ffee * 2;
	exp.entity_size = 0x2c;

	memset(&got, DIRT, sizeof(got));
	radp_mkc_to_mpt(mkc.b, 0x5a5a5a, &got);
	tap_result(mpt_equal(&exp, &got),
		   "golden: mkc distinct value in every field maps to the MPT");
}

/* Each access bit of the mkey context alone, in PA mode. */
static void test_mkc_walking(void)
{
	static const struct {
		const char *name;
		unsigned int bit;
		size_t moff;
	} bits[] = {
		{ "umr_en", 0x010, offsetof(struct radp_mpt, fre) },
		{ "a", 0x011, offsetof(struct radp_mpt, atomic) },
		{ "rw", 0x012, offsetof(struct radp_mpt, rw) },
		{ "rr", 0x013, offsetof(struct radp_mpt, rr) },
		{ "lw", 0x014, offsetof(struct radp_mpt, lw) },
		{ "lr", 0x015, offsetof(struct radp_mpt, lr) },
		{ "en_rinval", 0x067, offsetof(struct radp_mpt, en_rinv) },
		{ "length64", 0x060, offsetof(struct radp_mpt, len64) },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bits); i++) {
		union { u8 b[0x40]; u32 align; } mkc;
		struct radp_mpt exp, got;

		memset(mkc.b, 0, sizeof(mkc.b));
		put_ifc(mkc.b, bits[i].bit, 1, 1);
		put_ifc(mkc.b, 0x020, 24, 0xffffff);	/* bound to no QP */
		memset(&exp, 0, sizeof(exp));
		exp.present = MKC_PRESENT;
		exp.pa = 1;
		exp.qpn = 0xffffff;
		exp.mem_key = 7 << 8;
		*(u32 *)((char *)&exp + bits[i].moff) = 1;

		memset(&got, DIRT, sizeof(got));
		radp_mkc_to_mpt(mkc.b, 7, &got);
		tap_result(mpt_equal(&exp, &got),
			   "golden: mkc walking %s maps to its MPT field",
			   bits[i].name);
	}
}

/*
 * ADP_RETX_HISTOGRAM, register 0xC01E: bin_num in dword 0x00 bits 31:24,
 * then from byte 0x10 one 64-bit counter per bin, high dword first. For
 * 1, 3 and 255 bins, distinct counts (every byte of each different) read
 * from bytes put here, and written back to the same bytes.
 */
static void test_hist(void)
{
	static const unsigned int nums[] = { 1, 3, 255 };
	static u8 exp[0x10 + 8 * 255], got[sizeof(exp)];
	unsigned int k, i;

	for (k = 0; k < ARRAY_SIZE(nums); k++) {
		unsigned int n = nums[k], len = 0x10 + 8 * n;
		bool ok_get = true, ok_set;

		memset(exp, 0, sizeof(exp));
		put(exp, 0x00, 31, 24, n);
		for (i = 0; i < n; i++) {
			u64 c = 0x8000000000000001ULL ^
				((u64)(0x9e3779b9u * (i + 1)) << 24) ^ i;

			put(exp, 0x10 + 8 * i, 31, 0, c >> 32);
			put(exp, 0x10 + 8 * i + 4, 31, 0, (u32)c);
			if (radp_hist_bin_get(exp, i) != c) {
				tap_diag("bin %u: expected 0x%llx, got 0x%llx",
					 i, (unsigned long long)c,
					 (unsigned long long)radp_hist_bin_get(exp, i));
				ok_get = false;
			}
		}
		if (radp_hist_bin_num(exp) != n) {
			tap_diag("bin_num: expected %u, got %u", n,
				 radp_hist_bin_num(exp));
			ok_get = false;
		}
		memset(got, 0, sizeof(got));
		radp_set(got, RADP_HIST_BIN_NUM, n);
		for (i = 0; i < n; i++)
			radp_hist_bin_set(got, i, radp_hist_bin_get(exp, i));
		ok_set = tap_same_bytes(exp, got, len);
		tap_result(ok_get && ok_set && RADP_HIST_LEN(n) == len,
			   "golden: adp_retx_histogram %u bins: read%s, write%s, length 0x%x",
			   n, ok_get ? "" : " WRONG", ok_set ? "" : " WRONG",
			   (unsigned int)RADP_HIST_LEN(n));
	}
}

int main(void)
{
	unsigned int i;

	tap_start();
	for (i = 0; i < ARRAY_SIZE(layouts); i++)
		test_layout(&layouts[i]);
	test_mkc_distinct();
	test_mkc_walking();
	test_hist();
	return tap_end();
}
