"""The final list: candidates by score, repeats of a thread's text after the distinct hits, and only hits some
channel vouches for (a dense-only find must reach DENSE_FLOOR)."""
from __future__ import annotations

from memory_core.recall.hits import Hit
from memory_core.recall.text_words import words


#: A hit found only by the dense channel must be at least this similar.
DENSE_FLOOR = 0.1
#: Messages with the same text as a better-ranked one of the same thread ("Ooh tell me more.") go after the distinct ones.
DEDUPLICATE = True


def _ranked(candidates: dict[tuple[str, int], Hit], scores: dict[tuple[str, int], float],
            dense_sims: dict[tuple[str, int], float], k: int) -> tuple[list[Hit], bool]:
    """The ``k`` hits recall returns, best first, and whether none of them is a repeat moved back by DEDUPLICATE."""
    ranked_hits = sorted(candidates.values(), key=lambda h: (scores[(h.kind, h.id)], h.at), reverse=True)
    distinct, repeats = _split_repeats(ranked_hits) if DEDUPLICATE else (ranked_hits, [])
    kept: list[Hit] = []
    kept_distinct = 0
    for position, hit in enumerate(distinct + repeats):
        if len(kept) == k:
            break
        if not _returnable(hit, dense_sims):
            continue
        kept.append(hit)
        kept_distinct += position < len(distinct)
    return kept, kept_distinct == len(kept)


def _returnable(hit: Hit, dense_sims: dict[tuple[str, int], float]) -> bool:
    """A hit only the dense channel found must be at least DENSE_FLOOR similar to be returned (feedback's finds,
    like BM25's, are kept)."""
    return bool({"bm25", "time", "feedback"} & hit.channels.keys()) or \
        (dense_sims.get((hit.kind, hit.id)) or 0.0) >= DENSE_FLOOR


def _distinct_first(hits: list[Hit]) -> list[Hit]:
    """Hits whose text repeats a better-ranked hit's of the same thread go after all the distinct ones, in their
    order (the same words in another conversation are other evidence)."""
    distinct, repeats = _split_repeats(hits)
    return distinct + repeats


def _split_repeats(hits: list[Hit]) -> tuple[list[Hit], list[Hit]]:
    """(distinct hits, repeats of a better-ranked hit's text in the same thread), each in the given order."""
    seen: set[tuple[str | None, str]] = set()
    distinct, repeats = [], []
    for hit in hits:
        text = (hit.thread_id, " ".join(words(hit.text)))
        (repeats if text in seen else distinct).append(hit)
        seen.add(text)
    return distinct, repeats
