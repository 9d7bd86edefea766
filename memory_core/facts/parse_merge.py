"""Joining the parse's candidates to the rules': the rules and frames win, the parse adds what they missed.

A parse candidate is dropped when a rule candidate already fills its slot (same
subject, same attribute by meaning; a retraction too), or names its value (either
one inside the other, asserted or retracted): the rules were tuned on real wording
and carry the retractions; the tree only widens what is caught.
"""
from __future__ import annotations

import re
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
    return parsed.casefold() in rule.casefold()


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


def merge_candidates(rules: Sequence[Candidate], parsed: Sequence[Candidate]) -> list[Candidate]:
    """The rules' candidates, then each parse candidate no rule covers (retractions stay first)."""
    added = [c for c in parsed if c.op == "assert" and not _covered(c, rules)
             and not implausible_value(c.predicate, c.value)  # the tree's "club: tuesday" or "car: garage"
             and not names_its_own_kind(c)]
    merged = list(rules) + added
    return [c for c in merged if c.op == "retract"] + [c for c in merged if c.op == "assert"]
