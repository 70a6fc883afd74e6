// su_shim.cpp - the only C++ of the Sample Unit harness: the extern "C" pin copying over the Verilated
// rems_unit_array, prefix Vsu_top (context, model, waves and tick count are sim/common/vshim.h's).
#include "vshim.h"
#include "Vsu_top.h"
#include "su_shim.h"

// one tick drawn as 10 ns: the clock of the Icarus benches of the same block, so that both waves align
VSHIM_C_API(su_shim, Vsu_top, 10)

extern "C" void su_shim_tick(su_shim *s, const su_in *in, su_out *out)
{
    Vsu_top *t = S(s)->top;
    t->rst_ni = in->rst_n;
    for (int i = 0; i < 4; i++) t->word_i[i] = in->word[i];
    t->valid_i = in->valid;
    t->ev_i = in->ev;
    t->tick_i = in->tick;
    t->dl_units_i = in->dl_units;
    t->dl_we_i = in->dl_we;
    t->dl_addr_i = in->dl_addr;
    t->dl_data_i = in->dl_data;
    t->cfg_we_i = in->cfg_we;
    t->cfg_unit_i = in->cfg_unit;
    t->cfg_data_i = in->cfg_data;
    t->restart_i = in->restart;
    t->host_unit_i = in->host_unit;
    t->host_reg_i = in->host_reg;
    t->host_addr_i = in->host_addr;
    S(s)->edge([&] {
        out->host_rdata = t->host_rdata_o;
        out->trig = t->trig_o;
        out->gword = t->gword_o;
    });
}
