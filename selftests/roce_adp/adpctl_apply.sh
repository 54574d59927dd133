#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The promises of adpctl apply (Documentation/adpctl-apply.rst) against
# two emulated devices: one device's profile breaking a rule through its
# timeout ranges stops every write to that device, enables included, and
# the other device is still configured; so does a device held in a
# firmware reset, named with exit status 2; a fixed enable asked for the
# value it has is no change, any other value an error; the exit statuses
# 0, 1, 2 and 3. What reaches the firmware is read from each device's
# debugfs last_cmd, not only from the state.
. ./lib.sh

CONF=/tmp/apply_promises.conf
# An ACCESS_REG write (op_mod 0) of ROCE_ACCL, as last_cmd shows it.
WRITE="in 08050000 00000000 0000402c 00000000"

# state [DEV]: both devices' (or DEV's) enables and profiles, as JSON
state()
{
	adpctl -j accl show ${1:+dev $1}
	adpctl -j profile show ${1:+dev $1}
}

# forget: empty both devices' last_cmd
forget()
{
	for d in emu0 emu1; do
		[ -e $DBG/$d/last_cmd ] && echo >$DBG/$d/last_cmd
	done
}

# no_write DEV: none of DEV's last commands (since forget) was a write
no_write()
{
	if grep -q "^$WRITE" $DBG/$1/last_cmd; then
		echo "a write reached $1:"
		grep "^$WRITE" $DBG/$1/last_cmd
		return 1
	fi
}

PROFILE="time_base 8 time_unit usec range_num 2 start_range_index 0
retx_total_timeout 18 timeout_init_low_bound 3 timeout_init_range_size 3
range 0 range_low_bound 3 range_size 3 timeout_retry_num 3 dec_mode div2 prev_range_index 0
range 1 range_low_bound 6 range_size 4 timeout_retry_num 2 dec_mode div4 prev_range_index 0"

# wrote DEV: one of DEV's last commands (since forget) was a write
wrote()
{
	grep -q "^$WRITE" $DBG/$1/last_cmd && return 0
	echo "no write reached $1"
	return 1
}

# configured DEV: DEV has the enables and profile 1 of $CONF's [all]
configured()
{
	expect_eq "$(json_get "$(adpctl -j accl show dev $1)" \
		'(j[0]["roce_slow_restart_en"], j[0]["roce_tx_window_en"])')" \
		"(True, True)" "$1's enables" || return 1
	expect_eq "$(json_get "$(adpctl -j profile show dev $1 id 1)" \
		'j[0]["profiles"][0]["time_base"]')" 8 "$1's profile 1"
}

test_rule_on_one_device_fails_alone()
{
	module_default
	echo 1 >$BUS/new_device
	before=$(state emu1)
	# emu0's result is valid; emu1's breaks the rule that low bounds
	# increase (range 1 below range 0), and the file changes enables of
	# both.
	cat >$CONF <<EOC
[all]
roce_slow_restart_en on
roce_tx_window_en on
[all profile 1]
$PROFILE
[dev emu1 profile 1]
range 1 range_low_bound 2
EOC
	# --check says what fails and writes nothing.
	forget
	run_cmd adpctl apply --check $CONF
	expect_eq "$RC" 1 "--check: exit status" || return 1
	no_write emu0 && no_write emu1 || return 1
	forget
	run_cmd adpctl apply $CONF
	expect_eq "$RC" 1 "exit status" || return 1
	expect_match "$ERR" "^Error: emu1: profile 1: .*range" \
		"the error names the device, the profile and the range" || return 1
	expect_eq "$(state emu1)" "$before" "emu1's state" || return 1
	no_write emu1 && wrote emu0 && configured emu0
}

test_rule_on_first_device_fails_alone()
{
	# The same with the broken profile on the device listed first: emu0
	# keeps what the last run gave it, emu1 is configured now.
	sed -i 's/^\[dev emu1 profile 1\]/[dev emu0 profile 1]/' $CONF
	before=$(state emu0)
	forget
	run_cmd adpctl apply $CONF
	expect_eq "$RC" 1 "exit status" || return 1
	expect_match "$ERR" "^Error: emu0: profile 1: .*range" "error" || return 1
	expect_eq "$(state emu0)" "$before" "emu0's state" || return 1
	no_write emu0 && wrote emu1 && configured emu1
}

test_valid_then_unchanged()
{
	module_default
	echo 1 >$BUS/new_device
	sed -i '/^\[dev emu0 profile 1\]/,$d' $CONF
	forget
	run_cmd adpctl apply $CONF
	expect_eq "$RC" 3 "first run: exit status ($ERR)" || return 1
	expect_match "$OUT" "emu1: roce_tx_window_en off -> on" "emu1 changed" ||
		return 1
	wrote emu0 && wrote emu1 || return 1
	forget
	run_cmd adpctl apply $CONF
	expect_eq "$RC" 0 "second run: exit status ($ERR)" || return 1
	expect_eq "$OUT" "no changes" "second run" || return 1
	no_write emu0 && no_write emu1
}

