/* ratio_shim.h - C view of the Verilated ratio test top (tb/rems-sampleunit/ratio_tb_top.v; sim/rems-sampleunit/ratio_shim.cpp).
 * The same shim is compiled against each variant (pairs x mantissa width); RATIO_PAIRS tells which. */
#ifndef RATIO_SHIM_H
#define RATIO_SHIM_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef struct ratio_shim ratio_shim;
typedef struct {
    unsigned rst_n;
    uint64_t den, num, clear, load;   /* bit i = pair i */
    uint32_t load_dreg, load_nreg, load_low;
    unsigned load_exp, load_nsat;
} ratio_in;
/* waves_path: FST file to record, or NULL. */
ratio_shim *ratio_shim_new(const char *waves_path);
void ratio_shim_free(ratio_shim *s);
/* Apply the inputs, clock one rising edge; reports[i] receives pair i's report after the edge. */
void ratio_shim_tick(ratio_shim *s, const ratio_in *in, uint32_t *reports);
/* The variant the shim was built with. */
unsigned ratio_shim_pairs(void);
unsigned ratio_shim_mant(void);
#ifdef __cplusplus
}
#endif
#endif
