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
#                         copy and run the host tests (ASan, UBSan): the kill
#                         rate (MUTATE=FILTER picks mutations)
#   make mutate-guest     the same for the kernel code of
#                         tools/mutate/mutations-guest: modules rebuilt for
#                         KVER (6.1), the guest programs covering the file run
#                         (also make mutate MODE=guest)
#   make bench            benchmarks in QEMU, 6.1 and 6.12 (build/bench/;
#                         KVERS=all as for check)
#   make bench-plant-check  a delay planted in one stage of a profile get
#                         (scratch build) moves that stage's figure alone
#   make demo             boot a VM with an emulated device and run adpctl
#   make vm               an interactive shell in that VM
#   make install          the modules for the running kernel (or KVER/KDIR)
#                         under updates/, and install-tools; a list of what
#                         it put in $(PREFIX)/share/roce_adp/installed
#   make install-tools    adpctl, its man page and completion, the systemd
#                         units, udev rule, modprobe.d file, configuration
#                         and the Ansible collection (DESTDIR, PREFIX)
#   make uninstall        remove what make install put (that list)
#   make dkms-source      the DKMS source tree, /usr/src/roce_adp-VERSION
#   make dkms-check       dkms builds it against the 6.12 headers
#   make deb              Debian packages in build/deb (debhelper, dh-dkms),
#                         checked by lintian
#   make rpm              RPM packages in build/rpm (rpmbuild -ba)
#   make check-packages   the .debs in a Debian 12 guest booted with systemd
#   make ofed-check       the build finds NVIDIA's mlx5_core (an ofa_kernel
#                         tree; a fake one here) and builds the backend
#                         against it

# An operator builds for the running kernel: its tree when it has one and
# neither KVER nor KDIR is given. KVER=6.1|6.12 picks Debian's headers
# (the test matrix, and the default without a running kernel's tree).
KERNEL_GIVEN := $(filter-out undefinedundefined,$(origin KVER)$(origin KDIR))
RUNNING_KREL ?= $(shell uname -r)
RUNNING_KDIR ?= /lib/modules/$(RUNNING_KREL)/build
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
# The one version: MODULE_VERSION, adpctl -V, dkms.conf, the collection and
# the packages take it from here.
VERSION := $(shell cat $(CURDIR)/VERSION)

PREFIX ?= /usr/local
SYSTEMD_UNIT_DIR ?= /lib/systemd/system
UDEV_RULES_DIR ?= /lib/udev/rules.d
SYSCONF_DIR ?= /etc
MODPROBE_DIR ?= /lib/modprobe.d
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
	     dist/modprobe/roce_adp.conf:$(MODPROBE_DIR)

all: module adpctl selftests

setup:
	tools/setup-host
	tools/kernels fetch

# The modules, then the test stand-in (standin); what make install puts
# needs the modules alone (module-build).
module: module-build
	@$(MAKE) --no-print-directory standin

module-build:
	@if [ -z "$(KREL)" ]; then \
		echo "No kernel headers for KVER=$(KVER) (KDIR=$(KDIR)): run 'make setup'" >&2; \
		exit 1; \
	fi
	@mkdir -p $(OBJ)
	@# Build out of place, one tree per kernel, from links to the sources
	@# (from Linux 6.13, Kbuild's MO= does this for external modules).
	@cp -rsn $(CURDIR)/Kbuild $(CURDIR)/VERSION $(CURDIR)/drivers $(CURDIR)/include $(OBJ)/
	@find $(OBJ) -xtype l -delete
	$(if $(OFA_KERNEL),@echo "roce_adp_mlx5: against NVIDIA's mlx5_core in $(OFA_KERNEL)")
	$(MAKE) -C $(KDIR) M=$(CURDIR)/$(OBJ) $(KBUILD_OFA) modules

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
		cp -rsn $(CURDIR)/Kbuild $(CURDIR)/VERSION $(CURDIR)/drivers $(CURDIR)/include $(STANDIN)/; \
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

