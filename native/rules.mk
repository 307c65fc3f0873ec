# SPDX-License-Identifier: GPL-2.0
# native/: the testcases on this machine's own kernel, and native estimates
# (see native/README.md).

.PHONY: bench-native
## bench-native EXPERIMENT=seeds [NATIVE_RSD=1 NATIVE_MAX=10 NATIVE_SCALING=1 TASKS=...]: the experiment's testcases on this machine's own kernel, no QEMU; repeats until each cell's stddev is under NATIVE_RSD %
bench-native: deps bench/kabench build/analyze/summarize build/analyze/compare
	native/run $(call shell_quote,$(EXPERIMENT)) $(exp_args) $(foreach v,NATIVE_RSD NATIVE_MAX NATIVE_SCALING,$(if $(filter command line,$(origin $(v))),$(call shell_quote,$(v)=$($(v)))))

# native-time links the worker's own testcase objects (bench/rules.mk), so
# a proxy's terms are timed natively with the code the guest ran.
NATIVE_TIME_OBJS := $(filter build/bench/tc_%.o,$(BENCH_OBJS)) \
	$(addprefix build/bench/,testcases.o tmpfile.o task.o pin.o steal.o)
# Both share native/util.c, and analyze/stats.c's sort and median.
NATIVE_SHARED := native/util.c analyze/stats.c
NATIVE_HEADERS := native/util.h analyze/stats.h
build/native/time: native/time.c native/copy-routines.S $(NATIVE_TIME_OBJS) $(NATIVE_SHARED) $(NATIVE_HEADERS) bench/kabench.h
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -o $@ native/time.c native/copy-routines.S $(NATIVE_SHARED) $(NATIVE_TIME_OBJS) -lhwloc -lpthread -lm

build/native/probe: native/probe.c $(NATIVE_SHARED) $(NATIVE_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -o $@ native/probe.c $(NATIVE_SHARED) -lm
