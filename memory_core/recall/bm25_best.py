"""BM25's best matches that hold enough of the question's words (LEXICAL_MIN_COVERAGE), in BM25's order.

Two parts of a search start from these hits: the reserve (recall/reserve.py) keeps a place in the first k for the
first of them, and the feedback channel (recall/feedback_channel.py) borrows words from the first few distinct
ones. A BM25 match that holds too little of the question is the wrong hit to promote and the wrong one to borrow
from, so both skip it by this one test.
"""
from __future__ import annotations

from typing import Iterator, Mapping

from memory_core.recall.fusion import LEXICAL_MIN_COVERAGE, _coverage_matcher
from memory_core.recall.hits import Hit


def bm25_best_covering(hits: Mapping[tuple[str, int], Hit], bm25_ranked: list[tuple[str, int]],
                       gate_weighted: dict[str, float]) -> Iterator[Hit]:
    """The ``hits`` in BM25's order (each once) that hold enough of the question's words, as far as the caller
    reads; BM25's matches missing from ``hits`` are passed over."""
    coverage_of = _coverage_matcher(gate_weighted) if gate_weighted else None
    for key in dict.fromkeys(bm25_ranked):
        hit = hits.get(key)
        if hit is None or (coverage_of is not None and
                           coverage_of(f"{hit.text} {hit.answers}") < LEXICAL_MIN_COVERAGE):
            continue
        yield hit
