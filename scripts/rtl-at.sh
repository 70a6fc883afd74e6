# rtl-at.sh - the RTL of a git revision, for the scripts that compare the work tree's RTL with an earlier
# one (scripts/netlist-same, scripts/mk2-equiv, scripts/mk2-lockstep). Sourced, not run.
#   rtl_at LABEL REV DIR   writes REV's rtl/ under DIR (DIR/rtl/...), emptied first; on failure (no such
#                          revision, no rtl/ in it) prints "FAIL LABEL: no RTL at REV" and returns 1
rtl_at() {
  local label=$1 rev=$2 dir=$3
  rm -rf "$dir"; mkdir -p "$dir"
  # git's status too (its message says why; tar's would only repeat it): tar alone could succeed on what a
  # failing git archive wrote before it stopped
  if ! (set -o pipefail; git archive "$rev" rtl | tar -x -C "$dir" 2>/dev/null); then
    echo "FAIL $label: no RTL at $rev"; return 1
  fi
}
