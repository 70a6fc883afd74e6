/* test_ratio.c - Check tests of the REMS ratio counter pair (rtl/rems/sampleunit/rems_ratio.v) on the Verilated RTL,
 * 64 pairs side by side (tb/rems-sampleunit/ratio_tb_top.v). Built once per mantissa width (MANT 6 and 14).
 *
 * Expected reports come from the closed-form reference of model/ratio_model.c (CLARIFICATIONS.md rule,
 * exact counts) or are derived by hand from the spec; the decoded ratio is also held to the accuracy bound
 * 2^-(W-1) of N/D (1/32 for W = 6, 2^-13 for W = 14).
 *
 *   test_ratio RESULT_FILE   writes "PASSED FAILED" there. WAVES=1 in the environment records one FST per
 *                            test in build/ratio/waves/. */
#include "check_run.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ratio_model.h"
#include "ratio_shim.h"

#define PAIRS 64
#define ALL ((uint64_t)-1)

static unsigned W;

/* ---- the bench: RTL pairs and their reference models clocked together ---- */
typedef struct {
    ratio_shim *s;
    ratio_ref ref[PAIRS];
    uint32_t rep[PAIRS];
    uint64_t checks, mismatches, bound_checks;
    double worst;          /* largest |decoded ratio - N/D| seen, in units of the bound */
    char first[256];       /* the first mismatch */
    uint64_t clock;
} bench;

static const char *waves_name(const char *test)
{
    static char path[256];
    if (!getenv("WAVES") || strcmp(getenv("WAVES"), "1")) return NULL;
    mkdir("build", 0777);
    mkdir("build/ratio", 0777);
    mkdir("build/ratio/waves", 0777);
    snprintf(path, sizeof path, "build/ratio/waves/m%u_%s.fst", W, test);
    return path;
}

static void bench_open(bench *b, const char *test)
{
    memset(b, 0, sizeof *b);
    b->s = ratio_shim_new(waves_name(test));
    ck_assert_ptr_nonnull(b->s);
    ratio_in in;
    memset(&in, 0, sizeof in);
    for (int i = 0; i < 3; i++) ratio_shim_tick(b->s, &in, b->rep);
    for (int i = 0; i < PAIRS; i++) ratio_ref_init(&b->ref[i], W);
}

static void bench_close(bench *b) { ratio_shim_free(b->s); }

/* |Nd/Dd - N/D| <= 2^-(W-1), exactly: |Nd*D - N*Dd| * 2^(W-1) <= Dd*D */
static void check_bound(bench *b, int i)
{
    const ratio_ref *r = &b->ref[i];
    if (r->d == 0 || r->n > r->d || r->nsat) return;
    uint64_t dd, nd;
    ratio_decode(W, b->rep[i], &dd, &nd);
    unsigned __int128 lhs = (unsigned __int128)nd * r->d, rhs = (unsigned __int128)r->n * dd;
    unsigned __int128 diff = lhs > rhs ? lhs - rhs : rhs - lhs;
    unsigned __int128 lim = (unsigned __int128)dd * r->d;
    double err = (double)diff / (double)lim * (double)(1u << (W - 1));
    if (err > b->worst) b->worst = err;
    b->bound_checks++;
    if (dd == 0 || (diff << (W - 1)) > lim) {
        if (!b->mismatches++)
            snprintf(b->first, sizeof b->first, "pair %d N=%" PRIu64 " D=%" PRIu64 ": decoded %" PRIu64 "/%" PRIu64
                     " is further than 2^-%u from N/D", i, r->n, r->d, nd, dd, W - 1);
    }
}

static void bench_tick(bench *b, uint64_t den, uint64_t num, uint64_t clear)
{
    ratio_in in;
    memset(&in, 0, sizeof in);
    in.rst_n = 1;
    in.den = den;
    in.num = num;
    in.clear = clear;
    ratio_shim_tick(b->s, &in, b->rep);
    b->clock++;
    for (int i = 0; i < PAIRS; i++) {
        ratio_ref_clock(&b->ref[i], (den >> i) & 1, (num >> i) & 1, (clear >> i) & 1);
        uint32_t want = ratio_ref_report(&b->ref[i]);
        b->checks++;
        if (b->rep[i] != want && !b->mismatches++)
            snprintf(b->first, sizeof b->first, "clock %" PRIu64 " pair %d N=%" PRIu64 " D=%" PRIu64
                     " nsat=%d: report %08x, expected %08x", b->clock, i, b->ref[i].n, b->ref[i].d,
                     b->ref[i].nsat, b->rep[i], want);
        check_bound(b, i);
    }
}

