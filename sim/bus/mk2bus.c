/*
 * mk2bus.c - runs a MultiKron II stimulus script (docs/mk2-scripts.md) as 32-bit Wishbone accesses to
 * mk2_wb_top (docs/integration.md): every bus command becomes Wishbone requests, the samples are read back
 * from the trace sink over the same bus and printed in the trace format of `make sim` (tools/libmk2trace).
 * The transport is the caller's (mk2bus.h): the Verilated mk2_wb_top (sim/bus/mk2wb.c, build/mk2wb) or
 * the UARTBone bridge on a serial port (tools/mk2host).
 *
 * The script is read by the one parser of every runner (tools/libmk2script: the same grammar and messages as
 * build/mk2sim), the whole file before the first request.
 * Supported: reset, write, read [expect V [mask M]], idle, drain, netrdy 0|1 (the sink's CTRL pause bit);
 * with pins (simulation only): tsclk N, ext J pulse [N], ext J 0|1, cpu, strap waitstate, test.
 * Refused with exit 3, naming the line: hold, strobe hold, rdwr, outdis, after, tsclk run/stop (they need
 * pin-level control the Wishbone slave does not give), and the pin commands on a transport without pins.
 * Exit 0: ran and every check held; 1: a check failed or the script is invalid; 2: usage; 3: a command
 * this transport does not support.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mk2trace.h"
#include "mk2script.h"
#include "mk2bus.h"

#define SINK 0x100u /* word address of the trace sink */
enum { S_DATA = 0, S_STATUS = 1, S_PARERR = 2, S_OVERFLOW = 3, S_TAKEN = 4, S_CHIP = 5, S_CTRL = 6 };

typedef mk2bus_req wbreq;

static struct {
    const mk2bus_transport *t;
    const char *file;
    long line;
    char text[160];
    FILE *trace;
    mk2cap_writer *cap;
    uint8_t bytes[MK2_RESOURCE_BYTES];
    int nbytes;
    uint64_t samples, truncated, elements;
    int was_reset, pause, no_expect;
    uint64_t expect_notes;
} g;

#define die mk2bus_die
void mk2bus_die(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "FAIL %s:%ld: ", g.file, g.line);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (line: %s)\n", g.text);
    va_end(ap);
    exit(code);
}

static void wb_cycle(const wbreq *q, int n, uint32_t *r)
{
    g.t->xfer(q, n, r);
}

static void need_pins(const char *c)
{
    if (!g.t->pins)
        die(3, "'%s' drives a pin of mk2_wb_top, which the %s transport cannot reach", c, g.t->name);
}

static void tick(void)
{
    g.t->tick();
}

static uint32_t wb_read1(unsigned adr)
{
    wbreq q = {0, adr, 0, 0xf};
    uint32_t v;
    wb_cycle(&q, 1, &v);
    return v;
}

/* ------------------------------------------------------------------ the trace sink */

static void emit_line(const char *s)
{
    if (g.trace) fprintf(g.trace, "%s\n", s);
}

static void element(uint32_t w)
{
    unsigned byte = w & 0xff, parity = w >> 8 & 1, eom = w >> 9 & 1;
    if (!(w >> 31)) die(1, "sink: DATA read without its valid bit while STATUS counted an element");
    if ((unsigned)mk2trace_parity(byte) != parity)
        die(1, "network: byte %d of a sample (0x%02x) has ODD_PARITY %u", g.nbytes + 1, byte, parity);
    if (g.cap && mk2cap_put(g.cap, byte, (int)parity, (int)eom)) die(1, "capture: write error: %s", strerror(errno));
    g.elements++;
    g.bytes[g.nbytes++] = (uint8_t)byte;
    if (eom) {
        if (g.nbytes != MK2_TRACE_BYTES && g.nbytes != MK2_RESOURCE_BYTES)
            die(1, "network: EOM on byte %d of a sample (only 20 or 84)", g.nbytes);
        mk2_sample smp;
        if (mk2trace_decode(g.bytes, g.nbytes, &smp)) die(1, "network: sample of %d bytes not decoded", g.nbytes);
        char buf[512];
        mk2trace_format(&smp, 0, buf, sizeof buf);
        emit_line(buf);
        g.samples++;
        g.nbytes = 0;
    } else if (g.nbytes == MK2_RESOURCE_BYTES) {
        die(1, "network: byte 84 without EOM");
    }
}

