/*
 * mk2model_tb.c - the testbench API of sim/mk2_tb.h, implemented over the C reference model
 * (model/mk2_model.c) instead of the Verilated RTL.
 *
 * It is a second, independent implementation of the testbench conventions of docs/decisions.md
 * section 9: a bus-functional model that drives the model's pins tick by tick, pin schedulers for the
 * Timestamp clock, the external inputs and NETRDY, and a network capture that reads the model's output
 * pins, checks every byte (odd parity, EOM on the last byte only, no byte presented while NETRDY was
 * low) and decodes samples. After every command it checks conservation:
 * accepted = sent + discarded + inside + flushed - injected.
 */
#include "mk2model_tb.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define ACK_TIMEOUT 1000000ULL

typedef struct {
    uint64_t tick;
    char *line;
} after_cmd;

struct mk2_tb {
    mk2_tb_options opt;
    mk2m chip;
    mk2m_in pins;
    int failed;
    char err[1024];

    uint64_t ticks;
    uint64_t last_read;
    uint64_t last_ack_ticks;
    int hold_pending; /* -1 none */
    int was_reset;    /* a 'reset' has run: bus cycles before it would drive an undefined chip */
    long strobe_pending; /* the next cycle keeps STARTB and its strobe low this many ticks after the start */
    int tsclk_run_div; /* 0: not running */
    uint64_t tsclk_run_phase;

    /* capture */
    uint8_t bytes[84];
    int nbytes;
    uint64_t first_netclk;
    uint64_t netclk_rises;
    int netrdy_at_present; /* NETRDY in the tick whose edge presented the byte now on the pins */
    mk2_sample *samples;
    int nsamples, cap_samples;
    int truncated;

    /* accounting base (the model's counters are cumulative) */
    uint64_t base_accepted, base_discarded, base_flushed, base_injected, base_sent;
    uint64_t sent;

    after_cmd *after;
    int nafter, cap_after;
    int in_after; /* executing an `after` command: pin commands only */

    mk2m_cov *cov;
    FILE *pins_out;
};

static int fail(mk2_tb *tb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tb->err, sizeof tb->err, fmt, ap);
    va_end(ap);
    tb->failed = 1;
    return -1;
}

static void default_pins(mk2m_in *p)
{
    memset(p, 0, sizeof *p);
    p->rst_n = 1;
    p->readb = p->writeb = p->startb = p->holdb = 1;
    p->testb = 1;
    p->outdisb = 1;
    p->netrdy = 1;
}

mk2_tb *mk2_tb_new(const mk2_tb_options *opt)
{
    mk2_tb *tb = calloc(1, sizeof *tb);
    if (!tb) return NULL;
    if (opt) tb->opt = *opt;
    mk2m_init(&tb->chip, 8);
    default_pins(&tb->pins);
    tb->hold_pending = -1;
    return tb;
}

void mk2_tb_free(mk2_tb *tb)
{
    if (!tb) return;
    for (int i = 0; i < tb->nafter; i++) free(tb->after[i].line);
    free(tb->after);
    free(tb->samples);
    free(tb);
}

void mk2_tb_set_coverage(mk2_tb *tb, mk2m_cov *cov) { tb->cov = cov; }
void mk2_tb_set_pins(mk2_tb *tb, FILE *f) { tb->pins_out = f; }

/* One line per tick in the pin-file format of tb/icarus/mk2_replay.v; outputs the model does not
 * model (T7..T0, debug group) and D63..D0 while not driven are written as x (not compared). */
static void dump_pins(mk2_tb *tb)
{
    const mk2m_in *p = &tb->pins;
    const mk2m_out *o = &tb->chip.out;
    fprintf(tb->pins_out, "%" PRIu64 " %x %x %x %x %x %x %x %" PRIx64 " %x %x %x %x %x %x ", tb->ticks, p->rst_n,
            p->tsclk, p->readb, p->writeb, p->startb, p->holdb, p->addr, p->data, p->cpu_id, p->waitstate, p->ext,
            p->testb, p->outdisb, p->netrdy);
    if (o->data_oe) fprintf(tb->pins_out, "%x %" PRIx64 " 1", o->ackb, o->data);
    else fprintf(tb->pins_out, "%x x 0", o->ackb);
    fprintf(tb->pins_out, " %x %x %x %x %x x %x x x x x x x\n", o->fifodab, o->netclk, o->net_data, o->net_parity,
            o->net_eom, p->outdisb);
}

