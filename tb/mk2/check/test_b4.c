/*
 * test_b4.c - Table B4, the MultiKron II address assignments: one test per row, and per note under the
 * table.
 *
 * Table B4 notes: "* Available ONLY in TEST mode", "** Reset to zero ONLY when NOT in TEST mode".
 * CLARIFICATIONS "Processor interface": "Reads: unused bit positions above a register's width return 1 ...
 * Addresses with no read function return all ones." "Writes to test-only addresses (marked * in Table B4)
 * outside test mode are acknowledged and do nothing."
 */
#include "mk2_check.h"

/* A recognisable state: CSR, Filter, Source Address Registers, control registers, counters. */
static void set_state(mk2_tb *tb)
{
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_RDWAIT_ON);
    WR(tb, A_FILTER, 0x1234);
    for (unsigned i = 0; i < 8; i++)
        WR(tb, A_SRC + i, 0xa0000000u + i);
    WR(tb, A_MODE, 0x1111222233335555ULL);
    WR(tb, A_CLKSEL, 0x2222111133337777ULL);
    WR(tb, A_ENABLE, 0x0000000000000001ULL); /* keep counters disabled (they read 0001) */
    for (unsigned j = 0; j < 16; j++)
        WR(tb, A_CNT + j, 0x100u + j);
    DO(tb, "tsclk 3");
}

typedef struct {
    uint64_t v[40];
} snapshot;

/* Every readable register (address 7 first: every other read overwrites it, D2.7). Reads of 64-79 copy
 * the counters into the shadows; the counters are disabled, so the copy is the same each time. */
static snapshot snap(mk2_tb *tb)
{
    static const unsigned addrs[] = {A_HIGH, A_CSR, A_TS, A_FILTER, A_WAITCNT, A_OVRCNT, A_ENABLE, A_MODE,
                                     A_CLKSEL, A_SRC, A_SRC + 1, A_SRC + 2, A_SRC + 3, A_SRC + 4, A_SRC + 5,
                                     A_SRC + 6, A_SRC + 7, A_CNT, A_CNT + 1, A_CNT + 15, A_CNT_NOCOPY,
                                     A_CNT_NOCOPY + 1, A_CNT_NOCOPY + 15, A_FIFO_A, A_FIFO_A + 1, A_FIFO_A + 2,
                                     A_FIFO_A + 3, A_FIFO_A + 4};
    snapshot s = {{0}};
    for (unsigned i = 0; i < sizeof addrs / sizeof *addrs; i++)
        s.v[i] = RD(tb, addrs[i]);
    return s;
}

static void expect_same(const snapshot *a, const snapshot *b, unsigned addr)
{
    for (unsigned i = 0; i < 40; i++)
        ck_assert_msg(a->v[i] == b->v[i],
                      "a write to address %u changed register #%u of the snapshot: 0x%016" PRIx64
                      " -> 0x%016" PRIx64, addr, i, a->v[i], b->v[i]);
}

/* Addresses with no function at all ("-" in both columns): read all ones, writes do nothing, in normal and
 * in test mode. */
static void unused_rows_mode(unsigned lo, unsigned hi, int testmode)
{
    mk2_tb *tb = chip();
    set_state(tb);
    if (testmode)
        DO(tb, "test 1");
    snap(tb); /* leaves the High Order Register as every later snapshot finds it (D2.7) */
    snapshot before = snap(tb);
    for (unsigned a = lo; a <= hi; a++) {
        EXPECT_RD(tb, a, ALL1);
        WR(tb, a, ALL1);
        WR(tb, a, 0x5a5a5a5a5a5a5a5aULL);
        snapshot after = snap(tb);
        expect_same(&before, &after, a);
    }
    DO(tb, "test 0");
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 0);
    mk2_tb_free(tb);
}

static void unused_rows(unsigned lo, unsigned hi)
{
    unused_rows_mode(lo, hi, 0);
    unused_rows_mode(lo, hi, 1);
}

/* Row 0: "Reset chip, Timestamp unchanged | N/A"; SOFTWARE RESET: "initializes most of the machine state
 * ... Unlike the hardware reset pin (RESETB), it does not affect the contents of the Timestamp Counter." */
START_TEST(b4_row0_software_reset_keeps_timestamp)
{
    mk2_tb *tb = chip();
    set_state(tb);
    EXPECT_RD(tb, A_TS, R56(3));
    EXPECT_RD(tb, A_SWRESET, ALL1); /* N/A read */
    EXPECT_RD(tb, A_FILTER, R16(0x1234)); /* a read of 0 does not reset */
    WR(tb, A_SWRESET, 0);
    EXPECT_RD(tb, A_TS, R56(3));
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64));
    EXPECT_RD(tb, A_FILTER, R16(0xffff)); /* docs/decisions.md D1.3 */
    EXPECT_RD(tb, A_SRC + 5, R32(0));
    EXPECT_RD(tb, A_MODE, 0x4444444444444444ULL);
    EXPECT_RD(tb, A_CNT + 3, R32(0));
    mk2_tb_free(tb);
}
END_TEST

