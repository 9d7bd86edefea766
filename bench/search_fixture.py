"""The 100k-message database bench_search reads, built once and cached under ~/.cache/mneme/bench.

Building it sends every corpus message through the real hot path (facts are
extracted as in the app) and stores one vector per message; that takes minutes
on the shared 2-core machine, so the finished encrypted database is kept under
``~/.cache/mneme/bench/search-<key>/`` and copied to a scratch folder for each
run (a run never changes the cached copy). The key covers what the content
depends on: the generator version, the corpus, the number of real vectors and
the schema migrations' text. Bump ``GENERATOR_VERSION`` when the hot path's
output should be rebuilt (e.g. fact extraction changed).
"""
from __future__ import annotations

import hashlib
import os
import shutil
import time
from datetime import datetime
from pathlib import Path

import numpy as np

GENERATOR_VERSION = "1"
#: A bench database: the passphrase guards nothing but has to be known to reopen the cached copy.
PASSPHRASE = "mneme-bench-search"
CACHE_ROOT = Path(os.environ.get("MNEME_BENCH_CACHE", Path.home() / ".cache" / "mneme" / "bench"))


def fixture_key(corpus_key: str, messages: int, vectors: np.ndarray) -> str:
    from memory_core.storage.schema import MIGRATIONS

    digest = hashlib.sha256(f"{GENERATOR_VERSION}|{corpus_key}|{messages}".encode())
    digest.update("\n".join(MIGRATIONS).encode())
    digest.update(np.ascontiguousarray(vectors[:: max(1, len(vectors) // 64)]).tobytes())
    return digest.hexdigest()[:16]


def _build(target: Path, corpus: list[tuple[str, str, str, str]], vectors: np.ndarray, embedder) -> None:
    from memory_core.ingest import ingest_in_transaction
    from memory_core.recall.vectors import backfill_embeddings, to_blob
    from memory_core.storage.store import Store

    store = Store.create(target, use_keyring=False, passphrase=PASSPHRASE)
    try:
        began = time.perf_counter()
        for offset in range(0, len(corpus), 5000):
            with store.transaction():
                for thread, role, text, at in corpus[offset: offset + 5000]:
                    ingest_in_transaction(store, thread, role, text, at=datetime.fromisoformat(at))
            print(f"  fixture: {offset + 5000:,}/{len(corpus):,} messages ({time.perf_counter() - began:.0f} s)",
                  flush=True)
        with store.transaction():  # what the background job would have written
            store.executemany(
                "INSERT INTO embeddings (item_kind, item_id, model, dim, vector) VALUES ('message', ?, ?, ?, ?)",
                ((i + 1, embedder.model_id, vectors.shape[1], to_blob(vectors[i])) for i in range(len(corpus))))
        backfill_embeddings(store, embedder, limit=None, kinds=("fact",))
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
    finally:
        store.close()


def search_database(corpus: list[tuple[str, str, str, str]], corpus_key: str, vectors: np.ndarray, embedder,
                    scratch: Path) -> tuple[Path, bool]:
    """A private copy of the cached bench database in ``scratch``; (its data dir, whether it was built now)."""
    cached = CACHE_ROOT / f"search-{fixture_key(corpus_key, len(corpus), vectors)}"
    built = False
    if not (cached / "done").exists():
        staging = cached.with_name(cached.name + ".building")
        shutil.rmtree(staging, ignore_errors=True)
        staging.parent.mkdir(parents=True, exist_ok=True)
        _build(staging, corpus, vectors, embedder)
        (staging / "done").write_text(datetime.now().isoformat() + "\n", encoding="utf-8")
        shutil.rmtree(cached, ignore_errors=True)
        staging.rename(cached)
        built = True
    copy = scratch / "data"
    shutil.copytree(cached, copy)
    return copy, built


def unlocked_search_store(corpus: list[tuple[str, str, str, str]], real: np.ndarray, embedder, scratch: Path):
    """The 100k-message fixture opened as the app has it after unlock: the model warm, the vector index and
    recall's word counts (and postings, where the code has them) loaded. Returns (data_dir, store)."""
    from bench.bench_search import MESSAGES, derived_vectors
    from bench.corpus import corpus_key
    from bench.search_worker import load_word_counts
    from memory_core.recall import vectors
    from memory_core.storage.store import Store

    data_dir, _ = search_database(corpus, corpus_key(corpus), derived_vectors(np.asarray(real, np.float32), MESSAGES),
                                  embedder, scratch)
    store = Store.open(data_dir, PASSPHRASE)
    embedder.embed(["warm up the model"])
    vectors.index_for(store, embedder.model_id)
    load_word_counts(store)
    return data_dir, store
