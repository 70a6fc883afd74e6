/* su_run - runs a REMS Sample Unit scenario (tb/rems-sampleunit/su_scenario.h) on the Verilated Sample Units and
 * prints every unit's samples as read back from its sample memory (make sampleunit SCENARIO=file).
 *
 *   su_run [--model] [--waves FILE.fst] [--] SCENARIO
 *
 * --model prints what the C model (model/su_model.c) expects instead, in the same format.
 * The scenario is kept as runs of equal clocks (su_scenario.h) and the samples are read from the units'
 * memories, so memory does not grow with the run's length; the length is limited to SU_MAX_CLOCKS.
 * Exit status: 0, 2 on a bad or unreadable scenario or a refused pattern set (message "file:line:col: error:
 * ..." or "file: error: ..."). */
#include <stdio.h>
#include <string.h>

#include "su_drv.h"

int main(int argc, char **argv)
{
    const char *waves = NULL, *path = NULL;
    int model = 0;
    int opts = 1;   /* "--": the rest is the scenario's path */
    for (int i = 1; i < argc; i++) {
        if (opts && !strcmp(argv[i], "--")) opts = 0;
        else if (opts && !strcmp(argv[i], "--waves") && i + 1 < argc) waves = argv[++i];
        else if (opts && !strcmp(argv[i], "--model")) model = 1;
        else if (!path && (!opts || argv[i][0] != '-')) path = argv[i];
        else path = NULL, i = argc;
    }
    if (!path) {
        fprintf(stderr, "usage: su_run [--model] [--waves FILE.fst] SCENARIO\n");
        return 2;
    }
    char err[1024];
    static su_scenario sc;
    if (su_scenario_load(path, &sc, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    static su_result r;
    if (model) su_model_run(&sc, &r);
    else if (su_drv_run(&sc, waves, &r, err, sizeof err)) {
        char shown[600];
        fprintf(stderr, "%s: %s\n", rems_shown(path, strlen(path), shown, sizeof shown), err);
        su_scenario_free(&sc);
        return 2;
    }
    printf("%zu clocks, global trigger in %llu, selective S1..S6 in %llu %llu %llu %llu %llu %llu\n", sc.nsteps,
           (unsigned long long)r.global_triggers, (unsigned long long)r.selective[0],
           (unsigned long long)r.selective[1], (unsigned long long)r.selective[2], (unsigned long long)r.selective[3],
           (unsigned long long)r.selective[4], (unsigned long long)r.selective[5]);
    su_print(stdout, &r);
    su_scenario_free(&sc);
    return 0;
}
