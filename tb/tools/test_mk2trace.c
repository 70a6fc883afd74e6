/*
 * test_mk2trace.c - unit tests of tools/libmk2trace: one "PASS name" / "FAIL name: why" line per case
 * (scripts/run-suite counts them). Every expected value is worked out by hand in the comments: byte
 * layout from docs/mk2-registers.md ("Samples on the network"), capture layout from docs/trace-tools.md.
 */
#include "mk2trace.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures;
static char why[2048];

#define CHECK(cond, ...)                                                                                                \
    do {                                                                                                                \
        if (!(cond)) {                                                                                                  \
            snprintf(why, sizeof why, __VA_ARGS__);                                                                     \
            return 0;                                                                                                   \
        }                                                                                                               \
    } while (0)

static void run(const char *name, int (*fn)(void))
{
    why[0] = 0;
    if (fn()) printf("PASS %s\n", name);
    else {
        printf("FAIL %s: %s\n", name, why);
        failures++;
    }
}

/* ------------------------------------------------------------------ decode / format */

/* header 0x74 = 011 10 1 0 0: CPU 3, type 10 (Trace), shadow-overrun 1, FIFO-overrun 0 */
static const uint8_t trace_bytes[20] = {0x74, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x05, 0x00, 0x01, 0x00,
                                        0x03, 0x33, 0x33, 0x33, 0x33, 0x33, 0x33, 0x33, 0x34};

static int t_decode_trace(void)
{
    mk2_sample s;
    CHECK(mk2trace_decode(trace_bytes, 20, &s) == 0, "decode returned non-zero");
    CHECK(s.kind == 'T' && s.cpu == 3 && s.type == 2 && s.shadow_overrun == 1 && s.fifo_overrun == 0,
          "header fields kind=%c cpu=%u type=%u S=%d F=%d", s.kind, s.cpu, s.type, s.shadow_overrun, s.fifo_overrun);
    CHECK(s.header == 0x74, "header %02x", s.header);
    CHECK(s.ts == 0x105, "ts %" PRIx64, s.ts);
    CHECK(s.src == 0x00010003, "src %08x", s.src);
    CHECK(s.data == 0x3333333333333334ull, "data %016" PRIx64, s.data);
    return 1;
}

static int t_decode_resource(void)
{
    uint8_t b[84];
    memcpy(b, trace_bytes, 20);
    b[0] = 0x1A; /* 000 11 0 1 0: CPU 0, Resource, F */
    for (int k = 0; k < 16; k++) {
        b[20 + 4 * k] = (uint8_t)k;
        b[21 + 4 * k] = 0;
        b[22 + 4 * k] = 0;
        b[23 + 4 * k] = (uint8_t)(0xF0 + k);
    }
    mk2_sample s;
    CHECK(mk2trace_decode(b, 84, &s) == 0, "decode returned non-zero");
    CHECK(s.kind == 'R' && s.cpu == 0 && s.type == 3 && !s.shadow_overrun && s.fifo_overrun, "header fields");
    CHECK(s.cnt[0] == 0x000000F0u && s.cnt[5] == 0x050000F5u && s.cnt[15] == 0x0F0000FFu, "counters %08x %08x %08x",
          s.cnt[0], s.cnt[5], s.cnt[15]);
    return 1;
}

static int t_decode_bad_length(void)
{
    mk2_sample s;
    CHECK(mk2trace_decode(trace_bytes, 19, &s) == -1, "19 bytes accepted");
    CHECK(mk2trace_decode(trace_bytes, 21, &s) == -1, "21 bytes accepted");
    CHECK(mk2trace_decode(trace_bytes, 0, &s) == -1, "0 bytes accepted");
    return 1;
}

