#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The ConnectX backend, unmodified, driving the mlx5_core stand-in
# (selftests/mlx5_standin) on three QEMU pci-testdev functions (tools/vm/run
# --pci-testdev 3): attach and detach, ROCE_ACCL bytes as the stand-in's
# register store holds them against vectors written out by hand, firmware
# statuses, QUERY_MKEY, the retransmission histogram's two registers
# (through upstream's YNL CLI), a firmware error and the restore, unbind and
# rmmod under load, rmmod orders (under make check-debug, with lockdep and
# KASAN watching). The stand-in decodes every mailbox with the kernel's
# mlx5_ifc.h, not with roce_adp's codec.
. ./lib.sh

STANDIN=/standin
DRV=/sys/bus/pci/drivers/mlx5_core
F0=0000:00:10.0
F1=0000:00:11.0
F2=0000:00:12.0	# no cmd_hca_cap.roce_accl
FW=28.39.2048
MON=/tmp/standin_monitor.out
# What mlx5_ifc.h makes of the two mailboxes the backend sends.
REG_LEN=144		# access_register_in/out (0x10) + ROCE_ACCL (0x80)
MKEY_IN_LEN=16		# query_mkey_in
MKEY_OUT_LEN=304	# query_mkey_out

live()
{
	[ "$(cat /sys/module/"$1"/initstate 2>/dev/null)" = live ]
}

unload()
{
	live roce_adp_mlx5 && rmmod roce_adp_mlx5
	live mlx5_core && rmmod mlx5_core
	live roce_adp || modprobe roce_adp
}

# load [PARAM=VALUE...]: the stand-in on the three functions, with these
# parameters too, then the backend linked against it (never the one in
# /lib/modules, linked against the real one)
load()
{
	unload
	insmod $STANDIN/mlx5_core.ko no_roce_accl=$F2 "$@" || return 1
	insmod $STANDIN/roce_adp_mlx5.ko || return 1
}


# netdev F: the network interface the stand-in registered on F
netdev()
{
	ls /sys/bus/pci/devices/"$1"/net
}

last_cmd()
{
	tail -n 1 $SDBG/"$1"/cmds
}

test_attach_at_load()
{
	DMESG_AT=$(($(dmesg | wc -l) + 1))
	load || { echo "load failed"; return 1; }
	run_cmd adpctl dev show
	expect_eq "$RC" 0 "exit status ($ERR)" || return 1
	expect_eq "$(printf '%s\n' "$OUT" | grep -v '^emu')" \
"$F0: backend mlx5 fw $FW roce_accl supported netdev $(netdev $F0)
$F1: backend mlx5 fw $FW roce_accl supported netdev $(netdev $F1)
$F2: backend mlx5 fw $FW roce_accl unsupported netdev $(netdev $F2)" "dev show" || return 1
	dmesg | tail -n +"$DMESG_AT" |
		grep -qF "roce_adp_mlx5: attached to 3 mlx5_core PCI function(s)" ||
		{ echo "no 'attached to 3' line"; return 1; }
	run_cmd adpctl -j dev show $F2
	expect_eq "$(json_get "$OUT" '[(d["backend"], d["fw_version"], d["roce_accl"]) for d in j]')" \
		"[('mlx5', '$FW', False)]" "JSON of $F2"
}

test_attach_on_bind()
{
	echo $F1 >$DRV/unbind
	run_cmd adpctl dev show $F1
	expect_eq "$RC" 2 "exit status for an unbound function" || return 1
	expect_match "$ERR" "^Error: " "error" || return 1
	[ ! -d $SDBG/$F1 ] || { echo "stand-in still has $F1"; return 1; }
	echo $F1 >$DRV/bind
	run_cmd adpctl dev show $F1
	expect_eq "$OUT" "$F1: backend mlx5 fw $FW roce_accl supported netdev $(netdev $F1)" \
		"dev show after bind"
}

# A function may be named by its network interface (the stand-in registers
# one on each; an RDMA device needs ib_core, see tools/adpctl/tests).
test_names()
{
	n=$(netdev $F2)
	expect_match "$n" '^eth[0-9]+$' "netdev of $F2" || return 1
	run_cmd adpctl -j dev show $F2
	expect_eq "$(json_get "$OUT" '[(d["name"], d["netdevs"], "rdma_devs" in d) for d in j]')" \
		"[('$F2', ['$n'], False)]" "JSON" || return 1
	run_cmd adpctl dev show "$n"
	expect_eq "$OUT" "$F2: backend mlx5 fw $FW roce_accl unsupported netdev $n" \
		"dev show $n" || return 1
	run_cmd adpctl accl show dev "$n"
	expect_eq "$ERR" "Error: device does not support ROCE_ACCL." \
		"accl show dev $n" || return 1
	run_cmd adpctl -j accl show "$(netdev $F0)"
	expect_eq "$(json_get "$OUT" 'j[0]["dev"]')" "$F0" "accl show by netdev" ||
		return 1
	# a name that is neither stays as it is, for the kernel to refuse
	run_cmd adpctl dev show lo
	expect_eq "$RC" 2 "exit status for lo" || return 1
	expect_match "$ERR" "^Error: .*\.$" "error for lo"
}

