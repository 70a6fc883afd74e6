/*
 * mk2_vreplay - replays a pin recording (the format of tb/icarus/mk2_replay.v, written by
 * `mk2model --pins`) on the RTL compiled by Verilator, comparing every recorded output pin after every
 * rising edge. Fields recorded as x are not compared. Prints "REPLAY OK <ticks>" or names the first
 * differing tick and pin and exits 1; exits 2 on a malformed file.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mk2_shim.h"

#define NIN 14
#define NOUT 16

static int field(const char *tok, uint64_t *v)
{
    if (strchr(tok, 'x') || strchr(tok, 'X')) return 0; /* not recorded */
    char *end;
    *v = strtoull(tok, &end, 16);
    return *end ? -1 : 1;
}

int main(int argc, char **argv)
{
    if (argc != 2) { fprintf(stderr, "usage: mk2_vreplay PINS_FILE\n"); return 2; }
    FILE *f = fopen(argv[1], "r");
    if (!f) { perror(argv[1]); return 2; }
    static const char *const names[NOUT] = {"ACKB", "D63..D0", "D_OE", "FIFODAB", "NETCLK", "N7..N0",
        "ODD_PARITY", "EOM", "T7..T0", "OUT_EN", "dbg_fifo_count", "dbg_counter_phase", "dbg_shadow_busy",
        "dbg_net_busy", "dbg_discard", "dbg_overrun_count"};
    mk2_shim *chip = mk2_shim_new(NULL);
    char line[1024];
    unsigned long lineno = 0, ticks = 0, compared = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n') continue;
        char *tok[1 + NIN + NOUT];
        int n = 0;
        for (char *p = strtok(line, " \t\n"); p && n < 1 + NIN + NOUT; p = strtok(NULL, " \t\n")) tok[n++] = p;
        if (n != 1 + NIN + NOUT) { fprintf(stderr, "%s:%lu: want %d fields\n", argv[1], lineno, 1 + NIN + NOUT); return 2; }
        uint64_t v[NIN];
        for (int i = 0; i < NIN; i++)
            if (field(tok[1 + i], &v[i]) != 1) { fprintf(stderr, "%s:%lu: bad input field %d\n", argv[1], lineno, i + 1); return 2; }
        /* order: tick rst_n tsclk readb writeb startb holdb addr data cpu waitstate ext testb outdisb netrdy */
        mk2_pins_in in = {.rst_n = (unsigned)v[0], .tsclk = (unsigned)v[1], .readb = (unsigned)v[2],
            .writeb = (unsigned)v[3], .startb = (unsigned)v[4], .holdb = (unsigned)v[5], .addr = (unsigned)v[6],
            .data = v[7], .cpu = (unsigned)v[8], .waitstate = (unsigned)v[9], .ext = (unsigned)v[10],
            .testb = (unsigned)v[11], .outdisb = (unsigned)v[12], .netrdy = (unsigned)v[13]};
        mk2_pins_out o;
        mk2_shim_tick(chip, &in, &o);
        uint64_t got[NOUT] = {o.ackb, o.data, o.data_oe, o.fifodab, o.netclk, o.net_data, o.parity, o.eom, o.test,
            o.out_en, o.fifo_count, o.counter_phase, o.shadow_busy, o.net_busy, o.discard, o.overrun_count};
        for (int i = 0; i < NOUT; i++) {
            uint64_t want;
            int r = field(tok[1 + NIN + i], &want);
            if (r < 0) { fprintf(stderr, "%s:%lu: bad output field %s\n", argv[1], lineno, names[i]); return 2; }
            compared += (r == 1);
            if (r == 1 && want != got[i]) {
                printf("REPLAY DIFFER tick %s pin %s: verilator %" PRIx64 ", recorded %" PRIx64 "\n", tok[0], names[i], got[i], want);
                mk2_shim_free(chip);
                return 1;
            }
        }
        ticks++;
    }
    fclose(f);
    mk2_shim_free(chip);
    /* a recording with every output unrecorded would pass vacuously */
    if (compared == 0) { printf("REPLAY EMPTY: no output pin recorded in %s\n", argv[1]); return 1; }
    printf("REPLAY OK %lu\n", ticks);
    return 0;
}
