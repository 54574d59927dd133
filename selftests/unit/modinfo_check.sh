#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tools/modinfo-check against a fake modinfo: a parameter that
# module_param_cb() declares (a description, no parmtype) is checked like a
# module_param() one, and a missing description or admin-guide entry fails.
top=$(cd "$(dirname "$0")/../.." && pwd)
check=$top/tools/modinfo-check
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# fake PARMTYPES PARMS: a modinfo answering -F parmtype and -F parm
fake()
{
	printf '%b' "$1" >"$tmp/parmtype"
	printf '%b' "$2" >"$tmp/parm"
	cat >"$tmp/modinfo" <<'EOS'
#!/bin/sh
cat "$(dirname "$0")/$2"
EOS
	chmod +x "$tmp/modinfo"
}

# expect STATUS "ok"|"not ok" CASE NAME: modinfo-check's exit status, and
# how it reports its case CASE
expect()
{
	out=$(MODINFO=$tmp/modinfo "$check" "$tmp/roce_adp.ko" 2>&1)
	status=$?
	[ "$status" = "$1" ] &&
		printf '%s\n' "$out" | grep -qx "$2 [0-9]* - roce_adp: $3"
	ok $? "$4" ||
		printf 'status %s\n%s\n' "$status" "$out" | sed 's/^/# /'
}

. "$top/selftests/lib/tap.sh"
fake 'restore_config:bool\n' \
     'restore_config:Re-apply it (bool)\ncmd_timeout_ms:How long a command may take\n'
expect 0 ok "parameter cmd_timeout_ms has a description" \
	"a module_param_cb() parameter with a description is checked"
expect 0 ok "parameter cmd_timeout_ms is in Documentation/admin-guide.rst" \
	"a module_param_cb() parameter is looked up in the admin guide"

fake 'restore_config:bool\nno_such_param:uint\n' 'restore_config:Re-apply it (bool)\n'
expect 1 "not ok" "parameter no_such_param has a description" \
	"a parameter without MODULE_PARM_DESC fails"
expect 1 "not ok" "parameter no_such_param is in Documentation/admin-guide.rst" \
	"a parameter missing from the admin guide fails"

fake '' 'undocumented_cb:Some knob\n'
expect 1 "not ok" "parameter undocumented_cb is in Documentation/admin-guide.rst" \
	"a module_param_cb() parameter missing from the admin guide fails"

tap_end
