/*
 * mk2wb - runs a MultiKron II stimulus script (docs/mk2-scripts.md) through the Wishbone slave: the
 * Verilated mk2_wb_top (rtl/bus/mk2_wb_top.v: mk2_wb_slave + mk2_chip + mk2_trace_sink) driven by a
 * Wishbone B4 pipelined bus-functional master (this file); the script engine is sim/bus/mk2bus.c.
 *
 *   mk2wb SCRIPT [--trace F|-] [--capture F] [--waves F.fst] [--bus-log F] [--max-ticks N] [--no-expect] [--classic]
 *
 * --classic: a Wishbone classic master instead (for build/mk2wb-classic, whose top puts wb_classic2pipe in
 * front of mk2_wb_top).
 * --no-expect: a read whose value differs from the script's expect is noted on stderr, not a failure (for
 * scripts whose values depend on the exact node clock of each bus cycle, tb/bus/wb-timing-dependent).
 * Exit 0: ran and every check held; 1: a check failed or the script is invalid; 2: usage; 3: a command
 * this runner does not support (named with its line).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mk2bus.h"

#define ACK_TIMEOUT 1000000ULL

static mk2wb_shim *shim;
static mk2wb_pins p;
static uint64_t ticks, max_ticks;
static FILE *buslog;
static int classic;

static void tick(void)
{
    if (max_ticks && ticks >= max_ticks) mk2bus_die(1, "the run reached its limit of %" PRIu64 " node clocks", max_ticks);
    mk2wb_edge(shim, &p);
    ticks++;
}

static uint64_t now(void) { return ticks; }

static void idle(uint64_t n)
{
    for (uint64_t i = 0; i < n; i++) tick();
}

/* n requests issued back to back (pipelined) in one Wishbone cycle; their answers in order into r[] */
static void wb_cycle(const mk2bus_req *q, int n, uint32_t *r)
{
    int issued = 0, got = 0;
    uint64_t t0 = ticks;
    p.cyc = 1;
    while (got < n) {
        p.stb = issued < n;
        if (p.stb) {
            p.we = q[issued].we;
            p.adr = q[issued].adr;
            p.dat_w = q[issued].dat;
            p.sel = q[issued].sel;
        }
        mk2wb_eval(shim, &p);
        if (p.ack && p.err) mk2bus_die(1, "wishbone: ACK and ERR together");
        if (p.ack || p.err) {
            if (got >= issued) mk2bus_die(1, "wishbone: an answer with no request outstanding");
            if (p.err) mk2bus_die(1, "wishbone: ERR for the request to word address 0x%x", q[got].adr);
            if (r) r[got] = p.dat_r;
            if (buslog)
                fprintf(buslog, "%s 0x%03x %08" PRIx32 " @%" PRIu64 "\n", q[got].we ? "wr" : "rd", q[got].adr,
                        q[got].we ? q[got].dat : p.dat_r, ticks);
            got++;
        }
        if (p.stb && !p.stall) issued++;
        if (ticks - t0 >= ACK_TIMEOUT)
            mk2bus_die(1, "wishbone: no ACK within %llu node clocks (%d of %d requests answered)", ACK_TIMEOUT, got, n);
        tick();
    }
    p.cyc = p.stb = 0;
}

/* --classic: a Wishbone B4 classic master (STB held until ACK, one request at a time, the next one of a
 * block following in the clock after the ACK): for tb/bus/mk2_wb_classic_top (wb_classic2pipe) */
static void wb_classic(const mk2bus_req *q, int n, uint32_t *r)
{
    p.cyc = 1;
    for (int i = 0; i < n; i++) {
        uint64_t t0 = ticks;
        p.stb = 1;
        p.we = q[i].we;
        p.adr = q[i].adr;
        p.dat_w = q[i].dat;
        p.sel = q[i].sel;
        for (;;) {
            mk2wb_eval(shim, &p);
            int done = p.ack || p.err;
            if (p.ack && p.err) mk2bus_die(1, "wishbone: ACK and ERR together");
            if (p.err) mk2bus_die(1, "wishbone: ERR for the request to word address 0x%x", q[i].adr);
            if (done) {
                if (r) r[i] = p.dat_r;
                if (buslog)
                    fprintf(buslog, "%s 0x%03x %08" PRIx32 " @%" PRIu64 "\n", q[i].we ? "wr" : "rd", q[i].adr,
                            q[i].we ? q[i].dat : p.dat_r, ticks);
            }
            if (ticks - t0 >= ACK_TIMEOUT) mk2bus_die(1, "wishbone: no ACK within %llu node clocks", ACK_TIMEOUT);
            tick();
            if (done) break;
        }
    }
    p.cyc = p.stb = 0;
}

/* power-up: the whole top in reset, pins at their idle levels */
static void start(void)
{
    p.rst_n = 0;
    p.chip_rst_n = 1;
    idle(4);
    p.rst_n = 1;
    idle(2);
}

static void summary(FILE *f) { fprintf(f, ", %" PRIu64 " node clocks", ticks); }

static int usage(void)
{
    fprintf(stderr, "usage: mk2wb SCRIPT [--trace F|-] [--capture F] [--waves F.fst] [--bus-log F] [--max-ticks N] "
                    "[--no-expect]\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *script = NULL, *waves = NULL, *buslog_path = NULL;
    mk2bus_options o = {0};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--trace") && i + 1 < argc) o.trace = argv[++i];
        else if (!strcmp(argv[i], "--capture") && i + 1 < argc) o.capture = argv[++i];
        else if (!strcmp(argv[i], "--waves") && i + 1 < argc) waves = argv[++i];
        else if (!strcmp(argv[i], "--bus-log") && i + 1 < argc) buslog_path = argv[++i];
        else if (!strcmp(argv[i], "--max-ticks") && i + 1 < argc) max_ticks = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--no-expect")) o.no_expect = 1;
        else if (!strcmp(argv[i], "--classic")) classic = 1;
        else if (argv[i][0] != '-' && !script) script = argv[i];
        else return usage();
    }
    if (!script) return usage();
    if (buslog_path && !(buslog = fopen(buslog_path, "w"))) {
        perror(buslog_path);
        return 1;
    }
    shim = mk2wb_open(waves);
    if (!shim) {
        fprintf(stderr, "FAIL: cannot open the waves file %s\n", waves);
        return 1;
    }
    p.testb = 1;
    p.sel = 0xf;
    mk2bus_transport t = {"mk2wb", classic ? wb_classic : wb_cycle, now, 0, idle, &p, tick, start, summary};
    int rc = mk2bus_run(script, &t, &o);
    if (buslog) fclose(buslog);
    mk2wb_close(shim);
    return rc;
}
