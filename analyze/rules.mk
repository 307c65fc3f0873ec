# SPDX-License-Identifier: GPL-2.0
# analyze/: samples into summaries, pairs and comparisons (see analyze/README.md).

TOOLS_CFLAGS = -std=gnu11 -Wall -Wextra -O2

# The C writers' column lists, from their one declaration.
build/analyze/columns.h: analyze/columns
	$(Q)mkdir -p $(@D)
	analyze/columns --c >$@.tmp && mv $@.tmp $@

build/analyze/%: analyze/%.c analyze/csv.c analyze/csv.h analyze/stats.c analyze/stats.h analyze/verdict.c analyze/verdict.h build/analyze/columns.h
	$(Q)mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -Ibuild/analyze -o $@ $< analyze/csv.c analyze/stats.c analyze/verdict.c -lm

.PHONY: compare
## compare A=results/<run> B=results/<run>: compare B's cells with A's of the same kernel, CPU and testcase (no boot): a new <time>-compare run folder
compare: build/analyze/summarize build/analyze/compare
	$(Q)[ -n "$(A)" ] && [ -n "$(B)" ] || { echo "kabench: make compare needs A=results/<run> B=results/<run>" >&2; exit 2; }
	plan/run-experiment A=$(call shell_quote,$(A)) B=$(call shell_quote,$(B))
