import json,sys,statistics
def load(f):
    d=json.load(open(f)); return d['run']['measured']
def summ(files):
    runs=[load(f) for f in files]
    n=len(runs[0])
    # per keystroke median across runs
    per=[statistics.median([r[i]['micros'] for r in runs]) for i in range(n)]
    by={}
    for i,m in enumerate(runs[0]):
        L=min(m['length'],4); by.setdefault(L,[]).append(per[i])
    allv=sorted(per); p99=allv[int(0.99*(len(allv)-1))]
    return {L:statistics.median(v)/1000 for L,v in sorted(by.items())}, p99/1000, [m['digest'] for m in runs[0]]
a=summ(sys.argv[1].split(',')); b=summ(sys.argv[2].split(','))
print('A', {k:round(v,3) for k,v in a[0].items()}, 'p99', round(a[1],3))
print('B', {k:round(v,3) for k,v in b[0].items()}, 'p99', round(b[1],3))
print('digests equal:', a[2]==b[2], sum(x!=y for x,y in zip(a[2],b[2])), 'of', len(a[2]))
