#!/usr/bin/env python3
"""Turns the JSON of a phonetic run (phonetic.sh) into the tables of results/2026-11-23-phonetic.md,
"Phonetic search (1M Chinese and 1M Korean names)".

Usage:  phonetic_report.py [--results results/phonetic] [--markdown results/2026-11-23-phonetic.md] [--print]
                          [--heading-level 4] [--markers final-full]

Reads   <results>/<corpus>-<system>-run<r>.json    (peers-run keystrokes: thumbindex, thumbindex-stateless)
        <results>/<corpus>-naive-phonetic.json      (peers-run keystrokes, sampled)
        <results>/<corpus>-build-<builder>.json     (peers-run build)
        <results>/<corpus>-check.json               (peers-run phonetic-check)
        <results>/machine.json, <results>/steps.tsv (phonetic.sh)
Writes  the part of the Markdown between the GENERATED (phonetic_report.py) markers.

Percentiles are nearest-rank over every keystroke of the given typed length, pooled over the runs
of a system (each run types every session once, in a process of its own); the "runs" column gives
the lowest and highest of the per-run medians. "CPU" is the thread's CPU time during the keystroke
(the search is single-threaded): the wall-clock time without the waits for a core of a shared
machine. Goals are judged on wall-clock time, and also reported on CPU time. Standard library only.
"""

import argparse
import os
import sys
from collections import defaultdict

from report_common import fmt_ratio, load_run, median, ms, percentile, typed_name, typed_row, write_generated

BEGIN, END = "<!-- BEGIN GENERATED (phonetic_report.py) -->", "<!-- END GENERATED (phonetic_report.py) -->"
CORPORA = [("zh-names", "Chinese names"), ("ko-names", "Korean names")]
SYSTEMS = [("thumbindex", "ThumbIndex, FilterSession per query"), ("thumbindex-stateless", "ThumbIndex, `filter` afresh")]
MAX_LENGTH = 9  # lengths from here on are one row ("9+")
GOAL_MEDIAN, GOAL_P99 = 1.0, 10.0  # ms


def mib(b):
    return f"{b / 2**20:,.1f}"


def length_row(length):
    return typed_row(length, MAX_LENGTH)


def length_name(row):
    return typed_name(row, MAX_LENGTH)


def load(results):
    runs = defaultdict(list)  # (corpus, system) -> [run json]
    naive, builds, checks = {}, {}, {}
    docs, machine, steps = load_run(results)
    for data in docs:
        kind = data.get("kind")
        if kind == "keystrokes" and data["system"] == "naive-phonetic":
            naive[data["corpus"]] = data
        elif kind == "keystrokes":
            runs[(data["corpus"], data["system"])].append(data)
        elif kind == "build":
            builds[(data["corpus"], data["builder"])] = data
        elif kind == "phonetic-check":
            checks[data["corpus"]] = data
    return runs, naive, builds, checks, machine, steps


def sessions_of(corpora_dir, corpus):
    """kind of every session, by position (from the sessions file), or None."""
    path = os.path.join(corpora_dir, f"{corpus}-sessions.tsv")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return [line.split("\t")[0] for line in f.read().splitlines()[1:]]


def by_length(run_list):
    """row -> (all wall-clock times ms, CPU times ms, totals, per-run medians)."""
    times, cpu, totals, per_run = defaultdict(list), defaultdict(list), defaultdict(list), defaultdict(list)
    for run in run_list:
        mine = defaultdict(list)
        for m in run["run"]["measured"]:
            row = length_row(m["length"])
            times[row].append(m["micros"] / 1000)
            if m.get("cpuMicros") is not None:
                cpu[row].append(m["cpuMicros"] / 1000)
            totals[row].append(m["total"])
            mine[row].append(m["micros"] / 1000)
        for row, xs in mine.items():
            per_run[row].append(median(xs))
    return times, cpu, totals, per_run