/* Row 1: "CSR Register | CSR Register" (16 bits; bits above read 1, unused CSR bits 0). */
START_TEST(b4_row1_csr)
{
    mk2_tb *tb = chip();
    EXPECT_RD(tb, A_CSR, 0xffffffffffff8000ULL);
    WR(tb, A_CSR, 0xffffffffffff0015ULL); /* bits above 15 ignored */
    EXPECT_RD(tb, A_CSR, 0xffffffffffff8015ULL);
    mk2_tb_free(tb);
}
END_TEST

/* Row 2: "* Timestamp Register (56 bits) | Timestamp Register (56 bits)": counts the Timestamp clock, read
 * in full 56-bit precision, "not writable except in test mode". */
START_TEST(b4_row2_timestamp)
{
    mk2_tb *tb = chip();
    EXPECT_RD(tb, A_TS, R56(0));
    DO(tb, "tsclk 5");
    EXPECT_RD(tb, A_TS, R56(5));
    WR(tb, A_TS, 0x0011223344556677ULL); /* not test mode: nothing */
    EXPECT_RD(tb, A_TS, R56(5));
    DO(tb, "test 1");
    WR(tb, A_TS, 0xaa11223344556677ULL); /* D55..D0 */
    EXPECT_RD(tb, A_TS, 0xff11223344556677ULL);
    DO(tb, "test 0");
    DO(tb, "tsclk 2");
    EXPECT_RD(tb, A_TS, 0xff11223344556679ULL);
    mk2_tb_free(tb);
}
END_TEST

/* Rows 3, 9, 11, 13-15: "-" (no function). */
START_TEST(b4_row3_unused) { unused_rows(3, 3); }
END_TEST
START_TEST(b4_row9_unused) { unused_rows(9, 9); }
END_TEST
START_TEST(b4_row11_unused) { unused_rows(11, 11); }
END_TEST
START_TEST(b4_row13_15_unused) { unused_rows(13, 15); }
END_TEST

/* Row 4: "Filter Register | Filter Register (16 bits)". */
START_TEST(b4_row4_filter)
{
    mk2_tb *tb = chip();
    EXPECT_RD(tb, A_FILTER, R16(0xffff)); /* D1.3 */
    WR(tb, A_FILTER, 0xffffffffffff2345ULL);
    EXPECT_RD(tb, A_FILTER, R16(0x2345));
    WR(tb, A_FILTER, 0);
    EXPECT_RD(tb, A_FILTER, R16(0));
    mk2_tb_free(tb);
}
END_TEST

/* Row 5: "** Wait Counter to zero | Wait Counter" (32 bits): counts waited node clocks; a write outside
 * test mode clears it, whatever the data. */
START_TEST(b4_row5_wait_counter)
{
    mk2_tb *tb = chip();
    EXPECT_RD(tb, A_WAITCNT, R32(0));
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON);
    DO(tb, "netrdy 0");
    for (unsigned i = 0; i < 9; i++) {
        if (i == 8)
            DO(tb, "after 10 netrdy 1");
        WR(tb, A_TRACE, i);
    }
    uint32_t w = (uint32_t)RD(tb, A_WAITCNT);
    ck_assert_msg(w > 0, "a waiting sample should count waits");
    WR(tb, A_WAITCNT, 0x12345678);
    EXPECT_RD(tb, A_WAITCNT, R32(0));
    DO(tb, "drain");
    /* "In the unlikely event that the number of waits reaches 2^32, this counter wraps around to zero and
     * continues counting": loaded near the top in test mode, then real waits outside it */
    DO(tb, "test 1");
    WR(tb, A_WAITCNT, 0xfffffff0);
    DO(tb, "test 0");
    DO(tb, "netrdy 0");
    for (unsigned i = 0; i < 9; i++) {
        if (i == 8)
            DO(tb, "after 10 netrdy 1");
        WR(tb, A_TRACE, i);
    }
    uint64_t lat = mk2_tb_last_ack_ticks(tb);
    WR(tb, A_HIGH, 0);
    uint64_t waits = lat - mk2_tb_last_ack_ticks(tb);
    ck_assert_msg(waits > 16, "waited only %" PRIu64, waits);
    EXPECT_RD(tb, A_WAITCNT, R32(waits - 16));
    DO(tb, "drain");
    mk2_tb_free(tb);
}
END_TEST

/* Row 6: "** Overrun Counter to zero | Overrun Counter" (32 bits). */
START_TEST(b4_row6_overrun_counter)
{
    mk2_tb *tb = chip();
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    DO(tb, "netrdy 0");
    for (unsigned i = 0; i < 11; i++)
        WR(tb, A_TRACE, i);
    EXPECT_RD(tb, A_OVRCNT, R32(3));
    WR(tb, A_OVRCNT, 0x12345678);
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    /* "this counter wraps around to zero and continues counting" */
    DO(tb, "test 1");
    WR(tb, A_OVRCNT, 0xfffffffe);
    DO(tb, "test 0");
    WR(tb, A_TRACE, 20);
    EXPECT_RD(tb, A_OVRCNT, R32(0xffffffff));
    WR(tb, A_TRACE, 21);
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    WR(tb, A_TRACE, 22);
    EXPECT_RD(tb, A_OVRCNT, R32(1));
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    mk2_tb_free(tb);
}
END_TEST

