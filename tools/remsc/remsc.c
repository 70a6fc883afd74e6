/* remsc.c - the REMS pattern compiler library: parser, equivalence-class compiler, table lookup, direct
 * ternary match, download sequence and file output. See remsc.h and docs/rems-matcher.md. */
#include "remsc.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const unsigned rems_code_limit[REMS_NTABLES] = {127, 255, 127, 255, 255, 65536};
const char *const rems_table_what[REMS_NTABLES] = {
    "T0 (level 1, word bits 31:21)", "T1 (level 1, word bits 20:10)", "T2 (level 1, word bits 9:0)",
    "T3 (level 2, address {code0, code1[7:4]})", "T4 (level 2, address {code1[3:0], code2})",
    "T5 (level 3, address {code3, code4})"};

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "remsc: out of memory\n");
        exit(3);
    }
    return p;
}

static void *xcalloc(size_t n, size_t m)
{
    void *p = calloc(n ? n : 1, m ? m : 1);
    if (!p) {
        fprintf(stderr, "remsc: out of memory\n");
        exit(3);
    }
    return p;
}

void rems_patset_init(rems_patset *ps)
{
    ps->p = NULL;
    ps->n = ps->cap = 0;
}

void rems_patset_free(rems_patset *ps)
{
    free(ps->p);
    rems_patset_init(ps);
}

void rems_patset_add(rems_patset *ps, uint32_t care, uint32_t value, uint8_t trig, int line)
{
    if (ps->n == ps->cap) {
        ps->cap = ps->cap ? 2 * ps->cap : 64;
        rems_pattern *np = realloc(ps->p, ps->cap * sizeof *np);
        if (!np) {
            fprintf(stderr, "remsc: out of memory\n");
            exit(3);
        }
        ps->p = np;
    }
    ps->p[ps->n].care = care;
    ps->p[ps->n].value = value & care;
    ps->p[ps->n].trig = trig;
    ps->p[ps->n].line = line;
    ps->n++;
}

/* ------------------------------------------------------------------------------------------------ */
/* parser                                                                                            */

const char *rems_shown(const char *s, size_t len, char *buf, size_t buflen)
{
    size_t n = 0, i = 0;
    for (; i < len; i++) {
        unsigned char ch = (unsigned char)s[i];
        char r[8];
        size_t k = ch >= 0x20 && ch < 0x7f ? (r[0] = (char)ch, 1) : (size_t)snprintf(r, sizeof r, "\\x%02x", ch);
        /* cut short: keep room to say so rather than show a prefix as if it were all */
        if (n + k + 1 + (i + 1 < len ? 3 : 0) > buflen) break;
        memcpy(buf + n, r, k);
        n += k;
    }
    if (i < len && n + 4 <= buflen) memcpy(buf + n, "...", 3), n += 3;
    if (buflen) buf[n < buflen ? n : buflen - 1] = 0;
    return buf;
}

/* one byte as a message shows it: 'c', or \xNN for a byte that is not printable ASCII */
static const char *byte_shown(char c, char buf[8])
{
    return rems_shown(&c, 1, buf, 8);
}

FILE *rems_open_read(const char *path, const char *what, char *err, size_t errlen)
{
    char shown[600];
    rems_shown(path, strlen(path), shown, sizeof shown);
    struct stat st;
    FILE *f = NULL;
    /* fopen succeeds on a directory and its reads fail later with EISDIR, which would read as an empty file */
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        snprintf(err, errlen, "%s: error: is a directory, not %s", shown, what);
    else if (!(f = fopen(path, "rb")))
        snprintf(err, errlen, "%s: error: cannot open: %s", shown, strerror(errno));
    return f;
}

int rems_read_failed(FILE *f, const char *path, char *err, size_t errlen)
{
    if (!ferror(f)) return 0;
    char shown[600];
    snprintf(err, errlen, "%s: error: read failed: %s", rems_shown(path, strlen(path), shown, sizeof shown),
             strerror(errno ? errno : EIO));
    return -1;
}

