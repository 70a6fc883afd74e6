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

/* su_run's limit on a scenario's length, in clocks: it bounds the run time (a few seconds on the RTL), not
 * the memory, which does not grow with the clock count (docs/rems-ratio.md) */
#define SU_MAX_CLOCKS 20000000ul

/* Equal consecutive clocks are kept once with a repeat count, so that `clock x1000000` or `idle N` costs
 * one entry: memory follows the scenario's lines, never its length in clocks. */
typedef struct {
    su_step step;
    size_t reps;
} su_span;

typedef struct {
    rems_patset pats[SU_UNITS];
    int has_patterns[SU_UNITS];
    su_span *spans;
    size_t nspans, cap;
    size_t nsteps;              /* clocks */
} su_scenario;

/* Returns 0, or -1 with err "file:line:col: error: ..." (or "file: error: ..." when it cannot be read) */
int su_scenario_load(const char *path, su_scenario *sc, char *err, size_t errlen);
void su_scenario_free(su_scenario *sc);
void su_scenario_init(su_scenario *sc);
/* append reps clocks of step s */
void su_scenario_add_n(su_scenario *sc, const su_step *s, size_t reps);
void su_scenario_add(su_scenario *sc, const su_step *s);

/* The clocks of a scenario in order: su_cursor_next gives each step, then NULL. */
typedef struct {
    const su_scenario *sc;
    size_t span, rep;
} su_cursor;
void su_cursor_init(su_cursor *c, const su_scenario *sc);
const su_step *su_cursor_next(su_cursor *c);
#endif
