#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Command line behaviour of a built adpctl, as TAP: help, version, usage
# errors and their exit codes, the module-not-loaded error, man page.
#
# usage: cli.sh ADPCTL MANPAGE

ADPCTL=${1:-./adpctl}
MANPAGE=${2:-adpctl.8}
PYTHON=/usr/bin/python3
NOT_LOADED='Error: roce_adp module is not loaded (generic netlink family "roce_adp" not found).'

out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

. "$(dirname "$0")/../../../selftests/lib/tap.sh"

# A failed case: what adpctl printed.
case_done() {
	[ "$1" -eq 0 ] && return
	sed 's/^/# stdout: /' "$out"
	sed 's/^/# stderr: /' "$err"
}

run() {
	"$ADPCTL" "$@" >"$out" 2>"$err"
	rc=$?
}

# The cases "without the module" run adpctl in a user and network
# namespace of its own: the family is not netnsok, so no other namespace
# finds it, whatever the host has loaded (a roce_adp loaded here would
# otherwise make them pass against it, or "monitor" wait forever). Where
# user namespaces are off, they run here, and are skipped if the family
# answers. A time limit still: "monitor" must not hang make check.
if unshare -rn true 2>/dev/null; then
	NO_FAMILY="unshare -rn"
else
	NO_FAMILY=""
fi
run_no_family() {
	# shellcheck disable=SC2086 # the wrapper's words
	timeout 10 $NO_FAMILY "$ADPCTL" "$@" >"$out" 2>"$err"
	rc=$?
}

# expect RC STDOUT-ERE STDERR NAME ARGS...: an empty ERE wants no stdout.
expect() {
	local want_rc=$1 want_out=$2 want_err=$3 name=$4 bad=0

	shift 4
	run "$@"
	[ "$rc" -eq "$want_rc" ] || bad=1
	if [ -n "$want_out" ]; then
		grep -Eq "$want_out" "$out" || bad=1
	else
		[ ! -s "$out" ] || bad=1
	fi
	[ "$(cat "$err")" = "$want_err" ] || bad=1
	ok $bad "$name"
}

expect 0 '^adpctl [^ ]+$' '' "-V prints the version" -V
expect 0 '^adpctl [^ ]+$' '' "--version prints the version" --version
expect 0 '^Usage: adpctl' '' "help" help
expect 0 '^Usage: adpctl' '' "-h" -h
expect 0 '^Usage: adpctl' '' "--help wins over the rest" --help dev
expect 1 '' "$("$ADPCTL" help)" "no object: usage on stderr, exit 1"
expect 1 '' 'Error: unknown object "x". Try "adpctl help".' \
	"unknown object" x
expect 1 '' 'Error: unknown command "x". Try "adpctl dev help".' \
	"unknown command" dev x
expect 1 '' 'Error: unknown option "-x". Try "adpctl help".' \
	"unknown short option" -x dev
expect 1 '' 'Error: unknown option "--bogus". Try "adpctl help".' \
	"unknown long option" --bogus dev
expect 0 '^Usage: adpctl dev show' '' "dev help" dev help
expect 0 '^Usage: adpctl dev show' '' "abbreviated show help" d s help
expect 0 '^Usage: adpctl dev show' '' "dev show --help" dev show --help
expect 1 '' 'Error: unexpected argument "b". Try "adpctl dev show help".' \
	"extra argument" dev show a b
expect 1 '' 'Error: missing value for "dev". Try "adpctl dev show help".' \
	"keyword without value" dev show dev
expect 1 '' 'Error: value of "dev" is longer than 31 characters. Try "adpctl dev show help".' \
	"device name too long" dev show 0123456789abcdef0123456789abcdef

# accl and profile: help, and errors found before anything is sent.
expect 0 '^Usage: adpctl accl show' '' "accl help" accl help
expect 0 '^Usage: adpctl profile show' '' "profile help" profile help
expect 0 'retx_total_timeout +0\.\.255' '' "profile set help lists the fields" \
	profile set help
expect 0 'dec_mode +div4, div2, low_bound or 0\.\.3' '' \
	"profile set help lists the range fields" profile set --help
expect 0 'min_ack_timeout_limit_disabled +off, on or 0\.\.1' '' \
	"accl set help lists the enables" accl set help
expect 1 '' 'Error: ambiguous command "s" (show, set, simulate). Try "adpctl profile help".' \
	"show, set and simulate share a prefix" profile s
expect 1 '' 'Error: unknown field "bogus". Try "adpctl profile set help".' \
	"profile set: unknown field" profile set dev emu0 id 1 bogus 1
expect 1 '' 'Error: invalid value "70000" for "time_base": expected 0..65535. Try "adpctl profile set help".' \
	"profile set: value too wide" profile set dev emu0 id 1 time_base 70000
expect 1 '' 'Error: invalid value "4" for "range": expected 0..3. Try "adpctl profile set help".' \
	"profile set: range index" profile set dev emu0 id 1 range 4 dec_mode div2
expect 1 '' 'Error: "dec_mode" is given twice in range 0. Try "adpctl profile set help".' \
	"profile set: field twice" profile set dev emu0 id 1 range 0 dec_mode div2 dec_mode 0
