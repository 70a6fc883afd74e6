/*
 * mk2sim / mk2model - run a MultiKron II stimulus script (docs/mk2-scripts.md) through the pins of the
 * chip, on the Verilated RTL, the C reference model, or both in lockstep. One program: mk2sim is built
 * with every backend (default rtl), mk2model without Verilator (model only, the default there).
 *
 *   mk2sim SCRIPT [--backend rtl|model|lockstep] [--fifo-depth N] [--trace FILE] [--timing]
 *                 [--bus-log FILE] [--pins FILE] [--waves FILE.fst] [--capture FILE] [--check]
 *                 [--coverage] [--coverage-acc FILE] [--max-ticks N]
 *
 * --trace: the decoded network output, one line per sample (README.md, "Trace format"); "-" = stdout.
 * --timing: end each trace line with " @N", the NETCLK number of the sample's first byte.
 * --bus-log: one line per bus cycle, "rd ADDR DATA @EDGE" or "wr ADDR @EDGE" (EDGE = the ACKB edge).
 * --pins: every tick's input and output pins, for the Icarus replay (tb/mk2/icarus/mk2_replay.v).
 * --waves: an FST of every signal of the chip, for GTKWave (tb/mk2/mk2.gtkw groups it).
 * --capture: the raw network capture (docs/trace-tools.md), for the host tools; --node N and --tsclk-hz F
 *   fill its header (node id, Timestamp clock frequency; default 0 and 10 MHz).
 * --check: only check the script (no node clock runs).
 * --max-ticks: fail the run when it reaches N node clocks (fuzzing, runaway scripts).
 * --coverage, --coverage-acc FILE: the model's coverage record of the run (model backend), printed, or
 *   added to the totals kept in FILE (and with --coverage the totals printed).
 * Exit status: 0 when the script ran and every check passed, 1 when a check failed (the message names
 * the script line and the cause), 2 on a usage error.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mk2_backend_model.h"
#include "mk2_tb.h"

#ifndef DEFAULT_BACKEND
#define DEFAULT_BACKEND "rtl"
#endif

static const char *prog = "mk2sim";

static void usage(void)
{
    fprintf(stderr, "usage: %s SCRIPT [--backend rtl|model|lockstep] [--fifo-depth N] [--trace FILE] [--timing] "
                    "[--bus-log FILE] [--pins FILE] [--waves FILE.fst] [--capture FILE] [--check] [--coverage] "
                    "[--coverage-acc FILE] [--max-ticks N] [--node N] [--tsclk-hz F]\n", prog);
    exit(2);
}

static FILE *open_out(const char *path)
{
    if (!strcmp(path, "-")) return stdout;
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "%s: cannot write %s: %s\n", prog, path, strerror(errno));
        exit(2);
    }
    return f;
}

static int close_out(FILE *f, const char *path)
{
    if (!f) return 0;
    int bad = ferror(f) | (f == stdout ? fflush(f) : fclose(f));
    if (bad) fprintf(stderr, "%s: error writing %s\n", prog, path);
    return bad;
}

/* A decimal option value lo..hi, or exit 2 naming the option and the range. */
static unsigned long long option_number(const char *opt, const char *v, unsigned long long lo, unsigned long long hi)
{
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    if (errno || *end || end == v || v[0] == '-' || v[0] == '+' || n < lo || n > hi) {
        fprintf(stderr, "%s: %s wants a decimal number %llu..%llu, got '%s'\n", prog, opt, lo, hi, v);
        exit(2);
    }
    return n;
}

