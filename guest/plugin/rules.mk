# SPDX-License-Identifier: GPL-2.0
# guest/plugin/: the instruction profile (a QEMU TCG plugin and its readers).

# (-ffile-prefix-map: the same bytes in every clone, as build/bench/kabench.)
PLUGIN_CFLAGS := -std=gnu11 -Wall -Wextra -O2 -g -ffile-prefix-map=$(CURDIR)=.

build/plugin/kabench-prof.so: guest/plugin/kabench-prof.c guest/plugin/classify.c \
		guest/plugin/classify.h guest/plugin/branch.c guest/plugin/branch.h \
		guest/plugin/callstack.c guest/plugin/callstack.h guest/plugin/qemu-api.h bench/mark.h \
		guest/plugin/rules.mk
	$(Q)mkdir -p $(@D)
	$(CC) $(PLUGIN_CFLAGS) -shared -fPIC -fvisibility=hidden -o $@ \
		guest/plugin/kabench-prof.c guest/plugin/classify.c guest/plugin/branch.c \
		guest/plugin/callstack.c

PROFILE_ATTRIB_SRC := guest/plugin/profile-attrib.c guest/plugin/profile-syms.c \
	guest/plugin/profile-raw.c guest/plugin/profile-check.c guest/plugin/profile-stacks.c \
	guest/plugin/profile-callgraph.c guest/plugin/classify.c
build/plugin/profile-attrib: $(PROFILE_ATTRIB_SRC) guest/plugin/profile-attrib.h \
		guest/plugin/classify.h bench/mark.h guest/plugin/rules.mk
	$(Q)mkdir -p $(@D)
	$(CC) $(PLUGIN_CFLAGS) -o $@ $(PROFILE_ATTRIB_SRC)

# The exact-count test's own guest init (static, no libc calls in the
# measured code) and its initramfs.
build/plugin/testinit: tests/plugin/testinit.c bench/mark.h
	$(Q)mkdir -p $(@D)
	$(CC) -std=gnu11 -Wall -Wextra -O1 -static -nostdlib -fno-pie -no-pie -o $@ $<

# the sampler's marks (bench/run.c includes bench/mark.h)
build/bench/kabench: bench/mark.h

.PHONY: plugin bench-plugin
## plugin: build the QEMU instruction-count plugin and its reader (guest/plugin/)
plugin: build/plugin/kabench-prof.so build/plugin/profile-attrib
## bench-plugin: wall clock and CPU time of one icount boot without the plugin, with it, with its call paths
bench-plugin: plugin initramfs
	guest/plugin/bench-plugin
