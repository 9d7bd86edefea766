"""Dated things in a person's life: "Eye test for me on 12 May.", "mum's op = 8 May", "Tama's driving test 19 May".

Why a module of its own: the slot rules read "my <appointment> is on <date>"; people put a date beside an
event noun in many more ways (a fragment, "=", "booked for", "X of my mother", "the 3 June eye test"), about
themselves and about the people in their life, and later move, cancel, rebook and correct it. One idea
here: an event, its owner, and the date that holds for it now.

* **Event**: a noun phrase whose head names a dated one-off (``EVENT_HEADS``: test, op, MOT, wedding,
  renewal...) with its kind ("driving test", "knee op" -> knee operation, "test for driving" -> driving
  test, "the dentist" -> dentist appointment); a few verbs name one too ("is to be married on": a wedding,
  "having her hip done on": a hip operation). With a dependency parse, a sentence the noun shapes miss is
  read from its tree (the verb the date hangs from, and that verb's subject as the owner).
* **Owner**: "my", "for me" (the user); a relation ("mum's op", "operation of my mother": mother); a name
  ("Sinead's wedding", "my friend Sinead": Sinead). Another thing of the user's ("the pickup's MOT")
  stays the user's. Unspoken ("the MOT", "Test on 19 May"): the user here; ``moved_dates`` gives a later
  change the owner of the event it changes.
* **Date**: a day date as written ("12 May", "May 12th", "the 20th"), never rewritten. Of several, the
  one that holds now: not one set aside ("from 14 May", "not 7 June", "instead of 15 May", "it was 21
  June", "I said 14 May by mistake", "on 12 May is off", "the 3 June eye test is now ...").
* **Not a fact**: a question, a hedge ("if", "hope"), a negation ("my op isn't on 8 May"), a cancelled
  date with no new one, and a past one-off ("I had my eye test on 3 May"): only day dates are read, and
  a past-tense verb of doing before the date gives nothing. What is kept is an upcoming dated thing: a
  ``plan:<event>`` fact (named like ``plan:dentist_appointment``) in the ``plan`` category, whose
  staleness window (60 days) lets it fade once the day has passed; it is never deleted.

A new date for the same owner's event is a new value of the same single-valued slot, so the ledger
retires the old one (``invalid_at``, ``supersedes``); a different event ("eye test" vs "driving test")
is another slot and retires nothing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from memory_core.facts.attributes import same_attribute
from memory_core.facts.candidate import Candidate
from memory_core.facts.change_cues import CHANGE_VERBS, PERSON_NOUNS, unasserted
from memory_core.facts.extraction import sentences as split_sentences
from memory_core.facts.parse_tokens import DependencyParser, ParsedSentence, Token
from memory_core.facts.parse_tree import Tree, is_question

USER = "user"
PLAN = "plan:"

_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
          r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
#: A day date as people write it: "12 May", "12th of May", "May 12th", "the 20th"; a year may follow.
DATE = re.compile(
    rf"(?i)(?<![\w/-])(?:{_DAY}\s+(?:of\s+)?{_MONTH}\b|{_MONTH}\.?\s+{_DAY}(?![\d:])\b|"
    rf"(?<=the\s)\d{{1,2}}(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?{_MONTH}\b))(?:,?\s+(?:19|20)\d\d\b)?")

#: Nouns that name a dated one-off, with the word stored for each.
EVENT_HEADS = {
    "appointment": "appointment", "appt": "appointment", "test": "test", "exam": "exam", "exams": "exam",
    "op": "operation", "operation": "operation", "surgery": "operation", "procedure": "procedure",
    "scan": "scan", "mri": "mri", "x-ray": "x-ray", "checkup": "checkup", "check-up": "checkup",
    "mot": "mot", "service": "service", "wedding": "wedding", "funeral": "funeral", "christening": "christening",
    "interview": "interview", "hearing": "hearing", "deadline": "deadline", "renewal": "renewal",
    "assessment": "assessment", "audition": "audition", "graduation": "graduation", "ceremony": "ceremony",
    "recital": "recital", "consultation": "consultation", "jab": "jab", "vaccination": "vaccination",
    "injection": "injection", "screening": "screening", "biopsy": "biopsy", "smear": "smear test",
    "induction": "induction", "flight": "flight", "concert": "concert", "gig": "gig", "viewing": "viewing",
    "inspection": "inspection", "completion": "completion", "reunion": "reunion", "party": "party",
    "due date": "due date", "hen do": "hen do", "stag do": "stag do",
    "driving lesson": "driving lesson", "check": "checkup", "viva": "viva", "defence": "defence",
    "defense": "defense", "appraisal": "appraisal", "meeting": "meeting", "tribunal": "tribunal",
}
#: Providers named for their appointment: "I've got the dentist on 3 May" is a dentist appointment.
PROVIDER_VISITS = {"dentist", "dentists", "optician", "opticians", "doctor", "doctors", "gp", "physio", "vet", "vets",
                   "hairdresser", "hairdressers", "barber", "barbers", "surgeon", "consultant", "midwife", "nurse",
                   "orthodontist", "chiropodist", "podiatrist", "osteopath", "hygienist", "dermatologist"}
_EVENT_WORDS = sorted({*EVENT_HEADS, *PROVIDER_VISITS}, key=len, reverse=True)
_EVENT = rf"(?P<head>{'|'.join(re.escape(w) for w in _EVENT_WORDS)})"
#: Words before the head that say whose or which, not what kind: dropped from the event's name.
_NOT_KIND = {"my", "our", "the", "a", "an", "his", "her", "their", "its", "your", "next", "upcoming", "big", "first",
             "second", "final", "new", "this", "that", "last", "actual", "real", "official", "me", "for", "of",
             "on", "is", "and", "to", "at", "in", "i", "i've", "got", "have", "booked", "had", "with", "so",
             "one", "another", "same", "other", "little", "wee", "proper", "own", "s", "young", "old", "ma",
             "now", "then", "by", "off", "about", "from", "up", "it", "we", "you", "they", "he", "she", "be"}
#: People a possessive may name beyond ``PERSON_NOUNS`` (what they are called when they are theirs).
_MORE_PEOPLE = {"lad": "lad", "lass": "lass", "wee one": "child", "hubby": "spouse", "missus": "spouse",
                "mam": "mother", "ma": "mother", "nana": "grandmother", "granny": "grandmother", "mommy": "mother",
                "mummy": "mother", "daddy": "father", "pa": "father", "da": "father", "oldest": "child",
                "eldest": "child", "youngest": "child", "kids": "children", "grandad": "grandfather",
                "granddad": "grandfather", "grandpa": "grandfather", "grandma": "grandmother", "gran": "grandmother",
                "nan": "grandmother"}
_RELATION_SUBJECTS = {"mum": "mother", "mom": "mother", "mother": "mother", "dad": "father", "father": "father",
                      "wife": "spouse", "husband": "spouse", "sis": "sister", "bro": "brother", "kid": "child",
                      "boyfriend": "partner", "girlfriend": "partner", "fiance": "partner", "fiancé": "partner",
                      "fiancée": "partner", "best friend": "best_friend", **_MORE_PEOPLE}
_PEOPLE_WORDS = {*PERSON_NOUNS, *_MORE_PEOPLE}

#: A date set aside by what comes before it ("from", "not", "instead of", "it was", "said").
_DENIED_BEFORE = re.compile(
    r"(?i)(?:\bfrom|\bnot(?:\s+on)?|\binstead\s+of(?:\s+on)?|\brather\s+than(?:\s+on)?|\bwas(?:\s+on)?|"
    r"\bwere(?:\s+on)?|\bsaid|\bthought(?:\s+it\s+was)?|\bno\s+longer(?:\s+on)?|\boriginally(?:\s+on)?|"
    r"\bused\s+to\s+be(?:\s+on)?|\bmoved|\bcancell?ed|\bcancel|\bscrapped|\bscrap|\bdropped|\bdrop)"
    r"\s+(?:the\s+)?$")
#: ... or by what follows it ("on 12 May is off", "14 May by mistake", "the 3 June eye test is now").
_DENIED_AFTER = re.compile(
    r"(?i)^\s*(?:(?:\w+\s+){0,3}?(?:is|'s|are|has\s+been|got|was)\s+(?:now\s+)?(?:off|cancell?ed|called\s+off|"
    r"gone|scrapped|postponed|not\s+happening|moved|rescheduled|pushed|changed|now|no\s+more)\b|"
    r"by\s+mistake|wrong|was\s+wrong|(?:slot\s+)?is\s+gone|(?:slot|date|one)\s+(?:is|'s)\s+off)")
#: A sentence without an event that gives the event just named its new date: "New date for mum: 26 June."
_REBOOKED = re.compile(r"(?i)\b(?:new\s+(?:date|slot|day|appointment|booking|one)|rebook(?:ed)?|re-booked|"
                       r"booked\s+(?:in|me|her|him|us|them)?\s*(?:for|on)|now(?:\s+on)?|instead|moved\s+to|"
                       r"pushed\s+(?:back\s+)?to|it'?s\s+(?:now\s+)?on)\b")
#: A one-off already done: "I had my eye test on 3 May", "he passed his test on 2 May".
_PAST = re.compile(r"(?i)\b(?:had(?!\s+to\b)|went(?:\s+to|\s+for)?|did|passed|failed|sat|attended|was\s+at|came|"
                   r"happened|took\s+place|got\s+married|got\s+engaged)\b")
_NEGATED = re.compile(r"(?i)\b(?:not|never|no)\b|n't\b")
_NEGATION_OK = re.compile(r"(?i)\b(?:don'?t|do\s+not|never)\s+(?:forget|let\s+me\s+forget)\b|\bnot\s+(?:on\s+)?"
                          r"(?=\d|the\s+\d|" + _MONTH + r")|\bno\s+(?:later|earlier)\b|\bnot\s+\d")


_MONTH_NUMBERS = {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
                                              "nov", "dec"), 1)}


def same_day(a: str, b: str) -> bool:
    """"21 June" and "June 21st" are one day; two texts without a readable day compare as written."""
    def day(text: str) -> tuple[int, int] | None:
        number = re.search(r"\d{1,2}(?!\d)", text)
        month = re.search(r"(?i)\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)", text)
        return (int(number.group(0)), _MONTH_NUMBERS[month.group(1).lower()]) if number and month else None
    known = day(a), day(b)
    return known[0] == known[1] if None not in known else a.strip().lower() == b.strip().lower()


@dataclass(frozen=True)
class DatedEvent:
    """One event said with the date that holds for it; ``owner`` None when the sentence does not say whose."""
    event: str
    owner: str | None
    date: str
    evidence: str

    @property
    def predicate(self) -> str:
        return PLAN + re.sub(r"[^\w]+", "_", self.event).strip("_")

    def candidate(self) -> Candidate:
        return Candidate("assert", self.owner or USER, self.predicate, self.date, self.evidence)


@dataclass(frozen=True)
class _Mention:
    event: str
    owner: str | None
    start: int
    end: int


@dataclass(frozen=True)
class _Date:
    text: str
    start: int
    end: int
    kept: bool


def _subject_of(word: str) -> str | None:
    """The subject a person word names ("mum" -> mother, "neighbour" -> neighbour), or None for a thing or a name."""
    word = word.strip().lower().replace("\u2019", "'")
    if word in _RELATION_SUBJECTS:
        return _RELATION_SUBJECTS[word]
    if word in _PEOPLE_WORDS:
        return word.replace(" ", "_")
    return None


def _owner_word(word: str, original: str) -> str | None:
    """Whose a possessive word makes the event: "mum's"/"mums" -> mother, "Sinead's" -> Sinead, "my" -> user."""
    bare = re.sub(r"(?:'s|s'|\u2019s|')$", "", word)
    lowered, word = bare.lower(), word.lower()
    if lowered in ("my", "our", "me", "mine"):
        return USER
    subject = _subject_of(lowered)
    if subject is None and word.endswith("s") and not re.search(r"'|\u2019", word):
        subject = _subject_of(lowered[:-1]) if lowered[:-1] in _PEOPLE_WORDS else None  # "mums knee op"
    if subject is None and re.search(r"(?:'s|s'|\u2019s)$", word) and original[:1].isupper() and \
            bare.lower() not in _EVENT_WORDS and bare.lower() not in _NOT_KIND and not _TIME_WORD.fullmatch(bare):
        return bare  # a name: "Sinead's wedding"
    return subject


#: Capitalised words with "'s" that are no one's name: "Tomorrow's interview", "Friday's MOT".
_TIME_WORD = re.compile(rf"(?i)today|tomorrow|tonight|yesterday|(?:mon|tues|wednes|thurs|fri|satur|sun)day|{_MONTH}|"
                        r"next|this|that|everyone|everybody|nobody|someone|somebody|it|there|here|who|what|one")


def _kind_words(before: str) -> tuple[list[str], str | None]:
    """The kind words of an event phrase (up to two, "driving", "knee") and any owner said among them; a
    punctuation mark ends the phrase ("Reminder to self: MOT on 14 May" is the MOT)."""
    words = re.findall(r"[\w'\u2019-]+", re.split(r"[,.;:!?()=\u2013\u2014\"]|\s-\s", before)[-1])
    kind: list[str] = []
    owner: str | None = None
    for raw in reversed(words[-4:]):
        lowered = raw.lower().replace("\u2019", "'")
        possessive = lowered.endswith(("'s", "s'")) or (lowered.endswith("s") and lowered[:-1] in _PEOPLE_WORDS)
        if lowered in ("his", "her", "their"):
            owner = _SOMEONE  # whose: the person the sentence named before ("Mum said her scan ...")
            break
        if lowered in ("my", "our") or possessive:
            owner = _owner_word(raw.replace("\u2019", "'"), raw)  # None: "the pickup's MOT" is the user's
            break
        if lowered in _NOT_KIND or "'" in lowered or re.fullmatch(r"\d+\w*", lowered) or DATE.fullmatch(raw) or \
                re.fullmatch(_MONTH, lowered) or len(kind) == 2:
            break
        if lowered in _PEOPLE_WORDS:  # "mum op": the owner, not a kind
            owner = _subject_of(lowered)
            break
        kind.insert(0, lowered)
    return kind, owner


_AFTER_OWNER = re.compile(
    r"(?i)^\s+(?:of|for)\s+(?:(?P<my>my|our)\s+)?(?:(?P<rel>best\s+friend|[a-z]+)\b\s*)?"
    r"(?P<name>(?-i:[A-Z])[\w'-]+)?")
_FOR_KIND = re.compile(r"(?i)^\s+for\s+(?:(?:my|our|the)\s+)?(?P<kind>[a-z]+ing|car|van|pickup|truck|bike)\b")


def _mentions(sentence: str) -> list[_Mention]:
    """The event noun phrases of a sentence, each with its kind words and any owner said around it."""
    found: list[_Mention] = []
    agents: list[str] = []
    for match in re.finditer(rf"(?i)(?<![\w-]){_EVENT}(?![\w-])", sentence):
        head = match.group("head").lower()
        if re.match(r"(?i)\s+anniversary\b", sentence[match.end():]):
            continue  # "our wedding anniversary": a yearly date, read as the anniversary, no one-off wedding
        if head.endswith("ing") and re.search(r"(?i)\b(?:am|is|are|was|were|be|been|i'm|we're|you're|they're|"
                                              r"he's|she's|it's|i|we|you|they)\s+$",
                                              sentence[:match.start()]):
            continue  # "I'm meeting Tom on 3 May": a verb, not the event noun
        kind, owner = _kind_words(sentence[:match.start()])
        if head in PROVIDER_VISITS and _AGENT_VERB.match(sentence[match.end():]):
            agents.append(head.rstrip("s") if head != "physio" else head)
            continue  # "The optician moved my eye test": who acts on the event, not a visit
        if head in PROVIDER_VISITS:
            if kind or re.match(r"(?i)\s+(?:appointment|appt|check|checkup|check-up|visit)\b", sentence[match.end():]):
                continue  # "dentist appointment" is read at its head; "the dentist's surgery" is a place
            kind, name = [head.rstrip("s") if head not in ("physio",) else head], "appointment"
        else:
            name = EVENT_HEADS[head]
            if match.group("head").isupper() and len(head) > 1:
                name = match.group("head")  # "MOT", "MRI": as the user writes them
        after = sentence[match.end():]
        at_provider = re.match(rf"(?i)\s+(?:at|with)\s+(?:the\s+|my\s+)?(?P<p>{'|'.join(PROVIDER_VISITS)})\b", after)
        if name == "appointment" and not kind and at_provider:  # "an appointment at the optician"
            kind = [at_provider.group("p").rstrip("s")]
        for_kind = _FOR_KIND.match(after)
        if for_kind and for_kind.group("kind").lower() not in ("morning", "evening"):
            kind = [for_kind.group("kind").lower(), *kind][:2]  # "test for driving", "MOT for my car"
        if owner is None:
            owner = _owner_after(after)
        if owner == _SOMEONE:
            owner = _person_before(sentence[:match.start()])
            if owner is None:
                continue  # "her scan", with no one named: someone else's, not the user's
        event = " ".join([*kind, name])
        found.append(_Mention(event, owner, match.start() - len(" ".join(kind)), match.end()))
    if not agents:
        return found
    if not found:  # "Dentist rang, November 20 is off, rebooked for December 4": their appointment
        return [_Mention(f"{agents[0]} appointment", None, 0, 0)]
    # "The dentist moved my appointment": the bare appointment is the dentist appointment
    return [_Mention(f"{agents[0]} appointment", m.owner, m.start, m.end) if m.event == "appointment" else m
            for m in found]


#: A provider doing something to an event: "the optician moved ...", "Dentist rang, ...", "the vet's cancelled".
_AGENT_VERB = re.compile(r"(?i)^(?:'s|s)?\s+(?:(?:has|have|'ve|just|then|now)\s+)*(?:moved|rang|phoned|called|changed|"
                         r"cancell?ed|pushed|rebooked|re-booked|rescheduled|said|says|wants|texted|emailed|bumped|"
                         r"put|shifted|postponed|brought|sent|wrote|rung|messaged)\b")


_SOMEONE = "\0someone"


def _person_before(text: str) -> str | None:
    """The last person a sentence names before an event called "her/his/their" one: "Mum said her scan" -> mother."""
    found = None
    for match in re.finditer(r"[\w'\u2019-]+", text):
        word = match.group(0)
        bare = re.sub(r"(?:'s|\u2019s)$", "", word)
        subject = _subject_of(bare)
        if subject is None and bare[:1].isupper() and match.start() > 0 and bare.lower() not in _NOT_KIND \
                and not _TIME_WORD.fullmatch(bare) and bare.lower() not in ("i", "i'm", "i've"):
            subject = bare  # a name mid-sentence ("Dr" aside): "so Tom moved his ..."
        found = subject or found
    return found


def _owner_after(after: str) -> str | None:
    """An owner said after the event: "operation of my mother", "wedding of my friend Sinead", "for me"."""
    if re.match(r"(?i)\s+for\s+me\b", after):
        return USER
    match = _AFTER_OWNER.match(after)
    if match is None:
        return None
    if match.group("name"):
        return match.group("name")
    rel = (match.group("rel") or "").lower()
    if match.group("my") and rel:
        return _subject_of(rel)
    return _subject_of(rel) if rel in _PEOPLE_WORDS else None


#: A date that bounds rather than dates: "book the MOT before 14 May", "exams until 20 June".
_BOUND_BEFORE = re.compile(r"(?i)\b(?:before|after|until|till|til|since|between|around|about|latest|earliest)\s+(?:the\s+)?$")


def _dates(sentence: str) -> list[_Date]:
    """Each day date with whether it holds; a range without a verb of change ("exams from 3 June to 20 June")
    dates no one event."""
    found = []
    is_range = bool(re.search(r"(?i)\bfrom\s+(?:the\s+)?\S+\s+\S*\s*(?:to|till|until|-)\s", sentence)) and \
        not CHANGE_VERBS.search(sentence) and not re.search(r"(?i)\b(?:postponed|put\s+back|brought\s+forward)\b", sentence)
    for match in DATE.finditer(sentence):
        before, after = sentence[:match.start()], sentence[match.end():]
        kept = not (is_range or _DENIED_BEFORE.search(before) or _DENIED_AFTER.match(after) or _BOUND_BEFORE.search(before))
        found.append(_Date(match.group(0).strip(), match.start(), match.end(), kept))
    return found


_VERB_EVENTS = [
    (re.compile(rf"(?i)(?P<who>\b(?:my|our)\s+[a-z]+(?:\s+(?-i:[A-Z])\w+)?|(?-i:\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?))(?:\s+[^,.;]{{0,40}}?)?"
                r"\s+(?:is|are|'s)\s+(?:to\s+be\s+|getting\s+|being\s+)?(?:married|wed)\b"), "wedding"),
    (re.compile(r"(?i)(?P<who>\b(?:my|our)\s+[a-z]+|\b(?:i|we)|(?-i:\b[A-Z][a-z]+))(?:'s|\s+is|\s+are|'m|\s+am|'re)?"
                r"\s+(?:having|getting)\s+(?:her|his|their|my|our|a|an)\s+(?P<part>[a-z]+)\s+(?:done|operated\s+on|"
                r"replaced|seen\s+to)\b"), "operation"),
]


def _verb_mentions(sentence: str) -> list[_Mention]:
    """Events said by a verb: "Sinead is to be married on 12 July", "my mother's having her hip done on 15 May"."""
    found = []
    for pattern, name in _VERB_EVENTS:
        match = pattern.search(sentence)
        if match is None:
            continue
        who = match.group("who")
        words = who.split()
        with_me = re.search(r"(?i)\band\s+(?:i|me)\b", sentence[match.end("who"):match.end()])
        if words[0].lower() in ("i", "we") or with_me:
            owner: str | None = USER  # "my wife and I are getting married": the user's own wedding
        elif words[0].lower() in ("my", "our"):
            owner = words[-1] if words[-1][:1].isupper() else _subject_of(words[-1])
        else:  # "Young Sinead": the name, not the word before it
            names = [w for w in words if w.lower() not in _NOT_KIND]
            owner = names[-1] if names else None
        part = match.groupdict().get("part")
        event = f"{part} {name}" if part else name
        found.append(_Mention(event, owner, match.start(), match.end()))
    return found


def _asserted(sentence: str, at: int) -> bool:
    """Not a question, a hedge, a negation or a one-off already done, up to the date at ``at``."""
    if sentence.rstrip().endswith("?") or unasserted(sentence, at):
        return False
    head = _NEGATION_OK.sub(" ", sentence[:at])
    return not _NEGATED.search(head) and not _PAST.search(sentence[:at])


def sentence_events(sentence: str, tree: Tree | None = None) -> tuple[list[DatedEvent], list[_Mention]]:
    """The dated events a sentence states, and the events it names without a date that holds (cancelled,
    or moved in another sentence) for the next sentence to date."""
    mentions = _mentions(sentence) or _verb_mentions(sentence)
    if not mentions and tree is not None:
        mentions = tree_mentions(tree)
    dates = _dates(sentence)
    if not mentions:
        return [], []
    if sentence.rstrip().endswith("?"):
        return [], []
    kept = [d for d in dates if d.kept]
    found: list[DatedEvent] = []
    undated: list[_Mention] = []
    ordered = sorted(mentions, key=lambda m: m.start)
    for number, mention in enumerate(ordered):
        date = _date_of(mention, ordered, number, kept, len(sentence))
        if date is None:  # "the 8 May operation is off", "moved the MOT" (the date in the next sentence)
            undated.append(mention)
            continue
        if not _asserted(sentence, max(date.start, mention.start)) or _done(sentence):
            continue
        found.append(DatedEvent(mention.event, mention.owner, date.text, sentence))
    return _one_per_event(found), undated


def _date_of(mention: _Mention, ordered: list[_Mention], number: int, kept: list[_Date], length: int) -> _Date | None:
    """The date that holds for one event: the first kept date after it (up to the next event), else the
    last one before it (after the event before): "Dentist on 3 May and eye test on 12 May", "On 20 May I
    have the dentist", "moved the MOT from 14 May to 2 June"."""
    window_end = ordered[number + 1].start if number + 1 < len(ordered) else length
    window_start = ordered[number - 1].end if number > 0 else 0
    after = [d for d in kept if mention.end <= d.start < window_end]
    before = [d for d in kept if window_start <= d.start and d.end <= mention.start]
    return after[0] if after else (before[-1] if before else None)


