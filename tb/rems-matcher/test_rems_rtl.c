/* test_rems_rtl.c - Check tests of the Verilated REMS matcher (make rems-rtl), built once per matcher variant
 * (block RAM / SPRAM level 3, OUTREG = 1 behavioural, OUTREG = 1 in the ECP5 DP16KD form).
 *
 * Every pattern set is compiled by the C library, written into the RTL through its download port, and words
 * are streamed one per clock. The RTL's triggers must equal both the C table lookup and the direct ternary
 * match of the pattern list (the definition). The download-while-streaming tests check the rule stated in
 * rtl/rems/matcher/rems_matcher.v: a word in flight during a write, or during an unfinished download, is masked. The
 * latency and the masking window follow the OUTREG setting (REMS_LATENCY, REMS_L3_READ in rems_drv.h).
 *   test_rems_rtl RESULT_FILE TB_DIR */
#include "check_run.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rems_drv.h"
#include "rems_sets.h"
#include "remsc.h"

static const char *tb_dir = "tb/rems";
static unsigned long long words_checked, downloads;
static rems_tables tables;
static uint64_t writes[REMS_DOWNLOAD_WRITES];

static rems_shim *fresh(void)
{
    rems_shim *s = rems_shim_new(NULL);
    ck_assert_ptr_nonnull(s);
    rems_drv_reset(s);
    return s;
}

static void load(rems_shim *s, const rems_patset *ps, const char *what)
{
    char err[2048];
    ck_assert_msg(rems_compile(ps, &tables, NULL, err, sizeof err) == 0, "%s: refused: %s", what, err);
    rems_download(&tables, writes);
    rems_drv_download(s, writes, REMS_DOWNLOAD_WRITES);
    downloads++;
}

static void stream_check(rems_shim *s, const rems_patset *ps, const uint32_t *w, size_t n, const char *what)
{
    uint8_t *trig = malloc(n ? n : 1);
    char msg[512];
    int rc = rems_drv_stream(s, w, n, trig, msg, sizeof msg);
    ck_assert_msg(rc == 0, "%s: %s", what, msg);
    for (size_t i = 0; i < n; i++) {
        uint8_t want = rems_match(ps, w[i]), table = rems_lookup(&tables, w[i]);
        ck_assert_msg(table == want, "%s: word %08x: C tables %02x, patterns %02x", what, w[i], table, want);
        ck_assert_msg(trig[i] == want, "%s: word %08x: RTL %02x, patterns %02x", what, w[i], trig[i], want);
    }
    words_checked += n;
    free(trig);
}

static void random_words(const rems_patset *ps, uint64_t seed, uint32_t *w, size_t n)
{
    rems_rng r;
    rems_rng_seed(&r, seed);
    for (size_t i = 0; i < n; i++) w[i] = rems_gen_word(ps, &r);
}

/* tb/rems-matcher/example.*: the triggers in example.expect were derived by hand from the patterns. */
START_TEST(example_by_hand)
{
    char p[512], wp[512], ep[512], err[1024];
    snprintf(p, sizeof p, "%s/example.pat", tb_dir);
    snprintf(wp, sizeof wp, "%s/example.words", tb_dir);
    snprintf(ep, sizeof ep, "%s/example.expect", tb_dir);
    rems_patset ps;
    rems_patset_init(&ps);
    ck_assert_msg(rems_parse_file(p, &ps, err, sizeof err) == 0, "%s", err);
    uint32_t *w;
    size_t n;
    ck_assert_msg(rems_parse_words(wp, &w, &n, err, sizeof err) == 0, "%s", err);
    FILE *f = fopen(ep, "r");
    ck_assert_ptr_nonnull(f);
    rems_shim *s = fresh();
    load(s, &ps, "example");
    uint8_t trig[64];
    ck_assert_int_le((int)n, 64);
    char msg[512];
    ck_assert_msg(rems_drv_stream(s, w, n, trig, msg, sizeof msg) == 0, "%s", msg);
    for (size_t i = 0; i < n; i++) {
        unsigned ew, et;
        ck_assert_int_eq(fscanf(f, "%x %x", &ew, &et), 2);
        ck_assert_uint_eq(ew, w[i]);
        ck_assert_msg(trig[i] == et, "word %08x: RTL %02x, by hand %02x", w[i], trig[i], et);
    }
    words_checked += n;
    fclose(f);
    rems_shim_free(s);
    free(w);
    rems_patset_free(&ps);
}
END_TEST

