/*
 * html.c - mk2trace html: one self-contained HTML file (inline CSS and SVG, no script, no network
 * fetch) with a summary, a timeline per node / CPU / process (Trace samples, interval slices, loss
 * flags), Resource counters over time, interval histograms and statistics, and a loss section.
 * docs/trace-tools.md ("HTML report") lists the element ids the tests look for.
 */
#include "analysis.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *palette[] = {"#2563eb", "#16a34a", "#d97706", "#9333ea", "#0891b2", "#db2777", "#65a30d", "#4f46e5",
                                "#ca8a04", "#0d9488"};
#define NPAL (sizeof palette / sizeof *palette)
#define C_FIFO "#ea580c"
#define C_SHADOW "#7c3aed"
#define C_PROBLEM "#dc2626"
#define C_TRUNC "#6b7280"

static void esc(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

/* ------------------------------------------------------------------ axes */

typedef struct {
    double t0, t1;     /* data range */
    double x0, x1;     /* pixel range */
    double scale;      /* unit divisor for labels */
    const char *unit;
} axis;

static void axis_init(axis *a, double t0, double t1, double x0, double x1, int seconds)
{
    if (!(t1 > t0)) { /* a single instant: from 0 to twice it (or one unit) */
        double t = t1;
        t0 = t > 0 ? 0 : t - 1;
        t1 = t > 0 ? 2 * t : t + 1;
    }
    double pad = (t1 - t0) * 0.02;
    a->t0 = t0 - pad, a->t1 = t1 + pad, a->x0 = x0, a->x1 = x1;
    double r = a->t1 - a->t0;
    if (!seconds) a->scale = 1, a->unit = "ticks";
    else if (r >= 1) a->scale = 1, a->unit = "s";
    else if (r >= 1e-3) a->scale = 1e-3, a->unit = "ms";
    else if (r >= 1e-6) a->scale = 1e-6, a->unit = "\xc2\xb5s";
    else a->scale = 1e-9, a->unit = "ns";
}

static double ax(const axis *a, double t) { return a->x0 + (t - a->t0) / (a->t1 - a->t0) * (a->x1 - a->x0); }

static double nice_step(double range, int n)
{
    double raw = range / n, p = pow(10, floor(log10(raw))), m = raw / p;
    return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

/* vertical grid lines and labels below y1 */
static void x_ticks(FILE *f, const axis *a, double y0, double y1)
{
    double step = nice_step(a->t1 - a->t0, 8);
    for (double t = ceil(a->t0 / step) * step; t <= a->t1; t += step) {
        double x = ax(a, t);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>", x, y0, x, y1);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"tick\" text-anchor=\"middle\">%g</text>", x, y1 + 14,
                round(t / a->scale * 1e6) / 1e6 + 0.0 == 0 ? 0.0 : round(t / a->scale * 1e6) / 1e6);
    }
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"tick\" text-anchor=\"end\">time (%s)</text>", a->x1, y1 + 28, a->unit);
}

static void fmt_secs(char *buf, size_t len, double s, int seconds)
{
    if (!seconds) snprintf(buf, len, "%.0f ticks", s);
    else if (s >= 1) snprintf(buf, len, "%.3f s", s);
    else if (s >= 1e-3) snprintf(buf, len, "%.3f ms", s * 1e3);
    else if (s >= 1e-6) snprintf(buf, len, "%.3f \xc2\xb5s", s * 1e6);
    else snprintf(buf, len, "%.1f ns", s * 1e9);
}

/* a counter value for an axis label: SI suffix, with enough digits to tell labels range apart */
static void fmt_count(char *buf, size_t len, double v, double range)
{
    static const char *sfx[] = {"", "k", "M", "G", "T", "P", "E"};
    int e = 0;
    double m = v;
    while (fabs(m) >= 1000 && e < 6) m /= 1000, e++;
    double unit = pow(1000, e), r = range / unit;
    int digits = r > 0 ? (int)ceil(-log10(r / 2)) : 0;
    if (digits < 0) digits = 0;
    if (digits > 6) digits = 6;
    if (e == 0 && digits == 0) snprintf(buf, len, "%.0f", v);
    else snprintf(buf, len, "%.*f%s", digits, m, sfx[e]);
}

