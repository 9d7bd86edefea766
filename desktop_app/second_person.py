"""How a fact reads on screen: to the person it is about, in the second person.

The store and the CLI keep the neutral sentence the ledger writes ("The user lives in Porto"); the window
shows "You live in Porto". Only display wording changes here, never what is stored or searched.
"""
from __future__ import annotations

import re


def fact_display(text: str) -> str:
    """A fact as the person it is about reads it: "You live in Porto", not the store's "The user lives in Porto".
    (Facts stored by old versions carry a search suffix ``[category; keywords]``; nobody needs to see it.)"""
    text = text.split(". [", 1)[0].rstrip(".") if ". [" in text else text
    return _USER_VERB.sub(_to_you, text)


#: "The user" and the verb that follows it, if any: "The user lives", "the user's", "The user is", "The user always goes".
_USER_VERB = re.compile(r"\b(?P<t>[Tt])he user(?:(?P<own>'s)\b|\s+(?P<be>is|was|has|does)\b|"
                        r"\s+(?P<adverb>(?:always|sometimes|usually|often|never|still|now|also)\s+)?(?P<verb>[a-z]+s)\b(?!')|\b)")
_BE_HAVE = {"is": "are", "was": "were", "has": "have", "does": "do"}


def _to_you(match: re.Match[str]) -> str:
    you = "You" if match.group("t") == "T" else "you"
    if match.group("own"):
        return you[0] + "our"  # "The user's sister" -> "Your sister"
    if match.group("be"):
        return f"{you} {_BE_HAVE[match.group('be')]}"
    if match.group("verb"):
        return f"{you} {match.group('adverb') or ''}{_plain_verb(match.group('verb'))}"
    return you


def _plain_verb(verb: str) -> str:
    """The verb after "you": "lives" -> "live", "goes" -> "go", "carries" -> "carry", "watches" -> "watch"."""
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zzes", "oes")):
        return verb[:-2]
    return verb[:-1]
