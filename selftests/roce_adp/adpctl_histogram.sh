#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# adpctl histogram against the emulated device: configure, feed timeout
# events through the hist_event knob, read the counts per bin back with
# "histogram show" (fixed and double, every edge); feed the simulator's own
# --events to the knob and "histogram compare" finds no difference (a
# consistency check: the simulator against itself); the
# Prometheus page is a valid cumulative histogram; readers need no
# privilege, config and clear do.
. ./lib.sh

export HOME=/tmp LC_ALL=C.UTF-8
KNOB=$DBG/emu0/hist_event

# counts DEV: the counts of DEV's bins, "c0 c1 ...", from -j
counts()
{
	json_get "$(adpctl -j histogram show dev "${1:-emu0}")" \
		"' '.join(str(b['count']) for b in j[0]['bins'])"
}

# edges: "low..high" of emu0's bins in ns (high None for +Inf), from -j
edges()
{
	json_get "$(adpctl -j histogram show dev emu0)" \
		"' '.join('%s..%s' % (b['low_ns'], b['high_ns']) for b in j[0]['bins'])"
}

test_fixed_bins()
{
	module_default
	run_cmd adpctl histogram config dev emu0 bins 5 width0 8us width1 2us \
		mode fixed count on clear_on_read off vhca any
	expect_eq "$RC" 0 "config: exit status ($ERR)" || return 1
	expect_eq "$(edges)" \
		"0..8000 8000..10000 10000..12000 12000..14000 14000..None" \
		"edges" || return 1
	# Each side of every edge: upper edges inclusive, lower exclusive.
	printf '0 1\n8000 2\n8001 3\n10000 1\n10001 1\n12000 2\n14000 4\n14001 5\n999999999 6\n' >$KNOB ||
		return 1
	expect_eq "$(counts)" "3 4 3 4 11" "counts" || return 1
	run_cmd adpctl histogram show dev emu0
	expect_match "$OUT" '^emu0: count_enable on clear_on_read off vhca_id_valid off time_unit ns bin_width_mode fixed$' \
		"configuration line" || return 1
	expect_match "$OUT" '^  time_unit_cap [a-z0-9,]+ bin_num 5 bin_num_max [0-9]+ vhca_id 0 bin0_width 8000 bin1_width 2000(, read .* ago)?$' \
		"layout line" || return 1
	expect_match "$OUT" '^ +0 \.\. 8us +#+ +3 +12\.00%$' "bin 0" || return 1
	expect_match "$OUT" '^ +14us \.\. \+Inf +#{40} +11 +44\.00%$' "last bin" || return 1
	expect_match "$OUT" '^  25 timeouts$' "total"
}

test_double_bins()
{
	module_default
	run_cmd adpctl histogram config dev emu0 bins 4 width0 1ms width1 1ms \
		mode double count on
	expect_eq "$RC" 0 "config: exit status ($ERR)" || return 1
	# 1 ms in the finest supported unit: 1000 us.
	run_cmd adpctl -j histogram show dev emu0
	expect_eq "$(json_get "$OUT" "(j[0]['time_unit'], j[0]['bin0_width'], j[0]['bin_width_mode'])")" \
		"(1, 1000, 1)" "unit and widths" || return 1
	expect_eq "$(edges)" "0..1000000 1000000..2000000 2000000..4000000 4000000..None" \
		"edges" || return 1
	printf '1000000 1\n1000001 1\n2000000 1\n2000001 2\n4000000 3\n4000001 7 vhca 0\n' >$KNOB ||
		return 1
	expect_eq "$(counts)" "1 2 5 7" "counts"
}

test_count_off_and_clear()
{
	module_default
	adpctl histogram config dev emu0 bins 2 width0 10us width1 10us \
		mode fixed count on >/dev/null || return 1
	echo '5000 2' >$KNOB || return 1
	adpctl histogram config dev emu0 count off >/dev/null || return 1
	echo '5000 9' >$KNOB || return 1
	expect_eq "$(counts)" "2 0" "count off freezes" || return 1
	adpctl histogram config dev emu0 count on clear_on_read on >/dev/null || return 1
	echo '20000 1' >$KNOB || return 1
	# clear_on_read: reads empty the firmware, the module keeps the sum.
	expect_eq "$(counts)" "2 1" "first read" || return 1
	echo '20000 1' >$KNOB || return 1
	expect_eq "$(counts)" "2 2" "second read" || return 1
	run_cmd adpctl histogram clear dev emu0
	expect_eq "$RC" 0 "clear: exit status ($ERR)" || return 1
	expect_eq "$(counts)" "0 0" "after clear"
}

