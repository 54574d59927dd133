// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * Unit tests of the register codec (radp_reg.c), TAP output.
 *
 * Every expected byte below is written out by hand from the PRM layout
 * (big-endian dwords, "04h 30:28" = bits 30..28 of the dword at byte 4);
 * none is computed with the code under test or read from radp_fields[].
 * A field's row gives the offset of its dword and that dword's four bytes
 * with the field at its maximum, at the two alternating bit patterns
 * (1010... and 0101..., from the field's top bit) and cleared in a layout
 * where every other field is at its maximum.
 */
#include <stddef.h>

#include "radp_reg.h"
#include "tap.h"
#include "sample_profile.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* The sizes and offsets of the reference, independent of the headers. */
#define ACCL_LEN	0x80
#define PROF_LEN	0x30
#define HDR_LEN		0x10
#define ACCL_PROF_OFF	0x10	/* adp_retx_profile inside ROCE_ACCL */
#define GUARD		16	/* bytes after a buffer that must stay intact */
#define DIRT		0xa5	/* what buffers and structs hold before a call */

/* Buffers the codec reads and writes as big-endian u32: keep them aligned. */
union buf {
	u8 b[ACCL_LEN + GUARD];
	u32 dw[(ACCL_LEN + GUARD) / 4];
};

/* ------------------------------------------------------------------ */
/* The decoded structs, member by member, for diagnostics.             */

struct member_name {
	const char *name;
	size_t off;		/* in struct radp_roce_accl */
};

#define AM(_name, _m)	{ _name, offsetof(struct radp_roce_accl, _m) }
#define RANGE_AM(_r)							\
	AM("timeout_range[" #_r "].prev_range_index",			\
	   profile.range[_r].prev_range_index),				\
	AM("timeout_range[" #_r "].dec_mode", profile.range[_r].dec_mode), \
	AM("timeout_range[" #_r "].timeout_retry_num",			\
	   profile.range[_r].timeout_retry_num),			\
	AM("timeout_range[" #_r "].range_low_bound",			\
	   profile.range[_r].range_low_bound),				\
	AM("timeout_range[" #_r "].range_size", profile.range[_r].range_size)

static const struct member_name accl_members[] = {
	AM("field_select", field_select),
	AM("roce_adp_retrans_en", features[0]),
	AM("roce_tx_window_en", features[1]),
	AM("roce_slow_restart_en", features[2]),
	AM("roce_slow_restart_idle_en", features[3]),
	AM("min_ack_timeout_limit_disabled", features[4]),
	AM("adaptive_routing_forced_en", features[5]),
	AM("selective_repeat_forced_en", features[6]),
	AM("dc_half_handshake_en", features[7]),
	AM("cc_per_plane_en", features[8]),
	AM("ack_dscp_force", features[9]),
	AM("ack_dscp", features[10]),
	AM("cc_burst_size", features[11]),
	AM("ifa2_turn_around_en", features[12]),
	AM("cc_probe_mp_mode", features[13]),
	AM("profile_select", profile_select),
	AM("profile_id", profile_id),
	AM("base_timeout_min", base_timeout_min),
	AM("profile_max_id", profile_max_id),
	AM("profile_max_range_num", profile_max_range_num),
	AM("qp_total_timeout", profile.qp_total_timeout),
	AM("range_num", profile.range_num),
	AM("start_range_index", profile.start_range_index),
	AM("time_unit", profile.time_unit),
	AM("time_base", profile.time_base),
	AM("retx_total_timeout", profile.retx_total_timeout),
	AM("timeout_init_low_bound", profile.timeout_init_low_bound),
	AM("timeout_init_range_size", profile.timeout_init_range_size),
	RANGE_AM(0), RANGE_AM(1), RANGE_AM(2), RANGE_AM(3),
};

/* Every member is listed (so compared): the structs are all u32. */
_Static_assert(ARRAY_SIZE(accl_members) * sizeof(u32) ==
	       sizeof(struct radp_roce_accl), "a member is missing");
_Static_assert(sizeof(struct radp_profile) == 28 * sizeof(u32),
	       "struct radp_profile changed");

#define PROF_IN_ACCL	offsetof(struct radp_roce_accl, profile)

static u32 *member(void *obj, size_t off)
{
	return (u32 *)((char *)obj + off);
}

/*
 * Compare two decoded objects: a struct radp_roce_accl (@base 0, @len its
 * size) or a struct radp_profile (@base PROF_IN_ACCL). Differences go to
 * the diagnostics.
 */
static bool same_members(const void *exp, const void *got, size_t base,
			 size_t len)
{
	bool same = true;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(accl_members); i++) {
		size_t off = accl_members[i].off;
		u32 e, g;

		if (off < base || off >= base + len)
			continue;
		e = *member((void *)exp, off - base);
		g = *member((void *)got, off - base);
		if (e != g) {
			tap_diag("%s: expected 0x%x, got 0x%x",
				 accl_members[i].name, e, g);
			same = false;
		}
	}
	return same;
}

/* ------------------------------------------------------------------ */
/* Golden layouts.                                                     */

/* adp_retx_profile with every field at its maximum, reserved bits 0. */
static const u8 prof_all_max[PROF_LEN] = {
	0xf7, 0xc0, 0xff, 0xff,		/* 00h */
	0xff, 0x00, 0xff, 0xff,		/* 04h */
	0x7f, 0xff, 0xff, 0xff,		/* 08h timeout_range[0] */
	0x7f, 0xff, 0xff, 0xff,		/* 0Ch timeout_range[1] */
	0x7f, 0xff, 0xff, 0xff,		/* 10h timeout_range[2] */
	0x7f, 0xff, 0xff, 0xff,		/* 14h timeout_range[3] */
};

/* ROCE_ACCL with every field at its maximum, reserved bits 0. */
static const u8 accl_all_max[ACCL_LEN] = {
	0x18, 0x00, 0x0f, 0xff,		/* 00h */
	0x7f, 0x00, 0xff, 0xff,		/* 04h */
	0x77, 0x3f, 0xff, 0xff,		/* 08h */
	0x00, 0x00, 0x00, 0x00,		/* 0Ch */
	0xf7, 0xc0, 0xff, 0xff,		/* 10h profile */
	0xff, 0x00, 0xff, 0xff,
	0x7f, 0xff, 0xff, 0xff,
	0x7f, 0xff, 0xff, 0xff,
	0x7f, 0xff, 0xff, 0xff,
	0x7f, 0xff, 0xff, 0xff,
};

/* adp_retx_profile with only its reserved bits set. */
static const u8 prof_reserved[PROF_LEN] = {
	0x08, 0x3f, 0x00, 0x00,
	0x00, 0xff, 0x00, 0x00,
	0x80, 0x00, 0x00, 0x00,
	0x80, 0x00, 0x00, 0x00,
	0x80, 0x00, 0x00, 0x00,
	0x80, 0x00, 0x00, 0x00,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

/* ROCE_ACCL with only its reserved bits set. */
static const u8 accl_reserved[ACCL_LEN] = {
	0xe7, 0xff, 0xf0, 0x00,
	0x80, 0xff, 0x00, 0x00,
	0x88, 0xc0, 0x00, 0x00,
	0xff, 0xff, 0xff, 0xff,
	0x08, 0x3f, 0x00, 0x00,		/* 10h profile */
	0x00, 0xff, 0x00, 0x00,
	0x80, 0x00, 0x00, 0x00,
	0x80, 0x00, 0x00, 0x00,
	0x80, 0x00, 0x00, 0x00,
	0x80, 0x00, 0x00, 0x00,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,	/* 28h */
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,	/* 40h */
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

#define RANGE_MAX { .prev_range_index = 7, .dec_mode = 3,		\
		    .timeout_retry_num = 0x3ff, .range_low_bound = 0xff,	\
		    .range_size = 0xff }

static const struct radp_roce_accl accl_max = {
	.field_select = 0x3fff,
	.features = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0x3f, 7, 1, 3 },
	.profile_select = 1,
	.profile_id = 7,
	.base_timeout_min = 0xfffff,
	.profile_max_id = 7,
	.profile_max_range_num = 7,
	.profile = {
		.qp_total_timeout = 1,
		.range_num = 7,
		.start_range_index = 7,
		.time_unit = 3,
		.time_base = 0xffff,
		.retx_total_timeout = 0xff,
		.timeout_init_low_bound = 0xff,
		.timeout_init_range_size = 0xff,
		.range = { RANGE_MAX, RANGE_MAX, RANGE_MAX, RANGE_MAX },
	},
};


static const u8 prof_real_bytes[PROF_LEN] = {
	0x41, 0x40, 0x00, 0x04,	/* range_num 4, start 1, usec, time_base 4 */
	0x16, 0x00, 0x02, 0x02,	/* retx_total 22, init low 2, size 2 */
	0x08, 0x03, 0x00, 0x02,	/* prev 0, TO_LOW_BOUND, 3 retries, 0, 2 */
	0x04, 0x02, 0x02, 0x03,	/* prev 0, TO_DIV_2, 2 retries, 2, 3 */
	0x10, 0x02, 0x05, 0x04,	/* prev 1, TO_DIV_4, 2 retries, 5, 4 */
	0x21, 0x2c, 0x09, 0x08,	/* prev 2, TO_DIV_4, 300 retries, 9, 8 */
};

/* A query answer: ADP and selective repeat configurable, ADP on. */
static const u8 accl_real_bytes[ACCL_LEN] = {
	0x10, 0x00, 0x00, 0x41,	/* profile_select, 2 field_selects */
	0x10, 0x00, 0x00, 0x01,	/* profile_id 1, roce_adp_retrans_en */
	0x41, 0x00, 0x0f, 0xa0,	/* max_range_num 4, max_id 1, 4000 ns */
	0x00, 0x00, 0x00, 0x00,
	0x41, 0x40, 0x00, 0x04,
	0x16, 0x00, 0x02, 0x02,
	0x08, 0x03, 0x00, 0x02,
	0x04, 0x02, 0x02, 0x03,
	0x10, 0x02, 0x05, 0x04,
	0x21, 0x2c, 0x09, 0x08,
};

/* ------------------------------------------------------------------ */
/* One row per field.                                                  */

enum layout { L_ACCL, L_PROF, L_HDR };

static const size_t layout_len[] = {
	[L_ACCL] = ACCL_LEN, [L_PROF] = PROF_LEN, [L_HDR] = HDR_LEN,
};

struct fvec {
	const char *name;
	enum radp_fld fld;
	enum layout layout;
	int range;		/* timeout_range index, or -1 */
	u16 base;		/* where radp_get/set's buffer starts */
	u16 moff;		/* member: in radp_roce_accl or radp_profile */
	u8 shift;		/* the member's bit, for bit masks */
	u32 mbits;		/* a select: the field_select bits it sets */
	u16 off;		/* the field's dword */
	u32 max, mixa, mixb;	/* mixa 0: a one-bit field */
	u8 gmax[4], gmixa[4], gmixb[4], gclr[4];
};

#define B(a, b, c, d)	{ 0x##a, 0x##b, 0x##c, 0x##d }

#define ACCL_BIT(_n, _f, _m, _bit, _off, _gmax, _gclr)			\
	{ .name = _n, .fld = _f, .layout = L_ACCL, .range = -1,		\
	  .moff = offsetof(struct radp_roce_accl, _m), .shift = _bit,	\
	  .off = _off, .max = 1, .gmax = _gmax, .gclr = _gclr }
/* A select: the bits of field_select (feature i: bit i) it stands for. */
#define ACCL_SEL(_n, _f, _mbits, _gmax, _gclr)				\
	{ .name = _n, .fld = _f, .layout = L_ACCL, .range = -1,		\
	  .moff = offsetof(struct radp_roce_accl, field_select),	\
	  .mbits = _mbits, .off = 0x00, .max = 1, .gmax = _gmax,	\
	  .gclr = _gclr }
#define ACCL_FLD(_n, _f, _m, _off, _max, _mixa, _mixb, _gmax, _gmixa,	\
		 _gmixb, _gclr)						\
	{ .name = _n, .fld = _f, .layout = L_ACCL, .range = -1,		\
	  .moff = offsetof(struct radp_roce_accl, _m), .off = _off,	\
	  .max = _max, .mixa = _mixa, .mixb = _mixb, .gmax = _gmax,	\
	  .gmixa = _gmixa, .gmixb = _gmixb, .gclr = _gclr }
#define PROF_FLD(_n, _f, _m, _off, _max, _mixa, _mixb, _gmax, _gmixa,	\
		 _gmixb, _gclr)						\
	{ .name = _n, .fld = _f, .layout = L_PROF, .range = -1,		\
	  .moff = offsetof(struct radp_profile, _m), .off = _off,	\
	  .max = _max, .mixa = _mixa, .mixb = _mixb, .gmax = _gmax,	\
	  .gmixa = _gmixa, .gmixb = _gmixb, .gclr = _gclr }
