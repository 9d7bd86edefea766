"""Where a cold search's time goes, stage by stage, at 100k messages (the cached bench_search database).

Wraps recall's stage functions with timers (query embedding, BM25, the dense pass, hydration, IDF
look-ups, fusion, ...) and runs ``MNEME_PROFILE_QUERIES`` (60) of bench_search's unique queries
cold (new connection, DF cache cleared, files evicted from the OS page cache), like bench_search.
Stages nest in a few places (``_search_once`` holds the rest; a time phrase that finds nothing
runs it twice), so the rows do not add up to the total. Writes bench/results/search_stages.md/.json.
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
QUERIES = int(os.environ.get("MNEME_PROFILE_QUERIES", "60"))
#: recall.search functions timed when this checkout has them (both the old and the new layout are profiled).
STAGES = ("_bm25", "_hydrate", "_idf_df", "_term_weights", "_named_speakers", "_speaker_index", "_fuse", "_confident",
          "index_for", "_about_named", "parse_time_filter", "_recent_in_window", "_stand_ins", "_words_held", "settle")


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import numpy as np
    import torch

    torch.set_num_threads(1)
    import memory_core.recall.search as recall
    import memory_core.recall.vectors as vectors
    from bench.bench_search import MESSAGES, REAL_VECTORS, derived_vectors, queries
    from bench.corpus import cached_vectors, corpus_key, messages
    from bench.search_fixture import PASSPHRASE, search_database
    from bench.search_worker import drop_from_os_cache
    from memory_core.storage.store import Store
    from models.embedder import SentenceEmbedder

    corpus = messages(MESSAGES)
    embedder = SentenceEmbedder().load()
    real = cached_vectors([t for _, _, t, _ in corpus[:REAL_VECTORS]], corpus_key(corpus[:REAL_VECTORS]), embedder)
    spent: dict[str, float] = {}

    def timed(name, function):
        def wrapper(*args, **kwargs):
            started = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                spent[name] = spent.get(name, 0.0) + (time.perf_counter() - started) * 1000
        return wrapper

    for name in STAGES:
        if hasattr(recall, name):
            setattr(recall, name, timed(name, getattr(recall, name)))
    if hasattr(recall, "_bm25_kind"):  # BM25 per kind
        one_kind = recall._bm25_kind

        def bm25_kind(store, kind, *args):
            return timed(f"_bm25 {kind}", one_kind)(store, kind, *args)
        recall._bm25_kind = bm25_kind
    if hasattr(recall, "DenseLookup"):  # embedding + dense pass run beside the SQL: what the caller still waits for
        recall.DenseLookup.result = timed("waiting for embedding + dense pass (beside the SQL)",
                                          recall.DenseLookup.result)
    vectors.VectorIndex.search = timed("dense pass (VectorIndex.search)", vectors.VectorIndex.search)
    embedder.embed = timed("query embedding", embedder.embed)
    load_start = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="mneme-profile-search-") as scratch:
        data_dir, _ = search_database(corpus, corpus_key(corpus), derived_vectors(np.asarray(real, np.float32),
                                                                                  MESSAGES), embedder, Path(scratch))
        store = Store.open(data_dir, PASSPHRASE)
        embedder.embed(["warm up the model"])
        vectors.index_for(store, embedder.model_id)
        per_stage: dict[str, list[float]] = {}
        totals = []
        batch = queries(random.Random(5))[:QUERIES]
        for query in batch:
            recall._DF_CACHE.clear()
            drop_from_os_cache(data_dir)
            connection = store.connect()
            spent.clear()
            started = time.perf_counter()
            recall.search(connection, query, k=10, embedder=embedder)
            totals.append((time.perf_counter() - started) * 1000)
            connection.close()
            for name in set(per_stage) | set(spent):
                per_stage.setdefault(name, [0.0] * (len(totals) - 1)).append(spent.get(name, 0.0))
        store.close()
    rows = {name: {"mean_ms": statistics.mean(v), "p50_ms": statistics.median(v), "p90_ms": percentile(v, 90),
                   "p95_ms": percentile(v, 95)} for name, v in per_stage.items()}
    figures = {"queries": len(totals), "total": {"mean_ms": statistics.mean(totals), "p50_ms": statistics.median(totals),
                                                 "p90_ms": percentile(totals, 90), "p95_ms": percentile(totals, 95)},
               "stages": rows, "load_start": load_start, "load_end": os.getloadavg()[0]}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "search_stages.json").write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    lines = [f"# Where a cold search's time goes ({len(totals)} unique queries, 100k messages, this checkout)", "",
             "| stage | mean ms | p50 ms | p90 ms | p95 ms |", "|---|---|---|---|---|",
             "| **whole search()** | " + " | ".join(f"{figures['total'][k]:.1f}" for k in
                                                   ("mean_ms", "p50_ms", "p90_ms", "p95_ms")) + " |"]
    for name, row in sorted(rows.items(), key=lambda item: -item[1]["mean_ms"]):
        lines.append(f"| {name} | {row['mean_ms']:.1f} | {row['p50_ms']:.1f} | {row['p90_ms']:.1f} | "
                     f"{row['p95_ms']:.1f} |")
    lines += ["", "Cold as in search.md (new connection, DF cache cleared, files evicted from the OS page cache; "
              "model and vector index loaded). Stages nest (a time phrase that finds nothing runs the search "
              "twice), so rows need not add up. Timers wrap the functions, so their own cost is included. "
              f"Load average (1 min) {load_start:.1f} at start, {figures['load_end']:.1f} at end, 2 shared cores.", ""]
    (RESULTS / "search_stages.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
