"""Mistakes of the small English parser that the fact shapes would otherwise read as the user's words.

The parser is right most of the time; where a known shape of chat misleads it, the tree is mended here, before
any frame reads it, so no frame has to know the mistake.
"""
from __future__ import annotations

from dataclasses import replace

from memory_core.facts.parse_tokens import ParsedSentence, Token

#: Words of a time that recurs or is named: what "every"/"each" counts ("every Sunday", "each morning").
_TIME_NOUNS = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "day", "week",
               "weekend", "morning", "afternoon", "evening", "night", "month", "year", "summer", "winter",
               "spring", "autumn", "fall", "christmas", "easter"}
_COUNTING = {"every", "each", "most", "this", "next", "last"}


def _name_before_counted_time(tokens: tuple[Token, ...], owner: Token) -> Token | None:
    """The time noun a name ending in "'s" was hung on as its owner, in "goes to St Patrick's every Sunday"."""
    if owner.dep != "poss" or owner.pos != "PROPN":
        return None
    time = tokens[owner.head]
    if time.text.lower() not in _TIME_NOUNS or time.i <= owner.i:
        return None
    between = tokens[owner.i + 1:time.i]
    if not between or between[0].text not in ("'s", "’s"):
        return None
    if not any(t.text.lower() in _COUNTING and t.head == time.i for t in between[1:]):
        return None
    return time


def mended(sentence: ParsedSentence) -> ParsedSentence:
    """The sentence with a name's "'s" read as the name's own, not as the owner of the time after it: "my mum
    goes to St Patrick's every Sunday" is a church and a day, not "St Patrick's Sunday"."""
    tokens = list(sentence.tokens)
    changed = False
    for owner in sentence.tokens:
        time = _name_before_counted_time(sentence.tokens, owner)
        if time is None:
            continue
        governor = sentence.tokens[time.head]
        verb = governor.head if governor.pos == "ADP" else governor.i
        tokens[owner.i] = replace(tokens[owner.i], dep=time.dep, head=time.head)
        tokens[time.i] = replace(tokens[time.i], dep="npadvmod", head=verb)
        changed = True
    return replace(sentence, tokens=tuple(tokens)) if changed else sentence


__all__ = ("mended",)
