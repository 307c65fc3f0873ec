# SPDX-License-Identifier: GPL-2.0
# tests/fuzz/: a fuzz target for every reader of what kabench did not
# write itself (tests/fuzz/README.md). make fuzz runs each under libFuzzer
# (clang); tests/fuzz/test-fuzz-replay.sh builds each with gcc's ASan and
# UBSan and tests/fuzz/replay.c as its main, and replays the corpora.

FUZZ_TARGETS := parse-console bzimage-header summarize profile-raw system-map \
	worker-elf profile-check console-times options qmp-reply
FUZZ_SECONDS ?= 60
FUZZ_SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all -g -O1
FUZZ_CFLAGS := -std=gnu11 -Wall -Wextra -Itests/fuzz

# Per target: the product files it includes or links, its include paths.
fuzz_profile := tests/fuzz/fuzz-profile.h guest/plugin/profile-raw.c guest/plugin/profile-syms.c \
	guest/plugin/profile-check.c guest/plugin/profile-attrib.h guest/plugin/classify.c \
	guest/plugin/classify.h bench/mark.h
fuzz_deps_parse-console := guest/parse-console.c guest/marker.h bench/kabench.h
fuzz_deps_bzimage-header := $(fuzz_deps_parse-console)
fuzz_deps_summarize := analyze/summarize.c analyze/csv.c analyze/csv.h analyze/stats.c \
	analyze/stats.h build/analyze/columns.h
fuzz_deps_profile-raw := $(fuzz_profile)
fuzz_deps_system-map := $(fuzz_profile)
fuzz_deps_worker-elf := $(fuzz_profile)
fuzz_deps_profile-check := $(fuzz_profile)
fuzz_deps_console-times := guest/console-times.c
fuzz_deps_options := bench/args.c bench/runner.h bench/kabench.h
fuzz_deps_qmp-reply := guest/pin-vcpus.c
fuzz_link_summarize := analyze/csv.c analyze/stats.c -lm
fuzz_link_profile-raw := guest/plugin/classify.c
fuzz_link_system-map := guest/plugin/classify.c
fuzz_link_worker-elf := guest/plugin/classify.c
fuzz_link_profile-check := guest/plugin/classify.c
fuzz_link_options := bench/args.c
fuzz_inc_parse-console := -Iguest -Ibench
fuzz_inc_bzimage-header := -Iguest -Ibench
fuzz_inc_summarize := -Ianalyze -Ibuild/analyze
fuzz_inc_profile-raw := -Iguest/plugin -Ibench
fuzz_inc_system-map := -Iguest/plugin -Ibench
fuzz_inc_worker-elf := -Iguest/plugin -Ibench
fuzz_inc_profile-check := -Iguest/plugin -Ibench
fuzz_inc_options := -Ibench

# build/tests-fuzz/replay-T (gcc, make test) and build/tests-fuzz/fuzz-T (clang libFuzzer)
define fuzz_rules
build/tests-fuzz/replay-$(1): tests/fuzz/fuzz-$(1).c tests/fuzz/fuzz.h tests/fuzz/replay.c \
		$(fuzz_deps_$(1)) tests/fuzz/rules.mk
	$(Q)mkdir -p $$(@D)
	gcc $(FUZZ_CFLAGS) $(FUZZ_SANITIZE) $(fuzz_inc_$(1)) -o $$@ $$< tests/fuzz/replay.c $(fuzz_link_$(1))
build/tests-fuzz/fuzz-$(1): tests/fuzz/fuzz-$(1).c tests/fuzz/fuzz.h $(fuzz_deps_$(1)) tests/fuzz/rules.mk
	$(Q)mkdir -p $$(@D)
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
		-g -O1 $(fuzz_inc_$(1)) -o $$@ $$< $(fuzz_link_$(1))
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call fuzz_rules,$(t))))

.PHONY: fuzz fuzz-replay fuzz-deps
## fuzz [FUZZ_SECONDS=60]: run every fuzz target (tests/fuzz/) under libFuzzer for N seconds each, at nice 19; per target executions, coverage, findings
fuzz: fuzz-deps $(addprefix build/tests-fuzz/fuzz-,$(FUZZ_TARGETS))
	tests/fuzz/run-fuzz $(call shell_quote,$(FUZZ_SECONDS)) $(FUZZ_TARGETS)
# clang and its libFuzzer runtime: make fuzz's alone (make test builds with gcc)
fuzz-deps:
	$(Q)lib/install-deps clang libclang-rt-14-dev
## fuzz-replay: build every fuzz target with gcc's ASan+UBSan (tests/fuzz/test-fuzz-replay.sh replays the corpora)
fuzz-replay: $(addprefix build/tests-fuzz/replay-,$(FUZZ_TARGETS))

# The readers themselves built with the same sanitizers, for the test's
# runs over the golden console logs and the reference run.
fuzz_attrib_src := $(or $(PROFILE_ATTRIB_SRC),guest/plugin/profile-attrib.c \
	guest/plugin/profile-syms.c guest/plugin/profile-raw.c guest/plugin/profile-check.c \
	guest/plugin/classify.c)
build/tests-fuzz/asan/parse-console: guest/parse-console.c guest/marker.h bench/kabench.h
	$(Q)mkdir -p $(@D)
	gcc $(FUZZ_CFLAGS) $(FUZZ_SANITIZE) -Iguest -Ibench -o $@ $<
build/tests-fuzz/asan/console-times: guest/console-times.c
	$(Q)mkdir -p $(@D)
	gcc $(FUZZ_CFLAGS) $(FUZZ_SANITIZE) -o $@ $<
build/tests-fuzz/asan/summarize: $(fuzz_deps_summarize)
	$(Q)mkdir -p $(@D)
	gcc $(FUZZ_CFLAGS) $(FUZZ_SANITIZE) -Ianalyze -Ibuild/analyze -o $@ $< analyze/csv.c \
		analyze/stats.c -lm
build/tests-fuzz/asan/profile-attrib: $(fuzz_attrib_src) $(wildcard guest/plugin/*.h) bench/mark.h
	$(Q)mkdir -p $(@D)
	gcc $(FUZZ_CFLAGS) $(FUZZ_SANITIZE) -Iguest/plugin -o $@ $(fuzz_attrib_src)
fuzz-replay: $(addprefix build/tests-fuzz/asan/,parse-console console-times summarize profile-attrib)
