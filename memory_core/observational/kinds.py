"""What a sentence is about: the kind of fact, or not a fact about the user at all.

Priority comes from the kind, not from the phrasing: a food intolerance is a
health fact however casually it is said ("lactose wrecks my stomach"), and
"Write a poem about my dog" is a request, not a fact about a dog. The cues are
ordinary topic vocabulary (family words, health words, work words...), never
sentence frames, so an unfamiliar way of saying something still lands in its
kind as long as it names the topic.

Kinds, most important first: ``remember`` (explicit "remember that"),
``health`` (health, diet, safety), ``family`` (people, pets, names, identity),
``commitment`` (appointments, trips, dated plans); then ``work``, ``home``,
``possessions``, ``routines``, ``tools``, ``preferences``, ``other``. The first four
are high kinds (safety sits with health, identity and names with family): the Reflector never drops a current line of a high kind.
"""
from __future__ import annotations

import re
from typing import Collection

HIGH_KINDS = ("remember", "health", "family", "commitment")
OTHER_KINDS = ("work", "home", "possessions", "routines", "tools", "preferences", "other")
#: Lines about nothing personal: what the user asked for, pasted, or chatted.
NOISE_KIND = "asked"
ASKED_PREFIX = "User asked about: "

_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*"

_CUES: dict[str, str] = {
    "remember": r"remember (?:that|this)|don'?t forget|do not forget|keep in mind|remind me|note that",
    "health": r"allerg\w*|intoleran\w*|epi-?pen|anaphyla\w*|asthma\w*|diabet\w*|c[o]?eliac|blood pressure|"
              r"medication|medicine|meds|pills?|prescri\w*|doctor|doc|gp|nurse|hospital|a&e|surgery|operation|"
              r"therapy|therapist|diagnos\w*|migraines?|pregnan\w*|injur\w*|vegetarian|vegan|pescatarian|"
              r"gluten|lactose|dairy|nuts?|peanuts?|shellfish|sesame|halal|kosher|diet|stomach|sick|illness|"
              r"emergency|symptoms?|dose|insulin|inhaler|cholesterol|health|healthy|physio\w*|dentist",
    "family": r"daughters?|sons?|kids?|child|children|baby|babies|wife|husband|partner|spouse|girlfriend|"
              r"boyfriend|fianc\w*|mum|mom|mam|mother|dad|father|parents?|sisters?|sis|brothers?|siblings?|"
              r"grand\w+|granny|nan|aunt|auntie|uncle|cousins?|niece|nephew|family|in-laws?|dogs?|cats?|"
              r"puppy|kitten|pets?|my name|call me|years old|birthday|born",
    "commitment": r"appointments?|deadline|wedding|flights?|flying|fly to|trip|holiday|vacation|booked|"
                  r"meeting|interview|check-?up|promised|exam|concert|tickets?|conference|"
                  rf"on (?:the )?\d{{1,2}}(?:st|nd|rd|th)?|{_MONTH} \d{{1,2}}|next (?:week|month|year)|"
                  rf"(?:this|next|on) {_DAY}",
    "work": r"work\w*|job|career|office|boss|manager|colleagues?|co-?workers?|team|company|employer|clients?|"
            r"salary|promotion|shifts?|notice|hired|contract|profession\w*|startup|business",
    "home": r"live|lives|living|lived|home|flat|apartment|house|moved|move|moving|rent\w*|neighbou?rhood|"
            r"street|town|city|garden|landlord|address",
    "possessions": r"car|bike|bicycle|laptop|phone|drive|drives|driving|drove|bought|sold|own|owns|tablet|"
                   r"camera|guitar|piano|motorbike|scooter",
    "routines": rf"every|each|weekly|daily|mornings|evenings|nights|weekends?|{_DAY}s|usually|routine|class|"
                r"gym|yoga|pilates|running|jog\w*|swim\w*|volunteer\w*|training|practice",
    "tools": r"app|apps|account|e-?mail|mail|bank|banking|password\w*|editor|software|browser|login|"
             r"subscription|server|cloud|calendar",
    "preferences": r"favou?rite|prefer\w*|love|loves|like|likes|hate|hates|enjoy\w*|(?:got|getting|really|been|i'm) into|"
                   r"hooked|hobby|"
                   r"coffee|tea|food|cuisine|music|fan of|can't stand|cannot stand",
}
_CUE_RE = {kind: re.compile(rf"(?<![\w&-])(?:{pattern})(?![\w&-])", re.I) for kind, pattern in _CUES.items()}

_QUESTION_START = re.compile(r"^(?:what|why|how|when|where|who|which|whose|is|are|was|were|do|does|did|can|could|"
                             r"would|will|should|shall|may|might|have|has|any|remind me (?:how|what|why|when|who))\b",
                             re.I)
_REQUEST_START = re.compile(
    r"^(?:please\b|can you\b|could you\b|would you\b|will you\b|i'd like you to\b|help me\b|"
    r"(?:write|draft|compose|create|generate|explain|summari[sz]e|translate|list|suggest|recommend|describe|"
    r"rewrite|fix|review|check|show|tell|give|make|find|send|get|jot|knock|bash|plan|outline|convert|"
    r"calculate|define|name|brainstorm)\b(?:\s+(?:me|us)\b)?)", re.I)
_SMALL_TALK = re.compile(
    r"^(?:hi|hello|hey|hiya|yo|thanks|thank you|thx|cheers|ta|ok|okay|cool|great|nice|yes|yeah|yep|no|nope|sure|"
    r"bye|good (?:morning|night|evening|afternoon)|morning|evening|lol|haha|ha|oof|wow|alright|right|fine|"
    r"brilliant|perfect|awesome|sounds good|that makes sense|makes sense|fair enough|got it)\b", re.I)
