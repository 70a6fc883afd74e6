/* rems_run - download a compiled pattern set into the Verilated REMS matcher through its download port and
 * stream words through it, one per clock; prints "word trig" per word (make rems).
 *
 *   rems_run [--waves FILE.fst] [--] DOWNLOAD.memh WORDS
 *
 * The download must be one whole download as remsc writes it (docs/rems-matcher.md); the words file is
 * checked whole before the first word is presented, then read again a word at a time, and each result is
 * printed as it leaves the matcher, so memory does not grow with the words file.
 * Exit status: 0; 1 when the download file is not one whole download (empty, truncated, no commit on its
 * last write) or the matcher broke its streaming contract; 2 a malformed or unreadable file, or usage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "remsc.h"
#include "rems_drv.h"

typedef struct {
    rems_words_reader r;
    char *msg;
    size_t msglen;
} source;

static int next_word(void *arg, uint32_t *w)
{
    source *src = arg;
    return rems_words_next(&src->r, w, src->msg, src->msglen);
}

static void print_result(void *arg, uint32_t w, uint8_t trig)
{
    (void)arg;
    printf("%08x %02x\n", w, trig);
}

int main(int argc, char **argv)
{
    const char *waves = NULL, *dl = NULL, *wp = NULL;
    int opts = 1;   /* "--": the rest are paths */
    for (int i = 1; i < argc; i++) {
        if (opts && !strcmp(argv[i], "--")) opts = 0;
        else if (opts && !strcmp(argv[i], "--waves") && i + 1 < argc) waves = argv[++i];
        else if (!dl) dl = argv[i];
        else if (!wp) wp = argv[i];
        else dl = NULL, i = argc;
    }
    if (!dl || !wp) {
        fprintf(stderr, "usage: rems_run [--waves FILE.fst] DOWNLOAD.memh WORDS\n");
        return 2;
    }
    char msg[1024], shown[600];
    uint64_t *writes;
    long nw = rems_drv_read_download(dl, &writes, msg, sizeof msg);
    if (nw < 0) {
        fprintf(stderr, "%s\n", msg);
        return nw == -2 ? 1 : 2;
    }
    source src = {.msg = msg, .msglen = sizeof msg};
    uint32_t w;
    int r;
    /* the whole words file first: a bad line must stop the run before any result is printed */
    if (rems_words_open(&src.r, wp, msg, sizeof msg)) r = -1;
    else {
        while ((r = rems_words_next(&src.r, &w, msg, sizeof msg)) > 0) {}
        rems_words_close(&src.r);
    }
    if (r < 0 || rems_words_open(&src.r, wp, msg, sizeof msg)) {
        fprintf(stderr, "%s\n", msg);
        return 2;
    }
    rems_shim *s = rems_shim_new(waves);
    if (!s) {
        fprintf(stderr, "rems_run: cannot open %s\n", rems_shown(waves, strlen(waves), shown, sizeof shown));
        return 2;
    }
    rems_drv_reset(s);
    rems_drv_download(s, writes, (size_t)nw);
    free(writes);
    int rc = rems_drv_stream_fn(s, next_word, print_result, &src, NULL, msg, sizeof msg);
    rems_words_close(&src.r);
    rems_shim_free(s);
    if (rc) {
        /* a message from the words file (changed since it was checked) starts with its name */
        fprintf(stderr, "%s%s\n", strstr(msg, ": error: ") ? "" : "rems_run: ", msg);
        return 1;
    }
    return 0;
}
