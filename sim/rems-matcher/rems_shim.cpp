// rems_shim.cpp - the only C++ file of the REMS matcher harness: the extern "C" pin copying over the
// Verilated rems_matcher (context, model, waves and tick count are sim/common/vshim.h's). Every variant is
// Verilated under the same prefix in its own folder; REMS_L3_SPRAM, REMS_OUTREG and REMS_DP16KD (the ECP5
// DP16KD form, simulated with tb/rems-matcher/dp16kd_model.v) tell the C side which one it was built with.
#include "vshim.h"
#include "Vrems_matcher.h"
#include "rems_shim.h"

// one tick drawn as 10 ns: the clock of the Icarus benches of the same block, so that both waves align
VSHIM_C_API(rems_shim, Vrems_matcher, 10)

extern "C" int rems_shim_l3_spram(void) { return REMS_L3_SPRAM; }
extern "C" int rems_shim_outreg(void) { return REMS_OUTREG; }
extern "C" int rems_shim_dp16kd(void) { return REMS_DP16KD; }

extern "C" void rems_shim_tick(rems_shim *s, const rems_in *in, rems_out *out)
{
    Vrems_matcher *t = S(s)->top;
    t->rst_ni = in->rst_n;
    t->word_i = in->word;
    t->valid_i = in->valid;
    t->dl_we_i = in->dl_we;
    t->dl_addr_i = in->dl_addr;
    t->dl_data_i = in->dl_data;
    S(s)->edge([&] {
        out->word = t->word_o;
        out->trig = t->trig_o;
        out->valid = t->valid_o;
        out->masked = t->dl_masked_o;
        out->loading = t->dl_loading_o;
    });
}
