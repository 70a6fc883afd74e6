/* su_shim.h - C view of the Verilated rems_unit_array of the harness build (sim/rems-sampleunit/su_shim.cpp):
 * 4 units, KINDS 0, 0, 2, 1, FIFO_DEPTH 4, MEM_SAMPLES 64 (tb/rems-sampleunit/su_scenario.h). */
#ifndef SU_SHIM_H
#define SU_SHIM_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef struct su_shim su_shim;
typedef struct {
    unsigned rst_n;
    uint32_t word[4];
    unsigned valid;       /* bit u */
    unsigned ev;          /* 4 bits per unit */
    unsigned tick;
    unsigned dl_units, dl_we, dl_addr;
    uint32_t dl_data;
    unsigned cfg_we, cfg_unit, cfg_data, restart;
    unsigned host_unit, host_reg, host_addr;
} su_in;
typedef struct {
    uint32_t host_rdata;
    unsigned trig;
    uint32_t gword;
} su_out;
su_shim *su_shim_new(const char *waves_path);
void su_shim_free(su_shim *s);
/* Apply the inputs, clock one rising edge, return the outputs after it. */
void su_shim_tick(su_shim *s, const su_in *in, su_out *out);
#ifdef __cplusplus
}
#endif
#endif
