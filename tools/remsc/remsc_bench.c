/* remsc_bench - capacity of the REMS tables (make rems-bench; docs/rems-capacity.md).
 *
 * For random pattern sets (each bit x with probability d, else 0/1) the capacity is the length of the longest
 * prefix of a seeded random pattern sequence that compiles into the fixed tables (found by doubling, then
 * bisection). Three methods: remsc (codes shared by entries no word can tell apart by its triggers), plain
 * RFC (codes shared by entries matched by the same patterns) and the paper's method (expand overlapping
 * don't-cares, number unique segment values; remsc_paper.c). Three families: random trigger sets; every
 * pattern raising G only; and clustered, G only (the top 22 bits drawn from 8 values, as for a list of
 * addresses in a few pages: only the low 10 bits are random, x with probability d).
 *   remsc_bench [SEEDS]    (default 5 seeds per cell) */
#include "remsc.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXN 4096

static rems_tables tables;

static int fits(const rems_patset *all, size_t n, int method)
{
    rems_patset ps = *all;
    ps.n = n;
    if (method == 2) {
        unsigned needed[5];
        return rems_paper_needs(&ps, needed, 1u << 18) == 1;
    }
    char err[2048];
    return rems_compile_method(&ps, &tables, NULL, err, sizeof err, method == 0 ? REMS_METHOD_TRIGGERS
                                                                                   : REMS_METHOD_PATTERNS) == 0;
}

static size_t capacity(const rems_patset *all, int method)
{
    size_t good = 0, bad = 0;
    for (size_t n = 1; n <= MAXN; n *= 2) {
        if (!fits(all, n, method)) {
            bad = n;
            break;
        }
        good = n;
    }
    if (!bad) return good;
    while (bad - good > 1) {
        size_t mid = (good + bad) / 2;
        if (fits(all, mid, method)) good = mid;
        else bad = mid;
    }
    return good;
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    int seeds = argc > 1 ? atoi(argv[1]) : 5;
    if (seeds < 1 || seeds > 100) seeds = 5;
    static const double dens[] = {0.0, 0.02, 0.05, 0.1, 0.2, 0.3};
    static const char *const method_name[3] = {"remsc", "plain RFC", "paper"};
    clock_t start = clock();
    printf("REMS table capacity: patterns that compile (longest prefix of a random sequence), median [min-max] of "
           "%d seeds\n\n",
           seeds);
    printf("| patterns     | x density | %-18s | %-18s | %-18s |\n", method_name[0], method_name[1], method_name[2]);
    printf("|--------------|-----------|--------------------|--------------------|--------------------|\n");
    for (int mix = 0; mix < 3; mix++)
        for (size_t di = 0; di < sizeof dens / sizeof dens[0]; di++) {
            size_t cap[3][100];
            for (int s = 0; s < seeds; s++) {
                rems_rng r;
                rems_rng_seed(&r, 1000 * (uint64_t)mix + 100 * di + (uint64_t)s);
                rems_patset ps;
                rems_patset_init(&ps);
                rems_gen_patterns(&ps, &r, MAXN, dens[di]);
                if (mix >= 1)
                    for (size_t i = 0; i < ps.n; i++) ps.p[i].trig = 0x01;
                if (mix == 2) {
                    uint32_t pool[8];
                    for (int k = 0; k < 8; k++) pool[k] = (uint32_t)rems_rng_next(&r) & 0xfffffc00u;
                    for (size_t i = 0; i < ps.n; i++) {
                        uint32_t top = pool[rems_rng_next(&r) % 8];
                        ps.p[i].care |= 0xfffffc00u;
                        ps.p[i].value = (ps.p[i].value & ps.p[i].care & 0x3ffu) | top;
                    }
                }
                for (int m = 0; m < 3; m++) cap[m][s] = capacity(&ps, m);
                rems_patset_free(&ps);
            }
            static const char *const mix_name[3] = {"random", "G only", "G, clustered"};
            printf("| %-12s | %9.2f |", mix_name[mix], dens[di]);
            for (int m = 0; m < 3; m++) {
                qsort(cap[m], (size_t)seeds, sizeof(size_t), cmp_size);
                char cell[64];
                snprintf(cell, sizeof cell, "%zu [%zu-%zu]", cap[m][seeds / 2], cap[m][0], cap[m][seeds - 1]);
                printf(" %-18s |", cell);
            }
            printf("\n");
            fflush(stdout);
        }
    printf("\n(%.1f s of CPU; capacity capped at %d patterns; the paper's expansion is cut off at 2^18 cubes per "
           "table, counted as not fitting)\n",
           (double)(clock() - start) / CLOCKS_PER_SEC, MAXN);
    return 0;
}
