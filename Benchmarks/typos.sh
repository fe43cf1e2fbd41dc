#!/usr/bin/env bash
# Typo-fallback latency by query length on GeoNames 1.4M (issue 19 §3): 300 GeoNames names with one
# or two typos (typos_queries.py, seed 19), typed a character at a time by `thumbindex bench --typos
# auto` (each keystroke: the total, the sections and the first 50 rows with their ranges), then
# typos_report.py's table. Writes results/typos/; about 3 minutes on the 2-core VM.
#
#   python3 Corpora/generate_large.py --skip-people && Benchmarks/typos.sh
set -euo pipefail
cd "$(dirname "$0")"
CORPUS=${CORPUS:-../Corpora/large/geonames-names.txt}
RESULTS=results/typos
mkdir -p "$RESULTS"
(cd .. && swift build -c release --product thumbindex)
BIN=../.build/release/thumbindex
python3 typos_queries.py "$CORPUS" 300 > "$RESULTS/typo-queries.txt"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)" > "$RESULTS/run.txt"
echo "commit: $(git rev-parse --short HEAD)" >> "$RESULTS/run.txt"
"$BIN" bench --corpus "$CORPUS" --queries "$RESULTS/typo-queries.txt" --typos auto --json > "$RESULTS/geonames-typos.json"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$RESULTS/run.txt"
python3 typos_report.py "$RESULTS/geonames-typos.json" | tee "$RESULTS/table.md"
