/*
 * mk2-randscript - seeded random stimulus scripts for the MultiKron II (co-simulation of the RTL
 * against the C reference model, docs/reference-model.md).
 *
 *   mk2-randscript SEED [--ticks N] [-o FILE]
 *
 * Writes a legal script of roughly N node clocks (default 60000) to FILE or stdout. The same SEED
 * always gives the same script. "Legal": the traffic obeys the spec's rules for the board (RESETB at
 * least 5 clocks, Timestamp clock at most node/3, strobes dropped before ACKB), and no bus cycle can
 * wait for ever: while a wait mode may be on, NETRDY is never left low without a scheduled rise and the
 * network output is never left disabled.
 *
 * It covers every register and sample kind, all filter levels, CPU ID lines (several at once too),
 * 32- and 64-bit modes, test mode, software and hardware resets mid-run, wait and discard modes,
 * NETRDY back-pressure (long stalls, toggling every NETCLK), Timestamp clock rates up to node/3,
 * bursts on the external inputs and HOLDB lengths.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mk2_regmap.h"

static uint64_t rng_state;

static uint64_t rnd64(void)
{
    /* splitmix64: small, fast, and the same on every platform */
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static unsigned rnd(unsigned n) { return n ? (unsigned)(rnd64() % n) : 0; }
static int chance(unsigned percent) { return rnd(100) < percent; }

/* What the generator knows of the chip, to keep the script legal. */
static struct {
    int wait_modes;   /* wait-on-overrun or read-wait may be on */
    int net_disabled; /* test-mode write 19 without a 20 yet */
    int test;
    int sampling;
    uint64_t ticks;   /* rough estimate of node clocks so far */
} st;

static FILE *out;

static void line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void line(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(out, fmt, ap);
    va_end(ap);
    fputc('\n', out);
}

/* ---- script syntax (README.md "Stimulus scripts") ---- */
static void s_write(unsigned a, uint64_t d)
{
    line("write %u 0x%" PRIx64, a, d);
    st.ticks += 3;
}
static void s_read(unsigned a)
{
    line("read %u", a);
    st.ticks += 3;
}
static void s_idle(unsigned n)
{
    line("idle %u", n);
    st.ticks += n;
}
static void s_after(unsigned n, const char *cmd) { line("after %u %s", n, cmd); }

static void soft_reset_at(uint64_t d);

/* ---- CSR: keep the generator's view of the wait modes ---- */
static void csr_write(uint64_t d)
{
    if (st.net_disabled) d &= ~(uint64_t)(MK2_CSR_WAIT_ON_MASK | MK2_CSR_RDWAIT_ON_MASK); /* no wait mode while the network is off */
    s_write(MK2_ADDR_CSR, d);
    if (d & (MK2_CSR_WAIT_ON_MASK | MK2_CSR_RDWAIT_ON_MASK)) st.wait_modes = 1; /* conservative: only a reset clears it */
    if (d & MK2_CSR_SAMPLING_ON_MASK) st.sampling = 1;
    if (d & MK2_CSR_SAMPLING_OFF_MASK) st.sampling = 0;
}

static uint64_t csr_random(void)
{
    uint64_t d = 0;
    if (chance(70)) d |= MK2_CSR_SAMPLING_ON_MASK;
    if (chance(8)) d |= MK2_CSR_SAMPLING_OFF_MASK;
    if (chance(35)) d |= MK2_CSR_WAIT_ON_MASK;
    if (chance(35)) d |= MK2_CSR_WAIT_OFF_MASK;      /* discard */
    if (chance(35)) d |= MK2_CSR_RDWAIT_ON_MASK;
    if (chance(35)) d |= MK2_CSR_RDWAIT_OFF_MASK;
    if (chance(25)) d |= MK2_CSR_MODE32_MASK;
    if (chance(30)) d |= MK2_CSR_MODE64_MASK;
    if (chance(20)) /* read-only bits and beyond: ignored */
        d |= rnd64() & ~(uint64_t)(MK2_CSR_SAMPLING_ON_MASK | MK2_CSR_SAMPLING_OFF_MASK | MK2_CSR_WAIT_ON_MASK |
                                   MK2_CSR_WAIT_OFF_MASK | MK2_CSR_RDWAIT_ON_MASK | MK2_CSR_RDWAIT_OFF_MASK |
                                   MK2_CSR_MODE32_MASK | MK2_CSR_MODE64_MASK);
    return d;
}

