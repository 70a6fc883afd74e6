#!/usr/bin/env bash
# test-sim-roundtrip.sh MK2SIM MK2DECODE MK2TRACE PINS2CAP OUTDIR - the decoder library against the
# simulator itself, on every directed and acceptance script (tb/mk2/scripts, tb/mk2/acceptance):
#   pins-NAME:  `mk2sim --timing --pins` runs the script on the Verilated RTL; pins2cap turns the network
#               pins of every tick into a capture with the libmk2trace writer (as a logic analyser or a
#               board runner would); `mk2decode --timing` of it must equal the simulator's trace byte for
#               byte (@N, truncated lines and their byte counts included);
#   enc-NAME:   the simulator's trace lines through `mk2trace encode` and `mk2decode --timing`, byte for byte;
#   cap-NAME:   the runner's own capture (`mk2sim --capture`), decoded, byte for byte.
# This checks the writer, the reader and mk2trace_format against the testbench's own capture and
# formatter (sim/mk2_tb.c).
set -u
sim=$1; dec=$2; tr=$3; p2c=$4; out=$5
mkdir -p "$out"
for s in tb/mk2/scripts/*.bus tb/mk2/acceptance/*.bus; do
  b=$(basename "$s" .bus)
  if ! "$sim" "$s" --trace "$out/$b.trace" --timing --pins "$out/$b.pins" --capture "$out/$b.sim.cap" >"$out/$b.log" 2>&1; then
    echo "FAIL pins-$b: the simulator failed: $(grep -m1 FAIL "$out/$b.log")"; continue
  fi
  "$p2c" --node 1 "$out/$b.pins" "$out/$b.cap" && "$dec" --timing "$out/$b.cap" >"$out/$b.got" 2>"$out/$b.err"
  rc=$?
  if [ $rc -eq 0 ] && cmp -s "$out/$b.trace" "$out/$b.got"; then echo "PASS pins-$b"
  else echo "FAIL pins-$b: exit $rc, $(diff "$out/$b.trace" "$out/$b.got" | head -2 | tr '\n' ' ') $(head -1 "$out/$b.err")"; fi
  "$tr" encode -o "$out/$b.enc.cap" "$out/$b.trace" && "$dec" --timing "$out/$b.enc.cap" >"$out/$b.enc.got" 2>"$out/$b.enc.err"
  rc=$?
  if [ $rc -eq 0 ] && cmp -s "$out/$b.trace" "$out/$b.enc.got"; then echo "PASS enc-$b"
  else echo "FAIL enc-$b: exit $rc, $(diff "$out/$b.trace" "$out/$b.enc.got" | head -2 | tr '\n' ' ')"; fi
  "$dec" --timing "$out/$b.sim.cap" >"$out/$b.sim.got" 2>"$out/$b.sim.err"; rc=$?
  if [ $rc -eq 0 ] && cmp -s "$out/$b.trace" "$out/$b.sim.got"; then echo "PASS cap-$b"
  else echo "FAIL cap-$b: exit $rc, $(diff "$out/$b.trace" "$out/$b.sim.got" | head -2 | tr '\n' ' ') $(head -1 "$out/$b.sim.err")"; fi
  rm -f "$out/$b.pins"
done
