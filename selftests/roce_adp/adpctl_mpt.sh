#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# adpctl mpt show against the emulated device's MPT table, filled through
# its debugfs knobs: crafted entries as text and JSON, by index and by key,
# raw bytes, kernel errors, a dump of thousands of random entries against
# a second dump and single reads, the pd and qpn filters, every device,
# the admin check, and a dump the table changes under.
. ./lib.sh

INTR_ERR="Error: the table changed during the dump; the output may be inconsistent, run the command again."

# mpt_knob DEV KNOB VALUE
mpt_knob()
{
	echo "$3" >"$DBG/$1/$2"
}

REGION="index=5 r_w=1 lw=1 rr=1 pd=7 start_addr=0x7f0000001000 len=8192 mtt_adr=0x12340 mtt_size=2 entity_size=12 ei=1 mem_key=0x507"
REGION_TEXT="emu0 index 5 region access lr,lw,rr key 0x00000507 pd 7 ei start 0x7f0000001000 len 8192 win_cnt 0 mtt_adr 0x12340 mtt_size 2 page_size 4096"
# A window bound to QP 291, 2^64 + 4096 bytes long, in block mode.
WINDOW="index=9 r_w=0 lr=0 rw=1 atomic=1 bqp=1 qpn=291 pd=3 start_addr=0x2000 len=4096 len64=1 lkey=0x507 mem_key=0x9a1 block_mode=1 entity_size=1000 fbo_en=1 mtt_fbo=64 mtt_rep=2 pa=1 nce=1 m_dif=1"
WINDOW_TEXT="emu0 index 9 window pa access rw,atomic qpn 291 key 0x000009a1 pd 3 nce m_dif start 0x2000 len 18446744073709555712 lkey 0x00000507 mtt_rep 2 mtt_adr 0x0 mtt_size 0 block_size 1000 mtt_fbo 64"
WINDOW_PY="{'dev': 'emu0', 'index': 9, 'status': 0, 'r_w': 0, 'pa': 1,
 'lr': 0, 'lw': 0, 'rr': 0, 'rw': 1, 'atomic': 1, 'eb': 0, 'atc_req': 0,
 'atc_xlated': 0, 'no_snoop': 0, 'bqp': 1, 'qpn': 291, 'mem_key': 0x9a1,
 'pd': 3, 'en_rinv': 0, 'ei': 0, 'nce': 1, 'fre': 0, 'rae': 0, 'w_dif': 0,
 'm_dif': 1, 'start_addr': 0x2000, 'len': 4096, 'lkey': 0x507, 'win_cnt': 0,
 'mtt_rep': 2, 'block_mode': 1, 'len64': 1, 'fbo_en': 1, 'mtt_adr': 0,
 'mtt_size': 0, 'entity_size': 1000, 'mtt_fbo': 64}"

crafted()
{
	module_default
	mpt_knob emu0 mpt_entry "$REGION" &&
	mpt_knob emu0 mpt_entry "$WINDOW" &&
	mpt_knob emu0 mpt_entry "index=6 status=3"
}

