#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# adpctl monitor sees each event kind as it happens (text and JSON lines),
# adpctl apply is idempotent, --check and invalid files change nothing.
. ./lib.sh

MON=/tmp/monitor.out
CONF=/tmp/apply.conf

# start_monitor ADPCTL_ARGS...: events are seen once monitor has joined
# the group, so poke ${POKE:-emu0} until one shows: accl-sets that change
# it (one that changes nothing notifies nobody), leaving
# roce_slow_restart_idle_en off.
start_monitor()
{
	: >$MON
	adpctl "$@" >$MON 2>&1 &
	MON_PID=$!
	i=0
	while [ $i -lt 40 ]; do
		adpctl accl set dev "${POKE:-emu0}" roce_slow_restart_idle_en on >/dev/null
		adpctl accl set dev "${POKE:-emu0}" roce_slow_restart_idle_en off >/dev/null
		grep -q accl-ntf $MON && return 0
		sleep 0.25
		i=$((i + 1))
	done
	echo "monitor never printed an event:"
	cat $MON
	return 1
}

stop_monitor()
{
	kill -TERM "$MON_PID"
	wait "$MON_PID"
	MON_RC=$?
}

# wait_for ERE: until a line of the monitor matches
wait_for()
{
	i=0
	while [ $i -lt 40 ]; do
		grep -qE -- "$1" $MON && return 0
		sleep 0.25
		i=$((i + 1))
	done
	printf 'no line matching /%s/ in:\n' "$1"
	cat $MON
	return 1
}

STAMP='^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z'

test_monitor_text()
{
	module_default
	start_monitor monitor || return 1
	adpctl accl set dev emu0 roce_adp_retrans_en on >/dev/null
	wait_for "$STAMP accl-ntf \(accl-set\) emu0: active_profile_id [0-9]+ roce_adp_retrans_en on" || return 1
	set_full >/dev/null
	wait_for "$STAMP profile-ntf \(profile-set\) emu0: .*adp_retx_profile_id 1 .*time_base 8 .* range 1 prev_range_index 0 dec_mode div4" || return 1
	echo 3 >$BUS/new_device
	wait_for "$STAMP dev-ntf emu3: added backend emulated fw [0-9.]+ roce_accl supported$" || return 1
	echo 3 >$BUS/del_device
	wait_for "$STAMP dev-ntf emu3: removed backend emulated" || return 1
	# A firmware reset and the restore of profile 1 and the enables set
	# above (retrans on; the pokes turned slow_restart_idle off).
	echo 50 >$DBG/emu0/fw_reset
	wait_for "$STAMP reset-ntf emu0: .* restore on profile 1 roce_adp_retrans_en on roce_slow_restart_idle_en off resets 1 last restored at " || return 1
	stop_monitor
	expect_eq "$MON_RC" 0 "exit status after SIGTERM"
}

