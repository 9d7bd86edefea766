"""Joining the parse's candidates to the rules': the rules and frames win, the parse adds what they missed.

A parse candidate is dropped when a rule candidate already fills its slot (same
subject, same attribute by meaning; a retraction too), or names its value (either
one inside the other, asserted or retracted): the rules were tuned on real wording
and carry the retractions; the tree only widens what is caught.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from memory_core.facts.attributes import attribute_words, concept_of, same_attribute
from memory_core.facts.candidate import Candidate
from memory_core.facts.cues import VALUE_SHAPES, implausible_value
from memory_core.facts.lexicon import kind_of


def _same_value(rule: str | None, parsed: str | None) -> bool:
    """The parse's value is the rule's, or part of it; a parse value that says more ("10 June" beside a loose
    cue's "June") is its own."""
    if not rule or not parsed:
        return False
    return _unarticled(parsed) in _unarticled(rule)


def _unarticled(value: str) -> str:
    """A value without its leading article: the parse keeps "The Velvet Owls" where a rule took "Velvet Owls"."""
    return re.sub(r"(?i)^(?:the|a|an)\s+", "", value.strip()).casefold()


def _covered(candidate: Candidate, rules: Sequence[Candidate]) -> bool:
    for rule in rules:
        if _same_value(rule.value, candidate.value):  # "I left X to join Y": X ended; the tree must not re-add it
            return True
        if rule.subject == candidate.subject and rule.predicate and candidate.predicate and \
                same_attribute(rule.predicate, candidate.predicate):
            return True
    return False


def names_its_own_kind(candidate: Candidate) -> bool:
    """The value is a lowercase word that modifies a known attribute's own noun: "food bank" is no bank called
    "food", "book club" no club called "book"; a word of the attribute itself is no value either ("veg box":
    "veg"). A value that names a kind by itself ("jazz" music, "vegan" diet) is one, and so is a modifier of an
    attribute the lexicon does not know ("cello practice": what is practised)."""
    if not candidate.predicate or not candidate.value or candidate.value != candidate.value.lower() or \
            kind_of(candidate.value) or VALUE_SHAPES.get(concept_of(candidate.predicate) or "", "name") != "name":
        return False
    words = attribute_words(candidate.predicate).split()
    value_words = candidate.value.split()
    if any(w in words for w in value_words):
        return True
    return bool(words) and concept_of(candidate.predicate) is not None and re.search(rf"(?i)\b{re.escape(candidate.value)}\s+{re.escape(words[-1])}s?\b",
                                     candidate.evidence or "") is not None


#: A word that may stand inside a name: a capitalised word, an initial or initials ("D.C."), a joining word or
#: sign ("&", "and", "of", "de"), a possessive ("Rosa's").
_NAME_WORD = re.compile(r"(?:[A-Z0-9][\w'.-]*|&|\+|and|of|de|del|la|le|von|van|'s|\.)$")


def _one_name(value: str) -> bool:
    """Every word of ``value`` is a word a name may hold, and it starts with a capital."""
    words = value.split()
    return bool(words) and value[:1].isupper() and all(_NAME_WORD.match(word) for word in words)


def _fuller_name(rule: Candidate, parsed: Sequence[Candidate]) -> str | None:
    """The parse's value for the rule's own slot when it is the rule's value with more of the same name around
    it ("Dice & Slice" where the rule cut "Dice", "Fontaines D.C." where it cut "Fontaines D"): a rule's value
    boundary stops at a sign or an initial, the tree keeps the whole name run."""
    if rule.op != "assert" or not rule.value or not rule.predicate:
        return None
    for candidate in parsed:
        value = candidate.value
        if candidate.op != "assert" or not value or candidate.subject != rule.subject or not candidate.predicate:
            continue
        if len(value) <= len(rule.value) or rule.value.casefold() not in value.casefold():
            continue
        extension = value.casefold().replace(rule.value.casefold(), "", 1)
        if not re.search(r"\w", extension):
            continue  # "Acme Corp." beside "Acme Corp": a full stop, no more of the name
        if _one_name(value) and same_attribute(rule.predicate, candidate.predicate):
            return value
    return None


#: A name going on past where a rule's value stopped: over "&" or "+" and a capitalised word ("Dice & Slice"),
#: or over the dots of initials ("Fontaines D" + ".C.").
_NAME_GOES_ON = re.compile(r"(?:\s*[&+]\s*[A-Z0-9][\w'-]*|\.(?:[A-Z]\.)+)+")


def _name_in_evidence(rule: Candidate) -> str | None:
    """The rule's value as the whole name its sentence writes, when the sentence goes on with the same name."""
    value, evidence = rule.value, rule.evidence
    if rule.op != "assert" or not value or not value[:1].isupper() or not evidence:
        return None
    at = evidence.find(value)
    if at < 0:
        return None
    goes_on = _NAME_GOES_ON.match(evidence, at + len(value))
    whole = evidence[at:goes_on.end()] if goes_on else None
    return whole if whole and _one_name(whole) else None


def _widened(rules: Sequence[Candidate], parsed: Sequence[Candidate]) -> list[Candidate]:
    """The rules' candidates, each cut-short name replaced by the parse's whole one (or its sentence's)."""
    widened = []
    for rule in rules:
        fuller = _fuller_name(rule, parsed) or _name_in_evidence(rule)
        widened.append(replace(rule, value=fuller) if fuller else rule)
    return widened


#: A home by its kind: "bought a house in York" says where they live, not a "house" called York.
_DWELLINGS = {"house", "flat", "home", "apartment", "bungalow", "cottage", "condo", "townhouse", "place", "maisonette"}

#: Homes owned but not lived in: "a holiday cottage in Cornwall".
_NOT_LIVED_IN = re.compile(r"(?i)\b(?:holiday|second|rental|investment|buy-to-let|summer|weekend|beach|ski)\s+"
                           r"(?:house|flat|home|cottage|place|apartment|bungalow|condo)")


def _a_home(candidate: Candidate) -> Candidate:
    """The tree's "house: York" read as where its owner lives."""
    if candidate.predicate in _DWELLINGS and candidate.value and candidate.value[:1].isupper() and \
            not any(ch.isdigit() for ch in candidate.value) and not _NOT_LIVED_IN.search(candidate.evidence or ""):
        return replace(candidate, predicate="lives_in")
    return candidate


def merge_candidates(rules: Sequence[Candidate], parsed: Sequence[Candidate]) -> list[Candidate]:
    """The rules' candidates (a name they cut short made whole by the parse), then each parse candidate no rule
    covers (retractions stay first)."""
    rules = _widened(rules, parsed)
    parsed = [_a_home(c) for c in parsed]
    added = [c for c in parsed if c.op == "assert" and not _covered(c, rules)
             and not implausible_value(c.predicate, c.value)  # the tree's "club: tuesday" or "car: garage"
             and not names_its_own_kind(c)]
    merged = list(rules) + added
    return [c for c in merged if c.op == "retract"] + [c for c in merged if c.op == "assert"]
