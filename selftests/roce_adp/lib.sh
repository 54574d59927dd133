# SPDX-License-Identifier: GPL-2.0
# What the shell selftests share (busybox sh). A test is a function that
# returns non-zero on failure after saying why on stdout; run_test makes
# it a case.

BUS=/sys/bus/roce_adp
DBG=/sys/kernel/debug/roce_adp
# The TAP of every shell test (../lib/tap.sh, copied beside this file):
# ok, run_test, skip_test, tap_diag, tap_end.
. ./tap.sh

# klog_mark: remember where the kernel log ends; klog_since prints the
# lines written after. No test clears the log (run_tests.sh checks each
# program's lines for kernel warnings), and under load another line may
# follow the test's own: match in all the new lines, not the last one.
klog_mark()
{
	KLOG_AT=$(($(dmesg | wc -l) + 1))
}

klog_since()
{
	dmesg | tail -n +"$KLOG_AT"
}

# expect_eq ACTUAL EXPECTED [WHAT]
expect_eq()
{
	[ "$1" = "$2" ] && return 0
	printf 'expected %s: "%s"\n     got: "%s"\n' "${3:-value}" "$2" "$1"
	return 1
}

# expect_match TEXT PATTERN [WHAT]: grep -E PATTERN in TEXT
expect_match()
{
	printf '%s\n' "$1" | grep -qE -- "$2" && return 0
	printf 'expected %s to match /%s/, got:\n%s\n' "${3:-output}" "$2" "$1"
	return 1
}

# expect_error ERR: the last run_cmd failed (exit status 1: a write to a
# file, or adpctl's own error) saying ERR
expect_error()
{
	expect_eq "$RC" 1 "exit status ($ERR)" && expect_eq "$ERR" "$1" "stderr"
}

# expect_kernel_error ERR: adpctl failed with the kernel's error ERR (exit
# status 2, as ip(8))
expect_kernel_error()
{
	expect_eq "$RC" 2 "exit status ($ERR)" && expect_eq "$ERR" "$1" "stderr"
}

# run_cmd CMD...: sets OUT (stdout), ERR (stderr), RC (exit status)
run_cmd()
{
	"$@" >/tmp/.out 2>/tmp/.err
	RC=$?
	OUT=$(cat /tmp/.out)
	ERR=$(cat /tmp/.err)
}

# sysfs_write FILE VALUE: sets RC and ERR (the shell's write error text)
sysfs_write()
{
	(echo "$2" >"$1") 2>/tmp/.err
	RC=$?
	ERR=$(cat /tmp/.err)
}

# json_get JSON PYEXPR: evaluate PYEXPR on the parsed document "j". -S:
# json needs no site-packages, and under TCG the site module (a look at
# every .pth file of the host's /usr) costs about half of a python3 start.
json_get()
{
	printf '%s' "$1" | python3 -S -c "import json, sys
j = json.load(sys.stdin)
print($2)"
}

# range_words INDEX LOW SIZE RETRIES DEC_MODE PREV: a range of
# 'adpctl profile set', every field given
range_words()
{
	echo "range $1 range_low_bound $2 range_size $3 timeout_retry_num $4" \
		"dec_mode $5 prev_range_index $6"
}

# set_full [DEV]: profile 1 of DEV (emu0), every field set, two ranges
# (adpctl's output)
set_full()
{
	# shellcheck disable=SC2046 # the words of the ranges
	adpctl profile set dev "${1:-emu0}" id 1 time_base 8 time_unit usec \
		range_num 2 start_range_index 0 qp_total_timeout off \
		retx_total_timeout 18 timeout_init_low_bound 3 \
		timeout_init_range_size 3 \
		$(range_words 0 3 3 3 div2 0) $(range_words 1 6 4 2 div4 0)
}

# run_ok CMD...: run_cmd, and it exits 0 (else says so, with its stderr)
run_ok()
{
	run_cmd "$@"
	expect_eq "$RC" 0 "exit status ($ERR)"
}

# Put the modules back as the tests expect to find them: roce_adp and the
# emulator with its one device (modprobe -r of the emulator removes
# roce_adp too, once nothing else uses it).
module_default()
{
	modprobe -r roce_adp_emu 2>/dev/null
	modprobe -r roce_adp 2>/dev/null
	modprobe roce_adp_emu
}

# The debug kernel's checkers (make check-debug); absent elsewhere.
FAILSLAB=/sys/kernel/debug/failslab
KMEMLEAK=/sys/kernel/debug/kmemleak

# kmemleak_module_leaks: scan, and print the suspected leaks whose
# allocation backtrace is in roce_adp, or in code no longer loaded (a
# module unloaded since, printed as a bare address). Leaks of the kernel
# itself under TCG are not ours and are only counted.
kmemleak_module_leaks()
{
	# An object is reported once it is older than 5 s and unchanged
	# between two scans.
	sleep 6
	echo scan >$KMEMLEAK
	echo scan >$KMEMLEAK
	awk '
		function flush() {
			if (obj == "") return
			if (ours) printf "%s", obj; else other++
			obj = ""; ours = 0
		}
		/^unreferenced object/ { flush() }
		{ obj = obj $0 "\n" }
		/roce_adp|radp_|[^_a-z]0x[0-9a-f]{16}$/ { ours = 1 }
		END {
			flush()
			if (other) printf "(%d leak(s) outside roce_adp not shown)\n", other > "/dev/stderr"
		}' $KMEMLEAK
}

