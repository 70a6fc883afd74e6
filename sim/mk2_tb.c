/*
 * mk2_tb.c - the pin-level testbench of sim/mk2_tb.h over the Verilated RTL (sim/mk2_shim.cpp).
 *
 * Three parts, all at the pins of mk2_chip:
 *   - a bus-functional model: read and write cycles with STARTB, the strobes, HOLDB and whatever wait
 *     states the chip inserts (docs/decisions.md, section 9 and D10.1);
 *   - pin schedulers: the Timestamp clock (bursts or free-running), X15..X0, NETRDY, TESTB, OUTDISB,
 *     the CPU ID lines, and `after N CMD` for pin changes while a bus cycle waits;
 *   - a network capture that takes a byte at every rising NETCLK after which FIFODAB was low, checks odd
 *     parity, EOM on byte 20 or 84 only, and that NETRDY was high when the byte was presented, and decodes
 *     the samples.
 *
 * Conservation is checked after every command. "accepted" is counted here from the bus traffic alone
 * (a sample write acknowledged while sampling is on and its Filter bit is set: the testbench tracks the
 * CSR and Filter writes it makes), "sent" by the capture, "discarded" from the dbg_discard_o pulses and
 * "inside" from dbg_fifo_count_o + dbg_counter_phase_o. A reset or test-mode pop flushes what the chip
 * held; a test-mode FIFO write injects an entry; both are measured at the edge that performs them.
 * accepted + injected = sent + discarded + inside + flushed.
 *
 * The C reference model has its own, separately written implementation of the same conventions
 * (model/mk2model_tb.c); co-simulation compares the two byte for byte.
 */
#include "mk2_tb.h"
#include "mk2_shim.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define ACK_TIMEOUT_TICKS 1000000ULL
#define FIFO_DEPTH 8 /* mk2_chip's default FIFO_DEPTH, as built by mk/mk2.mk */

enum { A_SOFT_RESET = 0, A_CSR = 1, A_FILTER = 4, A_POP = 21, A_INJECT_LO = 25, A_INJECT_HI = 29, A_SAMPLE_LO = 96 };

typedef struct {
    uint64_t due_tick;
    char *text;
} scheduled_cmd;

struct mk2_tb {
    mk2_tb_options opt;
    mk2_shim *chip;
    mk2_pins_in pins;
    mk2_pins_out out; /* outputs after the last edge */
    int failed;
    char err[1024];

    uint64_t ticks;
    uint64_t last_read, last_ack_ticks;
    long hold_ticks; /* -1: the next read does not hold */
    int was_reset;   /* a 'reset' has run: bus cycles before it would drive an undefined chip */
    long strobe_ticks; /* the next cycle keeps STARTB and its strobe low this many ticks after the start */
    unsigned tsclk_div;
    uint64_t tsclk_phase;
    FILE *pins_log;

    /* capture */
    uint8_t bytes[84];
    int nbytes;
    uint64_t netclk_rises, first_netclk;
    int netrdy_when_presented;
    mk2_sample *samples;
    int nsamples, samples_cap, truncated;

    /* accounting */
    int sampling_on;
    uint16_t filter;
    uint64_t accepted, sent, discarded, flushed, injected;
    uint64_t inside_prev;
    long edge_balance; /* inside change + sent + discarded at the last edge */

