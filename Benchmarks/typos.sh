#!/usr/bin/env bash
# Typo-fallback latency by query length on GeoNames 1.4M (issue 19 §3): 300 GeoNames names with one
# or two typos (typos_queries.py, seed 19), typed a character at a time by `thumbindex bench --typos
# auto` (each keystroke: the total, the sections and the first 50 rows with their ranges), then
# typos_report.py's table. Writes results/typos/; about 3 minutes on the 2-core VM.
#
#   python3 Corpora/generate_large.py --skip-people && Benchmarks/typos.sh
#   BIN=path/to/thumbindex Benchmarks/typos.sh      # a release binary built already (no build step)
#   RUNS=3 Benchmarks/typos.sh                      # the sessions typed in 3 processes, one JSON each
set -euo pipefail
cd "$(dirname "$0")"
CORPUS=${CORPUS:-../Corpora/large/geonames-names.txt}
RESULTS=results/typos
mkdir -p "$RESULTS"
rm -f "$RESULTS/table.md"
if [ -z "${BIN:-}" ]; then
  (cd .. && swift build -c release --product thumbindex)
  BIN=../.build/release/thumbindex
fi
RUNS=${RUNS:-1}
python3 typos_queries.py "$CORPUS" 300 > "$RESULTS/typo-queries.txt"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)" > "$RESULTS/run.txt"
echo "commit: $(git rev-parse --short HEAD), $(date -u +%Y-%m-%dT%H:%MZ)" >> "$RESULTS/run.txt"
for run in $(seq 1 "$RUNS"); do
  "$BIN" bench --corpus "$CORPUS" --queries "$RESULTS/typo-queries.txt" --typos auto --json > "$RESULTS/geonames-typos-$run.json"
  echo "load after run $run: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$RESULTS/run.txt"
  for clock in ms cpu_ms; do
    echo "## run $run, $clock" >> "$RESULTS/table.md"
    python3 typos_report.py "$RESULTS/geonames-typos-$run.json" "$clock" | tee -a "$RESULTS/table.md"
  done
done
echo "## every run" >> "$RESULTS/table.md"
python3 typos_report.py --runs "$RESULTS"/geonames-typos-*.json | tee -a "$RESULTS/table.md"
