"""The message index's postings held in memory: a cold search weighs and ranks messages without reading doclists.

Ranking messages in SQL (``bm25(message_search, ...)``) reads every query word's doclists and each match's length
row from cold pages: on a compacted 100k-message store that was the largest stage of a cold search
(bench/results/search_stages.md, ``_bm25 message``); counting a word's rows for its IDF (``bm25._idf_df``) reads
its doclists too, about a fifth of a cold search. So the postings of ``message_search`` (term -> rows, with how
often each row holds it in each column) and each row's length are read once, off the search path (at unlock and
after each memory pass, on the memory worker's thread), into numpy arrays, and a search of the unfiltered message
index scores from them. They are the one in-memory copy of the index: the rows whose text holds a term (the
document counts ``bm25._idf_df`` weighs query words by) are derived from them at the load (``text_rows``), not read
again from ``fts5vocab``. The index's ``answers`` column (the turn a short reply answers) is read with them
(recall/answered_turns.py), so reading a candidate back is one row, not two; it is checked and dropped with them.

The scores are FTS5's own, bit for bit (sqlite ext/fts5/fts5_aux.c, ``fts5Bm25Function``): per phrase an IDF
``log((N - n + 0.5) / (n + 0.5))`` (clamped to 1e-6 when not positive) from the rows it matches in the whole
table, a frequency that adds the column's weight once per instance, in column order, the row's length in all
columns against the table's average (``k1`` 1.2, ``b`` 0.75), phrases summed in query order, negated; rows in
(score, rowid) order, as SQLite's ``ORDER BY r LIMIT`` over the rowid scan keeps its ties. A prefix phrase
(``"stem"*``) is the union of the terms that start with it, as FTS5 reads it.

Messages stored since the load (the tail: a turn stored before the memory pass reads the postings again) are
tokenized by FTS5 itself, in a temporary FTS5 table made with ``message_search``'s own arguments and dropped at
once, and merged in: N, each phrase's rows and the average length then are the index's as it is, so the scores
stay FTS5's. The tail is read once per state of the index (its records) and kept beside the postings.

No answer (the caller ranks and counts in SQL) whenever it could differ:

* a phrase that is not one plain ASCII token (lower-case letters and digits: unicode61 neither splits nor folds
  it), or an expression that is not ``ranked_match``'s ``phrase OR phrase ...``;
* the index changed since the load other than by new rows: the row count and each column's token total of the
  index (FTS5's averages record, one page) must be the load's plus the tail's, and the tail at most ``TAIL_ROWS``
  rows (a large import waits for the memory pass). The app never edits a stored message's text, speaker or time
  (tests/memory_core/recall/test_message_postings.py checks the code for it): an edit that kept every column's
  token count would pass this check unseen;
* after any audit event (every forget and take-back writes one) or when the newest message id went down the
  postings and their tail are dropped at once, so a forgotten message's words do not stay in memory; forgetting
  drops them itself and reads them again (forgetting/forget.py).
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
_TEXT = COLUMNS.index("text")
_PHRASE = re.compile(r'"([^"]*)"(\*?)')
#: Rows stored since the load that are tokenized and merged in; more (an import) wait for the next load.
TAIL_ROWS = 500
#: The temporary FTS5 table the tail is tokenized in (made with ``message_search``'s own arguments, then dropped).
_TAIL_TABLE = "recall_message_tail"
#: FTS5's data rows holding the averages (row count, tokens per column) and the segment structure.
_AVERAGES_ID, _STRUCTURE_ID = 1, 10


@dataclass(frozen=True)
class _Index:
    """Postings of one FTS5 table (the message index, or its tail tokenized apart)."""
    #: Terms, sorted as FTS5 orders them (prefix look-ups are a range of this list).
    terms: list[str]
    #: ``starts[i]:starts[i + 1]`` is term i's slice of ``rows`` and ``counts``.
    starts: np.ndarray
    #: Rowids holding each term, ascending within a term.
    rows: np.ndarray
    #: Instances of the term in each column of that row (len(COLUMNS) per row).
    counts: np.ndarray
    #: Rows whose text column holds each term: what fts5vocab's ``col`` table counts, derived here.
    text_rows: np.ndarray
    #: Row lengths (tokens in all columns), indexed by rowid.
    lengths: np.ndarray
    #: Tokens in each column, all rows together.
    column_tokens: tuple[int, ...]

    @property
    def nbytes(self) -> int:
        return sum(a.nbytes for a in (self.starts, self.rows, self.counts, self.text_rows, self.lengths)) + \
            sum(len(term) + 49 for term in self.terms)


@dataclass(frozen=True)
class _Postings:
    index: _Index
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
        return self.index.nbytes + self.answered.nbytes


@dataclass(frozen=True)
class _Tail:
    """The rows stored since ``base`` was read, tokenized by FTS5, and the index's figures with them."""
    base: _Postings
    index: _Index
    #: Row lengths of the base and the tail together, indexed by rowid.
    lengths: np.ndarray
    row_count: int
    average_length: float
    #: The index's records this tail brings the base up to.
    records: tuple[bytes, bytes]
    answered: AnsweredTurns

    @property
    def nbytes(self) -> int:
        return self.index.nbytes + self.lengths.nbytes + self.answered.nbytes - self.base.answered.nbytes


