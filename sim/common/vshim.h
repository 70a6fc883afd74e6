// vshim.h - what every Verilator shim of this project shares, written once: the VerilatedContext, the
// model, the optional FST recording and the tick counter. A shim (sim/<block>/*_shim.cpp) is then only
// its extern "C" pin copying. Header-only, C++ only.
//
//   vshim<Vtop> *s = vshim<Vtop>::open(waves_path);   // nullptr when the FST file cannot be opened
//   vshim<Vtop> *s = vshim<Vtop>::open(waves_path, 10); // one tick drawn as 10 ns (the Icarus benches' clock)
//   s->top->x_i = ...; s->edge();                     // one node clock: eval, rise, fall, waves
//   vshim<Vtop>::close(s);
//
// Waves: one tick = period_ns (20 ns by default: a 50 MHz node clock); inputs applied at the start of a
// tick, the rising edge half a period later.
// The RTL has no delays, so the time scale only sets what GTKWave shows.
#ifndef VSHIM_H
#define VSHIM_H
#include <cstdint>
#include "verilated.h"
#include "verilated_fst_c.h"

template <class Vtop> struct vshim {
    VerilatedContext ctx;
    Vtop *top = nullptr;
    VerilatedFstC *fst = nullptr;
    uint64_t ticks = 0;
    uint64_t period_ns = 20; // what one tick is drawn as in the waves
    uint64_t async_prev = ~0ull; // edge_sync(): the asynchronous inputs of the last tick

    static vshim *open(const char *waves_path, uint64_t period_ns = 20)
    {
        vshim *s = new vshim;
        s->period_ns = period_ns;
        if (waves_path) s->ctx.traceEverOn(true);
        s->top = new Vtop(&s->ctx);
        s->top->clk_i = 0;
        s->top->eval();
        if (waves_path) {
            s->fst = new VerilatedFstC;
            s->top->trace(s->fst, 99);
            s->fst->open(waves_path);
            if (!s->fst->isOpen()) {
                close(s);
                return nullptr;
            }
        }
        return s;
    }

    static void close(vshim *s)
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

    // The inputs are already on top->*_i. Settle them, clock one rising edge (outputs are then the
    // registers after it), and leave clk_i low for the next tick. read() runs between rise and fall.
    template <class F> void edge(F read)
    {
        top->eval();
        if (fst) fst->dump(period_ns * ticks);
        top->clk_i = 1;
        top->eval();
        if (fst) fst->dump(period_ns * ticks + period_ns / 2);
        read();
        top->clk_i = 0;
        top->eval();
        ticks++;
    }
    void edge() { edge([] {}); }

    // edge() without its first eval while the asynchronous inputs (ASYNC: the levels of every input that
    // an always block takes as an edge besides clk_i, e.g. an active-low reset) are what they were in the
    // last tick and no waves are written: the inputs then settle in the rising edge's own eval, since
    // Verilator evaluates the logic reading the inputs (its 'ico' region) before the blocks the clock
    // triggers. One eval of three fewer a tick; where an asynchronous input changes, both evals run, so
    // that its edge comes before the clock's as in edge() (and in the Icarus replay).
    template <class F> void edge_sync(uint64_t async, F read)
    {
        if (fst || async != async_prev) {
            async_prev = async;
            edge(read);
            return;
        }
        top->clk_i = 1;
        top->eval();
        read();
        top->clk_i = 0;
        top->eval();
        ticks++;
    }
};

// VSHIM_C_API(name, Vtop, period_ns): the C side's opaque handle `name` over a vshim<Vtop>, with
// name_new(waves_path) (nullptr when the FST file cannot be opened) and name_free(); the shim then holds
// shim_t (the vshim type) and S(handle) (the vshim behind a handle) for its own pin copying.
#define VSHIM_C_API(name, Vtop, period_ns)                                                                    \
    typedef vshim<Vtop> shim_t;                                                                              \
    static inline shim_t *S(name *s) { return reinterpret_cast<shim_t *>(s); }                              \
    extern "C" name *name##_new(const char *waves_path)                                                      \
    {                                                                                                        \
        return reinterpret_cast<name *>(shim_t::open(waves_path, period_ns));                               \
    }                                                                                                        \
    extern "C" void name##_free(name *s) { shim_t::close(S(s)); }
#endif
