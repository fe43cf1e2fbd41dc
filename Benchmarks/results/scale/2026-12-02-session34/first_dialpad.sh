#!/usr/bin/env bash
# fd.sh BIN LABEL: a store served from scratch; after WAIT s (default 3) the first dial-pad query timed, with the server's CPU seconds for it.
BIN=$1 LABEL=$2 D=${OUT:-/tmp/s34f}/$LABEL PORT=${PORT:-47301}
rm -rf "$D"; mkdir -p "$D"
cp ${PRISTINE:-/tmp/s34/scratch/geonames-pristine.db} "$D/g.db"
"$BIN" serve --store "$D/g.db" --port "$PORT" > "$D/log.txt" 2>&1 &
PID=$!
for i in $(seq 1 30000); do grep -q "serving" "$D/log.txt" && break; sleep 0.1; done
sleep ${WAIT:-3}
for i in $(seq 1 600); do grep -q "saved '" "$D/log.txt" && break; sleep 0.5; done
q() { curl -s -o /dev/null -w "%{time_total}" "http://127.0.0.1:$PORT/api/listings/geonames/sections?q=$1&dialpad=1&limit=20"; }
a=$(awk '{print $14+$15}' /proc/$PID/stat)
t=$(q 5646)
b=$(awk '{print $14+$15}' /proc/$PID/stat)
echo "$LABEL: first dial-pad query $t s, server CPU $(( (b-a) ))0 ms, second $(q 5647) s, peak RSS $(grep VmHWM /proc/$PID/status | awk '{print $2}') kB"
kill -9 $PID; wait 2>/dev/null
