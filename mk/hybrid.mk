# The hybrid link (docs/decisions.md D11, our extension): REMS matcher global trigger -> MultiKron II
# hardware trigger -> Trace sample with the matched word. Icarus, tables from remsc (mk/rems-matcher.mk),
# file lists from mk/files.mk, quoted for the shell with rems_q (mk/rems-matcher.mk). The Sample Units' side
# of the link is sampleunit-hybrid (mk/rems-sampleunit.mk).
#
#   make hybrid-test   the hand-checked example, random sets spaced and back to back, the link off
.PHONY: hybrid-test
TEST_TARGETS += hybrid-test
HYBRID_SRC = tb/hybrid/mk2_hybrid_tb.v $(sort $(REMS_MATCHER_RTL) $(MK2_HYBRID_BENCH))
hybrid-test: deps $$(REMSC) $$(REMSGEN)
	$(call run_suite,hybrid-test,env HYBRID_SRC=$(call rems_q,HYBRID_SRC) tb/hybrid/run-hybrid $(REMSC) $(REMSGEN) $(BUILD)/hybrid)
