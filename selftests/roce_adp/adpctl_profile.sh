#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# adpctl profile and accl against the emulated device: values read back,
# text and JSON, and the errors of the driver, the firmware and adpctl.
. ./lib.sh

EMU=$DBG/emu0

fresh()
{
	module_default
}

test_set_and_show()
{
	fresh
	run_cmd set_full
	expect_eq "$RC" 0 "exit status ($ERR)" || return 1
	expect_match "$OUT" '^emu0 profile 1 \(active\)' "set reply" || return 1
	expect_match "$OUT" '^  range 1 prev_range_index 0 dec_mode div4 timeout_retry_num 2 range_low_bound 6 range_size 4 \(512us .. 8.192ms\)$' \
		"set reply" || return 1
	run_cmd adpctl profile show dev emu0 id 1
	expect_match "$OUT" 'retx_total_timeout 18 .*\(total 2.097s, initial 64us .. 512us\)$' \
		"show"
}

test_json_round_trip()
{
	fresh
	set_full >/dev/null || { echo "set failed"; return 1; }
	run_cmd adpctl -j profile show dev emu0
	expect_eq "$RC" 0 "exit status" || return 1
	expect_eq "$(json_get "$OUT" 'j[0]["active_profile_id"]')" 1 "active" ||
		return 1
	expect_eq "$(json_get "$OUT" '[p["adp_retx_profile_id"] for p in j[0]["profiles"]]')" \
		"[0, 1]" "profile ids" || return 1
	expect_eq "$(json_get "$OUT" 'sorted(j[0]["profiles"][1].keys())')" \
		"['adp_retx_profile_id', 'qp_total_timeout', 'range_num', 'retx_total_timeout', 'start_range_index', 'time_base', 'time_unit', 'timeout_init_low_bound', 'timeout_init_range_size', 'timeout_range']" \
		"PRM keys" || return 1
	expect_eq "$(json_get "$OUT" 'j[0]["profiles"][1]["timeout_range"][1]')" \
		"{'prev_range_index': 0, 'dec_mode': 0, 'timeout_retry_num': 2, 'range_low_bound': 6, 'range_size': 4}" \
		"range 1"
}

test_partial_set()
{
	fresh
	set_full >/dev/null || { echo "set failed"; return 1; }
	run_cmd adpctl profile set dev emu0 id 1 range 1 timeout_retry_num 7 dec_mode 1
	expect_eq "$RC" 0 "exit status ($ERR)" || return 1
	run_cmd adpctl -j profile show dev emu0 id 1
	expect_eq "$(json_get "$OUT" 'j[0]["profiles"][0]["timeout_range"][1]["timeout_retry_num"]')" \
		7 "changed field" || return 1
	expect_eq "$(json_get "$OUT" 'j[0]["profiles"][0]["timeout_range"][1]["dec_mode"]')" \
		1 "raw dec_mode" || return 1
	expect_eq "$(json_get "$OUT" 'j[0]["profiles"][0]["time_base"]')" 8 \
		"untouched field"
}

test_driver_rejects()
{
	fresh
	set_full >/dev/null || { echo "set failed"; return 1; }
	before=$(adpctl -j profile show dev emu0)
	run_cmd adpctl profile set dev emu0 id 1 time_base 12
	expect_eq "$RC" 2 "exit status" || return 1
	expect_eq "$ERR" "Error: time_base must be a power of two." "stderr" ||
		return 1
	run_cmd adpctl profile set dev emu0 id 1 range 1 range_low_bound 2
	expect_eq "$ERR" \
		"Error: timeout_range[1]: range_low_bound must be above the previous range's." \
		"stderr" || return 1
	expect_eq "$(adpctl -j profile show dev emu0)" "$before" "state after"
}

