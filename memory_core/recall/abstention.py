"""The abstention gate: an empty answer rather than a list of noise when no hit shares enough of the query's
words and none is close enough in meaning."""
from __future__ import annotations

from memory_core.recall import query_terms
from memory_core.recall.hits import Hit
from memory_core.recall.text_words import _stem, words


#: The gate: the best hit (from the named person's threads, if the query names one) must reach this cosine
#: similarity ... (dev of both conditions: 0.15 abstained on an answerable question whose evidence was found; 0.13
#: does not cost any@10 there. MiniLM puts most unanswerable questions above it, so the gate rarely fires.)
DENSE_CONFIDENT = 0.13
#: ... or contain this share of the query's content words.
LEXICAL_CONFIDENT = 0.5


def _confident(hits: list[Hit], terms: list[str], dense_sims: dict[tuple[str, int], float]) -> tuple[bool, str]:
    """The abstention gate: some hit must share most query words, or be close in meaning."""
    if not hits:
        return False, "nothing relevant found"
    best_dense = max((hit.similarity or 0.0) for hit in hits)
    if best_dense >= DENSE_CONFIDENT:
        return True, ""
    wanted = {_stem(t) for t in query_terms.match_terms(terms)}
    if not wanted:
        return True, ""
    for hit in hits:
        have = {_stem(w) for w in words(f"{hit.speaker or ''} {hit.text} {hit.answers}")}
        have |= {w[:len(t)] for w in have for t in wanted if len(t) >= 4}
        if len(wanted & have) / len(wanted) >= LEXICAL_CONFIDENT:
            return True, ""
    return False, "no memory scores high enough for this query"
