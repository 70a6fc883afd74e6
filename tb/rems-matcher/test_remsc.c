/* test_remsc.c - Check tests of the REMS pattern compiler (make rems-unit).
 *
 * Expected values come from the pattern-file format and the refusal rule of issue 4 / CLARIFICATIONS.md
 * (messages naming file:line:col, the overflowing table and the excess), and from the definition of a match
 * (rems_match: the union of the triggers of every matching pattern), never from the compiler's own output.
 *   test_remsc RESULT_FILE */
#include "check_run.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rems_sets.h"
#include "remsc.h"

static unsigned long long words_checked;

static int parse_str(const char *text, rems_patset *ps, char *err)
{
    rems_patset_init(ps);
    return rems_parse_text("t.pat", text, strlen(text), ps, err, 1024);
}

static void expect_error(const char *text, const char *prefix, const char *needle)
{
    rems_patset ps;
    char err[1024];
    int rc = parse_str(text, &ps, err);
    ck_assert_msg(rc == -1, "accepted: %s", text);
    ck_assert_msg(strncmp(err, prefix, strlen(prefix)) == 0, "error '%s' does not start with '%s'", err, prefix);
    ck_assert_msg(strstr(err, needle) != NULL, "error '%s' does not mention '%s'", err, needle);
    rems_patset_free(&ps);
}

START_TEST(parse_good)
{
    rems_patset ps;
    char err[1024];
    const char *text = "# comment line\n"
                       "\n"
                       "   0000_0000_1111_1111_0000_0000_xxxx_xxxx  G # trailing comment\r\n"
                       "11111111111111111111111111111111 S1,S6\n"
                       "XXXXxxxx_xxxxxxxxxxxxxxxxxxxxxxx1\tg , s2 ,S3\n";
    ck_assert_int_eq(parse_str(text, &ps, err), 0);
    ck_assert_int_eq((int)ps.n, 3);
    ck_assert_uint_eq(ps.p[0].care, 0xffffff00u);
    ck_assert_uint_eq(ps.p[0].value, 0x00ff0000u);
    ck_assert_uint_eq(ps.p[0].trig, 0x01);
    ck_assert_int_eq(ps.p[0].line, 3);
    ck_assert_uint_eq(ps.p[1].care, 0xffffffffu);
    ck_assert_uint_eq(ps.p[1].trig, 0x42);
    ck_assert_uint_eq(ps.p[2].care, 0x00000001u);
    ck_assert_uint_eq(ps.p[2].value, 0x00000001u);
    ck_assert_uint_eq(ps.p[2].trig, 0x0d);
    rems_patset_free(&ps);
    ck_assert_int_eq(parse_str("", &ps, err), 0);
    ck_assert_int_eq((int)ps.n, 0);
    rems_patset_free(&ps);
}
END_TEST

START_TEST(parse_bad)
{
    expect_error("0000 G\n", "t.pat:1:5: error:", "4 bits");
    expect_error("# ok\n000000000000000000000000000000001 G\n", "t.pat:2:33: error:", "longer than 32");
    expect_error("0000000000200000000000000000000000 G\n", "t.pat:1:11: error:", "'2'");
    expect_error("00000000000000000000000000000000\n", "t.pat:1:33: error:", "missing trigger");
    expect_error("00000000000000000000000000000000   \n", "t.pat:1:36: error:", "missing trigger");
    expect_error("00000000000000000000000000000000 S7\n", "t.pat:1:34: error:", "unknown trigger 'S7'");
    expect_error("00000000000000000000000000000000 G,X\n", "t.pat:1:36: error:", "unknown trigger 'X'");
    expect_error("00000000000000000000000000000000 G,S1,G\n", "t.pat:1:39: error:", "given twice");
    expect_error("00000000000000000000000000000000 G,\n", "t.pat:1:36: error:", "trigger name expected");
    expect_error("00000000000000000000000000000000 G S1\n", "t.pat:1:36: error:", "expected ','");
    expect_error("00000000000000000000000000000000 G;S1\n", "t.pat:1:35: error:", "expected ','");
    expect_error("0000000000000000000000000000000,0 G\n", "t.pat:1:32: error:", "','");
    expect_error("00000000000000000000000000000000 ,G\n", "t.pat:1:34: error:", "trigger name");
    expect_error("\n\n   xxxx-xxxx G\n", "t.pat:3:8: error:", "'-'");
    expect_error("0000000000000000000000000000000 G\n", "t.pat:1:32: error:", "31 bits");
    rems_patset ps;
    char err[1024];
    ck_assert_int_eq(rems_parse_file("/nonexistent/p.pat", &ps, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "/nonexistent/p.pat: error: cannot open") == err, "%s", err);
}
END_TEST

