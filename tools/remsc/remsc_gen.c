/* remsc_gen.c - seeded random pattern sets and words (tests, benchmark, tools/remsc/remsgen.c). */
#include "remsc.h"

void rems_rng_seed(rems_rng *r, uint64_t seed) { r->s = seed * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull; }

uint64_t rems_rng_next(rems_rng *r)
{
    /* splitmix64: every seed gives a full-quality stream */
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void rems_gen_patterns(rems_patset *ps, rems_rng *r, size_t n, double density)
{
    uint64_t thresh = (uint64_t)(density * 18446744073709551615.0);
    if (density >= 1.0) thresh = ~0ull;
    for (size_t i = 0; i < n; i++) {
        uint32_t care = 0, value = (uint32_t)rems_rng_next(r);
        for (int b = 0; b < 32; b++)
            if (density <= 0.0 || rems_rng_next(r) >= thresh) care |= 1u << b;
        uint8_t trig = 0;
        while (!trig) trig = (uint8_t)(rems_rng_next(r) & 0x7f);
        rems_patset_add(ps, care, value, trig, 0);
    }
}

uint32_t rems_gen_word(const rems_patset *ps, rems_rng *r)
{
    uint64_t x = rems_rng_next(r);
    uint32_t rnd = (uint32_t)rems_rng_next(r);
    if (ps->n == 0 || (x & 3) == 0) return rnd;
    const rems_pattern *p = &ps->p[(x >> 8) % ps->n];
    uint32_t w = (p->value & p->care) | (rnd & ~p->care);
    if ((x & 3) == 1) w ^= 1u << ((x >> 40) & 31);
    return w;
}
