"""What the report scripts share (report.py, phonetic_report.py, people_report.py): reading a run's
folder, the statistics, the number formats and rewriting a file's GENERATED block.

Standard library only, so that phonetic_report.py and people_report.py still run on the system's
python3 (report.py needs matplotlib for its plot, from the venv of run.sh).
"""

import json
import os


def load_run(results):
    """The JSON files of a run's folder (but machine.json), in the order of their names, then its
    machine.json ({} when there is none) and its steps.tsv (rows of tab-separated fields; [] when
    there is none)."""
    docs = []
    for name in sorted(os.listdir(results)):
        if not name.endswith(".json") or name == "machine.json":
            continue
        with open(os.path.join(results, name)) as f:
            docs.append(json.load(f))
    machine = {}
    path = os.path.join(results, "machine.json")
    if os.path.exists(path):
        with open(path) as f:
            machine = json.load(f)
    steps = []
    path = os.path.join(results, "steps.tsv")
    if os.path.exists(path):
        with open(path) as f:
            steps = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    return docs, machine, steps


def median(xs):
    """The middle value (the mean of the two middle ones for an even count); None for none."""
    xs = sorted(xs)
    n = len(xs)
    if not n:
        return None
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def percentile(xs, q):
    """Nearest rank: the smallest value with at least q of the values at or below it; None for none.

    q is taken to three decimals (0.99, 0.9, 0.999) and the rank is computed in integers, so that
    no rounding of q × n moves it by one."""
    xs = sorted(xs)
    if not xs:
        return None
    k = max(0, min(len(xs) - 1, -(-int(q * 1000) * len(xs) // 1000) - 1))
    return xs[k]


def div(a, b):
    """a / b, or None when either is missing or b is 0."""
    return a / b if a is not None and b else None


def ms(x, tiny_places=3):
    """Milliseconds with three significant figures or so: "1,234", "12.3", "1.23", "0.123"; below
    0.01 ms with tiny_places decimals; "—" for None."""
    if x is None:
        return "—"
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 10:
        return f"{x:.1f}"
    if x >= 1:
        return f"{x:.2f}"
    if x >= 0.01:
        return f"{x:.3f}"
    return f"{x:.{tiny_places}f}"


def fmt_ratio(r):
    """A ratio as "1,234×", "12.3×" or "1.23×"; "—" for None."""
    if r is None:
        return "—"
    return f"{r:,.0f}×" if r >= 100 else f"{r:.1f}×" if r >= 10 else f"{r:.2f}×"


def typed_row(length, top):
    """The table row of a keystroke by its typed length: lengths from top on share one row."""
    return min(length, top)


def typed_name(row, top):
    """A row's name in the "typed" column: "3", or "9+" for the row of top and longer."""
    return f"{row}+" if row == top else str(row)


def write_generated(path, begin, end, body):
    """Puts body between the markers begin and end of the Markdown file at path (a line of its own
    each; body ends with a newline), keeping the rest of the file as it is. A file that does not
    exist yet is made with just the markers and body (MARKDOWN=FILE for a new dated run)."""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            doc = f.read()
    else:
        doc = f"{begin}\n{end}\n"
    if begin not in doc or end not in doc:
        raise SystemExit(f"{path} has no {begin} … {end} markers: add them where the tables go")
    head, rest = doc.split(begin, 1)
    _, tail = rest.split(end, 1)
    with open(path, "w", encoding="utf-8") as f:
        f.write(head + begin + "\n" + body + end + tail)
