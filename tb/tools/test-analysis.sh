#!/usr/bin/env bash
# test-analysis.sh MK2TRACE OUTDIR - mk2trace's merge, intervals, counters, loss and CSV on two small
# hand-written captures, tb/tools/analysis/a.trace (node 1, 1000 Hz) and b.trace (node 2, 2000 Hz), with
# the rules tb/tools/analysis/a.rules (0x10 request start, 0x11 request end, overrun 0x7f).
# Every expected value below is worked out by hand from those files (event id = data bits 63..32).
set -u
tr=$1; out=$2
mkdir -p "$out"
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }
A=$out/a.cap; B=$out/b.cap; R=tb/tools/analysis/a.rules
"$tr" encode --node 1 --hz 1000 -o "$A" tb/tools/analysis/a.trace || fail encode-a "exit $?"
"$tr" encode --node 2 --hz 2000 -o "$B" tb/tools/analysis/b.trace || fail encode-b "exit $?"

# ---- merge: times in seconds are A: 16,18,32,48,64,80,96,112 ms; B: 8,24,32 ms. Ordered, with the tie at
# 32 ms (A's Resource sample, B's third) kept in file order (A given first): B1 A1 A2 B2 A3 B3 A4 .. A8
"$tr" timeline --rules $R "$A" "$B" >"$out/timeline" 2>"$out/timeline.err"; rc=$?
[ $rc -eq 0 ] && pass timeline-exit || fail timeline-exit "exit $rc"
got=$(grep -v '^#' "$out/timeline" | awk '{ print $1 "/" $2 }' | tr '\n' ' ')
want="0.008000000/2 0.016000000/1 0.018000000/1 0.024000000/2 0.032000000/1 0.032000000/2 0.048000000/1 0.064000000/1 0.080000000/1 0.096000000/1 0.112000000/1 "
[ "$got" = "$want" ] && pass merge-order || fail merge-order "got $got"
# stable for equal times: with B given first, the 32 ms tie puts B's sample first
got=$("$tr" timeline "$B" "$A" | grep '^0.032' | awk '{ print $2 }' | tr '\n' ' ')
[ "$got" = "2 1 " ] && pass merge-stable || fail merge-stable "got $got"
# node.process from the source id: 0x00010003 -> 1.3; --proc-bits 8 -> node 0x100 = 256, process 3
grep -q '^0.018000000 1 1.3 cpu1 request start |' "$out/timeline" && pass node-proc-split || fail node-proc-split "$(sed -n 4p "$out/timeline")"
"$tr" timeline --proc-bits 8 "$A" | grep -q '^0.018000000 1 256.3 cpu1' && pass proc-bits-option || fail proc-bits-option "no 256.3"
"$tr" timeline --node-from header "$B" | grep -q '^0.008000000 2 2.1 cpu2' && pass node-from-header || fail node-from-header ""

# ---- intervals "request": A p2 0x10..0x30 = 32 ticks (32 ms), A p3 0x12..0x40 = 46 ticks (46 ms),
# B p1 0x10..0x30 = 32 ticks (16 ms); B's start at 0x40 stays open, A's end at 0x70 has no start.
# count 3, total 110 ticks, mean 36.7, min 32, max 46; seconds: total 0.094, mean 0.031333333,
# min 0.016 (B), max 0.046
"$tr" intervals --rules $R "$A" "$B" >"$out/intervals"
got=$(awk '$1 == "request"' "$out/intervals" | tr -s ' ')
want="request 3 110 36.7 32 46 0.094000000 0.031333333 0.016000000 0.046000000 1 1"
[ "$got" = "$want" ] && pass intervals-stats || fail intervals-stats "got '$got'"
"$tr" intervals "$A" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && pass intervals-needs-rules || fail intervals-needs-rules "exit $rc"
printf '0x10 request begin\n' >"$out/bad.rules"
"$tr" intervals --rules "$out/bad.rules" "$A" >/dev/null 2>"$out/bad.err"; rc=$?
[ $rc -eq 2 ] && grep -q 'bad.rules:1:' "$out/bad.err" && pass bad-rule-file || fail bad-rule-file "exit $rc"

