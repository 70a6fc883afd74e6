/* remsc - the REMS pattern compiler (docs/rems-matcher.md).
 *
 *   remsc [-q] [-o DIR] [--] PATTERNS       compile; write DIR/t0.memh..t5.memh and DIR/download.memh
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

/* "word trig" per word of the words file, read a word at a time (the file was checked whole before) */
static int print_words(const char *path, const rems_patset *ps, const rems_tables *t)
{
    char err[2048];
    rems_words_reader r;
    uint32_t w;
    int rc;
    if (rems_words_open(&r, path, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    while ((rc = rems_words_next(&r, &w, err, sizeof err)) > 0)
        printf("%08x %02x\n", w, t ? rems_lookup(t, w) : rems_match(ps, w));
    rems_words_close(&r);
    if (rc < 0) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    return 0;
}

/* every word checked before the first is printed: a bad line must not come after half the output */
static int check_words(const char *path)
{
    char err[2048];
    rems_words_reader r;
    uint32_t w;
    int rc;
    if (rems_words_open(&r, path, err, sizeof err)) rc = -1;
    else {
        while ((rc = rems_words_next(&r, &w, err, sizeof err)) > 0) {}
        rems_words_close(&r);
    }
    if (rc < 0) fprintf(stderr, "%s\n", err);
    return rc;
}

int main(int argc, char **argv)
{
    const char *outdir = NULL, *words_path = NULL, *pat_path = NULL;
    int quiet = 0, mode = 0; /* 0 compile, 1 lookup, 2 match */
    int opts = 1;   /* "--": every later argument is a path, even one that starts with '-' */
    for (int i = 1; i < argc; i++) {
        if (opts && !strcmp(argv[i], "--")) opts = 0;
        else if (!opts) {
            if (pat_path) usage();
            pat_path = argv[i];
        } else if (!strcmp(argv[i], "-q")) quiet = 1;
        else if (!strcmp(argv[i], "-o") && i + 1 < argc) outdir = argv[++i];
        else if (!strcmp(argv[i], "--lookup") && i + 1 < argc) mode = 1, words_path = argv[++i];
        else if (!strcmp(argv[i], "--match") && i + 1 < argc) mode = 2, words_path = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1]) usage();
        else if (!pat_path) pat_path = argv[i];
        else usage();
    }
    if (!pat_path) usage();

    char err[2048], shown[600];
    rems_patset ps;
    rems_patset_init(&ps);
    if (rems_parse_file(pat_path, &ps, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    if (words_path && check_words(words_path)) return 2;
    if (mode == 2) {
        int rc = print_words(words_path, &ps, NULL);
        rems_patset_free(&ps);
        return rc;
    }
    rems_tables *t = malloc(sizeof *t);
    if (!t) return 3;
    int rc = rems_compile(&ps, t, NULL, err, sizeof err);
    if (rc) {
        fprintf(stderr, "%s: error: pattern set refused:\n%s\n", rems_shown(pat_path, strlen(pat_path), shown, sizeof shown),
                err);
        return rc < 0 ? 2 : 1;
    }
    if (!quiet) rems_print_summary(t, mode ? stderr : stdout);
    if (outdir) {
        if (mkdir(outdir, 0777) != 0 && errno != EEXIST) {
            fprintf(stderr, "%s: error: cannot create: %s\n", rems_shown(outdir, strlen(outdir), shown, sizeof shown),
                    strerror(errno));
            return 2;
        }
        if (rems_write_files(t, outdir, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
    }
    if (mode == 1) rc = print_words(words_path, &ps, t);
    free(t);
    rems_patset_free(&ps);
    return rc;
}
