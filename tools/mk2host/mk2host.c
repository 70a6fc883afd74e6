/*
 * mk2host - runs a MultiKron II stimulus script (docs/mk2-scripts.md) on a board (or the simulated board
 * build/wb/mk2uart_pty) through the UARTBone bridge on a serial port: every bus command becomes LiteX
 * UARTBone frames (rtl/bus/uartbone.v, docs/integration.md), the samples are read back from the trace sink
 * and printed in the trace format of `make sim`. The script engine is sim/bus/mk2bus.c, the same as
 * build/mk2wb's.
 *
 *   mk2host --port DEV SCRIPT [--baud N] [--node-hz HZ] [--trace F|-] [--capture F] [--no-expect]
 *           [--timeout-ms MS] [--drain-seconds S] [--base BYTEADDR]
 *
 * A host has no pins: `reset` is the software reset (a write to address 0: the Timestamp and the WAITSTATE
 * strap are kept, D1.4), `idle N` sleeps N / HZ seconds (at least N node clocks at --node-hz, default
 * 12 MHz), and the pin commands (tsclk, ext, cpu, strap, test) are refused with exit 3, as are the
 * pin-level bus commands (hold, strobe hold, rdwr, outdis, after). Reads of consecutive requests to one
 * address (the sink's DATA) go as one fixed burst (command 0x04). `drain MAX` waits at least
 * --drain-seconds (default 30): the link reads the sink slower than the network fills it. At start the sink's pause is cleared
 * and anything left in it from an earlier run is read away.
 * Exit 0: ran and every check held; 1: a check failed, the script is invalid or the link failed (a reply
 * that does not come within --timeout-ms, default 2000); 2: usage; 3: a command not supported.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "mk2bus.h"

static int fd = -1;
static double node_hz = 12e6;
static int timeout_ms = 2000;
static uint32_t base_word;
static struct timespec t_start;
static uint64_t frames, bytes_out, bytes_in;

static void put(const uint8_t *b, size_t n)
{
    while (n) {
        ssize_t k = write(fd, b, n);
        if (k < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            mk2bus_die(1, "serial port: write: %s", strerror(errno));
        }
        b += k;
        n -= (size_t)k;
        bytes_out += (uint64_t)k;
    }
}

static void get(uint8_t *b, size_t n)
{
    while (n) {
        struct pollfd pf = {fd, POLLIN, 0};
        int k = poll(&pf, 1, timeout_ms);
        if (k == 0) mk2bus_die(1, "serial port: no reply within %d ms (%zu bytes missing)", timeout_ms, n);
        if (k < 0) {
            if (errno == EINTR) continue;
            mk2bus_die(1, "serial port: poll: %s", strerror(errno));
        }
        ssize_t r = read(fd, b, n);
        if (r < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            mk2bus_die(1, "serial port: read: %s", strerror(errno));
        }
        b += r;
        n -= (size_t)r;
        bytes_in += (uint64_t)r;
    }
}

static void be32(uint8_t *b, uint32_t v)
{
    b[0] = (uint8_t)(v >> 24);
    b[1] = (uint8_t)(v >> 16);
    b[2] = (uint8_t)(v >> 8);
    b[3] = (uint8_t)v;
}

static void xfer(const mk2bus_req *q, int n, uint32_t *r)
{
    for (int i = 0; i < n;) {
        uint8_t f[10];
        if (q[i].we) {
            f[0] = 0x01;
            f[1] = 1;
            be32(f + 2, base_word + q[i].adr);
            be32(f + 6, q[i].dat);
            put(f, 10);
            frames++;
            i++;
            continue;
        }
        int k = 1; /* reads of one address in a row: one fixed burst */
        while (i + k < n && k < 255 && !q[i + k].we && q[i + k].adr == q[i].adr) k++;
        f[0] = k > 1 ? 0x04 : 0x02;
        f[1] = (uint8_t)k;
        be32(f + 2, base_word + q[i].adr);
        put(f, 6);
        frames++;
        for (int j = 0; j < k; j++) {
            uint8_t b[4];
            get(b, 4);
            if (r) r[i + j] = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
        }
        i += k;
    }
}

static double elapsed(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t_start.tv_sec) + (double)(t.tv_nsec - t_start.tv_nsec) * 1e-9;
}

