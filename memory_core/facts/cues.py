"""The last resort for sentences no frame could parse: a named value beside a word that names its attribute.

Chat is often not grammatical ("dentist march 14, dreading it", "typing this on my
Pixel 8 lol"). When no rule or frame found a fact in a first-person sentence,
this looks for two things close together:

* a **value** of a recognisable shape: a proper name ("Iron Temple", "Dr. Okafor"),
  a model ("Pixel 8"), a time ("6:30"), a date ("March 14"), a language or a diet;
* a **cue**: a word that names one attribute (``CUES``: "gym", "bank", "doctor",
  "alarm", "anniversary"...), and whose attribute accepts that shape of value.

One cue and one value make a fact; anything ambiguous (two attributes cued,
no value of the right shape) makes none. The cue words are the concept
words of ``attributes.CONCEPTS`` plus verbs taken from the dev phrasings.
"""
from __future__ import annotations

import dataclasses
import re

from memory_core.facts.attributes import CONCEPTS, concept_of, from_parse_fallback
from memory_core.facts.candidate import Candidate
from memory_core.facts.frame_words import (ERRAND_VERBS, NOT_PLACES, MODIFIED_HEADS, OTHER_KIND_COMPOUNDS, TITLED_BY_WORK, DEVICES, DENTAL_WORDS, WORDS_TOO, USER, DIETS, LANGUAGES, MONTHS, RELATIONS, opening_verb, person_by_title, verb_shaped,
                                           runs_into_pronoun)
from memory_core.facts.lexicon import kind_of, lexical_values
from memory_core.facts.known_names import known_kind, plainly_a_brand
from memory_core.facts.occurrences import occasion_value

#: "living here": the place is the one the sentence names after "in" ("Rent in Leeds is mad but I love living here").
DEICTIC_HOME_CUES = ("live here", "living here", "lives here", "based here")
#: Extra cue words (verbs and nouns seen in dev phrasings) for concepts whose own words are few.
_EXTRA_CUES = {
    "car": ("drive", "drives", "driving"), "bank": ("money",), "doctor": ("dr", "checkup", "checkups"),
    "gym": ("work out", "workout"), "race": ("training for", "marathon", "half marathon"),
    "language": ("learning", "lessons", "studying", "duolingo"), "band": ("drummer", "bass", "sing", "singer"),
    "anniversary": ("married",), "wake_time": ("wake", "wake up", "get up", "alarm"),
    "manager": ("report to",), "trip": ("flying to",), "club": ("run with",),
    "works_at": ("work at", "work for", "engineer at", "job at", "job"),
    "lives_in": ("live in", "lives in", "lived in", "based in", "living in", "moved to", *DEICTIC_HOME_CUES),
    "dentist_appointment": ("dentist", "dental"),
}
#: What shape of value each concept takes (default: a name).
VALUE_SHAPES = {"wake_time": "time", "work_start": "time", "anniversary": "date", "dentist_appointment": "date", "language": "language",
           "diet": "diet"}
#: (a school is read by its name and a child said beside it, ``kind_names.school_candidates``: "school" alone cues
#: nothing, "after school" is a time)
_SKIP_CONCEPTS = {"hobby", "coffee", "drink", "music", "job_title", "bike", "school", "savings_provider"}

#: Concept words too common to cue by themselves ("coming home", "the place we met").
_SKIP_WORDS = {"home", "place", "side", "learning", "tv", "telly", "television", "vet", "vets", "allegiance", "garage",
               "loyalty"}

CUES: dict[str, str] = {}
for _name, _concept in CONCEPTS.items():
    if _name in _SKIP_CONCEPTS:
        continue
    for _word in (*_concept.words, *_EXTRA_CUES.get(_name, ())):
        if _word not in _SKIP_WORDS:
            CUES.setdefault(_word, _name)
_CUE_RE = re.compile(r"(?i)\b(" + "|".join(sorted(map(re.escape, CUES), key=len, reverse=True)) + r")s?\b")

_NOT_NAMES = {"I", "I'm", "I've", "I'd", "I'll", "My", "Our", "We", "The", "So", "And", "But", "Oh", "Ok", "Okay",
              "Yeah", "Yep", "Now", "These", "This", "That", "It", "It's", "Just", "Also", "Anyway", "Well", "Hey",
              "Hi", "Sadly", "Actually", "Sorry", "Please", "Thanks", "Monday", "Tuesday", "Wednesday", "Thursday",
              "Friday", "Saturday", "Sunday", "Dr", "Dr.",
              # words that open a clause, capitalised by position, never part of a name
              "When", "Whenever", "After", "Before", "Since", "Because", "Between", "Every", "Each", "Could",
              "Can", "Would", "Need", "Remind", "Ugh", "If", "While", "Then", "Today", "Tomorrow", "Yesterday",
              "Got", "Quick", "Bad", "Is", "Are", "Was", "Do", "Does", "Did", "Have", "Has", "For", "With",
              "To", "In", "On", "At", "From", "Not", "No", "Yes", "Wait", "Oops", "Honestly", "Finally", "Also",
              "Most", "Some", "All", "Everything", "Nothing", "Busy", "Rent", "First", "Last", "Next",
              "There", "Here", "What", "Where", "Who", "Why", "How", "Which", "Change", "Update", "Lol",
              "Btw", "Helped", "Traded", "Dropped", "Moved", "Left", "Quit", "Started", "He", "She", "They",
              "You", "Your", "His", "Her", "Their", "Its", "Me", "Us", "Him", "Them"}
#: A name: capitalised words, joined by "of"/"the"/"de"/"and"/"&" ("Bank of Scotland", "Dice & Slice").
#: A name starts with a capital, or is a brand written with a small first letter ("iPhone 12", "eBay", "iPad Air").
_NAME = re.compile(r"(?:\b[Dd]r\.?\s+)?(?<![\w'])(?:[A-Z]|[ie](?=[A-Z][a-z]))[\w'+&-]*"
                   r"(?:\s+(?:(?:of|the|de|and|&)\s+){0,2}(?!I\b)[A-Z0-9][\w'+&-]*)*")
