#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Hostile and boundary inputs to adpctl's parsers, through the binary, as
# TAP: JSON profiles, profile word files, apply files, values and times on
# the command line. Each case checks the exit status and, for a refusal,
# one "Error: ..." line that names the file and line or the field, in
# valid UTF-8; the parser's own wording is not checked. No module is
# needed: lint and simulate read files, apply parses every file before it
# asks the kernel anything.
#
# usage: hostile.sh ADPCTL

ADPCTL=$(readlink -f "${1:-./adpctl}")
. "$(dirname "$0")/../../../selftests/lib/tap.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

# invoke RC ARGS...: run adpctl; bad says what was wrong so far
invoke() {
	local want_rc=$1

	shift
	bad=
	"$ADPCTL" "$@" >out 2>err
	rc=$?
	[ "$rc" -eq "$want_rc" ] || bad="exit status $rc, want $want_rc"
}

# refused NAME RC ERE ARGS...: exit status RC, nothing on standard output,
# one line on standard error: "Error: ", matching ERE, ending in ".", UTF-8
refused() {
	local name=$1 ere=$3

	invoke "$2" "${@:4}"
	[ -s out ] && bad="$bad; output on stdout"
	[ "$(wc -l <err)" -eq 1 ] || bad="$bad; not one line on stderr"
	grep -Eq "^Error: .*($ere).*\.$" err || bad="$bad; stderr does not match /$ere/"
	iconv -f UTF-8 -t UTF-8 err >/dev/null 2>&1 || bad="$bad; stderr is not UTF-8"
	result "$name" "$bad"
}

# accepted NAME RC ERE ARGS...: exit status RC, stdout matching ERE (a
# lint verdict or a simulation), nothing on standard error
accepted() {
	local name=$1 ere=$3

	invoke "$2" "${@:4}"
	grep -Eq -- "$ere" out || bad="$bad; stdout does not match /$ere/"
	[ -s err ] && bad="$bad; stderr not empty"
	result "$name" "$bad"
}

# result NAME BAD: one case, passed if BAD, what was wrong, is empty
result() {
	[ -z "$2" ]
	ok $? "$1"
}

# A failed case: what was wrong ($bad), the start of what adpctl printed.
case_done() {
	[ "$1" -eq 0 ] && return
	echo "# ${bad#; }"
	sed 's/^/# stdout: /' out | head -n 5
	sed 's/^/# stderr: /' err | head -c 600
}

# JSON profiles (the form "adpctl -j profile show" prints).
RANGE='{"range_low_bound":3,"range_size":3,"timeout_retry_num":3,"dec_mode":1,"prev_range_index":0}'
PROF='"adp_retx_profile_id":1,"time_base":8,"time_unit":1,"range_num":1,"start_range_index":0,"qp_total_timeout":0,"retx_total_timeout":18,"timeout_init_low_bound":3,"timeout_init_range_size":3'

json() {	# json FILE TEXT (printf format)
	printf "$2" >"$1"
}

json ok.json "{$PROF,\"timeout_range\":[$RANGE]}"
accepted "json: a valid profile" 0 "profile 1: 0 errors" profile lint file ok.json

json five.json "{$PROF,\"timeout_range\":[$RANGE,$RANGE,$RANGE,$RANGE,$RANGE]}"
refused "json: five timeout_range entries" 1 "five\.json:1:.*timeout_range" \
	profile lint file five.json

json four.json "{$PROF,\"range_num\":4,\"timeout_range\":[$RANGE,$RANGE,$RANGE,$RANGE]}"
accepted "json: four timeout_range entries parse (the rules then speak)" 1 \
	"error: timeout_range\[1\]" profile lint file four.json

printf '%0.s[' {1..40} >deep.json
printf '%0.s]' {1..40} >>deep.json
refused "json: nesting 40 deep" 1 "deep\.json:1:" profile lint file deep.json

printf '{"profiles":' >deep1k.json
printf '%0.s[' {1..100000} >>deep1k.json
refused "json: nesting 100000 deep, unterminated" 1 "deep1k\.json" \
	profile lint file deep1k.json

json max.json "{$PROF,\"timeout_range\":[{\"timeout_retry_num\":4294967295}]}"
refused "json: UINT32_MAX parses, and is too wide for its field" 1 \
	"max\.json:1:.*timeout_retry_num.*0\.\.1023" profile lint file max.json