@dataclass(frozen=True)
class _View:
    """What a search scores from: the postings, and the tail when rows were stored since."""
    base: _Postings
    tail: _Tail | None

    @property
    def row_count(self) -> int:
        return self.tail.row_count if self.tail is not None else self.base.row_count

    @property
    def average_length(self) -> float:
        return self.tail.average_length if self.tail is not None else self.base.average_length

    @property
    def lengths(self) -> np.ndarray:
        return self.tail.lengths if self.tail is not None else self.base.index.lengths

    @property
    def answered(self) -> AnsweredTurns:
        return self.tail.answered if self.tail is not None else self.base.answered

    def indexes(self) -> tuple[_Index, ...]:
        """The base's postings, then the tail's (every tail rowid is above every base rowid)."""
        return (self.base.index,) if self.tail is None else (self.base.index, self.tail.index)


_POSTINGS: dict[str, _Postings] = {}
_TAILS: dict[str, _Tail] = {}
#: The postings and the index's records for which no tail can be read (more changed than new rows, or too many):
#: asked once per state of the index, not on every look-up of a search.
_UNTAILED: dict[str, tuple[_Postings, tuple[bytes, bytes]]] = {}
_LOCK = threading.Lock()


def load(store: Store) -> None:
    """Read the postings now, on this connection (at unlock and after a memory pass, on a background thread:
    0.5-1.2 s at 100k messages; bench/results/message_postings.md, postings_unified.md)."""
    records = _records(store)
    newest_message, newest_event = store_state(store)
    index = _read_index(store, "main", "message_search")
    row_count, column_tokens = _averages(records[0])
    if index.column_tokens != column_tokens:
        raise RuntimeError("the message index's lengths and instances disagree")
    answered = answered_turns.read(store)
    postings = _Postings(index, row_count, _average(sum(column_tokens), row_count), records, newest_message,
                         newest_event, answered)
    if _records(store) != records:
        raise RuntimeError("the message index changed while its postings were read")
    with _LOCK:
        _POSTINGS[str(store.path)] = postings
        _TAILS.pop(str(store.path), None)
        _UNTAILED.pop(str(store.path), None)


def _read_index(store: Store, schema: str, table: str) -> _Index:
    """The postings of the FTS5 table ``schema.table``, through its ``fts5vocab`` tables (one pass each)."""
    vocabulary, instances_table = f"temp.recall_{table}_rows", f"temp.recall_{table}_instances"
    store.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {vocabulary} USING fts5vocab({schema}, {table}, row)")
    store.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {instances_table} USING fts5vocab({schema}, {table}, instance)")
    vocabulary_rows = store.execute(f"SELECT term, doc, cnt FROM {vocabulary} ORDER BY term").fetchall()
    terms = [row[0] for row in vocabulary_rows]
    rows_per_term = np.array([row[1] for row in vocabulary_rows], dtype=np.int64)
    instances_per_term = np.array([row[2] for row in vocabulary_rows], dtype=np.int64)
    # every instance as one number (rowid * 4 + column), in the index's order (term, rowid, column, offset), out
    # of SQLite as one text: two million rows one by one cost four times as long
    column_number = " ".join(f"WHEN '{column}' THEN {number}" for number, column in enumerate(COLUMNS))
    packed = store.execute(f"SELECT group_concat(doc * {len(COLUMNS)} + CASE col {column_number} END) "
                           f"FROM {instances_table}").fetchone()[0]
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
    column_tokens = []
    for number in range(len(COLUMNS)):
        in_column = np.bincount(group[column == number], minlength=len(rows))
        if in_column.max(initial=0) > np.iinfo(np.uint16).max:
            counts = counts.astype(np.int64)
        counts[:, number] = in_column
        column_tokens.append(int(in_column.sum()))
    del group, column
    starts = np.zeros(len(terms) + 1, dtype=np.int64)
    np.cumsum(rows_per_term, out=starts[1:])
    # the document counts: rows whose text holds each term (every term has at least one row, so no slice is empty)
    text_rows = np.add.reduceat((counts[:, _TEXT] > 0).astype(np.int32), starts[:-1]) if len(terms) else \
        np.empty(0, dtype=np.int32)
    # a row's length in all columns (``xColumnSize(-1)``, its ``_docsize`` varints) is its instances: FTS5
    # counts a token in the length exactly when it writes it to the index (unicode61 has no colocated tokens)
    lengths = np.bincount(doc, minlength=int(doc.max(initial=0)) + 1).astype(np.int32)
    return _Index(terms, starts, rows, counts, text_rows.astype(np.int32), lengths, tuple(column_tokens))


