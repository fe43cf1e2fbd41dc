# Shared by run.sh and postgres.sh (sourced from Benchmarks/): timed steps and the machine.
#
#   step NAME COMMAND...   runs COMMAND and appends "NAME<tab>seconds" to $RESULTS/steps.tsv
#   machine_json FILE      the machine, versions and commit as JSON (report.py's "Machine and run")

step() {
    local name=$1 start end
    shift
    start=$(date +%s.%N)
    "$@"
    end=$(date +%s.%N)
    awk -v n="$name" -v s="$start" -v e="$end" 'BEGIN { printf "%s\t%.1f\n", n, e - s }' >> "$RESULTS/steps.tsv"
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
