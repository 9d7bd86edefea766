"""One version of Mneme's search, in its own process, driven by bench_search over stdin/stdout.

bench_search runs two of these at once, one importing the code under test and
one importing an older checkout (``PYTHONPATH`` decides which ``memory_core``
and ``models`` load), and sends them the same queries alternately, so both are
measured in the same run under the same machine load. This file only uses
what both versions have: ``Store.open``, ``recall.search.search``,
``recall.vectors.index_for`` and the ``_DF_CACHE`` dict.

Requests are JSON lines: ``{"op": "search", "query": ..., "mode": "cold" | "warm" | "cold_no_embedder" |
"cold_bare"}`` (``cold_bare``: cold without recall's word counts, which the app reads at unlock),
``{"op": "dense", "queries": [...]}``, ``{"op": "quit"}``; each gets one JSON line back.
"""
from __future__ import annotations

import gc
import importlib
import json
import os
import sys
import threading
import time
from pathlib import Path

import numpy as np

PASSPHRASE = "mneme-bench-search"


def drop_from_os_cache(data_dir: Path) -> None:
    """Evict the database files' pages from the OS page cache (clean pages only: the fixture is checkpointed)."""
    for path in data_dir.glob("mneme.db*"):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


class _CollectorTime:
    """Milliseconds Python's cyclic garbage collector ran (it stops every thread that needs the GIL)."""

    def __init__(self):
        self.ms = 0.0
        self._started: dict[int, float] = {}
        gc.callbacks.append(self._callback)

    def _callback(self, phase: str, info: dict) -> None:
        thread = threading.get_ident()
        if phase == "start":
            self._started[thread] = time.perf_counter()
        elif thread in self._started:
            self.ms += (time.perf_counter() - self._started.pop(thread)) * 1000


class _TimedEmbedder:
    """The real embedder, with the time its calls took (the query embedding share of a search)."""

    def __init__(self, embedder):
        self._embedder = embedder
        self.model_id, self.dimension = embedder.model_id, embedder.dimension
        self.spent_ms = 0.0

    def embed(self, texts):
        started = time.perf_counter()
        try:
            return self._embedder.embed(texts)
        finally:
            self.spent_ms += (time.perf_counter() - started) * 1000


def _dense(index, embedder, queries: list[str]) -> dict:
    """Fast pass against brute-force cosine over the same vectors: recall at 10, 50 and 300 (tie-aware)."""
    size = index._size
    matrix, alive = index._matrix[:size], index._alive[:size]
    recall: dict[int, list[float]] = {10: [], 50: [], 300: []}
    fast_ms, exact_ms = [], []
    for text in queries:
        vector = np.asarray(embedder.embed([text])[0], dtype=np.float32)
        started = time.perf_counter()
        exact = np.sort(np.where(alive, matrix @ vector, -np.inf))[::-1][:300]
        exact_ms.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        fast = index.search(vector, 300)  # the depth recall's dense channel asks for
        fast_ms.append((time.perf_counter() - started) * 1000)
        for depth in recall:
            floor = exact[depth - 1] - 1e-6
            recall[depth].append(sum(1 for hit in fast[:depth] if hit.similarity >= floor) / depth)
    return {"vectors": int(alive.sum()), "recall": {str(d): values for d, values in recall.items()},
            "fast_ms": fast_ms, "exact_ms": exact_ms}


#: The modules that hold recall's in-memory copies of the message index, in the versions that have them: the word
#: counts (memory_core/recall/document_counts.py, until the postings gave them) and the message postings
#: (memory_core/recall/message_postings.py).
HELD_INDEX_MODULES = ("memory_core.recall.document_counts", "memory_core.recall.message_postings")


def _held_index_modules() -> list:
    found = []
    for name in HELD_INDEX_MODULES:
        try:
            found.append(importlib.import_module(name))
        except ImportError:
            pass
    return found


def load_word_counts(store) -> float | None:
    """What the app reads at unlock besides the vector index, where this version has it: recall's copies of the
    message index (loaded by the memory worker at unlock). Seconds taken, or None."""
    modules = _held_index_modules()
    if not modules:
        return None
    started = time.perf_counter()
    for module in modules:
        module.load(store)
    return time.perf_counter() - started


def drop_word_counts(store) -> None:
    for module in _held_index_modules():
        module.forget(store)


def word_counts_loaded(store) -> bool:
    return all(module.is_loaded(store) for module in _held_index_modules())


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    data_dir = Path(sys.argv[1])
    import torch

    torch.set_num_threads(1)
    import memory_core.recall.search as recall
    from memory_core.recall.vectors import index_for
    from memory_core.storage.store import Store
    from models.embedder import SentenceEmbedder

    collector = _CollectorTime()
    store = Store.open(data_dir, PASSPHRASE)
    embedder = _TimedEmbedder(SentenceEmbedder().load())
    embedder.embed(["warm up the model"])  # the app loads the model before the first search
    started = time.perf_counter()
    index = index_for(store, embedder.model_id)
    load_s = time.perf_counter() - started
    counts_s = load_word_counts(store)
    print(json.dumps({"ready": True, "index_load_s": load_s, "counts_load_s": counts_s, "vectors": len(index),
                      "code": str(Path(recall.__file__).resolve().parents[2])}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        if request["op"] == "quit":
            break
        if request["op"] == "dense":
            print(json.dumps(_dense(index, embedder, request["queries"])), flush=True)
            continue
        mode = request["mode"]
        use_embedder = embedder if mode != "cold_no_embedder" else None
        connection = store
        if mode == "cold_bare":  # the old definition of cold: nothing held but the model and the vector index
            drop_word_counts(store)
        elif counts_s is not None and not word_counts_loaded(store):
            load_word_counts(store)  # back to what the app holds from unlock on (untimed)
        if mode.startswith("cold"):
            recall._DF_CACHE.clear()
            drop_from_os_cache(data_dir)
            connection = store.connect()
        embedder.spent_ms = 0.0
        collector.ms = 0.0
        try:
            started = time.perf_counter()
            result = recall.search(connection, request["query"], k=10, embedder=use_embedder)
            elapsed = (time.perf_counter() - started) * 1000
        finally:
            if connection is not store:
                connection.close()
        print(json.dumps({"ms": elapsed, "embed_ms": embedder.spent_ms if use_embedder else 0.0,
                          "gc_ms": collector.ms,
                          "hits": [[hit.kind, hit.id, hit.score] for hit in result.hits], "abstained": result.abstained}),
              flush=True)
    store.close()


if __name__ == "__main__":
    main()
