# SPDX-License-Identifier: GPL-2.0
#
# kselftest's make conventions (tools/testing/selftests/lib.mk) for the
# selftest directories of this tree, which has no upstream tree around it.
# A directory's Makefile sets
#   TEST_PROGS        scripts, run as they are
#   TEST_GEN_PROGS    programs built here, run
#   TEST_GEN_FILES    built here, not run (benchmarks)
#   TEST_FILES        what the programs need beside them
#   TEST_PROGS_LAST   run after all the others (this tree's)
#   EXTRA_CLEAN       what clean removes besides what it built
# then includes this file and adds its own rules; it gets
#   all               TEST_GEN_PROGS, TEST_GEN_FILES and tests.list
#   run_tests         the programs of tests.list in turn, as TAP, by the
#                     directory's run_tests.sh (settings' timeout=)
#   emit_tests        DIR:PROGRAM lines, as kselftest-list.txt has them
#   install           the programs and their files in INSTALL_PATH (default
#                     build/kselftest/DIR), to run elsewhere: run_tests.sh
#   clean

TEST_DIR := $(notdir $(CURDIR))
INSTALL_PATH ?= $(abspath $(dir $(lastword $(MAKEFILE_LIST)))../build/kselftest)/$(TEST_DIR)
TEST_ALL := $(TEST_PROGS) $(TEST_GEN_PROGS) $(TEST_PROGS_LAST)

all: $(TEST_GEN_PROGS) $(TEST_GEN_FILES) tests.list

# The order the programs run in.
tests.list: Makefile
	printf '%s\n' $(TEST_ALL) >$@

run_tests: all
	@./run_tests.sh

emit_tests:
	@printf '$(TEST_DIR):%s\n' $(TEST_ALL)

install: all
	mkdir -p $(INSTALL_PATH)
	cp -a $(TEST_ALL) $(TEST_GEN_FILES) $(TEST_FILES) tests.list run_tests.sh \
		$(INSTALL_PATH)/

clean:
	rm -rf $(TEST_GEN_PROGS) $(TEST_GEN_FILES) tests.list $(EXTRA_CLEAN)

.PHONY: all run_tests emit_tests install clean
