// ratio_shim.cpp - the only C++ of the ratio harness: the extern "C" pin copying over the Verilated
// ratio_tb_top (context, model, waves and tick count are sim/common/vshim.h's). Built once per variant with
// -DRATIO_PAIRS=n -DRATIO_MANT=w against that variant's model.
#include "vshim.h"
#include "Vratio_top.h"
#include "ratio_shim.h"

// one tick drawn as 10 ns: the clock of the Icarus benches of the same block, so that both waves align
VSHIM_C_API(ratio_shim, Vratio_top, 10)

extern "C" void ratio_shim_tick(ratio_shim *s, const ratio_in *in, uint32_t *reports)
{
    Vratio_top *t = S(s)->top;
    t->rst_ni = in->rst_n;
    t->den_i = in->den;
    t->num_i = in->num;
    t->clear_i = in->clear;
    t->load_i = in->load;
    t->load_dreg_i = in->load_dreg;
    t->load_nreg_i = in->load_nreg;
    t->load_low_i = in->load_low;
    t->load_exp_i = in->load_exp;
    t->load_nsat_i = in->load_nsat;
    S(s)->edge([&] {
#if RATIO_PAIRS == 1
        reports[0] = t->reports_o;
#else
        for (unsigned i = 0; i < RATIO_PAIRS; i++) reports[i] = t->reports_o[i];
#endif
    });
}

extern "C" unsigned ratio_shim_pairs(void) { return RATIO_PAIRS; }
extern "C" unsigned ratio_shim_mant(void) { return RATIO_MANT; }
