/* remsc_paper.c - the paper's recoding method (NBSIR 87-3663 section 3.3.1), kept only to compare capacity
 * with remsc's equivalence classes (make rems-bench).
 *
 * The paper expands the don't-cares that make patterns overlap, then numbers the unique segment values of
 * each level-1 table, then the unique level-2 addresses. A level-1 RAM holds one code per address, so the
 * segment elements (ternary strings) of a table must end up pairwise disjoint or identical; we expand exactly
 * that far (a don't-care bit of one element where an overlapping element has a fixed bit), which is the
 * fewest expansions the method allows, and it also makes the whole pattern set disjoint. Elements that do
 * not overlap keep their don't-cares ("all other don't cares may remain"). */
#include "remsc.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    uint16_t care, val;
} cube;

typedef struct {
    cube *c;
    size_t n, cap;
} cubes;

static void push(cubes *q, cube c)
{
    if (q->n == q->cap) {
        q->cap = q->cap ? 2 * q->cap : 256;
        q->c = realloc(q->c, q->cap * sizeof *q->c);
        if (!q->c) {
            fprintf(stderr, "remsc: out of memory\n");
            exit(3);
        }
    }
    q->c[q->n++] = c;
}

/* Refine the elements into a disjoint family F (returned in *fam); -1 when more than max_cubes were made. */
static int refine(const cube *elems, size_t ne, int width, cubes *fam, size_t max_cubes)
{
    size_t space = (size_t)1 << (2 * width);
    uint8_t *present = calloc(space, 1);
    cubes q = {0}, f = {0};
    char *dead = NULL;
    size_t dead_cap = 0, made = 0;
    for (size_t i = 0; i < ne; i++) push(&q, elems[i]);
    int rc = 0;
    while (q.n) {
        cube e = q.c[--q.n];
        size_t key = (size_t)e.care << width | e.val;
        if (present[key]) continue;
        int split = 0;
        for (size_t i = 0; i < f.n; i++) {
            if (dead[i]) continue;
            cube g = f.c[i];
            if (((e.val ^ g.val) & e.care & g.care) != 0) continue; /* disjoint */
            uint16_t e_free = g.care & ~e.care, g_free = e.care & ~g.care;
            if (e_free) {
                uint16_t b = e_free & (uint16_t)-e_free;
                push(&q, (cube){(uint16_t)(e.care | b), e.val});
                push(&q, (cube){(uint16_t)(e.care | b), (uint16_t)(e.val | b)});
                made += 2;
                split = 1;
                break;
            }
            /* e inside g (they differ, since e is not present): split g */
            uint16_t b = g_free & (uint16_t)-g_free;
            dead[i] = 1;
            present[(size_t)g.care << width | g.val] = 0;
            push(&q, (cube){(uint16_t)(g.care | b), g.val});
            push(&q, (cube){(uint16_t)(g.care | b), (uint16_t)(g.val | b)});
            made += 2;
        }
        if (made > max_cubes) {
            rc = -1;
            break;
        }
        if (!split) {
            push(&f, e);
            if (f.n > dead_cap) {
                dead_cap = dead_cap ? 2 * dead_cap : 256;
                dead = realloc(dead, dead_cap);
            }
            dead[f.n - 1] = 0;
            present[key] = 1;
        }
    }
    fam->n = 0;
    if (rc == 0)
        for (size_t i = 0; i < f.n; i++)
            if (!dead[i]) push(fam, f.c[i]);
    free(q.c);
    free(f.c);
    free(dead);
    free(present);
    return rc;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int rems_paper_needs(const rems_patset *ps, unsigned needed[5], size_t max_cubes)
{
    static const int lo[3] = {21, 10, 0}, width[3] = {11, 11, 10};
    size_t n = ps->n;
    memset(needed, 0, 5 * sizeof needed[0]);
    /* per segment: distinct elements, each pattern's element index, each element's cover in F */
    size_t *eidx[3];
    cubes fam[3];
    size_t **cover[3];
    size_t *ncover[3];
    size_t nelem[3];
    int rc = 1;
    for (int s = 0; s < 3; s++) {
        uint32_t mask = (1u << width[s]) - 1;
        /* distinct elements in order of first appearance: sort (key, pattern) pairs */
        uint64_t *kv = malloc((n ? n : 1) * sizeof *kv);
        for (size_t i = 0; i < n; i++) {
            uint32_t care = (ps->p[i].care >> lo[s]) & mask, val = (ps->p[i].value >> lo[s]) & mask & care;
            kv[i] = (uint64_t)(care << width[s] | val) << 32 | i;
        }
        qsort(kv, n, sizeof *kv, cmp_u64);
        size_t *first = malloc((n ? n : 1) * sizeof *first); /* per sorted run: lowest pattern index */
        for (size_t i = 0; i < n; i++) first[i] = (i && (kv[i] >> 32) == (kv[i - 1] >> 32)) ? first[i - 1] : (size_t)(uint32_t)kv[i];
        /* number the runs by their first pattern so that element ids follow pattern order */
        long *run_id = malloc((n ? n : 1) * sizeof *run_id);
        for (size_t i = 0; i < n; i++) run_id[i] = -1;
        cubes el = {0};
        eidx[s] = malloc((n ? n : 1) * sizeof(size_t));
        size_t *by_first = malloc((n ? n : 1) * sizeof *by_first); /* pattern index -> sorted position */
        for (size_t i = 0; i < n; i++) by_first[(uint32_t)kv[i]] = i;
        for (size_t i = 0; i < n; i++) {
            size_t pos = by_first[i];
            size_t head = by_first[first[pos]];
            if (run_id[head] < 0) {
                uint32_t key = (uint32_t)(kv[pos] >> 32);
                run_id[head] = (long)el.n;
                push(&el, (cube){(uint16_t)(key >> width[s]), (uint16_t)(key & mask)});
            }
            eidx[s][i] = (size_t)run_id[head];
        }
        free(kv);
        free(first);
        free(run_id);
        free(by_first);
        nelem[s] = el.n;
        fam[s] = (cubes){0};
        if (refine(el.c, el.n, width[s], &fam[s], max_cubes)) rc = -1;
        needed[s] = (unsigned)fam[s].n;
        cover[s] = malloc((el.n ? el.n : 1) * sizeof(size_t *));
        ncover[s] = malloc((el.n ? el.n : 1) * sizeof(size_t));
        for (size_t e = 0; e < el.n; e++) {
            cover[s][e] = NULL;
            ncover[s][e] = 0;
            if (rc < 0) continue;
            cube ec = el.c[e];
            size_t k = 0;
            for (size_t j = 0; j < fam[s].n; j++) {
                cube g = fam[s].c[j];
                if ((g.care & ec.care) == ec.care && (g.val & ec.care) == ec.val) k++;
            }
            cover[s][e] = malloc((k ? k : 1) * sizeof(size_t));
            k = 0;
            for (size_t j = 0; j < fam[s].n; j++) {
                cube g = fam[s].c[j];
                if ((g.care & ec.care) == ec.care && (g.val & ec.care) == ec.val) cover[s][e][k++] = j + 1;
            }
            ncover[s][e] = k;
        }
        free(el.c);
    }
    if (rc == 1) {
        /* level 2: unique {code0, code1[7:4]} and {code1[3:0], code2} over the expanded patterns */
        size_t c0max = fam[0].n + 1, hmax = (fam[1].n >> 4) + 1, c2max = fam[2].n + 1;
        size_t hw = (hmax + 63) / 64, c2w = (c2max + 63) / 64;
        uint64_t *rows3 = calloc(c0max * hw, sizeof(uint64_t)), *rows4 = calloc(16 * c2w, sizeof(uint64_t));
        uint64_t *hs = malloc(hw * sizeof(uint64_t)), *c2s = malloc(c2w * sizeof(uint64_t));
        for (size_t i = 0; i < n; i++) {
            size_t e0 = eidx[0][i], e1 = eidx[1][i], e2 = eidx[2][i];
            memset(hs, 0, hw * sizeof(uint64_t));
            memset(c2s, 0, c2w * sizeof(uint64_t));
            unsigned los = 0;
            for (size_t k = 0; k < ncover[1][e1]; k++) {
                size_t c1 = cover[1][e1][k];
                hs[(c1 >> 4) / 64] |= 1ull << ((c1 >> 4) % 64);
                los |= 1u << (c1 & 15);
            }
            for (size_t k = 0; k < ncover[2][e2]; k++) c2s[cover[2][e2][k] / 64] |= 1ull << (cover[2][e2][k] % 64);
            for (size_t k = 0; k < ncover[0][e0]; k++)
                for (size_t w = 0; w < hw; w++) rows3[cover[0][e0][k] * hw + w] |= hs[w];
            for (unsigned l = 0; l < 16; l++)
                if (los & (1u << l))
                    for (size_t w = 0; w < c2w; w++) rows4[l * c2w + w] |= c2s[w];
        }
        for (size_t k = 0; k < c0max * hw; k++) needed[3] += (unsigned)__builtin_popcountll(rows3[k]);
        for (size_t k = 0; k < 16 * c2w; k++) needed[4] += (unsigned)__builtin_popcountll(rows4[k]);
        free(rows3);
        free(rows4);
        free(hs);
        free(c2s);
        for (int t = 0; t < 5; t++)
            if (needed[t] > rems_code_limit[t]) rc = 0;
    }
    for (int s = 0; s < 3; s++) {
        for (size_t e = 0; e < nelem[s]; e++) free(cover[s][e]);
        free(cover[s]);
        free(ncover[s]);
        free(eidx[s]);
        free(fam[s].c);
    }
    return rc;
}
