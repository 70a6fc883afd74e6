/*
 * mk2script.c - the MultiKron II stimulus script language (docs/mk2-scripts.md): the one parser of every
 * runner (tools/libmk2script/mk2script.h). Written once here so that build/mk2sim, build/model/mk2model,
 * build/mk2wb and build/mk2host accept and refuse exactly the same scripts with the same messages.
 */
#include "mk2script.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#define MAX_TICKS MK2SCRIPT_MAX_TICKS
#define MAX_EDGES MK2SCRIPT_MAX_EDGES
#define MAX_HOLD MK2SCRIPT_MAX_HOLD
#define MAX_TOKENS MK2SCRIPT_MAX_TOKENS

const char *const mk2script_op_names[] = {"", "reset", "write", "read", "rdwr", "hold", "strobe", "idle", "tsclk",
                                          "tsclk", "tsclk", "ext", "ext", "cpu", "netrdy", "test", "outdis", "strap",
                                          "drain"};

/* A token as it may be shown in a message: printable ASCII kept, anything else as \xNN, at most 40 bytes. */
static const char *shown(const char *s, char *buf, size_t len)
{
    size_t n = 0;
    for (; *s && n + 5 < len; s++) {
        unsigned char ch = (unsigned char)*s;
        if (n >= 40) {
            n += (size_t)snprintf(buf + n, len - n, "...");
            break;
        }
        if (ch >= 0x20 && ch < 0x7f) buf[n++] = (char)ch;
        else n += (size_t)snprintf(buf + n, len - n, "\\x%02x", ch);
    }
    buf[n < len ? n : len - 1] = 0;
    return buf;
}

typedef struct {
    char *err;
    size_t errlen;
} perr;

