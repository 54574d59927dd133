#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# adpctl and the configuration restore after a firmware reset: the restore
# line of dev show, profile forget. The kernel side is in fault_injection.c.
. ./lib.sh

# fw_reset MS: reset emu0's firmware and wait until it is back and restored.
fw_reset()
{
	before=$(adpctl -j dev show emu0 | python3 -S -c \
		'import json, sys; print(json.load(sys.stdin)[0]["restore"]["resets"])')
	echo "$1" >$DBG/emu0/fw_reset
	for _ in $(seq 100); do
		now=$(adpctl -j dev show emu0 2>/dev/null | python3 -S -c \
			'import json, sys; print(json.load(sys.stdin)[0]["restore"]["resets"])' 2>/dev/null)
		[ "$now" = $((before + 1)) ] && return 0
		sleep 0.1
	done
	echo "no restore after the firmware reset"
	return 1
}

test_restored_line()
{
	module_default
	adpctl accl set dev emu0 roce_tx_window_en on >/dev/null || return 1
	adpctl profile set dev emu0 id 1 time_base 8 >/dev/null || return 1
	run_cmd adpctl dev show emu0
	expect_match "$OUT" '^    restore on profile 1 roce_tx_window_en on resets 0 last none$' \
		"restore line before a reset" || return 1
	fw_reset 100 || return 1
	run_cmd adpctl dev show emu0
	expect_eq "$RC" 0 "exit status" || return 1
	expect_match "$OUT" '^    restore on profile 1 roce_tx_window_en on resets 1 last restored at [0-9T:-]+Z in [0-9]+ us$' \
		"restore line" || return 1
	run_cmd adpctl -j accl show emu0
	expect_eq "$(json_get "$OUT" 'j[0]["active_profile_id"]')" 1 "active profile"
}

# The features of current firmware come back after a reset, bit for bit:
# 04h ifa2 27, cc_burst_size 2 at 26:24, ack_dscp 46 at 15:10, retrans 0;
# 08h cc_probe_mp_mode 1 at 21:20 beside the caps. dev show names each
# saved feature with its whole value (ack_dscp_force too: it shares
# ack_dscp's select, so the write carried its value).
test_restored_new_features()
{
	module_default
	adpctl accl set dev emu0 cc_burst_size 16KB ack_dscp 46 \
		cc_probe_mp_mode discard ifa2_turn_around_en on >/dev/null ||
		return 1
	fw_reset 100 || return 1
	run_cmd adpctl dev show emu0
	expect_match "$OUT" '^    restore on profile 0 ack_dscp_force off ack_dscp 46 cc_burst_size 16KB ifa2_turn_around_en on cc_probe_mp_mode discard resets 1 last restored at ' \
		"restore line" || return 1
	run_cmd adpctl -j dev show emu0
	expect_eq "$(json_get "$OUT" 'j[0]["restore"]["features"]')" \
		"{'ack_dscp_force': False, 'ack_dscp': 46, 'cc_burst_size': 2, 'ifa2_turn_around_en': True, 'cc_probe_mp_mode': 1}" \
		"restore features in JSON" || return 1
	run_cmd adpctl -j accl show emu0 -r
	expect_eq "$(json_get "$OUT" 'j[0]["raw"][:24]')" \
		"18000fff0a00b80141100fa0" "register after the restore"
}

test_resetting_error()
{
	module_default
	# down for 3 s: adpctl took over 500 ms to reach the device on the
	# debug kernel under load (the module reload after ends the reset)
	echo 3000 >$DBG/emu0/fw_reset
	run_cmd adpctl accl show emu0
	expect_kernel_error "Error: device is resetting."
}

test_profile_forget()
{
	module_default
	adpctl accl set dev emu0 roce_tx_window_en on >/dev/null || return 1
	adpctl profile set dev emu0 id 1 time_base 8 >/dev/null || return 1
	run_cmd adpctl profile forget dev emu0
	expect_eq "$RC" 0 "exit status" || return 1
	expect_eq "$OUT" "emu0: profile forgotten; the firmware keeps the current profile until its next reset,
    after which its default timeouts apply (the enables are still restored)" || return 1
	run_cmd adpctl -j accl show emu0
	expect_eq "$(json_get "$OUT" 'j[0]["active_profile_id"]')" 1 \
		"active profile before the reset" || return 1
	fw_reset 10 || return 1
	run_cmd adpctl -j accl show emu0
	expect_eq "$(json_get "$OUT" 'j[0]["active_profile_id"]')" 0 \
		"active profile after the reset" || return 1
	expect_eq "$(json_get "$OUT" 'bool(j[0]["roce_tx_window_en"])')" True \
		"enable restored"
}

test_restore_off()
{
	module_default
	echo N >/sys/module/roce_adp/parameters/restore_config
	adpctl profile set dev emu0 id 1 time_base 8 >/dev/null || return 1
	fw_reset 10 || return 1
	run_cmd adpctl dev show emu0
	echo Y >/sys/module/roce_adp/parameters/restore_config
	expect_match "$OUT" '^    restore off profile 1 .* last disabled at ' "restore line"
}

# The histogram configuration set before a reset is written back after
# it: dev show names it by its PRM names, the same fields and values as
# histogram show -j has them.
test_restored_histogram()
{
	module_default
	adpctl histogram config dev emu0 bins 4 width0 1ms width1 1ms \
		mode double count on clear_on_read on >/dev/null || return 1
	fw_reset 100 || return 1
	run_cmd adpctl dev show emu0
	expect_match "$OUT" '^    restore on profile 0 histogram count_enable on clear_on_read on vhca_id_valid off time_unit [a-z0-9]+ bin_width_mode double bin_num 4 vhca_id [0-9]+ bin0_width [0-9]+ bin1_width [0-9]+ resets 1 last restored at ' \
		"restore line" || return 1
	run_cmd adpctl -j dev show emu0
	saved=$(json_get "$OUT" 'sorted(j[0]["restore"]["histogram_config"].items())')
	run_cmd adpctl -j histogram show dev emu0
	expect_eq "$(json_get "$OUT" 'sorted((k, v) for k, v in j[0].items() if k in ("count_enable", "clear_on_read", "vhca_id_valid", "time_unit", "bin_width_mode", "bin_num", "vhca_id", "bin0_width", "bin1_width"))')" \
		"$saved" "restore nest and histogram show -j" || return 1
	expect_eq "$(json_get "$OUT" 'j[0]["bin_num"]')" 4 "layout after the reset"
}

run_test restored_line test_restored_line
run_test restored_new_features test_restored_new_features
run_test resetting_error test_resetting_error
run_test profile_forget test_profile_forget
run_test restore_off test_restore_off
run_test restored_histogram test_restored_histogram
module_default
tap_end
