/* mk2script.h - the MultiKron II stimulus script language (docs/mk2-scripts.md), parsed once for every runner:
 * the pin-level runner (sim/mk2/mk2_tb.c: build/mk2sim, build/model/mk2model), the Wishbone runner
 * (sim/bus/mk2bus.c: build/mk2wb) and the host runner (tools/mk2host, through mk2bus.c).
 *
 * A strict parser: numbers decimal (no leading 0) or 0x-hex, every range checked, at most 8 words a line,
 * `#` comments, LF or CRLF line ends; NUL bytes, lone CRs and control characters are errors. A runner
 * reads a whole file and checks every line before it runs the first one. */
#ifndef MK2SCRIPT_H
#define MK2SCRIPT_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MK2SCRIPT_MAX_TICKS 10000000000ULL /* idle, after, drain: 10^10 node clocks (200 s at 50 MHz) */
#define MK2SCRIPT_MAX_EDGES 1000000000ULL  /* tsclk N, ext J pulse N */
#define MK2SCRIPT_MAX_HOLD 1000000ULL      /* reset N, hold N, strobe hold N, tsclk run DIV */
#define MK2SCRIPT_MAX_TOKENS 8

enum mk2script_op {
    OP_NONE, OP_RESET, OP_WRITE, OP_READ, OP_RDWR, OP_HOLD, OP_STROBE, OP_IDLE, OP_TSCLK, OP_TSCLK_RUN,
    OP_TSCLK_STOP, OP_EXT_PULSE, OP_EXT_LEVEL, OP_CPU, OP_NETRDY, OP_TEST, OP_OUTDIS, OP_STRAP, OP_DRAIN
};
/* the command word of each op ("tsclk" for OP_TSCLK_RUN too); "" for OP_NONE */
extern const char *const mk2script_op_names[];

/* One command. Arguments per op:
 *   RESET v0 = N (default 8); WRITE v0 = ADDR, v1 = DATA; READ, RDWR v0 = ADDR, with expect: v1 = VALUE,
 *   v2 = MASK (all ones by default); HOLD, STROBE, IDLE, TSCLK, TSCLK_RUN, DRAIN v0 = N (DRAIN default
 *   100000); EXT_PULSE v0 = J, v1 = N (default 1); EXT_LEVEL v0 = J, v1 = level; CPU v0 = the C7..C0 lines
 *   (cpu N gives 1 << N, cpu none 0); NETRDY, TEST, OUTDIS, STRAP v0 = 0|1. */
typedef struct {
    int op;
    uint64_t v[4];
    int expect; /* read/rdwr: compare with v[1] under mask v[2] */
} mk2script_cmd;

/* One line: a command, or `after N COMMAND` (is_after, a pin-level command due N node clocks later). */
typedef struct {
    mk2script_cmd c;
    int is_after;
    uint64_t after_ticks;
} mk2script_stmt;

/* Parses one line (without its newline; changed in place: comment cut, words split) into st; c.op is OP_NONE
 * for a blank or comment line. 0, or -1 with the problem in err (no file or line: the caller adds them). */
int mk2script_parse_line(char *line, size_t len, mk2script_stmt *st, char *err, size_t errlen);

/* Reads a script file line by line (any length) and calls fn(lineno, line, len, arg) for each, line without
 * its newline; stops at the first non-zero return and returns it. Refuses a directory and a file that cannot
 * be opened or read: -1 with the reason (naming the file) in err. */
typedef int (*mk2script_line_fn)(long lineno, char *line, size_t len, void *arg);
int mk2script_each_line(const char *path, mk2script_line_fn fn, void *arg, char *err, size_t errlen);

/* The line as a message shows it: printable ASCII kept, anything else as \xNN, at most 120 bytes, then "...". */
void mk2script_show_line(const char *text, size_t len, char *buf, size_t buflen);

#ifdef __cplusplus
}
#endif
#endif
