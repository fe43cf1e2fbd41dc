#!/usr/bin/env python3
"""Turns the JSON of a people.sh run into the tables of results/2026-11-25-people.md, "Finding people:
terms, fields, phone numbers, the dial pad" (issue 23).

Usage:  people_report.py [--results results/people] [--markdown results/2026-11-25-people.md] [--print]

Reads   <results>/<corpus>-sessions.json   (peers-run people-sessions: ThumbIndex and FTS5, interleaved)
        <results>/<corpus>-bytes.json      (peers-run people-bytes)
        <results>/machine.json, <results>/steps.tsv
Writes  the part of the Markdown between the GENERATED (people_report.py) markers.

Percentiles are nearest-rank over every keystroke of a typed length (characters in the search
field, a space included). "CPU" is the thread's CPU time during the keystroke: the wall-clock time
without the waits for a core of a shared machine. Goals are judged on wall-clock time. ThumbIndex
against FTS5 is compared on the sessions both typed (FTS5 types sessions until its budget is spent;
ThumbIndex types all of them). Standard library only.
"""

import argparse
import os
import sys
from collections import defaultdict

from report_common import div, fmt_ratio, load_run, median, ms, percentile, typed_name, typed_row, write_generated

BEGIN, END = "<!-- BEGIN GENERATED (people_report.py) -->", "<!-- END GENERATED (people_report.py) -->"
CORPORA = [("geonames", "GeoNames 1.4M"), ("people-contacts", "1M people with companies and phone numbers")]
MULTI = {"geonames": [("two-words", "one-word")], "people-contacts": [("surname-first", "one-word"), ("company-name", "one-word")]}
KIND_NAMES = {
    "two-words": "two words of a place (`new yo`)",
    "one-word": "one word",
    "surname-first": "surname first (`acedo jes`)",
    "company-name": "name + company word (`jessica acm`)",
    "phone": "phone digits (`3484446`)",
    "dialpad-word": "dial pad, a name's first word (`5646`)",
    "dialpad-initials": "dial pad, initials (`53`)",
}
MAX_LENGTH = 13  # lengths from here on are one row ("13+")
GOAL_MULTI, GOAL_FTS5, GOAL_PHONE_P99, GOAL_DIALPAD_BYTES = 2.0, 30.0, 5.0, 0.5


def row_of(length):
    return typed_row(length, MAX_LENGTH)


def row_name(row):
    return typed_name(row, MAX_LENGTH)


def load(results):
    sessions, bytes_ = {}, {}
    docs, machine, steps = load_run(results)
    for data in docs:
        if data.get("kind") == "people-sessions":
            sessions[data["corpus"]] = data
        elif data.get("kind") == "people-bytes":
            bytes_[data["corpus"]] = data
    return sessions, bytes_, machine, steps


def times(kind, system, queries=None, field="micros"):
    """row -> [ms] of a kind's keystrokes on a system (only the given queries, if any)."""
    out = defaultdict(list)
    for m in kind["measured"]:
        if m["system"] == system and (queries is None or m["query"] in queries):
            out[row_of(m["length"])].append(m[field] / 1000)
    return out


