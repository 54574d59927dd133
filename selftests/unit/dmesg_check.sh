#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tools/vm/dmesg-check, which fails make check and make check-debug on a
# kernel report, against sample logs: each report fails it and is printed,
# the taint lines of an out-of-tree module and expected errors do not.
top=$(cd "$(dirname "$0")/../.." && pwd)
check=$top/tools/vm/dmesg-check
samples=$top/selftests/unit/dmesg-samples
. "$top/selftests/lib/tap.sh"

out=$("$check" "$samples/clean.log")
status=$?
[ $status = 0 ] && [ -z "$out" ]
ok $? "dmesg-check: a clean log passes silently" ||
	printf 'status %s\n%s\n' "$status" "$out" | sed 's/^/# /'

# SAMPLE LINE: the line that must be reported, with its context
for c in "kasan BUG: KASAN: slab-use-after-free" \
	 "lockdep WARNING: possible circular locking" \
	 "atomic_sleep BUG: sleeping function called from invalid context" \
	 "kmemleak unreferenced object" \
	 "warning WARNING: CPU: 0 PID: 1519" \
	 "refcount refcount_t: underflow" \
	 "ubsan UBSAN: shift-out-of-bounds" \
	 "hung_task blocked for more than 120 seconds"; do
	sample=${c%% *}
	line=${c#* }
	out=$("$check" "$samples/$sample.log")
	status=$?
	[ $status = 1 ] && printf '%s\n' "$out" | grep -qF "$line"
	ok $? "dmesg-check: $sample report fails the run and is printed" ||
		printf 'status %s\n%s\n' "$status" "$out" | sed 's/^/# /'
done

# the guest gives it a program's new lines on stdin
out=$("$check" - <"$samples/warning.log")
status=$?
[ $status = 1 ] && printf '%s\n' "$out" | grep -qF "WARNING: CPU: 0 PID: 1519"
ok $? "dmesg-check: a report on stdin ('-') fails and is printed" ||
	tap_diag "status $status"
out=$("$check" - <"$samples/clean.log")
status=$?
[ $status = 0 ] && [ -z "$out" ]
ok $? "dmesg-check: a clean log on stdin ('-') passes silently" ||
	tap_diag "status $status"

"$check" "$samples/no-such.log" 2>/dev/null
status=$?
[ $status = 2 ]
ok $? "dmesg-check: a missing log is a usage error (2)" ||
	tap_diag "status $status"

tap_end
