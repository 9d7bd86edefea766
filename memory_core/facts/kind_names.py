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
from dataclasses import replace
from typing import Sequence

from memory_core.facts.attributes import CONCEPTS
from memory_core.facts.candidate import Candidate
from memory_core.facts.change_cues import PERSON_PATTERN, about_someone_else
from memory_core.facts.changes import says_an_ending
from memory_core.facts.cues import ENDING, FIRST_PERSON, HEDGE, NEGATION, values_of_shape
from memory_core.facts.frame_words import DENTAL_WORDS, DEVICES, without_opening_verb
from memory_core.facts.known_names import known_after, known_kind, known_names_in, tied_to_user
from memory_core.facts.ledger import USER, normalize_value
from memory_core.facts.lexicon import kind_of
from memory_core.facts.truecasing import a_lower_case_word

#: Words inside a name that say its kind (the concept it is held under).
KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("gym", re.compile(r"(?:Gym|\bFitness|\bLeisure\s+Cent(?:re|er)|\bHealth\s+Club)\b")),
    ("bank", re.compile(r"\b(?:Bank|Building\s+Society|Credit\s+Union)\b")),
    ("race", re.compile(r"\b(?:Marathon|Half|Triathlon|Ultra|10[Kk])\b|\b[A-Z]\w+\s+Run$")),
    ("dentist", re.compile(r"\b(?:Dental|Dentistry|Dentists|Orthodontics)\b")),
    ("vet", re.compile(r"\b(?:Vets|Veterinary|Animal\s+Hospital)\b")),
    ("barber", re.compile(r"\b(?:Barbers?|Barbershop|Hair\s+Salon|Hair\s+Studio|Hairdressers?)\b")),
    ("garage", re.compile(r"\b(?:Motors|Autos|Auto\s+Cent(?:re|er)|Autocent(?:re|er)|Auto\s+Repairs?|Car\s+Care|"
                          r"Motor\s+Works|Garage)$")),
)

#: Things a person owns, which a firm whose name says its kind is not: "my car is in at Bay Motors" names the
#: garage, not the car.
_THINGS_OWNED = {"car", "bike", "phone", "laptop"}

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


#: The user's household said without "I" or "my": "the whole family's in Cleveland Browns gear", "the electricity at
#: home is from British Gas".
_HOUSEHOLD = re.compile(r"(?i)\b(?:the\s+(?:whole\s+)?(?:family|household|kids|wife|husband|missus|hubby)|at\s+home)\b")
#: Someone else is the clause's subject: "My brother-in-law is a die-hard Chicago Cubs fan".
_OTHERS_SUBJECT = re.compile(rf"(?i)^\W*(?:my|our)\s+(?:{PERSON_PATTERN})(?:'s)?\s+(?:is|was|has|'s|are|were)\b")
#: A sentence with no subject of its own, as chat drops "I": "just back from Bannatyne's", "Been with Lloyds for
#: years", "off to PureGym", "Joined Virgin Active" (not "The Beatles documentary on Disney+ ...").
_SUBJECTLESS = re.compile(r"^\W*(?:(?i:just|finally|still|back|off|been|heading|going|went|gone|got|popped|nipped|"
                          r"another|joined|signed\s+up)\b|[a-z])")


#: Car models that are no everyday word: "the Corolla" is a car where "the Golf" or "the Focus" may not be.
_CAR_MODELS = {"corolla", "octavia", "qashqai", "yaris", "sandero", "passat", "tiguan", "tucson", "sportage", "rav4",
               "camry", "fiesta", "corsa", "astra", "prius"}
#: Said of a car the user has: "my Kia Niro", "the Ford Focus", or the sentence's start ("Skoda Octavia due for MOT").
_THE_USERS_BEFORE = re.compile(r"(?i)(?:^\W*|\b(?:my|our|the)\s+)$")


