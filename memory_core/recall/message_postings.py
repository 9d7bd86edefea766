"""The message index's postings held in memory: a cold search ranks messages by BM25 without reading doclists.

Ranking messages in SQL (``bm25(message_search, ...)``) reads every query word's doclists and each match's length
row from cold pages: on a compacted 100k-message store that was the largest stage of a cold search
(bench/results/search_stages.md, ``_bm25 message``). So the postings of ``message_search`` (term -> rows, with
how often each row holds it in each column) and each row's length are read once, off the search path (at unlock
and after each memory pass, on the memory worker's thread, as recall/document_counts.py is), into numpy arrays,
and a search of the unfiltered message index scores from them. The index's ``answers`` column (the turn a short
reply answers) is read with them (recall/answered_turns.py), so reading a candidate back is one row, not two; it
is checked and dropped with them, by the rules below.

The scores are FTS5's own, bit for bit (sqlite ext/fts5/fts5_aux.c, ``fts5Bm25Function``): per phrase an IDF
``log((N - n + 0.5) / (n + 0.5))`` (clamped to 1e-6 when not positive) from the rows it matches in the whole
table, a frequency that adds the column's weight once per instance, in column order, the row's length in all
columns against the table's average (``k1`` 1.2, ``b`` 0.75), phrases summed in query order, negated; rows in
(score, rowid) order, as SQLite's ``ORDER BY r LIMIT`` over the rowid scan keeps its ties. A prefix phrase
(``"stem"*``) is the union of the terms that start with it, as FTS5 reads it.

No answer (the caller ranks in SQL) whenever it could differ:

* a phrase that is not one plain ASCII token (lower-case letters and digits: unicode61 neither splits nor folds
  it), or an expression that is not ``ranked_match``'s ``phrase OR phrase ...``;
* the index changed since the load (new, edited or forgotten rows): FTS5's structure and averages records are
  compared on each use (one page); any new row changes every row's IDF and average length, so no part is reused;
* after any audit event (every forget and take-back writes one) or when the newest message id went down the
  postings are dropped at once, so a forgotten message's words do not stay in memory; forgetting drops them
  itself (forgetting/forget.py).
"""
from __future__ import annotations

import bisect
import math
import re
import threading
from dataclasses import dataclass

import numpy as np

from memory_core.recall import answered_turns
from memory_core.recall.answered_turns import AnsweredTurns
from memory_core.recall.held_index import PLAIN_TOKEN, store_state, words_may_be_gone
from memory_core.storage.db import DB_ERRORS
from memory_core.storage.store import Store

#: FTS5's bm25 constants (fts5_aux.c).
_K1 = 1.2
_B = 0.75
#: The columns of ``message_search``, in table order (the order FTS5 visits a row's instances).
COLUMNS = ("text", "speaker", "said", "answers")
_PHRASE = re.compile(r'"([^"]*)"(\*?)')
_INSTANCES = "temp.recall_message_instances"
_VOCABULARY = "temp.recall_message_rows"
#: FTS5's data rows holding the averages (row count, tokens per column) and the segment structure.
_AVERAGES_ID, _STRUCTURE_ID = 1, 10


@dataclass(frozen=True)
class _Postings:
    #: Terms, sorted as FTS5 orders them (prefix look-ups are a range of this list).
    terms: list[str]
    #: ``starts[i]:starts[i + 1]`` is term i's slice of ``rows`` and ``counts``.
    starts: np.ndarray
    #: Rowids holding each term, ascending within a term.
    rows: np.ndarray
    #: Instances of the term in each column of that row (len(COLUMNS) per row).
    counts: np.ndarray
    #: Row lengths (tokens in all columns), indexed by rowid.
    lengths: np.ndarray
    row_count: int
    average_length: float
    #: What the index looked like when read (any write changes one of them).
    records: tuple[bytes, bytes]
    newest_message: int
    newest_event: int
    #: The ``answers`` column (the turn a short reply answers), read with the postings (recall/answered_turns.py).
    answered: AnsweredTurns

    @property
    def nbytes(self) -> int:
        return sum(a.nbytes for a in (self.starts, self.rows, self.counts, self.lengths)) + \
            sum(len(term) + 49 for term in self.terms) + self.answered.nbytes