static int t_encode_inverse(void)
{
    mk2_sample s;
    uint8_t b[84];
    mk2trace_decode(trace_bytes, 20, &s);
    CHECK(mk2trace_encode(&s, b) == 20, "encode length");
    CHECK(!memcmp(b, trace_bytes, 20), "encode differs from the bytes decoded");
    CHECK(mk2trace_header(&s) == 0x74, "header from fields %02x", mk2trace_header(&s));
    s.kind = 'X';
    CHECK(mk2trace_encode(&s, b) == -1, "kind X encoded");
    return 1;
}

static int t_parity(void)
{
    /* ODD_PARITY makes the 9 bits odd: 1 for an even number of ones */
    CHECK(mk2trace_parity(0x00) == 1, "0x00");
    CHECK(mk2trace_parity(0x01) == 0, "0x01");
    CHECK(mk2trace_parity(0x03) == 1, "0x03");
    CHECK(mk2trace_parity(0x74) == 1, "0x74 (4 ones)");
    CHECK(mk2trace_parity(0x1A) == 0, "0x1a (3 ones)");
    CHECK(mk2trace_parity(0xFF) == 1, "0xff");
    return 1;
}

/* The lines of tb/mk2/scripts/demo.expect (hand-derived) and README's "@N" example. */
static int t_format(void)
{
    mk2_sample s = {0};
    char buf[1024];
    s.kind = 'T', s.cpu = 3, s.type = 2, s.ts = 5, s.src = 0x00010003, s.data = 0x3333333333333333ull, s.netclk = 40;
    mk2trace_format(&s, 0, buf, sizeof buf);
    CHECK(!strcmp(buf, "T cpu=3 ts=00000000000005 src=00010003 data=3333333333333333 err=--"), "got '%s'", buf);
    mk2trace_format(&s, 1, buf, sizeof buf);
    CHECK(!strcmp(buf, "T cpu=3 ts=00000000000005 src=00010003 data=3333333333333333 err=-- @40"), "got '%s'", buf);
    s.fifo_overrun = 1, s.data = 0xa;
    mk2trace_format(&s, 0, buf, sizeof buf);
    CHECK(!strcmp(buf, "T cpu=3 ts=00000000000005 src=00010003 data=000000000000000a err=-F"), "got '%s'", buf);
    s.type = 3, s.shadow_overrun = 1; /* a test-mode entry sent as 20 bytes with a Resource header type */
    mk2trace_format(&s, 1, buf, sizeof buf);
    CHECK(!strcmp(buf, "T cpu=3 ts=00000000000005 src=00010003 data=000000000000000a err=SF type=3 @40"), "got '%s'", buf);
    mk2_sample r = {0};
    r.kind = 'R', r.cpu = 3, r.type = 3, r.ts = 5, r.src = 0x00010003, r.data = 0xabcdef;
    r.cnt[0] = 0x29, r.cnt[1] = 5, r.cnt[2] = 4, r.cnt[3] = 2;
    mk2trace_format(&r, 0, buf, sizeof buf);
    CHECK(!strcmp(buf, "R cpu=3 ts=00000000000005 src=00010003 data=0000000000abcdef err=-- "
                       "cnt=00000029,00000005,00000004,00000002,00000000,00000000,00000000,00000000,00000000,00000000,"
                       "00000000,00000000,00000000,00000000,00000000,00000000"),
          "got '%s'", buf);
    mk2trace_format_truncated(7, 0, 99, buf, sizeof buf);
    CHECK(!strcmp(buf, "# truncated after 7 bytes"), "got '%s'", buf);
    mk2trace_format_truncated(7, 1, 99, buf, sizeof buf);
    CHECK(!strcmp(buf, "# truncated after 7 bytes @99"), "got '%s'", buf);
    mk2trace_format(&r, 0, buf, 10); /* a short buffer: cut, terminated */
    CHECK(strlen(buf) == 9, "short buffer: '%s'", buf);
    return 1;
}

/* ------------------------------------------------------------------ capture writer */

static char tmpdir[256];

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    uint8_t *b = malloc(1 << 20);
    *len = fread(b, 1, 1 << 20, f);
    fclose(f);
    return b;
}

