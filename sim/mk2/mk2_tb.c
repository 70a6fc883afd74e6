/*
 * mk2_tb.c - the one MultiKron II script runner (sim/mk2/mk2_tb.h), written once over the backend
 * interface of sim/mk2/mk2_backend.h (Verilated RTL, C reference model, or both in lockstep).
 *
 * Four parts, all at the pins of mk2_chip:
 *   - the script language of docs/mk2-scripts.md, parsed by the one strict parser of every runner
 *     (tools/libmk2script): a whole file is checked before its first node clock;
 *   - a bus-functional model: read and write cycles with STARTB, the strobes, HOLDB and whatever wait
 *     states the chip inserts (docs/decisions.md, section 9 and D10.1);
 *   - pin schedulers: the Timestamp clock (bursts or free-running), X15..X0, NETRDY, TESTB, OUTDISB,
 *     the CPU ID lines, and `after N CMD` for pin changes while a bus cycle waits;
 *   - a network capture that takes a byte at every rising NETCLK after which FIFODAB was low, checks odd
 *     parity, EOM on byte 20 or 84 only, and NETRDY high from the edge that presented the byte to the
 *     edge that took it, and decodes samples with the trace library (tools/libmk2trace).
 *
 * Conservation is checked after every command. "accepted" is counted here from the bus traffic alone
 * (a sample write acknowledged while sampling is on and its Filter bit is set: the runner tracks the CSR
 * and Filter writes it makes), "sent" by the capture, "discarded" from the discard pulses and "inside"
 * from the FIFO count + counter phase observables. A reset or test-mode pop flushes what the chip held;
 * a test-mode FIFO write injects an entry; both are measured at the edge that performs them.
 * accepted + injected = sent + discarded + inside + flushed.
 */
#include "mk2_tb.h"
#include "mk2_regmap.h"
#include "mk2script.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define ACK_TIMEOUT_TICKS 1000000ULL

typedef mk2script_cmd cmd;
typedef mk2script_stmt stmt;
#define op_names mk2script_op_names

typedef struct {
    uint64_t due_tick;
    cmd c;
    long line;         /* script line that scheduled it (0: a single mk2_tb_exec line) */
} scheduled_cmd;

struct mk2_tb {
    mk2_tb_options opt;
    mk2_backend *chip;
    mk2_pins_in pins;
    mk2_pins_out out; /* outputs after the last edge */
    int failed;
    char err[1200];
    long line;        /* script line being run, for messages of scheduled commands */

    uint64_t ticks;
    uint64_t last_read, last_ack_ticks;
    long hold_ticks;   /* -1: the next read does not hold */
    int was_reset;     /* a 'reset' has run: bus cycles before it would drive an undefined chip */
    long strobe_ticks; /* the next cycle keeps STARTB and its strobe low this many ticks after the start */
    uint64_t tsclk_div;
    uint64_t tsclk_phase;
    unsigned tsclk_prev;       /* TSCLK as driven in the last tick */
    uint64_t tsclk_since_rise; /* ticks since TSCLK last rose (saturating; large after start) */

    /* network: NETRDY as the script wants it, and a drop the runner holds back while a byte is presented */
    unsigned netrdy_wanted;
    int byte_presented; /* a byte is on N7..N0 with FIFODAB low, waiting for the rising NETCLK */

    /* capture */
    uint8_t bytes[84];
    int nbytes;
    uint64_t netclk_rises, first_netclk;
    int netrdy_when_presented;
    mk2_sample *samples;
    int nsamples, samples_cap, truncated;
    int tsclk_overspeed_seen;

    /* accounting */
    int sampling_on;
    uint16_t filter;
    uint64_t accepted, sent, discarded, flushed, injected;
    uint64_t inside_prev;
    long edge_balance; /* inside change + sent + discarded at the last edge */

    scheduled_cmd *sched;
    int nsched, sched_cap;
    uint64_t sched_due; /* the earliest due_tick in sched (UINT64_MAX when empty): most ticks have none due */

    mk2cap_writer *cap; /* raw network capture (docs/trace-tools.md), or NULL */

    /* the statements of the script's first lines as the check pass parsed them, so that the run does not
     * parse them again (at most STMT_CACHE_MAX; later lines are parsed again as they run) */
    stmt *cache;
    long ncache, cache_cap;
    long nchecked;  /* lines the check pass read: when all are cached, the run does not read the file again */
    char *linebuf;  /* parse_file_line's copy */
    size_t linebuf_cap;
};

#define STMT_CACHE_MAX (1L << 20) /* 64 MB: a random script of 10^7 node clocks */

static int fail(mk2_tb *tb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(mk2_tb *tb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tb->err, sizeof tb->err, fmt, ap);
    va_end(ap);
    tb->failed = 1;
    return -1;
}

