#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Emulated devices added and removed through /sys/bus/roce_adp.
. ./lib.sh

test_new_and_del()
{
	sysfs_write $BUS/new_device 5
	expect_eq "$RC" 0 "new_device exit status" || return 1
	[ -e $BUS/devices/emu5 ] || { echo "no $BUS/devices/emu5"; return 1; }
	[ -d $DBG/emu5 ] || { echo "no debugfs dir $DBG/emu5"; return 1; }
	run_cmd adpctl dev show emu5
	expect_match "$OUT" '^emu5: backend emulated' || return 1

	sysfs_write $BUS/del_device 5
	expect_eq "$RC" 0 "del_device exit status" || return 1
	[ ! -e $BUS/devices/emu5 ] || { echo "emu5 still on the bus"; return 1; }
	[ ! -e $DBG/emu5 ] || { echo "emu5 still in debugfs"; return 1; }
	run_cmd adpctl dev show emu5
	expect_kernel_error "Error: no such device."
}

test_hex_id()
{
	sysfs_write $BUS/new_device 0x10
	expect_eq "$RC" 0 "new_device exit status" || return 1
	[ -e $BUS/devices/emu16 ] || { echo "0x10 did not make emu16"; return 1; }
	sysfs_write $BUS/del_device 16
	expect_eq "$RC" 0 "del_device exit status"
}

test_duplicate()
{
	sysfs_write $BUS/new_device 0
	expect_eq "$RC" 1 "exit status" || return 1
	expect_match "$ERR" "File exists" "write error"
}

# bad_bus_write FILE VALUE LOG_PATTERN [STATUS_WHAT]: writing VALUE to the
# bus's FILE fails with EINVAL and logs LOG_PATTERN.
bad_bus_write()
{
	klog_mark
	sysfs_write "$BUS/$1" "$2"
	expect_eq "$RC" 1 "exit status$4" || return 1
	expect_match "$ERR" "Invalid argument" "write error" || return 1
	expect_match "$(klog_since)" "$3" "kernel log"
}

bad_new()
{
	bad_bus_write new_device "$1" \
		'roce_adp_emu: Format for adding a new device is "id" \(uint32\)' \
		" for '$1'"
}

test_malformed_new()
{
	for v in abc "" -1 "1 2" 4294967296 "5x"; do
		bad_new "$v" || return 1
	done
	run_cmd adpctl dev show
	expect_eq "$OUT" "emu0: backend emulated fw 22.41.1000 roce_accl supported" \
		"devices after bad writes"
}

test_malformed_del()
{
	bad_bus_write del_device zero \
		'roce_adp_emu: Format for removing a device is "id" \(uint32\)'
}

test_del_missing()
{
	sysfs_write $BUS/del_device 99
	expect_eq "$RC" 1 "exit status" || return 1
	expect_match "$ERR" "No such file or directory" "write error"
}

run_test new_and_del test_new_and_del
run_test hex_id test_hex_id
run_test duplicate_id_is_eexist test_duplicate
run_test malformed_new_device_is_einval test_malformed_new
run_test malformed_del_device_is_einval test_malformed_del
run_test del_missing_is_enoent test_del_missing
tap_end