/* Reads the elements the sink holds now (its STATUS fill at the first read), in batches. Returns the
 * fill. */
static unsigned pull_sink(void)
{
    unsigned fill = wb_read1(SINK + S_STATUS) & 0xffff, left = fill;
    while (left) {
        wbreq q[64];
        uint32_t r[64];
        int n = left > 64 ? 64 : (int)left;
        for (int i = 0; i < n; i++) q[i] = (wbreq){0, SINK + S_DATA, 0, 0xf};
        wb_cycle(q, n, r);
        for (int i = 0; i < n; i++) element(r[i]);
        left -= (unsigned)n;
    }
    return fill;
}

/* the sample in progress was cut short (reset, software reset, test-mode pop) */
static void cut(int hard)
{
    if (g.nbytes) {
        char buf[128];
        mk2trace_format_truncated(g.nbytes, 0, 0, buf, sizeof buf);
        emit_line(buf);
        g.truncated++;
        g.nbytes = 0;
    }
    if (g.cap) {
        if (hard) mk2cap_reset(g.cap);
        else mk2cap_cut(g.cap);
    }
}

static void check_sink(void)
{
    uint32_t par = wb_read1(SINK + S_PARERR), over = wb_read1(SINK + S_OVERFLOW);
    if (par || over) die(1, "sink: %" PRIu32 " parity errors, %" PRIu32 " bytes lost (OVERFLOW)", par, over);
}

static void drain(uint64_t max)
{
    if (max < g.t->drain_floor) max = g.t->drain_floor;
    uint64_t t0 = g.t->now();
    for (;;) {
        uint32_t chip = wb_read1(SINK + S_CHIP);
        unsigned fill = pull_sink();
        unsigned inside = (chip & 0xff) + (chip >> 8 & 1);
        if (!inside && !(chip >> 9 & 1) && !fill && !g.nbytes) break;
        if (g.t->now() - t0 > max)
            die(1, "drain: %u sample(s) still in the chip after %" PRIu64 " node clocks%s", inside, max,
                g.pause ? " (NETRDY is held low: 'netrdy 0')" : "");
    }
}

/* ------------------------------------------------------------------ the MultiKron II through the slave */

static void chip_write(unsigned a, uint64_t d)
{
    wbreq q[2];
    int n = 0;
    /* the high half only when not 0: a lone low-half write writes D63..D32 = 0 (docs/integration.md) */
    if (d >> 32) q[n++] = (wbreq){1, 2 * a + 1, (uint32_t)(d >> 32), 0xf};
    q[n++] = (wbreq){1, 2 * a, (uint32_t)d, 0xf};
    wb_cycle(q, n, NULL);
}

static uint64_t chip_read(unsigned a)
{
    wbreq q[2] = {{0, 2 * a, 0, 0xf}, {0, 2 * a + 1, 0, 0xf}};
    uint32_t r[2];
    wb_cycle(q, 2, r);
    return (uint64_t)r[1] << 32 | r[0];
}

/* ------------------------------------------------------------------ the script */

/* A script line, parsed by the one parser of every runner (tools/libmk2script), kept with its number and
 * its text for messages: the whole file is parsed and checked before anything is sent. */
typedef struct {
    mk2script_stmt st;
    long line;
    char text[160];
} line_stmt;

static struct {
    line_stmt *v;
    size_t n, cap;
} prog;

static void need_reset(void)
{
    if (!g.was_reset) die(1, "bus: a bus cycle before any 'reset': the chip's state is undefined until then");
}

