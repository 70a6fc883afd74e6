/*
 * perfetto.c - mk2trace perfetto: a Perfetto trace (protos/perfetto/trace/trace.proto), written with a
 * small hand-written protobuf encoder. docs/trace-tools.md ("Perfetto") describes what goes where:
 *   - one packet sequence per capture, opened by a ClockSnapshot that defines the sequence-scoped clock
 *     64 = that node's Timestamp clock (unit_multiplier_ns = 1e9 / Hz, rounded; 1 when unknown) against
 *     BOOTTIME, so every event's timestamp is the sample's 56-bit Timestamp itself, in ticks;
 *   - tracks: node (a process track) > "cpu C" > "process P"; interval slices on a child track per
 *     interval name; counter tracks per Resource counter (64-bit pairs joined); a loss track per capture;
 *   - events: an instant per Trace sample (its fields as debug annotations), slice begin/end per
 *     interval, counter values per Resource sample, instants for S/F flags, capture problems,
 *     truncations and counter saturation, counter tracks for tagged Overrun / Wait Error Counter values.
 */
#include "analysis.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ protobuf writer */

typedef struct {
    uint8_t *p;
    size_t n, cap;
} pb;

static void pb_raw(pb *b, const void *d, size_t n)
{
    if (b->n + n > b->cap) {
        while (b->n + n > b->cap) b->cap = b->cap ? 2 * b->cap : 256;
        b->p = realloc(b->p, b->cap);
        if (!b->p) {
            fprintf(stderr, "mk2trace: out of memory\n");
            exit(2);
        }
    }
    memcpy(b->p + b->n, d, n);
    b->n += n;
}

static void pb_varint(pb *b, uint64_t v)
{
    uint8_t t[10];
    int n = 0;
    do {
        t[n] = (uint8_t)(v & 0x7F);
        v >>= 7;
        if (v) t[n] |= 0x80;
        n++;
    } while (v);
    pb_raw(b, t, (size_t)n);
}

static void pb_tag(pb *b, unsigned field, unsigned wt) { pb_varint(b, (uint64_t)field << 3 | wt); }
static void pb_u64(pb *b, unsigned field, uint64_t v) { pb_tag(b, field, 0), pb_varint(b, v); }
static void pb_i64(pb *b, unsigned field, int64_t v) { pb_tag(b, field, 0), pb_varint(b, (uint64_t)v); }
static void pb_double(pb *b, unsigned field, double v)
{
    uint64_t u;
    memcpy(&u, &v, 8);
    uint8_t t[8];
    for (int i = 0; i < 8; i++) t[i] = (uint8_t)(u >> (8 * i));
    pb_tag(b, field, 1);
    pb_raw(b, t, 8);
}
static void pb_bytes(pb *b, unsigned field, const void *d, size_t n)
{
    pb_tag(b, field, 2);
    pb_varint(b, n);
    pb_raw(b, d, n);
}
static void pb_str(pb *b, unsigned field, const char *s) { pb_bytes(b, field, s, strlen(s)); }
static void pb_msg(pb *b, unsigned field, pb *sub)
{
    pb_bytes(b, field, sub->p, sub->n);
    sub->n = 0;
}

/* field numbers (perfetto protos) */
enum {
    TRACE_PACKET = 1,
    TP_TIMESTAMP = 8, TP_CLOCK_ID = 58, TP_SEQ_ID = 10, TP_TRACK_EVENT = 11, TP_TRACK_DESCRIPTOR = 60,
    TP_CLOCK_SNAPSHOT = 6, TP_SEQ_FLAGS = 13, TP_FIRST_ON_SEQ = 87,
    CS_CLOCKS = 1, CS_PRIMARY = 2, CLK_ID = 1, CLK_TS = 2, CLK_MULT = 4,
    TD_UUID = 1, TD_PARENT = 5, TD_NAME = 2, TD_PROCESS = 3, TD_COUNTER = 8, TD_DESCRIPTION = 14,
    PD_PID = 1, PD_NAME = 6,
    CD_UNIT_NAME = 6,
    TE_TYPE = 9, TE_TRACK = 11, TE_NAME = 23, TE_COUNTER = 30, TE_DCOUNTER = 44, TE_DEBUG = 4, TE_CATEGORIES = 22,
    DA_NAME = 10, DA_UINT = 3, DA_STRING = 6,
};
enum { TYPE_SLICE_BEGIN = 1, TYPE_SLICE_END = 2, TYPE_INSTANT = 3, TYPE_COUNTER = 4 };
#define BOOTTIME 6
#define NODE_CLOCK 64 /* sequence-scoped custom clock (ids 64..127) */
#define SEQ_INCREMENTAL_STATE_CLEARED 1

/* ------------------------------------------------------------------ tracks */