#: A month or a weekday, alone or plural ("June", "Tuesdays"): capitalised by spelling, never a name.
_CALENDAR_WORD = re.compile(r"(?i)(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|"
                            r"april|june|july|august|september|october|november|december|mon|tue|tues|wed|thu|thur|"
                            r"thurs|fri|sat|monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?")


#: Festivals said as times of the year ("at Easter", "by Christmas").
_FESTIVAL = re.compile(r"(?i)(?:easter|christmas|xmas|new\s+year|halloween|whitsun|diwali|eid|hanukkah|ramadan|"
                       r"lent|thanksgiving)")


def calendar_word(text: str) -> bool:
    """A month, a weekday or a festival, alone or plural ("June", "Tuesdays", "Easter"), said whole: a when, never
    a what ("Marnie" is no March)."""
    text = text.strip()
    return bool(_CALENDAR_WORD.fullmatch(text) or _FESTIVAL.fullmatch(text))


_TIME = re.compile(r"(?i)\b\d{1,2}(?::\d{2})?\s*(?:am|pm)\b|\b\d{1,2}:\d{2}\b")
#: A month as written, whole or cut short, never the opening of another word ("mark 3 March" holds no date "mark 3").
_MONTHS = MONTHS
_DATE = re.compile(rf"(?i)\b(?:{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTHS})\b")
_LANG = re.compile(r"(?i)\b(" + "|".join(LANGUAGES) + r")\b")
_DIET = re.compile(r"(?i)\b" + DIETS)
RELATION_MENTION = re.compile(r"(?i)(?:\b(?:my|our)\s+(?:\w+\s+)?|^\s*)(" + "|".join(sorted(RELATIONS, key=len, reverse=True))
                              # "my brothers only gone and moved": "brother's" typed without its apostrophe
                              + r")(?:s(?=\s+(?:only|just|finally|gone|got|moved|been|left|started)\b))?\b")
HEDGE = re.compile(r"(?i)\b(?:if|would|could|might|maybe|wish|hope|want to|thinking of|someday|used to|"
                    r"should i|do you|did you|can you|what if|said|says|told|tells|talked|asked|asks|heard|"
                    r"add|note|remind|list)\b")
FIRST_PERSON = re.compile(r"(?i)\b(?:i|i'm|i've|my|me|we|we're|our|us)\b")


def _language_name(said: str) -> str:
    """A language as it is written: "Scottish Gaelic", "Spanish", "BSL"."""
    return said.upper() if said.lower() in ("asl", "bsl") else " ".join(w.capitalize() for w in said.split())


def values_of_shape(sentence: str, shape: str) -> list[tuple[int, str]]:
    if shape == "time":
        return [(m.start(), m.group(0)) for m in _TIME.finditer(sentence)]
    if shape == "date":
        return [(m.start(), m.group(0)) for m in _DATE.finditer(sentence)]
    if shape == "language":
        return [(m.start(), _language_name(m.group(1))) for m in _LANG.finditer(sentence)]
    if shape == "diet":
        return [(m.start(), m.group("v").lower()) for m in _DIET.finditer(sentence)]
    found = []
    verb = opening_verb(sentence)
    for match in _NAME.finditer(sentence):
        words = match.group(0).split()
        start = match.start()
        if verb is not None and start == verb[0]:  # "Washed the Honda Jazz": the verb, then the name
            words = words[1:]
            while words and words[0] in ("the", "The"):
                words = words[1:]
            start = match.start() + match.group(0).find(words[0]) if words else start
        elif match.start() == 0 and len(words) == 1:
            continue  # a capitalised first word is the grammar's, not a name we can trust
        while words and words[0] in _NOT_NAMES and not _names_first_word(words) and not _titled(words):
            words = words[1:]
        if "I" in words:  # "Tuesday I" / "Honda Civic I": the pronoun ends the name
            words = words[:words.index("I")]
        while words and (words[-1] in _NOT_NAMES or shouted_word(words[-1])):  # not a first word: "NOW TV"
            words = words[:-1]
        if words and words[-1].endswith("'s"):  # "Dr. Nakamura's office": the name, not the possessive
            words[-1] = words[-1][:-2]
        if not words or _DATE.fullmatch(" ".join(words)) or all(_CALENDAR_WORD.fullmatch(w) for w in words):
            continue  # "moved from 10 June": a month or a weekday is when, never what
        name = " ".join(words)
        if words and words[-1].lower() in DEVICES:  # "a Hyundai i20", "the BMW x5": a maker, then its model code
            code = _MODEL_CODE.match(sentence, sentence.find(name, start) + len(name))
            if code:
                name += code.group(0)
        found.append((start, person_by_title(name)))  # "my GP Dr Okafor": the person is "Dr Okafor"
    return found


#: A model code typed after its maker in lower case: " i20", " x5", " ix35".
_MODEL_CODE = re.compile(r"\s+[a-z]{1,3}\d{1,3}[a-z]?\b")


#: Describing adjectives that open chat's sentences ("Busy day", "Bad news") and names of firms alike ("Busy Bees",
#: "Quick Fit"): a name's own first word when another word of the name follows, capitalised.
_NAMING_ADJECTIVES = {"Busy", "Bad", "Quick"}


#: Titles that are part of a person's name when a name follows ("Dr Fiona Mackay"): the user calls them so.
_TITLES = {"Dr", "Dr."}


def _titled(words: list[str]) -> bool:
    """The words open with a title and go on with a capitalised name: "Dr Fiona Mackay" is the GP's name, as said."""
    return len(words) > 1 and words[0] in _TITLES and words[1][:1].isupper() and words[1] not in _NOT_NAMES


def _names_first_word(words: list[str]) -> bool:
    """The first word is the name's: a describing adjective followed by a capitalised word that is a name's."""
    return len(words) > 1 and words[0] in _NAMING_ADJECTIVES and words[1] not in _NOT_NAMES and \
        not _CALENDAR_WORD.fullmatch(words[1])


#: Negation: a sentence that denies states no value (extraction and the matcher skip it).
NEGATION = re.compile(r"(?i)\b(?:not|don't|dont|do\s+not|doesn't|does\s+not|didn't|did\s+not|haven't|have\s+not|"
                      r"hasn't|never|no\s+longer|won't|isn't|aren't|wasn't|no\s+more)\b")

