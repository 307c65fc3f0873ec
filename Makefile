# kabench: A/B benchmarks of Linux kernels booted in QEMU.
# `make help` lists the targets and the variables.

KABENCH_CACHE ?= $(HOME)/.cache/kabench
export KABENCH_CACHE

.PHONY: all help deps test
all: help

# Each part owns its own rules; this file only ties them together.
include bench/rules.mk
include kernel-patches/rules.mk
include guest/rules.mk
include guest/kvm.mk
include guest/plugin/rules.mk
include plan/rules.mk
include analyze/rules.mk
include report/rules.mk
include series/rules.mk
include native/rules.mk

## deps: install the Debian packages kabench needs (apt-get, as root)
deps:
	lib/install-deps

## test: build what the tests need and run them all (tests/run); ends "N passed, N failed"
test: deps
	tests/run

## help: this list. Variables: KABENCH_CACHE (kernel trees and builds, default ~/.cache/kabench)
help:
	@sed -n 's/^## \{0,1\}//p' $(MAKEFILE_LIST)
