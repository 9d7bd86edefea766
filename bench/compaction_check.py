"""What ``memory_core.storage.compaction`` gives the 100k bench store: the time ``compact`` takes, the file's size
before and after, and cold search on the store as built against the same store compacted by ``compact`` (the real
``VACUUM`` path, not ``sqlcipher_export`` as in search_layout_check.py), one query on each in turn, alternating.

Copies only: the cached fixture under ~/.cache/mneme/bench is copied (bench/search_fixture.py) and never opened
in place. Cold as in bench_search / search_layout_check: new connection, DF cache cleared, database files evicted
from the OS page cache; word counts held; no embedder. Writes bench/results/compaction.md.
"""
from __future__ import annotations

import os
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from bench.stats import percentile

RESULTS = Path(__file__).parent / "results"
QUERIES = int(os.environ.get("MNEME_COMPACT_QUERIES", "200"))
NOTES = """Notes and what is not measured:

* compact() holds the rebuilt copy in memory (``temp_store = MEMORY``): peak RSS of a process compacting this
  store rose by about 156 MiB (measured once, ``resource.getrusage`` before and after). Its cost grows with the file.
* The store as built searched faster here than in search_layout.md (same fixture and queries) at a lower load;
  compare the two rows of this file with each other, not with the older file.
* Not measured: compaction of a store with facts and observations (the fixture has none), of a store larger than
  this one, on a spinning disk, or with another process reading during ``VACUUM``; and cold search with the
  embedder (the layout changes only what SQLite reads)."""
RUNS = int(os.environ.get("MNEME_COMPACT_RUNS", "3"))


def stats_row(name: str, values: list[float], extra: str) -> str:
    return (f"| {name} | {len(values)} | {statistics.mean(values):.1f} | {statistics.median(values):.1f} | "
            f"{percentile(values, 90):.1f} | {percentile(values, 95):.1f} | {max(values):.1f} | {extra} |")


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from bench.bench_search import MESSAGES, REAL_VECTORS, derived_vectors, queries
    from bench.corpus import cached_vectors, corpus_key, messages
    from bench.search_fixture import PASSPHRASE, search_database
    from bench.cold_layouts import time_cold_searches, warm
    from memory_core.storage import compaction
    from memory_core.storage.store import Store
    from models.embedder import SentenceEmbedder

    import numpy as np

    corpus = messages(MESSAGES)
    embedder = SentenceEmbedder()
    real = cached_vectors([t for _, _, t, _ in corpus[:REAL_VECTORS]], corpus_key(corpus[:REAL_VECTORS]), embedder)
    load = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory(prefix="mneme-compact-") as scratch_name:
        scratch = Path(scratch_name)
        built_dir, _ = search_database(corpus, corpus_key(corpus), derived_vectors(np.asarray(real, np.float32),
                                                                                   MESSAGES), embedder, scratch)
        runs = []
        for run in range(RUNS):  # each run compacts a fresh copy of the built store
            folder = scratch / f"compacted{run}"
            shutil.copytree(built_dir, folder)
            store = Store.open(folder, PASSPHRASE)
            rule = compaction.worth_it(store)
            started = time.perf_counter()
            result = compaction.compact(store)
            wall = time.perf_counter() - started
            store.close()
            assert result.ran, result.reason
            runs.append((rule[1], result, wall))
            load.append(os.getloadavg()[0])
            if run:
                shutil.rmtree(folder)
        layouts = {"as built": built_dir, "after compact()": scratch / "compacted0"}
        stores = {name: warm(Store.open(folder, PASSPHRASE)) for name, folder in layouts.items()}
        timings, hits = time_cold_searches(stores, layouts, queries(random.Random(5))[:QUERIES])
        load.append(os.getloadavg()[0])
        for store in stores.values():
            store.close()
    seconds = [r.seconds for _, r, _ in runs]
    first = runs[0][1]
    mib = 2 ** 20
    base = "as built"
    lines = ["# Compaction of the 100,000-message bench store (`memory_core/storage/compaction.py`)", "",
             "## compact() on a copy of the store as built", "",
             "| runs | rule's reason | VACUUM + checkpoint s, mean | median | min | max | compact() wall s, mean "
             "| size before MiB (db + WAL) | size after MiB | free pages before |",
             "|---|---|---|---|---|---|---|---|---|---|",
             f"| {len(runs)} | {runs[0][0]} | {statistics.mean(seconds):.1f} | {statistics.median(seconds):.1f} | "
             f"{min(seconds):.1f} | {max(seconds):.1f} | {statistics.mean(w for _, _, w in runs):.1f} | "
             f"{first.bytes_before / mib:.1f} | {first.bytes_after / mib:.1f} | {first.free_share:.1%} |", "",
             "## Cold search, no embedder, same process, alternating order", "",
             "| store | queries | mean ms | p50 ms | p90 ms | p95 ms | max ms | same top 10 (kind, id, score) as built |",
             "|---|---|---|---|---|---|---|---|"]
    for name, values in timings.items():
        same = sum(a == b for a, b in zip(hits[name], hits[base]))
        lines.append(stats_row(name, values, str(same)))
    lines += ["", f"Load average (1 min): {', '.join(f'{v:.2f}' for v in load)} (start, after each compaction, "
              f"after the searches); {os.cpu_count()} shared cores.", "", __doc__.split("\n\n")[1], "", NOTES, ""]
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "compaction.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
