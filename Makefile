# SPDX-License-Identifier: GPL-2.0
# kabench: A/B benchmarks of Linux kernels booted in QEMU.
# `make help` lists the targets and the variables.

KABENCH_CACHE ?= $(HOME)/.cache/kabench
export KABENCH_CACHE

# V=1: every command is printed: the recipes' (Q is their @) and those of
# the makes the scripts run (lib/common.sh's kb_make_s), as kbuild's V=1.
export V
Q := $(if $(filter 1,$(V)),,@)

.PHONY: all help deps test test-tools clean
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
include tests/fuzz/rules.mk
include tests/mutate/rules.mk

## deps: install the Debian packages kabench needs (apt-get, as root)
# Checked again when dpkg's status changes (a package installed or
# removed) or the list does; otherwise a make starts no program for it.
deps: build/deps.ok
	@:
build/deps.ok: lib/install-deps $(wildcard /var/lib/dpkg/status)
	lib/install-deps
	$(Q)mkdir -p build && touch $@

## test: build what the tests need and run them all (tests/run; two scripts side by side, KABENCH_TEST_JOBS=N: N); ends "N passed, N failed"
test: deps
	tests/run

## test-tools: build every program and image the test scripts use (tests/run does it first, so no two scripts build one file at once)
test-tools: initramfs plugin build/plugin/testinit build/bench/kabench build/bench/bare \
		build/analyze/summarize build/analyze/compare build/native/time build/native/probe build/guest/pin-vcpus

## clean: remove what the build made in this tree (build/, where every program is built); run folders, the kernel cache and the tests' cache stay
clean:
	rm -rf build
	$(Q)# (where the programs were built before they moved to build/)
	rm -f bench/kabench guest/parse-console guest/console-times guest/pin-vcpus
	find . -name '*.o' -not -path './.git/*' -delete

## help: this list, then the variables (README.md has them in a table)
help:
	$(Q)sed -n 's/^## \{0,1\}//p' $(MAKEFILE_LIST)
	$(Q)sed -n 's/^#= \{0,1\}//p' $(MAKEFILE_LIST)

#= 
#= Variables (on the make command line; KABENCH_* from the environment too), with their defaults:
#=   EXPERIMENT=seeds          a name in bench/experiments/ or a path
#=   COMPARE="B:N ..." TESTS=a,b  replace the compare lines' kernels / testcases
#=   an experiment's field in capitals overrides it; a field the experiment does not set is:
#=     PROFILE=minimal ACCEL=auto CPU=max MASK=none SMP=1 TASKS=1 INTERVAL=0.2 ICOUNT_INTERVAL=none
#=     WARMUP=1 SAMPLES=3 REPEATS=auto SHIFT=0 SEED=1 MODE=processes MEM=512 PLUGIN=on
#=     WARNINGS=drop MIN_EFFECT=1 FAIL_ON_REGRESSION=none MAX_REPEATS=12 MAX_SECONDS=none ALPHA=0.05 DUET=0 REPRODUCES=none
#=   REPEATS=auto              3 boots a kernel under icount; elsewhere boots until every pair has a verdict
#=   ALPHA=0.05                1 - the intervals' level; the false discovery rate where time is real
#=   DUET=1                    the two kernels' boots two at a time, on CPUs of their own; paired intervals
#=   VERBOSE=1                 print all of table.txt (every per-function profile), not one line a pair
#=   V=1                       print every command make runs, the scripts' own makes' too
#=   JOBS=cores (icount), 1    cells side by side;  HOSTS=FILE  cells over ssh (GNU parallel)
#=   RESUME=results/<run>      run the cells without an ok verdict;  FRESH=1  reuse no icount boot
#=   BASELINE=run|NAME SAVE_BASELINE=NAME   compare with / save a baseline
#=   NATIVE_SCALING=0          make bench-native (make bench ACCEL=native): 1 sweeps 1..nproc tasks
#=   NESTED=auto               make check-kvm: 1 always in an L1 guest under tcg, 0 never
#=   KABENCH_CACHE=~/.cache/kabench   kernel trees, builds, kept icount boots
#=   KABENCH_RESULTS=results   where run folders go
#=   KABENCH_TEST_CACHE=$KABENCH_CACHE-tests  KABENCH_TEST_JOBS=2   the tests' cache and lanes
#=   KABENCH_KVM_PROBE_QUIET=30  seconds of console silence that fail the kvm probe
