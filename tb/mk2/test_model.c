/*
 * test_model.c - Check unit tests of the C reference model. Every expected value here is derived by
 * hand from NISTIR 5571, CLARIFICATIONS.md and docs/decisions.md (the derivation is in the comment
 * next to it), never from what the model or the RTL printed.
 *
 * Tick arithmetic used throughout (D1.1, D2.3, D6.1): `reset 5` drives RESETB low in ticks 0-4 and
 * high in ticks 5-6 (edges 5 and 6 still reset), so edge 7 is the first functional edge and NETCLK
 * rises there (rising edge #1); NETCLK rises at every odd edge e (#(e-5)/2) and falls at every even
 * edge (the present edges). A bus command starting at tick s with no wait states is performed at
 * edge s+1 and ends with tick s+1; the next command starts at tick s+2.
 */
#include <check.h>
#include <stdlib.h>

#include "mk2_tb.h"

static mk2_tb *tb;

static void setup(void)
{
    mk2_tb_options o = {.backend = "model", .keep_samples = 1};
    tb = mk2_tb_new(&o);
}
static void teardown(void) { mk2_tb_free(tb); }

#define X(line) ck_assert_msg(mk2_tb_exec(tb, line) == 0, "'%s': %s", line, mk2_tb_error(tb))
#define RD(addr, val)                                                                                      \
    do {                                                                                                   \
        X("read " #addr);                                                                                  \
        ck_assert_msg(mk2_tb_last_read(tb) == (uint64_t)(val), "read %s: got %016llx want %016llx", #addr, \
                      (unsigned long long)mk2_tb_last_read(tb), (unsigned long long)(val));                \
    } while (0)

START_TEST(reset_values)
{
    X("reset 5");
    ck_assert_uint_eq(mk2_tb_ticks(tb), 7);
    RD(1, 0xFFFFFFFFFFFF8000ULL);   /* Table B1: only bit 15 (64-bit mode) set; bits 16+ read 1 */
    RD(4, 0xFFFFFFFFFFFFFFFFULL);   /* D1.3 Filter = 0xFFFF */
    RD(8, 0x1111111111111111ULL);   /* CLARIFICATIONS: each disabled field reads 0001 */
    RD(10, 0x4444444444444444ULL);  /* Table B5 default x100 */
    RD(12, 0x4444444444444444ULL);  /* Table B6 default x100 */
    RD(2, 0xFF00000000000000ULL);   /* 56-bit Timestamp 0 */
    RD(5, 0xFFFFFFFF00000000ULL);
    RD(6, 0xFFFFFFFF00000000ULL);
    RD(0, ~0ULL);                   /* no read function */
    RD(25, ~0ULL);                  /* FIFO empty */
    RD(64, 0xFFFFFFFF00000000ULL);
    X("strap waitstate 1");
    X("reset 5");
    RD(1, 0xFFFFFFFFFFFF9000ULL);   /* bit 12: one wait state */
}
END_TEST

START_TEST(ack_latency_and_hold)
{
    X("reset 5");
    X("read 1"); /* start tick 7, performed at edge 8 */
    ck_assert_uint_eq(mk2_tb_ticks(tb), 9);
    ck_assert_uint_eq(mk2_tb_last_ack_ticks(tb), 2);
    X("hold 3");
    X("read 1"); /* ACK at edge 10, held through edges 11..13, high after edge 14 */
    ck_assert_uint_eq(mk2_tb_ticks(tb), 15);
    X("strap waitstate 1");
    X("reset 5");
    X("read 1"); /* D2.3: W = 1 adds one edge */
    ck_assert_uint_eq(mk2_tb_last_ack_ticks(tb), 3);
}
END_TEST

START_TEST(high_order_register)
{
    X("reset 5");
    X("write 7 0xFFFFFFFF12345678");
    RD(7, 0xFFFFFFFF12345678ULL);   /* D2.7: loads D31..D0 only */
    RD(1, 0xFFFFFFFFFFFF8000ULL);
    RD(7, 0xFFFFFFFFFFFFFFFFULL);   /* the CSR read copied its D63..D32 (all ones) */
    X("write 1 0x4001");            /* 32-bit mode + sampling */
    RD(1, 0xFFFFFFFFFFFF4001ULL);
    X("write 7 0xAABBCCDD");
    X("write 96 0x1122334455667788");
    X("idle 60");
    ck_assert_int_eq(mk2_tb_sample_count(tb), 1);
    ck_assert_uint_eq(mk2_tb_sample(tb, 0)->data, 0xAABBCCDD55667788ULL);
    ck_assert_uint_eq(mk2_tb_sample(tb, 0)->header, 0x10); /* CPU 0, Trace 10, no flags */
}
END_TEST

START_TEST(fifo_full_discard_and_flags)
{
    X("reset 5");
    X("netrdy 0");
    X("write 1 1");
    for (int i = 0; i < 8; i++) X("write 96 1");
    RD(1, 0xFFFFFFFFFFFF8041ULL);   /* sampling + FIFO full (8 = FIFO_DEPTH) */
    X("write 96 2");                /* Table B3a row 10: discarded */
    RD(1, 0xFFFFFFFFFFFF8141ULL);   /* bit 8: FIFO overrun pending */
    RD(6, 0xFFFFFFFF00000001ULL);
    /* netrdy rises before tick 33 (this read ended at tick 32): first present edge 34, taken at 35 = #15,
     * then one sample every 20 NETCLKs */
    X("netrdy 1");
    X("idle 400");
    ck_assert_int_eq(mk2_tb_sample_count(tb), 8);
    ck_assert_uint_eq(mk2_tb_sample(tb, 0)->netclk, 15);
    ck_assert_uint_eq(mk2_tb_sample(tb, 7)->netclk, 15 + 7 * 20);
    X("write 97 3");
    X("idle 60");
    ck_assert_int_eq(mk2_tb_sample_count(tb), 9);
    ck_assert_uint_eq(mk2_tb_sample(tb, 8)->header, 0x12); /* FIFO-overrun flag carried, then cleared */
    RD(1, 0xFFFFFFFFFFFF8001ULL);
    X("write 6 0");
    RD(6, 0xFFFFFFFF00000000ULL);
}
END_TEST

START_TEST(wait_on_overrun_counts_refused_edges)
{
    X("reset 5");
    X("netrdy 0");
    X("write 1 5");                 /* sampling + wait on overrun; edge 8 */
    for (int i = 0; i < 8; i++) X("write 96 1"); /* edges 10..24 */
    /* 9th sample starts at tick 25, first attempt at edge 26. NETRDY rises in tick 25+100=125:
     * first present edge with NETRDY high is 126, byte 20 taken at 126+39 = 165 (head leaves), the
     * sample is taken at edge 166. Refused edges 26..165 = 140. */
    X("after 100 netrdy 1");
    X("write 96 2");
    ck_assert_uint_eq(mk2_tb_ticks(tb), 167);
    RD(5, 0xFFFFFFFF00000000ULL + 140);
    RD(6, 0xFFFFFFFF00000000ULL);
}
END_TEST

START_TEST(counter_node_clock_and_saturation)
{
    X("reset 5");
    X("write 10 0x1");   /* counter 0: CLK */
    X("write 12 0x1");   /* node clock */
    X("write 8 0x2");    /* enabled at edge a = 12 */
    RD(64, 0xFFFFFFFF00000001ULL); /* performed at edge 14: counted at edge 13 only (D4.3) */
    RD(64, 0xFFFFFFFF00000003ULL); /* edge 16 */
    X("write 64 0xFFFFFFFD");      /* edge 18 wins over the count there */
    RD(64, 0xFFFFFFFFFFFFFFFEULL); /* edge 20: counted at 19 */
    RD(64, 0xFFFFFFFFFFFFFFFFULL); /* edge 22: 0xFFFFFFFF, sticks */
    RD(80, 0xFFFFFFFFFFFFFFFFULL); /* shadow from the last copy */
    X("write 8 0x1");              /* disable at edge 26 (count at 26 still happens: saturated anyway) */
    X("write 8 0x3");              /* reset & enable at edge 28 */
    RD(64, 0xFFFFFFFF00000001ULL); /* edge 30: counted at 29 */
}
END_TEST

START_TEST(counter_pair_and_software)
{
    X("reset 5");
    X("write 10 0x2A");  /* counter 0: double precision, software; counter 1: software (ignored while paired) */
    X("write 64 0xFFFFFFFF");
    X("write 8 0x2");
    X("write 80 0");     /* increments the pair: low wraps into high */
    X("write 81 0");     /* the odd address increments the pair too (D4.4) */
    RD(64, 0xFFFFFFFF00000001ULL);
    RD(81, 0xFFFFFFFF00000001ULL);
    RD(8, 0x1111111111111112ULL);
}
END_TEST

START_TEST(resource_sample_and_shadows)
{
    X("reset 5");
    X("write 1 1");
    X("write 66 0x12345678");           /* counter 2 */
    X("cpu lines 6");                         /* C1 and C2: lowest wins, CPU 1 */
    X("write 33 0xCAFEF00D");
    X("write 112 0x0102030405060708");  /* edge 14: taken, shadows busy */
    RD(1, 0xFFFFFFFFFFFF8481ULL);       /* sampling, shadows busy (7), 161st bit of head (10) */
    X("write 66 0");
    RD(66, 0xFFFFFFFF12345678ULL);      /* busy, read-wait off: stale shadow, no copy (B3b row 6) */
    X("idle 200");
    ck_assert_int_eq(mk2_tb_sample_count(tb), 1);
    const mk2_sample *s = mk2_tb_sample(tb, 0);
    ck_assert_int_eq(s->kind, 'R');
    ck_assert_uint_eq(s->header, 0x38);  /* CPU 1, type 11 */
    ck_assert_uint_eq(s->src, 0xCAFEF00D);
    ck_assert_uint_eq(s->cnt[2], 0x12345678);
    ck_assert_uint_eq(s->netclk, 6);     /* sample at edge 14: first present edge 16, taken at 17 = #6 */
    RD(1, 0xFFFFFFFFFFFF8001ULL);
    RD(66, 0xFFFFFFFF00000000ULL);       /* shadows free: copy, returns counter 2 = 0 */
}
END_TEST

START_TEST(read_wait_on_busy_shadows)
{
    X("reset 5");
    X("write 1 0x11");                  /* sampling, read wait; edge 8 */
    X("write 112 0");                   /* edge 10: first byte at 12, byte 84 taken at 12+167 = 179 */
    X("read 64");                       /* starts 11, refused at edges 12..179, performed at 180 */
    ck_assert_uint_eq(mk2_tb_ticks(tb), 181);
    RD(5, 0xFFFFFFFF00000000ULL + 168);
}
END_TEST

START_TEST(test_mode_registers_and_fifo)
{
    X("reset 5");
    X("test 1");
    X("write 2 0x00123456789ABCDE");
    RD(2, 0xFF123456789ABCDEULL);
    X("write 16 0");
    RD(2, 0xFF123456789ABCDFULL);
    X("write 5 7");
    X("write 17 0");
    RD(5, 0xFFFFFFFF00000008ULL);
    X("write 19 0");                    /* network off */
    X("write 27 0xDEADBEEF");
    RD(25, 0xFFFFFFFFDEADBEEFULL);
    RD(29, 0xFFFFFFFFDEADBEEFULL);
    RD(1, 0xFFFFFFFFFFFF8000ULL);       /* injected entry: 161st bit clear */
    X("write 21 0");                    /* pop */
    RD(25, ~0ULL);
    X("write 26 0x00000000");
    X("write 20 0");
    X("idle 60");
    ck_assert_int_eq(mk2_tb_sample_count(tb), 1);
    ck_assert_uint_eq(mk2_tb_sample(tb, 0)->data, 0);
    X("test 0");
    X("write 2 5");                     /* not writable outside test mode */
    RD(2, 0xFF123456789ABCDFULL);       /* test mode froze the Timestamp */
    X("write 5 9");
    RD(5, 0xFFFFFFFF00000000ULL);       /* outside test mode a write clears */
}
END_TEST

START_TEST(filter_and_soft_reset)
{
    X("reset 5");
    X("tsclk 3");                       /* three Timestamp edges */
    X("write 4 0x0002");
    X("write 1 1");
    X("write 96 1");                    /* level 0 filtered */
    X("write 97 2");                    /* level 1 taken */
    X("idle 60");
    ck_assert_int_eq(mk2_tb_sample_count(tb), 1);
    ck_assert_uint_eq(mk2_tb_sample(tb, 0)->ts, 3);
    X("write 0 0");                     /* soft reset: Timestamp kept, filter back to 0xFFFF */
    RD(4, ~0ULL);
    RD(2, 0xFF00000000000003ULL);
    RD(1, 0xFFFFFFFFFFFF8000ULL);
}
END_TEST

START_TEST(external_input_counts)
{
    X("reset 5");
    X("write 8 0x20");                  /* counter 1 enabled; default mode external signal */
    X("ext 1 pulse 5");
    X("idle 3");                        /* last rise counted 2 edges later (D4.1) */
    RD(65, 0xFFFFFFFF00000005ULL);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("mk2model");
    TCase *tc = tcase_create("hand-derived");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, reset_values);
    tcase_add_test(tc, ack_latency_and_hold);
    tcase_add_test(tc, high_order_register);
    tcase_add_test(tc, fifo_full_discard_and_flags);
    tcase_add_test(tc, wait_on_overrun_counts_refused_edges);
    tcase_add_test(tc, counter_node_clock_and_saturation);
    tcase_add_test(tc, counter_pair_and_software);
    tcase_add_test(tc, resource_sample_and_shadows);
    tcase_add_test(tc, read_wait_on_busy_shadows);
    tcase_add_test(tc, test_mode_registers_and_fifo);
    tcase_add_test(tc, filter_and_soft_reset);
    tcase_add_test(tc, external_input_counts);
    suite_add_tcase(s, tc);
    return s;
}

int main(int argc, char **argv)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr), run = srunner_ntests_run(sr);
    srunner_free(sr);
    if (argc > 1) {
        FILE *f = fopen(argv[1], "w");
        if (f) {
            fprintf(f, "%d %d\n", run - failed, failed);
            fclose(f);
        }
    }
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
