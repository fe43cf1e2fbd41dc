#!/usr/bin/env bash
# Replicas over one PostgreSQL on the 1.4M GeoNames corpus (issue 18 §6): replication lag at 10 and
# 200 writes/s, write latency through PostgreSQL against SQLite, keystrokes on a replica while it
# applies 200 writes/s, catch-up after 10,000 and 100,000 missed edits, restart after SIGKILL. What
# each phase does: Benchmarks/replicas_driver.py.
#
#   Benchmarks/replicas.sh                  # ~15 min on 2 shared cores
#   RESULTS=/tmp/r Benchmarks/replicas.sh   # raw numbers elsewhere (default Benchmarks/results)
#   BINARY=path/to/thumbindex Benchmarks/replicas.sh   # a release binary built elsewhere
#   PHASES="catch-up restart" Benchmarks/replicas.sh   # some phases (lag writes keystrokes catch-up restart)
#
# Needs Corpora/large/geonames-names.txt (`python3 Corpora/generate_large.py --skip-people`) and
# PostgreSQL 15 (apt-get install postgresql). Writes RESULTS/replicas.json; logs go to .build/replicas.
set -euo pipefail
cd "$(dirname "$0")/.."
RESULTS=${RESULTS:-Benchmarks/results}
corpus=Corpora/large/geonames-names.txt
[ -s "$corpus" ] || { echo "replicas.sh: $corpus is missing; run python3 Corpora/generate_large.py --skip-people" >&2; exit 1; }
if [ -z "${BINARY:-}" ]; then
  echo "==> swift build -c release --product thumbindex"
  swift build -c release --product thumbindex 2>&1 | grep -v '^\[[0-9]*/[0-9]*\]' || true
  BINARY="$(swift build -c release --show-bin-path)/thumbindex"
fi
[ -x "$BINARY" ] || { echo "replicas.sh: no release binary at $BINARY" >&2; exit 1; }
binary=$BINARY
python3 Benchmarks/replicas_driver.py --binary "$binary" --corpus "$corpus" \
  --queries Corpora/large/geonames-queries.txt --out "$RESULTS" --scratch .build/replicas ${PHASES:+--phases $PHASES}
