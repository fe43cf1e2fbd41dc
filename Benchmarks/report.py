#!/usr/bin/env python3
"""Turns the JSON files of a benchmark run (peers-run, run.sh) into the tables of results/2026-11-21-keystrokes-and-builds.md and the plot.

Usage:  report.py [--results results] [--markdown results/2026-11-21-keystrokes-and-builds.md] [--plot results/latency.svg]
        report.py --postgres [--results results/postgres] [--markdown results/2026-11-23-postgres.md]

Reads   <results>/<corpus>-<system>.json         (peers-run keystrokes)
        <results>/<corpus>-build-<builder>.json  (peers-run build)
        <results>/machine.json, <results>/steps.tsv   (run.sh)
        <results>/<corpus>-writes-<system>.json, <results>/<corpus>-startup-<system>.json  (postgres.sh)
Writes  the part of the Markdown between the GENERATED markers (the rest is prose, kept as is),
        and the plot of median keystroke latency by typed length (log scale), one line per system.
        With --postgres: only the part between the GENERATED (report.py --postgres) markers, from
        the run of postgres.sh (PostgreSQL + pg_trgm, SQLite FTS5 and ThumbIndex), and no plot.

Every number and ratio comes from the one run in <results>. Medians per typed length are over the
keystrokes a system ran; sampled systems ran a spread-out subset of the same sessions, and their
p99 weights each bucket's samples by the bucket's share of all keystrokes.
"""

import argparse
import functools
import os
import sys

from report_common import div, fmt_ratio, load_run, median, percentile, write_generated
import report_common

SYSTEMS = [
    ("thumbindex", "ThumbIndex (FilterSession per query)"),
    ("thumbindex-stateless", "ThumbIndex, stateless filter"),
    ("sqlite-fts5", "SQLite FTS5 trigram, detail=none"),
    ("sqlite-fts5-full", "SQLite FTS5 trigram, detail=full"),
    ("postgres-trgm", "PostgreSQL 15 + pg_trgm (GIN, ILIKE)"),
    ("folded-memmem", "memmem over pre-folded UTF-8"),
    ("naive-seed", "naive seed: deep copy + range(of:)"),
    ("localized-contains", "localizedStandardContains scan"),
]
BUILDERS = [
    ("thumbindex-listing", "ThumbIndex `Listing`"),
    ("thumbindex-listing-index", "ThumbIndex `Listing` + `SearchableListing`"),
    ("sqlite-fts5", "SQLite FTS5 trigram, detail=none: insert + optimize"),
    ("icu-records", "ICU AlphabeticIndex records (addRecord + bucket walk)"),
    ("foundation-sort", "Foundation sort, localizedStandardCompare + seed A–Z/# buckets"),
]
CORPORA = [("geonames", "GeoNames"), ("people", "people")]
BUCKETS = ["1", "2", "3", "4+"]
BEGIN, END = "<!-- BEGIN GENERATED (report.py) -->", "<!-- END GENERATED (report.py) -->"
PG_BEGIN, PG_END = "<!-- BEGIN GENERATED (report.py --postgres) -->", "<!-- END GENERATED (report.py --postgres) -->"
# The durable systems of postgres.sh (writes, start-up); ThumbIndex's live server joins when it lands.
DURABLE = [
    ("postgres-trgm", "PostgreSQL 15 + pg_trgm"),
    ("sqlite-fts5", "SQLite FTS5 trigram (file, WAL, synchronous=FULL)"),
    ("thumbindex-live", "ThumbIndex live server"),
]
GIB = 1024 ** 3


def load(results):
    runs, builds, durable = {}, {}, {}
    docs, machine, steps = load_run(results)
    for data in docs:
        if data.get("kind") == "keystrokes":
            runs[(data["corpus"], data["system"])] = data
        elif data.get("kind") == "build":
            builds[(data["corpus"], data["builder"])] = data
        elif data.get("kind") in ("writes", "startup"):
            durable[(data["kind"], data["corpus"], data["system"])] = data
    return runs, builds, durable, machine, steps


def bucket(length):
    return min(length, 4) - 1


def weighted_percentile(samples, q):
    """samples: (value, weight). The smallest value whose cumulative weight reaches q of the total."""
    samples = sorted(samples)
    total = sum(w for _, w in samples)
    acc = 0.0
    for value, weight in samples:
        acc += weight
        if acc >= q * total - 1e-9:
            return value
    return samples[-1][0] if samples else None


