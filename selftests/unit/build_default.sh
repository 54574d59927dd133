#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Which kernel the top Makefile builds for (make print-krel): the running
# kernel's tree (RUNNING_KDIR, faked here) when neither KVER nor KDIR is
# given, else what is given; Debian's 6.1 headers without a running
# kernel's tree.
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# tree DIR RELEASE: a configured kernel tree as print-krel reads it
tree()
{
	mkdir -p "$1/include/generated"
	: >"$1/Makefile"
	printf '#define UTS_RELEASE "%s"\n' "$2" >"$1/include/generated/utsrelease.h"
}

# expect PATTERN NAME [VAR=VALUE...]: print-krel's answer matches PATTERN
expect()
{
	pattern=$1 name=$2
	shift 2
	got=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u KVER -u KDIR "$@" \
		make -s --no-print-directory -C "$top" print-krel 2>&1)
	case $got in
	$pattern) ok 0 "build default: $name" ;;
	*)
		ok 1 "build default: $name"
		tap_diag "got \"$got\", expected $pattern"
		;;
	esac
}

. "$top/selftests/lib/tap.sh"
tree "$tmp/running" 9.9.9-running
tree "$tmp/other" 8.8.8-other
mkdir -p "$tmp/no-tree"
expect "9.9.9-running" "the running kernel's tree by default" \
	RUNNING_KDIR="$tmp/running"
expect "6.12.*" "KVER=6.12 is Debian's 6.12 headers" \
	RUNNING_KDIR="$tmp/running" KVER=6.12
expect "6.1.*" "KVER=6.1 is Debian's 6.1 headers" \
	RUNNING_KDIR="$tmp/running" KVER=6.1
expect "8.8.8-other" "KDIR is that tree" \
	RUNNING_KDIR="$tmp/running" KDIR="$tmp/other"
expect "6.1.*" "no running kernel's tree: Debian's 6.1 headers" \
	RUNNING_KDIR="$tmp/no-tree"
tap_end
