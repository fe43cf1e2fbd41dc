import sys, time, subprocess, json
binname, out = sys.argv[1], sys.argv[2]
pid = None
while pid is None:
    r = subprocess.run(['pgrep', '-f', binname + ' serve .*--merge-after'], capture_output=True, text=True)
    if r.stdout.strip(): pid = int(r.stdout.split()[0])
    else: time.sleep(0.3)
rows = []
t0 = time.time()
try:
    while True:
        io = dict(l.split(': ') for l in open(f'/proc/{pid}/io').read().split('\n') if l)
        st = open(f'/proc/{pid}/stat').read().rsplit(')', 1)[1].split()
        # fields after ')': state(0) ppid pgrp session tty tpgid flags minflt(7) cminflt majflt(9)
        rows.append([round(time.time(), 2), int(io['read_bytes']), int(io['write_bytes']), int(st[7]), int(st[9])])
        time.sleep(0.25)
except (FileNotFoundError, ProcessLookupError):
    pass
json.dump({'pid': pid, 'rows': rows}, open(out, 'w'))
