"""Shared helpers for Corpora/generate.py and Corpora/generate_large.py.

* ensure_requirements(): makes sure the exact versions pinned in requirements.txt are importable,
  creating Corpora/large/.venv (git-ignored) and re-running the calling script inside it if not.
* write_tsv() / write_lines(): UTF-8, LF-only writers that refuse to write a malformed corpus.
* check_tsv() / check_lines(): re-read a written file and fail loudly on invalid UTF-8, CR, NUL,
  ragged rows, empty names or a missing trailing newline.
* NameModel: fast person-name drawing from a faker locale's own name lists (title-free formats).
"""

from __future__ import annotations

import bisect
import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
REQUIREMENTS = HERE / "requirements.txt"
VENV = HERE / "large" / ".venv"
_REEXEC_GUARD = "THUMBINDEX_CORPORA_IN_VENV"


class CorpusError(SystemExit):
    """Raised (as a non-zero exit) when a corpus file does not pass its checks."""

    def __init__(self, message: str):
        super().__init__(f"corpus check FAILED: {message}")


# --------------------------------------------------------------------------------------------
# Requirements bootstrap
# --------------------------------------------------------------------------------------------

def pinned_requirements() -> dict[str, str]:
    pins: dict[str, str] = {}
    for raw in REQUIREMENTS.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, version = line.partition("==")
        if not sep:
            raise SystemExit(f"{REQUIREMENTS}: every requirement must be pinned with ==, got {raw!r}")
        pins[name.strip()] = version.strip()
    return pins


def _missing_pins() -> list[str]:
    from importlib import metadata

    missing = []
    for name, version in pinned_requirements().items():
        try:
            have = metadata.version(name)
        except metadata.PackageNotFoundError:
            have = None
        if have != version:
            missing.append(f"{name}=={version} (have {have})")
    return missing


def ensure_requirements() -> None:
    """Return if the pinned packages are importable; otherwise install them and re-exec.

    The current interpreter's site-packages is never modified: the packages go into
    Corpora/large/.venv, and the calling script is run again with that venv's python.
    """
    missing = _missing_pins()
    if not missing:
        return
    venv_python = VENV / "bin" / "python"
    in_venv = Path(sys.prefix).resolve() == VENV.resolve()
    if not in_venv and os.environ.get(_REEXEC_GUARD):
        raise SystemExit(f"re-exec into {VENV} did not take effect; missing: {missing}")
    print(f"[corpora] pinned requirements missing: {', '.join(missing)}", file=sys.stderr)
    if not venv_python.exists():
        print(f"[corpora] creating venv {VENV}", file=sys.stderr)
        subprocess.check_call([sys.executable, "-m", "venv", str(VENV)])
    print(f"[corpora] pip install -r {REQUIREMENTS} into {VENV}", file=sys.stderr)
    subprocess.check_call(
        [str(venv_python), "-m", "pip", "install", "--disable-pip-version-check", "-q",
         "-r", str(REQUIREMENTS)]
    )
    if in_venv:
        # Installed into the interpreter we are running in; make sure it sees them now.
        import importlib
        importlib.invalidate_caches()
        still = _missing_pins()
        if still:
            raise SystemExit(f"still missing after install: {still}")
        return
    env = dict(os.environ, **{_REEXEC_GUARD: "1"})
    script = os.path.abspath(sys.argv[0])
    os.execve(str(venv_python), [str(venv_python), script, *sys.argv[1:]], env)


# --------------------------------------------------------------------------------------------
# Writers and checks
# --------------------------------------------------------------------------------------------

_FORBIDDEN_IN_FIELD = re.compile(r"[\t\r\n\x00\u2028\u2029\x85]")


def clean_field(value: str) -> str:
    """Trim surrounding whitespace; the corpus must not contain tabs/newlines inside a field."""
    value = value.strip()
    if _FORBIDDEN_IN_FIELD.search(value):
        raise CorpusError(f"field contains a tab, newline or NUL: {value!r}")
    return value


