/*
 * test_net.c - the network output: back-to-back samples leave with no idle NETCLK between them.
 *
 * NETWORK OUTPUT: "NETCLK, at one-half the Node clock frequency"; "only one byte is transferred on each
 * network clock cycle" (Overruns and Waits); a Trace sample is 20 bytes, a Resource sample 84 (Table B2).
 * CLARIFICATIONS "FIFO and network": "With NETRDY high and samples waiting, the output carries one byte on
 * every NETCLK, with no idle NETCLK between samples." So while NETRDY stays high and the FIFO holds the next
 * sample, consecutive first bytes are exactly 20 NETCLKs apart after a Trace sample and 84 after a Resource
 * sample. mk2_sample.netclk is the number of the NETCLK that took a sample's first byte.
 */
#include "mk2_check.h"

static void expect_gaps(mk2_tb *tb, int first, int n, const unsigned *gap)
{
    for (int i = first; i + 1 < first + n; i++) {
        const mk2_sample *a = sample_at(tb, i), *b = sample_at(tb, i + 1);
        ck_assert_msg(b->netclk - a->netclk == gap[i - first],
                      "samples %d (@%" PRIu64 ") and %d (@%" PRIu64 "): %" PRIu64 " NETCLKs apart, want %u", i,
                      a->netclk, i + 1, b->netclk, b->netclk - a->netclk, gap[i - first]);
    }
}

/* Trace samples queued with NETRDY low, then NETRDY high for good: 20 NETCLKs apart. */
START_TEST(net_back_to_back_trace_no_idle_netclk)
{
    static const unsigned gap[] = {20, 20, 20, 20, 20, 20, 20};
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    DO(tb, "netrdy 0");
    for (unsigned i = 1; i <= 8; i++)
        WR(tb, A_TRACE, i);
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 8);
    for (int i = 0; i < 8; i++)
        EXPECT_SAMPLE(tb, i, 'T', 0, 0, 0, i + 1);
    expect_gaps(tb, 0, 8, gap);
    mk2_tb_free(tb);
}
END_TEST

/* Trace samples written faster than they leave (one write every few node clocks, NETRDY high throughout,
 * wait on overrun so none is lost): after the first, each waits in the FIFO, so they leave back to back. */
START_TEST(net_back_to_back_trace_written_while_sending)
{
    static const unsigned gap[] = {20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20};
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON);
    for (unsigned i = 1; i <= 12; i++)
        WR(tb, A_TRACE, 0x100 + i);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 12);
    for (int i = 0; i < 12; i++)
        EXPECT_SAMPLE(tb, i, 'T', 0, 0, 0, 0x101 + i);
    expect_gaps(tb, 0, 12, gap);
    mk2_tb_free(tb);
}
END_TEST

/* Mixed: a Resource sample occupies 84 NETCLKs, the Trace sample behind it follows on the next one. */
START_TEST(net_back_to_back_resource_and_trace)
{
    static const unsigned gap[] = {20, 84, 20, 20};
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    DO(tb, "netrdy 0");
    WR(tb, A_TRACE, 1);
    WR(tb, A_RESOURCE, 2);
    WR(tb, A_TRACE, 3);
    WR(tb, A_TRACE, 4);
    WR(tb, A_TRACE, 5);
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 5);
    EXPECT_SAMPLE(tb, 1, 'R', 0, 0, 0, 2);
    expect_gaps(tb, 0, 5, gap);
    mk2_tb_free(tb);
}
END_TEST

/* NETRDY low in the middle of a sample pauses the output without losing or repeating a byte (the capture
 * checks that no byte is taken while NETRDY is low, EOM and parity): 30 node clocks low = 15 NETCLKs. */
