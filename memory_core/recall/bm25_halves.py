"""BM25 over the message index in two rowid halves at once, on two connections, merged into the same top list.

Ranking a word that thousands of messages hold reads each match's length row (FTS5 ``_docsize``), scattered
over the file: on a cold database that is most of a search's time, and it is waiting on the disk, not work.
Two halves of the id range, each ranked on its own connection and thread, wait in parallel (on 2 cores, 4
halves were slower than 2: bench/results/search_stages.md).

The merged list is the one query's list: FTS5's ``bm25()`` takes its IDF and average length from the whole
table whatever the rowid bounds (``xQueryPhrase``, ``xRowCount``), so every row scores the same in its half;
and SQLite keeps an ``ORDER BY ... LIMIT`` result's ties in scan order, which for FTS5 is ascending rowid, so
sorting the union by (score, rowid) and cutting at the limit gives the same rows in the same order
(tests/memory_core/recall/test_bounds.py checks it on tied scores).

The other half runs on a fresh connection of its own (SQLCipher connections are one per thread) that sees
committed data only, so a caller inside an open transaction is answered by one query on its own connection.
"""
from __future__ import annotations

from typing import Any, Callable

from memory_core.recall.candidates import run_beside
from memory_core.storage.store import Store

#: Below this many messages one query is quicker than opening a second connection.
SPLIT_FROM_MESSAGES = 20_000


def ranked_in_halves(store: Store, ranked_between: Callable[[Store, int, int], list[tuple[int, float]]],
                     newest_id: int, limit: int) -> list[tuple[int, float]] | None:
    """``ranked_between(store, low, high)`` for the two halves of 1..newest_id at once, merged best first;
    None when splitting does not pay or cannot see what the caller sees (run the one query then)."""
    if newest_id < SPLIT_FROM_MESSAGES or _in_transaction(store):
        return None
    middle = newest_id // 2

    def upper_half() -> list[tuple[int, float]]:
        other = store.connect()
        try:
            return ranked_between(other, middle + 1, newest_id)
        finally:
            other.close()

    upper = run_beside(upper_half)
    lower = ranked_between(store, 1, middle)
    rows = [*lower, *upper.result()]
    rows.sort(key=lambda row: (row[1], row[0]))
    return rows[:limit]


def _in_transaction(store: Store) -> bool:
    connection: Any = getattr(getattr(store, "db", None), "conn", None)
    return bool(getattr(connection, "in_transaction", True))
