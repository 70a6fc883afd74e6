/* rems_sets.c - adversarial pattern sets and small exhaustive word spaces for the REMS tests. */
#include "rems_sets.h"

static uint8_t some_trig(rems_rng *r)
{
    uint8_t t = 0;
    while (!t) t = (uint8_t)(rems_rng_next(r) & 0x7f);
    return t;
}

uint32_t space_word(uint32_t base, uint32_t livemask, uint32_t index)
{
    uint32_t w = base & ~livemask;
    for (int b = 0; b < 32; b++)
        if (livemask >> b & 1) {
            if (index & 1) w |= 1u << b;
            index >>= 1;
        }
    return w;
}

void space_patterns(rems_patset *ps, rems_rng *r, uint32_t base, uint32_t livemask, size_t n, double density,
                    double other_x)
{
    uint64_t dx = (uint64_t)(density * 18446744073709551615.0), ox = (uint64_t)(other_x * 18446744073709551615.0);
    for (size_t i = 0; i < n; i++) {
        uint32_t care = 0, value = (uint32_t)rems_rng_next(r);
        for (int b = 0; b < 32; b++) {
            uint64_t x = rems_rng_next(r);
            if (livemask >> b & 1) {
                if (x >= dx) care |= 1u << b;
            } else {
                if (x >= ox) care |= 1u << b;
                value = (value & ~(1u << b)) | (base & (1u << b));
            }
        }
        rems_patset_add(ps, care, value, some_trig(r), 0);
    }
}

const char *rems_adversarial(int which, rems_patset *ps)
{
    rems_rng r;
    rems_rng_seed(&r, 1000 + (uint64_t)which);
    uint32_t R = (uint32_t)rems_rng_next(&r);
    switch (which) {
    case 0: /* every prefix length of one word, each with its own trigger: deep nesting */
        for (int k = 0; k <= 32; k++) {
            uint32_t care = k ? ~0u << (32 - k) : 0;
            rems_patset_add(ps, care, R, (uint8_t)(1u << (k % 7)), 0);
        }
        return "nested prefixes";
    case 1: /* every combination of the bits on both sides of the segment boundaries (22:19, 11:8) */
        for (uint32_t c = 0; c < 256; c++) {
            uint32_t v = (c & 15) << 19 | (c >> 4) << 8;
            rems_patset_add(ps, 0xfu << 19 | 0xfu << 8, v, (uint8_t)(1u << (c % 7)), 0);
        }
        return "segment boundaries";
    case 2: /* one all-x pattern under 50 exact words */
        rems_patset_add(ps, 0, 0, 0x01, 0);
        for (int i = 0; i < 50; i++) rems_patset_add(ps, ~0u, (uint32_t)rems_rng_next(&r), (uint8_t)(2u << (i % 6)), 0);
        return "all-x plus exact words";
    case 3: /* repeated patterns with different triggers, and patterns inside others */
        for (int i = 0; i < 40; i++) {
            uint32_t care = (uint32_t)rems_rng_next(&r) | (uint32_t)rems_rng_next(&r);
            uint32_t v = (uint32_t)rems_rng_next(&r);
            for (int k = 0; k < 3; k++) rems_patset_add(ps, care, v, some_trig(&r), 0);
            rems_patset_add(ps, care | (1u << (i % 32)), v, 0x01, 0);
        }
        return "duplicates and covered patterns";
    case 4: /* one word with a single x walking over all 32 positions */
        for (int b = 0; b < 32; b++) rems_patset_add(ps, ~(1u << b), R, (uint8_t)(1u << (b % 7)), 0);
        rems_patset_add(ps, ~0u, R, 0x40, 0);
        return "walking x";
    case 5: /* 127 distinct values in both T0 and T2: both tables exactly full */
        for (uint32_t i = 0; i < 127; i++)
            rems_patset_add(ps, 0xffe003ffu, (i * 13u % 2048u) << 21 | (i * 7u % 1024u), some_trig(&r), 0);
        return "T0 and T2 full (127 codes)";
    case 6: /* 255 distinct values in T1 over three T0 values: T1 exactly full */
        for (uint32_t i = 0; i < 255; i++)
            rems_patset_add(ps, 0xfffffc00u, (i % 3u) << 21 | (i * 37u % 2048u) << 10, some_trig(&r), 0);
        return "T1 full (255 codes)";
    case 7: /* overlapping address ranges (x suffixes of random length) */
        for (int i = 0; i < 60; i++) {
            int k = (int)(rems_rng_next(&r) % 21);
            uint32_t base = (uint32_t)rems_rng_next(&r) & 0x0003ffffu; /* share the top bits: ranges overlap */
            rems_patset_add(ps, k ? ~0u << k : ~0u, base, some_trig(&r), 0);
        }
        return "overlapping ranges";
    case 8: /* dense don't-cares: heavy overlap everywhere */
        rems_gen_patterns(ps, &r, 12, 0.6);
        return "dense don't-cares";
    case 9: /* many patterns, one trigger */
        rems_gen_patterns(ps, &r, 60, 0.2);
        for (size_t i = 0; i < ps->n; i++) ps->p[i].trig = 0x01;
        return "one trigger for all";
    case 10:
        return "empty set";
    default: /* one all-x pattern raising everything */
        rems_patset_add(ps, 0, 0, 0x7f, 0);
        return "all-x, all triggers";
    }
}
