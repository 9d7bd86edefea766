"""A dependency parse as plain data, so the engine reads trees without importing a parser library.

``models/dependency_parser.py`` fills these from spaCy; tests may build them by hand.
Labels follow spaCy's English scheme (ClearNLP dependencies, Penn tags, OntoNotes entities).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Sequence, runtime_checkable


@dataclass(frozen=True)
class Token:
    """One word of a sentence: ``i`` and ``head`` index the sentence's tokens (the root is its own head)."""
    i: int
    text: str
    lemma: str
    pos: str
    tag: str
    dep: str
    head: int
    ent_type: str = ""
    #: Character offset of the word in the sentence text.
    idx: int = 0


@dataclass(frozen=True)
class ParsedSentence:
    text: str
    tokens: tuple[Token, ...]


@runtime_checkable
class DependencyParser(Protocol):
    """Splits a message into sentences and parses each; may load its model on first use (seconds)."""

    def parse(self, text: str) -> Sequence[ParsedSentence]:
        ...
