/* remsc.h - the REMS pattern compiler as a C library (tools/remsc/remsc.c).
 *
 * A pattern is a 32-bit ternary word (care mask + value) tagged with the triggers it raises (bit 0 = G,
 * bits 1..6 = S1..S6). A word raises the union of the triggers of every pattern it matches. The compiler
 * turns a pattern list into the six tables of the REMS matcher (rtl/rems/rems_matcher.v):
 *   level 1: T0[word[31:21]] -> code0 (7 bits), T1[word[20:10]] -> code1 (8 bits), T2[word[9:0]] -> code2 (7)
 *   level 2: T3[{code0, code1[7:4]}] -> code3 (8 bits), T4[{code1[3:0], code2}] -> code4 (8 bits)
 *   level 3: T5[{code3, code4}] -> trigger bits
 * using equivalence classes per table (as Recursive Flow Classification does), and refuses a set when a
 * table runs out of codes. docs/rems-matcher.md explains the method.
 */
#ifndef REMSC_H
#define REMSC_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define REMS_MAX_PATTERNS 16384u  /* compile-time cost grows with the pattern count; see docs */
#define REMS_TRIG_BITS 7
#define REMS_NTABLES 6
#define REMS_DOWNLOAD_WRITES (2048u + 65536u)

typedef struct {
    uint32_t care;   /* 1 = the bit must equal value's bit; 0 = don't care */
    uint32_t value;  /* only bits under care are meaningful (kept 0 elsewhere) */
    uint8_t trig;    /* triggers raised: bit 0 = G, bits 1..6 = S1..S6 */
    int line;        /* source line (0 when made by a program) */
} rems_pattern;

typedef struct {
    rems_pattern *p;
    size_t n, cap;
} rems_patset;

typedef struct {
    uint8_t t0[2048], t1[2048], t2[1024], t3[2048], t4[2048];
    uint8_t t5[65536];
    unsigned codes[REMS_NTABLES];   /* nonzero codes used by T0..T4; T5: entries with a trigger */
    unsigned numbering;             /* which code1 numbering was used (0 = sequential, 1 = transposed) */
    size_t patterns_in, patterns_used; /* before/after merging duplicates and dropping covered patterns */
} rems_tables;

/* Table facts, indexed T0..T5. */
extern const unsigned rems_code_limit[REMS_NTABLES];  /* 127 255 127 255 255 65536 */
extern const char *const rems_table_what[REMS_NTABLES];

void rems_patset_init(rems_patset *ps);
void rems_patset_free(rems_patset *ps);
void rems_patset_add(rems_patset *ps, uint32_t care, uint32_t value, uint8_t trig, int line);

/* Messages show file names and bytes through rems_shown: printable ASCII as it is, any other byte as \xNN
 * (a control byte or a name with a newline must not garble or forge a message line); longer than buflen
 * allows: cut, ending in "...". Returns buf. */
const char *rems_shown(const char *s, size_t len, char *buf, size_t buflen);
/* fopen(path, "rb") for reading, or NULL with err "path: error: ..." (missing, unreadable, or a directory:
 * "is a directory, not WHAT", e.g. WHAT "a pattern file"). */
FILE *rems_open_read(const char *path, const char *what, char *err, size_t errlen);
/* After reading f to its end: 0, or -1 with err "path: error: read failed: ..." when a read failed. */
int rems_read_failed(FILE *f, const char *path, char *err, size_t errlen);

/* Parse one line of a pattern file (without its newline) as line lineno of file name. Returns 0 (blank or
 * comment), 1 (a pattern, added to ps) or -1 (err "name:line:col: error: ..."). */
int rems_parse_line(const char *name, int lineno, const char *s, size_t len, rems_patset *ps, char *err,
                    size_t errlen);
/* Parse pattern text. name is used in messages. Returns 0, or -1 with err holding
 * "name:line:col: error: ..." (the first error). */
int rems_parse_text(const char *name, const char *text, size_t len, rems_patset *ps, char *err, size_t errlen);
/* Same for a file, read line by line; a file that cannot be read gives "name: error: ..." */
int rems_parse_file(const char *path, rems_patset *ps, char *err, size_t errlen);

