/*
 * test_clar.c - one test per bullet of the MultiKron II part of ../shared/spec/CLARIFICATIONS.md, named
 * clar_<section>_<bullet>_...: hdr = "Sample header and byte order", err = "Error flags and accounting",
 * pi = "Processor interface", rc = "Resource counters", ts = "Timestamp", fifo = "FIFO and network",
 * test = "Test mode (TESTB low)". Each test quotes its bullet.
 */
#include "mk2_check.h"

/* ---- Sample header and byte order ---- */

/* Bullet 1: "Header byte, most significant bit first: bits 7:5 CPU ID (encoded), bits 4:3 sample type, bit 2
 * shadow-register overrun flag, bit 1 FIFO overrun flag, bit 0 always 0." */
START_TEST(clar_hdr_1_header_bit_layout)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    DO(tb, "cpu 7");
    DO(tb, "netrdy 0");
    WR(tb, A_RESOURCE, 1);
    for (unsigned i = 2; i <= 8; i++)
        WR(tb, A_TRACE, i);
    WR(tb, A_RESOURCE, 9); /* lost: both flags (Table B3a row 12) */
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    DO(tb, "cpu 5");
    WR(tb, A_TRACE, 10);
    DO(tb, "cpu 6");
    WR(tb, A_RESOURCE, 11);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 10);
    EXPECT_EQ(sample_at(tb, 0)->header, 0xf8); /* 111 11 0 0 0 */
    EXPECT_EQ(sample_at(tb, 1)->header, 0xf0); /* 111 10 0 0 0 */
    EXPECT_EQ(sample_at(tb, 8)->header, 0xb6); /* 101 10 1 1 0 */
    EXPECT_EQ(sample_at(tb, 9)->header, 0xd8); /* 110 11 0 0 0 */
    for (int i = 0; i < 10; i++)
        ck_assert_msg((sample_at(tb, i)->header & 1) == 0, "header bit 0 of sample %d is 1", i);
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 2: "Sample type: 10 = Trace, 11 = Resource." */
START_TEST(clar_hdr_2_type_trace_10_resource_11)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON);
    WR(tb, A_TRACE, 1);
    WR(tb, A_RESOURCE, 2);
    DO(tb, "drain");
    EXPECT_EQ(sample_at(tb, 0)->type, 2);
    EXPECT_EQ((sample_at(tb, 0)->header >> 3) & 3, 2);
    EXPECT_EQ(sample_at(tb, 0)->kind, 'T');
    EXPECT_EQ(sample_at(tb, 1)->type, 3);
    EXPECT_EQ((sample_at(tb, 1)->header >> 3) & 3, 3);
    EXPECT_EQ(sample_at(tb, 1)->kind, 'R');
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 3: "A sample goes out as a 160-bit word, most significant byte first: header, timestamp (7 bytes),
 * source id (4 bytes), user data (8 bytes); every field most significant byte first. A Resource sample
 * continues with counter 0 .. counter 15, 4 bytes each ... The EOM flag is set on the last byte only ...
 * Parity is odd over the 8 data bits." The capture checks EOM and parity on every byte and splits samples
 * at EOM; the 160-bit word is also read back through the FIFO groups (bits 159:128 first). */
START_TEST(clar_hdr_3_byte_order_eom_parity)
{
    mk2_tb *tb = chip();
    DO(tb, "test 1");
    WR(tb, A_TS, 0x0011223344556677ULL);
    DO(tb, "test 0");
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON);
    WR(tb, A_SRC + 4, 0x8899aabb);
    for (unsigned j = 0; j < 16; j++)
        WR(tb, A_CNT + j, 0x10203040u + 0x01010101u * j);
    DO(tb, "cpu 4");
    DO(tb, "netrdy 0");
    WR(tb, A_TRACE, 0xccddeeff01234567ULL);
    EXPECT_RD(tb, A_FIFO_A + 0, R32(0x90112233)); /* header 100 10 000 = 0x90, ts 55..32 */
    EXPECT_RD(tb, A_FIFO_A + 1, R32(0x44556677));
    EXPECT_RD(tb, A_FIFO_A + 2, R32(0x8899aabb));
    EXPECT_RD(tb, A_FIFO_A + 3, R32(0xccddeeff));
    EXPECT_RD(tb, A_FIFO_A + 4, R32(0x01234567));
    WR(tb, A_RESOURCE, 0x0f1e2d3c4b5a6978ULL);
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 2);
    for (int i = 0; i < 2; i++) {
        const mk2_sample *s = sample_at(tb, i);
        EXPECT_EQ(s->cpu, 4);
        EXPECT_EQ(s->ts, 0x0011223344556677ULL);
        EXPECT_EQ(s->src, 0x8899aabb);
    }
    EXPECT_SAMPLE(tb, 0, 'T', 4, 0, 0, 0xccddeeff01234567ULL);
    EXPECT_SAMPLE(tb, 1, 'R', 4, 0, 0, 0x0f1e2d3c4b5a6978ULL);
    for (unsigned j = 0; j < 16; j++)
        EXPECT_EQ(sample_at(tb, 1)->cnt[j], 0x10203040u + 0x01010101u * j);
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 4: "A 64-bit counter pair (even counter j in double precision) reports the low 32 bits in counter
 * j's slot and the high 32 bits in counter j+1's slot." */
START_TEST(clar_hdr_4_pair_low_half_in_even_slot)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    WR(tb, A_MODE, fld(2, M_DOUBLE | M_SW));
    WR(tb, A_ENABLE, fld(2, E_ENABLE));
    WR(tb, A_CNT + 2, 0xffffffff);
    WR(tb, A_CNT + 3, 0x00000005);
    WR(tb, A_CNT_NOCOPY + 2, 0); /* 0x5_ffffffff + 1 = 0x6_00000000 */
    WR(tb, A_RESOURCE, 0x42);
    DO(tb, "drain");
    EXPECT_EQ(sample_at(tb, 0)->cnt[2], 0);
    EXPECT_EQ(sample_at(tb, 0)->cnt[3], 6);
    mk2_tb_free(tb);
}
END_TEST

/* ---- Error flags and accounting ---- */

/* Bullet 1: "A sample that is lost (discarded by Table B3a) sets the matching pending flag(s); the next sample
 * that is taken carries them in its header and clears them. CSR bits 8 and 9 read the pending flags." */
