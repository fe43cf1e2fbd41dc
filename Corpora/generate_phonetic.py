#!/usr/bin/python3
"""Generate the phonetic benchmark corpora into Corpora/large/ (git-ignored; never commit them).

    /usr/bin/python3 Corpora/generate_phonetic.py                  # 1,000,000 names each (~1 min)
    /usr/bin/python3 Corpora/generate_phonetic.py --count 100000 --out /tmp/ph

Needs Debian's /usr/bin/python3 with python3-icu (PyICU on the system ICU 72): the pinyin a user
types is ICU's `Han-Latin` (`Han-Latin/Names` for the surname). Nothing is installed; no faker.

Writes:
  zh-names-1m.txt          Chinese names, one per line: a surname and one or two given-name
                           characters drawn from the name parts of people/zh_CN.tsv (3/4 of the
                           names, simplified) and people/zh_TW.tsv (1/4, traditional), each part
                           with its frequency in those files (so 李, 王, 张, 陈 are common)
  ko-names-1m.txt          Korean names: a surname and two given-name syllables from the parts of
                           people/ko_KR.tsv, with their frequencies
  zh-names-sessions.tsv    typing sessions `kind name states`: for names sampled from the corpus,
                           what a user types, one keystroke state after another (space-separated)
  ko-names-sessions.tsv    the same for Korean, the states as a 2-set (두벌식) IME shows them

Chinese session kinds (张三 read zhang san): `pinyin` (z zh … zhangsan), `initials` (z zs),
`surname-pinyin` (zhang + given initials: … zhangs), `initial-given` (surname initial + given
pinyin: z zs zsa zsan), `han-letters` (the surname as committed by the IME, then the given pinyin:
张 张s 张sa 张san). The pinyin of a character is ICU's, toneless, ü typed as v (as pinyin IMEs do);
each is checked to be among the readings R(c) of the library's table
(Sources/CThumbIndexHanReadings/generated/HanReadings.tsv), so every final state finds its name.

Korean session kinds (김민준): `ime` (ㄱ 기 김 김ㅁ 김미 김민 김민ㅈ 김민주 김민준, every state of the
IME as it composes: a final consonant jumps to the next syllable when a vowel follows, compound
vowels and finals form and split), `initials` (ㄱ ㄱㅁ ㄱㅁㅈ), `syllable-initials` (the surname
typed, then initials: ㄱ 기 김 김ㅁ 김ㅁㅈ), `given-ime` (the given name alone, through the IME).

Output is deterministic for a given --seed and --count.
"""

from __future__ import annotations

import argparse
import bisect
import random
import re
import sys
import time
import unicodedata
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpuslib  # noqa: E402  (writers and checks only: no pinned requirements needed)
from corpuslib import HERE  # noqa: E402

DEFAULT_SEED = 20240610
ZH_TW_SHARE = 0.25
SESSIONS_PER_KIND = 40
ZH_KINDS = ["pinyin", "initials", "surname-pinyin", "initial-given", "han-letters"]
KO_KINDS = ["ime", "initials", "syllable-initials", "given-ime"]
SESSIONS_HEADER = ["kind", "name", "states"]
TABLE = HERE.parent / "Sources" / "CThumbIndexHanReadings" / "generated" / "HanReadings.tsv"


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


class Weighted:
    """A choice over values with integer weights (their counts in the source files)."""

    def __init__(self, counter: Counter):
        self.values = sorted(counter)  # sorted: independent of dict order
        self.cum = []
        acc = 0
        for v in self.values:
            acc += counter[v]
            self.cum.append(acc)
        self.total = acc

    def draw(self, rng: random.Random):
        return self.values[bisect.bisect_right(self.cum, rng.random() * self.total)]


def people_names(locale: str) -> list[str]:
    path = HERE / "people" / f"{locale}.tsv"
    lines = path.read_text(encoding="utf-8").splitlines()[1:]
    return [line.split("\t", 1)[0] for line in lines]


# ------------------------------------------------------------------------------------------
# Chinese
# ------------------------------------------------------------------------------------------