static int t_writer_layout(void)
{
    char path[300];
    snprintf(path, sizeof path, "%s/w.cap", tmpdir);
    mk2cap_writer *w = mk2cap_create(path, 0x0102, 1000000);
    CHECK(w, "create failed");
    CHECK(mk2cap_reset(w) == 0, "reset before any element"); /* nothing to record */
    CHECK(mk2cap_put(w, 0x74, 1, 0) == 0, "put");          /* NETCLK 1: no NETCLK record */
    CHECK(mk2cap_put_at(w, 0x01, 0, 0, 5) == 0, "put_at"); /* NETCLK 5: a NETCLK record first */
    CHECK(mk2cap_put(w, 0x02, 0, 1) == 0, "put eom");      /* NETCLK 6 */
    CHECK(mk2cap_cut(w) == 0, "cut");                      /* nothing in progress: no record */
    CHECK(mk2cap_put(w, 0x03, 1, 0) == 0, "put");
    CHECK(mk2cap_cut(w) == 0, "cut");                      /* record 0x2000 */
    CHECK(mk2cap_reset(w) == 0, "reset");                  /* record 0x3000 */
    CHECK(mk2cap_reset(w) == 0, "reset again");            /* RESETB still low: no second record */
    CHECK(mk2cap_put(w, 0x80, 0, 0) == 0, "put after reset"); /* NETCLK 1 again: no NETCLK record */
    CHECK(mk2cap_close(w) == 0, "close");
    static const uint8_t want[] = {
        'M', 'K', '2', 'C', 'A', 'P', 1, 0,      /* magic, version 1 */
        0x02, 0x01, 0, 0,                        /* node 0x102 */
        32, 0, 0, 0,                             /* header size */
        0x40, 0x42, 0x0F, 0, 0, 0, 0, 0,         /* 1000000 Hz */
        0, 0, 0, 0, 0, 0, 0, 0,                  /* reserved */
        0x74, 0x01,                              /* element 0x74, parity 1 */
        0x00, 0x10, 5, 0, 0, 0, 0, 0, 0, 0,      /* NETCLK 5 */
        0x01, 0x00,                              /* element 0x01, parity 0 */
        0x02, 0x02,                              /* element 0x02, EOM */
        0x03, 0x01,                              /* element 0x03, parity 1 */
        0x00, 0x20,                              /* cut */
        0x00, 0x30,                              /* reset */
        0x80, 0x00,                              /* element 0x80 */
    };
    size_t len;
    uint8_t *got = slurp(path, &len);
    CHECK(got, "cannot read back");
    int same = len == sizeof want && !memcmp(got, want, len);
    size_t at = 0;
    while (at < len && at < sizeof want && got[at] == want[at]) at++;
    free(got);
    CHECK(same, "file differs at byte %zu (length %zu, want %zu)", at, len, sizeof want);
    return 1;
}

static int t_writer_error(void)
{
    mk2cap_writer *w = mk2cap_create("/nonexistent-dir/x.cap", 0, 0);
    CHECK(!w, "create in a missing directory succeeded");
    w = mk2cap_create("/dev/full", 0, 0);
    if (w) { /* the header sits in the stdio buffer; the error shows at the latest on close */
        for (int i = 0; i < 10000; i++) mk2cap_put(w, 0, 1, 0);
        CHECK(mk2cap_close(w) == -1, "close on /dev/full returned 0");
    }
    return 1;
}

/* ------------------------------------------------------------------ stream decoder on corrupted captures */

/* A capture built in memory: header + NS Trace samples (20 elements each, 40 file bytes), so byte j
 * (1..20) of sample k (0..) is the element at file offset 32 + 40k + 2(j-1). */
#define NS 3
static uint8_t cap[4096];
static size_t caplen;

