# SPDX-License-Identifier: GPL-2.0
# guest/kvm.mk: the kvm helpers that do not live in the launcher.

## build/guest/pin-vcpus: pin QEMU's vCPU threads one per host CPU (QMP query-cpus-fast)
build/guest/pin-vcpus: guest/pin-vcpus.c
	$(Q)mkdir -p $(@D)
	$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $<

.PHONY: check-kvm
## check-kvm [NESTED=auto|1|0]: boot the kvm path (ACCEL=kvm CPU=host SMP=2) and print what holds: accel, masking, pinning, deadline, Ctrl-C, fstat against native; without a usable KVM here, inside an L1 guest under tcg that has one
check-kvm: deps initramfs build/bench/kabench build/guest/pin-vcpus build/guest/init build/guest/parse-console build/guest/console-times build/analyze/summarize build/analyze/compare
	guest/check-kvm $(if $(filter command line,$(origin NESTED)),NESTED=$(NESTED))
