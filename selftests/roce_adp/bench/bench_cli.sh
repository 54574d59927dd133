#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CLI: 'adpctl profile show' as a whole process (exec, libraries, family
# resolution, request, parsing, printing) against iproute2's 'ip link show
# lo' in the same guest. Both live in /bin with their libraries in /lib
# (tools/bench/run installs ip with tools/vm/run --bin). They take turns,
# so that a busy host slows both alike; figures are medians.
cd "$(dirname "$0")" || exit 1

runs=$(awk -v s="${BENCH_SCALE:-1}" 'BEGIN { n = int(200 * s); print n < 5 ? 5 : n }')

# Full paths: busybox's shell would run its own applet for a bare 'ip'.
if ! /bin/ip -V 2>/dev/null | grep -q iproute2; then
	echo "NOTE no iproute2 /bin/ip in the guest (busybox's is not the baseline): run through tools/bench/run"
	exit 1
fi
# What a host's ip reads for 'link show' (group names); /etc is not the host's.
if [ ! -e /etc/iproute2/group ]; then
	mkdir -p /etc/iproute2
	printf '0\tdefault\n' >/etc/iproute2/group
fi

# ms US: microseconds as milliseconds
ms() { awk -v v="$1" 'BEGIN { printf "%.3f", v / 1000 }'; }

# timecmd prints "MEDIAN MEAN MIN MAX" (us) per command.
t=$(./timecmd -n "$runs" -w 5 '/bin/adpctl profile show' '/bin/ip link show lo') ||
	exit 1
# shellcheck disable=SC2086 # split into the figures
set -- $t
echo "RESULT runs $runs per_command"
echo "RESULT adpctl_profile_show_ms $(ms "$1") ms"
echo "RESULT ip_link_show_ms $(ms "$5") ms"
echo "RESULT ratio $(awk -v a="$1" -v b="$5" 'BEGIN { printf "%.3f", a / b }') x <=1.0"

# Where the time goes: starting each program alone (exec and dynamic
# linking, no netlink), and adpctl's JSON output.
t=$(./timecmd -n $(((runs + 3) / 4)) -w 2 '/bin/adpctl -V' '/bin/ip -V' \
	'/bin/adpctl -j profile show') || exit 1
# shellcheck disable=SC2086 # split into the figures
set -- $t
echo "RESULT adpctl_version_ms $(ms "$1") ms"
echo "RESULT ip_version_ms $(ms "$5") ms"
echo "RESULT adpctl_json_profile_show_ms $(ms "$9") ms"
