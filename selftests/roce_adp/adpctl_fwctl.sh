#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# adpctl without the module, over the kernel's own fwctl: the real fwctl
# core and mlx5_fwctl (drivers/fwctl of the 7.x guest's linux-source,
# built by tools/kernels as Debian's image lacks them) bound to the
# mlx5_core stand-in's mlx5_core.fwctl devices on three pci-testdev
# functions (tools/vm/run --pci-testdev 3), roce_adp.ko not loaded. Every
# ROCE_ACCL feature, a profile and the histogram's configuration are
# written through /dev/fwctl and checked in the stand-in's store against
# dwords worked out by hand from the registers' bit positions, on current
# and older firmware; the stand-in's command log shows the user context
# mlx5_fwctl makes, the scope of each command, and that a profile the
# rules refuse sends nothing. ROCE_ACCL support and the mkey table's size
# come from the general capabilities (QUERY_HCA_CAP); what needs the
# module says so. Then the module's path and fwctl's give the same JSON
# for the same function, MPT dumps included. Skipped where the kernel has no fwctl
# modules (before 7.x).
. ./lib.sh

STANDIN=/standin
FWCTL=/fwctl
F0=0000:00:10.0
F1=0000:00:11.0	# older firmware (fw_old)
F2=0000:00:12.0	# no cmd_hca_cap.roce_accl
# access_register_in/out (0x10) + ROCE_ACCL (0x80)
REG_LEN=144
# mlx5_ifc.h: create_uctx_in is a 0x10 header and the 0x30 bytes of
# struct uctx, its out 0x10; destroy_uctx_in and _out 0x10 each.
UCTX_CREATE="CREATE_UCTX opcode 0xa04 op_mod 0 inlen 64 outlen 16"
QUERY="ACCESS_REG opcode 0x805 op_mod 1 register_id 0x402c inlen $REG_LEN outlen $REG_LEN uid 1"
WRITE="ACCESS_REG opcode 0x805 op_mod 0 register_id 0x402c inlen $REG_LEN outlen $REG_LEN uid 1"
UCTX_DESTROY="DESTROY_UCTX opcode 0xa06 op_mod 0 uctx 1 inlen 16 outlen 16"
# the firmware version in the stand-in's init segment
FW=28.39.2048
# query_hca_cap_in 0x10, _out 0x10 + hca_cap_union (0x1000); op_mod 1:
# MLX5_CAP_GENERAL << 1 | HCA_CAP_OPMOD_GET_CUR
CAPS="QUERY_HCA_CAP opcode 0x100 op_mod 1 inlen 16 outlen 4112 uid 1"
NOTE="adpctl: the roce_adp module is not loaded: using fwctl"

live()
{
	[ "$(cat /sys/module/"$1"/initstate 2>/dev/null)" = live ]
}

unload()
{
	for m in roce_adp_mlx5 roce_adp_emu roce_adp mlx5_fwctl mlx5_core fwctl; do
		live $m && rmmod $m
	done
}

# load [PARAM=VALUE...]: the stand-in with these parameters, then fwctl and
# mlx5_fwctl, which binds each function's mlx5_core.fwctl device (probing
# is synchronous: the nodes exist when insmod returns)
load()
{
	unload
	insmod $STANDIN/mlx5_core.ko no_roce_accl=$F2 "$@" &&
		insmod $FWCTL/fwctl.ko && insmod $FWCTL/mlx5_fwctl.ko
}

# fwctl_node F: /dev/fwctl/fwctlN of function F
fwctl_node()
{
	for c in /sys/class/fwctl/fwctl*; do
		[ "$(basename "$(readlink "$c/device")")" = "$1" ] &&
			echo "/dev/fwctl/${c##*/}"
	done
}

test_devices_bound()
{
	load fw_old=$F1 || { echo "load failed"; return 1; }
	for f in $F0 $F1 $F2; do
		n=$(fwctl_node $f)
		[ -c "$n" ] || { echo "no fwctl device node for $f ($n)"; return 1; }
	done
	expect_eq "$(ls -d /sys/bus/auxiliary/drivers/mlx5_fwctl.mlx5_fwctl/mlx5_core.fwctl.* | wc -l)" \
		3 "mlx5_core.fwctl devices bound to mlx5_fwctl" || return 1
	live roce_adp && { echo "roce_adp is loaded"; return 1; }
	expect_eq "$(cat $SDBG/$F0/cmds)" "" "commands at probe"
}

