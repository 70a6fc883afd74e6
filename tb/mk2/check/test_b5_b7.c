/*
 * test_b5_b7.c - Tables B5 (Mode Register), B6 (Clock Select Register) and B7 (Enable Register): one test
 * per row of each table.
 *
 * "These control registers are designed so that a zero value written into any field leaves that field
 * unchanged" (Resource Counter Control Registers); each register is 16 4-bit fields, counter j in bits
 * 4j+3..4j (docs/decisions.md D4.5).
 *
 * Exact counts of internal clocks: docs/decisions.md D4.3 "An Enable/Disable takes effect for counts from
 * the next edge", so a counter enabled by a write whose action edge is a1 and disabled by one at a2 counts
 * the edges a1+1..a2 that its source ticks on. Both writes are identical bus cycles, so a2 - a1 is the
 * difference of the harness's node-clock counts after the two commands (each command ends with the tick
 * whose edge asserted ACKB, the action edge: decisions section 9, D2.3).
 */
#include "mk2_check.h"

static uint32_t counter(mk2_tb *tb, unsigned j)
{
    uint64_t v = RD(tb, A_CNT + j);
    ck_assert_msg(v >> 32 == 0xffffffffu, "counter %u read 0x%016" PRIx64 ": bits 63..32 should be 1", j, v);
    return (uint32_t)v;
}

static void set_field(mk2_tb *tb, unsigned addr, unsigned j, unsigned v) { WR(tb, addr, fld(j, v)); }

/* Write the Enable field; return the node-clock count at its action edge. */
static uint64_t enable_at(mk2_tb *tb, unsigned j, unsigned ev)
{
    set_field(tb, A_ENABLE, j, ev);
    return mk2_tb_ticks(tb);
}

/* Count of a source that ticks once every `period` edges, over a window of `len` edges. */
static void expect_divided(uint32_t got, uint64_t len, unsigned period)
{
    if (len % period == 0)
        EXPECT_EQ(got, len / period);
    else
        EXPECT_RANGE(got, len / period, len / period + 1);
}

/* ---- Table B5 ---- */

/* Row "x000 NOP"; NOTE: 1000 is x000 too. */
START_TEST(b5_row_x000_nop)
{
    mk2_tb *tb = chip();
    WR(tb, A_MODE, 0);
    EXPECT_RD(tb, A_MODE, 0x4444444444444444ULL);
    WR(tb, A_MODE, fld(3, M_CLK) | fld(7, M_NOP | M_DOUBLE) | fld(12, M_SW));
    EXPECT_RD(tb, A_MODE, 0x4442444444441444ULL);
    /* counter 7 keeps External Signal */
    enable_at(tb, 7, E_ENABLE);
    DO(tb, "ext 7 pulse 3");
    DO(tb, "idle 4");
    EXPECT_EQ(counter(tb, 7), 3);
    mk2_tb_free(tb);
}
END_TEST

/* Row "x001 CLK (Count internal Clks)": with Clock Select NodeClk, one count per node clock enabled. */
static void clk_mode_row(unsigned mode)
{
    mk2_tb *tb = chip();
    set_field(tb, A_MODE, 2, mode);
    set_field(tb, A_CLKSEL, 2, C_NODE);
    EXPECT_RD(tb, A_MODE, (0x4444444444444444ULL & ~fld(2, 0xf)) | fld(2, mode));
    uint64_t a1 = enable_at(tb, 2, E_ENABLE);
    DO(tb, "idle 57");
    DO(tb, "ext 2 pulse 3"); /* the external input does not matter */
    uint64_t a2 = enable_at(tb, 2, E_DISABLE);
    DO(tb, "idle 20");
    EXPECT_EQ(counter(tb, 2), a2 - a1);
    EXPECT_EQ(counter(tb, 3), 0);
    mk2_tb_free(tb);
}
START_TEST(b5_row_x001_clk) { clk_mode_row(M_CLK); }
END_TEST
/* Row "x101 (same as CLK)". */
START_TEST(b5_row_x101_same_as_clk) { clk_mode_row(M_CLK | 4); }
END_TEST

/* Row "x010 Software (Increment counter by software)": "Writing to a Resource Counter's increment address
 * (address 80-95) will cause the corresponding Resource Counter to be incremented, if the "software
 * increment" option is selected". */