def write_tsv(path: Path, header: list[str], rows, *, required: tuple[int, ...] = (0,)) -> int:
    """Write a TSV (UTF-8, LF). Columns listed in `required` must be non-empty. Returns row count."""
    path.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write("\t".join(header) + "\n")
        for row in rows:
            fields = [clean_field(str(v)) for v in row]
            if len(fields) != len(header):
                raise CorpusError(f"{path}: row has {len(fields)} fields, header {len(header)}: {row!r}")
            for i in required:
                if not fields[i]:
                    raise CorpusError(f"{path}: empty {header[i]!r} in {row!r}")
            out.write("\t".join(fields) + "\n")
            n += 1
    return n


def write_lines(path: Path, lines) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        for line in lines:
            line = clean_field(line)
            if not line:
                raise CorpusError(f"{path}: empty line")
            out.write(line + "\n")
            n += 1
    return n


def _checked_lines(path: Path):
    """Yield (lineno, text) for each line, streaming; fail on bad bytes or line endings."""
    with open(path, "rb") as f:
        lineno = 0
        for raw in f:
            lineno += 1
            if lineno == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raise CorpusError(f"{path}: starts with a BOM")
            if not raw.endswith(b"\n"):
                raise CorpusError(f"{path}:{lineno}: no trailing LF")
            if b"\r" in raw or b"\x00" in raw:
                raise CorpusError(f"{path}:{lineno}: contains CR or NUL")
            try:
                yield lineno, raw[:-1].decode("utf-8", errors="strict")
            except UnicodeDecodeError as e:
                raise CorpusError(f"{path}:{lineno}: invalid UTF-8 at byte {e.start}") from None


def check_tsv(path: Path, header: list[str], *, required: tuple[int, ...] = (0,)) -> int:
    """Re-read a TSV and verify it. Returns the number of data rows."""
    rows = -1
    width = len(header)
    for lineno, line in _checked_lines(path):
        if lineno == 1:
            if line != "\t".join(header):
                raise CorpusError(f"{path}: header is {line!r}, want {header!r}")
            rows = 0
            continue
        fields = line.split("\t")
        if len(fields) != width:
            raise CorpusError(f"{path}:{lineno}: {len(fields)} fields, want {width}")
        for i in required:
            if not fields[i]:
                raise CorpusError(f"{path}:{lineno}: empty {header[i]}")
        for f in fields:
            if f != f.strip():
                raise CorpusError(f"{path}:{lineno}: untrimmed field {f!r}")
        rows += 1
    if rows < 0:
        raise CorpusError(f"{path}: empty file")
    return rows


def check_lines(path: Path) -> int:
    n = 0
    for lineno, line in _checked_lines(path):
        if not line or line != line.strip() or "\t" in line:
            raise CorpusError(f"{path}:{lineno}: empty, untrimmed or tab-containing line {line!r}")
        n = lineno
    return n


# --------------------------------------------------------------------------------------------
# Text helpers
# --------------------------------------------------------------------------------------------

def katakana_to_hiragana(text: str) -> str:
    """Map katakana U+30A1..U+30F6 to hiragana U+3041..U+3096 (same syllables); keep the rest."""
    return "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in text)


def strip_diacritics(text: str) -> str:
    """NFD, drop combining marks (category Mn), recompose."""
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize(
        "NFC", "".join(c for c in decomposed if unicodedata.category(c) != "Mn"))


# --------------------------------------------------------------------------------------------
# Person names
# --------------------------------------------------------------------------------------------

_TOKEN = re.compile(r"\{\{\s*(\w+)\s*\}\}")
_TITLE_TOKEN = re.compile(r"prefix|suffix")


def person_provider(fake):
    for provider in fake.providers:
        if type(provider).__module__.startswith("faker.providers.person"):
            return provider
    raise RuntimeError("no person provider")


def title_free_formats(provider) -> tuple[list[str], list[float] | None]:
    """The provider's name formats minus those with an honorific prefix or suffix token.

    Returns (formats, weights or None). Formats are kept in faker's own order.
    """
    formats = provider.formats
    if isinstance(formats, dict):
        items = [(f, float(w)) for f, w in formats.items() if not _TITLE_TOKEN.search(f)]
        return [f for f, _ in items], [w for _, w in items]
    return [f for f in formats if not _TITLE_TOKEN.search(f)], None