# Without the module adpctl says once that it uses fwctl; one query at the
# debug read-only scope inside the user context mlx5_fwctl opened for it.
test_path_and_user_context()
{
	echo >$SDBG/$F0/cmds
	run_cmd adpctl accl show dev $F0
	expect_eq "$RC" 0 "exit status ($ERR)" || return 1
	expect_eq "$ERR" "$NOTE" "the path, said once" || return 1
	expect_match "$OUT" "^  roce_adp_retrans_en +off$" "accl show" || return 1
	expect_eq "$(cat $SDBG/$F0/cmds)" "$UCTX_CREATE
$CAPS
$QUERY
$UCTX_DESTROY" "commands" || return 1
	# asked for, it says nothing
	run_cmd adpctl -F accl show dev $F0
	expect_eq "$ERR" "" "stderr with --fwctl"
}

# dword 1: the selects of current firmware (27 and 11:0; the stand-in lets
# all be changed); dword 3: max_range_num 4 (30:28), max_id 1 (26:24),
# base_timeout_min 4000 ns
test_every_feature_current()
{
	expect_eq "$(standin_store $F0 reg)" "08000fff 00000000 41000fa0 00000000" \
		"store at load" || return 1
	set_features $F0 14 -F || return 1
	echo >$SDBG/$F0/cmds
	run_cmd adpctl -F accl set dev $F0 $(echo "$ACCL_FEATURES" | cut -d' ' -f1,2)
	expect_eq "$(standin_store $F0 reg)" "08000fff 0f00b7ff 41100fa0 00000000" \
		"every feature at once" || return 1
	# a query, the write, the read-back; each in its own user context's
	# one file: one context for the whole command
	expect_eq "$(grep -c '^ACCESS_REG' $SDBG/$F0/cmds) $(grep -c '^CREATE_UCTX' $SDBG/$F0/cmds)" \
		"3 1" "commands of one set" || return 1
	expect_eq "$(grep '^ACCESS_REG' $SDBG/$F0/cmds)" "$QUERY
$WRITE
$QUERY" "the set's commands, at their scopes" || return 1
	run_cmd adpctl -F accl set dev $F0 $ACCL_ZEROES
	expect_eq "$(standin_store $F0 reg)" "08000fff 00000000 41000fa0 00000000" \
		"every feature cleared"
}

# Older firmware: the seven older features, and the newer refused as not
# configurable after the query that shows it, with no write.
test_every_feature_old()
{
	expect_eq "$(standin_store $F1 reg)" "0000007f 00000000 41000fa0 00000000" \
		"store at load" || return 1
	set_features $F1 $ACCL_OLDER -F || return 1
	echo >$SDBG/$F1/cmds
	run_cmd adpctl -F accl set dev $F1 dc_half_handshake_en on
	expect_kernel_error \
		"Error: dc_half_handshake_en is not configurable on this device." ||
		return 1
	expect_eq "$(grep '^ACCESS_REG' $SDBG/$F1/cmds)" "$QUERY" \
		"the query, no write" || return 1
	expect_eq "$(standin_store $F1 reg)" "0000007f 00000000 41000fa0 00000000" \
		"store at the end"
}

# adp_retx_profile dword by dword: qp_total_timeout 31, range_num 30:28,
# start_range_index 26:24, time_unit 23:22, time_base 15:0; then
# retx_total_timeout 31:24, timeout_init_low_bound 15:8, _range_size 7:0;
# then each range: prev 30:28, dec_mode 27:26, retries 25:16, low bound
# 15:8, size 7:0 (set_full's profile).
PROFILE1="20400008 12000303 04030303 00020604 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000"

# test_profile F REG: set_full's profile 1 on F over fwctl; REG the store's
# register dwords after it (profile 1 in effect, at 30:28 of dword 2)
test_profile()
{
	run_cmd set_full "$1"
	expect_eq "$RC" 0 "exit status ($ERR)" || return 1
	expect_eq "$(standin_store "$1" 'profile 1')" "$PROFILE1" "profile 1 stored" ||
		return 1
	expect_eq "$(standin_store "$1" reg)" "$2" "profile 1 in effect" || return 1
	run_cmd adpctl -F -j profile show dev "$1" id 1
	expect_eq "$(json_get "$OUT" '[(p["time_base"], p["retx_total_timeout"], p["timeout_range"][1]["range_low_bound"]) for p in j[0]["profiles"]]')" \
		"[(8, 18, 6)]" "profile read back" || return 1
	run_cmd adpctl -F -j accl show dev "$1"
	expect_eq "$(json_get "$OUT" 'j[0]["active_profile_id"]')" 1 \
		"active profile"
}

