"""A place named, then said what kind of place it is: "mum's at Ashgrove House now, the care home by the big
Tesco", "our Alfie's at Rainbow Tots, the nursery by the park", "we get our meat from Hendersons, the butcher on the
corner", "Alfie goes to Rainbow Tots nursery".

Why: people introduce a place the listener may not know by its name, then its kind. The name's own words rarely say
the kind ("Ashgrove House", "Rainbow Tots"), and the verb says little ("is at", "gets ... from"): read alone, "mum's
at Ashgrove House" is where she works. The kind noun, set after the name by a comma ("X, the care home") or run on
from it ("X nursery"), is the one word that says what the place is to the person. It is the attribute, of whoever
the clause is about:

* the user ("I", "we", a dropped subject in a first-person sentence),
* the user's relation ("my mum", "mum's", "our youngest"),
* or someone named by a first name alone, as a user names their own people ("our Alfie's at X", "Lily's at X");
  ``resolution`` files a known name under its relation.

Only kinds of place a person goes to or lives in as theirs (a nursery, a care home, a pub, a butcher): a firm, an
office or a shop where someone works is read by the work frames. Not read in a question, a denial, a hedge or an
ending, nor where the clause speaks of work ("my mum works at X, the care home" is her workplace).
"""
from __future__ import annotations

import re
from typing import Sequence

from memory_core.facts.attributes import concept_of
from memory_core.facts.candidate import Candidate
from memory_core.facts.changes import says_an_ending
from memory_core.facts.cues import ENDING, FIRST_PERSON, HEDGE, NEGATION, values_of_shape
from memory_core.facts.frame_words import RELATIONS
from memory_core.facts.ledger import USER, normalize_value
from memory_core.facts.parse_fallback import KIN
from memory_core.facts.truecasing import a_lower_case_word

#: Kinds of place a person attends, lives in or uses as theirs, as the noun that names them after the name.
#: The attribute each is held under (several spellings of one kind are one attribute).
_KIND_NOUNS: dict[str, str] = {
    **dict.fromkeys(("nursery", "creche", "crèche", "preschool", "pre-school", "playgroup", "daycare", "day care",
                     "kindergarten"), "nursery"),
    **dict.fromkeys(("primary", "primary school", "infant school", "junior school", "secondary",
                     "secondary school", "high school", "grammar school", "middle school", "elementary school",
                     "school", "academy"), "school"),
    **dict.fromkeys(("sixth form", "sixth form college", "college", "uni", "university"), "university"),
    **dict.fromkeys(("care home", "nursing home", "residential home", "retirement home", "old folks home",
                     "old people's home", "retirement village", "assisted living", "hospice"), "care home"),
    **dict.fromkeys(("pub", "local", "bar", "boozer"), "pub"),
    **dict.fromkeys(("cafe", "café", "coffee shop"), "cafe"),
    **dict.fromkeys(("restaurant", "takeaway", "chippy", "curry house", "pizza place"), "restaurant"),
    **dict.fromkeys(("salon", "hair salon", "hairdresser's", "hairdressers", "barber's", "barbers", "barber shop",
                     "barbershop"), "barber"),
    **dict.fromkeys(("nail bar", "nail salon"), "nail salon"),
    **dict.fromkeys(("garage", "mechanic's", "mechanics"), "garage"),
    **dict.fromkeys(("gym", "leisure centre", "leisure center", "sports centre", "sports center"), "gym"),
    **dict.fromkeys(("surgery", "gp surgery", "gp practice", "health centre", "health center", "medical centre",
                     "medical center"), "doctor"),
    **dict.fromkeys(("dentist's", "dentists", "dental practice", "dental surgery"), "dentist"),
    **dict.fromkeys(("vet's", "vets", "vet practice", "animal hospital"), "vet"),
    **dict.fromkeys(("church", "chapel", "parish", "parish church", "kirk", "mosque", "temple", "synagogue",
                     "gurdwara"), "church"),
    **dict.fromkeys(("butcher's", "butchers", "butcher"), "butcher"),
    **dict.fromkeys(("bakery", "baker's", "bakers"), "bakery"),
    **dict.fromkeys(("chemist", "chemist's", "pharmacy"), "pharmacy"),
    **dict.fromkeys(("supermarket", "corner shop", "newsagent's", "newsagents", "greengrocer's", "greengrocers",
                     "deli", "farm shop"), "shop"),
    **dict.fromkeys(("golf club", "tennis club", "cricket club", "rugby club", "football club", "sailing club",
                     "social club", "working men's club", "bowls club", "running club", "swimming club"), "club"),
    **dict.fromkeys(("climbing wall", "climbing gym", "bouldering gym", "pool", "swimming pool", "leisure pool"),
                    "gym"),
    **dict.fromkeys(("library",), "library"),
    **dict.fromkeys(("caravan park", "caravan site", "holiday park", "campsite"), "caravan park"),
}
_KIND = r"(?P<kind>" + "|".join(re.escape(k) for k in sorted(_KIND_NOUNS, key=len, reverse=True)) + r")"
#: Words a kind noun may be said with: "the little nursery", "our local butcher".
_KIND_WORDS = r"(?:(?:little|new|old|big|local|nice|lovely|posh|fancy|tiny|small|huge|private|independent|family|" \
              r"catholic|c of e|church|village|community|council|24-hour|24 hour|usual|only|one|same)\s+){0,2}"