/* Row 7: "High Order 32 bit Reg | High Order 32 bit Reg" (32 bits); CLARIFICATIONS: "A read of the High
 * Order 32 Bit Register (address 7) returns it on D31..D0 and does not overwrite it with D63..D32 (every
 * other read does copy D63..D32 into it)." */
START_TEST(b4_row7_high_order)
{
    mk2_tb *tb = chip();
    EXPECT_RD(tb, A_HIGH, R32(0));
    WR(tb, A_HIGH, 0x55555555aabbccddULL);
    EXPECT_RD(tb, A_HIGH, R32(0xaabbccdd));
    EXPECT_RD(tb, A_HIGH, R32(0xaabbccdd)); /* its own read does not overwrite it */
    RD(tb, A_MODE); /* 0x4444444444444444: D63..D32 = 0x44444444 */
    EXPECT_RD(tb, A_HIGH, R32(0x44444444));
    RD(tb, A_FILTER); /* 16-bit register: D63..D32 all ones */
    EXPECT_RD(tb, A_HIGH, R32(0xffffffff));
    mk2_tb_free(tb);
}
END_TEST

/* Row 8: "Enable Register (64 bits) | Enable Register (64 bits)". CLARIFICATIONS: each field reads 0010
 * (enabled) or 0001 (disabled); reset: every counter disabled. */
START_TEST(b4_row8_enable_register)
{
    mk2_tb *tb = chip();
    EXPECT_RD(tb, A_ENABLE, 0x1111111111111111ULL);
    WR(tb, A_ENABLE, 0x3200000000000012ULL); /* 15 reset&enable, 14 enable, 1 disable, 0 enable */
    EXPECT_RD(tb, A_ENABLE, 0x2211111111111112ULL);
    mk2_tb_free(tb);
}
END_TEST

/* Row 10: "Mode Register (64 bits) | Mode Register (64 bits)"; reset: External Signal, single (0100). */
START_TEST(b4_row10_mode_register)
{
    mk2_tb *tb = chip();
    EXPECT_RD(tb, A_MODE, 0x4444444444444444ULL);
    WR(tb, A_MODE, 0x12345679abcdef12ULL); /* no 0 and no 8 (x000) field: every field written */
    EXPECT_RD(tb, A_MODE, 0x12345679abcdef12ULL);
    mk2_tb_free(tb);
}
END_TEST

/* Row 12: "Clock Select Register (64 bits) | Clock Select Register (64 bits)"; reset: TSclk (0100). */
START_TEST(b4_row12_clock_select_register)
{
    mk2_tb *tb = chip();
    EXPECT_RD(tb, A_CLKSEL, 0x4444444444444444ULL);
    WR(tb, A_CLKSEL, 0xfedcba9765432112ULL);
    EXPECT_RD(tb, A_CLKSEL, 0xfedcba9765432112ULL);
    mk2_tb_free(tb);
}
END_TEST

/* Row 16: "* Incr Timestamp Register | -". */
START_TEST(b4_row16_incr_timestamp_test_only)
{
    mk2_tb *tb = chip();
    DO(tb, "tsclk 4");
    WR(tb, A_INC_TS, 0);
    EXPECT_RD(tb, A_TS, R56(4)); /* outside test mode: nothing */
    EXPECT_RD(tb, A_INC_TS, ALL1);
    DO(tb, "test 1");
    WR(tb, A_INC_TS, 0);
    WR(tb, A_INC_TS, 0x1234);
    EXPECT_RD(tb, A_TS, R56(6));
    WR(tb, A_TS, 0x00fffffffffffffeULL);
    WR(tb, A_INC_TS, 0);
    EXPECT_RD(tb, A_TS, 0xffffffffffffffffULL);
    mk2_tb_free(tb);
}
END_TEST

/* Row 17: "* Incr Wait Error Cntr | -"; "this counter wraps around to zero and continues counting". */
START_TEST(b4_row17_incr_wait_counter_test_only)
{
    mk2_tb *tb = chip();
    WR(tb, A_INC_WAIT, 0);
    EXPECT_RD(tb, A_WAITCNT, R32(0));
    DO(tb, "test 1");
    WR(tb, A_INC_WAIT, 0);
    WR(tb, A_INC_WAIT, 0);
    EXPECT_RD(tb, A_WAITCNT, R32(2));
    EXPECT_RD(tb, A_INC_WAIT, ALL1);
    WR(tb, A_WAITCNT, 0xffffffff);
    WR(tb, A_INC_WAIT, 0);
    EXPECT_RD(tb, A_WAITCNT, R32(0));
    WR(tb, A_INC_WAIT, 0);
    EXPECT_RD(tb, A_WAITCNT, R32(1));
    mk2_tb_free(tb);
}
END_TEST

