# Formal proofs: bounded model checks of every `ifdef FORMAL block (yosys + yosys-smtbmc + z3).
#
#   make formal   every job below; each prints PASS or FAIL, counted by scripts/run-suite (in make test)
#
# module, depth, files: depths reach past the longest sequence each property needs (a network sample of
# 20 bytes is 40 node clocks; the FIFO fills in 8 pushes); each proof ends within a minute on one core
FORMAL_DIR := $(BUILD)/formal
FORMAL_JOBS := \
  "mk2_fifo 12 rtl/mk2/mk2_fifo.v rtl/common/ram_1r1w.v" \
  "mk2_network 24 rtl/mk2/mk2_network.v strip:data_o,parity_o,eom_o" \
  "mk2_bus_if 24 rtl/mk2/mk2_bus_if.v strip:rdata_o,req_data_o" \
  "mk2_resource_counters 10 rtl/mk2/mk2_resource_counters.v"
FORMAL_RUN = bash -c 'rc=0; for j in $(FORMAL_JOBS); do scripts/formal-bmc $(FORMAL_DIR) $$j || rc=1; done; exit $$rc'

.PHONY: formal
TEST_TARGETS += formal
formal: deps-formal
	$(call run_suite,formal,$(FORMAL_RUN))
