"""How long another file's fsync waits while a 1.7 GB file (a saved 10M-item index) is written.

A prober appends 100 bytes to a small file and fsyncs it every 5 ms, as a SQLite store in WAL mode
with synchronous=FULL does on every write, while the big file is written either whole and then
fsynced (the saves before the fifteenth session) or with an fdatasync after every 8 MiB (after),
then renamed over the previous one and its folder fsynced. Prints the prober's slowest fsync in
each stretch. Run it on the disk the store is on: python3 fsync_probe.py FOLDER (removed after).
"""
import os
import shutil
import sys
import threading
import time

folder = sys.argv[1] if len(sys.argv) > 1 else "fsync-probe"
os.makedirs(folder, exist_ok=True)
size, chunk = 1700 << 20, 8 << 20
data = os.urandom(chunk)


def probe(stop, out):
    fd = os.open(f"{folder}/wal", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    while not stop.is_set():
        started = time.perf_counter()
        os.write(fd, b"x" * 100)
        os.fsync(fd)
        out.append((time.perf_counter(), (time.perf_counter() - started) * 1000))
        time.sleep(0.005)
    os.close(fd)


def save(paced):
    fd = os.open(f"{folder}/index.tmp", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    for _ in range(size // chunk):
        os.write(fd, data)
        if paced:
            os.fdatasync(fd)
    written = time.perf_counter()
    os.fsync(fd)
    os.close(fd)
    synced = time.perf_counter()
    os.rename(f"{folder}/index.tmp", f"{folder}/index")
    folder_fd = os.open(folder, os.O_RDONLY)
    os.fsync(folder_fd)
    os.close(folder_fd)
    return written, synced, time.perf_counter()


try:
    for paced in (False, True, False, True):
        if not os.path.exists(f"{folder}/index"):  # every save replaces a file as large
            save(True)
            time.sleep(8)
        stop, out = threading.Event(), []
        prober = threading.Thread(target=probe, args=(stop, out))
        prober.start()
        time.sleep(1)
        started = time.perf_counter()
        written, synced, renamed = save(paced)
        time.sleep(8)
        stop.set()
        prober.join()

        def slowest(a, b):
            return max([ms for t, ms in out if a <= t < b] or [0])

        print(f"{'paced' if paced else 'whole'}: write {written - started:.2f} s, fsync {synced - written:.2f} s, "
              f"rename and folder fsync {renamed - synced:.2f} s | the prober's slowest fsync: while writing "
              f"{slowest(started, written):.0f} ms, during the final fsync {slowest(written, synced):.0f} ms, "
              f"during the rename {slowest(synced, renamed + 0.05):.0f} ms, the 8 s after {slowest(renamed + 0.05, renamed + 8):.0f} ms",
              flush=True)
finally:
    shutil.rmtree(folder)
