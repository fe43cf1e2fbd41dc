#!/usr/bin/env bash
# The phonetic search figures of results/2026-11-23-phonetic.md (issue 10; summed up in RESULTS.md): 1M Chinese and 1M Korean names typed as
# pinyin, initials and Hangul IME states; ThumbIndex through a FilterSession and afresh, the naive
# scan of the same definitions, builds and index bytes with and without the phonetic keys.
#
#   Benchmarks/phonetic.sh                        # everything (~40 min on 2 busy cores)
#   LIMIT=100000 RESULTS=/tmp/ph Benchmarks/phonetic.sh   # a quick slice (report in /tmp/ph/RESULTS.md)
#   CORPORA_LIST=ko-names RESULTS=/tmp/ko Benchmarks/phonetic.sh   # one corpus
#   MARKDOWN=FILE Benchmarks/phonetic.sh          # tables into another file (default results/2026-11-23-phonetic.md)
#
# Generates the corpora first when they are missing (Corpora/generate_phonetic.py, with Debian's
# /usr/bin/python3 and python3-icu). Knobs: REPEATS (runs of each ThumbIndex system, default 3),
# ROUNDS (builds per build figure, default 3), BUDGET (seconds of timed naive keystrokes per
# corpus, default 120), CHECK_EVERY (phonetic-check compares every n-th keystroke, default 1).
set -euo pipefail
cd "$(dirname "$0")"

RESULTS=${RESULTS:-results/phonetic}
CORPORA=${CORPORA:-../Corpora/large}
CORPORA_LIST=${CORPORA_LIST:-zh-names ko-names}
LIMIT=${LIMIT:-}
REPEATS=${REPEATS:-3}
ROUNDS=${ROUNDS:-3}
BUDGET=${BUDGET:-120}
CHECK_EVERY=${CHECK_EVERY:-1}

. ./lib.sh
new_steps
# Timed steps with the load average before them (steps.tsv: name, seconds, load before): pstep.

if [ ! -f "$CORPORA/zh-names-1m.txt" ] || [ ! -f "$CORPORA/ko-names-1m.txt" ]; then
    pstep corpora /usr/bin/python3 ../Corpora/generate_phonetic.py --out "$CORPORA"
fi
build_peers_run pstep

for corpus in $CORPORA_LIST; do
    corpus_args "$corpus"
    pstep "$corpus prepare" $run prepare "${common[@]}"
    # ThumbIndex: every keystroke of every session, REPEATS processes each (the machine is shared).
    for r in $(seq 1 "$REPEATS"); do
        for system in thumbindex thumbindex-stateless; do
            pstep "$corpus $system run $r" $run keystrokes "${common[@]}" --system $system --mode sessions \
                --out "$RESULTS/$corpus-$system-run$r.json"
        done
    done
    # The naive scan: sampled per typed-length bucket within the budget.
    pstep "$corpus naive-phonetic" $run keystrokes "${common[@]}" --system naive-phonetic --budget "$BUDGET" \
        --min-samples 5 --out "$RESULTS/$corpus-naive-phonetic.json"
    # Builds, one process each (peak memory): the listing, the index with and without the keys.
    for builder in thumbindex-listing thumbindex-index thumbindex-index-nokeys; do
        pstep "$corpus $builder" $run build "${common[@]}" --builder $builder --repeat "$ROUNDS" \
            --out "$RESULTS/$corpus-build-$builder.json"
    done
    # Answers: ThumbIndex against the naive scan on every keystroke (untimed).
    pstep "$corpus check" $run phonetic-check "${common[@]}" --every "$CHECK_EVERY" --out "$RESULTS/$corpus-check.json"
done

markdown=$(report_markdown results/phonetic results/2026-11-23-phonetic.md)
python3 phonetic_report.py --results "$RESULTS" --markdown "$markdown"
