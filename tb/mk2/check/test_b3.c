/*
 * test_b3.c - Tables B3a (CSR "Wait on sample for available FIFO/Shadow Reg on overrun") and B3b (CSR
 * "Wait on processor read-with-copy for available Shadow Reg"): one test per row.
 *
 * Row numbers count the table's rows from the top (B3a: rows 1-6 with the Wait bit 1, rows 7-12 with 0;
 * B3b: rows 1-4 with the Wait-on-Read bit 1, rows 5-8 with 0).
 *
 * How the states are made: "FIFO Full" = FIFO_DEPTH (8) samples held in the FIFO with NETRDY low
 * (CLARIFICATIONS "FIFO and network": "With the network stalled (NETRDY low) exactly FIFO_DEPTH Trace
 * samples are accepted"); "Shadow Full" = a Resource sample that has not yet left (its shadows stay busy
 * until its 84 bytes have gone, "Resource Counters and their Shadow Registers").
 *
 * Waits: "CNT - count Node clocks during wait"; CLARIFICATIONS: "a contended one (Tables B3a, B3b) adds
 * exactly the cycles counted by the Wait Error Counter". So every waiting test checks
 *     ACKB latency(contended) - ACKB latency(uncontended) == Wait Error Counter,
 * and the count itself from the network rate: one byte per NETCLK = 2 node clocks, so the head entry
 * leaves the FIFO 20 bytes = 40 node clocks after NETRDY rises, and the shadows are free 84 bytes = 168
 * node clocks after it ("the shadow registers will remain busy for 84 network clock periods (168 Node
 * clock periods)"). Exactly, by docs/decisions.md: the write starts at edge s and is first tried at s+1
 * (D2.3); NETRDY is high from edge s+K (`after K`, section 9); the first byte is presented at the first
 * NETCLK-falling edge p >= s+K, so p = s+K or s+K+1 (D6.2); byte n is taken at p+2n-1; the FIFO head goes
 * at the take of byte 20 (p+39), the shadows at the take of byte 84 (p+167) (D6.4); the write proceeds
 * at the next edge (D3.1) and every edge before counts (D2.4): waits = p+39-s or p+167-s, i.e.
 * K+39..K+40 or K+167..K+168.
 */
#include "mk2_check.h"

/* FIFO_DEPTH Trace samples held with NETRDY low: the FIFO is full, shadows free. data = base+1.. */
static void fill_fifo_trace(mk2_tb *tb, uint64_t base)
{
    DO(tb, "netrdy 0");
    for (unsigned i = 1; i <= 8; i++)
        WR(tb, A_TRACE, base + i);
}

/* One Resource sample and 7 Trace samples held: FIFO full and shadows busy. */
static void fill_fifo_resource_first(mk2_tb *tb, uint64_t base)
{
    DO(tb, "netrdy 0");
    WR(tb, A_RESOURCE, base + 1);
    for (unsigned i = 2; i <= 8; i++)
        WR(tb, A_TRACE, base + i);
}

/* Uncontended write latency, measured on a plain register write. */
static uint64_t write_latency(mk2_tb *tb)
{
    WR(tb, A_HIGH, 0);
    return mk2_tb_last_ack_ticks(tb);
}

/* A sample write that should wait about `expect` node clocks (NETRDY released K clocks after its start). */
static void waited_write(mk2_tb *tb, unsigned addr, uint64_t data, uint64_t lat0, unsigned k,
                         unsigned expect)
{
    WR(tb, A_WAITCNT, 0);
    DO(tb, "after %u netrdy 1", k);
    WR(tb, addr, data);
    uint64_t lat = mk2_tb_last_ack_ticks(tb);
    uint32_t waits = (uint32_t)RD(tb, A_WAITCNT);
    ck_assert_msg(lat - lat0 == waits, "write %u waited %" PRIu64 " node clocks, Wait Error Counter %u",
                  addr, lat - lat0, waits);
    EXPECT_RANGE(waits, expect + k - 1, expect + k);
}

