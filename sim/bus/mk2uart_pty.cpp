// mk2uart_pty - the Verilated mk2_uartbone_top (rtl/boards/mk2_uartbone_top.v) with its UART on a
// pseudo-terminal: a host program (litex_server --uart --uart-port PTY, or any serial client) talks to the
// simulated MultiKron II as it would to a board. Bytes written to the pty are sent to uart_rx_i bit by bit
// (8N1, CLKS_PER_BIT node clocks a bit, as Verilated); uart_tx_o is sampled in the middle of each bit and
// every byte with a good stop bit is written back to the pty.
//
//   mk2uart_pty --link PATH [--max-seconds N] [--tsclk-div N] [--waves F.fst]
//
// PATH becomes a symbolic link to the pty (e.g. /dev/pts/5). The Timestamp clock runs at node/N (N even,
// default 8; 0: stopped, low). When
// nothing is on the line the simulation slows down (sleeps 500 us every 4096 node clocks) so an idle
// simulation does not take a whole core; it runs until --max-seconds (default 300) or SIGTERM/SIGINT.
// Prints "mk2uart_pty: N bytes in, N bytes out, N node clocks" on exit.
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <deque>
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

#include "Vmk2_uartbone_top.h"
#include "vshim.h"

#ifndef CLKS_PER_BIT
#define CLKS_PER_BIT 16
#endif

static volatile sig_atomic_t stop_flag = 0;
static void on_signal(int) { stop_flag = 1; }

int main(int argc, char **argv)
{
    const char *link = nullptr, *waves = nullptr;
    double max_seconds = 300;
    int tsclk_div = 8;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--link") && i + 1 < argc) link = argv[++i];
        else if (!strcmp(argv[i], "--max-seconds") && i + 1 < argc) max_seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--waves") && i + 1 < argc) waves = argv[++i];
        else if (!strcmp(argv[i], "--tsclk-div") && i + 1 < argc) tsclk_div = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: mk2uart_pty --link PATH [--max-seconds N] [--tsclk-div N] [--waves F.fst]\n");
            return 2;
        }
    }
    if (!link) {
        fprintf(stderr, "usage: mk2uart_pty --link PATH [--max-seconds N] [--tsclk-div N] [--waves F.fst]\n");
        return 2;
    }
    int m = posix_openpt(O_RDWR | O_NOCTTY);
    if (m < 0 || grantpt(m) || unlockpt(m)) {
        perror("mk2uart_pty: posix_openpt");
        return 1;
    }
    const char *slave = ptsname(m);
    // keep the slave side open in raw mode: no echo, no line editing, and no EIO on the master when no
    // client has it open
    int s = open(slave, O_RDWR | O_NOCTTY);
    if (s < 0) {
        perror("mk2uart_pty: open the pty");
        return 1;
    }
    struct termios t;
    tcgetattr(s, &t);
    cfmakeraw(&t);
    tcsetattr(s, TCSANOW, &t);
    fcntl(m, F_SETFL, fcntl(m, F_GETFL) | O_NONBLOCK);
    unlink(link);
    if (symlink(slave, link)) {
        fprintf(stderr, "mk2uart_pty: symlink %s -> %s: %s\n", link, slave, strerror(errno));
        return 1;
    }
    printf("mk2uart_pty: UART on %s (link %s), %d node clocks a bit\n", slave, link, CLKS_PER_BIT);
    fflush(stdout);
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);

    vshim<Vmk2_uartbone_top> *v = vshim<Vmk2_uartbone_top>::open(waves);
    if (!v) return 1;
    Vmk2_uartbone_top *top = v->top;
    top->uart_rx_i = 1;
    top->ext_i = 0;
    top->tsclk_i = 0;
    top->rst_ni = 0;
    for (int i = 0; i < 8; i++) v->edge();
    top->rst_ni = 1;

    std::deque<unsigned char> in;       // bytes from the host, not yet on the line
    int rx_bit = -1, rx_cnt = 0;        // the byte being sent to uart_rx_i: bit 0 start .. 9 stop
    unsigned rx_byte = 0;
    int tx_bit = -1, tx_cnt = 0;        // the byte being received from uart_tx_o
    unsigned tx_byte = 0;
    unsigned long long bytes_in = 0, bytes_out = 0;
    time_t t0 = time(nullptr);
    for (unsigned long long tick = 0; !stop_flag; tick++) {
        if ((tick & 255) == 0) {
            unsigned char buf[256];
            ssize_t n = read(m, buf, sizeof buf);
            for (ssize_t i = 0; i < n; i++) in.push_back(buf[i]);
            if (n > 0) bytes_in += (unsigned long long)n;
            if ((tick & 4095) == 0) {
                if (difftime(time(nullptr), t0) > max_seconds) break;
                if (in.empty() && rx_bit < 0 && tx_bit < 0 && top->uart_tx_o) usleep(500);
            }
        }
        // host -> uart_rx_i
        if (rx_bit < 0 && !in.empty()) {
            rx_byte = in.front();
            in.pop_front();
            rx_bit = 0;
            rx_cnt = 0;
        }
        if (rx_bit >= 0) {
            top->uart_rx_i = rx_bit == 0 ? 0 : rx_bit == 9 ? 1 : (rx_byte >> (rx_bit - 1)) & 1;
            if (++rx_cnt == CLKS_PER_BIT) {
                rx_cnt = 0;
                if (++rx_bit == 10) rx_bit = -1;
            }
        } else {
            top->uart_rx_i = 1;
        }
        top->tsclk_i = tsclk_div >= 2 && tick % (unsigned long long)tsclk_div < (unsigned long long)tsclk_div / 2;
        v->edge();
        // uart_tx_o -> host: a falling edge starts a byte, each bit sampled in its middle
        if (tx_bit < 0) {
            if (!top->uart_tx_o) {
                tx_bit = 0;
                tx_cnt = CLKS_PER_BIT / 2;
                tx_byte = 0;
            }
        } else if (--tx_cnt == 0) {
            tx_cnt = CLKS_PER_BIT;
            int b = top->uart_tx_o;
            if (tx_bit >= 1 && tx_bit <= 8) tx_byte |= (unsigned)b << (tx_bit - 1);
            if (tx_bit == 9) {
                if (b) {
                    unsigned char c = (unsigned char)tx_byte;
                    while (write(m, &c, 1) < 0 && errno == EAGAIN) usleep(100);
                    bytes_out++;
                } else {
                    fprintf(stderr, "mk2uart_pty: framing error on uart_tx_o (tick %llu)\n", tick);
                }
                tx_bit = -1;
            } else {
                tx_bit++;
            }
        }
    }
    printf("mk2uart_pty: %llu bytes in, %llu bytes out, %llu node clocks\n", bytes_in, bytes_out,
           (unsigned long long)v->ticks);
    vshim<Vmk2_uartbone_top>::close(v);
    unlink(link);
    close(s);
    close(m);
    return 0;
}
