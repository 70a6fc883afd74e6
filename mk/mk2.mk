# MultiKron II: the RTL (rtl/mk2), its one script runner over two backends (sim/mk2), the reference model
# (model/), and their tests (tb/mk2). docs/architecture.md maps the blocks; docs/mk2-scripts.md the
# script language.
#
#   make sim [SCRIPT=tb/mk2/scripts/demo.bus] [TRACE=file] [WAVES=1] [BACKEND=rtl|model|lockstep] [FIFO_DEPTH=N]
#   make wave                  open the FST of `make sim WAVES=1` in GTKWave
#   make mk2sim / make model   build the runner (all backends) / the model-only runner
#   make soak [TICKS=N] [SEEDS="1 2"]   random scripts in lockstep, RTL against model, N node clocks a seed
#   make bless [BLESS=tb/mk2/scripts/x.bus]   rewrite golden traces from the RTL (review the diff!)

MK2_DIR := $(BUILD)/mk2
MK2SIM := $(BUILD)/mk2sim
MK2MODEL := $(BUILD)/model/mk2model
MK2GEN := $(BUILD)/model/mk2-randscript
MK2_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Isim/mk2 -Imodel -Irtl/mk2 -Itools/libmk2trace -Itools/libmk2script
MK2_DEPTHS := 2 8 16
MK2_RUNNER_SRC := sim/mk2/mk2_tb.c sim/mk2/mk2_lockstep.c model/mk2_backend_model.c model/mk2_model.c tools/libmk2script/mk2script.c \
  tools/libmk2trace/mk2trace.c