static int add_coverage(const char *acc, const mk2m_cov *cov, mk2m_cov *total)
{
    /* totals kept in ACC as a raw array of counters (the same program only) */
    FILE *f = fopen(acc, "rb");
    memset(total, 0, sizeof *total);
    if (f) {
        if (fread(total, sizeof *total, 1, f) != 1) memset(total, 0, sizeof *total);
        fclose(f);
    }
    uint64_t *t = (uint64_t *)total;
    const uint64_t *c = (const uint64_t *)cov;
    for (size_t k = 0; k < sizeof *total / sizeof *t; k++) t[k] += c[k];
    f = fopen(acc, "wb");
    if (!f || fwrite(total, sizeof *total, 1, f) != 1 || fclose(f)) {
        fprintf(stderr, "%s: cannot write %s\n", prog, acc);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *script = NULL, *trace = NULL, *bus_log = NULL, *pins = NULL, *cov_acc = NULL;
    const char *slash = strrchr(argv[0], '/');
    prog = slash ? slash + 1 : argv[0];
    mk2_tb_options opt = {0};
    opt.backend = DEFAULT_BACKEND;
    int coverage = 0, check_only = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has = i + 1 < argc;
        if (!strcmp(a, "--trace") && has) trace = argv[++i];
        else if (!strcmp(a, "--bus-log") && has) bus_log = argv[++i];
        else if (!strcmp(a, "--pins") && has) pins = argv[++i];
        else if (!strcmp(a, "--waves") && has) opt.waves_path = argv[++i];
        else if (!strcmp(a, "--capture") && has) opt.capture_path = argv[++i];
        else if (!strcmp(a, "--node") && has) opt.node_id = (unsigned)option_number(a, argv[++i], 0, 0xFFFFFFFFull);
        else if (!strcmp(a, "--tsclk-hz") && has) opt.tsclk_hz = option_number(a, argv[++i], 1, UINT64_MAX);
        else if (!strcmp(a, "--backend") && has) opt.backend = argv[++i];
        else if (!strcmp(a, "--coverage-acc") && has) cov_acc = argv[++i];
        else if (!strcmp(a, "--timing")) opt.timing = 1;
        else if (!strcmp(a, "--coverage")) coverage = 1;
        else if (!strcmp(a, "--check")) check_only = 1;
        else if (!strcmp(a, "--max-ticks") && has) opt.max_ticks = option_number(a, argv[++i], 1, UINT64_MAX);
        else if (!strcmp(a, "--fifo-depth") && has) opt.fifo_depth = (int)option_number(a, argv[++i], 2, 255);
        else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "%s: unknown option or missing value '%s'\n", prog, a);
            usage();
        } else if (!script) {
            script = a;
        } else {
            usage();
        }
    }
    if (!script) usage();
    FILE *trace_f = NULL, *bus_f = NULL, *pins_f = NULL;
    if (!check_only) {
        opt.trace_out = trace_f = trace ? open_out(trace) : NULL;
        opt.bus_log = bus_f = bus_log ? open_out(bus_log) : NULL;
        opt.pins_log = pins_f = pins ? open_out(pins) : NULL;
    }
    char err[512];
    mk2_tb *tb = mk2_tb_open(&opt, err, sizeof err);
    if (!tb) {
        fprintf(stderr, "%s: %s\n", prog, err);
        return 2;
    }
    if (check_only) {
        int rc = mk2_tb_check_file(tb, script);
        if (rc) fprintf(stderr, "%s: FAIL %s\n", prog, mk2_tb_error(tb));
        mk2_tb_free(tb);
        return rc ? 1 : 0;
    }
    mk2m_cov *cov = NULL;
    if (coverage || cov_acc) {
        if (strcmp(mk2_tb_backend(tb)->name, "model")) {
            fprintf(stderr, "%s: --coverage needs --backend model\n", prog);
            return 2;
        }
        cov = calloc(1, sizeof *cov);
        if (!cov) return 2;
        mk2_backend_model_cover(mk2_tb_backend(tb), cov);
    }
    int rc = mk2_tb_run_file(tb, script);
    if (rc) fprintf(stderr, "%s: FAIL %s\n", prog, mk2_tb_error(tb));
    else if (mk2_tb_pending_after(tb))
        fprintf(stderr, "%s: note: %d 'after' command(s) never came due: the script ended first\n", prog,
                mk2_tb_pending_after(tb));
    if (mk2_tb_tsclk_overspeed(tb))
        fprintf(stderr, "%s: warning: the Timestamp clock ran faster than node/3 (the chip's dbg_tsclk_overspeed_o "
                        "was set): on hardware its edges may be lost (docs/mk2-interface.md)\n", prog);
    mk2_tb_accounting a = mk2_tb_accounts(tb);
    fprintf(stderr, "%s: %s: %" PRIu64 " ticks, %d samples (%d truncated), accepted %" PRIu64 " sent %" PRIu64
                    " discarded %" PRIu64 " inside %" PRIu64 " flushed %" PRIu64 " injected %" PRIu64 "\n",
            prog, script, mk2_tb_ticks(tb), mk2_tb_sample_count(tb), mk2_tb_truncated_count(tb), a.accepted, a.sent,
            a.discarded, a.inside, a.flushed, a.injected);
    if (cov) {
        mk2m_cov total;
        if (cov_acc) {
            if (add_coverage(cov_acc, cov, &total)) rc = -1;
            else if (coverage) mk2m_cov_print(&total, stderr);
        } else {
            mk2m_cov_print(cov, stderr);
        }
        free(cov);
    }
    int bad = 0;
    if (mk2_tb_close(tb)) { /* closes the FST and the capture */
        fprintf(stderr, "%s: error writing the capture %s\n", prog, opt.capture_path);
        bad = 1;
    }
    bad |= close_out(trace_f, trace) | close_out(bus_f, bus_log) | close_out(pins_f, pins);
    if (bad && !rc) return 2;
    return rc ? 1 : 0;
}
