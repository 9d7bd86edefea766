"""Which new value succeeds an old one: the frames around the old value ("X for Y", "from X to Y", "Y instead
of X"), successors said after an ending ("it's all techno now"), a correction ("I meant Y"), the one other value of
the old one's kind or shape, and the checks every new value passes (``good_new_value``).

Split from ``changes``, which decides *that* a known value ended; ``pending_changes`` uses the checks too.
"""
from __future__ import annotations

import re
from typing import Sequence

from memory_core.facts.change_cues import ANY_ARTICLE as _A, NEW_VALUE as _Y, NEW_VALUE_KEYED as _YK, OLD_MARKER as _OLD
from memory_core.facts.change_cues import hollow_value
from memory_core.facts.cues import calendar_word, values_of_shape
from memory_core.facts.frame_words import CHAT_FILLERS, DEVICES, DISCOURSE, clean_value, plausible_value
from memory_core.facts.lexicon import kind_of, lexical_values
from memory_core.facts.mentions import CALENDAR, Span, find_words, normalized

#: Where the new value sits relative to the old one ({x} is the old value, escaped).
_REPLACEMENTS = (  # (frame, whether it sets the new value beside the old one as its like: ``good_new_value``'s tie)
    (rf"\bfrom\s+{_A}{{x}}\s+(?:over\s+)?to\s+{_A}{_Y}", True),
    (rf"{{x}}\s+(?:\w+\s+){{0,2}}for\s+{_A}{_Y}", False),  # "sold X for houses": what it went to, not its like
    (rf"{{x}}\s+with\s+{_A}{_Y}", False),
    (rf"(?:\b(?:honestly|now|these\s+days|nowadays)\s+|^|[,;:]\s*){_A}{_YK}\s+(?:beats|>|over|is\s+better\s+than|"
     rf"instead\s+of|rather\s+than)\s+{_A}{{x}}", True),
    (rf"(?:^|[,;:]\s*|\b){_A}{_YK}\s+(?:replaced|(?:took|(?:has|have)\s+taken|takes)\s+over\s+from|succeeded)\s+"
     rf"{_A}{{x}}", False),
    (rf"\b(?:prefer|like|pick|take|love)\s+{_A}{_YK}\s+(?:to|over|more\s+than|rather\s+than|better\s+than)\s+"
     rf"{_A}{{x}}", True),
    (rf"{_A}{_YK}\s*,?\s+(?:instead\s+of|rather\s+than|not)\s+{_A}{{x}}", True),
    # "out with PureGym, in with The Gym Group", "out with the old X and in with Y"
    (rf"\bout\s+(?:goes|with)\s+{_A}(?:old\s+)?{{x}}\s*[,;]?\s*(?:and\s+|&\s+)?in\s+(?:comes|with)\s+{_A}"
     rf"(?:new\s+)?{_Y}", False),
)
#: A new value said without the old one, after the old one was ended in the same message.
_SUCCESSORS = (
    r"\bit(?:'s|\s+is)\s+(?:all\s+(?:about\s+)?)?(?:now\s+)?" + _A + _Y,
    r"\b(?:into|on|doing|do|with|drink|listen\s+to|see|use|using)\s+" + _A + _Y + r"\s+(?:now|these\s+days)\b",
    r"\b(?:took\s+up|started|joined|signed\s+up\s+with|went\s+with|opened\s+one\s+at|fallen\s+for|"
    r"got|bought|picked\s+up|switched\s+to|moved\s+to|going\s+for|learning|all\s+about|there's|along\s+came|"
    r"adopted|say\s+hi\s+to|name\s+is|relocated\s+to|moved\s+(?:everything|it\s+all)\s+to|doing|running|"
    r"(?:she|he|they)(?:'s|'re|\s+is|\s+are)\s+(?:now\s+)?in|"
    r"lives\s+in|living\s+in|start\s+at|starting\s+at|first\s+(?:day|week|shift)\s+(?:at|with)|i'm\s+(?:a|an)\s+[a-z ]{2,30}?\s+at|at|"
    r"signed\s+up\s+(?:at|for)|registered\s+(?:at|with|for)|enrolled\s+(?:at|in)|settled\s+in|"
    r"(?:begin|start|starting)\s+as\s+[a-z ]{2,30}?\s+at|trying|gave\s+me|given\s+me|"
    r"(?:evenings|mornings|weekends|nights)\s+are\s+for|followed\s+\w+\s+to|living\s+now\s+in|"
    r"(?:going|flying|heading)\s+to|bagged|snapped\s+up|treated\s+(?:myself|us)\s+to|splashed\s+out\s+on|"
    r"got\s+(?:myself|us)|(?:gone|went)\s+over\s+to|moved\s+(?:down|up|across|along|round)\s+the\s+(?:road|street|corner)\s+to|(?:gone|went)\s+(?:[\w-]+\s+)?with|sorted\s+(?:myself\s+)?with|"
    r"(?:with|on)\s+(?:(?:a|an|the)\s+)?new|onwards?\s+(?:to|with))\s+" + _A + _Y,
    r"\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:now\s+)?(?:an?\s+)?(?P<y>(?-i:[A-Z])[\w'+-]*(?:\s+(?-i:[A-Z])[\w'+-]*)?)"
    r"\s+convert\b",
    r"(?:^|[,;:]\s*)" + _A + _YK + r"\s+from\s+now\s+on\b",
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
NEXT_SUCCESSOR_PATTERNS = [re.compile(t, re.IGNORECASE) for t in _NEXT_SUCCESSORS]
CORRECTION = re.compile(
    r"(?i)\b(?:(?:my|his|her|their|our|the)\s+(?:actual|real)\s+(?P<attribute>[\w-]+(?:\s+[\w-]+)?)\s+(?:is|are|'s)\s+|"
    r"i\s+meant\s+to\s+say|what\s+i\s+meant\s+was|i\s+meant|actually,?\s+it(?:'s|\s+is)|"
    r"(?:my\s+bad|my\s+mistake|typo)[,:;.!]?\s+(?:it(?:'s|\s+is|\s+was)\s+|(?:i\s+)?meant\s+)|it(?:'s|\s+is)\s+actually|"
    # the attribute said again after the taking back: "scratch that, dentist is Dr Shah"
    r"(?:scratch\s+that|correction|ignore\s+(?:what|that)\s+(?:\w+\s+){0,4}?)[,:;.]?\s+(?:my\s+|the\s+)?"
    r"(?P<restated>[\w-]+)(?:'s|\s+is)\s+(?:actually\s+)?|"
    r"scratch\s+that,?\s+(?:it(?:'s|\s+is)\s+)?|(?:i\s+)?should\s+(?:have|'ve)\s+said\s+|"
    r"correction:?\s+(?:it(?:'s|\s+is)\s+)?|sorry,?\s+(?:it(?:'s|\s+is)\s+)|i\s+mean\s+)" + _A + _Y)
_PRONOUNS = {"i", "i'm", "we", "we're", "you're", "it's", "it", "that", "this", "them", "him", "her", "one", "me", "you", "us",
             "everyone", "everybody", "someone", "somebody", "way", "something", "stuff", "things",
             "life", "time", "work", "home", "the", "a", "now"}


def _tail(value: str) -> str:
    """The value at the end of a clause: "I'm a member of Night Owls RC now" -> "Night Owls RC"."""
    value = re.sub(r"(?i)\s+(?:now|these\s+days|nowadays|instead)$", "", value.strip())
    names = re.findall(r"(?:(?:Dr|Mr|Ms|Mrs)\.?\s+)?[A-Z0-9][\w'+&-]*(?:\s+(?:of\s+|the\s+|de\s+)?[A-Z0-9][\w'+&-]*)*", value)
    # (a weekday or a month is when, not what: "starts at Busy Bees on Monday")
    names = [n for n in names if n not in ("I", "I'm", "We", "These", "Now", "The", "My", "Our") and not calendar_word(n)]
    if names and len(value.split()) > 3:
        return names[-1]
    if _DESCRIBED_WITH.match(value):  # "black with one sugar", "tea with oat milk": one thing described
        return value
    parts = re.split(r"(?i)\b(?:of|with|to|at|for|is|'s|am|are|by|into|i'm|i\s+\w+)\s+", value)
    return parts[-1] if len(value.split()) > 3 else value


#: A plain noun or adjective "with" what goes in it: the whole is the value ("black with one sugar"), not a verb
#: "with" whom ("banking with monzo", "gone with Lidl").
_DESCRIBED_WITH = re.compile(r"^(?!\w+(?:ing|ed)\b|(?:gone|been|went|now|am|is|are|go|stay|stick|still|sorted)\b)"
                             r"[a-z]+(?:\s+[a-z]+)?\s+with\s+[a-z]+(?:\s+[a-z]+){0,2}$")
#: A preposition that a loose frame left at a value's end: "one sugar from (now on)".
_DANGLING = re.compile(r"(?i)\s+(?:from|to|for|with|at|of|by)$")


def _without_possessive(text: str) -> str:
    """"mama rosa's" and "mama rosa" are one name: the place's own "'s" is said or left off."""
    return re.sub(r"(?:'s|’s|s')$", "", text)


def good_new_value(value: str, old: str, tied: bool = False) -> str | None:
    """The value as it can stand for the new value of ``old``, or None: the checks every new value passes,
    wherever it was found (here, ``changes``, ``pending_changes``). ``tied``: a frame around the old value put it
    there ("prefer Y over X", "from X to Y"), which says it is of the old one's kind, whatever its case."""
    value = _DANGLING.sub("", clean_value(_measure_like(value, old) or _tail(value)))
    if not plausible_value(value) or value.lower() in _PRONOUNS or hollow_value(value):
        return None
    if _without_possessive(normalized(value)) == _without_possessive(normalized(old)) or value.lower() in _FILLERS:
        return None
    if re.fullmatch(r"(?i)[\w-]+'s", value):
        return None  # "Ana's" of "takes Ana's group now": a possessive names whose, not what
    if old[:1].isupper() and value.islower() and not kind_of(value) and not tied:
        return None  # a name is not succeeded by a common noun ("we lost Mango... there's a kitten now")
    if re.match(r"(?i)(?:mr|mrs|ms|miss|dr|prof)\.?\s", old) and not value[:1].isupper():
        return None  # a person by title is succeeded by a person: "Mr Kowalczyk has moved on to coach"
    if is_quantity(old) and not re.search(r"\d", value):
        return None  # a measure is succeeded by a measure: "wore a 32 waist for ages, now a 34", not "ages"
    new_words = {w for w in normalized(value).split() if w not in ("the", "a", "an", "dr")}
    if new_words <= set(normalized(old).split()):  # "the Golf" for "Volkswagen Golf"; "Boston Marathon" is new
        return None
    value = re.sub(r"(?i)\s+(?:on|via|using)\s+.*$", "", value)  # "French on Duolingo": the language
    value = re.sub(r"(?i)\s+in\s+(?:my|our|the)\s+\w+$", "", value)  # "oat milk in my coffee"
    if not value:
        return None
    if value.split()[0].lower() in DISCOURSE:
        return None  # "Honestly ginger beer over lemonade": a discourse word is no value
    if re.match(r"(?i)^(?:i|we|you|they|he|she)(?:'\w+)?\b", value):
        return None
    if re.match(r"(?i)^(?:be|being|is|was|were|are|go|going|get|getting|have|having|do|doing|it|out|up|in|and|or|"
                r"so)\b", value):  # "last day at X was Friday": a verb opens no value
        return None
    return value


#: Chat words a loose frame may catch as a value ("not running it anymore").
_FILLERS = {"anymore", "any more", "instead", "now", "too", "either", "though", "tho", "rn", "lol", "haha", "again",
            "atm", "these days", "then", "yet", "already", *CHAT_FILLERS}
#: Each frame with its tie: "from X to Y", "Y over X", "prefer Y to X" and "Y instead of X" set Y beside X as its like,
#: whatever its case.
_REPLACEMENT_PATTERNS = [(re.compile(t.replace("{x}", r"(?:dr\.?\s+)?" + _OLD), re.IGNORECASE), tied)
                         for t, tied in _REPLACEMENTS]


#: A name that goes on past where a frame stopped: "The Fox and Hounds", "Bank of Ireland".
_NAME_GOES_ON = re.compile(r"^(?:\s+of(?:\s+the)?\s+(?-i:[A-Z])[\w'-]*)+")
_NAME_GOES_ON_AFTER_THE = re.compile(r"^(?:\s+(?:and|&|of(?:\s+the)?)\s+(?-i:[A-Z])[\w'-]*)+")


#: A verb right after a name: the sentence says something of it ("The Maltings has a pool", "The Guardian is
#: better"). A sentence-initial "The" is capitalised by position, but before a capitalised name the sentence then
#: predicates about, it is read as the name's own, as it is inside a sentence.
_PREDICATED = re.compile(r"(?:'s\b|\s+(?:is|are|was|were|has|have|had|does|do|did|will|would|can|could|"
                         r"should|might|must|may|[a-z]+s|[a-z]+ed)\b)")


def _names_a_model(value: str) -> bool:
    """A maker or a model ("Fairphone 5", "Honda Jazz"): a product's name takes no "The" of its own, so a
    sentence-initial one is the sentence's article."""
    return any(word.lower() in DEVICES for word in re.findall(r"[\w-]+", value))


def whole_name(sentence: str, value: str, near: int = 0) -> str:
    """``value`` as the whole name the sentence writes, when it is a name cut short by a frame: a capital "The"
    inside a sentence is the name's ("It's The Times now"), and a name begun by it goes on over "and" or "of"
    ("The Fox and Hounds"). Any other value comes back as it is."""
    if not value[:1].isupper():
        return value
    at = sentence.find(value, max(0, near - 4))
    if at < 0:
        return value
    begin, end = at, at + len(value)
    before = sentence[:begin]
    if before.endswith("The ") and ((before[:-4].strip() and not re.search(r"[.!?]\s*$", before[:-4])) or
                                    (_PREDICATED.match(sentence, end) and not _names_a_model(value))):
        begin -= 4
    goes_on = (_NAME_GOES_ON_AFTER_THE if sentence[begin:].startswith("The ") else _NAME_GOES_ON).match(sentence[end:])
    if goes_on:
        end += goes_on.end()
    return sentence[begin:end]


def replacement(sentence: str, mention: Span, old: str) -> str | None:
    """The new value in a frame around the old one (precompiled: the old value is swapped for a marker)."""
    marked = sentence[:mention.start()] + _OLD + sentence[mention.end():]
    for pattern, tied in _REPLACEMENT_PATTERNS:
        for match in pattern.finditer(marked):
            value = good_new_value(match.group("y"), old, tied=tied)
            if value and _OLD not in value:
                return whole_name(marked, value, match.start("y"))
    return None


def first_good(values: Sequence[str], old: str, sentence: str | None = None) -> str | None:
    """The first of ``values`` that can stand as the new value of ``old``; with the ``sentence`` they were read
    from, as the whole name it writes (the change shapes drop any article, a capital "The" of a name too:
    "from the Anchor to The Crown" holds "The Crown")."""
    for value in values:
        good = good_new_value(value, old)
        if good:
            return whole_name(sentence, good) if sentence is not None else good
    return None


def successor(sentence: str, old: str, templates: Sequence[re.Pattern[str]] = ()) -> str | None:
    for pattern in templates or _SUCCESSOR_PATTERNS:
        for match in pattern.finditer(sentence):
            value = good_new_value(match.group("y"), old)
            if value:
                return whole_name(sentence, value, match.start("y"))
    return None


def device_kind(value: str) -> str | None:
    """The device a value names by its maker or line ("Toyota Hilux": car, "Pixel 8": phone), or None."""
    kinds = {DEVICES[word.lower()] for word in re.findall(r"[\w-]+", value) if word.lower() in DEVICES}
    return kinds.pop() if len(kinds) == 1 else None


def same_device_value(sentences: Sequence[str], old: str) -> str | None:
    """The one other name of the old value's device kind said in the sentences: a car is succeeded by a car ("sold
    the Toyota Hilux ... picked up a Ford Ranger from the dealer in Strathpine": the Ranger, not the town)."""
    kind = device_kind(old)
    if kind is None:
        return None
    old_words = set(normalized(old).split())
    found = {normalized(value): value for sentence in sentences for _, value in values_of_shape(sentence, "name")
             if device_kind(value) == kind and not find_words(value, [old]) and
             not set(normalized(value).split()) <= old_words}  # "the Astra" is the old "Vauxhall Astra"
    return next(iter(found.values())) if len(found) == 1 else None


def same_kind_value(sentences: Sequence[str], old: str) -> str | None:
    """The one value of the old value's lexicon kind named beside it (none if several or of no kind)."""
    kind = kind_of(old)
    if kind is None:
        return None
    for sentence in sentences:
        others = {value for _, k, value in lexical_values(sentence) if k == kind and normalized(value) != normalized(old)}
        if len(others) == 1:
            return others.pop()
    return None


def same_class_value(sentences: Sequence[str], old: str) -> str | None:
    """For a diet or a language, the one other diet or language named anywhere in the message: these words name
    their kind wherever they stand, so the new one may come before the ending ("all keto, since that's what I'm
    doing now. Dropped the vegan thing") or after it ("Sticking with Korean")."""
    for shape in ("diet", "language"):
        if [v for _, v in values_of_shape(old, shape) if normalized(v) == normalized(old)]:
            others = {normalized(v): v for sentence in sentences for _, v in values_of_shape(sentence, shape)
                      if normalized(v) != normalized(old)}
            return next(iter(others.values())) if len(others) == 1 else None
    return None


#: What holds from now on, named before the words that say so: "black from here on", "going to Jade from now on",
#: "Yogabase Didsbury it is from now on", "it's David Lloyd for me from now on".
#: (also "it's Oakwood Dental for me now": a value said to be the user's from now, "for me" with "now")
_FROM_NOW_ON = re.compile(
    r"(?i)(?:^|[,;:.!?(]\s*|\b(?:it's|it\s+is|it'll\s+be|going\s+to|go\s+to|using|use|with|on|having|have|"
    r"taking\s+it|take\s+it|drinking|eating|doing|seeing)\s+)(?P<y>(?:[\w'&-]+\s+){0,4}?[\w'&-]+)"
    r"(?:\s+it\s+is)?(?:(?:\s+for\s+(?:me|us))?\s*,?\s+(?:from\s+now\s+on|from\s+here\s+on(?:\s+in)?|going\s+forward|"
    r"from\s+today|from\s+this\s+(?:week|month)\s+on)|\s+for\s+(?:me|us)\s+(?:now|these\s+days|nowadays))\b")


def value_from_now_on(sentences: Sequence[str], old: str) -> str | None:
    """The one value said to hold from now on in ``sentences`` (none if they name several)."""
    found = {}
    for sentence in sentences:
        for match in _FROM_NOW_ON.finditer(sentence):
            value = good_new_value(re.sub(r"(?i)^(?:so\s+)?(?:it's|it\s+is|its)\s+", "", match.group("y")), old)
            if value and not find_words(value, [old]):
                found.setdefault(normalized(value), whole_name(sentence, value, match.start("y")))
    return next(iter(found.values())) if len(found) == 1 else None


def same_shape_value(sentences: Sequence[str], old: str) -> str | None:
    """The one other value of the old value's shape named beside it: a time for a time, a date for a date,
    a name for a name ("Starlink is gone, the Spectrum engineer came today"); none if there are several."""
    shape = {"time": "time", "date": "date"}.get(value_shape(old), "name")
    if shape == "name" and not re.search(r"[A-Z]", old):
        return None
    old_words = {_without_possessive(w) for w in normalized(old).split()} - {"the", "a", "an", "dr"}
    for sentence in sentences:
        others = {}
        for _, value in values_of_shape(sentence, shape):
            value = clean_value(value)
            words = {_without_possessive(w) for w in normalized(value).split()} - {"the", "a", "an", "dr"}
            if not words or words <= old_words or CALENDAR.match(value) or value.lower() in _PRONOUNS | _FILLERS or \
                    find_words(value, [w for w in re.findall(r"[\w'+-]+", old) if w.lower() not in ("the", "a", "dr")]):
                continue  # the old value itself, said with more words ("RIP Biscuit")
            others.setdefault(normalized(value), value)
        if len(others) == 1:
            return whole_name(sentence, next(iter(others.values())))
        if others:
            return None
    return None


def _measure_like(value: str, old: str) -> str | None:
    """The measure in a longer phrase, written with the old measure's unit: "everything new in size 11" -> "size
    11" for "size 10"; None when the old value is no measure or the unit is not there."""
    if not is_quantity(old) or len(value.split()) <= len(old.split()) + 1:
        return None
    units = [w for w in re.findall(r"[a-z]+", old) if len(w) > 1]
    if not units:
        return None
    found = re.search(r"(?i)\b(?:" + "|".join(map(re.escape, units)) + r")\s+\d[\w.]*(?:\s+(?:" +
                      "|".join(map(re.escape, units)) + r")\b)?", value)
    if found is None:
        found = re.search(r"(?i)\b\d[\w.]*\s+(?:" + "|".join(map(re.escape, units)) + r")\b", value)
    return found.group(0) if found else None


def is_quantity(value: str) -> bool:
    """A number with lowercase words around it ("size 7", "3 times a week", "7am"): a measure, not a name with a
    number in it ("Pixel 8", "June 8")."""
    return bool(re.search(r"\d", value)) and not re.search(r"[A-Z]", value)


#: A name with a model number in it ("Volvo V70", "iPhone 13 mini", "MacBook Air M1"): a name, not a date.
_MODEL_NAME = re.compile(r"^(?:(?-i:[A-Z])[A-Za-z'&+-]+|(?-i:i[A-Z])[A-Za-z]+)\b")
_SAYS_A_DATE = re.compile(r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\b(?:mon|tues|wed|"
                          r"wednes|thu|thurs|fri|sat|satur|sun)(?:day)?\b|\d(?:st|nd|rd|th)\b|\d[/.-]\d")


def value_shape(value: str) -> str:
    if re.search(r"\d{1,2}:\d{2}|\b\d{1,2}\s*(?:am|pm)\b", value, re.IGNORECASE):
        return "time"
    if re.search(r"\d", value):
        return "word" if _MODEL_NAME.match(value) and not _SAYS_A_DATE.search(value) else "date"
    return "word"


def same_measure_value(sentences: Sequence[str], old: str) -> str | None:
    """The one other measure in the old one's unit said in ``sentences`` ("8,000 steps was too much ... set the
    watch to 12,000 steps" -> "12,000 steps"); None when the old value is no measure or there is not exactly one."""
    if not is_quantity(old):
        return None
    units = [w for w in re.findall(r"[a-z]+", old.lower()) if len(w) > 1]
    number = re.search(r"\d[\d,.]*", old)
    if not units or number is None:
        return None
    unit = "|".join(map(re.escape, units))
    found = {m.group(0) for text in sentences
             for m in re.finditer(rf"(?i)\b\d[\d,.]*\s*(?:{unit})\b", text)
             if re.match(r"\d[\d,.]*", m.group(0)).group(0) != number.group(0)}
    return found.pop() if len(found) == 1 else None