# no_module_leaks: kmemleak finds no leak of roce_adp (prints them if so)
no_module_leaks()
{
	leaks=$(kmemleak_module_leaks) || return 1
	[ -z "$leaks" ] && return 0
	echo "kmemleak suspects roce_adp of leaking:"
	echo "$leaks"
	return 1
}

# ynl_serve_start: one python3 (ynl_serve.py) for every serve call of the
# test, as the script's own python3 would cost 1-2 s a call under TCG;
# ynl_serve_stop ends it. The FIFOs are opened read-write, which never
# waits, so that a server that dies at its start cannot hang the test.
YS=/tmp/ynl_serve
ynl_serve_start()
{
	rm -rf $YS
	mkdir -p $YS
	mkfifo $YS/req $YS/done
	python3 ./ynl_serve.py $YS &
	YS_PID=$!
	exec 3<>$YS/req 4<>$YS/done
}

ynl_serve_stop()
{
	exec 3>&- 4<&-
	wait $YS_PID
}

# serve VERB ARGS...: one request to ynl_serve.py (cli: upstream's cli.py
# with ARGS, py: a check script); sets SOUT, SERR and SRC as run_cmd sets
# OUT, ERR and RC. A server that is gone is status 125.
serve()
{
	rm -f $YS/out $YS/err
	i=0
	for a in "$@"; do
		printf '%s' "$a" >"$YS/arg.$i"
		i=$((i + 1))
	done
	echo "$i" >&3
	until read -t 5 -r SRC <&4; do
		kill -0 $YS_PID 2>/dev/null && continue
		SRC=125
		echo "ynl_serve.py ended" >$YS/err
		break
	done
	SOUT=$(cat $YS/out 2>/dev/null)
	SERR=$(cat $YS/err)
}

# The mlx5_core stand-in's ROCE_ACCL (mlx5_standin.sh, adpctl_fwctl.sh).
SDBG=/sys/kernel/debug/mlx5_standin

# standin_store F LINE: the hex dwords of F's store line starting "LINE:"
# (one process: under TCG each costs more than the line)
standin_store()
{
	sed -n "s/^$2: //p" $SDBG/"$1"/store
}

# The thirteen features of ROCE_ACCL (fourteen values: ack_dscp_force and
# ack_dscp share a select) at the reference's positions (its two
# tables), as "name value dword shift number": the value adpctl takes,
# the dword of the store line (2: 04h, 3: 08h) and the bit its lowest bit
# lands on, the number it is there. The first seven (OLDER) are older
# firmware's; ACCL_ZEROES sets each back to its zero.
ACCL_FEATURES="roce_adp_retrans_en on 2 0 1
roce_tx_window_en on 2 1 1
roce_slow_restart_en on 2 2 1
roce_slow_restart_idle_en on 2 3 1
min_ack_timeout_limit_disabled on 2 4 1
adaptive_routing_forced_en on 2 5 1
selective_repeat_forced_en on 2 6 1
dc_half_handshake_en on 2 7 1
cc_per_plane_en on 2 8 1
ack_dscp_force on 2 9 1
ack_dscp 45 2 10 45
cc_burst_size 1.5KB 2 24 7
ifa2_turn_around_en on 2 27 1
cc_probe_mp_mode discard 3 20 1"
ACCL_OLDER=7
ACCL_ZEROES="roce_adp_retrans_en off roce_tx_window_en off roce_slow_restart_en off
roce_slow_restart_idle_en off min_ack_timeout_limit_disabled off
adaptive_routing_forced_en off selective_repeat_forced_en off
dc_half_handshake_en off cc_per_plane_en off ack_dscp_force off
ack_dscp 0 cc_burst_size 4KB ifa2_turn_around_en off cc_probe_mp_mode accept"

# or_dword LINE N V: the store LINE with dword N or'ed with V
or_dword()
{
	od_i=0 od_line=
	for od_d in $1; do
		od_i=$((od_i + 1))
		[ "$od_i" = "$2" ] && od_d=$(printf '%08x' $((0x$od_d | $3)))
		od_line="$od_line${od_line:+ }$od_d"
	done
	echo "$od_line"
}

# accl_zero_of NAME: "NAME ZERO", the feature's zero from ACCL_ZEROES (in
# the shell: a pipeline costs four processes under TCG)
accl_zero_of()
{
	zo_name=$1
	# shellcheck disable=SC2086
	set -- $ACCL_ZEROES
	while [ $# -ge 2 ]; do
		[ "$1" = "$zo_name" ] && { echo "$1 $2"; return 0; }
		shift 2
	done
}

# set_features F COUNT [OPTION]: the first COUNT features, one by one, set
# on F with "adpctl [OPTION] accl set" and read back: the store changes by
# the feature's bits alone, the reply (the register read back) shows the
# value, and setting it back to zero restores the store
set_features()
{
	echo "$ACCL_FEATURES" | head -n "$2" |
	while read -r name val dw shift num; do
		before=$(standin_store "$1" reg)
		want=$(or_dword "$before" "$dw" $((num << shift)))
		# shellcheck disable=SC2086 # no option is no word
		run_cmd adpctl $3 accl set dev "$1" "$name" "$val"
		expect_eq "$RC" 0 "$name $val: exit status ($ERR)" || return 1
		expect_eq "$(standin_store "$1" reg)" "$want" \
			"$name $val: the store" || return 1
		expect_match "$OUT" "^  $name +$val\$" "$name read back" ||
			return 1
		# shellcheck disable=SC2046,SC2086 # the feature's zero
		run_cmd adpctl $3 accl set dev "$1" $(accl_zero_of "$name")
		expect_eq "$(standin_store "$1" reg)" "$before" \
			"$name back to zero" || return 1
	done
}
