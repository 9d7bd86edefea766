"""A name that says what kind of thing it is, said in passing: "leg day at Anytime Fitness Dundee", "Ring
Nationwide Building Society re: the standing order", "all for the Loch Ness Marathon", "my Samsung Galaxy S21
battery is dying".

Why: people name their gym, bank, race, doctor or phone far more often in passing than in a sentence about it
("my gym is X"). No rule or tree shape reads the attribute there, because the sentence says nothing about it.
But the name does: a gym's name holds "Gym" or "Fitness", a bank's "Bank" or "Building Society", a race's
"Marathon". A doctor is named by the title "Dr", in words of a medical visit. A phone is named by its maker or its
line. A place is named by what the user does there: "yoga at Lotus Tree Yoga" is where they do yoga (held under
the activity, as "I go to spin at Cyclebox" is by the parse). This module reads that, and nothing else: a fact is
made only

* for a name whose own words give its kind (``KINDS``; a doctor also needs a visit's words in the sentence), or a
  language said with the words of learning one ("on duolingo", "homework", "class"),
* in a sentence that is the user's: first person, or a note with no subject of its own ("Ring X re: fees");
  not someone else's ("my sister's gym", "Tom's bank"), not asked, denied, hedged or ended ("cancelled X": a
  change, read by ``changes``), nor compared ("than", "vs"),
* where no other layer read a fact with that name (their attribute wins).

The fact is held under the kind's concept (``attributes.CONCEPTS``: "gym", "bank", "race", "doctor", "phone",
"language"), so a later change that names the same kind meets it.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Sequence

from memory_core.facts.candidate import Candidate
from memory_core.facts.change_cues import PERSON_PATTERN, about_someone_else
from memory_core.facts.changes import says_an_ending
from memory_core.facts.cues import ENDING, FIRST_PERSON, HEDGE, NEGATION, values_of_shape
from memory_core.facts.frame_words import DEVICES, without_opening_verb
from memory_core.facts.ledger import USER, normalize_value
from memory_core.facts.lexicon import kind_of

#: Words inside a name that say its kind (the concept it is held under).
KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("gym", re.compile(r"(?:Gym|\bFitness|\bLeisure\s+Cent(?:re|er)|\bHealth\s+Club)\b")),
    ("bank", re.compile(r"\b(?:Bank|Building\s+Society|Credit\s+Union)\b")),
    ("race", re.compile(r"\b(?:Marathon|Half|Triathlon|Ultra|10[Kk])\b|\b[A-Z]\w+\s+Run$")),
)
#: A doctor is "Dr X" said with the words of a visit to one (a title alone is a dentist or a vet as often).
_DOCTOR_TITLE = re.compile(r"^Dr\.?\s+[A-Z]")
_VISIT = re.compile(r"(?i)\b(?:appt|appointment|surgery|gp|jabs?|vaccin\w*|prescription|practice|clinic|check-?up|"
                    r"referral|blood\s+(?:test|results)|registered\s+with|booked\s+(?:in\s+)?with|seeing)\b")
#: Someone else's, said before the name in its clause ("my sister's gym is X", "Tom's bank") or just before it
#: ("at his gym X"; not "gave me her entry for the X").
_OWNER_BEFORE = re.compile(r"(?i)\b(?:his|her|their|your)\s+(?:[\w-]+\s+){0,2}$|\b(?:" + PERSON_PATTERN + r")'s\b|"
                           r"(?-i:\b(?!It|That|There|Here|What|Who|He|She)[A-Z][a-z]+'s\b)")
#: A comparison: which of the names holds is the changes' to read ("X is better value for money than Y Gym").
_COMPARED = re.compile(r"(?i)\b(?:than|vs\.?|versus|compared)\b")
#: Words of learning a language: said beside one, the language is the one being learned.
_LEARNING = re.compile(r"(?i)\b(?:duolingo|lessons?|class(?:es)?|learning|studying|revising|practi[cs]ing|vocab|"
                       r"homework|tutor|course|flashcards|grammar|verbs|conjugat\w+|streak)\b")
#: An activity said just before "at" and a name: the name is where it is done ("yoga at Lotus Tree Yoga tonight",
#: "swimming lessons at Bramley Baths").
_ACTIVITY_AT = re.compile(r"(?i)\b(?P<words>(?:[a-z-]+\s+){1,3})at\s+(?:the\s+)?$")
_SESSION_WORDS = {"lesson", "lessons", "class", "classes", "session", "sessions", "practice", "training", "club"}
#: How far before a name its owner, its activity or its clause's start is looked for: a clause's worth. Each name
#: looks back this far, never to the sentence's start, so a pasted megabyte costs linear time, not quadratic.
_LOOK_BACK = 200
#: A race run, said just before its name: done, not the one trained for ("Ran the Bath Half this morning").
_RACE_DONE = re.compile(r"(?i)\b(?:ran|did|finished|completed|raced|smashed)\s+(?:the\s+|my\s+|a\s+)?$")
#: A note with no subject of its own, as people write to themselves: "Ring X re: fees", "Gym bag in car".
_NOTE_OPENING = re.compile(r"(?i)^\W*(?:ring|call|phone|email|book|get|pay|ask|check|remind|remember|cancel|"
                           r"sort|bring|take|drop|pick|post|text)\b")


#: Said of a car the user has: "my Kia Niro", "the Ford Focus", or the sentence's start ("Skoda Octavia due for MOT").
_THE_USERS_BEFORE = re.compile(r"(?i)(?:^\W*|\b(?:my|our|the)\s+)$")


def _kind(name: str, sentence: str, at: int) -> str | None:
    for concept, words in KINDS:
        if words.search(name):
            return concept
    done_there = _ACTIVITY_AT.search(sentence[max(0, at - _LOOK_BACK):at])
    if done_there:  # "yoga at Lotus Tree Yoga": where the user does yoga
        words = done_there.group("words").lower().split()
        while words and words[-1] in _SESSION_WORDS:
            words.pop()  # "swimming lessons at X": swimming
        for said in (" ".join(words[-2:]), " ".join(words[-1:])):  # "rock climbing", "climbing"
            if said and kind_of(said) == "hobby":
                return said
    if _DOCTOR_TITLE.match(name) and _VISIT.search(sentence):
        return "doctor"
    words = name.lower().split()
    if len(words) < 2:
        return None
    kind = DEVICES.get(words[0]) or DEVICES.get(words[1])  # "Pixel 8"; "Samsung Galaxy S21" is named by "Galaxy"
    if kind == "car" and not _THE_USERS_BEFORE.search(sentence[max(0, at - 12):at]):
        return None  # "a Ford Focus cut me up": any car on the road; "the Ford Focus wouldn't start" is the user's
    return kind


def _users(sentence: str) -> bool:
    """A sentence of the user's own life: first person, a note to self, or one that names no third person; not
    someone else's news, not asked, denied, hedged, ended or compared."""
    if sentence.rstrip().endswith("?") or NEGATION.search(sentence) or HEDGE.search(sentence) or \
            ENDING.search(sentence) or says_an_ending(sentence) or _COMPARED.search(sentence) or \
            about_someone_else(sentence):
        return False
    return bool(FIRST_PERSON.search(sentence) or _NOTE_OPENING.match(sentence)
                or not re.search(r"(?i)\b(?:he|she|they|his|her|their)\b", sentence))