#: "left" after an amount is what remains, not a leaving: "had £4.12 left till payday", "nothing left".
LEFT_OVER_NOT = r"(?<![\d%]\s)(?<!\bnothing\s)(?<!\bmuch\s)(?<!\bany\s)(?<!\bfew\s)"
#: "left" a thing somewhere is no leaving of the place: "Left my water bottle at Planet Fitness again" (but "left my job
#: at Google", "left the band in May" end a bond).
LEFT_BEHIND_NOT = (r"(?!\s+(?:my|the|a|an|our|his|her|their|some|it|them|me)\s+(?!(?:job|role|post|position|"
                   r"membership|account|band|team|club|course|class|school|practice|gym|church|choir|flat|house|"
                   r"place|company|firm)\b)(?:[\w'-]+\s+){0,3}?(?:at|in|on|behind)\b)")
#: A sentence that ends something states no new value by itself (changes.py reads it).
ENDING = re.compile(r"(?i)\b(?:is|'s|are)\s+(?:off|over)\b|\bover\b|\brather\s+than\b|\binstead\s+of\b|\bbetter\s+than\b|\bcancel+ed\b|\bcalled\s+off\b|\bno\s+longer\b|\banymore\b|"
                     r"\b(?:quit|" + LEFT_OVER_NOT + r"left" + LEFT_BEHIND_NOT + r"|stopped|sold|gave\s+up|given\s+up|giving\s+up|retired|died|passed\s+away)\b|"
                     # not a thing let fall ("dropped it in the sluice room"), left for a job ("dropped the car in for a service")
                     # or someone given a lift ("dropped her off")
                     r"\bdropped\b(?!\s+(?:[\w'-]+\s+){0,5}?(?:in|into|on|onto|down|to|at)\s+(?:the|a|an|my|our|his|her|for|at|to)\b)"
                     r"(?!\s+(?:[\w'-]+\s+){0,4}?off\b)")


_DEVICE_CONCEPTS = frozenset(DEVICES.values())

#: Adverbs of time, frequency and degree: what a sentence says about its verb, never any attribute's value.
VALUE_LESS_ADVERBS = frozenset(("again", "now", "never", "always", "still", "very", "really", "too", "ever", "yet",
                                "today", "tonight", "seriously", "literally", "actually", "finally", "just", "even",
                                "only", "already", "anymore", "either", "totally", "completely"))
#: Evaluative adjectives: they rate a thing ("the sandwich was tragic", "the commute is awful"), never classify or
#: name it, so no attribute takes one as its value (unlike a classifying adjective: "my diet is vegan").
EVALUATIVE_ADJECTIVES = frozenset((
    "good", "great", "bad", "awful", "terrible", "tragic", "amazing", "brilliant", "lovely", "horrible", "rubbish",
    "excellent", "fantastic", "disappointing", "dreadful", "superb", "mediocre", "decent", "boring", "gross",
    "disgusting", "delicious", "shocking", "appalling", "wonderful", "incredible", "perfect", "useless", "pathetic",
    "grim", "dire", "awesome", "epic", "meh", "naff", "crap", "shite", "lush", "gorgeous", "stunning", "hideous",
    "overrated", "underrated", "overpriced", "mint", "sublime", "atrocious", "abysmal", "woeful", "dismal"))
#: Words written in capitals for emphasis ("down AGAIN", "SO slow"): an adverb or a function word shouted is still
#: that word, never a name or an acronym of one.
SHOUTED_WORDS = VALUE_LESS_ADVERBS | {"so", "all", "every", "down", "off", "out", "up", "not", "no", "yes", "more",
                                     "less", "much", "way"}


def shouted_word(word: str) -> bool:
    """``word`` is a common adverb or function word in capitals ("AGAIN"), not a name."""
    return len(word) > 1 and word.isupper() and word.lower() in SHOUTED_WORDS


#: Favourites whose value is a time of the calendar ("favourite month", "fave day of the week").
_TIME_THINGS = re.compile(r"(?i)month|day|season|time|holiday|date|week")


#: Makers named by letters ("an HTC", "my LG"), which the device lexicon does not list.
_ACRONYM_MAKERS = frozenset(("htc", "lg", "hp", "mg", "zte", "tcl", "ds", "byd", "gmc", "ssangyong"))
_REFLEXIVES = {"myself", "yourself", "himself", "herself", "itself", "ourselves", "yourselves", "themselves",
               "meself", "oneself"}


