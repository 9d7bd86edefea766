"""The BM25 channel: SQL per kind over the FTS5 indexes, and the query words' weights (IDF, document counts).

User text is never passed as FTS syntax: every word is quoted (``ranked_match``), so quotes, ``*``,
AND/OR/NOT/NEAR and unbalanced parentheses are just words. Messages are ranked in ``message_search`` (text,
speaker, when said in words, the turn a short reply answers), in two id halves at once on a large store
(recall/bm25_halves.py). Document counts are cached for a while: a search asks for the same words many times.
"""
from __future__ import annotations

import math
import time
from typing import Any, Sequence

from memory_core.errors import InvalidInput
from memory_core.facts import ledger as factsmod
from memory_core.recall import message_postings, query_terms
from memory_core.recall.bm25_halves import ranked_in_halves
from memory_core.recall.helper_connection import HelperConnection
from memory_core.recall.hits import _Window
from memory_core.recall.text_words import _stem, content_words
from memory_core.storage.db import DB_ERRORS, is_damage, translate_database_error
from memory_core.storage.sql import KIND_TABLES, KIND_TIME_COLUMNS, fts_term
from memory_core.storage.store import Store


#: Per-channel candidate depth.
DEPTH = 50
#: BM25 column weights of the message search index: text, speaker, when said (in words), and the turns just before
#: it in its session (storage/schema.py, TURNS_BEFORE; for a short reply, what it answers). The last was 0.5 when
#: it held only the turn a short reply answers; 0.25 chosen on the dev half of the hand-written chats
#: (bench/bench_recall_written.py: 0.5, 0.25, 0.15).
MESSAGE_COLUMNS = (1.0, 1.5, 0.7, 0.25)
#: A time window spanning fewer message ids than this is checked against the time index (its ids listed), a wider
#: one by reading the ranked rows' times.
WINDOW_IDS_FROM_INDEX = 20_000
_DF_CACHE: dict[tuple[str, str, str], tuple[float, float]] = {}
_DF_TTL_S = 600.0


def ranked_match(text: str) -> str | None:
    """A safe FTS5 MATCH expression for ranking: any content word (prefix-matched when long), joined by OR.

    Recall ranks by BM25, so any word may match; ``sql.fts_all_words`` (every word
    required) is for finding and forgetting.
    """
    terms = [_term_expr(word)[0] for word in content_words(text)[:24] if word.replace('"', "")]
    return " OR ".join(dict.fromkeys(terms)) or None


def _bm25(store: Store, match: str, kinds: Sequence[str], window: _Window, now_iso: str,
          helper: HelperConnection | None = None) -> list[tuple[str, int, float]]:
    """Candidates from every kind's FTS index, merged by BM25 score (returned positive: higher is better)."""
    scored: list[tuple[float, str, int]] = []
    for kind in kinds:
        scored += [(row[1], kind, row[0]) for row in _bm25_kind(store, kind, match, window, now_iso, helper)]
    scored.sort(key=lambda item: item[0])
    return [(kind, item_id, -score) for score, kind, item_id in scored[:DEPTH * 2]]


def _bm25_kind(store: Store, kind: str, match: str, window: _Window, now_iso: str,
               helper: HelperConnection | None = None) -> list[tuple[int, float]]:
    """One kind's (id, FTS5 rank) rows, best first (messages, given a helper connection: two id halves at once)."""
    sql, params = _bm25_sql(store, kind, match, window, now_iso)
    if params.get("low", 0) > params.get("high", 0):
        return []  # nothing was said in the time window: FTS5 would still read every word's doclists to say so
    try:
        if kind == "message":
            held = _ranked_from_postings(store, sql, params, match, window)
            if held is not None:
                return held
        if kind == "message" and _unfiltered(kind, window):
            between = sql.replace(" ORDER BY r", " AND rowid BETWEEN :low AND :high ORDER BY r")
            halves = ranked_in_halves(store, helper, lambda connection, low, high: connection.execute(
                between, {**params, "low": low, "high": high}).fetchall(), DEPTH)
            if halves is not None:
                return halves
        return store.execute(sql, params).fetchall()
    except DB_ERRORS as exc:  # sqlcipher3 errors, not sqlite3's: a bad MATCH must never reach the user
        if is_damage(exc):  # a damaged page is not the query's fault: say so (exit 7)
            raise translate_database_error(store.path, exc) from None
        raise InvalidInput(f"the search could not be run: {exc}") from None