/* Row 18: "* Incr OverRun Error Cntr | -"; it too wraps to zero. */
START_TEST(b4_row18_incr_overrun_counter_test_only)
{
    mk2_tb *tb = chip();
    WR(tb, A_INC_OVR, 0);
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    DO(tb, "test 1");
    WR(tb, A_INC_OVR, 0);
    WR(tb, A_INC_OVR, 0);
    WR(tb, A_INC_OVR, 0);
    EXPECT_RD(tb, A_OVRCNT, R32(3));
    EXPECT_RD(tb, A_INC_OVR, ALL1);
    WR(tb, A_OVRCNT, 0xffffffff);
    WR(tb, A_INC_OVR, 0);
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    mk2_tb_free(tb);
}
END_TEST

/* Row 19: "* Disable Output Network | -". */
START_TEST(b4_row19_disable_network_test_only)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    WR(tb, A_NET_OFF, 0); /* outside test mode: nothing */
    WR(tb, A_TRACE, 1);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 1);
    DO(tb, "test 1");
    WR(tb, A_NET_OFF, 0);
    EXPECT_RD(tb, A_NET_OFF, ALL1);
    WR(tb, A_TRACE, 2);
    DO(tb, "idle 200");
    EXPECT_NSAMPLES(tb, 1);
    EXPECT_RD(tb, A_FIFO_A + 4, R32(2)); /* still in the FIFO: group E = data bits 31..0 */
    WR(tb, A_NET_ON, 0);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 2);
    EXPECT_SAMPLE(tb, 1, 'T', 0, 0, 0, 2);
    mk2_tb_free(tb);
}
END_TEST

/* Row 20: "* Enable Output Network | -". */
START_TEST(b4_row20_enable_network_test_only)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    DO(tb, "test 1");
    WR(tb, A_NET_OFF, 0);
    DO(tb, "test 0");
    WR(tb, A_NET_ON, 0); /* outside test mode: nothing, the network stays off */
    WR(tb, A_TRACE, 1);
    DO(tb, "idle 200");
    EXPECT_NSAMPLES(tb, 0);
    EXPECT_RD(tb, A_NET_ON, ALL1);
    DO(tb, "test 1");
    WR(tb, A_NET_ON, 0);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 1);
    EXPECT_SAMPLE(tb, 0, 'T', 0, 0, 0, 1);
    mk2_tb_free(tb);
}
END_TEST

/* Row 21: "* Advance FIFO and free Resource Cntr Shadow Reg". */
START_TEST(b4_row21_advance_fifo_free_shadows_test_only)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    DO(tb, "netrdy 0");
    WR(tb, A_RESOURCE, 0x21);
    WR(tb, A_TRACE, 0x22);
    WR(tb, A_TRACE, 0x23);
    WR(tb, A_FIFO_POP, 0); /* outside test mode: nothing */
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON | CSR_SHADOW_FULL | CSR_BIT161));
    EXPECT_RD(tb, A_FIFO_A + 4, R32(0x21));
    DO(tb, "test 1");
    WR(tb, A_FIFO_POP, 0);
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON)); /* shadows free, Trace head */
    EXPECT_RD(tb, A_FIFO_A + 4, R32(0x22));
    EXPECT_RD(tb, A_FIFO_POP, ALL1);
    DO(tb, "test 0");
    WR(tb, A_RESOURCE, 0x24); /* the shadows are free: taken, no flag */
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 3);
    EXPECT_SAMPLE(tb, 0, 'T', 0, 0, 0, 0x22);
    EXPECT_SAMPLE(tb, 1, 'T', 0, 0, 0, 0x23);
    EXPECT_SAMPLE(tb, 2, 'R', 0, 0, 0, 0x24);
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    mk2_tb_free(tb);
}
END_TEST

/* Rows 22-24, 30-31, 40-63: "-". */
START_TEST(b4_row22_24_unused) { unused_rows(22, 24); }
END_TEST
START_TEST(b4_row30_31_unused) { unused_rows(30, 31); }
END_TEST
START_TEST(b4_row40_63_unused) { unused_rows(40, 63); }
END_TEST

/* Rows 25-29: "* FIFO | FIFO group A..E". TEST MODE: "the 160 bit FIFO is divided into five 32-bit groups
 * (A-E), from the most significant bit to the least significant bit"; "The FIFO can be read by the CPU, at
 * any time"; "The processor can write directly to the FIFO in test mode (via addresses 25-29). The 32 bits
 * of data are duplicated in each 32 bit FIFO group." */
