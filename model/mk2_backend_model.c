/*
 * mk2_backend_model.c - the reference-model backend of the MultiKron II runner: model/mk2_model.c behind
 * the pins of sim/mk2/mk2_backend.h, and the model's coverage record for random co-simulation.
 *
 * The model is a separately written reading of the spec; this file only carries pins across and
 * derives the runner's debug observables from the model's state after the edge: the FIFO count, the
 * counter phase (bytes 21..84 of a Resource sample on their way) and the discard pulse (a Table B3a
 * discard at this edge). The model has no T7..T0 or other debug pins: debug_pins is 0, so pin logs
 * write x there and lockstep compares none of them.
 */
#include "mk2_backend_model.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static void mk2m_cov_edge(mk2m_cov *cov, const mk2m *m, const mk2m_in *in);

typedef struct {
    mk2m chip;
    mk2m_cov *cov;
} model_ctx;

static int model_tick(mk2_backend *b, const mk2_pins_in *in, mk2_pins_out *out, char *err, unsigned errlen)
{
    (void)err;
    (void)errlen;
    model_ctx *c = b->ctx;
    mk2m_in p = {
        .rst_n = (int)in->rst_n, .tsclk = (int)in->tsclk, .readb = (int)in->readb, .writeb = (int)in->writeb,
        .startb = (int)in->startb, .holdb = (int)in->holdb, .addr = in->addr, .data = in->data,
        .cpu_id = in->cpu, .waitstate = (int)in->waitstate, .ext = in->ext, .testb = (int)in->testb,
        .outdisb = (int)in->outdisb, .netrdy = (int)in->netrdy,
    };
    mk2m_tick(&c->chip, &p);
    const mk2m_out *o = &c->chip.out;
    memset(out, 0, sizeof *out);
    out->ackb = (unsigned)o->ackb;
    out->data = o->data;
    out->data_oe = (unsigned)o->data_oe;
    out->fifodab = (unsigned)o->fifodab;
    out->netclk = (unsigned)o->netclk;
    out->net_data = o->net_data;
    out->parity = (unsigned)o->net_parity;
    out->eom = (unsigned)o->net_eom;
    out->out_en = in->outdisb;
    out->fifo_count = (unsigned)c->chip.fifo_count;
    out->counter_phase = (unsigned)c->chip.counter_phase;
    out->discard = (c->chip.events & MK2M_EV_DISCARD) != 0;
    if (c->cov) mk2m_cov_edge(c->cov, &c->chip, &p);
    return 0;
}

static void model_close(mk2_backend *b)
{
    free(b->ctx);
    free(b);
}

static const char *const cmd_names[] = {"reset", "write", "read", "hold", "idle", "tsclk", "ext", "netrdy", "cpu",
                                        "test", "strap", "after", "drain", "outdis", "strobe", "rdwr", NULL};

static void model_note_command(mk2_backend *b, const char *name)
{
    model_ctx *c = b->ctx;
    if (!c->cov) return;
    for (int i = 0; cmd_names[i]; i++)
        if (!strcmp(name, cmd_names[i])) c->cov->cmd[i]++;
}

static void model_note_cycle(mk2_backend *b, int is_read, unsigned addr, int held, const mk2_pins_in *in)
{
    model_ctx *c = b->ctx;
    mk2m_cov *cov = c->cov;
    if (!cov || addr > 127) return;
    if (is_read) cov->rd_addr[addr]++;
    else if (in->testb) cov->wr_addr[addr]++;
    else cov->wr_addr_test[addr]++;
    if (is_read && held) cov->hold_reads++;
    if (c->chip.waitstates) cov->wait1_cycles++;
    if (!is_read && c->chip.mode32) cov->mode32_writes++;
    if (!is_read && addr >= 96 && __builtin_popcount(in->cpu & 0xFF) > 1) cov->multi_cpu_samples++;
}

static void model_note_sample(mk2_backend *b, int resource, int shadow_overrun, int fifo_overrun);

