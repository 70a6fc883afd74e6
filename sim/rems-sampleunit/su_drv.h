/* su_drv.h - running a Sample Unit scenario on the Verilated RTL (sim/rems-sampleunit/su_drv.c) and printing
 * results (shared by the runner and the tests). */
#ifndef SU_DRV_H
#define SU_DRV_H
#include <stdio.h>
#include "su_model.h"
#include "su_shim.h"

/* Reset, download each unit's compiled patterns through the matcher port, reset, run the steps and
 * SU_DRAIN_CLOCKS idle clocks, then read every register and memory word back through the host port.
 * taken/global_triggers/selective come from the trig_o observation output. Returns 0, or -1 with err set
 * (a pattern set the compiler refuses). */
int su_drv_run(const su_scenario *sc, const char *waves, su_result *r, char *err, size_t errlen);
/* The samples of every unit, decoded, one line each. */
void su_print(FILE *f, const su_result *r);
#endif
