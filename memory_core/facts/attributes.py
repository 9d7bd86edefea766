"""What an attribute *is*, so two wordings of one attribute resolve to the same slot.

An open-domain extractor names attributes the way the user did ("running club",
"GP", "ride"). Supersession needs to know that "club" and "running club" are one
attribute, that "GP" and "family doctor" are one, and that "book club" and
"running club" are two. Sameness here is by meaning, in two steps:

1. a small concept lexicon maps the common nouns and verbs people use for the
   same thing onto one concept (``doctor`` <- GP, physician, family doctor);
2. for everything the lexicon does not know, word overlap: one attribute's
   content words contained in the other's ("club" in "running club") is the
   same attribute; two different modifiers ("book club", "running club") are not,
   and an unknown attribute matches a concept only if all its words are the
   concept's words ("book club" is not the concept "club" of "running club").

The similarity is the share of the shorter attribute's words found in the
longer one; ``SAME_ATTRIBUTE_THRESHOLD`` was chosen on the dev attribute pairs
in ``tests/memory_core/facts/test_attributes.py`` (1.0: a partial overlap such as
"book club"/"running club" scores 0.5 and must not merge).
"""
from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass

SAME_ATTRIBUTE_THRESHOLD = 1.0


@dataclass(frozen=True)
class Concept:
    category: str
    label: str
    words: tuple[str, ...]


#: Concepts with the nouns people use for them (single-valued per subject).
CONCEPTS: dict[str, Concept] = {
    "car": Concept("possession", "car", ("car", "vehicle", "auto", "truck", "suv")),
    "phone": Concept("possession", "phone", ("phone", "mobile", "cell", "cellphone", "smartphone", "mobile phone")),
    "laptop": Concept("possession", "laptop", ("laptop", "computer", "notebook", "pc", "macbook", "thinkpad")),
    "bike": Concept("possession", "bike", ("bike", "bicycle", "e-bike")),
    "doctor": Concept("health", "doctor", ("doctor", "gp", "physician", "family doctor", "general practitioner")),
    "dentist": Concept("health", "dentist", ("dentist",)),
    "school": Concept("provider", "school", ("school", "primary school", "elementary school", "high school",
                                             "middle school", "secondary school", "academy", "nursery")),
    "diet": Concept("health", "diet", ("diet", "eating")),
    "gym": Concept("provider", "gym", ("gym", "gym membership", "membership", "fitness club")),
    "bank": Concept("provider", "bank", ("bank", "banks", "checking account", "bank account", "account", "banking",
                                         "current account", "savings account", "salary", "money")),
    "internet": Concept("provider", "internet provider", ("internet", "internet provider", "broadband",
                                                          "internet service provider", "wifi", "wi-fi", "home internet")),
    "manager": Concept("work", "manager", ("manager", "boss", "supervisor", "line manager", "team lead")),
    "works_at": Concept("work", "employer", ("employer", "company", "workplace", "gig", "firm")),
    # "job" is what the user does ("my job is nursing"); a named employer said as the job is the employer's, see
    # ``attribute_predicate``
    "job_title": Concept("work", "job title", ("title", "role", "position", "job title", "job", "occupation",
                                               "profession", "line of work")),
    "band": Concept("activity", "band", ("band",)),
    "club": Concept("activity", "club", ("club", "running club", "clubs", "running crew", "running group")),
    "race": Concept("plan", "goal race", ("race", "goal race", "marathon")),
    "language": Concept("activity", "language being learned", ("language", "learning", "language learning")),
    "hobby": Concept("activity", "hobby", ("hobby", "main hobby", "sport", "activity", "exercise")),
    "coffee": Concept("preference", "coffee", ("coffee", "coffee order")),
    "drink": Concept("preference", "favorite drink", ("drink", "favorite drink", "go-to drink",
                                                      "favourite drink")),
    "music": Concept("preference", "favorite music", ("music", "favorite music", "favourite music", "genre",
                                                      "playlist", "playlists", "kind of music")),
    "wake_time": Concept("schedule", "wake-up time", ("wake-up time", "wake up time", "alarm", "wake time")),
    "work_start": Concept("schedule", "work start time", ("work start time", "start time", "shift start",
                                                          "starting time", "start of work", "shift start time")),
    "anniversary": Concept("people", "anniversary", ("anniversary", "wedding anniversary")),
    "dentist_appointment": Concept("plan", "dentist appointment", ("dentist appointment", "dental checkup",
                                                                   "dental appointment", "next dental checkup",
                                                                   "dental check-up", "check-up", "checkup")),
    "team": Concept("preference", "team supported", ("team", "football team", "club supported", "side", "allegiance",
                                                     "loyalty")),
    "vet": Concept("provider", "vet", ("vet", "vets", "veterinarian", "veterinary surgeon")),
    "barber": Concept("provider", "barber", ("barber", "hairdresser", "stylist", "hair stylist", "hairstylist")),
    "insurance": Concept("provider", "insurer", ("insurance", "insurer", "car insurance", "insurance company",
                                                 "home insurance", "insurance provider")),
    "streaming": Concept("provider", "streaming service", ("streaming", "streaming service", "subscription",
                                                           "streaming subscription", "tv subscription", "telly",
                                                           "tv", "television", "streaming services")),
    "garage": Concept("provider", "garage", ("garage", "mechanic", "car garage", "body shop", "auto shop",
                                             "car mechanic", "repair shop")),
    "landlord": Concept("provider", "landlord", ("landlord", "landlady", "letting agent", "letting agency",
                                                 "letting agents", "property manager", "property management")),
    # (not "savings", "ISA" or "pension" alone: "my ISA and current account are with Nationwide" is the bank)
    "savings_provider": Concept("provider", "savings provider", ("savings provider", "pension provider", "pension pot",
                                                                 "ira", "roth ira", "401k", "rrsp", "tfsa",
                                                                 "investment account", "retirement account")),
    "commute": Concept("schedule", "commute", ("commute", "way to work", "ride to work")),
    "trip": Concept("plan", "trip", ("trip", "holiday", "vacation", "travel plan")),
    "lives_in": Concept("home", "home", ("home", "city", "hometown", "place", "address")),
}

