/*
 * mk2_tb.h - the one MultiKron II script runner, over either backend (sim/mk2/mk2_backend.h).
 *
 * One mk2_tb drives one chip through its pins: a bus-functional model for processor read/write
 * cycles, pin schedulers for the Timestamp clock, the external inputs, NETRDY and `after`, and a network
 * capture that checks every byte (odd parity, EOM on the last byte only, NETRDY high from the edge that
 * presented a byte to the edge that took it) and decodes samples. Every command checks conservation
 * (accepted + injected = sent + discarded + inside + flushed), counted from the bus traffic and the
 * backend's debug observables, never from the backend's own bookkeeping.
 *
 * Scripts follow docs/mk2-scripts.md: a whole script file is read and checked before its first node
 * clock; any error names the file, the line and the problem.
 */
#ifndef MK2_TB_H
#define MK2_TB_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "mk2_backend.h"
#include "mk2trace.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mk2_tb mk2_tb;

typedef struct {
    const char *backend;    /* "rtl", "model" or "lockstep" (RTL drives the checks, the model must agree);
                               NULL: $MK2_BACKEND, else "rtl" */
    int fifo_depth;         /* 0: $MK2_FIFO_DEPTH, else 8 */
    const char *waves_path; /* FST file to write (RTL and lockstep), or NULL */
    int timing;             /* append " @N" to trace lines */
    FILE *trace_out;        /* trace lines as samples complete (may be NULL) */
    FILE *bus_log;          /* one line per bus cycle (may be NULL): "rd ADDR DATA @TICK" / "wr ADDR @TICK" */
    FILE *pins_log;         /* every tick's pins, the format of tb/mk2/icarus/mk2_replay.v (may be NULL) */
    const char *capture_path; /* raw network capture (docs/trace-tools.md), or NULL */
    unsigned node_id;       /* the capture header's node id */
    uint64_t tsclk_hz;      /* the capture header's Timestamp clock frequency (0: 10 MHz, NISTIR 5571's target) */
    int keep_samples;       /* keep decoded samples for mk2_tb_sample() (memory grows with the run) */
    uint64_t max_ticks;     /* fail the run when it reaches this many node clocks (0: no limit) */
} mk2_tb_options;

/* A new runner; NULL with the reason in err. With opt NULL: defaults, samples kept, no output. */
mk2_tb *mk2_tb_open(const mk2_tb_options *opt, char *err, size_t errlen);
mk2_tb *mk2_tb_new(const mk2_tb_options *opt); /* mk2_tb_open, the reason printed on stderr */
void mk2_tb_free(mk2_tb *tb);
int mk2_tb_close(mk2_tb *tb); /* mk2_tb_free, and -1 if the capture could not be written whole */
mk2_backend *mk2_tb_backend(mk2_tb *tb);

/* Execute one script line (comments and blank lines do nothing). 0 on success; -1 and mk2_tb_error()
 * on failure. A failed run stays failed: later calls return -1 at once. */
int mk2_tb_exec(mk2_tb *tb, const char *line);
/* Check a whole script file, then run it. Errors name the file and line. */
int mk2_tb_run_file(mk2_tb *tb, const char *path);
/* Only check a script file (no node clock runs): 0 when every line is valid. */
int mk2_tb_check_file(mk2_tb *tb, const char *path);
const char *mk2_tb_error(const mk2_tb *tb);

/* What has happened so far. */
uint64_t mk2_tb_ticks(const mk2_tb *tb);            /* node clocks simulated */
uint64_t mk2_tb_last_read(const mk2_tb *tb);        /* data of the last read cycle */
uint64_t mk2_tb_last_ack_ticks(const mk2_tb *tb);   /* node clocks from the start tick to ACKB low, last cycle */
int mk2_tb_sample_count(const mk2_tb *tb);          /* samples that left the network */
const mk2_sample *mk2_tb_sample(const mk2_tb *tb, int i); /* with keep_samples; NULL otherwise */
int mk2_tb_truncated_count(const mk2_tb *tb);       /* samples cut short by a reset or test-mode pop */
int mk2_tb_pending_after(const mk2_tb *tb);         /* `after` commands not yet due */
int mk2_tb_tsclk_overspeed(const mk2_tb *tb);       /* the RTL's over-speed flag was seen set (RTL backends only) */

/* Conservation counters (see docs/mk2-interface.md). */
typedef struct {
    uint64_t accepted, sent, discarded, inside, flushed, injected;
} mk2_tb_accounting;
mk2_tb_accounting mk2_tb_accounts(const mk2_tb *tb);

#ifdef __cplusplus
}
#endif
#endif