class ChineseParts:
    """The name parts of one people file: surnames, and given-name characters by position.

    A name of 2 or 3 characters is a one-character surname and 1 or 2 given characters; a name of
    4 characters is a compound surname (欧阳) and 2 given characters.
    """

    def __init__(self, names: list[str]):
        surnames, single, first, second = Counter(), Counter(), Counter(), Counter()
        doubles = 0
        for name in names:
            if not all(is_han(c) for c in name) or not 2 <= len(name) <= 4:
                raise SystemExit(f"unexpected Chinese name {name!r}")
            cut = 2 if len(name) == 4 else 1
            surnames[name[:cut]] += 1
            given = name[cut:]
            if len(given) == 1:
                single[given] += 1
            else:
                first[given[0]] += 1
                second[given[1]] += 1
                doubles += 1
        self.surnames = Weighted(surnames)
        self.single, self.first, self.second = Weighted(single), Weighted(first), Weighted(second)
        self.double_share = doubles / len(names)

    def draw(self, rng: random.Random) -> str:
        surname = self.surnames.draw(rng)
        if rng.random() < self.double_share:
            return surname + self.first.draw(rng) + self.second.draw(rng)
        return surname + self.single.draw(rng)


def is_han(c: str) -> bool:
    v = ord(c)
    return 0x3400 <= v <= 0x4DBF or 0x4E00 <= v <= 0x9FFF or 0xF900 <= v <= 0xFAFF or 0x20000 <= v <= 0x323AF


def read_table() -> dict[str, tuple[set[str], set[str]]]:
    """The library's readings table: c -> (general readings, names readings)."""
    table = {}
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line:  # the header: what the table was made from
            continue
        fields = line.split("\t")
        general = set(fields[1].split()) if len(fields) > 1 else set()
        names = set(fields[2].split()) if len(fields) > 2 else set()
        table[fields[0]] = (general, names)
    return table


class Pinyin:
    """What a user types for a character: ICU's pinyin, toneless, ü as v."""

    def __init__(self):
        import icu

        self.general = icu.Transliterator.createInstance("Han-Latin")
        self.names = icu.Transliterator.createInstance("Han-Latin/Names")
        self.table = read_table()
        self.cache: dict[tuple[str, bool], str] = {}

    @staticmethod
    def toneless(latin: str) -> str:
        s = unicodedata.normalize("NFC", latin.strip().lower()).replace("ü", "v")
        s = "".join(c for c in unicodedata.normalize("NFD", s) if unicodedata.category(c) != "Mn")
        if not re.fullmatch(r"[a-z]+", s):
            raise SystemExit(f"ICU gave {latin!r}, not one pinyin syllable")
        return s

    def of(self, c: str, starts_run: bool) -> str:
        key = (c, starts_run)
        if key not in self.cache:
            t = self.names if starts_run else self.general
            reading = self.toneless(t.transliterate(c))
            general, names = self.table.get(c, (set(), set()))
            allowed = general | (names if starts_run else set())
            if reading not in allowed:
                raise SystemExit(f"{c}: ICU's {reading!r} is not among the table's readings {sorted(allowed)}")
            self.cache[key] = reading
        return self.cache[key]

    def syllables(self, name: str, surname_length: int) -> tuple[list[str], list[str]]:
        """(surname syllables, given syllables) of a name."""
        sy = [self.of(c, i == 0) for i, c in enumerate(name)]
        return sy[:surname_length], sy[surname_length:]


def prefixes(text: str) -> list[str]:
    return [text[:k] for k in range(1, len(text) + 1)]


def chinese_session(kind: str, name: str, pinyin: Pinyin, compound: set[str]) -> list[str]:
    cut = 2 if name[:2] in compound else 1
    surname, given = pinyin.syllables(name, cut)
    initials = lambda sy: "".join(s[0] for s in sy)  # noqa: E731
    if kind == "pinyin":
        return prefixes("".join(surname + given))
    if kind == "initials":
        return prefixes(initials(surname + given))
    if kind == "surname-pinyin":
        return prefixes("".join(surname) + initials(given))
    if kind == "initial-given":
        return prefixes(initials(surname) + "".join(given))
    if kind == "han-letters":
        return [name[:cut]] + [name[:cut] + p for p in prefixes("".join(given))]
    raise ValueError(kind)