static void run_ticks(uint64_t n)
{
    for (uint64_t i = 0; i < n; i++) tick();
}

/* Refuses (exit 3, naming the line) what this transport cannot do; called for every line before the run. */
static void check_supported(const mk2script_stmt *st)
{
    const mk2script_cmd *c = &st->c;
    const char *w = mk2script_op_names[c->op];
    if (st->is_after)
        die(3, "'after' is not supported by the Wishbone runner (it needs pin-level control of the processor "
               "bus or of OUTDISB that the Wishbone slave does not give; use build/mk2sim)");
    switch (c->op) {
    case OP_HOLD: case OP_STROBE: case OP_RDWR: case OP_OUTDIS:
        die(3, "'%s' is not supported by the Wishbone runner (it needs pin-level control of the processor "
               "bus or of OUTDISB that the Wishbone slave does not give; use build/mk2sim)", w);
    case OP_TSCLK_RUN: case OP_TSCLK_STOP:
        if (!g.t->pins) need_pins(w);
        die(3, "'tsclk %s' is not supported by the Wishbone runner (a free-running Timestamp clock makes the "
               "Timestamp depend on the bus timing, which differs from the pin-level runner's)",
            c->op == OP_TSCLK_RUN ? "run" : "stop");
    case OP_TSCLK: case OP_EXT_PULSE: case OP_EXT_LEVEL: case OP_CPU: case OP_STRAP: case OP_TEST:
        if (!g.t->pins) need_pins(w);
        return;
    default:
        return;
    }
}

static void command(const mk2script_cmd *c)
{
    uint64_t a = c->v[0], b = c->v[1];
    switch (c->op) {
    case OP_RESET:
        if (g.t->pins) {
            /* the chip's RESETB alone: the sink keeps the bytes taken before it, read after the reset */
            g.t->pins->chip_rst_n = 0;
            run_ticks(a);
            g.t->pins->chip_rst_n = 1;
            run_ticks(2);
        } else {
            /* no RESETB on this transport: the software reset (docs/integration.md, mk2host) */
            chip_write(0, 0);
        }
        if (g.was_reset || !g.t->pins) {
            pull_sink();
            cut(1);
        }
        g.was_reset = 1;
        /* the sink is not reset by RESETB: a pause written by 'netrdy 0' stays, as NETRDY would */
        return;
    case OP_WRITE:
        need_reset();
        pull_sink();
        chip_write((unsigned)a, b);
        /* a software reset, or a test-mode pop, cuts the sample in progress: what the sink holds now
         * (read at the first clock after the ACK) is what left before the cut (D1.5, D10.8) */
        if (a == 0 || (a == 21 && g.t->pins && !g.t->pins->testb)) {
            pull_sink();
            cut(0);
        }
        return;
    case OP_READ: {
        need_reset();
        pull_sink();
        uint64_t v = chip_read((unsigned)a), m = c->v[2];
        if (c->expect && ((v ^ b) & m) && g.no_expect) {
            fprintf(stderr, "note: %s:%ld: read of address %" PRIu64 " returned 0x%016" PRIx64 ", the script expects "
                            "0x%016" PRIx64 " (--no-expect)\n", g.file, g.line, a, v, b);
            g.expect_notes++;
        } else if (c->expect && ((v ^ b) & m))
            die(1, "read of address %" PRIu64 " returned 0x%016" PRIx64 ", expected 0x%016" PRIx64
                   " (mask 0x%016" PRIx64 ")", a, v, b, m);
        return;
    }
    case OP_IDLE:
        if (g.t->pins) run_ticks(a);
        else g.t->idle(a);
        return;
    case OP_DRAIN:
        need_reset();
        drain(a);
        return;
    case OP_TSCLK:
        for (uint64_t i = 0; i < a; i++) {
            g.t->pins->tsclk = 1;
            run_ticks(2);
            g.t->pins->tsclk = 0;
            run_ticks(2);
        }
        return;
    case OP_EXT_PULSE:
        if (g.t->pins->ext >> a & 1) {
            g.t->pins->ext &= ~(1u << a);
            tick();
        }
        for (uint64_t i = 0; i < b; i++) {
            g.t->pins->ext |= 1u << a;
            tick();
            g.t->pins->ext &= ~(1u << a);
            tick();
        }
        return;
    case OP_EXT_LEVEL:
        g.t->pins->ext = (g.t->pins->ext & ~(1u << a)) | (unsigned)b << a;
        return;
    case OP_CPU:
        g.t->pins->cpu = (unsigned)a;
        return;
    case OP_STRAP:
        g.t->pins->waitstate = (int)a;
        return;
    case OP_TEST:
        g.t->pins->testb = !a;
        return;
    case OP_NETRDY: {
        /* the sink's pause bit: NETRDY low from its next take edge (a Wishbone write) */
        wbreq q = {1, SINK + S_CTRL, a ? 0u : 1u, 0xf};
        wb_cycle(&q, 1, NULL);
        g.pause = !a;
        return;
    }
    default:
        die(1, "internal: command '%s' reached the run unchecked", mk2script_op_names[c->op]);
    }
}

