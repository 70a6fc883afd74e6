# REMS Sample Unit block (rtl/rems/sampleunit): the ratio counter pair (rems_ratio.v) and the Sample Units
# around it (rems_sample_unit.v, rems_unit_array.v, ...): Verilator harnesses (sim/rems-sampleunit), C
# models (model/ratio_model.c, model/su_model.c), tests (tb/rems-sampleunit). docs/rems-ratio.md explains them.
#
#   make ratio N=n D=d [MANT=6|14]   the RTL pair through D denominator events, the first N also numerator
#                                    events: the report in hex on stdout, nothing else
#   make ratio-test                  the ratio pair, both mantissa widths, Verilator and Icarus (in make test)
#   make sampleunit SCENARIO=file [WAVES=1]   run a scenario (tb/rems-sampleunit/*.su) on the RTL, print the samples
#   make sampleunit-test             scenarios on RTL and C model, invariants, hand-checked values (in make test)
#   make sampleunit-hybrid           two units' triggers into a MultiKron II under Icarus (in make test)
#   make sampleunit-lint             verilator -Wall and Icarus over the pair, the units and the synthesis top
# Synthesis (make sampleunit-synth) is in mk/fpga.mk, the file lists in mk/files.mk.

RATIO_DIR = $(BUILD)/ratio
SU_DIR = $(BUILD)/sampleunit
SU_CFLAGS = -std=gnu11 -O2 -g -Wall -Wextra -Werror -Isim/rems-sampleunit -Itb/rems-sampleunit -Imodel -Itools/remsc -Itb/common
MANT ?= 6
SCENARIO ?= tb/rems-sampleunit/demo.su

TEST_TARGETS += ratio-test sampleunit-test sampleunit-hybrid
LINT_TARGETS += sampleunit-lint
.PHONY: ratio ratio-test sampleunit sampleunit-test sampleunit-hybrid sampleunit-lint