class _Choice:
    """A weighted (or uniform) choice over a fixed list, drawn with a given random.Random."""

    __slots__ = ("values", "cum", "total")

    def __init__(self, values, weights=None):
        self.values = list(values)
        if not self.values:
            raise ValueError("empty choice")
        if weights is None:
            self.cum = None
            self.total = len(self.values)
        else:
            acc, cum = 0.0, []
            for w in weights:
                acc += float(w)
                cum.append(acc)
            self.cum, self.total = cum, acc

    def draw(self, rng):
        if self.cum is None:
            return self.values[int(rng.random() * self.total)]
        return self.values[min(bisect.bisect_right(self.cum, rng.random() * self.total),
                               len(self.values) - 1)]


class NameModel:
    """Draws full names for one faker locale without calling faker per name.

    Each format token (e.g. ``first_name_male``) becomes a choice over the provider's own list
    attribute (``first_names_male``, with faker's weights when it is an OrderedDict) when the
    provider uses the stock PersonProvider method for it; if the locale overrides the method or
    has no such list, the token is drawn from a pool of `pool_size` values produced by faker's
    own method with a seeded faker. ja_JP is special-cased to keep kanji and kana paired.
    """

    def __init__(self, locale: str, seed: int = 0, pool_size: int = 20000):
        from faker import Faker
        from faker.providers.person import Provider as BasePerson

        self.locale = locale
        fake = Faker(locale)
        fake.seed_instance(seed)
        provider = person_provider(fake)
        self.japanese = locale == "ja_JP"
        if self.japanese:
            last = provider.last_name_pairs  # OrderedDict((kanji, kana, romaji) -> weight)
            self.ja_last = _Choice(list(last.keys()), list(last.values()))
            self.ja_first = [_Choice(provider.first_name_male_pairs),
                             _Choice(provider.first_name_female_pairs)]
            self.pooled_tokens = []
            return
        formats, weights = title_free_formats(provider)
        self.formats = _Choice([self._compile(f) for f in formats], weights)
        self.tokens: dict[str, _Choice] = {}
        self.pooled_tokens: list[str] = []
        for fmt in formats:
            for token in _TOKEN.findall(fmt):
                if token in self.tokens:
                    continue
                attr = self._list_attr(provider, token)
                stock = getattr(type(provider), token, None) is getattr(BasePerson, token, object())
                if attr is not None and stock:
                    values = getattr(provider, attr)
                    if isinstance(values, dict):
                        self.tokens[token] = _Choice(list(values.keys()), list(values.values()))
                    else:
                        self.tokens[token] = _Choice(values)
                else:
                    method = getattr(fake, token)
                    self.tokens[token] = _Choice([method() for _ in range(pool_size)])
                    self.pooled_tokens.append(token)

    @staticmethod
    def _list_attr(provider, token: str):
        for cand in (token + "s", token.replace("name", "names", 1)):
            if isinstance(getattr(provider, cand, None), (list, tuple, dict)):
                return cand
        return None

    @staticmethod
    def _compile(fmt: str):
        parts = _TOKEN.split(fmt)  # literal, token, literal, token, ..., literal
        return tuple(parts)

    def draw(self, rng) -> tuple[str, str]:
        """Return (name, reading). reading is hiragana for ja_JP, '' otherwise."""
        if self.japanese:
            last = self.ja_last.draw(rng)
            first = self.ja_first[0 if rng.random() < 0.5 else 1].draw(rng)
            name = f"{last[0]} {first[0]}"
            reading = katakana_to_hiragana(f"{last[1]} {first[1]}")
            return name, reading
        parts = self.formats.draw(rng)
        out = []
        for i, part in enumerate(parts):
            out.append(self.tokens[part].draw(rng) if i % 2 else part)
        return " ".join("".join(out).split()), ""
