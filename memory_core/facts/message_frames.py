"""Frames that read a whole message, not one sentence: a change of attribute that names only the new value,
across a ";" ("I switched banks; I'm with Revolut now"), a relative named once then "she"/"he", an event called off,
"it's my favourite drink" after the words that named the drink.

Split from ``frames`` (the sentence frames); ``extraction`` runs both.
"""
from __future__ import annotations

import re
from typing import Iterator

from memory_core.facts.attributes import attribute_predicate, canonical_predicate, concept_of
from memory_core.facts.candidate import Candidate
from memory_core.facts.frame_words import (ANIMALS, NOT_ATTRIBUTES, RELATIONS, REL_MOD, STOP, USER, VALUE_CHARS,
                                           clean_value, plausible_value)
from memory_core.facts.lexicon import lexical_values

_Y = rf"(?P<v>(?:dr\.?\s+)?{VALUE_CHARS}{{1,45}}?)" + STOP
#: Changes that name the attribute and the new value but not the old one, possibly across a ";"
#: ("I switched banks; I'm with Revolut now", "I upgraded my phone to a OnePlus 12").
_MESSAGE_FRAMES = (
    (re.compile(r"(?i)\b(?:switched|changed|swapped)\s+(?P<attr>[a-z]+?)(?:e?s)\b\s*[;,:.]?\s*(?:and\s+)?"
                r"(?:(?:i|we)(?:'m|\s+am|\s+are)?\s+)?(?:now\s+)?(?:with|at|see|use|using|run\s+with|go\s+to|on|to)\s+"
                r"(?:a\s+|an\s+|the\s+)?" + _Y), False),
    (re.compile(r"(?i)\b(?:switched|changed)\s+(?:my\s+|our\s+)?(?P<attr>[a-z]+(?:\s+[a-z]+)?)\s+(?:providers?|companies|"
                r"suppliers?)\s+to\s+" + _Y), False),
    (re.compile(r"(?i)\b(?:moved|upgraded|changed|switched|set)\s+(?:my\s+|our\s+|the\s+)?(?P<attr>[a-z-]+(?:\s+[a-z-]+)?)\s+"
                r"(?:to|for)\s+(?:a\s+|an\s+|the\s+)?" + _Y), True),
)
_OFF = re.compile(r"(?i)(?:^|\b(?:the|my|our)\s+)(?P<attr>[a-z]+(?:\s+[a-z]+){0,2}?)\s+(?:is|'s)\s+(?:off|cancel+ed|"
                  r"not\s+happening|called\s+off)\b")


#: A relative named once, then "she"/"he": "Big news from my sister: she is now living in Osaka".
_PRONOUN_HOME = re.compile(r"(?i)\b(?:(?:she|he)(?:'s|\s+is|\s+has)?\s+(?:\w+\s+){0,8}?(?:living|lives|moved|"
                           r"settled|based|relocated)\s+(?:back\s+)?(?:in|to)|(?:her|his)\s+(?:new\s+)?(?:flat|house|"
                           r"place|home|apartment)\s+is\s+(?:now\s+)?in)\s+"
                           r"(?P<v>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)")
_PRONOUN_NAME = re.compile(r"(?:^|[.!;,]\s+)(?P<v>[A-Z][\w'-]+)\s+is\s+(?:her|his|its|their)\s+name\b")
#: An animal given its name by the user, in a message about an animal: "we are calling him Jellybean", "I've called
#: her Mabel", "we're going to call it Biscuit" (not "I called him Dave" of a man: the message names an animal).
_WE_NAME_IT = re.compile(r"(?i)\b(?:we|i)(?:'re|'m|\s+are|\s+am|'ve|\s+have)?\s+(?:(?:going\s+to|gonna)\s+call|calling|"
                         r"called|naming|named)\s+(?:him|her|it|them)\s+(?P<v>(?-i:[A-Z])[\w'-]+)")
_RELATIVE = re.compile(r"(?i)\bmy\s+" + REL_MOD + r"(?P<rel>" + "|".join(
    r for r in sorted(RELATIONS, key=len, reverse=True) if r not in ("dog", "cat", "puppy", "kitten", "pet")) + r")\b")


#: "It's my favourite drink" after a sentence that named one: the pronoun's antecedent is that drink.
_ANAPHORIC_FAVOURITE = re.compile(r"(?i)(?:^|(?<=[.!?;])\s+)(?:it's|it\s+is|that's|that\s+is|they're|they\s+are)\s+"
                                  r"(?:my|our)\s+(?:all-time\s+|absolute\s+)?(?:fave|fav(?:ou?rite)?)\s+"
                                  r"(?P<kind>[a-z]+)\b")
