"""Prints the table of this folder's tiered runs (live-tiered.json files): python3 table.py ca-*.json lp-*.json"""
import json, sys
print("| file | idle p50/p99 | writes p50/p99 | ratio | overlap/beside p99 | o/b | cpu/idle key | est cpu/write | write median/p99 |")
for f in sys.argv[1:]:
    r = json.load(open(f))
    ic, dur, b = r["keystrokes_idle_continuous"], r["keystrokes_during_writes"], r["keystrokes_beside_writes"]
    ki = r["cpu_idle_continuous"]["server_cpu_s"] / ic["n"]
    d = r["cpu_during_writes"]; w = r["writes"]["writes"]
    cw = (d["server_cpu_s"] - dur["n"] * ki) / w
    o, bn = b["overlapping_a_write"]["p99_ms"], b["beside_no_write"]["p99_ms"]
    print(f'| {f} | {ic["median_ms"]:.3f}/{ic["p99_ms"]:.3f} | {dur["median_ms"]:.3f}/{dur["p99_ms"]:.3f} | {r["keystroke_p99_during_over_idle_continuous"]:.2f} | {o:.3f}/{bn:.3f} | {o/bn:.2f} | {1000*ki:.3f} | {1000*cw:.3f} | {r["writes"]["latency"]["median_ms"]:.3f}/{r["writes"]["latency"]["p99_ms"]:.2f} |')
