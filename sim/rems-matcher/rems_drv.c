/* rems_drv.c - reset, download and streaming of the Verilated rems_matcher (see rems_drv.h). */
#include "rems_drv.h"
#include "remsc.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rems_drv_reset(rems_shim *s)
{
    rems_in in = {0};
    rems_out out;
    for (int i = 0; i < 3; i++) rems_shim_tick(s, &in, &out);
    in.rst_n = 1;
    rems_shim_tick(s, &in, &out);
}

void rems_drv_download(rems_shim *s, const uint64_t *writes, size_t n)
{
    rems_in in = {0};
    rems_out out;
    in.rst_n = 1;
    for (size_t i = 0; i < n; i++) {
        in.dl_we = 1;
        in.dl_addr = (unsigned)(writes[i] >> 32) & 0xffff;
        in.dl_data = (uint32_t)writes[i];
        rems_shim_tick(s, &in, &out);
    }
    in.dl_we = 0;
    rems_shim_tick(s, &in, &out);
}

int rems_drv_stream_fn(rems_shim *s, rems_word_fn next, rems_result_fn result, void *arg, size_t *count, char *msg,
                       size_t msglen)
{
    rems_in in = {0};
    rems_out out;
    in.rst_n = 1;
    /* the words in flight: only these are kept, so a stream of any length runs in fixed memory */
    enum { RING = 16 };
    uint32_t ring[RING];
    size_t n = 0, got = 0;
    int ended = 0;
    const long lat = REMS_LATENCY;
    for (size_t clk = 0; !ended || clk < n + (size_t)lat + 2; clk++) {
        uint32_t w = 0xa5a5a5a5u ^ (uint32_t)clk;
        in.valid = 0;
        if (!ended) {
            int r = next(arg, &w);
            if (r < 0) return -1;   /* the source set msg */
            if (r == 0) ended = 1, w = 0xa5a5a5a5u ^ (uint32_t)clk;
            else in.valid = 1, ring[n++ % RING] = w;
        }
        in.word = w;
        rems_shim_tick(s, &in, &out);
        /* after the edge ending clock clk the outputs show the word presented LATENCY - 1 clocks earlier */
        long expect_index = (long)clk - (lat - 1);
        int expect_valid = expect_index >= 0 && (size_t)expect_index < n;
        if (out.valid != (unsigned)expect_valid) {
            snprintf(msg, msglen, "clock %zu: valid_o %u, expected %d (latency %ld)", clk, out.valid, expect_valid, lat);
            return -1;
        }
        if (!out.valid) {
            if (out.trig) {
                snprintf(msg, msglen, "clock %zu: trig_o %02x while valid_o is low", clk, out.trig);
                return -1;
            }
            continue;
        }
        uint32_t want = ring[(size_t)expect_index % RING];
        if (out.word != want) {
            snprintf(msg, msglen, "clock %zu: word_o %08x, expected word %ld = %08x", clk, out.word, expect_index, want);
            return -1;
        }
        if (out.masked) {
            snprintf(msg, msglen, "clock %zu: word %08x masked with no download running", clk, out.word);
            return -1;
        }
        result(arg, out.word, (uint8_t)out.trig);
        got++;
    }
    if (got != n) {
        snprintf(msg, msglen, "%zu results for %zu words", got, n);
        return -1;
    }
    if (count) *count = n;
    return 0;
}

typedef struct {
    const uint32_t *words;
    size_t n, next, got;
    uint8_t *trig;
} array_stream;

static int array_next(void *arg, uint32_t *w)
{
    array_stream *a = arg;
    if (a->next == a->n) return 0;
    *w = a->words[a->next++];
    return 1;
}

static void array_result(void *arg, uint32_t w, uint8_t trig)
{
    array_stream *a = arg;
    (void)w;
    a->trig[a->got++] = trig;
}

int rems_drv_stream(rems_shim *s, const uint32_t *words, size_t n, uint8_t *trig, char *msg, size_t msglen)
{
    array_stream a = {words, n, 0, 0, trig};
    return rems_drv_stream_fn(s, array_next, array_result, &a, NULL, msg, msglen);
}

