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

run_test unknown_opcode_is_bad_op test_unknown_opcode
run_test malformed_cmd_knob test_malformed_knob
tap_end
