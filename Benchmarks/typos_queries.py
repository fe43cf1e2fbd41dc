#!/usr/bin/env python3
"""Typing sessions with typos for the typo-fallback figures (issue 19 §3).

Reads the GeoNames names (one per line), picks names deterministically (seed 19), and writes each
with one edit (a character inserted, deleted, replaced, or two neighbours swapped; two edits for
names of 8 characters or more, every other one) inside its letters: names that a user mistyped.
`thumbindex bench --typos auto` then types them a character at a time; the keystrokes whose exact
answer is empty run the fallback, and typos_report.py reports their latency by query length.

    python3 Benchmarks/typos_queries.py Corpora/large/geonames-names.txt 300 > /tmp/typo-queries.txt
"""
import random
import sys

def edit(name, rng):
    chars = list(name)
    letters = "abcdefghijklmnopqrstuvwxyz"
    kind = rng.randrange(4)
    # Edits fall after the first character: a search box's user usually has the start right.
    i = rng.randrange(1, len(chars))
    if kind == 0:
        chars.insert(i, rng.choice(letters))
    elif kind == 1:
        del chars[i]
    elif kind == 2:
        chars[i] = rng.choice(letters.replace(chars[i].lower(), ""))
    elif i + 1 < len(chars):
        chars[i], chars[i + 1] = chars[i + 1], chars[i]
    else:
        chars[i - 1], chars[i] = chars[i], chars[i - 1]
    return "".join(chars)

def main():
    path, count = sys.argv[1], int(sys.argv[2])
    with open(path, encoding="utf-8") as f:
        names = [line.strip() for line in f]
    rng = random.Random(19)
    picked = []
    while len(picked) < count:
        name = rng.choice(names)
        # Names a user types on a Latin keyboard, 4 to 24 characters, letters and spaces.
        if not (4 <= len(name) <= 24) or not all(c.isalpha() or c == " " for c in name) or not name.isascii():
            continue
        typo = edit(name, rng)
        if len(name) >= 8 and len(picked) % 2 == 1:
            typo = edit(typo, rng)
        if typo.lower() != name.lower():
            picked.append(typo)
    print("\n".join(picked))

if __name__ == "__main__":
    main()
