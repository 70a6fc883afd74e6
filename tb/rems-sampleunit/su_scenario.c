/* su_scenario.c - see su_scenario.h. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "su_scenario.h"

const unsigned su_kind[SU_UNITS] = {0, 0, 2, 1};

void su_scenario_init(su_scenario *sc)
{
    memset(sc, 0, sizeof *sc);
    for (int u = 0; u < SU_UNITS; u++) rems_patset_init(&sc->pats[u]);
}

void su_scenario_free(su_scenario *sc)
{
    for (int u = 0; u < SU_UNITS; u++) rems_patset_free(&sc->pats[u]);
    free(sc->spans);
    memset(sc, 0, sizeof *sc);
}

/* field by field: the padding of two equal steps may differ */
static int step_eq(const su_step *a, const su_step *b)
{
    return !memcmp(a->word, b->word, sizeof a->word) && a->valid == b->valid && !memcmp(a->ev, b->ev, sizeof a->ev) &&
           a->cfg_we == b->cfg_we && a->cfg_unit == b->cfg_unit && a->cfg_data == b->cfg_data &&
           a->restart == b->restart;
}

void su_scenario_add_n(su_scenario *sc, const su_step *s, size_t reps)
{
    if (!reps) return;
    sc->nsteps += reps;
    if (sc->nspans && step_eq(&sc->spans[sc->nspans - 1].step, s)) {
        sc->spans[sc->nspans - 1].reps += reps;
        return;
    }
    if (sc->nspans == sc->cap) {
        sc->cap = sc->cap ? 2 * sc->cap : 64;
        su_span *ns = realloc(sc->spans, sc->cap * sizeof *ns);
        if (!ns) {
            fprintf(stderr, "su_scenario: out of memory\n");
            exit(3);
        }
        sc->spans = ns;
    }
    sc->spans[sc->nspans].step = *s;
    sc->spans[sc->nspans].reps = reps;
    sc->nspans++;
}

void su_scenario_add(su_scenario *sc, const su_step *s) { su_scenario_add_n(sc, s, 1); }

void su_cursor_init(su_cursor *c, const su_scenario *sc)
{
    c->sc = sc;
    c->span = c->rep = 0;
}

const su_step *su_cursor_next(su_cursor *c)
{
    if (c->span == c->sc->nspans) return NULL;
    const su_step *s = &c->sc->spans[c->span].step;
    if (++c->rep == c->sc->spans[c->span].reps) c->span++, c->rep = 0;
    return s;
}

static int perr(char *err, size_t errlen, const char *name, int line, int col, const char *fmt, ...)
{
    char msg[512], shown[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(err, errlen, "%s:%d:%d: error: %s", rems_shown(name, strlen(name), shown, sizeof shown), line, col, msg);
    return -1;
}

/* tokens of a line: start offsets and lengths */
typedef struct { size_t at, len; } tok;

static int split(const char *s, size_t len, tok *t, int max)
{
    int n = 0;
    size_t i = 0;
    while (i < len && n < max) {
        while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) i++;
        if (i == len) break;
        t[n].at = i;
        while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != '\r') i++;
        t[n].len = i - t[n].at;
        n++;
    }
    return n;
}

static int tok_is(const char *s, tok t, const char *w) { return t.len == strlen(w) && !strncmp(s + t.at, w, t.len); }

/* unsigned decimal, >= 1 and <= max */
static int tok_num(const char *s, tok t, unsigned long max, unsigned long *v)
{
    if (!t.len || t.len > 9) return -1;
    *v = 0;
    for (size_t k = 0; k < t.len; k++) {
        if (!isdigit((unsigned char)s[t.at + k])) return -1;
        *v = *v * 10 + (unsigned long)(s[t.at + k] - '0');
    }
    return *v >= 1 && *v <= max ? 0 : -1;
}

static int tok_unit(const char *s, tok t)
{
    if (t.len == 1 && s[t.at] >= '0' && s[t.at] < '0' + SU_UNITS) return s[t.at] - '0';
    return -1;
}

#define MAX_CLOCKS_PER_LINE 1000000ul

