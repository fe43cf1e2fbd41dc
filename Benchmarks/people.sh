#!/usr/bin/env bash
# Issue 23's figures for results/2026-11-25-people.md (summed up in RESULTS.md; "Finding people: terms, fields, phone numbers, the dial
# pad"): multi-word and single-word keystroke sessions on GeoNames 1.4M and on 1M people with
# companies and phone numbers, ThumbIndex against SQLite FTS5 asked the same all-terms question
# (interleaved in one process per corpus); phone-digit and dial-pad sessions on the people; the
# bytes of the searched columns, the phone forms and the dial-pad keys.
#
#   Benchmarks/people.sh                                   # everything (~25 min on 2 busy cores)
#   LIMIT=100000 RESULTS=/tmp/pp Benchmarks/people.sh      # a quick slice (report in /tmp/pp/RESULTS.md)
#   CORPORA_LIST=geonames Benchmarks/people.sh             # one corpus
#   MARKDOWN=FILE Benchmarks/people.sh                     # tables into another file (default results/2026-11-25-people.md)
#
# Generates what is missing first (python3 Corpora/generate_large.py --skip-people --contacts:
# geonames-names.txt and its sessions, people-contacts-1m.tsv and its sessions). Knobs: BUDGET
# (seconds FTS5 may spend typing each kind of session, default 120).
set -euo pipefail
cd "$(dirname "$0")"

RESULTS=${RESULTS:-results/people}
CORPORA=${CORPORA:-../Corpora/large}
CORPORA_LIST=${CORPORA_LIST:-geonames people-contacts}
LIMIT=${LIMIT:-}
BUDGET=${BUDGET:-120}

. ./lib.sh
new_steps
# Timed steps with the load average before them (steps.tsv: name, seconds, load before): pstep.

if [ ! -f "$CORPORA/people-contacts-1m.tsv" ] || [ ! -f "$CORPORA/geonames-sessions-two-words.txt" ] \
    || [ ! -f "$CORPORA/people-contacts-sessions-dialpad-initials.txt" ]; then
    pstep corpora python3 ../Corpora/generate_large.py --skip-people --contacts --out "$CORPORA"
fi
build_peers_run pstep

for corpus in $CORPORA_LIST; do
    corpus_args "$corpus"
    if [ "$corpus" = geonames ]; then
        pstep "$corpus sessions" $run people-sessions "${common[@]}" --kinds two-words --kinds one-word \
            --fts5-budget "$BUDGET" --out "$RESULTS/$corpus-sessions.json"
    else
        # One process: the text kinds on both systems, then phone digits, then the dial pad (its
        # first query builds the dial-pad keys: timed on its own, outside the keystrokes).
        pstep "$corpus sessions" $run people-sessions "${common[@]}" \
            --kinds surname-first --kinds one-word --kinds company-name \
            --thumbindex-only phone --dialpad dialpad-word --dialpad dialpad-initials \
            --fts5-budget "$BUDGET" --out "$RESULTS/$corpus-sessions.json"
        # Bytes: the index without fields, with the company, with the phone, after the dial pad.
        pstep "$corpus bytes" $run people-bytes "${common[@]}" --out "$RESULTS/$corpus-bytes.json"
    fi
done

markdown=$(report_markdown results/people results/2026-11-25-people.md)
python3 people_report.py --results "$RESULTS" --markdown "$markdown"