/* ---- NETRDY patterns: every fall has a later rise ---- */
static void netrdy_pattern(void)
{
    char cmd[64];
    switch (rnd(4)) {
    case 0: /* long stall */
        line("netrdy 0");
        s_after(200 + rnd(3000), "netrdy 1");
        break;
    case 1: /* short stall */
        line("netrdy 0");
        s_after(1 + rnd(60), "netrdy 1");
        break;
    case 2: { /* toggle every NETCLK (2 node clocks), or every k */
        unsigned period = chance(50) ? 2 : 1 + rnd(7);
        unsigned n = 4 + rnd(120);
        unsigned start = rnd(6);
        for (unsigned i = 0; i < n; i++) {
            snprintf(cmd, sizeof cmd, "netrdy %u", i & 1 ? 1u : 0u);
            s_after(start + i * period, cmd);
        }
        s_after(start + n * period, "netrdy 1");
        break;
    }
    default: /* random duty cycle */
    {
        unsigned t = rnd(4);
        unsigned n = 2 + rnd(30);
        for (unsigned i = 0; i < n; i++) {
            snprintf(cmd, sizeof cmd, "netrdy %u", i & 1 ? 1u : 0u);
            s_after(t, cmd);
            t += 1 + rnd(40);
        }
        s_after(t, "netrdy 1");
    }
    }
}

static void tsclk_change(void)
{
    switch (rnd(4)) {
    case 0: line("tsclk stop"); break;
    case 1: line("tsclk run 3"); break;
    case 2: line("tsclk run %u", 3 + rnd(40)); break;
    default:
        line("tsclk %u", 1 + rnd(8));
        st.ticks += 16;
    }
}

static void ext_activity(void)
{
    char cmd[64];
    unsigned j = rnd(16);
    switch (rnd(3)) {
    case 0:
        line("ext %u pulse %u", j, 1 + rnd(20));
        st.ticks += 20;
        break;
    case 1: /* level */
        line("ext %u %u", j, rnd(2));
        break;
    default: { /* a burst on several inputs at once, in the background */
        unsigned mask = (unsigned)rnd64() & 0xFFFF;
        unsigned n = 1 + rnd(30), t = rnd(4);
        for (unsigned i = 0; i < n; i++) {
            for (unsigned k = 0; k < 16; k++) {
                if (!(mask >> k & 1)) continue;
                snprintf(cmd, sizeof cmd, "ext %u %u", k, i & 1 ? 0u : 1u);
                s_after(t, cmd);
            }
            t += 1 + rnd(3);
        }
        for (unsigned k = 0; k < 16; k++) {
            if (!(mask >> k & 1)) continue;
            snprintf(cmd, sizeof cmd, "ext %u 0", k);
            s_after(t, cmd);
        }
    }
    }
}

static uint64_t fields_random(int enable_reg)
{
    uint64_t d = 0;
    for (int j = 0; j < 16; j++) {
        uint64_t f;
        if (chance(40)) f = 0; /* NOP field */
        else if (enable_reg) f = rnd(16);
        else f = rnd(16);
        d |= f << (4 * j);
    }
    return d;
}

