#!/usr/bin/env python3
# uart-litex-test.py - the UARTBone bridge end to end, without a board: the simulated mk2_uartbone_top on a
# pseudo-terminal (build/wb/mk2uart_pty), driven first byte by byte with pyserial (the protocol's framing,
# burst kinds, unknown commands and the frame time-out), then by LiteX's own host software from PyPI:
# litex_server --uart (started by tb/bus/run-uart-test), litex_cli and RemoteClient with the csr.csv of
# tb/bus/gen-csr-csv. Prints one "PASS name" / "FAIL name: why" line per check.
#   uart-litex-test.py raw PTY
#   uart-litex-test.py litex CSR_CSV PORT
import subprocess
import sys
import time


def report(name, ok, why=""):
    print(("PASS %s" % name) if ok else ("FAIL %s: %s" % (name, why)), flush=True)
    return ok


def word(v):
    return list(v.to_bytes(4, "big"))


def raw(pty):
    import serial
    s = serial.Serial(pty, 115200, timeout=5)

    def rd(n):
        b = s.read(n)
        return b

    FILTER = 8 * 4 // 4          # word address of the Filter Register's low half
    # a read of the Filter Register: all levels enabled after reset, bits 31..16 read 1
    s.write(bytes([0x02, 1] + word(FILTER)))
    r = rd(4)
    report("uartbone-read", r == bytes.fromhex("ffffffff"), "got %s, expected ffffffff" % r.hex())
    # a write gets no reply; the value reads back
    s.write(bytes([0x01, 1] + word(FILTER) + word(0x1234)))
    time.sleep(0.3)
    extra = s.read(s.in_waiting) if s.in_waiting else b""
    report("uartbone-write-no-reply", extra == b"", "the bridge answered a write with %s" % extra.hex())
    s.write(bytes([0x02, 1] + word(FILTER)))
    r = rd(4)
    report("uartbone-write-read", r == bytes.fromhex("ffff1234"), "got %s, expected ffff1234" % r.hex())
    # an incrementing burst of 2 (Filter low, then its latched high half) and a fixed burst of 2 (low twice)
    s.write(bytes([0x02, 2] + word(FILTER)))
    r = rd(8)
    report("uartbone-read-incr-burst", r == bytes.fromhex("ffff1234ffffffff"), "got %s" % r.hex())
    s.write(bytes([0x01, 2] + word(2 * 32) + word(0x11111111) + word(0x22222222)))   # Source Address 0, fixed
    s.write(bytes([0x04, 2] + word(2 * 32)))
    r = rd(8)
    report("uartbone-incr-write-fixed-read", r == bytes.fromhex("1111111111111111"),
           "incr write put 0x11111111 in the low half; fixed read got %s" % r.hex())
    s.write(bytes([0x03, 2] + word(2 * 33) + word(0x33333333) + word(0x44444444)))   # Source Address 1, fixed
    s.write(bytes([0x02, 1] + word(2 * 33)))
    r = rd(4)
    report("uartbone-fixed-write", r == bytes.fromhex("44444444"), "the last word of a fixed burst wins: %s" % r.hex())
    # length 0 means 256 words (LiteX's 8-bit count wraps): a fixed burst of 256 reads
    s.write(bytes([0x04, 0] + word(FILTER)))
    r = rd(1024)
    report("uartbone-length-0-is-256", r == bytes.fromhex("ffff1234") * 256,
           "got %d bytes, %d of them words ffff1234" % (len(r), sum(r[i:i + 4] == bytes.fromhex("ffff1234")
                                                             for i in range(0, len(r), 4))))
    time.sleep(0.2)
    extra = s.read(s.in_waiting) if s.in_waiting else b""
    report("uartbone-length-0-no-more", extra == b"", "%d bytes after the 256 words" % len(extra))
    # an unknown command: its length and address are read and ignored, then the parser waits for a command
    s.write(bytes([0x07, 1] + word(FILTER)))
    s.write(bytes([0x02, 1] + word(FILTER)))
    r = rd(4)
    report("uartbone-unknown-command", r == bytes.fromhex("ffff1234"), "got %s" % r.hex())
    # the time-out: half a frame, a pause longer than the bridge's time-out, then a whole frame is understood
    s.write(bytes([0x02, 0x01, 0x00]))
    time.sleep(6)
    s.write(bytes([0x02, 1] + word(FILTER)))
    r = rd(4)
    report("uartbone-timeout", r == bytes.fromhex("ffff1234"),
           "after an abandoned frame and a pause, got %s (expected ffff1234)" % r.hex())
    s.write(bytes([0x01, 1] + word(FILTER) + word(0xffff)))   # leave the filter as reset
    s.close()


def litex(csr_csv, port):
    # litex_cli, LiteX's command line client, by address and by register name
    def cli(*args):
        return subprocess.run(["litex_cli", "--csr-csv", csr_csv, "--port", str(port)] + list(args),
                              capture_output=True, text=True, timeout=60)
    p = cli("--write", "0x20", "0x00ff")
    q = cli("--read", "0x20")
    report("litex_cli-write-read", p.returncode == 0 and "0xffff00ff" in q.stdout.lower(),
           "litex_cli --read 0x20 printed %r (stderr %r)" % (q.stdout.strip(), (p.stderr + q.stderr)[-300:]))
    p = cli("--write", "0x20", "0xffff")

    from litex import RemoteClient
    bus = RemoteClient(csr_csv=csr_csv, port=port)
    bus.open()
    try:
        r = bus.regs
        v = r.mk2_filter.read()
        report("RemoteClient-read", v == 0xffffffff, "mk2_filter read 0x%08x" % v)
        # a Trace sample through LiteX's client: sampling on, 64 bits of user data (high half first)
        r.mk2_source_address0.write(0x00010001)
        r.mk2_csr.write(1)
        csr = r.mk2_csr.read()
        report("RemoteClient-csr", csr & 0x8001 == 0x8001, "CSR read 0x%08x (sampling on, 64-bit mode)" % csr)
        r.mk2_trace_level3_hi.write(0xdeadbeef)
        r.mk2_trace_level3.write(0x01234567)
        fill = 0
        for _ in range(50):
            fill = r.mk2_sink_status.read() & 0xffff
            if fill >= 20:
                break
            time.sleep(0.05)
        els = [r.mk2_sink_data.read() for _ in range(fill)]
        data = [e & 0xff for e in els]
        ok = (fill == 20 and all(e >> 31 for e in els) and all(bin(e & 0x1ff).count("1") % 2 == 1 for e in els)
              and [e >> 9 & 1 for e in els] == [0] * 19 + [1])
        report("RemoteClient-sample-elements", ok,
               "fill %d, elements %s" % (fill, " ".join("%03x" % (e & 0x3ff) for e in els)))
        report("RemoteClient-sample-fields", bytes(data[8:12]) == bytes.fromhex("00010001") and
               bytes(data[12:20]) == bytes.fromhex("deadbeef01234567") and data[0] >> 3 & 3 == 2,
               "header %02x src %s data %s" % (data[0] if data else 0, bytes(data[8:12]).hex(), bytes(data[12:20]).hex()))
        st = r.mk2_sink_status.read()
        taken = r.mk2_sink_taken.read()
        report("RemoteClient-sink-status", st == 0 and taken == 20,
               "STATUS 0x%08x, TAKEN %d (expected 0 and 20)" % (st, taken))
    finally:
        bus.close()


if __name__ == "__main__":
    if sys.argv[1] == "raw":
        raw(sys.argv[2])
    else:
        litex(sys.argv[2], int(sys.argv[3]))
