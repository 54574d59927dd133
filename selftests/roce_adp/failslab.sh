#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Allocation failures (failslab) on the module's paths: device add and
# remove, netlink gets, sets and dumps, the MPT knobs and module load. Each
# operation, run many times with failures injected into its own task only,
# must succeed or fail with an error, leave consistent state, and leave no
# leak. Needs a kernel with failslab, as make check-debug boots; skipped
# elsewhere.
. ./lib.sh

ROUNDS=${FAILSLAB_ROUNDS:-40}

# kernel_range WHAT: "START END" of a range of kernel addresses, in decimal
# (python3: the shell's arithmetic is signed):
#   function NAME  the function's text, up to the next text symbol
#   module NAME    the module's text, from /proc/modules (it comes first)
#   modules        where x86_64 loads modules: above the kernel image (its
#                  _end) and below MODULES_END
kernel_range()
{
	python3 - "$@" <<'EOF_PY'
import sys
what, name = sys.argv[1], sys.argv[-1]
if what == "module":
    spans = [(int(f[5], 16), int(f[5], 16) + int(f[1]))
             for f in map(str.split, open("/proc/modules")) if f[0] in sys.argv[2:]]
    if spans:
        print(min(a for a, _ in spans), max(b for _, b in spans))
    sys.exit()
syms = [(int(f[0], 16), f[1], f[2]) for f in map(str.split, open("/proc/kallsyms"))]
if what == "modules":
    print(*[(a, 0xffffffffff000000) for a, _, n in syms if n == "_end" and a][0])
    sys.exit()
text = sorted((a, n) for a, t, n in syms if t in "tT" and a)
for i, (a, n) in enumerate(text):
    if n == name:
        print(a, text[i + 1][0])
EOF_PY
}

# failslab_on PERCENT [module|modules]: fail PERCENT % of the slab
# allocations of tasks that ask for it (failing), sleeping ones included;
# with "module", only those made from the code of roce_adp and of its
# emulator roce_adp_emu (loaded one after the other: one span); with
# "modules", from any module's code, wherever it is loaded.
failslab_on()
{
	{
		echo N >$FAILSLAB/ignore-gfp-wait &&
		echo Y >$FAILSLAB/task-filter &&
		echo 0 >$FAILSLAB/verbose &&
		echo 1 >$FAILSLAB/interval &&
		echo 1000000000 >$FAILSLAB/times
	} || { echo "cannot set up $FAILSLAB"; return 1; }
	# Never inside bus_register(): in 6.12, when it fails before it has
	# registered the bus's lockdep key, its error path unregisters that
	# key anyway and lockdep warns (a driver core bug, not ours; our
	# caller's unwinding is still exercised by failures after it).
	range=$(kernel_range function bus_register)
	[ -n "$range" ] || { echo "no bus_register in /proc/kallsyms"; return 1; }
	echo "${range% *}" >$FAILSLAB/reject-start &&
	echo "${range#* }" >$FAILSLAB/reject-end || return 1
	case ${2:-} in
	module) range=$(kernel_range module roce_adp roce_adp_emu) ;;
	modules) range=$(kernel_range modules) ;;
	*) range="0 18446744073709551615" ;;
	esac
	[ -n "$range" ] || { echo "no address range for ${2:-}"; return 1; }
	echo "${range% *}" >$FAILSLAB/require-start &&
	echo "${range#* }" >$FAILSLAB/require-end || return 1
	echo "$1" >$FAILSLAB/probability
}

failslab_off()
{
	echo 0 >$FAILSLAB/probability
}

# failing CMD...: run CMD in a task whose slab allocations may fail; sets
# RC, OUT and ERR as run_cmd does.
failing()
{
	run_cmd sh -c 'echo 1 >/proc/self/make-it-fail && exec "$@"' failing "$@"
}

# failed_cleanly WHAT: the last failing command succeeded, or failed for
# lack of memory with an error message (adpctl: "Error: ...", exit 1).
failed_cleanly()
{
	[ "$RC" = 0 ] && return 0
	case $ERR in
	*"Cannot allocate memory"*|*"Error: "*) [ "$RC" -le 2 ] && return 0 ;;
	esac
	printf '%s: exit status %s, stderr:\n%s\n' "$1" "$RC" "$ERR"
	return 1
}

