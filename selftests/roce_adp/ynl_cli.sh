#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Interop with upstream's YNL CLI (tools/net/ynl/cli.py of Linux 6.12): the
# module answers requests that cli.py builds from our spec
# (Documentation/netlink/specs/roce_adp.yaml), and its replies decode with
# that spec, unknown attributes being an error. 'make -C selftests/roce_adp'
# puts cli.py, its lib/, the specs and their schema in ynl/.
#
# Every request operation of the spec must be one the family, as the kernel
# registered it, has: one missing is a failure (spec_ops_in_kernel), never
# a skip.
. ./lib.sh

# One python3 answers all the requests below (ynl_serve.py, lib.sh): under
# TCG a python3 of its own costs 1-2 s a call.
ynl_serve_start

# ynl SPEC ARGS...: cli.py with spec ynl/SPEC.yaml, JSON output; sets OUT,
# ERR and RC (as run_cmd). The spec's schema validation is left to the host
# (tools/ynl-check): under TCG it would cost seconds per call.
ynl()
{
	spec=$1
	shift
	serve cli --spec "./ynl/$spec.yaml" --no-schema --output-json "$@"
	OUT=$SOUT ERR=$SERR RC=$SRC
}

# py JSON SCRIPT: run the python SCRIPT with the document JSON as "j", our
# spec as "spec" and entries(); its stdout is the result, non-zero exit a
# failure.
py()
{
	serve py "$1" "$2"
	[ -z "$SOUT" ] || printf '%s\n' "$SOUT"
	[ -z "$SERR" ] || printf '%s\n' "$SERR" >&2
	return "$SRC"
}

# expect_ok WHAT: the last ynl call succeeded and printed JSON.
expect_ok()
{
	[ "$RC" = 0 ] && [ -n "$OUT" ] && return 0
	printf '%s: cli.py exited with %s\n%s\n%s\n' "$1" "$RC" "$OUT" "$ERR"
	return 1
}

EMU0="{'dev-name': 'emu0', 'dev-backend': 'emulated', 'dev-fw-version': '22.41.1000', 'dev-roce-accl': 1, \
'restore': {'enabled': 1, 'profile-id': 0, 'enables-mask': 0, 'enables': 0, 'resets': 0, \
'time': 0, 'outcome': 'none', 'errno': 0, 'msg': '', 'duration-us': 0, 'accl': {}}}"

# ---- the family as the kernel registered it (nlctrl) -----------------------

# Compare the family the kernel registered with the spec: name, version,
# multicast groups, and for each kernel operation its spec entry (by value)
# with the same do / dump / admin-perm.
FAMILY_PY='
err = []
def want(what, got, exp):
    if got != exp:
        err.append(f"{what}: kernel has {got!r}, spec {exp!r}")
want("family name", j.get("family-name"), spec["name"])
want("version", j.get("version"), spec.get("version", 1))
want("multicast groups", sorted(g["name"] for g in entries(j.get("mcast-groups", []))),
     sorted(g["name"] for g in spec["mcast-groups"]["list"]))
ops, val = {}, 0
for op in spec["operations"]["list"]:
    val = op.get("value", val)
    ops[val] = op
    val += 1
for kop in entries(j.get("ops", [])):
    oid, flags = kop["id"], set(kop.get("flags", []))
    op = ops.get(oid)
    if op is None or "do" not in op and "dump" not in op:
        err.append(f"kernel op {oid} is no request op of the spec")
        continue
    want(op["name"] + " do", "cmd-cap-do" in flags, "do" in op)
    want(op["name"] + " dump", "cmd-cap-dump" in flags, "dump" in op)
    want(op["name"] + " admin-perm", "admin-perm" in flags,
         "admin-perm" in op.get("flags", []))
print("\n".join(err))
sys.exit(1 if err else 0)
'

ynl nlctrl --do getfamily --json '{"family-name": "roce_adp"}'
FAMILY_RC=$RC FAMILY=$OUT FAMILY_ERR=$ERR

# The spec's request operations (do or dump) the kernel lacks, one a line.
MISSING_OPS_PY='
kops = {k["id"] for k in entries(j.get("ops", []))}
val = 0
for op in spec["operations"]["list"]:
    val = op.get("value", val)
    if ("do" in op or "dump" in op) and val not in kops:
        print(op["name"])
    val += 1
'

