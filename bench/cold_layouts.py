"""Cold searches over copies of one store with different layouts, alternating which copy goes first.

The loop ``compaction_check`` and ``search_layout_check`` share: before each search recall's DF cache is
cleared, the copy's files are evicted from the OS page cache and a new connection is opened (cold as in
bench_search); each copy's store was opened once before, its word counts read and its speaker index warmed
(``warm``), as the app has them after unlock.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable


def warm(store: Any) -> Any:
    """What the app holds after unlock: recall's word counts and the speaker index."""
    import memory_core.recall.search as recall
    from bench.search_worker import load_word_counts

    load_word_counts(store)
    recall.search(store, "warm up the speaker index", k=10)
    return store


def time_cold_searches(stores: dict[str, Any], folders: dict[str, Path], batch: list[str], *,
                       before_each: Callable[[str], None] | None = None
                       ) -> tuple[dict[str, list[float]], dict[str, list[list[tuple]]]]:
    """Milliseconds and top-10 (kind, id, score) per copy and query; ``before_each(name)`` runs first (e.g. the
    page size the next connection to that copy must use)."""
    import memory_core.recall.search as recall
    from bench.search_worker import drop_from_os_cache

    names = list(stores)
    timings: dict[str, list[float]] = {name: [] for name in names}
    hits: dict[str, list[list[tuple]]] = {name: [] for name in names}
    for n, query in enumerate(batch):
        for name in (names if n % 2 == 0 else list(reversed(names))):
            if before_each is not None:
                before_each(name)
            recall._DF_CACHE.clear()
            drop_from_os_cache(folders[name])
            connection = stores[name].connect()
            started = time.perf_counter()
            found = recall.search(connection, query, k=10)
            timings[name].append((time.perf_counter() - started) * 1000)
            connection.close()
            hits[name].append([(hit.kind, hit.id, hit.score) for hit in found.hits])
    return timings, hits