/* one line of the file: parsed, checked, kept */
static int take_line(long lineno, char *line, size_t len, void *arg)
{
    (void)arg;
    char err[1024];
    g.line = lineno;
    mk2script_show_line(line, len, g.text, sizeof g.text);
    mk2script_stmt st;
    if (mk2script_parse_line(line, len, &st, err, sizeof err)) die(1, "%s", err);
    if (st.c.op == OP_NONE && !st.is_after) return 0;
    check_supported(&st);
    if (prog.n == prog.cap) {
        prog.cap = prog.cap ? 2 * prog.cap : 64;
        line_stmt *p = realloc(prog.v, prog.cap * sizeof *prog.v);
        if (!p) die(1, "out of memory");
        prog.v = p;
    }
    line_stmt *ls = &prog.v[prog.n++];
    ls->st = st;
    ls->line = lineno;
    memcpy(ls->text, g.text, sizeof ls->text);
    return 0;
}

int mk2bus_run(const char *script, const mk2bus_transport *t, const mk2bus_options *o)
{
    g.t = t;
    g.file = script;
    g.no_expect = o->no_expect;
    char err[1024];
    /* the whole file is parsed and checked first: an invalid or unsupported line runs nothing */
    if (mk2script_each_line(script, take_line, NULL, err, sizeof err)) {
        fprintf(stderr, "FAIL %s\n", err);
        return 1;
    }
    g.trace = !o->trace || !strcmp(o->trace, "-") ? stdout : fopen(o->trace, "w");
    if (!g.trace) die(1, "cannot write %s: %s", o->trace, strerror(errno));
    if (o->capture && !(g.cap = mk2cap_create(o->capture, 0, 0)))
        die(1, "cannot write %s: %s", o->capture, strerror(errno));
    if (t->start) t->start();
    for (size_t i = 0; i < prog.n; i++) {
        g.line = prog.v[i].line;
        memcpy(g.text, prog.v[i].text, sizeof prog.v[i].text);
        command(&prog.v[i].st.c);
    }
    free(prog.v);
    prog.v = NULL;
    prog.n = prog.cap = 0;
    g.line = 0;
    snprintf(g.text, sizeof g.text, "(end of script)");
    if (g.was_reset) {
        pull_sink();
        check_sink();
    }
    if (g.nbytes) emit_line("# incomplete sample at the end of the run");
    if (g.trace != stdout) fclose(g.trace);
    if (g.cap && mk2cap_close(g.cap)) die(1, "capture: write error");
    fprintf(stderr, "%s: %" PRIu64 " samples, %" PRIu64 " cut short, %" PRIu64 " network bytes through the sink",
            t->name, g.samples, g.truncated, g.elements);
    if (t->summary) t->summary(stderr);
    fprintf(stderr, "\n");
    return 0;
}
