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

n=0
failed=0
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

ok() {	# ok CONDITION-STATUS NAME
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		failed=$((failed + 1))
		sed 's/^/# stdout: /' "$out"
		sed 's/^/# stderr: /' "$err"
	fi
}

skip() {
	n=$((n + 1))
	echo "ok $n - $1 # SKIP $2"
}

run() {
	"$ADPCTL" "$@" >"$out" 2>"$err"
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

echo "TAP version 13"
echo "1..20"

expect 0 '^adpctl [^ ]+$' '' "-V prints the version" -V
expect 0 '^adpctl [^ ]+$' '' "--version prints the version" --version
expect 0 '^Usage: adpctl' '' "help" help
expect 0 '^Usage: adpctl' '' "-h" -h
expect 0 '^Usage: adpctl' '' "--help wins over the rest" --help dev
expect 2 '' "$("$ADPCTL" help)" "no object: usage on stderr, exit 2"
expect 2 '' 'Error: unknown object "x". Try "adpctl help".' \
	"unknown object" x
expect 2 '' 'Error: unknown command "x". Try "adpctl dev help".' \
	"unknown command" dev x
expect 2 '' 'Error: unknown option "-x". Try "adpctl help".' \
	"unknown short option" -x dev
expect 2 '' 'Error: unknown option "--bogus". Try "adpctl help".' \
	"unknown long option" --bogus dev
expect 0 '^Usage: adpctl dev show' '' "dev help" dev help
expect 0 '^Usage: adpctl dev show' '' "abbreviated show help" d s help
expect 0 '^Usage: adpctl dev show' '' "dev show --help" dev show --help
expect 2 '' 'Error: unexpected argument "b". Try "adpctl dev show help".' \
	"extra argument" dev show a b
expect 2 '' 'Error: missing value for "dev". Try "adpctl dev show help".' \
	"keyword without value" dev show dev
expect 2 '' 'Error: value of "dev" is longer than 31 characters. Try "adpctl dev show help".' \
	"device name too long" dev show 0123456789abcdef0123456789abcdef

# The one runtime check that needs no module: the family is missing.
run dev show
if [ "$rc" -eq 0 ]; then
	skip "dev show without the module" "roce_adp is loaded"
	if [ -x "$PYTHON" ]; then
		run -j dev show
		[ "$rc" -eq 0 ] && "$PYTHON" -m json.tool "$out" >/dev/null
		ok $? "dev show -j prints valid JSON"
	else
		skip "dev show -j prints valid JSON" "no $PYTHON"
	fi
else
	[ "$rc" -eq 1 ] && [ ! -s "$out" ] && [ "$(cat "$err")" = "$NOT_LOADED" ]
	ok $? "dev show without the module: one line, exit 1"
	run -j -p dev show eth0
	[ "$rc" -eq 1 ] && [ ! -s "$out" ] && [ "$(cat "$err")" = "$NOT_LOADED" ]
	ok $? "dev show -j without the module: no JSON, exit 1"
fi

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
	skip "man page renders without warnings" "no man"
fi

[ "$failed" -eq 0 ]