# every C file of the block's harnesses, models and tests, compiled once; obj-or: again for the Sample
# Units built with OUTREG=1 matchers, whose C model must know the longer matcher latency
SU_HDR = $(wildcard sim/rems-sampleunit/*.h tb/rems-sampleunit/*.h tb/common/*.h model/ratio_model.h model/su_model.h tools/remsc/remsc.h)
$(SU_DIR)/obj/%.o: %.c $(SU_HDR) | deps
	@mkdir -p $(@D)
	@$(CC) $(SU_CFLAGS) $(CHECK_CFLAGS) -c -o $@ $<
$(SU_DIR)/obj-or/%.o: %.c $(SU_HDR) | deps
	@mkdir -p $(@D)
	@$(CC) $(SU_CFLAGS) -DSU_MATCH_LATENCY=8 $(CHECK_CFLAGS) -c -o $@ $<

# ---- the ratio pair: m6/m14 = 64 pairs side by side (tests), r6/r14 = one pair (make ratio) ----
RATIO_TB_TOP = tb/rems-sampleunit/ratio_tb_top.v
$(eval $(call verilate,$(RATIO_DIR)/m6,Vratio_top,ratio_tb_top,-Wall -GPAIRS=64 -GMANT=6,$(RATIO_RTL) $(RATIO_TB_TOP)))
$(eval $(call verilate,$(RATIO_DIR)/m14,Vratio_top,ratio_tb_top,-Wall -GPAIRS=64 -GMANT=14,$(RATIO_RTL) $(RATIO_TB_TOP)))
$(eval $(call verilate,$(RATIO_DIR)/r6,Vratio_top,ratio_tb_top,-Wall -GPAIRS=1 -GMANT=6,$(RATIO_RTL) $(RATIO_TB_TOP)))
$(eval $(call verilate,$(RATIO_DIR)/r14,Vratio_top,ratio_tb_top,-Wall -GPAIRS=1 -GMANT=14,$(RATIO_RTL) $(RATIO_TB_TOP)))
# the shim learns its variant from the folder name: m = 64 pairs, r = 1; then the mantissa width
ratio_pairs = $(if $(filter m%,$(1)),64,1)
$(RATIO_DIR)/%/shim.o: sim/rems-sampleunit/ratio_shim.cpp sim/rems-sampleunit/ratio_shim.h sim/common/vshim.h \
  $(RATIO_DIR)/%/Vratio_top__ALL.a
	@$(CXX) $(VSHIM_CXXFLAGS)$(@D) -DRATIO_PAIRS=$(call ratio_pairs,$*) -DRATIO_MANT=$(patsubst m%,%,$(patsubst r%,%,$*)) \
	  -Isim/rems-sampleunit -c -o $@ $<
ratio_objs = $(RATIO_DIR)/$(1)/shim.o $(RATIO_DIR)/$(1)/Vratio_top__ALL.a $(RATIO_DIR)/$(1)/libverilated.a

$(RATIO_DIR)/%/test_ratio: $(SU_DIR)/obj/tb/rems-sampleunit/test_ratio.o $(SU_DIR)/obj/model/ratio_model.o \
  $$(call ratio_objs,$$*)
	@$(CXX) -o $@ $^ $(CHECK_LIBS) -lz -pthread

$(RATIO_DIR)/%/ratio_run: $(SU_DIR)/obj/sim/rems-sampleunit/ratio_run.o $$(call ratio_objs,$$*)
	@$(CXX) -o $@ $^ -lz -pthread

# stdout carries the report only: builds are quiet and their messages go to stderr.
# N, D, MANT and WAVES are checked before any of them reaches a shell word (rems_q, rems_num: mk/rems-matcher.mk).
ratio:
	@[ -n $(call rems_q,N) ] && [ -n $(call rems_q,D) ] || { echo "usage: make ratio N=n D=d [MANT=6|14]" >&2; exit 2; }
	$(call rems_num,N,count)
	$(call rems_num,D,count)
	@[ $(call rems_q,MANT) = 6 ] || [ $(call rems_q,MANT) = 14 ] || \
	  { echo "make ratio: MANT="$(call rems_q,MANT)": must be 6 or 14" >&2; exit 2; }
	$(call rems_flag,WAVES)
	@$(MAKE) -s --no-print-directory deps $(RATIO_DIR)/r$(MANT)/ratio_run >&2
	@$(RATIO_DIR)/r$(MANT)/ratio_run $(if $(filter 1,$(WAVES)),--waves $(RATIO_DIR)/ratio_N$(N)_D$(D).fst) $(N) $(D)

# the same pair under Icarus: every (n, d) up to 300 and saturation, both widths (one case in the count)
$(RATIO_DIR)/ratio_icarus.vvp: tb/rems-sampleunit/ratio_icarus_tb.v $(RATIO_RTL) | deps
	@mkdir -p $(@D)
	@iverilog -g2005 -Wall -o $@ -s ratio_icarus_tb $^

RATIO_TEST_RUN = bash -c 'rc=0; for v in m6 m14; do $(RATIO_DIR)/$$v/test_ratio || rc=1; done; \
  tb/rems-sampleunit/ratio-cli-tests || rc=1; vvp -n $(RATIO_DIR)/ratio_icarus.vvp || rc=1; exit $$rc'
ratio-test: deps $(RATIO_DIR)/m6/test_ratio $(RATIO_DIR)/m14/test_ratio $(RATIO_DIR)/r6/ratio_run \
  $(RATIO_DIR)/r14/ratio_run $(RATIO_DIR)/ratio_icarus.vvp
	$(call run_suite,ratio-test,$(RATIO_TEST_RUN))

# ---- Sample Units: 4 units (two 6-bit pairs, two 6-bit pairs, one 14-bit pair, timestamp), FIFO 4, memory 64;
# v: the matchers as default (LATENCY 5), vor: with OUTREG=1 (LATENCY 8; the events ride through the
# matchers, so every sample must come out the same) ----
SU_PARAMS = -GUNITS=4 -GKINDS="16'h60" -GFIFO_DEPTH=4 -GMEM_SAMPLES=64
$(eval $(call verilate,$(SU_DIR)/v,Vsu_top,rems_unit_array,-Wall $(SU_PARAMS),$(SAMPLEUNIT_RTL)))
$(eval $(call verilate,$(SU_DIR)/vor,Vsu_top,rems_unit_array,-Wall $(SU_PARAMS) -GOUTREG=1,$(SAMPLEUNIT_RTL)))
$(SU_DIR)/%/shim.o: sim/rems-sampleunit/su_shim.cpp sim/rems-sampleunit/su_shim.h sim/common/vshim.h \
  $(SU_DIR)/%/Vsu_top__ALL.a
	@$(CXX) $(VSHIM_CXXFLAGS)$(@D) -Isim/rems-sampleunit -c -o $@ $<

# su_objs OBJDIR,VDIR: the C side compiled into OBJDIR, linked with the Verilated units of VDIR
su_objs = $(addprefix $(SU_DIR)/$(1)/,tb/rems-sampleunit/su_scenario.o model/su_model.o model/ratio_model.o \
  sim/rems-sampleunit/su_drv.o) $(SU_DIR)/$(2)/shim.o $(SU_DIR)/$(2)/Vsu_top__ALL.a $(SU_DIR)/$(2)/libverilated.a

# REMS_LIB_OBJS: the pattern compiler's library, built by mk/rems-matcher.mk
$(SU_DIR)/su_run: $(SU_DIR)/obj/sim/rems-sampleunit/su_run.o $(call su_objs,obj,v) $$(REMS_LIB_OBJS)
	@$(CXX) -o $@ $^ -lz -pthread
$(SU_DIR)/su_run_or: $(SU_DIR)/obj-or/sim/rems-sampleunit/su_run.o $(call su_objs,obj-or,vor) $$(REMS_LIB_OBJS)
	@$(CXX) -o $@ $^ -lz -pthread

$(SU_DIR)/test_sampleunit: $(SU_DIR)/obj/tb/rems-sampleunit/test_sampleunit.o $(call su_objs,obj,v) $$(REMS_LIB_OBJS)
	@$(CXX) -o $@ $^ $(CHECK_LIBS) -lz -pthread
$(SU_DIR)/test_sampleunit_or: $(SU_DIR)/obj-or/tb/rems-sampleunit/test_sampleunit.o $(call su_objs,obj-or,vor) \
  $$(REMS_LIB_OBJS)
	@$(CXX) -o $@ $^ $(CHECK_LIBS) -lz -pthread

# the waves file is named after the scenario, by the shell: make's notdir/basename split a path at blanks
sampleunit:
	@[ -n $(call rems_q,SCENARIO) ] || { echo "usage: make sampleunit SCENARIO=file [WAVES=1]" >&2; exit 2; }
	$(call rems_flag,WAVES)
	@$(MAKE) -s --no-print-directory deps $(SU_DIR)/su_run >&2
	@s=$(call rems_q,SCENARIO); w=$${s##*/}; w=$(SU_DIR)/$${w%.*}.fst; \
	  $(SU_DIR)/su_run $(if $(filter 1,$(WAVES)),--waves "$$w") -- "$$s"