#: After the name: ", the care home by the park" (a comma, a determiner, the kind) or " nursery" (run on).
_APPOSED = re.compile(r"(?i)^(?:\s+(?:now|these\s+days|nowadays))?\s*,\s+(?:the|a|an|our|my|this|that)\s+"
                      + _KIND_WORDS + _KIND + r"(?=$|[\s,.;:!)\u2013\u2014-])")
_RUN_ON = re.compile(r"^\s+" + _KIND + r"(?=$|[\s,.;:!)\u2013\u2014-])")
#: What may follow an apposed kind: the end of its phrase, never a verb of a new clause ("X, the nursery is shut").
_PHRASE_GOES_ON = re.compile(r"(?i)^\s*(?:$|[,.;:!)\u2013\u2014-]|(?:by|on|in|at|near|round|around|down|up|off|next|"
                             r"opposite|behind|across|beside|that|which|where|with|for|of|from|run|just|over|i|we|"
                             r"you|they|she|he|everyone|everybody|past|along|outside|two|three|five|ten|half|now|since|"
                             r"these|nowadays|every|each|full|part|and|but|so|as|because|cos|mon|tue|tues|wed|weds|thu|"
                             r"thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
                             r"mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|lol|haha|x+)\b)")
#: A clause of work: the name is a workplace, read by the work frames.
_WORK = re.compile(r"(?i)\b(?:work\w*|job|employ\w*|shifts?|hired|staff|manager|boss|intern\w*|volunteer\w*|"
                   r"placement|started\s+at|start\s+at|runs|owns|opened)\b")
#: A visit said in the simple past is a day's news, not a place of the person's: "we went to X, the pub by the river".
_ONE_OFF = re.compile(r"(?i)\b(?:went|popped|nipped|tried|visited|had|ate|took|stopped|called|dropped|headed|drove|"
                      r"walked|ended\s+up|booked|was|were)\b")
#: Words of a habit, that make a past visit a place the person keeps going to.
_HABIT = re.compile(r"(?i)\b(?:always|every|usually|each|most|often|regular|regularly|weekly|our\s+local|my\s+local)\b")
#: Where the clause holding the name begins.
_CLAUSE_START = re.compile(r"(?i)(?:^|[.;:!?]\s+|,\s+(?:and|but|so|because|cos|since)?\s*|\s+(?:and|but|so|because|cos|"
                           r"since|while|whereas|then)\s+)")
_RELATION_WORDS = sorted({*RELATIONS, *KIN}, key=len, reverse=True)
_RELATION_SUBJECT = re.compile(
    r"(?i)^\W*(?:(?:my|our|me)\s+)?(?:(?:little|big|older|younger|eldest|youngest|wee|baby)\s+)?"
    r"(?P<rel>" + "|".join(re.escape(r) for r in _RELATION_WORDS) + r")(?:'s|\s+is|\s+has|\s+goes|\s+went|\s+gets|"
    r"\s+stays|\s+lives|\s+moved|\s+started|\s+(?:just|now|finally)\b|\s+at\b|\s+in\b)")
#: A first name as the clause's subject; in lower case too ("alfie goes to X nursery"), when no dictionary writes the
#: word in lower case.
_NAMED_SUBJECT = re.compile(r"^\W*(?:(?i:our|me)\s+)?(?P<name>[A-Za-z][a-z]+)(?:'s|\s+is|\s+has|\s+goes|\s+gets|"
                            r"\s+stays|\s+lives|\s+started|\s+(?:just|now|finally)\b)")
_USER_SUBJECT = re.compile(r"(?i)^\W*(?:i|we|i'm|we're|i've|we've|i'd|we'd|me\s+and|(?:[a-z]+\s+)?and\s+(?:i|me))\b")
#: The user as the subject after a fronted object: "my car I always take to X".
_USER_LATER = re.compile(r"^\W*(?:my|our)\s+\w+\s+(?:I|we)\s")
#: A clause with no subject of its own, as chat drops "I": "get our meat from X", "been going to X".
_NO_SUBJECT = re.compile(r"(?i)^\W*(?:been|go|goes|going|get|gets|getting|got|always|usually|still|love|take|took|"
                         r"drop|dropping|pop|popping|nip|nipping|head|heading)\b")