/* An uncontended sample write: ACKB latency as usual, Wait Error Counter unchanged. */
static void immediate_write(mk2_tb *tb, unsigned addr, uint64_t data, uint64_t lat0)
{
    WR(tb, addr, data);
    EXPECT_EQ(mk2_tb_last_ack_ticks(tb), lat0);
    EXPECT_RD(tb, A_WAITCNT, R32(0));
}

/* ---- Table B3a, Wait bit 1 ---- */

/* Row 1: "1 | T or R | Avail | Avail | 0 0 | NOP NOP | Data taken immediately". */
START_TEST(b3a_row1_wait_on_avail_avail_taken)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON);
    uint64_t lat0 = write_latency(tb);
    immediate_write(tb, A_TRACE, 0x11, lat0);
    DO(tb, "drain");
    immediate_write(tb, A_RESOURCE, 0x12, lat0);
    DO(tb, "drain");
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    EXPECT_NSAMPLES(tb, 2);
    EXPECT_SAMPLE(tb, 0, 'T', 0, 0, 0, 0x11);
    EXPECT_SAMPLE(tb, 1, 'R', 0, 0, 0, 0x12);
    mk2_tb_free(tb);
}
END_TEST

/* Row 2: "1 | T | Avail | Full | 0 0 | NOP NOP | Data taken immediately". */
START_TEST(b3a_row2_wait_on_trace_shadow_full_taken)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON);
    uint64_t lat0 = write_latency(tb);
    DO(tb, "netrdy 0");
    WR(tb, A_RESOURCE, 0x21);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_WAIT_ON | CSR_SHADOW_FULL | CSR_BIT161));
    immediate_write(tb, A_TRACE, 0x22, lat0);
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    EXPECT_NSAMPLES(tb, 2);
    EXPECT_SAMPLE(tb, 0, 'R', 0, 0, 0, 0x21);
    EXPECT_SAMPLE(tb, 1, 'T', 0, 0, 0, 0x22);
    mk2_tb_free(tb);
}
END_TEST

/* Row 3: "1 | R | Avail | Full | 0 0 | NOP CNT | Wait until Shadow Regs are available, then take data". */
START_TEST(b3a_row3_wait_on_resource_shadow_full_waits)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON);
    WR(tb, A_CNT + 4, 0x444);
    uint64_t lat0 = write_latency(tb);
    DO(tb, "netrdy 0");
    WR(tb, A_RESOURCE, 0x31); /* counter 4 = 0x444 copied */
    WR(tb, A_CNT + 4, 0x555);
    /* the shadows free 168 node clocks after NETRDY rises */
    waited_write(tb, A_RESOURCE + 1, 0x32, lat0, 30, 168);
    DO(tb, "drain");
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    EXPECT_NSAMPLES(tb, 2);
    EXPECT_SAMPLE(tb, 0, 'R', 0, 0, 0, 0x31);
    EXPECT_SAMPLE(tb, 1, 'R', 0, 0, 0, 0x32);
    EXPECT_EQ(sample_at(tb, 0)->cnt[4], 0x444);
    EXPECT_EQ(sample_at(tb, 1)->cnt[4], 0x555);
    mk2_tb_free(tb);
}
END_TEST

/* Row 4: "1 | T or R | Full | Avail | 0 0 | NOP CNT | Wait until FIFO is available, then take data". */
START_TEST(b3a_row4_wait_on_fifo_full_waits)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON);
    uint64_t lat0 = write_latency(tb);
    fill_fifo_trace(tb, 0x100);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_WAIT_ON | CSR_FIFO_FULL));
    /* the head Trace entry leaves 20 bytes = 40 node clocks after NETRDY rises */
    waited_write(tb, A_TRACE, 0x109, lat0, 50, 40);
    DO(tb, "drain");
    fill_fifo_trace(tb, 0x200);
    waited_write(tb, A_RESOURCE, 0x209, lat0, 20, 40);
    DO(tb, "drain");
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    EXPECT_NSAMPLES(tb, 18);
    for (int i = 0; i < 9; i++) {
        EXPECT_SAMPLE(tb, i, 'T', 0, 0, 0, 0x101 + i);
        EXPECT_SAMPLE(tb, 9 + i, i == 8 ? 'R' : 'T', 0, 0, 0, 0x201 + i);
    }
    mk2_tb_free(tb);
}
END_TEST