# Every request operation of the spec is the kernel's (kernel ops that the
# spec lacks: test_family).
test_spec_ops_in_kernel()
{
	RC=$FAMILY_RC OUT=$FAMILY ERR=$FAMILY_ERR
	expect_ok "nlctrl getfamily roce_adp" || return 1
	missing=$(py "$FAMILY" "$MISSING_OPS_PY") || return 1
	[ -z "$missing" ] && return 0
	echo "operations of the spec the kernel does not register:"
	echo "$missing"
	return 1
}

test_family()
{
	RC=$FAMILY_RC OUT=$FAMILY ERR=$FAMILY_ERR
	expect_ok "nlctrl getfamily roce_adp" || return 1
	py "$FAMILY" "$FAMILY_PY"
}

# ---- dev-get -----------------------------------------------------------------

test_dev_get_do()
{
	ynl roce_adp --do dev-get --json '{"dev-name": "emu0"}'
	expect_ok "dev-get emu0" || return 1
	expect_eq "$(py "$OUT" 'print(j)')" "$EMU0" "dev-get reply"
}

test_dev_get_dump()
{
	echo 2 >$BUS/new_device
	ynl roce_adp --dump dev-get
	echo 2 >$BUS/del_device
	expect_ok "dev-get dump" || return 1
	expect_eq "$(py "$OUT" 'print(len(j))')" 2 "number of devices" ||
		return 1
	expect_eq "$(py "$OUT" 'print(j[0])')" "$EMU0" "first device" ||
		return 1
	expect_eq "$(py "$OUT" 'print(j[1]["dev-name"], j[1]["dev-backend"])')" \
		"emu2 emulated" "second device"
}

test_dev_get_unknown()
{
	ynl roce_adp --do dev-get --json '{"dev-name": "nosuch"}'
	expect_eq "$RC" 1 "exit status" || return 1
	expect_match "$OUT" "Netlink error: No such device" "error" || return 1
	# the extack message and the attribute it points at, decoded by YNL
	expect_match "$OUT" "'msg': 'no such device'" "extack message" ||
		return 1
	expect_match "$OUT" "'bad-attr': '.dev-name'" "extack attribute"
}

# dev-name max-len in the spec (31) is the kernel's: 31 bytes get through
# the policy (to the lookup), 32 do not.
test_dev_name_len()
{
	n31=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
	ynl roce_adp --do dev-get --json "{\"dev-name\": \"$n31\"}"
	expect_eq "$RC" 1 "exit status, 31 bytes" || return 1
	expect_match "$OUT" "No such device" "error, 31 bytes" || return 1
	ynl roce_adp --do dev-get --json "{\"dev-name\": \"${n31}a\"}"
	expect_eq "$RC" 1 "exit status, 32 bytes" || return 1
	expect_match "$OUT" "Invalid argument" "error, 32 bytes" || return 1
	expect_match "$OUT" "'bad-attr': '.dev-name'" "extack attribute"
}

# ---- ACCL and PROFILE ----------------------------------------------------------
# These only check that a reply of OP ($1: accl-get, profile-get) decodes
# with the spec and carries the device handle and the active profile.

test_get_do()
{
	ynl roce_adp --do "$1" --json '{"dev-name": "emu0"}'
	expect_ok "$1 emu0" || return 1
	expect_eq "$(py "$OUT" 'print(j["dev-name"])')" emu0 "dev-name" ||
		return 1
	expect_match "$(py "$OUT" 'print(j["active-profile-id"])')" '^[0-9]+$' \
		"active-profile-id"
}

test_get_dump()
{
	ynl roce_adp --dump "$1"
	expect_ok "$1 dump" || return 1
	expect_eq "$(py "$OUT" 'print(" ".join(d["dev-name"] for d in j))')" \
		emu0 "devices"
}