/* Preset pair i to counts (d, n) through the raw register port; the others see an idle clock. */
static void bench_preset(bench *b, int i, uint64_t d, uint64_t n)
{
    ratio_regs g;
    ratio_image(W, d, n, 0, &g);
    ratio_in in;
    memset(&in, 0, sizeof in);
    in.rst_n = 1;
    in.load = 1ull << i;
    in.load_dreg = g.dreg;
    in.load_nreg = g.nreg;
    in.load_low = g.low;
    in.load_exp = g.exp;
    in.load_nsat = 0;
    ratio_shim_tick(b->s, &in, b->rep);
    b->clock++;
    b->ref[i].d = d;
    b->ref[i].n = n;
    b->ref[i].nsat = 0;
    ck_assert_msg(b->rep[i] == ratio_ref_report(&b->ref[i]), "preset of pair %d to D=%" PRIu64 " N=%" PRIu64
                  " reads back %08x, expected %08x", i, d, n, b->rep[i], ratio_ref_report(&b->ref[i]));
}

static void bench_assert(bench *b)
{
    ck_assert_msg(b->mismatches == 0, "%" PRIu64 " mismatches in %" PRIu64 " checks; first: %s", b->mismatches,
                  b->checks, b->first);
}

/* xorshift64* */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rng(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dull;
}
/* 64 independent bits, each 1 with probability p/256 */
static uint64_t rng_mask(unsigned p)
{
    uint64_t m = 0;
    for (int i = 0; i < PAIRS; i++) m |= (uint64_t)((rng() >> 24) % 256 < p) << i;
    return m;
}

/* ---- exhaustive: every (n, d) with n <= d <= 4096, and every n <= 4096 with d up to 16384 ----
 * Pair i of run r gets n = 64r + i: its first n denominator events are also numerator events. After the
 * k-th event the pair holds (min(n, k), k), so one run of 16384 events covers every d for 64 values of n. */
#define EX_NMAX 4096
#define EX_DMAX 16384
START_TEST(test_exhaustive)
{
    bench b;
    uint64_t pairs = 0;
    double worst = 0;
    for (unsigned base = 0; base <= EX_NMAX; base += PAIRS) {
        bench_open(&b, "exhaustive");
        for (unsigned k = 0; k < EX_DMAX; k++) {
            uint64_t num = 0;
            for (int i = 0; i < PAIRS; i++) num |= (uint64_t)(base + i > k) << i;
            bench_tick(&b, ALL, num, 0);
        }
        for (int i = 0; i < PAIRS; i++)
            if (base + i <= EX_NMAX) pairs += EX_DMAX - (base + i) + 1 - (base + i == 0);
        if (b.worst > worst) worst = b.worst;
        bench_assert(&b);
        bench_close(&b);
    }
    printf("ratio MANT=%u exhaustive: %" PRIu64 " (n,d) pairs with n <= 4096, n <= d <= 16384 (all n <= d <= 4096);"
           " worst |decoded - N/D| = %.4f x 2^-%u\n", W, pairs, worst, W - 1);
}
END_TEST

/* ---- random event streams (N a subset of D, rare clears), counts up to about 10^6 ---- */
START_TEST(test_random_streams)
{
    bench b;
    bench_open(&b, "random_streams");
    unsigned pd[PAIRS], pn[PAIRS];
    for (int i = 0; i < PAIRS; i++) pd[i] = 1 + rng() % 256, pn[i] = rng() % 257;
    for (unsigned k = 0; k < 1000000; k++) {
        uint64_t den = 0, num = 0;
        uint64_t r1 = rng(), r2 = rng();
        for (int i = 0; i < PAIRS; i++) {
            unsigned x = (unsigned)((r1 >> (i % 8) * 8) & 255) ^ (unsigned)(i * 37 & 255);
            unsigned y = (unsigned)((r2 >> (i % 8) * 8) & 255) ^ (unsigned)(i * 91 & 255);
            int d = x < pd[i];
            den |= (uint64_t)d << i;
            num |= (uint64_t)(d && y < pn[i]) << i;
        }
        uint64_t clear = (k % 4096 == 4095) ? rng_mask(8) : 0;
        bench_tick(&b, den, num, clear);
    }
    printf("ratio MANT=%u random streams: %" PRIu64 " reports checked, worst %.4f x 2^-%u\n", W, b.checks,
           b.worst, W - 1);
    bench_assert(&b);
    bench_close(&b);
}
END_TEST

