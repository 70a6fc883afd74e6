/*
 * mk2model_tb.h - sim/mk2_tb.h implemented over the C reference model, plus what only the model has:
 * the FIFO depth option, access to the model and coverage counters for random co-simulation.
 */
#ifndef MK2MODEL_TB_H
#define MK2MODEL_TB_H

#include "../sim/mk2_tb.h"
#include "mk2_model.h"

/* What a run exercised (filled only when a coverage record is attached). */
typedef struct {
    uint64_t cmd[32];            /* script commands, index = enum in mk2model_tb.c (names by mk2_tb_cmd_name) */
    uint64_t rd_addr[128], wr_addr[128], wr_addr_test[128];
    uint64_t b3a[13], b3b[9];    /* rows of Tables B3a and B3b, 1-based */
    uint64_t flag_fifo_set, flag_shadow_set;     /* edges at which a pending error flag got set */
    uint64_t sample_kind[2][2][2];               /* [resource][shadow flag][fifo flag] samples received */
    uint64_t refused_edges, rwc_holds, stale_reads, soft_resets, pops, injects, discards, filtered;
    uint64_t netrdy_low_edges, paired_counts, sources[5], clock_selects[4];
    uint64_t multi_cpu_samples, mode32_writes, hold_reads, wait1_cycles;
    uint64_t edges;
} mk2m_cov;

void mk2_tb_set_coverage(mk2_tb *tb, mk2m_cov *cov);
void mk2m_cov_edge(mk2m_cov *cov, const mk2m *m, const mk2m_in *in);
void mk2m_cov_print(const mk2m_cov *cov, FILE *out);
const char *mk2_tb_cmd_name(int i);
const mk2m *mk2_tb_model(const mk2_tb *tb);
void mk2_tb_set_fifo_depth(mk2_tb *tb, int depth);
void mk2_tb_set_pins(mk2_tb *tb, FILE *f); /* write every tick's pins (tb/icarus format) */

#endif
