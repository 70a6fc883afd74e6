/* remsgen - print a random REMS pattern file or a words file for it (tests and experiments).
 *
 *   remsgen patterns SEED N DENSITY     N patterns, each bit x with probability DENSITY
 *   remsgen words SEED M PATTERNS       M words: instances of the patterns, near misses, random words
 */
#include "remsc.h"

#include <stdlib.h>
#include <string.h>

static const char *const trig_name[7] = {"G", "S1", "S2", "S3", "S4", "S5", "S6"};

int main(int argc, char **argv)
{
    if (argc == 5 && !strcmp(argv[1], "patterns")) {
        rems_rng r;
        rems_rng_seed(&r, strtoull(argv[2], NULL, 0));
        rems_patset ps;
        rems_patset_init(&ps);
        rems_gen_patterns(&ps, &r, strtoull(argv[3], NULL, 0), atof(argv[4]));
        printf("# remsgen patterns %s %s %s\n", argv[2], argv[3], argv[4]);
        for (size_t i = 0; i < ps.n; i++) {
            for (int b = 31; b >= 0; b--) {
                putchar(!(ps.p[i].care >> b & 1) ? 'x' : (ps.p[i].value >> b & 1) ? '1' : '0');
                if (b && b % 8 == 0) putchar('_');
            }
            const char *sep = " ";
            for (int t = 0; t < 7; t++)
                if (ps.p[i].trig >> t & 1) printf("%s%s", sep, trig_name[t]), sep = ",";
            putchar('\n');
        }
        rems_patset_free(&ps);
        return 0;
    }
    if (argc == 5 && !strcmp(argv[1], "words")) {
        char err[1024];
        rems_patset ps;
        rems_patset_init(&ps);
        if (rems_parse_file(argv[4], &ps, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
        rems_rng r;
        rems_rng_seed(&r, strtoull(argv[2], NULL, 0));
        size_t m = strtoull(argv[3], NULL, 0);
        for (size_t i = 0; i < m; i++) printf("%08x\n", rems_gen_word(&ps, &r));
        rems_patset_free(&ps);
        return 0;
    }
    fprintf(stderr, "usage: remsgen patterns SEED N DENSITY | remsgen words SEED M PATTERNS\n");
    return 2;
}
