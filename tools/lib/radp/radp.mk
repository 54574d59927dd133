# SPDX-License-Identifier: GPL-2.0
#
# libradp.a, included by the Makefile of a program that links it (adpctl's)
# with srctree set: the register codec and the profile rules compiled from
# the kernel module's own sources (drivers/roce_adp/radp_*.c, shared, not
# copied; radp_nl_put.c the replies adpctl's fwctl transport puts as the
# module does), the retransmission simulator, the lint engine, the SVG writer,
# time formatting, the field tables, the one grammar of a profile's words
# and the one tokenizer of word files (radp_words.c), the one reader of a
# profile in JSON (radp_json.c, json-c), and the names and libnl policies generated from
# the spec (nl_gen.c, by gen_nl.py).  Objects go to radp/ under the
# including build.

RADP_DIR := $(srctree)/tools/lib/radp
RADP_SHARED := radp_reg radp_mpt radp_hist radp_status radp_mkc radp_nl_put
RADP_OWN := radp_sim radp_lint radp_svg radp_time radp_words radp_json radp_bins \
	    nl_gen
RADP_OBJS := $(patsubst %,radp/%.o,$(RADP_SHARED) $(RADP_OWN))
PKG_CONFIG ?= pkg-config
RADP_CPPFLAGS := -I$(RADP_DIR) -I$(srctree)/drivers/roce_adp \
		 -I$(srctree)/include/uapi -I$(srctree)/tools/include \
		 $(shell $(PKG_CONFIG) --cflags libnl-3.0 json-c)
LIBRADP := radp/libradp.a

# Written anew when the list changes, so that a dropped object leaves it.
$(LIBRADP): $(RADP_OBJS) $(RADP_DIR)/radp.mk
	rm -f $@
	$(AR) rcs $@ $(RADP_OBJS)

$(patsubst %,radp/%.o,$(RADP_SHARED)): radp/%.o: $(srctree)/drivers/roce_adp/%.c
	@mkdir -p $(@D)
	$(CC) $(RADP_CPPFLAGS) -MMD -MP $(CFLAGS) -c -o $@ $<

$(patsubst %,radp/%.o,$(RADP_OWN)): radp/%.o: $(RADP_DIR)/%.c
	@mkdir -p $(@D)
	$(CC) $(RADP_CPPFLAGS) -MMD -MP $(CFLAGS) -c -o $@ $<

-include $(wildcard radp/*.d)