/* Parse a words file: one word a line, exactly 8 hex digits; blank lines and '#' comments allowed.
 * Returns 0 with a malloc'ed array, or -1 with err "name:line:col: error: ...". */
int rems_parse_words(const char *path, uint32_t **words, size_t *n, char *err, size_t errlen);
/* The same a word at a time, for runs whose memory must not grow with the words file. next returns 1 (a
 * word), 0 (the end) or -1 (err set, as above). The file must be a regular file (the tools read it twice: once
 * to check it, once to run), so a pipe is refused here and in rems_parse_words. */
typedef struct {
    FILE *f;
    const char *path;
    char *line;
    size_t cap;
    int lineno;
} rems_words_reader;
int rems_words_open(rems_words_reader *r, const char *path, char *err, size_t errlen);
int rems_words_next(rems_words_reader *r, uint32_t *word, char *err, size_t errlen);
void rems_words_close(rems_words_reader *r);

/* Per-table code counts needed for a pattern set (filled even when it does not fit). */
typedef struct {
    unsigned needed[REMS_NTABLES];  /* T0..T4 codes needed; T3/T4 only when level 1 fits */
    int level1_fits;
} rems_needs;

/* Compile. Returns 0 when the set fits (tables filled), 1 when a table overflowed (err names every
 * overflowing table and by how much; needs, when not NULL, holds the counts), -1 on a bad argument
 * (too many patterns). */
int rems_compile(const rems_patset *ps, rems_tables *t, rems_needs *needs, char *err, size_t errlen);

/* The same with a choice of method: REMS_METHOD_TRIGGERS (the default: entries that no word can tell apart
 * by its triggers share a code) or REMS_METHOD_PATTERNS (plain RFC: entries share a code when exactly the
 * same patterns match them; kept for the benchmark). */
#define REMS_METHOD_PATTERNS 0
#define REMS_METHOD_TRIGGERS 1
int rems_compile_method(const rems_patset *ps, rems_tables *t, rems_needs *needs, char *err, size_t errlen,
                        int method);

/* Triggers of a word by table lookup (what the RTL computes). */
uint8_t rems_lookup(const rems_tables *t, uint32_t word);
/* Triggers of a word by direct ternary match of the pattern list (the definition). */
uint8_t rems_match(const rems_patset *ps, uint32_t word);

/* The download sequence for the matcher's port: writes[i] = (addr << 32) | data, REMS_DOWNLOAD_WRITES of
 * them; the last one carries the commit bit. */
void rems_download(const rems_tables *t, uint64_t *writes);

/* Write t0.memh .. t5.memh and download.memh into dir. Returns 0 or -1 (err set). */
int rems_write_files(const rems_tables *t, const char *dir, char *err, size_t errlen);
/* The per-table summary, one line per table. */
void rems_print_summary(const rems_tables *t, FILE *f);

/* The paper's method (section 3.3.1) for comparison: expand overlapping don't-cares until the segment
 * elements of every level-1 table are disjoint, number the unique elements, then number the unique level-2
 * addresses. Fills needed (T0..T4) and returns 1 when every table fits, 0 when not, -1 when the expansion
 * passed max_cubes cubes in one table (counted as not fitting). */
int rems_paper_needs(const rems_patset *ps, unsigned needed[5], size_t max_cubes);

/* Seeded random pattern sets and words for tests and benchmarks (remsc_gen.c). */
typedef struct {
    uint64_t s;
} rems_rng;
void rems_rng_seed(rems_rng *r, uint64_t seed);
uint64_t rems_rng_next(rems_rng *r);
/* n patterns; each bit is x with probability density, else 0 or 1; triggers a random nonempty set. */
void rems_gen_patterns(rems_patset *ps, rems_rng *r, size_t n, double density);
/* A word that is, in turn, an instance of a random pattern (x bits filled at random), such an instance with
 * one bit flipped (a near miss), or uniformly random. */
uint32_t rems_gen_word(const rems_patset *ps, rems_rng *r);

#endif