static char tmpdir[] = "/tmp/test_remsc.XXXXXX";

static int parse_words_str(const char *text, char *err)
{
    char path[256];
    snprintf(path, sizeof path, "%s/w.txt", tmpdir);
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    uint32_t *w = NULL;
    size_t n = 0;
    int rc = rems_parse_words(path, &w, &n, err, 1024);
    if (rc == 0) {
        rc = (int)n;
        free(w);
    } else {
        memmove(err, err + strlen(tmpdir) + 1, strlen(err + strlen(tmpdir) + 1) + 1);
        rc = -1;
    }
    return rc;
}

START_TEST(parse_words)
{
    char err[1024];
    ck_assert_int_eq(parse_words_str("deadbeef\n# c\n\n  00000001  # x\nFFFFFFFF", err), 3);
    ck_assert_int_eq(parse_words_str("deadbee\n", err), -1);
    ck_assert_msg(strstr(err, "w.txt:1:8: error:") == err && strstr(err, "7 hex digits"), "%s", err);
    ck_assert_int_eq(parse_words_str("00000000\ndeadbeef0\n", err), -1);
    ck_assert_msg(strstr(err, "w.txt:2:9: error:") == err && strstr(err, "longer"), "%s", err);
    ck_assert_int_eq(parse_words_str("dead_eef\n", err), -1);
    ck_assert_msg(strstr(err, "w.txt:1:5: error:") == err && strstr(err, "'_'"), "%s", err);
    ck_assert_int_eq(parse_words_str("00000000 1\n", err), -1);
    ck_assert_msg(strstr(err, "w.txt:1:10: error:") == err && strstr(err, "after the word"), "%s", err);
}
END_TEST

/* Compile ps, which must fit, and compare the table lookup with the direct match on the given words. */
static void check_words(const rems_patset *ps, const uint32_t *w, size_t n, const char *what)
{
    static rems_tables t;
    char err[2048];
    for (int method = REMS_METHOD_TRIGGERS; method >= REMS_METHOD_PATTERNS; method--) {
        int rc = rems_compile_method(ps, &t, NULL, err, sizeof err, method);
        if (method == REMS_METHOD_PATTERNS && rc == 1) continue; /* plain RFC may need more codes */
        ck_assert_msg(rc == 0, "%s: refused: %s", what, err);
        for (size_t i = 0; i < n; i++) {
            uint8_t a = rems_lookup(&t, w[i]), b = rems_match(ps, w[i]);
            ck_assert_msg(a == b, "%s (method %d): word %08x: tables give %02x, the patterns %02x", what, method,
                          w[i], a, b);
        }
        words_checked += n;
    }
}

/* messages show bytes and names as docs/rems-matcher.md says: printable ASCII kept, others as \xNN, a cut
 * name ends in "..." */
START_TEST(shown_bytes)
{
    char b[64];
    ck_assert_str_eq(rems_shown("a b;c", 5, b, sizeof b), "a b;c");
    ck_assert_str_eq(rems_shown("x\x01\x7f\xe9\n\0y", 7, b, sizeof b), "x\\x01\\x7f\\xe9\\x0a\\x00y");
    ck_assert_str_eq(rems_shown("\x1b", 1, b, 8), "\\x1b");
    ck_assert_str_eq(rems_shown("abcdefghij", 10, b, 8), "abcd...");
    ck_assert_str_eq(rems_shown("\x01\x02\x03", 3, b, 12), "\\x01\\x02...");
    /* a trigger position, a words line, a file name with a control byte */
    expect_error("00000000000000000000000000000000 G,\x02\n", "t.pat:1:36: error:", "'\\x02' where a trigger name");
    expect_error("00000000000000000000000000000000 G\x80\n", "t.pat:1:35: error:", "found '\\x80'");
    rems_patset ps;
    char err[1024];
    rems_patset_init(&ps);
    ck_assert_int_eq(rems_parse_text("a\tb.pat", "0 G\n", 4, &ps, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "a\\x09b.pat:1:2: error:") == err, "%s", err);
    /* a directory is named as such, not read as an empty pattern set */
    ck_assert_int_eq(rems_parse_file("/tmp", &ps, err, sizeof err), -1);
    ck_assert_str_eq(err, "/tmp: error: is a directory, not a pattern file");
    uint32_t *w;
    size_t n;
    ck_assert_int_eq(rems_parse_words("/tmp", &w, &n, err, sizeof err), -1);
    ck_assert_str_eq(err, "/tmp: error: is a directory, not a words file");
}
END_TEST

