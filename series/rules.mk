# SPDX-License-Identifier: GPL-2.0
# series/: per-patch attribution of a series and bisection
# (see series/README.md and kernel-patches/README.md).

# make series is make bench SERIES=VARIANT: one driver (plan/run-experiment),
# the experiment settings given on the make command line as KEY=VALUE.

.PHONY: series bisect

## series VARIANT=v [EXPERIMENT=seeds] [TESTS=a,b] [REPEATS=1 ...]: measure the base and every prefix of v's series; one row per patch (%change, instructions/op), waterfall chart
series: deps build/analyze/summarize build/analyze/compare
	$(Q)[ -n "$(VARIANT)" ] || { echo "kabench: make series needs VARIANT=<variant>" >&2; exit 2; }
	plan/run-experiment $(call shell_quote,$(EXPERIMENT)) $(call shell_quote,SERIES=$(VARIANT)) $(exp_args)

## bisect VARIANT=v TESTS=testcase THRESHOLD=pct [TASKS=1] [PROFILE=minimal] [EXPERIMENT=seeds]: first patch of v's series changing the testcase by more than pct% (one icount boot per step; TEST= is the old name of TESTS=)
# TESTS=, as make bench names testcases; TEST= still works, said once.
BISECT_TEST = $(or $(TESTS),$(TEST))
bisect:
	$(Q)[ -z "$(TEST)" ] || [ -n "$(TESTS)" ] || echo "kabench: make bisect TEST= is now TESTS= (as make bench's); TEST= works for now" >&2
	$(Q)[ -n "$(VARIANT)" ] && [ -n "$(BISECT_TEST)" ] && [ -n "$(THRESHOLD)" ] || \
		{ echo "kabench: make bisect needs VARIANT=<variant> TESTS=<testcase> THRESHOLD=<pct>" >&2; exit 2; }
	$(Q)case "$(BISECT_TEST)" in *,*) echo "kabench: make bisect follows one testcase: TESTS='$(BISECT_TEST)' names several" >&2; exit 2 ;; esac
	series/bisect --tasks $(call shell_quote,$(or $(TASKS),1)) --profile $(call shell_quote,$(or $(PROFILE),minimal)) \
		--experiment $(call shell_quote,$(EXPERIMENT)) \
		$(call shell_quote,$(VARIANT)) $(call shell_quote,$(BISECT_TEST)) $(call shell_quote,$(THRESHOLD))
