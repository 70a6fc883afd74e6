/*
 * mk2trace.h - the one MultiKron II network-output library: sample decoding and trace-line formatting
 * (shared by the simulator, the board runner and the host tools), the raw capture format (writer,
 * stream reader with error reporting and resynchronisation) and an encoder for tests.
 *
 * Capture format, version 1 (docs/trace-tools.md, "Capture format"): a 32-byte little-endian header
 * ("MK2CAP", version, node id, header size, Timestamp clock in Hz), then 16-bit little-endian records:
 *   0x0000 | EOM<<9 | PARITY<<8 | DATA   one network element, taken at the NETCLK after the previous one
 *   0x1000 + 4 words (64-bit LE)          the NETCLK rising edge that takes the next element
 *   0x2000                                 the sample in progress was cut short (reset, test-mode pop)
 *   0x3000                                 RESETB: cut, and the NETCLK count restarts (next element at 1)
 * Every other word is garbage. C99/gnu11, no dependencies beyond libc.
 */
#ifndef MK2TRACE_H
#define MK2TRACE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ samples */

#ifndef MK2_SAMPLE_DEFINED
#define MK2_SAMPLE_DEFINED
/* One sample that left the network, decoded (the same fields as sim/mk2_tb.h). */
typedef struct {
    char kind;           /* 'T' (20 bytes) or 'R' (84 bytes) */
    unsigned cpu;        /* header bits 7:5 */
    unsigned type;       /* header bits 4:3 as sent (2 = Trace, 3 = Resource) */
    int shadow_overrun;  /* header bit 2 */
    int fifo_overrun;    /* header bit 1 */
    unsigned header;     /* the raw header byte */
    uint64_t ts;         /* 56 bits */
    uint32_t src;
    uint64_t data;
    uint32_t cnt[16];    /* Resource samples only */
    uint64_t netclk;     /* NETCLK rising edge that took the first byte (1 = first after reset) */
} mk2_sample;
#endif

#define MK2_TRACE_BYTES 20
#define MK2_RESOURCE_BYTES 84

/* Decode the bytes of one sample as they left the network, most significant first.
 * n = 20 (Trace) or 84 (Resource); returns 0, or -1 for another length (s untouched).
 * s->netclk is set to 0: the caller knows the edge. */
int mk2trace_decode(const uint8_t *bytes, int n, mk2_sample *s);

/* The inverse: the network bytes of s (20 when s->kind == 'T', 84 when 'R'); returns their number,
 * or -1 for another kind. The header byte is s->header. */
int mk2trace_encode(const mk2_sample *s, uint8_t *bytes);

/* Build s->header from cpu, type and the two flags (bit 0 is 0). */
unsigned mk2trace_header(const mk2_sample *s);

/* The ODD_PARITY bit the chip sends with a byte: 1 when the byte has an even number of ones. */
int mk2trace_parity(unsigned byte);

/* One trace line (no newline), exactly as `make sim` writes it (README "Trace format"). */
void mk2trace_format(const mk2_sample *s, int timing, char *buf, size_t len);
/* "# truncated after N bytes", with " @N" (the NETCLK of its first byte) when timing is on. */
void mk2trace_format_truncated(int nbytes, int timing, uint64_t netclk, char *buf, size_t len);

/* ------------------------------------------------------------------ capture writer */

#define MK2CAP_VERSION 1
#define MK2CAP_HEADER_SIZE 32

typedef struct mk2cap_writer mk2cap_writer;

/* Create (truncate) a capture file; NULL with errno set on failure. tsclk_hz 0 = unknown. */
mk2cap_writer *mk2cap_create(const char *path, unsigned node_id, uint64_t tsclk_hz);
/* One network element, taken at the NETCLK edge after the previous element's (or at the edge given by
 * mk2cap_netclk). Returns 0, or -1 on a write error (errno set; later calls fail too). */
int mk2cap_put(mk2cap_writer *w, unsigned byte, int parity, int eom);
/* The same, taken at NETCLK rising edge netclk (1 = first after reset): what `--timing` prints. */
int mk2cap_put_at(mk2cap_writer *w, unsigned byte, int parity, int eom, uint64_t netclk);
/* The sample in progress was cut short by a software reset or test-mode pop (not an error: decoders
 * print "# truncated after N bytes"). Nothing is recorded when no sample is in progress. */
