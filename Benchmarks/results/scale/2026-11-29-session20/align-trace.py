import json, re, sys
run, trace = sys.argv[1], sys.argv[2]
start = float(open(trace + '.start').read())
typ = json.load(open(run + '/typing-tiered.json'))
w0 = typ['writes_started_unix']
slow = sorted([k for k in typ['each_s_ms_length'] if k[1] > 30], key=lambda k: k[0])
events = []
pat = re.compile(r'\s*([\d.]+) \(\s*([\d.]+) ms\): (\S+)/(\d+) (.*)')
for line in open(trace):
    m = pat.match(line)
    if not m: continue
    t, dur, comm, tid, rest = m.groups()
    if comm.startswith(('python', 'perf', 'sleep', 'pgrep', 'bash', 'kworker', 'cat', 'ps', 'grep')): continue
    events.append((start + float(t) / 1000 - w0, float(dur), comm, tid, rest[:110]))
print('slow keystrokes (s after writes started, ms, length):')
for k in slow: print('  ', k)
print('server syscalls >= 15 ms and major faults, between -5 and 250 s:')
for e in events:
    if -5 < e[0] < 250 and (e[1] >= 15 or 'majfault' in e[4]):
        print(f"  {e[0]:8.3f} {e[1]:8.1f} ms {e[2]}/{e[3]} {e[4]}")