static void mk_sample(int k, mk2_sample *s)
{
    memset(s, 0, sizeof *s);
    s->kind = 'T', s->cpu = (unsigned)k, s->type = 2, s->ts = 100u + (unsigned)k, s->src = 0x00010000u + (unsigned)k;
    s->data = 0x1111111111111111ull * (unsigned)(k + 1);
    s->header = mk2trace_header(s);
}

static void put16(unsigned v)
{
    cap[caplen++] = (uint8_t)v;
    cap[caplen++] = (uint8_t)(v >> 8);
}

static void build(void)
{
    static const uint8_t hdr[32] = {'M', 'K', '2', 'C', 'A', 'P', 1, 0, 7, 0, 0, 0, 32, 0, 0, 0, 0x80, 0x96, 0x98, 0};
    memcpy(cap, hdr, 32); /* node 7, 10 MHz */
    caplen = 32;
    for (int k = 0; k < NS; k++) {
        mk2_sample s;
        uint8_t b[84];
        mk_sample(k, &s);
        int n = mk2trace_encode(&s, b);
        for (int i = 0; i < n; i++) put16(b[i] | (unsigned)mk2trace_parity(b[i]) << 8 | (unsigned)(i == n - 1) << 9);
    }
}

static size_t el(int k, int j) { return 32 + 40 * (size_t)k + 2 * (size_t)(j - 1); }

typedef struct {
    int type, error;
    uint64_t offset, a, b;
} evrec;

/* Decode cap[0..caplen) into at most 16 events; returns how many. */
static int decode_all(evrec *out, mk2cap_stats *st)
{
    mk2cap_reader *r = mk2cap_open_mem(cap, caplen);
    mk2cap_event ev;
    int n = 0;
    while (mk2cap_next(r, &ev) != MK2CAP_END && n < 16) {
        out[n].type = ev.type, out[n].error = ev.error, out[n].offset = ev.offset;
        out[n].a = ev.type == MK2CAP_SAMPLE ? ev.sample.data : ev.type == MK2CAP_RESYNC ? ev.skipped_bytes : (uint64_t)ev.nbytes;
        out[n].b = ev.type == MK2CAP_SAMPLE ? ev.sample.netclk : ev.type == MK2CAP_RESYNC ? ev.skipped_elements : ev.netclk;
        n++;
    }
    if (st) *st = *mk2cap_get_stats(r);
    mk2cap_free(r);
    return n;
}

#define D(k) (0x1111111111111111ull * (k + 1))

static int t_clean(void)
{
    build();
    evrec e[16];
    mk2cap_stats st;
    int n = decode_all(e, &st);
    CHECK(n == 3, "%d events", n);
    for (int k = 0; k < 3; k++) {
        CHECK(e[k].type == MK2CAP_SAMPLE && e[k].offset == el(k, 1) && e[k].a == D(k), "event %d", k);
        CHECK(e[k].b == 1 + 20u * (unsigned)k, "sample %d NETCLK %" PRIu64, k, e[k].b); /* back to back */
    }
    CHECK(st.samples == 3 && st.errors == 0 && st.skipped_bytes == 0 && st.elements == 60, "stats");
    return 1;
}

static int t_bad_parity(void)
{
    build();
    cap[el(1, 5) + 1] ^= 1; /* flip ODD_PARITY of byte 5 of sample 1: offset 32 + 40 + 8 = 80 */
    evrec e[16];
    mk2cap_stats st;
    int n = decode_all(e, &st);
    CHECK(n == 4, "%d events", n);
    CHECK(e[0].type == MK2CAP_SAMPLE && e[0].a == D(0), "sample 0");
    CHECK(e[1].type == MK2CAP_ERROR && e[1].error == MK2CAP_E_PARITY && e[1].offset == 80, "error %d at %" PRIu64,
          e[1].error, e[1].offset);
    /* resync after sample 1's EOM (offset 32 + 80 = 112): its 20 elements, 40 bytes, skipped */
    CHECK(e[2].type == MK2CAP_RESYNC && e[2].offset == 112 && e[2].a == 40 && e[2].b == 20,
          "resync at %" PRIu64 " bytes %" PRIu64 " elements %" PRIu64, e[2].offset, e[2].a, e[2].b);
    CHECK(e[3].type == MK2CAP_SAMPLE && e[3].a == D(2) && e[3].b == 41, "sample 2 (NETCLK %" PRIu64 ")", e[3].b);
    CHECK(st.errors == 1 && st.skipped_bytes == 40 && st.skipped_elements == 20, "stats");
    return 1;
}