const char *mk2_tb_error(const mk2_tb *tb) { return tb->err; }
uint64_t mk2_tb_ticks(const mk2_tb *tb) { return tb->ticks; }
uint64_t mk2_tb_last_read(const mk2_tb *tb) { return tb->last_read; }
uint64_t mk2_tb_last_ack_ticks(const mk2_tb *tb) { return tb->last_ack_ticks; }
int mk2_tb_sample_count(const mk2_tb *tb) { return tb->nsamples; }
const mk2_sample *mk2_tb_sample(const mk2_tb *tb, int i) { return i >= 0 && i < tb->nsamples ? &tb->samples[i] : NULL; }
int mk2_tb_truncated_count(const mk2_tb *tb) { return tb->truncated; }
const mk2m *mk2_tb_model(const mk2_tb *tb) { return &tb->chip; }

mk2_tb_accounting mk2_tb_accounts(const mk2_tb *tb)
{
    mk2_tb_accounting a;
    a.accepted = tb->chip.accepted - tb->base_accepted;
    a.sent = tb->sent;
    a.discarded = tb->chip.discarded - tb->base_discarded;
    a.inside = mk2m_inside(&tb->chip);
    a.flushed = tb->chip.flushed - tb->base_flushed;
    a.injected = tb->chip.injected - tb->base_injected;
    return a;
}

/* ---------------- network capture ---------------- */

static void decode_sample(mk2_tb *tb)
{
    mk2_sample s;
    memset(&s, 0, sizeof s);
    const uint8_t *b = tb->bytes;
    s.kind = tb->nbytes == 84 ? 'R' : 'T';
    s.header = b[0];
    s.cpu = b[0] >> 5;
    s.type = (b[0] >> 3) & 3;
    s.shadow_overrun = (b[0] >> 2) & 1;
    s.fifo_overrun = (b[0] >> 1) & 1;
    for (int i = 1; i < 8; i++) s.ts = (s.ts << 8) | b[i];
    for (int i = 8; i < 12; i++) s.src = (s.src << 8) | b[i];
    for (int i = 12; i < 20; i++) s.data = (s.data << 8) | b[i];
    if (s.kind == 'R')
        for (int k = 0; k < 16; k++)
            s.cnt[k] = (uint32_t)b[20 + 4 * k] << 24 | (uint32_t)b[21 + 4 * k] << 16 |
                       (uint32_t)b[22 + 4 * k] << 8 | b[23 + 4 * k];
    s.netclk = tb->first_netclk;
    if (tb->nsamples == tb->cap_samples) {
        tb->cap_samples = tb->cap_samples ? 2 * tb->cap_samples : 256;
        tb->samples = realloc(tb->samples, (size_t)tb->cap_samples * sizeof *tb->samples);
    }
    tb->samples[tb->nsamples++] = s;
    tb->sent++;
    if (tb->opt.trace_out) {
        char line[1024];
        mk2_tb_format_sample(&s, tb->opt.timing, line, sizeof line);
        fprintf(tb->opt.trace_out, "%s\n", line);
    }
    if (tb->cov) tb->cov->sample_kind[s.kind == 'R'][s.shadow_overrun][s.fifo_overrun]++;
}

static void truncate_capture(mk2_tb *tb)
{
    if (tb->nbytes == 0) return;
    tb->truncated++;
    if (tb->opt.trace_out) {
        if (tb->opt.timing)
            fprintf(tb->opt.trace_out, "# truncated after %d bytes @%" PRIu64 "\n", tb->nbytes, tb->first_netclk);
        else
            fprintf(tb->opt.trace_out, "# truncated after %d bytes\n", tb->nbytes);
    }
    tb->nbytes = 0;
}

