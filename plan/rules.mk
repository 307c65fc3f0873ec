# SPDX-License-Identifier: GPL-2.0
# plan/: an experiment into a run folder's plan and kit, then every stage
# of make bench (see plan/README.md).

EXPERIMENT ?= seeds

# The settings an experiment takes from the make command line (and only
# from there: a variable exported in the shell, CPU=... say, is ignored):
# the experiment reader's, then run-experiment's own.
EXP_READER_SETTINGS = $(shell plan/experiment settings)
EXP_SETTINGS = $(EXP_READER_SETTINGS) JOBS HOSTS RESUME BASELINE SAVE_BASELINE FRESH SERIES
shell_quote = '$(subst ','\'',$(1))'
exp_args = $(foreach v,$(EXP_SETTINGS),$(if $(filter command line,$(origin $(v))),$(call shell_quote,$(v)=$($(v)))))

.PHONY: bench
## bench EXPERIMENT=seeds [ACCEL= TASKS= JOBS= HOSTS= ...]: build, boot and compare the kernels of an experiment
## bench RESUME=results/<run>: run the cells of an interrupted or failed run again, then its report
## bench FRESH=1: boot every cell (by default a seeded icount cell that an earlier boot with the same kernel, initramfs, kit, QEMU and plan line ran is copied: boot/reuse)
## bench BASELINE=results/<run>|NAME [SAVE_BASELINE=NAME]: also compare each cell with the baseline run's cell of the same kernel, CPU and testcase (RUN/baseline/); SAVE_BASELINE names this run results/baselines/NAME
## bench SERIES=<variant>: the same as make series VARIANT=<variant> (one row per patch of its series)
bench: deps build/analyze/summarize build/analyze/compare
	plan/run-experiment $(if $(filter command line,$(origin RESUME)),,$(call shell_quote,$(EXPERIMENT))) $(exp_args)

.PHONY: calibrate
## calibrate EXPERIMENT=aa|aa-native RUNS=20 [ACCEL=...]: run an A/A and known-effect experiment RUNS times; print false verdicts, detections and interval coverage (docs/calibration.md)
calibrate: deps build/analyze/summarize build/analyze/compare
	$(Q)case "$(RUNS)" in ''|*[!0-9]*) echo "kabench: make calibrate needs RUNS=N (e.g. 20)" >&2; exit 2 ;; esac
	plan/calibrate $(call shell_quote,$(EXPERIMENT)) $(call shell_quote,$(RUNS)) $(exp_args)

.PHONY: bench-timing
## bench-timing EXPERIMENT=seeds: time cold and warm make bench (serial, JOBS=nproc), a further fs/ prefix, cold and warm make test, each beside its target (TIMING_TESTS=no: not make test)
bench-timing:
	plan/time-bench $(EXPERIMENT)