#define RANGE_FLD(_r, _off, _n, _f, _m, _max, _mixa, _mixb, _gmax,	\
		  _gmixa, _gmixb, _gclr)				\
	{ .name = _n, .fld = _f, .layout = L_PROF, .range = _r,		\
	  .base = _off,							\
	  .moff = offsetof(struct radp_profile, range[_r]._m),		\
	  .off = _off, .max = _max, .mixa = _mixa, .mixb = _mixb,	\
	  .gmax = _gmax, .gmixa = _gmixa, .gmixb = _gmixb, .gclr = _gclr }
#define HDR_FLD(_n, _f, _off, _max, _mixa, _mixb, _gmax, _gmixa, _gmixb) \
	{ .name = _n, .fld = _f, .layout = L_HDR, .range = -1,		\
	  .off = _off, .max = _max, .mixa = _mixa, .mixb = _mixb,	\
	  .gmax = _gmax, .gmixa = _gmixa, .gmixb = _gmixb }

/* timeout_range entry _r, its dword at byte _off of the profile */
#define RANGE_ROWS(_r, _off)						\
	RANGE_FLD(_r, _off, "prev_range_index", RADP_RANGE_PREV_RANGE_INDEX, \
		  prev_range_index, 7, 5, 2, B(70, 00, 00, 00),		\
		  B(50, 00, 00, 00), B(20, 00, 00, 00), B(0f, ff, ff, ff)), \
	RANGE_FLD(_r, _off, "dec_mode", RADP_RANGE_DEC_MODE, dec_mode,	\
		  3, 2, 1, B(0c, 00, 00, 00), B(08, 00, 00, 00),	\
		  B(04, 00, 00, 00), B(73, ff, ff, ff)),		\
	RANGE_FLD(_r, _off, "timeout_retry_num",			\
		  RADP_RANGE_TIMEOUT_RETRY_NUM, timeout_retry_num,	\
		  0x3ff, 0x2aa, 0x155, B(03, ff, 00, 00),		\
		  B(02, aa, 00, 00), B(01, 55, 00, 00), B(7c, 00, ff, ff)), \
	RANGE_FLD(_r, _off, "range_low_bound", RADP_RANGE_RANGE_LOW_BOUND, \
		  range_low_bound, 0xff, 0xaa, 0x55, B(00, 00, ff, 00),	\
		  B(00, 00, aa, 00), B(00, 00, 55, 00), B(7f, ff, 00, ff)), \
	RANGE_FLD(_r, _off, "range_size", RADP_RANGE_RANGE_SIZE,	\
		  range_size, 0xff, 0xaa, 0x55, B(00, 00, 00, ff),	\
		  B(00, 00, 00, aa), B(00, 00, 00, 55), B(7f, ff, ff, 00))

