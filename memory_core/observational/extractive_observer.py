"""The observer that needs no LLM: the user's salient sentences, nearly verbatim.

Small local models (the bundled 135M one) paraphrase badly and loop, so the
always-available path keeps what the user actually said about themselves,
their preferences, plans with dates, decisions and corrections, and reduces
long pastes to one informational line. Priority comes from rules, or, when an
Embedder is given, from similarity to labelled examples
(``memory_core/data/priority_examples.json``).
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
from memory_core.storage.store import Message

MAX_WORDS = 40
PASTE_MIN_LINES = 8
PASTE_MIN_CHARS = 1200

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])|\n+")
_DONE = re.compile(r"\b(i(?:'ve| have)? (?:finally )?(?:finished|completed|fixed|solved|submitted|sent|booked|paid)|"
                   r"(?:it's|it is|that's) (?:done|sorted|fixed)|done with|no longer need)\b", re.I)
_HIGH = re.compile(
    r"\b(i am|i'm|i was born|my name|call me|"
    r"my (?:\w+ ){1,2}(?:is|are|was|were|lives|works|has|likes|loves|hates|prefers|called|'s name)|"
    r"i (?:really )?(?:like|love|hate|prefer|enjoy|dislike|can't stand|cannot stand|avoid)|"
    r"i (?:live|work|study|moved|teach)|i(?:'m| am) allergic|allergic to|"
    r"i (?:have|had) (?:a|an|two|three|\d+)|i own|"
    r"i (?:decided|chose|will|'ll|plan|want|need|must|have to|promised)|we decided|let's go with|"
    r"i(?:'m| am) (?:going|planning|trying) to|remind me|don't forget|remember that|"
    r"actually|no longer|not anymore|switch(?:ed|ing)? (?:from|to)|instead of|from now on|always|never)\b", re.I)
_FIRST_PERSON = re.compile(r"\b(i|i'm|i've|i'd|i'll|my|mine|me|we|our|us)\b", re.I)
_FILLER = re.compile(r"^(hi|hello|hey|thanks|thank you|ok|okay|cool|great|nice|yes|no|sure|bye|good (morning|night))"
                     r"\b[\s!.,]*$", re.I)
_CODE_HINT = re.compile(r"(^\s{4,}\S|[{};]$|^\s*(def|class|import|from|return|at |Traceback|File \")|```)", re.M)


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s and s.strip()]


def is_paste(text: str) -> bool:
    """Long pasted material (logs, code, documents): observed as one line, not sentence by sentence."""
    lines = text.count("\n") + 1
    return (lines >= PASTE_MIN_LINES and len(text) > 400) or len(text) >= PASTE_MIN_CHARS \
        or len(_CODE_HINT.findall(text)) >= 3


def clip_words(text: str, limit: int = MAX_WORDS) -> str:
    words = one_line(text).split(" ")
    return " ".join(words) if len(words) <= limit else " ".join(words[:limit]) + " …"


def rule_priority(sentence: str) -> str | None:
    """Rules first: done, then high, then medium; None means not worth remembering."""
    if _FILLER.match(sentence.strip()):
        return None
    if _DONE.search(sentence):
        return "done"
    if _HIGH.search(sentence):
        return "high"
    if sentence.rstrip().endswith("?"):
        return "low" if len(sentence.split()) >= 4 else None
    if _FIRST_PERSON.search(sentence) and len(sentence.split()) >= 4:
        return "medium"
    if re.search(r"\d", sentence) and len(sentence.split()) >= 4:
        return "low"
    return None


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
        seen = {normalized(text) for text in existing}
        drafts: list[Draft] = []
        for message in messages:
            if message.role != "user":
                continue
            for draft in self._observe_message(message):
                key = normalized(draft.text)
                if key and key not in seen:
                    seen.add(key)
                    drafts.append(draft)
        self._refine_priorities(drafts)
        return drafts

    def _observe_message(self, message: Message) -> list[Draft]:
        said_at = parse_iso(message.created_at)
        text = message.text.strip()
        drafts: list[Draft] = []
        if is_paste(text):
            lead, _, body = text.partition("\n")
            lead_is_prose = body and len(lead) < 300 and not _CODE_HINT.search(lead)
            lines = text.count("\n") + 1
            opening = clip_words(body if lead_is_prose else text, 14)
            drafts.append(Draft("low", said_at, f"User pasted a long text ({lines} lines, {len(text.split())} words): "
                                                f"{opening}", [message.id]))
            if not lead_is_prose:
                return drafts
            text = lead
        for sentence in split_sentences(text):
            if sentence.rstrip().endswith(":"):
                continue  # "Here is my log:" introduces a paste; the paste line covers it
            priority = rule_priority(sentence)
            if priority is None:
                continue
            body = clip_words(sentence)
            prefix = "User asked: " if priority == "low" and sentence.rstrip().endswith("?") else "User: "
            drafts.append(Draft(priority, said_at, prefix + body, [message.id],
                                resolve_referenced_date(sentence, said_at, self.tz)))
        return drafts

    def _refine_priorities(self, drafts: list[Draft]) -> None:
        """With an embedder, labelled examples decide between high/medium/low (rules keep ✅ and pastes)."""
        classifier = self.classifier()
        if classifier is None:
            return
        candidates = [d for d in drafts if d.priority != "done" and not d.text.startswith("User pasted")]
        for draft, label in zip(candidates, classifier.classify([d.text.split(": ", 1)[-1] for d in candidates])):
            if label is not None:
                draft.priority = label
