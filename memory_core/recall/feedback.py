"""Pseudo-relevance feedback: the best first hits lend their salient words to a second BM25 query.

A question names an event with one or two words; the turns that answer it often share other words with each
other (the telling says "pottery class", the follow-up sessions later says "pottery teacher" and "mugs"; the
question asked said "that pottery class", the short reply answers it). After a first ranking, the words that
are rare in the store and said in the best few hits -- and not already in the question -- become a second
query, run as its own fusion channel (``feedback``), whose weight is fitted on dev (bench/recall_fit.py).

Pure logic here: feedback_channel.py gives the top hits' texts and a document-frequency lookup, and runs the query.
"""
from __future__ import annotations

import math
import re
from typing import Callable, Iterable

#: How many of the first ranking's hits lend words.
FEEDBACK_HITS = 3
#: How many words the second query gets at most.
FEEDBACK_TERMS = 6
#: A word lends only if at most this share of the store contains it (common words are no clue).
MAX_DF_SHARE = 0.02
#: Words shorter than this are not lent (too often a prefix of unrelated words).
MIN_LENGTH = 4

_WORD = re.compile(r"[^\W\d_][\w'’-]*", re.UNICODE)


def salient_terms(texts: Iterable[str], query_words: set[str], skip: frozenset[str] | set[str],
                  document_frequency: Callable[[str], tuple[float, float]]) -> list[str]:
    """The words of ``texts`` (best first) worth a second query, best first.

    ``document_frequency(word)`` is ``(df, store size)``. A word scores its IDF times the rank-discounted number
    of texts that say it, so a rare word two of the best hits share comes first."""
    weight_of: dict[str, float] = {}
    seen_query = {_key(w) for w in query_words}
    for rank, text in enumerate(list(texts)[:FEEDBACK_HITS], start=1):
        said = {w.lower().replace("’", "'").removesuffix("'s") for w in _WORD.findall(text or "")}
        for word in said:
            if len(word) < MIN_LENGTH or word in skip or _key(word) in seen_query:
                continue
            weight_of[word] = weight_of.get(word, 0.0) + 1.0 / rank
    scored: list[tuple[float, str]] = []
    for word, lent in weight_of.items():
        df, size = document_frequency(word)
        if size <= 0 or df <= 0 or df / size > MAX_DF_SHARE:
            continue
        scored.append((lent * math.log(1.0 + size / df), word))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [word for _, word in scored[:FEEDBACK_TERMS]]


def _key(word: str) -> str:
    """Words that differ only in a plural or past ending count as one ("mugs", "mug")."""
    word = word.lower()
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word
