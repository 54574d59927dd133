# SPDX-License-Identifier: GPL-2.0
#
# The TAP of every shell test, on the host (bash) and in the guest
# (busybox sh), to be sourced: the header at once, a line per case, the
# plan and the totals at the end (tap_end). Cases are numbered here;
# nothing else prints "ok" or a plan.
#
#   ok STATUS NAME        a case, passed if STATUS is 0; then the script's
#                         case_done STATUS, where it shows what a failed
#                         case has to show (as "#" lines); false if failed
#   run_test NAME CMD...  a case: CMD's exit status; its output follows as
#                         "#" lines if it fails ("figure: " lines always)
#   skip_test NAME REASON a case that cannot run here, and why: only for
#                         what the machine lacks (a skip without a reason
#                         fails in tools/check)
#   skip_all REASON       the whole program cannot run here: kselftest's
#                         "1..0 # SKIP REASON" and exit status 4
#   missing NAME WHAT     a failed case: WHAT, which 'make setup'
#                         installs, is missing
#   tap_diag TEXT...      a diagnostic line
#   tap_end               the plan and the totals; false if a case failed

TAP_N=0
TAP_FAIL=0
TAP_SKIP=0

echo "TAP version 13"

# What a script shows after each case; it defines its own to override.
case_done()
{
	:
}

ok()
{
	TAP_N=$((TAP_N + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $TAP_N - $2"
	else
		TAP_FAIL=$((TAP_FAIL + 1))
		echo "not ok $TAP_N - $2"
	fi
	case_done "$1"
	[ "$1" -eq 0 ]
}

# tap_cs: sets tap_cs to the time since boot in centiseconds (no process
# started: a case costs less that way under TCG)
tap_cs()
{
	read -r tap_cs _ </proc/uptime
	tap_cs=${tap_cs%.*}${tap_cs#*.}
	tap_cs=${tap_cs#"${tap_cs%%[!0]*}"}
	tap_cs=${tap_cs:-0}
}

run_test()
{
	tap_name=$1
	shift
	tap_cs
	tap_start=$tap_cs
	if tap_out=$("$@" 2>&1); then
		ok 0 "$tap_name"
		case $tap_out in
		*figure:*)
			printf '%s\n' "$tap_out" |
				sed -n 's/^figure: /# figure: /p' ;;
		esac
	else
		ok 1 "$tap_name"
		printf '%s\n' "$tap_out" | sed 's/^/#   /'
	fi
	# where a slow program's time goes: its cases of 5 s or more
	tap_cs
	tap_cs=$((tap_cs - tap_start))
	[ $tap_cs -lt 500 ] ||
		echo "# figure: $tap_name took $((tap_cs / 100)).$((tap_cs / 10 % 10)) s"
}

skip_test()
{
	TAP_N=$((TAP_N + 1))
	TAP_SKIP=$((TAP_SKIP + 1))
	echo "ok $TAP_N - $1 # SKIP $2"
}

skip_all()
{
	echo "1..0 # SKIP $1"
	exit 4
}

missing()
{
	TAP_N=$((TAP_N + 1))
	TAP_FAIL=$((TAP_FAIL + 1))
	echo "not ok $TAP_N - $1"
	tap_diag "$2 is missing: 'make setup' installs it"
}

tap_diag()
{
	echo "# $*"
}

tap_end()
{
	echo "1..$TAP_N"
	echo "# Totals: pass:$((TAP_N - TAP_FAIL - TAP_SKIP)) fail:$TAP_FAIL skip:$TAP_SKIP"
	[ "$TAP_FAIL" -eq 0 ]
}
