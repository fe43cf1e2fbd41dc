import os, time, threading, sys
step=int(sys.argv[1])<<20; pause=float(sys.argv[2])
big='/tmp/s21/big.bin'; side='/tmp/s21/side.bin'
fd=os.open(big, os.O_CREAT|os.O_RDWR|os.O_TRUNC, 0o644)
buf=b'x'*(8<<20)
for i in range(1700//8):
    os.write(fd,buf)
    if i%1==0: os.fdatasync(fd)
os.unlink(big)
time.sleep(2)
lat=[]; stop=threading.Event()
def syncer():
    s=os.open(side, os.O_CREAT|os.O_RDWR, 0o644)
    while not stop.is_set():
        os.pwrite(s, b'y'*4096, 0); t=time.perf_counter(); os.fdatasync(s); lat.append((time.perf_counter()-t)*1000); time.sleep(0.005)
th=threading.Thread(target=syncer); th.start()
time.sleep(1); base=list(lat); lat.clear()
t0=time.perf_counter(); left=1700<<20; cuts=[]
while left>0:
    left=max(left-step,0); t=time.perf_counter(); os.ftruncate(fd,left); cuts.append((time.perf_counter()-t)*1000)
    if left>0: time.sleep(pause)
os.close(fd); dur=time.perf_counter()-t0
time.sleep(1); stop.set(); th.join()
lat.sort(); base.sort()
print(f"step {step>>20} MiB pause {pause}: {dur:.2f}s, cut max {max(cuts):.1f} ms mean {sum(cuts)/len(cuts):.1f}; fdatasync idle max {base[-1]:.1f} ms; during: n {len(lat)} p50 {lat[len(lat)//2]:.1f} p99 {lat[int(len(lat)*.99)]:.1f} max {lat[-1]:.1f} ms")
