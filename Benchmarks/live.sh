#!/usr/bin/env bash
# Live listings benchmarks on the 1.4M GeoNames corpus against the release `thumbindex serve --store`
# over HTTP on loopback: write latency, read-your-writes, keystrokes under a delta of 10,000 edits,
# reads under 64-connection load with 200 writes/s, resident memory during a merge.
#
#   Benchmarks/live.sh                         # everything (~5 min on 2 shared cores)
#   PHASES="writes merge" Benchmarks/live.sh   # some phases (writes keystrokes load merge restart)
#   RESULTS=/tmp/r Benchmarks/live.sh          # raw numbers elsewhere (default Benchmarks/results)
#
# Needs Corpora/large/geonames-names.txt (`python3 Corpora/generate_large.py --skip-people`) and wrk.
# Writes RESULTS/live-{import,writes,keystrokes,load,merge}.json (read by hand into
# Benchmarks/results/2026-11-23-live.md; no report script); the stores and server logs go to
# .build/live (left there to look at). What each phase does: Benchmarks/live_driver.py.
set -euo pipefail
cd "$(dirname "$0")/.."
RESULTS=${RESULTS:-Benchmarks/results}
PHASES=${PHASES:-writes keystrokes load merge restart}
corpus=Corpora/large/geonames-names.txt
[ -s "$corpus" ] || { echo "live.sh: $corpus is missing; run python3 Corpora/generate_large.py --skip-people" >&2; exit 1; }
command -v wrk >/dev/null || { echo "live.sh: wrk is missing (apt-get install wrk)" >&2; exit 1; }

echo "==> swift build -c release --product thumbindex"
swift build -c release --product thumbindex 2>&1 | grep -v '^\[[0-9]*/[0-9]*\]' || true
binary="$(swift build -c release --show-bin-path)/thumbindex"
[ -x "$binary" ] || { echo "live.sh: the release build failed" >&2; exit 1; }

# shellcheck disable=SC2086
python3 Benchmarks/live_driver.py run --binary "$binary" --corpus "$corpus" \
  --queries Corpora/large/geonames-queries.txt --out "$RESULTS" --scratch .build/live --phases $PHASES
