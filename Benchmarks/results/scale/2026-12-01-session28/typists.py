"""The typists of put_stall.py and first_request_stall.py: four, each on a keep-alive connection of its
own (so that both of the server's event loops carry some), typing into one listing while one slow
request is sent; then each one's slowest keystroke before it and during it."""
import http.client, threading, time


def connection(port):
    return http.client.HTTPConnection("127.0.0.1", port, timeout=120)


def type_beside(port, listing, request, typists=4):
    """Runs `request()` (which sends the slow request and returns its answer's status) after 1.5 s of
    typing into `listing`; prints its time and each typist's slowest keystroke before and during it."""
    stop, results = threading.Event(), [[] for _ in range(typists)]

    def typist(k):
        c, queries, i = connection(port), ["a", "an", "ann", "b", "be", "car", "d", "e"], 0
        while not stop.is_set():
            t = time.perf_counter()
            c.request("GET", f"/api/listings/{listing}/sections?q={queries[i % len(queries)]}&offset=0&limit=50")
            c.getresponse().read()
            results[k].append((t, time.perf_counter() - t))
            i += 1

    threads = [threading.Thread(target=typist, args=(k,)) for k in range(typists)]
    for thread in threads:
        thread.start()
    time.sleep(1.5)
    t0 = time.perf_counter()
    status = request()
    t1 = time.perf_counter()
    time.sleep(0.5)
    stop.set()
    for thread in threads:
        thread.join()
    print(f"{status} in {1000 * (t1 - t0):.0f} ms")
    for k, r in enumerate(results):
        before = [s for t, s in r if t < t0]
        during = [s for t, s in r if t0 <= t <= t1]
        print(f"typist {k}: before max {1000 * max(before):.1f} ms (n {len(before)}), "
              f"during it max {1000 * max(during, default=0):.1f} ms (n {len(during)})")