START_TEST(clar_err_1_pending_flags_carried_once)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    DO(tb, "netrdy 0");
    WR(tb, A_RESOURCE, 1);
    WR(tb, A_RESOURCE, 2); /* shadow flag */
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_SHADOW_FULL | CSR_BIT161 | CSR_SHADOW_OVR));
    for (unsigned i = 3; i <= 9; i++)
        WR(tb, A_TRACE, i); /* 3 carries the shadow flag; the FIFO is full after 9 */
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_SHADOW_FULL | CSR_BIT161 | CSR_FIFO_FULL));
    WR(tb, A_TRACE, 10); /* FIFO flag */
    WR(tb, A_TRACE, 11); /* FIFO flag again: still one pending flag */
    EXPECT_RD(tb, A_CSR,
              R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_SHADOW_FULL | CSR_BIT161 | CSR_FIFO_FULL | CSR_FIFO_OVR));
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    WR(tb, A_TRACE, 12);
    WR(tb, A_TRACE, 13);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 10);
    EXPECT_SAMPLE(tb, 0, 'R', 0, 0, 0, 1);
    EXPECT_SAMPLE(tb, 1, 'T', 0, 1, 0, 3);
    EXPECT_SAMPLE(tb, 2, 'T', 0, 0, 0, 4);
    EXPECT_SAMPLE(tb, 7, 'T', 0, 0, 0, 9);
    EXPECT_SAMPLE(tb, 8, 'T', 0, 0, 1, 12);
    EXPECT_SAMPLE(tb, 9, 'T', 0, 0, 0, 13);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    EXPECT_RD(tb, A_OVRCNT, R32(3));
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 1, "the next sample that is taken": a sample filtered out, or written while sampling is disabled,
 * is not taken, so the pending flag waits for the next one that is. */
START_TEST(clar_err_1_flags_wait_for_a_taken_sample)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    WR(tb, A_FILTER, 0x0001);
    DO(tb, "netrdy 0");
    WR(tb, A_RESOURCE, 1);
    WR(tb, A_RESOURCE, 2); /* lost: shadow flag */
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    WR(tb, A_TRACE + 1, 3); /* filtered */
    WR(tb, A_RESOURCE + 1, 4); /* filtered */
    WR(tb, A_CSR, CSR_SAMPLING_OFF);
    WR(tb, A_TRACE, 5); /* sampling off */
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SHADOW_OVR));
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    WR(tb, A_TRACE, 6);
    WR(tb, A_TRACE, 7);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 3);
    EXPECT_SAMPLE(tb, 1, 'T', 0, 1, 0, 6);
    EXPECT_SAMPLE(tb, 2, 'T', 0, 0, 0, 7);
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 2: "The Overrun Error Counter counts every discarded sample once, whatever the cause. Samples
 * discarded by the Filter Register or while sampling is disabled are not errors: they are acknowledged
 * normally and counted nowhere." */
START_TEST(clar_err_2_overrun_counts_once_filter_not_error)
{
    mk2_tb *tb = chip();
    WR(tb, A_FILTER, 0x0001);
    uint64_t lat0 = mk2_tb_last_ack_ticks(tb);
    WR(tb, A_TRACE, 1); /* sampling disabled */
    EXPECT_EQ(mk2_tb_last_ack_ticks(tb), lat0);
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    WR(tb, A_TRACE + 1, 2); /* filtered out */
    EXPECT_EQ(mk2_tb_last_ack_ticks(tb), lat0);
    WR(tb, A_RESOURCE + 3, 3); /* filtered out */
    EXPECT_EQ(mk2_tb_last_ack_ticks(tb), lat0);
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    EXPECT_EQ(mk2_tb_accounts(tb).accepted, 0);
    /* one discard for both reasons (FIFO and shadows full) counts once */
    DO(tb, "netrdy 0");
    WR(tb, A_RESOURCE, 4);
    for (unsigned i = 5; i <= 11; i++)
        WR(tb, A_TRACE, i);
    WR(tb, A_RESOURCE, 12);
    EXPECT_RD(tb, A_OVRCNT, R32(1));
    WR(tb, A_TRACE + 2, 13); /* filtered while the FIFO is full: no overrun */
    EXPECT_RD(tb, A_OVRCNT, R32(1));
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 8);
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 3: "Invariant (tests must check it): samples accepted for sampling = samples that leave on the
 * network + samples counted as overruns (+ samples still inside the chip)." The expected figures are counted
 * here from the writes made. */
START_TEST(clar_err_3_conservation_invariant)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    WR(tb, A_FILTER, 0x00ff);
    unsigned accepted = 0;
    DO(tb, "netrdy 0");
    for (unsigned i = 0; i < 20; i++) {
        unsigned level = i % 10; /* levels 8, 9 filtered out */
        WR(tb, (i % 3 == 0 ? A_RESOURCE : A_TRACE) + level, i);
        accepted += level < 8;
        EXPECT_CONSERVED(tb);
    }
    mk2_tb_accounting a = mk2_tb_accounts(tb);
    EXPECT_EQ(a.accepted, accepted);
    EXPECT_EQ(a.inside, 8);
    EXPECT_EQ(a.sent, 0);
    EXPECT_EQ(a.discarded, accepted - 8);
    EXPECT_RD(tb, A_OVRCNT, R32(accepted - 8));
    DO(tb, "netrdy 1");
    DO(tb, "idle 100");
    EXPECT_CONSERVED(tb);
    DO(tb, "drain");
    a = mk2_tb_accounts(tb);
    EXPECT_CONSERVED(tb);
    EXPECT_EQ(a.sent, 8);
    EXPECT_EQ(a.inside, 0);
    EXPECT_EQ(mk2_tb_sample_count(tb), 8);
    EXPECT_EQ(a.accepted, a.sent + (uint32_t)RD(tb, A_OVRCNT));
    mk2_tb_free(tb);
}
END_TEST

/* ---- Processor interface ---- */

