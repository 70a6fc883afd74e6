/*
 * mk2_backend.h - what the one MultiKron II runner (mk2_tb.c) drives: one node clock at the pins of
 * mk2_chip, plus the debug observables its conservation accounting needs. Two implementations:
 *
 *   rtl    the Verilated RTL (sim/mk2/mk2_backend_rtl.cpp), FIFO_DEPTH 2, 8 or 16 (the depths built);
 *   model  the independent C reference model (model/mk2_backend_model.c), FIFO_DEPTH 2..255;
 *
 * and a third that joins them: lockstep (sim/mk2/mk2_lockstep.c) ticks both with the same inputs and
 * fails at the first node clock where a spec-visible output pin differs.
 *
 * One tick = apply the inputs, one rising edge of the node clock; the outputs are the registers after it
 * (docs/decisions.md, "Conventions").
 */
#ifndef MK2_BACKEND_H
#define MK2_BACKEND_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

/* Input pins of one tick, levels as on the chip (B-suffixed pins active low). */
typedef struct {
    unsigned rst_n, tsclk, readb, writeb, startb, holdb, addr;
    uint64_t data;
    unsigned cpu, waitstate, ext, testb, outdisb, netrdy;
} mk2_pins_in;

/* Output pins after an edge; the second line holds the debug observables (dbg_*_o of mk2_chip). */
typedef struct {
    unsigned ackb, data_oe, fifodab, netclk, net_data, parity, eom, test, out_en;
    unsigned fifo_count, counter_phase, shadow_busy, net_busy, discard, overrun_count;
    unsigned tsclk_overspeed; /* RTL only: sticky, the Timestamp clock ran faster than node/3 */
    uint64_t data;
} mk2_pins_out;

typedef struct mk2_backend mk2_backend;
struct mk2_backend {
    const char *name;  /* "rtl", "model" or "lockstep" */
    int fifo_depth;
    int debug_pins;    /* 1: test, shadow_busy, net_busy and overrun_count are real (pin logs record them) */
    void *ctx;
    /* One node clock. Returns 0, or -1 with a message in err (lockstep: the first differing pin). */
    int (*tick)(mk2_backend *b, const mk2_pins_in *in, mk2_pins_out *out, char *err, unsigned errlen);
    void (*close)(mk2_backend *b);
    /* Optional: what the runner did, for the model's coverage record (NULL where not kept). */
    void (*note_command)(mk2_backend *b, const char *name);
    void (*note_cycle)(mk2_backend *b, int is_read, unsigned addr, int held, const mk2_pins_in *in);
    void (*note_sample)(mk2_backend *b, int resource, int shadow_overrun, int fifo_overrun);
};

/* Constructors; NULL with a reason in err when the backend cannot be made (e.g. a depth not built).
 * waves: an FST file (RTL only; NULL for none). */
mk2_backend *mk2_backend_rtl_open(int fifo_depth, const char *waves, char *err, unsigned errlen);
mk2_backend *mk2_backend_model_open(int fifo_depth, char *err, unsigned errlen);
mk2_backend *mk2_backend_lockstep_open(mk2_backend *primary, mk2_backend *secondary);

/* The FIFO depths this build of the RTL backend holds (0-terminated). */
extern const int mk2_rtl_depths[];

#ifdef __cplusplus
}
#endif
#endif