def _ranked_from_postings(store: Store, sql: str, params: dict[str, Any], match: str,
                          window: _Window) -> list[tuple[int, float]] | None:
    """The message rows ``sql`` ranks, scored from the postings held in memory (recall/message_postings.py):
    the same rows and scores without reading doclists; None when the held postings cannot say (rank in SQL).
    In a time window, the best ``over`` in the window's id range are ranked there and their times checked here,
    as the SQL form does."""
    if _unfiltered("message", window):
        return message_postings.ranked(store, match, MESSAGE_COLUMNS, params["depth"])
    ranked = message_postings.ranked(store, match, MESSAGE_COLUMNS, params["over"], params["low"], params["high"])
    if not ranked:
        return ranked
    conditions, values = [], []
    if window.start:
        conditions.append("created_at >= ? AND created_at < ?")
        values += [window.start, window.end]
    if window.as_of_given:
        conditions.append("created_at <= ?")
        values.append(window.as_of)
    if params["high"] - params["low"] < WINDOW_IDS_FROM_INDEX:
        # the window's ids from the time index, whose pages _id_bounds has just read: no message row is read
        inside = {row[0] for row in store.execute(
            f"SELECT id FROM messages INDEXED BY messages_created WHERE {' AND '.join(conditions)} "
            "AND id BETWEEN ? AND ?", [*values, params["low"], params["high"]])}
    else:
        ids = [rowid for rowid, _ in ranked]
        inside = {row[0] for row in store.execute(
            f"SELECT id FROM messages WHERE id IN ({', '.join('?' * len(ids))}) AND {' AND '.join(conditions)}",
            [*ids, *values])}
    return [(rowid, r) for rowid, r in ranked if rowid in inside][:params["depth"]]


def _unfiltered(kind: str, window: _Window) -> bool:
    """Whether ``_bm25_sql`` ranks this kind in its fast form (FTS5's own ORDER BY ... LIMIT, no filter)."""
    return kind != "fact" and not window.start and not window.as_of_given


def _id_bounds(store: Store, table: str, column: str, window: _Window) -> tuple[int, int]:
    """The id range of rows in the time window (from the time index): FTS5 can then skip
    every posting outside it instead of scoring all matches and joining each one."""
    low = window.start or ""
    high = window.end if window.start else None
    sql = f"SELECT min(id), max(id) FROM {table} WHERE {column} >= ?"
    params: list[Any] = [low]
    if high is not None:
        sql += f" AND {column} < ?"
        params.append(high)
    if window.as_of_given:
        sql += f" AND {column} <= ?"
        params.append(window.as_of)
    row = store.execute(sql, params).fetchone()
    return (row[0] or 0, row[1] or -1)


def _bm25_sql(store: Store, kind: str, match: str, window: _Window, now_iso: str) -> tuple[str, dict[str, Any]]:
    params: dict[str, Any] = {"match": match, "depth": DEPTH}
    table, column = KIND_TABLES[kind], KIND_TIME_COLUMNS[kind]
    conditions = []
    if kind == "fact":
        conditions.append(factsmod.valid_clause("t"))
        params["as_of"], params["known_at"] = window.as_of, now_iso
        if window.start:
            conditions.append("(t.invalid_at IS NULL OR t.invalid_at > :start) AND t.valid_at < :end")
    else:
        if window.start:
            conditions.append(f"t.{column} >= :start AND t.{column} < :end")
        if window.as_of_given:
            conditions.append(f"t.{column} <= :as_of")
            params["as_of"] = window.as_of
    if window.start:
        params["start"], params["end"] = window.start, window.end
    # messages: the index that also knows the speaker, when it was said and the turn a short reply answers
    fts = "message_search" if kind == "message" else f"{table}_fts"
    rank = f"bm25(message_search, {', '.join(str(w) for w in MESSAGE_COLUMNS)})" if kind == "message" else "rank"
    if not conditions:  # (exactly when _unfiltered)
        # the fast form: FTS5 ranks with its own ORDER BY ... LIMIT
        return (f"SELECT rowid, {rank} AS r FROM {fts} WHERE {fts} MATCH :match ORDER BY r LIMIT :depth",
                params)
    if kind != "fact":
        # time-bounded: rank only postings in the window's id range, then check the times exactly
        params["low"], params["high"] = _id_bounds(store, table, column, window)
        params["over"] = DEPTH * 4
        return (f"SELECT t.id, f.r FROM (SELECT rowid, {rank} AS r FROM {fts} WHERE {fts} MATCH :match "
                f"AND rowid BETWEEN :low AND :high ORDER BY r LIMIT :over) f JOIN {table} t ON t.id = f.rowid "
                f"WHERE {' AND '.join(conditions)} ORDER BY f.r LIMIT :depth", params)
    return (f"SELECT t.id, bm25({table}_fts) AS score FROM {table}_fts JOIN {table} t ON t.id = {table}_fts.rowid "
            f"WHERE {table}_fts MATCH :match AND {' AND '.join(conditions)} ORDER BY score LIMIT :depth", params)