def implausible_value(predicate: str | None, value: str | None) -> bool:
    """A value no person would give that attribute, whichever layer read it: a value ending in the next clause's
    "I" or that is only an adverb ("again"); a month or a weekday alone for an
    attribute that takes a name ("club: tuesday", "car: June"), or a car, phone or laptop that names no maker,
    model or number ("car: garage" from "my car's in the garage"); a name or one occasion's time for a noun of one
    occasion, and a day said from today (``occurrences``). Plans, schedules and dates are left alone."""
    if not predicate or not value:
        return False
    if value.strip(" !.").lower() in _REFLEXIVES:
        return True  # "i hate myself", "treat yourself": the sentence's own person, never a value of theirs
    if predicate == "lives_in" and value.strip(" !.").lower() in NOT_PLACES:
        return True  # "settling in well, salamat sa Diyos": a word of thanks, no town
    if predicate == "lives_in" and plainly_a_brand(value) and known_kind(value) != "team":
        return True  # "moved to giffgaff": a network, a supermarket or a bank moved to, no town (a team may be named
        # as its suburb: "North Melbourne", "West Ham")
    if value.strip(" !.").lower() in _CAR_TESTS:
        return True  # "booked the car in for its MOT": a car's yearly test, never a value of anything
    if (":" not in predicate or predicate.startswith("named:")) and \
            occasion_value(predicate.partition(":")[2] or predicate, value):
        return True  # "jog: Victoria Park", "flight: 6:40am", "party: tomorrow": one occasion's, not a lasting value
    if from_parse_fallback(predicate):  # the parse fallback's thing is named, never a date alone
        words = [w for w in re.findall(r"[\w'-]+", value) if w.lower() not in ("the", "on", "in", "every", "next", "this")]
        return not words or all(_CALENDAR_WORD.fullmatch(w) for w in words) or runs_into_pronoun(value) or \
            bool(_FESTIVAL.fullmatch(value.strip(" !.")))  # "choir: Easter": a time of year, no name
    if ":" in predicate and not predicate.startswith("favorite:"):
        return False
    bare = re.sub(r"(?i)^(?:so|really|very|pretty|absolutely|utterly|quite|a\s+bit|bit)\s+", "", value.strip(" !."))
    if bare.lower() in EVALUATIVE_ADJECTIVES:
        return True  # "sandwich: tragic": a rating, not a value
    if runs_into_pronoun(value) or value.strip(" !.").lower() in VALUE_LESS_ADVERBS:
        return True  # "sister: Hull I", "internet: again": a clause's pronoun or an adverb, for any attribute
    if re.sub(r"(?i)^the\s+", "", value.strip(" !.")).lower() in RELATIVE_WORDS:
        return True  # "my number is the same", "the one I like most": said against another value, naming none
    if _progressive(predicate, value):
        return True  # "my tomatoes are finally turning red": what the thing is doing, not a value it has
    if predicate == "lives_in" and re.fullmatch(r"(?i)(?:year|yr|class|reception|form|grade)(?:\s+\w+)?", value.strip()):
        return True  # "my son's in Year 2": a school year, no place
    if predicate == "job_title" and re.search(r"(?i)\b(?:house|household|family|home)$", value.strip(" !.")):
        return True  # "we're a Pittsburgh Steelers house now": a household's allegiance, no one's job
    words = [w for w in re.findall(r"[\w'-]+", value) if w.lower() not in ("the", "on", "in", "every", "next", "this")]
    calendar_only = bool(words) and all(_CALENDAR_WORD.fullmatch(w) for w in words)
    thing = predicate.partition(":")[2]
    if calendar_only and predicate.startswith("favorite:") and not _TIME_THINGS.search(thing):
        return True  # "favorite:singer: October": a favourite month is said of a month, a day of a day
    concept = concept_of(predicate)
    if concept is None or concept == "trip" or VALUE_SHAPES.get(concept, "name") != "name":
        return False
    if calendar_only or _FESTIVAL.fullmatch(value.strip(" !.")):
        return True  # "choir: Easter" (from "folding at Easter"): a time of year, never a named provider or group
    # a compound's head is its last noun: "bike rack", "phone case" are a rack and a case, not a bike or a phone
    lowered = [w.lower() for w in words]
    kind_modifies = bool(lowered) and lowered[-1] not in DEVICES and any(w in _DEVICE_CONCEPTS for w in lowered[:-1])
    said = value.strip(" !.")
    if concept in _DEVICE_CONCEPTS and re.fullmatch(r"[A-Z]{2,5}", said) and \
            said.lower() not in DEVICES and said.lower() not in _ACRONYM_MAKERS:
        return True  # "failed its MOT", "the DVLA": an acronym said beside a car is what happened to it, no make
    return concept in _DEVICE_CONCEPTS and not re.search(r"[A-Z0-9]", value) and \
        (not any(w in DEVICES for w in lowered) or kind_modifies)


#: Words that give a value only against another one: "the same", "different", "(like) most".
RELATIVE_WORDS = frozenset(("same", "different", "similar", "other", "most", "more", "less", "least"))
#: Nouns in -ing that are things, not a verb's doing ("morning", "wedding", "building").
_ING_NOUNS = frozenset(("morning", "evening", "nothing", "something", "anything", "everything", "wedding", "building",
                        "ceiling", "pudding", "sterling", "clothing", "darling", "sibling", "spring", "string", "thing",
                        "king", "ring", "wing", "swing", "earring", "lightning", "offspring", "stuffing", "icing",
                        "filling", "topping", "dressing", "seasoning", "frosting", "bedding", "lodging", "housing",
                        "railing", "shilling", "viking", "dumpling", "duckling", "seedling"))
#: Attribute nouns whose value is an activity, said as a gerund ("my job is nursing", "my hobby is knitting").
_ACTIVITY_ATTRIBUTES = frozenset(("job", "job_title", "work", "career", "profession", "trade", "field", "hobby",
                                  "sport", "passion", "pastime", "interest", "obsession", "thing", "activity",
                                  "exercise", "specialism", "speciality", "specialty", "role", "line", "business",
                                  "plan", "goal", "dream", "weakness", "vice", "habit", "routine", "workout"))
_PROGRESSIVE_VALUE = re.compile(r"(?i)^(?:(?:just|finally|still|always|now|really|already|slowly|constantly|"
                                r"forever|currently|literally)\s+)*([a-z]+ing)\b")


def _progressive(predicate: str, value: str) -> bool:
    """A value that is a verb in -ing ("dripping", "finally turning red", "making a noise"): "my X is doing Y" says
    what X is doing now. Not a thing in -ing ("morning"), a known activity ("climbing") or the value of an
    attribute that holds an activity ("my job is nursing")."""
    match = _PROGRESSIVE_VALUE.match(value.strip())
    if match is None or not match.group(1).islower() or match.group(1) in _ING_NOUNS or len(match.group(1)) < 6 \
            or kind_of(value):  # a capitalised word is a name ("Starling")
        return False
    if predicate.partition(":")[0] in _ATTITUDES:
        return False  # "I like cycling on weekends": an attitude's object is naturally a doing
    head = predicate.partition(":")[2] or predicate
    return head.split("_")[-1] not in _ACTIVITY_ATTRIBUTES and concept_of(predicate) not in ("hobby", "job_title")


#: Predicates of liking and disliking: their value is what the user likes doing as often as a thing.
_ATTITUDES = frozenset(("likes", "dislikes", "loves", "hates", "enjoys", "prefers", "avoids", "favorite"))


def cue_concepts(sentence: str) -> set[str]:
    """The attributes a sentence names by a cue word."""
    return {CUES[m.group(1).lower()] for m in _CUE_RE.finditer(sentence)}


#: A one-off event, not a durable fact ("I went swimming yesterday", "started running last week").
_EPISODE = re.compile(r"(?i)\b(?:yesterday|today|tonight|this\s+(?:morning|afternoon|evening)|last\s+(?:night|week|"
                      r"weekend)|earlier|just\s+now|tomorrow)\b")
