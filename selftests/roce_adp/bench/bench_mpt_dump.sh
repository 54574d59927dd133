#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# MPT dump of a large table (BENCH_MPT_ENTRIES, default 64Ki) against the
# kernel's own dump of as many IPv4 routes in the same guest: entries per
# second through a raw netlink reader and through adpctl -j, routes per
# second through a raw reader and through iproute2's "ip -4 route show
# table N"; kernel memory while a dump is half way, for a tenth of the
# table and for all of it; memory of the emulated table itself.
#
# The dump pays one firmware command per entry, which the route dump never
# does, and a NIC's command takes microseconds: the goal is on the cost
# per entry outside the command's execution (netlink emission and the
# command path; the emulated firmware's own time, knob fw_busy_ns, counted
# in the same runs and taken out) against the route dump's per entry, raw
# reader against raw reader. The raw rates' ratio is printed beside it.
# The emulated firmware answers each entry at once (cmd_delay_us 0).
cd "$(dirname "$0")" || exit 1

# BENCH_SCALE shrinks the table and the routes alike (64Ki at scale 1: per
# entry figures need no more; BENCH_MPT_ENTRIES=1048576 for the memory of
# a full-size table).
n=${BENCH_MPT_ENTRIES:-$(awk -v s="${BENCH_SCALE:-1}" 'BEGIN { n = int(65536 * s); print n < 1024 ? 1024 : n }')}
runs=${BENCH_MPT_RUNS:-2}
dbg=/sys/kernel/debug/roce_adp/emu0
bench=../mpt_dump_bench
table=100

result() { echo "RESULT $*"; }
meminfo() { awk -v k="$1:" '$1 == k { print $2 }' /proc/meminfo; }
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p"; }
# Centiseconds of uptime: enough for runs of seconds (busybox date has no %N).
now_ns() { awk '{ printf "%.0f", $1 * 1e9 }' /proc/uptime; }
rate() { awk -v n="$1" -v ns="$2" 'BEGIN { printf "%.0f", n / (ns / 1e9) }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }

# The best of $runs runs of a command, in ns.
best_ns()
{
	best=''
	i=0
	while [ $i -lt "$runs" ]; do
		t0=$(now_ns)
		"$@" >/dev/null || return 1
		t=$(($(now_ns) - t0))
		[ -z "$best" ] || [ "$t" -lt "$best" ] && best=$t
		i=$((i + 1))
	done
	echo "$best"
}

iproute2=''
for ip in /usr/sbin/ip /usr/bin/ip /sbin/ip /bin/ip; do
	if [ -x "$ip" ] && "$ip" -V 2>/dev/null | grep -q iproute2; then
		iproute2=$ip
		break
	fi
done

# Memory of the table itself: MemAvailable before and after sizing it.
echo 1 >"$dbg/mpt_size" || exit 1
sync
avail0=$(meminfo MemAvailable)
echo "$n" >"$dbg/mpt_size" || exit 1
avail1=$(meminfo MemAvailable)
result mpt_table_kb_per_1m "$(awk -v d=$((avail0 - avail1)) -v n="$n" \
	'BEGIN { printf "%.0f", d * 1048576 / n }')" KiB
echo "$n 1" >"$dbg/mpt_fill" || exit 1

echo 0 >"$dbg/cmd_delay_us" || exit 1
result fw_cmd_delay_assumed 0 us
echo "NOTE the emulated firmware answers every command at once (cmd_delay_us 0): a NIC's QUERY_MPT takes longer, the figures are the driver's and netlink's share"
fw0=$(cat "$dbg/fw_busy_ns") || exit 1
line=$($bench mpt emu0 "$runs") || exit 1
fw1=$(cat "$dbg/fw_busy_ns")
echo "NOTE $line"
mpt_raw=$(echo "$line" | field per_sec)
mpt_objects=$(echo "$line" | field objects)
# The firmware's ns per entry over all the runs; the dump's per entry is
# its best run's.
mpt_fw_ns=$(awk -v d=$((fw1 - fw0)) -v n="$mpt_objects" -v r="$runs" \
	'BEGIN { printf "%.1f", d / (n * r) }')
mpt_ns=$(awk -v r="$mpt_raw" 'BEGIN { printf "%.1f", 1e9 / r }')
mpt_out_ns=$(awk -v a="$mpt_ns" -v b="$mpt_fw_ns" 'BEGIN { printf "%.1f", a - b }')
result mpt_dump_raw "$mpt_raw" entries/s
result mpt_dump_entries "$mpt_objects" entries
result mpt_entry_ns "$mpt_ns" ns
result mpt_entry_fw_exec_ns "$mpt_fw_ns" ns
result mpt_entry_outside_fw_ns "$mpt_out_ns" ns

if adpctl mpt help >/dev/null 2>&1; then
	ns=$(best_ns adpctl -j mpt show dev emu0) || exit 1
	result mpt_dump_adpctl_json "$(rate "$n" "$ns")" entries/s
else
	echo "NOTE this adpctl has no mpt command: no adpctl figure"
fi

# Kernel memory while a dump is half way: the same for n/10 and n entries.
echo "$((n / 10)) 2" >"$dbg/mpt_fill" || exit 1
line=$($bench mpt-mem emu0) || exit 1
echo "NOTE $line"
result mpt_dump_kmem_avail_tenth "$(echo "$line" | field avail_drop_kb)" KiB
result mpt_dump_kmem_slab_tenth "$(echo "$line" | field slab_growth_kb)" KiB
echo "$n 1" >"$dbg/mpt_fill" || exit 1
line=$($bench mpt-mem emu0) || exit 1
echo "NOTE $line"
result mpt_dump_kmem_avail_full "$(echo "$line" | field avail_drop_kb)" KiB
result mpt_dump_kmem_slab_full "$(echo "$line" | field slab_growth_kb)" KiB

# The baseline: as many routes, dumped by the kernel's own code.
echo 1 >"$dbg/mpt_size"
$bench route-add $table "$n" || exit 1
line=$($bench route $table "$runs") || exit 1
echo "NOTE $line"
route_raw=$(echo "$line" | field per_sec)
result route_dump_raw "$route_raw" routes/s
route_ns=$(awk -v r="$route_raw" 'BEGIN { printf "%.1f", 1e9 / r }')
result route_entry_ns "$route_ns" ns
if [ -n "$iproute2" ]; then
	ns=$(best_ns "$iproute2" -4 route show table $table) || exit 1
	ip_rate=$(rate "$n" "$ns")
	result route_dump_ip "$ip_rate" routes/s
	# A raw reader against a program that formats every route: shown,
	# not a goal (it flatters the MPT dump).
	result mpt_raw_vs_ip_route "$(ratio "$mpt_raw" "$ip_rate")" x
else
	echo "NOTE no iproute2 ip in the guest: no 'ip route show' figure"
fi
# Raw against raw, the firmware's execution in: shown, not the goal.
result mpt_raw_vs_route_raw "$(ratio "$mpt_raw" "$route_raw")" x
# The goal: per entry outside the firmware command, at least as cheap as
# the kernel's own route dump per route.
result mpt_outside_fw_vs_route "$(ratio "$route_ns" "$mpt_out_ns")" x ">=1"
# Undo what the section made: a guest left with 1M routes is not clean.
if ! "${iproute2:-ip}" route flush table $table; then
	echo "NOTE could not flush the routes of table $table"
	exit 1
fi
exit 0