def _recent_in_window(store: Store, kinds: Sequence[str], window: _Window, now_iso: str) -> list[tuple[str, int]]:
    """A query that is only a time ("what did I do yesterday?"): the newest items in the window."""
    found: list[tuple[str, str, int]] = []
    for kind in kinds:
        if kind == "fact":
            rows = store.execute(
                "SELECT t.valid_at, t.id FROM facts t WHERE " + factsmod.valid_clause("t") +
                " AND t.valid_at >= :start AND t.valid_at < :end ORDER BY t.valid_at DESC LIMIT :depth",
                {"as_of": window.as_of, "known_at": now_iso, "start": window.start, "end": window.end,
                 "depth": DEPTH}).fetchall()
        else:
            table, column = {"message": ("messages", "created_at"), "observation": ("observations", "observed_at"),
                             "reflection": ("reflections", "observed_at")}[kind]
            rows = store.execute(
                f"SELECT {column}, id FROM {table} WHERE {column} >= ? AND {column} < ? AND {column} <= ? "
                f"ORDER BY {column} DESC LIMIT ?", [window.start, window.end, window.as_of, DEPTH]).fetchall()
        found += [(row[0], kind, row[1]) for row in rows]
    found.sort(reverse=True)
    return [(kind, item_id) for _, kind, item_id in found[:DEPTH]]


def _term_expr(word: str) -> tuple[str, str]:
    """(FTS expression, prefix used to test a text) for one query word, as ``ranked_match`` builds it."""
    clean = word.replace('"', "")
    stem = _stem(clean)
    return (fts_term(stem, prefix=True), stem) if len(stem) >= 4 else (fts_term(clean), clean)


def _term_weights(store: Store, kinds: Sequence[str], terms: list[str],
                  unseen_weight: float) -> dict[str, float]:
    """Prefix -> IDF weight of each query word; words nothing contains count ``unseen_weight`` of theirs."""
    weights: dict[str, float] = {}
    for term in terms:
        idf, df = _idf_df(store, kinds, term)
        weights[_term_expr(term)[1]] = idf * (unseen_weight if df == 0 else 1.0) * query_terms.term_factor(term)
    return {prefix: weight for prefix, weight in weights.items() if weight > 0}


def _idf_df(store: Store, kinds: Sequence[str], word: str) -> tuple[float, float]:
    """(IDF, document frequency) of a query word over the searched tables (cached for a while)."""
    expr, _ = _term_expr(word)
    total = df = 0
    for kind in kinds:
        table = KIND_TABLES[kind]
        key = (str(store.path), table, expr)
        cached = _DF_CACHE.get(key)
        if cached is None or time.monotonic() - cached[1] > _DF_TTL_S:
            try:
                count = _document_frequency(store, table, expr)
                size = store.execute(f"SELECT count(*) FROM {table}").fetchone()[0] if table != "messages" \
                    else (store.execute("SELECT max(id) FROM messages").fetchone()[0] or 0)
            except DB_ERRORS:
                count, size = 0, 0
            cached = (float(count), time.monotonic())
            _DF_CACHE[key] = cached
            _DF_CACHE[(str(store.path), table, "")] = (float(size), time.monotonic())
        df += cached[0]
        total += _DF_CACHE[(str(store.path), table, "")][0]
    return math.log((total - df + 0.5) / (df + 0.5) + 1.0), df


def forget_counts(store: Store) -> None:
    """Drop this store's cached document frequencies (forgetting: they were counted over text that may be gone)."""
    for key in [key for key in _DF_CACHE if key[0] == str(store.path)]:
        _DF_CACHE.pop(key, None)


def _document_frequency(store: Store, table: str, expr: str) -> int:
    """How many rows of ``table`` hold the term. Messages are counted in the text column of ``message_search``
    (the same text, the same tokenizer as ``messages_fts``), from the postings held in memory when they can tell
    (recall/message_postings.py: the counts derived at the load, a prefix several terms start as their union),
    else in SQL."""
    if table == "messages":
        word, prefix = expr.strip('"*'), expr.endswith("*")
        if expr == fts_term(word, prefix=prefix):  # one word: the postings held in memory may know its count
            kept = message_postings.rows_holding(store, word, prefix)
            if kept is not None:
                return kept
        return store.execute("SELECT count(*) FROM message_search WHERE message_search MATCH ?",
                             [f"text : {expr}"]).fetchone()[0]
    return store.execute(f"SELECT count(*) FROM {table}_fts WHERE {table}_fts MATCH ?", [expr]).fetchone()[0]


def _df_and_size(store: Store, kinds: Sequence[str], word: str) -> tuple[float, float]:
    """(items containing ``word``, items searched) over ``kinds``, from the cached counts ``_idf_df`` keeps."""
    _, df = _idf_df(store, kinds, word)
    size = sum(_DF_CACHE.get((str(store.path), KIND_TABLES[kind], ""), (0.0, 0.0))[0] for kind in kinds)
    return df, size