static void chip_reset_state(mk2_tb *tb)
{
    tb->sampling_on = 0;
    tb->filter = 0xFFFF; /* D1.3 */
}

static int env_int(const char *name, int dflt)
{
    const char *s = getenv(name);
    return s && *s ? atoi(s) : dflt;
}

mk2_tb *mk2_tb_open(const mk2_tb_options *opt, char *err, size_t errlen)
{
    mk2_tb *tb = calloc(1, sizeof *tb);
    if (!tb) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (opt) tb->opt = *opt;
    else tb->opt.keep_samples = 1;
    const char *kind = tb->opt.backend ? tb->opt.backend : getenv("MK2_BACKEND");
    if (!kind || !*kind) kind = "rtl";
    int depth = tb->opt.fifo_depth ? tb->opt.fifo_depth : env_int("MK2_FIFO_DEPTH", 8);
    unsigned el = (unsigned)errlen;
    if (!strcmp(kind, "rtl")) {
        tb->chip = mk2_backend_rtl_open(depth, tb->opt.waves_path, err, el);
    } else if (!strcmp(kind, "model")) {
        tb->chip = mk2_backend_model_open(depth, err, el);
    } else if (!strcmp(kind, "lockstep")) {
        mk2_backend *rtl = mk2_backend_rtl_open(depth, tb->opt.waves_path, err, el);
        mk2_backend *model = rtl ? mk2_backend_model_open(depth, err, el) : NULL;
        if (rtl && !model) rtl->close(rtl);
        tb->chip = model ? mk2_backend_lockstep_open(rtl, model) : NULL;
    } else {
        snprintf(err, errlen, "unknown backend '%.40s' (rtl, model or lockstep)", kind);
    }
    if (!tb->chip) {
        free(tb);
        return NULL;
    }
    if (tb->opt.capture_path) {
        tb->cap = mk2cap_create(tb->opt.capture_path, tb->opt.node_id,
                                tb->opt.tsclk_hz ? tb->opt.tsclk_hz : 10000000u);
        if (!tb->cap) {
            snprintf(err, errlen, "cannot write the capture %.200s: %s", tb->opt.capture_path, strerror(errno));
            tb->chip->close(tb->chip);
            free(tb);
            return NULL;
        }
    }
    tb->pins.rst_n = 1;
    tb->pins.readb = tb->pins.writeb = tb->pins.startb = tb->pins.holdb = 1;
    tb->pins.testb = tb->pins.outdisb = tb->pins.netrdy = 1;
    tb->netrdy_wanted = 1;
    tb->tsclk_since_rise = 1000;
    tb->out.ackb = tb->out.fifodab = 1;
    tb->hold_ticks = -1;
    chip_reset_state(tb);
    return tb;
}

mk2_tb *mk2_tb_new(const mk2_tb_options *opt)
{
    char err[256];
    mk2_tb *tb = mk2_tb_open(opt, err, sizeof err);
    if (!tb) fprintf(stderr, "mk2_tb: %s\n", err);
    return tb;
}

int mk2_tb_close(mk2_tb *tb)
{
    if (!tb) return 0;
    int rc = tb->cap ? mk2cap_close(tb->cap) : 0;
    tb->cap = NULL;
    mk2_tb_free(tb);
    return rc;
}

void mk2_tb_free(mk2_tb *tb)
{
    if (!tb) return;
    if (tb->cap) mk2cap_close(tb->cap);
    tb->chip->close(tb->chip);
    free(tb->sched);
    free(tb->samples);
    free(tb->cache);
    free(tb->linebuf);
    free(tb);
}

mk2_backend *mk2_tb_backend(mk2_tb *tb) { return tb->chip; }
const char *mk2_tb_error(const mk2_tb *tb) { return tb->err; }
uint64_t mk2_tb_ticks(const mk2_tb *tb) { return tb->ticks; }
uint64_t mk2_tb_last_read(const mk2_tb *tb) { return tb->last_read; }
uint64_t mk2_tb_last_ack_ticks(const mk2_tb *tb) { return tb->last_ack_ticks; }
int mk2_tb_sample_count(const mk2_tb *tb) { return (int)tb->sent; }
const mk2_sample *mk2_tb_sample(const mk2_tb *tb, int i) { return i >= 0 && i < tb->nsamples ? &tb->samples[i] : NULL; }
int mk2_tb_truncated_count(const mk2_tb *tb) { return tb->truncated; }
int mk2_tb_pending_after(const mk2_tb *tb) { return tb->nsched; }
int mk2_tb_tsclk_overspeed(const mk2_tb *tb) { return tb->tsclk_overspeed_seen; }

static uint64_t inside_now(const mk2_tb *tb) { return (uint64_t)tb->out.fifo_count + tb->out.counter_phase; }

