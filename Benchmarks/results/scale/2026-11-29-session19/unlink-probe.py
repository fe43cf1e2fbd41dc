# What freeing a big file's blocks costs other files' fdatasync on this disk (ext4, mounted with
# `discard`): python3 unlink-probe.py MODE [FOLDER]
#   whole  a 1.8 GB file, mapped and read, is unlinked and closed at once
#   steps  the same file is first cut down from its end 64 MiB at a time, 10 ms apart
# A thread appends 512 bytes to a small file and fdatasyncs it every 5 ms throughout; printed: how
# long the release took, the fdatasync latencies (ms) before and after it, the slowest after it
# (latency, seconds after the release began).
import os, sys, time, threading, mmap
mode = sys.argv[1]
d = sys.argv[2] if len(sys.argv) > 2 else '.'
big = f'{d}/big.bin'
size = 1800 << 20
with open(big, 'wb') as f:
    chunk = os.urandom(1 << 20)
    for _ in range(size >> 20): f.write(chunk)
    f.flush(); os.fsync(f.fileno())
fd = os.open(big, os.O_RDWR)
m = mmap.mmap(fd, size, prot=mmap.PROT_READ)
for i in range(0, size, 4096 * 16): m[i]   # touch pages
small = os.open(f'{d}/small.bin', os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
lat = []
stop = False
def writer():
    while not stop:
        t = time.perf_counter(); os.write(small, b'x' * 512); os.fdatasync(small); lat.append((time.perf_counter() - t0, (time.perf_counter() - t) * 1000)); time.sleep(0.005)
t0 = time.perf_counter()
th = threading.Thread(target=writer); th.start()
time.sleep(2)
t1 = time.perf_counter()
os.unlink(big)
if mode == 'steps':
    left = size
    while left > 0:
        left = max(0, left - (64 << 20)); os.ftruncate(fd, left); time.sleep(0.01)
m.close(); os.close(fd)
t2 = time.perf_counter()
time.sleep(8)
stop = True; th.join()
os.close(small); os.unlink(f'{d}/small.bin')
before = sorted(l for t, l in lat if t < t1 - t0)
after = sorted(l for t, l in lat if t >= t1 - t0)
p = lambda a, q: a[min(len(a) - 1, int(q * len(a)))]
print(mode, f'release took {t2 - t1:.3f}s', 'before: p50 %.1f p99 %.1f max %.1f' % (p(before, .5), p(before, .99), before[-1]), 'after: p50 %.1f p99 %.1f max %.1f' % (p(after, .5), p(after, .99), after[-1]))
print('slowest after:', sorted(((round(l,1), round(t - (t1 - t0), 2)) for t, l in lat if t >= t1 - t0), reverse=True)[:8])