json over.json "{$PROF,\"timeout_range\":[{\"timeout_retry_num\":4294967296}]}"
refused "json: UINT32_MAX + 1" 1 "over\.json:1:.*timeout_retry_num" \
	profile lint file over.json

json huge.json "{$PROF,\"time_base\":18446744073709551616123}"
refused "json: a number of 23 digits" 1 "huge\.json:1:.*time_base" \
	profile lint file huge.json

for v in 08 00 -8 -0 8.0 8e0 1e400 0x8 '"0x8x"' null '[8]' '{}'; do
	json num.json "{\"adp_retx_profile_id\":1,\"time_base\":$v}"
	refused "json: time_base $v" 1 "num\.json" profile lint file num.json
done

# Invalid UTF-8 (RFC 3629): overlong "/", a surrogate, above U+10FFFF, a
# lone continuation byte, a truncated sequence; and NUL through \u0000.
for bytes in '\xc0\xaf' '\xe0\x80\xaf' '\xed\xa0\x80' '\xf4\x90\x80\x80' \
	     '\x80' '\xc3' '\xff' '\\u0000'; do
	json utf.json "{\"adp_retx_profile_id\":1,\"time_b${bytes}ase\":8}"
	refused "json: invalid UTF-8 or NUL ($bytes) in a name" 1 "utf\.json" \
		profile lint file utf.json
done
json utf.json '{"adp_retx_profile_id":1,"time_base":8,"x":"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"}'
refused "json: valid UTF-8 parses (the field is then unknown)" 1 \
	"utf\.json:1:.*\"x\"" profile lint file utf.json

json trunc.json "{\"adp_retx_profile_id\":1,\"time_base\":8"
refused "json: truncated" 1 "trunc\.json:1:" profile lint file trunc.json

# Profile words in a file (the form "profile set" takes).
printf 'time_base 4294967296\n' >w.txt
refused "words: UINT32_MAX + 1" 1 "w\.txt:1:.*time_base" profile lint file w.txt
printf '# comment\ntime_base 65536\n' >w.txt
refused "words: time_base one above its 16 bits" 1 "w\.txt:2:.*time_base" \
	profile lint file w.txt
printf 'range 4 range_size 1\n' >w.txt
refused "words: range 4" 1 "w\.txt:1:.*range" profile lint file w.txt
printf 'range 0 timeout_retry_num 1024\n' >w.txt
refused "words: timeout_retry_num one above its 10 bits" 1 \
	"w\.txt:1:.*timeout_retry_num" profile lint file w.txt
# A '#' ends a word: the value read is 65536, not "65536#x".
printf 'time_base 65536#x\n' >w.txt
refused "words: a comment right after a value" 1 'w\.txt:1:.*"65536" for "time_base"' \
	profile lint file w.txt
printf 'time_base 8 time_base 16\n' >w.txt
refused "words: a field given twice" 1 "w\.txt:1:.*time_base" profile lint file w.txt
refused "words: range 0 given twice" 1 '"range 0" is given twice' \
	profile lint range 0 range_size 1 range 0 range_size 2

# Values on the command line: usage errors (1) that name the field.
P="id 1 time_base 8 range_num 2 start_range_index 0 retx_total_timeout 18
   timeout_init_low_bound 3 timeout_init_range_size 3
   range 0 range_low_bound 3 range_size 3 timeout_retry_num 3 dec_mode div2
   prev_range_index 0
   range 1 range_low_bound 6 range_size 4 timeout_retry_num 2 dec_mode div4
   prev_range_index 0"