/* Bullet 1: "Address = the 7-bit MultiKron field (A6..A0), a 64-bit location each." */
START_TEST(clar_pi_1_seven_bit_address_64bit_locations)
{
    mk2_tb *tb = chip();
    WR(tb, A_ENABLE, 0x2222222222222222ULL);
    WR(tb, A_MODE, 0x9abcdef123456712ULL);
    WR(tb, A_CLKSEL, 0x1234567123456712ULL);
    EXPECT_RD(tb, A_MODE, 0x9abcdef123456712ULL);
    EXPECT_RD(tb, A_CLKSEL, 0x1234567123456712ULL);
    EXPECT_RD(tb, A_ENABLE, 0x2222222222222222ULL);
    /* neighbouring locations are distinct registers */
    EXPECT_RD(tb, A_ENABLE + 1, ALL1);
    EXPECT_RD(tb, A_MODE + 1, ALL1);
    EXPECT_RD(tb, MK2_ADDR_SAMPLE_RESOURCE_LAST, ALL1);
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 2: "With W wait states (the WAITSTATE pin, latched while RESETB is low; CSR bit 12 reads it), an
 * uncontended access completes in a fixed, small number of node clocks ...; a contended one (Tables B3a,
 * B3b) adds exactly the cycles counted by the Wait Error Counter." */
static void wait_state_latency(unsigned w, uint64_t *rd, uint64_t *wr)
{
    mk2_tb *tb = chip_w(w);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | (w ? CSR_WAITSTATES : 0)));
    *rd = mk2_tb_last_ack_ticks(tb);
    static const unsigned raddr[] = {A_CSR, A_TS, A_FILTER, A_HIGH, A_MODE, A_FIFO_A, A_SRC + 1, A_CNT,
                                     A_CNT_NOCOPY, A_TRACE + 4, A_RESOURCE + 8};
    for (unsigned i = 0; i < sizeof raddr / sizeof *raddr; i++) {
        RD(tb, raddr[i]);
        EXPECT_EQ(mk2_tb_last_ack_ticks(tb), *rd);
    }
    WR(tb, A_FILTER, 0xffff);
    *wr = mk2_tb_last_ack_ticks(tb);
    static const unsigned waddr[] = {A_SWRESET, A_CSR, A_FILTER, A_HIGH, A_ENABLE, A_MODE, A_CLKSEL, A_SRC + 1,
                                     A_CNT, A_CNT_NOCOPY, A_TRACE, A_RESOURCE};
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON);
    for (unsigned i = 0; i < sizeof waddr / sizeof *waddr; i++) {
        WR(tb, waddr[i], 0);
        EXPECT_EQ(mk2_tb_last_ack_ticks(tb), *wr);
    }
    /* contended: FIFO full, released later (the loop above cleared the Filter) */
    WR(tb, A_FILTER, 0xffff);
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON);
    DO(tb, "netrdy 0");
    for (unsigned i = 0; i < 8; i++)
        WR(tb, A_TRACE, i);
    DO(tb, "after 33 netrdy 1");
    WR(tb, A_TRACE, 8);
    uint64_t extra = mk2_tb_last_ack_ticks(tb) - *wr;
    EXPECT_RD(tb, A_WAITCNT, R32(extra));
    ck_assert_msg(extra > 33, "waited only %" PRIu64, extra);
    DO(tb, "drain");
    mk2_tb_free(tb);
}
START_TEST(clar_pi_2_wait_states_fixed_latency_contention_counted)
{
    uint64_t rd0, wr0, rd1, wr1;
    wait_state_latency(0, &rd0, &wr0);
    wait_state_latency(1, &rd1, &wr1);
    EXPECT_EQ(rd1, rd0 + 1);
    EXPECT_EQ(wr1, wr0 + 1);
}
END_TEST

/* Bullet 3: "An interaction starts when READB or WRITEB is low and STARTB is low. Once started, the strobes
 * are ignored until ACKB. A new interaction starts only after the strobes (or STARTB) have been seen inactive
 * since the previous ACKB, so a strobe held low never triggers twice." The harness's bus-functional model
 * drives STARTB and the strobes (it offers no command to hold them low), so this checks the visible half:
 * every write cycle acts exactly once, back-to-back cycles included. */
START_TEST(clar_pi_3_one_cycle_one_action)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON);
    WR(tb, A_MODE, fld(0, M_SW));
    WR(tb, A_ENABLE, fld(0, E_ENABLE));
    for (int i = 0; i < 25; i++)
        WR(tb, A_CNT_NOCOPY, 0);
    EXPECT_RD(tb, A_CNT, R32(25));
    for (unsigned i = 0; i < 5; i++)
        WR(tb, A_TRACE, i);
    DO(tb, "hold 5");
    RD(tb, A_CSR);
    WR(tb, A_TRACE, 5);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 6);
    EXPECT_RD(tb, A_CNT, R32(25));
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 4: "READB and WRITEB both low: treated as a read (no state changes)." The harness cannot drive both
 * strobes low; this checks the "no state changes" half: a read of any address changes nothing (no sample
 * from 96-127, no increment from 80-95, no reset from 0, no pop from 21). */
START_TEST(clar_pi_4_reads_change_no_state)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    WR(tb, A_FILTER, 0xfff0);
    WR(tb, A_MODE, 0x2222222222222222ULL);
    WR(tb, A_ENABLE, 0x2222222222222222ULL);
    DO(tb, "netrdy 0");
    WR(tb, A_TRACE + 4, 0x99);
    DO(tb, "test 1");
    for (unsigned a = 0; a < MK2_ADDR_COUNT; a++)
        if (a != A_HIGH)
            RD(tb, a);
    DO(tb, "test 0");
    for (unsigned a = 0; a < MK2_ADDR_COUNT; a++)
        if (a != A_HIGH)
            RD(tb, a);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    EXPECT_RD(tb, A_FILTER, R16(0xfff0));
    EXPECT_RD(tb, A_FIFO_A + 4, R32(0x99));
    for (unsigned j = 0; j < 16; j++)
        EXPECT_RD(tb, A_CNT + j, R32(0));
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 1);
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 3, the other half: with `strobe hold N` the bus model keeps STARTB and the strobe low for N node
 * clocks after the start, well past ACKB. The chip must act once: one software increment, one sample, and
 * no second ACKB (the harness fails the run if one comes). */
START_TEST(clar_pi_3_strobe_held_low_triggers_once)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    WR(tb, A_MODE, fld(0, M_SW));
    WR(tb, A_ENABLE, fld(0, E_ENABLE));
    DO(tb, "strobe hold 30");
    WR(tb, A_CNT_NOCOPY, 0);
    EXPECT_RD(tb, A_CNT, R32(1));
    DO(tb, "strobe hold 12");
    WR(tb, A_TRACE, 0x77);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 1);
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 4, the other half: `rdwr ADDR` drives READB and WRITEB both low. It is a read: it returns the
 * register, and a "write" to a sample or software-increment address does nothing. */
START_TEST(clar_pi_4_both_strobes_low_is_a_read)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    WR(tb, A_FILTER, 0x1234);
    WR(tb, A_MODE, fld(0, M_SW));
    WR(tb, A_ENABLE, fld(0, E_ENABLE));
    DO(tb, "rdwr %u expect 0xffffffffffff1234", (unsigned)A_FILTER);
    DO(tb, "rdwr %u", (unsigned)A_CNT_NOCOPY);
    DO(tb, "rdwr %u", (unsigned)A_TRACE);
    DO(tb, "rdwr %u", (unsigned)A_SWRESET);
    EXPECT_RD(tb, A_CNT, R32(0));
    EXPECT_RD(tb, A_FILTER, R16(0x1234));
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 0);
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 5: "ACKB is low for one node clock, or for as long as HOLDB is low; read data is driven while ACKB
 * is low." With `hold N` the read command lasts until ACKB is seen high again: N + 1 node clocks more
 * than a plain read (docs/decisions.md D2.5 and section 9), and the data is the same. */