test_profile_current()
{
	adpctl -F accl set dev $F0 selective_repeat_forced_en on >/dev/null
	test_profile $F0 "08000fff 10000040 41000fa0 00000000"
}

test_profile_old()
{
	test_profile $F1 "0000007f 10000000 41000fa0 00000000"
}

# A whole profile the rules refuse: the module's message, and not one
# command to the function (not even the user context of an open).
test_refused_profile_sends_nothing()
{
	echo >$SDBG/$F0/cmds
	# shellcheck disable=SC2046 # the words of the ranges
	run_cmd adpctl -F profile set dev $F0 id 1 time_base 12 time_unit usec \
		range_num 2 start_range_index 0 qp_total_timeout off \
		retx_total_timeout 18 timeout_init_low_bound 3 \
		timeout_init_range_size 3 \
		$(range_words 0 3 3 3 div2 0) $(range_words 1 6 4 2 div4 0)
	expect_kernel_error "Error: time_base must be a power of two." ||
		return 1
	expect_eq "$(cat $SDBG/$F0/cmds)" "" "commands to $F0" || return 1
	expect_eq "$(standin_store $F0 'profile 1')" "$PROFILE1" "profile 1 unchanged"
}

# The histogram's configuration, its read-write fields as written (the
# stand-in keeps the capabilities): count_enable 31, clear_on_read 30,
# time_unit 27:26, bin_width_mode 25:24, time_unit_cap 23:20; bin_num
# 31:24, bin_num_max 23:16; bin0_width 31:16, bin1_width 15:0. The counts
# are the firmware's as read: cleared by a read with clear_on_read.
test_histogram_config()
{
	run_cmd adpctl -F histogram config dev $F0 \
		--set bin_num=4,clear_on_read=1,time_unit=2,bin0_width=291,bin1_width=5
	expect_eq "$RC" 0 "exit status ($ERR)" || return 1
	expect_eq "$(standin_store $F0 hist_config)" "c9f00000 04100000 01230005" \
		"hist_config store" || return 1
	printf '0 5\n3 7\n' >$SDBG/$F0/hist_counts || return 1
	run_cmd adpctl -F -j histogram show dev $F0
	expect_eq "$RC" 0 "show: exit status ($ERR)" || return 1
	expect_eq "$(json_get "$OUT" '(len(j[0]["bins"]), [b["count"] for b in j[0]["bins"]])')" \
		"(4, [5, 0, 0, 7])" "counts" || return 1
	expect_eq "$(cat $SDBG/$F0/hist_counts)" "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0" \
		"firmware counters after a read with clear_on_read" || return 1
	# above the stand-in's bin_num_max (16), read over fwctl: refused
	# before any write
	echo >$SDBG/$F0/cmds
	run_cmd adpctl -F histogram config dev $F0 --set bin_num=17
	expect_error "Error: invalid value \"17\" for \"bins\": expected 1..16. Try \"adpctl histogram config help\"." ||
		return 1
	expect_eq "$(grep -c '^ACCESS_REG .* op_mod 0 ' $SDBG/$F0/cmds)" 0 "writes sent" ||
		return 1
	expect_eq "$(standin_store $F0 hist_config)" "c9f00000 04100000 01230005" \
		"hist_config unchanged"
}