mk2_tb_accounting mk2_tb_accounts(const mk2_tb *tb)
{
    mk2_tb_accounting a = {tb->accepted, tb->sent, tb->discarded, inside_now(tb), tb->flushed, tb->injected};
    return a;
}

/* ------------------------------------------------------------------ network capture */

static void sample_done(mk2_tb *tb)
{
    mk2_sample s;
    mk2trace_decode(tb->bytes, tb->nbytes, &s);
    s.netclk = tb->first_netclk;
    if (tb->opt.keep_samples) {
        if (tb->nsamples == tb->samples_cap) {
            tb->samples_cap = tb->samples_cap ? tb->samples_cap * 2 : 64;
            mk2_sample *p = realloc(tb->samples, (size_t)tb->samples_cap * sizeof *tb->samples);
            if (!p) abort();
            tb->samples = p;
        }
        tb->samples[tb->nsamples++] = s;
    }
    tb->sent++;
    if (tb->chip->note_sample) tb->chip->note_sample(tb->chip, s.kind == 'R', s.shadow_overrun, s.fifo_overrun);
    if (tb->opt.trace_out) {
        char line[1024];
        mk2trace_format(&s, tb->opt.timing, line, sizeof line);
        fprintf(tb->opt.trace_out, "%s\n", line);
    }
    tb->nbytes = 0;
}

/* A sample cut short by a reset or a test-mode pop (D1.5): reported as a comment, not as a sample. */
static void cut_short(mk2_tb *tb)
{
    if (!tb->nbytes) return;
    if (tb->cap) mk2cap_cut(tb->cap);
    tb->truncated++;
    if (tb->opt.trace_out) {
        char line[128];
        mk2trace_format_truncated(tb->nbytes, tb->opt.timing, tb->first_netclk, line, sizeof line);
        fprintf(tb->opt.trace_out, "%s\n", line);
    }
    tb->nbytes = 0;
}

/* was: the outputs before this edge; now: after it; netrdy: the NETRDY input of this tick. */
static int capture(mk2_tb *tb, const mk2_pins_out *was, const mk2_pins_out *now, unsigned netrdy)
{
    if (!was->netclk && now->netclk) {
        tb->netclk_rises++;
        if (!was->fifodab) {
            unsigned byte = was->net_data & 0xFF;
            int pos = tb->nbytes + 1;
            /* before the checks: a faulty byte is in the capture too */
            if (tb->cap) mk2cap_put_at(tb->cap, byte, (int)was->parity, (int)was->eom, tb->netclk_rises);
            if (!tb->netrdy_when_presented)
                return fail(tb, "network: byte %d (0x%02x) presented while NETRDY was low (NETCLK %" PRIu64 ")", pos,
                            byte, tb->netclk_rises);
            if (!netrdy)
                return fail(tb, "network: NETRDY fell after byte %d (0x%02x) was presented and before NETCLK %" PRIu64
                                " took it (tick %" PRIu64 "); NETRDY must hold from the presenting edge to the taking "
                                "edge (docs/mk2-interface.md)", pos, byte, tb->netclk_rises, tb->ticks);
            if (was->parity != !(__builtin_popcount(byte) & 1))
                return fail(tb, "network: byte %d (0x%02x) has even parity (ODD_PARITY=%u) at NETCLK %" PRIu64, pos,
                            byte, was->parity, tb->netclk_rises);
            if (pos == 1) tb->first_netclk = tb->netclk_rises;
            tb->bytes[tb->nbytes++] = (uint8_t)byte;
            if (was->eom) {
                if (pos != 20 && pos != 84)
                    return fail(tb, "network: EOM on byte %d (a sample ends on byte 20 or 84), NETCLK %" PRIu64, pos,
                                tb->netclk_rises);
                sample_done(tb);
            } else if (pos == 84) {
                return fail(tb, "network: byte 84 without EOM (NETCLK %" PRIu64 ")", tb->netclk_rises);
            }
        }
    }
    /* NETCLK fell: a byte (or none) was presented at this edge, with the NETRDY of this tick */
    if (was->netclk && !now->netclk) tb->netrdy_when_presented = (int)netrdy;
    tb->byte_presented = !now->netclk && !now->fifodab;
    return 0;
}

/* ------------------------------------------------------------------ ticks */

static int exec_cmd(mk2_tb *tb, const cmd *c);

