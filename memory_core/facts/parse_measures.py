"""Measured values in a parsed sentence: a number with its unit ("10,000 steps", "40 minutes", "£950 a month"), a
size ("size 7") or a height said in feet and inches ("5'9").

Why: the parse fallback (``parse_fallback``) reads a value only where it is a name, so a person's standing
measures ("im a size 7 in trainers", "I sleep about 7 hours a night") were lost though the sentence asserts a fact
about the user. A number is a value only with a word of measure: a unit of time, distance, weight, volume, money,
or a count a routine is kept in (steps, reps, laps, pages, cups); a bare number or a span of days ("2 cats", "3 days") names
nothing. The unit's rate after it ("a day", "per week") belongs to the value. The attribute is the word that
governs the value, as for a name; where that word is too light to say anything ("get 8,000 steps a day") the
unit itself is the attribute ("steps"); a size's own noun is its attribute, what it is a size in stays in the
value ("size 7 in trainers"), so a later "size 8 now" replaces it; a height or
weight said of "I" ("I'm 5'9") is the user's height or weight.

What is no standing measure: one-off quantities ("I ran 5k today", "the train was 10 minutes late", "3 more days",
"for 3 years"), a time of one day ("at 3pm"); ``parse_fallback`` also asks the sentence to assert and be the
user's, and rejects a one-off past.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from memory_core.facts.parse_tree import Tree, lower
from memory_core.facts.parse_tokens import Token

#: Units by what they measure; a count a routine is kept in is a unit too ("10,000 steps", "3 cups").
UNITS: dict[str, str] = {
    **{w: "time" for w in ("second", "seconds", "sec", "secs", "minute", "minutes", "min", "mins", "hour", "hours",
                           "hr", "hrs", "h")},
    **{w: "length" for w in ("k", "km", "kms", "kilometre", "kilometres", "kilometer", "kilometers", "mile", "miles",
                             "metre", "metres", "meter", "meters", "m", "cm", "centimetres", "foot", "feet", "ft",
                             "inch", "inches")},
    **{w: "weight" for w in ("kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "lb", "lbs", "pound", "pounds",
                             "stone", "st", "gram", "grams", "g")},
    **{w: "volume" for w in ("litre", "litres", "liter", "liters", "l", "ml", "pint", "pints", "cup", "cups",
                             "glass", "glasses", "mug", "mugs", "bottle", "bottles", "units")},
    **{w: "count" for w in ("steps", "reps", "laps", "lengths", "pages", "words", "calories", "kcal", "cals",
                            "cigarettes", "fags", "pills", "tablets", "sets", "push-ups", "pushups", "squats")},
    **{w: "money" for w in ("quid", "bucks", "pounds", "dollars", "euros", "p", "grand")},
}
#: A rate after the unit: "a day", "per week", "each night".
_RATE_DETERMINERS = {"a", "an", "per", "each", "every"}
_RATE_NOUNS = {"day", "night", "week", "month", "year", "morning", "evening", "session", "run", "shift", "visit",
               "weekday", "weekend", "fortnight"}
_CURRENCY = {"£", "$", "€"}
#: A height in feet and inches as one token ("5'9", "5'9\"", "6ft2").
_FEET_INCHES = re.compile(r"^\d'\d{1,2}\"?$|^\d\s?ft\s?\d{1,2}(?:in)?$", re.I)
#: Words that make a quantity one-off: left over, extra, late, ago, since, until.
_ONE_OFF = {"more", "another", "extra", "left", "late", "early", "ago", "since", "until", "till", "til", "away",
            "behind", "off", "only", "just", "last", "first", "next", "total", "remaining", "over"}
#: Times of one day: a quantity said of them happened once ("ran 5k today").
_ONE_DAY = {"today", "tonight", "yesterday", "tomorrow", "tmrw", "tmr", "earlier", "ago"}
#: Prepositions before a span that make it a duration or a point, never a measure of the user's ("for 3 years",
#: "in 10 minutes", "at 3", "by 5").
_SPAN_PREPOSITIONS = {"for", "in", "at", "by", "since", "after", "before", "within", "until", "till", "from", "to"}


@dataclass(frozen=True)
class Measure:
    """A measured value: its tokens in order, its text, the token it hangs from the sentence by, and its kind."""
    tokens: tuple[Token, ...]
    text: str
    head: Token
    kind: str
    unit: str


def _number(token: Token) -> bool:
    return bool(re.fullmatch(r"\d[\d,]*(?:\.\d+)?k?", token.text)) or token.pos == "NUM" and token.text.isalpha() \
        and lower(token) in ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                             "twelve", "twenty", "thirty", "forty", "fifty", "hundred")


def _rate(tree: Tree, unit: Token) -> list[Token]:
    """The rate said after the unit ("a night", "per week"), as tokens."""
    following = tree.tokens[unit.i + 1:unit.i + 3]
    if len(following) == 2 and lower(following[0]) in _RATE_DETERMINERS and lower(following[1]) in _RATE_NOUNS:
        return list(following)
    return []


def _size_of(tree: Tree, size: Token, number: Token) -> list[Token]:
    """What a size is said in, right after it ("a size 7 in trainers"): the value keeps it, so one attribute,
    the size, holds it and a later "size 8 now" replaces it."""
    following = tree.tokens[number.i + 1:number.i + 3]
    if len(following) == 2 and lower(following[0]) == "in" and following[1].pos == "NOUN" and \
            following[1].head == following[0].i:
        return list(following)
    return []


def measures(tree: Tree) -> list[Measure]:
    """The sentence's measured values, in order."""
    found: list[Measure] = []
    for token in tree.tokens:
        text = token.text
        if _FEET_INCHES.match(text):
            found.append(Measure((token,), text, token, "length", "height"))
            continue
        if not _number(token):
            continue
        before = tree.tokens[token.i - 1] if token.i > 0 else None
        after = tree.tokens[token.i + 1] if token.i + 1 < len(tree.tokens) else None
        if before is not None and lower(before) == "size":  # "a size 7": the size names itself, and what it is in
            tokens = [before, token, *_size_of(tree, before, token)]
            found.append(Measure(tuple(tokens), tree.text(tokens), before, "size", "size"))
            continue
        if before is not None and before.text in _CURRENCY:  # "£950 a month"
            tokens = [before, token, *_rate(tree, token)]
            found.append(Measure(tuple(tokens), tree.text(tokens), token, "money", "money"))
            continue
        glued = re.fullmatch(r"\d[\d,.]*(k|km|kg|kgs|lbs|ml|mins?|hrs?|cm)", text, re.I)  # "5k", "10km"
        if glued:
            found.append(Measure((token, *_rate(tree, token)), tree.text([token, *_rate(tree, token)]), token,
                                 UNITS.get(glued.group(1).lower(), "length"), glued.group(1).lower()))
            continue
        if after is not None and lower(after) in UNITS and (after.i == token.head or token.head == after.i or
                                                            after.head == token.i or after.pos == "NOUN"):
            tokens = [token, after, *_rate(tree, after)]
            found.append(Measure(tuple(tokens), tree.text(tokens), after, UNITS[lower(after)], lower(after)))
    return found


def one_off(tree: Tree, measure: Measure) -> bool:
    """A quantity said once: modified as left over, extra or late ("3 more days", "10 minutes late"), a span
    after a preposition ("for 3 years", "at 3pm"), or in a sentence set on one day ("ran 5k today")."""
    near = [lower(t) for t in tree.tokens[max(0, measure.tokens[0].i - 2):measure.tokens[-1].i + 3]]
    if any(word in _ONE_OFF for word in near):
        return True
    head = measure.head
    governor = tree.head(head)
    if governor is not None and head.dep == "pobj" and lower(governor) in _SPAN_PREPOSITIONS:
        return True
    if governor is not None and lower(governor) in _ONE_OFF:
        return True
    return any(lower(t) in _ONE_DAY for t in tree.tokens)


__all__: Sequence[str] = ("Measure", "measures", "one_off", "UNITS")