# No circle of includes or calls among the files of the module's core or
# of adpctl (tools/file-circles reads the objects the builds leave).
circles: module adpctl
	tools/file-circles drivers/roce_adp $(OBJ)/drivers/roce_adp
	tools/file-circles tools/adpctl tools/adpctl

mutate:
	tools/mutate/run $(if $(filter guest,$(MODE)),--guest) $(MUTATE)

mutate-guest:
	tools/mutate/run --guest $(MUTATE)

# adpctl's parsers under libFuzzer, FUZZ_SECONDS each (default 60).
fuzz:
	mkdir -p build/fuzz/adpctl
	$(MAKE) -C build/fuzz/adpctl -f $(CURDIR)/tools/adpctl/Makefile FUZZ=1 fuzz

# The modules built for KREL, as modprobe finds them before the kernel's own:
# the running kernel's unless KVER or KDIR says otherwise, never a
# fallback's. Every file put is listed in $(INSTALLED) for uninstall.
INSTALLED = $(PREFIX)/share/roce_adp/installed
install: install-check-kdir module-build adpctl
	install -d $(DESTDIR)/lib/modules/$(KREL)/updates
	@mkdir -p $(DESTDIR)$(dir $(INSTALLED))
	@set -e; for ko in $(wildcard $(OBJ)/drivers/roce_adp/*.ko); do \
		echo "install $$ko $(DESTDIR)/lib/modules/$(KREL)/updates/"; \
		install -m 0644 $$ko $(DESTDIR)/lib/modules/$(KREL)/updates/; \
		echo "/lib/modules/$(KREL)/updates/$${ko##*/}" >>$(DESTDIR)$(INSTALLED).new; \
	done
	$(if $(DESTDIR),,depmod -a $(KREL))
	@$(MAKE) --no-print-directory install-tools INSTALL_LIST=$(DESTDIR)$(INSTALLED).new
	@echo $(INSTALLED) >>$(DESTDIR)$(INSTALLED).new
	@sort -u $(DESTDIR)$(INSTALLED).new >$(DESTDIR)$(INSTALLED) && rm $(DESTDIR)$(INSTALLED).new

install-check-kdir:
	@if [ -z "$(KERNEL_GIVEN)" ] && \
	    [ ! -f $(RUNNING_KDIR)/Makefile ]; then \
		echo "make install: no build tree for the running kernel $(RUNNING_KREL) ($(RUNNING_KDIR)):" >&2; \
		echo "  install its headers (apt install linux-headers-$(RUNNING_KREL)), or name" >&2; \
		echo "  the kernel to build for with KVER= or KDIR=" >&2; \
		exit 1; \
	fi

