/* ratio_model.h - C models of the REMS ratio counter pair (rtl/rems/sampleunit/rems_ratio.v).
 *
 * ratio_ref_*: the reference. It keeps the exact counts D and N and computes the report by the closed-form
 * rule of CLARIFICATIONS.md (REMS ratio counter): e = max(0, bitlength(D) - W); E = 0, F = D, M = N when
 * D < 2^(W-1); else E = e + 1, F = the W-1 bits below the leading one of D >> e, M = N >> e. Counts stick
 * at 2^32-1; when N >> e does not fit in W bits the numerator is saturated and M sticks at 2^W-1 until a
 * clear (docs/rems-ratio.md, decision R3). It knows nothing of the RTL's registers.
 *
 * ratio_image: the register image the RTL holds for given counts (for the preset port of the tests). */
#ifndef RATIO_MODEL_H
#define RATIO_MODEL_H
#include <stdint.h>

typedef struct {
    unsigned w;      /* mantissa width W */
    uint64_t d, n;   /* exact counts (d <= 2^32-1) */
    int nsat;        /* numerator saturated */
} ratio_ref;

void ratio_ref_init(ratio_ref *r, unsigned w);
/* One clock: clear (new period; this clock's events count in it), then the events. */
void ratio_ref_clock(ratio_ref *r, int den, int num, int clear);
/* The report, right-aligned: {E[4:0], F[W-2:0], M[W-1:0]}. */
uint32_t ratio_ref_report(const ratio_ref *r);
/* Fields of a report, and its decoded counts (CLARIFICATIONS.md decoding). */
void ratio_fields(unsigned w, uint32_t report, unsigned *e, unsigned *f, unsigned *m);
void ratio_decode(unsigned w, uint32_t report, uint64_t *d, uint64_t *n);
unsigned ratio_bitlength(uint64_t x);

typedef struct {
    uint32_t dreg, nreg, low;
    unsigned exp;
    int nsat;
} ratio_regs;
/* Register image for counts d, n (n's own saturation given by nsat). */
void ratio_image(unsigned w, uint64_t d, uint64_t n, int nsat, ratio_regs *out);
#endif
