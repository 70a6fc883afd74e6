# Performance side by side (not in make test): docs/performance.md, written by scripts/sim-bench.
#
#   make bench [BENCH_RUNS=3] [BENCH_TICKS=1000000] [BENCH_FPGA=0]
#
# Network link use, processor cost and sustained sample rate of the MultiKron II measured at its pins
# (mk2-perf), simulation speed of every runner against the bare Verilated chip and model (mk2-bare) and
# Icarus on the same stimulus, the REMS matcher rate, ratio-counter error and compiler capacity, and the
# FPGA table: `make synth-check` (build/fpga/synth-check.md);
# BENCH_FPGA=0 leaves the FPGA out (a quick run); BENCH_FPGA=last takes the table the last
# `make synth-check` left in build/fpga/synth-check.md without running it again (it takes tens of minutes). Heavy steps run under nice -n 10 (the cores are shared).
#
# Programs of other fragments come in by second expansion ($$(VAR)): mk/mk2.mk, mk/rems-*.mk.
BENCH_RUNS ?= 3
BENCH_TICKS ?= 1000000
BENCH_FPGA ?= 1
BENCH_DIR := $(BUILD)/bench
.PHONY: bench
bench: deps mk2sim model $(BUILD)/bench/mk2-bare $(BUILD)/bench/mk2-perf $$(ICARUS_DIR)/mk2_replay.vvp $$(REMSC) \
  $$(REMS_RUN) $$(REMS_DIR)/remsc_bench $$(RATIO_DIR)/r6/ratio_run $$(RATIO_DIR)/r14/ratio_run
	@[[ "$(BENCH_RUNS)" =~ ^[1-9][0-9]?$$ && "$(BENCH_TICKS)" =~ ^[1-9][0-9]*$$ && "$(BENCH_FPGA)" =~ ^(0|1|last)$$ ]] || \
	  { echo "make bench: BENCH_RUNS 1..99, BENCH_TICKS a count, BENCH_FPGA 0, 1 or last" >&2; exit 2; }
	@mkdir -p $(BENCH_DIR); rm -f $(BENCH_DIR)/fpga.md
	@if [ "$(BENCH_FPGA)" = last ]; then \
	  [ -f $(BUILD)/fpga/synth-check.md ] || { echo "make bench: BENCH_FPGA=last but no build/fpga/synth-check.md" >&2; exit 2; }; \
	  cp $(BUILD)/fpga/synth-check.md $(BENCH_DIR)/fpga.md; \
	  echo "From the last \`make synth-check\` (build/fpga/synth-check.md, $$(date -u -r $(BUILD)/fpga/synth-check.md +%Y-%m-%d))." \
	    > $(BENCH_DIR)/fpga.note; \
	elif [ "$(BENCH_FPGA)" = 1 ]; then \
	  nice -n 10 $(MAKE) --no-print-directory synth-check || exit 1; \
	  cp $(BUILD)/fpga/synth-check.md $(BENCH_DIR)/fpga.md || exit 1; \
	  echo "From \`make synth-check\` (build/fpga/synth-check.md)." > $(BENCH_DIR)/fpga.note; \
	else echo "Not run (BENCH_FPGA=0)." > $(BENCH_DIR)/fpga.note; fi
	@MK2SIM=$(MK2SIM) MK2MODEL=$(MK2MODEL) MK2GEN=$(MK2GEN) MK2BARE=$(BUILD)/bench/mk2-bare \
	  MK2PERF=$(BUILD)/bench/mk2-perf VVP_REPLAY=$(ICARUS_DIR)/mk2_replay.vvp RATIO6=$(RATIO_DIR)/r6/ratio_run \
	  RATIO14=$(RATIO_DIR)/r14/ratio_run REMS_RUN=$(REMS_RUN) REMSC=$(REMSC) REMS_BENCH=$(REMS_DIR)/remsc_bench \
	  BENCH_RUNS=$(BENCH_RUNS) BENCH_TICKS=$(BENCH_TICKS) FPGA_MD=$(BENCH_DIR)/fpga.md \
	  FPGA_NOTE="$$(cat $(BENCH_DIR)/fpga.note)" \
	  nice -n 10 scripts/sim-bench docs/performance.md $(BENCH_DIR)

# the bare chip and model on a recorded pin file (sim/mk2/mk2_bare.cpp)
$(BUILD)/bench/mk2-bare: sim/mk2/mk2_bare.cpp sim/common/vshim.h sim/common/perf_ctl.h $$(MK2_VLIBS) $$(MK2_DIR)/obj/model/mk2_model.o
	@mkdir -p $(@D)
	@$(CXX) $(VSHIM_CXXFLAGS) $(MK2_DIR)/d8 -Imodel -o $@ $< $(MK2_DIR)/obj/model/mk2_model.o \
	  $(MK2_DIR)/d8/Vmk2_chip_d8__ALL.a $(MK2_DIR)/d8/libverilated.a -lz -pthread

# link use and processor cost through the runner (sim/mk2/mk2_perf.c)
$(BUILD)/bench/mk2-perf: sim/mk2/mk2_perf.c $$(MK2_RUNNER_OBJS) $$(MK2_DIR)/backend_rtl.o $$(MK2_RUNNER_HDR)
	@mkdir -p $(@D)
	@$(CC) $(MK2_CFLAGS) -c -o $@.o $<
	@$(CXX) -o $@ $@.o $(MK2_RUNNER_OBJS) $(MK2_RTL_LINK)