expect 1 '' 'Error: missing argument "id". Try "adpctl profile set help".' \
	"profile set: no id" profile set dev emu0 time_base 8
expect 1 '' 'Error: invalid value "9" for "id": expected 0..7. Try "adpctl profile show help".' \
	"profile show: id too wide" profile show emu0 id 9
expect 1 '' 'Error: unknown enable "roce". Try "adpctl accl set help".' \
	"accl set: unknown enable" accl set dev emu0 roce on
expect 1 '' 'Error: invalid value "yes" for "roce_tx_window_en": expected off, on or 0..1. Try "adpctl accl set help".' \
	"accl set: bad value" accl set dev emu0 roce_tx_window_en yes

# mpt: help, and errors found before anything is sent.
expect 0 '^Usage: adpctl mpt show \[\[dev\] DEV\] \[index N \| key K\]' '' "mpt help" mpt help
expect 0 'Needs CAP_NET_ADMIN' '' "mpt show help explains the selectors" mpt show -r --help
expect 1 '' 'Error: "index" and "key" both select the entry: give one. Try "adpctl mpt show help".' \
	"mpt show: index and key" mpt show dev emu0 index 1 key 0x100
expect 1 '' 'Error: "pd" and "qpn" filter a dump: they do not go with "key". Try "adpctl mpt show help".' \
	"mpt show: a filter with a key" mpt show emu0 key 0x100 pd 1
expect 1 '' 'Error: invalid value "1e3" for "pd": expected 0..16777215. Try "adpctl mpt show help".' \
	"mpt show: bad number" mpt show pd 1e3

# lint and simulate: help, and errors found before anything is read.
expect 0 'adp_retx_base_timeout_min +0\.\.1048575' '' \
	"profile lint help lists the caps" profile lint help
expect 0 'outage TIME' '' "profile simulate help lists the scenarios" \
	profile simulate --help
expect 1 '' 'Error: "dev" and "file" both give a profile: pick one. Try "adpctl profile lint help".' \
	"profile lint: dev and file" profile lint dev emu0 file x
expect 1 '' 'Error: invalid value "32" for "ack_timeout": expected 0..31 (4.096us << N, 0 = infinite). Try "adpctl profile lint help".' \
	"profile lint: ack_timeout 32" profile lint ack_timeout 32
expect 1 '' 'Error: give one scenario: outage TIME, drop N or loss P. Try "adpctl profile simulate help".' \
	"profile simulate: no scenario" profile simulate ack_timeout 14 retry_count 7
expect 1 '' 'Error: give one scenario: outage TIME, drop N or loss P. Try "adpctl profile simulate help".' \
	"profile simulate: two scenarios" profile simulate ack_timeout 14 retry_count 7 drop 3 loss 1%
expect 1 '' 'Error: missing argument "ack_timeout": the QP'"'"'s timeouts depend on it. Try "adpctl profile simulate help".' \
	"profile simulate: no ack_timeout" profile simulate dev emu0 retry_count 7 drop 3
expect 1 '' 'Error: cannot open /nonexistent: No such file or directory.' \
	"profile lint: missing file" profile lint file /nonexistent

# monitor and apply: objects that are commands.
expect 0 '^Usage: adpctl monitor \[\[dev\] DEV\]' '' "monitor help" monitor help
expect 0 '^Usage: adpctl apply PATH\.\.\. \[--check\]' '' "apply --help" apply --help
expect 0 'Exit status: 0 nothing to change, 3 changed' '' \
	"apply help gives the exit codes" apply help
expect 1 '' 'Error: missing argument "PATH". Try "adpctl apply help".' \
	"apply: no PATH" apply --check
expect 1 '' 'Error: unknown option "--dry". Try "adpctl apply help".' \
	"apply: unknown option" apply x.conf --dry
expect 1 '' 'Error: unexpected argument "b". Try "adpctl monitor help".' \
	"monitor: extra argument" monitor a b
expect 1 '' 'Error: cannot open /nonexistent: No such file or directory.' \
	"apply: missing file" apply /nonexistent

# The one runtime check that needs no module: the family is missing.
for args in "dev show" "-j -p dev show eth0" "-j accl show" \
	    "-j profile show emu0 id 1" "-j mpt show emu0 index 1 -r" \
	    "-j profile set dev emu0 id 1 time_base 8" \
	    "-j accl set dev emu0 roce_adp_retrans_en on" \
	    "-j profile lint dev emu0" \
	    "-j profile simulate dev emu0 ack_timeout 14 retry_count 7 drop 1" \
	    "-j monitor"; do
	# shellcheck disable=SC2086
	run_no_family $args
	if [ -z "$NO_FAMILY" ] && [ "$rc" -ne 1 ]; then
		skip_test "$args without the module" \
			"roce_adp is loaded here and user namespaces are off"
		continue
	fi
	[ "$rc" -eq 1 ] && [ ! -s "$out" ] && [ "$(cat "$err")" = "$NOT_LOADED" ]
	ok $? "$args without the module: one line, exit 1"
done

