"""Changes anchored on what is already known: the old value named, the new one beside it.

People rarely restate the attribute when something changes. They name the old
value and say what happened to it ("I traded the Civic for a Mazda 3", "I'm
over jazz, it's all techno now", "the Iceland trip is off", "Dr. Patel retired").
So instead of matching a slot, this module looks for current facts whose value
the message mentions, and for a change cue around that mention:

* a cue of ending (left, quit, cancelled, is off, died, no more, over, gave up...)
  retires the fact;
* a new value in a replacement frame ("X for Y", "from X to Y", "Y instead of X",
  "prefer Y to X", "Y now") supersedes it on the same subject and attribute.

Corrections ("actually it's Y", "I meant Y") name no old value: they replace
the most recent fact of the thread whose value has the same shape (a date for a
date, a time for a time).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from memory_core.facts.attributes import same_attribute
from memory_core.facts.change_cues import (EXTRA_END_CUES, hollow_value, OLD_MARKER, compared_values, old_value_preferred,
                                           someone_else_until,
                                           successor_values, unasserted)
from memory_core.facts.cues import cue_concepts, values_of_shape
from memory_core.facts.frames import DEVICES, DISCOURSE, STOP, VALUE_CHARS, TITLE, clean_value, plausible_value
from memory_core.facts.lexicon import kind_of, lexical_values

#: Said around an old value, these mean it stopped being true.
_END_CUES = re.compile(
    r"(?i)\b(?:left|leave|leaving|quit|quitting|dropped|drop|ditched|dumped|scrap(?:ped)?|cancel+ed|cancel|"
    r"called\s+off|is\s+off|'s\s+off|off\b|died|passed\s+away|passed|rip|rehomed|went\s+(?:to\s+live|with)|"
    r"lives\s+(?:with|at)|broke\s+up|split(?:\s+up)?|gave\s+up|giving\s+up|stopped|no\s+longer|anymore|any\s+more|"
    r"no\s+more|not\s+happening|isn't\s+happening|over|done\s+with|bye|retired|replaced|traded|sold|switched|"
    r"swapped|moved\s+(?:away|out|from)|moved|relocated|pulled\s+out|pull\s+out|didn't\s+last|wasn't\s+sticking|"
    r"lost\s+my\s+taste|gone\s+off|went\s+off|doesn't\s+do\s+it|dead\s+to\s+me|grew\s+out|tired\s+of|"
    r"phase\s+is\s+over|closed|instead|rather\s+than|not\b|prefer|beats|better\s+than|over\b|than|>|"
    r"took\s+over|changed|change|upgraded|broke|goodbye|said\s+goodbye|last\s+day|handed\s+in|in\s+the\s+past|"
    r"isn't|wasn't|was\s+my|used\s+to|ex|former|got\s+promoted\s+out|rid\s+of|out\s+of|away\s+from|past|"
    r"gave|given\s+away|rainbow\s+bridge|bailed|bail|ditch|ditching|binned|canned|dumping|ghosted|over\s+it|"
    r"not\s+a\s+thing|no\s+longer\s+a\s+thing|moving\s+on|swapping|switching|trading|replacing|selling|"
    # said in other words: "I withdrew from X", "X is finished", "X is behind me", "I don't miss X", "X was too pricey"
    r"withdrew|withdraw|withdrawn|(?:is|are|'s)\s+finished|(?:is|are|'s)\s+gone|behind\s+me|don't\s+miss|"
    r"do\s+not\s+miss|haven't\s+(?:done|been|used|seen|had)|(?:don't|doesn't|do\s+not|does\s+not)\s+"
    r"(?:go|live|use|do|have|work|see|drink|eat|play|take|like|love|bank|train|run|drive|listen)|"
    r"didn't\s+work\s+out|did\s+not\s+work\s+out|(?:was|were|got|became)\s+too\s+\w+|not\s+more|went\s+back|"
    r"went\s+to\s+(?:live|my|his|her|their|a\s+new)|stayed\s+with|moved\s+on|out(?=\s*[,;])|"
    r"after\s+\w+\s+years\s+(?:in|at|with)|(?:we|i)\s+lost|"
    # idioms of ending: "flogged the Mazda", "packed in yoga", "knocked it on the head", "gave it the boot"
    r"flogged|packed\s+in|jacked\s+in|chucked|binned|sacked\s+off|knocked\s+(?:\w+\s+){0,3}?on\s+the\s+head|"
    r"gave\s+(?:\w+\s+){0,3}?the\s+(?:boot|push|chop)|kicked\s+(?:\w+\s+){0,3}?to\s+the\s+curb|"
    r"(?:is|'s|are)\s+history|not\s+for\s+me|fell\s+out\s+of\s+love|fallen\s+out\s+of\s+love|"
    r"gone\s+off|went\s+off|off\s+the\s+table|scrapped|nixed|axed|fell\s+through|postponed|"
    r"pushed\s+(?:back|to)|bumped|rescheduled)\b")

_Y = rf"(?P<y>{TITLE}{VALUE_CHARS}{{1,45}}?)" + STOP
_A = r"(?:(?:a|an|the|my|our|some)\s+)?"
#: A new value ended by the keyword that follows it ("Y replaced X"), not by a stop word.
_YK = rf"(?P<y>{TITLE}{VALUE_CHARS}{{1,45}}?)"
#: Where the new value sits relative to the old one ({x} is the old value, escaped).
_REPLACEMENTS = (
    rf"\bfrom\s+{_A}{{x}}\s+(?:over\s+)?to\s+{_A}{_Y}",
    rf"{{x}}\s+(?:\w+\s+){{0,2}}for\s+{_A}{_Y}",
    rf"{{x}}\s+with\s+{_A}{_Y}",
    rf"(?:\b(?:honestly|now|these\s+days|nowadays)\s+|^|[,;:]\s*){_A}{_YK}\s+(?:beats|>|over|is\s+better\s+than|instead\s+of|"
    rf"rather\s+than)\s+{_A}{{x}}",
    rf"(?:^|[,;:]\s*|\b){_A}{_YK}\s+(?:replaced|took\s+over\s+from|succeeded)\s+{_A}{{x}}",
    rf"\b(?:prefer|like|pick|take|love)\s+{_A}{_YK}\s+(?:to|over|more\s+than|rather\s+than|better\s+than)\s+{_A}{{x}}",
    rf"{_A}{_YK}\s*,?\s+(?:instead\s+of|rather\s+than|not)\s+{_A}{{x}}",
)
#: A new value said without the old one, after the old one was ended in the same message.
_SUCCESSORS = (
    r"\bit(?:'s|\s+is)\s+(?:all\s+(?:about\s+)?)?(?:now\s+)?" + _A + _Y,
    r"\b(?:into|on|doing|do|with|drink|listen\s+to|see|use|using)\s+" + _A + _Y + r"\s+(?:now|these\s+days)\b",
    r"\b(?:took\s+up|started|joined|signed\s+up\s+with|went\s+with|opened\s+one\s+at|fallen\s+for|"
    r"got|bought|picked\s+up|switched\s+to|moved\s+to|going\s+for|learning|all\s+about|there's|along\s+came|"
    r"adopted|say\s+hi\s+to|name\s+is|relocated\s+to|moved\s+(?:everything|it\s+all)\s+to|doing|running|"
    r"(?:she|he|they)(?:'s|'re|\s+is|\s+are)\s+(?:now\s+)?in|"
    r"lives\s+in|living\s+in|start\s+at|starting\s+at|i'm\s+(?:a|an)\s+[a-z ]{2,30}?\s+at|at|"
    r"signed\s+up\s+(?:at|for)|registered\s+(?:at|with|for)|enrolled\s+(?:at|in)|settled\s+in|"
    r"(?:begin|start|starting)\s+as\s+[a-z ]{2,30}?\s+at|trying|gave\s+me|given\s+me|"
    r"(?:evenings|mornings|weekends|nights)\s+are\s+for|followed\s+\w+\s+to|living\s+now\s+in|"
    r"(?:going|flying|heading)\s+to|bagged|snapped\s+up|treated\s+(?:myself|us)\s+to|splashed\s+out\s+on|"
    r"got\s+(?:myself|us)|(?:gone|went)\s+over\s+to|(?:gone|went)\s+with|sorted\s+(?:myself\s+)?with|"
    r"(?:with|on)\s+(?:(?:a|an|the)\s+)?new)\s+" + _A + _Y,
    r"(?:^|[,;:]\s*)" + _A + _YK + r"\s+in\s*(?:[.!;]|$)",
    r"(?:^|[,;:]\s*|\.\.\.\s*)" + _A + _Y + r"\s+(?:now|these\s+days|instead|it\s+is|all\s+day|phase\s+begins|"
    r"though|is\s+my\s+\w+\s+now)\b",
    r"\b(?:new|now)\s+(?:\w+\s+){0,2}?(?:is|are|'s|:)\s+" + _A + _Y,
    r"\b(?:new\s+\w+(?:\s+\w+)?)\s*[:!,]\s*" + _A + _Y,
    r"\b(?:hello|hi)\s+" + _A + _Y,
    r"\b(?:i'd|i\s+would)\s+rather\s+(?:have|eat|drink|do|use|go\s+with|listen\s+to)\s+" + _A + _Y,
    r"\b(?:now|these\s+days|nowadays)\s*,?\s+(?:i|we)\s+(?:\w+\s+){0,2}?(?:do|use|see|play|drink|listen\s+to|"
    r"am\s+into|'m\s+into|go\s+to|with|at|on|in)\s+" + _A + _Y,
)
#: In the sentence after an ending: "I quit Birchwood Labs. I start at Globex on Monday."
_NEXT_SUCCESSORS = _SUCCESSORS + (
    r"\b(?:i|we)(?:'m|\s+am|\s+are)?\s+(?:\w+\s+){0,2}?(?:with|at|to|for|in)\s+" + _A + _Y,
    r"\b(?:i|we)\s+(?:do|play|drink|use|see|have|drive|take|listen\s+to)\s+(?:it\s+)?" + _A + _Y,
)
_SUCCESSOR_PATTERNS = [re.compile(t, re.IGNORECASE) for t in _SUCCESSORS]
_NEXT_SUCCESSOR_PATTERNS = [re.compile(t, re.IGNORECASE) for t in _NEXT_SUCCESSORS]
_CORRECTION = re.compile(
    r"(?i)\b(?:i\s+meant|actually,?\s+it(?:'s|\s+is)|it(?:'s|\s+is)\s+actually|scratch\s+that,?\s+(?:it(?:'s|\s+is)\s+)?|"
    r"correction:?\s+(?:it(?:'s|\s+is)\s+)?|sorry,?\s+(?:it(?:'s|\s+is)\s+)|i\s+mean\s+)" + _A + _Y)
_PRONOUNS = {"i", "i'm", "we", "we're", "you're", "it's", "it", "that", "this", "them", "him", "her", "one", "me", "you", "way", "something", "stuff", "things",
             "life", "time", "work", "home", "the", "a", "now"}


@dataclass(frozen=True)
class KnownFact:
    """The parts of a current fact change detection needs."""

    id: int
    subject: str
    predicate: str
    value: str
    thread_id: str | None
    created_at: str
    category: str


@dataclass(frozen=True)
class Change:
    """Retire ``old``; if ``value`` is set, the same subject and attribute now hold ``value``."""

    old: KnownFact
    value: str | None
    evidence: str


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[^\w\s'+-]", " ", text.casefold())).strip()


def _mention(sentence: str, value: str) -> Span | None:
    """Where the sentence names ``value``: whole words, articles and "Dr." optional. A value with a
    name in it may be named by the name alone: "Iceland, July" by "Iceland", "Rotterdam Marathon in
    April" by "Rotterdam Marathon", "Volkswagen Golf" by "the Golf"."""
    if "," in value:
        value = value.split(",", 1)[0]
    words = [w for w in re.findall(r"[\w'+-]+", value) if w.lower() not in ("the", "a", "an", "dr")]
    while len(words) > 1 and words[0].lower() in ("my", "our", "as"):  # "my Monday salsa", "as a flat white"
        words = words[1:]
    if not words:
        return None
    found = _find_words(sentence, words)
    if found or len(words) < 2:
        return found
    capitals = [w for w in words if w[:1].isupper()]
    leading = []
    for word in words:
        if not word[:1].isupper():
            break
        leading.append(word)
    if leading and len(leading) < len(words) and (words[len(leading)].isalpha() or not _CALENDAR.match(leading[-1])):
        # "Pixel" names "Pixel 8", but "June" does not name "June 8"
        found = _find_words(sentence, leading)
    if not found and len(capitals) >= 2 and len(words[-1]) >= 4 and words[-1][:1].isupper():
        found = _find_words(sentence, [words[-1]], case=True)
    if not found and words[0].lower() in DEVICES:  # "Moto finally died" names the Moto G84
        found = _find_words(sentence, [words[0]])
    return found