static void log_pins(mk2_tb *tb)
{
    const mk2_pins_in *p = &tb->pins;
    const mk2_pins_out *o = &tb->out;
    FILE *f = tb->opt.pins_log;
    fprintf(f, "%" PRIu64 " %x %x %x %x %x %x %x %" PRIx64 " %x %x %x %x %x %x ", tb->ticks, p->rst_n, p->tsclk,
            p->readb, p->writeb, p->startb, p->holdb, p->addr, p->data, p->cpu, p->waitstate, p->ext, p->testb,
            p->outdisb, p->netrdy);
    if (tb->chip->debug_pins) {
        fprintf(f, "%x %" PRIx64 " %x %x %x %x %x %x %x %x %x %x %x %x %x %x\n", o->ackb, o->data, o->data_oe,
                o->fifodab, o->netclk, o->net_data, o->parity, o->eom, o->test, o->out_en, o->fifo_count,
                o->counter_phase, o->shadow_busy, o->net_busy, o->discard, o->overrun_count);
    } else {
        /* no T7..T0 or debug group: written as x (not compared); D63..D0 only while driven */
        if (o->data_oe) fprintf(f, "%x %" PRIx64 " 1", o->ackb, o->data);
        else fprintf(f, "%x x 0", o->ackb);
        fprintf(f, " %x %x %x %x %x x %x x x x x x x\n", o->fifodab, o->netclk, o->net_data, o->parity, o->eom,
                o->out_en);
    }
}

/* Run the 'after' commands due at this tick, in the order they were scheduled, and keep the others in
 * that order (one pass; tick() calls it only when one is due). */
static int run_due(mk2_tb *tb)
{
    int k = 0, rc = 0;
    uint64_t next = UINT64_MAX;
    for (int i = 0; i < tb->nsched; i++) {
        scheduled_cmd *s = &tb->sched[i];
        if (rc || s->due_tick > tb->ticks) {
            if (s->due_tick < next) next = s->due_tick;
            if (k != i) tb->sched[k] = *s;
            k++;
            continue;
        }
        if (exec_cmd(tb, &s->c)) {
            if (s->line) {
                char cause[sizeof tb->err];
                memcpy(cause, tb->err, sizeof cause);
                snprintf(tb->err, sizeof tb->err, "%.900s (scheduled by 'after' on line %ld)", cause, s->line);
            }
            rc = -1;
        }
    }
    tb->nsched = k;
    tb->sched_due = next;
    return rc;
}

static int tick(mk2_tb *tb)
{
    if (tb->nsched && tb->sched_due <= tb->ticks && run_due(tb)) return -1;
    if (tb->opt.max_ticks && tb->ticks >= tb->opt.max_ticks)
        return fail(tb, "the run reached its limit of %" PRIu64 " node clocks (--max-ticks)", tb->opt.max_ticks);
    if (tb->tsclk_div) {
        tb->pins.tsclk = tb->tsclk_phase < tb->tsclk_div / 2;
        tb->tsclk_phase = (tb->tsclk_phase + 1) % tb->tsclk_div;
    }
    /* rises of TSCLK as driven: tsclk N and tsclk run keep them 3 ticks apart (NISTIR 5571: node/3) */
    if (tb->pins.tsclk && !tb->tsclk_prev) tb->tsclk_since_rise = 0;
    else if (tb->tsclk_since_rise < 1000) tb->tsclk_since_rise++;
    tb->tsclk_prev = tb->pins.tsclk;
    /* the runner's network honours its own setup rule: a drop of NETRDY waits until a presented byte is taken */
    if (!tb->byte_presented) tb->pins.netrdy = tb->netrdy_wanted;
    mk2_pins_out was = tb->out;
    uint64_t sent_before = tb->sent;
    int in_reset = !tb->pins.rst_n;
    char berr[512];
    if (tb->chip->tick(tb->chip, &tb->pins, &tb->out, berr, sizeof berr))
        return fail(tb, "%s", berr);
    if (tb->opt.pins_log) log_pins(tb);
    tb->ticks++;
    tb->tsclk_overspeed_seen |= (int)tb->out.tsclk_overspeed;
    uint64_t inside = inside_now(tb);
    if (in_reset) {
        /* RESETB empties the chip; the NETCLK count restarts with the first edge after reset */
        cut_short(tb);
        if (tb->cap) mk2cap_reset(tb->cap);
        tb->flushed += tb->inside_prev - inside;
        tb->netclk_rises = 0;
        tb->netrdy_when_presented = 0;
        tb->byte_presented = 0;
        tb->inside_prev = inside;
        tb->edge_balance = 0;
        chip_reset_state(tb);
        return 0;
    }
    if (capture(tb, &was, &tb->out, tb->pins.netrdy)) return -1;
    if (tb->out.discard) tb->discarded++;
    tb->edge_balance = (long)inside - (long)tb->inside_prev + (long)(tb->sent - sent_before) + (long)tb->out.discard;
    tb->inside_prev = inside;
    return 0;
}

static int run_ticks(mk2_tb *tb, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        if (tick(tb)) return -1;
    return 0;
}

