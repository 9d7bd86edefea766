"""A pet's name said beside the animal, not in a sentence about the name: "took the pup to the lake saturday.
Rosie wouldn't get out of the water", "Sergeant Biscuit, the dog my partner and I adopted last fall, ...",
"Mr Tumnus has been sick on the duvet. again. can't even be cross, that cat is the only one ...".

Why: people rarely say "my dog's name is Rosie". They say what the dog did, once by its kind ("the pup") and once
by its name. No single sentence holds both, so no sentence reader finds the name. This module pairs them, and
only where the pairing is plain:

* the message names one animal of the user's ("the dog", "our cat", "that cat", "the pup"; not "my sister's dog",
  not "his cat") and no animal of anyone else's;
* one name, in the animal's sentence or the one just before or after it, is its clause's subject and does what
  an animal does, not what a person does (a name that says, tells, texts, rings or thinks is a person: "took the
  dog to the vet. Sarah says he's fine" names no dog);
* or the name stands in apposition to the animal: "Sergeant Biscuit, the dog we adopted".

A name that another layer already read, a title-less name after a person word ("my friend Rosie"), a weekday, a
month or a well-known brand is never a pet's. The fact is the user's ``pet``, as "our dog is called X" gives.
"""
from __future__ import annotations

import re
from typing import Sequence

from memory_core.facts.candidate import Candidate
from memory_core.facts.change_cues import PERSON_PATTERN
from memory_core.facts.frame_words import ANIMALS, MONTHS, verb_shaped
from memory_core.facts.known_names import plainly_a_brand
from memory_core.facts.ledger import USER, normalize_value
from memory_core.facts.truecasing import usually_capitalised

_ANIMAL = r"(?:" + "|".join(re.escape(a) for a in sorted(ANIMALS, key=len, reverse=True) if a != "pet") + r")"
#: The user's animal by its kind: "the dog", "our cat", "that cat", "the pup", "a dog" asked about.
_USERS_ANIMAL = re.compile(rf"(?i)\b(?:the|my|our|that|this|a|me)\s+(?:(?:old|new|little|young|big|fat|lazy|daft|"
                           rf"silly|rescue)\s+)?{_ANIMAL}s?\b|"
                           # an animal praised in a superlative is one's own: "best dog in the world", "cutest cat ever"
                           rf"\b(?:best|goodest|sweetest|cutest|naughtiest|daftest|laziest|cleverest|smartest|fluffiest)\s+"
                           rf"(?:little\s+)?{_ANIMAL}\b(?!'?s?\s+(?:food|treats?|toys?|beds?|bowls?|insurance|walkers?|"
                           rf"sitters?|groomers?|trainers?|breeds?|names?|brands?))|"
                           # the things one buys for an animal one has: "any good cat food brands?", "the dog's bed"
                           rf"\b{_ANIMAL}(?:'s)?\s+(?:food|litter|flap|bowl|bed|toys?|treats?|carrier|insurance)\b")
#: Someone else's animal: "my sister's dog", "his cat", "the neighbour's dog", "Pepper, my neighbor's dog".
_OTHERS_ANIMAL = re.compile(rf"(?i)\b(?:his|her|their|your|(?:{PERSON_PATTERN})'s|neighbou?r'?s|[A-Z][a-z]+'s)\s+"
                            rf"(?:\w+\s+)?{_ANIMAL}s?\b")
#: A name (a title or two allowed, "Mr Tumnus", "Sergeant Biscuit") at the start of a clause, then a lowercase word.
_SUBJECT_NAME = re.compile(r"(?:^|[,;]\s+|\b(?:and|but|so|then|now|lol|again)\s+)"
                           r"(?P<name>(?:(?:Mr|Mrs|Miss|Ms|Sir|Lady|Lord|Captain|Sergeant|Sgt|Princess|Prince|Professor|"
                           r"Doctor|Little|Big|Old)\.?\s+)?(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?)"
                           r"(?='s\s+[a-z]|\s+[a-z])(?P<rest>\S*\s+\S+)")
#: What a person does and an animal does not: "Sarah says", "Tom texted", "Priya thinks".
_PERSON_VERB = re.compile(r"(?i)^(?:'s\s+)?\s*(?:\w+\s+)?(?:says|said|told|tells|texted|texts|rang|rings|called|calls|"
                          r"thinks|thought|asked|asks|emailed|wrote|replied|messaged|reckons|wants|drove|picked|"
                          r"booked|made|cooked|works|worked|came\s+over|is\s+coming|invited)\b")
