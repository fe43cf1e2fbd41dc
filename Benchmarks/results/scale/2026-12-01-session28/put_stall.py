"""put_stall.py BIN [ITEMS]: four typists, each on a keep-alive connection of its own (so that both of
the server's event loops carry some), type into a small listing while one PUT /api/listings/big of ITEMS
items (default 50,000: 2.3 MB) is sent; prints the PUT's time and each typist's slowest keystroke
before and during it. A keystroke that waits behind the PUT's decoding shows as a stall of the
typists on that PUT's loop. Work files in /tmp/s28/put/run."""
import json, os, shutil, socket, subprocess, sys, time
from typists import connection, type_beside
binary = sys.argv[1]; n = int(sys.argv[2]) if len(sys.argv) > 2 else 50000
work = "/tmp/s28/put/run"; shutil.rmtree(work, ignore_errors=True); os.makedirs(work)
open(f"{work}/token", "w").write("secret-token-123456\n")
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
server = subprocess.Popen([binary, "serve", "--port", str(port), "--store", f"{work}/b.db", "--token-file", f"{work}/token"],
                          stdout=open(f"{work}/log", "w"), stderr=subprocess.STDOUT)
for _ in range(300):
    try:
        c = connection(port); c.request("GET", "/api/listings"); c.getresponse().read(); break
    except OSError: time.sleep(0.1)
H = {"Authorization": "Bearer secret-token-123456", "Content-Type": "application/json"}
names = [f"{w} {v}" for w, v in zip(["Anna", "Bert", "Carla", "Dan", "Eve"] * 400, range(2000))]
c = connection(port); c.request("PUT", "/api/listings/small", json.dumps({"locale": "en", "items": [{"text": t} for t in names]}), H); print("small", c.getresponse().status)
body = json.dumps({"locale": "en", "items": [{"text": f"Person number {i} of the big list"} for i in range(n)]}).encode()
print(f"big body {len(body)/2**20:.2f} MiB, {n} items")
def request():
    c = connection(port); c.request("PUT", "/api/listings/big", body, {**H, "Content-Length": str(len(body))})
    response = c.getresponse(); response.read()
    return f"PUT {response.status}"
type_beside(port, "small", request)
server.terminate(); server.wait()