/* ---- random counts up to 2^32-1 (preset), then random events on top ---- */
START_TEST(test_random_large)
{
    bench b;
    bench_open(&b, "random_large");
    for (int round = 0; round < 40; round++) {
        for (int i = 0; i < PAIRS; i++) {
            unsigned bits = 12 + rng() % 21;   /* 12..32 */
            uint64_t d = (rng() & ((1ull << bits) - 1)) | (1ull << (bits - 1));
            if (d > 0xffffffffull) d = 0xffffffffull;
            if (round % 4 == 3) d = 0xffffffffull - rng() % 3000;   /* near saturation */
            uint64_t n = rng() % 4 == 0 ? d - rng() % 100 : (uint64_t)((double)(rng() >> 11) / 9007199254740992.0 * d);
            if (n > d) n = d;
            bench_preset(&b, i, d, n);
        }
        uint64_t pd = rng_mask(128), dense = rng_mask(64);
        for (int k = 0; k < 3000; k++) {
            uint64_t den = rng_mask(200) | pd;
            uint64_t num = den & (rng_mask(128) | dense);
            bench_tick(&b, den, num, 0);
        }
    }
    printf("ratio MANT=%u random counts to 2^32-1: %" PRIu64 " reports checked, worst %.4f x 2^-%u\n", W,
           b.checks, b.worst, W - 1);
    bench_assert(&b);
    bench_close(&b);
}
END_TEST

/* Hand-derived report: E, F, M */
static uint32_t rep_of(unsigned e, unsigned f, unsigned m) { return (e << (2 * W - 1)) | (f << W) | m; }

/* ---- saturation: counts stick at all ones (values from the spec, not the model) ---- */
START_TEST(test_saturation)
{
    bench b;
    bench_open(&b, "saturation");
    /* pair 0: D and N both near 2^32-1, then 100 events of both: both stick at 2^32-1.
     * E = bitlength - W + 1 = 33 - W, F = all ones, M = N >> (32 - W) = all ones. */
    bench_preset(&b, 0, 0xffffffffull - 3, 0xffffffffull - 40);
    for (int k = 0; k < 100; k++) bench_tick(&b, 1, 1, 0);
    ck_assert_uint_eq(b.rep[0], rep_of(33 - W, (1u << (W - 1)) - 1, (1u << W) - 1));
    ck_assert_uint_eq(b.rep[0], W == 6 ? 0xdfffu : 0x9fffffffu);
    /* pair 1: D alone to 2^32-1 and beyond, N = 0: F stays all ones, M 0 */
    bench_preset(&b, 1, 0xffffffffull - 10, 0);
    for (int k = 0; k < 100; k++) bench_tick(&b, 2, 0, 0);
    ck_assert_uint_eq(b.rep[1], rep_of(33 - W, (1u << (W - 1)) - 1, 0));
    /* pair 2: numerator without denominator (a wiring error): M counts to 2^W-1 and sticks there, also
     * after denominator events, until a clear */
    for (unsigned k = 1; k < (1u << W) + 50; k++) {
        bench_tick(&b, 0, 4, 0);
        ck_assert_uint_eq(b.rep[2], rep_of(0, 0, k < (1u << W) ? k : (1u << W) - 1));
    }
    for (unsigned k = 1; k < 3u << W; k++) bench_tick(&b, 4, 0, 0);
    ck_assert_uint_eq(b.rep[2] & ((1u << W) - 1), (1u << W) - 1);
    bench_tick(&b, 0, 0, 4);
    ck_assert_uint_eq(b.rep[2], 0);
    bench_assert(&b);
    bench_close(&b);
}
END_TEST

