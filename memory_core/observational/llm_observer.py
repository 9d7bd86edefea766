"""The LLM observer: a short prompt, a GBNF grammar, a strict parse, and validation before anything is kept.

Written for small local models. The prompt is a few hundred tokens with one
worked example; the grammar holds the output to the line format; every line
must cite the message it came from ([n]), and the time and referenced date
are taken from that message in code. Output that is empty, loops (lines or
whole blocks repeated), repeats our own instructions or memory block as if the
user had said them, or cannot be traced to its sources is rejected: the
caller then falls back to the extractive observer. Nothing invalid is stored.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from datetime import tzinfo
from typing import Iterable, Sequence

from memory_core.clock import parse_iso
from memory_core.llm import TextModel
from memory_core.observational.dates import local_time, resolve_referenced_date
from memory_core.observational.drafts import Draft, content_words, normalized
from memory_core.observational.extractive_observer import PRIORITY_RANK, asked_line, clip_words, is_paste
from memory_core.observational.format import EMOJI_PRIORITY
from memory_core.observational.kinds import NOISE_KIND, is_question, kind_priority, line_kind
from memory_core.storage.store import Message

OBSERVER_PROMPT = """You write memory notes about the user from a chat.
One line per fact, exactly like this:
* <mark> (HH:MM) [n] User <fact>
<mark> is 🔴 for facts about the user, preferences, decisions and goals; 🟡 for maybe important; 🟢 for minor; \
✅ for tasks the user finished.
[n] is the number of the message the fact comes from. Only write what the user said. Write 1 to 5 lines.

Example:
Messages:
[1] (09:15) User: I moved to Lyon last month and I prefer tea to coffee.
[2] (09:16) Assistant: Nice! How do you like Lyon?
[3] (09:20) User: It's great. I finished my thesis yesterday.
Notes:
* 🔴 (09:15) [1] User moved to Lyon last month.
* 🔴 (09:15) [1] User prefers tea to coffee.
* ✅ (09:20) [3] User finished their thesis yesterday."""

#: Lines the grammar allows per call (the engine puts at most this many user messages in one chunk).
MAX_NOTES = 5
OBSERVER_GRAMMAR = r'''root ::= line line? line? line? line?
line ::= "* " mark " (" time ") [" num "] User " text "\n"
mark ::= "🔴" | "🟡" | "🟢" | "✅"
time ::= [0-2] [0-9] ":" [0-5] [0-9]
num ::= [1-9] | [1-9] [0-9]
text ::= [^\n\[\]<>*] [^\n\[\]<>]*
'''

_OUTPUT_LINE = re.compile(r"^\* (🔴|🟡|🟢|✅) \(([0-2]\d:[0-5]\d)\) \[(\d{1,2})\] (User .+)$")
#: Text that marks our own scaffolding; in a line it is leakage unless the user typed it.
LEAK_MARKERS = ("<memory", "</memory", "<observations", "</observations", "system:", "date: 20",
                "memory notes", "one line per fact", "<mark>", "notes:", "messages:")
MAX_MESSAGE_WORDS = 120


class ObservationRejected(Exception):
    """The model's output failed validation; ``reason`` says which check (never user text)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass
class SourceLine:
    """A parsed output line before validation."""

    priority: str
    number: int
    text: str


def format_messages(messages: Sequence[Message], tz: tzinfo | None) -> str:
    rows = []
    for number, message in enumerate(messages, 1):
        when = local_time(parse_iso(message.created_at), tz).strftime("%H:%M")
        text = message.text
        if is_paste(text) or len(text.split()) > MAX_MESSAGE_WORDS:
            text = clip_words(text, MAX_MESSAGE_WORDS)  # like Mastra's cut of tool output, but harder
        rows.append(f"[{number}] ({when}) {message.role.capitalize()}: {' '.join(text.split())}")
    return "Messages:\n" + "\n".join(rows) + "\nNotes:"


def parse_output(output: str) -> list[SourceLine]:
    """Strict: every non-blank line must be a note line, or the whole output is rejected."""
    lines = []
    for raw in output.strip().splitlines():
        if not raw.strip():
            continue
        match = _OUTPUT_LINE.match(raw.strip())
        if not match:
            raise ObservationRejected("unparseable line")
        lines.append(SourceLine(EMOJI_PRIORITY[match.group(1)], int(match.group(3)), match.group(4).strip()))
    return lines


def shingles(text: str, size: int = 5) -> set[tuple[str, ...]]:
    words = normalized(text).split()
    return {tuple(words[i:i + size]) for i in range(len(words) - size + 1)}