static void sw_mode_row(unsigned mode)
{
    mk2_tb *tb = chip();
    set_field(tb, A_MODE, 9, mode);
    set_field(tb, A_CLKSEL, 9, C_NODE);
    enable_at(tb, 9, E_ENABLE);
    for (int i = 0; i < 5; i++)
        WR(tb, A_CNT_NOCOPY + 9, 0);
    DO(tb, "idle 30");
    DO(tb, "ext 9 pulse 4");
    DO(tb, "tsclk 2");
    EXPECT_EQ(counter(tb, 9), 5);
    /* not in Software mode: an increment write does nothing */
    set_field(tb, A_MODE, 10, M_EXT);
    enable_at(tb, 10, E_ENABLE);
    WR(tb, A_CNT_NOCOPY + 10, 0);
    EXPECT_EQ(counter(tb, 10), 0);
    mk2_tb_free(tb);
}
START_TEST(b5_row_x010_software) { sw_mode_row(M_SW); }
END_TEST
/* Row "x110 (same as Software)". */
START_TEST(b5_row_x110_same_as_software) { sw_mode_row(M_SW | 4); }
END_TEST

/* Row "x011 External Enable (Count internal Clks only when the External signal is active high)": Xj high
 * for exactly 100 node clocks (level applied from the next tick; D4.1 shifts both edges equally through
 * the synchronizer) gives 100 node clocks. */
static void exten_mode_row(unsigned mode)
{
    mk2_tb *tb = chip();
    set_field(tb, A_MODE, 11, mode);
    set_field(tb, A_CLKSEL, 11, C_NODE);
    DO(tb, "ext 11 0");
    enable_at(tb, 11, E_ENABLE);
    DO(tb, "idle 40");
    EXPECT_EQ(counter(tb, 11), 0);
    DO(tb, "ext 11 1");
    DO(tb, "idle 100");
    DO(tb, "ext 11 0");
    DO(tb, "idle 40");
    EXPECT_EQ(counter(tb, 11), 100);
    /* with the Timestamp clock selected: its edges count only while Xj is high */
    WR(tb, A_CNT + 11, 0);
    set_field(tb, A_CLKSEL, 11, C_TS);
    DO(tb, "tsclk 3");
    DO(tb, "ext 11 1");
    DO(tb, "idle 4");
    DO(tb, "tsclk 5");
    DO(tb, "idle 4");
    DO(tb, "ext 11 0");
    DO(tb, "idle 4");
    DO(tb, "tsclk 2");
    EXPECT_EQ(counter(tb, 11), 5);
    mk2_tb_free(tb);
}
START_TEST(b5_row_x011_external_enable) { exten_mode_row(M_EXTEN); }
END_TEST
/* Row "x111 (same as External Enable)". */
START_TEST(b5_row_x111_same_as_external_enable) { exten_mode_row(M_EXTEN | 4); }
END_TEST

/* Row "** x100 External Signal (Count external signals, low to high)", the default. */
START_TEST(b5_row_x100_external_signal_default)
{
    mk2_tb *tb = chip();
    EXPECT_RD(tb, A_MODE, 0x4444444444444444ULL);
    enable_at(tb, 4, E_ENABLE);
    DO(tb, "ext 4 pulse 7");
    DO(tb, "ext 4 1");
    DO(tb, "idle 50"); /* a high level is one rising edge, not a count per clock */
    DO(tb, "ext 4 0");
    DO(tb, "idle 10");
    WR(tb, A_CNT_NOCOPY + 4, 0); /* not Software mode */
    EXPECT_EQ(counter(tb, 4), 8);
    EXPECT_EQ(counter(tb, 5), 0);
    /* written explicitly (after another mode) it acts the same */
    set_field(tb, A_MODE, 4, M_SW);
    set_field(tb, A_MODE, 4, M_EXT);
    DO(tb, "ext 4 pulse 2");
    DO(tb, "idle 4");
    EXPECT_EQ(counter(tb, 4), 10);
    mk2_tb_free(tb);
}
END_TEST

/* Row "** 0xxx Single precision" (default): each counter 32 bits, sticking at its maximum ("The Resource
 * Counters will not count beyond their maximum value"), no carry into its odd neighbour. */
