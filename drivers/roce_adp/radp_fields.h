/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * Every field of every firmware layout, listed once, one row per field.
 * Each layout's rows call its row macro; a user defines the row macros it
 * needs, then includes this file, where the rows are to go, as
 * arch/x86/include/asm/kvm-x86-ops.h is used; it may be included any
 * number of times. A row macro left undefined drops its rows; the file
 * undefines every row macro at its end. An enum of the range's fields:
 *
 *	#define RADP_RANGE_FIELD(_id, ...)	RADP_N_RANGE_##_id,
 *	enum { <this file included here> RADP_RANGE_FIELDS_COUNT };
 *
 * radp_fields[] (radp_reg.c) takes every column of a row; a user needing a
 * column other than the leading ones reads it there (struct radp_field).
 * Nothing else spells a field's position, name or attribute.
 *
 * Adding a field: one row here (then tools/fields-gen --write, which
 * writes the decoded structs' members into radp_layouts-gen.h), one
 * attribute in Documentation/netlink/specs/roce_adp.yaml, and its
 * documentation.
 *
 * Columns of a row (ID, name, byte, hi, lo, attr, nla, kind):
 *   ID	     the field is RADP_<LAYOUT>_<ID> in enum radp_fld
 *   name    its PRM name: struct member, adpctl keyword and JSON key
 *   byte    byte offset of its big-endian dword in the layout
 *   hi, lo  its bits in that dword, bit 0 the least significant
 *   attr    its netlink attribute is ROCE_ADP_A_<attr>
 *   nla     U8, U32 or U64: the attribute's type (NONE: no attribute)
 *   kind    how a value reads and prints: NUM, BOOL, NS (nanoseconds), or
 *	     the spec enum naming its values (TIME_UNIT, DEC_MODE,
 *	     CC_BURST_SIZE, CC_PROBE_MP_MODE, HIST_TIME_UNIT,
 *	     HIST_BIN_WIDTH_MODE); an enum's other encodings are
 *	     reserved, refused by RADP_KIND_VALID_<kind> (radp_reg.h) where
 *	     the field is a ROCE_ACCL feature
 */

#ifndef RADP_ACCL_SELECT_FIELD
#define RADP_ACCL_SELECT_FIELD(...)
#endif
#ifndef RADP_ACCL_FEATURE_FIELD
#define RADP_ACCL_FEATURE_FIELD(...)
#endif
#ifndef RADP_ACCL_PROFILE_FIELD
#define RADP_ACCL_PROFILE_FIELD(...)
#endif
#ifndef RADP_ACCL_CAPS_FIELD
#define RADP_ACCL_CAPS_FIELD(...)
#endif
#ifndef RADP_PROFILE_FIELD
#define RADP_PROFILE_FIELD(...)
#endif
#ifndef RADP_RANGE_FIELD
#define RADP_RANGE_FIELD(...)
#endif
#ifndef RADP_MPT_FIELD
#define RADP_MPT_FIELD(...)
#endif
#ifndef RADP_MPT_ACCESS_FIELD
#define RADP_MPT_ACCESS_FIELD RADP_MPT_FIELD
#endif
#ifndef RADP_MPT_FIELD64_H
#define RADP_MPT_FIELD64_H RADP_MPT_FIELD
#endif
#ifndef RADP_MPT_FIELD64_L
#define RADP_MPT_FIELD64_L RADP_MPT_FIELD
#endif
#ifndef RADP_MKC_FIELD
#define RADP_MKC_FIELD(...)
#endif
#ifndef RADP_HIST_CONFIG_FIELD
#define RADP_HIST_CONFIG_FIELD(...)
#endif
#ifndef RADP_HIST_FIELD
#define RADP_HIST_FIELD(...)
#endif
#ifndef RADP_HIST_BIN_FIELD
#define RADP_HIST_BIN_FIELD(...)
#endif

/*
 * ROCE_ACCL: the *_field_select bits of dword 0x00, in a query "this
 * feature is configurable", in a write "this write changes it". Their rows
 * have the first five columns only.
 */
RADP_ACCL_SELECT_FIELD(ROCE_ADP_RETRANS_FIELD_SELECT, roce_adp_retrans_field_select,
		       0x00, 0, 0)
RADP_ACCL_SELECT_FIELD(ROCE_TX_WINDOW_FIELD_SELECT, roce_tx_window_field_select,
		       0x00, 1, 1)
RADP_ACCL_SELECT_FIELD(ROCE_SLOW_RESTART_FIELD_SELECT, roce_slow_restart_field_select,
		       0x00, 2, 2)
RADP_ACCL_SELECT_FIELD(ROCE_SLOW_RESTART_IDLE_FIELD_SELECT,
		       roce_slow_restart_idle_field_select, 0x00, 3, 3)
RADP_ACCL_SELECT_FIELD(MIN_ACK_TIMEOUT_LIMIT_DISABLED_FIELD_SELECT,
		       min_ack_timeout_limit_disabled_field_select, 0x00, 4, 4)
RADP_ACCL_SELECT_FIELD(ADAPTIVE_ROUTING_FORCED_EN_FIELD_SELECT,
		       adaptive_routing_forced_en_field_select, 0x00, 5, 5)
RADP_ACCL_SELECT_FIELD(SELECTIVE_REPEAT_FORCED_EN_FIELD_SELECT,
		       selective_repeat_forced_en_field_select, 0x00, 6, 6)
RADP_ACCL_SELECT_FIELD(DC_HALF_HANDSHAKE_EN_FIELD_SELECT,
		       dc_half_handshake_en_field_select, 0x00, 7, 7)
RADP_ACCL_SELECT_FIELD(CC_PER_PLANE_EN_FIELD_SELECT, cc_per_plane_en_field_select,
		       0x00, 8, 8)
RADP_ACCL_SELECT_FIELD(ACK_DSCP_FORCE_FIELD_SELECT, ack_dscp_force_field_select,
		       0x00, 9, 9)
RADP_ACCL_SELECT_FIELD(CC_BURST_SIZE_SELECT, cc_burst_size_select, 0x00, 10, 10)
RADP_ACCL_SELECT_FIELD(CC_PROBE_MP_MODE_FIELD_SELECT, cc_probe_mp_mode_field_select,
		       0x00, 11, 11)
RADP_ACCL_SELECT_FIELD(IFA2_TURN_AROUND_SELECT, ifa2_turn_around_select, 0x00, 27, 27)

/*
 * ROCE_ACCL: the features an operator sets, each with the select that
 * guards it: SELECT, a sixth column after lo, is the ID of a row of
 * RADP_ACCL_SELECT_FIELD. Several
 * features may share one (ack_dscp_force and ack_dscp): a write of one
 * writes the others too, so the kernel fills them in from a query. A
 * feature may be several bits wide and in any dword (cc_probe_mp_mode is
 * in the caps' dword 0x08).
 */
RADP_ACCL_FEATURE_FIELD(ROCE_ADP_RETRANS_EN, roce_adp_retrans_en, 0x04, 0, 0,
			ROCE_ADP_RETRANS_FIELD_SELECT, ACCL_ROCE_ADP_RETRANS_EN, U8, BOOL)
RADP_ACCL_FEATURE_FIELD(ROCE_TX_WINDOW_EN, roce_tx_window_en, 0x04, 1, 1,
			ROCE_TX_WINDOW_FIELD_SELECT, ACCL_ROCE_TX_WINDOW_EN, U8, BOOL)
RADP_ACCL_FEATURE_FIELD(ROCE_SLOW_RESTART_EN, roce_slow_restart_en, 0x04, 2, 2,
			ROCE_SLOW_RESTART_FIELD_SELECT,
			ACCL_ROCE_SLOW_RESTART_EN, U8, BOOL)
RADP_ACCL_FEATURE_FIELD(ROCE_SLOW_RESTART_IDLE_EN, roce_slow_restart_idle_en, 0x04, 3, 3,
			ROCE_SLOW_RESTART_IDLE_FIELD_SELECT,
			ACCL_ROCE_SLOW_RESTART_IDLE_EN, U8, BOOL)
RADP_ACCL_FEATURE_FIELD(MIN_ACK_TIMEOUT_LIMIT_DISABLED, min_ack_timeout_limit_disabled,
			0x04, 4, 4, MIN_ACK_TIMEOUT_LIMIT_DISABLED_FIELD_SELECT,
			ACCL_MIN_ACK_TIMEOUT_LIMIT_DISABLED, U8, BOOL)
RADP_ACCL_FEATURE_FIELD(ADAPTIVE_ROUTING_FORCED_EN, adaptive_routing_forced_en,
			0x04, 5, 5, ADAPTIVE_ROUTING_FORCED_EN_FIELD_SELECT,
			ACCL_ADAPTIVE_ROUTING_FORCED_EN, U8, BOOL)
RADP_ACCL_FEATURE_FIELD(SELECTIVE_REPEAT_FORCED_EN, selective_repeat_forced_en,
			0x04, 6, 6, SELECTIVE_REPEAT_FORCED_EN_FIELD_SELECT,
			ACCL_SELECTIVE_REPEAT_FORCED_EN, U8, BOOL)
RADP_ACCL_FEATURE_FIELD(DC_HALF_HANDSHAKE_EN, dc_half_handshake_en, 0x04, 7, 7,
			DC_HALF_HANDSHAKE_EN_FIELD_SELECT,
			ACCL_DC_HALF_HANDSHAKE_EN, U8, BOOL)
RADP_ACCL_FEATURE_FIELD(CC_PER_PLANE_EN, cc_per_plane_en, 0x04, 8, 8,
			CC_PER_PLANE_EN_FIELD_SELECT, ACCL_CC_PER_PLANE_EN, U8, BOOL)
RADP_ACCL_FEATURE_FIELD(ACK_DSCP_FORCE, ack_dscp_force, 0x04, 9, 9,
			ACK_DSCP_FORCE_FIELD_SELECT, ACCL_ACK_DSCP_FORCE, U8, BOOL)
RADP_ACCL_FEATURE_FIELD(ACK_DSCP, ack_dscp, 0x04, 15, 10, ACK_DSCP_FORCE_FIELD_SELECT,
			ACCL_ACK_DSCP, U8, NUM)
RADP_ACCL_FEATURE_FIELD(CC_BURST_SIZE, cc_burst_size, 0x04, 26, 24, CC_BURST_SIZE_SELECT,
			ACCL_CC_BURST_SIZE, U8, CC_BURST_SIZE)
RADP_ACCL_FEATURE_FIELD(IFA2_TURN_AROUND_EN, ifa2_turn_around_en, 0x04, 27, 27,
			IFA2_TURN_AROUND_SELECT, ACCL_IFA2_TURN_AROUND_EN, U8, BOOL)
RADP_ACCL_FEATURE_FIELD(CC_PROBE_MP_MODE, cc_probe_mp_mode, 0x08, 21, 20,
			CC_PROBE_MP_MODE_FIELD_SELECT,
			ACCL_CC_PROBE_MP_MODE, U8, CC_PROBE_MP_MODE)

/*
 * ROCE_ACCL: the profile's select and index (INDEX: which profile a query
 * reads and a write changes), in a PROFILE nest beside the profile.
 */
RADP_ACCL_PROFILE_FIELD(ADP_RETX_PROFILE_SELECT, adp_retx_profile_select, 0x00, 28, 28,
			NONE, NONE, NUM)
RADP_ACCL_PROFILE_FIELD(ADP_RETX_PROFILE_ID, adp_retx_profile_id, 0x04, 30, 28,
			PROFILE_ADP_RETX_PROFILE_ID, U32, NUM)

/* ROCE_ACCL: what the device allows (read only). */
RADP_ACCL_CAPS_FIELD(ADP_RETX_BASE_TIMEOUT_MIN, adp_retx_base_timeout_min, 0x08, 19, 0,
		     CAPS_BASE_TIMEOUT_MIN, U32, NS)
RADP_ACCL_CAPS_FIELD(ADP_RETX_PROFILE_MAX_ID, adp_retx_profile_max_id, 0x08, 26, 24,
		     CAPS_PROFILE_MAX_ID, U32, NUM)
RADP_ACCL_CAPS_FIELD(ADP_RETX_PROFILE_MAX_RANGE_NUM, adp_retx_profile_max_range_num,
		     0x08, 30, 28, CAPS_PROFILE_MAX_RANGE_NUM, U32, NUM)

/* adp_retx_profile: offsets from its start (register byte 0x10). */
RADP_PROFILE_FIELD(QP_TOTAL_TIMEOUT, qp_total_timeout, 0x00, 31, 31,
		   PROFILE_QP_TOTAL_TIMEOUT, U8, BOOL)
RADP_PROFILE_FIELD(RANGE_NUM, range_num, 0x00, 30, 28, PROFILE_RANGE_NUM, U32, NUM)
RADP_PROFILE_FIELD(START_RANGE_INDEX, start_range_index, 0x00, 26, 24,
		   PROFILE_START_RANGE_INDEX, U32, NUM)
RADP_PROFILE_FIELD(TIME_UNIT, time_unit, 0x00, 23, 22, PROFILE_TIME_UNIT, U32, TIME_UNIT)
RADP_PROFILE_FIELD(TIME_BASE, time_base, 0x00, 15, 0, PROFILE_TIME_BASE, U32, NUM)
RADP_PROFILE_FIELD(RETX_TOTAL_TIMEOUT, retx_total_timeout, 0x04, 31, 24,
		   PROFILE_RETX_TOTAL_TIMEOUT, U32, NUM)
RADP_PROFILE_FIELD(TIMEOUT_INIT_LOW_BOUND, timeout_init_low_bound, 0x04, 15, 8,
		   PROFILE_TIMEOUT_INIT_LOW_BOUND, U32, NUM)
RADP_PROFILE_FIELD(TIMEOUT_INIT_RANGE_SIZE, timeout_init_range_size, 0x04, 7, 0,
		   PROFILE_TIMEOUT_INIT_RANGE_SIZE, U32, NUM)

/* timeout_range: offsets from the entry's start (profile byte 0x08 + 4i). */
RADP_RANGE_FIELD(PREV_RANGE_INDEX, prev_range_index, 0x00, 30, 28,
		 RANGE_PREV_RANGE_INDEX, U32, NUM)
RADP_RANGE_FIELD(DEC_MODE, dec_mode, 0x00, 27, 26, RANGE_DEC_MODE, U32, DEC_MODE)
RADP_RANGE_FIELD(TIMEOUT_RETRY_NUM, timeout_retry_num, 0x00, 25, 16,
		 RANGE_TIMEOUT_RETRY_NUM, U32, NUM)
RADP_RANGE_FIELD(RANGE_LOW_BOUND, range_low_bound, 0x00, 15, 8,
		 RANGE_RANGE_LOW_BOUND, U32, NUM)
RADP_RANGE_FIELD(RANGE_SIZE, range_size, 0x00, 7, 0, RANGE_RANGE_SIZE, U32, NUM)

/*
 * hermonprm_mpt_st, the 64-byte MPT entry, in dword and bit order (its
 * listing is little endian within each dword: the first field named takes
 * bit 0). A 64-bit value is two rows, RADP_MPT_FIELD64_H then _L; the
 * attribute is on the _h row and NONE on the _l row. The access rights
 * (RADP_MPT_ACCESS_FIELD, lr .. eb) have no attribute of their own: they
 * form the ACCESS flags attribute.
 */
RADP_MPT_FIELD(R_W, r_w, 0x00, 8, 8, MPT_ENTRY_R_W, U8, BOOL)
RADP_MPT_FIELD(PA, pa, 0x00, 9, 9, MPT_ENTRY_PA, U8, BOOL)
RADP_MPT_ACCESS_FIELD(LR, lr, 0x00, 10, 10, NONE, NONE, BOOL)
RADP_MPT_ACCESS_FIELD(LW, lw, 0x00, 11, 11, NONE, NONE, BOOL)
RADP_MPT_ACCESS_FIELD(RR, rr, 0x00, 12, 12, NONE, NONE, BOOL)
RADP_MPT_ACCESS_FIELD(RW, rw, 0x00, 13, 13, NONE, NONE, BOOL)
RADP_MPT_ACCESS_FIELD(ATOMIC, atomic, 0x00, 14, 14, NONE, NONE, BOOL)
RADP_MPT_ACCESS_FIELD(EB, eb, 0x00, 15, 15, NONE, NONE, BOOL)
RADP_MPT_FIELD(ATC_REQ, atc_req, 0x00, 16, 16, MPT_ENTRY_ATC_REQ, U8, BOOL)
RADP_MPT_FIELD(ATC_XLATED, atc_xlated, 0x00, 17, 17, MPT_ENTRY_ATC_XLATED, U8, BOOL)
RADP_MPT_FIELD(NO_SNOOP, no_snoop, 0x00, 19, 19, MPT_ENTRY_NO_SNOOP, U8, BOOL)
RADP_MPT_FIELD(STATUS, status, 0x00, 31, 28, MPT_ENTRY_STATUS, U32, NUM)
RADP_MPT_FIELD(BQP, bqp, 0x04, 7, 7, MPT_ENTRY_BQP, U8, BOOL)
RADP_MPT_FIELD(QPN, qpn, 0x04, 31, 8, MPT_ENTRY_QPN, U32, NUM)
RADP_MPT_FIELD(MEM_KEY, mem_key, 0x08, 31, 0, MPT_ENTRY_MEM_KEY, U32, NUM)
RADP_MPT_FIELD(PD, pd, 0x0c, 23, 0, MPT_ENTRY_PD, U32, NUM)
RADP_MPT_FIELD(EN_RINV, en_rinv, 0x0c, 24, 24, MPT_ENTRY_EN_RINV, U8, BOOL)
RADP_MPT_FIELD(EI, ei, 0x0c, 25, 25, MPT_ENTRY_EI, U8, BOOL)
RADP_MPT_FIELD(NCE, nce, 0x0c, 26, 26, MPT_ENTRY_NCE, U8, BOOL)
RADP_MPT_FIELD(FRE, fre, 0x0c, 27, 27, MPT_ENTRY_FRE, U8, BOOL)
RADP_MPT_FIELD(RAE, rae, 0x0c, 28, 28, MPT_ENTRY_RAE, U8, BOOL)
RADP_MPT_FIELD(W_DIF, w_dif, 0x0c, 29, 29, MPT_ENTRY_W_DIF, U8, BOOL)
RADP_MPT_FIELD(M_DIF, m_dif, 0x0c, 30, 30, MPT_ENTRY_M_DIF, U8, BOOL)
RADP_MPT_FIELD64_H(START_ADDR_H, start_addr_h, 0x10, 31, 0,
		   MPT_ENTRY_START_ADDR, U64, NUM)
RADP_MPT_FIELD64_L(START_ADDR_L, start_addr_l, 0x14, 31, 0, NONE, NONE, NUM)
RADP_MPT_FIELD64_H(LEN_H, len_h, 0x18, 31, 0, MPT_ENTRY_LEN, U64, NUM)
RADP_MPT_FIELD64_L(LEN_L, len_l, 0x1c, 31, 0, NONE, NONE, NUM)
RADP_MPT_FIELD(LKEY, lkey, 0x20, 31, 0, MPT_ENTRY_LKEY, U32, NUM)
RADP_MPT_FIELD(WIN_CNT, win_cnt, 0x24, 23, 0, MPT_ENTRY_WIN_CNT, U32, NUM)
RADP_MPT_FIELD(MTT_REP, mtt_rep, 0x28, 3, 0, MPT_ENTRY_MTT_REP, U32, NUM)
RADP_MPT_FIELD(BLOCK_MODE, block_mode, 0x28, 21, 21, MPT_ENTRY_BLOCK_MODE, U8, BOOL)
RADP_MPT_FIELD(LEN64, len64, 0x28, 22, 22, MPT_ENTRY_LEN64, U8, BOOL)
RADP_MPT_FIELD(FBO_EN, fbo_en, 0x28, 23, 23, MPT_ENTRY_FBO_EN, U8, BOOL)
RADP_MPT_FIELD64_H(MTT_ADR_H, mtt_adr_h, 0x2c, 7, 0, MPT_ENTRY_MTT_ADR, U64, NUM)
RADP_MPT_FIELD64_L(MTT_ADR_L, mtt_adr_l, 0x30, 31, 0, NONE, NONE, NUM)
RADP_MPT_FIELD(MTT_SIZE, mtt_size, 0x34, 31, 0, MPT_ENTRY_MTT_SIZE, U32, NUM)
RADP_MPT_FIELD(ENTITY_SIZE, entity_size, 0x38, 20, 0, MPT_ENTRY_ENTITY_SIZE, U32, NUM)
RADP_MPT_FIELD(MTT_FBO, mtt_fbo, 0x3c, 20, 0, MPT_ENTRY_MTT_FBO, U32, NUM)

/*
 * struct mlx5_ifc_mkc_bits of include/linux/mlx5/mlx5_ifc.h (6.12), the
 * 64-byte mkey context, the fields the mlx5 backend maps to the MPT entry
 * (radp_mkc.c). mlx5_ifc gives a field as a bit offset from the start,
 * most significant bit first; the comment before a row gives that offset
 * and width, the row the same bits the PRM way. log_page_size is 6 bits
 * wide there, 5 in 6.1's header, where the top bit is reserved (0 from
 * firmware that predates it). No row has an attribute: the context is
 * shown only as the MPT entry it maps to.
 */
/* 0x001 +1 */
RADP_MKC_FIELD(FREE, free, 0x00, 30, 30, NONE, NONE, BOOL)
/* 0x003 +3 */
RADP_MKC_FIELD(ACCESS_MODE_4_2, access_mode_4_2, 0x00, 28, 26, NONE, NONE, NUM)
/* 0x010 +1 */
RADP_MKC_FIELD(UMR_EN, umr_en, 0x00, 15, 15, NONE, NONE, BOOL)
/* 0x011 +1 */
RADP_MKC_FIELD(A, a, 0x00, 14, 14, NONE, NONE, BOOL)
/* 0x012 +1 */
RADP_MKC_FIELD(RW, rw, 0x00, 13, 13, NONE, NONE, BOOL)
/* 0x013 +1 */
RADP_MKC_FIELD(RR, rr, 0x00, 12, 12, NONE, NONE, BOOL)
/* 0x014 +1 */
RADP_MKC_FIELD(LW, lw, 0x00, 11, 11, NONE, NONE, BOOL)
/* 0x015 +1 */
RADP_MKC_FIELD(LR, lr, 0x00, 10, 10, NONE, NONE, BOOL)
/* 0x016 +2 */
RADP_MKC_FIELD(ACCESS_MODE_1_0, access_mode_1_0, 0x00, 9, 8, NONE, NONE, NUM)
/* 0x020 +0x18 */
RADP_MKC_FIELD(QPN, qpn, 0x04, 31, 8, NONE, NONE, NUM)
/* 0x038 +8 */
RADP_MKC_FIELD(MKEY_7_0, mkey_7_0, 0x04, 7, 0, NONE, NONE, NUM)
/* 0x060 +1 */
RADP_MKC_FIELD(LENGTH64, length64, 0x0c, 31, 31, NONE, NONE, BOOL)
/* 0x067 +1 */
RADP_MKC_FIELD(EN_RINVAL, en_rinval, 0x0c, 24, 24, NONE, NONE, BOOL)
/* 0x068 +0x18 */
RADP_MKC_FIELD(PD, pd, 0x0c, 23, 0, NONE, NONE, NUM)
/* 0x080 +0x40: start_addr */
RADP_MKC_FIELD(START_ADDR_H, start_addr_h, 0x10, 31, 0, NONE, NONE, NUM)
RADP_MKC_FIELD(START_ADDR_L, start_addr_l, 0x14, 31, 0, NONE, NONE, NUM)
/* 0x0c0 +0x40: len */
RADP_MKC_FIELD(LEN_H, len_h, 0x18, 31, 0, NONE, NONE, NUM)
RADP_MKC_FIELD(LEN_L, len_l, 0x1c, 31, 0, NONE, NONE, NUM)
/* 0x1a0 +0x20 */
RADP_MKC_FIELD(TRANSLATIONS_OCTWORD_SIZE, translations_octword_size, 0x34, 31, 0,
	       NONE, NONE, NUM)
/* 0x1da +6 */
RADP_MKC_FIELD(LOG_PAGE_SIZE, log_page_size, 0x38, 5, 0, NONE, NONE, NUM)

/*
 * ADP_RETX_HISTOGRAM_CONFIG (register 0xC01D): how the firmware bins the
 * adaptive-retransmission timeouts that fire. time_unit_cap and
 * bin_num_max are read only. Documentation/histogram.rst says what each
 * bin counts.
 */
RADP_HIST_CONFIG_FIELD(COUNT_ENABLE, count_enable, 0x00, 31, 31,
		       HISTOGRAM_CONFIG_COUNT_ENABLE, U8, BOOL)
RADP_HIST_CONFIG_FIELD(CLEAR_ON_READ, clear_on_read, 0x00, 30, 30,
		       HISTOGRAM_CONFIG_CLEAR_ON_READ, U8, BOOL)
RADP_HIST_CONFIG_FIELD(VHCA_ID_VALID, vhca_id_valid, 0x00, 29, 29,
		       HISTOGRAM_CONFIG_VHCA_ID_VALID, U8, BOOL)
RADP_HIST_CONFIG_FIELD(TIME_UNIT, time_unit, 0x00, 27, 26,
		       HISTOGRAM_CONFIG_TIME_UNIT, U32, HIST_TIME_UNIT)
RADP_HIST_CONFIG_FIELD(BIN_WIDTH_MODE, bin_width_mode, 0x00, 25, 24,
		       HISTOGRAM_CONFIG_BIN_WIDTH_MODE, U32, HIST_BIN_WIDTH_MODE)
RADP_HIST_CONFIG_FIELD(TIME_UNIT_CAP, time_unit_cap, 0x00, 23, 20,
		       HISTOGRAM_CONFIG_TIME_UNIT_CAP, U32, NUM)
RADP_HIST_CONFIG_FIELD(BIN_NUM, bin_num, 0x04, 31, 24,
		       HISTOGRAM_CONFIG_BIN_NUM, U32, NUM)
RADP_HIST_CONFIG_FIELD(BIN_NUM_MAX, bin_num_max, 0x04, 23, 16,
		       HISTOGRAM_CONFIG_BIN_NUM_MAX, U32, NUM)
RADP_HIST_CONFIG_FIELD(VHCA_ID, vhca_id, 0x04, 15, 0,
		       HISTOGRAM_CONFIG_VHCA_ID, U32, NUM)
RADP_HIST_CONFIG_FIELD(BIN0_WIDTH, bin0_width, 0x08, 31, 16,
		       HISTOGRAM_CONFIG_BIN0_WIDTH, U32, NUM)
RADP_HIST_CONFIG_FIELD(BIN1_WIDTH, bin1_width, 0x08, 15, 0,
		       HISTOGRAM_CONFIG_BIN1_WIDTH, U32, NUM)

/*
 * ADP_RETX_HISTOGRAM (register 0xC01E): bin_num (read only) and, from
 * byte RADP_HIST_BIN_OFF, bin_num 64-bit counters.
 */
RADP_HIST_FIELD(BIN_NUM, bin_num, 0x00, 31, 24, HIST_BIN_NUM, U32, NUM)

/*
 * One counter of ADP_RETX_HISTOGRAM: offsets from the counter's start
 * (register byte 0x10 + 8i for bin i), high dword first, as the MPT's
 * 64-bit values: the attribute is on the _h row.
 */
RADP_HIST_BIN_FIELD(BIN_COUNT_H, bin_count_h, 0x00, 31, 0,
		    HIST_BIN_COUNT, U64, NUM)
RADP_HIST_BIN_FIELD(BIN_COUNT_L, bin_count_l, 0x04, 31, 0, NONE, NONE, NUM)

#undef RADP_ACCL_SELECT_FIELD
#undef RADP_ACCL_FEATURE_FIELD
#undef RADP_ACCL_PROFILE_FIELD
#undef RADP_ACCL_CAPS_FIELD
#undef RADP_PROFILE_FIELD
#undef RADP_RANGE_FIELD
#undef RADP_MPT_FIELD
#undef RADP_MPT_ACCESS_FIELD
#undef RADP_MPT_FIELD64_H
#undef RADP_MPT_FIELD64_L
#undef RADP_MKC_FIELD
#undef RADP_HIST_CONFIG_FIELD
#undef RADP_HIST_FIELD
#undef RADP_HIST_BIN_FIELD
