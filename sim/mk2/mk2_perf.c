/*
 * mk2_perf.c - `make bench`: what the MultiKron II does at its pins, measured by the one runner
 * (sim/mk2/mk2_tb.h) on a backend (rtl by default; the model must give the same figures).
 *
 *   mk2-perf link|cost [--backend rtl|model] [--samples N]
 *
 * link: network link use under saturation. Sampling on with wait-on-overrun (CSR bit 2), NETRDY high,
 *   the processor writes samples back to back (Trace only, Resource only, or alternating), then drains.
 *   From the runner's capture (the NETCLK rising edge that took each sample's first byte) the window is
 *   the first byte of the first sample to the last byte of the last one: samples wait throughout it
 *   (the processor is always waiting with the next one). Prints one row per mix:
 *     MIX SAMPLES BYTES NETCLKS IDLE_NETCLKS NODE_CLOCKS
 * cost: node clocks from the start edge (STARTB and the strobe seen) to the edge that asserts ACKB, per kind of
 *   access, with the Wait Error Counter's increase over the access (D2.4: each refused edge adds one). Rows:
 *     KIND WAITSTATES CONDITION EDGES REFUSED
 *   A contended sample or read is measured at saturation (median of the accesses after the FIFO or the
 *   shadows filled).
 * Exit 1 when a script line fails (the runner's message is printed).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mk2_regmap.h"
#include "mk2_tb.h"

static const char *backend = "rtl";

static void run(mk2_tb *tb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void run(mk2_tb *tb, const char *fmt, ...)
{
    char line[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (mk2_tb_exec(tb, line)) {
        fprintf(stderr, "mk2-perf: '%s': %s\n", line, mk2_tb_error(tb));
        exit(1);
    }
}

static mk2_tb *open_tb(int keep)
{
    mk2_tb_options o = {0};
    o.backend = backend;
    o.fifo_depth = 8;
    o.keep_samples = keep;
    char err[256];
    mk2_tb *tb = mk2_tb_open(&o, err, sizeof err);
    if (!tb) {
        fprintf(stderr, "mk2-perf: %s\n", err);
        exit(1);
    }
    return tb;
}

/* mix: 0 Trace, 1 Resource, 2 alternating */
static void link_use(const char *name, int mix, int n)
{
    mk2_tb *tb = open_tb(1);
    run(tb, "reset 4");
    run(tb, "write %u 0x%x", MK2_ADDR_CSR, (unsigned)(MK2_CSR_SAMPLING_ON_MASK | MK2_CSR_WAIT_ON_MASK));
    for (int i = 0; i < n; i++) {
        int res = mix == 1 || (mix == 2 && (i & 1));
        run(tb, "write %u 0x%x", res ? MK2_ADDR_SAMPLE_RESOURCE : MK2_ADDR_SAMPLE_TRACE, i);
    }
    run(tb, "drain");
    int ns = mk2_tb_sample_count(tb);
    if (ns != n) {
        fprintf(stderr, "mk2-perf: %s: %d samples written, %d received\n", name, n, ns);
        exit(1);
    }
    const mk2_sample *first = mk2_tb_sample(tb, 0), *last = mk2_tb_sample(tb, ns - 1);
    uint64_t bytes = 0;
    for (int i = 0; i < ns; i++) bytes += mk2_tb_sample(tb, i)->kind == 'R' ? 84 : 20;
    uint64_t end = last->netclk + (last->kind == 'R' ? 84 : 20) - 1;
    uint64_t span = end - first->netclk + 1;
    printf("%s %d %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", name, ns, bytes, span, span - bytes, 2 * span);
    mk2_tb_free(tb);
}

static uint64_t read_reg(mk2_tb *tb, unsigned addr)
{
    run(tb, "read %u", addr);
    return mk2_tb_last_read(tb);
}