# The names other tools print for a function: devlink's pci/ADDRESS,
# lspci's and mlxreg's BB:SS.F (and in capitals); the same device each
# time, for every object, and in mlxreg's own -d.
test_names_other_tools()
{
	run_cmd adpctl -j accl show dev $F0
	want=$OUT
	for n in pci/$F0 00:10.0 0000:00:10.0 00:10.0 pci/0000:00:10.0; do
		run_cmd adpctl -j accl show dev "$n"
		expect_eq "$OUT" "$want" "accl show dev $n ($ERR)" || return 1
	done
	run_cmd adpctl -j profile show 00:10.0
	expect_eq "$(json_get "$OUT" 'j[0]["dev"]')" "$F0" "profile show" ||
		return 1
	run_cmd adpctl -j histogram show dev pci/$F0
	expect_eq "$(json_get "$OUT" 'j[0]["dev"]')" "$F0" "histogram show" ||
		return 1
	run_cmd adpctl -j dev show 00:11.0
	expect_eq "$(json_get "$OUT" '[d["name"] for d in j]')" "['$F1']" \
		"dev show" || return 1
	run_ok adpctl accl set -d 00:10.0 --reg_name ROCE_ACCL \
		--set "roce_tx_window_field_select=0x00000001,roce_tx_window_en=0x1" \
		--yes >/dev/null || return 1
	expect_eq "$(json_get "$(adpctl -j accl show dev $F0)" \
		'j[0]["roce_tx_window_en"]')" True "set by mlxreg's -d" || return 1
	run_ok adpctl accl set dev pci/$F0 roce_tx_window_en off >/dev/null
}

# Golden vectors: ROCE_ACCL dwords worked out by hand from the register's
# bit positions. dword 0: the thirteen selects of current firmware (the
# stand-in lets all be changed): 27 and 11:0; dword 4: profile id 30:28,
# enables 6:0; dword 8: max_range_num 4 (30:28), max_id 1 (26:24),
# base_timeout_min 4000 ns.
test_accl_golden()
{
	echo >$SDBG/$F0/cmds
	expect_eq "$(standin_store $F0 reg)" "08000fff 00000000 41000fa0 00000000" \
		"store at load" || return 1
	run_cmd adpctl accl set dev $F0 roce_adp_retrans_en on roce_tx_window_en on \
		selective_repeat_forced_en on
	expect_eq "$RC" 0 "exit status ($ERR)" || return 1
	expect_eq "$(standin_store $F0 reg)" "08000fff 00000043 41000fa0 00000000" \
		"store after set" || return 1
	expect_eq "$(grep -c 'op_mod 0 ' $SDBG/$F0/cmds)" 1 "writes sent" || return 1
	expect_eq "$(grep 'op_mod 0 ' $SDBG/$F0/cmds)" \
		"ACCESS_REG opcode 0x805 op_mod 0 register_id 0x402c inlen $REG_LEN outlen $REG_LEN" \
		"write command" || return 1
	expect_eq "$(last_cmd $F0)" \
		"ACCESS_REG opcode 0x805 op_mod 1 register_id 0x402c inlen $REG_LEN outlen $REG_LEN" \
		"reply read back with a query" || return 1
	# Only the selected enable changes.
	run_cmd adpctl accl set dev $F0 roce_tx_window_en off
	expect_eq "$(standin_store $F0 reg)" "08000fff 00000041 41000fa0 00000000" \
		"store after clearing one" || return 1
	run_cmd adpctl -j accl show dev $F0
	expect_eq "$(json_get "$OUT" '(j[0]["roce_adp_retrans_en"], j[0]["roce_tx_window_en"], j[0]["selective_repeat_forced_en"], j[0]["adp_retx_base_timeout_min"])')" \
		"(True, False, True, 4000)" "accl show"
}

# set_full's adp_retx_profile, dword by dword: qp_total_timeout 31,
# range_num 30:28, start_range_index 26:24, time_unit 23:22, time_base 15:0; then
# retx_total_timeout 31:24, timeout_init_low_bound 15:8, _range_size 7:0;
# then each range: prev 30:28, dec_mode 27:26, retries 25:16, low bound
# 15:8, size 7:0.
PROFILE1="20400008 12000303 04030303 00020604 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000"

test_profile_golden()
{
	run_cmd set_full $F0
	expect_eq "$RC" 0 "exit status ($ERR)" || return 1
	expect_eq "$(standin_store $F0 'profile 1')" "$PROFILE1" "profile 1 stored" ||
		return 1
	expect_eq "$(standin_store $F0 reg)" "08000fff 10000041 41000fa0 00000000" \
		"profile 1 in effect, enables kept" || return 1
	run_cmd adpctl -j profile show dev $F0 id 1
	expect_eq "$(json_get "$OUT" '[(p["time_base"], p["retx_total_timeout"], p["timeout_range"][1]["range_low_bound"]) for p in j[0]["profiles"]]')" \
		"[(8, 18, 6)]" "profile read back" || return 1
	run_cmd adpctl -j accl show dev $F0
	expect_eq "$(json_get "$OUT" 'j[0]["active_profile_id"]')" 1 "active profile"
}

# fw_cmds (issue 18): the commands the backend counts in its debugfs
# directory are those the stand-in received, one for one; unbind takes
# the directory away, bind brings it back
RDBG=$DBG/mlx5
test_fw_cmds()
{
	for op in "profile show dev $F0" "profile set dev $F0 id 1 time_base 8"; do
		echo 0 >$RDBG/$F0/fw_cmds || return 1
		echo >$SDBG/$F0/cmds
		run_cmd adpctl $op
		expect_eq "$RC" 0 "$op: exit status ($ERR)" || return 1
		got=$(grep -c . $SDBG/$F0/cmds)
		[ "$got" -gt 0 ] || { echo "$op: no command reached $F0"; return 1; }
		expect_eq "$(cat $RDBG/$F0/fw_cmds)" "$got" \
			"$op: fw_cmds, the commands the stand-in received" || return 1
	done
	echo $F1 >$DRV/unbind
	[ ! -e $RDBG/$F1 ] || { echo "$RDBG/$F1 left after unbind"; return 1; }
	echo $F1 >$DRV/bind
	expect_eq "$(cat $RDBG/$F1/fw_cmds)" 0 "fw_cmds of $F1 after bind"
}