# at_least_one_failed COUNT WHAT: failslab reached the module's paths
at_least_one_failed()
{
	[ "$1" -gt 0 ] && return 0
	echo "no $2 failed: failslab never reached roce_adp's allocations"
	return 1
}

test_new_del_device()
{
	failslab_on 5 module || return 1
	i=0 ok=0
	while [ $i -lt "$ROUNDS" ]; do
		failing sh -c "echo 40 >$BUS/new_device"
		failed_cleanly new_device || { failslab_off; return 1; }
		if [ "$RC" = 0 ]; then
			ok=$((ok + 1))
			[ -e $BUS/devices/emu40 ] || { failslab_off; echo "new_device ok, no emu40"; return 1; }
			failing sh -c "echo 40 >$BUS/del_device"
			failed_cleanly del_device || { failslab_off; return 1; }
			[ -e $BUS/devices/emu40 ] && echo 40 >$BUS/del_device
		fi
		# A failed add leaves nothing behind: the id is free again.
		[ ! -e $BUS/devices/emu40 ] && [ ! -e $DBG/emu40 ] ||
			{ failslab_off; echo "emu40 left behind (round $i)"; return 1; }
		i=$((i + 1))
	done
	failslab_off
	echo "figure: $ok of $ROUNDS adds succeeded"
	at_least_one_failed $((ROUNDS - ok)) new_device || return 1
	# and del_device ran under failslab too
	[ "$ok" -gt 0 ] || { echo "no add succeeded: del_device never ran"; return 1; }
	sysfs_write $BUS/new_device 40
	expect_eq "$RC" 0 "new_device after the failures" || return 1
	sysfs_write $BUS/del_device 40
	expect_eq "$RC" 0 "del_device after the failures"
}

# netlink_rounds WHAT CMD...: CMD ROUNDS times under failslab
netlink_rounds()
{
	what=$1
	shift
	i=0
	while [ $i -lt "$ROUNDS" ]; do
		failing "$@"
		failed_cleanly "$what" || return 1
		[ "$RC" = 0 ] || NL_FAILED=$((NL_FAILED + 1))
		NL_SENT=$((NL_SENT + 1))
		i=$((i + 1))
	done
}

test_netlink()
{
	module_default
	echo 41 >$BUS/new_device
	echo "1000 7" >$DBG/emu0/mpt_fill
	before=$(adpctl -j accl show emu0)
	failslab_on 10 module || return 1
	NL_SENT=0 NL_FAILED=0
	netlink_rounds "dev show" adpctl dev show &&
	netlink_rounds "dev show -j" adpctl -j dev show &&
	netlink_rounds "accl show" adpctl accl show emu0 &&
	netlink_rounds "profile show" adpctl profile show emu0 &&
	netlink_rounds "accl set" adpctl accl set dev emu0 roce_tx_window_en on &&
	netlink_rounds "profile set" adpctl profile set dev emu0 id 1 time_base 12 &&
	netlink_rounds "mpt show" adpctl mpt show emu0 index 5 &&
	netlink_rounds "mpt dump" adpctl -j mpt show
	rc=$?
	failslab_off
	[ $rc = 0 ] || return 1
	echo "figure: $NL_FAILED of $NL_SENT adpctl commands failed cleanly"
	at_least_one_failed "$NL_FAILED" "adpctl command" || return 1
	# The device still answers, and sets either happened or did not.
	run_cmd adpctl -j accl show emu0
	expect_eq "$RC" 0 "accl show after the failures" || return 1
	[ "$OUT" = "$before" ] ||
		expect_eq "$(json_get "$OUT" 'j[0]["roce_tx_window_en"]')" True \
			"roce_tx_window_en after the sets" || return 1
	run_cmd adpctl -j mpt show emu0
	expect_eq "$RC" 0 "mpt dump after the failures" || return 1
	expect_eq "$(json_get "$OUT" 'len(j)')" 1000 "MPT entries"
}