/* ------------------------------------------------------------------ rows of the timeline */

typedef struct {
    unsigned node, cpu, proc;
} rowkey;

static int rowcmp(const void *a, const void *b)
{
    const rowkey *x = a, *y = b;
    if (x->node != y->node) return x->node < y->node ? -1 : 1;
    if (x->cpu != y->cpu) return x->cpu < y->cpu ? -1 : 1;
    return x->proc < y->proc ? -1 : x->proc > y->proc;
}

static int find_row(const rowkey *rows, int n, unsigned node, unsigned cpu, unsigned proc)
{
    rowkey k = {node, cpu, proc};
    const rowkey *p = bsearch(&k, rows, (size_t)n, sizeof k, rowcmp);
    return p ? (int)(p - rows) : -1;
}

static const char *ev_color(const an_data *d, const rec *r)
{
    if (r->rule >= 0 && d->rules[r->rule].kind == RULE_END) /* an end mark in its start's colour */
        for (int i = 0; i < d->nrules; i++)
            if (d->rules[i].kind == RULE_START && !strcmp(d->rules[i].name, d->rules[r->rule].name))
                return palette[(unsigned)i % NPAL];
    if (r->rule >= 0) return palette[(unsigned)r->rule % NPAL];
    return palette[(unsigned)(r->event * 2654435761u >> 8) % NPAL];
}

/* an interval's colour: that of its start rule, so slices and their start/end marks match */
static const char *iv_color(const an_data *d, int name)
{
    for (int i = 0; i < d->nrules; i++)
        if (d->rules[i].kind == RULE_START && !strcmp(d->rules[i].name, d->inames[name])) return palette[(unsigned)i % NPAL];
    return palette[(unsigned)(name + 3) % NPAL];
}

static int seconds_ok(const an_data *d)
{
    for (int c = 0; c < d->ncaps; c++)
        if (!d->caps[c].hz) return 0;
    return 1;
}

static const an_data *iv_sort_d;
static int cmp_iv_start(const void *a, const void *b)
{
    const interval *x = &iv_sort_d->ivs[*(const size_t *)a], *y = &iv_sort_d->ivs[*(const size_t *)b];
    return x->start_t < y->start_t ? -1 : x->start_t > y->start_t;
}

/* one slice bar (iv given) or n merged ones */
static void slice_rect(FILE *f, const an_data *d, int name, double y, double RH, double xa, double xb, size_t n,
                       const interval *iv)
{
    double inset = 4 + 4 * (name % 3); /* nested intervals of other names: thinner bars */
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.0f\" rx=\"2\" class=\"slice\" fill=\"%s\"><title>",
            xa, y + inset, xb - xa, RH - 2 * inset, iv_color(d, name));
    esc(f, d->inames[name]);
    if (iv) {
        char dur[48];
        fmt_secs(dur, sizeof dur, iv->secs, seconds_ok(d));
        fprintf(f, ": %s (%" PRIu64 " ticks)</title></rect>\n", dur, iv->ticks);
    } else fprintf(f, ": %zu intervals</title></rect>\n", n);
}

enum { DENSE = 5000, DENSE_SLICES = 5000 };

