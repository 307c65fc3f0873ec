# SPDX-License-Identifier: GPL-2.0
# kabench: A/B benchmarks of Linux kernels booted in QEMU.
# `make help` lists the targets and the variables.

KABENCH_CACHE ?= $(HOME)/.cache/kabench
export KABENCH_CACHE

.PHONY: all help deps test test-tools
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
# Checked again when dpkg's status changes (a package installed or
# removed) or the list does; otherwise a make starts no program for it.
deps: build/deps.ok
	@:
build/deps.ok: lib/install-deps $(wildcard /var/lib/dpkg/status)
	lib/install-deps
	@mkdir -p build && touch $@

## test: build what the tests need and run them all (tests/run; two scripts side by side, KABENCH_TEST_JOBS=N: N); ends "N passed, N failed"
test: deps
	tests/run

## test-tools: build every program and image the test scripts use (tests/run does it first, so no two scripts build one file at once)
test-tools: initramfs plugin build/plugin/testinit bench/kabench build/bench/bare \
		build/analyze/summarize build/analyze/compare build/native/time build/native/probe guest/pin-vcpus

## help: this list. Variables: KABENCH_CACHE (kernel trees and builds, default ~/.cache/kabench)
help:
	@sed -n 's/^## \{0,1\}//p' $(MAKEFILE_LIST)
