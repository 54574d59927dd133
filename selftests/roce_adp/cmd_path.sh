#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The command path: mailboxes through the core to the firmware model.
. ./lib.sh

test_unknown_opcode()
{
	sysfs_write $DBG/emu0/cmd 0x1234
	expect_eq "$RC" 1 "exit status" || return 1
	expect_match "$ERR" "Invalid argument" "write error (BAD_OP maps to EINVAL)" ||
		return 1
	expect_eq "$(cat $DBG/emu0/cmd)" \
		"opcode 0x1234 op_mod 0x0 status BAD_OP (0x02) syndrome 0x0ad50001 errno -22" \
		"last command"
}

test_malformed_knob()
{
	sysfs_write $DBG/emu0/cmd nonsense
	expect_eq "$RC" 1 "exit status" || return 1
	expect_match "$ERR" "Invalid argument" "write error"
}

# uptime_cs: the guest's uptime in centiseconds
uptime_cs()
{
	awk '{ printf "%d\n", $1 * 100 }' /proc/uptime
}

test_cmd_delay()
{
	expect_eq "$(cat $DBG/emu0/cmd_delay_us)" 0 "default cmd_delay_us" ||
		return 1
	sysfs_write $DBG/emu0/cmd_delay_us 300000
	expect_eq "$RC" 0 "exit status of writing 300000" || return 1
	expect_eq "$(cat $DBG/emu0/cmd_delay_us)" 300000 "cmd_delay_us" ||
		return 1
	t0=$(uptime_cs)
	sysfs_write $DBG/emu0/cmd 0x1234
	sysfs_write $DBG/emu0/cmd 0x1234
	t1=$(uptime_cs)
	sysfs_write $DBG/emu0/cmd_delay_us 0
	# Two commands of 300 ms each, and the centisecond clock's rounding.
	[ $((t1 - t0)) -ge 59 ] ||
		{ echo "two commands took $((t1 - t0)) cs, expected >= 60"; return 1; }
}

test_cmd_delay_bad()
{
	klog_mark
	sysfs_write $DBG/emu0/cmd_delay_us 1000001
	expect_eq "$RC" 1 "exit status above the maximum" || return 1
	expect_match "$ERR" "Invalid argument" "write error" || return 1
	expect_match "$(klog_since)" "cmd_delay_us is at most 1000000" \
		"kernel log" || return 1
	sysfs_write $DBG/emu0/cmd_delay_us fast
	expect_eq "$RC" 1 "exit status of a word" || return 1
	expect_eq "$(cat $DBG/emu0/cmd_delay_us)" 0 "cmd_delay_us after bad writes"
}

run_test unknown_opcode_is_bad_op test_unknown_opcode
run_test malformed_cmd_knob test_malformed_knob
run_test cmd_delay_us_delays_each_command test_cmd_delay
run_test cmd_delay_us_rejects_bad_values test_cmd_delay_bad
tap_end
