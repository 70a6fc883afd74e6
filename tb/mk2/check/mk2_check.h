/*
 * mk2_check.h - helpers shared by the MultiKron II Check suites (tb/check/ *.c files).
 *
 * The suites drive the chip only through sim/mk2_tb.h (script commands, read values, ACKB latency,
 * decoded network samples, conservation counters), so the same test files link against the Verilated
 * RTL harness (sim/mk2_tb.c) and against the reference model's harness (model/mk2model_tb.c).
 *
 * Every expected value is worked out from NISTIR 5571 (../shared/spec/multikron2_nistir5571.txt),
 * ../shared/spec/CLARIFICATIONS.md or docs/decisions.md, never copied from a run.
 */
#ifndef MK2_CHECK_H
#define MK2_CHECK_H

#include <check.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include "mk2_regmap.h"
#include "mk2_tb.h"

/* Per-test time limit: the Verilated RTL is about ten times slower than the model. */
#define MK2_CHECK_TIMEOUT 60

/* Table B4: any unused bit position of the 64-bit bus reads 1. A 32-bit register reads with the
 * upper half all ones; the 16-bit CSR and Filter with bits 63..16 all ones; 56-bit Timestamp with 63..56. */
#define HI32 0xffffffff00000000ULL
#define R32(v) (HI32 | (uint64_t)(uint32_t)(v))
#define R16(v) (0xffffffffffff0000ULL | (uint64_t)(uint16_t)(v))
#define R56(v) (0xff00000000000000ULL | ((uint64_t)(v) & 0x00ffffffffffffffULL))
#define ALL1 0xffffffffffffffffULL

/* Table B1 bit positions: expected data, worked out from the spec here and not taken from the register map,
 * so that a wrong bit in rtl/mk2/mk2_regmap.rdl fails these tests. */
#define CSR_SAMPLING_ON 0x0001u
#define CSR_SAMPLING_OFF 0x0002u
#define CSR_WAIT_ON 0x0004u
#define CSR_WAIT_OFF 0x0008u
#define CSR_RDWAIT_ON 0x0010u
#define CSR_RDWAIT_OFF 0x0020u
#define CSR_FIFO_FULL 0x0040u
#define CSR_SHADOW_FULL 0x0080u
#define CSR_FIFO_OVR 0x0100u
#define CSR_SHADOW_OVR 0x0200u
#define CSR_BIT161 0x0400u
#define CSR_WAITSTATES 0x1000u
#define CSR_MODE32 0x4000u
#define CSR_MODE64 0x8000u

/* Addresses (Table B4), from the generated register map (rtl/mk2/mk2_regmap.rdl). */
enum {
    A_SWRESET = MK2_ADDR_SOFT_RESET, A_CSR = MK2_ADDR_CSR, A_TS = MK2_ADDR_TIMESTAMP, A_FILTER = MK2_ADDR_FILTER,
    A_WAITCNT = MK2_ADDR_WAIT_COUNT, A_OVRCNT = MK2_ADDR_OVERRUN_COUNT, A_HIGH = MK2_ADDR_HIGH_ORDER,
    A_ENABLE = MK2_ADDR_ENABLE, A_MODE = MK2_ADDR_MODE, A_CLKSEL = MK2_ADDR_CLOCK_SELECT,
    A_INC_TS = MK2_ADDR_INC_TIMESTAMP, A_INC_WAIT = MK2_ADDR_INC_WAIT, A_INC_OVR = MK2_ADDR_INC_OVERRUN,
    A_NET_OFF = MK2_ADDR_NET_DISABLE, A_NET_ON = MK2_ADDR_NET_ENABLE, A_FIFO_POP = MK2_ADDR_FIFO_POP,
    A_FIFO_A = MK2_ADDR_FIFO_GROUP, A_SRC = MK2_ADDR_SOURCE, A_CNT = MK2_ADDR_COUNTER_VALUE,
    A_CNT_NOCOPY = MK2_ADDR_COUNTER_SHADOW, A_TRACE = MK2_ADDR_SAMPLE_TRACE, A_RESOURCE = MK2_ADDR_SAMPLE_RESOURCE
};