def stats(run):
    """Per-bucket medians (ms), counts, p99 (ms) and whether the run was sampled."""
    measured = run["run"]["measured"]
    per = [[] for _ in BUCKETS]
    for m in measured:
        per[bucket(m["length"])].append(m["micros"] / 1000)
    sessions = run["run"]["sessionKeystrokes"]
    sampled = run["run"]["mode"] == "sampled"
    weights = [sessions[b] / len(per[b]) if per[b] else 0 for b in range(len(BUCKETS))]
    p99 = weighted_percentile([(x, weights[b] if sampled else 1) for b in range(len(BUCKETS)) for x in per[b]], 0.99)
    return {
        "medians": [median(xs) for xs in per],
        "counts": [len(xs) for xs in per],
        "sessions": sessions,
        "p99": p99,
        "sampled": sampled,
        "seconds": run["run"]["seconds"],
    }


# Keystrokes of a few microseconds keep a fourth decimal below 0.01 ms (the other reports stop at three).
ms = functools.partial(report_common.ms, tiny_places=4)


def mib(b):
    return f"{b / 2**20:,.0f}"


def build_seconds(run):
    return sum(p["seconds"] for p in run["build"]["phases"])


def phases(run):
    return ", ".join(f"{p['name']} {p['seconds']:.2f}" for p in run["build"]["phases"])


def latency_table(runs, corpus, provisional):
    lines = [
        "| system | 1 char | 2 chars | 3 chars | 4+ chars | p99 | keystrokes timed (1/2/3/4+) | build s (phases) | peak RSS MiB | index B/item |",
        "|---|---:|---:|---:|---:|---:|---|---|---:|---:|",
    ]
    for system, label in SYSTEMS:
        run = runs.get((corpus, system))
        if not run:
            continue
        s = stats(run)
        counts = "/".join(str(c) for c in s["counts"])
        of = "/".join(str(c) for c in s["sessions"])
        timed = f"{counts} of {of}" + (" (sampled)" if s["sampled"] else " (all, in typing order)")
        index = run.get("indexBytes")
        per_item = f"{index / run['items']:.1f}" if index is not None else "— (scan)"
        if system.startswith("thumbindex") and index is None:
            per_item = "n/a (no index yet)"
        name = label + (" **(provisional)**" if system.startswith("thumbindex") and provisional else "")
        lines.append(
            f"| {name} | {' | '.join(ms(m) for m in s['medians'])} | {ms(s['p99'])} | {timed} | "
            f"{build_seconds(run):.2f} ({phases(run)}) | {mib(run['memory']['peakResident'])} | {per_item} |"
        )
    return lines


def build_table(runs, builds, corpus):
    lines = [
        "| build | items | seconds | sections | peak RSS MiB |",
        "|---|---:|---:|---:|---:|",
    ]
    for builder, label in BUILDERS:
        b = builds.get((corpus, builder))
        if not b:
            continue
        secs = f"{b['seconds']:.2f}"
        if len(b.get("samples", [])) > 1:
            secs += f" (median of {', '.join(f'{x:.2f}' for x in b['samples'])})"
        if b["extrapolated"]:
            secs = f"{b['seconds']:.1f} (extrapolated by n log n from {b['measuredSeconds']:.1f} s on {b['sortedItems']:,})"
        lines.append(f"| {label} | {b['sortedItems']:,} | {secs} | {b['sections']} | {mib(b['memory']['peakResident'])} |")
    return lines


