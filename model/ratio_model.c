/* ratio_model.c - see ratio_model.h. */
#include "ratio_model.h"

#define COUNT_MAX 0xffffffffull

unsigned ratio_bitlength(uint64_t x)
{
    unsigned b = 0;
    while (x) b++, x >>= 1;
    return b;
}

static unsigned scale_of(unsigned w, uint64_t d)
{
    unsigned b = ratio_bitlength(d);
    return b > w ? b - w : 0;
}

void ratio_ref_init(ratio_ref *r, unsigned w)
{
    r->w = w;
    r->d = r->n = 0;
    r->nsat = 0;
}

void ratio_ref_clock(ratio_ref *r, int den, int num, int clear)
{
    if (clear) r->d = r->n = 0, r->nsat = 0;
    if (den && r->d < COUNT_MAX) r->d++;
    if (num) r->n++;
    if ((r->n >> scale_of(r->w, r->d)) >> r->w) r->nsat = 1;
}

uint32_t ratio_ref_report(const ratio_ref *r)
{
    unsigned w = r->w, e = scale_of(w, r->d);
    uint64_t mmax = (1ull << w) - 1;
    uint64_t m = r->nsat ? mmax : r->n >> e;
    uint64_t E, F;
    if (r->d < (1ull << (w - 1))) {
        E = 0;
        F = r->d;
    } else {
        E = e + 1;
        F = (r->d >> e) & ((1ull << (w - 1)) - 1);
    }
    return (uint32_t)((E << (2 * w - 1)) | (F << w) | m);
}

void ratio_fields(unsigned w, uint32_t report, unsigned *e, unsigned *f, unsigned *m)
{
    *m = report & ((1u << w) - 1);
    *f = (report >> w) & ((1u << (w - 1)) - 1);
    *e = (report >> (2 * w - 1)) & 31;
}

void ratio_decode(unsigned w, uint32_t report, uint64_t *d, uint64_t *n)
{
    unsigned e, f, m;
    ratio_fields(w, report, &e, &f, &m);
    if (e == 0) {
        *d = f;
        *n = m;
    } else {
        *d = ((1ull << (w - 1)) + f) << (e - 1);
        *n = (uint64_t)m << (e - 1);
    }
}

void ratio_image(unsigned w, uint64_t d, uint64_t n, int nsat, ratio_regs *out)
{
    unsigned s = scale_of(w, d);
    unsigned pos = 32 - w - s;   /* bit of the sliding incrementer */
    out->dreg = (uint32_t)(d << pos);
    out->nreg = nsat ? 0xffffffffu : (uint32_t)(n << pos);
    out->low = (uint32_t)((1ull << pos) - 1);
    out->exp = d < (1ull << (w - 1)) ? 0 : s + 1;
    out->nsat = nsat;
}
