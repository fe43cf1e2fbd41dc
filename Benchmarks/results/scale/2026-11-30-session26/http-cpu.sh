#!/usr/bin/env bash
# http-cpu.sh BIN PORT SECONDS: server CPU ms per request for GET keystrokes on a 3-item listing (wrk -t1 -c4)
bin=$1; port=$2; secs=${3:-15}
$bin serve /tmp/s26/tiny.txt --port $port > /tmp/s26/http-cpu-$port.log 2>&1 &
pid=$!
sleep 2
wrk -t1 -c4 -d2s "http://127.0.0.1:$port/api/listings/tiny/sections?q=zu" > /dev/null
t0=$(awk '{print $14+$15}' /proc/$pid/stat)
out=$(wrk -t1 -c${CONNS:-4} -d${secs}s "http://127.0.0.1:$port/api/listings/tiny/sections?q=zu")
t1=$(awk '{print $14+$15}' /proc/$pid/stat)
reqs=$(echo "$out" | awk '/requests in/ {print $1}')
kill $pid; wait $pid 2>/dev/null
python3 -c "print('$(basename $bin)', $reqs, 'requests', round(($t1-$t0)*10/$reqs*1000,2), 'us server CPU/request')"
