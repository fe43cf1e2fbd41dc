# Shared by run.sh, postgres.sh, phonetic.sh and people.sh (sourced from Benchmarks/, with RESULTS,
# CORPORA and LIMIT set): timed steps, the build, the machine, the corpus options and the report.
#
#   new_steps                   makes $RESULTS and empties its steps.tsv (before the first step)
#   step NAME COMMAND...        runs COMMAND and appends "NAME<tab>seconds" to $RESULTS/steps.tsv
#   pstep NAME COMMAND...       the same, with the load average before it as a third field
#   build_peers_run [STEP]      builds $run (peers-run, release) as the step "build" (STEP: step or
#                               pstep, default step), then writes $RESULTS/machine.json
#   machine_json FILE           the machine, versions and commit as JSON (the reports' "Machine and run")
#   corpus_args CORPUS          sets the array $common: peers-run's --corpus, --corpora and --limit
#   report_markdown RESULTS FILE   prints where a report goes: $MARKDOWN if set, else FILE when
#                               $RESULTS is the default RESULTS, else $RESULTS/RESULTS.md
#   report_venv                 makes .venv with requirements.txt (report.py's matplotlib) if missing

run=.build/release/peers-run

new_steps() {
    mkdir -p "$RESULTS"
    : > "$RESULTS/steps.tsv"
}

step() {
    local name=$1 start end
    shift
    start=$(date +%s.%N)
    "$@"
    end=$(date +%s.%N)
    awk -v n="$name" -v s="$start" -v e="$end" 'BEGIN { printf "%s\t%.1f\n", n, e - s }' >> "$RESULTS/steps.tsv"
}

pstep() {
    local load
    load=$(cut -d' ' -f1 /proc/loadavg)
    step "$@"
    sed -i '$ s/$/\t'"$load"'/' "$RESULTS/steps.tsv"
}

build_peers_run() {
    "${1:-step}" build swift build -c release --product peers-run
    machine_json "$RESULTS/machine.json"
}

machine_json() {
    # Whether ThumbIndex's search index has landed (else its numbers are provisional).
    local provisional=true
    if ls ../Sources/ThumbIndex/Search/*.swift >/dev/null 2>&1 && grep -rqs "SearchIndex" ../Sources/ThumbIndex/Search/; then
        provisional=false
    fi
    python3 - "$1" "$provisional" <<'PY'
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
    "postgres": sh("dpkg-query -W -f='${Version}' postgresql-15 2>/dev/null") + " (postgresql-15)",
    "commit": sh("git -C .. log -1 --format='%h %s'") + (" (uncommitted changes)" if sh("git -C .. status --porcelain -- ../Sources") else ""),
    "thumbindex": "temporary scan (the search index has not landed): numbers are provisional" if provisional
                  else "search index (Sources/ThumbIndex/Search)",
    "load": sh("cut -d' ' -f1-3 /proc/loadavg"),
    "provisional": provisional,
}
json.dump(info, open(sys.argv[1], "w"), indent=1)
PY
}

corpus_args() {
    common=(--corpus "$1" --corpora "$CORPORA")
    if [ -n "$LIMIT" ]; then common+=(--limit "$LIMIT"); fi
}

report_markdown() {
    local markdown=$2
    if [ "$RESULTS" != "$1" ]; then markdown="$RESULTS/RESULTS.md"; fi
    echo "${MARKDOWN:-$markdown}"
}

report_venv() {
    if [ ! -x .venv/bin/python ]; then
        python3 -m venv .venv
        .venv/bin/pip install -q -r requirements.txt
    fi
}
