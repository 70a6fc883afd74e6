# REMS pattern matcher: the RTL (rtl/rems/matcher), its pattern compiler (tools/remsc), the Verilator
# harness (sim/rems-matcher) and the tests (tb/rems-matcher). docs/rems-matcher.md explains them.
#
#   make rems PATTERNS=file WORDS=file [WAVES=1]   compile, download into the RTL through its port, stream
#                                        the words: one "word trig" line per word on stdout, nothing else
#                                        (WAVES=1: also build/rems/rems.fst)
#   make remsc                           build the compiler: build/rems/remsc
#   make rems-test                       every REMS matcher test (in make test: rems-unit rems-rtl rems-icarus)
#   make rems-lint                       verilator -Wall and Icarus over both level-3 forms and OUTREG=1
#   make rems-bench                      capacity benchmark (not in make test; docs/rems-capacity.md)
#   make fuzz-rems [FUZZ_SECONDS=600]    AFL++ on the pattern compiler and the Sample Unit scenario parser
#                                        (make test replays their corpora: rems-fuzz-replay, sampleunit-fuzz-replay)
# Synthesis (make rems-synth) is in mk/fpga.mk, the file lists in mk/files.mk.

REMS_DIR = $(BUILD)/rems
REMS_CFLAGS = -std=gnu11 -O2 -g -Wall -Wextra -Werror -Itools/remsc -Isim/rems-matcher -Itb/rems-matcher -Itb/common
REMS_LIB_SRC = tools/remsc/remsc.c tools/remsc/remsc_paper.c tools/remsc/remsc_gen.c
REMS_LIB_OBJS = $(REMS_LIB_SRC:%.c=$(REMS_DIR)/obj/%.o)
REMSC = $(REMS_DIR)/remsc
REMSGEN = $(REMS_DIR)/remsgen
REMS_RUN = $(REMS_DIR)/rems_run
REMS_OUT ?= $(REMS_DIR)/tables
CHECK_CFLAGS = $(shell pkg-config --cflags check)
CHECK_LIBS = $(shell pkg-config --libs check)

TEST_TARGETS += rems-unit rems-rtl rems-icarus
LINT_TARGETS += rems-lint
.PHONY: rems remsc rems-test rems-lint rems-unit rems-rtl rems-icarus rems-bench

