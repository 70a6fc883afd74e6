/*
 * mk2trace.c - see mk2trace.h and docs/trace-tools.md.
 */
#include "mk2trace.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ samples */

int mk2trace_parity(unsigned byte) { return !(__builtin_popcount(byte & 0xFFu) & 1); }

unsigned mk2trace_header(const mk2_sample *s)
{
    return (s->cpu & 7u) << 5 | (s->type & 3u) << 3 | (unsigned)(s->shadow_overrun != 0) << 2 |
           (unsigned)(s->fifo_overrun != 0) << 1;
}

int mk2trace_decode(const uint8_t *b, int n, mk2_sample *s)
{
    if (n != MK2_TRACE_BYTES && n != MK2_RESOURCE_BYTES) return -1;
    memset(s, 0, sizeof *s);
    s->kind = n == MK2_RESOURCE_BYTES ? 'R' : 'T';
    s->header = b[0];
    s->cpu = b[0] >> 5;
    s->type = (b[0] >> 3) & 3;
    s->shadow_overrun = (b[0] >> 2) & 1;
    s->fifo_overrun = (b[0] >> 1) & 1;
    for (int i = 1; i <= 7; i++) s->ts = s->ts << 8 | b[i];
    for (int i = 8; i <= 11; i++) s->src = s->src << 8 | b[i];
    for (int i = 12; i <= 19; i++) s->data = s->data << 8 | b[i];
    for (int k = 0; s->kind == 'R' && k < 16; k++)
        for (int i = 0; i < 4; i++) s->cnt[k] = s->cnt[k] << 8 | b[20 + 4 * k + i];
    return 0;
}

int mk2trace_encode(const mk2_sample *s, uint8_t *b)
{
    if (s->kind != 'T' && s->kind != 'R') return -1;
    b[0] = (uint8_t)s->header;
    for (int i = 1; i <= 7; i++) b[i] = (uint8_t)(s->ts >> (8 * (7 - i)));
    for (int i = 8; i <= 11; i++) b[i] = (uint8_t)(s->src >> (8 * (11 - i)));
    for (int i = 12; i <= 19; i++) b[i] = (uint8_t)(s->data >> (8 * (19 - i)));
    if (s->kind == 'T') return MK2_TRACE_BYTES;
    for (int k = 0; k < 16; k++)
        for (int i = 0; i < 4; i++) b[20 + 4 * k + i] = (uint8_t)(s->cnt[k] >> (8 * (3 - i)));
    return MK2_RESOURCE_BYTES;
}

void mk2trace_format(const mk2_sample *s, int timing, char *buf, size_t len)
{
    if (!len) return;
    size_t n = (size_t)snprintf(buf, len, "%c cpu=%u ts=%014" PRIx64 " src=%08x data=%016" PRIx64 " err=%c%c", s->kind,
                                s->cpu, s->ts, s->src, s->data, s->shadow_overrun ? 'S' : '-', s->fifo_overrun ? 'F' : '-');
    for (int k = 0; s->kind == 'R' && k < 16 && n < len; k++)
        n += (size_t)snprintf(buf + n, len - n, "%s%08x", k ? "," : " cnt=", s->cnt[k]);
    /* an entry written in test mode whose header type is not Trace's 10 */
    if (s->kind == 'T' && s->type != 2 && n < len) n += (size_t)snprintf(buf + n, len - n, " type=%u", s->type);
    if (timing && n < len) snprintf(buf + n, len - n, " @%" PRIu64, s->netclk);
}

void mk2trace_format_truncated(int nbytes, int timing, uint64_t netclk, char *buf, size_t len)
{
    if (!len) return;
    size_t n = (size_t)snprintf(buf, len, "# truncated after %d bytes", nbytes);
    if (timing && n < len) snprintf(buf + n, len - n, " @%" PRIu64, netclk);
}

/* ------------------------------------------------------------------ capture writer */

struct mk2cap_writer {
    FILE *f;
    int err;            /* errno of the first failure, 0 if none */
    uint64_t netclk;    /* NETCLK of the last element written (0: none since the start or a reset) */
    int in_sample;      /* elements written since the last EOM, cut or reset */
    int since_reset;    /* elements written since the start or the last reset record */
};

