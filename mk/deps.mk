# Installs what the build needs on a fresh Debian machine (CI and new users run
# as root there). A stamp keeps it to one check per build tree.
DEB_PACKAGES := verilator iverilog g++ make pkg-config check zlib1g-dev
DEPS_STAMP := $(BUILD)/.deps-ok

.PHONY: deps deps-fpga
deps: $(DEPS_STAMP)
$(DEPS_STAMP):
	@missing=""; \
	for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "deps: installing$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
	@mkdir -p $(BUILD) && touch $@

# Synthesis, place-and-route and formal tools: only the targets that need them depend on this.
deps-fpga: deps
	@missing=""; \
	for p in yosys nextpnr-ice40 fpga-icestorm z3 gtkwave; do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
