#!/usr/bin/env python3
"""The typo-fallback figures (issue 19 §3) from `thumbindex bench --typos auto --json`.

A keystroke ran the fallback when its exact answer was empty and a term has 4 characters or more:
its answer is approximate (1 or 2 edits), or empty. (The exact answer of a keystroke is not in the
JSON; an empty answer with a term of 4+ characters is one whose fallback found nothing, since an
exact answer is never empty when the fallback finds rows.) Prints a Markdown table of latency by
typed query length (characters of the trimmed query), fallback keystrokes only, and one line for
the exact keystrokes of the same sessions.

    python3 Benchmarks/typos_report.py Benchmarks/results/typos/geonames-typos.json [ms|cpu_ms]
"""
import json
import sys

def percentile(values, p):
    values = sorted(values)
    if not values:
        return float("nan")
    return values[min(len(values) - 1, round(p * (len(values) - 1)))]

def bucket(n):
    for low, high in [(4, 4), (5, 5), (6, 6), (7, 7), (8, 8), (9, 10), (11, 12), (13, 16)]:
        if low <= n <= high:
            return f"{low}" if low == high else f"{low}–{high}"
    return "17+"

def main():
    report = json.load(open(sys.argv[1]))
    order = ["4", "5", "6", "7", "8", "9–10", "11–12", "13–16", "17+"]
    clock = sys.argv[2] if len(sys.argv) > 2 else "ms"   # "ms" (wall-clock) or "cpu_ms" (the thread's CPU time)
    fallback = {b: [] for b in order}
    kinds = {b: {1: 0, 2: 0, 0: 0} for b in order}
    exact = []
    for k in report["keystrokes"]:
        q = k["query"].strip()
        longest = max((len(t) for t in q.split()), default=0)
        ran = "approximate" in k or (k["total"] == 0 and longest >= 4)
        if not ran:
            exact.append(k[clock])
            continue
        b = bucket(len(q))
        fallback[b].append(k[clock])
        kinds[b][k.get("approximate", 0)] += 1
    every = [ms for b in order for ms in fallback[b]]
    print(f"{report['items']:,} items · {len(report['keystrokes'])} keystrokes · {len(every)} ran the typo fallback · "
          + ("wall-clock" if clock == "ms" else "thread CPU time") + " ms")
    print()
    print("| typed length | fallback keystrokes | 1 edit / 2 edits / none | median ms | p99 ms | max ms |")
    print("|---|---:|---:|---:|---:|---:|")
    for b in order:
        v = fallback[b]
        if not v:
            continue
        c = kinds[b]
        print(f"| {b} | {len(v)} | {c[1]} / {c[2]} / {c[0]} | {percentile(v, 0.5):.3f} | {percentile(v, 0.99):.3f} | {max(v):.3f} |")
    print(f"| **all fallback** | {len(every)} | {sum(kinds[b][1] for b in order)} / {sum(kinds[b][2] for b in order)} / "
          f"{sum(kinds[b][0] for b in order)} | {percentile(every, 0.5):.3f} | **{percentile(every, 0.99):.3f}** | {max(every):.3f} |")
    print(f"| exact keystrokes (same sessions) | {len(exact)} | – | {percentile(exact, 0.5):.3f} | {percentile(exact, 0.99):.3f} | {max(exact):.3f} |")

if __name__ == "__main__":
    main()
