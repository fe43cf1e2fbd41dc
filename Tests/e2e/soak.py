#!/usr/bin/env python3
"""Soak test of a running `thumbindex serve --store ... --token-file ...`: a steady mix of keystroke
reads and writes for a long time, watching latency and memory.

    soak.py BASE_URL PID TOKEN_FILE [--minutes 30] [--reads-per-second 40] [--writes-per-second 2]
            [--listing contacts] [--json PATH]

Reads: keystroke requests (q = a growing and shrinking prefix of a name, limit=100) at a fixed
rate over 4 kept-alive connections, as people typing would send them. Writes: a cycle of POST (add
an item), PATCH (rename it) and DELETE (of the oldest once 50 are in), so the listing's size stays
steady and memory has no reason to grow; the store compacts and merges underneath as usual.

Every minute prints p50/p99/max of the reads and of the writes, the errors, and the server's
VmRSS (from /proc/PID/status). Passes when:
  - there are no errors (every read 200, every write 201/200/204, no socket error or timeout);
  - p99 is steady: the last minute's read p99 is within 2x of the second minute's (the first
    minute warms up);
  - resident memory is flat: VmRSS at the end is less than 5% above VmRSS at the end of the
    first minute.
Sends traffic only to BASE_URL (on this machine) and stops by itself after --minutes.
"""
import argparse
import asyncio
import json
import sys
import time
import urllib.parse

WORDS = ["anna", "bertil", "chloe", "erik", "johansson", "maria", "zoe", "lind", "berg", "ström", "ngu", "ols"]


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def percentile(values, p):
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class Connection:
    """One kept-alive HTTP/1.1 connection; reconnects after the server closes it (idle timeout)."""

    def __init__(self, host, port):
        self.host, self.port = host, port
        self.reader = self.writer = None

    async def request(self, method, path, body=None, headers=None):
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        data = json.dumps(body).encode() if body is not None else b""
        lines = [f"{method} {path} HTTP/1.1", "Host: localhost", f"Content-Length: {len(data)}"]
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        if body is not None:
            lines.append("Content-Type: application/json")
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + data)
        try:
            await self.writer.drain()
            head = await asyncio.wait_for(self.reader.readuntil(b"\r\n\r\n"), timeout=10)
            head_lines = head.decode("latin-1").split("\r\n")
            status = int(head_lines[0].split()[1])
            length = next((int(l.split(":", 1)[1]) for l in head_lines[1:] if l.lower().startswith("content-length:")), 0)
            payload = await asyncio.wait_for(self.reader.readexactly(length), timeout=10)
            return status, payload
        except BaseException:
            self.close()
            raise

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Minute:
    def __init__(self):
        self.reads, self.writes, self.errors = [], [], []


async def reader_task(host, port, listing, rate, stop_at, minute_of, minutes, worker):
    connection = Connection(host, port)
    interval = 1.0 / rate
    next_at = time.monotonic() + worker * interval / 4
    n = worker * 1000
    while True:
        now = time.monotonic()
        if next_at >= stop_at:
            break
        if next_at > now:
            await asyncio.sleep(next_at - now)
        word = WORDS[(n // 10) % len(WORDS)]
        k = n % 10
        q = word[: min(k, 10 - k) + 1]
        path = f"/api/listings/{listing}/sections?q={urllib.parse.quote(q)}&offset=0&limit=100"
        started = time.monotonic()
        bucket = minutes[minute_of(started)]
        try:
            status, _ = await connection.request("GET", path)
            bucket.reads.append((time.monotonic() - started) * 1000)
            if status != 200:
                bucket.errors.append(f"GET {path}: {status}")
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError) as error:
            bucket.errors.append(f"GET {path}: {type(error).__name__} {error}")
        n += 1
        next_at += interval
    connection.close()


async def writer_task(host, port, listing, token, rate, stop_at, minute_of, minutes):
    connection = Connection(host, port)
    auth = {"Authorization": f"Bearer {token}"}
    interval = 1.0 / rate
    next_at = time.monotonic()
    ids = []
    n = 0
    base = f"/api/listings/{listing}/items"
    while next_at < stop_at:
        now = time.monotonic()
        if next_at > now:
            await asyncio.sleep(next_at - now)
        step = n % 3
        started = time.monotonic()
        bucket = minutes[minute_of(started)]
        try:
            if step == 0:
                status, payload = await connection.request("POST", base, {"items": [{"text": f"Soak {n:06d}"}]}, auth)
                ok = status == 201
                if ok:
                    ids.append(json.loads(payload)["ids"][0])
            elif step == 1 and ids:
                status, _ = await connection.request("PATCH", f"{base}/{ids[-1]}", {"text": f"Soak renamed {n:06d}"}, auth)
                ok = status == 200
            elif len(ids) > 50:
                status, _ = await connection.request("DELETE", f"{base}/{ids.pop(0)}", None, auth)
                ok = status == 204
            else:
                status, ok = None, True
            if status is not None:
                bucket.writes.append((time.monotonic() - started) * 1000)
                if not ok:
                    bucket.errors.append(f"write step {step}: status {status}")
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError, KeyError) as error:
            bucket.errors.append(f"write step {step}: {type(error).__name__} {error}")
        n += 1
        next_at += interval
    # Leave the listing as it was.
    for item in ids:
        try:
            await connection.request("DELETE", f"{base}/{item}", None, auth)
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError):
            pass
    connection.close()


