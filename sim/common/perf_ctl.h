/*
 * perf_ctl.h - lets `perf record -D -1 --control fifo:CTL,ACK` profile only the part of a program that
 * is timed (the loop of a benchmark, not its file reading). Header-only, C and C++.
 *
 *   perf_ctl("enable");  ... timed work ...  perf_ctl("disable");
 *
 * The FIFOs come from the environment: PERF_CTL_FIFO (commands to perf) and PERF_ACK_FIFO (its "ack"
 * after each, so that the first sample is taken inside the loop). Without them perf_ctl does nothing,
 * so a program run outside perf pays one getenv. scripts/sim-bench sets both.
 */
#ifndef PERF_CTL_H
#define PERF_CTL_H
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static inline void perf_ctl(const char *cmd)
{
    static int ctl = -2, ack = -1;
    if (ctl == -2) {
        const char *c = getenv("PERF_CTL_FIFO"), *a = getenv("PERF_ACK_FIFO");
        ctl = c && *c ? open(c, O_WRONLY) : -1;
        ack = ctl >= 0 && a && *a ? open(a, O_RDONLY) : -1;
    }
    if (ctl < 0) return;
    char line[32], buf[16];
    int n = snprintf(line, sizeof line, "%s\n", cmd);
    if (write(ctl, line, (size_t)n) != n) return;
    if (ack >= 0) (void)!read(ack, buf, sizeof buf); /* "ack\n" */
}
#endif
