/*
 * pins2cap.c - a capture from the network pins, as a logic analyser or a board runner would make it:
 * reads the per-tick pin log of `mk2sim --pins` (the format of tb/mk2/icarus/mk2_replay.v: tick, 14 input
 * fields, 16 output fields) and writes a capture with the libmk2trace writer.
 *
 *   pins2cap [--node N] [--hz HZ] PINS CAPTURE
 *
 * A byte is taken at every rising NETCLK after which FIFODAB was low (N7..N0, ODD_PARITY and EOM of the
 * tick before); NETCLK edges are counted from 1 after RESETB; RESETB low gives a reset record; a sample
 * part-way out whose network stops being busy (dbg_net_busy_o falls) without its EOM was cut short
 * (software reset, test-mode pop): a cut record. Used by tb/tools/test-sim-roundtrip.sh.
 */
#include "mk2trace.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { F_RST = 1, F_FIFODAB = 18, F_NETCLK = 19, F_NDATA = 20, F_PARITY = 21, F_EOM = 22, F_NET_BUSY = 28, NF = 31 };

int main(int argc, char **argv)
{
    unsigned node = 0;
    uint64_t hz = 0;
    int a = 1;
    for (; a + 1 < argc && argv[a][0] == '-'; a += 2) {
        if (!strcmp(argv[a], "--node")) node = (unsigned)strtoul(argv[a + 1], NULL, 0);
        else if (!strcmp(argv[a], "--hz")) hz = strtoull(argv[a + 1], NULL, 0);
        else break;
    }
    if (argc - a != 2) {
        fprintf(stderr, "usage: pins2cap [--node N] [--hz HZ] PINS CAPTURE\n");
        return 2;
    }
    FILE *in = fopen(argv[a], "r");
    if (!in) {
        fprintf(stderr, "pins2cap: %s: %s\n", argv[a], strerror(errno));
        return 2;
    }
    mk2cap_writer *w = mk2cap_create(argv[a + 1], node, hz);
    if (!w) {
        fprintf(stderr, "pins2cap: %s: %s\n", argv[a + 1], strerror(errno));
        return 2;
    }
    char line[1024];
    uint64_t prev[NF] = {0}, cur[NF], netclk = 0;
    int have_prev = 0, in_sample = 0, rc = 0;
    while (fgets(line, sizeof line, in)) {
        char *p = line;
        int n = 0;
        for (; n < NF; n++) {
            char *end;
            cur[n] = strtoull(p, &end, n == 0 ? 10 : 16);
            if (end == p) break;
            p = end;
        }
        if (n != NF) {
            fprintf(stderr, "pins2cap: %s: a line with %d fields\n", argv[a], n);
            return 2;
        }
        if (!cur[F_RST]) { /* RESETB low during this tick */
            rc |= mk2cap_reset(w);
            netclk = 0;
            in_sample = 0;
        } else if (have_prev) {
            if (!prev[F_NETCLK] && cur[F_NETCLK]) {
                netclk++;
                if (!prev[F_FIFODAB]) {
                    rc |= mk2cap_put_at(w, (unsigned)prev[F_NDATA], (int)prev[F_PARITY], (int)prev[F_EOM], netclk);
                    in_sample = !prev[F_EOM];
                }
            }
            if (in_sample && prev[F_NET_BUSY] && !cur[F_NET_BUSY]) {
                rc |= mk2cap_cut(w);
                in_sample = 0;
            }
        }
        memcpy(prev, cur, sizeof prev);
        have_prev = 1;
    }
    fclose(in);
    if (mk2cap_close(w) || rc) {
        fprintf(stderr, "pins2cap: %s: %s\n", argv[a + 1], strerror(errno));
        return 2;
    }
    return 0;
}