def _opens_a_note_on_its_thing(sentence: str, at: int, name: str, concept: str) -> bool:
    """A note that opens with the brand and the user's thing of it, as people jot them: "Tesco run for milk", "Sky
    wifi down AGAIN", "Octopus bill up again"."""
    return not sentence[:at].strip(" -*\u2022") and known_after(concept, sentence[at + len(name):])


#: A brand's thing had for someone else, said right after it: "a prescription from Boots for mum".
_FOR_SOMEONE = re.compile(rf"(?i)^\s+for\s+(?:my\s+|our\s+|me\s+)?(?:{PERSON_PATTERN})\b")


def _kind(name: str, sentence: str, at: int) -> str | None:
    for concept, words in KINDS:
        if words.search(name):
            return concept
    known = known_kind(name)
    if known and _FOR_SOMEONE.match(sentence[at + len(name):]):
        return None  # "picked up a prescription from Boots for mum": hers
    if known and tied_to_user(known, name, sentence[max(0, at - _LOOK_BACK):at], sentence[at + len(name):]) and \
            (FIRST_PERSON.search(sentence) or _NOTE_OPENING.match(sentence) or _SUBJECTLESS.match(sentence) or
             _HOUSEHOLD.search(sentence) or _opens_a_note_on_its_thing(sentence, at, name, known)) and \
            not _OTHERS_SUBJECT.match(sentence[max(0, at - _LOOK_BACK):at]):
        # "Been with Lloyds since I was sixteen", "the Nationwide app says I"; a brand said of no one is no one's:
        # "The Beatles documentary on Disney+ is eight hours long"
        return known
    done_there = _ACTIVITY_AT.search(sentence[max(0, at - _LOOK_BACK):at])
    if done_there:  # "yoga at Lotus Tree Yoga": where the user does yoga
        words = done_there.group("words").lower().split()
        while words and words[-1] in _SESSION_WORDS:
            words.pop()  # "swimming lessons at X": swimming
        for said in (" ".join(words[-2:]), " ".join(words[-1:])):  # "rock climbing", "climbing"
            if said and kind_of(said) == "hobby":
                return said
    if _DOCTOR_TITLE.match(name) and DENTAL_WORDS.search(sentence):
        return "dentist"
    if _DOCTOR_TITLE.match(name) and _VISIT.search(sentence):
        return "doctor"
    words = name.lower().split()
    if len(words) == 1 and words[0] in _CAR_MODELS and \
            re.search(r"(?i)\b(?:my|our|the)\s+$", sentence[max(0, at - 12):at]):
        return "car"  # "dropped the Corolla in for a service", "my Octavia": a car's model alone (a maker alone,
        # "booked the Skoda in", may be the dealer's or the brand's as often)
    if len(words) < 2:
        return None
    kind = DEVICES.get(words[0]) or DEVICES.get(words[1])  # "Pixel 8"; "Samsung Galaxy S21" is named by "Galaxy"
    if kind == "car" and not _THE_USERS_BEFORE.search(sentence[max(0, at - 12):at]):
        return None  # "a Ford Focus cut me up": any car on the road; "the Ford Focus wouldn't start" is the user's
    return kind


#: Where a long sentence's next clause begins: a denial, a hedge, an ending or a comparison in another clause is
#: about that clause's thing ("get to Planet Fitness three mornings a week, although I'm honestly not sure whether
#: mornings are better"; "Membership at Goodlife Fitness came out, which is daft because I never go" stays a gym).
_CLAUSE_BREAK = re.compile(r"(?i)[;:]\s+|\s+-+\s+|,\s+(?=(?:although|though|but|because|since|so|which|while|"
                           r"whereas|partly|and\s+(?:i|we|it|that|honestly)|or|i|i'm|i've|i'll|i'd|we|we're|we've|"
                           r"it's|that's)\b)|\s+(?=(?:although|though|but|because|whereas)\b)")
#: A clause that asks without a question mark: a verb before its subject ("do you think", "what should I");
#: not an imperative or a note ("Do the farm accounts on a MacBook Air").
_ASKING = re.compile(r"(?i)^\W*(?:(?:what|which|how|where|why|who|when)\s+(?:\w+\s+)?)?(?:is|are|was|were|do|does|"
                     r"did|can|could|should|would|will|have|has)\s+(?:you|i|we|they|he|she|it|there|anyone|"
                     r"anybody)\b")