@dataclass(frozen=True)
class Span:
    """Where a value is named in a sentence (the parts of ``re.Match`` this module uses)."""

    begin: int
    finish: int
    text: str

    def start(self) -> int:
        return self.begin

    def end(self) -> int:
        return self.finish

    def group(self, _: int = 0) -> str:
        return self.text


_TOKEN = re.compile(r"[\w'+-]+")


def _find_words(sentence: str, words: list[str], *, case: bool = False) -> Span | None:
    """The words in a row (separated by spaces or dots), whole words; no regex built per value."""
    tokens = [(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(sentence)]
    wanted = words if case else [w.casefold() for w in words]

    def same(token: str, word: str) -> bool:  # "Shah's retired" names "Shah"
        token = token if case else token.casefold()
        return token == word or (token.endswith("'s") and token[:-2] == word)

    for i in range(len(tokens) - len(wanted) + 1):
        window = tokens[i:i + len(wanted)]
        if all(same(t, w) for (t, _, _), w in zip(window, wanted)) and all(
                re.fullmatch(r"[\s.]+|:|\s*&\s*", sentence[a[2]:b[1]]) for a, b in zip(window, window[1:])):  # "7:15"
            return Span(window[0][1], window[-1][2], sentence[window[0][1]:window[-1][2]])
    return None


def _tail(value: str) -> str:
    """The value at the end of a clause: "I'm a member of Night Owls RC now" -> "Night Owls RC"."""
    value = re.sub(r"(?i)\s+(?:now|these\s+days|nowadays|instead)$", "", value.strip())
    names = re.findall(r"(?:(?:Dr|Mr|Ms|Mrs)\.?\s+)?[A-Z0-9][\w'+&-]*(?:\s+(?:of\s+|the\s+|de\s+)?[A-Z0-9][\w'+&-]*)*", value)
    names = [n for n in names if n not in ("I", "I'm", "We", "These", "Now", "The", "My", "Our")]
    if names and len(value.split()) > 3:
        return names[-1]
    parts = re.split(r"(?i)\b(?:of|with|to|at|for|is|'s|am|are|by|into|i'm|i\s+\w+)\s+", value)
    return parts[-1] if len(value.split()) > 3 else value


def _good_new_value(value: str, old: str) -> str | None:
    value = clean_value(_tail(value))
    if not plausible_value(value) or value.lower() in _PRONOUNS or hollow_value(value):
        return None
    if _norm(value) == _norm(old) or value.lower() in _FILLERS:
        return None
    if old[:1].isupper() and value.islower() and not kind_of(value):
        return None  # a name is not succeeded by a common noun ("we lost Mango... there's a kitten now")
    new_words = {w for w in _norm(value).split() if w not in ("the", "a", "an", "dr")}
    if new_words <= set(_norm(old).split()):  # "the Golf" for "Volkswagen Golf"; "Boston Marathon" is new
        return None
    value = re.sub(r"(?i)\s+(?:on|via|using)\s+.*$", "", value)  # "French on Duolingo": the language
    value = re.sub(r"(?i)\s+in\s+(?:my|our|the)\s+\w+$", "", value)  # "oat milk in my coffee"
    if not value:
        return None
    if value.split()[0].lower() in DISCOURSE:
        return None  # "Honestly ginger beer over lemonade": a discourse word is no value
    if re.match(r"(?i)^(?:i|we|you|they|he|she)(?:'\w+)?\b", value):
        return None
    if re.match(r"(?i)^(?:be|being|go|going|get|getting|have|having|do|doing|it|out|up|in|and|or|so)\b", value):
        return None
    return value


#: The checks a new value passes, for modules that find one elsewhere (``pending_changes``).
good_new_value = _good_new_value

#: Chat words a loose frame may catch as a value ("not running it anymore").
_FILLERS = {"anymore", "any more", "instead", "now", "too", "either", "though", "tho", "rn", "lol", "haha", "again",
            "atm", "these days", "then", "yet", "already"}
_OLD = "QQOLDQQ"
_REPLACEMENT_PATTERNS = [re.compile(t.replace("{x}", r"(?:dr\.?\s+)?" + _OLD), re.IGNORECASE) for t in _REPLACEMENTS]


def _replacement(sentence: str, mention: Span, old: str) -> str | None:
    """The new value in a frame around the old one (precompiled: the old value is swapped for a marker)."""
    marked = sentence[:mention.start()] + _OLD + sentence[mention.end():]
    for pattern in _REPLACEMENT_PATTERNS:
        for match in pattern.finditer(marked):
            value = _good_new_value(match.group("y"), old)
            if value and _OLD not in value:
                return value
    return None


def _first_good(values: Sequence[str], old: str) -> str | None:
    """The first of ``values`` that can stand as the new value of ``old``."""
    for value in values:
        good = _good_new_value(value, old)
        if good:
            return good
    return None


def _successor(sentence: str, old: str, templates: Sequence[re.Pattern[str]] = ()) -> str | None:
    for pattern in templates or _SUCCESSOR_PATTERNS:
        for match in pattern.finditer(sentence):
            value = _good_new_value(match.group("y"), old)
            if value:
                return value
    return None


def _same_kind_value(sentences: Sequence[str], old: str) -> str | None:
    """The one value of the old value's lexicon kind named beside it (none if several or of no kind)."""
    kind = kind_of(old)
    if kind is None:
        return None
    for sentence in sentences:
        others = {value for _, k, value in lexical_values(sentence) if k == kind and _norm(value) != _norm(old)}
        if len(others) == 1:
            return others.pop()
    return None


_CALENDAR = re.compile(r"(?i)^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*$|^(?:mon|tues|wednes|"
                       r"thurs|fri|satur|sun)day$|^(?:christmas|easter|monday)$")


def _same_shape_value(sentences: Sequence[str], old: str) -> str | None:
    """The one other value of the old value's shape named beside it: a time for a time, a date for a date,
    a name for a name ("Starlink is gone, the Spectrum engineer came today"); none if there are several."""
    shape = {"time": "time", "date": "date"}.get(_shape(old), "name")
    if shape == "name" and not re.search(r"[A-Z]", old):
        return None
    old_words = set(_norm(old).split()) - {"the", "a", "an", "dr"}
    for sentence in sentences:
        others = {}
        for _, value in values_of_shape(sentence, shape):
            value = clean_value(value)
            words = set(_norm(value).split()) - {"the", "a", "an", "dr"}
            if not words or words <= old_words or _CALENDAR.match(value) or value.lower() in _PRONOUNS or \
                    _find_words(value, [w for w in re.findall(r"[\w'+-]+", old) if w.lower() not in ("the", "a", "dr")]):
                continue  # the old value itself, said with more words ("RIP Biscuit")
            others.setdefault(_norm(value), value)
        if len(others) == 1:
            return next(iter(others.values()))
        if others:
            return None
    return None


def _shape(value: str) -> str:
    if re.search(r"\d{1,2}:\d{2}|\b\d{1,2}\s*(?:am|pm)\b", value, re.IGNORECASE):
        return "time"
    if re.search(r"\d", value):
        return "date"
    return "word"


def detect_changes(sentences: Sequence[str], known: Iterable[KnownFact], thread_id: str | None) -> list[Change]:
    """Changes to ``known`` (current facts) that the message's ``sentences`` make, in reading order."""
    known = list(known)
    changes: list[Change] = []
    ended: set[int] = set()
    for index, sentence in enumerate(sentences):
        for fact in known:
            if fact.id in ended or fact.category == "identity":
                continue
            mention = _mention(sentence, fact.value)
            if mention is None:
                continue
            other = someone_else_until(sentence) if fact.subject == "user" else None
            if other is not None and mention.start() >= other:
                continue  # "my brother switched from X": his news; "my flatmate Sven moved out" is Sven's
            rest = sentence[:mention.start()] + " " + sentence[mention.end():]
            marked = sentence[:mention.start()] + OLD_MARKER + sentence[mention.end():]
            compared = _first_good(compared_values(marked), fact.value)
            if not compared and old_value_preferred(marked):
                continue  # "I prefer WhatsApp over e-mail", said again: a restatement, not an ending
            if not (compared or _END_CUES.search(rest) or EXTRA_END_CUES.search(rest)):
                continue
            if unasserted(sentence, mention.end()):
                continue  # "sometimes I think about leaving X", "I'm not dropping X"
            new_value = compared or _replacement(sentence, mention, fact.value) or \
                _first_good(successor_values(rest), fact.value) or _successor(rest, fact.value)
            if new_value is None and index + 1 < len(sentences):  # "I quit Acme. I start at Globex on Monday."
                following = sentences[index + 1]
                again = _mention(following, fact.value)
                new_value = _first_good(successor_values(following), fact.value) or \
                    (_replacement(following, again, fact.value) if again else None) or \
                    _successor(following, fact.value, _NEXT_SUCCESSOR_PATTERNS)
            if new_value is None and index > 0:  # "new therapist = Colm. Dr Aziz moved to another clinic"
                new_value = _first_good(successor_values(sentences[index - 1]), fact.value)
            if new_value is None:  # "no more k-pop, opera all day": the other value of the same kind
                new_value = _same_kind_value(sentences[index:index + 2], fact.value)
            if new_value is None and kind_of(fact.value) is None:
                new_value = _same_shape_value(sentences[index:index + 2], fact.value)
            ended.add(fact.id)
            changes.append(Change(fact, new_value, sentence))
        correction = _CORRECTION.search(sentence)
        if correction:
            value = _good_new_value(correction.group("y"), "")
            if value:
                shape = _shape(value)
                mine = [f for f in known if f.thread_id == thread_id and f.id not in ended
                        and f.subject == "user" and _shape(f.value) == shape and _norm(f.value) != _norm(value)]
                named = cue_concepts(sentence)  # "I meant April 14 for our anniversary": that attribute
                if named:
                    mine = [f for f in mine if any(same_attribute(c, f.predicate) for c in named)]
                if mine:
                    target = max(mine, key=lambda f: (f.created_at, f.id))
                    ended.add(target.id)
                    changes.append(Change(target, value, sentence))
    return changes