static int capture(mk2_tb *tb, const mk2m_out *before, const mk2m_out *after, int netrdy_this_tick)
{
    if (!before->netclk && after->netclk) {
        tb->netclk_rises++;
        if (!before->fifodab) {
            unsigned byte = before->net_data & 0xFF;
            if (!tb->netrdy_at_present)
                return fail(tb, "network: byte presented at tick %" PRIu64 " while NETRDY was low", tb->ticks - 1);
            if (before->net_parity != !(__builtin_popcount(byte) & 1))
                return fail(tb, "network: bad parity on byte %d (0x%02x) at NETCLK %" PRIu64, tb->nbytes + 1, byte,
                            tb->netclk_rises);
            if (tb->nbytes == 0) tb->first_netclk = tb->netclk_rises;
            if (tb->nbytes >= 84) return fail(tb, "network: sample longer than 84 bytes");
            tb->bytes[tb->nbytes++] = (uint8_t)byte;
            if (before->net_eom) {
                if (tb->nbytes != 20 && tb->nbytes != 84)
                    return fail(tb, "network: EOM on byte %d (only 20 or 84 end a sample)", tb->nbytes);
                decode_sample(tb);
                tb->nbytes = 0;
            }
        }
    }
    /* a byte newly presented at this edge: remember NETRDY of this tick */
    if (after->netclk == 0 && before->netclk == 1) tb->netrdy_at_present = netrdy_this_tick;
    return 0;
}

/* ---------------- ticks ---------------- */

static int exec_line(mk2_tb *tb, const char *line, int from_after);

static int tick(mk2_tb *tb)
{
    /* scheduled `after` commands for this tick, in the order they were given */
    for (int i = 0; i < tb->nafter;) {
        if (tb->after[i].tick <= tb->ticks) {
            char *l = tb->after[i].line;
            memmove(&tb->after[i], &tb->after[i + 1], (size_t)(tb->nafter - i - 1) * sizeof *tb->after);
            tb->nafter--;
            int rc = exec_line(tb, l, 1);
            free(l);
            if (rc) return rc;
        } else {
            i++;
        }
    }
    if (tb->tsclk_run_div) {
        tb->pins.tsclk = (int)(tb->tsclk_run_phase < (uint64_t)(tb->tsclk_run_div / 2));
        tb->tsclk_run_phase = (tb->tsclk_run_phase + 1) % (uint64_t)tb->tsclk_run_div;
    }
    mk2m_out before = tb->chip.out;
    int was_rst = !tb->pins.rst_n;
    mk2m_tick(&tb->chip, &tb->pins);
    if (tb->pins_out) dump_pins(tb);
    tb->ticks++;
    if (was_rst) {
        truncate_capture(tb);
        tb->netclk_rises = 0;
        tb->netrdy_at_present = 0;
        return 0;
    }
    if (tb->cov) mk2m_cov_edge(tb->cov, &tb->chip, &tb->pins);
    if (capture(tb, &before, &tb->chip.out, tb->pins.netrdy)) return -1;
    if (tb->chip.sent - tb->base_sent != tb->sent)
        return fail(tb, "model: capture saw %" PRIu64 " samples end, the model sent %" PRIu64, tb->sent,
                    tb->chip.sent - tb->base_sent);
    return 0;
}

void mk2_tb_set_fifo_depth(mk2_tb *tb, int depth) { mk2m_init(&tb->chip, depth); }

/* ---------------- bus-functional model (decisions.md section 9) ---------------- */

