#!/usr/bin/env bash
# build_pairs.sh CORPUS RUNS BIN...: `thumbindex bench --dialpad --json` on CORPUS with each binary
# in turn, RUNS rounds, one process at a time; prints per run the corpus read (read_seconds, or,
# for a binary that does not report it, the process's wall time less the build, the dial-pad
# build and the keystrokes, less the same remainder of the last binary that does), the build, the
# first dial-pad query's build (where the binary reports it) and the peak RSS. List first a binary
# that reports the read. Each run's JSON is kept in $OUT (default /tmp/m35).
CORPUS=$1 RUNS=$2; shift 2
OUT=${OUT:-/tmp/m35}; mkdir -p "$OUT"
printf '5646\n2665\n7378\n' > "$OUT/dialpad-queries.txt"
rest=0
for i in $(seq 1 "$RUNS"); do
  for bin in "$@"; do
    name=$(basename "$bin")-$(basename "$CORPUS")-$i
    /usr/bin/time -f "%e" -o "$OUT/$name.time" "$bin" bench --corpus "$CORPUS" --queries "$OUT/dialpad-queries.txt" --dialpad --json > "$OUT/$name.json"
    rest=$(python3 - "$OUT/$name.json" "$OUT/$name.time" "$rest" "$name" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); wall = float(open(sys.argv[2]).read().split()[0]); rest = float(sys.argv[3])
dialpad = d.get('dialpad_build_seconds')
other = wall - d['build_seconds'] - (dialpad or 0) - sum(k['ms'] for k in d['keystrokes']) / 1000
read = d.get('read_seconds')
if read is not None: rest = other - read
shown = f"{read:.2f}" if read is not None else f"~{other - rest:.2f}"
print(f"{sys.argv[4]}: read {shown} s, build {d['build_seconds']:.2f} s, first dial-pad query {f'{dialpad:.2f} s' if dialpad is not None else 'not reported'}, peak {d['peak_rss_mb']:.0f} MB, index {d['index_bytes']} B", file=sys.stderr)
print(rest)
PY
)
  done
done
