"""Replicas of `thumbindex serve --store postgres://…` for the end-to-end tests (stdlib only).

Shared by replicas_test.py and haproxy_test.py:

- `Replica`: one server process on a fixed port (kept across restarts, so a load balancer's
  configuration stays valid), its own `--index-dir`, its log in a file; start, SIGKILL, SIGTERM,
  SIGSTOP/SIGCONT, and the log written since the last start.
- `Http`: a keep-alive HTTP/1.1 client that returns (status, headers, body).
- The log lines that say how a start got each listing (replayed from the change log, loaded,
  rebuilt), in one place so that a change of wording is one edit.
"""
import http.client
import json
import os
import random
import re
import signal
import socket
import subprocess
import threading
import time
import urllib.parse

#: "'live': loaded from DIR/live.thumbidx (store version 12) and replayed 345 changes from the change log up to version 357"
REPLAYED = re.compile(r"'(?P<name>[^']*)': loaded from .* and replayed (?P<count>\d+) changes?")
#: "'live': loaded from DIR/live.thumbidx (store version 357)" (the saved file was current)
LOADED = re.compile(r"'(?P<name>[^']*)': loaded from (?!.* and replayed)")
#: "'live': rebuilding it from the store, because …", "loaded live from …: 3000 items (…), built from the
#: store, in 1.2 s", "… reading every listing again from the store" (and the older wordings)
REBUILT = re.compile(r"rebuilding|building '[^']*' from the store|built from the store|reading every listing again")


class TestFailed(Exception):
    pass


def fail(message):
    raise TestFailed(message)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Http:
    """A keep-alive HTTP/1.1 connection to HOST:PORT (one per thread: not thread-safe)."""

    def __init__(self, port, token=None, host="127.0.0.1", timeout=30):
        self.host, self.port, self.token, self.timeout = host, port, token, timeout
        self.connection = None

    def reset(self):
        if self.connection is not None:
            self.connection.close()
        self.connection = None

    def request(self, method, path, body=None, auth=False, timeout=None):
        """Returns (status, headers as a dict with lower-case names, body bytes). Raises
        OSError/HTTPException when the connection fails (and then starts afresh next time)."""
        if self.connection is None:
            self.connection = http.client.HTTPConnection(self.host, self.port, timeout=timeout or self.timeout)
        elif timeout is not None and self.connection.sock is not None:
            self.connection.sock.settimeout(timeout)
        headers = {}
        if body is not None:
            body = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if auth:
            headers["Authorization"] = f"Bearer {self.token}"
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            data = response.read()
            answer = (response.status, {k.lower(): v for k, v in response.getheaders()}, data)
            if response.getheader("connection", "").lower() == "close":
                self.reset()
            return answer
        except BaseException:
            self.reset()
            raise
        finally:
            if timeout is not None and self.connection is not None and self.connection.sock is not None:
                self.connection.sock.settimeout(self.timeout)

    def get_json(self, path, expect=200):
        status, headers, body = self.request("GET", path)
        if status != expect:
            fail(f"GET {path} on port {self.port} answered {status}, not {expect}: {body[:300]!r}")
        return json.loads(body), headers


def version_of(headers, what):
    """The ThumbIndex-Version header as an int; fails when it is missing or not a number."""
    value = headers.get("thumbindex-version")
    if value is None:
        fail(f"{what}: no ThumbIndex-Version header (headers: {sorted(headers)})")
    try:
        return int(value)
    except ValueError:
        fail(f"{what}: ThumbIndex-Version is {value!r}, not a number")