# A profile for the prediction, in a file.
PROF=/tmp/hist_prof.txt
SIM="ack_timeout 14 retry_count 7 outage 30ms runs 500 seed 7"

write_profile()
{
	cat >$PROF <<'EOF'
id 1
time_base 8
retx_total_timeout 16
timeout_init_low_bound 3
timeout_init_range_size 2
range_num 3
start_range_index 0
range 0 range_low_bound 4 range_size 2 timeout_retry_num 2 dec_mode div2
range 1 range_low_bound 8 range_size 3 timeout_retry_num 3 dec_mode div4 prev_range_index 0
range 2 range_low_bound 11 range_size 4 timeout_retry_num 4 dec_mode low_bound prev_range_index 1
EOF
}

test_prediction_matches()
{
	module_default
	write_profile
	adpctl histogram config dev emu0 bins 8 width0 128us width1 128us \
		mode double count on >/dev/null || return 1
	# shellcheck disable=SC2086
	adpctl profile simulate file $PROF $SIM --events >/tmp/events || return 1
	[ -s /tmp/events ] || { echo "no events"; return 1; }
	cat /tmp/events >$KNOB || return 1
	# shellcheck disable=SC2086
	run_cmd adpctl histogram compare dev emu0 file $PROF $SIM
	expect_eq "$RC" 0 "compare: exit status ($ERR)" || return 1
	expect_match "$OUT" '^  no difference: measured and predicted shares agree in every bin$' \
		"compare" || return 1
	# shellcheck disable=SC2086
	run_cmd adpctl -j histogram compare dev emu0 file $PROF $SIM
	expect_eq "$(json_get "$OUT" "(j[0]['same'], j[0]['measured_total'] == j[0]['predicted_total'], [b['largest'] for b in j[0]['bins']].count(True))")" \
		"(True, True, 0)" "-j compare" || return 1
	# The prediction of --histogram: the counts the device has, bin by bin.
	# shellcheck disable=SC2086
	run_cmd adpctl -j profile simulate file $PROF $SIM --histogram emu0
	expect_eq "$(json_get "$OUT" "' '.join(str(b['count']) for b in j['timeouts_histogram']['bins'])")" \
		"$(counts)" "--histogram counts" || return 1
	# One event more in the last bin: a difference, marked.
	echo '99999999 50' >$KNOB || return 1
	# shellcheck disable=SC2086
	run_cmd adpctl histogram compare dev emu0 file $PROF $SIM --svg /tmp/cmp.svg
	expect_match "$OUT" '\+Inf .*<<$' "the difference in the last bin marked" || return 1
	grep -q '<svg' /tmp/cmp.svg || { echo "no SVG"; return 1; }
}

test_prometheus()
{
	module_default
	adpctl histogram config dev emu0 bins 3 width0 1ms width1 1ms \
		mode fixed count on >/dev/null || return 1
	printf '500000 1\n1500000 2\n9000000 4\n' >$KNOB || return 1
	run_cmd adpctl histogram show --prometheus
	expect_eq "$RC" 0 "exit status ($ERR)" || return 1
	expect_match "$OUT" '^roce_adp_retx_timeout_seconds_bucket\{device="emu0",le="0\.001"\} 1$' "le 1ms" || return 1
	expect_match "$OUT" '^roce_adp_retx_timeout_seconds_bucket\{device="emu0",le="0\.002"\} 3$' "le 2ms" || return 1
	expect_match "$OUT" '^roce_adp_retx_timeout_seconds_bucket\{device="emu0",le="\+Inf"\} 7$' "+Inf" || return 1
	expect_match "$OUT" '^roce_adp_retx_timeout_seconds_count\{device="emu0"\} 7$' "_count" || return 1
	printf '%s\n' "$OUT" | python3 ./prom_check.py
}

# nobody_counts: emu0's counts as an unprivileged reader sees them
nobody_counts()
{
	run_cmd su -s /bin/sh -c "adpctl -j histogram show dev emu0" nobody
	[ "$RC" = 0 ] || { echo "show as nobody: exit status $RC ($ERR)"; return 1; }
	json_get "$OUT" "[b['count'] for b in j[0]['bins']]"
}

