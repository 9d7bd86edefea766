"""Which hits recall/reserve.py keeps a place for in the first k: BM25's best that hold enough of the question."""
from __future__ import annotations

from memory_core.recall import reserve
from memory_core.recall.fusion import LEXICAL_MIN_COVERAGE, _coverage_matcher
from memory_core.recall.hits import Hit


def _bm25_best(hits: list[Hit], bm25_ranked: list[tuple[str, int]], gate_weighted: dict[str, float]) -> list[Hit]:
    """The hits in BM25's order that hold enough of the question's words (LEXICAL_MIN_COVERAGE): the ones
    recall/reserve.py keeps a place for."""
    by_key = {(hit.kind, hit.id): hit for hit in hits}
    coverage_of = _coverage_matcher(gate_weighted) if gate_weighted else None
    out: list[Hit] = []
    for key in dict.fromkeys(bm25_ranked):
        hit = by_key.get(key)
        if hit is None or (coverage_of is not None and
                           coverage_of(f"{hit.text} {hit.answers}") < LEXICAL_MIN_COVERAGE):
            continue
        out.append(hit)
        if len(out) >= reserve.RESERVED:
            break
    return out
