# SPDX-License-Identifier: GPL-2.0
# guest/: the guest init, the initramfs, the QEMU launcher, the console parser.

GUEST_CC ?= gcc
GUEST_CFLAGS ?= -std=gnu11 -Wall -Wextra -O2

.PHONY: initramfs bench-guest

## initramfs: build build/initramfs.cpio (guest init + build/bench/kabench + its libraries)
initramfs: build/initramfs.cpio build/guest/parse-console build/guest/console-times

build/guest/init: guest/init.c guest/init-setup.h guest/marker.h bench/args.c bench/runner.h bench/kabench.h
	$(Q)mkdir -p $(@D)
	$(GUEST_CC) $(GUEST_CFLAGS) -Ibench -static -o $@ guest/init.c bench/args.c

# The hostile guest's init (tests/guest/test-hostile-guest.sh): prints
# damaged and hostile console output in place of the workers.
build/guest/hostile-init: tests/guest/hostile-init.c guest/init-setup.h guest/marker.h bench/kabench.h bench/mark.h
	$(Q)mkdir -p $(@D)
	$(GUEST_CC) $(GUEST_CFLAGS) -Iguest -Ibench -static -o $@ $<

build/guest/parse-console: guest/parse-console.c guest/marker.h bench/kabench.h
	$(Q)mkdir -p $(@D)
	$(GUEST_CC) $(GUEST_CFLAGS) -Ibench -o $@ $<

build/guest/console-times: guest/console-times.c
	$(Q)mkdir -p $(@D)
	$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $<

build/initramfs.cpio: build/guest/init build/bench/kabench guest/pack-initramfs
	guest/pack-initramfs build/guest/init build/bench/kabench $@

## bench-guest: boot 6.1 under tcg and icount; print boot-to-first-sample, per-boot overhead, initramfs size, and the plugin's cost (a boot with and without it)
bench-guest: initramfs
	guest/bench-guest