# Everything but the modules, as the packages install it. site.conf is the
# administrator's: never overwritten.
INSTALL_LIST ?= /dev/null
install-tools: adpctl
	$(MAKE) -C tools/adpctl install PREFIX=$(PREFIX) DESTDIR=$(DESTDIR)
	@for f in sbin/adpctl share/man/man8/adpctl.8 share/bash-completion/completions/adpctl; do \
		echo "$(PREFIX)/$$f"; done >>$(INSTALL_LIST)
	@set -e; for f in $(DIST_FILES); do \
		src=$${f%%:*}; dir=$(DESTDIR)$${f#*:}; \
		echo "install $$src $$dir/"; \
		install -d "$$dir"; \
		sed 's|@SBINDIR@|$(PREFIX)/sbin|g' "$$src" >"$$dir/$${src##*/}"; \
		chmod 0644 "$$dir/$${src##*/}"; \
		echo "$${f#*:}/$${src##*/}" >>$(INSTALL_LIST); \
	done
	@$(MAKE) --no-print-directory install-collection
	@(cd $(DESTDIR)/ && find .$(ANSIBLE_COLLECTIONS_DIR)/$(ANSIBLE_COLLECTION) ! -type d | sed 's|^\.||') >>$(INSTALL_LIST)
	@if [ -e $(DESTDIR)$(SYSCONF_DIR)/roce_adp/site.conf ]; then \
		echo "install: $(SYSCONF_DIR)/roce_adp/site.conf exists: kept"; \
	else \
		install -D -m 0644 dist/site.conf $(DESTDIR)$(SYSCONF_DIR)/roce_adp/site.conf; \
		echo "$(SYSCONF_DIR)/roce_adp/site.conf" >>$(INSTALL_LIST); \
	fi

# The Ansible collection as ansible-galaxy builds it, galaxy.yml's version
# the tree's; installed by ansible-galaxy.
COLLECTION_SRC = dist/ansible/$(ANSIBLE_COLLECTION)
COLLECTION_TARBALL = build/ansible/roce_adp-roce_adp-$(VERSION).tar.gz
collection: $(COLLECTION_TARBALL)
$(COLLECTION_TARBALL): VERSION $(shell find $(COLLECTION_SRC) -type f)
	rm -rf build/ansible && mkdir -p build/ansible/src
	cp -r $(COLLECTION_SRC)/. build/ansible/src/
	sed -i 's/^version: .*/version: $(VERSION)/' build/ansible/src/galaxy.yml
	ansible-galaxy collection build --output-path build/ansible build/ansible/src

install-collection: $(COLLECTION_TARBALL)
	install -d $(DESTDIR)$(ANSIBLE_COLLECTIONS_DIR)
	ANSIBLE_LOCAL_TEMP=$(CURDIR)/build/ansible/tmp \
	ANSIBLE_COLLECTIONS_PATH=$(DESTDIR)$(ANSIBLE_COLLECTIONS_DIR) ansible-galaxy collection install --offline --force \
		-p $(DESTDIR)$(ANSIBLE_COLLECTIONS_DIR) $(COLLECTION_TARBALL)

# Removes the files of the list and the project's own directories that
# leaves empty; depmod for the kernels it took modules from.
OWN_DIRS = $(PREFIX)/share/roce_adp $(SYSCONF_DIR)/roce_adp \
	   $(addprefix $(ANSIBLE_COLLECTIONS_DIR)/$(ANSIBLE_COLLECTION)/,plugins/modules plugins/module_utils plugins meta) \
	   $(ANSIBLE_COLLECTIONS_DIR)/$(ANSIBLE_COLLECTION) \
	   $(ANSIBLE_COLLECTIONS_DIR)/ansible_collections/roce_adp
uninstall:
	@if [ ! -f $(DESTDIR)$(INSTALLED) ]; then \
		echo "make uninstall: no $(DESTDIR)$(INSTALLED): nothing was installed with PREFIX=$(PREFIX)" >&2; \
		exit 1; \
	fi
	@set -e; krels=; \
	for f in $$(cat $(DESTDIR)$(INSTALLED)); do \
		echo "rm $(DESTDIR)$$f"; rm -f "$(DESTDIR)$$f"; \
		case $$f in /lib/modules/*) k=$${f#/lib/modules/}; krels="$$krels $${k%%/*}";; esac; \
	done; \
	for d in $(OWN_DIRS); do \
		[ ! -d $(DESTDIR)$$d ] || rmdir --ignore-fail-on-non-empty $(DESTDIR)$$d; \
	done; \
	for k in $$(printf '%s\n' $$krels | sort -u); do \
		$(if $(DESTDIR),:,depmod -a $$k); \
	done

# The DKMS source tree: the modules' sources only (no stand-in, no tests),
# a Kbuild for them alone, dkms.conf with the version.
DKMS_SRC_DIR ?= /usr/src
DKMS_TREE = $(DESTDIR)$(DKMS_SRC_DIR)/roce_adp-$(VERSION)
dkms-source:
	rm -rf $(DKMS_TREE)
	install -d $(DKMS_TREE)/drivers $(DKMS_TREE)/include/uapi/linux
	cp -r drivers/roce_adp $(DKMS_TREE)/drivers/
	install -m 0644 include/uapi/linux/roce_adp.h $(DKMS_TREE)/include/uapi/linux/
	install -m 0644 VERSION COPYING $(DKMS_TREE)/
	cp -r LICENSES $(DKMS_TREE)/
	printf '# SPDX-License-Identifier: GPL-2.0\nobj-m += drivers/roce_adp/\n' >$(DKMS_TREE)/Kbuild
	sed 's/@VERSION@/$(VERSION)/' dkms.conf.in >$(DKMS_TREE)/dkms.conf

# Debian packages from a copy of the tree (what git tracks, as it is now) in
# build/deb: debian/changelog is written from VERSION (PKG_VERSION= builds
# another version, as make check-packages does for the upgrade), then
# lintian, which must report no error (warnings kept have overrides).
PKG_VERSION ?= $(VERSION)
LINTIAN ?= lintian
DEB_DIR = build/deb
deb:
	rm -rf $(DEB_DIR)/roce-adp-$(PKG_VERSION) && mkdir -p $(DEB_DIR)/roce-adp-$(PKG_VERSION)
	git ls-files -z | xargs -0 cp --parents -t $(DEB_DIR)/roce-adp-$(PKG_VERSION)
	echo $(PKG_VERSION) >$(DEB_DIR)/roce-adp-$(PKG_VERSION)/VERSION
	{ echo "roce-adp ($(PKG_VERSION)) unstable; urgency=medium"; echo; \
	  echo "  * Packaged from the tree; see the git history."; echo; \
	  echo " -- roce_adp developers <roce-adp@lists.example.org>  $$(date -R -d @$$(git log -1 --format=%ct))"; \
	} >$(DEB_DIR)/roce-adp-$(PKG_VERSION)/debian/changelog
	cd $(DEB_DIR)/roce-adp-$(PKG_VERSION) && dpkg-buildpackage -us -uc -b
	$(LINTIAN) --fail-on error --info $(DEB_DIR)/roce-adp_$(PKG_VERSION)_*.changes

# RPM packages in build/rpm from a tarball of the tree (rpmbuild -ba of
# dist/rpm/roce_adp.spec, its version the tree's); --nodeps: the build
# dependencies here are Debian packages, which rpm does not know. Built on
# Debian: never tried on RHEL (Documentation/admin-guide.rst).
RPM_DIR = $(CURDIR)/build/rpm
rpm:
	rm -rf $(RPM_DIR) && mkdir -p $(RPM_DIR)/SOURCES $(RPM_DIR)/SPECS
	git ls-files | tar -cz --transform 's|^|roce_adp-$(VERSION)/|' -T - \
		-f $(RPM_DIR)/SOURCES/roce_adp-$(VERSION).tar.gz
	sed 's/@VERSION@/$(VERSION)/' dist/rpm/roce_adp.spec.in >$(RPM_DIR)/SPECS/roce_adp.spec
	rpmbuild -ba --nodeps --define '_topdir $(RPM_DIR)' $(RPM_DIR)/SPECS/roce_adp.spec
	@for p in $(RPM_DIR)/RPMS/*/*.rpm; do echo "== $${p##*/}"; rpm -qlp $$p; done

check-packages:
	tools/check-packages

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

# The stage breakdown tells the stages apart: a delay planted in one stage
# (a scratch build under build/plant, never installed) moves that stage
# alone, against runs without it in the same guest. KVER (6.1); about 4
# minutes, so not in make check.
bench-plant-check:
	tools/bench/plant-check $(KVER)

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

.PHONY: all setup module module-build standin adpctl selftests check circles check-debug mutate mutate-guest fuzz install dkms-check ofed-check print-krel print-ofa-kernel \
	install-check-kdir install-tools install-collection collection uninstall dkms-source deb rpm check-packages \
	bench bench-plant-check demo vm clean