static void counter_config(void)
{
    switch (rnd(7)) {
    case 0: s_write(MK2_ADDR_ENABLE, fields_random(1)); break;
    case 1: s_write(MK2_ADDR_MODE, fields_random(0)); break;
    case 2: s_write(MK2_ADDR_CLOCK_SELECT, fields_random(0)); break;
    case 3: { /* a ready-made setup: one counter, one source */
        unsigned j = rnd(16);
        uint64_t mode = (uint64_t)(1 + rnd(7)) | (chance(30) ? 8u : 0u);
        s_write(MK2_ADDR_MODE, mode << (4 * j));
        s_write(MK2_ADDR_CLOCK_SELECT, (uint64_t)(1 + rnd(7)) << (4 * j));
        s_write(MK2_ADDR_ENABLE, (uint64_t)(2 + rnd(2)) << (4 * j));
        break;
    }
    case 4: s_write(MK2_ADDR_COUNTER_VALUE + rnd(16), chance(30) ? 0xFFFFFFF0u + rnd(16) : rnd64()); break;
    case 5: {
        unsigned n = 1 + rnd(12), j = rnd(16);
        for (unsigned i = 0; i < n; i++) s_write(MK2_ADDR_COUNTER_SHADOW + (chance(80) ? j : rnd(16)), rnd64());
        break;
    }
    default: /* all counters on, mixed sources */
        s_write(MK2_ADDR_MODE, rnd64());
        s_write(MK2_ADDR_CLOCK_SELECT, rnd64());
        s_write(MK2_ADDR_ENABLE, 0xAAAAAAAAAAAAAAAAULL | (rnd64() & 0x5555555555555555ULL));
    }
}

static void cpu_lines(void)
{
    unsigned m;
    switch (rnd(4)) {
    case 0: m = 0; break;
    case 1: m = (unsigned)rnd64() & 0xFF; break; /* several at once */
    default: m = 1u << rnd(8);
    }
    line("cpu lines %u", m);
}

static void samples(void)
{
    unsigned n = 1 + rnd(chance(20) ? 30 : 6);
    int resource_bias = rnd(100);
    for (unsigned i = 0; i < n; i++) {
        if (chance(20)) cpu_lines();
        unsigned a = (chance(resource_bias) ? MK2_ADDR_SAMPLE_RESOURCE : MK2_ADDR_SAMPLE_TRACE) + rnd(16);
        if (chance(15)) {
            s_write(MK2_ADDR_HIGH_ORDER, rnd64());
        }
        s_write(a, rnd64());
        if (chance(10)) s_idle(1 + rnd(50));
    }
}

static const unsigned readable[] = {
    MK2_ADDR_CSR, MK2_ADDR_TIMESTAMP, MK2_ADDR_FILTER, MK2_ADDR_WAIT_COUNT, MK2_ADDR_OVERRUN_COUNT,
    MK2_ADDR_HIGH_ORDER, MK2_ADDR_ENABLE, MK2_ADDR_MODE, MK2_ADDR_CLOCK_SELECT, MK2_ADDR_FIFO_GROUP,
    MK2_ADDR_FIFO_GROUP + 1, MK2_ADDR_FIFO_GROUP + 2, MK2_ADDR_FIFO_GROUP + 3, MK2_ADDR_FIFO_GROUP_LAST};

static void reads(void)
{
    unsigned n = 1 + rnd(8);
    for (unsigned i = 0; i < n; i++) {
        unsigned a;
        switch (rnd(5)) {
        case 0: a = rnd(MK2_ADDR_COUNT); break;
        case 1: a = readable[rnd(sizeof readable / sizeof readable[0])]; break;
        case 2: a = MK2_ADDR_SOURCE + rnd(MK2_SOURCE_COUNT); break;
        default: a = MK2_ADDR_COUNTER + rnd(MK2_COUNTER_COUNT);
        }
        if (chance(15)) line("hold %u", rnd(chance(30) ? 40 : 4));
        s_read(a);
        if (chance(20)) s_read(MK2_ADDR_HIGH_ORDER);
    }
}

static const unsigned error_counter[] = {MK2_ADDR_WAIT_COUNT, MK2_ADDR_OVERRUN_COUNT};

