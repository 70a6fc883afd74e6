/* rems_drv.c - reset, download and streaming of the Verilated rems_matcher (see rems_drv.h). */
#include "rems_drv.h"

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

int rems_drv_stream(rems_shim *s, const uint32_t *words, size_t n, uint8_t *trig, char *msg, size_t msglen)
{
    rems_in in = {0};
    rems_out out;
    in.rst_n = 1;
    size_t got = 0;
    for (size_t clk = 0; clk < n + REMS_LATENCY + 2; clk++) {
        in.valid = clk < n;
        in.word = clk < n ? words[clk] : 0xa5a5a5a5u ^ (uint32_t)clk;
        rems_shim_tick(s, &in, &out);
        /* after the edge ending clock clk the outputs show the word presented LATENCY - 1 clocks earlier */
        long expect_index = (long)clk - (REMS_LATENCY - 1);
        int expect_valid = expect_index >= 0 && (size_t)expect_index < n;
        if (out.valid != (unsigned)expect_valid) {
            snprintf(msg, msglen, "clock %zu: valid_o %u, expected %d (latency %d)", clk, out.valid, expect_valid,
                     REMS_LATENCY);
            return -1;
        }
        if (!out.valid) {
            if (out.trig) {
                snprintf(msg, msglen, "clock %zu: trig_o %02x while valid_o is low", clk, out.trig);
                return -1;
            }
            continue;
        }
        if (out.word != words[expect_index]) {
            snprintf(msg, msglen, "clock %zu: word_o %08x, expected word %ld = %08x", clk, out.word, expect_index,
                     words[expect_index]);
            return -1;
        }
        if (out.masked) {
            snprintf(msg, msglen, "clock %zu: word %08x masked with no download running", clk, out.word);
            return -1;
        }
        trig[got++] = (uint8_t)out.trig;
    }
    if (got != n) {
        snprintf(msg, msglen, "%zu results for %zu words", got, n);
        return -1;
    }
    return 0;
}

long rems_drv_read_download(const char *path, uint64_t **writes, char *msg, size_t msglen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(msg, msglen, "%s: error: cannot open: %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 70000, n = 0;
    uint64_t *w = malloc(cap * sizeof *w);
    char *line = NULL;
    size_t lcap = 0;
    int lineno = 0;
    long rc = 0;
    while (getline(&line, &lcap, f) >= 0) {
        lineno++;
        char *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (*p == '\n' || *p == '\r' || *p == '\0' || (p[0] == '/' && p[1] == '/')) continue;
        uint64_t v = 0;
        int digits = 0;
        for (; *p && *p != '\n' && *p != '\r' && *p != ' ' && *p != '\t'; p++) {
            if (*p == '_') continue;
            if (!isxdigit((unsigned char)*p)) {
                snprintf(msg, msglen, "%s:%d:%d: error: '%c' in a download line (aaaa_dddddddd expected)", path,
                         lineno, (int)(p - line) + 1, *p);
                rc = -1;
                goto out;
            }
            v = v << 4 | (uint64_t)(isdigit((unsigned char)*p) ? *p - '0' : tolower((unsigned char)*p) - 'a' + 10);
            digits++;
        }
        if (digits != 12) {
            snprintf(msg, msglen, "%s:%d:1: error: a download line has 12 hex digits (aaaa_dddddddd), this has %d",
                     path, lineno, digits);
            rc = -1;
            goto out;
        }
        if (n == cap) {
            cap *= 2;
            w = realloc(w, cap * sizeof *w);
        }
        w[n++] = v;
    }
    rc = (long)n;
out:
    free(line);
    fclose(f);
    if (rc < 0) free(w);
    else *writes = w;
    return rc;
}
