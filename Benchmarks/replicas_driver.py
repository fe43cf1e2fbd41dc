#!/usr/bin/env python3
"""Replicas over one PostgreSQL, on the 1.4M GeoNames corpus: the figures of issue 18 §6.

Three release `thumbindex serve --store postgres://…` replicas (A, B, C, each with its own
--index-dir) over one throw-away PostgreSQL 15 (Tests/e2e/postgres.py, with fsync on: a commit is
on disk, as SQLite's synchronous=FULL is), and a SQLite server for comparison. Phases, in order:

  setup      `thumbindex import` of the corpus into PostgreSQL; A starts and builds (a rebuild from
             PostgreSQL, timed); B and C start from a copy of A's saved index;
  lag        writes through A (single inserts) at 10 and at 200 writes/s for 20 s each, while a
             watcher polls B's /healthz every millisecond or so: per write, the time from A's 2xx
             to the moment B has applied its ThumbIndex-Version (median, p99);
  writes     500 single inserts one at a time through A (PostgreSQL), and through a SQLite server on
             the same corpus: median and p99;
  keystrokes typing sessions (1-6 characters) on B idle, then while A takes 200 writes/s;
  catch-up   B stopped (SIGSTOP) while 10,000 and then 100,000 edits (POST batches of 100 new
             items) go through A; resumed (SIGCONT): the time until it has applied them all,
             against a rebuild (a fresh replica with an empty --index-dir);
  restart    B stopped gracefully (its index saved), restarted with --merge-after 100000000; 10,000
             single edits through A that B applies; B killed (SIGKILL) and started again: the time
             until it answers (it replays the 10,000 edits), against a rebuild.

Usage:
  replicas_driver.py --binary PATH --corpus NAMES --queries QUERIES --out DIR --scratch DIR [--phases lag writes ...]
Writes OUT/replicas.json. Python 3 stdlib only; needs PostgreSQL 15 (apt-get install postgresql).
"""
import argparse
import http.client
import os
import random
import shutil
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "e2e"))
sys.path.insert(0, HERE)
import live_driver  # noqa: E402  (sessions, type_sessions, summary_ms, sections_path, write_json)
from postgres import Postgres  # noqa: E402
from replica import Http, Replica, version_of  # noqa: E402

LISTING = live_driver.LISTING


class Bench:
    def __init__(self, args):
        self.args = args
        self.scratch = os.path.abspath(args.scratch)
        os.makedirs(self.scratch, exist_ok=True)
        os.makedirs(args.out, exist_ok=True)
        self.token_file = os.path.join(self.scratch, "token")
        with open(self.token_file, "w") as f:
            f.write("replicas-benchmark-token-0123456789\n")
        with open(args.corpus, encoding="utf-8") as f:
            names = [line.strip() for line in f if line.strip()]
        self.sample = random.Random(3).sample(names, 5000)
        self.result = {}

    def replica(self, name, store, extra=()):
        index = os.path.join(self.scratch, f"index-{name}")
        return Replica(self.args.binary, name, store, index, self.token_file,
                       os.path.join(self.scratch, f"{name}.log"), extra=("--merge-after", "100000000", *extra))

    def insert(self, http, text):
        status, headers, body = http.request("POST", f"/api/listings/{LISTING}/items", {"items": [{"text": text}]}, auth=True)
        if status != 201:
            raise SystemExit(f"replicas: a write answered {status}: {body[:200]!r}")
        return version_of(headers, "a write")


def applied(replica):
    """The version `replica` has applied (its /healthz). A kept-alive connection the server closed
    while idle (its --idle-timeout, or while it was stopped) is opened again once."""
    try:
        _, headers, _ = replica.http.request("GET", "/healthz")
    except (OSError, http.client.HTTPException):
        _, headers, _ = replica.http.request("GET", "/healthz")
    return version_of(headers, "healthz")


def timed(what, body):
    started = time.monotonic()
    value = body()
    seconds = time.monotonic() - started
    print(f"  {what}: {seconds:.2f} s", flush=True)
    return value, seconds


def phase_setup(bench, pg):
    print("==> setup: import into PostgreSQL, replica A builds, B and C load A's saved index", flush=True)
    _, bench.result["import_seconds"] = timed("import", lambda: subprocess.run(
        [bench.args.binary, "import", "--store", pg.url, "--locale", "en", f"{LISTING}={bench.args.corpus}"],
        check=True, stdout=subprocess.DEVNULL))
    a = bench.replica("a", pg.url)
    bench.result["rebuild_from_postgres_seconds"] = round(a.start(wait=False).wait_ready(timeout=600), 2)
    print(f"  A built in {bench.result['rebuild_from_postgres_seconds']} s", flush=True)
    b, c = bench.replica("b", pg.url), bench.replica("c", pg.url)
    for r in (b, c):
        shutil.rmtree(r.index_dir, ignore_errors=True)
        shutil.copytree(a.index_dir, r.index_dir)
        r.start(timeout=600)
    return a, b, c