# expect_status STATUS SYNDROME ERRNO_MESSAGE: an injected firmware status
# reaches adpctl with its name and syndrome
expect_status()
{
	echo "$2" >$SDBG/$F0/inject_syndrome
	echo "$1" >$SDBG/$F0/inject_status
	run_cmd adpctl accl show dev $F0
	expect_kernel_error "$3"
}

test_status_mapping()
{
	expect_status 0x03 0x1234 \
		"Error: firmware status BAD_PARAM (0x03), syndrome 0x00001234." || return 1
	expect_status 0x08 0xabcdef01 \
		"Error: firmware status LIM (0x08), syndrome 0xabcdef01." || return 1
	expect_status 0x50 0x7 \
		"Error: firmware status BAD_INP_LEN (0x50), syndrome 0x00000007." || return 1
	expect_status 0x77 0x1 \
		"Error: firmware status UNKNOWN (0x77), syndrome 0x00000001." || return 1
	echo 110 >$SDBG/$F0/inject_errno
	run_cmd adpctl accl show dev $F0
	expect_eq "$ERR" "Error: command could not be delivered to the device." \
		"ETIMEDOUT from mlx5_cmd_do" || return 1
	# one-shot: the next command is answered again
	run_cmd adpctl accl show dev $F0
	expect_eq "$RC" 0 "exit status after the injections ($ERR)"
}

test_no_roce_accl()
{
	echo >$SDBG/$F2/cmds
	run_cmd adpctl accl show dev $F2
	expect_eq "$RC" 2 "exit status" || return 1
	expect_eq "$ERR" "Error: device does not support ROCE_ACCL." "stderr" ||
		return 1
	run_cmd adpctl accl set dev $F2 roce_tx_window_en on
	expect_eq "$RC" 2 "exit status of set" || return 1
	expect_eq "$(cat $SDBG/$F2/cmds)" "" "commands that reached $F2"
}

# mkey INDEX FIELDS...: the context QUERY_MKEY returns (see the stand-in)
mkey()
{
	echo "$@" >$SDBG/$F1/mkey
}

test_mpt_get()
{
	# index free mode umr a rw rr lw lr qpn key len64 rinval pd start len octwords log_page
	mkey 5 0 1 1 0 1 1 1 1 0xffffff 0x42 0 1 7 0x7f0000001000 0x2000 4 12 ||
		return 1
	echo >$SDBG/$F1/cmds
	run_cmd adpctl -j mpt show dev $F1 index 5
	expect_eq "$RC" 0 "exit status ($ERR)" || return 1
	expect_eq "$(json_get "$OUT" 'sorted(j[0].items())')" \
		"[('atomic', 0), ('bqp', 0), ('dev', '$F1'), ('eb', 0), ('en_rinv', 1), ('entity_size', 12), ('fre', 1), ('index', 5), ('len', 8192), ('len64', 0), ('lr', 1), ('lw', 1), ('mem_key', 1346), ('mtt_size', 8), ('pa', 0), ('pd', 7), ('qpn', 16777215), ('rr', 1), ('rw', 1), ('start_addr', 139637976731648), ('status', 0)]" \
		"decoded entry" || return 1
	expect_eq "$(cat $SDBG/$F1/cmds)" \
		"QUERY_MKEY opcode 0x201 op_mod 0 mkey_index 0x5 inlen $MKEY_IN_LEN outlen $MKEY_OUT_LEN" \
		"command sent" || return 1
	# PA mode, bound to QP 0x123, atomic only, 64-bit length
	mkey 9 0 0 0 1 0 0 0 0 0x123 0x9a 1 0 3 0x2000 0 0 0 || return 1
	run_cmd adpctl -j mpt show dev $F1 index 9
	expect_eq "$(json_get "$OUT" '[j[0][k] for k in ("status", "pa", "atomic", "bqp", "qpn", "mem_key", "len64", "pd", "fre", "lr", "start_addr")]')" \
		"[0, 1, 1, 1, 291, 2458, 1, 3, 0, 0, 8192]" "second entry" || return 1
	# a free mkey is reported by its status alone
	mkey 3 1 1 0 0 1 1 1 1 0xffffff 0x3 0 0 1 0 0 0 0 || return 1
	run_cmd adpctl -j mpt show dev $F1 index 3
	expect_eq "$OUT" '[{"dev":"'$F1'","index":3,"status":3}]' "free entry" ||
		return 1
	# an index with no mkey: BAD_RES_STATE, reported as not valid, an
	# entry and not an error: no warning beside it
	run_cmd adpctl -j mpt show dev $F1 index 4
	expect_eq "$OUT" '[{"dev":"'$F1'","index":4,"status":15}]' "empty index" ||
		return 1
	expect_eq "$RC:$ERR" "0:" "empty index: exit status and stderr"
}

test_mpt_dump()
{
	echo >$SDBG/$F1/cmds
	run_cmd adpctl -j mpt show dev $F1
	expect_eq "$RC" 0 "exit status ($ERR)" || return 1
	# 2^log_max_mkey = 16 indexes, one QUERY_MKEY each
	# the dump lists the mkeys in use, not the free or empty indexes
	expect_eq "$(json_get "$OUT" '[(e["index"], e["mem_key"]) for e in j]')" \
		"[(5, 1346), (9, 2458)]" "entries" || return 1
	expect_eq "$(grep -c '^QUERY_MKEY opcode 0x201 op_mod 0 ' $SDBG/$F1/cmds)" 16 \
		"QUERY_MKEY commands"
}

