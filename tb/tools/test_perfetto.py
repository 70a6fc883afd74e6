#!/usr/bin/env python3
"""test_perfetto.py MK2TRACE OUTDIR - decode mk2trace's Perfetto output with the protos compiled in the
`perfetto` package (PyPI) and check packets, tracks and values against the hand-written captures
tb/tools/analysis/{a,b}.trace and the golden demo (tb/mk2/scripts/demo.expect). Expected values are worked
out by hand in the comments. One PASS/FAIL line per case (scripts/run-suite)."""
import os
import subprocess
import sys

from perfetto.protos.perfetto.trace.perfetto_trace_pb2 import Trace, TrackEvent

mk2trace, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
failures = 0


def check(name, cond, why=""):
    global failures
    if cond:
        print(f"PASS {name}")
    else:
        failures += 1
        print(f"FAIL {name}: {why}")


def run(*args):
    return subprocess.run([mk2trace, *args], capture_output=True, text=True)


a, b, demo = f"{out}/a.cap", f"{out}/b.cap", f"{out}/demo.cap"
run("encode", "--node", "1", "--hz", "1000", "-o", a, "tb/tools/analysis/a.trace")
run("encode", "--node", "2", "--hz", "2000", "-o", b, "tb/tools/analysis/b.trace")
run("encode", "--node", "1", "--hz", "1000000", "-o", demo, "tb/mk2/scripts/demo.expect")
pf = f"{out}/ab.pftrace"
r = run("perfetto", "--rules", "tb/tools/analysis/a.rules", "--pairs", "0", "-o", pf, a, b)
check("exit-status", r.returncode == 0, r.stderr)

trace = Trace()
trace.ParseFromString(open(pf, "rb").read())
packets = list(trace.packet)
check("parses", len(packets) > 0, "no packet")

# ---- clocks: one snapshot per capture (sequence 1 = a, 2 = b): clock 64 with 1e9/Hz ns per tick
snaps = {p.trusted_packet_sequence_id: p.clock_snapshot for p in packets if p.HasField("clock_snapshot")}
check("clock-snapshots", sorted(snaps) == [1, 2], f"sequences {sorted(snaps)}")
mult = {seq: {c.clock_id: c.unit_multiplier_ns for c in s.clocks} for seq, s in snaps.items()}
check("clock-a-1000hz", mult.get(1, {}).get(64) == 1_000_000, f"{mult.get(1)}")
check("clock-b-2000hz", mult.get(2, {}).get(64) == 500_000, f"{mult.get(2)}")
check("clock-primary-boottime", all(s.primary_trace_clock == 6 and any(c.clock_id == 6 for c in s.clocks)
                                    for s in snaps.values()))
first = [p for p in packets if p.HasField("clock_snapshot")]
check("snapshot-first-on-sequence", all(p.sequence_flags == 1 for p in first))

# ---- tracks
tracks = {p.track_descriptor.uuid: p.track_descriptor for p in packets if p.HasField("track_descriptor")}
byname = {}
for t in tracks.values():
    byname.setdefault(t.name, []).append(t)
check("track-uuids-unique", len(tracks) == sum(1 for p in packets if p.HasField("track_descriptor")))
nodes = sorted(t.name for t in tracks.values() if t.HasField("process"))
check("node-tracks", nodes == ["MultiKron node 1", "MultiKron node 2"], f"{nodes}")


def path(t):
    names = []
    while t is not None:
        names.append(t.name)
        t = tracks.get(t.parent_uuid) if t.parent_uuid else None
    return "/".join(reversed(names))


paths = sorted(path(t) for t in tracks.values())
# node 1: cpu 0 runs process 2 (src 0x00010002), cpu 1 process 3; node 2: cpu 2 process 1
for want in ["MultiKron node 1/cpu 0/process 2 (src 0x00010002)",
             "MultiKron node 1/cpu 1/process 3 (src 0x00010003)",
             "MultiKron node 2/cpu 2/process 1 (src 0x00020001)",
             "MultiKron node 1/cpu 0/process 2 (src 0x00010002)/request",
             "MultiKron node 2/cpu 2/process 1 (src 0x00020001)/request"]:
    check("track " + want, want in paths, "missing")
# counters: a's Resource samples, 16 counters with 0 and 1 joined: 15 counter tracks under node 1
counters = [t for t in tracks.values() if t.HasField("counter") and t.name.startswith("counter")]
check("counter-tracks", len(counters) == 15, f"{len(counters)}")
check("counter-pair-track", any(t.name == "counter 1:0 (64-bit)" for t in counters))
check("counter-parent-node", all(path(t).startswith("MultiKron node 1/") for t in counters))

# ---- events
events = [(p.timestamp, p.timestamp_clock_id, p.trusted_packet_sequence_id, p.track_event)
          for p in packets if p.HasField("track_event")]
check("events-on-node-clock", all(cid == 64 for _, cid, _, _ in events))
inst = [(ts, seq, e) for ts, _, seq, e in events
        if e.type == TrackEvent.TYPE_INSTANT and "trace" in e.categories]
