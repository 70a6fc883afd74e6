# Host tools for MultiKron II network captures (issue 13): the decoder library tools/libmk2trace (shared
# by the simulator, the board runner and the tools), mk2decode (capture -> trace lines) and mk2trace
# (merge, intervals, counters, loss, CSV, Perfetto, HTML). docs/trace-tools.md explains them.
#
#   make tools                       build build/tools/{mk2decode,mk2trace,libmk2trace.a}
#   make trace-demo [CAPTURE=f.cap]  capture -> CSV, Perfetto trace and HTML report; prints their paths
#                                    (default: tb/mk2/scripts/demo.expect encoded, plus a two-node workload)
#   make tools-test                  every tools test (also in make test: tools-unit tools-decode
#                                    tools-analysis tools-perfetto tools-html tools-fuzz tools-sim-roundtrip)
#   make fuzz-decoder [FUZZ_SECONDS=600]  AFL++ on the stream decoder, longer than the 60 s of make test
#   make fuzz [FUZZ_SECONDS=600]     every fuzz target of the project, one after the other: the MultiKron II
#                                    script runner (then its inputs in lockstep, RTL against model), the
#                                    REMS pattern compiler and scenario parser, the stream decoder
#   make tools-sim-roundtrip         captures from the simulator's pins and traces, decoded: its trace, byte for byte

TOOLS_DIR := $(BUILD)/tools
TOOLS_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Itools/libmk2trace -Itools/mk2trace
TOOLS_LIB_SRC := tools/libmk2trace/mk2trace.c
TOOLS_LIB_HDR := tools/libmk2trace/mk2trace.h
TOOLS_LIB := $(TOOLS_DIR)/libmk2trace.a
MK2DECODE := $(TOOLS_DIR)/mk2decode
MK2TRACE := $(TOOLS_DIR)/mk2trace
MK2TRACE_SRC := $(wildcard tools/mk2trace/*.c)
MK2TRACE_HDR := $(wildcard tools/mk2trace/*.h)
TOOLS_UNIT := $(TOOLS_DIR)/test_mk2trace
FUZZ_SECONDS ?= 600
TOOLS_FUZZ_SECONDS ?= 60

TEST_TARGETS += tools-unit tools-decode tools-analysis tools-perfetto tools-html tools-fuzz
.PHONY: tools tools-test tools-sim-roundtrip trace-demo fuzz fuzz-decoder tools-unit tools-decode tools-analysis tools-perfetto tools-html tools-fuzz \
  tools-deps-py tools-deps-chromium tools-deps-afl

$(TOOLS_DIR)/mk2trace.o: $(TOOLS_LIB_SRC) $(TOOLS_LIB_HDR)
	@mkdir -p $(@D)
	@$(CC) $(TOOLS_CFLAGS) -c -o $@ $<

$(TOOLS_LIB): $(TOOLS_DIR)/mk2trace.o
	@rm -f $@ && ar rcs $@ $<

$(MK2DECODE): tools/mk2decode/mk2decode.c $(TOOLS_LIB) $(TOOLS_LIB_HDR)
	@$(CC) $(TOOLS_CFLAGS) -o $@ $< $(TOOLS_LIB)

$(MK2TRACE): $(MK2TRACE_SRC) $(MK2TRACE_HDR) $(TOOLS_LIB) $(TOOLS_LIB_HDR)
	@$(CC) $(TOOLS_CFLAGS) -o $@ $(MK2TRACE_SRC) $(TOOLS_LIB) -lm

$(TOOLS_UNIT): tb/tools/test_mk2trace.c $(TOOLS_LIB) $(TOOLS_LIB_HDR)
	@$(CC) $(TOOLS_CFLAGS) -o $@ $< $(TOOLS_LIB)

tools: $(MK2DECODE) $(MK2TRACE) $(TOOLS_LIB)

# ---- what the Python and browser tests need, installed when missing (Debian packages, PyPI) ----
# (on a Debian python3 without pip: python3-pip from apt; PEP 668 "externally managed": --break-system-packages)
tools-deps-py:
	$(call py_need,perfetto.protos.perfetto.trace.perfetto_trace_pb2 PIL,perfetto Pillow)

tools-deps-chromium:
	$(call apt_need,chromium)
tools-deps-afl:
	$(call apt_need,afl++ clang)

# ---- tests ----
tools-unit: $(TOOLS_UNIT)
	$(call run_suite,tools-unit,$(TOOLS_UNIT))

tools-decode: $(MK2DECODE) $(MK2TRACE)
	$(call run_suite,tools-decode,tb/tools/test-decode.sh $(MK2DECODE) $(MK2TRACE) $(TOOLS_DIR)/decode)

tools-analysis: $(MK2DECODE) $(MK2TRACE)
	$(call run_suite,tools-analysis,tb/tools/test-analysis.sh $(MK2TRACE) $(TOOLS_DIR)/analysis)

tools-perfetto: $(MK2TRACE) tools-deps-py
	$(call run_suite,tools-perfetto,python3 tb/tools/test_perfetto.py $(MK2TRACE) $(TOOLS_DIR)/perfetto)

tools-html: $(MK2TRACE) tools-deps-py tools-deps-chromium
	$(call run_suite,tools-html,python3 tb/tools/test_html.py $(MK2TRACE) $(TOOLS_DIR)/html)

tools-fuzz: tools-deps-afl
	$(call run_suite,tools-fuzz,tb/tools/fuzz.sh $(TOOLS_DIR)/fuzz $(TOOLS_FUZZ_SECONDS))

fuzz-decoder: tools-deps-afl
	$(call run_suite,tools-fuzz-long,tb/tools/fuzz.sh $(TOOLS_DIR)/fuzz $(FUZZ_SECONDS))

fuzz: fuzz-mk2-script fuzz-rems fuzz-decoder

# The library against the simulator: every directed and acceptance script on the RTL with `mk2sim --timing
# --pins`; a capture made from its network pins (pins2cap) and one from its trace lines (mk2trace encode)
# must both decode with `mk2decode --timing` to the simulator's trace, byte for byte. In make test while
# the RTL runner is $(MK2SIM) (mk/mk2.mk) with its --pins log in the format of tb/mk2/icarus/mk2_replay.v.
ifdef MK2SIM
TEST_TARGETS += tools-sim-roundtrip
endif
PINS2CAP := $(TOOLS_DIR)/pins2cap
$(PINS2CAP): tb/tools/pins2cap.c $(TOOLS_LIB) $(TOOLS_LIB_HDR)
	@$(CC) $(TOOLS_CFLAGS) -o $@ $< $(TOOLS_LIB)

tools-sim-roundtrip: $(MK2SIM) $(MK2DECODE) $(MK2TRACE) $(PINS2CAP)
	$(call run_suite,tools-sim-roundtrip,tb/tools/test-sim-roundtrip.sh $(MK2SIM) $(MK2DECODE) $(MK2TRACE) $(PINS2CAP) $(TOOLS_DIR)/simrt)

tools-test: tools-unit tools-decode tools-analysis tools-perfetto tools-html tools-fuzz tools-sim-roundtrip

# ---- demo ----
CAPTURE ?=
trace-demo: $(MK2DECODE) $(MK2TRACE)
	@tb/tools/trace-demo.sh $(MK2DECODE) $(MK2TRACE) $(TOOLS_DIR)/demo $(CAPTURE)
