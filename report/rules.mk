# SPDX-License-Identifier: GPL-2.0
# report/: tables, Markdown, JSON and plots of a run (see report/README.md).

.PHONY: report
## report RUN=results/<run> [MIN_EFFECT=1 ALPHA=0.05]: redraw the tables, plots and report of a run from its CSV
report: build/analyze/summarize build/analyze/compare
	$(Q)[ -n "$(RUN)" ] || { echo "kabench: make report needs RUN=results/<run>" >&2; exit 2; }
	plan/run-experiment REPORT=$(call shell_quote,$(RUN)) $(foreach v,MIN_EFFECT ALPHA,$(if $(filter command line,$(origin $(v))),$(call shell_quote,$(v)=$($(v)))))

.PHONY: reference
## reference: make results/reference again from the committed tree (a default make bench; then update README.md's block and commit)
reference:
	report/make-reference