START_TEST(random_sets)
{
    static const size_t sizes[] = {1, 2, 5, 10, 30, 60, 100, 127, 200, 400};
    static const double dens[] = {0.0, 0.05, 0.15, 0.3, 0.5, 0.8};
    size_t nw = 20000;
    uint32_t *w = malloc(nw * sizeof *w);
    int fitted = 0, refused = 0;
    for (int si = 0; si < 10; si++)
        for (int di = 0; di < 6; di++) {
            rems_rng r;
            rems_rng_seed(&r, (uint64_t)(100 * si + di));
            rems_patset ps;
            rems_patset_init(&ps);
            rems_gen_patterns(&ps, &r, sizes[si], dens[di]);
            static rems_tables t;
            char err[2048];
            rems_needs nd;
            int rc = rems_compile(&ps, &t, &nd, err, sizeof err);
            if (rc == 1) {
                /* refused: the message must name a table that really needs more codes than it holds */
                refused++;
                int named = 0;
                for (int k = 0; k < 5; k++)
                    if (nd.needed[k] > rems_code_limit[k]) {
                        ck_assert_msg(strstr(err, rems_table_what[k]) != NULL, "%s", err);
                        named++;
                    }
                ck_assert_int_gt(named, 0);
            } else {
                ck_assert_int_eq(rc, 0);
                fitted++;
                for (size_t i = 0; i < nw; i++) w[i] = rems_gen_word(&ps, &r);
                check_words(&ps, w, nw, "random set");
            }
            rems_patset_free(&ps);
        }
    printf("rems-unit: random sets: %d compiled and checked, %d refused\n", fitted, refused);
    ck_assert_int_ge(fitted, 25); /* the capacity figures are make rems-bench's business; most must fit */
    free(w);
}
END_TEST

START_TEST(adversarial_sets)
{
    size_t nw = 20000;
    uint32_t *w = malloc(nw * sizeof *w);
    for (int k = 0; k < REMS_ADVERSARIAL_SETS; k++) {
        rems_patset ps;
        rems_patset_init(&ps);
        const char *name = rems_adversarial(k, &ps);
        rems_rng r;
        rems_rng_seed(&r, 77 + (uint64_t)k);
        for (size_t i = 0; i < nw; i++) w[i] = rems_gen_word(&ps, &r);
        check_words(&ps, w, nw, name);
        rems_patset_free(&ps);
    }
    free(w);
}
END_TEST

/* Every word of a 2^20 space whose live bits straddle the three segments and both level-2 splits. */
START_TEST(exhaustive_spaces)
{
    static const uint32_t live[] = {
        0xc0700c07u, /* bits 31,30,22..20,11,10,2..0 */
        0x00300f0fu, 0x80e01c03u, 0x0030000fu | 0x00000c00u | 0x00600000u, 0x001ffc00u | 0x00000301u};
    size_t nw = 1u << 20;
    uint32_t *w = malloc(nw * sizeof *w);
    for (int k = 0; k < 5; k++)
        for (int d = 0; d < 3; d++) {
            rems_rng r;
            rems_rng_seed(&r, 500 + (uint64_t)(10 * k + d));
            uint32_t base = (uint32_t)rems_rng_next(&r);
            int bits = __builtin_popcount(live[k]);
            size_t n = (size_t)1 << (bits > 20 ? 20 : bits);
            ck_assert_int_le(bits, 20);
            rems_patset ps;
            rems_patset_init(&ps);
            space_patterns(&ps, &r, base, live[k], 12 + 12 * (size_t)d, 0.1 + 0.15 * d, 0.05 * d);
            for (size_t i = 0; i < n; i++) w[i] = space_word(base, live[k], (uint32_t)i);
            check_words(&ps, w, n, "exhaustive space");
            rems_patset_free(&ps);
        }
    free(w);
}
END_TEST

