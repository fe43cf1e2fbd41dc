#!/usr/bin/env bash
# run.sh LABEL BIN PHASES...: one run of Benchmarks/live_driver.py on GeoNames 1.4M (the imported
# store reused between runs), its output in $OUT/out-LABEL. Other variables pass through to it.
label=$1 bin=$2; shift 2
OUT=${OUT:-/tmp/s29}
cd "$(git rev-parse --show-toplevel)"
mkdir -p "$OUT/out-$label"
LIVE_REUSE_IMPORT=1 python3 Benchmarks/live_driver.py run --binary "$bin" --corpus Corpora/large/geonames-names.txt \
  --queries Corpora/large/geonames-queries.txt --out "$OUT/out-$label" --scratch "$OUT/scratch" --phases "$@" > "$OUT/out-$label/log.txt" 2>&1
