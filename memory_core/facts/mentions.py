"""Where a sentence names a known value: whole words, articles and "Dr." optional, or the name alone inside a
longer value ("Iceland" for "Iceland, July", "the Golf" for "Volkswagen Golf").

Change detection (``changes``) anchors on these mentions: people name the old value, not the attribute.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from memory_core.facts.frame_words import DEVICES


def normalized(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[^\w\s'+-]", " ", text.casefold())).strip()


def find_mention(sentence: str, value: str) -> Span | None:
    """Where the sentence names ``value``: whole words, articles and "Dr." optional. A value with a
    name in it may be named by the name alone: "Iceland, July" by "Iceland", "Rotterdam Marathon in
    April" by "Rotterdam Marathon", "Volkswagen Golf" by "the Golf"."""
    if "," in value:
        value = value.split(",", 1)[0]
    found = _named(sentence, value)
    if found is None:
        head = _without_whereabouts(value)
        if head is not None:  # "Specsavers in the precinct" is named "Specsavers"
            found = _named(sentence, head)
    return found


#: A sentence longer than this (a paste, not a thing said) is searched for its first mention only: each later search
#: reads the rest of it again.
_LONGEST_SEARCHED_AGAIN = 2_000


def find_mentions(sentence: str, value: str) -> list[Span]:
    """The first place the sentence names ``value`` and, when it names it again later, the last: a correction or a
    comparison often names the old value a second time, after a first mention that only recalls it ("when I said
    the dog was called X ... his name is Y not X")."""
    first = find_mention(sentence, value)
    if first is None or len(sentence) > _LONGEST_SEARCHED_AGAIN:
        return [first] if first else []
    found, at = [first], first.end()
    while at < len(sentence):
        later = find_mention(sentence[at:], value)
        if later is None:
            break
        found = [first, Span(at + later.start(), at + later.end(), later.group(0))]
        at += later.end()
    return found


#: Where a named thing is, said after its name: "Specsavers in the precinct", "Bella Napoli on the high street".
_WHEREABOUTS = re.compile(r"(?i)^(?P<head>.+?)\s+(?:on|in|at|by|near|off|opposite)\s+(?:the\s+)?"
                          r"(?:high\s+st(?:reet)?|\w+\s+(?:st|street|road|rd|lane|ln|avenue|ave|square|sq|parade|way)|"
                          r"precinct|village|town\s+centre|city\s+centre|market\s+square|retail\s+park|"
                          r"shopping\s+centre|corner|station)\b.*$")
#: A kind noun that ends a place's name and may be left off it: "the Hollins Hall" for "Hollins Hall Hotel"; a
#: landform after a name of five letters or more: "Stanage" for "Stanage Edge".
_KIND_TAIL = re.compile(r"^(?P<head>(?:[A-Z][\w'-]+\s+){2,}?)(?i:hotel|inn|arms|restaurant|cafe|café|bistro|"
                        r"surgery|practice|clinic|centre|center)$|"
                        r"^(?P<land>[A-Z][\w'-]{4,}\s+)(?:Edge|Fell|Pike|Moor|Tor|Crag|Beacon|Head|Point|Bay|Cove|Beach|"
                        r"Forest|Woods?|Reservoir|Water|Gorge|Falls)$")
#: A value that starts with where the user goes: "up to Stanage Edge" is Stanage Edge.
_TOWARDS = re.compile(r"(?i)^(?:up|down|out|over|round|along)\s+(?:to|at)\s+(?=\S)")


def _without_whereabouts(value: str) -> str | None:
    """The name a value holds before where the thing is, or before a kind noun that a name of two words or more
    can be said without; None when the value has neither."""
    whereabouts = _WHEREABOUTS.match(value)
    if whereabouts and len(whereabouts.group("head")) >= 3 and whereabouts.group("head").lower() not in ("dr", "the"):
        return whereabouts.group("head")
    towards = _TOWARDS.match(value)
    if towards:
        value = value[towards.end():]
    tail = _KIND_TAIL.match(value)
    if tail:
        return (tail.group("head") or tail.group("land")).strip()
    return value if towards else None