static uint64_t now(void) { return (uint64_t)(elapsed() * node_hz); }

static void idle(uint64_t n)
{
    double s = (double)n / node_hz;
    struct timespec t = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
    while (nanosleep(&t, &t) && errno == EINTR) {
    }
}

static void start(void)
{
    tcflush(fd, TCIOFLUSH);
    clock_gettime(CLOCK_MONOTONIC, &t_start);
    mk2bus_req c = {1, 0x100 + 6, 2, 0xf}; /* sink CTRL: pause off, counters cleared */
    xfer(&c, 1, NULL);
    mk2bus_req s = {0, 0x100 + 1, 0, 0xf};
    uint32_t st;
    xfer(&s, 1, &st);
    for (uint32_t left = st & 0xffff; left;) {
        mk2bus_req d[64];
        uint32_t k = left > 64 ? 64 : left;
        for (uint32_t i = 0; i < k; i++) d[i] = (mk2bus_req){0, 0x100, 0, 0xf};
        xfer(d, (int)k, NULL);
        left -= k;
    }
}

static void summary(FILE *f)
{
    fprintf(f, ", %" PRIu64 " frames, %" PRIu64 " bytes out, %" PRIu64 " bytes in, %.1f s", frames, bytes_out,
            bytes_in, elapsed());
}

static speed_t baud_code(long b)
{
    switch (b) {
    case 9600: return B9600;
    case 19200: return B19200;
    case 38400: return B38400;
    case 57600: return B57600;
    case 115200: return B115200;
    case 230400: return B230400;
    case 460800: return B460800;
    case 921600: return B921600;
    case 1000000: return B1000000;
    case 2000000: return B2000000;
    case 3000000: return B3000000;
    default: return 0;
    }
}

static int usage(void)
{
    fprintf(stderr, "usage: mk2host --port DEV SCRIPT [--baud N] [--node-hz HZ] [--trace F|-] [--capture F] "
                    "[--no-expect] [--timeout-ms MS] [--drain-seconds S] [--base BYTEADDR]\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *port = NULL, *script = NULL;
    long baud = 115200;
    double drain_seconds = 30;
    mk2bus_options o = {0};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--port") && i + 1 < argc) port = argv[++i];
        else if (!strcmp(argv[i], "--baud") && i + 1 < argc) baud = strtol(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--node-hz") && i + 1 < argc) node_hz = strtod(argv[++i], NULL);
        else if (!strcmp(argv[i], "--drain-seconds") && i + 1 < argc) drain_seconds = strtod(argv[++i], NULL);
        else if (!strcmp(argv[i], "--timeout-ms") && i + 1 < argc) timeout_ms = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--base") && i + 1 < argc) base_word = (uint32_t)(strtoul(argv[++i], NULL, 0) / 4);
        else if (!strcmp(argv[i], "--trace") && i + 1 < argc) o.trace = argv[++i];
        else if (!strcmp(argv[i], "--capture") && i + 1 < argc) o.capture = argv[++i];
        else if (!strcmp(argv[i], "--no-expect")) o.no_expect = 1;
        else if (argv[i][0] != '-' && !script) script = argv[i];
        else return usage();
    }
    speed_t sp = baud_code(baud);
    if (!port || !script || !sp || node_hz <= 0 || timeout_ms <= 0) return usage();
    fd = open(port, O_RDWR | O_NOCTTY);
    if (fd < 0) {
        fprintf(stderr, "FAIL %s: %s\n", port, strerror(errno));
        return 1;
    }
    struct termios t;
    if (tcgetattr(fd, &t) == 0) {
        cfmakeraw(&t);
        cfsetispeed(&t, sp);
        cfsetospeed(&t, sp);
        t.c_cflag |= CLOCAL | CREAD;
        t.c_cc[VMIN] = 0;
        t.c_cc[VTIME] = 0;
        tcsetattr(fd, TCSANOW, &t);
    }
    /* a slow link reads the sink slower than the network fills it: drain may take longer than the script's
     * MAX (written for the pin-level runner); it gets at least --drain-seconds */
    mk2bus_transport tr = {"mk2host", xfer, now, (uint64_t)(drain_seconds * node_hz), idle, NULL, NULL, start, summary};
    int rc = mk2bus_run(script, &tr, &o);
    close(fd);
    return rc;
}
