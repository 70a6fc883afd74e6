/*
 * mk2model - run a MultiKron II stimulus script on the C reference model.
 *
 *   mk2model SCRIPT [--trace FILE] [--timing] [--bus-log FILE] [--fifo-depth N] [--coverage]
 *            [--pins FILE]          (every tick's pins, for tb/icarus/mk2_replay.v)
 *            [--coverage-acc FILE]   (add this run's coverage to FILE; with --coverage print the totals)
 *
 * Same command line, trace format and bus log format as the RTL runner `mk2sim`, so that the two
 * outputs can be compared byte for byte. Exit status 0 when the script ran and every check passed,
 * 1 when a check failed, 2 on a usage error.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mk2model_tb.h"

static void usage(void)
{
    fprintf(stderr, "usage: mk2model SCRIPT [--trace FILE] [--timing] [--bus-log FILE] [--fifo-depth N] [--coverage] [--coverage-acc FILE] [--pins FILE]\n");
    exit(2);
}

static FILE *open_out(const char *path)
{
    if (!strcmp(path, "-")) return stdout;
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "mk2model: cannot write %s: %s\n", path, strerror(errno));
        exit(2);
    }
    return f;
}

int main(int argc, char **argv)
{
    const char *script = NULL, *trace = NULL, *bus_log = NULL, *cov_acc = NULL, *pins = NULL;
    int timing = 0, coverage = 0, depth = 8;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--trace") && i + 1 < argc) trace = argv[++i];
        else if (!strcmp(argv[i], "--bus-log") && i + 1 < argc) bus_log = argv[++i];
        else if (!strcmp(argv[i], "--timing")) timing = 1;
        else if (!strcmp(argv[i], "--pins") && i + 1 < argc) pins = argv[++i];
        else if (!strcmp(argv[i], "--coverage")) coverage = 1;
        else if (!strcmp(argv[i], "--coverage-acc") && i + 1 < argc) cov_acc = argv[++i];
        else if (!strcmp(argv[i], "--fifo-depth") && i + 1 < argc) {
            char *end;
            long d = strtol(argv[++i], &end, 10);
            if (*end || d < 2 || d > 255) {
                fprintf(stderr, "mk2model: --fifo-depth wants 2..255, got '%s'\n", argv[i]);
                return 2;
            }
            depth = (int)d;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "mk2model: unknown option '%s'\n", argv[i]);
            usage();
        } else if (!script) script = argv[i];
        else usage();
    }
    if (!script) usage();
    mk2_tb_options opt = {0};
    opt.timing = timing;
    opt.trace_out = trace ? open_out(trace) : NULL;
    opt.bus_log = bus_log ? open_out(bus_log) : NULL;
    mk2_tb *tb = mk2_tb_new(&opt);
    if (!tb) return 2;
    mk2_tb_set_fifo_depth(tb, depth);
    FILE *pins_f = pins ? open_out(pins) : NULL;
    if (pins_f) mk2_tb_set_pins(tb, pins_f);
    static mk2m_cov cov;
    if (coverage || cov_acc) mk2_tb_set_coverage(tb, &cov);
    int rc = mk2_tb_run_file(tb, script);
    if (rc) fprintf(stderr, "mk2model: FAIL %s\n", mk2_tb_error(tb));
    mk2_tb_accounting a = mk2_tb_accounts(tb);
    fprintf(stderr, "mk2model: %s: %" PRIu64 " ticks, %d samples (%d truncated), accepted %" PRIu64 " sent %" PRIu64
                    " discarded %" PRIu64 " inside %" PRIu64 " flushed %" PRIu64 " injected %" PRIu64 "\n",
            script, mk2_tb_ticks(tb), mk2_tb_sample_count(tb), mk2_tb_truncated_count(tb), a.accepted, a.sent,
            a.discarded, a.inside, a.flushed, a.injected);
    if (cov_acc) {
        /* add this run to the totals kept in COV_ACC (a raw array of counters, same program only) */
        static mk2m_cov total;
        FILE *f = fopen(cov_acc, "rb");
        if (f) {
            if (fread(&total, sizeof total, 1, f) != 1) memset(&total, 0, sizeof total);
            fclose(f);
        }
        uint64_t *t = (uint64_t *)&total;
        const uint64_t *c = (const uint64_t *)&cov;
        for (size_t k = 0; k < sizeof total / sizeof *t; k++) t[k] += c[k];
        f = fopen(cov_acc, "wb");
        if (!f || fwrite(&total, sizeof total, 1, f) != 1) {
            fprintf(stderr, "mk2model: cannot write %s\n", cov_acc);
            return 2;
        }
        fclose(f);
        if (coverage) mk2m_cov_print(&total, stderr);
    } else if (coverage) {
        mk2m_cov_print(&cov, stderr);
    }
    if (opt.trace_out && opt.trace_out != stdout) fclose(opt.trace_out);
    if (opt.bus_log && opt.bus_log != stdout) fclose(opt.bus_log);
    if (pins_f && pins_f != stdout) fclose(pins_f);
    mk2_tb_free(tb);
    return rc ? 1 : 0;
}