def _narrow(values: np.ndarray) -> np.ndarray:
    """``values`` as int32 when they fit (rowids and positions of a store below two billion rows)."""
    return values.astype(np.int32) if values.max(initial=0) <= np.iinfo(np.int32).max else values


def _average(tokens: int, row_count: int) -> float:
    """The average row length as fts5_aux.c computes it: ``(double)nToken / (double)nRow``."""
    return float(tokens) / float(row_count) if row_count else 0.0


def refresh(store: Store) -> None:
    """``load`` unless the held postings are those of the index as it is (the memory worker, between turns)."""
    postings = _POSTINGS.get(str(store.path))
    if postings is None or _records(store) != postings.records:
        load(store)


def forget(store: Store) -> None:
    """Drop this store's postings and their tail (forgetting: they were read from messages that may be gone)."""
    with _LOCK:
        _POSTINGS.pop(str(store.path), None)
        _TAILS.pop(str(store.path), None)
        _UNTAILED.pop(str(store.path), None)


def is_loaded(store: Store) -> bool:
    return str(store.path) in _POSTINGS


def memory_bytes(store: Store) -> int:
    postings = _POSTINGS.get(str(store.path))
    tail = _TAILS.get(str(store.path))
    return (postings.nbytes if postings is not None else 0) + \
        (tail.nbytes if tail is not None and tail.base is postings else 0)


def holds_term(store: Store, term: str) -> bool:
    """Whether the held postings or their tail know ``term`` (what a test of forgetting asks)."""
    held = [_POSTINGS.get(str(store.path)), _TAILS.get(str(store.path))]
    for index in (copy.index for copy in held if copy is not None):
        at = bisect.bisect_left(index.terms, term)
        if at < len(index.terms) and index.terms[at] == term:
            return True
    return False


def ranked(store: Store, match: str, weights: tuple[float, ...], limit: int, low: int = 0,
           high: int = 1 << 62) -> list[tuple[int, float]] | None:
    """``SELECT rowid, bm25(message_search, *weights) AS r FROM message_search WHERE message_search MATCH :match
    [AND rowid BETWEEN :low AND :high] ORDER BY r LIMIT :limit``, from the held postings; None when they cannot
    give exactly that (then rank in SQL)."""
    phrases = _phrases(match)
    if phrases is None or len(weights) != len(COLUMNS):
        return None
    view = _current(store)
    return _scored(view, phrases, weights, limit, low, high) if view is not None else None


def answered(store: Store) -> AnsweredTurns | None:
    """The ``answers`` column of the index as it is now, held in memory; None when the held copy could differ
    (then read it in SQL)."""
    view = _current(store)
    return view.answered if view is not None else None


def rows_matching(store: Store, word: str, prefix: bool, column: str | tuple[str, ...] | None = None) \
        -> np.ndarray | None:
    """The rowids (ascending) ``message_search MATCH '[{columns} :] "word"[*]'`` finds (a row holding it in any of
    the columns), from the held postings; None when they cannot tell exactly (then ask SQL)."""
    columns = (column,) if isinstance(column, str) else column
    if not PLAIN_TOKEN.fullmatch(word) or (columns is not None and not set(columns) <= set(COLUMNS)):
        return None
    view = _current(store)
    if view is None:
        return None
    rows, counts = _phrase_rows(view, word, prefix)
    if columns is None:
        return rows
    return rows[counts[:, [COLUMNS.index(name) for name in columns]].sum(axis=1) > 0]