def _named(sentence: str) -> list[tuple[int, str, bool]]:
    """(where, name, is a language being learned) for the names of a sentence, and its languages said with the
    words of learning one ("day 212 on duolingo doing Scottish Gaelic")."""
    names = [(at, name, False) for at, name in values_of_shape(sentence, "name")]
    if _LEARNING.search(sentence):
        names += [(at, language, True) for at, language in values_of_shape(sentence, "language")]
    return names


def _kind_names(sentence: str) -> list[tuple[int, str, str]]:
    """(where, name, concept) for each name of the sentence that says its kind."""
    found = []
    for at, name, language in _named(sentence):
        if language:
            found.append((at, name, "language"))
            continue
        opening = _NOTE_OPENING.match(name) if at == 0 else None
        if opening:  # "Ring Nationwide Building Society": the note's verb, then the name
            name = name[opening.end():].strip()
            at += opening.end()
        shortened = without_opening_verb(name, at)  # "Tried The Gym Group on a day pass"
        at, name = at + len(name) - len(shortened), shortened
        concept = _kind(name, sentence, at) if name else None
        if concept is not None:
            found.append((at, name, concept))
    return found


def _left_alone(name: str, concept: str, before: str, taken: set[str]) -> bool:
    """A name this module must not read: a kind word alone ("Marathon" of "berlin Marathon"), a name inside a
    value another layer read, someone else's, or a race already run."""
    clause = re.split(r"[,;:]|\s-\s", before)[-1]
    words = set(normalize_value(name).split())
    if concept == "language":
        return normalize_value(name) in taken or bool(_OWNER_BEFORE.search(before))
    said_by_its_name = any(concept == kind for kind, _ in KINDS)
    return (said_by_its_name and len(words) < 2) or any(words <= set(value.split()) for value in taken) or \
        bool(_OWNER_BEFORE.search(clause)) or (concept == "race" and bool(_RACE_DONE.search(clause)))


def kind_name_candidates(said: Sequence[str], candidates: Sequence[Candidate]) -> list[Candidate]:
    """Facts of names that say their kind, in sentences of the user's where no layer read that name."""
    taken = {normalize_value(c.value) for c in candidates if c.value}
    found: list[Candidate] = []
    for sentence in said:
        if not _users(sentence):
            continue
        named = _kind_names(sentence)
        kinds = Counter(concept for concept, _ in {(c, normalize_value(n)) for _, n, c in named})
        for at, name, concept in named:
            if kinds[concept] > 1:
                continue  # two of one kind ("a Nokia G42 in exchange for my Galaxy S23"): a switch, the changes'
            if _left_alone(name, concept, sentence[max(0, at - _LOOK_BACK):at], taken):
                continue
            taken.add(normalize_value(name))
            found.append(Candidate("assert", USER, concept, name, sentence))
    return found
