// rems_shim.cpp - the only C++ file of the REMS harness: a thin extern "C" wrapper over the Verilated
// rems_matcher, so that every testbench above it is plain C. One tick = apply inputs, rising edge, falling
// edge. Built once per matcher variant: REMS_L3_SPRAM, REMS_OUTREG and REMS_DP16KD (the ECP5 DP16KD form,
// simulated with tb/rems/dp16kd_model.v) select which Verilated model it wraps.
#include "verilated.h"
#include "verilated_fst_c.h"
#include "rems_shim.h"
#if REMS_DP16KD
#include "Vrems_matcher_dp.h"
typedef Vrems_matcher_dp Vtop;
#elif REMS_OUTREG
#include "Vrems_matcher_or.h"
typedef Vrems_matcher_or Vtop;
#elif REMS_L3_SPRAM
#include "Vrems_matcher_sp.h"
typedef Vrems_matcher_sp Vtop;
#else
#include "Vrems_matcher.h"
typedef Vrems_matcher Vtop;
#endif

struct rems_shim {
    VerilatedContext ctx;
    Vtop *top;
    VerilatedFstC *fst;
    uint64_t ticks;
};

extern "C" int rems_shim_l3_spram(void) { return REMS_L3_SPRAM; }
extern "C" int rems_shim_outreg(void) { return REMS_OUTREG; }
extern "C" int rems_shim_dp16kd(void) { return REMS_DP16KD; }

extern "C" rems_shim *rems_shim_new(const char *waves_path)
{
    rems_shim *s = new rems_shim;
    s->fst = nullptr;
    s->ticks = 0;
    if (waves_path) s->ctx.traceEverOn(true);
    s->top = new Vtop(&s->ctx);
    s->top->clk_i = 0;
    s->top->eval();
    if (waves_path) {
        s->fst = new VerilatedFstC;
        s->top->trace(s->fst, 99);
        s->fst->open(waves_path);
        if (!s->fst->isOpen()) {
            delete s->fst;
            delete s->top;
            delete s;
            return nullptr;
        }
    }
    return s;
}

extern "C" void rems_shim_free(rems_shim *s)
{
    if (!s) return;
    s->top->final();
    if (s->fst) {
        s->fst->close();
        delete s->fst;
    }
    delete s->top;
    delete s;
}

extern "C" void rems_shim_tick(rems_shim *s, const rems_in *in, rems_out *out)
{
    Vtop *t = s->top;
    t->rst_ni = in->rst_n;
    t->word_i = in->word;
    t->valid_i = in->valid;
    t->dl_we_i = in->dl_we;
    t->dl_addr_i = in->dl_addr;
    t->dl_data_i = in->dl_data;
    t->eval();
    if (s->fst) s->fst->dump(10 * s->ticks);
    t->clk_i = 1;
    t->eval();
    if (s->fst) s->fst->dump(10 * s->ticks + 5);
    out->word = t->word_o;
    out->trig = t->trig_o;
    out->valid = t->valid_o;
    out->masked = t->dl_masked_o;
    out->loading = t->dl_loading_o;
    t->clk_i = 0;
    t->eval();
    s->ticks++;
}
