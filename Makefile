# Top-level Makefile. Each subsystem lives in its own fragment under mk/ so that
# the MultiKron II, the REMS blocks and the host tools can grow independently.
#
#   make sim      run a stimulus script on the Verilated MultiKron II (demo by default)
#   make test     every test of the project (what CI runs)
#   make lint     verilator --lint-only -Wall over every core
#   make clean    remove build/
#
# A fragment adds its test targets to TEST_TARGETS. A test target exits non-zero
# on failure and writes build/results/<target>.result holding "PASSED FAILED".

.DEFAULT_GOAL := sim
SHELL := /bin/bash
BUILD := build
TEST_TARGETS :=
LINT_TARGETS :=

include mk/deps.mk mk/verilator.mk
include $(sort $(filter-out mk/deps.mk mk/verilator.mk,$(wildcard mk/*.mk)))

.PHONY: test lint clean
test: deps
	@rm -rf $(BUILD)/results; mkdir -p $(BUILD)/results
	@bad=""; for t in $(TEST_TARGETS); do \
	  echo "=== $$t"; \
	  if ! $(MAKE) --no-print-directory $$t; then bad="$$bad $$t"; \
	    [ -f $(BUILD)/results/$$t.result ] || echo "0 1" > $(BUILD)/results/$$t.result; fi; \
	done; \
	scripts/summarize-results $(BUILD)/results $$bad

lint: deps $(LINT_TARGETS)

# make test runs the lint too, so a warning (verilator -Wall, iverilog) fails CI
TEST_TARGETS += lint-test
.PHONY: lint-test
lint-test: deps
	@mkdir -p $(BUILD)/results
	@if $(MAKE) --no-print-directory -s lint > $(BUILD)/lint.log 2>&1; then echo "lint: clean"; echo "1 0" > $(BUILD)/results/lint-test.result; \
	else grep -m5 -i 'warning\|error' $(BUILD)/lint.log; echo "0 1" > $(BUILD)/results/lint-test.result; exit 1; fi

clean:
	rm -rf $(BUILD)
