#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The command mailboxes the driver really builds, byte for byte, against
# vectors written by hand from the PRM (not from radp_fields[], which the
# firmware model decodes with too): emu0's debugfs "last_cmd" shows the
# last commands the firmware received, "reply_next" answers the next one
# with an output header written here.
. ./lib.sh

EMU=$DBG/emu0
Z4="00000000 00000000 00000000 00000000"
Z8="$Z4 $Z4"
OK_OUT="out 00000000 00000000 00000000 00000000"

# expect_cmd WHAT IN_LINE: IN_LINE among the last commands, answered OK
expect_cmd()
{
	if ! grep -qxF "$2" $EMU/last_cmd; then
		printf 'expected the %s mailbox:\n%s\nthe last commands:\n' "$1" "$2"
		cat $EMU/last_cmd
		return 1
	fi
	expect_eq "$(grep -xF -A 1 "$2" $EMU/last_cmd | tail -n 1)" "$OK_OUT" \
		"answer to the $1"
}

# ACCESS_REG (0x805): opcode at 00h 31:16, op_mod at 04h 15:0 (1 read,
# 0 write), register_id 0x402c at 08h 15:0, argument 0 at 0Ch; ROCE_ACCL
# from 10h.
HDR_READ="in 08050000 00000001 0000402c 00000000"
HDR_WRITE="in 08050000 00000000 0000402c 00000000"

test_profile_get()
{
	run_cmd adpctl profile show dev emu0 id 1
	expect_eq "$RC" 0 "exit status" || return 1
	# A query names its profile (04h 30:28 = 1); the rest is zero.
	expect_cmd "profile 1 query" \
		"$HDR_READ 00000000 10000000 00000000 00000000 $Z8 $Z8 $Z8 $Z4"
}

test_profile_set()
{
	# shellcheck disable=SC2046 # the words of the ranges
	run_cmd adpctl profile set dev emu0 id 1 time_base 16 time_unit usec \
		range_num 4 start_range_index 2 qp_total_timeout on \
		retx_total_timeout 19 timeout_init_low_bound 2 \
		timeout_init_range_size 4 \
		$(range_words 0 1 2 5 div2 0) \
		$(range_words 1 3 5 6 low_bound 0) \
		$(range_words 2 9 6 7 div4 1) \
		$(range_words 3 11 7 265 div2 2)
	expect_eq "$RC" 0 "exit status" || { echo "$ERR"; return 1; }
	# 00h adp_retx_profile_select (bit 28); 04h adp_retx_profile_id 1
	# (30:28); 08h, 0Ch 0. The profile at 10h:
	#   10h qp_total_timeout 1 (31), range_num 4 (30:28),
	#       start_range_index 2 (26:24), time_unit 1 (23:22),
	#       time_base 16 (15:0)                        = c2400010
	#   14h retx_total_timeout 19 (31:24), init low 2 (15:8),
	#       size 4 (7:0)                               = 13000204
	#   18h..24h timeout_range[0..3]: prev (30:28), dec_mode (27:26),
	#       retry_num (25:16), low_bound (15:8), size (7:0)
	#       0: 0, 1, 5, 1, 2                           = 04050102
	#       1: 0, 2, 6, 3, 5                           = 08060305
	#       2: 1, 0, 7, 9, 6                           = 10070906
	#       3: 2, 1, 265, 11, 7                        = 25090b07
	expect_cmd "profile 1 write" \
		"$HDR_WRITE 10000000 10000000 00000000 00000000 c2400010 13000204 04050102 08060305 10070906 25090b07 00000000 00000000 00000000 00000000 00000000 00000000 $Z8 $Z8"
}