# ------------------------------------------------------------------------------------------
# Korean: keys and the 2-set IME
# ------------------------------------------------------------------------------------------

INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
VOWELS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
FINALS = ["", *"ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"]
COMPOUND_VOWELS = {"ㅘ": "ㅗㅏ", "ㅙ": "ㅗㅐ", "ㅚ": "ㅗㅣ", "ㅝ": "ㅜㅓ", "ㅞ": "ㅜㅔ", "ㅟ": "ㅜㅣ", "ㅢ": "ㅡㅣ"}
COMPOUND_FINALS = {"ㄳ": "ㄱㅅ", "ㄵ": "ㄴㅈ", "ㄶ": "ㄴㅎ", "ㄺ": "ㄹㄱ", "ㄻ": "ㄹㅁ", "ㄼ": "ㄹㅂ", "ㄽ": "ㄹㅅ",
                   "ㄾ": "ㄹㅌ", "ㄿ": "ㄹㅍ", "ㅀ": "ㄹㅎ", "ㅄ": "ㅂㅅ"}
JOIN_VOWEL = {v: k for k, v in COMPOUND_VOWELS.items()}
JOIN_FINAL = {v: k for k, v in COMPOUND_FINALS.items()}


def decompose(syllable: str) -> tuple[str, str, str]:
    v = ord(syllable) - 0xAC00
    if not 0 <= v < 11172:
        raise SystemExit(f"not a Hangul syllable: {syllable!r}")
    return INITIALS[v // 588], VOWELS[v % 588 // 28], FINALS[v % 28]


def compose(l: str, v: str, t: str) -> str:
    return chr(0xAC00 + (INITIALS.index(l) * 21 + VOWELS.index(v)) * 28 + FINALS.index(t))


def keys(text: str) -> list[str]:
    """The 2-set keystrokes that type `text` (syllables only)."""
    out = []
    for s in text:
        l, v, t = decompose(s)
        out += [l, *COMPOUND_VOWELS.get(v, v), *COMPOUND_FINALS.get(t, t)]
    return out


def ime_states(keystrokes: list[str]) -> list[str]:
    """What a 2-set IME shows after each keystroke (committed text + the syllable being composed)."""
    done = ""
    l = v = t = ""
    states = []

    def shown() -> str:
        if l and v:
            return compose(l, v, t)
        return l or v

    for k in keystrokes:
        if k in INITIALS:  # a consonant key
            if l and v and not t and k in FINALS:
                t = k
            elif l and v and t and t + k in JOIN_FINAL:
                t = JOIN_FINAL[t + k]
            else:
                done += shown()
                l, v, t = k, "", ""
        else:  # a vowel key
            if v and not t and v + k in JOIN_VOWEL:
                v = JOIN_VOWEL[v + k]
            elif l and not v:
                v = k
            elif l and v and t:
                # The final (or a compound final's second consonant) starts the next syllable.
                keep, moved = COMPOUND_FINALS[t] if t in COMPOUND_FINALS else ("", t)
                done += compose(l, v, keep)
                l, v, t = moved, k, ""
            else:
                done += shown()
                l, v, t = "", k, ""
        states.append(done + shown())
    return states


def _check_ime() -> None:
    assert ime_states(keys("김민준")) == ["ㄱ", "기", "김", "김ㅁ", "김미", "김민", "김믽", "김민주", "김민준"], \
        ime_states(keys("김민준"))
    assert ime_states(keys("이현준"))[:5] == ["ㅇ", "이", "잏", "이혀", "이현"], ime_states(keys("이현준"))
    assert ime_states(keys("관")) == ["ㄱ", "고", "과", "관"]
    assert ime_states(list("ㄱㅁㅈ")) == ["ㄱ", "ㄱㅁ", "ㄱㅁㅈ"]
    for name in ["김민준", "이현준", "황보영", "곽의정", "닭볶음"]:
        assert ime_states(keys(name))[-1] == name, name


class KoreanParts:
    """Surnames and given-name syllables by position, from people/ko_KR.tsv (all 3 syllables)."""

    def __init__(self, names: list[str]):
        surnames, first, second = Counter(), Counter(), Counter()
        for name in names:
            if len(name) != 3:
                raise SystemExit(f"unexpected Korean name {name!r}")
            surnames[name[0]] += 1
            first[name[1]] += 1
            second[name[2]] += 1
        self.surnames, self.first, self.second = Weighted(surnames), Weighted(first), Weighted(second)

    def draw(self, rng: random.Random) -> str:
        return self.surnames.draw(rng) + self.first.draw(rng) + self.second.draw(rng)


def korean_session(kind: str, name: str) -> list[str]:
    if kind == "ime":
        return ime_states(keys(name))
    if kind == "initials":
        return ime_states([decompose(s)[0] for s in name])
    if kind == "syllable-initials":
        return ime_states(keys(name[0]) + [decompose(s)[0] for s in name[1:]])
    if kind == "given-ime":
        return ime_states(keys(name[1:]))
    raise ValueError(kind)


# ------------------------------------------------------------------------------------------

def sessions(names: list[str], kinds: list[str], rng: random.Random, make) -> list[tuple[str, str, str]]:
    """SESSIONS_PER_KIND names per kind, drawn from the corpus (common names more often)."""
    rows = []
    for kind in kinds:
        for _ in range(SESSIONS_PER_KIND):
            name = names[int(rng.random() * len(names))]
            states = make(kind, name)
            if any(re.search(r"\s", s) or not s for s in states):
                raise SystemExit(f"a state of {name!r} ({kind}) is empty or has white space: {states}")
            rows.append((kind, name, " ".join(states)))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=1_000_000, help="names per corpus (default 1,000,000)")
    ap.add_argument("--out", type=Path, default=HERE / "large", help="output directory (default Corpora/large)")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = ap.parse_args()
    _check_ime()
    out: Path = args.out.resolve()
    t0 = time.monotonic()

    cn, tw = ChineseParts(people_names("zh_CN")), ChineseParts(people_names("zh_TW"))
    compound = {s for parts in (cn, tw) for s in parts.surnames.values if len(s) == 2}
    rng = random.Random(f"zh-names:{args.seed}")
    zh = [(tw if rng.random() < ZH_TW_SHARE else cn).draw(rng) for _ in range(args.count)]
    path = out / "zh-names-1m.txt"
    corpuslib.write_lines(path, zh)
    log(f"{path.name}: {corpuslib.check_lines(path):,} names, {len(set(zh)):,} distinct, {time.monotonic() - t0:.1f}s")
    pinyin = Pinyin()
    rows = sessions(zh, ZH_KINDS, random.Random(f"zh-sessions:{args.seed}"),
                    lambda kind, name: chinese_session(kind, name, pinyin, compound))
    spath = out / "zh-names-sessions.tsv"
    corpuslib.write_tsv(spath, SESSIONS_HEADER, rows, required=(0, 1, 2))
    log(f"{spath.name}: {corpuslib.check_tsv(spath, SESSIONS_HEADER, required=(0, 1, 2))} sessions,"
        f" {sum(len(r[2].split()) for r in rows):,} keystrokes")
    del zh

    ko_parts = KoreanParts(people_names("ko_KR"))
    rng = random.Random(f"ko-names:{args.seed}")
    ko = [ko_parts.draw(rng) for _ in range(args.count)]
    path = out / "ko-names-1m.txt"
    corpuslib.write_lines(path, ko)
    log(f"{path.name}: {corpuslib.check_lines(path):,} names, {len(set(ko)):,} distinct, {time.monotonic() - t0:.1f}s")
    rows = sessions(ko, KO_KINDS, random.Random(f"ko-sessions:{args.seed}"), korean_session)
    spath = out / "ko-names-sessions.tsv"
    corpuslib.write_tsv(spath, SESSIONS_HEADER, rows, required=(0, 1, 2))
    log(f"{spath.name}: {corpuslib.check_tsv(spath, SESSIONS_HEADER, required=(0, 1, 2))} sessions,"
        f" {sum(len(r[2].split()) for r in rows):,} keystrokes")
    log(f"total {time.monotonic() - t0:.1f}s")


if __name__ == "__main__":
    main()
