#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run the benchmark plug-ins in the guest (tools/bench/run boots it): every
# executable bench_* here, in name order, or the sections named. Each starts
# from a freshly loaded module (emu0 only, firmware defaults). The output is
# framed for the host:
#   INFO KEY VALUE            about the guest
#   ### begin SECTION
#   RESULT ... / NOTE ...     the plug-in's lines (benchmarks.rst)
#   ### end SECTION STATUS SECONDS
cd "$(dirname "$0")" || exit 1

echo "INFO kernel $(uname -r)"
echo "INFO cpus $(grep -c ^processor /proc/cpuinfo)"
echo "INFO mem_kb $(awk '/^MemTotal:/ { print $2 }' /proc/meminfo)"

for prog in bench_*; do
	case $prog in
	*.c|*.h|*.o|*.d) continue ;;
	esac
	if [ ! -f "$prog" ] || [ ! -x "$prog" ]; then
		continue
	fi
	section=${prog#bench_}
	section=${section%.sh}
	if [ $# -gt 0 ]; then
		case " $* " in
		*" $section "*) ;;
		*) continue ;;
		esac
	fi
	echo "### begin $section"
	t0=$(cut -d' ' -f1 /proc/uptime)
	if modprobe -r roce_adp_emu && modprobe roce_adp_emu; then
		timeout "${BENCH_TIMEOUT:-900}" ./"$prog" 2>&1
		rc=$?
	else
		echo "NOTE could not reload roce_adp_emu"
		rc=125
	fi
	echo "### end $section $rc $(awk -v t0="$t0" '{ printf "%.0f", $1 - t0 }' /proc/uptime)"
done
