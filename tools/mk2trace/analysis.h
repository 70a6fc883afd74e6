/*
 * analysis.h - the data model of the mk2trace tool: captures loaded and merged into one timeline,
 * events and intervals from a rule file, Resource counter deltas, losses. docs/trace-tools.md.
 */
#ifndef MK2TRACE_ANALYSIS_H
#define MK2TRACE_ANALYSIS_H

#include "mk2trace.h"

#include <stdint.h>
#include <stdio.h>

typedef struct {
    const char *path;
    unsigned node_id;      /* from the capture header */
    uint64_t hz;           /* Timestamp clock, 0 = unknown */
    mk2cap_stats st;
    int bad_header;
} capture;

typedef struct {
    mk2_sample s;
    int cap;               /* index into an_data.caps */
    uint64_t seq;          /* order within its capture */
    uint64_t offset;       /* file offset of its first element */
    unsigned node, proc;   /* from the source id (or node from the capture header: --node-from header) */
    uint64_t event, arg;   /* user data split (--event-bits) */
    double t;              /* seconds: ts / hz (ticks when hz is unknown) */
    int rule;              /* index of the rule naming its event, -1 */
} rec;

typedef struct {           /* a problem in a capture: decode error or truncated sample */
    int cap;
    int kind;              /* MK2CAP_ERROR or MK2CAP_TRUNCATED */
    int error;
    uint64_t offset;
    int nbytes;
    uint64_t after_rec;    /* index (in load order of its capture) of the sample before it, or UINT64_MAX */
    double t;              /* time of the sample before it (0 when none) */
    uint64_t ts;           /* its Timestamp */
    char msg[200];
} problem;

enum { RULE_START = 1, RULE_END, RULE_EVENT, RULE_OVERRUN, RULE_WAITERR };
typedef struct {
    uint64_t event;
    int kind;
    char name[64];
} rule;

typedef struct {           /* one matched interval */
    int name;              /* index into an_data.inames */
    unsigned node, proc, cpu;
    uint64_t start_ts, end_ts, ticks;
    double start_t, end_t, secs;
    size_t start_rec, end_rec; /* indices into the merged timeline */
} interval;

typedef struct {
    uint64_t count, total, min, max;
    double total_s, min_s, max_s;
    uint64_t unmatched_start, unmatched_end;
} istat;

typedef struct {           /* one counter (or 64-bit pair) value in one Resource sample */
    size_t rec;            /* merged timeline index */
    int counter;           /* counter number (the even one of a pair) */
    int pair;              /* 1: 64-bit pair counter, counter+1 */
    uint64_t value;
    int status;            /* CD_FIRST, CD_DELTA, CD_SATURATED (reached all ones), CD_STUCK (all ones before and
                              now), CD_CLEARED (smaller than before: cleared or reset, never a wrap) */
    uint64_t delta;        /* CD_DELTA: value - previous; CD_SATURATED: at least this much */
} cdelta;
enum { CD_FIRST, CD_DELTA, CD_SATURATED, CD_STUCK, CD_CLEARED };

typedef struct {
    int proc_bits;         /* low bits of the source id that are the process (default 16) */
    int event_bits;        /* high bits of the user data that are the event id (default 32) */
    int node_from_header;  /* node from the capture header instead of the source id */
    unsigned pairs;        /* bit j (even j): counters j, j+1 are one 64-bit counter */
    const char *rules_path;
} an_options;

typedef struct {
    an_options opt;
    capture *caps;
    int ncaps;
    rec *recs;             /* merged timeline: ordered by time, stable */
    size_t nrecs;
    problem *probs;
    size_t nprobs;
    rule *rules;
    int nrules;
    char (*inames)[64];    /* interval names */
    int ninames;
    interval *ivs;
    size_t nivs;
    istat *istats;         /* per interval name */
    cdelta *cds;
    size_t ncds;
    int had_problems;      /* some capture had a decode error (or bad header) */
    unsigned char all_same_hz;
} an_data;

/* Load every capture, merge, match intervals, compute counter deltas. Returns 0, or -1 with a message on
 * stderr for an unreadable file or bad rule file (decode problems are data, not failures). */
int an_load(an_data *d, const an_options *opt, char **paths, int npaths);
void an_free(an_data *d);

const char *an_event_name(const an_data *d, const rec *r, char *buf, size_t len);
double an_seconds(const an_data *d, int cap, uint64_t ticks);

/* Text reports and exports (each returns 0, or -1 on an output error). */
int an_timeline(const an_data *d, FILE *f);
int an_intervals(const an_data *d, FILE *f);
int an_counters(const an_data *d, FILE *f);
int an_loss(const an_data *d, FILE *f);
int an_csv(const an_data *d, FILE *f);
int an_perfetto(const an_data *d, FILE *f);
int an_html(const an_data *d, FILE *f);

#endif
