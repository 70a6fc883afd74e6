/* su_drv.c - see su_drv.h. */
#include <stdlib.h>
#include <string.h>

#include "ratio_model.h"
#include "su_drv.h"

static void tick(su_shim *s, su_in *in, su_out *out) { su_shim_tick(s, in, out); }

int su_drv_run(const su_scenario *sc, const char *waves, su_result *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    /* compile first: a refused set must not cost a simulation */
    static rems_tables tables;
    uint64_t *writes[SU_UNITS] = {0};
    for (int u = 0; u < SU_UNITS; u++) {
        if (!sc->has_patterns[u]) continue;
        if (rems_compile(&sc->pats[u], &tables, NULL, err, errlen)) {
            for (int v = 0; v < u; v++) free(writes[v]);
            return -1;
        }
        writes[u] = malloc(REMS_DOWNLOAD_WRITES * sizeof(uint64_t));
        rems_download(&tables, writes[u]);
    }
    su_shim *s = su_shim_new(waves);
    if (!s) {
        char shown[600];
        snprintf(err, errlen, "cannot open %s", rems_shown(waves, strlen(waves), shown, sizeof shown));
        for (int u = 0; u < SU_UNITS; u++) free(writes[u]);
        return -1;
    }
    su_in in;
    su_out out;
    memset(&in, 0, sizeof in);
    for (int i = 0; i < 3; i++) tick(s, &in, &out);
    in.rst_n = 1;
    for (int u = 0; u < SU_UNITS; u++) {
        if (!writes[u]) continue;
        in.dl_units = 1u << u;
        in.dl_we = 1;
        for (unsigned k = 0; k < REMS_DOWNLOAD_WRITES; k++) {
            in.dl_addr = (unsigned)(writes[u][k] >> 32);
            in.dl_data = (uint32_t)writes[u][k];
            tick(s, &in, &out);
        }
        in.dl_we = 0;
        free(writes[u]);
    }
    /* reset again: the tables stay, everything else starts from zero at scenario clock 0 */
    in.rst_n = 0;
    for (int i = 0; i < 2; i++) tick(s, &in, &out);
    in.rst_n = 1;
    in.tick = 1;
    su_step idle;
    memset(&idle, 0, sizeof idle);
    size_t total = sc->nsteps + SU_DRAIN_CLOCKS;
    unsigned trig_hist[2] = {0, 0};
    su_cursor cur;
    su_cursor_init(&cur, sc);
    for (size_t t = 0; t < total; t++) {
        const su_step *st = su_cursor_next(&cur);
        if (!st) st = &idle;
        in.valid = st->valid;
        in.ev = 0;
        for (int u = 0; u < SU_UNITS; u++) {
            in.word[u] = st->word[u];
            in.ev |= (unsigned)st->ev[u] << (4 * u);
        }
        in.cfg_we = st->cfg_we;
        in.cfg_unit = st->cfg_unit;
        in.cfg_data = st->cfg_data;
        in.restart = st->restart;
        tick(s, &in, &out);
        /* trig_o after edge t enters the units' input registers at edge t+1 and the sample is taken at edge
         * t+2, unless a restart is on in that clock */
        unsigned pushed = trig_hist[0];
        trig_hist[0] = trig_hist[1];
        trig_hist[1] = out.trig;
        if (st->restart) memset(r->taken, 0, sizeof r->taken);
        else if (pushed & 1)
            for (int u = 0; u < SU_UNITS; u++) r->taken[u]++;
        if (out.trig & 1) {
            if (r->global_triggers < SU_MAX_GWORDS) r->gword[r->global_triggers] = out.gword;
            r->global_triggers++;
        }
        for (int k = 0; k < 6; k++) r->selective[k] += (out.trig >> (k + 1)) & 1;
    }
    memset(&in.word, 0, sizeof in.word);
    in.valid = in.ev = in.cfg_we = in.restart = 0;
    in.tick = 0;
    /* read back: the answer to the address of clock i shows after clock i+1 */
    typedef struct { unsigned unit, reg, addr; uint32_t *dst; } rd;
    size_t nrd = SU_UNITS * (2 * SU_MEM_SAMPLES + 7), k = 0;
    rd *list = malloc(nrd * sizeof *list);
    for (unsigned u = 0; u < SU_UNITS; u++) {
        static uint32_t scratch[SU_UNITS][7];
        for (unsigned a = 0; a < 7; a++) list[k++] = (rd){u, 1, a, &scratch[u][a]};
        for (unsigned a = 0; a < 2 * SU_MEM_SAMPLES; a++) list[k++] = (rd){u, 0, a, &r->mem[u][a]};
    }
    uint32_t regs[SU_UNITS][7];
    for (unsigned u = 0; u < SU_UNITS; u++)
        for (unsigned a = 0; a < 7; a++) list[u * (2 * SU_MEM_SAMPLES + 7) + a].dst = &regs[u][a];
    for (size_t i = 0; i <= nrd; i++) {
        if (i < nrd) in.host_unit = list[i].unit, in.host_reg = list[i].reg, in.host_addr = list[i].addr;
        tick(s, &in, &out);
        if (i > 0) *list[i - 1].dst = out.host_rdata;
    }
    free(list);
    su_shim_free(s);
    for (int u = 0; u < SU_UNITS; u++) {
        r->count[u] = regs[u][0];
        r->fifo_ovf[u] = regs[u][1];
        r->mem_ovf[u] = regs[u][2];
        r->flags[u] = regs[u][3];
        r->cfg[u] = regs[u][4];
        if (regs[u][5] != su_kind[u]) {
            snprintf(err, errlen, "unit %d reports KIND %u, the harness expects %u", u, regs[u][5], su_kind[u]);
            return -1;
        }
        r->fifo_level[u] = regs[u][6];
    }
    return 0;
}

static void print_pair(FILE *f, unsigned w, uint32_t rep)
{
    uint64_t d, n;
    ratio_decode(w, rep, &d, &n);
    fprintf(f, " N/D=%llu/%llu", (unsigned long long)n, (unsigned long long)d);
}

void su_print(FILE *f, const su_result *r)
{
    static const char *kind_name[3] = {"two 6-bit ratio pairs", "timestamp", "one 14-bit ratio pair"};
    for (int u = 0; u < SU_UNITS; u++) {
        fprintf(f, "unit %d (%s): %u samples, FIFO overflows %u, memory overflows %u, flags%s%s, switches %03x\n",
                u, kind_name[su_kind[u]], r->count[u], r->fifo_ovf[u], r->mem_ovf[u],
                r->flags[u] & 1 ? " FIFO" : "", r->flags[u] & 2 ? " MEMORY" : (r->flags[u] & 1 ? "" : " -"), r->cfg[u]);
        for (unsigned k = 0; k < r->count[u] && k < SU_MEM_SAMPLES; k++) {
            uint32_t w = r->mem[u][2 * k], p = r->mem[u][2 * k + 1];
            fprintf(f, "  %u %d %08x %08x", u, k, w, p);
            if (su_kind[u] == 0) print_pair(f, 6, p >> 16), print_pair(f, 6, p & 0xffff);
            else if (su_kind[u] == 2) print_pair(f, 14, p);
            else fprintf(f, " t=%u", p);
            fputc('\n', f);
        }
    }
}
