/*
 * mk2_model.c - cycle-exact reference model of the MultiKron II (see mk2_model.h).
 *
 * Every register value used while computing an edge is the value before that edge ("old"), as in
 * docs/decisions.md; the new state is built in a copy and replaces the old one at the end of the edge.
 * Rule numbers (D2.3, ...) refer to docs/decisions.md; R10.n to the rules this model made precise
 * (docs/decisions.md section 10).
 */
#include "mk2_model.h"

#include <stddef.h>
#include <string.h>

/* Only the addresses come from the generated map: everything else here is worked out independently. */
#include "mk2_regmap.h"

enum { SRC_NONE, SRC_CLK, SRC_SW, SRC_EXTEN, SRC_EXT };
enum { CS_NODE, CS_DIV10, CS_DIV100, CS_TS };

static int mode_source(unsigned field)
{
    static const int map[8] = {SRC_NONE, SRC_CLK, SRC_SW, SRC_EXTEN, SRC_EXT, SRC_CLK, SRC_SW, SRC_EXTEN};
    return map[field & 7];
}

static int clock_select(unsigned field)
{
    static const int map[8] = {CS_NODE, CS_NODE, CS_DIV10, CS_DIV100, CS_TS, CS_NODE, CS_DIV10, CS_DIV100};
    return map[field & 7];
}

static int odd_parity(unsigned byte)
{
    return !(__builtin_popcount(byte & 0xFF) & 1);
}

static void net_idle(mk2m *m)
{
    m->out.fifodab = 1;
    m->out.net_data = 0;
    m->out.net_parity = 1;
    m->out.net_eom = 0;
}

/* Everything the software reset returns to its reset value (D1.3); hardware reset does this and more. */
static void reset_registers(mk2m *m)
{
    m->sampling = 0;
    m->wait_overrun = 0;
    m->read_wait = 0;
    m->mode32 = 0;
    m->filter = 0xFFFF;
    memset(m->src, 0, sizeof m->src);
    m->hor = 0;
    m->wait_cnt = 0;
    m->overrun_cnt = 0;
    m->flag_fifo = 0;
    m->flag_shadow = 0;
    memset(m->cnt, 0, sizeof m->cnt);
    for (int j = 0; j < 16; j++) {
        m->enable[j] = 0;
        m->mode[j] = 4;
        m->csel[j] = 4;
    }
    memset(m->shadow, 0, sizeof m->shadow);
    m->shadow_busy = 0;
    m->p10 = 0;
    m->p100 = 0;
    m->rwc_hold = 0;
    m->net_enabled = 1;
    m->fifo_head = 0;
    m->fifo_count = 0;
    m->in_sample = 0;
    m->counter_phase = 0;
    m->pos = 0;
    m->cur_resource = 0;
    net_idle(m);
}

static void hardware_reset(mk2m *m, int waitstate)
{
    m->flushed += mk2m_inside(m);
    reset_registers(m);
    m->ts = 0;
    m->ts_s1 = m->ts_s2 = m->ts_s3 = 0;
    m->x_s1 = m->x_s2 = m->x_s3 = 0;
    m->waitstates = waitstate ? 1 : 0;
    m->bus = BUS_IDLE;
    m->armed = 1;
    m->wait_left = 0;
    m->rd_oe = 0;
    m->rd_value = ~0ULL;
    m->netclk = 0;
    m->out.ackb = 1;
    m->out.data_oe = 0;
    m->out.netclk = 0;
}

void mk2m_init(mk2m *m, int fifo_depth)
{
    memset(m, 0, sizeof *m);
    if (fifo_depth < 2) fifo_depth = 2;
    if (fifo_depth > MK2M_FIFO_MAX) fifo_depth = MK2M_FIFO_MAX;
    m->fifo_depth = fifo_depth;
    hardware_reset(m, 0);
    m->flushed = 0;
}

static mk2m_entry *fifo_at(mk2m *m, int i)
{
    return &m->fifo[(m->fifo_head + i) % m->fifo_depth];
}

/* The head entry of state M, read from the storage FIFO: M may be an edge's copy of the old state, which
 * holds no storage (mk2m_tick). */
static const mk2m_entry *fifo_head_of(const mk2m *m, const mk2m_entry *fifo)
{
    return &fifo[m->fifo_head % m->fifo_depth];
}

static void fifo_pop(mk2m *m)
{
    if (m->fifo_count == 0) return;
    m->fifo_head = (m->fifo_head + 1) % m->fifo_depth;
    m->fifo_count--;
}