static void expect_refusal(const rems_patset *ps, int table, unsigned needed)
{
    static rems_tables t;
    char err[2048], want[256];
    rems_needs nd;
    ck_assert_int_eq(rems_compile(ps, &t, &nd, err, sizeof err), 1);
    snprintf(want, sizeof want, "table %s needs %u codes but holds %u: %u too many", rems_table_what[table], needed,
             rems_code_limit[table], needed - rems_code_limit[table]);
    ck_assert_msg(strstr(err, want) != NULL, "got '%s', want '%s'", err, want);
}

static void expect_fit(const rems_patset *ps)
{
    static rems_tables t;
    char err[2048];
    ck_assert_msg(rems_compile(ps, &t, NULL, err, sizeof err) == 0, "%s", err);
}

/* Level 1 refusals. Codes are shared by segment values that no word can tell apart by its triggers, so each
 * value below gets its own behaviour: value i of the counted segment raises trigger set 1 + (i / 3) % 127
 * together with value i % 3 of a partner segment, and nothing else. Distinct (i % 3, i / 3) pairs for
 * i < 381, so n patterns need exactly n codes in the counted table (values without a pattern share code 0)
 * and 3 in the partner's; the third table is all x (1 code). */
static void distinct_segment(rems_patset *ps, int counted, int partner, unsigned n)
{
    static const int lo[3] = {21, 10, 0}, width[3] = {11, 11, 10};
    for (unsigned i = 0; i < n; i++) {
        uint32_t care = ((1u << width[counted]) - 1) << lo[counted] | ((1u << width[partner]) - 1) << lo[partner];
        uint32_t value = (uint32_t)i << lo[counted] | (uint32_t)(i % 3) << lo[partner];
        rems_patset_add(ps, care, value, (uint8_t)(1 + (i / 3) % 127), 0);
    }
}

START_TEST(refuse_level1)
{
    static const int partner[3] = {2, 0, 0};
    for (int s = 0; s < 3; s++) {
        rems_patset ps;
        rems_patset_init(&ps);
        distinct_segment(&ps, s, partner[s], rems_code_limit[s]);
        expect_fit(&ps);
        rems_patset_free(&ps);
        rems_patset_init(&ps);
        distinct_segment(&ps, s, partner[s], rems_code_limit[s] + 1);
        expect_refusal(&ps, s, rems_code_limit[s] + 1);
        rems_patset_free(&ps);
        rems_patset_init(&ps);
        distinct_segment(&ps, s, partner[s], rems_code_limit[s] + 3);
        expect_refusal(&ps, s, rems_code_limit[s] + 3);
        rems_patset_free(&ps);
    }
    /* Two tables at once, both named. Group A: T0 value i < 130 with T1 value i / 127, T2 x; group B: T2
     * value j < 140 with T1 value 2 + j / 127, T0 x. Every T0 value also sees all of group B, so the values
     * i < 130 give 130 behaviours and the values >= 130 (group B only) one more: 131. T2 likewise: 141. T1:
     * values 0..3 and code 0: 4 codes, it fits. */
    rems_patset ps;
    rems_patset_init(&ps);
    for (uint32_t i = 0; i < 130; i++) rems_patset_add(&ps, 0xfffffc00u, i << 21 | (i / 127) << 10, (uint8_t)(1 + i % 127), 0);
    for (uint32_t j = 0; j < 140; j++) rems_patset_add(&ps, 0x001fffffu, (2 + j / 127) << 10 | j, (uint8_t)(1 + j % 127), 0);
    expect_refusal(&ps, 0, 131);
    expect_refusal(&ps, 2, 141);
    rems_patset_free(&ps);
}
END_TEST

