# Simulation speed (not in make test): node clocks per second of the Verilated MultiKron II testbench and
# of the C reference model on the same random script, with and without FST tracing (docs/fpga.md).
#
#   make bench    synth first (the table docs/fpga.md records beside it), then scripts/sim-bench
#
# mk2sim, model and mk2-randscript are targets of mk/mk2*.mk, which define MK2SIM, MK2MODEL and MK2GEN.
.PHONY: bench
bench: synth mk2sim model
	@scripts/sim-bench $(MK2SIM) $(MK2MODEL) $(MK2GEN) $(BUILD)/bench
