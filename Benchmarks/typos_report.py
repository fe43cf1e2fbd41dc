#!/usr/bin/env python3
"""The typo-fallback figures (issue 19 §3) from `thumbindex bench --typos auto --json`.

A keystroke ran the fallback when its exact answer was empty and a term has 4 characters or more:
its answer is approximate (1 or 2 edits), or empty. (The exact answer of a keystroke is not in the
JSON; an empty answer with a term of 4+ characters is one whose fallback found nothing, since an
exact answer is never empty when the fallback finds rows.) Prints a Markdown table of latency by
typed query length (characters of the trimmed query), fallback keystrokes only, and one line for
the exact keystrokes of the same sessions.

    python3 Benchmarks/typos_report.py Benchmarks/results/typos/geonames-typos-1.json [ms|cpu_ms]
    python3 Benchmarks/typos_report.py --runs Benchmarks/results/typos/geonames-typos-*.json   # one table, every run
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

def groups(report, clock):
    """Fallback keystrokes' times by length bucket, their answers' kinds, and the exact keystrokes' times."""
    order = ["4", "5", "6", "7", "8", "9–10", "11–12", "13–16", "17+"]
    g = {b: [] for b in order}
    kinds = {b: {1: 0, 2: 0, 0: 0} for b in order}
    exact = []
    for k in report["keystrokes"]:
        q = k["query"].strip()
        longest = max((len(t) for t in q.split()), default=0)
        if "approximate" in k or (k["total"] == 0 and longest >= 4):
            b = bucket(len(q))
            g[b].append(k[clock])
            kinds[b][k.get("approximate", 0)] += 1
        else:
            exact.append(k[clock])
    return order, g, kinds, exact

def combined(paths):
    """One table over several runs: p99 per length for each run, wall-clock and thread CPU."""
    runs = [json.load(open(p)) for p in paths]
    wall = [groups(r, "ms") for r in runs]
    cpu = [groups(r, "cpu_ms") for r in runs]
    order = wall[0][0]
    names = " / ".join(str(i + 1) for i in range(len(runs)))
    print(f"| typed length | fallback keystrokes (1 edit / 2 edits / none) | median ms (run 1) | p99 ms, wall-clock (runs {names}) "
          f"| p99 ms, thread CPU (runs {names}) | max ms, thread CPU |")
    print("|---|---:|---:|---:|---:|---:|")
    for b in order:
        if not wall[0][1][b]:
            continue
        k = wall[0][2][b]
        print(f"| {b} | {len(wall[0][1][b])} ({k[1]} / {k[2]} / {k[0]}) | {percentile(wall[0][1][b], 0.5):.3f} | "
              + " / ".join(f"{percentile(w[1][b], 0.99):.2f}" for w in wall) + " | "
              + " / ".join(f"{percentile(c[1][b], 0.99):.2f}" for c in cpu) + f" | {max(max(c[1][b]) for c in cpu):.2f} |")
    every = lambda g: [x for b in order for x in g[1][b]]
    print(f"| **all fallback keystrokes** | {len(every(wall[0]))} | {percentile(every(wall[0]), 0.5):.3f} | **"
          + " / ".join(f"{percentile(every(w), 0.99):.2f}" for w in wall) + "** | **"
          + " / ".join(f"{percentile(every(c), 0.99):.2f}" for c in cpu) + f"** | {max(max(every(c)) for c in cpu):.2f} |")
    print(f"| exact keystrokes of the same sessions | {len(wall[0][3])} | {percentile(wall[0][3], 0.5):.3f} | "
          + " / ".join(f"{percentile(w[3], 0.99):.2f}" for w in wall) + " | "
          + " / ".join(f"{percentile(c[3], 0.99):.2f}" for c in cpu) + f" | {max(max(c[3]) for c in cpu):.2f} |")

if __name__ == "__main__":
    if sys.argv[1] == "--runs":
        combined(sys.argv[2:])
    else:
        main()
