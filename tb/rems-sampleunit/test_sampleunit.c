/* test_sampleunit.c - Check tests of the REMS Sample Units (rtl/rems/sampleunit/rems_unit_array.v and below) on the
 * Verilated RTL of the harness build (4 units: two 6-bit pairs, two 6-bit pairs, one 14-bit pair,
 * timestamp; FIFO 4, memory 64 samples).
 *
 * Every scenario runs on the RTL and on the C model (model/su_model.c: triggers by direct pattern
 * match, pairs by the closed-form reference, FIFO and sequencer as documented); the two must agree on every
 * memory word and register. Numbers worked out by hand in the scenario files are asserted directly, the
 * printed output of scenarios with a .expect file must equal it, and conservation holds for every unit:
 * samples taken = samples stored + FIFO overflows + memory overflows + samples still in the FIFO.
 *
 *   test_sampleunit RESULT_FILE SCENARIO_DIR [SU_RUN]   (SU_RUN: the runner, for its exit-status tests) */
#include "check_run.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "ratio_model.h"
#include "su_drv.h"

static const char *scen_dir = "tb/sampleunit";
static const char *su_run_path = NULL;

static char *waves_for(const char *name)
{
    static char path[512];
    if (!getenv("WAVES") || strcmp(getenv("WAVES"), "1")) return NULL;
    if (system("mkdir -p build/sampleunit/waves")) return NULL;
    snprintf(path, sizeof path, "build/sampleunit/waves/%s.fst", name);
    return path;
}

/* RTL and model agree, and conservation holds; returns a message or NULL */
static const char *compare(const su_result *rtl, const su_result *mod)
{
    static char msg[512];
    if (rtl->global_triggers != mod->global_triggers)
        return snprintf(msg, sizeof msg, "global triggers: RTL %llu, model %llu",
                        (unsigned long long)rtl->global_triggers, (unsigned long long)mod->global_triggers), msg;
    for (int k = 0; k < 6; k++)
        if (rtl->selective[k] != mod->selective[k])
            return snprintf(msg, sizeof msg, "S%d: RTL %llu, model %llu", k + 1,
                            (unsigned long long)rtl->selective[k], (unsigned long long)mod->selective[k]), msg;
    for (uint64_t k = 0; k < rtl->global_triggers && k < SU_MAX_GWORDS; k++)
        if (rtl->gword[k] != mod->gword[k])
            return snprintf(msg, sizeof msg, "global trigger %llu: gword_o %08x, model (lowest matching unit's word) %08x",
                            (unsigned long long)k, rtl->gword[k], mod->gword[k]), msg;
    for (int u = 0; u < SU_UNITS; u++) {
#define SAME(f) if (rtl->f[u] != mod->f[u]) \
        return snprintf(msg, sizeof msg, "unit %d " #f ": RTL %llu, model %llu", u, \
                        (unsigned long long)rtl->f[u], (unsigned long long)mod->f[u]), msg;
        SAME(count) SAME(fifo_ovf) SAME(mem_ovf) SAME(flags) SAME(cfg) SAME(fifo_level) SAME(taken)
        for (unsigned a = 0; a < 2 * rtl->count[u]; a++)
            if (rtl->mem[u][a] != mod->mem[u][a])
                return snprintf(msg, sizeof msg, "unit %d sample %u word %u: RTL %08x, model %08x", u, a / 2, a % 2,
                                rtl->mem[u][a], mod->mem[u][a]), msg;
        uint64_t sum = (uint64_t)rtl->count[u] + rtl->fifo_ovf[u] + rtl->mem_ovf[u] + rtl->fifo_level[u];
        if (sum != rtl->taken[u])
            return snprintf(msg, sizeof msg, "unit %d: %llu samples taken but %u stored + %u FIFO overflows + %u "
                            "memory overflows + %u in the FIFO", u, (unsigned long long)rtl->taken[u], rtl->count[u],
                            rtl->fifo_ovf[u], rtl->mem_ovf[u], rtl->fifo_level[u]), msg;
        if ((rtl->fifo_ovf[u] != 0) != ((rtl->flags[u] & 1) != 0) || (rtl->mem_ovf[u] != 0) != ((rtl->flags[u] & 2) != 0))
            return snprintf(msg, sizeof msg, "unit %d: flags %u do not match the overflow counters", u, rtl->flags[u]), msg;
    }
    return NULL;
}

static su_result rtl, mod;

static void run_file(const char *name, su_scenario *sc)
{
    char path[512], err[1024];
    snprintf(path, sizeof path, "%s/%s.su", scen_dir, name);
    int loaded = su_scenario_load(path, sc, err, sizeof err);
    ck_assert_msg(loaded == 0, "%s", err);
    const char *waves = waves_for(name);
    int rc = su_drv_run(sc, waves, &rtl, err, sizeof err);
    ck_assert_msg(rc == 0, "%s", err);
    su_model_run(sc, &mod);
    const char *why = compare(&rtl, &mod);
    ck_assert_msg(!why, "%s: %s", name, why);
}