START_TEST(clar_pi_5_ackb_extended_by_holdb)
{
    mk2_tb *tb = chip();
    WR(tb, A_FILTER, 0x1357);
    uint64_t t0 = mk2_tb_ticks(tb);
    EXPECT_RD(tb, A_FILTER, R16(0x1357));
    uint64_t plain = mk2_tb_ticks(tb) - t0;
    uint64_t lat = mk2_tb_last_ack_ticks(tb);
    static const unsigned holds[] = {1, 4, 17};
    for (unsigned i = 0; i < 3; i++) {
        DO(tb, "hold %u", holds[i]);
        t0 = mk2_tb_ticks(tb);
        EXPECT_RD(tb, A_FILTER, R16(0x1357));
        EXPECT_EQ(mk2_tb_ticks(tb) - t0, plain + holds[i] + 1);
        EXPECT_EQ(mk2_tb_last_ack_ticks(tb), lat);
    }
    /* the hold applies to one read only */
    t0 = mk2_tb_ticks(tb);
    RD(tb, A_FILTER);
    EXPECT_EQ(mk2_tb_ticks(tb) - t0, plain);
    /* a write between `hold` and the read is not held and leaves the hold to the read (README: "the
     * next read"); an unheld write of a register takes as long as an unheld read (D2.3) */
    DO(tb, "hold 6");
    t0 = mk2_tb_ticks(tb);
    WR(tb, A_FILTER, 0x2468);
    EXPECT_EQ(mk2_tb_ticks(tb) - t0, plain);
    t0 = mk2_tb_ticks(tb);
    EXPECT_RD(tb, A_FILTER, R16(0x2468));
    EXPECT_EQ(mk2_tb_ticks(tb) - t0, plain + 6 + 1);
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 6: "Reads: unused bit positions above a register's width return 1. Within the 16-bit CSR the unused
 * positions return 0 (Table B1). Addresses with no read function return all ones." Every address after a
 * hardware reset (High Order first, since every other read loads it). */
START_TEST(clar_pi_6_read_values_of_every_address)
{
    mk2_tb *tb = chip();
    EXPECT_RD(tb, A_HIGH, R32(0));
    for (unsigned a = 0; a < MK2_ADDR_COUNT; a++) {
        uint64_t want = ALL1;
        switch (a) {
        case A_CSR: want = R16(CSR_MODE64); break;
        case A_TS: want = R56(0); break;
        case A_FILTER: want = R16(0xffff); break;
        case A_WAITCNT: case A_OVRCNT: want = R32(0); break;
        case A_HIGH: want = R32(0xffffffff); break; /* loaded by the read of 6 just before */
        case A_ENABLE: want = 0x1111111111111111ULL; break;
        case A_MODE: case A_CLKSEL: want = 0x4444444444444444ULL; break;
        default:
            if (MK2_IS_SOURCE(a) || MK2_IS_COUNTER(a))
                want = R32(0);
        }
        EXPECT_RD(tb, a, want);
    }
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 7: "A read of the High Order 32 Bit Register (address 7) returns it on D31..D0 and does not
 * overwrite it with D63..D32 (every other read does copy D63..D32 into it)." 32-bit mode: read the low half,
 * then the high half from address 7. */
START_TEST(clar_pi_7_high_order_register_on_reads)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_MODE32);
    WR(tb, A_HIGH, 0x19abcdef);
    WR(tb, A_MODE, 0x12345671); /* {High Order, D31..D0}: no x000 field */
    EXPECT_RD(tb, A_HIGH, R32(0x19abcdef));
    EXPECT_RD(tb, A_HIGH, R32(0x19abcdef));
    EXPECT_RD(tb, A_MODE, 0x19abcdef12345671ULL);
    EXPECT_RD(tb, A_HIGH, R32(0x19abcdef));
    EXPECT_RD(tb, A_CLKSEL, 0x4444444444444444ULL);
    EXPECT_RD(tb, A_HIGH, R32(0x44444444));
    EXPECT_RD(tb, A_SRC, R32(0));
    EXPECT_RD(tb, A_HIGH, R32(0xffffffff));
    EXPECT_RD(tb, A_TS + 1, ALL1); /* no register */
    EXPECT_RD(tb, A_HIGH, R32(0xffffffff));
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 8: "Writes to test-only addresses (marked * in Table B4) outside test mode are acknowledged and do
 * nothing." Acknowledged with the usual latency; nothing changes (see also test_b4.c). */
START_TEST(clar_pi_8_test_only_writes_acked_do_nothing)
{
    static const unsigned starred[] = {2, 16, 17, 18, 19, 20, 21, 25, 26, 27, 28, 29};
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    uint64_t lat0 = mk2_tb_last_ack_ticks(tb);
    DO(tb, "tsclk 2");
    DO(tb, "netrdy 0");
    for (unsigned i = 0; i < 9; i++)
        WR(tb, A_TRACE, i); /* Overrun 1 */
    DO(tb, "after 20 netrdy 1");
    WR(tb, A_CSR, CSR_WAIT_ON);
    WR(tb, A_TRACE, 9); /* waits */
    uint32_t w = (uint32_t)RD(tb, A_WAITCNT);
    for (unsigned i = 0; i < sizeof starred / sizeof *starred; i++) {
        WR(tb, starred[i], 0x00ffffffffffff00ULL);
        EXPECT_EQ(mk2_tb_last_ack_ticks(tb), lat0);
    }
    EXPECT_RD(tb, A_TS, R56(2));
    EXPECT_RD(tb, A_WAITCNT, R32(w));
    EXPECT_RD(tb, A_OVRCNT, R32(1));
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 9);
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 9: "CPU ID lines C7..C0 are active high. None active: CPU 0. More than one active: the
 * lowest-numbered active line wins." */
START_TEST(clar_pi_9_cpu_id_lines)
{
    static const struct { unsigned mask, cpu; } c[] = {
        {0x00, 0}, {0x01, 0}, {0x80, 7}, {0x28, 3}, {0xff, 0}, {0xc0, 6}, {0x06, 1}, {0x50, 4}};
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON);
    for (unsigned i = 0; i < 8; i++)
        WR(tb, A_SRC + i, 0xc0de0000u + i);
    for (unsigned i = 0; i < 8; i++) {
        DO(tb, "cpu lines 0x%x", c[i].mask);
        WR(tb, A_TRACE, i);
    }
    DO(tb, "cpu none");
    WR(tb, A_RESOURCE, 8);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 9);
    for (int i = 0; i < 8; i++) {
        EXPECT_SAMPLE(tb, i, 'T', c[i].cpu, 0, 0, i);
        EXPECT_EQ(sample_at(tb, i)->src, 0xc0de0000u + c[i].cpu);
    }
    EXPECT_SAMPLE(tb, 8, 'R', 0, 0, 0, 8);
    EXPECT_EQ(sample_at(tb, 8)->src, 0xc0de0000u);
    mk2_tb_free(tb);
}
END_TEST

/* ---- Resource counters ---- */

/* Bullet 1: "Every source counts only while the counter is enabled. Defaults after reset: every counter
 * disabled, mode External Signal, single precision, clock select Timestamp clock (the ** entries of Tables
 * B5-B7), counters 0." */
