"""The in-memory vector index: loading, the fast pass against exact search, and forgetting its copy."""
from __future__ import annotations

import numpy as np
import pytest

from memory_core.clock import parse_iso
from memory_core.forgetting.forget import execute_forget, plan_forget
from memory_core.ingest import ingest_message
from memory_core.recall import vectors
from tests.doubles import HashEmbedder
from memory_core.recall.vectors import VectorIndex, backfill_embeddings, candidate_pool, from_blob, index_for, sign_bits


def _anisotropic(count: int, dim: int = 384, seed: int = 3) -> np.ndarray:
    """Unit vectors around a shared direction with clusters, like sentence embeddings (not uniform noise)."""
    rng = np.random.default_rng(seed)
    centres = rng.normal(0, 1, (40, dim)) + 0.3
    vectors = centres[rng.integers(0, len(centres), count)] + rng.normal(0, 0.6, (count, dim))
    return (vectors / np.linalg.norm(vectors, axis=1, keepdims=True)).astype(np.float32)


def _filled(matrix: np.ndarray) -> VectorIndex:
    index = VectorIndex("test/anisotropic")
    rows = [(n + 1, vectors.KIND_CODES["message"], n + 1, row.tobytes(), "2025-01-01T00:00:00+00:00")
            for n, row in enumerate(matrix)]
    index._grow(len(rows), matrix.shape[1])
    index._append(rows, matrix.shape[1])
    return index


def test_fast_pass_finds_the_exact_top_10_past_the_exact_limit():
    matrix = _anisotropic(vectors.EXACT_LIMIT * 3)
    index = _filled(matrix)
    queries = _anisotropic(30, seed=9)
    recall = []
    for query in queries:
        exact = np.sort(matrix @ query)[::-1]
        found = index.search(query, 300)
        assert len(found) == 300
        assert [hit.similarity for hit in found] == sorted((hit.similarity for hit in found), reverse=True)
        recall.append(sum(hit.similarity >= exact[9] - 1e-6 for hit in found[:10]) / 10)
    assert np.mean(recall) >= 0.99


def test_pool_selection_keeps_exactly_the_nearest_by_bits():
    matrix = _anisotropic(vectors.EXACT_LIMIT * 2)
    index = _filled(matrix)
    query = _anisotropic(1, seed=5)[0]
    mask = np.ones(len(matrix), dtype=bool)
    mask[::7] = False  # excluded rows never enter the pool
    pool = candidate_pool(10)
    chosen = index._nearest_by_bits(query, mask, pool)
    distance = np.array([int(np.bitwise_count(sign_bits(row) ^ sign_bits(query)).sum()) for row in matrix])
    assert len(chosen) >= pool and mask[chosen].all() and (np.diff(chosen) > 0).all()
    left_out = np.setdiff1d(np.flatnonzero(mask), chosen)
    assert distance[chosen].max() < distance[left_out].min()  # ties at the cut-off all come in
    assert (distance[chosen] < distance[chosen].max()).sum() < pool  # and nothing past them


def test_loading_in_bulk_matches_the_stored_vectors(store):
    for n in range(12):
        ingest_message(store, "t1", "user", f"note {n}: the kiln fired bowl {n}",
                       at=parse_iso(f"2025-03-{n + 1:02d}T10:00:00Z"))
    embedder = HashEmbedder()
    backfill_embeddings(store, embedder, limit=None)
    index = VectorIndex(embedder.model_id)
    assert index.refresh(store) == 12
    for item_id, blob in store.execute("SELECT item_id, vector FROM embeddings WHERE item_kind = 'message'"):
        position = index._positions[(vectors.KIND_CODES["message"], item_id)]
        assert np.array_equal(index._matrix[position], from_blob(blob))
        assert np.array_equal(index._bits[:, position], sign_bits(from_blob(blob)))
        assert index._ids[position] == item_id and index._alive[position]
    assert index.refresh(store) == 0  # nothing new


def test_forgetting_clears_the_in_memory_copy_of_the_vector(store):
    secret = ingest_message(store, "t1", "user", "My locker code is Vexorin 4417.",
                            at=parse_iso("2025-03-01T10:00:00Z")).message.id
    ingest_message(store, "t1", "user", "The garden needs water.", at=parse_iso("2025-03-02T10:00:00Z"))
    embedder = HashEmbedder()
    backfill_embeddings(store, embedder, limit=None)
    index = index_for(store, embedder.model_id)
    position = index._positions[(vectors.KIND_CODES["message"], secret)]
    assert index._matrix[position].any()
    execute_forget(store, plan_forget(store, "message", secret))
    assert not index._matrix[position].any() and not index._bits[:, position].any()
    query = embedder.embed(["locker code Vexorin"])[0]
    assert all(hit.id != secret for hit in index_for(store, embedder.model_id).search(query, 10))


@pytest.mark.parametrize("count", [1, 10, 50, 51, 300])
def test_candidate_pool_grows_with_depth(count):
    assert candidate_pool(count) >= max(vectors.MIN_CANDIDATES, count)
    assert candidate_pool(count + 1) >= candidate_pool(count)


def test_the_memory_worker_loads_the_index_before_any_search(store):
    from memory_core.observational.worker import MemoryWorker

    for n in range(5):
        ingest_message(store, "t1", "user", f"the kiln note {n}", at=parse_iso(f"2025-03-{n + 1:02d}T10:00:00Z"))
    embedder = HashEmbedder()
    embedder.model_id = "test/hash-bow-warm"  # an index no other test loaded
    backfill_embeddings(store, embedder, limit=None)
    worker = MemoryWorker(store, None, embedder)
    try:
        assert (str(store.path), embedder.model_id) not in vectors._INDEXES
        worker.warm_recall()
        assert len(vectors._INDEXES[(str(store.path), embedder.model_id)]) == 5
    finally:
        worker.close()


def test_holds_any_answers_what_search_would_find_without_a_query_vector(store):
    from datetime import datetime, timedelta, timezone

    from memory_core.ingest import ingest_message
    from memory_core.recall.vectors import backfill_embeddings, index_for
    from tests.doubles import HashEmbedder

    at = datetime(2025, 3, 3, 10, 0, tzinfo=timezone.utc)
    embedder = HashEmbedder()
    ingest_message(store, "t1", "user", "the boiler broke", at=at)
    backfill_embeddings(store, embedder, limit=None)
    index = index_for(store, embedder.model_id)
    vector = embedder.embed(["boiler"])[0]
    for start, end in ((at - timedelta(days=1), at + timedelta(days=1)), (at + timedelta(days=1), at + timedelta(days=9))):
        assert index.holds_any(start=start, end=end) == bool(index.search(vector, 5, start=start, end=end))
    assert not index.holds_any(kinds=("fact",))
