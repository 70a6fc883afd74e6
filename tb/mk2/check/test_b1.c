/*
 * test_b1.c - Table B1, the Control and Status Register (CSR, address 1): one test per row (bit).
 *
 * NISTIR 5571, "CSR Register": "A logical "1" in a bit position of the data written to the CSR commands
 * the corresponding action. A logical "0" ... causes no effect ... All unused bit positions in the control
 * and status register return a logical "0" on read." The CSR is 16 bits wide; bits 63..16 of the bus read
 * 1 ("any unused bit positions return a logical 1", PROCESSOR INTERFACE; CLARIFICATIONS "Reads").
 */
#include "mk2_check.h"

/* Row bit 0 "Sampling Enabled / Enable Sampling"; row bit 1 says disabled is the reset default. */
START_TEST(b1_row0_enable_sampling)
{
    mk2_tb *tb = chip();
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64)); /* reset: sampling off, 64-bit mode (row 15 default) */
    WR(tb, A_TRACE, 0x100);               /* sampling disabled: no sample */
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    WR(tb, A_TRACE, 0x101);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 1);
    EXPECT_SAMPLE(tb, 0, 'T', 0, 0, 0, 0x101);
    /* a write of 0 in bit 0 leaves sampling on ("0 ... causes no effect") */
    WR(tb, A_CSR, 0);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    mk2_tb_free(tb);
}
END_TEST

/* Row bit 1 "Logical 0 / Disable Sampling (default on reset)"; a sample triggered while disabled is
 * acknowledged and counted nowhere (CLARIFICATIONS "Error flags and accounting"). */
START_TEST(b1_row1_disable_sampling_default)
{
    mk2_tb *tb = chip();
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64));
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    WR(tb, A_CSR, CSR_SAMPLING_OFF);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64)); /* bit 1 reads 0, bit 0 cleared */
    WR(tb, A_TRACE, 0x1);
    WR(tb, A_RESOURCE, 0x2);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 0);
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64)); /* no overrun flag either */
    /* docs/decisions.md D2.8: both bits of the pair written: the second (the default) wins */
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_SAMPLING_OFF);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64));
    mk2_tb_free(tb);
}
END_TEST

/* Row bit 2 "Write Wait on Overrun / Enable Wait on sample for avail FIFO/Shadow Reg to avoid overrun". */
START_TEST(b1_row2_enable_wait_on_overrun)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_WAIT_ON));
    /* effect: with the FIFO full the 9th sample waits instead of being discarded */
    DO(tb, "netrdy 0");
    for (unsigned i = 1; i <= 8; i++)
        WR(tb, A_TRACE, i);
    DO(tb, "after 30 netrdy 1");
    WR(tb, A_TRACE, 9);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 9);
    for (int i = 0; i < 9; i++)
        EXPECT_SAMPLE(tb, i, 'T', 0, 0, 0, i + 1);
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    ck_assert_msg((uint32_t)RD(tb, A_WAITCNT) > 0, "the 9th sample should have waited");
    mk2_tb_free(tb);
}
END_TEST

/* Row bit 3 "Logical 0 / Disable Wait on sample due to overrun, discard data (default)". */
START_TEST(b1_row3_disable_wait_discard_default)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON)); /* wait off after reset */
    WR(tb, A_CSR, CSR_WAIT_ON);
    WR(tb, A_CSR, CSR_WAIT_OFF);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON)); /* bit 3 reads 0 */
    DO(tb, "netrdy 0");
    for (unsigned i = 1; i <= 9; i++)
        WR(tb, A_TRACE, i);
    EXPECT_RD(tb, A_OVRCNT, R32(1)); /* the 9th was discarded */
    EXPECT_RD(tb, A_WAITCNT, R32(0));
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 8);
    EXPECT_SAMPLE(tb, 7, 'T', 0, 0, 0, 8);
    /* D2.8: both bits written, the default (discard) wins */
    WR(tb, A_CSR, CSR_WAIT_ON | CSR_WAIT_OFF);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_FIFO_OVR));
    mk2_tb_free(tb);
}
END_TEST

