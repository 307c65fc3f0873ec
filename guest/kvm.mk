# guest/kvm.mk: the kvm helpers that do not live in the launcher.

## guest/pin-vcpus: pin QEMU's vCPU threads one per host CPU (QMP query-cpus-fast)
guest/pin-vcpus: guest/pin-vcpus.c
	$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $<