/* ---- clear in the same clock as events: that clock's events start the new period ---- */
START_TEST(test_clear_same_clock)
{
    bench b;
    bench_open(&b, "clear_same_clock");
    for (int k = 0; k < 1000; k++) bench_tick(&b, 0xf, 0xf, 0);
    /* W = 6: 1000 has 10 bits, e = 4, E = 5, D>>4 = 62 (F = 30), M = 62; W = 14: exact, E = 0 */
    ck_assert_uint_eq(b.rep[0], W == 6 ? rep_of(5, 30, 62) : rep_of(0, 1000, 1000));
    /* pair 0: clear + D + N -> (1, 1); pair 1: clear + D -> (0, 1); pair 2: clear alone -> 0;
     * pair 3: clear + N -> N = 1, D = 0 */
    bench_tick(&b, 0x3, 0x9, 0xf);
    ck_assert_uint_eq(b.rep[0], rep_of(0, 1, 1));
    ck_assert_uint_eq(b.rep[1], rep_of(0, 1, 0));
    ck_assert_uint_eq(b.rep[2], 0);
    ck_assert_uint_eq(b.rep[3], rep_of(0, 0, 1));
    bench_tick(&b, 0xf, 0x1, 0);
    ck_assert_uint_eq(b.rep[0], rep_of(0, 2, 2));
    ck_assert_uint_eq(b.rep[1], rep_of(0, 2, 0));
    ck_assert_uint_eq(b.rep[2], rep_of(0, 1, 0));
    ck_assert_uint_eq(b.rep[3], rep_of(0, 1, 1));
    /* clear on every clock with events: always (1, 1) */
    for (int k = 0; k < 10; k++) {
        bench_tick(&b, 1, 1, 1);
        ck_assert_uint_eq(b.rep[0], rep_of(0, 1, 1));
    }
    /* clear at the clock of a high-order carry: the carry is forgotten */
    bench_tick(&b, 0, 0, 1);
    for (unsigned k = 0; k < (1u << W) - 1; k++) bench_tick(&b, 1, 0, 0);
    ck_assert_uint_eq(b.rep[0], rep_of(1, (1u << (W - 1)) - 1, 0));   /* D = 2^W - 1 */
    bench_tick(&b, 1, 1, 1);
    ck_assert_uint_eq(b.rep[0], rep_of(0, 1, 1));
    bench_assert(&b);
    bench_close(&b);
}
END_TEST

/* ---- the four measurement kinds of section 3.4 (expected values from the stimulus) ---- */
static double decoded_ratio(uint32_t rep)
{
    uint64_t d, n;
    ratio_decode(W, rep, &d, &n);
    return d ? (double)n / (double)d : 0;
}
static double bound(void) { return 1.0 / (double)(1u << (W - 1)); }

START_TEST(test_duty_cycle)
{
    /* bus busy 3 clocks of every 8: D = every clock (time), N = busy clocks; duty cycle 3/8 */
    bench b;
    bench_open(&b, "duty_cycle");
    for (int k = 0; k < 200000; k++) bench_tick(&b, 1, (k % 8) < 3, 0);
    double r = decoded_ratio(b.rep[0]);
    printf("ratio MANT=%u duty cycle: report %0*x, decoded %.5f, true 0.37500\n", W, W == 6 ? 4 : 8, b.rep[0], r);
    ck_assert(r >= 0.375 - bound() && r <= 0.375 + bound());
    bench_assert(&b);
    bench_close(&b);
}
END_TEST

START_TEST(test_average_duration)
{
    /* accesses of 2, 4, 6, 8 clocks, one idle clock after each: D = clocks an access is active, N = accesses
     * (one at each start). Average duration = D / N = 20 / 4 = 5 clocks. */
    bench b;
    bench_open(&b, "average_duration");
    for (int rep = 0; rep < 2000; rep++)
        for (int len = 2; len <= 8; len += 2) {
            for (int c = 0; c < len; c++) bench_tick(&b, 1, c == 0, 0);
            bench_tick(&b, 0, 0, 0);
        }
    double r = decoded_ratio(b.rep[0]);
    printf("ratio MANT=%u average duration: report %0*x, N/D %.5f, duration %.3f clocks, true 5\n", W,
           W == 6 ? 4 : 8, b.rep[0], r, 1 / r);
    ck_assert(r >= 0.2 - bound() && r <= 0.2 + bound());
    bench_assert(&b);
    bench_close(&b);
}
END_TEST

