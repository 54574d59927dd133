#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The permission table of Documentation/netlink.rst and the one the
# permissions selftest checks the kernel against say the same (TAP).
top=$(cd "$(dirname "$0")/../.." && pwd)
doc=$top/Documentation/netlink.rst
test=$top/selftests/roce_adp/permissions.c

# "DEV_GET open", one operation a line, from each.
from_doc=$(sed -n '/^Permissions$/,/^Errors$/p' "$doc" |
	sed -nE 's/^([A-Z_]+) +(do|dump|do\/dump) +(.*)$/\1 \3/p' |
	sed -E 's/ anyone.*/ open/; s/ ``CAP_NET_ADMIN``.*/ admin/' | sort)
from_test=$(sed -nE 's/^\s*\{ ROCE_ADP_CMD_([A-Z_]+), "[a-z-]+", (true|false) \},$/\1 \2/p' \
	"$test" | sed 's/ true$/ admin/; s/ false$/ open/' | sort)

. "$top/selftests/lib/tap.sh"

# A failed case: both tables.
case_done()
{
	[ "$1" -eq 0 ] ||
		printf 'doc:\n%s\ntest:\n%s\n' "$from_doc" "$from_test" | sed 's/^/# /'
}

[ -n "$from_doc" ] && [ "$(echo "$from_test" | wc -l)" -ge 5 ]
ok $? "both tables found"
[ "$from_doc" = "$from_test" ]
ok $? "netlink.rst and permissions.c give each operation the same rule"
tap_end