test_firmware_rejects()
{
	fresh
	echo Y >$EMU/skip_driver_checks
	run_cmd adpctl profile set dev emu0 id 1 time_base 12
	echo N >$EMU/skip_driver_checks
	expect_kernel_error \
		"Error: firmware status BAD_PARAM (0x03), syndrome 0x0ad51003." || return 1
	run_cmd adpctl -j accl show dev emu0
	expect_eq "$(json_get "$OUT" 'j[0]["active_profile_id"]')" 0 \
		"still on firmware timeouts"
}

test_syntax_error()
{
	run_cmd adpctl profile set dev emu0 id 1 time_base 70000
	expect_eq "$RC" 1 "exit status" || return 1
	expect_match "$ERR" '^Error: invalid value "70000" for "time_base"' "stderr"
}

test_accl_set_and_show()
{
	fresh
	run_cmd adpctl accl set dev emu0 roce_tx_window_en on roce_adp_retrans_en off
	expect_eq "$RC" 0 "exit status ($ERR)" || return 1
	run_cmd adpctl -j accl show dev emu0
	expect_eq "$(json_get "$OUT" '(j[0]["roce_tx_window_en"], j[0]["roce_adp_retrans_en"], j[0]["roce_slow_restart_en"])')" \
		"(True, False, False)" "enables" || return 1
	expect_eq "$(json_get "$OUT" 'j[0]["adp_retx_base_timeout_min"]')" 4000 \
		"caps" || return 1
	run_cmd adpctl accl show dev emu0
	expect_match "$OUT" 'roce_tx_window_en +on' "text"
}

test_accl_not_configurable()
{
	fresh
	echo 0x7d >$EMU/accl_configurable
	run_cmd adpctl accl set dev emu0 roce_tx_window_en on
	expect_kernel_error \
		"Error: roce_tx_window_en is not configurable on this device." || return 1
	run_cmd adpctl accl show dev emu0
	expect_match "$OUT" 'roce_tx_window_en +not supported$' "text"
}

test_mode_stays_after_profile()
{
	fresh
	set_full >/dev/null || { echo "set failed"; return 1; }
	run_cmd adpctl profile set dev emu0 id 0 time_base 8
	expect_kernel_error \
		"Error: profile 0 is the firmware's own and cannot be written." || return 1
	run_cmd adpctl accl show dev emu0
	expect_match "$OUT" 'active profile 1 \(profile timeouts\)' "mode"
}

# profile tune on a device: its caps and current profile; the profile it
# prints is accepted by the driver and the firmware model, and lints clean
# read back.
test_tune_dev()
{
	local words

	fresh
	run_cmd adpctl profile tune dev emu0 rtt 30ms outage 50ms
	expect_eq "$RC" 0 "exit status" || return 1
	expect_eq "$ERR" "" "stderr" || return 1
	expect_match "$OUT" '^  emu0 profile 0 \(current\) ' "current row" ||
		return 1
	expect_match "$OUT" '^  best +0\.00% .* met, 0 errors, 0 warnings$' \
		"best row" || return 1
	words=$(printf '%s\n' "$OUT" |
		sed -n 's/^  adpctl profile set dev emu0 id 1 //p')
	[ -n "$words" ] || { echo "no profile set line"; return 1; }
	# shellcheck disable=SC2086
	run_cmd adpctl profile set dev emu0 id 1 $words
	expect_eq "$RC" 0 "set exit status" || { echo "$ERR"; return 1; }
	run_cmd adpctl profile lint dev emu0 id 1 ack_timeout 14 retry_count 7
	expect_eq "$OUT" "emu0 profile 1 (active): 0 errors, 0 warnings" "lint"
}

run_test profile_set_and_show test_set_and_show
run_test profile_json_round_trip test_json_round_trip
run_test profile_partial_set test_partial_set
run_test profile_driver_rejects_without_change test_driver_rejects
run_test profile_firmware_rejects test_firmware_rejects
run_test profile_syntax_error test_syntax_error
run_test accl_set_and_show test_accl_set_and_show
run_test accl_not_configurable test_accl_not_configurable
run_test profile_0_not_writable_mode_stays test_mode_stays_after_profile
run_test profile_tune_dev test_tune_dev
fresh
tap_end