#: Apposition: "Sergeant Biscuit, the dog my partner and I adopted", "Rosie, the pup we got in May".
_APPOSED = re.compile(rf"(?P<name>(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+)){{0,2}}),\s+(?:the|our|my)\s+(?:\w+\s+)?"
                      rf"{_ANIMAL}\s+(?:(?:that|who|which)\s+)?(?:i|we|my\s+\w+\s+and\s+i|\w+\s+and\s+i)\s+"
                      rf"(?:\w+\s+)?(?:adopted|got|rescued|have|had|brought\s+home|took\s+in|picked\s+up|bought)\b",
                      re.IGNORECASE)
#: Words that look like a name at a clause's start and are not one.
_NOT_A_NAME = re.compile(rf"(?i)^(?:the|a|an|my|our|this|that|these|those|it|he|she|they|we|i|you|his|her|their|"
                         rf"there|here|what|who|when|where|why|how|yes|no|ok|okay|oh|well|so|just|also|still|anyway|"
                         rf"today|tonight|tomorrow|yesterday|mate|lol|(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
                         rf"{MONTHS}|god|jesus|mum|mom|dad|nan|gran|grandma|grandpa|babe|honey)\b")
_PERSON_BEFORE = re.compile(rf"(?i)\b(?:{PERSON_PATTERN}|friend|mate|colleague|boss|neighbou?r|teacher|coach)\s+$")


#: How many sentences before or after the animal's its name may be said ("... Mr Tumnus has been sick on the duvet.
#: again. can't even be cross, that cat is ...": a one-word sentence between them).
_NEAR = 2


def _a_persons_slot(text: str, name: str) -> bool:
    """The name is said elsewhere in the message as a person is: "walked the dog with Tom", "Tom and I"."""
    said = re.escape(name)
    return bool(re.search(rf"\b(?:with|told|asked|texted|called|rang|met|me\s+and)\s+{said}\b|"
                          rf"\b{said}\s+and\s+(?:I|me)\b", text))


_A_DAY = re.compile(r"\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Weekdays?|Weekends?)\b")


def _subject_names(sentence: str, proper_nouns: frozenset[str] | None) -> list[str]:
    """Names that are a clause's subject and do what an animal may do. A one-word name at the sentence's start is
    capitalised by position, so it counts only when the parser tagged it a proper noun (or, with no parser, when
    English writes it with a capital): "Took the dog out" names no one."""
    names = []
    for match in _SUBJECT_NAME.finditer(sentence):
        name = match.group("name")
        if match.start("name") == 0 and " " in name and verb_shaped(name.split()[0]):
            continue  # "Buried Dotty under the apple tree": the first word is the verb, "I" dropped; no subject
        if _NOT_A_NAME.match(name) or plainly_a_brand(name) or _PERSON_VERB.match(sentence[match.end("name"):]):
            continue
        if _A_DAY.search(name):
            continue  # "Comes Monday to Friday": a verb and a day, no one's name
        if match.start("name") == 0 and " " not in name and not (
                name in proper_nouns if proper_nouns is not None else usually_capitalised(name)):
            continue
        if _PERSON_BEFORE.search(sentence[:match.start("name")]):
            continue
        names.append(name)
    return names


def pet_name_candidates(said: Sequence[str], candidates: Sequence[Candidate],
                        proper_nouns: frozenset[str] | None = None) -> list[Candidate]:
    """The user's pet's name, read from the sentences beside the animal's (at most one fact per message).
    ``proper_nouns``: the words the parser tagged as proper nouns (None: no parser)."""
    if any(c.op == "assert" and c.predicate in ("pet", "dog", "cat", "pet_name") for c in candidates):
        return []
    taken = {normalize_value(c.value) for c in candidates if c.value}
    whole = " ".join(said)
    for match in _APPOSED.finditer(whole):
        name = match.group("name")
        if not _NOT_A_NAME.match(name) and normalize_value(name) not in taken:
            return [Candidate("assert", USER, "pet", name, whole[max(0, match.start() - 80):match.end() + 40])]
    if _OTHERS_ANIMAL.search(whole):
        return []
    with_animal = [i for i, sentence in enumerate(said) if _USERS_ANIMAL.search(sentence)]
    if not with_animal:
        return []
    near = sorted({j for i in with_animal for j in range(i - _NEAR, i + _NEAR + 1) if 0 <= j < len(said)})
    names = {normalize_value(name): (name, said[j]) for j in near for name in _subject_names(said[j], proper_nouns)}
    names = {key: found for key, found in names.items() if key not in taken and not _a_persons_slot(whole, found[0])}
    if len(names) != 1:
        return []
    name, sentence = next(iter(names.values()))
    return [Candidate("assert", USER, "pet", name, sentence)]