SU_TEST_RUN = bash -c 'rc=0; $(SU_DIR)/test_sampleunit tb/rems-sampleunit $(SU_DIR)/su_run || rc=1; \
  $(SU_DIR)/test_sampleunit_or tb/rems-sampleunit $(SU_DIR)/su_run_or || rc=1; \
  tb/rems-sampleunit/su-cli-tests $(SU_DIR)/su_run || rc=1; exit $$rc'
sampleunit-test: deps $(SU_DIR)/test_sampleunit $(SU_DIR)/su_run $(SU_DIR)/test_sampleunit_or $(SU_DIR)/su_run_or
	$(call run_suite,sampleunit-test,$(SU_TEST_RUN))

# ---- the hybrid link from the Sample Units' side (Icarus): rems_unit_array trig_o[0]/gword_o into a
# MultiKron II with HW_TRIGGER = 1; the network's Trace samples against tb/rems-sampleunit/hybrid.expect ----
SU_HYBRID_SRC = tb/rems-sampleunit/su_hybrid_tb.v $(sort $(SAMPLEUNIT_RTL) $(MK2_HYBRID_BENCH))
$(SU_DIR)/hybrid/su_hybrid.vvp: $(SU_HYBRID_SRC) $(MK2_RTL_INC) | deps
	@mkdir -p $(@D)
	@iverilog -g2005 -Irtl/mk2 -o $@ -s su_hybrid_tb $(SU_HYBRID_SRC)

SU_HYBRID_RUN = bash -c 'd=$(SU_DIR)/hybrid; rm -rf $$d/tables; $(REMSC) -q -o $$d/tables tb/rems-sampleunit/hybrid.pat && \
  vvp -n $$d/su_hybrid.vvp +dl=$$d/tables/download.memh +out=$$d/out.txt > $$d/run.log 2>&1; \
  if grep -q "^DONE" $$d/run.log && ! grep -q FAIL $$d/run.log && cmp -s $$d/out.txt tb/rems-sampleunit/hybrid.expect; \
  then echo "PASS sampleunit hybrid: the 4 G words of two units left the MultiKron II as Trace samples, in order"; \
  else echo "FAIL sampleunit hybrid: see $$d/run.log and diff $$d/out.txt tb/rems-sampleunit/hybrid.expect"; fi'
sampleunit-hybrid: deps $$(REMSC) $(SU_DIR)/hybrid/su_hybrid.vvp
	$(call run_suite,sampleunit-hybrid,$(SU_HYBRID_RUN))