# hist SPEC_OP JSON: upstream's YNL CLI (ynl/, as ynl_cli.sh) on our spec,
# through ynl_serve.py
hist()
{
	op=$1
	shift
	serve cli --spec ./ynl/roce_adp.yaml --no-schema --output-json \
		--do "$op" --json "$1"
	OUT=$SOUT ERR=$SERR RC=$SRC
}

# The histogram's registers, the store's bytes against the reference's
# positions: dword 0 count_enable 31, clear_on_read 30, vhca_id_valid 29,
# time_unit 27:26, bin_width_mode 25:24, time_unit_cap 23:20; dword 1
# bin_num 31:24, bin_num_max 23:16, vhca_id 15:0; dword 2 bin0_width
# 31:16, bin1_width 15:0. Counters set in the stand-in's store come back
# through 0xc01e read with exactly 0x10 + 8 * bin_num bytes, accumulated
# by the module across clear_on_read.
test_histogram()
{
	[ -d ynl ] || { echo "no ynl/ (selftests/roce_adp/Makefile)"; return 1; }
	ynl_serve_start
	test_histogram_calls
	ret=$?
	ynl_serve_stop
	return $ret
}

test_histogram_calls()
{
	hist histogram-set "{\"dev-name\": \"$F0\", \"histogram-config\": {\"bin-num\": 4, \"clear-on-read\": 1, \"time-unit\": 2, \"bin0-width\": 291, \"bin1-width\": 5}}"
	expect_eq "$RC" 0 "set exit status ($ERR)" || return 1
	# 1<<31 | 1<<30 | 2<<26 | 1<<24 | 0xf<<20; 4<<24 | 16<<16; 0x123<<16 | 5
	expect_eq "$(standin_store $F0 hist_config)" "c9f00000 04100000 01230005" \
		"hist_config store" || return 1
	printf '0 5\n3 7\n' >$SDBG/$F0/hist_counts || return 1
	hist histogram-get "{\"dev-name\": \"$F0\"}"
	expect_eq "$RC" 0 "get exit status ($ERR)" || return 1
	expect_eq "$(json_get "$OUT" 'j["histogram"]["bin-count"]')" \
		"[5, 0, 0, 7]" "counts" || return 1
	expect_eq "$(last_cmd $F0)" \
		"ACCESS_REG opcode 0x805 op_mod 1 register_id 0xc01e inlen 64 outlen 64" \
		"the histogram read" || return 1
	expect_eq "$(cat $SDBG/$F0/hist_counts)" "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0" \
		"counters after a read with clear_on_read" || return 1
	printf '0 1\n' >$SDBG/$F0/hist_counts || return 1
	hist histogram-get "{\"dev-name\": \"$F0\"}"
	expect_eq "$(json_get "$OUT" 'j["histogram"]["bin-count"]')" \
		"[6, 0, 0, 7]" "counts accumulated" || return 1
	hist histogram-clear "{\"dev-name\": \"$F0\"}"
	expect_eq "$(json_get "$OUT" 'j["histogram"]["bin-count"]')" \
		"[0, 0, 0, 0]" "counts after clear" || return 1
	# Above the stand-in's bin_num_max (16): the module refuses it.
	hist histogram-set "{\"dev-name\": \"$F0\", \"histogram-config\": {\"bin-num\": 17}}"
	[ "$RC" != 0 ] || { echo "bin_num 17 taken"; return 1; }
	# cli.py prints the error, extack included, on its stdout.
	printf '%s\n%s' "$OUT" "$ERR" |
		grep -qF "bin_num is above the device's bin_num_max" ||
		{ echo "no extack for bin_num 17: $OUT $ERR"; return 1; }
}

test_fw_error_restore()
{
	adpctl monitor >$MON 2>&1 &
	mon=$!
	# join the group before the reset: an accl-ntf shows it did (sets
	# that change the device: one that changes nothing notifies nobody)
	i=0
	while ! grep -q accl-ntf $MON && [ $i -lt 120 ]; do
		adpctl accl set dev $F0 roce_slow_restart_en on >/dev/null
		adpctl accl set dev $F0 roce_slow_restart_en off >/dev/null
		sleep 0.25
		i=$((i + 1))
	done
	grep -q accl-ntf $MON || { echo "monitor saw nothing"; kill $mon; return 1; }
	# down for 3 s: long enough to be seen down on a busy TCG host
	echo 3000 >$SDBG/$F0/fw_reset
	run_cmd adpctl accl show dev $F0
	expect_eq "$ERR" "Error: device is resetting." "during the error state" ||
		{ kill $mon; return 1; }
	i=0
	while ! grep -q "reset-ntf $F0:" $MON && [ $i -lt 120 ]; do
		sleep 0.25
		i=$((i + 1))
	done
	kill $mon
	wait $mon
	expect_match "$(cat $MON)" "reset-ntf $F0: .*restore on profile 1 roce_adp_retrans_en on .*selective_repeat_forced_en on resets 1 last restored" \
		"reset-ntf" || return 1
	# the store came back at its defaults; the backend wrote it again
	expect_eq "$(standin_store $F0 reg)" "08000fff 10000041 41000fa0 00000000" \
		"store restored" || return 1
	expect_eq "$(standin_store $F0 'profile 1')" "$PROFILE1" "profile restored" ||
		return 1
	dmesg | grep -qE "mlx5_core $F0: roce_adp: device $F0 back after [0-9]+ ms in error state" ||
		{ echo "no 'back after' line"; return 1; }
}