static void timeline(const an_data *d, FILE *f, double t0, double t1)
{
    int nrows = 0, cap = 16;
    rowkey *rows = malloc((size_t)cap * sizeof *rows);
    for (size_t i = 0; i < d->nrecs; i++) {
        const rec *r = &d->recs[i];
        if (r->s.kind != 'T') continue;
        rowkey k = {r->node, r->s.cpu, r->proc};
        int found = 0;
        for (int j = 0; j < nrows && !found; j++) found = !rowcmp(&k, &rows[j]);
        if (found) continue;
        if (nrows == cap) rows = realloc(rows, (size_t)(cap *= 2) * sizeof *rows);
        rows[nrows++] = k;
    }
    qsort(rows, (size_t)nrows, sizeof *rows, rowcmp);
    const double W = 1100, L = 190, R = 20, RH = 30, top = 10;
    double H = top + RH * (nrows ? nrows : 1) + 40;
    axis a;
    axis_init(&a, t0, t1, L, W - R, seconds_ok(d));
    fprintf(f, "<svg id=\"timeline\" class=\"plot\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
               "xmlns=\"http://www.w3.org/2000/svg\">\n",
            W, H, W, H);
    for (int j = 0; j < nrows; j++) {
        double y = top + RH * j;
        fprintf(f, "<rect x=\"%.0f\" y=\"%.1f\" width=\"%.0f\" height=\"%.0f\" class=\"%s\"/>", L, y, W - R - L, RH,
                j & 1 ? "band1" : "band0");
        fprintf(f, "<text x=\"%.0f\" y=\"%.1f\" class=\"label\" text-anchor=\"end\">node %u \xc2\xb7 cpu %u \xc2\xb7 process %u</text>\n",
                L - 8, y + RH / 2 + 4, rows[j].node, rows[j].cpu, rows[j].proc);
    }
    x_ticks(f, &a, top, top + RH * nrows);
    /* interval slices; above DENSE intervals, slices of one row and name that touch on screen are drawn as
     * one bar (its title says how many) */
    size_t *ord = malloc((d->nivs + 1) * sizeof *ord);
    for (size_t i = 0; i < d->nivs; i++) ord[i] = i;
    int dense = d->nivs > DENSE_SLICES;
    if (dense) {
        iv_sort_d = d;
        qsort(ord, d->nivs, sizeof *ord, cmp_iv_start);
    }
    size_t nslot = (size_t)nrows * (size_t)(d->ninames ? d->ninames : 1);
    double *mx0 = malloc((nslot + 1) * sizeof *mx0), *mx1 = malloc((nslot + 1) * sizeof *mx1);
    size_t *mn = calloc(nslot + 1, sizeof *mn);
    for (size_t k = 0; k < d->nivs; k++) {
        const interval *iv = &d->ivs[ord[k]];
        int j = find_row(rows, nrows, iv->node, iv->cpu, iv->proc);
        if (j < 0) continue;
        double xa = ax(&a, iv->start_t), xb = ax(&a, iv->end_t);
        if (xb - xa < 1.5) xb = xa + 1.5;
        if (dense) {
            size_t sl = (size_t)j * (size_t)d->ninames + (size_t)iv->name;
            if (mn[sl] && xa <= mx1[sl] + 1) {
                if (xb > mx1[sl]) mx1[sl] = xb;
                mn[sl]++;
                continue;
            }
            if (mn[sl]) slice_rect(f, d, iv->name, top + RH * j, RH, mx0[sl], mx1[sl], mn[sl], NULL);
            mx0[sl] = xa, mx1[sl] = xb, mn[sl] = 1;
            continue;
        }
        slice_rect(f, d, iv->name, top + RH * j, RH, xa, xb, 1, iv);
    }
    for (size_t sl = 0; dense && sl < nslot; sl++)
        if (mn[sl]) slice_rect(f, d, (int)(sl % (size_t)d->ninames), top + RH * (double)(sl / (size_t)d->ninames), RH,
                               mx0[sl], mx1[sl], mn[sl], NULL);
    free(ord), free(mx0), free(mx1), free(mn);
    /* Trace samples and loss flags. Above DENSE samples, a tick whose pixel column, row and colour are
     * already drawn is left out (the page stays small; the picture is the same) */
    size_t ntrace = 0;
    for (size_t i = 0; i < d->nrecs; i++) ntrace += d->recs[i].s.kind == 'T';
    long *last = malloc(((size_t)nrows * NPAL + 1) * sizeof *last);
    for (size_t i = 0; i < (size_t)nrows * NPAL; i++) last[i] = -1;
    for (size_t i = 0; i < d->nrecs; i++) {
        const rec *r = &d->recs[i];
        if (r->s.kind != 'T') continue;
        int j = find_row(rows, nrows, r->node, r->s.cpu, r->proc);
        double x = ax(&a, r->t), y = top + RH * j;
        char name[96];
        const char *col = ev_color(d, r);
        size_t slot = (size_t)j * NPAL;
        for (size_t p = 0; p < NPAL; p++)
            if (palette[p] == col) slot += p;
        if (ntrace > DENSE && !r->s.shadow_overrun && !r->s.fifo_overrun && last[slot] == lround(x)) continue;
        last[slot] = lround(x);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"sample\" stroke=\"%s\"><title>%s, ts %" PRIu64
                   "</title></line>",
                x, y + 3, x, y + RH - 3, col, an_event_name(d, r, name, sizeof name), r->s.ts);
        if (r->s.shadow_overrun || r->s.fifo_overrun)
            fprintf(f, "<path d=\"M%.1f %.1f l-5 -8 h10 z\" class=\"lossmark\" fill=\"%s\"><title>%s</title></path>", x,
                    y + 9, r->s.fifo_overrun ? C_FIFO : C_SHADOW,
                    r->s.fifo_overrun ? "FIFO overrun before this sample" : "shadow overrun before this sample");
        fputc('\n', f);
    }
    free(last);
    fprintf(f, "</svg>\n");
    if (ntrace > DENSE)
        fprintf(f, "<p class=\"note\">%zu Trace samples: ticks that fall on an already drawn pixel column of their row and "
                   "colour are not repeated.</p>\n", ntrace);
    /* legend */
    fprintf(f, "<div class=\"legend\">");
    for (int i = 0; i < d->ninames; i++)
        fprintf(f, "<span><i style=\"background:%s;opacity:.45\"></i>%s (interval)</span>", iv_color(d, i), d->inames[i]);
    for (int i = 0; i < d->nrules; i++)
        if (d->rules[i].kind != RULE_END)
            fprintf(f, "<span><i style=\"background:%s\"></i>%s%s</span>", palette[(unsigned)i % NPAL], d->rules[i].name,
                    d->rules[i].kind == RULE_START ? " start/end" : "");
    fprintf(f, "<span><i style=\"background:%s\"></i>FIFO overrun (F)</span><span><i style=\"background:%s\"></i>"
               "shadow overrun (S)</span></div>\n",
            C_FIFO, C_SHADOW);
    free(rows);
}

