#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Firmware commands per operation (issue 18), counted by emu0's debugfs
# fw_cmds: what each adpctl command makes the device do. A set costs at
# most three (query, write, read-back), one (the query) when it changes
# nothing; a notification none beyond the set's own read-back; an unprivileged reader at most one snapshot refresh
# per snapshot_interval_ms. Counts, not times: BENCH_SCALE does not apply.
cd "$(dirname "$0")" || exit 1

D=/sys/kernel/debug/roce_adp/emu0
CONF=/tmp/bench_fw_cmds.conf

# cost METRIC GOAL CMD...: the commands CMD made emu0 execute
cost() {
	metric=$1 goal=$2
	shift 2
	echo 0 >"$D/fw_cmds" || exit 1
	"$@" >/dev/null || { echo "NOTE $metric: '$*' failed"; exit 1; }
	echo "RESULT $metric $(cat "$D/fw_cmds") cmds${goal:+ $goal}"
}

cost profile_show "" adpctl profile show dev emu0
cost profile_show_one "" adpctl profile show dev emu0 id 1
cost accl_show "" adpctl accl show dev emu0
cost profile_set "<=3" adpctl profile set dev emu0 id 1 time_base 8
cost accl_set "<=3" adpctl accl set dev emu0 roce_tx_window_en on
# The same sets again change nothing: the query alone, no notification.
cost profile_set_unchanged "<=1" adpctl profile set dev emu0 id 1 time_base 8
cost accl_set_unchanged "<=1" adpctl accl set dev emu0 roce_tx_window_en on

# The same set with a listener of the config group.
adpctl monitor >/dev/null 2>&1 &
mon=$!
sleep 1
cost profile_set_monitor "<=3" adpctl profile set dev emu0 id 1 time_base 16
kill "$mon"
wait "$mon" 2>/dev/null

# adpctl apply: exit status 3 says something was changed
apply() {
	adpctl apply "$@"
	rc=$?
	[ "$rc" = 0 ] || [ "$rc" = 3 ]
}

cat >"$CONF" <<EOF
[dev emu0]
roce_tx_window_en on
[dev emu0 profile 1]
time_base 16
EOF
cost apply_unchanged "" apply "$CONF"
sed -i "s/time_base 16/time_base 8/" "$CONF"
cost apply_changed "" apply "$CONF"
rm -f "$CONF"

# An unprivileged reader in a loop (uid 65534): the snapshot answers it,
# at most one refresh (2 queries) per snapshot_interval_ms; date's whole
# seconds make the loop up to 6 s long.
# (busybox's setpriv has no --reuid: python3 drops the ids, then execs)
nobody() {
	python3 -c 'import os, sys
os.setgroups([]); os.setgid(65534); os.setuid(65534)
os.execvp(sys.argv[1], sys.argv[1:])' "$@"
}
if ! err=$(nobody adpctl profile show dev emu0 2>&1 >/dev/null); then
	echo "NOTE no unprivileged loop (fw_bounds has one): running as uid 65534 failed: $err"
	echo "RESULT unpriv_profile_show_runs - runs"
	exit 0
fi
interval=$(cat /sys/module/roce_adp/parameters/snapshot_interval_ms)
echo 0 >"$D/fw_cmds"
end=$(($(date +%s) + 5))
n=0
while [ "$(date +%s)" -lt "$end" ]; do
	nobody adpctl profile show dev emu0 >/dev/null || exit 1
	n=$((n + 1))
done
echo "RESULT unpriv_profile_show_runs $n runs"
echo "RESULT unpriv_loop_cmds $(cat "$D/fw_cmds") cmds <=$((2 * (6000 / interval + 1)))"