START_TEST(random_sets)
{
    static const size_t sizes[] = {1, 8, 40, 100, 127, 250};
    static const double dens[] = {0.0, 0.1, 0.25};
    size_t nw = 20000;
    uint32_t *w = malloc(nw * sizeof *w);
    rems_shim *s = fresh();
    int done = 0;
    for (int si = 0; si < 6; si++)
        for (int di = 0; di < 3; di++) {
            rems_rng r;
            rems_rng_seed(&r, (uint64_t)(7000 + 10 * si + di));
            rems_patset ps;
            rems_patset_init(&ps);
            rems_gen_patterns(&ps, &r, sizes[si], dens[di]);
            rems_needs nd;
            char err[2048];
            static rems_tables probe;
            if (rems_compile(&ps, &probe, &nd, err, sizeof err) == 0) {
                /* one matcher for every set: each download must replace the previous tables entirely */
                load(s, &ps, "random set");
                random_words(&ps, 1 + (uint64_t)si, w, nw);
                stream_check(s, &ps, w, nw, "random set");
                done++;
            }
            rems_patset_free(&ps);
        }
    ck_assert_int_ge(done, 12);
    rems_shim_free(s);
    free(w);
}
END_TEST

START_TEST(adversarial_sets)
{
    size_t nw = 20000;
    uint32_t *w = malloc(nw * sizeof *w);
    rems_shim *s = fresh();
    for (int k = 0; k < REMS_ADVERSARIAL_SETS; k++) {
        rems_patset ps;
        rems_patset_init(&ps);
        const char *name = rems_adversarial(k, &ps);
        load(s, &ps, name);
        random_words(&ps, 300 + (uint64_t)k, w, nw);
        stream_check(s, &ps, w, nw, name);
        rems_patset_free(&ps);
    }
    rems_shim_free(s);
    free(w);
}
END_TEST

/* All 2^16 words of spaces whose live bits straddle the segment and level-2 boundaries. */
START_TEST(exhaustive_spaces)
{
    static const uint32_t live[] = {0xcc730f07u, 0x00f03f3fu};
    size_t nw = 1u << 16;
    uint32_t *w = malloc(nw * sizeof *w);
    rems_shim *s = fresh();
    for (int k = 0; k < 2; k++) {
        ck_assert_int_eq(__builtin_popcount(live[k]), 16);
        rems_rng r;
        rems_rng_seed(&r, 60 + (uint64_t)k);
        uint32_t base = (uint32_t)rems_rng_next(&r);
        rems_patset ps;
        rems_patset_init(&ps);
        space_patterns(&ps, &r, base, live[k], 16, 0.2, 0.05);
        for (size_t i = 0; i < nw; i++) w[i] = space_word(base, live[k], (uint32_t)i);
        load(s, &ps, "exhaustive space");
        stream_check(s, &ps, w, nw, "exhaustive space");
        rems_patset_free(&ps);
    }
    rems_shim_free(s);
    free(w);
}
END_TEST

/* ---- writes while words stream ---- */

typedef struct {
    uint32_t word;
    int t;          /* clock the word was presented */
} inflight;

/* Stream words every clock for nclk clocks; the write schedule is wr[c] (0 = none, else index + 1 into
 * writes). Check every result against the rule: masked iff a write or an unfinished download falls in the
 * clocks t .. t+R (presentation to level-3 read, R = REMS_L3_READ: 3, or 5 with OUTREG = 1); otherwise
 * trig = before(word) when the word's clocks are all before the first write, after(word) otherwise. */
