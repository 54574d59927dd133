#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Module footprint: sections of roce_adp.ko (what a host installs) and of
# the emulator roce_adp_emu.ko, memory of both loaded, modprobe time of
# both with one emulated device, the memory each emulated device takes, and
# the memory of 1M entries of the emulated MPT table.
cd "$(dirname "$0")" || exit 1

BUS=/sys/bus/roce_adp
ko=/lib/modules/$(uname -r)/extra/roce_adp.ko
emu_ko=/lib/modules/$(uname -r)/extra/roce_adp_emu.ko
devices=${BENCH_FOOTPRINT_DEVICES:-256}
loads=11

meminfo() { awk -v k="$1:" '$1 == k { print $2 }' /proc/meminfo; }
# Drop caches, drain the per-CPU page lists (compaction does), let RCU
# frees finish, fold the per-CPU counters.
settle() {
	sync
	echo 3 >/proc/sys/vm/drop_caches
	echo 1 >/proc/sys/vm/compact_memory
	sleep 1
	echo 1 >/proc/sys/vm/stat_refresh
}
# median_ms CMD BEFORE: median time of CMD, BEFORE run untimed ahead of each
median_ms() {
	t=$(./timecmd -n "$loads" -w 1 -b "$2" "$1") || exit 1
	awk -v v="${t%% *}" 'BEGIN { printf "%.3f", v / 1000 }'
}

# .ko sections, with binutils' size from the host's /usr.
sizes=$(size "$ko" 2>/dev/null | awk 'NR == 2 { print $1, $2, $3 }')
if [ -n "$sizes" ]; then
	# shellcheck disable=SC2086 # split into text data bss
	set -- $sizes
	echo "RESULT ko_text $1 bytes"
	echo "RESULT ko_data $2 bytes"
	echo "RESULT ko_bss $3 bytes"
	emu_text=$(size "$emu_ko" 2>/dev/null | awk 'NR == 2 { print $1 }')
	echo "RESULT emu_ko_text ${emu_text:--} bytes"
else
	echo "NOTE no 'size' in the guest (host /usr not mounted?): no .ko sections"
fi
echo "RESULT module_coresize $(cat /sys/module/roce_adp/coresize) bytes"
echo "RESULT emu_module_coresize $(cat /sys/module/roce_adp_emu/coresize) bytes"

# modprobe (and modprobe -r) of the emulator, which loads (and unloads)
# roce_adp, with its one default device.
load=$(median_ms 'modprobe roce_adp_emu' 'modprobe -r roce_adp_emu') || exit 1
unload=$(median_ms 'modprobe -r roce_adp_emu' 'modprobe roce_adp_emu') || exit 1
echo "RESULT modprobe_ms $load ms"
echo "RESULT modprobe_r_ms $unload ms"
modprobe roce_adp_emu || exit 1

# Memory per emulated device: MemAvailable, MemFree and Slab before and
# after creating $devices of them (all of it: device, sysfs, debugfs,
# registry), once: freed slab objects would be reused by a second pass.
# MemAvailable counts reclaimable slab (sysfs and debugfs dentries and
# inodes) as available; Slab is the steadiest of the three.
# each_device FILE: the ids of the $devices devices, one by one, to $BUS/FILE
each_device()
{
	i=0
	while [ $i -lt "$devices" ]; do
		echo $((1000 + i)) >$BUS/$1 || exit 1
		i=$((i + 1))
	done
}

settle
avail0=$(meminfo MemAvailable) free0=$(meminfo MemFree) slab0=$(meminfo Slab)
each_device new_device
settle
avail1=$(meminfo MemAvailable) free1=$(meminfo MemFree) slab1=$(meminfo Slab)
each_device del_device
echo "RESULT devices $devices count"
echo "RESULT mem_per_device $(((avail0 - avail1) * 1024 / devices)) bytes"
echo "RESULT memfree_per_device $(((free0 - free1) * 1024 / devices)) bytes"
echo "RESULT slab_per_device $(((slab1 - slab0) * 1024 / devices)) bytes"

# Memory of the emulated MPT table: MemAvailable and MemFree with emu0's
# table at 1 entry and at 1M entries (kvcalloc'd, so not slab), then back.
dbg=/sys/kernel/debug/roce_adp/emu0
if [ -w $dbg/mpt_size ]; then
	size0=$(cat $dbg/mpt_size)
	echo 1 >$dbg/mpt_size || exit 1
	settle
	avail0=$(meminfo MemAvailable) free0=$(meminfo MemFree)
	echo 1048576 >$dbg/mpt_size || exit 1
	settle
	avail1=$(meminfo MemAvailable) free1=$(meminfo MemFree)
	echo "$size0" >$dbg/mpt_size || exit 1
	echo "RESULT mpt_mem_per_1m_entries $((avail0 - avail1)) KiB"
	echo "RESULT mpt_memfree_per_1m_entries $((free0 - free1)) KiB"
else
	echo "RESULT mpt_mem_per_1m_entries - KiB"
	echo "NOTE mpt_mem_per_1m_entries: emu0 has no mpt_size knob (no emulated MPT table)"
fi