# in_flight_start SET_ARGS...: on F1, slowed to 100 ms a command, a dump
# (16 commands, key 0x99a at index 9 as test_mpt_get made it: a bind
# starts the stand-in's function afresh) and "adpctl SET_ARGS" in the
# background; returns once the dump is under way
in_flight_start()
{
	mkey 9 0 0 0 1 0 0 0 0 0x123 0x9a 1 0 3 0x2000 0 0 0 || return 1
	echo 100 >$SDBG/$F1/cmd_delay_ms
	echo >$SDBG/$F1/cmds
	adpctl mpt show dev $F1 >/tmp/dump.out 2>&1 &
	dump=$!
	adpctl "$@" >/tmp/set.out 2>&1 &
	set=$!
	i=0
	while ! grep -q QUERY_MKEY $SDBG/$F1/cmds && [ $i -lt 300 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	grep -q QUERY_MKEY $SDBG/$F1/cmds || { echo "the dump never started"; return 1; }
}

# in_flight_end: each finished before the function went (its removal waits
# for the requests in flight) or failed with a message; none hung
in_flight_end()
{
	wait $dump
	dump_rc=$?
	wait $set
	set_rc=$?
	if [ "$dump_rc" = 0 ]; then
		expect_match "$(cat /tmp/dump.out)" "^$F1 index 9 .*key 0x0000099a " \
			"complete dump" || return 1
	else
		expect_match "$(cat /tmp/dump.out)" "^Error: " "dump error" ||
			return 1
	fi
	[ "$set_rc" = 0 ] || expect_match "$(cat /tmp/set.out)" "^Error: " \
		"set error" || return 1
	run_cmd adpctl dev show $F1
	expect_eq "$RC" 2 "$F1 gone"
}

test_unbind_in_flight()
{
	in_flight_start profile set dev $F1 id 1 time_base 8 || return 1
	t0=$(cut -d' ' -f1 /proc/uptime)
	echo $F1 >$DRV/unbind
	t1=$(cut -d' ' -f1 /proc/uptime)
	# detach waited for the command the firmware was executing, not for
	# the dump's commands still to come: at most one command's time,
	# under cmd_timeout_ms (issue 18; it used to wait over 1 s)
	waited=$(awk -v a="$t0" -v b="$t1" -v ms="$(cat /sys/module/roce_adp/parameters/cmd_timeout_ms)" \
		'BEGIN { print (b - a < ms / 1000) }')
	expect_eq "$waited" 1 "unbind within one command timeout ($t0 .. $t1 s)" ||
		return 1
	in_flight_end || return 1
	echo $F1 >$DRV/bind
	run_cmd adpctl accl show dev $F1
	expect_eq "$RC" 0 "accl show after bind ($ERR)"
}

# rmmod of the backend while a dump and a set are in flight on F1: its exit
# detaches each function as an unbind does, and waits for them the same way
test_rmmod_in_flight()
{
	in_flight_start accl set dev $F1 roce_tx_window_en on || return 1
	rmmod roce_adp_mlx5 || { echo "rmmod roce_adp_mlx5 failed"; return 1; }
	in_flight_end || return 1
	echo 0 >$SDBG/$F1/cmd_delay_ms
	insmod $STANDIN/roce_adp_mlx5.ko || { echo "insmod failed"; return 1; }
	run_cmd adpctl accl show dev $F1
	expect_eq "$RC" 0 "accl show after the backend is back ($ERR)"
}

# report_has PATTERN...: each extended regular expression matches a line
# of hw-check's output ($OUT)
report_has()
{
	for p in "$@"; do
		printf '%s\n' "$OUT" | grep -qE -- "$p" ||
			{ echo "not in the report: $p"; return 1; }
	done
}

# tools/hw-check (installed by tools/check with --bin): read-only sends no
# write and reports every feature and both histogram registers, and the
# status of the registers a function without the histogram does not know;
# --write sets each feature and leaves the register store as it found it;
# with an event of a known timeout (the counts the firmware would make,
# written to the stand-in), which reading of the bin edges holds.
test_hw_check()
{
	command -v hw-check >/dev/null || { echo "no hw-check in the guest"; return 1; }
	set_full $F0 >/dev/null && adpctl accl set dev $F0 roce_tx_window_en on \
		roce_slow_restart_idle_en on >/dev/null || return 1
	mkey 5 0 1 1 0 1 1 1 1 0xffffff 0x42 0 1 7 0x7f0000001000 0x2000 4 12 ||
		return 1
	echo bad_param >$SDBG/$F1/histogram || return 1
	before=$(cat $SDBG/$F0/store)
	echo >$SDBG/$F0/cmds
	run_cmd hw-check --out /tmp/hw.txt --mpt $F1:0x542 $F0 $F1 $F2
	echo present >$SDBG/$F1/histogram
	expect_eq "$RC" 0 "read-only exit status" || { cat /tmp/hw.txt; return 1; }
	expect_match "$(tail -n 1 /tmp/hw.txt)" "^# [0-9]+ passed, 0 failed; report in /tmp/hw.txt$" \
		"summary" || return 1
	expect_eq "$(grep -c 'op_mod 0 ' $SDBG/$F0/cmds)" 0 \
		"writes in read-only mode" || return 1
	# every feature of F0 by its select, both histogram registers, what
	# F1 without the histogram answered
	report_has "CHECK PASS: $F1: MPT entry of key 0x542 \(QUERY_MKEY\)" \
		"CHECK PASS: $F2: no roce_accl, refused before any command" \
		"FINDING: $F0: 13 of 13 ROCE_ACCL features configurable" \
		"^    ack_dscp_force_field_select +yes +ack_dscp_force (on|off), ack_dscp [0-9]+$" \
		"ADP_RETX_HISTOGRAM_CONFIG \(0xc01d\): count_enable [01], .* bin_num_max 16, .*bin1_width [0-9]+" \
		"ADP_RETX_HISTOGRAM \(0xc01e\): bin_num [0-9]+, counts [0-9 ]+" \
		"CHECK PASS: $F0: both histogram registers read" \
		"FINDING: $F1: no histogram; an unknown register is answered: .*BAD_PARAM" ||
		return 1
	for f in roce_adp_retrans roce_tx_window roce_slow_restart \
		 roce_slow_restart_idle min_ack_timeout_limit_disabled \
		 adaptive_routing_forced_en selective_repeat_forced_en \
		 dc_half_handshake_en cc_per_plane_en ack_dscp_force \
		 cc_burst_size cc_probe_mp_mode ifa2_turn_around; do
		report_has "^    ${f}(_field)?_select +yes " || return 1
	done

	echo >$SDBG/$F0/cmds
	run_cmd hw-check --write --out /tmp/hw.txt \
		--event-cmd 'printf "1 3\n" >/sys/kernel/debug/mlx5_standin/$DEV/hist_counts' \
		--event-timeout 512us $F0
	expect_eq "$RC" 0 "read-write exit status" || { cat /tmp/hw.txt; return 1; }
	report_has "CHECK PASS: $F0: enables written back unchanged" \
		"CHECK PASS: $F0: profile read back as written" \
		"CHECK PASS: $F0: original state restored" \
		"CHECK PASS: $F0: ROCE_ACCL restored, bytes 0x00-0x0b as found" \
		"CHECK PASS: $F0: histogram configuration restored" \
		"FINDING: $F0: bin edges: bin 1 ends at bin0_width \+ bin1_width \(widths" ||
		return 1
	expect_eq "$(grep -c "^CHECK PASS: $F0: .*: set and read back, the others unchanged$" /tmp/hw.txt)" 13 \
		"each feature set and read back" || return 1
	# The test profile and the original back; the enables set back to
	# what they are change nothing, which the driver does not write.
	[ "$(grep -c 'op_mod 0 ' $SDBG/$F0/cmds)" -ge 2 ] ||
		{ echo "the write checks sent fewer than 2 writes"; return 1; }
	expect_eq "$(cat $SDBG/$F0/store)" "$before" "store after --write" ||
		return 1
	# firmware that counts a timeout of T past bin 1: the other reading
	run_cmd hw-check --write --edges-only --out /tmp/hw.txt \
		--event-cmd 'printf "2 1\n" >/sys/kernel/debug/mlx5_standin/$DEV/hist_counts' \
		--event-timeout 512us $F0
	expect_eq "$RC" 0 "second read-write exit status" || { cat /tmp/hw.txt; return 1; }
	report_has "FINDING: $F0: bin edges: bin 1 ends at bin1_width \(an upper edge" ||
		return 1
	# the counts the events left, for the tests after this one
	printf '1 0\n2 0\n' >$SDBG/$F0/hist_counts
	expect_match "$(sed -n '/^## [0-9]*\. findings$/,$p' /tmp/hw.txt)" \
		"bin 1 ends at bin1_width" "the findings at the end"
}

# Current firmware (every function but those of fw_old): every feature
# configurable, each set and read back at its bits.
test_every_feature_current()
{
	load fw_old=$F1 no_histogram=$F1 no_histogram_bad_op=$F2 || return 1
	expect_eq "$(cat $SDBG/$F0/fw_generation)" current "generation of $F0" ||
		return 1
	expect_eq "$(standin_store $F0 reg)" "08000fff 00000000 41000fa0 00000000" \
		"store at load" || return 1
	run_cmd adpctl -j accl show dev $F0
	expect_eq "$(json_get "$OUT" 'sorted(k for k, v in j[0]["configurable"].items() if v)')" \
		"['ack_dscp', 'ack_dscp_force', 'adaptive_routing_forced_en', 'cc_burst_size', 'cc_per_plane_en', 'cc_probe_mp_mode', 'dc_half_handshake_en', 'ifa2_turn_around_en', 'min_ack_timeout_limit_disabled', 'roce_adp_retrans_en', 'roce_slow_restart_en', 'roce_slow_restart_idle_en', 'roce_tx_window_en', 'selective_repeat_forced_en']" \
		"configurable" || return 1
	set_features $F0 14 || return 1
	# all at once, then each selected alone changes nothing else
	run_cmd adpctl accl set dev $F0 $(echo "$ACCL_FEATURES" | cut -d' ' -f1,2)
	expect_eq "$(standin_store $F0 reg)" "08000fff 0f00b7ff 41100fa0 00000000" \
		"every feature set" || return 1
	run_cmd adpctl accl set dev $F0 ack_dscp 0
	expect_eq "$(standin_store $F0 reg)" "08000fff 0f0003ff 41100fa0 00000000" \
		"ack_dscp alone cleared, its force kept" || return 1
	run_cmd adpctl accl set dev $F0 $ACCL_ZEROES
	expect_eq "$(standin_store $F0 reg)" "08000fff 00000000 41000fa0 00000000" \
		"every feature cleared"
}

# Older firmware (fw_old): the seven older features set and read back as
# on current firmware; the newer ones reported not supported, and a set
# of one refused before any command once the device's selects are known
# (before then, after the query that learns them, with no write).
test_every_feature_old()
{
	expect_eq "$(cat $SDBG/$F1/fw_generation)" old "generation of $F1" ||
		return 1
	expect_eq "$(standin_store $F1 reg)" "0000007f 00000000 41000fa0 00000000" \
		"store at load" || return 1
	echo >$SDBG/$F1/cmds
	run_cmd adpctl accl set dev $F1 dc_half_handshake_en on
	expect_kernel_error \
		"Error: dc_half_handshake_en is not configurable on this device." ||
		return 1
	expect_eq "$(cat $SDBG/$F1/cmds)" \
		"ACCESS_REG opcode 0x805 op_mod 1 register_id 0x402c inlen $REG_LEN outlen $REG_LEN" \
		"the query that learnt the selects, no write" || return 1
	run_cmd adpctl accl show dev $F1
	echo "$ACCL_FEATURES" | tail -n +$((ACCL_OLDER + 1)) | while read -r name rest; do
		expect_match "$OUT" "^  $name +not supported\$" "$name shown" ||
			return 1
	done || return 1
	run_cmd adpctl -j accl show dev $F1
	expect_eq "$(json_get "$OUT" 'sorted(k for k, v in j[0]["configurable"].items() if not v)')" \
		"['ack_dscp', 'ack_dscp_force', 'cc_burst_size', 'cc_per_plane_en', 'cc_probe_mp_mode', 'dc_half_handshake_en', 'ifa2_turn_around_en']" \
		"not configurable" || return 1
	set_features $F1 $ACCL_OLDER || return 1
	echo "$ACCL_FEATURES" | tail -n +$((ACCL_OLDER + 1)) | while read -r name val rest; do
		echo 0 >$RDBG/$F1/fw_cmds
		echo >$SDBG/$F1/cmds
		run_cmd adpctl accl set dev $F1 "$name" "$val"
		expect_kernel_error \
			"Error: $name is not configurable on this device." || return 1
		expect_eq "$(cat $SDBG/$F1/cmds)" "" "$name: commands to $F1" ||
			return 1
		expect_eq "$(cat $RDBG/$F1/fw_cmds)" 0 "$name: fw_cmds" || return 1
	done || return 1
	expect_eq "$(standin_store $F1 reg)" "0000007f 00000000 41000fa0 00000000" \
		"store at the end"
}

# The histogram: F1 answers its registers BAD_PARAM, F2 BAD_OP. Each is
# reported without it, once in the kernel log with status and syndrome,
# left out of the dump, which still has F0; no command for it after.
test_histogram_absent()
{
	at=$(($(dmesg | wc -l) + 1))
	for i in 1 2; do
		run_cmd adpctl -j histogram show
		expect_eq "$RC" 0 "dump $i: exit status ($ERR)" || return 1
		expect_eq "$(json_get "$OUT" '[d["dev"] for d in j if d["dev"].startswith("0000:")]')" \
			"['$F0']" "dump $i" || return 1
	done
	for f in "$F1 BAD_PARAM (0x03)" "$F2 BAD_OP (0x02)"; do
		expect_eq "$(dmesg | tail -n +"$at" | grep -cF "roce_adp: ${f%% *}: no retransmission histogram: firmware answers a query of register 0xc01d with ${f#* }, syndrome 0x00000001")" \
			1 "log lines for ${f%% *}" || return 1
	done
	for f in $F1 $F2; do
		echo >$SDBG/$f/cmds
		run_cmd adpctl histogram show dev $f
		expect_kernel_error \
			"Error: device has no retransmission histogram." || return 1
		expect_eq "$(cat $SDBG/$f/cmds)" "" "commands to $f" || return 1
	done
	# a firmware reset may bring other firmware: asked again
	echo present >$SDBG/$F1/histogram
	echo 10 >$SDBG/$F1/fw_reset
	i=0
	until adpctl histogram show dev $F1 >/dev/null 2>&1 || [ $i -ge 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	run_cmd adpctl -j histogram show
	expect_eq "$(json_get "$OUT" '[d["dev"] for d in j if d["dev"].startswith("0000:")]')" \
		"['$F0', '$F1']" "dump with $F1's new firmware"
}

# Transient statuses: RES_BUSY and NOT_READY are tried again, each try a
# command in fw_cmds; a status that stays fails within cmd_timeout_ms,
# saying how many tries it took.
TIMEOUT=/sys/module/roce_adp/parameters/cmd_timeout_ms
busy_try()
{
	echo 0 >$RDBG/$F0/fw_cmds
	echo >$SDBG/$F0/cmds
	echo 0x1234 >$SDBG/$F0/inject_syndrome
	echo "$1" >$SDBG/$F0/inject_status
	run_cmd adpctl accl show dev $F0
}

test_busy_retried()
{
	busy_try "0x06 2"
	expect_eq "$RC" 0 "busy twice, then answered ($ERR)" || return 1
	expect_eq "$(grep -c . $SDBG/$F0/cmds):$(cat $RDBG/$F0/fw_cmds)" 3:3 \
		"commands received and counted" || return 1
	busy_try "0x07 1"
	expect_eq "$RC" 0 "NOT_READY once, then answered ($ERR)" || return 1
	expect_eq "$(grep -c . $SDBG/$F0/cmds):$(cat $RDBG/$F0/fw_cmds)" 2:2 \
		"commands received and counted" || return 1
	# NO_RES is not transient
	busy_try "0x0f 1"
	expect_kernel_error \
		"Error: firmware status NO_RES (0x0f), syndrome 0x00001234." ||
		return 1
	expect_eq "$(cat $RDBG/$F0/fw_cmds)" 1 "NO_RES: one command" || return 1

	t0=$(cut -d' ' -f1 /proc/uptime)
	busy_try "0x06 1000"
	t1=$(cut -d' ' -f1 /proc/uptime)
	expect_kernel_error \
		"Error: firmware status RES_BUSY (0x06), syndrome 0x00001234, after 10 tries." ||
		return 1
	# adpctl's own time included
	expect_eq "$(awk -v a="$t0" -v b="$t1" -v ms="$(cat $TIMEOUT)" 'BEGIN { print (b - a < ms / 1000) }')" \
		1 "failed within cmd_timeout_ms ($t0 .. $t1 s)" || return 1
	expect_eq "$(grep -c . $SDBG/$F0/cmds):$(cat $RDBG/$F0/fw_cmds)" 10:10 \
		"commands received and counted" || return 1
	expect_eq "$(cat $SDBG/$F0/inject_status)" "0x06 990" "left to inject" ||
		return 1
	# a timeout shorter than the ten tries' backoffs (1 + 2 + ... + 64
	# + 100 + 100 ms)
	old=$(cat $TIMEOUT)
	echo 200 >$TIMEOUT
	busy_try "0x06 1000"
	echo "$old" >$TIMEOUT
	expect_match "$ERR" '^Error: firmware status RES_BUSY \(0x06\), syndrome 0x00001234, after [0-9]+ tries\.$' \
		"always busy, 200 ms" || return 1
	tries=$(echo "$ERR" | sed 's/.* after \([0-9]*\) tries.*/\1/')
	[ "$tries" -lt 10 ] || { echo "$tries tries within 200 ms"; return 1; }
	expect_eq "$(grep -c . $SDBG/$F0/cmds):$(cat $RDBG/$F0/fw_cmds)" \
		"$tries:$tries" "commands received and counted" || return 1
	echo 0 >$SDBG/$F0/inject_status
	run_cmd adpctl accl show dev $F0
	expect_eq "$RC" 0 "answered again ($ERR)"
}

# rmmod_order MODS...: from everything loaded, remove in this order;
# a module still used must refuse first
test_rmmod_orders()
{
	# The emulator uses roce_adp too: out of the way, module_default
	# brings it back at the end.
	live roce_adp_emu && { rmmod roce_adp_emu || return 1; }
	load || return 1
	for m in mlx5_core roce_adp; do
		if rmmod $m 2>/dev/null; then
			echo "rmmod $m succeeded while roce_adp_mlx5 uses it"
			return 1
		fi
	done
	for order in "roce_adp_mlx5 mlx5_core roce_adp" \
		     "roce_adp_mlx5 roce_adp mlx5_core"; do
		load || return 1
		for m in $order; do
			rmmod "$m" || { echo "rmmod $m failed ($order)"; return 1; }
		done
	done
	modprobe roce_adp
	# the backend first, then the stand-in binding later
	insmod $STANDIN/roce_adp_mlx5.ko 2>/dev/null &&
		{ echo "backend loaded without mlx5_core"; return 1; }
	insmod $STANDIN/mlx5_core.ko && insmod $STANDIN/roce_adp_mlx5.ko ||
		return 1
	run_cmd adpctl dev show $F2
	expect_eq "$OUT" "$F2: backend mlx5 fw $FW roce_accl supported netdev $(netdev $F2)" \
		"$F2 with roce_accl" || return 1
	rmmod roce_adp_mlx5 && rmmod mlx5_core
}

test_dmesg_clean()
{
	bad=$(dmesg | tail -n +"$DMESG_START" | grep -E 'roce_adp|mlx5' |
		grep -vE "roce_adp: device ($F0|$F1) back after [0-9]+ ms in error state" |
		grep -vE 'roce_adp: device 0000:00:1[0-2]\.0(, firmware 28\.39\.2048, ROCE_ACCL (supported|not supported \(cmd_hca_cap\.roce_accl is 0\))| removed)$' |
		grep -vF 'roce_adp_mlx5: attached to 3 mlx5_core PCI function(s)' |
		grep -vE "roce_adp: 0000:00:1[12]\.0: no retransmission histogram: firmware answers a query of register 0xc01d with BAD_(PARAM \(0x03\)|OP \(0x02\)), syndrome 0x00000001$" |
		grep -vE '^\[ *[0-9.]+\] roce_adp_mlx5: Unknown symbol mlx5_(cmd_do|cmd_exec|notifier_register|notifier_unregister) \(err -2\)$' |
		grep -vE 'taints kernel|module verification failed')
	[ -z "$bad" ] || { echo "unexpected kernel log lines:"; echo "$bad"; return 1; }
	if dmesg | tail -n +"$DMESG_START" | grep -E 'WARNING|BUG|Call Trace|lockdep'; then
		echo "kernel warning in dmesg"
		return 1
	fi
}

if [ ! -f $STANDIN/mlx5_core.ko ] || [ ! -d /sys/bus/pci/devices/$F2 ]; then
	skip_all "no mlx5_core stand-in or no pci-testdev functions (tools/vm/run --pci-testdev 3)"
fi
DMESG_START=$(($(dmesg | wc -l) + 1))
run_test attach_at_load test_attach_at_load
run_test attach_on_later_bind test_attach_on_bind
run_test names_operators_know test_names
run_test names_from_other_tools test_names_other_tools
run_test accl_set_bytes_in_the_store test_accl_golden
run_test profile_set_bytes_in_the_store test_profile_golden
run_test fw_cmds_are_the_commands_the_function_received test_fw_cmds
run_test firmware_status_mapping test_status_mapping
run_test function_without_roce_accl_gets_no_command test_no_roce_accl
run_test mpt_get_through_query_mkey test_mpt_get
run_test mpt_dump_through_query_mkey test_mpt_dump
run_test firmware_error_event_restore_and_reset_ntf test_fw_error_restore
run_test unbind_during_dump_and_set test_unbind_in_flight
run_test rmmod_backend_during_dump_and_set test_rmmod_in_flight
run_test hw_check_kit test_hw_check
run_test histogram_registers_through_the_store test_histogram
run_test every_feature_on_current_firmware test_every_feature_current
run_test every_feature_on_old_firmware test_every_feature_old
run_test histogram_dump_leaves_out_functions_without test_histogram_absent
run_test busy_firmware_tried_again_within_the_timeout test_busy_retried
run_test rmmod_in_every_order test_rmmod_orders
run_test dmesg_has_only_expected_lines test_dmesg_clean
unload
module_default
tap_end
