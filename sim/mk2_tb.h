/*
 * mk2_tb.h - pin-level testbench for the MultiKron II (mk2_chip), in C.
 *
 * One mk2_tb drives one Verilated mk2_chip through its pins: a bus-functional model for processor
 * read/write cycles, pin schedulers for the Timestamp clock, the external inputs and NETRDY, and a
 * network capture that checks every byte (odd parity, EOM on the last byte only, no byte while NETRDY
 * was low) and decodes samples. Every command checks the conservation rule
 * (accepted = sent + overruns + inside + flushed).
 *
 * Scripts and single commands use the text format of README.md ("Stimulus scripts"); the same
 * functions serve the `mk2sim` program and the Check suites.
 */
#ifndef MK2_TB_H
#define MK2_TB_H

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mk2_tb mk2_tb;

/* One sample that left the network, decoded. */
typedef struct {
    char kind;           /* 'T' (20 bytes) or 'R' (84 bytes) */
    unsigned cpu;        /* header bits 7:5 */
    unsigned type;       /* header bits 4:3 as sent (2 = Trace, 3 = Resource) */
    int shadow_overrun;  /* header bit 2 */
    int fifo_overrun;    /* header bit 1 */
    unsigned header;     /* the raw header byte */
    uint64_t ts;         /* 56 bits */
    uint32_t src;
    uint64_t data;
    uint32_t cnt[16];    /* Resource samples only */
    uint64_t netclk;     /* number of the rising NETCLK edge that took the first byte (1 = first after reset) */
} mk2_sample;

typedef struct {
    const char *waves_path; /* FST file to write, or NULL for no tracing (the RTL only) */
    int timing;             /* append " @N" to trace lines */
    FILE *trace_out;        /* where trace lines go as samples complete (may be NULL) */
    FILE *bus_log;          /* one line per bus cycle (may be NULL): "rd ADDR DATA @TICK" / "wr ADDR @TICK" */
} mk2_tb_options;

mk2_tb *mk2_tb_new(const mk2_tb_options *opt);   /* opt may be NULL: defaults, no output */
void mk2_tb_free(mk2_tb *tb);

/* Write every tick's pins to f, one line per tick in the format of tb/icarus/mk2_replay.v. */
void mk2_tb_set_pins(mk2_tb *tb, FILE *f);

/* Execute one script line (comments and blank lines are accepted and do nothing).
 * Returns 0 on success; on failure returns -1 and mk2_tb_error() names the cause.
 * A failed run stays failed: later calls return -1 at once. */
int mk2_tb_exec(mk2_tb *tb, const char *line);
/* Execute a whole script file; the error message names the file and line. */
int mk2_tb_run_file(mk2_tb *tb, const char *path);
const char *mk2_tb_error(const mk2_tb *tb);

/* What has happened so far. */
uint64_t mk2_tb_ticks(const mk2_tb *tb);            /* node clocks simulated */
uint64_t mk2_tb_last_read(const mk2_tb *tb);        /* data of the last read cycle */
uint64_t mk2_tb_last_ack_ticks(const mk2_tb *tb);   /* node clocks from the start tick to ACKB low, last cycle */
int mk2_tb_sample_count(const mk2_tb *tb);
const mk2_sample *mk2_tb_sample(const mk2_tb *tb, int i);
int mk2_tb_truncated_count(const mk2_tb *tb);       /* samples cut short by a reset or test-mode pop */

/* Conservation counters (see docs/mk2-interface.md). */
typedef struct {
    uint64_t accepted, sent, discarded, inside, flushed, injected;
} mk2_tb_accounting;
mk2_tb_accounting mk2_tb_accounts(const mk2_tb *tb);

/* Format one sample as a trace line (no newline), as written to trace files. */
void mk2_tb_format_sample(const mk2_sample *s, int timing, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