START_TEST(clar_rc_1_enabled_only_and_defaults)
{
    mk2_tb *tb = chip();
    EXPECT_RD(tb, A_ENABLE, 0x1111111111111111ULL);
    EXPECT_RD(tb, A_MODE, 0x4444444444444444ULL);
    EXPECT_RD(tb, A_CLKSEL, 0x4444444444444444ULL);
    for (unsigned j = 0; j < 16; j++)
        EXPECT_RD(tb, A_CNT + j, R32(0));
    /* disabled: no source counts */
    WR(tb, A_MODE, fld(0, M_CLK) | fld(1, M_SW) | fld(2, M_EXTEN) | fld(3, M_EXT) | fld(4, M_CLK));
    WR(tb, A_CLKSEL, fld(0, C_NODE) | fld(2, C_NODE) | fld(4, C_TS));
    DO(tb, "ext 2 1");
    DO(tb, "ext 3 pulse 5");
    DO(tb, "tsclk 5");
    WR(tb, A_CNT_NOCOPY + 1, 0);
    DO(tb, "idle 50");
    for (unsigned j = 0; j < 5; j++)
        EXPECT_RD(tb, A_CNT + j, R32(0));
    /* enabled, the same sources count */
    WR(tb, A_ENABLE, 0x22222);
    DO(tb, "ext 3 pulse 5");
    DO(tb, "tsclk 5");
    WR(tb, A_CNT_NOCOPY + 1, 0);
    DO(tb, "idle 50");
    WR(tb, A_ENABLE, 0x11111);
    for (unsigned j = 0; j < 5; j++)
        ck_assert_msg((uint32_t)RD(tb, A_CNT + j) > 0, "counter %u did not count while enabled", j);
    EXPECT_RD(tb, A_CNT + 1, R32(1));
    EXPECT_RD(tb, A_CNT + 3, R32(5));
    EXPECT_RD(tb, A_CNT + 4, R32(5));
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 2: "Enable Register read: each 4-bit field reads 0010 (enabled) or 0001 (disabled). Mode and Clock
 * Select read back the last non-NOP value of each field." */
START_TEST(clar_rc_2_control_register_readback)
{
    mk2_tb *tb = chip();
    WR(tb, A_ENABLE, 0xfedcba9876543210ULL);
    /* fields 15..0 = f e d c b a 9 8 7 6 5 4 3 2 1 0: xx11/xx10 -> 0010, xx01 -> 0001, xx00 -> unchanged (0001) */
    EXPECT_RD(tb, A_ENABLE, 0x2211221122112211ULL);
    /* x000 fields (0 and 8) keep the reset value 0100 */
    WR(tb, A_MODE, 0xf0e0d0c0b0a09080ULL);
    EXPECT_RD(tb, A_MODE, 0xf4e4d4c4b4a49444ULL);
    WR(tb, A_MODE, 0x0000000800000001ULL);
    EXPECT_RD(tb, A_MODE, 0xf4e4d4c4b4a49441ULL);
    WR(tb, A_CLKSEL, 0x0102030405060708ULL);
    EXPECT_RD(tb, A_CLKSEL, 0x4142434445464744ULL);
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 3: "32-bit counters and 64-bit pairs saturate at all ones." Driven by the node clock. */
START_TEST(clar_rc_3_saturation)
{
    mk2_tb *tb = chip();
    WR(tb, A_MODE, fld(0, M_CLK) | fld(2, M_DOUBLE | M_CLK) | fld(5, M_CLK));
    WR(tb, A_CLKSEL, fld(0, C_NODE) | fld(2, C_NODE) | fld(5, C_NODE));
    WR(tb, A_CNT + 0, 0xffffffe0);
    WR(tb, A_CNT + 2, 0xffffffe0);
    WR(tb, A_CNT + 3, 0xffffffff);
    WR(tb, A_CNT + 5, 0xffffffe0);
    WR(tb, A_ENABLE, fld(0, E_ENABLE) | fld(2, E_ENABLE) | fld(5, E_ENABLE));
    DO(tb, "idle 100");
    EXPECT_RD(tb, A_CNT + 0, R32(0xffffffff));
    EXPECT_RD(tb, A_CNT + 1, R32(0));
    EXPECT_RD(tb, A_CNT + 2, R32(0xffffffff));
    EXPECT_RD(tb, A_CNT + 3, R32(0xffffffff));
    EXPECT_RD(tb, A_CNT + 5, R32(0xffffffff));
    EXPECT_RD(tb, A_CNT + 6, R32(0));
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 4: "In double precision the even counter's Mode, Clock Select and Enable fields govern the pair;
 * writing counter j writes that 32-bit half." */
START_TEST(clar_rc_4_pair_fields_and_half_writes)
{
    mk2_tb *tb = chip();
    /* pair 14/15: even = double software, odd = node clock, enabled: only the even's settings matter */
    WR(tb, A_MODE, fld(14, M_DOUBLE | M_SW) | fld(15, M_CLK));
    WR(tb, A_CLKSEL, fld(14, C_TS) | fld(15, C_NODE));
    WR(tb, A_ENABLE, fld(14, E_ENABLE) | fld(15, E_ENABLE));
    WR(tb, A_CNT + 14, 0xfffffffe);
    WR(tb, A_CNT + 15, 0x10);
    DO(tb, "idle 50");
    EXPECT_RD(tb, A_CNT + 14, R32(0xfffffffe));
    EXPECT_RD(tb, A_CNT + 15, R32(0x10));
    WR(tb, A_CNT_NOCOPY + 14, 0);
    WR(tb, A_CNT_NOCOPY + 14, 0);
    EXPECT_RD(tb, A_CNT + 14, R32(0));
    EXPECT_RD(tb, A_CNT + 15, R32(0x11));
    /* writing one half leaves the other */
    WR(tb, A_CNT + 15, 0xabc);
    EXPECT_RD(tb, A_CNT + 14, R32(0));
    EXPECT_RD(tb, A_CNT + 15, R32(0xabc));
    WR(tb, A_CNT + 14, 0x123);
    EXPECT_RD(tb, A_CNT + 15, R32(0xabc));
    EXPECT_RD(tb, A_CNT + 14, R32(0x123));
    /* the even's Enable governs: disabling 14 stops the pair even though 15 reads enabled */
    WR(tb, A_ENABLE, fld(14, E_DISABLE));
    WR(tb, A_CNT_NOCOPY + 14, 0);
    EXPECT_RD(tb, A_CNT + 14, R32(0x123));
    /* the even's Clock Select governs: pair counting the Timestamp clock */
    WR(tb, A_MODE, fld(14, M_DOUBLE | M_CLK));
    WR(tb, A_ENABLE, fld(14, E_RESET_ENABLE));
    DO(tb, "idle 40");
    EXPECT_RD(tb, A_CNT + 14, R32(0));
    DO(tb, "tsclk 3");
    EXPECT_RD(tb, A_CNT + 14, R32(3));
    EXPECT_RD(tb, A_CNT + 15, R32(0));
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 5: "External inputs X15..X0 and the Timestamp clock are asynchronous to the node clock: they pass a
 * synchronizer, and rising edges are counted." A level held high is one edge; a free-running Timestamp clock
 * at node/5 gives one count per 5 node clocks. */
START_TEST(clar_rc_5_async_inputs_rising_edges)
{
    mk2_tb *tb = chip();
    WR(tb, A_MODE, fld(9, M_EXT) | fld(1, M_CLK));
    WR(tb, A_ENABLE, fld(9, E_ENABLE) | fld(1, E_ENABLE)); /* counter 1: Timestamp clock (default select) */
    DO(tb, "ext 9 1");
    DO(tb, "idle 100");
    DO(tb, "ext 9 0");
    DO(tb, "idle 100");
    DO(tb, "ext 9 1");
    DO(tb, "idle 3");
    DO(tb, "ext 9 0");
    DO(tb, "idle 5");
    EXPECT_RD(tb, A_CNT + 9, R32(2));
    DO(tb, "tsclk run 5");
    DO(tb, "idle 1000");
    DO(tb, "tsclk stop");
    DO(tb, "idle 10");
    uint32_t n = (uint32_t)RD(tb, A_CNT + 1);
    EXPECT_RANGE(n, 199, 201);
    EXPECT_RD(tb, A_TS, R56(n));
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 5, the synchronizer's latency from docs/decisions.md: D4.1 "if Xj is high from tick t on (low at
 * t-1), the count lands at edge t+2", D5.1 the same for the Timestamp clock, D2.6 a read returns the value
 * just before its action edge, D2.3 the action edge of a read started at tick s is s+1. A level applied
 * by a pin command holds from the next tick, which is the first tick of the next read: the first read
 * (action s+1) misses the count, the second (action s+3) sees it. */
START_TEST(clar_rc_5_synchronizer_latency_decisions)
{
    mk2_tb *tb = chip();
    WR(tb, A_ENABLE, fld(0, E_ENABLE)); /* mode External Signal after reset */
    DO(tb, "ext 0 1");
    EXPECT_RD(tb, A_CNT + 0, R32(0));
    EXPECT_RD(tb, A_CNT + 0, R32(1));
    DO(tb, "tsclk run 100");
    EXPECT_RD(tb, A_TS, R56(0));
    EXPECT_RD(tb, A_TS, R56(1));
    DO(tb, "tsclk stop");
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 6: "Read-with-copy while the shadow registers are busy and read-wait is off returns the current
 * (stale) shadow contents and copies nothing." */
START_TEST(clar_rc_6_read_with_copy_busy_stale_no_copy)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    for (unsigned j = 0; j < 16; j++)
        WR(tb, A_CNT + j, 0x100 + j);
    DO(tb, "netrdy 0");
    WR(tb, A_RESOURCE, 1);
    for (unsigned j = 0; j < 16; j++)
        WR(tb, A_CNT + j, 0x200 + j);
    for (unsigned j = 0; j < 16; j++)
        EXPECT_RD(tb, A_CNT + j, R32(0x100 + j));
    for (unsigned j = 0; j < 16; j++)
        EXPECT_RD(tb, A_CNT_NOCOPY + j, R32(0x100 + j));
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    for (unsigned j = 0; j < 16; j++)
        EXPECT_EQ(sample_at(tb, 0)->cnt[j], 0x100 + j);
    EXPECT_RD(tb, A_CNT + 5, R32(0x205)); /* free again: copies */
    EXPECT_RD(tb, A_CNT_NOCOPY + 9, R32(0x209));
    mk2_tb_free(tb);
}
END_TEST

/* ---- Timestamp ---- */

/* Bullet 1: "56 bits, cleared only by RESETB (not by the software reset), counts rising edges of the
 * Timestamp clock; writable (address 2) and incrementable (address 16) only in test mode. A sample carries
 * the timestamp of the clock in which the sample is written into the FIFO." */
START_TEST(clar_ts_1_timestamp)
{
    mk2_tb *tb = chip();
    DO(tb, "tsclk 7");
    EXPECT_RD(tb, A_TS, R56(7));
    WR(tb, A_SWRESET, 0);
    EXPECT_RD(tb, A_TS, R56(7));
    WR(tb, A_TS, 0x1234);
    WR(tb, A_INC_TS, 0);
    EXPECT_RD(tb, A_TS, R56(7));
    DO(tb, "test 1");
    WR(tb, A_TS, 0xffffffffffffff00ULL);
    WR(tb, A_INC_TS, 0);
    DO(tb, "test 0");
    EXPECT_RD(tb, A_TS, R56(0x00ffffffffffff01ULL));
    DO(tb, "reset 5"); /* RESETB "MUST be active for minimum of five node clocks" (Table C3) */
    EXPECT_RD(tb, A_TS, R56(0));
    /* at the fastest legal rate ("MUST NOT Exceed 1/3 the Node clock frequency", Table C3) no edge is lost */
    DO(tb, "tsclk run 3");
    DO(tb, "idle 600");
    DO(tb, "tsclk stop");
    DO(tb, "idle 6");
    EXPECT_RANGE(RD(tb, A_TS) & 0xffffffffffffffULL, 199, 201);
    DO(tb, "reset");
    /* the sample's timestamp is the one at the clock it enters the FIFO: here after waiting for space */
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON);
    DO(tb, "tsclk 3");
    WR(tb, A_TRACE, 1);
    DO(tb, "netrdy 0");
    for (unsigned i = 2; i <= 8; i++)
        WR(tb, A_TRACE, i);
    DO(tb, "after 4 tsclk run 4");
    DO(tb, "after 200 netrdy 1");
    WR(tb, A_TRACE, 9); /* waits about 200 + 40 node clocks while the Timestamp clock runs at node/4 */
    DO(tb, "tsclk stop");
    DO(tb, "idle 8");
    uint64_t ts_end = RD(tb, A_TS) & 0x00ffffffffffffffULL;
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 9);
    EXPECT_EQ(sample_at(tb, 0)->ts, 3);
    EXPECT_EQ(sample_at(tb, 7)->ts, 3);
    uint64_t ts9 = sample_at(tb, 8)->ts;
    EXPECT_RANGE(ts9, (200 + 40 - 4) / 4 - 3 + 3, (200 + 40 - 4) / 4 + 3 + 3);
    ck_assert_msg(ts9 <= ts_end, "sample ts %" PRIu64 " after the final Timestamp %" PRIu64, ts9, ts_end);
    mk2_tb_free(tb);
}
END_TEST

/* ---- FIFO and network ---- */

/* Bullet 1: "The trace FIFO holds FIFO_DEPTH samples ... default 8. With the network stalled (NETRDY low)
 * exactly FIFO_DEPTH Trace samples are accepted and the next one overruns (or waits). A sample stays in the
 * FIFO until its last trace byte has left; CSR bit 10 and test-mode reads of groups A..E (address 25 =
 * bits 159:128 .. address 29 = bits 31:0) show the FIFO head." */
START_TEST(clar_fifo_1_depth_and_head_until_last_byte)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    DO(tb, "netrdy 0");
    for (unsigned i = 1; i <= 8; i++) {
        WR(tb, A_TRACE, i);
        EXPECT_RD(tb, A_OVRCNT, R32(0));
    }
    WR(tb, A_TRACE, 9);
    EXPECT_RD(tb, A_OVRCNT, R32(1));
    EXPECT_RD(tb, A_FIFO_A + 4, R32(1));
    /* NETRDY high: the head's 20 bytes take 40 node clocks; until the last one it still holds its slot */
    DO(tb, "netrdy 1");
    DO(tb, "idle 26");
    EXPECT_RD(tb, A_FIFO_A + 4, R32(1));
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_FIFO_FULL | CSR_FIFO_OVR));
    WR(tb, A_TRACE, 10); /* still full: lost */
    EXPECT_RD(tb, A_OVRCNT, R32(2));
    DO(tb, "idle 20");
    EXPECT_RD(tb, A_FIFO_A + 4, R32(2));
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_FIFO_OVR));
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 8);
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 2: "With NETRDY high and samples waiting, the output carries one byte on every NETCLK, with no idle
 * NETCLK between samples." (The network suite has more of these.) */