static const struct fvec fvecs[] = {
	/*
	 * ROCE_ACCL 00h, by hand from the reference's two tables: with every
	 * field at its maximum the dword is 18 00 0f ff (selects 0..11, 27,
	 * adp_retx_profile_select 28).
	 */
	ACCL_SEL("roce_adp_retrans_field_select",
		 RADP_ROCE_ACCL_ROCE_ADP_RETRANS_FIELD_SELECT, 0x0001,
		 B(00, 00, 00, 01), B(18, 00, 0f, fe)),
	ACCL_SEL("roce_tx_window_field_select",
		 RADP_ROCE_ACCL_ROCE_TX_WINDOW_FIELD_SELECT, 0x0002,
		 B(00, 00, 00, 02), B(18, 00, 0f, fd)),
	ACCL_SEL("roce_slow_restart_field_select",
		 RADP_ROCE_ACCL_ROCE_SLOW_RESTART_FIELD_SELECT, 0x0004,
		 B(00, 00, 00, 04), B(18, 00, 0f, fb)),
	ACCL_SEL("roce_slow_restart_idle_field_select",
		 RADP_ROCE_ACCL_ROCE_SLOW_RESTART_IDLE_FIELD_SELECT, 0x0008,
		 B(00, 00, 00, 08), B(18, 00, 0f, f7)),
	ACCL_SEL("min_ack_timeout_limit_disabled_field_select",
		 RADP_ROCE_ACCL_MIN_ACK_TIMEOUT_LIMIT_DISABLED_FIELD_SELECT,
		 0x0010, B(00, 00, 00, 10), B(18, 00, 0f, ef)),
	ACCL_SEL("adaptive_routing_forced_en_field_select",
		 RADP_ROCE_ACCL_ADAPTIVE_ROUTING_FORCED_EN_FIELD_SELECT,
		 0x0020, B(00, 00, 00, 20), B(18, 00, 0f, df)),
	ACCL_SEL("selective_repeat_forced_en_field_select",
		 RADP_ROCE_ACCL_SELECTIVE_REPEAT_FORCED_EN_FIELD_SELECT,
		 0x0040, B(00, 00, 00, 40), B(18, 00, 0f, bf)),
	ACCL_SEL("dc_half_handshake_en_field_select",
		 RADP_ROCE_ACCL_DC_HALF_HANDSHAKE_EN_FIELD_SELECT, 0x0080,
		 B(00, 00, 00, 80), B(18, 00, 0f, 7f)),
	ACCL_SEL("cc_per_plane_en_field_select",
		 RADP_ROCE_ACCL_CC_PER_PLANE_EN_FIELD_SELECT, 0x0100,
		 B(00, 00, 01, 00), B(18, 00, 0e, ff)),
	/* one select for ack_dscp_force (feature 9) and ack_dscp (10) */
	ACCL_SEL("ack_dscp_force_field_select",
		 RADP_ROCE_ACCL_ACK_DSCP_FORCE_FIELD_SELECT, 0x0600,
		 B(00, 00, 02, 00), B(18, 00, 0d, ff)),
	ACCL_SEL("cc_burst_size_select", RADP_ROCE_ACCL_CC_BURST_SIZE_SELECT,
		 0x0800, B(00, 00, 04, 00), B(18, 00, 0b, ff)),
	ACCL_SEL("cc_probe_mp_mode_field_select",
		 RADP_ROCE_ACCL_CC_PROBE_MP_MODE_FIELD_SELECT, 0x2000,
		 B(00, 00, 08, 00), B(18, 00, 07, ff)),
	ACCL_SEL("ifa2_turn_around_select",
		 RADP_ROCE_ACCL_IFA2_TURN_AROUND_SELECT, 0x1000,
		 B(08, 00, 00, 00), B(10, 00, 0f, ff)),
	ACCL_BIT("adp_retx_profile_select",
		 RADP_ROCE_ACCL_ADP_RETX_PROFILE_SELECT, profile_select, 0,
		 0x00, B(10, 00, 00, 00), B(08, 00, 0f, ff)),

	/* ROCE_ACCL 04h: all at their maximum 7f 00 ff ff */
	ACCL_BIT("roce_adp_retrans_en", RADP_ROCE_ACCL_ROCE_ADP_RETRANS_EN,
		 features[0], 0, 0x04, B(00, 00, 00, 01), B(7f, 00, ff, fe)),
	ACCL_BIT("roce_tx_window_en", RADP_ROCE_ACCL_ROCE_TX_WINDOW_EN,
		 features[1], 0, 0x04, B(00, 00, 00, 02), B(7f, 00, ff, fd)),
	ACCL_BIT("roce_slow_restart_en", RADP_ROCE_ACCL_ROCE_SLOW_RESTART_EN,
		 features[2], 0, 0x04, B(00, 00, 00, 04), B(7f, 00, ff, fb)),
	ACCL_BIT("roce_slow_restart_idle_en",
		 RADP_ROCE_ACCL_ROCE_SLOW_RESTART_IDLE_EN,
		 features[3], 0, 0x04, B(00, 00, 00, 08), B(7f, 00, ff, f7)),
	ACCL_BIT("min_ack_timeout_limit_disabled",
		 RADP_ROCE_ACCL_MIN_ACK_TIMEOUT_LIMIT_DISABLED,
		 features[4], 0, 0x04, B(00, 00, 00, 10), B(7f, 00, ff, ef)),
	ACCL_BIT("adaptive_routing_forced_en",
		 RADP_ROCE_ACCL_ADAPTIVE_ROUTING_FORCED_EN,
		 features[5], 0, 0x04, B(00, 00, 00, 20), B(7f, 00, ff, df)),
	ACCL_BIT("selective_repeat_forced_en",
		 RADP_ROCE_ACCL_SELECTIVE_REPEAT_FORCED_EN,
		 features[6], 0, 0x04, B(00, 00, 00, 40), B(7f, 00, ff, bf)),
	ACCL_BIT("dc_half_handshake_en", RADP_ROCE_ACCL_DC_HALF_HANDSHAKE_EN,
		 features[7], 0, 0x04, B(00, 00, 00, 80), B(7f, 00, ff, 7f)),
	ACCL_BIT("cc_per_plane_en", RADP_ROCE_ACCL_CC_PER_PLANE_EN,
		 features[8], 0, 0x04, B(00, 00, 01, 00), B(7f, 00, fe, ff)),
	ACCL_BIT("ack_dscp_force", RADP_ROCE_ACCL_ACK_DSCP_FORCE,
		 features[9], 0, 0x04, B(00, 00, 02, 00), B(7f, 00, fd, ff)),
	ACCL_FLD("ack_dscp", RADP_ROCE_ACCL_ACK_DSCP, features[10], 0x04,
		 0x3f, 0x2a, 0x15, B(00, 00, fc, 00), B(00, 00, a8, 00),
		 B(00, 00, 54, 00), B(7f, 00, 03, ff)),
	ACCL_FLD("cc_burst_size", RADP_ROCE_ACCL_CC_BURST_SIZE, features[11],
		 0x04, 7, 5, 2, B(07, 00, 00, 00), B(05, 00, 00, 00),
		 B(02, 00, 00, 00), B(78, 00, ff, ff)),
	ACCL_BIT("ifa2_turn_around_en", RADP_ROCE_ACCL_IFA2_TURN_AROUND_EN,
		 features[12], 0, 0x04, B(08, 00, 00, 00), B(77, 00, ff, ff)),
	ACCL_FLD("adp_retx_profile_id", RADP_ROCE_ACCL_ADP_RETX_PROFILE_ID,
		 profile_id, 0x04, 7, 5, 2, B(70, 00, 00, 00),
		 B(50, 00, 00, 00), B(20, 00, 00, 00), B(0f, 00, ff, ff)),

	/* ROCE_ACCL 08h */
	ACCL_FLD("adp_retx_base_timeout_min",
		 RADP_ROCE_ACCL_ADP_RETX_BASE_TIMEOUT_MIN, base_timeout_min,
		 0x08, 0xfffff, 0xaaaaa, 0x55555, B(00, 0f, ff, ff),
		 B(00, 0a, aa, aa), B(00, 05, 55, 55), B(77, 30, 00, 00)),
	ACCL_FLD("adp_retx_profile_max_id",
		 RADP_ROCE_ACCL_ADP_RETX_PROFILE_MAX_ID, profile_max_id,
		 0x08, 7, 5, 2, B(07, 00, 00, 00),
		 B(05, 00, 00, 00), B(02, 00, 00, 00), B(70, 3f, ff, ff)),
	ACCL_FLD("adp_retx_profile_max_range_num",
		 RADP_ROCE_ACCL_ADP_RETX_PROFILE_MAX_RANGE_NUM,
		 profile_max_range_num,
		 0x08, 7, 5, 2, B(70, 00, 00, 00),
		 B(50, 00, 00, 00), B(20, 00, 00, 00), B(07, 3f, ff, ff)),
	/* a feature in the caps' dword, all at their maximum 77 3f ff ff */
	ACCL_FLD("cc_probe_mp_mode", RADP_ROCE_ACCL_CC_PROBE_MP_MODE,
		 features[13], 0x08, 3, 2, 1, B(00, 30, 00, 00),
		 B(00, 20, 00, 00), B(00, 10, 00, 00), B(77, 0f, ff, ff)),

	/* adp_retx_profile 00h */
	{ .name = "qp_total_timeout", .fld = RADP_PROFILE_QP_TOTAL_TIMEOUT,
	  .layout = L_PROF, .range = -1,
	  .moff = offsetof(struct radp_profile, qp_total_timeout),
	  .off = 0x00, .max = 1, .gmax = B(80, 00, 00, 00),
	  .gclr = B(77, c0, ff, ff) },
	PROF_FLD("range_num", RADP_PROFILE_RANGE_NUM, range_num,
		 0x00, 7, 5, 2, B(70, 00, 00, 00),
		 B(50, 00, 00, 00), B(20, 00, 00, 00), B(87, c0, ff, ff)),
	PROF_FLD("start_range_index", RADP_PROFILE_START_RANGE_INDEX,
		 start_range_index, 0x00, 7, 5, 2, B(07, 00, 00, 00),
		 B(05, 00, 00, 00), B(02, 00, 00, 00), B(f0, c0, ff, ff)),
	PROF_FLD("time_unit", RADP_PROFILE_TIME_UNIT, time_unit,
		 0x00, 3, 2, 1, B(00, c0, 00, 00),
		 B(00, 80, 00, 00), B(00, 40, 00, 00), B(f7, 00, ff, ff)),
	PROF_FLD("time_base", RADP_PROFILE_TIME_BASE, time_base,
		 0x00, 0xffff, 0xaaaa, 0x5555, B(00, 00, ff, ff),
		 B(00, 00, aa, aa), B(00, 00, 55, 55), B(f7, c0, 00, 00)),

	/* adp_retx_profile 04h */
	PROF_FLD("retx_total_timeout", RADP_PROFILE_RETX_TOTAL_TIMEOUT,
		 retx_total_timeout, 0x04, 0xff, 0xaa, 0x55, B(ff, 00, 00, 00),
		 B(aa, 00, 00, 00), B(55, 00, 00, 00), B(00, 00, ff, ff)),
	PROF_FLD("timeout_init_low_bound", RADP_PROFILE_TIMEOUT_INIT_LOW_BOUND,
		 timeout_init_low_bound, 0x04, 0xff, 0xaa, 0x55,
		 B(00, 00, ff, 00), B(00, 00, aa, 00), B(00, 00, 55, 00),
		 B(ff, 00, 00, ff)),
	PROF_FLD("timeout_init_range_size",
		 RADP_PROFILE_TIMEOUT_INIT_RANGE_SIZE,
		 timeout_init_range_size, 0x04, 0xff, 0xaa, 0x55,
		 B(00, 00, 00, ff), B(00, 00, 00, aa), B(00, 00, 00, 55),
		 B(ff, 00, ff, 00)),

	/* adp_retx_profile 08h..17h: timeout_range[0..3] */
	RANGE_ROWS(0, 0x08),
	RANGE_ROWS(1, 0x0c),
	RANGE_ROWS(2, 0x10),
	RANGE_ROWS(3, 0x14),

	/* command mailbox headers, ACCESS_REG input: radp_get/set only */
	HDR_FLD("opcode", RADP_CMD_IN_OPCODE, 0x00, 0xffff, 0xaaaa, 0x5555,
		B(ff, ff, 00, 00), B(aa, aa, 00, 00), B(55, 55, 00, 00)),
	HDR_FLD("op_mod", RADP_CMD_IN_OP_MOD, 0x04, 0xffff, 0xaaaa, 0x5555,
		B(00, 00, ff, ff), B(00, 00, aa, aa), B(00, 00, 55, 55)),
	HDR_FLD("status", RADP_CMD_OUT_STATUS, 0x00, 0xff, 0xaa, 0x55,
		B(ff, 00, 00, 00), B(aa, 00, 00, 00), B(55, 00, 00, 00)),
	HDR_FLD("syndrome", RADP_CMD_OUT_SYNDROME, 0x04, 0xffffffff,
		0xaaaaaaaa, 0x55555555, B(ff, ff, ff, ff), B(aa, aa, aa, aa),
		B(55, 55, 55, 55)),
	HDR_FLD("register_id", RADP_ACCESS_REG_IN_REGISTER_ID, 0x08, 0xffff,
		0xaaaa, 0x5555, B(00, 00, ff, ff), B(00, 00, aa, aa),
		B(00, 00, 55, 55)),
	HDR_FLD("argument", RADP_ACCESS_REG_IN_ARGUMENT, 0x0c, 0xffffffff,
		0xaaaaaaaa, 0x55555555, B(ff, ff, ff, ff), B(aa, aa, aa, aa),
		B(55, 55, 55, 55)),
};

