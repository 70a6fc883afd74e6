# Simulation speed (not in make test): node clocks per second of the Verilated MultiKron II testbench and
# of the C reference model on the same random script, with and without FST tracing (docs/fpga.md).
#
#   make bench    synth first (the table docs/fpga.md records beside it), then scripts/sim-bench
#
# mk2sim, model and mk2-randscript are targets of mk/mk2*.mk, which define MK2SIM, MK2MODEL and MK2GEN.
.PHONY: bench
bench: synth mk2sim model
	@scripts/sim-bench $(MK2SIM) $(MK2MODEL) $(MK2GEN) $(BUILD)/bench
MK2BARE := $(BUILD)/bench/mk2-bare
$(MK2BARE): sim/mk2/mk2_bare.cpp sim/common/vshim.h $$(MK2_VLIBS) $$(MK2_DIR)/obj/model/mk2_model.o
	@mkdir -p $(@D)
	@$(CXX) $(VSHIM_CXXFLAGS) $(MK2_DIR)/d8 -Imodel -o $@ $< $(MK2_DIR)/obj/model/mk2_model.o \
	  $(MK2_DIR)/d8/Vmk2_chip_d8__ALL.a $(MK2_DIR)/d8/libverilated.a -lz -pthread

MK2PERF := $(BUILD)/bench/mk2-perf
$(MK2PERF): sim/mk2/mk2_perf.c $$(MK2_RUNNER_OBJS) $$(MK2_DIR)/backend_rtl.o $$(MK2_RUNNER_HDR)
	@mkdir -p $(@D)
	@$(CC) $(MK2_CFLAGS) -c -o $@.o $<
	@$(CXX) -o $@ $@.o $(MK2_RUNNER_OBJS) $(MK2_RTL_LINK)