/* ------------------------------------------------------------------ counters */

static void counters(const an_data *d, FILE *f, double t0, double t1)
{
    int any = 0;
    for (int c = 0; c < d->ncaps; c++) {
        for (int k = 0; k < 16; k++) {
            uint64_t vmin = UINT64_MAX, vmax = 0;
            size_t n = 0;
            int pair = 0;
            for (size_t i = 0; i < d->ncds; i++) {
                const cdelta *cd = &d->cds[i];
                if (d->recs[cd->rec].cap != c || cd->counter != k) continue;
                if (cd->value < vmin) vmin = cd->value;
                if (cd->value > vmax) vmax = cd->value;
                pair = cd->pair;
                n++;
            }
            if (!n || !vmax) continue; /* never counted: no plot */
            any = 1;
            const double W = 540, H = 150, L = 80, R = 12, T = 26, B = 34;
            axis a;
            axis_init(&a, t0, t1, L, W - R, seconds_ok(d));
            double y0 = (double)vmin, y1 = (double)vmax;
            if (y1 <= y0) y0 = y0 > 0 ? y0 - 1 : 0, y1 = y0 + 2;
            fprintf(f, "<svg id=\"counter-%d-%d\" class=\"plot counter\" width=\"%.0f\" height=\"%.0f\" "
                       "xmlns=\"http://www.w3.org/2000/svg\">",
                    c, k, W, H);
            fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" class=\"band0\"/>", L, T, W - R - L, H - T - B);
            if (pair) fprintf(f, "<text x=\"%.0f\" y=\"16\" class=\"title\">counter %d:%d (64-bit pair) \xc2\xb7 node %u</text>", L, k + 1, k, d->caps[c].node_id);
            else fprintf(f, "<text x=\"%.0f\" y=\"16\" class=\"title\">counter %d \xc2\xb7 node %u</text>", L, k, d->caps[c].node_id);
            x_ticks(f, &a, T, H - B);
            for (int g = 0; g <= 2; g++) {
                double v = y0 + (y1 - y0) * g / 2, y = H - B - (H - T - B) * g / 2.0;
                char num[32];
                fmt_count(num, sizeof num, v, y1 - y0);
                fprintf(f, "<text x=\"%.0f\" y=\"%.1f\" class=\"tick\" text-anchor=\"end\">%s</text>", L - 6, y + 4, num);
            }
            fprintf(f, "<polyline class=\"series\" stroke=\"%s\" points=\"", palette[(unsigned)k % NPAL]);
            for (size_t i = 0; i < d->ncds; i++) {
                const cdelta *cd = &d->cds[i];
                if (d->recs[cd->rec].cap != c || cd->counter != k) continue;
                double y = H - B - ((double)cd->value - y0) / (y1 - y0) * (H - T - B);
                fprintf(f, "%.1f,%.1f ", ax(&a, d->recs[cd->rec].t), y);
            }
            fprintf(f, "\"/>");
            for (size_t i = 0; n <= 60 && i < d->ncds; i++) { /* few readings: a dot on each */
                const cdelta *cd = &d->cds[i];
                if (d->recs[cd->rec].cap != c || cd->counter != k) continue;
                double y = H - B - ((double)cd->value - y0) / (y1 - y0) * (H - T - B);
                fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" class=\"reading\" fill=\"%s\"/>", ax(&a, d->recs[cd->rec].t), y,
                        palette[(unsigned)k % NPAL]);
            }
            for (size_t i = 0; i < d->ncds; i++) {
                const cdelta *cd = &d->cds[i];
                if (d->recs[cd->rec].cap != c || cd->counter != k) continue;
                if (cd->status != CD_SATURATED && cd->status != CD_STUCK && cd->status != CD_CLEARED) continue;
                double y = H - B - ((double)cd->value - y0) / (y1 - y0) * (H - T - B);
                fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" class=\"%s\"><title>%s</title></circle>",
                        ax(&a, d->recs[cd->rec].t), y, cd->status == CD_CLEARED ? "cleared" : "saturated",
                        cd->status == CD_CLEARED ? "cleared (or reset)" : "saturated at all ones");
            }
            fprintf(f, "</svg>\n");
        }
    }
    if (!any) fprintf(f, "<p class=\"note\">No Resource sample with a non-zero counter.</p>\n");
}