#: "says" of a thing that shows the user their own facts is no one's report: "the Nationwide app says I had £4".
_SAID_BY_A_THING = re.compile(r"(?i)\b(?:app|website|site|statement|screen|account|balance|tracker|watch)\s+$")


def clause_at(sentence: str, at: int) -> str:
    """The clause of the sentence that holds position ``at``."""
    start = 0
    for brk in _CLAUSE_BREAK.finditer(sentence):
        if brk.start() >= at:
            return sentence[start:brk.start()]
        start = brk.end()
    return sentence[start:]


def _users(sentence: str) -> bool:
    """A sentence of the user's own life: first person, a note to self, or one that names no third person."""
    return bool(FIRST_PERSON.search(sentence) or _NOTE_OPENING.match(sentence)
                or not re.search(r"(?i)\b(?:he|she|they|his|her|their)\b", sentence))


def _plain(clause: str, last: bool) -> bool:
    """A clause that states: not someone else's news, not asked, denied, hedged, ended or compared. The last
    clause of a sentence that ends in "?" asks, and so does one that opens like a question."""
    asked = (last and clause.rstrip().endswith("?")) or bool(_ASKING.match(clause))
    hedged = any(not _SAID_BY_A_THING.search(clause, 0, hedge.start()) for hedge in HEDGE.finditer(clause))
    return not (asked or hedged or NEGATION.search(clause) or ENDING.search(clause) or
                says_an_ending(clause) or _COMPARED.search(clause) or about_someone_else(clause))


def _named(sentence: str) -> list[tuple[int, str, bool]]:
    """(where, name, is a language being learned) for the names of a sentence, and its languages said with the
    words of learning one ("day 212 on duolingo doing Scottish Gaelic")."""
    shaped = values_of_shape(sentence, "name")
    # a well-known brand, unless a longer name holds it ("Goodlife Fitness" of "Goodlife"): "Nationwide app says"
    names = [(at, name, False) for at, name in known_names_in(sentence)
             if not any(other <= at and at + len(name) <= other + len(said) and len(said) > len(name)
                        for other, said in shaped)]
    names += [(at, name, False) for at, name in shaped
              if not any(at < other + len(said) and other < at + len(name) for other, said, _ in names)]
    if _LEARNING.search(sentence):
        names += [(at, language, True) for at, language in values_of_shape(sentence, "language")]
    return names


def _kind_names(sentence: str, band_talk: bool = False) -> list[tuple[int, str, str]]:
    """(where, name, concept) for each name of the sentence that says its kind; with ``band_talk`` (the message
    speaks of a band), a name played or rehearsed with is the band."""
    found = []
    for at, name, language in _named(sentence):
        if band_talk and _PLAYED_WITH.search(sentence[max(0, at - 40):at]):
            # a band's "The" is its name's ("The Loose Gravel"); a name's run starts at its "The"
            found.append((at, "The " + name if sentence.startswith("The " + name, at) else name, "band"))
            continue
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
    return (said_by_its_name and len(words) < 2 and known_kind(name) is None) or \
        any(words <= set(value.split()) for value in taken) or \
        bool(_OWNER_BEFORE.search(clause)) or (concept == "race" and bool(_RACE_DONE.search(clause)))


#: Playing with a named group: "practice with The Loose Gravel", "rehearsing with X", "a gig with X Saturday".
_PLAYED_WITH = re.compile(r"(?i)\b(?:band\s+)?(?:practice|practise|rehearsal|rehearsals|rehearsing|rehearse|jamming|"
                          r"jam|gig|gigs|gigging|show|playing|play|played)\s+with\s+$")
#: Words that make "practice with X" a band's: said anywhere in the message.
_BAND_TALK = re.compile(r"(?i)\b(?:band|bands|gig|gigs|setlist|set\s+list|covers?|drummer|bassist|guitarist|"
                        r"singer|vocals|keys|amp|rehears\w*)\b")