/* mode: 0 write, 1 read, 2 read with READB and WRITEB both low (CLARIFICATIONS: that is a read) */
static int bus_cycle(mk2_tb *tb, int mode, unsigned addr, uint64_t data)
{
    int is_read = mode != 0;
    uint64_t start = tb->ticks;
    /* 'hold N' waits for the next read: a write in between neither uses it up nor is held */
    int hold = is_read ? tb->hold_pending : -1;
    long strobe = tb->strobe_pending;
    if (!tb->was_reset)
        return fail(tb, "bus: a %s before any 'reset': the chip's state is undefined until RESETB has been low "
                        "(start the script with 'reset')", is_read ? "read" : "write");
    if (is_read) tb->hold_pending = -1;
    tb->strobe_pending = 0;
    tb->pins.addr = addr;
    tb->pins.data = data;
    tb->pins.startb = 0;
    tb->pins.readb = !is_read;
    tb->pins.writeb = mode == 1;
    /* HOLDB stays high in the start tick: low there it would hold the ACKB of the previous cycle
     * (D2.5), which is still low in that tick when commands run back to back (R10.1). */
    tb->pins.holdb = 1;
    if (tick(tb)) return -1;
    if (!strobe) {
        tb->pins.startb = 1;
        tb->pins.readb = 1;
        tb->pins.writeb = 1;
    }
    if (hold >= 0) tb->pins.holdb = 0;
    while (tb->chip.out.ackb) {
        if (strobe && (long)(tb->ticks - start) > strobe) tb->pins.startb = tb->pins.readb = tb->pins.writeb = 1;
        if (tb->ticks - start >= ACK_TIMEOUT)
            return fail(tb, "bus: no ACKB within %llu ticks (%s address %u)%s", (unsigned long long)ACK_TIMEOUT,
                        is_read ? "read" : "write", addr,
                        tb->pins.netrdy ? "" : "; NETRDY is low, so a sample that waits for room (Table B3a) never gets it");
        if (tick(tb)) return -1;
    }
    uint64_t ack_tick = tb->ticks - 1;
    tb->last_ack_ticks = tb->ticks - start;
    if (is_read) tb->last_read = tb->chip.out.data;
    if (tb->opt.bus_log) {
        if (is_read)
            fprintf(tb->opt.bus_log, "rd %u %016" PRIx64 " @%" PRIu64 "\n", addr, tb->last_read, ack_tick);
        else
            fprintf(tb->opt.bus_log, "wr %u @%" PRIu64 "\n", addr, ack_tick);
    }
    if (!is_read && (addr == 0 || (addr == 21 && !tb->pins.testb))) truncate_capture(tb);
    /* strobe still held after ACKB: a second ACKB would mean the chip started twice */
    for (int ended = 0; (long)(tb->ticks - start) <= strobe;) {
        if (tick(tb)) return -1;
        if (tb->chip.out.ackb) ended = 1;
        else if (ended) return fail(tb, "bus: second ACKB while the strobe was held low (address %u)", addr);
    }
    if (strobe && !tb->pins.startb) {
        tb->pins.startb = tb->pins.readb = tb->pins.writeb = 1; /* high for one tick between cycles */
        if (tick(tb)) return -1;
    }
    if (hold >= 0) {
        for (int i = 0; i < hold; i++)
            if (tick(tb)) return -1;
        tb->pins.holdb = 1;
        while (!tb->chip.out.ackb) {
            if (tb->ticks - start >= ACK_TIMEOUT) return fail(tb, "bus: ACKB stuck low");
            if (tick(tb)) return -1;
        }
    }
    if (tb->cov) {
        if (is_read) tb->cov->rd_addr[addr]++;
        else if (tb->pins.testb) tb->cov->wr_addr[addr]++;
        else tb->cov->wr_addr_test[addr]++;
        if (is_read && hold >= 0) tb->cov->hold_reads++;
        if (tb->chip.waitstates) tb->cov->wait1_cycles++;
        if (!is_read && tb->chip.mode32) tb->cov->mode32_writes++;
        if (!is_read && addr >= 96 && __builtin_popcount(tb->pins.cpu_id & 0xFF) > 1) tb->cov->multi_cpu_samples++;
    }
    return 0;
}

/* ---------------- commands ---------------- */

enum {
    C_RESET, C_WRITE, C_READ, C_HOLD, C_IDLE, C_TSCLK, C_EXT, C_NETRDY, C_CPU, C_TEST, C_STRAP, C_AFTER,
    C_EXPECT, C_DRAIN, C_OUTDIS, C_STROBE, C_RDWR, C_NCMD
};
static const char *const cmd_names[C_NCMD] = {"reset", "write", "read", "hold", "idle", "tsclk", "ext",
                                              "netrdy", "cpu", "test", "strap", "after", "expect",
                                              "drain", "outdis", "strobe", "rdwr"};
const char *mk2_tb_cmd_name(int i) { return i >= 0 && i < C_NCMD ? cmd_names[i] : NULL; }

static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    if (!s || !*s || *s == '-') return -1;
    errno = 0;
    *v = strtoull(s, &end, 0);
    return (errno || *end) ? -1 : 0;
}

static int check_conservation(mk2_tb *tb)
{
    mk2_tb_accounting a = mk2_tb_accounts(tb);
    if (a.accepted + a.injected != a.sent + a.discarded + a.inside + a.flushed)
        return fail(tb, "conservation: accepted %" PRIu64 " + injected %" PRIu64 " != sent %" PRIu64
                        " + discarded %" PRIu64 " + inside %" PRIu64 " + flushed %" PRIu64,
                    a.accepted, a.injected, a.sent, a.discarded, a.inside, a.flushed);
    return 0;
}