static int perror_(perr *pe, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int perror_(perr *pe, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(pe->err, pe->errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* A number: decimal without a leading 0 (so nobody reads 010 as octal), or 0x-hex; lo..hi. */
static int number(perr *pe, const char *tok, const char *what, uint64_t lo, uint64_t hi, uint64_t *v)
{
    char b[64];
    if (!tok) return perror_(pe, "%s is missing", what);
    uint64_t x = 0;
    const char *p = tok;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        p += 2;
        if (!*p) return perror_(pe, "%s: '%s' has no hex digits after 0x", what, shown(tok, b, sizeof b));
        for (; *p; p++) {
            int d = *p >= '0' && *p <= '9' ? *p - '0' : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10
                  : *p >= 'A' && *p <= 'F' ? *p - 'A' + 10 : -1;
            if (d < 0) return perror_(pe, "%s: '%s' is not a 0x-hex number", what, shown(tok, b, sizeof b));
            if (x >> 60) return perror_(pe, "%s: '%s' does not fit in 64 bits", what, shown(tok, b, sizeof b));
            x = x << 4 | (uint64_t)d;
        }
    } else {
        if (!(*p >= '0' && *p <= '9'))
            return perror_(pe, "%s: '%s' is not a number (decimal or 0x-hex)", what, shown(tok, b, sizeof b));
        if (p[0] == '0' && p[1])
            return perror_(pe, "%s: '%s' has a leading 0 (numbers are decimal or 0x-hex; a leading 0 is refused "
                               "so that nobody reads it as octal)", what, shown(tok, b, sizeof b));
        for (; *p; p++) {
            if (!(*p >= '0' && *p <= '9'))
                return perror_(pe, "%s: '%s' is not a number (decimal or 0x-hex)", what, shown(tok, b, sizeof b));
            unsigned d = (unsigned)(*p - '0');
            if (x > (UINT64_MAX - d) / 10) return perror_(pe, "%s: '%s' does not fit in 64 bits", what, shown(tok, b, sizeof b));
            x = x * 10 + d;
        }
    }
    if (x < lo || x > hi)
        return perror_(pe, "%s %" PRIu64 "..%" PRIu64 ", got %s", what, lo, hi, shown(tok, b, sizeof b));
    *v = x;
    return 0;
}

static int is(const char *tok, const char *word) { return tok && !strcmp(tok, word); }

/* Parse the words of one command into c; is_after: the command follows 'after N' (pin levels only). */
static int parse_cmd(perr *pe, int nt, char **t, mk2script_cmd *c, int is_after)
{
    char b[64];
    memset(c, 0, sizeof *c);
    const char *w = t[0];
    if (is_after) {
        int pin = is(w, "netrdy") || is(w, "cpu") || is(w, "test") || is(w, "outdis") || is(w, "strap") ||
                  (is(w, "ext") && !is(t[2], "pulse") && nt >= 3) || (is(w, "tsclk") && (is(t[1], "run") || is(t[1], "stop")));
        if (!pin)
            return perror_(pe, "after: '%s%s%s' takes node clocks or is not a pin command; only pin levels can be "
                               "scheduled (netrdy, ext J 0|1, tsclk run DIV, tsclk stop, cpu, test, outdis, strap)",
                           shown(w, b, sizeof b), nt > 1 ? " " : "", nt > 1 ? shown(t[1], b + 40, 24) : "");
    }
    if (is(w, "reset")) {
        c->op = OP_RESET;
        c->v[0] = 8;
        if (nt > 2) return perror_(pe, "reset: want 'reset [N]'");
        if (nt == 2 && number(pe, t[1], "reset: N", 1, MAX_HOLD, &c->v[0])) return -1;
        return 0;
    }
    if (is(w, "write")) {
        c->op = OP_WRITE;
        if (nt != 3) return perror_(pe, "write: want 'write ADDR DATA' with ADDR 0..127 and DATA up to 64 bits");
        if (number(pe, t[1], "write: ADDR", 0, 127, &c->v[0])) return -1;
        return number(pe, t[2], "write: DATA", 0, UINT64_MAX, &c->v[1]);
    }
    if (is(w, "read") || is(w, "rdwr")) {
        c->op = is(w, "read") ? OP_READ : OP_RDWR;
        c->v[2] = UINT64_MAX;
        if (nt < 2) return perror_(pe, "%s: want '%s ADDR [expect VALUE [mask MASK]]' with ADDR 0..127", w, w);
        if (number(pe, t[1], "read: ADDR", 0, 127, &c->v[0])) return -1;
        if (nt == 2) return 0;
        c->expect = 1;
        if (nt == 3) { /* older form: read ADDR VALUE */
            if (is(t[2], "expect")) return perror_(pe, "%s: 'expect' needs a value: '%s ADDR expect VALUE'", w, w);
            return number(pe, t[2], "read: expected VALUE", 0, UINT64_MAX, &c->v[1]);
        }
        if ((nt != 4 && nt != 6) || !is(t[2], "expect"))
            return perror_(pe, "%s: want '%s ADDR [expect VALUE [mask MASK]]'", w, w);
        if (number(pe, t[3], "read: expected VALUE", 0, UINT64_MAX, &c->v[1])) return -1;
        if (nt == 6) {
            if (!is(t[4], "mask")) return perror_(pe, "%s: want 'mask MASK' after the expected value", w);
            return number(pe, t[5], "read: MASK", 0, UINT64_MAX, &c->v[2]);
        }
        return 0;
    }
    if (is(w, "hold")) {
        c->op = OP_HOLD;
        if (nt != 2) return perror_(pe, "hold: want 'hold N' with N 0..%llu", (unsigned long long)MAX_HOLD);
        return number(pe, t[1], "hold: N", 0, MAX_HOLD, &c->v[0]);
    }
    if (is(w, "strobe")) {
        c->op = OP_STROBE;
        if (nt != 3 || !is(t[1], "hold")) return perror_(pe, "strobe: want 'strobe hold N' (N >= 1 node clocks)");
        return number(pe, t[2], "strobe hold: N", 1, MAX_HOLD, &c->v[0]);
    }
    if (is(w, "idle")) {
        c->op = OP_IDLE;
        if (nt != 2) return perror_(pe, "idle: want 'idle N'");
        return number(pe, t[1], "idle: N", 0, MAX_TICKS, &c->v[0]);
    }
    if (is(w, "tsclk")) {
        if (nt == 2 && is(t[1], "stop")) {
            c->op = OP_TSCLK_STOP;
            return 0;
        }
        if (nt == 3 && is(t[1], "run")) {
            c->op = OP_TSCLK_RUN;
            if (number(pe, t[2], "tsclk run: DIV", 0, MAX_HOLD, &c->v[0])) return -1;
            if (c->v[0] == 1)
                return perror_(pe, "tsclk run: want DIV >= 2 (a pin changes at most once a node clock), or 0 to stop; "
                                   "DIV >= 3 keeps within NISTIR 5571's node/3 limit, DIV 2 exceeds it on purpose "
                                   "(the chip's over-speed flag shows it)");
            return 0;
        }
        c->op = OP_TSCLK;
        if (nt != 2) return perror_(pe, "tsclk: want 'tsclk N', 'tsclk run DIV' or 'tsclk stop'");
        return number(pe, t[1], "tsclk: N", 0, MAX_EDGES, &c->v[0]);
    }
    if (is(w, "ext")) {
        if (nt < 3 || nt > 4) return perror_(pe, "ext: want 'ext J pulse [N]' or 'ext J 0|1', J 0..15");
        if (number(pe, t[1], "ext J: J", 0, 15, &c->v[0])) return -1;
        if (is(t[2], "pulse")) {
            c->op = OP_EXT_PULSE;
            c->v[1] = 1;
            if (nt == 4) return number(pe, t[3], "ext J pulse: N", 0, MAX_EDGES, &c->v[1]);
            return 0;
        }
        c->op = OP_EXT_LEVEL;
        if (nt != 3) return perror_(pe, "ext: want 'ext J 0|1'");
        return number(pe, t[2], "ext J: level", 0, 1, &c->v[1]);
    }
    if (is(w, "cpu")) {
        c->op = OP_CPU;
        if (nt == 2 && is(t[1], "none")) return 0;
        if (nt == 3 && is(t[1], "lines")) return number(pe, t[2], "cpu lines: MASK of C7..C0,", 0, 255, &c->v[0]);
        if (nt != 2) return perror_(pe, "cpu: want 'cpu N' (0..7), 'cpu none' or 'cpu lines MASK'");
        if (number(pe, t[1], "cpu: N", 0, 7, &c->v[0])) return -1;
        c->v[0] = 1ull << c->v[0];
        return 0;
    }
    if (is(w, "netrdy") || is(w, "test") || is(w, "outdis")) {
        c->op = is(w, "netrdy") ? OP_NETRDY : is(w, "test") ? OP_TEST : OP_OUTDIS;
        if (nt != 2) return perror_(pe, "%s: want '%s 0|1'", w, w);
        return number(pe, t[1], w, 0, 1, &c->v[0]);
    }
    if (is(w, "strap")) {
        c->op = OP_STRAP;
        if (nt != 3 || !is(t[1], "waitstate")) return perror_(pe, "strap: want 'strap waitstate 0|1'");
        return number(pe, t[2], "strap waitstate", 0, 1, &c->v[0]);
    }
    if (is(w, "drain")) {
        c->op = OP_DRAIN;
        c->v[0] = 100000;
        if (nt > 2) return perror_(pe, "drain: want 'drain [MAX]'");
        if (nt == 2) return number(pe, t[1], "drain: MAX", 1, MAX_TICKS, &c->v[0]);
        return 0;
    }
    return perror_(pe, "unknown command '%s'", shown(w, b, sizeof b));
}

/* One line (without its newline) -> st; st->c.op == OP_NONE for a blank or comment line. The line is
 * changed in place (comment cut, words split). */
static int parse_line(perr *pe, char *line, size_t len, mk2script_stmt *st)
{
    memset(st, 0, sizeof *st);
    if (len && line[len - 1] == '\r') line[--len] = 0; /* CRLF */
    for (size_t i = 0; i < len; i++) { /* comments included: a NUL or a lone CR would hide what follows */
        if (line[i] == 0) return perror_(pe, "a NUL byte at column %zu (a script is text)", i + 1);
        if (line[i] == '\r')
            return perror_(pe, "a carriage return not followed by a line feed at column %zu (CR-only line ends are "
                               "not accepted: use LF or CRLF)", i + 1);
    }
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)line[i];
        if (ch == '#') {
            line[i] = 0;
            len = i;
            break;
        }
        if (ch < 0x20 && ch != '\t') return perror_(pe, "a control character 0x%02x at column %zu", ch, i + 1);
    }
    char *t[MAX_TOKENS + 1];
    int nt = 0;
    for (char *p = strtok(line, " \t"); p; p = strtok(NULL, " \t")) {
        if (nt == MAX_TOKENS) return perror_(pe, "too many words on one line (at most %d)", MAX_TOKENS);
        t[nt++] = p;
    }
    t[nt] = NULL;
    if (!nt) return 0;
    if (is(t[0], "after")) {
        st->is_after = 1;
        if (nt < 3) return perror_(pe, "after: want 'after N COMMAND'");
        if (number(pe, t[1], "after: N", 0, MAX_TICKS, &st->after_ticks)) return -1;
        return parse_cmd(pe, nt - 2, t + 2, &st->c, 1);
    }
    return parse_cmd(pe, nt, t, &st->c, 0);
}

