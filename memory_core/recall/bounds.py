"""Read a dense candidate only when its best possible score could reach the top ``k``.

The dense channel hands recall 300 candidates; reading each back from a cold database costs a page read and a
decryption, and most of them never come near the top 10. What fusion needs of an unread dense-only message is
mostly known without reading it: its cosine and dense rank (from the vector index), and its time and salience
(from the index, and 0.5 for every message), which are what the recency and salience ranks of *every* candidate
depend on. What is not known is its text, speaker and thread (coverage, a time said, the named-person bonuses).

So each unread candidate enters fusion as an **optimistic stand-in**: its known facts, plus a text made of the
weighted query words FTS5 says its row's text or the turns before it may hold (``words_held``: coverage tests a word's
start there, which FTS5's prefix query finds too) and a time phrase, the named speaker and a thread the named person talks in. The stand-in
is scored by the fusion itself (the same function, weights and terms), so its score is an upper bound of the real
one for every term that grows with coverage, a time said or the named bonuses; a channel or term added later that
depends on something else is caught by the test that checks every bound against the read hit
(tests/memory_core/recall/test_bounds.py). Read hits keep their exact scores: the stand-ins sit in the ranks with
their true times and salience.

``settle`` reads the best-cosine stand-ins, fuses, then reads every stand-in whose bound still reaches the k-th
read hit, until the ``k`` best read hits (distinct ones, as recall ranks them) all score above every remaining
bound; the rest are never read. The answer is the one reading everything gives, under two assumptions: a message
the vector index serves still exists with the time the index holds (forgetting tells the index at once;
``VectorIndex.refresh`` reloads when vectors vanished behind its back), and its text is not in decomposed Unicode
with a combining accent right before a query word (the one case where coverage finds a word FTS5 does not).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from memory_core.recall import message_postings
from memory_core.recall.candidates import CandidateReader, Key, in_fusion_order
from memory_core.storage.db import DB_ERRORS
from memory_core.storage.sql import fts_term
from memory_core.storage.store import Store

#: Stand-ins read before the first fusion, as a multiple of k (most top-10s are settled by it).
FIRST_READ_PER_K = 2
#: The index columns coverage reads (a hit's text and the turns said before it): a word only in the speaker or in the
#: day said in words cannot raise a candidate's coverage, so a stand-in is not lent it.
COVERED_COLUMNS = ("text", "answers")
#: Score differences below this are treated as ties, so float rounding can never let a bound slip under a score.
MARGIN = 1e-9


@dataclass
class Settled:
    """The read candidates in fusion order, their exact scores, and what the pruning did (for profiling)."""
    candidates: dict[Key, Any]
    scores: dict[Key, float]
    rounds: int
    left_unread: int


Fuse = Callable[[dict[Key, Any]], dict[Key, float]]
#: ``(read candidates, scores) -> (the k hits recall would return, whether all are distinct-first ones)``.
TopOf = Callable[[dict[Key, Any], dict[Key, float]], tuple[list[Any], bool]]


def settle(lists: dict[str, list[Key]], reader: CandidateReader, stand_ins: dict[Key, Any], fuse: Fuse,
           top_of: TopOf, k: int, later: tuple[str, ...] = ()) -> Settled:
    """Fuse read hits with stand-ins for the unread; read the best-bounded unread until none can enter the top.

    ``stand_ins`` come best first by their channel (cosine): the first ``FIRST_READ_PER_K * k`` of them are read
    before anything is fused, which usually settles the top in one fusion, as many as reading everything takes.
    ``later``: the channels whose finds join the candidates after the others (``in_fusion_order``)."""
    reader.read(list(stand_ins)[: max(1, FIRST_READ_PER_K * k)])
    rounds = 0
    while True:
        rounds += 1
        candidates = in_fusion_order(lists, reader.hits, reader.gone, stand_ins, later)
        scores = fuse(candidates)
        unread = [key for key in candidates if key not in reader.hits]
        read = {key: hit for key, hit in candidates.items() if key in reader.hits}
        if not unread:
            return Settled(read, scores, rounds, 0)
        top, all_distinct = top_of(read, scores)
        best_unread = max(scores[key] for key in unread)
        full = len(top) == k and all_distinct
        lowest_top = min(scores[(hit.kind, hit.id)] for hit in top) if full else float("-inf")
        if full and lowest_top > best_unread + MARGIN:
            return Settled(read, scores, rounds, len(unread))
        # everything that can still reach the top at once (each round fuses all candidates again)
        reader.read(key for key in unread if scores[key] + MARGIN >= lowest_top)


def optimistic_text(weighted_prefixes: list[str], says_a_time: str) -> str:
    """A text that contains every weighted query word (as the prefix coverage tests for) and a time phrase."""
    return " ".join([*weighted_prefixes, says_a_time])


def words_held(store: Store, prefixes: list[str], message_ids: list[int], lookup_limit: int) -> dict[int, list[str]]:
    """message id -> the prefixes its search row may hold: those FTS5 finds as a token prefix in the text or the
    turns said before it (COVERED_COLUMNS).

    Coverage tests a prefix at the start of a word (after a space or punctuation) in the text and the turns before
    it, which FTS5's ``{text answers} : "prefix"*`` finds too (it also folds diacritics and splits at apostrophes
    and hyphens: a superset, as an upper bound needs; text in decomposed Unicode, a combining accent before a word,
    is the exception).
    A prefix in more than ``lookup_limit`` rows counts as held by every message. The doclists are mostly the
    ones BM25 has just read."""
    held: dict[int, list[str]] = {}
    wanted = set(message_ids)
    if not wanted:  # (a search without the dense channel has no unread candidates: no doclist to read)
        return held
    for prefix in prefixes:
        from_postings = message_postings.rows_matching(store, prefix, True, COVERED_COLUMNS)
        if from_postings is not None:  # the same rows, held in memory (recall/message_postings.py)
            holders = wanted if len(from_postings) > lookup_limit else \
                wanted.intersection(from_postings[np.isin(from_postings, list(wanted))].tolist())
            for message_id in holders:
                held.setdefault(message_id, []).append(prefix)
            continue
        try:
            rows = store.execute("SELECT rowid FROM message_search WHERE message_search MATCH ? LIMIT ?",
                                 [f"{{{' '.join(COVERED_COLUMNS)}}} : {fts_term(prefix, prefix=True)}",
                                  lookup_limit + 1]).fetchall()
            holders = wanted if len(rows) > lookup_limit else wanted.intersection(row[0] for row in rows)
        except DB_ERRORS:  # cannot tell: any of them may hold it
            holders = wanted
        for message_id in holders:
            held.setdefault(message_id, []).append(prefix)
    return held
