/* rems_shim.h - C view of the Verilated rems_matcher (sim/rems-matcher/rems_shim.cpp). */
#ifndef REMS_SHIM_H
#define REMS_SHIM_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef struct rems_shim rems_shim;
typedef struct {
    unsigned rst_n;
    uint32_t word;
    unsigned valid;
    unsigned dl_we;
    unsigned dl_addr;
    uint32_t dl_data;
} rems_in;
typedef struct {
    uint32_t word;
    unsigned trig, valid, masked, loading;
} rems_out;
/* waves_path: FST file to record (inputs at 10t, rising edge at 10t+5), or NULL for none. */
rems_shim *rems_shim_new(const char *waves_path);
void rems_shim_free(rems_shim *s);
/* Apply the inputs for one clock, clock one rising edge, return the outputs after it. */
void rems_shim_tick(rems_shim *s, const rems_in *in, rems_out *out);
/* Which variant the model was built with: level 3 (0 block RAM, 1 SPRAM form), OUTREG (0 or 1), and
 * whether its tables are the ECP5 DP16KD form (REMS_ECP5_DP16KD, simulated with tb/rems-matcher/dp16kd_model.v). */
int rems_shim_l3_spram(void);
int rems_shim_outreg(void);
int rems_shim_dp16kd(void);
#ifdef __cplusplus
}
#endif
#endif