# every C file of the harness, the tests and the compiler library, compiled once
$(REMS_DIR)/obj/%.o: %.c $(wildcard tools/remsc/*.h sim/rems-matcher/*.h tb/rems-matcher/*.h tb/common/*.h) | deps
	@mkdir -p $(@D)
	@$(CC) $(REMS_CFLAGS) $(CHECK_CFLAGS) -c -o $@ $<

# ---- host tools ----
$(REMSC): $(REMS_DIR)/obj/tools/remsc/remsc_main.o $(REMS_LIB_OBJS)
	@$(CC) -o $@ $^
$(REMSGEN): $(REMS_DIR)/obj/tools/remsc/remsgen.o $(REMS_LIB_OBJS)
	@$(CC) -o $@ $^
remsc: deps $(REMSC) $(REMSGEN)

# ---- the RTL Verilated once per variant, each in its own folder under one prefix, so that one shim source
# serves all: v = block-RAM level 3, vsp = SPRAM form, vor = OUTREG=1 (behavioural), vdp = OUTREG=1 in the
# ECP5 DP16KD form (REMS_ECP5_DP16KD) with the simulation stand-in for the primitive. The shim is told the
# variant by its REMS_* defines (the C tests print it and take the latency from it). ----
REMS_VARIANTS = v vsp vor vdp
REMS_DP16KD_SRC = $(REMS_MATCHER_DP16KD_RTL) $(DP16KD_SIM_MODEL)
$(eval $(call verilate,$(REMS_DIR)/v,Vrems_matcher,rems_matcher,-Wall,$(REMS_MATCHER_RTL)))
$(eval $(call verilate,$(REMS_DIR)/vsp,Vrems_matcher,rems_matcher,-Wall -GL3_SPRAM=1,$(REMS_MATCHER_RTL)))
$(eval $(call verilate,$(REMS_DIR)/vor,Vrems_matcher,rems_matcher,-Wall -GOUTREG=1,$(REMS_MATCHER_RTL)))
$(eval $(call verilate,$(REMS_DIR)/vdp,Vrems_matcher,rems_matcher,-Wall -GOUTREG=1 -DREMS_ECP5_DP16KD,\
  $(REMS_MATCHER_RTL) $(REMS_DP16KD_SRC)))
REMS_SHIM_DEFS_v = -DREMS_L3_SPRAM=0 -DREMS_OUTREG=0 -DREMS_DP16KD=0
REMS_SHIM_DEFS_vsp = -DREMS_L3_SPRAM=1 -DREMS_OUTREG=0 -DREMS_DP16KD=0
REMS_SHIM_DEFS_vor = -DREMS_L3_SPRAM=0 -DREMS_OUTREG=1 -DREMS_DP16KD=0
REMS_SHIM_DEFS_vdp = -DREMS_L3_SPRAM=0 -DREMS_OUTREG=1 -DREMS_DP16KD=1

$(REMS_DIR)/%/shim.o: sim/rems-matcher/rems_shim.cpp sim/rems-matcher/rems_shim.h sim/common/vshim.h \
  $(REMS_DIR)/%/Vrems_matcher__ALL.a
	@$(CXX) $(VSHIM_CXXFLAGS)$(@D) $(REMS_SHIM_DEFS_$*) -Isim/rems-matcher -c -o $@ $<

# the objects that make up one variant's simulated matcher
rems_rtl_objs = $(REMS_DIR)/obj/sim/rems-matcher/rems_drv.o $(REMS_DIR)/$(1)/shim.o \
  $(REMS_DIR)/$(1)/Vrems_matcher__ALL.a $(REMS_DIR)/$(1)/libverilated.a

$(REMS_RUN): $(REMS_DIR)/obj/sim/rems-matcher/rems_run.o $(REMS_LIB_OBJS) $(call rems_rtl_objs,v)
	@$(CXX) -o $@ $^ -lz -pthread

# Command-line variables reach the recipes as text that bash would parse: every one is either checked
# (numbers with a bash regex, exit 2 with a message naming it) or single-quoted (paths), so that a value
# such as 'N=5 ; true' or a path with a blank or a ';' can neither run a command nor split into two words.
#   $(call rems_q,VAR)          VAR's value as one single-quoted shell word
#   $(call rems_num,VAR,WHAT)   recipe line: exit 2 unless VAR is a decimal number
#   $(call rems_flag,VAR)       recipe line: exit 2 unless VAR is empty, 0 or 1
# The variable's name is passed, not its value, since a value with a comma would split call's arguments.
rems_q = '$(subst ','\'',$($(1)))'
rems_num = @v=$(call rems_q,$(1)); [[ "$$v" =~ ^[0-9]+$$ ]] || \
  { echo "make $@: $(1)=\"$$v\": expected a decimal $(or $(2),number)" >&2; exit 2; }
rems_flag = @v=$(call rems_q,$(1)); [[ "$$v" =~ ^[01]?$$ ]] || { echo "make $@: $(1)=\"$$v\": must be 0 or 1" >&2; exit 2; }

# `make rems` keeps stdout for the results: every build step and the compiler summary go to stderr.
rems:
	@[ -n $(call rems_q,PATTERNS) ] && [ -n $(call rems_q,WORDS) ] || \
	  { echo "usage: make rems PATTERNS=file WORDS=file" >&2; exit 2; }
	$(call rems_flag,WAVES)
	@[ -n $(call rems_q,REMS_OUT) ] || { echo "make rems: REMS_OUT is empty" >&2; exit 2; }
	@$(MAKE) --no-print-directory deps $(REMSC) $(REMS_RUN) >&2
	@rm -rf -- $(call rems_q,REMS_OUT) && $(REMSC) -o $(call rems_q,REMS_OUT) -- $(call rems_q,PATTERNS) >&2
	@$(REMS_RUN) $(if $(filter 1,$(WAVES)),--waves $(REMS_DIR)/rems.fst) -- $(call rems_q,REMS_OUT)/download.memh \
	  $(call rems_q,WORDS)
	@[ $(call rems_q,WAVES) != 1 ] || echo "waves: $(REMS_DIR)/rems.fst" >&2

# ---- lint: both level-3 forms and OUTREG=1 (behavioural and DP16KD form) under Verilator -Wall and Icarus ----
REMS_LINT_FORMS = "" "-GL3_SPRAM=1" "-GOUTREG=1" "-GOUTREG=1 -DREMS_ECP5_DP16KD $(REMS_DP16KD_SRC)"
rems-lint: deps
	@for f in $(REMS_LINT_FORMS); do \
	  verilator --lint-only -Wall --top-module rems_matcher $$f $(REMS_MATCHER_RTL) || exit 1; \
	  iverilog -g2005 -Wall -o /dev/null -s rems_matcher $$(echo "$$f" | sed 's/-G/-Prems_matcher./g') \
	    $(REMS_MATCHER_RTL) || exit 1; done
	@for f in "-GL3_SPRAM=1" "-GL3_SPRAM=0 -GOUTREG=1"; do \
	  verilator --lint-only -Wall --top-module rems_synth_top $$f $(REMS_MATCHER_BOARD_TOP) $(REMS_MATCHER_RTL) || exit 1; done

rems-test: rems-unit rems-rtl rems-icarus

# ---- tests ----
REMS_TEST_OBJS = $(REMS_DIR)/obj/tb/rems-matcher/rems_sets.o $(REMS_LIB_OBJS)

$(REMS_DIR)/test_remsc: $(REMS_DIR)/obj/tb/rems-matcher/test_remsc.o $(REMS_TEST_OBJS)
	@$(CC) -o $@ $^ $(CHECK_LIBS)

rems-unit: deps $(REMS_DIR)/test_remsc
	$(call run_suite,rems-unit,$(REMS_DIR)/test_remsc)

# the RTL tests: one binary per variant, from the same C source
$(REMS_DIR)/%/test_rems_rtl: $(REMS_DIR)/obj/tb/rems-matcher/test_rems_rtl.o $(REMS_TEST_OBJS) $$(call rems_rtl_objs,%)
	@$(CXX) -o $@ $^ $(CHECK_LIBS) -lz -pthread

REMS_RTL_RUN = bash -c 'rc=0; for v in $(REMS_VARIANTS); do $(REMS_DIR)/$$v/test_rems_rtl tb/rems-matcher || rc=1; done; \
  tb/rems-matcher/cli-tests $(REMS_DIR) || rc=1; exit $$rc'
rems-rtl: deps $(REMS_VARIANTS:%=$(REMS_DIR)/%/test_rems_rtl) $(REMSC) $(REMS_RUN) $(REMSGEN)
	$(call run_suite,rems-rtl,$(REMS_RTL_RUN))

# the Icarus runs take the file lists from here (mk/files.mk)
rems-icarus: deps $(REMSC) $(REMSGEN)
	$(call run_suite,rems-icarus,env REMS_MATCHER_RTL="$(REMS_MATCHER_RTL)" REMS_DP16KD_SRC="$(REMS_DP16KD_SRC)" \
	  tb/rems-matcher/icarus-tests $(REMS_DIR))

# ---- fuzzing (as the MultiKron II's script runner, mk/mk2.mk): `make fuzz-rems [FUZZ_SECONDS=600]` runs AFL++
# for FUZZ_SECONDS on the pattern compiler (parse, and compile small sets: tables = patterns) and as long on the
# Sample Unit scenario parser (parse, and short scenarios on the C model: samples conserved), then replays what
# it found through the sanitizer builds; `make test` replays the committed corpora. No Verilator in either. ----
REMS_FUZZ_DIR := $(BUILD)/fuzz-rems
REMS_FUZZ_SRC := tb/rems-matcher/fuzz/remsc_fuzz.c $(REMS_LIB_SRC)
$(REMS_FUZZ_DIR)/remsc-asan: $(REMS_FUZZ_SRC) tools/remsc/remsc.h | deps
	@mkdir -p $(@D)
	@$(CC) $(filter-out -O2,$(REMS_CFLAGS)) -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -o $@ $(REMS_FUZZ_SRC)
$(REMS_FUZZ_DIR)/remsc-afl: $(REMS_FUZZ_SRC) tools/remsc/remsc.h | deps
	@mkdir -p $(@D)
	$(call apt_need,afl++ clang)
	@AFL_QUIET=1 afl-clang-fast $(filter-out -Werror,$(REMS_CFLAGS)) -o $@ $(REMS_FUZZ_SRC)

TEST_TARGETS += rems-fuzz-replay
.PHONY: rems-fuzz-replay fuzz-rems
rems-fuzz-replay: deps $(REMS_FUZZ_DIR)/remsc-asan
	$(call run_suite,$@,tb/rems-matcher/fuzz/run-fuzz-replay remsc $(REMS_FUZZ_DIR)/remsc-asan tb/rems-matcher/fuzz/corpus)

# rems_fuzz NAME,AFL-BINARY,ASAN-BINARY,CORPUS,DICTIONARY: one fuzz run, its figures, its queue replayed, no crash
define rems_fuzz
	@rm -rf $(REMS_FUZZ_DIR)/$(1)
	@AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 AFL_QUIET=1 \
	  afl-fuzz -V $(FUZZ_SECONDS) -t 2000 -x $(5) -i $(4) -o $(REMS_FUZZ_DIR)/$(1) -- $(2) @@ \
	  > $(REMS_FUZZ_DIR)/$(1).log 2>&1 || { tail -20 $(REMS_FUZZ_DIR)/$(1).log; exit 1; }
	@s=$(REMS_FUZZ_DIR)/$(1)/default/fuzzer_stats; \
	echo "afl-fuzz $(1): $$(sed -n 's/^execs_done *: //p' $$s) executions, $$(sed -n 's/^corpus_count *: //p' $$s) inputs in \
	the queue, $$(sed -n 's/^saved_crashes *: //p' $$s) crashes, $$(sed -n 's/^saved_hangs *: //p' $$s) hangs"
	$(call run_suite,fuzz-$(1),tb/rems-matcher/fuzz/run-fuzz-replay $(1) $(3) $(REMS_FUZZ_DIR)/$(1)/default/queue)
	@c=$$(ls $(REMS_FUZZ_DIR)/$(1)/default/crashes 2>/dev/null | grep -vc README); [ "$$c" -eq 0 ] || \
	  { echo "FAIL: $$c crashing inputs in $(REMS_FUZZ_DIR)/$(1)/default/crashes"; exit 1; }
endef

fuzz-rems: deps $(REMS_FUZZ_DIR)/remsc-afl $(REMS_FUZZ_DIR)/remsc-asan $$(SU_FUZZ_BINS)
	@[[ "$(FUZZ_SECONDS)" =~ ^[1-9][0-9]*$$ ]] || { echo "make fuzz-rems: FUZZ_SECONDS is a number of seconds" >&2; exit 2; }
	$(call rems_fuzz,remsc,$(REMS_FUZZ_DIR)/remsc-afl,$(REMS_FUZZ_DIR)/remsc-asan,tb/rems-matcher/fuzz/corpus,\
	  tb/rems-matcher/fuzz/patterns.dict)
	$(call rems_fuzz,scenario,$(REMS_FUZZ_DIR)/scenario-afl,$(REMS_FUZZ_DIR)/scenario-asan,\
	  tb/rems-sampleunit/fuzz/corpus,tb/rems-sampleunit/fuzz/scenario.dict)

# ---- capacity benchmark (not part of make test): the table goes into docs/rems-capacity.md ----
REMS_BENCH_SEEDS ?= 5
$(REMS_DIR)/remsc_bench: $(REMS_DIR)/obj/tools/remsc/remsc_bench.o $(REMS_LIB_OBJS)
	@$(CC) -o $@ $^

rems-bench: deps $(REMS_DIR)/remsc_bench
	$(call rems_num,REMS_BENCH_SEEDS,count of seeds)
	@$(REMS_DIR)/remsc_bench $(REMS_BENCH_SEEDS)
