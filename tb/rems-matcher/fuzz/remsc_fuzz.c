/*
 * remsc_fuzz - fuzz target of the REMS pattern compiler (tools/remsc): each file given is parsed as a pattern
 * file. A file that is refused must give one message, starting with the file's name, with no raw unprintable
 * byte in it (docs/rems-matcher.md); a set that parses, of at most FUZZ_MAX_PATTERNS patterns, is compiled, and
 * when it fits, the tables must raise for every pattern's corner words exactly what the direct ternary match
 * raises. Any breach aborts, which AFL++ records as a crash. Prints one verdict line per file. No Verilator:
 * AFL++ runs it as `remsc_fuzz @@` (afl-clang-fast, `make fuzz-rems`); `make test` replays the committed corpus
 * through an AddressSanitizer + UndefinedBehaviorSanitizer build (tb/rems-matcher/fuzz/run-fuzz-replay).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "remsc.h"

/* the compile of a small set takes milliseconds; bigger ones would slow the fuzzer down for no new path */
#define FUZZ_MAX_PATTERNS 24

static void check_message(const char *path, const char *err)
{
    char shown[600];
    rems_shown(path, strlen(path), shown, sizeof shown);
    if (strncmp(err, shown, strlen(shown)) || err[strlen(shown)] != ':') {
        fprintf(stderr, "remsc_fuzz: message does not start with the file name: %s\n", err);
        abort();
    }
    for (const char *p = err; *p; p++)
        if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f) {
            fprintf(stderr, "remsc_fuzz: raw byte 0x%02x in the message\n", (unsigned char)*p);
            abort();
        }
}

static void same(const rems_tables *t, const rems_patset *ps, uint32_t w)
{
    uint8_t got = rems_lookup(t, w), want = rems_match(ps, w);
    if (got != want) {
        fprintf(stderr, "remsc_fuzz: word %08x: tables raise %02x, the patterns %02x\n", w, got, want);
        abort();
    }
}

int main(int argc, char **argv)
{
    static rems_tables t;
    for (int i = 1; i < argc; i++) {
        rems_patset ps;
        char err[4096];
        rems_patset_init(&ps);
        if (rems_parse_file(argv[i], &ps, err, sizeof err)) {
            check_message(argv[i], err);
            printf("refused: %s\n", err);
            rems_patset_free(&ps);
            continue;
        }
        if (ps.n > FUZZ_MAX_PATTERNS) {
            printf("%s: parsed, %zu patterns (not compiled)\n", argv[i], ps.n);
            rems_patset_free(&ps);
            continue;
        }
        int rc = rems_compile(&ps, &t, NULL, err, sizeof err);
        if (rc == 0) {
            /* each pattern's lowest and highest word, and each of them one bit off */
            for (size_t k = 0; k < ps.n; k++) {
                uint32_t lo = ps.p[k].value, hi = ps.p[k].value | ~ps.p[k].care;
                same(&t, &ps, lo);
                same(&t, &ps, hi);
                for (int b = 0; b < 32; b += 7) same(&t, &ps, lo ^ (1u << b)), same(&t, &ps, hi ^ (1u << b));
            }
            same(&t, &ps, 0);
            same(&t, &ps, 0xffffffffu);
        }
        printf("%s: parsed, %zu patterns, %s\n", argv[i], ps.n, rc == 0 ? "compiled, tables = patterns" : "refused");
        rems_patset_free(&ps);
    }
    return 0;
}