def _named(sentence: str, value: str) -> Span | None:
    """``find_mention`` for one form of the value."""
    words = [w for w in re.findall(r"[\w'+-]+", value) if w.lower() not in ("the", "a", "an", "dr")]
    while len(words) > 1 and words[0].lower() in ("my", "our", "as"):  # "my Monday salsa", "as a flat white"
        words = words[1:]
    if not words:
        return None
    found = find_words(sentence, words)
    if found or len(words) < 2:
        return found
    capitals = [w for w in words if w[:1].isupper()]
    leading = []
    for word in words:
        if not word[:1].isupper():
            break
        leading.append(word)
    if leading and len(leading) < len(words) and (words[len(leading)].isalpha() or not CALENDAR.match(leading[-1])):
        # "Pixel" names "Pixel 8", but "June" does not name "June 8"
        found = find_words(sentence, leading)
    if not found and len(capitals) >= 2 and len(words[-1]) >= 4 and words[-1][:1].isupper():
        found = find_words(sentence, [words[-1]], case=True)
    if not found and not leading and capitals and words[-len(capitals):] == capitals and \
            len(" ".join(capitals)) >= 4 and not CALENDAR.match(capitals[0]):
        # a common noun before a name says what the name is: "bank Nationwide", "pharmacy Unichem" by the name
        found = find_words(sentence, capitals, case=True)
    if not found and len(words) >= 2 and _MODEL_CODE.match(words[-1]):  # "S21" names "Samsung Galaxy S21"
        found = find_words(sentence, [words[-1]])
    if not found and words[0].lower() in DEVICES:  # "Moto finally died" names the Moto G84
        found = find_words(sentence, [words[0]])
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


@lru_cache(maxsize=64)
def _word_index(sentence: str, case: bool) -> tuple[tuple[tuple[str, int, int], ...], dict[str, list[int]]]:
    """The sentence's tokens and, for each form a word may take (folded unless ``case``; a possessive "'s" also
    without it: "Shah's retired" names "Shah"), where tokens of that form stand. Built once per sentence: the
    change detection asks one sentence about every known fact the value keys found."""
    tokens = tuple((m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(sentence))
    where: dict[str, list[int]] = {}
    for i, (token, _, _) in enumerate(tokens):
        form = token if case else token.casefold()
        where.setdefault(form, []).append(i)
        if form.endswith("'s"):
            where.setdefault(form[:-2], []).append(i)
    return tokens, where


def find_words(sentence: str, words: list[str], *, case: bool = False) -> Span | None:
    """The words in a row (separated by spaces or dots), whole words; no regex built per value. Only the places
    where the first word stands are tried."""
    tokens, where = _word_index(sentence, case)
    wanted = words if case else [w.casefold() for w in words]

    # a common noun's plural names it: "custard creams are dead to me" names "a custard cream"
    plural = not case and words[-1].isalpha() and words[-1].islower() and len(words[-1]) >= 4
    last = len(wanted) - 1

    def same(token: str, word: str, index: int) -> bool:  # "Shah's retired" names "Shah"
        token = token if case else token.casefold()
        return token == word or (token.endswith("'s") and token[:-2] == word) or \
            (plural and index == last and token in (word + "s", word + "es"))

    starts = where.get(wanted[0], [])
    if plural and last == 0:
        starts = [*starts, *where.get(wanted[0] + "s", ()), *where.get(wanted[0] + "es", ())]
    for i in starts:
        window = tokens[i:i + len(wanted)]
        if len(window) == len(wanted) and all(same(t, w, n) for n, ((t, _, _), w) in enumerate(zip(window, wanted))) and all(
                re.fullmatch(r"[\s.]+|:|\s*&\s*", sentence[a[2]:b[1]]) for a, b in zip(window, window[1:])):  # "7:15"
            return Span(window[0][1], window[-1][2], sentence[window[0][1]:window[-1][2]])
    return None


#: A model code: letters and digits in one word ("S21", "XC60", "A4"), a name by itself.
_MODEL_CODE = re.compile(r"^(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[A-Za-z]{1,3}-?\d{2,4}[A-Za-z]?$")
#: A month (whole or cut short: "Sept", "Sep.") or a weekday or a feast, the whole word: never a name that only starts
#: like one ("Marnie", "Janet", "Maya", "Junior").
CALENDAR = re.compile(r"(?i)^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
                      r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?$|^(?:mon|tues|wednes|"
                      r"thurs|fri|satur|sun)day$|^(?:christmas|easter)$")