# ---- counters, pair 0:1 in 64-bit mode (--pairs 0): 0x00000000_fffffff0 = 4294967280 then
# 0x00000001_00000010 = 4294967312: +32 (not a wrap). Counter 2: 5 -> 12 = +7. Counter 3: 0xfffffffe ->
# 0xffffffff: saturated, at least +1. Counter 4: 100 -> 3: cleared.
"$tr" counters --pairs 0 "$A" >"$out/counters"
chk() { # chk NAME COUNTER VALUE DELTA-TEXT (on the second Resource sample, ts 0x50)
  local got; got=$(awk -v c="$2" '$3 == "00000000000050" && $4 == c { $1 = $2 = $3 = $4 = ""; print }' "$out/counters" | sed 's/^ *//')
  [ "$got" = "$3 $4" ] && pass "$1" || fail "$1" "got '$got', want '$3 $4'"
}
chk counter-pair-joined 1:0 4294967312 +32
chk counter-delta 2 12 +7
chk counter-saturated 3 4294967295 "saturated (+>=1)"
chk counter-cleared 4 3 cleared
grep -q '^0.032000000 1 00000000000020 1:0 *4294967280 first$' "$out/counters" && pass counter-first || fail counter-first ""
# the same without the pair: counter 0 went 0xfffffff0 -> 0x10, which 32-bit counters (saturating) show
# as cleared, and counter 1 went 0 -> 1
"$tr" counters "$A" >"$out/counters32"
awk '$3 == "00000000000050" && $4 == "0" { print $5, $6 }' "$out/counters32" | grep -qx '16 cleared' && pass counter-32bit-no-wrap || fail counter-32bit-no-wrap "$(grep 00000050 "$out/counters32" | head -2)"
# the pair from the rule file ("pair 0") gives the same as --pairs 0
printf 'pair 0\n' >"$out/pair.rules"
"$tr" counters --rules "$out/pair.rules" "$A" | cmp -s - "$out/counters" && pass pair-rule || fail pair-rule "differs from --pairs 0"

# ---- loss: A5 has F, A7 has S; event 0x7f carries the Overrun Error Counter, 5
"$tr" loss --rules $R "$A" "$B" >"$out/loss"
grep -q '^summary: 1 samples with S (shadow overrun), 1 with F (FIFO overrun), 0 capture problems' "$out/loss" && pass loss-summary || fail loss-summary "$(tail -1 "$out/loss")"
grep -q '^flag 0.064000000 cap 1 node 1.3: FIFO-overrun' "$out/loss" && pass loss-flag-f || fail loss-flag-f ""
grep -q '^flag 0.096000000 cap 1 node 1.2: shadow-overrun' "$out/loss" && pass loss-flag-s || fail loss-flag-s ""
grep -q '^overrun 0.096000000 cap 1 node 1.2: 5$' "$out/loss" && pass loss-overrun-counter || fail loss-overrun-counter ""
# a corrupted capture: its problem is in the loss report, with the offset; exit 1 (output still written).
# Parity flipped on byte 1 of A's second sample (offset 32 + 40 = 72, flag byte 73)
python3 -c "import sys; b=bytearray(open(sys.argv[1],'rb').read()); b[73]^=1; open(sys.argv[2],'wb').write(b)" "$A" "$out/bad.cap"
"$tr" loss "$out/bad.cap" >"$out/loss-bad" 2>"$out/loss-bad.err"; rc=$?
[ $rc -eq 1 ] && grep -q "^problem $out/bad.cap offset 72: parity" "$out/loss-bad" && pass loss-capture-problem || fail loss-capture-problem "exit $rc"
grep -q "7 samples, 0 truncated, 1 problems, 40 bytes (20 network elements) skipped" "$out/loss-bad" && pass loss-skipped || fail loss-skipped "$(grep '^capture' "$out/loss-bad")"

# ---- CSV: header row, one row per sample (11), 36 fields each, every field of B1 in the first row
"$tr" csv --rules $R "$A" "$B" >"$out/csv"
[ "$(wc -l <"$out/csv")" -eq 12 ] && pass csv-rows || fail csv-rows "$(wc -l <"$out/csv") lines"
head -1 "$out/csv" | grep -q '^capture,capture_node,seq,offset,netclk,kind,cpu,type,header,shadow_overrun,fifo_overrun,ts,time_s,src,node,process,data,event,arg,name,cnt0,.*,cnt15$' && pass csv-header || fail csv-header ""
nf=$(python3 -c "import csv,sys; print(sorted(set(len(r) for r in csv.reader(open(sys.argv[1])))))" "$out/csv")
[ "$nf" = "[36]" ] && pass csv-fields || fail csv-fields "field counts $nf"
# B1: capture B, node 2, first sample, offset 32, NETCLK 1, Trace, cpu 2, type 2, header 010 10 0 0 0 = 0x50,
# ts 16 = 0.008 s, src 0x00020001 = node 2 process 1, event 0x10 "request start"
sed -n 2p "$out/csv" | grep -q "^\"$B\",2,0,32,1,T,2,2,0x50,0,0,16,0.008000000,0x00020001,2,1,0x0000001000000000,0x10,0x0,\"request start\",,,,,,,,,,,,,,,,$" && pass csv-row-values || fail csv-row-values "$(sed -n 2p "$out/csv")"
# the first Resource row (A3, 0.032 s): counters in decimal, 0xfffffff0 = 4294967280, 0xfffffffe, 100
grep -q ',R,0,3,0x18,0,0,32,0.032000000,.*,4294967280,0,5,4294967294,100,0,0,0,0,0,0,0,0,0,0,0$' "$out/csv" && pass csv-counters || fail csv-counters ""
exit 0