/* ------------------------------------------------------------------ interval histograms */

static void histograms(const an_data *d, FILE *f)
{
    int secs = seconds_ok(d);
    fprintf(f, "<table><tr><th>interval</th><th>count</th><th>total</th><th>mean</th><th>min</th><th>max</th>"
               "<th>total (ticks)</th><th>mean (ticks)</th><th>min (ticks)</th><th>max (ticks)</th><th>open</th>"
               "<th>orphan ends</th></tr>\n");
    for (int i = 0; i < d->ninames; i++) {
        const istat *s = &d->istats[i];
        char a[48], b[48], c[48], e[48];
        fmt_secs(a, sizeof a, s->total_s, secs);
        fmt_secs(b, sizeof b, s->count ? s->total_s / (double)s->count : 0, secs);
        fmt_secs(c, sizeof c, s->min_s, secs);
        fmt_secs(e, sizeof e, s->max_s, secs);
        fprintf(f, "<tr><td>");
        esc(f, d->inames[i]);
        fprintf(f, "</td><td>%" PRIu64 "</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%" PRIu64 "</td><td>%.1f</td><td>%"
                   PRIu64 "</td><td>%" PRIu64 "</td><td>%" PRIu64 "</td><td>%" PRIu64 "</td></tr>\n",
                s->count, a, b, c, e, s->total, s->count ? (double)s->total / (double)s->count : 0, s->min, s->max,
                s->unmatched_start, s->unmatched_end);
    }
    fprintf(f, "</table>\n");
    for (int i = 0; i < d->ninames; i++) {
        const istat *s = &d->istats[i];
        if (!s->count) continue;
        enum { NB = 24 };
        unsigned bins[NB] = {0}, top = 0;
        double lo = s->min_s, hi = s->max_s, w = (hi - lo) / NB;
        if (w <= 0) w = lo > 0 ? lo / NB : 1, lo = lo - w * NB / 2;
        for (size_t k = 0; k < d->nivs; k++) {
            if (d->ivs[k].name != i) continue;
            int b = (int)((d->ivs[k].secs - lo) / w);
            if (b >= NB) b = NB - 1;
            if (b < 0) b = 0;
            if (++bins[b] > top) top = bins[b];
        }
        const double W = 540, H = 180, L = 50, R = 12, T = 26, B = 40, bw = (W - L - R) / NB;
        fprintf(f, "<svg id=\"histogram-%d\" class=\"plot histogram\" width=\"%.0f\" height=\"%.0f\" "
                   "xmlns=\"http://www.w3.org/2000/svg\">",
                i, W, H);
        fprintf(f, "<text x=\"%.0f\" y=\"16\" class=\"title\">", L);
        esc(f, d->inames[i]);
        fprintf(f, ": %" PRIu64 " intervals</text>", s->count);
        fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" class=\"band0\"/>", L, T, W - R - L, H - T - B);
        for (int g = 0; g <= 2; g++)
            fprintf(f, "<text x=\"%.0f\" y=\"%.1f\" class=\"tick\" text-anchor=\"end\">%.0f</text>", L - 6,
                    H - B - (H - T - B) * g / 2.0 + 4, top * g / 2.0);
        for (int b = 0; b < NB; b++) {
            if (!bins[b]) continue;
            double h = (H - T - B) * bins[b] / top;
            char from[48], to[48];
            fmt_secs(from, sizeof from, lo + w * b, secs);
            fmt_secs(to, sizeof to, lo + w * (b + 1), secs);
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" class=\"bar\" fill=\"%s\"><title>%s to %s: %u"
                       "</title></rect>",
                    L + bw * b + 1, H - B - h, bw - 2, h, iv_color(d, i), from, to, bins[b]);
        }
        char a1[48], a2[48];
        fmt_secs(a1, sizeof a1, lo, secs);
        fmt_secs(a2, sizeof a2, lo + w * NB, secs);
        fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" class=\"tick\">%s</text><text x=\"%.0f\" y=\"%.0f\" class=\"tick\" "
                   "text-anchor=\"end\">%s</text><text x=\"%.0f\" y=\"%.0f\" class=\"tick\" text-anchor=\"middle\">duration"
                   "</text></svg>\n",
                L, H - B + 16, a1, W - R, H - B + 16, a2, (L + W - R) / 2, H - B + 30);
    }
}