/* Level 2 refusal: 20 values of one outer segment times 240 values of T1, every combination a pattern with
 * triggers trig2(i, j). The expected count of codes is worked out here from the definition, independently of
 * the compiler: T1 value j gets class j + 1 (classes are numbered in order of the lowest value, and no two
 * columns are alike), the documented numberings put class k at code k (sequential) or
 * ((k & 15) << 4) | (k >> 4) (transposed); the T3 entry {code0 = i, h} stands for the row of triggers
 * trig2(i, j) over the 16 codes with that high nibble, and equal rows share a code. The compiler keeps the
 * numbering with the smaller excess. T4 mirrors it with the low nibble. */
static uint8_t trig2(unsigned i, unsigned j) { return (uint8_t)(1 + (i * 241u + j * 7u + (i * j) % 13u) % 127u); }

static unsigned level2_rows(int side, int numbering)
{
    static uint8_t rows[20 * 16][16];
    unsigned n = 0;
    for (unsigned i = 0; i < 20; i++)
        for (unsigned h = 0; h < 16; h++) {
            uint8_t row[16] = {0};
            int any = 0;
            for (unsigned l = 0; l < 16; l++) {
                unsigned code = side == 0 ? 16 * h + l : 16 * l + h; /* T3: h = high nibble; T4: low */
                unsigned k = numbering == 0 ? code : ((code & 15u) << 4) | (code >> 4);
                if (k >= 1 && k <= 240) row[l] = trig2(i, k - 1), any = 1;
            }
            if (!any) continue;
            unsigned m;
            for (m = 0; m < n; m++)
                if (memcmp(rows[m], row, 16) == 0) break;
            if (m == n) memcpy(rows[n++], row, 16);
        }
    return n;
}

START_TEST(refuse_level2)
{
    /* the definition above assumes no two rows or columns of trig2 are alike (no level-1 merging) */
    for (unsigned i = 0; i < 20; i++)
        for (unsigned i2 = i + 1; i2 < 20; i2++) {
            int same = 1;
            for (unsigned j = 0; j < 240 && same; j++) same = trig2(i, j) == trig2(i2, j);
            ck_assert(!same);
        }
    for (unsigned j = 0; j < 240; j++)
        for (unsigned j2 = j + 1; j2 < 240; j2++) {
            int same = 1;
            for (unsigned i = 0; i < 20 && same; i++) same = trig2(i, j) == trig2(i, j2);
            ck_assert(!same);
        }
    for (int side = 0; side < 2; side++) {
        unsigned seq = level2_rows(side, 0), tr = level2_rows(side, 1);
        unsigned want = seq <= tr ? seq : tr;
        ck_assert_uint_gt(want, 255);
        rems_patset ps;
        rems_patset_init(&ps);
        for (uint32_t i = 0; i < 20; i++)
            for (uint32_t j = 0; j < 240; j++) {
                if (side == 0) rems_patset_add(&ps, 0xfffffc00u, i << 21 | j << 10, trig2(i, j), 0);
                else rems_patset_add(&ps, 0x001fffffu, j << 10 | i, trig2(i, j), 0);
            }
        expect_refusal(&ps, side == 0 ? 3 : 4, want);
        rems_patset_free(&ps);
        /* 8 x 240 needs at most 8 x 16 = 128 codes: fits */
        rems_patset_init(&ps);
        for (uint32_t i = 0; i < 8; i++)
            for (uint32_t j = 0; j < 240; j++) {
                if (side == 0) rems_patset_add(&ps, 0xfffffc00u, i << 21 | j << 10, trig2(i, j), 0);
                else rems_patset_add(&ps, 0x001fffffu, j << 10 | i, trig2(i, j), 0);
            }
        expect_fit(&ps);
        rems_patset_free(&ps);
    }
}
END_TEST

START_TEST(too_many_patterns)
{
    size_t n = REMS_MAX_PATTERNS + 1;
    size_t len = n * 35;
    char *text = malloc(len + 1);
    for (size_t i = 0; i < n; i++) memcpy(text + 35 * i, "00000000000000000000000000000000 G\n", 35);
    text[len] = '\0';
    rems_patset ps;
    char err[1024];
    rems_patset_init(&ps);
    ck_assert_int_eq(rems_parse_text("big.pat", text, len, &ps, err, sizeof err), -1);
    char want[64];
    snprintf(want, sizeof want, "big.pat:%zu:1: error: more than %u patterns", n, REMS_MAX_PATTERNS);
    ck_assert_msg(strstr(err, want) == err, "%s", err);
    rems_patset_free(&ps);
    free(text);
}
END_TEST

