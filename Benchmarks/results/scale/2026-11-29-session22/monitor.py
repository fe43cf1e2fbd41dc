#!/usr/bin/env python3
"""monitor.py OUT: every 0.5 s, the server's major/minor faults and how much of its scratch files
and saved index is in the page cache (fincore), as JSON lines."""
import json, os, subprocess, sys, time
out = open(sys.argv[1], "w")
pid = None
while True:
    if pid is None or not os.path.exists(f"/proc/{pid}"):
        pids = subprocess.run(["pgrep", "-f", "s22-.* serve"], capture_output=True, text=True).stdout.split()
        pid = pids[0] if pids else None
        if pid is None:
            time.sleep(0.5); continue
    try:
        f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        minflt, majflt = int(f[7]), int(f[9])
        kinds = {}
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try: target = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError: continue
            kind = "scratch" if "thumbindex-scratch" in target else "saved" if target.endswith(".thumbidx") or ".thumbidx" in target else None
            if not kind: continue
            r = subprocess.run(["fincore", "-b", "-n", "-o", "RES,SIZE", f"/proc/{pid}/fd/{fd}"], capture_output=True, text=True).stdout.split()
            if len(r) >= 2:
                k = kinds.setdefault(kind, [0, 0, 0]); k[0] += int(r[0]); k[1] += int(r[1]); k[2] += 1
        out.write(json.dumps({"t": round(time.time(), 2), "majflt": majflt, "minflt": minflt,
                              **{k: [round(v[0] / 2**20), round(v[1] / 2**20), v[2]] for k, v in kinds.items()}}) + "\n")
        out.flush()
    except (FileNotFoundError, ProcessLookupError):
        pid = None
    time.sleep(0.5)