/* Row bit 4 "Read Wait for shadow regs. / Enable wait on processor read-with-copy if Shadow Regs busy". */
START_TEST(b1_row4_enable_read_wait)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_RDWAIT_ON | CSR_SAMPLING_ON);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_RDWAIT_ON | CSR_SAMPLING_ON));
    WR(tb, A_CNT + 2, 0x1111);
    DO(tb, "netrdy 0");
    WR(tb, A_RESOURCE, 0xabc);     /* shadows busy with counter 2 = 0x1111 */
    WR(tb, A_CNT + 2, 0x2222);
    DO(tb, "after 20 netrdy 1");
    EXPECT_RD(tb, A_CNT + 2, R32(0x2222)); /* waited for the shadows, then copied */
    ck_assert_msg((uint32_t)RD(tb, A_WAITCNT) > 0, "the read-with-copy should have waited");
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 1);
    EXPECT_EQ(sample_at(tb, 0)->cnt[2], 0x1111);
    mk2_tb_free(tb);
}
END_TEST

/* Row bit 5 "Logical 0 / Disable read wait if Shadow Reg busy (bad data returned) (default)". */
START_TEST(b1_row5_disable_read_wait_default)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_RDWAIT_ON);
    WR(tb, A_CSR, CSR_RDWAIT_OFF | CSR_SAMPLING_ON);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON)); /* bit 4 cleared, bit 5 reads 0 */
    WR(tb, A_CNT + 2, 0x1111);
    DO(tb, "netrdy 0");
    WR(tb, A_RESOURCE, 0xabc);
    WR(tb, A_CNT + 2, 0x2222);
    /* no wait; the stale shadow comes back (CLARIFICATIONS "Resource counters", last bullet) */
    EXPECT_RD(tb, A_CNT + 2, R32(0x1111));
    EXPECT_RD(tb, A_WAITCNT, R32(0));
    /* D2.8: both bits, the default wins */
    WR(tb, A_CSR, CSR_RDWAIT_ON | CSR_RDWAIT_OFF);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_SHADOW_FULL | CSR_BIT161));
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    mk2_tb_free(tb);
}
END_TEST

/* Row bit 6 "FIFO Full / Read Only, write data ignored." (FIFO_DEPTH = 8, CLARIFICATIONS "FIFO"). */
START_TEST(b1_row6_fifo_full)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_FIFO_FULL); /* the 1 in bit 6 is ignored */
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    DO(tb, "netrdy 0");
    for (unsigned i = 1; i <= 7; i++)
        WR(tb, A_TRACE, i);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    WR(tb, A_TRACE, 8);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_FIFO_FULL));
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    EXPECT_NSAMPLES(tb, 8);
    mk2_tb_free(tb);
}
END_TEST

/* Row bit 7 "Resource Shadow Registers Full / Read Only". "Shadow registers are never marked busy from a
 * read-with-copy, only from a Resource sample" (Overruns and Waits on Resource Counter Use). */
START_TEST(b1_row7_shadow_full)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_SHADOW_FULL);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    RD(tb, A_CNT + 0); /* read-with-copy: not busy */
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    DO(tb, "netrdy 0");
    WR(tb, A_TRACE, 1); /* a Trace sample does not use the shadows */
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    WR(tb, A_RESOURCE, 2);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_SHADOW_FULL));
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    mk2_tb_free(tb);
}
END_TEST

/* Row bit 7, how long: "When loaded due to a sample, the shadow registers will remain busy for 84 network
 * clock periods (168 Node clock periods ...) during the normal output transmission of the data sample."
 * A Resource sample into an empty FIFO with NETRDY high: busy 150 node clocks later, free 185 later. */
START_TEST(b1_row7_shadow_busy_for_168_node_clocks)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    WR(tb, A_RESOURCE, 1);
    uint64_t a = mk2_tb_ticks(tb);
    DO(tb, "idle 148");
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_SHADOW_FULL));
    EXPECT_EQ(mk2_tb_ticks(tb) - a, 150);
    DO(tb, "idle 33");
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 1);
    mk2_tb_free(tb);
}
END_TEST

