/*
 * mk2sim - run a MultiKron II stimulus script on the Verilated RTL through its pins.
 *
 *   mk2sim SCRIPT [--trace FILE] [--timing] [--bus-log FILE] [--pins FILE] [--waves FILE.fst]
 *
 * --trace: the decoded network output, one line per sample (README.md, "Trace format"); "-" = stdout.
 * --timing: end each trace line with " @N", the NETCLK number of the sample's first byte.
 * --bus-log: one line per bus cycle, "rd ADDR DATA @EDGE" or "wr ADDR @EDGE" (EDGE = the ACKB edge).
 * --pins: every tick's input and output pins, for the Icarus replay (tb/icarus/mk2_replay.v).
 * --waves: an FST of every signal of the chip, for GTKWave (tb/mk2.gtkw groups it).
 * The command line, the trace and the bus log are those of the reference model's runner `mk2model`,
 * so that co-simulation compares the two byte for byte. Exit status: 0 when the script ran and every
 * check passed, 1 when a check failed (the message names the script line and the cause), 2 on a usage
 * error.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mk2_tb.h"

static void usage(void)
{
    fprintf(stderr, "usage: mk2sim SCRIPT [--trace FILE] [--timing] [--bus-log FILE] [--pins FILE] [--waves FILE.fst]\n");
    exit(2);
}

static FILE *open_out(const char *path)
{
    if (!strcmp(path, "-")) return stdout;
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "mk2sim: cannot write %s: %s\n", path, strerror(errno));
        exit(2);
    }
    return f;
}

int main(int argc, char **argv)
{
    const char *script = NULL, *trace = NULL, *bus_log = NULL, *pins = NULL, *waves = NULL;
    int timing = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--trace") && i + 1 < argc) trace = argv[++i];
        else if (!strcmp(argv[i], "--bus-log") && i + 1 < argc) bus_log = argv[++i];
        else if (!strcmp(argv[i], "--pins") && i + 1 < argc) pins = argv[++i];
        else if (!strcmp(argv[i], "--waves") && i + 1 < argc) waves = argv[++i];
        else if (!strcmp(argv[i], "--timing")) timing = 1;
        else if (!strcmp(argv[i], "--fifo-depth") && i + 1 < argc) {
            if (strcmp(argv[++i], "8")) {
                fprintf(stderr, "mk2sim: this build of the RTL has FIFO_DEPTH 8; --fifo-depth %s needs the model (mk2model)\n",
                        argv[i]);
                return 2;
            }
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "mk2sim: unknown option '%s'\n", argv[i]);
            usage();
        } else if (!script) {
            script = argv[i];
        } else {
            usage();
        }
    }
    if (!script) usage();
    mk2_tb_options opt = {0};
    opt.timing = timing;
    opt.waves_path = waves;
    opt.trace_out = trace ? open_out(trace) : NULL;
    opt.bus_log = bus_log ? open_out(bus_log) : NULL;
    mk2_tb *tb = mk2_tb_new(&opt);
    if (!tb) {
        fprintf(stderr, "mk2sim: cannot start the simulation%s%s\n", waves ? " or open " : "", waves ? waves : "");
        return 2;
    }
    FILE *pins_f = pins ? open_out(pins) : NULL;
    if (pins_f) mk2_tb_set_pins(tb, pins_f);
    int rc = mk2_tb_run_file(tb, script);
    if (rc) fprintf(stderr, "mk2sim: FAIL %s\n", mk2_tb_error(tb));
    mk2_tb_accounting a = mk2_tb_accounts(tb);
    fprintf(stderr, "mk2sim: %s: %" PRIu64 " ticks, %d samples (%d truncated), accepted %" PRIu64 " sent %" PRIu64
                    " discarded %" PRIu64 " inside %" PRIu64 " flushed %" PRIu64 " injected %" PRIu64 "\n",
            script, mk2_tb_ticks(tb), mk2_tb_sample_count(tb), mk2_tb_truncated_count(tb), a.accepted, a.sent, a.discarded,
            a.inside, a.flushed, a.injected);
    mk2_tb_free(tb); /* closes the FST */
    if (opt.trace_out && opt.trace_out != stdout) fclose(opt.trace_out);
    if (opt.bus_log && opt.bus_log != stdout) fclose(opt.bus_log);
    if (pins_f && pins_f != stdout) fclose(pins_f);
    return rc ? 1 : 0;
}
