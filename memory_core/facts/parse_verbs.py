"""Verbs that name the attribute of their object: "train for" a race, "bank with" a bank, "drive" a car.

General English verbs and their prepositions, mapped to attribute words that
``attributes.canonical_predicate`` turns into the shared concepts, so a fact the
parse finds lands on the same slot as the rules' and frames' ("work at" -> employer).
Keys are the verb's lemma, its particle, then its preposition ("wake up at").
"""
from __future__ import annotations

import re

from memory_core.facts.attributes import concept_of
from memory_core.facts.frame_words import DIETS, LANGUAGES, RELATIONS
from memory_core.facts.lexicon import kind_of

#: Verbs of ending as attributes read from a parse: what they govern stopped being the user's, which the changes
#: read; never a fact of its own ("I have given up on the Brighton Marathon" is no "gives up on" fact).
ENDING_VERBS = {"give_up", "give_up_on", "quit", "leave", "cancel", "drop", "ditch", "stop", "sell", "step_down",
                "step_down_from", "pack_in", "bin", "dump", "scrap", "retire", "lose", "bow_out_of", "walk_away_from",
                # as the parse fallback names a verb with its preposition, the particle dropped: "give_on"
                "give_on", "step_from", "bow_of", "walk_from", "drop_out", "drop_out_of"}

_DIET = re.compile(rf"(?i)^{DIETS}$")

VERB_ATTRIBUTES: dict[str, str] = {
    # home and work
    "live in": "home", "live at": "home", "reside in": "home", "stay in": "home", "be base in": "home",
    "settle in": "home", "start at": "employer", "begin at": "employer", "start with": "employer",
    "work at": "employer", "work for": "employer", "work with": "employer", "intern at": "employer",
    "work as": "job title", "train as": "job title", "serve as": "job title",
    "study at": "university", "study": "subject studied", "major in": "subject studied",
    "report to": "manager",
    # providers
    "bank with": "bank", "bank at": "bank", "insure with": "insurer", "shop at": "supermarket",
    "shop in": "supermarket", "train at": "gym", "work out at": "gym", "exercise at": "gym", "climb at": "gym",
    "swim at": "gym", "go to": "", "see": "", "register with": "doctor",
    # things used
    "drive": "car", "ride": "bike", "use": "", "type on": "laptop", "code on": "laptop", "work on": "",
    "commute by": "commute", "commute on": "commute", "commute with": "commute", "cycle to": "",
    # activities and goals
    "train for": "race", "prepare for": "race", "run in": "race", "race in": "race",
    "learn": "language", "study for": "exam", "practise": "instrument", "practice": "instrument",
    "play": "instrument",
    "play in": "band", "sing in": "band", "drum in": "band", "play with": "band", "play for": "team",
    "sign for": "team", "turn out for": "team",
    "support": "team", "root for": "team", "follow": "",
    "volunteer at": "volunteering", "volunteer for": "volunteering", "volunteer with": "volunteering",
    # schedules and dates
    "wake up at": "wake-up time", "get up at": "wake-up time", "wake at": "wake-up time", "rise at": "wake-up time",
    "go to bed at": "bedtime", "sleep at": "bedtime",
    "marry on": "anniversary", "celebrate on": "anniversary",
}


#: Verb phrases that name the attribute only without an object ("I start at Y" is a job; "I started
#: Japanese classes at Y" is not).
WITHOUT_OBJECT = {"start at", "begin at", "start with", "work with", "play with", "settle in", "stay in"}


def verb_attribute(verb_phrase: str, has_object: bool = False) -> str | None:
    """The attribute a verb phrase names, None when it names none (an empty entry: the verb is too general)."""
    if has_object and verb_phrase in WITHOUT_OBJECT:
        return None
    return VERB_ATTRIBUTES.get(verb_phrase) or None


def value_kind(value: str) -> str | None:
    """The attribute a value names by itself ("vegan" a diet, "tennis" a hobby), if the lexicons know it."""
    if _DIET.match(value.strip()):
        return "diet"
    return kind_of(value)


#: Musical instruments: learning one is learning an instrument, not a generic skill.
INSTRUMENTS = {"piano", "guitar", "bass", "bass guitar", "electric guitar", "acoustic guitar", "ukulele", "uke",
               "violin", "viola", "cello", "double bass", "drums", "drum kit", "flute", "clarinet", "oboe",
               "bassoon", "saxophone", "sax", "trumpet", "trombone", "tuba", "french horn", "harp", "banjo",
               "mandolin", "accordion", "harmonica", "keyboard", "keys", "synth", "organ", "recorder", "bagpipes",
               "sitar", "tabla", "djembe", "bodhrán", "bodhran", "fiddle", "lute", "marimba", "xylophone"}


def refine_by_value(attribute: str, value: str, definite: bool = False) -> str:
    """"learn" names a language only when its object is one, an instrument when it is one ("learning the ukulele"),
    "play" an instrument unless the value is a known sport or game; otherwise the value's own kind, or a skill.
    ``definite``: the object had "the": one plays *the* cello but plays chess, Catan or Fortnite, so "play"
    without it and with no instrument named is a game."""
    kind = value_kind(value)
    said = re.sub(r"(?i)^(?:the|a|an|my)\s+", "", value.strip()).lower()
    if attribute == "language":
        if said in LANGUAGES:
            return "language"
        return "instrument" if said in INSTRUMENTS else (kind or "skill")
    if attribute == "instrument" and not kind and not definite and said not in INSTRUMENTS:
        return "game"
    return kind or attribute


#: People and providers a casual note names by role ("landlord (Mr Hargreaves)"), beyond the relations.
ROLE_WORDS = {"landlord", "landlady", "flatmate", "roommate", "housemate", "neighbour", "neighbor", "colleague",
              "coworker", "boss", "manager", "therapist", "counsellor", "counselor", "physio", "trainer", "coach",
              "tutor", "teacher", "gp", "doctor", "dentist", "vet", "barber", "hairdresser", "cleaner", "nanny",
              "babysitter", "accountant", "lawyer", "mechanic", "bf", "gf", "boyfriend", "girlfriend", "fiance",
              "fiancé", "fiancee", "ex", "mentor", "supervisor", "partner", "wife", "husband"}


def known_role(word: str) -> bool:
    """A word for someone in the user's life, or for a provider the concept lexicon knows."""
    return word in ROLE_WORDS or word in RELATIONS or concept_of(word) is not None