def kind_name_candidates(said: Sequence[str], candidates: Sequence[Candidate]) -> list[Candidate]:
    """Facts of names that say their kind, in sentences of the user's where no layer read that name."""
    taken = _values_read(candidates)
    found: list[Candidate] = []
    band_talk = any(_BAND_TALK.search(sentence) for sentence in said)
    for sentence in said:
        if not _users(sentence) or about_someone_else(sentence) or _COMPARED.search(sentence):
            continue
        last = clause_at(sentence, len(sentence))
        named = [(at, name, concept) for at, name, concept in _kind_names(sentence, band_talk)
                 if _plain(clause := clause_at(sentence, at), clause == last)]
        kinds = Counter(concept for concept, _ in {(c, normalize_value(n)) for _, n, c in named})
        for at, name, concept in named:
            if kinds[concept] > 1:
                continue  # two of one kind ("a Nokia G42 in exchange for my Galaxy S23"): a switch, the changes'
            if _left_alone(name, concept, sentence[max(0, at - _LOOK_BACK):at], taken):
                continue
            taken.add(normalize_value(name))
            found.append(Candidate("assert", USER, concept, name, sentence))
    return found


#: Attributes read from the word beside a name that are no kind of their own: "my Chase card", "the Monzo app",
#: "practice with X", "been going to X" (a trip), "my son goes to X".
_GENERIC_ATTRIBUTES = {"card", "app", "account", "membership", "practice", "rehearsal", "trip", "go_to", "goes_to",
                       "sub", "subscription", "login", "checking_account", "chequing_account", "gear", "jersey",
                       "shirt", "top", "kit", "scarf", "game", "match"}


def _generic_brand(candidate: Candidate) -> bool:
    """A fact another layer held under a word that is no kind ("my Chase card": ``card``, "practice with The Loose
    Gravel": ``practice``) or as a place gone to ("been going to Planet Fitness for two years": no trip): where
    this module reads the same name's kind, its kind is the better attribute."""
    predicate = candidate.predicate or ""
    return candidate.op == "assert" and (predicate.startswith("named") or predicate in _GENERIC_ATTRIBUTES)


def _says_its_kind(candidate: Candidate) -> bool:
    """The name's own words say the kind the fact holds it as: "Smile Dental" a dentist, "Kings Barbers" a barber."""
    return any(concept == candidate.predicate and words.search(candidate.value or "") for concept, words in KINDS)


def outranked(candidates: Sequence[Candidate], kind_facts: Sequence[Candidate]) -> list[Candidate]:
    """The candidates less the ones a kind fact says better: "card: Chase" once "bank: Chase" is read; and, for a
    name whose own words say its kind, any attribute that is no known concept ("got my teeth cleaned at Smile
    Dental": the dentist, not a "teeth_cleaned")."""
    kinds = {normalize_value(c.value or "") for c in kind_facts}
    named_kinds = {normalize_value(c.value or "") for c in kind_facts if _says_its_kind(c)}
    return [c for c in candidates
            if not (_generic_brand(c) and normalize_value(c.value or "") in kinds)
            and not (c.op == "assert" and (_read_from_other_words(c) or c.predicate in _THINGS_OWNED)
                     and normalize_value(c.value or "") in named_kinds)]




def _values_read(candidates: Sequence[Candidate]) -> set[str]:
    """The values other layers read under a kind of their own: names this module leaves to them. Not one read as no
    kind ("card", "goes to"), nor one whose own words say a kind other layers read as something else ("got my teeth
    cleaned at Smile Dental", "my car is in at Bay Motors")."""
    return {normalize_value(c.value) for c in candidates if c.value and not _generic_brand(c)
            and not ((_read_from_other_words(c) or c.predicate in _THINGS_OWNED) and
                     any(words.search(c.value) for _, words in KINDS))}