typedef struct {
    FILE *f;
    pb pkt, sub, sub2, sub3;
    uint64_t *known; /* uuids already described */
    size_t nknown, capknown;
    int npids;
    int err;
} pw;

static uint64_t uuid_of(const char *key)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)key; *p; p++) h = (h ^ *p) * 1099511628211ull;
    return h >> 1 ? h >> 1 : 1;
}

static void emit_packet(pw *w)
{
    pb out = {0};
    pb_msg(&out, TRACE_PACKET, &w->pkt);
    if (fwrite(out.p, 1, out.n, w->f) != out.n) w->err = 1;
    free(out.p);
}

static int known(pw *w, uint64_t u)
{
    for (size_t i = 0; i < w->nknown; i++)
        if (w->known[i] == u) return 1;
    if (w->nknown == w->capknown) {
        w->capknown = w->capknown ? 2 * w->capknown : 64;
        w->known = realloc(w->known, w->capknown * sizeof *w->known);
    }
    w->known[w->nknown++] = u;
    return 0;
}

/* Describe a track once; counter: 1 for a counter track. Returns its uuid. */
static uint64_t track(pw *w, const char *key, uint64_t parent, const char *name, int counter, int seq)
{
    uint64_t u = uuid_of(key);
    if (known(w, u)) return u;
    pb_u64(&w->sub, TD_UUID, u);
    if (parent) pb_u64(&w->sub, TD_PARENT, parent);
    pb_str(&w->sub, TD_NAME, name);
    if (counter) {
        pb_str(&w->sub2, CD_UNIT_NAME, "events");
        pb_msg(&w->sub, TD_COUNTER, &w->sub2);
    }
    pb_msg(&w->pkt, TP_TRACK_DESCRIPTOR, &w->sub);
    pb_u64(&w->pkt, TP_SEQ_ID, (uint64_t)seq);
    emit_packet(w);
    return u;
}

static uint64_t node_track(pw *w, unsigned node, int seq)
{
    char key[64], name[64];
    snprintf(key, sizeof key, "node/%u", node);
    uint64_t u = uuid_of(key);
    if (known(w, u)) return u;
    snprintf(name, sizeof name, "MultiKron node %u", node);
    pb_u64(&w->sub, TD_UUID, u);
    pb_str(&w->sub, TD_NAME, name);
    pb_i64(&w->sub2, PD_PID, ++w->npids);
    pb_str(&w->sub2, PD_NAME, name);
    pb_msg(&w->sub, TD_PROCESS, &w->sub2);
    pb_msg(&w->pkt, TP_TRACK_DESCRIPTOR, &w->sub);
    pb_u64(&w->pkt, TP_SEQ_ID, (uint64_t)seq);
    emit_packet(w);
    return u;
}

static uint64_t proc_track(pw *w, const an_data *d, const rec *r, int seq)
{
    char key[96], name[96];
    uint64_t n = node_track(w, r->node, seq);
    snprintf(key, sizeof key, "node/%u/cpu/%u", r->node, r->s.cpu);
    snprintf(name, sizeof name, "cpu %u", r->s.cpu);
    uint64_t c = track(w, key, n, name, 0, seq);
    snprintf(key, sizeof key, "node/%u/cpu/%u/proc/%u", r->node, r->s.cpu, r->proc);
    snprintf(name, sizeof name, "process %u (src 0x%08x)", r->proc, r->s.src);
    (void)d;
    return track(w, key, c, name, 0, seq);
}

static uint64_t loss_track(pw *w, const an_data *d, int cap)
{
    char key[64], name[96];
    snprintf(key, sizeof key, "loss/%d", cap);
    snprintf(name, sizeof name, "loss: capture %d (node %u)", cap, d->caps[cap].node_id);
    return track(w, key, 0, name, 0, cap + 1);
}

/* ------------------------------------------------------------------ events */

static void ev_head(pw *w, int seq, uint64_t ts)
{
    pb_u64(&w->pkt, TP_TIMESTAMP, ts);
    pb_u64(&w->pkt, TP_CLOCK_ID, NODE_CLOCK);
    pb_u64(&w->pkt, TP_SEQ_ID, (uint64_t)seq);
}

static void ann_u(pw *w, const char *name, uint64_t v)
{
    pb_str(&w->sub2, DA_NAME, name);
    pb_u64(&w->sub2, DA_UINT, v);
    pb_msg(&w->sub, TE_DEBUG, &w->sub2);
}

static void ann_s(pw *w, const char *name, const char *v)
{
    pb_str(&w->sub2, DA_NAME, name);
    pb_str(&w->sub2, DA_STRING, v);
    pb_msg(&w->sub, TE_DEBUG, &w->sub2);
}