# What fwctl refuses: mlx5_fwctl takes an ACCESS_REG query at the debug
# read-only scope, not below (FWCTL_RPC with the configuration scope,
# sent by hand: adpctl always picks the lowest scope that works).
test_scope_too_low()
{
	node=$(fwctl_node $F0)
	python3 -S - "$node" <<'EOF'
import ctypes, errno, fcntl, os, struct, sys
FWCTL_RPC = 0x9A01	# _IO(FWCTL_TYPE, FWCTL_CMD_RPC)
def rpc(fd, scope):
	# access_register_in: opcode 0x805, op_mod 1 (query), register_id
	# 0x402c at byte 10; ROCE_ACCL's 0x80 bytes after the 0x10 header
	mbox = bytearray(0x90)
	struct.pack_into(">HHHHHH", mbox, 0, 0x805, 0, 0, 1, 0, 0x402c)
	inb = ctypes.create_string_buffer(bytes(mbox), len(mbox))
	outb = ctypes.create_string_buffer(len(mbox))
	arg = struct.pack("=IIIIQQ", 32, scope, len(mbox), len(mbox),
			  ctypes.addressof(inb), ctypes.addressof(outb))
	fcntl.ioctl(fd, FWCTL_RPC, arg)
	return outb.raw[0]
fd = os.open(sys.argv[1], os.O_RDWR)
try:
	rpc(fd, 0)
	print("scope 0 (configuration): query taken")
	sys.exit(1)
except OSError as e:
	if e.errno != errno.EBADMSG:
		print("scope 0: errno %d, not EBADMSG" % e.errno)
		sys.exit(1)
status = rpc(fd, 1)
if status != 0:
	print("scope 1 (debug read-only): status 0x%02x" % status)
	sys.exit(1)
EOF
}

# A firmware status is the module's errno and text (radp_status.c); a
# function in error (the stand-in's fw_reset: every command fails with
# ENXIO) cannot even open its user context. Over fwctl a query of
# ROCE_ACCL answered BAD_PARAM or BAD_OP is a function without it.
test_refusals()
{
	echo 0xabcdef01 >$SDBG/$F0/inject_syndrome
	echo 0x08 >$SDBG/$F0/inject_status
	run_cmd adpctl -F accl show dev $F0
	expect_kernel_error \
		"Error: firmware status LIM (0x08), syndrome 0xabcdef01." ||
		return 1
	echo 0x7 >$SDBG/$F0/inject_syndrome
	echo 0x50 >$SDBG/$F0/inject_status
	run_cmd adpctl -F accl set dev $F0 roce_tx_window_en on
	expect_kernel_error \
		"Error: firmware status BAD_INP_LEN (0x50), syndrome 0x00000007." ||
		return 1
	run_cmd adpctl -F accl show dev 0000:00:1f.0
	expect_kernel_error "Error: no such device." || return 1
	echo 2000 >$SDBG/$F0/fw_reset
	run_cmd adpctl -F accl show dev $F0
	expect_kernel_error \
		"Error: device is not up (in error or resetting): $(fwctl_node $F0): No such device or address." ||
		return 1
	# back 2 s later, its store at the defaults
	i=0
	until adpctl -F accl show dev $F0 >/dev/null 2>&1; do
		i=$((i + 1))
		[ $i -lt 100 ] || { echo "function not back"; return 1; }
		sleep 0.1
	done
	run_cmd adpctl -F monitor
	expect_error "Error: notifications need the roce_adp module: fwctl has none." ||
		return 1
	echo >$SDBG/$F0/cmds
	run_cmd adpctl -F histogram clear dev $F0
	expect_kernel_error \
		"Error: histogram-clear needs the roce_adp module: the running totals it clears are the module's (over fwctl, histogram config clear_on_read=1 has the firmware clear its counters at each read)." ||
		return 1
	expect_eq "$RC" 2 "histogram clear: exit status" || return 1
	expect_eq "$(cat $SDBG/$F0/cmds)" "" "histogram clear: commands" ||
		return 1
	run_cmd adpctl -F monitor
	expect_error "Error: notifications need the roce_adp module: fwctl has none." ||
		return 1
	run_cmd adpctl -F profile forget dev $F0
	expect_kernel_error \
		"Error: profile-forget needs the roce_adp module: the restore after a firmware reset is the module's."
}

# ROCE_ACCL support is the capability's (cmd_hca_cap.roce_accl), as the
# module reads it, on both firmware generations: F2 without it is told so
# with no ACCESS_REG sent; F0 (current) and F1 (old) have it. dev show
# has the running firmware's version, as devlink dev info reads it.
test_roce_accl_from_caps()
{
	echo >$SDBG/$F2/cmds
	run_cmd adpctl -F accl show dev $F2
	expect_kernel_error "Error: device does not support ROCE_ACCL." ||
		return 1
	expect_eq "$(grep -v _UCTX $SDBG/$F2/cmds)" "$CAPS" \
		"$F2: the capabilities, no register" || return 1
	echo >$SDBG/$F2/cmds
	run_cmd adpctl -F -j dev show
	expect_eq "$RC" 0 "dev show: exit status ($ERR)" || return 1
	expect_eq "$(json_get "$OUT" '[(d["name"], d["backend"], d["fw_version"], d["roce_accl"]) for d in j]')" \
		"[('$F0', 'mlx5', '$FW', True), ('$F1', 'mlx5', '$FW', True), ('$F2', 'mlx5', '$FW', False)]" \
		"dev show over fwctl" || return 1
	# the version as mlx5_core's devlink info reads it: MCQS finds the
	# boot image (component 0), MCQI (info_type 1) its version
	expect_eq "$(grep '^ACCESS_REG' $SDBG/$F2/cmds)" \
		"ACCESS_REG opcode 0x805 op_mod 1 register_id 0x9060 inlen 32 outlen 32 uid 1
ACCESS_REG opcode 0x805 op_mod 1 register_id 0x9061 inlen 164 outlen 164 uid 1" \
		"$F2: the version's registers, not ROCE_ACCL" || return 1
	expect_eq "$(cat $SDBG/$F1/fw_generation)" old "generation of $F1"
}