int mk2cap_cut(mk2cap_writer *w);
/* RESETB: cuts the sample in progress and restarts the NETCLK count (next element at edge 1). May be
 * called on every node clock of the reset: one record is written, and none before any element. */
int mk2cap_reset(mk2cap_writer *w);
/* Every element of s, the first at NETCLK s->netclk (0: after the previous element), then one per edge. */
int mk2cap_put_sample(mk2cap_writer *w, const mk2_sample *s);
/* Flush and close; 0 ok, -1 write error (any earlier one included). Frees w. */
int mk2cap_close(mk2cap_writer *w);

/* ------------------------------------------------------------------ capture reader (stream decoder) */

typedef struct mk2cap_reader mk2cap_reader;

enum mk2cap_event_type {
    MK2CAP_END = 0,       /* no more events */
    MK2CAP_SAMPLE,        /* ev.sample is a whole, checked sample */
    MK2CAP_TRUNCATED,     /* a sample cut short by a recorded cut or reset: ev.nbytes, ev.netclk */
    MK2CAP_ERROR,         /* a problem: ev.error, ev.offset, ev.msg; the sample in progress is dropped */
    MK2CAP_RESYNC         /* decoding resumes at ev.offset after skipping ev.skipped_bytes file bytes */
};

enum mk2cap_error {
    MK2CAP_E_NONE = 0,
    MK2CAP_E_HEADER,      /* bad magic, version, header size, or a file shorter than the header: fatal */
    MK2CAP_E_PARITY,      /* ODD_PARITY does not make the byte odd */
    MK2CAP_E_EARLY_EOM,   /* EOM on a byte other than 20 or 84 (also reported when byte 20 lacked it) */
    MK2CAP_E_NO_EOM,      /* byte 84 without EOM */
    MK2CAP_E_TRUNCATED,   /* the capture ends inside a sample or inside a record */
    MK2CAP_E_GARBAGE      /* words that are no record of the format */
};

typedef struct {
    int type;             /* enum mk2cap_event_type */
    int error;            /* enum mk2cap_error (MK2CAP_ERROR) */
    uint64_t offset;      /* file byte offset: of the sample's first element (SAMPLE, TRUNCATED), of
                             the offending record (ERROR), where decoding resumes (RESYNC) */
    mk2_sample sample;    /* MK2CAP_SAMPLE, netclk filled in */
    int nbytes;           /* TRUNCATED: bytes received before the cut */
    uint64_t netclk;      /* TRUNCATED: NETCLK of its first byte */
    uint64_t skipped_bytes, skipped_elements; /* RESYNC: what was skipped since the problem */
    char msg[200];        /* ERROR, RESYNC: one line of text, no file name */
} mk2cap_event;

typedef struct {
    uint64_t samples, trace_samples, resource_samples, truncated, errors;
    uint64_t skipped_bytes;    /* file bytes not part of a delivered sample, truncation or record */
    uint64_t skipped_elements; /* network elements dropped (in broken samples and while resynchronising) */
    uint64_t elements;         /* network elements read */
} mk2cap_stats;

/* A reader over a copy of buf (mk2cap_open_mem) or a whole file (mk2cap_open: NULL + errno when it
 * cannot be read). A bad header is not a failure here: the first event is then the MK2CAP_E_HEADER
 * error and the next is MK2CAP_END. */
mk2cap_reader *mk2cap_open_mem(const uint8_t *buf, size_t len);
mk2cap_reader *mk2cap_open(const char *path);
/* The next event, into ev; returns ev->type (MK2CAP_END = 0 at the end, and on every later call). */
int mk2cap_next(mk2cap_reader *r, mk2cap_event *ev);
unsigned mk2cap_node(const mk2cap_reader *r);
uint64_t mk2cap_tsclk_hz(const mk2cap_reader *r);
unsigned mk2cap_version(const mk2cap_reader *r);
const mk2cap_stats *mk2cap_get_stats(const mk2cap_reader *r);
void mk2cap_free(mk2cap_reader *r);

const char *mk2cap_error_name(int error); /* "parity", "early-eom", ... */

#ifdef __cplusplus
}
#endif
#endif