/* The paper's method numbers disjoint ternary cubes; every cube lies inside one equivalence class, so the
 * classes never need more level-1 codes. */
START_TEST(paper_never_fewer_level1_codes)
{
    for (int i = 0; i < 40; i++) {
        rems_rng r;
        rems_rng_seed(&r, 9000 + (uint64_t)i);
        rems_patset ps;
        rems_patset_init(&ps);
        rems_gen_patterns(&ps, &r, 5 + (size_t)i * 3, 0.05 * (i % 8));
        unsigned paper[5];
        rems_needs nd;
        static rems_tables t;
        char err[2048];
        rems_compile(&ps, &t, &nd, err, sizeof err);
        ck_assert_int_ge(rems_paper_needs(&ps, paper, 1u << 20), 0);
        for (int k = 0; k < 3; k++)
            ck_assert_msg(nd.needed[k] <= paper[k], "set %d table %d: classes %u > paper %u", i, k, nd.needed[k],
                          paper[k]);
        rems_patset_free(&ps);
    }
    /* exact patterns with distinct segments: both methods number the same values */
    rems_patset ps;
    rems_patset_init(&ps);
    for (uint32_t i = 0; i < 100; i++) rems_patset_add(&ps, ~0u, i << 21 | (i + 7) << 10 | (i * 3 % 1024), 0x01, 0);
    unsigned paper[5];
    ck_assert_int_eq(rems_paper_needs(&ps, paper, 1u << 20), 1);
    ck_assert_uint_eq(paper[0], 100);
    ck_assert_uint_eq(paper[1], 100);
    ck_assert_uint_eq(paper[2], 100);
    rems_patset_free(&ps);
}
END_TEST

/* The download sequence follows the documented addressing (docs/rems-matcher.md). */
START_TEST(download_layout)
{
    static rems_tables t;
    memset(&t, 0, sizeof t);
    t.t0[5] = 0x11;
    t.t1[5] = 0x22;
    t.t2[5] = 0x33;
    t.t1[1500] = 0x44;
    t.t3[7] = 0x55;
    t.t4[7] = 0x66;
    t.t5[7] = 0x05;
    t.t5[40000] = 0x7f;
    uint64_t *w = malloc(REMS_DOWNLOAD_WRITES * sizeof *w);
    rems_download(&t, w);
    ck_assert_uint_eq(w[5], 0x0005ull << 32 | 0x07332211u);
    ck_assert_uint_eq(w[1500], 0x05dcull << 32 | 0x03004400u); /* T2 has 1K entries: no T2 enable */
    ck_assert_uint_eq(w[2048 + 7], 0x0007ull << 32 | 0x87665505u);
    ck_assert_uint_eq(w[2048 + 40000], 40000ull << 32 | 0x8400007fu); /* above 2047: T5 only */
    ck_assert_uint_eq(w[REMS_DOWNLOAD_WRITES - 1], 0xffffull << 32 | 0xc4000000u); /* the commit */
    for (size_t i = 0; i + 1 < REMS_DOWNLOAD_WRITES; i++) ck_assert_uint_eq(w[i] >> 30 & 1, 0);
    free(w);
}
END_TEST

int main(void)
{
    if (!mkdtemp(tmpdir)) return 2;
    Suite *s = suite_create("remsc");
    TCase *tc = check_tcase(s, "compiler", 120);
    tcase_add_test(tc, parse_good);
    tcase_add_test(tc, parse_bad);
    tcase_add_test(tc, parse_words);
    tcase_add_test(tc, shown_bytes);
    tcase_add_test(tc, random_sets);
    tcase_add_test(tc, adversarial_sets);
    tcase_add_test(tc, exhaustive_spaces);
    tcase_add_test(tc, refuse_level1);
    tcase_add_test(tc, refuse_level2);
    tcase_add_test(tc, too_many_patterns);
    tcase_add_test(tc, paper_never_fewer_level1_codes);
    tcase_add_test(tc, download_layout);
    int failed = check_run(s, CK_NOFORK);
    printf("rems-unit: %llu words compared between the compiled tables and the patterns\n", words_checked);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    if (system(cmd)) {}
    return failed ? 1 : 0;
}