# shellcheck disable=SC2086
{
accepted "ack_timeout 31 (the largest) is valid" 0 "profile 1: 0 errors" \
	profile lint $P ack_timeout 31 retry_count 7
refused "ack_timeout 32" 1 "ack_timeout" profile lint $P ack_timeout 32 retry_count 7
# As the verbs, a retry_count out of 0..7 is 7 (a note, not an error).
accepted "retry_count 8 is taken as 7" 0 "retry_count 8 is out of 0\.\.7" \
	profile lint $P ack_timeout 14 retry_count 8
accepted "simulate with ack_timeout 31" 0 "^result: recovered" \
	profile simulate $P ack_timeout 31 retry_count 7 outage 10ms
# 4.096 us << 31 = 8796.093022208 s: the largest is finite, 0 alone infinite
accepted "simulate: ack_timeout 31 is 8796.093s, not infinite" 0 \
	"^QP: ack_timeout 31 \(8796\.093s\), " \
	profile simulate $P ack_timeout 31 retry_count 7 outage 10ms
# Times round to the nearest nanosecond: 1.0000006 ms is 1000000.6 ns.
accepted "simulate: outage 1.0000006ms is 1000001 ns, rounded" 0 \
	'"down_ns":1000001,' \
	-j profile simulate $P ack_timeout 14 retry_count 7 outage 1.0000006ms
# The link is down for [0, TIME): the retransmission at TIME (the initial
# timeout, 8us << 3 = 64us, the only value drawn) gets through.
accepted "simulate: a transmission at the instant the link returns gets through" 0 \
	"^result: recovered at 64us, 0 after the link came back, after 1 retransmissions" \
	profile simulate id 1 time_base 8 range_num 1 start_range_index 0 \
	retx_total_timeout 18 timeout_init_low_bound 3 timeout_init_range_size 1 \
	range 0 range_low_bound 3 range_size 3 timeout_retry_num 3 dec_mode div2 \
	prev_range_index 0 ack_timeout 14 retry_count 7 outage 64us
for v in 4294967296 -1 +8 ' 8' '8 ' 0x 0x100000000 8us; do
	refused "range_low_bound '$v'" 1 "range_low_bound" \
		profile lint id 1 time_base 8 range 0 range_low_bound "$v"
done

# Time values of simulate.
for v in 18446744073709551615s 99999999999h -1ms -0ms +1ms 0x10ms 1..5ms ms 1.5.ms \
	 10mss nan inf; do
	refused "outage '$v'" 1 "outage" \
		profile simulate $P ack_timeout 14 retry_count 7 outage "$v"
done
accepted "outage 1.5ms" 0 "link down for 1\.5ms" \
	profile simulate $P ack_timeout 14 retry_count 7 outage 1.5ms
accepted "outage 10: a bare number is microseconds" 0 "link down for 10us" \
	profile simulate $P ack_timeout 14 retry_count 7 outage 10
}

# A total timeout exactly one pass through the ranges (2 x 32us in range
# 0, then 64us in range 1: 128us = 8us << 4) is enough; 8us << 3 is short.
PASS="id 1 time_base 8 range_num 2 start_range_index 0
      timeout_init_low_bound 2 timeout_init_range_size 1
      range 0 range_low_bound 2 range_size 0 timeout_retry_num 2 dec_mode div2
      prev_range_index 0
      range 1 range_low_bound 3 range_size 0 timeout_retry_num 1 dec_mode div2
      prev_range_index 0"
# shellcheck disable=SC2086
{
"$ADPCTL" profile lint $PASS retx_total_timeout 4 >out 2>err
rc=$?
bad=
[ "$rc" -eq 0 ] || bad="exit status $rc"
grep -q "0 errors, 0 warnings" out || bad="$bad; a warning at exactly one pass"
result "a total timeout of exactly one pass through the ranges: no warning" "$bad"
"$ADPCTL" profile lint $PASS retx_total_timeout 3 >out 2>err
bad=
grep -Eq "warning: retx_total_timeout \(total_short\): .*64us.*128us" out ||
	bad="no warning naming retx_total_timeout, 64us and 128us"
result "a total timeout of half a pass: the warning, with both times" "$bad"
}

