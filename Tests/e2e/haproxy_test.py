#!/usr/bin/env python3
"""HAProxy in front of three replicas, one of them killed under a keystroke load (issue 18 §5).

A throw-away PostgreSQL (postgres.py), three replicas `thumbindex serve --store postgres://…`
(each its own --index-dir, the bundled contacts imported by the first), and HAProxy (Debian's
2.6) configured from Tests/e2e/haproxy.cfg: health checks on /healthz, retries, redispatch and
retry-on for the idempotent GETs. Several client threads type names through HAProxy, one
keystroke after another (GET /api/listings/contacts/sections?q=PREFIX&limit=50, keep-alive,
no retries of their own). Then:

  1. before: a few seconds of the steady load;
  2. during: replica r2 is killed with SIGKILL; HAProxy must take it out (its stats socket says
     DOWN) and no keystroke may fail: HAProxy resends the ones in flight to another replica;
  3. after: r2 is restarted on its --index-dir; HAProxy must mark it UP again and send it
     keystrokes (its session count grows); GET /healthz through HAProxy answers 200.

Prints the failed keystrokes (goal 0) and p50/p99/max latency before, during (the kill and the
3 s after it) and after, how long HAProxy took to take r2 out and to bring it back. Fails when any
keystroke failed, when HAProxy did not take r2 out or back, or r2 got no keystrokes after.

Usage:
  haproxy_test.py --binary PATH [--scratch DIR] [--clients 4] [--think-ms 10] [--sqlite]

Python 3 stdlib only; needs haproxy and PostgreSQL (scripts/test installs them).
"""
import argparse
import csv
import http.client
import io
import json
import os
import secrets
import shutil
import signal
import socket
import string
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from postgres import Postgres  # noqa: E402
from replica import Http, Replica, TestFailed, Workers, fail, free_port, quote  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
KILL_WINDOW = 3.0   # seconds after the kill counted as "during"


def log(message):
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


def percentile(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p / 100))]


