/* su_model.c - see su_model.h. Time is counted in clocks t of the RTL after its reset (scenario step t,
 * then SU_DRAIN_CLOCKS idle clocks). Documented timing (rtl/rems/sampleunit/rems_unit_array.v): the words of clock t
 * raise the broadcast triggers sampled by every unit in clock t+7; a unit's trigger word is its latest
 * valid word of a clock <= t; the events of clock c reach the preprocessor in clock c+6, so the sample of
 * clock t+7 holds the events of clocks <= t, and a clear in clock t+7 counts the events of clock t+1 in the
 * new period. The switches are read in clock t+6 (where the triggers enter the unit's input register). */
#include <string.h>

#include "ratio_model.h"
#include "su_model.h"

#define TRIG_DELAY (SU_MATCH_LATENCY + 2)   /* matcher, the OR register, the unit's input register */
#define EV_DELAY (SU_MATCH_LATENCY + 1)     /* the matcher's tag port, the unit's input register */
#define RING (TRIG_DELAY + 1)

typedef struct {
    ratio_ref pair[2];
    uint32_t ts;
    uint64_t fifo[SU_FIFO_DEPTH];
    unsigned head, level, seq;
    uint32_t word_q;
    unsigned cfg_prev;   /* the switch register in the previous clock (where the clear decision is registered) */
} unit_state;

static uint32_t pre_word(unsigned kind, const unit_state *s)
{
    if (kind == 0) return (ratio_ref_report(&s->pair[0]) << 16) | ratio_ref_report(&s->pair[1]);
    if (kind == 2) return ratio_ref_report(&s->pair[0]);
    return s->ts;
}

void su_model_run(const su_scenario *sc, su_result *r)
{
    memset(r, 0, sizeof *r);
    unit_state st[SU_UNITS];
    memset(st, 0, sizeof st);
    for (int u = 0; u < SU_UNITS; u++) {
        ratio_ref_init(&st[u].pair[0], su_kind[u] == 2 ? 14 : 6);
        ratio_ref_init(&st[u].pair[1], 6);
    }
    su_step idle;
    memset(&idle, 0, sizeof idle);
    /* the last TRIG_DELAY+1 clocks: their triggers and steps (RING covers the longest matcher latency) */
    uint8_t trig_ring[RING] = {0};
    su_step ring[RING];
    size_t total = sc->nsteps + SU_DRAIN_CLOCKS;
    uint64_t gcount_issued = 0;   /* global triggers raised so far (they reach the units later) */
    su_cursor cur;
    su_cursor_init(&cur, sc);
    for (size_t t = 0; t < total; t++) {
        const su_step *in = su_cursor_next(&cur);
        if (!in) in = &idle;
        ring[t % RING] = *in;
        uint8_t trig = 0;
        int gset = 0;
        for (int u = 0; u < SU_UNITS; u++)
            if (in->valid & (1u << u)) {
                uint8_t m = rems_match(&sc->pats[u], in->word[u]);
                trig |= m;
                if ((m & 1) && !gset) {
                    gset = 1;
                    if (gcount_issued < SU_MAX_GWORDS) r->gword[gcount_issued] = in->word[u];
                }
            }
        if (trig & 1) gcount_issued++;
        trig_ring[t % RING] = trig;

        uint8_t bcast = t >= TRIG_DELAY ? trig_ring[(t - TRIG_DELAY) % RING] : 0;
        const su_step *wstep = t >= TRIG_DELAY ? &ring[(t - TRIG_DELAY) % RING] : &idle;
        const su_step *estep = t >= EV_DELAY ? &ring[(t - EV_DELAY) % RING] : &idle;
        int tick = t >= EV_DELAY;
        int sample = bcast & 1;
        unsigned sel = bcast >> 1;
        r->global_triggers += (unsigned)sample;
        for (int k = 0; k < 6; k++) r->selective[k] += (sel >> k) & 1;

        for (int u = 0; u < SU_UNITS; u++) {
            unit_state *s = &st[u];
            if (wstep->valid & (1u << u)) s->word_q = wstep->word[u];
            /* everything below acts at the clock's edge, from the state before it */
            uint64_t smp = ((uint64_t)s->word_q << 32) | pre_word(su_kind[u], s);
            unsigned level_before = s->level;
            /* sequencer: word 0, then word 1 and pop; a full memory drops the head in one clock */
            if (!in->restart && level_before) {
                uint64_t head = s->fifo[s->head];
                if (r->count[u] == SU_MEM_SAMPLES) {
                    if (r->mem_ovf[u] != 0xffffffffu) r->mem_ovf[u]++;
                    r->flags[u] |= 2;
                    s->head = (s->head + 1) % SU_FIFO_DEPTH, s->level--;
                } else {
                    r->mem[u][2 * r->count[u] + s->seq] = s->seq ? (uint32_t)head : (uint32_t)(head >> 32);
                    if (s->seq) {
                        r->count[u]++;
                        s->head = (s->head + 1) % SU_FIFO_DEPTH, s->level--;
                    }
                    s->seq ^= 1;
                }
            }
            /* the sample: refused when the FIFO was full before this clock, even if the head leaves now */
            if (sample) {
                r->taken[u]++;
                if (level_before == SU_FIFO_DEPTH) {
                    if (r->fifo_ovf[u] != 0xffffffffu) r->fifo_ovf[u]++;
                    r->flags[u] |= 1;
                } else {
                    s->fifo[(s->head + s->level) % SU_FIFO_DEPTH] = smp;
                    s->level++;
                }
            }
            /* pairs cleared by the switches (after the sample), then this clock's delayed events */
            unsigned clr0 = sel & s->cfg_prev & 0x3f, clr1 = sel & (s->cfg_prev >> 6) & 0x3f;
            s->cfg_prev = r->cfg[u];
            unsigned ev = estep->ev[u];
            ratio_ref_clock(&s->pair[0], ev & 1, (ev >> 1) & 1, clr0 != 0);
            ratio_ref_clock(&s->pair[1], (ev >> 2) & 1, (ev >> 3) & 1, clr1 != 0);
            if (tick) s->ts++;
            if (in->cfg_we && in->cfg_unit == u) r->cfg[u] = in->cfg_data;
            if (in->restart) {
                s->level = 0, s->head = 0, s->seq = 0;
                r->count[u] = 0, r->fifo_ovf[u] = r->mem_ovf[u] = 0, r->flags[u] = 0;
                r->taken[u] = 0;
            }
        }
    }
    for (int u = 0; u < SU_UNITS; u++) r->fifo_level[u] = st[u].level;
}
