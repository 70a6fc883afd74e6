# The MultiKron II register map: rtl/mk2/mk2_regmap.rdl (SystemRDL) is the one source of the addresses,
# address classes, CSR bits and FIFO-entry offsets; scripts/gen-regmap writes the Verilog include, the C
# header and the tables of docs/mk2-registers.md from it. The generated files are committed, so a build
# needs no Python; only regenerating and checking do.
#
#   make regmap        regenerate rtl/mk2/mk2_regmap.vh, rtl/mk2/mk2_regmap.h, docs/mk2-registers.md
#   make regmap-check  regenerate into build/regmap and fail when a committed file differs
.PHONY: regmap regmap-check deps-python

REGMAP_SRC := rtl/mk2/mk2_regmap.rdl scripts/gen-regmap
REGMAP_VH := rtl/mk2/mk2_regmap.vh
REGMAP_H := rtl/mk2/mk2_regmap.h

# systemrdl-compiler comes with peakrdl from PyPI; an interpreter whose packages the system manages
# (PEP 668) needs --break-system-packages, and a machine without pip gets Debian's.
deps-python:
	$(call py_need,systemrdl,peakrdl)

regmap: deps-python
	@scripts/gen-regmap

TEST_TARGETS += regmap-check
regmap-check: deps-python
	$(call run_suite,regmap-check,scripts/gen-regmap --check $(BUILD)/regmap)

# Whatever reads the generated files is rebuilt when they change: the rules that read rtl/mk2 list
# $(MK2_RTL_INC) (mk/files.mk) among their prerequisites; the C objects list rtl/mk2/*.h.