def multi_table(data, multi, single, goals):
    """ThumbIndex: multi-word against single-word sessions by typed length (all sessions)."""
    kinds = {k["kind"]: k for k in data["kinds"]}
    mt, st = times(kinds[multi], "thumbindex"), times(kinds[single], "thumbindex")
    mc, sc = times(kinds[multi], "thumbindex", field="cpuMicros"), times(kinds[single], "thumbindex", field="cpuMicros")
    out = [f"| typed | {multi}: keystrokes | median ms | p99 ms | p99 CPU ms | {single}: keystrokes | median ms | p99 ms | p99 CPU ms | p99 multi ÷ single | CPU p99 multi ÷ single |",
           "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for row in sorted(set(mt) | set(st)):
        a, b = mt.get(row, []), st.get(row, [])
        r = div(percentile(a, 0.99), percentile(b, 0.99))
        rc = div(percentile(mc.get(row, []), 0.99), percentile(sc.get(row, []), 0.99))
        if a and b:
            goals.append((row_name(row), r, rc))
        out.append(f"| {row_name(row)} | {len(a)} | {ms(median(a))} | {ms(percentile(a, 0.99))} | {ms(percentile(mc.get(row, []), 0.99))} "
                   f"| {len(b)} | {ms(median(b))} | {ms(percentile(b, 0.99))} | {ms(percentile(sc.get(row, []), 0.99))} "
                   f"| {fmt_ratio(r)} | {fmt_ratio(rc)} |")
    return out


def fts5_table(kind, goals):
    """ThumbIndex against FTS5 on the sessions both typed, by typed length."""
    both = set(kind["fts5Sessions"])
    t, f = times(kind, "thumbindex", both), times(kind, "sqlite-fts5", both)
    # The same on the keystrokes whose answers are identical (FTS5 does less work when its missing
    # fold leaves it fewer rows).
    pairs = defaultdict(dict)
    for m in kind["measured"]:
        if m["query"] in both:
            pairs[(m["query"], m["length"])][m["system"]] = m
    same_t, same_f = defaultdict(list), defaultdict(list)
    for (q, length), v in pairs.items():
        if len(v) == 2 and v["thumbindex"]["digest"] == v["sqlite-fts5"]["digest"]:
            same_t[row_of(length)].append(v["thumbindex"]["micros"] / 1000)
            same_f[row_of(length)].append(v["sqlite-fts5"]["micros"] / 1000)
    out = ["| typed | keystrokes | ThumbIndex median ms | p99 ms | FTS5 median ms | p99 ms | median FTS5 ÷ ThumbIndex | p99 FTS5 ÷ ThumbIndex | identical answers: keystrokes, median FTS5 ÷ ThumbIndex |",
           "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for row in sorted(t):
        a, b = t[row], f.get(row, [])
        rm, rp = div(median(b), median(a)), div(percentile(b, 0.99), percentile(a, 0.99))
        goals.append((row_name(row), rm, rp))
        out.append(f"| {row_name(row)} | {len(a)} | {ms(median(a))} | {ms(percentile(a, 0.99))} | {ms(median(b))} "
                   f"| {ms(percentile(b, 0.99))} | {fmt_ratio(rm)} | {fmt_ratio(rp)} "
                   f"| {len(same_t[row])}, {fmt_ratio(div(median(same_f[row]), median(same_t[row])))} |")
    return out


def agreement(kind):
    """Keystrokes both typed whose answers (count per section + first page) agree, and totals agree."""
    answers = {}
    for m in kind["measured"]:
        answers.setdefault((m["query"], m["length"]), {})[m["system"]] = m
    pairs = [v for v in answers.values() if len(v) == 2]
    same = sum(1 for v in pairs if v["thumbindex"]["digest"] == v["sqlite-fts5"]["digest"])
    fewer = sum(1 for v in pairs if v["sqlite-fts5"]["total"] < v["thumbindex"]["total"])
    more = sum(1 for v in pairs if v["sqlite-fts5"]["total"] > v["thumbindex"]["total"])
    return len(pairs), same, fewer, more


def keystroke_table(kind, goals):
    """Phone and dial-pad sessions: p50/p99 by typed length."""
    t, c = times(kind, "thumbindex"), times(kind, "thumbindex", field="cpuMicros")
    totals = defaultdict(list)
    for m in kind["measured"]:
        totals[row_of(m["length"])].append(m["total"])
    out = ["| typed | keystrokes | median matches | p50 ms | p99 ms | max ms | p99 CPU ms |", "|---:|---:|---:|---:|---:|---:|---:|"]
    everything, every_cpu = [], []
    for row in sorted(t):
        xs = t[row]
        everything += xs
        every_cpu += c[row]
        goals.append((row_name(row), percentile(xs, 0.99)))
        out.append(f"| {row_name(row)} | {len(xs)} | {median(totals[row]):,.0f} | {ms(median(xs))} | {ms(percentile(xs, 0.99))} "
                   f"| {ms(max(xs))} | {ms(percentile(c[row], 0.99))} |")
    out.append(f"| all | {len(everything)} | | {ms(median(everything))} | {ms(percentile(everything, 0.99))} "
               f"| {ms(max(everything))} | {ms(percentile(every_cpu, 0.99))} |")
    return out, percentile(everything, 0.99)


def fmt_goal(met):
    return "**met**" if met else "**missed**"


def generate(results, level):
    sessions, bytes_, machine, steps = load(results)
    h = "#" * level
    out, goal_lines = [], []
    if machine:
        out += [f"{h} Machine and run", "",
                f"- date: {machine.get('date')}; load average before the run: {machine.get('load')}",
                f"- commit: {machine.get('commit')}",
                f"- machine: {machine.get('cpu')}; {machine.get('cores')}; {machine.get('memory')}; {machine.get('os')}; {machine.get('kernel')}",
                f"- {machine.get('swift')}; ICU {machine.get('icu')}; SQLite {machine.get('sqlite')}",
                "- reproduce: `Benchmarks/people.sh` (everything below, into `Benchmarks/results/people/`)"]
        if steps:
            out.append("- steps (seconds, load average before): " + ", ".join(
                f"{s[0]} {float(s[1]):.0f} s" + (f" (load {s[2]})" if len(s) > 2 else "") for s in steps))
        out.append("")

    for corpus, title in CORPORA:
        if corpus not in sessions:
            continue
        data = sessions[corpus]
        kinds = {k["kind"]: k for k in data["kinds"]}
        build = ", ".join(f"{p['name']} {p['seconds']:.1f} s" for p in data["thumbindexBuild"]["phases"])
        fts5_build = data.get("fts5Build")
        out += [f"{h} {title}", "",
                f"{data['items']:,} items, {data['sections']} sections; searched columns besides the name: "
                + (", ".join(f"`{c}` (text)" for c in data["fields"]) + ", " + ", ".join(f"`{c}` (phone)" for c in data["phones"])
                   if data["fields"] or data["phones"] else "none")
                + f". ThumbIndex build: {build}; index {data['thumbindexIndexBytes'] / 2**20:,.1f} MiB. "
                + (f"FTS5 build: {fts5_build['phases'][0]['seconds']:.1f} s insert + {fts5_build['phases'][1]['seconds']:.1f} s optimize; "
                   f"trigram index {data['fts5IndexBytes'] / 2**20:,.1f} MiB. " if fts5_build else "")
                + f"Peak resident memory of the process (both systems): {data['memory']['peakResident'] / 2**30:.1f} GiB.", ""]
        for multi, single in MULTI[corpus]:
            if multi not in kinds or single not in kinds:
                continue
            goals = []
            out += [f"**ThumbIndex, {KIND_NAMES[multi]} against {KIND_NAMES[single]} sessions of the same lengths** "
                    f"({len(kinds[multi]['queries'])} and {len(kinds[single]['queries'])} sessions, every keystroke):", ""]
            out += multi_table(data, multi, single, goals) + [""]
            missed = [(n, r) for n, r, _ in goals if r is None or r > GOAL_MULTI]
            worst = max((r for _, r, _ in goals if r is not None), default=None)
            worst_cpu = max((rc for _, _, rc in goals if rc is not None), default=None)
            goal_lines.append(
                f"| {title}: {KIND_NAMES[multi]}, p99 within 2× the single-word p99 at every typed length | "
                f"worst {fmt_ratio(worst)} (CPU time: {fmt_ratio(worst_cpu)}) | {fmt_goal(not missed)} | "
                + ("missed at " + ", ".join(f"{n} ({fmt_ratio(r)})" for n, r in missed) if missed else "") + " |")
        for name in [k for k in kinds if kinds[k]["fts5Sessions"]]:
            kind = kinds[name]
            goals = []
            pairs, same, fewer, more = agreement(kind)
            out += [f"**ThumbIndex against SQLite FTS5, {KIND_NAMES[name]}**, on the {len(kind['fts5Sessions'])} of "
                    f"{len(kind['queries'])} sessions FTS5 typed within its budget (interleaved session by session):", ""]
            out += fts5_table(kind, goals) + [""]
            out += [f"Answers: identical (count per section and the first page) on {same:,} of {pairs:,} keystrokes; "
                    f"FTS5 found fewer on {fewer:,} (it folds no diacritics; its LIKE, for terms under 3 characters, folds ASCII case only), more on {more:,}.", ""]
            missed = [(n, rm, rp) for n, rm, rp in goals if rm is None or rp is None or rm < GOAL_FTS5 or rp < GOAL_FTS5]
            lows = [min(rm, rp) for _, rm, rp in goals if rm is not None and rp is not None]
            goal_lines.append(
                f"| {title}: {KIND_NAMES[name]}, ≥30× faster than FTS5 at every typed length (median and p99) | "
                f"lowest {fmt_ratio(min(lows) if lows else None)} | {fmt_goal(not missed)} | "
                + ("missed at " + ", ".join(f"{n} (median {fmt_ratio(rm)}, p99 {fmt_ratio(rp)})" for n, rm, rp in missed) if missed else "")
                + " |")
        for name in [k for k in kinds if k == "phone" or kinds[k]["dialpad"]]:
            goals = []
            table, p99 = keystroke_table(kinds[name], goals)
            out += [f"**{KIND_NAMES[name]}** ({len(kinds[name]['queries'])} sessions, every keystroke"
                    + (f"; the dial-pad keys were built by a first query, `{data['dialpadFirstQuery']}`, in "
                       f"{data['dialpadFirstQuerySeconds']:.2f} s, before and outside these"
                       if kinds[name]["dialpad"] and data.get("dialpadFirstQuerySeconds") is not None else "") + "):", ""]
            out += table + [""]
            worst = max((p for _, p in goals if p is not None), default=None)
            goal_lines.append(f"| {title}: {KIND_NAMES[name]}, p99 under 5 ms | all keystrokes {ms(p99)} ms; worst typed length "
                              f"{ms(worst)} ms | {fmt_goal(p99 is not None and p99 < GOAL_PHONE_P99)} | "
                              + ("" if worst is None or worst < GOAL_PHONE_P99 else "judged on all keystrokes; some typed lengths' p99 is over") + " |")
        if data.get("dialpadFirstQuerySeconds") is not None:
            out += [f"The first dial-pad query (`{data['dialpadFirstQuery']}`) built the dial-pad keys: "
                    f"{data['dialpadFirstQuerySeconds']:.2f} s; the index grew from {data['thumbindexIndexBytes'] / 2**20:,.1f} to "
                    f"{data['thumbindexIndexBytesAfterDialpad'] / 2**20:,.1f} MiB.", ""]

    for corpus, title in CORPORA:
        if corpus not in bytes_:
            continue
        data = bytes_[corpus]
        n = data["items"]
        variants = data["variants"]
        base = variants[0]["indexBytes"]
        out += [f"{h} Bytes: {title}", "",
                "| index | build (listing + index) | index MiB | B/item | added B/item | × base index | searched values, B/item (not in the index) |",
                "|---|---:|---:|---:|---:|---:|---:|"]
        prev = base
        for v in variants:
            seconds = sum(p["seconds"] for p in v["build"]["phases"])
            out.append(f"| {v['name']} | {seconds:.1f} s | {v['indexBytes'] / 2**20:,.1f} | {v['indexBytes'] / n:.1f} "
                       f"| {(v['indexBytes'] - prev) / n:+.1f} | {v['indexBytes'] / base:.2f}× | {v['valueBytes'] / n:.1f} |")
            prev = v["indexBytes"]
            if v.get("indexBytesAfterDialpad") is not None:
                after = v["indexBytesAfterDialpad"]
                dial = after - v["indexBytes"]
                out.append(f"| … + dial-pad keys (first dial-pad query: {v['dialpadFirstQuerySeconds']:.2f} s) | "
                           f"| {after / 2**20:,.1f} | {after / n:.1f} | {dial / n:+.1f} | {after / base:.2f}× | |")
                goal_lines.append(f"| {title}: dial-pad keys at most 0.5× the base index | {dial / base:.2f}× "
                                  f"({dial / 2**20:,.1f} MiB against {base / 2**20:,.1f} MiB) | {fmt_goal(dial / base <= GOAL_DIALPAD_BYTES)} | |")
        out.append("")
        top = sorted(variants[-1]["bytesByPart"], key=lambda p: -p["bytes"])[:8]
        if top:
            out += [f"Largest parts of the last index before the dial pad (`indexBytesByPart`; it names the main index, "
                    f"fold variants and phonetic keys): " + ", ".join(f"{p['part']} {p['bytes'] / 2**20:,.1f} MiB" for p in top)
                    + f"; the searched columns' indexes are the rest: "
                    f"{(variants[-1]['indexBytes'] - sum(p['bytes'] for p in variants[-1]['bytesByPart'])) / 2**20:,.1f} MiB.", ""]

    head = [f"{h} Goals", "", "| goal | figure | verdict | note |", "|---|---|---|---|"] + goal_lines + [""]
    return "\n".join(head + out).rstrip() + "\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results", default=os.path.join(here, "results", "people"))
    ap.add_argument("--markdown", default=os.path.join(here, "results", "2026-11-25-people.md"))
    ap.add_argument("--print", action="store_true", help="print the generated Markdown instead of writing it")
    ap.add_argument("--heading-level", type=int, default=4, help="level of the generated headings (default 4: ####)")
    args = ap.parse_args()
    text = generate(args.results, args.heading_level)
    if args.print:
        sys.stdout.write(text)
        return
    write_generated(args.markdown, BEGIN, END, text)
    print(f"wrote {args.markdown}")


if __name__ == "__main__":
    main()