    scheduled_cmd *sched;
    int nsched, sched_cap;
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

static void chip_reset_state(mk2_tb *tb)
{
    tb->sampling_on = 0;
    tb->filter = 0xFFFF; /* D1.3 */
}

mk2_tb *mk2_tb_new(const mk2_tb_options *opt)
{
    mk2_tb *tb = calloc(1, sizeof *tb);
    if (!tb) return NULL;
    if (opt) tb->opt = *opt;
    tb->chip = mk2_shim_new(tb->opt.waves_path);
    if (!tb->chip) {
        free(tb);
        return NULL;
    }
    tb->pins.rst_n = 1;
    tb->pins.readb = tb->pins.writeb = tb->pins.startb = tb->pins.holdb = 1;
    tb->pins.testb = tb->pins.outdisb = tb->pins.netrdy = 1;
    tb->out.ackb = tb->out.fifodab = 1;
    tb->hold_ticks = -1;
    chip_reset_state(tb);
    return tb;
}

void mk2_tb_free(mk2_tb *tb)
{
    if (!tb) return;
    mk2_shim_free(tb->chip);
    for (int i = 0; i < tb->nsched; i++) free(tb->sched[i].text);
    free(tb->sched);
    free(tb->samples);
    free(tb);
}

void mk2_tb_set_pins(mk2_tb *tb, FILE *f) { tb->pins_log = f; }
const char *mk2_tb_error(const mk2_tb *tb) { return tb->err; }
uint64_t mk2_tb_ticks(const mk2_tb *tb) { return tb->ticks; }
uint64_t mk2_tb_last_read(const mk2_tb *tb) { return tb->last_read; }
uint64_t mk2_tb_last_ack_ticks(const mk2_tb *tb) { return tb->last_ack_ticks; }
int mk2_tb_sample_count(const mk2_tb *tb) { return tb->nsamples; }
const mk2_sample *mk2_tb_sample(const mk2_tb *tb, int i) { return i >= 0 && i < tb->nsamples ? &tb->samples[i] : NULL; }
int mk2_tb_truncated_count(const mk2_tb *tb) { return tb->truncated; }

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
    memset(&s, 0, sizeof s);
    const uint8_t *b = tb->bytes;
    s.kind = tb->nbytes == 84 ? 'R' : 'T';
    s.header = b[0];
    s.cpu = b[0] >> 5;
    s.type = (b[0] >> 3) & 3;
    s.shadow_overrun = (b[0] >> 2) & 1;
    s.fifo_overrun = (b[0] >> 1) & 1;
    for (int i = 1; i <= 7; i++) s.ts = s.ts << 8 | b[i];
    for (int i = 8; i <= 11; i++) s.src = s.src << 8 | b[i];
    for (int i = 12; i <= 19; i++) s.data = s.data << 8 | b[i];
    for (int k = 0; s.kind == 'R' && k < 16; k++)
        for (int i = 0; i < 4; i++) s.cnt[k] = s.cnt[k] << 8 | b[20 + 4 * k + i];
    s.netclk = tb->first_netclk;
    if (tb->nsamples == tb->samples_cap) {
        tb->samples_cap = tb->samples_cap ? tb->samples_cap * 2 : 64;
        tb->samples = realloc(tb->samples, (size_t)tb->samples_cap * sizeof *tb->samples);
    }
    tb->samples[tb->nsamples++] = s;
    tb->sent++;
    if (tb->opt.trace_out) {
        char line[1024];
        mk2_tb_format_sample(&s, tb->opt.timing, line, sizeof line);
        fprintf(tb->opt.trace_out, "%s\n", line);
    }
    tb->nbytes = 0;
}

/* A sample cut short by a reset or a test-mode pop (D1.5): reported as a comment, not as a sample. */
static void cut_short(mk2_tb *tb)
{
    if (!tb->nbytes) return;
    tb->truncated++;
    if (tb->opt.trace_out) {
        fprintf(tb->opt.trace_out, "# truncated after %d bytes", tb->nbytes);
        if (tb->opt.timing) fprintf(tb->opt.trace_out, " @%" PRIu64, tb->first_netclk);
        fprintf(tb->opt.trace_out, "\n");
    }
    tb->nbytes = 0;
}

