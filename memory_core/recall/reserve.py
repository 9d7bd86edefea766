"""Reserved places: the best few plain BM25 matches always make the first k hits.

Fusion can be wrong in ways BM25 alone is not: on questions written by people reading the chat, which reuse a
rare word of the answer, a fused ranking that weighs meaning, recency and the named person's threads can push
the one turn that says "LH1172" below ten others. Whatever the fusion does, keeping BM25's first
``RESERVED`` matches (those that hold enough of the question's words) within the first k bounds what recall can
lose against plain BM25: at worst, any@k of BM25's first ``RESERVED``.

A reordering only: no score changes, so no bound on a score moves (search.py's candidate flow is untouched).
"""
from __future__ import annotations

from typing import Hashable, Sequence, TypeVar

#: How many of BM25's first matches keep a place in the first k. On dev (bench/recall_fit.py) 1 ties 0 exactly
#: (objective 0.8174 both; no dev question needed it) and 2-3 cost a little (0.8159, 0.8135: paraphrase any@10
#: 0.739 -> 0.727 at 3). 1, not 0, for the bound it gives where fusion would fall below plain BM25 ...
RESERVED = 1
#: ... but never more than this share of the k places (a short list is the fusion's).
MAX_SHARE = 1 / 3

T = TypeVar("T")


def with_reserved(ranked: Sequence[T], reserved: Sequence[T], k: int, key=lambda item: item) -> list[T]:
    """``ranked`` with the items of ``reserved`` (best first; at most ``RESERVED`` and ``MAX_SHARE`` of k) moved
    into the first ``k`` when they are not there yet: each takes the place of the last unreserved item of the
    first k, the others keep their order."""
    wanted: list[Hashable] = [key(item) for item in reserved[:min(RESERVED, int(k * MAX_SHARE + 1e-9))]]
    if not wanted or k <= 0:
        return list(ranked)
    top, rest = list(ranked[:k]), list(ranked[k:])
    have = {key(item) for item in top}
    missing = [item for item in rest if key(item) in wanted and key(item) not in have]
    missing.sort(key=lambda item: wanted.index(key(item)))
    protected = set(wanted)
    for item in missing:
        for position in range(len(top) - 1, -1, -1):
            if key(top[position]) not in protected:
                pushed = top.pop(position)
                rest.insert(0, pushed)
                break
        else:
            break
        top.append(item)
        rest.remove(item)
    return top + rest
