/* mk2_shim.h - C view of the Verilated mk2_chip (sim/mk2_shim.cpp). */
#ifndef MK2_SHIM_H
#define MK2_SHIM_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef struct mk2_shim mk2_shim;
typedef struct {
    unsigned rst_n, tsclk, readb, writeb, startb, holdb, addr;
    uint64_t data;
    unsigned cpu, waitstate, ext, testb, outdisb, netrdy;
} mk2_pins_in;
typedef struct {
    unsigned ackb, data_oe, fifodab, netclk, net_data, parity, eom, test, out_en;
    unsigned fifo_count, counter_phase, shadow_busy, net_busy, discard, overrun_count;
    uint64_t data;
} mk2_pins_out;
/* waves_path: FST file to record (inputs at 10t, rising edge at 10t+5), or NULL for none. */
mk2_shim *mk2_shim_new(const char *waves_path);
void mk2_shim_free(mk2_shim *s);
/* Apply the inputs for one tick, clock one rising edge, return the outputs after it. */
void mk2_shim_tick(mk2_shim *s, const mk2_pins_in *in, mk2_pins_out *out);
#ifdef __cplusplus
}
#endif
#endif