/* Row bit 8 "FIFO Overrun / Read Only": a pending FIFO-overrun flag, cleared by the next successful
 * sample ("reset by next successful sample", SAMPLING; CLARIFICATIONS "CSR bits 8 and 9 read the pending
 * flags"). */
START_TEST(b1_row8_fifo_overrun_flag)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_FIFO_OVR);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    DO(tb, "netrdy 0");
    for (unsigned i = 1; i <= 9; i++)
        WR(tb, A_TRACE, i);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_FIFO_FULL | CSR_FIFO_OVR));
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_FIFO_OVR)); /* still pending */
    WR(tb, A_TRACE, 10);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 9);
    EXPECT_SAMPLE(tb, 8, 'T', 0, 0, 1, 10);
    mk2_tb_free(tb);
}
END_TEST

/* Row bit 9 "Resource Shadow Register Overrun / Read Only". */
START_TEST(b1_row9_shadow_overrun_flag)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_SHADOW_OVR);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    DO(tb, "netrdy 0");
    WR(tb, A_RESOURCE, 1);
    WR(tb, A_RESOURCE, 2); /* shadows busy: discarded (Table B3a, wait off, R Avail Full) */
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_SHADOW_FULL | CSR_BIT161 | CSR_SHADOW_OVR));
    WR(tb, A_TRACE, 3);  /* taken: carries and clears the flag */
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_SHADOW_FULL | CSR_BIT161));
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 2);
    EXPECT_SAMPLE(tb, 0, 'R', 0, 0, 0, 1);
    EXPECT_SAMPLE(tb, 1, 'T', 0, 1, 0, 3);
    mk2_tb_free(tb);
}
END_TEST

/* Row bit 10 "161st FIFO output bit / Read Only". docs/decisions.md D2.10: the bit of the FIFO head that
 * says "Resource sample, the counters follow"; 0 when the FIFO is empty. */
START_TEST(b1_row10_fifo_bit161)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_BIT161);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    DO(tb, "netrdy 0");
    WR(tb, A_TRACE, 1);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON)); /* Trace head */
    DO(tb, "test 1");
    WR(tb, A_FIFO_POP, 0);
    DO(tb, "test 0");
    WR(tb, A_RESOURCE, 2);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_SHADOW_FULL | CSR_BIT161)); /* Resource head */
    WR(tb, A_TRACE, 3);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_SHADOW_FULL | CSR_BIT161)); /* head unchanged */
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    EXPECT_NSAMPLES(tb, 2);
    EXPECT_SAMPLE(tb, 0, 'R', 0, 0, 0, 2);
    EXPECT_SAMPLE(tb, 1, 'T', 0, 0, 0, 3);
    mk2_tb_free(tb);
}
END_TEST

/* Rows bit 11 and bit 13 "Logical 0 / Read Only, write data ignored". */
static void b1_read_zero_row(unsigned bit)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, bit);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64));
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON | CSR_RDWAIT_ON | CSR_MODE32 | bit);
    EXPECT_RD(tb, A_CSR, R16(CSR_SAMPLING_ON | CSR_WAIT_ON | CSR_RDWAIT_ON | CSR_MODE32));
    mk2_tb_free(tb);
}
START_TEST(b1_row11_read_zero) { b1_read_zero_row(0x0800); }
END_TEST
START_TEST(b1_row13_read_zero) { b1_read_zero_row(0x2000); }
END_TEST

/* Row bit 12 "Number of Wait States / Read Only": "The number of (Node clock) Wait States (bit 12) is set by
 * the logic level at the package pin during hardware reset." One wait state adds one node clock to an
 * uncontended access (CLARIFICATIONS "Processor interface"; docs/decisions.md D2.3: ACKB at s+1+W). */