test_unprivileged()
{
	module_default
	# Readers without CAP_NET_ADMIN share the last read for a minute.
	echo 60000 >/sys/module/roce_adp/parameters/snapshot_interval_ms || return 1
	adpctl histogram config dev emu0 bins 2 width0 10us width1 10us \
		mode fixed count on >/dev/null || return 1
	echo '1000 3' >$KNOB || return 1
	expect_eq "$(nobody_counts)" "[0, 0]" \
		"as nobody: the read of the config, not a new one" || return 1
	expect_eq "$(counts)" "3 0" "as root: a read of its own" || return 1
	expect_eq "$(nobody_counts)" "[3, 0]" "as nobody: root's read" || return 1
	run_cmd su -s /bin/sh -c "adpctl histogram config dev emu0 count off" nobody
	expect_eq "$RC" 2 "config as nobody: exit status" || return 1
	expect_match "$ERR" '^Error: .*(not permitted|CAP_NET_ADMIN).*\.$' "config as nobody" || return 1
	run_cmd su -s /bin/sh -c "adpctl histogram clear dev emu0" nobody
	expect_eq "$RC" 2 "clear as nobody: exit status" || return 1
	expect_match "$ERR" '^Error: .*(not permitted|CAP_NET_ADMIN).*\.$' "clear as nobody" || return 1
	expect_eq "$(counts)" "3 0" "nothing changed"
}

test_errors()
{
	module_default
	run_cmd adpctl histogram config dev emu0 bins 2 width0 1.55ms width1 100ms mode fixed
	expect_eq "$RC" 1 "exit status" || return 1
	expect_match "$ERR" '^Error: width0 1.55ms is not a whole number of 100us, the time unit width1 100ms needs' \
		"one unit for both" || return 1
	run_cmd adpctl histogram config dev emu0 bins 200 width0 1ms width1 1ms mode fixed
	expect_match "$ERR" '^Error: invalid value "200" for "bins": expected 1\.\.16\.' "bins above max" || return 1
	echo 0 >$DBG/emu0/hist_supported || return 1
	run_cmd adpctl histogram show dev emu0
	expect_eq "$RC" 2 "no histogram: exit status" || return 1
	expect_match "$ERR" '^Error: .*no retransmission histogram.*\.$' "no histogram"
}

# The last finite edge at 64 bits, where module, firmware model and adpctl
# disagreed: 65 bins double in ns, 1 ns then 2 ns, put it at
# 1 + 2 * (2^63 - 1) = 2^64 - 1 ns, which the module took, the firmware
# refused and adpctl could not show; now all refuse it, and the same layout
# with the firmware's own check alone (skip_driver_checks) too. 64 bins,
# 2 ns then 4 ns, end at 2 + 4 * (2^62 - 1) = 2^64 - 2 ns: taken and shown.
test_last_edge_boundary()
{
	module_default
	echo 255 >$DBG/emu0/hist_bin_num_max || return 1
	cfg=$(adpctl -j histogram show dev emu0 | python3 -c \
		'import json,sys; print(json.load(sys.stdin)[0]["bins"][-1])') ||
		return 1
	run_cmd adpctl histogram config dev emu0 bins 65 width0 1ns width1 2ns \
		mode double
	expect_eq "$RC" 2 "2^64-1 ns: exit status" || return 1
	expect_eq "$ERR" "Error: bin_num: the last bin's lower edge must be below 2^64-1 ns." \
		"2^64-1 ns: the module's message" || return 1
	echo Y >$DBG/emu0/skip_driver_checks || return 1
	run_cmd adpctl histogram config dev emu0 bins 65 width0 1ns width1 2ns \
		mode double
	echo N >$DBG/emu0/skip_driver_checks
	expect_eq "$RC:$ERR" \
		"2:Error: firmware status BAD_PARAM (0x03), syndrome 0x0ad52008." \
		"2^64-1 ns, firmware alone" || return 1
	expect_eq "$(adpctl -j histogram show dev emu0 | python3 -c \
		'import json,sys; print(json.load(sys.stdin)[0]["bins"][-1])')" \
		"$cfg" "refusals changed nothing" || return 1
	run_cmd adpctl histogram config dev emu0 bins 64 width0 2ns width1 4ns \
		mode double
	expect_eq "$RC" 0 "2^64-2 ns: exit status ($ERR)" || return 1
	printf '18446744073709551614 3\n18446744073709551615 5\n' >$KNOB ||
		return 1
	expect_eq "$(json_get "$(adpctl -j histogram show dev emu0)" \
		"[(b['low_ns'], b['high_ns'], b['count']) for b in j[0]['bins'][-2:]]")" \
		"[(9223372036854775806, 18446744073709551614, 3), (18446744073709551614, None, 5)]" \
		"2^64-2 ns: the last two bins" || return 1
	run_cmd adpctl histogram show dev emu0
	expect_match "$OUT" '^ +[0-9.]+s \.\. \+Inf .* 5 ' "2^64-2 ns: text shows the last bin"
}

