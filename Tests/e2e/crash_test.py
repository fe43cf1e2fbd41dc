#!/usr/bin/env python3
"""Crash test of `thumbindex serve --store`: acknowledged writes survive SIGKILL, whole.

A client streams writes of every kind to a live listing (single inserts with client ids, batches
of 2-50 items with and without ids, replaces by POSTing an existing id, renames and pins by PATCH,
deletes), one at a time, recording each write the server acknowledged (2xx) and the one in
flight. At a random moment the server is killed with SIGKILL; it is restarted on the same store
(no FILE arguments), and then:

  1. every acknowledged write is there with its latest content: GET of every item by id, and the
     full listing read through paged sections answers (limit 1000), match the client's record;
     deleted items answer 404 and are in no section;
  2. the write in flight is all there or all absent: a batch has all of its items or none, a
     rename shows the old text or the new one, a delete left the item whole or removed it;
  3. the index equals a rebuild from the store: the restarted server's full listing (ids, texts,
     sections, their counts and offsets, index titles) equals that of a second server started on a
     copy of the store files (db, -wal, -shm) taken while the first one was dead;
  4. the restart did not rebuild: its log says it loaded the listing from its saved index and
     replayed the change log since (or loaded a saved index that was current), and no line says
     it rebuilt (issue 18 §3).

Before each kill, writes also pause once so that the live index (tail, delta, base after the
compactions and merges that --compact-after 8 --merge-after 200 bring about) can be compared with
a rebuild: the listing served is checked against a second server started on a consistent copy of
the store (SQLite's online backup, taken while the first server runs), and the store's rows (read
with Python's sqlite3) against the client's record.

Usage:
  crash_test.py --binary PATH [--scratch DIR] [--seed N] [--kills 20]

The seed drives the writes and the kill delays (printed at the start; rerun with --seed N to
replay the same writes and delays; which write is in flight still depends on timing). Exits 0
when every check passed, 1 with "CRASH TEST FAILED: ..." on the first lost, changed or
half-applied write, or on a mismatch between the index and the rebuild. Python 3 stdlib only.
"""
import argparse
import http.client
import json
import os
import random
import secrets
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from replica import LOADED, REBUILT, REPLAYED  # noqa: E402  (the log lines of a start, shared with replicas_test.py)

LISTING = "live"
FIRST = ["Anna", "Åsa", "Ängla", "Örjan", "Östen", "Björn", "Cecilia", "David", "Émile", "Erik",
         "Fredrik", "Gösta", "Hanna", "Ida", "Jöns", "Karin", "Lars", "Märta", "Nils", "Olle",
         "Per", "Rut", "Sven", "Tove", "Ulla", "Vera", "Wilma", "Yngve", "Zlatan", "Ольга", "Ζωή",
         "李", "ørjan", "åke", "zoë", "de la Cruz"]
LAST = ["Andersson", "Berg", "Ek", "Forsberg", "Holm", "Lindqvist", "Nyström", "Öberg", "Åkesson",
        "Ärlig", "Sjöberg", "Wallin", "Zetterlund", "Łukasz", "Ibáñez", "Müller"]
INITIAL_ITEMS = 300
#: Above this many items, writes lean to replaces and deletes (every item is read back by id
#: after each kill, so the listing is kept small enough for that to stay quick).
CAP = 1200


class CrashTestFailed(Exception):
    pass


def fail(message):
    raise CrashTestFailed(message)