/* Row 5: "1 | T | Full | Full | 0 0 | NOP CNT | Wait until FIFO is available, then take data": the Trace
 * sample waits for the FIFO only (the head Resource entry's 20 FIFO bytes), not for the shadows. */
START_TEST(b3a_row5_wait_on_trace_full_full_waits_fifo)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON);
    uint64_t lat0 = write_latency(tb);
    fill_fifo_resource_first(tb, 0x300);
    EXPECT_RD(tb, A_CSR,
              R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_WAIT_ON | CSR_FIFO_FULL | CSR_SHADOW_FULL | CSR_BIT161));
    waited_write(tb, A_TRACE, 0x309, lat0, 40, 40);
    /* the Resource entry has left the FIFO (7 Trace + the new one: full again, Trace head) but the
     * shadows are still busy with its counter bytes */
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_WAIT_ON | CSR_FIFO_FULL | CSR_SHADOW_FULL));
    DO(tb, "drain");
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    EXPECT_NSAMPLES(tb, 9);
    EXPECT_SAMPLE(tb, 0, 'R', 0, 0, 0, 0x301);
    for (int i = 1; i < 9; i++)
        EXPECT_SAMPLE(tb, i, 'T', 0, 0, 0, 0x301 + i);
    mk2_tb_free(tb);
}
END_TEST

/* Row 6: "1 | R | Full | Full | 0 0 | NOP CNT | Wait until both FIFO and Shadow Regs are available". */
START_TEST(b3a_row6_wait_on_resource_full_full_waits_both)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON);
    uint64_t lat0 = write_latency(tb);
    fill_fifo_resource_first(tb, 0x400);
    waited_write(tb, A_RESOURCE + 2, 0x409, lat0, 40, 168);
    DO(tb, "drain");
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    EXPECT_NSAMPLES(tb, 9);
    EXPECT_SAMPLE(tb, 0, 'R', 0, 0, 0, 0x401);
    for (int i = 1; i < 8; i++)
        EXPECT_SAMPLE(tb, i, 'T', 0, 0, 0, 0x401 + i);
    EXPECT_SAMPLE(tb, 8, 'R', 0, 0, 0, 0x409);
    mk2_tb_free(tb);
}
END_TEST

/* ---- Table B3a, Wait bit 0 ---- */

/* Row 7: "0 | T or R | Avail | Avail | 0 0 | NOP NOP | Data taken immediately". */
START_TEST(b3a_row7_wait_off_avail_avail_taken)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    uint64_t lat0 = write_latency(tb);
    immediate_write(tb, A_TRACE, 0x71, lat0);
    DO(tb, "drain");
    immediate_write(tb, A_RESOURCE, 0x72, lat0);
    DO(tb, "drain");
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    EXPECT_NSAMPLES(tb, 2);
    EXPECT_SAMPLE(tb, 0, 'T', 0, 0, 0, 0x71);
    EXPECT_SAMPLE(tb, 1, 'R', 0, 0, 0, 0x72);
    mk2_tb_free(tb);
}
END_TEST

