"""Search benchmark: hybrid recall p95 over 100,000 messages plus the facts extracted from them.

The corpus (bench/corpus.py) goes through the real hot path (so facts are
extracted as in the app); message vectors come from the real embedder
(all-MiniLM-L6-v2), computed once and cached under bench/work/ (gitignored),
then written to the ``embeddings`` table as the background job would; facts
are embedded live. Each timed search is end to end: query embedding (one torch
thread, as an interactive query needs), time-expression parsing, FTS5 BM25,
dense search in the in-memory index, hydration, fusion and the gate.
Target: p95 <= 50 ms. Writes bench/results/search.md and search.json.
"""
from __future__ import annotations

import json
import os
import platform
import random
import secrets
import statistics
import tempfile
import time
from datetime import datetime
from pathlib import Path

from bench.stats import percentile

RESULTS = Path(__file__).parent / "results"
MESSAGES = int(os.environ.get("MNEME_BENCH_MESSAGES", "100000"))
QUERIES = 300


def queries(rng: random.Random) -> list[str]:
    from bench.corpus import CITIES, NAMES, ORGS, SUBJECTS, vocabulary

    vocab = vocabulary(random.Random(11))[-3000:]
    shapes = ("what did I say about {s}", "{w}", "{w} and {w2}", "where does the user live", "who is {n}",
              "what happened with {s} last month", "did {n} mention {w}", "{s} in March", "when is yoga",
              "what did I decide about {s} yesterday", "anything about {c} or {o}", "\"{w}\" AND (NEAR {w2}")
    out = []
    for _ in range(QUERIES):
        out.append(rng.choice(shapes).format(s=rng.choice(SUBJECTS), w=rng.choice(vocab), w2=rng.choice(vocab),
                                             n=rng.choice(NAMES), c=rng.choice(CITIES), o=rng.choice(ORGS)))
    return out


class _Precomputed:
    """The query vectors computed (and timed) beforehand, to time retrieval on its own."""

    def __init__(self, model_id: str, dimension: int, vectors: dict[str, list[float]]):
        self.model_id, self.dimension, self._vectors = model_id, dimension, vectors

    def embed(self, texts):
        return [self._vectors[text] for text in texts]


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import torch

    from bench.corpus import cached_vectors, corpus_key, messages
    from memory_core.recall import search as recall
    from memory_core.recall.vectors import backfill_embeddings, index_for, to_blob
    from memory_core.ingest import ingest_in_transaction
    from memory_core.recall.query_time import parse_time_filter
    from memory_core.storage.store import Store
    from models.embedder import SentenceEmbedder

    corpus = messages(MESSAGES)
    embedder = SentenceEmbedder(batch_size=256).load()
    vectors = cached_vectors([text for _, _, text, _ in corpus], corpus_key(corpus), embedder)
    torch.set_num_threads(1)
    with tempfile.TemporaryDirectory(prefix="mneme-bench-search-") as scratch:
        store = Store.create(Path(scratch) / "data", use_keyring=False, passphrase=secrets.token_hex(16))
        for offset in range(0, MESSAGES, 5000):
            with store.transaction():
                for thread, role, text, at in corpus[offset: offset + 5000]:
                    ingest_in_transaction(store, thread, role, text, at=datetime.fromisoformat(at))
        with store.transaction():  # what the background job would have written, from the cache
            store.executemany(
                "INSERT INTO embeddings (item_kind, item_id, model, dim, vector) VALUES ('message', ?, ?, ?, ?)",
                ((i + 1, embedder.model_id, vectors.shape[1], to_blob(vectors[i])) for i in range(MESSAGES)))
        facts_embedded = backfill_embeddings(store, embedder, limit=None, kinds=("fact",))
        counts = store.counts()
        began = time.perf_counter()
        index = index_for(store, embedder.model_id)
        index_load_s = time.perf_counter() - began
        rng = random.Random(5)
        batch = queries(rng)
        for query in batch[:10]:  # warm caches (FTS pages, numpy)
            recall.search(store, query, embedder=embedder)
        timings, embed_timings, retrieval_timings, abstained, sizes = [], [], [], 0, []
        vectors_by_query = {}
        for query in batch:
            text_query = parse_time_filter(query)[0]  # what search embeds: the query minus its time phrase
            started = time.perf_counter()
            vectors_by_query[text_query] = embedder.embed([text_query])[0]
            embed_timings.append((time.perf_counter() - started) * 1000)
        known = _Precomputed(embedder.model_id, embedder.dimension, vectors_by_query)
        for query in batch:  # everything but the query embedding
            started = time.perf_counter()
            recall.search(store, query, k=10, embedder=known)
            retrieval_timings.append((time.perf_counter() - started) * 1000)
        for query in batch:
            started = time.perf_counter()
            result = recall.search(store, query, k=10, embedder=embedder)
            timings.append((time.perf_counter() - started) * 1000)
            abstained += result.abstained
            sizes.append(len(result.hits))
        bm25_only = []
        for query in batch:
            started = time.perf_counter()
            recall.search(store, query, k=10)
            bm25_only.append((time.perf_counter() - started) * 1000)
        store.close()
    figures = {
        "messages": counts["messages"], "facts": counts["facts"], "vectors": len(index),
        "facts_embedded": facts_embedded, "queries": len(batch),
        "p50_ms": statistics.median(timings), "p95_ms": percentile(timings, 95), "p99_ms": percentile(timings, 99),
        "retrieval_only_p50_ms": statistics.median(retrieval_timings),
        "retrieval_only_p95_ms": percentile(retrieval_timings, 95),
        "query_embedding_p50_ms": statistics.median(embed_timings),
        "query_embedding_p95_ms": percentile(embed_timings, 95),
        "no_embedder_p50_ms": statistics.median(bm25_only), "no_embedder_p95_ms": percentile(bm25_only, 95),
        "index_load_seconds": round(index_load_s, 2), "abstained": abstained,
        "mean_hits": statistics.mean(sizes), "target_p95_ms": 50.0,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores (shared with other jobs), torch threads 1",
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "search.json").write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    table = ("# Hybrid search over {messages:,} messages and {facts:,} facts\n\n"
             "| end to end p50 ms | p95 ms | p99 ms | without query embedding p50 / p95 ms "
             "| query embedding p50 / p95 ms | no embedder p50 / p95 ms | target p95 |\n"
             "|---|---|---|---|---|---|---|\n"
             "| {p50_ms:.1f} | {p95_ms:.1f} | {p99_ms:.1f} | {retrieval_only_p50_ms:.1f} / {retrieval_only_p95_ms:.1f} "
             "| {query_embedding_p50_ms:.1f} / {query_embedding_p95_ms:.1f} "
             "| {no_embedder_p50_ms:.1f} / {no_embedder_p95_ms:.1f} | <= 50 ms |\n\n"
             "{queries} queries (keywords, questions, time phrases, FTS syntax), k=10, end to end including the "
             "query embedding. {vectors:,} vectors in the in-memory index (loaded in {index_load_seconds} s, once). "
             "Message vectors: real all-MiniLM-L6-v2, cached in bench/work/. {abstained} queries abstained. "
             "Machine: {machine}.\n").format(**figures)
    (RESULTS / "search.md").write_text(table, encoding="utf-8")
    print(table)


if __name__ == "__main__":
    main()
