"""A successor named later in the message that ends the old value, with no verb of change.

People tell a change as a story: the old holder ends or lets them down in one sentence, and the new one turns
up sentences later, named by whatever happened ("Gave up on Dr Varga ... Dr Moyo is lovely", "Wore a hole
through the Adidas ... Came home with Mizuno", "the agency has been sending Renata"). The frames in
``new_values`` look for a verb of change, or only in the next sentence; this module reads the rest of the
message for the one new name of the old value's shape.

Also here, the weaker cues of displacement (``displaced``): a complaint, the holder unable to go on, a thing
worn out. They end nothing by themselves ("Brightwave never answered my email" keeps Brightwave); only with a
successor named after them.

Guards: the name is not someone else's (a sentence of another person's news, "my sister Joanna", "his"), not
the reporter ("Tom says"), not asked or denied, not a date or a place, not a value already held, and of the
old value's kind (a person for a person, an organisation for an organisation, by the parser's entities when a
parse was made). A sentence naming two candidates is ambiguous: no successor.
"""
from __future__ import annotations

import re
from typing import Iterable, Mapping, Sequence

from memory_core.facts.change_cues import PERSON_NOUNS, someone_else_until, unasserted
from memory_core.facts.cues import calendar_word, values_of_shape
from memory_core.facts.frame_words import clean_value, without_opening_verb
from memory_core.facts.mentions import find_words, normalized
from memory_core.facts.parse_tokens import ParsedSentence

#: The old holder failed the user, or cannot go on: said of it, with a successor named after, it is displaced.
_DISPLACED = re.compile(
    r"(?i)\b(?:"
    # never did the job: "never answered", "never rang back", "never turned up"
    r"never\s+(?:\w+\s+)?(?:answered|replied|responded|returned|rang\s+back|called\s+back|got\s+back|turned\s+up|"
    r"showed\s+up|came|came\s+back|bothered|did|sorted|fixed|delivered)|"
    r"(?:got|gets|getting|had)\s+(?:\w+\s+){0,4}?(?:order|orders|it|everything|things|bill|booking)\s+wrong|"
    # a mess made, enough had: "the mess they made of it", "made a hash of the sale", "had enough of them"
    r"(?:mess|hash|pig's\s+ear|dog's\s+dinner|shambles)\s+(?:\w+\s+){0,3}?(?:made|make|makes)|"
    r"made\s+(?:a|such\s+a)\s+(?:\w+\s+)?(?:mess|hash|pig's\s+ear)|(?:had|have|'ve\s+had)\s+enough\s+of|"
    r"fed\s+up\s+(?:with|of)|sick\s+(?:and\s+tired\s+)?of|had\s+it\s+(?:up\s+to\s+here\s+)?with|"
    # the price: "the quote came in at nearly double", "put their prices up again"
    r"(?:came\s+in\s+at|went\s+up\s+to|was|is)\s+(?:nearly\s+|almost\s+|over\s+|about\s+)?(?:double|triple)"
    r"(?!\s+(?:as|the\s+size))|"
    r"put\s+(?:their|its|the|her|his)\s+(?:\w+\s+)?(?:prices?|fees?|rates?)\s+up|"
    # a thing worn out: "wore a hole through the Adidas", "fell apart"
    r"wore\s+(?:a\s+hole|holes)\s+(?:in|through)|worn\s+(?:out|through)|fell\s+apart|falling\s+apart|"
    r"gave\s+up\s+the\s+ghost|"
    # the holder unable to go on: "hurt her back", "broke his wrist", "is off sick", "on maternity leave"
    r"(?:hurt|injured|broke|did|put\s+out)\s+(?:her|his|their)\s+(?:back|wrist|arm|leg|ankle|knee|hip|shoulder)|"
    r"(?:off|been\s+off)\s+sick|on\s+(?:maternity|paternity|sick|long-term\s+sick)\s+leave)\b")
#: A comparison appended without a verb to the clause that names the new one: "lesson with Y, so much calmer than X".
_APPENDED_COMPARISON = re.compile(
    r"(?i),\s*(?:and\s+|so\s+|but\s+)?(?:so\s+|much\s+|way\s+|far\s+|miles\s+|loads\s+|a\s+lot\s+){0,2}"
    r"(?:\w+er|more\s+\w+|less\s+\w+|better|nicer)\s+than\s+(?:the\s+|my\s+|our\s+)?$")