def agreement_table(runs, corpus, ref_name=None):
    """How often each system's answer equals the reference's, on the keystrokes both ran."""
    ref_name = ref_name or next((n for n in ("thumbindex-stateless", "thumbindex", "naive-seed") if (corpus, n) in runs), None)
    if not ref_name or (corpus, ref_name) not in runs:
        return []
    ref = runs[(corpus, ref_name)]
    ref_by = {m["position"]: m for m in ref["run"]["measured"]}
    lines = [
        f"| system | keystrokes compared | same total as {ref_name} | total within 1 % | same per-section counts and first page | largest difference in total (this system vs {ref_name}) |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for system, label in SYSTEMS:
        run = runs.get((corpus, system))
        if not run or system == ref_name:
            continue
        common = [(m, ref_by[m["position"]]) for m in run["run"]["measured"] if m["position"] in ref_by]
        if not common:
            continue
        same_total = sum(a["total"] == b["total"] for a, b in common)
        same = sum(a["digest"] == b["digest"] for a, b in common)
        n = len(common)
        worst = max(common, key=lambda ab: abs(ab[0]["total"] - ab[1]["total"]) / max(1, ab[1]["total"]))
        a, b = worst
        diff = "none" if a["total"] == b["total"] else (
            f"{a['total']:,} vs {b['total']:,} ({100 * (a['total'] - b['total']) / max(1, b['total']):+.1f} %)")
        within = sum(abs(a["total"] - b["total"]) <= 0.01 * b["total"] for a, b in common)
        lines.append(f"| {label} | {n} | {same_total} ({100 * same_total / n:.0f} %) | {within} ({100 * within / n:.0f} %) | "
                     f"{same} ({100 * same / n:.0f} %) | {diff} |")
    return lines


def targets(runs, builds, provisional):
    """Issue 4's targets, each with its ratio from this run and whether it is met."""
    rows = []

    def add(target, value, met, note=""):
        status = "—" if met is None else ("**met**" if met else "**missed**")
        if provisional and met is not None and "ThumbIndex" in target:
            status += " (provisional)"
        rows.append(f"| {target} | {value} | {status} | {note} |")

    ti = runs.get(("geonames", "thumbindex"))
    st = runs.get(("geonames", "thumbindex-stateless"))
    sq = runs.get(("geonames", "sqlite-fts5"))
    nv = runs.get(("geonames", "naive-seed"))
    tis, sts, sqs, nvs = (stats(r) if r else None for r in (ti, st, sq, nv))

    def per_length(a, b, need):
        rs = [div(y, x) for x, y in zip(a["medians"], b["medians"])]
        met = all(r is not None and r >= need for r in rs)
        return " / ".join(f"{n}: {fmt_ratio(r)}" for n, r in zip(BUCKETS, rs)), met, rs

    def stateless_note(other, need):
        if not sts or not other:
            return ""
        text, met, _ = per_length(sts, other, need)
        return f"stateless `filter` (no session): {text}" + (" (would meet)" if met else "")

    if tis and sqs:
        text, met, rs = per_length(tis, sqs, 10)
        note = "" if met else "worst " + fmt_ratio(min(r for r in rs if r is not None)) + " (needs 10×). "
        add("GeoNames: ThumbIndex median ≥10× lower than SQLite FTS5 at every typed length", text, met,
            note + stateless_note(sqs, 10))
        r = div(sqs["p99"], tis["p99"])
        note = f"ThumbIndex {ms(tis['p99'])} ms, SQLite {ms(sqs['p99'])} ms"
        if sts:
            note += f"; stateless `filter` p99 {ms(sts['p99'])} ms ({fmt_ratio(div(sqs['p99'], sts['p99']))})"
        add("GeoNames: ThumbIndex p99 ≥10× lower than SQLite FTS5", fmt_ratio(r), r is not None and r >= 10, note)
    if tis and nvs:
        text, met, rs = per_length(tis, nvs, 1000)
        note = "" if met else "worst " + fmt_ratio(min(r for r in rs if r is not None)) + " (needs 1000×). "
        add("GeoNames: ThumbIndex median ≥1000× lower than the naive seed approach", text, met,
            note + stateless_note(nvs, 1000))
    bt, bs = builds.get(("geonames", "thumbindex-listing-index")), builds.get(("geonames", "sqlite-fts5"))
    if bt and bs:
        t, s = bt["seconds"], bs["seconds"]
        add("GeoNames: ThumbIndex listing + index build faster than SQLite FTS5 build",
            f"ThumbIndex {t:.2f} s vs SQLite {s:.2f} s ({fmt_ratio(div(s, t))} faster)", t < s,
            f"medians of {len(bt.get('samples', [1]))} builds each, own processes; SQLite's excludes sorting")
    elif ti and sq:
        t, s = build_seconds(ti), build_seconds(sq)
        add("GeoNames: ThumbIndex listing + index build faster than SQLite FTS5 build",
            f"ThumbIndex {t:.2f} s vs SQLite {s:.2f} s ({fmt_ratio(div(s, t))} faster)", t < s,
            "one build each (from the keystroke runs)")
    lst = builds.get(("geonames", "thumbindex-listing"))
    icu = builds.get(("geonames", "icu-records"))
    if lst and icu:
        r = div(icu["seconds"], lst["seconds"])
        add("GeoNames: sorting + bucketing ≥5× faster than ICU AlphabeticIndex records",
            f"{fmt_ratio(r)} (ThumbIndex {lst['seconds']:.2f} s, ICU {icu['seconds']:.1f} s)", r is not None and r >= 5)
    if ti and sq:
        tb, sb = ti.get("indexBytes"), sq.get("indexBytes")
        if tb is None:
            add("GeoNames: ThumbIndex search index ≤4× the bytes of SQLite's FTS5 trigram index (detail=none)",
                f"SQLite FTS5 index {sb / 1e6:.1f} MB ({sb / sq['items']:.1f} B/item); ThumbIndex: no index to measure yet",
                None, "not measurable: the library still scans (no search index has landed)")
        else:
            r = div(tb, sb)
            add("GeoNames: ThumbIndex search index ≤4× the bytes of SQLite's FTS5 trigram index (detail=none)",
                f"{r:.2f}× ({tb / 1e6:.1f} MB vs {sb / 1e6:.1f} MB)", r <= 4)
    tp = runs.get(("people", "thumbindex"))
    if ti and tp:
        a, b = stats(ti)["p99"], stats(tp)["p99"]
        r = div(b, a)
        add("10M: ThumbIndex p99 within 10× of its 1.4M value", f"{fmt_ratio(r)} ({ms(b)} ms vs {ms(a)} ms)",
            r is not None and r <= 10)
    peaks = [r["memory"]["peakResident"] for r in runs.values()] + [b["memory"]["peakResident"] for b in builds.values()]
    if peaks:
        peak = max(peaks)
        add("The whole run fits in 24 GiB", f"largest process peak {peak / GIB:.2f} GiB (processes run one at a time)",
            peak < 24 * GIB)
    return ["| target | this run | status | note |", "|---|---|---|---|"] + rows


def machine_section(machine, steps):
    lines = []
    if machine:
        for key, label in [
            ("date", "run"), ("cpu", "CPU"), ("cores", "cores"), ("memory", "memory"), ("kernel", "kernel"),
            ("os", "OS"), ("swift", "Swift"), ("icu", "ICU (system)"), ("sqlite", "SQLite (system)"),
            ("postgres", "PostgreSQL (system)"),
            ("commit", "repository commit"), ("thumbindex", "ThumbIndex search"), ("load", "load average at start"),
        ]:
            if machine.get(key):
                lines.append(f"- {label}: {machine[key]}")
    if steps:
        total = sum(float(s[1]) for s in steps)
        lines.append(f"- full run: {total / 60:.1f} min ({', '.join(f'{s[0]} {float(s[1]):.0f} s' for s in steps)})")
    return lines


def generate(runs, builds, machine, steps):
    provisional = machine.get("provisional", False)
    out = [""]
    out.append("### Machine and run")
    out.append("")
    out += machine_section(machine, steps)
    out.append("")
    out.append("### Targets (GeoNames 1.4M unless stated; ratios from this one run)")
    out.append("")
    out += targets(runs, builds, provisional)
    out.append("")
    for corpus, label in CORPORA:
        items = next((r["items"] for (c, _), r in runs.items() if c == corpus), None)
        if items is None:
            continue
        sections = next((r["sections"] for (c, _), r in runs.items() if c == corpus), 0)
        out.append(f"### {label}: {items:,} items, {sections} sections")
        out.append("")
        out.append("Keystroke latency in milliseconds: median by typed length, and p99 over all keystrokes.")
        out.append("")
        out += latency_table(runs, corpus, provisional)
        out.append("")
        bt = build_table(runs, builds, corpus)
        if len(bt) > 2:
            out.append("Builds on their own (each in its own process; sorting and bucketing alone unless stated):")
            out.append("")
            out += bt
            out.append("")
        at = agreement_table(runs, corpus)
        if at:
            out.append("Answers compared with ThumbIndex's on the keystrokes both ran (different folds and SQLite's ASCII-only LIKE explain the differences; see below):")
            out.append("")
            out += at
            out.append("")
    return "\n".join(out) + "\n"


def generate_postgres(runs, durable, machine, steps):
    """PostgreSQL + pg_trgm against SQLite FTS5 and ThumbIndex: keystrokes, writes, start-up (postgres.sh)."""
    provisional = machine.get("provisional", False)
    out = [""]
    out.append("#### Machine and run")
    out.append("")
    out += machine_section(machine, steps)
    out.append("")
    for corpus, label in CORPORA:
        items = next((r["items"] for (c, _), r in runs.items() if c == corpus), None)
        if items is None:
            continue
        sections = next((r["sections"] for (c, _), r in runs.items() if c == corpus), 0)
        out.append(f"#### Keystrokes: {label}, {items:,} items, {sections} sections")
        out.append("")
        out.append("Median by typed length and p99 over all keystrokes, in milliseconds (PostgreSQL's "
                   "peak RSS is the client's; the server's memory is apart).")
        out.append("")
        out += latency_table(runs, corpus, provisional)
        out.append("")
        pg = runs.get((corpus, "postgres-trgm"))
        if pg:
            pgs = stats(pg)
            lines = ["| PostgreSQL's time over | 1 char | 2 chars | 3 chars | 4+ chars | p99 |",
                     "|---|---:|---:|---:|---:|---:|"]
            for system, label2 in SYSTEMS:
                other = runs.get((corpus, system))
                if not other or system == "postgres-trgm":
                    continue
                os_ = stats(other)
                rs = [div(a, b) for a, b in zip(pgs["medians"], os_["medians"])] + [div(pgs["p99"], os_["p99"])]
                lines.append(f"| {label2} | " + " | ".join(fmt_ratio(r) for r in rs) + " |")
            out.append("Ratios (PostgreSQL's latency divided by the other system's; above 1× PostgreSQL is slower):")
            out.append("")
            out += lines
            out.append("")
        for ref in ("thumbindex-stateless", "sqlite-fts5"):
            at = agreement_table(runs, corpus, ref)
            if at:
                out.append(f"Answers compared with {ref}'s on the keystrokes both ran:")
                out.append("")
                out += at
                out.append("")
    writes = [(label, durable.get(("writes", c, s))) for s, label in DURABLE for c, _ in CORPORA]
    writes = [(label, w) for label, w in writes if w]
    out.append("#### Writes")
    out.append("")
    out.append("Into the store loaded with the whole listing; each single insert a transaction of its own, "
               "each batch one transaction; time from the call to the commit's return (durable on disk).")
    out.append("")
    out.append("| system | single insert median ms | p99 ms | inserts timed | batch median ms | p99 ms | batches × rows | rows/s in batches |")
    out.append("|---|---:|---:|---:|---:|---:|---|---:|")
    for label, w in writes:
        single = [x / 1000 for x in w["writes"]["singleMicros"]]
        batch = w["writes"]["batchMillis"]
        size = w["writes"]["batchSize"]
        out.append(f"| {label} | {ms(median(single))} | {ms(percentile(single, 0.99))} | {len(single):,} | "
                   f"{ms(median(batch))} | {ms(percentile(batch, 0.99))} | {len(batch)} × {size:,} | "
                   f"{size / (median(batch) / 1000):,.0f} |")
    out.append("| ThumbIndex live server | — | — | — | — | — | — | — (not yet: the `thumbindex-live` hook) |")
    out.append("")
    starts = [(label, durable.get(("startup", c, s))) for s, label in DURABLE for c, _ in CORPORA]
    starts = [(label, st) for label, st in starts if st]
    out.append("#### Start-up")
    out.append("")
    out.append("From launching the database process on its existing files (PostgreSQL: `pg_ctl start`, "
               "polling every ms until it accepts connections) or opening the file (SQLite), to the first "
               "answered keystroke; medians of the starts, in seconds. The OS page cache is warm (the files "
               "were just written or read); the database's own caches are empty.")
    out.append("")
    if starts:
        query = starts[0][1]["query"]
        out.append(f"The keystrokes typed after each start: the sessions' first query, {' → '.join(repr(q) for q in query)}.")
        out.append("")
    out.append("| system | to first answer, s (median) | all starts | phases (median s) | rest of the query s |")
    out.append("|---|---:|---|---|---:|")
    for label, st in starts:
        firsts = [x["toFirstAnswer"] for x in st["starts"]]
        names = [p["name"] for p in st["starts"][0]["phases"]]
        phase = {n: median([next(p["seconds"] for p in x["phases"] if p["name"] == n) for x in st["starts"]]) for n in names}
        shown = ", ".join(f"{n} {phase[n]:.3f}" for n in names if n != "rest of the query")
        out.append(f"| {label} | {median(firsts):.3f} | {', '.join(f'{x:.3f}' for x in firsts)} | {shown} | "
                   f"{phase.get('rest of the query', 0):.3f} |")
    out.append("| ThumbIndex live server | — | — | not yet: the `thumbindex-live` hook | — |")
    out.append("")
    return "\n".join(out) + "\n"


def plot(runs, path, provisional):
    """The keystroke chart: median by typed length and p99 per system, one panel per corpus. An SVG
    (or whatever `path`'s extension says), written so that the same runs give the same bytes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "thumbindex"  # stable element ids
    plt.rcParams["svg.fonttype"] = "none"        # text stays text: smaller, and readable by screen readers

    corpora = [(c, l) for c, l in CORPORA if any(k[0] == c for k in runs)]
    fig, axes = plt.subplots(1, len(corpora), figsize=(6.5 * len(corpora), 5.5), sharey=True, squeeze=False)
    markers = ["o", "X", "s", "D", "^", "v", "P"]
    colors = ["tab:blue", "tab:cyan", "tab:orange", "tab:brown", "tab:green", "tab:red", "tab:purple"]
    handles = {}
    xs = list(range(len(BUCKETS))) + [len(BUCKETS) + 0.5]
    for ax, (corpus, label) in zip(axes[0], corpora):
        items = next(r["items"] for (c, _), r in runs.items() if c == corpus)
        for (system, name), marker, color in zip(SYSTEMS, markers, colors):
            run = runs.get((corpus, system))
            if not run:
                continue
            s = stats(run)
            ys = s["medians"] + [s["p99"]]
            if system.startswith("thumbindex") and provisional:
                name += " (provisional)"
            if s["sampled"]:
                name += " (sampled)"
            line, = ax.plot(xs[:-1], ys[:-1], marker=marker, color=color, label=name)
            ax.plot([xs[-1]], [ys[-1]], marker=marker, fillstyle="none", linestyle="none", color=color)
            handles.setdefault(system, line)
        ax.axvline(len(BUCKETS) - 0.25, color="grey", linestyle=":", linewidth=1)
        ax.set_xticks(xs, BUCKETS + ["p99"])
        ax.set_yscale("log")
        ax.set_xlabel("characters typed")
        ax.set_title(f"{label}, {items:,} items")
        ax.grid(True, which="both", axis="y", alpha=0.3)
    axes[0][0].set_ylabel("keystroke latency, ms (median; p99 hollow)")
    labels = [h.get_label() for h in handles.values()]
    fig.legend(list(handles.values()), labels, loc="lower center", ncol=min(4, len(labels)), fontsize=8, frameon=False)
    fig.tight_layout(rect=(0, 0.1, 1, 1))
    fig.savefig(path, dpi=110, metadata={"Date": None} if path.endswith(".svg") else None)
    print(f"wrote {path}", file=sys.stderr)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", default=os.path.join(here, "results"))
    parser.add_argument("--markdown", default=None,
                        help="default: results/2026-11-21-keystrokes-and-builds.md, with --postgres results/2026-11-23-postgres.md"
                             " (RESULTS.md is the front page, written by hand)")
    parser.add_argument("--plot", default=None, help="default: <results>/latency.svg")
    parser.add_argument("--print", action="store_true", help="print the generated Markdown instead of writing it")
    parser.add_argument("--postgres", action="store_true",
                        help="the PostgreSQL section from postgres.sh's results (default --results results/postgres)")
    args = parser.parse_args()
    if args.postgres and args.results == parser.get_default("results"):
        args.results = os.path.join(here, "results", "postgres")
    if args.markdown is None:
        name = "2026-11-23-postgres.md" if args.postgres else "2026-11-21-keystrokes-and-builds.md"
        args.markdown = os.path.join(here, "results", name)

    runs, builds, durable, machine, steps = load(args.results)
    if not runs and not builds:
        sys.exit(f"no results in {args.results}")
    if args.postgres:
        text, begin, end = generate_postgres(runs, durable, machine, steps), PG_BEGIN, PG_END
    else:
        text, begin, end = generate(runs, builds, machine, steps), BEGIN, END
    if args.print:
        print(f"{begin}\n{text}{end}")
    else:
        write_generated(args.markdown, begin, end, text)
        print(f"wrote {args.markdown}", file=sys.stderr)
    if not args.postgres:
        # PostgreSQL's keystrokes come from postgres.sh's run (results/postgres), when there is one.
        postgres = os.path.join(args.results, "postgres")
        if os.path.isdir(postgres):
            for key, run in load(postgres)[0].items():
                if key[1] == "postgres-trgm":
                    runs.setdefault(key, run)
        plot(runs, args.plot or os.path.join(args.results, "latency.svg"), machine.get("provisional", False))


if __name__ == "__main__":
    main()
