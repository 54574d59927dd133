#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The documented limits the kernel side enforces, each at the limit (taken)
# and one past it (refused, nothing changed): module parameters
# (admin-guide.rst), the emulator's knobs (emulated-device.rst,
# histogram.rst), the profile ids of a device and the commands one call of
# an MPT dump sends (concurrency.rst). Limits tested elsewhere at both
# ends are not repeated: cmd_timeout_ms 60000 (fault_injection), cmd_raw's
# 0x200 bytes (cmd_raw.sh), eight outages (lint_cmd).
. ./lib.sh

PARAM=/sys/module/roce_adp/parameters
EMU=$DBG/emu0

# limit FILE GOOD BAD: GOOD is taken and reads back, BAD is refused and
# leaves GOOD; the value FILE had is put back
limit()
{
	was=$(cat "$1")
	sysfs_write "$1" "$2"
	expect_eq "$RC:$(cat "$1")" "0:$2" "$1 at the limit ($2)" || return 1
	sysfs_write "$1" "$3"
	expect_eq "$RC:$(cat "$1")" "1:$2" "$1 one past the limit ($3)" ||
		return 1
	expect_match "$ERR" "Invalid argument" "$1 $3: errno" || return 1
	sysfs_write "$1" "$was"
	expect_eq "$RC" 0 "$1 put back to $was"
}

test_snapshot_interval_low() { limit $PARAM/snapshot_interval_ms 10 9; }
test_snapshot_interval_high() { limit $PARAM/snapshot_interval_ms 600000 600001; }
test_cmd_timeout_low() { limit $PARAM/cmd_timeout_ms 1 0; }
test_cmd_delay_high() { limit $EMU/cmd_delay_us 1000000 1000001; }

test_mpt_size_high()
{
	limit $EMU/mpt_size 4194304 4194305 || return 1
	expect_eq "$(cat $EMU/mpt_size)" 1024 "mpt_size after"
}