static int t_missing_eom(void)
{
    build();
    cap[el(1, 20) + 1] &= (uint8_t)~2; /* sample 1 ends without EOM: sample 2's EOM comes on byte 40 */
    evrec e[16];
    int n = decode_all(e, NULL);
    CHECK(n == 2, "%d events", n);
    CHECK(e[0].type == MK2CAP_SAMPLE && e[0].a == D(0), "sample 0");
    /* byte 20 of sample 2 at 32 + 80 + 38 = 150 */
    CHECK(e[1].type == MK2CAP_ERROR && e[1].error == MK2CAP_E_EARLY_EOM && e[1].offset == 150, "error %d at %" PRIu64,
          e[1].error, e[1].offset);
    return 1;
}

static int t_missing_eom_84(void)
{
    /* five Trace samples without any EOM: byte 84 (the 4th byte of sample 4) is reported */
    build();
    caplen = 32;
    for (int k = 0; k < 5; k++)
        for (int j = 0; j < 20; j++) put16(0x100 | 0); /* byte 0x00 with parity 1, no EOM */
    put16(0x300); /* then one element with EOM ends the resync */
    evrec e[16];
    mk2cap_stats st;
    int n = decode_all(e, &st);
    CHECK(n == 2, "%d events", n);
    CHECK(e[0].type == MK2CAP_ERROR && e[0].error == MK2CAP_E_NO_EOM && e[0].offset == 32 + 83 * 2,
          "error %d at %" PRIu64, e[0].error, e[0].offset);
    /* the 84 bytes of the dropped sample, then bytes 85..100 and the EOM element: 101 elements, 202 bytes */
    CHECK(e[1].type == MK2CAP_RESYNC && e[1].a == 202 && e[1].b == 101 && e[1].offset == 32 + 202,
          "resync at %" PRIu64 " %" PRIu64 " %" PRIu64, e[1].offset, e[1].a, e[1].b);
    CHECK(st.skipped_elements == 101 && st.skipped_bytes == 202, "stats %" PRIu64 " %" PRIu64, st.skipped_elements,
          st.skipped_bytes);
    return 1;
}

static int t_early_eom(void)
{
    build();
    cap[el(1, 10) + 1] |= 2; /* EOM on byte 10 of sample 1: offset 32 + 40 + 18 = 90 */
    evrec e[16];
    int n = decode_all(e, NULL);
    CHECK(n == 4, "%d events", n);
    CHECK(e[1].type == MK2CAP_ERROR && e[1].error == MK2CAP_E_EARLY_EOM && e[1].offset == 90, "first error at %" PRIu64,
          e[1].offset);
    /* bytes 11..20 then make a 10-byte sample ending with the real EOM at 32 + 40 + 38 = 110 */
    CHECK(e[2].type == MK2CAP_ERROR && e[2].error == MK2CAP_E_EARLY_EOM && e[2].offset == 110,
          "second error at %" PRIu64, e[2].offset);
    CHECK(e[3].type == MK2CAP_SAMPLE && e[3].a == D(2), "sample 2 delivered");
    return 1;
}