static void fifo_group_row(unsigned g)
{
    mk2_tb *tb = chip();
    unsigned addr = A_FIFO_A + g;
    /* a real sample in the FIFO, read in normal mode: header, Timestamp, source, data (Table B2) */
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    DO(tb, "test 1");
    WR(tb, A_TS, 0x00a1a2a3a4a5a6a7ULL);
    DO(tb, "test 0");
    WR(tb, A_SRC + 3, 0xb1b2b3b4);
    DO(tb, "cpu 3");
    DO(tb, "netrdy 0");
    EXPECT_RD(tb, addr, ALL1); /* empty FIFO (docs/decisions.md D6.6) */
    WR(tb, addr, 0x12345678); /* outside test mode: nothing */
    EXPECT_RD(tb, addr, ALL1);
    WR(tb, A_TRACE, 0xc1c2c3c4d1d2d3d4ULL);
    const uint32_t groups[5] = {(uint32_t)hdr(3, TYPE_TRACE, 0, 0) << 24 | 0xa1a2a3u, 0xa4a5a6a7u,
                                0xb1b2b3b4u, 0xc1c2c3c4u, 0xd1d2d3d4u};
    EXPECT_RD(tb, addr, R32(groups[g]));
    EXPECT_RD(tb, addr, R32(groups[g])); /* reading does not shift the FIFO */
    /* test mode: the network off, the processor writes entries */
    DO(tb, "test 1");
    WR(tb, A_FIFO_POP, 0);
    WR(tb, A_NET_OFF, 0);
    EXPECT_RD(tb, addr, ALL1);
    uint32_t v = 0x50000000u | 0x010101u * (0x19 + g); /* header byte 0x50: CPU 2, Trace, no flags */
    WR(tb, addr, 0xffffffff00000000ULL | v);
    for (unsigned k = 0; k < 5; k++)
        EXPECT_RD(tb, A_FIFO_A + k, R32(v));
    EXPECT_RD(tb, A_CSR, R16(CSR_MODE64 | CSR_SAMPLING_ON)); /* 161st bit clear (D2.10) */
    WR(tb, A_NET_ON, 0);
    DO(tb, "test 0");
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 1);
    const mk2_sample *s = sample_at(tb, 0);
    ck_assert_msg(s->kind == 'T' && s->header == 0x50, "header 0x%02x", s->header);
    EXPECT_EQ(s->ts, ((uint64_t)(v & 0xffffff) << 32) | v);
    EXPECT_EQ(s->src, v);
    EXPECT_EQ(s->data, ((uint64_t)v << 32) | v);
    mk2_tb_free(tb);
}
START_TEST(b4_row25_fifo_group_a) { fifo_group_row(0); }
END_TEST
START_TEST(b4_row26_fifo_group_b) { fifo_group_row(1); }
END_TEST
START_TEST(b4_row27_fifo_group_c) { fifo_group_row(2); }
END_TEST
START_TEST(b4_row28_fifo_group_d) { fifo_group_row(3); }
END_TEST
START_TEST(b4_row29_fifo_group_e) { fifo_group_row(4); }
END_TEST

/* Row 32-39: "Source Addr Reg i (0..7) | Source Addr Reg i" (32 bits). */
START_TEST(b4_row32_39_source_address)
{
    mk2_tb *tb = chip();
    for (unsigned i = 0; i < 8; i++)
        EXPECT_RD(tb, A_SRC + i, R32(0));
    for (unsigned i = 0; i < 8; i++)
        WR(tb, A_SRC + i, 0x7777777700000000ULL | (0x10203040u * (i + 1)));
    for (unsigned i = 0; i < 8; i++)
        EXPECT_RD(tb, A_SRC + i, R32(0x10203040u * (i + 1)));
    /* "Any processor in the node can read or write all of the Source Address registers": the CPU ID lines
     * do not take part in addressing them */
    DO(tb, "cpu 5");
    WR(tb, A_SRC + 1, 0xfeed0001);
    EXPECT_RD(tb, A_SRC + 1, R32(0xfeed0001));
    EXPECT_RD(tb, A_SRC + 5, R32(0x10203040u * 6));
    mk2_tb_free(tb);
}
END_TEST

/* Row 64-79: "Resource Counter j (0..15) | Resource Counter j (with copy)". "Writing to the address of a
 * Resource Counter ... will place the data written into that Resource Counter, the shadow registers are not
 * affected." "Reading-with-copy any Resource Counter, causes all Resource Counter value[s to be copied]". */
START_TEST(b4_row64_79_counter_write_read_with_copy)
{
    mk2_tb *tb = chip();
    for (unsigned j = 0; j < 16; j++)
        WR(tb, A_CNT + j, 0x5555555500000000ULL | (0x01010101u * (j + 1)));
    for (unsigned j = 0; j < 16; j++)
        EXPECT_RD(tb, A_CNT_NOCOPY + j, R32(0)); /* shadows untouched */
    for (unsigned j = 0; j < 16; j++)
        EXPECT_RD(tb, A_CNT + j, R32(0x01010101u * (j + 1)));
    /* one copy brings all 16 */
    WR(tb, A_CNT + 9, 0x99);
    WR(tb, A_CNT + 12, 0xcc);
    EXPECT_RD(tb, A_CNT + 0, R32(0x01010101u));
    EXPECT_RD(tb, A_CNT_NOCOPY + 9, R32(0x99));
    EXPECT_RD(tb, A_CNT_NOCOPY + 12, R32(0xcc));
    mk2_tb_free(tb);
}
END_TEST

