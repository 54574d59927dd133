#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# No memory leak of roce_adp after the tests before it (run last). Needs a
# kernel with kmemleak, as make check-debug boots; skipped elsewhere.
. ./lib.sh

if [ ! -w "$KMEMLEAK" ]; then
	skip_all "kernel without kmemleak (make check-debug has it)"
fi
run_test no_kmemleak_report_for_roce_adp no_module_leaks
tap_end
