#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What 'make demo' shows: the module with emulated devices, driven by adpctl.
set -x
cat /sys/module/roce_adp/parameters/emu_devices
echo 1 >/sys/bus/roce_adp/new_device
ls /sys/bus/roce_adp/devices/
adpctl dev show
adpctl dev show emu1
adpctl -j -p dev show
adpctl dev show emu9
echo "adpctl exit status: $?"
echo 1 >/sys/bus/roce_adp/del_device
adpctl dev show
