#!/usr/bin/env bash
# dialpad_merges.sh BIN N: N rounds of the tiered phase at 1.4M with a merge every 5,000 edits
# (120 s at 200 writes/s: four to five merges), a plain listing and one typed into on the dial pad
# (TIERED_DIALPAD=1) alternating; each run's live-tiered.json copied to $OUT/$TAG-dm-KIND-ROUND.json
# (TAG: s29 unless set; session 30 ran it with TAG=s30 OUT=/tmp/s30).
here=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-/tmp/s29} TAG=${TAG:-s29}
for i in $(seq 1 "$2"); do
  for kind in plain dialpad; do
    flag=0; [ "$kind" = dialpad ] && flag=1
    OUT="$OUT" TIERED_DIALPAD=$flag TIERED_MERGE_AFTER=5000 TIERED_SECONDS=120 TIERED_IDLE_SECONDS=30 \
      "$here/run.sh" "$TAG-dm-$kind-$i" "$1" tiered
    cp "$OUT/out-$TAG-dm-$kind-$i/live-tiered.json" "$OUT/$TAG-dm-$kind-$i.json" 2>/dev/null
    echo "$(date +%T) done $TAG-dm-$kind-$i"
  done
done
