# job-slots.sh - at most N background jobs of a script at a time, for scripts/synth-check and
# tb/mk2/run-replay (nextpnr, yosys and Icarus each run on one core). Sourced, not run; bash 5.1 or later
# (wait -n -p).
#   job_slot N      returns once fewer than N of the jobs in job_pids are running, waiting for whichever of
#                   them ends first; the caller then starts one job in the background and adds $! to job_pids
#   job_wait_all    waits for every job in job_pids and empties it; returns 1 when a job started since the
#                   last job_wait_all ended with a non-zero status, 0 otherwise, and starts counting anew
# Only the script's own jobs are waited for, by process id, not other background work it has started (the
# board tops' build beside synth-check's runs). job_failed counts the failed jobs between two job_wait_all
# calls (job_slot adds those it sees end); only this file sets it.
if [ "${BASH_VERSINFO[0]}" -lt 5 ] || { [ "${BASH_VERSINFO[0]}" -eq 5 ] && [ "${BASH_VERSINFO[1]}" -lt 1 ]; }; then
  echo "$0: job-slots.sh needs bash 5.1 or later (wait -n -p), this is $BASH_VERSION" >&2; exit 2
fi
job_pids=(); job_failed=0
job_slot() {
  local ended rc p left
  while [ "${#job_pids[@]}" -ge "$1" ]; do
    wait -n -p ended "${job_pids[@]}"; rc=$?  # (wait unsets ended when no job of the list is left)
    # no job of the list left to wait for (none of them is a child of this shell any more): stop counting them
    if [ -z "${ended:-}" ]; then job_pids=(); break; fi
    [ "$rc" -eq 0 ] || job_failed=$((job_failed + 1))
    left=(); for p in "${job_pids[@]}"; do [ "$p" = "$ended" ] || left+=("$p"); done
    job_pids=("${left[@]}")
  done
}
job_wait_all() {
  local p failed
  for p in "${job_pids[@]}"; do wait "$p" || job_failed=$((job_failed + 1)); done
  failed=$job_failed
  job_pids=(); job_failed=0
  [ "$failed" -eq 0 ]
}
