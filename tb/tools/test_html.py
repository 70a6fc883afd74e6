#!/usr/bin/env python3
"""test_html.py MK2TRACE OUTDIR - the HTML report of mk2trace, rendered in headless Chromium.

The input is the synthetic two-node workload of tb/tools/workload.py (encoded with mk2trace encode). The
expected numbers (Trace samples per row, intervals, saturated and cleared counter readings, flagged
samples) are counted here from the trace text itself, independently of mk2trace. Checks:
  - the file is one self-contained page: no script, no external reference (src=, href=, url(, @import);
  - the expected SVG plots and elements are in it (timeline, counters, histograms, loss);
  - rendered: every plot, cut out of one Chromium screenshot, has coloured pixels (it is drawn), and the
    whole report's screenshot (kept as OUTDIR/report.png to look at) is not blank.
One PASS/FAIL line per case (scripts/run-suite)."""
import os
import re
import subprocess
import sys

from PIL import Image

mk2trace, out = sys.argv[1], os.path.abspath(sys.argv[2])
os.makedirs(out, exist_ok=True)
failures = 0


def check(name, cond, why=""):
    global failures
    if cond:
        print(f"PASS {name}")
    else:
        failures += 1
        print(f"FAIL {name}: {why}")


def sh(*args):
    return subprocess.run(list(args), capture_output=True, text=True)


sh("python3", "tb/tools/workload.py", out)
caps = []
for n in (1, 2):
    r = sh(mk2trace, "encode", "--node", str(n), "--hz", "10000000", "-o", f"{out}/node{n}.cap", f"{out}/node{n}.trace")
    check(f"encode-node{n}", r.returncode == 0, r.stderr)
    caps.append(f"{out}/node{n}.cap")
report = f"{out}/report.html"
r = sh(mk2trace, "html", "--rules", f"{out}/workload.rules", "-o", report, *caps)
check("html-exit", r.returncode == 0, r.stderr)
html = open(report, encoding="utf-8").read()

# ---- expectations from the trace text
lines = [l.split() for n in (1, 2) for l in open(f"{out}/node{n}.trace") if l[0] in "TR"]
trace_lines = [l for l in lines if l[0] == "T"]
ends = sum(1 for l in trace_lines if l[4][5:13] in ("00000101", "00000201"))   # data= + event id
flagged = sum(1 for l in lines if l[5] in ("err=-F", "err=S-", "err=SF"))
rows = {(l[2][7:8], l[1][4:], l[3][4:]) for l in trace_lines}                     # (node digit, cpu, src)
# counter 4 saturates at 0xffffffff; counter 5 drops to 0 once per node (cleared)
res = [l for l in lines if l[0] == "R"]
sat = sum(1 for l in res if l[6][4:].split(",")[4] == "ffffffff")
cleared = 2

# ---- self-contained
check("no-script", "<script" not in html.lower())
ext = re.findall(r'(?:src|href)\s*=|url\(|@import', html)
check("no-external-reference", not ext, f"{ext[:3]}")
check("one-file", html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>"))

# ---- the SVG plots and their elements
svgs = dict(re.findall(r'<svg id="([^"]+)"(.*?)</svg>', html, re.S))
want_ids = ["timeline", "loss", "histogram-0", "histogram-1"] + \
           [f"counter-{c}-{k}" for c in (0, 1) for k in (0, 2, 3, 4, 5)]
check("svg-ids", all(i in svgs for i in want_ids), f"have {sorted(svgs)}")
check("no-plot-for-idle-counters", "counter-0-6" not in svgs and "counter-0-1" not in svgs,
      "a plot for a counter that never counted, or for the high half of the pair")
tl = svgs.get("timeline", "")
n_samples, n_slices = tl.count('class="sample"'), tl.count('class="slice"')
check("timeline-samples", n_samples == len(trace_lines), f"{n_samples} vs {len(trace_lines)}")
check("timeline-slices", n_slices == ends, f"{n_slices} vs {ends}")
check("timeline-rows", len(re.findall(r'class="label"', tl)) == len(rows), f"{len(rows)} rows expected")
check("timeline-loss-marks", tl.count('class="lossmark"') == sum(1 for l in trace_lines if l[5] != "err=--"))
check("counter-pair-title", "counter 1:0 (64-bit pair)" in svgs.get("counter-0-0", ""))
check("counter-saturated-marks", sum(svgs.get(f"counter-{c}-4", "").count('class="saturated"') for c in (0, 1)) == sat,
      f"want {sat}")
check("counter-cleared-marks", sum(svgs.get(f"counter-{c}-5", "").count('class="cleared"') for c in (0, 1)) == cleared)
check("counter-polylines", all(svgs.get(f"counter-{c}-{k}", "").count("<polyline") == 1 for c in (0, 1) for k in (0, 2)))
bars = sum(svgs.get(h, "").count('class="bar"') for h in ("histogram-0", "histogram-1"))
check("histogram-bars", bars >= 10, f"{bars} bars")
check("loss-flags", svgs.get("loss", "").count('class="flag"') == flagged, f"want {flagged}")
check("interval-table", re.search(r"<td>request</td><td>\d+</td>", html) is not None)


# ---- rendering: every plot on one page at known places, one screenshot, each region checked
def chromium(page, png, w, h):
    return subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           f"--screenshot={png}", f"--window-size={w},{h}", f"file://{page}"],
                          capture_output=True, text=True, timeout=120)


