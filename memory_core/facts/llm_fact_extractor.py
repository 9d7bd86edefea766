"""Facts read by an LLM (>= 1B parameters), validated against the message, added where the rules found nothing.

The rules and the dependency parse stay the fact pass's ground: they run for every
message, with or without a model. A capable model (``memory_core.llm.is_capable``)
is asked, off the write path, for a short grammar-held list of facts; each one
must survive ``validate_fact`` against the message it came from (the value said
word for word, a subject the message names, an asserted first-person sentence),
and then only adds what the rules and the parse did not fill (``parse_merge``'s
policy: rules win, others add). A model that raises, or answers anything that
cannot be read, leaves the rule result alone, with an audit event (ids only).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Sequence

from memory_core.facts.attributes import attribute_predicate
from memory_core.facts.candidate import Candidate
from memory_core.facts.change_cues import about_someone_else, hollow_value, unasserted
from memory_core.facts.extraction import sentences
from memory_core.facts.llm_fact_grammar import (
    FACT_GRAMMAR,
    MAX_FACTS,
    FactOutputRejected,
    RawFact,
    fact_messages,
    parse_fact_output,
)
from memory_core.facts.parse_merge import merge_candidates
from memory_core.llm import TextModel, is_capable

#: Values that point at something instead of naming it: the model copied a pronoun, not a fact.
PRONOUNS = frozenset(
    "i me my mine myself we us our ours you your yours he him his she her hers it its they them their theirs "
    "this that these those there here one someone something anything nothing everything".split())
#: "I" in its other forms: the model may write the user as themselves.
USER_SUBJECTS = frozenset({"user", "i", "me", "myself", "the user"})
#: Denial in the sentence (the change cues only know denied ending verbs).
_NEGATION = re.compile(r"(?i)\b(?:not|never|no|no\s+longer|nobody|none|n't)\b|n't\b")
_FIRST_PERSON = re.compile(r"(?i)\b(?:i|i'm|i've|i'd|i'll|im|me|my|mine|myself|we|we're|our|us)\b")
_QUESTION_START = re.compile(r"(?i)^\s*(?:who|what|when|where|why|how|which|do|does|did|is|are|can|could|should|"
                             r"would|will|shall)\b")
_ATTRIBUTE = re.compile(r"^[a-z][a-z' -]*$")
MAX_ATTRIBUTE_WORDS = 4
MAX_VALUE_WORDS = 8


def _folded(text: str) -> str:
    return " ".join(text.casefold().split())


def said_in(phrase: str, text: str) -> bool:
    """The phrase occurs in the text as whole words (case and whitespace aside)."""
    return re.search(rf"(?<!\w){re.escape(_folded(phrase))}(?!\w)", _folded(text)) is not None


def _asserting(sentence: str) -> bool:
    """A statement, not a question, a denial or a thought ("if I ever move to Oslo")."""
    if sentence.rstrip().endswith("?") or _QUESTION_START.match(sentence):
        return False
    return not _NEGATION.search(sentence) and not unasserted(sentence, len(sentence))


def validate_fact(fact: RawFact, text: str) -> Candidate | None:
    """The fact as a candidate if the message bears it out, else None (rejected facts are never stored)."""
    value = fact.value.strip(" .,!;:'\"")
    attribute = " ".join(fact.attribute.casefold().split())
    subject = "user" if fact.subject in USER_SUBJECTS else fact.subject
    if not value or len(value.split()) > MAX_VALUE_WORDS or _folded(value) in PRONOUNS or hollow_value(value):
        return None
    if not said_in(value, text):
        return None                                  # not said: the model made it up or reworded it
    if not _ATTRIBUTE.match(attribute) or len(attribute.split()) > MAX_ATTRIBUTE_WORDS or attribute in PRONOUNS:
        return None
    if _folded(value) == attribute:
        return None
    if subject != "user" and (len(subject.split()) > 2 or not said_in(subject, text)):
        return None
    source = next((s for s in sentences(text) if said_in(value, s)), None)
    if source is None or not _FIRST_PERSON.search(source) or not _asserting(source):
        return None
    if subject == "user" and about_someone_else(source):
        return None
    return Candidate("assert", subject, attribute_predicate(attribute, value), value, source)


@dataclass
class LLMFactResult:
    """One message's LLM pass: the facts kept, and why the answer was refused (None: it was read)."""

    candidates: list[Candidate]
    #: The model's facts as read, before validation (for measuring; never stored).
    raw: list[RawFact] = field(default_factory=list)

    @property
    def proposed(self) -> int:
        return len(self.raw)


class LLMFactExtractor:
    """Asks a TextModel (the chat model's ``background()`` context, never the chat's own) for facts."""

    def __init__(self, model: TextModel, *, max_tokens: int = 120, max_facts: int = MAX_FACTS):
        self.model, self.max_tokens, self.max_facts = model, max_tokens, max_facts

    def extract(self, text: str) -> LLMFactResult:
        """Validated candidates; raises whatever the model raises, ``FactOutputRejected`` for an unreadable answer."""
        output = self.model.complete(fact_messages(text), max_tokens=self.max_tokens, temperature=0.0,
                                     grammar=FACT_GRAMMAR)
        raw = parse_fact_output(output)
        kept: list[Candidate] = []
        for fact in raw:
            candidate = validate_fact(fact, text)
            if candidate is not None and all(_folded(c.value or "") != _folded(candidate.value or "") for c in kept):
                kept.append(candidate)
        return LLMFactResult(kept[:self.max_facts], raw)


def fact_extractor_for(model: TextModel | None) -> LLMFactExtractor | None:
    """An extractor only for a model of >= 1B parameters, asking its ``background()`` context when it has one
    (memory jobs never evict the chat's cache); smaller models are never asked (their facts rarely validate
    and each call costs seconds of CPU)."""
    if model is None or not is_capable(model):
        return None
    background = getattr(model, "background", None)
    return LLMFactExtractor(background() if callable(background) else model)


def worth_asking(text: str) -> bool:
    """Ask the model only about a message that speaks of the user: one call costs seconds of CPU on the
    memory thread, and a message with no first-person word holds no fact that could pass ``validate_fact``."""
    return bool(_FIRST_PERSON.search(text))


def join_llm_candidates(rules: Sequence[Candidate], text: str, extractor: LLMFactExtractor) -> tuple[list[Candidate], str | None]:
    """The rule/parse candidates plus the LLM's where they filled nothing; on any failure the rules alone.

    Returns the candidates and, when the LLM path failed, its reason for the audit trail (a kind, never text).
    The model is asked only when ``worth_asking``.
    """
    if not worth_asking(text):
        return list(rules), None
    try:
        result = extractor.extract(text)
    except FactOutputRejected as exc:
        return list(rules), exc.reason
    except Exception as exc:  # noqa: BLE001 - a model failure (timeout, OOM, closed context) never costs the rules
        return list(rules), type(exc).__name__
    return merge_candidates(rules, result.candidates), None
