/* su_scenario.h - REMS Sample Unit scenarios (tb/rems-sampleunit/ *.su files): parsing into one step per clock.
 *
 * A scenario is a text file, one command a line, '#' starts a comment:
 *   pattern UNIT PATTERN TRIGGERS   a matcher pattern (remsc syntax: 32 of 0/1/x, '_' allowed, then G,S1..S6)
 *                                   for unit UNIT (0..3) or '*' (every unit); only before the first clock
 *   switch UNIT PAIR LIST           switch register of UNIT: selective triggers (S1..S6, comma-separated, or
 *                                   '-') that clear ratio pair PAIR (0 or 1); takes one clock
 *   events UNIT LIST                from the next clock on, UNIT's preprocessor events are high in every
 *                                   clock: d0,n0,d1,n1 (denominator/numerator of pair 0/1) or '-' for none
 *   clock [xN] [UNIT=HHHHHHHH]...   N clocks (default 1); in each, the words given are valid on those units
 *   idle N                          N clocks without words
 *   restart                         one clock with restart (empties FIFOs and memories' counts)
 * The timestamp tick is high in every clock. */
#ifndef SU_SCENARIO_H
#define SU_SCENARIO_H
#include <stddef.h>
#include <stdint.h>
#include "remsc.h"

#define SU_UNITS 4         /* the harness build: units 0, 1 two 6-bit pairs, unit 2 one 14-bit pair, unit 3 timestamp */
#define SU_FIFO_DEPTH 4
#define SU_MEM_SAMPLES 64
/* rtl/rems/matcher/rems_matcher.v LATENCY: 5, or 8 in the OUTREG=1 build (-DSU_MATCH_LATENCY=8) */
#ifndef SU_MATCH_LATENCY
#define SU_MATCH_LATENCY 5
#endif
extern const unsigned su_kind[SU_UNITS];   /* 0 pairs, 1 timestamp, 2 one 14-bit pair */

typedef struct {
    uint32_t word[SU_UNITS];
    uint8_t valid;              /* bit u: word[u] valid */
    uint8_t ev[SU_UNITS];       /* {n1, d1, n0, d0} */
    uint8_t cfg_we, cfg_unit;
    uint16_t cfg_data;
    uint8_t restart;
} su_step;

typedef struct {
    rems_patset pats[SU_UNITS];
    int has_patterns[SU_UNITS];
    su_step *steps;
    size_t nsteps, cap;
} su_scenario;

/* Returns 0, or -1 with err "file:line:col: error: ..." */
int su_scenario_load(const char *path, su_scenario *sc, char *err, size_t errlen);
void su_scenario_free(su_scenario *sc);
void su_scenario_init(su_scenario *sc);
su_step *su_scenario_add(su_scenario *sc, const su_step *s);
#endif