/* Which value of a row a case uses. */
enum vclass { V_MAX, V_MIXA, V_MIXB, V_CLR };

static const char *const vclass_desc[] = {
	[V_MAX] = "maximum", [V_MIXA] = "1010 pattern",
	[V_MIXB] = "0101 pattern", [V_CLR] = "0 among maxima",
};

static u32 vclass_value(const struct fvec *v, enum vclass c)
{
	switch (c) {
	case V_MAX: return v->max;
	case V_MIXA: return v->mixa;
	case V_MIXB: return v->mixb;
	default: return 0;
	}
}

static const u8 *vclass_bytes(const struct fvec *v, enum vclass c)
{
	switch (c) {
	case V_MAX: return v->gmax;
	case V_MIXA: return v->gmixa;
	case V_MIXB: return v->gmixb;
	default: return v->gclr;
	}
}

static const char *layout_name(enum layout l)
{
	return l == L_ACCL ? "ROCE_ACCL" : l == L_PROF ? "adp_retx_profile" :
	       "mailbox header";
}

static void row_name(char *s, size_t n, const struct fvec *v)
{
	if (v->range >= 0)
		snprintf(s, n, "timeout_range[%d].%s", v->range, v->name);
	else
		snprintf(s, n, "%s", v->name);
}

/* ------------------------------------------------------------------ */
/* Pack and unpack, checked against golden bytes and members.          */

