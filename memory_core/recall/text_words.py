"""Words of a query or a text as recall sees them: lower case, curly apostrophes straight, stopwords known.

One tokenizer for every recall stage (BM25 terms, coverage, the abstention gate, feedback), so they agree on
what a word is.
"""
from __future__ import annotations

import re


STOPWORDS = frozenset("""
a about above after again against all am an and any are aren't as at be because been before being below between both
but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for from further
had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his how how's i
i'd i'll i'm i've if in into is isn't it it's its itself let's me more most mustn't my myself no nor not of off on
once only or other ought our ours ourselves out over own same shan't she she'd she'll she's should shouldn't so some
such than that that's the their theirs them themselves then there there's these they they'd they'll they're they've
this those through to too under until up very was wasn't we we'd we'll we're we've were weren't what what's when
when's where where's which while who who's whom why why's with won't would wouldn't you you'd you'll you're you've
your yours yourself yourselves tell remember know said say told mention mentioned ever anything something did
does again please recall user user's users
""".split())
_WORD = re.compile(r"[\w][\w'’-]*", re.UNICODE)


def words(text: str) -> list[str]:
    return [w.lower().replace("’", "'") for w in _WORD.findall(text or "")]


def content_words(text: str) -> list[str]:
    """Query words that carry meaning; all words if every one is a stopword."""
    found = words(text)
    kept = [w for w in found if w not in STOPWORDS and len(w) > 1]
    return list(dict.fromkeys(kept or [w for w in found if len(w) > 1]))


def _stem(word: str) -> str:
    for suffix in ("'s", "ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word
