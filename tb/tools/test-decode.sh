#!/usr/bin/env bash
# test-decode.sh MK2DECODE MK2TRACE OUTDIR - mk2decode on captures made by the encoder (mk2trace encode):
#   - every golden trace tb/mk2/scripts/*.expect (hand-derived) encoded and decoded again gives its sample lines
#     back byte for byte (the *_timing ones with --timing and their @N); demo.trace exactly;
#   - corrupted captures (bad parity, missing EOM, early EOM, truncated, garbage, bad header): exit 1 and
#     the problem named with its byte offset on stderr; the offsets are worked out below from the layout
#     (32-byte header, 2 bytes per network element, no NETCLK records when the elements are consecutive).
# One "PASS case" / "FAIL case: why" line per case (scripts/run-suite).
set -u
dec=$1; tr=$2; out=$3
mkdir -p "$out"
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }

# the lines mk2-golden compares: samples and "# truncated" (its byte count is not part of the golden file)
lines() { awk '/^# truncated/ { print "# truncated"; next } !/^#/ && !/^[[:space:]]*$/' "$1"; }

# ---- golden traces round trip ----
for g in tb/mk2/scripts/*.expect; do
  name=$(basename "$g" .expect); timing=""
  case "$name" in *_timing) timing=--timing ;; esac
  if ! "$tr" encode --node 1 --hz 1000000 -o "$out/$name.cap" "$g" 2>"$out/$name.enc.err"; then
    fail "golden-$name" "encode failed: $(head -1 "$out/$name.enc.err")"; continue
  fi
  if ! "$dec" $timing "$out/$name.cap" >"$out/$name.got" 2>"$out/$name.err"; then
    fail "golden-$name" "mk2decode exit $?: $(head -1 "$out/$name.err")"; continue
  fi
  if cmp -s <(lines "$g") <(lines "$out/$name.got"); then pass "golden-$name"
  else fail "golden-$name" "differs: $(diff <(lines "$g") <(lines "$out/$name.got") | head -3 | tr '\n' ' ')"; fi
done

# demo.trace byte for byte: the decoder's whole output equals the golden file without its comment lines
grep -v '^#' tb/mk2/scripts/demo.expect >"$out/demo.want"
"$tr" encode --node 1 --hz 1000000 -o "$out/demo.cap" tb/mk2/scripts/demo.expect
if "$dec" "$out/demo.cap" >"$out/demo.out" 2>"$out/demo.err" && cmp -s "$out/demo.want" "$out/demo.out" && [ ! -s "$out/demo.err" ]
then pass demo-byte-for-byte; else fail demo-byte-for-byte "output differs or stderr not empty"; fi

# --timing on the demo: elements were written back to back, so sample k (bytes before it: 20 per Trace,
# 84 per Resource) starts at NETCLK 1 + bytes before: 1, 21, 41 (the Resource sample), 125, 145, ...
want_at="1 21 41 125 145 165 185 205 225 245 265 285"
got_at=$("$dec" --timing "$out/demo.cap" | sed 's/.* @//' | tr '\n' ' ' | sed 's/ $//')
[ "$got_at" = "$want_at" ] && pass demo-timing || fail demo-timing "got @N $got_at"

# ---- corrupted captures ----
# Layout of demo.cap: header 0..31; sample 1 (Trace) elements at 32..71, sample 2 (Trace) 72..111,
# sample 3 (Resource, 84 elements) 112..279, sample 4 280..319, ... 12 samples; byte j of a sample
# starting at S is at S + 2(j-1); the element's second byte holds ODD_PARITY (bit 0) and EOM (bit 1).
corrupt() { # corrupt NAME PYTHON-EXPRESSION-ON-b (a bytearray of the capture)
  python3 -c "import sys; b=bytearray(open(sys.argv[1],'rb').read()); $2; open(sys.argv[2],'wb').write(b)" \
    "$out/demo.cap" "$out/$1.cap"
}
expect_problem() { # expect_problem NAME OFFSET KIND SAMPLES-EXPECTED
  local name=$1 off=$2 kind=$3 nsamp=$4
  "$dec" "$out/$name.cap" >"$out/$name.out" 2>"$out/$name.err"; local rc=$?
  local got; got=$(grep -c '^[TR] ' "$out/$name.out")
  if [ $rc -ne 1 ]; then fail "$name" "exit status $rc, want 1"
  elif ! grep -q "^mk2decode: $out/$name.cap: offset $off: $kind: " "$out/$name.err"; then
    fail "$name" "no '$kind' at offset $off on stderr: $(head -2 "$out/$name.err" | tr '\n' ' ')"
  elif [ "$got" != "$nsamp" ]; then fail "$name" "$got samples decoded, want $nsamp"
  else pass "$name"; fi
}
# byte 3 of sample 2 (offset 72 + 4 = 76): parity flipped; sample 2 lost, the other 11 decoded
corrupt bad-parity 'b[77] ^= 1'
expect_problem bad-parity 76 parity 11
# byte 20 of sample 1 (offset 70) loses EOM: sample 2's EOM (offset 110) then comes on byte 40; both lost
corrupt missing-eom 'b[71] &= ~2'
expect_problem missing-eom 110 early-eom 10
# EOM on byte 5 of the Resource sample (offset 112 + 8 = 120): reported there; its remaining 79 bytes end
# with the real EOM (offset 278), reported as EOM on byte 79; 11 samples left
corrupt early-eom 'b[121] |= 2'
expect_problem early-eom 120 early-eom 11
grep -q "offset 278: early-eom: EOM on byte 79" "$out/early-eom.err" && pass early-eom-rest || fail early-eom-rest "no second report at 278"
# the file cut 50 elements into the Resource sample (112 + 100): reported at the sample's start, 2 decoded
corrupt truncated 'del b[212:]'
expect_problem truncated 112 truncated 2
# 4 bytes of 0xff inserted between samples 1 and 2 (offset 72): reported, nothing else lost
corrupt garbage 'b[72:72] = b"\xff\xff\xff\xff"'
expect_problem garbage 72 garbage 12
# the same inside sample 2 (before its byte 2, offset 74): sample 2 dropped, resynchronised after its EOM
corrupt garbage-inside 'b[74:74] = b"\xff\xff\xff\xff"'
expect_problem garbage-inside 74 garbage 11
grep -q "resynchronised after skipping 44 bytes (20 network elements)" "$out/garbage-inside.err" \
  && pass garbage-inside-skipped || fail garbage-inside-skipped "$(grep resync "$out/garbage-inside.err")"
# a capture ending in the middle of a record: one odd byte after sample 1 (offset 72)
corrupt odd-byte 'del b[73:]'
expect_problem odd-byte 72 truncated 1
# bad header: magic (offset 0), version 2 (offset 6), header size (offset 12), short file (10 bytes)
corrupt bad-magic 'b[0] = ord("X")'
expect_problem bad-magic 0 bad-header 0
corrupt bad-version 'b[6] = 2'
expect_problem bad-version 6 bad-header 0
corrupt bad-hsize 'b[12] = 64'
expect_problem bad-hsize 12 bad-header 0
corrupt short-header 'del b[10:]'
expect_problem short-header 10 bad-header 0
# random garbage, no header at all
head -c 1000 /dev/urandom >"$out/random.cap"
"$dec" "$out/random.cap" >/dev/null 2>"$out/random.err"; rc=$?
[ $rc -eq 1 ] && grep -q "offset 0: bad-header" "$out/random.err" && pass random-file || fail random-file "exit $rc"

# standard input ("-") gives the same as the file
"$dec" - <"$out/demo.cap" | cmp -s - "$out/demo.want" && pass stdin || fail stdin "differs"

# usage and unreadable files: exit 2
"$dec" >/dev/null 2>&1; rc=$?; [ $rc -eq 2 ] && pass usage || fail usage "exit $rc"
"$dec" "$out/no-such.cap" >/dev/null 2>&1; rc=$?; [ $rc -eq 2 ] && pass missing-file || fail missing-file "exit $rc"
exit 0
