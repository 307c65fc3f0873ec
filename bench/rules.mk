# SPDX-License-Identifier: GPL-2.0
# bench/: the kabench worker harness (see bench/README.md).

BENCH_SRCS := $(wildcard bench/*.c)
# The build folder is mapped out of the debug info: the binary is the same
# bytes in every clone, so boots kept by boot/reuse (keyed by the kit) serve
# a fresh clone too.
BENCH_CFLAGS := -std=gnu11 -Wall -Wextra -O2 -g -ffile-prefix-map=$(CURDIR)=.

# One object a testcase, so make -j compiles them side by side and ccache
# (when installed) serves a fresh clone: with the folder mapped out, the
# objects do not depend on where the clone is.
BENCH_OBJS := $(BENCH_SRCS:bench/%.c=build/bench/%.o)
# ccache found on PATH by make itself, when a compile asks (a $(shell)
# here would start a program in every make).
CCACHE = $(firstword $(wildcard $(addsuffix /ccache,$(subst :, ,$(PATH)))))

build/bench/%.o: bench/%.c bench/kabench.h bench/runner.h bench/mark.h bench/rules.mk
	$(Q)mkdir -p build/bench
	$(CCACHE) $(CC) $(BENCH_CFLAGS) $(CFLAGS) -c -o $@ $<

build/bench/kabench: $(BENCH_OBJS)
	$(CC) $(BENCH_CFLAGS) $(CFLAGS) -o $@ $(BENCH_OBJS) $(LDFLAGS) -lhwloc -lpthread

build/bench/bare: bench/overhead/bare.c
	$(Q)mkdir -p build/bench
	$(CC) $(BENCH_CFLAGS) $(CFLAGS) -o $@ $<

.PHONY: bench-harness
## build/bench/kabench: build the worker harness (CSV of ops/s per testcase)
## bench-harness: print the harness's own cost per op (callgrind, perf) vs a bare loop
bench-harness: build/bench/kabench build/bench/bare
	bench/overhead/harness-overhead