static void registers(void)
{
    switch (rnd(6)) {
    case 0: csr_write(csr_random()); break;
    case 1: s_write(MK2_ADDR_FILTER, chance(50) ? 0xFFFF : rnd64()); break;
    case 2: s_write(MK2_ADDR_SOURCE + rnd(MK2_SOURCE_COUNT), rnd64()); break;
    case 3: s_write(MK2_ADDR_HIGH_ORDER, rnd64()); break;
    case 4: s_write(error_counter[rnd(2)], rnd64()); break; /* clears outside test mode */
    default: { /* any address (NET_DISABLE would disable the network in test mode: see test_segment) */
        unsigned a = rnd(MK2_ADDR_COUNT);
        if (a == MK2_ADDR_NET_DISABLE) a = MK2_ADDR_NET_ENABLE;
        if (a == MK2_ADDR_CSR) csr_write(rnd64());
        else if (a == MK2_ADDR_SOFT_RESET) soft_reset_at(rnd64());
        else s_write(a, chance(50) ? 0 : rnd64());
    }
    }
}

static void test_segment(void)
{
    line("test 1");
    st.test = 1;
    int disabled_here = 0;
    unsigned n = 2 + rnd(15);
    for (unsigned i = 0; i < n; i++) {
        switch (rnd(12)) {
        case 0: s_write(MK2_ADDR_TIMESTAMP, rnd64()); break;
        case 1: { /* Timestamp, Wait or Overrun Error Counter + 1 */
            static const unsigned inc[] = {MK2_ADDR_INC_TIMESTAMP, MK2_ADDR_INC_WAIT, MK2_ADDR_INC_OVERRUN};
            s_write(inc[rnd(3)], 0);
            break;
        }
        case 2:
            if (!st.wait_modes) {
                s_write(MK2_ADDR_NET_DISABLE, 0);
                st.net_disabled = disabled_here = 1;
            }
            break;
        case 3: s_write(MK2_ADDR_NET_ENABLE, 0); st.net_disabled = 0; break;
        case 4: s_write(MK2_ADDR_FIFO_POP, 0); break;
        case 5: s_write(MK2_ADDR_FIFO_GROUP + rnd(MK2_FIFO_GROUP_COUNT), rnd64()); break;
        case 6: s_read(MK2_ADDR_FIFO_GROUP + rnd(MK2_FIFO_GROUP_COUNT)); break;
        case 7: s_write(error_counter[rnd(2)], rnd64()); break;
        case 8: samples(); break;
        case 9: if (chance(50)) counter_config(); else if (chance(50)) registers(); else reads(); break;
        case 10: /* software reset in test mode (address 0 is never hit there otherwise) */
            if (chance(25)) {
                soft_reset_at(rnd64());
                disabled_here = 0;
            } else {
                reads();
            }
            break;
        default: reads();
        }
    }
    if (st.net_disabled) {
        if (chance(80) || st.wait_modes) {
            s_write(MK2_ADDR_NET_ENABLE, 0);
            st.net_disabled = 0;
        }
    }
    (void)disabled_here;
    line("test 0");
    st.test = 0;
}

static void soft_reset_at(uint64_t d)
{
    s_write(MK2_ADDR_SOFT_RESET, d);
    st.wait_modes = 0;
    st.net_disabled = 0;
    st.sampling = 0;
}

static void soft_reset(void) { soft_reset_at(rnd64()); }

static void hard_reset(void)
{
    if (chance(40)) line("strap waitstate %u", rnd(2));
    unsigned n = 5 + rnd(4);
    line("reset %u", n);
    st.ticks += n + 2;
    st.wait_modes = 0;
    st.net_disabled = 0;
    st.sampling = 0;
}