def coloured(img, box):
    """pixels in box that are clearly coloured (not white, grey or the pale plot bands)"""
    px = img.crop(box).convert("RGB").tobytes()
    return sum(1 for i in range(0, len(px), 3) if max(px[i:i + 3]) - min(px[i:i + 3]) > 40)


style = re.search(r"<style>(.*?)</style>", html, re.S).group(1)
y, places, parts = 0, {}, []
for i in want_ids:
    m = re.search(r'<svg id="%s"[^>]*width="(\d+)" height="(\d+)"' % re.escape(i), html)
    w, h = int(m.group(1)), int(m.group(2))
    places[i] = (0, y, w, y + h)
    parts.append(f'<div style="position:absolute;left:0;top:{y}px">'
                 + re.search(r'<svg id="%s".*?</svg>' % re.escape(i), html, re.S).group(0) + "</div>")
    y += h + 10
page = f"{out}/plots.html"
open(page, "w", encoding="utf-8").write(f"<!DOCTYPE html><html><head><meta charset='utf-8'><style>{style}"
                                        f"body{{margin:0;background:#fff}}</style></head><body>{''.join(parts)}</body></html>")
r = chromium(page, f"{out}/plots.png", 1100, y)
check("chromium-plots", r.returncode == 0 and os.path.exists(f"{out}/plots.png"), r.stderr[-300:])
if os.path.exists(f"{out}/plots.png"):
    img = Image.open(f"{out}/plots.png")
    check("screenshot-size", img.size == (1100, y), f"{img.size}")
    need = {"timeline": 3000, "loss": 50}
    for i, box in places.items():
        n = coloured(img, box)
        check(f"drawn-{i}", n >= need.get(i, 150), f"{n} coloured pixels")
    # and a blank region really is blank (the check can fail): right of the narrow plots
    x0, y0, x1, y1 = places["counter-0-2"]
    check("blank-is-blank", coloured(img, (x1 + 5, y0, 1100, y1)) == 0)

# the whole report, as a person sees it
r = chromium(report, f"{out}/report.png", 1240, 2600)
check("chromium-report", r.returncode == 0 and os.path.exists(f"{out}/report.png"), r.stderr[-300:])
if os.path.exists(f"{out}/report.png"):
    img = Image.open(f"{out}/report.png")
    check("report-not-blank", coloured(img, (0, 0) + img.size) > 20000)

# the golden demo as a report too (one node, every sample at one timestamp)
sh(mk2trace, "encode", "--node", "1", "--hz", "1000000", "-o", f"{out}/demo.cap", "tb/mk2/scripts/demo.expect")
r = sh(mk2trace, "html", "-o", f"{out}/demo.html", f"{out}/demo.cap")
dh = open(f"{out}/demo.html", encoding="utf-8").read() if os.path.exists(f"{out}/demo.html") else ""
check("demo-report", r.returncode == 0 and dh.count('class="sample"') == 11 and 'id="counter-0-0"' in dh
      and dh.count('class="flag"') == 1, r.stderr)
sys.exit(1 if failures else 0)