/* Row 64-79, the value read: "Reading-with-copy any Resource Counter, causes all Resource Counter value[s
 * to be copied], ... a read-with-copy yields the most current Resource Counter value". Exactly (docs/
 * decisions.md D2.6, D4.3): a node-clock counter enabled at edge a1 and read at action edge a2 returns the
 * counts of edges a1+1..a2-1; both commands end at their action edge. */
START_TEST(b4_row64_79_read_with_copy_current_value)
{
    mk2_tb *tb = chip();
    WR(tb, A_MODE, fld(0, M_CLK) | fld(15, M_CLK));
    WR(tb, A_CLKSEL, fld(0, C_NODE) | fld(15, C_NODE));
    WR(tb, A_ENABLE, fld(0, E_ENABLE));
    uint64_t a0 = mk2_tb_ticks(tb);
    DO(tb, "idle 10");
    WR(tb, A_ENABLE, fld(15, E_ENABLE));
    uint64_t a15 = mk2_tb_ticks(tb);
    DO(tb, "idle 33");
    uint64_t v = RD(tb, A_CNT + 15);
    uint64_t a2 = mk2_tb_ticks(tb);
    EXPECT_EQ(v, R32(a2 - a15 - 1));
    EXPECT_RD(tb, A_CNT_NOCOPY + 0, R32(a2 - a0 - 1)); /* copied at the same instant */
    mk2_tb_free(tb);
}
END_TEST

/* Row 80-95: "Increment Resource Counter j (0..15) | Resource Counter j (without copy)"; the increment acts
 * "if the "software increment" option is selected in the control registers". */
START_TEST(b4_row80_95_increment_read_without_copy)
{
    mk2_tb *tb = chip();
    uint64_t mode = 0, en = 0;
    for (unsigned j = 0; j < 16; j++) {
        mode |= fld(j, M_SW);
        en |= fld(j, E_ENABLE);
    }
    WR(tb, A_MODE, mode);
    WR(tb, A_ENABLE, en);
    for (unsigned j = 0; j < 16; j++)
        for (unsigned k = 0; k <= j; k++)
            WR(tb, A_CNT_NOCOPY + j, 0xffffffffffffffffULL);
    for (unsigned j = 0; j < 16; j++)
        EXPECT_RD(tb, A_CNT_NOCOPY + j, R32(0)); /* no copy yet */
    RD(tb, A_CNT + 0);
    for (unsigned j = 0; j < 16; j++)
        EXPECT_RD(tb, A_CNT_NOCOPY + j, R32(j + 1));
    mk2_tb_free(tb);
}
END_TEST

/* Row 96-111: "Trigger a Trace Sample w/o resource data, with filter level 0..15 and Source address index
 * 0..7 from hardware pins"; the filter level is address bits 3..0 (notes), taken when its Filter bit is 1. */
START_TEST(b4_row96_111_trace_sample_filter_level)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON); /* written faster than they leave: wait, never lose */
    for (unsigned l = 0; l < 16; l++) {
        WR(tb, A_FILTER, 1u << l);
        WR(tb, A_TRACE + ((l + 1) & 15), 0xdead0000u + l); /* level off: discarded silently */
        WR(tb, A_TRACE + l, 0x7000u + l);
        EXPECT_RD(tb, A_TRACE + l, ALL1);
    }
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 16);
    for (int l = 0; l < 16; l++)
        EXPECT_SAMPLE(tb, l, 'T', 0, 0, 0, 0x7000u + l);
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    mk2_tb_free(tb);
}
END_TEST

/* Row 112-127: "Trigger a Resource Sample including Trace data, with filter level 0..15 ...". */
START_TEST(b4_row112_127_resource_sample_filter_level)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON);
    for (unsigned j = 0; j < 16; j++)
        WR(tb, A_CNT + j, 0xc0000000u + j);
    for (unsigned l = 0; l < 16; l++) {
        WR(tb, A_FILTER, 1u << l);
        WR(tb, A_RESOURCE + ((l + 15) & 15), 0xdead0000u + l);
        WR(tb, A_RESOURCE + l, 0x7100u + l);
        EXPECT_RD(tb, A_RESOURCE + l, ALL1);
    }
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 16);
    for (int l = 0; l < 16; l++) {
        EXPECT_SAMPLE(tb, l, 'R', 0, 0, 0, 0x7100u + l);
        for (int j = 0; j < 16; j++)
            EXPECT_EQ(sample_at(tb, l)->cnt[j], 0xc0000000u + j);
    }
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    mk2_tb_free(tb);
}
END_TEST

/* Row 112-127, the counters: "When a Resource sample is triggered ... the contents of all Resource Counters
 * are copied into the corresponding shadow registers ... all correspond to the same instant - the time of
 * the sample." Exactly: the values at the sample's action edge (D3.2), as for a read (above). */