# MARK: Servers

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """One `thumbindex serve --store DB` process on a free port."""

    def __init__(self, binary, db, token_file, log_path, files=(), extra=()):
        self.port = free_port()
        self.log_path = log_path
        args = [binary, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--store", db,
                "--token-file", token_file, *extra, *files]
        self.log = open(log_path, "ab")
        self.log_offset = self.log.tell()
        self.log.write(("\n$ " + " ".join(args) + "\n").encode())
        self.log.flush()
        self.process = subprocess.Popen(args, stdout=self.log, stderr=subprocess.STDOUT)
        self.http = Http(self.port)
        deadline = time.monotonic() + 120
        while True:
            if self.process.poll() is not None:
                fail(f"the server exited with status {self.process.returncode} at start-up:\n{self.log_tail()}")
            try:
                if self.http.request("GET", "/api/listings")[0] == 200:
                    break
            except (OSError, http.client.HTTPException):
                self.http.reset()
            if time.monotonic() > deadline:
                self.kill()
                fail(f"the server did not answer within 120 s:\n{self.log_tail()}")
            time.sleep(0.02)

    @property
    def pid(self):
        return self.process.pid

    def kill(self):
        """SIGKILL, and reap it."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.http.reset()
        self.log.close()

    def stop(self):
        """SIGTERM (a graceful stop), and reap it."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                fail(f"the server did not stop within 20 s of SIGTERM:\n{self.log_tail()}")
        self.http.reset()
        self.log.close()

    def log_since_start(self):
        with open(self.log_path, "rb") as f:
            f.seek(self.log_offset)
            return f.read().decode(errors="replace")

    def log_tail(self, lines=30):
        try:
            with open(self.log_path, "rb") as f:
                return b"\n".join(f.read().splitlines()[-lines:]).decode(errors="replace")
        except OSError:
            return "(no log)"


class Http:
    """A keep-alive HTTP/1.1 connection to 127.0.0.1:PORT."""

    def __init__(self, port, token=None):
        self.port = port
        self.token = token
        self.connection = None

    def reset(self):
        if self.connection is not None:
            self.connection.close()
        self.connection = None

    def request(self, method, path, body=None, auth=False):
        """Returns (status, body bytes). Raises OSError/HTTPException when the server is gone."""
        if self.connection is None:
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {}
        if body is not None:
            body = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if auth:
            headers["Authorization"] = f"Bearer {self.token}"
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            return response.status, response.read()
        except BaseException:
            self.reset()
            raise

    def get_json(self, path):
        status, body = self.request("GET", path)
        if status != 200:
            fail(f"GET {path} answered {status}: {body[:300]!r}")
        return json.loads(body)


def item_path(item_id):
    return f"/api/listings/{LISTING}/items/{urllib.parse.quote(item_id, safe='')}"


def full_listing(http_):
    """The whole listing through paged sections answers: index titles, sections (title,
    indexTitle, index, count, offset) and every row as (section title, id, text), in order."""
    rows, sections, titles, total, offset = [], None, None, None, 0
    while True:
        page = http_.get_json(f"/api/listings/{LISTING}/sections?q=&offset={offset}&limit=1000")
        summary = [(s["title"], s["indexTitle"], s["index"], s["count"], s["offset"]) for s in page["sections"]]
        if sections is None:
            sections, titles, total = summary, page["indexTitles"], page["total"]
        elif (summary, page["indexTitles"], page["total"]) != (sections, titles, total):
            fail(f"the listing changed between two pages while no write was going on (offset {offset})")
        for s in page["sections"]:
            rows.extend((s["title"], item["id"], item["text"]) for item in s["items"])
        offset += 1000
        if offset >= total:
            break
    if len(rows) != total:
        fail(f"the paged listing has {len(rows)} rows but says total {total}")
    if sum(s[3] for s in sections) != total:
        fail(f"the section counts add up to {sum(s[3] for s in sections)}, not total {total}")
    return {"total": total, "indexTitles": titles, "sections": sections, "rows": rows}


def compare_listings(what, served, rebuilt):
    if served == rebuilt:
        return
    for key in ("total", "indexTitles", "sections"):
        if served[key] != rebuilt[key]:
            fail(f"{what}: {key} differ:\n  served:  {str(served[key])[:600]}\n  rebuilt: {str(rebuilt[key])[:600]}")
    for i, (a, b) in enumerate(zip(served["rows"], rebuilt["rows"])):
        if a != b:
            fail(f"{what}: row {i} differs: served {a}, rebuilt {b}")
    fail(f"{what}: the listings differ")


def store_items(db_copy):
    """id -> (text, reading, pinned) of the listing as the store file holds it (a copy: read-only)."""
    connection = sqlite3.connect(f"file:{db_copy}?mode=ro", uri=True)
    try:
        rows = connection.execute(
            "SELECT i.id, i.text, i.reading, i.pinned FROM item i JOIN listing l ON i.listing = l.key WHERE l.name = ?",
            (LISTING,)).fetchall()
    finally:
        connection.close()
    return {id_: (text, reading, bool(pinned)) for id_, text, reading, pinned in rows}