# One reader of a JSON profile (tools/lib/radp/radp_json.c): profile
# lint, profile simulate and apply (a profile of its "all" section) accept
# and refuse the same members, and refuse with the same message naming the
# file and the member's line.  The profile is written one member a line,
# at the same lines in both files; apply goes on to ask the kernel after a
# file it accepts.
NOT_LOADED='Error: roce_adp module is not loaded (generic netlink family "roce_adp" not found).'
same_verdict() {	# WANT(accept|refuse) RANGE_OR_PROFILE MEMBER JSON_VALUE
	local want=$1 p=$PROF r=$RANGE lint sim app line msg

	if [ "$2" = range ]; then
		case $r in
		*"\"$3\":"*) r=$(printf '%s' "$r" | sed "s/\"$3\":[^,}]*/\"$3\":$4/") ;;
		*) r="${r%\}},\"$3\":$4}" ;;
		esac
	else
		case $p in
		*"\"$3\":"*) p=$(printf '%s' "$p" | sed "s/\"$3\":[^,}]*/\"$3\":$4/") ;;
		*) p="$p,\"$3\":$4" ;;
		esac
	fi
	p=$(printf '%s' "$p" | sed 's/,"/,\n"/g')
	printf '{%s,\n"timeout_range":[%s]}\n' "$p" "$r" >v.json
	printf '{"all":{"profiles":[{%s,\n"timeout_range":[%s]}]}}\n' "$p" "$r" >a.json
	"$ADPCTL" profile lint file v.json >/dev/null 2>lint.err
	lint=$?
	"$ADPCTL" profile simulate file v.json ack_timeout 14 retry_count 7 \
		drop 1 >/dev/null 2>sim.err
	sim=$?
	app=$("$ADPCTL" apply a.json 2>&1 >/dev/null)
	bad=
	if [ "$want" = accept ]; then
		[ "$lint:$sim" = 0:0 ] || bad="lint $lint, simulate $sim"
		[ "$app" = "$NOT_LOADED" ] || bad="$bad; apply: $app"
	else
		line=$(grep -n "\"$3\":" v.json | head -n 1 | cut -d: -f1)
		msg=$(sed 's/^Error: v\.json:/Error: FILE:/' lint.err)
		[ "$lint:$sim" = 1:1 ] || bad="lint $lint, simulate $sim"
		case $msg in
		"Error: FILE:$line: "*) ;;
		*) bad="$bad; lint does not name line $line: $msg" ;;
		esac
		[ "$(sed 's/^Error: v\.json:/Error: FILE:/' sim.err)" = "$msg" ] ||
			bad="$bad; simulate says otherwise: $(cat sim.err)"
		[ "${app/#Error: a.json:/Error: FILE:}" = "$msg" ] ||
			bad="$bad; apply says otherwise: $app"
	fi
	result "json profile reader: $3 $4 $want (lint, simulate and apply alike)" "$bad"
}
while read -r want where member value; do
	case $want in '' | '#'*) continue ;; esac
	same_verdict "$want" "$where" "$member" "$value"
done <<'CASES'
# verdict where   member                 JSON value
accept   range   dec_mode               1
accept   range   dec_mode               "div2"
accept   range   dec_mode               "low_bound"
refuse   range   dec_mode               "div9"
refuse   range   dec_mode               4
refuse   range   dec_mode               -1
refuse   range   dec_mode               1.5
refuse   range   dec_mode               null
refuse   range   dec_mode               [1]
refuse   range   range_size             256
refuse   range   timeout_retry_num      4294967296
refuse   range   low                    1
accept   profile time_unit              "usec"
refuse   profile time_unit              "msec"
accept   profile qp_total_timeout       "off"
accept   profile qp_total_timeout       false
refuse   profile qp_total_timeout       2
refuse   profile qp_total_timeout       "maybe"
accept   profile time_base              "8"
accept   profile time_base              "0x8"
refuse   profile time_base              "eight"
refuse   profile time_base              "8us"
refuse   profile time_base              65536
refuse   profile time_base              08
refuse   profile time_base              8.0
refuse   profile time_base              {}
refuse   profile adp_retx_profile_id    8
refuse   profile bogus                  1
refuse   profile range_low_bound        3
CASES

# apply files: every file is parsed before the kernel is asked anything,
# so each error names the file and line even without the module.
apply_refused() {	# NAME ERE TEXT (printf format)
	printf "$3" >a.conf
	refused "apply: $1" 1 "a\.conf:$2" apply a.conf
}
apply_refused "profile 99999999999" "1:.*99999999999" '[all profile 99999999999]\ntime_base 8\n'
apply_refused "UINT32_MAX + 1" "2:.*time_base" '[all profile 1]\ntime_base 4294967296\n'
apply_refused "time_base 65536" "2:.*time_base" '[all profile 1]\ntime_base 65536\n'
apply_refused "timeout_retry_num 1024" "2:.*timeout_retry_num" \
	'[all profile 1]\nrange 0 timeout_retry_num 1024\n'
apply_refused "a missing value" "2:.*range_size" '[all profile 1]\nrange 0 range_size\n'
apply_refused "a value cut by a NUL byte" "2:" \
	'[all]\nroce_adp_retrans_en o\0n\n'
apply_refused "an unclosed section" "1:" '[all profile 1\ntime_base 8\n'
apply_refused "text after a section" "1:" '[all] roce_adp_retrans_en on\n'
apply_refused "a ] inside a section header" "1:" '[dev emu0] profile 1]\ntime_base 8\n'
# 32 valid pairs, then one that is not: the words past 64 are not dropped.
apply_refused "66 words on a line" "2:" \
	"[all]\n$(printf '%0.s roce_adp_retrans_en on' {1..32}) roce_x on\n"