def check_loops(texts: Sequence[str]) -> None:
    """Reject repeated lines, repeated multi-line blocks, and phrases looping inside one line."""
    keys = [normalized(t) for t in texts]
    if any(count > 1 for key, count in Counter(keys).items() if key):
        raise ObservationRejected("repeated lines")
    for size in range(2, len(keys) // 2 + 1):  # blocks whose lines differ only by numbers fold to equal keys
        blocks = [tuple(keys[i:i + size]) for i in range(len(keys) - size + 1)]
        if len(blocks) != len(set(blocks)):
            raise ObservationRejected("repeated block")
    for text in texts:
        words = normalized(text).split()
        grams = Counter(tuple(words[i:i + 3]) for i in range(len(words) - 2))
        if grams and grams.most_common(1)[0][1] >= 3:
            raise ObservationRejected("looping phrase")


def check_leakage(texts: Sequence[str], sources: str, scaffolding: Iterable[str]) -> None:
    """A line that repeats our prompt or memory block (and not the user's words) is leakage."""
    source_lower = sources.lower()
    source_shingles = shingles(sources)
    scaffold_shingles: set[tuple[str, ...]] = set()
    for block in scaffolding:
        scaffold_shingles |= shingles(block)
    for text in texts:
        lower = text.lower()
        if any(marker in lower and marker not in source_lower for marker in LEAK_MARKERS):
            raise ObservationRejected("instruction leakage")
        body = re.sub(r"^user(?: asked)?:?\s+", "", text.strip(), flags=re.I)  # "User" is ours, not theirs
        if (shingles(body) & scaffold_shingles) - source_shingles:
            raise ObservationRejected("instruction leakage")


def traceable(text: str, source: str) -> bool:
    """At least half of the line's content words (by 5-letter stem) occur in its source message."""
    words = [w for w in content_words(text)]
    if not words:
        return False
    stems = {w[:5] for w in content_words(source)}
    return sum(1 for w in words if w[:5] in stems) * 2 >= len(words)


def validate(lines: Sequence[SourceLine], messages: Sequence[Message], scaffolding: Iterable[str]) -> list[SourceLine]:
    """Return the valid lines or raise ObservationRejected. Untraceable lines are dropped; if more
    than half are, the output is rejected as a whole."""
    if not lines:
        raise ObservationRejected("empty output")
    texts = [line.text for line in lines]
    check_loops(texts)
    check_leakage(texts, "\n".join(m.text for m in messages), scaffolding)
    kept = [line for line in lines
            if 1 <= line.number <= len(messages) and traceable(line.text, messages[line.number - 1].text)]
    if not kept or len(kept) * 2 < len(lines):
        raise ObservationRejected("untraceable lines")
    return kept


class LLMObserver:
    """Observes with a TextModel (use ``ChatModel.background()``, never the chat's own context)."""

    method = "llm"

    def __init__(self, model: TextModel, tz: tzinfo | None = None, max_tokens: int = 220,
                 scaffolding: Sequence[str] = ()):
        self.model, self.tz, self.max_tokens = model, tz, max_tokens
        self.scaffolding = (OBSERVER_PROMPT, *scaffolding)

    def observe(self, messages: Sequence[Message], existing: Iterable[str] = ()) -> list[Draft]:
        if not messages:
            return []
        prompt = format_messages(messages, self.tz)
        output = self.model.complete([{"role": "system", "content": OBSERVER_PROMPT},
                                      {"role": "user", "content": prompt}],
                                     max_tokens=self.max_tokens, temperature=0.0, grammar=OBSERVER_GRAMMAR)
        lines = validate(parse_output(output), messages, self.scaffolding)
        seen = {normalized(t) for t in existing}
        drafts = []
        asked: list[tuple[str, Message]] = []
        for line in lines:
            source = messages[line.number - 1]
            said_at = parse_iso(source.created_at)
            if normalized(line.text) in seen:
                continue
            seen.add(normalized(line.text))
            kind = line_kind(line.text)
            if line.priority != "done" and kind in (None, NOISE_KIND):
                # a question, a request or chatter is not a fact about the user: one "asked about" line at most
                if kind == NOISE_KIND or (source.role == "user" and is_question(source.text)):
                    asked.append((clip_words(re.sub(r"^User(?: asked| said)?(?: about)?:?\s*", "", line.text), 10),
                                  source))
                continue
            # the kind sets a floor (a food intolerance is 🔴 even if the model said 🟡); the model may rate higher
            priority = line.priority if line.priority == "done" else max(
                (line.priority, kind_priority(kind)), key=PRIORITY_RANK.__getitem__)
            drafts.append(Draft(priority, said_at, line.text, [source.id],
                                resolve_referenced_date(line.text, said_at, self.tz)))
        summary = asked_line(asked)
        if summary is not None and normalized(summary.text) not in seen:
            drafts.append(summary)
        return drafts
