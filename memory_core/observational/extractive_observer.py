"""The observer that needs no LLM: the user's statements about themselves, nearly verbatim.

Small local models (the bundled 135M one) paraphrase badly and loop, so the
always-available path keeps what the user actually said about themselves,
their preferences, plans with dates, decisions and corrections, and reduces
long pastes to one informational line. Questions and requests are not facts
about the user: a chunk's questions and requests become one low "User asked
about: ..." line. Priority comes from the fact's kind (``kinds.py``); with an
Embedder, similarity to labelled examples (``memory_core/data/priority_examples.json``)
may raise it.
"""
from __future__ import annotations

import json
import math
import re
from datetime import tzinfo
from functools import lru_cache
from importlib import resources
from typing import Iterable, Sequence

from memory_core.clock import parse_iso
from memory_core.llm import Embedder
from memory_core.observational.dates import resolve_referenced_date
from memory_core.observational.drafts import Draft, normalized
from memory_core.observational.format import one_line
from memory_core.observational.kinds import (
    ASKED_PREFIX,
    NOISE_KIND,
    is_question,
    kind_priority,
    proper_nouns,
    sentence_kind,
)
from memory_core.storage.store import Message

MAX_WORDS = 40
MAX_ASKED_TOPICS = 4
PRIORITY_RANK = {"high": 3, "medium": 2, "low": 1, "done": 0}
PASTE_MIN_LINES = 8
PASTE_MIN_CHARS = 1200
PASTE_SHORT_LINES = 5      # five or more lines of 200+ characters: a query, a config, a log, not chat prose

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])|\n+")
_DONE = re.compile(r"\b(i(?:'ve| have)? (?:finally )?(?:finished|completed|fixed|solved|submitted|sent|booked|paid)|"
                   r"(?:it's|it is|that's) (?:done|sorted|fixed)|done with|no longer need)\b", re.I)
_FILLER = re.compile(r"^(hi|hello|hey|thanks|thank you|ok|okay|cool|great|nice|yes|no|sure|bye|good (morning|night))"
                     r"\b[\s!.,]*$", re.I)
_CODE_HINT = re.compile(r"(^\s{4,}\S|[{};]$|^\s*(def|class|import|from|return|at |Traceback|File \")|```)", re.M)


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s and s.strip()]


def is_paste(text: str) -> bool:
    """Long pasted material (logs, code, documents): observed as one line, not sentence by sentence."""
    lines = text.count("\n") + 1
    return (lines >= PASTE_MIN_LINES and len(text) > 400) or len(text) >= PASTE_MIN_CHARS \
        or len(_CODE_HINT.findall(text)) >= 3 or (lines >= PASTE_SHORT_LINES and len(text) > 200)


def clip_words(text: str, limit: int = MAX_WORDS) -> str:
    words = one_line(text).split(" ")
    return " ".join(words) if len(words) <= limit else " ".join(words[:limit]) + " …"


@lru_cache(maxsize=1)
def labelled_examples() -> list[tuple[str, str]]:
    raw = resources.files("memory_core").joinpath("data/priority_examples.json").read_text(encoding="utf-8")
    return [(item["text"], item["priority"]) for item in json.loads(raw)]


class PriorityClassifier:
    """k-nearest labelled examples by cosine similarity (vectors are unit length)."""

    def __init__(self, embedder: Embedder, k: int = 3, min_similarity: float = 0.45):
        self.embedder, self.k, self.min_similarity = embedder, k, min_similarity
        examples = labelled_examples()
        self.labels = [label for _, label in examples]
        self.vectors = embedder.embed([text for text, _ in examples])

    def classify(self, sentences: Sequence[str]) -> list[str | None]:
        if not sentences:
            return []
        results: list[str | None] = []
        for vector in self.embedder.embed(list(sentences)):
            scored = sorted(((sum(a * b for a, b in zip(vector, ex)), label)
                             for ex, label in zip(self.vectors, self.labels)), reverse=True)[: self.k]
            if not scored or scored[0][0] < self.min_similarity:
                results.append(None)
                continue
            votes: dict[str, float] = {}
            for similarity, label in scored:
                votes[label] = votes.get(label, 0.0) + math.exp(4 * similarity)
            results.append(max(votes, key=votes.get))
        return results


