/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The layouts the two test firmware models share: the emulator
 * (drivers/roce_adp_emu) and the mlx5_core stand-in
 * (selftests/mlx5_standin). In mlx5_ifc.h's notation (a field is
 * u8 name[width], most significant bit of each dword first) for the
 * kernel's MLX5_GET()/MLX5_SET(), written from the PRM tables (ROCE_ACCL,
 * adp_retx_profile, timeout_range, ADP_RETX_HISTOGRAM_CONFIG) and on
 * purpose not from the driver's rows (drivers/roce_adp/radp_fields.h): a
 * field the driver places wrongly must make the tests fail. Never
 * installed: the DKMS tree takes only include/uapi.
 */
#ifndef _FW_MODEL_ADP_RETX_IFC_H
#define _FW_MODEL_ADP_RETX_IFC_H

#include <linux/types.h>

/* timeout_range: one entry of the profile's ladder. */
struct mlx5_ifc_fw_model_timeout_range_bits {
	u8 reserved_at_0[0x1];
	u8 prev_range_index[0x3];
	u8 dec_mode[0x2];
	u8 timeout_retry_num[0xa];
	u8 range_low_bound[0x8];
	u8 range_size[0x8];
};

/* adp_retx_profile: 48 bytes, ROCE_ACCL bytes 0x10-0x3f. */
struct mlx5_ifc_fw_model_adp_retx_profile_bits {
	u8 qp_total_timeout[0x1];
	u8 range_num[0x3];
	u8 reserved_at_4[0x1];
	u8 start_range_index[0x3];
	u8 time_unit[0x2];
	u8 reserved_at_a[0x6];
	u8 time_base[0x10];

	u8 retx_total_timeout[0x8];
	u8 reserved_at_28[0x8];
	u8 timeout_init_low_bound[0x8];
	u8 timeout_init_range_size[0x8];

	struct mlx5_ifc_fw_model_timeout_range_bits timeout_range[4];

	u8 reserved_at_c0[0xc0];
};

/*
 * ROCE_ACCL (0x402c): 0x80 bytes; older firmware's 0x40 end at 0x3f and
 * know only the seven features at bits 6:0 of dwords 0x00 and 0x04 (the
 * rest is reserved there).
 */
struct mlx5_ifc_fw_model_roce_accl_bits {
	u8 reserved_at_0[0x3];
	u8 adp_retx_profile_select[0x1];
	u8 ifa2_turn_around_select[0x1];
	u8 reserved_at_5[0xf];
	u8 cc_probe_mp_mode_field_select[0x1];
	u8 cc_burst_size_select[0x1];
	u8 ack_dscp_force_field_select[0x1];
	u8 cc_per_plane_en_field_select[0x1];
	u8 dc_half_handshake_en_field_select[0x1];
	u8 selective_repeat_forced_en_field_select[0x1];
	u8 adaptive_routing_forced_en_field_select[0x1];
	u8 min_ack_timeout_limit_disabled_field_select[0x1];
	u8 roce_slow_restart_idle_field_select[0x1];
	u8 roce_slow_restart_field_select[0x1];
	u8 roce_tx_window_field_select[0x1];
	u8 roce_adp_retrans_field_select[0x1];

	u8 reserved_at_20[0x1];
	u8 adp_retx_profile_id[0x3];
	u8 ifa2_turn_around_en[0x1];
	u8 cc_burst_size[0x3];
	u8 reserved_at_28[0x8];
	u8 ack_dscp[0x6];
	u8 ack_dscp_force[0x1];
	u8 cc_per_plane_en[0x1];
	u8 dc_half_handshake_en[0x1];
	u8 selective_repeat_forced_en[0x1];
	u8 adaptive_routing_forced_en[0x1];
	u8 min_ack_timeout_limit_disabled[0x1];
	u8 roce_slow_restart_idle_en[0x1];
	u8 roce_slow_restart_en[0x1];
	u8 roce_tx_window_en[0x1];
	u8 roce_adp_retrans_en[0x1];

	u8 reserved_at_40[0x1];
	u8 adp_retx_profile_max_range_num[0x3];
	u8 reserved_at_44[0x1];
	u8 adp_retx_profile_max_id[0x3];
	u8 reserved_at_48[0x2];
	u8 cc_probe_mp_mode[0x2];
	u8 adp_retx_base_timeout_min[0x14];

	u8 reserved_at_60[0x20];

	struct mlx5_ifc_fw_model_adp_retx_profile_bits adp_retx_profile;

	u8 reserved_at_200[0x200];
};

/* ADP_RETX_HISTOGRAM_CONFIG (0xc01d): 0x80 bytes. */
struct mlx5_ifc_fw_model_hist_config_bits {
	u8 count_enable[0x1];
	u8 clear_on_read[0x1];
	u8 vhca_id_valid[0x1];
	u8 reserved_at_3[0x1];
	u8 time_unit[0x2];
	u8 bin_width_mode[0x2];
	u8 time_unit_cap[0x4];
	u8 reserved_at_c[0x14];

	u8 bin_num[0x8];
	u8 bin_num_max[0x8];
	u8 vhca_id[0x10];

	u8 bin0_width[0x10];
	u8 bin1_width[0x10];

	u8 reserved_at_60[0x3a0];
};

#endif