START_TEST(b1_row12_wait_states)
{
    mk2_tb *tb = chip_w(0);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64));
    uint64_t rd0 = mk2_tb_last_ack_ticks(tb);
    WR(tb, A_FILTER, 0xffff);
    uint64_t wr0 = mk2_tb_last_ack_ticks(tb);
    DO(tb, "strap waitstate 1"); /* no effect until a hardware reset */
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64));
    EXPECT_EQ(mk2_tb_last_ack_ticks(tb), rd0);
    DO(tb, "reset");
    WR(tb, A_CSR, CSR_WAITSTATES); /* write data ignored */
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_WAITSTATES));
    EXPECT_EQ(mk2_tb_last_ack_ticks(tb), rd0 + 1);
    WR(tb, A_FILTER, 0xffff);
    EXPECT_EQ(mk2_tb_last_ack_ticks(tb), wr0 + 1);
    DO(tb, "strap waitstate 0");
    DO(tb, "reset");
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64));
    EXPECT_EQ(mk2_tb_last_ack_ticks(tb), rd0);
    mk2_tb_free(tb);
}
END_TEST

/* Row bit 14 "32 bit mode enabled / High Order Reg is used for upper 32 bits of input data". */
START_TEST(b1_row14_mode32)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_MODE32 | CSR_SAMPLING_ON);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE32 | CSR_SAMPLING_ON));
    WR(tb, A_HIGH, 0xaabbccdd);
    WR(tb, A_TRACE, 0x9999999911223344ULL); /* pins 63..32 ignored */
    DO(tb, "drain");
    EXPECT_SAMPLE(tb, 0, 'T', 0, 0, 0, 0xaabbccdd11223344ULL);
    /* a 64-bit control register takes its upper half from the High Order Register too */
    WR(tb, A_HIGH, 0x12121212);
    WR(tb, A_MODE, 0x3333333323232323ULL);
    EXPECT_RD(tb, A_MODE, 0x1212121223232323ULL);
    mk2_tb_free(tb);
}
END_TEST

/* Row bit 15 "32 bit mode disabled (64 bit mode) / pins 32-63 are used for upper 32 bits of input data
 * (64 bit mode)"; the status column reads 1 in 64-bit mode (docs/decisions.md D2.9). */
START_TEST(b1_row15_mode64_default)
{
    mk2_tb *tb = chip();
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64));
    WR(tb, A_CSR, CSR_MODE32 | CSR_SAMPLING_ON);
    WR(tb, A_CSR, CSR_MODE64);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    WR(tb, A_HIGH, 0xaabbccdd);
    WR(tb, A_TRACE, 0x9999999911223344ULL);
    DO(tb, "drain");
    EXPECT_SAMPLE(tb, 0, 'T', 0, 0, 0, 0x9999999911223344ULL);
    /* D2.8: both bits, the default (64-bit) wins */
    WR(tb, A_CSR, CSR_MODE32 | CSR_MODE64);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    mk2_tb_free(tb);
}
END_TEST

Suite *suite_b1(void)
{
    Suite *s = suite_create("b1_csr");
    TCase *tc = tcase_create("b1");
    tcase_set_timeout(tc, MK2_CHECK_TIMEOUT);
    tcase_add_test(tc, b1_row0_enable_sampling);
    tcase_add_test(tc, b1_row1_disable_sampling_default);
    tcase_add_test(tc, b1_row2_enable_wait_on_overrun);
    tcase_add_test(tc, b1_row3_disable_wait_discard_default);
    tcase_add_test(tc, b1_row4_enable_read_wait);
    tcase_add_test(tc, b1_row5_disable_read_wait_default);
    tcase_add_test(tc, b1_row6_fifo_full);
    tcase_add_test(tc, b1_row7_shadow_full);
    tcase_add_test(tc, b1_row7_shadow_busy_for_168_node_clocks);
    tcase_add_test(tc, b1_row8_fifo_overrun_flag);
    tcase_add_test(tc, b1_row9_shadow_overrun_flag);
    tcase_add_test(tc, b1_row10_fifo_bit161);
    tcase_add_test(tc, b1_row11_read_zero);
    tcase_add_test(tc, b1_row12_wait_states);
    tcase_add_test(tc, b1_row13_read_zero);
    tcase_add_test(tc, b1_row14_mode32);
    tcase_add_test(tc, b1_row15_mode64_default);
    suite_add_tcase(s, tc);
    return s;
}