#: A preposition of place or origin before a name: "off to Lisbon", "in Leeds", "from Cork".
_PLACE_BEFORE = re.compile(r"(?i)\b(?:in|from|near|around|across|outside|via|towards|(?:off|trip|holiday|flight|"
                           r"fly|flying|flew|drive|drove|driving|back|moved|moving|move)\s+to)\s+(?:the\s+)?$")
#: Words before a name that take a person or a group, never a place: "a jam with X", "joined X".
_COMPANY_BEFORE = re.compile(r"(?i)\b(?:with|alongside|joined|join|joining)\s+(?:the\s+)?$")
#: Someone's, said before the name ("his Clearview", "my sister Joanna").
_OWNER_BEFORE = re.compile(r"(?i)\b(?:his|her|their|your|(?:my|our)\s+(?:\w+\s+)?(?:" +
                           "|".join(re.escape(n) for n in PERSON_NOUNS) + r"))\s+$")
#: The name reports, said after it: "Tom says" (a possessive is no guard: "Helgi's" is the pub as often as Helgi's).
_REPORTER_AFTER = re.compile(r"(?i)^(?:'s)?\s+(?:says|said|reckons|reckoned|told|tells|thinks|reckon|swears)\b")
#: Someone named reporting or recommending: what follows is their word, not the user's news ("Priya says Dr Moyo
#: is good").
_NAMED_REPORTER = re.compile(r"(?:^|\s)(?-i:[A-Z])[\w'-]+\s+(?i:says|said|reckons|reckoned|thinks|swears\s+by|"
                             r"recommends|recommended|suggests|suggested|told\s+(?:me|us))\b")
_NEGATED_BEFORE = re.compile(r"(?i)\b(?:not|never|no|n't|didn't|don't|won't|wasn't|isn't)\b[^,;.]*$")
_QUESTION = re.compile(r"\?\s*$")
#: A brand's own "'s" after the name, with a model code or nothing after it before the clause ends ("Hill's k/d
#: and", "Sainsbury's."); "Tom's car" is Tom's car, not a name.
_BRAND_POSSESSIVE = re.compile(r"^'s(?:\s+(?-i:[a-z]{1,3}/[a-z]{1,3}|[a-z]*\d[\w/-]*))?(?=\s*(?:[,.;!?]|and\b|but\b|so\b|$))")
#: A relation said as a name at a sentence's start ("Mum says ..."): the user's person, never a successor.
_PEOPLE_WORD = re.compile(r"(?i)^(?:mum|mom|mam|dad|mother|father|nan|nana|gran|granny|grandma|grandad|grandpa|"
                          r"auntie|aunty|uncle|sis|bro|hubby|wifey|babe)$")
_PEOPLE_LABELS = {"PERSON"}
_BODY_LABELS = {"ORG"}
_PLACE_LABELS = {"GPE", "LOC"}
_TITLE = re.compile(r"(?i)^(?:dr|mr|mrs|ms|miss|prof)\.?\s")
_TITLE_BEFORE = re.compile(r"(?:Dr|Mr|Mrs|Ms|Miss|Prof)\.?\s+$")


def entity_names(trees: Sequence[ParsedSentence]) -> dict[str, str]:
    """Each name the parser tagged as an entity, as the sentence writes it, with its type ("Fibrelink": "ORG"):
    neighbouring words of one type are one name."""
    names: dict[str, str] = {}
    for tree in trees:
        run: list = []
        for token in (*tree.tokens, None):
            if token is not None and token.ent_type and run and token.ent_type == run[-1].ent_type:
                run.append(token)
                continue
            if run:
                names.setdefault(tree.text[run[0].idx:run[-1].idx + len(run[-1].text)], run[0].ent_type)
            run = [token] if token is not None and token.ent_type else []
    return names


def displaced(text: str) -> bool:
    """The text says the old holder failed the user or cannot go on (a weaker cue than an ending)."""
    return bool(_DISPLACED.search(text))