/* Row 8: "0 | T | Avail | Full | 0 0 | NOP NOP | Data taken immediately". */
START_TEST(b3a_row8_wait_off_trace_shadow_full_taken)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    uint64_t lat0 = write_latency(tb);
    DO(tb, "netrdy 0");
    WR(tb, A_RESOURCE, 0x81);
    immediate_write(tb, A_TRACE, 0x82, lat0);
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_SHADOW_FULL | CSR_BIT161));
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 2);
    EXPECT_SAMPLE(tb, 0, 'R', 0, 0, 0, 0x81);
    EXPECT_SAMPLE(tb, 1, 'T', 0, 0, 0, 0x82);
    mk2_tb_free(tb);
}
END_TEST

/* A discarded sample: acknowledged as usual, Overrun Error Counter +1, no wait counted. */
static void discarded_write(mk2_tb *tb, unsigned addr, uint64_t data, uint64_t lat0, uint32_t ovr_before)
{
    WR(tb, addr, data);
    EXPECT_EQ(mk2_tb_last_ack_ticks(tb), lat0);
    EXPECT_RD(tb, A_OVRCNT, R32(ovr_before + 1));
    EXPECT_RD(tb, A_WAITCNT, R32(0));
}

/* Row 9: "0 | R | Avail | Full | 0 1 | Incr NOP | Data Discarded": shadow flag in the next header. */
START_TEST(b3a_row9_wait_off_resource_shadow_full_discards)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    uint64_t lat0 = write_latency(tb);
    DO(tb, "netrdy 0");
    WR(tb, A_RESOURCE, 0x91);
    discarded_write(tb, A_RESOURCE + 3, 0x92, lat0, 0);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_SHADOW_FULL | CSR_BIT161 | CSR_SHADOW_OVR));
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    WR(tb, A_TRACE, 0x93); /* the next successful sample carries the flag and clears it */
    WR(tb, A_TRACE, 0x94);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 3);
    EXPECT_SAMPLE(tb, 0, 'R', 0, 0, 0, 0x91);
    EXPECT_SAMPLE(tb, 1, 'T', 0, 1, 0, 0x93);
    EXPECT_SAMPLE(tb, 2, 'T', 0, 0, 0, 0x94);
    EXPECT_RD(tb, A_OVRCNT, R32(1));
    mk2_tb_free(tb);
}
END_TEST

/* Row 10: "0 | T or R | Full | Avail | 1 0 | Incr NOP | Data Discarded": FIFO flag in the next header. */
START_TEST(b3a_row10_wait_off_fifo_full_discards)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    uint64_t lat0 = write_latency(tb);
    fill_fifo_trace(tb, 0xa0);
    discarded_write(tb, A_TRACE, 0xa9, lat0, 0);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_FIFO_FULL | CSR_FIFO_OVR));
    discarded_write(tb, A_RESOURCE, 0xaa, lat0, 1);
    /* the Resource sample found the shadows free: only the FIFO flag */
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_FIFO_FULL | CSR_FIFO_OVR));
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    WR(tb, A_RESOURCE, 0xab);
    WR(tb, A_TRACE, 0xac);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 10);
    for (int i = 0; i < 8; i++)
        EXPECT_SAMPLE(tb, i, 'T', 0, 0, 0, 0xa1 + i);
    EXPECT_SAMPLE(tb, 8, 'R', 0, 0, 1, 0xab);
    EXPECT_SAMPLE(tb, 9, 'T', 0, 0, 0, 0xac);
    EXPECT_RD(tb, A_OVRCNT, R32(2));
    mk2_tb_free(tb);
}
END_TEST

/* Row 11: "0 | T | Full | Full | 1 0 | Incr NOP | Data Discarded": only the FIFO flag. */
START_TEST(b3a_row11_wait_off_trace_full_full_discards)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    uint64_t lat0 = write_latency(tb);
    fill_fifo_resource_first(tb, 0xb0);
    discarded_write(tb, A_TRACE + 5, 0xb9, lat0, 0);
    EXPECT_RD(tb, A_CSR,
              R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_FIFO_FULL | CSR_SHADOW_FULL | CSR_BIT161 | CSR_FIFO_OVR));
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    WR(tb, A_TRACE, 0xba);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 9);
    EXPECT_SAMPLE(tb, 0, 'R', 0, 0, 0, 0xb1);
    EXPECT_SAMPLE(tb, 7, 'T', 0, 0, 0, 0xb8);
    EXPECT_SAMPLE(tb, 8, 'T', 0, 0, 1, 0xba);
    mk2_tb_free(tb);
}
END_TEST

