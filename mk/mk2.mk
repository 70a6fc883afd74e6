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

# ---- the RTL under Verilator replays the reference model's pins: every output pin at every node clock.
# 20 random seeds of 50,000 node clocks (10^6 in all) plus the directed scripts.
VREPLAY_DIR := $(BUILD)/vreplay
VREPLAY := $(VREPLAY_DIR)/obj/mk2_vreplay
VREPLAY_SEEDS ?= $(shell seq 1 20)
VREPLAY_TICKS ?= 50000
TEST_TARGETS += mk2-verilator-replay
.PHONY: mk2-verilator-replay

$(VREPLAY): $(MK2_LINT_FILES) sim/mk2_shim.cpp sim/mk2_shim.h sim/mk2_vreplay.c | deps
	@mkdir -p $(VREPLAY_DIR)
	@echo "verilator: building $@ (log: $(VREPLAY_DIR)/build.log)"
	@verilator --cc --exe --build -O2 --Mdir $(VREPLAY_DIR)/obj -CFLAGS "-I$(CURDIR)/sim" \
	  $(MK2_LINT_FILES) --top-module mk2_chip $(CURDIR)/sim/mk2_shim.cpp $(CURDIR)/sim/mk2_vreplay.c \
	  -o mk2_vreplay > $(VREPLAY_DIR)/build.log 2>&1 || { tail -20 $(VREPLAY_DIR)/build.log; exit 1; }

mk2-verilator-replay: deps $(VREPLAY) $(MK2MODEL) $(MK2GEN)
	@rm -rf $(VREPLAY_DIR)/runs; mkdir -p $(BUILD)/results $(VREPLAY_DIR)/runs
	@pass=0; fail=0; ticks=0; \
	for s in $(VREPLAY_SEEDS); do \
	  $(MK2GEN) $$s --ticks $(VREPLAY_TICKS) -o $(VREPLAY_DIR)/runs/seed-$$s.bus || exit 2; done; \
	for s in $(VREPLAY_DIR)/runs/seed-*.bus $(DIRECTED_SCRIPTS); do \
	  n=$$(basename $$s .bus); p=$(VREPLAY_DIR)/runs/$$n.pins; \
	  if ! $(MK2MODEL) $$s --pins $$p > $(VREPLAY_DIR)/runs/$$n.model.log 2>&1; then \
	    fail=$$((fail+1)); echo "FAIL $$n: the script fails its own checks on the model:"; \
	    grep FAIL $(VREPLAY_DIR)/runs/$$n.model.log | head -3; continue; fi; \
	  res=$$($(VREPLAY) $$p | head -1); \
	  case "$$res" in "REPLAY OK "*) pass=$$((pass+1)); ticks=$$((ticks+$${res#REPLAY OK })) ;; \
	    *) fail=$$((fail+1)); echo "FAIL $$n: $$res"; echo "    replay: $(VREPLAY) $$p";; esac; \
	done; \
	echo "verilator replay: $$pass runs identical, $$fail differ ($$ticks node clocks compared pin by pin)"; \
	echo "$$pass $$fail" > $(BUILD)/results/mk2-verilator-replay.result; [ $$fail -eq 0 ]