_OTHER_PEOPLE = re.compile(r"(?i)\b(?:he|she|they|he's|she's|they're|his|her|their|you|your|you're)\b|"
                           # someone else's person: "Jo's dad is mad for lawn bowls"
                           r"\b(?-i:[A-Z])[\w-]*['’]s\s+(?:" + "|".join(sorted(RELATIONS, key=len, reverse=True)) +
                           r")\b")


#: Someone else's possessive opening the noun phrase a value ends ("his new Tesla", "Poppy's first swimming
#: lesson", "their Sky box"): up to two modifiers between. The possessive says whose the thing is.
_ANOTHERS_POSSESSIVE = re.compile(r"(?:\b(?i:his|her|their|your)|(?<![\w'])(?-i:[A-Z])[a-z]+(?:'s|\u2019s|s'))"
                                  r"\s+(?:(?!(?i:my|our|i)\b)[\w-]+\s+){0,2}$")


def owned_by_another(sentence: str, start: int) -> bool:
    """The value at ``start`` stands in a noun phrase someone else's possessive opens ("took us out in his new
    Tesla"): that person's thing, never the user's."""
    return _ANOTHERS_POSSESSIVE.search(sentence[:start]) is not None


def lexical_candidates(sentence: str) -> list[Candidate]:
    """A sentence naming exactly one self-describing value ("jazz all day", "yoga twice a week"): that fact.
    Short fragments count as first person; a sentence about someone else does not."""
    found = lexical_values(sentence)
    relation_does = _A_RELATION_DOES.match(sentence)
    if len(found) == 1 and found[0][1] == "hobby" and relation_does and not _EPISODE.search(sentence):
        _, kind, value = found[0]  # "My daughter does ballet": the daughter's pastime
        return [Candidate("assert", RELATIONS[relation_does.group("rel").lower()], kind, value, sentence)]
    if len(found) != 1 or RELATION_MENTION.search(sentence) or _OTHER_PEOPLE.search(sentence) or \
            _EPISODE.search(sentence):
        return []
    if not FIRST_PERSON.search(sentence) and len(sentence.split()) > 8:
        return []
    at, kind, value = found[0]
    if owned_by_another(sentence, at):
        return []  # "Poppy's first swimming lesson": Poppy's
    return [Candidate("assert", USER, kind, value, sentence)]


#: One of the user's people as the subject of a verb of taking part: "My daughter does ballet", "my dad goes to bowls".
_A_RELATION_DOES = re.compile(r"(?i)^\W*my\s+(?:\w+\s+)?(?P<rel>" + "|".join(sorted(RELATIONS, key=len, reverse=True)) +
                              r")(?:\s+(?-i:[A-Z])[\w-]+)?\s+(?:still\s+|now\s+|also\s+)?(?:does|do|goes\s+to|is\s+into|"
                              r"has\s+taken\s+up|took\s+up|loves)\b")
#: Another person (or animal) doing or having something: "my brother has", "she drives", "the kids named".
THIRD_PARTY_SUBJECT = re.compile(
    r"(?i)(?:\bmy\s+(?:\w+\s+)?(?:" + "|".join(sorted(RELATIONS, key=len, reverse=True)) + r")|\b(?:he|she|they)|"
    r"\bthe\s+(?:kids|children|family))\s+(?:has|have|had|drives|owns|uses|is\s+using|got|bought|took|named)\b")


#: Where a clause starts: a comma or colon, or a word that opens a subordinate clause ("after", "when").
_CLAUSE_START = re.compile(r"(?i)[,;:\u2014]|\b(?:after|when|since|before|because|once|until|while|as|so|and|but|then)\b")
#: Words between a verb's subject and the verb: "mum has just moved", "I've finally moved".
_BETWEEN = {"just", "finally", "recently", "now", "also", "has", "had", "have", "'s", "'ve", "already", "then",
            "officially", "actually", "since", "only", "still", "both", "all", "is", "are", "was", "were", "am",
            "been", "'re", "'m"}