async def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base")
    parser.add_argument("pid", type=int)
    parser.add_argument("token_file")
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--reads-per-second", type=float, default=40)
    parser.add_argument("--writes-per-second", type=float, default=2)
    parser.add_argument("--listing", default="contacts")
    parser.add_argument("--json", help="write the per-minute figures to this file")
    parser.add_argument("--minute-seconds", type=float, default=60, help=argparse.SUPPRESS)  # to try the script quickly
    args = parser.parse_args()
    url = urllib.parse.urlsplit(args.base)
    host, port = url.hostname, url.port or 80
    token = open(args.token_file).read().strip()

    count = max(1, int(round(args.minutes)))
    minutes = [Minute() for _ in range(count + 1)]
    start = time.monotonic()
    stop_at = start + args.minutes * args.minute_seconds

    def minute_of(moment):
        return min(count, int((moment - start) // args.minute_seconds))

    print(f"soak: {args.minutes:g} min, {args.reads_per_second:g} reads/s and {args.writes_per_second:g} writes/s "
          f"against {args.base} (pid {args.pid}); VmRSS at start {rss_mib(args.pid):.1f} MiB")
    print("soak: minute  reads  p50 ms  p99 ms  max ms | writes  p50 ms  p99 ms | errors | VmRSS MiB")
    tasks = [asyncio.create_task(reader_task(host, port, args.listing, args.reads_per_second / 4, stop_at, minute_of, minutes, w))
             for w in range(4)]
    tasks.append(asyncio.create_task(writer_task(host, port, args.listing, token, args.writes_per_second, stop_at,
                                                 minute_of, minutes)))
    rows = []
    for m in range(count):
        await asyncio.sleep(max(0.0, start + (m + 1) * args.minute_seconds - time.monotonic()))
        if m + 1 == count:
            await asyncio.gather(*tasks)
        bucket = minutes[m]
        row = {"minute": m + 1, "reads": len(bucket.reads), "read_p50": percentile(bucket.reads, 50),
               "read_p99": percentile(bucket.reads, 99), "read_max": max(bucket.reads, default=0),
               "writes": len(bucket.writes), "write_p50": percentile(bucket.writes, 50),
               "write_p99": percentile(bucket.writes, 99), "errors": len(bucket.errors), "rss": rss_mib(args.pid)}
        rows.append(row)
        print(f"soak: {row['minute']:6d} {row['reads']:6d} {row['read_p50']:7.2f} {row['read_p99']:7.2f} {row['read_max']:7.1f} | "
              f"{row['writes']:6d} {row['write_p50']:7.2f} {row['write_p99']:7.2f} | {row['errors']:6d} | {row['rss']:9.1f}",
              flush=True)
        for error in bucket.errors[:3]:
            print(f"soak:   error: {error}")
    errors = sum(row["errors"] for row in rows) + len(minutes[count].errors)
    failures = []
    if errors:
        failures.append(f"{errors} errors")
    if len(rows) >= 3 and rows[-1]["read_p99"] > 2 * rows[1]["read_p99"]:
        failures.append(f"read p99 not steady: {rows[-1]['read_p99']:.2f} ms in the last minute, "
                        f"{rows[1]['read_p99']:.2f} ms in the second")
    growth = (rows[-1]["rss"] - rows[0]["rss"]) / rows[0]["rss"] * 100 if rows else 0
    if len(rows) >= 2 and growth >= 5:
        failures.append(f"VmRSS grew {growth:.1f}% after the first minute ({rows[0]['rss']:.1f} -> {rows[-1]['rss']:.1f} MiB)")
    reads = sum(row["reads"] for row in rows)
    writes = sum(row["writes"] for row in rows)
    print(f"soak: {reads} reads, {writes} writes, {errors} errors; read p99 minute 2 "
          f"{rows[1]['read_p99'] if len(rows) > 1 else 0:.2f} ms, last minute {rows[-1]['read_p99']:.2f} ms; "
          f"VmRSS {rows[0]['rss']:.1f} MiB after minute 1, {rows[-1]['rss']:.1f} MiB at the end ({growth:+.1f}%)")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"minutes": rows, "errors": errors, "rss_growth_percent": growth}, out, indent=1)
    if failures:
        for failure in failures:
            print(f"soak: FAIL: {failure}")
        return 1
    print("soak: passed")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
