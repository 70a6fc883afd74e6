# The hybrid link (docs/decisions.md D11, our extension): REMS matcher global trigger -> MultiKron II
# hardware trigger -> Trace sample with the matched word. Icarus, tables from remsc.
.PHONY: hybrid-test
TEST_TARGETS += hybrid-test
# remsc (mk/rems.mk) builds the compiler and generator; $(REMSC) is not yet defined when this file is read
hybrid-test: deps remsc
	@mkdir -p $(BUILD)/results
	@tb/hybrid/run-hybrid $(REMSC) $(REMSGEN) $(BUILD)/hybrid $(BUILD)/results/hybrid-test.result