/* Row 12: "0 | R | Full | Full | 1 1 | Incr NOP | Data Discarded": both flags, the counter once. */
START_TEST(b3a_row12_wait_off_resource_full_full_discards)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    uint64_t lat0 = write_latency(tb);
    fill_fifo_resource_first(tb, 0xc0);
    discarded_write(tb, A_RESOURCE + 15, 0xc9, lat0, 0);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_FIFO_FULL | CSR_SHADOW_FULL | CSR_BIT161 |
                             CSR_FIFO_OVR | CSR_SHADOW_OVR));
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    WR(tb, A_TRACE, 0xca);
    WR(tb, A_TRACE, 0xcb);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 10);
    EXPECT_SAMPLE(tb, 8, 'T', 0, 1, 1, 0xca);
    EXPECT_SAMPLE(tb, 9, 'T', 0, 0, 0, 0xcb);
    EXPECT_RD(tb, A_OVRCNT, R32(1));
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON));
    mk2_tb_free(tb);
}
END_TEST

/* ---- Table B3b ---- */

/* Counter 6 counts nothing (disabled); the shadows are made busy by a Resource sample held with NETRDY
 * low: shadow 6 = 0x1111, then counter 6 = 0x2222. */
static void busy_shadows(mk2_tb *tb, unsigned csr)
{
    WR(tb, A_CSR, CSR_SAMPLING_ON | csr);
    WR(tb, A_CNT + 6, 0x1111);
    WR(tb, A_CNT + 7, 0x7777);
    DO(tb, "netrdy 0");
    WR(tb, A_RESOURCE, 0xb3b);
    WR(tb, A_CNT + 6, 0x2222);
    WR(tb, A_CNT + 7, 0x8888);
}

/* Rows 1 and 5: "1|0 | w | - | Avail | - NOP | Data copied and then read". */
static void b3b_copy_avail(unsigned csr)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, csr);
    WR(tb, A_CNT + 6, 0x3333);
    WR(tb, A_CNT + 7, 0x4444);
    EXPECT_RD(tb, A_CNT_NOCOPY + 6, R32(0)); /* shadows still hold the reset value */
    RD(tb, A_CSR);
    uint64_t lat0 = mk2_tb_last_ack_ticks(tb);
    EXPECT_RD(tb, A_CNT + 6, R32(0x3333));
    EXPECT_EQ(mk2_tb_last_ack_ticks(tb), lat0);
    /* every counter was copied */
    EXPECT_RD(tb, A_CNT_NOCOPY + 6, R32(0x3333));
    EXPECT_RD(tb, A_CNT_NOCOPY + 7, R32(0x4444));
    EXPECT_RD(tb, A_WAITCNT, R32(0));
    mk2_tb_free(tb);
}
START_TEST(b3b_row1_readwait_on_copy_avail) { b3b_copy_avail(CSR_RDWAIT_ON); }
END_TEST
START_TEST(b3b_row5_readwait_off_copy_avail) { b3b_copy_avail(0); }
END_TEST

