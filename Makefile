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
include tools/rules.mk

deps:
	tools/install-deps

test: deps
	tests/run

help:
	@sed -n 's/^## \{0,1\}//p' $(MAKEFILE_LIST)
