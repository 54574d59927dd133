#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# ROCE_ACCL's lengths, through mailboxes written by hand and sent with
# emu0's debugfs "cmd_raw" (the firmware model executes them as a
# driver's): the register is 0x80 bytes, older firmware's 0x40 is taken
# too, any other length is BAD_INP_LEN (input) or BAD_OUTP_LEN (an output
# mailbox that does not match). Expected bytes are written from the
# reference's positions, not from radp_fields[].
. ./lib.sh

EMU=$DBG/emu0

# zeros N: N zero dwords, each after a blank
zeros()
{
	i=0
	while [ "$i" -lt "$1" ]; do
		printf ' 00000000'
		i=$((i + 1))
	done
}

# ACCESS_REG (0x805): opcode 00h 31:16, op_mod 04h 15:0 (1 read, 0
# write), register_id 0x402c 08h 15:0, argument 0Ch; the register from 10h.
HDR_READ="08050000 00000001 0000402c 00000000"
HDR_WRITE="08050000 00000000 0000402c 00000000"
OK="status OK (0x00) syndrome 0x00000000 errno 0"
OUT_OK="00000000 00000000 00000000 00000000"

# A fresh device (current firmware), dwords 00h..0Ch:
#   00h the 13 selects (bits 0..11 and 27 = 08000fff) and
#       adp_retx_profile_select (28)                      = 18000fff
#   04h roce_adp_retrans_en 1 (0), adp_retx_profile_id 0 = 00000001
#   08h max_range_num 4 (30:28), max_id 1 (26:24),
#       base_timeout_min 4000 ns (19:0)                   = 41000fa0
REG_HEAD="18000fff 00000001 41000fa0 00000000"
# Profile 0, the firmware's defaults (emulated-device.rst), from 10h:
#   10h qp_total_timeout 1 (31), range_num 4 (30:28),
#       start_range_index 1 (26:24), time_unit 1 (23:22),
#       time_base 4 (15:0)                                = c1400004
#   14h retx_total_timeout 0, init low 4 (15:8), size 2  = 00000402
#   18h..24h timeout_range: prev (30:28), dec_mode (27:26),
#       retry_num (25:16), low_bound (15:8), size (7:0)
#       0, 1, 2, 2, 2 = 04020202     0, 1, 3, 4, 3 = 04030403
#       1, 0, 3, 7, 3 = 10030703     2, 2, 4, 10, 5 = 28040a05
#   28h..3Ch reserved
PROFILE0="c1400004 00000402 04020202 04030403 10030703 28040a05$(zeros 6)"
REG40="$REG_HEAD $PROFILE0"
REG80="$REG40$(zeros 16)"

# raw [outlen=N] HEX: send it; sets RC, ERR and ANSWER (the knob read back)
raw()
{
	sysfs_write $EMU/cmd_raw "$1"
	ANSWER=$(cat $EMU/cmd_raw)
}

# expect_answer WHAT STATUS_LINE OUT_DWORDS
expect_answer()
{
	expect_eq "$ANSWER" "$2
out $3" "$1"
}

# expect_write WHAT HEX N REG: the write HEX (N dwords of register) is
# answered OK with N zero dwords, and a 0x80 query then returns REG
expect_write()
{
	raw "$2"
	expect_eq "$RC" 0 "exit status of the $1 ($ERR)" || return 1
	expect_answer "$1" "$OK" "$OUT_OK$(zeros "$3")" || return 1
	expect_eq "$(query80)" "$OUT_OK $4" "register after the $1"
}

# query80: the whole register as a query of 0x80 bytes returns it
query80()
{
	raw "$HDR_READ$(zeros 32)"
	expect_eq "$RC" 0 "exit status of the 0x80 query ($ERR)" || return 1
	printf '%s\n' "$ANSWER" | sed -n 's/^out //p'
}

test_query_80()
{
	module_default
	raw "$HDR_READ$(zeros 32)"
	expect_eq "$RC" 0 "exit status ($ERR)" || return 1
	expect_answer "0x80 query" "$OK" "$OUT_OK $REG80"
}

test_query_40()
{
	module_default
	raw "$HDR_READ$(zeros 16)"
	expect_eq "$RC" 0 "exit status ($ERR)" || return 1
	# the first 0x40 bytes, nothing after them
	expect_answer "0x40 query" "$OK" "$OUT_OK $REG40" || return 1
	# older firmware (the seven selects) answers it the same way
	echo 0x7f >$EMU/accl_configurable
	raw "$HDR_READ$(zeros 16)"
	expect_answer "0x40 query of older firmware" "$OK" \
		"$OUT_OK 1000007f ${REG40#18000fff }"
}

# A 0x40 write changes the fields it selects, which all lie in the first
# 0x40 bytes; the 0x80 query then shows them and nothing else changed.
test_write_40()
{
	module_default
	# 00h roce_tx_window_field_select (1), cc_burst_size_select (10)
	#     = 00000402; 04h roce_tx_window_en 1 (1), cc_burst_size 2
	#     (16KB, 26:24) = 02000002
	expect_write "0x40 write" \
		"$HDR_WRITE 00000402 02000002 00000000 00000000$(zeros 12)" 16 \
		"18000fff 02000003 41000fa0 00000000 $PROFILE0$(zeros 16)" ||
		return 1
	# profile 1 in a 0x40 write: 00h adp_retx_profile_select (28),
	# 04h adp_retx_profile_id 1 (30:28); the profile as in
	# mailbox_golden.sh (time_base 16, four ranges)
	P1="c2400010 13000204 04050102 08060305 10070906 25090b07$(zeros 6)"
	raw "$HDR_WRITE 10000000 10000000 00000000 00000000 $P1"
	expect_eq "$RC" 0 "exit status of the profile write ($ERR)" || return 1
	# 04h in a query of profile 1: adp_retx_profile_id 1
	raw "$HDR_READ 00000000 10000000$(zeros 30)"
	expect_answer "profile 1, read in 0x80 bytes" "$OK" \
		"$OUT_OK 18000fff 12000003 41000fa0 00000000 $P1$(zeros 16)"
}

