# kernel-patches/: kernel variants (base + patch series), configs, cached builds.

VARIANTS ?= $(shell kernel-patches/build --list | cut -f1)
PROFILE ?= minimal

.PHONY: kernels bench-build

## kernels VARIANTS="6.1 6.1-fstat" PROFILE=minimal|distro: build (or reuse) each variant's bzImage, print their paths
kernels:
	@for v in $(VARIANTS); do kernel-patches/build "$$v" "$(PROFILE)" || exit $$?; done

## bench-build [BASE=6.1 PATCHED=6.1-fstat PROFILE=minimal]: time a cold build, a no-op rebuild and adding a patched variant (scratch cache)
bench-build:
	kernel-patches/bench-build $(or $(BASE),6.1) $(or $(PATCHED),6.1-fstat) $(PROFILE)
