"""A verbless fan exclamation: a name and words of lasting devotion, and nothing else.

"Celtic till I die", "Bowie forever", "Le Guin is the GOAT": chat drops the verb and the
attribute, but the words of devotion say the user holds the name as a favourite. The
kind of thing is not said, so the fact is a plain ``favorite``. Only the whole sentence
counts (a name with a trailing devotion inside a longer sentence may be anyone's), and
only devotion that means lasting allegiance ("X is the best" is praise, often of a person).
"""
from __future__ import annotations

import re
from typing import Iterator

from memory_core.facts.candidate import Candidate
from memory_core.facts.frame_words import RELATIONS, USER, clean_value, plausible_value

_NAME = r"(?-i:[A-Z0-9])[\w&+'.-]*(?:\s+(?:&\s+)?(?-i:[A-Z0-9])[\w&+'.-]*){0,4}"
_DEVOTION = (r"forever|for\s+life|4\s*life|(?:till?|until|'?til)\s+i\s+die|ftw|all\s+day\s+every\s+day|"
             r"(?:is|are|'s|'re)\s+the\s+goat|goat")
#: Words that start no favourite: pronouns and the user's people ("Mum forever" is love, not a favourite).
_NOT_FAVOURITES = {"i", "we", "you", "it", "this", "that", "my", "our", "me", "us", "home"}
_FAN = re.compile(rf"^\s*(?P<v>{_NAME})\s+(?:{_DEVOTION})\s*[!.]*\s*$", re.IGNORECASE)


def fan_candidates(sentence: str) -> Iterator[tuple[tuple[int, int], Candidate]]:
    """The favourite a whole-sentence fan exclamation names, with its span."""
    match = _FAN.match(sentence)
    if match is None:
        return
    value = clean_value(match.group("v"))
    first = value.split()[0].lower() if value else ""
    if plausible_value(value) and first not in _NOT_FAVOURITES and value.lower() not in RELATIONS:
        yield match.span(), Candidate("assert", USER, "favorite", value, sentence)