static void fifo_push(mk2m *m, const mk2m_entry *e)
{
    *fifo_at(m, m->fifo_count) = *e;
    m->fifo_count++;
}

static void put_be(uint8_t *p, uint64_t v, int nbytes)
{
    for (int i = nbytes - 1; i >= 0; i--) {
        p[i] = (uint8_t)v;
        v >>= 8;
    }
}

static uint64_t get_be(const uint8_t *p, int nbytes)
{
    uint64_t v = 0;
    for (int i = 0; i < nbytes; i++) v = (v << 8) | p[i];
    return v;
}

static unsigned cpu_index(unsigned lines)
{
    for (unsigned i = 0; i < 8; i++)
        if (lines >> i & 1) return i;
    return 0;
}

static int paired(const uint8_t *mode, int j)
{
    return (j & 1) == 0 && (mode[j] & 8);
}

static uint16_t csr_value(const mk2m *m, const mk2m_entry *fifo)
{
    uint16_t v = 0;
    v |= (uint16_t)(m->sampling << 0);
    v |= (uint16_t)(m->wait_overrun << 2);
    v |= (uint16_t)(m->read_wait << 4);
    v |= (uint16_t)((m->fifo_count == m->fifo_depth) << 6);
    v |= (uint16_t)(m->shadow_busy << 7);
    v |= (uint16_t)(m->flag_fifo << 8);
    v |= (uint16_t)(m->flag_shadow << 9);
    v |= (uint16_t)((m->fifo_count > 0 && fifo_head_of(m, fifo)->resource) << 10);
    v |= (uint16_t)(m->waitstates << 12);
    v |= (uint16_t)(m->mode32 << 14);
    v |= (uint16_t)((!m->mode32) << 15);
    return v;
}

static uint64_t fields_value(const uint8_t *f)
{
    uint64_t v = 0;
    for (int j = 15; j >= 0; j--) v = (v << 4) | (f[j] & 15);
    return v;
}

/* D2.6: the value a plain read of ADDR returns, width-extended with ones. Resource counter reads
 * (64-95) are handled by the caller because of the copy. */
static uint64_t peek(const mk2m *m, const mk2m_entry *fifo, unsigned addr)
{
    addr &= MK2_ADDR_COUNT - 1;
    if (addr == MK2_ADDR_CSR) return 0xFFFFFFFFFFFF0000ULL | csr_value(m, fifo);
    if (addr == MK2_ADDR_TIMESTAMP) return 0xFF00000000000000ULL | m->ts;
    if (addr == MK2_ADDR_FILTER) return 0xFFFFFFFFFFFF0000ULL | m->filter;
    if (addr == MK2_ADDR_WAIT_COUNT) return 0xFFFFFFFF00000000ULL | m->wait_cnt;
    if (addr == MK2_ADDR_OVERRUN_COUNT) return 0xFFFFFFFF00000000ULL | m->overrun_cnt;
    if (addr == MK2_ADDR_HIGH_ORDER) return 0xFFFFFFFF00000000ULL | m->hor;
    if (addr == MK2_ADDR_ENABLE) {
        uint8_t f[16];
        for (int j = 0; j < 16; j++) f[j] = m->enable[j] ? 2 : 1;
        return fields_value(f);
    }
    if (addr == MK2_ADDR_MODE) return fields_value(m->mode);
    if (addr == MK2_ADDR_CLOCK_SELECT) return fields_value(m->csel);
    if (MK2_IS_FIFO_GROUP(addr)) {
        if (m->fifo_count == 0) return ~0ULL;
        return 0xFFFFFFFF00000000ULL | get_be(fifo_head_of(m, fifo)->byte + 4 * (addr - MK2_ADDR_FIFO_GROUP), 4);
    }
    if (MK2_IS_SOURCE(addr)) return 0xFFFFFFFF00000000ULL | m->src[addr - MK2_ADDR_SOURCE];
    if (MK2_IS_COUNTER_VALUE(addr)) return 0xFFFFFFFF00000000ULL | m->cnt[addr - MK2_ADDR_COUNTER_VALUE];
    if (MK2_IS_COUNTER_SHADOW(addr)) return 0xFFFFFFFF00000000ULL | m->shadow[addr - MK2_ADDR_COUNTER_SHADOW];
    return ~0ULL;
}

