#!/usr/bin/env bash
# Soak test: a server with a scratch store and a token, under a steady mix of keystroke reads and
# writes for N minutes (Tests/e2e/soak.py: per-minute p50/p99, errors and VmRSS; passes on no
# errors, a steady p99 and flat memory). Too long for CI: run it by hand.
#
#   Tests/e2e/soak.sh [--minutes 30] [soak.py options...]
#
# Builds the release binary, serves the bundled address book from a store in .build/soak/, and
# stops the server at the end (SIGTERM). Prints the server's log on failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=.build/soak
rm -rf "$work" && mkdir -p "$work"

echo "==> swift build -c release --product thumbindex"
swift build -c release --product thumbindex 2>&1 | grep -v '^\[[0-9]*/[0-9]*\]' || true
binary="$(swift build -c release --show-bin-path)/thumbindex"
[ -x "$binary" ] || { echo "soak: the release build failed" >&2; exit 1; }

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
head -c 24 /dev/urandom | base64 > "$work/token"
"$binary" serve --host 127.0.0.1 --port "$port" --store "$work/book.db" --token-file "$work/token" >"$work/server.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true' EXIT
url="http://127.0.0.1:$port/"
for _ in $(seq 1 300); do
  curl -sf -o /dev/null "${url}api/listings" && break
  kill -0 "$pid" 2>/dev/null || { echo "soak: the server exited:" >&2; cat "$work/server.log" >&2; exit 1; }
  sleep 0.2
done
cat "$work/server.log"

status=0
python3 Tests/e2e/soak.py "$url" "$pid" "$work/token" --json "$work/soak.json" "$@" || status=$?
[ "$status" = 0 ] || { echo "soak: server log:" >&2; tail -50 "$work/server.log" >&2; }
exit "$status"