/* one access; prints its row */
static void measure(mk2_tb *tb, const char *kind, int w, const char *cond, const char *access)
{
    uint64_t w0 = read_reg(tb, MK2_ADDR_WAIT_COUNT) & 0xFFFFFFFFu;
    run(tb, "%s", access);
    uint64_t edges = mk2_tb_last_ack_ticks(tb) - 1;
    uint64_t w1 = read_reg(tb, MK2_ADDR_WAIT_COUNT) & 0xFFFFFFFFu;
    printf("%s %d %s %" PRIu64 " %" PRIu64 "\n", kind, w, cond, edges, w1 - w0);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* back-to-back sample writes at saturation: after 16 that fill the FIFO (or the shadows), the median of n */
static void saturated(const char *kind, int w, unsigned addr, int n)
{
    mk2_tb *tb = open_tb(0);
    run(tb, "strap waitstate %d", w);
    run(tb, "reset 4");
    run(tb, "write %u 0x%x", MK2_ADDR_CSR, (unsigned)(MK2_CSR_SAMPLING_ON_MASK | MK2_CSR_WAIT_ON_MASK));
    uint64_t e[64], sum = 0;
    if (n > 64) n = 64;
    /* nothing between the writes: the Wait Error Counter is read before and after them (refused: the mean) */
    for (int i = 0; i < 16; i++) run(tb, "write %u 0x%x", addr, i);
    uint64_t w0 = read_reg(tb, MK2_ADDR_WAIT_COUNT) & 0xFFFFFFFFu;
    for (int i = 0; i < n; i++) {
        run(tb, "write %u 0x%x", addr, i);
        e[i] = mk2_tb_last_ack_ticks(tb) - 1;
        sum += e[i];
    }
    uint64_t r = (read_reg(tb, MK2_ADDR_WAIT_COUNT) & 0xFFFFFFFFu) - w0;
    /* the mean edges and the mean refused edges of all the writes agree with D2.4 when sum = n*(1+W) + r */
    qsort(e, (size_t)n, sizeof *e, cmp_u64);
    printf("%s %d saturated %" PRIu64 " %.1f\n", kind, w, e[n / 2], (double)r / n);
    mk2_tb_free(tb);
}

static void cost(void)
{
    for (int w = 0; w <= 1; w++) {
        mk2_tb *tb = open_tb(0);
        run(tb, "strap waitstate %d", w);
        run(tb, "reset 4");
        measure(tb, "register-write", w, "uncontended", "write 4 0xffff");
        measure(tb, "register-read", w, "uncontended", "read 2");
        run(tb, "write %u 0x%x", MK2_ADDR_CSR, (unsigned)(MK2_CSR_SAMPLING_ON_MASK | MK2_CSR_WAIT_ON_MASK));
        measure(tb, "trace-sample", w, "uncontended", "write 96 0x1");
        run(tb, "drain");
        measure(tb, "resource-sample", w, "uncontended", "write 112 0x1");
        run(tb, "drain");
        measure(tb, "read-with-copy", w, "uncontended", "read 64");
        measure(tb, "read-without-copy", w, "uncontended", "read 80");
        /* shadows busy: right after a Resource sample, which holds them until its byte 84 leaves */
        run(tb, "write 1 0x%x", (unsigned)(1u << 4)); /* read-wait on (CSR bit 4) */
        run(tb, "write 112 0x2");
        measure(tb, "read-with-copy", w, "shadows-busy", "read 64");
        run(tb, "drain");
        run(tb, "write 112 0x3");
        measure(tb, "read-without-copy", w, "shadows-busy", "read 80");
        run(tb, "drain");
        mk2_tb_free(tb);
        saturated("trace-sample", w, MK2_ADDR_SAMPLE_TRACE, 32);
        saturated("resource-sample", w, MK2_ADDR_SAMPLE_RESOURCE, 16);
    }
}

int main(int argc, char **argv)
{
    int n = 400;
    const char *what = argc > 1 ? argv[1] : "";
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--backend") && i + 1 < argc) backend = argv[++i];
        else if (!strcmp(argv[i], "--samples") && i + 1 < argc) n = atoi(argv[++i]);
        else what = "";
    }
    if (n < 2 || n > 1000000) n = 400;
    if (!strcmp(what, "link")) {
        link_use("trace", 0, n);
        link_use("resource", 1, n);
        link_use("mixed", 2, n);
    } else if (!strcmp(what, "cost")) {
        cost();
    } else {
        fprintf(stderr, "usage: mk2-perf link|cost [--backend rtl|model|lockstep] [--samples N]\n");
        return 2;
    }
    return 0;
}