# The firmware's default profile (profile 0 of the emulated device).
FW="qp_total_timeout 1 range_num 4 start_range_index 1 time_unit usec time_base 4
timeout_init_low_bound 4 timeout_init_range_size 2
range 0 prev_range_index 0 dec_mode div2 timeout_retry_num 2 range_low_bound 2 range_size 2
range 1 prev_range_index 0 dec_mode div2 timeout_retry_num 3 range_low_bound 4 range_size 3
range 2 prev_range_index 1 dec_mode div4 timeout_retry_num 3 range_low_bound 7 range_size 3
range 3 prev_range_index 2 dec_mode low_bound timeout_retry_num 4 range_low_bound 10 range_size 5"

# best_words JSON: the words of tune's best profile
best_words()
{
	json_get "$1" "j['best']['words']"
}

# A path of 3% loss and 31.6 ms outages, as the simulator has it under
# profile 0, through the knob: tune from-histogram finds it again (loss
# within 2x, outage within 25%) and recommends what tune recommends for
# the true path; the same from the histogram saved with -j.
test_tune_from_histogram()
{
	module_default
	adpctl histogram config dev emu0 bins 16 width0 6us width1 6us \
		mode double count on >/dev/null || return 1
	# shellcheck disable=SC2086
	adpctl profile simulate $FW ack_timeout 14 retry_count 7 loss 3% rtt 5us \
		runs 100 packets 50000 seed 3 --events >/tmp/ev_loss || return 1
	# shellcheck disable=SC2086
	adpctl profile simulate $FW ack_timeout 14 retry_count 7 outage 31.6ms \
		rtt 5us runs 200 seed 4 --events >/tmp/ev_outage || return 1
	cat /tmp/ev_loss >$KNOB || return 1
	cat /tmp/ev_outage >$KNOB || return 1
	run_cmd adpctl -j profile tune dev emu0 from-histogram rtt 5us
	expect_eq "$RC" 0 "tune from-histogram: exit status ($ERR)" || return 1
	fitted=$OUT
	expect_eq "$(json_get "$fitted" "(0.015 <= j['fit']['loss'] <= 0.06, abs(j['fit']['outage_ns'] - 31.6e6) <= 0.25 * 31.6e6, j['histogram']['measured_total'] > 0)")" \
		"(True, True, True)" "fit: loss within 2x, outage within 25%" || return 1
	run_cmd adpctl -j profile tune dev emu0 rtt 5us loss 3% outage 31.6ms
	expect_eq "$RC" 0 "tune: exit status ($ERR)" || return 1
	expect_eq "$(best_words "$fitted")" "$(best_words "$OUT")" \
		"the profile from the histogram is tune's for the true path" || return 1
	# Offline, from what -j histogram show saved.
	adpctl -j histogram show dev emu0 >/tmp/hist.json || return 1
	# shellcheck disable=SC2086
	run_cmd adpctl -j profile tune from-histogram /tmp/hist.json $FW rtt 5us
	expect_eq "$RC" 0 "tune from-histogram FILE: exit status ($ERR)" || return 1
	expect_eq "$(best_words "$OUT")" "$(best_words "$fitted")" \
		"the saved histogram gives the same profile" || return 1
	run_cmd adpctl profile tune dev emu0 from-histogram rtt 5us
	expect_match "$OUT" '^  outage 3[0-9.]*ms ' "text: the outage fitted" || return 1
}

run_test "histogram fixed: counts per bin at every edge" test_fixed_bins
run_test "histogram double: edges and counts, unit conversion" test_double_bins
run_test "histogram count off freezes, clear_on_read accumulates, clear" test_count_off_and_clear
# a consistency check: the simulator against its own events (testing.rst)
run_test "histogram compare (consistency): the simulator's events fed back agree exactly" test_prediction_matches
run_test "tune from-histogram: the knob's events give the path and tune's profile" test_tune_from_histogram
run_test "histogram --prometheus: cumulative buckets, +Inf, _count" test_prometheus
run_test "histogram show unprivileged; config and clear need CAP_NET_ADMIN" test_unprivileged
run_test "histogram errors: units, bin_num_max, no histogram" test_errors
run_test "histogram last edge: 2^64-1 ns refused by module and firmware, 2^64-2 ns shown" test_last_edge_boundary
module_default
tap_end
