"""The ``feedback`` channel wired into a search: which of BM25's read hits lend their salient words
(recall/feedback.py chooses the words), and the second BM25 query they make."""
from __future__ import annotations

from typing import Sequence

from memory_core.recall import feedback
from memory_core.recall.bm25 import DEPTH, _bm25, _df_and_size, ranked_match
from memory_core.recall.bm25_best import bm25_best_covering
from memory_core.recall.helper_connection import HelperConnection
from memory_core.recall.hits import Hit, _Window
from memory_core.recall.text_words import STOPWORDS, words
from memory_core.storage.store import Store


def _feedback_channel(store: Store, candidates: dict[tuple[str, int], Hit], bm25_ranked: list[tuple[str, int]],
                      terms: list[str], named_words: set[str], gate_weighted: dict[str, float],
                      kinds: Sequence[str], window: _Window, now_iso: str,
                      helper: HelperConnection | None = None) -> list[tuple[str, int]]:
    """The channel ``feedback``: a second BM25 query of the salient words (recall/feedback.py) of BM25's best
    matches that hold the question's words (LEXICAL_MIN_COVERAGE). ``candidates`` needs only BM25's hits read.

    It needs only the BM25 list, not a first fusion: to a candidate flow that reads candidates lazily the
    feedback list is one more listed channel, read like BM25's (and a dense-only candidate it does not list
    gets nothing from it)."""
    lenders: list[Hit] = []
    seen_texts: set[str] = set()
    for hit in bm25_best_covering(candidates, bm25_ranked, gate_weighted):
        text = " ".join(words(hit.text))
        if text not in seen_texts:
            seen_texts.add(text)
            lenders.append(hit)
        if len(lenders) >= feedback.FEEDBACK_HITS:
            break
    lent = feedback.salient_terms([f"{hit.text} {hit.answers}" for hit in lenders], set(terms),
                                  STOPWORDS | named_words, lambda word: _df_and_size(store, kinds, word))
    match = ranked_match(" ".join(lent)) if lent else None
    if not match:
        return []
    return [(kind, item_id) for kind, item_id, _ in _bm25(store, match, kinds, window, now_iso, helper)][:DEPTH]