START_TEST(b5_row_0xxx_single_precision)
{
    mk2_tb *tb = chip();
    set_field(tb, A_MODE, 6, M_SW);
    WR(tb, A_ENABLE, fld(6, E_ENABLE) | fld(7, E_ENABLE));
    WR(tb, A_CNT + 6, 0xfffffffd);
    for (int i = 0; i < 5; i++)
        WR(tb, A_CNT_NOCOPY + 6, 0);
    EXPECT_EQ(counter(tb, 6), 0xffffffffu);
    EXPECT_EQ(counter(tb, 7), 0);
    EXPECT_RD(tb, A_MODE, (0x4444444444444444ULL & ~fld(6, 0xf)) | fld(6, M_SW));
    mk2_tb_free(tb);
}
END_TEST

/* Row "1xxx Double precision (This setting applies only to EVEN Resource Counters, ODD Counters use the value
 * from their EVEN pair)": the even counter is the low half (CLARIFICATIONS: "low 32 bits in counter j's
 * slot"); "writing counter j writes that 32-bit half". */
START_TEST(b5_row_1xxx_double_precision)
{
    mk2_tb *tb = chip();
    set_field(tb, A_MODE, 6, M_DOUBLE | M_SW);
    EXPECT_RD(tb, A_MODE, (0x4444444444444444ULL & ~fld(6, 0xf)) | fld(6, M_DOUBLE | M_SW));
    set_field(tb, A_ENABLE, 6, E_ENABLE);
    WR(tb, A_CNT + 6, 0xfffffffe);
    WR(tb, A_CNT + 7, 0x12);
    for (int i = 0; i < 3; i++)
        WR(tb, A_CNT_NOCOPY + 6, 0);
    EXPECT_EQ(counter(tb, 6), 1);
    EXPECT_EQ(counter(tb, 7), 0x13);
    /* the pair sticks at 2^64 - 1 */
    WR(tb, A_CNT + 6, 0xfffffffe);
    WR(tb, A_CNT + 7, 0xffffffff);
    for (int i = 0; i < 3; i++)
        WR(tb, A_CNT_NOCOPY + 6, 0);
    EXPECT_EQ(counter(tb, 6), 0xffffffffu);
    EXPECT_EQ(counter(tb, 7), 0xffffffffu);
    mk2_tb_free(tb);
}
END_TEST

/* Row "1xxx" second half: the bit in an ODD field does not make a pair, and an odd counter of a pair follows
 * its even counter's fields (its own Mode and Enable fields ignored while paired: docs/decisions.md D4.4). */
START_TEST(b5_row_1xxx_odd_field_ignored)
{
    mk2_tb *tb = chip();
    /* counters 8 (single, software) and 9 (odd, 1010): not a pair */
    WR(tb, A_MODE, fld(8, M_SW) | fld(9, M_DOUBLE | M_SW));
    WR(tb, A_ENABLE, fld(8, E_ENABLE) | fld(9, E_ENABLE));
    WR(tb, A_CNT + 8, 0xffffffff);
    WR(tb, A_CNT + 9, 0xffffffff);
    WR(tb, A_CNT_NOCOPY + 8, 0);
    WR(tb, A_CNT_NOCOPY + 9, 0);
    EXPECT_EQ(counter(tb, 8), 0xffffffffu);
    EXPECT_EQ(counter(tb, 9), 0xffffffffu);
    EXPECT_EQ(counter(tb, 10), 0);
    /* counters 12/13: pair from 12's field (double, node clock); 13's own fields say software/disabled */
    WR(tb, A_MODE, fld(12, M_DOUBLE | M_CLK) | fld(13, M_SW));
    WR(tb, A_CLKSEL, fld(12, C_NODE));
    WR(tb, A_CNT + 12, 0xffffff00u);
    set_field(tb, A_ENABLE, 13, E_DISABLE);
    uint64_t a1 = enable_at(tb, 12, E_ENABLE);
    DO(tb, "idle 300");
    uint64_t a2 = enable_at(tb, 12, E_DISABLE);
    uint64_t pair = 0xffffff00u + (a2 - a1);
    EXPECT_EQ(counter(tb, 12), (uint32_t)pair);
    EXPECT_EQ(counter(tb, 13), pair >> 32);
    mk2_tb_free(tb);
}
END_TEST

/* ---- Table B6 ---- */

/* Counter j in CLK mode with clock select `cs`, enabled for a window of about `len` node clocks; returns
 * the count and the exact window. */