# 9 Trace samples (6 in a, 3 in b), each on its process track with its timestamp in ticks
check("instants-count", len(inst) == 9, f"{len(inst)}")
got = sorted((seq, ts) for ts, seq, _ in inst)
want = sorted([(1, 0x10), (1, 0x12), (1, 0x30), (1, 0x40), (1, 0x60), (1, 0x70),
               (2, 0x10), (2, 0x30), (2, 0x40)])
check("instants-timestamps", got == want, f"{got}")
names = sorted({e.name for _, _, e in inst})
check("instant-names", names == ["Overrun Error Counter", "request end", "request start"], f"{names}")
ov = [e for _, _, e in inst if e.name == "Overrun Error Counter"][0]
ann = {d.name: (d.string_value or d.uint_value) for d in ov.debug_annotations}
check("instant-annotations", ann.get("data") == "0x0000007f00000005" and ann.get("arg") == 5
      and ann.get("event") == 0x7f and ann.get("src") == "0x00010002" and ann.get("err") == "S-", f"{ann}")
# slices: request intervals A 0x10..0x30, 0x12..0x40 (sequence 1), B 0x10..0x30 (sequence 2)
begins = sorted((seq, ts) for ts, _, seq, e in events if e.type == TrackEvent.TYPE_SLICE_BEGIN)
ends = sorted((seq, ts) for ts, _, seq, e in events if e.type == TrackEvent.TYPE_SLICE_END)
check("slice-begins", begins == [(1, 0x10), (1, 0x12), (2, 0x10)], f"{begins}")
check("slice-ends", ends == [(1, 0x30), (1, 0x40), (2, 0x30)], f"{ends}")
# counter values: pair 1:0 = 4294967280 at 0x20, 4294967312 at 0x50; counter 2: 5, 12
cuuid = {t.name: t.uuid for t in counters}


def series(name):
    return [(ts, e.counter_value if e.HasField("counter_value") else e.double_counter_value)
            for ts, _, _, e in events if e.type == TrackEvent.TYPE_COUNTER and e.track_uuid == cuuid.get(name)]


check("counter-pair-values", series("counter 1:0 (64-bit)") == [(0x20, 4294967280), (0x50, 4294967312)],
      f"{series('counter 1:0 (64-bit)')}")
check("counter-2-values", series("counter 2") == [(0x20, 5), (0x50, 12)], f"{series('counter 2')}")
check("counter-3-values", series("counter 3") == [(0x20, 0xfffffffe), (0x50, 0xffffffff)])
# loss track: F at 0x40, S at 0x60, counter 3 saturated and counter 4 cleared at 0x50; Overrun Error
# Counter track with the value 5 at 0x60
loss = sorted((ts, e.name) for ts, _, _, e in events
              if e.type == TrackEvent.TYPE_INSTANT and path(tracks[e.track_uuid]).startswith("loss"))
check("loss-events", loss == [(0x40, "F: FIFO overrun before this sample"), (0x50, "counter 3 saturated"),
                              (0x50, "counter 4 cleared"), (0x60, "S: shadow overrun before this sample")], f"{loss}")
ovc = [t for t in tracks.values() if t.name.startswith("Overrun Error Counter")]
check("overrun-counter-track", len(ovc) == 1 and [(ts, e.counter_value) for ts, _, _, e in events
                                                   if e.track_uuid == ovc[0].uuid] == [(0x60, 5)])

# ---- the demo: 11 Trace samples at ts 5, one Resource sample with counters 0x29, 5, 4, 2 (golden
# comment), the F flag on the last sample; a corrupted copy shows its problem on the loss track
pd = f"{out}/demo.pftrace"
r = run("perfetto", "-o", pd, demo)
t2 = Trace()
t2.ParseFromString(open(pd, "rb").read())
ev2 = [p for p in t2.packet if p.HasField("track_event")]
tr2 = {p.track_descriptor.uuid: p.track_descriptor.name for p in t2.packet if p.HasField("track_descriptor")}
check("demo-instants", sum(1 for p in ev2 if "trace" in p.track_event.categories) == 11)
vals = {tr2[p.track_event.track_uuid]: p.track_event.counter_value for p in ev2
        if p.track_event.type == TrackEvent.TYPE_COUNTER}
check("demo-counters", [vals.get(f"counter {k}") for k in range(5)] == [0x29, 5, 4, 2, 0], f"{vals}")
check("demo-fifo-overrun", sum(1 for p in ev2 if p.track_event.name.startswith("F: ")) == 1)
check("demo-clock-1mhz", [c.unit_multiplier_ns for p in t2.packet if p.HasField("clock_snapshot")
                          for c in p.clock_snapshot.clocks if c.clock_id == 64] == [1000])
bad = bytearray(open(demo, "rb").read())
bad[77] ^= 1  # parity of byte 3 of the second sample (offset 72 + 4 = 76)
open(f"{out}/bad.cap", "wb").write(bad)
r = run("perfetto", "-o", f"{out}/bad.pftrace", f"{out}/bad.cap")
t3 = Trace()
t3.ParseFromString(open(f"{out}/bad.pftrace", "rb").read())
probs = [p.track_event.name for p in t3.packet if p.HasField("track_event") and "loss" in p.track_event.categories]
check("loss-capture-problem", r.returncode == 1 and "parity at offset 76" in probs, f"exit {r.returncode}, {probs}")
sys.exit(1 if failures else 0)
