/* rems_sets.h - pattern sets shared by the REMS tests: adversarial sets and small exhaustive word spaces. */
#ifndef REMS_SETS_H
#define REMS_SETS_H
#include "remsc.h"

#define REMS_ADVERSARIAL_SETS 12
/* Build adversarial set number which (0..REMS_ADVERSARIAL_SETS-1) into ps; returns its name. Every one of
 * them fits the tables. */
const char *rems_adversarial(int which, rems_patset *ps);

/* A small word space: base word with the live bits (livemask) free. space_word(base, live, i) deposits the
 * bits of i into the live positions, lowest first. */
uint32_t space_word(uint32_t base, uint32_t livemask, uint32_t index);
/* n random patterns over that space: live bits 0/1/x (x with probability density); the other bits equal
 * base or, with probability other_x, are x. */
void space_patterns(rems_patset *ps, rems_rng *r, uint32_t base, uint32_t livemask, size_t n, double density,
                    double other_x);
#endif