static uint32_t clk_window(mk2_tb *tb, unsigned j, unsigned cs, unsigned idle, uint64_t *len)
{
    set_field(tb, A_MODE, j, M_CLK);
    set_field(tb, A_CLKSEL, j, cs);
    uint64_t a1 = enable_at(tb, j, E_RESET_ENABLE);
    DO(tb, "idle %u", idle);
    uint64_t a2 = enable_at(tb, j, E_DISABLE);
    *len = a2 - a1;
    return counter(tb, j);
}

/* Row "x000 NOP" (1000 too). */
START_TEST(b6_row_x000_nop)
{
    mk2_tb *tb = chip();
    WR(tb, A_CLKSEL, 0);
    EXPECT_RD(tb, A_CLKSEL, 0x4444444444444444ULL);
    WR(tb, A_CLKSEL, fld(1, C_DIV10) | fld(3, 8));
    EXPECT_RD(tb, A_CLKSEL, 0x4444444444444424ULL);
    /* counter 3 still counts the Timestamp clock */
    set_field(tb, A_MODE, 3, M_CLK);
    enable_at(tb, 3, E_ENABLE);
    DO(tb, "idle 50");
    DO(tb, "tsclk 4");
    EXPECT_EQ(counter(tb, 3), 4);
    mk2_tb_free(tb);
}
END_TEST

/* Rows "x001 NodeClk (chip input Node clk)" and "x101 (same as NodeClk)". */
static void node_row(unsigned cs)
{
    mk2_tb *tb = chip();
    uint64_t len;
    uint32_t n = clk_window(tb, 14, cs, 123, &len);
    EXPECT_EQ(n, len);
    EXPECT_RANGE(len, 123, 130);
    mk2_tb_free(tb);
}
START_TEST(b6_row_x001_nodeclk) { node_row(C_NODE); }
END_TEST
START_TEST(b6_row_x101_same_as_nodeclk) { node_row(C_NODE | 4); }
END_TEST

/* Rows "x010 NodeClk/10 (NodeClk divided by 10)" and "x110 (same as NodeClk/10)". */
static void div10_row(unsigned cs)
{
    mk2_tb *tb = chip();
    uint64_t len;
    uint32_t n = clk_window(tb, 1, cs, 998, &len);
    expect_divided(n, len, 10);
    n = clk_window(tb, 1, cs, 1003, &len);
    expect_divided(n, len, 10);
    mk2_tb_free(tb);
}
START_TEST(b6_row_x010_nodeclk_div10) { div10_row(C_DIV10); }
END_TEST
START_TEST(b6_row_x110_same_as_div10) { div10_row(C_DIV10 | 4); }
END_TEST

/* Rows "x011 NodeClk/100" and "x111 (same as NodeClk/100)". */
static void div100_row(unsigned cs)
{
    mk2_tb *tb = chip();
    uint64_t len;
    uint32_t n = clk_window(tb, 15, cs, 1998, &len);
    expect_divided(n, len, 100);
    n = clk_window(tb, 15, cs, 2345, &len);
    expect_divided(n, len, 100);
    mk2_tb_free(tb);
}
START_TEST(b6_row_x011_nodeclk_div100) { div100_row(C_DIV100); }
END_TEST
START_TEST(b6_row_x111_same_as_div100) { div100_row(C_DIV100 | 4); }
END_TEST

/* Rows "x010 NodeClk/10" and "x011 NodeClk/100", the phase, from docs/decisions.md: D4.1 "Node/10: the
 * edges at which the /10 prescaler (counting edges 0..9 from reset) is at 9, i.e. the 10th, 20th, ... edge
 * after reset. Node/100: ... the 100th, 200th ...", D1.3 (the software reset sets both prescalers to 0
 * too), D1.1 (after `reset` the first functional edge is the tick after the command: the harness has
 * simulated 10 ticks, so the edge ending tick count T is functional edge T - 10). A counter reset&enabled
 * at edge e1 and disabled at e2 counts the ticks at edges e1+1..e2. */
static unsigned ticks_between(uint64_t e1, uint64_t e2, uint64_t origin, unsigned period)
{
    return (unsigned)((e2 - origin) / period - (e1 - origin) / period);
}