# ---- the scenario parser's fuzz target (make fuzz-rems, mk/rems-matcher.mk): parser and C model, no Verilator ----
SU_FUZZ_DIR := $(BUILD)/fuzz-rems
SU_FUZZ_SRC = tb/rems-sampleunit/fuzz/su_scenario_fuzz.c tb/rems-sampleunit/su_scenario.c model/su_model.c \
  model/ratio_model.c $(REMS_LIB_SRC)
SU_FUZZ_BINS = $(SU_FUZZ_DIR)/scenario-afl $(SU_FUZZ_DIR)/scenario-asan
$(SU_FUZZ_DIR)/scenario-asan: $$(SU_FUZZ_SRC) $(SU_HDR) | deps
	@mkdir -p $(@D)
	@$(CC) $(filter-out -O2,$(SU_CFLAGS)) -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -o $@ $(SU_FUZZ_SRC)
$(SU_FUZZ_DIR)/scenario-afl: $$(SU_FUZZ_SRC) $(SU_HDR) | deps
	@mkdir -p $(@D)
	$(call apt_need,afl++ clang)
	@AFL_QUIET=1 afl-clang-fast $(filter-out -Werror,$(SU_CFLAGS)) -o $@ $(SU_FUZZ_SRC)

TEST_TARGETS += sampleunit-fuzz-replay
.PHONY: sampleunit-fuzz-replay
sampleunit-fuzz-replay: deps $(SU_FUZZ_DIR)/scenario-asan
	$(call run_suite,$@,tb/rems-matcher/fuzz/run-fuzz-replay scenario $(SU_FUZZ_DIR)/scenario-asan \
	  tb/rems-sampleunit/fuzz/corpus)

# ---- lint: the pair at both widths, its test tops, the units in several shapes, the synthesis top ----
sampleunit-lint: deps $(MK2_RTL_INC)
	verilator --lint-only -Wall --top-module rems_ratio $(RATIO_RTL)
	verilator --lint-only -Wall --top-module rems_ratio -GMANT=14 $(RATIO_RTL)
	verilator --lint-only -Wall --top-module ratio_tb_top $(RATIO_RTL) $(RATIO_TB_TOP)
	iverilog -g2005 -Wall -o /dev/null -s rems_ratio $(RATIO_RTL)
	iverilog -g2005 -Wall -o /dev/null -s rems_ratio -Prems_ratio.MANT=14 $(RATIO_RTL)
	iverilog -g2005 -Wall -o /dev/null -s ratio_icarus_tb tb/rems-sampleunit/ratio_icarus_tb.v $(RATIO_RTL)
	for g in -GWHAT=0 -GWHAT=1 -GWHAT=2 -GWHAT=3 "-GWHAT=2 -GOUTREG=1" "-GWHAT=3 -GOUTREG=1"; do \
	  verilator --lint-only -Wall --top-module ratio_synth_top $$g $(SAMPLEUNIT_BOARD_TOP) $(SAMPLEUNIT_RTL) \
	  || exit 1; done
	verilator --lint-only -Wall --top-module rems_unit_array $(SAMPLEUNIT_RTL)
	verilator --lint-only -Wall --top-module rems_unit_array -GUNITS=8 -GKINDS="16'h1624" -GL3_SPRAM=1 $(SAMPLEUNIT_RTL)
	verilator --lint-only -Wall --top-module rems_unit_array -GOUTREG=1 $(SAMPLEUNIT_RTL)
	for k in 0 1 2; do verilator --lint-only -Wall --top-module rems_sample_unit -GKIND=$$k $(SAMPLEUNIT_RTL) || exit 1; done
	iverilog -g2005 -Wall -o /dev/null -s rems_unit_array -Prems_unit_array.UNITS=4 -Prems_unit_array.KINDS=96 $(SAMPLEUNIT_RTL)
	iverilog -g2005 -Wall -o /dev/null -s rems_sample_unit $(SAMPLEUNIT_RTL)
	verilator --lint-only -Wall --top-module rems_sample_unit -GOUTREG=1 $(SAMPLEUNIT_RTL)
	for f in "-GOUTREG=1" "-GOUTREG=0 -GL3_SPRAM=1" "-GUNITS=3 -GKINDS=16'h24"; do verilator --lint-only -Wall \
	  --top-module rems_array_synth_top $$f $(REMS_ARRAY_BOARD_TOP) $(SAMPLEUNIT_RTL) || exit 1; done
	verilator --lint-only -Wall -Irtl/mk2 --top-module mk2_rems_synth_top $(MK2_REMS_BOARD_TOP) $(MK2_BOARD_TOP) \
	  $(REMS_ARRAY_BOARD_TOP) $(sort $(MK2_RTL) $(SAMPLEUNIT_RTL))
