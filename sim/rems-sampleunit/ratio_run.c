/* ratio_run - runs the Verilated REMS ratio counter pair through D denominator events, the first N of
 * which are also numerator events, one event per clock, and prints the pair's report in hex on stdout
 * (4 digits for MANT=6, 8 for MANT=14) and nothing else (make ratio N=n D=d [MANT=6|14]).
 *
 *   ratio_run [--waves FILE.fst] N D
 *
 * N and D are decimal, 0 <= N <= D <= 2^32 + 2^20 (beyond 2^32-1 the denominator sticks; one clock per
 * event, so the largest counts take a minute or two). Exit status: 0, 2 on bad arguments. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ratio_shim.h"

#define D_LIMIT ((1ull << 32) + (1ull << 20))

static int parse_count(const char *what, const char *s, unsigned long long *v)
{
    char *end;
    if (!*s || strspn(s, "0123456789") != strlen(s)) {
        fprintf(stderr, "ratio_run: %s=\"%s\": expected a decimal count\n", what, s);
        return -1;
    }
    errno = 0;
    *v = strtoull(s, &end, 10);
    if (errno || *v > D_LIMIT) {
        fprintf(stderr, "ratio_run: %s=%s: larger than the limit %llu\n", what, s, D_LIMIT);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *waves = NULL, *ns = NULL, *ds = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--waves") && i + 1 < argc) waves = argv[++i];
        else if (!ns) ns = argv[i];
        else if (!ds) ds = argv[i];
        else ns = NULL, i = argc;
    }
    if (!ns || !ds) {
        fprintf(stderr, "usage: ratio_run [--waves FILE.fst] N D   (decimal, N <= D)\n");
        return 2;
    }
    unsigned long long n, d;
    if (parse_count("N", ns, &n) || parse_count("D", ds, &d)) return 2;
    if (n > d) {
        fprintf(stderr, "ratio_run: N=%llu is larger than D=%llu: the numerator events are a subset of the D "
                        "denominator events\n", n, d);
        return 2;
    }
    ratio_shim *s = ratio_shim_new(waves);
    if (!s) {
        fprintf(stderr, "ratio_run: cannot open %s\n", waves);
        return 2;
    }
    ratio_in in;
    memset(&in, 0, sizeof in);
    uint32_t report = 0;
    for (int i = 0; i < 3; i++) ratio_shim_tick(s, &in, &report);
    in.rst_n = 1;
    ratio_shim_tick(s, &in, &report);   /* idle clock: the report of the empty pair */
    in.den = 1;
    in.num = 1;
    for (unsigned long long k = 0; k < d; k++) {
        if (k == n) in.num = 0;
        ratio_shim_tick(s, &in, &report);
    }
    ratio_shim_free(s);
    printf("%0*x\n", ratio_shim_mant() == 6 ? 4 : 8, report);
    return 0;
}
