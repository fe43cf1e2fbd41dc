#!/usr/bin/env bash
# pairs.sh TAG N SPEC...: N rounds of the tiered phase (30 s idle typing, then 60 s at 200 writes/s),
# one run of each SPEC per round, alternating; SPEC = label:binary:server flags (comma-separated):
# ENV=V (comma-separated). Each run's live-tiered.json is copied to $OUT/TAG-label-round.json.
#   pairs.sh s29 6 c64:BIN:: c16:BIN:--compact-after,16:
here=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-/tmp/s29}
tag=$1 n=$2; shift 2
for i in $(seq 1 "$n"); do
  for spec in "$@"; do
    IFS=: read -r label bin flags envs <<< "$spec"
    env ${envs//,/ } OUT="$OUT" TIERED_SECONDS=60 TIERED_IDLE_SECONDS=30 TIERED_SERVER_FLAGS="${flags//,/ }" "$here/run.sh" "$tag-$label-$i" "$bin" tiered
    cp "$OUT/out-$tag-$label-$i/live-tiered.json" "$OUT/$tag-$label-$i.json" 2>/dev/null
    echo "$(date +%T) done $tag-$label-$i"
  done
done