/* ------------------------------------------------------------------ bus-functional model */

/* What the action edge of an acknowledged write did to the chip's contents, from the bus alone. */
static int account_write(mk2_tb *tb, unsigned addr, uint64_t data)
{
    int test_mode = !tb->pins.testb;
    if (addr == MK2_ADDR_SOFT_RESET) {
        cut_short(tb);
        tb->flushed += (uint64_t)-tb->edge_balance;
        chip_reset_state(tb);
    } else if (addr == MK2_ADDR_FIFO_POP && test_mode) {
        cut_short(tb);
        tb->flushed += (uint64_t)-tb->edge_balance;
    } else if (MK2_IS_FIFO_GROUP(addr) && test_mode) {
        if (tb->edge_balance < 0 || tb->edge_balance > 1)
            return fail(tb, "accounting: a test-mode FIFO write changed the contents by %ld", tb->edge_balance);
        tb->injected += (uint64_t)tb->edge_balance;
    } else if (addr == MK2_ADDR_CSR) {
        /* bit pairs 0/1: when both are written the second, "disable", wins (D2.8) */
        if (data & MK2_CSR_SAMPLING_OFF_MASK) tb->sampling_on = 0;
        else if (data & MK2_CSR_SAMPLING_ON_MASK) tb->sampling_on = 1;
    } else if (addr == MK2_ADDR_FILTER) {
        tb->filter = (uint16_t)data;
    } else if (MK2_IS_SAMPLE(addr) && tb->sampling_on && (tb->filter >> (addr & 15) & 1)) {
        tb->accepted++;
    }
    return 0;
}