/*
 * The bytes of layout l (L_ACCL or L_PROF) unpack, over members of DIRT,
 * to exactly the members of want.
 */
static bool unpacks_to(enum layout l, const u8 *bytes, const void *want)
{
	struct radp_roce_accl got;

	memset(&got, DIRT, sizeof(got));
	if (l == L_ACCL) {
		radp_roce_accl_unpack(bytes, &got);
		return same_members(want, &got, 0, sizeof(got));
	}
	radp_profile_unpack(bytes, &got.profile);
	return same_members(want, &got.profile, PROF_IN_ACCL,
			    sizeof(got.profile));
}

/*
 * Pack @in (a struct radp_roce_accl for ROCE_ACCL, else a radp_profile)
 * into a dirty buffer and compare with @golden; unpack @golden into a dirty
 * struct and compare with @out. Diagnostics only; the caller reports.
 */
static bool pack_unpack(enum layout l, const void *in, const u8 *golden,
			const void *out)
{
	size_t len = layout_len[l];
	union buf buf, gold;
	bool pass = true;
	size_t i;

	memset(buf.b, DIRT, sizeof(buf.b));
	if (l == L_ACCL)
		radp_roce_accl_pack(buf.b, in);
	else
		radp_profile_pack(buf.b, in);
	if (memcmp(buf.b, golden, len)) {
		tap_diag("pack: bytes differ");
		tap_hexdiff(golden, buf.b, len);
		pass = false;
	}
	for (i = len; i < sizeof(buf.b); i++) {
		if (buf.b[i] != DIRT) {
			tap_diag("pack: wrote byte 0x%zx, beyond the %zu bytes",
				 i, len);
			pass = false;
			break;
		}
	}

	memset(&gold, 0, sizeof(gold));
	memcpy(gold.b, golden, len);
	if (!unpacks_to(l, gold.b, out)) {
		tap_diag("unpack: members differ");
		pass = false;
	}
	return pass;
}

