# check-case.sh - one PASS/FAIL line (scripts/run-suite) for a command's exit status and what it printed,
# for the tool tests under tb/fpga (logic-depth-test, netlist-same-test). Sourced, not run.
#   check_case [--stderr] CASE WANT_STATUS PATTERN COMMAND...
# PASS when COMMAND exits with WANT_STATUS and its output matches PATTERN (grep): stdout and stderr
# together, or with --stderr stderr alone (a tool's error message must go there, not into its results);
# FAIL names the status it got and the output it read.
check_case() {
  local stderr_only=0 name want pattern msg rc
  if [ "$1" = --stderr ]; then stderr_only=1; shift; fi
  name=$1 want=$2 pattern=$3; shift 3
  if [ "$stderr_only" = 1 ]; then msg=$("$@" 2>&1 >/dev/null); rc=$?; else msg=$("$@" 2>&1); rc=$?; fi
  if [ "$rc" -eq "$want" ] && printf '%s' "$msg" | grep -q -- "$pattern"; then echo "PASS $name"
  else echo "FAIL $name: exit $rc (want $want), output '$msg'"; fi
}
