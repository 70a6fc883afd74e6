/*
 * su_scenario_fuzz - fuzz target of the Sample Unit scenario parser (tb/rems-sampleunit/su_scenario.c): each
 * file given is loaded as a scenario. A refused file must give one message starting with the file's name,
 * with no raw unprintable byte in it (docs/rems-ratio.md); a scenario that loads, of at most FUZZ_MAX_CLOCKS
 * clocks, runs on the C model (model/su_model.c, no Verilator), whose every unit must conserve its samples:
 * taken = stored + FIFO overflows + memory overflows + in the FIFO. Any breach aborts, which AFL++ records as
 * a crash. Prints one verdict line per file. AFL++ runs it as `su_scenario_fuzz @@` (`make fuzz-rems`);
 * `make test` replays the committed corpus through an AddressSanitizer + UndefinedBehaviorSanitizer build.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "su_model.h"

/* the model runs about 10^7 clocks a second: longer scenarios are only parsed, to keep executions fast */
#define FUZZ_MAX_CLOCKS 20000

static void check_message(const char *path, const char *err)
{
    char shown[600];
    rems_shown(path, strlen(path), shown, sizeof shown);
    if (strncmp(err, shown, strlen(shown)) || err[strlen(shown)] != ':') {
        fprintf(stderr, "su_scenario_fuzz: message does not start with the file name: %s\n", err);
        abort();
    }
    for (const char *p = err; *p; p++)
        if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f) {
            fprintf(stderr, "su_scenario_fuzz: raw byte 0x%02x in the message\n", (unsigned char)*p);
            abort();
        }
}

int main(int argc, char **argv)
{
    static su_scenario sc;
    static su_result r;
    for (int i = 1; i < argc; i++) {
        char err[2048];
        if (su_scenario_load(argv[i], &sc, err, sizeof err)) {
            check_message(argv[i], err);
            printf("refused: %s\n", err);
            continue;
        }
        if (sc.nsteps > FUZZ_MAX_CLOCKS) {
            printf("%s: loaded, %zu clocks in %zu runs (not run)\n", argv[i], sc.nsteps, sc.nspans);
            su_scenario_free(&sc);
            continue;
        }
        su_model_run(&sc, &r);
        for (int u = 0; u < SU_UNITS; u++) {
            uint64_t sum = (uint64_t)r.count[u] + r.fifo_ovf[u] + r.mem_ovf[u] + r.fifo_level[u];
            if (sum != r.taken[u] || r.count[u] > SU_MEM_SAMPLES || r.fifo_level[u] > SU_FIFO_DEPTH) {
                fprintf(stderr, "su_scenario_fuzz: unit %d: %llu taken, %u stored + %u + %u overflows + %u in the FIFO\n",
                        u, (unsigned long long)r.taken[u], r.count[u], r.fifo_ovf[u], r.mem_ovf[u], r.fifo_level[u]);
                abort();
            }
        }
        printf("%s: loaded, %zu clocks, %llu global triggers, samples conserved\n", argv[i], sc.nsteps,
               (unsigned long long)r.global_triggers);
        su_scenario_free(&sc);
    }
    return 0;
}