def phase_lag(bench, a, b):
    print("==> lag: writes through A at 10 and 200 per second, visibility on B", flush=True)
    out = {}
    for rate in (10, 200):
        seen = []  # (time, applied version) on B
        stop = threading.Event()

        def watch():
            http = Http(b.port)
            while not stop.is_set():
                status, headers, _ = http.request("GET", "/healthz")
                seen.append((time.monotonic(), int(headers.get("thumbindex-version", "0"))))

        acks = []  # (time of the 2xx, version)
        lock = threading.Lock()
        threads = 8 if rate > 50 else 1
        seconds = 20

        def write(k):
            http = Http(a.port, a.token)
            rng = random.Random(k)
            began = time.monotonic()
            n = 0
            while True:
                due = began + n * threads / rate
                if due - began > seconds:
                    return
                time.sleep(max(0, due - time.monotonic()))
                version = bench.insert(http, f"{rng.choice(bench.sample)} lag {rate} {k} {n}")
                with lock:
                    acks.append((time.monotonic(), version))
                n += 1

        watcher = threading.Thread(target=watch)
        watcher.start()
        writers = [threading.Thread(target=write, args=(k,)) for k in range(threads)]
        for t in writers:
            t.start()
        for t in writers:
            t.join()
        time.sleep(2)
        stop.set()
        watcher.join()
        lags = []
        i = 0
        for acked, version in sorted(acks, key=lambda x: x[1]):
            while i < len(seen) and seen[i][1] < version:
                i += 1
            if i == len(seen):
                raise SystemExit(f"replicas: B never applied version {version}")
            lags.append(max(0.0, seen[i][0] - acked))
        out[f"{rate}_per_second"] = {"writes": len(acks), "achieved_rate": round(len(acks) / seconds, 1),
                                     "healthz_polls_on_b": len(seen), **live_driver.summary_ms(lags)}
        print(f"  {rate}/s: {out[f'{rate}_per_second']}", flush=True)
    bench.result["replication_lag"] = out


def timed_inserts(bench, replica, tag, count=500):
    """`count` single inserts through `replica`, one at a time: their latencies' summary."""
    http = Http(replica.port, replica.token)
    times = []
    for n in range(count):
        started = time.perf_counter()
        bench.insert(http, f"{bench.sample[n]} {tag} {n}")
        times.append(time.perf_counter() - started)
    return live_driver.summary_ms(times)


