#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The ConnectX backend beside the mlx5_core of /lib/modules, with no
# function bound to it: it loads and unloads in every order, attaches to
# nothing, and lists no device (nor does roce_adp alone: the emulator is
# loaded only by the test that wants its devices). On Debian's
# kernels that is the real mlx5_core; on the debug kernel of make
# check-debug, which has none, the stand-in (selftests/mlx5_standin) and the
# backend linked against it. The stand-in would bind the guest's
# pci-testdev functions, so PCI autoprobe is off while this test runs: no
# driver binds a device when it registers (the real one binds none anyway).
. ./lib.sh

ATTACHED="roce_adp_mlx5: attached to 0 mlx5_core PCI function(s)"
MODS="roce_adp_mlx5 roce_adp_emu roce_adp mlx5_core"

# live NAME: the module is loaded
live()
{
	[ "$(cat /sys/module/"$1"/initstate 2>/dev/null)" = live ]
}

# expect_loaded "NAMES...": exactly these of $MODS are loaded
expect_loaded()
{
	got=''
	for m in $MODS; do
		live $m && got="$got $m"
	done
	expect_eq "$got" "$(for m in $1; do printf ' %s' $m; done)" \
		"modules loaded"
}

# unload_all: none of $MODS loaded, whatever the state
unload_all()
{
	for m in $MODS; do
		live $m && rmmod $m
	done
	expect_loaded ""
}

# back to what the other tests expect: roce_adp and the emulator with emu0,
# and PCI drivers binding their devices when they register
restore()
{
	unload_all >/dev/null
	modprobe roce_adp_emu
	echo "$AUTOPROBE" >$AUTOPROBE_FILE
}

# rmmod_ok NAME
rmmod_ok()
{
	rmmod "$1" || { echo "rmmod $1 failed"; return 1; }
}

# expect_no_device: adpctl lists no device, in text and JSON
expect_no_device()
{
	run_cmd adpctl dev show
	expect_eq "$RC" 0 "adpctl exit status" || return 1
	expect_eq "$OUT" "" "adpctl dev show" || return 1
	run_cmd adpctl -j dev show
	expect_eq "$OUT" "[]" "adpctl -j dev show"
}

# expect_attached_line N: the backend's last load line says 0 functions,
# N such lines since the test started
expect_attached_lines()
{
	n=$(dmesg | tail -n +"$DMESG_START" | grep -cF "$ATTACHED")
	expect_eq "$n" "$1" "'$ATTACHED' lines in dmesg"
}

test_core_alone()
{
	unload_all || return 1
	modprobe roce_adp || { echo "modprobe roce_adp failed"; return 1; }
	expect_loaded "roce_adp" || return 1
	expect_no_device
}

# load_backend FIRST SECOND LINES: from nothing loaded, FIRST and SECOND
# (roce_adp and mlx5_core, in either order), then the backend; LINES attach
# lines in the log, no device
load_backend()
{
	unload_all || return 1
	modprobe "$1" && modprobe "$2" && modprobe roce_adp_mlx5 ||
		{ echo "load failed"; return 1; }
	expect_loaded "roce_adp_mlx5 roce_adp mlx5_core" || return 1
	expect_attached_lines "$3" || return 1
	expect_no_device
}

test_core_mlx5_backend()
{
	load_backend roce_adp mlx5_core 1 || return 1
	rmmod_ok roce_adp_mlx5 && rmmod_ok roce_adp && rmmod_ok mlx5_core
}

test_mlx5_core_backend()
{
	load_backend mlx5_core roce_adp 2 || return 1
	rmmod_ok roce_adp_mlx5 && rmmod_ok mlx5_core || return 1
	# the core goes on without the backend
	expect_loaded "roce_adp" || return 1
	expect_no_device || return 1
	rmmod_ok roce_adp
}

test_backend_pulls_dependencies()
{
	unload_all || return 1
	modprobe roce_adp_mlx5 || { echo "modprobe roce_adp_mlx5 failed"; return 1; }
	expect_loaded "roce_adp_mlx5 roce_adp mlx5_core" || return 1
	expect_attached_lines 3 || return 1
	expect_no_device || return 1
	modprobe -r roce_adp_mlx5 || { echo "modprobe -r failed"; return 1; }
	expect_loaded ""
}

test_dependencies_stay_while_used()
{
	unload_all || return 1
	modprobe roce_adp_mlx5 || { echo "modprobe roce_adp_mlx5 failed"; return 1; }
	for m in roce_adp mlx5_core; do
		if rmmod $m 2>/dev/null; then
			echo "rmmod $m succeeded while roce_adp_mlx5 uses it"
			return 1
		fi
	done
	expect_loaded "roce_adp_mlx5 roce_adp mlx5_core" || return 1
	expect_no_device || return 1
	rmmod_ok roce_adp_mlx5 && rmmod_ok mlx5_core && rmmod_ok roce_adp
}

test_backend_reload_with_emulated()
{
	unload_all || return 1
	modprobe roce_adp_emu emu_devices=2 && modprobe roce_adp_mlx5 ||
		{ echo "load failed"; return 1; }
	i=0
	while [ $i -lt 5 ]; do
		rmmod_ok roce_adp_mlx5 || return 1
		echo 7 >$BUS/new_device
		modprobe roce_adp_mlx5 || { echo "load $i failed"; return 1; }
		echo 7 >$BUS/del_device
		i=$((i + 1))
	done
	run_cmd adpctl dev show
	expect_eq "$(printf '%s\n' "$OUT" | cut -d' ' -f1-3 | tr '\n' ' ')" \
		"emu0: backend emulated emu1: backend emulated " "devices"
}

# Every line the modules logged while the tests ran is expected.
test_dmesg_clean()
{
	bad=$(dmesg | tail -n +"$DMESG_START" |
		grep -E 'roce_adp|mlx5' |
		grep -vF "$ATTACHED" |
		grep -vE 'taints kernel|module verification failed')
	[ -z "$bad" ] || { echo "unexpected kernel log lines:"; echo "$bad"; return 1; }
	dmesg | tail -n +"$DMESG_START" | grep -qE 'WARNING|BUG|Call Trace' &&
		{ echo "kernel warning in dmesg"; return 1; }
	return 0
}

if [ ! -f "/lib/modules/$(uname -r)/extra/roce_adp_mlx5.ko" ]; then
	skip_all "roce_adp_mlx5 not built (kernel without CONFIG_MLX5_CORE)"
fi
AUTOPROBE_FILE=/sys/bus/pci/drivers_autoprobe
AUTOPROBE=$(cat $AUTOPROBE_FILE)
echo 0 >$AUTOPROBE_FILE
DMESG_START=$(($(dmesg | wc -l) + 1))
run_test roce_adp_alone_does_not_load_mlx5_core test_core_alone
run_test load_roce_adp_mlx5_core_backend test_core_mlx5_backend
run_test load_mlx5_core_roce_adp_backend test_mlx5_core_backend
run_test backend_loads_and_unloads_its_dependencies test_backend_pulls_dependencies
run_test dependencies_not_unloaded_while_used test_dependencies_stay_while_used
run_test backend_reload_beside_emulated_devices test_backend_reload_with_emulated
run_test dmesg_has_only_expected_lines test_dmesg_clean
restore
tap_end
