#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The ROCE_ACCL features of current firmware through adpctl: each set and
# read back, the register's bytes (accl show -r) against vectors written
# by hand from the reference's positions, select bits of older firmware
# and mixtures (knob accl_configurable), reserved encodings, the shared
# select of ack_dscp_force and ack_dscp, mlxreg's --set syntax and the
# mlxreg lines of the admin guide.
. ./lib.sh

EMU=$DBG/emu0

# raw_dwords N: the first N dwords of emu0's register, as the device
# returned them, in hex.
raw_dwords()
{
	run_cmd adpctl -j accl show dev emu0 -r
	[ "$RC" = 0 ] || { echo "accl show -r: $ERR"; return 1; }
	json_get "$OUT" "(len(j[0]['raw']), j[0]['raw'][:8 * $1])"
}

# Fresh module: current firmware (every select), retrans on, caps
# max_range_num 4, max_id 1, 4000 ns; profile 0 in effect.
test_defaults()
{
	module_default
	expect_eq "$(raw_dwords 3)" "(256, '18000fff0000000141000fa0')" \
		"dwords 00h 04h 08h" || return 1
	run_cmd adpctl -j accl show dev emu0
	expect_eq "$(json_get "$OUT" 'sorted(k for k, v in j[0]["configurable"].items() if v)')" \
		"['ack_dscp', 'ack_dscp_force', 'adaptive_routing_forced_en', 'cc_burst_size', 'cc_per_plane_en', 'cc_probe_mp_mode', 'dc_half_handshake_en', 'ifa2_turn_around_en', 'min_ack_timeout_limit_disabled', 'roce_adp_retrans_en', 'roce_slow_restart_en', 'roce_slow_restart_idle_en', 'roce_tx_window_en', 'selective_repeat_forced_en']" \
		"configurable"
}

# Every new feature at once, then the other values: the bits land where
# the reference puts them.
#   04h: ifa2 27, cc_burst_size 26:24, ack_dscp 15:10, ack_dscp_force 9,
#        cc_per_plane_en 8, dc_half_handshake_en 7, roce_adp_retrans_en 0
#   08h: cc_probe_mp_mode 21:20 beside the caps (41000fa0)
test_set_every_feature()
{
	module_default
	run_ok adpctl accl set dev emu0 dc_half_handshake_en on \
		cc_per_plane_en on ack_dscp_force on ack_dscp 46 \
		cc_burst_size 16KB ifa2_turn_around_en on cc_probe_mp_mode discard ||
		return 1
	expect_match "$OUT" '^  cc_burst_size +16KB$' "set reply" || return 1
	expect_match "$OUT" '^  cc_probe_mp_mode +discard$' "set reply" ||
		return 1
	# 08000000 + 02000000 + 46 << 10 (b800) + 380 + 1
	expect_eq "$(raw_dwords 3)" "(256, '18000fff0a00bb8141100fa0')" \
		"register" || return 1
	run_cmd adpctl -j accl show dev emu0
	expect_eq "$(json_get "$OUT" '[j[0][k] for k in ("dc_half_handshake_en", "cc_per_plane_en", "ack_dscp_force", "ack_dscp", "cc_burst_size", "ifa2_turn_around_en", "cc_probe_mp_mode")]')" \
		"[True, True, True, 46, 2, True, 1]" "read back" || return 1

	run_cmd adpctl accl set dev emu0 dc_half_handshake_en off \
		cc_per_plane_en off ack_dscp 63 cc_burst_size 1.5KB \
		ifa2_turn_around_en off cc_probe_mp_mode accept
	expect_eq "$RC" 0 "exit status ($ERR)" || return 1
	# 07000000 + 63 << 10 (fc00) + 200 + 1
	expect_eq "$(raw_dwords 3)" "(256, '18000fff0700fe0141000fa0')" \
		"register" || return 1
	run_cmd adpctl accl set dev emu0 cc_burst_size 8KB
	expect_eq "$(raw_dwords 2)" "(256, '18000fff0100fe01')" "8KB" ||
		return 1
	run_cmd adpctl accl set dev emu0 cc_burst_size 4KB ack_dscp 0 \
		ack_dscp_force off
	expect_eq "$(raw_dwords 2)" "(256, '18000fff00000001')" "4KB, dscp 0"
}

# One select guards ack_dscp_force and ack_dscp: a write of one keeps the
# other's value.
test_shared_select()
{
	module_default
	adpctl accl set dev emu0 ack_dscp_force on ack_dscp 46 >/dev/null ||
		return 1
	run_cmd adpctl accl set dev emu0 ack_dscp 10
	expect_eq "$RC" 0 "exit status ($ERR)" || return 1
	run_cmd adpctl -j accl show dev emu0
	expect_eq "$(json_get "$OUT" '(j[0]["ack_dscp_force"], j[0]["ack_dscp"])')" \
		"(True, 10)" "force kept" || return 1
	adpctl accl set dev emu0 ack_dscp_force off >/dev/null || return 1
	run_cmd adpctl -j accl show dev emu0
	expect_eq "$(json_get "$OUT" '(j[0]["ack_dscp_force"], j[0]["ack_dscp"])')" \
		"(False, 10)" "dscp kept"
}

