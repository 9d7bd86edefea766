"""A caution beside an answer that names something the user told Mneme they are allergic to.

The bundled 135M model reads "User: Please remember that I'm allergic to peanuts." in its memory and still
suggests peanut-butter popcorn (docs/screenshots/used-memories.png, round 7). No prompt makes a model that
small careful, and a bigger one slips too, so the check is made after the answer, without a model: the current
allergies in the fact ledger (the user's and those of the people in their life), matched as whole words of the
answer, singular or plural. The answer is kept as the model wrote it, in the store and on screen; the caution is
shown beside it, so the user sees both and decides.

Only the allergy attribute is read: a diet or a dislike would need a lexicon of what each one excludes (which
foods are not vegan), and a caution that fires on words the user never said would teach them to ignore it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from memory_core.facts.ledger import USER, Fact, current_facts
from memory_core.storage.store import Message, Store

#: The ledger's attributes whose values are things to avoid.
AVOID_PREDICATES = ("allergy",)
#: Words of an allergy's value that name no substance ("allergic to all tree nuts", "to dust and mould").
_NOT_SUBSTANCES = frozenset("a an the all any some most and or of to kinds kind type types raw fresh "
                            "cooked other severe mild".split())


@dataclass(frozen=True)
class Caution:
    """One allergy an answer names: the fact it comes from, and the word of the answer that named it."""
    fact_id: int
    subject: str
    value: str
    word: str

    def describe(self) -> str:
        """The line shown under the answer."""
        if self.subject.casefold() == USER:
            told = f"you told me you're allergic to {self.value}"
        else:
            told = f"you told me your {self.subject.replace('_', ' ')} is allergic to {self.value}"
        return f"This answer mentions \u201c{self.word}\u201d: {told}."


def _forms(word: str) -> set[str]:
    """A word and its other number: "peanuts" also matches "peanut", "egg" also "eggs"."""
    forms = {word}
    if word.endswith("ies") and len(word) > 4:
        forms.add(word[:-3] + "y")
    elif word.endswith(("ches", "shes", "sses", "xes")):
        forms.add(word[:-2])
    elif word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        forms.add(word[:-1])
    if word.endswith("y") and len(word) > 3 and word[-2] not in "aeiou":
        forms.add(word[:-1] + "ies")
    elif word.endswith(("ch", "sh", "ss", "x")):
        forms.add(word + "es")
    elif not word.endswith("s"):
        forms.add(word + "s")
    return forms


def _substance_words(value: str) -> list[str]:
    """The words of an allergy value that name what to avoid: "all tree nuts" -> tree, nuts."""
    return [w for w in re.findall(r"[a-z][a-z'-]*", value.casefold()) if w not in _NOT_SUBSTANCES and len(w) > 2]


def _pattern(value: str) -> re.Pattern[str] | None:
    """Whole words of the answer that name the value: the phrase itself, or its last (head) word.

    "tree nuts" is matched as "tree nut(s)" or "nut(s)": a walnut loaf names no "nut" as a word, and saying
    so would need a lexicon this module does not keep (see the module docstring).
    """
    words = _substance_words(value)
    if not words:
        return None
    alternatives = {re.escape(" ".join(words[:-1] + [form])) for form in _forms(words[-1])}
    alternatives |= {re.escape(form) for form in _forms(words[-1])}
    ordered = sorted(alternatives, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(ordered) + r")(?![\w-])", re.IGNORECASE)


#: Words just before a mention that keep the thing out ("without peanuts", "since you're allergic to milk").
_KEPT_OUT_BEFORE = re.compile(r"\b(?:without|no|not|avoid\w*|skip\w*|free\s+of|instead\s+of|rather\s+than|"
                              r"allerg\w*(?:\s+to)?|replac\w*)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)
#: ... and just after it ("egg-free", "peanut free", "milk alternatives", "an egg allergy").
_KEPT_OUT_AFTER = re.compile(r"^(?:[- ]free\b|\s+(?:alternatives?|substitutes?|allerg\w*)\b)", re.IGNORECASE)


def _kept_out(answer: str, start: int, end: int) -> bool:
    """A mention that says the thing is left out: no caution for "a peanut-free flapjack"."""
    return bool(_KEPT_OUT_BEFORE.search(answer[max(0, start - 40):start]) or _KEPT_OUT_AFTER.match(answer[end:end + 20]))


def cautions_for(answer: str, allergies: list[Fact]) -> list[Caution]:
    """The allergies ``answer`` names as an ingredient, once each, in the order the answer names them.

    A mention that keeps the thing out ("without eggs", "nut-free", "as you're allergic to milk") is not one:
    a caution on an answer that already took care would teach the user to ignore the next one.
    """
    found: list[tuple[int, Caution]] = []
    for fact in allergies:
        pattern = _pattern(fact.value)
        matches = pattern.finditer(answer) if pattern is not None else ()
        match = next((m for m in matches if not _kept_out(answer, m.start(), m.end())), None)
        if match is not None:
            found.append((match.start(), Caution(fact.id, fact.subject, fact.value, match.group(1))))
    return [caution for _, caution in sorted(found, key=lambda pair: pair[0])]


def current_allergies(store: Store) -> list[Fact]:
    """The allergies the ledger holds now, of the user and of the people in their life."""
    return [fact for predicate in AVOID_PREDICATES for fact in current_facts(store, predicate=predicate)]


def answer_cautions(store: Store, answer: str) -> list[Caution]:
    """The cautions for an answer, against the allergies the ledger holds now."""
    return cautions_for(answer, current_allergies(store)) if answer.strip() else []


def cautions_by_answer(store: Store, messages: Iterable[Message]) -> dict[int, list[Caution]]:
    """Answer id -> its cautions, for the answers among ``messages`` (a reopened chat) that name an allergy held
    now; the allergies are read once for them all."""
    allergies = current_allergies(store)
    if not allergies:
        return {}
    found = {m.id: cautions_for(m.text, allergies) for m in messages if m.role == "assistant"}
    return {answer_id: cautions for answer_id, cautions in found.items() if cautions}
