#!/usr/bin/env bash
# fuzz.sh OUTDIR SECONDS - AFL++ on the capture stream decoder (tb/tools/fuzz_mk2cap.c) for SECONDS,
# seeded with the committed corpus tb/tools/corpus/. Prints PASS/FAIL lines (scripts/run-suite):
# every corpus file replays cleanly (plain build with ASan/UBSan), then the fuzz run must find no crash
# and no hang and must have executed inputs. A crash is kept in OUTDIR/findings/default/crashes/.
set -u
out=$1; secs=$2
src=tb/tools/fuzz_mk2cap.c; lib=tools/libmk2trace/mk2trace.c; inc=-Itools/libmk2trace
mkdir -p "$out"
# 1. replay the corpus with sanitizers
if cc -std=gnu11 -O1 -g -Wall -Wextra -Werror -fsanitize=address,undefined -fno-sanitize-recover=all $inc \
     -o "$out/replay" $src $lib 2>"$out/replay.log"; then
  "$out/replay" tb/tools/corpus/* || echo "FAIL corpus-replay: exit $?"
else
  echo "FAIL corpus-replay: build failed: $(head -3 "$out/replay.log")"; exit 1
fi
# 2. AFL++ (persistent mode; clang's sanitizer runtime is not needed: every input AFL++ keeps is replayed
#    under gcc's ASan + UBSan afterwards, step 3)
if ! AFL_QUIET=1 afl-clang-fast -std=gnu11 -O2 -g $inc -o "$out/fuzz" $src $lib \
     >"$out/build.log" 2>&1; then
  echo "FAIL afl-build: $(tail -3 "$out/build.log" | tr '\n' ' ')"; exit 1
fi
rm -rf "$out/findings"
AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_AFFINITY=1 \
AFL_SKIP_BIN_CHECK=0 AFL_FAST_CAL=1 \
  afl-fuzz -i tb/tools/corpus -o "$out/findings" -V "$secs" -m none -t 1000 -- "$out/fuzz" >"$out/afl.log" 2>&1
rc=$?
stats="$out/findings/default/fuzzer_stats"
if [ ! -f "$stats" ]; then echo "FAIL afl-run: afl-fuzz exit $rc, no stats: $(tail -5 "$out/afl.log" | tr '\n' ' ')"; exit 1; fi
get() { awk -F' *: *' -v k="$1" '$1 == k { print $2 }' "$stats"; }
execs=$(get execs_done); crashes=$(get saved_crashes); hangs=$(get saved_hangs); paths=$(get corpus_count)
[ -n "$crashes" ] || crashes=$(get unique_crashes); [ -n "$hangs" ] || hangs=$(get unique_hangs)
echo "fuzz: ${secs}s, $execs executions, $paths corpus entries, $crashes crashes, $hangs hangs (stats: $stats)"
[ "${execs:-0}" -gt 0 ] && echo "PASS afl-executed" || echo "FAIL afl-executed: no execution"
[ "${crashes:-1}" -eq 0 ] && echo "PASS afl-no-crash" || echo "FAIL afl-no-crash: $crashes crashes in $out/findings/default/crashes"
[ "${hangs:-1}" -eq 0 ] && echo "PASS afl-no-hang" || echo "FAIL afl-no-hang: $hangs hangs in $out/findings/default/hangs"
# 3. every input the fuzzer kept (queue, crashes, hangs) through the sanitizer build
n=0; bad=0
while IFS= read -r -d '' f; do
  n=$((n + 1))
  FUZZ_QUIET=1 "$out/replay" "$f" >/dev/null 2>>"$out/queue-replay.log" || { bad=$((bad + 1)); echo "  $f" >>"$out/queue-replay.log"; }
done < <(find "$out/findings/default/queue" "$out/findings/default/crashes" "$out/findings/default/hangs" -type f -not -path "*/.state/*" -not -name README.txt -print0 2>/dev/null)
[ "$bad" -eq 0 ] && echo "PASS afl-queue-asan-replay ($n inputs)" || echo "FAIL afl-queue-asan-replay: $bad of $n inputs fail under ASan/UBSan ($out/queue-replay.log)"
exit 0