#define MAXTOK 16

static int exec_tokens(mk2_tb *tb, int nt, char **t, const char *line, int from_after)
{
    int c;
    for (c = 0; c < C_NCMD; c++)
        if (!strcmp(t[0], cmd_names[c])) break;
    if (c == C_NCMD) return fail(tb, "unknown command '%s'", t[0]);
    uint64_t v[4] = {0};
    if (tb->cov) tb->cov->cmd[c]++;
    switch (c) {
    case C_RESET: {
        uint64_t n = 8;
        if (nt > 2 || (nt == 2 && parse_u64(t[1], &n)) || n < 1) return fail(tb, "reset: want 'reset [N]', N >= 1");
        tb->pins.rst_n = 0;
        for (uint64_t i = 0; i < n; i++)
            if (tick(tb)) return -1;
        tb->pins.rst_n = 1;
        tb->was_reset = 1;
        for (int i = 0; i < 2; i++)
            if (tick(tb)) return -1;
        return 0;
    }
    case C_WRITE:
        if (nt != 3 || parse_u64(t[1], &v[0]) || v[0] > 127 || parse_u64(t[2], &v[1]))
            return fail(tb, "write: want 'write ADDR DATA', ADDR 0..127");
        return bus_cycle(tb, 0, (unsigned)v[0], v[1]);
    case C_STROBE:
        if (nt != 3 || strcmp(t[1], "hold") || parse_u64(t[2], &v[0]) || v[0] < 1 || v[0] > 1000000)
            return fail(tb, "strobe: want 'strobe hold N' (N >= 1 node clocks)");
        tb->strobe_pending = (long)v[0];
        return 0;
    case C_RDWR:
    case C_READ: {
        /* read ADDR [expect VALUE [mask MASK]]; the older 'read ADDR VALUE' form is kept */
        uint64_t mask = ~0ull;
        int has_expect = 0;
        if (nt < 2 || parse_u64(t[1], &v[0]) || v[0] > 127)
            return fail(tb, "read: want 'read ADDR [expect VALUE [mask MASK]]', ADDR 0..127");
        if (nt == 3) {
            if (!strcmp(t[2], "expect")) return fail(tb, "read: 'expect' needs a value: 'read ADDR expect VALUE'");
            if (parse_u64(t[2], &v[1])) return fail(tb, "read: bad expected value '%s'", t[2]);
            has_expect = 1;
        } else if (nt == 4 || nt == 6) {
            if (strcmp(t[2], "expect") || parse_u64(t[3], &v[1]))
                return fail(tb, "read: want 'read ADDR expect VALUE [mask MASK]'");
            if (nt == 6 && (strcmp(t[4], "mask") || parse_u64(t[5], &mask)))
                return fail(tb, "read: want 'mask MASK' after the expected value");
            has_expect = 1;
        } else if (nt != 2) {
            return fail(tb, "read: want 'read ADDR [expect VALUE [mask MASK]]'");
        }
        if (bus_cycle(tb, c == C_RDWR ? 2 : 1, (unsigned)v[0], 0)) return -1;
        if (has_expect && ((tb->last_read ^ v[1]) & mask))
            return fail(tb, "read %u: got 0x%016" PRIx64 ", expected 0x%016" PRIx64 " (mask 0x%016" PRIx64 ")",
                        (unsigned)v[0], tb->last_read, v[1], mask);
        return 0;
    }
    case C_HOLD:
        if (nt != 2 || parse_u64(t[1], &v[0]) || v[0] > 1000000) return fail(tb, "hold: want 'hold N'");
        tb->hold_pending = (int)v[0];
        return 0;
    case C_IDLE:
        if (nt != 2 || parse_u64(t[1], &v[0])) return fail(tb, "idle: want 'idle N'");
        for (uint64_t i = 0; i < v[0]; i++)
            if (tick(tb)) return -1;
        return 0;
    case C_TSCLK:
        if (nt == 2 && !strcmp(t[1], "stop")) {
            tb->tsclk_run_div = 0;
            tb->pins.tsclk = 0;
            return 0;
        }
        if (nt == 3 && !strcmp(t[1], "run")) {
            if (parse_u64(t[2], &v[0]) || (v[0] != 0 && v[0] < 3)) return fail(tb, "tsclk run: want DIV >= 3 (0 stops)");
            tb->tsclk_run_div = (int)v[0];
            tb->tsclk_run_phase = 0;
            if (!v[0]) tb->pins.tsclk = 0;
            return 0;
        }
        if (nt != 2 || parse_u64(t[1], &v[0])) return fail(tb, "tsclk: want 'tsclk N' or 'tsclk run DIV'");
        tb->tsclk_run_div = 0;
        for (uint64_t i = 0; i < v[0]; i++)
            for (int k = 0; k < 4; k++) {
                tb->pins.tsclk = k < 2;
                if (tick(tb)) return -1;
            }
        tb->pins.tsclk = 0;
        return 0;
    case C_EXT:
        if (nt < 3 || parse_u64(t[1], &v[0]) || v[0] > 15) return fail(tb, "ext: want 'ext J 0|1' or 'ext J pulse N'");
        if (!strcmp(t[2], "pulse")) {
            v[1] = 1;
            if (nt > 4 || (nt == 4 && parse_u64(t[3], &v[1]))) return fail(tb, "ext: want 'ext J pulse [N]'");
            for (uint64_t i = 0; i < v[1]; i++) {
                tb->pins.ext |= 1u << v[0];
                if (tick(tb)) return -1;
                tb->pins.ext &= ~(1u << v[0]);
                if (tick(tb)) return -1;
            }
            return 0;
        }
        if (nt != 3 || parse_u64(t[2], &v[1]) || v[1] > 1) return fail(tb, "ext: want 'ext J 0|1'");
        tb->pins.ext = (tb->pins.ext & ~(1u << v[0])) | (unsigned)v[1] << v[0];
        return 0;
    case C_NETRDY:
    case C_TEST:
    case C_OUTDIS:
        if (nt != 2 || parse_u64(t[1], &v[0]) || v[0] > 1) return fail(tb, "%s: want '%s 0|1'", t[0], t[0]);
        if (c == C_OUTDIS) tb->pins.outdisb = !v[0];
        if (c == C_NETRDY) tb->pins.netrdy = (int)v[0];
        if (c == C_TEST) tb->pins.testb = !v[0];
        return 0;
    case C_STRAP:
        if (nt != 3 || strcmp(t[1], "waitstate") || parse_u64(t[2], &v[0]) || v[0] > 1)
            return fail(tb, "strap: want 'strap waitstate 0|1'");
        tb->pins.waitstate = (int)v[0];
        return 0;
    case C_CPU:
        /* cpu N (line N alone) | cpu none | cpu lines MASK (raw C7..C0) */
        if (nt == 2 && !strcmp(t[1], "none")) { tb->pins.cpu_id = 0; return 0; }
        if (nt == 3 && !strcmp(t[1], "lines")) {
            if (parse_u64(t[2], &v[0]) || v[0] > 255) return fail(tb, "cpu lines: want a mask 0..255");
            tb->pins.cpu_id = (unsigned)v[0];
            return 0;
        }
        if (nt != 2 || parse_u64(t[1], &v[0]) || v[0] > 7)
            return fail(tb, "cpu: want 'cpu N' (0..7), 'cpu none' or 'cpu lines MASK'");
        tb->pins.cpu_id = 1u << v[0];
        return 0;
    case C_AFTER: {
        if (from_after) return fail(tb, "after: cannot nest");
        if (nt < 3 || parse_u64(t[1], &v[0])) return fail(tb, "after: want 'after N COMMAND'");
        const char *rest = strstr(line, t[2]);
        {
            /* refuse at once what could not run inside a tick, rather than when it comes due */
            static const char *const pin_cmds[] = {"netrdy", "ext", "tsclk", "cpu", "test", "outdis", "strap"};
            int ok = 0;
            for (size_t k = 0; k < sizeof pin_cmds / sizeof *pin_cmds; k++) ok |= !strcmp(t[2], pin_cmds[k]);
            if ((!strcmp(t[2], "ext") && nt > 4 && !strcmp(t[4], "pulse")) ||
                (!strcmp(t[2], "tsclk") && nt == 4 && strcmp(t[3], "stop")))
                ok = 0;
            if (!ok) return fail(tb, "after: '%s' takes ticks or is not a pin command; only pin levels can be scheduled", t[2]);
        }
        if (tb->nafter == tb->cap_after) {
            tb->cap_after = tb->cap_after ? 2 * tb->cap_after : 16;
            tb->after = realloc(tb->after, (size_t)tb->cap_after * sizeof *tb->after);
        }
        tb->after[tb->nafter].tick = tb->ticks + v[0];
        tb->after[tb->nafter].line = strdup(rest);
        tb->nafter++;
        return 0;
    }
    case C_EXPECT:
        return fail(tb, "expect: not implemented yet");
    case C_DRAIN: {
        /* run until no sample is left in the chip and no byte of one is on its way */
        uint64_t max = 100000, n = 0;
        if (nt > 2 || (nt == 2 && parse_u64(t[1], &max))) return fail(tb, "drain: want 'drain [MAX]'");
        while (mk2m_inside(&tb->chip) || tb->nbytes) {
            if (n++ >= max)
                return fail(tb, "drain: %" PRIu64 " samples still inside after %" PRIu64 " node clocks",
                            mk2m_inside(&tb->chip), max);
            if (tick(tb)) return -1;
        }
        return 0;
    }
    }
    return 0;
}

