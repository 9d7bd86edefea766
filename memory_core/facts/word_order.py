"""Second-language word order the rules read in English order.

Spanish, Portuguese, French and Italian speakers put a frequency adverb after the verb ("I drink always oat milk
latte", "we go usually to Lidl"). The rules and the parser expect it before the verb, where English has it: the
object after "always" was read as nothing. This swaps the two back, only after "I" or "we" and a word that can be a
plain present verb (no auxiliary: "I am always late" is English as it is), and never moves the adverb past a
comma. The stored message is never changed (``facts.reading``).
"""
from __future__ import annotations

import re

_FREQUENCY = r"always|usually|normally|often|never|sometimes|generally|mostly|regularly|every\s+day"
#: Words after "I"/"we" that are no plain verb the adverb belongs before (auxiliaries, adverbs, modals).
_NOT_PLAIN_VERBS = {"am", "was", "were", "are", "have", "has", "had", "do", "did", "does", "can", "will", "would",
                    "could", "should", "must", "may", "might", "shall", "just", "also", "still", "even", "only", "too",
                    "really", "already", "then", "now", "both", "all", "think", "guess", "mean"}
_VERB_THEN_ADVERB = re.compile(rf"\b(?P<who>I|[Ww]e)\s+(?P<verb>[a-z]+)\s+(?P<adverb>{_FREQUENCY})\b(?!\s*,)")


def in_english_order(text: str) -> str:
    """``text`` with "I drink always X" read as "I always drink X"."""
    def swapped(match: re.Match[str]) -> str:
        verb = match.group("verb")
        if verb in _NOT_PLAIN_VERBS or verb.endswith("ly") or verb.endswith("ed"):
            return match.group(0)
        return f"{match.group('who')} {match.group('adverb')} {verb}"
    return _VERB_THEN_ADVERB.sub(swapped, text)
