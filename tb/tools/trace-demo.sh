#!/usr/bin/env bash
# trace-demo.sh MK2DECODE MK2TRACE OUTDIR [CAPTURE...] - `make trace-demo`: turn captures into a CSV, a
# Perfetto trace and an HTML report and print their paths.
# Without CAPTURE: the golden demo (tb/mk2/scripts/demo.expect, encoded into a capture as `make sim` would
# write it) and a synthetic two-node workload (tb/tools/workload.py) with its interval rules.
set -eu
dec=$1; tr=$2; out=$3; shift 3
mkdir -p "$out"
rules=()
if [ $# -eq 0 ]; then
  "$tr" encode --node 1 --hz 1000000 -o "$out/demo.cap" tb/mk2/scripts/demo.expect
  python3 tb/tools/workload.py "$out/workload"
  "$tr" encode --node 1 --hz 10000000 -o "$out/workload/node1.cap" "$out/workload/node1.trace"
  "$tr" encode --node 2 --hz 10000000 -o "$out/workload/node2.cap" "$out/workload/node2.trace"
  sets=("demo:$out/demo.cap" "workload:$out/workload/node1.cap $out/workload/node2.cap")
  rules_for_workload="$out/workload/workload.rules"
else
  sets=("capture:$*"); rules_for_workload=""
fi
status=0
for s in "${sets[@]}"; do
  name=${s%%:*}; caps=${s#*:}
  rules=()
  [ "$name" = workload ] && rules=(--rules "$rules_for_workload")
  echo "== $name: $caps"
  # shellcheck disable=SC2086
  "$dec" --stats $caps >"$out/$name.trace" || status=1
  # shellcheck disable=SC2086
  for what in csv perfetto html; do
    ext=$what; [ $what = perfetto ] && ext=pftrace
    "$tr" $what "${rules[@]}" -o "$out/$name.$ext" $caps || status=1
  done
  [ "$name" = workload ] && "$tr" intervals "${rules[@]}" $caps
  echo "trace:    $out/$name.trace"
  echo "csv:      $out/$name.csv"
  echo "perfetto: $out/$name.pftrace   (open in the Perfetto UI)"
  echo "html:     $out/$name.html"
done
exit $status