def compared_after(text_before_old: str) -> bool:
    """The old value closes a comparison appended to the clause before it ("..., so much calmer than X")."""
    return bool(_APPENDED_COMPARISON.search(text_before_old))


#: A name that says it is an organisation by its last word ("Harbour Dental Practice", "Bay Motors Ltd").
_ORGANISATION = re.compile(
    r"(?i)\b(?:ltd|limited|plc|llp|inc|co|company|group|partners|associates|services|motors|garage|surgery|practice|"
    r"clinic|centre|center|dental|pharmacy|chemist|bank|club|society|school|nursery|academy|agency|cleaning|"
    r"solicitors|accountants|rescue|insurance|energy|broadband|mobile|gym|fitness|singers|choir)$")


def _person_shaped(name: str) -> bool:
    return bool(_TITLE.match(name))


def same_kind_of_name(old: str, new: str, entities: Mapping[str, str]) -> bool:
    """A name of the old one's kind: a person by title ("Dr Varga") is not succeeded by a name that says it is an
    organisation ("Harbour Dental Practice"), nor the other way round; a one-word place the parser tagged
    ("Lisbon") succeeds no name that is not one. The small parser's person and organisation labels are too often
    wrong for brands and shops ("Saucony" a person, "Halfords Autocentre" a person) to decide alone."""
    if " " not in new and entities.get(new) in _PLACE_LABELS and entities.get(old) not in _PLACE_LABELS and \
            not _ORGANISATION.search(old):
        return False  # (an organisation's successor is one too: the parser tags an unknown brand a place, "Monzo")
    return not ((_person_shaped(old) and _ORGANISATION.search(new)) or
                (_ORGANISATION.search(old) and _person_shaped(new)))


#: A sentence's first word, capitalised and alone before a lowercase word: "Clearview came on Thursday".
_OPENING_WORD = re.compile(r"^\W*(?P<name>[A-Z][\w'&-]+)\s+(?-i:[a-z])")


def _tagged_opening(text: str, entities: Mapping[str, str]) -> list[tuple[int, str]]:
    """The sentence's first word as a name when the parser tagged it as a person or an organisation: capitalised
    by position, the name reader cannot trust it alone ("Clearview came on Thursday", never "Everyone loved it")."""
    opening = _OPENING_WORD.match(text)
    if opening and entities.get(opening.group("name")) in _PEOPLE_LABELS | _BODY_LABELS:
        return [(opening.start("name"), opening.group("name"))]
    return []


def _candidates(text: str, offset: int, old: str, held: Iterable[str],
                entities: Mapping[str, str]) -> list[str]:
    """The new names of ``text`` from ``offset`` on that may succeed ``old``."""
    old_words = [w for w in re.findall(r"[\w'+-]+", old) if w.lower() not in ("the", "a", "dr")]
    held_keys = {normalized(value) for value in held}
    found: dict[str, str] = {}
    for at, raw in [*_tagged_opening(text, entities), *values_of_shape(text, "name")]:
        if at < offset:
            continue
        name = clean_value(without_opening_verb(raw, at))
        start = text.find(name, at)
        start = at if start < 0 else start
        words = set(normalized(name).split()) - {"the", "a", "an", "dr"}
        if not words or len(name) < 3 or calendar_word(name) or _PEOPLE_WORD.search(name) or \
                find_words(name, old_words) or \
                words <= set(normalized(old).split()) or normalized(name) in held_keys:
            continue
        before, after = text[:start], text[start + len(name):]
        if _PLACE_BEFORE.search(before) or _OWNER_BEFORE.search(before) or _REPORTER_AFTER.match(after) or \
                _NEGATED_BEFORE.search(before[offset:]):
            continue
        # "a jam with Lowfield", "joined Lowfield": no place stands there, whatever the parser's label
        if not same_kind_of_name(old, name, {} if _COMPANY_BEFORE.search(before) else entities):
            continue
        title = _TITLE_BEFORE.search(before)
        if title:  # "Dr Osei": the title the name reader left off is the person's
            name = title.group(0) + name
        owned = _BRAND_POSSESSIVE.match(after)
        if owned:  # "onto Hill's k/d and ...", "to Sainsbury's.": the "'s" (and a model code) is the brand's
            name += owned.group(0)
        found.setdefault(normalized(name), name)
    return list(found.values())


