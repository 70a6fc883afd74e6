/* su_model.h - C model of the REMS Sample Units of the harness build (rtl/rems/sampleunit/rems_unit_array.v with
 * SU_UNITS units), written from the documented behaviour (docs/rems-ratio.md, the module headers): triggers
 * by direct ternary match of the pattern list (rems_match, not the compiled tables), the ratio pairs by the
 * closed-form reference of model/ratio_model.c, the FIFO and the two-word sequencer clock by clock. */
#ifndef SU_MODEL_H
#define SU_MODEL_H
#include <stdint.h>
#include "su_scenario.h"

/* idle clocks after the last step, enough for every trigger in flight and a full FIFO to drain */
#define SU_DRAIN_CLOCKS (SU_MATCH_LATENCY + 2 + 2 * SU_FIFO_DEPTH + 8)

#define SU_MAX_GWORDS 65536

typedef struct {
    uint32_t mem[SU_UNITS][2 * SU_MEM_SAMPLES];
    unsigned count[SU_UNITS];          /* samples in memory */
    uint32_t fifo_ovf[SU_UNITS], mem_ovf[SU_UNITS];
    unsigned flags[SU_UNITS];          /* bit 1 memory overflowed, bit 0 FIFO overflowed */
    unsigned cfg[SU_UNITS];
    unsigned fifo_level[SU_UNITS];
    uint64_t taken[SU_UNITS];          /* global triggers seen since the last restart (model only) */
    uint64_t global_triggers, selective[6];   /* clocks with the broadcast trigger */
    uint32_t gword[SU_MAX_GWORDS];     /* the word of each global trigger (lowest matching unit), in order */
} su_result;

void su_model_run(const su_scenario *sc, su_result *r);
#endif