START_TEST(b4_row112_127_counters_at_sample_instant)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    WR(tb, A_MODE, fld(3, M_CLK) | fld(8, M_CLK) | fld(9, M_SW));
    WR(tb, A_CLKSEL, fld(3, C_NODE) | fld(8, C_NODE));
    WR(tb, A_ENABLE, fld(3, E_ENABLE) | fld(9, E_ENABLE));
    uint64_t a3 = mk2_tb_ticks(tb);
    DO(tb, "idle 17");
    WR(tb, A_ENABLE, fld(8, E_RESET_ENABLE));
    uint64_t a8 = mk2_tb_ticks(tb);
    WR(tb, A_CNT_NOCOPY + 9, 0);
    DO(tb, "idle 5");
    WR(tb, A_RESOURCE, 0x5a);
    uint64_t as = mk2_tb_ticks(tb);
    DO(tb, "idle 20");
    WR(tb, A_CNT_NOCOPY + 9, 0);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 1);
    EXPECT_EQ(sample_at(tb, 0)->cnt[3], as - a3 - 1);
    EXPECT_EQ(sample_at(tb, 0)->cnt[8], as - a8 - 1);
    EXPECT_EQ(sample_at(tb, 0)->cnt[9], 1);
    EXPECT_RD(tb, A_CNT_NOCOPY + 3, R32(as - a3 - 1));
    mk2_tb_free(tb);
}
END_TEST

/* Note "* Available ONLY in TEST mode": every starred write outside test mode is acknowledged and does
 * nothing (CLARIFICATIONS). Starred: 2, 16-21, 25-29. */
START_TEST(b4_note_star_test_only_writes_do_nothing_outside_test)
{
    static const unsigned starred[] = {2, 16, 17, 18, 19, 20, 21, 25, 26, 27, 28, 29};
    mk2_tb *tb = chip();
    set_state(tb);
    DO(tb, "netrdy 0");
    WR(tb, A_TRACE + 2, 0x42); /* (Filter 0x1234 has level 2 on) something in the FIFO for 21, 25-29 */
    snap(tb);
    snapshot before = snap(tb);
    for (unsigned i = 0; i < sizeof starred / sizeof *starred; i++) {
        WR(tb, starred[i], 0x0000000012345678ULL);
        snapshot after = snap(tb);
        expect_same(&before, &after, starred[i]);
    }
    DO(tb, "netrdy 1");
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 1);
    mk2_tb_free(tb);
}
END_TEST

/* Note "** Reset to zero ONLY when NOT in TEST mode": in test mode a write to 5 or 6 loads the data
 * (TEST MODE: "the Wait Error Counter, and the OverRun Error Counter become writable"). */
START_TEST(b4_note_dstar_counters_zeroed_only_outside_test)
{
    mk2_tb *tb = chip();
    DO(tb, "test 1");
    WR(tb, A_WAITCNT, 0xffffffff87654321ULL);
    WR(tb, A_OVRCNT, 0x00000000abcdef01ULL);
    EXPECT_RD(tb, A_WAITCNT, R32(0x87654321));
    EXPECT_RD(tb, A_OVRCNT, R32(0xabcdef01));
    DO(tb, "test 0");
    WR(tb, A_WAITCNT, 0x5555);
    WR(tb, A_OVRCNT, 0x5555);
    EXPECT_RD(tb, A_WAITCNT, R32(0));
    EXPECT_RD(tb, A_OVRCNT, R32(0));
    mk2_tb_free(tb);
}
END_TEST

/* Note "A Trace sample w or w/o resource data, contains 64 bits of user data." */
START_TEST(b4_note_sample_user_data_64_bits)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON);
    WR(tb, A_TRACE, 0xfedcba9876543210ULL);
    WR(tb, A_RESOURCE, 0x0123456789abcdefULL);
    DO(tb, "drain");
    EXPECT_SAMPLE(tb, 0, 'T', 0, 0, 0, 0xfedcba9876543210ULL);
    EXPECT_SAMPLE(tb, 1, 'R', 0, 0, 0, 0x0123456789abcdefULL);
    mk2_tb_free(tb);
}
END_TEST

/* Notes "The source address index for sampling, addresses 96-127, is the encoded value of the active CPU
 * ID line" and (Source Address Registers) "the identity ... executing on processor 3 ... should be
 * contained in source address register 3". */
START_TEST(b4_note_source_index_from_cpu_id_lines)
{
    mk2_tb *tb = chip();
    WR(tb, A_CSR, CSR_SAMPLING_ON | CSR_WAIT_ON);
    for (unsigned i = 0; i < 8; i++)
        WR(tb, A_SRC + i, 0x5a000000u + 0x111u * i);
    for (unsigned i = 0; i < 8; i++) {
        DO(tb, "cpu %u", i);
        WR(tb, (i & 1) ? A_RESOURCE + i : A_TRACE + i, 0x600u + i);
    }
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 8);
    for (int i = 0; i < 8; i++) {
        EXPECT_SAMPLE(tb, i, (i & 1) ? 'R' : 'T', i, 0, 0, 0x600u + i);
        EXPECT_EQ(sample_at(tb, i)->src, 0x5a000000u + 0x111u * i);
    }
    mk2_tb_free(tb);
}
END_TEST

