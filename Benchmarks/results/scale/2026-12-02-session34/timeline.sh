#!/usr/bin/env bash
# timeline.sh BIN DIR: the first dial-pad query at 1.4M under perf; samples per 50 ms by thread and phase.
BIN=$1 D=$2; PORT=47316
rm -rf $D; mkdir -p $D; cp ${PRISTINE:-/tmp/s34/scratch/geonames-pristine.db} $D/g.db
$BIN serve --store $D/g.db --port $PORT > $D/log.txt 2>&1 & PID=$!
for i in $(seq 1 3000); do grep -q serving $D/log.txt && break; sleep 0.1; done; sleep 3; for i in $(seq 1 600); do grep -q "saved '" $D/log.txt && break; sleep 0.5; done
perf record -F 2000 -g -p $PID -o $D/perf.data -- sleep ${SECS:-3} > /dev/null 2>&1 & sleep 0.3
curl -s -o /dev/null -w "%{time_total}\n" "http://127.0.0.1:$PORT/api/listings/geonames/sections?q=5646&dialpad=1&limit=20"
wait %2 2>/dev/null; kill -9 $PID; wait 2>/dev/null
perf script -i $D/perf.data -F tid,time,ip,sym 2>/dev/null > $D/script.txt
python3 - $D/script.txt ${BIN_S:-0.1} <<'PY'
import sys,collections
samples=[];cur=None
for line in open(sys.argv[1]):
    if not line.startswith('\t') and line.strip():
        p=line.split(); cur={'tid':p[0],'t':float(p[1].rstrip(':')),'stack':[]}; samples.append(cur)
    elif line.strip() and cur is not None: cur['stack'].append(line.strip())
def phase(st):
    s=' '.join(st)
    for key,name in (('builders','rows'),('KeyTextB0V7BuilderV5build','sort'),('joined','join')):
        if key in s: return name
    return 'other'
t0=min(x['t'] for x in samples); bins=collections.defaultdict(collections.Counter)
for x in samples: bins[int((x['t']-t0)/float(sys.argv[2]))][(x['tid'][-3:],phase(x['stack']))]+=1
for b in sorted(bins): print(f"{b*0.1:4.1f}", ' '.join(f"{k[0]}:{k[1]}={v}" for k,v in sorted(bins[b].items())))
PY
