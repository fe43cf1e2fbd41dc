#!/usr/bin/env python3
"""Memory check of a running `thumbindex serve` under greedy clients.

    memory.py BASE_URL PID [--listing big] [--connections 1000] [--rounds 2] [--bound-mib N] [--growth-mib N]
              [--pipeline 1] [--read-delay 0]

CONNECTIONS clients connect at once and each asks for a page of limit=1000 rows of LISTING (every
client a different page of the whole listing, or of a one-letter search), all requests sent before
any answer is read; this is done ROUNDS times. The server's resident memory (VmRSS, and its peak
VmHWM) is read from /proc/PID/status before, every 20 ms during, and after.

Passes when every request is answered 200, VmRSS stays under BOUND_MIB and rises at most GROWTH_MIB
over the idle server, and a later round does not raise the peak by more than 10% over the first
(memory is reused, not leaked). VmHWM is printed too: it includes the start-up's peak (building the
index), which a burst is not expected to pass. --pipeline N --read-delay S make the clients
greedier: each sends N requests at once and reads nothing for S seconds.
Sends traffic only to BASE_URL (on this machine) and stops by itself.
"""
import argparse
import asyncio
import sys
import time
import urllib.parse


def memory_mib(pid):
    """(VmRSS, VmHWM) of process PID, in MiB."""
    values = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                values[name] = int(value.split()[0]) / 1024
    return values["VmRSS"], values["VmHWM"]


async def read_answer(reader):
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    length = next((int(line.split(":", 1)[1]) for line in lines[1:] if line.lower().startswith("content-length:")), 0)
    await reader.readexactly(length)
    return status, len(head) + length


async def one_client(host, port, path, start, results, pipeline, read_delay):
    try:
        reader, writer = await asyncio.open_connection(host, port)
        await start.wait()
        for i in range(pipeline):
            close = "close" if i == pipeline - 1 else "keep-alive"
            writer.write(f"GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: {close}\r\n\r\n".encode())
        await writer.drain()
        await asyncio.sleep(read_delay)  # a greedy client: asks, and does not read for a while
        for _ in range(pipeline):
            status, size = await asyncio.wait_for(read_answer(reader), timeout=120)
            results.append((status, size))
        writer.close()
    except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError) as error:
        results.append((0, f"{type(error).__name__}: {error}"))


async def sample(pid, stop, samples):
    while not stop.is_set():
        samples.append(memory_mib(pid))
        await asyncio.sleep(0.02)


async def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base")
    parser.add_argument("pid", type=int)
    parser.add_argument("--listing", default="big")
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--pipeline", type=int, default=1, help="requests each client sends before reading")
    parser.add_argument("--read-delay", type=float, default=0, help="seconds each client waits before reading")
    parser.add_argument("--bound-mib", type=float, default=None, help="the most VmRSS may reach during the burst")
    parser.add_argument("--growth-mib", type=float, default=None, help="the most VmRSS may rise over the idle server")
    args = parser.parse_args()
    url = urllib.parse.urlsplit(args.base)
    host, port = url.hostname, url.port or 80

    rss0, hwm0 = memory_mib(args.pid)
    print(f"memory: before: VmRSS {rss0:.0f} MiB, VmHWM {hwm0:.0f} MiB")
    failed = False
    peaks = []
    for round_number in range(1, args.rounds + 1):
        start = asyncio.Event()
        results = []
        paths = []
        for i in range(args.connections):
            if i % 2 == 0:
                paths.append(f"/api/listings/{args.listing}/sections?q=&offset={i * 1000}&limit=1000")
            else:
                paths.append(f"/api/listings/{args.listing}/sections?q={'aeiou'[i % 5]}&offset={i * 100}&limit=1000")
        clients = [asyncio.create_task(one_client(host, port, path, start, results, args.pipeline, args.read_delay)) for path in paths]
        await asyncio.sleep(1.0)  # every client connected, none has asked yet
        stop = asyncio.Event()
        samples = []
        sampler = asyncio.create_task(sample(args.pid, stop, samples))
        began = time.monotonic()
        start.set()
        await asyncio.gather(*clients)
        took = time.monotonic() - began
        stop.set()
        await sampler
        rss, hwm = memory_mib(args.pid)
        ok = sum(1 for status, _ in results if status == 200)
        sizes = [size for status, size in results if status == 200]
        peak_rss = max(s[0] for s in samples) if samples else rss
        peaks.append(peak_rss)
        print(f"memory: round {round_number}: {ok}/{len(results)} answered 200 in {took:.1f} s "
              f"({sum(sizes) / 2**20:.0f} MiB of JSON, {max(sizes, default=0) / 1024:.0f} KiB the largest); "
              f"VmRSS peak {peak_rss:.0f} MiB, after {rss:.0f} MiB; VmHWM {hwm:.0f} MiB")
        errors = [size for status, size in results if status != 200]
        if errors:
            print(f"memory: FAIL: {len(errors)} requests not answered 200, e.g. {errors[:3]}")
            failed = True
    if args.bound_mib is not None and max(peaks) > args.bound_mib:
        print(f"memory: FAIL: VmRSS reached {max(peaks):.0f} MiB, over the bound of {args.bound_mib:.0f} MiB")
        failed = True
    if args.growth_mib is not None and max(peaks) - rss0 > args.growth_mib:
        print(f"memory: FAIL: VmRSS rose {max(peaks) - rss0:.0f} MiB over the idle server, more than {args.growth_mib:.0f} MiB")
        failed = True
    if len(peaks) > 1 and peaks[-1] > peaks[0] * 1.10:
        print(f"memory: FAIL: the peak grew from {peaks[0]:.0f} to {peaks[-1]:.0f} MiB over the rounds")
        failed = True
    if not failed:
        bound = f" (bound {args.bound_mib:.0f} MiB)" if args.bound_mib is not None else ""
        print(f"memory: passed: VmRSS peak {max(peaks):.0f} MiB{bound}, {max(peaks) - rss0:.0f} MiB over the idle server; "
              f"VmHWM (the process's peak, start-up included) {memory_mib(args.pid)[1]:.0f} MiB")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
