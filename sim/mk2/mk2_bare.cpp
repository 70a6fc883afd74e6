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
#include "perf_ctl.h"
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

// The whole file in one read, then the fields parsed by hand (scanf per field took longer than the
// chip: the file reading is not timed, but a bench should not wait for it either).
bool hex_field(const char *&p, const char *end, uint64_t &v)
{
    while (p < end && (*p == ' ' || *p == '\t')) p++;
    const char *s = p;
    uint64_t x = 0;
    for (; p < end && *p != ' ' && *p != '\t'; p++) {
        unsigned c = (unsigned char)*p, d;
        if (c - '0' < 10) d = c - '0';
        else if ((c | 0x20) - 'a' < 6) d = (c | 0x20) - 'a' + 10;
        else return false;
        if (p - s >= 16) return false;
        x = x << 4 | d;
    }
    v = x;
    return p > s;
}

bool any_field(const char *&p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t')) p++;
    const char *s = p;
    while (p < end && *p != ' ' && *p != '\t') p++;
    return p > s;
}

int read_pins(const char *path, std::vector<in_line> &v)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "mk2-bare: cannot open %s\n", path);
        return 2;
    }
    std::vector<char> buf;
    char chunk[1 << 16];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) buf.insert(buf.end(), chunk, chunk + n);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        fprintf(stderr, "mk2-bare: %s: read error\n", path);
        return 2;
    }
    const char *p = buf.data(), *end = p + buf.size();
    long lineno = 0;
    while (p < end) {
        const char *eol = static_cast<const char *>(memchr(p, '\n', (size_t)(end - p)));
        if (!eol) eol = end;
        lineno++;
        // tick, 14 inputs (the first 15 fields), ACKB, D63..D0 (x when not driven), OE, FIFODAB, NETCLK, N7..N0
        uint64_t f_[21];
        bool ok = true;
        for (int i = 0; i < 21 && ok; i++) ok = i == 16 ? any_field(p, eol) : hex_field(p, eol, f_[i]);
        if (!ok) {
            fprintf(stderr, "mk2-bare: %s:%ld: not a pin line (want the 31 fields of mk2_replay.v)\n", path, lineno);
            return 2;
        }
        in_line l;
        l.data = f_[8];
        l.ext = (uint16_t)f_[11];
        l.addr = (uint8_t)f_[7];
        l.cpu = (uint8_t)f_[9];
        l.bits = (uint8_t)((f_[1] & 1) | (f_[2] & 1) << 1 | (f_[3] & 1) << 2 | (f_[4] & 1) << 3 | (f_[5] & 1) << 4 |
                           (f_[6] & 1) << 5 | (f_[10] & 1) << 6 | (f_[12] & 1) << 7);
        l.outdisb_netrdy = (uint8_t)((f_[13] & 1) | (f_[14] & 1) << 1);
        l.want = out_word((unsigned)f_[15], (unsigned)f_[18], (unsigned)f_[19], (unsigned)f_[20]);
        v.push_back(l);
        p = eol + 1;
    }
    if (v.empty()) {
        fprintf(stderr, "mk2-bare: %s: no pin lines\n", path);
        return 2;
    }
    return 0;
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
        else path = nullptr, i = argc; /* unknown option or a second PINS: usage */
    }
    if (!path) {
        fprintf(stderr, "usage: mk2-bare PINS [--waves FILE.fst | --model]\n");
        return 2;
    }
    std::vector<in_line> v;
    if (read_pins(path, v)) return 2;
    std::vector<uint16_t> got(v.size());
    double secs;
    if (model) {
        static mk2m m; // 5 KB of FIFO: not on the stack
        mk2m_init(&m, 8);
        mk2m_in p = {};
        perf_ctl("enable");
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
        perf_ctl("disable");
    } else {
    auto *s = vshim<Vmk2_chip_d8>::open(waves);
    if (!s) {
        fprintf(stderr, "mk2-bare: cannot write %s\n", waves);
        return 2;
    }
    Vmk2_chip_d8 *t = s->top;
    perf_ctl("enable");
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
    perf_ctl("disable");
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