START_TEST(clar_fifo_2_no_idle_netclk)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    DO(tb, "netrdy 0");
    WR(tb, A_RESOURCE, 1);
    WR(tb, A_TRACE, 2);
    WR(tb, A_TRACE, 3);
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 3);
    EXPECT_EQ(sample_at(tb, 1)->netclk - sample_at(tb, 0)->netclk, 84);
    EXPECT_EQ(sample_at(tb, 2)->netclk - sample_at(tb, 1)->netclk, 20);
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 3: "Software reset (address 0) returns every register to its reset value except the Timestamp and
 * the latched wait-state count; it empties the FIFO and frees the shadow registers." */
START_TEST(clar_fifo_3_software_reset)
{
    mk2_tb *tb = chip_w(1);
    DO(tb, "tsclk 6");
    WR(tb, A_FILTER, 0x0ff0);
    for (unsigned i = 0; i < 8; i++)
        WR(tb, A_SRC + i, 0x1000 + i);
    WR(tb, A_MODE, 0x1212121212121212ULL);
    WR(tb, A_CLKSEL, 0x3131313131313131ULL);
    WR(tb, A_ENABLE, 0x2222222222222222ULL);
    for (unsigned j = 0; j < 16; j++)
        WR(tb, A_CNT + j, 0x500 + j);
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_RDWAIT_ON);
    DO(tb, "netrdy 0");
    WR(tb, A_RESOURCE + 4, 1); /* shadows busy */
    for (unsigned i = 0; i < 8; i++)
        WR(tb, A_TRACE + 5, 2 + i); /* FIFO full, one lost: overrun flag and counter */
    DO(tb, "test 1");
    WR(tb, A_WAITCNT, 0x77);
    DO(tb, "test 0");
    WR(tb, A_CSR, CSR_WAIT_ON | CSR_MODE32);
    WR(tb, A_HIGH, 0xabcdef);
    EXPECT_RD(tb, A_CSR, R16(CSR_SAMPLING_ON | CSR_WAIT_ON | CSR_RDWAIT_ON | CSR_MODE32 | CSR_FIFO_FULL |
                             CSR_SHADOW_FULL | CSR_BIT161 | CSR_FIFO_OVR | CSR_WAITSTATES));
    WR(tb, A_HIGH, 0xabcdef); /* the read above loaded it */
    WR(tb, A_SWRESET, 0);
    EXPECT_RD(tb, A_HIGH, R32(0));
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_WAITSTATES));
    EXPECT_RD(tb, A_TS, R56(6));
    EXPECT_RD(tb, A_FILTER, R16(0xffff));
    EXPECT_RD(tb, A_WAITCNT, R32(0));
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    EXPECT_RD(tb, A_ENABLE, 0x1111111111111111ULL);
    EXPECT_RD(tb, A_MODE, 0x4444444444444444ULL);
    EXPECT_RD(tb, A_CLKSEL, 0x4444444444444444ULL);
    for (unsigned i = 0; i < 8; i++)
        EXPECT_RD(tb, A_SRC + i, R32(0));
    for (unsigned j = 0; j < 16; j++)
        EXPECT_RD(tb, A_CNT_NOCOPY + j, R32(0)); /* shadows back to 0 (decisions D1.3) */
    for (unsigned j = 0; j < 16; j++)
        EXPECT_RD(tb, A_CNT + j, R32(0));
    for (unsigned g = 0; g < 5; g++)
        EXPECT_RD(tb, A_FIFO_A + g, ALL1); /* empty */
    /* nothing left to send; a new Resource sample finds the shadows free */
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    WR(tb, A_RESOURCE, 0x33);
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 1);
    EXPECT_SAMPLE(tb, 0, 'R', 0, 0, 0, 0x33);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_WAITSTATES));
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 3, a sample part-way out: the software reset empties the FIFO and frees the shadows at once, so
 * the sample being sent is cut short (docs/decisions.md D1.5: no EOM, reported as truncated) and the next
 * sample is sent whole, carrying no flag. */
