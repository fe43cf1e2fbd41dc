#!/usr/bin/env python3
"""Live listings benchmarks: writes, visibility, keystrokes under edits, reads under load, merge memory.

Drives the release `thumbindex serve --store` over HTTP on loopback, on the 1.4M GeoNames corpus,
and writes the raw numbers to OUT/live-*.json (Benchmarks/live.sh runs it; see RESULTS.md):

  import      first start: `serve --store geo.db geonames=FILE` imports the corpus into the store
              (timed until the server answers); the store is then kept as a pristine copy and every
              phase below starts its own server on a fresh copy of it (a restart: it loads the store);
  writes      2,000 single inserts one at a time, then 50 batches of 1,000 items (default
              maintenance: compactions and merges run as they fall due); after every 2xx the very
              next request (a sections query for the new text) must show the write;
  keystrokes  typing sessions (GeoNames queries typed one character at a time, 1-6 characters,
              sections answers with limit 50) with no edits, then again after 10,000 edits
              (POST/PATCH/DELETE, one per request) with --merge-after 100000000 so no merge folds them;
  load        a separate process (`live_driver.py writer`) writes 200 times a second alone (the idle
              write latency), then wrk, 64 connections (Tests/e2e/load.lua), on a sections query,
              read-only, then while the writer writes; once with the reads on one low-priority
              worker per core (the default) and once on 4096 (--max-concurrent-reads 4096: every
              read at once, as before the workers), each on its own server;
  merge       VmRSS/VmHWM of the server every 50 ms, idle and then while 5,000 edits trigger a
              merge (--merge-after 5000);
  merges      VmRSS idle and after each of ten merges of 5,000 edits, and keystrokes typed idle and
              all through the merges on a second connection (not in the default phases);
  tiered      200 writes/s (TIERED_RATE) for 120 s (TIERED_SECONDS) with the default policy
              (TIERED_MERGE_AFTER: --merge-after, TIERED_COMPACT_AFTER: --compact-after;
              TIERED_WRITER_KIND=refused: requests refused before the store, TIERED_WRITER_NICE)
              (runs merged by size, issue 20 §3; TIERED_SERVER_FLAGS: more server flags):
              VmRSS every 50 ms against idle, by 10-second window, at its peak and after each
              merge into a new base (its last over its first: §3's "after ten merges"), and keystrokes
              typed idle and all through on a second connection, those through the writes also
              split by whether a write was in flight beside them (not in the default phases);
  writecpu    the server's CPU seconds per write at 200 writes/s with nothing else running
              (WRITECPU_SECONDS, 30), then per request of the same kind refused before the store
              (not in the default phases);
  restart     a first start builds and saves the index; 10,000 edits; SIGKILL; the next start
              replays the change log onto the saved index (timed until it answers, and its answers
              compared with those before the kill); it stops gracefully (saving), and a graceful
              restart maps the current saved index; against a start of the same store without
              its index folder (a rebuild).

Usage:
  live_driver.py run --binary PATH --corpus NAMES --queries QUERIES --out DIR --scratch DIR [--phases ...]
  live_driver.py writer --port P --token T --rate 200 --seconds S --out FILE
Python 3 stdlib only (wrk for the load phase).
"""
import argparse
import bisect
import datetime
import http.client
import itertools
import json
import os
import random
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse

LISTING = "geonames"
HERE = os.path.dirname(os.path.abspath(__file__))
LOAD_LUA = os.path.join(HERE, "..", "Tests", "e2e", "load.lua")


# MARK: Plumbing

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Http:
    """A keep-alive connection; request() returns (status, body, seconds)."""

    def __init__(self, port, token=None):
        self.port, self.token, self.connection = port, token, None

    def request(self, method, path, body=None, auth=False):
        if self.connection is None:
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=300)
        headers = {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if auth:
            headers["Authorization"] = f"Bearer {self.token}"
        started = time.perf_counter()
        try:
            self.connection.request(method, path, body=data, headers=headers)
            response = self.connection.getresponse()
            payload = response.read()
        except BaseException:
            self.connection.close()
            self.connection = None
            raise
        return response.status, payload, time.perf_counter() - started

    def expect(self, status, method, path, body=None, auth=False):
        got, payload, seconds = self.request(method, path, body, auth)
        if got != status:
            raise SystemExit(f"live: {method} {path} answered {got}, expected {status}: {payload[:300]!r}")
        return payload, seconds


class Server:
    # Every server started (main stops those still running when a phase fails).
    started = []

    def __init__(self, binary, db, token_file, log_path, extra=()):
        self.port = free_port()
        self.log_path = log_path
        if os.path.exists(log_path):
            os.remove(log_path)  # one run per log
        args = [binary, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--store", db,
                "--token-file", token_file, *extra]
        self.log = open(log_path, "wb")
        self.log.write(("$ " + " ".join(args) + "\n").encode())
        self.log.flush()
        started = time.monotonic()
        self.process = subprocess.Popen(args, stdout=self.log, stderr=subprocess.STDOUT)
        Server.started.append(self)
        probe = Http(self.port)
        while True:
            if self.process.poll() is not None:
                raise SystemExit(f"live: the server exited ({self.process.returncode}); see {log_path}")
            try:
                if probe.request("GET", "/api/listings")[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.001)  # 1 ms: a start from a mapped index takes ~0.1 s
        self.ready_seconds = time.monotonic() - started

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=600)  # a graceful stop saves: a minute at 10M
        self.log.close()

    def log_text(self):
        with open(self.log_path, errors="replace") as f:
            return f.read()


def percentile(values, p):
    ordered = sorted(values)
    if not ordered:
        return None
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def summary_ms(seconds):
    ms = [s * 1000 for s in seconds]
    return {"n": len(ms), "median_ms": round(statistics.median(ms), 3), "p99_ms": round(percentile(ms, 99), 3),
            "max_ms": round(max(ms), 3), "mean_ms": round(statistics.fmean(ms), 3)}


def sections_path(q, limit=50):
    return f"/api/listings/{LISTING}/sections?q={urllib.parse.quote(q)}&offset=0&limit={limit}"