uint64_t mk2m_peek(const mk2m *m, unsigned addr) { return peek(m, m->fifo, addr); }

/* Table B3a row (1..12, table order) for a sample that reaches Table B3a. */
static int b3a_row(int wait_on, int resource, int fifo_full, int shadow_full)
{
    static const int rows[2][2][2][2] = {
        /* wait off */ {{{7, 8}, {10, 11}}, {{7, 9}, {10, 12}}},
        /* wait on */ {{{1, 2}, {4, 5}}, {{1, 3}, {4, 6}}},
    };
    return rows[wait_on][resource][fifo_full][shadow_full];
}

void mk2m_tick(mk2m *m, const mk2m_in *in)
{
    /* Old values: what every decision at this edge reads. The FIFO's storage is not copied (it is most of
     * the state): an edge writes only the entry past the old tail (a push needs room, so that is never the
     * old head) and reads only the old head, so the old head reads the same from the live storage. */
    mk2m o;
    memcpy(&o, m, offsetof(mk2m, fifo));
    mk2m *n = m;       /* new values */
    n->edges++;
    n->events = 0;
    n->rows.b3a_row = 0;
    n->rows.b3b_row = 0;

    /* D1.1: asynchronous assertion, two-flop synchronized release; D1.2 strap latched while in reset. */
    if (!in->rst_n || !o.rsync2) {
        hardware_reset(n, in->waitstate);
        n->rsync2 = in->rst_n ? o.rsync1 : 0;
        n->rsync1 = in->rst_n ? 1 : 0;
        return;
    }

    const int test = !in->testb;
    const int W = o.waitstates;

    /* Synchronizers (D4.1, D5.1): level at this edge = s2, rising edge = s2 & !s3. */
    const int ts_rise = o.ts_s2 && !o.ts_s3;
    n->ts_s3 = o.ts_s2;
    n->ts_s2 = o.ts_s1;
    n->ts_s1 = in->tsclk ? 1 : 0;
    const unsigned x_level = o.x_s2;
    const unsigned x_rise = o.x_s2 & ~o.x_s3;
    n->x_s3 = o.x_s2;
    n->x_s2 = o.x_s1;
    n->x_s1 = in->ext & 0xFFFF;

    /* Prescalers (D4.1): free-running, also in test mode (R10.3). */
    const int tick10 = o.p10 == 9;
    const int tick100 = tick10 && o.p100 == 9;
    n->p10 = tick10 ? 0 : o.p10 + 1;
    if (tick10) n->p100 = o.p100 == 9 ? 0 : o.p100 + 1;

    /* NETCLK (D6.1). */
    const int present_edge = o.netclk == 1;
    n->netclk = !o.netclk;
    n->out.netclk = n->netclk;

    /* D4.7: a read-without-copy hold blocks one present edge; a new one may be set below. */
    if (present_edge && o.rwc_hold) n->rwc_hold = 0;

    /* Timestamp (D5.1): hardware edge ignored in test mode. */
    if (ts_rise && !test) n->ts = (o.ts + 1) & 0x00FFFFFFFFFFFFFFULL;

    /* ---- network take (D6.2-D6.4): the byte presented at the previous edge is taken now ---- */
    int completed_now = 0;     /* a sample's last byte was taken at this edge */
    int head_removed_now = 0;  /* the FIFO head (old) left at this edge by the take of its byte 20 */
    if (!present_edge && !o.out.fifodab) {
        n->pos = o.pos + 1;
        if (n->pos == 20) {
            fifo_pop(n);
            head_removed_now = 1;
            if (o.cur_resource) {
                n->counter_phase = 1;
            } else {
                n->in_sample = 0;
                n->pos = 0;
                completed_now = 1;
            }
        } else if (n->pos == 84) {
            n->counter_phase = 0;
            n->shadow_busy = 0;
            n->in_sample = 0;
            n->pos = 0;
            completed_now = 1;
        }
        if (completed_now) n->sent++;
    }

    /* ---- bus interface (D2.1-D2.5) ---- */
    int ack_ending = o.bus == BUS_ACK && in->holdb;
    int free_now = o.bus == BUS_IDLE || ack_ending;
    int start = free_now && o.armed && !in->startb && (!in->readb || !in->writeb);
    int strobes_inactive = in->startb || (in->readb && in->writeb);
    int action = 0, refused = 0;

    if (o.bus == BUS_ACK && !in->holdb) {
        /* ACKB held low by HOLDB */
    } else if (ack_ending) {
        n->bus = BUS_IDLE;
        n->out.ackb = 1;
        n->out.data_oe = 0;
    }

    /* soft-reset / pop effects are applied after the counters and sampling are computed */
    int do_soft_reset = 0, do_pop = 0;
    int sw_inc[16] = {0};
    int cnt_written[16] = {0};
    int cnt_reset[16] = {0};
    int sample_take = 0, sample_res = 0;
    mk2m_entry sample_entry;
    int inject = 0;
    mk2m_entry inject_entry;

    if (o.bus == BUS_BUSY) {
        if (o.wait_left > 0) {
            n->wait_left = o.wait_left - 1;
        } else {
            unsigned a = o.l_addr;
            uint64_t d = o.mode32 ? ((uint64_t)o.hor << 32) | (o.l_data & 0xFFFFFFFFULL) : o.l_data;
            uint64_t rv = ~0ULL;
            int can = 1;
            if (o.l_read) {
                if (MK2_IS_COUNTER_VALUE(a)) {
                    int j = a - MK2_ADDR_COUNTER_VALUE;
                    if (!o.shadow_busy) {
                        memcpy(n->shadow, o.cnt, sizeof n->shadow);
                        rv = 0xFFFFFFFF00000000ULL | o.cnt[j];
                        n->rows.b3b_row = o.read_wait ? 1 : 5;
                    } else if (o.read_wait) {
                        can = 0;
                        n->rows.b3b_row = 2;
                    } else {
                        rv = 0xFFFFFFFF00000000ULL | o.shadow[j];
                        n->rows.b3b_row = 6;
                        n->events |= MK2M_EV_RD_STALE;
                    }
                } else if (MK2_IS_COUNTER_SHADOW(a)) {
                    rv = 0xFFFFFFFF00000000ULL | o.shadow[a - MK2_ADDR_COUNTER_SHADOW];
                    n->rows.b3b_row = (o.read_wait ? 3 : 7) + o.shadow_busy;
                    if (o.shadow_busy) {
                        n->rwc_hold = 1;
                        n->events |= MK2M_EV_RWC_HOLD;
                    }
                } else {
                    rv = peek(&o, m->fifo, a);
                }
                if (can) {
                    if (a != MK2_ADDR_HIGH_ORDER) n->hor = (uint32_t)(rv >> 32); /* D2.7 */
                    n->rd_value = rv;
                }
            } else if (a >= MK2_ADDR_SAMPLE) {
                int level = a & 15;
                int res = a >= MK2_ADDR_SAMPLE_RESOURCE;
                if (!o.sampling || !(o.filter >> level & 1)) {
                    n->events |= MK2M_EV_FILTERED;
                } else {
                    int fifo_full = o.fifo_count == o.fifo_depth;
                    int shadow_full = o.shadow_busy;
                    n->rows.b3a_row = b3a_row(o.wait_overrun, res, fifo_full, shadow_full && res ? 1 : shadow_full);
                    int blocked = fifo_full || (res && shadow_full);
                    if (blocked && o.wait_overrun) {
                        can = 0;
                    } else if (blocked) {
                        n->accepted++;
                        n->discarded++;
                        n->events |= MK2M_EV_DISCARD;
                        if (fifo_full) n->flag_fifo = 1;
                        if (res && shadow_full) n->flag_shadow = 1;
                        if (!test) n->overrun_cnt = o.overrun_cnt + 1;
                    } else {
                        n->accepted++;
                        unsigned cpu = cpu_index(o.l_cpu);
                        unsigned hdr = cpu << 5 | (res ? 3u : 2u) << 3 | (unsigned)o.flag_shadow << 2 |
                                       (unsigned)o.flag_fifo << 1;
                        sample_entry.byte[0] = (uint8_t)hdr;
                        put_be(sample_entry.byte + 1, o.ts, 7);
                        put_be(sample_entry.byte + 8, o.src[cpu], 4);
                        put_be(sample_entry.byte + 12, d, 8);
                        sample_entry.resource = res;
                        sample_take = 1;
                        sample_res = res;
                        n->flag_fifo = 0;
                        n->flag_shadow = 0;
                        n->events |= MK2M_EV_TAKEN;
                    }
                }
            } else if (a == MK2_ADDR_SOFT_RESET) {
                do_soft_reset = 1;
            } else if (a == MK2_ADDR_CSR) {
                if (d & 1) n->sampling = 1;
                if (d & 2) n->sampling = 0;
                if (d & 4) n->wait_overrun = 1;
                if (d & 8) n->wait_overrun = 0;
                if (d & 16) n->read_wait = 1;
                if (d & 32) n->read_wait = 0;
                if (d & (1u << 14)) n->mode32 = 1;
                if (d & (1u << 15)) n->mode32 = 0;
            } else if (a == MK2_ADDR_TIMESTAMP) {
                if (test) n->ts = d & 0x00FFFFFFFFFFFFFFULL;
            } else if (a == MK2_ADDR_FILTER) {
                n->filter = (uint16_t)d;
            } else if (a == MK2_ADDR_WAIT_COUNT) {
                n->wait_cnt = test ? (uint32_t)d : 0;
            } else if (a == MK2_ADDR_OVERRUN_COUNT) {
                n->overrun_cnt = test ? (uint32_t)d : 0;
            } else if (a == MK2_ADDR_HIGH_ORDER) {
                n->hor = (uint32_t)d; /* D2.7: D31..D0 in both modes */
            } else if (a == MK2_ADDR_ENABLE) {
                for (int j = 0; j < 16; j++) {
                    unsigned f = (unsigned)(d >> (4 * j)) & 3;
                    if (f == 1) n->enable[j] = 0;
                    if (f >= 2) n->enable[j] = 1;
                    if (f == 3) {
                        if (paired(o.mode, j)) {
                            cnt_reset[j] = cnt_reset[j + 1] = 1;
                        } else if (!((j & 1) && paired(o.mode, j - 1))) {
                            cnt_reset[j] = 1; /* R10.5: an odd counter's field is ignored while paired */
                        }
                    }
                }
            } else if (a == MK2_ADDR_MODE || a == MK2_ADDR_CLOCK_SELECT) {
                uint8_t *f = a == MK2_ADDR_MODE ? n->mode : n->csel;
                for (int j = 0; j < 16; j++) {
                    unsigned v = (unsigned)(d >> (4 * j)) & 15;
                    if (v & 7) f[j] = (uint8_t)v;
                }
            } else if (a == MK2_ADDR_INC_TIMESTAMP) {
                if (test) n->ts = (o.ts + 1) & 0x00FFFFFFFFFFFFFFULL;
            } else if (a == MK2_ADDR_INC_WAIT) {
                if (test) n->wait_cnt = o.wait_cnt + 1;
            } else if (a == MK2_ADDR_INC_OVERRUN) {
                if (test) n->overrun_cnt = o.overrun_cnt + 1;
            } else if (a == MK2_ADDR_NET_DISABLE) {
                if (test) n->net_enabled = 0;
            } else if (a == MK2_ADDR_NET_ENABLE) {
                if (test) n->net_enabled = 1;
            } else if (a == MK2_ADDR_FIFO_POP) {
                if (test) do_pop = 1;
            } else if (MK2_IS_FIFO_GROUP(a)) {
                if (test && o.fifo_count < o.fifo_depth) {
                    for (int g = 0; g < 5; g++) put_be(inject_entry.byte + 4 * g, d & 0xFFFFFFFFULL, 4);
                    inject_entry.resource = 0;
                    inject = 1;
                }
            } else if (MK2_IS_SOURCE(a)) {
                n->src[a - MK2_ADDR_SOURCE] = (uint32_t)d;
            } else if (MK2_IS_COUNTER_VALUE(a)) {
                int j = a - MK2_ADDR_COUNTER_VALUE;
                cnt_written[j] = 1;
                n->cnt[j] = (uint32_t)d;
            } else if (MK2_IS_COUNTER_SHADOW(a)) {
                int j = a - MK2_ADDR_COUNTER_SHADOW;
                if ((j & 1) && paired(o.mode, j - 1)) j--; /* D4.4 */
                sw_inc[j] = 1;
            }
            if (can) {
                action = 1;
                n->bus = BUS_ACK;
                n->out.ackb = 0;
                n->out.data = o.l_read ? n->rd_value : 0;
                n->out.data_oe = o.l_read && in->outdisb;
                n->events |= MK2M_EV_ACTION;
            } else {
                refused = 1;
                n->events |= MK2M_EV_REFUSED;
                if (!test) n->wait_cnt = o.wait_cnt + 1; /* D2.4 */
            }
        }
    }

    if (start) {
        n->bus = BUS_BUSY;
        n->wait_left = W;
        n->l_addr = in->addr & (MK2_ADDR_COUNT - 1);
        n->l_data = in->data;
        n->l_cpu = in->cpu_id & 0xFF;
        n->l_read = !in->readb;
        n->armed = 0;
    } else if ((action || o.bus == BUS_ACK || o.bus == BUS_IDLE) && strobes_inactive) {
        n->armed = 1; /* D2.2 */
    }
    (void)refused;

    /* ---- Resource counters (D4.1-D4.5): control values before this edge govern counts at it ---- */
    for (int j = 0; j < 16; j++) {
        if (!o.enable[j] && !cnt_reset[j]) continue; /* neither counts nor is cleared (a written value stays) */
        if ((j & 1) && paired(o.mode, j - 1)) continue; /* counted with its even partner */
        int pair = paired(o.mode, j);
        int src = mode_source(o.mode[j]);
        int cs = clock_select(o.csel[j]);
        int clk = cs == CS_NODE ? 1 : cs == CS_DIV10 ? tick10 : cs == CS_DIV100 ? tick100 : ts_rise;
        int xl = x_level >> j & 1, xr = x_rise >> j & 1;
        int inc = 0;
        if (o.enable[j]) {
            if (src == SRC_SW) inc = sw_inc[j];
            else if (!test) inc = src == SRC_CLK ? clk : src == SRC_EXTEN ? (clk && xl) : src == SRC_EXT ? xr : 0;
        }
        int written = cnt_written[j] || (pair && cnt_written[j + 1]);
        int cleared = cnt_reset[j];
        if (cleared) {
            n->cnt[j] = 0;
            if (pair) n->cnt[j + 1] = 0;
            continue;
        }
        if (written || !inc) continue; /* D4.3, R10.4: a processor write cancels the count of the pair */
        if (pair) {
            uint64_t v = ((uint64_t)o.cnt[j + 1] << 32) | o.cnt[j];
            if (v != ~0ULL) v++;
            n->cnt[j] = (uint32_t)v;
            n->cnt[j + 1] = (uint32_t)(v >> 32);
        } else if (o.cnt[j] != 0xFFFFFFFFu) {
            n->cnt[j] = o.cnt[j] + 1;
        }
    }

    /* ---- sample into the FIFO (D3.2) ---- */
    if (sample_take) {
        fifo_push(n, &sample_entry);
        if (sample_res) {
            memcpy(n->shadow, o.cnt, sizeof n->shadow);
            n->shadow_busy = 1;
        }
    }
    if (inject) {
        fifo_push(n, &inject_entry);
        n->injected++;
        n->events |= MK2M_EV_INJECT;
    }

    /* ---- network present (D6.2): decided from the state before this edge ---- */
    if (present_edge) {
        int waiting = o.in_sample || o.fifo_count > 0;
        if (in->netrdy && in->outdisb && o.net_enabled && !o.rwc_hold && waiting) {
            int res = o.in_sample ? o.cur_resource : fifo_head_of(&o, m->fifo)->resource;
            int p = o.pos;
            unsigned b = p < 20 ? fifo_head_of(&o, m->fifo)->byte[p] : (unsigned)(o.shadow[(p - 20) / 4] >> (8 * (3 - (p - 20) % 4))) & 0xFF;
            n->in_sample = 1;
            n->cur_resource = res;
            n->out.fifodab = 0;
            n->out.net_data = b;
            n->out.net_parity = odd_parity(b);
            n->out.net_eom = res ? p == 83 : p == 19;
        } else {
            net_idle(n);
        }
    }

    /* ---- test-mode pop (D6.6) and software reset (D1.5): cut a sample short ---- */
    if (do_pop) {
        n->events |= MK2M_EV_POP;
        /* The head as of this edge leaves, once, even if its byte 20 was taken at this edge (R10.7). */
        if (!head_removed_now && n->fifo_count > 0) {
            fifo_pop(n);
            n->flushed++;
        }
        if (n->counter_phase) n->flushed++; /* bytes 1-20 in progress: that was the head */
        n->in_sample = 0;
        n->counter_phase = 0;
        n->pos = 0;
        n->shadow_busy = 0;
        net_idle(n);
    }
    if (do_soft_reset) {
        n->events |= MK2M_EV_SOFT_RESET;
        /* A sample part-way out in bytes 1-20 is still the FIFO head, so fifo_count covers it. */
        n->flushed += (uint64_t)n->fifo_count + (uint64_t)n->counter_phase;
        reset_registers(n);
    }
}
