"""first_request_stall.py BIN LIST [PATH]: a read-only `serve` of the names in LIST (one per line) as
listing `big`; four typists, each on a keep-alive connection of its own (so that both of the
server's event loops carry some), type while one GET PATH is sent (default /api/listings/big/items/5,
the listing's first lookup by id, which hashes all its ids; or /api/listings/big/sections?q=727&dialpad=1,
the first dial-pad query, which makes the dial-pad index); prints that request's time and each
typist's slowest keystroke before and during it."""
import socket, subprocess, sys, threading, time, http.client
binary, names = sys.argv[1], sys.argv[2]
path = sys.argv[3] if len(sys.argv) > 3 else "/api/listings/big/items/5"
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
server = subprocess.Popen([binary, "serve", "--port", str(port), f"big={names}"], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
def conn(): return http.client.HTTPConnection("127.0.0.1", port, timeout=120)
for _ in range(600):
    try:
        c = conn(); c.request("GET", "/api/listings"); c.getresponse().read(); break
    except OSError: time.sleep(0.1)
stop = threading.Event(); results = [[] for _ in range(4)]
def typist(k):
    c = conn(); qs = ["a", "an", "ann", "b", "be", "car", "d", "e"]; i = 0
    while not stop.is_set():
        t = time.perf_counter(); c.request("GET", f"/api/listings/big/sections?q={qs[i % len(qs)]}&offset=0&limit=50"); c.getresponse().read()
        results[k].append((t, time.perf_counter() - t)); i += 1
threads = [threading.Thread(target=typist, args=(k,)) for k in range(4)]
for th in threads: th.start()
time.sleep(1.5)
c = conn(); t0 = time.perf_counter(); c.request("GET", path); response = c.getresponse(); response.read(); t1 = time.perf_counter()
time.sleep(0.5); stop.set()
for th in threads: th.join()
server.terminate(); server.wait()
print(f"GET {path}: {response.status} in {1000*(t1-t0):.0f} ms")
for k, r in enumerate(results):
    before = [s for t, s in r if t < t0]; during = [s for t, s in r if t0 <= t <= t1]
    print(f"typist {k}: before max {1000*max(before):.1f} ms (n {len(before)}), during it max {1000*max(during, default=0):.1f} ms (n {len(during)})")
