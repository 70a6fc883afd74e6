# check-case.sh - one PASS/FAIL line (scripts/run-suite) for a command's exit status and what it printed,
# for the tool tests under tb/fpga (logic-depth-test, netlist-same-test). Sourced, not run.
#   check_case CASE WANT_STATUS PATTERN COMMAND...
# PASS when COMMAND exits with WANT_STATUS and its output (stdout and stderr together) matches PATTERN
# (grep); FAIL names the status it got and the whole output.
check_case() {
  local name=$1 want=$2 pattern=$3 msg rc; shift 3
  msg=$("$@" 2>&1); rc=$?
  if [ "$rc" -eq "$want" ] && printf '%s' "$msg" | grep -q -- "$pattern"; then echo "PASS $name"
  else echo "FAIL $name: exit $rc (want $want), output '$msg'"; fi
}
