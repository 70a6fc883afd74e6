/* mk2trace.h - placeholder of the decoder library (the host-tools work replaces it): sample decode and
 * the trace-line format of README.md "Trace format". */
#ifndef MK2TRACE_H
#define MK2TRACE_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef struct {
    char kind;
    unsigned cpu, type;
    int shadow_overrun, fifo_overrun;
    unsigned header;
    uint64_t ts;
    uint32_t src;
    uint64_t data;
    uint32_t cnt[16];
    uint64_t netclk;
} mk2_sample;
int mk2trace_decode(const uint8_t *bytes, int n, mk2_sample *s);
void mk2trace_format(const mk2_sample *s, int timing, char *buf, size_t len);
void mk2trace_format_truncated(int nbytes, int timing, uint64_t netclk, char *buf, size_t len);
#ifdef __cplusplus
}
#endif
#endif
