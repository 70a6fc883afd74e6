#!/usr/bin/env python3
"""workload.py OUTDIR - a deterministic synthetic two-node workload in the trace format (README "Trace
format"), for the demo and the HTML test: OUTDIR/node1.trace, OUTDIR/node2.trace and OUTDIR/workload.rules.
`mk2trace encode --node N --hz 10000000` turns each into a capture (Timestamp clock 10 MHz: 100 ns ticks).

Each node has two CPUs running a few processes (source id = node << 16 | process). Processes log
"request" intervals (event 0x100 start, 0x101 end, event id = user data bits 63..32, argument a request
number), nested "io" intervals (0x200/0x201) and "mark" events (0x300); software logs the Overrun Error
Counter as event 0x7f. Every 1000 ticks a Resource sample: counters 0:1 a 64-bit pair counting the 50 MHz
node clock from just below 2^32 (it crosses into the high half), counter 2 cache misses, counter 3
external events, counter 4 a fast counter that saturates, counter 5 cleared half-way. Node 1 has a burst
of FIFO overruns (F) and one shadow overrun (S). A linear congruential generator keeps it identical on
every machine."""
import os
import sys


class Lcg:
    def __init__(self, seed):
        self.x = seed

    def next(self, n):
        self.x = (self.x * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return (self.x >> 33) % n


def node_trace(node, cpus, procs, seed):
    g = Lcg(seed)
    ev = []  # (ts, order, line)
    end = 20000
    for pi, proc in enumerate(procs):
        cpu = cpus[pi % len(cpus)]
        src = node << 16 | proc
        t = 50 + g.next(300)
        req = 0
        while t < end - 2000:
            dur = 300 + g.next(1400)
            ev.append((t, f"T cpu={cpu} ts={t:014x} src={src:08x} data={0x100 << 32 | req:016x}"))
            if g.next(3) == 0:
                a = t + 50 + g.next(dur // 3)
                b = a + 40 + g.next(dur // 3)
                ev.append((a, f"T cpu={cpu} ts={a:014x} src={src:08x} data={0x200 << 32 | req:016x}"))
                ev.append((b, f"T cpu={cpu} ts={b:014x} src={src:08x} data={0x201 << 32 | req:016x}"))
            if g.next(4) == 0:
                m = t + 10 + g.next(dur - 20)
                ev.append((m, f"T cpu={cpu} ts={m:014x} src={src:08x} data={0x300 << 32 | g.next(1 << 16):016x}"))
            ev.append((t + dur, f"T cpu={cpu} ts={t + dur:014x} src={src:08x} data={0x101 << 32 | req:016x}"))
            req += 1
            t += dur + 80 + g.next(900)
    # Resource samples
    pair = (1 << 32) - 150000
    c2 = c3 = c4 = c5 = 0
    for k, t in enumerate(range(1000, end, 1000)):
        pair += 5000 * 10 + g.next(50)  # 50 MHz for 1000 ticks of 10 MHz: 5000 per 100 ns tick... scaled
        c2 += 200 + g.next(900)
        c3 += g.next(40)
        c4 = min(c4 + 400_000_000, 0xFFFFFFFF)
        c5 = 0 if k == 9 else c5 + 1000 + g.next(3000)
        cnt = [pair & 0xFFFFFFFF, pair >> 32, c2, c3, c4, c5] + [0] * 10
        cpu = cpus[k % len(cpus)]
        src = node << 16 | procs[0]
        ev.append((t, f"R cpu={cpu} ts={t:014x} src={src:08x} data={k:016x} err=-- cnt=" +
                   ",".join(f"{c:08x}" for c in cnt)))
    ev.sort(key=lambda e: e[0])
    lines = []
    overruns = 0
    for i, (t, line) in enumerate(ev):
        err = "--"
        if node == 1 and 9000 <= t < 11000 and line[0] == "T" and g.next(3) == 0:
            err = "-F"
            overruns += 1 + g.next(3)
        if node == 1 and line[0] == "R" and t == 15000:
            err = "S-"
            overruns += 1
        if " err=" not in line:
            line += f" err={err}"
        else:
            line = line.replace("err=--", f"err={err}")
        lines.append(line)
        if node == 1 and i % 60 == 59:  # software reads the Overrun Error Counter now and then
            src = node << 16 | procs[0]
            lines.append(f"T cpu={cpus[0]} ts={t:014x} src={src:08x} data={0x7f << 32 | overruns:016x} err=--")
    return lines


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for node, cpus, procs, seed in ((1, [0, 1], [1, 2, 3], 11), (2, [0, 2], [1, 2], 23)):
        with open(f"{out}/node{node}.trace", "w") as f:
            f.write(f"# synthetic workload, node {node} (tb/tools/workload.py)\n")
            f.write("\n".join(node_trace(node, cpus, procs, seed)) + "\n")
    with open(f"{out}/workload.rules", "w") as f:
        f.write("# event-id name start|end|event (event id = user data bits 63..32)\n"
                "0x100 request start\n0x101 request end\n0x200 io start\n0x201 io end\n0x300 mark event\n"
                "overrun 0x7f\npair 0\n")


main()
