/* rems_drv.h - driving the Verilated rems_matcher from C: reset, download, stream (sim/rems-matcher/rems_drv.c). */
#ifndef REMS_DRV_H
#define REMS_DRV_H
#include <stddef.h>
#include <stdint.h>
#include "rems_shim.h"

/* The matcher's latency and the clock of a word's level-3 read (counted from its presentation), as stated
 * in docs/rems-matcher.md for each OUTREG setting; the tests check the RTL against them. */
#define REMS_LATENCY_NOREG 5
#define REMS_LATENCY_OUTREG 8
#define REMS_LATENCY (rems_shim_outreg() ? REMS_LATENCY_OUTREG : REMS_LATENCY_NOREG)
#define REMS_L3_READ (rems_shim_outreg() ? 5 : 3)

/* Hold reset for a few clocks, then release it. */
void rems_drv_reset(rems_shim *s);
/* One write per clock through the download port; writes[i] = (addr << 32) | data. No words stream. */
void rems_drv_download(rems_shim *s, const uint64_t *writes, size_t n);
/* Stream n words, one per clock with valid high, then flush. trig[i] receives word i's triggers.
 * Checks the streaming contract: exactly n results, in order, each exactly REMS_LATENCY clocks after its
 * word, none masked, trig 0 whenever valid is low. Returns 0, or -1 with msg set. */
int rems_drv_stream(rems_shim *s, const uint32_t *words, size_t n, uint8_t *trig, char *msg, size_t msglen);
/* The same with the words from next (1 a word, 0 the end, -1 an error: it has set msg) and each result handed
 * to result as it leaves the matcher, in order; only the words in flight are kept. *count (when not NULL)
 * receives the number of words. */
typedef int (*rems_word_fn)(void *arg, uint32_t *word);
typedef void (*rems_result_fn)(void *arg, uint32_t word, uint8_t trig);
int rems_drv_stream_fn(rems_shim *s, rems_word_fn next, rems_result_fn result, void *arg, size_t *count, char *msg,
                       size_t msglen);
/* Read a download file (remsc's download.memh: "aaaa_dddddddd" a line, // comments). Returns the number of
 * writes (malloc'ed array in *writes); -1 with msg "file:line:col: error: ..." (or "file: error: ...") when the
 * file cannot be read or a line is malformed; -2 when it is not one whole download: empty, fewer or more than
 * REMS_DOWNLOAD_WRITES writes, no commit (data bit 30) on the last write, or a write after the commit. */
long rems_drv_read_download(const char *path, uint64_t **writes, char *msg, size_t msglen);
#endif
