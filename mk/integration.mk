# Integration of the MultiKron II into a Wishbone SoC (docs/integration.md): the Wishbone slave, the trace
# sink and their top (rtl/bus/), the Wishbone script runner (sim/bus/), and their tests (tb/bus/).
#
#   make mk2wb        build build/mk2wb: a .bus script run through the Wishbone slave
#   make wb-test      the directed scripts through the Wishbone slave against their golden traces
#   make wb-formal    k-induction proofs of the ifdef FORMAL properties of the slave and the sink
#   make wb-lint      verilator --lint-only -Wall and Icarus over rtl/bus (also part of make lint)

WB_DIR := $(BUILD)/wb
MK2WB := $(BUILD)/mk2wb
WB_RTL_OWN := rtl/bus/mk2_wb_top.v rtl/bus/mk2_wb_slave.v rtl/bus/mk2_trace_sink.v
WB_RTL = $(WB_RTL_OWN) $(sort $(wildcard rtl/mk2/*.v) $(wildcard rtl/common/*.v))
WB_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Isim/bus -Itools/libmk2trace

$(eval $(call verilate,$(WB_DIR)/v,Vmk2_wb_top,mk2_wb_top,-GSINK_DEPTH=1024 -Irtl/mk2,$(WB_RTL)))

$(WB_DIR)/shim.o: sim/bus/mk2wb_shim.cpp sim/bus/mk2wb_shim.h sim/common/vshim.h $(WB_DIR)/v/Vmk2_wb_top__ALL.a
	@$(CXX) $(VSHIM_CXXFLAGS)$(WB_DIR)/v -Isim/bus -c -o $@ $<

$(WB_DIR)/%.o: sim/bus/%.c sim/bus/mk2wb_shim.h sim/bus/mk2bus.h tools/libmk2trace/mk2trace.h | deps
	@mkdir -p $(@D)
	@$(CC) $(WB_CFLAGS) -c -o $@ $<

$(WB_DIR)/mk2trace.o: tools/libmk2trace/mk2trace.c tools/libmk2trace/mk2trace.h | deps
	@mkdir -p $(@D)
	@$(CC) $(WB_CFLAGS) -c -o $@ $<

$(MK2WB): $(WB_DIR)/mk2wb.o $(WB_DIR)/mk2bus.o $(WB_DIR)/mk2trace.o $(WB_DIR)/shim.o
	@$(CXX) -o $@ $^ $(WB_DIR)/v/Vmk2_wb_top__ALL.a $(WB_DIR)/v/libverilated.a -lz -pthread

.PHONY: mk2wb wb-test wb-formal wb-lint
mk2wb: deps $(MK2WB)

LINT_TARGETS += wb-lint
wb-lint: deps
	verilator --lint-only -Wall -Irtl/mk2 $(WB_RTL) --top-module mk2_wb_top
	verilator --lint-only -Wall -Irtl/mk2 $(WB_RTL) --top-module mk2_wb_top -GFIFO_DEPTH=2 -GSINK_DEPTH=2
	verilator --lint-only -Wall -Irtl/mk2 $(WB_RTL) --top-module mk2_wb_top -GSINK_DEPTH=100
	verilator --lint-only -Wall rtl/bus/mk2_wb_slave.v --top-module mk2_wb_slave
	verilator --lint-only -Wall rtl/bus/uartbone.v --top-module uartbone
	verilator --lint-only -Wall rtl/bus/uart_rx.v --top-module uart_rx
	verilator --lint-only -Wall rtl/bus/uart_tx.v --top-module uart_tx
	verilator --lint-only -Wall -Irtl/mk2 $(UART_RTL) --top-module mk2_uartbone_top
	iverilog -g2005 -Irtl/mk2 -o /dev/null -s mk2_wb_top $(WB_RTL)
	iverilog -g2005 -Irtl/mk2 -o /dev/null -s mk2_uartbone_top $(UART_RTL)

TEST_TARGETS += wb-test wb-formal
# every directed script of tb/mk2/scripts that uses only the commands the runner supports, against its
# golden trace (sample lines and "# truncated" lines; no timing), and its raw capture through mk2decode
wb-test: deps $(MK2WB) tools
	$(call run_suite,$@,tb/bus/run-wb-test --sim $(MK2WB) --decode $(MK2DECODE) --out $(WB_DIR)/golden $(sort $(wildcard tb/mk2/scripts/*.bus)))

# the slave: k-induction (unbounded) at k = 12; the sink: k = 6 at DEPTH = 4, covers 14 steps (the properties do not depend on
# the depth but the solver's time does)
wb-formal: deps-formal
	$(call run_suite,$@,bash -c 'tb/bus/formal-wb $(WB_DIR)/formal mk2_wb_slave 12 rtl/bus/mk2_wb_slave.v; \
	  tb/bus/formal-wb $(WB_DIR)/formal mk2_trace_sink 14/6 rtl/bus/mk2_trace_sink.v rtl/common/ram_1r1w.v DEPTH=4')

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
	@python3 -c 'import litex, serial' 2>/dev/null || pip install -q litex pyserial migen

TEST_TARGETS += uart-test
uart-test: deps deps-litex $(UART_PTY)
	$(call run_suite,$@,tb/bus/run-uart-test $(UART_PTY) $(WB_DIR)/uart)

# ---- the host runner: .bus scripts through the UARTBone bridge on a serial port (tools/mk2host), tested on
# the simulated board's pty with the Timestamp clock stopped ----
MK2HOST := $(BUILD)/mk2host
$(MK2HOST): tools/mk2host/mk2host.c sim/bus/mk2bus.c sim/bus/mk2bus.h tools/libmk2trace/mk2trace.c | deps
	@$(CC) $(WB_CFLAGS) -o $@ tools/mk2host/mk2host.c sim/bus/mk2bus.c tools/libmk2trace/mk2trace.c

.PHONY: mk2host host-test
mk2host: deps $(MK2HOST)
TEST_TARGETS += host-test
host-test: deps $(MK2HOST) $(UART_PTY) tools
	$(call run_suite,$@,tb/bus/run-host-test $(UART_PTY) $(MK2HOST) $(MK2DECODE) $(WB_DIR)/host $(sort $(wildcard tb/mk2/scripts/*.bus)))
