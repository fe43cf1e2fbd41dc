-- wrk script for Tests/e2e/load.sh: GETs one path (LOAD_PATH) and counts answers that are not
-- 2xx, per thread; done() prints one summary line that load.sh checks:
--   LOAD requests=N rps=R p50_ms=… p99_ms=… non2xx=N connect=N read=N write=N timeout=N
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  failures = 0
  local path = os.getenv("LOAD_PATH")
  if path and #path > 0 then wrk.path = path end
end

function response(status, headers, body)
  if status < 200 or status > 299 then failures = failures + 1 end
end

function done(summary, latency, requests)
  local non2xx = 0
  for _, thread in ipairs(threads) do non2xx = non2xx + thread:get("failures") end
  local seconds = summary.duration / 1e6
  io.write(string.format(
    "LOAD requests=%d rps=%.0f p50_ms=%.2f p99_ms=%.2f max_ms=%.2f non2xx=%d connect=%d read=%d write=%d timeout=%d\n",
    summary.requests, summary.requests / seconds, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, non2xx, summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.timeout))
end