/* every scenario file: RTL = model, conservation, and the .expect output when there is one */
START_TEST(test_scenario_files)
{
    DIR *d = opendir(scen_dir);
    ck_assert_ptr_nonnull(d);
    struct dirent *e;
    int files = 0;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 4 || strcmp(e->d_name + n - 3, ".su")) continue;
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(n - 3), e->d_name);
        su_scenario sc;
        run_file(name, &sc);
        char path[512];
        snprintf(path, sizeof path, "%s/%s.expect", scen_dir, name);
        FILE *want = fopen(path, "r");
        if (want) {
            char *got = NULL;
            size_t gotlen = 0;
            FILE *g = open_memstream(&got, &gotlen);
            fprintf(g, "%zu clocks, global trigger in %llu, selective S1..S6 in %llu %llu %llu %llu %llu %llu\n",
                    sc.nsteps, (unsigned long long)rtl.global_triggers, (unsigned long long)rtl.selective[0],
                    (unsigned long long)rtl.selective[1], (unsigned long long)rtl.selective[2],
                    (unsigned long long)rtl.selective[3], (unsigned long long)rtl.selective[4],
                    (unsigned long long)rtl.selective[5]);
            su_print(g, &rtl);
            fclose(g);
            char *exp = calloc(1, gotlen + 2);
            size_t el = fread(exp, 1, gotlen + 1, want);
            fclose(want);
            ck_assert_msg(el == gotlen && !memcmp(exp, got, gotlen), "%s: output differs from %s", name, path);
            free(exp);
            free(got);
        }
        su_scenario_free(&sc);
        files++;
    }
    closedir(d);
    ck_assert_int_ge(files, 5);
}
END_TEST

/* the numbers worked out by hand in the scenario files' comments */
START_TEST(test_fifo_overflow_by_hand)
{
    su_scenario sc;
    run_file("fifo_overflow", &sc);
    ck_assert_uint_eq(rtl.global_triggers, 20);
    ck_assert_uint_eq(rtl.count[0], 13);
    ck_assert_uint_eq(rtl.fifo_ovf[0], 7);
    ck_assert_uint_eq(rtl.flags[0], 1);
    ck_assert_uint_eq(rtl.mem_ovf[0], 0);
    /* every unit samples on every global trigger, and loses the same samples */
    for (int u = 1; u < SU_UNITS; u++) {
        ck_assert_uint_eq(rtl.count[u], 13);
        ck_assert_uint_eq(rtl.fifo_ovf[u], 7);
    }
    /* the stored samples: the first 6 triggers (clocks 0..5) and then every second one (7, 9, ... 19):
     * unit 0 pair 0 counts every clock, so the sample of the word of clock c holds D = N = c + 1 */
    static const unsigned clock_of[13] = {0, 1, 2, 3, 4, 5, 7, 9, 11, 13, 15, 17, 19};
    for (int k = 0; k < 13; k++) {
        uint64_t d, n;
        ratio_decode(6, rtl.mem[0][2 * k + 1] >> 16, &d, &n);
        ck_assert_uint_eq(rtl.mem[0][2 * k], 0x00000011);
        ck_assert_uint_eq(d, clock_of[k] + 1);
        ck_assert_uint_eq(n, clock_of[k] + 1);
        ck_assert_uint_eq(rtl.mem[3][2 * k + 1], clock_of[k] + 1);   /* the timestamp counts clocks 0..c */
    }
    su_scenario_free(&sc);
}
END_TEST

START_TEST(test_mem_overflow_by_hand)
{
    su_scenario sc;
    run_file("mem_overflow", &sc);
    for (int u = 0; u < SU_UNITS; u++) {
        ck_assert_uint_eq(rtl.count[u], 64);
        ck_assert_uint_eq(rtl.mem_ovf[u], 6);
        ck_assert_uint_eq(rtl.fifo_ovf[u], 0);
        ck_assert_uint_eq(rtl.flags[u], 2);
    }
    for (unsigned k = 0; k < 64; k++) {
        ck_assert_uint_eq(rtl.mem[1][2 * k], 0xf0000001u + k);
        ck_assert_uint_eq(rtl.mem[0][2 * k], 0);   /* unit 0 never saw a word */
        ck_assert_uint_eq(rtl.mem[3][2 * k + 1], 3 * k + 1);   /* word k+1 at clock 3k */
    }
    su_scenario_free(&sc);
}
END_TEST