static int capture(mk2_tb *tb, const mk2_pins_out *was, const mk2_pins_out *now)
{
    int take_edge = !was->netclk && now->netclk;
    if (take_edge) {
        tb->netclk_rises++;
        if (!was->fifodab) {
            unsigned byte = was->net_data & 0xFF;
            int pos = tb->nbytes + 1;
            if (!tb->netrdy_when_presented)
                return fail(tb, "network: byte %d (0x%02x) presented while NETRDY was low (NETCLK %" PRIu64 ")", pos,
                            byte, tb->netclk_rises);
            if (was->parity != !(__builtin_popcount(byte) & 1))
                return fail(tb, "network: byte %d (0x%02x) has even parity (ODD_PARITY=%u) at NETCLK %" PRIu64, pos,
                            byte, was->parity, tb->netclk_rises);
            if (pos > 84) return fail(tb, "network: no EOM by byte 84 (NETCLK %" PRIu64 ")", tb->netclk_rises);
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
    if (was->netclk && !now->netclk) tb->netrdy_when_presented = (int)tb->pins.netrdy;
    return 0;
}

/* ------------------------------------------------------------------ ticks */

static int exec_line(mk2_tb *tb, const char *line, int scheduled);

static void log_pins(mk2_tb *tb)
{
    const mk2_pins_in *p = &tb->pins;
    const mk2_pins_out *o = &tb->out;
    fprintf(tb->pins_log,
            "%" PRIu64 " %x %x %x %x %x %x %x %" PRIx64 " %x %x %x %x %x %x %x %" PRIx64 " %x %x %x %x %x %x %x %x %x %x %x "
            "%x %x %x\n",
            tb->ticks, p->rst_n, p->tsclk, p->readb, p->writeb, p->startb, p->holdb, p->addr, p->data, p->cpu,
            p->waitstate, p->ext, p->testb, p->outdisb, p->netrdy, o->ackb, o->data, o->data_oe, o->fifodab, o->netclk,
            o->net_data, o->parity, o->eom, o->test, o->out_en, o->fifo_count, o->counter_phase, o->shadow_busy,
            o->net_busy, o->discard, o->overrun_count);
}

static int tick(mk2_tb *tb)
{
    for (int i = 0; i < tb->nsched;) {
        if (tb->sched[i].due_tick > tb->ticks) {
            i++;
            continue;
        }
        char *text = tb->sched[i].text;
        memmove(&tb->sched[i], &tb->sched[i + 1], (size_t)(tb->nsched - i - 1) * sizeof *tb->sched);
        tb->nsched--;
        int rc = exec_line(tb, text, 1);
        free(text);
        if (rc) return rc;
    }
    if (tb->tsclk_div) {
        tb->pins.tsclk = tb->tsclk_phase < tb->tsclk_div / 2;
        tb->tsclk_phase = (tb->tsclk_phase + 1) % tb->tsclk_div;
    }
    mk2_pins_out was = tb->out;
    uint64_t sent_before = tb->sent;
    int in_reset = !tb->pins.rst_n;
    mk2_shim_tick(tb->chip, &tb->pins, &tb->out);
    if (tb->pins_log) log_pins(tb);
    tb->ticks++;
    uint64_t inside = inside_now(tb);
    if (in_reset) {
        /* RESETB empties the chip; the NETCLK count restarts with the first edge after reset */
        cut_short(tb);
        tb->flushed += tb->inside_prev - inside;
        tb->netclk_rises = 0;
        tb->netrdy_when_presented = 0;
        tb->inside_prev = inside;
        tb->edge_balance = 0;
        chip_reset_state(tb);
        return 0;
    }
    if (capture(tb, &was, &tb->out)) return -1;
    if (tb->out.discard) tb->discarded++;
    tb->edge_balance = (long)inside - (long)tb->inside_prev + (long)(tb->sent - sent_before) + (long)tb->out.discard;
    tb->inside_prev = inside;
    return 0;
}

/* ------------------------------------------------------------------ bus-functional model */

/* What the action edge of an acknowledged write did to the chip's contents, from the bus alone. */
static int account_write(mk2_tb *tb, unsigned addr, uint64_t data)
{
    int test_mode = !tb->pins.testb;
    if (addr == A_SOFT_RESET) {
        cut_short(tb);
        tb->flushed += (uint64_t)-tb->edge_balance;
        chip_reset_state(tb);
    } else if (addr == A_POP && test_mode) {
        cut_short(tb);
        tb->flushed += (uint64_t)-tb->edge_balance;
    } else if (addr >= A_INJECT_LO && addr <= A_INJECT_HI && test_mode) {
        if (tb->edge_balance < 0 || tb->edge_balance > 1)
            return fail(tb, "accounting: a test-mode FIFO write changed the contents by %ld", tb->edge_balance);
        tb->injected += (uint64_t)tb->edge_balance;
    } else if (addr == A_CSR) {
        /* bit pairs 0/1: when both are written the second, "disable", wins (D2.8) */
        if (data & 2) tb->sampling_on = 0;
        else if (data & 1) tb->sampling_on = 1;
    } else if (addr == A_FILTER) {
        tb->filter = (uint16_t)data;
    } else if (addr >= A_SAMPLE_LO && tb->sampling_on && (tb->filter >> (addr & 15) & 1)) {
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
    if (is_read) tb->hold_ticks = -1;
    tb->strobe_ticks = 0;
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
                        tb->pins.netrdy ? "" : "; NETRDY is low, so a sample that waits for room (Table B3a) never gets it");
        if (tick(tb)) return -1;
    }
    uint64_t ack_edge = tb->ticks - 1;
    tb->last_ack_ticks = tb->ticks - start;
    if (is_read) {
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

/* ------------------------------------------------------------------ script commands */

static int number(const char *s, uint64_t *v)
{
    char *end;
    if (!s || !*s || *s == '-' || *s == '+') return -1;
    errno = 0;
    *v = strtoull(s, &end, 0);
    return errno || *end ? -1 : 0;
}

static int run_ticks(mk2_tb *tb, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        if (tick(tb)) return -1;
    return 0;
}

static int cmd_reset(mk2_tb *tb, int nt, char **t)
{
    uint64_t n = 8;
    if (nt > 2 || (nt == 2 && number(t[1], &n)) || n < 1) return fail(tb, "reset: want 'reset [N]' with N >= 1");
    tb->pins.rst_n = 0;
    if (run_ticks(tb, n)) return -1;
    tb->pins.rst_n = 1;
    tb->was_reset = 1;
    return run_ticks(tb, 2); /* the reset synchronizer's two flops (D1.1) */
}

static int cmd_read(mk2_tb *tb, int nt, char **t, int kind)
{
    uint64_t addr, want = 0, mask = ~0ULL;
    int check = 0;
    if (nt < 2 || number(t[1], &addr) || addr > 127)
        return fail(tb, "read: want 'read ADDR [expect VALUE [mask MASK]]' with ADDR 0..127");
    if (nt == 3) { /* older form: read ADDR VALUE */
        if (!strcmp(t[2], "expect")) return fail(tb, "read: 'expect' needs a value: 'read ADDR expect VALUE'");
        if (number(t[2], &want)) return fail(tb, "read: bad expected value '%s'", t[2]);
        check = 1;
    } else if (nt == 4 || nt == 6) {
        if (strcmp(t[2], "expect") || number(t[3], &want)) return fail(tb, "read: want 'expect VALUE' after the address");
        if (nt == 6 && (strcmp(t[4], "mask") || number(t[5], &mask)))
            return fail(tb, "read: want 'mask MASK' after the expected value");
        check = 1;
    } else if (nt != 2) {
        return fail(tb, "read: want 'read ADDR [expect VALUE [mask MASK]]'");
    }
    if (bus_cycle(tb, kind, (unsigned)addr, 0)) return -1;
    if (check && ((tb->last_read ^ want) & mask))
        return fail(tb, "read %u: got 0x%016" PRIx64 ", expected 0x%016" PRIx64 " (mask 0x%016" PRIx64 ")",
                    (unsigned)addr, tb->last_read, want, mask);
    return 0;
}

static int cmd_tsclk(mk2_tb *tb, int nt, char **t)
{
    uint64_t v;
    if (nt == 2 && !strcmp(t[1], "stop")) {
        tb->tsclk_div = 0;
        tb->pins.tsclk = 0;
        return 0;
    }
    if (nt == 3 && !strcmp(t[1], "run")) {
        if (number(t[2], &v) || (v != 0 && v < 3) || v > 1000000)
            return fail(tb, "tsclk run: want DIV >= 3 (the synchronizer needs 3 node clocks a period)");
        tb->tsclk_div = (unsigned)v;
        tb->tsclk_phase = 0;
        if (!v) tb->pins.tsclk = 0;
        return 0;
    }
    if (nt != 2 || number(t[1], &v)) return fail(tb, "tsclk: want 'tsclk N', 'tsclk run DIV' or 'tsclk stop'");
    tb->tsclk_div = 0;
    for (uint64_t i = 0; i < v; i++) { /* node/4: two ticks high, two low */
        tb->pins.tsclk = 1;
        if (run_ticks(tb, 2)) return -1;
        tb->pins.tsclk = 0;
        if (run_ticks(tb, 2)) return -1;
    }
    return 0;
}

static int cmd_ext(mk2_tb *tb, int nt, char **t)
{
    uint64_t j, n = 1;
    if (nt < 3 || number(t[1], &j) || j > 15) return fail(tb, "ext: want 'ext J pulse [N]' or 'ext J 0|1', J 0..15");
    unsigned bit = 1u << j;
    if (!strcmp(t[2], "pulse")) {
        if (nt > 4 || (nt == 4 && number(t[3], &n))) return fail(tb, "ext: want 'ext J pulse [N]'");
        for (uint64_t i = 0; i < n; i++) {
            tb->pins.ext |= bit;
            if (tick(tb)) return -1;
            tb->pins.ext &= ~bit;
            if (tick(tb)) return -1;
        }
        return 0;
    }
    if (nt != 3 || number(t[2], &n) || n > 1) return fail(tb, "ext: want 'ext J 0|1'");
    tb->pins.ext = n ? (tb->pins.ext | bit) : (tb->pins.ext & ~bit);
    return 0;
}

static int cmd_cpu(mk2_tb *tb, int nt, char **t)
{
    uint64_t v;
    if (nt == 2 && !strcmp(t[1], "none")) {
        tb->pins.cpu = 0;
        return 0;
    }
    if (nt == 3 && !strcmp(t[1], "lines")) {
        if (number(t[2], &v) || v > 255) return fail(tb, "cpu lines: want a mask 0..255 of C7..C0");
        tb->pins.cpu = (unsigned)v;
        return 0;
    }
    if (nt != 2 || number(t[1], &v) || v > 7) return fail(tb, "cpu: want 'cpu N' (0..7), 'cpu none' or 'cpu lines MASK'");
    tb->pins.cpu = 1u << v;
    return 0;
}

static int cmd_level(mk2_tb *tb, int nt, char **t, unsigned *pin, int active_low)
{
    uint64_t v;
    if (nt != 2 || number(t[1], &v) || v > 1) return fail(tb, "%s: want '%s 0|1'", t[0], t[0]);
    *pin = active_low ? !v : (unsigned)v;
    return 0;
}

static int cmd_drain(mk2_tb *tb, int nt, char **t)
{
    uint64_t max = 100000;
    if (nt > 2 || (nt == 2 && number(t[1], &max))) return fail(tb, "drain: want 'drain [MAX]'");
    for (uint64_t n = 0; inside_now(tb) || tb->nbytes; n++) {
        if (n >= max)
            return fail(tb, "drain: %" PRIu64 " samples still inside after %" PRIu64 " node clocks%s", inside_now(tb), max,
                        tb->pins.netrdy ? "" : " (NETRDY is low)");
        if (tick(tb)) return -1;
    }
    return 0;
}

static int cmd_after(mk2_tb *tb, int nt, char **t, const char *line)
{
    uint64_t n;
    if (nt < 3 || number(t[1], &n)) return fail(tb, "after: want 'after N COMMAND'");
    static const char *const pin_cmds[] = {"netrdy", "ext", "tsclk", "cpu", "test", "outdis", "strap"};
    int ok = 0;
    for (size_t i = 0; i < sizeof pin_cmds / sizeof *pin_cmds; i++) ok |= !strcmp(t[2], pin_cmds[i]);
    if ((!strcmp(t[2], "ext") && nt > 4 && !strcmp(t[4], "pulse")) || (!strcmp(t[2], "tsclk") && nt == 4 && strcmp(t[3], "stop")))
        ok = 0;
    if (!ok) return fail(tb, "after: '%s' takes node clocks or is not a pin command; only pin levels can be scheduled", t[2]);
    if (tb->nsched == tb->sched_cap) {
        tb->sched_cap = tb->sched_cap ? tb->sched_cap * 2 : 16;
        tb->sched = realloc(tb->sched, (size_t)tb->sched_cap * sizeof *tb->sched);
    }
    const char *rest = strstr(line, t[2]);
    tb->sched[tb->nsched].due_tick = tb->ticks + n;
    tb->sched[tb->nsched].text = strdup(rest);
    tb->nsched++;
    return 0;
}

#define MAX_TOKENS 16

static int exec_line(mk2_tb *tb, const char *line, int scheduled)
{
    char buf[1024], *t[MAX_TOKENS];
    int nt = 0;
    snprintf(buf, sizeof buf, "%s", line);
    char *comment = strchr(buf, '#');
    if (comment) *comment = 0;
    for (char *p = strtok(buf, " \t\r\n"); p; p = strtok(NULL, " \t\r\n")) {
        if (nt == MAX_TOKENS) return fail(tb, "too many words on one line");
        t[nt++] = p;
    }
    if (!nt) return 0;
    uint64_t a, d;
    const char *c = t[0];
    if (!strcmp(c, "reset")) return cmd_reset(tb, nt, t);
    if (!strcmp(c, "write")) {
        if (nt != 3 || number(t[1], &a) || a > 127 || number(t[2], &d))
            return fail(tb, "write: want 'write ADDR DATA' with ADDR 0..127 and DATA up to 64 bits");
        return bus_cycle(tb, 0, (unsigned)a, d);
    }
    if (!strcmp(c, "read")) return cmd_read(tb, nt, t, 1);
    if (!strcmp(c, "hold")) {
        if (nt != 2 || number(t[1], &a) || a > 1000000) return fail(tb, "hold: want 'hold N' with N <= 1000000");
        tb->hold_ticks = (long)a;
        return 0;
    }
    if (!strcmp(c, "strobe")) {
        if (nt != 3 || strcmp(t[1], "hold") || number(t[2], &a) || a < 1 || a > 1000000)
            return fail(tb, "strobe: want 'strobe hold N' (N >= 1 node clocks)");
        tb->strobe_ticks = (long)a;
        return 0;
    }
    if (!strcmp(c, "rdwr")) return cmd_read(tb, nt, t, 2);
    if (!strcmp(c, "idle")) {
        if (nt != 2 || number(t[1], &a)) return fail(tb, "idle: want 'idle N'");
        return run_ticks(tb, a);
    }
    if (!strcmp(c, "tsclk")) return cmd_tsclk(tb, nt, t);
    if (!strcmp(c, "ext")) return cmd_ext(tb, nt, t);
    if (!strcmp(c, "cpu")) return cmd_cpu(tb, nt, t);
    if (!strcmp(c, "netrdy")) return cmd_level(tb, nt, t, &tb->pins.netrdy, 0);
    if (!strcmp(c, "test")) return cmd_level(tb, nt, t, &tb->pins.testb, 1);
    if (!strcmp(c, "outdis")) return cmd_level(tb, nt, t, &tb->pins.outdisb, 1);
    if (!strcmp(c, "strap")) {
        if (nt != 3 || strcmp(t[1], "waitstate") || number(t[2], &a) || a > 1)
            return fail(tb, "strap: want 'strap waitstate 0|1'");
        tb->pins.waitstate = (unsigned)a;
        return 0;
    }
    if (!strcmp(c, "after")) {
        if (scheduled) return fail(tb, "after: cannot be nested");
        return cmd_after(tb, nt, t, line);
    }
    if (!strcmp(c, "drain")) return cmd_drain(tb, nt, t);
    return fail(tb, "unknown command '%s'", c);
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
    if (exec_line(tb, line, 0)) return -1;
    return check_conservation(tb);
}

int mk2_tb_run_file(mk2_tb *tb, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return fail(tb, "%s: cannot open: %s", path, strerror(errno));
    char line[1024];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (mk2_tb_exec(tb, line)) {
            char cause[sizeof tb->err];
            memcpy(cause, tb->err, sizeof cause);
            line[strcspn(line, "\r\n")] = 0;
            snprintf(tb->err, sizeof tb->err, "%.200s:%d: %.600s (line: %.100s)", path, lineno, cause, line);
            fclose(f);
            return -1;
        }
    }
    fclose(f);
    return 0;
}

void mk2_tb_format_sample(const mk2_sample *s, int timing, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "%c cpu=%u ts=%014" PRIx64 " src=%08x data=%016" PRIx64 " err=%c%c", s->kind, s->cpu,
                                s->ts, s->src, s->data, s->shadow_overrun ? 'S' : '-', s->fifo_overrun ? 'F' : '-');
    for (int k = 0; s->kind == 'R' && k < 16 && n < len; k++)
        n += (size_t)snprintf(buf + n, len - n, "%s%08x", k ? "," : " cnt=", s->cnt[k]);
    /* an entry written in test mode whose header type is not Trace's 10 */
    if (s->kind == 'T' && s->type != 2 && n < len) n += (size_t)snprintf(buf + n, len - n, " type=%u", s->type);
    if (timing && n < len) snprintf(buf + n, len - n, " @%" PRIu64, s->netclk);
}
