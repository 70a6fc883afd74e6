# Every Verilog file list of the project, written once: simulation, lint, synthesis and formal all take
# their sources from here, so a new file joins every flow at the same time. Recursive (=) variables: a
# fragment may refer to them whatever the include order.

# MultiKron II: every chip block and the shared common cells, sorted so that every tool reads them in the
# same order.
MK2_RTL = $(sort $(wildcard rtl/mk2/*.v rtl/common/*.v))
# what the MultiKron II RTL includes (the generated register map; the formal sections' common opening): a
# prerequisite of every rule reading MK2_RTL
MK2_RTL_INC = rtl/mk2/mk2_regmap.vh rtl/mk2/mk2_formal_env.vh

# REMS pattern matcher (rtl/rems/matcher): the core; its ECP5 DP16KD form (-DREMS_ECP5_DP16KD) and the
# simulation-only stand-in for the DP16KD primitive, which synthesis takes from the vendor library instead.
REMS_MATCHER_RTL = $(addprefix rtl/rems/matcher/,rems_matcher.v rems_table.v rems_l3_spram.v rems_spram_bank.v)
REMS_MATCHER_DP16KD_RTL = rtl/rems/matcher/ecp5/rems_table_dp16kd.v rtl/rems/matcher/ecp5/rems_dp16kd.v
DP16KD_SIM_MODEL = tb/rems-matcher/dp16kd_model.v

# REMS Sample Unit (rtl/rems/sampleunit): the ratio counter pair alone, and the whole block (the unit
# array holds one matcher per unit).
RATIO_RTL = rtl/rems/sampleunit/rems_ratio.v
SAMPLEUNIT_RTL = $(sort $(wildcard rtl/rems/sampleunit/*.v) $(REMS_MATCHER_RTL) rtl/common/ram_1r1w.v)

# FPGA board and synthesis tops (rtl/boards): each wraps one core in a few pins.
MK2_BOARD_TOP = rtl/boards/mk2_fpga_eval_top.v
REMS_MATCHER_BOARD_TOP = rtl/boards/rems_synth_top.v
SAMPLEUNIT_BOARD_TOP = rtl/boards/ratio_synth_top.v
# the Sample Unit array (scripts/synth-rems-check), and the MultiKron II eval top with one Sample Unit
# (needs MK2_BOARD_TOP and REMS_ARRAY_BOARD_TOP too)
REMS_ARRAY_BOARD_TOP = rtl/boards/rems_array_synth_top.v
MK2_REMS_BOARD_TOP = rtl/boards/mk2_rems_synth_top.v
# the MultiKron II's read path alone: the floor of its node clock (scripts/synth-floor)
MK2_FLOOR_TOP = rtl/boards/mk2_floor_read_top.v

# The MultiKron II side of the hybrid-link benches (tb/hybrid, tb/rems-sampleunit): chip, processor, capture.
MK2_HYBRID_BENCH = tb/common/mk2_hybrid_chip.v tb/common/mk2_net_capture.v $(MK2_RTL)
