# job-slots.sh - at most N background jobs of a script at a time, for scripts/synth-check and
# tb/mk2/run-replay (nextpnr, yosys and Icarus each run on one core). Sourced, not run; bash 5.1 or later
# (wait -n -p).
#   job_slot N      returns once fewer than N of the jobs in job_pids are running, waiting for whichever of
#                   them ends first; the caller then starts one job in the background and adds $! to job_pids
#   job_wait_all    waits for every job in job_pids and empties it
# Only the script's own jobs are waited for, by process id, not other background work it has started (the
# board tops' build beside synth-check's runs). A job's exit status is not kept: each writes its result
# to a file that the caller reads.
job_pids=()
job_slot() {
  local ended p left
  while [ "${#job_pids[@]}" -ge "$1" ]; do
    wait -n -p ended "${job_pids[@]}"
    left=(); for p in "${job_pids[@]}"; do [ "$p" = "$ended" ] || left+=("$p"); done
    job_pids=("${left[@]}")
  done
}
job_wait_all() {
  local p
  for p in "${job_pids[@]}"; do wait "$p"; done
  job_pids=()
}