#: Said of a day gone by: "The wedding on 3 May was lovely", "the op on 2 March went well", "last week".
_DONE = re.compile(r"(?i)\b(?:yesterday|last\s+(?:week|month|year|night|time)|ago|went\s+(?:well|fine|ok|okay|great|"
                   r"badly)|was\s+(?:lovely|great|amazing|fine|grand|brilliant|awful|good|bad|fun|beautiful)|"
                   r"were\s+(?:lovely|great|amazing|fine|grand|brilliant|awful|good|bad|fun|beautiful))\b")


def _done(sentence: str) -> bool:
    return bool(_DONE.search(sentence))


def _one_per_event(events: list[DatedEvent]) -> list[DatedEvent]:
    """One date per (owner, event): "dentist" and "dentist appointment" said twice are one."""
    kept: dict[tuple[str | None, str], DatedEvent] = {}
    for event in events:
        kept[(event.owner, event.event)] = event
    return list(kept.values())


def message_events(text: str, parser: DependencyParser | None = None) -> list[DatedEvent]:
    """The dated events of a message, in order; an event cancelled or moved in one sentence takes the date
    the next sentence gives ("The 8 May operation is off. New date for mum: 26 June.")."""
    said = list(split_sentences(text))
    trees = _trees(parser, said, text)
    found: list[DatedEvent] = []
    waiting: list[_Mention] = []
    for sentence in said:
        tree = trees.get(sentence)
        events, undated = sentence_events(sentence, tree)
        if not events and waiting and not _mentions(sentence):
            events = _continued(sentence, waiting)
        found += events
        waiting = undated or ([] if events else waiting)
    return _one_per_event(found)


