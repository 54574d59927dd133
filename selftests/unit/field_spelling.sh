#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tools/field-spelling on a scratch tree with the real radp_fields.h: a
# field spelled in three hand-written files fails, in two passes; a
# generated file, a test and an attribute named in a third file are
# counted as they should be; a profile's id (the nest's key) is not.
top=$(cd "$(dirname "$0")/../.." && pwd)
check=$top/tools/field-spelling
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/drivers/roce_adp" "$tmp/tools/adpctl/tests" "$tmp/tools/lib/radp"
cp "$top/drivers/roce_adp/radp_fields.h" "$tmp/drivers/roce_adp/"

# expect STATUS PATTERN NAME: the tool's exit status, and a line of its
# output matching PATTERN
expect()
{
	out=$("$check" "$tmp" 2>&1)
	status=$?
	[ "$status" = "$1" ] && printf '%s\n' "$out" | grep -q "$2"
	ok $? "field-spelling: $3" ||
		printf '%s\n' "exit status $status, expected $1; output:" "$out" |
			sed 's/^/# /'
}

. "$top/selftests/lib/tap.sh"
echo 'const char *a = "time_base";' >"$tmp/drivers/roce_adp/a.c"
echo 'int b = ROCE_ADP_A_PROFILE_TIME_BASE;' >"$tmp/tools/adpctl/b.c"
expect 0 "^ok .* profile time_base in 2 hand-written files" \
	"a name and an attribute in two files pass"
printf '// SPDX-License-Identifier: GPL-2.0\n/* generated */\n"time_base"\n' \
	>"$tmp/tools/lib/radp/gen.c"
echo '"time_base"' >"$tmp/tools/adpctl/tests/t.c"
expect 0 "time_base in 2 hand-written files: drivers/roce_adp/a.c, tools/adpctl/b.c$" \
	"a generated file and a test are not counted"
echo 'int c = ROCE_ADP_A_PROFILE_TIME_BASE;' >"$tmp/tools/lib/radp/c.c"
expect 1 "^not ok .* profile time_base in 3 hand-written files" \
	"an attribute named in a third file fails"
rm "$tmp/tools/lib/radp/c.c"
echo 'const char *d = "roce_tx_window_en";' >"$tmp/tools/lib/radp/d.c"
cp "$tmp/tools/lib/radp/d.c" "$tmp/tools/adpctl/d.c"
cp "$tmp/tools/lib/radp/d.c" "$tmp/drivers/roce_adp/d.c"
expect 1 "^not ok .* accl_feature roce_tx_window_en in 3 hand-written files" \
	"a feature's name in three files fails"
rm "$tmp/tools/lib/radp/d.c" "$tmp/tools/adpctl/d.c" "$tmp/drivers/roce_adp/d.c"
for f in drivers/roce_adp/k tools/adpctl/k tools/lib/radp/k; do
	echo 'int k = ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID;' >"$tmp/$f.c"
done
expect 0 "^ok .* adp_retx_profile_id (the nest's key, not counted) in 3 hand-written files" \
	"a profile's id, the nest's key, in three files passes"
tap_end