def phase_writes(bench, a):
    print("==> writes: 500 single inserts through PostgreSQL and through SQLite", flush=True)
    out = {"postgres": timed_inserts(bench, a, "pg")}
    db = os.path.join(bench.scratch, "geonames.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    shutil.rmtree(db + ".index", ignore_errors=True)
    subprocess.run([bench.args.binary, "import", "--store", db, "--locale", "en", f"{LISTING}={bench.args.corpus}"],
                   check=True, stdout=subprocess.DEVNULL)
    lite = Replica(bench.args.binary, "sqlite", db, db + ".index", bench.token_file, os.path.join(bench.scratch, "sqlite.log"))
    lite.start(timeout=600)
    out["sqlite"] = timed_inserts(bench, lite, "lite")
    lite.stop()
    out["ratio_median"] = round(out["postgres"]["median_ms"] / out["sqlite"]["median_ms"], 2)
    print(f"  {out}", flush=True)
    bench.result["write_latency"] = out


class Stream:
    """Writes through a replica at `rate` per second, on 8 threads, until stopped."""

    def __init__(self, bench, replica, rate):
        self.stop = threading.Event()
        self.count = 0
        self.threads = [threading.Thread(target=self.run, args=(bench, replica, rate, k)) for k in range(8)]
        for t in self.threads:
            t.start()

    def run(self, bench, replica, rate, k):
        http = Http(replica.port, replica.token)
        began, n = time.monotonic(), 0
        while not self.stop.is_set():
            time.sleep(max(0, began + n * 8 / rate - time.monotonic()))
            bench.insert(http, f"{bench.sample[(k * 997 + n) % len(bench.sample)]} stream {k} {n}")
            n += 1
            self.count += 1

    def end(self):
        self.stop.set()
        for t in self.threads:
            t.join()


def phase_keystrokes(bench, a, b):
    print("==> keystrokes on B: idle, then while A takes 200 writes/s", flush=True)
    keystrokes = live_driver.sessions(bench.args.queries)
    http = live_driver.Http(b.port)
    idle = live_driver.type_sessions(http, keystrokes)
    stream = Stream(bench, a, 200)
    started = time.monotonic()
    busy = live_driver.type_sessions(http, keystrokes)
    stream.end()
    rate = stream.count / (time.monotonic() - started)
    out = {"idle": idle, "while_applying": busy, "write_rate": round(rate, 1),
           "ratio_median": round(busy["all"]["median_ms"] / idle["all"]["median_ms"], 2),
           "ratio_p99": round(busy["all"]["p99_ms"] / idle["all"]["p99_ms"], 2)}
    print(f"  idle {idle['all']}, applying {busy['all']} at {rate:.0f} writes/s", flush=True)
    bench.result["keystrokes"] = out


def edits_in_batches(bench, a, count, tag):
    """`count` new items through A in POSTs of 100; returns the last version."""
    http = Http(a.port, a.token)
    version = 0
    for start in range(0, count, 100):
        items = [{"text": f"{bench.sample[(start + i) % len(bench.sample)]} {tag} {start + i}"} for i in range(100)]
        status, headers, body = http.request("POST", f"/api/listings/{LISTING}/items", {"items": items}, auth=True)
        if status != 201:
            raise SystemExit(f"replicas: a batch answered {status}: {body[:200]!r}")
        version = version_of(headers, "a batch")
    return version


def wait_applied(replica, version, timeout=900):
    deadline = time.monotonic() + timeout
    while applied(replica) < version:
        if time.monotonic() > deadline:
            raise SystemExit(f"replicas: {replica.name} did not apply version {version} in {timeout} s")
        time.sleep(0.01)


def phase_catch_up(bench, pg, a, b):
    print("==> catch-up: B stopped while 10,000 and 100,000 edits go through A", flush=True)
    out = {}
    for count in (10_000, 100_000):
        b.pause()
        last = edits_in_batches(bench, a, count, f"missed{count}")
        b.resume()
        began = time.monotonic()
        wait_applied(b, last)
        out[f"{count}_edits_seconds"] = round(time.monotonic() - began, 2)
        print(f"  {count}: {out[f'{count}_edits_seconds']} s", flush=True)
    d = bench.replica("d", pg.url)
    shutil.rmtree(d.index_dir, ignore_errors=True)
    out["rebuild_seconds"] = round(d.start(wait=False).wait_ready(timeout=900), 2)
    d.stop()
    print(f"  rebuild (a fresh replica): {out['rebuild_seconds']} s", flush=True)
    bench.result["catch_up"] = out


def phase_restart(bench, a, b):
    print("==> restart: SIGKILL with 10,000 edits since the save, on PostgreSQL", flush=True)
    b.stop()           # saves its index at the version it has applied
    b.start(timeout=900)
    http = Http(a.port, a.token)
    last = 0
    for n in range(10_000):
        last = bench.insert(http, f"{bench.sample[n % len(bench.sample)]} restart {n}")
    wait_applied(b, last)
    b.kill()
    seconds = b.start(wait=False).wait_ready(timeout=900)
    outcomes, rebuilt = b.start_outcomes()
    out = {"replay_start_seconds": round(seconds, 2), "outcomes": {k: list(v) for k, v in outcomes.items()},
           "rebuilt_lines": rebuilt}
    rebuild = bench.result.get("catch_up", {}).get("rebuild_seconds") or bench.result["rebuild_from_postgres_seconds"]
    out["speedup_vs_rebuild"] = round(rebuild / seconds, 1)
    print(f"  {out}", flush=True)
    if rebuilt or outcomes.get(LISTING, ("",))[0] != "replayed":
        raise SystemExit(f"replicas: B did not replay after SIGKILL: {outcomes} {rebuilt}")
    bench.result["restart_after_sigkill"] = out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for name in ("--binary", "--corpus", "--queries", "--out", "--scratch"):
        parser.add_argument(name, required=True)
    parser.add_argument("--phases", nargs="*", default=["lag", "writes", "keystrokes", "catch-up", "restart"],
                        help="which phases after setup (default: all)")
    args = parser.parse_args()
    bench = Bench(args)
    settings = {"fsync": "on", "full_page_writes": "on", "shared_buffers": "512MB"}
    with Postgres(log_copy=os.path.join(bench.scratch, "postgres.log"), settings=settings) as pg:
        a, b, c = phase_setup(bench, pg)
        phases = {"lag": lambda: phase_lag(bench, a, b), "writes": lambda: phase_writes(bench, a),
                  "keystrokes": lambda: phase_keystrokes(bench, a, b), "catch-up": lambda: phase_catch_up(bench, pg, a, b),
                  "restart": lambda: phase_restart(bench, a, b)}
        try:
            for name in args.phases:
                phases[name]()
        finally:
            for r in (a, b, c):
                r.kill()
    live_driver.write_json(os.path.join(args.out, "replicas.json" if len(args.phases) == 5 else "replicas-" + "-".join(args.phases) + ".json"), bench.result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
