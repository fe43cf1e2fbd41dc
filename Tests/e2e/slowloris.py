#!/usr/bin/env python3
"""Slowloris check of a running `thumbindex serve`: slow clients must not stop a normal one.

    slowloris.py BASE_URL [--attackers 500] [--seconds 15] [--path PATH] [--budget-ms 100]

Opens ATTACKERS connections that each send a request head one byte a second and never finish it
(when the server closes one, after its --header-timeout, it is opened again at once, so the
attack stays at full strength). Meanwhile a normal client types: every 50 ms a keystroke request
(q = a prefix of a name, growing and shrinking), half on a kept-alive connection, half on a fresh
connection each (so that the server's accept under load is measured too). Every normal request
must be answered 200 within BUDGET_MS; prints max, p99 and p50, and how often the server cut off
an attacker.

Exit status: 0 when every normal request was answered 200 within the budget, 1 otherwise.
Sends traffic only to BASE_URL (which should be on this machine), and stops by itself.
"""
import argparse
import asyncio
import statistics
import sys
import time
import urllib.parse

WORDS = ["anna", "bertil", "chloe", "erik", "johansson", "maria", "zoe", "lind", "berg", "ström"]


def parse_base(base):
    url = urllib.parse.urlsplit(base)
    return url.hostname, url.port or 80


async def attacker(host, port, stop_at, stats):
    """Trickles a head one byte a second; reconnects whenever the server closes the connection."""
    head = b"GET /api/listings HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slowloris\r\nX-Padding: " + b"a" * 4000
    while time.monotonic() < stop_at:
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError:
            stats["connect_errors"] += 1
            await asyncio.sleep(0.5)
            continue
        stats["opened"] += 1
        opened = time.monotonic()
        try:
            for byte in head:
                if time.monotonic() >= stop_at:
                    break
                writer.write(bytes([byte]))
                await writer.drain()
                # A second between bytes, but wake at once if the server closes the connection.
                try:
                    data = await asyncio.wait_for(reader.read(4096), timeout=1.0)
                    if not data:
                        raise ConnectionResetError
                except asyncio.TimeoutError:
                    pass
        except (ConnectionError, OSError):
            stats["cut_off"] += 1
            stats["lifetimes"].append(time.monotonic() - opened)
        finally:
            writer.close()


async def read_answer(reader):
    """Reads one HTTP/1.1 answer with a Content-Length body; returns (status, body)."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip())
    body = await reader.readexactly(length)
    return status, body


async def normal_client(host, port, path_for, stop_at, stats):
    """A keystroke every 50 ms; even ones on a kept-alive connection, odd ones on a fresh one."""
    kept = None
    n = 0
    while time.monotonic() < stop_at:
        path = path_for(n)
        request = f"GET {path} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode()
        started = time.monotonic()
        try:
            if n % 2 == 0:
                if kept is None:
                    kept = await asyncio.open_connection(host, port)
                reader, writer = kept
            else:
                reader, writer = await asyncio.open_connection(host, port)
            writer.write(request)
            await writer.drain()
            status, _ = await asyncio.wait_for(read_answer(reader), timeout=5)
            elapsed = (time.monotonic() - started) * 1000
            stats["latencies"].append(elapsed)
            if status != 200:
                stats["errors"].append(f"{path}: status {status}")
            if n % 2 == 1:
                writer.close()
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError) as error:
            stats["errors"].append(f"{path}: {type(error).__name__} {error}")
            if n % 2 == 0:
                kept = None
        n += 1
        await asyncio.sleep(max(0.0, 0.05 - (time.monotonic() - started)))
    if kept:
        kept[1].close()


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base")
    parser.add_argument("--attackers", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--listing", default="contacts")
    parser.add_argument("--budget-ms", type=float, default=100)
    args = parser.parse_args()
    host, port = parse_base(args.base)

    def path_for(n):
        word = WORDS[(n // 12) % len(WORDS)]
        k = n % 12
        q = word[: min(k, 12 - k) + 1]  # grows and shrinks as a person types and deletes
        return f"/api/listings/{args.listing}/sections?q={urllib.parse.quote(q)}&offset=0&limit=100"

    stats = {"opened": 0, "cut_off": 0, "connect_errors": 0, "lifetimes": [], "latencies": [], "errors": []}
    start = time.monotonic()
    stop_at = start + args.seconds
    attackers = []
    for _ in range(args.attackers):
        attackers.append(asyncio.create_task(attacker(host, port, stop_at, stats)))
        await asyncio.sleep(0.002)  # 500 connections in about a second
    await asyncio.sleep(1.0)  # every attacker is in before the normal client starts
    print(f"slowloris: {stats['opened']} attacking connections open, trickling a head byte a second")
    await normal_client(host, port, path_for, stop_at, stats)
    await asyncio.gather(*attackers, return_exceptions=True)

    latencies = stats["latencies"]
    lifetimes = stats["lifetimes"]
    print(f"slowloris: {stats['opened']} attacking connections opened in {args.seconds:.0f} s, "
          f"{stats['cut_off']} cut off by the server"
          + (f" (after {statistics.median(lifetimes):.1f} s median)" if lifetimes else "")
          + f", {stats['connect_errors']} connect errors")
    failed = False
    if not latencies:
        print("slowloris: FAIL: no normal request was answered")
        return 1
    worst = max(latencies)
    print(f"slowloris: normal client: {len(latencies)} requests, p50 {percentile(latencies, 50):.1f} ms, "
          f"p99 {percentile(latencies, 99):.1f} ms, max {worst:.1f} ms (budget {args.budget_ms:.0f} ms), "
          f"{len(stats['errors'])} errors")
    for error in stats["errors"][:10]:
        print(f"slowloris: FAIL: {error}")
        failed = True
    if worst > args.budget_ms:
        slow = sum(1 for value in latencies if value > args.budget_ms)
        print(f"slowloris: FAIL: {slow} normal requests took longer than {args.budget_ms:.0f} ms")
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
