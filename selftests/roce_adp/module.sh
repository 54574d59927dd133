#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Loading and unloading the module, with and without devices.
. ./lib.sh

NOT_LOADED='Error: roce_adp module is not loaded (generic netlink family "roce_adp" not found).'

test_not_loaded_message()
{
	modprobe -r roce_adp || { echo "modprobe -r failed"; return 1; }
	run_cmd adpctl dev show
	module_default
	expect_eq "$RC" 1 "exit status" || return 1
	expect_eq "$OUT" "" "stdout" || return 1
	expect_eq "$ERR" "$NOT_LOADED" "stderr"
}

test_unload_removes_everything()
{
	echo 9 >$BUS/new_device
	modprobe -r roce_adp || { echo "modprobe -r failed"; return 1; }
	for p in $BUS $DBG; do
		[ ! -e $p ] || { echo "$p left behind"; module_default; return 1; }
	done
	module_default
}

test_zero_devices()
{
	modprobe -r roce_adp
	modprobe roce_adp emu_devices=0 || { echo "load failed"; return 1; }
	run_cmd adpctl dev show
	module_default
	expect_eq "$RC" 0 "exit status" || return 1
	expect_eq "$OUT" "" "devices"
}

test_many_devices()
{
	modprobe -r roce_adp
	modprobe roce_adp emu_devices=4 || { echo "load failed"; return 1; }
	run_cmd adpctl dev show
	module_default
	expect_eq "$(printf '%s\n' "$OUT" | cut -d: -f1 | tr '\n' ' ')" \
		"emu0 emu1 emu2 emu3 " "devices"
}

test_param_visible()
{
	expect_eq "$(cat /sys/module/roce_adp/parameters/emu_devices)" 1 \
		"emu_devices"
}

test_reload_cycles()
{
	i=0
	while [ $i -lt 10 ]; do
		modprobe -r roce_adp || { echo "unload $i failed"; return 1; }
		modprobe roce_adp emu_devices=2 || { echo "load $i failed"; return 1; }
		echo 7 >$BUS/new_device
		i=$((i + 1))
	done
	module_default
	run_cmd adpctl dev show
	expect_eq "$OUT" "emu0: backend emulated fw 22.41.1000 roce_accl supported"
}

run_test not_loaded_message test_not_loaded_message
run_test unload_removes_bus_and_debugfs test_unload_removes_everything
run_test load_with_zero_devices test_zero_devices
run_test load_with_four_devices test_many_devices
run_test emu_devices_parameter test_param_visible
run_test reload_cycles test_reload_cycles
tap_end