START_TEST(net_netrdy_low_pauses_mid_sample)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    WR(tb, A_TRACE, 0x1111111111111111ULL);
    WR(tb, A_TRACE, 0x2222222222222222ULL);
    DO(tb, "idle 12");
    DO(tb, "netrdy 0");
    DO(tb, "idle 30");
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 2);
    EXPECT_SAMPLE(tb, 0, 'T', 0, 0, 0, 0x1111111111111111ULL);
    EXPECT_SAMPLE(tb, 1, 'T', 0, 0, 0, 0x2222222222222222ULL);
    EXPECT_RANGE(sample_at(tb, 1)->netclk - sample_at(tb, 0)->netclk, 20 + 15 - 1, 20 + 15 + 1);
    mk2_tb_free(tb);
}
END_TEST

/* First-byte latency from docs/decisions.md: D1.1 (after `reset` the next tick's edge is the first
 * functional one), D6.1 (it raises NETCLK: NETCLK number 1), D2.3 (a write's action edge is s+1),
 * D6.5 (first byte presented at the first NETCLK-falling edge after the action edge, taken at the next
 * rising edge). After `reset`: the CSR write occupies edges 1-2 (counting the first functional edge as 1),
 * the Trace write edges 3-4 (action at 4, a falling edge), the first byte is presented at 6 and taken at
 * edge 7 = NETCLK rise number 4. */
START_TEST(net_first_byte_latency_decisions)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    WR(tb, A_TRACE, 0x77);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 1);
    EXPECT_EQ(sample_at(tb, 0)->netclk, 4);
    mk2_tb_free(tb);
}
END_TEST

/* OUTDISB low turns every output off (issue: "OUTDISB turns every output off"; Table C3 "disables ALL normal
 * output pins"); docs/decisions.md D6.7: the network holds as if NETRDY were low, so nothing is lost and
 * the samples leave whole afterwards, back to back. */
START_TEST(net_outdisb_holds_network)
{
    static const unsigned gap[] = {20, 20};
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    DO(tb, "netrdy 0");
    WR(tb, A_TRACE, 1);
    WR(tb, A_TRACE, 2);
    WR(tb, A_TRACE, 3);
    DO(tb, "outdis 1");
    DO(tb, "netrdy 1");
    DO(tb, "idle 300");
    EXPECT_NSAMPLES(tb, 0);
    DO(tb, "outdis 0");
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 3);
    for (int i = 0; i < 3; i++)
        EXPECT_SAMPLE(tb, i, 'T', 0, 0, 0, i + 1);
    expect_gaps(tb, 0, 3, gap);
    /* OUTDISB low in the middle of a sample: 300 node clocks = 150 NETCLKs of pause, no byte lost */
    WR(tb, A_TRACE, 4);
    WR(tb, A_TRACE, 5);
    DO(tb, "idle 12");
    DO(tb, "outdis 1");
    DO(tb, "idle 300");
    DO(tb, "outdis 0");
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 5);
    EXPECT_SAMPLE(tb, 3, 'T', 0, 0, 0, 4);
    EXPECT_SAMPLE(tb, 4, 'T', 0, 0, 0, 5);
    EXPECT_RANGE(sample_at(tb, 4)->netclk - sample_at(tb, 3)->netclk, 20 + 150 - 1, 20 + 150 + 1);
    EXPECT_EQ(mk2_tb_truncated_count(tb), 0);
    mk2_tb_free(tb);
}
END_TEST

Suite *suite_net(void)
{
    Suite *s = suite_create("network");
    TCase *tc = tcase_create("net");
    tcase_set_timeout(tc, MK2_CHECK_TIMEOUT);
    tcase_add_test(tc, net_back_to_back_trace_no_idle_netclk);
    tcase_add_test(tc, net_back_to_back_trace_written_while_sending);
    tcase_add_test(tc, net_back_to_back_resource_and_trace);
    tcase_add_test(tc, net_netrdy_low_pauses_mid_sample);
    tcase_add_test(tc, net_first_byte_latency_decisions);
    tcase_add_test(tc, net_outdisb_holds_network);
    suite_add_tcase(s, tc);
    return s;
}
