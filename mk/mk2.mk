# MultiKron II: make sim, make wave, lint, the Verilated RTL and its C testbench.
#
#   make sim [SCRIPT=tb/scripts/demo.bus] [TRACE=file] [WAVES=1]
#
# `make sim` runs a stimulus script on the Verilated RTL through its pins (sim/mk2_tb.c: bus-functional
# model, network capture with parity/EOM/NETRDY checks, conservation), prints the decoded samples and
# writes the trace; WAVES=1 also writes an FST for GTKWave (`make wave` opens it with tb/mk2.gtkw).

SCRIPT ?= tb/scripts/demo.bus
SIM_DIR := $(BUILD)/sim
SIM_NAME = $(basename $(notdir $(SCRIPT)))
TRACE ?= $(SIM_DIR)/$(SIM_NAME).trace
WAVES ?= 0
MK2_LINT_FILES = $(sort $(wildcard rtl/mk2/*.v) $(wildcard rtl/common/*.v))

# The RTL is Verilated once into a library (with FST tracing compiled in, off unless asked); every C
# program of the testbench links against it.
MK2_VDIR := $(BUILD)/mk2
MK2_VLIB := $(MK2_VDIR)/obj/Vmk2_chip__ALL.a
VERILATOR_INC = $(shell verilator --getenv VERILATOR_ROOT)/include
MK2_TB_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Isim -Irtl/mk2
MK2_VRT := $(addprefix $(MK2_VDIR)/obj/,verilated.o verilated_fst_c.o verilated_threads.o)
MK2_TB_OBJS = $(MK2_VDIR)/mk2_shim.o $(MK2_VDIR)/mk2_tb.o $(MK2_VLIB) $(MK2_VRT)
MK2_TB_LIBS := -lz -pthread
MK2SIM := $(BUILD)/mk2sim

LINT_TARGETS += mk2-lint
.PHONY: sim wave mk2-lint mk2sim

$(MK2_VLIB): $(MK2_LINT_FILES) | deps
	@mkdir -p $(MK2_VDIR)
	@echo "verilator: building the RTL library (log: $(MK2_VDIR)/build.log)" >&2
	@verilator --cc --build -O2 --trace-fst --timescale 1ns/1ns --Mdir $(MK2_VDIR)/obj -Irtl/mk2 $(MK2_LINT_FILES) --top-module mk2_chip \
	  > $(MK2_VDIR)/build.log 2>&1 || { tail -20 $(MK2_VDIR)/build.log; exit 1; }
	@$(MAKE) --no-print-directory -C $(MK2_VDIR)/obj -f Vmk2_chip.mk $(notdir $(MK2_VRT)) >> $(MK2_VDIR)/build.log 2>&1 \
	  || { tail -20 $(MK2_VDIR)/build.log; exit 1; }

$(MK2_VRT): $(MK2_VLIB)

$(MK2_VDIR)/mk2_shim.o: sim/mk2_shim.cpp sim/mk2_shim.h $(MK2_VLIB)
	@$(CXX) -O2 -std=c++17 -Isim -I$(MK2_VDIR)/obj -I$(VERILATOR_INC) -I$(VERILATOR_INC)/vltstd -c -o $@ $<

$(MK2_VDIR)/mk2_tb.o: sim/mk2_tb.c sim/mk2_tb.h sim/mk2_shim.h | deps
	@mkdir -p $(@D)
	@$(CC) $(MK2_TB_CFLAGS) -c -o $@ $<

$(MK2SIM): sim/mk2sim_main.c $(MK2_TB_OBJS)
	@$(CC) $(MK2_TB_CFLAGS) -c -o $(MK2_VDIR)/mk2sim_main.o $<
	@$(CXX) -o $@ $(MK2_VDIR)/mk2sim_main.o $(MK2_TB_OBJS) $(MK2_TB_LIBS)

mk2sim: deps $(MK2SIM)

sim: deps $(MK2SIM)
	@mkdir -p $(SIM_DIR) $(dir $(TRACE))
	@$(MK2SIM) $(SCRIPT) --trace $(TRACE) --timing $(if $(filter 1,$(WAVES)),--waves $(SIM_DIR)/$(SIM_NAME).fst)
	@cat $(TRACE)
	@echo "trace: $(TRACE)"
	@[ "$(WAVES)" != 1 ] || echo "waves: $(SIM_DIR)/$(SIM_NAME).fst (make wave SCRIPT=$(SCRIPT) opens it)"

wave: deps-fpga
	@[ -f $(SIM_DIR)/$(SIM_NAME).fst ] || $(MAKE) --no-print-directory sim WAVES=1 SCRIPT=$(SCRIPT)
	gtkwave --rcvar 'do_initial_zoom_fit yes' $(SIM_DIR)/$(SIM_NAME).fst tb/mk2.gtkw

mk2-lint: deps
	verilator --lint-only -Wall -Irtl/mk2 $(MK2_LINT_FILES) --top-module mk2_chip
	@# the other legal corners: smallest and a large FIFO, the hybrid link on, and the FPGA board top
	verilator --lint-only -Wall -Irtl/mk2 $(MK2_LINT_FILES) --top-module mk2_chip -GFIFO_DEPTH=2
	verilator --lint-only -Wall -Irtl/mk2 $(MK2_LINT_FILES) --top-module mk2_chip -GFIFO_DEPTH=255
	verilator --lint-only -Wall -Irtl/mk2 $(MK2_LINT_FILES) --top-module mk2_chip -GHW_TRIGGER=1 -GHW_TRIGGER_LEVEL=3 -GHW_TRIGGER_CPU=5
	verilator --lint-only -Wall -Irtl/mk2 $(MK2_LINT_FILES) rtl/boards/mk2_fpga_eval_top.v --top-module mk2_fpga_eval_top
	iverilog -g2005 -Irtl/mk2 -o /dev/null -s mk2_chip $(MK2_LINT_FILES)
	iverilog -g2005 -Irtl/mk2 -o /dev/null -s mk2_fpga_eval_top $(MK2_LINT_FILES) rtl/boards/mk2_fpga_eval_top.v

# ---- the RTL under Verilator replays the reference model's pins: every output pin at every node clock.
# 20 random seeds of 50,000 node clocks (10^6 in all) plus the directed scripts.
VREPLAY_DIR := $(BUILD)/vreplay
VREPLAY := $(VREPLAY_DIR)/obj/mk2_vreplay
VREPLAY_SEEDS ?= $(shell seq 1 20)
VREPLAY_TICKS ?= 50000
TEST_TARGETS += mk2-verilator-replay
.PHONY: mk2-verilator-replay

$(VREPLAY): sim/mk2_vreplay.c $(MK2_VDIR)/mk2_shim.o $(MK2_VLIB) $(MK2_VRT)
	@mkdir -p $(@D)
	@$(CC) $(MK2_TB_CFLAGS) -c -o $(VREPLAY_DIR)/mk2_vreplay.o $<
	@$(CXX) -o $@ $(VREPLAY_DIR)/mk2_vreplay.o $(MK2_VDIR)/mk2_shim.o $(MK2_VLIB) $(MK2_VRT) $(MK2_TB_LIBS)

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

# ---- directed scenarios against their reviewed golden traces; bad scripts; the Check suites on the RTL
TEST_TARGETS += mk2-golden mk2-bad-inputs
.PHONY: mk2-golden bless mk2-bad-inputs mk2-check

mk2-golden: deps $(MK2SIM)
	@mkdir -p $(BUILD)/results
	@scripts/mk2-golden --sim $(MK2SIM) --out $(BUILD)/golden --result $(BUILD)/results/mk2-golden.result \
	  $(DIRECTED_SCRIPTS)

# Rewrites tb/golden/*.trace from the RTL (all, or BLESS=tb/scripts/x.bus): review `git diff tb/golden`.
bless: deps $(MK2SIM)
	@scripts/mk2-golden --bless --sim $(MK2SIM) --out $(BUILD)/golden $(or $(BLESS),$(DIRECTED_SCRIPTS))

mk2-bad-inputs: deps $(MK2SIM) $(MK2MODEL)
	@mkdir -p $(BUILD)/results
	@scripts/mk2-bad-inputs --result $(BUILD)/results/mk2-bad-inputs.result $(MK2SIM) $(MK2MODEL)

# acceptance scripts written from the spec alone (tb/acceptance/README.md), on the RTL and on the model
TEST_TARGETS += mk2-acceptance
.PHONY: mk2-acceptance
mk2-acceptance: deps $(MK2SIM) $(MK2MODEL)
	@mkdir -p $(BUILD)/results
	@scripts/mk2-acceptance --result $(BUILD)/results/mk2-acceptance.result $(MK2SIM) $(MK2MODEL)

MK2_CHECK_SRC = $(sort $(wildcard tb/check/*.c))
MK2_CHECK := $(MK2_VDIR)/mk2_check
ifneq ($(MK2_CHECK_SRC),)
TEST_TARGETS += mk2-check
endif

$(MK2_CHECK): $(MK2_CHECK_SRC) $(wildcard tb/check/*.h) $(MK2_TB_OBJS)
	@mkdir -p $(MK2_VDIR)/check
	@for f in $(MK2_CHECK_SRC); do \
	  $(CC) $(MK2_TB_CFLAGS) $(shell pkg-config --cflags check) -c $$f -o $(MK2_VDIR)/check/$$(basename $$f .c).o || exit 1; done
	@$(CXX) -o $@ $(patsubst tb/check/%.c,$(MK2_VDIR)/check/%.o,$(MK2_CHECK_SRC)) $(MK2_TB_OBJS) \
	  $(shell pkg-config --libs check) $(MK2_TB_LIBS)

# Check suites: one test per row of Tables B1, B3a, B3b, B4-B7 and per CLARIFICATIONS bullet, on the RTL
mk2-check: deps $(MK2_CHECK)
	@mkdir -p $(BUILD)/results
	@$(MK2_CHECK) $(BUILD)/results/mk2-check.result
