"""Providers named by what the user goes to them for: "I see Dr Aziz for therapy" is a therapist.

The purpose names the attribute better than a title or the verb: a "Dr" seen for therapy is
no GP, and "I go to Rush for my hair" names a hairdresser though no word for one is said.
Only purposes in ``PURPOSES`` name an attribute; any other "for ..." gives nothing here
(the open frames keep "I use Sky for broadband"); "use" is left out, as one uses products
for one's hair. Read before the open frames, so the purpose wins over "I see Dr X" (a doctor).
"""
from __future__ import annotations

import re
from typing import Iterator

from memory_core.facts.candidate import Candidate
from memory_core.facts.frame_words import USER, clean_value, plausible_value

#: What one goes to a provider for -> the provider's attribute (its canonical predicate).
PURPOSES = {
    "hair": "barber", "haircut": "barber", "haircuts": "barber", "trim": "barber", "trims": "barber",
    "therapy": "therapist", "counselling": "therapist", "counseling": "therapist", "cbt": "therapist",
    "teeth": "dentist", "fillings": "dentist", "physio": "physiotherapist", "physiotherapy": "physiotherapist",
    "eyes": "optician", "eye tests": "optician", "eye test": "optician", "glasses": "optician",
    "massage": "massage_therapist", "massages": "massage_therapist",
    "nails": "nail_salon", "tattoos": "tattoo_artist",
    "piano lessons": "piano_teacher", "driving lessons": "driving_instructor",
}

_TITLE = r"(?:(?-i:Dr|Mr|Mrs|Ms|Miss|Prof)\.?\s+)?"
_NAME = r"(?-i:[A-Z])[\w&+'.-]*(?:\s+(?:&\s+)?(?-i:[A-Z0-9])[\w&+'.-]*){0,3}"
_PURPOSE = re.compile(
    r"\b(?:i|we)(?:'ve|\s+have)?(?:\s+(?:usually|always|now|still|just|only|mostly|regularly|started|been))*\s+"
    r"(?:see|seeing|go\s+to|going\s+to|visit|visiting)\s+"
    rf"(?P<v>{_TITLE}{_NAME})\s+for\s+(?:(?:my|our|the|a|an|some)\s+)?(?P<p>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)",
    re.IGNORECASE)


def _attribute(purpose: str) -> str | None:
    """The attribute a purpose names: the whole phrase, else its first word ("hair done" is hair)."""
    purpose = purpose.lower()
    return PURPOSES.get(purpose) or PURPOSES.get(purpose.split()[0])


def purpose_candidates(sentence: str) -> Iterator[tuple[tuple[int, int], Candidate]]:
    """A provider the user goes to for a known purpose, with the span it came from."""
    for match in _PURPOSE.finditer(sentence):
        attribute = _attribute(match.group("p"))
        value = clean_value(match.group("v"))
        if attribute and plausible_value(value):
            yield match.span(), Candidate("assert", USER, attribute, value, sentence)