#: The verb and article of something got, between its getter and the cue: "The wife's got a part-time job at Tesco".
_GOT_A = {"got", "landed", "found", "a", "an", "new", "part-time", "full-time", "permanent", "temporary", "first"}
#: Capitalised words that open a clause and name nobody ("Finally moved to Leeds", "News: moved to Leeds").
_NOT_PEOPLE = {"finally", "just", "recently", "today", "yesterday", "also", "then", "now", "update", "news",
               # chat's dropped "I": a verb opening the sentence ("Start rehearsing with X next week")
               "start", "started", "starting", "begin", "began", "joined", "playing", "played", "rehearsing",
               "btw", "so", "and", "but", "well", "oh", "officially", "actually", "after", "before", "when",
               "since", "last", "this", "big", "great", "good", "guess", "anyway", "lol", "haha", "yay", "omg",
               "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "tonight", "tomorrow"}
#: "my"/"our" just before the cue: the user's own thing, whether the sentence opens with it capitalised ("My alarm
#: goes off at 5:30") or not (a capital there is no name).
_FIRST_PERSON_SUBJECTS = {"i", "we", "i've", "we've", "i'm", "we're", "i'd", "we'd", "me", "us", "myself", "my", "our"}
_THIRD_PERSONS = {"he", "she", "they", "he's", "she's", "they've", "they're", "someone", "everyone"}
#: People of the user's life who are not their kin (kin words are RELATIONS, whose facts are kept as theirs).
_NOT_KIN = {"colleague", "colleagues", "coworker", "co-worker", "classmate", "teammate", "boss", "manager",
            "neighbour", "neighbor", "flatmate", "housemate", "roommate", "mate", "mates", "friends",
            # kin the ledger keeps no relation for: theirs, not the user's ("my brother-in-law is a Cubs fan")
            "brother-in-law", "sister-in-law", "mother-in-law", "father-in-law", "in-laws", "cousin", "aunt", "uncle",
            "nephew", "niece", "stepdad", "stepmum", "stepmom", "grandma", "grandpa", "gran", "nan", "grandmother",
            "grandfather"}


#: The capitalised words of a name said just before one of its words ("Loch Ness " before "Marathon").
_NAME_RUN_BEFORE = re.compile(r"(?:(?-i:[A-Z])[\w'&-]*\s+)*$")


def _name_clause_owner(before: str) -> str | None:
    """Whose a name is when a word of the name is the cue: the person who opens its clause ("my colleague is doing
    the London Marathon": not the user's; "my sister is running the X": the sister's); the user otherwise (no
    subject, "I", or a word that names nobody)."""
    starts = [m.end() for m in _CLAUSE_START.finditer(before)]
    words = [w.casefold().replace("\u2019", "'") for w in re.findall(r"[\w'\u2019-]+", before[starts[-1] if starts else 0:])]
    if not words:
        return USER
    if words[-1] in ("my", "our"):
        return USER  # "my brother told me my Volvo V40 needs tyres": the name is said as the user's
    if words[-1] in ("his", "her", "their", "your"):
        return None
    first, second = words[0], (words[1] if len(words) > 1 else "")
    if first in ("my", "our") and second:
        noun = re.sub(r"'s$", "", second)
        return RELATIONS[noun] if noun in RELATIONS else (None if noun in _NOT_KIN else USER)
    bare = re.sub(r"'s$", "", first)
    if first in _THIRD_PERSONS or bare in _THIRD_PERSONS or bare in _NOT_KIN:
        return None
    if bare in RELATIONS and second in _BETWEEN:
        return RELATIONS[bare]  # "mum is running the X"
    return USER


#: An account, membership or contract closed at a provider, up to the provider's name: "I've closed my account at X"
#: names a provider the user has left (``closed_at``).
CLOSED_AT = (r"(?i)\b(?:closed|closing|shut|shutting|cancelled|canceled|cancelling)\s+(?:down\s+)?(?:my|our|the)\s+"
             r"(?:[\w-]+\s+){0,2}?(?:account|accounts|membership|subscription|sub|contract)\s+(?:at|with)\s+")


def closed_at(sentence: str, value: str) -> bool:
    """The sentence says the user closed an account, membership or contract at ``value``."""
    return re.search(CLOSED_AT + re.escape(value) + r"\b", sentence) is not None


def cue_subject(sentence: str, cue_start: int) -> str | None:
    """Who the cue's clause is about: ``USER`` when it is the user or no subject is said ("Moved to Leeds"), a
    relation when a kin word is the subject with or without "my" ("mum moved to Cork", "my sister's moved to
    Perth"), None when someone else is ("After Callum moved to Perth, ...", "she lives in Derby")."""
    if sentence[cue_start:cue_start + 1].isupper():
        # the cue word is part of a name ("London Marathon"): the clause's subject, said before the name, owns it
        return _name_clause_owner(sentence[:cue_start - len(_NAME_RUN_BEFORE.search(sentence[:cue_start]).group(0))])
    before = sentence[:cue_start]
    starts = [m.end() for m in _CLAUSE_START.finditer(before)]
    words = re.findall(r"[\w'\u2019-]+", before[starts[-1] if starts else 0:])
    while words and words[-1].casefold().replace("\u2019", "'") in _BETWEEN | _GOT_A:
        words.pop()
    if not words:
        return USER
    last = words[-1].replace("\u2019", "'")
    if last.endswith("s'") and len(last) > 3:
        return None  # "my parents' anniversary", "the neighbours' dog": someone else's
    word = re.sub(r"(?i)'s$", "", last).casefold()
    if word in _FIRST_PERSON_SUBJECTS:
        return USER
    if word in RELATIONS:
        owner = words[-2].casefold().replace("\u2019", "'") if len(words) > 1 else "my"
        if owner in ("his", "her", "their", "your") or owner.endswith("'s"):
            return None  # "Jo's mum lives in Leeds": another person's relation
        return RELATIONS[word]
    if word in _THIRD_PERSONS:
        return None
    if word in _NOT_KIN:
        return None  # "my colleague is doing the London Marathon": the colleague's race, not the user's
    if last[:1].isupper() and word not in _NOT_PEOPLE and not word.endswith("ly") and word != "i" and \
            not (len(words) == 1 and not starts and verb_shaped(last)):  # "Grabbed me usual ...": "I" dropped
        return None  # a name: that person's news, not the user's
    return USER


#: Attributes that are a person in a role the user goes to or answers to (their manager, doctor, dentist...).
_ROLE_CONCEPTS = {"manager", "doctor", "dentist", "vet", "barber"}
#: The user holds the role the cue word names: "I'm the payroll manager at the Royal", "I work as a shift
#: supervisor", "as a dentist, I...": a job title of the user's, and the name after it (often after "at") is a
#: workplace, never the person in that role. The words between are the title's own (no preposition, no -ing
#: verb): "I'm at the dentist", "I'm seeing the dentist" are visits.
_ROLE_HELD = re.compile(r"(?i)\b(?:i'm|i\s+am|i\s+was|i've\s+been|i\s+work\s+as|i'm\s+working\s+as|worked\s+as|"
                        r"promoted\s+to|became|become|trained\s+as|qualified\s+as|as)\s+(?:(?:a|an|the)\s+)?"
                        r"(?:(?!(?:my|our|his|her|their|at|in|on|to|into|with|for|from|by|of|off|up)\b)"
                        r"(?![\w-]+ing\b)[\w-]+\s+){0,3}$")
#: "lunch at Dishoom with the team": a cue word after "with the" is the company kept, not the attribute named.
_COMPANY_BEFORE = re.compile(r"(?i)\bwith\s+(?:the|my|our)\s+$")
#: "Mark from the gym", "Dee from my book club": a cue word after a name and "from" says where the speaker knows
#: that person from; the sentence is about the person, and names no gym or club of the user's.
_PERSON_FROM_BEFORE = re.compile(r"\b(?-i:[A-Z])[\w'-]*(?<!ed)\s+from\s+(?:the\s+|my\s+|our\s+)?(?:[\w-]+\s+)?$",
                                 re.IGNORECASE)
#: "the M25 is a car park", "Monzo is an app bank": a cue word after "is a" classifies the subject as one of a
#: kind; it says nothing of the user's own (that is "my car", "the car").
_CLASSIFIED_BEFORE = re.compile(r"(?i)\b(?:is|are|was|were|'s|'re)\s+(?:just\s+|basically\s+|literally\s+)?"
                                r"(?:a|an)\s+(?:[\w-]+\s+)?$")


def _possessed_device(sentence: str, value: str) -> bool:
    """"my Ford Focus": the possessive presupposes the user has it, so a hedge or a report around the
    sentence ("the mechanic says my Ford Focus needs brakes", "if my Pixel dies") does not take it back."""
    return any(w.lower() in DEVICES for w in value.split()) and \
        re.search(rf"(?i)\bmy\s+(?:old\s+|new\s+|trusty\s+)?{re.escape(value)}\b", sentence) is not None


def is_cue_word(value: str) -> bool:
    """A "value" that is itself a cue word names the attribute, not its value ("a new GP")."""
    return value.lower() in CUES or value.lower().rstrip("s") in CUES


#: A mark between two clauses: a comma, a semicolon, a dash.
_CLAUSE_PUNCTUATION = re.compile(r"[,;\u2014\u2013]|\s-\s")
#: Across a comma right after the name, a noun phrase that is its appositive, or a relative clause that says
#: what it is: "X, the covers band I'm in", "X, best gym in town", "X, which is the phone I've had".
_APPOSITIVE_AFTER = re.compile(r"(?i)^\s*[,;\u2014\u2013-]\s*(?:(?:which|that|who)(?:\s+is|'s|\s+was)\s+)?"
                               r"(?!(?:i|we|they|he|she|it|you|i'm|we're|they're|it's)\b)(?:[\w'-]+\s+){0,3}$")
_APPOSITIVE_BEFORE = re.compile(r"^\s*(?:[,;:\u2014\u2013-]|\s-)\s*(?:(?:the|is|was|called|named)\s+)?$")


def _joined(sentence: str, value: tuple[int, int], cue: tuple[int, int]) -> bool:
    """The value and the cue word stand in one clause, or across a comma as a name and its appositive ("my gym,
    Iron Temple", "Iron Temple, best gym in town"); a comma with other words between them ("had to let X go,
    money's tight") parts two clauses, each about its own thing."""
    if cue[1] <= value[0]:
        between = sentence[cue[1]:value[0]]
        return not _CLAUSE_PUNCTUATION.search(between) or _APPOSITIVE_BEFORE.match(between) is not None
    between = sentence[value[1]:cue[0]]
    return not _CLAUSE_PUNCTUATION.search(between) or _APPOSITIVE_AFTER.match(between) is not None


#: A sentence whose "I" chat dropped: a modal or a verb first, after a when at most ("tmr morning need take half day
#: leave for Dr X", "sat going Tampines cut hair with Joanne", "must reach office by 7am").
SUBJECT_DROPPED = re.compile(r"(?i)^\W*(?:(?:tmr|tmrw|tomorrow|today|tonight|later|yesterday|this|next|every|mon|tues?|"
                             r"wed|weds|thurs?|fri|sat|sun)\w*\s+(?:(?:morning|afternoon|evening|night|day|week)\s+)?)?"
                             r"(?:need|needs|must|have\s+to|got\s+to|gotta|going|gonna|want|wanna|wanted|"
                             r"cannot|can't|cant|will)\b")


def cue_candidates(sentence: str) -> list[Candidate]:
    """At most one fact: the value nearest the only attribute the sentence cues."""
    if sentence.rstrip().endswith("?") or ENDING.search(sentence):
        return []
    if HEDGE.search(sentence):
        return [c for c in _cue_candidates(sentence) if c.subject == USER and _possessed_device(sentence, c.value or "")]
    return [_dentist_by_the_teeth(c, sentence) for c in _cue_candidates(sentence)]


def _dentist_by_the_teeth(candidate: Candidate, sentence: str) -> Candidate:
    """A doctor cued only by the title "Dr", in a sentence about the teeth, is the dentist."""
    if candidate.predicate == "doctor" and re.match(r"(?i)dr\b", candidate.value or "") and \
            DENTAL_WORDS.search(sentence) and not re.search(r"(?i)\b(?:gp|doctor|physician)\b", sentence):
        return dataclasses.replace(candidate, predicate="dentist")
    return candidate


#: A car met on the road, not owned: "overtaken by a Ford Fiesta", "stuck behind a Range Rover".
_MET_ON_THE_ROAD = re.compile(r"(?i)\b(?:by|behind|past|overtook|passed|followed)\s+(?:a|an|some|another)\s+$")
#: A verb of ending on the cue's own noun: "Shut the account at Lloyds", "closed my account with Nationwide".
_ENDED_BEFORE_CUE = re.compile(r"(?i)\b(?:shut|shutting|closed|closing|close|cancel+ed|cancel+ing|cancel|ended|"
                               r"terminated)\s+(?:down\s+)?(?:the|my|our)\s+(?:[\w-]+\s+)?$")


#: A name said just before the verb that cues a home, a workplace or a car is its subject: ", Lorna, lives in",
#: "next time Dave can drive".
_SUBJECT_OF_CUE_VERB = re.compile(r"[\s,]*(?:(?:can|will|could|would|should|'ll|always|usually|often|never)\s+)?\w")


#: A car's yearly road-worthiness test, by its names in the UK, Ireland and New Zealand.
_CAR_TESTS = {"mot", "nct", "wof"}
#: A to-do line's verb before a name: the one to ring or text ("text Omar the address", "- ring Dr Shah re results").
_ERRAND_BEFORE = re.compile(r"(?i)\W*(?:" + "|".join(sorted(ERRAND_VERBS)) + r")\s+")
#: Between a cue noun and the name it is for: "dentist for Ellie", "a tutor for Sam".
_FOR_SOMEONE = re.compile(r"(?i)\s+(?:appointment\s+|appt\s+)?for\s+")
#: What may stand between a name and the cue noun it modifies: nothing, or a lowercase word or two ("chequing").
_COMPOUND_GAP = re.compile(r"\s+(?:[a-z-]+\s+){0,2}")


def _cue_candidates(sentence: str) -> list[Candidate]:
    cues = [(m.start(), CUES[m.group(1).lower()]) for m in _CUE_RE.finditer(sentence)
            if not _COMPANY_BEFORE.search(sentence, 0, m.start()) and not _CLASSIFIED_BEFORE.search(sentence, 0, m.start())
            and not _PERSON_FROM_BEFORE.search(sentence, 0, m.start())
            and not any(c.start() <= m.start() < c.end() for c in OTHER_KIND_COMPOUNDS.finditer(sentence))
            and not (CUES[m.group(1).lower()] in _ROLE_CONCEPTS and _ROLE_HELD.search(sentence, 0, m.start()))]
    for start, name in values_of_shape(sentence, "name"):  # a maker or model names its own kind ("my Pixel 8")
        kinds = {DEVICES[w.lower()] for w in name.split() if w.lower() in DEVICES}
        if len(name.split()) == 1 and name.lower() in WORDS_TOO:
            continue  # "the Golf course was packed": a word that is also a model names nothing alone
        if kinds == {"car"} and _MET_ON_THE_ROAD.search(sentence, 0, start):
            continue  # "Overtaken by a Ford Fiesta doing ninety": a car on the road; "Just got a Tesla" is the user's
        if len(kinds) == 1:
            cues.append((start, kinds.pop()))
    if any(_ENDED_BEFORE_CUE.search(sentence, 0, start) for start, _ in cues):
        return []  # the thing the cue names was just ended: no fact holds (the change reader ends the old one)
    concepts = {concept for _, concept in cues if concept in CONCEPTS}
    if not concepts:
        return lexical_candidates(sentence)
    if len(concepts) != 1:
        return []
    concept = concepts.pop()
    cues = [c for c in cues if c[1] == concept]
    values = [v for v in values_of_shape(sentence, VALUE_SHAPES.get(concept, "name")) if not is_cue_word(v[1])
              and not MODIFIED_HEADS.match(sentence, v[0] + len(v[1]))  # "the Richard Osman book": the book's
              and not TITLED_BY_WORK.search(sentence, 0, v[0])]  # "the podcast Rest Is History": its title
    cue_words = {m.group(1).lower() for m in _CUE_RE.finditer(sentence) if CUES[m.group(1).lower()] == concept}
    if cue_words and cue_words <= set(DEICTIC_HOME_CUES):
        values = [v for v in values if re.search(r"(?i)\bin\s+$", sentence[:v[0]])]  # "here" is the place "in" names
    if concept in DEVICES.values():
        values = [v for v in values if not any(w.lower() in DEVICES and DEVICES[w.lower()] != concept
                                               for w in v[1].split())]
    if concept in ("lives_in", "works_at", "car"):  # "my best friend, Lorna, lives in X", "Dave can drive"
        values = [v for v in values if not _SUBJECT_OF_CUE_VERB.fullmatch(sentence, v[0] + len(v[1]), cues[0][0] + 1)]
    # "dentist for Ellie is the 14th": the one it is for, not the one who holds it
    cue_ends = [m.end() for m in _CUE_RE.finditer(sentence) if CUES[m.group(1).lower()] == concept]
    values = [v for v in values if not any(_FOR_SOMEONE.fullmatch(sentence, end, v[0]) for end in cue_ends)
              and not _ERRAND_BEFORE.fullmatch(sentence, 0, v[0])]  # "text Omar the address": whom, not what
    if not values:
        return []
    if not FIRST_PERSON.search(sentence) and not SUBJECT_DROPPED.match(sentence) and \
            (len(sentence.split()) > 8 or len(values) > 1):
        return []  # about someone or something else: "the car is late because of Tom"
    if THIRD_PARTY_SUBJECT.search(sentence) and concept not in ("lives_in", "works_at"):
        return []  # "my brother has the Corolla now": the brother's, not the user's
    where = cues[0][0]
    # a name just before the cue noun is its own ("my Wells Fargo chequing account but my TA pay"); else the nearest
    compound = [v for v in values if _COMPOUND_GAP.fullmatch(sentence, v[0] + len(v[1]), where)]
    at, value = compound[-1] if compound else min(values, key=lambda item: abs(item[0] - where))
    if owned_by_another(sentence, at):
        return []  # "took us out in his new Tesla": his car
    found_at = sentence.find(value, at)  # the name's run may start before its value's words ("The", a weekday)
    value_span = (at, found_at + len(value) if found_at >= 0 else at + len(value))
    kept_cues = {start for start, _ in cues}  # not a cue word set aside above ("car park")
    cue_spans = [m.span() for m in _CUE_RE.finditer(sentence) if CUES[m.group(1).lower()] == concept and
                 m.start() in kept_cues] or \
        [(start, start) for start, _ in cues]  # a maker naming its own kind is its own cue
    if not any(_joined(sentence, value_span, span) for span in cue_spans):
        return []  # "We had to let X go, money's too tight": the cue is another clause's word
    subject = cue_subject(sentence, where)
    if subject is None or (subject != USER and concept not in ("lives_in", "works_at")):
        return []  # "After Callum moved to Perth, ...": Callum's home, not the user's
    # the person named nearest before the cue ("mum rang, my brother's only gone and moved to Leeds": the brother)
    relation = ([m for m in RELATION_MENTION.finditer(sentence) if m.start() < where] or
                list(RELATION_MENTION.finditer(sentence)) or [None])[-1]
    if subject == USER and relation and concept in ("lives_in", "works_at"):
        subject = RELATIONS[relation.group(1).lower()]
    return [Candidate("assert", subject, concept, value.strip(), sentence)]


def cue_value_span(sentence: str, candidate: Candidate) -> tuple[int, int] | None:
    """Where a cue fact lies in its sentence: from the first of its value and the words that cue its attribute to
    the last ("gym ... Iron Temple"); None when the value is not said verbatim."""
    value = (candidate.value or "").casefold()
    at = sentence.casefold().find(value) if value else -1
    if at < 0:
        return None
    starts, ends = [at], [at + len(value)]
    for match in _CUE_RE.finditer(sentence):
        if CUES[match.group(1).lower()] == candidate.predicate:
            starts.append(match.start())
            ends.append(match.end())
    return min(starts), max(ends)