# The features of current firmware through cli.py: set, read back, the
# raw register (accl-raw), and the policy's and the rule's refusals.
test_accl_new_features()
{
	ynl roce_adp --do accl-set --json '{"dev-name": "emu0", "accl": {"ack-dscp-force": 1, "ack-dscp": 46, "cc-burst-size": 2, "cc-probe-mp-mode": 1, "dc-half-handshake-en": 1, "cc-per-plane-en": 0, "ifa2-turn-around-en": 1}}'
	expect_ok "accl-set" || return 1
	ynl roce_adp --do accl-get --json '{"dev-name": "emu0", "accl-raw": true}'
	expect_ok "accl-get accl-raw" || return 1
	expect_eq "$(py "$OUT" 'a = j["accl"]
print(a["ack-dscp"], a["cc-burst-size"], a["cc-probe-mp-mode"], a["ifa2-turn-around-en"], len(j["accl-reg"]) // 2, j["accl-reg"][8:24])')" \
		"46 2 1 1 128 0a00ba8141100fa0" "values and raw bytes" || return 1
	# dev-get: what a firmware reset would restore, by attribute
	ynl roce_adp --do dev-get --json '{"dev-name": "emu0"}'
	expect_ok "dev-get" || return 1
	expect_eq "$(py "$OUT" 'print(sorted(j["restore"]["accl"].items()))')" \
		"[('ack-dscp', 46), ('ack-dscp-force', 1), ('cc-burst-size', 2), ('cc-per-plane-en', 0), ('cc-probe-mp-mode', 1), ('dc-half-handshake-en', 1), ('ifa2-turn-around-en', 1)]" \
		"restore accl" || return 1
	ynl roce_adp --do accl-set --json '{"dev-name": "emu0", "accl": {"cc-burst-size": 4}}'
	expect_eq "$RC" 1 "reserved cc-burst-size" || return 1
	expect_match "$OUT" "'msg': 'cc_burst_size 4 is reserved'" "extack" ||
		return 1
	expect_match "$OUT" "'bad-attr': '.accl.cc-burst-size'" \
		"extack attribute" || return 1
	ynl roce_adp --do accl-set --json '{"dev-name": "emu0", "accl": {"ack-dscp": 64}}'
	expect_eq "$RC" 1 "ack-dscp 64" || return 1
	expect_match "$OUT" "'bad-attr': '.accl.ack-dscp'" "policy extack"
}

# ---- MPT -----------------------------------------------------------------------

# The access rights decode as named flags, the 64-bit fields as numbers,
# and a dump with a filter goes through the spec's request attributes.
test_mpt_get()
{
	dbg=/sys/kernel/debug/roce_adp/emu0
	echo 'index=7 mem_key=0x7ab r_w=1 lw=1 rr=1 pd=3 start_addr=0x7f0000001000 len=0x200000' \
		>$dbg/mpt_entry || return 1
	echo 'index=8 pd=4' >$dbg/mpt_entry || return 1
	ynl roce_adp --do mpt-get --json '{"dev-name": "emu0", "mpt-key": 1963}'
	expect_ok "mpt-get by key" || return 1
	expect_eq "$(py "$OUT" 'e = j["mpt-entry"]
print(e["index"], e["r-w"], sorted(e["access"]), e["pd"], hex(e["start-addr"]), e["len"])')" \
		"7 1 ['lr', 'lw', 'rr'] 3 0x7f0000001000 2097152" "entry" ||
		return 1
	ynl roce_adp --dump mpt-get --json '{"dev-name": "emu0", "mpt-pd": 4}'
	expect_ok "mpt-get dump, pd 4" || return 1
	# messages without an entry are the dump's progress (mpt-scanned)
	expect_eq "$(py "$OUT" 'print([d["mpt-entry"]["index"] for d in j if "mpt-entry" in d])')" \
		"[8]" "filtered dump"
}

# run_op_test NAME OP FUNC: run_test of FUNC OP (an OP the kernel lacks
# fails it, as it fails spec_ops_in_kernel)
run_op_test()
{
	run_test "$1" "$3" "$2"
}

run_test family_matches_spec test_family
run_test spec_ops_in_kernel test_spec_ops_in_kernel
run_test dev_get_do test_dev_get_do
run_test dev_get_dump test_dev_get_dump
run_test dev_get_unknown_device test_dev_get_unknown
run_test dev_name_max_len test_dev_name_len
run_op_test accl_get_do accl-get test_get_do
run_op_test accl_get_dump accl-get test_get_dump
run_op_test accl_new_features accl-set test_accl_new_features
run_op_test profile_get_do profile-get test_get_do
run_op_test profile_get_dump profile-get test_get_dump
run_op_test mpt_get mpt-get test_mpt_get
# The tests after this one expect a fresh module (accl_new_features left
# emu0's features set and saved for a restore).
module_default
ynl_serve_stop
tap_end