# apply, config export and metrics on top of the same requests: a file's
# enable written (bit 2 of dword 2), exported back, the device up.
test_apply_export_metrics()
{
	before=$(standin_store $F0 reg)
	printf '[dev %s]\nroce_slow_restart_en on\n' $F0 >/tmp/fwctl.conf
	run_cmd adpctl -F apply /tmp/fwctl.conf
	expect_eq "$RC" 3 "apply: exit status, changed ($ERR)" || return 1
	expect_eq "$(standin_store $F0 reg)" "$(or_dword "$before" 2 4)" \
		"the store after apply" || return 1
	run_cmd adpctl -F config export dev $F0
	expect_eq "$RC" 0 "export: exit status ($ERR)" || return 1
	expect_match "$OUT" " roce_slow_restart_en on " "export" || return 1
	run_cmd adpctl -F metrics
	expect_eq "$RC" 0 "metrics: exit status ($ERR)" || return 1
	expect_match "$OUT" "^roce_adp_device_up\{device=\"$F0\"\} 1$" \
		"metrics of $F0"
}

# The same function through the module (the backend linked against the
# stand-in) and through fwctl: the same JSON, the same refusal.
test_same_json_both_paths()
{
	adpctl -F accl set dev $F0 roce_tx_window_en on ack_dscp 12 >/dev/null ||
		return 1
	modprobe roce_adp && insmod $STANDIN/roce_adp_mlx5.ko ||
		{ echo "module load failed"; return 1; }
	# index free mode umr a rw rr lw lr qpn key len64 rinval pd start len
	# octwords log_page: what QUERY_MKEY answers for index 5
	echo "5 0 1 1 0 1 1 1 1 0xffffff 0x42 0 1 7 0x7f0000001000 0x2000 4 12" \
		>$SDBG/$F0/mkey || return 1
	echo >$SDBG/$F0/cmds
	run_cmd adpctl -F -j mpt show dev $F0 index 5
	expect_eq "$(json_get "$OUT" '(j[0]["mem_key"], j[0]["pd"], j[0]["len"])')" \
		"(1346, 7, 8192)" "mpt entry over fwctl" || return 1
	expect_eq "$(grep QUERY_MKEY $SDBG/$F0/cmds)" \
		"QUERY_MKEY opcode 0x201 op_mod 0 mkey_index 0x5 inlen 16 outlen 304 uid 1" \
		"QUERY_MKEY sent in the user context" || return 1
	# a dump: the table's size from log_max_mkey (the stand-in's 4),
	# a QUERY_MKEY for each of its 16 indexes; the live entries (5, 11)
	# shown, a free one (9) and the empty indexes left out
	echo "9 1 0 0 0 0 0 1 1 0x21 0x9 0 0 3 0x1000 0x100 0 12" \
		>$SDBG/$F0/mkey || return 1
	echo "11 0 1 0 0 0 0 1 1 0x21 0x9 0 0 3 0x1000 0x100 0 12" \
		>$SDBG/$F0/mkey || return 1
	echo >$SDBG/$F0/cmds
	run_cmd adpctl -F -j mpt show dev $F0
	expect_eq "$RC" 0 "dump over fwctl: exit status ($ERR)" || return 1
	expect_eq "$(json_get "$OUT" '[(e["index"], e["pd"]) for e in j]')" \
		"[(5, 7), (11, 3)]" "entries dumped" || return 1
	expect_eq "$(grep -c '^QUERY_MKEY' $SDBG/$F0/cmds) $(grep -c '^QUERY_HCA_CAP' $SDBG/$F0/cmds)" \
		"16 1" "QUERY_MKEY a mkey index, the capabilities once" ||
		return 1
	run_cmd adpctl -F mpt show dev $F0 index 16
	expect_kernel_error "Error: MPT index beyond the device's mkey table." ||
		return 1
	for cmd in "-j accl show" "-j profile show" "-j histogram show" \
		   "config export" "-j mpt show index 5" "-j mpt show index 4" \
		   "-j mpt show key 0x542 -r" "-j mpt show" "-j mpt show -r" \
		   "-j mpt show pd 3" "mpt show"; do
		run_cmd adpctl $cmd dev $F0
		mod=$OUT
		expect_eq "$RC" 0 "$cmd, module: exit status ($ERR)" || return 1
		run_cmd adpctl -F $cmd dev $F0
		expect_eq "$RC" 0 "$cmd, fwctl: exit status ($ERR)" || return 1
		expect_eq "$OUT" "$mod" "$cmd, fwctl against the module" ||
			return 1
	done
	# profile lint against the function: the same findings and exit
	# status over both paths; over fwctl read with queries alone
	for args in "id 1" "id 1 time_base 12"; do
		run_cmd adpctl profile lint dev $F0 $args
		mod="$RC $OUT"
		echo >$SDBG/$F0/cmds
		run_cmd adpctl -F profile lint dev $F0 $args
		expect_eq "$RC $OUT" "$mod" "lint $args, fwctl against the module" ||
			return 1
		expect_eq "$(grep -c '^ACCESS_REG .* op_mod 1 register_id 0x402c' $SDBG/$F0/cmds) $(grep -c '^ACCESS_REG .* op_mod 0 ' $SDBG/$F0/cmds)" \
			"3 0" "lint $args: ROCE_ACCL queried (ACCL_GET, PROFILE_GET of 0 and 1), nothing written" ||
			return 1
	done
	expect_match "$OUT" "time_base" "lint of time_base 12: its finding" ||
		return 1
	# dev show: what both paths know of the function (the module adds
	# its restore state)
	run_cmd adpctl -j dev show $F0
	mod=$(json_get "$OUT" '[(d["backend"], d["fw_version"], d["roce_accl"]) for d in j]')
	run_cmd adpctl -F -j dev show $F0
	expect_eq "$(json_get "$OUT" '[(d["backend"], d["fw_version"], d["roce_accl"]) for d in j]')" \
		"$mod" "dev show, fwctl against the module" || return 1
	expect_eq "$mod" "[('mlx5', '$FW', True)]" "dev show, module" ||
		return 1
	for path in "" -F; do
		run_cmd adpctl $path profile set dev $F0 id 1 time_base 12 \
			time_unit usec
		expect_kernel_error "Error: time_base must be a power of two." ||
			return 1
	done
	rmmod roce_adp_mlx5 && rmmod roce_adp
}

