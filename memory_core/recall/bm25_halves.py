"""BM25 over the message index in two rowid halves at once, on two connections, merged into the same top list.

Ranking a word that thousands of messages hold reads each match's length row (FTS5 ``_docsize``), scattered
over the file: on a cold database that is most of a search's time, and it is waiting on the disk, not work.
The upper half of the id range is ranked on the search's helper connection (recall/helper_connection.py) while
the caller ranks the lower half; the waits overlap (on 2 shared cores, 4 parts were slower than 2).

The merged list is the one query's list: FTS5's ``bm25()`` takes its IDF and average length from the whole
table whatever the rowid bounds (``xQueryPhrase``, ``xRowCount``), so every row scores the same in its half;
and SQLite keeps an ``ORDER BY ... LIMIT`` result's ties in scan order, which for FTS5 is ascending rowid, so
sorting the union by (score, rowid) and cutting at the limit gives the same rows in the same order
(tests/memory_core/recall/test_bounds.py checks it on tied scores).
"""
from __future__ import annotations

from typing import Callable

from memory_core.recall.helper_connection import HelperConnection
from memory_core.storage.store import Store


def ranked_in_halves(store: Store, helper: HelperConnection | None,
                     ranked_between: Callable[[Store, int, int], list[tuple[int, float]]],
                     limit: int) -> list[tuple[int, float]] | None:
    """``ranked_between(connection, low, high)`` for the two halves of the message ids at once, merged best
    first; None without a helper connection (run the one query then)."""
    if helper is None or helper.newest_message < 2:
        return None
    middle = helper.newest_message // 2
    # the upper half reaches past the newest id at the search's start, as the one query would
    lower, upper = helper.run_beside(store, lambda connection: ranked_between(connection, 1, middle),
                                     lambda connection: ranked_between(connection, middle + 1, 1 << 62))
    rows = [*lower, *upper]
    rows.sort(key=lambda row: (row[1], row[0]))
    return rows[:limit]