/*
 * One value of one field, every other field 0 (or, for V_CLR, at its
 * maximum). A profile field is checked in the 48-byte profile and again
 * inside ROCE_ACCL (@in_accl).
 */
static void test_field_value(const struct fvec *v, enum vclass c,
			     bool in_accl)
{
	struct radp_roce_accl dec;
	u8 golden[ACCL_LEN];
	size_t goff = v->off, moff = v->moff;
	enum layout l = v->layout;
	u32 val = vclass_value(v, c);
	char name[96];
	bool pass;

	if (in_accl) {
		l = L_ACCL;
		goff += ACCL_PROF_OFF;
		moff += PROF_IN_ACCL;
	}
	if (c == V_CLR) {
		dec = accl_max;
		memcpy(golden, l == L_ACCL ? accl_all_max : prof_all_max,
		       layout_len[l]);
	} else {
		memset(&dec, 0, sizeof(dec));
		memset(golden, 0, sizeof(golden));
	}
	memcpy(golden + goff, vclass_bytes(v, c), 4);
	/* a struct radp_profile is checked through the profile member */
	if (l == L_PROF)
		moff += PROF_IN_ACCL;
	if (v->mbits) {
		*member(&dec, moff) &= ~v->mbits;
		*member(&dec, moff) |= val ? v->mbits : 0;
	} else {
		*member(&dec, moff) &= ~(v->max << v->shift);
		*member(&dec, moff) |= val << v->shift;
	}

	row_name(name, sizeof(name), v);
	if (l == L_ACCL)
		pass = pack_unpack(l, &dec, golden, &dec);
	else
		pass = pack_unpack(l, &dec.profile, golden, &dec.profile);
	if (!pass)
		tap_diag("%s = 0x%x: dword %02zxh should be %02x %02x %02x %02x",
			 name, val, goff, golden[goff], golden[goff + 1],
			 golden[goff + 2], golden[goff + 3]);
	tap_result(pass, "pack/unpack %s %s = 0x%x (%s)%s", layout_name(v->layout),
		   name, val, vclass_desc[c],
		   in_accl ? ", inside ROCE_ACCL at 10h" : "");
}