skip=
[ -d /sys/bus/pci/devices/$F2 ] ||
	skip="no pci-testdev functions (tools/vm/run --pci-testdev 3)"
[ -f $STANDIN/mlx5_core.ko ] || skip="no mlx5_core stand-in for this kernel"
[ -f $FWCTL/mlx5_fwctl.ko ] ||
	skip="no fwctl modules for this kernel (its sources have no mlx5_fwctl; tools/kernels builds them for 7.x)"
if [ -n "$skip" ]; then
	echo "ok 1 # SKIP $skip"
	echo "1..1"
	exit 0
fi
run_test fwctl_devices_bound_to_the_standin test_devices_bound
run_test path_said_once_one_user_context test_path_and_user_context
run_test every_feature_on_current_firmware test_every_feature_current
run_test every_feature_on_old_firmware test_every_feature_old
run_test profile_bytes_current_firmware test_profile_current
run_test profile_bytes_old_firmware test_profile_old
run_test refused_profile_sends_no_command test_refused_profile_sends_nothing
run_test histogram_config_bytes test_histogram_config
run_test scope_too_low_refused_by_mlx5_fwctl test_scope_too_low
run_test statuses_errors_and_module_only_requests test_refusals
run_test roce_accl_support_from_the_capabilities test_roce_accl_from_caps
run_test apply_export_metrics_over_fwctl test_apply_export_metrics
run_test same_json_over_module_and_fwctl test_same_json_both_paths
unload
module_default
tap_end