/* Table B5 / B6 / B7 field values. */
enum { M_NOP = 0, M_CLK = 1, M_SW = 2, M_EXTEN = 3, M_EXT = 4, M_DOUBLE = 8 };
enum { C_NOP = 0, C_NODE = 1, C_DIV10 = 2, C_DIV100 = 3, C_TS = 4 };
enum { E_NOP = 0, E_DISABLE = 1, E_ENABLE = 2, E_RESET_ENABLE = 3 };

/* A 4-bit field for Resource Counter j in a control register (counter j owns bits 4j+3..4j). */
static inline uint64_t fld(unsigned j, unsigned v) { return (uint64_t)(v & 0xf) << (4 * j); }

/* The header byte (CLARIFICATIONS "Sample header and byte order"): CPU 7:5, type 4:3, shadow-overrun 2,
 * FIFO-overrun 1, bit 0 = 0. Type 2 (binary 10) = Trace, 3 (binary 11) = Resource. */
static inline unsigned hdr(unsigned cpu, unsigned type, int shadow_ovr, int fifo_ovr)
{
    return (cpu << 5) | (type << 3) | ((shadow_ovr ? 1u : 0u) << 2) | ((fifo_ovr ? 1u : 0u) << 1);
}
#define TYPE_TRACE 2u
#define TYPE_RESOURCE 3u

/* Run one script line; a failure (bad command, failed expect, parity/EOM/NETRDY error, conservation,
 * an ACKB that never comes) fails the test with the harness's message. */
__attribute__((format(printf, 4, 5), unused))
static void do_line(mk2_tb *tb, const char *file, int line, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (mk2_tb_exec(tb, buf) != 0)
        ck_abort_msg("%s:%d: \"%s\" failed: %s", file, line, buf, mk2_tb_error(tb));
}
#define DO(tb, ...) do_line((tb), __FILE__, __LINE__, __VA_ARGS__)

#define WR(tb, addr, val) DO((tb), "write %u 0x%" PRIx64, (unsigned)(addr), (uint64_t)(val))

__attribute__((unused))
static uint64_t rd_at(mk2_tb *tb, const char *file, int line, unsigned addr)
{
    do_line(tb, file, line, "read %u", addr);
    return mk2_tb_last_read(tb);
}
#define RD(tb, addr) rd_at((tb), __FILE__, __LINE__, (unsigned)(addr))

/* Read and compare, naming the address and both values. */
#define EXPECT_RD(tb, addr, want)                                                                        \
    do {                                                                                                 \
        uint64_t got_ = RD((tb), (addr));                                                                \
        uint64_t want_ = (uint64_t)(want);                                                               \
        ck_assert_msg(got_ == want_, "read %u: got 0x%016" PRIx64 ", want 0x%016" PRIx64,              \
                      (unsigned)(addr), got_, want_);                                                    \
    } while (0)

