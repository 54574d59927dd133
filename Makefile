# SPDX-License-Identifier: GPL-2.0
#
# roce_adp: kernel module, adpctl and tests.
#
#   make setup            install the Debian packages everything needs (root)
#   make                  build the module (for the running kernel when its
#                         build tree is there, else Debian's 6.1 headers),
#                         adpctl and the selftests
#   make KVER=6.12        the same against Debian's 6.12 headers (5.10 and
#                         7, the newest 7.x: the trees tools/kernels fetch)
#   make KDIR=/path       against any configured kernel tree
#   make W=1 C=1          with extra warnings and sparse
#   make check            unit tests and the selftests in QEMU, 6.1 and 6.12
#                         (KVERS=all: 5.10 6.1 6.12 7)
#   make check-debug      the same on a debug kernel (KASAN, lockdep, kmemleak,
#                         failslab) built once from Debian's 6.12 source
#   make fuzz             run adpctl's parsers under libFuzzer (FUZZ_SECONDS=60
#                         each; make check runs them 5 s each)
#   make mutate           plant each bug of tools/mutate/mutations in a scratch
#                         copy and run the host tests: the kill rate
#   make bench            benchmarks in QEMU, 6.1 and 6.12 (build/bench/;
#                         KVERS=all as for check)
#   make demo             boot a VM with an emulated device and run adpctl
#   make vm               an interactive shell in that VM
#   make install          the module (for KVER/KDIR) under updates/, adpctl, its
#                         man page and completion, the systemd units (apply,
#                         metrics timer), udev rule, example configuration
#                         and the Ansible collection (DESTDIR, PREFIX)
#   make dkms-check       dkms builds the module against the 6.12 headers
#   make ofed-check       the build finds NVIDIA's mlx5_core (an ofa_kernel
#                         tree; a fake one here) and builds the backend
#                         against it

# An operator builds for the running kernel: its tree when it has one and
# neither KVER nor KDIR is given. KVER=6.1|6.12 picks Debian's headers
# (the test matrix, and the default without a running kernel's tree).
RUNNING_KDIR ?= /lib/modules/$(shell uname -r)/build
ifeq ($(origin KVER)$(origin KDIR),undefinedundefined)
ifneq ($(wildcard $(RUNNING_KDIR)/Makefile),)
KDIR := $(RUNNING_KDIR)
endif
endif
KVER ?= 6.1
# Debian 12's own kernels from /usr/src, the others (5.10, 7.x) from the
# trees tools/kernels fetches into the cache.
KCACHE ?= $(or $(ROCE_ADP_CACHE),$(if $(XDG_CACHE_HOME),$(XDG_CACHE_HOME)/roce_adp),$(HOME)/.cache/roce_adp)
KDIR ?= $(lastword $(sort $(wildcard /usr/src/linux-headers-$(KVER).*-amd64)) \
	$(patsubst %/.ready,%/build,$(lastword $(sort $(wildcard $(KCACHE)/kernels/$(KVER).*-amd64/.ready)))))
KREL = $(shell sed -n 's/.*UTS_RELEASE "\(.*\)"/\1/p' $(KDIR)/include/generated/utsrelease.h 2>/dev/null)
OBJ = build/$(KREL)

# NVIDIA's mlx5_core (MLNX_OFED, DOCA-OFED) in place of the kernel's: its
# ofa_kernel tree, where NVIDIA's own out-of-tree modules look for it (per
# kernel, else default). The backend is then built against its headers and
# Module.symvers (drivers/roce_adp/Kbuild). OFA_KERNEL= (empty) ignores it.
OFA_DIR ?= /usr/src/ofa_kernel
OFA_KERNEL ?= $(firstword $(wildcard $(OFA_DIR)/$(shell uname -m)/$(KREL)/Module.symvers \
	$(OFA_DIR)/default/Module.symvers))