def rows_holding(store: Store, word: str, prefix: bool) -> int | None:
    """Messages whose text holds ``word`` (as a token prefix when ``prefix``): what
    ``SELECT count(*) FROM message_search WHERE message_search MATCH 'text : "word"[*]'`` counts, or None when
    the held postings cannot tell exactly (then count in SQL). A word or a prefix of one term is its derived
    count; a prefix several terms start is the union of their rows."""
    if not PLAIN_TOKEN.fullmatch(word):
        return None
    view = _current(store)
    if view is None:
        return None
    held = 0
    for index in view.indexes():
        start, end = _term_range(index, word, prefix)
        if end - start == 1:
            held += int(index.text_rows[start])
        elif end > start:
            rows, counts = _index_phrase_rows(index, word, prefix)
            held += int(np.count_nonzero(counts[:, _TEXT]))
    return held


def _current(store: Store) -> _View | None:
    """What this store's held postings say of its index as it is now (with the rows stored since the load, when
    that is all that changed), else None (dropped after a forget)."""
    postings = _POSTINGS.get(str(store.path))
    if postings is None:
        return None
    try:
        newest_message, newest_event, records = _state(store)
        if words_may_be_gone((newest_message, newest_event), postings.newest_message, postings.newest_event):
            forget(store)  # a forget or a take-back since: these postings may hold words that are gone
            return None
        if records == postings.records:
            return _View(postings, None)
        tail = _TAILS.get(str(store.path))
        if tail is None or tail.base is not postings or tail.records != records:
            untailed = _UNTAILED.get(str(store.path))
            if untailed is not None and untailed[0] is postings and untailed[1] == records:
                return None
            tail = _read_tail(store, postings, records)
            with _LOCK:
                if _POSTINGS.get(str(store.path)) is not postings:
                    return None  # dropped or read again meanwhile
                if tail is None:
                    _UNTAILED[str(store.path)] = (postings, records)
                    return None  # the index changed otherwise, or by many rows: SQL until the next load
                _TAILS[str(store.path)] = tail
    except DB_ERRORS:
        return None
    return _View(postings, tail)


def _read_tail(store: Store, base: _Postings, records: tuple[bytes, bytes]) -> _Tail | None:
    """The rows stored since ``base`` was read, tokenized by FTS5 as the index holds them, if new rows are all
    that changed in the index (its row count and each column's tokens are the base's and theirs); else None."""
    row_count, column_tokens = _averages(records[0])
    if not 0 <= row_count - base.row_count <= TAIL_ROWS:
        return None  # rows gone (a forget is on its way) or many new (an import): read again by the memory pass
    added = store.execute(f"SELECT rowid, {', '.join(COLUMNS)} FROM message_search WHERE rowid > ? ORDER BY rowid "
                          "LIMIT ?", [base.newest_message, TAIL_ROWS + 1]).fetchall()
    if base.row_count + len(added) != row_count:
        return None
    index = _tokenized(store, added)
    if tuple(old + new for old, new in zip(base.index.column_tokens, index.column_tokens)) != column_tokens:
        return None  # a stored row was edited too
    if _records(store) != records:
        return None  # written again while the tail was read
    lengths = base.index.lengths
    if len(index.lengths) > len(lengths):
        lengths = np.concatenate([lengths, index.lengths[len(lengths):]])
    answers = COLUMNS.index("answers") + 1
    return _Tail(base, index, lengths, row_count, _average(sum(column_tokens), row_count), records,
                 base.answered.with_rows({row[0]: row[answers] for row in added if row[answers]}))


def _tokenized(store: Store, added: list[tuple]) -> _Index:
    """The postings of ``added`` (rowid and the columns' texts), as FTS5 tokenizes them for ``message_search``:
    put in a temporary FTS5 table made with its own arguments, read, and dropped at once (with secure_delete on
    the temporary database, so the words of the messages do not stay in its pages)."""
    definition = store.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'message_search'") \
        .fetchone()[0]
    arguments = definition[definition.index("(") + 1: definition.rindex(")")]
    store.execute(f"DROP TABLE IF EXISTS temp.{_TAIL_TABLE}")
    store.execute(f"CREATE VIRTUAL TABLE temp.{_TAIL_TABLE} USING fts5({arguments})")
    try:
        store.execute("PRAGMA temp.secure_delete = ON")
        store.executemany(f"INSERT INTO temp.{_TAIL_TABLE}(rowid, {', '.join(COLUMNS)}) "
                          f"VALUES (?{', ?' * len(COLUMNS)})", added)
        return _read_index(store, "temp", _TAIL_TABLE)
    finally:
        store.execute(f"DROP TABLE IF EXISTS temp.recall_{_TAIL_TABLE}_rows")
        store.execute(f"DROP TABLE IF EXISTS temp.recall_{_TAIL_TABLE}_instances")
        store.execute(f"DROP TABLE IF EXISTS temp.{_TAIL_TABLE}")


