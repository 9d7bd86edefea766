"""A query's candidates: which items its channels found, read back from the database once and only when needed.

Two things make a cold search cheaper here without changing what it returns:

* **The query embedding and the dense pass run beside the SQL.** ``DenseLookup`` computes them on a helper
  thread while the calling thread runs BM25, reads the BM25 candidates and looks up word frequencies (SQLite,
  torch and numpy all release the GIL). Only the embedder and the in-memory index cross threads: every SQL
  statement stays on the caller's connection (SQLCipher connections are one per thread).
* **Reading is separate from ranking.** ``CandidateReader`` reads hits per kind on request and remembers them (and
  the ids found gone), so ``recall.bounds`` can leave dense-only messages unread until their best possible score
  could reach the top ``k``; ``in_fusion_order`` then lays the candidates out in exactly the order the one-pass
  read produced, because rank ties (salience, recency, equal scores) fall back to that order.
"""
from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Callable, Iterable, Sequence

from memory_core.llm import Embedder

Key = tuple[str, int]
#: ``(kind, ids) -> {id: hit}``: reads hits back; ids that are gone (forgotten) do not come back.
Hydrate = Callable[[str, list[int]], dict[int, Any]]

#: The embedding and dense pass on a helper thread beside the SQL (True) or first, on the caller's thread (False);
#: bench/bench_embed_order.py times both orders, alternating, at 100k messages on the 2 shared cores.
EMBED_BESIDE_SQL = True

_EMBEDDING_POOL: ThreadPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def _pool() -> ThreadPoolExecutor:
    global _EMBEDDING_POOL
    with _POOL_LOCK:
        if _EMBEDDING_POOL is None:
            # a search uses two (embedding, half of BM25); a second search at once need not queue
            _EMBEDDING_POOL = ThreadPoolExecutor(max_workers=4, thread_name_prefix="recall-beside")
        return _EMBEDDING_POOL


def run_beside(work: Callable[[], Any]) -> Future:
    """Run ``work`` on a recall helper thread (it must open its own connection if it needs the database)."""
    return _pool().submit(work)


class DenseLookup:
    """The query's embedding and the dense pass over it, on a helper thread from the moment this is made.

    ``search`` gets the vector; it must not touch the database (the index is refreshed before, on the caller's
    thread and connection)."""

    def __init__(self, embedder: Embedder, text: str, search: Callable[[Any], list]):
        if EMBED_BESIDE_SQL:
            self._future: Future = run_beside(lambda: search(embedder.embed([text])[0]))
        else:
            self._future = Future()
            try:
                self._future.set_result(search(embedder.embed([text])[0]))
            except Exception as exc:  # noqa: BLE001 - raised from result(), as on the helper thread
                self._future.set_exception(exc)

    def result(self) -> list:
        """The dense hits (waits for them); the embedder's or the search's error is raised here."""
        return self._future.result()


class CandidateReader:
    """Hits read back from the database, per kind, each at most once per search."""

    def __init__(self, hydrate: Hydrate, on_gone: Callable[[str, set[int]], None] | None = None):
        self._hydrate = hydrate
        self._on_gone = on_gone
        self.hits: dict[Key, Any] = {}
        self.gone: set[Key] = set()

    def read(self, keys: Iterable[Key]) -> None:
        """Read the keys not read yet (one statement per kind, ids in the order given)."""
        by_kind: dict[str, list[int]] = {}
        for kind, item_id in keys:
            if (kind, item_id) not in self.hits and (kind, item_id) not in self.gone:
                by_kind.setdefault(kind, []).append(item_id)
        for kind, ids in by_kind.items():
            ids = list(dict.fromkeys(ids))
            found = self._hydrate(kind, ids)
            for item_id, hit in found.items():
                self.hits[(kind, item_id)] = hit
            missing = set(ids) - set(found)
            self.gone |= {(kind, item_id) for item_id in missing}
            if missing and self._on_gone is not None:
                self._on_gone(kind, missing)


def listed_keys(lists: dict[str, Sequence[Key]]) -> list[Key]:
    """Every key the channels found, once, kinds in order of first appearance (the one-pass read's order)."""
    by_kind: dict[str, dict[int, None]] = {}
    for ranked in lists.values():
        for kind, item_id in ranked:
            by_kind.setdefault(kind, {})[item_id] = None
    return [(kind, item_id) for kind, ids in by_kind.items() for item_id in ids]


def in_fusion_order(lists: dict[str, Sequence[Key]], hits: dict[Key, Any], gone: set[Key],
                    stand_ins: dict[Key, Any] | None = None, later: Sequence[str] = ()) -> dict[Key, Any]:
    """The candidates (read hits, or stand-ins for the unread), in the order reading them gives: the lists not
    in ``later`` read at once, then what the ``later`` lists add; in each, kinds in order of first appearance
    and ids ascending within a kind (SQLite answers ``id IN (...)`` by walking the sorted list; facts,
    observations and messages are all read that way)."""
    stand_ins = stand_ins or {}
    ordered: dict[Key, Any] = {}
    for part in ({n: r for n, r in lists.items() if n not in later}, {n: r for n, r in lists.items() if n in later}):
        by_kind: dict[str, list[int]] = {}
        for kind, item_id in listed_keys(part):
            if (kind, item_id) not in gone and (kind, item_id) not in ordered:
                by_kind.setdefault(kind, []).append(item_id)
        for kind, ids in by_kind.items():
            for item_id in sorted(ids):
                hit = hits.get((kind, item_id), stand_ins.get((kind, item_id)))
                if hit is not None:
                    ordered[(kind, item_id)] = hit
    return ordered
