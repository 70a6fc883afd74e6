// mk2_backend_rtl.cpp - the RTL backend of the MultiKron II runner (sim/mk2/mk2_backend.h): the Verilated
// mk2_chip, built once per FIFO depth (mk/mk2.mk: prefixes Vmk2_chip_d2, _d8, _d16), behind the pins.
// The context and FST set-up are sim/common/vshim.h's; this file only copies pins.
#include "mk2_backend.h"
#include "vshim.h"
#include "Vmk2_chip_d2.h"
#include "Vmk2_chip_d8.h"
#include "Vmk2_chip_d16.h"
#include <cstdio>

extern "C" const int mk2_rtl_depths[] = {2, 8, 16, 0};

namespace {

template <class V> int tick(mk2_backend *b, const mk2_pins_in *in, mk2_pins_out *out, char *, unsigned)
{
    vshim<V> *s = static_cast<vshim<V> *>(b->ctx);
    V *t = s->top;
    t->rst_ni = in->rst_n; t->tsclk_i = in->tsclk; t->readb_i = in->readb; t->writeb_i = in->writeb;
    t->startb_i = in->startb; t->holdb_i = in->holdb; t->addr_i = in->addr; t->data_i = in->data;
    t->cpu_id_i = in->cpu; t->waitstate_i = in->waitstate; t->ext_i = in->ext; t->testb_i = in->testb;
    t->outdisb_i = in->outdisb; t->netrdy_i = in->netrdy;
    s->edge_sync(in->rst_n, [&] { // RESETB is the chip's one asynchronous input
        out->ackb = t->ackb_o; out->data = t->data_o; out->data_oe = t->data_oe_o; out->fifodab = t->fifodab_o;
        out->netclk = t->netclk_o; out->net_data = t->net_data_o; out->parity = t->net_parity_o;
        out->eom = t->net_eom_o; out->test = t->test_o; out->out_en = t->out_en_o;
        out->fifo_count = t->dbg_fifo_count_o; out->counter_phase = t->dbg_counter_phase_o;
        out->shadow_busy = t->dbg_shadow_busy_o; out->net_busy = t->dbg_net_busy_o;
        out->discard = t->dbg_discard_o; out->overrun_count = t->dbg_overrun_count_o;
        out->tsclk_overspeed = t->dbg_tsclk_overspeed_o;
    });
    return 0;
}

template <class V> void close(mk2_backend *b)
{
    vshim<V>::close(static_cast<vshim<V> *>(b->ctx));
    delete b;
}

template <class V> mk2_backend *open(int depth, const char *waves)
{
    vshim<V> *s = vshim<V>::open(waves);
    if (!s) return nullptr;
    mk2_backend *b = new mk2_backend();
    b->name = "rtl";
    b->fifo_depth = depth;
    b->debug_pins = 1;
    b->ctx = s;
    b->tick = tick<V>;
    b->close = close<V>;
    return b;
}

} // namespace

extern "C" mk2_backend *mk2_backend_rtl_open(int fifo_depth, const char *waves, char *err, unsigned errlen)
{
    mk2_backend *b = nullptr;
    switch (fifo_depth) {
    case 2: b = open<Vmk2_chip_d2>(2, waves); break;
    case 8: b = open<Vmk2_chip_d8>(8, waves); break;
    case 16: b = open<Vmk2_chip_d16>(16, waves); break;
    default:
        snprintf(err, errlen, "the RTL backend is built with FIFO_DEPTH 2, 8 and 16, not %d (the model takes 2..255)",
                 fifo_depth);
        return nullptr;
    }
    if (!b) snprintf(err, errlen, "cannot open the FST file %s", waves ? waves : "");
    return b;
}