START_TEST(test_restart_by_hand)
{
    su_scenario sc;
    run_file("restart", &sc);
    ck_assert_uint_eq(rtl.count[0], 2);
    ck_assert_uint_eq(rtl.fifo_ovf[0], 0);
    ck_assert_uint_eq(rtl.flags[0], 0);
    ck_assert_uint_eq(rtl.mem[0][0], 0x21);
    ck_assert_uint_eq(rtl.mem[0][2], 0x22);
    uint64_t d, n;
    ratio_decode(6, rtl.mem[0][1] >> 16, &d, &n);
    ck_assert_uint_eq(d, 37);   /* 37 = 100101b has 6 bits = W: e = 0, exact */
    ratio_decode(6, rtl.mem[0][3] >> 16, &d, &n);
    ck_assert_uint_eq(d, 47);
    su_scenario_free(&sc);
}
END_TEST

START_TEST(test_selective_by_hand)
{
    su_scenario sc;
    run_file("selective", &sc);
    ck_assert_uint_eq(rtl.global_triggers, 3);
    ck_assert_uint_eq(rtl.selective[0], 2);   /* S1 twice (unit 0) */
    ck_assert_uint_eq(rtl.selective[1], 1);   /* S2 once (unit 1, no sample) */
    ck_assert_uint_eq(rtl.selective[2], 1);   /* S3 once (unit 1) */
    /* D of each pair in samples 0, 1, 2 (N = D: every pair counts n with d) */
    static const unsigned u0p0[3] = {7, 10, 15}, u0p1[3] = {7, 5, 5}, u1p0[3] = {7, 17, 22}, u1p1[3] = {7, 10, 15},
                          u2[3] = {7, 17, 5};
    for (int k = 0; k < 3; k++) {
        uint64_t d, n;
        ratio_decode(6, rtl.mem[0][2 * k + 1] >> 16, &d, &n);
        ck_assert_uint_eq(d, u0p0[k]); ck_assert_uint_eq(n, u0p0[k]);
        ratio_decode(6, rtl.mem[0][2 * k + 1] & 0xffff, &d, &n);
        ck_assert_uint_eq(d, u0p1[k]); ck_assert_uint_eq(n, u0p1[k]);
        ratio_decode(6, rtl.mem[1][2 * k + 1] >> 16, &d, &n);
        ck_assert_uint_eq(d, u1p0[k]);
        ratio_decode(6, rtl.mem[1][2 * k + 1] & 0xffff, &d, &n);
        ck_assert_uint_eq(d, u1p1[k]);
        ratio_decode(14, rtl.mem[2][2 * k + 1], &d, &n);
        ck_assert_uint_eq(d, u2[k]);
    }
    /* the hybrid-link output: the word of each global trigger */
    ck_assert_uint_eq(rtl.gword[0], 0xa);
    ck_assert_uint_eq(rtl.gword[1], 0xc);
    ck_assert_uint_eq(rtl.gword[2], 0xa);
    /* trigger words: unit 0's latest word, unit 1's (0 before any) */
    ck_assert_uint_eq(rtl.mem[0][0], 0xa); ck_assert_uint_eq(rtl.mem[1][0], 0);
    ck_assert_uint_eq(rtl.mem[1][2], 0xc); ck_assert_uint_eq(rtl.mem[1][4], 0xc);
    su_scenario_free(&sc);
}
END_TEST

/* random scenarios built in memory: random pattern sets per unit, words, events, switches, restarts */
static void random_scenario(su_scenario *sc, uint64_t seed)
{
    rems_rng r;
    rems_rng_seed(&r, seed);
    su_scenario_init(sc);
    for (int u = 0; u < SU_UNITS; u++) {
        if (rems_rng_next(&r) % 4 == 0) continue;   /* some units match nothing */
        rems_gen_patterns(&sc->pats[u], &r, 1 + rems_rng_next(&r) % 12, 0.2);
        sc->has_patterns[u] = 1;
    }
    su_step st;
    memset(&st, 0, sizeof st);
    unsigned rate = 2 + (unsigned)(rems_rng_next(&r) % 30);   /* words: one in `rate` clocks per unit */
    for (int k = 0; k < 6000; k++) {
        uint64_t x = rems_rng_next(&r);
        st.valid = 0;
        st.cfg_we = 0;
        st.restart = 0;
        for (int u = 0; u < SU_UNITS; u++) {
            if ((x >> (8 * u)) % rate == 0) {
                st.valid |= (uint8_t)(1u << u);
                st.word[u] = sc->has_patterns[u] ? rems_gen_word(&sc->pats[u], &r) : (uint32_t)rems_rng_next(&r);
            }
            if ((x >> (40 + u)) % 64 == 0) st.ev[u] = (uint8_t)(rems_rng_next(&r) & 15);
        }
        if (k < 4 || (x >> 58) == 0) {
            st.cfg_we = 1;
            st.cfg_unit = (uint8_t)(rems_rng_next(&r) % SU_UNITS);
            st.cfg_data = (uint16_t)(rems_rng_next(&r) & 0xfff);
        }
        if (x % 1500 == 7) st.restart = 1;
        if (x % 500 == 3) rate = (x >> 20) % 3 ? 1 + (unsigned)(rems_rng_next(&r) % 3) : 4 + (unsigned)(rems_rng_next(&r) % 40);   /* bursts */
        su_scenario_add(sc, &st);
    }
}

