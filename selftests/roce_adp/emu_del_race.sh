#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# SETs in flight on an emulated device while del_device removes it and
# new_device adds its id again, with the firmware failing some of their
# commands (fail_next), slow (cmd_delay_us) and, every other round, in a
# reset (fw_reset) that queues the reset and restore work. Every SET ends
# with success or "Error: ..."; no work of a removed device runs after
# del_device returned (its restore would send a reset-ntf); the devices
# listed are the ones created; the module unloads. Under make check-debug,
# lockdep and KASAN watch the race and kmemleak finds no leak after it.
. ./lib.sh

MON=/tmp/race_monitor.out
ROUNDS=${RACE_ROUNDS:-10}
# Ids no other test uses: emu40 to emu99.
BASE=40
[ "$ROUNDS" -le 60 ] || ROUNDS=60

# setter N ID: a few SETs on emuID, each ending in success or an error
# message; the outcomes in /tmp/race.N
setter()
{
	: >/tmp/race."$1"
	for what in accl profile accl; do
		case $what in
		accl) adpctl accl set dev emu"$2" roce_tx_window_en on \
			roce_slow_restart_en off ;;
		profile) set_full emu"$2" ;;
		esac >/dev/null 2>/tmp/race."$1".err
		echo "$what rc $? $(cat /tmp/race."$1".err)" >>/tmp/race."$1"
	done
}

# check_setters N...: each SET succeeded silently or failed with the
# kernel's message (status 2)
check_setters()
{
	for n in "$@"; do
		bad=$(grep -vE '^[a-z]+ rc (0 |2 Error: .*\.)$' /tmp/race."$n")
		[ -z "$bad" ] || { echo "setter $n: $bad"; return 1; }
	done
}

# marker: an accl-ntf of emu0 in the monitor's stream, after everything
# the module sent before it (a SET that changes emu0: on, off, on...)
MARK=0
marker()
{
	MARK=$((MARK + 1))
	v=off
	[ $((MARK % 2)) = 1 ] && v=on
	adpctl accl set dev emu0 roce_slow_restart_idle_en $v >/dev/null
}

# devices_consistent IDS: the emulated devices of the race are IDS, in
# the bus, in debugfs and to adpctl
devices_consistent()
{
	want=$(for id in $1; do echo emu"$id"; done)
	bus=$(ls /sys/bus/roce_adp/devices | grep -E '^emu[4-9][0-9]$' | sort)
	dbg=$(ls $DBG | grep -E '^emu[4-9][0-9]$' | sort)
	nl=$(adpctl dev show | cut -d: -f1 | grep -E '^emu[4-9][0-9]$' | sort)
	expect_eq "$bus" "$want" "bus devices" &&
		expect_eq "$dbg" "$want" "debugfs directories" &&
		expect_eq "$nl" "$want" "adpctl dev show"
}

round()
{
	r=$1
	id=$((BASE + r))
	d=$DBG/emu$id
	echo $id >$BUS/new_device || { echo "new_device $id failed"; return 1; }
	# 20 ms a command: a SET (read, write, read back) is in flight for 60
	echo 20000 >"$d"/cmd_delay_us
	echo "$((r % 4)) 0x06 0x$r" >"$d"/fail_next || return 1
	echo >"$d"/last_cmd
	setter a $id &
	pa=$!
	setter b $id &
	pb=$!
	[ $((r % 2)) = 1 ] && echo 50 >"$d"/fw_reset
	# remove it once the firmware got a command of theirs (or a restore's)
	i=0
	while [ -z "$(cat "$d"/last_cmd)" ] && [ $i -lt 100 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	sleep 0.0$((r % 3 * 3))
	echo $id >$BUS/del_device || { echo "del_device $id failed"; return 1; }
	marker
	# a SET racing the id coming back
	setter c $id &
	pc=$!
	echo $id >$BUS/new_device || { echo "new_device $id again failed"; return 1; }
	wait $pa $pb $pc
	check_setters a b c || return 1
	cat /tmp/race.a /tmp/race.b /tmp/race.c >>/tmp/race.all
	# the device added again is new: nothing armed, working
	expect_eq "$(cat "$d"/fail_next)" "0 0x00 0x00000000" "fail_next of the new emu$id" ||
		return 1
	run_cmd adpctl accl show dev emu$id
	expect_eq "$RC" 0 "accl show on the new emu$id ($ERR)" || return 1
	echo $id >$BUS/del_device
}

test_race()
{
	DMESG_AT=$(($(dmesg | wc -l) + 1))
	: >$MON
	adpctl monitor >$MON 2>&1 &
	mon=$!
	i=0
	while ! grep -q 'accl-ntf (accl-set) emu0:' $MON && [ $i -lt 40 ]; do
		marker
		sleep 0.25
		i=$((i + 1))
	done
	grep -q 'accl-ntf (accl-set) emu0:' $MON || { echo "monitor saw nothing"; kill $mon; return 1; }
	start=$(grep -c 'accl-ntf (accl-set) emu0:' $MON)
	: >/tmp/race.all
	r=0
	while [ $r -lt "$ROUNDS" ]; do
		round $r || { kill $mon; return 1; }
		r=$((r + 1))
	done
	# longer than any fw_reset of the rounds, then the last marker
	sleep 0.5
	marker
	i=0
	while [ "$(grep -c 'accl-ntf (accl-set) emu0:' $MON)" -lt $((start + ROUNDS + 1)) ] &&
	      [ $i -lt 40 ]; do
		sleep 0.25
		i=$((i + 1))
	done
	kill $mon
	wait $mon
	# Round r's device is removed before marker start + r + 1: a reset-ntf
	# of it after that marker is its work running after removal.
	late=$(awk -v start="$start" -v base=$BASE '
		/accl-ntf \(accl-set\) emu0:/ { n++; next }
		/ reset-ntf/ {
			for (i = 1; i <= NF; i++)
				if ($i ~ /^emu[0-9]+:$/) { id = substr($i, 4) + 0; break }
			r = id - base
			if (r >= 0 && n > start + r) print
		}' $MON)
	[ -z "$late" ] || { echo "reset-ntf after del_device returned:"; echo "$late"; return 1; }
	expect_eq "$(grep -c 'accl-ntf (accl-set) emu0:' $MON)" $((start + ROUNDS + 1)) \
		"markers seen" || return 1
	devices_consistent "" || return 1
	# what the race did: SETs done, SETs refused, resets that completed
	echo "figure: $ROUNDS rounds: $(grep -c ' rc 0 ' /tmp/race.all) SETs done, $(grep -c ' rc 1 ' /tmp/race.all) failed with a message ($(grep -c 'RES_BUSY' /tmp/race.all) by fail_next), $(grep -c 'reset-ntf' $MON) reset-ntf before a removal"
	if dmesg | tail -n +"$DMESG_AT" | grep -E 'WARNING|BUG|Call Trace|lockdep'; then
		echo "kernel warning in dmesg"
		return 1
	fi
}

test_unload()
{
	modprobe -r roce_adp_emu || { echo "roce_adp_emu does not unload"; return 1; }
	[ ! -e /sys/module/roce_adp ] || { echo "roce_adp does not unload"; return 1; }
	modprobe roce_adp_emu
}

module_default
run_test set_del_new_race_leaves_no_work_behind test_race
run_test module_unloads_after_the_race test_unload
# a kernel without kmemleak cannot say: a skip, never a pass
if [ -w "$KMEMLEAK" ]; then
	run_test kmemleak_is_clean_after_the_race no_module_leaks
else
	skip_test kmemleak_is_clean_after_the_race \
		"kernel without kmemleak (make check-debug has it)"
fi
tap_end