test_mpt_knobs()
{
	module_default
	failslab_on 30 module || return 1
	i=0 failed=0
	while [ $i -lt "$ROUNDS" ]; do
		failing sh -c "echo $((512 + i)) >$DBG/emu0/mpt_size"
		failed_cleanly mpt_size || { failslab_off; return 1; }
		[ "$RC" = 0 ] || failed=$((failed + 1))
		failing sh -c "echo '$((i * 10)) $i' >$DBG/emu0/mpt_fill"
		failed_cleanly mpt_fill || { failslab_off; return 1; }
		[ "$RC" = 0 ] || failed=$((failed + 1))
		i=$((i + 1))
	done
	failslab_off
	echo "figure: $failed of $((2 * ROUNDS)) mpt_size/mpt_fill writes failed cleanly"
	at_least_one_failed "$failed" "MPT knob write" || return 1
	# Whatever failed, the table is usable.
	echo 2048 >$DBG/emu0/mpt_size || { echo "mpt_size after the failures"; return 1; }
	echo "300 1" >$DBG/emu0/mpt_fill || { echo "mpt_fill after the failures"; return 1; }
	run_cmd adpctl -j mpt show emu0
	expect_eq "$RC" 0 "mpt dump" || return 1
	expect_eq "$(json_get "$OUT" 'len(j)')" 300 "MPT entries"
}

test_module_load()
{
	# Allocations of the module's init may fail, wherever it is loaded;
	# load_module's own are the kernel's business (and it warns).
	failslab_on 3 modules || return 1
	i=0 ok=0
	while [ $i -lt "$ROUNDS" ]; do
		modprobe -r roce_adp_emu 2>/dev/null
		modprobe -r roce_adp 2>/dev/null
		[ ! -e /sys/module/roce_adp ] ||
			{ failslab_off; echo "roce_adp did not unload (round $i)"; return 1; }
		# Both modules' init, roce_adp's then the emulator's.
		failing modprobe roce_adp_emu emu_devices=2
		if [ "$RC" = 0 ]; then
			ok=$((ok + 1))
		elif [ -e /sys/module/roce_adp_emu ] && [ -e $BUS ]; then
			: # loaded even so: a later allocation of modprobe failed
		elif [ -e $BUS ] || [ -n "$(ls -A $DBG 2>/dev/null)" ] ||
		     { [ ! -e /sys/module/roce_adp ] && [ -e $DBG ]; }; then
			failslab_off
			echo "failed load left $BUS, $DBG or a device in it behind: $ERR"
			return 1
		fi
		i=$((i + 1))
	done
	failslab_off
	echo "figure: $ok of $ROUNDS loads succeeded"
	at_least_one_failed $((ROUNDS - ok)) "module load" || return 1
	module_default
	[ -e /sys/module/roce_adp_emu ] || { echo "load after the failures"; return 1; }
	run_cmd adpctl dev show
	expect_eq "$OUT" "emu0: backend emulated fw 22.41.1000 roce_accl supported"
}

test_unload()
{
	modprobe -r roce_adp_emu || { echo "unload failed"; module_default; return 1; }
	[ ! -e /sys/module/roce_adp ] || { echo "roce_adp still loaded"; return 1; }
	module_default
}

if [ ! -d "$FAILSLAB" ]; then
	skip_all "kernel without failslab (make check-debug has it)"
fi
run_test new_and_del_device_under_failslab test_new_del_device
run_test netlink_under_failslab test_netlink
run_test mpt_knobs_under_failslab test_mpt_knobs
run_test module_load_under_failslab test_module_load
run_test unloads_after_failslab test_unload
# a kernel without kmemleak cannot say: a skip, never a pass
if [ -w "$KMEMLEAK" ]; then
	run_test no_leaks_after_failslab no_module_leaks
else
	skip_test no_leaks_after_failslab \
		"kernel without kmemleak (make check-debug has it)"
fi
failslab_off
module_default
tap_end