# Older firmware reports the seven selects only: the new features are not
# supported, a set of one names it, the register's bits stay 0.
test_old_firmware()
{
	module_default
	echo 0x7f >$EMU/accl_configurable
	expect_eq "$(raw_dwords 3)" "(256, '1000007f0000000141000fa0')" \
		"selects" || return 1
	run_cmd adpctl accl show dev emu0
	for f in dc_half_handshake_en cc_per_plane_en ack_dscp_force ack_dscp \
		 cc_burst_size ifa2_turn_around_en cc_probe_mp_mode; do
		expect_match "$OUT" "^  $f +not supported\$" "text" || return 1
	done
	expect_match "$OUT" '^  roce_tx_window_en +off$' "an old enable" ||
		return 1
	for f in "cc_burst_size 8KB" "ack_dscp 3" "cc_probe_mp_mode discard" \
		 "ifa2_turn_around_en on" "dc_half_handshake_en on" \
		 "cc_per_plane_en on" "ack_dscp_force on"; do
		run_cmd adpctl accl set dev emu0 $f
		expect_kernel_error \
			"Error: ${f%% *} is not configurable on this device." || return 1
	done
	expect_eq "$(raw_dwords 3)" "(256, '1000007f0000000141000fa0')" \
		"nothing written" || return 1
	run_cmd adpctl accl set dev emu0 roce_tx_window_en on
	expect_eq "$RC" 0 "an old enable still sets ($ERR)"
}

# A mixture: the seven and ack_dscp_force's select (bit 9) only.
test_mixed_firmware()
{
	module_default
	echo 0x27f >$EMU/accl_configurable
	run_cmd adpctl -j accl show dev emu0
	expect_eq "$(json_get "$OUT" 'sorted(k for k, v in j[0]["configurable"].items() if not v)')" \
		"['cc_burst_size', 'cc_per_plane_en', 'cc_probe_mp_mode', 'dc_half_handshake_en', 'ifa2_turn_around_en']" \
		"not configurable" || return 1
	run_cmd adpctl accl set dev emu0 ack_dscp 5
	expect_eq "$RC" 0 "ack_dscp sets ($ERR)" || return 1
	run_cmd adpctl accl set dev emu0 ack_dscp 6 ifa2_turn_around_en on
	expect_eq "$ERR" \
		"Error: ifa2_turn_around_en is not configurable on this device." \
		"stderr" || return 1
	expect_eq "$(raw_dwords 2)" "(256, '1000027f00001401')" \
		"ack_dscp 5 alone"
}

# Reserved encodings: refused by the driver naming the field, and by the
# firmware model when the driver's checks are skipped.
test_reserved()
{
	module_default
	for v in 3 4 5 6; do
		run_cmd adpctl accl set dev emu0 cc_burst_size $v
		expect_eq "$RC:$ERR" "2:Error: cc_burst_size $v is reserved." \
			"cc_burst_size $v" || return 1
	done
	for v in 2 3; do
		run_cmd adpctl accl set dev emu0 cc_probe_mp_mode $v
		expect_eq "$RC:$ERR" "2:Error: cc_probe_mp_mode $v is reserved." \
			"cc_probe_mp_mode $v" || return 1
	done
	run_cmd adpctl accl set dev emu0 ack_dscp 64
	expect_eq "$RC:$ERR" \
		"1:Error: invalid value \"64\" for \"ack_dscp\": expected 0..63. Try \"adpctl accl set help\"." \
		"ack_dscp 64" || return 1
	echo Y >$EMU/skip_driver_checks
	run_cmd adpctl accl set dev emu0 cc_burst_size 3
	echo N >$EMU/skip_driver_checks
	expect_eq "$RC:$ERR" \
		"2:Error: firmware status BAD_PARAM (0x03), syndrome 0x0ad50009." \
		"firmware" || return 1
	expect_eq "$(raw_dwords 2)" "(256, '18000fff00000001')" "unchanged"
}

# mlxreg's --set list, as operators have it in their scripts.
test_mlxreg_syntax()
{
	module_default
	run_cmd adpctl accl set dev emu0 \
		roce_adp_retrans_en=0x0,roce_tx_window_en=0x1,cc_burst_size=0x2
	expect_eq "$RC" 0 "exit status ($ERR)" || return 1
	expect_eq "$(raw_dwords 2)" "(256, '18000fff02000002')" "register" ||
		return 1
	run_cmd adpctl accl set dev emu0 \
		ack_dscp_force_field_select=0x1,ack_dscp_force=0x1,ack_dscp=0x2e
	expect_eq "$RC" 0 "with a select ($ERR)" || return 1
	expect_eq "$(raw_dwords 2)" "(256, '18000fff0200ba02')" "register" ||
		return 1
	run_cmd adpctl accl set dev emu0 roce_adp_retrans_en=0x2
	expect_eq "$RC" 1 "a value too wide"
}

