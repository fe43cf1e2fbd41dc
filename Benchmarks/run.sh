#!/usr/bin/env bash
# The full benchmark run behind results/2026-11-21-keystrokes-and-builds.md (summed up in RESULTS.md): ThumbIndex and its peers on the 1.4M GeoNames and the
# 10M people corpora, one process per system, then report.py (tables + plot).
#
#   Benchmarks/run.sh                      # everything (~35 min on 2 cores)
#   LIMIT=100000 RESULTS=/tmp/r Benchmarks/run.sh   # a quick slice of both corpora
#   CORPORA_LIST=geonames Benchmarks/run.sh         # one corpus
#   POSTGRES=0 Benchmarks/run.sh                    # without the PostgreSQL run (postgres.sh)
#   MARKDOWN=results/2026-12-01-keystrokes.md Benchmarks/run.sh   # tables into another file (a new dated run)
#
# Needs the large corpora: `python3 Corpora/generate_large.py` from the repository root.
set -euo pipefail
cd "$(dirname "$0")"

RESULTS=${RESULTS:-results}
CORPORA=${CORPORA:-../Corpora/large}
CORPORA_LIST=${CORPORA_LIST:-geonames people}
LIMIT=${LIMIT:-}
BUDGET=${BUDGET:-120}     # seconds of timed keystrokes per system and corpus (slow systems are sampled)
PEERS="thumbindex thumbindex-stateless sqlite-fts5 folded-memmem naive-seed localized-contains"

. ./lib.sh
new_steps
# peers-run, and the machine (with whether ThumbIndex's search index has landed, else its numbers are provisional).
build_peers_run

for corpus in $CORPORA_LIST; do
    corpus_args "$corpus"
    # At 10M the slow scans take 5-25 s a keystroke: 3 per typed length is what the budget allows.
    min=5
    [ "$corpus" = people ] && [ -z "$LIMIT" ] && min=3

    step "$corpus prepare" $run prepare "${common[@]}"
    for system in $PEERS; do
        step "$corpus $system" $run keystrokes "${common[@]}" --system "$system" --budget "$BUDGET" --min-samples $min \
            --out "$RESULTS/$corpus-$system.json"
    done
    if [ "$corpus" = geonames ]; then
        # detail=full answers LIKE exactly as detail=none does; run once for its latency and size.
        step "$corpus sqlite-fts5-full" $run keystrokes "${common[@]}" --system sqlite-fts5-full --budget "$BUDGET" \
            --min-samples $min --out "$RESULTS/$corpus-sqlite-fts5-full.json"
    fi

    # Builds on their own, one process each: sorting + bucketing alone (ThumbIndex, ICU's record
    # API, the Foundation sort) and, at 1.4M, listing + index against SQLite's FTS5 build (median
    # of 3). ICU's record API and the Foundation sort take minutes at 10M: there they sort an evenly
    # spaced 1M sample, extrapolated by n log n (marked in the report).
    cap=()
    rounds=3
    if [ "$corpus" = people ] && [ -z "$LIMIT" ]; then cap=(--max-items 1000000); rounds=1; fi
    builders="thumbindex-listing"
    [ "$corpus" = geonames ] && builders="thumbindex-listing thumbindex-listing-index sqlite-fts5"
    for builder in $builders; do
        step "$corpus $builder" $run build "${common[@]}" --builder $builder --repeat $rounds --out "$RESULTS/$corpus-build-$builder.json"
    done
    for builder in icu-records foundation-sort; do
        step "$corpus $builder" $run build "${common[@]}" --builder $builder "${cap[@]}" --out "$RESULTS/$corpus-build-$builder.json"
    done
done

# PostgreSQL 15 + pg_trgm against SQLite FTS5 and ThumbIndex on GeoNames (keystrokes, writes,
# start-up): a run of its own with its own server, into $RESULTS/postgres and its file,
# results/2026-11-23-postgres.md. POSTGRES=0 skips it.
if [ "${POSTGRES:-1}" = 1 ] && [[ " $CORPORA_LIST " == *" geonames "* ]]; then
    RESULTS="$RESULTS/postgres" CORPORA="$CORPORA" LIMIT="$LIMIT" BUDGET="$BUDGET" ./postgres.sh
fi

# Tables into results/2026-11-21-keystrokes-and-builds.md (between the GENERATED markers) and the plot; matplotlib in a local venv.
report_venv
markdown=$(report_markdown results results/2026-11-21-keystrokes-and-builds.md)
.venv/bin/python report.py --results "$RESULTS" --markdown "$markdown"
