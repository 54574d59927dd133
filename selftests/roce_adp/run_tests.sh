#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run the selftests in the guest: all of tests.list, or the ones named.
# Each program's TAP output is framed for tools/check on the host:
#   ### begin NAME
#   ...
#   # figure: ran in N s
#   ### end NAME EXIT_STATUS
# and a last line, outside the frames, counts the cases of all of them:
#   # N passed, N failed, N skipped
# (a skip is "ok ... # SKIP reason"; a program that fails without a
# failed case counts as one failure).
cd "$(dirname "$0")" || exit 1

tests=$*
[ -n "$tests" ] || tests=$(cat tests.list)

pass=0
fail=0
skip=0
for t in $tests; do
	echo "### begin $t"
	t0=$(date +%s)
	# Streamed as it comes (a guest that dies keeps what was printed).
	{ timeout "${RADP_TEST_TIMEOUT:-300}" ./"$t" 2>&1; echo $? >/tmp/.rc; } |
		tee /tmp/.tap
	rc=$(cat /tmp/.rc)
	# where make check's minutes go (a figure, never a limit)
	echo "# figure: ran in $(($(date +%s) - t0)) s"
	echo "### end $t $rc"
	s=$(grep -cE '^ok [0-9]+.*# (SKIP|skip)' /tmp/.tap)
	p=$(grep -cE '^ok [0-9]+' /tmp/.tap)
	f=$(grep -cE '^not ok [0-9]+' /tmp/.tap)
	# "1..0 # SKIP reason" (and kselftest's status 4): one skip
	if grep -qE '^1\.\.0 *# *(SKIP|skip)' /tmp/.tap; then
		s=$((s + 1))
		p=$((p + 1))
		[ "$rc" = 4 ] && rc=0
	fi
	[ "$rc" != 0 ] && [ "$f" = 0 ] && f=1
	pass=$((pass + p - s))
	fail=$((fail + f))
	skip=$((skip + s))
done
echo "# $pass passed, $fail failed, $skip skipped"