/* ------------------------------------------------------------------ loss */

static void loss(const an_data *d, FILE *f, double t0, double t1)
{
    const double W = 1100, L = 190, R = 20, RH = 34, T = 10;
    double H = T + RH * d->ncaps + 40;
    axis a;
    axis_init(&a, t0, t1, L, W - R, seconds_ok(d));
    fprintf(f, "<svg id=\"loss\" class=\"plot\" width=\"%.0f\" height=\"%.0f\" xmlns=\"http://www.w3.org/2000/svg\">\n", W, H);
    for (int c = 0; c < d->ncaps; c++) {
        double y = T + RH * c;
        fprintf(f, "<rect x=\"%.0f\" y=\"%.1f\" width=\"%.0f\" height=\"%.0f\" class=\"%s\"/>", L, y, W - R - L, RH,
                c & 1 ? "band1" : "band0");
        fprintf(f, "<text x=\"%.0f\" y=\"%.1f\" class=\"label\" text-anchor=\"end\">capture %d \xc2\xb7 node %u</text>\n", L - 8,
                y + RH / 2 + 4, c, d->caps[c].node_id);
    }
    x_ticks(f, &a, T, T + RH * d->ncaps);
    for (size_t i = 0; i < d->nrecs; i++) {
        const rec *r = &d->recs[i];
        if (!r->s.shadow_overrun && !r->s.fifo_overrun) continue;
        double x = ax(&a, r->t), y = T + RH * r->cap;
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" class=\"flag\" fill=\"%s\"><title>%s ts %" PRIu64 "</title></circle>\n",
                x, y + RH / 2, r->s.fifo_overrun ? C_FIFO : C_SHADOW, r->s.fifo_overrun ? "F" : "S", r->s.ts);
    }
    for (size_t i = 0; i < d->nprobs; i++) {
        const problem *p = &d->probs[i];
        double x = ax(&a, p->t), y = T + RH * p->cap;
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"8\" height=\"8\" class=\"problem\" fill=\"%s\" transform=\"rotate(45 %.1f %.1f)\">"
                   "<title>",
                x - 4, y + RH / 2 - 4, p->kind == MK2CAP_ERROR ? C_PROBLEM : C_TRUNC, x, y + RH / 2);
        esc(f, p->msg);
        fprintf(f, "</title></rect>\n");
    }
    fprintf(f, "</svg>\n<div class=\"legend\"><span><i style=\"background:%s\"></i>sample with F: samples lost, FIFO full</span>"
               "<span><i style=\"background:%s\"></i>sample with S: Resource samples lost, shadows busy</span>"
               "<span><i style=\"background:%s\"></i>capture problem</span><span><i style=\"background:%s\"></i>"
               "truncated sample</span></div>\n",
            C_FIFO, C_SHADOW, C_PROBLEM, C_TRUNC);
    /* the error counters, where software logged them as events */
    int have = 0;
    for (size_t i = 0; i < d->nrecs; i++) {
        const rec *r = &d->recs[i];
        if (r->rule < 0 || (d->rules[r->rule].kind != RULE_OVERRUN && d->rules[r->rule].kind != RULE_WAITERR)) continue;
        if (!have++) fprintf(f, "<table id=\"errcounters\"><tr><th>time</th><th>node.process</th><th>counter</th><th>value</th></tr>\n");
        char t[48];
        fmt_secs(t, sizeof t, r->t, seconds_ok(d));
        fprintf(f, "<tr><td>%s</td><td>%u.%u</td><td>%s</td><td>%" PRIu64 "</td></tr>\n", t, r->node, r->proc,
                d->rules[r->rule].name, r->arg);
    }
    if (have) fprintf(f, "</table>\n");
    fprintf(f, "<table id=\"losstable\"><tr><th>time</th><th>capture</th><th>what</th></tr>\n");
    size_t shown = 0;
    for (size_t i = 0; i < d->nrecs && shown < 200; i++) {
        const rec *r = &d->recs[i];
        if (!r->s.shadow_overrun && !r->s.fifo_overrun) continue;
        char t[48];
        fmt_secs(t, sizeof t, r->t, seconds_ok(d));
        fprintf(f, "<tr><td>%s</td><td>%d</td><td>%s%s%s before this sample (node %u.%u, cpu %u)</td></tr>\n", t, r->cap,
                r->s.shadow_overrun ? "shadow overrun (S)" : "", r->s.shadow_overrun && r->s.fifo_overrun ? " and " : "",
                r->s.fifo_overrun ? "FIFO overrun (F)" : "", r->node, r->proc, r->s.cpu);
        shown++;
    }
    for (size_t i = 0; i < d->nprobs && shown < 400; i++, shown++) {
        const problem *p = &d->probs[i];
        fprintf(f, "<tr><td>after ts %" PRIu64 "</td><td>%d</td><td>%s at file offset %" PRIu64 ": ", p->ts, p->cap,
                p->kind == MK2CAP_ERROR ? mk2cap_error_name(p->error) : "truncated", p->offset);
        esc(f, p->msg);
        fprintf(f, "</td></tr>\n");
    }
    fprintf(f, "</table>\n");
}