class HAProxy:
    """`haproxy -db -f CFG` (in the foreground, as a child), configured from the template."""

    def __init__(self, scratch, replicas, template_path, health_path="/healthz"):
        self.port = free_port()
        self.stats_socket = os.path.join(scratch, "haproxy.sock")
        self.config = os.path.join(scratch, "haproxy.cfg")
        self.log_path = os.path.join(scratch, "haproxy.log")
        with open(template_path) as f:
            template = string.Template(f.read())
        values = {"bind": f"127.0.0.1:{self.port}", "stats_socket": self.stats_socket, "health_path": health_path,
                  **{f"r{i + 1}": f"127.0.0.1:{r.port}" for i, r in enumerate(replicas)}}
        text = template.safe_substitute(values)
        for key in values:
            if "${" + key + "}" in text:
                fail(f"haproxy.cfg: ${{{key}}} was not substituted")
        with open(self.config, "w") as f:
            f.write(text)
        check = subprocess.run(["haproxy", "-c", "-f", self.config], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if check.returncode != 0:
            fail(f"haproxy -c -f {self.config} refuses the configuration:\n{check.stdout.decode(errors='replace')}")
        self.log = open(self.log_path, "ab")
        self.process = subprocess.Popen(["haproxy", "-db", "-f", self.config], stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while not os.path.exists(self.stats_socket):
            if self.process.poll() is not None or time.monotonic() > deadline:
                fail(f"haproxy did not start:\n{self.log_tail()}")
            time.sleep(0.05)

    def command(self, line):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(5)
            s.connect(self.stats_socket)
            s.sendall(line.encode() + b"\n")
            chunks = []
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                chunks.append(chunk)
        return b"".join(chunks).decode(errors="replace")

    def servers(self, backend="reads", with_backend=False):
        """{server: {"status": "UP"/"DOWN"/…, "stot": sessions, …}} from `show stat` (and the
        backend's own row as "BACKEND" with `with_backend`)."""
        text = self.command("show stat")
        lines = [line for line in text.splitlines() if line.strip()]
        header = lines[0].lstrip("# ").split(",")
        result = {}
        for row in csv.reader(io.StringIO("\n".join(lines[1:]))):
            entry = dict(zip(header, row))
            if entry.get("pxname") == backend and (entry.get("svname") != "FRONTEND"
                                                   and (with_backend or entry.get("svname") != "BACKEND")):
                result[entry["svname"]] = entry
        return result

    def status(self, server):
        return self.servers()[server]["status"].split()[0]

    def wait_status(self, server, wanted, timeout):
        began = time.monotonic()
        while True:
            status = self.status(server)
            if status == wanted:
                return time.monotonic() - began
            if time.monotonic() - began > timeout:
                fail(f"HAProxy did not mark {server} {wanted} within {timeout} s (it says {status}):\n{self.log_tail()}")
            time.sleep(0.05)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()

    def log_tail(self, lines=20):
        try:
            with open(self.log_path, "rb") as f:
                return b"\n".join(f.read().splitlines()[-lines:]).decode(errors="replace")
        except OSError:
            return "(no log)"


class Load(Workers):
    """Client threads typing names through HAProxy, one keystroke after another."""

    def __init__(self, port, names, clients, think, seed):
        self.port, self.names, self.think = port, names, think
        self.samples = []   # (start time, latency s, ok, what)
        super().__init__(clients, seed)

    def run(self, rng):
        http_ = Http(self.port, timeout=10)
        while not self.stop.is_set():
            name = rng.choice(self.names)
            for n in range(1, min(len(name), 10) + 1):
                if self.stop.is_set():
                    break
                path = f"/api/listings/contacts/sections?q={quote(name[:n])}&limit=50"
                started = time.monotonic()
                try:
                    status, _, body = http_.request("GET", path)
                    ok = status == 200
                    what = None if ok else f"{status} {body[:120]!r}"
                    if ok:
                        json.loads(body)["total"]
                except (OSError, http.client.HTTPException, ValueError, KeyError) as error:
                    ok, what = False, repr(error)
                elapsed = time.monotonic() - started
                with self.lock:
                    self.samples.append((started, elapsed, ok, None if ok else f"GET {path}: {what}"))
                self.stop.wait(self.think)

    def window(self, begin, end):
        with self.lock:
            return [s for s in self.samples if begin <= s[0] < end]


def figures(samples):
    latencies = [s[1] * 1000 for s in samples]
    failed = [s for s in samples if not s[2]]
    return {"keystrokes": len(samples), "failed": len(failed), "p50": percentile(latencies, 50),
            "p99": percentile(latencies, 99), "max": max(latencies) if latencies else float("nan")}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True, help="the thumbindex executable (release)")
    parser.add_argument("--scratch", default=".build/e2e/haproxy", help="folder for logs, index dirs, the config (emptied first)")
    parser.add_argument("--clients", type=int, default=4, help="client threads typing (default 4)")
    parser.add_argument("--think-ms", type=float, default=10, help="pause between two keystrokes of a client (default 10)")
    parser.add_argument("--phase", type=float, default=4.0, help="seconds of load before the kill and after the rejoin (default 4)")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--config", default=os.path.join(HERE, "haproxy.cfg"),
                        help="the HAProxy configuration template (default Tests/e2e/haproxy.cfg)")
    parser.add_argument("--sqlite", action="store_true", help="the replicas share a SQLite file instead of PostgreSQL")
    parser.add_argument("--without-store", action="store_true",
                        help="harness check only: replicas without --store, HAProxy checking /api/listings "
                             "(for a server that has neither PostgreSQL nor /healthz yet)")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    scratch = os.path.abspath(args.scratch)
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    token_file = os.path.join(scratch, "token")
    with open(token_file, "w") as f:
        f.write(secrets.token_urlsafe(24) + "\n")
    began = time.monotonic()
    log(f"haproxy test: seed {seed}, {args.clients} clients, a keystroke every {args.think_ms:.0f} ms each")

    pg = None
    replicas = []
    proxy = None
    try:
        if args.without_store:
            store = None
        elif args.sqlite:
            store = os.path.join(scratch, "store.db")
        else:
            pg = Postgres(log_copy=os.path.join(scratch, "postgres.log"))
            store = pg.url
        for i in range(3):
            replicas.append(Replica(os.path.abspath(args.binary), f"r{i + 1}", store, os.path.join(scratch, f"index-r{i + 1}"),
                                    token_file, os.path.join(scratch, f"replica-r{i + 1}.log")))
        replicas[0].start()  # the first start on an empty database imports the bundled contacts
        for r in replicas[1:]:
            r.start(wait=False)
        for r in replicas[1:]:
            r.wait_ready()
        proxy = HAProxy(scratch, replicas, args.config, health_path="/api/listings" if args.without_store else "/healthz")
        for r in replicas:
            proxy.wait_status(r.name, "UP", 20)
        log(f"HAProxy on port {proxy.port} over replicas on ports {[r.port for r in replicas]}: all UP")

        front = Http(proxy.port, timeout=10)
        status, _, body = front.request("GET", "/healthz")
        if not args.without_store and status != 200:
            fail(f"GET /healthz through HAProxy answered {status}: {body[:300]!r}")
        page, _ = front.get_json("/api/listings/contacts/sections?q=&limit=1000")
        names = [item["text"] for s in page["sections"] for item in s["items"]]
        if len(names) < 100:
            fail(f"the contacts listing has {len(names)} items through HAProxy")

        victim = replicas[1]
        with Load(proxy.port, names, args.clients, args.think_ms / 1000, seed) as load:
            time.sleep(1.0)  # warm-up, not counted
            t_before = time.monotonic()
            time.sleep(args.phase)
            t_kill = time.monotonic()
            victim.kill()
            log(f"{victim.name} killed (SIGKILL) under the load")
            out_after = proxy.wait_status(victim.name, "DOWN", 15)
            time.sleep(max(0.0, t_kill + KILL_WINDOW + 1 - time.monotonic()))
            restarted = time.monotonic()
            ready = victim.start(wait=False).wait_ready()
            back_after = proxy.wait_status(victim.name, "UP", 20)
            t_up = time.monotonic()
            sessions_at_up = int(proxy.servers()[victim.name]["stot"] or 0)
            time.sleep(args.phase)
            t_end = time.monotonic()
            stats = proxy.servers(with_backend=True)
            sessions_after = int(stats[victim.name]["stot"] or 0)

        before = figures(load.window(t_before, t_kill))
        during = figures(load.window(t_kill, t_kill + KILL_WINDOW))
        gap = figures(load.window(t_kill + KILL_WINDOW, t_up))
        after = figures(load.window(t_up, t_end))
        everything = figures(load.window(t_before, t_end))
        failed = [s for s in load.window(t_before, t_end) if not s[2]]
        outcomes, rebuilt = victim.start_outcomes()

        def row(label, f):
            return (f"  {label:<28} {f['keystrokes']:6d} keystrokes, {f['failed']:3d} failed, "
                    f"p50 {f['p50']:6.1f} ms, p99 {f['p99']:6.1f} ms, max {f['max']:7.1f} ms")

        print("haproxy test figures:")
        print(row("before the kill", before))
        print(row(f"during (kill + {KILL_WINDOW:.0f} s)", during))
        print(row("r2 down, until it is back", gap))
        print(row("after r2 rejoined", after))
        print(row("all", everything))
        print(f"  HAProxy took {victim.name} out {out_after:.2f} s after the kill; restarted, it was ready in "
              f"{ready:.2f} s ({', '.join(f'{n} {o[0]}' for n, o in sorted(outcomes.items())) or 'no load lines'}) "
              f"and UP in HAProxy {back_after:.2f} s later; it took {sessions_after - sessions_at_up} sessions after rejoining")
        backend = stats["BACKEND"]
        print(f"  HAProxy's reads backend: {backend.get('wretr') or 0} retries, {backend.get('wredis') or 0} redispatches, "
              f"{backend.get('econ') or 0} connection errors, {backend.get('eresp') or 0} response errors "
              f"(r2: {stats[victim.name].get('econ') or 0} connection errors, {stats[victim.name].get('eresp') or 0} response errors)")
        print(f"  {everything['failed']} failed keystrokes (goal 0)", flush=True)

        if failed:
            fail(f"{len(failed)} keystrokes failed through HAProxy; the first: " + "; ".join(s[3] for s in failed[:3]))
        if sessions_after <= sessions_at_up:
            fail(f"{victim.name} is UP in HAProxy but got no keystrokes in the {args.phase:.0f} s after it rejoined")
        status, _, body = front.request("GET", "/healthz")
        if not args.without_store and status != 200:
            fail(f"GET /healthz through HAProxy answered {status} after the rejoin: {body[:300]!r}")
        if rebuilt and not args.without_store:
            print(f"  note: {victim.name} rebuilt at its restart: {rebuilt[:2]}")
        log(f"haproxy test passed in {time.monotonic() - began:.0f} s")
        return 0
    except TestFailed as error:
        print(f"\nHAPROXY TEST FAILED (seed {seed}): {error}", file=sys.stderr)
        for r in replicas:
            print(f"--- the last lines of replica {r.name}'s log ({r.log_path}):\n{r.log_tail(15)}", file=sys.stderr)
        return 1
    finally:
        if proxy is not None:
            proxy.stop()
        for r in replicas:
            if r.running():
                r.kill()
        if pg is not None:
            pg.destroy()


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    sys.exit(main())