def _read_from_other_words(candidate: Candidate) -> bool:
    """An attribute made of the sentence's other words ("teeth_cleaned" of "got my teeth cleaned at X"), not a
    known concept nor a noun the user gave the thing ("our mortgage is with X Building Society")."""
    return candidate.predicate not in CONCEPTS and "_" in (candidate.predicate or "")


#: A school's name says its kind: "Lincoln Elementary", "Oakfield School", "Brookvale Academy".
_SCHOOL = re.compile(r"\b(?:School|Elementary|Academy|Primary|Grammar|Montessori|Prep|Kindergarten|Nursery|"
                     r"Infants|Juniors)\b|\bHigh$")  # "Lincoln High", never "High Street Dental"
#: The user's child said beside a school: the school is theirs. "my daughter", "our youngest", "the lad", "my girl".
_CHILD = re.compile(r"(?i)(?:\b(?:my|our|the|me)\s+(?:\w+\s+)?|(?:^|[(,]\s*)(?:(?:youngest|eldest|oldest|little)\s+)?)"
                    r"(?P<child>son|daughter|lad|boy|girl|kid|kids|child|youngest|eldest|oldest|little\s+one)\b")
_CHILD_NOUN = re.compile(r"\b(?:son|daughter|lad|boy|girl|kid|kids|child|youngest|eldest|oldest)$")
_CHILD_RELATION = {"son": "son", "lad": "son", "boy": "son", "daughter": "daughter", "girl": "daughter"}


#: A place of worship by its name: "St Patrick's", "Grace Community Church", "Our Lady of Lourdes".
_WORSHIP = re.compile(r"\b(?:Church|Chapel|Cathedral|Parish|Kirk|Abbey|Minster|Mosque|Masjid|Temple|Synagogue|Gurdwara|"
                      r"Tabernacle|Assembly)\b|^(?:St\.?|Saint|Our\s+Lady|Holy|Sacred)\s")
#: The parse's attribute for a child moved to another school: "named_act:move_the_daughter_to".
_CHILD_MOVED = re.compile(r"named_act:(?:move|moved|switch|switched|change|changed|transfer|transferred)_(?:\w+_)?"
                          r"(?P<child>son|daughter|lad|boy|girl|kid|kids|child|youngest|eldest|oldest)_to$")
#: Verbs a child's school is said with, read by the parse as an attribute of their own: "my son goes to X".
_ATTENDS = {"go_to", "goes_to", "attend", "attends", "attend_at", "study_at", "studies_at", "at"}


def schools_named(candidates: Sequence[Candidate]) -> list[Candidate]:
    """A school said with "goes to"/"attends" is the person's school: "my son goes to Oakfield School", "Arlo goes
    to Kingsway Academy now" (the same attribute, so the new school succeeds the old)."""
    found = []
    for c in candidates:
        child = _CHILD_NOUN.search((c.predicate or "").replace("_", " ")) if c.subject == USER else None
        moved = _CHILD_MOVED.match(c.predicate or "") if c.subject == USER else None
        if c.op == "assert" and (c.predicate or "").removeprefix("named_act:") in _ATTENDS and \
                _WORSHIP.search(c.value or "") and \
                not _SCHOOL.search(c.value or ""):
            found.append(replace(c, predicate="church"))  # "my maw goes to St Patrick's": her church
        elif c.op != "assert" or not _SCHOOL.search(c.value or ""):
            found.append(c)
        elif c.predicate in _ATTENDS | {"lives_in"} and c.subject != USER:
            # "my daughter has moved to Oakfield School": where she goes, not where she lives
            found.append(replace(c, predicate="school"))
        elif moved:  # "we've moved our daughter to Greenfield Primary": the parse's "move the daughter to"
            found.append(replace(c, subject=_CHILD_RELATION.get(moved.group("child"), "child"), predicate="school"))
        elif child:  # "our youngest lad's at Hillview Primary": held as the user's "youngest_lad"
            found.append(replace(c, subject=_CHILD_RELATION.get(child.group(0), "child"), predicate="school"))
        else:
            found.append(c)
    return found


