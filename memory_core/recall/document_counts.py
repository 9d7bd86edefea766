"""How many messages hold a word, kept in memory: a cold search weighs its words without reading doclists.

Recall weighs every query word and every word the feedback channel considers by its IDF over the message text
(``bm25._idf_df``). Counted in SQL, each word reads its doclist from every FTS5 segment: on a cold database that
was about a fifth of a search (bench/results/search_stages.md, ``_idf_df``). So the counts of every term of the
text column of ``message_search`` are read once (``fts5vocab``, one pass over the index) when the store is
unlocked and after each memory pass, off the search path, and kept here: term -> rows whose text holds it.

The answer is the SQL count's, exactly, or no answer (the caller counts in SQL):

* a word is answered only when FTS5 would read it as the one ASCII token it is (lower-case letters and digits:
  ``unicode61`` neither splits nor folds it), and a prefix (``"stem"*``) only when one term of the text column
  starts with it (several terms would need the union of their rows, which the counts cannot give);
* rows added since the counts were read are counted in SQL, on the newest rows only (``rowid > newest``);
* after any audit event (every forget and take-back writes one) or when the newest message id went down, the
  counts are dropped at once (the words of forgotten messages do not stay here) and read again by the next
  ``load``; forgetting drops them itself and reads them again from what is left (forgetting/forget.py).
"""
from __future__ import annotations

import bisect
import threading
from dataclasses import dataclass

from memory_core.recall.held_index import PLAIN_TOKEN, store_state, words_may_be_gone
from memory_core.storage.db import DB_ERRORS
from memory_core.storage.store import Store

_VOCABULARY = "temp.recall_message_terms"


@dataclass(frozen=True)
class _Counts:
    #: The text column's terms, sorted (prefix look-ups are a range of this list).
    terms: list[str]
    #: Rows whose text holds each term.
    rows: list[int]
    newest_message: int
    newest_event: int


_COUNTS: dict[str, _Counts] = {}
_LOCK = threading.Lock()


def load(store: Store) -> None:
    """Read the text column's term counts now, on this connection (at unlock and after a memory pass, on a
    background thread: about 0.1-0.2 s at 100k messages)."""
    newest_message, newest_event = store_state(store)
    store.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {_VOCABULARY} USING fts5vocab(main, message_search, col)")
    rows = store.execute(f"SELECT term, doc FROM {_VOCABULARY} WHERE col = 'text' ORDER BY term").fetchall()
    counts = _Counts([row[0] for row in rows], [row[1] for row in rows], newest_message, newest_event)
    with _LOCK:
        _COUNTS[str(store.path)] = counts


def refresh(store: Store) -> None:
    """``load`` unless the kept counts are up to date with the store (the memory worker, between turns)."""
    counts = _COUNTS.get(str(store.path))
    if counts is None or store_state(store) != (counts.newest_message, counts.newest_event):
        load(store)


def forget(store: Store) -> None:
    """Drop the counts of this store (forgetting: they were read from messages that may be gone)."""
    with _LOCK:
        _COUNTS.pop(str(store.path), None)


def is_loaded(store: Store) -> bool:
    return str(store.path) in _COUNTS


def rows_holding(store: Store, word: str, prefix: bool) -> int | None:
    """Messages whose text holds ``word`` (as a token prefix when ``prefix``): what
    ``SELECT count(*) FROM message_search WHERE message_search MATCH 'text : "word"[*]'`` counts, or None when
    the kept counts cannot tell exactly (then count in SQL)."""
    counts = _COUNTS.get(str(store.path))
    if counts is None or not PLAIN_TOKEN.fullmatch(word):
        return None
    now = store_state(store)
    if words_may_be_gone(now, counts.newest_message, counts.newest_event):
        forget(store)  # a forget or a take-back since: these counts may hold words that are gone
        return None
    if prefix:
        start = bisect.bisect_left(counts.terms, word)
        end = bisect.bisect_left(counts.terms, word + "\U0010ffff", lo=start)
        if end - start > 1:
            return None
        held = counts.rows[start] if end > start else 0
    else:
        at = bisect.bisect_left(counts.terms, word)
        held = counts.rows[at] if at < len(counts.terms) and counts.terms[at] == word else 0
    newest_message, _ = now
    if newest_message > counts.newest_message:  # rows added since the counts were read
        try:
            held += store.execute("SELECT count(*) FROM message_search WHERE message_search MATCH ? AND rowid > ?",
                                  [f'text : "{word}"' + ("*" if prefix else ""), counts.newest_message]).fetchone()[0]
        except DB_ERRORS:
            return None
    return held
