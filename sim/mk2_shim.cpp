// mk2_shim.cpp - the only C++ file: a thin extern "C" wrapper over the Verilated mk2_chip, so that
// every testbench above it is plain C. One tick = apply inputs, rising edge, falling edge.
// With a waves path the model records an FST: inputs at 10t, the rising edge at 10t+5.
#include "Vmk2_chip.h"
#include "verilated.h"
#include "verilated_fst_c.h"
#include "mk2_shim.h"

struct mk2_shim {
    VerilatedContext ctx;
    Vmk2_chip *top;
    VerilatedFstC *fst;
    uint64_t ticks;
};

extern "C" mk2_shim *mk2_shim_new(const char *waves_path)
{
    mk2_shim *s = new mk2_shim;
    s->fst = nullptr;
    s->ticks = 0;
    if (waves_path) s->ctx.traceEverOn(true);
    s->top = new Vmk2_chip(&s->ctx);
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

extern "C" void mk2_shim_free(mk2_shim *s)
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

extern "C" void mk2_shim_tick(mk2_shim *s, const mk2_pins_in *in, mk2_pins_out *out)
{
    Vmk2_chip *t = s->top;
    t->rst_ni = in->rst_n; t->tsclk_i = in->tsclk; t->readb_i = in->readb; t->writeb_i = in->writeb;
    t->startb_i = in->startb; t->holdb_i = in->holdb; t->addr_i = in->addr; t->data_i = in->data;
    t->cpu_id_i = in->cpu; t->waitstate_i = in->waitstate; t->ext_i = in->ext; t->testb_i = in->testb;
    t->outdisb_i = in->outdisb; t->netrdy_i = in->netrdy;
    t->eval();
    /* one node clock = 20 ns in the waves (a 50 MHz node clock, the iCE40 target); the RTL has no delays */
    if (s->fst) s->fst->dump(20 * s->ticks);
    t->clk_i = 1; t->eval();
    if (s->fst) s->fst->dump(20 * s->ticks + 10);
    out->ackb = t->ackb_o; out->data = t->data_o; out->data_oe = t->data_oe_o; out->fifodab = t->fifodab_o;
    out->netclk = t->netclk_o; out->net_data = t->net_data_o; out->parity = t->net_parity_o;
    out->eom = t->net_eom_o; out->test = t->test_o; out->out_en = t->out_en_o;
    out->fifo_count = t->dbg_fifo_count_o; out->counter_phase = t->dbg_counter_phase_o;
    out->shadow_busy = t->dbg_shadow_busy_o; out->net_busy = t->dbg_net_busy_o;
    out->discard = t->dbg_discard_o; out->overrun_count = t->dbg_overrun_count_o;
    t->clk_i = 0; t->eval();
    s->ticks++;
}
