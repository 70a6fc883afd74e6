// rems_shim.cpp - the only C++ file of the REMS matcher harness: the extern "C" pin copying over the
// Verilated rems_matcher (context, model, waves and tick count are sim/common/vshim.h's). Every variant is
// Verilated under the same prefix in its own folder; REMS_L3_SPRAM, REMS_OUTREG and REMS_DP16KD (the ECP5
// DP16KD form, simulated with tb/rems-matcher/dp16kd_model.v) tell the C side which one it was built with.
#include "vshim.h"
#include "Vrems_matcher.h"
#include "rems_shim.h"

typedef vshim<Vrems_matcher> shim_t;
static shim_t *S(rems_shim *s) { return reinterpret_cast<shim_t *>(s); }

extern "C" int rems_shim_l3_spram(void) { return REMS_L3_SPRAM; }
extern "C" int rems_shim_outreg(void) { return REMS_OUTREG; }
extern "C" int rems_shim_dp16kd(void) { return REMS_DP16KD; }

extern "C" rems_shim *rems_shim_new(const char *waves_path)
{
    shim_t *s = shim_t::open(waves_path);
    if (s) s->period_ns = 10; // the clock of the Icarus testbenches, so that both simulators' waves align
    return reinterpret_cast<rems_shim *>(s);
}

extern "C" void rems_shim_free(rems_shim *s) { shim_t::close(S(s)); }

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
