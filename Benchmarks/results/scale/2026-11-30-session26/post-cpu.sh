#!/usr/bin/env bash
# post-cpu.sh BIN PORT KIND SECONDS: server CPU per POST (KIND refused: a body refused before the store; insert: one item) on one connection
bin=$1; port=$2; kind=$3; secs=${4:-10}
dir=/tmp/s26/post-$port; rm -rf $dir; mkdir -p $dir
head -c 24 /dev/urandom | base64 > $dir/token
$bin serve /tmp/s26/tiny.txt --store $dir/store.db --token-file $dir/token --port $port > $dir/serve.log 2>&1 &
pid=$!
sleep 3
if [ $kind = refused ]; then body='{"items":"none"}'; else body='{"items":[{"text":"Loadwrite"}]}'; fi
cat > $dir/post.lua <<LUA
wrk.method = "POST"
wrk.body = '$body'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $(cat $dir/token)"
LUA
wrk -t1 -c1 -d2s -s $dir/post.lua "http://127.0.0.1:$port/api/listings/tiny/items" > /dev/null
t0=$(awk '{print $14+$15}' /proc/$pid/stat)
out=$(wrk -t1 -c1 -d${secs}s -s $dir/post.lua "http://127.0.0.1:$port/api/listings/tiny/items")
t1=$(awk '{print $14+$15}' /proc/$pid/stat)
reqs=$(echo "$out" | awk '/requests in/ {print $1}')
non2xx=$(echo "$out" | awk '/Non-2xx/ {print $NF}')
kill $pid; wait $pid 2>/dev/null
python3 -c "print('$(basename $bin)', '$kind', $reqs, 'requests', 'non-2xx ${non2xx:-0}', round(($t1-$t0)*10/$reqs*1000,2), 'us server CPU/request')"