OFA_KERNEL := $(patsubst %/Module.symvers,%,$(OFA_KERNEL))
KBUILD_OFA = $(if $(OFA_KERNEL),OFA_KERNEL=$(abspath $(OFA_KERNEL)) \
	KBUILD_EXTRA_SYMBOLS=$(abspath $(OFA_KERNEL))/Module.symvers)
KVERS ?= 6.1 6.12
KVERS_ALL = 5.10 6.1 6.12 7
override KVERS := $(if $(filter all,$(KVERS)),$(KVERS_ALL),$(KVERS))

PREFIX ?= /usr/local
SYSTEMD_UNIT_DIR ?= /lib/systemd/system
UDEV_RULES_DIR ?= /lib/udev/rules.d
SYSCONF_DIR ?= /etc
# What 'make install' puts outside the module and adpctl: source, then
# where it goes ($(PREFIX)/sbin replaces @SBINDIR@ in the unit).
ANSIBLE_COLLECTIONS_DIR ?= /usr/share/ansible/collections
ANSIBLE_COLLECTION := ansible_collections/roce_adp/roce_adp
DIST_FILES = dist/adpctl-apply.service:$(SYSTEMD_UNIT_DIR) \
	     dist/adpctl-apply@.service:$(SYSTEMD_UNIT_DIR) \
	     dist/adpctl-metrics.service:$(SYSTEMD_UNIT_DIR) \
	     dist/adpctl-metrics.timer:$(SYSTEMD_UNIT_DIR) \
	     dist/90-roce_adp.rules:$(UDEV_RULES_DIR) \
	     dist/roce_adp.conf.example:$(SYSCONF_DIR)/roce_adp \
	     $(foreach f,galaxy.yml README.md meta/runtime.yml \
		plugins/module_utils/adpctl.py plugins/modules/adp_config.py \
		plugins/modules/adp_facts.py,\
		dist/ansible/$(ANSIBLE_COLLECTION)/$(f):$(ANSIBLE_COLLECTIONS_DIR)/$(ANSIBLE_COLLECTION)$(patsubst %/,/%,$(filter-out ./,$(dir $(f)))))

all: module adpctl selftests

setup:
	tools/setup-host
	tools/kernels fetch

module:
	@if [ -z "$(KREL)" ]; then \
		echo "No kernel headers for KVER=$(KVER) (KDIR=$(KDIR)): run 'make setup'" >&2; \
		exit 1; \
	fi
	@mkdir -p $(OBJ)
	@# Build out of place, one tree per kernel, from links to the sources
	@# (from Linux 6.13, Kbuild's MO= does this for external modules).
	@cp -rsn $(CURDIR)/Kbuild $(CURDIR)/drivers $(CURDIR)/include $(OBJ)/
	@find $(OBJ) -xtype l -delete
	$(if $(OFA_KERNEL),@echo "roce_adp_mlx5: against NVIDIA's mlx5_core in $(OFA_KERNEL)")
	$(MAKE) -C $(KDIR) M=$(CURDIR)/$(OBJ) $(KBUILD_OFA) modules
	@$(MAKE) --no-print-directory standin

