/*
 * analysis.c - loading, merging and the text reports of mk2trace (analysis.h, docs/trace-tools.md).
 */
#include "analysis.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fprintf(stderr, "mk2trace: out of memory\n");
        exit(2);
    }
    return q;
}

#define PUSH(arr, n, cap, val)                                                                                          \
    do {                                                                                                                \
        if ((n) == (cap)) {                                                                                             \
            (cap) = (cap) ? 2 * (cap) : 64;                                                                             \
            (arr) = xrealloc((arr), (cap) * sizeof *(arr));                                                             \
        }                                                                                                               \
        (arr)[(n)++] = (val);                                                                                           \
    } while (0)

double an_seconds(const an_data *d, int cap, uint64_t ticks)
{
    uint64_t hz = d->caps[cap].hz;
    return hz ? (double)ticks / (double)hz : (double)ticks;
}

/* ------------------------------------------------------------------ rule file */

static int parse_num(const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    *v = strtoull(s, &end, 0);
    return errno || end == s || *end ? -1 : 0;
}

static int load_rules(an_data *d, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "mk2trace: %s: %s\n", path, strerror(errno));
        return -1;
    }
    char line[512];
    int lineno = 0, cap = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *h = strchr(line, '#');
        if (h) *h = 0;
        char *tok[4];
        int nt = 0;
        for (char *p = strtok(line, " \t\r\n"); p && nt < 4; p = strtok(NULL, " \t\r\n")) tok[nt++] = p;
        if (!nt) continue;
        rule r;
        memset(&r, 0, sizeof r);
        uint64_t v;
        if ((!strcmp(tok[0], "overrun") || !strcmp(tok[0], "waiterr")) && nt == 2 && !parse_num(tok[1], &v)) {
            r.event = v;
            r.kind = tok[0][0] == 'o' ? RULE_OVERRUN : RULE_WAITERR;
            snprintf(r.name, sizeof r.name, "%s", r.kind == RULE_OVERRUN ? "Overrun Error Counter" : "Wait Error Counter");
        } else if (!strcmp(tok[0], "pair") && nt == 2 && !parse_num(tok[1], &v) && v < 16 && !(v & 1)) {
            d->opt.pairs |= 1u << v;
            continue;
        } else if (nt == 3 && !parse_num(tok[0], &v) &&
                   (!strcmp(tok[2], "start") || !strcmp(tok[2], "end") || !strcmp(tok[2], "event"))) {
            r.event = v;
            r.kind = tok[2][0] == 's' ? RULE_START : tok[2][0] == 'e' && tok[2][1] == 'n' ? RULE_END : RULE_EVENT;
            snprintf(r.name, sizeof r.name, "%s", tok[1]);
        } else {
            fprintf(stderr,
                    "mk2trace: %s:%d: expected \"EVENT-ID NAME start|end|event\", \"overrun EVENT-ID\", "
                    "\"waiterr EVENT-ID\" or \"pair EVEN-COUNTER\"\n",
                    path, lineno);
            fclose(f);
            return -1;
        }
        for (int i = 0; i < d->nrules; i++)
            if (d->rules[i].event == r.event) {
                fprintf(stderr, "mk2trace: %s:%d: event 0x%" PRIx64 " already has a rule\n", path, lineno, r.event);
                fclose(f);
                return -1;
            }
        PUSH(d->rules, d->nrules, cap, r);
    }
    fclose(f);
    return 0;
}

static int find_rule(const an_data *d, uint64_t ev)
{
    for (int i = 0; i < d->nrules; i++)
        if (d->rules[i].event == ev) return i;
    return -1;
}

const char *an_event_name(const an_data *d, const rec *r, char *buf, size_t len)
{
    if (r->s.kind == 'R') snprintf(buf, len, "Resource sample");
    else if (r->rule >= 0 && d->rules[r->rule].kind == RULE_START) snprintf(buf, len, "%s start", d->rules[r->rule].name);
    else if (r->rule >= 0 && d->rules[r->rule].kind == RULE_END) snprintf(buf, len, "%s end", d->rules[r->rule].name);
    else if (r->rule >= 0) snprintf(buf, len, "%s", d->rules[r->rule].name);
    else snprintf(buf, len, "event 0x%" PRIx64, r->event);
    return buf;
}

/* ------------------------------------------------------------------ load and merge */

static const an_data *sort_d;