MK2_RUNNER_HDR := $(wildcard sim/mk2/*.h model/*.h tools/libmk2trace/*.h tools/libmk2script/*.h rtl/mk2/*.h)
MK2_RUNNER_OBJS = $(patsubst %.c,$(MK2_DIR)/obj/%.o,$(MK2_RUNNER_SRC))
DIRECTED_SCRIPTS = $(sort $(wildcard tb/mk2/scripts/*.bus))

# the RTL once per FIFO depth (one Verilator runtime serves all three)
$(foreach d,$(MK2_DEPTHS),$(eval $(call verilate,$(MK2_DIR)/d$(d),Vmk2_chip_d$(d),mk2_chip,-Irtl/mk2 -GFIFO_DEPTH=$(d),$(MK2_RTL))))
MK2_VLIBS = $(foreach d,$(MK2_DEPTHS),$(MK2_DIR)/d$(d)/Vmk2_chip_d$(d)__ALL.a) $(MK2_DIR)/d8/libverilated.a
$(MK2_VLIBS): $(MK2_RTL_INC)

$(MK2_DIR)/obj/%.o: %.c $(MK2_RUNNER_HDR) | deps
	@mkdir -p $(@D)
	@$(CC) $(MK2_CFLAGS) -c -o $@ $<

$(MK2_DIR)/backend_rtl.o: sim/mk2/mk2_backend_rtl.cpp sim/mk2/mk2_backend.h sim/common/vshim.h $(MK2_VLIBS)
	@$(CXX) $(VSHIM_CXXFLAGS) -Isim/mk2 $(foreach d,$(MK2_DEPTHS),-I$(MK2_DIR)/d$(d)) -c -o $@ $<

MK2_RTL_LINK = $(MK2_DIR)/backend_rtl.o $(MK2_VLIBS) -lz -pthread

$(MK2SIM): $(MK2_DIR)/obj/sim/mk2/mk2run_main.o $(MK2_RUNNER_OBJS) $(MK2_DIR)/backend_rtl.o
	@$(CXX) -o $@ $< $(MK2_RUNNER_OBJS) $(MK2_RTL_LINK)

# the model-only runner: the same program without Verilator
$(MK2MODEL): sim/mk2/mk2run_main.c sim/mk2/mk2_backend_rtl_none.c $(MK2_RUNNER_OBJS) | deps
	@mkdir -p $(@D)
	@$(CC) $(MK2_CFLAGS) -DDEFAULT_BACKEND='"model"' -o $@ sim/mk2/mk2run_main.c sim/mk2/mk2_backend_rtl_none.c \
	  $(MK2_RUNNER_OBJS)

$(MK2GEN): tools/mk2-randscript/mk2-randscript.c | deps
	@mkdir -p $(@D)
	@$(CC) $(MK2_CFLAGS) -o $@ $<

.PHONY: sim wave mk2sim model bless soak mk2-lint
mk2sim: deps $(MK2SIM)
model: deps $(MK2MODEL) $(MK2GEN)

SCRIPT ?= tb/mk2/scripts/demo.bus
BACKEND ?= rtl
FIFO_DEPTH ?= 8
WAVES ?= 0
SIM_DIR := $(BUILD)/sim
SIM_NAME = $(basename $(notdir $(SCRIPT)))
TRACE ?= $(SIM_DIR)/$(SIM_NAME).trace

# the trace, and from the raw capture beside it the host tools' CSV, Perfetto trace and HTML report
sim: deps $(MK2SIM) tools
	@mkdir -p "$(SIM_DIR)" "$(dir $(TRACE))"
	@[[ "$(FIFO_DEPTH)" =~ ^[0-9]+$$ ]] || { echo "make sim: FIFO_DEPTH is a number, got '$(FIFO_DEPTH)'" >&2; exit 2; }
	@$(MK2SIM) "$(SCRIPT)" --backend "$(BACKEND)" --fifo-depth "$(FIFO_DEPTH)" --trace "$(TRACE)" --timing \
	  --capture "$(SIM_DIR)/$(SIM_NAME).cap" $(if $(filter 1,$(WAVES)),--waves "$(SIM_DIR)/$(SIM_NAME).fst")
	@cat "$(TRACE)"
	@$(MK2TRACE) csv -o "$(SIM_DIR)/$(SIM_NAME).csv" "$(SIM_DIR)/$(SIM_NAME).cap"
	@$(MK2TRACE) perfetto -o "$(SIM_DIR)/$(SIM_NAME).pftrace" "$(SIM_DIR)/$(SIM_NAME).cap"
	@$(MK2TRACE) html -o "$(SIM_DIR)/$(SIM_NAME).html" "$(SIM_DIR)/$(SIM_NAME).cap"
	@echo "trace:    $(TRACE)"
	@echo "capture:  $(SIM_DIR)/$(SIM_NAME).cap   (raw network bytes, docs/trace-tools.md)"
	@echo "csv:      $(SIM_DIR)/$(SIM_NAME).csv"
	@echo "perfetto: $(SIM_DIR)/$(SIM_NAME).pftrace   (open in the Perfetto UI)"
	@echo "report:   $(SIM_DIR)/$(SIM_NAME).html"
	@[ "$(WAVES)" != 1 ] || echo "waves:    $(SIM_DIR)/$(SIM_NAME).fst (make wave SCRIPT=$(SCRIPT) opens it)"

wave: deps-fpga
	@[ -f "$(SIM_DIR)/$(SIM_NAME).fst" ] || $(MAKE) --no-print-directory sim WAVES=1 SCRIPT="$(SCRIPT)"
	gtkwave --rcvar 'do_initial_zoom_fit yes' "$(SIM_DIR)/$(SIM_NAME).fst" tb/mk2/mk2.gtkw

# Rewrites the golden traces tb/mk2/scripts/*.expect from the RTL (all, or BLESS=tb/mk2/scripts/x.bus):
# review `git diff tb/mk2/scripts` line by line.
bless: deps $(MK2SIM)
	@tb/mk2/run-golden --bless --sim $(MK2SIM) --out $(BUILD)/golden $(or $(BLESS),$(DIRECTED_SCRIPTS))

LINT_TARGETS += mk2-lint
mk2-lint: deps
	verilator --lint-only -Wall -Irtl/mk2 $(MK2_RTL) --top-module mk2_chip
	@# the other legal corners: smallest and a large FIFO, the hybrid link on; the FPGA board top and the floor
	verilator --lint-only -Wall -Irtl/mk2 $(MK2_RTL) --top-module mk2_chip -GFIFO_DEPTH=2
	verilator --lint-only -Wall -Irtl/mk2 $(MK2_RTL) --top-module mk2_chip -GFIFO_DEPTH=255
	verilator --lint-only -Wall -Irtl/mk2 $(MK2_RTL) --top-module mk2_chip -GHW_TRIGGER=1 -GHW_TRIGGER_LEVEL=3 -GHW_TRIGGER_CPU=5
	verilator --lint-only -Wall -Irtl/mk2 $(MK2_RTL) $(MK2_BOARD_TOP) --top-module mk2_fpga_eval_top
	verilator --lint-only -Wall $(MK2_FLOOR_TOP) --top-module mk2_floor_read_top
	verilator --lint-only -Wall $(MK2_FLOOR_TOP) --top-module mk2_floor_read_top -GFILL=16
	iverilog -g2005 -Irtl/mk2 -o /dev/null -s mk2_chip $(MK2_RTL)
	iverilog -g2005 -Irtl/mk2 -o /dev/null -s mk2_fpga_eval_top $(MK2_RTL) $(MK2_BOARD_TOP)
	iverilog -g2005 -Wall -o /dev/null -s mk2_floor_read_top $(MK2_FLOOR_TOP)

# ---------------------------------------------------------------- tests (make test)
TEST_TARGETS += mk2-golden mk2-acceptance mk2-bad-inputs mk2-grammar mk2-check-rtl mk2-check-model mk2-model-unit \
  mk2-cosim-directed mk2-cosim-random replay-icarus-rtl replay-icarus-model replay-icarus-at-edge
.PHONY: mk2-golden mk2-acceptance mk2-bad-inputs mk2-grammar mk2-check-rtl mk2-check-model mk2-model-unit \
  mk2-cosim-directed mk2-cosim-random replay-icarus-rtl replay-icarus-model replay-icarus-at-edge

# directed scenarios against their reviewed golden traces (tb/mk2/scripts/NAME.expect), on the RTL
mk2-golden: deps $(MK2SIM)
	$(call run_suite,$@,tb/mk2/run-golden --sim $(MK2SIM) --out $(BUILD)/golden $(DIRECTED_SCRIPTS))

# scripts written from the spec alone (tb/mk2/acceptance/README.md), on every backend
mk2-acceptance: deps $(MK2SIM)
	$(call run_suite,$@,tb/mk2/run-acceptance $(MK2SIM) rtl model lockstep)

# malformed or failing scripts stop every backend with exit 1 and a message naming the line
mk2-bad-inputs: deps $(MK2SIM)
	$(call run_suite,$@,tb/mk2/run-bad $(MK2SIM) rtl model)

# the script language's defined behaviour (docs/mk2-scripts.md): CRLF, long lines, pin levels, on every backend
mk2-grammar: deps $(MK2SIM)
	$(call run_suite,$@,tb/mk2/run-grammar $(MK2SIM) $(BUILD)/grammar rtl model lockstep)

# Check suites: a test per row of Tables B1, B3a, B3b, B4-B7 and per CLARIFICATIONS bullet; one program,
# run on each backend
MK2_CHECK_SRC = $(sort $(wildcard tb/mk2/check/*.c))
MK2_CHECK := $(MK2_DIR)/mk2_check
$(MK2_CHECK): $(MK2_CHECK_SRC) $(wildcard tb/mk2/check/*.h) $(MK2_RUNNER_OBJS) $(MK2_DIR)/backend_rtl.o
	@mkdir -p $(MK2_DIR)/check
	@for f in $(MK2_CHECK_SRC); do \
	  $(CC) $(MK2_CFLAGS) $(shell pkg-config --cflags check) -c $$f -o $(MK2_DIR)/check/$$(basename $$f .c).o || exit 1; done
	@$(CXX) -o $@ $(patsubst tb/mk2/check/%.c,$(MK2_DIR)/check/%.o,$(MK2_CHECK_SRC)) $(MK2_RUNNER_OBJS) $(MK2_RTL_LINK) \
	  $(shell pkg-config --libs check)
mk2-check-rtl: deps $(MK2_CHECK)
	$(call run_suite,$@,env MK2_BACKEND=rtl $(MK2_CHECK))
mk2-check-model: deps $(MK2_CHECK)
	$(call run_suite,$@,env MK2_BACKEND=model $(MK2_CHECK))

# hand-derived unit tests of the reference model
$(MK2_DIR)/test_model: tb/mk2/test_model.c $(MK2_RUNNER_OBJS) sim/mk2/mk2_backend_rtl_none.c | deps
	@$(CC) $(MK2_CFLAGS) $(shell pkg-config --cflags check) -o $@ $< sim/mk2/mk2_backend_rtl_none.c $(MK2_RUNNER_OBJS) \
	  $(shell pkg-config --libs check)
mk2-model-unit: deps $(MK2_DIR)/test_model
	$(call run_suite,$@,$(MK2_DIR)/test_model)

# co-simulation in lockstep: every directed script, then seeded random scripts at FIFO_DEPTH 8
# (20 seeds, about 10^6 node clocks), 2 and 16 (4 seeds each)
COSIM_SEEDS ?= $(shell seq 1 20)
COSIM_TICKS ?= 50000
COSIM_DEPTH_SEEDS ?= 21 22 23 24
mk2-cosim-directed: deps $(MK2SIM)
	$(call run_suite,$@,tb/mk2/run-cosim --sim $(MK2SIM) --out $(BUILD)/cosim-directed --tag directed scripts \
	  $(DIRECTED_SCRIPTS) $(wildcard tb/mk2/acceptance/*.bus))
mk2-cosim-random: deps $(MK2SIM) $(MK2GEN)
	$(call run_suite,$@,bash -c 'for d in 8 2 16; do \
	  seeds="$(COSIM_SEEDS)"; [ $$d = 8 ] || seeds="$(COSIM_DEPTH_SEEDS)"; \
	  tb/mk2/run-cosim --sim $(MK2SIM) --gen $(MK2GEN) --out $(BUILD)/cosim-d$$d --tag depth$$d \
	    --fifo-depth $$d --ticks $(COSIM_TICKS) random $$seeds; done')

# the second simulator: pins recorded on the RTL (Verilator) and on the model, replayed on the RTL under
# Icarus, every output pin compared at every node clock
ICARUS_DIR := $(BUILD)/icarus
MODEL_PIN_SEEDS ?= 101 102 103 104
MODEL_PIN_TICKS ?= 15000
# (the same replay built with mk2_chip's COUNT_AHEAD 0: replay-icarus-at-edge below)
$(ICARUS_DIR)/mk2_replay.vvp $(ICARUS_DIR)/mk2_replay_at_edge.vvp: tb/mk2/icarus/mk2_replay.v $(MK2_RTL) $(MK2_RTL_INC) | deps
	@mkdir -p $(@D)
	@iverilog -g2005 -Wall -Irtl/mk2 $(REPLAY_DEFINES) -o $@ -s mk2_replay tb/mk2/icarus/mk2_replay.v $(MK2_RTL)
$(ICARUS_DIR)/mk2_replay_at_edge.vvp: REPLAY_DEFINES := -DMK2_REPLAY_COUNT_AHEAD=0
replay-icarus-rtl: deps $(ICARUS_DIR)/mk2_replay.vvp $(MK2SIM)
	$(call run_suite,$@,tb/mk2/run-replay --sim $(MK2SIM) --backend rtl --vvp $(ICARUS_DIR)/mk2_replay.vvp \
	  --out $(ICARUS_DIR)/rtl $(DIRECTED_SCRIPTS))
# the seeded random scripts both model replays use, generated once
MODEL_PIN_SCRIPTS := $(patsubst %,$(ICARUS_DIR)/seeds/seed-%.bus,$(MODEL_PIN_SEEDS))
$(ICARUS_DIR)/seeds/seed-%.bus: $(MK2GEN)
	@mkdir -p $(@D)
	@$(MK2GEN) $* --ticks $(MODEL_PIN_TICKS) -o $@
# replay_model_pins SUITE,VVP: the model's pins of MODEL_PIN_SCRIPTS and every directed script, recorded
# once in $(ICARUS_DIR)/model (--reuse: whichever replay runs first records them) and replayed on VVP (both
# COUNT_AHEAD forms of the chip)
define replay_model_pins
	$(call run_suite,$(1),tb/mk2/run-replay --sim $(MK2SIM) --backend model --vvp $(2) \
	  --out $(ICARUS_DIR)/model --reuse $(MODEL_PIN_SCRIPTS) $(DIRECTED_SCRIPTS))
endef
replay-icarus-model: deps $(ICARUS_DIR)/mk2_replay.vvp $(MK2SIM) $(MODEL_PIN_SCRIPTS)
	$(call replay_model_pins,$@,$(ICARUS_DIR)/mk2_replay.vvp)
# the chip with COUNT_AHEAD 0 (the count decision's kinds formed at the edge, as the iCEBreaker top builds
# it); every other simulation runs the default, 1
replay-icarus-at-edge: deps $(ICARUS_DIR)/mk2_replay_at_edge.vvp $(MK2SIM) $(MODEL_PIN_SCRIPTS)
	$(call replay_model_pins,$@,$(ICARUS_DIR)/mk2_replay_at_edge.vvp)

# not in make test: TICKS node clocks in all (default 10^8) of seeded random scripts in lockstep, SEED_TICKS
# each (seeds 1000, 1001, ...); 0 differences, and the largest resident memory of one run printed
TICKS ?= 100000000
SEED_TICKS ?= 2000000
soak: deps $(MK2SIM) $(MK2GEN)
	@[[ "$(TICKS)" =~ ^[0-9]+$$ && "$(SEED_TICKS)" =~ ^[1-9][0-9]*$$ ]] || \
	  { echo "make soak: TICKS and SEED_TICKS are node-clock counts (decimal), got '$(TICKS)' '$(SEED_TICKS)'" >&2; exit 2; }
	$(call run_suite,$@,tb/mk2/run-cosim --sim $(MK2SIM) --gen $(MK2GEN) --out $(BUILD)/soak --tag soak \
	  --ticks $(SEED_TICKS) random $$(seq 1000 $$((999 + ($(TICKS) + $(SEED_TICKS) - 1) / $(SEED_TICKS)))))

# ---- fuzzing the script runner: `make fuzz-mk2-script [FUZZ_SECONDS=600]` runs AFL++ on the parser and the
# model backend, then every input it found in lockstep (RTL against model; no difference allowed);
# `make test` replays the committed corpus (tb/mk2/fuzz/corpus) with sanitizers and in lockstep ----
MK2_FUZZ_DIR := $(BUILD)/fuzz-mk2
FUZZ_SECONDS ?= 600
MK2_FUZZ_SRC := tb/mk2/fuzz/mk2_script_fuzz.c sim/mk2/mk2_backend_rtl_none.c $(MK2_RUNNER_SRC)
$(MK2_FUZZ_DIR)/asan: $(MK2_FUZZ_SRC) $(MK2_RUNNER_HDR) | deps
	@mkdir -p $(@D)
	@$(CC) $(filter-out -O2,$(MK2_CFLAGS)) -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -o $@ $(MK2_FUZZ_SRC)
$(MK2_FUZZ_DIR)/afl: $(MK2_FUZZ_SRC) $(MK2_RUNNER_HDR) | deps
	@mkdir -p $(@D)
	$(call apt_need,afl++ clang)
	@AFL_QUIET=1 afl-clang-fast $(filter-out -Werror,$(MK2_CFLAGS)) -o $@ $(MK2_FUZZ_SRC)

TEST_TARGETS += mk2-fuzz-replay
.PHONY: mk2-fuzz-replay fuzz-mk2-script
mk2-fuzz-replay: deps $(MK2_FUZZ_DIR)/asan $(MK2SIM)
	$(call run_suite,$@,tb/mk2/run-fuzz-replay $(MK2_FUZZ_DIR)/asan $(MK2SIM) tb/mk2/fuzz/corpus)

fuzz-mk2-script: deps $(MK2_FUZZ_DIR)/afl $(MK2SIM)
	@[[ "$(FUZZ_SECONDS)" =~ ^[1-9][0-9]*$$ ]] || { echo "make fuzz-mk2-script: FUZZ_SECONDS is a number of seconds" >&2; exit 2; }
	@rm -rf $(MK2_FUZZ_DIR)/out
	@AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 AFL_QUIET=1 \
	  afl-fuzz -V $(FUZZ_SECONDS) -t 2000 -i tb/mk2/fuzz/corpus -o $(MK2_FUZZ_DIR)/out -- $(MK2_FUZZ_DIR)/afl @@ \
	  > $(MK2_FUZZ_DIR)/afl.log 2>&1 || { tail -20 $(MK2_FUZZ_DIR)/afl.log; exit 1; }
	@s=$(MK2_FUZZ_DIR)/out/default/fuzzer_stats; \
	echo "afl-fuzz: $$(sed -n 's/^execs_done *: //p' $$s) executions, $$(sed -n 's/^corpus_count *: //p' $$s) inputs in the queue, \
	$$(sed -n 's/^saved_crashes *: //p' $$s) crashes, $$(sed -n 's/^saved_hangs *: //p' $$s) hangs"
	$(call run_suite,$@,tb/mk2/run-fuzz-replay $(MK2_FUZZ_DIR)/afl $(MK2SIM) $(MK2_FUZZ_DIR)/out/default/queue)
	@c=$$(ls $(MK2_FUZZ_DIR)/out/default/crashes 2>/dev/null | grep -vc README); [ "$$c" -eq 0 ] || \
	  { echo "FAIL: $$c crashing inputs in $(MK2_FUZZ_DIR)/out/default/crashes"; exit 1; }