# The stand-in for mlx5_core (selftests/mlx5_standin) and a test link of the
# backend against it, in $(OBJ)/standin, for kernels with devlink: those
# with mlx5_core (which selects it) and the debug kernel of make
# check-debug, which has no mlx5_core of its own. The backend is compiled
# again from the same sources with the same Kbuild (RADP_STANDIN_BUILD
# leaves roce_adp.ko out); KBUILD_EXTRA_SYMBOLS makes modpost record the
# stand-in's CRCs for the mlx5_* imports instead of the real mlx5_core's.
# tools/standin-same-object checks that the code is the same as in the
# module that gets installed, where there is one. Never installed; skipped
# where the tests are not (a DKMS source tree).
STANDIN = $(OBJ)/standin
standin:
	@if grep -qE '^CONFIG_NET_DEVLINK=y' $(KDIR)/.config && \
	    [ -f selftests/mlx5_standin/Kbuild ]; then \
		set -e; \
		mkdir -p $(STANDIN)/mlx5_standin; \
		cp -rsn $(CURDIR)/Kbuild $(CURDIR)/drivers $(CURDIR)/include $(STANDIN)/; \
		cp -rsn $(CURDIR)/selftests/mlx5_standin/. $(STANDIN)/mlx5_standin/; \
		find $(STANDIN) -xtype l -delete; \
		$(MAKE) -C $(KDIR) M=$(CURDIR)/$(STANDIN)/mlx5_standin modules; \
		$(MAKE) -C $(KDIR) M=$(CURDIR)/$(STANDIN) RADP_STANDIN_BUILD=1 \
			KBUILD_EXTRA_SYMBOLS="$(CURDIR)/$(OBJ)/Module.symvers $(CURDIR)/$(STANDIN)/mlx5_standin/Module.symvers" \
			modules; \
		if [ -f $(OBJ)/drivers/roce_adp/roce_adp_mlx5.ko ]; then \
			tools/standin-same-object $(OBJ)/drivers/roce_adp/roce_adp_mlx5.ko \
				$(STANDIN)/drivers/roce_adp/roce_adp_mlx5.ko; \
		fi; \
	fi

adpctl:
	$(MAKE) -C tools/adpctl

selftests:
	$(MAKE) -C selftests/roce_adp
	$(MAKE) -C selftests/roce_adp/bench

check:
	tools/check $(KVERS)

mutate:
	tools/mutate/run $(MUTATE)

# adpctl's parsers under libFuzzer, FUZZ_SECONDS each (default 60).
fuzz:
	mkdir -p build/fuzz/adpctl
	$(MAKE) -C build/fuzz/adpctl -f $(CURDIR)/tools/adpctl/Makefile FUZZ=1 fuzz

# The modules built for KREL, as modprobe finds them before the kernel's own.
install: module adpctl
	install -d $(DESTDIR)/lib/modules/$(KREL)/updates
	install -m 0644 $(wildcard $(OBJ)/drivers/roce_adp/*.ko) \
		$(DESTDIR)/lib/modules/$(KREL)/updates/
	$(if $(DESTDIR),,depmod -a $(KREL))
	$(MAKE) -C tools/adpctl install PREFIX=$(PREFIX) DESTDIR=$(DESTDIR)
	@set -e; for f in $(DIST_FILES); do \
		src=$${f%%:*}; dir=$(DESTDIR)$${f#*:}; \
		if [ ! -f "$$src" ]; then \
			echo "install: $$src is not in the tree (yet): skipped"; \
			continue; \
		fi; \
		echo "install $$src $$dir/"; \
		install -d "$$dir"; \
		sed 's|@SBINDIR@|$(PREFIX)/sbin|g' "$$src" >"$$dir/$${src##*/}"; \
		chmod 0644 "$$dir/$${src##*/}"; \
	done

dkms-check:
	tools/dkms-check

# An installed ofa_kernel tree is found and used (fake trees).
ofed-check:
	tools/ofed-check

# The kernel release KVER/KDIR builds for (tools/check), and the
# ofa_kernel tree the backend builds against, if any (tools/ofed-check).
print-krel:
	@echo $(KREL)
print-ofa-kernel:
	@echo $(OFA_KERNEL)

check-debug:
	tools/check-debug

bench:
	tools/bench/run $(KVERS)

# The guest runs Debian's KVER: the module is built for it, whatever the
# host runs.
demo: adpctl selftests
	$(MAKE) module KVER=$(KVER)
	tools/demo $(KVER)

vm: adpctl selftests
	$(MAKE) module KVER=$(KVER)
	tools/vm/run -k $(KVER) --shell

clean:
	rm -rf build
	$(MAKE) -C tools/adpctl clean
	$(MAKE) -C selftests/roce_adp clean
	$(MAKE) -C selftests/roce_adp/bench clean

.PHONY: all setup module standin adpctl selftests check check-debug mutate fuzz install dkms-check ofed-check print-krel print-ofa-kernel \
	bench demo vm clean
