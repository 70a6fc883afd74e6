/* rems_run - download a compiled pattern set into the Verilated REMS matcher through its download port and
 * stream words through it, one per clock; prints "word trig" per word (make rems).
 *
 *   rems_run [--waves FILE.fst] DOWNLOAD.memh WORDS
 *
 * Exit status: 0, 1 when the matcher broke its streaming contract (message on stderr), 2 bad input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "remsc.h"
#include "rems_drv.h"

int main(int argc, char **argv)
{
    const char *waves = NULL, *dl = NULL, *wp = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--waves") && i + 1 < argc) waves = argv[++i];
        else if (!dl) dl = argv[i];
        else if (!wp) wp = argv[i];
        else dl = NULL, i = argc;
    }
    if (!dl || !wp) {
        fprintf(stderr, "usage: rems_run [--waves FILE.fst] DOWNLOAD.memh WORDS\n");
        return 2;
    }
    char msg[1024];
    uint64_t *writes;
    long nw = rems_drv_read_download(dl, &writes, msg, sizeof msg);
    if (nw < 0) {
        fprintf(stderr, "%s\n", msg);
        return 2;
    }
    uint32_t *words;
    size_t n;
    if (rems_parse_words(wp, &words, &n, msg, sizeof msg)) {
        fprintf(stderr, "%s\n", msg);
        return 2;
    }
    rems_shim *s = rems_shim_new(waves);
    if (!s) {
        fprintf(stderr, "rems_run: cannot open %s\n", waves);
        return 2;
    }
    rems_drv_reset(s);
    rems_drv_download(s, writes, (size_t)nw);
    uint8_t *trig = malloc(n ? n : 1);
    int rc = rems_drv_stream(s, words, n, trig, msg, sizeof msg);
    rems_shim_free(s);
    if (rc) {
        fprintf(stderr, "rems_run: %s\n", msg);
        return 1;
    }
    for (size_t i = 0; i < n; i++) printf("%08x %02x\n", words[i], trig[i]);
    free(trig);
    free(words);
    free(writes);
    return 0;
}
