/* mk2wb_shim.h - the C view of the Verilated mk2_wb_top (rtl/bus/mk2_wb_top.v): its pins as a struct,
 * one node clock at a time. Used by sim/bus/mk2wb.c. */
#ifndef MK2WB_SHIM_H
#define MK2WB_SHIM_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef struct {
    /* inputs */
    int rst_n, chip_rst_n, cyc, stb, we; /* rst_n: everything; chip_rst_n: RESETB alone */
    unsigned adr, sel;
    uint32_t dat_w;
    int tsclk, waitstate, testb;
    unsigned ext, cpu;
    /* outputs, as in the current clock (combinational from the inputs above) */
    int stall, ack, err;
    uint32_t dat_r;
} mk2wb_pins;

typedef struct mk2wb_shim mk2wb_shim;
mk2wb_shim *mk2wb_open(const char *waves_path); /* NULL when the FST file cannot be opened */
void mk2wb_close(mk2wb_shim *s);
/* apply the inputs and settle: the outputs of p are then those of this clock (before its edge) */
void mk2wb_eval(mk2wb_shim *s, mk2wb_pins *p);
/* one rising edge of the node clock with the inputs of p */
void mk2wb_edge(mk2wb_shim *s, mk2wb_pins *p);
#ifdef __cplusplus
}
#endif
#endif