static int exec_line(mk2_tb *tb, const char *line, int from_after)
{
    char buf[1024];
    char *t[MAXTOK];
    int nt = 0;
    snprintf(buf, sizeof buf, "%s", line);
    char *hash = strchr(buf, '#');
    if (hash) *hash = 0;
    for (char *p = strtok(buf, " \t\r\n"); p && nt < MAXTOK; p = strtok(NULL, " \t\r\n")) t[nt++] = p;
    if (nt == 0) return 0;
    if (from_after) {
        /* only pin-level commands (they take no tick) make sense inside a tick */
        if (!strcmp(t[0], "write") || !strcmp(t[0], "read") || !strcmp(t[0], "idle") || !strcmp(t[0], "reset") ||
            !strcmp(t[0], "hold") || (!strcmp(t[0], "tsclk") && nt == 2) ||
            (!strcmp(t[0], "ext") && nt > 2 && !strcmp(t[2], "pulse")))
            return fail(tb, "after: '%s' takes ticks; only pin levels can be scheduled", t[0]);
    }
    return exec_tokens(tb, nt, t, line, from_after);
}

int mk2_tb_exec(mk2_tb *tb, const char *line)
{
    if (tb->failed) return -1;
    if (exec_line(tb, line, 0)) return -1;
    return check_conservation(tb);
}