/* ------------------------------------------------------------------ page */

static const char *css =
    "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;color:#1f2937;"
    "background:#f3f4f6;margin:0}"
    "header{background:#1e3a5f;color:#fff;padding:18px 32px}header h1{margin:0;font-size:22px;font-weight:600}"
    "header p{margin:4px 0 0;opacity:.8}"
    "main{padding:8px 32px 32px;max-width:1160px}"
    "section{background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:16px 20px;margin:16px 0}"
    "h2{font-size:17px;margin:0 0 10px;color:#1e3a5f}"
    "table{border-collapse:collapse;margin:8px 0;font-size:13px}th,td{padding:4px 10px;border-bottom:1px solid #e5e7eb;"
    "text-align:right}th{background:#f9fafb;color:#374151}td:first-child,th:first-child{text-align:left}"
    ".grid{stroke:#e5e7eb;stroke-width:1}.tick{font-size:11px;fill:#6b7280}.label{font-size:12px;fill:#374151}"
    ".title{font-size:13px;font-weight:600;fill:#1e3a5f}.band0{fill:#f9fafb}.band1{fill:#eef2f7}"
    ".slice{opacity:.45}.sample{stroke-width:2}.series{fill:none;stroke-width:2}"
    ".saturated{fill:#dc2626}.cleared{fill:#fff;stroke:#111827;stroke-width:1.5}"
    ".plots{display:flex;flex-wrap:wrap;gap:8px 20px}"
    ".legend{display:flex;flex-wrap:wrap;gap:6px 18px;font-size:12px;color:#374151;margin:6px 0 0 190px}"
    ".legend i{display:inline-block;width:12px;height:12px;border-radius:2px;margin-right:6px;vertical-align:-1px}"
    ".note{color:#6b7280}.bad{color:#dc2626;font-weight:600}"
    "#losstable td,#losstable th,#errcounters td,#errcounters th{text-align:left}";

