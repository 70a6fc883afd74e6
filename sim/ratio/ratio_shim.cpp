// ratio_shim.cpp - the only C++ of the ratio harness: a thin extern "C" wrapper over the Verilated
// ratio_tb_top. Built once per variant with -DRATIO_PAIRS=n -DRATIO_MANT=w against that variant's model.
#include <memory>
#include "Vratio_top.h"
#include "verilated.h"
#include "verilated_fst_c.h"
#include "ratio_shim.h"

struct ratio_shim {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vratio_top> top;
    std::unique_ptr<VerilatedFstC> fst;
    uint64_t time;
};

extern "C" ratio_shim *ratio_shim_new(const char *waves_path)
{
    ratio_shim *s = new ratio_shim;
    s->ctx.reset(new VerilatedContext);
    s->time = 0;
    if (waves_path) s->ctx->traceEverOn(true);
    s->top.reset(new Vratio_top(s->ctx.get()));
    if (waves_path) {
        s->fst.reset(new VerilatedFstC);
        s->top->trace(s->fst.get(), 99);
        s->fst->open(waves_path);
        if (!s->fst->isOpen()) { delete s; return nullptr; }
    }
    s->top->clk_i = 0;
    s->top->eval();
    return s;
}

extern "C" void ratio_shim_free(ratio_shim *s)
{
    if (s->fst) s->fst->close();
    s->top->final();
    delete s;
}

extern "C" void ratio_shim_tick(ratio_shim *s, const ratio_in *in, uint32_t *reports)
{
    Vratio_top *t = s->top.get();
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
    t->clk_i = 0;
    t->eval();
    if (s->fst) s->fst->dump(s->time * 10);
    t->clk_i = 1;
    t->eval();
    if (s->fst) s->fst->dump(s->time * 10 + 5);
    s->time++;
#if RATIO_PAIRS == 1
    reports[0] = t->reports_o;
#else
    for (unsigned i = 0; i < RATIO_PAIRS; i++) reports[i] = t->reports_o[i];
#endif
}

extern "C" unsigned ratio_shim_pairs(void) { return RATIO_PAIRS; }
extern "C" unsigned ratio_shim_mant(void) { return RATIO_MANT; }