START_TEST(clar_fifo_3_software_reset_mid_sample)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    WR(tb, A_RESOURCE, 0x1);
    WR(tb, A_TRACE, 0x2);
    DO(tb, "idle 60"); /* the Resource sample is in its counter bytes */
    WR(tb, A_SWRESET, 0);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64));
    DO(tb, "idle 400");
    EXPECT_NSAMPLES(tb, 0);
    EXPECT_EQ(mk2_tb_truncated_count(tb), 1);
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    WR(tb, A_RESOURCE, 0x3);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 1);
    EXPECT_SAMPLE(tb, 0, 'R', 0, 0, 0, 0x3);
    EXPECT_CONSERVED(tb);
    mk2_tb_free(tb);
}
END_TEST

/* ---- Test mode (TESTB low) ---- */

/* Bullet 1, first sentence: "Hardware sources stop counting: the Timestamp ignores its clock, the Wait and
 * Overrun counters ignore events, Resource counters ignore clock and external sources (software increments
 * still work)." */
START_TEST(clar_test_1_hardware_sources_stop)
{
    mk2_tb *tb = chip();
    WR(tb, A_MODE, fld(0, M_CLK) | fld(1, M_EXT) | fld(2, M_SW) | fld(3, M_CLK) | fld(4, M_EXTEN));
    WR(tb, A_CLKSEL, fld(0, C_NODE) | fld(4, C_NODE)); /* 3: Timestamp clock */
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    uint64_t lat0 = mk2_tb_last_ack_ticks(tb);
    DO(tb, "test 1");
    WR(tb, A_ENABLE, 0x22222);
    DO(tb, "ext 4 1");
    DO(tb, "idle 50");
    DO(tb, "ext 1 pulse 4");
    DO(tb, "tsclk 4");
    WR(tb, A_CNT_NOCOPY + 2, 0);
    WR(tb, A_CNT_NOCOPY + 2, 0);
    WR(tb, A_ENABLE, 0x11111);
    EXPECT_RD(tb, A_TS, R56(0));
    for (unsigned j = 0; j < 5; j++)
        EXPECT_RD(tb, A_CNT + j, R32(j == 2 ? 2 : 0));
    /* a discard: flag set, counter unchanged (decisions D3.3) */
    DO(tb, "netrdy 0");
    for (unsigned i = 0; i < 9; i++)
        WR(tb, A_TRACE, i);
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_FIFO_FULL | CSR_FIFO_OVR));
    /* a wait: the write waits, the counter does not count */
    WR(tb, A_CSR, CSR_WAIT_ON);
    DO(tb, "after 30 netrdy 1");
    WR(tb, A_TRACE, 9);
    ck_assert_msg(mk2_tb_last_ack_ticks(tb) > lat0 + 30, "the write should have waited");
    EXPECT_RD(tb, A_WAITCNT, R32(0));
    DO(tb, "drain");
    DO(tb, "test 0");
    EXPECT_NSAMPLES(tb, 9);
    EXPECT_SAMPLE(tb, 8, 'T', 0, 0, 1, 9);
    mk2_tb_free(tb);
}
END_TEST

