#!/usr/bin/env bash
# Load test of a running `thumbindex serve` with wrk: 64 connections for 10 s on one typical
# query (the second keystroke of a search: the first page of 100 rows, as the page asks for it).
#
#   Tests/e2e/load.sh BASE_URL [PATH]
#     BASE_URL  e.g. http://127.0.0.1:8080
#     PATH      default /api/listings/contacts/sections?q=an&offset=0&limit=100
#   Environment: LOAD_CONNECTIONS (64), LOAD_DURATION (10s), LOAD_THREADS (2).
#
# Prints requests/s and latency percentiles (wrk --latency), and fails on any socket error
# (connect, read, write, timeout) or any answer that is not 2xx.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
base="${1:?usage: load.sh BASE_URL [PATH]}"
path="${2:-/api/listings/contacts/sections?q=an&offset=0&limit=100}"
connections="${LOAD_CONNECTIONS:-64}"
duration="${LOAD_DURATION:-10s}"
threads="${LOAD_THREADS:-2}"

command -v wrk >/dev/null || { echo "load.sh: wrk is not installed (apt-get install wrk)" >&2; exit 1; }
# The path must answer 200 before it is worth loading.
status=$(curl -s -o /dev/null -w '%{http_code}' "${base%/}$path")
[ "$status" = 200 ] || { echo "load.sh: GET $path answered $status, not 200" >&2; exit 1; }

echo "wrk: $connections connections, $threads threads, $duration: GET $path"
output=$(LOAD_PATH="$path" wrk --latency -t "$threads" -c "$connections" -d "$duration" --timeout 5s \
  -s "$here/load.lua" "${base%/}$path")
echo "$output"

summary=$(grep '^LOAD ' <<<"$output") || { echo "load.sh: no summary from wrk" >&2; exit 1; }
value() { sed -n "s/.* $1=\([0-9.]*\).*/\1/p" <<<"$summary"; }
failures=0
for counter in non2xx connect read write timeout; do
  n=$(value "$counter")
  if [ "$n" != 0 ]; then echo "load.sh: FAIL: $counter = $n" >&2; failures=1; fi
done
[ "$(value requests)" -gt 0 ] || { echo "load.sh: FAIL: no requests completed" >&2; failures=1; }
echo "load: $(value rps) requests/s, p50 $(value p50_ms) ms, p99 $(value p99_ms) ms, max $(value max_ms) ms ($(value requests) requests, no errors: $([ $failures = 0 ] && echo yes || echo no))"
exit $failures
