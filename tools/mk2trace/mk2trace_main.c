/*
 * mk2trace - analyse and export MultiKron II network captures (docs/trace-tools.md).
 *
 *   mk2trace COMMAND [OPTIONS] CAPTURE...
 *     timeline   merged timeline of every capture, ordered by timestamp (stable for equal ones)
 *     intervals  per-interval statistics from a rule file (--rules)
 *     counters   Resource counter values and deltas (64-bit pairs with --pairs or "pair" rules)
 *     loss       S/F flags, capture problems, Overrun / Wait Error Counter values
 *     csv        one row per sample, every field
 *     perfetto   Perfetto protobuf trace
 *     html       one-file HTML report with inline SVG plots
 *   mk2trace encode [--node N] [--hz HZ] -o CAPTURE TRACE   trace lines -> capture (tests, corpus)
 *
 * Exit status: 0, 1 when a capture had problems (the output is still written), 2 usage or I/O error.
 */
#include "analysis.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
    fprintf(f,
            "usage: mk2trace COMMAND [OPTIONS] CAPTURE...\n"
            "commands: timeline | intervals | counters | loss | csv | perfetto | html\n"
            "          encode [--node N] [--hz HZ] -o CAPTURE TRACE   (trace lines -> capture)\n"
            "options:\n"
            "  -o FILE            output file (default stdout; required for perfetto)\n"
            "  --rules FILE       event rules: \"ID NAME start|end|event\", \"overrun ID\", \"waiterr ID\", \"pair J\"\n"
            "  --proc-bits N      low N bits of the source id are the process, the rest the node (default 16)\n"
            "  --node-from header the node is the capture header's node id instead of the source id's high bits\n"
            "  --event-bits N     high N bits of the 64-bit user data are the event id, the rest its argument (32)\n"
            "  --pairs J,K,...    even counters J whose pair J,J+1 is one 64-bit counter (Mode register bit 3)\n");
}

/* ------------------------------------------------------------------ encode: trace lines -> capture */

static int parse_hex_field(const char *line, const char *key, uint64_t *v)
{
    const char *p = strstr(line, key);
    if (!p) return -1;
    char *end;
    *v = strtoull(p + strlen(key), &end, 16);
    return end == p + strlen(key) ? -1 : 0;
}

static int encode(const char *in, const char *out, unsigned node, uint64_t hz)
{
    FILE *f = strcmp(in, "-") ? fopen(in, "r") : stdin;
    if (!f) {
        fprintf(stderr, "mk2trace: %s: %s\n", in, strerror(errno));
        return 2;
    }
    mk2cap_writer *w = mk2cap_create(out, node, hz);
    if (!w) {
        fprintf(stderr, "mk2trace: %s: %s\n", out, strerror(errno));
        if (f != stdin) fclose(f);
        return 2;
    }
    char line[2048];
    int lineno = 0, rc = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        uint64_t at = 0;
        char *atp = strstr(line, " @");
        if (atp) at = strtoull(atp + 2, NULL, 10);
        if (!strncmp(line, "# truncated", 11)) {
            int n = 1;
            sscanf(line, "# truncated after %d", &n);
            if (n < 1 || n > 83) n = 1;
            for (int i = 0; i < n; i++)
                rc |= at ? mk2cap_put_at(w, 0, 1, 0, at + (uint64_t)i) : mk2cap_put(w, 0, 1, 0);
            rc |= mk2cap_cut(w);
            continue;
        }
        if (line[0] == '#' || !line[0]) continue;
        mk2_sample s;
        memset(&s, 0, sizeof s);
        uint64_t cpu, ts, src, data, type;
        const char *err = strstr(line, "err=");
        if ((line[0] != 'T' && line[0] != 'R') || line[1] != ' ' || sscanf(line + 2, "cpu=%" SCNu64, &cpu) != 1 ||
            parse_hex_field(line, "ts=", &ts) || parse_hex_field(line, "src=", &src) ||
            parse_hex_field(line, "data=", &data) || !err || !err[4] || !err[5]) {
            fprintf(stderr, "mk2trace: %s:%d: not a trace line\n", in, lineno);
            rc = -1;
            continue;
        }
        s.kind = line[0];
        s.cpu = (unsigned)cpu & 7;
        s.type = s.kind == 'R' ? 3 : 2;
        const char *tp = strstr(line, " type=");
        if (tp && parse_hex_field(line, " type=", &type) == 0) s.type = (unsigned)type & 3;
        s.ts = ts & 0xFFFFFFFFFFFFFFull;
        s.src = (uint32_t)src;
        s.data = data;
        s.shadow_overrun = err[4] == 'S';
        s.fifo_overrun = err[5] == 'F';
        if (s.kind == 'R') {
            const char *c = strstr(line, "cnt=");
            for (int k = 0; c && k < 16; k++) {
                char *end;
                s.cnt[k] = (uint32_t)strtoul(c + (k ? 1 : 4), &end, 16);
                c = end;
            }
            if (!c) {
                fprintf(stderr, "mk2trace: %s:%d: Resource line without cnt=\n", in, lineno);
                rc = -1;
                continue;
            }
        }
        s.header = mk2trace_header(&s);
        s.netclk = at;
        rc |= mk2cap_put_sample(w, &s);
    }
    if (f != stdin) fclose(f);
    if (mk2cap_close(w)) {
        fprintf(stderr, "mk2trace: %s: %s\n", out, strerror(errno));
        return 2;
    }
    return rc ? 1 : 0;
}