/* Row 2: "1 | w | - | Full | - CNT | Wait until Shadow Reg are available, then copy data and read". */
START_TEST(b3b_row2_readwait_on_copy_full_waits)
{
    mk2_tb *tb = chip();
    busy_shadows(tb, CSR_RDWAIT_ON);
    RD(tb, A_CSR);
    uint64_t lat0 = mk2_tb_last_ack_ticks(tb);
    DO(tb, "after 30 netrdy 1");
    EXPECT_RD(tb, A_CNT + 6, R32(0x2222)); /* copied after the wait */
    uint64_t lat = mk2_tb_last_ack_ticks(tb);
    uint32_t waits = (uint32_t)RD(tb, A_WAITCNT);
    ck_assert_msg(lat - lat0 == waits, "read waited %" PRIu64 " node clocks, Wait Error Counter %u",
                  lat - lat0, waits);
    EXPECT_RANGE(waits, 30 + 168 - 1, 30 + 168);
    EXPECT_RD(tb, A_CNT_NOCOPY + 7, R32(0x8888)); /* all counters copied */
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 1);
    EXPECT_EQ(sample_at(tb, 0)->cnt[6], 0x1111); /* the sample kept what it copied */
    EXPECT_EQ(sample_at(tb, 0)->cnt[7], 0x7777);
    mk2_tb_free(tb);
}
END_TEST

/* Rows 3 and 7: "1|0 | w/o | - | Avail | - NOP | Return current contents of Shadow": the value last
 * copied, no delay of the network while the shadows are free (the delay is for busy shadows only,
 * "when the shadow registers are busy"). */
static void b3b_nocopy_avail(unsigned csr)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | csr);
    WR(tb, A_CNT + 6, 0x5555);
    RD(tb, A_CNT + 6); /* copy */
    WR(tb, A_CNT + 6, 0x6666);
    RD(tb, A_CSR);
    uint64_t lat0 = mk2_tb_last_ack_ticks(tb);
    EXPECT_RD(tb, A_CNT_NOCOPY + 6, R32(0x5555));
    EXPECT_EQ(mk2_tb_last_ack_ticks(tb), lat0);
    /* two Trace samples back to back with reads-without-copy during the first: no delay */
    DO(tb, "netrdy 0");
    WR(tb, A_TRACE, 1);
    WR(tb, A_TRACE, 2);
    DO(tb, "netrdy 1");
    DO(tb, "idle 10");
    EXPECT_RD(tb, A_CNT_NOCOPY + 6, R32(0x5555));
    DO(tb, "idle 6");
    EXPECT_RD(tb, A_CNT_NOCOPY + 6, R32(0x5555));
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 2);
    EXPECT_EQ(sample_at(tb, 1)->netclk - sample_at(tb, 0)->netclk, 20);
    EXPECT_RD(tb, A_WAITCNT, R32(0));
    mk2_tb_free(tb);
}
START_TEST(b3b_row3_readwait_on_nocopy_avail) { b3b_nocopy_avail(CSR_RDWAIT_ON); }
END_TEST
START_TEST(b3b_row7_readwait_off_nocopy_avail) { b3b_nocopy_avail(0); }
END_TEST

/* Rows 4 and 8: "1|0 | w/o | - | Full | - NOP | Delay Network output, if necessary, while current contents
 * of Shadow Regs are read": no wait, the shadow returned; "a read-without-copy will delay the Collection
 * Network for two node clock times, when the shadow registers are busy" = one NETCLK, so a Trace sample
 * queued behind the Resource sample starts 84 + 1 NETCLKs after it instead of 84. */
static void b3b_nocopy_full(unsigned csr)
{
    mk2_tb *tb = chip();
    busy_shadows(tb, csr);
    WR(tb, A_TRACE, 0x99);
    RD(tb, A_CSR);
    uint64_t lat0 = mk2_tb_last_ack_ticks(tb);
    DO(tb, "netrdy 1");
    DO(tb, "idle 90"); /* the Resource sample is in its counter bytes */
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | csr | CSR_SHADOW_FULL));
    EXPECT_RD(tb, A_CNT_NOCOPY + 6, R32(0x1111));
    EXPECT_EQ(mk2_tb_last_ack_ticks(tb), lat0);
    EXPECT_RD(tb, A_WAITCNT, R32(0));
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 2);
    EXPECT_SAMPLE(tb, 0, 'R', 0, 0, 0, 0xb3b);
    EXPECT_SAMPLE(tb, 1, 'T', 0, 0, 0, 0x99);
    EXPECT_EQ(sample_at(tb, 0)->cnt[6], 0x1111);
    EXPECT_EQ(sample_at(tb, 1)->netclk - sample_at(tb, 0)->netclk, 84 + 1);
    mk2_tb_free(tb);
}
START_TEST(b3b_row4_readwait_on_nocopy_full_delays_network) { b3b_nocopy_full(CSR_RDWAIT_ON); }
END_TEST

