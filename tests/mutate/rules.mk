# SPDX-License-Identifier: GPL-2.0
# tests/mutate/: mutation testing of the committed tree
# (tests/mutate/README.md), and the fast set of test scripts.

.PHONY: mutate test-fast
## mutate [MUTATIONS=regex]: apply each one-line mutation of tests/mutate/mutations to a scratch worktree of HEAD and run the tests that cover it, then the fast set (nice 19); caught / NOT CAUGHT each and the check that caught it; exit 1 if one survives
mutate:
	MUTATIONS=$(call shell_quote,$(MUTATIONS)) nice -n 19 tests/mutate/mutate
## test-fast: run every kernel-free test script (tests/run --tag kernel-free: no kernel built, fetched or booted; a minute on a quiet machine, minutes beside other work: two of them time the host)
test-fast: deps
	tests/run --tag kernel-free