# Exactly one word too many: refused for its count, not for what it says.
apply_refused "65 words on a line" "2:.*more than 64 words" \
	"[all]\n$(printf '%0.s roce_adp_retrans_en on' {1..32}) roce_x\n"
# A long line is one line: its end is not read as a line of its own.
printf '[all]\n#%01100d roce_adp_retrans_en on\nroce_x on\n' 0 >a.conf
refused "apply: a 1100-byte comment, then an error on line 3" 1 \
	"a\.conf:3:.*roce_x" apply a.conf
printf '[all]\nroce_adp_retrans_en on\0 off\n' >a.conf
refused "apply: a NUL byte after a valid value" 1 "a\.conf:2" apply a.conf

# Documented limits, at the limit (taken) and one past it (refused, naming
# the value): simulate's bins and widths (histogram.rst), tune's margins
# and loss (profile-simulator.rst), a profile's range index (4 ranges), a
# device name (ROCE_ADP_DEV_NAME_LEN, 31 characters and its NUL).
SIM="$P ack_timeout 14 retry_count 7 drop 1"
# shellcheck disable=SC2086
{
accepted "simulate --bins 255 (bin_num's 8 bits): its last bin" 0 "^ +254us \.\. \+Inf " \
	profile simulate $SIM --bins 255 width0 1us width1 1us mode fixed
refused "simulate --bins 256" 1 '"256" for "bins": expected 1\.\.255' \
	profile simulate $SIM --bins 256 width0 1us width1 1us mode fixed
accepted "simulate width0 65.535s (65535 ms, 16 bits)" 0 "65\.535s" \
	profile simulate $SIM --bins 2 width0 65.535s width1 1ms mode fixed
refused "simulate width0 65.536s" 1 "width0 65\.536s is too large: at most 65\.535s" \
	profile simulate $SIM --bins 2 width0 65.536s width1 1ms mode fixed
}
# tune checks its words in order: a later word's error shows the earlier
# one at its limit was taken, without a search.
refused "tune rtt_margin 1000 taken (survive_margin 1001 refused)" 1 \
	'"survive_margin": expected a factor' \
	profile tune rtt 10us rtt_margin 1000 survive_margin 1001
refused "tune rtt_margin 1001" 1 '"1001" for "rtt_margin"' \
	profile tune rtt 10us rtt_margin 1001
refused "tune survive_margin 1000 taken (with survive: not both)" 1 \
	'give "survive" or "survive_margin", not both' \
	profile tune rtt 10us survive_margin 1000 survive 1ms
refused "tune loss 0.4999 taken (spurious x refused)" 1 '"x" for "loss"' \
	profile tune rtt 10us loss 0.4999 spurious x
refused "tune loss 0.5" 1 'tune takes less than 50%' \
	profile tune rtt 10us loss 0.5
refused "words: range 3 taken (its field's value refused)" 1 \
	'"range_size"' profile lint id 1 time_base 8 range 3 range_size x
refused "words: range 4" 1 '"4" for "range"' \
	profile lint id 1 time_base 8 range 4 range_size 1
# A saved histogram's configuration values are 32-bit: 2^32 + 1 is not 1.
hist_file() {
	printf '[{"dev":"emu0","time_unit":1,"bin_width_mode":0,"bin_num":2,"bin0_width":%s,"bin1_width":4,"bins":[{"count":1},{"count":2}]}]\n' "$1" >hist.json
}
hist_file 1
accepted "histogram file: bin0_width 1" 0 "bin0_width 1 bin1_width 4" \
	histogram compare measured hist.json $P ack_timeout 14 retry_count 7 loss 1%
hist_file 4294967297
refused "histogram file: bin0_width 2^32 + 1" 1 "not a histogram" \
	histogram compare measured hist.json $P ack_timeout 14 retry_count 7 loss 1%
# 31 characters pass the word check (the kernel is asked, or the family
# is missing: another error), 32 do not.
name31=$(printf 'd%.0s' {1..31})
"$ADPCTL" accl show dev "$name31" >out 2>err
bad=
grep -q 'longer than' err && bad="a 31-character name refused for its length: $(cat err)"
result "dev: a 31-character name passes the length check" "$bad"
refused "dev: a 32-character name" 1 '"dev" is longer than 31 characters' \
	accl show dev "${name31}d"

tap_end