int mk2_tb_run_file(mk2_tb *tb, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return fail(tb, "%s: cannot open: %s", path, strerror(errno));
    char line[1024];
    int ln = 0;
    while (fgets(line, sizeof line, f)) {
        ln++;
        if (mk2_tb_exec(tb, line)) {
            char e[sizeof tb->err];
            memcpy(e, tb->err, sizeof e);
            snprintf(tb->err, sizeof tb->err, "%.200s:%d: %.800s", path, ln, e);
            fclose(f);
            return -1;
        }
    }
    fclose(f);
    return 0;
}

void mk2_tb_format_sample(const mk2_sample *s, int timing, char *buf, size_t len)
{
    /* The trace format of README.md: err= is S (shadow overrun) or -, then F (FIFO overrun) or -. */
    int n = snprintf(buf, len, "%c cpu=%u ts=%014" PRIx64 " src=%08x data=%016" PRIx64 " err=%c%c", s->kind,
                     s->cpu, s->ts, s->src, s->data, s->shadow_overrun ? 'S' : '-', s->fifo_overrun ? 'F' : '-');
    if (s->kind == 'R')
        for (int k = 0; k < 16 && n > 0 && (size_t)n < len; k++)
            n += snprintf(buf + n, len - (size_t)n, "%s%08x", k ? "," : " cnt=", s->cnt[k]);
    /* a test-mode-written entry whose header type is not Trace */
    if (s->kind == 'T' && s->type != 2 && n > 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, " type=%u", s->type);
    if (timing && n > 0 && (size_t)n < len) snprintf(buf + n, len - (size_t)n, " @%" PRIu64, s->netclk);
}

/* ---------------- coverage ---------------- */

void mk2m_cov_edge(mk2m_cov *cov, const mk2m *m, const mk2m_in *in)
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
    for (int i = 0; i < C_NCMD; i++) fprintf(out, " %s=%" PRIu64, cmd_names[i], c->cmd[i]);
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