#: A child dropped off at or picked up from a place whose name says it is a school: "I drop Lily off at Oakwood
#: School", "picking the kids up from St Anne's Primary". Whoever is taken there goes there.
_TAKEN_TO_SCHOOL = re.compile(
    r"\b(?i:drop|drops|dropping|dropped|take|takes|taking|took|pick|picks|picking|picked|collect|collects|collecting|"
    r"collected|walk|walks|walking|walked|run|runs|running|ran)\s+"
    r"(?P<who>(?i:(?:the|my|our|me)\s+(?:(?:little|eldest|oldest|youngest|two|three|wee)\s+)?(?:kids|children|boys|girls|"
    r"twins|son|daughter|little\s+one|little\s+ones|lad|lads|girl|boy|youngest|eldest|oldest|wee\s+one|weans|bairns))|"
    r"(?:[A-Z][a-z]+))\s+(?i:(?:off|up|in)\s+)?(?i:at|from|to|into)\s+(?=(?:the\s+)?[A-Z])")
#: The past of taking, said of one day unless a habit is said with it.
_TAKEN_ONCE = re.compile(r"(?i)(?:dropped|took|picked|collected|walked|ran)\b")
_EVERY_TIME = re.compile(r"(?i)\b(?:every|always|usually|each|normally)\b")
_TAKEN_RELATION = {"son": "son", "lad": "son", "boy": "son", "daughter": "daughter", "girl": "daughter"}


def taken_to_school(said: Sequence[str], taken: set[str]) -> list[Candidate]:
    """The school of a child the user takes there or fetches from there ("I drop Lily off at Oakwood School")."""
    found: list[Candidate] = []
    for sentence in said:
        if sentence.rstrip().endswith("?") or NEGATION.search(sentence):
            continue
        for match in _TAKEN_TO_SCHOOL.finditer(sentence):
            if _TAKEN_ONCE.match(match.group(0)) and not _EVERY_TIME.search(sentence):
                continue  # "Dropped the kids at Kingsway Primary then went to work": a day's news
            after = sentence[match.end():]
            name = next((n for at, n in values_of_shape(after, "name") if at <= 4), None)
            who = match.group("who")
            if name is None or not _SCHOOL.search(name) or normalize_value(name) in taken:
                continue
            if who[:1].isupper() and (a_lower_case_word(who) or known_kind(who)):
                continue  # "took Tesco ...", "drop Mum ...": no child named
            last = who.lower().split()[-1]
            subject = who if who[:1].isupper() else _TAKEN_RELATION.get(last, "child")
            found.append(Candidate("assert", subject, "school", name, sentence))
            taken.add(normalize_value(name))
    return found


def school_candidates(said: Sequence[str], candidates: Sequence[Candidate]) -> list[Candidate]:
    """A child's school, named by a name that says it is one, in a sentence that names the user's child:
    "Carpool for Lincoln Elementary leaves at 7:40 and my daughter still can't find her shoe", "Youngest lad's at
    Oakfield School", or where the user takes a child ("I drop Lily off at Oakwood School": ``taken_to_school``).
    Not asked, denied or ended in the school's own clause, nor someone else's child."""
    taken = _values_read(candidates)
    found: list[Candidate] = taken_to_school(said, taken)
    for sentence in said:
        child = _CHILD.search(sentence)
        if child is None or _OWNER_BEFORE.search(sentence[max(0, child.start() - 40):child.start("child")]):
            continue
        last = clause_at(sentence, len(sentence))
        for at, name in values_of_shape(sentence, "name"):
            clause = clause_at(sentence, at)
            if not _SCHOOL.search(name) or normalize_value(name) in taken or \
                    (clause == last and clause.rstrip().endswith("?")) or NEGATION.search(clause) or \
                    ENDING.search(clause) or says_an_ending(clause) or _COMPARED.search(sentence):
                continue
            relation = _CHILD_RELATION.get(child.group("child").lower(), "child")
            found.append(Candidate("assert", relation, "school", name, sentence))
            return found
    return found
