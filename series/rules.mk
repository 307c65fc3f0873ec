# SPDX-License-Identifier: GPL-2.0
# series/: per-patch attribution of a series and bisection
# (see series/README.md and kernel-patches/README.md).

# Experiment settings given on the make command line reach run-series as
# KEY=VALUE arguments (those from make's own defaults do not).
SERIES_KEYS = $(filter-out COMPARE,$(EXP_READER_SETTINGS)) JOBS HOSTS FRESH
series_quote = '$(subst ','\'',$(1))'
SERIES_ARGS = $(foreach k,$(SERIES_KEYS),$(if $(filter command line,$(origin $(k))),$(call series_quote,$(k)=$($(k)))))

.PHONY: series bisect

## series VARIANT=v [EXPERIMENT=seeds] [TESTS=a,b] [REPEATS=1 ...]: measure the base and every prefix of v's series; one row per patch (%change, instructions/op), waterfall chart
series: deps build/analyze/summarize build/analyze/compare
	@[ -n "$(VARIANT)" ] || { echo "kabench: make series needs VARIANT=<variant>" >&2; exit 2; }
	series/run-series $(call series_quote,$(VARIANT)) $(call series_quote,$(EXPERIMENT)) $(SERIES_ARGS)

## bisect VARIANT=v TESTS=testcase THRESHOLD=pct [TASKS=1] [PROFILE=minimal] [EXPERIMENT=seeds]: first patch of v's series changing the testcase by more than pct% (one icount boot per step; TEST= is the old name of TESTS=)
# TESTS=, as make bench names testcases; TEST= still works, said once.
BISECT_TEST = $(or $(TESTS),$(TEST))
bisect:
	@[ -z "$(TEST)" ] || [ -n "$(TESTS)" ] || echo "kabench: make bisect TEST= is now TESTS= (as make bench's); TEST= works for now" >&2
	@[ -n "$(VARIANT)" ] && [ -n "$(BISECT_TEST)" ] && [ -n "$(THRESHOLD)" ] || \
		{ echo "kabench: make bisect needs VARIANT=<variant> TESTS=<testcase> THRESHOLD=<pct>" >&2; exit 2; }
	@case "$(BISECT_TEST)" in *,*) echo "kabench: make bisect follows one testcase: TESTS='$(BISECT_TEST)' names several" >&2; exit 2 ;; esac
	series/bisect --tasks $(call series_quote,$(or $(TASKS),1)) --profile $(call series_quote,$(or $(PROFILE),minimal)) \
		--experiment $(call series_quote,$(EXPERIMENT)) \
		$(call series_quote,$(VARIANT)) $(call series_quote,$(BISECT_TEST)) $(call series_quote,$(THRESHOLD))
