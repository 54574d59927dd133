#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The bash completion against a built adpctl, as TAP: every object and
# every command of adpctl's command table ("adpctl help --commands") is
# offered, abbreviated objects, keywords and fields of a command, the
# values after a field (enumeration names, off/on), and the
# device names of "adpctl -j dev show" (from a stand-in adpctl that
# answers that one request as the kernel would).
#
# usage: completion.sh ADPCTL COMPLETION_SCRIPT

ADPCTL=$(readlink -f "${1:-./adpctl}")
COMPLETION=${2:-bash-completion/adpctl}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

. "$(dirname "$0")/../../../selftests/lib/tap.sh"

# A failed case: its diagnostics; the next starts without them.
case_done() {
	[ "$1" -ne 0 ] && [ -s "$work/diag" ] && sed 's/^/# /' "$work/diag"
	: >"$work/diag"
}

# complete PROG WORD...: what the completion offers for the last word, one
# a line, in a bash of its own that sourced nothing but the script.
complete_words() {
	bash --norc --noprofile -c '
		. "$1" || exit 1
		shift
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		_adpctl
		[ ${#COMPREPLY[@]} = 0 ] || printf "%s\n" "${COMPREPLY[@]}"
	' complete "$COMPLETION" "$@" 2>"$work/err"
}

# complete_want WANTED... -- PROG WORD...: WANT=(WANTED...), WORDS="WORD...",
# and what the completion offers for them in $work/got
complete_want() {
	WANT=()
	while [ "$1" != -- ]; do
		WANT+=("$1")
		shift
	done
	shift
	WORDS=${*:2}
	complete_words "$@" >"$work/got"
}

# offers WANTED... -- PROG WORD...: every WANTED word is offered
offers() {
	local w bad=0

	complete_want "$@"
	for w in "${WANT[@]}"; do
		grep -qxF -- "$w" "$work/got" ||
			{ echo "\"$w\" not offered for: $WORDS" >>"$work/diag"; bad=1; }
	done
	[ -s "$work/err" ] && { cat "$work/err" >>"$work/diag"; bad=1; }
	return $bad
}


"$ADPCTL" help --commands >"$work/table"
[ -s "$work/table" ] && ! grep -qv '^[a-z]\+ [a-z]\+$' "$work/table"
ok $? "adpctl help --commands lists OBJECT COMMAND pairs"

objs=$(cut -d' ' -f1 "$work/table" | uniq)
# shellcheck disable=SC2086
offers $objs help -- "$ADPCTL" ""
ok $? "offers every object: $(echo "$objs" | tr '\n' ' ')"

bad=0
for o in $(awk '$1 != $2 { print $1 }' "$work/table" | uniq); do
	# shellcheck disable=SC2046
	offers $(awk -v o="$o" '$1 == o { print $2 }' "$work/table") help \
		-- "$ADPCTL" "$o" "" || bad=1
done
ok $bad "offers every command of every object ($(awk '$1 != $2' "$work/table" | wc -l) commands)"

# Objects that are commands take their arguments at once.
complete_words "$ADPCTL" metrics "" >"$work/got"
grep -qx -- --textfile "$work/got" && grep -qx -- --config "$work/got" &&
	! grep -qx metrics "$work/got"
ok $? "metrics: its options, not its own name again"
offers --check -- "$ADPCTL" apply -
ok $? "apply: --check"
mkdir "$work/textdir"
offers "$work/textdir" -- "$ADPCTL" metrics --textfile "$work/text"
ok $? "metrics --textfile: directories"
offers export help -- "$ADPCTL" config ""
ok $? "config: export"
offers dev -- "$ADPCTL" config export ""
ok $? "config export: dev"

complete_words "$ADPCTL" pro "" >"$work/got"
awk '$1 == "profile" { print $2 }' "$work/table" | sort >"$work/want"
sort "$work/got" | grep -vx help | diff "$work/want" - >"$work/diag"
ok $? "an abbreviated object gets its own commands, no others"

complete_words "$ADPCTL" profile s >"$work/got"
[ "$(sort "$work/got" | tr '\n' ' ')" = "set show simulate " ]
ok $? "a prefix narrows the commands"

offers --json --pretty --version -- "$ADPCTL" --
ok $? "offers the global options"

offers dev id time_base dec_mode range_low_bound range -- \
	"$ADPCTL" profile set dev emu0 ""
ok $? "profile set: keywords, profile and range fields"

offers roce_adp_retrans_en on off -- "$ADPCTL" accl set dev emu0 ""
ok $? "accl set: enables and their values"

# only_offers WANTED... -- PROG WORD...: exactly the WANTED words, in order
only_offers() {
	complete_want "$@"
	printf '%s\n' "${WANT[@]}" | grep -v '^$' | diff - "$work/got" >"$work/diag"
}

# After a field, its values: the names of the spec's enums as adpctl
# takes them, off/on for a boolean, nothing for a number.
only_offers 4KB 8KB 16KB 1.5KB -- "$ADPCTL" accl set dev emu0 cc_burst_size ""
ok $? "accl set cc_burst_size: its four sizes"
only_offers 16KB 1.5KB -- "$ADPCTL" accl set dev emu0 cc_burst_size 1
ok $? "accl set cc_burst_size 1: narrowed to 16KB and 1.5KB"
only_offers accept discard -- "$ADPCTL" accl set dev emu0 cc_probe_mp_mode ""
ok $? "accl set cc_probe_mp_mode: accept, discard"
bad=0
for f in roce_adp_retrans_en roce_tx_window_en roce_slow_restart_en \
	 roce_slow_restart_idle_en min_ack_timeout_limit_disabled \
	 adaptive_routing_forced_en selective_repeat_forced_en \
	 dc_half_handshake_en cc_per_plane_en ack_dscp_force \
	 ifa2_turn_around_en; do
	only_offers off on -- "$ADPCTL" accl set dev emu0 "$f" "" || bad=1
done
ok $bad "accl set: off and on after each of the eleven boolean features"
only_offers "" -- "$ADPCTL" accl set dev emu0 ack_dscp ""
ok $? "accl set ack_dscp: a number, no words"
offers roce_tx_window_en cc_burst_size -- "$ADPCTL" accl set dev emu0 \
	cc_burst_size 16KB ""
ok $? "accl set: the fields again after a value"
only_offers div4 div2 low_bound -- "$ADPCTL" profile set dev emu0 id 1 \
	range 0 dec_mode ""
ok $? "profile set dec_mode: div4, div2, low_bound"
only_offers usec -- "$ADPCTL" profile set dev emu0 id 1 time_unit ""
ok $? "profile set time_unit: usec"
only_offers off on -- "$ADPCTL" profile sim qp_total_timeout ""
ok $? "profile simulate qp_total_timeout (a field of profile set): off, on"

offers outage drop loss ack_timeout retry_count --svg time_base -- \
	"$ADPCTL" profile sim ""
ok $? "profile simulate (abbreviated): scenarios, QP, options, fields"

offers model runs seed -- "$ADPCTL" profile simulate ""
ok $? "profile simulate: the model option"

offers rtt loss outage spurious survive retransmissions seed model dev -- \
	"$ADPCTL" profile tune ""
ok $? "profile tune: path, constraints, options"

offers index key pd qpn --raw -- "$ADPCTL" mpt show emu0 ""
ok $? "mpt show: selectors and filters"

offers bins width0 width1 mode count clear_on_read vhca -- \
	"$ADPCTL" histogram config dev emu0 ""
ok $? "histogram config: its keywords"

offers fixed double -- "$ADPCTL" histogram config dev emu0 mode ""
ok $? "histogram config mode: fixed, double"

offers on off -- "$ADPCTL" histogram config dev emu0 clear_on_read ""
ok $? "histogram config clear_on_read: on, off"

offers --svg --prometheus -- "$ADPCTL" histogram show ""
ok $? "histogram show: its options"

offers --histogram --bins --events -- "$ADPCTL" profile simulate ""
ok $? "profile simulate: the histogram options"

offers --set bin_num bin_width_mode count_enable vhca_id_valid vhca_id \
	time_unit bin0_width bin1_width -- "$ADPCTL" histogram config dev emu0 ""
ok $? "histogram config: the register's names and --set"
only_offers ns us 100us ms -- "$ADPCTL" histogram config dev emu0 time_unit ""
ok $? "histogram config time_unit: the four units"
only_offers fixed double -- "$ADPCTL" histogram config dev emu0 bin_width_mode ""
ok $? "histogram config bin_width_mode: fixed, double"
only_offers on off -- "$ADPCTL" histogram config dev emu0 count_enable ""
ok $? "histogram config count_enable: on, off"
only_offers usec -- "$ADPCTL" profile set dev emu0 time_unit ""
ok $? "profile set time_unit: its unit"
offers --set --indexes --reg_name --reg_id --reg_len --device -- \
	"$ADPCTL" accl set dev emu0 ""
ok $? "accl set: mlxreg's options"
only_offers ROCE_ACCL -- "$ADPCTL" accl set dev emu0 --reg_name ""
ok $? "accl set --reg_name: ROCE_ACCL"

# Device names: from a stand-in for the kernel's answer.
cat >"$work/adpctl" <<EOS
#!/bin/sh
if [ "\$*" = "-j dev show" ]; then
	echo '[{"name":"emu0","backend":"emu"},{"name":"mlx5_1","backend":"mlx5"}]'
	exit 0
fi
exec "$ADPCTL" "\$@"
EOS
chmod +x "$work/adpctl"
offers emu0 mlx5_1 -- "$work/adpctl" profile show dev ""
ok $? "dev: offers the device names of adpctl -j dev show"
offers emu0 mlx5_1 -- "$work/adpctl" dev show ""
ok $? "dev show: the device is positional too"
offers emu0 mlx5_1 -- "$work/adpctl" accl set -d ""
ok $? "accl set -d: mlxreg's device option takes the device names"
offers dev emu0 -- "$work/adpctl" -j dev show ""
ok $? "options before the object are skipped"
complete_words "$work/adpctl" profile show dev m >"$work/got"
[ "$(cat "$work/got")" = mlx5_1 ]
ok $? "a prefix narrows the devices"
complete_words "$ADPCTL" profile show dev "" >"$work/got"
[ ! -s "$work/got" ] && [ ! -s "$work/err" ]
ok $? "no devices without the module, and no error"

tap_end
