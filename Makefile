# SPDX-License-Identifier: GPL-2.0
#
# roce_adp: kernel module, adpctl and tests.
#
#   make setup            install the Debian packages everything needs (root)
#   make                  build the module (for KDIR) and adpctl
#   make KVER=6.12        the same against Debian's 6.12 headers
#   make KDIR=/path       against any configured kernel tree
#   make W=1 C=1          with extra warnings and sparse
#   make check            unit tests and the selftests in QEMU, 6.1 and 6.12
#   make check-debug      the same on a debug kernel (KASAN, lockdep, kmemleak,
#                         failslab) built once from Debian's 6.12 source
#   make bench            benchmarks in QEMU, 6.1 and 6.12 (build/bench/)
#   make demo             boot a VM with an emulated device and run adpctl
#   make vm               an interactive shell in that VM

KVER ?= 6.1
KDIR ?= $(lastword $(sort $(wildcard /usr/src/linux-headers-$(KVER).*-amd64)))
KREL = $(shell sed -n 's/.*UTS_RELEASE "\(.*\)"/\1/p' $(KDIR)/include/generated/utsrelease.h 2>/dev/null)
OBJ = build/$(KREL)
KVERS ?= 6.1 6.12

all: module adpctl selftests

setup:
	tools/setup-host

module:
	@if [ -z "$(KREL)" ]; then \
		echo "No kernel headers for KVER=$(KVER) (KDIR=$(KDIR)): run 'make setup'" >&2; \
		exit 1; \
	fi
	@mkdir -p $(OBJ)
	@# Build out of place, one tree per kernel, from links to the sources.
	@cp -rsn $(CURDIR)/Kbuild $(CURDIR)/drivers $(CURDIR)/include $(OBJ)/
	@find $(OBJ) -xtype l -delete
	$(MAKE) -C $(KDIR) M=$(CURDIR)/$(OBJ) modules

adpctl:
	$(MAKE) -C tools/adpctl

selftests:
	$(MAKE) -C selftests/roce_adp
	$(MAKE) -C selftests/roce_adp/bench

check:
	tools/check $(KVERS)

check-debug:
	tools/check-debug

bench:
	tools/bench/run $(KVERS)

demo: all
	tools/vm/run -k $(KVER) -- sh /selftests/demo.sh

vm: all
	tools/vm/run -k $(KVER) --shell

clean:
	rm -rf build
	$(MAKE) -C tools/adpctl clean
	$(MAKE) -C selftests/roce_adp clean
	$(MAKE) -C selftests/roce_adp/bench clean

.PHONY: all setup module adpctl selftests check check-debug bench demo vm clean