_TRANSIENT = re.compile(r"\b(?:today|tonight|this (?:morning|afternoon|evening)|right now|at the moment|just now|"
                        r"just|tired|knackered|exhausted|weather|raining|rain|sunny|cold out|hot out)\b", re.I)
_OWN = re.compile(r"\b(?:i'm|i am|i have|i've|i was|my|we're|we are|we have|our)\b", re.I)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|my|mine|me|we|we're|we've|our|ours|us)\b", re.I)
_CAPITALIZED = re.compile(r"\b[A-Z][\w'&-]*")
_NOT_PROPER = {"I", "I'm", "I've", "I'd", "I'll", "OK", "Ok"}
#: First words after which a lower-case statement is about someone or something else, not the speaker.
_OTHER_SUBJECTS = frozenset("""the a an it it's its this that that's these those there there's here here's he he's
she she's they they're you you're your his her their what who how why when where which lol haha ok okay""".split())


def cue_kind(text: str) -> str | None:
    """The most important kind whose topic words the text names, or None."""
    for kind in _CUES:
        if _CUE_RE[kind].search(text):
            return kind
    return None


def is_question(sentence: str) -> bool:
    return sentence.rstrip().endswith("?") or bool(_QUESTION_START.match(sentence.strip()) and "?" in sentence)


_MEMORY_REQUEST = re.compile(r"^(?:(?:please|pls|just|can you|could you|would you)[,\s]+)?"
                             r"(?:remember (?:that|this)|don'?t forget|do not forget|keep in mind|note that)\b", re.I)


def is_memory_request(sentence: str) -> bool:
    """"(Please) remember that I'm allergic to peanuts", also as a question: the user asks Mneme to keep a fact."""
    return bool(_MEMORY_REQUEST.match(sentence.strip()))


def is_request(sentence: str) -> bool:
    """Asking for something ("Write me a poem", "Could you draft..."): not a fact about the user."""
    text = sentence.strip()
    if is_memory_request(text) or re.match(r"^(?:remind me|remember)\b", text, re.I):
        return False           # "remind me that..." is an explicit memory request: a fact, not a chore
    return bool(_REQUEST_START.match(text))


def proper_nouns(sentence: str) -> set[str]:
    """Capitalized words that do not start the sentence (or a clause after . ! ? :): names, places, brands."""
    text = sentence.strip()
    found: set[str] = set()
    for match in _CAPITALIZED.finditer(text):
        before = text[:match.start()].rstrip()
        if not before or before[-1] in ".!?:\"(":
            continue
        if match.group() not in _NOT_PROPER and not match.group().startswith(("I'", "I’")):
            found.add(match.group())
    return found


def has_proper_noun(sentence: str, known: Collection[str] = ()) -> bool:
    """A name, a place, a brand: a capitalized word inside the sentence, or a first word already known as a
    name from what the user said elsewhere ("Elsa lost her first tooth" once "picked Elsa up" was seen)."""
    if proper_nouns(sentence):
        return True
    first = _CAPITALIZED.match(sentence.strip())
    return bool(first and first.group() in known and first.group() not in _NOT_PROPER)


def elided_subject(sentence: str) -> bool:
    """Texting drops the "I": "signed up for a chess course, obsessed". A statement that starts in lower case
    with a word that cannot be a third-party subject speaks about the speaker."""
    first = sentence.strip().split(" ", 1)[0].lower().strip(",.!?:;")
    return bool(first) and sentence.strip()[:1].islower() and first not in _OTHER_SUBJECTS


def sentence_kind(sentence: str, known_names: Collection[str] = ()) -> str | None:
    """The kind of a user sentence: a fact kind, ``NOISE_KIND`` (asked/requested), or None (chatter, skip).

    A statement is a fact about the user when it names a topic (cue words), a
    name or a number, or speaks about the speaker at some length (also with the
    "I" left out, as texting does); a short pleasantry, a mood of the moment or
    the weather is not. ``known_names``: names the user used elsewhere, so one
    that starts the sentence still counts as a name.
    """
    text = sentence.strip()
    words = text.split()
    if not words:
        return None
    if is_memory_request(text):
        return "remember"
    if is_question(text) or is_request(text):
        # "What can I cook, given I'm lactose intolerant?" still tells us something about the user
        kind = cue_kind(text) if _OWN.search(text) else None
        return kind if kind not in (None, "remember") else NOISE_KIND
    kind = cue_kind(text)
    if (len(words) < 4 and kind not in HIGH_KINDS) or (_SMALL_TALK.match(text) and len(words) < 7 and kind is None):
        return None
    specific = kind is not None or has_proper_noun(text, known_names) or bool(re.search(r"\d", text))
    if not specific:
        about_self = _FIRST_PERSON.search(text) or elided_subject(text)
        if _TRANSIENT.search(text) or not about_self or len(words) < 5:
            return None
        return "other"   # the speaker about themselves, no topic we know: a personal note
    return kind or "other"


def kind_priority(kind: str | None) -> str:
    """Stored priority of a kind: high kinds 🔴, other facts 🟡, what was asked 🟢."""
    if kind in HIGH_KINDS:
        return "high"
    if kind == NOISE_KIND or kind is None:
        return "low"
    return "medium"


def line_kind(text: str, known_names: Collection[str] = ()) -> str | None:
    """The kind of a stored observation line ("User: ..." / "User asked about: ..." / LLM notes)."""
    bare = re.sub(r"^User(?: said| asked)?:?\s*", "", text.strip())
    if text.startswith(ASKED_PREFIX) or text.startswith("User asked") or text.startswith("User pasted"):
        return NOISE_KIND
    return sentence_kind(bare, known_names) or cue_kind(bare)