int main(int argc, char **argv)
{
    uint64_t seed = 0, target = 60000;
    const char *path = NULL;
    int have_seed = 0;
    for (int i = 1; i < argc; i++) {
        char *end;
        if (!strcmp(argv[i], "--ticks") && i + 1 < argc) {
            target = strtoull(argv[++i], &end, 0);
            if (*end || target == 0) {
                fprintf(stderr, "mk2-randscript: --ticks wants a positive number, got '%s'\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            path = argv[++i];
        } else if (!have_seed && argv[i][0] != '-') {
            errno = 0;
            seed = strtoull(argv[i], &end, 0);
            if (errno || *end) {
                fprintf(stderr, "mk2-randscript: SEED must be a number, got '%s'\n", argv[i]);
                return 2;
            }
            have_seed = 1;
        } else {
            fprintf(stderr, "usage: mk2-randscript SEED [--ticks N] [-o FILE]\n");
            return 2;
        }
    }
    if (!have_seed) {
        fprintf(stderr, "usage: mk2-randscript SEED [--ticks N] [-o FILE]\n");
        return 2;
    }
    out = stdout;
    if (path && !(out = fopen(path, "w"))) {
        fprintf(stderr, "mk2-randscript: cannot write %s: %s\n", path, strerror(errno));
        return 2;
    }
    rng_state = seed * 0x2545F4914F6CDD1DULL + 1;

    line("# mk2-randscript %" PRIu64 " --ticks %" PRIu64, seed, target);
    if (chance(30)) line("strap waitstate 1");
    hard_reset();
    if (chance(80)) line("tsclk run %u", 3 + rnd(20));
    csr_write(MK2_CSR_SAMPLING_ON_MASK | (chance(50) ? MK2_CSR_WAIT_ON_MASK : 0));
    while (st.ticks < target) {
        unsigned r = rnd(1000);
        if (r < 250) samples();
        else if (r < 420) reads();
        else if (r < 520) registers();
        else if (r < 630) counter_config();
        else if (r < 700) netrdy_pattern();
        else if (r < 740) tsclk_change();
        else if (r < 800) ext_activity();
        else if (r < 850) cpu_lines();
        else if (r < 900) s_idle(1 + rnd(chance(10) ? 2000 : 100));
        else if (r < 940) test_segment();
        else if (r < 960) soft_reset();
        else if (r < 965) hard_reset();
        else if (r < 985) { /* 32-bit mode round */
            csr_write(MK2_CSR_MODE32_MASK | (chance(50) ? MK2_CSR_SAMPLING_ON_MASK : 0));
            s_write(MK2_ADDR_HIGH_ORDER, rnd64());
            s_write(MK2_ADDR_SAMPLE + rnd(MK2_SAMPLE_COUNT), rnd64());
            s_read(rnd(MK2_ADDR_COUNT));
            s_read(MK2_ADDR_HIGH_ORDER);
        } else if (r < 990) {
            csr_write(csr_random());
        } else if (r < 994) { /* a strobe held low past ACKB must act once */
            line("strobe hold %u", 1 + rnd(12));
            if (chance(50))
                s_write(chance(50) ? MK2_ADDR_SAMPLE + rnd(MK2_SAMPLE_COUNT)
                                   : MK2_ADDR_COUNTER_SHADOW + rnd(MK2_COUNTER_SHADOW_COUNT), rnd64());
            else s_read(rnd(MK2_ADDR_COUNT));
            st.ticks += 12;
        } else if (r < 997) { /* READB and WRITEB both low: a read */
            line("rdwr %u", rnd(MK2_ADDR_COUNT));
            st.ticks += 3;
        } else if (r < 999) { /* OUTDISB low for a while: outputs off, the network holds */
            /* a release is also scheduled: a sample write that waits for room (Table B3a) while the
             * network holds would otherwise wait for ever (a later one finds OUTDISB high: no effect) */
            unsigned idle = 1 + rnd(200);
            line("outdis 1");
            s_after(idle + 1 + rnd(100), "outdis 0");
            s_idle(idle);
            if (chance(50)) s_write(MK2_ADDR_SAMPLE_TRACE + rnd(MK2_SAMPLE_TRACE_COUNT), rnd64());
            line("outdis 0");
        } else { /* let everything out (a network a test segment left disabled is enabled first: a drain
                    would otherwise never end) */
            if (st.net_disabled) {
                line("test 1");
                s_write(MK2_ADDR_NET_ENABLE, 0);
                line("test 0");
                st.net_disabled = 0;
            }
            line("netrdy 1");
            line("drain 400000");
            st.ticks += 400;
        }
        if (!st.sampling && chance(30)) csr_write(MK2_CSR_SAMPLING_ON_MASK);
    }
    line("netrdy 1");
    line("idle 2000");
    if (out != stdout) fclose(out);
    return 0;
}