class ExtractiveObserver:
    """Observes messages without a model. Deterministic: the same messages give the same lines."""

    method = "extractive"

    def __init__(self, embedder: Embedder | None = None, tz: tzinfo | None = None):
        self.tz = tz
        self._embedder = embedder
        self._classifier: PriorityClassifier | None = None

    def classifier(self) -> PriorityClassifier | None:
        if self._embedder is not None and self._classifier is None:
            self._classifier = PriorityClassifier(self._embedder)
        return self._classifier

    def observe(self, messages: Sequence[Message], existing: Iterable[str] = ()) -> list[Draft]:
        """Facts about the user, one line each, rated by kind; what they asked for, one line per chunk."""
        existing = list(existing)
        seen = {normalized(text) for text in existing}
        known = known_names([*existing, *(m.text for m in messages if m.role == "user")])
        drafts: list[Draft] = []
        asked: list[tuple[str, Message]] = []
        for message in messages:
            if message.role != "user":
                continue
            facts, topics = self._observe_message(message, known)
            asked += [(topic, message) for topic in topics]
            for draft in facts:
                key = normalized(draft.text)
                if key and key not in seen:
                    seen.add(key)
                    drafts.append(draft)
        self._refine_priorities(drafts)
        line = asked_line(asked)
        if line is not None and normalized(line.text) not in seen:
            drafts.append(line)
        return drafts

    def _observe_message(self, message: Message, known: frozenset[str] = frozenset()) -> tuple[list[Draft], list[str]]:
        said_at = parse_iso(message.created_at)
        text = message.text.strip()
        drafts: list[Draft] = []
        topics: list[str] = []
        if is_paste(text):
            lead, _, body = text.partition("\n")
            lead_is_prose = body and len(lead) < 300 and not _CODE_HINT.search(lead)
            lines = text.count("\n") + 1
            opening = clip_words(body if lead_is_prose else text, 14)
            drafts.append(Draft("low", said_at, f"User pasted a long text ({lines} lines, {len(text.split())} words): "
                                                f"{opening}", [message.id]))
            if not lead_is_prose:
                return drafts, topics
            text = lead
        for sentence in split_sentences(text):
            if sentence.rstrip().endswith(":"):
                continue  # "Here is my log:" introduces a paste; the paste line covers it
            if _FILLER.match(sentence.strip()):
                continue
            if _DONE.search(sentence) and not is_question(sentence):
                drafts.append(Draft("done", said_at, "User: " + clip_words(sentence), [message.id],
                                    resolve_referenced_date(sentence, said_at, self.tz)))
                continue
            kind = sentence_kind(sentence, known)
            if kind is None:
                continue
            if kind == NOISE_KIND:
                topics.append(clip_words(sentence, 10))
                continue
            drafts.append(Draft(kind_priority(kind), said_at, "User: " + clip_words(sentence), [message.id],
                                resolve_referenced_date(sentence, said_at, self.tz)))
        return drafts, topics

    def _refine_priorities(self, drafts: list[Draft]) -> None:
        """With an embedder, labelled examples may raise a fact's priority above its kind's, never lower it."""
        classifier = self.classifier()
        if classifier is None:
            return
        candidates = [d for d in drafts if d.priority not in ("done", "low")]
        for draft, label in zip(candidates, classifier.classify([d.text.split(": ", 1)[-1] for d in candidates])):
            if label is not None and PRIORITY_RANK[label] > PRIORITY_RANK[draft.priority]:
                draft.priority = label


def known_names(texts: Iterable[str]) -> frozenset[str]:
    """Names the user has used inside a sentence (in the log or this chunk): one may start a sentence too."""
    return frozenset(name for text in texts for sentence in split_sentences(text) for name in proper_nouns(sentence))


def asked_line(asked: Sequence[tuple[str, Message]]) -> Draft | None:
    """What the user asked for or about in a chunk, as one low line (questions and requests are not facts)."""
    topics: list[str] = []
    keys: set[str] = set()
    for topic, _ in asked:
        key = normalized(topic)
        if key and key not in keys:
            keys.add(key)
            topics.append(topic.rstrip("?.! "))
    if not topics:
        return None
    shown = topics[:MAX_ASKED_TOPICS] + ([f"{len(topics) - MAX_ASKED_TOPICS} more"] if len(topics) > MAX_ASKED_TOPICS
                                        else [])
    newest = max((message for _, message in asked), key=lambda m: (m.created_at, m.id))
    return Draft("low", parse_iso(newest.created_at), ASKED_PREFIX + "; ".join(shown),
                 sorted({message.id for _, message in asked}))
