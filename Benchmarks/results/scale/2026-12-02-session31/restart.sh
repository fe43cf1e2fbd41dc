#!/usr/bin/env bash
# restart.sh BIN LABEL: a 1.4M GeoNames store served, typed into on the dial pad, stopped
# gracefully (which saves it), started again: the first dial-pad query after each start, timed.
BIN=$1 LABEL=$2 D=${OUT:-/tmp/s31r}/$LABEL
rm -rf "$D"; mkdir -p "$D"
cp ${PRISTINE:-/tmp/s31/scratch/geonames-pristine.db} "$D/g.db"
q() { curl -s -o /dev/null -w "%{time_total}" "http://127.0.0.1:$1/api/listings/geonames/sections?q=$2&dialpad=1&limit=20"; }
start() {
  "$BIN" serve --store "$D/g.db" --port "$1" > "$D/log-$1.txt" 2>&1 &
  echo $! > "$D/pid"
  for i in $(seq 1 3000); do grep -q "serving" "$D/log-$1.txt" && break; sleep 0.1; done
}
start 47101
echo "$LABEL first start: first dial-pad query $(q 47101 5646) s, second $(q 47101 5647) s"
kill -INT "$(cat "$D/pid")"; wait
ls -la "$D"/g.db.index/ | tail -n +4 | awk '{print $5, $9}'
start 47102
grep -h "loaded\|serving" "$D/log-47102.txt" | cut -c1-220
echo "$LABEL restart: first dial-pad query $(q 47102 5646) s, second $(q 47102 5647) s, a plain one $(curl -s -o /dev/null -w '%{time_total}' 'http://127.0.0.1:47102/api/listings/geonames/sections?q=par&limit=20') s"
kill -INT "$(cat "$D/pid")"; wait
