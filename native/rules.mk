# SPDX-License-Identifier: GPL-2.0
# native/: the testcases on this machine's own kernel, and native estimates
# (see native/README.md).

.PHONY: bench-native
## bench-native EXPERIMENT=seeds [TASKS= BASELINE= ...]: make bench ACCEL=native, the experiment's testcases on this machine's own kernel (NATIVE_SCALING=1: TASKS=1-nproc MODE=both)
bench-native: deps build/bench/kabench build/analyze/summarize build/analyze/compare
	$(Q)for v in $(foreach v,NATIVE_RSD NATIVE_MAX,$(if $(filter command line,$(origin $(v))),$(v))); do \
		echo "kabench: $$v is gone: native cells boot as any accelerator's do, REPEATS=auto until every pair has a verdict (MAX_REPEATS)" >&2; exit 2; done
	plan/run-experiment $(call shell_quote,$(EXPERIMENT)) $(exp_args) ACCEL=native \
		$(if $(filter 1,$(NATIVE_SCALING)),TASKS=1-$(shell nproc) MODE=both)

# native-time links the worker's own testcase objects (bench/rules.mk), so
# a proxy's terms are timed natively with the code the guest ran.
NATIVE_TIME_OBJS := $(filter build/bench/tc_%.o,$(BENCH_OBJS)) \
	$(addprefix build/bench/,testcases.o tmpfile.o task.o pin.o steal.o)
# Both share native/util.c, and analyze/stats.c's sort and median.
NATIVE_SHARED := native/util.c analyze/stats.c
NATIVE_HEADERS := native/util.h analyze/stats.h
build/native/time: native/time.c native/copy-routines.S $(NATIVE_TIME_OBJS) $(NATIVE_SHARED) $(NATIVE_HEADERS) bench/kabench.h
	$(Q)mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -o $@ native/time.c native/copy-routines.S $(NATIVE_SHARED) $(NATIVE_TIME_OBJS) -lhwloc -lpthread -lm

build/native/probe: native/probe.c $(NATIVE_SHARED) $(NATIVE_HEADERS)
	$(Q)mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -o $@ native/probe.c $(NATIVE_SHARED) -lm
