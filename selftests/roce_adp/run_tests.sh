#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run the selftests in the guest: all of tests.list, or the ones named.
# Each program's TAP output is framed for tools/check on the host:
#   ### begin NAME
#   ...
#   ### end NAME EXIT_STATUS
cd "$(dirname "$0")" || exit 1

tests=$*
[ -n "$tests" ] || tests=$(cat tests.list)

for t in $tests; do
	echo "### begin $t"
	timeout "${RADP_TEST_TIMEOUT:-300}" ./"$t" 2>&1
	rc=$?
	echo "### end $t $rc"
done