static void stream_during(rems_shim *s, const uint64_t *wlist, const long *wr, int nclk, const rems_tables *before,
                          const rems_tables *after, uint64_t seed, const rems_patset *ps, int *masked_count)
{
    rems_rng r;
    rems_rng_seed(&r, seed);
    uint32_t *words = malloc((size_t)nclk * sizeof *words);
    const int r3 = REMS_L3_READ;
    char *change = calloc((size_t)nclk + 8, 1); /* a write or an unfinished download in this clock */
    int first_write = -1;
    int loading = 0;
    for (int c = 0; c < nclk; c++) {
        if (loading) change[c] = 1;
        if (wr[c]) {
            change[c] = 1;
            if (first_write < 0) first_write = c;
            loading = !((wlist[wr[c] - 1] >> 30) & 1);
        }
    }
    rems_in in = {0};
    rems_out out;
    in.rst_n = 1;
    int masked = 0;
    for (int c = 0; c < nclk + REMS_LATENCY; c++) {
        in.valid = c < nclk;
        in.word = c < nclk ? (words[c] = rems_gen_word(ps, &r)) : 0;
        in.dl_we = c < nclk && wr[c] != 0;
        in.dl_addr = in.dl_we ? (unsigned)(wlist[wr[c] - 1] >> 32) : 0;
        in.dl_data = in.dl_we ? (uint32_t)wlist[wr[c] - 1] : 0;
        rems_shim_tick(s, &in, &out);
        int t = c - (REMS_LATENCY - 1);
        if (t < 0 || t >= nclk) {
            ck_assert_uint_eq(out.valid, 0);
            continue;
        }
        ck_assert_uint_eq(out.valid, 1);
        ck_assert_uint_eq(out.word, words[t]);
        int want_mask = 0;
        for (int k = 0; k <= r3; k++) want_mask |= change[t + k];
        ck_assert_msg(out.masked == (unsigned)want_mask, "word presented at clock %d: masked %u, expected %d", t,
                      out.masked, want_mask);
        if (want_mask) {
            ck_assert_uint_eq(out.trig, 0);
            masked++;
        } else {
            const rems_tables *tb = (first_write < 0 || t + r3 < first_write) ? before : after;
            uint8_t want = rems_lookup(tb, words[t]);
            ck_assert_msg(out.trig == want, "word %08x at clock %d: RTL %02x, tables %02x", words[t], t, out.trig, want);
        }
        words_checked++;
    }
    *masked_count = masked;
    free(words);
    free(change);
}

static void set_tables(const rems_patset *ps, rems_tables *t)
{
    char err[2048];
    ck_assert_msg(rems_compile(ps, t, NULL, err, sizeof err) == 0, "%s", err);
}

