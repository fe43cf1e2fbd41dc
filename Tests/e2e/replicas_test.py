#!/usr/bin/env python3
"""Faults of three replicas over one PostgreSQL (issue 18 §4): `thumbindex serve --store postgres://…`.

A throw-away PostgreSQL (postgres.py), three replicas A, B, C (each its own --index-dir), a
listing `live` of a few thousand items (sv) that writers change all the time: inserts, batches,
replaces, renames, pins and deletes, each writer with its own ids and its own record of what the
server acknowledged (2xx), one write at a time. Readers type queries on every replica that is up.
The scenarios, in order, each a check that fails with "REPLICAS TEST FAILED: …":

  a. a replica killed: B is killed with SIGKILL while writes stream through A and C; it restarts
     on the same --index-dir, and its log must say it replayed the change log (not rebuilt);
  b. the database restarted: `pg_ctl restart -m fast`, then the database stopped for a few
     seconds and started again, while writes go through all three and reads go on: every read
     answers 200; a write answers 2xx or 503 with Retry-After (never another status); a 2xx
     write is in PostgreSQL afterwards; a write that got 503 or a broken connection is there
     whole or not at all; /healthz answers 503 while the database is away and 200 after; every
     replica takes writes again by itself;
  c. a replica cut off: C is stopped (SIGSTOP) while writes go through A and B, then resumed
     (SIGCONT): it catches up (the time it takes is printed);
  d. read-your-writes across replicas: a write through one replica, then a read through another
     with minVersion from the write's ThumbIndex-Version header, sees it; minVersion far ahead
     answers 503 with Retry-After after about --catch-up-timeout;
  e. a listing created, replaced and deleted through one replica appears, is replaced and
     disappears on the others.

After every scenario, convergence: each replica has applied the store's last version, and its
catalog, the full paged listing of every listing (sections, their counts and offsets, index
titles, every row's id and text), a sample of filtered queries and the side-index targets equal
those of a fresh replica started on the same database with an empty --index-dir (a rebuild).
The `live` listing and PostgreSQL (read with `thumbindex export`) equal the writers' record:
no acknowledged write lost, none half-applied, none resurrected.

Usage:
  replicas_test.py --binary PATH [--scratch DIR] [--seed N] [--items 3000] [--sqlite]

With --sqlite the replicas share one SQLite file instead (servers on one machine); scenario b,
which restarts PostgreSQL, is left out.

Python 3 stdlib only. The seed drives the writes (printed; rerun with --seed N). Logs of the
replicas and of PostgreSQL stay in the scratch folder.
"""
import argparse
import csv
import http.client
import io
import json
import os
import random
import secrets
import shutil
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from postgres import Postgres  # noqa: E402
from replica import Http, Replica, TestFailed, Workers, fail, quote, version_of  # noqa: E402

LISTING = "live"
FIRST = ["Anna", "Åsa", "Ängla", "Örjan", "Östen", "Björn", "Cecilia", "David", "Émile", "Erik",
         "Fredrik", "Gösta", "Hanna", "Ida", "Jöns", "Karin", "Lars", "Märta", "Nils", "Olle",
         "Per", "Rut", "Sven", "Tove", "Ulla", "Vera", "Wilma", "Yngve", "Zlatan", "Ольга", "Ζωή",
         "李", "ørjan", "åke", "zoë", "de la Cruz", "42:an"]
LAST = ["Andersson", "Berg", "Ek", "Forsberg", "Holm", "Lindqvist", "Nyström", "Öberg", "Åkesson",
        "Ärlig", "Sjöberg", "Wallin", "Zetterlund", "Łukasz", "Ibáñez", "Müller"]
#: Queries the readers type, and the sample compared after every scenario.
PREFIXES = ["a", "an", "and", "å", "ås", "ö", "ös", "öst", "ost", "b", "be", "ber", "berg", "e", "ek",
            "li", "lin", "müller", "mull", "ζ", "оль", "李", "4", "42", "zz", "x0", "1x", "nils ek"]
SAMPLE_QUERIES = ["a", "ber", "öst", "ost", "ek", "li", "müller", "ζωή", "李", "42", "1x0", "2x00", "nils ek",
                  "zzzq", "anderson"]
#: The catch-up timeout given to the replicas (scenario d measures it).
CATCH_UP_TIMEOUT = 2.0
WRITE_TIMEOUT = 15.0


def log(message):
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


# MARK: Writers

class Write:
    """One write and its effects: per item, (id, state after or None for deleted); `before`
    holds each item's state before it (None: absent)."""

    def __init__(self, kind, method, path, body, effects, expected, before):
        self.kind, self.method, self.path, self.body = kind, method, path, body
        self.effects, self.expected, self.before = effects, expected, before
        self.outcome = None  # ("2xx", version) | ("503", None) | ("error", repr)

    def describe(self):
        if self.kind == "batch":
            return f"batch of {len(self.effects)} items"
        return f"{self.kind} of {self.effects[0][0]!r}"


class Failures:
    """The first failure of any thread; it stops every thread."""

    def __init__(self):
        self.messages = []
        self.stop = threading.Event()
        self.lock = threading.Lock()

    def add(self, message):
        with self.lock:
            self.messages.append(message)
        self.stop.set()

    def check(self):
        if self.messages:
            fail(self.messages[0] + (f"\n  (and {len(self.messages) - 1} more failures)" if len(self.messages) > 1 else ""))