#: The lexicon kind a favourite's noun names ("my favourite sport" is a hobby's value).
_FAVOURITE_KINDS = {"drink": "drink", "drinks": "drink", "music": "music", "genre": "music", "sport": "hobby",
                    "hobby": "hobby", "activity": "hobby", "pastime": "hobby"}


def anaphoric_favourites(text: str) -> Iterator[Candidate]:
    """"Is there a café with good iced coffee? It's my favourite drink.": the one value of the favourite's kind
    that the words before the pronoun name (none or several: no antecedent to trust)."""
    for match in _ANAPHORIC_FAVOURITE.finditer(text):
        noun = match.group("kind").lower()
        kind = _FAVOURITE_KINDS.get(noun)
        before = {value for _, found_kind, value in lexical_values(text[:match.start()]) if found_kind == kind}
        if kind and len(before) == 1:
            yield Candidate("assert", USER, f"favorite:{noun.rstrip('s')}", before.pop(), match.group(0).strip())


#: What goes in a coffee: "no sugar", "two sugars", "a splash of oat milk".
_IN_IT = (r"(?:(?:with\s+)?(?:no|one|two|three|a|an|some|extra|a\s+splash\s+of|a\s+dash\s+of|a\s+drop\s+of)\s+)?"
          r"(?:(?:oat|soy|soya|almond|skimmed|skim|whole|semi-skimmed|coconut|hot|cold)\s+)?"
          r"(?:milk|sugars?|sweeteners?|sweetener|cream|honey|syrup)")
#: "Mine" for the coffee an earlier sentence named: "can you remind me to get the good coffee in. For the record I have
#: mine black, no sugar." (within one sentence the sentence frames read it).
_MINE_TAKEN = re.compile(r"(?i)(?:^|(?<=[.!?;]\s))(?:[\w,' ]{0,30}?\s)?i\s+(?:have|take|drink|like|prefer)\s+mine\s+"
                         r"(?P<v>(?:black|white|decaf|milky|strong|weak)(?:,?\s+" + _IN_IT + r")?|"
                         r"(?:with|without)\s+" + _IN_IT + r")\b")
_COFFEE_BEFORE = re.compile(r"(?i)\bcoffee\b")
_TEA_BEFORE = re.compile(r"(?i)\b(?:tea|cuppa|brew)\b")


def coffee_mine(text: str) -> Iterator[Candidate]:
    """How the user takes the coffee a sentence before named, said with "mine" (only where no tea was named)."""
    for match in _MINE_TAKEN.finditer(text):
        before = text[:match.start()]
        if _COFFEE_BEFORE.search(before) and not _TEA_BEFORE.search(before):
            yield Candidate("assert", USER, "coffee", match.group("v").strip(), match.group(0).strip())


def message_candidates(text: str) -> Iterator[Candidate]:
    """Frames that read across a ";" or name a change of attribute without the old value."""
    yield from anaphoric_favourites(text)
    yield from coffee_mine(text)
    relatives = {RELATIONS[m.group("rel").lower()] for m in _RELATIVE.finditer(text)}
    if len(relatives) == 1:
        for match in _PRONOUN_HOME.finditer(text):
            yield Candidate("assert", next(iter(relatives)), "lives_in", clean_value(match.group("v")), match.group(0))
    if re.search(r"(?i)\b(?:" + "|".join(ANIMALS) + r")s?\b", text):
        for match in (*_PRONOUN_NAME.finditer(text), *_WE_NAME_IT.finditer(text)):
            yield Candidate("assert", USER, "pet", match.group("v"), match.group(0))
    for pattern, known_only in _MESSAGE_FRAMES:
        for match in pattern.finditer(text):
            attr = match.group("attr").lower()
            if attr in NOT_ATTRIBUTES - {"job", "diet"} or (known_only and not concept_of(attr)):
                continue
            value = clean_value(match.group("v"))
            if plausible_value(value, strict=False):
                yield Candidate("assert", USER, attribute_predicate(attr, value), value, match.group(0))
    for match in _OFF.finditer(text):
        attr = match.group("attr").lower()
        if concept_of(attr):
            yield Candidate("retract", USER, canonical_predicate(attr), None, match.group(0))