static int perr(char *err, size_t errlen, const char *name, int line, int col, const char *fmt, ...)
{
    char msg[256], shown[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(err, errlen, "%s:%d:%d: error: %s", rems_shown(name, strlen(name), shown, sizeof shown), line, col, msg);
    return -1;
}

static int is_blank(int c) { return c == ' ' || c == '\t' || c == '\r'; }

int rems_parse_line(const char *name, int lineno, const char *s, size_t len, rems_patset *ps, char *err,
                      size_t errlen)
{
    size_t end = len, i = 0;
    char b[8];
    for (size_t k = 0; k < len; k++)
        if (s[k] == '\0') return perr(err, errlen, name, lineno, (int)k + 1, "NUL byte in the pattern file");
    for (size_t k = 0; k < len; k++)
        if (s[k] == '#') {
            end = k;
            break;
        }
    while (i < end && is_blank(s[i])) i++;
    if (i == end) return 0;

    uint32_t care = 0, value = 0;
    int bits = 0;
    size_t start = i;
    for (; i < end && !is_blank(s[i]); i++) {
        char c = s[i];
        int col = (int)i + 1;
        if (c == '_') continue;
        if (c != '0' && c != '1' && c != 'x' && c != 'X') {
            if (c == ',' || isalpha((unsigned char)c))
                return perr(err, errlen, name, lineno, col,
                            "'%c' in the pattern: a pattern is 32 characters of 0, 1 or x, then a blank, "
                            "then the triggers", c);
            return perr(err, errlen, name, lineno, col, "'%s' is not 0, 1, x or _", byte_shown(c, b));
        }
        if (bits == 32)
            return perr(err, errlen, name, lineno, col, "pattern longer than 32 bits");
        care <<= 1;
        value <<= 1;
        if (c == '1') value |= 1, care |= 1;
        else if (c == '0') care |= 1;
        bits++;
    }
    (void)start;
    if (bits < 32)
        return perr(err, errlen, name, lineno, (int)i + 1, "pattern has %d bits, 32 needed", bits);

    while (i < end && is_blank(s[i])) i++;
    if (i == end)
        return perr(err, errlen, name, lineno, (int)i + 1, "missing trigger list (G, S1..S6, comma-separated)");

    uint8_t trig = 0;
    for (;;) {
        size_t tok = i;
        while (i < end && isalnum((unsigned char)s[i])) i++;
        int col = (int)tok + 1;
        size_t tl = i - tok;
        int bit = -1;
        if (tl == 1 && (s[tok] == 'G' || s[tok] == 'g')) bit = 0;
        else if (tl == 2 && (s[tok] == 'S' || s[tok] == 's') && s[tok + 1] >= '1' && s[tok + 1] <= '6')
            bit = s[tok + 1] - '0';
        if (tl == 0) {
            if (tok == end) return perr(err, errlen, name, lineno, col, "trigger name expected after ','");
            return perr(err, errlen, name, lineno, col, "'%s' where a trigger name (G, S1..S6) was expected",
                        byte_shown(s[tok], b));
        }
        if (bit < 0)
            return perr(err, errlen, name, lineno, col, "unknown trigger '%.*s' (expected G or S1..S6)",
                        (int)(tl > 40 ? 40 : tl), s + tok);
        if (trig & (1u << bit))
            return perr(err, errlen, name, lineno, col, "trigger '%.*s' given twice", (int)tl, s + tok);
        trig |= (uint8_t)(1u << bit);
        while (i < end && is_blank(s[i])) i++;
        if (i == end) break;
        if (s[i] != ',')
            return perr(err, errlen, name, lineno, (int)i + 1, "expected ',' or the end of the line, found '%s'",
                        byte_shown(s[i], b));
        i++;
        while (i < end && is_blank(s[i])) i++;
    }
    if (ps->n >= REMS_MAX_PATTERNS)
        return perr(err, errlen, name, lineno, 1, "more than %u patterns", REMS_MAX_PATTERNS);
    rems_patset_add(ps, care, value, trig, lineno);
    return 1;
}

int rems_parse_text(const char *name, const char *text, size_t len, rems_patset *ps, char *err, size_t errlen)
{
    size_t pos = 0;
    int lineno = 0;
    while (pos < len) {
        size_t e = pos;
        while (e < len && text[e] != '\n') e++;
        lineno++;
        if (rems_parse_line(name, lineno, text + pos, e - pos, ps, err, errlen) < 0) return -1;
        pos = e + 1;
    }
    return 0;
}

int rems_parse_file(const char *path, rems_patset *ps, char *err, size_t errlen)
{
    FILE *f = rems_open_read(path, "a pattern file", err, errlen);
    if (!f) return -1;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int lineno = 0, rc = 0;
    errno = 0;
    /* line by line: memory follows the longest line, not the file */
    while (!rc && (len = getline(&line, &cap, f)) >= 0) {
        lineno++;
        if (len && line[len - 1] == '\n') len--;
        if (rems_parse_line(path, lineno, line, (size_t)len, ps, err, errlen) < 0) rc = -1;
    }
    if (!rc) rc = rems_read_failed(f, path, err, errlen);
    free(line);
    fclose(f);
    return rc;
}

int rems_words_open(rems_words_reader *r, const char *path, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->path = path;
    r->f = rems_open_read(path, "a words file", err, errlen);
    struct stat st;
    /* the tools read a words file twice (checked whole, then streamed): a pipe would be empty the second time */
    if (r->f && fstat(fileno(r->f), &st) == 0 && !S_ISREG(st.st_mode)) {
        char shown[600];
        snprintf(err, errlen, "%s: error: not a regular file: a words file is read twice, so it cannot be a pipe",
                 rems_shown(path, strlen(path), shown, sizeof shown));
        fclose(r->f);
        r->f = NULL;
    }
    return r->f ? 0 : -1;
}

void rems_words_close(rems_words_reader *r)
{
    if (r->f) fclose(r->f);
    free(r->line);
    r->f = NULL;
    r->line = NULL;
}

int rems_words_next(rems_words_reader *r, uint32_t *word, char *err, size_t errlen)
{
    ssize_t len;
    char b[8];
    const char *path = r->path;
    errno = 0;
    while ((len = getline(&r->line, &r->cap, r->f)) >= 0) {
        char *line = r->line;
        int lineno = ++r->lineno;
        size_t end = (size_t)len, i = 0;
        while (end && (line[end - 1] == '\n' || line[end - 1] == '\r')) end--;
        for (size_t k = 0; k < end; k++)
            if (line[k] == '#' || line[k] == '\0') {
                if (line[k] == '\0') return perr(err, errlen, path, lineno, (int)k + 1, "NUL byte in the words file");
                end = k;
                break;
            }
        while (i < end && is_blank(line[i])) i++;
        if (i == end) continue;
        size_t s0 = i;
        uint32_t v = 0;
        while (i < end && isxdigit((unsigned char)line[i]) && i - s0 < 8) {
            char c = line[i];
            v = v << 4 | (uint32_t)(isdigit((unsigned char)c) ? c - '0' : (tolower((unsigned char)c) - 'a' + 10));
            i++;
        }
        if (i - s0 < 8) {
            if (i < end && !is_blank(line[i]))
                return perr(err, errlen, path, lineno, (int)i + 1, "'%s' is not a hex digit (a word is 8 hex digits)",
                            byte_shown(line[i], b));
            return perr(err, errlen, path, lineno, (int)i + 1, "word has %zu hex digits, 8 needed", i - s0);
        }
        if (i < end && isxdigit((unsigned char)line[i]))
            return perr(err, errlen, path, lineno, (int)i + 1, "word longer than 8 hex digits");
        while (i < end && is_blank(line[i])) i++;
        if (i < end)
            return perr(err, errlen, path, lineno, (int)i + 1, "unexpected '%s' after the word (one word a line)",
                        byte_shown(line[i], b));
        *word = v;
        return 1;
    }
    return rems_read_failed(r->f, path, err, errlen);
}

int rems_parse_words(const char *path, uint32_t **words, size_t *n, char *err, size_t errlen)
{
    rems_words_reader r;
    if (rems_words_open(&r, path, err, errlen)) return -1;
    size_t cap = 1024, cnt = 0;
    uint32_t *w = xmalloc(cap * sizeof *w);
    uint32_t v;
    int rc;
    while ((rc = rems_words_next(&r, &v, err, errlen)) > 0) {
        if (cnt == cap) {
            cap *= 2;
            uint32_t *nw = realloc(w, cap * sizeof *nw);
            if (!nw) {
                fprintf(stderr, "remsc: out of memory\n");
                exit(3);
            }
            w = nw;
        }
        w[cnt++] = v;
    }
    rems_words_close(&r);
    if (rc < 0) {
        free(w);
        return -1;
    }
    *words = w;
    *n = cnt;
    return 0;
}

/* ------------------------------------------------------------------------------------------------ */
/* bitmaps of patterns and a store of unique bitmap tuples                                           */

typedef struct {
    size_t words;      /* uint64 words per item */
    size_t n, cap;     /* items stored */
    uint64_t *data;    /* n * words */
    uint64_t *hash;    /* n */
    size_t *slot;      /* open-addressing table of item index + 1 */
    size_t slots;
} store;

static void store_init(store *s, size_t words)
{
    s->words = words;
    s->n = 0;
    s->cap = 16;
    s->data = xmalloc(s->cap * words * sizeof(uint64_t));
    s->hash = xmalloc(s->cap * sizeof(uint64_t));
    s->slots = 64;
    s->slot = xcalloc(s->slots, sizeof(size_t));
}

static void store_free(store *s)
{
    free(s->data);
    free(s->hash);
    free(s->slot);
}

static uint64_t hash_words(const uint64_t *w, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (size_t i = 0; i < n; i++) {
        h ^= w[i];
        h *= 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    return h;
}

/* Index of the item equal to w, inserting it when new. */
static size_t store_find_add(store *s, const uint64_t *w)
{
    uint64_t h = hash_words(w, s->words);
    size_t mask = s->slots - 1;
    size_t i = (size_t)h & mask;
    while (s->slot[i]) {
        size_t k = s->slot[i] - 1;
        if (s->hash[k] == h && memcmp(s->data + k * s->words, w, s->words * sizeof(uint64_t)) == 0) return k;
        i = (i + 1) & mask;
    }
    if (s->n == s->cap) {
        s->cap *= 2;
        s->data = realloc(s->data, s->cap * s->words * sizeof(uint64_t));
        s->hash = realloc(s->hash, s->cap * sizeof(uint64_t));
        if (!s->data || !s->hash) {
            fprintf(stderr, "remsc: out of memory\n");
            exit(3);
        }
    }
    size_t k = s->n++;
    memcpy(s->data + k * s->words, w, s->words * sizeof(uint64_t));
    s->hash[k] = h;
    s->slot[i] = k + 1;
    if (2 * s->n > s->slots) {
        size_t ns = s->slots * 2;
        size_t *nslot = xcalloc(ns, sizeof(size_t));
        for (size_t j = 0; j < s->n; j++) {
            size_t q = (size_t)s->hash[j] & (ns - 1);
            while (nslot[q]) q = (q + 1) & (ns - 1);
            nslot[q] = j + 1;
        }
        free(s->slot);
        s->slot = nslot;
        s->slots = ns;
    }
    return k;
}

/* ------------------------------------------------------------------------------------------------ */
/* compiler                                                                                          */

static int pat_cmp(const void *a, const void *b)
{
    const rems_pattern *x = a, *y = b;
    if (x->care != y->care) return x->care < y->care ? -1 : 1;
    if (x->value != y->value) return x->value < y->value ? -1 : 1;
    return 0;
}

/* Exact simplification: patterns with the same cube are merged (triggers OR-ed); a pattern whose cube
 * lies inside another's and whose triggers are a subset of the other's adds nothing; a pattern without
 * triggers adds nothing. */
static size_t simplify(const rems_patset *ps, rems_pattern *out)
{
    size_t n = 0;
    for (size_t i = 0; i < ps->n; i++)
        if (ps->p[i].trig) {
            out[n] = ps->p[i];
            out[n].value &= out[n].care;
            n++;
        }
    qsort(out, n, sizeof *out, pat_cmp);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        if (m && out[m - 1].care == out[i].care && out[m - 1].value == out[i].value) out[m - 1].trig |= out[i].trig;
        else out[m++] = out[i];
    }
    char *drop = xcalloc(m, 1);
    for (size_t i = 0; i < m; i++)
        for (size_t j = 0; j < m && !drop[i]; j++) {
            if (i == j || drop[j]) continue;
            /* i inside j: j cares about a subset of i's bits and agrees on them */
            if ((out[j].care & ~out[i].care) == 0 && (out[i].value & out[j].care) == out[j].value &&
                (out[i].trig & ~out[j].trig) == 0)
                drop[i] = 1;
        }
    size_t k = 0;
    for (size_t i = 0; i < m; i++)
        if (!drop[i]) out[k++] = out[i];
    free(drop);
    return k;
}

typedef struct {
    unsigned ncls;          /* classes including the empty one when present */
    uint64_t *bm;           /* class bitmaps, code order: bm[code * W]; code 0 = empty set */
    uint16_t *code_of;      /* per segment value */
    unsigned codes;         /* nonzero codes */
    size_t nvalues;         /* segment values (2^width) */
} level1;

/* Equivalence classes of the segment values of one level-1 table: two values get the same code when
 * exactly the same patterns match them. Code 0 = no pattern matches. */
static void classify_segment(const rems_pattern *p, size_t n, size_t W, int lo, int width, level1 *l)
{
    size_t nv = (size_t)1 << width;
    uint32_t mask = (uint32_t)nv - 1;
    store s;
    store_init(&s, W);
    uint64_t *tmp = xcalloc(W, sizeof(uint64_t));
    store_find_add(&s, tmp); /* item 0 = empty set, so the empty class is code 0 */
    l->code_of = xmalloc(nv * sizeof(uint16_t));
    l->nvalues = nv;
    for (size_t v = 0; v < nv; v++) {
        memset(tmp, 0, W * sizeof(uint64_t));
        for (size_t i = 0; i < n; i++) {
            uint32_t c = (p[i].care >> lo) & mask, val = (p[i].value >> lo) & mask;
            if ((((uint32_t)v ^ val) & c) == 0) tmp[i >> 6] |= 1ull << (i & 63);
        }
        l->code_of[v] = (uint16_t)store_find_add(&s, tmp);
    }
    l->ncls = (unsigned)s.n;
    l->codes = (unsigned)s.n - 1;
    l->bm = xmalloc(s.n * W * sizeof(uint64_t));
    memcpy(l->bm, s.data, s.n * W * sizeof(uint64_t));
    free(tmp);
    store_free(&s);
}

static void level1_free(level1 *l)
{
    free(l->bm);
    free(l->code_of);
}

/* code1 numbering: class k (1..n) gets code perm(k); 0 stays 0. */
static unsigned code1_of(unsigned k, unsigned numbering)
{
    if (numbering == 0) return k;
    return ((k & 15u) << 4) | (k >> 4);
}

typedef struct {
    unsigned n3, n4;
    uint16_t t3[2048], t4[2048];     /* codes (may exceed 255 when overflowing) */
    uint16_t rep3[4096][2];          /* code3 -> (code0, hi nibble) */
    uint16_t rep4[4096][2];          /* code4 -> (lo nibble, code2) */
} level2;

/* Level 2 classes. An address {code0, h} of T3 stands for the 16 sets B0(code0) & B1(16h + l), l = 0..15;
 * two addresses get the same code3 when these tuples are equal (all empty = code 0). T4 likewise with
 * B1(16h + l) & B2(code2) over h. Then {code3, code4} determines B0 & B1 & B2 whatever representatives
 * are taken (docs/rems-matcher.md has the proof). */
static void classify_level2(const level1 *l0, const uint64_t *const *b1, const level1 *l2, size_t W, level2 *r)
{
    uint64_t *tup = xmalloc(16 * W * sizeof(uint64_t));
    store s3, s4;
    store_init(&s3, 16 * W);
    store_init(&s4, 16 * W);
    memset(tup, 0, 16 * W * sizeof(uint64_t));
    store_find_add(&s3, tup);
    store_find_add(&s4, tup);
    memset(r->t3, 0, sizeof r->t3);
    memset(r->t4, 0, sizeof r->t4);
    for (unsigned c0 = 1; c0 <= l0->codes && c0 < 128; c0++)
        for (unsigned h = 0; h < 16; h++) {
            const uint64_t *a = l0->bm + (size_t)c0 * W;
            for (unsigned l = 0; l < 16; l++) {
                const uint64_t *b = b1[16 * h + l];
                for (size_t w = 0; w < W; w++) tup[l * W + w] = b ? (a[w] & b[w]) : 0;
            }
            size_t k = store_find_add(&s3, tup);
            r->t3[(c0 << 4) | h] = (uint16_t)k;
            if (k < 4096 && k + 1 == s3.n) r->rep3[k][0] = (uint16_t)c0, r->rep3[k][1] = (uint16_t)h;
        }
    for (unsigned l = 0; l < 16; l++)
        for (unsigned c2 = 1; c2 <= l2->codes && c2 < 128; c2++) {
            const uint64_t *c = l2->bm + (size_t)c2 * W;
            for (unsigned h = 0; h < 16; h++) {
                const uint64_t *b = b1[16 * h + l];
                for (size_t w = 0; w < W; w++) tup[h * W + w] = b ? (c[w] & b[w]) : 0;
            }
            size_t k = store_find_add(&s4, tup);
            r->t4[(l << 7) | c2] = (uint16_t)k;
            if (k < 4096 && k + 1 == s4.n) r->rep4[k][0] = (uint16_t)l, r->rep4[k][1] = (uint16_t)c2;
        }
    r->n3 = (unsigned)s3.n - 1;
    r->n4 = (unsigned)s4.n - 1;
    store_free(&s3);
    store_free(&s4);
    free(tup);
}

/* ---- trigger-aware ("behaviour") classes ----
 * The matcher's output is only the union of triggers, so two table entries may share a code whenever no
 * word can tell them apart by its triggers, even when different patterns match them. */

/* The nonzero words of a & b: returns how many, with their indexes and values. */
static size_t and2(const uint64_t *a, const uint64_t *b, size_t W, uint32_t *idx, uint64_t *val)
{
    size_t k = 0;
    for (size_t w = 0; w < W; w++) {
        uint64_t m = a[w] & b[w];
        if (m) idx[k] = (uint32_t)w, val[k++] = m;
    }
    return k;
}

/* Union of the triggers of the patterns in (a & b, given sparse) & c. */
static uint8_t trig_sparse(const uint32_t *idx, const uint64_t *val, size_t k, const uint64_t *c,
                           const rems_pattern *p)
{
    uint8_t t = 0;
    for (size_t i = 0; i < k && t != 0x7f; i++) {
        uint64_t m = val[i] & c[idx[i]];
        while (m) {
            t |= p[(size_t)idx[i] * 64 + (size_t)__builtin_ctzll(m)].trig;
            m &= m - 1;
        }
    }
    return t;
}

static uint8_t trig3(const uint64_t *a, const uint64_t *b, const uint64_t *c, size_t W, const rems_pattern *p)
{
    uint8_t t = 0;
    for (size_t w = 0; w < W && t != 0x7f; w++) {
        uint64_t m = a[w] & b[w] & c[w];
        while (m) {
            t |= p[w * 64 + (size_t)__builtin_ctzll(m)].trig;
            m &= m - 1;
        }
    }
    return t;
}

static uint64_t hash_bytes(const uint8_t *b, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

/* The triggers of class a of one level-1 table against every pair of classes of the other two. */
static void behaviour(const uint64_t *a, const level1 *o1, const level1 *o2, size_t W, const rems_pattern *p,
                      uint8_t *vec, uint32_t *idx, uint64_t *val)
{
    size_t n2 = o2->codes;
    for (unsigned c1 = 1; c1 <= o1->codes; c1++) {
        size_t k = and2(a, o1->bm + (size_t)c1 * W, W, idx, val);
        uint8_t *row = vec + (size_t)(c1 - 1) * n2;
        if (!k) {
            memset(row, 0, n2);
            continue;
        }
        for (unsigned c2 = 1; c2 <= o2->codes; c2++) row[c2 - 1] = trig_sparse(idx, val, k, o2->bm + (size_t)c2 * W, p);
    }
}

#define REMS_MERGE_BUDGET (1u << 27) /* class x class x class triples per table: bounds the compile time */

/* Merge the classes of self that raise the same triggers with every pair of classes of o1 and o2; a merged
 * class keeps the bitmap of its first member as representative. Returns 0 when skipped (too costly). */
static int merge_behaviour(level1 *self, const level1 *o1, const level1 *o2, size_t W, const rems_pattern *p)
{
    size_t len = (size_t)o1->codes * o2->codes;
    if ((double)self->codes * (double)len > (double)REMS_MERGE_BUDGET) return 0;
    if (self->codes < 2 || len == 0) return 1;
    uint8_t *A = xmalloc(len), *B = xmalloc(len);
    uint32_t *idx = xmalloc(W * sizeof *idx);
    uint64_t *val = xmalloc(W * sizeof *val);
    uint64_t *uhash = xmalloc(self->codes * sizeof *uhash);
    unsigned *urep = xmalloc(self->codes * sizeof *urep), *newcode = xmalloc((self->codes + 1) * sizeof *newcode);
    unsigned m = 0;
    newcode[0] = 0;
    for (unsigned a = 1; a <= self->codes; a++) {
        behaviour(self->bm + (size_t)a * W, o1, o2, W, p, A, idx, val);
        uint64_t h = hash_bytes(A, len);
        unsigned found = 0;
        for (unsigned j = 0; j < m && !found; j++)
            if (uhash[j] == h) {
                behaviour(self->bm + (size_t)urep[j] * W, o1, o2, W, p, B, idx, val);
                if (memcmp(A, B, len) == 0) found = j + 1;
            }
        if (!found) {
            uhash[m] = h;
            urep[m] = a;
            found = ++m;
        }
        newcode[a] = found;
    }
    if (m < self->codes) {
        uint64_t *bm = xcalloc((size_t)(m + 1) * W, sizeof(uint64_t));
        for (unsigned j = 0; j < m; j++) memcpy(bm + (size_t)(j + 1) * W, self->bm + (size_t)urep[j] * W, W * sizeof(uint64_t));
        free(self->bm);
        self->bm = bm;
        for (size_t v = 0; v < self->nvalues; v++) self->code_of[v] = (uint16_t)newcode[self->code_of[v]];
        self->codes = m;
        self->ncls = m + 1;
    }
    free(A);
    free(B);
    free(idx);
    free(val);
    free(uhash);
    free(urep);
    free(newcode);
    return 1;
}

/* Level 2 by behaviour: address {code0, h} of T3 is keyed by the triggers of every (l, code2) with it;
 * address {l, code2} of T4 by the triggers with every code3 (through a representative of each). Exact:
 * see docs/rems-matcher.md. */
static void classify_level2_beh(const level1 *l0, const uint64_t *const *b1, const level1 *l2, size_t W,
                                const rems_pattern *p, level2 *r)
{
    size_t n2 = l2->codes, len3 = 16 * n2, w3 = (len3 + 7) / 8;
    uint64_t *vec = xcalloc(w3 ? w3 : 1, sizeof(uint64_t));
    uint8_t *bytes = (uint8_t *)vec;
    uint32_t *idx = xmalloc(W * sizeof *idx);
    uint64_t *val = xmalloc(W * sizeof *val);
    store s3, s4;
    store_init(&s3, w3 ? w3 : 1);
    store_find_add(&s3, vec);
    memset(r->t3, 0, sizeof r->t3);
    memset(r->t4, 0, sizeof r->t4);
    for (unsigned c0 = 1; c0 <= l0->codes && c0 < 128; c0++)
        for (unsigned h = 0; h < 16; h++) {
            memset(vec, 0, (w3 ? w3 : 1) * sizeof(uint64_t));
            for (unsigned l = 0; l < 16; l++) {
                const uint64_t *b = b1[16 * h + l];
                if (!b) continue;
                size_t k = and2(l0->bm + (size_t)c0 * W, b, W, idx, val);
                if (!k) continue;
                for (unsigned c2 = 1; c2 <= n2; c2++)
                    bytes[l * n2 + c2 - 1] = trig_sparse(idx, val, k, l2->bm + (size_t)c2 * W, p);
            }
            size_t k3 = store_find_add(&s3, vec);
            r->t3[(c0 << 4) | h] = (uint16_t)k3;
            if (k3 < 4096 && k3 + 1 == s3.n) r->rep3[k3][0] = (uint16_t)c0, r->rep3[k3][1] = (uint16_t)h;
        }
    r->n3 = (unsigned)s3.n - 1;
    free(vec);
    size_t len4 = r->n3, w4 = (len4 + 7) / 8;
    vec = xcalloc(w4 ? w4 : 1, sizeof(uint64_t));
    bytes = (uint8_t *)vec;
    store_init(&s4, w4 ? w4 : 1);
    store_find_add(&s4, vec);
    for (unsigned l = 0; l < 16; l++)
        for (unsigned c2 = 1; c2 <= n2 && c2 < 128; c2++) {
            memset(vec, 0, (w4 ? w4 : 1) * sizeof(uint64_t));
            for (unsigned k3 = 1; k3 <= r->n3 && k3 < 4096; k3++) {
                const uint64_t *b = b1[16 * r->rep3[k3][1] + l];
                if (b) bytes[k3 - 1] = trig3(l0->bm + (size_t)r->rep3[k3][0] * W, b, l2->bm + (size_t)c2 * W, W, p);
            }
            size_t k4 = store_find_add(&s4, vec);
            r->t4[(l << 7) | c2] = (uint16_t)k4;
            if (k4 < 4096 && k4 + 1 == s4.n) r->rep4[k4][0] = (uint16_t)l, r->rep4[k4][1] = (uint16_t)c2;
        }
    r->n4 = (unsigned)s4.n - 1;
    store_free(&s3);
    store_free(&s4);
    free(vec);
    free(idx);
    free(val);
}

static size_t append(char *err, size_t errlen, size_t at, const char *fmt, ...)
{
    if (at >= errlen) return at;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(err + at, errlen - at, fmt, ap);
    va_end(ap);
    return k < 0 ? at : at + (size_t)k;
}

static size_t overflow_msg(char *err, size_t errlen, size_t at, int table, unsigned needed)
{
    return append(err, errlen, at, "%stable %s needs %u codes but holds %u: %u too many", at ? "\n" : "",
                  rems_table_what[table], needed, rems_code_limit[table], needed - rems_code_limit[table]);
}

int rems_compile(const rems_patset *ps, rems_tables *t, rems_needs *needs, char *err, size_t errlen)
{
    return rems_compile_method(ps, t, needs, err, errlen, REMS_METHOD_TRIGGERS);
}

int rems_compile_method(const rems_patset *ps, rems_tables *t, rems_needs *needs, char *err, size_t errlen,
                        int method)
{
    if (err && errlen) err[0] = '\0';
    if (ps->n > REMS_MAX_PATTERNS) {
        snprintf(err, errlen, "too many patterns: %zu (at most %u)", ps->n, REMS_MAX_PATTERNS);
        return -1;
    }
    memset(t, 0, sizeof *t);
    rems_needs nd;
    memset(&nd, 0, sizeof nd);
    rems_pattern *p = xmalloc((ps->n ? ps->n : 1) * sizeof *p);
    size_t n = simplify(ps, p);
    t->patterns_in = ps->n;
    t->patterns_used = n;
    size_t W = (n + 63) / 64;
    if (W == 0) W = 1;

    level1 l1[3];
    classify_segment(p, n, W, 21, 11, &l1[0]);
    classify_segment(p, n, W, 10, 11, &l1[1]);
    classify_segment(p, n, W, 0, 10, &l1[2]);
    if (method == REMS_METHOD_TRIGGERS) {
        /* each table against the (possibly already merged) other two; a table skipped for cost gets a
         * second chance once the others have shrunk */
        int done[3];
        for (int k = 0; k < 3; k++) done[k] = merge_behaviour(&l1[k], &l1[(k + 1) % 3], &l1[(k + 2) % 3], W, p);
        for (int k = 0; k < 3; k++)
            if (!done[k]) merge_behaviour(&l1[k], &l1[(k + 1) % 3], &l1[(k + 2) % 3], W, p);
    }
    for (int k = 0; k < 3; k++) nd.needed[k] = l1[k].codes;
    nd.level1_fits = 1;
    size_t at = 0;
    for (int k = 0; k < 3; k++)
        if (l1[k].codes > rems_code_limit[k]) {
            nd.level1_fits = 0;
            at = overflow_msg(err, errlen, at, k, l1[k].codes);
        }
    int rc = 0;
    if (!nd.level1_fits) {
        rc = 1;
        goto done;
    }

    /* Level 2 with each code1 numbering until one fits; keep the counts of the best. */
    level2 *r = xmalloc(sizeof *r);
    unsigned best_excess = ~0u, best = 0;
    const uint64_t *b1[256];
    for (unsigned numbering = 0; numbering < 2; numbering++) {
        for (int c = 0; c < 256; c++) b1[c] = NULL;
        for (unsigned k = 1; k <= l1[1].codes; k++) b1[code1_of(k, numbering)] = l1[1].bm + (size_t)k * W;
        if (method == REMS_METHOD_TRIGGERS) classify_level2_beh(&l1[0], b1, &l1[2], W, p, r);
        else classify_level2(&l1[0], b1, &l1[2], W, r);
        unsigned ex = (r->n3 > 255 ? r->n3 - 255 : 0) + (r->n4 > 255 ? r->n4 - 255 : 0);
        if (ex < best_excess) {
            best_excess = ex;
            best = numbering;
            nd.needed[3] = r->n3;
            nd.needed[4] = r->n4;
        }
        if (ex == 0) break;
    }
    if (best_excess) {
        if (nd.needed[3] > 255) at = overflow_msg(err, errlen, at, 3, nd.needed[3]);
        if (nd.needed[4] > 255) at = overflow_msg(err, errlen, at, 4, nd.needed[4]);
        free(r);
        rc = 1;
        goto done;
    }
    t->numbering = best;
    /* r holds the fitting numbering (the loop stopped on it) */
    for (int c = 0; c < 256; c++) b1[c] = NULL;
    for (unsigned k = 1; k <= l1[1].codes; k++) b1[code1_of(k, best)] = l1[1].bm + (size_t)k * W;

    for (unsigned v = 0; v < 2048; v++) {
        t->t0[v] = (uint8_t)l1[0].code_of[v];
        t->t1[v] = (uint8_t)code1_of(l1[1].code_of[v], best);
    }
    for (unsigned v = 0; v < 1024; v++) t->t2[v] = (uint8_t)l1[2].code_of[v];
    for (unsigned a = 0; a < 2048; a++) {
        t->t3[a] = (uint8_t)r->t3[a];
        t->t4[a] = (uint8_t)r->t4[a];
    }

    /* Level 3: the union of the triggers of B0 & B1 & B2 for each code pair. */
    unsigned entries = 0;
    for (unsigned k3 = 1; k3 <= r->n3; k3++) {
        const uint64_t *a = l1[0].bm + (size_t)r->rep3[k3][0] * W;
        unsigned h = r->rep3[k3][1];
        for (unsigned k4 = 1; k4 <= r->n4; k4++) {
            unsigned l = r->rep4[k4][0];
            const uint64_t *b = b1[16 * h + l];
            if (!b) continue;
            const uint64_t *c = l1[2].bm + (size_t)r->rep4[k4][1] * W;
            uint8_t trig = 0;
            for (size_t w = 0; w < W && trig != 0x7f; w++) {
                uint64_t m = a[w] & b[w] & c[w];
                while (m) {
                    int bit = __builtin_ctzll(m);
                    trig |= p[w * 64 + (size_t)bit].trig;
                    m &= m - 1;
                }
            }
            t->t5[(k3 << 8) | k4] = trig;
            if (trig) entries++;
        }
    }
    free(r);
    t->codes[0] = l1[0].codes;
    t->codes[1] = l1[1].codes;
    t->codes[2] = l1[2].codes;
    t->codes[3] = nd.needed[3];
    t->codes[4] = nd.needed[4];
    t->codes[5] = entries;

done:
    for (int k = 0; k < 3; k++) level1_free(&l1[k]);
    free(p);
    if (needs) *needs = nd;
    return rc;
}

/* ------------------------------------------------------------------------------------------------ */
/* lookups                                                                                           */

uint8_t rems_lookup(const rems_tables *t, uint32_t w)
{
    unsigned c0 = t->t0[w >> 21], c1 = t->t1[(w >> 10) & 0x7ff], c2 = t->t2[w & 0x3ff];
    unsigned c3 = t->t3[((c0 & 0x7f) << 4) | (c1 >> 4)], c4 = t->t4[((c1 & 15) << 7) | (c2 & 0x7f)];
    return t->t5[(c3 << 8) | c4];
}

uint8_t rems_match(const rems_patset *ps, uint32_t w)
{
    uint8_t trig = 0;
    for (size_t i = 0; i < ps->n; i++)
        if (((w ^ ps->p[i].value) & ps->p[i].care) == 0) trig |= ps->p[i].trig;
    return trig;
}

/* ------------------------------------------------------------------------------------------------ */
/* download and files                                                                                */

void rems_download(const rems_tables *t, uint64_t *writes)
{
    size_t k = 0;
    for (uint32_t a = 0; a < 2048; a++) {
        uint32_t d = t->t0[a] | (uint32_t)t->t1[a] << 8 | (1u << 24) | (1u << 25);
        if (a < 1024) d |= (uint32_t)t->t2[a] << 16 | (1u << 26);
        writes[k++] = (uint64_t)a << 32 | d;
    }
    for (uint32_t a = 0; a < 65536; a++) {
        uint32_t d = (1u << 31) | t->t5[a] | (1u << 26);
        if (a < 2048) d |= (uint32_t)t->t3[a] << 8 | (uint32_t)t->t4[a] << 16 | (1u << 24) | (1u << 25);
        if (a == 65535) d |= 1u << 30; /* commit: the download is complete */
        writes[k++] = (uint64_t)a << 32 | d;
    }
}

static int write_error(const char *path, const char *what, char *err, size_t errlen)
{
    char shown[600];
    snprintf(err, errlen, "%s: error: %s: %s", rems_shown(path, strlen(path), shown, sizeof shown), what,
             strerror(errno));
    return -1;
}

static int write_memh(const char *dir, const char *file, const char *what, const uint8_t *v, size_t n, char *err,
                      size_t errlen)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "w");
    if (!f) return write_error(path, "cannot write", err, errlen);
    fprintf(f, "// %s, %zu entries, written by remsc\n", what, n);
    for (size_t i = 0; i < n; i++) fprintf(f, "%02x\n", v[i]);
    if (fclose(f) != 0) return write_error(path, "write failed", err, errlen);
    return 0;
}

