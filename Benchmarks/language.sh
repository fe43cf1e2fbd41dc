#!/usr/bin/env bash
# The locale fold against the diacritics fold (issue 19 §1): index bytes and keystroke latency on the
# 1.4M GeoNames names, built in several locales, measured side by side in one run with the same binary.
#
#   Benchmarks/language.sh [LOCALE...]     # default: en sv de tr da
#
# For each locale: one `thumbindex bench` per fold (locale, diacritics) over the GeoNames sessions,
# each building the listing afresh. "Bytes before" is the index without the locale fold's variant
# (what the index was before the fold existed); the latency ratio compares the two folds' keystrokes.
# Writes Benchmarks/results/DATE-language.md and its JSON under Benchmarks/results/language/. SCRATCH
# names the release build folder (default .build-release).
set -euo pipefail
cd "$(dirname "$0")/.."

locales=("$@")
[ ${#locales[@]} -gt 0 ] || locales=(en sv de tr da)
corpus=Corpora/large/geonames-names.txt
queries=Corpora/large/geonames-queries.txt
[ -s "$corpus" ] || { echo "language.sh: $corpus is missing: run Corpora/generate_large.py first (see Corpora/README.md)" >&2; exit 1; }

echo "==> swift build -c release --product thumbindex (.build-release)"
swift build -c release --scratch-path "${SCRATCH:-.build-release}" --product thumbindex 2>&1 | grep -v '^\[' | tail -3
bin=${SCRATCH:-.build-release}/release/thumbindex

out=Benchmarks/results/language
mkdir -p "$out"
for locale in "${locales[@]}"; do
  for fold in diacritics locale; do
    echo "==> $locale, fold $fold"
    "$bin" bench --locale "$locale" --fold "$fold" --phonetic off --corpus "$corpus" --queries "$queries" --json \
      > "$out/geonames-$locale-$fold.json"
  done
done

day=$(date +%Y-%m-%d)
commit=$(git rev-parse --short HEAD)
python3 - "$out" "$day" "$commit" "${locales[@]}" > "Benchmarks/results/$day-language.md" <<'PY'
import json, os, subprocess, sys
out, day, commit, locales = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
cpu = subprocess.run("lscpu | sed -n 's/^Model name: *//p'", shell=True, capture_output=True, text=True).stdout.strip()
def load(locale, fold):
    return json.load(open(os.path.join(out, f"geonames-{locale}-{fold}.json")))
def by_length(report):
    groups = {}
    for k in report["keystrokes"]:
        n = len(k["query"])
        groups.setdefault(min(n, 4), []).append(k["ms"])
    return {n: sorted(v) for n, v in groups.items()}
def pct(v, p):
    return v[min(len(v) - 1, int(round(p * (len(v) - 1))))] if v else 0.0
print(f"# The locale fold: bytes and keystrokes ({day})\n")
print(f"Commit {commit}, {cpu}, 2 cores. `Benchmarks/language.sh {' '.join(locales)}`: 1,375,707 GeoNames names "
      "(`Corpora/large/geonames-names.txt`), built once per locale and fold, the 200 GeoNames sessions "
      "typed keystroke by keystroke (`thumbindex bench --phonetic off`: total, per-section counts and "
      "the first 50 rows with ranges per keystroke). The same binary measures both folds.\n")
print("## Index bytes\n")
print("| locale | index bytes | of which the locale fold's variant | without it (before the fold) | ratio | build s |")
print("|---|---|---|---|---|---|")
for l in locales:
    r = load(l, "locale")
    before = r["index_bytes"] - r["locale_fold_bytes"]
    print(f"| {l} | {r['index_bytes']:,} | {r['locale_fold_bytes']:,} | {before:,} | {r['index_bytes'] / before:.3f}× | {r['build_seconds']:.1f} |")
print("\n## Keystroke latency, locale fold against diacritics fold (ms)\n")
print("| locale | typed | diacritics p50 | locale p50 | diacritics p99 | locale p99 | p50 ratio | p99 ratio |")
print("|---|---|---|---|---|---|---|---|")
for l in locales:
    d, o = by_length(load(l, "diacritics")), by_length(load(l, "locale"))
    for n in sorted(d):
        label = f"{n}+" if n == 4 else str(n)
        dp50, op50, dp99, op99 = pct(d[n], .5), pct(o.get(n, []), .5), pct(d[n], .99), pct(o.get(n, []), .99)
        print(f"| {l} | {label} | {dp50:.3f} | {op50:.3f} | {dp99:.3f} | {op99:.3f} | {op50 / dp50:.2f}× | {op99 / dp99:.2f}× |")
    dr, orr = load(l, "diacritics"), load(l, "locale")
    print(f"| {l} | all | {dr['p50_ms']:.3f} | {orr['p50_ms']:.3f} | {dr['p99_ms']:.3f} | {orr['p99_ms']:.3f} | "
          f"{orr['p50_ms'] / dr['p50_ms']:.2f}× | {orr['p99_ms'] / dr['p99_ms']:.2f}× |")
PY
echo "==> wrote Benchmarks/results/$day-language.md"