def _subject(clause: str) -> str | None:
    """Whose place the clause speaks of: the user, the user's relation, a person named by a first name; else None."""
    relation = _RELATION_SUBJECT.match(clause)
    if relation:
        word = relation.group("rel").lower()
        return RELATIONS.get(word) or KIN.get(word)
    named = _NAMED_SUBJECT.match(clause)
    if named and not a_lower_case_word(named.group("name")):
        return named.group("name").capitalize()
    if _USER_SUBJECT.match(clause) or (_NO_SUBJECT.match(clause) and FIRST_PERSON.search(clause)) or \
            _USER_LATER.search(clause):
        return USER
    return None


def _clause_before(sentence: str, at: int) -> str:
    starts = [m.end() for m in _CLAUSE_START.finditer(sentence[:at])]
    return sentence[max(starts, default=0):at]


#: Words that end a place's name and that truecasing leaves in lower case, being everyday words: "Ashgrove house".
_NAME_ENDS = re.compile(r"^(?:\s+(?:house|court|lodge|hall|manor|gardens|grange|view|place|park|villa|cottage))+\b")


def _name_at(sentence: str, at: int, name: str) -> str:
    """The name with the everyday words that end it ("Ashgrove house" typed in lower case), capitalised."""
    tail = _NAME_ENDS.match(sentence[at + len(name):])
    if tail is None and sentence.startswith("'s", at + len(name)) and _RUN_ON.match(sentence[at + len(name) + 2:]):
        return name + "'s"  # "Murdo's garage": the garage's name is the owner's
    return name if tail is None else name + tail.group(0).title()


def _kind_after(sentence: str, at: int, name: str) -> tuple[str, int] | None:
    """(the kind, where its phrase ends) when the name is said with its kind."""
    end = at + len(name)
    after = sentence[end:]
    for shape in (_APPOSED, _RUN_ON):  # the phrase ends there: "X nursery now", never "X school shoes"
        match = shape.match(after)
        if match and _PHRASE_GOES_ON.match(after[match.end():]):
            return _KIND_NOUNS[match.group("kind").lower()], end + match.end()
    return None


def _predicate(kind: str) -> str:
    concept = concept_of(kind)
    return concept if concept else "named:" + kind.replace(" ", "_")


def apposed_kind_candidates(said: Sequence[str]) -> list[Candidate]:
    """A fact for each name said with its kind of place, of whoever its clause is about."""
    found: list[Candidate] = []
    for sentence in said:
        for at, name in values_of_shape(sentence, "name"):
            at = sentence.find(name, at)  # a name's shape may start at its "The" ("The Crown"), its text after it
            if at < 0 or (" " not in name.strip() and a_lower_case_word(name) and sentence[max(0, at - 4):at] != "The "):
                continue  # no name but a word truecasing took for one: "closed, the supermarket"
            name = _name_at(sentence, at, name)  # the same length as the typed text it stands for
            found_kind = _kind_after(sentence, at, name)
            if found_kind is None:
                continue
            kind, end = found_kind
            clause = _clause_before(sentence, at)
            whole = clause + sentence[at:end]
            if sentence.rstrip().endswith("?") or NEGATION.search(clause) or HEDGE.search(clause) or \
                    ENDING.search(clause) or says_an_ending(clause) or _WORK.search(whole):
                continue
            subject = _subject(clause)
            if subject is None or normalize_value(subject) == normalize_value(name):
                continue
            if _ONE_OFF.search(clause) and not _HABIT.search(sentence):
                continue  # "we went to The Crown, the pub by the river, for lunch": a visit, no place of theirs
            if sentence[max(0, at - 4):at] == "The ":
                name = "The " + name  # "The Crown": the pub's name holds its "The"
            found.append(Candidate("assert", subject, _predicate(kind), name.strip(), sentence))
    return found


def _words(value: str) -> set[str]:
    return {word.removesuffix("'s") for word in normalize_value(value).split()}


def with_apposed_kinds(candidates: Sequence[Candidate], said: Sequence[str]) -> list[Candidate]:
    """The candidates, a fact of a name said with its kind taking the place of what other layers read of that name
    ("mum's at Ashgrove House, the care home": her care home, not her workplace)."""
    apposed = apposed_kind_candidates(said)
    if not apposed:
        return list(candidates)
    names = {normalize_value(c.value or ""): c for c in apposed}
    kept = []
    for c in candidates:
        value = _words(c.value or "")
        # the same name, or the part of it truecasing capitalised ("Ashgrove" of "Ashgrove house", "Murdo" of
        # "Murdo's")
        found = next((a for a in names.values() if value and value <= _words(a.value or "")), None) \
            if c.op == "assert" else None
        if found is None:
            kept.append(c)
        elif c.predicate == found.predicate or (c.predicate == "lives_in" and c.subject == found.subject):
            kept.append(c)  # read as the same kind already; a home the same person lives in stays a home
            names.pop(normalize_value(found.value or ""), None)
    return kept + list(names.values())
