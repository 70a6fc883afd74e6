/*
 * mk2decode - MultiKron II network capture -> trace lines (README "Trace format"), exactly as `make sim`.
 *
 *   mk2decode [--timing] [-o OUT] [--stats] CAPTURE...     (CAPTURE "-": standard input)
 *
 * Every problem in a capture goes to stderr as "mk2decode: FILE: offset N: problem" and decoding goes on
 * from the next EOM; the exit status is then 1 (2 for a usage error or an unreadable file).
 * docs/trace-tools.md describes the capture format.
 */
#include "mk2trace.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
    fprintf(f, "usage: mk2decode [--timing] [-o OUT] [--stats] CAPTURE...   (\"-\": standard input)\n"
               "  --timing  append \" @N\" (the NETCLK edge that took the first byte) as `make sim` does\n"
               "  -o OUT    write the trace lines to OUT instead of stdout\n"
               "  --stats   print a summary per capture on stderr\n"
               "exit status: 0 clean, 1 a capture had problems (each on stderr with its byte offset), 2 usage/IO\n");
}

/* "-": the capture on standard input */
static mk2cap_reader *open_stdin(void)
{
    size_t cap = 1 << 16, len = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        len += fread(buf + len, 1, cap - len, stdin);
        if (len < cap) break;
        uint8_t *nb = realloc(buf, cap *= 2);
        if (!nb) free(buf);
        buf = nb;
    }
    if (!buf || ferror(stdin)) {
        free(buf);
        errno = buf ? EIO : ENOMEM;
        return NULL;
    }
    mk2cap_reader *r = mk2cap_open_mem(buf, len);
    free(buf);
    return r;
}

int main(int argc, char **argv)
{
    int timing = 0, stats = 0, nfiles = 0;
    const char *out_path = NULL;
    const char **files = calloc((size_t)argc, sizeof *files);
    if (!files) return 2;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--timing")) timing = 1;
        else if (!strcmp(argv[i], "--stats")) stats = 1;
        else if (!strcmp(argv[i], "-o") && i + 1 < argc) out_path = argv[++i];
        else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            usage(stdout);
            return 0;
        } else if (argv[i][0] == '-' && argv[i][1]) { /* "-" alone is standard input */
            fprintf(stderr, "mk2decode: unknown option %s\n", argv[i]);
            usage(stderr);
            return 2;
        } else files[nfiles++] = argv[i];
    }
    if (!nfiles) {
        usage(stderr);
        return 2;
    }
    FILE *out = stdout;
    if (out_path && !(out = fopen(out_path, "w"))) {
        fprintf(stderr, "mk2decode: %s: %s\n", out_path, strerror(errno));
        return 2;
    }
    int status = 0;
    for (int i = 0; i < nfiles; i++) {
        mk2cap_reader *r = strcmp(files[i], "-") ? mk2cap_open(files[i]) : open_stdin();
        if (!r) {
            fprintf(stderr, "mk2decode: %s: %s\n", files[i], strerror(errno));
            status = 2;
            continue;
        }
        mk2cap_event ev;
        char line[1024];
        while (mk2cap_next(r, &ev) != MK2CAP_END) {
            switch (ev.type) {
            case MK2CAP_SAMPLE:
                mk2trace_format(&ev.sample, timing, line, sizeof line);
                fprintf(out, "%s\n", line);
                break;
            case MK2CAP_TRUNCATED:
                mk2trace_format_truncated(ev.nbytes, timing, ev.netclk, line, sizeof line);
                fprintf(out, "%s\n", line);
                break;
            case MK2CAP_ERROR:
                fprintf(stderr, "mk2decode: %s: offset %" PRIu64 ": %s: %s\n", files[i], ev.offset,
                        mk2cap_error_name(ev.error), ev.msg);
                if (!status) status = 1;
                break;
            case MK2CAP_RESYNC:
                fprintf(stderr, "mk2decode: %s: offset %" PRIu64 ": %s\n", files[i], ev.offset, ev.msg);
                break;
            }
        }
        const mk2cap_stats *st = mk2cap_get_stats(r);
        if (stats || st->errors)
            fprintf(stderr,
                    "mk2decode: %s: node %u, Timestamp clock %" PRIu64 " Hz: %" PRIu64 " samples (%" PRIu64 " Trace, %" PRIu64
                    " Resource), %" PRIu64 " truncated, %" PRIu64 " problems, %" PRIu64 " bytes (%" PRIu64
                    " network elements) skipped\n",
                    files[i], mk2cap_node(r), mk2cap_tsclk_hz(r), st->samples, st->trace_samples, st->resource_samples,
                    st->truncated, st->errors, st->skipped_bytes, st->skipped_elements);
        mk2cap_free(r);
    }
    if (fflush(out) || (out != stdout && fclose(out))) {
        fprintf(stderr, "mk2decode: %s: %s\n", out_path ? out_path : "stdout", strerror(errno));
        status = 2;
    }
    free(files);
    return status;
}