/* Rows 4 and 8, several reads: each read-without-copy while the shadows are busy costs the network "two node
 * clock times" = one NETCLK, so three of them (spread out, and then back to back) cost three each. */
static void b3b_nocopy_full_reads(unsigned csr)
{
    mk2_tb *tb = chip();
    busy_shadows(tb, csr);
    WR(tb, A_TRACE, 0x99);
    DO(tb, "netrdy 1");
    DO(tb, "idle 50");
    RD(tb, A_CNT_NOCOPY + 1);
    DO(tb, "idle 21");
    RD(tb, A_CNT_NOCOPY + 2);
    DO(tb, "idle 30");
    RD(tb, A_CNT_NOCOPY + 3);
    DO(tb, "drain");
    WR(tb, A_CSR, CSR_WAIT_ON);
    DO(tb, "netrdy 0");
    WR(tb, A_RESOURCE, 0xb3c);
    WR(tb, A_TRACE, 0x9a);
    DO(tb, "netrdy 1");
    DO(tb, "idle 60");
    RD(tb, A_CNT_NOCOPY + 1);
    RD(tb, A_CNT_NOCOPY + 2);
    RD(tb, A_CNT_NOCOPY + 3);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 4);
    EXPECT_SAMPLE(tb, 1, 'T', 0, 0, 0, 0x99);
    EXPECT_SAMPLE(tb, 3, 'T', 0, 0, 0, 0x9a);
    EXPECT_EQ(sample_at(tb, 1)->netclk - sample_at(tb, 0)->netclk, 84 + 3);
    EXPECT_EQ(sample_at(tb, 3)->netclk - sample_at(tb, 2)->netclk, 84 + 3);
    mk2_tb_free(tb);
}
START_TEST(b3b_row4_each_read_delays_one_netclk) { b3b_nocopy_full_reads(CSR_RDWAIT_ON); }
END_TEST
START_TEST(b3b_row8_each_read_delays_one_netclk) { b3b_nocopy_full_reads(0); }
END_TEST
START_TEST(b3b_row8_readwait_off_nocopy_full_delays_network) { b3b_nocopy_full(0); }
END_TEST

/* Row 6: "0 | w | - | Full | - NOP | Don't Wait, but return erroneous data"; CLARIFICATIONS: "Read-with-copy
 * while the shadow registers are busy and read-wait is off returns the current (stale) shadow contents and
 * copies nothing." */
START_TEST(b3b_row6_readwait_off_copy_full_stale)
{
    mk2_tb *tb = chip();
    busy_shadows(tb, 0);
    RD(tb, A_CSR);
    uint64_t lat0 = mk2_tb_last_ack_ticks(tb);
    EXPECT_RD(tb, A_CNT + 6, R32(0x1111));
    EXPECT_EQ(mk2_tb_last_ack_ticks(tb), lat0);
    EXPECT_RD(tb, A_WAITCNT, R32(0));
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    /* nothing was copied: the shadows still hold the sample's values */
    EXPECT_RD(tb, A_CNT_NOCOPY + 6, R32(0x1111));
    EXPECT_RD(tb, A_CNT_NOCOPY + 7, R32(0x7777));
    EXPECT_EQ(sample_at(tb, 0)->cnt[6], 0x1111);
    mk2_tb_free(tb);
}
END_TEST