def later_successor(sentences: Sequence[str], index: int, after: int, old: str, held: Iterable[str],
                    entities: Mapping[str, str] | None = None, users_own: bool = True,
                    reported: bool = False) -> str | None:
    """The one new name of ``old``'s shape said after the old value (from ``after`` in sentence ``index``, then
    the sentences that follow), in a sentence that is the user's, asserted and no question; None when there is
    none, or when the first sentence that names candidates names more than one. For a fact of someone else's
    (``users_own`` false: the son's nursery) a sentence about "he" or "she" may be about its owner. ``reported``:
    the ending is someone's report to the user ("Mum says X has sold up, and a woman called Y has moved in"); the
    rest of that sentence is the same report, so its reporter guards the successor no more than the ending."""
    if not old[:1].isupper():
        return None  # a common noun ("yoga") is succeeded by words the frames read, not by any name
    held = list(held)
    entities = entities or {}
    for number in range(index, len(sentences)):
        found = _sentence_candidates(sentences[number], after if number == index else 0, len(sentences[number]),
                                     old, held, entities, users_own, reported and number == index)
        if len(found) == 1:
            return found[0]
        if found:
            return None
    return None


def earlier_successor(sentences: Sequence[str], index: int, before: int, old: str, held: Iterable[str],
                      entities: Mapping[str, str] | None = None, users_own: bool = True) -> str | None:
    """The one new name of ``old``'s shape said BEFORE the old value, in a message that ends it: the new one is
    often told first and the old one after ("Went to a taster at Y ... it knocks X into a cocked hat", "Y won the
    quiz last night! First win since I switched from X"). Read from the message's start up to ``before`` in
    sentence ``index``, with ``later_successor``'s guards; None unless exactly one such name is said."""
    if not old[:1].isupper():
        return None
    held = list(held)
    found: dict[str, str] = {}
    for number in range(0, index + 1):
        end = before if number == index else len(sentences[number])
        for name in _sentence_candidates(sentences[number], 0, end, old, held, entities or {}, users_own):
            found.setdefault(normalized(name), name)
    return next(iter(found.values())) if len(found) == 1 else None


def _sentence_candidates(text: str, offset: int, end: int, old: str, held: Sequence[str],
                         entities: Mapping[str, str], users_own: bool, reported: bool = False) -> list[str]:
    """The successor candidates of one sentence between ``offset`` and ``end``: none in a question, an
    unasserted sentence or someone's report; in a sentence of another person's news ("my sister's dentist is
    Y"), only the one its news is about, when that is the candidate itself ("Dave Pritchard moved in")."""
    if _QUESTION.search(text) or unasserted(text, len(text)) or (
            not reported and _NAMED_REPORTER.search(text[offset:])):
        return []
    found = _candidates(text[:end], offset, old, held, entities)
    other = someone_else_until(text) if users_own and not reported else None
    if other is not None:  # the sentence's subject is someone else: only a name that IS that subject
        found = [name for name in found if 0 <= text.find(name) < other and
                 not _OWNER_BEFORE.search(text[:text.find(name)])]
    return found


def compared_successor(sentence: str, mention_start: int, old: str, held: Iterable[str],
                       entities: Mapping[str, str] | None = None) -> str | None:
    """The one new name before an appended comparison with the old value ("first lesson with Y, so much calmer
    than X"), in the same sentence."""
    if not old[:1].isupper() or not compared_after(sentence[:mention_start]):
        return None
    if _QUESTION.search(sentence) or someone_else_until(sentence) is not None or unasserted(sentence, mention_start):
        return None
    found = _candidates(sentence[:mention_start], 0, old, list(held), entities or {})
    return found[0] if len(found) == 1 else None