def _continued(sentence: str, waiting: list[_Mention]) -> list[DatedEvent]:
    """A new date for the event the sentence before left without one, said with a cue of rebooking."""
    kept = [d for d in _dates(sentence) if d.kept]
    cue = _REBOOKED.search(sentence)
    if not kept or cue is None or len(waiting) != 1 or not _asserted(sentence, kept[-1].start):
        return []
    mention = waiting[0]
    owner = mention.owner or _owner_after(" " + sentence[cue.end():]) or _owner_after(sentence[:kept[-1].start])
    return [DatedEvent(mention.event, owner, kept[-1].text, sentence)]


def dated_event_candidates(text: str, parser: DependencyParser | None = None) -> list[Candidate]:
    """The message's dated events as candidates for the ledger (``plan:<event>``, the date as written)."""
    return [event.candidate() for event in message_events(text, parser)]


def with_dated_events(candidates: list[Candidate], text: str, parser: DependencyParser | None = None) -> list[Candidate]:
    """``candidates`` (the rules') plus the message's dated events on slots they leave empty: a rule that
    read the same event ("my dentist appointment is on May 2 at 3pm") wins, so one message never
    supersedes its own fact."""
    dated = dated_event_candidates(text, parser)

    def same_slot(rule: Candidate, event: Candidate) -> bool:
        return rule.op == "assert" and rule.subject == event.subject and bool(rule.predicate) and \
            same_attribute(rule.predicate or "", event.predicate or "")

    # a rule that read another value for the event's slot wins; one that read the same day gives way to the
    # event's ``plan:`` naming (its category and staleness window)
    added = [e for e in dated if not any(same_slot(r, e) and not same_day(r.value or "", e.value or "")
                                         for r in candidates)]
    kept = [c for c in candidates if not _dates_an_event(c, dated) and not any(same_slot(c, e) for e in added)]
    fuller = [next((Candidate(e.op, e.subject, e.predicate, r.value, e.evidence) for r in candidates
                    if same_slot(r, e) and _with_time(r.value or "", e.value or "")), e) for e in added]
    return [*kept, *fuller]  # "May 2 at 3pm" keeps its time


