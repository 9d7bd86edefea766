"""Whose thing a phrase names, from the words that own it: "my", "our", "my husband's", "Romy's" (a first name),
"his"/"her" (the one relation of that gender the sentence named before it).

Why: a fact said in passing ("my boss at Tesco", "his busiest day as a barber", "Ella's violin lesson") belongs to
whoever the possessive names, not to the sentence's subject. One reading of the possessive, shared by the modules
that read such phrases.
"""
from __future__ import annotations

import re

from memory_core.facts.frame_words import HE_KIN, RELATIONS, SHE_KIN
from memory_core.facts.ledger import USER
from memory_core.facts.parse_fallback import KIN
from memory_core.facts.truecasing import a_lower_case_word

RELATION_WORDS = sorted({*RELATIONS, *KIN}, key=len, reverse=True)
_RELATION = r"(?:(?:little|big|older|younger|eldest|youngest|wee|baby)\s+)?(?:" + \
    "|".join(re.escape(word) for word in RELATION_WORDS) + r")"
#: Whose phrase it is: "my", "our", "my husband's", "Romy's" (a first name), "his"/"her".
OWNER = r"(?P<owner>(?i:(?:my|our|me)\s+" + _RELATION + r"'s)|(?i:my|our|me|his|her)|[A-Z][a-z]+'s)"
_MENTIONED_RELATION = re.compile(r"(?i)\b(?:my|our|me)\s+(?:(?:little|big|older|younger|eldest|youngest|wee)\s+)?"
                                 r"(?P<rel>" + "|".join(re.escape(word) for word in RELATION_WORDS) + r")\b")


def relation_key(word: str) -> str | None:
    """The ledger's name for a word of family or friendship ("mum": "mother"); None for any other word."""
    word = word.lower()
    return RELATIONS.get(word) or KIN.get(word)


def pronoun_owner(pronoun: str, before: str) -> str | None:
    """The user's relation "his"/"her" refers to: the one relation of that gender named before it in the sentence."""
    gendered = HE_KIN if pronoun.lower() == "his" else SHE_KIN
    said = {match.group("rel").lower() for match in _MENTIONED_RELATION.finditer(before)}
    fitting = {relation_key(word) for word in said if word in gendered}
    return fitting.pop() if len(fitting) == 1 and said <= gendered else None


def owner_of(owner: str, before: str) -> str | None:
    """Whose thing the possessive ``owner`` (an ``OWNER`` match) says, with ``before`` the sentence before it: the
    user, one of the user's relations, someone named; None if unknown."""
    words = owner.split()
    if len(words) == 1 and words[0].lower() in ("my", "our", "me"):
        return USER
    if len(words) == 1 and words[0].lower() in ("his", "her"):
        return pronoun_owner(words[0], before)
    if len(words) > 1:  # "my husband's"
        return relation_key(words[-1].removesuffix("'s").split()[-1]) or \
            relation_key(" ".join(words[1:]).removesuffix("'s"))
    name = words[0].removesuffix("'s")
    return None if a_lower_case_word(name) or relation_key(name) else name