test_accl_set()
{
	run_cmd adpctl accl set dev emu0 roce_slow_restart_idle_en on \
		selective_repeat_forced_en off
	expect_eq "$RC" 0 "exit status" || { echo "$ERR"; return 1; }
	# 00h field selects 3 and 6 = 00000048; 04h enable 3 on, 6 off =
	# 00000008; no profile selected.
	expect_cmd "enables write" \
		"$HDR_WRITE 00000048 00000008 00000000 00000000 $Z8 $Z8 $Z8 $Z4" ||
		return 1
	run_cmd adpctl accl set dev emu0 roce_slow_restart_idle_en off
	expect_eq "$RC" 0 "exit status of putting it back"
}

test_mpt_query()
{
	echo "100 1" >$EMU/mpt_fill
	run_cmd adpctl mpt show dev emu0 index 90
	expect_eq "$RC" 0 "exit status" || { echo "$ERR"; return 1; }
	# QUERY_MPT (0x00e): opcode at 00h 31:16, op_mod 0, the MPT index
	# (input modifier) at 08h.
	expect_cmd "MPT query" "in 000e0000 00000000 0000005a 00000000"
}

# reply_hdr HEADER ERRNO_TEXT STATUS_TEXT: the next command (sent through
# the "cmd" knob, which reports the errno) gets HEADER as its answer
reply_hdr()
{
	echo "$1" >$EMU/reply_next
	sysfs_write $EMU/cmd "0x805 1"
	expect_eq "$RC" 1 "exit status of the command" || return 1
	expect_match "$ERR" "$2" "errno" || return 1
	expect_match "$(cat $EMU/cmd)" "$3" "status and syndrome decoded"
}

test_outbox()
{
	# status at 00h 31:24, syndrome the whole dword at 04h; every other
	# bit of the header set, to be ignored.
	reply_hdr "03a5a5a5 0ad5beef 5a5a5a5a 5a5a5a5a" "Invalid argument" \
		"status BAD_PARAM \(0x03\) syndrome 0x0ad5beef errno -22" ||
		return 1
	reply_hdr "08ffffff 12345678 ffffffff ffffffff" "memory" \
		"status LIM \(0x08\) syndrome 0x12345678 errno -12" ||
		return 1
	reply_hdr "51000000 80000001 00000000 00000000" "Input/output error" \
		"status BAD_OUTP_LEN \(0x51\) syndrome 0x80000001 errno -5" ||
		return 1
	# An OK status with junk around it is success.
	echo "00ffffff ffffffff ffffffff ffffffff" >$EMU/reply_next
	sysfs_write $EMU/cmd "0x805 1"
	expect_eq "$RC" 0 "exit status of an OK answer" || return 1
	# What the user sees: the extended ACK with status and syndrome.
	# (Not a transient status, which would be tried again.)
	echo "04000000 00c0ffee 00000000 00000000" >$EMU/reply_next
	run_cmd adpctl accl show dev emu0
	expect_kernel_error \
		"Error: firmware status BAD_SYS_STATE (0x04), syndrome 0x00c0ffee."
}

test_reply_next_bad()
{
	klog_mark
	sysfs_write $EMU/reply_next "0300000"
	expect_eq "$RC" 1 "exit status of 7 digits" || return 1
	sysfs_write $EMU/reply_next "03000000 0ad5beef 00000000 0000000g"
	expect_eq "$RC" 1 "exit status of a non-digit" || return 1
	expect_match "$(klog_since)" "reply_next takes" "kernel log" ||
		return 1
	# Nothing armed: the next command is executed.
	sysfs_write $EMU/cmd "0x805 1"
	expect_match "$(cat $EMU/cmd)" "status BAD_PARAM \(0x03\) syndrome 0x0ad50004" \
		"an unarmed command (register 0: unknown)"
}

run_test access_reg_profile_query_bytes test_profile_get
run_test access_reg_profile_write_bytes test_profile_set
run_test access_reg_enables_write_bytes test_accl_set
run_test query_mpt_bytes test_mpt_query
run_test outbox_status_syndrome_errno_extack test_outbox
run_test reply_next_rejects_bad_headers test_reply_next_bad
# The tests after this one expect a fresh module (no profile written, no
# enables changed, an empty MPT table).
module_default
tap_end