static void phase_windows(mk2_tb *tb, unsigned j, unsigned cs, unsigned period, uint64_t origin,
                          const unsigned *idles, unsigned n)
{
    set_field(tb, A_MODE, j, M_CLK);
    set_field(tb, A_CLKSEL, j, cs);
    for (unsigned i = 0; i < n; i++) {
        uint64_t e1 = enable_at(tb, j, E_RESET_ENABLE) - 10;
        DO(tb, "idle %u", idles[i]);
        uint64_t e2 = enable_at(tb, j, E_DISABLE) - 10;
        uint32_t got = counter(tb, j);
        ck_assert_msg(got == ticks_between(e1, e2, origin, period),
                      "/%u: edges %" PRIu64 "..%" PRIu64 " (origin %" PRIu64 "): %u counts, want %u", period,
                      e1 + 1, e2, origin, got, ticks_between(e1, e2, origin, period));
    }
}

START_TEST(b6_row_x010_x011_prescaler_phase_decisions)
{
    static const unsigned idles10[] = {3, 13, 4, 5, 6, 7, 8, 9, 10, 11, 27};
    static const unsigned idles100[] = {40, 90, 13, 150, 61, 99};
    mk2_tb *tb = chip();
    phase_windows(tb, 4, C_DIV10, 10, 0, idles10, sizeof idles10 / sizeof *idles10);
    phase_windows(tb, 5, C_DIV100, 100, 0, idles100, sizeof idles100 / sizeof *idles100);
    DO(tb, "idle 7");
    WR(tb, A_SWRESET, 0);
    uint64_t r = mk2_tb_ticks(tb) - 10;
    phase_windows(tb, 4, C_DIV10, 10, r, idles10, sizeof idles10 / sizeof *idles10);
    phase_windows(tb, 5, C_DIV100, 100, r, idles100, sizeof idles100 / sizeof *idles100);
    mk2_tb_free(tb);
}
END_TEST

/* Row "** x100 TSclk (chip input timestamp clk)", the default. */
START_TEST(b6_row_x100_tsclk_default)
{
    mk2_tb *tb = chip();
    EXPECT_RD(tb, A_CLKSEL, 0x4444444444444444ULL);
    set_field(tb, A_MODE, 5, M_CLK);
    enable_at(tb, 5, E_ENABLE);
    DO(tb, "idle 30");
    EXPECT_EQ(counter(tb, 5), 0);
    DO(tb, "tsclk 6");
    DO(tb, "idle 30");
    EXPECT_EQ(counter(tb, 5), 6);
    EXPECT_RD(tb, A_TS, R56(6));
    /* explicitly written (after another choice, with the counter stopped meanwhile) */
    set_field(tb, A_ENABLE, 5, E_DISABLE);
    set_field(tb, A_CLKSEL, 5, C_NODE);
    set_field(tb, A_CLKSEL, 5, C_TS);
    set_field(tb, A_ENABLE, 5, E_RESET_ENABLE);
    DO(tb, "idle 30");
    DO(tb, "tsclk 3");
    EXPECT_EQ(counter(tb, 5), 3);
    mk2_tb_free(tb);
}
END_TEST

/* ---- Table B7 ---- */

/* Row "xx00 NOP" (with bits 3..2 set as well). */
START_TEST(b7_row_xx00_nop)
{
    mk2_tb *tb = chip();
    WR(tb, A_MODE, fld(1, M_SW) | fld(2, M_SW));
    set_field(tb, A_ENABLE, 1, E_ENABLE);
    WR(tb, A_ENABLE, fld(1, 0x0) | fld(2, E_ENABLE));
    WR(tb, A_ENABLE, fld(1, 0xc) | fld(2, 0x4));
    EXPECT_RD(tb, A_ENABLE, 0x1111111111111221ULL);
    WR(tb, A_CNT_NOCOPY + 1, 0);
    WR(tb, A_CNT_NOCOPY + 2, 0);
    EXPECT_EQ(counter(tb, 1), 1);
    EXPECT_EQ(counter(tb, 2), 1);
    mk2_tb_free(tb);
}
END_TEST

/* Row "** xx01 Disable counter" (the default): the value is held. */
START_TEST(b7_row_xx01_disable_default)
{
    mk2_tb *tb = chip();
    EXPECT_RD(tb, A_ENABLE, 0x1111111111111111ULL);
    WR(tb, A_MODE, fld(0, M_SW) | fld(13, M_SW));
    WR(tb, A_CNT_NOCOPY + 0, 0); /* disabled after reset: no count */
    set_field(tb, A_ENABLE, 13, E_ENABLE);
    WR(tb, A_CNT_NOCOPY + 13, 0);
    WR(tb, A_CNT_NOCOPY + 13, 0);
    set_field(tb, A_ENABLE, 13, 0xd); /* 1101 = xx01 */
    EXPECT_RD(tb, A_ENABLE, 0x1111111111111111ULL);
    WR(tb, A_CNT_NOCOPY + 13, 0);
    EXPECT_EQ(counter(tb, 0), 0);
    EXPECT_EQ(counter(tb, 13), 2);
    mk2_tb_free(tb);
}
END_TEST