test_monitor_json()
{
	module_default
	start_monitor -j monitor || return 1
	# The events after the pokes: from the marker device's removal on.
	echo 8 >$BUS/new_device
	echo 8 >$BUS/del_device
	wait_for '"dev":"emu8","dev_event":"removed"' || return 1
	adpctl accl set dev emu0 roce_tx_window_en on >/dev/null
	set_full >/dev/null
	echo 3 >$BUS/new_device
	echo 3 >$BUS/del_device
	wait_for '"dev_event":"removed"' || return 1
	echo 50 >$DBG/emu0/fw_reset
	wait_for '"event":"reset-ntf"' || return 1
	stop_monitor
	expect_eq "$MON_RC" 0 "exit status after SIGTERM" || return 1
	# Every line a JSON object; the events in order, after the pokes.
	got=$(python3 -S -c "import json, sys
ev = [json.loads(l) for l in open(sys.argv[1])]
ev = ev[[(e['dev'], e.get('dev_event')) for e in ev].index(('emu8', 'removed')) + 1:]
print([(e['event'], e['dev'], e.get('dev_event')) for e in ev])
print(ev[1]['profile'][0]['time_base'], ev[0]['cause'], len(ev[0]['time']))
print(ev[4]['restore']['outcome'], ev[4]['restore']['profile_id'])" $MON)
	expect_eq "$got" "[('accl-ntf', 'emu0', None), ('profile-ntf', 'emu0', None), ('dev-ntf', 'emu3', 'added'), ('dev-ntf', 'emu3', 'removed'), ('reset-ntf', 'emu0', None)]
8 accl-set 24
restored 1" "events"
}

test_monitor_sigint_filter()
{
	module_default
	echo 1 >$BUS/new_device
	POKE=emu1 start_monitor monitor dev emu1 || return 1
	adpctl accl set dev emu0 roce_adp_retrans_en on >/dev/null
	adpctl accl set dev emu1 roce_adp_retrans_en on >/dev/null
	wait_for "accl-ntf \(accl-set\) emu1: .*roce_adp_retrans_en on" || return 1
	kill -INT "$MON_PID"
	wait "$MON_PID"
	rc=$?
	echo 1 >$BUS/del_device
	expect_eq "$rc" 0 "exit status after SIGINT" || return 1
	expect_eq "$(grep -c emu0 $MON)" 0 "lines about emu0"
}

write_conf()
{
	cat >$CONF <<EOC
# every device: adaptive retransmission on
[all]
roce_adp_retrans_en on
roce_slow_restart_en on

[all profile 1]
time_unit usec
time_base 8
range_num 2
start_range_index 0
qp_total_timeout off
retx_total_timeout 18
timeout_init_low_bound 3
timeout_init_range_size 3
range 0 range_low_bound 3 range_size 3 timeout_retry_num 3 dec_mode div2 prev_range_index 0
range 1 range_low_bound 6 range_size 4 timeout_retry_num 2 dec_mode div4 prev_range_index 0

[dev emu0 profile 1]
time_base $1
EOC
}

# A histogram config whose read-back fails still changed the device:
# monitor sees its notification, flagged. The set's commands (count, not
# a layout: no histogram show before it): the query of its parse, the
# read before (configuration, counts), the write, then the read-back,
# whose first command fails.
test_monitor_hist_readback_failed()
{
	module_default
	start_monitor monitor || return 1
	echo "1 0x04 0x0badbac 4" >$DBG/emu0/fail_next
	run_cmd adpctl histogram config dev emu0 count off
	expect_eq "$RC" 2 "exit status ($ERR)" || return 1
	wait_for "$STAMP histogram-ntf emu0: .*changed, reading it back failed" ||
		return 1
	stop_monitor
	run_cmd adpctl -j histogram show dev emu0
	expect_eq "$(json_get "$OUT" 'j[0]["count_enable"]')" 0 \
		"count_enable read back"
}

# marker ID: a device comes and goes; wait until monitor saw it go
marker()
{
	echo "$1" >$BUS/new_device
	echo "$1" >$BUS/del_device
	wait_for "dev-ntf emu$1: removed"
}

# writes_between ID1 ID2: config notifications between two markers
writes_between()
{
	sed -n "/dev-ntf emu$1: removed/,/dev-ntf emu$2: added/p" $MON |
		grep -cE 'accl-ntf|profile-ntf'
}

test_apply_idempotent()
{
	module_default
	set_full >/dev/null
	adpctl accl set dev emu0 roce_adp_retrans_en off roce_slow_restart_en off >/dev/null
	start_monitor monitor || return 1
	write_conf 16
	marker 4 || return 1
	run_cmd adpctl apply $CONF
	marker 5 || return 1
	expect_eq "$RC" 3 "first run: exit status ($ERR)" || return 1
	expect_eq "$OUT" "emu0: roce_adp_retrans_en off -> on
emu0: roce_slow_restart_en off -> on
emu0 profile 1: time_base 8 -> 16
3 changes made" "first run" || return 1
	# One accl-set and one profile-set.
	expect_eq "$(writes_between 4 5)" 2 "writes of the first run" || return 1

	marker 6 || return 1
	run_cmd adpctl apply $CONF
	marker 7 || return 1
	stop_monitor
	expect_eq "$RC" 0 "second run: exit status ($ERR)" || return 1
	expect_eq "$OUT" "no changes" "second run" || return 1
	expect_eq "$(writes_between 6 7)" 0 "writes of the second run" || return 1

	run_cmd adpctl -j profile show dev emu0 id 1
	expect_eq "$(json_get "$OUT" 'j[0]["profiles"][0]["time_base"]')" 16 \
		"time_base read back"
}

test_apply_check()
{
	write_conf 32
	run_cmd adpctl apply --check $CONF
	expect_eq "$RC" 3 "exit status ($ERR)" || return 1
	expect_eq "$OUT" "emu0 profile 1: time_base 16 -> 32
1 changes to make (--check: nothing written)" "output" || return 1
	run_cmd adpctl -j profile show dev emu0 id 1
	expect_eq "$(json_get "$OUT" 'j[0]["profiles"][0]["time_base"]')" 16 \
		"time_base unchanged"
}

test_apply_invalid_all_or_nothing()
{
	write_conf 12
	sed -i 's/roce_slow_restart_en on/roce_slow_restart_en off/' $CONF
	run_cmd adpctl apply $CONF
	expect_error \
		"Error: emu0: profile 1: time_base must be a power of two." || return 1
	run_cmd adpctl -j accl show dev emu0
	expect_eq "$(json_get "$OUT" 'j[0]["roce_slow_restart_en"]')" True \
		"enable unchanged"
}

test_apply_json()
{
	write_conf 16
	run_cmd adpctl -j apply --check $CONF
	expect_eq "$RC" 0 "exit status ($ERR)" || return 1
	expect_eq "$(json_get "$OUT" '(j["check"], j["changed"], j["changes"])')" \
		"(True, False, [])" "JSON"
}

# The features of current firmware in an apply file and a monitor line:
# names in both, read back after the apply.
test_new_features_apply_monitor()
{
	module_default
	start_monitor monitor || return 1
	printf '[dev emu0]\ncc_burst_size 1.5KB\nack_dscp_force on\nack_dscp 34\ncc_probe_mp_mode discard\nifa2_turn_around_en on\n' >$CONF
	run_cmd adpctl apply $CONF
	expect_eq "$RC" 3 "apply: exit status ($ERR)" || return 1
	expect_eq "$OUT" "emu0: ack_dscp_force off -> on
emu0: ack_dscp 0 -> 34
emu0: cc_burst_size 4KB -> 1.5KB
emu0: ifa2_turn_around_en off -> on
emu0: cc_probe_mp_mode accept -> discard
5 changes made" "apply" || return 1
	wait_for "$STAMP accl-ntf \(accl-set\) emu0: .* ack_dscp_force on ack_dscp 34 cc_burst_size 1\.5KB ifa2_turn_around_en on cc_probe_mp_mode discard$" ||
		return 1
	stop_monitor
	run_cmd adpctl -j accl show dev emu0
	expect_eq "$(json_get "$OUT" '[j[0][k] for k in ("ack_dscp_force", "ack_dscp", "cc_burst_size", "ifa2_turn_around_en", "cc_probe_mp_mode")]')" \
		"[True, 34, 7, True, 1]" "read back" || return 1
	run_cmd adpctl apply $CONF
	expect_eq "$OUT" "no changes" "second run"
}

run_test monitor_each_event_text test_monitor_text
run_test monitor_json_lines test_monitor_json
run_test monitor_dev_filter_sigint test_monitor_sigint_filter
run_test monitor_hist_readback_failed test_monitor_hist_readback_failed
run_test apply_twice_second_unchanged test_apply_idempotent
run_test apply_check_changes_nothing test_apply_check
run_test apply_invalid_changes_nothing test_apply_invalid_all_or_nothing
run_test apply_json test_apply_json
run_test new_features_apply_monitor test_new_features_apply_monitor
module_default
tap_end
