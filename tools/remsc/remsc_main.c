/* remsc - the REMS pattern compiler (docs/rems-matcher.md).
 *
 *   remsc [-q] [-o DIR] PATTERNS            compile; write DIR/t0.memh..t5.memh and DIR/download.memh
 *   remsc --lookup WORDS PATTERNS           compile, then print "word trig" per word by table lookup
 *   remsc --match WORDS PATTERNS            print "word trig" per word by direct ternary match (no tables)
 *
 * The summary of codes used per table goes to standard output (-q: not at all; with --lookup/--match to
 * standard error). Exit status: 0 compiled, 1 refused (a table overflowed: the message names it and by how
 * much), 2 bad input or usage. */
#include "remsc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void usage(void)
{
    fprintf(stderr, "usage: remsc [-q] [-o DIR] PATTERNS\n"
                    "       remsc --lookup WORDS PATTERNS\n"
                    "       remsc --match WORDS PATTERNS\n");
    exit(2);
}

int main(int argc, char **argv)
{
    const char *outdir = NULL, *words_path = NULL, *pat_path = NULL;
    int quiet = 0, mode = 0; /* 0 compile, 1 lookup, 2 match */
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-q")) quiet = 1;
        else if (!strcmp(argv[i], "-o") && i + 1 < argc) outdir = argv[++i];
        else if (!strcmp(argv[i], "--lookup") && i + 1 < argc) mode = 1, words_path = argv[++i];
        else if (!strcmp(argv[i], "--match") && i + 1 < argc) mode = 2, words_path = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1]) usage();
        else if (!pat_path) pat_path = argv[i];
        else usage();
    }
    if (!pat_path) usage();

    char err[2048];
    rems_patset ps;
    rems_patset_init(&ps);
    if (rems_parse_file(pat_path, &ps, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    uint32_t *words = NULL;
    size_t nwords = 0;
    if (words_path && rems_parse_words(words_path, &words, &nwords, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    if (mode == 2) {
        for (size_t i = 0; i < nwords; i++) printf("%08x %02x\n", words[i], rems_match(&ps, words[i]));
        return 0;
    }
    rems_tables *t = malloc(sizeof *t);
    if (!t) return 3;
    int rc = rems_compile(&ps, t, NULL, err, sizeof err);
    if (rc) {
        fprintf(stderr, "%s: error: pattern set refused:\n%s\n", pat_path, err);
        return rc < 0 ? 2 : 1;
    }
    if (!quiet) rems_print_summary(t, mode ? stderr : stdout);
    if (outdir) {
        if (mkdir(outdir, 0777) != 0 && errno != EEXIST) {
            fprintf(stderr, "%s: error: cannot create: %s\n", outdir, strerror(errno));
            return 2;
        }
        if (rems_write_files(t, outdir, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
    }
    if (mode == 1)
        for (size_t i = 0; i < nwords; i++) printf("%08x %02x\n", words[i], rems_lookup(t, words[i]));
    free(words);
    free(t);
    rems_patset_free(&ps);
    return 0;
}