def _scored(view: _View, phrases: list[tuple[str, bool]], weights: tuple[float, ...], limit: int,
            low: int, high: int) -> list[tuple[int, float]]:
    matched = [_phrase_rows(view, word, prefix) for word, prefix in phrases]
    every = [rows for rows, _ in matched if len(rows)]
    if not every:
        return []
    # the rows holding any phrase, ascending: a mask over rowids (the row lengths' index) is the union without
    # sorting or hashing the concatenated doclists (np.unique over them was a tenth of a warm search)
    holding = np.zeros(len(view.lengths), dtype=bool)
    for rows in every:
        holding[rows] = True
    candidates = np.flatnonzero(holding[:high + 1])
    candidates = candidates[candidates >= low]
    if not len(candidates):
        return []
    row_count = view.row_count
    lengths = view.lengths[candidates].astype(np.float64)
    # as fts5_aux.c writes it: k1 * (1 - b + b * D / avgdl), evaluated in the same order
    norm = _K1 * ((1 - _B) + _B * lengths / view.average_length)
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


def _phrase_rows(view: _View, word: str, prefix: bool) -> tuple[np.ndarray, np.ndarray]:
    """(rows, per-column instance counts) of one phrase in the base and the tail (the tail's rows come after)."""
    found = [_index_phrase_rows(index, word, prefix) for index in view.indexes()]
    if len(found) == 1 or not len(found[1][0]):
        return found[0]
    if not len(found[0][0]):
        return found[1]
    return np.concatenate([found[0][0], found[1][0]]), np.concatenate([found[0][1], found[1][1]])


def _term_range(index: _Index, word: str, prefix: bool) -> tuple[int, int]:
    """The terms of ``index`` a phrase reads: ``word`` itself, or every term that starts with it."""
    terms = index.terms
    start = bisect.bisect_left(terms, word)
    end = bisect.bisect_left(terms, word + "\U0010ffff", lo=start) if prefix else \
        start + (start < len(terms) and terms[start] == word)
    return start, end


def _index_phrase_rows(index: _Index, word: str, prefix: bool) -> tuple[np.ndarray, np.ndarray]:
    """(rows, per-column instance counts) of one phrase in one index; a prefix phrase is the union of its terms,
    by row."""
    start, end = _term_range(index, word, prefix)
    if end - start == 1:
        span = slice(index.starts[start], index.starts[start + 1])
        return index.rows[span], index.counts[span]
    if end == start:
        return np.empty(0, dtype=np.int64), np.empty((0, len(COLUMNS)), dtype=np.int32)
    span = slice(index.starts[start], index.starts[end])
    rows, counts = index.rows[span], index.counts[span]
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


def _averages(record: bytes) -> tuple[int, tuple[int, ...]]:
    """(rows, tokens of each column) from FTS5's averages record: ``xRowCount`` and ``xColumnTotalSize``."""
    values = _varints(record)
    return (values[0], tuple(values[1:])) if values else (0, (0,) * len(COLUMNS))


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


def _state(store: Store) -> tuple[int, int, tuple[bytes, bytes]]:
    """``store_state`` and ``_records`` in one statement (one snapshot, one step: every look-up of a search asks)."""
    newest_message, newest_event, averages, structure = store.execute(
        "SELECT (SELECT max(id) FROM messages), (SELECT max(id) FROM events), "
        f"(SELECT block FROM message_search_data WHERE id = {_AVERAGES_ID}), "
        f"(SELECT block FROM message_search_data WHERE id = {_STRUCTURE_ID})").fetchone()
    return newest_message or 0, newest_event or 0, (bytes(averages or b""), bytes(structure or b""))


def _records(store: Store) -> tuple[bytes, bytes]:
    found = {row[0]: row[1] for row in store.execute("SELECT id, block FROM message_search_data WHERE id IN (?, ?)",
                                                     [_AVERAGES_ID, _STRUCTURE_ID])}
    return bytes(found.get(_AVERAGES_ID) or b""), bytes(found.get(_STRUCTURE_ID) or b"")
