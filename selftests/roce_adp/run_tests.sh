#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run the selftests in the guest: all of tests.list, or the ones named.
# Each program's TAP output is framed for tools/check on the host:
#   ### begin NAME
#   ...
#   # figure: ran in N s
#   ### end NAME EXIT_STATUS
# and is followed by one case of its own for the kernel log lines written
# while it ran (checked by tools/vm/dmesg-check, which tools/vm/run puts in
# the guest), so that a warning names the program that caused it:
#   ### begin NAME/kernel-log
#   1..1
#   ok 1 - no kernel warning in the lines logged while it ran
#   ### end NAME/kernel-log 0
# No test clears the log: each reads the lines after an offset it took.
# A last line, outside the frames, counts the cases of all of them:
#   # N passed, N failed, N skipped
# (a skip is "ok ... # SKIP reason"; a program that fails without a
# failed case counts as one failure).
cd "$(dirname "$0")" || exit 1

tests=$*
[ -n "$tests" ] || tests=$(cat tests.list)

# The time a program may take: RADP_TEST_TIMEOUT, else settings' timeout=
# (kselftest's file), else 300 s.
timeout=$(sed -n 's/^timeout=//p' settings 2>/dev/null)
timeout=${RADP_TEST_TIMEOUT:-${timeout:-300}}

pass=0
fail=0
skip=0

# count FILE RC: add the cases of the TAP output FILE of a program that
# exited with RC to the totals
count()
{
	r=$2
	s=$(grep -ciE '^ok [0-9]+.*#[[:space:]]*skip' "$1")
	p=$(grep -cE '^ok [0-9]+' "$1")
	f=$(grep -cE '^not ok [0-9]+' "$1")
	# "1..0 # SKIP reason" (and kselftest's status 4): one skip
	if grep -qiE '^1\.\.0[[:space:]]*#[[:space:]]*skip' "$1"; then
		s=$((s + 1))
		p=$((p + 1))
		[ "$r" = 4 ] && r=0
	fi
	[ "$r" != 0 ] && [ "$f" = 0 ] && f=1
	pass=$((pass + p - s))
	fail=$((fail + f))
	skip=$((skip + s))
}

# The log as the run found it: its first line stays the same unless the
# buffer wrapped (then lines were lost: a failure, not a pass).
dmesg >/tmp/.dmesg
klog_first=$(head -n 1 /tmp/.dmesg)
klog_at=$(($(wc -l </tmp/.dmesg) + 1))

# klog_case NAME: the case of the kernel log lines since klog_at, which
# moves past them
klog_case()
{
	dmesg >/tmp/.dmesg
	tail -n +"$klog_at" /tmp/.dmesg >/tmp/.klog
	lines=$(wc -l </tmp/.klog)
	klog_at=$(($(wc -l </tmp/.dmesg) + 1))
	echo "### begin $1/kernel-log"
	echo "1..1"
	if [ "$(head -n 1 /tmp/.dmesg)" != "$klog_first" ]; then
		echo "not ok 1 - the kernel log wrapped: lines were lost (log_buf_len)"
	elif dmesg-check /tmp/.klog >/tmp/.klog.bad 2>&1; then
		echo "ok 1 - no kernel warning in the lines logged while it ran"
		echo "# $lines lines"
	else
		echo "not ok 1 - kernel warning in the $lines lines logged while it ran"
		sed 's/^/# /' /tmp/.klog.bad
	fi
	echo "### end $1/kernel-log 0"
}

# RADP_SPARE_CPUS=offline (make check's guests): the programs that drive
# the tools above the module (adpctl, Ansible and node_exporter, the YNL
# CLI, the linter) and the scripts that walk the kernel's paths one step
# at a time run with every CPU but the first offline; the C programs,
# whose threads and processes race each other, and the scripts about
# races and the module's lifetime get every CPU back. Under TCG, with
# two guests sharing two host cores, a second vCPU woken for every
# fork, exit and IPI made those scripts cost the guests twice the CPU,
# and none of them needs it: what they hold in flight they hold with a
# knob (hang_next, cmd_delay_ms), not by timing.
one_cpu="emu_bus.sh cmd_path.sh cmd_raw.sh mailbox_golden.sh adpctl_dev.sh
	adpctl_profile.sh adpctl_mpt.sh adpctl_restore.sh adpctl_monitor_apply.sh
	adpctl_apply.sh adpctl_accl_features.sh adpctl_fleet.sh
	adpctl_histogram.sh ynl_cli.sh mlx5_backend.sh mlx5_standin.sh
	profile_lint_prop.py limits.sh adpctl_fwctl.sh"
spare=online

# spare_cpus online|offline: the CPUs past the first, as each program wants
spare_cpus()
{
	[ "$1" = "$spare" ] && return 0
	spare=$1
	v=1
	[ "$1" = offline ] && v=0
	for c in /sys/devices/system/cpu/cpu[1-9]*/online; do
		[ -e "$c" ] || continue
		echo "$v" >"$c" 2>/tmp/.cpu && continue
		# offline: only slower; online: the races would run on one CPU
		if [ "$1" = offline ]; then
			echo "# run_tests.sh: ${c%/online} stays online: $(cat /tmp/.cpu)"
			continue
		fi
		echo "### begin spare-cpus"
		echo "1..1"
		echo "not ok 1 - ${c%/online} back online: $(cat /tmp/.cpu)"
		echo "### end spare-cpus 1"
		fail=$((fail + 1))
	done
}

for t in $tests; do
	if [ "${RADP_SPARE_CPUS:-}" = offline ]; then
		case " $(echo $one_cpu) " in
		*" $t "*) spare_cpus offline ;;
		*) spare_cpus online ;;
		esac
	fi
	echo "### begin $t"
	t0=$(date +%s)
	# Streamed as it comes (a guest that dies keeps what was printed).
	{ timeout "$timeout" ./"$t" 2>&1; echo $? >/tmp/.rc; } |
		tee /tmp/.tap
	rc=$(cat /tmp/.rc)
	# where make check's minutes go (a figure, never a limit)
	echo "# figure: ran in $(($(date +%s) - t0)) s"
	echo "### end $t $rc"
	count /tmp/.tap "$rc"
	# not in a pipe: it moves klog_at
	klog_case "$t" >/tmp/.tap
	cat /tmp/.tap
	count /tmp/.tap 0
done
spare_cpus online
echo "# $pass passed, $fail failed, $skip skipped"