static void test_fields(void)
{
	unsigned int i;
	int c;

	for (i = 0; i < ARRAY_SIZE(fvecs); i++) {
		const struct fvec *v = &fvecs[i];

		if (v->layout == L_HDR)
			continue;
		for (c = V_MAX; c <= V_CLR; c++) {
			if ((c == V_MIXA || c == V_MIXB) && !v->mixa)
				continue;	/* one bit: max is the pattern */
			test_field_value(v, c, false);
			if (v->layout == L_PROF)
				test_field_value(v, c, true);
		}
	}
}

/* ------------------------------------------------------------------ */
/* radp_get and radp_set, field by field.                              */

/* A layout-sized buffer of @fill with @bytes at the row's dword. */
static void fill_with(u8 *b, size_t len, u8 fill, const struct fvec *v,
		      const u8 bytes[4])
{
	memset(b, fill, len);
	if (bytes)
		memcpy(b + v->off, bytes, 4);
}

static bool set_case(const struct fvec *v, u8 fill, u32 val,
		     const u8 *exp_dw, const char *what)
{
	size_t len = layout_len[v->layout];
	union buf buf;
	u8 exp[ACCL_LEN];

	fill_with(buf.b, len, fill, NULL, NULL);
	memset(buf.b + len, DIRT, sizeof(buf.b) - len);
	fill_with(exp, len, fill, v, exp_dw);
	radp_set(buf.b + v->base, v->fld, val);
	if (!memcmp(buf.b, exp, len) && buf.b[len] == DIRT)
		return true;
	tap_diag("radp_set(0x%x) into a buffer of 0x%02x (%s):", val, fill,
		 what);
	tap_hexdiff(exp, buf.b, len);
	return false;
}

static bool get_case(const struct fvec *v, u8 fill, const u8 *dw, u32 exp,
		     const char *what)
{
	union buf buf;
	u32 got;

	fill_with(buf.b, layout_len[v->layout], fill, v, dw);
	got = radp_get(buf.b + v->base, v->fld);
	if (got == exp)
		return true;
	tap_diag("radp_get from %s: expected 0x%x, got 0x%x", what, exp, got);
	return false;
}

static void test_set_get(void)
{
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(fvecs); i++) {
		const struct fvec *v = &fvecs[i];
		u8 inv_max[4], inv_mixb[4];
		char name[96];
		bool pass = true;

		for (j = 0; j < 4; j++) {
			inv_max[j] = ~v->gmax[j];
			inv_mixb[j] = inv_max[j] | v->gmixb[j];
		}
		row_name(name, sizeof(name), v);

		/* too wide a value is cut to the field, neighbours kept */
		pass &= set_case(v, 0x00, 0xffffffff, v->gmax,
				 "all ones, truncated");
		pass &= set_case(v, 0xff, 0, inv_max, "zero, neighbours kept");
		if (v->mixa) {
			pass &= set_case(v, 0x00, v->mixa | ~v->max, v->gmixa,
					 "1010 pattern with bits above the field");
			pass &= set_case(v, 0xff, v->mixb, inv_mixb,
					 "0101 pattern, neighbours kept");
		} else {
			pass &= set_case(v, 0x00, 1, v->gmax, "one");
		}
		tap_result(pass, "radp_set %s %s: truncates to the field, keeps its neighbours",
			   layout_name(v->layout), name);

		pass = get_case(v, 0xff, NULL, v->max, "a buffer of 0xff");
		pass &= get_case(v, 0x00, v->gmax, v->max, "the field's maximum alone");
		pass &= get_case(v, 0xff, inv_max, 0, "everything but the field");
		if (v->mixa) {
			pass &= get_case(v, 0x00, v->gmixa, v->mixa, "1010 pattern");
			pass &= get_case(v, 0xff, inv_mixb, v->mixb,
					 "0101 pattern among ones");
		}
		tap_result(pass, "radp_get %s %s: 0xff-filled buffer gives 0x%x, neighbours ignored",
			   layout_name(v->layout), name, v->max);
	}
}

/* ------------------------------------------------------------------ */
/* Whole layouts.                                                      */

