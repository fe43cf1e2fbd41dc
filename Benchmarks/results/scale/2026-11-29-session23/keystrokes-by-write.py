#!/usr/bin/env python3
"""keystrokes-by-write.py DIR: the keystrokes of one `tiered` run, split by how they met the writes.

DIR holds the run's `typing-tiered.json` and `writer-tiered.json` (the driver writes both to its
scratch folder; the writer's must have `started_unix`, from this session's driver on). A write is
"in flight" from when the writer sent it to when it had the answer. Each keystroke is put in one
class: beside no write in flight (and whether a write was answered since the previous keystroke,
i.e. it reads a new snapshot), or overlapping one (sent before or during the keystroke, answered
during or after it). For each class: its share, p50, p90, p99 in ms, and how many of the run's
keystrokes above its p99 it holds. (The runs of the twenty-third session kept times to 1 ms in
those files, which blurs these classes near their edges; the driver now keeps them to 1 µs.)"""
import json, sys, bisect
D = sys.argv[1]
t = json.load(open(D + "/typing-tiered.json")); w = json.load(open(D + "/writer-tiered.json"))
d = w["started_unix"] - t["writes_started_unix"]
fl = sorted((s + d, s + d + ms / 1000) for s, ms in w["each_s_ms"])
sends = [a for a, _ in fl]; ends = sorted(b for _, b in fl)
def p(v, q): v = sorted(v); return v[min(len(v) - 1, int(q * len(v)))] if v else float('nan')
cls = {}
prev = None
for s, ms, n in t["each_s_ms_length"]:
    e = s + ms / 1000
    i = bisect.bisect_right(sends, e) - 1
    ov = [j for j in range(max(0, i - 100), i + 1) if fl[j][1] > s]
    fresh = prev is not None and bisect.bisect_left(ends, s) - bisect.bisect_left(ends, prev) > 0
    if ov:
        j = ov[0]
        key = "overlap: write sent before the keystroke" if fl[j][0] < s else "overlap: write sent during the keystroke"
        if fl[j][1] < e: key += ", answered during it"
        else: key += ", answered after it"
    else:
        key = "no overlap, a write answered since the last keystroke" if fresh else "no overlap, none answered since"
    cls.setdefault(key, []).append(ms)
    prev = s
allk = [ms for _, ms, _ in t["each_s_ms_length"]]
slow = p(allk, .99)
for k, v in sorted(cls.items()):
    print(f"{k:62s} n={len(v):6d} ({100*len(v)/len(allk):4.1f}%) p50 {p(v,.5):.3f} p90 {p(v,.9):.3f} p99 {p(v,.99):.3f} over-p99 {sum(x>slow for x in v)}")
