"""An instrument said by its lessons: "Ella's violin lesson is at 4", "my son has his piano exam on Friday", "my
nephew Paolo has a recital for the trumpet on Sunday".

Why: parents and relatives rarely say "she plays the violin"; they say when the lesson is, or what the exam is for.
An instrument's lesson, exam, recital or practice is had by the one who plays it, so it says what that person plays,
whoever the sentence is really about (a lift, a time, an email to write). Held as that person's instrument, of the
one the possessive or the "has" names (``phrase_owners``); never in a question, a denial, a supposition or an
ending ("she's given up her piano lessons").
"""
from __future__ import annotations

import re
from typing import Sequence

from memory_core.facts.candidate import Candidate
from memory_core.facts.changes import says_an_ending
from memory_core.facts.cues import ENDING, NEGATION
from memory_core.facts.ledger import USER
from memory_core.facts.parse_verbs import INSTRUMENTS
from memory_core.facts.phrase_owners import OWNER, owner_of, relation_key
from memory_core.facts.truecasing import a_lower_case_word
from memory_core.facts.work_hints import clause_around

#: The instruments, and "drum" as a lesson's word ("drum lesson").
_INSTRUMENT = r"(?P<instrument>" + \
    "|".join(re.escape(i) for i in sorted({*INSTRUMENTS, "drum"}, key=len, reverse=True)) + r")"
#: What an instrument is had for: "lesson", "exam", "recital", "grade 3".
_HAD_FOR = r"(?:lessons?|exams?|recital|practice|practise|teacher|tutor|concert|grade\s*\d|audition)"
#: "Ella's violin lesson", "my son's piano exam", "her cello lesson".
_OWNED = re.compile(OWNER + r"\s+(?:(?i:first|next|weekly|usual|new|big|grade\s*\d)\s+)?(?i:" + _INSTRUMENT +
                    r")\s+(?i:" + _HAD_FOR + r")\b")
#: "My nephew Paolo has a recital for the trumpet", "Sam's got his guitar lesson".
_HAS = re.compile(
    r"(?P<who>(?i:(?:my|our)\s+(?:(?:little|big|older|younger|eldest|youngest)\s+)?[a-z-]+)(?:\s+[A-Z][a-z]+)?|\bI\b|"
    r"\b[A-Z][a-z]+)(?i:'s\s+got|\s+(?:has|have|has\s+got|'ve\s+got|got))\s+(?i:a|an|his|her|my|their|the|another)?\s*"
    r"(?:(?i:first|next|weekly|usual|new|big|grade\s*\d)\s+)?"
    r"(?i:" + _INSTRUMENT + r"\s+" + _HAD_FOR + r"|" + _HAD_FOR + r"\s+(?:for|on|in)\s+(?:the\s+)?" +
    _INSTRUMENT.replace("instrument>", "instrument2>") + r")\b")
_NOT_NOW = re.compile(r"(?i)\b(?:if|would|could|might|maybe|thinking|wants?\s+to|used\s+to|cancel\w*|quit|stopp\w*|"
                      r"gave\s+up|given\s+up|no\s+more)\b")


def _who(said: str) -> str | None:
    """Who "has" the lesson: the user, a relation ("my son"), or a name ("my nephew Paolo": Paolo, a nephew being
    held by name)."""
    words = said.split()
    if words[0] == "I":
        return USER
    name = words[-1] if words[-1][:1].isupper() and len(words) > 1 and words[0].lower() in ("my", "our") else None
    if words[0].lower() in ("my", "our"):
        return relation_key(words[-2] if name else words[-1]) or name
    return None if a_lower_case_word(words[0]) or relation_key(words[0]) else words[0]


def _named(instrument: str) -> str:
    return "drums" if instrument.lower() == "drum" else instrument.lower()


def lesson_hint_candidates(said: Sequence[str]) -> list[Candidate]:
    """An instrument for each lesson, exam or recital of it a sentence says someone has."""
    found = []
    for sentence in said:
        if sentence.rstrip().endswith("?"):
            continue
        for match in [*_OWNED.finditer(sentence), *_HAS.finditer(sentence)]:
            clause = clause_around(sentence, match.start(), match.end())
            if NEGATION.search(clause) or _NOT_NOW.search(clause) or ENDING.search(clause) or says_an_ending(clause):
                continue
            if "owner" in match.groupdict():
                subject = owner_of(match.group("owner"), sentence[:match.start()])
            else:
                subject = _who(match.group("who"))
            instrument = match.group("instrument") or match.groupdict().get("instrument2")
            if subject and instrument:
                found.append(Candidate("assert", subject, "instrument", _named(instrument), sentence, in_passing=True))
    return found


def with_lesson_hints(candidates: Sequence[Candidate], said: Sequence[str]) -> list[Candidate]:
    """The candidates, plus an instrument said by its lessons where no layer read that person's instrument."""
    read = {(c.subject, c.predicate) for c in candidates if c.op == "assert"}
    unique = {(h.subject, h.value): h for h in lesson_hint_candidates(said) if (h.subject, h.predicate) not in read}
    return list(candidates) + list(unique.values())
