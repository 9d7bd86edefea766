"""Is the query embedding still worth running beside the SQL? Both orders of one cold search at 100k messages.

``recall.candidates.EMBED_BESIDE_SQL`` True runs the embedding and the dense pass on a helper thread while the
caller's thread does BM25 and the reads; False runs them first, on the caller's thread. The machine has 2 cores
shared with other work, so the thread only helps if a core is free while SQLite waits on the disk. Each of
``MNEME_EMBED_ORDER_QUERIES`` (60) of bench_search's unique queries runs cold (new connection, DF cache cleared,
files evicted from the OS page cache) in both orders, which order goes first alternating, so both see the same
load. The top-10 lists are compared too (the order must not change them). Writes bench/results/embed_order.md/.json.
"""
from __future__ import annotations

import json
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from bench.stats import percentile

RESULTS = Path(__file__).parent / "results"
QUERIES = int(os.environ.get("MNEME_EMBED_ORDER_QUERIES", "60"))


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")

    import memory_core.recall.candidates as candidates
    import memory_core.recall.search as recall
    from bench.bench_search import MESSAGES, REAL_VECTORS, queries
    from bench.corpus import cached_vectors, corpus_key, messages
    from bench.search_fixture import unlocked_search_store
    from bench.search_worker import drop_from_os_cache
    from models.embedder import SentenceEmbedder

    corpus = messages(MESSAGES)
    embedder = SentenceEmbedder().load()
    real = cached_vectors([t for _, _, t, _ in corpus[:REAL_VECTORS]], corpus_key(corpus[:REAL_VECTORS]), embedder)
    times: dict[str, list[float]] = {"beside": [], "first": []}
    same = 0
    load_start = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="mneme-embed-order-") as scratch:
        data_dir, store = unlocked_search_store(corpus, real, embedder, Path(scratch))  # as after unlock
        recall.search(store, "warm up the speaker index", k=10, embedder=embedder)
        batch = queries(random.Random(7))[:QUERIES]
        for number, query in enumerate(batch):
            tops = {}
            for order in (("beside", "first") if number % 2 == 0 else ("first", "beside")):
                candidates.EMBED_BESIDE_SQL = order == "beside"
                recall._DF_CACHE.clear()
                drop_from_os_cache(data_dir)
                connection = store.connect()
                started = time.perf_counter()
                result = recall.search(connection, query, k=10, embedder=embedder)
                times[order].append((time.perf_counter() - started) * 1000)
                connection.close()
                tops[order] = [(hit.kind, hit.id, hit.score) for hit in result.hits]
            same += tops["beside"] == tops["first"]
        candidates.EMBED_BESIDE_SQL = True
        store.close()
    figures = {order: {"mean_ms": statistics.mean(v), "p50_ms": statistics.median(v), "p90_ms": percentile(v, 90),
                       "p95_ms": percentile(v, 95)} for order, v in times.items()}
    figures.update({"queries": len(batch), "top10_identical": same, "load_start": load_start,
                    "load_end": os.getloadavg()[0]})
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "embed_order.json").write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    lines = ["# Query embedding beside the SQL, or first (cold, unique queries, 100k messages)", "",
             "| order | mean ms | p50 | p90 | p95 |", "|---|---|---|---|---|"]
    for order, label in (("beside", "beside the SQL (helper thread)"), ("first", "first, on the caller's thread")):
        row = figures[order]
        lines.append(f"| {label} | {row['mean_ms']:.1f} | {row['p50_ms']:.1f} | {row['p90_ms']:.1f} | "
                     f"{row['p95_ms']:.1f} |")
    lines += ["", f"{len(batch)} queries, each in both orders, which goes first alternating; top-10 identical "
              f"(kind, id, score) {same}/{len(batch)}; load average (1 min) {load_start:.1f} at start, "
              f"{figures['load_end']:.1f} at end (2 shared cores). `python -m bench.bench_embed_order`."]
    (RESULTS / "embed_order.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