static int cmp_rec(const void *a, const void *b)
{
    const rec *x = a, *y = b;
    uint64_t hx = sort_d->caps[x->cap].hz, hy = sort_d->caps[y->cap].hz;
    if (hx && hy && hx != hy) {
        unsigned __int128 l = (unsigned __int128)x->s.ts * hy, r = (unsigned __int128)y->s.ts * hx;
        if (l != r) return l < r ? -1 : 1;
    } else if (x->s.ts != y->s.ts) return x->s.ts < y->s.ts ? -1 : 1;
    if (x->cap != y->cap) return x->cap < y->cap ? -1 : 1; /* equal times: stable (file order, then sample order) */
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int int_index(an_data *d, const char *name, int *cap)
{
    for (int i = 0; i < d->ninames; i++)
        if (!strcmp(d->inames[i], name)) return i;
    if (d->ninames == *cap) {
        *cap = *cap ? 2 * *cap : 8;
        d->inames = xrealloc(d->inames, (size_t)*cap * sizeof *d->inames);
    }
    snprintf(d->inames[d->ninames], 64, "%s", name);
    return d->ninames++;
}

typedef struct {
    unsigned node, proc;
    int name;
    size_t rec;
} open_iv;

static void match_intervals(an_data *d)
{
    int icap = 0;
    for (int i = 0; i < d->nrules; i++)
        if (d->rules[i].kind == RULE_START || d->rules[i].kind == RULE_END) int_index(d, d->rules[i].name, &icap);
    d->istats = calloc((size_t)d->ninames + 1, sizeof *d->istats);
    open_iv *open = NULL;
    size_t nopen = 0, ocap = 0, ivcap = 0;
    for (size_t i = 0; i < d->nrecs; i++) {
        rec *r = &d->recs[i];
        if (r->s.kind != 'T' || r->rule < 0) continue;
        const rule *ru = &d->rules[r->rule];
        if (ru->kind != RULE_START && ru->kind != RULE_END) continue;
        int name = int_index(d, ru->name, &icap);
        if (ru->kind == RULE_START) {
            open_iv o = {r->node, r->proc, name, i};
            PUSH(open, nopen, ocap, o);
            continue;
        }
        /* an end closes the latest open start of the same name, node and process */
        size_t k = nopen;
        while (k-- > 0)
            if (open[k].name == name && open[k].node == r->node && open[k].proc == r->proc) break;
        if (k == (size_t)-1) {
            d->istats[name].unmatched_end++;
            continue;
        }
        const rec *s = &d->recs[open[k].rec];
        interval iv;
        memset(&iv, 0, sizeof iv);
        iv.name = name, iv.node = r->node, iv.proc = r->proc, iv.cpu = s->s.cpu;
        iv.start_ts = s->s.ts, iv.end_ts = r->s.ts;
        iv.ticks = r->s.ts >= s->s.ts ? r->s.ts - s->s.ts : 0;
        iv.start_t = s->t, iv.end_t = r->t;
        iv.secs = an_seconds(d, s->cap, iv.ticks);
        iv.start_rec = open[k].rec, iv.end_rec = i;
        PUSH(d->ivs, d->nivs, ivcap, iv);
        memmove(&open[k], &open[k + 1], (nopen - k - 1) * sizeof *open);
        nopen--;
        istat *st = &d->istats[name];
        /* ticks and seconds separately: nodes may run different Timestamp clocks */
        if (!st->count || iv.ticks < st->min) st->min = iv.ticks;
        if (!st->count || iv.ticks > st->max) st->max = iv.ticks;
        if (!st->count || iv.secs < st->min_s) st->min_s = iv.secs;
        if (!st->count || iv.secs > st->max_s) st->max_s = iv.secs;
        st->count++;
        st->total += iv.ticks;
        st->total_s += iv.secs;
    }
    for (size_t k = 0; k < nopen; k++) d->istats[open[k].name].unmatched_start++;
    free(open);
}

static void counter_deltas(an_data *d)
{
    /* counters belong to a chip: deltas between consecutive Resource samples of one capture */
    size_t cap = 0;
    for (int c = 0; c < d->ncaps; c++) {
        uint64_t prev[16];
        int have = 0;
        for (size_t i = 0; i < d->nrecs; i++) {
            const rec *r = &d->recs[i];
            if (r->cap != c || r->s.kind != 'R') continue;
            for (int k = 0; k < 16; k++) {
                int pair = !(k & 1) && (d->opt.pairs >> k & 1);
                if ((k & 1) && (d->opt.pairs >> (k - 1) & 1)) continue; /* the high half of a pair */
                cdelta cd;
                memset(&cd, 0, sizeof cd);
                cd.rec = i, cd.counter = k, cd.pair = pair;
                cd.value = pair ? (uint64_t)r->s.cnt[k + 1] << 32 | r->s.cnt[k] : r->s.cnt[k];
                uint64_t max = pair ? UINT64_MAX : UINT32_MAX;
                if (!have) cd.status = cd.value == max ? CD_STUCK : CD_FIRST;
                else if (cd.value == max && prev[k] == max) cd.status = CD_STUCK;
                else if (cd.value == max) cd.status = CD_SATURATED, cd.delta = max - prev[k];
                else if (cd.value < prev[k]) cd.status = CD_CLEARED;
                else cd.status = CD_DELTA, cd.delta = cd.value - prev[k];
                prev[k] = cd.value;
                PUSH(d->cds, d->ncds, cap, cd);
            }
            have = 1;
        }
    }
}

int an_load(an_data *d, const an_options *opt, char **paths, int npaths)
{
    memset(d, 0, sizeof *d);
    d->opt = *opt;
    if (opt->rules_path && load_rules(d, opt->rules_path)) return -1;
    d->caps = calloc((size_t)npaths + 1, sizeof *d->caps);
    size_t rcap = 0, pcap = 0;
    for (int c = 0; c < npaths; c++) {
        mk2cap_reader *r = mk2cap_open(paths[c]);
        if (!r) {
            fprintf(stderr, "mk2trace: %s: %s\n", paths[c], strerror(errno));
            return -1;
        }
        capture *cp = &d->caps[d->ncaps++];
        cp->path = paths[c];
        cp->node_id = mk2cap_node(r);
        cp->hz = mk2cap_tsclk_hz(r);
        mk2cap_event ev;
        uint64_t seq = 0;
        double last_t = 0;
        uint64_t last_ts = 0;
        while (mk2cap_next(r, &ev) != MK2CAP_END) {
            if (ev.type == MK2CAP_SAMPLE) {
                rec x;
                memset(&x, 0, sizeof x);
                x.s = ev.sample;
                x.cap = c;
                x.seq = seq++;
                x.offset = ev.offset;
                int pb = opt->proc_bits;
                x.proc = pb >= 32 ? x.s.src : x.s.src & ((1u << pb) - 1);
                x.node = opt->node_from_header ? cp->node_id : pb >= 32 ? 0 : x.s.src >> pb;
                int eb = opt->event_bits;
                x.event = eb >= 64 ? x.s.data : eb <= 0 ? 0 : x.s.data >> (64 - eb);
                x.arg = eb >= 64 ? 0 : eb <= 0 ? x.s.data : x.s.data & (UINT64_MAX >> eb);
                x.t = an_seconds(d, c, x.s.ts);
                x.rule = x.s.kind == 'T' ? find_rule(d, x.event) : -1;
                last_t = x.t;
                last_ts = x.s.ts;
                PUSH(d->recs, d->nrecs, rcap, x);
            } else if (ev.type == MK2CAP_ERROR || ev.type == MK2CAP_TRUNCATED) {
                problem p;
                memset(&p, 0, sizeof p);
                p.cap = c, p.kind = ev.type, p.error = ev.error, p.offset = ev.offset, p.nbytes = ev.nbytes;
                p.after_rec = seq ? seq - 1 : UINT64_MAX;
                p.t = last_t;
                p.ts = last_ts;
                if (ev.type == MK2CAP_ERROR) snprintf(p.msg, sizeof p.msg, "%s", ev.msg);
                else snprintf(p.msg, sizeof p.msg, "sample cut short after %d bytes (reset or test-mode pop)", ev.nbytes);
                if (ev.type == MK2CAP_ERROR) d->had_problems = 1;
                if (ev.error == MK2CAP_E_HEADER) cp->bad_header = 1;
                PUSH(d->probs, d->nprobs, pcap, p);
            }
        }
        cp->st = *mk2cap_get_stats(r);
        mk2cap_free(r);
    }
    d->all_same_hz = 1;
    for (int c = 1; c < d->ncaps; c++)
        if (d->caps[c].hz != d->caps[0].hz) d->all_same_hz = 0;
    sort_d = d;
    qsort(d->recs, d->nrecs, sizeof *d->recs, cmp_rec);
    match_intervals(d);
    counter_deltas(d);
    return 0;
}

void an_free(an_data *d)
{
    free(d->caps);
    free(d->recs);
    free(d->probs);
    free(d->rules);
    free(d->inames);
    free(d->ivs);
    free(d->istats);
    free(d->cds);
    memset(d, 0, sizeof *d);
}

/* ------------------------------------------------------------------ text reports */

static void fmt_time(const an_data *d, int cap, double t, char *buf, size_t len)
{
    if (d->caps[cap].hz) snprintf(buf, len, "%.9f", t);
    else snprintf(buf, len, "-");
}

int an_timeline(const an_data *d, FILE *f)
{
    fprintf(f, "# time_s cap node.proc cpu event | trace line (merged, ordered by timestamp)\n");
    for (size_t i = 0; i < d->nrecs; i++) {
        const rec *r = &d->recs[i];
        char t[40], line[1024], name[96];
        fmt_time(d, r->cap, r->t, t, sizeof t);
        mk2trace_format(&r->s, 1, line, sizeof line);
        fprintf(f, "%s %u %u.%u cpu%u %s | %s\n", t, d->caps[r->cap].node_id, r->node, r->proc, r->s.cpu,
                an_event_name(d, r, name, sizeof name), line);
    }
    return ferror(f) ? -1 : 0;
}

int an_intervals(const an_data *d, FILE *f)
{
    fprintf(f, "%-20s %8s %14s %14s %14s %14s %14s %14s %14s %14s %8s %8s\n", "interval", "count", "total", "mean", "min",
            "max", "total_s", "mean_s", "min_s", "max_s", "open", "orphan");
    for (int i = 0; i < d->ninames; i++) {
        const istat *s = &d->istats[i];
        double mean = s->count ? (double)s->total / (double)s->count : 0, mean_s = s->count ? s->total_s / (double)s->count : 0;
        fprintf(f, "%-20s %8" PRIu64 " %14" PRIu64 " %14.1f %14" PRIu64 " %14" PRIu64 " %14.9f %14.9f %14.9f %14.9f %8" PRIu64
                   " %8" PRIu64 "\n",
                d->inames[i], s->count, s->total, mean, s->min, s->max, s->total_s, mean_s, s->min_s, s->max_s,
                s->unmatched_start, s->unmatched_end);
    }
    fprintf(f, "# ticks of the node's Timestamp clock; _s in seconds (ticks when the clock is unknown); open = starts "
               "never ended, orphan = ends with no start\n");
    return ferror(f) ? -1 : 0;
}

static const char *cd_text(const cdelta *c, char *buf, size_t len)
{
    switch (c->status) {
    case CD_FIRST: snprintf(buf, len, "first"); break;
    case CD_DELTA: snprintf(buf, len, "+%" PRIu64, c->delta); break;
    case CD_SATURATED: snprintf(buf, len, "saturated (+>=%" PRIu64 ")", c->delta); break;
    case CD_STUCK: snprintf(buf, len, "saturated"); break;
    default: snprintf(buf, len, "cleared"); break;
    }
    return buf;
}

int an_counters(const an_data *d, FILE *f)
{
    fprintf(f, "# time_s cap ts counter value delta  (deltas between consecutive Resource samples of one capture)\n");
    for (size_t i = 0; i < d->ncds; i++) {
        const cdelta *c = &d->cds[i];
        const rec *r = &d->recs[c->rec];
        char t[40], dt[64], name[16];
        fmt_time(d, r->cap, r->t, t, sizeof t);
        if (c->pair) snprintf(name, sizeof name, "%d:%d", c->counter + 1, c->counter);
        else snprintf(name, sizeof name, "%d", c->counter);
        fprintf(f, "%s %u %014" PRIx64 " %-5s %20" PRIu64 " %s\n", t, d->caps[r->cap].node_id, r->s.ts, name, c->value,
                cd_text(c, dt, sizeof dt));
    }
    return ferror(f) ? -1 : 0;
}

int an_loss(const an_data *d, FILE *f)
{
    uint64_t nS = 0, nF = 0;
    fprintf(f, "# loss report\n");
    for (int c = 0; c < d->ncaps; c++) {
        const capture *cp = &d->caps[c];
        fprintf(f, "capture %s: node %u, Timestamp clock %" PRIu64 " Hz, %" PRIu64 " samples, %" PRIu64 " truncated, %" PRIu64
                   " problems, %" PRIu64 " bytes (%" PRIu64 " network elements) skipped%s\n",
                cp->path, cp->node_id, cp->hz, cp->st.samples, cp->st.truncated, cp->st.errors, cp->st.skipped_bytes,
                cp->st.skipped_elements, cp->bad_header ? ", BAD HEADER" : "");
    }
    for (size_t i = 0; i < d->nprobs; i++) {
        const problem *p = &d->probs[i];
        fprintf(f, "%s %s offset %" PRIu64 ": %s%s%s\n", p->kind == MK2CAP_ERROR ? "problem" : "truncated",
                d->caps[p->cap].path, p->offset, p->kind == MK2CAP_ERROR ? mk2cap_error_name(p->error) : "",
                p->kind == MK2CAP_ERROR ? ": " : "", p->msg);
    }
    uint64_t last_ovr[2] = {0, 0};
    int have_ovr[2] = {0, 0};
    for (size_t i = 0; i < d->nrecs; i++) {
        const rec *r = &d->recs[i];
        char t[40], line[1024];
        fmt_time(d, r->cap, r->t, t, sizeof t);
        if (r->s.shadow_overrun || r->s.fifo_overrun) {
            nS += (unsigned)r->s.shadow_overrun;
            nF += (unsigned)r->s.fifo_overrun;
            mk2trace_format(&r->s, 1, line, sizeof line);
            fprintf(f, "flag %s cap %u node %u.%u: %s%s%s, lost before: %s\n", t, d->caps[r->cap].node_id, r->node,
                    r->proc, r->s.shadow_overrun ? "shadow-overrun (a Resource sample found the shadows busy)" : "",
                    r->s.shadow_overrun && r->s.fifo_overrun ? " and " : "",
                    r->s.fifo_overrun ? "FIFO-overrun (a sample found the FIFO full)" : "", line);
        }
        if (r->rule >= 0 && (d->rules[r->rule].kind == RULE_OVERRUN || d->rules[r->rule].kind == RULE_WAITERR)) {
            int w = d->rules[r->rule].kind == RULE_WAITERR;
            fprintf(f, "%s %s cap %u node %u.%u: %" PRIu64, w ? "waiterr" : "overrun", t, d->caps[r->cap].node_id, r->node,
                    r->proc, r->arg);
            if (have_ovr[w] && r->arg >= last_ovr[w]) fprintf(f, " (+%" PRIu64 ")", r->arg - last_ovr[w]);
            fprintf(f, "\n");
            last_ovr[w] = r->arg;
            have_ovr[w] = 1;
        }
    }
    fprintf(f, "summary: %" PRIu64 " samples with S (shadow overrun), %" PRIu64 " with F (FIFO overrun), %zu capture "
               "problems or truncations\n",
            nS, nF, d->nprobs);
    return ferror(f) ? -1 : 0;
}

/* a CSV field in double quotes (any quote doubled) */
static void csv_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

int an_csv(const an_data *d, FILE *f)
{
    fprintf(f, "capture,capture_node,seq,offset,netclk,kind,cpu,type,header,shadow_overrun,fifo_overrun,ts,time_s,src,"
               "node,process,data,event,arg,name");
    for (int k = 0; k < 16; k++) fprintf(f, ",cnt%d", k);
    fprintf(f, "\n");
    for (size_t i = 0; i < d->nrecs; i++) {
        const rec *r = &d->recs[i];
        char t[40], name[96];
        fmt_time(d, r->cap, r->t, t, sizeof t);
        if (t[0] == '-') t[0] = 0;
        an_event_name(d, r, name, sizeof name);
        csv_str(f, d->caps[r->cap].path);
        fprintf(f, ",%u,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%c,%u,%u,0x%02x,%d,%d,%" PRIu64 ",%s,0x%08x,%u,%u,0x%016" PRIx64
                   ",0x%" PRIx64 ",0x%" PRIx64 ",",
                d->caps[r->cap].node_id, r->seq, r->offset, r->s.netclk, r->s.kind, r->s.cpu, r->s.type, r->s.header,
                r->s.shadow_overrun, r->s.fifo_overrun, r->s.ts, t, r->s.src, r->node, r->proc, r->s.data, r->event, r->arg);
        csv_str(f, name);
        for (int k = 0; k < 16; k++) {
            if (r->s.kind == 'R') fprintf(f, ",%u", r->s.cnt[k]);
            else fprintf(f, ",");
        }
        fprintf(f, "\n");
    }
    return ferror(f) ? -1 : 0;
}