# py_check SCRIPT FILE...: the JSON documents in the files as docs[];
# SCRIPT prints what is wrong, so anything printed is a failure.
py_check()
{
	script=$1
	shift
	msg=$(python3 -S -c "import json, sys
docs = [json.load(open(f)) for f in sys.argv[1:]]
$script" "$@" 2>&1)
	[ -z "$msg" ] && return 0
	echo "$msg"
	return 1
}

# keep NAME: the stdout of the last run_cmd as /tmp/NAME.json
keep()
{
	cp /tmp/.out "/tmp/$1.json"
}

# dump FILE ARGS...: adpctl ARGS with its stdout in FILE (large outputs
# stay out of shell variables, which are slow in the guest); sets RC, ERR
dump()
{
	file=$1
	shift
	adpctl "$@" >"$file" 2>/tmp/.err
	RC=$?
	ERR=$(cat /tmp/.err)
}

# expect_ok WHAT: the last run_cmd exited 0 and said nothing on stderr
expect_ok()
{
	expect_eq "$RC" 0 "exit status of $1 ($ERR)" && expect_eq "$ERR" "" "stderr"
}

# expect_fail MESSAGE: the last run_cmd failed with the kernel's MESSAGE
# (exit status 2), no stdout
expect_fail()
{
	expect_eq "$RC" 2 "exit status" && expect_eq "$OUT" "" "stdout" &&
		expect_eq "$ERR" "$1" "stderr"
}

test_crafted_text()
{
	crafted || return 1
	run_cmd adpctl mpt show dev emu0 index 5
	expect_ok "index 5" && expect_eq "$OUT" "$REGION_TEXT" "region" || return 1
	run_cmd adpctl mpt show emu0 index 9
	expect_ok "index 9" && expect_eq "$OUT" "$WINDOW_TEXT" "window" || return 1
	run_cmd adpctl mpt show emu0 index 6
	expect_eq "$OUT" "emu0 index 6 status free" "free entry" || return 1
	run_cmd adpctl mpt show emu0 index 1023
	expect_eq "$OUT" "emu0 index 1023 status invalid" "invalid entry"
}

test_crafted_json()
{
	crafted || return 1
	run_cmd adpctl -j mpt show dev emu0 index 9
	expect_ok "index 9" && keep window || return 1
	run_cmd adpctl -j mpt show dev emu0 index 6
	expect_ok "index 6" && keep free || return 1
	py_check "
if docs[0] != [$WINDOW_PY]:
    print('window:', docs[0])
if docs[1] != [{'dev': 'emu0', 'index': 6, 'status': 3}]:
    print('free entry:', docs[1])" /tmp/window.json /tmp/free.json
}

test_by_key()
{
	crafted || return 1
	run_cmd adpctl mpt show dev emu0 key 0x9a1
	expect_ok "key 0x9a1" && expect_eq "$OUT" "$WINDOW_TEXT" "window" || return 1
	run_cmd adpctl mpt show dev emu0 key 1287
	expect_ok "key 1287" && expect_eq "$OUT" "$REGION_TEXT" "region" || return 1
	# Another key of a live entry, a free and an invalid entry's key.
	for key in 0x9a2 0x600 0x700; do
		run_cmd adpctl -j mpt show dev emu0 key $key
		expect_fail "Error: no memory region or window holds this key." ||
			{ echo "key $key"; return 1; }
	done
}

test_kernel_errors()
{
	crafted || return 1
	run_cmd adpctl mpt show dev emu0 index 1024
	expect_fail "Error: MPT index beyond the table of 1024 entries." || return 1
	# A key whose index is beyond the table names no entry either.
	run_cmd adpctl mpt show dev emu0 key 0x40000
	expect_fail "Error: no memory region or window holds this key." ||
		return 1
	run_cmd adpctl mpt show dev nosuch index 1
	expect_fail "Error: no such device." || return 1
	run_cmd adpctl mpt show dev emu0 index 1 key 0x100
	expect_eq "$RC" 1 "usage error exit status"
}

test_raw()
{
	crafted || return 1
	run_cmd adpctl mpt show dev emu0 index 5 -r
	expect_ok "index 5 -r" || return 1
	expect_eq "$OUT" "$REGION_TEXT
    raw 0x00: 00001d00 00000000 07000005 02000007 00007f00 00001000 00000000 00002000
    raw 0x20: 00000000 00000000 00000000 00000000 00012340 00000002 0000000c 00000000" \
		"text" || return 1
	run_cmd adpctl -j mpt show dev emu0 key 0x507 --raw
	expect_ok "key -r" && keep one || return 1
	run_cmd adpctl -j mpt show emu0 -r
	expect_ok "dump -r" && keep all || return 1
	py_check "
raw = bytes.fromhex(docs[0][0]['raw'])
if raw[8:12] != bytes([7, 0, 0, 5]) or raw[0x14:0x18] != bytes([0, 0, 0x10, 0]):
    print('raw of index 5:', raw.hex())
if [e['index'] for e in docs[1]] != [5, 9] or any(len(e['raw']) != 128 for e in docs[1]):
    print('dump -r:', docs[1])" /tmp/one.json /tmp/all.json
}

# fill N: a table of 4096 entries, N of them random and live.
fill()
{
	module_default
	mpt_knob emu0 mpt_size 4096 && mpt_knob emu0 mpt_fill "$1 20260423"
}

test_dump_complete()
{
	fill 2000 || return 1
	dump /tmp/d1 mpt show emu0
	expect_ok "dump" || return 1
	dump /tmp/d2 mpt show dev emu0
	expect_ok "second dump" || return 1
	cmp /tmp/d1 /tmp/d2 || return 1
	expect_eq "$(wc -l </tmp/d1)" 2000 "entries" || return 1
	# Strictly in index order.
	bad=$(awk 'NR > 1 && $3 <= last { print; exit } { last = $3 }' /tmp/d1)
	expect_eq "$bad" "" "first entry out of order" || return 1
	# Single reads: live ones as the dump shows them, the others absent.
	for i in 0 1 2 3 4 5 6 7 4093 4094 4095; do
		one=$(adpctl mpt show emu0 index $i)
		line=$(grep "^emu0 index $i " /tmp/d1)
		case $one in
		*"status invalid") expect_eq "$line" "" "dump line of index $i" ;;
		*) expect_eq "$line" "$one" "dump line of index $i" ;;
		esac || return 1
	done
	dump /tmp/d.json -j mpt show emu0
	expect_ok "json dump" || return 1
	py_check "
d = docs[0]
idx = [e['index'] for e in d]
if len(d) != 2000 or idx != sorted(set(idx)):
    print('json dump:', len(d), 'entries, in order:', idx == sorted(idx))
