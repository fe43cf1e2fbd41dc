"""first_request_stall.py BIN LIST [PATH]: a read-only `serve` of the names in LIST (one per line) as
listing `big`; four typists, each on a keep-alive connection of its own (so that both of the
server's event loops carry some), type while one GET PATH is sent (default /api/listings/big/items/5,
the listing's first lookup by id, which hashes all its ids; or /api/listings/big/sections?q=727&dialpad=1,
the first dial-pad query, which makes the dial-pad index); prints that request's time and each
typist's slowest keystroke before and during it."""
import socket, subprocess, sys, time
from typists import connection, type_beside
binary, names = sys.argv[1], sys.argv[2]
path = sys.argv[3] if len(sys.argv) > 3 else "/api/listings/big/items/5"
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
server = subprocess.Popen([binary, "serve", "--port", str(port), f"big={names}"], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
for _ in range(600):
    try:
        c = connection(port); c.request("GET", "/api/listings"); c.getresponse().read(); break
    except OSError: time.sleep(0.1)
def request():
    c = connection(port); c.request("GET", path); response = c.getresponse(); response.read()
    return f"GET {path}: {response.status}"
type_beside(port, "big", request)
server.terminate(); server.wait()