#define EXPECT_EQ(got, want)                                                                             \
    do {                                                                                                 \
        uint64_t g_ = (uint64_t)(got), w_ = (uint64_t)(want);                                            \
        ck_assert_msg(g_ == w_, "%s: got %" PRIu64 " (0x%" PRIx64 "), want %" PRIu64 " (0x%" PRIx64 ")", \
                      #got, g_, g_, w_, w_);                                                             \
    } while (0)

#define EXPECT_RANGE(got, lo, hi)                                                                        \
    do {                                                                                                 \
        uint64_t g_ = (uint64_t)(got);                                                                   \
        ck_assert_msg(g_ >= (uint64_t)(lo) && g_ <= (uint64_t)(hi),                                      \
                      "%s: got %" PRIu64 ", want %" PRIu64 "..%" PRIu64, #got, g_, (uint64_t)(lo),      \
                      (uint64_t)(hi));                                                                   \
    } while (0)

/* A fresh chip: new harness, WAITSTATE strap w, hardware reset (`reset`, default 8 node clocks). */
__attribute__((unused))
static mk2_tb *chip_w(unsigned w)
{
    mk2_tb *tb = mk2_tb_new(NULL);
    ck_assert_msg(tb != NULL, "mk2_tb_new failed");
    DO(tb, "strap waitstate %u", w);
    DO(tb, "reset");
    return tb;
}
#define chip() chip_w(0)

__attribute__((unused))
static const mk2_sample *sample_at(mk2_tb *tb, int i)
{
    ck_assert_msg(i < mk2_tb_sample_count(tb), "sample %d wanted, only %d left the network", i,
                  mk2_tb_sample_count(tb));
    const mk2_sample *s = mk2_tb_sample(tb, i);
    ck_assert_msg(s != NULL, "mk2_tb_sample(%d) returned NULL", i);
    return s;
}

/* Check one decoded sample's kind, header and user data. */
#define EXPECT_SAMPLE(tb, i, kind_, cpu_, sovr_, fovr_, data_)                                            \
    do {                                                                                                 \
        const mk2_sample *s_ = sample_at((tb), (i));                                                     \
        unsigned t_ = (kind_) == 'R' ? TYPE_RESOURCE : TYPE_TRACE;                                       \
        ck_assert_msg(s_->kind == (kind_), "sample %d: kind %c, want %c", (i), s_->kind, (kind_));      \
        ck_assert_msg(s_->data == (uint64_t)(data_), "sample %d: data 0x%016" PRIx64 ", want 0x%016" PRIx64, \
                      (i), s_->data, (uint64_t)(data_));                                                 \
        ck_assert_msg(s_->header == hdr((unsigned)(cpu_), t_, (sovr_), (fovr_)),                                   \
                      "sample %d (data 0x%" PRIx64 "): header 0x%02x, want 0x%02x", (i), s_->data,       \
                      s_->header, hdr((unsigned)(cpu_), t_, (sovr_), (fovr_)));                                    \
        ck_assert_msg(s_->cpu == (unsigned)(cpu_) && s_->type == t_ && s_->shadow_overrun == !!(sovr_) &&          \
                          s_->fifo_overrun == !!(fovr_),                                                 \
                      "sample %d: decoded header fields disagree with header 0x%02x", (i), s_->header);  \
    } while (0)

#define EXPECT_NSAMPLES(tb, n)                                                                           \
    ck_assert_msg(mk2_tb_sample_count(tb) == (n), "%d samples left the network, want %d",                \
                  mk2_tb_sample_count(tb), (n))

/* Conservation (CLARIFICATIONS "Error flags and accounting"): accepted = sent + overruns + inside
 * (+ flushed by a reset or test-mode pop, + injected by test-mode FIFO writes on the other side). */
#define EXPECT_CONSERVED(tb)                                                                             \
    do {                                                                                                 \
        mk2_tb_accounting a_ = mk2_tb_accounts(tb);                                                      \
        ck_assert_msg(a_.accepted + a_.injected == a_.sent + a_.discarded + a_.inside + a_.flushed,      \
                      "conservation: accepted %" PRIu64 " + injected %" PRIu64 " != sent %" PRIu64       \
                      " + discarded %" PRIu64 " + inside %" PRIu64 " + flushed %" PRIu64,                \
                      a_.accepted, a_.injected, a_.sent, a_.discarded, a_.inside, a_.flushed);           \
    } while (0)

/* Suites, one per file. */
Suite *suite_b1(void);
Suite *suite_b3a(void);
Suite *suite_b3b(void);
Suite *suite_b4(void);
Suite *suite_b5(void);
Suite *suite_b6(void);
Suite *suite_b7(void);
Suite *suite_clar(void);
Suite *suite_net(void);

#endif