long rems_drv_read_download(const char *path, uint64_t **writes, char *msg, size_t msglen)
{
    FILE *f = rems_open_read(path, "a download file", msg, msglen);
    if (!f) return -1;
    char shown[600], b[8];
    rems_shown(path, strlen(path), shown, sizeof shown);
    size_t cap = 1024, n = 0;
    uint64_t *w = malloc(cap * sizeof *w);
    char *line = NULL;
    size_t lcap = 0;
    int lineno = 0, commit_line = 0;
    long rc = 0;
    ssize_t len;
    errno = 0;
    while ((len = getline(&line, &lcap, f)) >= 0) {
        lineno++;
        char *p = line, *end = line + len;
        while (p < end && (*p == ' ' || *p == '\t')) p++;
        if (p == end || *p == '\n' || *p == '\r' || (p + 1 < end && p[0] == '/' && p[1] == '/')) continue;
        uint64_t v = 0;
        int digits = 0;
        for (; p < end && *p != '\n' && *p != '\r' && *p != ' ' && *p != '\t'; p++) {
            if (*p == '_') continue;
            if (!isxdigit((unsigned char)*p)) {
                snprintf(msg, msglen, "%s:%d:%d: error: '%s' in a download line (aaaa_dddddddd expected)", shown,
                         lineno, (int)(p - line) + 1, rems_shown(p, 1, b, sizeof b));
                rc = -1;
                goto out;
            }
            if (++digits <= 12)
                v = v << 4 | (uint64_t)(isdigit((unsigned char)*p) ? *p - '0' : tolower((unsigned char)*p) - 'a' + 10);
        }
        if (digits != 12 && line[len - 1] != '\n' && digits < 12 && n < REMS_DOWNLOAD_WRITES) {
            snprintf(msg, msglen, "%s:%d:1: error: truncated: the file ends in a write cut short (%d of its 12 hex "
                     "digits) after %zu of the %u writes a download needs", shown, lineno, digits, n,
                     REMS_DOWNLOAD_WRITES);
            rc = -2;
            goto out;
        }
        if (digits != 12) {
            snprintf(msg, msglen, "%s:%d:1: error: a download line has 12 hex digits (aaaa_dddddddd), this has %d",
                     shown, lineno, digits);
            rc = -1;
            goto out;
        }
        /* what follows is checked here, where the line is known: a download the matcher would not end, or
         * end early, masks every word after it, which would read as a matcher fault */
        if (n == REMS_DOWNLOAD_WRITES) {
            snprintf(msg, msglen, "%s:%d:1: error: more than the %u writes of a download", shown, lineno,
                     REMS_DOWNLOAD_WRITES);
            rc = -2;
            goto out;
        }
        if (commit_line) {
            snprintf(msg, msglen, "%s:%d:1: error: a write after the commit (data bit 30) of line %d, which ends the "
                     "download", shown, lineno, commit_line);
            rc = -2;
            goto out;
        }
        if (v & (1ull << 30)) commit_line = lineno;
        if (n == cap) {
            cap *= 2;
            uint64_t *nw = realloc(w, cap * sizeof *w);
            if (!nw) {
                snprintf(msg, msglen, "%s: error: out of memory", shown);
                rc = -1;
                goto out;
            }
            w = nw;
        }
        w[n++] = v;
    }
    if ((rc = rems_read_failed(f, path, msg, msglen)) != 0) goto out;
    if (n == 0)
        snprintf(msg, msglen, "%s: error: is empty: no write, a download is %u writes (remsc's download.memh)", shown,
                 REMS_DOWNLOAD_WRITES), rc = -2;
    else if (n < REMS_DOWNLOAD_WRITES)
        snprintf(msg, msglen, "%s: error: truncated: has %zu of the %u writes a download needs", shown, n,
                 REMS_DOWNLOAD_WRITES), rc = -2;
    else if (!commit_line)
        snprintf(msg, msglen, "%s:%d:1: error: the last write does not carry the commit (data bit 30): the download "
                 "would never end", shown, lineno), rc = -2;
    else rc = (long)n;
out:
    free(line);
    fclose(f);
    if (rc < 0) free(w);
    else *writes = w;
    return rc;
}
