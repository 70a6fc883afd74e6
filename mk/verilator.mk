# The one Verilator recipe of the project: every core is Verilated through this function.
#
#   $(eval $(call verilate,DIR,PREFIX,TOP,FLAGS,SOURCES))
#
# makes DIR/PREFIX__ALL.a (the Verilated model), DIR/libverilated.a (Verilator's runtime with FST
# support) and DIR/PREFIX.h for the shim to include; the log is DIR/build.log and its tail is shown on
# failure. FLAGS are extra Verilator options (-G parameters, -D defines). VERILATOR_OPT holds the options
# every core is built with, chosen for simulation speed: -O3, X values resolved fast (every register of
# every core is reset, so no result depends on an X: make test passes unchanged with them), assertions off,
# and the C++ compiled with -O2 instead of Verilator's default -Os (the MultiKron II runner: 3.4 s instead
# of 4.1 s user time for 5.3 million node clocks). Shims compile with $(VSHIM_CXXFLAGS) DIR, which adds sim/common (vshim.h) and
# Verilator's include folders.
VERILATOR_OPT ?= -O3 --x-assign fast --x-initial fast --noassert --trace-fst --timescale 1ns/1ns -MAKEFLAGS OPT_FAST=-O2
VERILATOR_INC = $(shell verilator --getenv VERILATOR_ROOT)/include
VERILATOR_RT := verilated.o verilated_fst_c.o verilated_threads.o
VSHIM_CXXFLAGS = -O2 -std=c++17 -Isim/common -I$(VERILATOR_INC) -I$(VERILATOR_INC)/vltstd -I

define verilate
$(1)/$(2)__ALL.a: $(5) mk/verilator.mk | deps
	@mkdir -p $(1)
	@echo "verilator: building $(2) (log: $(1)/build.log)" >&2
	@verilator --cc --build $(VERILATOR_OPT) --Mdir $(1) --prefix $(2) --top-module $(3) $(4) $(5) \
	  > $(1)/build.log 2>&1 || { tail -20 $(1)/build.log >&2; exit 1; }
	@$(MAKE) --no-print-directory -C $(1) -f $(2).mk $(VERILATOR_RT) >> $(1)/build.log 2>&1 \
	  || { tail -20 $(1)/build.log >&2; exit 1; }
	@cd $(1) && rm -f libverilated.a && ar rcs libverilated.a $(VERILATOR_RT)
$(1)/libverilated.a $(1)/$(2).h: $(1)/$(2)__ALL.a ;
endef

# A test target's recipe: $(call run_suite,NAME,COMMAND) runs COMMAND under scripts/run-suite.
run_suite = @RESULTS=$(BUILD)/results scripts/run-suite $(1) $(2)