#: Concepts whose kinds are still the one attribute ("covers band", "electric car", "work phone"); not "club"
#: ("book club" is no running club) nor "doctor" ("eye doctor" is no GP).
HEAD_CONCEPTS = {"band", "car", "phone", "laptop", "gym", "bank", "internet", "diet", "coffee"}

_WORD_TO_CONCEPT: dict[str, str] = {}
for _name, _concept in CONCEPTS.items():
    _WORD_TO_CONCEPT[_name.replace("_", " ")] = _name
    for _word in _concept.words:
        _WORD_TO_CONCEPT[_word] = _name

#: Words that qualify an attribute without changing what it is ("my new gym", "my current phone").
_QUALIFIERS = {"new", "current", "usual", "old", "main", "regular", "own", "favorite", "favourite", "go-to",
               "daily", "present", "latest", "actual", "the", "a", "an", "my", "our", "real",
               # whose or what for, not what: "our family car" is the car, "my work laptop" the laptop
               "family", "personal", "work", "trusty", "everyday", "little", "beloved", "home"}
_LINK_WORDS = {"in", "at", "of", "for", "to", "on", "with", "by"}
#: The parse fallback's families (``parse_fallback``): a thing named by the noun or the verb that governs it.
NAMED_FAMILIES = ("named:", "named_act:")
_FAMILY_PREFIXES = ("owns:", "favorite:", "schedule:", "plan:", *NAMED_FAMILIES)


def from_parse_fallback(predicate: str | None) -> bool:
    """A predicate the parse fallback made: its attribute is the user's governing word, compared by its words."""
    return bool(predicate) and predicate.startswith(NAMED_FAMILIES)


FAVORITE = "favorite:"

#: British and American spellings of one word ("favourite writer" is "favorite writer").
SPELLINGS = {"favourite": "favorite", "fave": "favorite", "fav": "favorite", "fav'rite": "favorite", "colour": "color", "neighbour": "neighbor",
             "flavour": "flavor", "centre": "center", "theatre": "theater", "programme": "program",
             "organisation": "organization", "mum": "mom", "jewellery": "jewelry", "licence": "license"}
#: Words and phrases that name one attribute outside the concepts: nouns people use for the same role
#: ("writer" is "author"), and verb phrases the parse names for what a noun names ("share with" a flatmate).
#: Compared only, never stored: extraction keeps the user's words.
EQUIVALENTS = {"writer": "author", "novelist": "author", "roommate": "flatmate", "housemate": "flatmate",
               "flat mate": "flatmate", "share with": "flatmate", "share flat with": "flatmate",
               "live with": "flatmate", "room with": "flatmate", "counsellor": "therapist",
               "counselor": "therapist", "psychotherapist": "therapist", "physio": "physiotherapist",
               "singer": "vocalist", "film": "movie", "tv show": "show", "series": "show",
               # a plot the user rents on an allotment site is their allotment ("my plot is at X allotments")
               "plot": "allotment", "allotments": "allotment", "allotment plot": "allotment",
               # dated events (``dated_events``): one visit under its two names
               "optician appointment": "eye test", "eye exam": "eye test", "sight test": "eye test"}


