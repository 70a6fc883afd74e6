# MultiKron II: make sim, make wave, lint.
#
#   make sim [SCRIPT=tb/scripts/demo.bus] [TRACE=file] [WAVES=1]
#
# Until the Verilator C testbench lands (issue 2, not finished), `make sim` runs the script on the
# reference model (model/), records every pin at every tick, replays those pins on the RTL under Icarus
# and compares every RTL output pin with the model's at every tick. The trace it prints is therefore the
# RTL's own network output, checked pin for pin. WAVES=1 dumps the RTL's signals to an FST.

SCRIPT ?= tb/scripts/demo.bus
SIM_DIR := $(BUILD)/sim
SIM_NAME = $(basename $(notdir $(SCRIPT)))
TRACE ?= $(SIM_DIR)/$(SIM_NAME).trace
WAVES ?= 0
MK2_LINT_FILES = $(sort $(wildcard rtl/mk2/*.v) $(wildcard rtl/common/*.v))

LINT_TARGETS += mk2-lint
.PHONY: sim wave mk2-lint

sim: deps $(MK2MODEL) $(ICARUS_DIR)/mk2_replay.vvp
	@mkdir -p $(SIM_DIR) $(dir $(TRACE))
	@$(MK2MODEL) $(SCRIPT) --trace $(TRACE) --timing --pins $(SIM_DIR)/$(SIM_NAME).pins
	@cat $(TRACE)
	@if [ "$(WAVES)" = 1 ]; then \
	  vvp -n $(ICARUS_DIR)/mk2_replay.vvp -fst +pins=$(SIM_DIR)/$(SIM_NAME).pins +waves=$(SIM_DIR)/$(SIM_NAME).fst | grep '^REPLAY'; \
	else vvp -n $(ICARUS_DIR)/mk2_replay.vvp +pins=$(SIM_DIR)/$(SIM_NAME).pins | grep '^REPLAY'; fi | \
	  { read -r res; echo "$$res"; case "$$res" in "REPLAY OK"*) ;; *) exit 1;; esac; }
	@echo "trace: $(TRACE)"
	@[ "$(WAVES)" != 1 ] || echo "waves: $(SIM_DIR)/$(SIM_NAME).fst (make wave opens it)"

wave: deps-fpga
	gtkwave $(SIM_DIR)/$(SIM_NAME).fst

mk2-lint: deps
	verilator --lint-only -Wall $(MK2_LINT_FILES) --top-module mk2_chip
	iverilog -g2005 -o /dev/null -s mk2_chip $(MK2_LINT_FILES)
