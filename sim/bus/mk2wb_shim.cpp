// mk2wb_shim.cpp - the Verilator shim of mk2_wb_top: pin copying only (sim/common/vshim.h does the rest).
#include "Vmk2_wb_top.h"
#include "mk2wb_shim.h"
#include "vshim.h"

struct mk2wb_shim {
    vshim<Vmk2_wb_top> *v;
};

static void apply(Vmk2_wb_top *t, const mk2wb_pins *p)
{
    t->rst_ni = p->rst_n;
    t->chip_rst_ni = p->chip_rst_n;
    t->wb_cyc_i = p->cyc;
    t->wb_stb_i = p->stb;
    t->wb_we_i = p->we;
    t->wb_adr_i = p->adr;
    t->wb_sel_i = p->sel;
    t->wb_dat_i = p->dat_w;
    t->tsclk_i = p->tsclk;
    t->waitstate_i = p->waitstate;
    t->testb_i = p->testb;
    t->ext_i = p->ext;
    t->cpu_id_i = p->cpu;
}

extern "C" mk2wb_shim *mk2wb_open(const char *waves_path)
{
    vshim<Vmk2_wb_top> *v = vshim<Vmk2_wb_top>::open(waves_path);
    if (!v) return nullptr;
    mk2wb_shim *s = new mk2wb_shim;
    s->v = v;
    return s;
}

extern "C" void mk2wb_close(mk2wb_shim *s)
{
    if (!s) return;
    vshim<Vmk2_wb_top>::close(s->v);
    delete s;
}

extern "C" void mk2wb_eval(mk2wb_shim *s, mk2wb_pins *p)
{
    Vmk2_wb_top *t = s->v->top;
    apply(t, p);
    t->eval();
    p->stall = t->wb_stall_o;
    p->ack = t->wb_ack_o;
    p->err = t->wb_err_o;
    p->dat_r = t->wb_dat_o;
}

extern "C" void mk2wb_edge(mk2wb_shim *s, mk2wb_pins *p)
{
    apply(s->v->top, p);
    s->v->edge();
}
