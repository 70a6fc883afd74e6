# Top-level Makefile. Each subsystem lives in its own fragment under mk/ so that
# the MultiKron II, the REMS blocks and the host tools can grow independently.
#
#   make sim      run a stimulus script on the Verilated MultiKron II (demo by default)
#   make test     every test of the project (what CI runs)
#   make lint     verilator --lint-only -Wall over every core
#   make clean    remove build/
#
# A fragment adds its test targets to TEST_TARGETS. A test target runs its cases through
# $(call run_suite,NAME,COMMAND) (mk/verilator.mk, scripts/run-suite): it exits non-zero on failure
# and writes build/results/<target>.result holding "PASSED FAILED".
#
# The library fragments (install functions, the Verilator recipe, the file lists) are read first since
# the block fragments call their functions while being read; the block fragments may come in any order:
# they refer to each other's variables only in recipes or, in prerequisites, through the second
# expansion below ($$(REMSC)).

.DEFAULT_GOAL := sim
SHELL := /bin/bash
BUILD := build
TEST_TARGETS :=
LINT_TARGETS :=

.SECONDEXPANSION:
# intermediate objects of pattern-rule chains stay, so that a second make rebuilds nothing
.SECONDARY:
MK_LIBRARY := mk/deps.mk mk/verilator.mk mk/files.mk
include $(MK_LIBRARY)
include $(sort $(filter-out $(MK_LIBRARY),$(wildcard mk/*.mk)))

.PHONY: test lint clean
# its wall time goes to build/test-time.txt (make bench reports it)
test: deps
	@rm -rf $(BUILD)/results; mkdir -p $(BUILD)/results
	@t0=$$(date +%s); bad=""; for t in $(TEST_TARGETS); do \
	  echo "=== $$t"; \
	  if ! $(MAKE) --no-print-directory $$t; then bad="$$bad $$t"; \
	    [ -f $(BUILD)/results/$$t.result ] || echo "0 1" > $(BUILD)/results/$$t.result; fi; \
	done; \
	echo "$$(( $$(date +%s) - t0 )) s wall time on $$(date -u '+%Y-%m-%d') ($$(nproc) cores$${bad:+, with failures:$$bad})" \
	  > $(BUILD)/test-time.txt; \
	scripts/summarize-results $(BUILD)/results $$bad

lint: deps $(LINT_TARGETS)

# make test runs the lint too, so a warning (verilator -Wall, iverilog) fails CI
TEST_TARGETS += lint-test
.PHONY: lint-test
# one case per lint target; a failing one shows its first warnings
LINT_RUN = bash -c 'for t in $(LINT_TARGETS); do \
  if $(MAKE) --no-print-directory -s $$t > $(BUILD)/lint-$$t.log 2>&1; then echo "PASS lint $$t: clean"; \
  else grep -m5 -i "warning\|error" $(BUILD)/lint-$$t.log; echo "FAIL lint $$t: see $(BUILD)/lint-$$t.log"; fi; done'
lint-test: deps
	$(call run_suite,lint-test,$(LINT_RUN))

clean:
	rm -rf $(BUILD)