def attribute_words(predicate: str) -> str:
    """``owns:car`` -> "car", ``running_club`` -> "running club"."""
    text = predicate
    for prefix in _FAMILY_PREFIXES:
        if text.startswith(prefix):
            text = text[len(prefix):]
            break
    text = text.replace("_", " ").strip().lower()
    return re.sub(r"\s+of\s+choice$", "", text)  # "drink of choice" is the drink


@lru_cache(maxsize=4096)
def concept_of(predicate: str) -> str | None:
    """The concept a predicate names, if the lexicon knows it (whole phrase, then its head noun)."""
    words = attribute_words(predicate)
    if words in _WORD_TO_CONCEPT:
        return _WORD_TO_CONCEPT[words]
    if predicate.startswith("favorite:"):
        key = f"favorite {words}"
        if key in _WORD_TO_CONCEPT:
            return _WORD_TO_CONCEPT[key]
    content = [w for w in words.split() if w not in _QUALIFIERS]
    if content and " ".join(content) in _WORD_TO_CONCEPT:
        return _WORD_TO_CONCEPT[" ".join(content)]
    if len(content) == 1 and content[0].rstrip("s") in _WORD_TO_CONCEPT:
        return _WORD_TO_CONCEPT[content[0].rstrip("s")]
    if len(content) > 1 and _WORD_TO_CONCEPT.get(content[-1]) in HEAD_CONCEPTS:
        return _WORD_TO_CONCEPT[content[-1]]  # "covers band" is a band, "electric car" a car
    return None


def _content_words(predicate: str) -> set[str]:
    return {w.rstrip("s") for w in re.findall(r"[\w-]+", attribute_words(predicate)) if w not in _QUALIFIERS and w not in _LINK_WORDS}


def compared_words(predicate: str) -> str:
    """The attribute's words in one spelling, equivalents named alike ("favourite writer" -> "favorite author",
    "share with" -> "flatmate"), for comparison only."""
    words = " ".join(SPELLINGS.get(w, w) for w in attribute_words(predicate).split())
    words = words.removeprefix("favorite ")  # a favourite is told by ``is_favorite``, not by its words
    if words in EQUIVALENTS:
        return EQUIVALENTS[words]
    return " ".join(EQUIVALENTS.get(w, w) for w in words.split())


def is_favorite(predicate: str) -> bool:
    """The family ``favorite:<thing>``, or an attribute the user's words begin with "favourite"."""
    first = attribute_words(predicate).split()[:1]
    return predicate.startswith(FAVORITE) or (bool(first) and SPELLINGS.get(first[0], first[0]) == "favorite")


def favorite_mismatch(a: str, b: str) -> bool:
    """A favourite against an attribute that is no preference: "favourite band" (one the user listens to) is not
    "band" (the one they play in); "favorite drink" and "drink" are one (the concept is a preference)."""
    if is_favorite(a) == is_favorite(b):
        return False
    other = b if is_favorite(a) else a
    return category_of(other) != "preference"


@lru_cache(maxsize=16384)
def attribute_similarity(a: str, b: str) -> float:
    """1.0 for the same concept or when one attribute's words are all in the other's, else the overlap share."""
    if a == b:
        return 1.0
    if favorite_mismatch(a, b):
        return 0.0
    if compared_words(a) == compared_words(b):
        return 1.0  # "favourite writer" / "favorite author", "share with" / "flatmate"
    concept_a, concept_b = concept_of(a), concept_of(b)
    if concept_a and concept_b:
        return 1.0 if concept_a == concept_b else 0.0
    words_a, words_b = _content_words(a), _content_words(b)
    if concept_a or concept_b:  # "book club" is not the concept club: "book" is none of its words
        concept, other = (concept_a, words_b) if concept_a else (concept_b, words_a)
        vocabulary = {w.rstrip("s") for phrase in CONCEPTS[concept].words for w in phrase.split()}
        return 1.0 if other and other <= vocabulary else 0.0
    if not words_a or not words_b:
        return 0.0
    heads = _head(a), _head(b)
    if heads[0] != heads[1] and (words_a < words_b or words_b < words_a):
        return 0.0  # "bakery" and "bakery van": the added word is the head, a van is no bakery
    return len(words_a & words_b) / min(len(words_a), len(words_b))