# fw_reset: 10000 ms takes the firmware down (reads 1), 10001 is refused
# and leaves it up; a write of 1 restarts the window short.
test_fw_reset_high()
{
	sysfs_write $EMU/fw_reset 10001
	expect_eq "$RC:$(cat $EMU/fw_reset)" "1:0" "fw_reset 10001 refused, firmware up" ||
		return 1
	sysfs_write $EMU/fw_reset 10000
	expect_eq "$RC:$(cat $EMU/fw_reset)" "0:1" "fw_reset 10000 taken, firmware down" ||
		return 1
	run_cmd adpctl accl show dev emu0
	expect_kernel_error "Error: device is resetting." || return 1
	sysfs_write $EMU/fw_reset 1
	i=0
	while [ "$(cat $EMU/fw_reset)" != 0 ] && [ $i -lt 200 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	expect_eq "$(cat $EMU/fw_reset)" 0 "firmware back after the short window"
}

# hist_event takes 64 KiB of lines in one write, not a byte more. count
# N: a write of N bytes of "TIMEOUT COUNT" lines (one single write()).
hist_write()
{
	python3 -S -c '
import os, sys
n = int(sys.argv[2])
line = b"1000 1\n"
body = line * (n // len(line))
rest = n - len(body)
if rest:
    body = body[:-len(line)] + b"1000 " + b"0" * (rest + len(line) - 7) + b"1\n"
assert len(body) == n
fd = os.open(sys.argv[1], os.O_WRONLY)
try:
    os.write(fd, body)
except OSError as e:
    print(e.strerror)
    sys.exit(1)
' "$EMU/hist_event" "$1"
}

test_hist_event_bytes()
{
	before=$(cat $EMU/hist_counts)
	run_cmd hist_write 65537
	expect_eq "$RC:$OUT" "1:Argument list too long" "a write of 65537 bytes" || return 1
	expect_eq "$(cat $EMU/hist_counts)" "$before" "counters after the refused write" ||
		return 1
	run_cmd hist_write 65536
	expect_eq "$RC:$OUT" "0:" "a write of 65536 bytes"
}

# The device's profile ids: adp_retx_profile_max_id 7 (the register's
# last) makes profile 7 readable; 8 is past the netlink policy.
test_profile_id_high()
{
	was=$(cat $EMU/adp_retx_profile_max_id)
	sysfs_write $EMU/adp_retx_profile_max_id 7
	run_cmd adpctl -j profile show dev emu0 id 7
	rc7=$RC out7=$OUT
	run_cmd adpctl profile show dev emu0 id 8
	rc8=$RC err8=$ERR
	sysfs_write $EMU/adp_retx_profile_max_id "$was"
	expect_eq "$rc7" 0 "profile show id 7" || return 1
	expect_match "$out7" '"adp_retx_profile_id":7' "profile 7" || return 1
	expect_match "$rc8" '^[12]$' "profile show id 8: exit status ($err8)" || return 1
	expect_match "$err8" "^Error: " "profile show id 8"
}

# One call of an MPT dump sends at most 256 commands: over an empty table
# of 1024 entries each read gets one progress message, at 256, 512 and
# 768, and the walk costs 1024 commands.
test_mpt_dump_cmds_per_call()
{
	echo 1024 >$EMU/mpt_size || return 1
	cmds0=$(cat $EMU/fw_cmds)
	run_cmd python3 -S -c '
import socket, struct, sys
NETLINK_GENERIC, GENL_ID_CTRL, CTRL_CMD_GETFAMILY, CTRL_ATTR_FAMILY_ID, CTRL_ATTR_FAMILY_NAME = 16, 16, 3, 1, 2
NLM_F_REQUEST, NLM_F_DUMP, NLMSG_ERROR, NLMSG_DONE = 1, 0x300, 2, 3
# the numbers from our spec (ynl/, as ynl_cli.sh has it)
cmd, a_dev, a_scanned = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
def attr(t, data):
    n = 4 + len(data)
    return struct.pack("=HH", n, t) + data + b"\0" * (-n % 4)
def attrs(b):
    out, i = {}, 0
    while i + 4 <= len(b):
        n, t = struct.unpack_from("=HH", b, i)
        out[t & 0x3fff] = b[i + 4:i + n]
        i += (n + 3) & ~3
    return out
s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_GENERIC)
def send(family, c, flags, payload, seq):
    body = struct.pack("=BBH", c, 1, 0) + payload
    s.send(struct.pack("=IHHII", 16 + len(body), family, flags, seq, 0) + body)
send(GENL_ID_CTRL, CTRL_CMD_GETFAMILY, NLM_F_REQUEST, attr(CTRL_ATTR_FAMILY_NAME, b"roce_adp\0"), 1)
fam = struct.unpack("=H", attrs(s.recv(65536)[20:])[CTRL_ATTR_FAMILY_ID][:2])[0]
send(fam, cmd, NLM_F_REQUEST | NLM_F_DUMP, attr(a_dev, b"emu0\0"), 2)
reads = []
while True:
    d, i, seen, done = s.recv(1 << 20), 0, [], False
    while i < len(d):
        n, t = struct.unpack_from("=IH", d, i)
        if t == NLMSG_DONE:
            done = True
        elif t == NLMSG_ERROR:
            sys.exit("error %d" % struct.unpack_from("=i", d, i + 16)[0])
        else:
            a = attrs(d[i + 20:i + n])
            seen.append(struct.unpack("=I", a[a_scanned])[0] if a_scanned in a else "entry")
        i += (n + 3) & ~3
    if seen:
        reads.append(seen)
    if done:
        break
print(" ".join(",".join(map(str, r)) for r in reads))
' $(python3 -c '
import sys
sys.path.insert(0, "ynl")
from lib import SpecFamily
f = SpecFamily("ynl/roce_adp.yaml", "")
a = f.attr_sets["roce_adp"].attrs
print(f.msgs["mpt-get"].req_value, a["dev-name"].value, a["mpt-scanned"].value)
')
	expect_eq "$RC:$OUT" "0:256 512 768" "progress of each read" || return 1
	expect_eq "$(($(cat $EMU/fw_cmds) - cmds0))" 1024 "commands of the walk"
}

run_test snapshot_interval_ms_10_taken_9_refused test_snapshot_interval_low
run_test snapshot_interval_ms_600000_taken_600001_refused test_snapshot_interval_high
run_test cmd_timeout_ms_1_taken_0_refused test_cmd_timeout_low
run_test cmd_delay_us_1000000_taken_1000001_refused test_cmd_delay_high
run_test mpt_size_4194304_taken_4194305_refused test_mpt_size_high
run_test fw_reset_10000_taken_10001_refused test_fw_reset_high
run_test hist_event_65536_bytes_taken_65537_refused test_hist_event_bytes
run_test profile_id_7_read_8_refused test_profile_id_high
run_test mpt_dump_256_commands_per_call test_mpt_dump_cmds_per_call
tap_end