# Every mlxreg --set line of the admin guide's migration table
# (admin-guide.rst, copied here by the Makefile) runs unchanged after
# "adpctl accl set dev emu0", and lands what it says.
test_admin_guide_mlxreg_lines()
{
	module_default
	set_full >/dev/null || return 1
	python3 -S - ./admin-guide.rst >/tmp/mlxreg_lines <<'EOF' || return 1
import re, sys
t = open(sys.argv[1]).read()
t = t[t.index("\nLeaving mlxreg\n"):t.index("\nModule parameters\n")]
for m in re.findall(r"``(mlxreg .*?)``", t, re.S):
    line = " ".join(m.split())
    if " --set " in line:
        assert line.startswith("mlxreg -d PCI "), line
        print(line[len("mlxreg -d PCI "):])
EOF
	expect_eq "$(wc -l </tmp/mlxreg_lines)" 4 "lines in the table" || return 1
	n=0
	while read -r line; do
		n=$((n + 1))
		eval "run_cmd adpctl accl set dev emu0 $line"
		expect_eq "$RC" 0 "line $n: $line ($ERR)" || return 1
	done </tmp/mlxreg_lines
	run_cmd adpctl -j accl show dev emu0
	expect_eq "$(json_get "$OUT" '[j[0][k] for k in ("roce_adp_retrans_en", "roce_tx_window_en", "ack_dscp_force", "ack_dscp", "cc_burst_size")]')" \
		"[True, True, True, 26, 7]" "the enables" || return 1
	run_cmd adpctl -j profile show dev emu0 id 1
	expect_eq "$(json_get "$OUT" '[(p["time_base"], p["timeout_range"][1]["timeout_retry_num"]) for p in j[0]["profiles"]]')" \
		"[(8, 2)]" "profile 1"
}

# config export carries every feature by its PRM name, and apply of it
# on another device lands the same bits there.
test_export_apply()
{
	module_default
	echo 1 >$BUS/new_device
	adpctl accl set dev emu0 dc_half_handshake_en on cc_per_plane_en on \
		ack_dscp_force on ack_dscp 46 cc_burst_size 16KB \
		ifa2_turn_around_en on cc_probe_mp_mode discard >/dev/null ||
		return 1
	adpctl config export dev emu0 | sed 's/^\[dev emu0/[dev emu1/' \
		>/tmp/emu1.conf
	expect_match "$(cat /tmp/emu1.conf)" \
		"^roce_adp_retrans_en on .* dc_half_handshake_en on cc_per_plane_en on ack_dscp_force on ack_dscp 46 cc_burst_size 16KB ifa2_turn_around_en on cc_probe_mp_mode discard\$" \
		"export" || return 1
	run_cmd adpctl apply /tmp/emu1.conf
	expect_eq "$RC" 3 "apply: exit status ($ERR)" || return 1
	run_cmd adpctl -j accl show dev emu1 -r
	expect_eq "$(json_get "$OUT" 'j[0]["raw"][8:24]')" "0a00bb8141100fa0" \
		"emu1's 04h and 08h" || return 1
	run_cmd adpctl apply --check /tmp/emu1.conf
	expect_eq "$RC:$OUT" "0:no changes" "again" || return 1
	# The same file on older firmware: refused, plainly, nothing written.
	echo 2 >$BUS/new_device
	echo 0x7f >$DBG/emu2/accl_configurable
	sed 's/^\[dev emu1/[dev emu2/' /tmp/emu1.conf >/tmp/emu2.conf
	run_cmd adpctl apply /tmp/emu2.conf
	expect_eq "$RC:$ERR" \
		"1:Error: emu2: dc_half_handshake_en is not configurable on this device (fixed at off)." \
		"older firmware" || return 1
	run_cmd adpctl -j accl show dev emu2 -r
	expect_eq "$(json_get "$OUT" 'j[0]["raw"][:24]')" \
		"1000007f0000000141000fa0" "emu2 unchanged"
}

run_test accl_defaults_current_firmware test_defaults
run_test accl_every_feature_bits test_set_every_feature
run_test accl_shared_select test_shared_select
run_test accl_old_firmware test_old_firmware
run_test accl_mixed_firmware test_mixed_firmware
run_test accl_reserved_encodings test_reserved
run_test accl_mlxreg_syntax test_mlxreg_syntax
run_test accl_admin_guide_mlxreg_lines test_admin_guide_mlxreg_lines
run_test accl_config_export_apply test_export_apply
module_default
tap_end