def _with_time(value: str, date: str) -> bool:
    """The event's date and more of the same moment ("May 2 at 3pm"), not a second date ("3 July instead of 15 May")."""
    return value.lower().startswith(date.lower()) and len(value) > len(date) and len(DATE.findall(value)) == 1


def _dates_an_event(candidate: Candidate, dated: list[Candidate]) -> bool:
    """Another attribute given a dated event's date (or a piece of it: "Test for driving is on 10 June" is no
    car called "June"): the date is the event's, not that attribute's value."""
    if candidate.op != "assert" or not candidate.value or (candidate.predicate or "").startswith(PLAN) or any(
            candidate.subject == e.subject and same_attribute(candidate.predicate or "", e.predicate or "") for e in dated):
        return False
    if dated and DATE.search(candidate.value):  # "Mum's knee op is 3 July instead of 15 May" read as one value
        return True
    said = set(re.findall(r"\w+", candidate.value.lower()))
    return any(said and said <= set(re.findall(r"\w+", (event.value or "").lower())) for event in dated)


# -- the tree, where the noun shapes find no event ------------------------------------------
#: Verbs (lemmas) that name an event: "is to be married on 12 July" is a wedding.
VERB_EVENT_LEMMAS = {"marry": "wedding", "wed": "wedding", "operate": "operation", "graduate": "graduation",
                     "christen": "christening", "bury": "funeral", "induce": "induction"}


