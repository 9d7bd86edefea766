"""A name typed in lower case, read whole.

Truecasing (facts/truecasing.py) gives a capital to the words of a lower-case message that read as names on their
own: rare words ("lotus", "canin", "kelly", "acorns"). A name made of that word and common ones kept only the one
word, since every layer reads a name as its run of capitals: "yoga at lotus tree yoga" held "Lotus", "biscuit
only eats royal canin renal" held "Canin", "in car with rob kelly" held "Kelly", "going to nursery little
acorns" held "Acorns". Letter case cannot say where such a name starts and ends; the parse can: the name is the
noun the restored word modifies, with the other words that modify it ("Lotus tree yoga", "royal Canin renal",
"rob Kelly", "the great North run"), and a name joined by "&" goes on past it ("Toni & guy").

Only a value whose capitals truecasing gave is widened: a writer who capitalises delimits their names
themselves ("the Arsenal game" is Arsenal's game). Words that say what the thing or person is to the user stay
out of the name, as they do when it is written with capitals: "my sister jane" is Jane, "our dog biscuit"
Biscuit, "nursery little acorns" Little Acorns; and so does a noun the name is only said of ("the arsenal game",
"my nationwide app").
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Sequence

from memory_core.facts.frame_words import (ANIMALS, DEVICES, EVENT_NOUNS, PART_NOUNS, RELATIONS, WIDER_RELATIONS,
                                          WORK_NOUNS)
from memory_core.facts.parse_tokens import ParsedSentence, Token

#: Dependencies of the words that modify a noun as part of its name.
_NAME_PARTS = frozenset({"compound", "amod", "nmod", "nummod", "npadvmod"})
#: Nouns a name is said of, not part of it: its parts, events and works ("the dyson battery", "the wimbledon final",
#: the words of frame_words), and what the user has of a provider or a club ("the arsenal game", "my nationwide
#: app", "the octopus bill", "the park run results").
_OF_THE_NAME = PART_NOUNS | EVENT_NOUNS | WORK_NOUNS | frozenset(
    "game match bill app account card statement contract order delivery parcel prescription appointment appt "
    "booking membership subscription renewal price fee practice rehearsal session class lesson shift email letter "
    "text call website site ticket team kit shirt shopping lunch dinner breakfast trip day night weekend week month "
    "year time today tonight tomorrow".split())
#: Words that say who or what the named one is to the user ("my sister jane", "our dog biscuit", "my mechanic
#: murdo", "nursery little acorns"): the name is what follows them, as it is when written with capitals.
_WHO_OR_WHAT = frozenset(RELATIONS) | WIDER_RELATIONS | frozenset(ANIMALS) | frozenset(DEVICES) | frozenset(
    "friend mate boss manager colleague partner neighbour neighbor gp vet nursery school gym club band choir team "
    "group pub restaurant takeaway cafe shop supermarket bank provider network supplier garage brand teacher doctor "
    "dentist nurse coach tutor therapist physio counsellor counselor mechanic plumber builder cleaner hairdresser "
    "barber solicitor accountant optician podcast show film movie book author artist singer".split())
#: Words about the named one or the message, never part of a name: "bad news bean & bramble has shut down", "my
#: old friend priti", "my favourite band radiohead".
_SAID_ABOUT_IT = frozenset("bad good sad lovely nice awful terrible amazing brilliant fab usual local same whole news "
                           "update reminder question note fyi favourite favorite fave old new".split())
#: A name's last word may say what kind of place or group it is ("Riverside rock choir", "Lotus tree yoga"), not
#: who: "the Kelly brothers" are people, "the Biscuit dog" a dog.
_PEOPLE_AND_ANIMALS = frozenset(RELATIONS) | WIDER_RELATIONS | frozenset(ANIMALS) | frozenset(
    "friend friends mate mates family brothers sisters kids boys girls lads".split())
_WORD = re.compile(r"[A-Za-z][\w'-]*")


def _restored(value: str, typed: str) -> bool:
    """Whether the value's capitals are truecasing's: each of its capitalised words the user typed only in lower
    case."""
    capitalised = [word for word in _WORD.findall(value) if word[:1].isupper()]
    return bool(capitalised) and all(
        re.search(rf"\b{re.escape(word.lower())}\b", typed) and not re.search(rf"\b{re.escape(word)}\b", typed)
        for word in capitalised)


def _value_span(tree: ParsedSentence, value: str) -> tuple[int, int] | None:
    """The tokens ``value`` is, as (first, last) indices, or None."""
    words = [token.text for token in tree.tokens]
    wanted = value.split()
    for start in range(len(words) - len(wanted) + 1):
        if words[start:start + len(wanted)] == wanted:
            return start, start + len(wanted) - 1
    return None


def _not_of_a_name(word: str) -> bool:
    """A word that says who or what the named one is, or something about it, never a word of its name."""
    word = word.lower()
    return word in _WHO_OR_WHAT or word in _SAID_ABOUT_IT


def _said_of_the_name(word: str) -> bool:
    word = word.lower()
    return word in _OF_THE_NAME or word.removesuffix("s") in _OF_THE_NAME or word in _PEOPLE_AND_ANIMALS


def _part_of_name(token: Token, head: int) -> bool:
    """A word that modifies ``head`` as a word of its name: not a determiner, possessive or number (the parse's
    tags), nor a word that says who or what the named one is."""
    return token.head == head and token.dep in _NAME_PARTS and token.tag not in ("DT", "PRP$", "POS", "CD") and \
        token.text[:1].isalpha() and not _not_of_a_name(token.text)


def whole_name(tree: ParsedSentence, value: str) -> str | None:
    """The whole lower-case name ``value`` is a word of, as the parse joins it, or None when it is already whole."""
    span = _value_span(tree, value)
    if span is None:
        return None
    tokens = tree.tokens
    first, last = span
    head = last
    # rightwards: the restored word modifies a noun after it, and the words between modify that noun too
    # ("Lotus tree yoga", "the great North run", "the Riverside rock choir")
    if tokens[last].dep in _NAME_PARTS and tokens[last].head > last:
        noun = tokens[last].head
        between = range(last + 1, noun)
        if all(_part_of_name(tokens[i], noun) for i in between) and tokens[noun].tag.startswith("NN") and \
                not _said_of_the_name(tokens[noun].text):
            last, head = noun, noun
    # leftwards: the other words that modify the same noun ("royal Canin", "rob Kelly", "little Acorns")
    while first > 0 and _part_of_name(tokens[first - 1], head):
        first -= 1
    # a name joined by "&": "Toni & guy", "moss & Reid"
    if last + 2 < len(tokens) and tokens[last + 1].text == "&" and tokens[last + 2].text[:1].isalpha() and \
            not _not_of_a_name(tokens[last + 2].text):
        last += 2
    if (first, last) == span:
        return None
    return tree.text[tokens[first].idx:tokens[last].idx + len(tokens[last].text)]


@dataclass(frozen=True)
class LowerCaseNames:
    """A message's parse and its text as typed: what reads a value truecasing cut short as the whole name, for the
    rules' and the parse's facts and for a change's new value alike (empty for a message typed with capitals)."""

    trees: tuple[ParsedSentence, ...] = ()
    typed: str = ""

    def whole(self, value: str | None, evidence: str = "") -> str | None:
        """``value``, or the whole lower-case name it is a word of, read where it is said: in the tree of its
        ``evidence`` when that holds it, else the first that does ("Istanbul" of "istanbul grill is in a different
        league" is "Istanbul grill")."""
        if not value or not self.trees or not _restored(value, self.typed):
            return value
        said = sorted((tree for tree in self.trees if _value_span(tree, value) is not None),
                      key=lambda tree: not (evidence and evidence in tree.text))
        return (whole_name(said[0], value) or value) if said else value

    def candidates(self, candidates: Sequence) -> list:
        """The candidates, each asserted value read whole."""
        return [replace(c, value=self.whole(c.value, c.evidence)) if c.op == "assert" else c for c in candidates]