def _head(predicate: str) -> str:
    """The last content word: what an attribute phrase names ("running club" names a club)."""
    words = [w.rstrip("s") for w in re.findall(r"[\w-]+", attribute_words(predicate))
             if w not in _QUALIFIERS and w not in _LINK_WORDS]
    return words[-1] if words else ""


def same_attribute(a: str, b: str) -> bool:
    return attribute_similarity(a, b) >= SAME_ATTRIBUTE_THRESHOLD


def canonical_predicate(attribute: str) -> str:
    """The predicate stored for an attribute phrase: the concept name if known, else a slug of the phrase."""
    concept = concept_of(attribute)
    if concept:
        return concept
    words = [w for w in re.findall(r"[\w-]+", attribute.lower()) if w not in _QUALIFIERS]
    return "_".join(words) or attribute.lower()


def attribute_predicate(attribute: str, value: str | None) -> str:
    """The predicate stored for an attribute phrase and its value: ``canonical_predicate``, except that the
    plain word "job" given a name ("my job is Deloitte") names the employer, not the job title ("my job is
    nursing"), so each is kept under the one name the user reads for it."""
    predicate = canonical_predicate(attribute)
    said = [w for w in attribute_words(attribute).split() if w not in _QUALIFIERS]
    if predicate == "job_title" and said == ["job"] and value and value[:1].isupper():
        return "works_at"
    return predicate


#: Things owned that are no concept of the lexicon (``extraction`` names them by kind: "owns a piano"): still
#: possessions, though no cue word names them.
POSSESSION_KINDS = {"motorcycle", "scooter", "house", "apartment", "boat", "piano", "guitar", "camera", "tablet",
                    "watch"}


def category_of(predicate: str) -> str | None:
    concept = concept_of(predicate)
    if concept is None and attribute_words(predicate) in POSSESSION_KINDS:
        return "possession"
    return CONCEPTS[concept].category if concept else None


def label_of(predicate: str) -> str:
    """How a user reads the attribute in a sentence ("internet provider", "goal race")."""
    concept = CONCEPTS.get(predicate)
    return concept.label if concept else attribute_words(predicate)


#: Words any dated thing has, that tell none apart ("dentist appt" and "dentist appointment" are one visit).
_GENERIC_DATED = {"appointment", "appt", "booking", "session", "it", "that", "this", "one", "slot", "date", "visit",
                  "meeting", "the", "my", "our", "a", "an"}


def thing_words(text: str) -> set[str]:
    """What a dated attribute is about, without the words any appointment has ("dentist" of "dentist appt")."""
    return {w.rstrip("s") for w in re.findall(r"[a-z]+", text.lower().replace("dental", "dentist"))} - _GENERIC_DATED


def same_dated_thing(a: str, b: str) -> bool:
    """Two dated attributes name one thing when one's thing words lie within the other's: a knee op is the op
    ("plan:knee_op", "plan:op"), an eye test is no driving test. "plan:" is no thing: every plan has it."""
    thing_a, thing_b = thing_words(attribute_words(a)), thing_words(attribute_words(b))
    if thing_a & OWNER_WORDS != thing_b & OWNER_WORDS:
        return False  # "parent anniversary" is the parents' day, not the user's anniversary
    return bool(thing_a) and bool(thing_b) and (thing_a <= thing_b or thing_b <= thing_a)


#: People a dated thing may be said to belong to (singular, as ``thing_words`` gives them).
OWNER_WORDS = frozenset(("parent", "mum", "mom", "dad", "mother", "father", "sister", "brother", "son", "daughter",
                          "kid", "child", "children", "wife", "husband", "partner", "friend", "grandma", "grandpa",
                          "nan", "gran", "aunt", "uncle", "cousin", "neighbour", "neighbor", "boss", "colleague",
                          "niece", "nephew", "in-law"))


#: The words that narrow an attribute by its value: "trip to Japan", "course in Italian", "flat on Elm Street".
NARROWING_WORDS = ("to", "in", "at", "on", "with", "for", "from")


def narrows(narrow: str, broad: str) -> bool:
    """``narrow`` is ``broad`` narrowed by a value ("plan:trip_to_japan" narrows "trip"): the same slot, guessed
    from a first statement that named the thing by its value."""
    words, other = attribute_words(broad).split(), attribute_words(narrow).split()
    return bool(words) and len(other) > len(words) + 1 and other[:len(words)] == words and \
        other[len(words)] in NARROWING_WORDS
