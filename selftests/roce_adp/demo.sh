#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What 'make demo' shows: roce_adp with the emulator's devices, driven by
# adpctl.
set -x
cat /sys/module/roce_adp_emu/parameters/emu_devices
echo 1 >/sys/bus/roce_adp/new_device
ls /sys/bus/roce_adp/devices/
adpctl dev show
adpctl dev show emu1
adpctl -j -p dev show
adpctl dev show emu9
echo "adpctl exit status: $?"
echo 1 >/sys/bus/roce_adp/del_device
adpctl dev show
adpctl accl show dev emu0
adpctl profile show dev emu0 id 0
adpctl profile set dev emu0 id 1 time_base 8 range_num 2 start_range_index 0 \
	qp_total_timeout off retx_total_timeout 18 \
	timeout_init_low_bound 3 timeout_init_range_size 3 \
	range 0 range_low_bound 3 range_size 3 timeout_retry_num 3 dec_mode div2 \
	range 1 range_low_bound 6 range_size 4 timeout_retry_num 2 dec_mode div4
adpctl profile set dev emu0 id 1 time_base 12
echo "adpctl exit status: $?"
adpctl -j -p profile show dev emu0 id 1
adpctl accl show dev emu0
D=/sys/kernel/debug/roce_adp/emu0
echo 'index=5 mem_key=0x507 pd=7 lw=1 rr=1 start_addr=0x7f0000001000 len=8192' >$D/mpt_entry
adpctl mpt show dev emu0 index 5
adpctl -j -p mpt show dev emu0 key 0x507 -r
adpctl mpt show dev emu0 key 0x508
echo "adpctl exit status: $?"
echo '6 42' >$D/mpt_fill
adpctl mpt show dev emu0
