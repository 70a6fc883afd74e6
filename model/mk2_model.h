/*
 * mk2_model.h - independent, cycle-exact C reference model of the MultiKron II chip.
 *
 * Written from NISTIR 5571, ../shared/spec/CLARIFICATIONS.md and docs/decisions.md only (never from
 * rtl/), so that the RTL and this model are two separate readings of the spec. It models what is
 * visible at the pins of mk2_chip: one call of mk2m_tick() applies the input pins of one tick and then
 * performs one rising edge of the Node clock (docs/decisions.md, "Conventions"); the outputs returned are
 * the register outputs after that edge.
 *
 * Besides the pins it keeps the accounting the testbenches check (samples accepted, discarded, flushed,
 * injected, inside) so that a runner can check the conservation rule without looking at internals.
 */
#ifndef MK2_MODEL_H
#define MK2_MODEL_H

#include <stdint.h>

#define MK2M_FIFO_MAX 255

/* Input pins of one tick (levels as on the chip: B-suffixed pins active low). */
typedef struct {
    int rst_n;          /* RESETB */
    int tsclk;          /* Timestamp clock */
    int readb, writeb, startb, holdb;
    unsigned addr;      /* A6..A0 */
    uint64_t data;      /* D63..D0 in */
    unsigned cpu_id;    /* C7..C0, active high */
    int waitstate;      /* WAITSTATE strap */
    unsigned ext;       /* X15..X0 */
    int testb;          /* TESTB: 0 = test mode */
    int outdisb;        /* OUTDISB: 0 = outputs off */
    int netrdy;         /* NETRDY */
} mk2m_in;

/* Output pins after an edge. */
typedef struct {
    int ackb;
    uint64_t data;      /* read data (meaningful while data_oe) */
    int data_oe;
    int fifodab, netclk;
    unsigned net_data;  /* N7..N0 */
    int net_parity, net_eom;
} mk2m_out;

typedef struct {
    uint8_t byte[20];   /* the 160 sample bits, most significant byte first */
    int resource;       /* the 161st bit */
} mk2m_entry;

/* Events of the last edge, for runners and coverage. */
enum {
    MK2M_EV_ACTION = 1 << 0,    /* a bus action was performed at this edge */
    MK2M_EV_REFUSED = 1 << 1,   /* a bus action was refused (wait state counted) */
    MK2M_EV_TAKEN = 1 << 2,     /* a sample went into the FIFO */
    MK2M_EV_DISCARD = 1 << 3,   /* a sample was discarded by Table B3a */
    MK2M_EV_FILTERED = 1 << 4,  /* a sample write ignored (sampling off or filter bit 0) */
    MK2M_EV_SOFT_RESET = 1 << 5,
    MK2M_EV_POP = 1 << 6,       /* test-mode FIFO pop (address 21) */
    MK2M_EV_INJECT = 1 << 7,    /* test-mode FIFO write accepted */
    MK2M_EV_RWC_HOLD = 1 << 8,  /* read-without-copy while shadows busy */
    MK2M_EV_RD_STALE = 1 << 9,  /* read-with-copy while busy, read-wait off: stale shadow data */
};

/* Which row of Table B3a / B3b the last sample or read-with-copy action used (for coverage). */
typedef struct {
    int b3a_row;   /* 1..12 in table order, 0 none */
    int b3b_row;   /* 1..8 in table order, 0 none */
} mk2m_rows;

typedef struct mk2m {
    int fifo_depth;

    /* reset synchronizer and input synchronizers (three flops: two to synchronize, one for the edge) */
    int rsync1, rsync2;
    int ts_s1, ts_s2, ts_s3;
    unsigned x_s1, x_s2, x_s3;
    int waitstates;     /* latched strap */

    /* bus interface */
    enum { BUS_IDLE, BUS_BUSY, BUS_ACK } bus;
    int armed;
    int wait_left;      /* wait states still to pass before the first attempt */
    unsigned l_addr;
    uint64_t l_data;
    unsigned l_cpu;
    int l_read;
    uint64_t rd_value;
    int rd_oe;

    /* registers */
    int sampling, wait_overrun, read_wait, mode32;
    uint16_t filter;
    uint32_t src[8];
    uint32_t hor;
    uint32_t wait_cnt, overrun_cnt;
    int flag_fifo, flag_shadow;
    uint64_t ts;
    uint32_t cnt[16];
    uint8_t enable[16]; /* 1 enabled */
    uint8_t mode[16], csel[16];
    uint32_t shadow[16];
    int shadow_busy;
    int p10, p100;
    int rwc_hold;
    int net_enabled;

    /* FIFO (its storage is the last member) */
    int fifo_head, fifo_count;

    /* network */
    int netclk;
    int in_sample;      /* a sample is part-way out */
    int counter_phase;  /* bytes 21..84 of a Resource sample (FIFO entry already removed) */
    int pos;            /* bytes of the current sample already taken */
    int cur_resource;
    mk2m_out out;

    /* accounting (since construction; runners take differences) */
    uint64_t accepted, discarded, flushed, injected, sent;
    uint64_t edges;

    /* last edge */
    unsigned events;
    mk2m_rows rows;

    /* Last, so that an edge's copy of the old state can leave it out (mk2m_tick): 255 entries are 5 KB,
     * more than all the rest. */
    mk2m_entry fifo[MK2M_FIFO_MAX];
} mk2m;

void mk2m_init(mk2m *m, int fifo_depth);
/* Apply the inputs of one tick, then one Node clock edge. */
void mk2m_tick(mk2m *m, const mk2m_in *in);
static inline uint64_t mk2m_inside(const mk2m *m) { return (uint64_t)m->fifo_count + (uint64_t)m->counter_phase; }
/* Register value a read of ADDR would return now (no side effects); for debugging. */
uint64_t mk2m_peek(const mk2m *m, unsigned addr);

#endif