# Both short and long default commands reach the same handler.
run dev
rc_dev=$rc
run dev show
[ "$rc_dev" -eq "$rc" ]
ok $? "an object alone runs its first command"

if command -v man >/dev/null; then
	MANWIDTH=80 man --warnings -l "$MANPAGE" >/dev/null 2>"$err"
	[ $? -eq 0 ] && [ ! -s "$err" ]
	ok $? "man page renders without warnings"
else
	missing "man page renders without warnings" "man (man-db)"
fi

# "profile reset", forget's name before 0.2: works, and is listed nowhere.
expect 0 '^Usage: adpctl profile reset \[dev\] DEV$' "" \
	"profile reset: a hidden alias of profile forget" profile reset help
run help --commands
bad=0
grep -q '^profile forget$' "$out" || bad=1
! grep -q 'reset' "$out" || bad=1
"$ADPCTL" profile help | grep -Eq '^  reset |profile reset' && bad=1
ok $bad "profile reset: not in help nor in help --commands"

# Every command of every object, as the binary's tables list them ("help
# --commands", also what the bash completion offers), has its section in
# the man page and is in its object's help; every object is in the OBJECT
# list.
bad=0
"$ADPCTL" help --commands >"$out" 2>"$err"
[ -s "$out" ] || bad=1
objs=$(cut -d' ' -f1 "$out" | uniq)
[ "$objs" = "$("$ADPCTL" help |
	sed -n '/^Objects:/,/^$/s/^  \([a-z]\+\) .*/\1/p')" ] ||
	{ echo "# help and help --commands list other objects"; bad=1; }
while read -r o c; do
	# An object that is a command ("adpctl monitor") has its own section.
	if [ "$o" = "$c" ]; then
		grep -q "^\.SS adpctl $o\b" "$MANPAGE" ||
			{ echo "# no section for $o"; bad=1; }
		continue
	fi
	grep -q "^\.SS adpctl $o $c\b" "$MANPAGE" ||
		{ echo "# no section for $o $c"; bad=1; }
	"$ADPCTL" "$o" help | grep -q "^  $c " ||
		{ echo "# $o help does not list $c"; bad=1; }
done <"$out"
for o in $objs; do
	grep -q "\\\\fB$o\\\\fP" "$MANPAGE" || { echo "# $o not in OBJECT :="; bad=1; }
done
: >"$out"
: >"$err"
ok $bad "man page documents every object and command"

# Every command's usage ends with its one-line help as a sentence: a
# capital first, a full stop last.
bad=0
"$ADPCTL" help --commands >"$out" 2>"$err"
[ -s "$out" ] || bad=1
while read -r o c; do
	if [ "$o" = "$c" ]; then set -- "$o"; else set -- "$o" "$c"; fi
	line=$("$ADPCTL" "$@" help | sed -n 3p)
	printf '%s\n' "$line" | grep -Eq '^[A-Z].*[^.]\.$' ||
		{ echo "# $*: help line \"$line\""; bad=1; }
done <"$out"
: >"$out"
: >"$err"
ok $bad "every command's help: its one-line help, a sentence"

# Every field accl set and profile set take (their help, from the field
# tables) is in the man page, with the names of its values.
bad=0
for cmd in "accl set" "profile set"; do
	# shellcheck disable=SC2086
	"$ADPCTL" $cmd help |
		sed -nE 's/^  ([a-z][a-z0-9_]*) {2,}(.*)[0-9]+\.\.[0-9]+$/\1 \2/p' |
		tr -d ',' | sed 's/ or / /' >"$out"
	while read -r field values; do
		for w in $field $values; do
			grep -qwF -- "$w" "$MANPAGE" ||
				{ echo "# $cmd: $w not in the man page"; bad=1; }
		done
	done <"$out"
done
[ "$(grep -c . "$out")" -ge 13 ] || { echo "# too few fields read"; bad=1; }
: >"$out"
ok $bad "man page names every field of accl set and profile set, and their value names"

# profile tune shows its progress on a terminal's stderr only: under
# script(1) stderr is a terminal; with -j, or into a pipe, nothing.
if command -v script >/dev/null; then
	script -qec "$ADPCTL profile tune rtt 30ms outage 50ms >/dev/null" \
		/dev/null >"$out" 2>&1
	grep -q "tune: final, [0-9]* profiles tried, best 45.536ms" "$out"
	ok $? "profile tune: progress on a terminal"
	script -qec "$ADPCTL -j profile tune rtt 30ms outage 50ms >/dev/null" \
		/dev/null >"$out" 2>&1
	[ ! -s "$out" ]
	ok $? "profile tune -j: no progress on a terminal"
	"$ADPCTL" profile tune rtt 30ms outage 50ms >/dev/null 2>"$err"
	[ ! -s "$err" ]
	ok $? "profile tune: no progress into a pipe"
	: >"$out"
	: >"$err"
else
	for c in "profile tune: progress on a terminal" \
		 "profile tune -j: no progress on a terminal" \
		 "profile tune: no progress into a pipe"; do
		skip_test "$c" "no script(1) (bsdutils) to give adpctl a terminal"
	done
fi

tap_end
