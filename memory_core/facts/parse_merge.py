"""Joining the parse's candidates to the rules': the rules and frames win, the parse adds what they missed.

A parse candidate is dropped when a rule candidate already fills its slot (same
subject, same attribute by meaning; a retraction too), or names its value (either
one inside the other, asserted or retracted): the rules were tuned on real wording
and carry the retractions; the tree only widens what is caught.
"""
from __future__ import annotations

from typing import Sequence

from memory_core.facts.attributes import same_attribute
from memory_core.facts.candidate import Candidate
from memory_core.facts.cues import implausible_value


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


def merge_candidates(rules: Sequence[Candidate], parsed: Sequence[Candidate]) -> list[Candidate]:
    """The rules' candidates, then each parse candidate no rule covers (retractions stay first)."""
    added = [c for c in parsed if c.op == "assert" and not _covered(c, rules)
             and not implausible_value(c.predicate, c.value)]  # the tree's "club: tuesday" or "car: garage"
    merged = list(rules) + added
    return [c for c in merged if c.op == "retract"] + [c for c in merged if c.op == "assert"]
