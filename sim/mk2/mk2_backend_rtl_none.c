/* mk2_backend_rtl_none.c - stands in for the RTL backend in the model-only build of the runner
 * (build/model/mk2model), which needs no Verilator. */
#include "mk2_backend.h"
#include <stdio.h>

const int mk2_rtl_depths[] = {0};

mk2_backend *mk2_backend_rtl_open(int fifo_depth, const char *waves, char *err, unsigned errlen)
{
    (void)fifo_depth;
    (void)waves;
    snprintf(err, errlen, "this build has no RTL backend (build/mk2sim has; --backend model runs here)");
    return NULL;
}
