/* mk2trace.c - placeholder of the decoder library (the host-tools work replaces it). */
#include "mk2trace.h"
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

int mk2trace_decode(const uint8_t *b, int n, mk2_sample *s)
{
    if (n != 20 && n != 84) return -1;
    memset(s, 0, sizeof *s);
    s->kind = n == 84 ? 'R' : 'T';
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

void mk2trace_format(const mk2_sample *s, int timing, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "%c cpu=%u ts=%014" PRIx64 " src=%08x data=%016" PRIx64 " err=%c%c", s->kind,
                                s->cpu, s->ts, s->src, s->data, s->shadow_overrun ? 'S' : '-', s->fifo_overrun ? 'F' : '-');
    for (int k = 0; s->kind == 'R' && k < 16 && n < len; k++)
        n += (size_t)snprintf(buf + n, len - n, "%s%08x", k ? "," : " cnt=", s->cnt[k]);
    if (s->kind == 'T' && s->type != 2 && n < len) n += (size_t)snprintf(buf + n, len - n, " type=%u", s->type);
    if (timing && n < len) snprintf(buf + n, len - n, " @%" PRIu64, s->netclk);
}

void mk2trace_format_truncated(int nbytes, int timing, uint64_t netclk, char *buf, size_t len)
{
    if (timing) snprintf(buf, len, "# truncated after %d bytes @%" PRIu64, nbytes, netclk);
    else snprintf(buf, len, "# truncated after %d bytes", nbytes);
}