/* Row "xx10 Enable counter": "just enable the counter with its previous contents intact". */
START_TEST(b7_row_xx10_enable)
{
    mk2_tb *tb = chip();
    set_field(tb, A_MODE, 5, M_SW);
    WR(tb, A_CNT + 5, 100);
    set_field(tb, A_ENABLE, 5, 0xe); /* 1110 = xx10 */
    EXPECT_RD(tb, A_ENABLE, 0x1111111111211111ULL);
    WR(tb, A_CNT_NOCOPY + 5, 0);
    WR(tb, A_CNT_NOCOPY + 5, 0);
    EXPECT_EQ(counter(tb, 5), 102);
    /* enabling an enabled counter changes nothing */
    set_field(tb, A_ENABLE, 5, E_ENABLE);
    EXPECT_EQ(counter(tb, 5), 102);
    mk2_tb_free(tb);
}
END_TEST

/* Row "xx11 Reset & Enable counter": "reset the counter before enabling it". */
START_TEST(b7_row_xx11_reset_and_enable)
{
    mk2_tb *tb = chip();
    set_field(tb, A_MODE, 10, M_SW);
    WR(tb, A_CNT + 10, 100);
    WR(tb, A_CNT + 11, 77);
    set_field(tb, A_ENABLE, 10, 0x7); /* 0111 = xx11 */
    EXPECT_RD(tb, A_ENABLE, 0x1111121111111111ULL);
    EXPECT_EQ(counter(tb, 10), 0);
    EXPECT_EQ(counter(tb, 11), 77);
    WR(tb, A_CNT_NOCOPY + 10, 0);
    EXPECT_EQ(counter(tb, 10), 1);
    /* a counting clock: the reset wins at its own edge (D4.3), then one count per node clock */
    set_field(tb, A_MODE, 10, M_CLK);
    set_field(tb, A_CLKSEL, 10, C_NODE);
    uint64_t a1 = enable_at(tb, 10, E_RESET_ENABLE);
    DO(tb, "idle 40");
    uint64_t a2 = enable_at(tb, 10, E_DISABLE);
    EXPECT_EQ(counter(tb, 10), a2 - a1);
    mk2_tb_free(tb);
}
END_TEST

static Suite *one_case_suite(const char *name, const TTest **tests, size_t n)
{
    Suite *s = suite_create(name);
    TCase *tc = tcase_create(name);
    tcase_set_timeout(tc, MK2_CHECK_TIMEOUT);
    for (size_t i = 0; i < n; i++)
        tcase_add_test(tc, tests[i]);
    suite_add_tcase(s, tc);
    return s;
}

Suite *suite_b5(void)
{
    const TTest *t[] = {b5_row_x000_nop, b5_row_x001_clk, b5_row_x010_software,
                                     b5_row_x011_external_enable, b5_row_x100_external_signal_default,
                                     b5_row_x101_same_as_clk, b5_row_x110_same_as_software,
                                     b5_row_x111_same_as_external_enable, b5_row_0xxx_single_precision,
                                     b5_row_1xxx_double_precision, b5_row_1xxx_odd_field_ignored};
    return one_case_suite("b5_mode", t, sizeof t / sizeof *t);
}

Suite *suite_b6(void)
{
    const TTest *t[] = {b6_row_x000_nop, b6_row_x001_nodeclk, b6_row_x010_nodeclk_div10,
                                     b6_row_x011_nodeclk_div100, b6_row_x100_tsclk_default,
                                     b6_row_x101_same_as_nodeclk, b6_row_x110_same_as_div10,
                                     b6_row_x111_same_as_div100, b6_row_x010_x011_prescaler_phase_decisions};
    return one_case_suite("b6_clock_select", t, sizeof t / sizeof *t);
}

Suite *suite_b7(void)
{
    const TTest *t[] = {b7_row_xx00_nop, b7_row_xx01_disable_default, b7_row_xx10_enable,
                                     b7_row_xx11_reset_and_enable};
    return one_case_suite("b7_enable", t, sizeof t / sizeof *t);
}
