""""There" read as the place it points back to.

People name a place once and then point back at it: "a hotel in Leeds ...; my sister, who has lived there since
her retirement", "trains to Leeds ... see my sister Karen she's got a new flat there", "can you write to Acme? I've
worked there since 2019". The rules, frames and parse read a home or a workplace from a name ("has lived in
Leeds", "worked at Acme"); "there" names nothing. So the reading puts the place back: "there" after a verb of
living, moving or working, or after a home or a job ("a new flat there"), becomes the last place named before it
in the message, with the preposition that verb takes ("lived in Leeds", "worked at Acme"); this runs after
``relative_clauses``, so a statement that module adds ("My sister has lived there ...") is read the same way. The
stored message is never changed.
"""
from __future__ import annotations

import re

from memory_core.facts.cues import calendar_word

#: "there" where it stands for a place: after a verb of living, moving or working, or after a home or a job.
_THERE = re.compile(r"(?i)\b(?P<before>(?:live[sd]?|living|moved|moving|settled|based|work(?:s|ed|ing)?|"
                    r"(?:flat|house|home|place|job|apartment|condo)))\s+there\b(?!\s+(?:is|are|was|were|'s)\b)")
#: A place named after a preposition of place or movement; truecased, so a name has its capital.
_PLACE = re.compile(r"\b(?:in|to|at|near|from|into|around|for)\s+(?P<name>(?:[A-Z][\w'&-]*)(?:\s+(?:of\s+|upon\s+|"
                    r"on\s+)?[A-Z][\w'&-]*)*)")
#: How far back a place may be named, in characters (this sentence and the one or two before it).
_REACH = 400
_WORK_VERB = re.compile(r"(?i)^(?:work(?:s|ed|ing)?|job)$")
#: Names that are no place: a person's address form, a greeting's words.
_NOT_A_PLACE = frozenset(("I", "Mneme", "Dear", "Mum", "Dad", "God"))


def _last_place(text: str, end: int) -> str | None:
    found = None
    for match in _PLACE.finditer(text, max(0, end - _REACH), end):
        name = match.group("name")
        if name.split()[0] not in _NOT_A_PLACE and not calendar_word(name):
            found = name
    return found


def _places_put_back(text: str) -> str:
    out, start = [], 0
    for match in _THERE.finditer(text):
        place = _last_place(text, match.start())
        if place is None:
            continue
        preposition = "at" if _WORK_VERB.match(match.group("before")) else "in"
        out.append(text[start:match.start()] + f"{match.group('before')} {preposition} {place}")
        start = match.end()
    return "".join(out) + text[start:] if out else text


def place_references(text: str) -> str:
    """``text`` with "there" read as the place it points back to (else as it is)."""
    return _places_put_back(text)
