"""Dense vectors for recall: filled in the background, searched from memory.

``backfill_embeddings`` embeds messages, observations, reflections and facts
that have no vector yet for the embedder's model and stores them as float32
blobs in ``embeddings`` (the hot write path never waits for it).

``VectorIndex`` holds every vector of one model in a numpy matrix, loaded once
and then refreshed incrementally by ``embeddings.rowid``; a search is one
matrix-vector product. Forgetting deletes rows (and, by trigger, their
vectors): the index never decides what exists. Recall hydrates hits from the
database, drops ids that are gone and calls ``invalidate`` for them; the forget
code may call ``invalidate`` directly too (deleted rows are also simply
never returned, since every hit is re-read from the database). A full reload
happens when the newest vectors were deleted behind the index's back.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import datetime
from typing import Iterable, Sequence

import numpy as np

from memory_core.llm import Embedder
from memory_core.storage.sql import ITEM_KINDS, KIND_TABLES, KIND_TIME_COLUMNS
from memory_core.storage.store import Store

#: item kind -> (table, timestamp column used for time filters)
KIND_SOURCES: dict[str, tuple[str, str]] = {kind: (KIND_TABLES[kind], KIND_TIME_COLUMNS[kind])
                                            for kind in ITEM_KINDS}
KIND_CODES = {kind: code for code, kind in enumerate(ITEM_KINDS)}
CODE_KINDS = {code: kind for kind, code in KIND_CODES.items()}
#: Text beyond this is not embedded (MiniLM reads 256 word pieces anyway).
EMBED_CHARS = 2000
#: Above this many vectors, search first ranks by Hamming distance between sign bits (a few MB,
#: sub-millisecond) and rescores the best ``OVERSAMPLE`` x n candidates exactly: a full float32
#: pass over 100k x 384 reads 150 MB per query and is bound by memory bandwidth.
EXACT_LIMIT = 5_000
OVERSAMPLE = 40
MIN_CANDIDATES = 2000


def to_blob(vector: Sequence[float] | np.ndarray) -> bytes:
    return np.asarray(vector, dtype=np.float32).tobytes()


def from_blob(blob: bytes) -> np.ndarray:
    return np.frombuffer(blob, dtype=np.float32)


def _missing(store: Store, kind: str, model: str, limit: int) -> list[tuple[int, str]]:
    table, _ = KIND_SOURCES[kind]
    rows = store.execute(
        f"SELECT t.id, t.text FROM {table} t WHERE NOT EXISTS (SELECT 1 FROM embeddings e "
        "WHERE e.item_kind = ? AND e.item_id = t.id AND e.model = ?) ORDER BY t.id LIMIT ?",
        [kind, model, limit]).fetchall()
    return [(row[0], row[1]) for row in rows]


def backfill_embeddings(store: Store, embedder: Embedder, limit: int | None = 1000, *, batch_size: int = 64,
                        kinds: Iterable[str] = ITEM_KINDS) -> int:
    """Embed up to ``limit`` items that lack a vector for ``embedder.model_id``; returns how many.

    Each batch is committed on its own, so a long backfill can be interrupted
    and resumed; an item deleted meanwhile gets no orphan vector.
    """
    done = 0
    budget = limit if limit is not None else 1 << 62
    for kind in kinds:
        while done < budget:
            rows = _missing(store, kind, embedder.model_id, min(batch_size, budget - done))
            if not rows:
                break
            texts = [text[:EMBED_CHARS] for _, text in rows]
            as_array = getattr(embedder, "embed_array", None)  # faster than lists when offered
            vectors = as_array(texts) if as_array is not None else embedder.embed(texts)
            table, _ = KIND_SOURCES[kind]
            with store.transaction():
                for (item_id, _), vector in zip(rows, vectors):
                    store.execute(
                        f"INSERT OR REPLACE INTO embeddings (item_kind, item_id, model, dim, vector) "
                        f"SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM {table} WHERE id = ?)",
                        [kind, item_id, embedder.model_id, len(vector), to_blob(vector), item_id])
            done += len(rows)
    return done


def count_missing(store: Store, model: str) -> int:
    total = 0
    for kind, (table, _) in KIND_SOURCES.items():
        total += store.execute(
            f"SELECT count(*) FROM {table} t WHERE NOT EXISTS (SELECT 1 FROM embeddings e "
            "WHERE e.item_kind = ? AND e.item_id = t.id AND e.model = ?)", [kind, model]).fetchone()[0]
    return total


@dataclass(frozen=True)
class DenseHit:
    kind: str
    id: int
    similarity: float


def _epoch(text: str | None) -> float:
    if not text:
        return 0.0
    try:
        return datetime.fromisoformat(text).timestamp()
    except ValueError:
        return 0.0


class VectorIndex:
    """All vectors of one model, in memory; appended to as the background job embeds more."""

    def __init__(self, model: str):
        self.model = model
        self._matrix = np.zeros((0, 0), dtype=np.float32)
        self._kinds = np.zeros(0, dtype=np.int8)
        self._ids = np.zeros(0, dtype=np.int64)
        self._times = np.zeros(0, dtype=np.float64)
        self._alive = np.zeros(0, dtype=bool)
        self._bits = np.zeros((0, 0), dtype=np.uint64)  # (words, capacity): one contiguous row per word
        self._size = 0
        self._last_rowid = 0
        self._positions: dict[tuple[int, int], int] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return int(self._alive[: self._size].sum())

    def _grow(self, extra: int, dim: int) -> None:
        need = self._size + extra
        if self._matrix.shape[1] != dim and self._size == 0:
            self._matrix = np.zeros((0, dim), dtype=np.float32)
        if need <= self._matrix.shape[0]:
            return
        capacity = max(need, int(self._matrix.shape[0] * 1.5) + 1024)
        for name, dtype in (("_kinds", np.int8), ("_ids", np.int64), ("_times", np.float64), ("_alive", bool)):
            old = getattr(self, name)
            new = np.zeros(capacity, dtype=dtype)
            new[: self._size] = old[: self._size]
            setattr(self, name, new)
        matrix = np.zeros((capacity, dim), dtype=np.float32)
        matrix[: self._size] = self._matrix[: self._size]
        self._matrix = matrix
        bits = np.zeros((_words(dim), capacity), dtype=np.uint64)
        if self._bits.shape[0] == bits.shape[0]:
            bits[:, : self._size] = self._bits[:, : self._size]
        self._bits = bits

    def refresh(self, store: Store) -> int:
        """Load vectors added since the last refresh; reload everything if some were deleted."""
        with self._lock:
            newest = store.execute("SELECT max(rowid) FROM embeddings").fetchone()[0] or 0
            if newest < self._last_rowid:  # the newest vectors were deleted: start again
                self._reset()
            if newest == self._last_rowid and self._size:
                return 0
            parts = []
            for kind, (table, column) in KIND_SOURCES.items():
                parts.append(
                    f"SELECT e.rowid AS r, {KIND_CODES[kind]} AS k, e.item_id AS i, e.vector AS v, t.{column} AS at "
                    f"FROM embeddings e JOIN {table} t ON t.id = e.item_id "
                    f"WHERE e.item_kind = '{kind}' AND e.model = :model AND e.rowid > :last")
            rows = store.execute(" UNION ALL ".join(parts) + " ORDER BY r",
                                    {"model": self.model, "last": self._last_rowid}).fetchall()
            if not rows:
                return 0
            dim = len(rows[0][3]) // 4
            self._grow(len(rows), dim)
            for rowid, code, item_id, blob, at in rows:
                if len(blob) // 4 != dim:
                    continue
                key = (code, item_id)
                position = self._positions.get(key)
                if position is None:
                    position = self._size
                    self._size += 1
                    self._positions[key] = position
                vector = from_blob(blob)
                self._matrix[position] = vector
                self._bits[:, position] = sign_bits(vector)
                self._kinds[position] = code
                self._ids[position] = item_id
                self._times[position] = _epoch(at)
                self._alive[position] = True
                self._last_rowid = max(self._last_rowid, rowid)
            return len(rows)

    def _reset(self) -> None:
        self._size = 0
        self._last_rowid = 0
        self._positions.clear()
        self._alive[:] = False

    def invalidate(self, kind: str, ids: Iterable[int]) -> None:
        """Stop serving these items (forget calls this; recall does for ids it finds gone)."""
        code = KIND_CODES[kind]
        with self._lock:
            for item_id in ids:
                position = self._positions.get((code, int(item_id)))
                if position is not None:
                    self._alive[position] = False

    def search(self, query: Sequence[float] | np.ndarray, n: int = 100, *, kinds: Iterable[str] | None = None,
               start: datetime | None = None, end: datetime | None = None,
               until: datetime | None = None) -> list[DenseHit]:
        """Top ``n`` by cosine (vectors are unit length), optionally within a time window."""
        with self._lock:
            size = self._size
            if size == 0:
                return []
            vector = np.asarray(query, dtype=np.float32)
            if vector.shape[0] != self._matrix.shape[1]:
                return []
            mask = self._alive[:size].copy()
            if kinds is not None and set(kinds) != set(KIND_CODES):
                wanted = np.zeros(len(KIND_CODES), dtype=bool)
                wanted[[KIND_CODES[k] for k in kinds if k in KIND_CODES]] = True
                mask &= wanted[self._kinds[:size]]
            times = self._times[:size]
            if start is not None:
                mask &= times >= start.timestamp()
            if end is not None:
                mask &= times < end.timestamp()
            if until is not None:
                mask &= times <= until.timestamp()
            allowed = int(mask.sum())
            count = min(n, allowed)
            if count <= 0:
                return []
            if size > EXACT_LIMIT and allowed > max(MIN_CANDIDATES, n * OVERSAMPLE):
                pool = min(allowed, max(MIN_CANDIDATES, n * OVERSAMPLE))
                query_bits = sign_bits(vector)
                distance = np.bitwise_count(self._bits[0, :size] ^ query_bits[0]).astype(np.int32)
                for word in range(1, len(query_bits)):
                    distance += np.bitwise_count(self._bits[word, :size] ^ query_bits[word])
                distance[~mask] = np.iinfo(np.int32).max
                candidates = np.sort(np.argpartition(distance, pool - 1)[:pool])
            else:
                candidates = np.flatnonzero(mask)
            # einsum, not BLAS: multithreaded sgemv on a few thousand rows costs 10x more on a busy CPU
            scores = np.einsum("ij,j->i", self._matrix[candidates], vector)
            best = np.argpartition(-scores, count - 1)[:count]
            best = best[np.argsort(-scores[best])]
            return [DenseHit(CODE_KINDS[int(self._kinds[candidates[i]])], int(self._ids[candidates[i]]),
                             float(scores[i])) for i in best]


def _words(dim: int) -> int:
    return (dim + 63) // 64


def sign_bits(vector: np.ndarray) -> np.ndarray:
    """The vector's signs packed into 64-bit words (binary quantization for the first pass)."""
    dim = vector.shape[-1]
    packed = np.packbits(vector > 0, axis=-1)
    padded = np.zeros(_words(dim) * 8, dtype=np.uint8)
    padded[: packed.shape[-1]] = packed
    return padded.view(np.uint64)


_INDEXES: dict[tuple[str, str], VectorIndex] = {}
_REGISTRY_LOCK = threading.Lock()


def index_for(store: Store, model: str, *, refresh: bool = True) -> VectorIndex:
    """The shared in-memory index of this database and model, brought up to date."""
    key = (str(store.path), model)
    with _REGISTRY_LOCK:
        index = _INDEXES.get(key)
        if index is None:
            index = _INDEXES[key] = VectorIndex(model)
    if refresh:
        index.refresh(store)
    return index


def invalidate(store: Store, kind: str, ids: Iterable[int]) -> None:
    """For forget: every loaded index of this database stops serving these items at once."""
    ids = list(ids)
    for (path, _), index in list(_INDEXES.items()):
        if path == str(store.path):
            index.invalidate(kind, ids)