test_write_80()
{
	module_default
	# 0x80 bytes, ack_dscp_force_field_select (9) with ack_dscp_force 1
	# (9) and ack_dscp 46 (15:10): 04h = b800 + 200 = 0000ba00
	expect_write "0x80 write" \
		"$HDR_WRITE 00000200 0000ba00 00000000 00000000$(zeros 28)" 32 \
		"18000fff 0000ba01 41000fa0 00000000 $PROFILE0$(zeros 16)"
}

# Input lengths other than 0x40 and 0x80 bytes of register: BAD_INP_LEN,
# syndrome 0x0ad50002, EIO; a write so refused changes nothing.
test_bad_inp_len()
{
	module_default
	for n in 0 1 15 17 31 33 48; do
		# a write of roce_tx_window_en with N dwords of register
		case $n in
		0) body= ;;
		1) body=" 00000002" ;;
		*) body=" 00000002 00000002$(zeros $((n - 2)))" ;;
		esac
		raw "$HDR_WRITE$body"
		expect_eq "$RC" 1 "exit status, $n dwords" || return 1
		expect_match "$ERR" "Input/output error" "errno, $n dwords" ||
			return 1
		expect_answer "$n dwords" \
			"status BAD_INP_LEN (0x50) syndrome 0x0ad50002 errno -5" \
			"50000000 0ad50002 00000000 00000000$(zeros $n)" || return 1
	done
	# a query too
	raw "$HDR_READ$(zeros 20)"
	expect_match "$ANSWER" "^status BAD_INP_LEN \(0x50\) syndrome 0x0ad50002 errno -5$" \
		"a query of 0x50 bytes" || return 1
	expect_eq "$(query80)" "$OUT_OK $REG80" "nothing written"
}

# An output mailbox that does not hold the register as long as the input
# gave it: BAD_OUTP_LEN, syndrome 0x0ad50003, EIO.
test_bad_outp_len()
{
	module_default
	for q in "outlen=0x50 $HDR_READ$(zeros 32)" \
		 "outlen=0x94 $HDR_READ$(zeros 32)" \
		 "outlen=0x90 $HDR_READ$(zeros 16)" \
		 "outlen=0x10 $HDR_READ$(zeros 16)" \
		 "outlen=0x50 $HDR_WRITE 00000002 00000002$(zeros 30)"; do
		raw "$q"
		expect_eq "$RC" 1 "exit status (${q%% *})" || return 1
		expect_match "$ANSWER" "^status BAD_OUTP_LEN \(0x51\) syndrome 0x0ad50003 errno -5$" \
			"answer (${q%% *})" || return 1
		expect_match "$ANSWER" "^out 51000000 0ad50003 00000000 00000000( 00000000)*$" \
			"outbox (${q%% *})" || return 1
	done
	expect_eq "$(query80)" "$OUT_OK $REG80" "nothing written"
}

# What adpctl shows of a firmware that refuses a length: the status, plainly.
test_adpctl_bad_len()
{
	module_default
	echo "50000000 0ad50002 00000000 00000000" >$EMU/reply_next
	run_cmd adpctl accl show dev emu0
	expect_eq "$RC:$ERR" \
		"2:Error: firmware status BAD_INP_LEN (0x50), syndrome 0x0ad50002." \
		"adpctl"
}

test_knob_errors()
{
	for w in "" "0805000" "08050000 00000001 0000402c 0000000g" \
		 "08050000 00000001 0000402c" \
		 "outlen=0x8 $HDR_READ$(zeros 16)" \
		 "outlen=0x210 $HDR_READ$(zeros 16)" \
		 "outlen=x $HDR_READ" "outlen=0 $HDR_READ$(zeros 16)"; do
		klog_mark
		sysfs_write $EMU/cmd_raw "$w"
		expect_eq "$RC" 1 "exit status of \"$w\"" || return 1
		expect_match "$ERR" "Invalid argument" "errno of \"$w\"" ||
			return 1
	done
	expect_match "$(klog_since)" "cmd_raw takes" "kernel log" ||
		return 1
	# 0x200 bytes are the most it sends: a mailbox one dword longer is
	# refused by the knob
	sysfs_write $EMU/cmd_raw "$HDR_READ$(zeros 125)"
	expect_eq "$RC" 1 "0x204 bytes" || return 1
	sysfs_write $EMU/cmd_raw "$HDR_READ$(zeros 124)"
	expect_eq "$RC:$(cat $EMU/cmd_raw | head -n 1)" \
		"1:status BAD_INP_LEN (0x50) syndrome 0x0ad50002 errno -5" \
		"0x200 bytes, sent"
}

run_test accl_query_0x80_bytes test_query_80
run_test accl_query_0x40_bytes test_query_40
run_test accl_write_0x40_bytes test_write_40
run_test accl_write_0x80_bytes test_write_80
run_test accl_other_input_lengths_bad_inp_len test_bad_inp_len
run_test accl_output_length_mismatch_bad_outp_len test_bad_outp_len
run_test accl_length_refused_adpctl_error test_adpctl_bad_len
run_test cmd_raw_knob_errors test_knob_errors
module_default
tap_end
