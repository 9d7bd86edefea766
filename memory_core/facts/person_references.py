""""He" and "she" read as the user's someone the sentence before was about.

People name someone once and go on with a pronoun: "My brother says enough is enough with being a barber. He's a
taxi driver now", "My Tatay stopped fishing. He joined a ballroom dancing group instead". The rules, frames and parse
read the brother's work from "my brother is a ...", and a pronoun names nobody. So the reading puts the person back:
a sentence that opens with "he" or "she" right after a sentence that opens with one of the user's people ("my
brother", "Mummy", "my Tatay", "our dog") opens with that person instead, when the pronoun fits them (a brother is
"he"; a partner or a friend either) and nobody else is named between. "My dad's friend rang. He ..." is the friend
(the kin word is a possessive there), "My sister met Tom. He ..." is Tom's: neither is read. Runs after
``place_references``; the stored message is never changed.
"""
from __future__ import annotations

import re

from memory_core.facts.cues import calendar_word
from memory_core.facts.frame_words import ANIMALS, HE_KIN, KIN_AS_NAMES, RELATIONS, SHE_KIN

_EITHER = frozenset(("partner", "other half", "friend", "best friend", "bestie", "best mate", "mate", "pal", "cousin",
                     "boss", "manager", "flatmate", "housemate", "roommate", "neighbour", "neighbor", "child", "kid",
                     *ANIMALS))
_PEOPLE = sorted(HE_KIN | SHE_KIN | _EITHER | set(RELATIONS), key=len, reverse=True)
_MODIFIER = r"(?:(?:little|big|older|younger|elder|twin|baby|wee|oldest|youngest|eldest)\s+)?"
#: People of someone's beyond ``_PEOPLE`` (plurals, other roles) and the words before one: "my dad's friend rang.
#: He ..." may be the friend, "my dad's new girlfriend ... She" the girlfriend.
_OTHER_PEOPLE = (r"friends|mates|pals|colleagues?|neighbou?rs|neighbors?|teachers?|coach|doctor|nurse|carer|"
                 r"lads|girls|guys|kids|children|family|people|students?|clients?|patients?|team|ex|fianc[eé]e?|"
                 r"best|new|old|other|young|little|oldest|eldest|youngest")
#: A sentence that opens with the user's someone as its subject: "My brother says", "my Tatay stopped", and with no
#: "my" only a word for mum or dad ("Mummy has"; "Lab results came back" names no one);
#: not a possessive ("My dad's friend", though "My dad's retired" is the dad: 's before a verb's participle or
#: "been"/"got" is "has"/"is").
_OPENS_WITH_SOMEONE = re.compile(
    r"(?i)(?:^|(?<=[.!?]\s)|(?<=\n))\s*(?:(?:ok|okay|right|um|so|and|oh|well|btw|also|anyway|update)\s*,?\s+){0,2}"
    r"(?P<who>(?:my|our|ma|me)\s+" + _MODIFIER + r"(?P<kin>" + "|".join(re.escape(p) for p in _PEOPLE) +
    r")|(?P<bare>" + "|".join(KIN_AS_NAMES) + r"))(?-i:\s+[A-Z][a-z]+)?"
    r"(?P<after>\s+(?!(?:and|or|&)\b)[a-z]+|'s\s+(?:been|got|just|now|finally|[a-z]+ed)\b|"
    # the someone's thing, not another person of theirs: "Daddy's birthday is coming up. He ..." is Daddy
    r"'s\s+(?!(?:" + "|".join(re.escape(p) for p in _PEOPLE) + r"|" + _OTHER_PEOPLE + r")\b)[a-z]+\b)")
#: The pronoun that opens the next sentence, with the verb after it kept as typed.
_PRONOUN = re.compile(r"(?P<pronoun>[Hh]e|[Ss]he)\b(?!-)")
#: A capitalised word or run of them ("Tom", "Our Lady of Lourdes"), and the words before it that make it a place, a
#: firm or the someone's own name ("a job at Tesco", "moved to Leeds", "is called Pickle") rather than someone else
#: the pronoun may stand for ("met Tom", "Sarah and I").
_CAPITALISED = re.compile(r"\b[A-Z][\w'’-]*(?:\s+(?:of\s+|the\s+|de\s+)?[A-Z][\w'’-]*)*")
_NOT_SOMEONE_ELSE = re.compile(r"(?i)(?:\b(?:at|in|to|from|near|for|into|on|of|called|named|is|was|'s)\s+|[.!?]\s+)$")
_THE_USER = frozenset(("I", "I'm", "I've", "I'd", "I'll"))


def _someone_else_named(between: str) -> bool:
    """A one-word name in ``between`` that is no place, firm or the someone's own name."""
    for match in _CAPITALISED.finditer(between):
        if " " in match.group() or match.group() in _THE_USER or calendar_word(match.group()):
            continue
        if not _NOT_SOMEONE_ELSE.search(between[:match.start()]):
            return True
    return False


#: A sentence's end: its stop, or a line break (a message of short lines).
_SENTENCE_END = re.compile(r"[.!?]+[\"')\]]*\s+|\s*\n\s*")


def _fits(kin: str, pronoun: str) -> bool:
    """"he" for a brother, "she" for a sister, either for a partner, a friend or a pet."""
    kin = kin.lower()
    return kin not in HE_KIN | SHE_KIN or (kin in HE_KIN) == (pronoun.lower() == "he")


def person_references(text: str) -> str:
    """``text`` with a sentence-opening "he"/"she" read as the user's someone of the sentence before (else as
    it is)."""
    out, done = [], 0
    for match in _OPENS_WITH_SOMEONE.finditer(text):
        if match.start() < done:
            continue
        end = _SENTENCE_END.search(text, match.end())
        if end is None:
            continue
        following = end.end()
        pronoun = _PRONOUN.match(text, following)
        if pronoun is None or not _fits(match.group("kin") or match.group("bare"), pronoun.group("pronoun")):
            continue
        between = text[match.start("after"):following]
        if _someone_else_named(between):
            continue  # "My sister met Tom. He ...": the pronoun may be Tom
        who = match.group("who")
        opening = who[:1].upper() if pronoun.group()[:1].isupper() else who[:1].lower()  # typed as the pronoun was
        out.append(text[done:following] + opening + who[1:])
        done = pronoun.end()
    return "".join(out) + text[done:] if out else text