static void test_whole(void)
{
	static const struct radp_roce_accl zero;
	struct radp_roce_accl wide, real;
	u8 zeros[ACCL_LEN] = { 0 };
	u8 real_prof_in_accl[ACCL_LEN];
	union buf buf;
	bool pass;
	unsigned int i;

	/* the hand-written layouts agree with each other */
	pass = true;
	for (i = 0; i < ACCL_LEN; i++) {
		if ((accl_all_max[i] | accl_reserved[i]) != 0xff ||
		    (accl_all_max[i] & accl_reserved[i]))
			pass = false;
		if (i < PROF_LEN &&
		    (prof_all_max[i] != accl_all_max[ACCL_PROF_OFF + i] ||
		     prof_reserved[i] != accl_reserved[ACCL_PROF_OFF + i] ||
		     prof_real_bytes[i] != accl_real_bytes[ACCL_PROF_OFF + i]))
			pass = false;
	}
	for (i = 0; i < ARRAY_SIZE(fvecs); i++) {
		const struct fvec *v = &fvecs[i];
		const u8 *all = v->layout == L_ACCL ? accl_all_max :
				prof_all_max;
		unsigned int j;

		for (j = 0; j < 4 && v->layout != L_HDR; j++) {
			if ((v->gmax[j] & ~all[v->off + j]) ||
			    v->gclr[j] != (all[v->off + j] & (u8)~v->gmax[j]))
				pass = false;
		}
		for (j = 0; j < 4; j++) {
			if ((v->gmixa[j] | v->gmixb[j]) != (v->mixa ? v->gmax[j] : 0) ||
			    (v->gmixa[j] & v->gmixb[j]))
				pass = false;
		}
		if (v->mixa && (v->mixa | v->mixb) != v->max)
			pass = false;
	}
	tap_result(pass, "test data: golden layouts, reserved masks and field rows agree");

	pass = pack_unpack(L_ACCL, &zero, zeros, &zero);
	tap_result(pass, "pack/unpack ROCE_ACCL all fields 0 <-> 128 zero bytes");
	pass = pack_unpack(L_PROF, &zero.profile, zeros, &zero.profile);
	tap_result(pass, "pack/unpack adp_retx_profile all fields 0 <-> 48 zero bytes");

	pass = pack_unpack(L_ACCL, &accl_max, accl_all_max, &accl_max);
	tap_result(pass, "pack/unpack ROCE_ACCL every field at its maximum");
	pass = pack_unpack(L_PROF, &accl_max.profile, prof_all_max,
			   &accl_max.profile);
	tap_result(pass, "pack/unpack adp_retx_profile every field at its maximum");

	/* members wider than their fields: only the field's bits are kept */
	memset(&wide, 0xff, sizeof(wide));
	memset(buf.b, 0, sizeof(buf.b));
	radp_roce_accl_pack(buf.b, &wide);
	tap_result(tap_same_bytes(accl_all_max, buf.b, ACCL_LEN),
		   "pack ROCE_ACCL with every member 0xffffffff: fields at maximum, reserved 0");
	radp_profile_pack(buf.b, &wide.profile);
	tap_result(tap_same_bytes(prof_all_max, buf.b, PROF_LEN),
		   "pack adp_retx_profile with every member 0xffffffff: fields at maximum, reserved 0");

	/* reserved bits: ignored by unpack, written as 0 by pack */
	memcpy(buf.b, accl_reserved, ACCL_LEN);
	tap_result(unpacks_to(L_ACCL, buf.b, &zero),
		   "unpack ROCE_ACCL with only reserved bits set: every member 0");
	memcpy(buf.b, prof_reserved, PROF_LEN);
	tap_result(unpacks_to(L_PROF, buf.b, &zero.profile),
		   "unpack adp_retx_profile with only reserved bits set: every member 0");

	memset(buf.b, 0xff, sizeof(buf.b));
	tap_result(unpacks_to(L_ACCL, buf.b, &accl_max),
		   "unpack ROCE_ACCL of 128 bytes 0xff: every member at its maximum");
	tap_result(unpacks_to(L_PROF, buf.b, &accl_max.profile),
		   "unpack adp_retx_profile of 48 bytes 0xff: every member at its maximum");

	memset(buf.b, 0xff, sizeof(buf.b));
	radp_roce_accl_pack(buf.b, &zero);
	tap_result(tap_same_bytes(zeros, buf.b, ACCL_LEN),
		   "pack ROCE_ACCL of zero fields over 0xff bytes: reserved bits written 0");
	memset(buf.b, 0xff, sizeof(buf.b));
	radp_profile_pack(buf.b, &zero.profile);
	pass = tap_same_bytes(zeros, buf.b, PROF_LEN) &&
	       buf.b[PROF_LEN] == 0xff;
	tap_result(pass, "pack adp_retx_profile of zero fields over 0xff bytes: reserved bits written 0, byte 30h untouched");

	/* a realistic profile, alone and in the register */
	pass = pack_unpack(L_PROF, &sample_profile, prof_real_bytes, &sample_profile);
	tap_result(pass, "pack/unpack a realistic 4-range profile (48 golden bytes)");

	memset(&real, 0, sizeof(real));
	real.field_select = 0x41;
	real.features[0] = 1;
	real.profile_select = 1;
	real.profile_id = 1;
	real.base_timeout_min = 4000;
	real.profile_max_id = 1;
	real.profile_max_range_num = 4;
	real.profile = sample_profile;
	pass = pack_unpack(L_ACCL, &real, accl_real_bytes, &real);
	tap_result(pass, "pack/unpack ROCE_ACCL holding the realistic profile at 10h (128 golden bytes)");

	/* only the profile part of the register */
	memset(&wide, 0, sizeof(wide));
	wide.profile = sample_profile;
	memset(real_prof_in_accl, 0, sizeof(real_prof_in_accl));
	memcpy(real_prof_in_accl + ACCL_PROF_OFF, prof_real_bytes, PROF_LEN);
	pass = pack_unpack(L_ACCL, &wide, real_prof_in_accl, &wide);
	tap_result(pass, "pack/unpack ROCE_ACCL with only the realistic profile: bytes 10h-3Fh, the rest 0");
}

/* An ACCESS_REG input header, reading ROCE_ACCL, built field by field. */
static void test_access_reg_header(void)
{
	static const u8 golden[HDR_LEN] = {
		0x08, 0x05, 0x00, 0x00,	/* opcode 0x805 */
		0x00, 0x00, 0x00, 0x01,	/* op_mod 1: read */
		0x00, 0x00, 0x40, 0x2c,	/* register_id 0x402c */
		0x00, 0x00, 0x00, 0x00,	/* argument 0 */
	};
	union buf buf;
	bool pass;

	memset(buf.b, 0, sizeof(buf.b));
	radp_set(buf.b, RADP_CMD_IN_OPCODE, 0x805);
	radp_set(buf.b, RADP_CMD_IN_OP_MOD, 1);
	radp_set(buf.b, RADP_ACCESS_REG_IN_REGISTER_ID, 0x402c);
	radp_set(buf.b, RADP_ACCESS_REG_IN_ARGUMENT, 0);
	pass = tap_same_bytes(golden, buf.b, HDR_LEN);
	pass &= radp_get(buf.b, RADP_CMD_IN_OPCODE) == 0x805 &&
		radp_get(buf.b, RADP_ACCESS_REG_IN_REGISTER_ID) == 0x402c;
	tap_result(pass, "ACCESS_REG header reading ROCE_ACCL: 08 05 00 00 00 00 00 01 00 00 40 2c");
}

int main(void)
{
	tap_start();
	test_fields();
	test_set_get();
	test_whole();
	test_access_reg_header();
	return tap_end();
}