int rems_write_files(const rems_tables *t, const char *dir, char *err, size_t errlen)
{
    if (write_memh(dir, "t0.memh", rems_table_what[0], t->t0, 2048, err, errlen) ||
        write_memh(dir, "t1.memh", rems_table_what[1], t->t1, 2048, err, errlen) ||
        write_memh(dir, "t2.memh", rems_table_what[2], t->t2, 1024, err, errlen) ||
        write_memh(dir, "t3.memh", rems_table_what[3], t->t3, 2048, err, errlen) ||
        write_memh(dir, "t4.memh", rems_table_what[4], t->t4, 2048, err, errlen) ||
        write_memh(dir, "t5.memh", rems_table_what[5], t->t5, 65536, err, errlen))
        return -1;
    char path[4096];
    snprintf(path, sizeof path, "%s/download.memh", dir);
    FILE *f = fopen(path, "w");
    if (!f) return write_error(path, "cannot write", err, errlen);
    uint64_t *w = xmalloc(REMS_DOWNLOAD_WRITES * sizeof *w);
    rems_download(t, w);
    fprintf(f, "// REMS matcher download: %u writes, one a line: dl_addr_i (16 bits) _ dl_data_i (32 bits)\n",
            REMS_DOWNLOAD_WRITES);
    for (size_t i = 0; i < REMS_DOWNLOAD_WRITES; i++)
        fprintf(f, "%04x_%08x\n", (unsigned)(w[i] >> 32), (unsigned)(w[i] & 0xffffffffu));
    free(w);
    if (fclose(f) != 0) return write_error(path, "write failed", err, errlen);
    return 0;
}

void rems_print_summary(const rems_tables *t, FILE *f)
{
    fprintf(f, "remsc: %zu patterns, %zu after merging equal ones and dropping covered ones; code1 numbering %s\n",
            t->patterns_in, t->patterns_used, t->numbering ? "transposed" : "sequential");
    fprintf(f, "%-44s %8s %8s\n", "table", "used", "limit");
    for (int k = 0; k < 5; k++) fprintf(f, "%-44s %8u %8u\n", rems_table_what[k], t->codes[k], rems_code_limit[k]);
    fprintf(f, "%-44s %8u %8u  (entries with a trigger)\n", rems_table_what[5], t->codes[5], rems_code_limit[5]);
}