class Replica:
    """One `thumbindex serve --store STORE --index-dir DIR` process on a fixed port."""

    def __init__(self, binary, name, store, index_dir, token_file, log_path, extra=(), port=None, env=None):
        self.binary, self.name, self.store, self.index_dir = binary, name, store, index_dir
        self.token_file, self.log_path, self.extra = token_file, log_path, list(extra)
        self.port = port or free_port()
        self.env = env
        self.process = None
        self.log = None
        self.log_offset = 0   # where the log of the current start begins
        self.starts = 0
        with open(token_file) as f:
            self.token = f.read().strip()
        self.http = Http(self.port, self.token)

    @property
    def args(self):
        store = [] if self.store is None else ["--store", self.store, "--index-dir", self.index_dir, "--token-file", self.token_file]
        return [self.binary, "serve", "--host", "127.0.0.1", "--port", str(self.port), *store, *self.extra]

    @property
    def pid(self):
        return self.process.pid

    def running(self):
        return self.process is not None and self.process.poll() is None

    def start(self, wait=True, timeout=120):
        """Starts the process; with `wait`, returns once it is ready (`wait_ready`)."""
        os.makedirs(self.index_dir, exist_ok=True)
        self.log = open(self.log_path, "ab")
        self.log_offset = self.log.tell()
        self.log.write(("\n$ " + " ".join(self.args) + "\n").encode())
        self.log.flush()
        self.process = subprocess.Popen(self.args, stdout=self.log, stderr=subprocess.STDOUT,
                                        env={**os.environ, **(self.env or {})})
        self.starts += 1
        self.http.reset()
        if wait:
            self.wait_ready(timeout)
        return self

    def wait_ready(self, timeout=120):
        """Waits until GET /healthz answers 200 (or, on a server without /healthz, until
        GET /api/listings does). Returns the seconds it took."""
        began = time.monotonic()
        deadline = began + timeout
        probe = Http(self.port, timeout=5)
        last = None
        while True:
            if self.process.poll() is not None:
                fail(f"replica {self.name} exited with status {self.process.returncode} at start-up:\n{self.log_tail()}")
            try:
                status, _, body = probe.request("GET", "/healthz")
                if status == 404:
                    status, _, body = probe.request("GET", "/api/listings")
                if status == 200:
                    return time.monotonic() - began
                last = f"{status} {body[:200]!r}"
            except (OSError, http.client.HTTPException) as error:
                probe.reset()
                last = repr(error)
            if time.monotonic() > deadline:
                self.kill()
                fail(f"replica {self.name} was not ready within {timeout} s (last answer: {last}):\n{self.log_tail()}")
            time.sleep(0.05)

    def kill(self):
        """SIGKILL, and reap it."""
        if self.process is not None:
            if self.process.poll() is None:
                self.process.send_signal(signal.SIGCONT)  # a stopped process dies on SIGKILL, but be plain
                self.process.send_signal(signal.SIGKILL)
            self.process.wait()
        self._closed()

    def stop(self, timeout=20):
        """SIGTERM (a graceful stop), and reap it; fails when it takes longer than `timeout`."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)
            self.process.terminate()
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                self._closed()
                fail(f"replica {self.name} did not stop within {timeout} s of SIGTERM:\n{self.log_tail()}")
        self._closed()

    def pause(self):
        self.process.send_signal(signal.SIGSTOP)

    def resume(self):
        self.process.send_signal(signal.SIGCONT)

    def _closed(self):
        self.http.reset()
        if self.log is not None:
            self.log.close()
            self.log = None

    def log_since_start(self):
        """The log written since the last start."""
        try:
            with open(self.log_path, "rb") as f:
                f.seek(self.log_offset)
                return f.read().decode(errors="replace")
        except OSError:
            return ""

    def log_tail(self, lines=40):
        try:
            with open(self.log_path, "rb") as f:
                return b"\n".join(f.read().splitlines()[-lines:]).decode(errors="replace")
        except OSError:
            return "(no log)"

    def start_outcomes(self):
        """How the last start got each listing: {name: ("replayed", n) | ("loaded", 0)} and the
        lines that say a listing was rebuilt."""
        log = self.log_since_start()
        outcomes = {}
        for m in REPLAYED.finditer(log):
            outcomes[m["name"]] = ("replayed", int(m["count"]))
        for m in LOADED.finditer(log):
            outcomes.setdefault(m["name"], ("loaded", 0))
        rebuilt = [line for line in log.splitlines() if REBUILT.search(line)]
        return outcomes, rebuilt


class Workers:
    """Threads that each call `self.run(rng)` (a subclass's loop, until `self.stop` is set), with
    a random generator seeded `seed + i`; started by `with`, stopped and joined at its end."""

    def __init__(self, count, seed):
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self.run, args=(random.Random(seed + i),), daemon=True)
                        for i in range(count)]

    def __enter__(self):
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for t in self.threads:
            t.join()


def quote(text):
    return urllib.parse.quote(text, safe="")