/* kind: 0 write, 1 read, 2 read driven with READB and WRITEB both low */
static int bus_cycle(mk2_tb *tb, int kind, unsigned addr, uint64_t data)
{
    int is_read = kind != 0;
    uint64_t start = tb->ticks;
    /* 'hold N' waits for the next read: a write in between neither uses it up nor is held */
    long hold = is_read ? tb->hold_ticks : -1;
    long strobe = tb->strobe_ticks;
    if (!tb->was_reset)
        return fail(tb, "bus: a %s before any 'reset': the chip's state is undefined until RESETB has been low "
                        "(start the script with 'reset')", is_read ? "read" : "write");
    if (is_read && !tb->pins.outdisb)
        return fail(tb, "bus: read of address %u while OUTDISB is low ('outdis 1'): every output is off, so neither "
                        "ACKB nor D63..D0 can be seen; release it with 'outdis 0' first", addr);
    if (is_read) tb->hold_ticks = -1;
    tb->strobe_ticks = 0;
    if (tb->chip->note_cycle) tb->chip->note_cycle(tb->chip, is_read, addr, hold >= 0, &tb->pins);
    /* first tick: STARTB and the strobe low with address and data; HOLDB high, since the previous
     * cycle's ACKB may still be low in this tick (D10.1) */
    tb->pins.addr = addr;
    tb->pins.data = data;
    tb->pins.startb = 0;
    tb->pins.readb = is_read ? 0 : 1;
    tb->pins.writeb = kind == 1 ? 1 : 0;
    tb->pins.holdb = 1;
    if (tick(tb)) return -1;
    if (strobe == 0) tb->pins.startb = tb->pins.readb = tb->pins.writeb = 1;
    if (hold >= 0) tb->pins.holdb = 0;
    while (tb->out.ackb) {
        if (strobe > 0 && (long)(tb->ticks - start) > strobe) tb->pins.startb = tb->pins.readb = tb->pins.writeb = 1;
        if (tb->ticks - start >= ACK_TIMEOUT_TICKS)
            return fail(tb, "bus: ACKB did not come within %llu node clocks (%s of address %u)%s",
                        (unsigned long long)ACK_TIMEOUT_TICKS, is_read ? "read" : "write", addr,
                        !tb->pins.outdisb ? "; OUTDISB is low ('outdis 1'), so the network holds and a sample that "
                                            "waits for room (Table B3a) never gets it"
                        : tb->pins.netrdy ? ""
                                          : "; NETRDY is low, so a sample that waits for room (Table B3a) never gets it");
        if (tick(tb)) return -1;
    }
    uint64_t ack_edge = tb->ticks - 1;
    tb->last_ack_ticks = tb->ticks - start;
    if (is_read) {
        if (!tb->pins.outdisb)
            return fail(tb, "bus: OUTDISB went low during the read of address %u: the data cannot be seen", addr);
        if (!tb->out.data_oe) return fail(tb, "bus: ACKB low but D63..D0 not driven (read of address %u)", addr);
        tb->last_read = tb->out.data;
    } else if (account_write(tb, addr, data)) {
        return -1;
    }
    if (tb->opt.bus_log) {
        if (is_read) fprintf(tb->opt.bus_log, "rd %u %016" PRIx64 " @%" PRIu64 "\n", addr, tb->last_read, ack_edge);
        else fprintf(tb->opt.bus_log, "wr %u @%" PRIu64 "\n", addr, ack_edge);
    }
    /* a strobe held past ACKB: the chip must not start a second interaction (CLARIFICATIONS) */
    for (int ack_ended = 0; (long)(tb->ticks - start) <= strobe;) {
        if (tick(tb)) return -1;
        if (tb->out.ackb) ack_ended = 1;
        else if (ack_ended) return fail(tb, "bus: a second ACKB while the strobe was held low (address %u)", addr);
    }
    if (strobe > 0 && !tb->pins.startb) {
        /* the strobes go high for one node clock, as a master's do between cycles */
        tb->pins.startb = tb->pins.readb = tb->pins.writeb = 1;
        if (tick(tb)) return -1;
    }
    tb->pins.startb = tb->pins.readb = tb->pins.writeb = 1;
    if (hold >= 0) {
        for (long i = 0; i < hold; i++) {
            if (tick(tb)) return -1;
            if (tb->out.ackb) return fail(tb, "bus: ACKB went high while HOLDB was low (read of address %u)", addr);
        }
        tb->pins.holdb = 1;
        while (!tb->out.ackb) {
            if (tb->ticks - start >= ACK_TIMEOUT_TICKS) return fail(tb, "bus: ACKB stayed low after HOLDB went high");
            if (tick(tb)) return -1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ executing commands */

static int cmd_tsclk(mk2_tb *tb, uint64_t n)
{
    /* exactly N rising edges whatever the level, at node/4 (two ticks high, two low); the pin is left low.
     * A pin left high (by 'tsclk run') is first held low for two ticks, so that the chip sees the low and the
     * next rise is an edge (N = 0 too: 'tsclk 0' then 'tsclk 1' is one edge) */
    tb->tsclk_div = 0;
    if (tb->pins.tsclk) {
        tb->pins.tsclk = 0;
        if (run_ticks(tb, 2)) return -1;
    }
    tb->pins.tsclk = 0;
    for (uint64_t i = 0; i < n; i++) {
        /* a rise less than 3 node clocks after the last one (right after 'tsclk run') would exceed the
         * spec's node/3: the pin stays low until it may rise */
        while (tb->tsclk_since_rise < 2)
            if (tick(tb)) return -1;
        tb->pins.tsclk = 1;
        if (run_ticks(tb, 2)) return -1;
        tb->pins.tsclk = 0;
        if (run_ticks(tb, 2)) return -1;
    }
    return 0;
}

static int cmd_ext_pulse(mk2_tb *tb, unsigned j, uint64_t n)
{
    /* exactly N rising edges on XJ whatever its level, at node/2; XJ is left low */
    unsigned bit = 1u << j;
    if (tb->pins.ext & bit) { /* held high by 'ext J 1': one tick low first, so the first pulse is an edge */
        tb->pins.ext &= ~bit;
        if (tick(tb)) return -1;
    }
    for (uint64_t i = 0; i < n; i++) {
        tb->pins.ext |= bit;
        if (tick(tb)) return -1;
        tb->pins.ext &= ~bit;
        if (tick(tb)) return -1;
    }
    tb->pins.ext &= ~bit;
    return 0;
}

static int cmd_drain(mk2_tb *tb, uint64_t max)
{
    for (uint64_t n = 0; inside_now(tb) || tb->nbytes; n++) {
        if (n >= max)
            return fail(tb, "drain: %" PRIu64 " samples still inside after %" PRIu64 " node clocks%s", inside_now(tb), max,
                        !tb->pins.outdisb ? " (OUTDISB is low: the network holds)"
                        : tb->pins.netrdy ? ""
                                          : " (NETRDY is low)");
        if (tick(tb)) return -1;
    }
    return 0;
}

static int exec_cmd(mk2_tb *tb, const cmd *c)
{
    if (tb->chip->note_command && c->op != OP_NONE) tb->chip->note_command(tb->chip, op_names[c->op]);
    switch (c->op) {
    case OP_NONE: return 0;
    case OP_RESET:
        tb->pins.rst_n = 0;
        if (run_ticks(tb, c->v[0])) return -1;
        tb->pins.rst_n = 1;
        tb->was_reset = 1;
        return run_ticks(tb, 2); /* the reset synchronizer's two flops (D1.1) */
    case OP_WRITE: return bus_cycle(tb, 0, (unsigned)c->v[0], c->v[1]);
    case OP_READ:
    case OP_RDWR:
        if (bus_cycle(tb, c->op == OP_READ ? 1 : 2, (unsigned)c->v[0], 0)) return -1;
        if (c->expect && ((tb->last_read ^ c->v[1]) & c->v[2]))
            return fail(tb, "read %u: got 0x%016" PRIx64 ", expected 0x%016" PRIx64 " (mask 0x%016" PRIx64 ")",
                        (unsigned)c->v[0], tb->last_read, c->v[1], c->v[2]);
        return 0;
    case OP_HOLD: tb->hold_ticks = (long)c->v[0]; return 0;
    case OP_STROBE: tb->strobe_ticks = (long)c->v[0]; return 0;
    case OP_IDLE: return run_ticks(tb, c->v[0]);
    case OP_TSCLK: return cmd_tsclk(tb, c->v[0]);
    case OP_TSCLK_RUN:
        /* the period starts with its high half; a pin already high continues it (no extra rising edge) */
        tb->tsclk_div = c->v[0];
        tb->tsclk_phase = 0;
        if (!c->v[0]) tb->pins.tsclk = 0;
        /* a low pin that rose less than 3 node clocks ago starts in the low half, so that the first rise
         * keeps node/3 (DIV 2 exceeds it on purpose) */
        else if (!tb->pins.tsclk && tb->tsclk_since_rise < 2 && c->v[0] >= 3) tb->tsclk_phase = c->v[0] / 2;
        return 0;
    case OP_TSCLK_STOP: tb->tsclk_div = 0; tb->pins.tsclk = 0; return 0;
    case OP_EXT_PULSE: return cmd_ext_pulse(tb, (unsigned)c->v[0], c->v[1]);
    case OP_EXT_LEVEL: {
        unsigned bit = 1u << c->v[0];
        tb->pins.ext = c->v[1] ? (tb->pins.ext | bit) : (tb->pins.ext & ~bit);
        return 0;
    }
    case OP_CPU: tb->pins.cpu = (unsigned)c->v[0]; return 0;
    case OP_NETRDY: tb->netrdy_wanted = (unsigned)c->v[0]; if (c->v[0]) tb->pins.netrdy = 1; return 0;
    case OP_TEST: tb->pins.testb = !c->v[0]; return 0;
    case OP_OUTDIS: tb->pins.outdisb = !c->v[0]; return 0;
    case OP_STRAP: tb->pins.waitstate = (unsigned)c->v[0]; return 0;
    case OP_DRAIN: return cmd_drain(tb, c->v[0]);
    }
    return fail(tb, "internal: unknown operation %d", c->op);
}

static int exec_stmt(mk2_tb *tb, const stmt *st, long line)
{
    if (!st->is_after) return exec_cmd(tb, &st->c);
    if (tb->chip->note_command) tb->chip->note_command(tb->chip, "after");
    if (tb->nsched == tb->sched_cap) {
        tb->sched_cap = tb->sched_cap ? tb->sched_cap * 2 : 16;
        scheduled_cmd *p = realloc(tb->sched, (size_t)tb->sched_cap * sizeof *tb->sched);
        if (!p) return fail(tb, "out of memory for 'after' commands");
        tb->sched = p;
    }
    tb->sched[tb->nsched].due_tick = tb->ticks + st->after_ticks;
    if (!tb->nsched || tb->sched[tb->nsched].due_tick < tb->sched_due) tb->sched_due = tb->sched[tb->nsched].due_tick;
    tb->sched[tb->nsched].c = st->c;
    tb->sched[tb->nsched].line = line;
    tb->nsched++;
    return 0;
}

static int check_conservation(mk2_tb *tb)
{
    mk2_tb_accounting a = mk2_tb_accounts(tb);
    if (a.accepted + a.injected != a.sent + a.discarded + a.inside + a.flushed)
        return fail(tb, "conservation: accepted %" PRIu64 " + injected %" PRIu64 " != sent %" PRIu64 " + discarded %" PRIu64
                        " + inside %" PRIu64 " + flushed %" PRIu64,
                    a.accepted, a.injected, a.sent, a.discarded, a.inside, a.flushed);
    return 0;
}

int mk2_tb_exec(mk2_tb *tb, const char *line)
{
    if (tb->failed) return -1;
    size_t len = strlen(line);
    while (len && line[len - 1] == '\n') len--;
    char *buf = malloc(len + 1);
    if (!buf) return fail(tb, "out of memory");
    memcpy(buf, line, len);
    buf[len] = 0;
    stmt st;
    int rc = mk2script_parse_line(buf, len, &st, tb->err, sizeof tb->err);
    free(buf);
    if (rc) {
        tb->failed = 1;
        return -1;
    }
    if (exec_stmt(tb, &st, 0)) return -1;
    return check_conservation(tb);
}

/* A script file line by line (tools/libmk2script reads it): fn for each line, with the runner. */
typedef int (*line_fn)(mk2_tb *tb, long lineno, char *line, size_t len, void *arg);

typedef struct {
    mk2_tb *tb;
    line_fn fn;
    const char *path;
} file_arg;

static int line_trampoline(long lineno, char *line, size_t len, void *arg)
{
    file_arg *a = arg;
    return a->fn(a->tb, lineno, line, len, arg);
}

static int each_line(mk2_tb *tb, const char *path, line_fn fn)
{
    file_arg a = {tb, fn, path};
    char err[sizeof tb->err];
    int rc = mk2script_each_line(path, line_trampoline, &a, err, sizeof err);
    if (rc && !tb->failed) return fail(tb, "%s", err);
    return rc;
}

static void line_error(mk2_tb *tb, const char *path, long lineno, const char *text, size_t len)
{
    char cause[sizeof tb->err], shown_line[160];
    memcpy(cause, tb->err, sizeof cause);
    mk2script_show_line(text, len, shown_line, sizeof shown_line);
    snprintf(tb->err, sizeof tb->err, "%.200s:%ld: %.600s (line: %.130s)", path, lineno, cause, shown_line);
    tb->failed = 1;
}

/* Parse one line of a file (on a copy in tb->linebuf: the line is kept whole for the message); 0 or -1
 * with tb->err set. */
static int parse_file_line(mk2_tb *tb, const char *line, size_t len, stmt *st)
{
    if (len + 1 > tb->linebuf_cap) {
        size_t cap = len + 1 > 256 ? len + 1 : 256;
        char *p = realloc(tb->linebuf, cap);
        if (!p) return fail(tb, "out of memory");
        tb->linebuf = p;
        tb->linebuf_cap = cap;
    }
    memcpy(tb->linebuf, line, len + 1);
    return mk2script_parse_line(tb->linebuf, len, st, tb->err, sizeof tb->err);
}

static int check_one(mk2_tb *tb, long lineno, char *line, size_t len, void *arg)
{
    stmt st;
    tb->nchecked = lineno;
    if (!parse_file_line(tb, line, len, &st)) {
        if (tb->ncache == lineno - 1 && tb->ncache < STMT_CACHE_MAX) {
            if (tb->ncache == tb->cache_cap) {
                long cap = tb->cache_cap ? tb->cache_cap * 2 : 4096;
                stmt *p = realloc(tb->cache, (size_t)cap * sizeof *p);
                if (!p) return 0; /* no cache beyond here: the run parses these lines again */
                tb->cache = p;
                tb->cache_cap = cap;
            }
            tb->cache[tb->ncache++] = st;
        }
        return 0;
    }
    line_error(tb, ((file_arg *)arg)->path, lineno, line, len);
    return -1;
}

static int run_one(mk2_tb *tb, long lineno, char *line, size_t len, void *arg)
{
    stmt st;
    tb->line = lineno;
    if (lineno <= tb->ncache) st = tb->cache[lineno - 1];
    else if (parse_file_line(tb, line, len, &st)) goto bad;
    if (!exec_stmt(tb, &st, lineno) && !check_conservation(tb)) return 0;
bad:
    line_error(tb, ((file_arg *)arg)->path, lineno, line, len);
    return -1;
}

int mk2_tb_check_file(mk2_tb *tb, const char *path)
{
    if (tb->failed) return -1;
    tb->ncache = tb->nchecked = 0;
    return each_line(tb, path, check_one);
}

/* Line LINENO of PATH as it was read (for a message only); "" when it cannot be read again. */
static char *fetch_line(const char *path, long lineno, size_t *len)
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = -1;
    for (long i = 0; f && i < lineno; i++)
        if ((n = getline(&line, &cap, f)) <= 0) break;
    if (f) fclose(f);
    if (n <= 0) {
        free(line);
        line = calloc(1, 1);
        n = 0;
    }
    *len = (size_t)n;
    if (*len && line[*len - 1] == '\n') line[--*len] = 0;
    return line;
}

int mk2_tb_run_file(mk2_tb *tb, const char *path)
{
    if (mk2_tb_check_file(tb, path)) return -1;
    int rc = 0;
    if (tb->ncache == tb->nchecked) {
        /* every line's statement is cached: run them without reading the file again */
        for (long i = 0; i < tb->ncache; i++) {
            tb->line = i + 1;
            if (exec_stmt(tb, &tb->cache[i], i + 1) || check_conservation(tb)) {
                size_t len;
                char *text = fetch_line(path, i + 1, &len);
                line_error(tb, path, i + 1, text ? text : "", text ? len : 0);
                free(text);
                rc = -1;
                break;
            }
        }
    } else {
        rc = each_line(tb, path, run_one);
    }
    tb->ncache = 0;
    return rc;
}
