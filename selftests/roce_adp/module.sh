#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Loading and unloading the modules, with and without devices: roce_adp
# alone (no device, no emulator parameter), then the emulator roce_adp_emu.
. ./lib.sh

NOT_LOADED='Error: roce_adp module is not loaded (generic netlink family "roce_adp" not found).'

# modprobe -r of the emulator removes roce_adp too (unused once it is gone).
unload_all()
{
	modprobe -r roce_adp_emu || { echo "modprobe -r roce_adp_emu failed"; return 1; }
	[ ! -e /sys/module/roce_adp ] || { echo "roce_adp still loaded"; return 1; }
}

test_not_loaded_message()
{
	unload_all || return 1
	run_cmd adpctl dev show
	module_default
	expect_eq "$RC" 1 "exit status" || return 1
	expect_eq "$OUT" "" "stdout" || return 1
	expect_eq "$ERR" "$NOT_LOADED" "stderr"
}

test_unload_removes_everything()
{
	echo 9 >$BUS/new_device
	unload_all || return 1
	for p in $BUS $DBG; do
		[ ! -e $p ] || { echo "$p left behind"; module_default; return 1; }
	done
	module_default
}

# What a host that loads the driver without its ConnectX backend sees:
# roce_adp creates no device, has no emu_devices parameter, no emulated bus
# and no device in debugfs; the emulator, loaded by name, brings emu0.
test_core_alone()
{
	unload_all || return 1
	modprobe roce_adp || { echo "modprobe roce_adp failed"; return 1; }
	params=$(ls /sys/module/roce_adp/parameters)
	modinfo_parms=$(modinfo -F parm roce_adp)
	run_cmd adpctl dev show
	dev_rc=$RC dev_out=$OUT dev_err=$ERR
	run_cmd adpctl -j dev show
	json_rc=$RC json_out=$OUT
	bus=$(ls -d $BUS 2>&1) debugfs=$(ls -A $DBG 2>&1)
	emu_loaded=$([ -e /sys/module/roce_adp_emu ] && echo yes || echo no)
	modprobe roce_adp_emu || { echo "modprobe roce_adp_emu failed"; return 1; }
	run_cmd adpctl dev show
	emu_parms=$(modinfo -F parm roce_adp_emu | cut -d: -f1)
	module_default

	expect_eq "$emu_loaded" no "roce_adp_emu loaded along with roce_adp" || return 1
	expect_eq "$(echo $params)" \
		"cmd_timeout_ms restore_config snapshot_interval_ms" \
		"parameters of roce_adp (sysfs)" || return 1
	expect_eq "$(printf '%s\n' "$modinfo_parms" | grep -c emu_devices)" 0 \
		"emu_devices in modinfo roce_adp" || return 1
	expect_match "$modinfo_parms" '^cmd_timeout_ms:' \
		"modinfo -F parm roce_adp" || return 1
	expect_eq "$dev_rc/$dev_out/$dev_err" "0//" \
		"adpctl dev show with roce_adp alone (status/stdout/stderr)" || return 1
	expect_eq "$json_rc $json_out" "0 []" \
		"adpctl -j dev show (the netlink dump) with roce_adp alone" || return 1
	expect_match "$bus" 'No such file' "$BUS with roce_adp alone" || return 1
	expect_eq "$debugfs" "" "$DBG with roce_adp alone" || return 1
	expect_eq "$OUT" "emu0: backend emulated fw 22.41.1000 roce_accl supported" \
		"devices once roce_adp_emu is loaded" || return 1
	expect_eq "$emu_parms" emu_devices "parameters of roce_adp_emu (modinfo)"
}

test_zero_devices()
{
	unload_all || return 1
	modprobe roce_adp_emu emu_devices=0 || { echo "load failed"; return 1; }
	run_cmd adpctl dev show
	module_default
	expect_eq "$RC" 0 "exit status" || return 1
	expect_eq "$OUT" "" "devices"
}

test_many_devices()
{
	unload_all || return 1
	modprobe roce_adp_emu emu_devices=4 || { echo "load failed"; return 1; }
	run_cmd adpctl dev show
	module_default
	expect_eq "$(printf '%s\n' "$OUT" | cut -d: -f1 | tr '\n' ' ')" \
		"emu0 emu1 emu2 emu3 " "devices"
}

test_param_visible()
{
	expect_eq "$(cat /sys/module/roce_adp_emu/parameters/emu_devices)" 1 \
		"emu_devices" || return 1
	expect_eq "$(ls /sys/module/roce_adp/parameters | grep -c emu_devices)" 0 \
		"emu_devices among roce_adp's parameters"
}

test_reload_cycles()
{
	i=0
	while [ $i -lt 10 ]; do
		modprobe -r roce_adp_emu || { echo "unload $i failed"; return 1; }
		modprobe roce_adp_emu emu_devices=2 || { echo "load $i failed"; return 1; }
		echo 7 >$BUS/new_device
		i=$((i + 1))
	done
	module_default
	run_cmd adpctl dev show
	expect_eq "$OUT" "emu0: backend emulated fw 22.41.1000 roce_accl supported"
}

run_test core_alone_creates_no_device test_core_alone
run_test not_loaded_message test_not_loaded_message
run_test unload_removes_bus_and_debugfs test_unload_removes_everything
run_test load_with_zero_devices test_zero_devices
run_test load_with_four_devices test_many_devices
run_test emu_devices_parameter test_param_visible
run_test reload_cycles test_reload_cycles
tap_end
