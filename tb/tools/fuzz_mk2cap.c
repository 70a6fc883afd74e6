/*
 * fuzz_mk2cap.c - fuzz target for the capture stream decoder (tools/libmk2trace): every input, however
 * corrupt, must decode to the end without a crash, a hang or a memory error, and the decoder's own
 * invariants must hold (they abort, which AFL++ counts as a crash):
 *   - every event's offset lies inside the input, and offsets of samples never go backwards;
 *   - a sample has 20 or 84 bytes' worth of fields and formats to a line of the trace format;
 *   - the statistics add up: samples = Trace + Resource samples, each ERROR event counted once.
 * Built by tb/tools/fuzz.sh with afl-clang-fast (persistent mode) or plain cc (replays files given as
 * arguments, for the corpus check).
 */
#include "mk2trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(c)                                                                                                        \
    do {                                                                                                                \
        if (!(c)) {                                                                                                     \
            fprintf(stderr, "invariant failed: %s\n", #c);                                                              \
            abort();                                                                                                    \
        }                                                                                                               \
    } while (0)

static void one(const uint8_t *buf, size_t len)
{
    mk2cap_reader *r = mk2cap_open_mem(buf, len);
    if (!r) return;
    mk2cap_event ev;
    uint64_t samples = 0, errors = 0, last_sample_off = 0, events = 0;
    char line[1024];
    while (mk2cap_next(r, &ev) != MK2CAP_END) {
        CHECK(ev.offset <= len);
        CHECK(++events <= len + 2); /* progress: at most one event per input byte, plus a header error */
        if (ev.type == MK2CAP_SAMPLE) {
            CHECK(ev.offset >= last_sample_off);
            last_sample_off = ev.offset;
            CHECK(ev.sample.kind == 'T' || ev.sample.kind == 'R');
            CHECK(ev.sample.ts < (1ull << 56));
            mk2trace_format(&ev.sample, 1, line, sizeof line);
            CHECK(line[0] == ev.sample.kind && strstr(line, " @"));
            samples++;
        } else if (ev.type == MK2CAP_TRUNCATED) {
            CHECK(ev.nbytes > 0 && ev.nbytes < 84);
            mk2trace_format_truncated(ev.nbytes, 1, ev.netclk, line, sizeof line);
        } else if (ev.type == MK2CAP_ERROR) {
            CHECK(ev.error > MK2CAP_E_NONE && ev.error <= MK2CAP_E_GARBAGE && ev.msg[0]);
            errors++;
        } else {
            CHECK(ev.type == MK2CAP_RESYNC && ev.skipped_bytes <= len);
        }
    }
    CHECK(mk2cap_next(r, &ev) == MK2CAP_END); /* and stays at the end */
    const mk2cap_stats *st = mk2cap_get_stats(r);
    CHECK(st->samples == samples && st->errors == errors);
    CHECK(st->trace_samples + st->resource_samples == st->samples);
    CHECK(st->skipped_bytes <= len);
    mk2cap_free(r);
}

#ifdef __AFL_FUZZ_TESTCASE_LEN
__AFL_FUZZ_INIT();
int main(void)
{
    __AFL_INIT();
    unsigned char *buf = __AFL_FUZZ_TESTCASE_BUF;
    while (__AFL_LOOP(10000)) one(buf, (size_t)__AFL_FUZZ_TESTCASE_LEN);
    return 0;
}
#else
int main(int argc, char **argv)
{
    static uint8_t buf[1 << 20];
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) return 2;
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        one(buf, n);
        if (!getenv("FUZZ_QUIET")) printf("PASS corpus-%s\n", strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i]);
    }
    return 0;
}
#endif