/* Notes "The filter level for sampling ... is computed from address bits 0-3" and "The Resource Counter,
 * addresses 64-95, is computed from address bits 0-3" (and the source register from the low 3 bits of
 * 32-39): each register of a group is its own. */
START_TEST(b4_note_index_from_low_address_bits)
{
    mk2_tb *tb = chip();
    WR(tb, A_MODE, 0x2222222222222222ULL);
    WR(tb, A_ENABLE, 0x2222222222222222ULL);
    for (unsigned j = 0; j < 16; j++)
        WR(tb, A_CNT + j, 0x1000u * j);
    WR(tb, A_CNT_NOCOPY + 13, 0);
    for (unsigned j = 0; j < 16; j++)
        EXPECT_RD(tb, A_CNT + j, R32(0x1000u * j + (j == 13)));
    for (unsigned i = 0; i < 8; i++)
        WR(tb, A_SRC + i, i);
    for (unsigned i = 0; i < 8; i++)
        EXPECT_RD(tb, A_SRC + i, R32(i));
    WR(tb, A_CSR, CSR_SAMPLING_ON);
    WR(tb, A_FILTER, 1u << 10);
    for (unsigned l = 0; l < 16; l++)
        WR(tb, A_TRACE + l, l);
    DO(tb, "drain");
    EXPECT_NSAMPLES(tb, 1);
    EXPECT_SAMPLE(tb, 0, 'T', 0, 0, 0, 10);
    mk2_tb_free(tb);
}
END_TEST

Suite *suite_b4(void)
{
    Suite *s = suite_create("b4_addresses");
    TCase *tc = tcase_create("b4");
    tcase_set_timeout(tc, MK2_CHECK_TIMEOUT);
    tcase_add_test(tc, b4_row0_software_reset_keeps_timestamp);
    tcase_add_test(tc, b4_row1_csr);
    tcase_add_test(tc, b4_row2_timestamp);
    tcase_add_test(tc, b4_row3_unused);
    tcase_add_test(tc, b4_row4_filter);
    tcase_add_test(tc, b4_row5_wait_counter);
    tcase_add_test(tc, b4_row6_overrun_counter);
    tcase_add_test(tc, b4_row7_high_order);
    tcase_add_test(tc, b4_row8_enable_register);
    tcase_add_test(tc, b4_row9_unused);
    tcase_add_test(tc, b4_row10_mode_register);
    tcase_add_test(tc, b4_row11_unused);
    tcase_add_test(tc, b4_row12_clock_select_register);
    tcase_add_test(tc, b4_row13_15_unused);
    tcase_add_test(tc, b4_row16_incr_timestamp_test_only);
    tcase_add_test(tc, b4_row17_incr_wait_counter_test_only);
    tcase_add_test(tc, b4_row18_incr_overrun_counter_test_only);
    tcase_add_test(tc, b4_row19_disable_network_test_only);
    tcase_add_test(tc, b4_row20_enable_network_test_only);
    tcase_add_test(tc, b4_row21_advance_fifo_free_shadows_test_only);
    tcase_add_test(tc, b4_row22_24_unused);
    tcase_add_test(tc, b4_row25_fifo_group_a);
    tcase_add_test(tc, b4_row26_fifo_group_b);
    tcase_add_test(tc, b4_row27_fifo_group_c);
    tcase_add_test(tc, b4_row28_fifo_group_d);
    tcase_add_test(tc, b4_row29_fifo_group_e);
    tcase_add_test(tc, b4_row30_31_unused);
    tcase_add_test(tc, b4_row32_39_source_address);
    tcase_add_test(tc, b4_row40_63_unused);
    tcase_add_test(tc, b4_row64_79_counter_write_read_with_copy);
    tcase_add_test(tc, b4_row64_79_read_with_copy_current_value);
    tcase_add_test(tc, b4_row80_95_increment_read_without_copy);
    tcase_add_test(tc, b4_row96_111_trace_sample_filter_level);
    tcase_add_test(tc, b4_row112_127_resource_sample_filter_level);
    tcase_add_test(tc, b4_row112_127_counters_at_sample_instant);
    tcase_add_test(tc, b4_note_star_test_only_writes_do_nothing_outside_test);
    tcase_add_test(tc, b4_note_dstar_counters_zeroed_only_outside_test);
    tcase_add_test(tc, b4_note_sample_user_data_64_bits);
    tcase_add_test(tc, b4_note_source_index_from_cpu_id_lines);
    tcase_add_test(tc, b4_note_index_from_low_address_bits);
    suite_add_tcase(s, tc);
    return s;
}
