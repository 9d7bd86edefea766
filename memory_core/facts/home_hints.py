"""The user's home said in passing: "the weather here in Leeds has been awful", "Bristol, where we live, is
gridlocked", "the commute from Drogheda is killing me".

Why: people rarely say "I live in X" to an assistant; they say where "here" is while talking about the weather, the
traffic or the journey to work. "Here in X", "X, where I live" and a commute from X each place the user in X, and
nothing else in such a sentence says it. Read only where X is a name, in a clause that is no question, denial,
supposition or past ("when I lived in X"), and never in a sentence about a trip or an occasion ("here in Rome for
the week", "loving the holiday", "here in Leeds for the match"), where "here" is where the user is, not where they
live; "here in X" is a home only said with a while or the place's daily life ("has been awful all week", "house
prices here in X").
"""
from __future__ import annotations

import re
from typing import Sequence

from memory_core.facts.candidate import Candidate, without_fallback_readings
from memory_core.facts.cues import NEGATION, values_of_shape
from memory_core.facts.ledger import USER
from memory_core.facts.truecasing import a_lower_case_word

#: Before the place: "here in", "the commute from", "commuting in from".
_BEFORE = re.compile(r"(?i)(?:\bhere\s+in|\bcommut\w*\s+(?:in\s+|up\s+|down\s+)?from)\s+(?:the\s+)?$")
#: After the place: ", where I live", " where we've lived since 2019".
_AFTER = re.compile(r"(?i)^,?\s+where\s+(?:I|we)\s+(?:live|(?:'ve|have)\s+lived|now\s+live|currently\s+live)\b")
#: A place that opens the sentence, said before "where I live".
_OPENING_NAME = re.compile(r"^(?P<name>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2})(?=,?\s+where\s+(?:I|we)\b)")
#: A trip, where "here" is where the user is for now.
_TRIP = re.compile(r"(?i)\b(?:holiday|hols|vacation|trip|visit\w*|staying|stay|hotel|airbnb|hostel|conference|"
                   r"break|business|tourist\w*|sightseeing|away|until|till|tomorrow|flight|flying|fly|tour\w*|"
                   r"honeymoon|weekend|for\s+the\s+(?:week|day|night)|few\s+days|just\s+(?:arrived|landed)|landed|"
                   r"match|game|gig|concert|festival|wedding|funeral|interview|meeting|graduation|hen|stag|party|do)\b")
#: What makes "here in X" the user's home rather than where they are today: a while said ("has been ... all week",
#: "for days", "these days") or the things of a place's daily life ("house prices", "the council", "the bins").
_LOCAL_LIFE = re.compile(r"(?i)\b(?:all\s+(?:week|month|year|winter|summer|spring|autumn)|for\s+(?:days|weeks|months|"
                         r"ages|years)|every\s+\w+|always|these\s+days|lately|this\s+(?:week|month|year|winter|summer)|"
                         r"(?:has|have)\s+been|'s\s+been|'ve\s+been|house\s+prices|rents?|council|schools?|bins|"
                         r"buses|trains|traffic|neighbours|round\s+here|since)\b")
#: Words that make the clause no statement of where the user lives now.
_NOT_NOW = re.compile(r"(?i)\b(?:if|would|could|might|maybe|wish|hope|used\s+to|when\s+(?:I|we)\s+lived|back\s+when|"
                      r"lived|was|were|moving|move|moved|thinking|planning)\b")


def home_hint_candidates(said: Sequence[str]) -> list[Candidate]:
    """The user's home for each place a sentence says is "here", where they live, or where they commute from."""
    found = []
    for sentence in said:
        if sentence.rstrip().endswith("?") or _TRIP.search(sentence):
            continue
        opening = _OPENING_NAME.match(sentence)  # "Bristol, where we live, ...": a first word the names skip
        named = values_of_shape(sentence, "name") + ([(0, opening.group("name"))] if opening else [])
        for at, name in named:
            at = sentence.find(name, at)
            if at < 0:
                continue
            # the words just before the name and just after it: a pasted megabyte is read in linear time
            before, after = sentence[max(0, at - 80):at], sentence[at + len(name):at + len(name) + 200]
            # a place's slot: a capital there is the writer's (truecasing leaves "here in cork" as typed)
            if not (_BEFORE.search(before) or _AFTER.match(after)) or \
                    (" " not in name and a_lower_case_word(name) and not _BEFORE.search(before)):
                continue
            clause = before[max(before.rfind(","), before.rfind(";"), 0):] + name + after[:40]
            if NEGATION.search(clause) or _NOT_NOW.search(clause):
                continue
            if _BEFORE.search(before) and re.search(r"(?i)\bhere\s+in\s+(?:the\s+)?$", before) and \
                    not _LOCAL_LIFE.search(sentence):
                continue  # "snowing here in Aviemore, so pretty": where the user is today
            found.append(Candidate("assert", USER, "lives_in", name, sentence, in_passing=True))
    return found


def with_home_hints(candidates: Sequence[Candidate], said: Sequence[str]) -> list[Candidate]:
    """The candidates, plus the user's home said in passing where no layer read the user's home from the message;
    a reading of the same place under a word that is no attribute (the fallback's "named:..." facts) gives way."""
    if any(c.op == "assert" and c.subject == USER and c.predicate == "lives_in" for c in candidates):
        return list(candidates)
    hints = home_hint_candidates(said)[:1]
    if not hints:
        return list(candidates)
    return without_fallback_readings(candidates, [hints[0].value or ""]) + hints