/* ------------------------------------------------------------------ main */

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *cmd = argv[1], *out_path = NULL;
    an_options opt = {16, 32, 0, 0, NULL};
    unsigned node = 0;
    uint64_t hz = 0;
    char **files = calloc((size_t)argc, sizeof *files);
    int nfiles = 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        int more = i + 1 < argc;
        if (!strcmp(a, "-o") && more) out_path = argv[++i];
        else if (!strcmp(a, "--rules") && more) opt.rules_path = argv[++i];
        else if (!strcmp(a, "--proc-bits") && more) opt.proc_bits = atoi(argv[++i]);
        else if (!strcmp(a, "--event-bits") && more) opt.event_bits = atoi(argv[++i]);
        else if (!strcmp(a, "--node-from") && more) {
            const char *v = argv[++i];
            if (!strcmp(v, "header")) opt.node_from_header = 1;
            else if (strcmp(v, "src")) {
                fprintf(stderr, "mk2trace: --node-from header|src\n");
                return 2;
            }
        } else if (!strcmp(a, "--pairs") && more) {
            char *p = argv[++i];
            while (*p) {
                char *end;
                unsigned long j = strtoul(p, &end, 0);
                if (end == p || j > 14 || (j & 1)) {
                    fprintf(stderr, "mk2trace: --pairs takes even counter numbers 0..14\n");
                    return 2;
                }
                opt.pairs |= 1u << j;
                p = *end == ',' ? end + 1 : end;
                if (*end && *end != ',') break;
            }
        } else if (!strcmp(a, "--node") && more) node = (unsigned)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(a, "--hz") && more) hz = strtoull(argv[++i], NULL, 0);
        else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "mk2trace: unknown option %s\n", a);
            usage(stderr);
            return 2;
        } else files[nfiles++] = argv[i];
    }
    if (opt.proc_bits < 0 || opt.proc_bits > 32 || opt.event_bits < 0 || opt.event_bits > 64) {
        fprintf(stderr, "mk2trace: --proc-bits 0..32, --event-bits 0..64\n");
        return 2;
    }
    if (!strcmp(cmd, "encode")) {
        if (nfiles != 1 || !out_path) {
            usage(stderr);
            return 2;
        }
        return encode(files[0], out_path, node, hz);
    }
    int (*fn)(const an_data *, FILE *) = NULL;
    if (!strcmp(cmd, "timeline")) fn = an_timeline;
    else if (!strcmp(cmd, "intervals")) fn = an_intervals;
    else if (!strcmp(cmd, "counters")) fn = an_counters;
    else if (!strcmp(cmd, "loss")) fn = an_loss;
    else if (!strcmp(cmd, "csv")) fn = an_csv;
    else if (!strcmp(cmd, "perfetto")) fn = an_perfetto;
    else if (!strcmp(cmd, "html")) fn = an_html;
    if (!fn || !nfiles || (fn == an_perfetto && !out_path)) {
        if (!fn) fprintf(stderr, "mk2trace: unknown command %s\n", cmd);
        usage(stderr);
        return 2;
    }
    if (fn == an_intervals && !opt.rules_path) {
        fprintf(stderr, "mk2trace: intervals needs --rules FILE\n");
        return 2;
    }
    an_data d;
    if (an_load(&d, &opt, files, nfiles)) return 2;
    FILE *out = out_path ? fopen(out_path, fn == an_perfetto ? "wb" : "w") : stdout;
    if (!out) {
        fprintf(stderr, "mk2trace: %s: %s\n", out_path, strerror(errno));
        return 2;
    }
    int rc = fn(&d, out);
    if (fflush(out) || (out != stdout && fclose(out))) rc = -1;
    if (rc) {
        fprintf(stderr, "mk2trace: %s: write error\n", out_path ? out_path : "stdout");
        return 2;
    }
    for (size_t i = 0; i < d.nprobs; i++)
        if (d.probs[i].kind == MK2CAP_ERROR)
            fprintf(stderr, "mk2trace: %s: offset %" PRIu64 ": %s: %s\n", d.caps[d.probs[i].cap].path, d.probs[i].offset,
                    mk2cap_error_name(d.probs[i].error), d.probs[i].msg);
    int status = d.had_problems ? 1 : 0;
    an_free(&d);
    free(files);
    return status;
}