mk2_backend *mk2_backend_model_open(int fifo_depth, char *err, unsigned errlen)
{
    if (fifo_depth < 2 || fifo_depth > MK2M_FIFO_MAX) {
        snprintf(err, errlen, "the model takes FIFO_DEPTH 2..%d, not %d", MK2M_FIFO_MAX, fifo_depth);
        return NULL;
    }
    mk2_backend *b = calloc(1, sizeof *b);
    model_ctx *c = calloc(1, sizeof *c);
    if (!b || !c) {
        free(b);
        free(c);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    mk2m_init(&c->chip, fifo_depth);
    b->name = "model";
    b->fifo_depth = fifo_depth;
    b->ctx = c;
    b->tick = model_tick;
    b->close = model_close;
    b->note_command = model_note_command;
    b->note_cycle = model_note_cycle;
    b->note_sample = model_note_sample;
    return b;
}

void mk2_backend_model_cover(mk2_backend *b, mk2m_cov *cov) { ((model_ctx *)b->ctx)->cov = cov; }

static void model_note_sample(mk2_backend *b, int resource, int shadow_overrun, int fifo_overrun)
{
    model_ctx *c = b->ctx;
    if (c->cov) c->cov->sample_kind[!!resource][!!shadow_overrun][!!fifo_overrun]++;
}

/* ---------------- coverage ---------------- */

static void mk2m_cov_edge(mk2m_cov *cov, const mk2m *m, const mk2m_in *in)
{
    cov->edges++;
    if (m->rows.b3a_row) cov->b3a[m->rows.b3a_row]++;
    if (m->rows.b3b_row) cov->b3b[m->rows.b3b_row]++;
    if (m->events & MK2M_EV_REFUSED) cov->refused_edges++;
    if (m->events & MK2M_EV_RWC_HOLD) cov->rwc_holds++;
    if (m->events & MK2M_EV_RD_STALE) cov->stale_reads++;
    if (m->events & MK2M_EV_SOFT_RESET) cov->soft_resets++;
    if (m->events & MK2M_EV_POP) cov->pops++;
    if (m->events & MK2M_EV_INJECT) cov->injects++;
    if (m->events & MK2M_EV_FILTERED) cov->filtered++;
    if (m->events & MK2M_EV_DISCARD) {
        cov->discards++;
        if (m->flag_fifo) cov->flag_fifo_set++;
        if (m->flag_shadow) cov->flag_shadow_set++;
    }
    if (!in->netrdy) cov->netrdy_low_edges++;
    for (int j = 0; j < 16; j++) {
        if ((j & 1) && (m->mode[j - 1] & 8)) continue;
        if (!m->enable[j]) continue;
        static const int src[8] = {0, 1, 2, 3, 4, 1, 2, 3};
        static const int cs[8] = {0, 0, 1, 2, 3, 0, 1, 2};
        cov->sources[src[m->mode[j] & 7]]++;
        int s = src[m->mode[j] & 7];
        if (s == 1 || s == 3) cov->clock_selects[cs[m->csel[j] & 7]]++;
        if (!(j & 1) && (m->mode[j] & 8)) cov->paired_counts++;
    }
}

static void cov_list(FILE *out, const char *what, const uint64_t *v, int lo, int hi)
{
    int hit = 0, n = 0;
    char miss[1024] = "";
    size_t ml = 0;
    for (int i = lo; i <= hi; i++) {
        n++;
        if (v[i]) hit++;
        else if (ml < sizeof miss - 8) ml += (size_t)snprintf(miss + ml, sizeof miss - ml, " %d", i);
    }
    fprintf(out, "  %-28s %3d/%d hit%s%s\n", what, hit, n, hit < n ? ", missed:" : "", hit < n ? miss : "");
}

void mk2m_cov_print(const mk2m_cov *c, FILE *out)
{
    uint64_t wr_any[128];
    for (int i = 0; i < 128; i++) wr_any[i] = c->wr_addr[i] + c->wr_addr_test[i];
    fprintf(out, "coverage over %" PRIu64 " node clocks:\n", c->edges);
    fprintf(out, "  %-28s", "script commands");
    for (int i = 0; cmd_names[i]; i++) fprintf(out, " %s=%" PRIu64, cmd_names[i], c->cmd[i]);
    fprintf(out, "\n");
    cov_list(out, "addresses read", c->rd_addr, 0, 127);
    cov_list(out, "addresses written", wr_any, 0, 127);
    cov_list(out, "addresses written, test mode", c->wr_addr_test, 0, 127);
    cov_list(out, "Table B3a rows", c->b3a, 1, 12);
    cov_list(out, "Table B3b rows", c->b3b, 1, 8);
    fprintf(out, "  %-28s FIFO-overrun set %" PRIu64 ", shadow-overrun set %" PRIu64 "\n", "error flags",
            c->flag_fifo_set, c->flag_shadow_set);
    fprintf(out, "  %-28s", "samples [kind so fo]");
    for (int r = 0; r < 2; r++)
        for (int so = 0; so < 2; so++)
            for (int fo = 0; fo < 2; fo++)
                fprintf(out, " %c%d%d=%" PRIu64, r ? 'R' : 'T', so, fo, c->sample_kind[r][so][fo]);
    fprintf(out, "\n");
    fprintf(out, "  %-28s discards %" PRIu64 ", filtered %" PRIu64 ", wait edges %" PRIu64 ", rwc holds %" PRIu64
                 ", stale reads %" PRIu64 "\n", "events", c->discards, c->filtered, c->refused_edges, c->rwc_holds,
            c->stale_reads);
    fprintf(out, "  %-28s soft resets %" PRIu64 ", test pops %" PRIu64 ", test FIFO writes %" PRIu64
                 ", NETRDY-low edges %" PRIu64 "\n", "", c->soft_resets, c->pops, c->injects, c->netrdy_low_edges);
    fprintf(out, "  %-28s clk=%" PRIu64 " sw=%" PRIu64 " ext-enable=%" PRIu64 " ext=%" PRIu64
                 "; clock node=%" PRIu64 " /10=%" PRIu64 " /100=%" PRIu64 " ts=%" PRIu64 "; 64-bit pairs %" PRIu64 "\n",
            "enabled-counter edges", c->sources[1], c->sources[2], c->sources[3], c->sources[4], c->clock_selects[0],
            c->clock_selects[1], c->clock_selects[2], c->clock_selects[3], c->paired_counts);
    fprintf(out, "  %-28s multi-CPU samples %" PRIu64 ", 32-bit-mode writes %" PRIu64 ", HOLDB reads %" PRIu64
                 ", 1-wait-state cycles %" PRIu64 "\n", "bus", c->multi_cpu_samples, c->mode32_writes, c->hold_reads,
            c->wait1_cycles);
}