/* Bullet 1, the addresses: "Addresses 2, 5, 6 become writable with data; 16-18 increment; 19/20
 * disable/enable the network output; 21 pops the FIFO head and frees the shadow registers; 25-29 write the
 * 32 data bits into every 32-bit group of a new FIFO entry." */
START_TEST(clar_test_2_test_mode_addresses)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    DO(tb, "test 1");
    WR(tb, A_TS, 0x00000000000000f0ULL);
    WR(tb, A_WAITCNT, 0x50);
    WR(tb, A_OVRCNT, 0x60);
    WR(tb, A_INC_TS, 0);
    WR(tb, A_INC_WAIT, 0);
    WR(tb, A_INC_OVR, 0);
    EXPECT_RD(tb, A_TS, R56(0xf1));
    EXPECT_RD(tb, A_WAITCNT, R32(0x51));
    EXPECT_RD(tb, A_OVRCNT, R32(0x61));
    WR(tb, A_NET_OFF, 0);
    WR(tb, A_RESOURCE, 0xaa); /* head: Resource, shadows busy */
    WR(tb, A_TRACE, 0xbb);
    WR(tb, A_FIFO_A + 2, 0x10c0ffee); /* header byte 0x10: CPU 0, Trace */
    DO(tb, "idle 100");
    EXPECT_NSAMPLES(tb, 0);
    WR(tb, A_FIFO_POP, 0);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    EXPECT_RD(tb, A_FIFO_A + 4, R32(0xbb));
    WR(tb, A_FIFO_POP, 0);
    for (unsigned g = 0; g < 5; g++)
        EXPECT_RD(tb, A_FIFO_A + g, R32(0x10c0ffee));
    /* with the FIFO full a test-mode FIFO write does nothing (docs/decisions.md D6.6) */
    for (unsigned i = 0; i < 7; i++)
        WR(tb, A_FIFO_A, 0x10000000u + i);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_FIFO_FULL));
    WR(tb, A_FIFO_A + 1, 0x10badbad);
    EXPECT_RD(tb, A_FIFO_A + 4, R32(0x10c0ffee));
    WR(tb, A_NET_ON, 0);
    DO(tb, "drain");
    DO(tb, "test 0");
    EXPECT_NSAMPLES(tb, 8);
    for (int i = 1; i < 8; i++)
        EXPECT_EQ(sample_at(tb, i)->src, 0x10000000u + (unsigned)(i - 1));
    EXPECT_EQ(sample_at(tb, 0)->header, 0x10);
    EXPECT_EQ(sample_at(tb, 0)->data, 0x10c0ffee10c0ffeeULL);
    EXPECT_EQ(sample_at(tb, 0)->src, 0x10c0ffee);
    EXPECT_EQ(sample_at(tb, 0)->ts, 0xc0ffee10c0ffeeULL);
    mk2_tb_free(tb);
}
END_TEST

Suite *suite_clar(void)
{
    Suite *s = suite_create("clarifications");
    TCase *tc = tcase_create("clar");
    tcase_set_timeout(tc, MK2_CHECK_TIMEOUT);
    tcase_add_test(tc, clar_hdr_1_header_bit_layout);
    tcase_add_test(tc, clar_hdr_2_type_trace_10_resource_11);
    tcase_add_test(tc, clar_hdr_3_byte_order_eom_parity);
    tcase_add_test(tc, clar_hdr_4_pair_low_half_in_even_slot);
    tcase_add_test(tc, clar_err_1_pending_flags_carried_once);
    tcase_add_test(tc, clar_err_1_flags_wait_for_a_taken_sample);
    tcase_add_test(tc, clar_err_2_overrun_counts_once_filter_not_error);
    tcase_add_test(tc, clar_err_3_conservation_invariant);
    tcase_add_test(tc, clar_pi_1_seven_bit_address_64bit_locations);
    tcase_add_test(tc, clar_pi_2_wait_states_fixed_latency_contention_counted);
    tcase_add_test(tc, clar_pi_3_one_cycle_one_action);
    tcase_add_test(tc, clar_pi_4_reads_change_no_state);
    tcase_add_test(tc, clar_pi_3_strobe_held_low_triggers_once);
    tcase_add_test(tc, clar_pi_4_both_strobes_low_is_a_read);
    tcase_add_test(tc, clar_pi_5_ackb_extended_by_holdb);
    tcase_add_test(tc, clar_pi_6_read_values_of_every_address);
    tcase_add_test(tc, clar_pi_7_high_order_register_on_reads);
    tcase_add_test(tc, clar_pi_8_test_only_writes_acked_do_nothing);
    tcase_add_test(tc, clar_pi_9_cpu_id_lines);
    tcase_add_test(tc, clar_rc_1_enabled_only_and_defaults);
    tcase_add_test(tc, clar_rc_2_control_register_readback);
    tcase_add_test(tc, clar_rc_3_saturation);
    tcase_add_test(tc, clar_rc_4_pair_fields_and_half_writes);
    tcase_add_test(tc, clar_rc_5_async_inputs_rising_edges);
    tcase_add_test(tc, clar_rc_5_synchronizer_latency_decisions);
    tcase_add_test(tc, clar_rc_6_read_with_copy_busy_stale_no_copy);
    tcase_add_test(tc, clar_ts_1_timestamp);
    tcase_add_test(tc, clar_fifo_1_depth_and_head_until_last_byte);
    tcase_add_test(tc, clar_fifo_2_no_idle_netclk);
    tcase_add_test(tc, clar_fifo_3_software_reset);
    tcase_add_test(tc, clar_fifo_3_software_reset_mid_sample);
    tcase_add_test(tc, clar_test_1_hardware_sources_stop);
    tcase_add_test(tc, clar_test_2_test_mode_addresses);
    suite_add_tcase(s, tc);
    return s;
}