int an_html(const an_data *d, FILE *f)
{
    double t0 = 0, t1 = 0;
    for (size_t i = 0; i < d->nrecs; i++) {
        if (!i || d->recs[i].t < t0) t0 = d->recs[i].t;
        if (!i || d->recs[i].t > t1) t1 = d->recs[i].t;
    }
    uint64_t nt = 0, nr = 0, nprob = 0;
    for (int c = 0; c < d->ncaps; c++) nt += d->caps[c].st.trace_samples, nr += d->caps[c].st.resource_samples;
    for (size_t i = 0; i < d->nprobs; i++) nprob += d->probs[i].kind == MK2CAP_ERROR;
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>MultiKron II trace report</title>"
               "<style>%s</style></head><body>\n",
            css);
    fprintf(f, "<header><h1>MultiKron II trace report</h1><p>%d capture%s \xc2\xb7 %zu samples (%" PRIu64 " Trace, %" PRIu64
               " Resource) \xc2\xb7 %zu intervals \xc2\xb7 %" PRIu64 " capture problem%s</p></header><main>\n",
            d->ncaps, d->ncaps == 1 ? "" : "s", d->nrecs, nt, nr, d->nivs, nprob, nprob == 1 ? "" : "s");
    fprintf(f, "<section id=\"summary\"><h2>Captures</h2><table><tr><th>file</th><th>node</th><th>Timestamp clock</th>"
               "<th>Trace</th><th>Resource</th><th>truncated</th><th>problems</th><th>bytes skipped</th></tr>\n");
    for (int c = 0; c < d->ncaps; c++) {
        const capture *cp = &d->caps[c];
        fprintf(f, "<tr><td>");
        esc(f, cp->path);
        fprintf(f, "</td><td>%u</td><td>", cp->node_id);
        if (cp->hz) fprintf(f, "%.6g MHz", (double)cp->hz / 1e6);
        else fprintf(f, "unknown");
        fprintf(f, "</td><td>%" PRIu64 "</td><td>%" PRIu64 "</td><td>%" PRIu64 "</td><td%s>%" PRIu64 "%s</td><td>%" PRIu64
                   "</td></tr>\n",
                cp->st.trace_samples, cp->st.resource_samples, cp->st.truncated, cp->st.errors ? " class=\"bad\"" : "",
                cp->st.errors, cp->bad_header ? " (bad header)" : "", cp->st.skipped_bytes);
    }
    fprintf(f, "</table></section>\n");
    fprintf(f, "<section id=\"timeline-section\"><h2>Timeline per node, CPU and process</h2>\n");
    timeline(d, f, t0, t1);
    fprintf(f, "</section>\n<section id=\"counters-section\"><h2>Resource counters over time</h2><div class=\"plots\">\n");
    counters(d, f, t0, t1);
    fprintf(f, "</div></section>\n<section id=\"intervals-section\"><h2>Intervals</h2>\n");
    if (d->ninames) {
        histograms(d, f);
    } else fprintf(f, "<p class=\"note\">No interval rules (mk2trace html --rules FILE).</p>\n");
    fprintf(f, "</section>\n<section id=\"loss-section\"><h2>Loss</h2>\n");
    loss(d, f, t0, t1);
    fprintf(f, "</section>\n</main></body></html>\n");
    return ferror(f) ? -1 : 0;
}