def backup(db, destination):
    """A consistent copy of the store while its server runs (SQLite's online backup, read-only source)."""
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(destination + suffix):
            os.remove(destination + suffix)
    source = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    target = sqlite3.connect(destination)
    try:
        source.backup(target)
    finally:
        target.close()
        source.close()


def copy_files(db, destination):
    """A copy of the store's files (db, -wal, -shm) while no server has it open."""
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(destination + suffix):
            os.remove(destination + suffix)
        if os.path.exists(db + suffix):
            shutil.copyfile(db + suffix, destination + suffix)


# MARK: Writes

class Write:
    """One write request and what it does to the listing.

    `effects` lists, per item it touches, (id or None for an id the server assigns, new state or
    None for deleted); a state is (text, reading, pinned)."""

    def __init__(self, kind, method, path, body, effects, expected_status):
        self.kind, self.method, self.path, self.body = kind, method, path, body
        self.effects, self.expected_status = effects, expected_status

    def describe(self):
        if self.kind == "batch":
            given = sum(1 for i, _ in self.effects if i is not None)
            return f"batch of {len(self.effects)} items ({given} with ids)"
        item_id = self.effects[0][0]
        return f"{self.kind} of {item_id!r}"


class Client:
    def __init__(self, rng):
        self.rng = rng
        self.model = {}       # id -> (text, reading, pinned): every acknowledged write applied
        self.deleted = set()  # ids deleted and not written since
        self.serial = 0
        self.counts = {}      # kind -> acknowledged writes

    def new_text(self):
        self.serial += 1
        return f"{self.rng.choice(FIRST)} {self.rng.choice(LAST)} {self.serial:05d}"

    def new_id(self):
        self.serial += 1
        return f"c{self.serial}"

    def next_write(self):
        rng = self.rng
        over = len(self.model) > CAP
        ids = list(self.model)  # insertion order of the dict: deterministic for a seed
        kind = rng.choices(["insert", "batch", "rename", "pin", "delete", "replace"],
                           weights=[5 if over else 20, 20, 22, 5, 50 if over else 8, 12])[0]
        if not ids and kind not in ("insert", "batch"):
            kind = "insert"
        if kind == "insert":
            item_id, text, pinned = self.new_id(), self.new_text(), rng.random() < 0.1
            body = {"items": [{"id": item_id, "text": text, "pinned": pinned}]}
            return Write(kind, "POST", f"/api/listings/{LISTING}/items", body, [(item_id, (text, None, pinned))], 201)
        if kind == "replace":
            item_id, text = rng.choice(ids), self.new_text()
            body = {"items": [{"id": item_id, "text": text}]}
            return Write(kind, "POST", f"/api/listings/{LISTING}/items", body, [(item_id, (text, None, False))], 201)
        if kind == "batch":
            count = rng.randint(2, 50)
            # Over the cap a batch replaces items but for two new ones; under it, up to a third.
            existing = rng.sample(ids, min(len(ids), count - 2 if over else rng.randint(0, count // 3)))
            items, effects = [], []
            for position in range(count):
                text = self.new_text()
                if position < len(existing):
                    item_id = existing[position]
                elif rng.random() < 0.5:
                    item_id = self.new_id()
                else:
                    item_id = None
                pinned = rng.random() < 0.05
                item = {"text": text}
                if item_id is not None:
                    item["id"] = item_id
                if pinned:
                    item["pinned"] = True
                items.append(item)
                effects.append((item_id, (text, None, pinned)))
            order = list(range(count))
            rng.shuffle(order)
            items = [items[i] for i in order]
            effects = [effects[i] for i in order]
            return Write(kind, "POST", f"/api/listings/{LISTING}/items", {"items": items}, effects, 201)
        item_id = rng.choice(ids)
        text, reading, pinned = self.model[item_id]
        if kind == "rename":
            new = self.new_text()
            return Write(kind, "PATCH", item_path(item_id), {"text": new}, [(item_id, (new, reading, pinned))], 200)
        if kind == "pin":
            return Write(kind, "PATCH", item_path(item_id), {"pinned": not pinned}, [(item_id, (text, reading, not pinned))], 200)
        return Write(kind, "DELETE", item_path(item_id), None, [(item_id, None)], 204)

    def acknowledge(self, write, response_body):
        """Applies an acknowledged write to the model (ids assigned by the server from its answer)."""
        ids = [item_id for item_id, _ in write.effects]
        if write.kind in ("insert", "replace", "batch"):
            answered = json.loads(response_body)["ids"]
            if len(answered) != len(ids) or any(a != b for a, b in zip(answered, ids) if b is not None):
                fail(f"{write.describe()}: the server answered ids {answered}, expected {ids}")
            ids = answered
        self.apply(write, ids)
        self.counts[write.kind] = self.counts.get(write.kind, 0) + 1

    def apply(self, write, ids):
        for item_id, (_, state) in zip(ids, write.effects):
            if state is None:
                del self.model[item_id]
                self.deleted.add(item_id)
            else:
                self.model[item_id] = state
                self.deleted.discard(item_id)


def stream(client, http_, stop_after=None, killed=None):
    """Sends writes one at a time until `stop_after` seconds have passed, or (with `killed`) until
    the server is gone. Returns (acknowledged writes, the write in flight when the server died)."""
    started = time.monotonic()
    acknowledged = 0
    while True:
        if stop_after is not None and time.monotonic() - started >= stop_after:
            return acknowledged, None
        write = client.next_write()
        try:
            status, body = http_.request(write.method, write.path, write.body, auth=True)
        except (OSError, http.client.HTTPException) as error:
            if killed is not None and killed.is_set():
                return acknowledged, write
            fail(f"{write.method} {write.path} ({write.describe()}) failed while the server was up: {error!r}")
        if status != write.expected_status:
            fail(f"{write.method} {write.path} ({write.describe()}) answered {status}, expected {write.expected_status}: {body[:300]!r}")
        client.acknowledge(write, body)
        acknowledged += 1


# MARK: Checks after a restart

def read_item(http_, item_id):
    """(text, reading, pinned), or None for 404."""
    status, body = http_.request("GET", item_path(item_id))
    if status == 404:
        return None
    if status != 200:
        fail(f"GET {item_path(item_id)} answered {status}: {body[:300]!r}")
    item = json.loads(body)
    if item["id"] != item_id:
        fail(f"GET {item_path(item_id)} answered the item {item['id']!r}")
    return (item["text"], item["reading"], item["pinned"])


def resolve_in_flight(client, http_, write, listing):
    """Decides whether the write in flight was applied whole or not at all (failing when it is
    half there), and brings the model up to date. Returns "applied" or "absent"."""
    listed = {item_id: text for _, item_id, text in listing["rows"]}
    # Items the server has that the client never saw acknowledged: the in-flight batch's new items.
    unknown = {item_id: text for item_id, text in listed.items() if item_id not in client.model}
    applied, absent, assigned = [], [], []
    for item_id, state in write.effects:
        if item_id is None:
            matches = [i for i, text in unknown.items() if text == state[0]]
            applied.append(len(matches) == 1)
            absent.append(not matches)
            assigned.append(matches[0] if matches else None)
            continue
        now = read_item(http_, item_id)
        before = client.model.get(item_id)
        applied.append(now == state)
        absent.append(now == before)
        assigned.append(item_id)
    if all(applied):
        client.apply(write, assigned)
        client.counts["in flight, applied"] = client.counts.get("in flight, applied", 0) + 1
        return "applied"
    if all(absent):
        client.counts["in flight, absent"] = client.counts.get("in flight, absent", 0) + 1
        return "absent"
    there = sum(applied)
    fail(f"the write in flight ({write.describe()}: {write.method} {write.path}) is half-applied after the restart: "
         f"{there} of its {len(write.effects)} item changes are there, {sum(absent)} are as before\n"
         f"  body: {json.dumps(write.body)[:800]}")


def check_model(client, http_, listing, deleted_recently):
    """Every acknowledged write is visible with its latest content, by id and in the listing."""
    for item_id, state in client.model.items():
        now = read_item(http_, item_id)
        if now is None:
            fail(f"LOST WRITE: item {item_id!r} ({state[0]!r}) was acknowledged but GET answers 404 after the restart")
        if now != state:
            fail(f"STALE WRITE: item {item_id!r} is {now} after the restart; the last acknowledged write made it {state}")
    for item_id in deleted_recently:
        if item_id in client.deleted and read_item(http_, item_id) is not None:
            fail(f"RESURRECTED: item {item_id!r} was deleted (acknowledged) but GET still finds it after the restart")
    listed = {}
    for _, item_id, text in listing["rows"]:
        if item_id in listed:
            fail(f"the listing shows item {item_id!r} twice: {listed[item_id]!r} and {text!r}")
        listed[item_id] = text
    expected = {item_id: state[0] for item_id, state in client.model.items()}
    if listed != expected:
        missing = sorted(set(expected) - set(listed))[:10]
        extra = sorted(set(listed) - set(expected))[:10]
        changed = [i for i in expected if i in listed and listed[i] != expected[i]][:10]
        fail(f"the listing served after the restart differs from the acknowledged writes: "
             f"missing {missing}, unexpected {extra}, different text {changed}")
    if listing["total"] != len(expected) or len(listing["rows"]) != len(listed):
        fail(f"the listing has {listing['total']} rows ({len(listed)} different ids) for {len(expected)} items")
    for title, item_id, _ in listing["rows"]:
        if (title == "Favorites") != client.model[item_id][2]:
            fail(f"item {item_id!r} is in section {title!r} but its acknowledged pin is {client.model[item_id][2]}")


def check_store(client, db_copy, what):
    stored = store_items(db_copy)
    if stored != client.model:
        missing = sorted(set(client.model) - set(stored))[:10]
        extra = sorted(set(stored) - set(client.model))[:10]
        changed = [i for i in client.model if i in stored and stored[i] != client.model[i]][:10]
        fail(f"{what}: the store's rows differ from the acknowledged writes: missing {missing}, "
             f"unexpected {extra}, different {changed}")


def check_no_rebuild(server, what):
    """The start's log says the listing came from its saved index, with the change log replayed
    (or current already), and nothing was rebuilt. Returns the changes replayed (0 when loaded)."""
    log = server.log_since_start()
    rebuilt = [line for line in log.splitlines() if REBUILT.search(line)]
    if rebuilt:
        fail(f"{what}: the restart REBUILT instead of replaying the change log:\n  " + "\n  ".join(rebuilt[:5]))
    replayed = [int(m["count"]) for m in REPLAYED.finditer(log) if m["name"] == LISTING]
    if replayed:
        return replayed[0]
    if any(m["name"] == LISTING for m in LOADED.finditer(log)):
        return 0
    fail(f"{what}: the restart's log says neither that '{LISTING}' was replayed from the change log nor that "
         f"it was loaded from its saved index:\n{log[-2000:]}")


# MARK: Main

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True, help="the thumbindex executable (release)")
    parser.add_argument("--scratch", default=".build/e2e/crash", help="folder for the store, copies and logs (emptied first)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the writes and kill delays (default: random, printed)")
    parser.add_argument("--kills", type=int, default=20, help="how many times the server is killed (default 20)")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    print(f"crash test: seed {seed} (rerun with --seed {seed}), {args.kills} kills", flush=True)
    rng = random.Random(seed)

    scratch = args.scratch
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    db = os.path.join(scratch, "crash.db")
    token = secrets.token_urlsafe(24)
    token_file = os.path.join(scratch, "token")
    with open(token_file, "w") as f:
        f.write(token + "\n")
    names = os.path.join(scratch, "initial.txt")
    client = Client(rng)
    initial = [client.new_text() for _ in range(INITIAL_ITEMS)]
    with open(names, "w") as f:
        f.write("\n".join(initial) + "\n")

    def start(store, files=(), extra=(), log="server.log"):
        server = Server(args.binary, store, token_file, os.path.join(scratch, log), files,
                        ("--compact-after", "8", "--merge-after", "200", *extra))
        server.http.token = token
        return server

    def rebuilt_listing(store_copy):
        server = start(store_copy, log="rebuild.log")
        try:
            return full_listing(server.http)
        finally:
            server.stop()

    began = time.monotonic()
    servers = []
    replays = []  # changes replayed at each restart
    try:
        server = start(db, files=[f"{LISTING}={names}"], extra=("--locale", "sv"))
        servers.append(server)
        listing = full_listing(server.http)
        client.model = {item_id: (text, None, False) for _, item_id, text in listing["rows"]}
        if sorted(t for t, _, _ in client.model.values()) != sorted(initial) or len(client.model) != INITIAL_ITEMS:
            fail(f"the first start imported {len(client.model)} items, not the {INITIAL_ITEMS} of {names}")

        for round_ in range(1, args.kills + 1):
            # The live index, after compactions and merges, against a rebuild of a store snapshot.
            stream(client, server.http, stop_after=rng.uniform(0.2, 0.8))
            live = full_listing(server.http)
            snapshot = os.path.join(scratch, "snapshot.db")
            backup(db, snapshot)
            check_store(client, snapshot, f"round {round_}, server running")
            compare_listings(f"round {round_}: the live index against a rebuild from a snapshot of the store",
                             live, rebuilt_listing(snapshot))

            # Writes until SIGKILL at a random moment.
            delay = rng.uniform(0.05, 1.5)
            killed = threading.Event()

            def kill(pid=server.pid):
                killed.set()
                os.kill(pid, signal.SIGKILL)

            timer = threading.Timer(delay, kill)
            deleted_before = set(client.deleted)
            timer.start()
            acknowledged, in_flight = stream(client, server.http, killed=killed)
            timer.join()
            server.kill()
            servers.remove(server)

            # The store as the dead server left it; then the restart, on the same file, no FILE.
            dead_copy = os.path.join(scratch, "after-kill.db")
            copy_files(db, dead_copy)
            server = start(db)
            servers.append(server)
            replayed = check_no_rebuild(server, f"round {round_}")
            replays.append(replayed)
            listing = full_listing(server.http)
            outcome = resolve_in_flight(client, server.http, in_flight, listing) if in_flight else "none"
            check_model(client, server.http, listing, client.deleted - deleted_before)
            check_store(client, dead_copy, f"round {round_}, after the kill")
            compare_listings(f"round {round_}: the restarted server against a rebuild from a copy of the store",
                             listing, rebuilt_listing(dead_copy))
            flight = f"{in_flight.describe()} → {outcome}" if in_flight else "none"
            start_how = f"replayed {replayed} changes" if replayed else "saved index current"
            print(f"kill {round_:2d}/{args.kills} at {delay:.2f} s: {acknowledged} writes acknowledged; "
                  f"in flight: {flight}; restart: {start_how}; {len(client.model)} items, all there", flush=True)

        # Every item ever deleted is still gone.
        for item_id in client.deleted:
            if read_item(server.http, item_id) is not None:
                fail(f"RESURRECTED: item {item_id!r} was deleted but GET finds it")
        server.stop()
        servers.remove(server)
    except CrashTestFailed as error:
        print(f"\nCRASH TEST FAILED (seed {seed}): {error}", file=sys.stderr)
        for s in servers:
            print(f"--- log of the server (pid {s.pid}):\n{s.log_tail()}", file=sys.stderr)
        return 1
    finally:
        for s in servers:
            if s.process.poll() is None:
                s.kill()

    merges = 0
    with open(os.path.join(scratch, "server.log"), errors="replace") as f:
        merges = sum(1 for line in f if "pending edits into a new base" in line)
    writes = ", ".join(f"{client.counts.get(kind, 0)} {kind}" for kind in
                       ("insert", "batch", "replace", "rename", "pin", "delete", "in flight, applied", "in flight, absent"))
    print(f"crash test passed (seed {seed}): {args.kills} kills in {time.monotonic() - began:.0f} s; "
          f"acknowledged writes: {writes}; {merges} merges logged; {len(client.model)} items at the end, "
          f"{len(client.deleted)} deleted ones gone; restarts: {sum(1 for n in replays if n)} replayed the change log "
          f"({sum(replays)} changes), {sum(1 for n in replays if not n)} found their saved index current, none rebuilt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