bad = [e for e in d if e['dev'] != 'emu0' or e['status'] != 0 or
       e['mem_key'] >> 8 != e['index'] or e['mtt_size'] << e['entity_size'] != e['len']]
if bad:
    print('inconsistent entries:', bad[:3])" /tmp/d.json
}

test_filters()
{
	fill 2000 || return 1
	dump /tmp/d.json -j mpt show emu0
	expect_ok "dump" || return 1
	# The pd and qpn of the first window bound to a queue pair.
	dump /tmp/d mpt show emu0
	w=$(grep -m1 " qpn " /tmp/d)
	pd=$(echo "$w" | sed 's/.* pd \([0-9]*\) .*/\1/')
	qpn=$(echo "$w" | sed 's/.* qpn \([0-9]*\) .*/\1/')
	dump /tmp/pd.json -j mpt show emu0 pd "$pd"
	expect_ok "pd $pd" || return 1
	dump /tmp/qpn.json -j mpt show emu0 qpn "$qpn"
	expect_ok "qpn $qpn" || return 1
	run_cmd adpctl -j mpt show emu0 pd 0xffffff
	expect_ok "pd 0xffffff" && expect_eq "$OUT" "[]" "no match" || return 1
	run_cmd adpctl mpt show emu0 pd "$pd" qpn "$qpn"
	expect_ok "pd and qpn" || return 1
	n=$(printf '%s\n' "$OUT" | grep -c .)
	both=$(printf '%s\n' "$OUT" | grep -c " qpn $qpn .* pd $pd ")
	[ "$n" -gt 0 ] && expect_eq "$both" "$n" "entries of pd and qpn" ||
		{ echo "$OUT"; return 1; }
	py_check "
a, p, q = docs
wp = [e for e in a if e['pd'] == $pd]
wq = [e for e in a if e['bqp'] and e['qpn'] == $qpn]
if not wp or p != wp:
    print('pd $pd:', len(p), 'entries, want', len(wp))
if not wq or q != wq:
    print('qpn $qpn:', len(q), 'entries, want', len(wq))" /tmp/d.json /tmp/pd.json /tmp/qpn.json
}

test_all_devices()
{
	crafted || return 1
	echo 1 >$BUS/new_device
	mpt_knob emu1 mpt_entry "index=2 pd=4" &&
	mpt_knob emu1 mpt_entry "index=10 pd=4 r_w=1 mem_key=0xaf0"
	run_cmd adpctl mpt show
	all=$OUT
	rc=$RC
	run_cmd adpctl -j mpt show emu1
	one=$OUT
	echo 1 >$BUS/del_device
	expect_eq "$rc" 0 "exit status" || return 1
	expect_eq "$(printf '%s\n' "$all" | cut -d' ' -f1-3)" "emu0 index 5
emu0 index 9
emu1 index 2
emu1 index 10" "entries of every device" || return 1
	expect_match "$all" "^emu1 index 10 region access lr key 0x00000af0 pd 4 " \
		"emu1 entry" || return 1
	expect_match "$one" '^\[\{"dev":"emu1","index":2,.*\},\{"dev":"emu1","index":10,[^{]*\}\]$' \
		"JSON of emu1"
}

test_not_admin()
{
	crafted || return 1
	for args in "emu0 index 5" "emu0" ""; do
		run_cmd su -s /bin/sh -c "adpctl -j mpt show $args" nobody
		expect_fail "Error: Operation not permitted." ||
			{ echo "mpt show $args"; return 1; }
	done
}

# The table changes all along the dump: the entries still come, then the
# error. A writer that is never scheduled during the dump gets two more
# chances; it always is in practice.
test_dump_interrupted()
{
	fill 4000 || return 1
	for try in 1 2 3; do
		(while :; do echo "index=1 pd=1" >$DBG/emu0/mpt_entry; done) &
		writer=$!
		sleep 0.1
		dump /tmp/d mpt show emu0
		kill $writer
		wait $writer 2>/dev/null
		[ "$RC" = 0 ] || break
	done
	expect_error "$INTR_ERR" || return 1
	[ "$(wc -l </tmp/d)" -ge 4000 ] || { echo "$(wc -l </tmp/d) entries"; return 1; }
	# Left alone, the same dump is whole again.
	dump /tmp/d mpt show emu0
	expect_ok "quiet dump"
}

run_test "crafted entries as text: region, window, free, invalid" test_crafted_text
run_test "crafted entries as JSON: every field by its PRM name" test_crafted_json
run_test "by key: the entry holding it, else an error" test_by_key
run_test "kernel errors: index beyond the table, no device" test_kernel_errors
run_test "-r: raw bytes as text and JSON hex" test_raw
run_test "a dump of 2000 random entries: in order, complete, stable" test_dump_complete
run_test "pd and qpn filters: exactly the matching entries" test_filters
run_test "no device: the entries of every device" test_all_devices
run_test "not admin: EPERM, do and dump" test_not_admin
run_test "a dump the table changes under: entries, then the error" test_dump_interrupted
module_default
tap_end
