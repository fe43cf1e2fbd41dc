"""put_stall.py BIN [ITEMS]: four typists, each on a keep-alive connection of its own (so that both of
the server's event loops carry some), type into a small listing while one PUT /api/listings/big of ITEMS
items (default 50,000: 2.3 MB) is sent; prints the PUT's time and each typist's slowest keystroke
before and during it. A keystroke that waits behind the PUT's decoding shows as a stall of the
typists on that PUT's loop. Work files in /tmp/s28/put/run."""
import json, os, shutil, socket, subprocess, sys, threading, time, http.client
binary = sys.argv[1]; n = int(sys.argv[2]) if len(sys.argv) > 2 else 50000
work = "/tmp/s28/put/run"; shutil.rmtree(work, ignore_errors=True); os.makedirs(work)
open(f"{work}/token", "w").write("secret-token-123456\n")
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
server = subprocess.Popen([binary, "serve", "--port", str(port), "--store", f"{work}/b.db", "--token-file", f"{work}/token"],
                          stdout=open(f"{work}/log", "w"), stderr=subprocess.STDOUT)
def conn(): return http.client.HTTPConnection("127.0.0.1", port, timeout=120)
for _ in range(300):
    try:
        c = conn(); c.request("GET", "/api/listings"); c.getresponse().read(); break
    except OSError: time.sleep(0.1)
H = {"Authorization": "Bearer secret-token-123456", "Content-Type": "application/json"}
names = [f"{w} {v}" for w, v in zip(["Anna", "Bert", "Carla", "Dan", "Eve"] * 400, range(2000))]
c = conn(); c.request("PUT", "/api/listings/small", json.dumps({"locale": "en", "items": [{"text": t} for t in names]}), H); print("small", c.getresponse().status)
body = json.dumps({"locale": "en", "items": [{"text": f"Person number {i} of the big list"} for i in range(n)]}).encode()
print(f"big body {len(body)/2**20:.2f} MiB, {n} items")
stop = threading.Event(); marks = {}
results = [[] for _ in range(4)]
def typist(k):
    c = conn(); qs = ["a", "an", "ann", "b", "be", "car", "d", "e"]; i = 0
    while not stop.is_set():
        t = time.perf_counter(); c.request("GET", f"/api/listings/small/sections?q={qs[i % len(qs)]}&offset=0&limit=50"); c.getresponse().read()
        results[k].append((t, time.perf_counter() - t)); i += 1
threads = [threading.Thread(target=typist, args=(k,)) for k in range(4)]
for th in threads: th.start()
time.sleep(1.5)
c = conn(); marks["put0"] = time.perf_counter()
c.request("PUT", "/api/listings/big", body, {**H, "Content-Length": str(len(body))}); response = c.getresponse(); response.read(); st = response.status
marks["put1"] = time.perf_counter()
time.sleep(0.5); stop.set()
for th in threads: th.join()
server.terminate(); server.wait()
print(f"PUT {st} in {1000*(marks['put1']-marks['put0']):.0f} ms")
for k, r in enumerate(results):
    before = [s for t, s in r if t < marks["put0"]]; during = [s for t, s in r if marks["put0"] <= t <= marks["put1"]]
    print(f"typist {k}: before max {1000*max(before):.1f} ms (n {len(before)}), during the PUT max {1000*max(during, default=0):.1f} ms (n {len(during)})")
