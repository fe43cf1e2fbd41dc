#!/usr/bin/env bash
# The full benchmark run behind RESULTS.md: ThumbIndex and its peers on the 1.4M GeoNames and the
# 10M people corpora, one process per system, then report.py (tables + plot).
#
#   Benchmarks/run.sh                      # everything (~35 min on 2 cores)
#   LIMIT=100000 RESULTS=/tmp/r Benchmarks/run.sh   # a quick slice of both corpora
#   CORPORA_LIST=geonames Benchmarks/run.sh         # one corpus
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

mkdir -p "$RESULTS"
: > "$RESULTS/steps.tsv"
step() {  # step NAME COMMAND...: runs it and appends its wall-clock seconds to steps.tsv
    local name=$1 start end
    shift
    start=$(date +%s.%N)
    "$@"
    end=$(date +%s.%N)
    awk -v n="$name" -v s="$start" -v e="$end" 'BEGIN { printf "%s\t%.1f\n", n, e - s }' >> "$RESULTS/steps.tsv"
}

step build swift build -c release --product peers-run
run=.build/release/peers-run

# The machine, and whether ThumbIndex's search index has landed (else its numbers are provisional).
provisional=true
if ls ../Sources/ThumbIndex/Search/*.swift >/dev/null 2>&1 && grep -rqs "SearchIndex" ../Sources/ThumbIndex/Search/; then
    provisional=false
fi
python3 - "$RESULTS/machine.json" "$provisional" <<'PY'
import json, os, subprocess, sys, datetime
def sh(cmd):
    try:
        return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout.strip()
    except Exception:
        return ""
lscpu = dict(line.split(":", 1) for line in sh("lscpu").splitlines() if ":" in line)
mem_kb = int(sh("awk '/MemTotal/ {print $2}' /proc/meminfo") or 0)
provisional = sys.argv[2] == "true"
info = {
    "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
    "cpu": lscpu.get("Model name", "").strip(),
    "cores": f"{lscpu.get('CPU(s)', '').strip()} CPUs ({lscpu.get('Thread(s) per core', '').strip()} thread(s) per core), "
             f"L2 {lscpu.get('L2 cache', '').strip()}, L3 {lscpu.get('L3 cache', '').strip()}",
    "memory": f"{mem_kb / 2**20:.1f} GiB",
    "kernel": sh("uname -sr"),
    "os": sh(". /etc/os-release && echo $PRETTY_NAME"),
    "swift": sh("swift --version 2>&1 | head -1"),
    "icu": sh("dpkg-query -W -f='${Version}' libicu72") + " (libicu72)",
    "sqlite": sh("dpkg-query -W -f='${Version}' libsqlite3-0") + " (libsqlite3-0)",
    "commit": sh("git -C .. log -1 --format='%h %s'") + (" (uncommitted changes)" if sh("git -C .. status --porcelain -- ../Sources") else ""),
    "thumbindex": "temporary scan (the search index has not landed): numbers are provisional" if provisional
                  else "search index (Sources/ThumbIndex/Search)",
    "load": sh("cut -d' ' -f1-3 /proc/loadavg"),
    "provisional": provisional,
}
json.dump(info, open(sys.argv[1], "w"), indent=1)
PY

for corpus in $CORPORA_LIST; do
    slice=()
    [ -n "$LIMIT" ] && slice=(--limit "$LIMIT")
    common=(--corpus "$corpus" --corpora "$CORPORA" "${slice[@]}")
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

# Tables into RESULTS.md (between the GENERATED markers) and the plot; matplotlib in a local venv.
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
    .venv/bin/pip install -q -r requirements.txt
fi
markdown=RESULTS.md
[ "$RESULTS" != results ] && markdown="$RESULTS/RESULTS.md"
.venv/bin/python report.py --results "$RESULTS" --markdown "$markdown"
