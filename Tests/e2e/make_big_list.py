#!/usr/bin/env python3
"""Writes N synthetic names, one per line (default 1,200,000), for the browser test's big listing.

    make_big_list.py PATH [N]

Deterministic (fixed seed); names from syllables, with some accents and digits so that the
listing has many sections, "#" among them. Takes about a second per million names.
"""
import random
import sys

FIRST = ["An", "Be", "Ca", "Da", "E", "Fa", "Gu", "Ha", "I", "Jo", "Ka", "Lu", "Ma", "No", "O", "Pe",
         "Qui", "Ro", "Sa", "Te", "U", "Vi", "Wa", "Xe", "Yo", "Ze", "Å", "Ö", "É", "Ch"]
SYLLABLES = ["na", "ri", "lo", "ta", "ben", "mar", "son", "el", "is", "ko", "vin", "der", "sa", "ul", "ny", "hé"]


def main():
    path = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1_200_000
    rng = random.Random(1234)
    with open(path, "w", encoding="utf-8") as out:
        for i in range(count):
            if i % 97 == 0:
                out.write(f"{rng.randrange(1, 999)} {rng.choice(SYLLABLES).title()} Street\n")
                continue
            first = rng.choice(FIRST) + "".join(rng.choice(SYLLABLES) for _ in range(rng.randrange(1, 3)))
            last = rng.choice(FIRST) + "".join(rng.choice(SYLLABLES) for _ in range(rng.randrange(1, 4)))
            out.write(f"{first} {last}\n")


if __name__ == "__main__":
    main()