int mk2script_parse_line(char *line, size_t len, mk2script_stmt *st, char *err, size_t errlen)
{
    perr pe = {err, errlen};
    return parse_line(&pe, line, len, st);
}

int mk2script_each_line(const char *path, mk2script_line_fn fn, void *arg, char *err, size_t errlen)
{
    struct stat sb;
    if (stat(path, &sb)) return snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno)), -1;
    if (S_ISDIR(sb.st_mode)) return snprintf(err, errlen, "%s: is a directory, not a script", path), -1;
    FILE *f = fopen(path, "r");
    if (!f) return snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno)), -1;
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    long lineno = 0;
    int rc = 0;
    errno = 0;
    while ((n = getline(&line, &cap, f)) > 0) {
        lineno++;
        size_t len = (size_t)n;
        if (line[len - 1] == '\n') line[--len] = 0;
        if ((rc = fn(lineno, line, len, arg)) != 0) break;
        errno = 0;
    }
    if (!rc && ferror(f)) {
        snprintf(err, errlen, "%s: read error after line %ld: %s", path, lineno, strerror(errno));
        rc = -1;
    }
    free(line);
    fclose(f);
    return rc;
}

void mk2script_show_line(const char *text, size_t len, char *buf, size_t buflen)
{
    size_t k = 0;
    for (size_t i = 0; i < len && k + 5 < buflen && k + 5 < 120; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch >= 0x20 && ch < 0x7f) buf[k++] = (char)ch;
        else k += (size_t)snprintf(buf + k, buflen - k, "\\x%02x", ch);
    }
    if (len > 120 && k + 4 < buflen) k += (size_t)snprintf(buf + k, buflen - k, "...");
    buf[k < buflen ? k : buflen - 1] = 0;
}