static int t_truncated(void)
{
    build();
    caplen = el(2, 8); /* the file ends after 7 bytes of sample 2 (which starts at 112) */
    evrec e[16];
    mk2cap_stats st;
    int n = decode_all(e, &st);
    CHECK(n == 3, "%d events", n);
    CHECK(e[2].type == MK2CAP_ERROR && e[2].error == MK2CAP_E_TRUNCATED && e[2].offset == 112, "error %d at %" PRIu64,
          e[2].error, e[2].offset);
    CHECK(st.skipped_elements == 7 && st.skipped_bytes == 14, "stats");
    /* and ending inside a record: one odd byte */
    build();
    caplen = el(1, 1) + 1;
    n = decode_all(e, NULL);
    CHECK(n == 2 && e[1].type == MK2CAP_ERROR && e[1].error == MK2CAP_E_TRUNCATED && e[1].offset == 72,
          "odd byte: %d events, offset %" PRIu64, n, e[1].offset);
    return 1;
}

static int t_garbage_between(void)
{
    build();
    /* 6 bytes of 0xff between samples 0 and 1 (at offset 72): reported, nothing else lost */
    memmove(cap + 78, cap + 72, caplen - 72);
    memset(cap + 72, 0xFF, 6);
    caplen += 6;
    evrec e[16];
    mk2cap_stats st;
    int n = decode_all(e, &st);
    CHECK(n == 4, "%d events", n);
    CHECK(e[1].type == MK2CAP_ERROR && e[1].error == MK2CAP_E_GARBAGE && e[1].offset == 72, "error %d at %" PRIu64,
          e[1].error, e[1].offset);
    CHECK(e[2].type == MK2CAP_SAMPLE && e[2].offset == 78 && e[3].type == MK2CAP_SAMPLE, "samples 1 and 2");
    CHECK(st.skipped_bytes == 6 && st.samples == 3, "stats");
    return 1;
}

static int t_garbage_inside(void)
{
    build();
    /* 2 bytes (0xf000: unknown tag 15) before byte 5 of sample 1 (offset 80): sample 1 dropped */
    memmove(cap + 82, cap + 80, caplen - 80);
    cap[80] = 0x00, cap[81] = 0xF0;
    caplen += 2;
    evrec e[16];
    mk2cap_stats st;
    int n = decode_all(e, &st);
    CHECK(n == 4, "%d events", n);
    CHECK(e[1].type == MK2CAP_ERROR && e[1].error == MK2CAP_E_GARBAGE && e[1].offset == 80, "error %d at %" PRIu64,
          e[1].error, e[1].offset);
    /* skipped: 4 elements before (8 bytes), the garbage (2), 16 elements after (32) -> 42 bytes, 20 elements */
    CHECK(e[2].type == MK2CAP_RESYNC && e[2].offset == 114 && e[2].a == 42 && e[2].b == 20,
          "resync at %" PRIu64 " %" PRIu64 " %" PRIu64, e[2].offset, e[2].a, e[2].b);
    CHECK(e[3].type == MK2CAP_SAMPLE && e[3].a == D(2), "sample 2");
    return 1;
}

static int t_bad_header(void)
{
    evrec e[16];
    struct {
        size_t at;
        uint8_t val;
        uint64_t off;
    } c[] = {{0, 'X', 0}, {6, 2, 6}, {12, 16, 12}, {30, 1, 30}};
    for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
        build();
        cap[c[i].at] = c[i].val;
        int n = decode_all(e, NULL);
        CHECK(n == 1 && e[0].type == MK2CAP_ERROR && e[0].error == MK2CAP_E_HEADER && e[0].offset == c[i].off,
              "case %zu: %d events, first %d/%d at %" PRIu64, i, n, e[0].type, e[0].error, e[0].offset);
    }
    build();
    caplen = 10;
    int n = decode_all(e, NULL);
    CHECK(n == 1 && e[0].error == MK2CAP_E_HEADER && e[0].offset == 10, "short file");
    caplen = 0;
    n = decode_all(e, NULL);
    CHECK(n == 1 && e[0].error == MK2CAP_E_HEADER && e[0].offset == 0, "empty file");
    return 1;
}