/* one event: w->sub holds extra fields (annotations) already */
static void event(pw *w, int seq, uint64_t ts, int type, uint64_t track_uuid, const char *name, const char *category)
{
    pb_u64(&w->sub, TE_TYPE, (uint64_t)type);
    pb_u64(&w->sub, TE_TRACK, track_uuid);
    if (name) pb_str(&w->sub, TE_NAME, name);
    if (category) pb_str(&w->sub, TE_CATEGORIES, category);
    ev_head(w, seq, ts);
    pb_msg(&w->pkt, TP_TRACK_EVENT, &w->sub);
    emit_packet(w);
}

static void counter_event(pw *w, int seq, uint64_t ts, uint64_t track_uuid, uint64_t v)
{
    pb_u64(&w->sub, TE_TYPE, TYPE_COUNTER);
    pb_u64(&w->sub, TE_TRACK, track_uuid);
    if (v <= INT64_MAX) pb_i64(&w->sub, TE_COUNTER, (int64_t)v);
    else pb_double(&w->sub, TE_DCOUNTER, (double)v);
    ev_head(w, seq, ts);
    pb_msg(&w->pkt, TP_TRACK_EVENT, &w->sub);
    emit_packet(w);
}

static size_t *by_start_sorted(const an_data *d)
{
    size_t *ix = malloc((d->nivs + 1) * sizeof *ix);
    for (size_t i = 0; i < d->nivs; i++) ix[i] = i;
    /* insertion sort by start_rec (ivs are in end order; usually nearly sorted) */
    for (size_t i = 1; i < d->nivs; i++) {
        size_t v = ix[i], j = i;
        while (j > 0 && d->ivs[ix[j - 1]].start_rec > d->ivs[v].start_rec) ix[j] = ix[j - 1], j--;
        ix[j] = v;
    }
    return ix;
}

static uint64_t interval_track(pw *w, const an_data *d, const interval *iv, int seq)
{
    char key[160], name[96];
    rec r = d->recs[iv->start_rec];
    uint64_t p = proc_track(w, d, &r, seq);
    snprintf(key, sizeof key, "node/%u/cpu/%u/proc/%u/iv/%s", r.node, r.s.cpu, r.proc, d->inames[iv->name]);
    snprintf(name, sizeof name, "%s", d->inames[iv->name]);
    return track(w, key, p, name, 0, seq);
}

