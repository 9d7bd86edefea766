"""Where the write path's tail comes from: variants of the store's settings, timed on the same messages.

Each variant runs on its own copy of the cached preload (``bench_write.cached_preload``), the timed
messages interleaved across variants one by one, with what the memory worker does between turns
(fact pass, checkpoint, and FTS5 merge where the variant defers it). Wall time and the thread's CPU
time are both recorded: on a shared 2-core machine a write can wait for a core, which no setting fixes.
Writes bench/results/write_tail.md and .json.
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

from bench.bench_write import RESULTS, cached_preload, open_copy, timed_messages
from bench.stats import latency

MESSAGE_FTS = ("messages_fts", "message_search")


def _drop_message_search(store) -> None:
    for trigger in ("message_search_insert", "message_search_delete", "message_search_update"):
        store.execute(f"DROP TRIGGER IF EXISTS {trigger}")


def _no_automerge(store) -> None:
    for fts in MESSAGE_FTS:
        store.execute(f"INSERT INTO {fts}({fts}, rank) VALUES ('automerge', 0)")


def _autocheckpoint_off(store) -> None:
    store.execute("PRAGMA wal_autocheckpoint = 0")


VARIANTS = {
    "shipped (fact pass + checkpoint between turns)": [],
    "+ FTS5 automerge off, merge between turns": [_no_automerge],
    "+ writer's autocheckpoint off": [_autocheckpoint_off],
    "without the message_search index (attribution only)": [_drop_message_search],
}


class Variant:
    def __init__(self, name: str, store, setup) -> None:
        self.name, self.store = name, store
        with store.transaction():
            for step in setup:
                if step is not _autocheckpoint_off:
                    step(store)
        if _autocheckpoint_off in setup:
            _autocheckpoint_off(store)
        self.merge = _no_automerge in setup
        self.worker = store.connect()
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def write(self, thread, role, text, at) -> None:
        from memory_core.ingest import ingest_message

        wall, cpu = time.perf_counter(), time.thread_time()
        ingest_message(self.store, thread, role, text, at=at)
        self.cpu.append((time.thread_time() - cpu) * 1000)
        self.wall.append((time.perf_counter() - wall) * 1000)

    def between_turns(self) -> None:
        from memory_core.facts.fact_pass import run_fact_pass
        from memory_core.storage.checkpoints import checkpoint_between_turns

        run_fact_pass(self.worker)
        if self.merge:
            with self.worker.transaction():
                for fts in MESSAGE_FTS:
                    self.worker.execute(f"INSERT INTO {fts}({fts}, rank) VALUES ('merge', 64)")
        checkpoint_between_turns(self.worker)


def main() -> None:
    load_start = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    cache, info, _ = cached_preload()
    timed = timed_messages()
    with tempfile.TemporaryDirectory(prefix="mneme-write-tail-") as scratch:
        variants = [Variant(name, open_copy(cache, Path(scratch), f"v{i}"), setup)
                    for i, (name, setup) in enumerate(VARIANTS.items())]
        for n, (thread, role, text, at) in enumerate(timed):
            order = variants[n % len(variants):] + variants[:n % len(variants)]
            for variant in order:
                variant.write(thread, role, text, at)
            if role == "assistant":
                for variant in variants:
                    variant.between_turns()
        for variant in variants:
            variant.worker.close()
            variant.store.close()
    figures = {"preload_messages": info["messages"], "preload_facts": info["facts"],
               "variants": [{"name": v.name, "wall": latency(v.wall), "cpu": latency(v.cpu)} for v in variants],
               "load_start": load_start, "load_end": ", ".join(f"{x:.1f}" for x in os.getloadavg())}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "write_tail.json").write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    lines = [f"# Write path tail: ingest_message variants, {info['messages']:,} messages and {info['facts']:,} facts "
             "stored", "",
             "| variant | messages | wall mean / p50 / p95 / p99 / max ms | CPU mean / p50 / p95 / p99 / max ms |",
             "|---|---|---|---|"]
    for v in figures["variants"]:
        w, c = v["wall"], v["cpu"]
        lines.append(f"| {v['name']} | {w['samples']} | {w['mean_ms']:.2f} / {w['p50_ms']:.2f} / {w['p95_ms']:.2f} / "
                     f"{w['p99_ms']:.2f} / {w['max_ms']:.2f} | {c['mean_ms']:.2f} / {c['p50_ms']:.2f} / "
                     f"{c['p95_ms']:.2f} / {c['p99_ms']:.2f} / {c['max_ms']:.2f} |")
    lines += ["", "Each variant on its own copy of the same preloaded store, the same messages interleaved (the "
              "variant going first rotates). Between turns, untimed: the fact pass and a PASSIVE checkpoint on a "
              "second connection (and an FTS5 'merge' of 64 pages where automerge is off). CPU is the writing "
              "thread's own CPU time: wall minus CPU is time spent waiting (for a core, or for the disk).", "",
              f"Load average at start {figures['load_start']}, at end {figures['load_end']}.", ""]
    (RESULTS / "write_tail.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
