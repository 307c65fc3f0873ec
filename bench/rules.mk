# bench/: the kabench worker harness (see bench/README.md).

BENCH_SRCS := $(wildcard bench/*.c)
# The build folder is mapped out of the debug info: the binary is the same
# bytes in every clone, so boots kept by boot/reuse (keyed by the kit) serve
# a fresh clone too.
BENCH_CFLAGS := -std=gnu11 -Wall -Wextra -O2 -g -ffile-prefix-map=$(CURDIR)=.

bench/kabench: $(BENCH_SRCS) bench/kabench.h bench/runner.h bench/rules.mk
	$(CC) $(BENCH_CFLAGS) $(CFLAGS) -o $@ $(BENCH_SRCS) $(LDFLAGS) -lhwloc -lpthread

build/bench/bare: bench/overhead/bare.c
	@mkdir -p build/bench
	$(CC) $(BENCH_CFLAGS) $(CFLAGS) -o $@ $<

.PHONY: bench-harness
## bench/kabench: build the worker harness (CSV of ops/s per testcase)
## bench-harness: print the harness's own cost per op (callgrind, perf) vs a bare loop
bench-harness: bench/kabench build/bench/bare
	bench/overhead/harness-overhead