static int t_cut_and_netclk(void)
{
    char path[300];
    snprintf(path, sizeof path, "%s/c.cap", tmpdir);
    mk2cap_writer *w = mk2cap_create(path, 1, 0);
    mk2_sample s;
    mk_sample(0, &s);
    s.netclk = 4;
    mk2cap_put_sample(w, &s); /* NETCLK 4..23 */
    for (int i = 0; i < 7; i++) mk2cap_put_at(w, 0, 1, 0, 30 + (uint64_t)i); /* 7 bytes from NETCLK 30, cut */
    mk2cap_cut(w);
    s.netclk = 0;
    mk2cap_put_sample(w, &s); /* right after: NETCLK 37 */
    mk2cap_put(w, 0, 1, 0);   /* 1 byte, then RESETB */
    mk2cap_reset(w);
    mk2cap_put_sample(w, &s); /* NETCLK 1 after the reset */
    CHECK(mk2cap_close(w) == 0, "close");
    mk2cap_reader *r = mk2cap_open(path);
    CHECK(r, "open");
    CHECK(mk2cap_node(r) == 1 && mk2cap_tsclk_hz(r) == 0, "header fields");
    mk2cap_event ev;
    int t[8], i = 0;
    uint64_t nc[8], nb[8];
    while (i < 8 && mk2cap_next(r, &ev) != MK2CAP_END) {
        t[i] = ev.type;
        nc[i] = ev.type == MK2CAP_SAMPLE ? ev.sample.netclk : ev.netclk;
        nb[i] = (uint64_t)ev.nbytes;
        i++;
    }
    CHECK(mk2cap_version(r) == 1, "version");
    CHECK(mk2cap_get_stats(r)->errors == 0 && mk2cap_get_stats(r)->truncated == 2, "stats");
    mk2cap_free(r);
    CHECK(i == 5, "%d events", i);
    CHECK(t[0] == MK2CAP_SAMPLE && nc[0] == 4, "sample @4");
    CHECK(t[1] == MK2CAP_TRUNCATED && nb[1] == 7 && nc[1] == 30, "truncated after %" PRIu64 " @%" PRIu64, nb[1], nc[1]);
    CHECK(t[2] == MK2CAP_SAMPLE && nc[2] == 37, "sample @%" PRIu64, nc[2]);
    CHECK(t[3] == MK2CAP_TRUNCATED && nb[3] == 1 && nc[3] == 57, "truncated after %" PRIu64 " @%" PRIu64, nb[3], nc[3]);
    CHECK(t[4] == MK2CAP_SAMPLE && nc[4] == 1, "sample @%" PRIu64 " after reset", nc[4]);
    return 1;
}

static int t_open_missing(void)
{
    CHECK(!mk2cap_open("/nonexistent/file.cap"), "opened a missing file");
    return 1;
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/mk2trace-test.%d", (int)getpid());
    char cmd[300];
    snprintf(cmd, sizeof cmd, "mkdir -p %s", tmpdir);
    if (system(cmd)) return 2;
    run("decode-trace", t_decode_trace);
    run("decode-resource", t_decode_resource);
    run("decode-bad-length", t_decode_bad_length);
    run("encode-inverse", t_encode_inverse);
    run("parity", t_parity);
    run("format", t_format);
    run("writer-layout", t_writer_layout);
    run("writer-error", t_writer_error);
    run("stream-clean", t_clean);
    run("stream-bad-parity", t_bad_parity);
    run("stream-missing-eom", t_missing_eom);
    run("stream-missing-eom-84", t_missing_eom_84);
    run("stream-early-eom", t_early_eom);
    run("stream-truncated", t_truncated);
    run("stream-garbage-between", t_garbage_between);
    run("stream-garbage-inside", t_garbage_inside);
    run("stream-bad-header", t_bad_header);
    run("stream-cut-netclk", t_cut_and_netclk);
    run("open-missing", t_open_missing);
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    if (system(cmd)) return 2;
    return failures ? 1 : 0;
}
