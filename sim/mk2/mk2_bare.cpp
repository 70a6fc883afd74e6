// mk2_bare.cpp - the bare MultiKron II for `make bench`: the Verilated chip (FIFO_DEPTH 8), or with --model
// the C reference model, driven by the smallest loop there is, from a pin file the runner recorded
// (`mk2sim SCRIPT --pins FILE`, the format of tb/mk2/icarus/mk2_replay.v). What the runner costs on top of
// the chip (parsing, bus-functional model, capture, checks) is its time on the script over this program's
// time on the same inputs.
//
//   mk2-bare PINS [--waves FILE.fst | --model]
//
// The file is read whole before the clock starts; only the loop is timed. Each tick copies the inputs of
// one line onto the pins and calls vshim::edge (the same edge as the runner's RTL backend); after it, the
// network and bus pins (ACKB, FIFODAB, NETCLK, N7..N0) are kept, and compared with the recorded ones once
// the loop is over, so that a fast loop cannot be a wrong one.
// Prints "TICKS SECONDS TICKS_PER_SECOND" on stdout; exit 1 on a differing pin, 2 on a bad file.
#include "vshim.h"
#include "Vmk2_chip_d8.h"
extern "C" {
#include "mk2_model.h"
}
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

namespace {

struct in_line {
    uint64_t data;
    uint16_t ext;
    uint8_t addr, cpu, bits; // bits: rst_n tsclk readb writeb startb holdb waitstate testb (bit 0..7)
    uint8_t outdisb_netrdy;
    uint16_t want; // ackb | fifodab << 1 | netclk << 2 | net_data << 3
};

uint16_t out_word(unsigned ackb, unsigned fifodab, unsigned netclk, unsigned ndata)
{
    return (uint16_t)((ackb & 1) | (fifodab & 1) << 1 | (netclk & 1) << 2 | (ndata & 0xFF) << 3);
}

double now()
{
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); // CPU time: the 2 cores are shared
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

} // namespace

int main(int argc, char **argv)
{
    const char *path = nullptr, *waves = nullptr;
    int model = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--waves") && i + 1 < argc) waves = argv[++i];
        else if (!strcmp(argv[i], "--model")) model = 1;
        else if (argv[i][0] != '-' && !path) path = argv[i];
        else {
            fprintf(stderr, "usage: mk2-bare PINS [--waves FILE.fst | --model]\n");
            return 2;
        }
    }
    if (!path) {
        fprintf(stderr, "usage: mk2-bare PINS [--waves FILE.fst | --model]\n");
        return 2;
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "mk2-bare: cannot open %s\n", path);
        return 2;
    }
    std::vector<in_line> v;
    char line[1024];
    long lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        unsigned long long tick, data;
        unsigned rst_n, tsclk, readb, writeb, startb, holdb, addr, cpu, ws, ext, testb, outdisb, netrdy;
        unsigned ackb, oe, fifodab, netclk, ndata;
        char odata[40];
        int n = sscanf(line, "%llu %x %x %x %x %x %x %x %llx %x %x %x %x %x %x %x %39s %x %x %x %x", &tick, &rst_n,
                       &tsclk, &readb, &writeb, &startb, &holdb, &addr, &data, &cpu, &ws, &ext, &testb, &outdisb,
                       &netrdy, &ackb, odata, &oe, &fifodab, &netclk, &ndata);
        if (n != 21) {
            fprintf(stderr, "mk2-bare: %s:%ld: not a pin line (want the 31 fields of mk2_replay.v)\n", path, lineno);
            return 2;
        }
        in_line l;
        l.data = data;
        l.ext = (uint16_t)ext;
        l.addr = (uint8_t)addr;
        l.cpu = (uint8_t)cpu;
        l.bits = (uint8_t)(rst_n | tsclk << 1 | readb << 2 | writeb << 3 | startb << 4 | holdb << 5 | ws << 6 |
                           testb << 7);
        l.outdisb_netrdy = (uint8_t)(outdisb | netrdy << 1);
        l.want = out_word(ackb, fifodab, netclk, ndata);
        v.push_back(l);
    }
    fclose(f);
    if (v.empty()) {
        fprintf(stderr, "mk2-bare: %s: no pin lines\n", path);
        return 2;
    }
    std::vector<uint16_t> got(v.size());
    double secs;
    if (model) {
        static mk2m m; // 5 KB of FIFO: not on the stack
        mk2m_init(&m, 8);
        mk2m_in p = {};
        double t0 = now();
        for (size_t i = 0; i < v.size(); i++) {
            const in_line &l = v[i];
            p.rst_n = l.bits & 1; p.tsclk = l.bits >> 1 & 1; p.readb = l.bits >> 2 & 1; p.writeb = l.bits >> 3 & 1;
            p.startb = l.bits >> 4 & 1; p.holdb = l.bits >> 5 & 1; p.waitstate = l.bits >> 6 & 1;
            p.testb = l.bits >> 7 & 1; p.addr = l.addr; p.data = l.data; p.cpu_id = l.cpu; p.ext = l.ext;
            p.outdisb = l.outdisb_netrdy & 1; p.netrdy = l.outdisb_netrdy >> 1 & 1;
            mk2m_tick(&m, &p);
            got[i] = out_word((unsigned)m.out.ackb, (unsigned)m.out.fifodab, (unsigned)m.out.netclk, m.out.net_data);
        }
        secs = now() - t0;
    } else {
    auto *s = vshim<Vmk2_chip_d8>::open(waves);
    if (!s) {
        fprintf(stderr, "mk2-bare: cannot write %s\n", waves);
        return 2;
    }
    Vmk2_chip_d8 *t = s->top;
    double t0 = now();
    for (size_t i = 0; i < v.size(); i++) {
        const in_line &l = v[i];
        t->rst_ni = l.bits & 1; t->tsclk_i = l.bits >> 1 & 1; t->readb_i = l.bits >> 2 & 1;
        t->writeb_i = l.bits >> 3 & 1; t->startb_i = l.bits >> 4 & 1; t->holdb_i = l.bits >> 5 & 1;
        t->waitstate_i = l.bits >> 6 & 1; t->testb_i = l.bits >> 7 & 1;
        t->addr_i = l.addr; t->data_i = l.data; t->cpu_id_i = l.cpu; t->ext_i = l.ext;
        t->outdisb_i = l.outdisb_netrdy & 1; t->netrdy_i = l.outdisb_netrdy >> 1 & 1;
        s->edge_sync(l.bits & 1, [&] { got[i] = out_word(t->ackb_o, t->fifodab_o, t->netclk_o, t->net_data_o); });
    }
    secs = now() - t0;
    vshim<Vmk2_chip_d8>::close(s);
    }
    for (size_t i = 0; i < v.size(); i++) {
        if (got[i] != v[i].want) {
            fprintf(stderr, "mk2-bare: %s: pins differ at line %zu (ACKB/FIFODAB/NETCLK/N: got 0x%x, recorded 0x%x)\n",
                    path, i + 1, got[i], v[i].want);
            return 1;
        }
    }
    printf("%zu %.4f %.0f\n", v.size(), secs, (double)v.size() / secs);
    return 0;
}