def _trees(parser: DependencyParser | None, said: Sequence[str], text: str) -> dict[str, Tree]:
    """Trees only for sentences with a date and no event the noun shapes know (most messages: none, no parse)."""
    if parser is None:
        return {}
    wanted = [s for s in said if DATE.search(s) and not _mentions(s) and not _verb_mentions(s)]
    if not wanted:
        return {}
    trees: dict[str, Tree] = {}
    for sentence in wanted:
        for parsed in parser.parse(sentence):
            trees.setdefault(sentence, Tree(ParsedSentence(sentence, _reindexed(parsed, sentence))))
    return trees


def _reindexed(parsed: ParsedSentence, sentence: str) -> tuple[Token, ...]:
    """Token offsets relative to ``sentence`` (the parser may split it; the first piece is kept)."""
    shift = sentence.find(parsed.text) if parsed.text else 0
    return tuple(Token(t.i, t.text, t.lemma, t.pos, t.tag, t.dep, t.head, t.ent_type, t.idx + max(shift, 0))
                 for t in parsed.tokens)


def tree_mentions(tree: Tree) -> list[_Mention]:
    """Events a tree names by its verb: the date's verb is one of ``VERB_EVENT_LEMMAS``, or "have X done"
    (an operation on X); its subject is the owner."""
    if is_question(tree.sentence):
        return []
    found: list[_Mention] = []
    for token in tree.tokens:
        if token.pos not in ("VERB", "AUX", "ADJ") or token.tag == "VBD" or any(
                a.tag == "VBD" for a in tree.children(token, "aux", "auxpass")) or _past_copula(tree, token):
            continue  # "my brother married Ana on 3 May", "we got married on 3 May": done, not upcoming
        name = VERB_EVENT_LEMMAS.get(token.lemma) or VERB_EVENT_LEMMAS.get(token.text.lower().removesuffix("ied") + "y")
        if name is None and token.lemma == "do" and token.tag == "VBN":
            obj = tree.child(token, "nsubj", "dobj", "nsubjpass")
            if obj is not None and obj.pos == "NOUN":
                name = f"{obj.lemma} operation"  # "having her hip done"
        if name is None:
            continue
        owner = _tree_owner(tree, token)
        found.append(_Mention(name, owner, token.idx, token.idx + len(token.text)))
    return found


def _past_copula(tree: Tree, token: Token) -> bool:
    """A participle read as the complement of a past "be": "my wife and I were married on 14 March 1978"."""
    head = tree.head(token)
    return token.dep in ("acomp", "attr", "xcomp") and head is not None and head.tag == "VBD" and head.lemma == "be"


def _tree_owner(tree: Tree, verb: Token) -> str | None:
    current: Token | None = verb
    while current is not None:
        subject = tree.child(current, "nsubj", "nsubjpass")
        if subject is not None:
            joined = tree.children(subject, "conj")
            if subject.text.lower() in ("i", "we") or any(c.text.lower() == "i" for c in joined):
                return USER  # "my wife and I are getting married": the user's own wedding
            if subject.pos == "PROPN" and _subject_of(subject.text) is None:
                return subject.text
            if _subject_of(subject.text) is not None:
                return _subject_of(subject.text)
            if subject.pos != "NOUN":  # "his cataract done": the thing done, not whose; look further up
                return None
        current = tree.head(current)
    return None
