// su_shim.cpp - the only C++ of the Sample Unit harness: a thin extern "C" wrapper over the Verilated
// rems_unit_array (prefix Vsu_top).
#include <memory>
#include "Vsu_top.h"
#include "verilated.h"
#include "verilated_fst_c.h"
#include "su_shim.h"

struct su_shim {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vsu_top> top;
    std::unique_ptr<VerilatedFstC> fst;
    uint64_t time;
};

extern "C" su_shim *su_shim_new(const char *waves_path)
{
    su_shim *s = new su_shim;
    s->ctx.reset(new VerilatedContext);
    s->time = 0;
    if (waves_path) s->ctx->traceEverOn(true);
    s->top.reset(new Vsu_top(s->ctx.get()));
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

extern "C" void su_shim_free(su_shim *s)
{
    if (s->fst) s->fst->close();
    s->top->final();
    delete s;
}

extern "C" void su_shim_tick(su_shim *s, const su_in *in, su_out *out)
{
    Vsu_top *t = s->top.get();
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
    t->clk_i = 0;
    t->eval();
    if (s->fst) s->fst->dump(s->time * 10);
    t->clk_i = 1;
    t->eval();
    if (s->fst) s->fst->dump(s->time * 10 + 5);
    s->time++;
    out->host_rdata = t->host_rdata_o;
    out->trig = t->trig_o;
    out->gword = t->gword_o;
}
