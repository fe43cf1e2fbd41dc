#!/usr/bin/env python3
"""canary.py OUT: a process apart from the server, at nice -15, that sleeps 2 ms in a loop and
records every wake-up later than 10 ms, with the VM's steal time and iowait each 0.5 s."""
import json, os, sys, time
os.nice(int(sys.argv[2]) if len(sys.argv) > 2 else -15)
out = open(sys.argv[1], "w")
def stat():
    f = open("/proc/stat").readline().split()[1:]
    return int(f[4]), int(f[7])  # iowait, steal (clock ticks)
last_stat, (iow, steal) = time.monotonic(), stat()
while True:
    t0 = time.monotonic()
    time.sleep(0.002)
    t1 = time.monotonic()
    if t1 - t0 > 0.010:
        out.write(json.dumps({"t": round(time.time() - (t1 - t0), 3), "gap_ms": round((t1 - t0) * 1000, 1)}) + "\n"); out.flush()
    if t1 - last_stat > 0.5:
        i2, s2 = stat()
        if s2 != steal:
            out.write(json.dumps({"t": round(time.time(), 2), "steal_ticks": s2 - steal, "iowait_ticks": i2 - iow}) + "\n"); out.flush()
        iow, steal, last_stat = i2, s2, t1
