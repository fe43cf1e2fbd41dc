#!/usr/bin/env bash
# first_dialpad.sh BIN LABEL: a store served from scratch (its listing built at start), then the
# first dial-pad query timed, which makes the dial-pad index on a read worker; the server is then
# killed (no save). PRISTINE: the store (default the 1.4M GeoNames one); OUT: where runs go.
BIN=$1 LABEL=$2 D=${OUT:-/tmp/s32f}/$LABEL PORT=${PORT:-47301}
rm -rf "$D"; mkdir -p "$D"
cp ${PRISTINE:-/tmp/s31/scratch/geonames-pristine.db} "$D/g.db"
"$BIN" serve --store "$D/g.db" --port "$PORT" > "$D/log.txt" 2>&1 &
PID=$!
for i in $(seq 1 3000); do grep -q "serving" "$D/log.txt" && break; sleep 0.1; done
q() { curl -s -o /dev/null -w "%{time_total}" "http://127.0.0.1:$PORT/api/listings/geonames/sections?q=$1&dialpad=1&limit=20"; }
echo "$LABEL: first dial-pad query $(q 5646) s, second $(q 5647) s, peak RSS $(grep VmHWM /proc/$PID/status | awk '{print $2}') kB"
kill -9 $PID; wait 2>/dev/null
