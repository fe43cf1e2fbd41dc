#!/usr/bin/env bash
# PostgreSQL 15 + pg_trgm against SQLite FTS5 and ThumbIndex, in one run (issue 9 §7): keystrokes
# on the 1.4M GeoNames names (the typing sessions of run.sh), writes and start-up, then report.py's
# tables in results/2026-11-23-postgres.md (summed up in RESULTS.md).
#
#   Benchmarks/postgres.sh                                # ~7 min on 2 cores
#   LIMIT=100000 RESULTS=/tmp/pg Benchmarks/postgres.sh   # a quick slice (report in /tmp/pg/RESULTS.md)
#
# It runs its own PostgreSQL server: installs what is missing through apt-get, makes a fresh
# cluster in $PG_SCRATCH (default /tmp/thumbindex-bench-postgres, removed and made again), listening
# only on a Unix socket in $PG_SCRATCH/socket (no TCP), as `postgres` when run as root (PostgreSQL
# refuses root), and stops it on exit. The SQLite file of the write and start-up figures lives there too.
# Needs the GeoNames corpus: `python3 Corpora/generate_large.py --skip-people` from the repository root.
set -euo pipefail
cd "$(dirname "$0")"

RESULTS=${RESULTS:-results/postgres}
CORPORA=${CORPORA:-../Corpora/large}
CORPUS=geonames
LIMIT=${LIMIT:-}
BUDGET=${BUDGET:-120}      # seconds of timed keystrokes per system (slow systems are sampled)
SINGLES=${SINGLES:-2000}   # single-row inserts, each its own transaction
BATCHES=${BATCHES:-50}     # batches of 1,000 rows, each one transaction
ROUNDS=${ROUNDS:-5}        # start-ups
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PG_SCRATCH=${PG_SCRATCH:-/tmp/thumbindex-bench-postgres}
PEERS="thumbindex thumbindex-stateless sqlite-fts5 postgres-trgm"
DURABLE="postgres-trgm sqlite-fts5"   # thumbindex-live joins when ThumbIndex's live server lands

root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi }
# PostgreSQL's tools as the cluster's owner: `postgres` under root, else this user.
pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi }

# What a fresh Debian 12 lacks: the server (pg_trgm is in postgresql-15; postgresql-contrib is
# Debian's name for it) and libpq's header for the Swift peer.
missing=()
[ -x "$PG_BIN/postgres" ] || missing+=(postgresql-15)
[ -f /usr/share/postgresql/15/extension/pg_trgm.control ] || missing+=(postgresql-contrib)
[ -f /usr/include/postgresql/libpq-fe.h ] || missing+=(libpq-dev)
if [ ${#missing[@]} -gt 0 ]; then
    root apt-get update
    root env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
fi
if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
    useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
fi

# A fresh cluster: UTF-8, the database's default collation ICU (the corpus locale) and C.UTF-8
# for character classes (pg_trgm lower-cases and splits words by it).
pg_stop() { pg "$PG_BIN/pg_ctl" -D "$PG_SCRATCH/data" -m fast -w stop >/dev/null 2>&1 || true; }
[ -f "$PG_SCRATCH/data/postmaster.pid" ] && pg_stop
rm -rf "$PG_SCRATCH"
mkdir -p "$PG_SCRATCH/socket"
[ "$(id -u)" = 0 ] && chown -R postgres: "$PG_SCRATCH"
pg "$PG_BIN/initdb" -D "$PG_SCRATCH/data" --encoding=UTF8 --locale=C.UTF-8 --locale-provider=icu --icu-locale=en \
    --auth=trust >"$PG_SCRATCH/initdb.log"
# Settings for a 24 GiB machine; durability at its defaults (fsync, synchronous_commit = on, full
# page writes). JIT off: it compiles each large scan again, tens of ms on every keystroke.
cat >>"$PG_SCRATCH/data/postgresql.conf" <<EOF

# Benchmarks/postgres.sh
listen_addresses = ''
unix_socket_directories = '$PG_SCRATCH/socket'
shared_buffers = 2GB
work_mem = 64MB
maintenance_work_mem = 1GB
effective_cache_size = 16GB
random_page_cost = 1.1
max_wal_size = 8GB
jit = off
fsync = on
synchronous_commit = on
EOF
trap pg_stop EXIT
pg "$PG_BIN/pg_ctl" -D "$PG_SCRATCH/data" -l "$PG_SCRATCH/server.log" -w start >/dev/null
pg "$PG_BIN/createdb" -h "$PG_SCRATCH/socket" thumbindex

. ./lib.sh
new_steps
build_peers_run
corpus_args "$CORPUS"
step "$CORPUS prepare" $run prepare "${common[@]}"
for system in $PEERS; do
    step "$CORPUS $system" $run keystrokes "${common[@]}" --postgres "$PG_SCRATCH" --system "$system" \
        --budget "$BUDGET" --min-samples 5 --out "$RESULTS/$CORPUS-$system.json"
done
for system in $DURABLE; do
    step "$CORPUS $system start-up" $run startup "${common[@]}" --postgres "$PG_SCRATCH" --system "$system" \
        --rounds "$ROUNDS" --out "$RESULTS/$CORPUS-startup-$system.json"
    step "$CORPUS $system writes" $run writes "${common[@]}" --postgres "$PG_SCRATCH" --system "$system" \
        --singles "$SINGLES" --batches "$BATCHES" --out "$RESULTS/$CORPUS-writes-$system.json"
done

# The tables of results/2026-11-23-postgres.md (between its GENERATED (report.py --postgres)
# markers; the rest of the file is left alone). MARKDOWN=FILE writes them into another file.
report_venv
markdown=$(report_markdown results/postgres results/2026-11-23-postgres.md)
.venv/bin/python report.py --results "$RESULTS" --markdown "$markdown" --postgres