def latency_table(run_list, goals, cpu_goals):
    times, cpu, totals, per_run = by_length(run_list)
    out = ["| typed | keystrokes × runs | median matches | median ms | runs' medians | p90 ms | p99 ms | max ms | CPU median | CPU p99 | CPU max |",
           "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    everything, every_cpu = [], []
    for row in sorted(times):
        xs, cs = times[row], cpu[row]
        everything += xs
        every_cpu += cs
        lo, hi = min(per_run[row]), max(per_run[row])
        med, p99 = median(xs), percentile(xs, 0.99)
        goals.append((length_name(row), med, p99))
        cpu_goals.append((length_name(row), median(cs), percentile(cs, 0.99)))
        out.append(f"| {length_name(row)} | {len(xs) // len(run_list)} × {len(run_list)} | {median(totals[row]):,.0f} "
                   f"| {ms(med)} | {ms(lo)}–{ms(hi)} | {ms(percentile(xs, 0.9))} | {ms(p99)} | {ms(max(xs))} "
                   f"| {ms(median(cs))} | {ms(percentile(cs, 0.99))} | {ms(max(cs) if cs else None)} |")
    out.append(f"| all | {len(everything) // len(run_list)} × {len(run_list)} | | {ms(median(everything))} | | "
               f"{ms(percentile(everything, 0.9))} | {ms(percentile(everything, 0.99))} | {ms(max(everything))} "
               f"| {ms(median(every_cpu))} | {ms(percentile(every_cpu, 0.99))} | {ms(max(every_cpu) if every_cpu else None)} |")
    return out


def goal_line(what, goals):
    missed = [(name, med, p99) for name, med, p99 in goals
              if med is None or p99 is None or med >= GOAL_MEDIAN or p99 >= GOAL_P99]
    if not missed:
        return f"{what}: median under 1 ms and p99 under 10 ms at every typed length: **met**."
    return (f"{what}: **missed** at {len(missed)} of {len(goals)} typed lengths ("
            + "; ".join(f"{name}: median {ms(med)}, p99 {ms(p99)} ms" for name, med, p99 in missed) + ").")


def kind_table(run_list, kinds):
    per = defaultdict(list)
    for run in run_list:
        for m in run["run"]["measured"]:
            per[kinds[m["query"]]].append(m["micros"] / 1000)
    out = ["| session kind | keystrokes × runs | median ms | p90 ms | p99 ms | max ms |", "|---|---:|---:|---:|---:|---:|"]
    for kind in dict.fromkeys(kinds):
        xs = per[kind]
        out.append(f"| `{kind}` | {len(xs) // len(run_list)} × {len(run_list)} | {ms(median(xs))} | {ms(percentile(xs, 0.9))} "
                   f"| {ms(percentile(xs, 0.99))} | {ms(max(xs))} |")
    return out


def naive_table(naive, runs):
    """The naive scan by the runner's buckets (1, 2, 3, 4+), against ThumbIndex's medians there."""
    def buckets(run_list):
        per = defaultdict(list)
        for run in run_list:
            for m in run["run"]["measured"]:
                per[min(m["length"], 4)].append(m["micros"] / 1000)
        return per
    n = buckets([naive])
    session, fresh = buckets(runs.get("thumbindex", [])), buckets(runs.get("thumbindex-stateless", []))
    out = ["| typed | naive keystrokes timed (of) | naive median ms | naive max ms | ThumbIndex session median ms | naive ÷ session | ThumbIndex afresh median ms | naive ÷ afresh |",
           "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    of = naive["run"]["sessionKeystrokes"]
    for b in (1, 2, 3, 4):
        nm, sm, fm = median(n[b]), median(session[b]), median(fresh[b])
        out.append(f"| {'4+' if b == 4 else b} | {len(n[b])} ({of[b - 1]}) | {ms(nm)} | {ms(max(n[b]) if n[b] else None)} "
                   f"| {ms(sm)} | {fmt_ratio(nm / sm if nm and sm else None)} | {ms(fm)} | {fmt_ratio(nm / fm if nm and fm else None)} |")
    return out


def build_table(builds, corpus):
    listing = builds.get((corpus, "thumbindex-listing"))
    keys = builds.get((corpus, "thumbindex-index"))
    nokeys = builds.get((corpus, "thumbindex-index-nokeys"))
    if not (keys and nokeys):
        return [], None
    out = ["| build | rounds (s) | median s | index bytes (MiB) | of which phonetic keys (MiB) | peak RSS (MiB) |",
           "|---|---|---:|---:|---:|---:|"]

    def row(name, b, index=True):
        samples = ", ".join(f"{s:.2f}" for s in b["samples"])
        bytes_ = f"{mib(b['indexBytes'])}" if index else "—"
        phon = f"{mib(b['phoneticBytes'])}" if index else "—"
        out.append(f"| {name} | {samples} | {b['measuredSeconds']:.2f} | {bytes_} | {phon} | {mib(b['memory']['peakResident'])} |")

    if listing:
        row("`Listing` (sort + sections), for reference", listing, index=False)
    row("`SearchableListing` without the phonetic keys (today's index)", nokeys)
    row("`SearchableListing` with the phonetic keys", keys)
    today = nokeys["indexBytes"]
    phon = keys["phoneticBytes"]
    summary = {
        "today": today, "keys": phon, "with": keys["indexBytes"], "ratio": phon / today,
        "t_with": keys["measuredSeconds"], "t_without": nokeys["measuredSeconds"],
    }
    return out, summary


PHONETIC_PARTS = ("hangul", "kana", "romaji", "pinyin", "reading-is-text")


def parts_table(build):
    """The with-keys index structure by structure (bytesByPart), in MiB and bytes per name."""
    parts = build.get("bytesByPart")
    if not parts:
        return []
    items = build["items"]
    out = ["| part | MiB | bytes per name |", "|---|---:|---:|"]
    groups = [("today's index", [p for p in parts if not p["part"].startswith(PHONETIC_PARTS)]),
              ("phonetic keys", [p for p in parts if p["part"].startswith(PHONETIC_PARTS)])]
    for title, mine in groups:
        for p in mine:
            if p["bytes"] >= 50_000:  # the totals count the small ones too
                out.append(f"| {p['part']} | {mib(p['bytes'])} | {p['bytes'] / items:.1f} |")
        total = sum(p["bytes"] for p in mine)
        out.append(f"| **{title}** | **{mib(total)}** | **{total / items:.1f}** |")
    return out


def machine_section(machine, steps):
    out = []
    if machine:
        out.append(f"Run of {machine.get('date', '?')}: {machine.get('cpu', '?')}, {machine.get('cores', '?')}, "
                   f"{machine.get('memory', '?')}; {machine.get('os', '?')}, {machine.get('kernel', '?')}; "
                   f"{machine.get('swift', '?')}; ICU {machine.get('icu', '?')}. Library: {machine.get('commit', '?')}. "
                   f"Load average when the run started: {machine.get('load', '?')}.")
    if steps:
        total = sum(float(s[1]) for s in steps)
        loads = [float(s[2]) for s in steps if len(s) > 2]
        out.append("")
        out.append(f"The run took {total / 60:.1f} minutes in {len(steps)} steps; the load average before a step ranged "
                   f"from {min(loads):.1f} to {max(loads):.1f} on the 2 cores (other builds share the machine)."
                   if loads else f"The run took {total / 60:.1f} minutes.")
    return out


def generate(results, corpora_dir, level=3):
    runs, naive, builds, checks, machine, steps = load(results)
    h = "#" * level
    out = [f"{h} Machine and run", ""] + machine_section(machine, steps) + [""]
    goal_lines, byte_lines = [], []
    for corpus, title in CORPORA:
        mine = {system: runs.get((corpus, system), []) for system, _ in SYSTEMS}
        if not any(mine.values()):
            continue
        any_run = next(r for rs in mine.values() for r in rs)
        out += [f"{h} {title}: {any_run['items']:,} names, {any_run['sections']} sections", ""]
        kinds = sessions_of(corpora_dir, corpus)
        for system, label in SYSTEMS:
            if not mine[system]:
                continue
            goals, cpu_goals = [], []
            out += [f"**{label}** (first page of 50 with match ranges included; index {mib(any_run['indexBytes'])} MiB, "
                    f"of which phonetic keys {mib(any_run['extra']['phoneticBytes'])} MiB; peak RSS "
                    f"{mib(max(r['memory']['peakResident'] for r in mine[system]))} MiB)", ""]
            out += latency_table(mine[system], goals, cpu_goals) + [""]
            has_cpu = all(med is not None for _, med, _ in cpu_goals)
            goal_lines.append(f"- {title}, {label}: " + goal_line("wall-clock", goals)
                              + (" " + goal_line("Thread CPU time", cpu_goals) if has_cpu else ""))
            if kinds:
                out += [f"By session kind ({label}):", ""] + kind_table(mine[system], kinds) + [""]
        if corpus in naive:
            nv = naive[corpus]
            out += [f"**Naive scan of the same definitions** ({nv['run']['mode']}; build {sum(p['seconds'] for p in nv['build']['phases']):.1f} s; "
                    f"peak RSS {mib(nv['memory']['peakResident'])} MiB)", ""]
            out += naive_table(nv, mine) + [""]
        table, summary = build_table(builds, corpus)
        if table:
            out += [f"**Builds and bytes** (median of the rounds, one process per row)", ""] + table + [""]
            parts = parts_table(builds[(corpus, "thumbindex-index")])
            if parts:
                out += ["Where the bytes of the index with the keys go (structures under 50 KB left out of the rows, not of the totals):", ""] + parts + [""]
            byte_lines.append(
                f"- {title}: the phonetic keys take {mib(summary['keys'])} MiB against {mib(summary['today'])} MiB for "
                f"today's index: **{summary['ratio']:.2f}×** (goal ≤ 1×: **{'met' if summary['ratio'] <= 1 else 'missed'}**); "
                f"building the index takes {summary['t_with']:.2f} s with them, {summary['t_without']:.2f} s without "
                f"({summary['t_with'] / summary['t_without']:.2f}×).")
        if corpus in checks:
            c = checks[corpus]
            finals = ", ".join(f"`{k['kind']}` {k['finalFindsTarget']}/{k['sessions']}" for k in c["kinds"])
            total = len(any_run["run"]["measured"])
            of = "" if c["checked"] == total else f" (the check took every other keystroke or fewer: {c['checked']:,} of the sessions' {total:,})"
            out += [f"**Answers.** ThumbIndex (`filter` afresh) and the naive scan gave the same answer (count per "
                    f"section and the first page) on {c['agree']:,} of {c['checked']:,} keystrokes checked{of}. Last states of the "
                    f"sessions whose answer holds the name typed for: {finals}.", ""]
            if c["disagreements"]:
                out += ["Disagreements (first ones): " + "; ".join(
                    f"`{d['text']}` ThumbIndex {d['thumbindex']}, naive {d['naive']}" for d in c["disagreements"][:10]), ""]
    out = [f"{h} Goals", ""] + goal_lines + byte_lines + [""] + out
    return "\n".join(out).rstrip() + "\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results", default=os.path.join(here, "results", "phonetic"))
    ap.add_argument("--markdown", default=os.path.join(here, "results", "2026-11-23-phonetic.md"))
    ap.add_argument("--corpora", default=os.path.join(here, "..", "Corpora", "large"))
    ap.add_argument("--print", action="store_true", help="print the generated Markdown instead of writing it")
    ap.add_argument("--heading-level", type=int, default=3, help="level of the generated headings (default 3: ###)")
    ap.add_argument("--markers", default="", help="a tag for the GENERATED markers, for a second block (default none)")
    args = ap.parse_args()
    text = generate(args.results, args.corpora, args.heading_level)
    begin, end = BEGIN, END
    if args.markers:
        begin = BEGIN.replace("phonetic_report.py", f"phonetic_report.py {args.markers}")
        end = END.replace("phonetic_report.py", f"phonetic_report.py {args.markers}")
    if args.print:
        sys.stdout.write(text)
        return
    write_generated(args.markdown, begin, end, text)
    print(f"wrote {args.markdown}")


if __name__ == "__main__":
    main()
