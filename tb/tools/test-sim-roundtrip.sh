#!/usr/bin/env bash
# test-sim-roundtrip.sh MK2SIM MK2DECODE MK2TRACE OUTDIR - every directed script tb/scripts/*.bus on the
# Verilated RTL (`mk2sim --timing`), its trace lines turned into a capture (mk2trace encode: elements at
# the NETCLK edges of each @N, "# truncated after N bytes @N" as N elements and a cut) and decoded again
# with `mk2decode --timing`: the output must equal the simulator's trace byte for byte. This checks the
# library's formatter against the simulator's own (mk2_tb_format_sample), truncated lines included.
# When the runner writes captures itself, the same comparison runs on its capture instead of the encoder's.
set -u
sim=$1; dec=$2; tr=$3; out=$4
mkdir -p "$out"
for s in tb/scripts/*.bus; do
  b=$(basename "$s" .bus)
  if ! "$sim" "$s" --trace "$out/$b.trace" --timing >"$out/$b.log" 2>&1; then echo "FAIL sim-$b: the simulator failed"; continue; fi
  "$tr" encode -o "$out/$b.cap" "$out/$b.trace" && "$dec" --timing "$out/$b.cap" >"$out/$b.got" 2>"$out/$b.err"
  rc=$?
  if [ $rc -eq 0 ] && cmp -s "$out/$b.trace" "$out/$b.got"; then echo "PASS sim-$b"
  else echo "FAIL sim-$b: exit $rc, $(diff "$out/$b.trace" "$out/$b.got" | head -2 | tr '\n' ' ')"; fi
done