START_TEST(test_random_scenarios)
{
    uint64_t samples = 0, fifo_ovf = 0, mem_ovf = 0, triggers = 0;
    for (uint64_t seed = 1; seed <= 24; seed++) {
        su_scenario sc;
        char err[1024];
        random_scenario(&sc, seed);
        int rc = su_drv_run(&sc, NULL, &rtl, err, sizeof err);
        if (rc) {   /* a random set the compiler refuses: skip it, it is not what this test is about */
            su_scenario_free(&sc);
            continue;
        }
        su_model_run(&sc, &mod);
        const char *why = compare(&rtl, &mod);
        ck_assert_msg(!why, "seed %llu: %s", (unsigned long long)seed, why);
        triggers += rtl.global_triggers;
        for (int u = 0; u < SU_UNITS; u++) samples += rtl.count[u], fifo_ovf += rtl.fifo_ovf[u], mem_ovf += rtl.mem_ovf[u];
        su_scenario_free(&sc);
    }
    printf("sampleunit random: 24 scenarios of 6000 clocks, %llu global triggers; final counts %llu stored, "
           "%llu FIFO overflows, %llu memory overflows: RTL = model\n", (unsigned long long)triggers,
           (unsigned long long)samples, (unsigned long long)fifo_ovf, (unsigned long long)mem_ovf);
    ck_assert_uint_gt(fifo_ovf, 0);
    ck_assert_uint_gt(mem_ovf, 0);
}
END_TEST

/* bad scenarios: the first line says "# expect: MESSAGE"; loading must fail with "file:line:col: error: "
 * and the message; the runner exits 2 with nothing on stdout */
START_TEST(test_bad_scenarios)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/bad", scen_dir);
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    struct dirent *e;
    int files = 0;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 4 || strcmp(e->d_name + n - 3, ".su")) continue;
        char path[1024], line[512], err[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "r");
        ck_assert_ptr_nonnull(f);
        ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
        fclose(f);
        ck_assert_msg(!strncmp(line, "# expect: ", 10), "%s: first line must be # expect: ...", path);
        line[strcspn(line, "\n")] = 0;
        su_scenario sc;
        int rc = su_scenario_load(path, &sc, err, sizeof err);
        if (rc == 0) {   /* parses, but the compiler must refuse it */
            rc = su_drv_run(&sc, NULL, &rtl, err, sizeof err);
            su_scenario_free(&sc);
            ck_assert_msg(rc != 0, "%s: accepted", path);
        }
        ck_assert_msg(strstr(err, line + 10) != NULL, "%s: message '%s' lacks '%s'", path, err, line + 10);
        ck_assert_msg(!strncmp(err, path, strlen(path)) || strstr(err, "needs"), "%s: message '%s' does not start with the file name", path, err);
        if (su_run_path) {
            char cmd[2048];
            snprintf(cmd, sizeof cmd, "out=$(%s %s 2>/dev/null); rc=$?; [ -z \"$out\" ] && exit $rc; exit 99", su_run_path, path);
            int st = system(cmd);
            ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 2, "%s: su_run exit status %d, expected 2 and no stdout",
                          path, WEXITSTATUS(st));
        }
        files++;
    }
    closedir(d);
    ck_assert_int_ge(files, 5);
}
END_TEST

int main(int argc, char **argv)
{
    if (argc > 1) scen_dir = argv[1];
    if (argc > 2) su_run_path = argv[2];
    Suite *s = suite_create(SU_MATCH_LATENCY == 5 ? "sampleunit" : "sampleunit (matchers with OUTREG=1)");
    TCase *tc = check_tcase(s, "sampleunit", 300);
    tcase_add_test(tc, test_scenario_files);
    tcase_add_test(tc, test_fifo_overflow_by_hand);
    tcase_add_test(tc, test_mem_overflow_by_hand);
    tcase_add_test(tc, test_restart_by_hand);
    tcase_add_test(tc, test_selective_by_hand);
    tcase_add_test(tc, test_random_scenarios);
    tcase_add_test(tc, test_bad_scenarios);
    int failed = check_run(s, CK_FORK_GETENV);
    return failed ? 1 : 0;
}
