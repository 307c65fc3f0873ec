# Host-side tools: experiments, summaries, tables, plots and reports.

TOOLS_CFLAGS = -std=gnu11 -Wall -Wextra -O2

build/tools/%: tools/%.c tools/csv.c tools/csv.h tools/stats.c tools/stats.h
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -o $@ $< tools/csv.c tools/stats.c -lm

EXPERIMENT ?= seeds

# The settings an experiment takes from the make command line (and only
# from there: a variable exported in the shell, CPU=... say, is ignored).
EXP_SETTINGS := PROFILE ACCEL CPU MASK SMP TASKS INTERVAL WARMUP SAMPLES REPEATS \
	SHIFT SEED PLUGIN WARNINGS MIN_EFFECT FAIL_ON_REGRESSION MODE MEM COMPARE TESTS JOBS HOSTS RESUME \
	BASELINE SAVE_BASELINE
shell_quote = '$(subst ','\'',$(1))'
exp_args = $(foreach v,$(EXP_SETTINGS),$(if $(filter command line,$(origin $(v))),$(call shell_quote,$(v)=$($(v)))))

.PHONY: bench bench-native report
## bench EXPERIMENT=seeds [ACCEL= TASKS= JOBS= HOSTS= ...]: build, boot and compare the kernels of an experiment
## bench RESUME=results/<run>: run the cells of an interrupted or failed run again, then its report
## bench BASELINE=results/<run>|NAME [SAVE_BASELINE=NAME]: also compare each cell with the baseline run's cell of the same kernel, CPU and testcase (RUN/baseline/); SAVE_BASELINE names this run results/baselines/NAME
## bench SERIES=<variant>: the same as make series VARIANT=<variant> (one row per patch of its series)
bench: deps build/tools/summarize build/tools/compare
ifeq ($(origin SERIES),command line)
	tools/run-series $(call shell_quote,$(SERIES)) $(call shell_quote,$(EXPERIMENT)) $(SERIES_ARGS)
else
	tools/run-experiment $(if $(filter command line,$(origin RESUME)),,$(call shell_quote,$(EXPERIMENT))) $(exp_args)
endif

## bench-native EXPERIMENT=seeds [NATIVE_RSD=1 NATIVE_MAX=10 NATIVE_SCALING=1 TASKS=...]: the experiment's testcases on this machine's own kernel, no QEMU; repeats until each cell's stddev is under NATIVE_RSD %
bench-native: deps bench/kabench build/tools/summarize build/tools/compare
	tools/run-native $(call shell_quote,$(EXPERIMENT)) $(exp_args) $(foreach v,NATIVE_RSD NATIVE_MAX NATIVE_SCALING,$(if $(filter command line,$(origin $(v))),$(call shell_quote,$(v)=$($(v)))))

## report RUN=results/<run> [MIN_EFFECT=1 ALPHA=0.05]: redraw the tables, plots and report of a run from its CSV
report: build/tools/summarize build/tools/compare
	@[ -n "$(RUN)" ] || { echo "kabench: make report needs RUN=results/<run>" >&2; exit 2; }
	tools/make-report $(call shell_quote,$(RUN)) $(foreach v,MIN_EFFECT ALPHA,$(if $(filter command line,$(origin $(v))),$(call shell_quote,$(v)=$($(v)))))

.PHONY: compare
## compare A=results/<run> B=results/<run>: compare B's cells with A's of the same kernel, CPU and testcase (no boot): a new <time>-compare run folder
compare: build/tools/summarize build/tools/compare
	@[ -n "$(A)" ] && [ -n "$(B)" ] || { echo "kabench: make compare needs A=results/<run> B=results/<run>" >&2; exit 2; }
	tools/compare-runs $(call shell_quote,$(A)) $(call shell_quote,$(B))

.PHONY: bench-timing
## bench-timing EXPERIMENT=seeds: time make bench with an empty kernel cache, then again with it warm
bench-timing:
	tools/time-bench $(EXPERIMENT)

# native-time links the testcases themselves, so a proxy's terms are timed
# natively with the code the guest ran.
NATIVE_TIME_SRCS := tools/native-time.c tools/copy-routines.S $(wildcard bench/tc_*.c) bench/testcases.c bench/tmpfile.c bench/task.c bench/pin.c
build/tools/native-time: $(NATIVE_TIME_SRCS) bench/kabench.h
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -o $@ $(NATIVE_TIME_SRCS) -lhwloc -lpthread
