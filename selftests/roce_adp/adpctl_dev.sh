#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# adpctl dev show: text, JSON and errors.
. ./lib.sh

LINE0="emu0: backend emulated fw 22.41.1000 roce_accl supported"

test_show_all()
{
	run_cmd adpctl dev show
	expect_eq "$RC" 0 "exit status" || return 1
	expect_eq "$OUT" "$LINE0" "output"
}

test_show_one()
{
	echo 3 >$BUS/new_device
	run_cmd adpctl dev show emu3
	echo 3 >$BUS/del_device
	expect_eq "$RC" 0 "exit status" || return 1
	expect_eq "$OUT" "emu3: backend emulated fw 22.41.1000 roce_accl supported"
}

test_show_unknown()
{
	run_cmd adpctl dev show nosuch
	expect_eq "$RC" 2 "exit status" || return 1
	expect_eq "$OUT" "" "stdout" || return 1
	expect_eq "$ERR" "Error: no such device." "stderr"
}

test_unsupported()
{
	echo N >$DBG/emu0/roce_accl_cap
	run_cmd adpctl dev show emu0
	echo Y >$DBG/emu0/roce_accl_cap
	expect_eq "$OUT" "emu0: backend emulated fw 22.41.1000 roce_accl unsupported"
}

test_json()
{
	echo 2 >$BUS/new_device
	run_cmd adpctl -j dev show
	echo 2 >$BUS/del_device
	expect_eq "$RC" 0 "exit status" || return 1
	expect_eq "$(json_get "$OUT" 'len(j)')" 2 "number of devices" || return 1
	expect_eq "$(json_get "$OUT" '{k: v for k, v in j[0].items() if k != "restore"}')" \
		"{'name': 'emu0', 'backend': 'emulated', 'fw_version': '22.41.1000', 'roce_accl': True}" \
		"first device" || return 1
	expect_eq "$(json_get "$OUT" 'j[0]["restore"]')" \
		"{'enabled': True, 'profile_id': 0, 'features': {}, 'resets': 0, 'outcome': 'none'}" \
		"restore state of a fresh device" || return 1
	expect_eq "$(json_get "$OUT" 'j[1]["name"]')" emu2 "second device"
}

test_json_pretty()
{
	run_cmd adpctl -j -p dev show
	expect_eq "$RC" 0 "exit status" || return 1
	expect_eq "$(json_get "$OUT" 'j[0]["name"]')" emu0 "name" || return 1
	lines=$(printf '%s\n' "$OUT" | wc -l)
	[ "$lines" -gt 3 ] || { echo "pretty JSON on $lines lines:"; echo "$OUT"; return 1; }
}

test_json_empty()
{
	echo 0 >$BUS/del_device
	run_cmd adpctl -j dev show
	echo 0 >$BUS/new_device
	expect_eq "$RC" 0 "exit status" || return 1
	expect_eq "$(json_get "$OUT" 'j')" "[]" "empty dump"
}

test_usage_error()
{
	run_cmd adpctl frobnicate
	expect_eq "$RC" 1 "exit status" || return 1
	expect_match "$ERR" '^Error: unknown object "frobnicate"' "stderr"
}

run_test show_all test_show_all
run_test show_one test_show_one
run_test show_unknown_device test_show_unknown
run_test show_roce_accl_unsupported test_unsupported
run_test json_parses test_json
run_test json_pretty_parses test_json_pretty
run_test json_empty_dump test_json_empty
run_test usage_error test_usage_error
tap_end