_POSTINGS: dict[str, _Postings] = {}
_LOCK = threading.Lock()


def load(store: Store) -> None:
    """Read the postings now, on this connection (at unlock and after a memory pass, on a background thread:
    seconds at 100k messages; bench/results/message_postings.md)."""
    records = _records(store)
    newest_message, newest_event = store_state(store)
    store.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {_VOCABULARY} USING fts5vocab(main, message_search, row)")
    store.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {_INSTANCES} USING fts5vocab(main, message_search, instance)")
    vocabulary = store.execute(f"SELECT term, doc, cnt FROM {_VOCABULARY} ORDER BY term").fetchall()
    terms = [row[0] for row in vocabulary]
    rows_per_term = np.array([row[1] for row in vocabulary], dtype=np.int64)
    instances_per_term = np.array([row[2] for row in vocabulary], dtype=np.int64)
    # every instance as one number (rowid * 4 + column), in the index's order (term, rowid, column, offset), out
    # of SQLite as one text: two million rows one by one cost four times as long
    column_number = " ".join(f"WHEN '{column}' THEN {number}" for number, column in enumerate(COLUMNS))
    packed = store.execute(f"SELECT group_concat(doc * {len(COLUMNS)} + CASE col {column_number} END) "
                           f"FROM {_INSTANCES}").fetchone()[0]
    instances = np.fromstring(packed, dtype=np.int64, sep=",") if packed else np.empty(0, dtype=np.int64)
    del packed  # (the arrays below are made one at a time, narrow, and dropped when done: a load's peak memory)
    if len(instances) != int(instances_per_term.sum()):
        raise RuntimeError("the message index changed while its postings were read")
    column = (instances % len(COLUMNS)).astype(np.uint8)
    doc = _narrow(instances // len(COLUMNS))
    del instances
    term_of = np.repeat(np.arange(len(terms), dtype=np.int32), instances_per_term)
    new_row = np.ones(len(doc), dtype=bool)
    new_row[1:] = (term_of[1:] != term_of[:-1]) | (doc[1:] != doc[:-1])
    if len(doc) > 1 and np.any((term_of[1:] == term_of[:-1]) & (doc[1:] < doc[:-1])):
        raise RuntimeError("the message index's instances are not in rowid order")
    del term_of
    group = _narrow(np.cumsum(new_row) - 1)
    rows = doc[new_row]
    del new_row
    if len(rows) != int(rows_per_term.sum()):
        raise RuntimeError("the message index's terms and instances disagree")
    counts = np.zeros((len(rows), len(COLUMNS)), dtype=np.uint16)
    for number in range(len(COLUMNS)):
        in_column = np.bincount(group[column == number], minlength=len(rows))
        if in_column.max(initial=0) > np.iinfo(np.uint16).max:
            counts = counts.astype(np.int64)
        counts[:, number] = in_column
    del group, column
    starts = np.zeros(len(terms) + 1, dtype=np.int64)
    np.cumsum(rows_per_term, out=starts[1:])
    # a row's length in all columns (``xColumnSize(-1)``, its ``_docsize`` varints) is its instances: FTS5
    # counts a token in the length exactly when it writes it to the index (unicode61 has no colocated tokens)
    lengths = np.bincount(doc, minlength=int(doc.max(initial=0)) + 1).astype(np.int32)
    row_count, tokens = _averages(records[0])
    if int(lengths.sum()) != tokens:
        raise RuntimeError("the message index's lengths and instances disagree")
    answered = answered_turns.read(store)
    postings = _Postings(terms, starts, rows, counts, lengths, row_count,
                         float(tokens) / float(row_count) if row_count else 0.0, records, newest_message,
                         newest_event, answered)
    if _records(store) != records:
        raise RuntimeError("the message index changed while its postings were read")
    with _LOCK:
        _POSTINGS[str(store.path)] = postings


def _narrow(values: np.ndarray) -> np.ndarray:
    """``values`` as int32 when they fit (rowids and positions of a store below two billion rows)."""
    return values.astype(np.int32) if values.max(initial=0) <= np.iinfo(np.int32).max else values


def refresh(store: Store) -> None:
    """``load`` unless the held postings are those of the index as it is (the memory worker, between turns)."""
    postings = _POSTINGS.get(str(store.path))
    if postings is None or _records(store) != postings.records:
        load(store)


def forget(store: Store) -> None:
    """Drop this store's postings (forgetting: they were read from messages that may be gone)."""
    with _LOCK:
        _POSTINGS.pop(str(store.path), None)


def is_loaded(store: Store) -> bool:
    return str(store.path) in _POSTINGS


def memory_bytes(store: Store) -> int:
    postings = _POSTINGS.get(str(store.path))
    return postings.nbytes if postings is not None else 0


def holds_term(store: Store, term: str) -> bool:
    """Whether the held postings know ``term`` (what a test of forgetting asks)."""
    postings = _POSTINGS.get(str(store.path))
    if postings is None:
        return False
    at = bisect.bisect_left(postings.terms, term)
    return at < len(postings.terms) and postings.terms[at] == term


def ranked(store: Store, match: str, weights: tuple[float, ...], limit: int, low: int = 0,
           high: int = 1 << 62) -> list[tuple[int, float]] | None:
    """``SELECT rowid, bm25(message_search, *weights) AS r FROM message_search WHERE message_search MATCH :match
    [AND rowid BETWEEN :low AND :high] ORDER BY r LIMIT :limit``, from the held postings; None when they cannot
    give exactly that (then rank in SQL)."""
    phrases = _phrases(match)
    if phrases is None or len(weights) != len(COLUMNS):
        return None
    postings = _current(store)
    return _scored(postings, phrases, weights, limit, low, high) if postings is not None else None


def answered(store: Store) -> AnsweredTurns | None:
    """The ``answers`` column of the index as it is now, held in memory; None when the held copy could differ
    (then read it in SQL)."""
    postings = _current(store)
    return postings.answered if postings is not None else None


def rows_matching(store: Store, word: str, prefix: bool, column: str | tuple[str, ...] | None = None) \
        -> np.ndarray | None:
    """The rowids (ascending) ``message_search MATCH '[{columns} :] "word"[*]'`` finds (a row holding it in any of
    the columns), from the held postings; None when they cannot tell exactly (then ask SQL)."""
    columns = (column,) if isinstance(column, str) else column
    if not PLAIN_TOKEN.fullmatch(word) or (columns is not None and not set(columns) <= set(COLUMNS)):
        return None
    postings = _current(store)
    if postings is None:
        return None
    rows, counts = _phrase_rows(postings, word, prefix)
    if columns is None:
        return rows
    return rows[counts[:, [COLUMNS.index(name) for name in columns]].sum(axis=1) > 0]


def _current(store: Store) -> _Postings | None:
    """This store's postings if they are those of its index as it is now, else None (dropped after a forget)."""
    postings = _POSTINGS.get(str(store.path))
    if postings is None:
        return None
    try:
        if words_may_be_gone(store_state(store), postings.newest_message, postings.newest_event):
            forget(store)  # a forget or a take-back since: these postings may hold words that are gone
            return None
        if _records(store) != postings.records:
            return None  # rows written since the load: every score moved (the next memory pass reads them again)
    except DB_ERRORS:
        return None
    return postings


def _scored(postings: _Postings, phrases: list[tuple[str, bool]], weights: tuple[float, ...], limit: int,
            low: int, high: int) -> list[tuple[int, float]]:
    matched = [_phrase_rows(postings, word, prefix) for word, prefix in phrases]
    every = [rows for rows, _ in matched if len(rows)]
    if not every:
        return []
    candidates = np.unique(np.concatenate(every))
    candidates = candidates[(candidates >= low) & (candidates <= high)]
    if not len(candidates):
        return []
    row_count = postings.row_count
    lengths = postings.lengths[candidates].astype(np.float64)
    # as fts5_aux.c writes it: k1 * (1 - b + b * D / avgdl), evaluated in the same order
    norm = _K1 * ((1 - _B) + _B * lengths / postings.average_length)
    score = np.zeros(len(candidates), dtype=np.float64)
    for rows, counts in matched:
        hits = len(rows)
        idf = math.log((row_count - hits + 0.5) / (hits + 0.5))
        if idf <= 0.0:
            idf = 1e-6
        frequency = np.zeros(len(candidates), dtype=np.float64)
        if hits:
            at = np.searchsorted(candidates, rows)
            inside = (at < len(candidates)) & (candidates[np.minimum(at, len(candidates) - 1)] == rows)
            at, counts = at[inside], counts[inside]
            held = np.zeros(len(at), dtype=np.float64)
            for column, weight in enumerate(weights):  # one addition per instance, in column order, as xInst
                column_counts = counts[:, column]
                for times in range(int(column_counts.max(initial=0))):
                    held[column_counts > times] += weight
            frequency[at] = held
        score += idf * ((frequency * (_K1 + 1.0)) / (frequency + norm))
    order = np.lexsort((candidates, -score))[:limit]
    return [(int(candidates[i]), float(-score[i])) for i in order]


def _phrase_rows(postings: _Postings, word: str, prefix: bool) -> tuple[np.ndarray, np.ndarray]:
    """(rows, per-column instance counts) of one phrase; a prefix phrase is the union of its terms, by row."""
    terms = postings.terms
    start = bisect.bisect_left(terms, word)
    end = bisect.bisect_left(terms, word + "\U0010ffff", lo=start) if prefix else \
        start + (start < len(terms) and terms[start] == word)
    if end - start == 1:
        span = slice(postings.starts[start], postings.starts[start + 1])
        return postings.rows[span], postings.counts[span]
    if end == start:
        return np.empty(0, dtype=np.int64), np.empty((0, len(COLUMNS)), dtype=np.int32)
    span = slice(postings.starts[start], postings.starts[end])
    rows, counts = postings.rows[span], postings.counts[span]
    order = np.argsort(rows, kind="stable")
    rows, counts = rows[order], counts[order]
    unique, first = np.unique(rows, return_index=True)
    return unique, np.add.reduceat(counts, first, axis=0)


def _phrases(match: str) -> list[tuple[str, bool]] | None:
    """``ranked_match``'s expression as (token, prefix) phrases, or None for anything else."""
    phrases = []
    for part in match.split(" OR "):
        found = _PHRASE.fullmatch(part.strip())
        if found is None or not PLAIN_TOKEN.fullmatch(found.group(1)):
            return None
        phrases.append((found.group(1), found.group(2) == "*"))
    return phrases or None


def _averages(record: bytes) -> tuple[int, int]:
    """(rows, tokens in all columns) from FTS5's averages record: ``xRowCount`` and ``xColumnTotalSize(-1)``."""
    values = _varints(record)
    return (values[0], sum(values[1:])) if values else (0, 0)


def _varints(data: bytes) -> list[int]:
    """SQLite's varints (big-endian, 7 bits a byte, the ninth byte whole), as FTS5 writes them."""
    values, at = [], 0
    while at < len(data):
        value = 0
        for index in range(9):
            byte = data[at]
            at += 1
            if index == 8:
                value = (value << 8) | byte
                break
            value = (value << 7) | (byte & 0x7F)
            if byte < 0x80:
                break
        values.append(value)
    return values


def _records(store: Store) -> tuple[bytes, bytes]:
    found = {row[0]: row[1] for row in store.execute("SELECT id, block FROM message_search_data WHERE id IN (?, ?)",
                                                     [_AVERAGES_ID, _STRUCTURE_ID])}
    return bytes(found.get(_AVERAGES_ID) or b""), bytes(found.get(_STRUCTURE_ID) or b"")