int an_perfetto(const an_data *d, FILE *f)
{
    pw w;
    memset(&w, 0, sizeof w);
    w.f = f;
    /* one sequence and clock per capture */
    for (int c = 0; c < d->ncaps; c++) {
        uint64_t hz = d->caps[c].hz;
        uint64_t mult = hz ? (uint64_t)llround(1e9 / (double)hz) : 1;
        if (!mult) mult = 1;
        pb_u64(&w.sub2, CLK_ID, BOOTTIME);
        pb_u64(&w.sub2, CLK_TS, 0);
        pb_msg(&w.sub, CS_CLOCKS, &w.sub2);
        pb_u64(&w.sub2, CLK_ID, NODE_CLOCK);
        pb_u64(&w.sub2, CLK_TS, 0);
        pb_u64(&w.sub2, CLK_MULT, mult);
        pb_msg(&w.sub, CS_CLOCKS, &w.sub2);
        pb_u64(&w.sub, CS_PRIMARY, BOOTTIME);
        pb_msg(&w.pkt, TP_CLOCK_SNAPSHOT, &w.sub);
        pb_u64(&w.pkt, TP_SEQ_ID, (uint64_t)c + 1);
        pb_u64(&w.pkt, TP_SEQ_FLAGS, SEQ_INCREMENTAL_STATE_CLEARED);
        pb_u64(&w.pkt, TP_FIRST_ON_SEQ, 1);
        emit_packet(&w);
    }
    size_t *starts = by_start_sorted(d);
    size_t si = 0, ei = 0; /* ivs are in end order */
    for (size_t i = 0; i < d->nrecs; i++) {
        const rec *r = &d->recs[i];
        int seq = r->cap + 1;
        char name[128], buf[64];
        /* interval slices that begin here */
        for (; si < d->nivs && d->ivs[starts[si]].start_rec == i; si++) {
            const interval *iv = &d->ivs[starts[si]];
            uint64_t t = interval_track(&w, d, iv, seq);
            ann_u(&w, "ticks", iv->ticks);
            event(&w, seq, r->s.ts, TYPE_SLICE_BEGIN, t, d->inames[iv->name], "interval");
        }
        if (r->s.kind == 'T') {
            uint64_t t = proc_track(&w, d, r, seq);
            snprintf(buf, sizeof buf, "0x%016" PRIx64, r->s.data);
            ann_s(&w, "data", buf);
            ann_u(&w, "event", r->event);
            ann_u(&w, "arg", r->arg);
            snprintf(buf, sizeof buf, "0x%08x", r->s.src);
            ann_s(&w, "src", buf);
            ann_u(&w, "ts_ticks", r->s.ts);
            ann_u(&w, "netclk", r->s.netclk);
            snprintf(buf, sizeof buf, "%c%c", r->s.shadow_overrun ? 'S' : '-', r->s.fifo_overrun ? 'F' : '-');
            ann_s(&w, "err", buf);
            event(&w, seq, r->s.ts, TYPE_INSTANT, t, an_event_name(d, r, name, sizeof name), "trace");
            if (r->rule >= 0 && (d->rules[r->rule].kind == RULE_OVERRUN || d->rules[r->rule].kind == RULE_WAITERR)) {
                char key[64];
                snprintf(key, sizeof key, "errcnt/%d/%d", r->cap, d->rules[r->rule].kind);
                snprintf(name, sizeof name, "%s (capture %d)", d->rules[r->rule].name, r->cap);
                uint64_t ct = track(&w, key, loss_track(&w, d, r->cap), name, 1, seq);
                counter_event(&w, seq, r->s.ts, ct, r->arg);
            }
        }
        if (r->s.shadow_overrun || r->s.fifo_overrun) {
            uint64_t lt = loss_track(&w, d, r->cap);
            snprintf(buf, sizeof buf, "0x%08x", r->s.src);
            ann_s(&w, "src", buf);
            ann_u(&w, "cpu", r->s.cpu);
            event(&w, seq, r->s.ts, TYPE_INSTANT, lt,
                  r->s.shadow_overrun && r->s.fifo_overrun ? "S+F: shadow and FIFO overrun before this sample"
                  : r->s.shadow_overrun                    ? "S: shadow overrun before this sample"
                                                           : "F: FIFO overrun before this sample",
                  "loss");
        }
        /* interval slices that end here */
        for (; ei < d->nivs && d->ivs[ei].end_rec == i; ei++) {
            const interval *iv = &d->ivs[ei];
            uint64_t t = interval_track(&w, d, iv, d->recs[iv->start_rec].cap + 1);
            event(&w, seq, r->s.ts, TYPE_SLICE_END, t, NULL, NULL);
        }
    }
    /* Resource counters: one counter track per counter (or 64-bit pair) per capture, under its node */
    for (size_t i = 0; i < d->ncds; i++) {
        const cdelta *c = &d->cds[i];
        const rec *r = &d->recs[c->rec];
        int seq = r->cap + 1;
        char key[64], name[96];
        snprintf(key, sizeof key, "cnt/%d/%d", r->cap, c->counter);
        if (c->pair) snprintf(name, sizeof name, "counter %d:%d (64-bit)", c->counter + 1, c->counter);
        else snprintf(name, sizeof name, "counter %d", c->counter);
        int shared = 0; /* another capture of the same node: say which capture the counter is from */
        for (int c2 = 0; c2 < d->ncaps; c2++) shared |= c2 != r->cap && d->caps[c2].node_id == d->caps[r->cap].node_id;
        if (shared) snprintf(name + strlen(name), sizeof name - strlen(name), " [capture %d]", r->cap);
        uint64_t t = track(&w, key, node_track(&w, r->node, seq), name, 1, seq);
        counter_event(&w, seq, r->s.ts, t, c->value);
        if (c->status == CD_SATURATED || c->status == CD_CLEARED) {
            uint64_t lt = loss_track(&w, d, r->cap); /* (describing a track uses w.sub: before the annotations) */
            ann_u(&w, "value", c->value);
            snprintf(name, sizeof name, "counter %d %s", c->counter, c->status == CD_SATURATED ? "saturated" : "cleared");
            event(&w, seq, r->s.ts, TYPE_INSTANT, lt, name, "counter");
        }
    }
    /* capture problems and truncated samples, at the Timestamp of the sample before them */
    for (size_t i = 0; i < d->nprobs; i++) {
        const problem *p = &d->probs[i];
        char name[300];
        uint64_t lt = loss_track(&w, d, p->cap);
        ann_u(&w, "offset", p->offset);
        ann_s(&w, "problem", p->msg);
        snprintf(name, sizeof name, "%s at offset %" PRIu64,
                 p->kind == MK2CAP_ERROR ? mk2cap_error_name(p->error) : "truncated sample", p->offset);
        event(&w, p->cap + 1, p->ts, TYPE_INSTANT, lt, name, "loss");
    }
    free(starts);
    free(w.pkt.p), free(w.sub.p), free(w.sub2.p), free(w.sub3.p), free(w.known);
    return w.err || ferror(f) ? -1 : 0;
}