/* Table B3b's subject, the writes: "No blockage occurs when writing to or incrementing the Resource
 * Counters, since this doesn't affect the shadow registers." With read-wait on and the shadows busy, a
 * counter write and an increment complete at once, leave the shadows alone and count no wait. */
START_TEST(b3b_counter_write_and_increment_never_blocked)
{
    mk2_tb *tb = chip();
    busy_shadows(tb, CSR_RDWAIT_ON);
    WR(tb, A_MODE, fld(6, M_SW));
    WR(tb, A_ENABLE, fld(6, E_ENABLE));
    uint64_t lat0 = mk2_tb_last_ack_ticks(tb);
    WR(tb, A_CNT + 6, 0x3000);
    EXPECT_EQ(mk2_tb_last_ack_ticks(tb), lat0);
    WR(tb, A_CNT_NOCOPY + 6, 0);
    EXPECT_EQ(mk2_tb_last_ack_ticks(tb), lat0);
    EXPECT_RD(tb, A_WAITCNT, R32(0));
    EXPECT_RD(tb, A_CNT_NOCOPY + 6, R32(0x1111));
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_RD(tb, A_CNT + 6, R32(0x3001));
    EXPECT_EQ(sample_at(tb, 0)->cnt[6], 0x1111);
    mk2_tb_free(tb);
}
END_TEST

Suite *suite_b3a(void)
{
    Suite *s = suite_create("b3a_sample_wait");
    TCase *tc = tcase_create("b3a");
    tcase_set_timeout(tc, MK2_CHECK_TIMEOUT);
    tcase_add_test(tc, b3a_row1_wait_on_avail_avail_taken);
    tcase_add_test(tc, b3a_row2_wait_on_trace_shadow_full_taken);
    tcase_add_test(tc, b3a_row3_wait_on_resource_shadow_full_waits);
    tcase_add_test(tc, b3a_row4_wait_on_fifo_full_waits);
    tcase_add_test(tc, b3a_row5_wait_on_trace_full_full_waits_fifo);
    tcase_add_test(tc, b3a_row6_wait_on_resource_full_full_waits_both);
    tcase_add_test(tc, b3a_row7_wait_off_avail_avail_taken);
    tcase_add_test(tc, b3a_row8_wait_off_trace_shadow_full_taken);
    tcase_add_test(tc, b3a_row9_wait_off_resource_shadow_full_discards);
    tcase_add_test(tc, b3a_row10_wait_off_fifo_full_discards);
    tcase_add_test(tc, b3a_row11_wait_off_trace_full_full_discards);
    tcase_add_test(tc, b3a_row12_wait_off_resource_full_full_discards);
    suite_add_tcase(s, tc);
    return s;
}

Suite *suite_b3b(void)
{
    Suite *s = suite_create("b3b_read_wait");
    TCase *tc = tcase_create("b3b");
    tcase_set_timeout(tc, MK2_CHECK_TIMEOUT);
    tcase_add_test(tc, b3b_row1_readwait_on_copy_avail);
    tcase_add_test(tc, b3b_row2_readwait_on_copy_full_waits);
    tcase_add_test(tc, b3b_row3_readwait_on_nocopy_avail);
    tcase_add_test(tc, b3b_row4_readwait_on_nocopy_full_delays_network);
    tcase_add_test(tc, b3b_row5_readwait_off_copy_avail);
    tcase_add_test(tc, b3b_row6_readwait_off_copy_full_stale);
    tcase_add_test(tc, b3b_row7_readwait_off_nocopy_avail);
    tcase_add_test(tc, b3b_row8_readwait_off_nocopy_full_delays_network);
    tcase_add_test(tc, b3b_row4_each_read_delays_one_netclk);
    tcase_add_test(tc, b3b_counter_write_and_increment_never_blocked);
    tcase_add_test(tc, b3b_row8_each_read_delays_one_netclk);
    suite_add_tcase(s, tc);
    return s;
}
