# The independent C reference model of the MultiKron II, random co-simulation against the RTL, and the
# Icarus replay of the RTL (docs/reference-model.md).
#
#   make model           build the model runner build/model/mk2model and the generator
#   make model-unit      hand-derived unit tests of the model (Check)
#   make model-directed  every directed script on RTL and model: identical traces and bus logs
#   make model-cosim     random co-simulation, fixed seeds (COSIM_SEEDS), >= 10^6 node clocks
#   make model-icarus    the RTL under Icarus replays the pins of Verilator runs, every output every tick
#   make model-rtl-pins  the RTL under Icarus replays the pins of model runs (random seeds), pin by pin
#   make soak SEEDS="1 2 3" [SOAK_TICKS=N]   as many random seeds as asked

MODEL_DIR := $(BUILD)/model
MODEL_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Irtl/mk2
MODEL_SRC := model/mk2_model.c model/mk2model_tb.c
MODEL_HDR := model/mk2_model.h model/mk2model_tb.h sim/mk2_tb.h
MK2MODEL := $(MODEL_DIR)/mk2model
MK2GEN := $(MODEL_DIR)/mk2-randscript
# the RTL runner and its pin dump, from mk/mk2.mk
MK2SIM ?= $(BUILD)/mk2sim
COSIM := model/mk2-cosim
# 20 seeds of ~90k node clocks each: about 1.8 million node clocks on each simulator
COSIM_SEEDS ?= 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20
COSIM_TICKS ?= 50000
SOAK_TICKS ?= 200000
DIRECTED_SCRIPTS = $(sort $(wildcard tb/scripts/*.bus))

TEST_TARGETS += model-unit model-directed model-cosim model-icarus model-rtl-pins

.PHONY: model model-unit model-directed model-cosim model-icarus model-rtl-pins soak

model: $(MK2MODEL) $(MK2GEN)

$(MK2MODEL): model/mk2model_main.c $(MODEL_SRC) $(MODEL_HDR) | deps
	@mkdir -p $(@D)
	$(CC) $(MODEL_CFLAGS) -o $@ model/mk2model_main.c $(MODEL_SRC)

$(MK2GEN): tools/mk2-randscript/mk2-randscript.c | deps
	@mkdir -p $(@D)
	$(CC) $(MODEL_CFLAGS) -o $@ $<

$(MODEL_DIR)/test_model: model/test_model.c $(MODEL_SRC) $(MODEL_HDR) | deps
	@mkdir -p $(@D)
	$(CC) $(MODEL_CFLAGS) $(shell pkg-config --cflags check) -o $@ model/test_model.c $(MODEL_SRC) \
	  $(shell pkg-config --libs check)

model-unit: deps $(MODEL_DIR)/test_model
	@mkdir -p $(BUILD)/results
	$(MODEL_DIR)/test_model $(BUILD)/results/model-unit.result

model-directed: deps $(MK2MODEL) $(MK2SIM)
	@mkdir -p $(BUILD)/results
	$(COSIM) --sim $(MK2SIM) --model $(MK2MODEL) --out $(BUILD)/cosim-directed --tag directed \
	  --result $(BUILD)/results/model-directed.result scripts $(DIRECTED_SCRIPTS)

model-cosim: deps $(MK2MODEL) $(MK2GEN) $(MK2SIM)
	@mkdir -p $(BUILD)/results
	$(COSIM) --sim $(MK2SIM) --model $(MK2MODEL) --gen $(MK2GEN) --out $(BUILD)/cosim --tag random \
	  --ticks $(COSIM_TICKS) --result $(BUILD)/results/model-cosim.result random $(COSIM_SEEDS)

soak: deps $(MK2MODEL) $(MK2GEN) $(MK2SIM)
	@[ -n "$(SEEDS)" ] || { echo 'soak: give SEEDS="1 2 3" (or SEEDS="$$(seq 100 199)")'; exit 2; }
	$(COSIM) --sim $(MK2SIM) --model $(MK2MODEL) --gen $(MK2GEN) --out $(BUILD)/soak --tag soak \
	  --ticks $(SOAK_TICKS) random $(SEEDS)

# ---- Icarus replay: the same RTL under a second simulator ----
ICARUS_DIR := $(BUILD)/icarus
MK2_RTL_FILES = $(sort $(wildcard rtl/mk2/*.v) $(wildcard rtl/common/*.v))

$(ICARUS_DIR)/mk2_replay.vvp: tb/icarus/mk2_replay.v $(MK2_RTL_FILES) | deps
	@mkdir -p $(@D)
	iverilog -g2005 -Wall -Irtl/mk2 -o $@ -s mk2_replay tb/icarus/mk2_replay.v $(MK2_RTL_FILES)

model-icarus: deps $(ICARUS_DIR)/mk2_replay.vvp $(MK2SIM)
	@mkdir -p $(BUILD)/results
	tb/icarus/run-replay --sim $(MK2SIM) --vvp $(ICARUS_DIR)/mk2_replay.vvp --out $(ICARUS_DIR) \
	  --result $(BUILD)/results/model-icarus.result $(DIRECTED_SCRIPTS)

# ---- the C model's pins replayed on the RTL under Icarus: a pin-exact RTL/model comparison that
# needs no RTL harness (ACKB, D63..D0 while driven, FIFODAB, NETCLK, N7..N0, parity, EOM, OUT_EN) ----
MODEL_PIN_SEEDS ?= 101 102 103 104
MODEL_PIN_TICKS ?= 15000

model-rtl-pins: deps $(MK2MODEL) $(MK2GEN) $(ICARUS_DIR)/mk2_replay.vvp
	@mkdir -p $(BUILD)/results $(BUILD)/model-pins
	@for s in $(MODEL_PIN_SEEDS); do $(MK2GEN) $$s --ticks $(MODEL_PIN_TICKS) -o $(BUILD)/model-pins/seed-$$s.mk2 || exit 2; done
	tb/icarus/run-replay --sim $(MK2MODEL) --vvp $(ICARUS_DIR)/mk2_replay.vvp --out $(BUILD)/model-pins \
	  --result $(BUILD)/results/model-rtl-pins.result \
	  $(patsubst %,$(BUILD)/model-pins/seed-%.mk2,$(MODEL_PIN_SEEDS)) $(DIRECTED_SCRIPTS)

# ---- the Check suites of tb/check against the reference model's harness as well (the same tests as
# mk2-check, which runs them on the RTL)
TEST_TARGETS += model-check
.PHONY: model-check
$(MODEL_DIR)/check_model: $(wildcard tb/check/*.c tb/check/*.h) $(MODEL_SRC) $(MODEL_HDR) | deps
	@mkdir -p $(@D)
	@$(CC) $(MODEL_CFLAGS) -Isim -Imodel $(shell pkg-config --cflags check) -o $@ tb/check/*.c $(MODEL_SRC) \
	  $(shell pkg-config --libs check)
model-check: deps $(MODEL_DIR)/check_model
	@mkdir -p $(BUILD)/results
	@$(MODEL_DIR)/check_model $(BUILD)/results/model-check.result