#: The user committing to something new, said anywhere in the message: with the old value named beside one new
#: name of its kind, the new one succeeds the old even where no word ends it ("Y costs more than X, but ...
#: that's where I go now", "Y makes more sense than X ... so I moved my deposit over", "He starts there after
#: half term"). A commitment needs its doer or its finality said: a bare "now" or "switched" of a topic is none.
_COMMITTED = re.compile(
    r"(?i)\b(?:"
    r"(?:(?:i|we|i've|we've|i'd|we'd|i'm|we're|finally|officially|just|so)\s+(?:\w+\s+)?|^\W*)(?:switched|swapped|changed\s+over|"
    r"made\s+the\s+(?:switch|move|jump)|signed\s+(?:up|on)|went\s+with|gone\s+with|going\s+with|settled\s+on|"
    r"moved\s+(?:[\w'-]+\s+){0,3}?(?:over|across)|transferred\s+(?:[\w'-]+\s+){0,3}?(?:over|across)|took\s+it|"
    r"took\s+(?:the|a)\s+(?:place|space|spot)|booked\s+(?:him|her|them|us|me)\s+in)|"
    r"switched\s+(?:\w+\s+)?(?:over|practices|surgeries|banks|gyms|providers|schools|clubs|teams|studios|salons)|"
    r"from\s+now\s+on|going\s+forward|"
    r"that's\s+(?:where|who|what|the\s+one)\s+(?:i|we|he|she|they)\s+(?:\w+\s+)?(?:go|use|see|have|get|am|are|is)\s+now|"
    r"(?:he|she|they|i|we)\s+(?:starts?|started|starting)\s+there|"
    r"(?:cancell?ed|cancelling|closing|closed|ditched|left|quit)\s+the\s+old\s+(?:one|account|membership|plan|"
    r"contract|place|card|subscription)"
    r")\b")
_NOT_COMMITTED = re.compile(r"(?i)\b(?:not|never|n't|might|may|maybe|thinking\s+(?:of|about)|should|could|would|"
                            r"if)\b[^.;!?]*$")
#: The old value is what something else is compared with: "Y costs more than X", "NHS rates versus X's".
_COMPARED_WITH = re.compile(r"(?i)\b(?:than|versus|vs\.?|compared\s+(?:to|with)|instead\s+of|rather\s+than|"
                            r"knocks|beats|over)\s+(?:[\w'-]+\s+){0,6}?$")


def _of_the_old_kind(found: list[str], old: str) -> list[str]:
    """Of several names, the ones that say the old one's kind as it does: a titled person for "Dr Rahman" ("Dr
    Fielding", not "NHS"), an organisation by its last word for "Oakfield School" ("Brookvale Academy", not "SEN")."""
    if len(found) < 2:
        return found
    if _person_shaped(old):
        return [name for name in found if _person_shaped(name)]
    if _ORGANISATION.search(old):
        return [name for name in found if _ORGANISATION.search(name)]
    return found


def committed(sentences: Sequence[str]) -> bool:
    """The user says, plainly and in no question, that they have taken something new on."""
    for sentence in sentences:
        if _QUESTION.search(sentence):
            continue
        for cue in _COMMITTED.finditer(sentence):
            if not _NOT_COMMITTED.search(sentence[:cue.start()]):
                return True
    return False


def committed_successor(sentences: Sequence[str], index: int, start: int, end: int, old: str,
                        held: Iterable[str], entities: Mapping[str, str] | None = None,
                        users_own: bool = True) -> str | None:
    """The one new name that succeeds ``old`` (said at ``start``-``end`` of sentence ``index``) in a message where
    the user commits to something new (``committed``): the name the old one is compared with when the sentence
    compares ("Anytime Fitness costs more than Planet Fitness"), else the one new name said after the old, else
    the one said before it; each with ``later_successor``'s guards."""
    if not old[:1].isupper():
        return None
    held = list(held)
    entities = entities or {}
    sentence = sentences[index]
    if _COMPARED_WITH.search(sentence[:start]) and not _QUESTION.search(sentence):
        # the comparison may be hedged ("I think Y makes more sense than X"): the commitment asserts it
        found = _of_the_old_kind(_candidates(sentence[:start], 0, old, held, entities), old)
        other = someone_else_until(sentence) if users_own else None
        if other is not None:
            found = [name for name in found if 0 <= sentence.find(name) < other]
        if len(found) == 1:
            return found[0]
    onwards = [sentence, *sentences[index + 1:]]
    return later_successor(onwards, 0, end, old, held, entities, users_own) or \
        earlier_successor(sentences, index, start, old, held, entities, users_own)
