/*
 * mk2_backend_model.h - the reference-model backend of the MultiKron II runner (sim/mk2/mk2_backend.h)
 * and what only the model can tell: a coverage record of a run (Table B3a/B3b rows, events, counter
 * sources), which random co-simulation prints.
 */
#ifndef MK2_BACKEND_MODEL_H
#define MK2_BACKEND_MODEL_H

#include <stdio.h>
#include "mk2_backend.h"
#include "mk2_model.h"

#define MK2_COV_NCMD 32
typedef struct {
    uint64_t cmd[MK2_COV_NCMD];  /* script commands, in the order of mk2_cov_cmd_names */
    uint64_t rd_addr[128], wr_addr[128], wr_addr_test[128];
    uint64_t b3a[13], b3b[9];    /* rows of Tables B3a and B3b, 1-based */
    uint64_t flag_fifo_set, flag_shadow_set;     /* edges at which a pending error flag got set */
    uint64_t sample_kind[2][2][2];               /* [resource][shadow flag][fifo flag] samples received */
    uint64_t refused_edges, rwc_holds, stale_reads, soft_resets, pops, injects, discards, filtered;
    uint64_t netrdy_low_edges, paired_counts, sources[5], clock_selects[4];
    uint64_t multi_cpu_samples, mode32_writes, hold_reads, wait1_cycles;
    uint64_t edges;
} mk2m_cov;

/* Start keeping coverage in cov (the model backend only; cov is added to, not cleared). */
void mk2_backend_model_cover(mk2_backend *b, mk2m_cov *cov);
void mk2m_cov_print(const mk2m_cov *cov, FILE *out);

#endif