START_TEST(test_ratio_of_events)
{
    /* cache: an access every other clock, 9 hits in every 10 accesses: D = accesses, N = hits; ratio 0.9 */
    bench b;
    bench_open(&b, "ratio_of_events");
    for (int k = 0; k < 300000; k++) {
        int access = k % 2 == 0, hit = access && (k / 2) % 10 != 0;
        bench_tick(&b, access, hit, 0);
    }
    double r = decoded_ratio(b.rep[0]);
    printf("ratio MANT=%u hit ratio: report %0*x, decoded %.5f, true 0.90000\n", W, W == 6 ? 4 : 8, b.rep[0], r);
    ck_assert(r >= 0.9 - bound() && r <= 0.9 + bound());
    bench_assert(&b);
    bench_close(&b);
}
END_TEST

START_TEST(test_cumulative_count)
{
    /* events on 3 clocks of every 7 for 700,001 clocks: 300,001 events. D alone is the count; its decoded
     * value is below the count by less than 2^e = one part in 2^(W-1). */
    bench b;
    bench_open(&b, "cumulative_count");
    for (int k = 0; k < 700001; k++) bench_tick(&b, k % 7 < 3, 0, 0);
    uint64_t d, n;
    ratio_decode(W, b.rep[0], &d, &n);
    printf("ratio MANT=%u cumulative count: report %0*x, decoded %" PRIu64 ", true 300001\n", W, W == 6 ? 4 : 8,
           b.rep[0], d);
    ck_assert(d <= 300001 && (300001 - d) * (1u << (W - 1)) < 300001);
    ck_assert_uint_eq(n, 0);
    bench_assert(&b);
    bench_close(&b);
}
END_TEST

/* ---- reference model sanity against values worked out by hand from CLARIFICATIONS.md ---- */
START_TEST(test_model_by_hand)
{
    ratio_ref r;
    ratio_ref_init(&r, W);
    r.d = 31, r.n = 7;   /* D < 2^(W-1) for both widths: E = 0, F = D, M = N */
    ck_assert_uint_eq(ratio_ref_report(&r), rep_of(0, 31, 7));
    if (W == 6) {
        r.d = 32, r.n = 5;   /* bitlength 6 = W: e = 0, E = 1, F = 0 */
        ck_assert_uint_eq(ratio_ref_report(&r), 0x0805);
        r.d = 1000, r.n = 250;   /* 1000 = 1111101000b: e = 4, D>>4 = 62 = 111110b, F = 11110b, M = 15 */
        ck_assert_uint_eq(ratio_ref_report(&r), (5u << 11) | (30u << 6) | 15u);
    } else {
        r.d = 100000, r.n = 33333;   /* bitlength 17: e = 3, D>>3 = 12500, F = 12500 - 8192 = 4308, M = 4166 */
        ck_assert_uint_eq(ratio_ref_report(&r), (4u << 27) | (4308u << 14) | 4166u);
    }
}
END_TEST

int main(void)
{
    W = ratio_shim_mant();
    if (ratio_shim_pairs() != PAIRS) { fprintf(stderr, "test_ratio: built for %u pairs, needs %d\n", ratio_shim_pairs(), PAIRS); return 2; }
    Suite *s = suite_create("ratio");
    TCase *tc = check_tcase(s, "ratio", 300);
    tcase_add_test(tc, test_model_by_hand);
    tcase_add_test(tc, test_exhaustive);
    tcase_add_test(tc, test_random_streams);
    tcase_add_test(tc, test_random_large);
    tcase_add_test(tc, test_saturation);
    tcase_add_test(tc, test_clear_same_clock);
    tcase_add_test(tc, test_duty_cycle);
    tcase_add_test(tc, test_average_duration);
    tcase_add_test(tc, test_ratio_of_events);
    tcase_add_test(tc, test_cumulative_count);
    int failed = check_run(s, CK_FORK_GETENV);
    return failed ? 1 : 0;
}
