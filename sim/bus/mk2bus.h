/* mk2bus.h - a MultiKron II stimulus script run as 32-bit Wishbone accesses to mk2_wb_top, over a transport
 * given by the caller (sim/bus/mk2bus.c; docs/integration.md "How build/mk2wb runs a script"). */
#ifndef MK2BUS_H
#define MK2BUS_H
#include <stdint.h>
#include <stdio.h>
#include "mk2wb_shim.h"

typedef struct {
    int we;
    unsigned adr;  /* word address of mk2_wb_top (byte address / 4) */
    uint32_t dat;
    unsigned sel;
} mk2bus_req;

typedef struct {
    const char *name;                                           /* in messages: "mk2wb", "mk2host" */
    /* n requests, answered in order into r (r may be NULL); a failure calls mk2bus_die */
    void (*xfer)(const mk2bus_req *q, int n, uint32_t *r);
    uint64_t (*now)(void);                                      /* node clocks so far (drain's limit) */
    uint64_t drain_floor;                                       /* drain's limit is at least this */
    void (*idle)(uint64_t n);                                   /* at least n node clocks, no bus access */
    mk2wb_pins *pins;                                           /* NULL: no pin access (a host link) */
    void (*tick)(void);                                         /* one node clock with *pins (pins only) */
    void (*start)(void);                                        /* before the first command, or NULL */
    void (*summary)(FILE *f);                                   /* appended to the last line, or NULL */
} mk2bus_transport;

typedef struct {
    const char *trace;    /* NULL or "-": stdout */
    const char *capture;  /* raw capture (docs/trace-tools.md), or NULL */
    int no_expect;        /* a read differing from its expect is a note, not a failure */
} mk2bus_options;

/* runs the script; returns 0, or exits with 1 (a check failed), 3 (a command not supported) */
int mk2bus_run(const char *script, const mk2bus_transport *t, const mk2bus_options *o);
/* "FAIL file:line: message (line: text)" on stderr and exit(code) */
void mk2bus_die(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
#endif
