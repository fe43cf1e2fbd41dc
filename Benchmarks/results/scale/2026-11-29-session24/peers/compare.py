"""Alternating runs ThumbIndex, FTS5, ThumbIndex, ...: each FTS5 run against the ThumbIndex runs
on either side of it; by typed length (1, 2, 3, 4+) the median, and the p99 of 4+ and of all."""
import json, sys, glob, os
sys.path.insert(0, '/work/main/Benchmarks')
from report_common import median, percentile
D = sys.argv[1]
def stats(path):
    m = json.load(open(path))['run']['measured']
    by = {}
    for k in m:
        b = min(k['length'], 4)
        by.setdefault(b, []).append(k['micros'] / 1000)
    out = {f"{b}": median(v) for b, v in sorted(by.items())}
    out['p99_4+'] = percentile(by[4], 0.99)
    out['p99_all'] = percentile([k['micros'] / 1000 for k in m], 0.99)
    out['n'] = len(m)
    return out
ti = sorted(glob.glob(os.path.join(D, 'ti-*.json')))
fts = sorted(glob.glob(os.path.join(D, 'fts5-*.json')))
S = {p: stats(p) for p in ti + fts}
for p in ti + fts:
    print(os.path.basename(p), {k: (round(v, 4) if isinstance(v, float) else v) for k, v in S[p].items()})
keys = ['1', '2', '3', '4', 'p99_4+', 'p99_all']
for i, f in enumerate(fts):
    for t in (ti[i], ti[i + 1]):
        r = {k: round(S[f][k] / S[t][k], 1) for k in keys}
        print(f"{os.path.basename(f)} / {os.path.basename(t)}:", r)
