"""How long the window stops answering while the store is unlocked: ``Store.open`` on the UI thread (what the
unlock dialog and the start-up open did before) against ``desktop_app.off_ui_thread.call_off_ui_thread`` (now), in
one run, alternating which goes first.

A 5 ms QTimer ticks on the UI thread (Qt offscreen) while the open runs; the **longest stall** is the longest gap
between two ticks (or between the call and the first tick, the last tick and the return): how long the window could
not paint or take input. Two stores of N messages (bench_context_index's generated chat), both with a passphrase
(scrypt unwraps the key at each open):

* **current schema**: an unlock as on any day;
* **after an update**: the store at schema version 9, so opening it runs migration 10 (the message index rebuilt
  with the turns before each message): a fresh copy for every open.

``python -m bench.bench_unlock`` writes bench/results/unlock.md and .json (``--messages``, default 100000;
``--repeats``, default 5).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from bench.bench_context_index import BEFORE_VERSION, PASSPHRASE, _make_before, _turns

RESULTS = Path(__file__).parent / "results"
TICK_MS = 5


def _timed_open(app, data_dir: Path, off_ui_thread: bool) -> dict:
    """Open the store one way; the open's wall time and the UI thread's longest stall meanwhile."""
    from PySide6.QtCore import QTimer

    from desktop_app.off_ui_thread import call_off_ui_thread
    from memory_core.storage.store import Store

    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(TICK_MS)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start()
    app.processEvents()
    began = time.perf_counter()
    if off_ui_thread:
        store = call_off_ui_thread(lambda: Store.open(data_dir, PASSPHRASE))
    else:
        store = Store.open(data_dir, PASSPHRASE)
        app.processEvents()  # the ticks the stalled loop owes fire now, late
    ended = time.perf_counter()
    timer.stop()
    store.close()
    marks = [began, *[t for t in ticks if began <= t <= ended], ended]
    gaps = [b - a for a, b in zip(marks, marks[1:])]
    return {"open_s": ended - began, "longest_stall_ms": max(gaps) * 1000, "ticks": len(marks) - 2}


def _summary(rows: list[dict]) -> dict:
    opens = [r["open_s"] for r in rows]
    stalls = [r["longest_stall_ms"] for r in rows]
    return {"n": len(rows), "open_mean_s": statistics.mean(opens), "open_median_s": statistics.median(opens),
            "stall_mean_ms": statistics.mean(stalls), "stall_median_ms": statistics.median(stalls),
            "stall_max_ms": max(stalls), "ticks_mean": statistics.mean(r["ticks"] for r in rows)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from memory_core.storage.store import Store

    app = QApplication.instance() or QApplication([])
    load_start = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="mneme-bench-unlock-") as scratch_name:
        scratch = Path(scratch_name)
        old = scratch / "schema9"
        built = time.perf_counter()
        _make_before(old, _turns(args.messages))
        build_s = time.perf_counter() - built
        current = scratch / "current"
        shutil.copytree(old, current)
        Store.open(current, PASSPHRASE).close()  # migrated once, untimed
        rows: dict[str, dict[str, list[dict]]] = {case: {"ui": [], "off": []} for case in ("current", "update")}
        for repeat in range(args.repeats):
            order = ("ui", "off") if repeat % 2 == 0 else ("off", "ui")
            for way in order:
                rows["current"][way].append(_timed_open(app, current, way == "off"))
                copy = scratch / f"update-{repeat}-{way}"
                shutil.copytree(old, copy)
                rows["update"][way].append(_timed_open(app, copy, way == "off"))
                shutil.rmtree(copy)
    summary = {case: {way: _summary(found) for way, found in ways.items()} for case, ways in rows.items()}
    figures = {"messages": args.messages, "repeats": args.repeats, "tick_ms": TICK_MS, "build_s": build_s,
               "schema_before_update": BEFORE_VERSION, "machine": f"{platform.machine()}, {os.cpu_count()} cores",
               "load_start": load_start, "load_end": os.getloadavg(), "summary": summary, "rows": rows}
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "unlock.json").write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    names = {"ui": "on the UI thread (before)", "off": "off the UI thread (now)"}
    cases = {"current": "unlock (current schema)", "update": f"first unlock after an update (migration from "
                                                                f"schema {BEFORE_VERSION})"}
    lines = ["# Unlock: how long the window stops answering", "",
             f"{args.messages:,} messages, passphrase store (scrypt at each open), {args.repeats} opens per row, "
             f"alternating which way goes first. Qt offscreen; a {TICK_MS} ms timer ticks on the UI thread; the "
             "longest stall is the longest gap between ticks while the open ran.", "",
             "| case | how | opens | open mean / median s | longest stall mean / median / max ms | UI timer ticks during the open, mean |",
             "|---|---|---|---|---|---|"]
    for case, ways in summary.items():
        for way, s in ways.items():
            lines.append(f"| {cases[case]} | {names[way]} | {s['n']} | {s['open_mean_s']:.2f} / "
                         f"{s['open_median_s']:.2f} | {s['stall_mean_ms']:.0f} / {s['stall_median_ms']:.0f} / "
                         f"{s['stall_max_ms']:.0f} | {s['ticks_mean']:.0f} |")
    lines += ["", f"Machine: {figures['machine']} (shared). Load average (1 min) {load_start[0]:.2f} at start, "
              f"{figures['load_end'][0]:.2f} at end. Store built in {build_s:.0f} s (bulk insert at schema "
              f"{BEFORE_VERSION}). `python -m bench.bench_unlock`.", "",
              "Not measured: a real window on a real display (offscreen here), the keyring path (no keyring in this "
              "bench: the passphrase path's scrypt is the slower one), a cold OS page cache."]
    (RESULTS / "unlock.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