# resets DEV: the firmware resets DEV's restore has counted (0 before any)
resets()
{
	adpctl -j dev show "$1" 2>/dev/null | python3 -S -c \
		'import json, sys; print(json.load(sys.stdin)[0].get("restore", {}).get("resets", 0))' \
		2>/dev/null || echo 0
}

# emu1 held in a firmware reset (10 s, the longest) while apply runs, as
# when a new device's udev instance or the boot unit meets it: emu0 is
# configured, emu1 is named and exit status 2; once emu1 is back, a
# second run configures it alone.
test_device_in_reset_fails_alone()
{
	module_default
	echo 1 >$BUS/new_device
	adpctl dev show emu1 >/dev/null || return 1
	echo 10000 >$DBG/emu1/fw_reset || return 1
	forget
	run_cmd adpctl apply $CONF
	expect_eq "$RC" 2 "exit status ($ERR)" || return 1
	expect_match "$ERR" '^Error: emu1: .+\.$' "emu1 named" || return 1
	expect_eq "$(printf '%s\n' "$ERR" | wc -l)" 1 "one error" || return 1
	expect_match "$OUT" '^emu0: roce_tx_window_en off -> on$' \
		"emu0's changes" || return 1
	wrote emu0 && configured emu0 || return 1
	# -j names it under "failed".
	echo 10000 >$DBG/emu1/fw_reset || return 1
	run_cmd adpctl -j apply --check $CONF
	expect_eq "$RC:$(json_get "$OUT" 'j["failed"], j["changes"]')" \
		"2:['emu1'] []" "-j --check" || return 1
	# Back from the reset: its restore counted (nothing to restore). On a
	# slow guest the first 10 s reset may have ended (and been counted)
	# before the second began: one more than while it is held.
	held=$(resets emu1)
	echo 1 >$DBG/emu1/fw_reset || return 1
	for _ in $(seq 100); do
		[ "$(resets emu1)" -gt "$held" ] && break
		sleep 0.1
	done
	forget
	run_cmd adpctl apply $CONF
	expect_eq "$RC" 3 "after the reset: exit status ($ERR)" || return 1
	no_write emu0 && wrote emu1 && configured emu1
}

test_fixed_enable()
{
	module_default
	# roce_tx_window_en (bit 1) not configurable: select bit 0 in queries.
	echo 0x7d >$DBG/emu0/accl_configurable
	printf '[dev emu0]\nroce_tx_window_en off\nroce_slow_restart_en on\n' >$CONF
	forget
	run_cmd adpctl apply $CONF
	expect_eq "$RC" 3 "the value it has, with a change: exit status ($ERR)" ||
		return 1
	expect_eq "$OUT" "emu0: roce_slow_restart_en off -> on
1 changes made" "output" || return 1
	# One write, selecting roce_slow_restart_en (bit 2) alone.
	expect_eq "$(grep -c "^$WRITE" $DBG/emu0/last_cmd)" 1 "writes" || return 1
	expect_match "$(grep "^$WRITE" $DBG/emu0/last_cmd)" \
		"^$WRITE 00000004 00000004 " "the write's selects and enables" ||
		return 1

	printf '[dev emu0]\nroce_tx_window_en off\n' >$CONF
	forget
	run_cmd adpctl apply $CONF
	expect_eq "$RC" 0 "the value it has alone: exit status ($ERR)" || return 1
	expect_eq "$OUT" "no changes" "output" || return 1
	no_write emu0 || return 1

	before=$(state)
	printf '[dev emu0]\nroce_slow_restart_en off\nroce_tx_window_en on\n' >$CONF
	forget
	run_cmd adpctl apply $CONF
	expect_eq "$RC" 1 "another value: exit status" || return 1
	expect_match "$ERR" "^Error: emu0: roce_tx_window_en .*fixed" "error" ||
		return 1
	expect_eq "$(state)" "$before" "state" || return 1
	no_write emu0
}

test_usage()
{
	run_cmd adpctl apply
	expect_eq "$RC" 1 "no PATH: exit status" || return 1
	expect_match "$ERR" "^Error: " "no PATH: error" || return 1
	run_cmd adpctl apply --bogus $CONF
	expect_eq "$RC" 1 "unknown option: exit status" || return 1
	run_cmd adpctl apply /nonexistent.conf
	expect_eq "$RC" 1 "a missing file: exit status" || return 1
	expect_match "$ERR" "^Error: .*/nonexistent.conf" "a missing file: error"
}

run_test apply_rule_broken_on_last_device_others_configured test_rule_on_one_device_fails_alone
run_test apply_rule_broken_on_first_device_others_configured test_rule_on_first_device_fails_alone
run_test apply_valid_exit_3_then_0 test_valid_then_unchanged
run_test apply_device_in_reset_named_others_configured test_device_in_reset_fails_alone
run_test apply_fixed_enable_same_value_is_no_change test_fixed_enable
run_test apply_usage_errors_exit_2 test_usage
module_default
tap_end