static void put_word(mk2cap_writer *w, unsigned v)
{
    if (w->err) return;
    uint8_t b[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
    if (fwrite(b, 1, 2, w->f) != 2) w->err = errno ? errno : EIO;
}

mk2cap_writer *mk2cap_create(const char *path, unsigned node_id, uint64_t tsclk_hz)
{
    mk2cap_writer *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->f = fopen(path, "wb");
    if (!w->f) {
        int e = errno;
        free(w);
        errno = e;
        return NULL;
    }
    uint8_t h[MK2CAP_HEADER_SIZE] = {'M', 'K', '2', 'C', 'A', 'P', MK2CAP_VERSION, 0};
    for (int i = 0; i < 4; i++) h[8 + i] = (uint8_t)(node_id >> (8 * i));
    h[12] = MK2CAP_HEADER_SIZE;
    for (int i = 0; i < 8; i++) h[16 + i] = (uint8_t)(tsclk_hz >> (8 * i));
    if (fwrite(h, 1, sizeof h, w->f) != sizeof h) {
        int e = errno ? errno : EIO;
        fclose(w->f);
        free(w);
        errno = e;
        return NULL;
    }
    return w;
}

static int writer_status(mk2cap_writer *w)
{
    if (!w->err) return 0;
    errno = w->err;
    return -1;
}

int mk2cap_put_at(mk2cap_writer *w, unsigned byte, int parity, int eom, uint64_t netclk)
{
    if (netclk != w->netclk + 1) {
        put_word(w, 0x1000);
        for (int i = 0; i < 4; i++) put_word(w, (unsigned)(netclk >> (16 * i)) & 0xFFFFu);
    }
    put_word(w, (byte & 0xFFu) | (unsigned)(parity != 0) << 8 | (unsigned)(eom != 0) << 9);
    w->netclk = netclk;
    w->in_sample = !eom;
    w->since_reset = 1;
    return writer_status(w);
}

int mk2cap_put(mk2cap_writer *w, unsigned byte, int parity, int eom)
{
    return mk2cap_put_at(w, byte, parity, eom, w->netclk + 1);
}

int mk2cap_cut(mk2cap_writer *w)
{
    if (w->in_sample) put_word(w, 0x2000);
    w->in_sample = 0;
    return writer_status(w);
}

int mk2cap_reset(mk2cap_writer *w)
{
    /* one record per reset however many node clocks RESETB stays low (and none before any element) */
    if (w->since_reset) put_word(w, 0x3000);
    w->since_reset = 0;
    w->in_sample = 0;
    w->netclk = 0;
    return writer_status(w);
}

int mk2cap_put_sample(mk2cap_writer *w, const mk2_sample *s)
{
    uint8_t b[MK2_RESOURCE_BYTES];
    int n = mk2trace_encode(s, b);
    if (n < 0) {
        errno = EINVAL;
        return -1;
    }
    uint64_t at = s->netclk ? s->netclk : w->netclk + 1;
    for (int i = 0; i < n; i++)
        if (mk2cap_put_at(w, b[i], mk2trace_parity(b[i]), i == n - 1, at + (uint64_t)i)) return -1;
    return 0;
}

int mk2cap_close(mk2cap_writer *w)
{
    if (!w) return 0;
    if (fflush(w->f) && !w->err) w->err = errno ? errno : EIO;
    if (fclose(w->f) && !w->err) w->err = errno ? errno : EIO;
    int e = w->err;
    free(w);
    if (e) {
        errno = e;
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ capture reader */

struct mk2cap_reader {
    uint8_t *buf;
    size_t len, pos;
    int state;                  /* 1 records, 2 finished (or bad header) */
    unsigned version, node;
    uint64_t hz;
    uint64_t netclk;            /* NETCLK of the last element */
    uint64_t next_netclk;       /* 0: last + 1 */
    uint8_t bytes[MK2_RESOURCE_BYTES];
    int nbytes;                 /* elements of the sample in progress */
    uint64_t first_off, first_netclk;
    int resync;                 /* dropping elements until the next EOM (or cut / reset) */
    uint64_t skip_bytes, skip_elems; /* skipped since the problem that started the resync */
    mk2cap_stats st;
    int header_pending;         /* the header error event is still to be returned */
    mk2cap_event header_ev;
};

const char *mk2cap_error_name(int e)
{
    switch (e) {
    case MK2CAP_E_HEADER: return "bad-header";
    case MK2CAP_E_PARITY: return "parity";
    case MK2CAP_E_EARLY_EOM: return "early-eom";
    case MK2CAP_E_NO_EOM: return "missing-eom";
    case MK2CAP_E_TRUNCATED: return "truncated";
    case MK2CAP_E_GARBAGE: return "garbage";
    default: return "none";
    }
}

static mk2cap_reader *opened(mk2cap_reader *r);

mk2cap_reader *mk2cap_open_mem(const uint8_t *buf, size_t len)
{
    mk2cap_reader *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->buf = malloc(len ? len : 1);
    if (!r->buf) {
        free(r);
        return NULL;
    }
    if (len) memcpy(r->buf, buf, len);
    r->len = len;
    return opened(r);
}

mk2cap_reader *mk2cap_open(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, len = 0;
    uint8_t *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            fclose(f);
            errno = ENOMEM;
            return NULL;
        }
        len += fread(buf + len, 1, cap - len, f);
        if (len < cap) break;
        cap *= 2;
        uint8_t *nb = realloc(buf, cap);
        if (!nb) free(buf);
        buf = nb;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        errno = EIO;
        return NULL;
    }
    mk2cap_reader *r = calloc(1, sizeof *r);
    if (!r) {
        free(buf);
        errno = ENOMEM;
        return NULL;
    }
    r->buf = buf;
    r->len = len;
    return opened(r);
}

void mk2cap_free(mk2cap_reader *r)
{
    if (!r) return;
    free(r->buf);
    free(r);
}

unsigned mk2cap_node(const mk2cap_reader *r) { return r->node; }
uint64_t mk2cap_tsclk_hz(const mk2cap_reader *r) { return r->hz; }
unsigned mk2cap_version(const mk2cap_reader *r) { return r->version; }
const mk2cap_stats *mk2cap_get_stats(const mk2cap_reader *r) { return &r->st; }

static uint64_t le(const uint8_t *p, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

static int error_ev(mk2cap_reader *r, mk2cap_event *ev, int code, uint64_t off, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int error_ev(mk2cap_reader *r, mk2cap_event *ev, int code, uint64_t off, const char *fmt, ...)
{
    memset(ev, 0, sizeof *ev);
    ev->type = MK2CAP_ERROR;
    ev->error = code;
    ev->offset = off;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ev->msg, sizeof ev->msg, fmt, ap);
    va_end(ap);
    r->st.errors++;
    return ev->type;
}

/* Drop the sample in progress (its elements are counted as skipped). */
static void drop_sample(mk2cap_reader *r, uint64_t extra_bytes)
{
    r->skip_elems += (uint64_t)r->nbytes;
    r->skip_bytes += 2u * (uint64_t)r->nbytes + extra_bytes;
    r->nbytes = 0;
}

static int check_header(mk2cap_reader *r, mk2cap_event *ev)
{
    r->state = 2; /* unless everything below holds */
    if (r->len < MK2CAP_HEADER_SIZE)
        return error_ev(r, ev, MK2CAP_E_HEADER, r->len, "file of %zu bytes is shorter than the %d-byte header", r->len,
                        MK2CAP_HEADER_SIZE);
    if (memcmp(r->buf, "MK2CAP", 6))
        return error_ev(r, ev, MK2CAP_E_HEADER, 0, "bad magic (not a MultiKron II capture)");
    r->version = (unsigned)le(r->buf + 6, 2);
    if (r->version != MK2CAP_VERSION)
        return error_ev(r, ev, MK2CAP_E_HEADER, 6, "format version %u (this reader knows %d)", r->version, MK2CAP_VERSION);
    r->node = (unsigned)le(r->buf + 8, 4);
    uint64_t hsize = le(r->buf + 12, 4);
    if (hsize != MK2CAP_HEADER_SIZE)
        return error_ev(r, ev, MK2CAP_E_HEADER, 12, "header size %" PRIu64 " (version 1 has %d)", hsize,
                        MK2CAP_HEADER_SIZE);
    r->hz = le(r->buf + 16, 8);
    for (int i = 24; i < MK2CAP_HEADER_SIZE; i++)
        if (r->buf[i]) return error_ev(r, ev, MK2CAP_E_HEADER, (uint64_t)i, "reserved header byte %d is not 0", i);
    r->pos = MK2CAP_HEADER_SIZE;
    r->state = 1;
    return MK2CAP_END;
}

/* Check the header as soon as the reader exists, so mk2cap_node() etc. work before the first event. */
static mk2cap_reader *opened(mk2cap_reader *r)
{
    r->header_pending = check_header(r, &r->header_ev) != MK2CAP_END;
    return r;
}

static int resync_ev(mk2cap_reader *r, mk2cap_event *ev)
{
    memset(ev, 0, sizeof *ev);
    ev->type = MK2CAP_RESYNC;
    ev->offset = r->pos;
    ev->skipped_bytes = r->skip_bytes;
    ev->skipped_elements = r->skip_elems;
    snprintf(ev->msg, sizeof ev->msg, "resynchronised after skipping %" PRIu64 " bytes (%" PRIu64 " network elements)",
             r->skip_bytes, r->skip_elems);
    r->st.skipped_bytes += r->skip_bytes;
    r->st.skipped_elements += r->skip_elems;
    r->skip_bytes = r->skip_elems = 0;
    r->resync = 0;
    return ev->type;
}

static void start_resync(mk2cap_reader *r) { r->resync = 1; }

int mk2cap_next(mk2cap_reader *r, mk2cap_event *ev)
{
    if (r->header_pending) {
        r->header_pending = 0;
        *ev = r->header_ev;
        return ev->type;
    }
    while (r->state == 1) {
        size_t off = r->pos;
        if (r->len - off < 2) {
            if (r->len - off == 1) {
                r->pos = r->len;
                if (r->resync) r->skip_bytes++;
                else r->st.skipped_bytes++;
                return error_ev(r, ev, MK2CAP_E_TRUNCATED, off, "capture ends inside a record (1 trailing byte)");
            }
            r->state = 2;
            if (r->nbytes) {
                uint64_t first = r->first_off;
                int n = r->nbytes;
                drop_sample(r, 0);
                r->st.skipped_bytes += r->skip_bytes;
                r->st.skipped_elements += r->skip_elems;
                r->skip_bytes = r->skip_elems = 0;
                return error_ev(r, ev, MK2CAP_E_TRUNCATED, first,
                                "capture ends inside a sample after %d bytes (no EOM, no recorded cut)", n);
            }
            if (r->resync) return resync_ev(r, ev);
            break;
        }
        unsigned w = (unsigned)le(r->buf + off, 2);
        unsigned tag = w >> 12;
        if (tag == 1 && !(w & 0xFFF)) {
            if (r->len - off < 10) {
                size_t rest = r->len - off;
                r->pos = r->len;
                if (r->resync) r->skip_bytes += rest;
                else r->st.skipped_bytes += rest;
                return error_ev(r, ev, MK2CAP_E_TRUNCATED, off, "capture ends inside a NETCLK record (%zu of 10 bytes)",
                                rest);
            }
            r->next_netclk = le(r->buf + off + 2, 8);
            r->pos += 10;
            if (!r->next_netclk) { /* NETCLK edges count from 1 */
                if (r->resync) {
                    r->skip_bytes += 10;
                    continue;
                }
                if (!r->nbytes) {
                    r->st.skipped_bytes += 10;
                    return error_ev(r, ev, MK2CAP_E_GARBAGE, off, "NETCLK record with edge 0");
                }
                drop_sample(r, 10);
                start_resync(r);
                return error_ev(r, ev, MK2CAP_E_GARBAGE, off, "NETCLK record with edge 0 inside a sample: sample dropped");
            }
            continue;
        }
        if ((tag == 2 || tag == 3) && !(w & 0xFFF)) {
            r->pos += 2;
            if (tag == 3) {
                r->netclk = 0;
                r->next_netclk = 0;
            }
            if (r->resync) { /* a cut or reset ends the resync: the chip starts a fresh sample */
                r->skip_bytes += 2;
                return resync_ev(r, ev);
            }
            if (r->nbytes) {
                memset(ev, 0, sizeof *ev);
                ev->type = MK2CAP_TRUNCATED;
                ev->offset = r->first_off;
                ev->nbytes = r->nbytes;
                ev->netclk = r->first_netclk;
                r->nbytes = 0;
                r->st.truncated++;
                return ev->type;
            }
            continue;
        }
        if (tag != 0 || (w & 0xC00)) {
            /* garbage: one report per run of garbage words */
            size_t end = off;
            while (r->len - end >= 2) {
                unsigned g = (unsigned)le(r->buf + end, 2);
                unsigned gt = g >> 12;
                if ((gt == 0 && !(g & 0xC00)) || (gt >= 1 && gt <= 3 && !(g & 0xFFF))) break;
                end += 2;
            }
            r->pos = end;
            if (r->resync) {
                r->skip_bytes += end - off;
                continue;
            }
            int n = r->nbytes;
            if (!n) { /* between samples: nothing to resynchronise */
                r->st.skipped_bytes += end - off;
                return error_ev(r, ev, MK2CAP_E_GARBAGE, off, "%zu bytes of garbage between samples (first word 0x%04x)",
                                end - off, w);
            }
            drop_sample(r, end - off);
            start_resync(r);
            return error_ev(r, ev, MK2CAP_E_GARBAGE, off,
                            "%zu bytes of garbage (first word 0x%04x) inside a sample after %d bytes: sample dropped",
                            end - off, w, n);
        }
        /* a network element */
        r->pos += 2;
        r->st.elements++;
        uint64_t at = r->next_netclk ? r->next_netclk : r->netclk + 1;
        r->next_netclk = 0;
        r->netclk = at;
        unsigned byte = w & 0xFF;
        int parity = (w >> 8) & 1, eom = (w >> 9) & 1;
        if (r->resync) {
            r->skip_bytes += 2;
            r->skip_elems++;
            if (eom) return resync_ev(r, ev);
            continue;
        }
        if (!r->nbytes) {
            r->first_off = off;
            r->first_netclk = at;
        }
        r->bytes[r->nbytes++] = (uint8_t)byte;
        int pos = r->nbytes;
        if (parity != mk2trace_parity(byte)) {
            drop_sample(r, 0);
            if (!eom) start_resync(r);
            else { /* the sample ends here: nothing to skip after it */
                r->st.skipped_bytes += r->skip_bytes;
                r->st.skipped_elements += r->skip_elems;
                r->skip_bytes = r->skip_elems = 0;
            }
            return error_ev(r, ev, MK2CAP_E_PARITY, off,
                            "byte %d of a sample (0x%02x, ODD_PARITY=%d) has even parity, NETCLK %" PRIu64, pos, byte,
                            parity, at);
        }
        if (eom) {
            if (pos == MK2_TRACE_BYTES || pos == MK2_RESOURCE_BYTES) {
                memset(ev, 0, sizeof *ev);
                ev->type = MK2CAP_SAMPLE;
                ev->offset = r->first_off;
                mk2trace_decode(r->bytes, pos, &ev->sample);
                ev->sample.netclk = r->first_netclk;
                r->nbytes = 0;
                r->st.samples++;
                if (pos == MK2_TRACE_BYTES) r->st.trace_samples++;
                else r->st.resource_samples++;
                return ev->type;
            }
            drop_sample(r, 0);
            r->st.skipped_bytes += r->skip_bytes;
            r->st.skipped_elements += r->skip_elems;
            r->skip_bytes = r->skip_elems = 0;
            if (pos > MK2_TRACE_BYTES)
                return error_ev(r, ev, MK2CAP_E_EARLY_EOM, off,
                                "EOM on byte %d (a sample ends on byte 20 or 84: byte 20 lacked EOM?), NETCLK %" PRIu64,
                                pos, at);
            return error_ev(r, ev, MK2CAP_E_EARLY_EOM, off,
                            "EOM on byte %d (a sample ends on byte 20 or 84), NETCLK %" PRIu64, pos, at);
        }
        if (pos == MK2_RESOURCE_BYTES) {
            drop_sample(r, 0);
            start_resync(r);
            return error_ev(r, ev, MK2CAP_E_NO_EOM, off, "byte 84 without EOM, NETCLK %" PRIu64, at);
        }
    }
    memset(ev, 0, sizeof *ev);
    ev->type = MK2CAP_END;
    ev->offset = r->pos;
    return MK2CAP_END;
}
