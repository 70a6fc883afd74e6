/*
 * mk2_script_fuzz.c - fuzz target of the MultiKron II script runner: each file given is checked and run on
 * the reference-model backend with a limit of 200,000 node clocks. Whatever the input, the runner must end
 * with a verdict (0 or a message), never crash, hang or trip a sanitizer. AFL++ runs it as
 * `mk2_script_fuzz @@` (built with afl-clang-fast, `make fuzz-mk2-script`); `make test` replays the committed
 * corpus through an AddressSanitizer + UndefinedBehaviorSanitizer build (tb/mk2/run-fuzz-replay), and runs
 * the same files on both backends in lockstep, where any difference fails.
 */
#include <stdio.h>

#include "mk2_tb.h"

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        mk2_tb_options o = {.backend = "model", .max_ticks = 200000};
        mk2_tb *tb = mk2_tb_new(&o);
        if (!tb) return 2;
        if (mk2_tb_run_file(tb, argv[i])) printf("%s: %s\n", argv[i], mk2_tb_error(tb));
        mk2_tb_free(tb);
    }
    return 0;
}
