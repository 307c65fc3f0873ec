# SPDX-License-Identifier: GPL-2.0
# kernel-patches/: kernel variants (base + patch series), configs, cached builds.

VARIANTS ?= $(shell kernel-patches/build --list | cut -f1)
PROFILE ?= minimal
BENCH_VARIANTS ?= 6.1 6.1-fstat

.PHONY: kernels bench-build

## kernels VARIANTS="6.1 6.1-fstat" PROFILE=minimal|distro: build (or reuse) each variant's bzImage, print their paths
kernels:
	$(Q)for v in $(VARIANTS); do kernel-patches/image "$$v" "$(PROFILE)" || exit $$?; done

## bench-build BENCH_VARIANTS="6.1 6.1-fstat" PROFILE=minimal: time cold builds, adding a patched variant, no-op rebuilds (scratch cache)
bench-build:
	kernel-patches/bench-build "$(PROFILE)" $(BENCH_VARIANTS)
