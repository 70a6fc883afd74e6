/*
 * mk2_lockstep.c - the lockstep backend: the RTL and the reference model ticked with the same inputs in
 * one process. The primary (RTL) drives the runner's checks; at every node clock every output pin the
 * spec defines is compared, and the first difference fails the run at its cause, naming the tick and
 * the pin (the runner adds the script line): co-simulation no longer has to wait for a later trace line.
 *
 * Compared: ACKB, D63..D0 while driven and their drive, FIFODAB, NETCLK, N7..N0, ODD_PARITY, EOM. Not
 * compared: T7..T0 and the debug group, which the model does not have, and the output enable, which both
 * take straight from the OUTDISB input (it could not differ).
 */
#include "mk2_backend.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    mk2_backend *a, *b;
    uint64_t ticks;
} lockstep_ctx;

static int lockstep_tick(mk2_backend *self, const mk2_pins_in *in, mk2_pins_out *out, char *err, unsigned errlen)
{
    lockstep_ctx *c = self->ctx;
    mk2_pins_out o2;
    if (c->a->tick(c->a, in, out, err, errlen) || c->b->tick(c->b, in, &o2, err, errlen)) return -1;
    uint64_t t = c->ticks++;
    struct {
        const char *pin;
        uint64_t x, y;
        int on;
    } pins[] = {
        {"ACKB", out->ackb, o2.ackb, 1},
        {"D63..D0 drive", out->data_oe, o2.data_oe, 1},
        {"D63..D0", out->data, o2.data, out->data_oe && o2.data_oe},
        {"FIFODAB", out->fifodab, o2.fifodab, 1},
        {"NETCLK", out->netclk, o2.netclk, 1},
        {"N7..N0", out->net_data, o2.net_data, 1},
        {"ODD_PARITY", out->parity, o2.parity, 1},
        {"EOM", out->eom, o2.eom, 1},
    };
    for (size_t i = 0; i < sizeof pins / sizeof *pins; i++)
        if (pins[i].on && pins[i].x != pins[i].y) {
            snprintf(err, errlen, "lockstep: tick %" PRIu64 ": %s differs after the edge: %s 0x%" PRIx64
                     ", %s 0x%" PRIx64, t, pins[i].pin, c->a->name, pins[i].x, c->b->name, pins[i].y);
            return -1;
        }
    return 0;
}

static void lockstep_close(mk2_backend *self)
{
    lockstep_ctx *c = self->ctx;
    c->a->close(c->a);
    c->b->close(c->b);
    free(c);
    free(self);
}

static void lockstep_note_command(mk2_backend *self, const char *name)
{
    lockstep_ctx *c = self->ctx;
    if (c->b->note_command) c->b->note_command(c->b, name);
}

static void lockstep_note_cycle(mk2_backend *self, int is_read, unsigned addr, int held, const mk2_pins_in *in)
{
    lockstep_ctx *c = self->ctx;
    if (c->b->note_cycle) c->b->note_cycle(c->b, is_read, addr, held, in);
}

mk2_backend *mk2_backend_lockstep_open(mk2_backend *primary, mk2_backend *secondary)
{
    mk2_backend *b = calloc(1, sizeof *b);
    lockstep_ctx *c = calloc(1, sizeof *c);
    if (!b || !c) abort();
    c->a = primary;
    c->b = secondary;
    b->name = "lockstep";
    b->fifo_depth = primary->fifo_depth;
    b->debug_pins = primary->debug_pins;
    b->ctx = c;
    b->tick = lockstep_tick;
    b->close = lockstep_close;
    b->note_command = lockstep_note_command;
    b->note_cycle = lockstep_note_cycle;
    return b;
}