def ids_in(payload):
    answer = json.loads(payload)
    return answer["total"], {item["id"] for s in answer["sections"] for item in s["items"]}


def write_json(path, value):
    with open(path, "w") as f:
        json.dump(value, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print(f"  → {path}", flush=True)


# MARK: Phases

def sessions(queries_file, longest=6):
    """The typing sessions: each query typed one character at a time, up to `longest` characters."""
    keystrokes = []
    with open(queries_file, encoding="utf-8") as f:
        for line in f:
            query = line.strip()
            for n in range(1, min(len(query), longest) + 1):
                keystrokes.append(query[:n])
    return keystrokes


def type_sessions(http_, keystrokes, passes=2):
    """Per keystroke length, the latencies of the last pass (the first ones warm up)."""
    by_length = {}
    for p in range(passes):
        timings = {}
        for q in keystrokes:
            _, seconds = http_.expect(200, "GET", sections_path(q))
            timings.setdefault(len(q), []).append(seconds)
        by_length = timings
    everything = [s for values in by_length.values() for s in values]
    return {"all": summary_ms(everything), **{f"{n} chars": summary_ms(v) for n, v in sorted(by_length.items())}}


class Typing:
    """Types `keystrokes` over and over on `http_`, on a thread of its own, until `stop()`, which
    returns every keystroke's latency (seconds); `by_length()` then summarizes them per typed length."""

    def __init__(self, http_, keystrokes):
        self.latencies, self.lengths, self.started, self.stopping = [], [], [], threading.Event()

        def run():
            while not self.stopping.is_set():
                for q in keystrokes:
                    if self.stopping.is_set():
                        break
                    self.started.append(time.time())
                    self.latencies.append(http_.expect(200, "GET", sections_path(q))[1])
                    self.lengths.append(len(q))

        # A daemon: a phase that fails does not leave it typing (and the driver running) for ever.
        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()

    def stop(self):
        self.stopping.set()
        self.thread.join()
        return self.latencies

    def slowest(self, since, count=10):
        """The `count` slowest keystrokes: seconds after `since` (a `time.time()`), milliseconds, typed length."""
        ranked = sorted(zip(self.latencies, self.started, self.lengths), reverse=True)[:count]
        return [[round(t - since, 2), round(s * 1000, 1), n] for s, t, n in ranked]

    def by_length(self):
        lengths = {}
        for n, seconds in zip(self.lengths, self.latencies):
            lengths.setdefault(n, []).append(seconds)
        return {f"{n} chars": summary_ms(v) for n, v in sorted(lengths.items())}


def keystrokes_beside_writes(typing, writes_started, writer_out):
    """The keystrokes typed through the writes, split by whether a write was in flight (sent, not yet
    answered, as the writer saw it) at any moment of the keystroke: the CPU the two share, apart
    from what the writes leave behind (the delta)."""
    with open(writer_out) as f:
        writer = json.load(f)
    offset = writer["started_unix"] - writes_started
    flights = sorted((t + offset, t + offset + ms / 1000) for t, ms in writer["each_s_ms"])
    sends = [sent for sent, _ in flights]
    # latest[i]: the latest answer of the writes sent up to the i-th.
    latest = list(itertools.accumulate((answered for _, answered in flights), max))
    overlapping, apart = [], []
    for seconds, started in zip(typing.latencies, typing.started):
        begin = started - writes_started
        last = bisect.bisect_right(sends, begin + seconds) - 1  # the last write sent before it ended
        (overlapping if last >= 0 and latest[last] > begin else apart).append(seconds)
    slow = percentile(typing.latencies, 99)
    return {"overlapping_a_write": summary_ms(overlapping) if overlapping else None,
            "beside_no_write": summary_ms(apart) if apart else None,
            "share_overlapping": round(len(overlapping) / max(len(typing.latencies), 1), 3),
            "share_of_those_over_the_p99_overlapping":
                round(sum(s > slow for s in overlapping) / max(sum(s > slow for s in typing.latencies), 1), 3)}


def rss_after_merges(writing, merge_windows, save_windows, settle=3.0, span=1.0):
    """Resident memory after each merge into a new base (issue 20 §3: within 10% of the first's
    after ten): the median of the samples `writing` ((seconds after the writes began, MiB)) in the
    `span` seconds that start `settle` seconds after the merge's save ended (its swap when no save
    followed before the next merge), once the old base is freed and the heap trimmed. Writes and
    compactions go on meanwhile, as they do in use. A merge too close to the end has no figure."""
    after = []
    for m, merge in enumerate(merge_windows):
        next_end = merge_windows[m + 1]["ended_s"] if m + 1 < len(merge_windows) else float("inf")
        saves = [s["ended_s"] for s in save_windows if merge["ended_s"] - 1 <= s["started_s"] < next_end]
        settled = (saves[0] if saves else merge["ended_s"]) + settle
        window = [rss for t, rss in writing if settled <= t < settled + span]
        if window:
            after.append(round(statistics.median(window), 1))
    return after


def phase_writes(ctx):
    print("==> writes: 2,000 single inserts, 50 batches of 1,000; visibility on the next request", flush=True)
    server = ctx.start("writes")
    http_ = Http(server.port, ctx.token)
    single, single_visible, single_seen = [], 0, 0
    for i in range(2000):
        text = f"Livewrite single {i:05d}qx"
        payload, seconds = http_.expect(201, "POST", f"/api/listings/{LISTING}/items", {"items": [{"text": text}]}, auth=True)
        single.append(seconds)
        new_id = json.loads(payload)["ids"][0]
        total, ids = ids_in(http_.expect(200, "GET", sections_path(f"single {i:05d}qx"))[0])
        single_seen += 1
        single_visible += new_id in ids
    batches, batch_visible = [], 0
    for b in range(50):
        items = [{"text": f"Livebatch {b:02d}bq item {i:04d}"} for i in range(1000)]
        payload, seconds = http_.expect(201, "POST", f"/api/listings/{LISTING}/items", {"items": items}, auth=True)
        batches.append(seconds)
        assigned = set(json.loads(payload)["ids"])
        total, ids = ids_in(http_.expect(200, "GET", sections_path(f"Livebatch {b:02d}bq", limit=1000))[0])
        batch_visible += total == 1000 and ids == assigned
    # The merge due after about 13,800 edits takes seconds on 1.4M items: wait for it (untimed).
    waited = time.monotonic()
    while "pending edits into a new base" not in server.log_text() and time.monotonic() - waited < 90:
        time.sleep(0.2)
    log = server.log_text()
    server.stop()
    merges = re.findall(r"merged (\d+) pending edits into a new base of (\d+) items in ([0-9.]+) (\w+)", log)
    result = {
        "single_inserts": summary_ms(single),
        "batches_of_1000": summary_ms(batches),
        "batch_items_per_second": round(50 * 1000 / sum(batches)),
        "visibility": {
            "rule": "the request right after the 2xx (a sections query for the new text) must show the write",
            "single_inserts_checked": single_seen, "single_inserts_visible": single_visible,
            "batches_checked": 50, "batches_visible_whole": batch_visible,
        },
        "merge_logged_seconds_after_last_batch": round(time.monotonic() - waited, 1) if "pending edits into a new base" in log else None,
        "merges_during_phase": [{"edits": int(e), "items": int(n), "took": f"{t} {u}"} for e, n, t, u in merges],
        "server": "defaults: --compact-after 64, --merge-after max(4096, 1% of the listing)",
    }
    print(json.dumps(result, indent=1), flush=True)
    write_json(os.path.join(ctx.out, "live-writes.json"), result)


def phase_keystrokes(ctx):
    print("==> keystrokes: no edits, then with a delta of 10,000 edits (--merge-after 100000000)", flush=True)
    server = ctx.start("keystrokes", ("--merge-after", "100000000"))
    http_ = Http(server.port, ctx.token)
    keystrokes = sessions(ctx.queries)
    before = type_sessions(http_, keystrokes)
    print(f"  no edits: {before['all']}", flush=True)
    counts, edit_times = edit(ctx, http_, 10000)
    time.sleep(3)  # let the compactions run
    after = type_sessions(http_, keystrokes)
    print(f"  10k edits: {after['all']}", flush=True)
    log = server.log_text()
    server.stop()
    result = {
        "keystrokes": len(keystrokes), "passes": 2, "timed": "the second pass",
        "no_edits": before, "with_10000_edits": after, "edits": counts,
        "edit_latency": summary_ms(edit_times),
        "ratio_median": round(after["all"]["median_ms"] / before["all"]["median_ms"], 2),
        "ratio_p99": round(after["all"]["p99_ms"] / before["all"]["p99_ms"], 2),
        "merges_logged": log.count("pending edits into a new base"),
    }
    write_json(os.path.join(ctx.out, "live-keystrokes.json"), result)


def edit(ctx, http_, count, seed=7):
    """`count` edits, one per request: 50% inserts, 30% renames, 20% deletes of original items.
    Returns the count of each kind and each edit's latency."""
    rng = random.Random(seed)
    deleted = set()
    counts = {"POST": 0, "PATCH": 0, "DELETE": 0}
    edit_times = []
    for i in range(count):
        kind = rng.choices(["POST", "PATCH", "DELETE"], weights=[50, 30, 20])[0]
        if kind == "POST":
            _, s = http_.expect(201, "POST", f"/api/listings/{LISTING}/items",
                                {"items": [{"text": f"{rng.choice(ctx.sample)} {i}"}]}, auth=True)
        else:
            while True:
                item_id = f"n{rng.randint(1, ctx.item_count)}"
                if item_id not in deleted:
                    break
            if kind == "PATCH":
                _, s = http_.expect(200, "PATCH", f"/api/listings/{LISTING}/items/{item_id}",
                                    {"text": f"{rng.choice(ctx.sample)} renamed {i}"}, auth=True)
            else:
                _, s = http_.expect(204, "DELETE", f"/api/listings/{LISTING}/items/{item_id}", auth=True)
                deleted.add(item_id)
        counts[kind] += 1
        edit_times.append(s)
    return counts, edit_times


def phase_restart(ctx):
    print("==> restart: SIGKILL with 10,000 edits since the last save, then a start that replays the change log,"
          " against a start that rebuilds", flush=True)
    # A store with no saved index: this start builds the listing from the store (and saves it).
    server = ctx.start("restart", ("--merge-after", "100000000"))
    rebuild_seconds = server.ready_seconds
    db = os.path.join(ctx.scratch, "restart.db")
    http_ = Http(server.port, ctx.token)
    counts, _ = edit(ctx, http_, 10000, seed=11)
    expected = [http_.expect(200, "GET", sections_path(q))[0] for q in ("a", "mo", "san", "")]
    server.process.kill()
    server.process.wait()
    server.log.close()
    # The same store and index folder: the saved index is 10,000 writes behind.
    replay = Server(ctx.binary, db, ctx.token_file, os.path.join(ctx.scratch, "restart-replay.log"),
                    ("--merge-after", "100000000"))
    first = Http(replay.port)
    _, first_seconds = first.expect(200, "GET", sections_path("a"))
    got = [first.expect(200, "GET", sections_path(q))[0] for q in ("a", "mo", "san", "")]
    replay_log = replay.log_text()
    replay.stop()  # SIGTERM: a graceful stop saves every listing
    # A graceful restart: the saved index is current, mapped at start (issue 20 §2).
    graceful = Server(ctx.binary, db, ctx.token_file, os.path.join(ctx.scratch, "restart-graceful.log"),
                      ("--merge-after", "100000000"))
    graceful_http = Http(graceful.port)
    _, graceful_first_seconds = graceful_http.expect(200, "GET", sections_path("a"))
    graceful_got = [graceful_http.expect(200, "GET", sections_path(q))[0] for q in ("a", "mo", "san", "")]
    graceful_log = [line for line in graceful.log_text().splitlines() if "loaded" in line or "checksum" in line]
    graceful.stop()
    # The same store without its index folder: a rebuild, for comparison on the same store.
    shutil.rmtree(db + ".index")
    rebuilt = Server(ctx.binary, db, ctx.token_file, os.path.join(ctx.scratch, "restart-rebuild.log"),
                     ("--merge-after", "100000000"))
    rebuilt_again = rebuilt.ready_seconds
    rebuilt.stop()
    replayed = [line for line in replay_log.splitlines() if "replayed" in line]
    result = {
        "items": ctx.item_count, "edits_since_save": counts,
        "rebuild_start_seconds": round(rebuild_seconds, 2), "rebuild_start_seconds_after_edits": round(rebuilt_again, 2),
        "replay_start_seconds": round(replay.ready_seconds, 2),
        "first_keystroke_after_replay_ms": round(first_seconds * 1000, 2),
        "speedup": round(rebuilt_again / replay.ready_seconds, 1),
        "graceful_restart_start_seconds": round(graceful.ready_seconds, 3),
        "first_keystroke_after_graceful_restart_ms": round(graceful_first_seconds * 1000, 2),
        "graceful_speedup": round(rebuilt_again / graceful.ready_seconds, 1),
        "answers_equal_after_graceful_restart": graceful_got == expected,
        "graceful_log": graceful_log,
        "answers_equal_before_kill_and_after_replay": got == expected,
        "log": replayed,
    }
    print(f"  {result}", flush=True)
    if not replayed or got != expected or graceful_got != expected:
        raise SystemExit("restart: the start after SIGKILL did not replay, or answered differently; see " + replay.log_path)
    write_json(os.path.join(ctx.out, "live-restart.json"), result)


def wrk(port, seconds, path):
    output = subprocess.run(
        ["wrk", "--latency", "-t", "2", "-c", "64", "-d", f"{seconds}s", "--timeout", "5s", "-s", LOAD_LUA,
         f"http://127.0.0.1:{port}{path}"],
        env={**os.environ, "LOAD_PATH": path}, capture_output=True, text=True, check=True).stdout
    line = next(l for l in output.splitlines() if l.startswith("LOAD "))
    return {k: float(v) for k, v in (pair.split("=") for pair in line.split()[1:])}


def run_writer(ctx, server, seconds, name, part=0, parts=1, rate=200, kind="edits", nice=-10):
    """The writer process (`writer` below) for `seconds`, on `part` of the items; returns it and its output file."""
    out = os.path.join(ctx.scratch, f"{name}.json")
    # --token=T: a token can start with "-", which argparse would take for an option.
    writer = subprocess.Popen([sys.executable, os.path.abspath(__file__), "writer", "--port", str(server.port),
                               f"--token={ctx.token}", "--rate", str(rate), "--seconds", str(seconds),
                               "--out", out, "--items", str(ctx.item_count), "--part", str(part), "--parts", str(parts),
                               "--kind", kind, "--nice", str(nice)])
    return writer, out


def finish_writer(writer, out):
    if writer.wait() != 0:
        raise SystemExit("live: the writer failed")
    with open(out) as f:
        result = json.load(f)
    result.pop("each_s_ms")  # kept in the file only
    return result


def load_under(ctx, label, extra):
    """One server: the writer alone (idle reads), wrk read-only, then wrk with the writer."""
    server = ctx.start(f"load-{label}", extra)
    path = sections_path("an", limit=100)
    seconds = 20
    writer, out = run_writer(ctx, server, 10, f"writer-idle-{label}", part=0, parts=2)
    idle_writes = finish_writer(writer, out)
    print(f"  [{label}] writer alone: {idle_writes['latency']}", flush=True)
    wrk(server.port, 3, path)  # warm-up
    read_only = wrk(server.port, seconds, path)
    print(f"  [{label}] read-only: {read_only}", flush=True)
    writer, out = run_writer(ctx, server, seconds + 4, f"writer-{label}", part=1, parts=2)
    time.sleep(2)
    under_writes = wrk(server.port, seconds, path)
    writes = finish_writer(writer, out)
    print(f"  [{label}] under writes: {under_writes}; writer: {writes['latency']}", flush=True)
    server.stop()
    return {"server_flags": list(extra), "read_only": read_only, "with_writes": under_writes,
            "writer_idle": idle_writes, "writer": writes,
            "write_median_ratio_loaded_to_idle": round(writes["latency"]["median_ms"] / idle_writes["latency"]["median_ms"], 2),
            "ratio_p99": round(under_writes["p99_ms"] / read_only["p99_ms"], 2),
            "ratio_p50": round(under_writes["p50_ms"] / read_only["p50_ms"], 2)}


def phase_load(ctx):
    print("==> load: 200 writes/s alone, then wrk 64 connections read-only, then both; reads on one "
          "low-priority worker per core (the default), then on 4096 (every read at once)", flush=True)
    default = load_under(ctx, "default", ())
    many = load_under(ctx, "many-workers", ("--max-concurrent-reads", "4096"))
    result = {"path": sections_path("an", limit=100), "connections": 64, "threads": 2, "seconds": 20,
              "default": default, "many_workers": many,
              "write_median_under_load_default_vs_many": round(default["writer"]["latency"]["median_ms"]
                                                              / many["writer"]["latency"]["median_ms"], 3)}
    write_json(os.path.join(ctx.out, "live-load.json"), result)


def writer_main(args):
    """A separate client process: `rate` writes a second (inserts, renames, deletes) for `seconds`,
    open loop: `connections` connections, each on its own schedule of rate/connections a second, so
    that a slow answer does not lower the rate (one that falls behind sends at once until it catches up)."""
    connections = args.connections
    interval = connections / args.rate
    latencies, sent, errors, lock = [], [], [0], threading.Lock()
    # Measure the server, not this process's wait for a core on a machine the load saturates.
    try:
        os.nice(args.nice)
    except OSError:
        pass  # not root: the latencies then include this process's scheduling
    stride = connections * args.parts
    started = time.perf_counter()
    started_unix = time.time()  # each_s_ms's times are seconds after this (to line them up with the typist's)

    def run(index):
        rng = random.Random(11 + index)
        http_ = Http(args.port, args.token)
        deleted, n = set(), 0
        next_at = started + index * interval / connections
        while time.perf_counter() - started < args.seconds:
            now = time.perf_counter()
            if now < next_at:
                time.sleep(next_at - now)
                now = time.perf_counter()  # sent now: the time each_s_ms and the windows give it
            next_at += interval
            kind = rng.choices(["POST", "PATCH", "DELETE"], weights=[50, 35, 15])[0] if args.kind == "edits" else "REFUSED"
            # Each connection edits its own items (ids n1...nN imported, k ≡ index mod connections),
            # of its part (k ≡ index + part × connections mod connections × parts).
            item_id = f"n{rng.randrange(1 + index + args.part * connections, args.items + 1, stride)}"
            if kind != "POST" and item_id in deleted:
                kind = "POST"
            try:
                if kind == "POST":
                    status, _, s = http_.request("POST", f"/api/listings/{LISTING}/items",
                                                 {"items": [{"text": f"Loadwrite {index} {n}"}]}, auth=True)
                    ok = status == 201
                elif kind == "PATCH":
                    status, _, s = http_.request("PATCH", f"/api/listings/{LISTING}/items/{item_id}",
                                                 {"text": f"Loadrename {index} {n}"}, auth=True)
                    ok = status == 200
                elif kind == "DELETE":
                    status, _, s = http_.request("DELETE", f"/api/listings/{LISTING}/items/{item_id}", auth=True)
                    ok = status == 204
                    deleted.add(item_id)
                else:  # the same requests' HTTP without a write: a body the server refuses before the store
                    status, _, s = http_.request("POST", f"/api/listings/{LISTING}/items", {"items": "none"}, auth=True)
                    ok = status == 400
            except OSError:
                ok, s = False, 0
            n += 1
            with lock:
                errors[0] += not ok
                latencies.append(s)
                sent.append(now - started)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    result = {"writes": len(latencies), "started_unix": started_unix, "seconds": round(elapsed, 1), "rate": round(len(latencies) / elapsed, 1),
              "connections": connections, "errors": errors[0], "latency": summary_ms(latencies),
              # The p99 of the writes sent in each 10 seconds (a merge's swap shows in its window).
              "p99_ms_by_10s_window": [summary_ms(window)["p99_ms"] if window else None for window in
                                       ([s for s, t in zip(latencies, sent) if w * 10 <= t < (w + 1) * 10]
                                        for w in range(int(elapsed // 10)))],
              # The ten slowest writes: seconds after the writes began, milliseconds.
              "slowest_s_ms": [[round(t, 2), round(s * 1000, 1)] for s, t in sorted(zip(latencies, sent), reverse=True)[:10]],
              "cpu_seconds": round(time.process_time(), 1),
              # Every write, for a closer look (the phase's result keeps only the figures above).
              "each_s_ms": [[round(t, 6), round(s * 1000, 3)] for s, t in zip(latencies, sent)]}
    with open(args.out, "w") as f:
        json.dump(result, f)
    return 0 if errors[0] == 0 else 1


def memory(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(("VmRSS:", "VmHWM:")):
                key, value = line.split(":")
                fields[key] = int(value.split()[0]) / 1024  # MiB
    return fields["VmRSS"], fields["VmHWM"]


def cpu_seconds(pid):
    """User plus system CPU time of process `pid` so far (its threads included), in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_window(pid):
    """Starts a window of CPU time; the function it returns ends it: its seconds, and the CPU
    seconds in it of process `pid` (the server) and of this process (the typist)."""
    server, typist, started = cpu_seconds(pid), time.process_time(), time.monotonic()
    return lambda: {"seconds": round(time.monotonic() - started, 1),
                    "server_cpu_s": round(cpu_seconds(pid) - server, 1),
                    "typist_cpu_s": round(time.process_time() - typist, 1)}


def phase_merge(ctx):
    print("==> merge: resident memory every 50 ms, idle, then while 5,000 edits trigger a merge", flush=True)
    server = ctx.start("merge", ("--merge-after", "5000"))
    http_ = Http(server.port, ctx.token)
    samples, stop = [], threading.Event()
    marks = {}

    def sample():
        started = time.monotonic()
        while not stop.is_set():
            rss, hwm = memory(server.process.pid)
            samples.append((round(time.monotonic() - started, 3), round(rss, 1), round(hwm, 1)))
            time.sleep(0.05)

    sampler = threading.Thread(target=sample)
    sampler.start()
    time.sleep(3)
    marks["writes_start"] = len(samples)
    for b in range(100):
        http_.expect(201, "POST", f"/api/listings/{LISTING}/items",
                     {"items": [{"text": f"Mergewrite {b} {i}"} for i in range(50)]}, auth=True)
    marks["writes_end"] = len(samples)
    deadline = time.monotonic() + 300
    while "pending edits into a new base" not in server.log_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    marks["merge_logged"] = len(samples)
    time.sleep(3)
    stop.set()
    sampler.join()
    merged = re.search(r"merged (\d+) pending edits into a new base of (\d+) items in ([0-9.]+ \w+)", server.log_text())
    server.stop()
    idle = [rss for _, rss, _ in samples[:marks["writes_start"]]]
    during = [rss for _, rss, _ in samples[marks["writes_start"]:marks["merge_logged"] + 1]]
    after = [rss for _, rss, _ in samples[marks["merge_logged"]:]]
    result = {
        "idle_rss_mib": round(statistics.median(idle), 1),
        "peak_rss_during_writes_and_merge_mib": max(during),
        "rss_after_merge_mib": round(statistics.median(after), 1),
        "hwm_before_mib": samples[marks["writes_start"] - 1][2],
        "hwm_after_mib": samples[-1][2],
        "peak_over_idle": round(max(during) / statistics.median(idle), 2),
        "merge": merged.group(0) if merged else None,
        "sample_interval_ms": 50, "marks": marks, "samples": samples,
    }
    print({k: v for k, v in result.items() if k != "samples"}, flush=True)
    write_json(os.path.join(ctx.out, "live-merge.json"), result)


def phase_merges(ctx):
    print("==> merges: resident memory idle and after each of ten merges (5,000 edits each)", flush=True)
    server = ctx.start("merges", ("--merge-after", "5000"))
    http_ = Http(server.port, ctx.token)

    def rss_now(seconds=1.0):
        values = []
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            values.append(memory(server.process.pid)[0])
            time.sleep(0.05)
        return round(statistics.median(values), 1)

    time.sleep(2)
    idle = rss_now()
    # Keystrokes: typed once idle, then all the time while the ten merges run (a second connection).
    keystrokes = sessions(ctx.queries)
    typist = Http(server.port)
    idle_typing = type_sessions(typist, keystrokes, passes=2)
    typing = Typing(typist, keystrokes)
    after, took = [], []
    for m in range(1, 11):
        for b in range(100):
            http_.expect(201, "POST", f"/api/listings/{LISTING}/items",
                         {"items": [{"text": f"Mergeswrite {m} {b} {i}"} for i in range(50)]}, auth=True)
        deadline = time.monotonic() + 300
        while server.log_text().count("pending edits into a new base") < m and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(3)  # the save, then the trim a second after the swap
        after.append(rss_now())
        print(f"  after merge {m}: {after[-1]} MiB", flush=True)
    during = typing.stop()
    took = re.findall(r"merged \d+ pending edits into a new base of \d+ items in ([0-9.]+) seconds", server.log_text())
    hwm = memory(server.process.pid)[1]
    server.stop()
    result = {"idle_rss_mib": idle, "rss_after_each_merge_mib": after,
              "after_tenth_over_after_first": round(after[-1] / after[0], 3),
              "after_first_over_idle": round(after[0] / idle, 3), "peak_rss_mib": hwm,
              "peak_over_idle": round(hwm / idle, 2), "merge_seconds": [round(float(t), 2) for t in took],
              "keystrokes_idle": idle_typing["all"], "keystrokes_during_merges": summary_ms(during),
              "keystroke_p99_during_over_idle": round(summary_ms(during)["p99_ms"] / idle_typing["all"]["p99_ms"], 2),
              "keystroke_median_during_over_idle": round(summary_ms(during)["median_ms"] / idle_typing["all"]["median_ms"], 2)}
    print(f"  {result}", flush=True)
    write_json(os.path.join(ctx.out, "live-merges.json"), result)


def phase_tiered(ctx):
    seconds = int(os.environ.get("TIERED_SECONDS", "120"))
    # TIERED_RATE and TIERED_MERGE_AFTER: a larger delta sooner (the keystrokes after the writes).
    rate = float(os.environ.get("TIERED_RATE", "200"))
    merge_after = os.environ.get("TIERED_MERGE_AFTER")
    compact_after = os.environ.get("TIERED_COMPACT_AFTER")  # --compact-after: the tail's largest size
    print(f"==> tiered: {rate:g} writes/s for {seconds} s, {'--merge-after ' + merge_after if merge_after else 'the default policy'}"
          f" (the tail made a run every {compact_after or 64} writes, runs merged by size); resident memory every 50 ms, keystrokes typed"
          " all through", flush=True)
    # TIERED_SERVER_FLAGS: more flags for the server (e.g. --merge-in-memory), split at spaces.
    server = ctx.start("tiered", (("--merge-after", merge_after) if merge_after else ())
                       + (("--compact-after", compact_after) if compact_after else ())
                       + tuple(os.environ.get("TIERED_SERVER_FLAGS", "").split()))
    samples, stop = [], threading.Event()

    def sample():
        started = time.monotonic()
        while not stop.is_set():
            rss, hwm = memory(server.process.pid)
            samples.append((time.monotonic() - started, rss, hwm))
            time.sleep(0.05)

    sampler = threading.Thread(target=sample)
    sampler.start()
    time.sleep(3)
    # TIERED_DIALPAD=1: a listing typed into on the dial pad. One dial-pad query before the idle
    # typing makes the base's dial-pad index (part of the idle memory then), and every merge makes
    # the new base's (session 28).
    dialpad_seconds = None
    if os.environ.get("TIERED_DIALPAD") == "1":
        _, dialpad_seconds = Http(server.port).expect(200, "GET", sections_path("727") + "&dialpad=1")
        print(f"  the first dial-pad query (the base's dial-pad index made): {dialpad_seconds:.2f} s", flush=True)
    keystrokes = sessions(ctx.queries)
    typist = Http(server.port)
    idle_typing = type_sessions(typist, keystrokes, passes=2)
    # The same typist typing without a pause for as long as the writes will last, with no writes:
    # the reference for the keystrokes typed all through them (as many samples, the same load of
    # the typist itself on the machine's cores).
    idle_seconds = float(os.environ.get("TIERED_IDLE_SECONDS", seconds))
    end_idle_window = cpu_window(server.process.pid)
    typing = Typing(typist, keystrokes)
    time.sleep(idle_seconds)
    idle_continuous = typing.stop()
    idle_by_length = typing.by_length()
    idle_cpu = end_idle_window()
    idle_end = samples[-1][0]
    idle = statistics.median(rss for _, rss, _ in samples)
    end_writing_window = cpu_window(server.process.pid)
    # TIERED_WRITER_KIND=refused: the same requests refused before the store (the HTTP and the
    # writer's own share); TIERED_WRITER_NICE: the writer's nice increment (-10 by default).
    writer_kind = os.environ.get("TIERED_WRITER_KIND", "edits")
    writer_nice = int(os.environ.get("TIERED_WRITER_NICE", "-10"))
    writes_started = time.time()
    writer, out = run_writer(ctx, server, seconds, "writer-tiered", rate=rate, kind=writer_kind, nice=writer_nice)
    typing = Typing(typist, keystrokes)
    writes = finish_writer(writer, out)
    during = typing.stop()
    beside = keystrokes_beside_writes(typing, writes_started, out)
    # Every keystroke beside every write (in the scratch folder), for a closer look at a slow moment.
    with open(os.path.join(ctx.scratch, "typing-tiered.json"), "w") as f:
        json.dump({"writes_started_unix": writes_started,
                   "each_s_ms_length": [[round(t - writes_started, 6), round(s * 1000, 3), n]
                                        for s, t, n in zip(typing.latencies, typing.started, typing.lengths)]}, f)
    writing_cpu = {**end_writing_window(), "writer_cpu_s": writes.get("cpu_seconds")}
    stop.set()
    sampler.join()
    # Every sample of resident memory through the writes (in the scratch folder): when a peak comes.
    with open(os.path.join(ctx.scratch, "memory-tiered.json"), "w") as f:
        json.dump({"each_s_rss_mib": [[round(t - idle_end, 2), round(rss, 1)] for t, rss, _ in samples if t > idle_end]}, f)
    # The same keystrokes with the runs and tombstones the writes left, and no writes.
    after_typing = type_sessions(typist, keystrokes, passes=2)
    metrics = Http(server.port).expect(200, "GET", "/metrics")[0]
    def counter(name):
        found = re.search(rf"^\S*{name}\S* ([0-9.e+]+)$", metrics.decode(), re.M)
        return float(found.group(1)) if found else None
    base_merges = server.log_text().count("pending edits into a new base")
    def since_writes(stamp):
        """A log line's time (whole seconds) as seconds after the writes began."""
        return datetime.datetime.fromisoformat(stamp.replace("+0000", "+00:00")).timestamp() - writes_started
    # Each merge's seconds after the writes began (from its log line's time and duration), beside
    # the slowest keystrokes' (the log's times are whole seconds).
    merge_windows = []
    for found in re.finditer(r"^(\S+) info .*pending edits into a new base of \d+ items in ([0-9.]+) seconds(.*)$",
                             server.log_text(), re.M):
        ended = since_writes(found.group(1))
        merge_windows.append({"started_s": round(ended - float(found.group(2)), 1), "ended_s": round(ended, 1),
                              "caught_up": found.group(3).strip("; ")})
    # Each save of a merged base likewise: a 10M base is 1.7 GB written to the disk the store is on.
    save_windows = []
    for found in re.finditer(r"^(\S+) info .*saved '[^']*' \(\d+ items, store version \d+\) to \S+ in ([0-9.]+) seconds$",
                             server.log_text(), re.M):
        ended = since_writes(found.group(1))
        if ended > 0:
            save_windows.append({"started_s": round(ended - float(found.group(2)), 1), "ended_s": round(ended, 1)})
    # Resident memory in 10-second windows of the writes (median of each), against idle.
    writing = [(t - idle_end, rss) for t, rss, _ in samples if t > idle_end]
    windows = [statistics.median(r for t, r in writing if w * 10 <= t < (w + 1) * 10) for w in range(int(seconds // 10))
               if any(w * 10 <= t < (w + 1) * 10 for t, _ in writing)]
    peak = max(rss for _, rss in writing)
    after_merges = rss_after_merges(writing, merge_windows, save_windows)
    result = {"seconds": seconds, "rate": rate, "merge_after": merge_after, "compact_after": compact_after,
              "server_flags": os.environ.get("TIERED_SERVER_FLAGS", "").split(),
              "writer_kind": writer_kind, "writer_nice": writer_nice, "dialpad_first_query_s": dialpad_seconds,
              "writes": writes, "idle_rss_mib": round(idle, 1),
              "rss_by_10s_window_mib": [round(w, 1) for w in windows],
              "last_window_over_first": round(windows[-1] / windows[0], 3),
              "peak_rss_mib": round(peak, 1), "peak_over_idle": round(peak / idle, 2),
              "compactions": counter("compactions_total"), "base_merges": base_merges, "merge_windows": merge_windows,
              "save_windows": save_windows,
              "rss_after_each_merge_mib": after_merges,
              "rss_after_last_merge_over_first": round(after_merges[-1] / after_merges[0], 3) if after_merges else None,
              "slowest_keystrokes_s_ms_length": typing.slowest(writes_started),
              "compaction_seconds_mean": round(counter("compaction_duration_seconds_sum") / max(counter("compaction_duration_seconds_count"), 1), 4),
              "keystrokes_idle": idle_typing["all"], "keystrokes_during_writes": summary_ms(during),
              "keystroke_p99_during_over_idle": round(summary_ms(during)["p99_ms"] / idle_typing["all"]["p99_ms"], 2),
              "keystrokes_idle_continuous": summary_ms(idle_continuous), "cpu_idle_continuous": idle_cpu,
              "keystrokes_idle_continuous_by_length": idle_by_length, "keystrokes_during_writes_by_length": typing.by_length(),
              "cpu_during_writes": writing_cpu,
              "keystroke_p99_during_over_idle_continuous": round(summary_ms(during)["p99_ms"] / summary_ms(idle_continuous)["p99_ms"], 2),
              "keystroke_median_during_over_idle_continuous": round(summary_ms(during)["median_ms"] / summary_ms(idle_continuous)["median_ms"], 2),
              "keystroke_median_during_over_idle": round(summary_ms(during)["median_ms"] / idle_typing["all"]["median_ms"], 2),
              # The keystrokes through the writes that no write was in flight beside, against idle:
              # what the delta costs a keystroke, apart from the CPU a write in flight takes.
              "keystrokes_beside_writes": beside,
              "keystroke_p99_beside_no_write_over_idle_continuous":
                  round(beside["beside_no_write"]["p99_ms"] / summary_ms(idle_continuous)["p99_ms"], 2)
                  if beside["beside_no_write"] else None,
              "keystrokes_after_writes": after_typing,
              "keystroke_p99_after_over_idle": round(after_typing["all"]["p99_ms"] / idle_typing["all"]["p99_ms"], 2),
              "keystroke_median_after_over_idle": round(after_typing["all"]["median_ms"] / idle_typing["all"]["median_ms"], 2)}
    print(f"  {result}", flush=True)
    write_json(os.path.join(ctx.out, "live-tiered.json"), result)
    server.stop()


def phase_writecpu(ctx):
    seconds = int(os.environ.get("WRITECPU_SECONDS", "30"))
    print(f"==> writecpu: the server's CPU time per write, 200 writes/s for {seconds} s and nothing else, then the "
          "same requests refused before the store (their HTTP alone)", flush=True)
    # WRITECPU_SERVER_FLAGS: more flags for the server (e.g. --compact-after 16), split at spaces.
    flags = os.environ.get("WRITECPU_SERVER_FLAGS", "").split()
    server = ctx.start("writecpu", tuple(flags))
    time.sleep(3)
    result = {"seconds": seconds, "server_flags": flags}
    for kind in ("edits", "refused"):
        window = cpu_window(server.process.pid)
        writer, out = run_writer(ctx, server, seconds, f"writer-writecpu-{kind}", kind=kind)
        writes = finish_writer(writer, out)
        cpu = window()
        result[kind] = {"writes": writes["writes"], "latency": writes["latency"], "server_cpu_s": cpu["server_cpu_s"],
                        "server_cpu_ms_per_write": round(1000 * cpu["server_cpu_s"] / writes["writes"], 3)}
        print(f"  {kind}: {result[kind]}", flush=True)
    result["store_share_ms_per_write"] = round(result["edits"]["server_cpu_ms_per_write"]
                                               - result["refused"]["server_cpu_ms_per_write"], 3)
    write_json(os.path.join(ctx.out, "live-writecpu.json"), result)
    server.stop()


class Context:
    def __init__(self, args):
        self.binary, self.out, self.scratch, self.queries = args.binary, args.out, args.scratch, args.queries
        os.makedirs(self.scratch, exist_ok=True)
        os.makedirs(self.out, exist_ok=True)
        self.token = secrets.token_urlsafe(24)
        self.token_file = os.path.join(self.scratch, "token")
        with open(self.token_file, "w") as f:
            f.write(self.token + "\n")
        self.pristine = os.path.join(self.scratch, "geonames-pristine.db")
        with open(args.corpus, encoding="utf-8") as f:
            lines = f.read().split("\n")
        # The store refuses C0 controls, DEL and NEL (ItemLimits: they would break a TSV export);
        # leave out any line that has one (GeoNames has none; its 18 C1 controls pass).
        storable, self.dropped = [], []
        for line in lines:
            refused = any(ord(c) < 0x20 or ord(c) in (0x7F, 0x85) for c in line.rstrip("\r"))
            (self.dropped if refused else storable).append(line)
        self.corpus = os.path.join(self.scratch, "geonames-storable.txt")
        with open(self.corpus, "w", encoding="utf-8") as f:
            f.write("\n".join(storable))
        names = [line.strip() for line in storable if line.strip()]
        self.sample = random.Random(3).sample(names, 5000)
        self.item_count = None
        self.import_result = None

    def import_corpus(self, corpus):
        saved = os.path.join(self.scratch, "import.json")
        if os.environ.get("LIVE_REUSE_IMPORT") and os.path.exists(self.pristine) and os.path.exists(saved):
            # The store an earlier run imported from the same corpus (a 10M import takes minutes).
            with open(saved) as f:
                self.import_result = json.load(f)
            self.item_count = self.import_result["items"]
            print(f"==> import: reusing {self.pristine} ({self.item_count} items)", flush=True)
            return
        print("==> import: first start of serve --store with the corpus", flush=True)
        db = os.path.join(self.scratch, "import.db")
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(db + suffix):
                os.remove(db + suffix)
        server = Server(self.binary, db, self.token_file, os.path.join(self.scratch, "import.log"),
                        ("--locale", "en", f"{LISTING}={corpus}"))
        catalog = json.loads(Http(server.port).expect(200, "GET", "/api/listings")[0])
        self.item_count = catalog["listings"][0]["items"]
        server.stop()  # SIGTERM: the store is closed (WAL checkpointed) before it is copied
        shutil.copyfile(db, self.pristine)
        log = server.log_text()
        self.import_result = {"items": self.item_count, "first_start_seconds": round(server.ready_seconds, 2),
                              "log": [l for l in log.splitlines() if "imported" in l or "loaded" in l],
                              "store_bytes": os.path.getsize(self.pristine),
                              "left_out_for_control_characters": self.dropped}
        print(f"  {self.import_result}", flush=True)
        write_json(saved, self.import_result)

    def start(self, name, extra=()):
        db = os.path.join(self.scratch, f"{name}.db")
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(db + suffix):
                os.remove(db + suffix)
        shutil.copyfile(self.pristine, db)
        shutil.rmtree(db + ".index", ignore_errors=True)  # a saved index of an earlier run is of another store
        server = Server(self.binary, db, self.token_file, os.path.join(self.scratch, f"{name}.log"), extra)
        print(f"  server for {name}: ready in {server.ready_seconds:.1f} s (loads {self.item_count} items from the store)", flush=True)
        return server


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run")
    run.add_argument("--binary", required=True)
    run.add_argument("--corpus", required=True)
    run.add_argument("--queries", required=True)
    run.add_argument("--out", required=True)
    run.add_argument("--scratch", required=True)
    run.add_argument("--phases", nargs="*", default=["writes", "keystrokes", "load", "merge"])
    writer = sub.add_parser("writer")
    writer.add_argument("--port", type=int, required=True)
    writer.add_argument("--token", required=True)
    writer.add_argument("--rate", type=float, default=200)
    writer.add_argument("--seconds", type=float, required=True)
    writer.add_argument("--items", type=int, required=True)
    writer.add_argument("--connections", type=int, default=32)
    writer.add_argument("--out", required=True)
    writer.add_argument("--part", type=int, default=0,
                        help="edit only the imported items of this part (of --parts), so that runs on one store do not meet")
    writer.add_argument("--parts", type=int, default=1)
    writer.add_argument("--kind", choices=["edits", "refused"], default="edits",
                        help="edits (inserts, renames, deletes), or refused: bodies the server refuses before the store")
    writer.add_argument("--nice", type=int, default=-10, help="the writer's nice increment (negative needs root)")
    args = parser.parse_args()
    if args.command == "writer":
        return writer_main(args)
    phases = {"writes": phase_writes, "keystrokes": phase_keystrokes, "load": phase_load, "merge": phase_merge,
              "merges": phase_merges, "tiered": phase_tiered, "writecpu": phase_writecpu,
              "restart": phase_restart}
    try:
        ctx = Context(args)
        ctx.import_corpus(ctx.corpus)
        write_json(os.path.join(args.out, "live-import.json"), ctx.import_result)
        for name in args.phases:
            phases[name](ctx)
    finally:
        # A phase that failed leaves its server running (one that ended stopped its own).
        for server in Server.started:
            if server.process.poll() is None:
                server.process.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