class Writer:
    """Writes to `live` with ids of its own (prefix `w{k}-`), one at a time, and keeps the record
    of what was acknowledged."""

    CAP = 1500

    def __init__(self, k, rng):
        self.k = k
        self.rng = rng
        self.model = {}         # id -> (text, pinned): every acknowledged write applied
        self.deleted = set()    # ids deleted (acknowledged) and not written since
        self.locked = set()     # ids of writes with an unknown outcome: not written again until resolved
        self.uncertain = []     # writes that answered 503 or broke the connection
        self.serial = 0
        self.last_version = 0
        self.counts = {}
        self.latencies = []

    def count(self, key, n=1):
        self.counts[key] = self.counts.get(key, 0) + n

    def new_text(self):
        self.serial += 1
        return f"{self.rng.choice(FIRST)} {self.rng.choice(LAST)} {self.k}x{self.serial:05d}"

    def new_id(self):
        self.serial += 1
        return f"w{self.k}-{self.serial}"

    def initial_items(self, n):
        items = []
        for _ in range(n):
            item_id, text, pinned = self.new_id(), self.new_text(), self.rng.random() < 0.03
            items.append({"id": item_id, "text": text, "pinned": pinned})
            self.model[item_id] = (text, pinned)
        return items

    def writable_ids(self):
        return [i for i in self.model if i not in self.locked]

    def next_write(self, kind=None):
        rng = self.rng
        over = len(self.model) > self.CAP
        ids = self.writable_ids()
        if kind is None:
            kind = rng.choices(["insert", "batch", "rename", "pin", "delete", "replace"],
                               weights=[5 if over else 20, 20, 22, 5, 45 if over else 10, 12])[0]
        if not ids and kind not in ("insert", "batch"):
            kind = "insert"
        path = f"/api/listings/{LISTING}/items"
        if kind == "insert":
            item_id, text, pinned = self.new_id(), self.new_text(), rng.random() < 0.05
            return Write(kind, "POST", path, {"items": [{"id": item_id, "text": text, "pinned": pinned}]},
                         [(item_id, (text, pinned))], 201, {item_id: None})
        if kind == "replace":
            item_id, text = rng.choice(ids), self.new_text()
            return Write(kind, "POST", path, {"items": [{"id": item_id, "text": text}]},
                         [(item_id, (text, False))], 201, {item_id: self.model[item_id]})
        if kind == "batch":
            count = rng.randint(2, 16)
            existing = rng.sample(ids, min(len(ids), count - 2 if over else rng.randint(0, count // 3)))
            items, effects, before = [], [], {}
            for position in range(count):
                item_id = existing[position] if position < len(existing) else self.new_id()
                text, pinned = self.new_text(), rng.random() < 0.05
                items.append({"id": item_id, "text": text, "pinned": pinned})
                effects.append((item_id, (text, pinned)))
                before[item_id] = self.model.get(item_id)
            return Write(kind, "POST", path, {"items": items}, effects, 201, before)
        item_id = rng.choice(ids)
        text, pinned = self.model[item_id]
        item_path = f"/api/listings/{LISTING}/items/{quote(item_id)}"
        if kind == "rename":
            new = self.new_text()
            return Write(kind, "PATCH", item_path, {"text": new}, [(item_id, (new, pinned))], 200, {item_id: (text, pinned)})
        if kind == "pin":
            return Write(kind, "PATCH", item_path, {"pinned": not pinned}, [(item_id, (text, not pinned))], 200,
                         {item_id: (text, pinned)})
        return Write(kind, "DELETE", item_path, None, [(item_id, None)], 204, {item_id: (text, pinned)})

    def perform(self, http_, write, may_fail):
        """Sends one write and records its outcome. `may_fail()` says whether a 503 or a broken
        connection is allowed now (the database is away). Returns the outcome."""
        started = time.monotonic()
        try:
            status, headers, body = http_.request(write.method, write.path, write.body, auth=True, timeout=WRITE_TIMEOUT)
        except (OSError, http.client.HTTPException) as error:
            elapsed = time.monotonic() - started
            if isinstance(error, TimeoutError) or "timed out" in str(error):
                fail(f"HUNG WRITE: writer {self.k}: {write.method} {write.path} ({write.describe()}) got no answer "
                     f"within {WRITE_TIMEOUT:.0f} s (sent at {time.strftime('%H:%M:%S', time.localtime(time.time() - elapsed))}); "
                     f"a replica should answer 503 with Retry-After while the database is away")
            if not may_fail():
                fail(f"writer {self.k}: {write.method} {write.path} ({write.describe()}) failed after {elapsed:.1f} s "
                     f"while the database and the replica were up: {error!r}")
            self.unknown(write, ("error", repr(error)))
            self.count("connection errors")
            return write.outcome
        self.latencies.append(time.monotonic() - started)
        if status == write.expected:
            version = version_of(headers, f"writer {self.k}: {write.method} {write.path} ({write.describe()})")
            if version <= self.last_version:
                fail(f"writer {self.k}: {write.describe()} answered ThumbIndex-Version {version}, not above the "
                     f"version of this client's previous acknowledged write ({self.last_version})")
            self.last_version = version
            self.acknowledge(write, body)
            write.outcome = ("2xx", version)
            self.count(write.kind)
            return write.outcome
        if status == 503:
            if not may_fail():
                fail(f"writer {self.k}: {write.method} {write.path} ({write.describe()}) answered 503 while the "
                     f"database was up: {body[:300]!r}")
            if "retry-after" not in headers:
                fail(f"writer {self.k}: {write.describe()} answered 503 without Retry-After: {body[:300]!r}")
            try:
                json.loads(body)["error"]
            except (ValueError, KeyError, TypeError):
                fail(f"writer {self.k}: {write.describe()} answered 503 without a JSON error: {body[:300]!r}")
            self.unknown(write, ("503", None))
            self.count("503")
            return write.outcome
        fail(f"writer {self.k}: {write.method} {write.path} ({write.describe()}) answered {status}, "
             f"expected {write.expected}: {body[:300]!r}")

    def acknowledge(self, write, body):
        if write.method == "POST":
            answered = json.loads(body).get("ids")
            expected = [item_id for item_id, _ in write.effects]
            if answered != expected:
                fail(f"writer {self.k}: {write.describe()} answered ids {answered}, expected {expected}")
        self.apply(write)

    def apply(self, write):
        for item_id, state in write.effects:
            if state is None:
                self.model.pop(item_id, None)
                self.deleted.add(item_id)
            else:
                self.model[item_id] = state
                self.deleted.discard(item_id)

    def unknown(self, write, outcome):
        write.outcome = outcome
        self.uncertain.append(write)
        self.locked.update(item_id for item_id, _ in write.effects)

    def resolve(self, actual):
        """Decides each write with an unknown outcome from `actual` (id -> (text, pinned), the
        listing as the store has it): whole or absent, else a failure. Returns (applied, absent)."""
        applied = absent = 0
        for write in self.uncertain:
            there = all(actual.get(item_id) == state for item_id, state in write.effects)
            gone = all(actual.get(item_id) == write.before[item_id] for item_id, _ in write.effects)
            if there and not gone:
                self.apply(write)
                applied += 1
                self.count(f"{write.outcome[0]}, applied")
            elif gone:
                absent += 1
                self.count(f"{write.outcome[0]}, absent")
            else:
                half = [(i, actual.get(i), s, write.before[i]) for i, s in write.effects
                        if actual.get(i) != s][:5]
                fail(f"HALF-APPLIED: writer {self.k}'s {write.describe()} ({write.method} {write.path}, answered "
                     f"{write.outcome}) is partly in the store: (id, now, if applied, before): {half}")
        self.uncertain.clear()
        self.locked.clear()
        return applied, absent


def stream(writer, replica_of, failures, stop, may_fail, pace=0.0):
    """A thread body: writes through `replica_of()` (a function: the target may change) until `stop`."""
    connections = {}
    try:
        while not stop.is_set() and not failures.stop.is_set():
            replica = replica_of()
            http_ = connections.setdefault((replica.name, replica.starts), Http(replica.port, replica.token, timeout=WRITE_TIMEOUT))
            outcome = writer.perform(http_, writer.next_write(), may_fail)
            if outcome[0] != "2xx":
                time.sleep(0.1)  # as a client honouring Retry-After would, briefly
            elif pace:
                time.sleep(pace)
    except TestFailed as error:
        failures.add(str(error))
    except Exception as error:  # noqa: BLE001
        failures.add(f"writer {writer.k} crashed: {error!r}")
    finally:
        for c in connections.values():
            c.reset()


class Readers(Workers):
    """Threads that type queries on the replicas in `targets` (a list the scenario changes):
    every answer must be 200 with a ThumbIndex-Version header."""

    def __init__(self, targets, failures, threads=2, seed=0):
        self.targets = targets
        self.failures = failures
        self.counts = {}
        self.latencies = []
        super().__init__(threads, seed)

    def run(self, rng):
        connections = {}
        try:
            while not self.stop.is_set() and not self.failures.stop.is_set():
                with self.lock:
                    targets = list(self.targets)
                if not targets:
                    time.sleep(0.01)
                    continue
                replica = rng.choice(targets)
                # A new connection after a restart (the old one went with the killed process).
                http_ = connections.setdefault((replica.name, replica.starts), Http(replica.port, timeout=10))
                q = rng.choice(PREFIXES)
                path = f"/api/listings/{LISTING}/sections?q={quote(q)}&limit=20"
                started = time.monotonic()
                try:
                    status, headers, body = http_.request("GET", path)
                except (OSError, http.client.HTTPException) as error:
                    with self.lock:
                        alive = replica in self.targets
                    if alive:
                        self.failures.add(f"READ FAILED on replica {replica.name}: GET {path}: {error!r}")
                    continue
                elapsed = time.monotonic() - started
                if status != 200:
                    self.failures.add(f"READ FAILED on replica {replica.name}: GET {path} answered {status}: {body[:300]!r}")
                    continue
                version_of(headers, f"GET {path} on replica {replica.name}")
                with self.lock:
                    self.counts[replica.name] = self.counts.get(replica.name, 0) + 1
                    self.latencies.append(elapsed)
        except TestFailed as error:
            self.failures.add(str(error))
        except Exception as error:  # noqa: BLE001
            self.failures.add(f"a reader crashed: {error!r}")

    def set_targets(self, replicas):
        with self.lock:
            self.targets[:] = replicas


# MARK: Reading a replica

def full_listing(http_, name):
    """The whole listing through paged sections answers (limit 1000): total, index titles,
    sections (title, indexTitle, index, count, offset) and every row (section title, id, text)."""
    rows, sections, titles, total, offset = [], None, None, None, 0
    while True:
        page, _ = http_.get_json(f"/api/listings/{quote(name)}/sections?q=&offset={offset}&limit=1000")
        summary = [(s["title"], s["indexTitle"], s["index"], s["count"], s["offset"]) for s in page["sections"]]
        if sections is None:
            sections, titles, total = summary, page["indexTitles"], page["total"]
        elif (summary, page["indexTitles"], page["total"]) != (sections, titles, total):
            fail(f"'{name}' changed between two pages while no write was going on (offset {offset}, port {http_.port})")
        for s in page["sections"]:
            rows.extend((s["title"], item["id"], item["text"]) for item in s["items"])
        offset += 1000
        if offset >= total:
            break
    if len(rows) != total:
        fail(f"the paged '{name}' has {len(rows)} rows but says total {total} (port {http_.port})")
    if sum(s[3] for s in sections) != total:
        fail(f"the section counts of '{name}' add up to {sum(s[3] for s in sections)}, not total {total} (port {http_.port})")
    return {"total": total, "indexTitles": titles, "sections": sections, "rows": rows}


def snapshot(replica):
    """What convergence compares: the catalog, every listing in full, sample queries, index targets."""
    http_ = Http(replica.port, timeout=30)
    catalog, _ = http_.get_json("/api/listings")
    names = [entry["name"] for entry in catalog["listings"]] if isinstance(catalog, dict) else [e["name"] for e in catalog]
    result = {"catalog": catalog, "listings": {}, "queries": {}, "index": {}}
    for name in names:
        listing = full_listing(http_, name)
        result["listings"][name] = listing
        for q in SAMPLE_QUERIES:
            for extra in ("&limit=50", "&mode=words&limit=50", "&fold=diacritics&offset=5&limit=30", "&typos=off&limit=7"):
                path = f"/api/listings/{quote(name)}/sections?q={quote(q)}{extra}"
                result["queries"][path] = http_.get_json(path)[0]
        for position in range(0, len(listing["indexTitles"]), 3):
            path = f"/api/listings/{quote(name)}/index/{position}"
            result["index"][path] = http_.get_json(path)[0]
    http_.reset()
    return result


def compare(what, got, want):
    if got == want:
        return
    if got["catalog"] != want["catalog"]:
        fail(f"{what}: the catalogs (GET /api/listings) differ:\n  replica: {json.dumps(got['catalog'])[:800]}\n"
             f"  rebuild: {json.dumps(want['catalog'])[:800]}")
    for name, listing in want["listings"].items():
        mine = got["listings"].get(name)
        if mine == listing:
            continue
        if mine is None:
            fail(f"{what}: the replica has no listing '{name}'")
        for key in ("total", "indexTitles", "sections"):
            if mine[key] != listing[key]:
                fail(f"{what}: '{name}': {key} differ:\n  replica: {str(mine[key])[:600]}\n  rebuild: {str(listing[key])[:600]}")
        for i, (a, b) in enumerate(zip(mine["rows"], listing["rows"])):
            if a != b:
                fail(f"{what}: '{name}': row {i} differs: replica {a}, rebuild {b}")
    for kind in ("queries", "index"):
        for path, answer in want[kind].items():
            if got[kind].get(path) != answer:
                fail(f"{what}: GET {path} differs:\n  replica: {json.dumps(got[kind].get(path))[:600]}\n"
                     f"  rebuild: {json.dumps(answer)[:600]}")
    fail(f"{what}: the snapshots differ")


def rows_as_items(listing):
    """id -> (text, pinned) from a full listing (a pinned item is in the Favorites section)."""
    items = {}
    for title, item_id, text in listing["rows"]:
        if item_id in items:
            fail(f"the listing shows item {item_id!r} twice")
        items[item_id] = (text, title == "Favorites")
    return items


def wait_applied(replica, version, timeout=30):
    """Waits until `replica` has applied store `version` (a read with minVersion answers 200)."""
    http_ = Http(replica.port, timeout=10)
    began = time.monotonic()
    last = None
    while time.monotonic() - began < timeout:
        try:
            status, headers, body = http_.request("GET", f"/api/listings/contacts/sections?q=&limit=0&minVersion={version}")
        except (OSError, http.client.HTTPException) as error:
            last = repr(error)
            time.sleep(0.1)
            continue
        if status == 200:
            return time.monotonic() - began
        last = f"{status} {body[:200]!r}"
        if status != 503:
            fail(f"replica {replica.name}: a read with minVersion={version} answered {last}")
        time.sleep(0.05)
    fail(f"NOT CONVERGED: replica {replica.name} did not apply version {version} within {timeout} s (last: {last})\n"
         f"{replica.log_tail()}")


def store_items(binary, url, name):
    """id -> (text, pinned) of listing `name` as PostgreSQL has it (`thumbindex export`)."""
    result = subprocess.run([binary, "export", "--store", url, name], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, timeout=120)
    if result.returncode != 0:
        fail(f"thumbindex export --store {url} {name} exited with {result.returncode}: {result.stderr.decode(errors='replace')[-800:]}")
    reader = csv.reader(io.StringIO(result.stdout.decode()), delimiter="\t", quoting=csv.QUOTE_NONE)
    header = next(reader)
    text_at, pin_at = header.index("text"), header.index("pinned") if "pinned" in header else None
    return {row[0]: (row[text_at], pin_at is not None and row[pin_at] != "") for row in reader}


def healthz(replica):
    """(status, body) of GET /healthz, or None when the server has no such endpoint."""
    status, _, body = Http(replica.port, timeout=10).request("GET", "/healthz")
    return None if status == 404 else (status, body)


def metrics(replica):
    """GET /metrics as {(name, labels text): value}; None when the server has no such endpoint."""
    status, headers, body = Http(replica.port, timeout=10).request("GET", "/metrics")
    if status == 404:
        return None
    if status != 200 or not headers.get("content-type", "").startswith("text/plain"):
        fail(f"GET /metrics on {replica.name} answered {status} ({headers.get('content-type')}): {body[:300]!r}")
    values = {}
    for line in body.decode().splitlines():
        if not line or line.startswith("#"):
            continue
        key, _, value = line.rpartition(" ")
        name, _, labels = key.partition("{")
        values[(name, labels.rstrip("}"))] = float(value)
    return values


def percentile(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p / 100))]


# MARK: The test

class Test:
    def __init__(self, args):
        self.args = args
        self.binary = os.path.abspath(args.binary)
        self.scratch = os.path.abspath(args.scratch)
        self.seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
        self.rng = random.Random(self.seed)
        self.failures = Failures()
        self.replicas = []
        self.writers = [Writer(k, random.Random(self.seed * 7 + k)) for k in range(3)]
        self.convergences = 0

    def replica(self, name, index_dir=None, log=None):
        return Replica(self.binary, name, self.store, index_dir or os.path.join(self.scratch, f"index-{name}"),
                       self.token_file, os.path.join(self.scratch, log or f"replica-{name}.log"),
                       extra=["--catch-up-timeout", str(CATCH_UP_TIMEOUT), "--poll-interval", "1",
                              "--merge-after", "400", "--max-lag", "100000"])

    def run(self):
        shutil.rmtree(self.scratch, ignore_errors=True)
        os.makedirs(self.scratch)
        self.token_file = os.path.join(self.scratch, "token")
        with open(self.token_file, "w") as f:
            f.write(secrets.token_urlsafe(24) + "\n")
        began = time.monotonic()
        log(f"replicas test: seed {self.seed} (rerun with --seed {self.seed}), {self.args.items} items")
        if self.args.sqlite:
            self.pg = None
            self.store = os.path.join(self.scratch, "store.db")
        else:
            self.pg = Postgres(log_copy=os.path.join(self.scratch, "postgres.log"))
            self.store = self.pg.url
        scenarios = [("a", self.killed), ("b", self.database_restarted), ("c", self.cut_off),
                     ("d", self.read_your_writes), ("e", self.listings)]
        if self.pg is None:
            scenarios = [s for s in scenarios if s[0] != "b"]
        try:
            self.setup()
            for label, scenario in scenarios:
                started = time.monotonic()
                scenario()
                self.converge(label)
                log(f"scenario {label} passed in {time.monotonic() - started:.1f} s")
        finally:
            for r in self.replicas:
                if r.running():
                    r.kill()
            if self.pg is not None:
                self.pg.destroy()
        counts = {}
        for w in self.writers:
            for key, n in w.counts.items():
                counts[key] = counts.get(key, 0) + n
        latencies = [x for w in self.writers for x in w.latencies]
        log(f"replicas test passed (seed {self.seed}) in {time.monotonic() - began:.0f} s: writes {counts}; "
            f"write latency p50 {percentile(latencies, 50) * 1000:.1f} ms, p99 {percentile(latencies, 99) * 1000:.1f} ms; "
            f"{sum(len(w.model) for w in self.writers)} items at the end; {self.convergences} convergence checks")

    def setup(self):
        a = self.replica("A")
        a.start()  # the first start on an empty database imports the bundled contacts
        self.replicas.append(a)
        items = []
        for w in self.writers:
            items += w.initial_items(self.args.items // len(self.writers))
        self.rng.shuffle(items)
        status, headers, body = a.http.request("PUT", f"/api/listings/{LISTING}", {"locale": "sv", "items": items}, auth=True)
        if status != 201:
            fail(f"PUT /api/listings/{LISTING} answered {status}: {body[:300]!r}")
        version = version_of(headers, f"PUT /api/listings/{LISTING}")
        for w in self.writers:
            w.last_version = version
        for name in ("B", "C"):
            r = self.replica(name)
            r.start()
            self.replicas.append(r)
        log(f"store {self.store}; replicas A, B, C on ports {[r.port for r in self.replicas]}; "
            f"'{LISTING}' created at version {version} with {len(items)} items")
        self.converge("setup")

    @property
    def by_name(self):
        return {r.name: r for r in self.replicas}

    def load(self, via, readers_on, plan, may_fail=lambda: False):
        """Runs writers (writer k through replica via[k]) and readers while `plan()` runs."""
        stop = threading.Event()
        threads = [threading.Thread(target=stream, args=(self.writers[k], (lambda r=r: r), self.failures, stop, may_fail),
                                    daemon=True) for k, r in via.items()]
        with Readers(list(readers_on), self.failures, seed=self.rng.randrange(1 << 30)) as readers:
            for t in threads:
                t.start()
            try:
                plan(readers)
            finally:
                stop.set()
                for t in threads:
                    t.join()
        self.failures.check()
        return readers

    def sleep(self, seconds):
        """Sleeps, unless a thread failed."""
        if self.failures.stop.wait(seconds):
            self.failures.check()

    # a. A replica killed
    def killed(self):
        """B is killed: it built `live` from the store at its start and saved it, so its restart
        must replay the change log. (A, which took the PUT that created `live`, has no saved index
        of it until its first merge or a graceful stop: README, "Restarts".)"""
        A, B, C = (self.by_name[n] for n in "ABC")
        if not os.path.exists(os.path.join(B.index_dir, f"{LISTING}.thumbidx")):
            fail(f"a: replica B has no saved index of '{LISTING}' in {B.index_dir} although it built it at its start")

        def plan(readers):
            self.sleep(1.5)
            readers.set_targets([A, C])
            B.kill()
            log("a: replica B killed (SIGKILL) while writes stream through A and C")
            self.sleep(2.0)
            B.start()
            readers.set_targets([A, B, C])
            self.sleep(1.0)

        acked = [w.counts.get("insert", 0) for w in self.writers]
        self.load({0: A, 2: C}, [A, B, C], plan)
        outcomes, rebuilt = B.start_outcomes()
        if rebuilt:
            fail("a: the restarted replica B rebuilt instead of replaying the change log:\n  " + "\n  ".join(rebuilt[:5]))
        if outcomes.get(LISTING, ("none",))[0] != "replayed":
            fail(f"a: the restarted replica B's log does not say it replayed the change log for '{LISTING}' "
                 f"(found: {outcomes}):\n{B.log_since_start()[-3000:]}")
        log(f"a: B restarted: {', '.join(f'{n} {o[0]} ({o[1]} changes)' for n, o in sorted(outcomes.items()))}; "
            f"{sum(w.counts.get('insert', 0) for w in self.writers) - sum(acked)} more inserts acknowledged meanwhile")

    # b. The database restarted
    def database_restarted(self):
        A, B, C = (self.by_name[n] for n in "ABC")
        away = threading.Event()
        back_at = [None]
        notes = {}

        def may_fail():
            return away.is_set() or (back_at[0] is not None and time.monotonic() - back_at[0] < 10)

        def plan(readers):
            self.sleep(1.0)
            away.set()
            started = time.monotonic()
            self.pg.restart()
            log(f"b: pg_ctl restart -m fast took {time.monotonic() - started:.2f} s")
            back_at[0] = time.monotonic()
            away.clear()
            self.sleep(2.0)
            away.set()
            self.pg.stop(mode="fast")
            # 5 s: a write may first wait behind a catch-up that waits 2 s for the database, and its
            # own call up to 2 s more (once the store's one second of failing at once has passed):
            # each writer must still get a 503 while the database is away, on a loaded machine too.
            log("b: PostgreSQL stopped (-m fast); writes and reads go on for 5 s")
            before = {w.k: dict(w.counts) for w in self.writers}
            self.sleep(2.5)
            health = healthz(B)
            if health is not None and health[0] != 503:
                fail(f"b: GET /healthz on B answered {health[0]} while the database was stopped (expected 503): {health[1][:300]!r}")
            notes["healthz"] = health
            self.sleep(2.5)
            during = {w.k: {key: w.counts.get(key, 0) - before[w.k].get(key, 0) for key in ("503", "connection errors")}
                      for w in self.writers}
            notes["during"] = during
            self.pg.start()
            back_at[0] = time.monotonic()
            away.clear()
            log(f"b: PostgreSQL started again; failed writes while it was away: {during}")
            # Every writer must get a 2xx again: the replicas reconnect by themselves.
            marks = {w.k: w.last_version for w in self.writers}
            deadline = time.monotonic() + 20
            while any(w.last_version == marks[w.k] for w in self.writers):
                if time.monotonic() > deadline:
                    stuck = [f"{w.k} (through {'ABC'[w.k]})" for w in self.writers if w.last_version == marks[w.k]]
                    fail(f"b: writers {stuck} got no 2xx within 20 s of PostgreSQL's start: the replica did not reconnect")
                self.sleep(0.05)
            notes["reconnect"] = time.monotonic() - back_at[0]
            self.sleep(1.5)

        self.load({0: A, 1: B, 2: C}, [A, B, C], plan, may_fail)
        for k, counts in notes["during"].items():
            if counts["503"] + counts["connection errors"] == 0:
                fail(f"b: writer {k} (through {'ABC'[k]}) got no 503 in the 5 s PostgreSQL was stopped: "
                     f"were its writes answered without the database?")
        errors = {}
        for r in self.replicas:
            health = healthz(r)
            if health is not None and health[0] != 200:
                fail(f"b: GET /healthz on {r.name} answered {health[0]} after PostgreSQL came back: {health[1][:300]!r}")
            values = metrics(r)
            if values is not None:
                errors[r.name] = sum(v for (name, _), v in values.items() if name == "thumbindex_store_errors_total")
                if not errors[r.name]:
                    fail(f"b: GET /metrics on {r.name} counts no store errors although PostgreSQL was away for 5 s")
        notes["store errors"] = errors
        log(f"b: every writer took writes again within {notes['reconnect']:.1f} s of PostgreSQL's start; "
            f"/healthz while it was away: {notes['healthz'][0] if notes['healthz'] else 'n/a'}; "
            f"store errors counted by /metrics: {notes['store errors']}")

    # c. A replica cut off
    def cut_off(self):
        A, B, C = (self.by_name[n] for n in "ABC")
        timing = {}

        def plan(readers):
            self.sleep(0.5)
            readers.set_targets([A, B])
            C.pause()
            log("c: replica C stopped (SIGSTOP); writes go through A and B for 4 s")
            self.sleep(4.0)
            target = max(w.last_version for w in self.writers)
            C.resume()
            timing["caught up"] = wait_applied(C, target)
            readers.set_targets([A, B, C])
            self.sleep(1.0)

        self.load({0: A, 1: B}, [A, B, C], plan)
        log(f"c: C resumed (SIGCONT) and applied the writes it missed in {timing['caught up']:.2f} s")

    # d. Read-your-writes across replicas
    def read_your_writes(self):
        w = self.writers[0]
        checks = item_reads = 0
        for i in range(30):
            source, target = self.replicas[i % 3], self.replicas[(i + 1) % 3]
            write = w.next_write(kind=("insert", "rename", "batch")[i % 3])
            outcome = w.perform(source.http, write, lambda: False)
            version = outcome[1]
            for item_id, (text, _) in write.effects[:3]:
                tag = text.split()[-1]
                path = f"/api/listings/{LISTING}/sections?q={quote(tag)}&typos=off&minVersion={version}"
                status, headers, body = target.http.request("GET", path)
                if status != 200:
                    fail(f"d: GET {path} through {target.name} after a write through {source.name} answered {status}: {body[:300]!r}")
                seen = version_of(headers, f"d: GET {path}")
                if seen < version:
                    fail(f"d: GET {path} through {target.name} answered ThumbIndex-Version {seen} < minVersion {version}")
                found = [(it["id"], it["text"]) for s in json.loads(body)["sections"] for it in s["items"]]
                if (item_id, text) not in found:
                    fail(f"d: READ-YOUR-WRITES BROKEN: {write.describe()} through {source.name} answered version {version}; "
                         f"GET {path} through {target.name} (version {seen}) does not show {item_id!r} {text!r}: {found[:5]}")
                checks += 1
            # The item itself, which a replica reads from PostgreSQL (off its event loops, where a
            # task runs: the store's calls wait on NIO futures, which NIO refuses there).
            item_id, (text, _) = write.effects[0]
            path = f"/api/listings/{LISTING}/items/{quote(item_id)}"
            status, _, body = target.http.request("GET", path)
            if status != 200 or json.loads(body).get("text") != text:
                fail(f"d: GET {path} through {target.name} after {write.describe()} answered {status}: {body[:300]!r}; "
                     f"expected 200 with the text {text!r}")
            item_reads += 1
        # A version far ahead: 503 with Retry-After after about --catch-up-timeout, on both endpoints.
        far = max(x.last_version for x in self.writers) + 1_000_000
        for path in (f"/api/listings/{LISTING}/sections?q=an&minVersion={far}", f"/api/listings/{LISTING}/index/1?minVersion={far}"):
            started = time.monotonic()
            status, headers, body = self.replicas[1].http.request("GET", path)
            elapsed = time.monotonic() - started
            if status != 503 or "retry-after" not in headers:
                fail(f"d: GET {path} answered {status} (Retry-After: {headers.get('retry-after')}), expected 503 with Retry-After: {body[:300]!r}")
            try:
                json.loads(body)["error"]
            except (ValueError, KeyError, TypeError):
                fail(f"d: GET {path} answered 503 without a JSON error: {body[:300]!r}")
            if not CATCH_UP_TIMEOUT * 0.9 <= elapsed <= CATCH_UP_TIMEOUT + 3:
                fail(f"d: GET {path} answered 503 after {elapsed:.2f} s; --catch-up-timeout is {CATCH_UP_TIMEOUT} s")
        log(f"d: {checks} reads through another replica with minVersion saw the write, and {item_reads} items read from the store; minVersion {far} answered 503 "
            f"with Retry-After after {elapsed:.2f} s (--catch-up-timeout {CATCH_UP_TIMEOUT})")

    # e. Listings created, replaced, deleted
    def listings(self):
        A, B, C = (self.by_name[n] for n in "ABC")
        rng = self.rng

        def put(replica, name, locale, count, tag):
            items = [{"id": f"{tag}{n}", "text": f"{rng.choice(FIRST)} {rng.choice(LAST)} {tag}{n:04d}"} for n in range(count)]
            status, headers, body = replica.http.request("PUT", f"/api/listings/{name}", {"locale": locale, "items": items}, auth=True)
            return status, version_of(headers, f"PUT /api/listings/{name} through {replica.name}"), items, body

        def check_on(others, name, items, version, what):
            for r in others:
                wait_applied(r, version)
                listing = full_listing(r.http, name)
                got = {i: t for _, i, t in listing["rows"]}
                want = {it["id"]: it["text"] for it in items}
                if got != want:
                    fail(f"e: after '{name}' was {what}, replica {r.name} (version {version} applied) shows "
                         f"{len(got)} items, {len(set(got.items()) ^ set(want.items()))} differ from what was written")

        status, version, items, body = put(A, "extra", "de", 300, "x")
        if status != 201:
            fail(f"e: PUT /api/listings/extra through A answered {status}: {body[:300]!r}")
        check_on([B, C], "extra", items, version, "created through A")
        status, version, items, body = put(B, "extra", "cs", 200, "y")
        if status != 200:
            fail(f"e: PUT /api/listings/extra (replacing it) through B answered {status}: {body[:300]!r}")
        check_on([A, C], "extra", items, version, "replaced through B")
        for r in (A, B, C):
            catalog, _ = r.http.get_json("/api/listings")
            entry = [e for e in catalog["listings"] if e["name"] == "extra"]
            if not entry or entry[0].get("locale") not in (None, "cs"):
                fail(f"e: after the replace through B, replica {r.name}'s catalog has 'extra' as {entry}")
        status, headers, body = C.http.request("DELETE", "/api/listings/extra", auth=True)
        if status != 204:
            fail(f"e: DELETE /api/listings/extra through C answered {status}: {body[:300]!r}")
        version = version_of(headers, "DELETE /api/listings/extra")
        for r in (A, B):
            wait_applied(r, version)
            status, _, body = r.http.request("GET", "/api/listings/extra/sections?q=")
            if status != 404:
                fail(f"e: after 'extra' was deleted through C, GET /api/listings/extra/sections on {r.name} answered {status}, not 404")
            catalog, _ = r.http.get_json("/api/listings")
            if any(e["name"] == "extra" for e in catalog["listings"]):
                fail(f"e: after 'extra' was deleted through C, replica {r.name}'s catalog still lists it")
        # One created through C stays, for the convergence checks from here on.
        status, version, items, body = put(C, "kept", "sv", 250, "k")
        if status != 201:
            fail(f"e: PUT /api/listings/kept through C answered {status}: {body[:300]!r}")
        check_on([A, B], "kept", items, version, "created through C")
        log("e: 'extra' created through A, replaced through B, deleted through C, and 'kept' created through C: "
            "seen on every replica")

    # Convergence
    def converge(self, label):
        started = time.monotonic()
        target = max(w.last_version for w in self.writers)
        for r in self.replicas:
            wait_applied(r, target)
        fresh_dir = os.path.join(self.scratch, f"index-fresh-{label}")
        shutil.rmtree(fresh_dir, ignore_errors=True)
        fresh = self.replica(f"fresh-{label}", fresh_dir, log="replica-fresh.log")
        fresh.start()
        try:
            _, headers = fresh.http.get_json("/api/listings/contacts/sections?q=&limit=0")
            store_version = version_of(headers, "GET /api/listings/contacts/sections on a fresh replica")
            for r in self.replicas:
                wait_applied(r, store_version)
            want = snapshot(fresh)
            for r in self.replicas:
                compare(f"after {label}: replica {r.name} against a rebuild", snapshot(r), want)
        finally:
            fresh.stop()
        shutil.rmtree(fresh_dir, ignore_errors=True)
        # The writers' record against what the replicas serve and what PostgreSQL holds.
        served = rows_as_items(want["listings"][LISTING])
        stored = store_items(self.binary, self.store, LISTING)
        if served != stored:
            diff = sorted(set(served.items()) ^ set(stored.items()))[:6]
            fail(f"after {label}: the rebuilt replica's '{LISTING}' differs from PostgreSQL's (thumbindex export): {diff}")
        resolved = [w.resolve(stored) for w in self.writers]
        model = {}
        for w in self.writers:
            model.update(w.model)
        if stored != model:
            missing = sorted(set(model) - set(stored))[:8]
            extra = sorted(set(stored) - set(model))[:8]
            changed = [(i, stored[i], model[i]) for i in model if i in stored and stored[i] != model[i]][:5]
            fail(f"after {label}: LOST OR CHANGED WRITES: PostgreSQL's '{LISTING}' differs from the acknowledged writes: "
                 f"missing {missing}, unexpected {extra}, different (stored, acknowledged) {changed}")
        for w in self.writers:
            back = [i for i in w.deleted if i in stored]
            if back:
                fail(f"after {label}: RESURRECTED: items {back[:5]} were deleted (acknowledged) but are in the store")
        for r in self.replicas:
            health = healthz(r)
            if health is not None and health[0] != 200:
                fail(f"after {label}: GET /healthz on {r.name} answered {health[0]} once converged: {health[1][:300]!r}")
            values = metrics(r)
            if values is not None:
                seen = {key: values.get((f"thumbindex_{key}", "")) for key in ("applied_version", "store_version")}
                items = values.get(("thumbindex_listing_items", f'listing="{LISTING}"'))
                if seen["applied_version"] != store_version or seen["store_version"] is None \
                        or seen["store_version"] < store_version or items != len(model):
                    fail(f"after {label}: GET /metrics on {r.name} says {seen} and {items} items in '{LISTING}'; "
                         f"the store is at version {store_version} with {len(model)} items")
        self.convergences += 1
        unknown = [(a, b) for a, b in resolved if a or b]
        log(f"converged after {label} (store version {store_version}, {len(model)} items in '{LISTING}'"
            f"{f', writes with no answer: {unknown} (applied, absent)' if unknown else ''}) in {time.monotonic() - started:.1f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True, help="the thumbindex executable (release)")
    parser.add_argument("--scratch", default=".build/e2e/replicas", help="folder for index dirs and logs (emptied first)")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--items", type=int, default=3000, help="items of the live listing at the start (default 3000)")
    parser.add_argument("--sqlite", action="store_true",
                        help="the replicas share a SQLite file instead of PostgreSQL (every scenario but b)")
    args = parser.parse_args()
    test = Test(args)
    try:
        test.run()
    except TestFailed as error:
        print(f"\nREPLICAS TEST FAILED (seed {test.seed}): {error}", file=sys.stderr)
        for r in test.replicas:
            print(f"--- the last lines of replica {r.name}'s log ({r.log_path}):\n{r.log_tail(25)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
