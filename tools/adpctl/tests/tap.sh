# SPDX-License-Identifier: GPL-2.0
#
# TAP for adpctl's shell tests (cli.sh, completion.sh, hostile.sh), to be
# sourced. The script defines case_done STATUS, called after every case
# with its status: it prints what a failed case has to show, as "#" lines,
# and clears what the next case must not see.

n=0
failed=0

echo "TAP version 13"

# ok STATUS NAME: one case, passed if STATUS is 0.
ok() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		failed=$((failed + 1))
	fi
	case_done "$1"
}

# tap_end: the plan, the number of cases run; fails if any case failed.
tap_end() {
	echo "1..$n"
	[ "$failed" -eq 0 ]
}