START_TEST(download_while_streaming)
{
    static rems_tables ta, tb;
    static uint64_t wl[REMS_DOWNLOAD_WRITES];
    rems_patset pa, pb, both;
    rems_patset_init(&pa);
    rems_patset_init(&pb);
    rems_patset_init(&both);
    rems_rng r;
    rems_rng_seed(&r, 4242);
    rems_gen_patterns(&pa, &r, 60, 0.1);
    rems_gen_patterns(&pb, &r, 60, 0.1);
    for (size_t i = 0; i < pa.n; i++) rems_patset_add(&both, pa.p[i].care, pa.p[i].value, 1, 0);
    for (size_t i = 0; i < pb.n; i++) rems_patset_add(&both, pb.p[i].care, pb.p[i].value, 1, 0);
    set_tables(&pa, &ta);
    set_tables(&pb, &tb);
    rems_shim *s = fresh();
    rems_download(&ta, wl);
    rems_drv_download(s, wl, REMS_DOWNLOAD_WRITES);
    rems_download(&tb, wl);

    /* back-to-back download of B in the middle of a stream */
    int nclk = REMS_DOWNLOAD_WRITES + 2000;
    long *wr = calloc((size_t)nclk, sizeof *wr);
    for (long i = 0; i < (long)REMS_DOWNLOAD_WRITES; i++) wr[1000 + i] = i + 1;
    int masked;
    stream_during(s, wl, wr, nclk, &ta, &tb, 1, &both, &masked);
    /* masked: the words presented in clocks 1000 - R .. 1000 + 67583 */
    ck_assert_int_eq(masked, (int)REMS_DOWNLOAD_WRITES + REMS_L3_READ);
    free(wr);

    /* download of A with a write only every third clock: the whole download stays masked */
    rems_download(&ta, wl);
    nclk = 3 * REMS_DOWNLOAD_WRITES + 600;
    wr = calloc((size_t)nclk, sizeof *wr);
    for (long i = 0; i < (long)REMS_DOWNLOAD_WRITES; i++) wr[300 + 3 * i] = i + 1;
    stream_during(s, wl, wr, nclk, &tb, &ta, 2, &both, &masked);
    ck_assert_int_eq(masked, 3 * ((int)REMS_DOWNLOAD_WRITES - 1) + 1 + REMS_L3_READ);
    free(wr);

    /* one committed write (a single T5 entry changed) in a stream: only the words in flight are masked */
    static rems_tables tc;
    tc = ta;
    uint32_t probe = rems_gen_word(&pa, &r);
    unsigned c0 = ta.t0[probe >> 21], c1 = ta.t1[(probe >> 10) & 0x7ff], c2 = ta.t2[probe & 0x3ff];
    unsigned a5 = (unsigned)ta.t3[(c0 << 4) | (c1 >> 4)] << 8 | ta.t4[((c1 & 15) << 7) | c2];
    tc.t5[a5] = (uint8_t)(ta.t5[a5] ^ 0x55);
    uint64_t one = (uint64_t)a5 << 32 | 0xc4000000u | tc.t5[a5];
    nclk = 400;
    wr = calloc((size_t)nclk, sizeof *wr);
    wr[200] = 1;
    rems_patset probe_set;
    rems_patset_init(&probe_set);
    rems_patset_add(&probe_set, ~0u, probe, 1, 0); /* words: the probe (instances) and near misses */
    stream_during(s, &one, wr, nclk, &ta, &tc, 3, &probe_set, &masked);
    ck_assert_int_eq(masked, REMS_L3_READ + 1);
    ck_assert_uint_ne(rems_lookup(&tc, probe), rems_lookup(&ta, probe));
    free(wr);

    /* writes with every table enable off change nothing (but still mask the words in flight) */
    uint64_t noop[2] = {(uint64_t)5 << 32 | 0x40ffffffu, (uint64_t)5 << 32 | 0xc0ffffffu};
    nclk = 300;
    wr = calloc((size_t)nclk, sizeof *wr);
    wr[100] = 1;
    wr[150] = 2;
    stream_during(s, noop, wr, nclk, &tc, &tc, 4, &pa, &masked);
    ck_assert_int_eq(masked, 2 * (REMS_L3_READ + 1));
    free(wr);

    /* a T2 write at an address with bit 10 set is ignored (T2 has 1K entries); T0/T1 are not enabled */
    uint64_t t2hi = (uint64_t)(1024 + 3) << 32 | 0x44000000u | 0x7f0000u;
    nclk = 100;
    wr = calloc((size_t)nclk, sizeof *wr);
    wr[10] = 1;
    stream_during(s, &t2hi, wr, nclk, &tc, &tc, 5, &pa, &masked);
    free(wr);

    /* reset in the middle of a stream empties the pipeline but keeps the tables */
    rems_in in = {0};
    rems_out out;
    in.valid = 1;
    in.word = probe;
    for (int i = 0; i < 3; i++) {
        in.rst_n = 1;
        rems_shim_tick(s, &in, &out);
    }
    in.rst_n = 0;
    rems_shim_tick(s, &in, &out);
    ck_assert_uint_eq(out.valid, 0);
    ck_assert_uint_eq(out.trig, 0);
    uint32_t w1[1] = {probe};
    uint8_t t1[1];
    char msg[256];
    ck_assert_msg(rems_drv_stream(s, w1, 1, t1, msg, sizeof msg) == 0, "%s", msg);
    ck_assert_uint_eq(t1[0], rems_lookup(&tc, probe));
    ck_assert_uint_eq(out.masked, 0);

    rems_shim_free(s);
    rems_patset_free(&pa);
    rems_patset_free(&pb);
    rems_patset_free(&both);
    rems_patset_free(&probe_set);
}
END_TEST

static const char *variant(void)
{
    if (rems_shim_dp16kd()) return "block RAM level 3, OUTREG=1, ECP5 DP16KD form";
    if (rems_shim_outreg()) return "block RAM level 3, OUTREG=1";
    return rems_shim_l3_spram() ? "SPRAM level 3" : "block RAM level 3";
}

int main(int argc, char **argv)
{
    if (argc > 1) tb_dir = argv[1];
    char name[128];
    snprintf(name, sizeof name, "rems-rtl (%s, latency %d)", variant(), REMS_LATENCY);
    Suite *su = suite_create(name);
    TCase *tc = check_tcase(su, "rtl", 300);
    tcase_add_test(tc, example_by_hand);
    tcase_add_test(tc, random_sets);
    tcase_add_test(tc, adversarial_sets);
    tcase_add_test(tc, exhaustive_spaces);
    tcase_add_test(tc, download_while_streaming);
    int failed = check_run(su, CK_NOFORK);
    printf("rems-rtl (%s): %llu words compared with the patterns, %llu downloads through the port\n", variant(),
           words_checked, downloads);
    return failed ? 1 : 0;
}
