"""Prints the table of this folder's tiered runs (live-tiered.json files): python3 table.py *.json"""
import json, sys
print("| file | idle p50 / p99 ms | through writes p50 / p99 ms | p99 ratio | overlapping a write / beside none, p99 ms | server CPU per idle keystroke | write median |")
print("|---|---|---|---|---|---|---|")
for f in sys.argv[1:]:
    r = json.load(open(f))
    ic, dur, b = r["keystrokes_idle_continuous"], r["keystrokes_during_writes"], r["keystrokes_beside_writes"]
    cpu = 1000 * r["cpu_idle_continuous"]["server_cpu_s"] / ic["n"]
    print(f'| {f} | {ic["median_ms"]:.3f} / {ic["p99_ms"]:.3f} | {dur["median_ms"]:.3f} / {dur["p99_ms"]:.3f} | '
          f'{r["keystroke_p99_during_over_idle_continuous"]:.2f}× | {b["overlapping_a_write"]["p99_ms"]:.3f} / {b["beside_no_write"]["p99_ms"]:.3f} | '
          f'{cpu:.3f} ms | {r["writes"]["latency"]["median_ms"]:.3f} ms |')
