"""A switch that names its attribute, its old and its new value: "changed my nominated pharmacy from Boots to
Lloyds Pharmacy", "switched the telly over from Netflix to Disney+", "we've switched dog walkers, from A to B"; and a service
moved to a new provider with no old one named, the service noun saying the attribute: "ported my number to Three".

``changes`` retires the old value when the ledger holds it; when it does not (the old statement was never
captured, or was said before Mneme), the sentence still says what holds now. This frame reads the new value
with the attribute the user named (the noun the verb of change acts on), so the news is not lost.
"""
from __future__ import annotations

import re
from typing import Iterable

from memory_core.facts.attributes import canonical_predicate, category_of
from memory_core.facts.candidate import Candidate
from memory_core.facts.change_cues import ANY_ARTICLE, NEW_VALUE, about_someone_else, unasserted
from memory_core.facts.kind_names import KINDS
from memory_core.facts.mentions import CALENDAR
from memory_core.facts.new_values import good_new_value, whole_name

#: verb of change, the attribute it acts on (one to three words, "my"/"our"/"the" first or none), then
#: "from X to Y" ("over" allowed on either side of "from").
_SWITCH = re.compile(
    r"(?i)\b(?:switched|changed|moved|ported|transferred|swapped)\s+(?:(?:my|our|the)\s+)?"
    r"(?P<attribute>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)\s*,?\s+(?:over\s+)?from\s+" + ANY_ARTICLE +
    r"(?P<x>[^,.;:!?]{1,40}?)\s+(?:over\s+)?to\s+" + ANY_ARTICLE + NEW_VALUE)
#: the same switch said of the thing itself, the verb intransitive: "my membership moved from X over to Y", "our
#: broadband has switched from X to Y" (the possessive says whose). Only a service or a thing held moves between
#: holders so: "my team moved from Slack to Teams" or "my mood changed from calm to cross" names no provider.
_SWITCHED_ITSELF = re.compile(
    r"(?i)\b(?:my|our)\s+(?P<attribute>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)\s+(?:has\s+|have\s+|just\s+|finally\s+)*"
    r"(?:switched|changed|moved|transferred)\s+(?:over\s+)?from\s+" + ANY_ARTICLE +
    r"(?P<x>[^,.;:!?]{1,40}?)\s+(?:over\s+)?to\s+" + ANY_ARTICLE + NEW_VALUE)
#: A service moved to a new provider with no old one named: "ported my number to Three", "switched our
#: electricity over to EDF", "moved my salary across to Monzo". The noun says the attribute.
_SERVICE_MOVED = re.compile(
    r"(?i)\b(?:switched|moved|ported|transferred|took)\s+(?:(?:my|our|the)\s+)?(?:(?:phone|mobile|home)\s+)?"
    r"(?P<service>number|sim|mobile|electricity|gas|energy|electric|broadband|internet|wifi|salary|savings|"
    r"current\s+account|wages|pension|mortgage|prescriptions?|car\s+insurance|home\s+insurance)"
    r"\s+(?:over\s+|across\s+)?to\s+" + ANY_ARTICLE + NEW_VALUE)
#: Moved to a place whose own name says its kind, the thing moved said in any words: "switched Pepper to Riverside
#: Vets", "moved the kids over to Parkside Dental" (``kind_names.KINDS``: a gym, bank, dentist, vet, barber).
_MOVED_TO_A_KIND = re.compile(r"(?i)\b(?:switched|moved|transferred|changed)\s+(?:[\w'’-]+\s+){0,3}?(?:over\s+|across\s+)?"
                              r"to\s+" + ANY_ARTICLE + NEW_VALUE)
_SERVICE_ATTRIBUTES = {"number": "mobile_network", "sim": "mobile_network", "mobile": "mobile_network",
                       "electricity": "energy_supplier", "gas": "energy_supplier", "energy": "energy_supplier",
                       "electric": "energy_supplier", "broadband": "internet", "internet": "internet",
                       "wifi": "internet", "salary": "bank", "current account": "bank", "wages": "bank",
                       "savings": "savings", "pension": "pension", "mortgage": "mortgage",
                       "prescription": "pharmacy", "prescriptions": "pharmacy", "car insurance": "car_insurance",
                       "home insurance": "home_insurance"}
#: Words that cannot be the attribute: pronouns, and the verb's own particles.
_HELD_CATEGORIES = ("provider", "possession")
_NOT_ATTRIBUTE = {"it", "them", "everything", "all", "over", "back", "away", "up", "out", "house", "here",
                  "there", "home", "in", "on", "me", "us"}


def _singular(words: str) -> str:
    """"dog walkers" -> "dog walker": the attribute of one holder."""
    head = words.split()[-1]
    if head.endswith("s") and not head.endswith("ss") and len(head) > 3:
        return words[: -1]
    return words


def switched_values(sentences: Iterable[str]) -> list[Candidate]:
    """The user's own switches in ``sentences``: the new value, under the attribute the sentence names."""
    found = []
    for sentence in sentences:
        if about_someone_else(sentence):
            continue  # "my brother switched his bank from A to B" is his news
        for match in [*_SWITCH.finditer(sentence), *_SWITCHED_ITSELF.finditer(sentence)]:
            attribute = match.group("attribute").strip().lower()
            if set(attribute.split()) & _NOT_ATTRIBUTE or unasserted(sentence, match.end()):
                continue
            if match.re is _SWITCHED_ITSELF and category_of(attribute) not in _HELD_CATEGORIES:
                continue
            if any(CALENDAR.match(word) or word.isdigit() for word in match.group("x").split()):
                continue  # a date moved ("the party from Friday to Saturday") is ``moved_dates``' news
            value = good_new_value(match.group("y"), match.group("x"))
            if value:
                value = whole_name(sentence, value, match.start("y"))  # "to The Crown": the article is the name's
                found.append(Candidate("assert", "user", canonical_predicate(_singular(attribute)), value,
                                       sentence))
        for match in _SERVICE_MOVED.finditer(sentence):
            if found and found[-1].evidence == sentence or unasserted(sentence, match.end()):
                continue  # the "from X to Y" form above read it, or it is asked, hedged or denied
            value = good_new_value(match.group("y"), "")
            if value:
                value = whole_name(sentence, value, match.start("y"))
                service = re.sub(r"\s+", " ", match.group("service").lower())
                found.append(Candidate("assert", "user", _SERVICE_ATTRIBUTES[service], value, sentence))
        for match in _MOVED_TO_A_KIND.finditer(sentence):
            if found and found[-1].evidence == sentence or unasserted(sentence, match.end()):
                continue
            value = good_new_value(match.group("y"), "")
            value = whole_name(sentence, value, match.start("y")) if value else None
            kind = next((concept for concept, words in KINDS if value and words.search(value)), None)
            if kind:
                found.append(Candidate("assert", "user", kind, value, sentence))
    return found