int su_scenario_load(const char *path, su_scenario *sc, char *err, size_t errlen)
{
    su_scenario_init(sc);
    FILE *f = rems_open_read(path, "a scenario", err, errlen);
    if (!f) return -1;
    su_step cur;
    memset(&cur, 0, sizeof cur);
    uint16_t cfg[SU_UNITS] = {0};   /* each switch register as the scenario has set it so far */
    int rc = 0, lineno = 0;
    char *line = NULL, *linebuf = NULL;
    size_t lcap = 0, bcap = 0;
    ssize_t got;
    errno = 0;
    /* a line at a time: memory follows the longest line and the spans, not the file */
    while (!rc && (got = getline(&line, &lcap, f)) >= 0) {
        const char *s = line;
        size_t len = (size_t)got;
        if (len && s[len - 1] == '\n') len--;
        size_t code = len;
        lineno++;
        for (size_t k = 0; k < len; k++)
            if (s[k] == '#') { code = k; break; }
        for (size_t k = 0; k < code; k++)
            if (s[k] == '\0' || (!isprint((unsigned char)s[k]) && s[k] != '\t' && s[k] != '\r')) {
                char b[8];
                rc = perr(err, errlen, path, lineno, (int)k + 1, "'%s' is not printable (a byte outside a comment)",
                          rems_shown(s + k, 1, b, sizeof b));
                break;
            }
        if (rc) break;
        tok t[80];
        int n = split(s, code, t, 80);
        if (n == 0) continue;
        if (n == 80) { rc = perr(err, errlen, path, lineno, (int)t[79].at + 1, "too many words on the line"); break; }
        cur.cfg_we = 0;
        cur.restart = 0;
        cur.valid = 0;
        if (tok_is(s, t[0], "pattern")) {
            if (sc->nsteps) { rc = perr(err, errlen, path, lineno, 1, "patterns must come before the first clock"); break; }
            if (n < 2) { rc = perr(err, errlen, path, lineno, (int)code + 1, "unit (0..%d or *) expected", SU_UNITS - 1); break; }
            int all = t[1].len == 1 && s[t[1].at] == '*', u = tok_unit(s, t[1]);
            if (!all && u < 0) { rc = perr(err, errlen, path, lineno, (int)t[1].at + 1, "unit must be 0..%d or *", SU_UNITS - 1); break; }
            /* hand remsc the line with the command blanked out, so that its columns are the file's */
            size_t rest = n > 2 ? t[2].at : code;
            if (bcap < len + 1) {
                char *nb = realloc(linebuf, bcap = len + 1);
                if (!nb) abort();
                linebuf = nb;
            }
            memset(linebuf, ' ', rest);
            memcpy(linebuf + rest, s + rest, len - rest);
            for (int v = 0; v < SU_UNITS && !rc; v++) {
                if (!all && v != u) continue;
                int r = rems_parse_line(path, lineno, linebuf, len, &sc->pats[v], err, errlen);
                if (r < 0) rc = -1;
                else if (r == 0) rc = perr(err, errlen, path, lineno, (int)rest + 1, "pattern expected");
                sc->has_patterns[v] = 1;
            }
        } else if (tok_is(s, t[0], "switch")) {
            int u = n > 1 ? tok_unit(s, t[1]) : -1;
            if (n != 4) { rc = perr(err, errlen, path, lineno, 1, "usage: switch UNIT PAIR S-LIST (or -)"); break; }
            if (u < 0) { rc = perr(err, errlen, path, lineno, (int)t[1].at + 1, "unit must be 0..%d", SU_UNITS - 1); break; }
            if (!tok_is(s, t[2], "0") && !tok_is(s, t[2], "1")) { rc = perr(err, errlen, path, lineno, (int)t[2].at + 1, "pair must be 0 or 1"); break; }
            int pair = s[t[2].at] - '0';
            if (!tok_is(s, t[3], "-") && (su_kind[u] == 1 || (su_kind[u] == 2 && pair == 1))) {
                /* the switch bits exist but clear nothing: a scenario that sets them is a mistake */
                rc = perr(err, errlen, path, lineno, (int)t[2].at + 1, su_kind[u] == 1 ?
                          "unit %d is the timestamp: it has no pair to clear" :
                          "unit %d has one (14-bit) pair: pair must be 0", u);
                break;
            }
            unsigned mask = 0;
            if (!tok_is(s, t[3], "-")) {
                for (size_t k = t[3].at; k < t[3].at + t[3].len;) {
                    if (s[k] == 'S' && k + 1 < t[3].at + t[3].len && s[k + 1] >= '1' && s[k + 1] <= '6' &&
                        (k + 2 == t[3].at + t[3].len || s[k + 2] == ',')) {
                        mask |= 1u << (s[k + 1] - '1');
                        k += 3;
                    } else { rc = perr(err, errlen, path, lineno, (int)k + 1, "selective trigger S1..S6 expected"); break; }
                }
                if (rc) break;
            }
            cur.cfg_we = 1;
            cur.cfg_unit = (uint8_t)u;
            cur.cfg_data = cfg[u] = (uint16_t)((cfg[u] & ~(0x3fu << (6 * pair))) | (mask << (6 * pair)));
            su_scenario_add(sc, &cur);
        } else if (tok_is(s, t[0], "events")) {
            int u = n > 1 ? tok_unit(s, t[1]) : -1;
            if (n != 3) { rc = perr(err, errlen, path, lineno, 1, "usage: events UNIT LIST (d0,n0,d1,n1 or -)"); break; }
            if (u < 0) { rc = perr(err, errlen, path, lineno, (int)t[1].at + 1, "unit must be 0..%d", SU_UNITS - 1); break; }
            unsigned ev = 0;
            if (!tok_is(s, t[2], "-")) {
                for (size_t k = t[2].at; k < t[2].at + t[2].len;) {
                    char a = s[k], b = k + 1 < t[2].at + t[2].len ? s[k + 1] : 0;
                    if ((a == 'd' || a == 'n') && (b == '0' || b == '1') &&
                        (k + 2 == t[2].at + t[2].len || s[k + 2] == ',')) {
                        ev |= 1u << ((b - '0') * 2 + (a == 'n'));
                        k += 3;
                    } else { rc = perr(err, errlen, path, lineno, (int)k + 1, "event d0, n0, d1 or n1 expected"); break; }
                }
                if (rc) break;
            }
            /* events the unit's preprocessor does not count would be dropped without a word */
            if (ev && su_kind[u] == 1) {
                rc = perr(err, errlen, path, lineno, (int)t[2].at + 1, "unit %d is the timestamp: it counts no events", u);
                break;
            }
            if ((ev & 0xcu) && su_kind[u] == 2) {
                rc = perr(err, errlen, path, lineno, (int)t[2].at + 1, "unit %d has one (14-bit) pair: d1 and n1 are not counted", u);
                break;
            }
            cur.ev[u] = (uint8_t)ev;
        } else if (tok_is(s, t[0], "clock") || tok_is(s, t[0], "idle")) {
            unsigned long reps = 1;
            int i = 1;
            if (tok_is(s, t[0], "idle")) {
                if (n != 2 || tok_num(s, t[1], MAX_CLOCKS_PER_LINE, &reps)) {
                    rc = perr(err, errlen, path, lineno, n > 1 ? (int)t[1].at + 1 : (int)code + 1,
                              "idle needs a clock count 1..%lu", MAX_CLOCKS_PER_LINE);
                    break;
                }
                i = 2;
            } else if (n > 1 && s[t[1].at] == 'x') {
                tok c = {t[1].at + 1, t[1].len - 1};
                if (tok_num(s, c, MAX_CLOCKS_PER_LINE, &reps)) {
                    rc = perr(err, errlen, path, lineno, (int)t[1].at + 1, "xN: N must be 1..%lu", MAX_CLOCKS_PER_LINE);
                    break;
                }
                i = 2;
            }
            for (; i < n && !rc; i++) {
                const char *w = s + t[i].at;
                if (t[i].len != 10 || w[0] < '0' || w[0] >= '0' + SU_UNITS || w[1] != '=') {
                    rc = perr(err, errlen, path, lineno, (int)t[i].at + 1, "UNIT=HHHHHHHH expected (unit 0..%d, 8 hex digits)", SU_UNITS - 1);
                    break;
                }
                uint32_t v = 0;
                for (int k = 2; k < 10; k++) {
                    if (!isxdigit((unsigned char)w[k])) {
                        rc = perr(err, errlen, path, lineno, (int)t[i].at + k + 1, "'%c' is not a hex digit", w[k]);
                        break;
                    }
                    v = v * 16 + (uint32_t)(isdigit((unsigned char)w[k]) ? w[k] - '0' : (tolower((unsigned char)w[k]) - 'a' + 10));
                }
                int u = w[0] - '0';
                if (cur.valid & (1u << u)) {
                    rc = perr(err, errlen, path, lineno, (int)t[i].at + 1, "unit %d given two words in one clock", u);
                    break;
                }
                cur.valid |= (uint8_t)(1u << u);
                cur.word[u] = v;
            }
            if (rc) break;
            su_scenario_add_n(sc, &cur, reps);
        } else if (tok_is(s, t[0], "restart")) {
            if (n != 1) { rc = perr(err, errlen, path, lineno, (int)t[1].at + 1, "restart takes no arguments"); break; }
            cur.restart = 1;
            su_scenario_add(sc, &cur);
        } else {
            rc = perr(err, errlen, path, lineno, (int)t[0].at + 1, "unknown command '%.*s' (pattern, switch, events, clock, idle, restart)",
                      (int)t[0].len, s + t[0].at);
        }
        if (!rc && sc->nsteps > SU_MAX_CLOCKS)
            rc = perr(err, errlen, path, lineno, 1, "the scenario reaches %zu clocks here, more than su_run's limit "
                      "of %lu clocks (docs/rems-ratio.md)", sc->nsteps, SU_MAX_CLOCKS);
    }
    if (!rc) rc = rems_read_failed(f, path, err, errlen);
    fclose(f);
    free(line);
    free(linebuf);
    if (rc) su_scenario_free(sc);
    return rc;
}
